"""The engine is the one home of the rules: nothing beside it answers its questions again.

Checked on the source itself (its syntax tree, and the templates' expressions), so a helper copied
into the web layer, an import of the engine's private parts, or a hand's arithmetic, bound,
comparison or bid list written beside the engine fails here (test_one_home_leaks.py shows how).
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import scorekeeper.rules as engine
from tests._support.one_home import python_leaks, template_leaks

PACKAGE = Path(engine.__file__).resolve().parent.parent
RULES = PACKAGE / "rules"
OUTSIDE = sorted(p for p in PACKAGE.rglob("*.py") if RULES not in p.parents)
TEMPLATES = PACKAGE.parent / "templates"
TEMPLATE_FILES = sorted(TEMPLATES.rglob("*.html"))
# The party engine is an engine of its own (an evening of games): its ``replay`` is not the game's.
PARTY = PACKAGE / "party"

# Helpers the score sheet once kept beside the engine; each question now has one engine function.
RETIRED = {"fill_last", "tricks_of_each", "points_of_each", "high_of", "hand_worth", "shown_notes", "offered_bids"}
# The engine's own questions, by name: nobody outside may define another answer to them.
ENGINE_FUNCTIONS = {name for name in engine.__all__ if inspect.isfunction(getattr(engine, name))}


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(PACKAGE.parent)}:{getattr(node, 'lineno', '?')}"


def leaks_in(paths: list[Path], leaks) -> list[str]:
    """Each leak the check *leaks* finds in the files, as "path:line: what"."""
    return [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {what}"
        for path in paths
        for line, what in leaks(path.read_text(encoding="utf-8"))
    ]


def test_the_checks_see_the_code():
    assert len(OUTSIDE) >= 20
    assert len(TEMPLATE_FILES) >= 30
    assert {"complete_points", "complete_tricks", "infer_high", "allowed_bids", "seat_sides"} <= ENGINE_FUNCTIONS


def outside_nodes():
    for path in OUTSIDE:
        for node in ast.walk(tree(path)):
            yield path, node


def test_nothing_outside_the_engine_defines_an_answer_of_its_own():
    found = [
        f"{where(path, node)} defines {node.name}"
        for path, node in outside_nodes()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.name in ENGINE_FUNCTIONS | RETIRED
        and PARTY not in path.parents
    ]
    assert found == []


def test_nothing_outside_the_engine_imports_its_private_parts():
    found = []
    for path, node in outside_nodes():
        if isinstance(node, ast.ImportFrom) and "rules" in (node.module or "").split("."):
            found += [f"{where(path, node)} imports {a.name}" for a in node.names if a.name.startswith("_")]
            if (node.module or "").split(".")[-1] == "entry":
                found.append(f"{where(path, node)} imports {node.module}")
    assert found == []


def test_nothing_outside_the_engine_writes_a_rule_of_a_hand_or_a_game_again():
    """No hand total, bound, comparison, bid list or "target − 30" in the Python beside the engine."""
    assert leaks_in(OUTSIDE, python_leaks) == []


def test_no_template_works_out_a_rule():
    """Templates show what the engine answered; they do no arithmetic or comparison with its numbers."""
    assert leaks_in(TEMPLATE_FILES, template_leaks) == []
