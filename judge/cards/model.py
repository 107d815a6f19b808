"""A First Edition card as the project keeps it: one typed record per card of the pool."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

ATTRIBUTE_NAMES = {
    "personnel": ("integrity", "cunning", "strength"),
    "ship": ("range", "weapons", "shields"),
    "facility": ("range", "weapons", "shields"),
}


@dataclass(frozen=True)
class Skill:
    skill: str
    level: int

    def to_json(self) -> dict:
        return {"skill": self.skill, "level": self.level}


@dataclass(frozen=True)
class CardRecord:
    """Every field of a card, parsed from the card list (``cards/README.md`` says what each holds)."""

    id: str                                   # 1e/cards/<slug>
    title: str                                # as printed, without the list's trailing '*'
    set: str                                  # the expansion's name, as the 2.3.2 rulebook writes it
    release: str                              # the expansion's short code
    type: str                                 # Personnel, Ship, Dilemma, …
    unique: bool
    universal: bool
    affiliation: tuple[str, ...] = ()
    classification: str | None = None         # personnel: OFFICER, ENGINEER, …
    ship_class: str | None = None             # ships: "Galaxy Class"
    icons: tuple[str, ...] = ()               # Cmd, Stf, AU, DS9, …
    staffing: tuple[str, ...] = ()            # ships: Cmd, Stf, …
    attributes: dict[str, int | str] = field(default_factory=dict)
    skills: tuple[Skill, ...] = ()
    characteristics: tuple[str, ...] = ()
    mission_type: str | None = None           # planet, space, dual (missions and dilemmas)
    span: int | None = None
    points: str | None = None                 # as printed: "35", "40 [bonus]", "Variable"
    quadrant: str | None = None
    region: str | None = None
    requirements: str | None = None           # missions: the requirement expression of the text
    lore: str = ""
    text: str = ""                            # the game text exactly as the card list has it
    formats: tuple[str, ...] = ()             # Trad, Modern, Open, Warp, ban, …
    info: str = ""                            # collector number and rarity
    series: str = ""                          # TNG, DS9, … (the list's Property column)
    image: str = ""
    persona: str = ""
    commander: str = ""
    reports: str = ""
    names: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    line: int = 0                             # the row's line in the imported card list

    @property
    def slug(self) -> str:
        return self.id.rsplit("/", 1)[-1]

    @property
    def url(self) -> str:
        return "/" + self.id

    @property
    def kind(self) -> str:
        return self.type.lower()

    @cached_property
    def parsed(self) -> dict[str, Any]:
        """The game text read by the card-text reader as ``judge parse --file`` reads it: by the
        card's type (personnel with their skill list, missions with their requirements, a dilemma's
        or interrupt's sentences as what it does) and with its own title."""
        from ..cardtext import parse

        return parse(self.text or "", "1e", card_type=self.type, title=self.title).to_json()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "title": self.title, "edition": "1e", "set": self.set, "release": self.release,
            "type": self.type, "unique": self.unique, "universal": self.universal,
            "affiliation": list(self.affiliation), "classification": self.classification,
            "icons": list(self.icons), "attributes": dict(self.attributes),
            "skills": [s.to_json() for s in self.skills], "characteristics": list(self.characteristics),
            "lore": self.lore, "text": self.text,
        }
        if self.ship_class:
            out["class"] = self.ship_class
        if self.staffing:
            out["staffing"] = list(self.staffing)
        if self.kind in ("mission", "dilemma", "q dilemma", "q mission") and self.mission_type:
            out["mission_type"] = self.mission_type
        if self.kind in ("mission", "q mission"):
            out.update(span=self.span, points=self.points, quadrant=self.quadrant, region=self.region,
                       requirements=self.requirements)
        out.update(formats=list(self.formats), info=self.info, series=self.series)
        for key in ("persona", "commander", "reports"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.names:
            out["names"] = list(self.names)
        if self.requires:
            out["requires"] = list(self.requires)
        return out

    # --- the shape kept on disk ---------------------------------------------------------------
    def to_row(self) -> dict[str, Any]:
        """The record as one line of the data files: every field, in a fixed order."""
        row: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            if name == "skills":
                value = [[s.skill, s.level] for s in value]
            elif isinstance(value, tuple):
                value = list(value)
            row[name] = value
        return row

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> CardRecord:
        values = dict(row)
        values["skills"] = tuple(Skill(str(s), int(n)) for s, n in values.get("skills") or [])
        for name in ("affiliation", "icons", "staffing", "characteristics", "formats", "names", "requires"):
            values[name] = tuple(values.get(name) or ())
        return cls(**values)
