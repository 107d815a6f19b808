"""What every importer produces, and how it is written as corpus Markdown."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import yaml

from ...ids import slugify
from ..markdown import quote_attr

# Words that stay lower-case inside a title-cased heading ("Moving a Ship", "Ship-to-Ship Battle").
SMALL_WORDS = frozenset({"a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the",
                         "to", "vs", "with"})


def title_case(heading: str) -> str:
    """An ALL-CAPS heading for display: ``MOVING A SHIP`` -> ``Moving a Ship``; initials such as
    ``S.A.M.`` are kept; a word after a hyphen, quote or bracket is capitalised (``"Just" Responses``)."""
    words = []
    for i, word in enumerate(heading.split()):
        if re.search(r"[A-Z]\.[A-Z]", word):
            words.append(word)
            continue
        lower = word.lower()
        if i and lower in SMALL_WORDS:
            words.append(lower)
            continue
        words.append(re.sub(r"(^|[-\"'(])([a-z])", lambda m: m.group(1) + m.group(2).upper(), lower))
    return " ".join(words)


@dataclass
class ImportedEntry:
    level: int                 # 1 = top-level section
    title: str
    slug: str
    body: str = ""             # Markdown
    attrs: dict[str, str] = field(default_factory=dict)   # kind=…, sidebar=…, marker=…, …


@dataclass
class ImportedDocument:
    meta: dict                 # front matter (see judge.corpus.loader.KNOWN_FRONT_MATTER)
    entries: list[ImportedEntry]
    report: dict = field(default_factory=dict)   # figures the importer measured

    @property
    def key(self) -> str:
        return f"{self.meta['edition']}/{self.meta['document']}"


class SlugMaker:
    """Slugs unique within a document: the heading's own slug, else ``parent--child``, else ``-2``."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def make(self, title: str, parent: str | None = None, prefix: str | None = None) -> str:
        base = slugify(title)
        if prefix:
            base = f"{prefix}--{base}"
        candidates = [base]
        if parent:
            candidates.append(f"{parent}--{base}")
        for c in candidates:
            if c not in self.seen:
                self.seen.add(c)
                return c
        n = 2
        while f"{candidates[-1]}-{n}" in self.seen:
            n += 1
        slug = f"{candidates[-1]}-{n}"
        self.seen.add(slug)
        return slug


def render(doc: ImportedDocument) -> str:
    front = yaml.safe_dump(doc.meta, sort_keys=False, allow_unicode=True, width=100).strip()
    out = ["---", front, "---", ""]
    for e in doc.entries:
        attrs = "".join(f" {k}={quote_attr(str(v))}" for k, v in e.attrs.items() if v not in (None, ""))
        title = " ".join(e.title.split())
        out.append(f"{'#' * min(max(e.level, 1), 6)} {title} {{#{e.slug}{attrs}}}")
        out.append("")
        body = e.body.strip("\n")
        if body:
            out.append(body)
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
