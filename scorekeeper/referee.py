"""The referee: settle the argument at the table.

Three questions on one page (the rank of the cards, who wins this trick, may I
play this?) and a quiz to learn the ranks. Every question is a plain GET form
answered here on the server; the page's script only makes tapping cards quicker.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, render_template, request, session

from . import services, url_for_or_none
from .rules import (
    OPTION_INFO,
    PRESET_INFO,
    PRESETS,
    Card,
    CardError,
    Rules,
    RulesError,
    Suit,
    compare,
    deck,
    judge_play,
    legal_plays,
    offsuit_order,
    trick_winner,
    trump_order,
)
from .rules.cards import _split_tokens as split_tokens
from .rules.options import DEFAULT_PRESET
from .rules.rank import ACE_OF_HEARTS

bp = Blueprint("referee", __name__)

# The house rules that change a referee answer; the page takes them as query parameters.
RULE_OPTIONS = ("follow", "renegable", "renege_against", "ace_hearts_led_forces_hearts", "offsuit_aces_high", "joker")
BOOL_OPTIONS = {"ace_hearts_led_forces_hearts", "offsuit_aces_high", "joker"}
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
}
ANCHOR_TITLES = {
    "rank": "Rank of the cards",
    "trick": "Who wins a trick",
    "follow": "What a player may play",
    "renege": "Reneging",
}
VERDICT_WORDS = {"legal": "Legal", "legal-renege": "Legal renege", "renege": "Renege — not allowed"}
TOOLS = ("rank", "trick", "legal")
TAP_FIELDS = {"rank": ("pair",), "trick": ("cards",), "legal": ("trick", "hand")}


def rule_link(code: str) -> dict[str, str]:
    """The rule book link for an answer's rule code."""
    anchor = RULE_ANCHORS.get(code, "rank")
    base = url_for_or_none("rulebook.index") or "/rules"
    return {"href": f"{base}#{anchor}", "title": ANCHOR_TITLES[anchor], "anchor": anchor}


@dataclass
class TableRules:
    """The rules the answers follow, and where they came from."""

    rules: Rules
    title: str
    params: dict[str, str] = field(default_factory=dict)  # carried along by every form
    preset: str = DEFAULT_PRESET
    game: Any = None


def read_table_rules(args, problems: dict[str, str]) -> TableRules:
    """Read the preset, a game's rules, and house-rule options from the query string."""
    params: dict[str, str] = {}
    preset = DEFAULT_PRESET
    rules = PRESETS[DEFAULT_PRESET]
    title = PRESET_INFO[DEFAULT_PRESET].title
    game = None
    game_id = args.get("game", "").strip()
    if game_id:
        game = services.load_game(game_id)
        if game is None:
            problems["game"] = "There is no game at that link; the answers below follow the usual rules."
        else:
            try:
                rules = Rules.from_dict(game.rules)
            except (RulesError, TypeError, ValueError):
                problems["game"] = "This game's rules could not be read; the answers below follow the usual rules."
                game = None
            else:
                params["game"] = game_id
                preset = rules.closest_preset()
                title = "this game's rules (" + " v ".join(side.name for side in game.sides) + ")"
    name = args.get("preset", "").strip()
    if name and game is None:
        if name in PRESETS:
            preset, rules, title = name, PRESETS[name], PRESET_INFO[name].title
            params["preset"] = name
        else:
            problems["preset"] = f"There is no preset called '{name}'. Choose one from the list."
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
                problems[option] = f"Choose yes or no for '{OPTION_INFO[option].label}'."
                continue
        else:
            value = raw
        try:
            rules.replace(**{option: value})
        except RulesError as exc:
            problems[option] = str(exc)
            continue
        changes[option] = value
        params[option] = raw
    if changes:
        changed = {k: v for k, v in changes.items() if getattr(rules, k) != v}
        rules = rules.replace(**changes)
        if changed:
            title += " with house rules"
    return TableRules(rules, title, params, preset, game)


def parse_field(text: str, name: str, problems: dict[str, str], what: str) -> tuple[Card, ...] | None:
    """Read the cards typed or tapped into one field; a problem is recorded against the field."""
    seen: set[Card] = set()
    cards = []
    for token in split_tokens(text or ""):
        try:
            card = Card.parse(token)
        except CardError as exc:
            problems[name] = str(exc) + "."
            return None
        if card in seen:
            problems[name] = f"{card} is in the {what} twice."
            return None
        seen.add(card)
        cards.append(card)
    return tuple(cards)


def parse_suit(text: str, name: str, problems: dict[str, str], missing: str | None) -> Suit | None:
    text = (text or "").strip()
    if not text:
        if missing:
            problems[name] = missing
        return None
    try:
        return Suit.parse(text)
    except CardError as exc:
        problems[name] = str(exc) + "."
        return None


def toggle(text: str, code: str, *, remove_only: bool = False) -> str:
    """Add a tapped card to a field's text, or take it out if it is already there."""
    try:
        tapped = Card.parse(code)
    except CardError:
        return text
    tokens = split_tokens(text or "")
    kept = []
    found = False
    for token in tokens:
        try:
            same = Card.parse(token) == tapped
        except CardError:
            same = False
        if same:
            found = True
        else:
            kept.append(token)
    if not found and not remove_only:
        kept.append(tapped.code)
    return " ".join(kept)


def check_joker(cards, rules: Rules, name: str, problems: dict[str, str]) -> bool:
    if cards and not rules.joker and Card.JOKER in cards:
        problems[name] = "The joker is not played under these rules: take it out, or turn the joker on."
        return False
    return True


def rank_answer(trump: Suit, rules: Rules) -> dict[str, Any]:
    return {
        "trump": trump,
        "trumps": trump_order(trump, rules),
        "offsuits": [(s, offsuit_order(s, trump, rules)) for s in Suit if s is not trump],
        "ace_of_hearts": ACE_OF_HEARTS,
    }


def ask_rank(args, rules: Rules, problems: dict[str, str]) -> dict[str, Any] | None:
    trump = parse_suit(args.get("trump"), "trump", problems, "Pick the trump suit.")
    pair = parse_field(args.get("pair", ""), "pair", problems, "cards to compare")
    led_text = args.get("led", "").strip()
    led = None if led_text in ("", "T") else parse_suit(led_text, "led", problems, None)
    if trump is None:
        return None
    answer = rank_answer(trump, rules)
    if pair and check_joker(pair, rules, "pair", problems):
        if len(pair) != 2:
            problems["pair"] = f"Give exactly two cards to compare (you gave {len(pair)})."
        elif "led" not in problems:
            result = compare(pair[0], pair[1], trump, led, rules)
            answer["compare"] = {
                "a": pair[0],
                "b": pair[1],
                "led": led,
                "result": result,
                "link": rule_link(result.reason),
            }
    return answer


def ask_trick(args, rules: Rules, problems: dict[str, str]) -> dict[str, Any] | None:
    trump = parse_suit(args.get("trump"), "trump", problems, "Pick the trump suit.")
    cards = parse_field(args.get("cards", ""), "cards", problems, "trick")
    if cards is not None and not cards:
        problems["cards"] = "Tap or type the cards played, the lead first."
        return None
    if cards is not None and len(cards) > 8:
        problems["cards"] = "A trick has at most 8 cards, one for each player."
        return None
    if trump is None or cards is None or not check_joker(cards, rules, "cards", problems):
        return None
    result = trick_winner(cards, trump, rules)
    return {"trump": trump, "cards": cards, "result": result, "link": rule_link(result.reason)}


def ask_legal(args, rules: Rules, problems: dict[str, str]) -> dict[str, Any] | None:
    trump = parse_suit(args.get("trump"), "trump", problems, "Pick the trump suit.")
    trick = parse_field(args.get("trick", ""), "trick", problems, "trick")
    hand = parse_field(args.get("hand", ""), "hand", problems, "hand")
    if hand is not None and not hand:
        problems["hand"] = "Tap or type the cards in your hand."
        return None
    if hand is not None and len(hand) > 9:
        problems["hand"] = "A hand has at most 5 cards (a few more while drawing)."
        return None
    if trick is not None and len(trick) > 7:
        problems["trick"] = "At most 7 cards can be played before you."
        return None
    if hand and trick:
        both = [c for c in trick if c in hand]
        if both:
            problems["hand"] = f"{both[0]} cannot be both in your hand and already played in the trick."
            return None
    if trump is None or hand is None or trick is None:
        return None
    if not (check_joker(trick, rules, "trick", problems) and check_joker(hand, rules, "hand", problems)):
        return None
    result = legal_plays(hand, trick, trump, rules)
    answer = {"trump": trump, "trick": trick, "hand": hand, "result": result, "link": rule_link(result.rule)}
    play_text = args.get("play", "").strip()
    if play_text:
        try:
            play = Card.parse(play_text)
        except CardError as exc:
            problems["play"] = str(exc) + "."
            return answer
        if play not in hand:
            problems["play"] = f"{play} is not in your hand."
            return answer
        verdict = judge_play(play, hand, trick, trump, rules)
        answer["verdict"] = verdict
        answer["verdict_words"] = VERDICT_WORDS[verdict.kind]
    return answer


def grid_rows(joker: bool) -> list[tuple[Suit | None, list[Card]]]:
    """The cards to tap: one row per suit, ace down to two; the joker alone when it is used."""
    rows: list[tuple[Suit | None, list[Card]]] = []
    cards = deck(False)
    for suit in Suit:
        rows.append((suit, sorted((c for c in cards if c.suit is suit), key=lambda c: -c.rank)))
    if joker:
        rows.append((None, [Card.JOKER]))
    return rows


def marks_for(values: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Which tapped field each card is in (and its place there), for drawing the grid."""
    marks: dict[str, dict[str, Any]] = {}
    for name, text in values.items():
        place = 0
        for token in split_tokens(text or ""):
            try:
                card = Card.parse(token)
            except CardError:
                continue
            place += 1
            marks.setdefault(card.code, {"field": name, "place": place})
    return marks


@bp.get("/referee")
def index():
    args = request.args
    problems: dict[str, str] = {}
    table = read_table_rules(args, problems)
    rules = table.rules
    tool = args.get("tool", "")
    if tool not in TOOLS:
        tool = ""
    values = {name: args.get(name, "") for name in ("trump", "pair", "led", "cards", "trick", "hand")}
    into = args.get("into", "")
    if tool and into not in TAP_FIELDS[tool]:
        into = TAP_FIELDS[tool][0]
    tap = args.get("tap", "").strip()
    answers: dict[str, Any] = {}
    tool_problems: dict[str, str] = {}
    if tool and tap:
        # A tap without the page's script: put the card in (or take it out of) the chosen field.
        for other in TAP_FIELDS[tool]:
            if other != into:
                values[other] = toggle(values[other], tap, remove_only=True)
        values[into] = toggle(values[into], tap)
    elif tool == "rank":
        answers["rank"] = ask_rank(values, rules, tool_problems)
    elif tool == "trick":
        answers["trick"] = ask_trick(values, rules, tool_problems)
    elif tool == "legal":
        answers["legal"] = ask_legal(values | {"play": args.get("play", "")}, rules, tool_problems)
    status = 422 if (problems or tool_problems) else 200
    body = render_template(
        "referee/index.html",
        table=table,
        rules=rules,
        presets=PRESET_INFO,
        options=[(name, OPTION_INFO[name], getattr(rules, name)) for name in RULE_OPTIONS],
        rules_problems=problems,
        tool=tool,
        into=into,
        values=values,
        problems=tool_problems,
        answers=answers,
        suits=list(Suit),
        rows=grid_rows(rules.joker),
        marks={t: marks_for({f: values[f] for f in TAP_FIELDS[t]}) for t in TOOLS},
        rule_link=rule_link,
    )
    return body, status


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
def quiz():
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
            problem = "That question was already answered; here is a new one."
        else:
            try:
                picked = Card.parse(pick)
            except CardError:
                picked = None
            cards = tuple(Card.parse(c) for c in question["cards"])
            if picked not in cards:
                problem = "Tap one of the cards shown."
                status = 422
            else:
                result = trick_winner(cards, question["trump"], rules)
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
    lead_is_trump = lead in trump_order(trump, rules)
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
