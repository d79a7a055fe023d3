"""The referee page's answers, read as text."""

from __future__ import annotations

import html
import re


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def block(page: str, element_id: str) -> str:
    """The text of the element with this id (up to its section's end)."""
    start = page.index(">", page.index(f'id="{element_id}"')) + 1
    end = page.find("</section>", start)
    return text_of(page[start:end])
