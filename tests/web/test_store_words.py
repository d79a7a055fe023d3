"""The store's refusal codes in words: each ``Said`` code has a sentence of its own in English and in French, with
its details put in, whichever refusal carries it (a game's, a club's, a table's, an export's)."""

from __future__ import annotations

import pytest

from scorekeeper import words
from scorekeeper.store.clubs import ClubError
from scorekeeper.store.outcomes import Said, StoreRefused
from scorekeeper.store.tables import TableError

# What the codes' details may name, each a value a sentence shows as written.
DETAILS = {
    "n": 7,
    "k": 3,
    "most": 150,
    "next": 8,
    "version": 12,
    "given": 11,
    "last": 9,
    "into": 4,
    "names": "Ann and Bo",
    "name": "Marguerite",
    "one": "Ann",
    "other": "Bo",
    "f": "forty-fives-table",
    "v": 1,
    "date": "1949-12-31",
    "first": 1950,
    "made": "45 – 30",
    "written": "[40, 30]",
    "what": "members[2].joined",
}
# The codes that carry another refusal (``why``): the sentence holds that one's too.
INNER = TableError(Said.GAME_UNREADABLE, "games[0]", details={"n": 2})
CARRIERS = {Said.EVENING_REFUSED, Said.GAME_REFUSED, Said.EVENING_SHEET}


@pytest.fixture
def say(app):
    def run(language: str, error: Exception) -> str:
        with app.test_request_context("/", headers={"Accept-Language": language}):
            return words.refusal(error)

    return run


def _refused(code: Said) -> StoreRefused:
    details = {**DETAILS, "why": INNER} if code in CARRIERS else DETAILS
    return StoreRefused(code, details=details)


@pytest.mark.parametrize("code", list(Said))
def test_each_store_code_has_a_sentence_of_its_own_in_both_languages(say, code):
    english, french = say("en", _refused(code)), say("fr", _refused(code))
    fallback = say("en", StoreRefused(Said.CHANGED_ELSEWHERE))
    for said in (english, french):
        assert said and said != str(_refused(code)) and said != str(code), said  # the code is no sentence
        assert "%(" not in said and "None" not in said, said
    assert english != french, f"no French for: {english}"
    if code is not Said.CHANGED_ELSEWHERE:
        assert english != fallback, f"{code} has no sentence of its own"


def test_the_sentences_of_the_codes_are_all_different(say):
    said = {code: say("en", _refused(code)) for code in Said}
    assert len(set(said.values())) == len(said)


def test_a_refusal_carried_inside_another_is_said_inside_it(say):
    assert say("en", _refused(Said.EVENING_SHEET)) == "Evening 7: Game 2 of the export cannot be read."
    assert say("fr", _refused(Said.GAME_REFUSED)).startswith("La partie 7")


@pytest.mark.parametrize("kind", [TableError, ClubError])
def test_a_tables_and_a_clubs_refusal_are_said_by_their_code(say, kind):
    error = kind(Said.ROSTER_FULL, "players", details={"n": 200})
    assert say("en", error) == "A table's roster holds at most 200 people."
    assert "200" in say("fr", error)
    assert str(error) == "roster-full (n=200)"  # no words in the store: its message is the code


def test_a_year_is_written_as_a_year(say):
    assert "1950" in say("en", StoreRefused(Said.GAME_DATE_OUT, details={"n": 1, "date": "1900-01-01", "first": 1950}))
