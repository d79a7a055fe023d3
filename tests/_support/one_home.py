"""What a rule written outside the engine looks like, in Python and in a template.

Used by test_one_home.py on the real code and by test_one_home_leaks.py on small snippets of each
kind of leak, which shows these checks fail when a rule is written twice.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

import jinja2
from jinja2 import nodes

from scorekeeper.rules import BIDS, SPECIAL_BIDS

# What a hand adds up to (5 tricks, 25 or 30 points, 5 a trick) and the traditional game's target.
RULE_NUMBERS = {5, 25, 30, 45}
# Names that stand for a hand's total: ``TRICKS_IN_HAND - mine`` is the rest of a hand worked out again.
HAND_TOTAL_NAMES = {"TRICKS_IN_HAND", "MOST_HAND_POINTS"}
# The names a bound on a number goes by, as a keyword (``hi=30``) or a schema entry (``"maximum": 5``).
BOUNDS = {
    "lo",
    "hi",
    "min",
    "max",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "ge",
    "gt",
    "le",
    "lt",
    "min_value",
    "max_value",
}
ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod)
# "target − 30" or "target - 30": the green worked out in words.
TARGET_LESS = re.compile(r"target\s*[-\u2212]\s*\d")
# The bids written out in a sentence: "15, 20, 25 or 30", '"30-for-60"'.
BID_RUN = re.compile(r"\b15,\s*20,\s*25\b")
QUOTED_SPECIAL = re.compile("|".join(re.escape(f'"{bid}"') for bid in SPECIAL_BIDS))


def _rule_number(node: object) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value in RULE_NUMBERS


def _bid_list(values: list[object]) -> bool:
    """Two different bids, or any of the special bids: a list of bids kept beside the engine."""
    bids = {v for v in values if type(v) is int and v in BIDS}
    return len(bids) >= 2 or any(isinstance(v, str) and v in SPECIAL_BIDS for v in values)


def _text_leak(text: str) -> str | None:
    if TARGET_LESS.search(text):
        return "the green worked out in words"
    if BID_RUN.search(text) or QUOTED_SPECIAL.search(text):
        return "bids or points written out"
    return None


def python_leaks(source: str) -> Iterator[tuple[int, str]]:
    """Yield (line, what) for each rule of a hand or a game written in this Python source."""
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ARITHMETIC):
            left = node.left
            total_name = isinstance(node.op, ast.Sub) and (
                (isinstance(left, ast.Name) and left.id in HAND_TOTAL_NAMES)
                or (isinstance(left, ast.Attribute) and left.attr in HAND_TOTAL_NAMES)
            )
            if total_name or _rule_number(left) or _rule_number(node.right):
                yield line, f"arithmetic: {ast.unparse(node)}"
        elif isinstance(node, ast.Compare) and any(map(_rule_number, [node.left, *node.comparators])):
            yield line, f"comparison: {ast.unparse(node)}"
        elif isinstance(node, ast.keyword) and node.arg in BOUNDS and _rule_number(node.value):
            yield line, f"bound: {node.arg}={ast.unparse(node.value)}"
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value in BOUNDS and _rule_number(value):
                    yield line, f"bound: {key.value!r}: {ast.unparse(value)}"
        elif isinstance(node, ast.List | ast.Tuple | ast.Set):
            values = [e.value for e in node.elts if isinstance(e, ast.Constant)]
            if _bid_list(values):
                yield line, f"bid list: {ast.unparse(node)}"
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            what = _text_leak(node.value)
            if what:
                yield line, f"{what}: {node.value!r}"


def _loop_counter(node: nodes.Node) -> bool:
    """``loop.index``: a box's place on the page, not a rule."""
    return isinstance(node, nodes.Getattr) and isinstance(node.node, nodes.Name) and node.node.name == "loop"


def _jinja_rule_number(node: nodes.Node) -> bool:
    return isinstance(node, nodes.Const) and type(node.value) is int and node.value in RULE_NUMBERS


GETTEXT_NAMES = {"_", "gettext", "ngettext", "pgettext"}


def template_leaks(source: str) -> Iterator[tuple[int, str]]:
    """Yield (line, what) for each rule worked out in this Jinja template's expressions."""
    tree = jinja2.Environment(extensions=["jinja2.ext.i18n"]).parse(source)
    # A message of the catalog is prose, like the page's own text: the rule book says the bids in words.
    prose = {
        id(arg)
        for call in tree.find_all(nodes.Call)
        if isinstance(call.node, nodes.Name) and call.node.name in GETTEXT_NAMES
        for arg in call.args[:2]
    }
    for node in tree.find_all((nodes.BinExpr, nodes.Compare, nodes.Const, nodes.List, nodes.Tuple)):
        if id(node) in prose:
            continue
        if isinstance(node, nodes.BinExpr) and (_jinja_rule_number(node.left) or _jinja_rule_number(node.right)):
            yield node.lineno, f"arithmetic with {node.operator}"
        elif isinstance(node, nodes.Compare):
            operands = [node.expr, *(op.expr for op in node.ops)]
            if any(map(_jinja_rule_number, operands)) and not any(map(_loop_counter, operands)):
                yield node.lineno, "comparison"
        elif isinstance(node, nodes.List | nodes.Tuple):
            if _bid_list([item.value for item in node.items if isinstance(item, nodes.Const)]):
                yield node.lineno, "bid list"
        elif isinstance(node, nodes.Const) and isinstance(node.value, str):
            what = _text_leak(node.value)
            if what:
                yield node.lineno, what
