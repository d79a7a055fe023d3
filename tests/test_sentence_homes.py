"""A sentence has one home: the engines and the store say codes, ``scorekeeper.words`` says sentences.

Read from the source's syntax tree. A sentence is a string literal of 15 or more characters with at
least three words in it; docstrings, SQL, headers and the parts of an f-string are not sentences. Three checks:
no sentence stands in two modules of the package, and the engines (``rules``, ``party``, ``stats``)
and the store neither import the catalog nor call it, nor does the JSON API (``api``), whose sentences are said by
``words.api``; nor does the API write a refusal's words in place (a ``BadInput`` or ``error`` of a literal, a door's
sayer of one). Each check is shown catching a planted
violation, so it cannot pass by reading nothing.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

import scorekeeper

PACKAGE = Path(scorekeeper.__file__).resolve().parent
SOURCES = {str(p.relative_to(PACKAGE)): p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py"))}
SQL = re.compile(r"\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH|PRAGMA)\b")
WORD = re.compile(r"[^\W\d_]{2,}")
HEADER = re.compile(r"[a-z-]+(/[a-z.+-]+)?[;,] \S+=")  # "text/plain; charset=utf-8": a header's value
CODE_ONLY = ("rules/", "party/", "stats/", "store/")
# The JSON API says codes and asks ``words`` for each sentence: it neither imports the catalog nor calls it.
WORDED_ELSEWHERE = ("api/",)
CATALOG_CALLS = {"_", "_l", "gettext", "ngettext", "lazy_gettext", "lazy_ngettext", "pgettext", "npgettext"}
CATALOG_MODULES = ("flask_babel", "babel.support", "gettext", "scorekeeper.platform.i18n")

# Sentences still written in two modules, by the pair of modules: each pair is a move still to make (the
# games' hand-written document, a party reader's sentence beside its words). The list only shrinks: a pair
# that no longer repeats must leave it.
STILL_TWICE: set[frozenset[str]] = set()


def _not_sentences(tree: ast.AST) -> set[int]:
    """The literals that are no sentence: docstrings, and the pieces of f-strings."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skipped.add(id(first.value))
        if isinstance(node, ast.JoinedStr):
            skipped |= {id(part) for part in ast.walk(node)}
    return skipped


def sentences(source: str) -> set[str]:
    """The sentences a module's source writes."""
    tree = ast.parse(source)
    skipped = _not_sentences(tree)
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skipped
        and len(node.value) >= 15
        and " " in node.value
        and len(WORD.findall(node.value)) >= 3
        and not SQL.match(node.value)
        and not HEADER.match(node.value)
    }


def repeated(sources: dict[str, str]) -> dict[str, set[str]]:
    """Each sentence written in two modules or more, with those modules."""
    homes: dict[str, set[str]] = defaultdict(set)
    for module, source in sources.items():
        for sentence in sentences(source):
            homes[sentence].add(module)
    return {sentence: modules for sentence, modules in homes.items() if len(modules) > 1}


def new_repeats(sources: dict[str, str]) -> list[str]:
    """The sentences repeated across a pair of modules not in ``STILL_TWICE``."""
    found = []
    for sentence, modules in repeated(sources).items():
        pairs = {frozenset({a, b}) for a in modules for b in modules if a < b}
        if pairs - STILL_TWICE:
            found.append(f"{sentence!r} in {sorted(modules)}")
    return sorted(found)


def catalog_uses(source: str) -> list[str]:
    """Each import of the catalog and each call of it in *source*, as "line: what"."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
            name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            if name in CATALOG_CALLS:
                found.append(f"{node.lineno}: calls {name}")
            continue
        else:
            continue
        found += [f"{node.lineno}: imports {n}" for n in names if n.startswith(CATALOG_MODULES)]
    return found


def code_only_modules(sources: dict[str, str]) -> dict[str, list[str]]:
    return {
        module: uses
        for module, source in sources.items()
        if module.startswith(CODE_ONLY) and (uses := catalog_uses(source))
    }


# The store modules that still word their refusals themselves: none now; the list stays, and only shrinks.
STILL_WORDED: set[str] = set()


def test_the_checks_read_the_package():
    assert len(SOURCES) > 100
    assert "A game needs at least two sides" in sentences(SOURCES["words/refusals.py"])
    assert catalog_uses(SOURCES["words/refusals.py"])


def test_no_sentence_stands_in_two_modules():
    assert new_repeats(SOURCES) == []


def test_the_pairs_still_to_move_still_repeat():
    """A pair made clean leaves ``STILL_TWICE``, so the list only shrinks."""
    now = {frozenset({a, b}) for ms in repeated(SOURCES).values() for a in ms for b in ms if a < b}
    assert sorted(sorted(pair) for pair in STILL_TWICE - now) == []


def test_the_engines_and_the_store_never_call_the_catalog():
    assert set(code_only_modules(SOURCES)) - STILL_WORDED == set()


def test_the_store_modules_still_worded_are_listed_exactly():
    assert set(code_only_modules(SOURCES)) == STILL_WORDED


def test_a_sentence_planted_in_an_engine_is_caught():
    planted = dict(SOURCES)
    planted["rules/game.py"] += '\n\ndef _planted():\n    raise ValueError("A game needs at least two sides")\n'
    assert any("A game needs at least two sides" in line for line in new_repeats(planted))


def test_a_sentence_planted_in_a_new_module_is_caught():
    planted = {**SOURCES, "store/planted.py": 'SAID = "Hand %(n)s was just recorded by another phone."\n'}
    assert any("store/planted.py" in line for line in new_repeats(planted))


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("rules/game.py", "from scorekeeper.platform.i18n import gettext as _\n"),
        ("party/state.py", "from flask_babel import lazy_gettext\n"),
        ("stats/__init__.py", "import flask_babel\n"),
        ("store/games.py", "def f(n):\n    return ngettext('one hand', '%(num)s hands', n)\n"),
        ("store/parties.py", "def f():\n    return _('The evening is over.')\n"),
    ],
)
def test_the_catalog_planted_in_an_engine_or_the_store_is_caught(module, source):
    planted = {**SOURCES, module: SOURCES[module] + "\n" + source}
    assert module in code_only_modules(planted)


def gettext_uses(source: str) -> list[str]:
    """Each call of the catalog in *source*, and each import of it or of one of its functions (the app's language
    alone, ``current_language``, is no sentence)."""
    found = [use for use in catalog_uses(source) if "calls" in use or "scorekeeper.platform.i18n" not in use]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            found += [f"{node.lineno}: imports {alias.name}" for alias in node.names if alias.name in CATALOG_CALLS]
    return found


def api_modules_using_the_catalog(sources: dict[str, str]) -> dict[str, list[str]]:
    return {
        module: uses
        for module, source in sources.items()
        if module.startswith(WORDED_ELSEWHERE) and (uses := gettext_uses(source))
    }


def test_the_api_never_calls_the_catalog():
    assert any(module.startswith("api/") for module in SOURCES)
    assert api_modules_using_the_catalog(SOURCES) == {}


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("api/clubs.py", "from scorekeeper.platform.i18n import gettext as _\n"),
        ("api/base.py", "from flask_babel import lazy_gettext as _l\n"),
        ("api/tables.py", "def f():\n    return _('There is no table with that id')\n"),
        ("api/planted.py", "def f(n):\n    return lazy_gettext('Give the game number')\n"),
    ],
)
def test_the_catalog_planted_in_the_api_is_caught(module, source):
    planted = {**SOURCES, module: SOURCES.get(module, "") + "\n" + source}
    assert module in api_modules_using_the_catalog(planted)


def test_formats_sql_and_docstrings_are_not_sentences():
    source = '"""A docstring that is long enough to count."""\nQ = "SELECT id FROM games WHERE x = 1"\nK = "a-key"\n'
    source += 'F = f"Hand {1} was just recorded by another phone"\nH = "text/plain; charset=utf-8"\n'
    assert sentences(source) == set()


# What the API answers a refused request: its ``BadInput`` and ``error`` messages, and the door's sayers.
REFUSING_CALLS = {"BadInput", "error"}
SAYERS = {"no_token", "wrong_token", "view_token"}


def _written(node: ast.AST | None) -> bool:
    """A message written in place: a literal, an f-string, or a function giving one (``lambda: "..."``)."""
    if isinstance(node, ast.Lambda):
        node = node.body
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def api_refusals_written_in_place(sources: dict[str, str]) -> list[str]:
    """Each refusal of the API whose words are written in its module rather than said by ``words``."""
    found = []
    for module, source in sources.items():
        if not module.startswith(WORDED_ELSEWHERE):
            continue
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name in REFUSING_CALLS and node.args and _written(node.args[0]):
                found.append(f"{module}:{node.lineno}: {name}")
            found += [
                f"{module}:{node.lineno}: {k.arg}" for k in node.keywords if k.arg in SAYERS and _written(k.value)
            ]
    return found


def test_the_api_writes_no_refusal_in_place():
    assert api_refusals_written_in_place(SOURCES) == []


@pytest.mark.parametrize(
    "source",
    [
        "def f():\n    raise BadInput('There is no game with that id', 'id', 404)\n",
        "def f(n):\n    raise BadInput(f'Give {n} once', n, 400)\n",
        "def f():\n    return error('That token does not belong to this game', None, 403)\n",
        "D = Door(load, access, missing, no_token=lambda: 'Recording needs the edit token')\n",
    ],
)
def test_a_refusal_written_in_the_api_is_caught(source):
    planted = {**SOURCES, "api/planted.py": source}
    assert [line for line in api_refusals_written_in_place(planted) if line.startswith("api/planted.py")]
