"""Snippets: the passage of an entry that best covers the query, with the matches in ``<mark>``.

The result is HTML in which everything but ``<mark>`` is escaped.
"""

from __future__ import annotations

from collections.abc import Set
from html import escape

from .analysis import STOP_WORDS, WORD, fold, stem_word

WINDOW = 30  # words shown around the matches: about two lines of a results page


Token = tuple[int, int, str]  # start, end, index term ("" for stop words)


def tokenize(text: str) -> list[Token]:
    """The words of a text with their positions and index terms (computed once per entry)."""
    out = []
    for m in WORD.finditer(text):
        w = fold(m.group())
        out.append((m.start(), m.end(), stem_word(w) if w and w not in STOP_WORDS else ""))
    return out


def snippet(text: str, stems: Set[str], window: int = WINDOW, tokens: list[Token] | None = None) -> str:
    tokens = tokenize(text) if tokens is None else tokens
    spans = [(a, b) for a, b, _ in tokens]
    hits = [i for i, (_, _, t) in enumerate(tokens) if t and t in stems]
    start = _best_start(hits, [tokens[i][2] for i in hits], window)
    end = min(len(spans), start + window)
    if not spans:
        return escape(text[:200])
    hit_set = set(hits)
    out = ["… " if start > 0 else ""]
    pos = spans[start][0]
    for i in range(start, end):
        a, b = spans[i]
        out.append(escape(text[pos:a]))
        word = escape(text[a:b])
        out.append(f"<mark>{word}</mark>" if i in hit_set else word)
        pos = b
    if end < len(spans):
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
