"""Routes of a club's pages (see the package docstring)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from datetime import date
from decimal import Decimal
from functools import wraps
from typing import Any

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for
from flask_babel import format_currency, format_date
from werkzeug.wrappers import Response

from scorekeeper import words
from scorekeeper.party import GameKind, PartyError, PartySetup, PartyState
from scorekeeper.party.ladder import LadderError, LadderRules
from scorekeeper.platform import bodies
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.links import printed_link
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.platform.security import token_matches
from scorekeeper.rules import NAME_MAX
from scorekeeper.store import club_exports
from scorekeeper.store import clubs as store
from scorekeeper.store import handicaps as handicap_store
from scorekeeper.store import parties as party_store
from scorekeeper.store.models import Club, ClubEvening, ClubMember
from scorekeeper.store.outcomes import Said
from scorekeeper.store.parties import PartyRow
from scorekeeper.web.clubs.forms import (
    DeskCouplesForm,
    EveningForm,
    LadderSettingsForm,
    MemberChangeForm,
    MemberForm,
    NewClubForm,
    PotsForm,
    SubstituteForm,
)
from scorekeeper.web.cookies import remember_club_link
from scorekeeper.web.downloads import csv_download
from scorekeeper.web.forms import ConfirmedForm, CsrfForm, button_fresh, flashed, form_read, imported
from scorekeeper.web.parties.views import table_cards_of
from scorekeeper.words import refusal
from scorekeeper.words.party import evening_started, game_kind, ladder_refusal

bp = Blueprint("clubs", __name__)

# The hall's screen at 1920 × 1080: three columns of twenty lines, each page shown this many seconds.
BOARD_COLUMN = 20
BOARD_PAGE = 3 * BOARD_COLUMN
BOARD_SECONDS = 20


# -- Finding the club --------------------------------------------------------------------


def _club(club_id: str) -> Club:
    club = store.get(club_id)
    if club is None:
        abort(404)
    return club


def _director(club_id: str, token: str) -> Club:
    club = _club(club_id)
    if not token_matches(token, club.edit_token):
        abort(404)
    return club


def _find_evening(club: Club, party_id: str) -> tuple[ClubEvening, PartyRow, PartyState]:
    evening = store.evening_of(party_id)
    found = party_store.load(party_id)
    if evening is None or evening.club_id != club.id or found is None:
        abort(404)
    return evening, found[0], found[1]


def _evening_page(template: str, club: Club, found: tuple[ClubEvening, PartyRow, PartyState], **extra: Any) -> str:
    """One of an evening's pages: the club, the party's row and state, the club's evening, and *extra*."""
    evening, row, state = found
    return render_template(template, club=club, party=row, state=state, evening=evening, **extra)


def _home(club: Club, anchor: str = "") -> Response:
    return redirect(url_for("clubs.director", club_id=club.id, token=club.edit_token) + anchor, 303)


def _desk(club: Club, party_id: str, ticked: list[int] | None = None) -> Response:
    """Back to the desk, with *ticked* still ticked."""
    return redirect(
        url_for("clubs.desk", club_id=club.id, token=club.edit_token, party_id=party_id, member=ticked or None), 303
    )


def _director_change(
    anchor: str = "", back: str = "clubs.desk"
) -> Callable[[Callable[..., Response | None]], Callable[..., Response]]:
    """A form of the director's page or of one of the club's evenings: the club of the link (404 for any other, or
    for another club's evening), the change made only when the form is fresh, then back to the director's page at
    *anchor* (or to the evening's page *back*, its desk), unless the change answers otherwise."""

    def decorate(change: Callable[..., Response | None]) -> Callable[..., Response]:
        @wraps(change)
        def view(club_id: str, token: str, **values: Any) -> Response:
            club, party_id = _director(club_id, token), values.get("party_id")
            if party_id is not None:
                _find_evening(club, party_id)  # 404 for an evening of another club
            answer = change(club, **values) if button_fresh() else None
            if answer is not None:
                return answer
            if party_id is None:
                return _home(club, anchor)
            return redirect(url_for(back, club_id=club.id, token=club.edit_token, party_id=party_id), 303)

        return view

    return decorate


def money(cents: int, currency: str) -> str:
    # Flask-Babel ships no type information: its formatted amount is a str.
    return format_currency(Decimal(cents) / 100, currency)


@bp.app_context_processor
def _helpers() -> dict[str, Any]:
    return {
        "money": money,
        "amount": _amount,
        "day": lambda d: format_date(d, format="medium") if d else "",
    }


def _amount(cents: int | None) -> str:
    """An amount in cents as typed back into a field (5.50), empty for none."""
    return "" if not cents else f"{Decimal(cents) / 100:.2f}"


# -- A new club --------------------------------------------------------------------------


@bp.route("/clubs/new", methods=["GET", "POST"])
def new() -> Response:
    if request.method == "POST" and button_fresh():
        form = NewClubForm()
        club = flashed(
            lambda: store.create(form.name.data or "", form.currency.data or ""),
            _("The club is set up. Keep this page's link: it is the director's."),
            store.ClubError,
        )
        if club is not None:
            return _home(club)
    page = render_template("clubs/new.html", form=CsrfForm(), currencies=store.CURRENCIES)
    return make_response(page, 422 if request.method == "POST" else 200)


@bp.route("/clubs/import", methods=["GET", "POST"])
@bodies.takes_up_to(club_exports.IMPORT_MAX_BYTES + 64 * 1024)
def import_club() -> Response:
    """A new club from the file its director's page kept: sending the form twice makes one club."""
    made, problem, status, key = imported(
        club_exports.IMPORT_MAX_BYTES,
        _("Choose the file the club's page kept (a .json file)."),
        _("That file is not a club's export."),
        club_exports.import_club,
        store.ClubError,
    )
    if made is not None:
        flash(_("The club is brought back, with every member, evening and pot. Keep this page's link."), "ok")
        return _home(made.what)
    page = render_template("clubs/import.html", form=CsrfForm(), problem=problem, key=key)
    return make_response(page, status)


# -- The director's page -----------------------------------------------------------------


@bp.get("/clubs/<club_id>/<token>")
def director(club_id: str, token: str) -> Response:
    club = _director(club_id, token)
    worked = _season(club)
    page = render_template(
        "clubs/director.html",
        club=club,
        form=CsrfForm(),
        rules=store.rules_of(club.settings),
        handicap=handicap_store.enabled(club),
        season=worked,
        seasons=store.seasons(club.id),
        public_link=printed_link("clubs.public", club_id=club.id),
        kinds=[(str(k), label) for k, label in _kinds()],
        today=date.today(),
    )
    response = make_response(page)
    # This phone finds its club again from the home page (a cookie of its own, nothing stored).
    remember_club_link(response, club.id, token, "director")
    return response


@bp.get("/clubs/<club_id>/<token>/export.json")
def export_json(club_id: str, token: str) -> Response:
    """The whole club as one file, to keep off this machine: what the API's import brings back."""
    club = _director(club_id, token)
    response = make_response(club_exports.export_club(club))
    response.mimetype = "application/json"
    response.headers["Cache-Control"] = "no-store"
    response.headers["Content-Disposition"] = f'attachment; filename="club-{club.id}.json"'
    return response


def _kinds() -> list[tuple[GameKind, str]]:
    return [
        (GameKind.ONE_HAND, _("One hand")),
        (GameKind.PLAY_TO, game_kind(GameKind.PLAY_TO)),
        (GameKind.BELL, _("Until the bell")),
    ]


@bp.post("/clubs/<club_id>/<token>/members")
def add_member(club_id: str, token: str) -> Response:
    club = _director(club_id, token)
    _add_member(club, lambda added: _("%(name)s joins the roster as number %(n)s.", name=added.name, n=added.number))
    return _home(club, "#roster")


def _add_member(club: Club, joined: Callable[[ClubMember], str]) -> None:
    """Put the name typed on the roster; say so with *joined*, or say why not."""
    if button_fresh():
        flashed(lambda: store.add_member(club, MemberForm().name.data or ""), joined, store.ClubError)


@bp.post("/clubs/<club_id>/<token>/members/<int:number>")
@_director_change("#roster")
def change_member(club: Club, number: int) -> Response | None:
    form = MemberChangeForm()
    action = form.action.data or ""
    if not form_read(form):
        return None
    into = form.into.number
    if action == "merge" and not form.said_yes:
        # A merge is asked first: the page names both people before anything changes.
        return redirect(
            url_for("clubs.confirm_merge", club_id=club.id, token=club.edit_token, number=number, into=into), 303
        )
    try:
        if action == "rename":
            store.rename_member(club, number, form.name.data or "")
            done = _("Number %(n)s is renamed.", n=number)
        elif action == "active":
            store.set_active(club, number, True)
            done = _("Number %(n)s is marked active.", n=number)
        elif action == "inactive":
            store.set_active(club, number, False)
            done = _("Number %(n)s is marked inactive.", n=number)
        elif action == "merge":
            store.merge_member(club, number, into)
            done = _(
                "Number %(n)s is merged into number %(into)s. Undo it on their line of the roster.", n=number, into=into
            )
        elif action == "unmerge":
            kept = store.unmerge_member(club, number)
            done = _(
                "Number %(n)s is no longer merged into number %(into)s: their evenings are their own again.",
                n=number,
                into=kept,
            )
        else:
            abort(400)
    except (store.ClubError, NumberError) as err:
        flash(refusal(err), "error")
        return None
    flash(done, "ok")
    return None


@bp.get("/clubs/<club_id>/<token>/members/<int:number>/merge")
def confirm_merge(club_id: str, token: str, number: int) -> Response | str:
    """Ask before a merge: who goes into whom, and how many evenings follow."""
    club = _director(club_id, token)
    try:
        into = parse_int(request.args.get("into", ""), lo=1, hi=10**6, what=words.club_number())
    except NumberError as err:
        flash(refusal(err), "error")
        return _home(club, "#roster")
    gone, kept = store.member(club, number), store.member(club, into)
    if gone is None or kept is None:
        flash(refusal(store.ClubError(Said.NO_SUCH_MEMBER, details={"n": into if kept is None else number})), "error")
        return _home(club, "#roster")
    worked = store.season(club, store.current_season(club))
    evenings = sum(1 for result in worked.results if any(m.member == number for m in result.members))
    return render_template(
        "clubs/merge.html", club=club, form=CsrfForm(), gone=gone, kept=kept, evenings=evenings, season=worked
    )


@bp.post("/clubs/<club_id>/<token>/settings")
@_director_change("#ladder-rules")
def settings(club: Club) -> None:
    form = LadderSettingsForm()
    if not form_read(form):
        return
    try:
        rules = LadderRules(
            scoring=form.chosen_scoring,
            place_points=form.place_points.points,
            best_of=form.best_of.number,
            minimum=form.minimum.number,
            tie_breaks=form.chosen_tie_breaks,
        )
        store.update(
            club,
            name=form.name.data or None,
            currency=form.currency.data or None,
            rules=rules,
            handicap=form.handicap.data == "on",
        )
    except LadderError as err:
        flash(ladder_refusal(err), "error")
    except store.ClubError as err:
        flash(refusal(err), "error")
    else:
        flash(_("The club's settings are saved: the ladder is worked out again."), "ok")


@bp.post("/clubs/<club_id>/<token>/evenings")
@_director_change("#evenings")
def new_evening(club: Club) -> Response | None:
    form = EveningForm()
    if not form_read(form):
        return None
    held_on, games = form.held_on.date, form.games.number
    name = (form.name.data or "").strip() or _("%(club)s, %(date)s", club=club.name, date=format_date(held_on))
    pots = {"entry_fee": form.entry_fee.cents, "jackpot_added": form.jackpot_added.cents}
    try:
        setup = PartySetup(
            name[:80],
            games=games,
            kind=form.chosen_kind,
            play_to=form.play_to.number,
            prizes=form.prizes.number,
            cookie_jar=form.cookie_jar.number,
        )
        party = store.new_evening(club, setup, held_on=held_on, season=form.season.data, pots=pots)
    except (PartyError, store.ClubError) as err:
        flash(refusal(err), "error")
        return None
    flash(_("The evening is set up: tick the players as they come in."), "ok")
    return _desk(club, party.id)


# -- The registration desk ---------------------------------------------------------------


def search_key(text: str) -> str:
    """A name as the desk's find box matches it: lower case, without accents, its words apart (Émile → emile)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(re.findall(r"\w+", plain.casefold()))


def matches(query: str, member: ClubMember) -> bool:
    """Whether *member* is one the desk's find box means: the first letters of any word of the name, for every
    word typed, or the first digits of the club number."""
    typed = search_key(query).split()
    if not typed:
        return True
    if len(typed) == 1 and typed[0].isdigit():
        return str(member.number).startswith(typed[0])
    words = search_key(member.name).split()
    return all(any(w.startswith(t) for w in words) for t in typed)


@bp.get("/clubs/<club_id>/<token>/evenings/<party_id>")
def desk(club_id: str, token: str, party_id: str) -> str:
    club = _director(club_id, token)
    found = _evening, _row, state = _find_evening(club, party_id)
    chairs = store.chairs_of(party_id)
    seated = store.seated_numbers(chairs)
    names = {m.number: m.name for m in club.members}
    couples = []
    for c in state.couples:
        now = [ch for ch in chairs if ch.couple == c.index]
        holders = []
        for slot in (0, 1):
            held = sorted((ch for ch in now if ch.slot == slot), key=lambda ch: ch.from_game)
            holders.append([(names.get(ch.member, "?"), ch.member, ch.from_game) for ch in held])
        couples.append({"index": c.index, "name": c.name, "joined": c.joined, "gone": c.gone_from, "chairs": holders})
    free = [m for m in club.members if m.active and m.merged_into is None and m.number not in seated]
    # Without JavaScript the find box is a GET of this page: the ticked players ride along and stay ticked.
    query = request.args.get("q", "")[:NAME_MAX].strip()
    wanted = list(dict.fromkeys(_ticked(request.args)))
    by_number = {m.number: m for m in free}
    ticked = [by_number[n] for n in wanted if n in by_number]  # in the order they were ticked
    return _evening_page(
        "clubs/desk.html",
        club,
        found,
        form=CsrfForm(),
        query=query,
        ticked=ticked,
        waiting=[m for m in free if m.number not in wanted],
        shown={m.number for m in free if matches(query, m)},
        key=search_key,
        couples=couples,
        asked_off=request.args.get("off", ""),
        registered=sum(1 for c in couples if c["gone"] != 1),
        handicaps=handicap_store.of_evening(club, party_id),
        substitutes=[m for m in club.members if m.merged_into is None and m.number not in seated],
    )


def _ticked(sent: Any = None) -> list[int]:
    """The club numbers ticked at the desk (in the form, or *sent* in the address); a number no box sends is a
    damaged form (400)."""
    form = DeskCouplesForm(formdata=sent) if sent is not None else DeskCouplesForm()
    if not form.member.validate(form, [DeskCouplesForm.validate_member]):
        abort(400)
    return list(form.member.numbers)


@bp.post("/clubs/<club_id>/<token>/evenings/<party_id>/couples")
@_director_change()
def desk_couples(club: Club, party_id: str) -> Response:
    """Register the ticked players: two as a couple, or an even number of players who came alone at random."""
    numbers = _ticked()
    try:
        waiting: list[int] = []
        if DeskCouplesForm().action.data == "random":
            pairs = store.pair_at_random(numbers)
        elif len(numbers) >= 2:
            # The couple is the last two ticked: those ticked before them came alone and stay ticked.
            waiting, pairs = numbers[:-2], [(numbers[-2], numbers[-1])]
        else:
            raise store.ClubError(_("Tick the two players of the couple."), "members")
        state = store.register(club, party_id, pairs)
    except (store.ClubError, PartyError) as err:
        flash(refusal(err), "error")
        return _desk(club, party_id, numbers)
    added = state.couples[-len(pairs) :]
    if len(added) == 1:
        flash(_("%(name)s registered as couple %(n)s.", name=added[0].name, n=added[0].index + 1), "ok")
    else:
        flash(
            _(
                "%(count)s couples paired at random: %(names)s.",
                count=len(added),
                names="; ".join(f"{c.index + 1}. {c.name}" for c in added),
            ),
            "ok",
        )
    return _desk(club, party_id, waiting)


@bp.post("/clubs/<club_id>/<token>/evenings/<party_id>/couples/<int:n>/off")
@_director_change()
def desk_unregister(club: Club, party_id: str, n: int) -> Response | None:
    """Take a couple registered by mistake off the evening, before the start."""
    if not ConfirmedForm().said_yes:
        # Asked first, on the couple's own line of the desk.
        return redirect(
            url_for("clubs.desk", club_id=club.id, token=club.edit_token, party_id=party_id, off=n) + f"#couple-{n}",
            303,
        )
    done = _("Couple %(n)s is taken off: its players can be paired again.", n=n)
    flashed(lambda: store.unregister(club, party_id, n - 1), done, store.ClubError, PartyError)
    return None


@bp.post("/clubs/<club_id>/<token>/evenings/<party_id>/newcomer")
@_director_change()
def desk_newcomer(club: Club, party_id: str) -> Response:
    """Put a newcomer on the roster from the desk (the name typed in the find box), ticked with the others."""
    ticked = _ticked()
    added = flashed(
        lambda: store.add_member(club, MemberForm().typed),
        lambda added: _("%(name)s joins the roster as number %(n)s, ticked.", name=added.name, n=added.number),
        store.ClubError,
    )
    return _desk(club, party_id, ticked if added is None else [*ticked, added.number])


@bp.post("/clubs/<club_id>/<token>/evenings/<party_id>/substitute")
@_director_change()
def desk_substitute(club: Club, party_id: str) -> None:
    form = SubstituteForm()
    if form_read(form):
        couple, slot = form.couple.number - 1, form.slot.number - 1
        flashed(
            lambda: store.substitute(club, party_id, couple, slot, form.number.number),
            lambda game: _("The substitute plays for couple %(n)s from game %(game)s.", n=couple + 1, game=game),
            store.ClubError,
        )


@bp.post("/clubs/<club_id>/<token>/evenings/<party_id>/start")
@_director_change()
def desk_start(club: Club, party_id: str) -> Response | None:
    row = party_store.party_row(party_id)
    assert row is not None  # the door found the club's evening
    if not ConfirmedForm().said_yes:
        # As on the evening's director page: the start is asked first.
        return redirect(url_for("parties.confirm", party_id=row.id, token=row.edit_token, action="start"), 303)
    started = flashed(
        lambda: party_store.write(party_id, party_store.start_entries, source="desk"), evening_started(), PartyError
    )
    if started is None:
        return None
    return redirect(url_for("parties.director", party_id=row.id, token=row.edit_token), 303)


# -- The printed kit ------------------------------------------------------------------------

KIT = ("tents", "punch", "rules", "ladder")


@bp.get("/clubs/<club_id>/<token>/print/<what>")
def kit(club_id: str, token: str, what: str) -> str:
    """One piece of the printed kit, for the club's latest evening: table tents, punch cards, tonight's rules
    card, or the season's ladder; each laid out for A4 and Letter alike."""
    club = _director(club_id, token)
    if what not in KIT:
        abort(404)
    worked = store.season(club, store.current_season(club))
    latest = worked.evenings[-1] if worked.evenings else None
    if latest is None and what != "ladder":
        abort(404)
    extra: dict[str, Any] = {}
    if latest is not None:
        evening, row, state = latest
        extra = {"evening": evening, "party": row, "state": state, "tally": worked.tallies.get(row.id)}
        if what == "tents":
            # Every couple registered so far needs a seat: one tent per table of two couples.
            count = max(-(-sum(1 for c in state.couples if c.gone_from != 1) // 2), 1)
            extra["tables"] = table_cards_of(row, count)
    return render_template(
        f"clubs/print_{what}.html", club=club, season=worked, rules=worked.rules, kinds=dict(_kinds()), **extra
    )


# -- Pots --------------------------------------------------------------------------------


@bp.get("/clubs/<club_id>/<token>/evenings/<party_id>/pots")
def pots(club_id: str, token: str, party_id: str) -> str:
    club = _director(club_id, token)
    found = evening, row, _state = _find_evening(club, party_id)
    worked = store.season(club, evening.season)
    return _evening_page("clubs/pots.html", club, found, form=CsrfForm(), tally=worked.tallies.get(row.id))


@bp.post("/clubs/<club_id>/<token>/evenings/<party_id>/pots")
@_director_change(back="clubs.pots")
def save_pots(club: Club, party_id: str) -> None:
    form = PotsForm()
    if form_read(form):
        flashed(
            lambda: store.set_pots(club, party_id, form.values()), _("The evening's money is saved."), store.ClubError
        )


# -- Public pages: the ladder, the hall board, the archive -----------------------------------


def _season(club: Club) -> store.Season:
    name = (request.args.get("season") or store.current_season(club))[: store.MAX_SEASON]
    return store.season(club, name)


@bp.get("/clubs/<club_id>")
def public(club_id: str) -> Response:
    club = _club(club_id)
    worked = _season(club)
    response = make_response(
        render_template(
            "clubs/ladder.html", club=club, season=worked, seasons=store.seasons(club.id), rules=worked.rules
        )
    )
    remember_club_link(response, club.id, "", "public")
    return response


@bp.get("/clubs/<club_id>/board")
def board(club_id: str) -> str:
    """The hall's screen: the ladder a page at a time, then tonight's room, each for BOARD_SECONDS, round and round."""
    club = _club(club_id)
    worked = _season(club)
    tonight = next(((r, s) for _e, r, s in reversed(worked.evenings) if s.started and not s.finished), None)
    pages = max(1, -(-len(worked.lines) // BOARD_PAGE))
    slides = [("ladder", n) for n in range(1, pages + 1)] + ([("evening", 1)] if tonight else [])
    try:
        page = parse_int(request.args.get("page", "1"), lo=1, hi=pages, what=_("The page"))
    except NumberError:
        page = 1
    show = "evening" if request.args.get("show") == "evening" and tonight else "ladder"
    at = slides.index((show, 1 if show == "evening" else page))
    next_show, next_page = slides[(at + 1) % len(slides)]
    following = url_for(
        "clubs.board", club_id=club.id, season=request.args.get("season"), show=next_show, page=next_page
    )
    first = (page - 1) * BOARD_PAGE
    shown = worked.lines[first : first + BOARD_PAGE]
    columns = [shown[n : n + BOARD_COLUMN] for n in range(0, len(shown), BOARD_COLUMN)]
    return render_template(
        "clubs/board.html",
        club=club,
        season=worked,
        show=show,
        columns=columns,
        page=page,
        pages=pages,
        following=following,
        seconds=BOARD_SECONDS,
        tonight=tonight[0] if tonight else None,
        room=_room(tonight[1]) if tonight else None,
    )


def _room(state: PartyState) -> dict[str, Any]:
    """Tonight at a glance: the game being played, the tables that have not reported it, the couples by wins."""
    standings = state.standings()
    order = sorted(range(len(state.couples)), key=lambda c: (-standings.wins[c], c))
    return {
        "game": state.game,
        "games": state.setup.games,
        "tables": len(state.seating.tables) if state.seating else 0,
        "missing": [t.number for t in state.missing()],
        "leaders": [(state.couples[c].name, standings.wins[c]) for c in order[:BOARD_COLUMN]],
    }


@bp.get("/clubs/<club_id>/evenings/<party_id>")
def evening_sheet(club_id: str, party_id: str) -> str:
    club = _club(club_id)
    found = evening, row, state = _find_evening(club, party_id)
    worked = store.season(club, evening.season)
    standings = state.standings()
    order = sorted(range(len(state.couples)), key=lambda c: (-standings.wins[c], c))
    return _evening_page(
        "clubs/evening.html",
        club,
        found,
        standings=standings,
        order=order,
        tally=worked.tallies.get(row.id),
        handicaps=handicap_store.of_evening(club, party_id),
        names=lambda cs: ", ".join(state.couples[c].name for c in cs),
    )


@bp.get("/clubs/<club_id>/ladder.csv")
def ladder_csv(club_id: str) -> Response:
    club = _club(club_id)
    worked = _season(club)
    header = [
        _("Position"),
        _("Club number"),
        _("Name"),
        _("Total"),
        _("Evenings"),
        _("Games won"),
        _("Best evening"),
        _("Counted"),
    ]
    rows = (
        [
            line.position or "",
            line.member,
            worked.names.get(line.member, ""),
            line.total,
            line.attended,
            line.wins,
            line.best,
            " ".join(map(str, line.counted)),
        ]
        for line in worked.lines
    )
    return csv_download(header, rows, f"{club.name} {worked.season} ladder.csv", "club.csv")


@bp.get("/clubs/<club_id>/evenings.csv")
def evenings_csv(club_id: str) -> Response:
    """Every evening of the season: each couple's wins and punch card, its place, the prize money."""
    club = _club(club_id)
    worked = _season(club)
    header = [_("Date"), _("Evening"), _("Couple"), _("Name"), _("Games won"), _("Punch card"), _("Prize place")]

    def rows() -> Iterator[list[object]]:
        for _evening_row, row, state in worked.evenings:
            standings = state.standings()
            place_of = {c: p.place for p in state.places() for c in p.couples}
            for c in state.couples:
                yield [
                    row.held_on.isoformat() if row.held_on else "",
                    row.name,
                    c.index + 1,
                    c.name,
                    standings.wins[c.index],
                    " ".join(map(str, standings.punched[c.index])),
                    place_of.get(c.index, ""),
                ]

    return csv_download(header, rows(), f"{club.name} {worked.season} evenings.csv", "club.csv")
