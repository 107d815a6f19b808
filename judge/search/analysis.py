"""Text analysis shared by the index, the query side and the snippets.

One analyzer for every text field: words (keeping ``I.K.S.`` and ``opponent's`` whole), lower
case, acronym dots and possessives folded (``I.K.S.`` -> ``iks``, ``opponent's`` -> ``opponent``),
a stop list that keeps game words, then the Porter stemmer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.lang.porter import stem

# A word: letters/digits, possibly joined by dots or apostrophes (I.K.S., opponent's, 1.7).
WORD = re.compile(r"\w+(?:[.'\u2019]\w+)*(?:(?<=\.\w)\.)?", re.UNICODE)
_ACRONYM = re.compile(r"^(?:\w\.)+\w?\.?$")

# Function words and the filler of spoken questions ("how do I …", "can my …"). Deliberately
# NOT here, because they are game terms: play, order, stop, draw, turn, end, when, while, just,
# first, all, each, card, during, after, before, may is (a permission in rules text but never decisive).
STOP_WORDS = frozenset(
    """
    a an the of to in on at by for with from into onto as is are was were be been being
    it its this that these those and or but if so do does did has have had
    i me my mine we us our you your yours he him his she her they them their theirs there here
    what which who whom whose how why where can could would should shall will may might must
    not no any some
    """.split()
)


def fold(word: str) -> str:
    """Lower-case a surface word and fold acronym dots and possessives: ``I.K.S.`` -> ``iks``."""
    word = word.lower().replace("\u2019", "'")
    if word.endswith("'s"):
        word = word[:-2]
    if "." in word and _ACRONYM.match(word):
        word = word.replace(".", "")
    return word.replace("'", "").strip(".")


class FoldFilter(Filter):
    """Applies :func:`fold` to every token (after the lowercase filter)."""

    def __call__(self, tokens: Iterator) -> Iterator:
        for t in tokens:
            t.text = fold(t.text)
            if t.text:
                yield t


def analyzer():
    """The analyzer of every text field (pickled into the index schema)."""
    return (
        RegexTokenizer(WORD.pattern)
        | LowercaseFilter()
        | FoldFilter()
        | StopFilter(stoplist=STOP_WORDS, minsize=1)
        | StemFilter(cachesize=50000)
    )


@lru_cache(maxsize=100_000)
def stem_word(folded: str) -> str:
    return stem(folded)


def words(text: str) -> list[str]:
    """The folded surface words of a text, stop words included, in order."""
    return [w for w in (fold(m.group()) for m in WORD.finditer(text)) if w]


def terms(text: str) -> list[str]:
    """The index terms of a text, as the analyzer makes them (stop words dropped)."""
    return [stem_word(w) for w in words(text) if w not in STOP_WORDS]
