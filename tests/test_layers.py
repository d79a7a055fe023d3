"""The folders are the architecture: each layer imports only from below, and no module imports itself round a circle.

Bottom up: the engines (``rules``, then ``party``, which counts in its games, and ``stats``, which adds up
the replayed games of a table), the platform (settings, extensions,
security, limits, numbers), the store (tables and the services that write, answering typed outcomes), then
the words (the engines' and the store's answers said in the reader's language, ``scorekeeper.words``), then
the web areas and the API side by side (neither imports the other), then the
commands, and ``create_app`` on top. Read from the source's syntax tree, so an
import hidden inside a function counts too.

Libraries have their layers as well: the database (SQLAlchemy, Flask-SQLAlchemy, and the app's ``db`` that
wraps them) is reached from the store, and from the platform where the app is wired to it, nowhere else;
the engines import no Flask at all.
"""

from __future__ import annotations

import ast
import functools
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
    return {name for name in _imported(source, module, is_package) if _ours(name)}


def _ours(name: str) -> bool:
    return name == "scorekeeper" or name.startswith("scorekeeper.")


def _imported(source: str, module: str, is_package: bool) -> set[str]:
    """Every module *source* imports, ours and libraries alike (but under ``if TYPE_CHECKING``); a name taken
    from one of ours is also given as ``module.name``, so ``from scorekeeper.platform.extensions import db``
    names ``scorekeeper.platform.extensions.db``."""
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
    bound: dict[str, str] = {}  # a name an import binds in the module: the module or name it stands for
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    bound.setdefault(alias.name.partition(".")[0], alias.name.partition(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            # ``from scorekeeper.web import games`` imports the module scorekeeper.web.games (its package
            # runs first, as for any submodule); ``from scorekeeper.store.games import x`` imports the module.
            names = {f"{target}.{alias.name}" for alias in node.names}
            submodules = names & MODULES
            found |= submodules or {target}
            if _ours(target):
                found |= names - submodules
            bound |= {alias.asname or alias.name: f"{target}.{alias.name}" for alias in node.names}
    return found | _reached(tree, typing_only, bound)


def _reached(tree: ast.AST, typing_only: set[int], bound: dict[str, str]) -> set[str]:
    """What the module reaches through the attributes of a name it imported: ``extensions.db.session`` after
    ``from scorekeeper.platform import extensions`` names ``scorekeeper.platform.extensions.db.session``; and the
    database the app keeps among its extensions (``current_app.extensions["sqlalchemy"]``) names ``flask_sqlalchemy``."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Attribute):
            chain = [node.attr]
            base: ast.expr = node.value
            while isinstance(base, ast.Attribute):
                chain.append(base.attr)
                base = base.value
            if isinstance(base, ast.Name) and base.id in bound:
                found.add(".".join([bound[base.id], *reversed(chain)]))
        elif (
            isinstance(node, ast.Subscript | ast.Call)
            and "extensions" in ast.unparse(node.value if isinstance(node, ast.Subscript) else node.func)
            and any(isinstance(c, ast.Constant) and c.value in ("sqlalchemy", "migrate") for c in ast.walk(node))
        ):
            found.add("flask_sqlalchemy")
    return found


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


# Where a library may be imported: the database's only in the store and the platform, Flask nowhere in the engines.
DATABASE = ("sqlalchemy", "flask_sqlalchemy", "scorekeeper.platform.extensions.db")
DATABASE_LAYERS = ("scorekeeper.store", "scorekeeper.platform")
ENGINES = ("scorekeeper.rules", "scorekeeper.party", "scorekeeper.stats")
FLASK = ("flask", "flask_babel", "flask_sqlalchemy", "flask_wtf", "flask_migrate", "werkzeug", "sqlalchemy")


def _is(name: str, libraries: tuple[str, ...]) -> bool:
    return any(name == library or name.startswith(library + ".") for library in libraries)


def library_imports() -> dict[str, frozenset[str]]:
    """Every module's imports, ours and libraries alike (a fresh dict each time, the sources read once)."""
    return dict(_read_imports())


@functools.cache
def _read_imports() -> dict[str, frozenset[str]]:
    return {
        module: frozenset(_imported(path.read_text(encoding="utf-8"), module, path.name == "__init__.py"))
        for module, path in SOURCES.items()
    }


def misplaced_libraries(imports: dict[str, frozenset[str]]) -> list[str]:
    found = []
    for module, names in imports.items():
        layer = layer_of(module)
        for name in sorted(names):
            if _is(name, DATABASE) and layer not in DATABASE_LAYERS:
                found.append(f"{module} ({layer}) reaches the database: {name}")
            elif _is(name, FLASK) and layer in ENGINES:
                found.append(f"{module} ({layer}) imports a web library: {name}")
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


def test_the_database_is_reached_from_the_store_only_and_flask_never_from_the_engines():
    assert misplaced_libraries(library_imports()) == []


def test_the_library_check_reads_every_module():
    imports = library_imports()
    assert set(imports) == MODULES
    assert "sqlalchemy" in imports["scorekeeper.store.games"]
    assert "scorekeeper.platform.extensions.db" in imports["scorekeeper.store.games"]
    assert "flask" in imports["scorekeeper.web.games.views"]


@pytest.mark.parametrize(
    ("module", "source", "complaint"),
    [
        ("scorekeeper.web.home.views", "from sqlalchemy import select\n", "reaches the database: sqlalchemy"),
        ("scorekeeper.web.polls", "def f():\n    import sqlalchemy.pool\n", "reaches the database: sqlalchemy.pool"),
        ("scorekeeper.api.games", "from flask_sqlalchemy import SQLAlchemy\n", "reaches the database"),
        ("scorekeeper.commands.backup", "from ..platform.extensions import db\n", "platform.extensions.db"),
        (
            "scorekeeper.web.games.views",
            "from scorekeeper.platform import extensions\n\ndef f():\n    return extensions.db.session.get(1, 2)\n",
            "reaches the database: scorekeeper.platform.extensions.db.session",
        ),
        (
            "scorekeeper.api.games",
            "import scorekeeper.platform.extensions as ext\n\ndef f():\n    ext.db.session.commit()\n",
            "reaches the database: scorekeeper.platform.extensions.db",
        ),
        (
            "scorekeeper.words.store",
            "import scorekeeper.platform.extensions\n\nX = scorekeeper.platform.extensions.db.engine\n",
            "(scorekeeper.words) reaches the database: scorekeeper.platform.extensions.db",
        ),
        (
            "scorekeeper.web.polls",
            "from flask import current_app\n\ndef f():\n    return current_app.extensions['sqlalchemy'].engine\n",
            "reaches the database: flask_sqlalchemy",
        ),
        (
            "scorekeeper.web.home.views",
            "from flask import current_app\n\ndef f():\n    return current_app.extensions.get('migrate').db\n",
            "reaches the database: flask_sqlalchemy",
        ),
        ("scorekeeper.party.model", "from scorekeeper.platform.extensions import db\n", "reaches the database"),
        ("scorekeeper.stats.summary", "from scorekeeper.platform import extensions as e\nY = e.db\n", "database"),
        ("scorekeeper", "from sqlalchemy import event\n", "reaches the database: sqlalchemy"),
        ("scorekeeper.rules.game", "from flask import current_app\n", "imports a web library: flask"),
        ("scorekeeper.party.model", "from flask_babel import gettext\n", "imports a web library: flask_babel"),
        ("scorekeeper.stats.summary", "import flask\n", "(scorekeeper.stats) imports a web library: flask"),
    ],
)
def test_a_misplaced_library_is_caught(module, source, complaint):
    path = SOURCES[module]
    imports = library_imports()
    imports[module] = frozenset(_imported(source, module, path.name == "__init__.py"))
    assert any(complaint in line for line in misplaced_libraries(imports))


def test_the_store_and_platform_may_reach_the_database():
    imports = {
        "scorekeeper.store.games": frozenset(_imported("from sqlalchemy import select\n", "x.y", False)),
        "scorekeeper.platform.extensions": frozenset(_imported("import flask_sqlalchemy\n", "x.y", False)),
    }
    assert misplaced_libraries(imports) == []


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


def graph_with_type_imports(planted: dict[str, str] | None = None) -> dict[str, set[str]]:
    """The import graph counting the imports made only for type checking too (*planted*: module → extra source)."""
    edges = {}
    for module, path in SOURCES.items():
        source = path.read_text(encoding="utf-8") + (planted or {}).get(module, "")
        source = source.replace("if TYPE_CHECKING:", "if True:")
        targets = imports_of(source, module, path.name == "__init__.py")
        edges[module] = {t for t in targets if t in MODULES and t != module}
    return edges


def test_no_import_circle_even_through_imports_made_only_for_types():
    assert circles(graph_with_type_imports()) == []


def test_a_circle_through_an_import_made_only_for_types_is_caught():
    planted = "\nif TYPE_CHECKING:\n    from scorekeeper.web.games.hand_fields import HandForm\n"
    found = circles(graph_with_type_imports({"scorekeeper.web.games.hand_reader": planted}))
    assert any(
        {"scorekeeper.web.games.hand_reader", "scorekeeper.web.games.hand_fields"} <= set(group) for group in found
    )
