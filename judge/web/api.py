"""The JSON API for documents and entries."""

from __future__ import annotations

from flask import Blueprint, redirect, request

from ..errors import BadRequest
from . import get_corpus
from .hygiene import corpus_cached
from .views import document_json, entry_json, entry_summary

bp = Blueprint("api", __name__)


@bp.get("/healthz")
def healthz():
    """Cheap on purpose (a load balancer asks often): counts and the open index, nothing searched."""
    from .search import index_status

    corpus = get_corpus()
    return {"status": "ok", "documents": len(corpus.documents), "entries": len(corpus),
            "index": index_status()}


@bp.get("/api/documents")
def documents():
    return {"documents": [document_json(d) for d in get_corpus().documents]}


@bp.get("/api/entries")
def entries():
    corpus = get_corpus()
    edition = request.args.get("edition", "").strip().lower()
    document = request.args.get("document", "").strip().lower()
    docs = corpus.documents
    if edition:
        if edition not in ("1e", "2e"):
            raise BadRequest("edition must be 1e or 2e.", edition=edition)
        docs = [d for d in docs if d.edition == edition]
    if document:
        docs = [d for d in docs if d.document == document]
        if not docs:
            raise BadRequest(
                f"There is no document '{document}'" + (f" in {edition}." if edition else "."),
                known=[d.key for d in corpus.documents],
            )
    return {"entries": [entry_summary(e) for d in docs for e in d.entries]}


@bp.get("/api/entries/<path:entry_id>")
@corpus_cached
def entry(entry_id: str):
    corpus = get_corpus()
    entry_id = entry_id.strip("/").lower()
    moved = corpus.redirect_for(entry_id)
    if moved:
        return redirect(f"/api/entries/{moved}", code=301)
    return entry_json(corpus, corpus.get(entry_id))
