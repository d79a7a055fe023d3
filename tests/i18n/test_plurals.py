"""The plural from the right number: every ``ngettext`` call counts the thing its sentence counts.

French and English choose singular or plural by different numbers ("1 of 12 tables in" is plural in English,
"1 table sur 12" singular in French), so the number a call passes as its count must be the number the sentence
writes as ``%(num)``: a call that writes another (``num=reported`` beside a count of tables) fails here, in
Python and in templates alike.
"""

from __future__ import annotations

import ast
from pathlib import Path

import jinja2
from jinja2 import nodes

ROOT = Path(__file__).resolve().parents[2]


Call = tuple[str, str, str | None, str | None, str, str]


def _python_calls() -> list[Call]:
    """(where, the count, the ``num`` given, the plural sentence, what the count counts, the other variables)."""
    found = []
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or getattr(node.func, "id", getattr(node.func, "attr", None)) != (
                "ngettext"
            ):
                continue
            if len(node.args) < 3:
                continue
            plural = node.args[1].value if isinstance(node.args[1], ast.Constant) else None
            num = next((ast.dump(k.value) for k in node.keywords if k.arg == "num"), None)
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            count = node.args[2]
            counted = count.args[0] if isinstance(count, ast.Call) and getattr(count.func, "id", "") == "len" else count
            others = " ".join(ast.dump(k.value) for k in node.keywords if k.arg != "num")
            found.append((where, ast.dump(count), num, plural, ast.dump(counted), others))
    return found


def _template_calls() -> list[Call]:
    environment = jinja2.Environment(extensions=["jinja2.ext.i18n"])
    found = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        tree = environment.parse(path.read_text(encoding="utf-8"))
        for call in tree.find_all(nodes.Call):
            if not (isinstance(call.node, nodes.Name) and call.node.name == "ngettext") or len(call.args) < 3:
                continue
            where = f"{path.relative_to(ROOT)}:{call.lineno}"
            found.append(_template_call(where, call))
    return found


def _template_call(where: str, call: nodes.Call) -> Call:
    plural = call.args[1].value if isinstance(call.args[1], nodes.Const) else None
    num = next((repr(k.value) for k in call.kwargs if k.key == "num"), None)
    count = call.args[2]
    counted = count.node if isinstance(count, nodes.Filter) and count.name == "length" else count
    others = " ".join(repr(k.value) for k in call.kwargs if k.key != "num")
    return (where, repr(count), num, plural, repr(counted), others)


def wrongly_counted(calls: list[Call]) -> list[str]:
    """The calls whose plural is chosen by a number the sentence does not write, nor counts the list it writes."""
    wrong = []
    for where, count, num, plural, counted, others in calls:
        if num is not None and count not in num:
            wrong.append(f"{where}: the plural is chosen by {count} but the sentence writes num={num}")
        elif plural is not None and "%(" in plural and "%(num)" not in plural and counted not in others:
            wrong.append(f"{where}: the plural is chosen by {count}, which {plural!r} does not write")
    return wrong


def test_every_ngettext_counts_the_number_it_writes():
    calls = _python_calls() + _template_calls()
    assert len(calls) >= 40, "the calls are found"
    assert wrongly_counted(calls) == []


def test_the_check_finds_a_plural_chosen_by_another_number():
    environment = jinja2.Environment(extensions=["jinja2.ext.i18n"])
    board = environment.parse(
        '{{ ngettext("%(num)d of %(tables)d table in", "%(num)d of %(tables)d tables in", tables|length,'
        " num=reported, tables=tables|length) }}"
        '{{ ngettext("Score: %(num)s right", "Score: %(num)s right", right, num=("<b>"|safe ~ right)) }}'
    )
    calls = [_template_call("t", c) for c in board.find_all(nodes.Call) if getattr(c.node, "name", "") == "ngettext"]
    wrong = wrongly_counted(calls)
    assert len(wrong) == 1 and "num=Name(name='reported'" in wrong[0]
    cards = environment.parse('{{ ngettext("%(cards)s is", "%(cards)s are", others|length, cards=others|join) }}')
    assert wrongly_counted([_template_call("t", c) for c in cards.find_all(nodes.Call) if c.args]) == []
    tables = environment.parse('{{ ngettext("%(game)d game", "%(game)d games", tables|length, game=n) }}')
    assert len(wrongly_counted([_template_call("t", c) for c in tables.find_all(nodes.Call) if c.args])) == 1
