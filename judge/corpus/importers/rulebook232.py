"""Source 003: the First Edition Rulebook v2.3.2 (Continuing Committee, March 2022).

The extraction has no heading marks, so the structure is read back from the lines themselves:

* a paragraph of one ALL-CAPS line is a section heading (``MOVE``, ``THE PLAY PHASE``); how deep it
  sits comes from :data:`OUTLINE`, which names the headings that open a new depth — every other
  ALL-CAPS heading is a sibling of the one before it;
* a short mixed-case line with no closing punctuation is a sub-section of the current section
  (``When Responses Happen``, ``"Just" Responses``);
* ``Label: Title`` with a known sidebar label (``Tip:``, ``Clarifications:``, ``Borg Rule:`` …) is a
  sidebar, an entry of its own under the section it appears in. Its body runs to the next heading,
  except for the one-paragraph labels (``Exception:``, ``Open Format:``, ``Reminder:``), after whose
  paragraph the text goes back to the enclosing section.

Epigraphs (``"It's a chess game…"``, ``–William T. Riker``) and dialogue (``QUARK: *…*``) stay in the
body of their section. ``[Title](#)`` cross-references become links to entries of this document when
the title names one, and plain text otherwise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ...cards.links import resolve_card
from ...ids import slugify
from ..coverage import coverage
from ..markdown import plain_text
from .writer import ImportedDocument, ImportedEntry, SlugMaker, title_case

META = {
    "edition": "1e",
    "document": "rulebook",
    "title": "First Edition Rulebook, Version 2.3.2",
    "version": "2.3.2",
    "date": "2022-03",
    "source": "003_4ab09d7bd820e94b.txt (Continuing Committee, Star Trek CCG Rulebook v2.3.2, March 2022)",
    "precedence": 3,
    "kind": "rule",
    "supersedes": ["1e/rulebook-1.7"],
    "supersession": "document",
}

# The sections of Rulebook 1.7 (which this document replaces whole) each of its sections takes over,
# read side by side: written into the ``supersedes`` attribute, so a 1.7 entry names its successors.
# 1.7's "Spaceline Summary" (a figure) and "Contacting Decipher" have none; they are superseded with
# the document only.
SUCCEEDS: dict[str, tuple[str, ...]] = {
    "introduction": ("introduction", "how-to-play"),
    "affiliations": ("the-affiliations",),
    "building-your-deck": ("customizing-a-deck",),
    "seed-deck": ("seed-deck",),
    "draw-deck": ("draw-deck",),
    "side-decks": ("side-decks",),
    "the-seed-phases": ("how-to-play", "the-seed-phases", "other-seeding-rules"),
    "doorway-phase": ("doorway-phase",),
    "mission-phase": ("mission-phase",),
    "dilemma-phase": ("dilemma-phase",),
    "facility-phase": ("facility-phase",),
    "starting-the-game": ("other-seeding-rules",),
    "the-play-phase": ("the-play-phase",),
    "playing-a-card": ("play-a-card",),
    "your-normal-card-play": ("other-card-plays",),
    "reporting-for-duty": ("reporting-cards-for-duty",),
    "personnel": ("personnel-cards",),
    "ships": ("ship-cards",),
    "equipment": ("equipment-cards",),
    "facilities": ("facility-and-site-cards",),
    "sites": ("facility-and-site-cards",),
    "events-incidents-objectives": ("event-objective-and-incident-cards",),
    "time-locations": ("time-location-cards",),
    "interrupts": ("interrupt-cards",),
    "doorways": ("doorway-cards",),
    "executing-orders": ("execute-orders",),
    "stopped": ("execute-orders",),
    "move": ("moving-personnel-and-equipment", "entering-and-exiting-facilities-and-landed-ships"),
    "beam": ("beaming",),
    "walk": ("walking",),
    "staff-a-ship": ("staffing-and-moving-ships",),
    "fly-a-starship": ("staffing-and-moving-ships",),
    "dock-undock": ("staffing-and-moving-ships",),
    "moving-between-quadrants": ("staffing-and-moving-ships",),
    "attempt-a-mission": ("attempting-missions",),
    "battle": ("engaging-in-battle",),
    "personnel-battle": ("personnel-battles-which-may-also-include-rogue-borg",),
    "ship-battle": ("ship-battles-which-may-also-include-facilities",),
    "draw-a-card": ("draw-a-card",),
    "winning-the-game": ("winning-the-game",),
}
SUPERSEDED_DOCUMENT = "1e/rulebook-1.7"

# Depth of the ALL-CAPS headings that open a new level, as the rulebook's own chapters nest them
# (the published HTML has h1/h2/h3; the extraction lost them). Headings not listed here are
# siblings of the ALL-CAPS heading before them. Mixed-case headings listed here get this depth too.
OUTLINE: dict[str, int] = {
    "INTRODUCTION": 1, "ABOUT THIS GAME": 2,
    "THE CARDS": 1, "MISSIONS": 2,
    "BUILDING YOUR DECK": 1, "SEED DECK": 2,
    "THE SEED PHASES": 1, "DOORWAY PHASE": 2, "SEEDING SITES": 3, "STARTING THE GAME": 2,
    "THE PLAY PHASE": 1,
    "PLAYING A CARD": 1, "YOUR NORMAL CARD PLAY": 2, "USABLE": 3, "DUPLICATION AND PERSONAS": 2,
    "ACTIVATION AND DEACTIVATION": 3, "MULTI-AFFILIATION CARDS": 2, "PLAYING \"AT ANY TIME\"": 3,
    "EXECUTING ORDERS": 1, "MOVE": 2, "BEGINNING A MISSION ATTEMPT": 3, "AUTOMATIC EFFECTS": 4,
    "OTHER SEEDS": 3, "COMPLETE BORG OBJECTIVES": 2, "IN GENERAL": 3, "BATTLE": 2,
    "INITIATING A BATTLE": 3, "DAMAGE AND REPAIRS": 2, "DAMAGE": 3, "TACTICS DAMAGE": 4,
    "SYSTEMS OFF-LINE": 3, "CLOAK": 2, "EXPOSURE": 3, "REQUIRED ACTIONS": 2,
    "END OF TURN": 1, "COUNTDOWNS": 2, "WINNING THE GAME": 1,
    "LIFE IN SPACE": 1, "USING SKILLS": 2, "LOADED SKILLS": 3, "OFFICER AND LEADERSHIP: \"LEADER\"": 4,
    "GETTING HURT": 2, "STOPPED": 3, "CHARACTERISTICS": 2, "STRANGE ENCOUNTERS": 2,
    "SELF-CONTROLLING CARDS": 3,
    "MISCELLANEOUS RULES": 1, "RANDOM SELECTION": 2, "CLOSING": 1,
    "ICON LEGEND": 1, "ICONS WITH BUILT-IN RULES": 2,
    "Decipher Era (Physical Cards; 1994 - 2006)": 4,
    "Continuing Committee Era (Virtual Cards; 2008 - present)": 4,
}

SIDEBAR_LABELS = (
    "Clarifications", "Clarification", "Tip", "Borg Rule", "Exceptions", "Exception", "Open Format",
    "Reminder", "The Borg", "Copyright Notice", "General Quarters", "Organized Play",
)
# Sidebars that state a single point: one paragraph (with the list it introduces, if it ends in ':').
ONE_PARAGRAPH_LABELS = ("Exceptions", "Exception", "Open Format", "Reminder")

_SIDEBAR = re.compile(rf"^({'|'.join(SIDEBAR_LABELS)}):\s+(.+?)\s*$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+\.)\s")
_CROSSREF = re.compile(r"\[([^\]]*)\]\(#\)")
MAX_HEADING = 70  # characters; longer lines are sentences, not headings


@dataclass
class Block:
    """A paragraph of the extraction: consecutive non-blank lines."""

    line: int
    lines: list[str]

    @property
    def single(self) -> str | None:
        return self.lines[0].strip() if len(self.lines) == 1 else None


@dataclass
class Node:
    entry: ImportedEntry
    parent: Node | None
    sidebar: bool = False
    paragraphs: list[str] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)
    single_paragraph: bool = False    # an Exception:/Open Format:/Reminder: sidebar


def blocks(text: str) -> list[Block]:
    out: list[Block] = []
    current: list[str] = []
    start = 0
    for n, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            if not current:
                start = n
            current.append(line.rstrip())
        elif current:
            out.append(Block(start, current))
            current = []
    if current:
        out.append(Block(start, current))
    return out


def is_caps_heading(line: str) -> bool:
    letters = re.sub(r"[^A-Za-z]", "", line)
    return (len(letters) >= 3 and line == line.upper() and len(line) <= MAX_HEADING
            and not re.match(r"^[-–—\d(]", line) and "\t" not in line)


def is_sub_heading(line: str) -> bool:
    if is_caps_heading(line) or len(line) > MAX_HEADING or len(line.split()) > 9:
        return False
    if "\t" in line or "](" in line:   # a table row, or a sentence with a cross-reference
        return False
    if re.search(r"[.:,;!?*\"”]$", line):
        return False
    return bool(re.match(r"^[A-Z]", line) or re.match(r'^"[^"]+" [A-Za-z]', line))




def clean_title(text: str) -> str:
    text = _CROSSREF.sub(r"\1", text)
    text = re.sub(r"\*+([^*]+)\*+", r"\1", text)
    return " ".join(text.split())


def render_block(block: Block) -> str:
    """A paragraph as Markdown: tab-separated rows become a table; short line runs stay one per paragraph."""
    if all("\t" in ln for ln in block.lines):
        rows = [[c.strip() for c in ln.split("\t") if c.strip()] for ln in block.lines]
        width = max(len(r) for r in rows)
        out = ["|" + " |" * width, "|" + "---|" * width]
        out += ["| " + " | ".join(r + [""] * (width - len(r))) + " |" for r in rows]
        return "\n".join(out)
    if len(block.lines) > 1 and not any(_LIST_ITEM.match(ln) for ln in block.lines):
        return "\n\n".join(block.lines)
    return "\n".join(block.lines)


class Outline:
    """Builds the entry tree while reading the blocks in order."""

    def __init__(self) -> None:
        self.slugs = SlugMaker()
        self.roots: list[Node] = []
        self.section: Node | None = None   # the latest non-sidebar heading
        self.current: Node | None = None   # where body text goes
        self.caps_level = 0
        self.headings = 0

    def open(self, title: str, level: int, *, sidebar: str | None = None) -> None:
        parent = self.section if sidebar else self._parent_for(level)
        attrs = {"sidebar": sidebar} if sidebar else {}
        slug = self.slugs.make(title, parent=parent.entry.slug if parent else None)
        node = Node(ImportedEntry(level=level, title=title, slug=slug, attrs=attrs), parent,
                    sidebar=bool(sidebar))
        (parent.children if parent else self.roots).append(node)
        self.current = node
        if not sidebar:
            self.section = node
        self.headings += 1

    def _parent_for(self, level: int) -> Node | None:
        node = self.section
        while node is not None and node.entry.level >= level:
            node = node.parent
        return node

    def add(self, paragraph: str) -> None:
        node = self.current
        assert node is not None
        if node.sidebar and self._list_for_section(node, paragraph):
            node = self.current = self.section   # the main column resumes with its list
        node.paragraphs.append(paragraph)
        if node.single_paragraph and not paragraph.rstrip().endswith(":"):
            self.current = self.section   # back to the main column

    def _list_for_section(self, sidebar: Node, paragraph: str) -> bool:
        """The page layout puts a sidebar between a sentence ending in ':' and the list it
        introduces ("A ship is staffed when:" | Clarifications: Ship Staffing | "- There is at
        least one personnel …"). Such a list, and the main text after it, belong to the section,
        unless the sidebar itself has just introduced a list."""
        section = self.section
        return bool(
            section is not None and section.paragraphs and _LIST_ITEM.match(paragraph)
            and section.paragraphs[-1].rstrip().endswith(":")
            and not (sidebar.paragraphs and sidebar.paragraphs[-1].rstrip().endswith(":"))
        )

    def entries(self) -> list[tuple[Node, ImportedEntry]]:
        out: list[tuple[Node, ImportedEntry]] = []

        def walk(nodes: list[Node]) -> None:
            for n in nodes:
                out.append((n, n.entry))
                walk(n.children)

        walk(self.roots)
        return out


def build(text: str) -> tuple[Outline, list[str]]:
    outline = Outline()
    dropped: list[str] = []
    label: str | None = None   # a one-line mixed-case heading, opened once text follows it
    for block in blocks(text):
        line = block.single
        heading = True
        if line is not None and (m := _SIDEBAR.match(line)) and outline.section is not None:
            kind, name = m.group(1), clean_title(m.group(2))
            pending = (f"{kind}: {name}", outline.section.entry.level + 1, kind)
        elif line is not None and is_caps_heading(line) and (outline.section or line in OUTLINE):
            outline.caps_level = OUTLINE.get(line, outline.caps_level or 1)
            pending = (title_case(clean_title(line)), outline.caps_level, None)
        elif line is not None and outline.section is not None and is_sub_heading(clean_title(line)):
            pending = (clean_title(line), OUTLINE.get(line, outline.caps_level + 1), None)
        else:
            heading = False
        if label is not None:
            # a sub-heading straight before another heading is a figure label (Gametext, Damage
            # Marker): it stays as text of the section
            if heading:
                outline.add(label)
            else:
                outline.open(label, OUTLINE.get(label, outline.caps_level + 1))
            label = None
        if not heading:
            if outline.current is None:
                dropped.extend(block.lines)   # the cover: title and version line (front matter)
            else:
                outline.add(render_block(block))
            continue
        title, level, sidebar = pending
        if sidebar is None and level > outline.caps_level:
            label = title
            continue
        outline.open(title, level, sidebar=sidebar)
        if sidebar in ONE_PARAGRAPH_LABELS:
            outline.current.single_paragraph = True
    if label is not None:
        outline.add(label)
    return outline, dropped


def link_targets(entries: list[ImportedEntry]) -> dict[str, str]:
    """Names a cross-reference may use -> slug, best first: section titles and slugs, sidebar
    titles with and without their label, then the halves of a section title such as
    ``Control and Ownership`` or ``"Here" and "Present"``."""
    targets: dict[str, str] = {}
    sections = [e for e in entries if "sidebar" not in e.attrs]
    sidebars = [e for e in entries if "sidebar" in e.attrs]
    for e in sections:
        targets.setdefault(slugify(e.title), e.slug)
        targets.setdefault(e.slug, e.slug)
    for e in sidebars:
        targets.setdefault(slugify(e.title), e.slug)
    for e in sidebars:
        targets.setdefault(slugify(e.title.split(":", 1)[1]), e.slug)
    for e in sections:
        for part in re.split(r",|:|\s(?:and|or|&)\s", e.title):
            if slugify(part) != "entry":
                targets.setdefault(slugify(part), e.slug)
    return targets


def resolve(name: str, targets: dict[str, str]) -> str | None:
    key = slugify(clean_title(name))
    bases = [key, key.removesuffix("-rule")] if key.endswith("-rule") else [key]   # "ties rule" -> Ties
    for base in bases:
        for candidate in (base, base + "s", base.removesuffix("s"), base + "es", base.removesuffix("es")):
            if candidate in targets:
                return targets[candidate]
    return None


def _catalogue():
    """The bundled card pool, for references to cards (None when this install has no card data)."""
    from ...cards.loader import bundled

    catalogue = bundled()
    return catalogue if len(catalogue) else None


def convert(text: str, *, source_id: str, seeds: Path) -> ImportedDocument:
    outline, dropped = build(text)
    nodes = outline.entries()
    entries = [e for _, e in nodes]
    targets = link_targets(entries)
    resolved: list[str] = []
    unresolved: list[str] = []
    cards: list[str] = []
    catalogue = _catalogue()

    def link(m: re.Match) -> str:
        name = m.group(1)
        slug = resolve(name, targets)
        card = resolve_card(clean_title(name), catalogue) if catalogue is not None else None
        # a card title wins over a loose match of a section title ("Red Alert" the card, not
        # the plural or half of a heading); an exact section title wins over a card
        if card and (slug is None or slugify(clean_title(name)) not in targets):
            cards.append(name)
            return f"[{name}](/{card})"
        if slug is None:
            unresolved.append(name)
            return name
        resolved.append(name)
        return f"[{name}](/{META['edition']}/{META['document']}/{slug})"

    for node, entry in nodes:
        entry.body = "\n\n".join(_CROSSREF.sub(link, p) for p in node.paragraphs)
        if entry.slug in SUCCEEDS and "sidebar" not in entry.attrs:
            entry.attrs["supersedes"] = " ".join(f"{SUPERSEDED_DOCUMENT}/{s}" for s in SUCCEEDS[entry.slug])
    missing = set(SUCCEEDS) - {e.slug for e in entries if "sidebar" not in e.attrs}
    if missing:
        raise ValueError(f"SUCCEEDS names sections this rulebook does not have: {sorted(missing)}")

    texts = [e.title + " " + plain_text(e.body) for e in entries]
    share = coverage(text, texts)
    report = {
        "entries": len(entries),
        "sidebars": sum(1 for e in entries if "sidebar" in e.attrs),
        "links_resolved": len(resolved),
        "links_to_cards": len(cards),
        "links_unresolved": len(unresolved),
        "coverage": round(share.share, 4),
        "sentences": share.total,
        "missing": len(share.missing),
        "dropped_lines": len(dropped),
    }
    return ImportedDocument(meta=dict(META), entries=entries, report=report)
