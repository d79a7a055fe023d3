"""The party engine's answers in words: its refusals, settings, places and lists of couples.

The engine (``scorekeeper.party``) speaks codes: a ``PartyError`` carries a
``Problem`` and its details (numbers, couple names). This module gives each code
its whole sentence from the catalog, in the language of the request. Couple
names are never translated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from babel.lists import format_list
from flask_babel import get_locale
from flask_babel.speaklater import LazyString

from scorekeeper.party import GameKind, PartyError, PartySetup, PartyState, Problem, Settlement
from scorekeeper.party.ladder import LadderError
from scorekeeper.platform.i18n import gettext, lazy_gettext, ngettext
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.store.outcomes import Outcome, Recording

_ = gettext

__all__ = [
    "board_said",
    "couples_named",
    "evening_over",
    "game_kind",
    "evening_started",
    "ladder_refusal",
    "lazy_problem",
    "ordinal",
    "problem",
    "reported",
    "settlement",
    "setup_kind",
    "table_said",
    "whole",
]

# Each problem's sentence; the details of the error fill its placeholders.
SENTENCES: dict[Problem, Callable[..., str]] = {
    Problem.PARTY_NAME_MISSING: lambda **d: _("Give the evening a name"),
    Problem.PARTY_NAME_HIDDEN: lambda **d: _(
        "The evening's name can only hold letters, digits, spaces and punctuation (no invisible characters)"
    ),
    Problem.COUPLE_NAME_MISSING: lambda **d: _("Each couple needs a name"),
    Problem.COUPLE_NAME_HIDDEN: lambda **d: _(
        "A couple's name can only hold letters, digits, spaces and punctuation (no invisible characters)"
    ),
    Problem.PLAYER_NAME_HIDDEN: lambda **d: _(
        "A player's name can only hold letters, digits, spaces and punctuation (no invisible characters)"
    ),
    Problem.NAME_TOO_LONG: lambda limit, **d: _("Names may be at most %(max)d letters long", max=limit),
    Problem.TWO_PLAYERS: lambda **d: _("A couple is two players"),
    Problem.GAMES_RANGE: lambda limit, **d: _("The number of games must be from 1 to %(limit)d", limit=limit),
    Problem.PRIZES_RANGE: lambda limit, **d: _("The number of prizes must be from 0 to %(limit)d", limit=limit),
    Problem.COOKIE_JAR_RANGE: lambda games, **d: _(
        "The cookie jar can hold from 0 to %(games)d game numbers", games=games
    ),
    Problem.PLAY_TO_RANGE: lambda lowest, highest, **d: _(
        "Say what score a game is played to (%(lowest)d to %(highest)d)", lowest=lowest, highest=highest
    ),
    Problem.PLAY_TO_UNWANTED: lambda **d: _("A score to play to only goes with games played to a score"),
    Problem.NO_SUCH_COUPLE: lambda couple, **d: _("There is no couple %(couple)d", couple=couple),
    Problem.TOO_MANY_COUPLES: lambda limit, **d: _("A party has at most %(limit)d couples", limit=limit),
    Problem.OVER_NO_JOINING: lambda **d: _("The evening is over: no more couples can join"),
    Problem.LAST_GAME_NO_JOINING: lambda **d: _("The last game is being played: no more couples can join"),
    Problem.ALREADY_GONE: lambda name, **d: _("%(name)s are already marked gone", name=name),
    Problem.NOT_GONE: lambda name, **d: _("%(name)s are not marked gone", name=name),
    Problem.GONE_SEATED: lambda name, game, **d: _(
        "Game %(game)d is seated without %(name)s: it is too late to undo their going home. "
        "Register them again as a late couple",
        name=name,
        game=game,
    ),
    Problem.TWO_COUPLES_PLAYING: lambda **d: _("The evening needs at least two couples playing"),
    Problem.EVENING_OVER: lambda **d: _("The evening is over"),
    Problem.ALREADY_STARTED: lambda **d: _("The evening has already started"),
    Problem.TWO_COUPLES_TO_START: lambda **d: _("Register at least two couples before starting"),
    Problem.NOT_STARTED: lambda **d: _("The evening has not started yet"),
    Problem.ALREADY_CLOSED: lambda **d: _("The evening is already closed"),
    Problem.NOT_CLOSED: lambda **d: _("The evening is not closed"),
    Problem.PRIZES_BEING_SETTLED: lambda **d: _("The ties are being settled: the evening can no longer be reopened"),
    Problem.COOKIE_JAR_DRAWN: lambda **d: _("The cookie jar is already drawn"),
    Problem.COOKIE_JAR_COUNT: lambda count, **d: ngettext(
        "The cookie jar holds %(num)d game number", "The cookie jar holds %(num)d different game numbers", count
    ),
    Problem.COOKIE_JAR_NUMBERS: lambda games, **d: _(
        "Cookie jar numbers are game numbers, 1 to %(games)d", games=games
    ),
    Problem.CLOSED_NO_RESULTS: lambda **d: _("The evening is closed: results can no longer change"),
    Problem.NO_SUCH_GAME: lambda game, games, **d: _(
        "There is no game %(game)d: the evening has %(games)d", game=game, games=games
    ),
    Problem.GAME_NOT_STARTED: lambda game, current, **d: _(
        "Game %(game)d has not started: game %(current)d is being played", game=game, current=current
    ),
    Problem.GAME_NOT_SEATED: lambda game, **d: _("Game %(game)d has not been seated", game=game),
    Problem.NO_SUCH_TABLE: lambda table, game, **d: _(
        "There is no table %(table)d in game %(game)d", table=table, game=game
    ),
    Problem.NOT_AT_TABLE: lambda couple, table, game, **d: _(
        "Couple %(couple)d does not sit at table %(table)d in game %(game)d", couple=couple, table=table, game=game
    ),
    Problem.SAME_RESULT: lambda game, table, **d: _(
        "Game %(game)d at table %(table)d is already in: the same result", game=game, table=table
    ),
    Problem.ALREADY_REPORTED: lambda table, game, name, **d: _(
        "Table %(table)d already reported game %(game)d: %(name)s won. Send it as a correction to change it",
        table=table,
        game=game,
        name=name,
    ),
    Problem.SHEETS_ONLY_PLAY_TO: lambda **d: _("Score sheets are kept when a game is played to a score"),
    Problem.GAME_NOT_NOW: lambda game, **d: _("Game %(game)d is not being played now", game=game),
    Problem.SHEET_COUPLES: lambda table, **d: _("Those couples do not sit at table %(table)d", table=table),
    Problem.TABLE_REPORTED: lambda table, game, **d: _(
        "Table %(table)d has already reported game %(game)d", table=table, game=game
    ),
    Problem.SHEET_ALREADY: lambda table, game, **d: _(
        "Table %(table)d already keeps a sheet for game %(game)d", table=table, game=game
    ),
    Problem.NO_GAME_AT_TABLE: lambda **d: _("There is no game at this table now"),
    Problem.SHEET_REFUSED: lambda reason, **d: _(
        "A score sheet cannot be kept for this game: %(reason)s", reason=reason
    ),
    Problem.TIES_AFTER_CLOSE: lambda **d: _("Ties are settled once the evening is closed"),
    Problem.PLACE_NOT_TIED: lambda place, **d: _("Place %(place)d is not tied", place=place),
    Problem.TIE_SETTLED: lambda place, **d: _("The tie for place %(place)d is already settled", place=place),
    Problem.PLAY_OFF_ASKED: lambda place, **d: _(
        "A couple wants a play-off for place %(place)d: the others play off or forfeit", place=place
    ),
    Problem.CUT_UNDER_WAY: lambda place, **d: _("Place %(place)d is being cut for: finish the cut", place=place),
    Problem.NOT_TIED_COUPLE: lambda place, **d: _("That couple is not tied for place %(place)d", place=place),
    Problem.SPLIT_NEEDS_ALL: lambda **d: _("A prize is split only when every tied couple agrees"),
    Problem.CUT_EACH_ONCE: lambda **d: _("Each couple still in the cut cuts once, and only they"),
    Problem.NOT_A_CARD: lambda card, **d: _("“%(card)s” is not a card", card=card),
    Problem.JOKER_CUT: lambda **d: _("The joker does not count in a cut: cut again"),
    Problem.FORFEITED: lambda **d: _("That couple has forfeited"),
    Problem.FORFEIT_WITHOUT_PLAY_OFF: lambda **d: _("A couple forfeits only once a play-off is asked for"),
    Problem.ASKER_CANNOT_FORFEIT: lambda **d: _("The couple that asked for the play-off cannot forfeit it"),
    Problem.PLAY_OFF_NOT_ASKED: lambda **d: _("Ask for a play-off before recording who won it"),
    Problem.CHANGED_ELSEWHERE: lambda **d: _("The evening changed on another phone just then: look again and retry."),
}


def problem(err: PartyError) -> str:
    """The sentence that says why the party engine refused, in the reader's language."""
    return SENTENCES[err.problem](**err.details)


def lazy_problem(code: Problem, **details: int | str) -> LazyString:
    """A refusal's sentence for a form declared at import (a field's check that runs before the engine's), said in
    the language of the request that shows it."""
    return LazyString(lambda: SENTENCES[code](**details))


# What a form asks for when a couple's name is left blank (the engine's own refusal says "Each couple needs a name").
COUPLE_NAME_WANTED = lazy_gettext("Give the couple a name")


def evening_started() -> str:
    """The evening's start, said to the director who pressed it (on the evening's page or the club's desk)."""
    return _("The evening has started: game 1 is seated.")


GAME_KINDS = {
    GameKind.ONE_HAND: lazy_gettext("One hand"),
    GameKind.PLAY_TO: lazy_gettext("Play to a score"),
    GameKind.BELL: lazy_gettext("Until the bell (finish the hand)"),
}


def ladder_refusal(err: LadderError) -> str:
    """A ladder setting the club cannot have, in the reader's words, from the setting it names."""
    return {
        "place_points": gettext("Give points for 1 to 30 places, each from 0 to 1000."),
        "best_of": gettext("Count at least one evening."),
        "minimum": gettext("The minimum attendance is 0 or more."),
        "tie_breaks": gettext("Choose each tie-break once."),
    }.get(err.field, str(err))


def reported(done: Recording[PartyState], name: str) -> str:
    """What a table's page says of the result it sent (*name*: the winning couple's), from the door's outcome."""
    match done.outcome:
        case Outcome.RECORDED:
            return gettext("Recorded: %(name)s won game %(game)d.", name=name, game=done.n)
        case Outcome.DUPLICATE:
            return gettext("Game %(game)d was already in: %(name)s won. Nothing more to do.", game=done.n, name=name)
    if isinstance(done.refusal, PartyError):
        return problem(done.refusal)
    return problem(PartyError(Problem.CHANGED_ELSEWHERE))


def game_kind(kind: GameKind) -> str:
    """What one game is, as the choices of the form say it."""
    return str(GAME_KINDS[kind])


def setup_kind(setup: PartySetup) -> str:
    """Say what one game of this evening is ("Play to 45")."""
    if setup.kind is GameKind.PLAY_TO:
        return _("Play to %(points)d", points=setup.play_to or 0)
    if setup.kind is GameKind.BELL:
        return _("Until the bell")
    return _("One hand")


def settlement(how: Settlement) -> str:
    """How a settled tie was settled, in a word or two."""
    return {
        Settlement.SPLIT: _("split"),
        Settlement.CUT: _("cut"),
        Settlement.PLAYED_OFF: _("play-off"),
        Settlement.PLAY_OFF: _("play-off asked for"),
        Settlement.CUTTING: _("cutting"),
        Settlement.OPEN: _("open"),
    }[how]


def ordinal(place: int) -> str:
    """A prize place as written on a prize list: 1st, 2nd, 3rd, 4th..."""
    if place == 1:
        return _("1st")
    if place == 2:
        return _("2nd")
    if place == 3:
        return _("3rd")
    return _("%(num)dth", num=place)


def couples_named(state: PartyState, indexes: Iterable[int]) -> str:
    """Say a list of couples by name ("Ann & Cy and Bo & Di"), joined as the reader's language joins lists."""
    names = [state.couples[i].name for i in indexes]
    if len(names) <= 1:
        return "".join(names)
    return format_list(names, locale=get_locale() or "en")


# The numbers the party's forms and API read: what to say when one is not a whole number, or out of range.
NUMBERS: dict[str, tuple[Callable[[], str], Callable[[int, int], str]]] = {
    "games": (
        lambda: _("The number of games must be a whole number"),
        lambda lo, hi: _("The number of games must be from %(lo)d to %(hi)d", lo=lo, hi=hi),
    ),
    "prizes": (
        lambda: _("The number of prizes must be a whole number"),
        lambda lo, hi: _("The number of prizes must be from %(lo)d to %(hi)d", lo=lo, hi=hi),
    ),
    "cookie_jar": (
        lambda: _("The cookie jar must be a whole number"),
        lambda lo, hi: _("The cookie jar must be from %(lo)d to %(hi)d", lo=lo, hi=hi),
    ),
    "play_to": (
        lambda: _("The score to play to must be a whole number"),
        lambda lo, hi: _("The score to play to must be from %(lo)d to %(hi)d", lo=lo, hi=hi),
    ),
    "game": (
        lambda: _("The game number must be a whole number"),
        lambda lo, hi: _("The game number must be from %(lo)d to %(hi)d", lo=lo, hi=hi),
    ),
    "table": (
        lambda: _("The table number must be a whole number"),
        lambda lo, hi: _("The table number must be from %(lo)d to %(hi)d", lo=lo, hi=hi),
    ),
    "winner": (
        lambda: _("The winner must be a whole number"),
        lambda lo, hi: _("The winner must be from %(lo)d to %(hi)d", lo=lo, hi=hi),
    ),
    "winning_couple": (
        lambda: _("The winning couple's number must be a whole number"),
        lambda lo, hi: _("The winning couple's number must be from %(lo)d to %(hi)d", lo=lo, hi=hi),
    ),
    "couple": (
        lambda: _("The couple must be a whole number"),
        lambda lo, hi: _("The couple must be from %(lo)d to %(hi)d", lo=lo, hi=hi),
    ),
}


def whole(value: object, what: str, lo: int, hi: int) -> int:
    """Read a whole number from lo to hi (``platform.numbers.parse_int``), refusing in the reader's language.

    *what* names the number (a key of NUMBERS); the NumberError raised says, as one sentence,
    that it is not a whole number or not in range.
    """
    try:
        return parse_int(value, lo=lo, hi=hi)
    except NumberError:
        not_whole, out_of_range = NUMBERS[what]
        try:
            parse_int(value)
        except NumberError:
            raise NumberError(not_whole()) from None
        raise NumberError(out_of_range(lo, hi)) from None


def board_said(state: PartyState, reported: int, leaders: Sequence[int], wins: Sequence[int]) -> str:
    """The hall board said aloud: the game, the tables in, the leaders and their wins."""
    if not state.started:
        return _("Starting soon.")
    if state.finished or state.seating is None:
        return _("Final results: the prizes are on the board.")
    parts = [
        ngettext(
            "Game %(game)s of %(games)s: %(done)s of %(num)s table in.",
            "Game %(game)s of %(games)s: %(done)s of %(num)s tables in.",
            len(state.seating.tables),
            game=state.game,
            games=state.setup.games,
            done=reported,
        )
    ]
    if leaders:
        named = _(", ").join(
            ngettext("%(name)s, %(num)s win", "%(name)s, %(num)s wins", wins[c], name=state.couples[c].name)
            for c in leaders
        )
        parts.append(_("Leaders: %(leaders)s.", leaders=named))
    return " ".join(parts)


def evening_over() -> str:
    """That the evening is over, as the table's phone and the store's refusal say it."""
    return _("The evening is over.")


def table_said(state: PartyState, number: int, seats: Sequence[int] | None, reported: int | None) -> str:
    """A card party table's phone said aloud: who plays here, who deals, or who won here."""
    if not state.started:
        return _("The evening has not started yet.")
    if state.closed or (state.finished and reported is not None):
        return evening_over()
    if reported is not None:
        return _("%(name)s won game %(game)s here.", name=state.couples[reported].name, game=state.game)
    if not seats:
        return _("No game at table %(table)s this time.", table=number)
    return _(
        "Table %(table)s, game %(game)s of %(games)s: %(couples)s. %(dealer)s deal first.",
        table=number,
        game=state.game,
        games=state.setup.games,
        couples=couples_named(state, list(seats)),
        dealer=state.couples[seats[0]].name,
    )
