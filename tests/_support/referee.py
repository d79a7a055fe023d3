"""The referee page's answers, read as text, and the referee pages the page-measuring tests open."""

from __future__ import annotations

import html
import re

# The referee's phone pages with an answer shown, and the quiz and rule book beside them.
ANSWERED = "/referee?tool=legal&trump=H&trick=2h&hand=jh+kh+3c+4c+7d&play=3C#tool-legal"
PAGES = {
    "referee with an answer": ANSWERED,
    "referee with a rank answer": "/referee?tool=rank&trump=D&pair=ah+ad#tool-rank",
    "referee with a trick answer and the joker": "/referee?tool=trick&trump=S&cards=8s+jk+ah&joker=yes#tool-trick",
    "quiz": "/referee/quiz",
    "rules": "/rules",
    "referee with a called card": "/referee?tool=legal&trump=S&trick=9d&hand=kc+7d+3h&call_for_partner=yes"
    "&trick_number=2&called=kc#tool-legal",
}


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def block(page: str, element_id: str) -> str:
    """The text of the element with this id (up to its section's end)."""
    start = page.index(">", page.index(f'id="{element_id}"')) + 1
    end = page.find("</section>", start)
    return text_of(page[start:end])
