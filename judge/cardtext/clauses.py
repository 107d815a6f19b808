"""Read the clause structure of one parsed sentence and build its :class:`Ability`.

The sentence grammar groups words into phrases, verb groups and modifiers; grammar/clauses.lark
(read by clause_grammar.py) says where the clauses of that sequence start and end: the prefix
clauses ended by a comma (a trigger "When …,", a duration "While …,", a condition "If …,", a
limit "Once each turn,", a timing phrase "During your turn,", a play requirement "To play this
interrupt,"), where a trailing condition stops, how far a relative clause runs, and where
"<cost> to <effect>" splits. This module builds the ability from those parts:

* in the main clause, the phrases before the first verb are its subject; each verb group starts
  an effect whose objects are the phrases after it (Reader.effects, make_effects);
* each prefix becomes a trigger, a condition or a limit, and the kind follows from them, the
  effects and the card's type;
* a main clause that yields no effect is not understood: the sentence is reported as unparsed.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from lark import Token

from . import vocabulary as v
from .clause_grammar import (
    COMPLEMENT_VERBS,
    CONTROL_VERBS,
    LONGEST_CONDITION,
    base_form,
    condition_end,
    cost_split,
    is_sentence,
    line,
    predicate,
    relative_length,
    split_prefixes,
    telegraphic,
)
from .clause_grammar import CONDITION_LINKS as _CONDITION_LINKS
from .items import Item, Sentence
from .kinds import a_player
from .lexer import CLAUSE_PRONOUNS as _CONTACT_SUBJECTS
from .lexer import HEAD_TYPES
from .model import Ability, Condition, Effect, Target, Trigger
from .requirements import condition_requirements
from .targets import CARD_TYPES, GROUP_NOUNS, QUALIFIERS, is_time_phrase, is_title_run, shared, target

# Tokens that only join or punctuate: no field of the output needs to hold them (Reader.unread).
STRUCTURE_TOKENS = frozenset({"COMMA", "SEMI", "COLON", "DOT", "LPAR", "RPAR", "DASH", "PLUS", "STAR",
                              "SLASH", "EQUALS", "CONJ", "TO", "IF", "UNLESS", "WHEN", "WHILE",
                              "THEN", "MODAL", "ORDER", "DAMAGE", "LABEL"})
_SEMI = frozenset({"SEMI"})
# ("where" is one only where the lexer has made it a pronoun: "a location where you have a facility"
# in a subject, lexer._where_in_a_subject)
_RELATIVE_WORDS = frozenset({"who", "whom", "which", "that", "where"})
# _CONTACT_SUBJECTS, the subject of a relative clause printed without "that" ("dilemmas you
# encounter"), is lexer.CLAUSE_PRONOUNS; the phrase before it must end with one of lexer.HEAD_TYPES
# to be the clause's head (a noun or a name, not "give it").
# What a subject cannot hold: a clause reading one of these before its verb would drop it unread
# (an amount, a comparison, a condition or trigger, a negation): the sentence is unparsed instead.
_NOT_SUBJECT = {"signed", "dl", "IF", "UNLESS", "WHILE", "WHEN", "NOT", "SUB"}
_SUBJECT_SUBORDINATORS = {"to get past", "otherwise", "so"}  # "otherwise, to get past requires …"
_INTERPOSED = ("IF", "UNLESS", "WHILE", "WHEN")  # may open a condition between subject and verb
# Verbs a signed value after completes: "are +2", "mission worth -10 points".
_VALUE_VERBS = frozenset({"be", "worth"})
# Verbs whose modifiers are the whole effect: "is STRENGTH +2", "has CUNNING=10", "worth -10 points".
_STATE_VERBS = _VALUE_VERBS | {"have", "become"}
# The verbs whose effect make_effects() reads further: any other verb skips those tests.
_SPECIAL_LEMMAS = {"remove", "begin", "lose", "score", "gain", "be", "have"}
# Verbs whose -s form with no subject describes the card itself: "Plays on table.", "Seeds …".
PLACEMENT_VERBS = {"play", "seed", "build", "breed"}  # how a card comes into play
NAMED_CARD_VERBS = {"download", "play", "nullify", "seed", "discard", "destroy", "place", "return"}
KEYWORD_NOTES = {"cumulative", "not cumulative", "unique", "not duplicatable", "not repeatable", "universal",
                 "may not be nullified", "no doubling", "random selection",
                 # 1E keywords with rules meaning, printed on their own (tactics, dilemmas, orders)
                 "maneuver", "assault", "captain's order", "mission continues",
                 "quarantined",  # (the rulebook's glossary: personnel may board, none may leave)
                 # keywords printed as a line of their own: the card belongs to a named group that
                 # other cards count or affect ("Prophet.", "Temporal.", "Orion Syndicate")
                 "prophet", "temporal", "pah-wraith", "orion syndicate", "no gametext", "infiltration",
                 "bajoran resistance",
                 # 2E's event keyword, a line of its own before the text: "Capture. Choose an
                 # opponent's personnel …" (a sentence of that one word; "capture X" is the verb)
                 "capture"}
# "(Immune to {Kevin Uxbridge}.)", "Immune to {Hero of the Empire} and {Kevin Uxbridge}.": named cards only
# "(Immune to {Kevin Uxbridge}.)", "(Immune to cards that close doorways.)"
IMMUNE = re.compile(r"immune to \{[^{}]+\}(?:\s*(?:,|and|or)\s*\{[^{}]+\})*"
                    r"|immune to [a-z][a-z0-9 ,'\-]*")
# The words of a group's name printed as a line of its own: "Infiltrator.", "Borg ship.".
_GROUP_WORDS = frozenset({"NAME", "NOUN", "WORD", "ADJ", "KEYWORD", "SKILL", "CLASSIF"})
# Notes in parentheses on how an effect is done: kept as its manner (Reader.aside).
ASIDE_NOTES = {"random selection", "your choice", "opponent's choice", "owner's choice", "random",
               "your opponent's choice", "discards", "if possible", "not cumulative", "cumulative",
               "whether successful or not", "round up", "round down"}
# Notes said in other words than the spec's: "(random selection)" is how the effect chooses, the
# manner "randomly", as "at random" and "randomly" are.
SAME_MANNER = {"random selection": "randomly", "at random": "randomly", "random": "randomly"}
# The notes among them that say who picks (or that chance does).
_PICKED = frozenset({"random selection", "random", "your choice", "opponent's choice", "owner's choice",
                     "your opponent's choice"})
_ASIDE_SPLIT = frozenset({"COMMA", "SEMI"})
# Every way a note can end: the last word of a note (lower-cased) is one of these.
CAPPED_NOTE = re.compile(r"(?:not )?cumulative up to [+-]?\d+")
_NOTE_ENDS = {n[i:] for n in (*KEYWORD_NOTES, "use only") for i in range(len(n))}


MAX_CONDITION_DEPTH = 12  # conditions read one inside another (card text nests two or three)
MAX_RELATIVE_DEPTH = 8  # relative clauses, one inside another's phrase (card text: two at most)
MANY_CHANGES = 16  # attribute changes in one group (card text prints five at most)


class NotUnderstood(Exception):
    """A clause the rules cannot read: the sentence goes to ``unparsed`` with this reason."""


def _without(items: list[Item], *others: list[Item]) -> list[Item]:
    """``items`` less those in ``others``, told by identity: a list's "in" compares an item's fields
    with each of the list's, which for a hostile run of thousands of objects was quadratic."""
    if not any(others):
        return items  # (the common case: nothing to leave out, no copy)
    gone = {id(it) for group in others for it in group}
    return [it for it in items if id(it) not in gone]


def _second_condition(items: list[Item], i: int, text: str) -> int | None:
    """Where a second "if" or "unless" opens after the condition at ``items[i]``, when the words
    between hold no verb (a gerund names an action), no mark, amount or conjunction, but for a comma
    right before it ("… before proceeding on next turn, unless Navigation aboard"); else None."""
    n = min(len(items), i + LONGEST_CONDITION)  # (as far as where the clause goes on is looked for)
    j = i + 1
    while j < n:
        x = items[j]
        if j > i + 1 and x.is_link("IF", "UNLESS"):
            return j
        if x.kind == "punct" and x.lemma == "COMMA" and j + 1 < n and j > i + 1 and items[j + 1].is_link(
                "IF", "UNLESS"):
            return j + 1
        if (x.kind == "verb" and not text[x.start:x.end].lower().endswith("ing")) or x.kind in (
                "punct", "signed") or x.is_link("CONJ"):
            return None
        j += 1
    return None


def _text(text: str, items: list[Item] | tuple[Item, ...]) -> str:
    if not items:
        return ""
    return text[items[0].start:items[-1].end]


def normalize(items: Sequence[Item]) -> list[Item]:
    """Phrase-final attributes the greedy phrase rule swallowed: "each WEAPONS" + "+2" is a modifier,
    "printed INTEGRITY" + ">" + "7" a comparison."""
    out = _rewritten(items)
    return list(items) if out is None else out


def _rewritten(items: Sequence[Item]) -> list[Item] | None:
    """normalize(), or None when it would change nothing (the common case: then a parenthesis keeps
    its Item, and no list is built item by item)."""
    n = len(items)
    for i in range(n):
        it = items[i]
        kind = it.kind
        if kind == "np":
            last = it.toks[-1].type
            if last == "ATTR" or last == "NUMBER" or (last in QUALIFIERS and _shared_head_run(items, i)):
                break
        elif kind == "paren":
            break
    else:
        return None
    out: list[Item] = list(items[:i])  # nothing to rewrite before items[i]
    changed = False
    while i < n:
        it = items[i]
        kind = it.kind
        if kind == "np":
            if it.toks[-1].type in ("ATTR", "NUMBER"):
                used = _normalize_phrase(items, i, out)
                if used:
                    i += used
                    changed = True
                    continue
            used = _shared_head_run(items, i) if it.toks[-1].type in QUALIFIERS else 0
            if used:
                # "a MEDICAL or SCIENCE personnel": one phrase (targets.target reads the joined
                # qualifiers). The grammar cannot say it: with one token of lookahead it must end the
                # phrase "a MEDICAL" at "or" before it sees whether a card type follows.
                out.append(Item("np", tuple(t for x in items[i:i + used] for t in x.toks)))
                i += used
                changed = True
                continue
        elif kind == "paren":
            children = _rewritten(it.children)
            if children is not None:
                it = Item("paren", it.toks, children=tuple(children))
                changed = True
        out.append(it)
        i += 1
    return out if changed else None


def _shared_head_run(items: Sequence[Item], i: int) -> int:
    """How many items from ``items[i]`` are qualifiers joined before the one card type they share,
    "a MEDICAL or SCIENCE personnel", "your [Fed], [Baj], or [Kli] ships" (0: none): a phrase of
    qualifiers with no type of its own, more of them after commas, and after "or"/"and" a last one
    with no determiner that has the type."""
    after = items[i + 1] if i + 1 < len(items) else None
    if after is None or not (after.kind == "punct" and after.lemma == "COMMA" or after.is_link("CONJ")):
        return 0  # (the common case, tested first: nothing joined after the phrase)
    if any(t.type not in QUALIFIERS and t.type not in _LEADING for t in items[i].toks):
        return 0
    b = i - 1
    while b >= 0 and (items[b].kind == "punct" and items[b].lemma == "COMMA" or items[b].is_link("CONJ")):
        b -= 1
    if 0 <= b < i - 1 and items[b].kind == "np" and all(
            t.type in QUALIFIERS or t.type in _LEADING for t in items[b].toks):
        return 0  # inside a run read from its start already (each start reads on to its end: linear)
    n = len(items)
    j = i + 1
    while j < n:
        joined = False
        while j < n and (items[j].kind == "punct" and items[j].lemma == "COMMA" or items[j].is_link("CONJ")):
            joined = joined or items[j].is_link("CONJ")
            if items[j].is_link("CONJ") and items[j].word not in ("or", "and", "and/or"):
                return 0
            j += 1
        if j == i + 1 or j >= n or items[j].kind != "np":
            return 0
        toks = items[j].toks
        k = next((m for m, t in enumerate(toks) if t.type not in QUALIFIERS), len(toks))
        if k == 0:
            return 0
        if k < len(toks):
            head = toks[k]
            return j + 1 - i if joined and head.type == "NOUN" and (
                head.value.lower() in CARD_TYPES or head.value.lower() in GROUP_NOUNS) else 0
        j += 1
    return 0


_LEADING = ("DET", "OWNER", "NUMBER")  # before the first qualifiers: "a", "your", "two"


def _normalize_phrase(items: Sequence[Item], i: int, out: list[Item]) -> int:
    """normalize() at a phrase ending in an attribute or a number: how many items it rewrote into
    ``out`` (0: none)."""
    it = items[i]
    nxt = items[i + 1] if i + 1 < len(items) else None
    if it.kind == "np" and it.toks[-1].type == "ATTR" and nxt is not None:
        attr_tok = it.toks[-1]
        rest = it.toks[:-1]
        if nxt.kind == "signed":
            if rest:
                out.append(Item("np", rest))
            out.append(Item("mod", (attr_tok, *nxt.toks), lemma="modify", attr=str(attr_tok.value),
                            amount=nxt.amount))
            return 2
        after = items[i + 2] if i + 2 < len(items) else None
        if nxt.kind == "punct" and nxt.lemma == "CMP" and after is not None and after.kind == "np" and (
                after.toks[0].type == "NUMBER"):
            if rest:
                out.append(Item("np", rest))
            out.append(Item("cmp", (attr_tok, *nxt.toks, after.toks[0]), attr=str(attr_tok.value)))
            if len(after.toks) > 1:
                out.append(Item("np", after.toks[1:]))
            return 3
    # "X=2", "where X = the number of …": a definition of the card's variable
    if it.kind == "np" and it.toks[-1].type == "NUMBER" and nxt is not None and nxt.kind == "punct" and (
            nxt.lemma == "EQUALS") and i + 2 < len(items) and items[i + 2].kind == "np":
        value = items[i + 2]
        if len(it.toks) > 1:
            out.append(Item("np", it.toks[:-1]))
        after = ()
        if len(value.toks) > 1 and value.toks[0].type == "NUMBER" and value.toks[1].type == "DET":
            # "WEAPONS=16 this turn": the number, then a phrase of its own ("X = 15 points": the unit
            # stays with it)
            value, after = Item("np", value.toks[:1]), value.toks[1:]
        amount = str(value.toks[0].value)
        out.append(Item("mod", (it.toks[-1], *nxt.toks, *value.toks), lemma="set",
                        attr=str(it.toks[-1].value).lower(),
                        amount=int(amount) if amount.isdigit() and len(value.toks) == 1 else None))
        if after:
            out.append(Item("np", after))
        return 3
    return 0


def _set_value(mod: Item, text: str) -> str | None:
    """What "X = …" sets a variable to, when it is not a plain number: "X = 15 points"."""
    if mod.lemma != "set" or mod.amount is not None:
        return None
    after = [t for t in mod.toks if t.type not in ("EQUALS",)][1:]
    return text[after[0].start_pos:after[-1].end_pos] if after else None


def _said_of_a_card(effect: Effect) -> bool:
    """An effect stated of a card in the third person, with no modal: "Founder morphs", "He
    sacrifices" (not "Your Borg may discard", "Each player discards", "you discard")."""
    subject = effect.subject
    if subject is None or effect.modal or effect.negated or not effect.raw:
        return False
    if a_player(subject):
        return False
    word = effect.raw.split()[0].lower()
    return word != effect.verb and word.endswith("s")


def _ends_with_a_doer(phrase: Item) -> bool:
    """Whether a phrase ends with who may be a clause's subject: "for each Dissident your opponent
    has", "end of each turn you must probe" (that word is the verb's subject, not the phrase)."""
    last = phrase.toks[-1]
    # (an object pronoun is no subject: "… and one of them (opponent's choice) is killed")
    return (last.type == "PRON" and str(last.value).lower() not in _OBJECT_PRONOUNS) or (
        str(last.value).lower() in v.PLAYER_WORDS)


_OBJECT_PRONOUNS = frozenset({"them", "him", "her", "those", "these"})


def _other_card_type(head: Sequence[Token], toks: Sequence[Token], text: str) -> bool:
    """Whether the phrase ``toks`` names a card type of its own, another than the head's ("Borg
    personnel" after "Your equipment"), so that run together the second would be dropped."""
    if len(head) > _LONGEST_HEAD:
        return False  # (no group's head is that long; target() of a hostile run at each joint: quadratic)
    if toks and len(toks) == 1 and toks[0].type == "TITLE" and head and head[-1].type == "NOUN":
        return True  # "all Soong-type androids and {Exocomps}": a card named after a group is one too
    if _names_cards(head, text) and toks and (toks[-1].type in ("TITLE", "NAME") or target(toks, text).type):
        # "{Kurn} and Klingon personnel", "{Morn} and Ferengi", "{Any Spock} or {any Sarek}", "Your
        # Klingons and Romulans", "Vulcans and Soong-Type Androids": after a phrase that names cards
        # whole (a title, a people in the plural), a phrase naming cards is a group of its own,
        # not a qualifier of the first (nor the first of it)
        return True
    joined = target(toks, text)
    if joined.count is not None and ("other", True) in joined.filters and joined.type is not None:
        return True  # "that personnel and one other personnel": another of the kind, a group of its own
    second = joined.type
    if second not in CARD_TYPES and not (
            second is not None and head and head[-1].type == "NOUN" and toks[-1].type == "NOUN"
            and all(t.type in ("DET", "OWNER") for t in toks[:-1])):
        return False  # (first: the head may be long, "Physics OR Physics OR …", and grows at each joint)
    first = target(head, text).type
    # ("Freighters and transports", "crew or Away Team": a bare noun after one heading the phrase
    # before is a group of its own too; not "crew or Away Team member", "Bajoran and Klingon
    # affiliations", where the head after the second is both's)
    return first is not None and (first in CARD_TYPES or second not in CARD_TYPES) and second != first


def _names_cards(head: Sequence[Token], text: str) -> bool:
    """Whether a phrase ends naming cards whole: a title ("{Kurn}"), or a people in the plural,
    capitalised ("Klingons", "Vulcans"; not "Klingon", which says which of the noun after it)."""
    last = head[-1] if head else None
    if last is None:
        return False
    if last.type == "TITLE":
        return True
    word = text[last.start_pos:last.end_pos]
    return (last.type in ("NAME", "NOUN") and word[:1].isupper() and word.endswith("s") and len(head) <= 3
            and all(t.type in ("OWNER", "DET") for t in head[:-1]))


# The most words a phrase heading a list of groups has ("Compatible SECURITY-classification personnel",
# "lowest INTEGRITY male"): card text's run to a dozen at most.
_LONGEST_HEAD = 24


def _own_subjects_with_places(items: list[Item]) -> list[Item] | None:
    """ "…, and your personnel with Honor are STRENGTH +2", "… and opponent with a ship here may draw":
    a phrase with a place of its own, between a joint and its verb, is that verb's own subject
    whole (one group item); read as it was, the place's phrase alone was the subject and the head
    was lost. None when the clause has none (the common case: no list is copied)."""
    out: list[Item] | None = None
    n = len(items)
    j = 0
    while j < n:
        it = items[j]
        if j + 4 < n and items[j + 2].is_link("PREP") and (items[j + 4].kind == "verb" or (
                # (an aside before the verb: "… and one of them (opponent's choice) is killed")
                j + 5 < n and items[j + 4].kind == "paren" and items[j + 5].kind == "verb")):
            head, prep, place = items[j + 1], items[j + 2], items[j + 3]
            if ((it.is_link("AND", "CONJ") or (it.kind == "punct" and it.lemma == "COMMA"))
                    and head.kind == "np" and place.kind == "np" and not _ends_with_a_doer(place)
                    and not any(str(t.value).lower() in _RELATIVE_WORDS for t in head.toks[1:])
                    and head.toks[0].type != "PRON"):
                # (not "him or her a skill that one of your personnel has": a relative clause's subject)
                if out is None:
                    out = list(items[:j])
                toks = (*head.toks, *prep.toks, *place.toks)
                out += [it, Item("group", toks, children=(head, prep, place))]
                j += 4
                continue
        if out is not None:
            out.append(it)
        j += 1
    return out


def _time_phrase(it: Item) -> bool:
    """ "this turn", "this battle", "next turn", "each turn": a phrase that says when."""
    return len(it.toks) == 2 and is_time_phrase(*it.toks)


def _takes_value(verb: Item, objects: list[Item]) -> bool:
    """Whether a signed value after ``verb`` and its ``objects`` is a modifier: after "be"/"worth"
    with no object or an attribute phrase ("are +2", "are each attributes all -2"), or after any verb
    whose one object is an attribute phrase ("enhances its attributes all +1")."""
    if len(objects) > 1 or (objects and objects[0].kind != "np"):
        return False
    toks = objects[0].toks if objects else ()
    if verb.lemma in _VALUE_VERBS and all(t.type in ("ATTR", "DET", "NOUN") for t in toks):
        return True
    return bool(toks) and toks[-1].type in ("ATTR", "DET") and any(t.type == "ATTR" for t in toks) and all(
        t.type in ("ATTR", "DET", "OWNER", "PRON") for t in toks)


def _attribute_at(toks: Sequence[Token]) -> int:
    """Where a phrase's closing attribute starts ("your personnel attributes all", "him
    STRENGTH"): the index of its first token, when every token from there is an attribute or a
    share-out word; else the phrase's length."""
    at = len(toks)
    while at and toks[at - 1].type in ("ATTR", "DET"):
        at -= 1
    while at < len(toks) and toks[at].type != "ATTR":
        at += 1
    return at


def _how_note(items: list[Item], words: str) -> bool:
    """Whether a parenthesis (or a part of one) says how, how often or how far, and is kept whole
    as a manner note: "(random selection)", "(for free)", "(once per game per card title)",
    "(limit once each turn)", "(limit +4)", "(up to +3)", "(except to table)". ``words`` is its
    text, lower-cased."""
    if not items:
        return False
    if words in ASIDE_NOTES or all(c.kind == "link" and c.lemma in ("ADV", "LIMIT") for c in items):
        return True
    if words.endswith(("'s choice", "s' choice")) and all(c.kind == "np" for c in items):
        return True  # who chooses: "({Norah Satie}'s choice if in play, …)"
    first = words.split()[0]
    if first in ("limit", "up") and any(c.kind == "signed" for c in items) and all(
            c.kind in ("signed", "np", "verb", "punct") or c.is_link("PREP") for c in items):
        return True  # a cap on the change
    limit_at = next((i for i, c in enumerate(items) if c.is_link("LIMIT")), None)
    if limit_at is not None and limit_at <= 1 and all(
            c.kind == "np" or c.is_link("PREP", "LIMIT", "ADV") or (c.kind == "verb" and c.lemma == "limit")
            for c in items):
        return True  # how often
    return (items[0].is_link("PREP") and first == "except" and len(items) > 1
            and items[1].kind not in ("np", "verb", "paren"))  # the exception, when not a place


def _clauses(items: list[Item]) -> list[list[Item]]:
    """The clauses of a main clause: split at semicolons, and at a colon that a clause with its own
    subject and verb follows ("may place objective on ship: it may not be cloaked"), or one with a
    condition of its own ("…, then chooses: If android, all copies … become human; …")."""
    parts = split_top(items, _SEMI)
    out: list[list[Item]] = []
    for part in parts:
        if out and part[0].is_link("CONJ") and not any(it.kind in ("verb", "mod") for it in part):
            out[-1] = out[-1] + part  # '…: "Honor personnel …"; or "Treachery personnel …"': another object
            continue
        cut = next((i for i, it in enumerate(part) if it.kind == "punct" and it.lemma == "COLON"
                    and 0 < i < len(part) - 2 and ((part[i + 1].kind == "np" and part[i + 2].kind == "verb")
                                                   or part[i + 1].is_link(*_CONDITION_LINKS))
                    and any(x.kind in ("verb", "mod") for x in part[:i])), None)  # (else a heading)
        out += [part[:cut], part[cut + 1:]] if cut is not None else [part]
    return out


_COMMA_BUT = re.compile(r',"? but ')


def _inside(paren: Item) -> list[Item]:
    """A parenthesis's items, less the full stop printed before its closing bracket."""
    return [c for c in paren.children if not (c.kind == "punct" and c.lemma == "DOT")]


def _note_words(paren: Item, text: str) -> str:
    """A parenthesis's words, lower-cased, as a note is kept: "(Random Selection.)" -> "random selection"."""
    return " ".join(text[paren.start:paren.end].strip("() .").lower().split())


_MEASURES = frozenset(("total", "individual", "combined"))


def _a_measure(item: Item, text: str) -> bool:
    """Whether a phrase is only how an attribute is counted: "total", "their individual"."""
    words = text[item.start:item.end].lower().split()
    return 0 < len(words) <= 2 and words[-1] in _MEASURES and (
        len(words) == 1 or item.toks[0].type == "OWNER")


def _compared(item: Item, text: str, measure: str = "") -> dict:
    """A condition's comparison: the attribute, and for "CUNNING>40", "STRENGTH <= 8" its operator
    and the number (``op``, ``value``; "X" stays a letter), besides the text as printed; ``measure``,
    how the attribute is counted ("total")."""
    out: dict = {"measure": measure, "attribute": item.attr} if measure else {"attribute": item.attr}
    toks = item.toks
    types = [t.type for t in toks]
    if types == ["ATTR", "CMP", "NUMBER"]:
        out["op"], out["value"] = str(toks[1].value), _number(toks[2])
    elif types[:3] == ["NUMBER", "CMP", "ATTR"] and (len(types) == 3 or types[3:] == ["CMP", "NUMBER"]):
        # "22 < STRENGTH < 55": the attribute's lower bound, said from its side (STRENGTH > 22), and its
        # upper one ("and")
        out["op"], out["value"] = _FLIPPED.get(str(toks[1].value), str(toks[1].value)), _number(toks[0])
        if len(types) == 5:
            out["and"] = {"op": str(toks[3].value), "value": _number(toks[4])}
    out["text"] = text[item.start:item.end]
    return out


_FLIPPED = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}


def _number(tok: Token) -> int | str:
    number = str(tok.value)
    return int(number) if number.isdigit() else number  # ("X" stays a letter)


def _list_verbs(items: list[Item], n: int) -> frozenset[int]:
    """Where a verb after a comma is one of a list whose last is joined by "and"/"or" ("may report,
    be carried, and launch aboard"): only verbs, their phrases and commas between it and the
    "and"/"or" and the last verb. One pass from the end (a test per verb from each verb on would be
    quadratic in a hostile list of thousands)."""
    found: set[int] = set()
    reach = False  # from here on, the run of verbs, phrases and commas ends at "and"/"or" and a verb
    for j in range(n - 2, 0, -1):
        it = items[j]
        if it.is_link("CONJ") and it.word in ("or", "and"):
            reach = items[j + 1].kind == "verb" and not items[j + 1].modal
        elif it.kind == "verb" or it.kind == "np" or (it.kind == "punct" and it.lemma == "COMMA"):
            if it.kind == "verb" and reach and items[j - 1].kind == "punct" and items[j - 1].lemma == "COMMA":
                found.add(j)
        else:
            reach = False
    return frozenset(found)


def _branches(conditions: list[Condition], effects: int, starts: list[tuple[int, int]],
              otherwise: int) -> list[Condition]:
    """ "If Trill with symbiont, dies now; otherwise, disabled until countdown expires.": the
    conditions of the clause before the one that opens with "otherwise" (the sentence's own, when
    that is the first) hold for that clause's effects, and the "otherwise" and its clause's other
    conditions for that clause's (``applies_to``); a clause after both ("…; discard dilemma.") is
    neither's. ``starts``: where each clause's conditions and effects start. A condition that
    already says which effects it holds for keeps them."""
    ends = [*starts[1:], (len(conditions), effects)]
    scope = {}
    for n in (otherwise - 1, otherwise):
        held = tuple(range(starts[n][1], ends[n][1]))
        if not held:
            return conditions
        scope.update((k, held) for k in range(starts[n][0], ends[n][0]))
    return [dataclasses.replace(c, applies_to=scope[k]) if k in scope and not c.applies_to else c
            for k, c in enumerate(conditions)]


def split_top(items: list[Item], kinds: set[str]) -> list[list[Item]]:
    parts: list[list[Item]] = [[]]
    for it in items:
        if it.kind == "punct" and it.lemma in kinds:
            parts.append([])
        else:
            parts[-1].append(it)
    return [p for p in parts if p]


# What a player pays with ("by discarding two cards from hand"); "by downloading …", "by relocating
# …" say how the option is done, not what it costs.
_PRICES = frozenset({"discard", "place", "return", "stop", "lose", "lose_points", "remove_from_game",
                     "sacrifice", "pay", "shuffle"})


# Verbs that pick what a later "to <verb>" with no object of its own acts on.
_PICKING = frozenset({"choose", "select", "pick"})


# Verbs that take no object of their own when they share a sentence with another ("Seeds or plays on
# table", "may dock and undock here", "may mix and have no … restrictions").
_ALONE = PLACEMENT_VERBS | {"dock", "undock", "mix", "cooperate", "land", "take", "report", "move", "battle",
                            "attack", "score", "lose_points", "continue", "end", "begin_battle"}


def _modal_of(verb: Item) -> tuple[str, bool] | None:
    """A verb group's modal as an effect holds it ("may not"), and whether it is negated; None
    without one."""
    if not verb.modal:
        return None
    return " ".join(str(t.value).lower() for t in verb.toks if t.type in ("MODAL", "NOT")), verb.negated


def _controlled(effects: list[Effect], raw: str) -> list[Effect]:
    """ "Allows your Away Team to attempt this mission.", "may force one opponent's ship … to
    decloak": the object of a verb of control does what the "to <verb>" after it says, its subject."""
    out = effects
    for k in range(len(effects) - 1):
        first, then = out[k], out[k + 1]
        if first.verb not in CONTROL_VERBS or first.object is None or then.subject is not None:
            continue
        if _joined(first, then, raw, r"\s+to\s+"):
            out = list(out) if out is effects else out
            out[k + 1] = dataclasses.replace(then, subject=first.object)
    return out


def _shared_objects(effects: list[Effect], raw: str) -> list[Effect]:
    """ "may abduct and assimilate one personnel", "download and seed a dilemma", "Stop, kill or discard
    that personnel": a verb printed alone right before "and", "or" or a comma and another verb acts on
    that verb's object too."""
    if len(effects) < 2:
        return effects
    out = list(effects)
    shared = set()  # (a comma joins only a list that "and"/"or" ends: "Stop, kill or discard …")
    for k in range(len(out) - 2, -1, -1):
        first, then = out[k], out[k + 1]
        if (first.object is not None or then.object is None or first.places or first.objects or first.skill
                or first.verb in _ALONE or not then.raw.split()
                or then.object == then.subject):  # ("… does not participate and is not stopped": a passive)
            continue
        if not _printed_alone(first):
            continue
        joint = r"(?:\s+(?:and|or)|,(?:\s+(?:and|or))?)\s+" if k + 1 in shared else _AND_OR
        if _joined(first, then, raw, joint):
            shared.add(k)
            out[k] = dataclasses.replace(first, object=then.object, objects=then.objects, count=then.count,
                                         card=then.card, cards=then.cards)
    return _shared_places(out, raw)


_AND_OR = r"\s+(?:and|or)\s+"


def _printed_alone(effect: Effect) -> bool:
    """Whether an effect's verb is printed with no words of its own but its modal, its adverbs and a
    note in brackets ("may abduct", "must mortally wound", "cancels (discards)")."""
    words = effect.raw.split()
    if effect.modal and len(words) > 1:
        words = words[len(effect.modal.split()):]
    if len(words) > 1:
        words = [w for w in _BRACKETED.sub(" ", " ".join(words)).split() if w.lower() not in effect.manner]
    return len(words) == 1


_BRACKETED = re.compile(r"\([^()]*\)")  # (a note of several words: "seed (face up) or report …")


def _joined(first: Effect, then: Effect, raw: str, joint: str = _AND_OR) -> bool:
    """Whether ``then``'s verb follows ``first`` in ``raw`` across ``joint`` ("and"/"or"), and the
    verb's own adverb, if any ("may stun or mortally wound")."""
    verb = then.raw.split()[0] if then.raw else ""
    return bool(verb) and re.search(re.escape(first.raw) + joint + r"(?:[a-z]+ly\s+)?" + re.escape(verb),
                                    raw) is not None


# Verbs that say the same of where: "Seeds or plays on table.", "Seeds or builds at any planet
# mission.", "may mix and cooperate with your [Fed] personnel"
_SAME_PLACE = (PLACEMENT_VERBS | {"report"}, frozenset({"mix", "cooperate"}))
_PLACE_SHARERS = frozenset().union(*_SAME_PLACE)


def _shared_places(effects: list[Effect], raw: str) -> list[Effect]:
    """A verb printed alone right before "and"/"or" and another verb of the same kind of act, which
    has no object and says where, is done there too ("Seeds or plays on table": seeds on table)."""
    out = effects
    if not any(e.verb in _PLACE_SHARERS for e in effects[:-1]):
        return effects
    for k in range(len(effects) - 2, -1, -1):
        first, then = out[k], out[k + 1]
        where = then.object is not None and then.object.type is None and bool(then.object.where) and not (
            then.object.filters or then.object.owner or then.object.count)  # "plays on table"
        if (first.object is not None or first.places
                or (then.object is not None and not where) or not (then.places or where)
                or then.subject != first.subject
                or not any(first.verb in same and then.verb in same for same in _SAME_PLACE)):
            continue
        if _printed_alone(first) and _joined(first, then, raw):
            out = list(out) if out is effects else out
            out[k] = dataclasses.replace(first, places=then.places, object=then.object if where else None)
    return out


def _subject_after_that(toks: tuple) -> int:
    """Where the subject of a relative clause starts in a phrase "two missions that your ships": after
    "that" (or "which"), when a head comes before it and the words after it make a phrase of their own
    (an owner or determiner, then words, ending with a head), or at "your opponent" after a head
    ("an Interrupt your opponent"; lexer._opponent_after_a_head made the -ed form after it the
    clause's verb); else 0."""
    for m in range(1, len(toks) - 1):
        tok = toks[m]
        if (m + 2 == len(toks) and tok.type == "OWNER" and str(tok.value).lower() == "your"
                and str(toks[m + 1].value).lower() == "opponent" and toks[m - 1].type in HEAD_TYPES):
            return m  # "an Interrupt your opponent (just played)": the clause's subject, with no "that"
        if tok.type in ("DET", "PRON") and str(tok.value).lower() in ("that", "which"):
            rest = toks[m + 1:]
            if (toks[m - 1].type in HEAD_TYPES and rest[0].type in ("OWNER", "DET", "NUMBER")
                    and rest[-1].type in HEAD_TYPES and len(rest) > 1):
                return m + 1
            return 0
    return 0


def _paid_by(effects: list[Effect]) -> int | None:
    """Where the price starts in "<option> by <gerund> …": the index of the effect after the one
    whose manner is "by", when that one is an option (a "may", or a bare "Nullify") and the one
    after it is printed as a gerund ("by discarding two cards"); None otherwise ("re-boot by
    discarding …", what must be done, is how it is done, not a price)."""
    for k, effect in enumerate(effects[:-1]):
        if "by" not in effect.manner:
            continue
        option = ((effect.modal == "may" and not effect.negated) or (
            effect.verb == "nullify" and effect.subject is None and not effect.modal)) and (
            "only" not in effect.manner and " only" not in effect.raw.lower())  # ("may move here only
        # by using {X}", "may use this doorway only by discarding …": the one way allowed, a rule)
        price = effects[k + 1]
        after = price.raw.split(maxsplit=1)
        if option and after and after[0].lower().endswith("ing") and price.verb in _PRICES:
            return k + 1
        return None
    return None


def _trailing_trigger(conditions: list[Condition], effects: list[Effect]) -> Condition | None:
    """A trailing "when <event>" ("You may discard the top card of your deck when you play this
    event.", "Score 5 points each time you have three dilemmas beneath this event."): the main
    clause's one "when" condition with a verb, its trigger, as the same clause before it would be;
    None otherwise (a state, "when aboard", stays a condition, and so does the "when" of a
    prohibition or an obligation)."""
    timed = [c for c in conditions if c.word in ("when", "whenever", "each time", "every time")]
    if len(timed) != 1 or timed[0].raw.lower().count(timed[0].word) > 1 or not timed[0].effects or (
            not effects or effects[0].verb in PLACEMENT_VERBS
            or any(e.negated or e.modal == "must" for e in effects)
            or timed[0].effects[0].verb in ("be", "status") or _while_doing(timed[0], effects)):
        # ("Plays when facing a dilemma": when the card may be played; "… must be met by a
        # different personnel when solving it", "This unit does not {process ore} when station is
        # under Federation or Bajoran control": a rule, and the last while a state holds; two
        # "each time"s in one sentence, a compound rule, stay standing)
        return None
    return timed[0]


def _while_doing(cond: Condition, effects: list[Effect]) -> bool:
    """ "X=4 when facing a dilemma.": a value that holds while its card is doing something (a bare
    -ing clause, no subject), a state, as "while facing" says; not the moment it starts."""
    words = cond.raw.split()
    return (len(words) > 1 and words[1].lower().endswith("ing") and not cond.effects[0].subject
            and all(e.verb == "modify" for e in effects))


# Changes a card makes someone undergo: "make that personnel attributes +3", "make him gain …".
_MADE = frozenset({"modify", "gain", "lose"})
# Who, chosen "to" do something, does it ("Choose any player to draw …"): a thing chosen is acted on.
_CHOSEN_TO_ACT = frozenset({"player", "opponent", "team"})
# The tokens of a phrase that names skills only: "2 Diplomacy", "Computer Skill x2", "SECURITY".
_SKILL_AMOUNT = frozenset({"SKILL", "CLASSIF", "NUMBER", "MULT"})


def _verbless_passive(body: list[Item]) -> bool:
    """Whether ``body`` is a subject (phrases, maybe joined) whose last phrase ends with a
    participle, then places only: "Cryosatellite earned", "{Korris} or {Konmel} killed in battle"."""
    at = next((k for k, it in enumerate(body) if it.kind == "np" and it.toks[-1].type == "PART"), None)
    if at is None or (len(body[at].toks) < 2 and at == 0):
        return False
    before, after = body[:at], body[at + 1:]
    return all(it.kind == "np" or it.is_link("CONJ") or (it.kind == "punct" and it.lemma == "COMMA")
               for it in before) and all(it.kind == "np" or it.is_link("PREP") for it in after) and (
        not after or after[0].is_link("PREP"))


def _partitive(part: Target, group: Target) -> Target | None:
    """ "one of your cards", "any one of your SECURITY personnel", "all of them", "another of your
    personnel": a count alone before "of" and a group is that many of the group (None when the
    phrase before "of" names more than how many)."""
    if part.type is not None or part.owner is not None or part.card is not None or part.places or (
            part.count is None and part.number is None) or part.where is not None or part.relative or (
            any(kind != "other" for kind, _ in part.filters)):
        return None
    return dataclasses.replace(group, count=part.count if part.count is not None else group.count,
                               number=part.number if part.number is not None else group.number,
                               filters=(*part.filters, *group.filters), text=f"{part.text} of {group.text}")


def _joint(between: str, other: Target) -> tuple[str, Target]:
    """Another group a count of a group names after a comma, "or" or "and": (the joint, it)."""
    return ("or" if " or " in f" {between} " else "and"), other


# ("Plays and remains on a {phaser} … used to stun …": another verb of its own before "to")
_PLAYS_TO = re.compile(r"\bplays\b(?:(?!\band\b)[^.;:])*?\bto\s", re.IGNORECASE)


def _played_for(effects: list[Effect], raw: str) -> bool:
    """Whether the sentence's first effect is the card's own "Plays" (no subject, object or place),
    played "to <verb>" (after a limit too: "Once every turn, plays to …"): for that verb's effect."""
    first = effects[0] if effects else None
    return (len(effects) > 1 and first is not None and first.verb == "play" and first.subject is None
            and first.object is None and not first.places and not first.modal
            and _PLAYS_TO.search(raw) is not None)


_THE_FOLLOWING = re.compile(r"^do ((?:any or all|any|one|all|each|either|both) of the following)$",
                            re.IGNORECASE)


def _the_following(effects: list[Effect]) -> list[Effect]:
    """ "… to do any or all of the following: discard …; return …": "do" only introduces the
    actions listed after it, which are the effects; how many of them is the manner of the first."""
    out = list(effects)
    for k, effect in enumerate(out[:-1]):
        found = _THE_FOLLOWING.match(effect.raw) if effect.verb == "do" else None
        if found is not None:
            after = out[k + 1]
            how = (*effect.manner, found.group(1).lower(), *after.manner)
            out[k:k + 2] = [dataclasses.replace(after, manner=how)]
            break
    return out


def _set_off_relatives(items: list[Item]) -> list[Item]:
    """ "… may include up to three CIVILIANs, who do not count toward …": a relative clause set off
    by a comma is the phrase's as one without it is (the comma is dropped from the items, the
    pronoun joined to the phrase, as the grammar's run joins "personnel who"); after a player it
    says what the player does next ("give this card to opponent, who scores bonus points")."""
    if len(items) < 4:
        return items
    out: list[Item] | None = None
    k = 0
    while k < len(items):
        it = items[k]
        if (it.kind == "np" and k + 3 < len(items) and items[k + 1].kind == "punct"
                and items[k + 1].lemma == "COMMA" and items[k + 2].kind == "np"
                and len(items[k + 2].toks) == 1 and items[k + 3].kind == "verb"
                and str(items[k + 2].toks[0].value).lower() in ("who", "which")
                and str(it.toks[-1].value).lower() not in v.PLAYER_WORDS):
            if out is None:
                out = list(items[:k])
            out.append(Item("np", (*it.toks, *items[k + 2].toks)))
            k += 3
            continue
        if out is not None:
            out.append(it)
        k += 1
    return items if out is None else out


def _chosen_at_random(effects: list[Effect]) -> list[Effect]:
    """ "Kill one randomly selected personnel.", "one randomly selected personnel is killed": what
    the effect acts on is picked at random, so the effect is done "randomly", as "(random
    selection)" makes it (the phrase keeps its filter)."""
    out = []
    for effect in effects:
        picked = effect.object
        if picked is not None and "randomly" not in effect.manner and (
                ("manner", "randomly") in picked.filters
                and any(k == "state" and val in _PICKING for k, val in picked.filters)):
            effect = dataclasses.replace(effect, manner=(*effect.manner, "randomly"))
        out.append(effect)
    return out


def _adverb_ahead(items: list[Item], k: int, n: int | None = None) -> bool:
    """Whether ``items[k]`` is an adverb between a conjunction, or the "to" of an infinitive, and the
    verb it says how of: "score 10 points and randomly kill …", "… and immediately repairs …",
    "plays on a planet to randomly kill …" (not the verb's before it). ``n``: where the clause ends
    (the items after it are not looked at; a count, not a copy of the list for each adverb)."""
    n = len(items) if n is None else n
    return 0 < k < n - 1 and items[k].is_link("ADV") and items[k - 1].is_link("CONJ", "TO") and (
        items[k + 1].kind == "verb")


# "… if you wish": how "you may" is said after the verb
_AS_YOU_WISH = re.compile(r"if (?:you|they|he|she|that player|opponent) "
                          r"(?:wish|wishes|like|likes|want|wants|choose|chooses)")


def _causatives(effects: list[Effect]) -> list[Effect]:
    """ "… to make that personnel attributes +3", "… to make him or her gain the discarded
    personnel's skills": "make" says the card brings about the change after it, which is the
    effect, and the one made is its subject; "make" is kept as its manner. A player is made to do
    anything: "… to make opponent discard a card from hand", "… to make opponent lose 5 points"."""
    out: list[Effect] = []
    made: Effect | None = None
    for effect in effects:
        if made is not None and (effect.verb in _MADE or made.object.type in ("player", "opponent")) and (
                effect.subject in (None, made.subject)) and (
                effect.modal in ("", made.modal)):  # (the clause's "you may" is the make's, not the change's)
            who = made.object
            if made.places:  # "make one of your other [Baj] personnel present gain …"
                who = dataclasses.replace(who, places=(*who.places, *made.places))
            if made.objects:  # "him or her": the others, joined to the first as a bracket's are
                joint = "or" if " or " in made.raw else "and"
                who = dataclasses.replace(who, also=(*who.also, *((joint, o) for o in made.objects)))
            effect = dataclasses.replace(effect, subject=who, manner=("make", *effect.manner),
                                         modal=effect.modal or made.modal,
                                         optional=effect.optional or made.optional,
                                         raw=f"{made.raw} {effect.raw}" if made.raw not in effect.raw
                                         else effect.raw)
            made = None
        elif made is not None:
            out.append(made)
            made = None
        if effect.verb == "make" and effect.object is not None:
            made = effect
            continue
        out.append(effect)
    if made is not None:
        out.append(made)
    return out


# Verbs that change an amount, and the sign they give it: "reduce RANGE by 2" is RANGE -2.
_CHANGE_SIGNS = {"reduce": -1, "lower": -1, "decrease": -1, "increase": 1, "raise": 1}
# The attributes a modify changes (the spec's list; a mission's span, "as if its span were reduced
# by 1", is no personnel's or ship's attribute)
_CHANGED_ATTRIBUTES = frozenset({"integrity", "cunning", "strength", "range", "weapons", "shields",
                                 "attributes"})


def _attribute_changes(effects: list[Effect]) -> list[Effect]:
    """ "Reduces RANGE by 4", "may reduce RANGE or WEAPONS by 2", "RANGE is reduced by 2", "has
    STRENGTH reduced by 2": a verb that changes an attribute by a number is an attribute change,
    ``modify`` with the attribute and the signed amount (as "RANGE -2" is); the phrase it acts on
    is kept as its object, the verb printed as its manner. ("reduces its points by 10" names no
    attribute: it stays.)"""
    out = effects
    for n, effect in enumerate(effects):
        obj = effect.object
        if obj is None or not obj.filters or obj.filters[0][0] != "attribute" or (
                obj.filters[0][1] not in _CHANGED_ATTRIBUTES):
            continue
        sign = _CHANGE_SIGNS.get(effect.verb)
        states = [v for k, v in obj.filters[1:] if k == "state"]
        if sign is None and effect.verb == "have" and len(states) == 1:
            sign = _CHANGE_SIGNS.get(states[0])  # "has STRENGTH reduced by 2"
        by = next((i for i, (prep, t) in enumerate(effect.places) if prep == "by"), None)
        if sign is None or by is None:
            continue
        amount = effect.places[by][1].count
        if not isinstance(amount, int) or isinstance(amount, bool):
            continue  # "reduced by half"
        if out is effects:
            out = list(effects)
        printed = states[0] if effect.verb == "have" else effect.verb
        out[n] = dataclasses.replace(effect, verb="modify", attribute=obj.filters[0][1], amount=sign * amount,
                                     places=effect.places[:by] + effect.places[by + 1:],
                                     manner=(*effect.manner, printed))
    return out


def _noted_cumulative(effects: list[Effect]) -> list[Effect]:
    """ "is STRENGTH +2 (cumulative)", "Reduces RANGE by 3 (cumulative).": a change that adds to
    others of its kind has the flag effects.md names, as a sentence "(Cumulative.)" after it sets,
    not the bracket's word as its manner."""
    if not any(e.verb == "modify" and "cumulative" in e.manner for e in effects):
        return effects
    return [dataclasses.replace(e, cumulative=True, manner=tuple(m for m in e.manner if m != "cumulative"))
            if e.verb == "modify" and "cumulative" in e.manner else e for e in effects]


# The auxiliaries that only negate the verb after them: "a Jem'Hadar that you do not command".
_NEGATING_AUXILIARIES = frozenset({"do", "does", "did", "do not", "does not", "did not",
                                   "don't", "doesn't", "didn't"})


class Reader:
    """Builds abilities for one text; ``text`` is the cleaned card text the offsets point into."""

    def __init__(self, text: str, edition: str = "1e") -> None:
        self.text = text
        self.depth = 0  # conditions being read, one inside another (see condition())
        # How deep the relative clauses read so far nest, inside the one being read, and in the last
        # one read (see _relative_clause())
        self.deepest = self.clause_depth = 0
        # 2E prints card titles in running text without braces ("download Prejudice and Politics");
        # 1E always braces them, so a run of capitalised words there is not taken for a title.
        self.bare_titles = edition == "2e"
        # Start offsets of the sentence's tokens some part of the output holds (see unread()).
        self.used: set[int] = set()
        # Relative clauses read off their phrases, by where the phrase ends (see relatives()).
        self.relative: dict[int, tuple[tuple[Effect, ...], frozenset[int], int, int]] = {}
        # Whether the text sets a relative clause off by a comma (_set_off_relatives: a look at the
        # text once, not a pass over every clause's items)
        self.set_off = ", who " in text or ", which " in text
        # Objects read with the group after them ("one of your cards"), by where the count starts: what
        # a later verb takes of the one chosen ("select another of your personnel … to be killed")
        self.partitives: dict[int, Target] = {}
        # Whether the text says a change is cumulative (_noted_cumulative: a look at the text once)
        self.cumulative = "umulative" in text

    def attempt(self, items: list[Item]) -> tuple[list[Effect], Target | None, list[Condition]] | None:
        """effects() of a clause that may not read (a condition's, a parenthesis's, a trigger's): None
        when it does not, and then nothing it marked counts as held."""
        held = set(self.used)
        try:
            return self.effects(items)
        except NotUnderstood:
            self.used = held
            return None

    def phrase(self, toks: Sequence[Token]) -> Target:
        """The target of one noun phrase, with the relative clause relatives() read off it."""
        t = target(toks, self.text)
        if toks and toks[-1].end_pos in self.relative:
            clause, words, _, depth = self.relative[toks[-1].end_pos]
            t = shared(dataclasses.replace(t, relative=clause), relative=clause)
            self.used |= words  # the clause's words are held once the phrase is in the output
            self.deepest = max(self.deepest, depth)
        return t

    def relatives(self, items: list[Item], nested: bool = False) -> list[Item]:
        """Read relative clauses off the phrases they follow: "a personnel who has Leadership or
        Security", "each ship that has no crew", "your personnel who are stopped". The clause runs
        from its verb to the next verb, comma, condition or "to <verb>" (a purpose: "… to be
        stopped"); it is read as effects and kept on the phrase (Target.relative), and the items
        come back without it. A clause that cannot be read is left in place, so it is reported."""
        items = [self._relatives_inside(it) if it.kind == "paren" else it for it in items]
        if self.set_off:
            items = _set_off_relatives(items)
        # right to left, so a relative clause inside another is read first and its phrase, with
        # it, is part of the outer one: "Away Teams which include a personnel who matches …"
        i = len(items) - 2
        while i >= 0:
            it = items[i]
            if it.kind != "np":  # (each form below follows a phrase)
                i -= 1
                continue
            if items[i + 1].kind == "paren" and self._bracketed_relative(it, items[i + 1]):
                items = [*items[:i + 1], *items[i + 2:]]
                i = min(i - 1, len(items) - 2)
                continue
            taken = self._prepositional_relative(items, i)
            if taken:
                items = [*items[:i + 1], *items[i + taken:]]
                i = min(i - 1, len(items) - 2)
                continue
            # the clause's verb, after any adverbs: "a personnel who just died", "one adversary they
            # just stunned"
            j = i + 1
            while j < len(items) - 1 and items[j].is_link("ADV"):
                j += 1
            nxt = items[j]
            if nxt.kind != "verb":  # (and opens with a verb)
                i -= 1
                continue
            # "cards targeting this location", "2 ENGINEER remaining": a participle after a phrase,
            # in a clause whose own verb is another, is a relative clause without its pronoun
            # (one word: "is facing", a progressive, is the clause's own verb)
            surface = self.text[nxt.start:nxt.end].lower()
            ing = (j == i + 1 and not nxt.modal and len(nxt.toks) == 1 and surface.endswith("ing")
                   and " " not in surface)
            # the phrase opens the clause: the sentence's first, or the first after a prefix with no
            # verb of its own ("Once per turn, one such card reporting at this location may report …")
            opens = i == 0 or (items[i - 1].kind == "punct" and items[i - 1].lemma in ("COMMA", "COLON"))
            participle = ing and (any(x.kind == "verb" for x in items[:i])
                                  # "at (and [BO] cards targeting) this location", "(except a
                                  # dilemma requiring Greed)"
                                  or (nested and i == 1 and items[0].is_link("CONJ", "PREP"))
                                  # "Ships stopping on the gap kill one personnel": the subject's,
                                  # when the clause's own verb follows (checked below)
                                  or (opens and it.toks[-1].type != "DET"))  # (not "No beaming …")
            # "Any space dilemmas you encounter this turn also apply …", "one adversary they just
            # stunned": a clause with its own subject after a phrase, and no "that", is a relative
            # clause too, when the sentence has another verb for the phrase
            # ("a Jem'Hadar that you do not command": the same, after "that", and with "do not")
            marker = 1 if (len(it.toks) > 2 and str(it.toks[-2]).lower() in _RELATIVE_WORDS
                           and it.toks[-2].type in ("PRON", "DET")) else 0
            contact = (not participle and len(it.toks) > 1 + marker and it.toks[-1].type == "PRON"
                       and (not nxt.modal or nxt.modal.lower() in _NEGATING_AUXILIARIES)
                       and str(it.toks[-1]).lower() in _CONTACT_SUBJECTS
                       and it.toks[-2 - marker].type in HEAD_TYPES)
            # "two missions that your ships have visited": "that" and a phrase of its own, the
            # clause's subject, inside the phrase the grammar's greedy run made
            own_subject = 0 if participle or contact or nxt.modal else _subject_after_that(it.toks)
            if own_subject:
                contact = True
                marker = 1 if str(it.toks[own_subject - 1].value).lower() in ("that", "which") else 0
            # "kills a personnel present (opponent's choice) who has …": the pronoun alone after an
            # aside opens a relative clause of the phrase before the aside
            after_aside = (len(it.toks) == 1 and i > 1
                           and str(it.toks[0]).lower() in _RELATIVE_WORDS and it.toks[0].type == "PRON"
                           and items[i - 1].kind == "paren" and items[i - 2].kind == "np")
            if not participle and not contact and not after_aside and not (
                    len(it.toks) > 1 and str(it.toks[-1]).lower() in _RELATIVE_WORDS
                    and it.toks[-1].type in ("PRON", "DET")):
                i -= 1
                continue
            k = i + 1 + relative_length(items[i + 1:], self.text)
            while k > i + 2 and items[k - 1].start < it.start:
                # ("Return to your hand one personnel that was killed this turn", read with the object
                # first: the place, printed before the phrase, is none of its clause's)
                k -= 1
            if k > i + 2 and items[k - 1].kind == "paren" and (
                    self.text[items[k - 1].start + 1:items[k - 1].end - 1].strip(" .").lower() in _PICKED):
                # "kills two Away Team members who have Diplomacy (random selection)": how the phrase
                # is picked is said of the main clause's effect, not inside the relative clause
                k -= 1
            elif (k < len(items) and k - 3 > i + 1 and items[k].kind == "verb" and items[k - 1].kind == "np"
                  and items[k - 2].is_link("CONJ") and items[k - 3].kind == "punct"
                  and items[k - 3].lemma == "COMMA" and items[k - 1].toks[-1].type == "PRON"):
                # "… for each Platform that targets it, and you may exclude that ship …": a pronoun after
                # ", and" with a verb after it is that verb's subject, not more of the clause (a list's
                # last phrase is not: "any player who has a Prylar, Vedek, or Kai unopposed here may …")
                k -= 3
            elif k > i + 2 and items[k - 1].kind == "paren" and k == len(items) and any(
                    c.is_link("LIMIT") for c in items[k - 1].children):
                # "… in a personnel battle you just lost (limit once per battle).": a limit that ends
                # the sentence is the ability's, not the relative clause's
                k -= 1
            if participle and opens and not any(x.kind == "verb" for x in items[k:]):
                i -= 1
                continue
            second = next((j for j in range(i + 2, k - 1)
                           if items[j].is_link("CONJ") and items[j + 1].kind == "verb"), None)
            if second is not None and not any(x.kind == "verb" for x in items[k:]) and not (
                    not contact and (nxt.lemma != "be" or items[second + 1].lemma == "be")
                    and base_form(nxt, self.text) == base_form(items[second + 1], self.text)
                    and any(x.kind == "verb" for x in self._main_before(items, i))):
                # "a personnel who has Diplomacy and discards …": with no verb after the clause, the
                # second verb is the main clause's (not when both are printed as their lemma, after
                # "that" or "who", and the main verb came before: "… is immune to dilemmas that stop or
                # kill personnel"; "… release a captive you hold and score 5 points" goes on)
                k = second
            if contact and not any(x.kind == "verb" for x in (*self._main_before(items, i), *items[k:])):
                i -= 1
                continue
            subject_at = own_subject or len(it.toks) - 1  # (where the clause's subject starts)
            clause = [Item("np", it.toks[subject_at:]), *items[i + 1:k]] if contact else list(items[i + 1:k])
            read = self._relative_clause(clause)
            if read is None:
                i -= 1
                continue
            found, words = read
            head = (it if participle else items[i - 2] if after_aside
                    else Item("np", it.toks[:subject_at - marker]) if contact else Item("np", it.toks[:-1]))
            # the clause's words (and the pronoun) count as read only if the phrase is kept
            words |= {t.start_pos for t in it.toks[subject_at:]} if not participle else set()
            if contact and marker:
                words |= {it.toks[subject_at - 1].start_pos}
            self.relative[head.toks[-1].end_pos] = (tuple(found), frozenset(words), self.end_of(items[k - 1]),
                                                    self.clause_depth)
            items = [*items[:i], *items[k:]] if after_aside else [*items[:i], head, *items[k:]]
            i = min(i - 1, len(items) - 2)
        return items

    def _prepositional_relative(self, items: list[Item], i: int) -> int:
        """ "a ship battle in which your ship was damaged", "an attack in which you do not retaliate":
        a relative clause opened by a preposition and "which" (or "whom"), with a subject of its
        own, read onto the phrase before it as one after "that" is; how many items after the phrase
        it took (the preposition, the subject, the clause), or 0 if there is none or it does not read."""
        if i + 3 >= len(items) or not items[i + 1].is_link("PREP") or items[i + 2].kind != "np":
            return 0
        opener, *subject = items[i + 2].toks
        if opener.type not in ("PRON", "DET") or str(opener).lower() not in ("which", "whom") or (
                not subject or items[i + 3].kind != "verb"):
            return 0
        k = i + 3 + relative_length(items[i + 3:], self.text)
        read = self._relative_clause([Item("np", tuple(subject)), *items[i + 3:k]])
        if read is None:
            return 0
        found, words = read
        words |= {t.start_pos for t in items[i + 1].toks} | {opener.start_pos}
        self.relative[items[i].toks[-1].end_pos] = (tuple(found), frozenset(words), self.end_of(items[k - 1]),
                                                    self.clause_depth)
        return k - i

    def _bracketed_relative(self, phrase: Item, paren: Item) -> bool:
        """ "stop 2 MEDICAL present (who are not also targeted to die)": a relative clause in brackets
        after its phrase, read onto it as one without them is; False (and nothing read) if the
        bracket is something else or its clause does not read."""
        inner = _inside(paren)
        pronoun = inner[0].toks[0] if inner and inner[0].kind == "np" and len(inner[0].toks) == 1 else None
        if pronoun is None or pronoun.type != "PRON" or str(pronoun).lower() not in _RELATIVE_WORDS or (
                len(inner) < 2 or inner[1].kind != "verb"):
            return False
        read = self._relative_clause(inner[1:])
        if read is None:
            return False
        found, words = read
        words |= {t.start_pos for t in paren.toks}
        self.relative[phrase.toks[-1].end_pos] = (tuple(found), frozenset(words), paren.end,
                                                  self.clause_depth)
        return True

    def _relative_clause(self, clause: list[Item]) -> tuple[list[Effect], set[int]] | None:
        """A relative clause's effects and the words they hold, or None if it does not read as
        effects alone. Its words are not marked read here: only once its phrase is kept."""
        held = set(self.used)
        outer, self.deepest = self.deepest, 0  # (the clauses inside this one, as its phrases take them)
        found, _, conds = self.attempt(clause) or ([], None, [])
        self.clause_depth, self.deepest = self.deepest + 1, outer
        words = self.used - held
        self.used = held
        if self.clause_depth > MAX_RELATIVE_DEPTH:
            return None  # ("a personnel who has a personnel who has …" hundreds deep: its reading's
            # JSON went past Python's stack, a 500 over HTTP; left in place, it is reported)
        return (found, words) if found and not conds else None

    @staticmethod
    def _main_before(items: list[Item], i: int) -> list[Item]:
        """The items before ``items[i]`` that a main clause may be among: none while a prefix clause
        has not ended at a comma ("When … hits a ship, after applying damage it "ricochets" to …":
        "it ricochets" is the main clause the prefix runs into, not a clause of "damage")."""
        comma = next((k for k in range(i - 1, -1, -1)
                      if items[k].kind == "punct" and items[k].lemma in ("COMMA", "COLON")), -1)
        if comma + 1 < i and items[comma + 1].kind == "link" and items[comma + 1].lemma in _CONDITION_LINKS:
            return []
        return items[:i]

    def _phrase_of(self, it: Item) -> Target | None:
        """The target an item names, a phrase or any other item."""
        if it.kind == "np":
            return self.partitives.get(it.start) or self.phrase(it.toks)
        return self.target([it])

    def _relatives_inside(self, paren: Item) -> Item:
        """relatives() of a parenthesis's items: the parenthesis itself when none was read off."""
        children = self.relatives(list(paren.children), nested=True)
        before = paren.children
        if len(children) == len(before) and all(a is b for a, b in zip(children, before, strict=True)):
            return paren
        return dataclasses.replace(paren, children=tuple(children))

    def mark(self, items: Sequence[Item]) -> None:
        """These items are in the output (a target, a verb, a modifier, a condition's body)."""
        add = self.used.add
        for it in items:
            for t in it.toks:
                add(t.start_pos)

    def unread(self, items: Sequence[Item]) -> list[list[Token]]:
        """Runs of content tokens of ``items`` that no part of the output holds: the words a reading
        would otherwise drop without a trace. Punctuation and the words that only join clauses
        (and/or, to, if/when/while/unless, then, a modal) are structure, not content."""
        runs: list[list[Token]] = []
        gap = True
        for it in items:
            for t in it.toks:
                if t.type in STRUCTURE_TOKENS or t.start_pos in self.used or t.end_pos == t.start_pos:
                    gap = True
                    continue
                if gap:
                    runs.append([])
                runs[-1].append(t)
                gap = False
        return runs

    # --- phrases -----------------------------------------------------------------------------------
    def target(self, items: list[Item]) -> Target | None:
        """One target from a run of items: the phrases before any preposition are its head ("ships
        and facilities"); "in space", "without 3 Navigation" are its places; a comparison is a
        filter ("a unique [Holo] with INTEGRITY>6"). Marks what it holds."""
        if len(items) == 1 and items[0].kind == "np":  # the common case: one phrase
            self.mark(items)
            return self.phrase(items[0].toks)
        toks = []
        compares = []
        places: list[tuple[str, Target]] = []
        joined: list[tuple[str, Target]] = []  # "ships and facilities": another card type, joined
        pending: Item | None = None
        joint: Item | None = None  # the "and"/"or" just before, in the head
        list_word: str | None = None  # the word of a list of groups joined by commas
        for it in items:
            kind = it.kind
            if kind == "np":
                if pending is not None:
                    places.append((pending.word, self.phrase(it.toks)))
                    self.mark((pending, it))
                    pending = None
                elif places:  # "in space or in that region": another phrase of the same place
                    places.append((places[-1][0], self.phrase(it.toks)))
                    self.mark((it,))
                elif joint is not None and toks and (all(t.type == "PRON" for t in toks)
                                                     or _other_card_type(toks, it.toks, self.text)):
                    # "Your equipment and Borg personnel", "ships and facilities": a second card type
                    # is another group joined to the first (its type was dropped), not a filter of it;
                    # so is a phrase joined to a pronoun ("he or she and a second personnel")
                    joined.append((joint.word.lower(), self.phrase(it.toks)))
                    self.mark((joint, it))
                    if joint.kind == "punct":  # "ships, facilities, and personnel": the list's word
                        if list_word is None:  # (looked for once, not at every comma of a long list)
                            list_word = next((x.word for x in items if x.is_link("CONJ")), "and")
                        joined[-1] = (list_word, joined[-1][1])
                else:
                    toks += it.toks
                    self.mark((it,))
                joint = None
            elif (kind == "link" and it.lemma == "CONJ" or kind == "punct" and it.lemma == "COMMA") and (
                    not places and pending is None):
                joint = it if joint is None or kind == "link" else joint  # ("…, and": the word)
            elif kind == "link" and (it.lemma == "LOC" or (
                    it.lemma == "ADV" and not places and pending is None)):
                toks.append(it.toks[0])  # ("those already damaged": how the participle holds, a filter)
                self.mark((it,))
            elif kind == "link" and it.lemma in ("PREP", "TO"):
                if pending is not None and pending.word in v.ADVERB_PREPS and not places and toks:
                    # "Each unopposed CIVILIAN inside at start of …": where the head is
                    toks.append(pending.toks[0])
                    self.mark((pending,))
                pending = it
            elif kind == "cmp":  # "a unique [Holo] with INTEGRITY>6": a filter of the phrase
                compares.append(("compare", self.text[it.start:it.end]))
                self.mark((it,))
                if pending is not None:
                    self.mark((pending,))
                    pending = None
        if pending is not None and pending.word in v.ADVERB_PREPS:
            # "without 3 Navigation aboard", "with ENGINEER aboard": a preposition with no phrase
            # after it says where the phrase before it is
            if places and places[-1][1].where is None:
                places[-1] = (places[-1][0], dataclasses.replace(
                    places[-1][1], where=pending.word, text=f"{places[-1][1].text} {pending.word}"))
                self.mark((pending,))
            elif not places and toks:
                toks.append(pending.toks[0])
                self.mark((pending,))
        if not toks:
            if not compares and not places:
                return None
            return Target(filters=tuple(compares), text=_text(self.text, items), places=tuple(places))
        if places and places[0][0] == "of" and all(t.type in ("DET", "NUMBER") for t in toks):
            # a part of a group: "each of your Treachery personnel", "two of them", "one of your ships"
            head = self.phrase(toks)
            whole = places[0][1]
            return dataclasses.replace(whole, count=head.count, number=head.number,  # "up to four of …"
                                       filters=whole.filters + tuple(compares),
                                       places=tuple(places[1:]), text=_text(self.text, items))
        t = self.phrase(toks)
        if compares or places or joined:
            t = shared(t, places=tuple(places))  # "Your Breen and Jem'Hadar ships in battle"
            t = dataclasses.replace(t, filters=t.filters + tuple(compares), text=_text(self.text, items),
                                    places=tuple(places), also=t.also + tuple(joined))
        return t

    def object(self, it: Item) -> Target | None:
        """The target of one object item: a phrase, a comparison, or a phrase with places of its own
        that a parenthesis adds ("(on a Nor, one personnel at site of opponent's choice)")."""
        if it.kind == "np":
            return self.phrase(it.toks)
        if it.kind == "group":
            return self.target(list(it.children))
        return self.target([it])

    def condition(self, word: str, items: list[Item]) -> Condition:
        """condition_read() within a bound on how deep conditions nest: each may hold a clause
        (attempt()) that trails or holds a condition of its own ("STRENGTH +2 where STRENGTH +2 where
        …"), read by a call inside the call; card text nests two or three, and a hostile run deeper
        than Python's stack would raise (a 500 over HTTP)."""
        if self.depth >= MAX_CONDITION_DEPTH:
            raise NotUnderstood(f"conditions nested more than {MAX_CONDITION_DEPTH} deep")
        self.depth += 1
        try:
            return self.condition_read(word, items)
        finally:
            self.depth -= 1

    def condition_read(self, word: str, items: list[Item]) -> Condition:
        """An "if", "unless", "while", "until", timing … clause. With a verb or modifier it is read
        as any clause ("if opponent discards a card" -> effects); verbless ("unless aboard ship",
        "if Empathy present") its phrases are what it requires, with their prepositions as places.
        Words it cannot place are left unread, so they are reported."""
        for k in range(1, len(items) - 2):
            if items[k].lemma != "COMMA" or not items[k + 1].is_link("CONJ"):
                continue
            # "If you began … with only one personnel, or if all your missions have …": a second
            # condition, the other way it may hold ("or if") or another it needs ("and if"); "… is
            # -10 points if solved by opponent, or +10 if showing [KLI] icon …": with the value it
            # gives instead
            value = items[k + 2] if items[k + 2].kind == "signed" else None
            at = k + 3 if value is not None else k + 2
            rest = items[k + 2:]
            if value is None and any(it.kind == "punct" and it.lemma == "CMP" for it in rest) and not any(
                    it.kind in ("verb", "mod") or it.is_link(*_CONDITION_LINKS) for it in rest):
                # "If personnel are present, and the number of personnel … > lowest attribute
                # present": a comparison it also needs, with no "if" of its own
                first = self.condition(word, items[:k])
                second = self.condition(items[k + 1].word.lower(), rest)
                self.mark(items[k + 1:k + 2])
                return dataclasses.replace(first, raw=_text(self.text, items),
                                           conditions=first.conditions + (second,))
            if at < len(items) and items[at].is_link(*_CONDITION_LINKS):
                first = self.condition(word, items[:k])
                self.mark(items[k + 1:at])
                second = self.condition(items[at].word, items[at:])
                second = dataclasses.replace(
                    second, word=f"{items[k + 1].word.lower()} {second.word}",
                    instead=_text(self.text, [value]) if value is not None else second.instead)
                return dataclasses.replace(first, raw=_text(self.text, items),
                                           conditions=first.conditions + (second,))
        # the opening "if", "when", … is not part of the body
        opener = bool(items) and items[0].kind == "link" and items[0].lemma in _CONDITION_LINKS
        body = items[1:] if opener else items
        self.mark(items[:1])
        text = self.text
        requires = []
        comps = []
        verbs = []
        places: list[tuple[str, Target]] = []
        manner: list[str] = []
        if opener and text[items[0].start:items[0].end].lower().startswith("only "):
            manner.append("only")  # "only if": the one condition (the lexer's single token)
        negated = False
        effects: tuple[Effect, ...] = ()
        nested: tuple[Condition, ...] = ()
        inner_at = None  # the first "when" or "where" before any verb or modifier (one pass)
        for j, it in enumerate(body):
            if it.kind == "verb" or it.kind == "mod":
                break
            if j and it.kind == "link" and (
                    it.lemma == "WHEN" or (it.lemma == "SUB" and it.word in ("where", "when", "whenever"))):
                inner_at = j
                break
        if inner_at is not None and inner_at + 1 < len(body):
            # "If aboard your ship when it wins a battle", "If present where probing for {X}": a
            # verbless condition, then when or where it holds, a condition of its own
            nested = (self.condition(body[inner_at].word, body[inner_at:]),)
            body = body[:inner_at]
        if word.lower() in ("when", "whenever") and _verbless_passive(body):
            # "when Cryosatellite earned", "when {Korris} or {Konmel} killed in battle": 1E's verbless
            # passive, an event ("if ship damaged" is a state, and stays a requirement)
            body = telegraphic(body)
        if any(it.kind in ("verb", "mod") for it in body):
            read = self.attempt(body)
            if read is not None:
                found, subject, conds = read
                effects = tuple(found)
                nested += tuple(conds)  # "if you solve this mission before countdown expires"
        pending: Item | None = None
        pending_measure = ""
        for at, it in enumerate(body):
            kind = it.kind
            if kind == "np" and pending is None and _time_phrase(it) and at:
                # "if you solve mission this turn": when, as after a verb
                places.append(("during", self.phrase(it.toks)))
                self.mark((it,))
            elif kind == "np" and at + 1 < len(body) and body[at + 1].kind == "cmp" and _a_measure(it, text):
                # "Unless total CUNNING>40", "if their individual CUNNING<9": how the attribute is
                # counted, the comparison's (not a card the condition asks for)
                pending_measure = " ".join(text[it.start:it.end].lower().split())
                self.mark((it,))
            elif kind == "np":
                requires.append(self.phrase(it.toks))  # self.target([it]): never None for a phrase
                if pending is not None:
                    places.append((pending.word, requires[-1]))
                    self.mark((pending,))
                    pending = None
                if not effects:
                    self.mark((it,))
            elif kind == "cmp" or kind == "mod":
                comps.append(_compared(it, text, pending_measure))
                pending_measure = ""
                if not effects:
                    self.mark((it,))
            elif kind == "verb":
                verbs.append(v.EFFECT_VERBS.get(it.lemma, it.lemma))
            elif kind == "link" and it.lemma in ("PREP", "TO") and not effects:
                if pending is not None and pending.lemma == "PREP":  # "unless Youth aboard by end …"
                    manner.append(pending.word)
                    self.mark((pending,))
                pending = it
            elif kind == "punct" and it.lemma == "CMP" and not effects and requires:
                # "if Away Team's Greed>Honor": a comparison of two phrases, kept whole
                left = body[at - 1] if at else it
                right = body[at + 1] if at + 1 < len(body) and body[at + 1].kind == "np" else it
                comps.append({"attribute": requires[-1].text, "text": text[left.start:self.end_of(right)]})
                self.mark((it,))
            elif kind == "link" and it.lemma in ("LOC", "ADV") and not effects:
                manner.append(it.word)
                self.mark((it,))
            elif kind == "link" and it.lemma == "NOT" and not effects:
                negated = True
                self.mark((it,))
            elif kind == "paren" and not effects:
                # "where present (for free)": a note on how, or a condition of its own
                inner = _inside(it)
                words = _note_words(it, text)
                if inner and _how_note(inner, words):
                    manner.append(words)
                    self.mark((it,))
                elif inner and inner[0].kind == "link" and inner[0].lemma in _CONDITION_LINKS:
                    nested += (self.condition(inner[0].word, inner),)
                elif (cut := next((k for k, c in enumerate(inner) if k and c.kind == "link"
                                   and c.lemma in _CONDITION_LINKS), None)) and _how_note(
                        inner[:cut], how := _text(text, inner[:cut]).lower()):
                    # "where present (for free if Jake)": how, and when it holds so
                    manner.append(how)
                    self.mark(inner[:cut])
                    nested += (self.condition(inner[cut].word, inner[cut:]),)
                elif len(inner) > 2 and inner[0].is_link("CONJ") and inner[1].is_link("PREP"):
                    # "during your next turn (or at game end, if sooner)": another time or place,
                    # then maybe when that one holds instead
                    self.mark(inner[:1])
                    for part in split_top(inner[1:], _ASIDE_SPLIT):
                        link = part[0].word if part[0].is_link(*_CONDITION_LINKS) else inner[0].word
                        nested += (self.condition(link, part),)
                elif inner and all(c.kind == "np" or c.is_link("CONJ") for c in inner):
                    # "(or a copy)": another thing the condition asks for
                    requires += [self.phrase(c.toks) for c in inner if c.kind == "np"]
                    self.mark(inner)
                elif len(inner) > 2 and inner[0].is_link("CONJ") and inner[1].kind == "np" and all(
                        c.kind == "np" or c.is_link("PREP", "LOC", "CONJ") for c in inner[2:]):
                    # "(or your [OS] ship with 2 ENGINEER aboard)": another, with places of its own
                    other = self.target(inner[1:])
                    if other is not None:
                        requires.append(other)
                        self.mark(inner[:1])
        if pending is not None and pending.lemma == "PREP":  # "if V.I.P. aboard"
            manner.append(pending.word)
            self.mark((pending,))
        need = None
        if not effects and len(requires) + len(comps) > 1 and not negated and any(
                it.is_link("CONJ") and it.word.lower() == "or" for it in body):
            # "Unless 2 hand weapons OR 3 SECURITY present": which of them it needs, "or" and "+" kept
            # (without an "or", all of them: as ``requires`` lists them)
            need = condition_requirements([t for it in body for t in it.toks])
        return Condition(word, self.span(items), tuple(requires), tuple(comps), tuple(verbs),
                         effects=effects, places=tuple(places), manner=tuple(manner), negated=negated,
                         conditions=nested, need=need)

    # --- effects -----------------------------------------------------------------------------------
    def effects(self, items: list[Item], optional_default: bool = False) -> tuple[list[Effect], Target | None,
                                                                                   list[Condition]]:
        """Effects of one main clause, its subject, and conditions that trail it."""
        text = self.text
        conditions: list[Condition] = []
        if len(items) > 3 and items[1].kind != "verb":
            items = self._interposed_condition(items, conditions)
        n = len(items)
        # The common clause has a verb or modifier before any condition link: one pass finds the
        # first of them and the subject (the items before it).
        first = n  # index of the first verb or modifier
        subject_items: list[Item] = []
        for i in range(n):
            it = items[i]
            kind = it.kind
            if kind == "verb" or kind == "mod":
                first = i
                break
            if kind == "link" and i and it.lemma in _CONDITION_LINKS:
                break  # a condition before any verb: the verbless, telegraphic clause
            if kind != "punct" or (it.lemma == "COMMA" and subject_items):
                subject_items.append(it)
        if first == n:
            items, first, subject_items = self._telegraphic_clause(items, conditions)
            n = len(items)
        else:
            # a trailing condition: "… unless 4 ENGINEER present", "… until end of turn"; after it,
            # a later verb may have one of its own ("… while player shows X, returns it and plays
            # any card as if played normally")
            i = first
            while i + 1 < n:
                i += 1
                it = items[i]
                if it.kind == "link" and it.lemma in _CONDITION_LINKS:
                    second = _second_condition(items, i, text)
                    if second is not None:
                        # "May attack while cloaked if commanded by …", "… before proceeding on next
                        # turn, unless Navigation aboard": a condition with no verb of its own (a
                        # gerund names an action), then another of its own, not a part of the first
                        # (told before where the clause goes on is looked for along the rest of it:
                        # a hostile run of "if if if …" looked once for each)
                        comma = items[second - 1].lemma == "COMMA"
                        conditions.append(self.condition(it.word, items[i:second - comma]))
                        if comma:
                            self.mark(items[second - 1:second])
                        items = items[:i] + items[second:]
                        n = len(items)
                        i -= 1
                        continue
                    # where the clause goes on after the condition (clauses.lark's ``trailing``)
                    goes_on = condition_end(items[i:], text)
                    # where the condition stops, and where the clause goes on (past a comma between)
                    stop = resume = n if goes_on is None else i + goes_on[0]
                    if goes_on is not None:
                        resume += goes_on[1]
                    if i > 1 and items[i - 1].lemma == "COMMA" and items[i - 2].is_link("CONJ"):
                        # "… are "stopped" and, if possible, relocated to …": set off by commas
                        # after "and", the condition ends at the second comma
                        comma = next((j for j in range(i + 1, n - 1) if items[j].lemma == "COMMA"), None)
                        if comma is not None and comma < stop:
                            stop, resume = comma, comma + 1
                    last = items[n - 1]
                    if stop == n and n - 1 > i + 1 and last.kind == "paren" and any(
                            c.kind == "verb" for c in last.children) and (
                            not last.children[0].is_link(*_CONDITION_LINKS)
                            or is_sentence(list(last.children), text)):
                        # "… whenever possible (no leader is required and …)", "… if X (just before
                        # undocking, that personnel may board ship)": a clause in brackets at the
                        # end is the main clause's aside, not the condition's
                        stop = resume = n - 1
                    elif stop == n and n - 1 > i + 1 and last.kind == "paren" and _how_note(
                            _inside(last), _note_words(last, text)):
                        # "May report where {Captain Kirk} is present (for free).", "… if X present
                        # (random selection)": how the main clause's verb is done, not the condition
                        stop = resume = n - 1
                    cond = self.condition(it.word, items[i:stop])
                    if i > first + 2 and items[i - 1].kind == "signed" and items[i - 2].is_link("CONJ"):
                        # "is RANGE +2, or +3 if ship is Defiant class": what it gives instead, and when
                        self.mark(items[i - 2:i])
                        cond = dataclasses.replace(cond, instead=_text(text, items[i - 1:i]))
                        i -= 3 if items[i - 3].kind == "punct" and items[i - 3].lemma == "COMMA" else 2
                    conditions.append(cond)
                    if stop == n:  # the condition runs to the end of the clause
                        items = items[:i]
                        n = i
                        break
                    items = items[:i] + items[resume:]
                    n = len(items)
        for it in subject_items if first < n else ():  # (no verb at all: the reason says so later)
            if it.kind in _NOT_SUBJECT or (it.kind == "link" and it.lemma in _NOT_SUBJECT
                                           and it.word.lower() not in _SUBJECT_SUBORDINATORS
                                           and not (it.lemma == "NOT" and it is subject_items[-1]
                                                    and items[first].negated)):  # "Not exposed by …"
                raise NotUnderstood(f"'{text[it.start:it.end]}' before the verb is not part of a subject")
        if first < n and subject_items and subject_items[0].is_link("PREP") and len(subject_items) > 1 and (
                any(it.kind == "punct" and it.lemma == "COMMA" for it in subject_items)):
            # "As long as you command …, your ships …" read before "as long as" was known: a phrase
            # opening with a preposition and running past a comma is a prefix the reader does not
            # know, not a subject
            raise NotUnderstood(f"'{text[subject_items[0].start:subject_items[0].end]}' opens a phrase "
                                "the reader cannot place before the verb")
        # a parenthesis in the subject says how it is chosen: "one personnel (random selection) dies"
        subject_asides = [it for it in subject_items if it.kind == "paren"]
        # an adverb or purpose before the verb says how or why: "Randomly select …", "To get past
        # requires …", "Otherwise, …": the first effect's manner
        lead_manner = [it for it in subject_items if it.kind == "link" and it.lemma in ("ADV", "SUB", "THEN")]
        subject_items = _without([it for it in subject_items if it.kind != "paren"], lead_manner)
        self.mark(lead_manner)
        if subject_items and subject_items[-1].is_link("NOT") and first < n and items[first].negated:
            self.mark(subject_items[-1:])  # "Not exposed by …": the verb's negation, held by it
            subject_items = subject_items[:-1]
        before_subject = set(self.used)
        subject = self.target(subject_items) if subject_items else None
        instead: tuple = ()
        if subject is not None:
            subject, subject_asides = self._joined(subject, subject_asides)
            instead = tuple(p for p in subject.places if p[0] == "in place of")
            if instead:
                # "any player … may, in place of one card draw, draw two cards": what the action is
                # done instead of is the action's, not where the player is
                subject = dataclasses.replace(subject, places=tuple(
                    p for p in subject.places if p[0] != "in place of"))
                at = next((k for k, it in enumerate(subject_items) if it.is_link("PREP")
                           and it.word.lower() == "in place of"), 0)
                kept = [it for it in subject_items[:at] if it.kind != "punct"]
                if kept:  # (nor are its words: "Any player may, in place of …," is "Any player")
                    subject = dataclasses.replace(subject, text=self.span(kept))
        # Each verb group (or run of modifiers) starts an effect, holding the items after it up to the
        # next (clauses.lark's ``predicate`` says which items are which). A group is [verb, objects,
        # places, mods, first item, alternative, manner, chosen, own subject, where the effect opens
        # (its own subject, or the joint before it: the effect before ends there)].
        found: list[list] = []
        asides: list[Effect] = []   # what parentheses in the clause do: "(that personnel is stopped instead)"
        alternative = False
        merged = _own_subjects_with_places(items[first:n]) if first < n else None
        if merged is not None:
            items = [*items[:first], *merged, *items[n:]]
            n = first + len(merged)
        listed = _list_verbs(items, n)
        for kind, parts in predicate(items[first:n], text) if first < n else ():
            own = None
            opens = first + (parts[0][1] if isinstance(parts[0], tuple) else parts[0].start_pos)
            then = False  # the effect opens with "then": the order, kept as its manner
            if not isinstance(parts[0], tuple) and parts[0].type in ("ANDS", "ORS", "COMMAS", "THENS"):
                # the joint before a verb's own subject
                alternative = alternative or parts[0].type == "ORS"
                then = parts[0].type == "THENS"
                parts = parts[1:]
            own_aside = None
            if isinstance(parts[0], tuple):  # ("own", index, aside): "… and opponent may draw"
                if parts[0][2] is not None:  # "…, but one android present (your choice) dies …"
                    own_aside = items[first + parts[0][2]]
                own, parts = items[first + parts[0][1]], parts[1:]
            k = first + parts[0].start_pos
            it = items[k]
            current = found[-1] if found else None
            if kind == "effect":
                if (current is not None and current[0] is not None and current[0].lemma in ("require", "need")
                        and items[k - 1].is_link("TO") and all(x.kind == "punct" for x in items[k + 1:n])):
                    # "requires STRENGTH>18 to pass", "needs an additional 40 points to win": what it is
                    # required for, not a second effect
                    current[6].append(f"to {_text(text, [it]).lower()}")
                    self.mark((items[k - 1], it))
                    continue
                # "choose a personnel to be stopped": what the earlier verb picked is what the
                # passive after "to" acts on
                chosen = (current[1][0] if current is not None and current[1] and (
                    it.lemma in ("be", "die") or (current[0] is not None and current[0].lemma in _PICKING))
                          and (items[k - 1].is_link("TO") or (  # ("… to instead be assimilated")
                              items[k - 1].is_link("ADV") and items[k - 2].is_link("TO"))) else None)
                # "Opponent may not seed or build facilities", "you may draw a card and discard one": a
                # bare verb joined to one with a modal, with no subject of its own, shares its modal
                # and negation (which a lone verb group cannot hold)
                shared = None
                if (current is not None and current[0] is not None and own is None and not it.modal
                        and ((items[k - 1].is_link("CONJ") and items[k - 1].word in ("or", "and", "nor"))
                             or k in listed)
                        and base_form(it, text)):  # (not "… may carry three personnel and is RANGE -2")
                    # ("You may draw, discard, or shuffle a card.": so does each verb of a list)
                    shared = current[10] or _modal_of(current[0])
                # adverbs in the group, and a negation other than "not", are how: "may just discard",
                # "no longer qualifies"
                current = [it, [], [], None, k, alternative,
                           [t.value.lower() for t in it.toks if t.type == "ADV" or (
                               t.type == "NOT" and t.value.lower() != "not") or (
                               t.type == "MODAL" and t.value == "have")], chosen, own, opens, shared]
                for aside in (*subject_asides, *((own_aside,) if own_aside is not None else ())):
                    self.aside(aside, current, conditions, asides)
                subject_asides = []
                current[6][:0] = [it.word for it in lead_manner]
                lead_manner = []
                if found and _adverb_ahead(items, k - 1):  # (before the first verb: lead_manner's)
                    current[6].insert(0, items[k - 1].word)  # "… and randomly kill …" (Reader._part)
                    self.mark((items[k - 1],))
                if then or (opens > first and items[opens - 1].is_link("THEN")):
                    # "discard your hand, then draw …", "…, then owner loses points": the order, kept on
                    # the verb it comes before
                    current[6].insert(0, "then")
                    self.mark((items[opens] if then else items[opens - 1],))
                alternative = False
                self.mark((it,))
            else:  # a run of attribute changes with no verb: "STRENGTH +2 and CUNNING +1"
                self.mark((it,))
                current = [None, [], [], [it], k, alternative, [], None, None, k, None]
                alternative = False
            found.append(current)
            for part in parts[1:]:
                if self._part(part, current, items, first, n, conditions, asides):
                    alternative = True
                elif alternative and not isinstance(part, tuple) and part.type == "NP":
                    # "place here one or two Jem'Hadar …, then draw", "Discard one or two cards and
                    # draw …": an object after the "or" in the same effect, the "or" joined its
                    # objects, not two choices (a place after it may be the next verb's: "gain … OR at
                    # end of turn, draw …")
                    alternative = False
        effects: list[Effect] = []
        last = len(found) - 1
        for g, group in enumerate(found):
            made = len(effects)
            self.make_effects(group, items, found[g + 1][9] if g < last else n, subject, optional_default,
                              effects)
            if (g and made == len(effects) - 1 and made and effects[made - 1].verb == "download"
                    and effects[made].verb == "join" and group[0] is not None and group[4]
                    and items[group[4] - 1].is_link("TO")):
                # "download {Jake Sisko} to join him", "Download a [NA] SECURITY personnel to that
                # location to join the battle": whom or what the card downloaded joins, a place of
                # the download (three label authors), not an effect of its own
                joined = effects.pop()
                download = effects[-1]
                whom = joined.object
                if whom is not None and joined.objects:  # "to join crew or Away Team"
                    joint = "or" if " or " in joined.raw else "and"
                    whom = dataclasses.replace(whom, also=(*whom.also, *((joint, o) for o in joined.objects)))
                joins = (("to join", whom),) if whom is not None else ()
                effects[-1] = dataclasses.replace(download, places=(*download.places, *joins, *joined.places),
                                                  raw=f"{download.raw} to {joined.raw}")
        if not effects and not asides:
            self.used = before_subject  # no effect holds the subject: its words are not read
        if instead and effects:
            effects[0] = dataclasses.replace(effects[0], places=(*instead, *effects[0].places))
        if subject is not None or conditions:
            effects, subject, conditions = self._settled(effects, subject, conditions, items)
        main = _attribute_changes(_causatives(_chosen_at_random(effects)))
        if self.cumulative:
            main = _noted_cumulative(main)
        if asides and any(k < 0 for c in conditions for k in c.applies_to):
            # a bracket's condition holds for its effects, placed after the clause's own: -1 - i marks
            # the i-th of the asides
            conditions = [dataclasses.replace(c, applies_to=tuple(len(main) - 1 - k if k < 0 else k
                                                                  for k in c.applies_to)) for c in conditions]
        return main + asides, subject, conditions

    def _settled(self, effects: list[Effect], subject: Target | None, conditions: list[Condition],
                 items: list[Item]) -> tuple[list[Effect], Target | None, list[Condition]]:
        """What the clause's effects, subject and trailing conditions say once read together: a "No"
        subject that bans, a condition after ", but" that is the later clause's, "if you wish" that
        is a choice, attributes joined before one change that are the card's own."""
        if subject is not None and subject.text.lower() == "no" and subject.type is None and not (
                subject.filters or subject.owner or subject.places):
            # "No reporting aboard.", "No beaming up or taking off from planet.": what is not allowed,
            # a prohibition (the "No" read as a subject counting none)
            effects = [dataclasses.replace(e, subject=None, negated=True) if e.subject == subject else e
                       for e in effects]
            subject = None
        if len(effects) > 1 and conditions and items:
            conditions = self._scoped_after_but(effects, conditions, items[0].start, self.end_of(items[-1]))
            if len(conditions) == 2 and conditions[1].word == "otherwise":
                conditions = self._scoped_otherwise(effects, conditions, items[0].start)
            elif any(e.alternative for e in effects):
                conditions = self._scoped_to_the_last_use(effects, conditions, items[0].start)
        wish = next((c for c in conditions if "if " in c.raw
                     and _AS_YOU_WISH.fullmatch(c.raw.strip().lower())), None) if conditions else None
        if wish is not None and effects:
            # "Insert it anywhere within your draw deck if you wish.": a choice, "you may", not a
            # condition of the game's
            conditions = [c for c in conditions if c is not wish]
            effects = [dataclasses.replace(e, optional=True, manner=(*e.manner, wish.raw.strip().lower()))
                       if k == 0 else dataclasses.replace(e, optional=True) for k, e in enumerate(effects)]
        if subject is not None and subject.type is None and subject.filters and effects and all(
                k == "attribute" for k, _ in subject.filters) and not (
                subject.owner or subject.where or subject.count) and any(e.verb == "modify" for e in effects):
            # "WEAPONS and SHIELDS +3 at {Wolf 359}.": the first attribute of the changes, not whose
            # they are (the card's, as "WEAPONS +3 and SHIELDS +3" says); "WEAPONS or SHIELDS are +4
            # …, then discard objective": nor the discard's, which says its own object ("WEAPONS are
            # disabled and SHIELDS -2": what is disabled keeps them)
            effects = [dataclasses.replace(e, subject=None) if e.subject is subject and (
                e.verb == "modify" or e.object is not None) else e for e in effects]
            if all(e.subject is None for e in effects):
                subject = None
        return effects, subject, conditions

    def _scoped_to_the_last_use(self, effects: list[Effect], conditions: list[Condition],
                                start: int) -> list[Condition]:
        """ "Seed one OR build where you have a Klingon ENGINEER.", "Report a changeling there OR score
        points if you have an intruder aboard.": an "if" or "where" printed after the last of uses
        set apart by a capital "OR", each with words of its own, is that use's (``applies_to``), not
        the others' ("Seeds or plays on table if …": a verb printed alone shares the rest)."""
        last = max(k for k, e in enumerate(effects) if e.alternative)
        before = effects[last - 1] if last else None
        if before is None or not before.raw or not effects[last].raw or _printed_alone(before):
            return conditions
        text = self.text
        at = text.find(effects[last].raw, start)
        if at < 0 or not text[max(0, at - 16):at].rstrip().endswith(" OR"):  # (a look just before it)
            return conditions
        mine = tuple(range(last, len(effects)))
        return [dataclasses.replace(c, applies_to=mine)
                if not c.applies_to and c.word.lower() in ("if", "where") and text.find(c.raw, at) > at else c
                for c in conditions]

    def _scoped_otherwise(self, effects: list[Effect], conditions: list[Condition],
                          start: int) -> list[Condition]:
        """ "One Away Team member is "stopped" if opponent's score is odd, killed otherwise.": a
        condition printed between the clause's effects holds for those before it, and the
        "otherwise" after them for those after it (``applies_to``), as "If A, X; otherwise, Y." says
        with the condition first. A condition that already says which effects it holds for keeps
        them."""
        first, other = conditions
        if first.applies_to or other.applies_to or not first.raw or not all(e.raw for e in effects):
            return conditions
        text = self.text
        at = text.find(first.raw, start)
        if text.find("otherwise", at + len(first.raw)) < 0:  # (the "otherwise" printed after it)
            return conditions
        pos, where = start, []
        for e in effects:  # (each effect's first word in order: the later one may be inside the first's)
            found = re.compile(r"\b" + re.escape(e.raw.split()[0]) + r"\b").search(text, pos)
            pos = found.start() if found else -1
            where.append(pos)
            pos += 1
        before = tuple(k for k, p in enumerate(where) if 0 <= p < at)
        after = tuple(k for k, p in enumerate(where) if p > at)
        if not before or not after or len(before) + len(after) != len(effects):
            return conditions
        return [dataclasses.replace(first, applies_to=before), dataclasses.replace(other, applies_to=after)]

    def _scoped_after_but(self, effects: list[Effect], conditions: list[Condition], start: int,
                          end: int) -> list[Condition]:
        """ "Each of your personnel present is STRENGTH +3, but loses 1 Diplomacy unless aboard your
        ship.": a condition trailing the clause after ", but" is that clause's, not the first's (the
        STRENGTH +3 holds aboard too); it says which effects it holds for (``applies_to``)."""
        text = self.text
        found = _COMMA_BUT.search(text, start, end)  # (the comma may be printed inside a quote)
        if found is None:
            return conditions
        but = found.start()
        at = [text.find(e.raw, start, end) if e.raw else -1 for e in effects]
        later = tuple(k for k, pos in enumerate(at) if pos > but)
        if not later or len(later) == len(effects) or any(pos < 0 for pos in at):
            return conditions

        def later_clauses(cond: Condition) -> bool:  # (printed after "but", up to just past its end)
            pos = text.find(cond.raw, but) if cond.raw else -1
            return 0 <= pos <= end + 2
        return [dataclasses.replace(c, applies_to=later) if not c.applies_to and later_clauses(c) else c
                for c in conditions]

    def _part(self, part, group: list, items: list[Item], first: int, n: int, conditions: list[Condition],
              asides: list[Effect]) -> bool:
        """Put one part of a ``predicate`` effect (a terminal, or a tuple its rule made) into its
        ``group``; True for an "or" (the next effect is the other choice)."""
        text = self.text
        if isinstance(part, tuple):
            what, at = part
            if what == "place":  # "from hand", "in this crew or Away Team": the preposition goes on each
                prep = items[first + at[0]]
                self.mark((prep,))
                for j in at[1:]:
                    it = items[first + j]
                    if it.kind != "link" and it.kind != "punct":  # (an "or" or a comma here joins
                        # places, not effects)
                        group[2].append((prep.word, it))
                return False
            if what == "particle":  # "report aboard", "beam up"
                prep = items[first + at]
                group[6].append(prep.word)
                self.mark((prep,))
            elif what == "worth":  # "discard up to four hand weapons for +5 each": what each is worth
                prep, amount = items[first + at[0]], items[first + at[1]]
                group[6].append(f"{prep.word} {_text(text, [amount])}")
                self.mark((prep, amount))
            return False
        name = part.type
        k = first + part.start_pos
        it = items[k]
        if name == "MOD":
            self.mark((it,))
            if group[3] is None:
                group[3] = [it]
            else:
                group[3].append(it)
        elif name == "NP" and _time_phrase(it):
            # "are STRENGTH +2 this turn", "cannot battle this turn": when, not what it acts on
            group[2].append(("during", it))
        elif name in ("NP", "CMP", "NPM", "NPV"):  # cmp: "… with INTEGRITY<5", "requires CUNNING>24"
            group[1].append(it)
        elif name == "SIGNED":
            if group[0] is not None and group[3] is None and it.amount is not None and _takes_value(
                    group[0], group[1]):
                # "RANGE, WEAPONS, and SHIELDS are +2": the amount, the attributes are the subject;
                # "are each attributes all -2", "are span -1": the attribute is the phrase before it;
                # "enhances its attributes all +1": the attribute the verb changes
                attr = ""
                if group[1]:
                    named = group[1].pop()
                    self.mark((named,))
                    attr = next((str(t.value) for t in named.toks if t.type in ("ATTR", "NOUN")), "")
                    lead = named.toks[:_attribute_at(named.toks)]
                    if lead and lead[0].type not in ("DET", "OWNER") and group[8] is None:
                        # "make him attributes all +5": what changes ("its attributes": the card's own)
                        group[8] = Item("np", lead)
                toks = it.toks
                if k + 1 < n and items[k + 1].kind == "np" and _text(text, items[k + 1:k + 2]).lower() in (
                        "points", "point"):
                    toks = (*it.toks, *items[k + 1].toks)  # "are +5 points": the unit goes with it
                    self.mark(items[k + 1:k + 2])
                    attr = attr or "points"
                self.mark((it,))
                group[3] = [Item("mod", toks, attr=attr, amount=it.amount)]
            elif group[3] is None and it.amount is not None and k > first:
                # "make each of your [Fed] personnel present attributes all +1": the phrase before the
                # amount ran on into the attribute it changes (a phrase is read greedily)
                before = items[k - 1]
                at = _attribute_at(before.toks)
                places = group[2]
                if 0 < at < len(before.toks) and (group[1][-1:] == [before] or (
                        places and places[-1][1] is before)):
                    head, attr_toks = Item("np", before.toks[:at]), before.toks[at:]
                    if group[1][-1:] == [before]:
                        group[1][-1] = head
                    else:
                        places[-1] = (places[-1][0], head)
                    self.mark((Item("np", attr_toks), it))
                    group[3] = [Item("mod", (*attr_toks, *it.toks), attr=str(attr_toks[0].value),
                                     amount=it.amount)]
        elif name == "PAREN":
            self.aside(it, group, conditions, asides)
        elif name == "OR" or name == "ORN":
            return True
        elif name == "LOC":
            group[2].append(("where", it))
            self.mark((it,))
        elif name == "ADV":  # "discard it now instead", "place it randomly"
            if not _adverb_ahead(items, k, n):  # (one of the next verb's: effects() gives it there)
                group[6].append(it.word)
                self.mark((it,))
        elif name == "NOT" and group[0] is not None and not group[1] and not group[0].negated:
            # "is not exposed": the negation between "be" and its participle
            group[0] = Item("verb", group[0].toks, group[0].lemma, group[0].modal, True)
            self.mark((it,))
            if it.word != "not":  # "no longer", "never": how it is negated
                group[6].append(it.word)
        return False

    def _joined(self, subject: Target, asides: list[Item]) -> tuple[Target, list[Item]]:
        """A parenthesis in the subject that joins another card or group to it, "up to 10 of this
        group's tribbles (and/or your Tribble Bomb present)", is part of the subject; the others
        are asides."""
        rest = []
        for paren in asides:
            inner = _inside(paren)
            k = 0  # the joining words: "or", "and/or"
            while k < len(inner) and (inner[k].is_link("CONJ") or inner[k].lemma == "SLASH"):
                k += 1
            if 0 < k < len(inner) and inner[k].kind == "np" and all(
                    c.kind == "np" or c.is_link("LOC", "CONJ") for c in inner[k:]):
                other = self.target(inner[k:])
                if other is not None:
                    self.mark(inner[:k])
                    joint = "".join(self.text[c.start:c.end] for c in inner[:k]).lower()
                    subject = dataclasses.replace(subject, also=subject.also + ((joint, other),))
                    continue
            counted = k == 0 and inner[0].kind == "np" and inner[0].toks[0].type == "NUMBER"
            if counted and len(inner) > 1 and all(c.kind == "np" or c.is_link("CONJ") for c in inner):
                # "Two personnel (one [Holo] and one non-[Holo]) are killed": which ones they are,
                # part of the subject, not objects of its verb
                named = tuple(("namely", self.phrase(c.toks)) for c in inner if c.kind == "np")
                subject = dataclasses.replace(subject, also=subject.also + named)
                self.mark(inner)
                continue
            rest.append(paren)
        return subject, rest

    def aside(self, paren: Item, group: list, conditions: list[Condition], asides: list[Effect]) -> None:
        """Read a parenthesis inside a clause into the effect it follows (``group``, as effects()
        builds it). Its parts, split at commas and semicolons, are each one of: a note on how it is
        done ("random selection", "your choice", "for free", "once each turn") -> manner; "if …" a
        condition; a place ("on table", "except a Nor") -> a place; an alternative value ("or +2 if
        they also have Youth", "two if …") -> a condition with what it gives instead; a clause of its
        own ("that personnel is stopped instead") -> effects; phrases ("a Nor or a Bajoran") -> more
        objects. A part that is none of these is left unread, so it is reported."""
        inner = _inside(paren)
        if not inner:
            return
        if len(inner) > 3 and inner[0].is_link("PREP") and any(c.kind == "verb" for c in inner[2:]):
            inner = self.relatives(inner, nested=True)  # "(except a dilemma requiring Greed)"
        if len(inner) > 1 and self.note(inner) is not None:
            end = self.held_whole(inner)
            group[6].append(" ".join(self.text[inner[0].start:end].lower().split()))
            self.mark((paren,))
            return
        for part in split_top(inner, _ASIDE_SPLIT):
            self.aside_part(part, group, conditions, asides)

    def span(self, items: list[Item]) -> str:
        """The text of ``items``, with a relative clause read off the last one: "If you command a
        ship that has no crew", not "If you command a ship"."""
        return self.text[items[0].start:self.end_of(items[-1])] if items else ""

    def end_of(self, item: Item) -> int:
        """Where ``item`` ends in the text, with the relative clause read off it if it is a phrase
        that had one ("cards" of "cards which close doorways")."""
        return self.relative[item.end][2] if item.kind == "np" and item.end in self.relative else item.end

    def held_whole(self, items: list[Item]) -> int:
        """Mark ``items`` as held, with any relative clause read off their last phrase (a note keeps
        its words as text: "(immune to cards which close doorways)"); returns where they end."""
        self.mark(items)
        last = items[-1]
        if last.kind == "np" and last.end in self.relative:
            self.used |= self.relative[last.end][1]
        return self.end_of(last)

    def aside_part(self, inner: list[Item], group: list, conditions: list[Condition],
                   asides: list[Effect]) -> None:
        text = self.text
        if (len(inner) == 3 and inner[0].is_link("CONJ") and inner[1].kind == "np"
                and [t.type for t in inner[1].toks] == ["PART"] and inner[2].is_link("PREP")
                and group[0] is not None and inner[1].toks[0].value == group[0].lemma):
            # "naming (or named by) Benefactor": the verb's passive, the other way round, a manner
            group[6].append(" ".join(text[inner[0].start:inner[-1].end].lower().split()))
            self.mark(inner)
            return
        if len(inner) > 1 and inner[0].is_link("CONJ") and inner[1].kind != "signed" and not (
                inner[1].kind == "np" and inner[1].toks[0].type in ("NUMBER", "ICON")) and any(
                c.kind == "link" and c.lemma in ("PREP", "LOC") for c in inner[1:]):
            # "(or on {Qo'noS})", "(or another copy of this doorway)": another place or object, read
            # as the part it is ("(or +2 if …)" is an alternative value, below)
            self.mark(inner[:1])
            inner = inner[1:]
        words = " ".join(text[inner[0].start:self.end_of(inner[-1])].lower().split())  # relative included
        first = inner[0]
        if first.kind == "verb" and first.lemma == "use" and words.startswith("using ") and (
                len(inner) > 1 and all(c.kind == "np" for c in inner[1:])):
            # "may move ship to another location (using its RANGE)", "(using 2 RANGE)": what the
            # action spends, how it is done, not an effect of its own (four label authors)
            group[6].append(words)
            self.held_whole(inner)
            return
        cond_at = next((i for i, c in enumerate(inner)
                        if i and c.kind == "link" and c.lemma in _CONDITION_LINKS),
                       None)
        head = inner[:cond_at] if cond_at is not None else inner
        head_words = " ".join(text[head[0].start:head[-1].end].lower().split())
        if head and head[0].is_link("CONJ"):  # "(or +2 if …)"
            head = head[1:]
        if (len(inner) > 3 and inner[0].is_link("CONJ") and inner[1].kind == "signed"
                and inner[2].is_link("PREP") and cond_at is None):
            # "(or +4 in Alpha Quadrant)": another value, and where it holds
            self.mark(inner[:2])
            cond = self.condition(inner[2].word, inner[2:])
            conditions.append(dataclasses.replace(cond, instead=_text(text, inner[1:2])))
            return
        if len(inner) > 1 and first.is_link("ADV") and first.word == "even" and all(
                c.kind == "np" or c.is_link("CONJ") for c in inner[1:]):
            # "(even a time location)", "(even {a Treaty})": it holds for this too
            group[6].append(first.word)
            group[1].extend(c for c in inner[1:] if c.kind == "np")
            self.mark(inner)
            return
        if len(inner) > 2 and inner[1].is_link("PREP", "LOC", "TO") and (first.is_link("ADV") or (
                first.kind == "np" and len(first.toks) == 1 and first.toks[0].value.lower() == "only")):
            # "(even during opponent's turn)", "(even from discard pile)", "(only at this outpost)": a
            # place, and how it holds
            group[6].append(first.word if first.kind == "link" else "only")
            self.mark(inner[:1])
            inner = inner[1:]
            first = inner[0]
            cond_at = cond_at - 1 if cond_at is not None else None
        manner_only = _how_note(head, head_words) or self.note(head) is not None
        # (a whole modifier after a verb that gives none, "has a Phasing Cloak (RANGE +4 while
        # phased)", is an effect of its own, read below, not another value)
        gives = group[0] is None or group[0].lemma in _VALUE_VERBS or bool(group[3])
        value_only = bool(head) and cond_at is not None and all(
            c.kind == "signed" or (c.kind == "mod" and gives)
            or (c.kind == "np" and c.toks[0].type in ("NUMBER", "DET"))
            or (c.kind == "np" and all(t.type == "ICON" for t in c.toks))  # "(or [Flip] [Flip] if …)"
            or c.kind == "cmp"  # "(CUNNING>50 if this is a [DQ] mission)"
            or (len(head) == 1 and c.kind in ("np", "verb") and all(t.type == "PART" for t in c.toks))
            # "place on one personnel ({Julian Bashir} if present, …)": who instead
            or (len(head) == 1 and c.kind == "np" and all(t.type == "TITLE" for t in c.toks))
            for c in head)  # "dies (erased if [Holo])": what happens instead
        if (len(inner) == 2 and inner[0].kind == "np" and all(t.type == "ICON" for t in inner[0].toks)
                and inner[1].kind == "signed" and gives and group[3]):
            # "WEAPONS +1 ([Kli] +2)": another value, for the cards of that icon
            self.mark(inner)
            who = self.target(inner[:1])
            conditions.append(Condition("for", _text(text, inner), (who,) if who is not None else (),
                                        instead=_text(text, inner[1:])))
            return
        if words in ASIDE_NOTES or (cond_at is None and manner_only):
            group[6].append(words)
            self.held_whole(inner)
        elif cond_at is not None and manner_only:
            # "(your choice if tie)", "(for free if you have {Odo} there)": how it is done, and when
            # that holds, a condition of the manner, not of the effect ("… with the highest STRENGTH
            # (random selection if tied) is killed" kills whether or not there is a tie)
            group[6].append(head_words)
            self.mark(inner[:cond_at])
            cond = self.condition(inner[cond_at].word, inner[cond_at:])
            conditions.append(dataclasses.replace(cond, instead=head_words))
        elif value_only and cond_at is not None:
            # "(or +2 if they also have Youth)", "(two if opponent has Tal Shiar in play)"
            self.mark(inner[:cond_at])
            cond = self.condition(inner[cond_at].word, inner[cond_at:])
            conditions.append(dataclasses.replace(cond, instead=_text(text, head)))
        elif first.kind == "link" and first.lemma in _CONDITION_LINKS:
            conditions.append(self.condition(first.word, inner))
        elif first.kind == "link" and first.lemma in ("PREP", "LOC", "TO") and len(inner) >= 2 and (
                inner[1].kind == "np") and all(c.kind != "verb" for c in inner[2:cond_at]) and (
                cond_at is None or cond_at == 2):
            # "(on table)", "(except a Nor)", "(at normal speed)": a place, then maybe a condition;
            # "(except empty ships at their outpost)": a place whose phrase has places of its own
            body = inner[1:cond_at]
            if len(body) > 1 and (body[-1].kind == "np" or body[-1].word in v.ADVERB_PREPS) and all(
                    c.kind == "np" or c.is_link("PREP", "LOC", "CONJ")
                    or (c.is_link("ADV") and k + 1 < len(body) and body[k + 1].toks[0].type == "PART")
                    for k, c in enumerate(body)):  # ("(except those already damaged this battle)")
                # ("(with infiltrator aboard)": the phrase, and where it is)
                group[2].append((first.word, Item("group", tuple(t for c in body for t in c.toks),
                                                  children=tuple(body))))
                self.mark(inner[:1])
            else:
                group[2].append((first.word, inner[1]))
                self.mark(inner[:2])
            if cond_at is not None:
                conditions.append(self.condition(inner[cond_at].word, inner[cond_at:]))
        elif (inner[0].kind == "np" and inner[0].toks[-1].type == "PART" and (
                len(inner[0].toks) > 1 or (len(inner) > 2 and inner[1].is_link("PREP", "TO")))
              and not any(c.kind in ("verb", "mod") for c in inner)):
            # "(occupant killed if table destroyed)", "(nullified by 4 ENGINEER aboard)", "(moved
            # to opponent's side of spaceline; commandeered)": a telegraphic passive of its own
            read = self.attempt(telegraphic(inner))
            if read is not None:
                asides += read[0]
                conditions += read[2]
        elif len(inner) > 1 and inner[0].is_link("THEN") and all(c.kind == "np" for c in inner[1:]):
            # "(lowest CUNNING first, then lowest STRENGTH)": the order it goes in
            group[6].append(words)
            self.mark(inner)
        elif len(inner) == 1 and inner[0].kind == "np" and all(t.type == "PART" for t in inner[0].toks):
            # '"disappear" (discarded)', "(…; commandeered)": a participle alone glosses what is done
            verb = group[0]
            self.mark(inner)
            if verb is not None and not group[1] and len(inner[0].toks) == 1 and (
                    text[verb.toks[-1].start_pos] in "\"“"):
                # an action named in quotes: the gloss says what is done (discard), the quoted name
                # is how the card calls it, as with '"Melt" (place out-of-play)' below
                # (read as its passive: "Two personnel … "disappear" (discarded)" are discarded)
                group[0] = Item("verb", verb.toks, "be", verb.modal, verb.negated)
                group[1].append(inner[0])
                group[6].append(text[verb.toks[-1].start_pos:verb.toks[-1].end_pos].strip("\"“”").lower())
                return
            group[6].append(words)
        elif len(inner) == 2 and first.is_link("NOT") and inner[1].kind == "np":
            # "Plays on your personnel who has Leadership (not a V.I.P.)": what it may not be, as
            # "(except a V.I.P.)" says
            group[2].append(("not", inner[1]))
            self.mark(inner)
        elif len(inner) == 2 and first.is_link("CONJ") and inner[1].kind == "verb" and group[0] is not None:
            # "hits (but does not destroy) a ship": a second verb on the same object, which says
            # how far the first goes
            group[6].append(words)
            self.mark(inner)
        elif any(c.kind in ("verb", "mod") for c in inner):
            read = self.attempt(inner)
            if read is None:
                return
            found, _, conds = read
            verb = group[0]
            if verb is not None and len(found) == 1 and found[0].object is None and (
                    found[0].verb == v.EFFECT_VERBS.get(verb.lemma, verb.lemma)):
                # "Seeds or plays on table (plays for free if you have {Dukat} in play)": the same
                # verb again says how and when, not a second effect
                group[6].extend(found[0].manner)
                how = " ".join(found[0].manner)  # (the condition is the how's: "for free")
                conditions += [dataclasses.replace(c, instead=how) if how and c.instead is None else c
                               for c in conds]
                return
            if verb is not None and first.kind == "verb" and len(found) == 1 and (
                    (not group[1] and not group[2] and " " not in verb.lemma)
                    or (len(inner) == 1 and found[0].object is None and not found[0].places)):
                # "must command (have in play) a [Baj] personnel", "are sacrificed (die)": what the
                # verb means, a gloss (not after a verb with its particle, which takes no object:
                # "Cannot get past (lose 10 points) unless …" says what then happens)
                self.mark(inner)
                if text[verb.toks[-1].start_pos] in "\"“" and not group[1] and not group[2]:
                    # an action named in quotes, '"Melt" (place out-of-play)': the gloss says what is
                    # done, and the quoted name is how the card calls it
                    group[0] = dataclasses.replace(first, modal=verb.modal, negated=verb.negated,
                                                   toks=verb.toks[:-1] + first.toks)
                    group[6].append(text[verb.toks[-1].start_pos:verb.toks[-1].end_pos].strip("\"“”").lower())
                    group[6].extend(w for w in words.split()[1:])
                    return
                group[6].append(words)
                return
            # "(download doorway if necessary)": the condition is the bracket's own effects' (which
            # of them, by index, is settled once the clause's effects are all read)
            mine = tuple(-1 - len(asides) - j for j in range(len(found)))
            conditions += [dataclasses.replace(c, applies_to=mine) if not c.applies_to else c for c in conds]
            asides += found
        elif all(c.kind == "np" or (c.kind == "link" and c.lemma == "CONJ") for c in inner):
            group[1].extend(c for c in inner if c.kind == "np")
        elif inner[0].kind == "np" and (inner[-1].kind == "np" or inner[-1].is_link("LOC")) and any(
                c.is_link("PREP") for c in inner) and (
                all(c.kind == "np" or c.is_link("PREP", "LOC", "CONJ") for c in inner)):
            # "one personnel at site of opponent's choice": a phrase with places of its own, another
            # object of the verb
            group[1].append(Item("group", tuple(t for c in inner for t in c.toks), children=tuple(inner)))

    def _interposed_condition(self, items: list[Item], conditions: list[Condition]) -> list[Item]:
        """A condition set off by commas between the subject and its verb: "opponent's transporters,
        if operated by Transporter Skill personnel, may beam …". Appends it to ``conditions`` and
        returns the clause without it."""
        for i in range(1, len(items) - 2):
            it = items[i]
            if it.kind == "verb" or it.kind == "mod":
                return items  # the verb comes first: any condition trails it
            link = items[i + 1]
            if it.lemma == "COMMA" and link.kind == "link" and link.lemma in _INTERPOSED:
                for j in range(i + 2, len(items) - 1):
                    if items[j].lemma == "COMMA":
                        if items[j + 1].kind != "verb":
                            return items
                        conditions.append(self.condition(link.word, items[i + 1:j]))
                        return items[:i] + items[j + 1:]
                return items
        return items

    def _telegraphic_clause(self, items: list[Item], conditions: list[Condition]) -> tuple[list[Item], int,
                                                                                          list[Item]]:
        """effects() for a clause with no verb or modifier before its first condition link: the
        participle may be the verb (telegraphic()). Returns the clause's items (less a trailing
        condition, appended to ``conditions``), the index of its first verb or modifier and the
        items of its subject."""
        first_sub = len(items)
        for i in range(1, len(items)):
            it = items[i]
            if it.kind == "link" and it.lemma in _CONDITION_LINKS:
                first_sub = i
                break
        items = telegraphic(items[:first_sub]) + items[first_sub:]
        acted = bool(items) and items[0].kind in ("verb", "mod")  # a verb or modifier before items[i]
        for i in range(1, len(items)):
            it = items[i]
            if it.kind == "link" and it.lemma in _CONDITION_LINKS and acted:
                stop = next((j for j in range(i + 1, len(items) - 1) if items[j].is_link("CONJ")
                             and items[j + 1].kind == "verb"), len(items))
                conditions.append(self.condition(it.word, items[i:stop]))
                items = items[:i] + items[stop:]
                break
            if it.kind == "verb" or it.kind == "mod":
                acted = True
        subject_items: list[Item] = []
        i = 0
        for it in items:
            kind = it.kind
            if kind == "verb" or kind == "mod":
                break
            if kind != "punct" or (it.lemma == "COMMA" and subject_items):
                subject_items.append(it)
            i += 1
        return items, i, subject_items

    def _of_groups(self, parts: list[tuple[str, Target, Item]]) -> list[tuple[str, Target, Item]]:
        """``parts`` (preposition, phrase, its item), in the order printed, with each count of a group
        and the group right after it ("of") one part: "on any one of your SECURITY personnel", "one of
        your cards" (the first part's preposition "" when it is the verb's object); the groups listed
        on after it ("one of your crews or Away Teams") are that part's ``also``."""
        text = self.text
        out: list[tuple[str, Target, Item]] = []
        listed: dict[int, list] = {}  # a part a count of a group was read into: the groups listed on
        after = -1  # where the last group of that part ends, while it may list more
        for p, t, it in parts:
            if p != "of":  # (the common case: no position is looked at)
                after = -1
                out.append((p, t, it))
                continue
            if after >= 0:
                listed[len(out) - 1].append(_joint(text[after:it.start], t))
                after = it.end
                continue
            whole = _partitive(out[-1][1], t) if out and (
                text[out[-1][2].end:it.start].strip().lower() == "of") else None
            if whole is not None:
                out[-1] = (out[-1][0], whole, it)
                listed[len(out) - 1] = []
                after = it.end
                continue
            out.append((p, t, it))
        for k, more in listed.items():  # (each part rebuilt once: a hostile list is long)
            if more:
                p, t, it = out[k]
                out[k] = (p, dataclasses.replace(t, also=(*t.also, *more)), it)
        return out

    def make_effects(self, group: list, items: list[Item], end: int, subject: Target | None,
                     optional_default: bool, out: list[Effect]) -> None:
        """Append the effects of one verb group (``items[group[4]:end]``) to ``out``."""
        verb_item, objects, place_items, mods, start, alternative, manner, chosen, own, _, shared = group
        manner = tuple(SAME_MANNER.get(m, m) for m in manner)
        text = self.text
        last = end - 1
        while last > start and (items[last].kind == "punct" or items[last].is_link("CONJ", "THEN", "TO")
                                or _adverb_ahead(items, last)):
            # the joint to the next effect is not this one's text: "may nullify X", not "… X and";
            # "allows you", not "allows you to"; nor the next verb's adverb: "may stun", not "may
            # stun or mortally" (… wound)
            last -= 1
        stop = self.end_of(items[last])
        if stop < len(text) and text[stop] == '"' and text.count('"', items[start].start, stop) % 2:
            stop += 1  # 'is "stopped."': the closing quote after a full stop inside it
        raw = text[items[start].start:stop]
        if place_items:
            self.mark([it for _, it in place_items])
            place_parts = self._of_groups([(p, t, it) for p, it in place_items
                                           if (t := self.object(it)) is not None])
            places = tuple((p, t) for p, t, _ in place_parts)
        else:
            places = ()
            place_parts = []
        if verb_item is None:
            optional = optional_default
            negated = False
        else:
            negated = True if verb_item.negated else False
            # ("may not" forbids: nothing there is the player's to choose)
            optional = (verb_item.modal == "may" and not negated) or optional_default
        modal = " ".join(str(t.value).lower() for t in verb_item.toks if t.type in ("MODAL", "NOT")) if (
            verb_item is not None and verb_item.modal) else ""
        if shared is not None:  # (the modal of the verb it is joined to: see effects())
            modal, negated = shared
            optional = (modal.split(" ", 1)[0] == "may" and not negated) or optional_default
        if mods and own is not None:  # "…, and all your personnel are STRENGTH +2": its own subject
            subject = self.object(own)
            self.mark((own,))
        if subject is not None and subject.count == 0 and modal and not negated:
            # "No player may …", "Neither you nor your opponent can …": a prohibition, no option; the
            # verb is negated, as "may not" is (the subject keeps its count of none, as printed)
            optional, negated = False, True
        if mods:
            # "WEAPONS +3 and SHIELDS +2", "WEAPONS and SHIELDS -3": one modify effect per attribute
            # ("are each CUNNING and STRENGTH +1": the share-out word and the attribute in one phrase)
            attr_phrases = [it for it in objects if all(t.type in ("ATTR", "DET") for t in it.toks)
                            and any(t.type == "ATTR" for t in it.toks)]
            # "are each WEAPONS +2", "is all attributes +3": how the change is shared out
            spread = [it for it in objects if all(t.type == "DET" for t in it.toks)]
            self.mark(attr_phrases + spread)
            manner = manner + tuple(str(t.value).lower() for it in spread + attr_phrases for t in it.toks
                                    if t.type == "DET")
            shared = [str(t.value) for it in attr_phrases for t in it.toks if t.type == "ATTR"]
            # "WEAPONS are disabled and SHIELDS -2": a participle says what happens to the subject,
            # the modifier after it changes its own attribute
            # ("are STRENGTH +5, considered Bluegills, and …": a participle with words after it
            # takes them as what the subject is made: its object)
            states = [it for it in objects if verb_item is not None and verb_item.lemma == "be"
                      and it.kind == "np" and it.toks[0].type == "PART"
                      and (len(it.toks) == 1 or it.toks[1].type not in ("PART", "DET"))]
            for it in states:
                self.mark((it,))
                part = str(it.toks[0].value)
                made = self.phrase(it.toks[1:]) if len(it.toks) > 1 else subject
                out.append(Effect(verb=v.EFFECT_VERBS.get(part, part), object=made, subject=subject,
                                  optional=optional, negated=negated, raw=_text(text, [verb_item, it]),
                                  modal=modal))
            objects = _without(objects, states)
            either = False  # the attributes changed are joined by "or"
            if (verb_item is None or verb_item.lemma == "be") and subject is not None and not states and (
                    (subject.type is None or "'s " in subject.text) and subject.filters
                    and all(k == "attribute" for k, _ in subject.filters)):
                # "WEAPONS and SHIELDS +3", "Ship's RANGE is -3": the attributes changed ("WEAPONS or
                # SHIELDS are +4": one of them, the changes after the first its alternatives)
                shared += [str(val) for _, val in subject.filters]
                either = " or " in f" {subject.text.lower()} "
            # "X=2 or 7": another value it may be
            others = [it for it in objects if mods[-1].lemma == "set" and it.kind == "np"
                      and all(t.type == "NUMBER" for t in it.toks)]
            self.mark(others)
            objects = _without(objects, others)
            alternatives = [_text(text, [o]) for o in others]
            # "X=7+ number of your other staffed [Hir] ships here": the value is the whole sum
            total = None
            if mods[-1].lemma == "set" and objects and not others and verb_item is None and (
                    mods[-1].amount is not None):
                self.mark(objects)
                total = raw[raw.index("=") + 1:].strip() if "=" in raw else None
            # places printed between the changes are each the change's before it ("X=3 vs. [Dom]
            # and X=2 vs. [Fed]"); printed after them all, every change's ("WEAPONS +2 and SHIELDS +2
            # vs. Borg"). (Shared out to every change, a hostile run of thousands of both was a
            # reading the square of its length: 46 MB of JSON for 10,000 characters.)
            by_mod: list[list] | None = None
            if len(mods) > 1 and place_parts and place_parts[0][2].start < mods[-1].start:
                by_mod = [[] for _ in mods]
                k = 0
                for p, t, it in place_parts:  # (both in text order: one pass)
                    while k + 1 < len(mods) and mods[k + 1].start < it.start:
                        k += 1
                    by_mod[k].append((p, t))
            mod_effects: list[Effect] = []
            # (past MANY_CHANGES changes in one group, only a hostile run, each change's text is its
            # own: the group's, on each of thousands, was an answer the square of the text's length)
            own_raw = len(mods) + len(shared) > MANY_CHANGES
            for number, m in enumerate(mods):
                last = m is mods[-1]
                mod_places = places if by_mod is None else tuple(by_mod[number])
                for attr in ([*shared, m.attr] if m.attr or not shared else shared) if last else [m.attr]:
                    # "WEAPONS=6", "attributes all 3": what it is set to, not a change by that much
                    set_to = m.amount if m.lemma == "set" else None
                    factor = m.amount if m.lemma == "multiply" else None  # "STRENGTH x2"
                    mod_effects.append(Effect(verb="modify", attribute=attr or m.attr, set_to=set_to,
                                              multiply=factor,
                                              amount=None if m.lemma in ("set", "multiply") else m.amount,
                                              subject=subject, places=mod_places, optional=optional,
                                              negated=negated, raw=_text(text, [m]) if own_raw else raw,
                                              alternative=alternative or (either and bool(mod_effects)),
                                              manner=manner, modal=modal,
                                              value=(" or ".join([str(m.amount), *alternatives])
                                                     if alternatives and m.amount is not None
                                                     else total or _set_value(m, text))))
            if verb_item is None or verb_item.lemma in _STATE_VERBS or not (
                    set(objects) - set(attr_phrases) - set(spread)):
                if verb_item is not None and verb_item.lemma not in ("be", "have", "become"):
                    # "reduces WEAPONS -1", "enhance SHIELDS +1": the verb says how it changes
                    how = v.EFFECT_VERBS.get(verb_item.lemma, verb_item.lemma)
                    mod_effects = [dataclasses.replace(e, manner=(how, *e.manner)) for e in mod_effects]
                out += mod_effects
                held = _without(objects, attr_phrases, spread)
                if verb_item is not None and verb_item.lemma == "have" and held:
                    # "Head has CUNNING=10 and Computer Skill": what it has besides the value
                    self.mark(held)
                    found = [t for t in map(self.object, held) if t is not None]
                    if found:
                        out.append(Effect(verb="have", object=found[0], objects=tuple(found[1:]),
                                          subject=subject, places=places, optional=optional, negated=negated,
                                          raw=raw, modal=modal))
                return
            # a verb of its own with a modifier after its objects: "draw up to X cards, where X = …"
            objects = _without(objects, attr_phrases, spread)
        else:
            mod_effects = []  # noqa: F841 - read below
        lemma = verb_item.lemma if verb_item is not None else "be"
        self.mark(objects)
        extra: list[Effect] = []
        if own is not None and not (lemma == "be" and objects and objects[0].toks[0].type == "PART"):
            # "… and opponent draws": this verb's own subject
            subject = self.object(own)
            self.mark((own,))
        # what an earlier "choose"/"select" picked, when a phrase (not a participle's)
        picked = chosen if chosen is not None and chosen.toks[0].type != "PART" else None
        # passive: "is killed", "are returned to hand"
        passive = lemma == "be" and objects and objects[0].toks[0].type == "PART"
        if passive:
            lemma = objects[0].toks[0].value
            obj = self.object(own) if own is not None else subject
            if own is not None:  # "… and this dilemma is placed on your ship": its own subject
                subject = obj
                self.mark((own,))
            elif picked is not None:
                # "Your opponent chooses a personnel to be stopped": the one chosen is stopped, not
                # the clause's subject (who only chooses)
                obj = subject = None
            if obj is None and chosen is not None:
                obj = self._phrase_of(chosen)
            # words after the participle in its phrase ("placed adjacent", "unstopped long enough")
            # are kept as a phrase of their own
            rest = objects[0].toks[1:]
            objects = ([Item("np", rest)] if rest else []) + objects[1:]
            # "are stopped and killed", "are "stopped" and relocated to …": each further participle
            # is another passive of the same thing (the places go with the last)
            also = [it for it in objects if len(it.toks) == 1 and it.toks[0].type == "PART"]
            if also and not rest:
                objects = _without(objects, also)
                first_places = places
                if not any(lemma in same and all(str(it.toks[0].value) in same for it in also)
                           for same in _SAME_PLACE):
                    # ("May be seeded or built at {Terran Hideout}": verbs of one kind of act, as
                    # "Seeds or builds at …", share where)
                    places = ()
                for k, it in enumerate(also):
                    part = str(it.toks[0].value)
                    extra.append(Effect(verb=v.EFFECT_VERBS.get(part, part), object=obj, subject=subject,
                                        places=first_places if k == len(also) - 1 else (), optional=optional,
                                        negated=negated, raw=_text(text, [it]), modal=modal))
        elif not objects:
            obj = None
            if picked is not None and lemma != "be":
                # "Choose one of those three to return to your hand", "select two personnel to die":
                # the ones chosen return, die
                obj = self._phrase_of(picked)
                if lemma == "die":
                    subject = None
                elif obj is not None and obj.type in _CHOSEN_TO_ACT:
                    subject, obj = obj, None  # "chooses one team to participate in the battle"
            elif lemma == "die":
                # "that personnel dies" says what "that personnel is killed" says (the rules' word):
                # read as that passive (vocabulary.EFFECT_VERBS names it "kill")
                obj = subject
        else:
            obj = self.object(objects[0])
            if obj is not None and place_parts and place_parts[0][0] == "of":
                # "Discard one of your cards", "select another of your personnel present": one (another)
                # of that group, the object; not "one" and a place "of" the group
                grouped = self._of_groups([("", obj, objects[0]), *place_parts])
                if grouped[0][1] is not obj:
                    obj, places = grouped[0][1], tuple((p, t) for p, t, _ in grouped[1:])
                    self.partitives[objects[0].start] = obj
            who = self._phrase_of(picked) if picked is not None and own is None else None
            if who is not None and who.type in _CHOSEN_TO_ACT:
                # "Choose any player to immediately draw three new cards": the player chosen draws
                subject = who
        # every object is kept, not only the first: "choose Leadership or Security"
        more = tuple(t for t in map(self.object, objects if passive else objects[1:]) if t is not None)
        titles = []
        skill_toks = []
        for it in objects:
            for t in it.toks:
                tt = t.type
                if tt == "TITLE":
                    titles.append(t.value)
                elif tt == "SKILL" or tt == "CLASSIF":
                    skill_toks.append(t)
        of_objects = len(titles)  # (the titles of what the verb acts on; its places' come after them)
        for _, it in place_items:
            for t in it.toks:
                if t.type == "TITLE":
                    titles.append(t.value)
        cards = tuple(titles)
        # a card named in a place is not the card the verb acts on: where it goes ("Plays on {Quark's
        # Bar}", "relocated to {Quark's Bar}"), who does it ("Nullified by {Vulcan Nerve Pinch}."),
        # one it is not done to ("Interrupt cards (except {Kevin Uxbridge} or {Q2})")
        card = cards[0] if of_objects else None
        if (card is None and objects and self.bare_titles and lemma in NAMED_CARD_VERBS
                and is_title_run(objects[0].toks)):
            run = [it for it in items[start + 1:end] if it.kind == "np" or (it.kind == "link" and it.word in
                                                                             ("and", "of", "the"))]
            card = _text(text, run) if run and run[-1].kind == "np" else _text(text, objects[:1])
        count = obj.count if obj else None
        if lemma == "add" and skill_toks and not any(p == "to" for p, _ in places) and all(
                t.type in _SKILL_AMOUNT for it in objects for t in it.toks):
            # "Each of your [OS] leaders present adds SECURITY", "… all add Computer Skill": what adds
            # a skill and nothing else gains it, 1E's other word for it ("adds Computer Skill to
            # mission requirements" adds it to something: that stays "add"); the verb printed is kept
            lemma = "gain"
            manner = (*manner, "add")
        verb = v.EFFECT_VERBS.get(lemma, lemma)
        if lemma in _SPECIAL_LEMMAS:
            obj_text = obj.text.lower() if obj else ""
            if lemma == "remove":
                verb = "remove_from_game" if "game" in raw.lower() else "remove"
            if lemma == "begin" and obj:
                for word, name in (("combat", "begin_combat"), ("engagement", "begin_engagement"),
                                   ("battle", "begin_battle")):
                    if word in obj_text:
                        verb = name
            if lemma in ("lose", "score") and obj and (obj.type == "point" or "point" in obj_text):
                verb = "lose_points" if lemma == "lose" else "score"
            if lemma in ("gain", "lose") and skill_toks and verb not in ("lose_points",):
                levels = next((int(str(t.value)) for it in objects for t in it.toks  # "2 Diplomacy",
                               if t.type in ("NUMBER", "MULT") and str(t.value).isdigit()), None)  # "… x2"
                names = tuple(str(t.value) for t in skill_toks)
                # the skill list is the object; an icon gained with it stays its object ("gains [Cmd]
                # and Leadership")
                non_skill = [it for it in objects if not all(t.type in _SKILL_AMOUNT for t in it.toks)]
                skill_obj = (self.phrase(non_skill[0].toks)
                             if non_skill and non_skill[0].kind == "np" else None)
                out.append(Effect(verb=lemma, skill=names[0], skills=names, levels=levels or 1,
                                  object=skill_obj,
                                  subject=subject, places=places, optional=optional, negated=negated,
                                  alternative=alternative, raw=raw, manner=manner, modal=modal))
                out += mod_effects
                return
            if lemma == "be":
                verb = "status"
            if lemma == "have":
                verb = "have"
        # "requires Geology or Computer Skill", "requires 3 Treachery and Acquisition OR 2 SCIENCE and 2
        # SECURITY", "Unless you have (Astrophysics OR Stellar Cartography) + ENGINEER …": the
        # requirement expression, its "or" and "and" kept (``objects`` lists the needs as if all
        # were), read as a mission's requirements are
        need = condition_requirements([t for it in items[start + 1:last + 1] for t in it.toks]) if (
            more and (lemma == "require" or lemma == "have") and not passive) else None
        out.append(Effect(verb=verb, object=obj, card=card, cards=cards, count=count, subject=subject,
                          places=places, optional=optional, negated=negated, alternative=alternative,
                          raw=raw, objects=more, manner=manner, modal=modal, need=need))
        out += extra
        out += mod_effects

    # --- sentences ---------------------------------------------------------------------------------
    def ability(self, sent: Sentence) -> tuple[Ability, list[list[Token]]]:
        """The sentence's ability, and the runs of its words no part of the ability holds."""
        # (what is held is asked of this sentence's words only, so it starts empty for each: the
        # readings that may fail copy it to restore it, and a set kept for the whole card made each
        # copy as long as the text read so far)
        self.used = set()
        ability = self.read(sent)
        if ability.keywords:
            self.mark(sent.items)  # a keyword line is held whole, as keywords
        return ability, self.unread(sent.items)

    def read(self, sent: Sentence) -> Ability:
        items = self.relatives(normalize(sent.items))
        text = self.text
        start = sent.start
        end = sent.end
        label = sent.label
        raw = text[start:end]
        if not items and label:
            raise NotUnderstood("a heading with nothing after it")
        # Ability(kind, raw, start, end, trigger, conditions, costs, effects, optional, limit, label,
        # keywords): positional arguments, quicker to bind than keywords, for the object of every sentence.
        note = self.note(items)
        if note is not None:
            # "Compatible with {[SKR] cards}." is a standing rule (may mix and cooperate with them),
            # as every label author says; the other notes are keywords
            kind = "continuous" if note.startswith("compatible with ") else "keyword_rule"
            return Ability(kind, raw, start, end, None, (), (), (), False, None, label, (note,))
        stat = self.stat(sent, items)
        if stat is not None:
            return Ability("keyword_rule", raw, start, end, None, (), (), (), False, None, label, (stat,))
        cut = next((k for k, it in enumerate(items) if k and it.is_link("IF", "UNLESS", "WHILE")),
                   None) if label else None
        if cut is not None and (stat := self.stat(sent, items[:cut])) is not None:
            # a tactic's "ATTACK: +2 if you have at least two ships in this battle.": the value, and
            # when it holds
            self.mark(items[:cut])
            tail = [it for it in items[cut:] if not (it.kind == "punct" and it.lemma == "DOT")]
            when = (self.condition(items[cut].word, tail),)
            return Ability("keyword_rule", raw, start, end, None, when, (), (), False, None, label, (stat,))
        keywords = self.keyword_list(items)
        if keywords:
            return Ability("keyword_rule", raw, start, end, None, (), (), (), False, None, label, keywords)
        listing = self.listing(items)
        if listing is None and label and items and all(
                it.kind == "np" or it.is_link("CONJ") or (it.kind == "punct" and it.lemma in ("COMMA", "DOT"))
                for it in items):
            # a heading over a name: a probe result's "[AU]: Energy distortion."
            named = [it for it in items if it.kind != "punct" or it.lemma != "DOT"]
            listing = f"{label}: {_text(text, named)}"
        if listing is not None:
            return Ability("keyword_rule", raw, start, end, None, (), (), (), False, None, label, (listing,))
        group = None if label else self.group_name(items)
        if group is not None:
            return Ability("keyword_rule", raw, start, end, None, (), (), (), False, None, label, (group,))
        if len(items) == 1 and items[0].kind == "paren":
            cond = self.lone_condition(items[0])
            if cond is not None:  # "(if with {Jack}, {Lauren}, or {Sarina})." after a download
                return Ability("keyword_rule", raw, start, end, None, (cond,), (), (), False, None, label, ())
            inner_items = [c for c in items[0].children if not (c.kind == "punct" and c.lemma == "DOT")]
            if len(inner_items) > 1 and inner_items[0].is_link("PREP", "TO") and not any(
                    c.kind in ("verb", "mod") for c in inner_items):
                # "DL/ {Release This Pain} (to hand).", "(as an event, where Altovar present).": where
                # or how the download before it goes, kept as a note
                note = " ".join(text[items[0].start:items[0].end].strip("() .").split())
                return Ability("keyword_rule", raw, start, end, None, (), (), (), False, None, label, (note,))
            inner = Sentence(None, None, items[0].children, items[0].start, items[0].end)
            return self.read(inner)
        if len(items) > 1 and items[0].kind == "dl" and not any(it.kind in ("verb", "mod") for it in items):
            # "DL/ Any other card that has "Tsunkatse" in title or lore": a special download of what
            # the phrase names (a list of titles is read above, as keywords)
            dl = Sentence(label, "keyword_rule", (Item("verb", items[0].toks, "download"), *items[1:]),
                          start, end)
            return self.read(dl)
        conditions: list[Condition] = []
        opener = items[0] if items else None
        then = False  # "Then, …": the order, kept as the first verb's manner
        if len(items) > 2 and opener is not None and (
                (opener.is_link("ADV") and opener.word == "also") or opener.is_link("THEN")) and (
                items[1].kind == "punct" and items[1].lemma == "COMMA"):
            self.mark(items[:1])  # "Also, when …", "Then, if …": the text goes on, in the order printed
            then = opener.is_link("THEN")
            items = items[2:]
        if len(items) > 1 and items[0].kind == "punct" and items[0].lemma == "STAR":
            items = items[1:]  # "*If target has SHIELDS<9, …": a footnote mark
        timed = self.timing(items)
        if timed is not None:  # "Start of each turn, …": a response to that moment
            items = timed[1]
        if items and items[0].kind == "link":  # every prefix clause opens with a link word
            prefixes, main = split_prefixes(items, text)
            limit, trigger, kind = self.prefixes(prefixes, conditions)
        else:
            main = items
            limit = trigger = kind = None
        if timed is not None:
            trigger, kind = trigger or timed[0], kind or "response"
        said = ""
        if main and main[0].kind == "np" and text[main[0].start:main[0].end].lower() == "immune":
            cut = next((k for k, it in enumerate(main) if k and it.kind == "link"
                        and it.lemma in _CONDITION_LINKS), len(main))
            said = " ".join(text[t.start_pos:t.end_pos].lower()
                            for it in main[:cut] for t in it.toks if t.type != "DOT")
            if said and cut < len(main) and IMMUNE.fullmatch(said):
                # "Immune to {Reactor Overload} if 2 ENGINEER present.", "… while infiltrating": the
                # note, under the condition after it
                rest = [it for it in main[cut:] if not (it.kind == "punct" and it.lemma == "DOT")]
                conditions.append(self.condition(rest[0].word, rest))
                main = main[:cut]
        if said and IMMUNE.fullmatch(said):
            # "While in stasis, immune to {Android Nightmares}, …": the note, under its conditions
            self.mark(main)
            return Ability(kind or "continuous", raw, start, end, trigger, tuple(conditions), (), (), False,
                           limit, label, (said,))
        lead = main[0].toks[:2] if main and main[0].kind == "np" else ()
        imperative = (len(main) > 2 and len(main[0].toks) == 2 and main[1].kind == "punct"
                      and main[1].lemma == "COMMA" and main[2].kind == "verb" and not main[2].modal)
        if len(lead) == 2 and text[lead[0].start_pos:lead[1].end_pos].lower() in (
                "each turn", "every turn") and (
                imperative or any(it.kind == "verb" and it.modal == "may" for it in main)):
            # "Each turn he may nullify …", "Each turn, you may draw …", "Each turn, report one of
            # your [Bor] cards for free …": a use the card allows once a turn, as "once each turn" is
            limit = limit or "each turn"
            self.used.update((lead[0].start_pos, lead[1].start_pos))
            rest = [Item("np", main[0].toks[2:])] if len(main[0].toks) > 2 else []
            after = main[1:]
            if after and after[0].kind == "punct" and after[0].lemma == "COMMA":
                after = after[1:]
            main = rest + after
        # Most main clauses have no limit, parenthesis, cost or semicolon: the item lemmas (a link's or
        # punctuation's lemma is its token type; a parenthesis has none: its kind stands in) tell,
        # without a pass for each. None: the clause was changed, look at it in full.
        lemmas: list[str] | None = [it.lemma or it.kind for it in main]
        late_limit = False  # a limit of a later part of the sentence only ("…; once each turn, …")
        if "LIMIT" in lemmas or "paren" in lemmas:  # type: ignore[operator]
            # leading limit inside the main clause: "May download X (once per turn)."
            kept = []
            for it in main:
                if it.kind == "link" and it.lemma == "LIMIT":
                    if kept and limit is None and any(k.kind in ("verb", "mod") for k in kept) and (
                            kept[-1].is_link("CONJ") or (kept[-1].kind == "punct" and kept[-1].lemma in (
                                "COMMA", "SEMI"))):
                        # "… may use 2 Treachery as if … and, once each turn, may place …": how often
                        # a later part may be done; what comes first says what the ability is
                        late_limit = True
                    limit = limit or str(it.toks[0].value)
                    self.mark((it,))
                    continue  # the limit is not part of the clause
                if it.kind == "paren" and any(c.kind == "link" and c.lemma == "LIMIT" for c in it.children):
                    limit = limit or next(str(c.toks[0].value) for c in it.children if c.lemma == "LIMIT")
                kept.append(it)
            main = kept
            lemmas = None
        costs: list[Effect] = []
        cost_cut = cost_split(main, self.text) if lemmas is None or "TO" in lemmas else None
        if cost_cut is not None:
            costs, _, cost_conditions = self.effects(main[:cost_cut])
            conditions += cost_conditions  # "Place in hand until played as an Interrupt card to …"
            main = main[cost_cut + 1:]
            lemmas = None
        if lemmas is None or "SEMI" in lemmas or "COLON" in lemmas:
            effects: list[Effect] = []
            subject = None
            starts = []  # where each clause's conditions and effects start (the first's: all before it)
            otherwise = 0  # the clause that opens with "otherwise", if one does
            for n, part in enumerate(_clauses(main)):
                clause = part
                starts.append((len(conditions) if n else 0, len(effects)))
                if n and clause and clause[0].kind == "link":
                    if not otherwise and clause[0].word == "otherwise":
                        otherwise = n
                    # a later clause's own prefix: "…; until start of your next turn: your ships …"
                    prefixes, clause = split_prefixes(clause, text)
                    more = self.prefixes(prefixes, conditions, trigger is not None, later=True)
                    late_limit = late_limit or (limit is None and more[0] is not None)
                    limit, trigger = limit or more[0], trigger or more[1]
                    if more[2] != "intermittent" or not effects:
                        # ("Place dilemma on mission; while it is here, ships … are RANGE -2.": what
                        # the first clause does says what the sentence is; the later "while" says
                        # how long its rule holds)
                        kind = kind or more[2]
                found, subj, conds = self.effects(clause)
                if not n:
                    # the first clause's subject decides the kind: "Seeds or plays on table; you may
                    # download …" is how the card comes into play, whoever the second clause names
                    subject = subj
                if effects:  # (a condition's effects are counted in its own clause)
                    conds = [dataclasses.replace(c, applies_to=tuple(k + len(effects) for k in c.applies_to))
                             if c.applies_to else c for c in conds]
                effects += found
                conditions += conds
            if otherwise:
                conditions = _branches(conditions, len(effects), starts, otherwise)
        elif main:  # the common case: one clause, no parenthesis (effects() does not change it)
            effects, subject, conds = self.effects(main)
            conditions += conds
        else:
            effects = []
            subject = None
        if not effects:
            raise NotUnderstood("no verb or modifier the grammar knows in the main clause")
        if costs and _said_of_a_card(costs[0]):
            # "Founder morphs to impersonate captive.", "He sacrifices (dies) to keep …": what a card
            # does, and what for, said as a statement, is no price a player pays
            effects, costs = [*costs, *effects], []
        if not costs and len(effects) > 1:
            means = _paid_by(effects)
            if means is not None:
                # "Opponent may discard this incident by discarding two cards from hand.", "Nullify by
                # placing any doorway out-of-play from hand.": what the option is taken by is its
                # price, as "Discard two cards to discard this incident." says
                first = effects[means - 1]
                costs = effects[means:]
                effects = [*effects[:means - 1],
                           dataclasses.replace(first, manner=tuple(m for m in first.manner if m != "by"))]
        if then:
            if costs:
                costs = [dataclasses.replace(costs[0], manner=("then", *costs[0].manner)), *costs[1:]]
            else:
                effects = [dataclasses.replace(effects[0], manner=("then", *effects[0].manner)), *effects[1:]]
        optional = False
        for e in (*effects, *costs):  # "you may discard a card to draw …": the "may" is the cost's
            if e.optional:
                optional = True
                break
        if kind is None and trigger is None:
            cond = _trailing_trigger(conditions, effects)
            if cond is not None:  # "You may discard … when you play this event."
                first = cond.effects[0]
                trigger = Trigger(event=first.verb, subject=first.subject, object=first.object, raw=cond.raw,
                                  effects=cond.effects, conditions=cond.conditions, word=cond.word)
                kind = "response"
                conditions = [c for c in conditions if c is not cond]
        if kind is None:
            kind = self.kind_of(sent, effects, costs, subject, None if late_limit else limit)
            if kind == "keyword_rule" and conditions:
                kind = "continuous"  # "Reports for free if your Smuggling present.": no longer bare
        if kind != "play_requirement" and _played_for(effects, raw):
            # "Plays to shuffle …", "OR Plays once each turn to relocate …": the card is played for
            # what follows, which is what it does; "plays" is kept as the manner of the first of it,
            # with how it is played ("Plays immediately to …")
            played, first = effects[0], effects[1]
            manner = ("plays", *played.manner, *first.manner)
            effects = [dataclasses.replace(first, manner=manner), *effects[2:]]
        effects = _the_following(_controlled(_shared_objects(effects, raw), raw))
        return Ability(kind, raw, start, end, trigger, tuple(conditions), tuple(costs), tuple(effects),
                       optional, limit, label, ())

    def lone_condition(self, paren: Item) -> Condition | None:
        """A parenthesis that is only a condition, maybe with the value it gives: "(if aboard your
        matching facility)", "(x2 if {Treaty: Federation/Klingon} is in play)". It qualifies what
        comes before it (parse() joins it to the ability before, when there is one)."""
        inner = _inside(paren)
        cond_at = next((i for i, c in enumerate(inner)
                        if c.kind == "link" and c.lemma in _CONDITION_LINKS), None)
        if cond_at is None or cond_at == len(inner) - 1:
            return None
        head = inner[:cond_at]
        if not all(c.kind == "signed" or (
                c.kind == "np" and all(t.type in ("NUMBER", "MULT") for t in c.toks)) for c in head):
            return None
        if not head and is_sentence(inner, self.text):
            return None  # "(Whenever no Borg aboard, you may beam one scout aboard.)": a sentence
        held = set(self.used)
        cond = self.condition(inner[cond_at].word, inner[cond_at:])
        if not cond.requires and not cond.effects and not cond.comparisons:
            self.used = held
            return None
        self.mark(head)
        return dataclasses.replace(cond, instead=_text(self.text, head)) if head else cond

    def timing(self, items: list[Item]) -> tuple[Trigger, list[Item]] | None:
        """A moment of the turn that opens a sentence, and the rest: "Start of each turn, …", "At
        start of each of your turns, …", "End of every player's turn, …" -> a trigger whose event is
        start/end and whose object is the turn. "Now and start of each turn, …" (a 1E dilemma that
        acts when encountered and again each turn) keeps "now and" as the trigger's word."""
        i = 1 if items and items[0].is_link("PREP") and items[0].word == "at" else 0
        word = ""
        if len(items) > 2 and items[0].is_link("ADV") and items[0].word == "now" and (
                items[1].is_link("CONJ") and items[1].word == "and"):
            i, word = 2, "now and"
            if items[2].is_link("PREP") and items[2].word == "at":
                i = 3  # "Now and at start of each attempt here, …"
        if len(items) < i + 4 or items[i].kind != "np":
            return None
        comma = next((j for j in range(i + 2, len(items)) if items[j].kind == "punct"), None)
        if comma is None or items[comma].lemma not in ("COMMA", "COLON") or comma + 1 == len(items):
            return None  # ("End of every turn: If at [P] …": 1E's colon)
        trigger = self.moment(items[:comma], i, word)
        return None if trigger is None else (trigger, items[comma + 1:])

    def moment(self, items: list[Item], i: int = 1, word: str = "") -> Trigger | None:
        """The trigger of a moment of the turn, ``items`` from its opening word ("at") to its end, the
        moment's own phrase at ``i`` ("start of each of your turns"), if the turn is read."""
        if len(items) < i + 3 or items[i].kind != "np" or not items[i + 1].is_link("PREP"):
            return None
        moment = self.text[items[i].toks[-1].start_pos:items[i].end].lower()
        if moment not in ("start", "end", "beginning") or items[i + 1].word != "of" or any(
                t.type != "DET" for t in items[i].toks[:-1]):
            return None
        turn = self.target(list(items[i + 2:]))
        if turn is None:
            return None
        self.mark(items)
        return Trigger(event=moment, subject=None, object=turn, raw=_text(self.text, items), word=word)

    def prefixes(self, prefixes: list[tuple[str, list[Item]]], conditions: list[Condition],
                 triggered: bool = False, later: bool = False
                 ) -> tuple[str | None, Trigger | None, str | None]:
        """Read split_prefixes()'s clauses: conditions go to ``conditions``; returns the limit, the
        trigger and the kind they make (or None). In a later clause of a sentence that already has
        its trigger (``triggered``), "when …" is that clause's condition: "When X, do Y; when side
        deck empty, shuffle it."""
        limit = trigger = kind = None
        for word, part in prefixes:
            if word == "limit":
                limit = str(part[0].toks[0].value)
                if len(part) > 1:  # "(thrice per game)" after it
                    limit += " (" + " ".join(self.text[part[1].start:part[1].end].strip("() ").split()) + ")"
                self.mark(part)
            elif (word == "when" or (word == "after" and not later)) and not triggered and trigger is None:
                # ("After scouting complete, …", "After any use, …": the moment it is over, as
                # "just after" is)
                # (a second "when" in the same prefix run, "When opponent initiates battle …, just
                # after it is targeted …", is a condition of the first: else is below)
                found = self.trigger(part)
                body = part[1:]
                where = any(it.is_link("PREP") or (it.kind == "np" and it.toks[-1].type == "LOC")
                            for it in body)
                if found.event is None and found.conditions and where and (
                        part[0].word in ("when", "whenever")):
                    # a state, not an event: "When aboard, …", "When on your ship, may download …"
                    # hold while it lasts, as "While …" does (a place says it is a state: "When
                    # your {X} hits a ship" has a verb the reader did not know)
                    conditions.extend(found.conditions)
                    kind = kind or "intermittent"
                else:
                    # ("While in play, whenever any player has …, …": the moment it acts, while the
                    # state holds; the state is its condition)
                    trigger = found
                    kind = "response" if kind in (None, "intermittent") else kind
            elif (word == "at" and not triggered and trigger is None and not later
                  and (moment := self.moment(part)) is not None):
                # a moment of the turn with no comma after it, which the main clause's subject
                # ended: "At the end of each of your turns you may move …"
                trigger, kind = moment, kind or "response"
            else:
                # (a trigger word read as a condition keeps its own word: "just after", "each time")
                conditions.append(self.condition(part[0].word if word == "when" else word, part))
                if word in ("while", "as long as"):
                    kind = kind or "intermittent"
                elif word == "in place of":
                    # "In place of your normal card play, you may download …": what it is done
                    # instead of is what it costs, an action the player takes
                    kind = kind or "activated"
                elif word == "to" and any(e.verb in PLACEMENT_VERBS for e in conditions[-1].effects):
                    # "To play this interrupt, …": what playing the card needs ("Also, to move or
                    # initiate battle, each ship … requires …" is a standing rule)
                    kind = kind or "play_requirement"
        return limit, trigger, kind

    def kind_of(self, sent: Sentence, effects: list[Effect], costs: list[Effect], subject: Target | None,
                limit: str | None) -> str:
        if sent.head:
            return sent.head
        first = effects[0]
        if costs and costs[0].modal == "must" and not limit:
            # "Players must place a card … to use a DL/": what doing it needs, a standing rule
            return "continuous"
        if subject is None and first.verb == "place" and not costs and (
                first.object is None or (first.object.type is None and first.object.card is None
                                         and first.object.count == 1)) and (
                "seed phase" in self.text[sent.start:sent.end].lower()):
            # a doorway's "Place one on table during the seed phase.": how a copy of the card comes
            # into play, as "Seeds on table." is
            return "play_requirement"
        if subject is None and first.modal == "may" and first.verb in (*PLACEMENT_VERBS, "stock") and (
                " be " in f" {first.raw.lower()} "):
            # "May also be stocked in Q's Tent.", "(May be seeded as a [S/P] dilemma.)": another way
            # the card comes into play, said of itself
            return "play_requirement"
        if subject is None and first.verb == "insert" and first.raw.lower().startswith("inserts"):
            # "Inserts anywhere on spaceline.": how a mission or doorway comes into play, said of itself
            return "play_requirement"
        if limit and not costs and subject is None and all(
                e.verb in PLACEMENT_VERBS and (e.object is None or e.object.only_a_place)
                for e in effects) and not any(
                it.is_link("TO") for it in sent.items):
            # "OR Plays once every turn (for free) on an opponent's Away Team.", "Plays on table (once
            # each turn, for free).": where and how often the card may be played, nothing done with it
            return "play_requirement"
        if limit and not costs and first.modal and (
                first.negated or f" only {limit.lower()}" in self.text[sent.start:sent.end].lower()):
            # "(Opponent may not report the same personnel more than once per game in this
            # manner.)": a prohibition, however often it speaks of; so is a limit after "only":
            # "(Each artifact may be "returned" only once per game.)", "You may complete this
            # objective only once in each quadrant." say how often something may be done at all
            return "continuous"
        if costs or limit or any(prep == "in place of" for e in effects for prep, _ in e.places):
            # ("Any player may, in place of their normal card play, download …": what it is done
            # instead of is what it costs, as with the prefix "In place of …, …")
            return "activated"
        if subject is None and first.verb == "seed" and not first.negated and first.optional and (
                first.object is not None and first.object.count != "this"):
            # "May seed one additional artifact and … here.", "May seed hand weapons under here.":
            # what it allows of other cards, not how it comes into play itself ("May play only one
            # death yell for each …" limits its play)
            return "continuous"
        if subject is None and first.verb in PLACEMENT_VERBS and not first.negated and (
                first.object is None or first.object.card is None
                or first.raw.split()[0].lower().endswith("s")):
            # "Plays on table.", "May seed at a space location.", "Breeds from {1,000 Tribbles}."
            # (not "Seed {Phoenix} beneath this location", "May build {Colony} …": a card named as
            # the object of the plain verb is another card, not how this one comes into play)
            # "Plays on table." says where it plays; "Plays to allow …" says what it does
            leading = [e for e in effects if e.verb in PLACEMENT_VERBS]
            if all(e.object is None and not e.places for e in leading) and any(
                    e.verb not in PLACEMENT_VERBS for e in effects[1:]):
                return "play_effect"
            items = sent.items  # (the first clause's: "…; its transporters may be used to beam …")
            semi = next((k for k, it in enumerate(items) if it.kind == "punct" and it.lemma == "SEMI"), None)
            if semi is not None:
                items = items[:semi]
            if any(e.verb not in PLACEMENT_VERBS for e in effects[1:]) and any(
                    it.is_link("TO") and k + 1 < len(items) and items[k + 1].kind == "verb"
                    and items[k + 1].lemma not in PLACEMENT_VERBS
                    and not (k and items[k - 1].kind == "verb" and items[k - 1].lemma in COMPLEMENT_VERBS
                             and items[k - 1].lemma not in PLACEMENT_VERBS)
                    for k, it in enumerate(items)):
                # ("… just as it begins to dock": the complement of "begins", not what it is played for)
                return "play_effect"  # "Plays on {Plasma Fire} … to move onto …": what it is played for
            return "play_requirement"
        if subject is None and first.verb == "report" and not first.optional and not first.places and (
                not first.negated):  # ("No reporting aboard.": a ban, a standing rule)
            # "Reports for free." (where it reports, "Reports for free to your [Fed] outpost.", is a
            # rule of the card's, as "May report to …" is)
            return "keyword_rule"
        if first.verb in ("modify", "gain", "lose") and subject is not None:
            return "continuous"
        if subject is not None and first.optional and first.subject and first.subject.owner in (
                "you", "your"):
            return "continuous"
        if subject is not None and subject.count == 0:
            return "continuous"  # a prohibition: "No player may attempt this mission unless …"
        if first.negated or (subject is not None and first.verb in ("status", "have")):
            return "continuous"
        if subject is None and first.optional:
            return "continuous"  # the card's own standing permission: "May report aboard."
        if subject is not None and (subject.owner == "your" or subject.card):
            return "continuous"  # a standing statement about your cards or a named card
        if subject is None and first.verb in ("modify", "status"):
            return "continuous"
        return "play_effect"

    def trigger(self, items: list[Item]) -> Trigger:
        """"When <clause>": the clause is read as any clause is; its first effect is the event
        ("When this personnel is about to be killed by a dilemma" -> kill, of this personnel, by a
        dilemma). A clause the reader cannot read keeps the old, looser reading: the first verb,
        the phrase before it and the phrase after it."""
        body = items[1:]
        self.mark(items[:1])
        held = set(self.used)
        found, subject, conds = self.attempt(body) or ([], None, [])
        lead = 0
        while not found and lead < len(body) - 1 and body[lead].is_link("ADV"):
            lead += 1
        if lead and not found:
            # "When first flipped, …": the adverb is how the event happens (a participle alone reads
            # as the event, "When flipped, …")
            found, subject, conds = self.attempt(body[lead:]) or ([], None, [])
            if found:
                self.mark(body[:lead])
                found[0] = dataclasses.replace(found[0], manner=(*(it.word for it in body[:lead]),
                                                                 *found[0].manner))
        if found:
            first = found[0]
            obj = first.object if first.object is not None and first.object is not subject else None
            return Trigger(event=first.verb, subject=subject or first.subject, object=obj,
                           raw=self.span(items), effects=tuple(found), conditions=tuple(conds),
                           word=items[0].word)
        self.used = held
        verb = next((it for it in body if it.kind == "verb"), None)
        if verb is None and body:
            # a state, not an event: "Whenever at same location as {any Garak}, …", "When your
            # unopposed personnel present, …" -> the moment the condition comes true
            cond = self.condition(items[0].word, items)
            return Trigger(event=None, subject=None, object=None, raw=self.span(items),
                           conditions=(cond,), word=items[0].word)
        event = verb.lemma if verb else None
        subject_items = [it for it in body if it.kind == "np"]
        if verb is not None:
            vi = body.index(verb)
            subject_items = [it for it in body[:vi] if it.kind == "np"]
            after = [it for it in body[vi + 1:] if it.kind == "np"]
            # "is about to be killed": the event is the participle after "be"
            parts = [t for it in body[vi:] for t in it.toks if t.type == "PART"]
            if event == "be" and parts:
                event = str(parts[-1].value)
                after = []
        else:
            after = []
        self.mark([*([verb] if verb is not None else []), *subject_items[:1], *after[:1]])
        return Trigger(event=v.EFFECT_VERBS.get(event, event) if event else None,
                       subject=self.target(subject_items[:1]), object=self.target(after[:1]),
                       raw=self.span(items), word=items[0].word)

    def note(self, items: list[Item]) -> str | None:
        """"(Cumulative.)", "(Unique.)", "(Not duplicatable.)", "Klingon use only.", "(Limit …)"."""
        inner = items
        if len(items) == 1 and items[0].kind == "paren":
            inner = _inside(items[0])
        bare_limit = len(inner) == 1 and inner[0].kind == "link" and inner[0].lemma == "LIMIT"
        text = self.text
        # "(Limit 15 bonus points per game.)", "(Limit one per turn.)": a printed limit
        limit_note = False
        if inner:
            toks = inner[0].toks  # its first two tokens
            if len(toks) < 2 and len(inner) > 1:
                toks += inner[1].toks
            if len(toks) >= 2 and toks[1].type == "NUMBER":
                limit_note = text[toks[0].start_pos:toks[0].end_pos].lower() == "limit"
        per_limit = bool(inner) and inner[0].is_link("LIMIT") and all(  # "(Once per game per … title.)"
            c.kind == "np" or c.is_link("PREP") for c in inner[1:])
        if not bare_limit and not limit_note and not per_limit:
            # Most sentences are not notes, and their last word tells: a note ends with it.
            last = None
            for it in reversed(inner):  # (a limit's value may end it: "Cumulative up to +3.")
                for t in reversed(it.toks):
                    if t.type != "DOT":
                        last = t
                        break
                if last is not None:
                    break
            first = inner[0].toks[0] if inner and inner[0].toks else None
            immune = first is not None and (
                text[first.start_pos:first.end_pos].lower() in ("immune", "compatible"))
            if last is not None and not immune:
                end = text[last.start_pos:last.end_pos].lower()
                if end not in _NOTE_ENDS and not end.endswith("use only") and last.type != "SIGNED":
                    return None
        words = " ".join(text[t.start_pos:t.end_pos].lower() for it in inner for t in it.toks
                         if t.type != "DOT")
        last_np = next((it for it in reversed(inner) if it.kind != "punct"), None)
        if last_np is not None and self.end_of(last_np) > last_np.end:
            # a relative clause read off the last phrase belongs to the note: "immune to cards that
            # close doorways"
            words += " " + " ".join(text[last_np.end:self.end_of(last_np)].lower().split())
        if words in KEYWORD_NOTES or bare_limit or limit_note:
            return words
        if inner and inner[0].is_link("LIMIT") and all(
                c.kind == "np" or c.is_link("PREP") for c in inner[1:]):
            return words  # "(Once per game per Equipment card title.)"
        if words.endswith("use only"):
            return words
        if words.startswith("compatible with ") and len(words) > 16:
            return words  # "Compatible with {[SKR] cards}.": may mix and cooperate with them
        if CAPPED_NOTE.fullmatch(words):  # "(Cumulative up to +3.)": cumulative, to a cap
            return words
        if IMMUNE.fullmatch(words):   # "(Immune to {Kevin Uxbridge}.)": a named card cannot affect it
            return words
        return None

    def group_name(self, items: list[Item]) -> str | None:
        """A line that only names a group the card belongs to, capitalised, of a few words and no
        verb: "Infiltrator.", "Borg ship.", "Rule of Acquisition." (as "Prophet.", "Orion Syndicate"
        are: other cards count or affect the group), as a keyword; None for anything else."""
        inner = [it for it in items if not (it.kind == "punct" and it.lemma == "DOT")]
        if not inner or len(inner) > 3 or not all(
                it.kind == "np" or (it.is_link("PREP") and it.word == "of") for it in inner) or (
                inner[0].kind != "np" or inner[-1].kind != "np"):
            return None
        toks = [t for it in inner for t in it.toks]
        if len(toks) > 4 or not all(t.type in _GROUP_WORDS for it in inner if it.kind == "np"
                                    for t in it.toks):
            return None
        if not self.text[toks[0].start_pos:toks[0].start_pos + 1].isupper():
            return None
        return " ".join(self.text[toks[0].start_pos:toks[-1].end_pos].lower().split())

    def listing(self, items: list[Item]) -> str | None:
        """A labelled list with no verb (clauses.lark's ``listing``): "Any Nor: Promenade", "Native to
        this timeline: {Dr. Gillian Taylor} and George and Gracie.", "Opponent's side: Not
        attemptable, no gametext, no pointbox.". The heading and the list are kept as one keyword,
        "heading: list"; None for anything else."""
        parts = line("listing", items, self.text)
        if parts is None:
            return None
        colon = next(k for name, k in parts if name == "COLON")
        rest = [it for it in items[colon + 1:] if not (it.kind == "punct" and it.lemma == "DOT")]
        return f"{_text(self.text, items[:colon])}: {_text(self.text, rest)}"

    def stat(self, sent: Sentence, items: list[Item]) -> str | None:
        """A printed value (clauses.lark's ``stat``): "Attack: 1", "Hull: -40%", "Hit = [Flip][Flip]"."""
        parts = line("stat", items, self.text, label=sent.label is not None)
        if parts is None:
            return None
        text = self.text
        equals = next((k for name, k in parts if name == "EQUALS"), None)
        values = [items[k] for name, k in parts
                  if name in ("SIGNED", "COUNT") and (equals is None or k > equals)]
        name = sent.label if equals is None else _text(text, items[:equals])
        tail = "".join(f" {_text(text, items[k:k + 2])}" for what, k in parts if what == "aimed")
        tail += "".join(f" {_text(text, [items[k]])}" for what, k in parts if what == "limited")
        return f"{name}: {_text(text, values)}{tail}"

    def keyword_list(self, items: list[Item]) -> tuple[str, ...]:
        """A keyword line (clauses.lark's ``keywords``): "Tractor Beam, Cloaking Device", "DL/ {X}"."""
        parts = line("keywords", items, self.text)
        out: list[str] = []
        for name, k in parts or ():
            toks = items[k].toks
            if name == "KW":
                out += [t.value for t in toks]
            elif name == "SK":  # a ship's or facility's skill in its keyword line
                out += [f"skill {t.value}" for t in toks]
            elif name == "TT":  # what "DL/" downloads
                out += [f"download {t.value}" for t in toks]
            elif name == "DL":
                out.append("download")
            elif name == "limited":  # "Tractor Beam (cannot carry ships aboard)": how it is limited
                out[-1] = f"{out[-1]} ({self.text[toks[0].start_pos:toks[-1].end_pos].strip('() .')})"
        return tuple(out)
