"""The referee pages: which card is higher, who took the trick, may I play this, and the quiz."""

from scorekeeper.web.referee.views import bp

__all__ = ["bp"]
