"""How much of a source document survives into the corpus.

A *sentence* is a run of text ending in . ! or ? (or a line end) with at least 8 words; it is
kept when, compared case- and punctuation-insensitively, it appears in the text of the
document's entries (titles and bodies, in document order).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

MIN_WORDS = 8  # the definition of a sentence worth counting
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"'”’)\]]*\s+")
_LINK_TAIL = re.compile(r"\]\((?:#|/[^)]*)\)")   # "[Chakotay](#)'s" reads "Chakotay's"
_MARKUP = re.compile(r"\$\^\{[^$]*\}\$")


def normalize(text: str) -> str:
    text = _MARKUP.sub(" ", _LINK_TAIL.sub("", text))
    text = text.lower().replace("’", "'").replace("'", "")
    text = re.sub(r"[^a-z0-9]+", " ", text)
    return " ".join(text.split())


def sentences(source: str) -> list[str]:
    out = []
    for line in source.splitlines():
        for piece in _SENTENCE_END.split(line):
            norm = normalize(piece)
            if len(norm.split()) >= MIN_WORDS:
                out.append(norm)
    return out


@dataclass
class Coverage:
    total: int
    kept: int
    missing: list[str]

    @property
    def share(self) -> float:
        return self.kept / self.total if self.total else 1.0


def coverage(source: str, entry_texts: Iterable[str]) -> Coverage:
    haystack = " " + " ".join(normalize(t) for t in entry_texts) + " "
    wanted = sentences(source)
    missing = [s for s in wanted if f" {s} " not in haystack]
    return Coverage(total=len(wanted), kept=len(wanted) - len(missing), missing=missing)
