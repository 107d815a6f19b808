"""The structures card text is parsed into (the JSON of ``shared/spec/effects.md``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

KINDS = (
    "response", "intermittent", "order", "damage", "continuous", "activated", "play_requirement",
    "play_effect", "keyword_rule",
)

# Treat every structure below as immutable: nothing changes one once made, and a changed copy is made
# with dataclasses.replace(). They are not declared frozen only for speed: a frozen dataclass sets
# each field through object.__setattr__, and a pool pass makes some 44,000 of them (5-10% of the
# whole reading, measured with benchmarks/parse_bench.py). unsafe_hash keeps the hash a frozen one
# had, and slots keep them small (as judge.cardtext.items.Item is).


@dataclass(slots=True, unsafe_hash=True)
class Target:
    """A card or group an effect acts on: "each of your [Fed] Treachery personnel present"."""

    owner: str | None = None
    type: str | None = None
    filters: tuple[tuple[str, Any], ...] = ()
    where: str | None = None
    count: Any = None
    card: str | None = None
    text: str = ""
    places: tuple[tuple[str, Target], ...] = ()   # "ships in space", "personnel without 3 Navigation"
    # a relative clause is a filter on the phrase: "a personnel who has Leadership or Security"
    # -> (have Leadership, or Security)
    relative: tuple[Effect, ...] = ()
    # another card or group joined in brackets: "up to 10 tribbles (and/or your Tribble Bomb present)"
    also: tuple[tuple[str, Target], ...] = ()
    # the number a count word bounds or picks from: "up to four personnel" (count "up_to"), "at
    # least two missions", "any three cards"
    number: Any = None

    @property
    def only_a_place(self) -> bool:
        """ "on table", "here": a phrase that says where and names nothing ("Place on table.")."""
        return self.where is not None and self.type is None and self.card is None and not self.filters

    def to_json(self) -> dict:
        out: dict[str, Any] = {}
        if self.owner:
            out["owner"] = self.owner
        if self.type:
            out["type"] = self.type
        if self.filters:
            out["filters"] = [{k: val} for k, val in self.filters]
        if self.where:
            out["where"] = self.where
        if self.count is not None:
            out["count"] = self.count
        if self.number is not None:
            out["number"] = self.number
        if self.card:
            out["card"] = self.card
        if self.places:
            out["places"] = [{"prep": p, **t.to_json()} for p, t in self.places]
        if self.relative:
            out["relative"] = [e.to_json() for e in self.relative]
        if self.also:
            out["also"] = [{"conj": c, **t.to_json()} for c, t in self.also]
        out["text"] = self.text
        return out


@dataclass(slots=True, unsafe_hash=True)
class Effect:
    """One action: a verb of the vocabulary and the fields that verb needs."""

    verb: str
    object: Target | None = None
    card: str | None = None
    cards: tuple[str, ...] = ()
    count: Any = None
    attribute: str | None = None
    amount: int | None = None
    cumulative: bool = False
    skill: str | None = None
    skills: tuple[str, ...] = ()
    levels: int | None = None
    subject: Target | None = None
    places: tuple[tuple[str, Target], ...] = ()
    optional: bool = False
    negated: bool = False
    alternative: bool = False
    raw: str = ""
    objects: tuple[Target, ...] = ()   # the verb's further objects, after ``object``
    manner: tuple[str, ...] = ()       # how: "randomly", "immediately", "face up"
    modal: str = ""                    # "may", "must", "cannot", "may not" as printed (lower case)
    value: str | None = None           # what "X = …" sets a variable to, when not a number
    set_to: int | None = None          # what a modify sets the attribute to: "WEAPONS=6", "attributes all 3"
    multiply: int | None = None        # the factor a modify multiplies by: "STRENGTH x2"
    need: Any = None                   # what a "require"/"have" asks for, when several: "Geology OR …"

    def to_json(self) -> dict:
        out: dict[str, Any] = {"verb": self.verb}
        if self.count is not None:
            out["count"] = self.count
        if self.object is not None:
            out["object"] = self.object.to_json()
        if self.objects:
            out["objects"] = [o.to_json() for o in self.objects]
        if self.manner:
            out["manner"] = list(self.manner)
        if self.modal:
            out["modal"] = self.modal
        if self.value is not None:
            out["value"] = self.value
        if self.card:
            out["card"] = self.card
        if len(self.cards) > 1:
            out["cards"] = list(self.cards)
        if self.attribute:
            out["attribute"] = self.attribute
        if self.amount is not None:
            out["amount"] = self.amount
        if self.set_to is not None:
            out["set"] = self.set_to
        if self.multiply is not None:
            out["multiply"] = self.multiply
        if self.cumulative:
            out["cumulative"] = True
        if self.skill:
            out["skill"] = self.skill
        if len(self.skills) > 1:
            out["skills"] = list(self.skills)
        if self.levels is not None:
            out["levels"] = self.levels
        if self.subject is not None:
            out["target"] = self.subject.to_json()
        for prep, target in self.places:
            key = prep.replace(" ", "_").rstrip(".")
            if key in out:  # a preposition used twice: "a number of cards … of your deck"
                out.setdefault("more_places", []).append({"prep": prep, **target.to_json()})
            else:
                out[key] = target.to_json()
        if self.optional:
            out["optional"] = True
        if self.negated:
            out["negated"] = True
        if self.alternative:
            out["alternative"] = True
        if self.need is not None:
            out["need"] = self.need.to_json()
        out["raw"] = self.raw
        return out


@dataclass(slots=True, unsafe_hash=True)
class Trigger:
    event: str | None
    subject: Target | None
    object: Target | None
    raw: str
    effects: tuple[Effect, ...] = ()   # the trigger's clause read in full (its first is the event)
    conditions: tuple[Condition, ...] = ()   # "when solving a mission where present"
    word: str = ""   # the word that opens it: "when", "whenever", "each time"; "" for a moment ("Start of …")

    def to_json(self) -> dict:
        out = {
            "event": self.event,
            "subject": self.subject.to_json() if self.subject else None,
            "object": self.object.to_json() if self.object else None,
            "raw": self.raw,
        }
        if self.word:
            out["word"] = self.word
        if self.effects:
            out["effects"] = [e.to_json() for e in self.effects]
        if self.conditions:
            out["conditions"] = [c.to_json() for c in self.conditions]
        return out


@dataclass(slots=True, unsafe_hash=True)
class Condition:
    """An "if", "unless", "while" or timing clause: its word and what it asks for."""

    word: str
    raw: str
    requires: tuple[Target, ...] = ()
    comparisons: tuple[dict, ...] = ()
    verbs: tuple[str, ...] = ()
    instead: str | None = None   # what the effect gives instead when this holds: "(+4 if {Paul Manheim})"
    effects: tuple[Effect, ...] = ()                 # a clause with a verb, read as any clause
    places: tuple[tuple[str, Target], ...] = ()      # "unless aboard ship": ("aboard", ship)
    manner: tuple[str, ...] = ()                     # "if still present", "here"
    negated: bool = False                            # "if mission not done yet"
    conditions: tuple[Condition, ...] = ()           # its own: "if … before countdown expires"
    need: Any = None   # "unless A OR B + C present": the requirement expression (judge.cardtext.requirements)
    applies_to: tuple[int, ...] = ()   # the effects it holds for, by index, when not all: "X, but Y unless Z"

    def to_json(self) -> dict:
        out: dict[str, Any] = {"word": self.word, "raw": self.raw}
        if self.effects:
            out["effects"] = [e.to_json() for e in self.effects]
        if self.places:
            out["places"] = [{"prep": p, **t.to_json()} for p, t in self.places]
        if self.manner:
            out["manner"] = list(self.manner)
        if self.negated:
            out["negated"] = True
        if self.conditions:
            out["conditions"] = [c.to_json() for c in self.conditions]
        if self.instead is not None:
            out["instead"] = self.instead
        if self.requires:
            out["requires"] = [t.to_json() for t in self.requires]
        if self.need is not None:
            out["need"] = self.need.to_json()
        if self.applies_to:
            out["applies_to"] = list(self.applies_to)
        if self.comparisons:
            out["comparisons"] = list(self.comparisons)
        if self.verbs:
            out["verbs"] = list(self.verbs)
        return out


@dataclass(slots=True)
class SideRequirements:
    """A dual mission's requirements on its opponent's side ("Opponent's side: [kli] SECURITY x2 +
    Geology"), with the affiliation icons that open them (who attempts it from that side)."""

    icons: tuple[str, ...]
    requirements: Any   # judge.cardtext.requirements: the same structure as the mission's own

    def to_json(self) -> dict:
        out: dict[str, Any] = {"icons": list(self.icons)} if self.icons else {}
        out.update(self.requirements.to_json())
        return out


@dataclass(slots=True, unsafe_hash=True)
class Ability:
    kind: str
    raw: str
    start: int
    end: int
    trigger: Trigger | None = None
    conditions: tuple[Condition, ...] = ()
    costs: tuple[Effect, ...] = ()
    effects: tuple[Effect, ...] = ()
    optional: bool = False
    limit: str | None = None
    label: str | None = None
    keywords: tuple[str, ...] = ()
    # requirements the sentence gives after a colon: "You may attempt it using these requirements:
    # Greed + …" (judge.cardtext.requirements)
    requirements: Any = None
    # the sentence opens with "OR": another use of the card, instead of those before it ("… Discard
    # event. OR Downloads two [Univ] Bajoran … personnel.")
    alternative: bool = False

    def to_json(self) -> dict:
        out: dict[str, Any] = {
            "kind": self.kind,
            "raw": self.raw,
            "trigger": self.trigger.to_json() if self.trigger else None,
            "condition": (self.conditions[0].to_json() if len(self.conditions) == 1
                          else [c.to_json() for c in self.conditions] if self.conditions else None),
            "costs": [c.to_json() for c in self.costs],
            "effects": [e.to_json() for e in self.effects],
            "optional": self.optional,
            "limit": self.limit,
        }
        if self.label:
            out["label"] = self.label
        if self.keywords:
            out["keywords"] = list(self.keywords)
        if self.requirements is not None:
            out["requirements"] = self.requirements.to_json()
        if self.alternative:
            out["alternative"] = True
        return out


@dataclass(slots=True, unsafe_hash=True)
class Span:
    """A stretch of the text the grammar did not turn into structure, and why."""

    start: int
    end: int
    text: str
    reason: str = ""

    def to_json(self) -> dict:
        return {"start": self.start, "end": self.end, "text": self.text, "reason": self.reason}


@dataclass(slots=True, unsafe_hash=True)
class SkillEntry:
    skill: str
    levels: int = 1
    classification: bool = False
    alternative: bool = False
    persona: str | None = None   # a dual personnel's half: "Beverly" of "Beverly: MEDICAL x 2 …"

    def to_json(self) -> dict:
        out: dict[str, Any] = {"skill": self.skill, "levels": self.levels}
        if self.classification:
            out["classification"] = True
        if self.alternative:
            out["alternative"] = True
        if self.persona:
            out["persona"] = self.persona
        return out


@dataclass(slots=True, unsafe_hash=True)
class ParseResult:
    text: str
    edition: str
    abilities: tuple[Ability, ...] = ()
    unparsed: tuple[Span, ...] = ()
    keywords: tuple[str, ...] = ()
    skills: tuple[SkillEntry, ...] = ()
    downloads: tuple[str, ...] = ()
    # when a download may be made: "DL/ {Divert Power} (unless {any Tucker} present)"
    download_conditions: tuple[tuple[str, Condition], ...] = ()
    # how it is made, read as a sentence: "DL/ {Kazon Bomb} (as an interrupt, where Tierna present)"
    download_notes: tuple[tuple[str, Ability], ...] = ()
    # when or how a skill of the list may be used, read as a sentence: "Honor (if {The Emissary} in play)."
    skill_notes: tuple[tuple[str, Ability], ...] = ()
    errors: tuple[str, ...] = field(default=())
    requirements: Any = None   # a mission's requirements (judge.cardtext.requirements), if any
    opponent_side_requirements: SideRequirements | None = None   # a dual mission's, on its opponent's side

    @property
    def fully_parsed(self) -> bool:
        return not self.unparsed

    def to_json(self) -> dict:
        out: dict[str, Any] = {
            "text": self.text,
            "edition": self.edition,
            "keywords": list(self.keywords),
        }
        if self.skills or self.downloads:
            out["skills"] = [s.to_json() for s in self.skills]
            out["downloads"] = list(self.downloads)
        if self.download_conditions:
            out["download_conditions"] = [{"download": d, **c.to_json()} for d, c in self.download_conditions]
        if self.download_notes:
            out["download_notes"] = [{"download": d, **a.to_json()} for d, a in self.download_notes]
        if self.skill_notes:
            out["skill_notes"] = [{"skill": k, **a.to_json()} for k, a in self.skill_notes]
        if self.requirements is not None:
            out["requirements"] = self.requirements.to_json()
        if self.opponent_side_requirements is not None:
            out["opponent_side_requirements"] = self.opponent_side_requirements.to_json()
        out["abilities"] = [a.to_json() for a in self.abilities]
        out["unparsed"] = [s.to_json() for s in self.unparsed]
        if self.errors:
            out["errors"] = list(self.errors)
        return out
