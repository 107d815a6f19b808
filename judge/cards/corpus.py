"""The card pool as a document of the corpus (``1e/cards``): one entry per card, plus one per title
printed on several cards that lists them. So cards are searched, linked, cited and permalinked like
every other entry, and the rulebook's links to cards are checked like links between rules."""

from __future__ import annotations

import re
from pathlib import Path

from ..corpus.markdown import plain_text
from ..corpus.model import Document, Entry
from ..ids import EntryId, slugify
from .loader import Catalogue
from .model import CardRecord

DOCUMENT = "cards"
DOCUMENT_TITLE = "First Edition Card Pool"
DOCUMENT_DATE = "2006"      # the last paper expansion (Enterprise Collection)
_BRACES = re.compile(r"\{([^{}]+)\}")


def card_markdown(card: CardRecord, catalogue: Catalogue) -> str:
    """The card as Markdown: its type line, numbers, skills, game text with ``{titles}`` linked, lore."""
    head = [f"**{card.type}**"]
    head += [" / ".join(card.affiliation)] if card.affiliation else []
    head += [card.classification or card.ship_class or ""]
    head += [f"{card.set} ({card.info})" if card.info else card.set]
    lines = [" · ".join(h for h in head if h)]
    numbers = [f"{k.upper()} {v}" for k, v in card.attributes.items()]
    if card.span is not None:
        numbers.append(f"span {card.span}")
    if card.points:
        numbers.append(f"{card.points} points")
    icons = "".join(f"[{i}]" for i in card.icons)
    staffing = "".join(f"[{i}]" for i in card.staffing)
    parts = (" · ".join(numbers), icons, f"staffing {staffing}" if staffing else "")
    extra = " · ".join(x for x in parts if x)
    if extra:
        lines.append(extra)
    if card.skills:
        lines.append("Skills: " + ", ".join(f"{s.level} {s.skill}" if s.level > 1 else s.skill
                                           for s in card.skills))

    text = text_markdown(card, catalogue)
    return "\n\n".join([*lines, text] if text else lines)


def text_markdown(card: CardRecord, catalogue: Catalogue) -> str:
    """The card's game text with its ``{titles}`` linked to their cards, then its lore in italics."""
    from .links import resolve_card

    def link(m: re.Match) -> str:
        target = resolve_card(m.group(1), catalogue)
        return f"[{m.group(1)}](/{target})" if target else m.group(0)

    parts = [_BRACES.sub(link, _escape(card.text))] if card.text else []
    if card.lore:
        parts.append(f"*{_escape(card.lore)}*")
    return "\n\n".join(parts)


def _escape(text: str) -> str:
    """Card text is not Markdown: keep its brackets, stars and underscores literal."""
    return re.sub(r"([\\`*_\[\]<>#])", r"\\\1", text)


def cards_document(catalogue: Catalogue, folder: Path) -> Document:
    entries: list[Entry] = []
    for card in catalogue:
        repeated = len(catalogue.by_title(card.title)) > 1
        md = card_markdown(card, catalogue)
        entries.append(Entry(
            id=EntryId("1e", DOCUMENT,
                       card.slug), title=f"{card.title} ({card.set})" if repeated else card.title,
            kind="card", level=1, path=(card.set,), parent=None, markdown=md, text=plain_text(md),
            attrs={"type": card.type, "set": card.set}, links=(), line=card.line,
        ))
    known = {e.id.slug for e in entries}
    for slug in sorted({slugify(c.title) for c in catalogue} - known):
        versions = catalogue.versions(slug)
        if len(versions) < 2:
            continue
        title = versions[0].title
        md = f"*{_escape(title)}* is the title of {len(versions)} cards:\n\n" + "\n".join(
            f"- [{_escape(v.title)} ({v.set})](/{v.id}) — {v.type}" for v in versions)
        entries.append(Entry(
            id=EntryId("1e", DOCUMENT, slug), title=title, kind="card", level=1, path=(), parent=None,
            markdown=md, text=plain_text(md), attrs={"versions": str(len(versions))}, links=(),
        ))
    return Document(
        edition="1e", document=DOCUMENT, title=DOCUMENT_TITLE, version="",
        date=DOCUMENT_DATE, effective=None, source="cards/1e/*.jsonl, imported from the deck tools' card "
                                                   "list "
        "(physical.csv) by judge import-cards", precedence=0, supersedes=(), supersession="document",
        kind="card", path=folder, entries=tuple(entries),
    )
