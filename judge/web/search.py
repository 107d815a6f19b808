"""Search: the HTML results page and its JSON twin, from the same view code."""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock

from flask import Blueprint, current_app, render_template, request

from ..errors import BadRequest
from ..search import SearchIndex, SearchPage, search_json
from ..search.engine import DEFAULT_LIMIT
from ..search.query import clean
from . import get_corpus, get_snapshot

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


class _Answers:
    """Search answers already given by this worker, keyed on the corpus fingerprint and the
    parameters (a crowd asks the same questions; an answer never changes for one corpus)."""

    def __init__(self) -> None:
        self._items: OrderedDict[tuple, SearchPage] = OrderedDict()
        self._lock = Lock()

    def get(self, key: tuple, size: int, compute) -> SearchPage:
        if size <= 0:
            return compute()
        with self._lock:
            got = self._items.get(key)
            if got is not None:
                self._items.move_to_end(key)
                return got
        got = compute()
        with self._lock:
            self._items[key] = got
            while len(self._items) > size:
                self._items.popitem(last=False)
        return got


_answers = _Answers()


def run_search() -> SearchPage | None:
    """The search the request asks for; None when the query is empty."""
    q = request.args.get("q", "")
    limit, page = _int_arg("limit", DEFAULT_LIMIT), _int_arg("page", 1)
    if not q.strip():
        return None
    snap = get_snapshot()
    params = {k: request.args.get(k) for k in ("edition", "document", "kind")}
    key = (snap.fingerprint, q, limit, page, *params.values())
    return _answers.get(key, current_app.config["SEARCH_CACHE_SIZE"],
                        lambda: snap.index.search(q, limit=limit, page=page, **params))


@bp.get("/api/search")
def api_search():
    result = run_search()
    if result is None:
        raise BadRequest("The query is empty: pass the words to search for as q, e.g. /api/search?q=beaming.")
    return search_json(result, get_corpus())


@bp.get("/search")
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
