"""The First Edition card pool: ``/api/cards``, ``/api/cards/<id>`` and the card page ``/1e/cards/<slug>``
(one record, two renderings)."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ..cards.corpus import text_markdown
from ..cards.mentions import card_record, describe
from ..corpus.markdown import to_html
from ..errors import BadRequest, NotFound
from ..ids import slugify
from . import get_corpus
from .hygiene import corpus_cached

bp = Blueprint("cards", __name__)

MAX_LIMIT = 50
MAX_QUERY = 500


def catalogue():
    pool = getattr(get_corpus(), "cards", None)
    if pool is None:
        raise NotFound("This install has no card data.")
    return pool


def _int(name: str, default: int, low: int, high: int | None = None) -> int:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadRequest(f"{name} must be a whole number.", **{name: raw[:40]}) from None
    if value < low or (high is not None and value > high):
        raise BadRequest(f"{name} must be between {low} and {high}." if high else f"{name} must be {low} or "
                                                                                  "more.",
                         **{name: value})
    return value


@bp.get("/api/cards")
@corpus_cached
def api_cards():
    pool = catalogue()
    q = request.args.get("q", "").strip()
    if len(q) > MAX_QUERY:
        raise BadRequest(f"q is {len(q)} characters; the limit is {MAX_QUERY}.")
    limit = _int("limit", 10, 1, MAX_LIMIT)
    page = _int("page", 1, 1)
    filters = {k: request.args.get(k, "").strip().lower() for k in ("type", "affiliation", "set")}

    def keep(card) -> bool:
        return ((not filters["type"] or card.type.lower() == filters["type"])
                and (not filters["affiliation"]
                     or filters["affiliation"] in (a.lower() for a in card.affiliation))
                and (not filters["set"] or filters["set"] in (card.set.lower(), card.release.lower(),
                                                              slugify(card.set))))

    if q:
        found = [(h.record, h.score) for h in pool.titles.search(q, limit=len(pool)) if keep(h.record)]
    else:
        found = [(c, None) for c in pool if keep(c)]
    chunk = found[(page - 1) * limit: page * limit]
    return {"query": q, "total": len(found), "page": page, "limit": limit,
            "results": [{"id": c.id, "title": c.title, "type": c.type, "set": c.set, "url": c.url,
                         "score": s} for c, s in chunk]}


def card_json(card_id: str) -> dict:
    return card_record(get_corpus(), card_id)


@bp.get("/api/cards/<path:card_id>")
@corpus_cached
def api_card(card_id: str):
    return card_json(card_id)


@bp.get("/1e/cards/<slug>")
@corpus_cached
def page(slug: str):
    data = card_json(slug)
    corpus = get_corpus()
    card = corpus.cards.get(data["id"]) if corpus.cards is not None else None
    permalink = request.url_root.rstrip("/") + "/" + data["id"]
    title = data["title"] if "versions" in data else f"{data['title']} ({data['set']})"
    source = "Star Trek CCG First Edition card pool"
    text = data.get("text") or ""
    quote = {"markdown": f"> **{title}**: {text}\n>\n> — [{source}]({permalink})" if text else
             f"[{title}]({permalink})",
             "bbcode": f"[quote=\"{title}\"]{text}[/quote]\n[url={permalink}]{permalink}[/url]"}
    html = to_html(text_markdown(card, corpus.cards)) if card else ""
    return render_template("card.html", c=data, html=html,
                           words=[describe(a) for a in data.get("abilities", [])], quote=quote,
                           permalink=permalink)
