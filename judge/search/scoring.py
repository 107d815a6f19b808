"""BM25F scoring of a parsed query over the index's postings, held in memory.

Whoosh stores the index (terms, weights with the field boosts applied, positions, field lengths)
and its query objects describe what to search; this module evaluates those queries. Whoosh's own
searcher walks a tree of Python matcher objects posting by posting, which cost about three
quarters of a search's time; the corpus is small (about a thousand entries), so each term's
postings are read once and kept as ``{docnum: BM25F score}``, and a query is a few dictionary
sums. The scores are the ones Whoosh's ``BM25F`` model gives:

    idf(t)   = log(N / (df + 1)) + 1
    score    = idf · w·(K1 + 1) / (w + K1·(1 − B + B·dl / avgdl))

with ``w`` the posting's weight (term frequency × field boost), ``dl`` the entry's field length and
``B`` per field. ``Or`` sums its parts' scores and multiplies by its boost; a ``Phrase`` scores
an entry holding the words side by side (positions after stop words) with the sum of its words'
scores × its boost. Everything else a query can hold is not made by ``query.parse``.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from math import log

from whoosh import query as wq

Scores = dict[int, float]
_EMPTY: Mapping[int, float] = {}


class Postings:
    """The postings and BM25F statistics of an open Whoosh index, read on first use of a term."""

    def __init__(self, ix, *, B: float = 0.75, K1: float = 1.2, field_B: Mapping[str, float] | None = None,
                 fields: tuple[str, ...] = ("title", "path", "body")) -> None:
        self._reader = ix.reader()  # kept open: postings are read from it on first use, under the lock
        self._lock = threading.Lock()
        self.K1 = K1
        self._B = {f: (field_B or {}).get(f, B) for f in fields}
        reader = self._reader
        self.doc_count = reader.doc_count_all()
        self._avg = {f: (reader.field_length(f) / (self.doc_count or 1)) or 1 for f in fields}
        self._lengths = {f: [reader.doc_field_length(n, f, 1) for n in range(self.doc_count)]
                         for f in fields}
        self._scores: dict[tuple[str, str], Mapping[int, float]] = {}
        self._positions: dict[tuple[str, str], Mapping[int, frozenset[int]]] = {}

    def close(self) -> None:
        self._reader.close()

    def scores(self, field: str, term: str) -> Mapping[int, float]:
        """``{docnum: score}`` of one term in one field (empty when the term is not there)."""
        got = self._scores.get((field, term))
        if got is None:
            self._read(field, term)
            got = self._scores[(field, term)]
        return got

    def positions(self, field: str, term: str) -> Mapping[int, frozenset[int]]:
        got = self._positions.get((field, term))
        if got is None:
            self._read(field, term)
            got = self._positions[(field, term)]
        return got

    def _read(self, field: str, term: str) -> None:
        with self._lock:
            if (field, term) in self._scores:
                return
            scores: Scores = {}
            positions: dict[int, frozenset[int]] = {}
            reader = self._reader
            if field in self._B and (field, term) in reader:
                m = reader.postings(field, term)
                idf = log(self.doc_count / (reader.doc_frequency(field, term) + 1)) + 1
                B, K1, avg, lengths = self._B[field], self.K1, self._avg[field], self._lengths[field]
                while m.is_active():
                    n, w = m.id(), m.weight()
                    scores[n] = idf * (w * (K1 + 1)) / (w + K1 * ((1 - B) + B * lengths[n] / avg))
                    positions[n] = frozenset(m.value_as("positions"))
                    m.next()
            self._positions[(field, term)] = positions
            self._scores[(field, term)] = scores

    def evaluate(self, q: wq.Query) -> Mapping[int, float]:
        """``{docnum: score}`` of every entry the query matches."""
        if isinstance(q, wq.Term):
            got = self.scores(q.fieldname, q.text)
            return got if q.boost == 1.0 else {n: s * q.boost for n, s in got.items()}
        if isinstance(q, wq.Or):
            parts = [self.evaluate(sub) for sub in q.subqueries]
            parts = [p for p in parts if p]
            if not parts:
                return _EMPTY
            parts.sort(key=len, reverse=True)
            out: Scores = dict(parts[0])  # the longest list copied, the others added in
            get = out.get
            for p in parts[1:]:
                for n, s in p.items():
                    out[n] = get(n, 0.0) + s
            if q.boost != 1.0:
                b = q.boost
                out = {n: s * b for n, s in out.items()}
            return out
        if isinstance(q, wq.Phrase):
            return self._phrase(q.fieldname, list(q.words), q.boost)
        raise TypeError(f"cannot evaluate {type(q).__name__}")

    def _phrase(self, field: str, words: list[str], boost: float) -> Mapping[int, float]:
        scores = [self.scores(field, w) for w in words]
        if not all(scores):
            return _EMPTY
        positions = [self.positions(field, w) for w in words]
        candidates = set(min(scores, key=len))
        for s in scores:
            candidates.intersection_update(s)
        out: Scores = {}
        for n in candidates:
            first = positions[0][n]
            rest = [p[n] for p in positions[1:]]
            if any(all(p + i in later for i, later in enumerate(rest, 1)) for p in first):
                out[n] = sum(s[n] for s in scores) * boost
        return out
