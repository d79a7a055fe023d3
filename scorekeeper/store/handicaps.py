"""The handicap prize of a club's evening (a club option), worked out from the season as the ladder reads it."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.party.handicap import HandicapLine, couple_handicap, handicap_prize, player_handicaps
from scorekeeper.store import clubs as club_store
from scorekeeper.store.models import Club

SETTING = "handicap"


def enabled(club: Club) -> bool:
    """Whether the club plays for a handicap prize."""
    return bool((club.settings or {}).get(SETTING))


@dataclass(frozen=True, slots=True)
class EveningHandicaps:
    """Each couple's handicap for one evening, and the handicap prize list from its games won so far."""

    couples: dict[int, Fraction]
    prize: list[HandicapLine]


def of_evening(club: Club, party_id: str) -> EveningHandicaps | None:
    """The evening's handicaps and prize list; None when the club plays no handicap prize or the evening is not its."""
    evening = club_store.evening_of(party_id)
    if not enabled(club) or evening is None or evening.club_id != club.id:
        return None
    worked = club_store.season(club, evening.season)
    at = next((i for i, (_e, row, _s) in enumerate(worked.evenings) if row.id == party_id), None)
    if at is None:
        return None
    players = player_handicaps(worked.results[:at])
    state = worked.evenings[at][2]
    first: dict[int, dict[int, tuple[int, int]]] = {}
    for chair in club_store.chairs_of(party_id):
        held = first.setdefault(chair.couple, {})
        if chair.slot not in held or chair.from_game < held[chair.slot][0]:
            held[chair.slot] = (chair.from_game, chair.member)
    couples = {
        c.index: couple_handicap([m for _g, m in sorted(first.get(c.index, {}).values())], players)
        for c in state.couples
    }
    seated = {c for seating in state.seatings for c in seating.seated()}
    standings = state.standings()
    wins = {c: standings.wins[c] for c in sorted(seated)}
    return EveningHandicaps(couples, handicap_prize(wins, couples))
