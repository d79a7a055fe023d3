"""Nothing irreversible in one tap: starting and closing ask once more, a closed evening reopens, a couple gone comes back."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from scorekeeper.party import Gone, PartyError, Problem, Reopen, Returned, replay
from scorekeeper.platform.extensions import db
from scorekeeper.store import parties as store
from scorekeeper.store.models import PartyEntry
from tests._support.parties import ids, new_party, play_game, post, start, state_of


@pytest.fixture
def director(client, csrf):
    response = new_party(client, csrf, couples=4, games="3")
    assert response.status_code == 303
    return response.headers["Location"]


def version(app, party_id):
    with app.app_context():
        return store.version_of(party_id)


def test_starting_asks_once_more_and_the_question_changes_nothing(client, app, director):
    party_id, _ = ids(director)
    page = client.get(director).get_data(as_text=True)
    assert f'href="{director}/confirm/start"' in page
    before = version(app, party_id)
    asked = post(client, director + "/start", director)
    assert asked.status_code == 303 and asked.headers["Location"].endswith("/confirm/start")
    question = client.get(asked.headers["Location"])
    assert question.status_code == 200
    text = question.get_data(as_text=True)
    assert "Start the evening?" in text and "4 couples are registered." in text
    assert version(app, party_id) == before and not state_of(app, party_id).started
    post(client, director + "/start", asked.headers["Location"], {"confirm": "y"})
    assert state_of(app, party_id).started


def test_closing_asks_once_more_then_the_evening_reopens(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    play_game(client, director, app, party_id, 1)
    asked = post(client, director + "/close", director)
    assert asked.headers["Location"].endswith("/confirm/close")
    text = client.get(asked.headers["Location"]).get_data(as_text=True)
    assert "Game 2 of 3 is being played: the games not played yet will not be played" in text
    assert not state_of(app, party_id).closed

    post(client, director + "/close", director, {"confirm": "y"})
    page = client.get(director).get_data(as_text=True)
    assert state_of(app, party_id).closed and "until then it can be reopened" in page
    assert "Reopen the evening" in page and "Enter or correct a result" not in page

    done = post(client, director + "/reopen", director)
    page = client.get(done.headers["Location"]).get_data(as_text=True)
    assert "The evening is open again: results can be entered." in page
    assert not state_of(app, party_id).closed and "Enter or correct a result" in page
    play_game(client, director, app, party_id, 2)
    assert state_of(app, party_id).standings().wins.count(2) == 2


def test_once_a_tie_is_worked_on_the_evening_cannot_be_reopened(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    for game in (1, 2, 3):
        play_game(client, director, app, party_id, game)
    post(client, director + "/close", director, {"confirm": "y"})
    tied = next(p for p in state_of(app, party_id).places() if p.tied)
    assert "Reopen the evening" in client.get(director).get_data(as_text=True)
    post(client, f"{director}/ties/{tied.place}", director, {"action": "play-off", "couple": str(tied.couples[0] + 1)})
    assert "Reopen the evening" not in client.get(director).get_data(as_text=True)
    refused = post(client, director + "/reopen", director)
    assert "the evening can no longer be reopened" in client.get(refused.headers["Location"]).get_data(as_text=True)
    assert state_of(app, party_id).closed


def test_a_couple_marked_gone_comes_back_until_the_next_game_is_seated(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    post(client, director + "/couples/2/gone", director)
    page = client.get(director).get_data(as_text=True)
    assert 'aria-label="Couple 2 are not gone after all"' in page and "Not gone" in page
    done = post(client, director + "/couples/2/back", director)
    page = client.get(done.headers["Location"]).get_data(as_text=True)
    assert "Couple 2 are no longer marked gone: they play on." in page
    assert state_of(app, party_id).couples[1].gone_from is None
    assert 'aria-label="Mark Couple 2 gone"' in page

    post(client, director + "/couples/2/gone", director)
    play_game(client, director, app, party_id, 1)
    page = client.get(director).get_data(as_text=True)
    assert "Not gone" not in page and "gone from game 2" in page
    refused = post(client, director + "/couples/2/back", director)
    text = client.get(refused.headers["Location"]).get_data(as_text=True)
    assert "it is too late to undo their going home" in text
    assert state_of(app, party_id).couples[1].gone_from == 2


def test_the_confirm_pages_are_the_directors_own(client, director):
    party_id, token = ids(director)
    assert client.get(f"/parties/{party_id}/{token}/confirm/start").status_code == 200
    assert client.get(f"/parties/{party_id}/{token}/confirm/delete").status_code == 404
    assert client.get(f"/parties/{party_id}/{token[:-2]}xx/confirm/close").status_code == 404


def test_the_store_keeps_the_undoing_in_the_log(app, client, director):
    start(client, director)
    party_id, _ = ids(director)
    with app.app_context():
        store.write(party_id, lambda s: [Gone(0)])
        store.write(party_id, lambda s: [Returned(0)])
        with pytest.raises(PartyError) as caught:
            store.write(party_id, lambda s: [Reopen()])
        assert caught.value.problem is Problem.NOT_CLOSED
        rows = db.session.execute(
            select(PartyEntry.kind, PartyEntry.data).where(PartyEntry.party_id == party_id).order_by(PartyEntry.n)
        ).all()
        assert [kind for kind, _data in rows][-2:] == ["gone", "returned"]
        # Replayed from the stored log alone, the couple plays on.
        row = store.party_row(party_id)
        replayed = replay(store.setup_of(row), [store.entry_from_row(kind, data) for kind, data in rows])
        assert replayed.couples[0].gone_from is None
        assert store.entry_from_row(*store.entry_row(Reopen())) == Reopen()
