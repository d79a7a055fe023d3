"""The README and the manual: read in the order their readers need, every link leads somewhere, every command works.

The README is the first screen a newcomer sees: what the app is, then the command that runs it and
the command that tests it, word for word what continuous integration runs. The manual in docs/ is
built with MkDocs in strict mode. Every command block of the README and the manual says how it is
kept true: run by a test or by continuous integration (``<!-- run: FILE -->``, FILE holding every
line of it, or this file running it), or shown only as an example (``<!-- illustrative -->``).
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
THIS = "tests/test_docs.py"

RUN = "python3 -m venv .venv && .venv/bin/pip install -c constraints.txt -e . && .venv/bin/flask --app scorekeeper db upgrade && .venv/bin/flask --app scorekeeper run"
TEST = "python3 -m venv .venv && .venv/bin/pip install -c constraints.txt -e '.[test]' && .venv/bin/pytest"
# The README's parts, in order.
PARTS = ["Quick start", "A player's first game", "The hall", "Where everything else is"]

FENCE = re.compile(r"^(```|~~~).*?^\1\s*$", re.M | re.S)
BLOCK = re.compile(r"(?:^<!-- (?P<mark>[^>]*?) -->\n)?^```(?P<lang>[^\n]*)\n(?P<body>.*?)^```\s*$", re.M | re.S)
INLINE_CODE = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$", re.M)
MARKDOWN_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)=\"([^\"]+)\"", re.I)
# Blocks that are commands (a shell's or Python's), not a document shown (JSON, a program's output).
COMMAND_LANGS = {"", "sh", "bash", "shell", "console", "python", "pycon"}


def prose(text: str) -> str:
    """The text without code blocks and inline code, where links and headings are not links or headings."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def headings(text: str) -> list[tuple[int, str]]:
    return [(len(marks), title) for marks, title in HEADING.findall(prose(text))]


def anchor(title: str) -> str:
    """The anchor GitHub (and MkDocs) give a heading."""
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


def blocks(path: Path) -> list[tuple[str, str, str]]:
    """Each command block of *path*: its mark (or ""), its language and its text."""
    found = []
    for match in BLOCK.finditer(path.read_text(encoding="utf-8")):
        lang = match["lang"].strip().split()[0] if match["lang"].strip() else ""
        if lang in COMMAND_LANGS:
            found.append((match["mark"] or "", lang, match["body"]))
    return found


def command_lines(body: str) -> list[str]:
    """The lines of a block that are commands: without comments, prompts and continuation."""
    joined = re.sub(r"\\\n\s*", " ", body)
    lines = []
    for line in joined.splitlines():
        line = re.sub(r"\s+#\s.*$", "", line).strip()  # a comment after the command
        if line and not line.startswith("#"):
            lines.append(line)
    return lines


# -- The README ------------------------------------------------------------------------


def test_the_first_screen_says_what_the_app_is_and_shows_it():
    text = README.read_text(encoding="utf-8")
    first_screen = text[: text.index("\n## ")]
    assert first_screen.startswith("# Forty-Fives score sheet\n")
    assert '<img src="docs/screenshots/' in first_screen, "a picture of the app"
    assert "score sheet and rules referee for Forty-Fives" in first_screen
    assert len(re.findall(r"[.!?](?:\s|$)", prose(first_screen))) <= 3, "what it is, in two sentences"


def test_the_parts_come_in_order_and_the_two_commands_come_first():
    text = README.read_text(encoding="utf-8")
    assert [title for level, title in headings(text) if level == 2] == PARTS
    first, second = (body.strip() for _, _, body in blocks(README)[:2])
    assert (first, second) == (RUN, TEST), "the run command, then the test command, as the first two code blocks"


def test_the_readme_is_read_in_two_minutes():
    """About 250 lines at most (it was 1,811): the rest is in the manual."""
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= 260, f"the README has {lines} lines"


def test_the_readme_says_how_long_the_tests_take_and_where_the_manual_is():
    text = README.read_text(encoding="utf-8")
    quick = text.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    assert "about 8 minutes on a quiet 2-core machine" in " ".join(quick.split())
    assert "docs/index.md" in quick


def test_ci_runs_the_readme_commands_word_for_word():
    """.ci/run runs the two commands as the README writes them, with no flag added."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in ci.splitlines() if not line.lstrip().startswith("#")]
    assert TEST in commands, "the test command, alone on its line"
    assert any(RUN in line for line in commands), "the run command, as written"


# -- Links -------------------------------------------------------------------------------


def test_every_relative_link_in_the_readme_resolves():
    assert links(README.read_text(encoding="utf-8")), "the README lost its links"
    assert broken_links(README) == []


@pytest.mark.parametrize("name", ["CONTRIBUTING.md", "CHANGELOG.md"])
def test_the_other_documents_links_resolve(name):
    assert broken_links(ROOT / name) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_every_link_of_the_manual_resolves(page):
    assert broken_links(page) == []


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


def test_the_manual_builds_in_strict_mode(tmp_path):
    """MkDocs refuses a broken link or anchor, a page left out of the menu, or a missing figure."""
    done = subprocess.run(
        [str(Path(sys.executable).parent / "mkdocs"), "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert (tmp_path / "site" / "index.html").exists()


# -- Commands ----------------------------------------------------------------------------


DOCUMENTS = [README, *PAGES]


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_block_is_run_or_marked_illustrative(path):
    for mark, _, body in blocks(path):
        first = body.strip().splitlines()[0] if body.strip() else ""
        assert mark == "illustrative" or mark.startswith("run: "), (
            f"{first!r}: mark it <!-- run: FILE --> (a test or .ci/run holding it) or <!-- illustrative -->"
        )
        if mark == f"run: {THIS}":
            assert body in RUN_HERE, f"{first!r} says this file runs it, and it does not"
        elif mark.startswith("run: "):
            runner = ROOT / mark.removeprefix("run: ")
            assert runner.is_file(), f"{first!r}: no file {runner}"
            held = runner.read_text(encoding="utf-8")
            for line in command_lines(body):
                assert line in held, f"{runner.relative_to(ROOT)} does not run {line!r}"


def test_the_command_checker_sees_an_unmarked_or_unrun_block(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n```sh\nmake tea\n```\n\n<!-- run: .ci/run -->\n```\nmake coffee\n```\n\n"
        '<!-- illustrative -->\n```json\n{"not": "a command"}\n```\n',
        encoding="utf-8",
    )
    found = blocks(page)
    assert [(mark, body) for mark, _, body in found] == [("", "make tea\n"), ("run: .ci/run", "make coffee\n")]
    with pytest.raises(AssertionError, match="mark it"):
        test_every_command_block_is_run_or_marked_illustrative(page)
    page.write_text("# Page\n\n<!-- run: .ci/run -->\n```\nmake coffee\n```\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="does not run 'make coffee'"):
        test_every_command_block_is_run_or_marked_illustrative(page)


def marked_here(path: Path, lang: str | None = None) -> list[str]:
    return [body for mark, found, body in blocks(path) if mark == f"run: {THIS}" and lang in (None, found)]


ENGINE = DOCS / "developers" / "rules-engine.md"
BACKUPS = DOCS / "organisers" / "backups.md"
# The blocks this file runs, below.
RUN_HERE = marked_here(ENGINE, "python") + marked_here(BACKUPS)


def test_the_engine_examples_run_as_written():
    (example,) = marked_here(ENGINE, "python")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(example, {}, ENGINE.name, str(ENGINE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.tries >= 15, "the page lost its engine examples"
    assert runner.failures == 0


def test_the_backup_line_copies_the_games_under_instance(tmp_path):
    """The by-hand backup writes its copy under instance/, where nothing is left in the repository's files."""
    (one_liner,) = marked_here(BACKUPS)
    (tmp_path / "instance").mkdir()
    with sqlite3.connect(tmp_path / "instance" / "scorekeeper.sqlite3") as games:
        games.execute("CREATE TABLE games (name TEXT)")
        games.execute("INSERT INTO games VALUES ('Tuesday')")
    words = shlex.split(one_liner.strip())
    assert words[0] == ".venv/bin/python"
    subprocess.run([sys.executable, *words[1:]], cwd=tmp_path, check=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["instance"], "nothing written beside instance/"
    copy = sqlite3.connect(tmp_path / "instance" / "scorekeeper-backup.sqlite3")
    assert copy.execute("SELECT name FROM games").fetchall() == [("Tuesday",)]
    copy.close()


# -- What the project points at ----------------------------------------------------------


def tracked_files() -> list[str]:
    done = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip("not a git checkout")
    return done.stdout.splitlines()


def test_nothing_cites_a_rule_book_or_api_document_the_project_does_not_have():
    """The rule book the project follows is its /rules page; the JSON API's is docs/developers/api.md."""
    missing = re.compile(r"\b(?:RULES|API)\.md\b")
    found = []
    for name in tracked_files():
        path = ROOT / name
        if path.suffix in {".png", ".ico", ".woff2", ".gz", ".br"} or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="ignore")
        for match in missing.finditer(text):
            if not (ROOT / match.group(0)).exists():
                found.append(f"{name}: {match.group(0)}")
    assert found == []


# Where a page's short paths start: the project, the package, its engine, its web areas, the tests.
BASES = (ROOT, ROOT / "scorekeeper", ROOT / "scorekeeper" / "rules", ROOT / "scorekeeper" / "web", ROOT / "tests")
PATH_LIKE = re.compile(r"^[\w.-]+(?:/[\w.-]+)*/?$")


def named_paths(path: Path) -> list[str]:
    """The files and folders a document names in inline code (`scorekeeper/rules/`, `pyproject.toml`)."""
    names = []
    for code in re.findall(r"`([^`\n]+)`", FENCE.sub("", path.read_text(encoding="utf-8"))):
        if PATH_LIKE.match(code) and ("/" in code or re.search(r"\.(py|md|toml|txt|cfg|html|js|css)$", code)):
            names.append(code)
    return names


@pytest.mark.parametrize("name", ["CONTRIBUTING.md", "docs/developers/code.md"])
def test_every_path_a_developer_page_names_exists(name):
    missing = []
    for named in named_paths(ROOT / name):
        if named.startswith((".venv/", "instance/")):
            continue  # made by the install and the first run
        if not any((base / named).exists() for base in BASES):
            missing.append(named)
    assert missing == [], f"{name} names paths the project does not have"


# -- Figures ----------------------------------------------------------------------------


def figures_module():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import figures
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return figures


def test_a_page_shows_a_figure_from_its_file_and_refuses_one_that_is_not_there(tmp_path):
    figures = figures_module()
    figures.write("weight", {"first": {"bytes": 27054}, "seconds": 378}, folder=tmp_path)
    page = "First load {{ weight.first.bytes | kib }} ({{ weight.first.bytes | count }} bytes), {{ weight.seconds | minutes }}."
    assert figures.render(page, folder=tmp_path) == "First load 26.4 KiB (27,054 bytes), 6 min 18 s."
    measured = figures.read("weight", folder=tmp_path)["measured"]
    assert figures.render("{{ weight.measured | date }}", folder=tmp_path).endswith(measured[:4])
    with pytest.raises(KeyError, match="has no first.kilobytes"):
        figures.render("{{ weight.first.kilobytes | kib }}", folder=tmp_path)
    with pytest.raises(KeyError, match="no docs/figures/height.json"):
        figures.render("{{ height.first | kib }}", folder=tmp_path)


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_sizes_are_written_in_one_unit(path):
    """KiB (1,024 bytes) everywhere: a size in KB beside one in KiB reads as two figures that disagree."""
    assert re.findall(r"\d\s?KB\b", prose(path.read_text(encoding="utf-8"))) == []


# A measured figure written by hand: a time, a size, a share or a ratio (a number and its unit), or the day
# a measure was taken. A page shows such a figure from its docs/figures/ file, through the hook
# ({{ name.key }}), never copied: a copy disagrees with the next run. Screen sizes (360 × 740) and counts
# (16 × 201) are not ratios.
MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
MEASURED = re.compile(
    r"(?<![\w.,/-])\d[\d,]*(?:\.\d+)?(?:\s?(?:ms|µs|KiB|MiB|MB|%)|\s?×(?!\s?\d)|x|\s(?:s|min|minutes|seconds|hours))(?!\w)"
    rf"|\b\d{{1,2}} (?:{MONTHS}) \d{{4}}\b"
)
PLACEHOLDERS = re.compile(r"\{\{.*?\}\}", re.S)
# What is not a measure: an aim, a budget or a bound the app keeps, said just before the figure...
AIM_BEFORE = re.compile(
    r"(?:\baims?|\baim of|\bbudget|\btarget|\bat most|\bnever more than|\bup to|\blarger than|\bunder|\bwithin|"
    r"\bevery|\bover the first)\W+(?:\w+\W+){0,2}$",
    re.I,
)
# ... or just after it ...
AIM_AFTER = re.compile(r"^\W*(?:aim|budget|target|request timeout|keep-alive)\b", re.I)
# ... and the few settings and sizes a page states in words of its own.
NOT_MEASURED = [
    "about 8 minutes on a quiet 2-core machine",  # the README's promise, checked against the fresh clone's run
    "valid for 12 hours",
    "wait 40 seconds",
    "a weak signal gets 6 s",
    "at its largest (200 %)",
    "the rule book at 200 %",
    "a larger body: **8 MB**",
    "a body over 64 KiB",
]


def hand_written_figures(text: str) -> list[str]:
    """Each measured figure *text* writes itself rather than through a placeholder, with the words before it."""
    shown = " ".join(PLACEHOLDERS.sub("FIGURE", prose(text)).split())
    for phrase in NOT_MEASURED:
        shown = shown.replace(phrase, "")
    found = []
    for match in MEASURED.finditer(shown):
        before, after = shown[max(0, match.start() - 40) : match.start()], shown[match.end() :][:30]
        if not (AIM_BEFORE.search(before) or AIM_AFTER.search(after)):
            found.append(f"…{before[-25:]}{match[0]}")
    return found


@pytest.mark.parametrize("path", [*PAGES, README, ROOT / "CONTRIBUTING.md"], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_measured_figure_comes_from_its_benchmark(path):
    assert hand_written_figures(path.read_text(encoding="utf-8")) == [], (
        "a measured figure copied by hand: show it from docs/figures/ ({{ name.key }}), or drop it"
    )


def test_the_figure_checker_sees_a_figure_copied_by_hand():
    page = "The board took 12.5 ms (measured on 24 November 2026); the export 1,015 ms, 1.66×, 3.4 s, 27.7 KiB, 87%."
    assert len(hand_written_figures(page)) == 7
    shown = "The board took {{ party.replayed.board_end.median_ms }} ms on {{ party.measured | date }}, 1.2×."
    assert [figure[-4:] for figure in hand_written_figures(shown)] == ["1.2×"]
    aims = "Aim 300 ms; under 50 ms; every 3 s; a 30 KiB budget; at most 1.2×; 2 workers × 4 threads at 360 × 740."
    assert hand_written_figures(aims) == []
    assert hand_written_figures("`took 3 ms` in code is not prose") == []


def test_a_verdict_or_a_figure_the_hook_cannot_read_stops_the_page(tmp_path):
    figures = figures_module()
    figures.write("record", {"aim_met": False, "ratio": 2.394, "turn": 25}, folder=tmp_path)
    assert figures.render("**{{ record.aim_met | met }}**, {{ record.ratio | times }}", folder=tmp_path) == (
        "**not met**, 2.39×"
    )
    figures.write("load", {"p50_ms": 6.2, "p99_ms": 1871.84}, folder=tmp_path)
    assert figures.render("{{ load.p50_ms | ms }}, {{ load.p99_ms | ms }}", folder=tmp_path) == "6.2 ms, 1,872 ms"
    assert {"measured", "commit", "machine"} <= figures.read("record", folder=tmp_path).keys()
    with pytest.raises(KeyError, match="not a verdict"):
        figures.render("{{ record.turn | met }}", folder=tmp_path)
    with pytest.raises(KeyError, match="not a figure"):
        figures.render("{{ record.ratio | times | kib }}", folder=tmp_path)
    with pytest.raises(KeyError, match="not a figure"):
        figures.render("{{ record.ratio| times ms }}", folder=tmp_path)


def test_every_figure_a_page_names_is_in_its_file():
    """Each {{ name.key }} of every page is in docs/figures/name.json, with a format that exists (as the build checks)."""
    figures = figures_module()
    for path in PAGES:
        figures.render(path.read_text(encoding="utf-8"))
