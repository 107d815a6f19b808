"""The JSON shape of a page of search results: ``GET /api/search`` and ``judge search --json``."""

from __future__ import annotations

from ..corpus import Corpus
from .engine import SearchPage


def search_json(result: SearchPage, corpus: Corpus) -> dict:
    return {
        "query": result.query,
        "total": result.total,
        "page": result.page,
        "limit": result.limit,
        "results": [
            {
                "id": h.id, "title": h.title, "edition": h.edition, "document": h.document,
                "document_title": h.document_title, "kind": h.kind, "url": h.url,
                "snippet": h.snippet, "text": h.text, "score": h.score,
                "path": list(h.path), "date": h.date, "superseded": h.superseded,
                "superseded_by": [i for i in h.superseded_by if corpus.find(i)],
            }
            for h in result.hits
        ],
        "suggestion": result.suggestion,
    }
