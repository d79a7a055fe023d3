"""The installed app: manifest, service worker, offline page and the queue of hands kept with no signal."""

from scorekeeper.web.offline.views import bp

__all__ = ["bp"]
