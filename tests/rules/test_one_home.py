"""The engine is the one home of the rules: nothing beside it answers its questions again.

Checked on the source itself (its syntax tree), so a helper copied into the web layer, an import of
the engine's private parts or a hand's arithmetic worked out beside the engine fails here.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import scorekeeper.rules as engine

PACKAGE = Path(engine.__file__).resolve().parent.parent
RULES = PACKAGE / "rules"
OUTSIDE = sorted(p for p in PACKAGE.rglob("*.py") if RULES not in p.parents)
# The party engine is an engine of its own (an evening of games): its ``replay`` is not the game's.
PARTY = PACKAGE / "party"

# Helpers the score sheet once kept beside the engine; each question now has one engine function.
RETIRED = {"fill_last", "tricks_of_each", "points_of_each", "high_of", "hand_worth", "shown_notes", "offered_bids"}
# The engine's own questions, by name: nobody outside may define another answer to them.
ENGINE_FUNCTIONS = {name for name in engine.__all__ if inspect.isfunction(getattr(engine, name))}
# What a hand adds up to: 5 tricks, 25 or 30 points. ``5 - mine`` or ``30 - other`` beside the engine is a rule.
HAND_TOTALS = {5, 25, 30, "TRICKS_IN_HAND"}


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(PACKAGE.parent)}:{getattr(node, 'lineno', '?')}"


def test_the_checks_see_the_code():
    assert len(OUTSIDE) >= 20
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


def test_nothing_outside_the_engine_works_out_the_rest_of_a_hand():
    def total(node: ast.expr) -> object:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name | ast.Attribute):
            return node.id if isinstance(node, ast.Name) else node.attr
        return None

    found = [
        f"{where(path, node)}: {ast.unparse(node)}"
        for path, node in outside_nodes()
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and total(node.left) in HAND_TOTALS
    ]
    assert found == []
