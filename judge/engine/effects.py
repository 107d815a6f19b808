"""Card text that changes numbers: the standing modifiers of cards in play, read by the card-text
reader (``judge.cardtext``) and applied to attributes and skills.

What is modelled: continuous modifiers ("Each of your Treachery personnel is Cunning +2."),
intermittent ones whose condition the question settles ("While in combat, …"), damage text on the
ship it is placed on ("Damage - This ship is Range -2."), skill gains ("… gains Physics"), the
"for each" multiplier, the First Edition cumulative rule, the S.A.M. order and the floor at zero.

What is not modelled is never guessed: a text the reader left partly unparsed, a filter or a
condition this module cannot evaluate, or an effect of an unknown shape that could reach the card
in question becomes a *doubt*, and a rule that meets a doubt answers ``unknown``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..cardtext import parse
from .rules import CUMULATIVE_1E, DAMAGE_2E, MODIFIERS_2E, SAM_1E, Rule
from .scenario import Card, Scenario, norm

ATTRIBUTES = ("integrity", "cunning", "strength", "range", "weapons", "shields")
# Affiliation icons as card text writes them ([Fed], [Kli], …) and the affiliation they stand for.
AFFILIATION_ICONS = {
    "fed": "federation", "kli": "klingon", "rom": "romulan", "car": "cardassian", "baj": "bajoran",
    "fer": "ferengi", "dom": "dominion", "bor": "borg", "na": "non aligned", "non": "non aligned",
    "sta": "starfleet", "kaz": "kazon", "hir": "hirogen", "vid": "vidiian", "vul": "vulcan",
    "neu": "neutral", "maq": "maquis",
}
PERSONNEL_ICONS = {"cmd": "command", "stf": "staff"}
# The words that name a people, as a species or an affiliation ("Your Romulan personnel").
_PEOPLES = frozenset(AFFILIATION_ICONS.values()) - {"non aligned", "starfleet", "neutral", "maquis"}
# Words in an unparsed span that make it a possible change to an attribute or skill.
_SIGNED = re.compile(r"(?<![\w])[+\-–x×]\s?\d|\bdoubl|\bhalf\b|\bset\b", re.I)
# Conditions a question settles: the words of a "While …" clause, mapped to the situation name.
SITUATION_WORDS = {"combat": "combat", "battle": "combat", "engagement": "engagement",
                   "attacking": "combat", "battling": "combat"}


@dataclass
class Value:
    """A number after modifiers, with the reasons in words and the doubts that could change it."""
    base: int
    value: int
    changes: list[str] = field(default_factory=list)
    doubts: list[str] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)


@lru_cache(maxsize=4096)
def _read(text: str, edition: str, personnel: bool = False) -> dict:
    """The card-text reader's reading; a 1E personnel's text may open with its skill list (as the
    card pool prints it)."""
    return parse(text, edition, personnel=personnel).to_json()


class Effects:
    """The modifiers in force in one scenario, for one situation (``{"combat"}`` during a combat)."""

    def __init__(self, scenario: Scenario, situation: frozenset[str] = frozenset()) -> None:
        self.s = scenario
        self.situation = situation
        self.sources: list[tuple[Card, dict]] = []
        self.unread: list[tuple[Card, str]] = []
        for card in scenario.in_play():
            if not card.text or not card.text.strip():
                continue
            if scenario.edition == "2e" and card.stopped and card.has_type("personnel", "ship"):
                continue  # 2E: the game text of a stopped personnel or ship cannot be used
            skill_list = scenario.edition == "1e" and card.has_type("personnel")
            result = _read(card.text, scenario.edition, skill_list)
            for ability in result["abilities"]:
                self.sources.append((card, ability))
            for span in result["unparsed"]:
                self.unread.append((card, span["text"]))

    # --- where things are ---------------------------------------------------------------------
    def present(self, a: Card, b: Card) -> bool:
        """2E 'Present': aboard the same ship, or both on the same planet or headquarters (not
        aboard); a card placed on another is where that card is."""
        if a.id == b.id:
            return True
        a_ship, b_ship = self._aboard(a), self._aboard(b)
        if a_ship or b_ship:
            return a_ship == b_ship
        la, lb = self.s.location_of(a), self.s.location_of(b)
        return la is not None and self.s.same_mission(la, lb)

    def _aboard(self, card: Card) -> str | None:
        if card.has_type("ship"):
            return card.id
        host = card
        seen = set()
        while host is not None and host.id not in seen:
            seen.add(host.id)
            if host.aboard:
                return host.aboard
            host = self.s.cards.get(host.on) if host.on else None
        return None

    # --- targets ------------------------------------------------------------------------------
    def _matches(self, target: dict | None, source: Card, card: Card) -> bool | None:
        """Whether an effect's target takes in ``card``; None when it cannot be told."""
        if target is None:
            return None
        if target.get("also"):
            # "Your ships and facilities", "Your equipment and Borg personnel": each group joined to
            # the first, which lends it an owner or place it does not print; it takes in the card
            # if any of them does (a joint other than and/or, "namely …", is not modelled)
            main = {k: v for k, v in target.items() if k != "also"}
            parts = [main]
            for other in target["also"]:
                if other.get("conj") not in ("and", "or", "and/or"):
                    return None
                part = {k: v for k, v in other.items() if k != "conj"}
                for lent in ("owner", "where"):
                    if lent in main and lent not in part:
                        part[lent] = main[lent]
                parts.append(part)
            found = [self._matches(part, source, card) for part in parts]
            return True if True in found else None if None in found else False
        if target.get("card"):
            # "{Ooby Dooby} and {Rogue Borg Mercenaries}", "{Odo} or {Laas}": the phrase names each
            # card it takes in, the first as its card, the others as filters
            named = [target["card"], *(f["card"] for f in target.get("filters") or [] if "card" in f)]
            return any(norm(title) == norm(card.title) for title in named)
        count = target.get("count")
        kind = norm(target.get("type"))
        if count == "this":
            host = self.s.cards.get(source.on) if source.on else None
            me = host if (host is not None and kind and not source.has_type(kind)) else source
            return me.id == card.id
        if kind and kind not in ("card", "cards") and not card.has_type(kind.rstrip("s"), kind):
            return False
        owner = norm(target.get("owner"))
        if owner in ("your", "you"):
            if card.commander != source.commander:
                return False
        elif owner in ("opponent's", "an opponent's", "opponents", "opponent"):
            if card.commander == source.commander:
                return False
        elif owner:
            return None
        for flt in target.get("filters") or []:
            ok = self._filter(flt, card)
            if ok is not True:
                return ok
        where = norm(target.get("where"))
        if where in ("present", "here", "at this mission", "at same location", "at this location") and (
                self.s.location_of(source) is None and self._aboard(source) is None):
            return None  # present with a card that is nowhere in the scenario: cannot be told
        if where == "present":
            if not self.present(source, card):
                return False
        elif where in ("here", "at this mission", "at same location", "at this location"):
            if not self.s.same_mission(self.s.location_of(source), self.s.location_of(card)):
                return False
        elif where:
            return None
        extra = set(target) - {"owner", "type", "filters", "where", "count", "text", "card"}
        if extra:
            return None
        return True

    def _filter(self, flt: dict, card: Card) -> bool | None:
        (key, value), *rest = flt.items() if flt else ((None, None),)
        if rest or key is None:
            return None
        if key == "not" and isinstance(value, dict):  # "non-[Bor]": a filter it must not meet
            met = self._filter(value, card)
            return None if met is None else not met
        value = norm(str(value))
        if key == "skill":
            return any(norm(k) == value and n > 0 for k, n in self.base_skills(card).items())
        if key == "affiliation" and value in _PEOPLES:
            key = "noun"  # "Your Romulan personnel", "Klingon": a people, below
        if key in ("affiliation", "icon"):
            icon = value.strip("[]")
            if icon in PERSONNEL_ICONS:
                return PERSONNEL_ICONS[icon] in card.icons
            wanted = AFFILIATION_ICONS.get(icon, icon)
            return wanted in card.affiliation
        if key == "keyword":
            return any(norm(k) == value for k in card.keywords)
        if key == "classification":
            return norm(card.classification) == value
        if key == "pronoun" and value in ("anyone", "everyone"):
            return card.has_type("personnel")  # "anyone present": any personnel
        if key == "pronoun" and value in ("anything", "everything"):
            return True
        if key == "species":
            return norm(card.species) == value
        if key == "noun" and value in _PEOPLES:
            # "Your Romulan personnel": a species or an affiliation, as the card text does not say
            # which (the reader calls a people's name an affiliation): it holds if either matches,
            # fails only if both are known and neither does
            if norm(card.species) == value or value in card.affiliation:
                return True
            return False if card.species and card.affiliation else None
        return None

    def base_skills(self, card: Card) -> dict[str, int]:
        return dict(card.skills)

    # --- numbers ------------------------------------------------------------------------------
    def attribute(self, card: Card, attr: str, base: int) -> Value:
        """``card``'s ``attr`` after every modifier in force (S.A.M.; never below zero)."""
        val = Value(base=base, value=base)
        sets: list[tuple[int, str]] = []
        adds: list[tuple[int, str]] = []
        mults: list[tuple[float, str]] = []
        seen_copies: set[tuple] = set()
        for source, ability in self.sources:
            for effect in ability.get("effects") or []:
                if effect.get("verb") != "modify" or ability.get("kind") == "response":
                    self._unmodelled(source, ability, effect, card, attr, val)
                    continue
                attribute = effect.get("attribute")
                if attribute not in (attr, "attributes"):
                    continue
                applies = self._applies(source, ability, effect, card, val)
                if not applies:
                    continue
                label = f"{source.name}'s text '{ability.get('raw', '').strip()}'"
                times = self._times(effect, source, card, val)
                if times is None:
                    continue
                copy_key = (norm(source.title), norm(source.text), attribute, effect.get("amount"))
                if self._not_cumulative(source, ability, effect) and copy_key in seen_copies:
                    val.changes.append(f"another copy of {source.name} has no further effect on "
                                       f"{card.name} (not cumulative)")
                    val.rules.append(CUMULATIVE_1E)
                    continue
                seen_copies.add(copy_key)
                if isinstance(effect.get("amount"), int):
                    adds.append((effect["amount"] * times, label))
                elif isinstance(effect.get("set"), int):
                    sets.append((effect["set"], label))
                elif isinstance(effect.get("multiply"), int | float):
                    mults.append((effect["multiply"], label))
                else:
                    val.doubts.append(f"{label} changes {attr} in a way the engine does not model")
        value = base
        for amount, label in sets:
            value = amount
            val.changes.append(f"{label} sets {attr} to {amount}")
        for amount, label in adds:
            value += amount
            val.changes.append(f"{label}: {attr} {amount:+d}")
        for factor, label in mults:
            value = int(value * factor)
            val.changes.append(f"{label}: {attr} ×{factor}")
        if len(sets) + len(mults) and adds and self.s.edition == "1e":
            val.rules.append(SAM_1E)
        if any(a for a, _ in adds) and source_is_damage(self.sources, card):
            val.rules.append(DAMAGE_2E if self.s.edition == "2e" else CUMULATIVE_1E)
        if value < 0 and self.s.edition == "2e":
            val.changes.append(f"{attr} would be {value}; a number below zero is zero")
            value = 0
            val.rules.append(MODIFIERS_2E)
        val.value = value
        self._unread_doubts(card, (attr, "attribute"), val)
        return val

    def _unmodelled(self, source: Card, ability: dict, effect: dict, card: Card, attr: str,
                    val: Value) -> None:
        """An effect on ``attr`` that is not a standing modifier the engine applies (a doubling, a
        triggered change): if it can reach ``card``, the number is in doubt. An Order or other
        activated ability is a player's option, not yet used, so it changes nothing now."""
        if ability.get("kind") in ("order", "activated", "play_requirement"):
            return
        words = (attr, "attributes")
        parts = [(effect.get(part) or {}).get("filters") or [] for part in ("target", "object")]
        filters = [f for part in parts for f in part]
        if effect.get("attribute") not in words and not any(f.get("attribute") in words for f in filters):
            return
        target = effect.get("target") or effect.get("object")
        if target and target.get("count") == "this" and not target.get("type"):
            host = self.s.cards.get(source.on) if source.on else None
            reach = (host or source).id == card.id
        else:
            reach = self._matches(target, source, card) if target else (source.id == card.id)
        if reach is not False:
            val.doubts.append(f"{source.name}'s text '{ability.get('raw', '').strip()}' changes {attr} in a "
                              "way the engine does not model")

    def skills(self, card: Card) -> tuple[dict[str, int], Value]:
        """``card``'s skills with levels, after skill gains in force."""
        levels = dict(card.skills)
        val = Value(base=0, value=0)
        for source, ability in self.sources:
            for effect in ability.get("effects") or []:
                if effect.get("verb") not in ("gain", "lose") or not effect.get("skill"):
                    if _names_a_skill(effect) and self._applies(source, ability, effect, card, val):
                        # "Your personnel do not have Treachery.": about skills, not a gain or loss
                        val.doubts.append(f"{source.name}'s text '{ability.get('raw', '').strip()}' speaks "
                                          f"of {card.name}'s skills in a way the engine does not model")
                    continue
                if not self._applies(source, ability, effect, card, val):
                    continue
                n = effect.get("levels") or 1
                n = -n if effect["verb"] == "lose" else n
                levels[effect["skill"]] = max(0, levels.get(effect["skill"], 0) + n)
                verb = "gains" if n > 0 else "loses"
                val.changes.append(f"{card.name} {verb} {effect['skill']} from {source.name}'s text")
        self._unread_doubts(card, ("skill", "gain", "lose", *map(str.lower, levels)), val)
        return levels, val

    def _applies(self, source: Card, ability: dict, effect: dict, card: Card, val: Value) -> bool:
        kind = ability.get("kind")
        if kind not in ("continuous", "intermittent", "damage"):
            return False   # an order, response or played effect changes nothing until it is used
        if kind == "damage":
            if source.on is None:
                return False
        elif source.on is not None and self.s.cards.get(source.on) and self.s.edition == "2e" and \
                _is_damage_card(source):
            return False   # 2E: a damage card's other text is ignored once it is on a ship
        raw = ability.get('raw', '').strip()
        limits = [k for k, v in effect.items() if isinstance(v, dict) and "text" in v
                  and k not in ("target", "object", "for")] + (["more"] if effect.get("more_places") else [])
        if limits or effect.get("negated"):
            # "WEAPONS +3 vs. Defiant-class ships", "+2 against {X}", "… is not STRENGTH +5": a
            # place or negation that limits the change, which the engine does not model
            what = "limits the change with '" + "', '".join(limits) + "'" if limits else "negates the change"
            val.doubts.append(f"{source.name}'s text '{raw}' {what}, which the engine does not model")
            return False
        target = effect.get("target")
        if target is None:
            # "STRENGTH +2." on a card's own text: the card itself, or what it is placed on;
            # on equipment, each personnel of its controller present with it.
            host = self.s.cards.get(source.on) if source.on else None
            if source.has_type("equipment"):
                hit = card.has_type("personnel") and card.commander == source.commander and \
                    self.present(source, card)
            else:
                hit = (host or source).id == card.id
        else:
            hit = self._matches(target, source, card)
        if hit is None:
            val.doubts.append(f"{source.name}'s text '{ability.get('raw', '').strip()}' names cards in a way "
                              f"the engine cannot check against {card.name}")
            return False
        if not hit:
            return False
        condition = ability.get("condition")
        # one condition is an object, several a list (effects.md): each must hold
        for cond in condition if isinstance(condition, list) else [condition] if condition else []:
            effects = ability["effects"]
            if cond.get("applies_to") and not any(
                    effects[k] is effect for k in cond["applies_to"] if k < len(effects)):
                continue  # "STRENGTH +3, but loses 1 Diplomacy unless aboard your ship": the loss's condition
            ok = self._condition(cond)
            if cond.get("instead") is not None:
                # "WEAPONS +1 ([Kli] +2)", "(random selection if tied)": when it holds, the value or
                # the manner differs; the effect holds either way (the other value is not modelled: a
                # doubt; a manner, "for free", "random selection", changes no value)
                if ok is not False and any(ch.isdigit() for ch in str(cond["instead"])):
                    val.doubts.append(f"{source.name}'s text '{ability.get('raw', '').strip()}' gives "
                                      f"'{cond['instead']}' instead if '{cond.get('raw', '')}', which the "
                                      f"engine does not apply")
                continue
            if ok is None:
                val.doubts.append(f"{source.name}'s text '{ability.get('raw', '').strip()}' depends on "
                                  f"'{cond.get('raw', '')}', which the scenario does not settle")
                return False
            if not ok:
                return False
        return True

    def _condition(self, condition: dict) -> bool | None:
        words = norm(condition.get("raw", "")).split()
        if not words or words[0] not in ("while", "during", "when"):
            return None
        rest = [w for w in words[1:] if w not in ("in", "a", "an", "the", "is", "are")]
        if len(rest) == 1 and rest[0] in SITUATION_WORDS:
            return SITUATION_WORDS[rest[0]] in self.situation
        return None

    def _times(self, effect: dict, source: Card, card: Card, val: Value) -> int | None:
        per = effect.get("for")
        if not per:
            return 1
        count = 0
        for other in self.s.in_play():
            hit = self._matches(per, source, other)
            if hit is None:
                val.doubts.append(f"{source.name}'s 'for each' clause cannot be counted by the engine")
                return None
            count += bool(hit)
        return count

    def _not_cumulative(self, source: Card, ability: dict, effect: dict) -> bool:
        if self.s.edition == "2e":
            return False       # 2E: the effects of copies are cumulative (Uniqueness)
        if effect.get("cumulative"):
            return False
        return ability.get("kind") != "damage"   # 1E: damage markers are cumulative by default

    def rule_doubts(self, cards: list[Card], words: tuple[str, ...],
                    kinds: tuple[str, ...] | None = None) -> list[str]:
        """Standing text on these cards that speaks of the action in question ("may not begin mission
        attempts", "cannot be beamed"): the engine models the rules, not such text, so each is a doubt.
        Orders and other activated abilities are options not yet used; keyword lines ("Plays for
        free.") are modelled where they matter; a card's "To play …/Plays on …" speaks of playing that
        card only."""
        ids = {c.id for c in cards}
        doubts = []
        pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")", re.I)
        for source, ability in self.sources:
            kind = ability.get("kind")
            if source.id not in ids or kind in ("order", "activated", "keyword_rule") or \
                    (kinds is not None and kind not in kinds):
                continue
            effects = ability.get("effects") or []
            if effects and all(e.get("verb") in ("modify", "gain", "lose") for e in effects):
                continue   # a modifier: applied (or doubted) where the number is computed
            if pattern.search(ability.get("raw", "")):
                doubts.append(f"{source.name}'s text '{ability.get('raw', '').strip()}' may change this, "
                              "and the "
                              "engine does not apply such text")
        for source, span in self.unread:
            if source.id in ids and pattern.search(span):
                doubts.append(f"{source.name}'s text '{span.strip()}' was not understood by the card-text "
                              "reader "
                              "and may change this")
        return doubts

    def reach_doubts(self, cards: list[Card], words: tuple[str, ...]) -> list[str]:
        """Standing text elsewhere in play that speaks of the action and whose target may take in
        one of these cards ("Ships may not move this turn." on an event): a doubt, as the text on the
        cards themselves is (rule_doubts)."""
        ids = {c.id for c in cards}
        doubts = []
        pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")", re.I)
        for source, ability in self.sources:
            if source.id in ids or ability.get("kind") not in ("continuous", "intermittent"):
                continue
            if not pattern.search(ability.get("raw", "")):
                continue
            targets = [e.get("target") for e in ability.get("effects") or []
                       if e.get("verb") not in ("modify", "gain", "lose") and e.get("target")]
            if any(self._matches(t, source, c) is not False for t in targets for c in cards):
                doubts.append(f"{source.name}'s text '{ability.get('raw', '').strip()}' may change this, "
                              "and the engine does not apply such text")
        return doubts

    def _unread_doubts(self, card: Card, words: tuple[str, ...], val: Value) -> None:
        for source, span in self.unread:
            low = span.lower()
            close = source.id == card.id or source.on == card.id
            mentions = any(w in low for w in words) or (close and _SIGNED.search(span))
            if mentions or (close and any(a in low for a in ATTRIBUTES)):
                val.doubts.append(f"{source.name}'s text '{span.strip()}' was not understood by the "
                                  f"card-text reader and may change this")


def _is_damage_card(card: Card) -> bool:
    return bool(card.text) and card.text.lstrip().lower().startswith("damage")


def source_is_damage(sources: list[tuple[Card, dict]], card: Card) -> bool:
    return any(a.get("kind") == "damage" and s.on == card.id for s, a in sources)





def _names_a_skill(effect: dict) -> bool:
    """Whether an effect's object names a skill ("have Treachery", "may not use Diplomacy")."""
    parts = [effect.get("object") or {}, *(effect.get("objects") or [])]
    return any("skill" in f for part in parts for f in part.get("filters") or [])
