"""Parse trees → a flat list of :class:`Item` (phrases, verb groups, modifiers, links)."""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Transformer

from .targets import is_time_phrase


# Not frozen, though nothing changes an Item once made: a frozen dataclass sets each field through
# object.__setattr__, and the parser makes an Item for every phrase (about 4% of the whole parse).
# unsafe_hash keeps the hash a frozen one had.
@dataclass(slots=True, unsafe_hash=True)
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


def appended(children: list) -> list:
    """One step of a left-recursive list rule ("items: item | items item"): the first element starts
    the list, each later one is appended to it in place (Lark hands over [the list, the element]),
    so no tree is built and flattened per element."""
    if len(children) == 1:
        return children
    found, last = children
    found.append(last)
    return found


# What item each terminal that abilities.lark's ``items`` takes by itself makes (one_token_item).
ONE_TOKEN_KINDS = {
    **dict.fromkeys(("VERB", "BE", "HAVE"), "verb"),  # a bare verb
    "SIGNED": "signed",
    "DL": "dl",
    **dict.fromkeys(("PREP", "TO", "IF", "UNLESS", "WHEN", "WHILE", "SUB", "THEN", "CONJ", "ADV", "LIMIT",
                     "NOT"), "link"),
    **dict.fromkeys(("COMMA", "SEMI", "COLON", "DASH", "PLUS", "STAR", "SLASH", "EQUALS", "CMP"), "punct"),
}


def one_token_item(tok: Token) -> Item:
    """The item of one token: a bare verb, an amount, a download icon, a link word (its type the
    lemma) or a punctuation mark (likewise)."""
    kind = ONE_TOKEN_KINDS[tok.type]
    if kind == "link" or kind == "punct":
        return Item(kind, (tok,), tok.type)
    if kind == "verb":
        return Item("verb", (tok,), str(tok.value))
    if kind == "signed":
        return Item("signed", (tok,), amount=_signed(str(tok.value)))
    return Item("dl", (tok,))


# What a phrase may end with before a time phrase that is not part of it ("battle here this turn",
# "a card this turn"); after a participle the time says when it befell the phrase ("ships stopped
# this turn"), a filter of the phrase.
_BEFORE_A_TIME = frozenset({"LOC", "NOUN", "NAME", "TITLE", "CLASSIF", "KEYWORD", "SKILL", "PRON"})


def _ends_with_a_time(words: list[Token]) -> bool:
    """ "… this turn", "… that battle" after a place word or a noun."""
    return words[-3].type in _BEFORE_A_TIME and is_time_phrase(words[-2], words[-1])


class ToItems(Transformer):
    """Named after the grammar's rules; each returns an Item (or the Sentence)."""

    # Items are made positionally (kind, toks, lemma, …): by keyword costs half as much again, and
    # the parser makes an Item for every phrase and link.
    # ``items`` and ``np`` run once per item and per word: appended()'s step is written out in
    # each, a call fewer for every one.
    def np(self, children):  # the words so far (``items`` makes the phrase's Item of them)
        if len(children) == 1:
            return children
        found, word = children
        found.append(word)
        return found

    def verb_group(self, toks):  # (a bare verb is an item of its own: see one_token_item)
        modal = ""
        found = negated = False
        for t in toks:
            kind = t.type
            if kind == "MODAL":
                if not found and t.value != "have":  # (the perfect's "has": a manner, lexer._perfect_tense)
                    modal = str(t.value)
                    found = True
            elif kind == "NOT":
                negated = True
        negated = negated or modal in ("cannot", "can't") or modal.endswith((" not", "n't"))
        return Item("verb", tuple(toks), str(toks[-1].value), modal, negated)

    def modifier(self, toks):
        attr = next((str(t.value) for t in toks if t.type == "ATTR"), "")
        if toks[1].type == "EQUALS" or toks[-1].type == "NUMBER":  # "WEAPONS=6", "attributes all 3"
            target = toks[0]
            return Item("mod", tuple(toks), lemma="set", attr=attr or str(target.value).lower(),
                         amount=_signed(str(toks[-1].value)))
        amount = next((_signed(str(t.value)) for t in toks if t.type == "SIGNED"), None)
        return Item("mod", tuple(toks), lemma="modify", attr=attr, amount=amount)

    def comparison(self, toks):
        if len(toks) == 2 and toks[1].type == "MULT":  # "STRENGTH x2": a change by a factor
            return Item("mod", tuple(toks), lemma="multiply", attr=str(toks[0].value),
                        amount=int(str(toks[1].value)))
        # (the attribute compared, wherever it stands: "Unless 22 < STRENGTH < 55" is STRENGTH's range)
        attr = next((str(t.value) for t in toks if t.type == "ATTR"), str(toks[0].value))
        return Item("cmp", tuple(toks), attr=attr)

    def items(self, children):
        last = children[-1]
        if last.__class__ is list:  # a phrase: its words
            if len(last) > 2 and _ends_with_a_time(last):
                # "may not initiate battle here this turn": when is a phrase of its own (targets.lark's
                # phrase is a greedy run of words, and whether "this turn" ends it depends on the
                # word before it, which a run cannot look at: so it is split here)
                found = children[0] if len(children) > 1 else []
                found += (Item("np", tuple(last[:-2])), Item("np", tuple(last[-2:])))
                return found
            last = Item("np", tuple(last))
        elif last.__class__ is not Item:  # an item of one token, which the grammar takes as it is
            last = one_token_item(last)
        if len(children) == 1:
            return [last]
        found = children[0]
        found.append(last)
        return found

    def paren(self, children):
        inner: list[Item] = []  # the items, and the full stop before the closing bracket
        toks: list[Token] = []
        for c in children:
            if c.__class__ is list:
                inner += c
                for it in c:
                    toks += it.toks
            elif c.__class__ is Item:
                inner.append(c)
                toks += c.toks
            else:
                toks.append(c)
        return Item("paren", tuple(toks), children=tuple(inner))

    def end(self, toks):
        return Item("punct", tuple(toks), "DOT")

    def head(self, toks):
        return ("head", str(toks[0].value), toks[0].start_pos)

    def sentence(self, children):
        label = None       # the LABEL token
        head = head_start = None
        items: list[Item] = []  # the items, less the closing full stop
        stop = None        # the closing full stop
        for c in children:
            if c.__class__ is list:
                items = c
            elif c.__class__ is Item:
                stop = c
            elif c.__class__ is tuple:
                head, head_start = c[1], c[2]
            else:
                label = c
        # the first and last token of all items (the full stop included)
        first = items[0].toks[0] if items else stop.toks[0] if stop is not None else None
        last = stop.toks[-1] if stop is not None else items[-1].toks[-1] if items else None
        start = (label.start_pos if label is not None else head_start if head_start is not None
                 else first.start_pos if first is not None else 0)
        end = last.end_pos if last is not None else (label.end_pos if label is not None else 0)
        return Sentence(str(label.value) if label is not None else None, head, tuple(items), start, end)
