"""``flask --app scorekeeper translations``: the catalogs kept up to date in one line.

- ``update``: extract every marked string (``babel.cfg``) into ``messages.pot`` and merge it into
  each language's ``messages.po`` (new strings arrive empty, changed ones marked fuzzy), then typeset
  every translation by its language's rules (French: ``’``, the spaces before ``: ; ? !``, ``−5``);
- ``add CODE``: start the catalog of a new language (README, "Adding a language");
- ``check``: count each language's untranslated and fuzzy strings; exits 1 if any.

The ``.mo`` files are compiled by the app itself when it starts (``scorekeeper/platform/i18n.py``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

from scorekeeper.platform.i18n import CATALOG_DOMAIN, SOURCE_DIRECTORY
from scorekeeper.platform.typography import typeset

ROOT = SOURCE_DIRECTORY.parent.parent
TEMPLATE = SOURCE_DIRECTORY / f"{CATALOG_DOMAIN}.pot"
KEYWORDS = ("_", "gettext", "ngettext:1,2", "lazy_gettext", "_l", "lazy_ngettext:1,2", "pgettext:1c,2")


def _pybabel(*args: str) -> None:
    # Babel's command line is not annotated.
    CommandLineInterface().run(["pybabel", "-q", *args])  # type: ignore[no-untyped-call]


def extract() -> Path:
    """Write ``messages.pot`` from the sources; return its path."""
    keywords = [arg for word in KEYWORDS for arg in ("-k", word)]
    # Sorted and without line numbers: a catalog changes only where a string changed.
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        _pybabel(
            "extract",
            "-F",
            "babel.cfg",
            "--no-default-keywords",
            *keywords,
            "--sort-output",
            "--no-location",
            "--no-wrap",
            "--project",
            "scorekeeper",
            "--copyright-holder",
            "the scorekeeper authors",
            "-o",
            str(TEMPLATE.relative_to(ROOT)),
            ".",
        )
    finally:
        os.chdir(here)
    return TEMPLATE


def untranslated(po: Path) -> tuple[int, int, list[str]]:
    """Return (untranslated, fuzzy, the first few of them) for one ``.po`` file."""
    with po.open("rb") as handle:
        catalog = read_po(handle)
    missing = [
        m for m in catalog if m.id and not m.fuzzy and not (all(m.string) if isinstance(m.string, tuple) else m.string)
    ]
    fuzzy = [m for m in catalog if m.id and m.fuzzy]
    sample = [str(m.id if isinstance(m.id, str) else m.id[0]) for m in (missing + fuzzy)[:10]]
    return len(missing), len(fuzzy), sample


PLACEHOLDER_HEADERS = ("Report-Msgid-Bugs-To:", "Last-Translator:", "Language-Team:", "# FIRST AUTHOR")


def tidy(po: Path) -> None:
    """Drop the header lines pybabel fills with placeholders (addresses nobody reads), and its version."""
    lines = po.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not line.lstrip('"').startswith(PLACEHOLDER_HEADERS)]
    text = "".join(kept).replace('"Project-Id-Version: scorekeeper VERSION\\n"', '"Project-Id-Version: scorekeeper\\n"')
    po.write_text(text, encoding="utf-8")


def typeset_catalog(po: Path) -> int:
    """Typeset every message of *po* by its language's rules (``platform/typography.py``); return how many changed."""
    language = po.parent.parent.name
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    changed = 0
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.string, (tuple, list)):
            new: str | tuple[str, ...] = tuple(typeset(language, form or "") for form in message.string)
        else:
            new = typeset(language, message.string or "")
        if new != message.string:
            message.string = new
            changed += 1
    if changed:
        with po.open("wb") as handle:
            write_po(handle, catalog, width=0, ignore_obsolete=True)
        tidy(po)
    return changed


def catalogs() -> list[Path]:
    return sorted(SOURCE_DIRECTORY.glob(f"*/LC_MESSAGES/{CATALOG_DOMAIN}.po"))


@click.group("translations")
def translations_command() -> None:
    """Keep the language catalogs up to date (README, "Languages")."""


@translations_command.command("update")
def update_command() -> None:
    """Extract the marked strings and merge them into every language's catalog."""
    extract()
    tidy(TEMPLATE)
    if catalogs():
        _pybabel("update", "-i", str(TEMPLATE), "-d", str(SOURCE_DIRECTORY), "--no-wrap", "--ignore-obsolete")
    for po in catalogs():
        tidy(po)
        typeset_catalog(po)
        missing, fuzzy, _sample = untranslated(po)
        click.echo(f"{po.parent.parent.name}: {missing} untranslated, {fuzzy} fuzzy")


@translations_command.command("add")
@click.argument("code")
def add_command(code: str) -> None:
    """Start the catalog of language CODE (e.g. "de", "ga"), from every marked string."""
    extract()
    _pybabel("init", "-i", str(TEMPLATE), "-d", str(SOURCE_DIRECTORY), "-l", code, "--no-wrap")
    tidy(SOURCE_DIRECTORY / code / "LC_MESSAGES" / f"{CATALOG_DOMAIN}.po")
    click.echo(f"Translate {SOURCE_DIRECTORY / code / 'LC_MESSAGES' / (CATALOG_DOMAIN + '.po')}, then restart the app.")


@translations_command.command("check")
def check_command() -> None:
    """Fail when a catalog has an untranslated or fuzzy string."""
    bad = False
    for po in catalogs():
        missing, fuzzy, sample = untranslated(po)
        click.echo(f"{po.parent.parent.name}: {missing} untranslated, {fuzzy} fuzzy")
        for text in sample:
            click.echo(f"  {text}")
        bad = bad or bool(missing or fuzzy)
    sys.exit(1 if bad else 0)
