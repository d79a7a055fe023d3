"""What the phone says when it has no signal (``static/offline-page.js``), in the request's language.

The script fetches these once a page has loaded (``GET /offline/words``, kept by the service
worker per language), so they are not in every page: a sheet's first load carries only the words
its first taps need. ``%(name)s`` marks where the script puts a number or a name.
"""

from __future__ import annotations

from scorekeeper.platform.i18n import gettext as _


def no_signal() -> dict[str, str]:
    """The sentences of the phone's copy of a page, of the referee with no signal, and of hands kept on the phone."""
    return {
        # A page shown from the phone's copy; the referee with no signal.
        "offline-at": _("Offline — last updated %(time)s", time="%(time)s"),
        "offline-earlier": _("Offline — last updated earlier"),
        "offline-copy": _("This is the copy this phone kept. It is brought up to date when the signal returns."),
        "offline-referee": _(
            "Who wins a trick and what may be played are worked out by the server: they need the signal. "
            "The rank of every card is in %(rules)s.",
            rules="%(rules)s",
        ),
        "offline-rank": _("the rules, kept on this phone"),
        "offline-ask": _(
            "No signal: the referee's answers need the server. Ask again when the signal is back; "
            "the rank of every card is in the rules on this phone."
        ),
        # Hands recorded with no signal, waiting on the phone.
        "q-bagged": _("bagged"),
        "q-held": _("held"),
        "q-no-high": _("nobody took the high"),
        "q-took-points": _("took %(points)s points", points="%(points)s"),
        "q-kept": _("Hand %(n)s is kept on this phone, not sent yet. It is sent when the signal returns.", n="%(n)s"),
        "q-dropped": _("Hand %(n)s was taken off this phone; it was never sent.", n="%(n)s"),
        "q-follow": _("Your hands follow the other phone's: they are sent as hand %(n)s on.", n="%(n)s"),
        "q-waiting": _("not sent yet"),
        "q-taken": _("not sent: another phone recorded hand %(n)s", n="%(n)s"),
        "q-refused": _("not sent: refused"),
        "q-nothing": _("(nothing tapped)"),
        "q-totals": _("Totals when sent"),
        "q-panel": _("Hands not sent yet"),
        "q-count-one": _("1 hand is kept on this phone, not sent yet."),
        "q-count-many": _("%(num)s hands are kept on this phone, not sent yet.", num="%(num)s"),
        "q-hand": _("Hand %(n)s", n="%(n)s"),
        "q-hint": _("They are sent in order when the signal returns. The dealer and the totals are worked out then."),
        "q-taken-long": _("Hand %(n)s was recorded on another phone.", n="%(n)s"),
        "q-mine": _("This phone's hand %(n)s: %(summary)s", n="%(n)s", summary="%(summary)s"),
        "q-same": _("Same hand: keep the other phone's, drop this one"),
        "q-different": _("Different hands: add this phone's after it"),
        "q-not-recorded": _("Hand %(n)s was not recorded: %(reason)s", n="%(n)s", reason="%(reason)s"),
        "q-sheet-refused": _("the sheet refused it."),
        "q-drop": _("Drop hand %(n)s (the hands after it move up one)", n="%(n)s"),
        "q-undo": _("Undo hand %(n)s (not sent yet)", n="%(n)s"),
        "q-gone": _(
            "this sheet's link no longer records hands (the game was deleted or its link was replaced). "
            "Write the hands down before dropping them."
        ),
    }
