"""One codec: a hand tapped on the sheet and the same hand sent to the API read back the same, or are refused alike.

Both channels hand what they were given to the engine's reader (``HandEntry.from_dict``); the store keeps the
bid as the engine writes it, so the hand comes back from the API, and from the store, as it went in.
"""

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.platform.extensions import db
from scorekeeper.rules import PRESETS, HandEntry, complete_points, infer_high, point_choices
from scorekeeper.store.games import entry_for
from scorekeeper.store.models import Hand
from tests._support.app import read_csrf_token, start_game
from tests._support.examples import examples

RULES = PRESETS["new-england"]


@st.composite
def hands(draw) -> tuple[HandEntry, dict[str, str]]:
    """A first hand of a two-side game: the engine's entry, and the boxes a player taps for it on the sheet."""
    bidder = draw(st.sampled_from([0, 1]))
    bid = draw(st.sampled_from([15, 20, 25, 30]))
    taps = {"bidder": str(bidder), "bid": str(bid)}
    if draw(st.booleans()):
        took = draw(st.sampled_from(point_choices(RULES)))
        points = complete_points([took if side == bidder else None for side in (0, 1)], RULES)
        return HandEntry(bidder=bidder, bid=bid, points=points), {**taps, "by": "points", "took_points": str(took)}
    took, took_high = draw(st.integers(0, 5)), draw(st.booleans())
    tricks = (took, 5 - took) if bidder == 0 else (5 - took, took)
    high = bidder if took_high else infer_high(tricks, RULES, besides=(bidder,), high_taken=True)
    tapped = f"{took}{'h' if took_high else ''}"
    return HandEntry(bidder=bidder, bid=bid, tricks=tricks, high=high), {**taps, "by": "tricks", "took": tapped}


def through_the_api(client, entry: HandEntry) -> tuple[dict, int]:
    game = start_game(client)
    headers = {"Authorization": f"Bearer {game['edit_token']}"}
    answer = client.post(f"/api/v1/games/{game['id']}/hands", json={"n": 1, **entry.to_dict()}, headers=headers)
    return game, answer.status_code


def through_the_sheet(client, taps: dict[str, str]) -> tuple[dict, int]:
    game = start_game(client)
    sheet = game["links"]["edit"].removeprefix("http://localhost")
    body = client.get(sheet).get_data(as_text=True)
    n = re.search(r'id="hand-form".*?name="n" value="(\d+)"', body, re.S).group(1)
    answer = client.post(sheet + "/hands", data={"csrf_token": read_csrf_token(body), "n": n, **taps})
    return game, answer.status_code


def stored(app, game: dict) -> list[HandEntry]:
    with app.app_context():
        rows = db.session.scalars(db.select(Hand).where(Hand.game_id == game["id"]).order_by(Hand.n)).all()
        return [entry_for(row) for row in rows]


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hand=hands())
def test_a_hand_tapped_on_the_sheet_and_sent_to_the_api_reads_back_the_same(app, client, hand):
    entry, taps = hand
    by_api, api_status = through_the_api(client, entry)
    by_sheet, sheet_status = through_the_sheet(client, taps)
    if api_status != 201:  # a hand the engine refuses (a bid of 15 in a game starting at 20, say)
        assert api_status == 422 and sheet_status == 422
        assert stored(app, by_api) == stored(app, by_sheet) == []
        return
    assert sheet_status == 303
    assert stored(app, by_api) == stored(app, by_sheet) == [entry]
    read_back = [client.get(f"/api/v1/games/{game['id']}").get_json() for game in (by_api, by_sheet)]
    assert read_back[0]["hands"] == read_back[1]["hands"]
    assert read_back[0]["hands"][0]["bid"] == entry.bid
    assert read_back[0]["scores"] == read_back[1]["scores"]
