"""A card party: an evening of games at many tables, winners moving on, punch cards and prizes.

Pure Python with no web or database imports, like ``scorekeeper.rules``: the
pages, the JSON API and the tests ask it the same questions. A party is its
settings (``PartySetup``) and a log of entries; ``replay`` turns the log into
the evening (``PartyState``).
"""

from .model import (
    GAME_KIND_LABELS,
    MAX_COUPLES,
    MAX_GAMES,
    MAX_NAME,
    MAX_PLAY_TO,
    MAX_PRIZES,
    AddCouple,
    Close,
    CookieDraw,
    Couple,
    Cut,
    Entry,
    Forfeit,
    GameKind,
    Gone,
    PartyError,
    PartySetup,
    PlayOffWanted,
    PlayOffWon,
    Result,
    Split,
    Start,
)
from .movement import Seating, Table, first_seating, next_seating
from .places import (
    Booby,
    Place,
    Settlement,
    TieState,
    booby_prize,
    cookie_jar_winners,
    cut_value,
    draw_cookie_jar,
    places,
)
from .state import CoupleEntry, PartyState, Standings, couples_named, replay

__all__ = [
    "GAME_KIND_LABELS",
    "MAX_COUPLES",
    "MAX_GAMES",
    "MAX_NAME",
    "MAX_PLAY_TO",
    "MAX_PRIZES",
    "AddCouple",
    "Booby",
    "Close",
    "CookieDraw",
    "Couple",
    "CoupleEntry",
    "Cut",
    "Entry",
    "Forfeit",
    "GameKind",
    "Gone",
    "PartyError",
    "PartySetup",
    "PartyState",
    "Place",
    "PlayOffWanted",
    "PlayOffWon",
    "Result",
    "Seating",
    "Settlement",
    "Split",
    "Standings",
    "Start",
    "Table",
    "TieState",
    "booby_prize",
    "cookie_jar_winners",
    "couples_named",
    "cut_value",
    "draw_cookie_jar",
    "first_seating",
    "next_seating",
    "places",
    "replay",
]
