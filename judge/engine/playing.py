"""Playing a card: 2E counters, costs, uniqueness and headquarters; 1E's normal card play,
reporting for duty and uniqueness; interrupts in both."""

from __future__ import annotations

from functools import lru_cache

from ..cardtext import parse
from . import rules as R
from .context import Ask, same_title
from .scenario import Card, Mission, ScenarioError
from .ships import compatible_1e


@lru_cache(maxsize=1024)
def _kinds(text: str, edition: str) -> tuple[str, ...]:
    return tuple(a["kind"] for a in parse(text, edition).to_json()["abilities"])


def _is_unique(card: Card, edition: str) -> bool:
    if card.unique is not None:
        return card.unique
    if card.title.lstrip().startswith(("•", "*")):
        return True
    # 1E: ships, personnel and facilities are unique by default (Duplication and Personas).
    return edition == "1e" and card.has_type("personnel", "ship", "facility")


def _uniqueness(ask: Ask, card: Card, player: str, problems: list[str]) -> None:
    s, t = ask.s, ask.t
    e2 = s.edition == "2e"
    if not _is_unique(card, s.edition):
        return
    others = [c for c in s.cards.values() if c.id != card.id and same_title(c.title, card.title)]
    commanded = [c for c in others if c.in_play and c.commander == player]
    captive = [c for c in others if c.zone == "brig" and c.owner == player and c.held_by != player]
    held = [c for c in others if c.zone == "brig" and c.owner != player and (c.held_by in (None, player))]
    rule = R.UNIQUENESS_2E if e2 else R.UNIQUENESS_1E
    if commanded:
        other = commanded[0]
        sub = f" ({other.subtitle})" if other.subtitle and e2 else ""
        problems.append(f"{player} already commands {other.title}{sub}")
        t.step(f"{card.title} is unique and {player} already commands a card with that title{sub}"
               f"{' — subtitles do not matter' if e2 and other.subtitle != card.subtitle else ''}.", rule)
    elif captive and e2:
        problems.append(f"{player}'s {card.title} is a captive in an opponent's brig")
        t.step(f"{player}'s unique {card.title} is a captive in an opponent's brig; you cannot command "
               "another copy of that personnel.", R.CAPTIVES_2E, rule)
    elif held and e2:
        t.step(f"The {card.title} in {player}'s brig is an opponent's personnel, which {player} does not "
               "command; it does not stop this play.", R.CAPTIVES_2E, rule)
    else:
        t.step(f"{card.title} is unique, and {player} commands no other card with that title.", rule)


def ask_play(ask: Ask):
    card = ask.card("card")
    s = ask.s
    s.need(card, "type", "what may be played, and how, depends on the card's type")
    to = ask.q.get("to")
    if to is not None and (not isinstance(to, str) or (to not in s.cards and to not in s.missions)):
        raise ScenarioError("question.to", f"no mission or card '{to}'")
    # the card's own requirements ("To play this …", "Plays on …") and standing text in play that
    # speaks of playing cards are not applied by the engine
    ask.text_rules([card], "play", "report", "seed", kinds=("play_requirement", "continuous", "intermittent"))
    ask.text_rules([c for c in s.in_play() if c.id != card.id], "play", kinds=("continuous", "intermittent"))
    return (_play_2e if s.edition == "2e" else _play_1e)(ask, card, to)


def _verdict(card: Card, problems: list[str], where: str = ""):
    if problems:
        return "illegal", f"No. {card.name} may not be played now: {'; '.join(dict.fromkeys(problems))}.", {}
    return "legal", f"Yes. {card.name} may be played now{where}.", {}


def _from_hand(ask: Ask, card: Card, problems: list[str], rule: R.Rule) -> str:
    player = ask.s.need(card, "owner", "a card is played by the player whose hand it is in")
    if card.zone not in (None, "hand"):
        problems.append(f"{card.name} is in the {card.zone.replace('_', ' ')}, not in hand")
        ask.t.step(f"Cards are played from your hand; {card.name} is in the {card.zone.replace('_', ' ')}.",
                   rule)
    return player


def _play_2e(ask: Ask, card: Card, to: str | None):
    s, t = ask.s, ask.t
    problems: list[str] = []
    player = _from_hand(ask, card, problems, R.PLAY_SEGMENT_2E)
    turn = ask.turn()
    kind = card.kind
    if kind in ("mission", "dilemma"):
        problems.append(f"{kind}s are not played from hand")
        t.step(f"A {kind} is not part of the deck and is not played from hand.", R.PLAY_KINDS_2E)
        return _verdict(card, problems)
    if kind == "interrupt":
        t.step("An interrupt has no cost: it uses none of the seven counters.", R.INTERRUPT_2E, R.COSTS_2E)
        kinds = _kinds(card.text, "2e") if card.text else ()
        if "order" in kinds:
            if turn != player or (s.phase is not None and s.phase != "orders"):
                problems.append("an Order interrupt is played only during your own execute orders segment")
            now = f"{turn}'s turn{', the ' + s.phase + ' segment' if s.phase else ''}"
            t.step("Its text begins with Order: it may be played only during the execute orders segment of "
                   f"your own turn (it is {now}).",
                   R.ORDER_ACTIONS_2E, R.PLAY_KINDS_2E)
        elif "response" in kinds:
            t.doubt([f"{card.name} may be played only when its trigger occurs, which the scenario does not "
                     "say"])
            t.step("Its text begins with When: it may be played only when the described trigger occurs.",
                   R.PLAY_KINDS_2E, R.RESPONSES_2E)
        else:
            t.step("An interrupt may be played in any segment of your turn or during an opponent's turn.",
                   R.PLAY_KINDS_2E)
        _uniqueness(ask, card, player, problems)
        return _verdict(card, problems)
    if turn != player:
        problems.append(f"it is {turn}'s turn")
        t.step(f"Only interrupts may be played during an opponent's turn; it is {turn}'s turn.",
               R.PLAY_KINDS_2E)
    if s.phase is not None and s.phase != "play":
        problems.append(f"it is the {s.phase} segment")
        t.step("Cards other than interrupts are played in the play and draw cards segment; it is the "
               f"{s.phase} segment.", R.PLAY_SEGMENT_2E)
    cost = s.need(card, "cost", "playing a card spends counters equal to its cost")
    left = R.COUNTERS_PER_TURN - s.counters_spent
    if cost > left:
        problems.append(f"its cost is {cost} and only {left} counters are left")
    t.step(f"{s.counters_spent} of the {R.COUNTERS_PER_TURN} counters are spent, {left} left; its cost of "
           f"{cost} {'can' if cost <= left else 'cannot'} be paid.", R.COSTS_2E)
    _uniqueness(ask, card, player, problems)
    where = ""
    if kind in ("personnel", "ship", "equipment"):
        where = _headquarters(ask, card, player, to, problems)
    elif kind == "event":
        t.step("An event is played in your core or on the card its text names.", R.PLAY_KINDS_2E)
    return _verdict(card, problems, where)


def _headquarters(ask: Ask, card: Card, player: str, to: str | None, problems: list[str]) -> str:
    s, t = ask.s, ask.t
    if to is not None and to not in s.missions:
        raise ScenarioError("question.to", f"a {card.kind} is played at a mission; '{to}' is a card")
    aff = () if card.has_type("equipment") else ask.affiliations(card, "personnel and ships are played at a "
                                                                 "headquarters that allows their affiliation")
    candidates = [s.missions[to]] if to else [m for m in s.missions.values() if m.type == "headquarters"]

    def allows(m: Mission) -> bool:
        if m.type != "headquarters" or (m.owner and m.owner != player):
            return False
        return card.has_type("equipment") or bool(set(aff) & set(m.affiliations))

    good = [m for m in candidates if allows(m)]
    if good:
        m = good[0]
        t.step(f"{m.title or m.id} is {player}'s headquarters and allows "
               f"{'any equipment' if card.has_type('equipment') else ', '.join(aff) + ' cards'} to be "
               "played there.",
               R.PLAY_KINDS_2E)
        return f" at {m.title or m.id}"
    if to:
        m = s.missions[to]
        reason = ("it is not a headquarters mission" if m.type != "headquarters" else
                  f"it is {m.owner}'s" if m.owner and m.owner != player else
                  f"it does not allow {', '.join(aff)} cards")
    else:
        reason = f"{player} has no headquarters that allows it"
    problems.append(f"it cannot be played {'at ' + (s.missions[to].title or to) if to else 'anywhere'}: "
                    f"{reason}")
    t.step(f"{card.kind.title()} cards are played at a headquarters mission whose text allows them; "
           f"{reason}.",
           R.PLAY_KINDS_2E)
    return ""


def _play_1e(ask: Ask, card: Card, to: str | None):
    s, t = ask.s, ask.t
    problems: list[str] = []
    player = _from_hand(ask, card, problems, R.CARD_PLAY_1E)
    turn = ask.turn()
    kind = card.kind
    if kind in ("interrupt", "doorway"):
        t.step(f"{kind.title()}s play at any time and do not use the normal card play.", R.ANY_TIME_1E)
        return _verdict(card, problems)
    if kind in ("mission", "dilemma", "artifact", "tactic"):
        problems.append(f"a {kind} is seeded or stocked, not played from hand as a card play")
        t.step(f"A {kind} is not played from hand with the card play.", R.DECK_1E)
        return _verdict(card, problems)
    if turn != player:
        problems.append(f"it is {turn}'s turn")
        t.step(f"Your card play happens on your own turn; it is {turn}'s turn.", R.CARD_PLAY_1E)
    free = bool(card.text) and "for free" in card.text.lower()
    if s.phase == "orders":
        problems.append("orders have begun, so the card play is forfeited")
        t.step("The card play must take place before any further actions; once you begin executing orders "
               "it is forfeited for the turn.", R.CARD_PLAY_1E, *([R.FOR_FREE_1E] if free else []))
    elif s.phase == "draw":
        problems.append("it is the end of the turn")
        t.step("Cards are played at the start of the turn, before orders; it is the draw phase.",
               R.CARD_PLAY_1E)
    if free:
        t.step(f"{card.name} plays for free: it does not use the normal card play.", R.FOR_FREE_1E)
    elif s.normal_card_play_used:
        problems.append("the normal card play of this turn is used")
        t.step("You have one normal card play each turn, and it is already used.", R.CARD_PLAY_1E)
    else:
        t.step("The normal card play of this turn is still available.", R.CARD_PLAY_1E)
    _uniqueness(ask, card, player, problems)
    if kind in ("personnel", "ship", "equipment"):
        _report(ask, card, player, to, problems)
    return _verdict(card, problems)


def _report(ask: Ask, card: Card, player: str, to: str | None, problems: list[str]) -> None:
    s, t = ask.s, ask.t
    facilities = [c for c in s.in_play() if c.has_type("facility")]
    if to is None and not facilities:
        t.step(f"A {card.kind} reports for duty at a usable, compatible outpost or headquarters; where it "
               "reports is not part of the question.", R.REPORTING_1E)
        return
    if to is not None and to not in s.cards:
        raise ScenarioError("question.to", f"a {card.kind} reports for duty to a facility; '{to}' is a "
                                           "mission")
    candidates = [s.cards[to]] if to else facilities
    aff = () if card.has_type("equipment") else ask.affiliations(card, "reporting for duty needs the card's "
                                                                 "affiliation (compatibility)")

    def fits(f: Card) -> bool:
        if not f.has_type("facility") or f.commander != player:
            return False
        return card.has_type("equipment") or compatible_1e(aff, f.affiliation)

    good = [f for f in candidates if fits(f)]
    if good:
        t.step(f"{card.name} may report for duty at {good[0].name}, a usable and compatible facility.",
               R.REPORTING_1E, R.COMPATIBLE_1E)
    else:
        problems.append("there is no usable, compatible facility for it to report to")
        t.step(f"{card.name} must report for duty at a usable (yours) and compatible outpost or "
               f"headquarters; {'that one is not' if to else 'there is none'}.",
               R.REPORTING_1E, R.COMPATIBLE_1E)
