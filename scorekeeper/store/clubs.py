"""Storing clubs: the roster, the club's evenings (card parties), who sat in each couple, the pots, the ladder.

The one writing service of clubs: pages and the JSON API both go through here.
An evening of a club is an ordinary card party (``scorekeeper.store.parties``),
linked to the club by a ``ClubEvening`` row; a couple registered at the desk is
an ``AddCouple`` entry of the party's log and, in the same transaction, the
``ClubChair`` rows of its two members. Every change of the roster, the chairs
or the pots moves the club's version on; the ladder is worked out again when
the club's version or any of its evenings' versions moved (a corrected result
moves the ladder).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError

from scorekeeper.party import AddCouple, Couple, Entry, Gone, PartySetup, PartyState
from scorekeeper.party.ladder import (
    DEFAULT_PLACE_POINTS,
    Chair,
    EveningResult,
    JackpotLine,
    LadderLine,
    LadderRules,
    Scoring,
    TieBreak,
    evening_result,
    jackpot,
    ladder,
)
from scorekeeper.platform.extensions import db
from scorekeeper.rules import NAME_MAX, has_hidden_character
from scorekeeper.store import log, ratings
from scorekeeper.store import parties as party_store
from scorekeeper.store.models import Club, ClubChair, ClubEvening, ClubMember, ClubSeat, Party
from scorekeeper.store.outcomes import Said, StoreRefused
from scorekeeper.store.parties import PartyRow

CURRENCIES = ("CAD", "USD", "EUR")
MAX_MEMBERS = 2000
MAX_SEASON = 32
MAX_CENTS = 100_000_000
POT_FIELDS = ("entry_fee", "players", "cookie_jar", "fifty_fifty", "jackpot_added")


class ClubError(StoreRefused):
    """A change the club cannot take: its code (``Said``) and details; ``field`` names the input."""


# -- Settings ---------------------------------------------------------------------------


def default_settings() -> dict[str, Any]:
    return {
        "scoring": str(Scoring.PLACES),
        "place_points": list(DEFAULT_PLACE_POINTS),
        "best_of": None,
        "minimum": 0,
        "tie_breaks": [str(TieBreak.WINS), str(TieBreak.BEST)],
    }


def rules_of(settings: dict[str, Any]) -> LadderRules:
    """The ladder's rules from the club's stored settings."""
    s = {**default_settings(), **settings}
    return LadderRules(
        scoring=Scoring(s["scoring"]),
        place_points=tuple(s["place_points"]),
        best_of=s["best_of"],
        minimum=s["minimum"],
        tie_breaks=tuple(TieBreak(t) for t in s["tie_breaks"]),
    )


def settings_of(rules: LadderRules) -> dict[str, Any]:
    return {
        "scoring": str(rules.scoring),
        "place_points": list(rules.place_points),
        "best_of": rules.best_of,
        "minimum": rules.minimum,
        "tie_breaks": [str(t) for t in rules.tie_breaks],
    }


def season_of(day: date) -> str:
    """The winter season a day belongs to: July to June, as ``2026-2027``."""
    first = day.year if day.month >= 7 else day.year - 1
    return f"{first}-{first + 1}"


def _name(name: str, what: str = "name") -> str:
    name = (name or "").strip()
    if not name:
        raise ClubError(Said.NAME_MISSING, what)
    if len(name) > NAME_MAX:
        raise ClubError(Said.NAME_TOO_LONG, what, details={"n": NAME_MAX})
    if has_hidden_character(name):
        raise ClubError(Said.NAME_HIDDEN, what)
    return name


# -- Reading ------------------------------------------------------------------------------


def get(club_id: str) -> Club | None:
    if not isinstance(club_id, str) or not party_store.PARTY_ID.fullmatch(club_id):
        return None
    return db.session.get(Club, club_id)


def member(club: Club, number: int) -> ClubMember | None:
    return next((m for m in club.members if m.number == number), None)


@dataclass(frozen=True, slots=True)
class EveningRow:
    """A club evening's own row, read once and kept with the season worked out from it (no database object)."""

    party_id: str
    club_id: str
    season: str
    pots: dict[str, Any]


def evenings(club_id: str, season: str | None = None) -> list[tuple[EveningRow, PartyRow]]:
    """The club's evenings (of one season), in the order they were held."""
    query = (
        select(ClubEvening, Party)
        .join(Party, Party.id == ClubEvening.party_id)
        .where(ClubEvening.club_id == club_id)
        .order_by(Party.held_on.is_(None), Party.held_on, ClubEvening.created_at)
    )
    if season is not None:
        query = query.where(ClubEvening.season == season)
    out = []
    for evening, party in db.session.execute(query).all():
        row = PartyRow(
            party.id, party.edit_token, party.hall_token, party.name, party.held_on, party.settings, party.version
        )
        out.append((EveningRow(evening.party_id, evening.club_id, evening.season, dict(evening.pots)), row))
    return out


def seasons(club_id: str) -> list[str]:
    found = db.session.scalars(
        select(ClubEvening.season).where(ClubEvening.club_id == club_id).group_by(ClubEvening.season)
    ).all()
    return sorted(found, reverse=True)


def evening_of(party_id: str) -> ClubEvening | None:
    if not isinstance(party_id, str) or not party_store.PARTY_ID.fullmatch(party_id):
        return None
    return db.session.get(ClubEvening, party_id)


def chairs_of(party_id: str) -> list[Chair]:
    rows = db.session.execute(
        select(ClubChair.couple, ClubChair.slot, ClubChair.number, ClubChair.from_game).where(
            ClubChair.party_id == party_id
        )
    ).all()
    return [Chair(c, s, n, g) for c, s, n, g in rows]


def seated_numbers(chairs: Sequence[Chair]) -> set[int]:
    return {c.member for c in chairs}


# -- Writing ------------------------------------------------------------------------------


def _touch(club_id: str) -> None:
    log.advance(Club, club_id, None)


def _lock(club: Club) -> None:
    """Move the club to its next version first, taking its write lock, and read it again under that lock.

    Of ten desk phones changing the club at once, each then works on the club as the one before left it: a
    club number is handed out, a name or a chair checked, on what is stored, one writer at a time.
    """
    if not log.advance(Club, club.id, None):
        db.session.rollback()
        raise LookupError(club.id)
    db.session.expire(club)


def _refused(err: ClubError) -> ClubError:
    """Drop what the refused change had begun (the club's version included) and give the refusal back."""
    db.session.rollback()
    return err


def create(name: str, currency: str = "CAD") -> Club:
    if currency not in CURRENCIES:
        raise ClubError(Said.CURRENCY, "currency")
    club = Club(name=_name(name), currency=currency, settings=default_settings())
    db.session.add(club)
    db.session.commit()
    return club


def update(
    club: Club,
    *,
    name: str | None = None,
    currency: str | None = None,
    rules: LadderRules | None = None,
    handicap: bool | None = None,
) -> None:
    clean = None if name is None else _name(name)
    if currency is not None and currency not in CURRENCIES:
        raise ClubError(Said.CURRENCY, "currency")
    _lock(club)
    if clean is not None:
        club.name = clean
    if currency is not None:
        club.currency = currency
    # Options beside the ladder's rules (the handicap prize) stay as they are unless given.
    kept = {k: v for k, v in (club.settings or {}).items() if k not in default_settings()}
    if handicap is not None:
        kept["handicap"] = handicap
    if rules is not None or handicap is not None:
        club.settings = {**(settings_of(rules) if rules is not None else club.settings or {}), **kept}
    db.session.commit()


def add_member(club: Club, name: str) -> ClubMember:
    name = _name(name)
    # The next number is read under the club's write lock: ten phones adding members at once get ten numbers.
    _lock(club)
    count, highest = db.session.execute(
        select(func.count(ClubMember.id), func.max(ClubMember.number)).where(ClubMember.club_id == club.id)
    ).one()
    if count >= MAX_MEMBERS:
        raise _refused(ClubError(Said.TOO_MANY_MEMBERS, "name", details={"n": MAX_MEMBERS}))
    added = ClubMember(club_id=club.id, number=(highest or 0) + 1, name=name, active=True)
    db.session.add(added)
    db.session.commit()
    return added


def _member(club: Club, number: int) -> ClubMember:
    found = member(club, number)
    if found is None:
        raise ClubError(Said.NO_SUCH_MEMBER, "number", details={"n": number})
    return found


def rename_member(club: Club, number: int, name: str) -> None:
    clean = _name(name)
    _lock(club)
    try:
        _member(club, number).name = clean
    except ClubError as err:
        raise _refused(err) from None
    db.session.commit()


def set_active(club: Club, number: int, active: bool) -> None:
    _lock(club)
    try:
        _member(club, number).active = active
    except ClubError as err:
        raise _refused(err) from None
    db.session.commit()


def _locked(club: Club) -> None:
    """Take the club's write lock first, then read its roster again as the last writer left it.

    Two directors merging at the same moment (one 1 into 5, the other 5 into 1) are
    then served one after the other: the second sees the first merge and is refused.
    """
    _lock(club)
    db.session.scalars(
        select(ClubMember).where(ClubMember.club_id == club.id).execution_options(populate_existing=True)
    ).all()


def merge_member(club: Club, number: int, into: int) -> None:
    """The same person entered twice: *number*'s evenings count as *into*'s; the number is kept, inactive.

    Nothing is lost: ``unmerge_member`` gives the number its own evenings back.
    """
    _locked(club)
    gone, kept = _member(club, number), _member(club, into)
    if gone.merged_into is not None:
        db.session.rollback()
        raise ClubError(Said.ALREADY_MERGED, "number", details={"n": number, "into": gone.merged_into})
    if gone.number == kept.number or kept.merged_into is not None:
        db.session.rollback()
        raise ClubError(Said.MERGE_INTO_MERGED, "into")
    gone.merged_into, gone.active = kept.number, False
    db.session.commit()
    ratings.club_written(club.id, party_store.load)


def unmerge_member(club: Club, number: int) -> int:
    """Take a merge back: *number* is a member of its own again, with its own evenings; return the number it left."""
    _locked(club)
    gone = _member(club, number)
    if gone.merged_into is None:
        db.session.rollback()
        raise ClubError(Said.NOT_MERGED, "number", details={"n": number})
    kept, gone.merged_into, gone.active = gone.merged_into, None, True
    db.session.commit()
    ratings.club_written(club.id, party_store.load)
    return kept


def new_evening(
    club: Club,
    setup: PartySetup,
    *,
    held_on: date | None,
    season: str | None = None,
    pots: dict[str, Any] | None = None,
) -> Party:
    """A new card party of the club, with no couples yet: the desk registers them."""
    season = (season or "").strip()[:MAX_SEASON] or season_of(held_on or date.today())
    party = party_store.create(setup, (), held_on=held_on)
    defaults = {"entry_fee": 0, "players": None, "cookie_jar": 0, "fifty_fifty": 0, "jackpot_added": 0}
    _lock(club)
    db.session.add(ClubEvening(party_id=party.id, club_id=club.id, season=season, pots={**defaults, **(pots or {})}))
    db.session.commit()
    return party


def couple_name(members: Sequence[ClubMember]) -> str:
    return " & ".join(m.name for m in members)[:NAME_MAX]


def register(club: Club, party_id: str, pairs: Sequence[Sequence[int]]) -> PartyState:
    """Register couples at the desk: each pair of club numbers becomes a couple of the evening, in one write."""
    evening = evening_of(party_id)
    if evening is None or evening.club_id != club.id:
        raise LookupError(party_id)
    by_number = {m.number: m for m in club.members}
    seen: set[int] = set()
    for pair in pairs:
        if len(pair) != 2 or pair[0] == pair[1]:
            raise ClubError(Said.COUPLE_TWO_PLAYERS, "members")
        for number in pair:
            if number not in by_number:
                raise ClubError(Said.NO_SUCH_MEMBER, "members", details={"n": number})
            if number in seen:
                raise ClubError(Said.ONE_COUPLE_ONLY, "members")
            seen.add(number)
    club_id = club.id

    def make(state: PartyState) -> list[Entry]:
        # Under the evening's and the club's write locks: the chairs read here are the ones every other desk
        # phone left.
        _touch(club_id)
        already = seated_numbers(chairs_of(party_id)) & seen
        if already:
            raise ClubError(Said.ALREADY_IN_COUPLE, "members", details={"names": _names(by_number, already)})
        entries: list[Entry] = []
        for n, pair in enumerate(pairs):
            members = [by_number[x] for x in pair]
            index = len(state.couples) + n
            for slot, m in enumerate(members):
                db.session.add(ClubChair(party_id=party_id, couple=index, slot=slot, number=m.number, from_game=1))
                db.session.add(ClubSeat(party_id=party_id, number=m.number, couple=index))
            entries.append(AddCouple(Couple(couple_name(members), tuple(m.name for m in members))))
        return entries

    try:
        return party_store.write(party_id, make, source="desk")
    except ClubError:
        db.session.rollback()
        raise
    except IntegrityError:  # the key of club_seats: the same member registered by another phone this moment
        db.session.rollback()
        raise ClubError(Said.ALREADY_IN_COUPLE, "members", details={"names": _names(by_number, seen)}) from None


def unregister(club: Club, party_id: str, couple: int) -> PartyState:
    """Take a couple off before the start (registered by mistake): it never plays, its players are free again."""
    evening = evening_of(party_id)
    if evening is None or evening.club_id != club.id:
        raise LookupError(party_id)
    club_id = club.id

    def make(state: PartyState) -> list[Entry]:
        if state.started:
            raise ClubError(Said.EVENING_STARTED)
        if not 0 <= couple < len(state.couples) or state.couples[couple].gone_from is not None:
            raise ClubError(Said.NO_SUCH_COUPLE, "couple")
        db.session.execute(delete(ClubChair).where(ClubChair.party_id == party_id, ClubChair.couple == couple))
        db.session.execute(delete(ClubSeat).where(ClubSeat.party_id == party_id, ClubSeat.couple == couple))
        _touch(club_id)
        return [Gone(couple)]

    try:
        return party_store.write(party_id, make, source="desk")
    except ClubError:
        db.session.rollback()
        raise


def _names(by_number: dict[int, ClubMember], numbers: set[int]) -> str:
    return ", ".join(by_number[n].name for n in sorted(numbers))


def pair_at_random(numbers: Sequence[int], rng: random.Random | None = None) -> list[tuple[int, int]]:
    """Pair the players who came alone at random (an even number of them)."""
    if len(numbers) < 2 or len(numbers) % 2:
        raise ClubError(Said.PAIR_EVEN, "members")
    shuffled = list(numbers)
    (rng or random.Random(secrets.randbits(64))).shuffle(shuffled)
    return [(shuffled[i], shuffled[i + 1]) for i in range(0, len(shuffled), 2)]


def substitute(club: Club, party_id: str, couple: int, slot: int, number: int) -> int:
    """A substitute takes a chair of a couple from the next game (from game 1 before the start); return that game."""
    evening = evening_of(party_id)
    if evening is None or evening.club_id != club.id:
        raise LookupError(party_id)
    # Under the club's write lock, which every change of the chairs takes: the chairs and the evening read
    # below are the ones every other desk phone left.
    _lock(club)
    try:
        from_game = _substitute(club, party_id, couple, slot, number)
    except ClubError as err:
        raise _refused(err) from None
    try:
        db.session.commit()
    except IntegrityError:  # the key of club_seats: the member took a chair in another couple this moment
        db.session.rollback()
        raise ClubError(Said.ALREADY_SEATED, "number") from None
    ratings.evening_written(party_id, party_store.load)
    return from_game


def _substitute(club: Club, party_id: str, couple: int, slot: int, number: int) -> int:
    found = party_store.load(party_id)
    if found is None:
        raise LookupError(party_id)
    _row, state = found
    if not 0 <= couple < len(state.couples) or slot not in (0, 1):
        raise ClubError(Said.NO_SUCH_COUPLE, "couple")
    if _member(club, number).merged_into is not None:
        raise ClubError(Said.MEMBER_MERGED, "number")
    chairs = chairs_of(party_id)
    holding = {c.member for c in chairs if not (c.couple == couple and c.slot == slot)}
    if number in holding:
        raise ClubError(Said.ALREADY_SEATED, "number")
    if state.finished:
        raise ClubError(Said.EVENING_OVER, "couple")
    from_game = state.game + 1 if state.started else 1
    if from_game > state.setup.games:
        raise ClubError(Said.LAST_GAME, "couple")
    existing = db.session.scalar(
        select(ClubChair).where(
            ClubChair.party_id == party_id,
            ClubChair.couple == couple,
            ClubChair.slot == slot,
            ClubChair.from_game == from_game,
        )
    )
    if existing is not None:
        existing.number = number
    else:
        db.session.add(ClubChair(party_id=party_id, couple=couple, slot=slot, number=number, from_game=from_game))
    seat = db.session.get(ClubSeat, (party_id, number))
    if seat is None:
        db.session.add(ClubSeat(party_id=party_id, number=number, couple=couple))
    db.session.flush()
    # A chair taken over before its first game leaves its former holder in no couple: free them again.
    sitting = select(ClubChair.number).where(ClubChair.party_id == party_id)
    db.session.execute(
        delete(ClubSeat).where(ClubSeat.party_id == party_id, ClubSeat.number.not_in(sitting)),
        execution_options={"synchronize_session": False},
    )
    return from_game


def _cents(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_CENTS:
        raise ClubError(Said.CENTS, what)
    return value


def set_pots(club: Club, party_id: str, pots: dict[str, Any]) -> None:
    """The evening's money: entry fee, players who paid, cookie jar, 50/50, jackpot, prizes (cents)."""
    evening = evening_of(party_id)
    if evening is None or evening.club_id != club.id:
        raise LookupError(party_id)
    _lock(club)
    db.session.refresh(evening)  # as the last writer left it: two phones saving pots each keep the other's
    try:
        clean = _clean_pots(dict(evening.pots), pots)
    except ClubError as err:
        raise _refused(err) from None
    evening.pots = clean
    db.session.commit()


def _clean_pots(clean: dict[str, Any], pots: dict[str, Any]) -> dict[str, Any]:
    """The evening's pots *clean* with the amounts of *pots* put in, each checked."""
    for key in ("entry_fee", "cookie_jar", "fifty_fifty", "jackpot_added"):
        if key in pots:
            clean[key] = _cents(pots[key], key)
    if "players" in pots:
        clean["players"] = None if pots["players"] is None else _cents(pots["players"], "players")
    if "prizes" in pots:
        prizes = pots["prizes"]
        if not isinstance(prizes, list) or len(prizes) > 10:
            raise ClubError(Said.PRIZES_TOO_MANY, "prizes")
        clean["prizes"] = [_cents(p, "prizes") for p in prizes]
    for key in ("fifty_fifty_winner", "jackpot_winner"):
        if key in pots:
            if pots[key] is not None and not isinstance(pots[key], str):
                raise ClubError(Said.NAME_MISSING, key)
            clean[key] = _name(pots[key], key) if pots[key] else None
    if "jackpot_won" in pots:
        clean["jackpot_won"] = bool(pots["jackpot_won"])
    return clean


def clean_pots(pots: dict[str, Any], before: dict[str, Any]) -> dict[str, Any]:
    """The evening's money as stored: *before* with the amounts of *pots* checked and put in (ClubError)."""
    return _clean_pots(dict(before), pots)


# -- The evening's money, the season's ladder ----------------------------------------------


@dataclass(frozen=True, slots=True)
class Tally:
    """One evening's money, in cents."""

    entry_fee: int
    players: int
    fees: int
    prizes: tuple[int, ...]
    prizes_paid: int
    cookie_jar: int
    fifty_collected: int
    fifty_prize: int
    fifty_winner: str | None
    jackpot: JackpotLine
    jackpot_winner: str | None

    @property
    def fifty_to_club(self) -> int:
        return self.fifty_collected - self.fifty_prize

    @property
    def club_keeps(self) -> int:
        return self.fees + self.fifty_to_club - self.prizes_paid - self.cookie_jar


def tallies(season_evenings: Sequence[tuple[EveningRow, PartyRow]], registered: dict[str, int]) -> dict[str, Tally]:
    """Each evening's money; the jackpot carried from evening to evening of the season."""
    lines = jackpot([(e.pots.get("jackpot_added", 0), bool(e.pots.get("jackpot_won"))) for e, _r in season_evenings])
    out = {}
    for (evening, row), line in zip(season_evenings, lines, strict=True):
        p = evening.pots
        players = p.get("players")
        players = registered.get(row.id, 0) if players is None else players
        prizes = tuple(p.get("prizes") or ())
        fifty = p.get("fifty_fifty", 0)
        out[row.id] = Tally(
            entry_fee=p.get("entry_fee", 0),
            players=players,
            fees=p.get("entry_fee", 0) * players,
            prizes=prizes,
            prizes_paid=sum(prizes),
            cookie_jar=p.get("cookie_jar", 0),
            fifty_collected=fifty,
            fifty_prize=fifty // 2,
            fifty_winner=p.get("fifty_fifty_winner"),
            jackpot=line,
            jackpot_winner=p.get("jackpot_winner"),
        )
    return out


@dataclass(frozen=True, slots=True)
class Season:
    """A club's season worked out: its evenings replayed, the ladder, the money."""

    season: str
    rules: LadderRules
    evenings: tuple[tuple[EveningRow, PartyRow, PartyState], ...]
    results: tuple[EveningResult, ...]
    lines: tuple[LadderLine, ...]
    names: dict[int, str]
    tallies: dict[str, Tally] = field(default_factory=dict)


def _season_cache() -> log.VersionCache[Season]:
    return log.cache("club_seasons")


def _result_cache() -> log.VersionCache[tuple[EveningResult, int]]:
    return log.cache("club_evening_results")


def season(club: Club, name: str) -> Season:
    """The season *name* of the club, worked out again only when the club or one of its evenings changed."""
    found = evenings(club.id, name)
    key = (club.id, name, club.version, tuple((r.id, r.version) for _e, r in found))
    cache = _season_cache()
    kept = cache.get(key, 0)
    if kept is not None:
        return kept
    replayed = []
    results = []
    registered = {}
    kept_results = _result_cache()
    wanted: dict[str, PartyRow] = {}
    for evening, row in found:
        replayed.append((evening, row, party_store.state_of(row)))
        # One evening's result is kept per version of the evening and of the club (whose version moves
        # with every chair): a corrected result works out that evening again, and only that one.
        if kept_results.get((row.id, club.version), row.version) is None:
            wanted[row.id] = row
    all_chairs: dict[str, list[Chair]] = {}
    if wanted:
        columns = (ClubChair.party_id, ClubChair.couple, ClubChair.slot, ClubChair.number, ClubChair.from_game)
        for party_id, couple, slot, number, from_game in db.session.execute(
            select(*columns).where(ClubChair.party_id.in_(list(wanted)))
        ):
            all_chairs.setdefault(party_id, []).append(Chair(couple, slot, number, from_game))
    for _evening, row, state in replayed:
        cached = None if row.id in wanted else kept_results.get((row.id, club.version), row.version)
        if cached is None:
            chairs = all_chairs.get(row.id, [])
            cached = (evening_result(row.id, state, chairs), len({c.member for c in chairs}))
            kept_results.put((row.id, club.version), row.version, cached)
        results.append(cached[0])
        registered[row.id] = cached[1]
    merged = {m.number: m.merged_into for m in club.members if m.merged_into is not None}
    rules = rules_of(club.settings)
    worked = Season(
        season=name,
        rules=rules,
        evenings=tuple(replayed),
        results=tuple(results),
        lines=ladder(results, rules, merged),
        names={m.number: m.name for m in club.members},
        tallies=tallies([(e, r) for e, r, _s in replayed], registered),
    )
    cache.put(key, 0, worked)
    return worked


def current_season(club: Club) -> str:
    known = seasons(club.id)
    return known[0] if known else season_of(date.today())
