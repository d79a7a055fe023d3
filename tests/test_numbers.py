"""The one number reader refuses what int() or isdigit() would get wrong."""

import pytest

from scorekeeper.platform.numbers import NumberError, parse_int


@pytest.mark.parametrize(
    ("value", "expected"),
    [("0", 0), ("42", 42), (" 7 ", 7), ("-5", -5), ("+3", 3), (12, 12)],
)
def test_reads_whole_numbers(value, expected):
    assert parse_int(value) == expected


@pytest.mark.parametrize("value", ["²", "٣", "1" * 5000, "", "\x00", "1.5", "1e3", "ten", None, True, 2.0, [1]])
def test_refuses_what_is_not_a_plain_number(value):
    with pytest.raises(NumberError, match="The bid must be a whole number"):
        parse_int(value, what="The bid")


def test_range_is_said_in_words():
    with pytest.raises(NumberError, match="Tricks must be from 0 to 5"):
        parse_int("6", lo=0, hi=5, what="Tricks")
    with pytest.raises(NumberError, match="must be 1 or more"):
        parse_int("0", lo=1, what="The hand number")
