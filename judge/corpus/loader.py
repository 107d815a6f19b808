"""Load and validate the Markdown corpus under ``rules/`` and ``rulings/``.

A document is one Markdown file: YAML front matter, then headings that each carry an
attribute block with the entry's slug, ``## Title {#slug key=value ...}``. Every malformed
thing fails with a :class:`CorpusError` naming the file and line.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

import yaml

from ..errors import CorpusError
from ..ids import EDITIONS, EntryId
from .markdown import BARE_HEADING, HEADING, LINK, parse_attrs, plain_text
from .model import KINDS, Corpus, Document, Entry

REQUIRED_FRONT_MATTER = ("edition", "document", "title", "date", "source", "precedence")
KNOWN_FRONT_MATTER = set(REQUIRED_FRONT_MATTER) | {
    "version", "effective", "supersedes", "supersession", "kind", "notes",
}
SLUG = re.compile(r"^[a-z0-9][a-z0-9.\-]*$")


def corpus_dirs() -> list[Path]:
    """Where the bundled corpus is: the source tree when run from a checkout, else package data."""
    here = Path(__file__).resolve().parent.parent
    checkout = here.parent
    if (checkout / "rules").is_dir() and (checkout / "pyproject.toml").is_file():
        return [checkout / "rules", checkout / "rulings"]
    data = here / "_data"
    return [data / "rules", data / "rulings"]


def markdown_files(dirs: Iterable[Path | str]) -> list[Path]:
    files: list[Path] = []
    for d in map(Path, dirs):
        if d.is_dir():
            files += sorted(p for p in d.rglob("*.md") if p.name.lower() != "readme.md")
    return files


def load_corpus(dirs: Iterable[Path | str] | None = None, cards: Path | str | bool | None = None) -> Corpus:
    """The corpus of Markdown documents in ``dirs`` (default: the bundled one), with the card pool as
    the document ``1e/cards`` when ``cards`` is a folder or True (the bundled cards), or when it is None
    and the corpus is the bundled one or links to cards."""
    bundled = dirs is None
    dirs = list(dirs) if dirs is not None else corpus_dirs()
    files = markdown_files(dirs)
    if not files:
        raise CorpusError(", ".join(map(str, dirs)), None, "no corpus documents (*.md) found")
    docs = [load_document(p) for p in files]
    names_cards = cards is None and any("](/1e/cards/" in e.markdown or "cards" in e.attrs
                                        for d in docs for e in d.entries)
    if cards or (cards is None and (bundled or names_cards)):
        from ..cards.corpus import cards_document
        from ..cards.loader import bundled as bundled_cards
        from ..cards.loader import cards_dir, load_cards

        folder = Path(cards) if isinstance(cards, str | Path) else cards_dir()
        catalogue = load_cards(folder) if isinstance(cards, str | Path) else bundled_cards()
        if len(catalogue):
            docs.append(cards_document(catalogue, folder))
            corpus = link_documents(docs)
            corpus.cards = catalogue
            return corpus
    return link_documents(docs)


def split_front_matter(path: Path, lines: list[str]) -> tuple[dict, int]:
    if not lines or lines[0].strip() != "---":
        raise CorpusError(path, 1, "missing front matter: the file must start with a '---' line")
    for i in range(1, len(lines)):
        if lines[i].strip() == "---":
            try:
                meta = yaml.safe_load("\n".join(lines[1:i])) or {}
            except yaml.YAMLError as exc:
                line = getattr(getattr(exc, "problem_mark", None), "line", 0) + 2
                raise CorpusError(path, line, f"front matter is not valid YAML ({exc.problem})") from None
            if not isinstance(meta, dict):
                raise CorpusError(path, 2, "front matter must be a mapping of keys to values")
            return meta, i + 1
    raise CorpusError(path, 1, "front matter is not closed by a '---' line")


def _document_from_meta(path: Path, meta: dict) -> Document:
    missing = [k for k in REQUIRED_FRONT_MATTER if k not in meta]
    if missing:
        raise CorpusError(path, 1, f"front matter lacks {', '.join(missing)}")
    unknown = sorted(set(meta) - KNOWN_FRONT_MATTER)
    if unknown:
        raise CorpusError(path, 1, f"front matter has unknown key(s) {', '.join(unknown)}")
    if meta["edition"] not in EDITIONS:
        raise CorpusError(path, 1, f"edition must be one of {', '.join(EDITIONS)}")
    if not SLUG.match(str(meta["document"])):
        raise CorpusError(path, 1, f"document '{meta['document']}' is not a valid id segment")
    kind = meta.get("kind", "rule")
    if kind not in KINDS:
        raise CorpusError(path, 1, f"kind must be one of {', '.join(KINDS)}")
    supersedes = meta.get("supersedes") or []
    if isinstance(supersedes, str):
        supersedes = [supersedes]
    return Document(
        edition=meta["edition"], document=str(meta["document"]), title=str(meta["title"]),
        version=str(meta.get("version") or ""), date=str(meta["date"]),
        effective=str(meta["effective"]) if meta.get("effective") else None,
        source=str(meta["source"]), precedence=int(meta["precedence"]),
        supersedes=tuple(supersedes), supersession=str(meta.get("supersession", "document")),
        kind=kind, path=path,
    )


def load_document(path: Path) -> Document:
    try:
        raw = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise CorpusError(path, None, f"not UTF-8 text ({exc.reason})") from None
    lines = raw.split("\n")
    meta, start = split_front_matter(path, lines)
    doc = _document_from_meta(path, meta)

    entries: list[Entry] = []
    seen: dict[str, int] = {}
    stack: list[Entry] = []  # enclosing headings
    body: list[str] = []
    current: Entry | None = None

    def close() -> None:
        nonlocal current
        if current is not None:
            lead = next((i for i, b in enumerate(body) if b.strip()), 0)
            md = "\n".join(body).strip("\n")
            entries.append(dataclasses.replace(
                current, markdown=md, text=plain_text(md), body_line=current.line + 1 + lead,
            ))
        body.clear()

    in_fence = False
    for n, line in enumerate(lines[start:], start=start + 1):
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        m = HEADING.match(line) if not in_fence else None
        if m is None:
            if not in_fence and BARE_HEADING.match(line):
                raise CorpusError(path, n, "heading without an id block: write '## Title {#slug}'")
            if current is None and line.strip():
                raise CorpusError(path, n, "text before the first heading")
            body.append(line)
            continue
        close()
        hashes, title, slug, rest = m.groups()
        level = len(hashes)
        attrs = parse_attrs(rest or "")
        if attrs is None:
            raise CorpusError(path, n, f"cannot read the attribute block '{{{rest.strip()}}}'")
        if not SLUG.match(slug):
            raise CorpusError(path, n, f"slug '{slug}' must be lower-case letters, digits, '.' and '-'")
        if slug in seen:
            raise CorpusError(path, n, f"duplicate id '{doc.key}/{slug}' (first at line {seen[slug]})")
        seen[slug] = n
        kind = attrs.pop("kind", doc.kind)
        if kind not in KINDS:
            raise CorpusError(path, n, f"kind '{kind}' is not one of {', '.join(KINDS)}")
        while stack and stack[-1].level >= level:
            stack.pop()
        current = Entry(
            id=EntryId(doc.edition, doc.document, slug), title=title.strip(), kind=kind,
            level=level, path=tuple(e.title for e in stack),
            parent=stack[-1].id if stack else None, markdown="", text="",
            attrs=attrs, links=(),
            supersedes=tuple(_ids(path, n, attrs.pop("supersedes", ""))),
            supersedes_external=tuple(
                s.strip() for s in attrs.pop("supersedes_external", "").split("|") if s.strip()
            ),
            aliases=tuple(attrs.pop("aliases", "").split()),
            line=n,
        )
        stack.append(current)
    if in_fence:
        raise CorpusError(path, len(lines), "a ``` code fence is never closed")
    close()
    if not entries:
        raise CorpusError(path, start + 1, "the document has no entries")
    return dataclasses.replace(doc, entries=tuple(entries))


def _ids(path: Path, line: int, value: str) -> list[EntryId]:
    out = []
    for token in value.split():
        try:
            out.append(EntryId.parse(token))
        except Exception:
            raise CorpusError(path, line, f"'{token}' is not an entry id") from None
    return out


def link_documents(docs: list[Document]) -> Corpus:
    """Resolve links and supersession across documents, and check that every target exists."""
    keys: dict[str, Document] = {}
    for doc in docs:
        if doc.key in keys:
            raise CorpusError(doc.path, 1, f"document '{doc.key}' is also defined in {keys[doc.key].path}")
        keys[doc.key] = doc
    known = {str(e.id) for d in docs for e in d.entries}
    superseded_by: dict[str, list[EntryId]] = defaultdict(list)
    doc_superseded_by: dict[str, list[str]] = defaultdict(list)
    for doc in docs:
        for key in doc.supersedes:
            if key not in keys:
                raise CorpusError(doc.path, 1, f"supersedes unknown document '{key}'")
            doc_superseded_by[key].append(doc.key)
        for e in doc.entries:
            for target in e.supersedes:
                if str(target) not in known:
                    raise CorpusError(doc.path, e.line, f"supersedes unknown entry '{target}'")
                superseded_by[str(target)].append(e.id)


    out = []
    for doc in docs:
        entries = []
        for e in doc.entries:
            links = []
            for m in LINK.finditer(e.markdown):
                target = m.group(2).strip("/").split("#")[0]
                if target not in known:
                    line = e.body_line + e.markdown[: m.start()].count("\n")
                    raise CorpusError(doc.path, line, f"link to unknown entry '{target}'")
                if target not in links:
                    links.append(target)
            for target in e.attrs.get("cards", "").split():   # the card a ruling is about
                if target not in known:
                    raise CorpusError(doc.path, e.line, f"'cards' names unknown card '{target}'")
                if target not in links:
                    links.append(target)
            by = list(superseded_by.get(str(e.id), []))
            whole = [k for k in doc_superseded_by.get(doc.key, []) if keys[k].supersession == "document"]
            entries.append(dataclasses.replace(
                e, links=tuple(EntryId.parse(t) for t in links), superseded_by=tuple(by),
                replaced_by_document=whole[0] if whole else None,
            ))
        out.append(dataclasses.replace(
            doc, entries=tuple(entries), superseded_by=tuple(doc_superseded_by.get(doc.key, [])),
        ))
    return Corpus(out)
