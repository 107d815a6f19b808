"""What every question shares: its checked parameters, the trace, and the modifiers in force."""

from __future__ import annotations

from typing import Any

from .answer import Trace
from .effects import Effects, Value
from .rules import Rule
from .scenario import Card, Mission, Scenario, ScenarioError, norm

# Parameter kinds: card, cards, mission, target (card or mission), player, int, bool, any.
Params = dict[str, tuple[str, bool]]


class Ask:
    """One question being answered: ``q`` holds its parameters, checked against ``params``."""

    def __init__(self, scenario: Scenario, params: Params, situation: frozenset[str] = frozenset()) -> None:
        self.s = scenario
        q = dict(scenario.question)
        self.kind = str(q.pop("kind"))
        for key in q:
            if key not in params:
                raise ScenarioError(f"question.{key}", f"unknown parameter for '{self.kind}' "
                                    f"(it takes {', '.join(params) or 'none'})", known=list(params))
        for key, (_, required) in params.items():
            if required and q.get(key) is None:
                raise ScenarioError(f"question.{key}", f"missing: the '{self.kind}' question needs it")
        self.q = q
        self.params = params
        self.t = Trace(self.kind, scenario.edition)
        self.fx = Effects(scenario, situation)

    # --- parameters ---------------------------------------------------------------------------
    def card(self, key: str, *types: str, value: Any = None, where: str | None = None) -> Card:
        value = self.q.get(key) if value is None else value
        where = where or f"question.{key}"
        if not isinstance(value, str | int) or isinstance(value, bool):
            raise ScenarioError(where, "expected a card id")
        card = self.s.cards.get(str(value))
        if card is None:
            raise ScenarioError(where, f"no card '{value}'")
        if types:
            kind = self.s.need(card, "type", f"the '{self.kind}' question needs a {' or '.join(types)}")
            if kind not in types:
                raise ScenarioError(where, f"'{value}' is a {kind}, not a {' or '.join(types)}")
        return card

    def cards(self, key: str, *types: str) -> list[Card]:
        value = self.q.get(key)
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise ScenarioError(f"question.{key}", "expected a list of card ids")
        if len(value) > 1000:
            raise ScenarioError(f"question.{key}", "too many cards")
        out = [self.card(key, *types, value=v, where=f"question.{key}[{i}]") for i, v in enumerate(value)]
        if len({c.id for c in out}) != len(out):
            raise ScenarioError(f"question.{key}", "a card is listed twice")
        return out

    def mission(self, key: str, value: Any = None) -> Mission:
        value = self.q.get(key) if value is None else value
        if not isinstance(value, str):
            raise ScenarioError(f"question.{key}", "expected a mission id")
        mission = self.s.missions.get(value)
        if mission is None:
            raise ScenarioError(f"question.{key}", f"no mission '{value}'")
        return mission

    def integer(self, key: str, default: int = 0) -> int:
        value = self.q.get(key, default)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise ScenarioError(f"question.{key}", "expected a whole number")
        return value

    def player(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise ScenarioError(where, "expected a player's name")
        if self.s.players and value not in self.s.players:
            raise ScenarioError(where, f"no player '{value}' (players: {', '.join(self.s.players)})")
        return value

    def turn(self) -> str:
        return self.s.need_player("turn", f"the '{self.kind}' question depends on whose turn it is")

    # --- numbers with card text applied -------------------------------------------------------
    def attr(self, card: Card, attr: str, why: str) -> Value:
        base = self.s.need(card, attr, why)
        value = self.fx.attribute(card, attr, base)
        self.t.doubt(value.doubts)
        return value

    def text_rules(self, cards: list[Card], *words: str, kinds: tuple[str, ...] | None = None,
                   acting: list[Card] | None = None) -> None:
        """Doubts from these cards' own text about the action (see Effects.rule_doubts), and, for
        the ``acting`` cards, from standing text elsewhere whose target may take them in
        (Effects.reach_doubts)."""
        self.t.doubt(self.fx.rule_doubts([c for c in cards if c is not None], words, kinds))
        if acting:
            self.t.doubt(self.fx.reach_doubts(acting, words))

    def skills(self, card: Card) -> dict[str, int]:
        levels, value = self.fx.skills(card)
        self.t.doubt(value.doubts)
        return levels

    def note_changes(self, value: Value, what: str, *rules: Rule) -> None:
        if value.changes:
            self.t.step(f"{what}: {'; '.join(value.changes)}.", *rules, *value.rules)

    # --- helpers ------------------------------------------------------------------------------
    def affiliations(self, card: Card, why: str) -> tuple[str, ...]:
        aff = card.affiliation
        if not aff:
            self.s.need(card, "affiliation", why)
        return aff


def names(cards: list[Card]) -> str:
    items = [c.name for c in cards]
    if not items:
        return "nobody"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def same_title(a: str | None, b: str | None) -> bool:
    return norm(a) == norm(b)
