"""Sources 000 and 002: the Second Edition Rulebook, Premiere (2002) and Call to Arms (2003) printings.

Both printings share one outline, learned from 002's table of contents (``OUTLINE`` below): ALL-CAPS
parts (``IMPORTANT CONCEPTS``), numbered phases (``1. PLAY AND DRAW CARDS``), sections (``BEAMING``)
and mixed-case sub-headings (``Staffing ships``). A line is a heading when it is, on its own, one
of the outline's titles (ALL-CAPS where the outline prints it so); each heading is used once, so
the same words later in a card list or a bulleted list stay text. 000's extraction misspells two
headings (``BFAMING``, ``DESTROY. DISCARD. AND KILL``) and drops the seven card-type headings of
"Types of Cards"; those are recognised by their first words, so the same section has the same slug
in both printings. The table of contents and the cover lines are dropped.

The Glossary becomes one entry per term (``kind=glossary``; 002's card rulings, marked ``*``,
``starred=true``), and each card list one entry per card (``kind=card``, ``set``, ``number``,
``rarity``). When converting 002, 000 is converted too, and every 002 entry (cards aside) whose
slug 000 also has ``supersedes`` it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ...ids import slugify
from ..coverage import coverage
from ..markdown import plain_text
from .writer import ImportedDocument, ImportedEntry, SlugMaker, title_case

META = {
    "000": {
        "edition": "2e",
        "document": "rulebook-premiere",
        "title": "Second Edition Rulebook (Premiere)",
        "version": "Premiere",
        "date": "2002",
        "source": "000_ed4e34b312178545.txt (Decipher, Second Edition Rulebook, Premiere printing)",
        "precedence": 1,
        "kind": "rule",
    },
    "002": {
        "edition": "2e",
        "document": "rulebook",
        "title": "Second Edition Rulebook (Call to Arms)",
        "version": "Call to Arms",
        "date": "2003",
        "source": "002_ae7fc5861dc2687d.txt (Decipher, Second Edition Rulebook, Call to Arms printing)",
        "precedence": 2,
        "supersedes": ["2e/rulebook-premiere"],
        "supersession": "sections",
        "kind": "rule",
    },
}
# The card set each printing lists: name and the set number of its collector codes
# ("1 indicating the premiere release", "3 indicating Call to Arms").
CARD_SET = {"000": ("Premiere", "1"), "002": ("Call to Arms", "3")}
RARITY = {"R": "rare", "U": "uncommon", "C": "common", "S": "starter"}

GLOSSARY = "Glossary"
CARD_LIST = "Card List"


@dataclass(frozen=True)
class Heading:
    level: int
    title: str                    # as displayed (title case)
    forms: tuple[str, ...]        # the printed forms, compared by key()
    caps: bool = True             # printed in capitals
    after_list: bool = False      # may follow the card list
    slug: str | None = None       # fixed slug (when the printings title it differently)


def h(level: int, title: str, *forms: str, caps: bool = True, after_list: bool = False,
      slug: str | None = None) -> Heading:
    return Heading(level, title, tuple(forms) or (title,), caps, after_list, slug)


OUTLINE: tuple[Heading, ...] = (
    h(1, "Icon Guide"),
    h(1, "Introduction"),
    h(1, "Important Concepts"),
    h(2, "Types of Cards"),
    h(3, "Personnel"), h(3, "Ship"), h(3, "Equipment"), h(3, "Event"), h(3, "Interrupt"),
    h(3, "Mission"), h(3, "Dilemma"),
    h(2, "Affiliations"),
    h(2, "Command and Owner"),
    h(2, "Discard, Destroy, and Kill", "Discard, Destroy, and Kill", "Destroy. Discard. and Kill"),
    h(2, "Skills"),
    h(2, "Keywords"),
    h(2, "When and While"),
    h(2, "Download"),
    h(1, "Setting Up the Game"),
    h(1, "Playing the Game"),
    h(2, "Turn Sequence"),
    h(2, "1. Play and Draw Cards"),
    h(3, "Paying Costs"),
    h(3, "Playing Specific Kinds of Cards"),
    h(3, "Showing Your Cards"),
    h(3, "Drawing Cards"),
    h(3, "Order of Playing and Drawing"),
    h(2, "2. Execute Orders"),
    h(3, "General Rules on Executing Orders"),
    h(3, "Beaming", "Beaming", "Bfaming"),
    h(3, "Moving a Ship"),
    h(4, "Staffing Ships", caps=False),
    h(4, "Using Range", caps=False),
    h(3, "Attempting a Mission"),
    h(4, "Facing Dilemmas", caps=False),
    h(4, "Table Layout"),
    h(4, "Checking Mission Requirements", caps=False),
    h(4, "When Your Attempt Fails", caps=False),
    h(3, "Other Order Actions"),
    h(2, "3. Discard Excess Cards"),
    h(1, "Winning the Game"),
    h(1, "Building a Deck"),
    h(1, "Other Important Rules"),
    h(2, "Uniqueness"), h(2, "Present"), h(2, "Combat"), h(2, "Engagements"), h(2, "Damage"),
    h(2, "Brig and Captives"),
    h(1, GLOSSARY),
    h(1, "Star Trek CCG: First Edition"),
    h(1, "Collector Information"),
    h(1, "Credits"),
    h(1, "Contacting Decipher", after_list=True),
    h(1, CARD_LIST, "Star Trek CCG Second Edition Call to Arms Card List",
      "Star Trek CCG Second Edition Premiere Card List", slug="card-list"),
    h(1, "Feed Your Addiction", after_list=True),
    h(1, "The Magazine of the Official Star Trek Fan Club", "The magazine of The Official STAR TREK Fan Club",
      caps=False, after_list=True),
    h(1, "Star Trek Online Customizable Card Game", "Star Trek Online Customizable Card Game",
      "Online Customizable Card Game", after_list=True),
)
# 000 prints no heading over each kind of card in "Types of Cards": its paragraph's first words.
TYPE_OPENINGS = (
    ("A **personnel**", "Personnel"), ("A ship carries", "Ship"), ("An **equipment**", "Equipment"),
    ("An **event**", "Event"), ("An **interrupt**", "Interrupt"),
    ("Each player has exactly five **mission**", "Mission"), ("A dilemma is a problem", "Dilemma"),
)
# Lines that are page furniture, not text.
FURNITURE = re.compile(r"^(\d{1,3}|SECOND EDITION Rulebook|TABLE OF CONTENTS)$")
GLOSSARY_TERM = re.compile(
    r"^(?P<star>\*(?=\*\*))?(?:\*\*)?(?P<term>[^*\s][^*–—]*?)(?:\*\*)?\s+[–—-]\s+(?P<rest>\S.*)$"
)
MAX_TERM_WORDS = 6
CARD = re.compile(r"(?P<title>\S.*?)\s*\.?(?P<number>\d{1,3})\s+(?P<rarity>[RUCS])(?=\s|$)")
TABLE_LAYOUT_START = re.compile(r"^(Opponent's|STAR TREK$)")


def key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower().replace("™", "").replace("’", "'")).strip()




@dataclass
class Section:
    heading: Heading
    lines: list[str]
    supplied: bool = False        # a heading the printing does not print (000's card types)


def convert(text: str, *, source_id: str, seeds: Path) -> ImportedDocument:
    meta = dict(META[source_id])
    sections = split_sections(text)
    slugs = SlugMaker()
    entries: list[ImportedEntry] = []
    counts = {"sections": 0, "glossary": 0, "starred": 0, "cards": 0}
    for sec in sections:
        hd = sec.heading
        slug = hd.slug or slugs.make(hd.title)
        slugs.seen.add(slug)
        attrs = {"heading": "supplied"} if sec.supplied else {}
        if hd.title == GLOSSARY:
            intro, terms = split_glossary(sec.lines)
            entries.append(ImportedEntry(1, GLOSSARY, "glossary", to_markdown(intro), attrs))
            for term, starred, body in terms:
                a = {"kind": "glossary"}
                if starred:
                    a["starred"] = "true"
                    counts["starred"] += 1
                entries.append(ImportedEntry(2, term, slugs.make(term, prefix="glossary"),
                                             to_markdown(body), a))
                counts["glossary"] += 1
            continue
        if hd.title == CARD_LIST:
            printed_title = " ".join(sec.lines[0].replace("™", "").split())
            list_title = title_case(printed_title)
            cards, rest = parse_cards(sec.lines[1:], source_id)
            intro = f"The {CARD_SET[source_id][0]} card list: {len(cards)} cards, one entry each."
            printed = [ln.rstrip() for ln in sec.lines[1:] if ln.strip() and not re.fullmatch(r"[-\s]*", ln)]
            intro += " The list as printed (two columns in the Premiere extraction):" if source_id == "000" \
                else " The list as printed:"
            intro += "\n\n" + "\n".join("    " + ln.replace("\t", "  |  ") for ln in printed)
            del rest
            entries.append(ImportedEntry(1, list_title, slug, intro, {"kind": "card"}))
            set_name, set_no = CARD_SET[source_id]
            for title, number, rarity in cards:
                cslug = f"card--{slugify(title)}"
                code = f"{set_no}{rarity or ''}{number}" if number else ""
                if cslug in slugs.seen:
                    cslug = slugs.make(title, prefix="card") if not code else f"{cslug}-{slugify(code)}"
                slugs.seen.add(cslug)
                a = {"kind": "card", "set": set_name, "number": code, "rarity": RARITY.get(rarity or "", "")}
                facts = ", ".join(x for x in (set_name, code, a["rarity"]) if x)
                entries.append(ImportedEntry(2, title, cslug, f"{title} — {facts}.", a))
                counts["cards"] += 1
            continue
        body = table_layout(sec.lines) if hd.title == "Table Layout" else to_markdown(sec.lines)
        entries.append(ImportedEntry(hd.level, hd.title, slug, body, attrs))
        counts["sections"] += 1

    if source_id == "002":
        older = sorted(seeds.glob("000_*.txt"))
        if older:
            premiere = convert(older[0].read_text(encoding="utf-8"), source_id="000", seeds=seeds)
            theirs = {e.slug for e in premiere.entries if e.attrs.get("kind") != "card"}
            for e in entries:
                if e.attrs.get("kind") != "card" and e.slug in theirs:
                    e.attrs["supersedes"] = f"2e/rulebook-premiere/{e.slug}"
                    counts["superseding"] = counts.get("superseding", 0) + 1

    cov = coverage(text, [e.title + " " + plain_text(e.body) for e in entries])
    report = {**counts, "entries": len(entries), "coverage": f"{cov.kept}/{cov.total}",
              "missing": cov.missing}
    return ImportedDocument(meta=meta, entries=entries, report=report)


def match_heading(line: str, unused: list[Heading], in_list: bool) -> tuple[Heading, str] | None:
    """The outline heading this line is, and any text printed after it on the same line."""
    s = line.strip()
    if not s or s[0] in "-•|*" or len(s) > 70:
        return None
    rest = ""
    m = re.match(r"^(CREDITS):\s*(.+)$", s)
    if m:
        s, rest = m.group(1), m.group(2)
    k = key(s)
    for hd in unused:
        if in_list and not hd.after_list:
            continue
        if k in {key(f) for f in hd.forms} and (not hd.caps or s == s.upper()):
            return hd, rest
    return None


def split_sections(text: str) -> list[Section]:
    unused = list(OUTLINE)
    sections: list[Section] = []
    in_list = False
    in_toc = False
    current: list[str] | None = None
    for raw in text.splitlines():
        line = raw.rstrip()
        s = line.strip()
        if s == "TABLE OF CONTENTS":
            in_toc = True
            continue
        found = match_heading(line, unused, in_list)
        if in_toc and (found is None or found[0].title != "Introduction"):
            continue
        in_toc = False
        if found:
            hd, rest = found
            unused.remove(hd)
            in_list = in_list or hd.title == CARD_LIST
            current = [s] if hd.title == CARD_LIST else ([rest] if rest else [])
            sections.append(Section(hd, current))
            continue
        if current is None or FURNITURE.match(s):
            continue
        if sections and not in_list:
            title = sections[-1].heading.title
            # 000: the card kinds of "Types of Cards" by their opening words
            if any(hd.title == "Affiliations" for hd in unused):
                for opening, name in TYPE_OPENINGS:
                    hd = next((x for x in unused if x.title == name and x.level == 3), None)
                    if hd and s.startswith(opening) and not any(x.title == "Types of Cards" for x in unused):
                        unused.remove(hd)
                        current = []
                        sections.append(Section(hd, current, supplied=True))
                        break
            # the table layout spread, printed in the middle of "Facing dilemmas"
            if title == "Facing Dilemmas" and TABLE_LAYOUT_START.match(s):
                hd = next((x for x in unused if x.title == "Table Layout"), None)
                if hd:
                    unused.remove(hd)
                    current = []
                    sections.append(Section(hd, current))
            elif title == "Table Layout" and len(s.split()) >= 8:
                back = next(x for x in sections if x.heading.title == "Facing Dilemmas")
                current = back.lines
                current.append("")
        current.append(line)
    return sections


def to_markdown(lines: list[str]) -> str:
    out: list[str] = []
    for line in lines:
        s = line.rstrip()
        if s.startswith("- |"):        # a table whose first row was extracted as a list item
            s = s[2:]
        if s.startswith("• "):
            s = "- " + s[2:]
        out.append(s.strip() if not s.startswith("- ") else s)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip("\n")


def table_layout(lines: list[str]) -> str:
    """The labels of the table-layout spread, one per item (a label's lines joined)."""
    blocks: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            blocks[-1].append(line.strip())
        elif blocks[-1]:
            blocks.append([])
    labels = [" ".join(b) for b in blocks if b]
    return "\n".join(f"- {label}" for label in labels)


def split_glossary(lines: list[str]) -> tuple[list[str], list[tuple[str, bool, list[str]]]]:
    intro: list[str] = []
    terms: list[tuple[str, bool, list[str]]] = []
    for line in lines:
        m = GLOSSARY_TERM.match(line.strip())
        if m and len(m.group("term").split()) <= MAX_TERM_WORDS and not re.search(r"[.,;:]", m.group("term")):
            terms.append((m.group("term").strip(), bool(m.group("star")), [m.group("rest")]))
            continue
        (terms[-1][2] if terms else intro).append(line)
    return intro, terms


def parse_cards(lines: list[str], source_id: str) -> tuple[list[tuple[str, str, str]], list[str]]:
    """``[(title, number, rarity)]`` in the order printed, and the lines that are not cards."""
    cards: list[tuple[str, str, str]] = []
    rest: list[str] = []
    pending = ""
    for i, line in enumerate(lines):
        cells = [c.strip() for c in line.split("\t")]
        following = next((x.strip() for x in lines[i + 1:] if x.strip()), "")
        if not any(cells) or all(re.fullmatch(r"-*", c) for c in cells):
            continue
        if source_id == "002":
            title = clean_title(cells[0])
            tail = cells[1] if len(cells) > 1 else ""
            m = re.fullmatch(r"(\d{1,3})\s+([RUCS])", tail)
            if m:
                cards.append((" ".join(f"{pending} {title}".split()), m.group(1), m.group(2)))
                pending = ""
            elif title.endswith(",") or pending or (following[:1].islower() and len(cells) == 1):
                pending = f"{pending} {title}".strip()
            elif len(title.split()) >= 6:
                rest.append(line)
            # else: a card-type heading (displaced in the extraction): not kept as a card
            continue
        # 000: two columns of cells, numbers glued to titles, some numbers lost
        got_any = False
        for cell in cells:
            found = list(CARD.finditer(cell))
            if found:
                for m in found:
                    cards.append((clean_title(m.group("title")), m.group("number"), m.group("rarity")))
                got_any = True
            elif is_title(cell):
                cards.append((clean_title(cell), "", ""))
                got_any = True
        if not got_any and len(line.split()) >= 6 and not re.search(r"[\u0590-\u05ff]", line):
            rest.append(line)
    if source_id == "000":
        cards = join_continuations(cards)
    return cards, rest


def clean_title(text: str) -> str:
    text = re.sub(r"</?i>", "", text)
    text = re.sub(r"\s+,", ",", text)
    return " ".join(text.split())


def is_title(cell: str) -> bool:
    if not cell or not re.match(r"^[A-Z\"'(]", cell) or cell == cell.upper():
        return False
    return bool(re.fullmatch(r"[A-Za-z0-9\"'’!?,:.\- ]+", cell)) and len(cell.split()) <= 8


def join_continuations(cards: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """``The Moon's a Window`` + ``to Heaven 55 R``: a title split over two lines."""
    out: list[tuple[str, str, str]] = []
    for title, number, rarity in cards:
        if title[:1].islower() and out:
            prev = next((i for i in range(len(out) - 1, -1, -1) if not out[i][1]), None)
            if prev is not None:
                out[prev] = (f"{out[prev][0]} {title}", number, rarity)
                continue
        out.append((title, number, rarity))
    return out
