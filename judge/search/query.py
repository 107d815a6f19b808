"""From what a person types to a Whoosh query, leniently.

Nothing a person types is an operator or a syntax error: ``AND``/``OR``/``NOT``, ``:``, ``*``,
``?``, brackets and stray quotes are words or separators. Balanced double quotes mark a phrase,
which is searched as a phrase *as well as* word by word. Misspelled words are replaced by their
corrections (and reported as a suggestion); game vocabulary adds its equivalents.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container
from dataclasses import dataclass

from whoosh import query as wq

from .analysis import STOP_WORDS, stem_word, terms, words
from .schema import QUERY_FIELDS
from .spelling import Speller
from .synonyms import Vocabulary

MAX_WORDS = 32            # longer input is cut: no judge question needs more, and it bounds the cost
MAX_CHARS = 2000
ALTERNATIVE_BOOST = 0.8   # an equivalent term weighs a little less than the word the person typed
PHRASE_BOOST = 1.5        # a quoted phrase found as a phrase
# Two words the person typed side by side ("leaves play", "opening hand") that stand side by side
# in an entry say more than the same words scattered through it.
PAIR_BOOST = 0.5
COORD_SCALE = None         # no coordination bonus: BM25 sums already favour entries matching more words
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_QUOTED = re.compile(r'"([^"]+)"')


@dataclass(frozen=True)
class ParsedQuery:
    text: str                          # the query as searched (cleaned)
    words: tuple[str, ...]             # folded words, corrections applied
    stems: frozenset[str]              # every index term searched (for highlighting)
    corrections: tuple[tuple[str, str], ...]
    query: wq.Query | None             # None when nothing searchable is left

    @property
    def suggestion(self) -> str | None:
        return " ".join(self.words) if self.corrections else None


def clean(text: str) -> str:
    text = _CONTROL.sub(" ", text[:MAX_CHARS])
    return " ".join(text.split())


def _term_clause(stem: str, boost: float = 1.0) -> wq.Query:
    return wq.Or([wq.Term(f, stem) for f in QUERY_FIELDS], boost=boost)


def _text_clause(text: str, boost: float) -> tuple[wq.Query | None, list[str]]:
    """A clause for a word or a phrase of the table or of the person's quotes."""
    ts = terms(text)
    if not ts:
        return None, []
    if len(ts) == 1:
        return _term_clause(ts[0], boost), ts
    return wq.Or([wq.Phrase(f, ts) for f in ("title", "body")], boost=boost), ts


def parse(
    text: str,
    *,
    known: Callable[[str], bool],
    speller: Speller | None,
    vocabulary: Vocabulary,
    edition: str | None = None,
    protected: Container[str] = frozenset(),
) -> ParsedQuery:
    """Parse ``text``. ``known(stem)`` says whether the index has a term."""
    text = clean(text)
    raw = words(text)[:MAX_WORDS]
    corrected: list[str] = []
    corrections: list[tuple[str, str]] = []
    for w in raw:
        s = stem_word(w)
        if w in STOP_WORDS or known(s) or s in protected or not speller or w in speller:
            corrected.append(w)
            continue
        fix = speller.correct(w)
        if fix and fix != w:
            corrections.append((w, fix))
            corrected.append(fix)
        else:
            corrected.append(w)

    stems = [stem_word(w) for w in corrected]
    clauses: list[wq.Query] = []
    searched: set[str] = set()
    for w, s in zip(corrected, stems, strict=True):
        if w in STOP_WORDS or s in searched:
            continue
        searched.add(s)
        clauses.append(_term_clause(s))
    for exp in vocabulary.expand(stems, edition):
        alts = []
        for alt in exp.alternatives:
            clause, ts = _text_clause(alt, ALTERNATIVE_BOOST)
            if clause is not None:
                alts.append(clause)
                searched.update(ts)
        if exp.end - exp.start > 1:  # the person's own multi-word term, as a phrase
            clause, _ = _text_clause(" ".join(corrected[exp.start:exp.end]), 1.0)
            if clause is not None:
                alts.append(clause)
        if alts:
            clauses.append(alts[0] if len(alts) == 1 else wq.Or(alts))
    content = [s for w, s in zip(corrected, stems, strict=True) if w not in STOP_WORDS]
    pairs = {(a, b) for a, b in zip(content, content[1:], strict=False) if a != b}
    for a, b in sorted(pairs):
        clauses.append(wq.Phrase("body", [a, b], boost=PAIR_BOOST))
    if text.count('"') >= 2:
        for quoted in _QUOTED.findall(text):
            clause, _ = _text_clause(quoted, PHRASE_BOOST)
            if clause is not None and len(terms(quoted)) > 1:
                clauses.append(clause)

    query = None
    if clauses:
        query = clauses[0] if len(clauses) == 1 else wq.Or(clauses, scale=COORD_SCALE)
    return ParsedQuery(text, tuple(corrected), frozenset(searched), tuple(corrections), query)
