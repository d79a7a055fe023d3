"""A card party: an evening of games at many tables, winners moving on, punch cards and prizes.

Pure Python with no web or database imports, like ``scorekeeper.rules``: the
pages, the JSON API and the tests ask it the same questions. A party is its
settings (``PartySetup``) and a log of entries; ``replay`` turns the log into
the evening (``PartyState``).
"""

from . import model as _model
from . import movement as _movement
from . import places as _places
from . import state as _state
from .model import *  # noqa: F403
from .movement import *  # noqa: F403
from .places import *  # noqa: F403
from .state import *  # noqa: F403

__all__ = _model.__all__ + _movement.__all__ + _places.__all__ + _state.__all__
