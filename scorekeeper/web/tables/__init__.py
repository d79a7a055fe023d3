"""Tables: a group that plays together, its roster, the history of its games, statistics and exports.

Views only translate: forms read what was tapped, ``scorekeeper.store.tables`` writes it,
``scorekeeper.stats`` adds the games up."""

from scorekeeper.web.tables.views import bp

__all__ = ["bp"]
