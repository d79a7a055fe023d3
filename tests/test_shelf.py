"""Every cache on one shelf: made only in platform/shelf.py, asked for by a name the shelf holds, each kept
with its app, and the manual's page of caches is the shelf's own table."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from flask import Flask

import scorekeeper
from scorekeeper.platform import shelf

PACKAGE = Path(scorekeeper.__file__).resolve().parent
HOME = PACKAGE / "platform" / "shelf.py"
PAGE = PACKAGE.parent / "docs" / "developers" / "caches.md"
SOURCES = {path: path.read_text(encoding="utf-8") for path in sorted(PACKAGE.rglob("*.py"))}

# What makes a cache: these are called (or used as a decorator) only on the shelf.
MAKERS = {"LRUCache", "TTLCache", "LFUCache", "FIFOCache", "RRCache", "VersionCache", "OrderedDict", "lru_cache"}
# How a cache is asked for by name, and where the name stands among the arguments.
ASKERS = {"cache": 0, "version_cache": 1, "new_lru": 0, "app_lru": 1}


_TREES: dict[str, ast.Module] = {}


def _tree(source: str) -> ast.Module:
    """The source's syntax tree, read once for all the tests here."""
    if source not in _TREES:
        _TREES[source] = ast.parse(source)
    return _TREES[source]


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def made_outside(sources: dict[Path, str]) -> list[str]:
    """Each place outside the shelf that makes a cache of its own."""
    found = []
    for path, source in sources.items():
        if path == HOME:
            continue
        for node in ast.walk(_tree(source)):
            called = node.func if isinstance(node, ast.Call) else None
            decorators = node.decorator_list if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) else []
            for target in ([called] if called is not None else []) + decorators:
                if _name(target) in MAKERS:
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} makes a {_name(target)}")
    return sorted(found)


def names_asked(sources: dict[Path, str]) -> dict[str, list[str]]:
    """Every cache asked for by name, with where."""
    found: dict[str, list[str]] = {}
    for path, source in sources.items():
        for node in ast.walk(_tree(source)):
            if not isinstance(node, ast.Call) or _name(node.func) not in ASKERS:
                continue
            where = ASKERS[str(_name(node.func))]
            if len(node.args) > where and isinstance(node.args[where], ast.Constant):
                value = node.args[where].value
                if isinstance(value, str):
                    found.setdefault(value, []).append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return found


def test_no_cache_is_made_off_the_shelf():
    assert made_outside(SOURCES) == []


def test_every_cache_asked_for_is_on_the_shelf_and_every_one_on_it_is_used():
    asked = names_asked(SOURCES)
    assert {name: where for name, where in asked.items() if name not in shelf.SHELF} == {}
    assert set(shelf.SHELF) - set(asked) == set()


@pytest.mark.parametrize(
    "planted",
    [
        "from collections import OrderedDict\nkept = OrderedDict()\n",
        "import functools\n@functools.lru_cache(maxsize=10)\ndef f(x):\n    return x\n",
        "from cachetools import TTLCache\nkept = TTLCache(maxsize=10, ttl=60)\n",
        "from scorekeeper.store.log import VersionCache\nkept = VersionCache(10)\n",
    ],
)
def test_a_cache_made_off_the_shelf_is_caught(planted):
    sources = dict(SOURCES)
    sources[PACKAGE / "web" / "planted.py"] = planted
    assert any("web/planted.py" in line for line in made_outside(sources))


def test_a_cache_asked_for_by_a_name_not_on_the_shelf_is_caught():
    sources = {PACKAGE / "web" / "planted.py": 'from scorekeeper.store import log\nlog.cache("sheets_of_old")\n'}
    assert "sheets_of_old" in names_asked(sources)
    assert "sheets_of_old" not in shelf.SHELF


def test_the_manuals_page_is_the_shelfs_table():
    page = PAGE.read_text(encoding="utf-8")
    block = re.search(r"<!-- shelf:start[^>]*-->\n(.*?)<!-- shelf:end -->", page, re.S)
    assert block is not None, "the page lost its shelf:start / shelf:end markers"
    assert block.group(1).strip() == shelf.table().strip()


def test_each_cache_has_the_shelfs_size_and_is_kept_with_its_own_app():
    one, other = Flask("one"), Flask("other")
    states = shelf.version_cache(one, "game_states")
    assert states is shelf.version_cache(one, "game_states")
    assert states.budget == shelf.SHELF["game_states"].size
    rows = shelf.app_lru(one, "api_hand_rows")
    assert rows is shelf.app_lru(one, "api_hand_rows")
    assert rows.maxsize == shelf.SHELF["api_hand_rows"].size
    assert shelf.version_cache(other, "game_states") is not states
    assert shelf.app_lru(other, "api_hand_rows") is not rows


def test_a_cache_not_on_the_shelf_or_of_another_kind_cannot_be_made():
    app = Flask("app")
    with pytest.raises(LookupError):
        shelf.version_cache(app, "sheets_of_old")
    with pytest.raises(LookupError):
        shelf.new_lru("game_states")  # a version cache, not an LRU
    with pytest.raises(ValueError, match="weighed"):
        shelf.version_cache(app, "party_states")  # weighed on the shelf: its owner must say how
    assert "party_states" not in app.extensions
