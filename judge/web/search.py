"""Search: the HTML results page and its JSON twin, from the same view code."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ..errors import BadRequest
from ..search import SearchIndex, SearchPage, search_json
from ..search.engine import DEFAULT_LIMIT
from ..search.query import clean
from . import get_corpus, get_snapshot
from .hygiene import corpus_cached

bp = Blueprint("search", __name__)


def get_index() -> SearchIndex:
    return get_snapshot().index


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
    return get_index().search(q, edition=request.args.get("edition"), document=request.args.get("document"),
                              kind=request.args.get("kind"), limit=limit, page=page)


@bp.get("/api/search")
@corpus_cached
def api_search():
    result = run_search()
    if result is None:
        raise BadRequest("The query is empty: pass the words to search for as q, e.g. /api/search?q=beaming.")
    return search_json(result, get_corpus())


@bp.get("/search")
@corpus_cached
def search_page():
    result = run_search()
    data = search_json(result, get_corpus()) if result else None
    if data:
        titles = {}
        corpus = get_corpus()
        for r in data["results"]:
            for i in r["superseded_by"]:
                titles[i] = corpus.get(i).title
        data["titles"] = titles
    args = {k: clean(request.args.get(k, "")) for k in ("q", "edition", "document", "kind")}
    return render_template("search.html", result=data, page=result, args=args, query=args["q"])
