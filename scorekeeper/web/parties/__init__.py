"""The card party pages: the director's, each table's phone, each couple's phone, the hall board, results.

- ``/parties/new``: create the evening; the director's page is ``/parties/<id>/<edit_token>``.
- ``/parties/<id>/tables/<n>/<table_token>``: one table's phone (the QR on its table card).
- ``/parties/<id>/couples`` and ``/parties/<id>/couples/<n>``: each couple's punch card and next seat.
- ``/parties/<id>/board``: the hall board; ``/parties/<id>/results`` (and ``.csv``): the results.

Every page works as plain forms (Post/Redirect/Get); pages that follow the
evening ask ``.../poll?since=<version>`` every few seconds with htmx and get 304
while nothing changed.
"""

from __future__ import annotations

from scorekeeper.web.parties.views import bp

__all__ = ["bp"]
