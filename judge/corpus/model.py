"""The corpus as domain objects: documents made of entries, each with a stable id."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import NotFound
from ..ids import EntryId

KINDS = ("rule", "glossary", "ruling", "card")


@dataclass(frozen=True)
class Entry:
    id: EntryId
    title: str
    kind: str
    level: int
    path: tuple[str, ...]          # titles of the enclosing sections, outermost first
    parent: EntryId | None
    markdown: str                  # the body as written in the corpus
    text: str                      # the body as plain text
    attrs: Mapping[str, str]       # everything in the heading's {...} block besides id/kind
    links: tuple[EntryId, ...]     # corpus entries this one links to
    supersedes: tuple[EntryId, ...] = ()
    superseded_by: tuple[EntryId, ...] = ()
    supersedes_external: tuple[str, ...] = ()   # named targets that are not in our sources
    aliases: tuple[str, ...] = ()  # old slugs that redirect here
    line: int = 0                  # line of the heading in the Markdown file
    body_line: int = 0             # line where the body's first non-blank line is
    replaced_by_document: str | None = None   # set when a newer document replaces this one whole

    @property
    def superseded(self) -> bool:
        """True when a newer entry or a newer document is the one in force."""
        return bool(self.superseded_by) or self.replaced_by_document is not None

    @property
    def url(self) -> str:
        return self.id.url


@dataclass(frozen=True)
class Document:
    edition: str
    document: str
    title: str
    version: str
    date: str
    effective: str | None
    source: str
    precedence: int
    supersedes: tuple[str, ...]   # document keys this one supersedes
    supersession: str              # how it supersedes them: "document" (whole) or "sections"
    kind: str                      # default kind of its entries
    path: Path
    entries: tuple[Entry, ...] = field(default=(), repr=False)
    superseded_by: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return f"{self.edition}/{self.document}"


class Corpus:
    """All documents, in a stable order, with lookup by id."""

    def __init__(self, documents: Iterable[Document], cards=None) -> None:
        self.cards = cards   # the card pool (judge.cards.Catalogue) behind the 1e/cards document, if any
        self.documents: tuple[Document, ...] = tuple(
            sorted(documents, key=lambda d: (d.edition, -d.precedence, d.document))
        )
        self._by_id: dict[str, Entry] = {}
        self._aliases: dict[str, str] = {}
        for doc in self.documents:
            for entry in doc.entries:
                self._by_id[str(entry.id)] = entry
                for alias in entry.aliases:
                    self._aliases[f"{doc.key}/{alias}"] = str(entry.id)
        self._documents = {d.key: d for d in self.documents}

    def __len__(self) -> int:
        return len(self._by_id)

    @property
    def entries(self) -> Iterable[Entry]:
        for doc in self.documents:
            yield from doc.entries

    def document(self, key: str) -> Document:
        try:
            return self._documents[key]
        except KeyError:
            raise NotFound(f"There is no document '{key}'.", known=sorted(self._documents)) from None

    def find(self, entry_id: str) -> Entry | None:
        return self._by_id.get(entry_id)

    def redirect_for(self, entry_id: str) -> str | None:
        """The current id of an entry that was renamed, if ``entry_id`` is an old one."""
        return self._aliases.get(entry_id)

    def get(self, entry_id: str) -> Entry:
        entry = self._by_id.get(entry_id)
        if entry is None:
            raise NotFound(
                f"There is no entry '{entry_id}'.", suggestions=self.suggest(entry_id)
            )
        return entry

    def suggest(self, entry_id: str, n: int = 5) -> list[str]:
        """Close ids, for a helpful 404: same document first, then anywhere."""
        slug = entry_id.rsplit("/", 1)[-1]
        prefix = entry_id.rsplit("/", 1)[0] + "/" if entry_id.count("/") >= 2 else ""
        candidates = [k for k in self._by_id if prefix and k.startswith(prefix)] or list(self._by_id)
        by_slug = {k.rsplit("/", 1)[-1]: k for k in reversed(candidates)}
        close = difflib.get_close_matches(slug, list(by_slug), n=n, cutoff=0.5)
        picks = [by_slug[s] for s in close]
        picks += [k for k in candidates if slug and slug in k and k not in picks]
        return picks[:n]
