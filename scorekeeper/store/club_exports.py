"""A club's whole season as one JSON document, and a new club brought back from it exactly.

The export holds what was entered: the club's name, currency and ladder rules;
each member with their club number (active or not, merged or not); each evening
with its settings, season, pots, every entry of its log as recorded, who sat in
each couple's chairs, and the score sheets its tables kept. The import reads and
replays all of it before writing anything, then writes the club in one
transaction, with new links of its own.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import selectinload

from scorekeeper.party import PartyError, PartySetup, entry_from_row, entry_row, replay
from scorekeeper.platform.extensions import db
from scorekeeper.store import clubs, ratings, resends
from scorekeeper.store import games as game_store
from scorekeeper.store import parties as party_store
from scorekeeper.store import tables as table_store
from scorekeeper.store.models import (
    Club,
    ClubChair,
    ClubEvening,
    ClubMember,
    ClubSeat,
    Game,
    Party,
    PartyEntry,
    new_public_id,
    new_token,
    utcnow,
)
from scorekeeper.store.outcomes import Said

EXPORT_FORMAT = "forty-fives-club"
EXPORT_VERSION = 1
IMPORT_MAX_BYTES = table_store.IMPORT_MAX_BYTES
MAX_EVENINGS = 2000
MAX_LOG = 20_000  # entries of one evening's log
SHEET = "sheet"


class ClubImportError(clubs.ClubError):
    """An export that cannot be brought back; the message names the part, ``field`` where it is."""


# -- Export ---------------------------------------------------------------------------------


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def export_club(club: Club) -> str:
    """The whole club as JSON text: members, evenings with their logs, chairs, pots and sheets, ladder rules."""
    evenings = db.session.scalars(
        select(ClubEvening).where(ClubEvening.club_id == club.id).order_by(ClubEvening.created_at, ClubEvening.party_id)
    ).all()
    ids = [e.party_id for e in evenings]
    parties = {
        p.id: p for p in db.session.scalars(select(Party).where(Party.id.in_(ids)).options(selectinload(Party.entries)))
    }
    seats: dict[str, list[tuple[int, int]]] = {}
    for party_id, number, couple in db.session.execute(
        select(ClubSeat.party_id, ClubSeat.number, ClubSeat.couple)
        .where(ClubSeat.party_id.in_(ids))
        .order_by(ClubSeat.number)
    ):
        seats.setdefault(party_id, []).append((number, couple))
    chairs: dict[str, list[ClubChair]] = {}
    for chair in db.session.scalars(
        select(ClubChair)
        .where(ClubChair.party_id.in_(ids))
        .order_by(ClubChair.couple, ClubChair.slot, ClubChair.from_game)
    ):
        chairs.setdefault(chair.party_id, []).append(chair)
    sheet_ids = [
        entry.data[SHEET]
        for p in parties.values()
        for entry in p.entries
        if entry.kind == SHEET and SHEET in entry.data
    ]
    sheets = {
        g.id: g
        for g in db.session.scalars(
            select(Game)
            .where(Game.id.in_(sheet_ids))
            .options(selectinload(Game.sides), selectinload(Game.players), selectinload(Game.hands))
        )
    }
    document = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "name": club.name,
        "currency": club.currency,
        "ladder_rules": clubs.settings_of(clubs.rules_of(club.settings)),
        "members": [
            {
                "number": m.number,
                "name": m.name,
                "active": m.active,
                "merged_into": m.merged_into,
                "joined": _iso(m.created_at),
            }
            for m in club.members
        ],
        "evenings": [
            _evening(e, parties[e.party_id], chairs.get(e.party_id, []), seats.get(e.party_id, []), sheets)
            for e in evenings
        ],
    }
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def _evening(
    evening: ClubEvening,
    party: Party,
    chairs: list[ClubChair],
    seats: list[tuple[int, int]],
    sheets: Mapping[str, Game],
) -> dict[str, Any]:
    kept = [entry.data[SHEET] for entry in party.entries if entry.kind == SHEET and entry.data.get(SHEET) in sheets]
    return {
        "name": party.name,
        "held_on": party.held_on.isoformat() if party.held_on else None,
        "season": evening.season,
        "settings": party.settings,
        "pots": evening.pots,
        "created": _iso(evening.created_at),
        "log": [
            {"n": e.n, "kind": e.kind, "data": e.data, "source": e.source, "recorded_at": _iso(e.recorded_at)}
            for e in party.entries
        ],
        "chairs": [{"couple": c.couple, "slot": c.slot, "number": c.number, "from_game": c.from_game} for c in chairs],
        "seats": [{"number": number, "couple": couple} for number, couple in seats],
        "sheets": [table_store.export_game(sheets[game_id]) for game_id in kept],
    }


# -- Import ---------------------------------------------------------------------------------


def import_club(document: object, key: str | None = None, body: bytes = b"") -> resends.Made[Club]:
    """A new club holding the season of an export; ClubImportError and nothing stored if any part is wrong.

    With an Idempotency-Key, a resend of *body* answers with the club the first send made.
    """
    made = resends.once("club", key, body, lambda: _import(document), clubs.get)
    if made.first:
        ratings.club_written(made.what.id, party_store.load)
    return made


def _refuse(code: Said, field: str, **details: object) -> ClubImportError:
    return ClubImportError(code, field, details=details)


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _moment(value: object, field: str) -> datetime | None:
    if value is None:
        return None
    if isinstance(value, str) and len(value) <= 40:
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
            moment = (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
        except (ValueError, OverflowError):
            pass
        else:
            if table_store.EARLIEST <= moment <= utcnow() + table_store.AHEAD:
                return moment
    raise _refuse(Said.EXPORT_DATE, field, what=field)


@dataclass(frozen=True, slots=True)
class _Evening:
    name: str
    held_on: date | None
    season: str
    settings: dict[str, Any]
    pots: dict[str, Any]
    created: datetime | None
    log: list[tuple[str, dict[str, Any], str, datetime | None]]
    chairs: list[tuple[int, int, int, int]]
    seated: dict[int, int]  # club number: couple
    sheets: dict[str, table_store.ReadGame]


def _import(document: object) -> tuple[Club, str]:
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise _refuse(Said.NOT_A_CLUB_EXPORT, "format", f=EXPORT_FORMAT)
    if document.get("version", EXPORT_VERSION) != EXPORT_VERSION or isinstance(document.get("version"), bool):
        raise _refuse(Said.EXPORT_VERSION, "version", v=EXPORT_VERSION)
    given_name = document.get("name")
    name = clubs._name(given_name if isinstance(given_name, str) else "", "name")
    currency = document.get("currency", "CAD")
    if currency not in clubs.CURRENCIES:
        raise ClubImportError(Said.CURRENCY, "currency")
    rules = document.get("ladder_rules", clubs.default_settings())
    try:
        settings = clubs.settings_of(clubs.rules_of(rules if isinstance(rules, dict) else {}))
    except (ValueError, TypeError, KeyError):
        raise _refuse(Said.LADDER_RULES, "ladder_rules") from None
    if not isinstance(rules, dict) or clubs.settings_of(clubs.rules_of(settings)) != settings:
        raise _refuse(Said.LADDER_RULES, "ladder_rules")
    members = _members(document.get("members"))
    given = document.get("evenings")
    if not isinstance(given, list) or len(given) > MAX_EVENINGS:
        raise _refuse(Said.EVENINGS_AS_LIST, "evenings", n=MAX_EVENINGS)
    seen = table_store.Seen({}, {})
    evenings = [_read_evening(e, i, members, seen) for i, e in enumerate(given)]
    return _write(name, currency, settings, members, evenings)


def _members(given: object) -> dict[int, tuple[str, bool, int | None, datetime | None]]:
    if not isinstance(given, list) or len(given) > clubs.MAX_MEMBERS:
        raise _refuse(Said.MEMBERS_AS_LIST, "members", n=clubs.MAX_MEMBERS)
    found: dict[int, tuple[str, bool, int | None, datetime | None]] = {}
    for i, item in enumerate(given):
        field = f"members[{i}]"
        if not isinstance(item, dict) or not _whole(item.get("number"), 1, 10**6) or item["number"] in found:
            raise _refuse(Said.MEMBER_ONCE, field)
        active, merged = item.get("active", True), item.get("merged_into")
        if not isinstance(active, bool) or not (merged is None or _whole(merged, 1, 10**6)):
            raise _refuse(Said.MEMBER_UNREADABLE, field, n=item["number"])
        named = item.get("name")
        found[item["number"]] = (
            clubs._name(named if isinstance(named, str) else "", field),
            active,
            merged,
            _moment(item.get("joined"), f"{field}.joined"),
        )
    for number, (_named, _active, merged, _joined) in found.items():
        if merged is not None and (merged == number or merged not in found or found[merged][2] is not None):
            raise _refuse(Said.MEMBER_MERGED_AWAY, "members", n=number)
    return found


def _read_evening(data: object, i: int, members: Mapping[int, Any], seen: table_store.Seen) -> _Evening:
    field = f"evenings[{i}]"

    def unreadable(where: str = field) -> ClubImportError:
        return _refuse(Said.EVENING_UNREADABLE, where, n=i + 1)

    if not isinstance(data, dict):
        raise unreadable()
    log, chairs, sheets = data.get("log"), data.get("chairs", []), data.get("sheets", [])
    settings, pots, season = data.get("settings"), data.get("pots"), data.get("season")
    if not (
        isinstance(log, list)
        and len(log) <= MAX_LOG
        and isinstance(chairs, list)
        and isinstance(sheets, list)
        and isinstance(settings, dict)
        and isinstance(pots, dict)
        and isinstance(season, str)
        and 0 < len(season) <= clubs.MAX_SEASON
        and isinstance(data.get("name"), str)
    ):
        raise unreadable()
    held_on = data.get("held_on")
    try:
        if held_on is not None and not isinstance(held_on, str):
            raise ValueError(held_on)
        day = date.fromisoformat(held_on) if held_on else None
        name = clubs._name(data["name"], field)
        row = party_store.PartyRow("", "", "", name, None, settings, 1)
        setup: PartySetup = party_store.setup_of(row)
        if party_store.settings_of(setup) != settings:
            raise ValueError(settings)
        entries = []
        log_rows = []
        for k, item in enumerate(log, start=1):
            if not isinstance(item, dict) or item.get("n", k) != k or not isinstance(item.get("data"), dict):
                raise _refuse(Said.EVENING_LOG_ORDER, f"{field}.log[{k - 1}]", n=i + 1, k=k)
            entry = entry_from_row(str(item.get("kind")), item["data"])
            kind, stored = entry_row(entry)
            source = item.get("source", "director")
            if not isinstance(source, str) or len(source) > 24:
                raise ValueError(source)
            entries.append(entry)
            log_rows.append(
                (kind, stored, source, _moment(item.get("recorded_at"), f"{field}.log[{k - 1}].recorded_at"))
            )
        replay(setup, entries)
        clean_pots = clubs.clean_pots(pots, {})
    except ClubImportError:
        raise
    except (PartyError, clubs.ClubError) as err:
        raise ClubImportError(Said.EVENING_REFUSED, field, details={"n": i + 1, "why": err}) from None
    except (ValueError, TypeError, KeyError, AttributeError):
        raise unreadable() from None
    if set(pots) - set(clean_pots):
        raise unreadable(f"{field}.pots")
    seats = []
    for chair in chairs:
        if not isinstance(chair, dict) or not all(
            _whole(chair.get(k), 0, 10**6) for k in ("couple", "slot", "number", "from_game")
        ):
            raise unreadable(f"{field}.chairs")
        if chair["number"] not in members:
            raise _refuse(Said.EVENING_STRANGER, f"{field}.chairs", n=i + 1)
        seats.append((chair["couple"], chair["slot"], chair["number"], chair["from_game"]))
    if len(set((c, s, g) for c, s, _n, g in seats)) != len(seats):
        raise unreadable(f"{field}.chairs")
    given_seats = data.get("seats")
    seated: dict[int, int] = {}
    if given_seats is None:  # an export made before seats were kept: each member's first couple, as the migration did
        for couple, _slot, number, _game in sorted(seats):
            seated.setdefault(number, couple)
    else:
        if not isinstance(given_seats, list):
            raise unreadable(f"{field}.seats")
        for seat in given_seats:
            if (
                not isinstance(seat, dict)
                or not all(_whole(seat.get(k), 0, 10**6) for k in ("number", "couple"))
                or seat["number"] not in members
                or seat["number"] in seated
            ):
                raise unreadable(f"{field}.seats")
            seated[seat["number"]] = seat["couple"]
    kept: dict[str, table_store.ReadGame] = {}
    for k, sheet in enumerate(sheets):
        if not isinstance(sheet, dict) or not isinstance(sheet.get("id"), str) or sheet["id"] in kept:
            raise unreadable(f"{field}.sheets")
        try:
            kept[sheet["id"]] = table_store.read_game(sheet, k, {}, seen)
        except table_store.TableError as err:
            raise _refuse(Said.EVENING_SHEET, f"{field}.sheets[{k}]", n=i + 1, why=err) from None
    return _Evening(
        name,
        day,
        season,
        party_store.settings_of(setup),
        clean_pots,
        _moment(data.get("created"), f"{field}.created"),
        log_rows,
        seats,
        seated,
        kept,
    )


def _write(
    name: str,
    currency: str,
    settings: dict[str, Any],
    members: Mapping[int, tuple[str, bool, int | None, datetime | None]],
    evenings: list[_Evening],
) -> tuple[Club, str]:
    club = Club(name=name, currency=currency, settings=settings, version=1)
    db.session.add(club)
    db.session.flush()
    now = utcnow()
    rows = [
        {"club_id": club.id, "number": n, "name": m, "active": a, "merged_into": into, "created_at": joined or now}
        for n, (m, a, into, joined) in sorted(members.items())
    ]
    if rows:
        db.session.execute(insert(ClubMember), rows)
    sheets = [(e, old, read) for e in evenings for old, read in e.sheets.items()]
    new_ids = game_store.add_played([read.game for _e, _old, read in sheets])
    renamed = {old: new for (_e, old, _r), new in zip(sheets, new_ids, strict=True)}
    parties: list[dict[str, Any]] = []
    entries: list[dict[str, Any]] = []
    links: list[dict[str, Any]] = []
    chairs: list[dict[str, Any]] = []
    seated: list[dict[str, Any]] = []
    for evening in evenings:
        party_id = new_public_id()
        parties.append(
            {
                "id": party_id,
                "edit_token": new_token(),
                "hall_token": new_token(),
                "version": 1 + len(evening.log),
                "created_at": evening.created or now,
                "updated_at": evening.created or now,
                "name": evening.name,
                "held_on": evening.held_on,
                "settings": evening.settings,
            }
        )
        for n, (kind, data, source, at) in enumerate(evening.log, start=1):
            if kind == SHEET and data.get(SHEET) in renamed:
                data = {**data, SHEET: renamed[data[SHEET]]}
            entries.append(
                {"party_id": party_id, "n": n, "kind": kind, "data": data, "source": source, "recorded_at": at or now}
            )
        links.append(
            {
                "party_id": party_id,
                "club_id": club.id,
                "season": evening.season,
                "pots": evening.pots,
                "created_at": evening.created or now,
            }
        )
        chairs.extend(
            {"party_id": party_id, "couple": c, "slot": s, "number": n, "from_game": g} for c, s, n, g in evening.chairs
        )
        seated.extend({"party_id": party_id, "number": n, "couple": c} for n, c in sorted(evening.seated.items()))
    for model, values in (
        (Party, parties),
        (PartyEntry, entries),
        (ClubEvening, links),
        (ClubChair, chairs),
        (ClubSeat, seated),
    ):
        if values:
            db.session.execute(insert(model), values)
    return club, club.id
