"""The JSON API's words for a request it cannot read or may not make: a body that is not an object, a key
it does not know, a field left out or of the wrong kind, a token that may not change what it names, said in the
request's language with the field to fix."""

from __future__ import annotations

from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.rules import BIDS, SPECIAL_BIDS
from scorekeeper.store.outcomes import Said

from .store import store_refusal


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


# -- A hand, a new game, its rules: what each field of the games' requests is told ----------------------------


def give_bid() -> str:
    """The bids as the engine lists them, the special ones quoted."""
    bids = [str(b) for b in BIDS] + [f'"{b}"' for b in SPECIAL_BIDS]
    return _("Give the bid as %(bids)s or %(last)s", bids=", ".join(bids[:-1]), last=bids[-1])


def not_a_bid(bid: int) -> str:
    plain = ", ".join(str(b) for b in BIDS[:-1])
    return _("%(bid)d is not a bid: bids are %(bids)s or %(last)d", bid=bid, bids=plain, last=BIDS[-1])


def points_or_tricks(*, both: bool) -> str:
    if both:
        return _("Give either the points or the tricks each side took, not both")
    return _("Give either the points or the tricks each side took")


def give_name(field: str) -> str:
    """A name left blank: a side's or a player's."""
    return _("Give a name for every side") if field == "sides" else _("Give every player's name")


def true_or_false(field: str) -> str:
    return _("Say true or false for %(field)s", field=field)


def name_hidden_characters() -> str:
    return _(
        "Names are written on one line, without control or invisible characters (such as zero-width spaces or "
        "text-direction marks)"
    )


def unreadable_rules() -> str:
    return _("Those rules cannot be read: give a preset name and option values")


def rules_not_text_or_object() -> str:
    return _("Give the rules as a preset name or an object of options")


def no_such_preset() -> str:
    return _("There is no such preset")


def _numbers(field: str, *, too_big: bool) -> str:
    if field == "tricks":
        if too_big:
            return _("Those tricks are far more than a hand can hold")
        return _("Give the tricks as a list of whole numbers, one per side")
    if field == "points":
        if too_big:
            return _("Those points are far more than a hand can hold")
        return _("Give the points as a list of whole numbers, one per side")
    if too_big:
        return _("Those starting scores are far more than a hand can hold")
    return _("Give the starting scores as a list of whole numbers, one per side")


def _name_of(field: str, kind: str, longest: int) -> str:
    """A side's name, or a player's, that is not text, or too long."""
    if kind == "string_too_long":
        if field == "sides":
            return _("A name for every side can be at most %(max)d characters", max=longest)
        return _("Every player's name can be at most %(max)d characters", max=longest)
    return _("Give a name for every side as text") if field == "sides" else _("Give every player's name as text")


def _sides(kind: str, where: tuple[int | str, ...], longest: int) -> str | tuple[str, str]:
    if len(where) == 1:
        if kind == "missing":
            return _("Give the sides playing, each with a name and its players")
        return _("Give from 2 to 8 sides, each with a name and its players")
    if len(where) == 2:
        return _('Give each side as {"name": ..., "players": [...]}')
    if where[2] == "name":
        return _name_of("sides", kind, longest)
    if len(where) == 3:
        return store_refusal(Said.PLAYERS_AS_LIST, {}), "players"
    return _name_of("players", kind, longest), "players"


def _fixed(field: str) -> str | None:
    match field:
        case "bidder":
            return _("The bidder is given by its side number, counting from 0")
        case "bagged" | "hold":
            return true_or_false(field)
        case "high":
            return _("The side that took the high is given by its side number, counting from 0")
        case "partner":
            return _("The partner is given by its side number, counting from 0")
        case "offsuit_set":
            return _("The side that set the bidder with off-suit cards is given by its side number, counting from 0")
        case "tie_break_side":
            return _("The side that wins the tie-break is given by its side number, counting from 0")
        case "version":
            return _("version is the game's version from its state: a whole number from 1 up")
        case "first_dealer":
            return _("The first dealer is given by seat number, counting from 0")
        case "table":
            return _("Give the table's id as text")
        case "rules":
            return _("Give the rules: a preset name or an object of options")
        case "finished":
            return _("Say true to finish the game here, or false to play on")
    return None


RANGE_ERRORS = {"greater_than_equal", "less_than_equal"}


def field(name: str, kind: str, where: tuple[int | str, ...], longest: int) -> str | tuple[str, str] | None:
    """What a field of a request is told when its value is not of the kind it takes (pydantic's error *kind* at
    *where*; a name is at most *longest* characters), with the field to name when it is another: None when the field
    has no sentence of its own."""
    if name in LEFT_OUT:
        return LEFT_OUT[name](name)
    if name == "n":
        if kind == "missing":
            return _("Give n, the number this hand will have (the state's next_n)")
        return _("The hand number must be a whole number from 1 up")
    if name == "bid":
        return give_bid()
    if name in {"tricks", "points", "scores"}:
        return _numbers(name, too_big=len(where) > 1 and kind in RANGE_ERRORS)
    if name == "sides":
        return _sides(kind, where, longest)
    return _fixed(name)


# -- What any part of the API says of a request it cannot take -----------------------------------------------


# An error answer's sentence by its status, where the request's own refusal has none.
BY_STATUS = {
    400: _l("The request could not be read: send a JSON object."),
    401: _l("This needs the game's edit token: send 'Authorization: Bearer <edit_token>'."),
    403: _l("That token may not change this game."),
    404: _l("There is nothing at this address. The API's addresses are listed at /api/v1/openapi.json."),
    405: _l("This address does not answer that method. See /api/v1/openapi.json."),
    409: _l("Someone else changed this first."),
    412: _l("The game changed since the version this request was made from. Read it again and retry."),
    413: _l("That request is too large."),
    415: _l("Send the request as JSON (Content-Type: application/json)."),
}


def send_json() -> str:
    return _("Send the body as JSON, with Content-Type: application/json")


def import_too_large(mb: int) -> str:
    return _("An import is at most %(mb)d MB; this one is larger, so nothing was stored.", mb=mb)


# -- A card party's, a club's and a table's requests ------------------------------------------------------------


def names_as_text() -> str:
    return _("Names are sent as text")


def name_on_one_line() -> str:
    return _("Names are written on one line, without control characters")


def couples_count(limit: int) -> str:
    return _("Give from 2 to %(limit)d couples, each with a name", limit=limit)


def couple_name() -> str:
    return _("Give a name for every couple")


def couple_shape() -> str:
    return _('Give each couple as {"name": ..., "players": [..., ...]}')


def give_date() -> str:
    return _("Give the date as YYYY-MM-DD")


def game_kind() -> str:
    return _('Say what one game is: "one-hand", "play-to" or "bell"')


def give_number(field: str) -> str:
    """A number of an evening's request left out (null), by its field."""
    match field:
        case "cookie_jar":
            return _("Give the cookie jar")
        case "play_to":
            return _("Give the score to play to")
        case "games":
            return _("Give the number of games")
        case "prizes":
            return _("Give the number of prizes")
        case "game":
            return _("Give the game number")
        case "table":
            return _("Give the table number")
    return _("Give the winner")


def party_token_needed() -> str:
    return _("Reporting needs the evening's edit token: Authorization: Bearer <edit_token>")


def party_token_refused() -> str:
    return _("That token may not change this evening")


def no_party() -> str:
    return _("There is no card party with that id")


def couple_index() -> str:
    return _("The couple is its number, counted from 0")


def no_couple(couple: int, count: int) -> str:
    return _("There is no couple %(couple)d: the evening has %(count)d", couple=couple, count=count)


def club_director_token() -> str:
    return _("That token is not this club's director token: send none to read what the hall sees")


def table_players() -> str:
    return _("Give the players as a list of names")


def table_token_needed() -> str:
    return _("A table is read and changed with its token: Authorization: Bearer <token>")


def no_table() -> str:
    return _("There is no table with that id")


def not_table_token() -> str:
    return _("That token does not belong to this table")


def table_view_token() -> str:
    return _("That is the token of the link that only shows the table; it cannot change it")


def iso_date(name: str, *, once: bool) -> str:
    """A day of a query (``from``, ``to``) not as an ISO date; *once*: saying it is given once."""
    if once:
        return _("Give %(name)s once, as an ISO date (2026-01-31)", name=name)
    return _("Give %(name)s as an ISO date (2026-01-31)", name=name)


def not_on_roster() -> str:
    return _("There is nobody of that id on this table's roster")


def season_backwards() -> str:
    return _("The season ends before it starts: from must not be after to")


def give_into() -> str:
    return _("Give into, the id of the roster entry to keep (p1, p2...)")


def game_view_token() -> str:
    return _("That is the game's view token: it only shows the game. Add it with its edit token")


def give_game() -> str:
    return _("Give the id of a game and its edit token")


def games_true_or_false() -> str:
    return _("games is true or false")


def club_whole(field: str, lo: int, hi: int) -> str:
    return _("Give %(field)s as a whole number from %(lo)d to %(hi)d", field=field, lo=lo, hi=hi)


def club_currency() -> str:
    return _("Give the currency as CAD, USD or EUR")


def season_name(*, given: bool) -> str:
    """A season a club's evening is given (*given*) or a request asks for, that cannot be a season's name."""
    if given:
        return _("Give the season as a short name, for example 2026-2027")
    return _("Give a season as it is named, for example 2026-2027")


def club_couples(*, pairs: bool) -> str:
    """A club evening's couples that are not pairs of numbers (*pairs*), or not two different members each."""
    if pairs:
        return _("Give the couples as pairs of club numbers")
    return _("Each couple is two different members of the roster, each in one couple")


def no_member() -> str:
    return _("There is no member with that club number")


def club_name() -> str:
    return _("Give the club a name")


def member_name() -> str:
    return _("Give the member a name")


def no_club() -> str:
    return _("There is no club with that id")


def club_token_needed() -> str:
    return _("Changing a club needs its edit token: Authorization: Bearer <edit_token>")


def club_token_refused() -> str:
    return _("That token may not change this club")


def evening_couples() -> str:
    return _("An evening starts with two couples or more")


def ladder_rules(fields: str) -> str:
    return _("Give the ladder's rules as an object of %(fields)s", fields=fields)


def ladder_scoring() -> str:
    return _('Say "places" or "wins" for scoring')


def ladder_points(most: int) -> str:
    return _("Give points for 1 to %(most)d places", most=most)


def ladder_tie_breaks() -> str:
    return _('Give each tie-break once, of "wins", "best" and "attended"')


def give_once(name: str) -> str:
    """A query value (``since``, ``n``) given more than once."""
    return _("Give %(name)s once", name=name)


def since_refused(reason: str) -> str:
    """``since`` that is not a version: *reason* says why, as the number reader said it."""
    return _("%(reason)s: the version the caller already has", reason=reason)


def no_game() -> str:
    return _("There is no game with that id")


def game_token_needed() -> str:
    return _("Recording needs the game's edit token: Authorization: Bearer <edit_token>")


def not_game_token() -> str:
    return _("That token does not belong to this game")


def game_view_token_writes() -> str:
    """The view token sent to change a game."""
    return _("That is the token of the link that only shows the score; it cannot change it")


def etag_moved() -> str:
    """An ``If-Match`` of a version the game has moved on from."""
    return _("The game changed since that ETag (another phone changed it): read it again and retry")


def which_version() -> str:
    """An edit that says neither the version nor the ETag it was made from."""
    return _(
        'Say which version of the game this edit was made from: "version" in the body, '
        "or an If-Match header with the game's ETag"
    )


def hand_numbers_differ(address: int, body: int) -> str:
    return _("The address names hand %(address)d but the body says hand %(body)d", address=address, body=body)
