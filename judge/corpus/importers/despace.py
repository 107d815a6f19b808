"""Undo letter-spaced extraction: ``c om m on`` -> ``common``, ``quadrantof`` -> ``quadrant of``.

The extraction of the 1.7 rulebook put a space after many letters (``c om m on``), while a real
word break after such a letter shows as a no-break space and a space (``endles s\u00a0 pos s``);
bold words lost the space after them (``quadrantof``). So:

* a no-break space or two spaces are always a word break;
* inside a *run* (letters joined by single spaces) each single space may be a break or not, and a
  break may also fall where there was no space at all (a glued word). The reading chosen is the
  one whose words are likeliest under the vocabulary (dynamic programming over the letters),
  with a penalty for every break placed where the source had no space.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .vocabulary import Vocabulary

# A break where the extraction had no space costs this much (in -log probability units): a glued
# pair is split only when both halves are clearly likelier words than the glued whole.
GLUE_PENALTY = 7.0
MAX_WORD = 32  # longest word considered (letters); longer unknown strings stay whole
SMOOTHING = 2.0  # pseudo-observations pulling a letter pair's break rate toward the overall rate
# How much the letter-pair break rates count against the word probabilities; 3 chosen by reading
# the output of 1, 2, 3, 4 (3 splits 'game text' and 'aid or hamper' without new false cuts).
SPACING_WEIGHT = 3.0

_LETTER = r"[A-Za-z\u2019']"
_RUN = re.compile(rf"{_LETTER}(?:{_LETTER}| (?={_LETTER}))*")


def _read(run: str) -> tuple[str, list[bool]]:
    """The letters of a run, and for each whether the source had a space before it."""
    letters: list[str] = []
    spaced: list[bool] = []
    pending = False
    for ch in run:
        if ch == " ":
            pending = True
            continue
        letters.append(ch)
        spaced.append(pending)
        pending = False
    return "".join(letters), spaced


def _pair(text: str, i: int) -> tuple[str, str]:
    return text[i - 1], text[i].lower()  # a capital before a space behaves apart (``T he``)


@dataclass(frozen=True)
class SpacingModel:
    """How often a single space between two given letters is a real word break.

    The extraction's spurious spaces depend on the letters around them (``c om m on``: after
    ``c`` and ``m``), so the break rate of each letter pair, learnt from the runs whose reading
    is certain, decides the spaces that the vocabulary cannot (unknown names and words).
    """

    breaks: dict[tuple[str, str], int]
    joins: dict[tuple[str, str], int]

    @classmethod
    def learn(cls, readings: list[tuple[str, list[bool], list[int], bool]]) -> SpacingModel:
        breaks: Counter = Counter()
        joins: Counter = Counter()
        for text, spaced, cuts, certain in readings:
            if not certain:
                continue
            cut = set(cuts)
            for i in range(1, len(text)):
                if spaced[i]:
                    (breaks if i in cut else joins)[_pair(text, i)] += 1
        return cls(dict(breaks), dict(joins))

    def break_rate(self, pair: tuple[str, str]) -> float:
        nb, nj = sum(self.breaks.values()), sum(self.joins.values())
        prior = (nb + 1) / (nb + nj + 2)
        b, j = self.breaks.get(pair, 0), self.joins.get(pair, 0)
        return (b + SMOOTHING * prior) / (b + j + SMOOTHING)


def _position_costs(text: str, spaced: list[bool], model: SpacingModel | None):
    """Per position i (before letter i): the cost of a break there, and of no break."""
    n = len(text)
    brk, join = [0.0] * n, [0.0] * n
    for i in range(1, n):
        if not spaced[i]:
            brk[i] = GLUE_PENALTY
        elif model is not None:
            rate = model.break_rate(_pair(text, i))
            brk[i], join[i] = -SPACING_WEIGHT * math.log(rate), -SPACING_WEIGHT * math.log(1.0 - rate)
    return brk, join


def _cuts(text: str, spaced: list[bool], vocab: Vocabulary, model: SpacingModel | None) -> list[int]:
    """Where the likeliest reading breaks the letters into words (dynamic programming)."""
    n = len(text)
    brk, join = _position_costs(text, spaced, model)
    joined = [0.0] * (n + 1)  # joined[k]: total join cost of positions 1..k-1
    for k in range(2, n + 1):
        joined[k] = joined[k - 1] + join[k - 1]
    best = [0.0] + [math.inf] * n
    back = [0] * (n + 1)
    for j in range(1, n + 1):
        for i in range(max(0, j - MAX_WORD), j):
            if best[i] == math.inf:
                continue
            cost = best[i] + vocab.cost(text[i:j]) + (joined[j] - joined[i + 1]) + (brk[i] if i else 0.0)
            if cost < best[j]:
                best[j], back[j] = cost, i
    cuts = []
    j = n
    while j > 0:
        j = back[j]
        if j:
            cuts.append(j)
    return sorted(cuts)


def _words(text: str, cuts: list[int]) -> list[str]:
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]


def segment(run: str, vocab: Vocabulary, model: SpacingModel | None = None) -> str:
    """The likeliest reading of one run of letters and single spaces, as words joined by spaces."""
    text, spaced = _read(run)
    return " ".join(_words(text, _cuts(text, spaced, vocab, model))) if text else ""


# Typography the spacing damaged: no space before closing punctuation or after opening marks.
_TIDY = (
    (re.compile(r" +([,.;:!?)\]\u201d])"), r"\1"),
    (re.compile(r"([(\[\u201c]) +"), r"\1"),
    (re.compile(r"(\w) +\u2019(?=[\s,.;:)]|$)"), "\\1\u2019"),   # players ’ -> players’
    (re.compile(r"(\w) +'(?=s\b)"), r"\1'"),
    (re.compile(r"(\d) +(?=%)"), r"\1"),
    (re.compile(r"(\w) -(?=\w)"), r"\1-"),                    # learn-as -you -> learn-as-you
    (re.compile(r"([a-z]{2})\((?=[a-z]{2})"), r"\1 ("),          # Borg(and -> Borg (and; card(s) stays
)


def tidy(text: str) -> str:
    text = re.sub(r"[ \t\u00a0]+", " ", text)
    for pattern, repl in _TIDY:
        text = pattern.sub(repl, text)
    return text.strip()


def despace(line: str, vocab: Vocabulary, model: SpacingModel | None = None) -> str:
    """One line of letter-spaced text as clean text (line breaks are the caller's business)."""
    return tidy(_RUN.sub(lambda m: segment(m.group(0), vocab, model), line))


def learn_spacing(lines: Iterable[str], vocab: Vocabulary) -> SpacingModel:
    """Read every run with the vocabulary alone; learn the letter-pair break rates from the runs
    whose every word is known."""
    readings = []
    for line in lines:
        for m in _RUN.finditer(line):
            text, spaced = _read(m.group(0))
            cuts = _cuts(text, spaced, vocab, None)
            certain = all(vocab.known(w) or vocab.stem(w.lower()) for w in _words(text, cuts))
            readings.append((text, spaced, cuts, certain))
    return SpacingModel.learn(readings)
