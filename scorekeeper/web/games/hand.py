"""The hand form: its boxes (``hand_fields``) read by the pure reader (``hand_reader``); the rest is the engine's answer.

What the rest of the table took, who must have taken the high, the bids offered and the questions
a hand needs are the engine's (``scorekeeper.rules``); its refusal comes back beside the box it names.
"""

from __future__ import annotations

from typing import Any

from scorekeeper import words
from scorekeeper.rules import HandEntry, HandError
from scorekeeper.web.games.hand_fields import HandFields, read_boxes
from scorekeeper.words.forms import page_too_old

# Boxes the page does not show: a refusal about them is said atop the form.
HIDDEN_FIELDS = ("n", "version", "by", "csrf_token")
# The page's own boxes, checked before the hand is read.
PAGE_FIELDS = ("csrf_token", "n", "version")


class HandForm(HandFields):
    """One hand: the page's own boxes checked by WTForms, the hand read by ``read_boxes``, a refusal put beside its box.

    The first save of a hand that needs a question (off-suit set, tie-break) is refused with the question in place.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # What ``validate`` read of the hand, and the refusal that stopped it.
        self.read: HandEntry | None = None
        self.refusal: HandError | None = None

    def number(self) -> int | None:
        """Return the hand number the phone meant, or None when missing."""
        return self.n.data

    def expected_version(self) -> int | None:
        return self.version.data

    def entry(self) -> HandEntry:
        """Return the hand ``validate`` read; raise its refusal (HandError naming the field) when it refused it."""
        if self.refusal is not None:
            raise self.refusal
        if self.read is None:
            raise HandError(words.form_damaged(), "n")
        return self.read

    def validate(self, extra_validators: Any = None) -> bool:
        """Check the page's own boxes, then read the hand (``read_boxes``) and put its refusal beside its box.

        The hand is read only once the page's boxes are sound and hold what the page needs (``needs``).
        """
        self._errors, self.read, self.refusal = None, None, None
        if not all([self[name].validate(self) for name in PAGE_FIELDS if name in self]):
            return False
        if any(self[name].data is None for name in self.needs):
            return True
        reading = read_boxes(self.boxes(), self.state)
        self.ask(dict(reading.asked))
        self.read, self.refusal = reading.entry, reading.refusal
        if self.refusal is not None:
            self.refuse(self.refusal)
            return False
        return True

    # -- The engine's refusal, beside the box that carries its field ---------------------------

    def box(self, name: str | None) -> Any:
        """The box that carries the entry field *name* on this page, or None when the page shows none."""
        carriers = {
            # Two sides: one tap gives the bidding side's share (points sent side by side stay beside that row).
            "tricks": "took" if self.two_sides else "side_tricks",
            "points": "took_points" if self.quick and self["took_points"].data else "points",
        }
        name = carriers.get(name or "", name)
        return self[name] if name is not None and name in self and name not in HIDDEN_FIELDS else None

    def refuse(self, err: ValueError) -> None:
        """Put the engine's refusal beside the box its field name gives (``box``), or atop the form."""
        box, message = self.box(getattr(err, "field", None)), words.refusal(err)
        if box is None:
            self.problems.add("form", message)
        else:
            box.errors = [*(box.errors or ()), message]

    def field_problems(self) -> None:
        """Say atop the form what is wrong with the page's own boxes: an old token, a damaged number or version."""
        if "csrf_token" in self and self.csrf_token.errors:
            self.problems.add("form", page_too_old())
        for name in ("n", "version"):
            for message in self[name].errors:
                self.problems.add("form", message)
