"""Cards named in text: the rulebook's ``[Title](#)`` references, the rulings' entry titles and the
``{braces}`` of card text, resolved to card ids."""

from __future__ import annotations

import re

from ..ids import slugify
from .importer import LIST_MARKERS, SET_NAMES
from .loader import Catalogue

_PAREN = re.compile(r"^(.*?)\s*\(([^()]+)\)$")
_INVERTED = re.compile(r"^(.*),\s*(The|A|An)$")


def variants(name: str) -> list[str]:
    """Ways a text may write a title: as is, with an inverted article restored ('Nexus, The' ->
    'The Nexus'), in the plural ('Klingon Disruptors')."""
    name = " ".join(name.replace("\\", "").split())
    out = [name]
    m = _INVERTED.match(name)
    if m:
        out.append(f"{m.group(2)} {m.group(1)}")
    for v in list(out):
        for suffix in ("s", "es"):
            if v.endswith(suffix) and len(v) > 4:
                out.append(v[: -len(suffix)])
        if v.endswith("'s"):
            out.append(v[:-2])
    return out


def resolve_card(name: str, catalogue: Catalogue) -> str | None:
    """The card id a reference names: a single card, the version of the set it names in
    parentheses (``Worf (First Contact)``), or — for a title printed on several cards and no set
    named — the bare title slug that lists them. None when no card of the pool has the title."""
    name = name.strip().strip("*").strip()
    wanted_set = None
    m = _PAREN.match(name)
    if m and (m.group(2) in LIST_MARKERS or m.group(2) in SET_NAMES.values()):
        name, wanted_set = m.group(1), m.group(2)
    for v in variants(name):
        found = catalogue.by_title(v)
        if not found and m and not wanted_set:
            found = catalogue.by_title(f"{m.group(1)} ({m.group(2)})")
        if not found:
            continue
        if wanted_set:
            picked = [c for c in found if slugify(c.set) == slugify(wanted_set)]
            if len(picked) == 1:
                return picked[0].id
            return None   # a version of a set the pool does not have (a virtual card)
        if len(found) == 1:
            return found[0].id
        return f"1e/cards/{slugify(found[0].title)}"
    return None
