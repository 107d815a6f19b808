"""A word list with frequencies, built from the cleanly extracted source documents.

The letter-spaced 1.7 rulebook (source 001) is cleaned by deciding, for every space and every
glued word, which reading gives the most probable words; the probabilities come from the words
of the other four documents, which were extracted without spacing damage.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

# Sources whose words make the vocabulary: every seed except the letter-spaced 1.7 rulebook.
VOCABULARY_SOURCES = ("000", "002", "003", "004")

_WORD = re.compile(r"[a-z]+(?:'[a-z]+)*")

# Cost of a word the vocabulary has never seen: a flat part plus a part per letter, so that an
# unknown word is dearer than any reading made of known words, yet one long unknown name (a card
# title such as "Tallera") stays cheaper than a string of short, rare fragments.
UNKNOWN_BASE = 8.0
UNKNOWN_PER_LETTER = 2.5

# Inflections the other documents may lack although they use the stem: suffix, and the letter to
# restore on the stem ("customized" -> "customize" + "d").
_SUFFIXES = (
    ("s", ""), ("es", ""), ("d", ""), ("ed", "e"), ("ing", "e"), ("ly", ""), ("er", "e"), ("ers", "e"),
    ("ment", ""), ("ments", ""), ("ion", "e"), ("ions", "e"), ("al", ""), ("able", "e"), ("ness", ""),
)
INFLECTION_COST = 3.0  # an inflection of a known word is a little less likely than the word itself


def normalize_apostrophes(text: str) -> str:
    return text.replace("\u2019", "'").replace("\u2018", "'")


def words(text: str) -> list[str]:
    """The word tokens of a text, lower-cased, apostrophes straightened (``card’s`` -> ``card's``)."""
    return _WORD.findall(normalize_apostrophes(text).lower())


@dataclass(frozen=True)
class Vocabulary:
    counts: Counter = field(default_factory=Counter)
    log_total: float = field(init=False, repr=False, compare=False)
    _costs: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "log_total", math.log(sum(self.counts.values()) + 1))
        object.__setattr__(self, "_costs", {})

    def extended(self, extra: Iterable[str]) -> Vocabulary:
        """This vocabulary plus some words (each counted once)."""
        counts = Counter(self.counts)
        counts.update(w for w in extra if w not in counts)
        return Vocabulary(counts)

    @classmethod
    def from_texts(cls, texts: Iterable[str]) -> Vocabulary:
        counts: Counter = Counter()
        for text in texts:
            counts.update(words(text))
        return cls(counts)

    @classmethod
    def from_seeds(cls, seeds: Path, sources: Iterable[str] = VOCABULARY_SOURCES) -> Vocabulary:
        texts = []
        for sid in sources:
            path = next(iter(sorted(seeds.glob(f"{sid}_*.txt"))), None)
            if path is None:
                raise FileNotFoundError(f"no source document {sid}_*.txt in {seeds}")
            texts.append(path.read_text(encoding="utf-8"))
        return cls.from_texts(texts)

    def __contains__(self, word: str) -> bool:
        return normalize_apostrophes(word).lower() in self.counts

    def known(self, word: str) -> bool:
        """In the vocabulary, directly or as a possessive/plural of a vocabulary word."""
        w = normalize_apostrophes(word).lower()
        return w in self.counts or (w.endswith("'s") and w[:-2] in self.counts)

    def cost(self, word: str) -> float:
        """Minus the log-probability of a word (lower is likelier)."""
        w = normalize_apostrophes(word).lower()
        if w not in self._costs:
            self._costs[w] = self._cost(w)
        return self._costs[w]

    def _cost(self, w: str) -> float:
        n = self.counts.get(w, 0)
        if n:
            return self.log_total - math.log(n)
        if w.endswith("'s") and self.counts.get(w[:-2], 0):
            return self.cost(w[:-2]) + 1.0
        stem = self.stem(w)
        if stem:
            return self.cost(stem) + INFLECTION_COST
        return UNKNOWN_BASE + UNKNOWN_PER_LETTER * len(w)

    def stem(self, word: str) -> str | None:
        """A vocabulary word that ``word`` inflects (``customized`` -> ``customize``), if any."""
        for suffix, restore in _SUFFIXES:
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                base = word[: len(word) - len(suffix)]
                for cand in (base + restore, base) if restore else (base,):
                    if self.counts.get(cand, 0):
                        return cand
        return None
