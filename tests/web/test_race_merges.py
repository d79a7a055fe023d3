"""Two people merging the same two roster entries crosswise at the same moment: one person stays, never none."""

from __future__ import annotations

import json

from tests._support.race import all_at_once, call

ROUNDS = 4


def test_crossing_merges_of_club_members_leave_one_member(live_server):
    status, club = call("POST", f"{live_server.url}/api/v1/clubs", {"name": "Legion Branch 12"})
    assert status == 201
    url, token = f"{live_server.url}/api/v1/clubs/{club['id']}", club["edit_token"]
    for n in range(2 * ROUNDS):
        assert call("POST", f"{url}/members", {"name": f"Player {n + 1}"}, token)[0] == 201
    for r in range(ROUNDS):
        one, other = 2 * r + 1, 2 * r + 2
        results = _crosswise(
            lambda one=one, other=other: call("PATCH", f"{url}/members/{one}", {"merged_into": other}, token),
            lambda one=one, other=other: call("PATCH", f"{url}/members/{other}", {"merged_into": one}, token),
        )
        statuses = sorted(status for status, _body in results)
        assert statuses == [200, 422], results
        assert all("database is locked" not in json.dumps(body) for _s, body in results)
        members = {m["number"]: m for m in call("GET", f"{url}/members", token=token)[1]["members"]}
        pair = [members[one], members[other]]
        # Exactly one of the two is a member of their own; the other points at them.
        kept = [m for m in pair if m["merged_into"] is None]
        assert len(kept) == 1, pair
        gone = next(m for m in pair if m["merged_into"] is not None)
        assert gone["merged_into"] == kept[0]["number"]


def test_crossing_merges_of_a_table_roster_leave_one_person(live_server):
    names = [f"Player {n + 1}" for n in range(2 * ROUNDS)]
    status, table = call("POST", f"{live_server.url}/api/v1/tables", {"name": "Legion hall", "players": names})
    assert status == 201
    url, token = f"{live_server.url}/api/v1/tables/{table['id']}", table["edit_token"]
    for r in range(ROUNDS):
        one, other = f"p{2 * r + 1}", f"p{2 * r + 2}"
        results = _crosswise(
            lambda one=one, other=other: call("POST", f"{url}/players/{one}/merge", {"into": other}, token),
            lambda one=one, other=other: call("POST", f"{url}/players/{other}/merge", {"into": one}, token),
        )
        statuses = sorted(status for status, _body in results)
        assert statuses[0] == 200 and statuses[1] in (404, 409, 422), results
        roster = {p["id"] for p in call("GET", url, token=token)[1]["players"]}
        assert len(roster & {one, other}) == 1, roster


def _crosswise(first, second):
    """Run the two calls released together on two threads."""
    calls = [first, second]
    return all_at_once(2, lambda: calls.pop()())
