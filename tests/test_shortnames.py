"""Side names shortened for the sheet's columns: initials for partners, first names alone."""

from __future__ import annotations

import pytest

from scorekeeper.web.shortnames import short_name, short_names


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["Ann & Cathy", "Bob & Dan"], ["A&C", "B&D"]),
        (["Alexandra Montgomery & Cassandra Whitfield", "Bob & Dan"], ["A&C", "B&D"]),
        (["Ann & Cathy", "Al & Carl"], ["An&Ca", "Al&Ca"]),
        (["Alexandra Montgomery", "Bartholomew Jones", "Cathy"], ["Alexandra", "Bartholomew", "Cathy"]),
        (["Ann", "Ann"], ["Ann", "Ann"]),
        (["Us", "Them"], ["Us", "Them"]),
        (["Ann Smith", "Ann Jones"], ["Ann Smith", "Ann Jones"]),
        (["Alexandra Montgomery", "Bob", "Cathy", "Dominic"], ["AM", "Bob", "Cath", "Domi"]),
        (["Ann", "Anna", "Annabel", "Dan"], ["Ann", "Anna", "Annab", "Dan"]),
    ],
)
def test_names_are_shortened_and_still_told_apart(names, expected):
    assert short_names(names) == expected


def test_one_name_alone_is_shortened_as_among_others():
    assert short_name("Ann & Cathy") == "A&C"
    assert short_name("Dominic Fairweather") == "Dominic"
