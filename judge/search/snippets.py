"""Snippets: the passage of an entry that best covers the query, with the matches in ``<mark>``.

The result is HTML in which everything but ``<mark>`` is escaped.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass
from html import escape

from .analysis import STOP_WORDS, WORD, fold, stem_word

WINDOW = 30  # words shown around the matches: about two lines of a results page


@dataclass(frozen=True)
class Tokens:
    """The words of a text (computed once per entry): where each is, and where each term is."""

    spans: tuple[tuple[int, int], ...]       # start, end of every word
    terms: tuple[str, ...]                   # its index term ("" for stop words)
    where: dict[str, tuple[int, ...]]        # term -> word numbers


def tokenize(text: str) -> Tokens:
    spans, terms, where = [], [], {}
    for n, m in enumerate(WORD.finditer(text)):
        w = fold(m.group())
        term = stem_word(w) if w and w not in STOP_WORDS else ""
        spans.append(m.span())
        terms.append(term)
        if term:
            where.setdefault(term, []).append(n)
    return Tokens(tuple(spans), tuple(terms), {t: tuple(ns) for t, ns in where.items()})


def snippet(text: str, stems: Set[str], window: int = WINDOW, tokens: Tokens | None = None) -> str:
    tokens = tokenize(text) if tokens is None else tokens
    spans = tokens.spans
    if not spans:
        return escape(text[:200])
    hits = sorted(n for t in stems for n in tokens.where.get(t, ()))
    start = _best_start(hits, [tokens.terms[i] for i in hits], window)
    end = min(len(spans), start + window)
    out = ["… " if start > 0 else ""]
    pos = spans[start][0]
    for i in hits:
        if start <= i < end:
            a, b = spans[i]
            out.append(escape(text[pos:a]))
            out.append(f"<mark>{escape(text[a:b])}</mark>")
            pos = b
    if end < len(spans):
        out.append(escape(text[pos:spans[end - 1][1]]))
        out.append(" …")
    else:
        out.append(escape(text[pos:]))
    return "".join(out).strip()


def _best_start(hits: list[int], keys: list[str], window: int) -> int:
    """Start of the window holding the most distinct matched stems (then the most matches)."""
    if not hits:
        return 0
    best, best_rank = 0, (-1, -1)
    j = 0
    for i, h in enumerate(hits):
        while hits[j] < h - (window - 4):
            j += 1
        inside = keys[j:i + 1]
        rank = (len(set(inside)), len(inside))
        if rank > best_rank:
            best_rank, best = rank, max(0, hits[j] - 3)
    return best
