"""Requests sent to a live server all at the same moment, to see what concurrent writers get."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request


def call(method: str, url: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict | str]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as err:
        status, raw = err.code, err.read()
    text = raw.decode("utf-8", "replace")
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def all_at_once(count: int, action, timeout_s: float = 60) -> list[tuple[int, dict | str]]:
    """Run *action* on *count* threads released together; every thread must have ended within *timeout_s*."""
    gate = threading.Barrier(count)
    results: list = [None] * count
    failures: list[BaseException] = []

    def run(i: int) -> None:
        try:
            gate.wait(timeout=30)
            results[i] = action()
        except BaseException as failure:  # handed to the test below, with its traceback
            failures.append(failure)

    threads = [threading.Thread(target=run, args=(i,), name=f"writer-{i}", daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout_s)
    still = [thread.name for thread in threads if thread.is_alive()]
    assert still == [], f"{len(still)} of {count} requests had no answer after {timeout_s} s"
    if failures:
        raise failures[0]
    return results
