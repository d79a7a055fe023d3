"""The score sheet: new game, the sheet, recording, undoing and changing hands, finishing, rematch.

Views only translate: forms read what was tapped, ``scorekeeper.store`` writes it."""

from scorekeeper.web.games.views import bp

__all__ = ["bp"]
