"""How much of a text is made of known words: the acceptance measure for the despaced 1.7 rulebook."""

from __future__ import annotations

from .vocabulary import Vocabulary, words


def word_share(text: str, vocab: Vocabulary, *, inflections: bool = False) -> float:
    """The share of the word tokens of ``text`` that are vocabulary words (1.0 for no words).

    With ``inflections``, a regular inflection of a vocabulary word counts too (``customized``
    for ``customize``, ``station's`` for ``station``)."""
    tokens = words(text)
    if not tokens:
        return 1.0
    if inflections:
        return sum(1 for t in tokens if vocab.known(t) or vocab.stem(t)) / len(tokens)
    return sum(1 for t in tokens if t in vocab.counts) / len(tokens)
