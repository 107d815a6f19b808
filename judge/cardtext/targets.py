"""Noun phrases → :class:`Target`: owner, card type, filters, place and count."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from lark import Token

from . import vocabulary as v
from .model import Target

CARD_TYPES = {t for t in v.CARD_TYPES}
GROUP_NOUNS = {"crew", "away team", "member", "captive", "intruder", "infiltrator", "drone",
               "dissident", "female", "male", "commander", "agent", "adversary", "specialist",
               "player", "opponent", "hand weapon", "shuttlecraft", "warship", "battleship"}
PLACE_NOUNS = {"hand", "draw deck", "discard pile", "deck", "table", "point area", "side deck",
               "planet", "space", "location", "spaceline", "quadrant", "top", "bottom", "game"}
AFFILIATIONS = {"federation", "klingon", "klingons", "romulan", "romulans", "cardassian", "bajoran",
                "ferengi", "dominion", "borg", "non-aligned", "starfleet", "kazon", "hirogen",
                "vidiian", "vulcan", "maquis", "jem'hadar", "breen", "dosi", "reman", "remans",
                "founder", "vorta", "human", "tellarite", "andorian", "q"}
COUNTS = {"a": 1, "an": 1, "each": "each", "every": "each", "all": "all", "any": "any",
          "another": 1, "both": 2, "no": 0, "neither": 0, "up to": "up_to", "at least": "at_least",
          "or more": "at_least",  # ("three or more Bajorans": after its number, lexer._or_more)
          "or fewer": "at_most",  # ("nine or fewer personnel", "4 or less": the same, the other way)
          "more than": "more_than", "fewer than": "fewer_than", "less than": "fewer_than",
          "half": "half", "entire": "all", "most": "most", "this": "this", "that": "that", "these": "these",
          "a number of": "number",  # (how many, said after: "… equal to the number of …")
          "any number of": "any", "any or all": "any",
          "all but": "all_but",  # ("all but 3 seed cards": all except that many, its ``number``)
          "an equal number of": "equal", "the same number of": "equal",  # (as many as another)
          "the": None, "other": None}


def is_title_run(tokens: list[Token]) -> bool:
    """A 2E card title written without braces: capitalised words only ("Prejudice and Politics")."""
    return bool(tokens) and all(t.type in ("NAME", "SKILL") or (t.type == "NOUN" and str(t).istitle())
                                for t in tokens)




# Nouns a time phrase names: "this battle", "that turn", "this mission attempt".
TIME_NOUNS = {"turn", "battle", "game", "attempt", "mission attempt", "round", "attack", "engagement"}
TIME_DETS = {"this", "that", "last", "next", "each"}


def is_time_phrase(det: Token, noun: Token) -> bool:
    """ "this turn", "that battle", "next turn", "each turn": a determiner and a noun that say when."""
    return ((det.type == "DET" or det.type == "ADJ") and det.value.lower() in TIME_DETS  # ("next": ADJ)
            and noun.type == "NOUN" and noun.value.lower() in TIME_NOUNS)


def _when_of_participle(tokens: Sequence[Token], k: int) -> int:
    """How many tokens after the participle at ``k`` are a time phrase saying when it happened
    ("those damaged this battle", "ships stopped this turn"), else 0: they are not the phrase's
    head or count."""
    return 2 if k + 2 < len(tokens) and is_time_phrase(tokens[k + 1], tokens[k + 2]) else 0


def _noun_before(tokens: Sequence[Token], k: int, text: str) -> str | None:
    """The noun printed right before ``tokens[k]``, nothing between ("headquarters" in "headquarters
    mission"; not "crew" in "crew or Away Team", whose joint the phrase does not hold)."""
    if k and tokens[k - 1].type == "NOUN" and not text[tokens[k - 1].end_pos:tokens[k].start_pos].strip():
        return tokens[k - 1].value.lower()
    return None


def _qualifier(noun: str) -> tuple[str, str]:
    """A noun before the head that says which: "scout ship"; a people's name that is also an
    affiliation says whose, as "Klingon" does: "Your Romulan personnel" (the vocabulary lists
    "romulan" and "bajoran" as nouns too: "a Romulan")."""
    return ("affiliation", noun.title()) if noun in AFFILIATIONS else ("noun", noun)


def _unmet(word: str) -> dict | None:
    """ "non-Borg", "non-OFFICER", "non-Treachery", "non-Dilemma": the filter a card must not meet,
    when the word after "non-" is an affiliation, a classification, a skill or a card type (else
    None: "non-aggression" stays a quality)."""
    from .lexer import _classify  # (the lexer imports this module)

    rest = word[4:].strip("-")
    if not rest or rest.lower() == "aligned":  # ("Non-Aligned" is an affiliation of its own)
        return None
    if rest.lower() in AFFILIATIONS:
        return {"affiliation": rest.title()}
    kind, value = _classify(rest)
    if kind == "CLASSIF":
        return {"classification": value}
    if kind == "SKILL":
        return {"skill": value}
    if kind == "NOUN" and value.lower() in CARD_TYPES:
        return {"type": value.lower()}
    return None


def target(tokens: Sequence[Token], text: str) -> Target:
    owner = None
    kind = None
    filters: list[tuple[str, object]] = []
    where = None
    count: object = None
    card = None
    number: object = None
    # The commonest token types are tested first (the tests exclude each other, so the order is
    # free), and a token's value is a str already: no str() call, and lower() only where used.
    skip_to = 0
    negate = False  # after "non-"
    for k, t in enumerate(tokens):
        if k < skip_to:
            continue
        tt = t.type
        if tt == "NOUN":
            low = t.value.lower()
            if low in CARD_TYPES:
                if kind is not None and (kind not in CARD_TYPES or (
                        low != "card" and low != kind and _noun_before(tokens, k, text) == kind)):
                    # "scout ship", "support personnel": the card type is the kind, the noun before
                    # it says which (it was dropped); so is a card type before another, "headquarters
                    # mission" (but not before the generic "card": "an Event card" is an event)
                    filters.append(_qualifier(kind))
                    kind = low
                kind = kind if kind in CARD_TYPES else low
            elif low in GROUP_NOUNS and kind is None:
                kind = low
            elif low in GROUP_NOUNS and kind in GROUP_NOUNS and _noun_before(tokens, k, text) == kind:
                filters.append(("noun", kind))  # "Away Team members", "crew member": members
                kind = low
            elif low in PLACE_NOUNS and kind is None:
                kind = low
            elif kind is None:
                kind = low
            elif kind not in CARD_TYPES and kind not in GROUP_NOUNS and _noun_before(tokens, k, text) == kind:
                # "a planet mission attempt", "an attack bonus": of nouns printed together the last is
                # the head, the one before says which (a card type or a group heads the phrase still:
                # "mission report" is the mission's)
                filters.append(_qualifier(kind))
                kind = low
            else:
                filters.append(_qualifier(low))
        elif tt == "DET":
            low = t.value.lower()
            c = COUNTS.get(low, low)
            if c is not None and count is None:
                count = c
            if low in ("other", "another"):
                filters.append(("other", True))
            elif low in ("additional", "extra"):  # "an additional 40 points", "an extra card"
                filters.append(("additional", low))
        elif tt == "OWNER":
            # ("your opponent's hand" is the opponent's: the possessive nearest the head)
            owner = t.value if owner == "your" and t.value == "opponent" else owner or t.value
        elif tt == "LOC":
            where = where or t.value.lower()
        elif tt in ("ADJ", "WORD", "QUOTED"):
            if tt == "ADJ" and t.value == "non-" and k + 1 < len(tokens) and tokens[k + 1].type in (
                    "ICON", "TITLE"):
                negate = True  # "non-[Bor]", "non-{Sybok}": the next is a filter it must not meet
                continue
            unmet = (_unmet(text[t.start_pos:t.end_pos])
                     if tt == "ADJ" and t.value.startswith("non-") else None)
            if unmet is not None:
                filters.append(("not", unmet))
                continue
            filters.append(("quality" if tt != "QUOTED" else "quoted", t.value))
        elif tt == "PRON":
            low = t.value.lower()
            if low == "you":
                owner = owner or "you"
            elif low == "you've":  # "personnel you've captured": who did it, not whose they are
                filters.append(("by", "you"))
            elif low in ("it", "they", "he", "she", "them", "him", "her", "him or her", "he or she",
                         "each other", "one another", "anyone",
                         "everyone", "anything", "everything"):
                filters.append(("pronoun", low))
        elif tt == "NUMBER":
            val = t.value
            number = int(val) if val.isdigit() else val
        elif tt == "ICON":
            filters.append(("icon", t.value) if not negate else ("not", {"icon": t.value}))
            negate = False
        elif tt == "NAME":
            val = t.value
            if val.lower() in AFFILIATIONS:
                filters.append(("affiliation", val))
            elif filters and filters[-1][0] == "name" and tokens[k - 1].type == "NAME" and (
                    text[tokens[k - 1].end_pos:t.start_pos] == " "):
                # "a High Council Leader": capitalised words printed together are one name
                filters[-1] = ("name", f"{filters[-1][1]} {val}")
            else:
                filters.append(("name", val))
        elif tt == "TITLE":
            val = t.value
            if negate:  # "non-{Sybok} [SKR] personnel": any but that card
                filters.append(("not", {"card": val}))
                negate = False
                continue
            card = card or val
            if card != val:
                filters.append(("card", val))
        elif tt == "PART":
            filters.append(("state", t.value))
            when = _when_of_participle(tokens, k)
            if when:
                filters.append(("when", text[tokens[k + 1].start_pos:tokens[k + when].end_pos]))
                skip_to = k + 1 + when
        elif tt == "CLASSIF":
            filters.append(("classification", t.value))
        elif tt == "SKILL":
            filters.append(("skill", t.value))
        elif tt == "ATTR":
            filters.append(("attribute", t.value))
        elif tt == "KEYWORD":
            filters.append(("keyword", t.value))
        elif tt == "MULT":
            filters.append(("levels", t.value))
        elif tt == "ADV" or tt == "ASPECT":  # (in a place's group: "except those already damaged
            # this battle"; "a card just played")
            filters.append(("manner", t.value.lower()))
        elif tt == "CONJ" or tt == "COMMA":  # "a MEDICAL or SCIENCE personnel" (clauses.normalize)
            joined = _shared_head(tokens, text)
            if joined is not None:
                return joined
    if kind is None and card is None and tokens and tokens[-1].type == "WORD":
        kind = tokens[-1].value.lower()   # an unknown word heading the phrase
        filters.remove(("quality", tokens[-1].value))
    bounded = None  # "up to four personnel": the count word ("up_to") and the number it bounds
    if number is not None:
        if count in (None, 1, "the"):
            count = number
        else:
            bounded = number
    if tokens:
        start = tokens[0].start_pos
        end = tokens[-1].end_pos
    else:
        start = end = 0
    return Target(owner, kind, tuple(filters), where, count, card, text[start:end], number=bounded)


# What may qualify a card type before it: "MEDICAL", "[Fed]", "Honor", "Romulan", "unique".
QUALIFIERS = frozenset(("ICON", "CLASSIF", "SKILL", "ADJ", "NAME", "KEYWORD"))


def _shared_head(tokens: Sequence[Token], text: str) -> Target | None:
    """ "a MEDICAL or SCIENCE personnel", "your [Fed], [Baj] or [Kli] ships present": qualifiers
    joined before the one card type they share (clauses.normalize makes them one phrase). The first
    is the target, with the head and what follows it ("present"); each other is a group joined to
    it (``also``), of the same type and owner. None for a phrase not of that shape (its joints are
    then passed over)."""
    conjuncts: list[list[Token]] = [[]]
    joints: list[str] = []
    for t in tokens:
        if t.type == "CONJ" or t.type == "COMMA":
            if conjuncts[-1]:
                conjuncts.append([])
                joints.append(t.value.lower() if t.type == "CONJ" else ",")
            elif t.type == "CONJ" and joints:  # "…, or": the word, not the comma, joins the last
                joints[-1] = t.value.lower()
        else:
            conjuncts[-1].append(t)
    last = conjuncts[-1]
    k = next((i for i, t in enumerate(last) if t.type not in QUALIFIERS), 0)
    if not joints or not k:
        return None
    head = last[k:]
    final = joints[-1] if joints[-1] != "," else "and"  # a list's commas take its last joint
    main = target([*conjuncts[0], *head], text)
    also = []
    for joint, own in zip(joints, conjuncts[1:], strict=True):
        t = target(own if own is last else [*own, *head], text)
        a, b = own[0].start_pos, own[-1].end_pos
        t = dataclasses.replace(t, owner=t.owner or main.owner, text=text[a:b])
        also.append((final if joint == "," else joint, t))
    return dataclasses.replace(main, also=main.also + tuple(also))


def shared(t: Target, **fields: object) -> Target:
    """``t`` with the groups joined to it that share its card type given ``fields`` too (a place, a
    relative clause): "Your Breen and Jem'Hadar ships in battle" are both in battle."""
    if not t.also or not any(o.type == t.type for _, o in t.also):
        return t
    also = tuple((j, dataclasses.replace(o, **fields) if o.type == t.type else o) for j, o in t.also)
    return dataclasses.replace(t, also=also)
