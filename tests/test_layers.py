"""The folders are the architecture: each layer imports only from below, and no module imports itself round a circle.

Bottom up: the engines (``rules``, then ``party``, which counts in its games, and ``stats``, which adds up
the replayed games of a table), the platform (settings, extensions,
security, limits, numbers), the store (tables and the services that write, answering typed outcomes), then
the words (the engines' and the store's answers said in the reader's language, ``scorekeeper.words``), then
the web areas and the API side by side (neither imports the other), then the
commands, and ``create_app`` on top. Read from the source's syntax tree, so an
import hidden inside a function counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scorekeeper

PACKAGE = Path(scorekeeper.__file__).resolve().parent
LAYERS = {
    "scorekeeper.rules": 0,
    "scorekeeper.party": 1,
    "scorekeeper.stats": 1,
    "scorekeeper.platform": 2,
    "scorekeeper.store": 3,
    "scorekeeper.words": 3.5,
    "scorekeeper.web": 4,
    "scorekeeper.api": 4,
    "scorekeeper.commands": 5,
    "scorekeeper": 6,
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> str:
    """The layer a module belongs to: the longest prefix in LAYERS."""
    return max((name for name in LAYERS if module == name or module.startswith(name + ".")), key=len)


def imports_of(source: str, module: str, is_package: bool) -> set[str]:
    """Every scorekeeper module that *source* imports, anywhere in it (but under ``if TYPE_CHECKING``)."""
    tree = ast.parse(source)
    typing_only = {
        id(child)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        for statement in node.body
        for child in ast.walk(statement)
    }
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            # ``from scorekeeper.web import games`` imports the module scorekeeper.web.games (its package
            # runs first, as for any submodule); ``from scorekeeper.store.games import x`` imports the module.
            submodules = {f"{target}.{alias.name}" for alias in node.names} & MODULES
            found |= submodules or {target}
    return {name for name in found if name == "scorekeeper" or name.startswith("scorekeeper.")}


SOURCES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
MODULES = set(SOURCES)


def graph() -> dict[str, set[str]]:
    edges = {}
    for module, path in SOURCES.items():
        targets = imports_of(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")
        edges[module] = {t for t in targets if t in MODULES and t != module}
    return edges


def upward(edges: dict[str, set[str]]) -> list[str]:
    found = []
    for module, targets in edges.items():
        mine = layer_of(module)
        for target in targets:
            theirs = layer_of(target)
            if module == "scorekeeper":
                continue
            if LAYERS[theirs] > LAYERS[mine] or (LAYERS[theirs] == LAYERS[mine] and theirs != mine):
                found.append(f"{module} ({mine}) imports {target} ({theirs})")
    return sorted(found)


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_check_reads_every_layer():
    assert {layer_of(module) for module in MODULES} == set(LAYERS)
    edges = graph()
    assert "scorekeeper.store.games" in edges["scorekeeper.web.games.views"]


def test_no_layer_imports_from_above_or_beside():
    assert upward(graph()) == []


def test_no_import_circle():
    assert circles(graph()) == []


@pytest.mark.parametrize(
    ("module", "source", "complaint"),
    [
        ("scorekeeper.store.games", "from scorekeeper.web.games import views\n", "imports scorekeeper.web.games.views"),
        ("scorekeeper.api.games", "from scorekeeper.web.cookies import remember_game\n", "(scorekeeper.web)"),
        ("scorekeeper.platform.limits", "def f():\n    from scorekeeper.store import models\n", "(scorekeeper.store)"),
        ("scorekeeper.rules.game", "from scorekeeper import create_app\n", "imports scorekeeper (scorekeeper)"),
    ],
)
def test_an_upward_import_is_caught(module, source, complaint):
    edges = graph()
    edges[module] = imports_of(source, module, False) & (MODULES | {"scorekeeper"})
    assert any(complaint in line for line in upward(edges))


def test_a_circle_is_caught():
    edges = graph()
    edges["scorekeeper.store.models"] = edges["scorekeeper.store.models"] | {"scorekeeper.store.games"}
    assert any({"scorekeeper.store.games", "scorekeeper.store.models"} <= set(group) for group in circles(edges))
