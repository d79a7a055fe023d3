"""The rule book page, built from the engine's options and presets."""

from scorekeeper.web.rulebook.views import bp

__all__ = ["bp"]
