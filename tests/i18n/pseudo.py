"""A pseudo-language made from the catalog template: every message bracketed and accented.

``⟦Ĥåñð ŕéçôŕðéð.⟧`` reads as "Hand recorded." to a developer, but no word of it is
English: any English letter left on a page rendered in it was not taken from the catalog.
Placeholders (``%(n)s``), HTML tags and entities inside a message are kept as they are.
It is served under the code ``eo`` (a code Babel knows, so plural rules and formats work),
from a catalog directory of its own: adding it proves a language is a catalog and nothing else.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po, write_po

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
