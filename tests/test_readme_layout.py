"""The README reads in the order its readers need it, and every link in it leads somewhere."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

# The parts, in order: the commands first, then players, whoever runs it, developers.
PARTS = ["Quick start", "For players", "For whoever runs it", "For developers"]
# Sections that must stay in their part (others may be added beside them).
SECTIONS = {
    "For players": ["Playing a game", "Inviting the table", "Rule book and referee"],
    "For whoever runs it": [
        "One computer at the hall",
        "Running it on the internet",
        "Settings",
        "Backups",
        "PostgreSQL",
    ],
    "For developers": ["The rules engine", "JSON API", "Tests", "Benchmarks"],
}
RUN = ".venv/bin/flask --app scorekeeper run"
TEST = ".venv/bin/pytest"

FENCE = re.compile(r"^(```|~~~).*?^\1\s*$", re.M | re.S)
INLINE_CODE = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$", re.M)
MARKDOWN_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)=\"([^\"]+)\"", re.I)


def prose(text: str) -> str:
    """The text without code blocks and inline code, where links and headings are not links or headings."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def headings(text: str) -> list[tuple[int, str]]:
    return [(len(marks), title) for marks, title in HEADING.findall(prose(text))]


def anchor(title: str) -> str:
    """The anchor GitHub gives a heading."""
    title = re.sub(r"<[^>]+>", "", title).strip().lower()
    return re.sub(r"[^\w\- ]", "", title).replace(" ", "-")


def anchors(text: str) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for _, title in headings(text):
        base = anchor(title)
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.add(base if count == 0 else f"{base}-{count}")
    return out


def links(text: str) -> list[str]:
    body = prose(text)
    return MARKDOWN_LINK.findall(body) + HTML_LINK.findall(body)


def broken_links(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    broken = []
    for target in links(text):
        parts = urlsplit(target)
        if parts.scheme or parts.netloc:
            continue  # an address on the web, not a file of the project
        fragment = unquote(parts.fragment)
        file = (path.parent / unquote(parts.path)).resolve() if parts.path else path
        if not file.exists():
            broken.append(f"{target}: no such file")
        elif fragment and file.suffix == ".md" and fragment not in anchors(file.read_text(encoding="utf-8")):
            broken.append(f"{target}: no heading with that anchor")
    return broken


def test_the_parts_come_in_order_after_the_two_commands():
    text = README.read_text(encoding="utf-8")
    found = headings(text)
    assert found[0] == (1, "Forty-Fives score sheet"), "the title comes first"
    assert [title for level, title in found if level == 2] == PARTS
    first_part = text.index("\n## For players\n")
    assert text.index(RUN) < first_part, "the run command is at the top"
    assert text.index(TEST) < first_part, "the test command is at the top"
    assert text.index(RUN) < text.index(TEST)


def test_each_section_sits_in_its_part():
    part_of = {}
    part = None
    for level, title in headings(README.read_text(encoding="utf-8")):
        if level == 2:
            part = title
        elif level == 3:
            part_of[title] = part
    for part, sections in SECTIONS.items():
        for section in sections:
            assert part_of.get(section) == part, (
                f"'{section}' belongs under '{part}', found under {part_of.get(section)}"
            )


def test_the_players_part_says_what_the_game_is_before_any_command():
    text = README.read_text(encoding="utf-8")
    players = text.split("\n## For players\n", 1)[1].split("\n### ", 1)[0]
    assert "Forty-Fives is a trick-taking card game" in players
    assert "```" not in players


def test_every_relative_link_in_the_readme_resolves():
    assert links(README.read_text(encoding="utf-8")), "the README lost its links"
    assert broken_links(README) == []


def test_the_other_documents_links_resolve():
    for name in ("CONTRIBUTING.md", "CHANGELOG.md"):
        assert broken_links(ROOT / name) == [], name


def test_the_link_checker_sees_a_broken_link(tmp_path):
    (tmp_path / "there.md").write_text("# Here\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n## Part one\n\n[ok](#part-one) [ok](there.md#here) [web](https://example.org/x)\n"
        "[gone](missing.md) ![shot](docs/shot.png) [bad](#part-two) [bad](there.md#nowhere)\n"
        '<img src="img/none.png">\n\n```\n[in code](not-checked.md)\n```\n',
        encoding="utf-8",
    )
    assert broken_links(page) == [
        "missing.md: no such file",
        "docs/shot.png: no such file",
        "#part-two: no heading with that anchor",
        "there.md#nowhere: no heading with that anchor",
        "img/none.png: no such file",
    ]
