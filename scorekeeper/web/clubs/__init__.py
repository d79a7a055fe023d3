"""A club's pages: its director's page and roster, the registration desk of an evening, the ladder, the archive.

- ``/clubs/new``: a new club; the director's page is ``/clubs/<id>/<edit_token>`` (roster, ladder rules, evenings).
- ``/clubs/<id>/<edit_token>/evenings/<party_id>``: the registration desk of one evening (then the
  party's own director page runs it), and ``.../pots``: its money.
- ``/clubs/<id>``: the public link: the season's ladder and every evening; ``/clubs/<id>/board``: the hall board
  with the ladder; ``/clubs/<id>/evenings/<party_id>``: one evening's printed results; ``.csv`` files of both.

Every page works as plain forms (Post/Redirect/Get); a GET never writes.
"""

from __future__ import annotations

from scorekeeper.web.clubs.views import bp

__all__ = ["bp"]
