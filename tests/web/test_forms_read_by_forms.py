"""The card party, club and table pages read what a form sends through their WTForms forms, never by hand."""

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).parents[2] / "scorekeeper" / "web"


def reads_by_hand(source: str) -> list[int]:
    """The lines of *source* that read ``request.form`` themselves."""
    return sorted(
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
        and node.attr == "form"
        and isinstance(node.value, ast.Name)
        and node.value.id == "request"
    )


@pytest.mark.parametrize("area", ["parties", "clubs", "tables"])
def test_the_pages_of_an_area_read_their_forms_through_wtforms(area):
    found = {path.name: reads_by_hand(path.read_text(encoding="utf-8")) for path in (WEB / area).glob("*.py")}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_a_form_read_by_hand_is_caught():
    assert reads_by_hand('def view():\n    return request.form.get("game", "")\n') == [2]


def test_the_button_that_only_carries_its_token_is_defined_once():
    defined = [
        path.relative_to(WEB).as_posix()
        for path in WEB.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef) and node.name == "CsrfForm"
    ]
    assert defined == ["forms.py"]
