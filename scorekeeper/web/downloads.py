"""Spreadsheets to download: the one CSV writer of every export (games, tables, card parties, clubs).

A cell of text that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return would be run as a formula by a spreadsheet that opens the file (a
member named ``=HYPERLINK(...)``); the writer puts an apostrophe before it, so
it is shown as the text it is. Numbers are written as numbers (a score of -20
stays a number).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from itertools import chain

from flask import make_response
from werkzeug.wrappers import Response

from scorekeeper.platform.security import attachment

# What a spreadsheet reads as the start of a formula.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """*value* as written in a cell: text that a spreadsheet would run as a formula is kept as text."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def csv_text(header: Sequence[object] | None, rows: Iterable[Sequence[object]]) -> str:
    """*header* (if any) then *rows* as CSV text, every cell through ``cell``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    if header is not None:
        writer.writerow([cell(v) for v in header])
    rows = rows if isinstance(rows, list) else list(rows)
    try:
        # The same texts come back row after row (a game's id, a side, a name): each distinct one is looked at once.
        distinct = set(chain.from_iterable(rows))
    except TypeError:  # a cell that cannot be looked up (a list): every cell looked at
        writer.writerows([cell(v) for v in row] for row in rows)
        return out.getvalue()
    start = FORMULA_START
    formulas = {v: "'" + v for v in distinct if isinstance(v, str) and v.startswith(start)}
    if formulas:
        writer.writerows([formulas.get(v, v) if isinstance(v, str) else v for v in row] for row in rows)
    else:
        writer.writerows(rows)
    return out.getvalue()


def csv_download(header: Sequence[object], rows: Iterable[Sequence[object]], filename: str, fallback: str) -> Response:
    """*header* then *rows* as a CSV file named *filename* (*fallback*: its name in plain ASCII letters, if none)."""
    response = make_response(csv_text(header, rows))
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    response.headers["Content-Disposition"] = attachment(filename, fallback)
    return response
