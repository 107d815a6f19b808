"""``card: 1e/cards/hagath`` (or an exact title) in a First Edition scenario: the printed fields of a
card of the bundled pool, in the scenario's own names. Fields given in the scenario override them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards.loader import Catalogue, bundled
from .scenario import ScenarioError, norm

# The card list's icons as the scenario names them (spec/scenario.md: command, staff, …).
ICONS = {"cmd": "command", "stf": "staff"}


def printed(card) -> dict[str, Any]:
    """The scenario fields a card of the pool prints."""
    out: dict[str, Any] = {
        "title": card.title, "type": norm(card.type), "unique": card.unique, "universal": card.universal,
        "affiliation": tuple(norm(a) for a in card.affiliation),
        "icons": tuple(ICONS.get(i.lower(), i.lower()) for i in card.icons),
        "classification": card.classification, "text": card.text or None,
        "keywords": tuple(card.characteristics),
    }
    if card.staffing:
        out["staffing"] = tuple(ICONS.get(i.lower(), i.lower()) for i in card.staffing)
    for name, value in card.attributes.items():
        if isinstance(value, int):
            out[name] = value
    if card.skills:
        skills: dict[str, int] = {}
        for s in card.skills:
            skills[s.skill] = skills.get(s.skill, 0) + s.level
        out["skills"] = skills
    if card.kind in ("dilemma", "q dilemma") and card.mission_type:
        out["mission_type"] = card.mission_type
    return {k: v for k, v in out.items() if v is not None}


def card_pool(catalogue: Catalogue | None = None) -> Callable[[str], dict | None]:
    """The lookup ``judge.engine.load`` takes: a reference -> printed fields (None: no such card);
    a title printed on several cards is an error naming them."""
    pool = catalogue if catalogue is not None else bundled()

    def lookup(ref: str) -> dict | None:
        found = pool.lookup(ref)
        if not found:
            return None
        if len(found) > 1:
            raise ScenarioError("card", f"'{ref}' is the title of {len(found)} cards; name one: "
                                + ", ".join(c.id for c in found), candidates=[c.id for c in found])
        return printed(found[0])

    return lookup
