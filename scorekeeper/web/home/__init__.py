"""The home page and the health check: this phone's games, and whether the server is ready."""

from scorekeeper.web.home.views import bp

__all__ = ["bp"]
