"""A lean LALR(1) driver over the parse table Lark builds from ``grammar/*.lark``.

Why: per token, Lark's ``ParserState.feed_token`` looks actions up by ``Rule`` objects (hashed and
compared in Python), wraps every rule in callback layers, builds a ``Tree`` for each helper rule
(``__np_plus_0``, ``_verb``) only to unpack it into its parent, and makes an ``$END`` token per
sentence. That was half of the parse time. This driver runs the *same* table (states, Shift and
Reduce actions, goto) in one tight loop and shapes the children the way Lark's parse-tree builder
does, so the grammar files remain the only definition of the sentence structure:

* a child that is a rule whose name starts with ``_`` is inlined into its parent (helper rules of
  ``+``/``*``/``?`` and ``_verb``): here it is a plain list rather than a ``Tree``;
* a ``?rule`` with one child is that child (``?item``, ``?nom``): the reduce only changes state;
* any other rule calls the transformer's method of that name (``ToItems``), else its
  ``__default__``.

Only what this grammar uses is supported; :func:`compile_parser` returns ``None`` for anything
else (placeholders, filtered or kept-all tokens, terminal callbacks, …) and the caller keeps
Lark's parser. On a syntax error the driver stops and the sentence is parsed again by Lark's own
parser, which raises the very ``UnexpectedToken`` Lark always raised (with its parser state, so
``explain()`` and ``match_examples`` label it as before).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Lark
from lark.parsers.lalr_analysis import Shift


class SyntaxFailure(Exception):
    """The token list is not a sentence of the grammar (Lark will say why)."""


def _is_inlined(sym: Any) -> bool:
    return not sym.is_term and sym.name.startswith("_")


# Reduce kinds: how a reduce makes its value from the values it pops.
UNIT = 0     # "?rule: x": the value is x itself; only the state changes
WRAP = 1     # a one-symbol helper rule ("_verb: VERB", "__np_plus_0: nom"): [x]
APPEND = 2   # a left-recursive helper rule ("__np_plus_0: __np_plus_0 nom"): xs + [x], in place
CALL = 3     # anything else: build(children)


def _reduce_action(rule: Any, transformer: Any) -> tuple[int, int, Callable[[list], Any] | None, str] | None:
    """(kind, size, build, goto symbol) of a rule, as Lark's tree builder would shape it; ``None``
    if the rule uses a feature this driver does not implement."""
    opts = rule.options
    name = rule.alias or opts.template_source or rule.origin.name
    size = len(rule.expansion)
    origin = str(rule.origin.name)
    if opts.keep_all_tokens or any(s.is_term and s.filter_out for s in rule.expansion):
        return None
    method = getattr(transformer, name, None)
    if method is not None and getattr(method, "visit_wrapper", None) is not None:
        return None
    inlined = rule.origin.name.startswith("_")
    if inlined and (method is not None or opts.expand1):
        return None
    expand = tuple(_is_inlined(s) for s in rule.expansion)
    single = opts.expand1 and not rule.alias
    if single and size == 1 and not expand[0]:
        return UNIT, size, None, origin
    if inlined and expand == (False,):
        return WRAP, size, None, origin
    if inlined and expand == (True, False):
        return APPEND, size, None, origin
    if method is not None:
        user = method
    elif inlined:
        def user(children: list) -> Any:
            return children
    else:
        default = transformer.__default__

        def user(children: list, _name: str = name) -> Any:
            return default(_name, children, None)
    if single:
        inner = user

        def user(children: list) -> Any:  # noqa: F811 - Lark's ExpandSingleChild
            return children[0] if len(children) == 1 else inner(children)

    if not any(expand):
        return CALL, size, user, origin
    if expand == (True,):
        def only(children: list) -> Any:  # "np: nom+": the helper's list is the children
            return user(children[0])
        return CALL, size, only, origin

    def filtered(children: list) -> Any:  # Lark's ChildFilter: inline the helper rules' lists
        out: list = []
        for value, inline in zip(children, expand, strict=True):
            if inline:
                out += value
            else:
                out.append(value)
        return user(out)
    return CALL, size, filtered, origin


class FastParser:
    """Parses a list of tokens (objects with a ``type``) with the table of one Lark LALR parser.

    ``table[state][token type]`` is an ``int`` (shift to that state), a ``dict`` (a UNIT reduce:
    the state under the popped one → the goto state) or a tuple ``(kind, size, build, goto)``
    where ``goto`` maps the state under the popped ones to the new state.
    """

    def __init__(self, table: list[dict[str, Any]], start: int, end: int) -> None:
        self.table = table
        self.start = start
        self.end = end

    def parse(self, tokens: list[Any]) -> Any:
        table = self.table
        states = [self.start]
        values: list[Any] = []
        push_state = states.append
        push_value = values.append
        pop_value = values.pop
        for tok in tokens:
            t = tok.type
            while True:
                action = table[states[-1]].get(t)
                cls = action.__class__
                if cls is int:
                    push_state(action)
                    push_value(tok)
                    break
                if cls is dict:  # UNIT
                    states[-1] = action[states[-2]]
                    continue
                if action is None:
                    raise SyntaxFailure
                kind, size, build, goto = action
                if kind == APPEND:
                    value = pop_value()
                    values[-1].append(value)
                    del states[-1]
                    states[-1] = goto[states[-2]]
                elif kind == WRAP:
                    values[-1] = [values[-1]]
                    states[-1] = goto[states[-2]]
                elif size:
                    children = values[-size:]
                    del states[-size:]
                    del values[-size:]
                    push_value(build(children))
                    push_state(goto[states[-1]])
                else:
                    push_value(build([]))
                    push_state(goto[states[-1]])
        return self._finish(states, values)

    def _finish(self, states: list[int], values: list[Any]) -> Any:
        """Reduce at the end of the input until the start rule is complete (Lark's ``$END``)."""
        table = self.table
        end = self.end
        while True:
            action = table[states[-1]].get("$END")
            if action is None or action.__class__ is int:
                raise SyntaxFailure
            if action.__class__ is dict:
                del states[-1]
                goto = action
            else:
                kind, size, build, goto = action
                if kind == APPEND:
                    value = values.pop()
                    values[-1].append(value)
                elif kind == WRAP:
                    values[-1] = [values[-1]]
                else:
                    children = values[-size:] if size else []
                    if size:
                        del values[-size:]
                    values.append(build(children))
                if size:
                    del states[-size:]
            state = goto[states[-1]]
            states.append(state)
            if state == end:
                return values[-1]


def compile_parser(lark: Lark, transformer: Any, start: str = "start") -> FastParser | None:
    """The table of ``lark`` (an LALR parser built with ``transformer``) as a :class:`FastParser`."""
    try:
        inner = lark.parser.parser.parser  # ParsingFrontend → LALR_Parser → _Parser
        parse_table = inner.parse_table
        callbacks = inner.callbacks
    except AttributeError:
        return None
    if any(isinstance(k, str) for k in callbacks) or lark.options.maybe_placeholders:
        return None  # terminal callbacks or placeholders: not handled here
    reduces: dict[Any, Any] = {}
    table: list[dict[str, Any]] = [{} for _ in range(max(parse_table.states) + 1)]
    gotos: dict[str, dict[int, int]] = {}  # rule name → {state: the state its goto leads to}
    for state, actions in parse_table.states.items():
        for name, (action, arg) in actions.items():
            if action is Shift and not name.isupper():
                gotos.setdefault(str(name), {})[state] = arg
    for state, actions in parse_table.states.items():
        row = table[state]
        for name, (action, arg) in actions.items():
            # Lark's symbol names are lark Tokens (a str subclass with its own __eq__): plain str
            # keys make each lookup a plain string comparison.
            symbol = str(name)
            if action is Shift:
                row[symbol] = arg
                continue
            if arg not in reduces:
                shape = _reduce_action(arg, transformer)
                if shape is None:
                    return None
                kind, size, build, origin = shape
                goto = gotos[origin]
                reduces[arg] = goto if kind == UNIT else (kind, size, build, goto)
            row[symbol] = reduces[arg]
    start_state = parse_table.start_states[start]
    end_state = parse_table.end_states[start]
    _fold_unit_states(table, end_state)
    return FastParser(table, start_state, end_state)


def _fold_unit_states(table: list[dict[str, Any]], end_state: int) -> None:
    """Skip the states whose only action is one unit reduce ("nom: DET •", "item: np •").

    Such a state reduces whatever comes next, so the transition into it can lead straight to the
    state its reduce would go to (Bison's "default reductions"). The value is unchanged by a unit
    reduce, and an LR parser still never shifts a token that cannot follow, so every sentence is
    accepted or rejected as before, with the same value; a rejected one is reported by Lark.
    """
    pure: dict[int, dict[int, int]] = {}
    for state, row in enumerate(table):
        actions = [a for symbol, a in row.items() if symbol.isupper()]
        if (state != end_state and actions and all(symbol.isupper() for symbol in row)
                and actions[0].__class__ is dict and all(a is actions[0] for a in actions)):
            pure[state] = actions[0]

    def fold(below: int, to: int) -> int:
        for _ in range(len(table)):
            if to not in pure or below not in pure[to]:
                return to
            to = pure[to][below]
        raise RuntimeError("a cycle of unit rules")

    folded: dict[int, Any] = {}  # id of a goto map → the same map with folded targets

    def fold_map(goto: dict[int, int]) -> dict[int, int]:
        if id(goto) not in folded:
            folded[id(goto)] = {below: fold(below, to) for below, to in goto.items()}
        return folded[id(goto)]

    maps = {id(m): m for row in table for m in row.values() if m.__class__ is dict}
    maps.update({id(a[3]): a[3] for row in table for a in row.values() if a.__class__ is tuple})
    for m in maps.values():
        fold_map(m)
    for state, row in enumerate(table):
        for symbol, action in row.items():
            if not symbol.isupper():
                continue  # a goto entry of Lark's table; the driver uses the goto maps
            if action.__class__ is int:
                row[symbol] = fold(state, action)
            elif action.__class__ is dict:
                row[symbol] = folded[id(action)]
            else:
                kind, size, build, goto = action
                row[symbol] = (kind, size, build, folded[id(goto)])
