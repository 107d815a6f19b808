"""The JSON shapes of documents and entries: one function per shape, shared by the HTTP API, the
HTML pages and the command line (so ``judge show --json`` is ``GET /api/entries/<id>``)."""

from __future__ import annotations

from .markdown import to_html
from .model import Corpus, Document, Entry


def document_json(doc: Document) -> dict:
    return {
        "edition": doc.edition,
        "document": doc.document,
        "title": doc.title,
        "version": doc.version,
        "date": doc.date,
        "effective": doc.effective,
        "precedence": doc.precedence,
        "supersedes": list(doc.supersedes),
        "superseded_by": list(doc.superseded_by),
        "entries": len(doc.entries),
        "url": f"/{doc.key}",
    }


def entry_summary(entry: Entry) -> dict:
    return {"id": str(entry.id), "title": entry.title, "kind": entry.kind, "text": entry.text}


def entry_json(corpus: Corpus, entry: Entry, base_url: str = "") -> dict:
    """An entry as ``GET /api/entries/<id>`` answers it; ``base_url`` (``https://host``) makes the
    permalink absolute, and is empty on the command line."""
    doc = corpus.document(entry.id.document_key)
    permalink = base_url.rstrip("/") + entry.url
    return {
        "id": str(entry.id),
        "title": entry.title,
        "edition": entry.id.edition,
        "document": entry.id.document,
        "document_title": doc.title,
        "kind": entry.kind,
        "path": list(entry.path),
        "text": entry.text,
        "html": to_html(entry.markdown),
        "url": entry.url,
        "permalink": permalink,
        "links": [str(i) for i in entry.links],
        "supersedes": [str(i) for i in entry.supersedes],
        "superseded_by": [str(i) for i in entry.superseded_by],
        "supersedes_external": list(entry.supersedes_external),
        "superseded": entry.superseded,
        "replaced_by_document": entry.replaced_by_document,
        "date": doc.date,
        "effective": doc.effective or doc.date,
        "parent": str(entry.parent) if entry.parent else None,
        "attributes": dict(entry.attrs),
        "quote": forum_quote(doc, entry, permalink),
    }


def forum_quote(doc: Document, entry: Entry, permalink: str) -> dict:
    """Copy-ready quotes for forum posts, in Markdown and in BBCode."""
    source = f"{doc.title}, {' › '.join([*entry.path, entry.title])} ({doc.date})"
    body = entry.text or entry.title
    md_lines = "\n".join(f"> {line}" if line else ">" for line in body.split("\n"))
    return {
        "markdown": f"{md_lines}\n>\n> — [{source}]({permalink})",
        "bbcode": f"[quote=\"{source}\"]{body}[/quote]\n[url={permalink}]{permalink}[/url]",
        "link_markdown": f"[{entry.title}]({permalink})",
        "link_bbcode": f"[url={permalink}]{entry.title}[/url]",
    }


def toc(doc: Document) -> list[dict]:
    """The document's headings as a flat list with levels (for nested rendering)."""
    return [
        {"id": str(e.id), "title": e.title, "level": e.level, "kind": e.kind, "url": e.url}
        for e in doc.entries
        if e.kind != "card"
    ]
