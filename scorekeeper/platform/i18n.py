"""Languages: every word the phones read comes from a gettext catalog (Flask-Babel).

- The sources are ``scorekeeper/translations/<code>/LC_MESSAGES/messages.po``; English is the
  language of the source strings and has no catalog. A language is offered as soon as its
  catalog is there: adding one is ``flask --app scorekeeper translations add <code>``, translating
  the ``.po`` file, and nothing else (README, "Adding a language").
- The compiled ``.mo`` files are made from the ``.po`` files when the app is built, into the
  instance folder (``instance/translations/``), again whenever a ``.po`` file is newer; they are
  not kept in the repository.
- The language of a page: the phone's choice (the ``lang`` cookie, set by the Français / English
  form on every page), else the best match of the browser's ``Accept-Language``, else English.
  The JSON API ignores the cookie: its sentences follow ``Accept-Language`` only (codes are
  language-neutral beside them).
- Pages say which language they are in (``<html lang>``), and every answer that can change with
  the language says so to caches (``Vary: Accept-Language, Cookie``).
"""

from __future__ import annotations

import functools
import os
import tempfile
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

import cachetools
import flask_babel
from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations
from flask import Flask, Response, current_app, g, has_app_context, has_request_context, request
from flask_babel import Babel, get_locale
from flask_babel.speaklater import LazyString
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from scorekeeper.platform import shelf
from scorekeeper.platform.typography import with_minus

SOURCE_LANGUAGE = "en"
LANGUAGE_COOKIE = "lang"
COOKIE_MAX_AGE = 400 * 24 * 3600
CATALOG_DOMAIN = "messages"
SOURCE_DIRECTORY = Path(__file__).resolve().parent.parent / "translations"
BUILD_FOLDER = "translations"
API_PREFIX = "/api/"

babel = Babel()


# Flask-Babel's translation functions, typed (the catalog's sentence is a ``str``: the library ships no type
# information), and quicker: Flask-Babel looks the request's catalog up again for every sentence (its domain, its
# locale's name, its cache), a tenth of a millisecond over a page's hundred sentences. Here it is looked up once per
# request and language, and kept beside the request's locale. The rest of the package takes them from here.

_CATALOG = "scorekeeper_catalog"


def catalog() -> NullTranslations:
    """The request's catalog: Flask-Babel's for the request's language, looked up once while that language holds.

    Kept with the locale object it was found for; ``force_locale`` puts another locale in place, and so is
    looked up again, and again when it gives the request's own back. Outside an app, Flask-Babel's answer.
    """
    if not has_app_context():
        return flask_babel.get_translations()
    space = g._get_current_object().__dict__
    locale = getattr(space.get("_flask_babel"), "babel_locale", None)  # Flask-Babel's choice, once it has made it
    kept = space.get(_CATALOG)
    if locale is None or kept is None or kept[0] is not locale:
        locale = get_locale()
        kept = space[_CATALOG] = (locale, _catalog_of(locale))
    return cast(NullTranslations, kept[1])


_CATALOGS = "scorekeeper_catalogs"


def _catalog_of(locale: Locale | None) -> NullTranslations:
    """Flask-Babel's catalog for *locale*, asked once per app and locale: Flask-Babel looks up its domain, the
    locale's name and its own cache of catalogs at every request. One per language offered, kept with the app."""
    found: dict[Locale | None, NullTranslations] = current_app.extensions.setdefault(_CATALOGS, {})
    kept = found.get(locale)
    if kept is None:
        kept = found[locale] = flask_babel.get_translations()
    return kept


def number(value: int | float) -> str:
    """*value* written as the request's language writes numbers (``1 000`` in French, ``1,000`` in English), with a
    true minus sign (``−5``)."""
    if type(value) is int and 0 <= value < 1000:  # the same in every language: no need to ask Babel
        return str(value)
    locale = _request_locale()
    key = (type(value), value, id(locale))
    with _WRITTEN_LOCK:
        kept: tuple[Locale | None, str] | None = _WRITTEN.get(key)
    if kept is None or kept[0] is not locale:  # the same locale object: its id is not another's
        kept = (locale, with_minus(format_decimal(value, locale=locale or SOURCE_LANGUAGE)))
        with _WRITTEN_LOCK:
            _WRITTEN[key] = kept
    return kept[1]


# The same number in the same language is always written alike: each written once for the process (on the shelf).
# A hand's note carries a negative score, which Babel takes longer to write than the rest of the note.
_WRITTEN = shelf.new_lru("written_numbers")
_WRITTEN_LOCK = threading.Lock()


def _numbers_put_in(found: str, variables: dict[str, Any]) -> str:
    """Put *variables* into *found*, whole numbers written by ``number``; ``%(n)d`` takes the written number."""
    for name, value in variables.items():
        if type(value) is int and not 0 <= value < 1000:
            variables[name] = number(value)
            found = found.replace(f"%({name})d", f"%({name})s")
    return found % variables


def gettext(string: str, **variables: Any) -> str:
    """The catalog's *string* in the request's language, with *variables* put in."""
    found = catalog().ugettext(string)
    return _numbers_put_in(found, variables) if variables else found


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The singular or plural sentence for *num*, in the request's language."""
    variables.setdefault("num", num)
    return _numbers_put_in(catalog().ungettext(singular, plural, num), variables)


@pass_context
def _template_gettext(context: Context, string: str, /, **variables: Any) -> str:
    """A template's ``_()``: the catalog's sentence, escaped as the template is, numbers written by ``number``."""
    found = catalog().ugettext(string)
    if context.eval_ctx.autoescape:
        found = Markup(found)
    return _numbers_put_in(found, variables)


@pass_context
def _template_ngettext(context: Context, singular: str, plural: str, count: int, /, **variables: Any) -> str:
    """A template's ``ngettext()``: the sentence for *count*, escaped as the template is, numbers written."""
    found = catalog().ungettext(singular, plural, count)
    if context.eval_ctx.autoescape:
        found = Markup(found)
    variables.setdefault("num", count)
    return _numbers_put_in(found, variables)


def pgettext(context: str, string: str, **variables: Any) -> str:
    """*string* as the catalog has it in *context* (a card's rank, a suit), in the request's language."""
    found = catalog().upgettext(context, string)
    return found % variables if variables else found


def lazy_gettext(string: str, **variables: Any) -> LazyString:
    """*string*, said in the language of the request that reads it (form labels, made before any request)."""
    return flask_babel.lazy_gettext(string, **variables)


def catalog_directories(app: Flask) -> list[Path]:
    """Where the ``.po`` sources are: the package's own, then any named in ``SCOREKEEPER_EXTRA_TRANSLATIONS``."""
    extra = [Path(p) for p in str(app.config.get("SCOREKEEPER_EXTRA_TRANSLATIONS", "")).split(os.pathsep) if p]
    return [SOURCE_DIRECTORY, *extra]


def _catalogs(directories: Iterable[Path]) -> dict[str, Path]:
    """Each language with a catalog, by its code, and the ``.po`` file (the first directory wins)."""
    found: dict[str, Path] = {}
    for directory in directories:
        if not directory.is_dir():
            continue
        for po in sorted(directory.glob(f"*/LC_MESSAGES/{CATALOG_DOMAIN}.po")):
            found.setdefault(po.parent.parent.name, po)
    return found


def compile_catalogs(app: Flask) -> Path:
    """Compile every ``.po`` newer than its ``.mo`` into the instance folder; return that folder."""
    target = Path(app.instance_path) / BUILD_FOLDER
    for code, po in _catalogs(catalog_directories(app)).items():
        mo = target / code / "LC_MESSAGES" / f"{CATALOG_DOMAIN}.mo"
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as source:
            catalog = read_po(source, locale=code)
        # Written beside and renamed into place: workers starting at once never read half a file.
        handle, temporary = tempfile.mkstemp(dir=mo.parent, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        os.replace(temporary, mo)
    return target


def languages() -> dict[str, str]:
    """The languages offered, by code, each named in its own language ("English", "Français")."""
    return cast(dict[str, str], current_app.extensions["scorekeeper_languages"])


def _best(offered: Iterable[str]) -> str:
    return _best_of(request.headers.get("Accept-Language", ""), tuple(offered))


# The same header always gives the same answer, whichever the app: kept for the process (on the shelf).
@cachetools.cached(shelf.new_lru("accept_languages"), lock=threading.Lock())
def _best_of(accept_language: str, offered: tuple[str, ...]) -> str:
    """The language of *offered* an ``Accept-Language`` header prefers: phones send a few headers, read once each."""
    from werkzeug.datastructures import LanguageAccept
    from werkzeug.http import parse_accept_header

    match = parse_accept_header(accept_language, LanguageAccept).best_match(list(offered))
    return match or SOURCE_LANGUAGE


def language_for(path: str, chosen: str | None, accept_language: str | None, offered: Iterable[str]) -> str:
    """The language of a request from its parts (path, ``lang`` cookie, ``Accept-Language``), without a request.

    The same choice as ``select_locale``; the poll answerer (``web/polls.py``) asks it before the app.
    """
    codes = tuple(offered)
    if not path.startswith(API_PREFIX) and chosen in codes:
        return str(chosen)
    return _best_of(accept_language or "", codes)


def select_locale() -> Locale:
    """The language of this request (see the module's docstring)."""
    offered = languages()
    if not has_request_context():
        return _locale(SOURCE_LANGUAGE)
    if request.path.startswith(API_PREFIX):
        return _locale(_best(offered))
    chosen = request.cookies.get(LANGUAGE_COOKIE, "")
    if chosen in offered:
        return _locale(chosen)
    return _locale(_best(offered))


@functools.cache
def _locale(code: str) -> Locale:
    """The language *code* as Babel knows it, looked up once (Babel reads its data files' folder for each new one)."""
    return Locale.parse(code)


_LANGUAGE = "scorekeeper_language"


def current_language() -> str:
    """The code of the language of this request, as written in ``<html lang>`` ("en", "fr").

    Written once per request and locale, as ``catalog`` is looked up: the API's answer asks for it twice (its
    rows' language, and ``Content-Language``).
    """
    locale = _request_locale()
    if locale is None:
        return SOURCE_LANGUAGE
    space = g._get_current_object().__dict__
    kept = space.get(_LANGUAGE)
    if kept is None or kept[0] is not locale:
        kept = space[_LANGUAGE] = (locale, str(locale).replace("_", "-"))
    return cast(str, kept[1])


def _request_locale() -> Locale | None:
    """Flask-Babel's ``get_locale``: read where Flask-Babel keeps it once it has chosen it, else chosen now."""
    if not has_app_context():
        return None
    chosen = getattr(g._get_current_object().__dict__.get("_flask_babel"), "babel_locale", None)
    return cast(Locale | None, chosen if chosen is not None else get_locale())


def _vary(response: Response) -> Response:
    """Tell caches that pages and API sentences change with the language."""
    if response.mimetype == "text/html":
        # The service worker keeps each language's copy of a page apart by this (templates/offline/sw.js).
        response.headers.setdefault("Content-Language", current_language())
    if response.mimetype in ("text/html", "application/json", "text/javascript", "application/manifest+json"):
        response.vary.add("Accept-Language")
        if not request.path.startswith(API_PREFIX):
            response.vary.add("Cookie")
    return response


def init_app(app: Flask) -> None:
    """Compile the catalogs, offer their languages, and choose one per request."""
    build = compile_catalogs(app)
    offered = {SOURCE_LANGUAGE: "English"}
    for code in _catalogs(catalog_directories(app)):
        name = Locale.parse(code).get_display_name(code) or code
        offered[code] = name[:1].upper() + name[1:]
    app.extensions["scorekeeper_languages"] = offered
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(build)
    babel.init_app(app, locale_selector=select_locale)
    # The templates' sentences through the same catalog, looked up once per request (Flask-Babel's own look it up
    # for each one); Jinja puts the variables in and escapes them, as with Flask-Babel's.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda string: catalog().ugettext(string),
        ngettext=lambda singular, plural, num: catalog().ungettext(singular, plural, num),
        pgettext=lambda context, string: catalog().upgettext(context, string),
        npgettext=lambda context, singular, plural, num: catalog().unpgettext(context, singular, plural, num),
        newstyle=True,
    )
    # Jinja's own wrappers put the variables in as they are; these write whole numbers in the page's language.
    app.jinja_env.globals.update(gettext=_template_gettext, ngettext=_template_ngettext)
    app.jinja_env.filters["number"] = number
    app.after_request(_vary)
    app.jinja_env.globals.update(languages=languages, current_language=current_language)
