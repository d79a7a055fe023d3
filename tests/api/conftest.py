"""Every JSON answer an API test receives is checked against what the OpenAPI document says of it: its status is one
the document names for that path and method, and its body matches the schema written there."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask, Response
from flask import request as asked
from flask.signals import request_finished

from scorekeeper.api.openapi import document
from tests._support.openapi import answer_mismatch


@pytest.fixture(autouse=True)
def answers_as_documented(request: pytest.FixtureRequest):
    """Check each answer of the app under test against its documented response; fail the test on any mismatch."""
    if "app" not in request.fixturenames:
        yield
        return
    app: Flask = request.getfixturevalue("app")
    with app.app_context():
        written = document()
    found: list[str] = []

    def check(sender: Flask, response: Response, **_extra: Any) -> None:
        rule = request_rule()
        if rule is not None and rule.startswith("/api/") and asked.method != "HEAD":
            mismatch = answer_mismatch(written, asked.method, rule, response)
            if mismatch:
                found.append(mismatch)

    request_finished.connect(check, app)
    yield
    request_finished.disconnect(check, app)
    assert found == [], "answers that differ from the document"


def request_rule() -> str | None:
    rule = asked.url_rule
    return None if rule is None else rule.rule
