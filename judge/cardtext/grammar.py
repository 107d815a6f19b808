"""Load the card-text grammar once and parse one sentence's tokens with it."""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import lark
from lark import Lark, Token
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer

from ..userdirs import user_dir
from .items import Sentence

# Concatenated in this order: tokens, then the phrase rules, then the ability forms that use them.
GRAMMAR_FILES = ("tokens.lark", "targets.lark", "effects.lark", "abilities.lark")


def grammar_dir() -> Path:
    """``grammar/`` in a checkout, else the copy installed as package data (judge/_data/grammar)."""
    here = Path(__file__).resolve().parent.parent
    checkout = here.parent
    if (checkout / "grammar").is_dir() and (checkout / "pyproject.toml").is_file():
        return checkout / "grammar"
    return here / "_data" / "grammar"


class TokenListLexer(Lexer):
    """The parser's input is the token list judge.cardtext.lexer made; this hands it over."""

    def __init__(self, conf: object) -> None:
        pass

    def lex(self, data: list[Token]):  # type: ignore[override]
        return iter(data)  # (a list's own iterator: a generator would resume once per token)


def cache_dir() -> Path | None:
    """Where built parsers are kept between runs: ``$JUDGE_CACHE_DIR`` (empty: none), else the
    per-user cache directory."""
    override = os.environ.get("JUDGE_CACHE_DIR")
    if override is not None:
        return Path(override).expanduser() if override.strip() else None
    return user_dir("cache")


def lalr(text: str, **options: Any) -> Lark:
    """Lark's LALR parser for the grammar ``text``, over the lexer's token lists, as Lark loads one
    it saved: its reloaded tables name each rule with a plain string, where the grammar reader
    leaves a token (a str subclass with an ``__eq__`` of its own), and the LALR loop looks a rule's
    name up at every reduction (about 4% of the reading of the card pool).

    What Lark saves is kept in ``cache_dir()`` too, under a hash of the grammar, its options and
    Lark's version, so a later process loads it instead of building the tables again (about half a
    second of every ``judge`` command); a cache that cannot be read or written is skipped."""
    transformer = options.get("transformer")
    key = hashlib.sha256("\0".join((
        lark.__version__, text, repr(sorted((k, v) for k, v in options.items() if k != "transformer")),
        f"{type(transformer).__module__}.{type(transformer).__qualname__}", TokenListLexer.__qualname__,
    )).encode()).hexdigest()[:24]
    folder = cache_dir()
    path = folder / f"lalr-{key}.pickle" if folder is not None else None
    if path is not None:
        try:
            with path.open("rb") as f:
                return Lark.load(f)
        except Exception:  # noqa: BLE001 - missing, unreadable or stale: build it again
            pass
    saved = io.BytesIO()
    Lark(text, parser="lalr", lexer=TokenListLexer, **options).save(saved)
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=path.parent, delete=False, suffix=".tmp") as tmp:
                tmp.write(saved.getvalue())
            os.replace(tmp.name, path)  # (whole or not at all: another process may be reading)
        except OSError:
            pass
    saved.seek(0)
    return Lark.load(saved)


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser; the transformer runs inside it, so no parse tree is built."""
    from .items import ToItems

    d = grammar_dir()
    text = "\n".join((d / name).read_text(encoding="utf-8") for name in GRAMMAR_FILES)
    return lalr(text, start="sentence", maybe_placeholders=False, transformer=ToItems())


def parse_tokens(tokens: list[Token]) -> Sentence:
    """One sentence, by Lark's own LALR parser; a sentence it rejects raises ``UnexpectedInput``."""
    return parser().parse(tokens)


def longest_whole(new_parser: Callable[[], Any], tokens: list[Token]) -> tuple[Any, int]:
    """The longest run of ``tokens`` from the start that a grammar reads as a whole (its value) and
    its length, or (None, 0): where a mission's requirements end and its game text starts, how far a
    relative clause runs. ``new_parser()`` gives a fresh Lark interactive parser. The tokens are fed
    until one is refused, noting each length after which the grammar lists an end; each of those,
    longest first, is confirmed on a fresh parser (an LALR state may list the end for a reduction
    that then fails, and a parser that refused a token is left mid-way).

    A token the parser's state does not list is refused before any step is taken, so the parser
    is left as it was: when the run it took can end there, the end is confirmed on that parser
    itself, which is what a fresh one would do again step by step."""
    parser = new_parser()
    choices = parser.choices()
    ends = []
    taken = len(tokens)  # how many tokens the parser took
    intact = True  # no token was refused after the parser had reduced for it
    for i, tok in enumerate(tokens):
        if tok.type not in choices:
            taken = i
            break
        try:
            parser.feed_token(tok)
        except UnexpectedInput:
            taken, intact = i, False
            break
        choices = parser.choices()
        if "$END" in choices:
            ends.append(i + 1)
    if intact and ends and ends[-1] == taken:
        ends.pop()
        try:
            return parser.feed_eof(), taken
        except UnexpectedInput:
            pass  # (a fresh parser would fail the same way: the shorter runs are tried)
    for length in reversed(ends):
        attempt = new_parser()
        try:
            for tok in tokens[:length]:
                attempt.feed_token(tok)
            return attempt.feed_eof(), length
        except UnexpectedInput:
            continue
    return None, 0


# Labelled failures: example sentences that fail the same way (UnexpectedInput.match_examples).
ERROR_EXAMPLES = {
    "expected a verb after 'may' or 'must' (an unknown verb?)": [
        "You may frobnicate it.", "Opponent must fooble.", "May wibble here.", "May [Flip] a ship.",
        "You may \"bring this aboard\".",
    ],
    "a parenthesis is never closed": ["Destroy an event (cumulative.", "(Unique"],
    "a closing parenthesis without an opening one": ["Destroy an event).", ")"],
    "unexpected character (an unbalanced brace or bracket?)": ["Nullifies {Borg Ship.", "Nullify [Fed."],
    "the sentence ends after a modal, with no verb": ["You may.", "Opponent must"],
}


def _parse_text(text: str) -> object:
    from .lexer import mark_heads, tokenize

    return parse_tokens(mark_heads(tokenize(text), text))


@lru_cache(maxsize=1)
def example_outcomes() -> dict[str, tuple[bool, object]]:
    """How each of the (constant) ERROR_EXAMPLES parses: (raised?, the exception or the result).

    match_examples parses every example for every failure it labels; the examples never change,
    so they are parsed once. (Their exceptions also keep the ``accepts`` Lark computes on them.)
    """
    outcomes: dict[str, tuple[bool, object]] = {}
    for examples in ERROR_EXAMPLES.values():
        for text in examples:
            try:
                outcomes[text] = (False, _parse_text(text))
            except Exception as exc:  # noqa: BLE001 - replayed to match_examples as it was raised
                outcomes[text] = (True, exc)
    return outcomes


def _parse_example(text: str) -> object:
    raised, outcome = example_outcomes()[text]
    if raised:
        raise outcome.with_traceback(None)  # type: ignore[union-attr]
    return outcome


# Labels found, by what decides them: the failure's kind, its token (type and text) and the
# parser's state stack. match_examples copies the parser for every terminal to compare what each
# state accepts (about half a millisecond); a text of thousands of sentences failing alike ("free).
# free). …") asked it thousands of times. (Bounded: emptied when full.)
_LABELS: dict[tuple, str | None] = {}
_UNSEEN = object()


def _label(exc: UnexpectedInput) -> str | None:
    tok = getattr(exc, "token", None)
    stack = getattr(getattr(exc, "state", None), "state_stack", None)
    key = None if stack is None else (type(exc).__name__, getattr(tok, "type", None), str(tok), tuple(stack))
    found = _LABELS.get(key, _UNSEEN) if key is not None else _UNSEEN  # (one lookup: another thread
    if found is not _UNSEEN:                                          # may empty it between two)
        return found  # type: ignore[return-value]
    try:
        label = exc.match_examples(_parse_example, ERROR_EXAMPLES, use_accepts=True)
    except Exception:  # noqa: BLE001 - a labelling failure must not hide the parse failure
        label = None
    if key is not None:
        if len(_LABELS) >= 4096:
            _LABELS.clear()
        _LABELS[key] = label
    return label


def explain(exc: UnexpectedInput) -> str:
    """What went wrong, labelled by the example that fails the same way, else from the token."""
    label = _label(exc)
    tok = getattr(exc, "token", None)
    if label:
        return label + (f" at '{tok}'" if tok is not None and str(tok) else "")
    expected = set(getattr(exc, "expected", ()) or ())
    where = f" at '{tok}'" if tok is not None and str(tok) else ""
    if tok is not None and getattr(tok, "type", "") == "ERROR":
        return f"unexpected character '{tok}' (an unbalanced brace or bracket?)"
    if tok is not None and getattr(tok, "type", "") == "$END":
        if "RPAR" in expected:
            return "a parenthesis is never closed"
        if expected & {"VERB", "BE", "HAVE"}:
            return "expected a verb after a modal such as 'may'"
        return "the sentence ends too early"
    if expected and expected <= {"VERB", "BE", "HAVE", "ADV", "NOT"}:
        return f"expected a verb after 'may'/'must'{where} (an unknown verb?)"
    if getattr(tok, "type", "") == "RPAR":
        return "a closing parenthesis without an opening one"
    if expected == {"DASH"}:
        return "expected '-' after 'Order' or 'Damage'"
    return f"unexpected {getattr(tok, 'type', 'input').lower()}{where}"
