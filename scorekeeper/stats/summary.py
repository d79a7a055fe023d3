"""The row per person the statistics page opens with: the figures players argue about, side by side."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.stats import THIRTIES, PersonFigures, TableStats
from scorekeeper.stats.ratings import Skill


@dataclass(frozen=True, slots=True)
class SummaryRow:
    """One person's answers: won (rate), bids made and set (rates), their 30s, sets inflicted, best partner, rating."""

    person: str
    games: int
    won: int
    win_rate: Fraction | None
    hands_bid: int
    bids_made: int
    made_rate: Fraction | None
    bids_set: int
    set_rate: Fraction | None
    thirties_bid: int
    thirties_made: int
    sets_inflicted: int
    best_partner: str | None
    rating: Skill | None


def partner_of(person: str, figures: PersonFigures) -> str | None:
    """The best partner's id, or None (fewer than 3 games with anyone)."""
    if figures.best_partner is None:
        return None
    return next((p for p in figures.best_partner if p != person), None)


def thirties(figures: PersonFigures) -> tuple[int, int]:
    """Their 30s: times bid and made at 30 or above (30 for 60, 60 for 120, slam included)."""
    bid = made = 0
    for label, b, m in figures.bids():
        if label in THIRTIES:
            bid += b
            made += m
    return bid, made


def summary_rows(stats: TableStats, ratings: Mapping[str, Skill] | None = None) -> list[SummaryRow]:
    """A row per person, the best rated first (then most games won, then the id); the unrated after them."""
    rows = []
    for person, f in stats.people.items():
        bid30, made30 = thirties(f)
        rows.append(
            SummaryRow(
                person=person,
                games=f.games,
                won=f.won,
                win_rate=f.win_rate,
                hands_bid=f.hands_bid,
                bids_made=f.bids_made,
                made_rate=f.made_rate,
                bids_set=f.bids_set,
                set_rate=f.set_rate,
                thirties_bid=bid30,
                thirties_made=made30,
                sets_inflicted=f.sets_inflicted,
                best_partner=partner_of(person, f),
                rating=(ratings or {}).get(person),
            )
        )
    return sorted(rows, key=lambda r: (r.rating is None, -(r.rating.rating if r.rating else 0), -r.won, r.person))
