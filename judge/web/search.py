"""Search: the HTML results page and its JSON twin, from the same view code."""

from __future__ import annotations

import threading
from pathlib import Path

from flask import Blueprint, Flask, current_app, render_template, request

from ..errors import BadRequest
from ..search import SearchIndex, SearchPage
from ..search.engine import DEFAULT_LIMIT
from ..search.query import clean
from . import get_corpus

bp = Blueprint("search", __name__)
_lock = threading.Lock()
EXTENSION = "judge.search"


def open_index(app: Flask, progress=None, rebuild: bool = False) -> SearchIndex:
    """The app's open index; built first when missing or stale (once per app)."""
    index = app.extensions.get(EXTENSION)
    if index is not None and not rebuild:
        return index
    with _lock:
        index = app.extensions.get(EXTENSION)
        if index is None or rebuild:
            base = app.config.get("INDEX_DIR")
            index = SearchIndex.open(app.extensions["judge.corpus"], Path(base) if base else None,
                                     rebuild=rebuild, progress=progress)
            app.extensions[EXTENSION] = index
    return index


def get_index() -> SearchIndex:
    return open_index(current_app._get_current_object())  # type: ignore[attr-defined]


def index_status() -> dict:
    info = get_index().info
    return {"entries": info.entries, "fingerprint": info.fingerprint[:12], "path": str(info.path),
            "build_seconds": round(info.build_seconds, 3)}


def _int_arg(name: str, default: int) -> int:
    raw = request.args.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise BadRequest(f"{name} must be a whole number.", **{name: raw[:50]}) from None


def run_search() -> SearchPage | None:
    """The search the request asks for; None when the query is empty."""
    q = request.args.get("q", "")
    limit, page = _int_arg("limit", DEFAULT_LIMIT), _int_arg("page", 1)
    if not q.strip():
        return None
    return get_index().search(
        q, edition=request.args.get("edition"), document=request.args.get("document"),
        kind=request.args.get("kind"), limit=limit, page=page,
    )


def search_json(result: SearchPage) -> dict:
    corpus = get_corpus()
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


@bp.get("/api/search")
def api_search():
    result = run_search()
    if result is None:
        raise BadRequest("The query is empty: pass the words to search for as q, e.g. /api/search?q=beaming.")
    return search_json(result)


@bp.get("/search")
def search_page():
    result = run_search()
    data = search_json(result) if result else None
    if data:
        titles = {}
        corpus = get_corpus()
        for r in data["results"]:
            for i in r["superseded_by"]:
                titles[i] = corpus.get(i).title
        data["titles"] = titles
    args = {k: clean(request.args.get(k, "")) for k in ("q", "edition", "document", "kind")}
    return render_template("search.html", result=data, page=result, args=args, query=args["q"])
