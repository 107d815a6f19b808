"""Typo correction from the corpus vocabulary (symmetric-delete lookup, Damerau distance)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations

MAX_WORD = 24  # longer "words" are not typos of game terms (and their deletes would be costly)
# A correction is a word the corpus uses more than once: a one-off ("Uno-like") is more likely a
# stranger than what the person meant ("undo" is not "uno").
MIN_COUNT = 2


def _deletes(word: str, n: int) -> set[str]:
    """Every string made by deleting exactly ``n`` letters of ``word``."""
    if n >= len(word):
        return set()
    return {"".join(c for i, c in enumerate(word) if i not in drop)
            for drop in combinations(range(len(word)), n)}


def distance(a: str, b: str) -> int:
    """Optimal-string-alignment (Damerau-Levenshtein) distance."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def max_distance(word: str) -> int:
    """Edits allowed for a word of this length: none for tiny words, two for long ones."""
    return 0 if len(word) < 4 or len(word) > MAX_WORD else 1 if len(word) < 7 else 2


class Speller:
    """Corrects a word to the most frequent corpus word within a small edit distance."""

    def __init__(self, counts: Mapping[str, int]) -> None:
        self.counts = {w: c for w, c in counts.items() if len(w) >= 3 and w.isalpha()}
        self._lookup: dict[str, list[str]] = {}
        for word, count in self.counts.items():
            if count < MIN_COUNT:
                continue
            for key in {word} | _deletes(word, 1):
                self._lookup.setdefault(key, []).append(word)

    def __contains__(self, word: str) -> bool:
        return word in self.counts

    def correct(self, word: str) -> str | None:
        """The best correction of ``word``, or None when it is known or nothing is close."""
        limit = max_distance(word)
        if word in self.counts or not limit or not word.isalpha():
            return None
        probes: Iterable[str] = {word} | _deletes(word, 1) | (_deletes(word, 2) if limit > 1 else set())
        best: tuple[int, int, str] | None = None
        seen: set[str] = set()
        for probe in probes:
            for cand in self._lookup.get(probe, ()):
                if cand in seen:
                    continue
                seen.add(cand)
                d = distance(word, cand)
                if d > limit:
                    continue
                rank = (d, -self.counts[cand] * (2 if cand[0] == word[0] else 1), cand)
                if best is None or rank < best:
                    best = rank
        return best[2] if best else None
