"""HTML pages for people: home, documents, and the permalink page of every entry."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template

from ..errors import NotFound
from . import get_corpus
from .hygiene import corpus_cached
from .views import document_json, entry_json, toc

bp = Blueprint("pages", __name__)


@bp.get("/")
@corpus_cached
def home():
    corpus = get_corpus()
    docs = [{**document_json(d), "toc": toc(d)} for d in corpus.documents]
    return render_template("home.html", documents=docs)


@bp.get("/<path:path>")
@corpus_cached
def permalink(path: str):
    corpus = get_corpus()
    key = path.strip("/").lower()
    if key == "api" or key.startswith("api/"):
        raise NotFound("Nothing lives at this address: the API's routes are listed at /api/openapi.json.")
    if key != path.strip("/"):
        return redirect("/" + key, code=301)
    if key.count("/") == 1:
        doc = corpus.document(key)
        return render_template("document.html", doc=document_json(doc), toc=toc(doc))
    moved = corpus.redirect_for(key)
    if moved:
        return redirect("/" + moved, code=301)
    entry = corpus.find(key)
    if entry is None:
        raise NotFound(f"There is no entry '{key}'.", suggestions=corpus.suggest(key))
    data = entry_json(corpus, entry)
    titles = {i: corpus.get(i).title for i in data["links"] + data["supersedes"] + data["superseded_by"]}
    crumbs = []
    parent = entry.parent
    while parent is not None:
        p = corpus.get(str(parent))
        crumbs.insert(0, {"title": p.title, "url": p.url})
        parent = p.parent
    return render_template("entry.html", e=data, titles=titles, crumbs=crumbs)
