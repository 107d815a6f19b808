"""Mission requirements: "Stellar Cartography + Leadership OR CUNNING>50", "Diplomacy, 2 Science, Cunning>28".

A 1E mission's text opens with its requirements, as a personnel's opens with its skills; a 2E
mission prints them in a box of their own. Both read as

    requirements := all ("OR" all)*              "OR" binds loosest: A + B OR C is (A + B) OR C
    all          := term (("+" | "," | "and") term)*
    term         := "(" requirements ")" | NUMBER? (SKILL | CLASSIF) ("x" N)? | ATTR (">" | ">=") NUMBER
                  | {Title}

The game text starts at the first token that cannot continue the expression (an operator left
dangling is given back: "Physics + INTEGRITY>28 If destroyed, …" ends before "If").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token

_AND = ("PLUS", "COMMA")


@dataclass(frozen=True)
class Need:
    """One requirement: a skill or classification (``count`` of them), an attribute total, a card."""

    skill: str | None = None
    classification: str | None = None
    count: int = 1
    attribute: str | None = None
    op: str | None = None
    value: int | None = None
    card: str | None = None

    def to_json(self) -> dict[str, Any]:
        if self.card is not None:
            return {"card": self.card}
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


def scan_requirements(toks: list[Token]) -> tuple[Requirement | None, int]:
    """The requirement expression at the start of ``toks`` and the number of tokens it spans."""
    return _Scanner(toks).expression(0)


def parse_requirements(text: str) -> Requirement | None:
    """A whole requirements text (a scenario's ``requirements``); None unless all of it reads."""
    from .lexer import clean, tokenize

    toks = [t for t in tokenize(clean(text)) if t.type != "DOT"]
    req, end = scan_requirements(toks)
    return req if end == len(toks) else None


class _Scanner:
    def __init__(self, toks: list[Token]) -> None:
        self.toks = toks

    def _type(self, i: int) -> str:
        return self.toks[i].type if i < len(self.toks) else "$END"

    def _is_or(self, i: int) -> bool:
        return self._type(i) == "CONJ" and str(self.toks[i].value).lower() == "or"

    def _is_and(self, i: int) -> bool:
        return self._type(i) in _AND or (self._type(i) == "CONJ" and str(self.toks[i].value).lower() == "and")

    def expression(self, i: int) -> tuple[Requirement | None, int]:
        first, i = self.all_of(i)
        if first is None:
            return None, i
        options = [first]
        while self._is_or(i):
            nxt, j = self.all_of(i + 1)
            if nxt is None:
                break
            options.append(nxt)
            i = j
        return (options[0] if len(options) == 1 else Group(tuple(options), any_of=True)), i

    def all_of(self, i: int) -> tuple[Requirement | None, int]:
        first, i = self.term(i)
        if first is None:
            return None, i
        parts = [first]
        while self._is_and(i):
            nxt, j = self.term(i + 1)
            if nxt is None:
                break
            parts.append(nxt)
            i = j
        return (parts[0] if len(parts) == 1 else Group(tuple(parts))), i

    def term(self, i: int) -> tuple[Requirement | None, int]:
        t = self._type(i)
        if t == "LPAR":
            inner, j = self.expression(i + 1)
            if inner is not None and self._type(j) == "RPAR":
                return inner, j + 1
            return None, i
        if t == "TITLE":
            return Need(card=str(self.toks[i].value)), i + 1
        if t == "ATTR" and self._type(i + 1) == "CMP" and self._type(i + 2) == "NUMBER":
            op, value = str(self.toks[i + 1].value), str(self.toks[i + 2].value)
            if op in (">", ">=") and value.isdigit():
                return Need(attribute=str(self.toks[i].value).lower(), op=op, value=int(value)), i + 3
            return None, i
        count, j = 1, i
        if t == "NUMBER" and str(self.toks[i].value).isdigit():
            count, j = int(str(self.toks[i].value)), i + 1
        kind = self._type(j)
        if kind not in ("SKILL", "CLASSIF"):
            return None, i
        name = str(self.toks[j].value)
        j += 1
        if self._type(j) == "MULT" and str(self.toks[j].value).isdigit():
            count, j = count * int(str(self.toks[j].value)), j + 1
        if kind == "CLASSIF":
            return Need(classification=name, count=count), j
        return Need(skill=name, count=count), j
