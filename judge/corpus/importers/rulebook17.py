"""Source 001: the First Edition Rulebook v1.7 (Decipher, August 2000), extracted letter-spaced.

The pipeline: drop the web page's and the printed page's furniture (headers, footers, page
numbers), lift out the figure captions that sit between a page header and its page number,
despace every line (:mod:`.despace`, with the vocabulary of the other four documents), apply the
small table of hand fixes below, recognise the headings by their typography, and re-join the
wrapped lines into paragraphs and list items.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..coverage import coverage
from .despace import despace, learn_spacing
from .vocabulary import Vocabulary
from .wordshare import word_share
from .writer import ImportedDocument, ImportedEntry, SlugMaker, title_case

META = {
    "edition": "1e",
    "document": "rulebook-1.7",
    "title": "First Edition Rulebook, Version 1.7",
    "version": "1.7",
    "date": "2000-08",
    "source": "001_1620ac502a6b4c60.txt (Decipher, First Edition Rulebook v1.7, August 2000)",
    "precedence": 1,
    "kind": "rule",
}

# Residue: what the despacing still gets wrong, fixed by hand. Applied to every despaced line, in
# order, as (wrong, right, why). Keep it small: a fix that recurs belongs in despace.py.
RESIDUE: tuple[tuple[str, str, str], ...] = (
    # The universal icon was extracted as a letter O glued to the next word; it is written ♠ as in
    # the 2.3.2 rulebook's extraction ("♠ Universal Missions May Multiply").
    ("Osymbol", "♠ symbol", "icon glyph glued to the next word"),
    ("O universal", "♠ universal", "icon glyph read as the letter O"),
    # Glued bold words whose halves the vocabulary lacks.
    ("Q-Continuum,Q’sTent", "Q-Continuum, Q’s Tent", "bold card names glued"),
    ("Q-Continuum,Q’s Tent", "Q-Continuum, Q’s Tent", "bold card names glued"),
    ("atemporary", "a temporary", "'temporary' is not in the vocabulary"),
    ("widthwisein", "widthwise in", "bold 'widthwise' glued to 'in'"),
    ("travel(e.g.", "travel (e.g.", "bold 'time travel' glued to the parenthesis"),
    # Unknown words cut at a spurious space into known pieces.
    ("un restricted", "unrestricted", "'unrestricted' is not in the vocabulary"),
    ("un cloaked", "uncloaked", "'uncloaked' is not in the vocabulary"),
    ("intention ally", "intentionally", "'intentionally' is not in the vocabulary"),
    ("attempt ability", "attemptability", "a rules term the vocabulary lacks"),
    ("Battle s (", "Battles (", "heading: the plural s read as a word"),
    ("Cla sification", "Clasification", "figure label (the source's own misspelling)"),
    ("Mission de scription", "Mission description", "figure label: 'de' read as a word"),
    # "a" followed by a capitalised N-word: the space fell after the N (8 places).
    (" aN or", " a Nor", "'Nor' (a station) split as 'N or'"),
    (" aN on-", " a Non-", "'Non-Aligned' split as 'N on-'"),
)


def _squeeze(line: str) -> str:
    return re.sub(r"\s+", "", line)


# The web page the text was saved from (Fandom/Wikia), before and after the rulebook.
_SITE_START = re.compile(r"^FANDOM$")
_SITE_END = re.compile(r"^Adblockerinterferencedetected!")
# The printed page's running header, edition line and page numbers (compared without spaces).
_HEADER = re.compile(r"^StarTrek™CustomizableCardGame™Rulebook$")
_EDITION_LINE = re.compile(r"^Version1\.7–August2000$")
_PAGE = re.compile(r"^«?page\d+$")


@dataclass
class Figure:
    lines: list[str] = field(default_factory=list)


def split_furniture(raw: str) -> tuple[list[str | Figure], int]:
    """The body lines in order, with each figure's captions gathered into one :class:`Figure`.

    Returns the items and the number of furniture lines dropped."""
    items: list[str | Figure] = []
    dropped = 0
    figure: Figure | None = None
    for line in raw.replace("\u00a0", "  ").splitlines():
        sq = _squeeze(line)
        if _SITE_END.match(sq):
            break
        if not sq or _SITE_START.match(sq) or _EDITION_LINE.match(sq):
            dropped += bool(sq)
            continue
        if _HEADER.match(sq):
            dropped += 1
            figure = Figure()
            items.append(figure)
            continue
        if _PAGE.match(sq):
            dropped += 1
            figure = None
            continue
        if figure is not None:
            figure.lines.append(line)
        else:
            items.append(line)
    return [i for i in items if not isinstance(i, Figure) or i.lines], dropped


# --- headings ---------------------------------------------------------------------------------

_NUMBERED = re.compile(r"^(\d+)\.\s+(.*)$")


def heading_rank(line: str, after_break: bool) -> int | None:
    """The typographic rank of a heading line (1 largest), or None for body text.

    1 = large capitals (``THE  AF F IL IA TIONS``); 2 = numbered large capitals (``2. E XE C UTE``,
    the steps of a turn); 3 = spaced small capitals (``S E E D  D E C K``, numbered or not);
    4 = spaced small mixed case (``P e rs o n n e l c a rd s``), only after a finished sentence."""
    text = line.strip()
    if not text or text.startswith("•"):
        return None
    m = _NUMBERED.match(text)
    body = m.group(2) if m else text
    tokens = [t for t in re.split(r"\s+", body) if re.search(r"[A-Za-z]", t)]
    if not tokens or re.search(r"[^A-Za-z\s/(),]", body):
        return None
    if not re.search(r"[a-z]", body):
        small = all(len(t) == 1 or (len(t) == 2 and "I" in t) for t in tokens)
        if small:
            return 3
        return 2 if m else 1
    singles = sum(1 for t in tokens if len(t) == 1) / len(tokens)
    mean = sum(len(t.strip("(),")) for t in tokens) / len(tokens)
    if m is None and after_break and len(tokens) >= 3 and mean <= 2.0 and (singles > 0.6 or mean <= 1.6) \
            and not re.search(r"[.,;]$", text):
        return 4
    return None




def heading_title(clean: str, rank: int) -> tuple[str, str | None]:
    m = _NUMBERED.match(clean)
    number, title = (m.group(1), m.group(2)) if m else (None, clean)
    title = title_case(title) if rank <= 3 else title[:1].upper() + title[1:]
    return title, number


# --- paragraphs -------------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"[.!?:][\"”’)]*$|\)$")
FULL_LINE = 58  # a line this long (despaced characters) ran to the margin: its paragraph goes on


@dataclass
class Block:
    kind: str          # "para", "bullet", "step" (numbered), "figure"
    text: str
    number: str = ""
    nested: bool = False   # a bullet inside a numbered step


@dataclass
class Section:
    rank: int
    title: str
    number: str | None
    blocks: list[Block] = field(default_factory=list)


def join_lines(left: str, right: str, vocab: Vocabulary) -> str:
    """Join a wrapped line to the next; a line-end hyphen stays unless the joined word is a
    vocabulary word and the halves are not (``ship-to-`` + ``ship`` keeps it)."""
    if left.endswith("-") and not left.endswith(" -"):
        head = re.search(r"([A-Za-z]+)-$", left)
        tail = re.match(r"([A-Za-z]+)", right)
        if head and tail and tail.group(1)[0].islower():
            a, b = head.group(1), tail.group(1)
            if vocab.known(a + b) and not (vocab.known(a) and vocab.known(b)):
                return left[:-1] + right
        return left + right
    return f"{left} {right}"


def _ends_paragraph(line: str) -> bool:
    return bool(_SENTENCE_END.search(line)) and len(line) < FULL_LINE


def build_sections(items: list, vocab: Vocabulary, model) -> tuple[list[Section], list[str]]:
    """Sections with their blocks, and the cleaned text line by line (for the measures)."""
    sections = [Section(0, "", None)]
    cleaned: list[str] = []
    open_block: Block | None = None
    in_steps = False
    prev_ended = sentence_done = True
    for item in items:
        if isinstance(item, Figure):
            labels = [fix_residue(despace(line, vocab, model)) for line in item.lines]
            labels = [x for x in labels if re.search(r"[A-Za-z]", x)]
            cleaned.extend(labels)
            text = ""
            for x in labels:
                if text and (x[:1].islower() or text.endswith(("-", "/"))):
                    text = join_lines(text, x, vocab)
                else:
                    text = f"{text} · {x}" if text else x
            sections[-1].blocks.append(Block("figure", text))
            continue
        rank = heading_rank(item, sentence_done)
        clean = fix_residue(despace(item, vocab, model))
        cleaned.append(clean)
        if rank is not None:
            title, number = heading_title(clean, rank)
            sections.append(Section(rank, title, number))
            open_block, in_steps, prev_ended, sentence_done = None, False, True, True
            continue
        step = _NUMBERED.match(clean)
        if clean.startswith("•"):
            open_block = Block("bullet", clean.lstrip("• ").strip(), nested=in_steps)
            sections[-1].blocks.append(open_block)
        elif step and prev_ended:
            open_block = Block("step", step.group(2), number=step.group(1))
            sections[-1].blocks.append(open_block)
            in_steps = True
        elif open_block is not None and not prev_ended:
            open_block.text = join_lines(open_block.text, clean, vocab)
        else:
            if open_block is None or open_block.kind == "para" or not in_steps:
                in_steps = in_steps and open_block is not None and open_block.kind != "para"
            open_block = Block("para", clean, nested=in_steps)
            sections[-1].blocks.append(open_block)
        prev_ended = _ends_paragraph(clean)
        sentence_done = bool(_SENTENCE_END.search(clean))
    return sections, cleaned


def fix_residue(text: str) -> str:
    for wrong, right, _why in RESIDUE:
        text = text.replace(wrong, right)
    return text


def render_blocks(blocks: list[Block]) -> str:
    out: list[str] = []
    previous: Block | None = None
    for b in blocks:
        if b.kind == "figure":
            line = f"*Figure:* {b.text}"
        elif b.kind == "step":
            line = f"{b.number}. {b.text}"
        elif b.kind == "bullet":
            line = ("    - " if b.nested else "- ") + b.text
        else:
            line = ("    " if b.nested else "") + b.text
        listy = b.kind in ("step", "bullet") or b.nested
        if previous is not None:
            tight = listy and previous.kind in ("step", "bullet") and b.kind in ("step", "bullet")
            out.append("\n" if tight else "\n\n")
        out.append(line)
        previous = b
    return "".join(out)


def _rank_levels(sections: list[Section]) -> list[int]:
    """Heading levels: one deeper than the nearest preceding heading of a larger rank."""
    levels = []
    stack: list[int] = []
    for s in sections:
        while stack and stack[-1] >= s.rank:
            stack.pop()
        stack.append(s.rank)
        levels.append(len(stack))
    return levels


def convert(text: str, *, source_id: str, seeds: Path) -> ImportedDocument:
    vocab = Vocabulary.from_seeds(seeds)
    items, dropped = split_furniture(text)
    lines = [x for i in items for x in (i.lines if isinstance(i, Figure) else [i])]
    model = learn_spacing(lines, vocab)
    sections, cleaned = build_sections(items, vocab, model)
    if sections[0].blocks:
        raise ValueError("text before the first heading of the 1.7 rulebook")
    sections = sections[1:]
    slugs = SlugMaker()
    entries: list[ImportedEntry] = []
    parents: list[tuple[int, str]] = []
    for s, level in zip(sections, _rank_levels(sections), strict=True):
        while parents and parents[-1][0] >= level:
            parents.pop()
        slug = slugs.make(s.title, parent=parents[-1][1] if parents else None)
        attrs = {"number": s.number} if s.number else {}
        entries.append(ImportedEntry(level=level, title=s.title, slug=slug, body=render_blocks(s.blocks),
                                     attrs=attrs))
        parents.append((level, slug))
    doc = ImportedDocument(meta=dict(META), entries=entries)
    cleaned_text = "\n".join(cleaned)
    doc.report = measure(text, cleaned_text, doc, vocab, dropped)
    return doc


def measure(raw: str, cleaned_text: str, doc: ImportedDocument, vocab: Vocabulary, dropped: int) -> dict:
    from ..markdown import plain_text

    texts = [e.title + " " + plain_text(e.body) for e in doc.entries]
    cov = coverage(cleaned_text, texts)
    return {
        "entries": len(doc.entries),
        "word_share_raw": round(word_share(raw, vocab), 4),
        "word_share_clean": round(word_share(cleaned_text, vocab), 4),
        # the same, also counting inflections of vocabulary words (customized, pylons, ...)
        "word_share_clean_inflected": round(word_share(cleaned_text, vocab, inflections=True), 4),
        "sentence_coverage": round(cov.share, 4),
        "sentences": cov.total,
        "residue_fixes": len(RESIDUE),
        "furniture_lines_dropped": dropped,
    }
