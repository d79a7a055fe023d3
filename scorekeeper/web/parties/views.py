"""Routes of the card party pages (see the package docstring)."""

from __future__ import annotations

import hmac
import io
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import segno
from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_date
from werkzeug.wrappers import Response

from scorekeeper.party import (
    MAX_COUPLES,
    AddCouple,
    Close,
    Couple,
    CoupleEntry,
    Cut,
    Entry,
    Forfeit,
    Gone,
    PartyError,
    PartyState,
    PlayOffWanted,
    PlayOffWon,
    Problem,
    Reopen,
    Returned,
    Split,
)
from scorekeeper.platform.i18n import current_language
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.links import printed_link
from scorekeeper.platform.security import token_matches
from scorekeeper.store import parties as store
from scorekeeper.store import party_sheets as sheets
from scorekeeper.store.outcomes import Outcome
from scorekeeper.store.parties import PartyRow
from scorekeeper.web import polls
from scorekeeper.web.downloads import csv_download
from scorekeeper.web.forms import ConfirmedForm, CsrfForm, button_fresh, first_problem, flashed, form_read
from scorekeeper.web.parties.forms import (
    CoupleForm,
    DirectorResultForm,
    NewPartyForm,
    TableReportForm,
    tie_form,
)
from scorekeeper.web.polls import view_key
from scorekeeper.words import party as words

QR_SCALE = 6
LEADERS = 10

bp = Blueprint("parties", __name__)


# -- Finding the party -------------------------------------------------------------------


def _party(party_id: str) -> tuple[PartyRow, PartyState]:
    found = store.load(party_id)
    if found is None:
        abort(404)
    return found


def _director(party_id: str, token: str) -> tuple[PartyRow, PartyState]:
    row, state = _party(party_id)
    if not token_matches(token, row.edit_token):
        abort(404)
    return row, state


def _table(party_id: str, number: int, token: str) -> tuple[PartyRow, PartyState]:
    row, state = _party(party_id)
    if not 1 <= number <= MAX_COUPLES or not token_matches(token, store.table_token(row, number)):
        abort(404)
    return row, state


def _couple_or_404(state: PartyState, n: int) -> CoupleEntry:
    """Couple *n* (counted from 1); 404 unless it is registered."""
    if not 1 <= n <= len(state.couples):
        abort(404)
    return state.couples[n - 1]


def _is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def _unchanged(key: str) -> bool:
    """True when the poll's ``since`` is the page's fingerprint now."""
    since = request.args.get("since", "")
    return len(since) <= 32 and hmac.compare_digest(since.encode("utf-8", "replace"), key.encode())


def _not_modified() -> Response:
    response = make_response("", 304)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _fragment(body: str) -> Response:
    response = make_response(body)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Vary"] = "HX-Request"
    return response


def _shared_fragment(row: PartyRow, page: str, template: str, context: Callable[[], dict[str, Any]]) -> Response:
    """A poll's fragment that holds nothing of one phone's own, rendered once per version and shared by every phone.

    One rendering per language: phones in mixed company.
    """
    return _fragment(
        polls.rendered(
            row.id,
            f"{page} {current_language()}",
            row.version,
            lambda: render_template(template, **context()),
        )
    )


def names(state: PartyState, couples: Iterable[int]) -> str:
    return words.couples_named(state, list(couples))


@bp.app_template_filter("couple_name")
def _couple_name(index: int, state: PartyState) -> str:
    return state.couples[index].name


def _context(row: PartyRow, state: PartyState, **extra: Any) -> dict[str, Any]:
    return {
        "party": row,
        "state": state,
        "names": lambda cs: names(state, cs),
        "words": words,
        "held_on": format_date(row.held_on, "full") if row.held_on else None,
        **extra,
    }


def _write(
    row: PartyRow,
    make: Callable[[PartyState], list[Entry]],
    done: str,
    *,
    source: str = "director",
    anchor: str = "",
) -> Response:
    """Run a director's change; say what happened on the director's page either way."""
    if button_fresh():
        flashed(lambda: store.write(row.id, make, source=source), done, PartyError)
    return _to_director(row, anchor)


def _to_director(row: PartyRow, anchor: str = "") -> Response:
    """Back to the director's page (at *anchor*), after a change posted there."""
    return redirect(url_for("parties.director", party_id=row.id, token=row.edit_token) + anchor, 303)


# -- Creating the evening ----------------------------------------------------------------


@bp.route("/parties/new", methods=["GET", "POST"])
def new() -> Response:
    form = NewPartyForm()
    if form.validate_on_submit():
        built = form.build()
        if built is not None:
            setup, couples = built
            if len(couples) > MAX_COUPLES:
                form.couples.errors = [
                    words.problem(PartyError(Problem.TOO_MANY_COUPLES, "couples", limit=MAX_COUPLES))
                ]
            else:
                party = store.create(setup, couples, held_on=form.held_on.data)
                flash(_("The evening is set up. Register the couples, print the table cards, then start."), "ok")
                return redirect(url_for("parties.director", party_id=party.id, token=party.edit_token), 303)
    return make_response(render_template("parties/new.html", form=form), 422 if request.method == "POST" else 200)


# -- The director ------------------------------------------------------------------------


@bp.get("/parties/<party_id>/<token>")
def director(party_id: str, token: str) -> str:
    row, state = _director(party_id, token)
    return render_template(
        "parties/director.html",
        **_context(row, state, form=CsrfForm(), couple_form=CoupleForm(), poll=_director_poll(row)),
    )


def _director_poll(row: PartyRow) -> str:
    return url_for("parties.director_poll", party_id=row.id, token=row.edit_token, since=view_key(row.version))


@bp.get("/parties/<party_id>/<token>/poll")
def director_poll(party_id: str, token: str) -> Response:
    """The game being played and the tables still to report, when anything changed."""
    row, state = _director(party_id, token)
    if _unchanged(view_key(row.version)):
        return _not_modified()
    context = _context(row, state, form=CsrfForm(), poll=_director_poll(row))
    return _fragment(render_template("parties/_director_live.html", **context))


@bp.post("/parties/<party_id>/<token>/couples")
def add_couple(party_id: str, token: str) -> Response:
    row, _state = _director(party_id, token)
    form = CoupleForm()
    name = (form.name.data or "").strip()
    if not form.validate_on_submit():
        flash(
            " ".join(str(e) for errors in form.errors.values() for e in errors) or str(words.COUPLE_NAME_WANTED),
            "error",
        )
        return _to_director(row, "#couples")
    try:
        couple = Couple(name)
    except PartyError as err:
        flash(words.problem(err), "error")
        return _to_director(row, "#couples")

    def joined(state: PartyState) -> str:
        added = state.couples[-1]
        if state.started:
            return _(
                "%(name)s registered as couple %(number)d. They play from game %(game)d.",
                name=name,
                number=added.index + 1,
                game=added.joined,
            )
        return _("%(name)s registered as couple %(number)d.", name=name, number=added.index + 1)

    flashed(lambda: store.write(row.id, lambda s: [AddCouple(couple)]), joined, PartyError)
    return _to_director(row, "#couples")


@bp.post("/parties/<party_id>/<token>/couples/<int:n>/gone")
def couple_gone(party_id: str, token: str, n: int) -> Response:
    row, state = _director(party_id, token)
    name = _couple_or_404(state, n).name
    done = _(
        "%(name)s are marked gone. Tap “Not gone” beside them to undo it before the next game is seated.", name=name
    )
    return _write(row, lambda s: [Gone(n - 1)], done, anchor="#couples")


@bp.post("/parties/<party_id>/<token>/couples/<int:n>/back")
def couple_back(party_id: str, token: str, n: int) -> Response:
    """Undo a couple's going home, while the game it would miss is not seated yet."""
    row, state = _director(party_id, token)
    name = _couple_or_404(state, n).name
    done = _("%(name)s are no longer marked gone: they play on.", name=name)
    return _write(row, lambda s: [Returned(n - 1)], done, anchor="#couples")


# The director's actions that cannot be undone ask once more on a page of their own (no script needed).
CONFIRMED = ("start", "close")


@bp.get("/parties/<party_id>/<token>/confirm/<action>")
def confirm(party_id: str, token: str, action: str) -> str:
    """The second step of starting or closing the evening: what it does, then yes or no."""
    row, state = _director(party_id, token)
    if action not in CONFIRMED:
        abort(404)
    return render_template("parties/confirm.html", **_context(row, state, action=action, form=CsrfForm()))


def _write_confirmed(
    party_id: str, token: str, action: str, make: Callable[[PartyState], list[Entry]], done: str
) -> Response:
    """Run *action* when the form says yes; else go to the page that asks."""
    row, _state = _director(party_id, token)
    if not ConfirmedForm().said_yes:
        return redirect(url_for("parties.confirm", party_id=row.id, token=row.edit_token, action=action), 303)
    return _write(row, make, done)


@bp.post("/parties/<party_id>/<token>/start")
def start(party_id: str, token: str) -> Response:
    done = words.evening_started()
    return _write_confirmed(party_id, token, "start", store.start_entries, done)


@bp.post("/parties/<party_id>/<token>/close")
def close(party_id: str, token: str) -> Response:
    done = _("The evening is closed. The prize list is final once ties are settled; until then it can be reopened.")
    return _write_confirmed(party_id, token, "close", lambda s: [Close()], done)


@bp.post("/parties/<party_id>/<token>/reopen")
def reopen(party_id: str, token: str) -> Response:
    """Undo closing the evening, while no tie has been worked on."""
    row, _state = _director(party_id, token)
    return _write(row, lambda s: [Reopen()], _("The evening is open again: results can be entered."))


@bp.post("/parties/<party_id>/<token>/results")
def director_result(party_id: str, token: str) -> Response:
    """The director enters or corrects one table's result."""
    row, state = _director(party_id, token)
    form = DirectorResultForm()
    if not form_read(form):
        return _to_director(row, "#correct")
    game, table, winner = form.game.number, form.table.number, form.winner.number - 1
    correct = form.correcting

    def make(s: PartyState) -> list[Entry]:
        return [s.result_entry(game, table, winner, correct)]

    if correct:
        done = _(
            "Game %(game)d, table %(table)d: result corrected; every later game is worked out again.",
            game=game,
            table=table,
        )
    else:
        done = _("Game %(game)d, table %(table)d: result recorded.", game=game, table=table)
    return _write(row, make, done, anchor="#correct")


@bp.post("/parties/<party_id>/<token>/ties/<int:place>")
def settle_tie(party_id: str, token: str, place: int) -> Response:
    """Settle a tied place: split (every yes), a round of cuts, a play-off asked for, a forfeit, a play-off won."""
    row, state = _director(party_id, token)
    tie = state.ties.get(place)
    if tie is None:
        abort(404)
    form = tie_form(tie.couples)
    action = form.action.data or ""
    if not form_read(form):
        return _to_director(row, "#ties")
    couple = form.couple_index

    if action == "split":
        entry: Entry = Split(place, form.agreed(tie.couples))
        done = _("Place %(place)d: the prize is split.", place=place)
    elif action == "cut":
        entry = Cut(place, form.cards(tie.in_contention))
        done = _("Place %(place)d: the cut is recorded.", place=place)
    elif action == "play-off":
        entry = PlayOffWanted(place, couple())
        done = _("Place %(place)d: a play-off. The others play off or forfeit.", place=place)
    elif action == "forfeit":
        entry = Forfeit(place, couple())
        done = _("Place %(place)d: the forfeit is recorded.", place=place)
    elif action == "won":
        entry = PlayOffWon(place, couple())
        done = _("Place %(place)d: the play-off is won.", place=place)
    else:
        abort(400)
    return _write(row, lambda s: [entry], done, anchor="#ties")


@bp.get("/parties/<party_id>/<token>/cards")
def table_cards(party_id: str, token: str) -> str:
    """Printable table cards, each with its table's QR code."""
    row, state = _director(party_id, token)
    # Late couples sit down from the next game: their table needs its card now.
    games = [max(state.game, 1)] + ([state.game + 1] if 0 < state.game < state.setup.games else [])
    count = max(max(len(state.present(g)) // 2 for g in games), 1)
    return render_template("parties/cards.html", **_context(row, state, tables=table_cards_of(row, count)))


def table_cards_of(row: PartyRow, count: int) -> list[dict[str, Any]]:
    """Tables 1 to *count* of the party as their printed cards show them: the number, the table's link, its QR."""
    return [
        {
            "number": n,
            "link": printed_link("parties.table", party_id=row.id, number=n, token=store.table_token(row, n)),
            "qr": url_for("parties.table_qr", party_id=row.id, token=row.edit_token, number=n),
        }
        for n in range(1, count + 1)
    ]


@bp.get("/parties/<party_id>/<token>/tables/<int:number>/qr.svg")
def table_qr(party_id: str, token: str, number: int) -> Response:
    row, _state = _director(party_id, token)
    if not 1 <= number <= MAX_COUPLES:
        abort(404)
    link = printed_link("parties.table", party_id=row.id, number=number, token=store.table_token(row, number))
    return _qr(link, _("QR code of table %(number)d's link", number=number))


@bp.get("/parties/<party_id>/couples/qr.svg")
def couples_qr(party_id: str) -> Response:
    row, _state = _party(party_id)
    return _qr(printed_link("parties.couples", party_id=row.id), _("QR code of the couples' page"))


def _qr(link: str, title: str) -> Response:
    buffer = io.BytesIO()
    segno.make(link, error="m").save(
        buffer, kind="svg", scale=QR_SCALE, border=2, xmldecl=False, svgns=True, title=title, dark="#000", light="#fff"
    )
    response = make_response(buffer.getvalue())
    response.headers["Content-Type"] = "image/svg+xml"
    response.headers["Cache-Control"] = "private, max-age=300"
    return response


# -- Each table's phone ------------------------------------------------------------------


@bp.get("/parties/<party_id>/tables/<int:number>/<token>")
def table(party_id: str, number: int, token: str) -> str:
    row, state = _table(party_id, number, token)
    return render_template("parties/table.html", **_table_context(row, state, number, token))


@bp.post("/parties/<party_id>/tables/<int:number>/<token>/sheet")
def table_sheet(party_id: str, number: int, token: str) -> Response:
    """Keep this game's full score sheet: its winner is reported to the party by itself."""
    row, state = _table(party_id, number, token)
    back = url_for("parties.table", party_id=row.id, number=number, token=token)
    if not CsrfForm().validate_on_submit():
        abort(400)
    try:
        game = sheets.start_sheet(row, state, number)
    except PartyError as err:
        found = state.sheets.get((state.game, number))
        if err.conflict and found is not None:
            return redirect(url_for("games.sheet", game_id=found[0], token=sheets.edit_token(found[0])), 303)
        flash(words.problem(err), "error")
        return redirect(back, 303)
    return redirect(url_for("games.sheet", game_id=game.id, token=game.edit_token), 303)


@bp.get("/parties/<party_id>/tables/<int:number>/<token>/poll")
def table_poll(party_id: str, number: int, token: str) -> Response:
    row, state = _table(party_id, number, token)
    context = _table_context(row, state, number, token)
    _remember_table(row, number, context)
    if _unchanged(context["key"]):
        return _not_modified()
    return _fragment(render_template("parties/_table.html", **context))


def _remember_table(row: PartyRow, number: int, context: dict[str, Any]) -> None:
    """Let this table's unchanged polls be answered from the version alone.

    A kept sheet's winning hand writes the table's result (and so a new version)
    itself, so nothing the page shows changes without the version changing.
    """
    polls.remember(row.id, f"table {number}", row.version, context["key"])


def _table_context(row: PartyRow, state: PartyState, number: int, token: str, **extra: Any) -> dict[str, Any]:
    seating = state.seating
    here = seating.tables[number - 1] if seating is not None and number <= len(seating.tables) else None
    reported = state.winner(state.game, number) if here is not None else None
    sheet = state.sheets.get((state.game, number))
    going = []
    if reported is not None and here is not None:
        preview = state.preview(reported)
        if preview is not None:
            going = [(c, preview.table_of(c)) for c in here.seats]
    key = view_key(state.started, state.closed, state.finished, state.game, here, reported, going, sheet)
    return _context(
        row,
        state,
        number=number,
        token=token,
        here=here,
        reported=reported,
        form=CsrfForm(),
        going=going,
        sheet_link=None
        if sheet is None
        else url_for("games.sheet", game_id=sheet[0], token=sheets.edit_token(sheet[0])),
        key=key,
        poll=url_for("parties.table_poll", party_id=row.id, number=number, token=token, since=key),
        **extra,
    )


@bp.post("/parties/<party_id>/tables/<int:number>/<token>/report")
def table_report(party_id: str, number: int, token: str) -> ResponseReturnValue:
    """First tap picks the winner (this answers with the confirm step), the second confirms and records."""
    row, state = _table(party_id, number, token)
    back = url_for("parties.table", party_id=row.id, number=number, token=token)
    form = TableReportForm()
    if not form.validate_on_submit():
        # With every field read, what is wrong is the CSRF token: the page was open too long.
        flash(first_problem(form) or _("This page was open too long: tap the winner again."), "error")
        return redirect(back, 303)
    game, winner = form.game.number, form.winner.number
    try:
        state.result_entry(game, number, winner)  # checked here, to ask for the confirming tap
    except PartyError as err:
        flash(words.problem(err), "error")
        return redirect(back, 303)
    if not form.said_yes:
        context = _table_context(row, state, number, token, confirm_game=game, confirm_winner=winner)
        template = "parties/_table.html" if _is_htmx() else "parties/table.html"
        return render_template(template, **context)
    recording = store.record(row.id, token, store.Reported(number, winner), game)
    if recording.outcome in (Outcome.NOT_FOUND, Outcome.NOT_ALLOWED):
        abort(404)
    flash(words.reported(recording, state.couples[winner].name), "ok" if recording.saved else "error")
    return redirect(back, 303)


# -- Each couple's phone -----------------------------------------------------------------


@bp.get("/parties/<party_id>/couples")
def couples(party_id: str) -> str:
    row, state = _party(party_id)
    return render_template("parties/couples.html", **_context(row, state))


def _couple_context(row: PartyRow, state: PartyState, n: int) -> dict[str, Any]:
    index = n - 1
    standings = state.standings()
    couple = state.couples[index]
    at = state.next_table(index)
    punched = standings.punched[index]
    preview = state.preview(index)
    then = None if preview is None else preview.table_of(index)
    key = view_key(state.started, state.finished, state.game, couple, at, punched, state.cookie_numbers, then)
    return _context(
        row,
        state,
        n=n,
        couple=couple,
        wins=standings.wins[index],
        punched=set(punched),
        at=at,
        preview=preview,
        then=then,
        won_now=state.game in punched,
        key=key,
        poll=url_for("parties.couple_poll", party_id=row.id, n=n, since=key),
    )


@bp.get("/parties/<party_id>/couples/<int:n>")
def couple(party_id: str, n: int) -> str:
    row, state = _party(party_id)
    _couple_or_404(state, n)
    return render_template("parties/couple.html", **_couple_context(row, state, n))


@bp.get("/parties/<party_id>/couples/<int:n>/poll")
def couple_poll(party_id: str, n: int) -> Response:
    row, state = _party(party_id)
    _couple_or_404(state, n)
    context = _couple_context(row, state, n)
    polls.remember(row.id, f"couple {n}", row.version, context["key"])
    if _unchanged(context["key"]):
        return _not_modified()
    return _shared_fragment(row, f"couple {n}", "parties/_couple.html", lambda: context)


# -- The hall board ----------------------------------------------------------------------


def _board_context(row: PartyRow, state: PartyState) -> dict[str, Any]:
    standings = state.standings()
    seating = state.seating
    where = []
    for c in state.couples:
        if c.gone_from is not None and (not state.started or c.gone_from <= state.game):
            continue
        t = seating.table_of(c.index) if seating is not None else None
        where.append((c, t))
    return _context(
        row,
        state,
        wins=standings.wins,
        where=where,
        leaders=state.leaders(LEADERS) if state.started else [],
        reported=(len(seating.tables) - len(state.missing())) if seating is not None else 0,
        poll=url_for("parties.board_poll", party_id=row.id, since=view_key(row.version)),
    )


@bp.get("/parties/<party_id>/board")
def board(party_id: str) -> str:
    row, state = _party(party_id)
    return render_template("parties/board.html", **_board_context(row, state))


@bp.get("/parties/<party_id>/board/poll")
def board_poll(party_id: str) -> Response:
    """The board shows every result as it comes in, so the party's version is what it follows (one small query)."""
    version = store.version_of(party_id)
    if version is None:
        abort(404)
    if _unchanged(view_key(version)):
        return _not_modified()
    row, state = _party(party_id)
    return _shared_fragment(row, "board", "parties/_board.html", lambda: _board_context(row, state))


# -- Results -----------------------------------------------------------------------------


@bp.get("/parties/<party_id>/results")
def results(party_id: str) -> str:
    row, state = _party(party_id)
    standings = state.standings()
    order = sorted(range(len(state.couples)), key=lambda c: (-standings.wins[c], c))
    return render_template("parties/results.html", **_context(row, state, standings=standings, order=order))


@bp.get("/parties/<party_id>/results.csv")
def results_csv(party_id: str) -> Response:
    """Every game's result, one row per table: game, table, both couples, who dealt first, the winner."""
    row, state = _party(party_id)
    header = [
        _("game"),
        _("table"),
        _("couple"),
        _("couple name"),
        _("other couple"),
        _("other couple name"),
        _("dealt first"),
        _("winner"),
        _("winner name"),
    ]

    def rows() -> Iterator[list[object]]:
        for g, (seating, by_table) in enumerate(zip(state.seatings, state.results, strict=True), start=1):
            for t in seating.tables:
                seat = by_table.get(t.number)
                a, b = t.couples
                winner = None if seat is None else t.seats[seat]
                yield [
                    g,
                    t.number,
                    a + 1,
                    state.couples[a].name,
                    b + 1,
                    state.couples[b].name,
                    t.deals_first + 1,
                    "" if winner is None else winner + 1,
                    "" if winner is None else state.couples[winner].name,
                ]

    return csv_download(header, rows(), _("%(name)s results.csv", name=row.name[:40]), "party-results.csv")
