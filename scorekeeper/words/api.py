"""The JSON API's words for a request it cannot read: a body that is not an object, a key it does not know, a
field left out or of the wrong kind, said in the request's language with the field to fix."""

from __future__ import annotations

from scorekeeper.platform.i18n import gettext as _


def not_an_object(value: object) -> str:
    """A body that is not a JSON object: one that could not be read at all, or some other JSON value."""
    if value is None:
        return _("Send a JSON object as the request body (this one could not be read)")
    return _("The request body must be a JSON object")


def unknown_key(key: str) -> str:
    return _("'%(key)s' is not something this request understands", key=key)


def cannot_take(field: str) -> str:
    """A field whose value is of a kind the request cannot take, no sentence of its own saying more."""
    return _("'%(field)s' has a value this request cannot take", field=field)


def give_suit(field: str) -> str:
    """A suit left out."""
    if field == "trump":
        return _("Give the trump suit: S, C, H or D.")
    return _("Give a suit: S, C, H or D.")


def not_a_suit(field: str) -> str:
    return _("'%(field)s' must be a suit: S, C, H or D.", field=field)


def empty_led() -> str:
    return _("'led' is empty: give the suit led (S, C, H or D), or leave it out.")


def not_a_card(field: str) -> str:
    return _("'%(field)s' must be one card, such as \"5H\".", field=field)


def give_cards(field: str) -> str:
    return _('Give the cards of \'%(field)s\', such as ["8S", "AH"].', field=field)


def not_cards(field: str) -> str:
    return _('\'%(field)s\' must be a list of cards, such as ["8S", "AH"].', field=field)


def too_many_cards(field: str) -> str:
    return _("Too many cards in '%(field)s'.", field=field)


def trick_number() -> str:
    return _("'trick_number' is the trick's number, 1 to 5: a hand has five tricks.")


def rules_kind() -> str:
    return _("'rules' must be a preset name or an object of options")


def rules_unusable(why: object) -> str:
    return _("These rules cannot be used: %(why)s", why=why)


def rules_empty() -> str:
    return _("'rules' is empty: give a preset name or a JSON object of options, or leave it out")


def rules_unreadable() -> str:
    return _("'rules' is not a preset name or a JSON object of options")


# What a field of a question is told when it is left out or of a kind no reader takes, by its name.
LEFT_OUT = {"cards": give_cards, "hand": give_cards, "trump": give_suit}


def field_refused(field: str) -> str:
    """A field left out, or not of a kind its reader reads, in the words of that field when it has some."""
    said = LEFT_OUT.get(field)
    return said(field) if said else cannot_take(field)
