"""Finding cards by title the way people type them: ``uss enterprise``, ``worf fc``, ``kivas fajo``,
small typos, punctuation and the ``*`` marker ignored — and by words of their text.

Titles and queries are folded the same way (ASCII, lower case, dots and apostrophes dropped so
``U.S.S.`` is ``uss``, other punctuation a space). A query word matches a title word exactly, as its
beginning, or within one or two edits (a deletion index finds the candidates without comparing every
word); a word that names the card's expansion (``fc``, ``first contact``), type or affiliation picks
among versions. The whole pool is 3,400 cards, so this stays well under a millisecond or two a query.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass

_DROP = re.compile(r"['’`.*]")
_SPACE = re.compile(r"[^a-z0-9]+")
SMALL_WORDS = {"the", "of", "a", "an", "and", "to", "in", "on", "for", "with"}


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode().lower()
    return _SPACE.sub(" ", _DROP.sub("", text)).strip()


NUMBER_WORDS = {str(n): w for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}


def words(text: str) -> list[str]:
    """Folded words, small numbers spelled out ("7 of 9" is "seven of nine")."""
    return [NUMBER_WORDS.get(w, w) for w in fold(text).split()]


def initials(name: str) -> str:
    return "".join(w[0] for w in words(name) if w not in SMALL_WORDS) or ""


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


def distance(a: str, b: str, limit: int = 2) -> int:
    """Optimal-string-alignment distance, stopping early past ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = ca != cb
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


@dataclass(frozen=True)
class Hit:
    record: object
    score: float


class TitleIndex:
    def __init__(self, records) -> None:
        self.records = list(records)
        self.title_words: list[list[str]] = []
        self.title_folded: list[str] = []
        self.qualifiers: list[set[str]] = []
        self.text_words: list[frozenset[str]] = []
        self.by_word: dict[str, set[int]] = defaultdict(set)
        self.by_prefix: dict[str, set[str]] = defaultdict(set)
        self.by_delete: dict[str, set[str]] = defaultdict(set)
        self.by_qualifier: dict[str, set[int]] = defaultdict(set)
        self.by_squashed: dict[str, set[int]] = defaultdict(set)   # "redalert", "spacedoor"
        for n, r in enumerate(self.records):
            tw = words(r.title)
            self.title_words.append(tw)
            self.title_folded.append(" ".join(tw))
            self.by_squashed["".join(tw)].add(n)
            quals = set(words(r.set)) | {initials(r.set), fold(r.release), fold(r.type)}
            quals |= {w for a in r.affiliation for w in words(a)}
            quals.discard("")
            self.qualifiers.append(quals)
            for q in quals:
                self.by_qualifier[q].add(n)
            self.text_words.append(frozenset(words(f"{r.text} {r.lore} {' '.join(r.characteristics)}")))
            for w in tw:
                if w in self.by_word:
                    self.by_word[w].add(n)
                    continue
                self.by_word[w].add(n)
                for k in range(2, len(w)):
                    self.by_prefix[w[:k]].add(w)
                if len(w) >= 4:
                    self.by_delete[w].add(w)
                    for d in _deletes(w):
                        self.by_delete[d].add(w)

    def _similar(self, q: str) -> dict[str, float]:
        """Title words close to the query word, with how well they match."""
        out: dict[str, float] = {}
        if q in self.by_word:
            out[q] = 1.0
        if len(q) >= 2:
            for w in self.by_prefix.get(q, ()):
                out.setdefault(w, 0.85)
        if len(q) >= 4:
            candidates = set(self.by_delete.get(q, ()))
            for d in _deletes(q):
                candidates |= self.by_delete.get(d, set())
            for w in candidates:
                if w in out:
                    continue
                dist = distance(q, w)
                if dist == 1:
                    out[w] = 0.75
                elif dist == 2 and len(q) >= 7:
                    out[w] = 0.5
        return out

    def is_title(self, query: str, record) -> bool:
        """Whether the query is the card's title as typed (case, punctuation, '*' and the list's
        '(Expansion)' ignored)."""
        folded = " ".join(words(re.sub(r"\s*\([^()]*\)$", "", query)))
        return bool(folded) and folded == fold(record.title)

    def search(self, query: str, limit: int = 10, *, text: bool = True) -> list[Hit]:
        qs = words(query)
        if not qs:
            return []
        folded = " ".join(qs)
        matches = [self._similar(q) for q in qs]
        candidates: set[int] = set()
        for m in matches:
            for w in m:
                candidates |= self.by_word[w]
        # words run together or split apart ("redalert", "space door"): the title without its spaces
        squashed = self.by_squashed.get("".join(qs), set())
        candidates |= squashed
        scored: list[tuple[float, str, int]] = []
        for n in candidates:
            title = self.title_words[n]
            quals = self.qualifiers[n]
            total = 0.0
            used = set()
            for q, m in zip(qs, matches, strict=True):
                best = max((m.get(w, 0.0) for w in title), default=0.0)
                if best == 0.0 and q in quals:
                    best = 0.6
                elif best == 0.0 and q in SMALL_WORDS:
                    best = 0.3
                total += best
                used.update(w for w in title if m.get(w, 0.0) == best and best > 0)
            coverage = total / len(qs)
            if n in squashed:
                coverage, used = 1.0, set(title)
            if coverage < 0.5:
                continue
            score = 2 * coverage + len(used) / len(title)
            if self.title_folded[n] == folded:
                score += 1.0
            elif n in squashed:
                score += 0.9   # just below a title typed as printed ("Planet" before "Pla-Net")
            scored.append((score, self.records[n].id, n))
        if text and len(scored) < limit:
            seen = {n for _, _, n in scored}
            wanted = set(qs) - SMALL_WORDS or set(qs)
            for n, tw in enumerate(self.text_words):
                if n not in seen and wanted <= tw:
                    scored.append((0.5 + 0.5 * len(wanted) / (len(tw) or 1), self.records[n].id, n))
        scored.sort(key=lambda s: (-s[0], s[1]))
        return [Hit(self.records[n], round(s, 3)) for s, _, n in scored[:limit]]
