"""Source 004: the 1E Current Rulings Update of 9 April 2002 (gameplay changes from 15 April 2002).

The text is a list of sections (``Section 1: Introduction``, ``Section 2: Rulings``); in the
rulings, each entry starts with a line holding its marker and term (``Δ hand weapon``,
``§ **helps**``) and runs to the next such line. Every section becomes a level-1 entry and every
ruling a level-2 entry under it, carrying as attributes:

- ``marker``: ``Δ`` (a change in gameplay) or ``§`` (a new or changed entry), as the
  introduction defines them;
- ``glossary`` / ``current_ruling``: what the ruling does to the Glossary 1.7 entry and to the
  earlier Current Rulings entry of the same term (``replace``, ``delete``, ``add``), read from its
  instruction sentences ("Replace the Glossary entry with the following:", "Delete this
  Current Rulings entry.");
- ``supersedes_external``: the entries it replaces or deletes (in whole or part), named, since
  neither the Glossary 1.7 nor the earlier Current Rulings are among our sources.

Bold terms in a ruling are the document's cross-references ("See **discarding**."): each becomes
a link when the term is a ruling of this document, and stays plain bold otherwise.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ...cards.links import resolve_card
from ..coverage import coverage
from ..markdown import plain_text
from .writer import ImportedDocument, ImportedEntry, SlugMaker

DOCUMENT = "rulings-2002-04"
META = {
    "edition": "1e",
    "document": DOCUMENT,
    "title": "Current Rulings Update (9 April 2002)",
    "version": "2002-04-09",
    "date": "2002-04-09",
    # "they will not be effective until seven days after the issue date (04/15/02)" (Section 1)
    "effective": "2002-04-15",
    "source": "004_ef0301c049a56f88.txt (Decipher, Current Rulings Update, 9 April 2002)",
    "precedence": 4,
    "kind": "ruling",
}
# The external documents a ruling can change, as the introduction names them.
GLOSSARY = "Glossary 1.7"
EARLIER_RULINGS = "Current Rulings (02/04/02)"

MARKERS = ("Δ", "§")
SECTION = re.compile(r"^Section\s+\d+\s*:\s*\S.*$")
MARKED_LINE = re.compile(r"^([Δ§])\s+(.+?)\s*$")
MAX_TERM_WORDS = 10          # a marker line longer than this is prose (the legend), not a term
BULLET = re.compile(r"^[•●▪]\s*")
BOLD = re.compile(r"\*\*(.+?)\*\*")
# "Replace the Glossary entry …", "Delete this ruling:", "Add the Briar Patch Region …"
INSTRUCTION = re.compile(r"^(Replace|Delete|Add)\s+(?:the|this|to)\b(.*)$")
_SENTENCE = re.compile(r"(?<=[.!?:])\s+")


@dataclass(frozen=True)
class Ruling:
    marker: str | None
    term: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Instruction:
    action: str                  # replace | delete | add
    targets: tuple[str, ...]     # "glossary" and/or "current_ruling"


def _catalogue():
    """The bundled card pool: a ruling whose term is a card's title is about that card."""
    from ...cards.loader import bundled

    catalogue = bundled()
    return catalogue if len(catalogue) else None


def convert(text: str, *, source_id: str, seeds: Path) -> ImportedDocument:
    sections = split_sections(text)
    terms = [r.term for _, _, rulings in sections for r in rulings]
    slugs = SlugMaker()
    section_slugs = [slugs.make(title) for title, _, _ in sections]
    ruling_slugs = [slugs.make(t) for t in terms]
    index = TermIndex(dict(zip(terms, ruling_slugs, strict=True)))

    entries: list[ImportedEntry] = []
    stats: Counter = Counter()
    catalogue = _catalogue()
    resolved: list[str] = []
    unresolved: list[str] = []
    it = iter(ruling_slugs)
    for (title, intro, rulings), sslug in zip(sections, section_slugs, strict=True):
        entries.append(ImportedEntry(1, title, sslug, to_markdown(intro), {"kind": "rule"}))
        for ruling in rulings:
            slug = next(it)
            body = to_markdown(ruling.lines)
            body, hits, misses = link_cross_references(body, index, own=slug, catalogue=catalogue)
            resolved += hits
            unresolved += misses
            attrs = ruling_attrs(ruling)
            card = resolve_card(ruling.term, catalogue) if catalogue is not None else None
            if card:
                attrs["cards"] = card
                stats["rulings about a card"] += 1
            stats[f"marker {ruling.marker or 'none'}"] += 1
            for key in ("glossary", "current_ruling"):
                for action in attrs.get(key, "").split():
                    stats[f"{key} {action}"] += 1
            entries.append(ImportedEntry(2, ruling.term, slug, body, attrs))

    cov = coverage(text, [e.title + " " + plain_text(e.body) for e in entries])
    report = {
        "sections": len(sections),
        "rulings": len(terms),
        **dict(sorted(stats.items())),
        "cross_references_linked": len(resolved),
        "cross_references_plain": len(unresolved),
        "plain_names": sorted(set(unresolved), key=str.lower),
        "coverage": f"{cov.kept}/{cov.total}",
        "missing": cov.missing,
    }
    return ImportedDocument(meta=dict(META), entries=entries, report=report)


def split_sections(text: str) -> list[tuple[str, list[str], list[Ruling]]]:
    """``[(section title, its own lines, its rulings)]`` in document order."""
    sections: list[tuple[str, list[str]]] = []
    open_rulings: list[list[tuple[str, str, list[str]]]] = []
    current: list[str] | None = None     # the lines of whatever is open: a section or a ruling
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if SECTION.match(line):
            current = []
            sections.append((" ".join(line.split()), current))
            open_rulings.append([])
            continue
        term = marked_term(line)
        if term is not None and sections:
            current = []
            open_rulings[-1].append((term[0], term[1], current))
            continue
        if current is None:
            if line.strip():
                raise ValueError(f"line {n}: text before the first 'Section N:' heading: {line[:60]!r}")
            continue
        current.append(line)
    if not sections:
        raise ValueError("no 'Section N:' heading found: is this the Current Rulings Update?")
    return [
        (title, lines, [Ruling(marker, term, tuple(body)) for marker, term, body in rulings])
        for (title, lines), rulings in zip(sections, open_rulings, strict=True)
    ]


def marked_term(line: str) -> tuple[str, str] | None:
    """``("Δ", "hand weapon")`` for a ruling's heading line; None for prose (the Δ/§ legend)."""
    m = MARKED_LINE.match(line)
    if not m:
        return None
    term = " ".join(BOLD.sub(r"\1", m.group(2)).split())
    if len(term.split()) > MAX_TERM_WORDS:
        return None
    return m.group(1), term


def to_markdown(lines: list[str] | tuple[str, ...]) -> str:
    """Paragraphs as Markdown: bullets as list items; the text an instruction introduces
    ("Replace … with the following:") as a paragraph of its own, quoted when it is deleted text."""
    out: list[str] = []
    quoting = False
    for line in lines:
        line = BULLET.sub("- ", line.strip()) if BULLET.match(line.strip()) else line.strip()
        if not line:
            quoting = False
            out.append("")
            continue
        if quoting:
            out.append("> " + line)
            continue
        if out and out[-1] and out[-1].endswith(":") and instruction_in(out[-1]):
            out.append("")
            quoting = instruction_in(out[-2]).action == "delete"
            out.append("> " + line if quoting else line)
            continue
        out.append(line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip("\n")


def instruction_in(line: str) -> Instruction | None:
    """The last instruction sentence of a line, if it has one."""
    found = instructions(line)
    return found[-1] if found else None


def instructions(text: str) -> list[Instruction]:
    out = []
    for para in text.splitlines():
        for sentence in _SENTENCE.split(para.strip().lstrip("> ")):
            m = INSTRUCTION.match(sentence)
            if not m:
                continue
            targets = []
            if "glossary" in sentence.lower():
                targets.append("glossary")
            if re.search(r"current ruling", sentence, re.I):
                targets.append("current_ruling")
            # "Delete this ruling:", "Replace the first bullet point in this entry": an entry
            # that names no document amends the Glossary ("A Current Rulings entry will usually
            # state if it replaces all or part of a Glossary entry", Section 1).
            out.append(Instruction(m.group(1).lower(), tuple(targets or ["glossary"])))
    return out


def ruling_attrs(ruling: Ruling) -> dict[str, str]:
    attrs: dict[str, str] = {}
    if ruling.marker:
        attrs["marker"] = ruling.marker
    actions: dict[str, list[str]] = {"glossary": [], "current_ruling": []}
    for ins in instructions("\n".join(ruling.lines)):
        for target in ins.targets:
            if ins.action not in actions[target]:
                actions[target].append(ins.action)
    external = []
    for target, label in (("glossary", GLOSSARY), ("current_ruling", EARLIER_RULINGS)):
        if actions[target]:
            attrs[target] = " ".join(actions[target])
        if {"replace", "delete"} & set(actions[target]):
            external.append(f"{label}: {ruling.term}")
    if external:
        attrs["supersedes_external"] = "|".join(external)
    return attrs


class TermIndex:
    """Finds the ruling a cross-reference names, allowing for the document's own variations:
    "The Genesis Device" for the entry "Genesis Device, The", "skill - negative" for
    "skills - negative", "playing an affiliation" for "playing an affiliation (non-Borg)", and
    a one-letter typo in a long term ("Son'a ships" for the entry printed "Son's ships")."""

    def __init__(self, slugs: dict[str, str]) -> None:
        self.exact: dict[str, str] = {}
        self.loose: dict[str, set[str]] = {}
        for term, slug in slugs.items():
            self.exact.setdefault(words(term), slug)
            self.loose.setdefault(loose_key(term), set()).add(slug)

    def find(self, term: str) -> str | None:
        if words(term) in self.exact:
            return self.exact[words(term)]
        key = loose_key(term)
        hits = self.loose.get(key, set())
        if len(hits) == 1:
            return next(iter(hits))
        if len(key) >= 8:
            near = {s for k, ss in self.loose.items() if one_letter_apart(k, key) for s in ss}
            if len(near) == 1:
                return next(iter(near))
        return None


def words(term: str) -> str:
    term = term.lower().replace("'", "").replace("’", "")
    return " ".join(re.sub(r"[^a-z0-9]+", " ", term).split())


def loose_key(term: str) -> str:
    term = re.sub(r"\((?:s|es)\)", "", term)           # "artifact(s)"
    term = re.sub(r"\s*\([^)]*\)\s*$", "", term)       # "(non-Borg)", "(The Motion Pictures)"
    ws = words(term).split()
    if ws[-1:] == ["the"]:
        ws = ws[:-1]
    if ws[:1] == ["the"]:
        ws = ws[1:]
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in ws)


def one_letter_apart(a: str, b: str) -> bool:
    """One letter changed, added or dropped."""
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long_ = sorted((a, b), key=len)
    if len(long_) - len(short) != 1:
        return False
    i = next((i for i, (x, y) in enumerate(zip(short, long_, strict=False)) if x != y), len(short))
    return short[i:] == long_[i + 1:]


def link_cross_references(body: str, index: TermIndex, own: str,
                          catalogue=None) -> tuple[str, list[str], list[str]]:
    """Bold terms to links where the term is a ruling here, else a card of the pool. ``**a, b**``
    names two terms."""
    resolved: list[str] = []
    unresolved: list[str] = []

    def replace(m: re.Match) -> str:
        parts = []
        for term in split_terms(m.group(1)):
            slug = index.find(term)
            card = resolve_card(term, catalogue) if catalogue is not None and slug is None else None
            if card:
                resolved.append(term)
                parts.append(f"[{term}](/{card})")
            elif slug is None or slug == own:
                unresolved.append(term)
                parts.append(f"**{term}**")
            else:
                resolved.append(term)
                parts.append(f"[{term}](/{META['edition']}/{DOCUMENT}/{slug})")
        return ", ".join(parts)

    return BOLD.sub(replace, body), resolved, unresolved


def split_terms(text: str) -> list[str]:
    """``Captain's Order, helps`` -> two terms; ``Nexus, The`` stays one."""
    out: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if out and piece.lower() in ("the", "a", "an"):
            out[-1] = f"{out[-1]}, {piece}"
        elif piece:
            out.append(piece)
    return out
