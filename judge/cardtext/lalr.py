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

One liberty is taken with the table: a state whose only action is one reduce ("nom: DET •",
"item: np •", "__np_plus_0: nom •", "link: PREP •") reduces whatever token comes next, so it is not
visited: the transition into it (a shift, or the goto after a reduce) goes straight on, doing that
reduce on the way (Bison's "default reductions"). An LR parser still never
shifts a token that cannot follow, so every sentence is accepted or rejected as by Lark, with the
same value; only the point where a rejection is noticed may come a reduce later.

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


# Actions. ``table[state][token type]`` is a tuple whose first item is one of these; ``goto`` maps
# the state left on top after the pop to the next state. Reduces:
UNIT = 0          # (UNIT, goto): "?rule: x" — the value is x itself; pop 1
WRAP = 1          # (WRAP, goto): "_verb: VERB", "__np_plus_0: nom" — [x]; pop 1
APPEND = 2        # (APPEND, goto): "__np_plus_0: __np_plus_0 nom" — xs.append(x); pop 2
CALL1 = 3         # (CALL1, goto, build): "link: PREP" — build([x]); pop 1
CALL_LIST = 4     # (CALL_LIST, goto, build): "np: __np_plus_0" — build(xs); pop 1
CALL = 5          # (CALL, goto, build, size): anything else — build(children); pop size
# Shifts of the token x (the skipped states are the default reductions of the module's docstring):
SHIFT = 6         # (SHIFT, state)
SHIFT_WRAP = 7    # (SHIFT_WRAP, state): shift x as [x] (a WRAP state skipped)
SHIFT_APPEND = 8  # (SHIFT_APPEND, goto): append x to the list on top (an APPEND state skipped)
SHIFT_CALL = 9    # (SHIFT_CALL, place, build): build([x]) at once ("link: PREP", "verb_group: _verb"
                  # after "_verb: VERB"), then go to ``place``: a state, or (WRAP, state) / (APPEND,
                  # goto) when the value starts or joins a list
ACCEPT = 10       # (ACCEPT,): on $END in the state after the start rule: the value on top is the result
_SHIFTS = (SHIFT, SHIFT_WRAP, SHIFT_APPEND, SHIFT_CALL)


class _End:
    """The end of the input: Lark's ``$END``, which is never shifted."""

    type = "$END"


_END = _End()


def _reduce_shape(rule: Any, transformer: Any) -> tuple[int, Callable[[list], Any] | None] | None:
    """(kind, build) of a rule, as Lark's tree builder would shape its value; ``None`` if the rule
    uses a feature this driver does not implement."""
    opts = rule.options
    name = rule.alias or opts.template_source or rule.origin.name
    size = len(rule.expansion)
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
        return UNIT, None
    if inlined and expand == (False,):
        return WRAP, None
    if inlined and expand == (True, False):
        return APPEND, None
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

    if expand == (False,):
        return CALL1, user
    if expand == (True,):  # the helper's list is the children (Lark hands over the same list)
        return CALL_LIST, user
    if not any(expand):
        return CALL, user

    # Lark's ChildFilter: the helper rules' lists are inlined, e.g. "lambda c: user([c[0], *c[1], c[2]])"
    # for "sentence: LABEL __sentence_star_2 end" (made from the rule's shape, not from any input)
    children = ", ".join(f"*c[{i}]" if inline else f"c[{i}]" for i, inline in enumerate(expand))
    return CALL, eval(f"lambda c: user([{children}])", {"user": user})


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
        push_state = states.append
        push_value = values.append
        try:
            for tok in (*tokens, _END):
                t = tok.type
                while True:
                    action = table[states[-1]][t]  # KeyError: no action, a syntax error
                    kind = action[0]  # the kinds in order of frequency in card text
                    if kind == SHIFT_CALL or kind == CALL:
                        if kind == SHIFT_CALL:  # the token is built at once, the place is known
                            value = action[2]([tok])
                            goto = action[1]
                        else:
                            _, goto, build, size = action
                            if size:
                                children = values[-size:]
                                del states[-size:]
                                del values[-size:]
                            else:
                                children = []
                            value = build(children)
                            goto = goto[states[-1]]
                        if goto.__class__ is int:
                            push_value(value)
                            push_state(goto)
                        elif goto[0] == APPEND:  # the value joins the list below it
                            values[-1].append(value)
                            states[-1] = goto[1][states[-2]]
                        else:  # WRAP: the value starts a list
                            push_value([value])
                            push_state(goto[1])
                        if kind == SHIFT_CALL:
                            break
                        continue
                    if kind == CALL_LIST or kind == CALL1:
                        value = action[2](values[-1] if kind == CALL_LIST else [values[-1]])
                        goto = action[1][states[-2]]
                        if goto.__class__ is int:
                            values[-1] = value
                            states[-1] = goto
                        elif goto[0] == APPEND:  # the value joins the list below it
                            del values[-1]
                            values[-1].append(value)
                            del states[-1]
                            states[-1] = goto[1][states[-2]]
                        else:  # WRAP: the value starts a list
                            values[-1] = [value]
                            states[-1] = goto[1]
                    elif kind == SHIFT_WRAP:
                        push_state(action[1])
                        push_value([tok])
                        break
                    elif kind == SHIFT_APPEND:
                        values[-1].append(tok)
                        states[-1] = action[1][states[-2]]
                        break
                    elif kind == SHIFT:
                        push_state(action[1])
                        push_value(tok)
                        break
                    elif kind == APPEND:
                        value = values.pop()
                        values[-1].append(value)
                        del states[-1]
                        states[-1] = action[1][states[-2]]
                    elif kind == WRAP:
                        values[-1] = [values[-1]]
                        states[-1] = action[1][states[-2]]
                    elif kind == UNIT:
                        states[-1] = action[1][states[-2]]
                    else:  # ACCEPT: the start rule is complete at the end of the input
                        return values[-1]
        except KeyError:  # only a table row can miss: the transformer's methods do not raise it
            raise SyntaxFailure from None
        raise SyntaxFailure  # not reached: $END is accepted or has no action


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
    # Lark's symbol names are lark Tokens (a str subclass with its own __eq__): plain str keys make
    # each lookup a plain string comparison.
    gotos: dict[str, dict[int, int]] = {}  # rule name → {state: the state its goto leads to}
    shifts: dict[int, dict[str, int]] = {}  # state → {terminal: state}
    reduces: dict[int, dict[str, Any]] = {}  # state → {terminal: rule}
    for state, actions in parse_table.states.items():
        for name, (action, arg) in actions.items():
            if action is Shift and not name.isupper():
                gotos.setdefault(str(name), {})[state] = arg
            elif action is Shift:
                shifts.setdefault(state, {})[str(name)] = arg
            else:
                reduces.setdefault(state, {})[str(name)] = arg
    shapes = {}
    for rule in {r for row in reduces.values() for r in row.values()}:
        shape = _reduce_shape(rule, transformer)
        if shape is None:
            return None
        shapes[rule] = shape
    end_state = parse_table.end_states[start]

    # States whose only action is one reduce (see the module's docstring): state → rule.
    default: dict[int, Any] = {}
    for state, row in reduces.items():
        rules = set(row.values())
        if state != end_state and len(rules) == 1 and not shifts.get(state) and not any(
                state in g for g in gotos.values()):
            default[state] = rules.pop()

    def follow(below: int, to: int) -> int:
        """The state after going from ``below`` to ``to``, through default unit reduces."""
        for _ in range(len(parse_table.states)):
            rule = default.get(to)
            if rule is None or shapes[rule][0] != UNIT or below not in gotos[str(rule.origin.name)]:
                return to
            to = gotos[str(rule.origin.name)][below]
        raise RuntimeError("a cycle of unit rules")

    folded: dict[str, dict[int, int]] = {
        origin: {below: follow(below, to) for below, to in g.items()} for origin, g in gotos.items()}

    def then(below: int, to: int) -> Any:
        """Where a rule's value goes: the state ``to``, or, when ``to`` is a helper-list state that
        is skipped, (WRAP, the state after it) or (APPEND, the goto map after it)."""
        rule = default.get(to)
        kind = shapes[rule][0] if rule is not None else None
        if kind == WRAP and below in gotos[str(rule.origin.name)]:
            return WRAP, folded[str(rule.origin.name)][below]
        if kind == APPEND:
            return APPEND, folded[str(rule.origin.name)]
        return to

    # the gotos of the rules that call the transformer: the value may go straight into a list
    placed: dict[str, dict[int, Any]] = {
        origin: {below: then(below, to) for below, to in g.items()} for origin, g in folded.items()}
    table: list[dict[str, Any]] = [{} for _ in range(max(parse_table.states) + 1)]
    for state in parse_table.states:
        row = table[state]
        for symbol, rule in reduces.get(state, {}).items():
            kind, build = shapes[rule]
            goto = (placed if kind in (CALL1, CALL_LIST, CALL) else folded)[str(rule.origin.name)]
            row[symbol] = ((kind, goto) if build is None else (kind, goto, build) if kind != CALL
                           else (kind, goto, build, len(rule.expansion)))
        for symbol, to in shifts.get(state, {}).items():
            to = follow(state, to)
            rule = default.get(to)
            kind = shapes[rule][0] if rule is not None else None
            origin = str(rule.origin.name) if rule is not None else ""
            if kind == WRAP and state in gotos[origin]:
                row[symbol] = (SHIFT_WRAP, folded[origin][state])
                # "verb_group: _verb •" after "_verb: VERB": the one-token list is reduced at once
                after = default.get(folded[origin][state])
                if after is not None and shapes[after][0] == CALL_LIST and state in placed[
                        str(after.origin.name)]:
                    row[symbol] = (SHIFT_CALL, placed[str(after.origin.name)][state], shapes[after][1])
            elif kind == APPEND:
                row[symbol] = (SHIFT_APPEND, folded[origin])
            elif kind == CALL1 and state in placed[origin]:
                row[symbol] = (SHIFT_CALL, placed[origin][state], shapes[rule][1])
            else:
                row[symbol] = (SHIFT, to)
    if "$END" in table[end_state] or any(row.get("$END", (ACCEPT,))[0] in _SHIFTS for row in table):
        return None  # Lark's table never shifts $END, nor has an action after the start rule
    table[end_state]["$END"] = (ACCEPT,)
    return FastParser(table, parse_table.start_states[start], end_state)
