"""The app on a phone with no signal: the web app manifest, the service worker, and queued hands.

- ``GET /manifest.webmanifest``: name, icons and colours, so "Add to Home screen" installs the app.
- ``GET /sw.js``: the service worker (Workbox, vendored in ``static/vendor/``), served from the
  site root so its scope is the whole app. It keeps the app shell, the rule book, the referee and
  the last copy of every sheet this phone opened.
- ``GET /offline``: what an address never opened on this phone shows when there is no signal.
- ``GET /offline/words``: what ``offline-page.js`` says with no signal, in the phone's language
  (fetched once a page has loaded, and kept by the worker per language).
- ``POST /games/<id>/<token>/hands/queued``: a hand recorded with no signal, sent once the signal
  is back. The same form fields as the hand form; the answer is JSON saying what became of it
  (``recorded``, ``taken`` by another phone, or ``refused`` by the rules), so the phone can keep
  the queue in order and show a conflict instead of losing a hand.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, jsonify, make_response, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import force_locale

from scorekeeper.platform.i18n import SOURCE_LANGUAGE, current_language, languages
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.rules import HandError, replay
from scorekeeper.store import games as services
from scorekeeper.web.games.hand_fields import HandForm
from scorekeeper.web.games.views import game_or_404
from scorekeeper.words import hand_number, refusal
from scorekeeper.words import recording as said
from scorekeeper.words.forms import page_too_old
from scorekeeper.words.no_signal import no_signal as no_signal_words

bp = Blueprint("offline", __name__)

WORKBOX_VERSION = "7.4.1"
WORKBOX_MODULES = ("core", "routing", "strategies", "precaching")
APP_NAME = _l("Forty-Fives score sheet")
SHORT_NAME = _l("Forty-Fives")
THEME_COLOUR = "#1f6f43"  # the accent green of app.css
BACKGROUND_COLOUR = "#fbfaf6"  # the page background of app.css
# Pages kept on the phone as soon as the worker is installed, before anyone opens them
# (the home page is where the installed app starts).
WARM_PAGES = ("main.index", "rulebook.index", "referee.index", "offline.words")
# Static files that pages never load, or that the worker imports itself.
NOT_PRECACHED_SUFFIXES = (".map", "SHA256SUMS")


def workbox_files() -> list[str]:
    """Return the vendored Workbox files, in the order the worker imports them."""
    return [f"vendor/workbox-{module}-{WORKBOX_VERSION}.prod.js" for module in WORKBOX_MODULES]


def _digest(*parts: bytes) -> str:
    sha = hashlib.sha256()
    for part in parts:
        sha.update(part)
    return sha.hexdigest()[:16]


def precache_entries() -> list[dict[str, str | None]]:
    """Return the app shell as Workbox wants it: each static file's URL and a hash of its content.

    A changed file changes its revision, so the worker text changes and phones fetch it again.
    Worked out once per process.
    """
    cached: list[dict[str, str | None]] | None = current_app.extensions.get("scorekeeper.offline")
    if cached is not None:
        return cached
    from scorekeeper.platform.assets import current_build

    # The files as served: built (minified, joined, under hashed names), or the sources in debug mode.
    build = current_build()
    static = build.root if build is not None else Path(current_app.static_folder or "")
    names = sorted(build.names) if build is not None else [p.relative_to(static).as_posix() for p in static.rglob("*")]
    skip = set(workbox_files())
    entries: list[dict[str, str | None]] = []
    for name in sorted(names):
        path = static / name
        if not path.is_file() or name in skip or name.endswith(NOT_PRECACHED_SUFFIXES):
            continue
        # Built, its name holds a hash of its content already: Workbox fetches it as named, from the browser's cache
        # if there.
        revision = None if build is not None else _digest(path.read_bytes())
        entries.append({"url": url_for("static", filename=name), "revision": revision})
    templates = Path(current_app.root_path).parent / "templates"
    page = b"".join((templates / name).read_bytes() for name in ("base.html", "offline/offline.html"))
    catalogs = b"".join(
        sorted(p.read_bytes() for p in Path(current_app.root_path).glob("translations/*/LC_MESSAGES/*.po"))
    )
    revision = _digest(page, catalogs, repr(entries).encode())
    # One no-signal page per language, each in its own words (the worker shows the phone's).
    for code in languages():
        entries.append({"url": url_for("offline.no_signal", lang=code), "revision": revision})
    current_app.extensions["scorekeeper.offline"] = entries
    return entries


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """Describe the app for "Add to Home screen"."""
    icon = "static"
    body = {
        "name": str(APP_NAME),
        "short_name": str(SHORT_NAME),
        "description": _("Score sheet and rules referee for Forty-Fives, made for the card table."),
        "id": url_for("main.index"),
        "start_url": url_for("main.index"),
        "scope": url_for("main.index"),
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "lang": current_language(),
        "icons": [
            {"src": url_for(icon, filename="icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": url_for(icon, filename="icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": url_for(icon, filename="icons/maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    return make_response(jsonify(body), {"Content-Type": "application/manifest+json", "Cache-Control": "no-cache"})


@bp.get("/sw.js")
def service_worker() -> Response:
    """Serve the service worker from the site root, so it may look after every page."""
    body = render_template(
        "offline/sw.js",
        workbox=[url_for("static", filename=name) for name in workbox_files()],
        precache=precache_entries(),
        warm=[url_for(endpoint) for endpoint in WARM_PAGES],
        offline_pages={code: url_for("offline.no_signal", lang=code) for code in languages()},
        source_language=SOURCE_LANGUAGE,
        referee=url_for("referee.index"),
    )
    # The browser checks for a new worker on every visit; never let a cache answer for it.
    return make_response(
        body,
        {"Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
    )


@bp.get("/offline")
def no_signal() -> ResponseReturnValue:
    """The page for an address this phone never opened, when there is no signal (``?lang=``: in that language)."""
    code = request.args.get("lang", "")
    if code not in languages():
        return render_template("offline/offline.html")
    with force_locale(code):
        return make_response(render_template("offline/offline.html"), {"Content-Language": code})


@bp.get("/offline/words")
def words() -> Response:
    """What the phone says with no signal, as JSON by key, in the phone's language; the worker keeps a copy."""
    response = jsonify(no_signal_words())
    response.headers["Cache-Control"] = "no-cache"
    # The worker keeps each language's copy apart by this, as it does a page's (templates/offline/sw.js).
    response.headers["Content-Language"] = current_language()
    # Every page asks for them once it has loaded: a phone that has them is answered 304, with no body.
    response.add_etag()
    response.make_conditional(request)
    return response


# -- Hands recorded with no signal --------------------------------------------------


def _answer(status: int, outcome: str, n: int | None, message: str, **extra: object) -> Response:
    return make_response(jsonify({"outcome": outcome, "n": n, "message": message, **extra}), status)


@bp.post("/games/<game_id>/<token>/hands/queued")
def queued_hand(game_id: str, token: str) -> Response:
    """Record a hand that waited on the phone; say whether it is recorded, taken, or refused."""
    game = game_or_404(game_id, token)
    state = services.state_for(game)
    form = HandForm(state)
    valid = form.validate_on_submit()
    if form.csrf_token.errors:  # an expired form token: the phone fetches a fresh one and sends again
        return _answer(400, "refused", None, page_too_old())
    try:
        n = parse_int(request.form.get("n", ""), lo=1, hi=10_000, what=hand_number())
    except NumberError as err:
        return _answer(422, "refused", None, str(err), field="n")
    if n < state.next_n:
        # Read against the game as it stood before hand n, as the hand was meant when it was kept.
        form = HandForm(replay(state.setup, state.entries[: n - 1]))
        valid = form.validate_on_submit()
    if not valid and form.refusal is None:  # the page's own boxes; a refused hand is raised by entry()
        field, errors = next(iter(form.errors.items()))
        return _answer(422, "refused", n, " ".join(map(str, errors)), field=field)
    try:
        entry = form.entry()
    except HandError as err:
        return _answer(422, "refused", n, refusal(err), field=err.field)
    recording = services.record(game_id, token, entry, n, seen=form.version.data, loaded=game)
    match recording.outcome:
        case services.Outcome.RECORDED:
            return _answer(201, "recorded", n, said(recording))
        case services.Outcome.DUPLICATE:
            return _answer(
                200, "recorded", n, _("Hand %(n)s is on the sheet, just as entered: it was saved once.", n=n)
            )
        case services.Outcome.REFUSED:
            return _answer(422, "refused", n, said(recording), field=recording.field)
        case services.Outcome.UNDONE:
            return _answer(409, "undone", n, said(recording), next=recording.standing.next_n)
        case services.Outcome.NOT_FOUND | services.Outcome.NOT_ALLOWED:
            abort(404)
    next_n = recording.standing.next_n
    if n < next_n:
        message = _("Hand %(n)s was recorded on another phone while this one had no signal.", n=n)
    else:
        message = said(services.Recording(services.Outcome.CONFLICT, n, recording.state, next_n=next_n))
    return _answer(409, "taken", n, message, next=next_n)
