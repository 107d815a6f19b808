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

# A reduce action: (number of symbols popped, builder or None for "the single child itself",
# the rule's name for the goto lookup).
Reduce = tuple[int, "Callable[[list], Any] | None", str]


class SyntaxFailure(Exception):
    """The token list is not a sentence of the grammar (Lark will say why)."""


def _is_inlined(sym: Any) -> bool:
    return not sym.is_term and sym.name.startswith("_")


def _builder(rule: Any, transformer: Any) -> Callable[[list], Any] | None | bool:
    """How to make a rule's value from the values it reduces; ``False`` if not supported."""
    opts = rule.options
    name = rule.alias or opts.template_source or rule.origin.name
    if opts.keep_all_tokens or any(s.is_term and s.filter_out for s in rule.expansion):
        return False
    method = getattr(transformer, name, None)
    if method is not None and getattr(method, "visit_wrapper", None) is not None:
        return False
    inlined = rule.origin.name.startswith("_")
    if inlined and (method is not None or opts.expand1):
        return False
    expand = tuple(_is_inlined(s) for s in rule.expansion)
    single = opts.expand1 and not rule.alias
    if single and len(rule.expansion) == 1 and not expand[0]:
        return None  # "?rule: x" reduces to x itself
    if method is None:
        if inlined:
            def user(children: list, _name: str = name) -> Any:
                return children
        else:
            default = transformer.__default__

            def user(children: list, _name: str = name) -> Any:
                return default(_name, children, None)
    else:
        user = method
    if single:
        inner = user

        def user(children: list) -> Any:  # noqa: F811 - ExpandSingleChild
            return children[0] if len(children) == 1 else inner(children)

    if not any(expand):
        return user
    if expand == (True, False) and len(expand) == 2:
        def left_recursive(children: list) -> Any:
            head = children[0]
            head.append(children[1])
            return user(head)
        return left_recursive

    def filtered(children: list) -> Any:
        out: list = []
        for value, inline in zip(children, expand, strict=True):
            if inline:
                out += value
            else:
                out.append(value)
        return user(out)
    return filtered


class FastParser:
    """Parses a list of tokens (objects with a ``type``) with the table of one Lark LALR parser."""

    def __init__(self, table: list[dict[str, Any]], start: int, end: int) -> None:
        self.table = table
        self.start = start
        self.end = end

    def parse(self, tokens: list[Any]) -> Any:
        table = self.table
        states = [self.start]
        values: list[Any] = []
        for tok in tokens:
            t = tok.type
            while True:
                action = table[states[-1]].get(t)
                if action is None:
                    raise SyntaxFailure
                if action.__class__ is int:
                    states.append(action)
                    values.append(tok)
                    break
                size, build, origin = action
                if build is None:  # a unit rule: the value stays, only the state changes
                    del states[-1]
                else:
                    if size:
                        children = values[-size:]
                        del states[-size:]
                        del values[-size:]
                    else:
                        children = []
                    values.append(build(children))
                states.append(table[states[-1]][origin])
        end = self.end
        while True:
            action = table[states[-1]].get("$END")
            if action is None or action.__class__ is int:
                raise SyntaxFailure
            size, build, origin = action
            if build is None:
                del states[-1]
            else:
                if size:
                    children = values[-size:]
                    del states[-size:]
                    del values[-size:]
                else:
                    children = []
                values.append(build(children))
            goto = table[states[-1]][origin]
            states.append(goto)
            if goto == end:
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
    builders: dict[Any, Any] = {}
    table: list[dict[str, Any]] = [{} for _ in range(max(parse_table.states) + 1)]
    for state, actions in parse_table.states.items():
        row = table[state]
        for name, (action, arg) in actions.items():
            # Lark's symbol names are lark Tokens (a str subclass with its own __eq__): plain str
            # keys make each lookup a plain string comparison.
            symbol = str(name)
            if action is Shift:
                row[symbol] = arg
                continue
            if arg not in builders:
                builders[arg] = _builder(arg, transformer)
            build = builders[arg]
            if build is False:
                return None
            row[symbol] = (len(arg.expansion), build, str(arg.origin.name))
    start_state = parse_table.start_states[start]
    end_state = parse_table.end_states[start]
    return FastParser(table, start_state, end_state)
