"""A pseudo-language made from the catalog template: every message bracketed and accented.

``⟦Ĥåñð ŕéçôŕðéð.⟧`` reads as "Hand recorded." to a developer, but no word of it is
English: any English letter left on a page rendered in it was not taken from the catalog.
Placeholders (``%(n)s``), HTML tags and entities inside a message are kept as they are.
It is served under the code ``eo`` (a code Babel knows, so plural rules and formats work),
from a catalog directory of its own: adding it proves a language is a catalog and nothing else.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.messages.pofile import read_po, write_po
from babel.numbers import list_currencies

from scorekeeper.platform.i18n import CATALOG_DOMAIN, SOURCE_DIRECTORY

CODE = "eo"
OPEN, CLOSE = "⟦", "⟧"
ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
# Kept as written: placeholders, tags, entities.
KEPT = re.compile(r"%\([a-z_]+\)[sdf]|%[sd]|<[^>]*>|&[a-z#0-9]+;|\{[a-z_]+\}")


def pseudo(text: str) -> str:
    if not text:
        return text
    parts, last = [], 0
    for match in KEPT.finditer(text):
        parts.append(text[last : match.start()].translate(ACCENTS))
        parts.append(match.group(0))
        last = match.end()
    parts.append(text[last:].translate(ACCENTS))
    return OPEN + "".join(parts) + CLOSE


def write_catalog(directory: Path) -> Path:
    """Write the pseudo-language's ``.po`` under *directory*; return *directory*."""
    with (SOURCE_DIRECTORY / f"{CATALOG_DOMAIN}.pot").open("rb") as handle:
        catalog = read_po(handle, locale=CODE)
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            message.string = tuple(pseudo(part) for part in message.id[:2])
        else:
            message.string = pseudo(message.id)
    target = directory / CODE / "LC_MESSAGES" / f"{CATALOG_DOMAIN}.po"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as out:
        write_po(out, catalog)
    return directory


def without_brackets(text: str) -> str:
    """*text* with every bracketed (translated) part removed, nested ones too."""
    inner = re.compile(re.escape(OPEN) + "[^" + OPEN + CLOSE + "]*" + re.escape(CLOSE))
    previous = None
    while previous != text:
        previous, text = text, inner.sub(" ", text)
    return text


ANNOUNCED = ("aria-label", "title", "placeholder", "alt", "aria-description")


# Identifiers of the API and the rules' codes, and what is typed on a keyboard, are the same in every language.
SKIPPED_TAGS = {"script", "style", "code", "kbd"}


# Names of languages are written in their own language, like players' names.
SKIPPED_CLASSES = {"language-choice"}


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Texts(HTMLParser):
    """Collect visible text nodes and announced attributes, outside script, style and skipped parts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.found: list[str] = []

    @property
    def hidden(self) -> bool:
        return any(skipped for _tag, skipped in self.stack)

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        classes = set((values.get("class") or "").split())
        skipped = tag in SKIPPED_TAGS or bool(classes & SKIPPED_CLASSES) or values.get("translate") == "no"
        if not self.hidden and not skipped:
            for name in ANNOUNCED:
                if values.get(name):
                    self.found.append(f"@{name}={values[name]}")
            if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
                self.found.append(f"@value={values['value']}")
        if tag not in VOID:
            self.stack.append((tag, skipped))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.found.append(data.strip())


def cldr_words(code: str) -> set[str]:
    """Words Babel writes from the language's CLDR data, not from the catalog: list joins, dates."""
    locale = Locale.parse(code)
    words = set(format_list(["", ""], locale=locale).split())
    for context in locale.months.values():
        for names in context.values():
            words.update(names.values())
    for context in locale.days.values():
        for names in context.values():
            words.update(names.values())
    for pattern in locale.date_formats.values():
        words.update(re.findall(r"'([^']+)'", str(pattern.pattern)))
    return {part for word in words for part in re.findall(r"[^\W\d_]+", word)}


# Where the API lists each thing's names: (id values, path, list of people, their name fields).
NAMED = (
    ("party_id", "parties", "couples", ("name", "players")),
    ("table_id", "tables", "players", ("name",)),
    ("club_id", "clubs", "members", ("name",)),
)


def read_with_any_token(client, path: str, tokens: list[str]) -> dict:
    for token in tokens:
        answer = client.get(path, headers={"Authorization": f"Bearer {token}"})
        if answer.status_code == 200:
            return answer.get_json()
    return {}


def names_of(client, values) -> set[str]:
    """Every name of the crawled games, parties, tables and clubs: sides, players, couples, members."""
    found: set[str] = set()
    for game_id in values["game_id"]:
        state = client.get(f"/api/v1/games/{game_id}").get_json() or {}
        for side in state.get("sides", []):
            found.add(side.get("name", ""))
            found.update(side.get("players", []))
    for key, resource, people, fields in NAMED:
        for thing_id in values.get(key, []):
            thing = read_with_any_token(client, f"/api/v1/{resource}/{thing_id}", values["token"])
            found.add(thing.get("name", ""))
            for person in thing.get(people, []):
                for field in fields:
                    value = person.get(field)
                    found.update(value if isinstance(value, list) else [value or ""])
    found.update(cldr_words(CODE))
    # Currency codes (CAD, EUR) are the same in every language.
    found.update(list_currencies())
    words = set()
    for name in found:
        words.add(name)
        words.update(part for part in re.split(r"[\s&,]+", name) if part)
    return {w for w in words if w}
