"""Load: many phones following games while a few record hands, against gunicorn (SQLite or PostgreSQL).

Starts gunicorn on 127.0.0.1 with the project's settings (scorekeeper/commands/gunicorn_conf.py: its workers
and threads unless given, rate limits on, as behind a proxy so each simulated phone has its own
address), creates games through the API, then for each viewer count runs that many phones polling
every 3 s (each on its own kept-alive connection, all of a client process's phones on one event loop) (unchanged polls, answered 304) beside a few recorders, for a bounded time. Prints
p50/p95/p99 latency, requests per second and errors, then compares an unchanged poll with a full
render of the sheet.

The "abuse" phase then adds 12 clients asking, as fast as they can, for a 500-hand game with a
stale ``since`` (the view link is all they need), beside 400 honest viewers: the honest polls'
p99 should stay under 100 ms.

The hall phase (``--hall``) is a card party evening whose phones all reach the server from one
address, as behind a hall's router: no honest phone may meet a 429. ``--hall-sheet`` is 150 phones behind
one router following one game's sheet while a hand is recorded every 15 s, beside one client asking for that
sheet with a stale ``since`` without a pause (from its own address): no phone may meet a 429, and the
abuser is held to the polls a minute.

Each run writes its figures to docs/figures/ (load.json, hall.json, hall-sheet.json; with -postgresql before .json
when a --database-url is given), which the manual shows.

Run: .venv/bin/python benchmarks/load.py [--viewers 400 2000 3000] [--duration 20] [--workers 2 --threads 32]
     [--abusers 12 --abuse-viewers 400] [--database-url postgresql+psycopg://user@127.0.0.1:5432/empty_database]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import figures
from measure import htmx_environ, percentile, start_gunicorn, stop

ROOT = Path(__file__).resolve().parent.parent
POLL_EVERY = 3.0
SIDES = [{"name": "Us", "players": ["Frank", "Fred"]}, {"name": "Them", "players": ["John", "Jim"]}]
OK_STATUSES = {200, 201, 304, 409}
# The aim of every phase: the honest phones' polls answered within 100 ms at p99, none refused, no error.
AIM_P99_MS = 100
SECRET_KEY = secrets.token_urlsafe(32)
# Every phone of the hall phase comes through the hall's one router (documentation range).
HALL_ADDRESS = "203.0.113.45"
# Thousands of client threads: small stacks.
threading.stack_size(256 * 1024)


_ADDRESSES = iter(range(1, 1 << 20))
_ADDRESS_LOCK = threading.Lock()


def next_address() -> str:
    """A distinct documentation-range client address, told to the app the way a proxy tells it."""
    with _ADDRESS_LOCK:
        n = next(_ADDRESSES)
    return f"2001:db8:{n >> 16:x}:{n & 0xFFFF:x}::1"


class Client:
    """One keep-alive HTTP connection, reopened when the server closes it; one client address."""

    def __init__(self, port: int, address: str | None = None):
        self.port = port
        self.address = address or next_address()
        self.conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: dict | None = None, token: str | None = None):
        headers = {"Content-Type": "application/json", "X-Forwarded-For": self.address}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        status, raw, _ = self.exchange(method, path, data, headers)
        return status, raw

    def exchange(self, method: str, path: str, data: bytes | None, headers: dict) -> tuple[int, bytes, list]:
        """Send one request, once more on a fresh connection if the kept one failed; the status, body, headers."""
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.conn.close()
                    self.conn = None
                return response.status, raw, response.getheaders()
            except (ConnectionError, http.client.HTTPException, OSError):
                if self.conn is not None:
                    self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def app_env(workdir: Path, database_url: str | None = None) -> dict:
    """The settings of the app under test: the database given, or a fresh SQLite file in *workdir*."""
    return {
        "DATABASE_URL": database_url or f"sqlite:///{workdir / 'load.sqlite3'}",
        "SECRET_KEY": SECRET_KEY,
        "SCOREKEEPER_INSTANCE_PATH": str(workdir / "instance"),
        "SCOREKEEPER_ENV": "development",
        # Each simulated phone has its own address (X-Forwarded-For), so the limits count per phone.
        "SCOREKEEPER_BEHIND_PROXY": "1",
        "SCOREKEEPER_LIMIT_NEW_GAMES": "100000 per minute",
        "SCOREKEEPER_LIMIT_WRITES": "100000 per minute",
    }


def server_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of the server under load: gunicorn's workers and threads, and the database."""
    parser.add_argument("--workers", type=int, help="gunicorn workers (default: the project's settings)")
    parser.add_argument("--threads", type=int, help="threads per worker (default: the project's settings)")
    parser.add_argument("--database-url", help="an empty PostgreSQL database to use instead of a temporary SQLite file")


def start_server(
    workers: int | None, threads: int | None, workdir: Path, database_url: str | None
) -> tuple[subprocess.Popen, int]:
    """Bring the database up to date and start gunicorn on it (workers and threads: the project's settings if None)."""
    sizes = (["--workers", str(workers)] if workers else []) + (["--threads", str(threads)] if threads else [])
    return start_gunicorn({**os.environ, **app_env(workdir, database_url)}, *sizes)


@contextmanager
def server_under_load(args: argparse.Namespace, name: str) -> Iterator[tuple[int, Path]]:
    """Gunicorn as the options say (``server_options``), on a fresh folder, for the block: its port and the folder.

    Says what runs where first; stops the server and removes the folder after.
    """
    workdir = Path(tempfile.mkdtemp(prefix=f"scorekeeper-{name}."))
    server, port = start_server(args.workers, args.threads, workdir, args.database_url)
    try:
        where = "PostgreSQL" if args.database_url else f"SQLite at {workdir}"
        print(f"gunicorn on 127.0.0.1:{port}: {sizes(args.workers, args.threads)}, {where}; {load_average()}")
        yield port, workdir
    finally:
        stop(server, workdir)


def sizes(workers: int | None, threads: int | None) -> str:
    """How many workers and threads gunicorn runs: those given, else the project's settings."""
    sys.path.insert(0, str(ROOT))
    from scorekeeper.commands.gunicorn_conf import settings

    chosen = settings({})
    return f"{workers or chosen['workers']} workers x {threads or chosen['threads']} threads"


def load_average() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg()) + f" on {os.cpu_count()} cores"


def create_games(port: int, count: int) -> list[dict]:
    client = Client(port)
    games = []
    for _ in range(count):
        status, raw = client.request("POST", "/api/v1/games", {"sides": SIDES})
        assert status == 201, raw
        game = json.loads(raw)
        # A few hands, so the sheet has rows to draw.
        for n in range(1, 5):
            hand = {"n": n, "bidder": n % 2, "bid": 20, "points": [10, 20] if n % 2 == 0 else [20, 10]}
            status, raw = client.request("POST", f"/api/v1/games/{game['id']}/hands", hand, game["edit_token"])
            assert status == 201, raw
        game["version"] = json.loads(raw)["state"]["version"]
        game["next_n"] = 5
        games.append(game)
    return games


class Results:
    def __init__(self):
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = {"arrive": [], "poll": [], "record": [], "abuse": []}
        self.statuses: dict[int, int] = {}
        self.errors: list[str] = []

    def add(self, kind: str, seconds: float, status: int | None, problem: str | None = None):
        with self.lock:
            self.latencies[kind].append(seconds)
            if status is not None:
                self.statuses[status] = self.statuses.get(status, 0) + 1
            if problem:
                self.errors.append(problem)


def _parse_answer(buffer: bytes) -> tuple[int, bytes, bool, bytes] | None:
    """The first whole HTTP answer in *buffer*: status, body, whether the server closes, what follows; None if partial."""
    end = buffer.find(b"\r\n\r\n")
    if end < 0:
        return None
    lines = buffer[:end].split(b"\r\n")
    status = int(lines[0].split(b" ", 2)[1])
    length, close = 0, False
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            length = int(value)
        elif name == b"connection":
            close = value.strip().lower() == b"close"
    start = end + 4
    if len(buffer) < start + length:
        return None
    return status, buffer[start : start + length], close, buffer[start + length :]


class _Phone:
    __slots__ = ("path", "since", "address", "sock", "buffer", "sent_at", "retried", "polls")

    def __init__(self, path: str, since: int):
        self.path, self.since, self.address = path, since, next_address()
        self.sock: socket.socket | None = None
        self.buffer, self.sent_at, self.retried, self.polls = b"", 0.0, False, 0


def viewers_loop(port: int, games: list[dict], count: int, stop: threading.Event, results: Results, seed: int):
    """*count* phones, each on its own kept-alive connection and address, polling every 3 s, on one event loop.

    One thread and one ``select`` for all of them: the client spends as little of the
    shared cores as it can, and no phone waits for a turn at the interpreter's lock
    before it sees its answer (thousands of client threads measured mostly that wait).
    """
    import heapq
    import selectors

    rng = random.Random(seed)
    selector = selectors.DefaultSelector()
    phones = [
        _Phone(f"/games/{game['id']}/poll/{game['view_token']}", game["version"])
        for game in (games[i % len(games)] for i in range(count))
    ]
    now = time.perf_counter()
    due = [(now + rng.uniform(0, POLL_EVERY), i) for i in range(count)]
    heapq.heapify(due)

    def drop(phone: _Phone) -> None:
        if phone.sock is not None:
            selector.unregister(phone.sock)
            phone.sock.close()
        phone.sock, phone.buffer = None, b""

    def send(phone: _Phone, index: int) -> None:
        if phone.sock is None:
            phone.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
            phone.sock.setblocking(False)
            selector.register(phone.sock, selectors.EVENT_READ, index)
        request = f"GET {phone.path}?since={phone.since} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: {phone.address}\r\n\r\n"
        phone.sock.send(request.encode())  # a hundred bytes: always fits the socket's buffer

    while not stop.is_set():
        now = time.perf_counter()
        while due and due[0][0] <= now:
            _, index = heapq.heappop(due)
            phone = phones[index]
            phone.sent_at, phone.retried = time.perf_counter(), False
            try:
                send(phone, index)
            except OSError as err:
                drop(phone)
                results.add("poll", time.perf_counter() - phone.sent_at, None, f"poll: {err!r}")
                heapq.heappush(due, (now + POLL_EVERY, index))
        timeout = min(0.1, max(0.0, due[0][0] - time.perf_counter())) if due else 0.1
        for key, _ in selector.select(timeout):
            index = key.data
            phone = phones[index]
            try:
                chunk = phone.sock.recv(65536) if phone.sock is not None else b""
            except OSError:
                chunk = b""
            if not chunk:  # the server closed the kept connection: ask again on a new one, once
                drop(phone)
                if phone.retried:
                    results.add("poll", time.perf_counter() - phone.sent_at, None, "poll: connection closed")
                    heapq.heappush(due, (time.perf_counter() + POLL_EVERY, index))
                else:
                    phone.retried = True
                    send(phone, index)
                continue
            phone.buffer += chunk
            answer = _parse_answer(phone.buffer)
            if answer is None:
                continue
            status, body, close, phone.buffer = answer
            phone.polls += 1
            results.add(
                "poll" if phone.polls > 1 else "arrive",  # a phone's first poll opens its connection too
                time.perf_counter() - phone.sent_at,
                status,
                None if status in (200, 304) else f"poll answered {status}",
            )
            if status == 200:
                marker = b'data-version="'
                at = body.find(marker)
                if at >= 0:
                    phone.since = int(body[at + len(marker) : body.index(b'"', at + len(marker))])
            if close:
                drop(phone)
            heapq.heappush(due, (time.perf_counter() + POLL_EVERY, index))
    for phone in phones:
        drop(phone)
    selector.close()


def recorder(port: int, game: dict, stop: threading.Event, results: Results, every: float):
    client = Client(port)
    n = game["next_n"]
    while not stop.wait(every):
        hand = {"n": n, "bidder": n % 2, "bid": 20, "points": [10, 20] if n % 2 == 0 else [20, 10]}
        start = time.perf_counter()
        try:
            status, raw = client.request("POST", f"/api/v1/games/{game['id']}/hands", hand, game["edit_token"])
        except OSError as err:
            results.add("record", time.perf_counter() - start, None, f"record: {err!r}")
            continue
        problem = None if status in OK_STATUSES else f"record answered {status}: {raw[:120]!r}"
        results.add("record", time.perf_counter() - start, status, problem)
        if status == 201:
            n += 1
        elif status == 409:  # another phone got there first: carry on from the sheet as it is
            status, raw = client.request("GET", f"/api/v1/games/{game['id']}")
            if status == 200:
                n = json.loads(raw)["next_n"]
        game["next_n"] = n


def abuser(port: int, game: dict, stop: threading.Event, results: Results):
    """Ask for the whole sheet of a big game again and again, with a stale since, as fast as answers come."""
    client = Client(port)
    path = f"/games/{game['id']}/poll/{game['view_token']}?since=0"
    while not stop.is_set():
        start = time.perf_counter()
        try:
            status, _ = client.request("GET", path)
        except OSError as err:
            results.add("abuse", time.perf_counter() - start, None)
            results.errors.append(f"abuse: {err!r}")
            continue
        # 200 (the cached sheet) or 429 (the limit): both are what the server should answer.
        results.add("abuse", time.perf_counter() - start, status)


def big_game(port: int, hands: int) -> dict:
    """A game of *hands* hands in which the bidder is set each time, so it never ends."""
    client = Client(port)
    status, raw = client.request("POST", "/api/v1/games", {"sides": SIDES})
    assert status == 201, raw
    game = json.loads(raw)
    for n in range(1, hands + 1):
        hand = {"n": n, "bidder": n % 2, "bid": 20, "points": [10, 20] if n % 2 == 0 else [20, 10]}
        status, raw = client.request("POST", f"/api/v1/games/{game['id']}/hands", hand, game["edit_token"])
        assert status == 201, raw
    return game


def run_for(threads: list[threading.Thread], stop: threading.Event, duration: float) -> float:
    """Start *threads*, let them run *duration* seconds, then set *stop* and wait for them; the seconds it all took."""
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    time.sleep(duration)
    stop.set()
    for thread in threads:
        thread.join(timeout=35)
    return time.perf_counter() - started


def run_phase(
    port: int,
    games: list[dict],
    viewers: int,
    recorders: int,
    duration: float,
    abusers: int = 0,
    target: dict | None = None,
) -> dict:
    results = Results()
    stop = threading.Event()
    rng = random.Random(viewers)
    threads = [threading.Thread(target=abuser, args=(port, target, stop, results), daemon=True) for _ in range(abusers)]
    threads.append(
        threading.Thread(
            target=viewers_loop, args=(port, games, viewers, stop, results, rng.randrange(1 << 30)), daemon=True
        )
    )
    threads += [
        threading.Thread(target=recorder, args=(port, games[i], stop, results, 2.0), daemon=True)
        for i in range(recorders)
    ]
    elapsed = run_for(threads, stop, duration)
    count = sum(len(v) for v in results.latencies.values())
    return {
        "viewers": viewers,
        "abusers": abusers,
        "recorders": recorders,
        "elapsed": elapsed,
        "requests": count,
        "rps": count / elapsed,
        "results": results,
    }


def _part(port: int, games: list[dict], viewers: int, recorders: int, duration: float) -> dict:
    """One client process's share of a phase, as plain data."""
    phase = run_phase(port, games, viewers, recorders, duration)
    results: Results = phase.pop("results")
    return {**phase, "latencies": results.latencies, "statuses": results.statuses, "errors": results.errors}


def run_split(port: int, games: list[dict], viewers: int, recorders: int, duration: float, processes: int) -> dict:
    """Run a phase's phones in several client processes at once, so the client's own lock does not queue them."""
    if processes <= 1:
        return run_phase(port, games, viewers, recorders, duration)
    import multiprocessing

    shares = [viewers // processes + (1 if i < viewers % processes else 0) for i in range(processes)]
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        parts = pool.starmap(
            _part, [(port, games, share, recorders if i == 0 else 0, duration) for i, share in enumerate(shares)]
        )
    results = Results()
    for part in parts:
        for kind, values in part["latencies"].items():
            results.latencies.setdefault(kind, []).extend(values)
        for status, count in part["statuses"].items():
            results.statuses[status] = results.statuses.get(status, 0) + count
        results.errors.extend(part["errors"])
    elapsed = max(part["elapsed"] for part in parts)
    count = sum(part["requests"] for part in parts)
    return {
        "viewers": viewers,
        "abusers": 0,
        "recorders": recorders,
        "elapsed": elapsed,
        "requests": count,
        "rps": count / elapsed,
        "results": results,
    }


def report(phase: dict) -> None:
    results: Results = phase["results"]
    abuse = f" + {phase['abusers']} abusers (stale since, no pause)" if phase.get("abusers") else ""
    print(
        f"\n{phase['viewers']} viewers polling every {POLL_EVERY:g} s + {phase['recorders']} recorders{abuse}, "
        f"{phase['elapsed']:.0f} s: {phase['requests']} requests, {phase['rps']:.1f} requests/s, "
        f"{len(results.errors)} errors"
    )
    for kind, values in results.latencies.items():
        if values:
            ms = [v * 1000 for v in values]
            print(
                f"  {kind:<6} n={len(ms):<6} p50 {percentile(ms, 50):6.1f} ms   p95 {percentile(ms, 95):6.1f} ms"
                f"   p99 {percentile(ms, 99):6.1f} ms   max {max(ms):6.1f} ms"
            )
    print(f"  statuses: {dict(sorted(results.statuses.items()))}")
    for problem in results.errors[:5]:
        print(f"  error: {problem}")


def summary(phase: dict) -> dict:
    """A phase's figures as the manual shows them: requests a second, each kind's times (ms), statuses, errors."""
    results: Results = phase["results"]
    times = {}
    for kind, values in results.latencies.items():
        if values:
            ms = [v * 1000 for v in values]
            times[kind] = {
                "count": len(ms),
                "p50_ms": round(percentile(ms, 50), 1),
                "p95_ms": round(percentile(ms, 95), 1),
                "p99_ms": round(percentile(ms, 99), 1),
            }
    return {
        "phones": phase["viewers"],
        "recorders": phase["recorders"],
        "seconds": round(phase["elapsed"]),
        "requests": phase["requests"],
        "requests_a_second": round(phase["rps"]),
        **times,
        "statuses": {str(status): count for status, count in sorted(results.statuses.items())},
        "answered_429": results.statuses.get(429, 0),
        "answered_409": results.statuses.get(409, 0),
        "errors": len(results.errors),
        "aim_p99_ms": AIM_P99_MS,
        # An honest phone answered 429 is an error too.
        "within_aim": "poll" in times and times["poll"]["p99_ms"] <= AIM_P99_MS and not results.errors,
    }


def figures_name(name: str, database_url: str | None) -> str:
    """The file a run's figures go to: *name*, or *name*-postgresql for a run on PostgreSQL."""
    return f"{name}-postgresql" if database_url else name


def compare_poll_and_render(port: int, game: dict, repeat: int) -> list[tuple[str, str, int]]:
    """Time one client asking the same thing in a row: an unchanged poll, a changed one, the whole page."""
    client = Client(port)
    poll = f"/games/{game['id']}/poll/{game['view_token']}"
    status, raw = client.request("GET", f"/api/v1/games/{game['id']}")
    version = json.loads(raw)["version"]
    cases = [
        ("unchanged poll (304)", f"{poll}?since={version}", 304),
        ("changed poll: sheet render (200)", f"{poll}?since=0", 200),
        ("whole view page (200)", f"/games/{game['id']}/view/{game['view_token']}", 200),
    ]
    print(f"\nOne client, {repeat} requests each, one after another:")
    means = {}
    for label, path, expected in cases:
        times = []
        size = 0
        for _ in range(repeat):
            client.address = next_address()  # as many phones: the per-phone limits are not what is timed
            start = time.perf_counter()
            status, raw = client.request("GET", path)
            times.append((time.perf_counter() - start) * 1000)
            assert status == expected, (label, status)
            size = len(raw)
        means[label] = print_times(label, times, f"   body {size} bytes")
    print_ratios("over HTTP", cases, means)
    return cases


def print_times(label: str, times: list[float], extra: str = "") -> float:
    """Print one case's times (ms); return their mean."""
    mean = statistics.mean(times)
    print(
        f"  {label:<34} mean {mean:6.2f} ms   p50 {percentile(times, 50):6.2f} ms"
        f"   p95 {percentile(times, 95):6.2f} ms{extra}"
    )
    return mean


def print_ratios(where: str, cases: list[tuple[str, str, int]], means: dict[str, float]) -> None:
    unchanged, render, page = (means[label] for label, _path, _status in cases)
    print(
        f"  {where} an unchanged poll is {render / unchanged:.1f}x cheaper than a sheet render, "
        f"{page / unchanged:.1f}x cheaper than the whole page"
    )


def server_cost(env: dict, cases: list[tuple[str, str, int]], repeat: int) -> None:
    """Time the app alone on each case (no network, no client): what each request costs the server."""
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    from scorekeeper import create_app

    app = create_app()
    print(f"\nThe app alone (WSGI call in this process, same database), {repeat} requests each:")
    means = {}
    for label, path, expected in cases:
        environ = htmx_environ(path)
        times = []
        for _ in range(repeat):
            statuses = []
            environ["HTTP_X_FORWARDED_FOR"] = next_address()
            start = time.perf_counter()
            body = app(dict(environ), lambda status, headers, exc_info=None, seen=statuses: seen.append(status))
            b"".join(body)
            if hasattr(body, "close"):
                body.close()
            times.append((time.perf_counter() - start) * 1000)
            assert statuses[0].startswith(str(expected)), (label, statuses)
        means[label] = print_times(label, times)
    print_ratios("for the server", cases, means)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, nargs="+", default=[400, 2000, 3000])
    parser.add_argument("--recorders", type=int, default=3)
    parser.add_argument(
        "--client-processes", type=int, default=2, help="client processes the phones are shared among (one per core)"
    )
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds per viewer count")
    parser.add_argument("--repeat", type=int, default=300, help="requests per case in the comparison")
    parser.add_argument(
        "--abusers", type=int, default=12, help="clients polling with a stale since (0: no abuse phase)"
    )
    parser.add_argument("--abuse-viewers", type=int, default=400, help="honest viewers during the abuse phase")
    parser.add_argument("--abuse-hands", type=int, default=500, help="hands in the game the abusers ask for")
    server_options(parser)
    args = parser.parse_args()

    load_at_start = round(os.getloadavg()[0], 1)
    measured: dict = {
        "database": "PostgreSQL" if args.database_url else "SQLite",
        "server": sizes(args.workers, args.threads),
        "load_at_start": load_at_start,
        "duration": args.duration,
        "games": args.games,
        "recorders": args.recorders,
        "client_processes": args.client_processes,
        "steps": {},
    }
    with server_under_load(args, "load") as (port, workdir):
        games = create_games(port, max(args.games, args.recorders + 1))
        for viewers in args.viewers:
            phase = run_split(port, games, viewers, args.recorders, args.duration, args.client_processes)
            report(phase)
            measured["steps"][str(viewers)] = summary(phase)
        if args.abusers:
            target = big_game(port, args.abuse_hands)
            phase = run_phase(port, games, args.abuse_viewers, args.recorders, args.duration, args.abusers, target)
            report(phase)
            abuse = phase["results"].statuses
            print(f"  (abusers: {len(phase['results'].latencies['abuse'])} requests; all statuses above: {abuse})")
            measured["abuse"] = {"abusers": args.abusers, "hands": args.abuse_hands, **summary(phase)}
        cases = compare_poll_and_render(port, games[-1], args.repeat)
        server_cost(app_env(workdir, args.database_url), cases, args.repeat)
    measured["load_at_end"] = round(os.getloadavg()[0], 1)
    figures.write(figures_name("load", args.database_url), measured)


# -- A card party hall: phones at every table and in every pocket, two boards -------------------

HALL_COUPLES = 200
HALL_OK = {"poll": {200, 304}, "report": {303}, "page": {200}}


class Phone(Client):
    """A phone's browser: one connection, its cookies, its own requests."""

    def __init__(self, port: int):
        super().__init__(port, HALL_ADDRESS)
        self.cookies: dict[str, str] = {}

    def send(self, method: str, path: str, form: dict | None = None) -> tuple[int, bytes]:
        from urllib.parse import urlencode

        headers = {"HX-Request": "true"} if "/poll" in path else {}
        headers["X-Forwarded-For"] = self.address  # the hall's router
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        status, raw, answer_headers = self.exchange(method, path, body, headers)
        for name, value in answer_headers:
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return status, raw


def _poll_path(raw: bytes, path: str) -> str:
    """The address the page or fragment polls next (its hx-get, which carries what it shows now)."""
    import html
    import re

    found = re.search(rb'hx-get="([^"]+)"', raw)
    return html.unescape(found.group(1).decode()) if found else path


def hall_party(port: int, games: int) -> tuple[dict, list[str]]:
    """Start a 200-couple evening through the API; return it and each table's link (from the table cards)."""
    import re

    client = Client(port)
    couples = [{"name": f"Couple {i + 1}", "players": [f"A{i}", f"B{i}"]} for i in range(HALL_COUPLES)]
    status, raw = client.request("POST", "/api/v1/parties", {"name": "Hall", "games": games, "couples": couples})
    assert status == 201, raw[:200]
    party = json.loads(raw)
    status, raw = client.request("GET", f"/parties/{party['id']}/{party['edit_token']}/cards")
    assert status == 200, status
    links = [m.decode() for m in re.findall(rb'class="table-card-link">https?://[^/]+(/[^<]+)<', raw)]
    assert len(links) == HALL_COUPLES // 2, len(links)
    return party, links


def _open_page(phone: Phone, path: str, results: Results, what: str) -> bytes:
    """Open a phone's page: its time goes to "page", any answer but 200 is an error naming *what*."""
    start = time.perf_counter()
    status, raw = phone.send("GET", path)
    results.add("page", time.perf_counter() - start, status, None if status == 200 else f"{what} answered {status}")
    return raw


def _poll_once(phone: Phone, poll: str, results: Results) -> bytes | None:
    """Ask *poll* once (its time goes to "poll"); the new page when it changed (200), else None."""
    start = time.perf_counter()
    try:
        status, raw = phone.send("GET", poll)
    except OSError as err:
        results.add("poll", time.perf_counter() - start, None, f"poll: {err!r}")
        return None
    problem = None if status in HALL_OK["poll"] else f"poll answered {status}"
    results.add("poll", time.perf_counter() - start, status, problem)
    return raw if status == 200 else None


def _game_shown(raw: bytes) -> tuple[str, str] | None:
    """The game and the winner a table's page offers to report, if it offers one."""
    import re

    shown = re.search(rb'name="game" value="(\d+)">\s*<input type="hidden" name="winner" value="(\d+)"', raw)
    return (shown.group(1).decode(), shown.group(2).decode()) if shown else None


def hall_table_phone(port, link, stop, results, rng, delay):
    """A table's phone: follows its table and, a while after each new game, reports a winner in two taps."""
    import re

    phone = Phone(port)
    if stop.wait(rng.uniform(0, POLL_EVERY)):  # people open their pages over a few seconds, not all at once
        return
    raw = _open_page(phone, link, results, "table page")
    token = re.search(rb'name="csrf_token" type="hidden" value="([^"]+)"', raw) or re.search(
        rb'name="csrf_token"[^>]*value="([^"]+)"', raw
    )
    csrf = token.group(1).decode() if token else ""
    poll, report_at = _poll_path(raw, link + "/poll"), None
    game = _game_shown(raw)
    if game:
        report_at = time.monotonic() + rng.uniform(*delay)
    if stop.wait(rng.uniform(0, POLL_EVERY)):
        return
    while not stop.is_set():
        if report_at is not None and time.monotonic() >= report_at:
            start = time.perf_counter()
            status, _ = phone.send(
                "POST", link + "/report", {"csrf_token": csrf, "game": game[0], "winner": game[1], "confirm": "y"}
            )
            problem = None if status in HALL_OK["report"] else f"report answered {status}"
            results.add("report", time.perf_counter() - start, status, problem)
            report_at = None
        raw = _poll_once(phone, poll, results)
        if raw is not None:
            poll = _poll_path(raw, poll)
            shown = _game_shown(raw)
            if shown and report_at is None:
                game = shown
                report_at = time.monotonic() + rng.uniform(*delay)
        stop.wait(POLL_EVERY)


def hall_follower(port, path, stop, results, rng):
    """A couple's phone or a board: opens its page, then asks every 3 s and gets 304 until its page changed."""
    phone = Phone(port)
    if stop.wait(rng.uniform(0, POLL_EVERY)):  # people open their pages over a few seconds, not all at once
        return
    poll = _poll_path(_open_page(phone, path, results, "page"), path)
    if stop.wait(rng.uniform(0, POLL_EVERY)):
        return
    while not stop.is_set():
        raw = _poll_once(phone, poll, results)
        if raw is not None:
            poll = _poll_path(raw, poll)
        stop.wait(POLL_EVERY)


def hall_phase(port: int, phones: int, boards: int, duration: float, delay: tuple[float, float]) -> dict:
    """100 table phones that report, the rest couples' phones, and the boards, all polling every 3 s."""
    party, links = hall_party(port, games=25)
    results = Results()
    results.latencies["report"] = []
    results.latencies["page"] = []
    stop = threading.Event()
    rng = random.Random(phones)
    threads = [
        threading.Thread(
            target=hall_table_phone, args=(port, link, stop, results, random.Random(i), delay), daemon=True
        )
        for i, link in enumerate(links[:phones])
    ]
    for i in range(max(0, phones - len(links))):
        path = f"/parties/{party['id']}/couples/{i % HALL_COUPLES + 1}/poll"
        threads.append(threading.Thread(target=hall_follower, args=(port, path, stop, results, rng), daemon=True))
    for _ in range(boards):
        path = f"/parties/{party['id']}/board/poll"
        threads.append(threading.Thread(target=hall_follower, args=(port, path, stop, results, rng), daemon=True))
    elapsed = run_for(threads, stop, duration)
    status, raw = Client(port).request("GET", f"/api/v1/parties/{party['id']}")
    state = json.loads(raw)
    count = sum(len(v) for k, v in results.latencies.items() if k != "page")
    return {
        "viewers": phones + boards,
        "recorders": min(phones, len(links)),
        "elapsed": elapsed,
        "requests": count,
        "rps": count / elapsed,
        "results": results,
        "reported": len(state["results"]),
        "distinct": len({(r["game"], r["table"]) for r in state["results"]}),
        "game": state["game"],
    }


def hall_main() -> None:
    parser = argparse.ArgumentParser(description="Load: a card party hall (--hall)")
    parser.add_argument("--hall", action="store_true")
    parser.add_argument(
        "--phones", type=int, default=400, help="100 table phones that report, the rest couples' phones"
    )
    parser.add_argument("--boards", type=int, default=2)
    parser.add_argument("--duration", type=float, default=45.0)
    parser.add_argument("--report-delay", type=float, nargs=2, default=[5.0, 40.0], help="seconds a table plays a game")
    server_options(parser)
    args = parser.parse_args()
    load_at_start = round(os.getloadavg()[0], 1)
    with server_under_load(args, "hall") as (port, _workdir):
        print(
            f"A hall of {HALL_COUPLES} couples at {HALL_COUPLES // 2} tables: {args.phones} phones + {args.boards} boards"
        )
        phase = hall_phase(port, args.phones, args.boards, args.duration, tuple(args.report_delay))
        report(phase)
        sent = len(phase["results"].latencies["report"])
        print(
            f"  every phone on one address ({HALL_ADDRESS}): {phase['results'].statuses.get(429, 0)} answers 429; "
            f"{sent} reports sent, {phase['reported']} results in, {phase['distinct']} distinct (game, table) "
            f"(the evening is at game {phase['game']})"
        )
        everything = [v * 1000 for k, values in phase["results"].latencies.items() if k != "page" for v in values]
        print(f"  all requests: p99 {percentile(everything, 99):.1f} ms, errors {len(phase['results'].errors)}")
        polls = phase["results"].latencies["poll"]
        unchanged = phase["results"].statuses.get(304, 0)
    figures.write(
        figures_name("hall", args.database_url),
        {
            "database": "PostgreSQL" if args.database_url else "SQLite",
            "server": sizes(args.workers, args.threads),
            "load_at_start": load_at_start,
            "couples": HALL_COUPLES,
            "tables": HALL_COUPLES // 2,
            "boards": args.boards,
            "duration": args.duration,
            "report_delay": {"least": args.report_delay[0], "most": args.report_delay[1]},
            **summary(phase),
            "reports_sent": sent,
            "results_in": phase["reported"],
            "results_distinct": phase["distinct"],
            "unchanged_percent": round(100 * unchanged / len(polls)) if polls else 0,
        },
    )


# -- A hall following one game's sheet: every phone behind the same router ---------------------------


def sheet_follower(port: int, game: dict, stop: threading.Event, results: Results, rng: random.Random) -> None:
    """A phone watching the sheet: asks every 3 s with the version it shows, takes the sheet when it changed."""
    import re

    client = Client(port, HALL_ADDRESS)
    since = game["version"]
    if stop.wait(rng.uniform(0, POLL_EVERY)):
        return
    while not stop.is_set():
        path = f"/games/{game['id']}/poll/{game['view_token']}?since={since}"
        start = time.perf_counter()
        try:
            status, raw, _ = client.exchange("GET", path, None, {"HX-Request": "true", "X-Forwarded-For": HALL_ADDRESS})
        except OSError as err:
            results.add("poll", time.perf_counter() - start, None, f"poll: {err!r}")
            continue
        problem = None if status in (200, 304) else f"poll answered {status}"
        results.add("poll", time.perf_counter() - start, status, problem)
        if status == 200:
            found = re.search(rb'data-since="(\d+)"', raw)
            since = int(found.group(1)) if found else since
        stop.wait(POLL_EVERY)


def sheet_abuser(port: int, game: dict, stop: threading.Event, results: Results) -> None:
    """One client, from its own address, asking for the sheet with a stale since as fast as answers come."""
    client = Client(port)
    path = f"/games/{game['id']}/poll/{game['view_token']}?since=1"
    while not stop.is_set():
        start = time.perf_counter()
        try:
            status, _ = client.request("GET", path)
        except OSError as err:
            results.add("abuse", time.perf_counter() - start, None, f"abuse: {err!r}")
            continue
        results.add("abuse", time.perf_counter() - start, status)


def hall_sheet_main() -> None:
    parser = argparse.ArgumentParser(description="Load: a hall following one sheet from one address (--hall-sheet)")
    parser.add_argument("--hall-sheet", action="store_true")
    parser.add_argument("--phones", type=int, default=150, help="phones behind the hall's one router")
    parser.add_argument("--every", type=float, default=15.0, help="seconds between two hands recorded")
    parser.add_argument("--duration", type=float, default=65.0)
    parser.add_argument("--abusers", type=int, default=1, help="clients asking with a stale since, no pause")
    server_options(parser)
    args = parser.parse_args()
    load_at_start = round(os.getloadavg()[0], 1)
    with server_under_load(args, "hall-sheet") as (port, workdir):
        game = create_games(port, 1)[0]
        results = Results()
        stop = threading.Event()
        rng = random.Random(args.phones)
        threads = [
            threading.Thread(target=sheet_follower, args=(port, game, stop, results, rng), daemon=True)
            for _ in range(args.phones)
        ]
        threads.append(threading.Thread(target=recorder, args=(port, game, stop, results, args.every), daemon=True))
        abused = Results()
        threads += [
            threading.Thread(target=sheet_abuser, args=(port, game, stop, abused), daemon=True)
            for _ in range(args.abusers)
        ]
        elapsed = run_for(threads, stop, args.duration)
        still = sum(thread.is_alive() for thread in threads)
        count = sum(len(v) for v in results.latencies.values())
        report(
            {
                "viewers": args.phones,
                "recorders": 1,
                "abusers": 0,
                "elapsed": elapsed,
                "requests": count,
                "rps": count / elapsed,
                "results": results,
            }
        )
        refused = sum(1 for problem in results.errors if problem == "poll answered 429")
        answered = sum(1 for _ in results.latencies["poll"])
        abuse = abused.latencies["abuse"]
        print(
            f"  {args.phones} phones on one address ({HALL_ADDRESS}), a hand every {args.every:g} s: "
            f"{game['next_n'] - 5} hands recorded; {answered} polls, {refused} answered 429; threads still running: "
            f"{still}"
        )
        print(
            f"  the stale-since client: {len(abuse)} requests in {elapsed:.0f} s, "
            f"{abused.statuses.get(200, 0)} answered 200 (the sheet), {abused.statuses.get(429, 0)} answered 429"
        )
        polls = [v * 1000 for v in results.latencies["poll"]]
    figures.write(
        figures_name("hall-sheet", args.database_url),
        {
            "database": "PostgreSQL" if args.database_url else "SQLite",
            "load_at_start": load_at_start,
            "phones": args.phones,
            "every": args.every,
            "duration": args.duration,
            "abusers": args.abusers,
            "hands_recorded": game["next_n"] - 5,
            "polls": answered,
            "answered_304": results.statuses.get(304, 0),
            "answered_200": results.statuses.get(200, 0),
            "answered_429": refused,
            "poll_p50_ms": round(percentile(polls, 50), 1),
            "poll_p99_ms": round(percentile(polls, 99), 1),
            "errors": len(results.errors),
            "stale_since": {
                "requests": len(abuse),
                "answered_200": abused.statuses.get(200, 0),
                "answered_429": abused.statuses.get(429, 0),
            },
        },
    )


if __name__ == "__main__":
    if "--hall-sheet" in sys.argv:
        hall_sheet_main()
    elif "--hall" in sys.argv:
        hall_main()
    else:
        main()
