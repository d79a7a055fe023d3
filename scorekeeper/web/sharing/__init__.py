"""Sharing a game: the invite page, the watch and keep links, their QR codes and replacing the edit link."""

from scorekeeper.web.sharing.views import bp

__all__ = ["bp"]
