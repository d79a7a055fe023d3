"""What the store's door answered, in the reader's language: one sentence for each outcome."""

from __future__ import annotations

from scorekeeper.platform.i18n import gettext as _
from scorekeeper.rules import GameState
from scorekeeper.store.outcomes import Outcome, Recording, Said

from .game import win_reason
from .refusals import refusal
from .store import store_refusal


def recording(done: Recording[GameState]) -> str:
    """What the sheet says of a hand sent to it, in the reader's language, from the door's outcome."""
    n = done.n
    match done.outcome:
        case Outcome.RECORDED:
            text = _("Hand %(n)s recorded.", n=n)
            state = done.standing
            return f"{text} {win_reason(state) or ''}".rstrip()
        case Outcome.DUPLICATE:
            return store_refusal(Said.SAME_HAND, {"n": n})
        case Outcome.UNDONE:
            return _(
                "Hand %(n)s was undone on another phone after this one took it down, so it was not recorded again.",
                n=n,
            )
        case Outcome.CONFLICT if n is not None and done.next_n is not None and n > done.next_n:
            return store_refusal(Said.NEXT_HAND_IS, {"n": n, "next": done.next_n})
        case Outcome.CONFLICT:
            return store_refusal(Said.HAND_TAKEN, {"n": n})
        case Outcome.REFUSED if done.refusal is not None:
            return refusal(done.refusal)
    return store_refusal(Said.CHANGED_ELSEWHERE, {})
