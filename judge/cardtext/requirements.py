"""Mission requirements: "Stellar Cartography + Leadership OR CUNNING>50", "Diplomacy, 2 Science, Cunning>28".

The language is ``grammar/requirements.lark``; this module feeds it the lexer's tokens and builds
:class:`Need` and :class:`Group` from what it recognises (:class:`Requirements`, a Lark
``Transformer``). The one thing the grammar cannot say is where the requirements stop and the
mission's game text starts: that is the longest run of tokens that is a whole expression, found by
feeding Lark's interactive parser one token at a time (``_longest``, public API:
``parse_interactive``, ``feed_token``, ``feed_eof``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer

from .grammar import grammar_dir, lalr, longest_whole


@dataclass(frozen=True)
class Need:
    """One requirement: a skill or classification (``count`` of them), an attribute total, a card, a
    kind of card (``thing``: "[TE] leader"), none of something (``none``), or something the crew must
    do to it (``action``: "discard" one MEDICAL personnel)."""

    skill: str | None = None
    classification: str | None = None
    count: int = 1
    attribute: str | None = None
    op: str | None = None
    value: int | None = None
    card: str | None = None
    thing: str | None = None
    action: str | None = None
    none: bool = False
    of: Need | None = None
    where: str | None = None            # "in orbit", "here", "with Transporter Skill aboard"
    mission_points: int | None = None   # an attribute total compared with the mission's points, times this
    text: str | None = None             # those points in the lexer's words ("mission point")

    def to_json(self) -> dict[str, Any]:
        if self.where is not None:
            return {**dataclasses.replace(self, where=None).to_json(), "where": self.where}
        if self.of is not None:
            inner = self.of.to_json()
            return {"none": inner} if self.none else {"action": self.action, **inner}
        if self.thing is not None:
            return {"thing": self.thing, "count": self.count}
        if self.card is not None:
            return {"card": self.card} if self.count == 1 else {"card": self.card, "count": self.count}
        if self.attribute is not None and self.mission_points is not None:
            return {"attribute": self.attribute, "op": self.op, "mission_points": self.mission_points,
                    "text": self.text}
        if self.attribute is not None:
            return {"attribute": self.attribute, "op": self.op, "value": self.value}
        key = "classification" if self.classification else "skill"
        return {key: self.classification or self.skill, "count": self.count}


@dataclass(frozen=True)
class Group:
    """All of ``parts`` (``any_of=False``) or one of them."""

    parts: tuple[Need | Group, ...]
    any_of: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"any" if self.any_of else "all": [p.to_json() for p in self.parts]}


Requirement = Need | Group


class Requirements(Transformer):
    """The rules of requirements.lark, each building its part of the requirement."""

    def start(self, children: list) -> Requirement:
        return children[0]

    def any(self, children: list) -> Group:
        return Group(tuple(c for c in children if isinstance(c, (Need, Group))), any_of=True)

    def all(self, children: list) -> Group:
        return Group(tuple(c for c in children if isinstance(c, (Need, Group))))

    def brackets(self, children: list) -> Requirement:
        return children[1]

    def or_instead(self, children: list) -> Group:
        """ "3 SECURITY (or {Odo})": the need, or the one in brackets instead."""
        return Group((children[0], children[3]), any_of=True)

    @staticmethod
    def _count(children: list[Token]) -> tuple[int, str]:
        count, name = 1, ""
        for tok in children:
            if tok.type == "NUMBER":
                count = int(tok.value)
            elif tok.type == "MULT":
                count *= int(tok.value)
            elif tok.type != "ANY":
                name = str(tok.value)
        return count, name

    def skill(self, children: list[Token]) -> Need:
        count, name = self._count(children)
        return Need(skill=name, count=count)

    def classification(self, children: list[Token]) -> Need:
        count, name = self._count(children)
        return Need(classification=name, count=count)

    def attribute(self, children: list) -> Need:
        total, op, amount = children
        if isinstance(amount, Token):
            return Need(attribute=total, op=str(op.value), value=int(amount.value))
        return Need(attribute=total, op=str(op.value), mission_points=amount[0], text=amount[1])

    def total(self, children: list[Token]) -> str:
        return str(children[0].value).lower()

    def any_attribute(self, children: list[Token]) -> str:
        """"any one attribute total": whichever one attribute the player picks."""
        return "any one attribute total"

    def points(self, children: list[Token]) -> tuple[int, str]:
        """The mission's point value, times what follows it: "mission points x3" -> 3, and the words."""
        times = int(children[-1].value) if children[-1].type == "MULT" else 1
        return times, " ".join(str(t.value) for t in children if t.type != "MULT")

    def card(self, children: list[Token]) -> Need:
        count = int(children[0].value) if len(children) > 1 else 1
        return Need(card=str(children[-1].value), count=count)

    def quality(self, children: list[Token]) -> Token:
        return children[0]

    plain = quality

    def thing(self, children: list[Token]) -> Need:
        count: Any = 1
        words = []
        for tok in children:
            if tok.type == "NUMBER":
                count = int(tok.value)
            elif tok.type == "ANY":
                count = "any"
            elif tok.type == "MULT":
                count = (count if isinstance(count, int) else 1) * int(tok.value)
            elif tok.type == "OR_MORE":
                count = f"{count} or more"
            elif tok.type == "OR":
                continue
            else:
                words.append(f"[{tok.value}]" if tok.type == "ICON" else str(tok.value))
        return Need(thing=" ".join(words), count=count)

    counted = kind = verb_kind = thing

    def placed(self, children: list) -> Need:
        return dataclasses.replace(children[0], where=" ".join(children[1:]))

    def place(self, children: list[Token]) -> str:
        return " ".join(str(t.value) for t in children)

    def place_with(self, children: list) -> str:
        prep, need = children
        return f"{prep.value} {need.count} {need.thing}"

    def none_of(self, children: list) -> Need:
        """"no opposing ships or personnel": none of any of them."""
        return Need(none=True, of=Group(tuple(c for c in children if isinstance(c, Need)), any_of=True))

    def none(self, children: list) -> Need:
        return Need(none=True, of=children[1])

    def action_skill(self, children: list[Token]) -> Need:
        count, name = self._count(children[1:])
        return Need(action=str(children[0].value), of=Need(skill=name, count=count))

    def action(self, children: list) -> Need:
        return Need(action=str(children[0].value), of=children[1])


@lru_cache(maxsize=1)
def requirements_parser() -> Lark:
    text = (grammar_dir() / "requirements.lark").read_text(encoding="utf-8")
    return lalr(text, start="start", transformer=Requirements())


def _terminal(tok: Token) -> str | None:
    """The grammar's name for a lexer token, or None where no requirement can use it."""
    kind = tok.type
    value = str(tok.value)
    if kind in ("SKILL", "CLASSIF", "ATTR", "TITLE", "LPAR", "RPAR", "ADJ", "NAME", "NOUN", "ICON", "WORD",
                "PART", "VERB", "PREP", "KEYWORD"):
        return kind
    if kind in ("NUMBER", "MULT"):
        return kind if value.isdigit() else None
    if kind == "LOC" and value.lower() in ("here", "there", "present", "aboard", "in orbit"):
        return "LOC"
    if kind == "CMP":
        return "COMPARE" if value in (">", ">=", "<", "<=") else None
    if kind == "DET" and value.lower() in ("any", "no"):
        return value.upper()
    if kind == "DET" and value.lower() == "or more":  # (lexer._or_more: "two or more")
        return "OR_MORE"
    if kind in ("PLUS", "COMMA") or (kind == "CONJ" and value.lower() == "and"):
        return "AND"
    if kind == "CONJ" and value.lower() == "or":
        return "OR"
    return None


# No printed requirement runs past a few dozen tokens (the longest of the 1E pool has 28); the
# end is found by trying shorter runs from the longest back, so a hostile run of thousands of
# "Physics +" (which never ends well) would cost time quadratic in its length. Past this many tokens the
# game text is taken to start.
MAX_TOKENS = 80


def _longest(toks: list[Token]) -> tuple[Requirement | None, int]:
    """The longest run of ``toks`` from the start that is a whole expression, read, and its length."""
    toks = toks[:MAX_TOKENS]
    named = []  # the tokens, renamed for the grammar, as far as they can go on an expression
    ends = []  # after each named token, how many of ``toks`` it has used
    # "if {Kell}, {Taibak} or {Entek} in play": a list's commas take its last joint, "or" as "and"
    # (one pass from the end: the joint after each comma, past the commas)
    listed_or = set()
    joint = None
    for i in range(len(toks) - 1, -1, -1):
        kind = toks[i].type
        if kind == "COMMA":
            if joint == "OR":
                listed_or.add(i)
        elif kind == "PLUS" or kind == "CONJ":
            joint = _terminal(toks[i])
    for i, tok in enumerate(toks):
        name = "OR" if i in listed_or else _terminal(tok)
        if name is None and tok.type == "OWNER" and tok.value == "opponent" and named \
                and named[-1].type == "NO":
            name = "ADJ"  # "no opposing ships": a quality of what is needed
        if name is None:
            break
        if tok.type == "COMMA" and i + 1 < len(toks) and _terminal(toks[i + 1]) in ("AND", "OR") \
                and toks[i + 1].type == "CONJ":
            continue  # "Security, Transporters, and Strength>28": the comma and the "and" are one joint
        named.append(Token.new_borrow_pos(name, tok.value, tok))
        ends.append(i + 1)
    # the longest run after which the expression can end ("Physics +" cannot)
    req, length = longest_whole(lambda: requirements_parser().parse_interactive(), named)
    return (req, ends[length - 1]) if length else (None, 0)


def scan_requirements(toks: list[Token]) -> tuple[Requirement | None, int]:
    """The requirement expression at the start of ``toks`` and the number of tokens it spans."""
    return _longest(toks)


def condition_requirements(toks: list[Token]) -> Group | None:
    """What a verbless condition asks for, when its words are a whole requirement expression of two
    needs or more ("Unless 2 hand weapons OR 3 SECURITY OR {Changeling Sweep} present", "unless
    Astrophysics + Navigation OR SHIELDS>10"): the expression, with its "or" and "+" kept (the
    condition's own ``requires`` lists the phrases, as if all were needed). A place printed once at
    the end ("… present") is where each of them must be."""
    req, used = scan_requirements(toks)
    rest = toks[used:]
    if not isinstance(req, Group) or not all(t.type == "LOC" or (t.type == "PREP" and t.value == "aboard")
                                             for t in rest):
        return None  # ("… present", "… aboard": where; anything else is more than requirements)
    where = " ".join(str(t.value) for t in rest) or None
    return _placed_all(req, where)


def _placed_all(req: Requirement, where: str | None) -> Requirement:
    """``req`` with ``where`` (or the place its last need alone has) on every need without one."""
    leaves = list(_leaves(req))
    if where is None and leaves[-1].where is not None and all(n.where is None for n in leaves[:-1]):
        where = leaves[-1].where
    if where is None:
        return req

    def put(r: Requirement) -> Requirement:
        if isinstance(r, Group):
            return Group(tuple(put(p) for p in r.parts), r.any_of)
        return r if r.where is not None else dataclasses.replace(r, where=where)
    return put(req)


def _leaves(req: Requirement):
    if isinstance(req, Group):
        for part in req.parts:
            yield from _leaves(part)
    else:
        yield req


def parse_requirements(text: str) -> Requirement | None:
    """A whole requirements text (a scenario's ``requirements``); None unless all of it reads."""
    from .lexer import clean, tokenize

    toks = [t for t in tokenize(clean(text)) if t.type != "DOT"]
    req, end = scan_requirements(toks)
    return req if end == len(toks) else None
