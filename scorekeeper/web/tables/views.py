"""The table pages: create, the roster and history, start a game from the roster, statistics, exports.

A table is reached by links like a game: its edit link changes it, its view link only
shows it; any other token is 404. Every page works as plain forms (Post/Redirect/Get).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, NoReturn

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from scorekeeper.platform import bodies, memory
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import ngettext
from scorekeeper.platform.security import error_response
from scorekeeper.rules import PRESETS, HandError, RulesError, SetupError, seat_sides
from scorekeeper.stats import BID_ORDER
from scorekeeper.stats.summary import summary_rows
from scorekeeper.store import games as game_store
from scorekeeper.store import log
from scorekeeper.store import ratings as rating_store
from scorekeeper.store import tables as store
from scorekeeper.store.models import Game, Table, TablePerson
from scorekeeper.web.cookies import forget_table_link, remember_game, remember_table_link
from scorekeeper.web.downloads import csv_text
from scorekeeper.web.forms import CsrfForm, imported
from scorekeeper.web.tables import charts
from scorekeeper.web.tables.forms import (
    MAX_NEW_NAMES,
    AddGameForm,
    DeleteForm,
    KeepForm,
    MergeForm,
    NewTableForm,
    RenameForm,
    StartForm,
)
from scorekeeper.words import refusal
from scorekeeper.words.forms import page_too_old

bp = Blueprint("tables", __name__)

# Room for the form's other fields and the file's envelope, beside the export itself.
FORM_ROOM = 64 * 1024
GAME_LINK = re.compile(r"/games/([A-Za-z0-9_-]{1,64})/(?:view/)?([A-Za-z0-9_-]{1,128})/?(?:[?#].*)?$")
YEAR = re.compile(r"[0-9]{4}")


def _bad(message: str) -> NoReturn:
    """Refuse a request the page cannot read: 400, with the reason on the error page."""
    abort(error_response(400, message))


def _table_or_404(table_id: str, token: str, *, edit: bool = False) -> tuple[Table, bool]:
    """The table and whether this link may change it; 404 for any other token (or a view link where editing)."""
    table = store.load_table(table_id)
    if table is None:
        abort(404)
    found = store.access(table, token)
    if found is game_store.Access.NONE or (edit and found is not game_store.Access.EDIT):
        abort(404)
    return table, found is game_store.Access.EDIT


def _back(table: Table, anchor: str = "") -> Response:
    return redirect(url_for("tables.table", table_id=table.id, token=table.edit_token) + anchor, 303)


def _kept(table: Table, done: str) -> Response:
    """To a table just made, saying *done*; this phone keeps its link."""
    flash(done, "ok")
    response = _back(table)
    remember_table_link(response, table.id, table.edit_token, "edit")
    return response


# -- Create ----------------------------------------------------------------------


@bp.route("/tables/new", methods=["GET", "POST"])
def new() -> Response | tuple[str, int]:
    form = NewTableForm()
    if form.validate_on_submit():
        names = [line.strip() for line in (form.players.data or "").splitlines() if line.strip()]
        try:
            table = store.create_table(form.name.data, names)
        except store.TableError as err:
            (form.players if err.field == "players" else form.name).errors = [refusal(err)]
        else:
            return _kept(table, _("The table is kept. Start its first game below."))
    return render_template("tables/new.html", form=form), _shown_again(form)


def _shown_again(form: FlaskForm) -> int:
    """The status of a form's page shown again: 200 to fill in, 422 with what is wrong, 400 when it was open too
    long."""
    return 200 if request.method != "POST" else 422 if not form.csrf_token.errors else 400


@bp.route("/tables/keep/<game_id>/<token>", methods=["GET", "POST"])
def keep(game_id: str, token: str) -> Response | tuple[str, int]:
    """Keep the table of a game: a table of its players, with this game as its first."""
    game = game_store.load_game(game_id)
    if game is None or game_store.access(game, token) is not game_store.Access.EDIT:
        abort(404)
    form = KeepForm()
    if request.method == "GET":
        form.name.data = ", ".join(p.name for p in game.players)[:80]
    elif form.validate_on_submit():
        try:
            table = store.keep(game, form.name.data)
        except store.TableError as err:
            form.name.errors = [refusal(err)]
        else:
            return _kept(table, _("The table is kept, with this game as its first."))
    return render_template("tables/keep.html", form=form, game=game, token=token), _shown_again(form)


@bp.route("/tables/import", methods=["GET", "POST"])
@bodies.takes_up_to(store.IMPORT_MAX_BYTES + FORM_ROOM)
def import_table() -> Response | tuple[str, int]:
    """A new table from a table's JSON export (a file of this app); sending the form again makes no second table."""
    made, problem, status, key = imported(
        store.IMPORT_MAX_BYTES,
        _("Choose the file of a table's export (a .json file)."),
        _("That file is not a table's export."),
        store.import_table,
        store.TableError,
    )
    if made is not None:
        if not made.first:
            return _kept(made.what, _("This table was already brought back: here it is."))
        return _kept(made.what, _("The table is brought back, with every game and hand."))
    return render_template("tables/import.html", form=CsrfForm(), problem=problem, key=key, caps=_caps()), status


def _caps() -> dict[str, int]:
    return {"mb": store.IMPORT_MAX_BYTES // 2**20, "games": store.MAX_GAMES, "hands": store.IMPORT_MAX_HANDS}


# -- The table: roster, history, starting a game -------------------------------------


def _filters(table: Table) -> tuple[str | None, int | None]:
    """The history's filters, ``?player=p3&year=2026``: 400 for one that cannot be read."""
    player = request.args.get("player") or None
    year = request.args.get("year") or None
    if player is not None and store.person(table, player) is None:
        _bad(_("There is nobody of that id on this table's roster."))
    if year is not None:
        if not YEAR.fullmatch(year):
            _bad(_("Give the year as four digits, such as 2026."))
        return player, int(year)
    return player, None


PER_PAGE = 50


def _page(count: int) -> int:
    """The history's page, ``?page=2``: 400 for one that cannot be read or is past the end."""
    given = request.args.get("page") or "1"
    if not given.isascii() or not given.isdigit() or len(given) > 6:
        _bad(_("Give the page as a whole number from 1 up."))
    page = int(given)
    if not 1 <= page <= max(1, -(-count // PER_PAGE)):
        _bad(_("There is no such page of games."))
    return page


@bp.get("/tables/<table_id>/<token>")
def table(table_id: str, token: str) -> Response:
    table, can_edit = _table_or_404(table_id, token)
    player, year = _filters(table)
    rows = store.history(table)
    names = {p.number: p.name for p in table.people}
    years = sorted({row.played.year for row in rows}, reverse=True)
    number = int(player[1:]) if player else None
    matching = [
        row
        for row in rows
        if (year is None or row.played.year == year)
        and (number is None or any(number in side for _name, side in row.sides))
    ]
    page = _page(len(matching))
    shown = matching[(page - 1) * PER_PAGE : page * PER_PAGE]
    response = make_response(
        render_template(
            "tables/table.html",
            table=table,
            can_edit=can_edit,
            token=token,
            rows=shown,
            total=len(rows),
            matching=len(matching),
            page=page,
            pages=max(1, -(-len(matching) // PER_PAGE)),
            years=years,
            player=player,
            year=year,
            who=lambda numbers: " & ".join(names[n] for n in numbers if n in names),
            start=StartForm(table.people) if can_edit else None,
            add=AddGameForm() if can_edit else None,
            rename=RenameForm() if can_edit else None,
            merge_form=MergeForm(table.people) if can_edit else None,
            merges=store.merges(table) if can_edit else [],
            names_by_number=names,
            presets=PRESETS,
        )
    )
    remember_table_link(response, table.id, token, "edit" if can_edit else "view")
    return response


@bp.post("/tables/<table_id>/<token>/games")
def start(table_id: str, token: str) -> Response:
    """Start a game from the roster: the ticked people sit in roster order, partners alternately."""
    table, _can_edit = _table_or_404(table_id, token, edit=True)
    form = StartForm(table.people)
    if not form.validate_on_submit():
        return _refuse(table, _problem(form))
    chosen = [p.name for p in table.people if p.public_id in set(form.players.data or [])]
    new_names = [n.strip() for n in (form.new_names.data or "").split(",") if n.strip()]
    if len(new_names) > MAX_NEW_NAMES:
        return _refuse(table, _("Add at most %(n)d new names at a time.", n=MAX_NEW_NAMES))
    players = chosen + [n for n in new_names if n.casefold() not in {c.casefold() for c in chosen}]
    if len(players) < 2:
        return _refuse(table, _("Tick at least two players."))
    try:
        pairs = form.way.data != "alone" and len(players) >= 4 and len(players) % 2 == 0
        sides = seat_sides(players, len(players) // 2 if pairs else None)
        game = store.start_game(table, form.preset.data, sides)
    except (SetupError, RulesError, store.TableError, HandError) as err:
        return _refuse(table, refusal(err))
    response = redirect(url_for("games.sheet", game_id=game.id, token=game.edit_token), 303)
    remember_game(response, game)
    return response


def _problem(form: FlaskForm) -> str:
    if form.csrf_token.errors:
        return page_too_old()
    return " ".join(str(e) for errors in form.errors.values() for e in errors) or _("Tick at least two players.")


def _refuse(table: Table, message: str, status: int = 422) -> Response:
    """Answer a refused form on the table page: the reason at the top, nothing saved."""
    back = url_for("tables.table", table_id=table.id, token=table.edit_token)
    return make_response(render_template("tables/refused.html", table=table, message=message, back=back), status)


@bp.post("/tables/<table_id>/<token>/add-game")
def add_game(table_id: str, token: str) -> Response:
    table, _can_edit = _table_or_404(table_id, token, edit=True)
    form = AddGameForm()
    if not form.validate_on_submit():
        return _refuse(table, _problem(form))
    found = GAME_LINK.search((form.link.data or "").strip())
    game = game_store.load_game(found.group(1)) if found else None
    opens = game_store.Access.NONE if game is None or found is None else game_store.access(game, found.group(2))
    if opens is game_store.Access.VIEW:
        return _refuse(
            table,
            _(
                "That is the game's link to watch it: it cannot add the game. "
                "Paste the link of its sheet, the one that keeps score."
            ),
            403,
        )
    if game is None or opens is not game_store.Access.EDIT:
        return _refuse(table, _("That is not the link of a game of this app."))
    try:
        store.add_game(table, game)
    except store.TableError as err:
        return _refuse(table, refusal(err), err.status)
    flash(_("The game is added to the table's history."), "ok")
    return _back(table, "#history")


def _person_or_404(table_id: str, token: str, person_id: str) -> tuple[Table, TablePerson]:
    """The table of an editing link and one person of its roster; 404 for anyone else."""
    table, _can_edit = _table_or_404(table_id, token, edit=True)
    person = store.person(table, person_id)
    if person is None:
        abort(404)
    return table, person


@bp.post("/tables/<table_id>/<token>/people/<person_id>/rename")
def rename(table_id: str, token: str, person_id: str) -> Response:
    table, who = _person_or_404(table_id, token, person_id)
    form = RenameForm()
    if not form.validate_on_submit():
        return _refuse(table, _problem(form))
    try:
        store.rename(table, who, form.name.data)
    except store.TableError as err:
        return _refuse(table, refusal(err))
    flash(_("Renamed: every statistic follows."), "ok")
    return _back(table, "#roster")


@bp.post("/tables/<table_id>/<token>/people/<person_id>/merge")
def merge(table_id: str, token: str, person_id: str) -> Response:
    table, gone = _person_or_404(table_id, token, person_id)
    form = MergeForm(table.people)
    if not form.validate_on_submit():
        return _refuse(table, _problem(form))
    into = store.person(table, form.into.data)
    if into is None:
        return _refuse(table, _("Choose someone of the roster."))
    try:
        (store.merge if form.said_yes else store.check_merge)(table, gone, into)
    except store.TableError as err:
        return _refuse(table, refusal(err), err.status)
    if not form.said_yes:
        # Asked first: the page names both people and what follows before anything changes.
        games = sum(1 for link in table.games if any(gone.number in side for side in link.sides))
        return make_response(
            render_template("tables/merge.html", table=table, token=token, gone=gone, into=into, games=games, form=form)
        )
    flash(
        _("%(gone)s and %(into)s are one person now. Undo it under the roster.", gone=gone.name, into=into.name), "ok"
    )
    return _back(table, "#roster")


@bp.post("/tables/<table_id>/<token>/merges/<int:merge_id>/undo")
def unmerge(table_id: str, token: str, merge_id: int) -> Response:
    """Take a merge back: the person is on the roster again, with the games that were theirs."""
    table, _can_edit = _table_or_404(table_id, token, edit=True)
    if not CsrfForm().validate_on_submit():
        return _refuse(table, page_too_old())
    try:
        back = store.unmerge(table, merge_id)
    except store.TableError as err:
        return _refuse(table, refusal(err), err.status)
    flash(_("%(name)s is on the roster again, with their games.", name=back.name), "ok")
    return _back(table, "#roster")


@bp.route("/tables/<table_id>/<token>/delete", methods=["GET", "POST"])
def delete(table_id: str, token: str) -> Response | tuple[str, int]:
    table, _can_edit = _table_or_404(table_id, token, edit=True)
    form = DeleteForm()
    if request.method == "POST":
        if form.validate_on_submit() and form.confirm.data:
            done = store.delete_table(table, with_games=bool(form.with_games.data))
            if done.kept:
                flash(
                    ngettext(
                        "The table is deleted. %(num)d game stayed: it was added with its link to watch, "
                        "or it is a card party's sheet. Its own links still open it.",
                        "The table is deleted. %(num)d games stayed: they were added with their link to watch, "
                        "or they are a card party's sheets. Their own links still open them.",
                        len(done.kept),
                    ),
                    "ok",
                )
            else:
                flash(_("The table is deleted."), "ok")
            response = redirect(url_for("main.index"), 303)
            forget_table_link(response, table_id)
            return response
        form.confirm.errors = [_("Tick the box to delete the table.")]
    staying = [row for row in store.history(table) if not row.editable]
    status = 422 if request.method == "POST" else 200
    return render_template("tables/delete.html", table=table, form=form, staying=staying), status


# -- Statistics --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Season:
    since: date
    until: date


def _season() -> Season:
    """The season shown: ``?from=`` and ``?to=`` (ISO dates), this year by default; 400 for a date unreadable."""
    this_year = date.today().year
    since, until = _date("from", date(this_year, 1, 1)), _date("to", date(this_year, 12, 31))
    if since > until:
        _bad(_("The season ends before it starts: swap the two dates."))
    return Season(since, until)


def _date(name: str, default: date) -> date:
    """The date ``?name=`` of the address (ISO), else *default*; 400 for a date unreadable."""
    value = request.args.get(name) or None
    if value is None:
        return default
    try:
        if len(value) == 10:
            return date.fromisoformat(value)
    except ValueError:
        pass
    _bad(_("Give dates as year-month-day, such as 2026-01-31."))


# The games offered for "Points over a game": the latest of the season (and the one shown).
GAMES_TO_PICK = 30


@bp.get("/tables/<table_id>/<token>/stats")
def stats(table_id: str, token: str) -> str:
    with memory.no_collection_pauses():  # a season's figures: thousands of objects, all kept until the page is written
        return _stats(table_id, token)


def _stats(table_id: str, token: str) -> str:
    table, can_edit = _table_or_404(table_id, token)
    season = _season()
    rows, figures = store.season_stats(table, season.since, season.until)
    names = {p.public_id: p.name for p in table.people}
    chosen = request.args.get("game")
    in_season = [row for row in rows if season.since <= row.played.date() <= season.until]
    shown = next((row for row in in_season if row.game_id == chosen), None) if chosen else None
    if chosen and shown is None:
        _bad(_("That game is not one of this season's."))
    shown = shown or (in_season[0] if in_season else None)
    game = game_store.load_game(shown.game_id) if shown is not None else None
    book = rating_store.table_ratings(table, trail=True)
    line = charts.running_totals(game_store.state_for(game)) if game is not None else None
    return render_template(
        "tables/stats.html",
        table=table,
        token=token,
        can_edit=can_edit,
        season=season,
        stats=figures,
        names=names,
        bid_order=BID_ORDER,
        summary=summary_rows(figures, book.skills),
        sparks={p: charts.spark([r for _at, r in points]) for p, points in book.trail.items()},
        bars=charts.bid_bars(figures, names),
        form_rows=charts.form(figures, names),
        line=line,
        shown=shown,
        in_season=in_season[:GAMES_TO_PICK] + ([shown] if shown in in_season[GAMES_TO_PICK:] else []),
    )


# -- Export --------------------------------------------------------------------------


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = make_response(body)
    response.mimetype = mimetype
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower() or "table"


@bp.get("/tables/<table_id>/<token>/export.json")
def export_json(table_id: str, token: str) -> Response:
    table, _can_edit = _table_or_404(table_id, token)
    with memory.no_collection_pauses():
        body = store.export_table(table)
    return _download(body, "application/json", f"{_slug(table.name)}.json")


CSV_COLUMNS = [
    "game",
    "started",
    "rules",
    "hand",
    "dealer",
    "side",
    "players",
    "bidder",
    "bid",
    "bagged",
    "outcome",
    "points",
    "change",
    "score",
    "winner",
]


def _game_rows(game: Game) -> list[list[Any]]:
    """One row per hand and side of a stored game (its state kept for its version, or replayed)."""
    state = game_store.state_for(game)
    sides = [(side.name, " & ".join(side.players)) for side in state.setup.sides]
    return _rows(game.id, game.created_at, game.rules, store.Sheet(sides, state.hands, state.winner))


def _rows(game_id: str, created_at: datetime, rules: dict[str, Any], sheet: store.Sheet) -> list[list[Any]]:
    """One row per hand and side, in the order of CSV_COLUMNS: who, the bid, made or set, points, change, score."""
    rows = []
    started = created_at.strftime("%Y-%m-%d %H:%M")
    preset = str(rules.get("preset") or "custom")
    sides = sheet.sides
    last = len(sheet.hands)
    winner = sheet.winner
    for hand in sheet.hands:
        for s, (name, players) in enumerate(sides):
            bidding = hand.bidder == s
            rows.append(
                [
                    game_id,
                    started,
                    preset,
                    hand.n,
                    hand.dealer,
                    name,
                    players,
                    "yes" if bidding else "",
                    hand.bid_label if bidding else "",
                    "yes" if bidding and hand.bagged else "",
                    (hand.outcome or "") if bidding else "",
                    hand.points[s],
                    hand.deltas[s],
                    hand.scores[s],
                    "yes" if winner == s and hand.n == last else "",
                ]
            )
    return rows


def _csv(rows: list[list[Any]], header: bool = True) -> str:
    return csv_text(CSV_COLUMNS if header else None, rows)


@bp.get("/tables/<table_id>/<token>/export.csv")
def export_csv(table_id: str, token: str) -> Response:
    table, _can_edit = _table_or_404(table_id, token)
    kept = log.cache("game_csv")
    rows = sorted(store.history(table), key=lambda r: r.played)
    texts = {row.game_id: text for row in rows if (text := kept.get(row.game_id, row.version)) is not None}
    # The games not kept are read together (a few queries, whatever their number), with each hand's figures as
    # stored with it: no game is replayed (but one whose hands have none yet).
    with memory.no_collection_pauses():
        for logged in store.game_logs([row.game_id for row in rows if row.game_id not in texts], sheets=True):
            text = _csv(_rows(logged.id, logged.created_at, logged.exported["rules"], logged.sheet()), header=False)
            kept.put(logged.id, logged.version, text)
            texts[logged.id] = text
    body = _csv([], header=True) + "".join(texts[row.game_id] for row in rows if row.game_id in texts)
    return _download(body, "text/csv", f"{_slug(table.name)}.csv")


def _table_game(table_id: str, token: str, game_id: str) -> Game:
    """A game of the table of a link (either link); 404 for any other."""
    table, _can_edit = _table_or_404(table_id, token)
    if not any(link.game_id == game_id for link in table.games):
        abort(404)
    game = game_store.load_game(game_id)
    if game is None:
        abort(404)
    return game


@bp.get("/tables/<table_id>/<token>/games/<game_id>.json")
def game_json(table_id: str, token: str, game_id: str) -> Response:
    game = _table_game(table_id, token, game_id)
    return _download(
        json.dumps(store.export_game(game), ensure_ascii=False, indent=1), "application/json", f"{game.id}.json"
    )


@bp.get("/tables/<table_id>/<token>/games/<game_id>.csv")
def game_csv(table_id: str, token: str, game_id: str) -> Response:
    game = _table_game(table_id, token, game_id)
    return _download(_csv(_game_rows(game)), "text/csv", f"{game.id}.csv")
