"""The one number reader refuses what int() or isdigit() would get wrong."""

import pytest

from scorekeeper.platform.numbers import NumberError, parse_int


@pytest.mark.parametrize(
    ("value", "expected"),
    [("0", 0), ("42", 42), (" 7 ", 7), ("-5", -5), ("+3", 3), (12, 12)],
)
def test_reads_whole_numbers(value, expected):
    assert parse_int(value) == expected


@pytest.mark.parametrize(
    "value",
    ["²", "٣", "1" * 5000, "", "\x00", "1.5", "1e3", "ten", None, True, [1], "3.0", "3,0", "1.000", 2.5, float("nan")],
)
def test_refuses_what_is_not_a_plain_number(value):
    with pytest.raises(NumberError, match="The bid must be a whole number"):
        parse_int(value, what="The bid")


@pytest.mark.parametrize(("value", "expected"), [(3.0, 3), (0.0, 0), (-2.0, -2)])
def test_a_json_number_with_nothing_after_the_point_is_that_whole_number(value, expected):
    assert parse_int(value) == expected and type(parse_int(value)) is int


def test_a_json_number_too_large_to_be_exact_is_refused():
    with pytest.raises(NumberError):
        parse_int(1e300)


def test_range_is_said_in_words():
    with pytest.raises(NumberError, match="Tricks must be from 0 to 5"):
        parse_int("6", lo=0, hi=5, what="Tricks")
    with pytest.raises(NumberError, match="must be 1 or more"):
        parse_int("0", lo=1, what="The hand number")
