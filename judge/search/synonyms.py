"""The game-vocabulary table (``synonyms.yaml``) and its matching against a query."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import yaml

from .analysis import STOP_WORDS, stem_word, words

Phrase = tuple[str, ...]  # stemmed words, stop words included


@dataclass(frozen=True)
class Group:
    keys: tuple[Phrase, ...]          # what a query may contain
    expansions: tuple[str, ...]       # the texts to search for as well
    edition: str | None
    source: str


@dataclass(frozen=True)
class Expansion:
    start: int                        # span of query words matched
    end: int
    alternatives: tuple[str, ...]     # texts to search for instead/as well


def _phrase(text: str) -> Phrase:
    return tuple(stem_word(w) for w in words(text))


@dataclass(frozen=True)
class Vocabulary:
    groups: tuple[Group, ...]

    @classmethod
    def from_data(cls, data: dict) -> Vocabulary:
        groups = []
        for g in data.get("equivalents") or ():
            terms = tuple(g["terms"])
            groups.append(Group(tuple(_phrase(t) for t in terms), terms,
                                g.get("edition"), g.get("source", "")))
        for g in data.get("informal") or ():
            groups.append(Group(tuple(_phrase(t) for t in g["say"]), tuple(g["means"]),
                                g.get("edition"), g.get("source", "")))
        return cls(tuple(groups))

    @property
    def key_words(self) -> frozenset[str]:
        """Every stemmed word of every key: such words are never "corrected" as typos."""
        return frozenset(w for g in self.groups for k in g.keys for w in k)

    def expand(self, stems: list[str], edition: str | None) -> list[Expansion]:
        """Longest, leftmost matches of the table's keys in a query's stemmed words."""
        index = self._index(edition)
        out: list[Expansion] = []
        i = 0
        while i < len(stems):
            best = None
            for length in range(min(self._longest, len(stems) - i), 0, -1):
                span = tuple(stems[i:i + length])
                if all(w in STOP_WORDS for w in span):
                    continue
                alts = index.get(span)
                if alts:
                    best = Expansion(i, i + length, alts)
                    break
            if best:
                out.append(best)
                i = best.end
            else:
                i += 1
        return out

    @property
    def _longest(self) -> int:
        return max((len(k) for g in self.groups for k in g.keys), default=0)

    def _index(self, edition: str | None) -> dict[Phrase, tuple[str, ...]]:
        return _index_for(self, edition)


@lru_cache(maxsize=8)
def _index_for(vocab: Vocabulary, edition: str | None) -> dict[Phrase, tuple[str, ...]]:
    index: dict[Phrase, list[str]] = {}
    for g in vocab.groups:
        if edition and g.edition and g.edition != edition:
            continue
        for key in g.keys:
            alts = index.setdefault(key, [])
            alts += [t for t in g.expansions if _phrase(t) != key and t not in alts]
    return {k: tuple(v) for k, v in index.items() if v}


@lru_cache(maxsize=1)
def load_vocabulary() -> Vocabulary:
    text = resources.files(__package__).joinpath("synonyms.yaml").read_text(encoding="utf-8")
    return Vocabulary.from_data(yaml.safe_load(text))
