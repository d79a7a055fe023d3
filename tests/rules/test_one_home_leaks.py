"""The one-home checks fail on each rule that was once written beside the engine.

Each snippet is a leak as it stood in the web layer (issue: the one-home test widened); the checks of
test_one_home.py must flag it, and must let the engine's own names through.
"""

from __future__ import annotations

import pytest

from tests._support.one_home import python_leaks, template_leaks

PYTHON_LEAKS = [
    # forms.py: the no-high box ticked from the points and from the tricks.
    ("self.no_high.data = self.may_have_no_high and sum(entry.points) < 30", "comparison"),
    ("self.no_high.data = entry.high is None and 0 < tricks[side] < 5", "comparison"),
    # forms.py: the most points a side may take.
    ('took = read_number(raw, lo=0, hi=30, field="took_points", message=message)', "bound"),
    # parties/sheets.py: the preset of a table's game.
    ('preset = "traditional" if play_to <= 45 else "new-england"', "comparison"),
    # rulebook.py: the green left empty.
    ('label = "target \\u2212 30"', "the green worked out in words"),
    ('label = f"{_number(rules.green_line)} (target \\u2212 30)"', "the green worked out in words"),
    ('label = "target - 30"', "the green worked out in words"),
    # api/games.py: the bid list in the refusals.
    ("""raise BadInput('Give the bid as 15, 20, 25, 30, "30-for-60", "60-for-120" or "slam"', "bid")""", "written out"),
    ('raise BadInput(f"{bid} is not a bid: bids are 15, 20, 25 or 30", "bid")', "written out"),
    # api/games.py: the OpenAPI text.
    ('BID = {"type": "integer", "enum": [15, 20, 25, 30]}', "bid list"),
    ('BID = {"type": "string", "enum": ["30-for-60", "60-for-120", "slam"]}', "bid list"),
    ('TRICKS = {"type": "integer", "minimum": 0, "maximum": 5}', "bound"),
    ('POINTS = {"type": "integer", "multipleOf": 5}', "bound"),
    # The rest of a hand worked out beside the engine.
    ("theirs = 5 - mine", "arithmetic"),
    ("theirs = 30 - sum(points)", "arithmetic"),
    ("theirs = TRICKS_IN_HAND - mine", "arithmetic"),
    ("line = rules.target - 30", "arithmetic"),
]

# The same questions asked of the engine: nothing to flag.
PYTHON_CLEAN = [
    "self.no_high.data = self.may_have_no_high and took_no_high(entry.points)",
    "self.no_high.data = entry.high is None and took_some_tricks(tricks[side])",
    'took = read_number(raw, lo=0, hi=MOST_HAND_POINTS, field="took_points")',
    'rules = {"preset": preset_for_target(play_to), "target": play_to}',
    'label = f"target \\u2212 {GREEN_BELOW_TARGET}"',
    'BID = {"type": "integer", "enum": list(BIDS)}',
    'TRICKS = {"type": "integer", "minimum": 0, "maximum": TRICKS_IN_HAND}',
    # Not rules: a time-out, a score of one side, a place in a table of examples.
    'server = {"timeout": 30, "keepalive": 5}',
    "example = ((115, 30), 0, 15, True, (15, 15))",
    "if len(bid) > 20: pass",
]

TEMPLATE_LEAKS = [
    ("{% if hand.points|sum < 30 %}no high{% endif %}", "comparison"),
    ("{% if 0 < took and took < 5 %}ask{% endif %}", "comparison"),
    ("{{ 30 - mine }}", "arithmetic"),
    ("{{ rules.target - 30 }}", "arithmetic"),
    ("{{ took * 5 }} points", "arithmetic"),
    ("{% if state.rules.target <= 45 %}traditional{% endif %}", "comparison"),
    ("{{ green or 'target \u2212 30' }}", "the green worked out in words"),
    ("{% for bid in [15, 20, 25, 30] %}{{ bid }}{% endfor %}", "bid list"),
    ("{% for bid in ('30-for-60', 'slam') %}{{ bid }}{% endfor %}", "bid list"),
]

TEMPLATE_CLEAN = [
    "{% if hand.no_high %}no high{% endif %}",
    "{{ state.green_line }}",
    "{% for bid in bids %}{{ bid }}{% endfor %}",
    # The fifth name box opens "More players": a place on the page, not a rule.
    "{% for box in boxes %}{% if loop.index == 5 %}more{% endif %}{% endfor %}",
]


def _in_python_and_templates(python: list, templates: list) -> list:
    """Each case with the check that must judge it: the Python one, or the templates' one."""
    return [pytest.param(python_leaks, case, id=f"python-{n}") for n, case in enumerate(python)] + [
        pytest.param(template_leaks, case, id=f"template-{n}") for n, case in enumerate(templates)
    ]


@pytest.mark.parametrize(("leaks", "case"), _in_python_and_templates(PYTHON_LEAKS, TEMPLATE_LEAKS))
def test_each_leak_is_flagged(leaks, case):
    source, kind = case
    found = list(leaks(source))
    assert found, f"not flagged: {source}"
    assert any(kind in what for _, what in found), found


@pytest.mark.parametrize(("leaks", "source"), _in_python_and_templates(PYTHON_CLEAN, TEMPLATE_CLEAN))
def test_the_engine_s_names_and_answers_are_not_flagged(leaks, source):
    assert list(leaks(source)) == []


def test_a_leak_is_reported_on_its_line():
    source = "a = 1\nb = 2\nc = sum(points) < 30\n"
    assert [line for line, _ in python_leaks(source)] == [3]
    assert [line for line, _ in template_leaks("<p>\n{{ 30 - x }}\n")] == [2]
