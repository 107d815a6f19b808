"""Parse trees → a flat list of :class:`Item` (phrases, verb groups, modifiers, links)."""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Transformer


@dataclass(frozen=True)
class Item:
    kind: str                      # np verb mod cmp link punct paren signed dl
    toks: tuple[Token, ...]
    lemma: str = ""                # verb: lemma; link/punct: the token type
    modal: str = ""
    negated: bool = False
    attr: str = ""
    amount: int | None = None
    children: tuple[Item, ...] = field(default=())

    @property
    def start(self) -> int:
        return self.toks[0].start_pos if self.toks else 0

    @property
    def end(self) -> int:
        return self.toks[-1].end_pos if self.toks else 0

    @property
    def word(self) -> str:
        return str(self.toks[0].value).lower() if self.toks else ""

    def is_link(self, *types: str) -> bool:
        return self.kind == "link" and self.lemma in types


@dataclass(frozen=True)
class Sentence:
    label: str | None
    head: str | None
    items: tuple[Item, ...]
    start: int
    end: int


def _signed(val: str) -> int | None:
    try:
        return int(val.rstrip("%"))
    except ValueError:
        return None


class ToItems(Transformer):
    """Named after the grammar's rules; each returns an Item (or the Sentence)."""

    def np(self, toks):
        return Item("np", tuple(toks))

    def verb_group(self, toks):
        verb = toks[-1]
        modal = next((str(t.value) for t in toks if t.type == "MODAL"), "")
        negated = any(t.type == "NOT" for t in toks) or modal in ("cannot", "can't")
        return Item("verb", tuple(toks), lemma=str(verb.value), modal=modal, negated=negated)

    def modifier(self, toks):
        attr = next((str(t.value) for t in toks if t.type == "ATTR"), "")
        if toks[1].type == "EQUALS":
            target = toks[0]
            return Item("mod", tuple(toks), lemma="set", attr=attr or str(target.value).lower(),
                        amount=_signed(str(toks[-1].value)))
        amount = next((_signed(str(t.value)) for t in toks if t.type == "SIGNED"), None)
        return Item("mod", tuple(toks), lemma="modify", attr=attr, amount=amount)

    def comparison(self, toks):
        return Item("cmp", tuple(toks), attr=str(toks[0].value))

    def link(self, toks):
        return Item("link", tuple(toks), lemma=toks[0].type)

    def punct(self, toks):
        return Item("punct", tuple(toks), lemma=toks[0].type)

    def paren(self, children):
        inner = tuple(c for c in children if isinstance(c, Item))
        toks = tuple(t for c in children for t in (c.toks if isinstance(c, Item) else (c,)))
        return Item("paren", toks, children=inner)

    def end(self, toks):
        return Item("punct", tuple(toks), lemma="DOT")

    def head(self, toks):
        return ("head", str(toks[0].value), toks[0].start_pos)

    def signed(self, toks):
        return Item("signed", tuple(toks), amount=_signed(str(toks[0].value)))

    def dl(self, toks):
        return Item("dl", tuple(toks))

    def sentence(self, children):
        label = next((c for c in children if isinstance(c, Token) and c.type == "LABEL"), None)
        head = next((c[1] for c in children if isinstance(c, tuple) and c[0] == "head"), None)
        items = tuple(c for c in children if isinstance(c, Item) and not (c.kind == "punct"
                                                                          and c.lemma == "DOT"))
        toks = [t for c in children if isinstance(c, Item) for t in c.toks]
        head_start = next((c[2] for c in children if isinstance(c, tuple) and c[0] == "head"), None)
        start = (label.start_pos if label is not None else head_start if head_start is not None
                 else toks[0].start_pos if toks else 0)
        end = toks[-1].end_pos if toks else (label.end_pos if label is not None else 0)
        return Sentence(str(label.value) if label is not None else None, head, items, start, end)

    def start(self, children):
        return children[0]
