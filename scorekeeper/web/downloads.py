"""A spreadsheet to download, as the club and card party pages send it."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from flask import make_response
from werkzeug.wrappers import Response

from scorekeeper.platform.security import attachment


def csv_download(header: Sequence[object], rows: Iterable[Sequence[object]], filename: str, fallback: str) -> Response:
    """*header* then *rows* as a CSV file named *filename* (*fallback*: its name in plain ASCII letters, if none)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    response = make_response(out.getvalue())
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    response.headers["Content-Disposition"] = attachment(filename, fallback)
    return response
