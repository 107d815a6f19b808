"""The scenario model (``shared/spec/scenario.md``): a validated, frozen description of the part of a
game that matters, and one question.

Validation happens once, here: unknown keys, wrong types, values outside a closed set and ids
that point nowhere are each a 422 naming the key and where it is (``cards[3].aboard: no card
'galaxy2'``). Attributes are optional in the model; a rule that needs one asks for it with
:meth:`Scenario.need`, which names the missing key in the same way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from ..errors import Unprocessable

EDITIONS = ("1e", "2e")
# More cards than a whole game ever has in play (two 60-card decks, two dilemma piles and
# missions come to a few hundred): beyond this it is not a scenario.
MAX_CARDS = 1000
MAX_MISSIONS = 60
MAX_PLAYERS = 8
MAX_LIST = 1000
MAX_STRING = 2000

PHASES = {"2e": ("play", "orders", "discard"), "1e": ("play", "orders", "draw")}
MISSION_TYPES = ("planet", "space", "headquarters", "dual")
QUADRANTS = ("alpha", "gamma", "delta", "mirror")
ZONES = ("play", "hand", "deck", "discard", "dilemma_pile", "brig", "removed")
DILEMMA_TYPES = ("planet", "space", "dual")

# Icon spellings people use for the two staffing icons (the spec writes command/staff; cards
# print [Cmd]/[Stf]).
ICON_ALIASES = {"cmd": "command", "[cmd]": "command", "command": "command",
                "stf": "staff", "[stf]": "staff", "staff": "staff"}


class ScenarioError(Unprocessable):
    """A scenario that cannot be answered as written; ``where`` is the key path."""

    def __init__(self, where: str, message: str, **details: object) -> None:
        super().__init__(f"{where}: {message}" if where else message, where=where, **details)


def norm(text: str | None) -> str:
    """Lower-case, spaces for runs of '-', '_' and blanks: 'Non-Aligned' == 'non aligned'."""
    return re.sub(r"[\s_\-]+", " ", (text or "").strip().lower())


def norm_icon(icon: str) -> str:
    key = icon.strip().lower()
    return ICON_ALIASES.get(key, key.strip("[]"))


# --- field tables ---------------------------------------------------------------------------
# (type, choices) per key; types: str, int, bool, strs (list of str), skills (map of str -> int),
# affiliations (str or list of str), any (question parameters are checked by the question).

_MISSION_FIELDS: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "id": ("str", None), "title": ("str", None), "type": ("str", MISSION_TYPES), "owner": ("str", None),
    "span": ("int", None), "quadrant": ("str", QUADRANTS), "region": ("str", None),
    "affiliations": ("affiliations", None), "points": ("int", None), "requirements": ("str", None),
    "completed": ("bool", None), "overcome": ("int", None), "shared": ("bool", None),
    "universal": ("bool", None), "location": ("str", None), "text": ("str", None),
}

_CARD_FIELDS: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "id": ("str", None), "card": ("str", None), "title": ("str", None), "subtitle": ("str", None),
    "type": ("str", None), "owner": ("str", None), "controller": ("str", None), "zone": ("str", ZONES),
    "held_by": ("str", None), "unique": ("bool", None), "affiliation": ("affiliations", None),
    "at": ("str", None), "aboard": ("str", None), "on": ("str", None), "docked": ("str", None),
    "stopped": ("bool", None), "range": ("int", None), "weapons": ("int", None), "shields": ("int", None),
    "range_used": ("int", None), "staffing": ("strs", None), "icons": ("strs", None),
    "skills": ("skills", None), "keywords": ("strs", None), "classification": ("str", None),
    "integrity": ("int", None), "cunning": ("int", None), "strength": ("int", None), "cost": ("int", None),
    "mission_type": ("str", DILEMMA_TYPES), "text": ("str", None), "just": ("bool", None),
    "suspends_play": ("bool", None), "universal": ("bool", None), "species": ("str", None),
}

_TOP_FIELDS = {"edition", "players", "turn", "phase", "counters_spent", "normal_card_play_used",
               "spaceline", "missions", "cards", "question"}


@dataclass(frozen=True)
class Mission:
    id: str
    where: str                 # 'missions[2]': where it is in the document, for messages
    title: str = ""
    type: str | None = None
    owner: str | None = None
    span: int | None = None
    quadrant: str = "alpha"
    region: str | None = None
    affiliations: tuple[str, ...] = ()
    points: int | None = None
    requirements: str | None = None
    completed: bool = False
    overcome: int = 0
    shared: bool = False
    universal: bool = False
    location: str | None = None
    text: str | None = None


@dataclass(frozen=True)
class Card:
    id: str
    where: str
    title: str = ""
    subtitle: str | None = None
    type: str | None = None
    owner: str | None = None
    controller: str | None = None
    zone: str | None = None    # None: not said, which means in play (the spec's default)
    held_by: str | None = None
    unique: bool | None = None
    affiliation: tuple[str, ...] = ()
    at: str | None = None
    aboard: str | None = None
    on: str | None = None
    docked: str | None = None
    stopped: bool = False
    range: int | None = None
    weapons: int | None = None
    shields: int | None = None
    range_used: int = 0
    staffing: tuple[str, ...] | None = None
    icons: tuple[str, ...] = ()
    skills: Mapping[str, int] = field(default_factory=dict)
    keywords: tuple[str, ...] = ()
    classification: str | None = None
    integrity: int | None = None
    cunning: int | None = None
    strength: int | None = None
    cost: int | None = None
    mission_type: str | None = None
    text: str | None = None
    just: bool = False
    suspends_play: bool = False
    universal: bool = False
    species: str | None = None
    card: str | None = None    # a card of the bundled pool this one takes its printed fields from

    @property
    def commander(self) -> str | None:
        """The player who commands (1E: controls) the card: its controller, else its owner."""
        return self.controller or self.owner

    @property
    def in_play(self) -> bool:
        return self.zone in (None, "play")

    @property
    def kind(self) -> str:
        return norm(self.type)

    @property
    def name(self) -> str:
        return self.title or self.id

    def has_type(self, *kinds: str) -> bool:
        return self.kind in kinds


@dataclass(frozen=True)
class Scenario:
    edition: str
    players: tuple[str, ...]
    turn: str | None
    phase: str | None
    counters_spent: int
    normal_card_play_used: bool
    spaceline: Mapping[str, tuple[str, ...]]
    missions: Mapping[str, Mission]
    cards: Mapping[str, Card]
    question: Mapping[str, Any]

    # --- lookups used by the rules ---------------------------------------------------------
    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def mission(self, mission_id: str) -> Mission:
        return self.missions[mission_id]

    def need(self, thing: Card | Mission, attr: str, why: str) -> Any:
        """The value of an attribute the answer depends on, or a 422 naming it."""
        value = getattr(thing, attr)
        if value is None or value == "" and attr in ("affiliation", "type"):
            raise ScenarioError(f"{thing.where}.{attr}", f"missing: {why}", missing=f"{thing.where}.{attr}")
        return value

    def need_player(self, attr: str, why: str) -> str:
        value = getattr(self, attr)
        if not value:
            raise ScenarioError(attr, f"missing: {why}", missing=attr)
        return value

    def location_of(self, card: Card) -> str | None:
        """The mission where a card is: its own ``at``, else that of the ship or card it is aboard,
        docked at or placed on."""
        seen = set()
        while card is not None and card.id not in seen:
            seen.add(card.id)
            if card.at:
                return card.at
            nxt = card.aboard or card.docked or card.on
            card = self.cards.get(nxt) if nxt else None
        return None

    def same_mission(self, a: str | None, b: str | None) -> bool:
        """Two mission ids name the same mission: the same card, or copies of the same mission
        (2E glossary 'missions': cards at copies are all at the same mission)."""
        if a is None or b is None:
            return False
        if a == b:
            return True
        ma, mb = self.missions.get(a), self.missions.get(b)
        return bool(ma and mb and ma.title and norm(ma.title) == norm(mb.title))

    def in_play(self) -> list[Card]:
        return [c for c in self.cards.values() if c.in_play]

    def seat_order(self, first: str) -> list[str]:
        """The players starting with ``first``, then clockwise (to the left, the listed order)."""
        i = self.players.index(first)
        return list(self.players[i:]) + list(self.players[:i])


# --- validation -----------------------------------------------------------------------------

def _check(value: object, kind: str, where: str, choices: tuple[str, ...] | None = None) -> Any:
    if kind == "str":
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise ScenarioError(where, f"expected text, got {_describe(value)}")
        text = str(value)
        if len(text) > MAX_STRING:
            raise ScenarioError(where, f"longer than {MAX_STRING} characters")
        if choices is not None:
            low = norm(text).replace(" ", "_")
            if low not in choices:
                raise ScenarioError(where, f"'{text}' is not one of {', '.join(choices)}",
                                    allowed=list(choices))
            return low
        return text
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise ScenarioError(where, f"expected a whole number, got {_describe(value)}")
        if abs(value) > 10**6:
            raise ScenarioError(where, "the number is out of range")
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise ScenarioError(where, f"expected true or false, got {_describe(value)}")
        return value
    if kind == "strs":
        if not isinstance(value, list):
            raise ScenarioError(where, f"expected a list, got {_describe(value)}")
        if len(value) > MAX_LIST:
            raise ScenarioError(where, f"more than {MAX_LIST} items")
        return tuple(_check(v, "str", f"{where}[{i}]") for i, v in enumerate(value))
    if kind == "affiliations":
        if isinstance(value, str):
            value = [value]
        return tuple(norm(v) for v in _check(value, "strs", where))
    if kind == "skills":
        if isinstance(value, list):   # a plain list: one level each
            value = {str(v): 1 for v in _check(value, "strs", where)}
        if not isinstance(value, dict):
            raise ScenarioError(where, f"expected a mapping of skill to level, got {_describe(value)}")
        out: dict[str, int] = {}
        for k, v in value.items():
            name = _check(k, "str", where)
            out[name] = out.get(name, 0) + _check(v, "int", f"{where}.{name}")
        return out
    raise AssertionError(kind)


def _describe(value: object) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "…"
        return f"the text '{shown}'"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _record(raw: object, where: str, table: dict, *, drop: tuple[str, ...] = ()) -> dict:
    if not isinstance(raw, dict):
        raise ScenarioError(where, f"expected a mapping of keys to values, got {_describe(raw)}")
    out = {}
    for key, value in raw.items():
        if not isinstance(key, str) or key not in table:
            known = ", ".join(sorted(table))
            raise ScenarioError(f"{where}.{key}", f"unknown key (known keys: {known})", known=sorted(table))
        if value is None or key in drop:
            continue
        kind, choices = table[key]
        out[key] = _check(value, kind, f"{where}.{key}", choices)
    if "id" not in out:
        raise ScenarioError(f"{where}.id", "missing: every card and mission needs an id")
    return out


def build(doc: object, pool=None) -> Scenario:
    """Validate a decoded document (the scenario itself, or ``{scenario: …, expect: …}`` as the
    example files are written) and return the :class:`Scenario`. ``pool`` looks up ``card:``
    references (a callable taking the reference, returning a mapping of printed fields or None)."""
    if isinstance(doc, dict) and "scenario" in doc:
        extra = sorted(set(doc) - {"scenario", "expect"})
        if extra:
            raise ScenarioError(extra[0], "unknown key beside 'scenario' (only 'expect' may stand there)")
        doc = doc["scenario"]
    if not isinstance(doc, dict):
        raise ScenarioError("", "A scenario is a mapping with 'edition' and 'question'; got "
                                f"{_describe(doc)}.")
    for key in doc:
        if key not in _TOP_FIELDS:
            raise ScenarioError(str(key), f"unknown key (known keys: {', '.join(sorted(_TOP_FIELDS))})",
                                known=sorted(_TOP_FIELDS))
    if "edition" not in doc:
        raise ScenarioError("edition", "missing: say which rules apply, 1e or 2e")
    edition = _check(doc["edition"], "str", "edition").lower()
    if edition not in EDITIONS:
        raise ScenarioError("edition", f"'{edition}' is not one of 1e, 2e", allowed=list(EDITIONS))

    players = _check(doc.get("players") or [], "strs", "players")
    if len(players) > MAX_PLAYERS:
        raise ScenarioError("players", f"more than {MAX_PLAYERS} players")
    if len(set(players)) != len(players):
        raise ScenarioError("players", "a player is listed twice")

    def player(value: object, where: str) -> str:
        name = _check(value, "str", where)
        if players and name not in players:
            raise ScenarioError(where, f"no player '{name}' (players: {', '.join(players)})")
        return name

    turn = player(doc["turn"], "turn") if doc.get("turn") is not None else None
    phase = None
    if doc.get("phase") is not None:
        phase = _check(doc["phase"], "str", "phase", PHASES[edition])
    counters = _check(doc.get("counters_spent", 0), "int", "counters_spent")
    if counters < 0:
        raise ScenarioError("counters_spent", "cannot be negative")
    card_play_used = _check(doc.get("normal_card_play_used", False), "bool", "normal_card_play_used")

    raw_missions = doc.get("missions") or []
    if not isinstance(raw_missions, list):
        raise ScenarioError("missions", f"expected a list, got {_describe(raw_missions)}")
    if len(raw_missions) > MAX_MISSIONS:
        raise ScenarioError("missions", f"more than {MAX_MISSIONS} missions; a scenario describes one game")
    raw_cards = doc.get("cards") or []
    if not isinstance(raw_cards, list):
        raise ScenarioError("cards", f"expected a list, got {_describe(raw_cards)}")
    if len(raw_cards) > MAX_CARDS:
        raise ScenarioError("cards", f"{len(raw_cards)} cards; the limit is {MAX_CARDS} "
                            "(describe only the cards the question needs)", limit=MAX_CARDS)

    missions: dict[str, Mission] = {}
    for i, raw in enumerate(raw_missions):
        where = f"missions[{i}]"
        rec = _record(raw, where, _MISSION_FIELDS)
        if rec["id"] in missions:
            raise ScenarioError(f"{where}.id", f"'{rec['id']}' is used twice")
        if "owner" in rec:
            rec["owner"] = player(rec["owner"], f"{where}.owner")
        if rec.get("span", 0) < 0 or rec.get("overcome", 0) < 0:
            raise ScenarioError(where, "span and overcome cannot be negative")
        missions[rec["id"]] = Mission(where=where, **rec)

    cards: dict[str, Card] = {}
    for i, raw in enumerate(raw_cards):
        where = f"cards[{i}]"
        rec = _record(raw, where, _CARD_FIELDS)
        if rec["id"] in cards or rec["id"] in missions:
            raise ScenarioError(f"{where}.id", f"'{rec['id']}' is used twice")
        if "card" in rec:
            rec = _from_pool(rec, where, pool, edition)
        for key in ("owner", "controller", "held_by"):
            if key in rec:
                rec[key] = player(rec[key], f"{where}.{key}")
        for key in ("staffing", "icons"):
            if key in rec:
                rec[key] = tuple(norm_icon(v) for v in rec[key])
        if "type" in rec:
            rec["type"] = norm(rec["type"])
        cards[rec["id"]] = Card(where=where, **rec)

    for card in cards.values():
        if card.at is not None and card.at not in missions:
            raise ScenarioError(f"{card.where}.at", f"no mission '{card.at}'")
        for key in ("aboard", "on", "docked"):
            target = getattr(card, key)
            if target is not None and target not in cards and not (key == "on" and target in missions):
                raise ScenarioError(f"{card.where}.{key}", f"no card '{target}'")
            if target == card.id:
                raise ScenarioError(f"{card.where}.{key}", "a card cannot be on or aboard itself")

    spaceline: dict[str, tuple[str, ...]] = {}
    raw_line = doc.get("spaceline") or {}
    if not isinstance(raw_line, dict):
        raise ScenarioError("spaceline", "expected a mapping of quadrant to mission ids, got "
                                         f"{_describe(raw_line)}")
    for quadrant, ids in raw_line.items():
        q = _check(quadrant, "str", "spaceline", QUADRANTS)
        ids = _check(ids, "strs", f"spaceline.{q}")
        for j, mid in enumerate(ids):
            if mid not in missions:
                raise ScenarioError(f"spaceline.{q}[{j}]", f"no mission '{mid}'")
        spaceline[q] = ids

    if "question" not in doc:
        raise ScenarioError("question", "missing: say what you want to know (question.kind and its "
                                        "parameters)")
    question = doc["question"]
    if not isinstance(question, dict):
        raise ScenarioError("question", f"expected a mapping with 'kind', got {_describe(question)}")
    if "kind" not in question:
        raise ScenarioError("question.kind", "missing: which question (move, staffed, beam, …)")
    return Scenario(edition=edition, players=players, turn=turn, phase=phase, counters_spent=counters,
                    normal_card_play_used=card_play_used, spaceline=spaceline, missions=missions,
                    cards=cards, question=question)


def _from_pool(rec: dict, where: str, pool, edition: str) -> dict:
    """Fill a card's printed fields from the bundled card pool; given fields override."""
    if edition != "1e":
        raise ScenarioError(f"{where}.card", "card references are to the First Edition pool; this is 2e")
    if pool is None:
        raise ScenarioError(f"{where}.card", "the card database is not available in this install; "
                            "give the card's fields in the scenario")
    try:
        printed = pool(rec["card"])
    except ScenarioError as exc:
        raise ScenarioError(f"{where}.card", exc.message.removeprefix("card: "), **{
            k: v for k, v in exc.details.items() if k != "where"}) from None
    if printed is None:
        raise ScenarioError(f"{where}.card", f"no card '{rec['card']}' in the First Edition pool")
    names = {f.name for f in fields(Card)}
    merged = {k: v for k, v in printed.items() if k in names and v is not None}
    merged.update(rec)
    return merged


def field_names(kind: str) -> list[str]:
    return sorted(_CARD_FIELDS if kind == "card" else _MISSION_FIELDS)
