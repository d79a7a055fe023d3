"""The referee: settle the argument at the table.

Three questions, one screen each (the rank of the cards, who wins this trick,
may I play this?), each at its own address and the last one used opened again,
and a quiz to learn the ranks. Every question is a plain GET form answered here
on the server, and every card is read by the engine's parser; each card picked
is answered at once, and with htmx a tap swaps in just that question's section.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from flask import Blueprint, make_response, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue

from scorekeeper import words
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.platform.i18n import ngettext
from scorekeeper.rules import (
    DEFAULT_PRESET,
    OPTION_INFO,
    PRESETS,
    Card,
    CardError,
    Rules,
    RulesError,
    Suit,
    compare,
    is_trump,
    judge_play,
    legal_plays,
    offsuit_order,
    parse_cards,
    split_tokens,
    trick_winner,
    trump_order,
)
from scorekeeper.store import games as services

bp = Blueprint("referee", __name__)

T = TypeVar("T")

# The house rules that change a referee answer; the page takes them as query parameters.
RULE_OPTIONS = (
    "follow",
    "renegable",
    "renege_against",
    "ace_hearts_led_forces_hearts",
    "offsuit_aces_high",
    "joker",
    "call_for_partner",
)
BOOL_OPTIONS = {"ace_hearts_led_forces_hearts", "offsuit_aces_high", "joker", "call_for_partner"}
TRUE_WORDS = {"1", "true", "yes", "on", "y"}
FALSE_WORDS = {"0", "false", "no", "off", "n"}

# Each answer's rule code -> the section of the rule book that explains it.
RULE_ANCHORS = {
    "higher-trump": "rank",
    "trump-beats-non-trump": "rank",
    "higher-of-suit": "rank",
    "led-suit-beats-other": "rank",
    "cannot-win": "rank",
    "different-suits": "rank",
    "trick": "trick",
    "highest-trump": "trick",
    "highest-of-led-suit": "trick",
    "only-card": "trick",
    "leading": "follow",
    "trump-led-no-trump": "follow",
    "trump-led-must-play-trump": "renege",
    "trump-led-may-renege": "renege",
    "ace-hearts-led-play-heart": "follow",
    "offsuit-any": "follow",
    "offsuit-follow-suit-or-trump": "follow",
    "offsuit-cannot-follow": "follow",
    "called-card-second-trick": "called-card",
    "called-card-overdue": "called-card",
}
ANCHOR_TITLES = {
    "rank": _l("Rank of the cards"),
    "trick": _l("Who wins a trick"),
    "follow": _l("What a player may play"),
    "renege": _l("Reneging"),
    "called-card": _l("The called card"),
}
TOOLS = ("rank", "trick", "legal")
# The question a bare /referee opens: the one asked last on this phone, else "May I play?".
TOOL_COOKIE = "referee_tool"
DEFAULT_TOOL = "legal"
TAP_FIELDS = {"rank": ("pair",), "trick": ("cards",), "legal": ("trick", "hand")}
FIELDS = ("trump", "pair", "led", "cards", "trick", "hand", "trick_number", "called")
# The rank buttons of the card picker, best first as players sort a hand.
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


def rule_link(code: str) -> dict[str, str]:
    """The rule book link for an answer's rule code."""
    anchor = RULE_ANCHORS.get(code, "rank")
    base = url_for("rulebook.index")
    return {"href": f"{base}#{anchor}", "title": str(ANCHOR_TITLES[anchor]), "anchor": anchor}


@dataclass
class TableRules:
    """The rules the answers follow, and where they came from."""

    rules: Rules
    title: str
    params: dict[str, str] = field(default_factory=dict)  # carried along by every form
    preset: str = DEFAULT_PRESET
    game: Any = None


def read_table_rules(args: Mapping[str, str], problems: dict[str, str]) -> TableRules:
    """Read the preset, a game's rules, and house-rule options from the query string."""
    params: dict[str, str] = {}
    preset = DEFAULT_PRESET
    rules = PRESETS[DEFAULT_PRESET]
    title = words.preset_title(DEFAULT_PRESET)
    game = None
    game_id = args.get("game", "").strip()
    if game_id:
        game = services.load_game(game_id)
        if game is None:
            problems["game"] = _("There is no game at that link; the answers below follow the usual rules.")
        else:
            try:
                rules = Rules.from_dict(game.rules)
            except (RulesError, TypeError, ValueError):
                problems["game"] = _("This game's rules could not be read; the answers below follow the usual rules.")
                game = None
            else:
                params["game"] = game_id
                preset = rules.closest_preset()
                title = _("this game's rules (%(sides)s)", sides=" v ".join(side.name for side in game.sides))
    name = args.get("preset", "").strip()
    if name and game is None:
        if name in PRESETS:
            preset, rules, title = name, PRESETS[name], words.preset_title(name)
            params["preset"] = name
        else:
            problems["preset"] = _("There is no preset called '%(name)s'. Choose one from the list.", name=name)
    changes: dict[str, Any] = {}
    for option in RULE_OPTIONS:
        raw = args.get(option, "").strip()
        if not raw:
            continue
        if option in BOOL_OPTIONS:
            if raw.lower() in TRUE_WORDS:
                value: Any = True
            elif raw.lower() in FALSE_WORDS:
                value = False
            else:
                problems[option] = _("Choose yes or no for '%(option)s'.", option=words.option_label(option))
                continue
        else:
            value = raw
        try:
            rules.replace(**{option: value})
        except RulesError as exc:
            problems[option] = words.refusal(exc)
            continue
        changes[option] = value
        params[option] = raw
    if changes:
        changed = {k: v for k, v in changes.items() if getattr(rules, k) != v}
        rules = rules.replace(**changes)
        if changed:
            title = _("%(rules)s with house rules", rules=title)
    return TableRules(rules, title, params, preset, game)


def house_rule_choices(name: str, value: Any) -> dict[str, Any]:
    """One house rule of the form: its label and help, and each choice as (value sent, words shown, chosen)."""
    info = OPTION_INFO[name]
    choices = []
    for choice in info.choices or ():
        sent = ("yes" if choice else "no") if isinstance(choice, bool) else str(choice)
        choices.append((sent, words.option_setting(name, choice), choice == value))
    return {"name": name, "label": words.option_label(name), "help": words.option_help(name), "choices": choices}


def sentence(exc: Exception) -> str:
    """An engine refusal as a sentence for the page, in the reader's language."""
    text = words.refusal(exc).strip()
    return text if text.endswith((".", "?", "!")) else text + "."


def answered(ask: Callable[..., T], *args: Any, problems: dict[str, str], name: str, **kwargs: Any) -> T | None:
    """The engine's answer to ``ask(*args, **kwargs)``, or None with its refusal recorded against the field *name*."""
    try:
        return ask(*args, **kwargs)
    except CardError as exc:
        problems[name] = sentence(exc)
        return None


def read_cards(text: str, name: str, problems: dict[str, str]) -> tuple[Card, ...] | None:
    """Read the cards of one field with the engine's parser; a problem is recorded against the field."""
    return answered(parse_cards, text, problems=problems, name=name) if text and text.strip() else ()


def read_suit(text: str | None, name: str, problems: dict[str, str], missing: str | None) -> Suit | None:
    text = (text or "").strip()
    if not text:
        if missing:
            problems[name] = missing
        return None
    return answered(Suit.parse, text, problems=problems, name=name)


def _tokens(text: str) -> list[tuple[str, Card | None]]:
    """Each word of a field as typed, with the card it reads as (None for a word that is not a card)."""
    read: list[tuple[str, Card | None]] = []
    for token in split_tokens(text or ""):
        try:
            read.append((token, Card.parse(token)))
        except CardError:
            read.append((token, None))
    return read


def shown(text: str) -> str:
    """Write a field's cards the way the page shows them (``jh 10 d`` -> ``J♥ 10♦``), keeping what is not a card."""
    return " ".join(token if card is None else words.card(card) for token, card in _tokens(text))


def readable(text: str) -> list[Card]:
    """The cards of a field that read as cards, in order, for its slots (what does not read is shown typed)."""
    return list(dict.fromkeys(card for _token, card in _tokens(text) if card is not None))


def toggle(text: str, card: Card, *, remove_only: bool = False) -> str:
    """Add a picked card to a field, or take it out if it is already there."""
    read = _tokens(text)
    kept = [token for token, found in read if found != card]
    if len(kept) == len(read) and not remove_only:
        kept.append(card.code)
    return shown(" ".join(kept))


def rank_answer(trump: Suit, rules: Rules) -> dict[str, Any]:
    trumps = trump_order(trump, rules)
    return {
        "trump": trump,
        "trumps": trumps,
        "offsuits": [(s, offsuit_order(s, trump, rules)) for s in Suit if s is not trump],
        # The cards the engine counts as trump whatever the trump suit (the A♥, and the joker when used).
        "always": {card for card in trumps if all(is_trump(card, suit, rules) for suit in Suit)},
    }


def ask_rank(args: Mapping[str, str], rules: Rules, problems: dict[str, str]) -> dict[str, Any] | None:
    trump = read_suit(args.get("trump"), "trump", problems, _("Pick the trump suit."))
    pair = read_cards(args.get("pair", ""), "pair", problems)
    led_text = args.get("led", "").strip()
    led = None if led_text in ("", "T") else read_suit(led_text, "led", problems, None)
    if trump is None:
        return None
    answer = rank_answer(trump, rules)
    if pair:
        if len(pair) != 2:
            problems["pair"] = ngettext(
                "Give exactly two cards to compare (you gave %(num)d).",
                "Give exactly two cards to compare (you gave %(num)d).",
                len(pair),
            )
        elif "led" not in problems:
            try:
                result = compare(pair[0], pair[1], trump, led, rules)
            except ValueError as exc:
                problems["pair"] = sentence(exc)
            else:
                answer["compare"] = {"a": pair[0], "b": pair[1], "led": led, "result": result}
                answer["link"] = rule_link(result.reason)
    return answer


def ask_trick(args: Mapping[str, str], rules: Rules, problems: dict[str, str]) -> dict[str, Any] | None:
    trump = read_suit(args.get("trump"), "trump", problems, _("Pick the trump suit."))
    cards = read_cards(args.get("cards", ""), "cards", problems)
    if trump is None or cards is None:
        return None
    result = answered(trick_winner, cards, trump, rules, problems=problems, name="cards")
    if result is None:
        return None
    return {"trump": trump, "cards": cards, "result": result, "link": rule_link(result.reason)}


def ask_legal(args: Mapping[str, str], rules: Rules, problems: dict[str, str]) -> dict[str, Any] | None:
    trump = read_suit(args.get("trump"), "trump", problems, _("Pick the trump suit."))
    trick = read_cards(args.get("trick", ""), "trick", problems)
    hand = read_cards(args.get("hand", ""), "hand", problems)
    called = read_called(args, rules, problems)
    if trump is None or hand is None or trick is None or called is None:
        return None
    try:
        result = legal_plays(hand, trick, trump, rules, **called)
    except CardError as exc:
        problems[exc.blamed({"hand": hand, "trick": trick}, "hand")] = sentence(exc)
        return None
    answer = {"trump": trump, "trick": trick, "hand": hand, "result": result, "link": rule_link(result.rule)}
    play_text = args.get("play", "").strip()
    if play_text:
        verdict = answered(judge_play, play_text, hand, trick, trump, rules, problems=problems, name="play", **called)
        if verdict is not None:
            answer["verdict"] = verdict
            answer["verdict_words"] = words.verdict_label(verdict.kind)
    return answer


def read_called(args: Mapping[str, str], rules: Rules, problems: dict[str, str]) -> dict[str, Any] | None:
    """The trick's number and the called card, asked only when the bidder calls for a partner (the rule book, /rules#called-card)."""
    if not rules.call_for_partner:
        return {}
    number_text = (args.get("trick_number") or "").strip()
    called_text = (args.get("called") or "").strip()
    number = None
    if number_text:
        if number_text not in ("1", "2", "3", "4", "5"):
            problems["trick_number"] = _("Choose the trick's number, 1 to 5.")
            return None
        number = int(number_text)
    called = answered(Card.parse, called_text, problems=problems, name="called") if called_text else None
    if "called" in problems:
        return None
    return {"trick_number": number, "called": called}


def picked_card(args: Mapping[str, str], trump_text: str, problems: dict[str, str]) -> Card | None:
    """The card picked with the suit and rank buttons (the suit is remembered between taps)."""
    rank = args.get("tap", "").strip()
    if rank.upper() == "JK":
        return Card.JOKER
    suit = read_suit(args.get("suit") or trump_text, "suit", problems, _("Pick the suit of the card, then its rank."))
    if suit is None:
        return None
    return answered(Card.parse, rank + suit.letter, problems=problems, name="suit")


def edit_fields(
    args: Mapping[str, str], tool: str, into: str, values: dict[str, str], problems: dict[str, str]
) -> None:
    """Apply a tap or a clear to the fields of ``tool``'s form."""
    clear = args.get("clear", "")
    card = None if clear else picked_card(args, values["trump"], problems)
    for name in TAP_FIELDS[tool]:
        if name == clear:
            values[name] = ""
        elif card is not None:
            values[name] = toggle(values[name], card, remove_only=name != into)
            if name == "pair":
                # Two cards are compared: a third picked is measured against the last one.
                values[name] = " ".join(split_tokens(values[name])[-2:])
        else:
            values[name] = shown(values[name])


def next_into(tool: str, into: str, before: str, values: Mapping[str, str]) -> str:
    """Where the next picked card goes: once the lead is in an empty trick, the hand (the commonest argument)."""
    if tool == "legal" and into == "trick" and not split_tokens(before) and len(split_tokens(values["trick"])) == 1:
        return "hand"
    return into


def asked(tool: str, values: Mapping[str, str], args: Mapping[str, str]) -> bool:
    """Whether there is a question to answer yet: a card given, the order of a trump asked, or the ask button."""
    if args.get("ask"):
        return True
    if tool == "rank":
        return bool(values["pair"].strip() or values["trump"].strip())
    # "May I play?" waits for the hand: the lead alone is no question yet.
    return bool(values["hand" if tool == "legal" else "cards"].strip())


def picker_suit(args: Mapping[str, str], values: dict[str, str]) -> str:
    """The suit the picker shows chosen: the last one picked, else the trump."""
    for text in (args.get("suit", ""), values.get("trump", "")):
        if not text.strip():
            continue
        try:
            return Suit.parse(text).letter
        except CardError:
            continue
    return ""


def page_url(table: TableRules, values: dict[str, str], suit: str, into: str, tool: str) -> str:
    """The address of the page as it now stands, without the tap that led to it."""
    query: dict[str, Any] = dict(table.params) | {k: v for k, v in values.items() if v and k != "tool"}
    if suit:
        query["suit"] = suit
    if tool == "legal":
        query["into"] = into
    return url_for("referee.index", tool=tool, **query)


def chosen_tool(args: Mapping[str, str]) -> str:
    """The question asked for, else the one this phone asked last, else "May I play?"."""
    for tool in (args.get("tool", ""), request.cookies.get(TOOL_COOKIE, "")):
        if tool in TOOLS:
            return tool
    return DEFAULT_TOOL


@bp.get("/referee")
def index() -> ResponseReturnValue:
    args = request.args
    problems: dict[str, str] = {}
    table = read_table_rules(args, problems)
    rules = table.rules
    tool = chosen_tool(args)
    values = {name: args.get(name, "") for name in FIELDS}
    into = args.get("into", "")
    if into not in TAP_FIELDS[tool]:
        # A new question starts with the lead: the hand once the trick has its cards.
        into = "hand" if tool == "legal" and values["trick"].strip() else TAP_FIELDS[tool][0]
    answers: dict[str, Any] = {}
    tool_problems: dict[str, str] = {}
    editing = bool(args.get("tap") or args.get("clear"))
    if editing:
        before = values.get("trick", "")
        edit_fields(args, tool, into, values, tool_problems)
        into = next_into(tool, into, before, values)
        if not (problems or tool_problems) and not request.headers.get("HX-Request"):
            # Without the page's script: land on a clean address, so a reload does not tap again.
            return redirect(page_url(table, values, picker_suit(args, values), into, tool), code=303)
    if not tool_problems and asked(tool, values, args):
        if tool == "rank":
            # One card picked of the two: the order of the trump is shown, the comparison waits for the second.
            waiting = not args.get("ask") and len(split_tokens(values["pair"])) == 1
            answers["rank"] = ask_rank(values | {"pair": ""} if waiting else values, rules, tool_problems)
        elif tool == "trick":
            answers["trick"] = ask_trick(values, rules, tool_problems)
        else:
            answers["legal"] = ask_legal(values | {"play": args.get("play", "")}, rules, tool_problems)
    if not tool_problems:
        # An answer: its cards come back the way the page writes them (a refused field stays as typed).
        values |= {name: shown(values[name]) for name in TAP_FIELDS[tool]}
    status = 422 if (problems or tool_problems) else 200
    context: dict[str, Any] = dict(
        table=table,
        rules=rules,
        presets=PRESETS,
        options=[house_rule_choices(name, getattr(rules, name)) for name in RULE_OPTIONS],
        rules_problems=problems,
        tool=tool,
        into=into,
        values=values,
        slot={name: readable(values[name]) for name in ("pair", "cards", "trick", "hand")},
        problems=tool_problems,
        answers=answers,
        suits=list(Suit),
        suit=picker_suit(args, values),
        ranks=RANKS,
        rule_link=rule_link,
        tool_url=lambda name: tool_address(name, table, values),
    )
    if request.headers.get("HX-Request") and request.headers.get("HX-Target") == f"tool-{tool}":
        response = make_response(render_template(f"referee/_{tool}.html", **context), status)
        response.headers["HX-Replace-Url"] = page_url(table, values, context["suit"], into, tool)
    else:
        response = make_response(render_template("referee/index.html", **context), status)
    if request.cookies.get(TOOL_COOKIE) != tool:
        # Remembered on the phone only (nothing is stored here): the next /referee opens this question.
        response.set_cookie(TOOL_COOKIE, tool, max_age=60 * 60 * 24 * 365, samesite="Lax", httponly=True)
    return response


def tool_address(tool: str, table: TableRules, values: Mapping[str, str]) -> str:
    """The address of one question, with the table's rules and the trump chosen carried over."""
    query: dict[str, Any] = dict(table.params, tool=tool)
    if values.get("trump", "").strip():
        query["trump"] = values["trump"]
    return url_for("referee.index", **query)


# -- Learn the ranks -------------------------------------------------------------

QUIZ_KEY = "referee_quiz"


def new_question(rng: random.Random) -> dict[str, Any]:
    """A trick of two to four cards where the winner is worth thinking about."""
    trump = rng.choice(list(Suit))
    rules = PRESETS[DEFAULT_PRESET]
    trumps = list(trump_order(trump, rules))
    led = rng.choice([s for s in Suit if s is not trump])
    led_cards = list(offsuit_order(led, trump, rules))
    others = [c for s in Suit if s not in (trump, led) for c in offsuit_order(s, trump, rules)]
    count = rng.randint(2, 4)
    while True:
        lead_pool = trumps if rng.random() < 0.3 else led_cards
        cards = [rng.choice(lead_pool)]
        while len(cards) < count:
            roll = rng.random()
            pool = trumps if roll < 0.4 else led_cards if roll < 0.85 else others
            card = rng.choice(pool)
            if card not in cards:
                cards.append(card)
        if len(cards) == len(set(cards)):
            break
    return {"trump": trump.letter, "cards": [c.code for c in cards], "answered": False}


@bp.route("/referee/quiz", methods=["GET", "POST"])
def quiz() -> tuple[str, int]:
    rules = PRESETS[DEFAULT_PRESET]
    state = session.get(QUIZ_KEY) or {}
    right, asked = int(state.get("right", 0)), int(state.get("asked", 0))
    question = state.get("question")
    feedback = None
    problem = None
    status = 200
    if request.method == "POST":
        pick = request.form.get("pick", "").strip()
        if not question or question.get("answered"):
            problem = _("That question was already answered; here is a new one.")
        else:
            try:
                picked = Card.parse(pick)
            except CardError:
                picked = None
            trick = tuple(Card.parse(c) for c in question["cards"])
            if picked not in trick:
                problem = _("Tap one of the cards shown.")
                status = 422
            else:
                result = trick_winner(trick, question["trump"], rules)
                correct = picked == result.card
                asked += 1
                right += int(correct)
                question = dict(question, answered=True)
                feedback = {"correct": correct, "picked": picked, "result": result, "link": rule_link(result.reason)}
    elif request.args.get("reset"):
        right, asked, question = 0, 0, None
    if not question or (question.get("answered") and feedback is None):
        question = new_question(random.Random())
    session[QUIZ_KEY] = {"right": right, "asked": asked, "question": question}
    cards = [Card.parse(c) for c in question["cards"]]
    trump = Suit.parse(question["trump"])
    lead = cards[0]
    lead_is_trump = is_trump(lead, trump, rules)
    body = render_template(
        "referee/quiz.html",
        trump=trump,
        cards=cards,
        lead=lead,
        lead_is_trump=lead_is_trump,
        feedback=feedback,
        problem=problem,
        right=right,
        asked=asked,
    )
    return body, status
