"""Every refusal of the party engine has its sentence, in English and in French."""

from __future__ import annotations

import inspect

import pytest

from scorekeeper.party import PartyError, Problem
from scorekeeper.words import party as words

SAMPLES = {"name": "Ann & Cy", "card": "ZZ", "reason": "…"}


def details_for(problem: Problem) -> dict:
    wanted = inspect.signature(words.SENTENCES[problem]).parameters
    return {name: SAMPLES.get(name, 7) for name, p in wanted.items() if p.kind is p.POSITIONAL_OR_KEYWORD}


@pytest.mark.parametrize("problem", list(Problem))
def test_every_problem_is_a_whole_sentence_in_both_languages(app, problem):
    err = PartyError(problem, None, **details_for(problem))
    with app.test_request_context(headers={"Accept-Language": "en"}):
        english = words.problem(err)
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        french = words.problem(err)
    assert english and french and english != french
    assert "%(" not in english + french and problem.value not in (english, french)
    for value in err.details.values():
        assert str(value) in english and str(value) in french


def test_numbers_are_refused_in_the_readers_language(app):
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        with pytest.raises(Exception, match="Le numéro de la table doit aller de 1 à 9"):
            words.whole("12", "table", 1, 9)
        with pytest.raises(Exception, match="Le numéro de la table doit être un nombre entier"):
            words.whole("²", "table", 1, 9)
        assert words.whole(" 4 ", "table", 1, 9) == 4
        assert words.ordinal(1) == "1er" and words.ordinal(4) == "4e"


def test_the_one_refusal_sayer_says_a_party_problem_in_words(app):
    """The club desk says the party engine's refusals with ``refusal``: its sentence, never its code."""
    from scorekeeper.words import refusal

    err = PartyError(Problem.PARTY_NAME_MISSING)
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert refusal(err) == words.problem(err) != Problem.PARTY_NAME_MISSING.value
