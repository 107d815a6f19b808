"""Who responds first, and in what order responses are taken.

2E: the player whose turn it is has the first opportunity, then the player to the left, and so on
clockwise; each may use as many response actions as they wish, in the order of their choice.
1E: the opponent of the player who initiated the action responds first, then the players
alternate; "just" responses come before all others (ties to the player who did not initiate);
a card that suspends play may interrupt any action; and a card is a valid response only if it
specifically modifies the action — usually by naming the card.
"""

from __future__ import annotations

import re
from itertools import zip_longest

from . import rules as R
from .context import Ask
from .scenario import Card, ScenarioError, norm

# 2E glossary 'Response actions': "The game text of a response action always begins with the word 'when'"
# (any sentence of it, as a card may have several abilities).
RESPONSE_TEXT = re.compile(r"(?:^|[.!:]\s+)when\b", re.I)
# Words in a response card's text that tie it to an action of that kind (the action's `kind`).
ACTION_WORDS = {
    "battle": ("battle", "attack", "combat"), "attack": ("battle", "attack", "combat"),
    "encounter": ("encounter",), "dilemma": ("encounter", "dilemma"),
    "play": ("play", "played"), "report": ("report",), "download": ("download",),
    "move": ("move", "moving", "moves"), "beam": ("beam",), "attempt": ("attempt",),
    "score": ("score", "points"), "discard": ("discard",), "destroy": ("destroy", "destroyed"),
}


def ask_responses(ask: Ask):
    s = ask.s
    action = ask.q.get("action")
    if not isinstance(action, dict):
        raise ScenarioError("question.action", "expected a mapping with 'by' (and 'card', 'kind')")
    unknown = set(action) - {"by", "card", "kind"}
    if unknown:
        raise ScenarioError(f"question.action.{sorted(unknown)[0]}", "unknown key (known: by, card, kind)")
    if "by" not in action:
        raise ScenarioError("question.action.by", "missing: who initiated the action")
    by = ask.player(action["by"], "question.action.by")
    acting = ask.card("action", value=action["card"],
                      where="question.action.card") if action.get("card") else None
    act_kind = norm(str(action.get("kind") or ""))
    pending = ask.q.get("pending") or []
    if not isinstance(pending, list):
        raise ScenarioError("question.pending", "expected a list of {id, player, card}")
    items: list[tuple[str, str, Card | None]] = []
    seen = set()
    for i, p in enumerate(pending):
        where = f"question.pending[{i}]"
        if not isinstance(p, dict):
            raise ScenarioError(where, "expected a mapping {id, player, card}")
        extra = set(p) - {"id", "player", "card"}
        if extra:
            raise ScenarioError(f"{where}.{sorted(extra)[0]}", "unknown key (known: id, player, card)")
        rid = p.get("id")
        if not isinstance(rid, str | int) or isinstance(rid, bool):
            raise ScenarioError(f"{where}.id", "missing: each pending response needs an id")
        if str(rid) in seen:
            raise ScenarioError(f"{where}.id", f"'{rid}' is used twice")
        seen.add(str(rid))
        player = ask.player(p.get("player"), f"{where}.player")
        card = ask.card("pending", value=p["card"], where=f"{where}.card") if p.get("card") else None
        items.append((str(rid), player, card))
    if not s.players:
        raise ScenarioError("players", "missing: the order of responses depends on the seating")
    if s.edition == "2e":
        return _order_2e(ask, by, items)
    return _order_1e(ask, by, acting, act_kind, items)


def _invalid_ownership(ask: Ask, items: list[tuple[str, str, Card | None]]) -> list[str]:
    bad = []
    for rid, player, card in items:
        if card is None:
            continue
        if card.zone in ("hand", None, "play") and card.commander and card.commander != player:
            bad.append(rid)
            ask.t.step(f"{rid}: {card.name} is {card.commander}'s card, not {player}'s.",
                       R.RESPONSES_2E if ask.s.edition == "2e" else R.PLAY_PHASE_1E)
        elif card.zone in ("discard", "deck", "removed", "dilemma_pile", "brig"):
            bad.append(rid)
            ask.t.step(f"{rid}: {card.name} is in the {card.zone.replace('_', ' ')} and cannot be used.",
                       R.RESPONSES_2E if ask.s.edition == "2e" else R.PLAY_PHASE_1E)
    return bad


def _order_2e(ask: Ask, by: str, items):
    s, t = ask.s, ask.t
    turn = ask.turn()
    seats = s.seat_order(turn)
    invalid = _invalid_ownership(ask, items)
    for rid, _, card in items:
        if rid in invalid or card is None or not (card.text or "").strip():
            continue
        if not RESPONSE_TEXT.search(card.text):
            invalid.append(rid)
            t.step(f"{rid}: {card.name}'s text is not a response action (the game text of a response action "
                   "always begins with the word 'when').", R.RESPONSES_2E)
    valid = [x for x in items if x[0] not in invalid]
    t.step(f"The player whose turn it is ({turn}) always has the first opportunity to respond, then the "
           f"player to the left, and so on clockwise: {', '.join(seats)}.", R.RESPONSES_2E)
    order = []
    for player in seats:
        mine = [rid for rid, p, _ in valid if p == player]
        if mine:
            t.step(f"{player} may use as many response actions as they wish, in the order of their choice: "
                   f"{', '.join(mine)}.", R.RESPONSES_2E)
        order += mine
    first = next((p for p in seats if any(v[1] == p for v in valid)), turn)
    answer = (f"{first} responds first; the responses are taken in the order {', '.join(order)}."
              if order else
              f"{turn} has the first opportunity to respond.")
    return first, answer, {"order": order, "invalid": invalid}


def _order_1e(ask: Ask, by: str, acting: Card | None, act_kind: str, items):
    s, t = ask.s, ask.t
    seats = s.seat_order(by)[1:] + [by]   # the opponent(s) of the initiator first, the initiator last
    invalid = _invalid_ownership(ask, items)
    valid = []
    for rid, player, card in items:
        if rid in invalid:
            continue
        ok = _valid_response(ask, rid, card, acting, act_kind)
        if ok:
            valid.append((rid, player, card))
        else:
            invalid.append(rid)
    suspend = [x for x in valid if x[2] is not None and x[2].suspends_play]
    just = [x for x in valid if x[2] is not None and x[2].just and x not in suspend]
    rest = [x for x in valid if x not in suspend and x not in just]

    def alternate(group):
        queues = [[x[0] for x in group if x[1] == p] for p in seats]
        return [rid for turn_ in zip_longest(*queues) for rid in turn_ if rid is not None]

    order = alternate(suspend) + alternate(just) + alternate(rest)
    t.step(f"{by} initiated the action, so {seats[0]} has the first opportunity to validly respond; after "
           "that the players alternate.", R.ALTERNATING_1E)
    if suspend:
        t.step(f"{', '.join(x[0] for x in suspend)} suspend{'s' if len(suspend) == 1 else ''} play, which "
               "may interrupt any action.", R.VALID_RESPONSES_1E)
    if just:
        t.step(f"{', '.join(x[0] for x in just)} {'is a' if len(just) == 1 else 'are'} \"just\" "
               f"response{'s' if len(just) > 1 else ''}, which take precedence over all other responses; "
               f"between two, the tie goes to the player who did not initiate the action ({seats[0]}).",
               R.JUST_1E)
    first = next((p for rid in order for r, p, _ in valid if r == rid), seats[0])
    answer = (f"{first} responds first; the responses are taken in the order {', '.join(order)}."
              if order else
              f"{seats[0]} has the first opportunity to respond.")
    return first, answer, {"order": order, "invalid": invalid}


def _valid_response(ask: Ask, rid: str, card: Card | None, acting: Card | None, act_kind: str) -> bool:
    """1E: a valid response specifically modifies the action (usually by naming the card)."""
    t = ask.t
    if card is None or card.suspends_play:
        return True
    text = (card.text or "").strip()
    if not text:
        return True   # nothing said of the card: taken as the response the scenario describes
    low = text.lower()
    if acting is not None and acting.title and _names(low, acting.title):
        t.step(f"{rid}: {card.name} names {acting.title}, so it specifically modifies the action: a valid "
               "response.", R.VALID_RESPONSES_1E)
        return True
    words = ACTION_WORDS.get(act_kind, (act_kind,) if act_kind else ())
    if words and any(re.search(rf"\b{re.escape(w)}", low) for w in words) and "just" in low:
        t.step(f"{rid}: {card.name}'s text responds to {act_kind or 'this kind of action'}: a valid "
               "response.",
               R.VALID_RESPONSES_1E)
        return True
    if words and any(re.search(rf"\b{re.escape(w)}", low) for w in words):
        t.step(f"{rid}: {card.name}'s text is about {act_kind}; taken as modifying this action.",
               R.VALID_RESPONSES_1E)
        return True
    what = f"{acting.title}" if acting is not None else "the action"
    t.step(f"{rid}: {card.name} does not name {what} or otherwise modify this action; a useful card is not "
           "thereby a valid response, and it must wait until the action has resolved.", R.VALID_RESPONSES_1E)
    return False


def _names(text: str, title: str) -> bool:
    title = title.lower().strip("•* ")
    named = re.search(rf"(?<!\w){re.escape(title)}(?!\w)", text) is not None
    return bool(title) and (f"{{{title}}}" in text or named)
