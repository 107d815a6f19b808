"""What every importer produces, and how it is written as corpus Markdown."""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from ...ids import slugify
from ..markdown import quote_attr


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
