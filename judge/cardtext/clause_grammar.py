"""The clause shapes of ``grammar/clauses.lark``: a sentence's prefix clauses and where its main
clause starts (``split_prefixes``), where a clause goes on after a trailing condition
(``condition_end``), how far a relative clause runs (``relative_length``), where "<cost> to
<effect>" splits (``cost_split``), how a main clause groups into effects (``predicate``), and the
lines with no clause: keyword lines, printed values, labelled lists (``line``).

The grammar reads the items the sentence grammar made, one terminal per item (``terminal``,
``cost_terminal``, ``predicate_terminal``, ``line_terminal``, ``listing_terminal``). Where a prefix
ends, or a clause goes on, is what one token of lookahead cannot see ("If Data, Lore, or Spot
present, …": two commas inside the prefix, the third ends it), so ``_search`` feeds the items to
Lark's interactive parser and, at each place the grammar allows a marker (END, GO, COST), tries it
first, keeping the plain reading when the rest of the sentence then fails to read. A relative clause
is the longest run its rule reads.

What the grammar cannot say stays here, each named where it is used: 1E's terse main clause after
a prefix whose comma no main clause follows ("While in play, nullifies …"), a prefix with no comma
at all ("Just after opponent scans mission you may …": the phrase before "may" ran into "you"), and
a telegraphic main clause ("Unless Greed present, Away Team "stopped"") — each needs a look at the
whole rest of the sentence, or a phrase cut in two; and one preference of the prefix search, which
of two readings the grammar allows to take (``_list_cut``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput

from .grammar import grammar_dir, lalr, longest_whole
from .items import Item, appended
from .lexer import _token

# Prepositions that open a timing prefix ("At start of your turn, …", "In place of your normal card
# play, …"); "except" and "with" open only a sentence's first prefix ("Except {Borg Ship}, all ships
# …", "With Lore, your …"): after a comma they go on the clause before.
TIMING_PREPOSITIONS = ("at", "during", "until", "for", "in", "in place of", "instead of", "after", "before",
                       "on", "upon")
_FIRST_ONLY = ("except", "with")


def _first_only(word: str) -> bool:
    """A preposition of _FIRST_ONLY, or "except" with another ("Except during the destruction of a
    location, …": lexer._except_places)."""
    return word in _FIRST_ONLY or word.startswith("except ")
_LINKS = frozenset({"IF", "UNLESS", "WHEN", "WHILE", "SUB", "LIMIT", "ADV", "TO", "THEN"})
_ENDS = frozenset({"COMMA", "COLON"})
CONDITION_LINKS = ("IF", "UNLESS", "SUB", "WHILE", "WHEN")  # the links a condition opens with
Prefix = tuple[str, list[Item]]  # (the opening word, or "limit"; the clause's items)


class _Clauses(Transformer):
    """Each rule of clauses.lark, as the indices of the items it spans (the reader maps them back)."""

    def body(self, children):
        if len(children) == 1:  # the first item
            return [children[0].start_pos]
        indices, tok = children
        indices.append(tok.start_pos)
        return indices

    def _indices(self, children) -> list[int]:
        out: list[int] = []
        for c in children:
            if isinstance(c, list):
                out += c
            elif c.type != "END":
                out.append(c.start_pos)
        return out

    def limit(self, children):  # the comma after it ends it
        return ("limit", [t.start_pos for t in children if t.type != "COMMA"])

    def clause(self, children):
        return ("clause", self._indices(children))

    first = clause

    def main(self, children):
        return ("main", self._indices(children))

    def open(self, children):
        return ("open", self._indices(children))

    def open_first(self, children):
        return [("open", self._indices(children))]

    def goes_on(self, children):
        return (children[0].start_pos, False)

    def goes_on_after_comma(self, children):
        return (children[0].start_pos, True)

    def trailing(self, children):
        return next((c for c in children if isinstance(c, tuple)), None)

    def relative(self, children):
        return None  # (relative_length() needs only how far the rule reads)

    def costed(self, children):
        return next((c.start_pos for c in children if c.type == "COST"), None)

    def start(self, children):
        return [c for c in children if isinstance(c, tuple)]

    # predicate: each effect as its kind and its parts, a part a terminal (its item's index is
    # ``start_pos``) or one of the tuples below
    def predicate(self, children):
        return appended(children)

    def effect(self, children):
        if children[-1].__class__ is list:  # what follows the verb (s0 … s3), last item first
            children[-1:] = reversed(children[-1])
        return ("effect", children)

    def mod_effect(self, children):
        if children[-1].__class__ is list:
            children[-1:] = reversed(children[-1])
        return ("mod", children)

    def s0(self, children):
        """An item after the verb, then what follows it: the items as a list, last first. (The
        states are right-recursive, so each adds its item to the list of the rest; appending keeps
        that linear, where putting it in front copied the list at every item.)"""
        if len(children) == 2:
            rest = children[1]
            rest.append(children[0])
            return rest
        return children

    s1 = s2 = s3 = s0

    def own(self, children):  # (the subject's index, and its aside's if it has one)
        return ("own", children[0].start_pos, children[1].start_pos if len(children) > 1 else None)

    def place(self, children):
        return ("place", [t.start_pos for t in children])

    def particle(self, children):
        return ("particle", children[0].start_pos)

    def worth(self, children):
        return ("worth", [t.start_pos for t in children])

    # keywords, stat: each item as (terminal, index); "limited" is the closing parenthesis
    def keywords(self, children):
        return [c if isinstance(c, tuple) else (c.type, c.start_pos) for c in children]

    stat = listing = keywords

    def aimed(self, children):  # "to a single target": where the value goes
        return ("aimed", children[0].start_pos)

    def limited(self, children):
        return ("limited", children[0].start_pos)


# Card text is formulaic: the pool's 6,516 main clauses have 1,224 shapes (sequences of terminals).
# What the grammar reads from a shape depends on the terminals alone (the tokens carry only their
# index), so each reading of a shape is kept, and a repeated one is not parsed again. Bounded, and
# emptied by ``clear_shape_caches`` (the benchmark starts each round with them empty). A kept
# reading is shared: its callers only read it.
_SHAPE_CACHES: list = []


def shape_cache(read: Callable) -> Callable:
    cached = lru_cache(maxsize=4096)(read)
    _SHAPE_CACHES.append(cached)
    return cached


def clear_shape_caches() -> None:
    for cached in _SHAPE_CACHES:
        cached.cache_clear()


@lru_cache(maxsize=1)
def clause_parser() -> Lark:
    text = (grammar_dir() / "clauses.lark").read_text(encoding="utf-8")
    return lalr(text, start=["start", "trailing", "relative", "costed", "predicate", "keywords", "stat",
                             "listing"],
                transformer=_Clauses())


def base_form(item: Item, text: str) -> bool:
    """A verb group with a modal, or a verb printed as its lemma ("discard", not "discards"; of a
    verb of more words, its first word: "score points" as ``score``, not "scores points")."""
    tok = item.toks[-1]
    if item.modal != "":
        return True
    printed, lemma = text[tok.start_pos:tok.end_pos].lower(), str(tok.value)
    return printed == lemma or (" " in printed and printed.split(" ", 1)[0] == lemma.split("_", 1)[0])


def terminal(item: Item, text: str) -> str:
    """The clauses.lark terminal for one item."""
    kind = item.kind
    if kind == "np":
        return "IMMUNE" if text[item.start:item.end].lower() == "immune" else "NP"
    if kind == "verb":
        return "VERB_MODAL" if item.modal else "VERB_BASE" if base_form(item, text) else "VERB"
    if kind == "link":
        lemma = item.lemma
        if lemma in _LINKS:
            return lemma
        if lemma == "PREP":
            word = item.word
            return "TIMING" if word in TIMING_PREPOSITIONS else "TIMING_X" if _first_only(word) else "OTHER"
        if lemma == "CONJ":
            return "AND" if item.word in ("but", "and") else "CONJ"
        return "OTHER"
    if kind == "mod":
        return "MOD"
    if kind == "cmp":
        return "CMP"
    if kind == "punct":
        return item.lemma if item.lemma in ("COMMA", "COLON", "SEMI") else "PUNCT"
    if kind == "paren":
        inner = item.children
        if inner and (inner[0].is_link(*CONDITION_LINKS) or (
                len(inner) > 1 and inner[0].is_link("CONJ") and inner[1].is_link("PREP")) or (
                inner[0].is_link("PREP", "ADV") and any(c.is_link(*CONDITION_LINKS) for c in inner[1:])) or (
                len(inner) > 1 and inner[0].kind == "verb" and not inner[0].modal
                and inner[0].lemma not in ("have", "be")  # ("you command (have in play)": a gloss)
                and text[inner[0].start:inner[0].end].lower() == inner[0].lemma)):
            # "(if any)", "(or on {Qo'noS})", "(for free if {U.S.S. Dauntless})": a condition or place
            # of the clause, where a relative clause before it ends; so does an imperative, "… any card
            # which is closing or destroying Bajoran Wormhole (discard doorway)"
            return "PAREN_IF"
        return "PAREN_LIMIT" if any(c.is_link("LIMIT") for c in inner) else "PAREN"
    return "OTHER"


def _prefix_parts(names: list[str]) -> list[tuple[str, list[int]]] | None:
    """The parts clauses.lark finds in a sentence whose items are ``names``, or None if it does not
    read (or the search runs past its budget: a hostile run of commas)."""
    return _prefix_shape(tuple(names))


@shape_cache
def _prefix_shape(names: tuple[str, ...]) -> list[tuple[str, list[int]]] | None:
    parts = _search("start", names, "END", _ENDS, replace=True, prefer=lambda p: not _list_cut(p, names))
    return None if parts is None else _with_tail(parts, len(names))


_VERBS = frozenset({"VERB", "VERB_BASE", "VERB_MODAL"})


_SUBORDINATORS = frozenset({"WHEN", "IF", "UNLESS"})


def _list_cut(parts: list[tuple[str, list[int]]], names: list[str]) -> bool:
    """Whether a prefix clause with no verb ends at a comma a list goes on after ("When your
    assassin, thief, or {Jo'Bril} is about to be killed, …", "if ship, its crew, or one of its Away
    Teams solves a mission, …": "thief, or {Jo'Bril} is …" would read as a main clause with a
    listed subject; after "if" or "unless" only a lone phrase; "While in play, RANGE, WEAPONS, and
    SHIELDS are +2" keeps its listed subject). A reading that does not is preferred:
    which of two commas ends a prefix is the search's choice, not the grammar's."""
    for kind, spans in parts:
        if kind != "clause" or names[spans[0]] not in _SUBORDINATORS or any(
                names[k] in _VERBS for k in spans):
            continue
        if names[spans[0]] != "WHEN" and [names[k] for k in spans[1:]] != ["NP"]:
            continue
        after = spans[-1] + 2  # past the comma that ends it
        if after + 1 < len(names) and names[after] == "NP" and names[after + 1] == "COMMA":
            return True
    return False


_RESUMES = frozenset({"COMMA", "AND", "CONJ", "THEN", "COLON"})


# The most items after a trailing condition's word that where the clause goes on is looked for in:
# card text's conditions and the rest of their clauses run to 35 (the clause goes on 28 items in,
# at most, in the pool and the virtual sets), and each of a hostile run of thousands of conditions
# looked along the whole rest of its clause (quadratic).
LONGEST_CONDITION = 64


def condition_end(items: list[Item], text: str) -> tuple[int, bool] | None:
    """Where a condition that follows its effect (``items`` open with its word: "unless …") stops
    and the clause goes on, by clauses.lark's ``trailing``: the index of the item the clause goes on
    at, and whether the comma there is dropped ("…, if aboard X, may place …"); None when the
    condition runs to the end (or does not stop within LONGEST_CONDITION items)."""
    items = items[:LONGEST_CONDITION]
    names = [terminal(it, text) for it in items]
    for i in range(2, len(names) - 1):
        if names[i] in ("AND", "CONJ") and names[i - 2] == "TO" and (
                names[i - 1] == names[i + 1] == "VERB_BASE"):
            # "just as it begins to dock or undock at …": a second infinitive of the condition's, not
            # where the clause goes on (told here, as a lexer would, by the words on either side)
            names[i] = "OTHER"
        elif (names[0] == "WHEN" and names[i] in ("AND", "CONJ") and names[i + 1] == "NP"
              and i + 2 < len(names) and names[i + 2] in _VERBS
              and not any(name in _VERBS for name in names[1:i])):
            # "when your Away Team or crew is about to be killed": before a "when" has its verb (an
            # event has one), a phrase after "or" and a verb is more of its subject, not where the
            # clause goes on with a subject of its own (a verbless "until end of turn" may end there:
            # "… until end of turn and opponent may move it …")
            names[i] = "OTHER"
        elif names[i] in ("AND", "CONJ") and names[i + 1] in ("VERB", "VERB_BASE") and (
                names[i + 1] in names[1:i]):
            # "if any SHIELDS are less than 4 or were just lowered for beaming", "when you acquire an
            # artifact or capture an opponent's personnel": a verb after the condition's own, in its
            # form, is the condition's second verb, of the same subject
            names[i] = "OTHER"
        elif names[i] in ("AND", "CONJ") and names[i + 1] == "VERB_BASE" and items[i + 1].lemma in (
                "have", "be") and not items[i + 1].modal and any(name in _VERBS for name in names[1:i]):
            # "if you have played no cards this turn and have fewer in hand than opponent": "have" or
            # "be" as printed, with no subject of its own, after the condition's verb, says more of
            # how things must stand, the condition's (a main clause goes on with an act, "… and
            # discard a card", not a state)
            names[i] = "OTHER"
        elif names[i] == "COMMA" and names[i - 1] == "VERB" and names[i + 1] == "VERB" and any(
                names[j] in ("AND", "CONJ") and names[j + 1] == "VERB" and "COMMA" not in names[i + 1:j]
                for j in range(i + 2, len(names) - 1)):
            # "if your ship or Nor moves, battles or has SHIELDS < …": so is each of a list of them,
            # listed bare ("… while player shows matching card, returns it to hand and plays any card
            # …" goes on after the condition's verb and its object)
            names[i] = "OTHER"
        elif names[i] == "COMMA" and items[i + 1].kind == "np" and (
                [t.type for t in items[i + 1].toks] == ["PART"]
                and i + 2 < len(items) and items[i + 2].word == "otherwise"):
            # "is stopped if opponent's score is odd, killed otherwise": the other outcome, the
            # clause's own participle with its "be" left out, where the clause goes on (as a verb
            # after a comma does)
            names[i + 1] = "VERB"
    first = next((i for i in range(1, len(names)) if names[i] in _RESUMES), None)
    if first is None:
        return None  # GO goes only before a comma, conjunction, "then" or colon: none to try
    if not any(name in _VERBS or name == "THEN" or (name == "TO" and names[k - 1] == "COMMA")
               for k, name in enumerate(names[first + 1:], first + 1)):
        return None  # and a verb, ", then" or ", to" follows it: with none after the first, none reads
    return _trailing_shape(tuple(names))


@shape_cache
def _trailing_shape(names: tuple[str, ...]) -> tuple[int, bool] | None:
    return _search("trailing", names, "GO", _RESUMES, replace=False)


# The most items a relative clause is looked for in: card text's run to ten (of the pool's and the
# virtual sets' 901, none longer), and each clause looked along a hostile sentence's whole rest (a
# list of thousands, each with a relative clause) was quadratic.
_LONGEST_RELATIVE = 64


def relative_length(items: list[Item], text: str) -> int:
    """How many of ``items`` (which open with a relative clause's verb) the clause spans: the
    longest run clauses.lark's ``relative`` reads and can end after (at least the verb), within
    the first _LONGEST_RELATIVE."""
    return _relative_run(tuple(terminal(it, text) for it in items[:_LONGEST_RELATIVE]))


@shape_cache
def _relative_run(names: tuple[str, ...]) -> int:
    tokens = [_token(name, name, i, None) for i, name in enumerate(names)]
    length = longest_whole(lambda: clause_parser().parse_interactive(start="relative"), tokens)[1]
    return length or 1


# Verbs whose object does what "to <verb>" after it says: "allow your Away Team to attempt …",
# "force one opponent's ship … to decloak" (not a cost paid for it).
CONTROL_VERBS = frozenset({"allow", "force", "cause", "enable", "permit", "compel"})
# Verbs after which "to <verb>" is a complement, not a purpose: "allow X to initiate". (A download
# is never paid: "download {Jake Sisko} to join him" is what the card downloaded does next.)
COMPLEMENT_VERBS = frozenset({"allow", "need", "require", "choose", "select", "get", "attempt", "be", "have",
                              "play", "seed", "use", "download", "help", "substitute", "fail", "begin",
                              "consider", *CONTROL_VERBS})


def cost_terminal(items: list[Item], i: int, text: str) -> str:
    """The terminal of clauses.lark's ``costed`` rule for ``items[i]``."""
    it = items[i]
    if it.kind == "verb":
        lemma = it.lemma
        k = i + 1
        if lemma == "be" and k + 1 < len(items) and items[k].is_link("ADV"):
            k += 1  # "been randomly selected"
        if lemma == "be" and k < len(items) and items[k].kind == "np" and (
                items[k].toks[0].type == "PART"):  # a passive: its participle is the verb
            return "BC" if str(items[k].toks[0].value) in COMPLEMENT_VERBS else "BP"
        if lemma == "use" and i + 1 < len(items) and items[i + 1].kind == "np" and (
                items[i + 1].toks[-1].type == "ATTR" and items[i + 1].toks[0].type == "NUMBER"):
            # "use 1 RANGE to land": an amount of an attribute used is spent, a cost ("use hand
            # weapons to complete …" is the means, the complement)
            return "P"
        return "B" if lemma in ("be", "have") else "C" if lemma in COMPLEMENT_VERBS else "P"
    if it.is_link("TO"):
        return "TO"
    if it.kind == "punct" and it.lemma == "SEMI":
        return "SEMI"
    return "NE" if text[it.start:it.end].lower().endswith("enough") else "N"


def cost_split(items: list[Item], text: str) -> int | None:
    """Index of the "to" in "<cost> to <effect>" (clauses.lark's ``costed``), if the clause has
    that shape."""
    n = len(items)
    # an adverb between "to" and its verb goes with the verb: "destroy this event to instead choose …"
    kept = [i for i in range(n) if not (0 < i < n - 1 and items[i].is_link("ADV")
                                        and items[i - 1].is_link("TO") and items[i + 1].kind == "verb")]
    names = [cost_terminal(items, i, text) for i in kept]
    if names and names[0] == "P" and not items[0].modal and not base_form(items[0], text):
        # the card's own verb, with no subject, as printed ("Downloads a bartender to replace …",
        # "Inserts into spaceline to create …"): what it does and what for, not a cost a player pays
        names[0] = "C"
    paid = False  # a verb that can be paid (P, BP) so far: the cost starts at one
    for i, name in enumerate(names[:-1]):
        if name == "TO" and paid and names[i + 1] in ("P", "C"):
            break
        paid = paid or name in ("P", "BP")
    else:
        return None  # COST goes only before "to <verb>", after a cost's verb: with none, nothing to try
    found = _cost_shape(tuple(names))
    return kept[found] if found is not None else None


@shape_cache
def _cost_shape(names: tuple[str, ...]) -> int | None:
    return _search("costed", names, "COST", frozenset({"TO"}), replace=False, stop_early=False)


_LONG_SENTENCE = 400  # items: card text's longest sentences have under a hundred


def _search(start: str, names: list[str], marker: str, candidates: frozenset[str], replace: bool,
            stop_early: bool = True, prefer: Callable[[Any], bool] | None = None):
    """Parse ``names`` from ``start``, trying ``marker`` first at each candidate position the
    grammar allows it (in place of the token there, or before it); None if nothing reads. With
    ``prefer``, a reading it refuses is kept only if no later one passes it.

    Depth first, marker before none. A failed try starts again from the first item with its
    choices so far fixed (a copy of the parser would have to be a deep one: Lark's tree builder
    extends a repeated rule's list in place), which costs little: most sentences try once."""
    n = len(names)
    # tokens fed, counting each retry: a real sentence needs about n, at most about 10n, and has some
    # dozens of items; past _LONG_SENTENCE items (only a hostile run of commas is that long) each
    # more item adds twice itself, not eight times (200 KB of them: 1.5 s, now about 0.5 s)
    budget = 8 * min(n, _LONG_SENTENCE) + 2 * max(0, n - _LONG_SENTENCE) + 64
    tries: list[dict[int, bool]] = [{}]
    fallback = None
    while tries:
        chosen = tries.pop()
        parser = clause_parser().parse_interactive(start=start)
        try:
            for i, name in enumerate(names):
                budget -= 1
                if budget < 0:
                    return fallback
                choices = parser.choices()
                if stop_early and "$END" in choices and marker not in choices:
                    # the grammar takes any items from here on (a main clause has started, or the
                    # clause has gone on after its condition): they cannot change the parse
                    break
                if name in candidates:
                    mark = chosen.get(i)
                    if mark is None:
                        mark = marker in choices
                        if mark:
                            tries.append({**chosen, i: False})
                            chosen = {**chosen, i: True}
                    if mark:
                        parser.feed_token(_token(marker, name, i, None))
                        if replace:
                            continue
                parser.feed_token(_token(name, name, i, None))
            result = parser.feed_eof()
        except UnexpectedInput:
            continue
        if prefer is None or prefer(result):
            return result
        fallback = fallback or result
    return fallback


def _with_tail(parts: list[tuple[str, list[int]]], n: int) -> list[tuple[str, list[int]]]:
    """``parts`` with the main clause running on to the n-th item."""
    kind, spans = parts[-1]
    start = spans[-1] + 1 if spans else 0
    return [*parts[:-1], (kind, spans + list(range(start, n)))]


def _opener(items: list[Item]) -> str | None:
    """The word a prefix clause at the start of ``items`` opens with, if one does."""
    first = items[0]
    if first.kind != "link":
        return None
    if first.lemma == "WHEN":
        return "when"
    if first.lemma in ("IF", "UNLESS", "WHILE", "SUB"):
        return first.word
    if first.lemma == "PREP" and (first.word in TIMING_PREPOSITIONS or _first_only(first.word)):
        return first.word
    if first.lemma == "TO" and len(items) > 1 and items[1].kind == "verb":
        return "to"
    return None


def split_prefixes(items: list[Item], text: str) -> tuple[list[Prefix], list[Item]]:
    """Prefix clauses ("When …,", "Once each turn,") and the main clause after them."""
    prefixes: list[Prefix] = []
    rest = items
    while rest:
        parts = _prefix_parts([terminal(it, text) for it in rest])
        if parts is None:
            break
        main: list[Item] = []
        opened = False
        for kind, spans in parts:
            span = [rest[k] for k in spans]
            if kind == "limit":
                prefixes.append(("limit", span))
            elif kind == "clause":
                prefixes.append((_opener(span) or span[0].word, span))
            else:
                main, opened = span, kind == "open"
        rest = main
        if not opened:
            break
        opener = _opener(rest)
        split = None if opener in (None, "to") else _unended(rest)
        if split is None:
            break
        prefixes.append((opener, split[0]))  # type: ignore[arg-type]
        rest = split[1]
    return prefixes, rest


def is_sentence(items: list[Item], text: str) -> bool:
    """Whether ``items`` (a parenthesis's, say) are a sentence of their own, a prefix and a main
    clause: "(Whenever no Borg aboard, you may beam one scout aboard.)", not "(if with {Jack})"."""
    prefixes, main = split_prefixes(items, text)
    return bool(prefixes and main)


def _unended(rest: list[Item]) -> tuple[list[Item], list[Item]] | None:
    """A prefix at the start of ``rest`` that no comma followed by a main clause ends, and the main
    clause after it, by the forms the grammar cannot state (each needs the whole sentence in view)."""
    # 1E's terse main clause: "While in play, nullifies …", "While at your mission, adds [BAJ]."
    for i, it in enumerate(rest[:-1]):
        if it.kind == "punct" and it.lemma in _ENDS and (rest[i + 1].kind == "verb" or (
                rest[i + 1].is_link("ADV") and i + 2 < len(rest) and rest[i + 2].kind == "verb")) and (
                not _in_verb_list(rest, i)):
            return rest[:i], rest[i + 1:]
    split = _modal_clause(rest)  # no comma: "Just after opponent scans mission you may …"
    if split is not None:
        return split
    # a telegraphic main clause after the only comma: "Unless Greed present, Away Team "stopped"",
    # "If tied, two personnel killed (random selection)" (the first comma: later ones may list what
    # the clause's own condition needs, "Even if not damaged, crew "stopped" unless SCIENCE, OFFICER
    # and Astrophysics present")
    commas = [i for i, it in enumerate(rest) if it.kind == "punct" and it.lemma in _ENDS]
    after = rest[commas[0] + 1:] if commas else []
    own = next((j for j, it in enumerate(after) if it.is_link(*CONDITION_LINKS)), len(after))
    if after and after[0].kind == "np" and telegraphic(after) != after and (
            len(commas) == 1 or not any(it.kind in ("verb", "mod") for it in after[:own])):
        return rest[:commas[0]], after
    return None


def _in_verb_list(items: list[Item], comma: int) -> bool:
    """Whether the comma at ``comma`` is inside a list of verbs: 'it "stops," disables or puts in
    stasis …' (a verb before it, and a verb, "or"/"and" and a verb after it)."""
    after = items[comma + 1:comma + 4]
    return comma > 0 and items[comma - 1].kind == "verb" and len(after) == 3 and (
        after[0].kind == "verb" and after[1].is_link("CONJ") and after[2].kind == "verb")


def _modal_clause(items: list[Item]) -> tuple[list[Item], list[Item]] | None:
    """A prefix clause with no comma, and the main clause after it, which starts at a subject with
    a modal verb: after the prefix's own verb ("Just after opponent scans mission you may discard
    incident …"), or a pronoun the phrase before it ran into ("In place of your normal card play
    you may flip mission over")."""
    verb_seen = False
    for i in range(1, len(items) - 1):
        it = items[i]
        if it.kind == "verb":
            verb_seen = True
        elif verb_seen and it.is_link("ADV") and items[i + 1].kind == "verb" and not items[i + 1].modal and (
                items[i - 1].kind == "np" and items[i - 1].toks[-1].type == "PART"):
            # after a passive, an adverb and a verb: the imperative main clause ("before a winner is
            # determined randomly select two …")
            return items[:i], items[i:]
        elif verb_seen and it.kind == "np" and items[i + 1].kind == "verb" and not items[i + 1].modal and (
                it.toks[-1].type == "PRON" and str(it.toks[-1].value).lower() in _SUBJECT_PRONOUNS - {"you"}
                and (len(it.toks) > 1 or items[i - 1].kind != "link")):
            # a subject pronoun and its verb after the prefix's own verb and object, which it ran
            # into: "after applying damage it "ricochets" to …" (no comma)
            if len(it.toks) == 1:
                return items[:i], items[i:]
            return [*items[:i], Item("np", it.toks[:-1])], [Item("np", it.toks[-1:]), *items[i + 1:]]
        elif it.kind == "np" and items[i + 1].kind == "verb" and items[i + 1].modal:
            last = it.toks[-1]
            if len(it.toks) > 1 and last.type == "PRON" and last.value.lower() == "you":
                head = Item("np", it.toks[:-1])
                return [*items[:i], head], [Item("np", it.toks[-1:]), *items[i + 1:]]
            if verb_seen and items[i - 1].kind != "link":
                return items[:i], items[i:]
            of = i > 2 and items[i - 1].is_link("PREP") and items[i - 1].word == "of"
            ran_in = items[i - 2]
            if verb_seen and of and ran_in.kind == "np" and len(ran_in.toks) > 1 and (
                    ran_in.toks[-1].type == "DET"):
                # "just after it is targeted each of your Platforms here may …": the phrase before
                # "of" ran into the subject's "each"
                head, det = Item("np", ran_in.toks[:-1]), Item("np", ran_in.toks[-1:])
                return [*items[:i - 2], head], [det, *items[i - 1:]]
            return None
    return None


def telegraphic(items: list[Item]) -> list[Item]:
    """1E's verbless passive, "Infiltrator exposed.", "Away Team stopped if …": the participle that
    ends a subject phrase is the verb; and so on after it ("two personnel killed and Away Team
    stopped"), one passive at a time (a loop, not a call for each: a hostile run of thousands went
    past Python's stack)."""
    out: list[Item] = []
    rest: list[Item] | None = items
    while rest is not None:
        done, rest = _first_passive(rest)
        out += done
    return out


def _first_passive(items: list[Item]) -> tuple[list[Item], list[Item] | None]:
    """telegraphic()'s step: the items up to and with the first verbless passive read, and the items
    after it still to be looked at (None when no passive is left)."""
    for i, it in enumerate(items):
        if it.kind == "np" and len(it.toks) > 2 and it.toks[-1].type == "LOC" and it.toks[-2].type == "PART":
            # "No outposts or stations allowed here.": the place after the participle is its own
            it = Item("np", it.toks[:-1])
            items = [*items[:i], it, Item("np", items[i].toks[-1:]), *items[i + 1:]]
        if it.kind == "np" and it.toks[-1].type == "PART":
            negated = i > 0 and items[i - 1].is_link("NOT")
            after_aside = i > 1 and items[i - 1].kind == "paren" and items[i - 2].kind == "np"
            if len(it.toks) == 1 and not negated and i > 0 and not after_aside:
                continue  # ("one personnel (random selection) killed": the participle after an aside)
            # the participle is the passive of a "be" the text leaves out (zero width): "Away Team
            # stopped" is read as "Away Team is stopped"
            part = it.toks[-1]
            be = Token("BE", "be", part.start_pos, end_pos=part.start_pos)
            before = [Item("np", it.toks[:-1])] if len(it.toks) > 1 else []
            return [*items[:i], *before, Item("verb", (be,), lemma="be", negated=negated),
                    Item("np", (part,))], items[i + 1:]
        if it.kind == "np" and len(it.toks) > 1 and it.toks[-1].type == "LOC" and (
                str(it.toks[-1].value).lower() == "in play") and i == 0:
            # '"Benefactor" in play for uniqueness only': where it is, with the "be" left out
            place = it.toks[-1]
            be = Token("BE", "be", place.start_pos, end_pos=place.start_pos)
            return [Item("np", it.toks[:-1]), Item("verb", (be,), lemma="be"), Item("np", (place,)),
                    *items[i + 1:]], None
    return items, None


_SUBJECT_PRONOUNS = frozenset({"you", "they", "he", "she", "it", "we", "i"})


# Items whose kind alone names their terminal, in the rules that take them.
_KIND_NAMES = {"mod": "MOD", "signed": "SIGNED", "paren": "PAREN", "dl": "DL", "cmp": "CMP"}


def predicate_terminal(items: list[Item], k: int, text: str, after: str, after_next: str) -> str:
    """The terminal of clauses.lark's ``predicate`` rule for ``items[k]``; ``after`` is the next
    item's ("" at the end), ``after_next`` the one after it: a phrase, a conjunction and a comma are
    told by what follows them, as a lexer would."""
    it = items[k]
    kind = it.kind
    if kind == "verb":
        return "VZ" if it.toks[0].start_pos == it.toks[0].end_pos else "VM" if it.modal else "V"
    if kind == "np" or kind == "cmp" or kind == "group":
        if after == "PAREN" and after_next in ("V", "VM", "VZ") and kind != "cmp" and not (
                items[k + 1].children and items[k + 1].children[0].is_link("CONJ")):
            # "…, but one android present (your choice) dies …": an aside between a subject and its verb
            # (not "they (and {Chef}) add …": more of the subject, which the aside would read as objects)
            after, verb_at = after_next, k + 2
        else:
            verb_at = k + 1
        if after in ("V", "VM", "VZ"):
            verb = items[verb_at]
            if after != "V":
                return "NPZ" if after == "VZ" else "NPM"
            if not base_form(verb, text) or (len(it.toks) == 1 and it.toks[0].type == "PRON"
                                              and str(it.toks[0].value).lower() in _SUBJECT_PRONOUNS) or (
                    k and items[k - 1].is_link("CONJ") and _plural_head(it, text)):
                # "… and this dilemma returns …", "… or you have …", "… and no affiliation
                # restrictions apply"; not "make her gain"
                return "NPV"
        return "CMP" if kind == "cmp" else "NP"
    if kind == "link":
        lemma = it.lemma
        if lemma in ("PREP", "TO", "LOC", "ADV", "NOT"):
            return lemma
        if lemma == "CONJ":
            name = "OR" if it.word == "or" else "AND"
            return name + "S" if after in ("NPM", "NPV") else name + "N" if after in ("NP", "CMP") else name
        if lemma == "THEN" and after in ("NPM", "NPV"):
            return "THENS"  # "…, then owner loses points": the next verb's own subject follows
    if kind == "punct" and it.lemma == "PLUS" and after in ("NP", "CMP"):
        return "PLUSN"  # "Cure with Physics x2 + Stellar Cartography": the requirement goes on
    if kind == "punct" and it.lemma == "COMMA":
        if after in ("NPM", "NPV"):
            return "COMMAS"
        if after in ("NP", "CMP") and after_next in ("ANDN", "ORN", "COMMAN", "COMMAJ"):
            return "COMMAN"  # a list that "and"/"or" ends goes on
        return "COMMAJ" if after in ("ANDN", "ORN") else "COMMA"
    return _KIND_NAMES.get(kind, "OTHER") if kind != "dl" else "OTHER"


def _plural_head(phrase: Item, text: str) -> bool:
    """Whether a phrase ends in a noun printed in the plural ("no affiliation restrictions")."""
    last = phrase.toks[-1]
    surface = text[last.start_pos:last.end_pos].lower()
    return last.type == "NOUN" and surface != str(last.value).lower() and surface.endswith("s")


def predicate(items: list[Item], text: str) -> list[tuple[str, list]]:
    """The effects of a main clause whose ``items`` open with its first verb or modifier, by
    clauses.lark's ``predicate``: each ("effect" or "mod", its parts)."""
    names = [""] * (len(items) + 2)  # (two past the end: the next and the one after it)
    for k in range(len(items) - 1, -1, -1):  # right to left: each name may look at the next two
        names[k] = predicate_terminal(items, k, text, names[k + 1], names[k + 2])
    return _predicate_shape(tuple(names[:-2]))


@shape_cache
def _predicate_shape(names: tuple[str, ...]) -> list[tuple[str, list]]:
    tokens = [_token(name, "", k, None) for k, name in enumerate(names)]
    return clause_parser().parse(tokens, start="predicate")


def line_terminal(item: Item) -> str:
    """The terminal of clauses.lark's ``keywords`` and ``stat`` rules for one item."""
    kind = item.kind
    if kind == "np":
        types = {t.type for t in item.toks}
        if types == {"KEYWORD"}:
            return "KW"
        if types <= {"SKILL", "CLASSIF"}:
            return "SK"
        if types == {"TITLE"}:
            return "TT"
        if all(t.type in ("NUMBER", "ICON") for t in item.toks[:-1]) and item.toks[-1].type in (
                "NUMBER", "ICON", "NOUN"):
            return "COUNT"
        return "NP"
    if kind == "link" and item.lemma in ("CONJ", "TO"):
        return item.lemma
    if kind == "punct" and item.lemma in ("COMMA", "EQUALS"):
        return item.lemma
    if kind == "punct" and item.lemma == "SEMI":
        return "COMMA"  # "Cloaking Device; Tractor Beam.": keywords listed with semicolons
    return _KIND_NAMES.get(kind, "X") if kind in ("dl", "signed", "paren") else "X"


def line(start: str, items: list[Item], text: str, label: bool = False) -> list[tuple[str, int]] | None:
    """The items of a keyword line, a printed value or a labelled list (clauses.lark's ``keywords``,
    ``stat``, ``listing``), each as (terminal, index), or None when the sentence is not one. With
    ``label``, the sentence has a heading ("Attack: 1"), fed as LABEL (index -1)."""
    # (most sentences are none of them: what the rules need first, looked at before any parse)
    if start == "stat" and not label and not any(it.kind == "punct" and it.lemma == "EQUALS" for it in items):
        return None
    if start == "listing" and not any(it.kind == "punct" and it.lemma == "COLON" for it in items):
        return None
    if start == "keywords":
        lead = next((it for it in items if not (it.kind == "punct" and it.lemma == "COMMA")), None)
        if lead is None or line_terminal(lead) not in ("KW", "DL"):
            return None
    names = tuple(listing_terminal(it, text) if start == "listing" else line_terminal(it) for it in items)
    if "X" in names:
        return None  # (no rule takes X: an item none of them has a place for)
    return _line_shape(start, names, label)


@shape_cache
def _line_shape(start: str, names: tuple[str, ...], label: bool) -> list[tuple[str, int]] | None:
    tokens = [_token("LABEL", "", -1, None)] if label else []
    tokens += [_token(name, "", k, None) for k, name in enumerate(names)]
    try:
        return clause_parser().parse(tokens, start=start)
    except UnexpectedInput:
        return None


def listing_terminal(item: Item, text: str) -> str:
    """The terminal of clauses.lark's ``listing`` rule for one item."""
    kind = item.kind
    if kind == "np":
        return "NP"
    if kind == "verb":
        word = text[item.start:item.end]
        return "NAMEV" if word.endswith("ing") and word[:1].isupper() else "X"
    if kind == "link":
        if item.lemma in ("IF", "WHILE"):
            return "IFW"
        return "CONJ" if item.lemma == "CONJ" else "X" if item.lemma in CONDITION_LINKS else "LINK"
    if kind == "punct":
        lemma = item.lemma
        return "COMMA" if lemma in ("COMMA", "DOT") else lemma if lemma in ("PLUS", "COLON") else "X"
    return _KIND_NAMES.get(kind, "X") if kind in ("paren", "cmp", "dl") else "X"
