"""Links from the corpus to cards, read backwards: every rule, glossary entry and ruling that names a
card, newest first, with the ones in force marked; and a card's abilities in words."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..corpus import Corpus

POOL = "1e/cards/"
KIND_WORDS = {
    "continuous": "Always", "intermittent": "While the condition holds", "response": "In response",
    "order": "Order", "damage": "As damage", "activated": "Any time it may be used",
    "play_requirement": "To play it", "play_effect": "When played or encountered", "keyword_rule": "Keyword",
}


@lru_cache(maxsize=4)
def _index(corpus: Corpus) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for entry in corpus.entries:
        if str(entry.id).startswith(POOL):
            continue
        for target in entry.links:
            key = str(target)
            if key.startswith(POOL):
                out.setdefault(key, []).append(str(entry.id))
    return out


def mentioned_in(corpus: Corpus, card_id: str) -> list[dict[str, Any]]:
    """The entries that name the card (or, for one version of a repeated title, the title as a whole),
    newest document first, in force before superseded."""
    index = _index(corpus)
    ids = list(index.get(card_id, []))
    catalogue = getattr(corpus, "cards", None)
    card = catalogue.get(card_id) if catalogue is not None else None
    if card is not None:
        from ..ids import slugify

        bare = f"{POOL}{slugify(card.title)}"
        if bare != card_id:
            ids += [i for i in index.get(bare, []) if i not in ids]
    out = []
    for i in ids:
        entry = corpus.get(i)
        doc = corpus.document(entry.id.document_key)
        out.append({"id": i, "title": entry.title, "kind": entry.kind, "document": doc.key,
                    "document_title": doc.title, "date": doc.effective or doc.date,
                    "in_force": not entry.superseded, "url": entry.url})
    out.sort(key=lambda m: (not m["in_force"], _neg(m["date"]), m["document"], m["id"]))
    return out


def card_record(corpus: Corpus, card_id: str) -> dict[str, Any]:
    """A card as ``GET /api/cards/<id>`` and ``judge card --json`` give it: the record, its abilities as
    the card-text reader reads them, the entries that name it; or, for the bare slug of a title printed
    on several cards, the list of those cards."""
    from ..errors import NotFound

    pool = getattr(corpus, "cards", None)
    if pool is None:
        raise NotFound("This install has no card data.")
    key = card_id.strip().strip("/").lower()
    if not key.startswith(POOL):
        key = f"{POOL}{key}"
    card = pool.get(key)
    if card is None:
        versions = pool.versions(key.rsplit("/", 1)[-1])
        if len(versions) > 1:
            return {"id": key, "title": versions[0].title, "edition": "1e", "url": "/" + key,
                    "versions": [{"id": v.id, "title": v.title, "set": v.set, "type": v.type, "url": v.url}
                                 for v in versions],
                    "mentioned_in": mentioned_in(corpus, key)}
        hits = pool.titles.search(key.rsplit("/", 1)[-1].replace("-", " "), limit=5, text=False)
        raise NotFound(f"There is no card '{key}'.", suggestions=[h.record.id for h in hits])
    out = card.to_json()
    parsed = card.parsed
    out["abilities"] = parsed["abilities"]
    out["unparsed"] = parsed["unparsed"]
    out["mentioned_in"] = mentioned_in(corpus, card.id)
    out["url"] = card.url
    return out


def _neg(date: str) -> tuple:
    """Sort key putting later ISO-ish dates first."""
    return tuple(-int(p) if p.isdigit() else 0 for p in date.replace("/", "-").split("-"))


def describe(ability: dict[str, Any]) -> str:
    """One ability in plain words: when it applies, its cost, what it does."""
    parts = []
    head = KIND_WORDS.get(ability.get("kind", ""), ability.get("kind", "").replace("_", " "))
    if ability.get("alternative"):  # ("OR Downloads …": another use of the card, instead of those before)
        head = f"OR {head}"
    trigger = (ability.get("trigger") or {}).get("raw")
    condition = ability.get("condition")
    if isinstance(condition, list):
        condition = "; ".join(c.get("raw", "") for c in condition)
    elif isinstance(condition, dict):
        condition = condition.get("raw")
    if trigger:
        parts.append(trigger.strip().rstrip(","))
    if condition and condition != trigger:
        parts.append(condition.strip().rstrip(","))
    costs = [_effect(c) for c in ability.get("costs") or []]
    effects = [_effect(e) for e in ability.get("effects") or []]
    if ability.get("keywords"):
        effects.append(", ".join(ability["keywords"]))
    what = "; ".join(effects) or "nothing the reader could name"
    if costs:
        what = f"pay ({'; '.join(costs)}) to {what}"
    if ability.get("optional"):
        what = f"may {what}"
    lead = f"{head}: " + (", ".join(parts) + " — " if parts else "")
    limit = f" ({ability['limit']})" if ability.get("limit") else ""
    return lead + what + limit


_NAMED_PLACES = ("on", "to", "at", "in", "from", "by", "except")


def _effect(effect: dict[str, Any]) -> str:
    verb = effect.get("verb", "").replace("_", " ")
    modal = effect.get("modal") or ""
    if effect.get("negated") and not ((effect.get("target") or {}).get("count") == 0 and not any(
            word in modal for word in ("not", "n't", "never"))):
        # "may not report", "cannot play", "not damage": the prohibition says so ("No player may
        # download": its subject, none, says so)
        verb = f"{modal or 'not'} {verb}"
    words = [verb]
    if effect.get("attribute"):
        amount = effect.get("amount")
        words.append(f"{effect['attribute']} {amount:+d}" if isinstance(amount, int) else effect["attribute"])
    if effect.get("skill"):
        words.append(effect["skill"])
    target = effect.get("target") or effect.get("object")
    if effect.get("card"):
        words.append(effect["card"])
    elif isinstance(target, dict) and target.get("text"):
        words.append(f"— {target['text']}")
    for prep in _NAMED_PLACES:
        # "Plays on {Quark's Bar}", "Nullified by {Vulcan Nerve Pinch}.": a card named where it goes, who
        # does it, …: the effect's card is only the one it acts on
        place = effect.get(prep)
        if isinstance(place, dict) and place.get("card") and place.get("text"):
            words.append(f"{prep} {place['text']}")
    if effect.get("cumulative"):
        words.append("(cumulative)")
    return " ".join(w for w in words if w)
