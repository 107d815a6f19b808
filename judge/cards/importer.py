"""``judge import-cards CSV``: the First Edition card list (``physical.csv``, the deck tools' format) into
the project's own card data, ``cards/1e/<set>.jsonl`` — one card a line, every field parsed, sorted by
id, so a re-import shows as a readable diff.

Ids are made here and nowhere else: the slug of the title (``*`` dropped); where several cards share
a title, the slug of the expansion's name as the 2.3.2 rulebook writes it is added
(``worf-first-contact``); the two listings of one dual-affiliation card in the same expansion add the
affiliation listed first (``chakotay-voyager-non-aligned``). The same file always gives the same ids.
Every row is imported or reported with its line and the reason.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import JudgeError
from ..ids import slugify
from .model import ATTRIBUTE_NAMES, CardRecord, Skill

# The expansions, by the card list's release code, named as the 2.3.2 rulebook's Icon Legend names
# them ("Decipher Era"); the rest are named as their cards' own subtitles name them. Reviewed by hand.
SET_NAMES = {
    "premiere": "Premiere", "au": "Alternate Universe", "qc": "Q-Continuum",
    "2pg": "Introductory 2-Player Game", "1anth": "First Anthology", "faj": "Fajo Collection",
    "fc": "First Contact", "Promo": "Premium", "ds9": "Deep Space 9", "dom": "The Dominion",
    "bog": "Blaze of Glory", "roa": "Rules of Acquisition", "twt": "The Trouble with Tribbles",
    "mm": "Mirror, Mirror", "voy": "Voyager", "borg": "The Borg", "ha": "Holodeck Adventures",
    "tmp": "The Motion Pictures", "agt": "All Good Things", "enterprise": "Enterprise Collection",
    "ep": "Enhanced Premiere", "efc": "Enhanced First Contact", "otsd": "Official Tournament Sealed Deck",
    "sdII": "Starter Deck II", "2anth": "Second Anthology", "Ref": "Reflections",
    "awayteam": "Away Team Pack",
    "warppack": "Warp Pack", "armade": "Armada", "TWT": "Tribbles",
    # Second Edition expansions (cards compatible with First Edition play)
    "SE": "Second Edition", "En": "Energize", "CA": "Call to Arms", "NE": "Necessary Evil",
    "R2": "Reflections 2.0", "SW": "Strange New Worlds", "BG": "To Boldly Go", "CL": "Captain's Log",
    "Ge": "Genesis", "IMD": "In A Mirror Darkly", "TV": "These Are The Voyages",
    "WYLB": "What You Leave Behind", "X": "Tenth Anniversary Collection", "AP": "Archive Portrait",
    "DM": "Dangerous Missions", "FT": "Fractured Time",
}
MISSION_TYPES = {"[P]": "planet", "[S]": "space", "[P/S]": "dual", "[S/P]": "dual"}
COLUMNS = ("Name", "Set", "ImageFile", "Release", "Info", "Property", "Uniqueness", "Type",
           "Mission/ Dilemma Type", "Affil", "Class", "Int/Rng", "Cun/Wpn", "Str/Shd", "Points", "Region",
           "Quadrant", "Span", "Icons", "Staff", "Characteristics/ Keywords", "Requires", "Persona",
           "Command", "Lore", "Reports", "Names", "Text")
_BRACKETS = re.compile(r"\[([^\]]+)\]")
_UNIQUE = re.compile(r"\bUnique\b(?!\s+to\b)")


class ImportError_(JudgeError):  # noqa: N801 - "ImportError" is a builtin
    """The card list cannot be read at all (not the per-row problems, which are reported)."""


@dataclass
class ImportReport:
    rows: int = 0
    records: list[CardRecord] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)   # (line, why), rows not imported
    notes: list[tuple[int, str]] = field(default_factory=list)      # imported, with a quirk worth knowing


def _split(value: str, sep: str) -> tuple[str, ...]:
    return tuple(p.strip() for p in value.split(sep) if p.strip())


def _number(value: str) -> int | str | None:
    value = value.strip()
    if not value:
        return None
    return int(value) if re.fullmatch(r"-?\d+", value) else value


def _skills(text: str, classification: str | None) -> tuple[tuple[Skill, ...], str | None]:
    """The leading skill list of a personnel's text, as the card-text reader reads it; the
    classification printed first is not a skill of its own."""
    from ..cardtext import parse

    found = parse(text, "1e", personnel=True).to_json().get("skills") or []
    if found and classification and found[0].get("classification") and \
            found[0]["skill"].upper() == classification.upper():
        found = found[1:]
    return tuple(Skill(s["skill"], int(s.get("levels") or 1)) for s in found), None


def _requirements(text: str) -> str | None:
    """The requirement expression that opens a mission's text, where the card-text reader finds one."""
    from ..cardtext import parse

    result = parse(text, "1e", mission=True).to_json()
    if not result.get("requirements"):
        return None
    ends = [text.find(a["raw"]) for a in result["abilities"] if a.get("raw") and text.find(a["raw"]) > 0]
    ends += [u["start"] for u in result["unparsed"] if u["start"] > 0]
    if result.get("opponent_side_requirements"):  # a dual mission's other side is not this side's
        ends.append(text.lower().find("opponent's side"))
    return text[: min((e for e in ends if e > 0), default=len(text))].strip() or None


_SET_SUFFIX = re.compile(r"\s*\(([^()]+)\)$")
LIST_MARKERS = set(SET_NAMES.values()) | {"Tribble", "Tribbles", "The Borg", "Deep Space Nine", "Enhanced"}


def printed_title(name: str) -> str:
    """The card's title without what the card list adds to tell printings apart: the trailing ``*``
    and a trailing ``(Expansion)`` (``Worf (First Contact)`` is the card Worf of First Contact)."""
    title = name.strip().rstrip("*").strip()
    while (m := _SET_SUFFIX.search(title)) and m.group(1).strip() in LIST_MARKERS and m.start() > 0:
        title = title[: m.start()].rstrip().rstrip("*").strip()
    return title


def record(row: dict[str, str], line: int) -> CardRecord:
    """One row of the card list as a record (without its final id)."""
    get = {k: (row.get(k) or "").strip() for k in COLUMNS}
    title = printed_title(get["Name"])
    ctype = get["Type"]
    kind = ctype.lower()
    attrs: dict[str, int | str] = {}
    names = ATTRIBUTE_NAMES.get(kind)
    if names:
        for name, column in zip(names, ("Int/Rng", "Cun/Wpn", "Str/Shd"), strict=True):
            value = _number(get[column])
            if value is not None:
                attrs[name] = value
    classification = get["Class"] if kind == "personnel" and get["Class"] else None
    ship_class = get["Class"] if kind in ("ship", "facility") and get["Class"] else None
    text = (row.get("Text") or "").strip()
    skills = _skills(text, classification)[0] if kind == "personnel" else ()
    universal = get["Uniqueness"] == "univ"
    unique = (kind in ("personnel", "ship", "facility") and not universal) or bool(_UNIQUE.search(text))
    affiliation = tuple(a.strip("[] ") for a in _split(get["Affil"], "/"))
    return CardRecord(
        id="", title=title, set=SET_NAMES.get(get["Release"], get["Release"]), release=get["Release"],
        type=ctype, unique=unique, universal=universal, affiliation=affiliation,
        classification=classification, ship_class=ship_class,
        icons=tuple(_BRACKETS.findall(get["Icons"])), staffing=tuple(_BRACKETS.findall(get["Staff"])),
        attributes=attrs, skills=skills, characteristics=_split(get["Characteristics/ Keywords"], ";"),
        mission_type=MISSION_TYPES.get(get["Mission/ Dilemma Type"]),
        span=_number(get["Span"]) if isinstance(_number(get["Span"]), int) else None,
        points=get["Points"] or None, quadrant=get["Quadrant"] or None, region=get["Region"] or None,
        requirements=_requirements(text) if kind in ("mission", "q mission") else None,
        lore=get["Lore"], text=text, formats=_split(get["Set"], "_"), info=get["Info"],
        series=get["Property"], image=get["ImageFile"], persona=get["Persona"], commander=get["Command"],
        reports=get["Reports"], names=_split(get["Names"], ";"), requires=_split(get["Requires"], ";"),
        line=line,
    )


def assign_ids(records: list[CardRecord]) -> list[CardRecord]:
    """Give each record its id (see the module's docstring); the order of the input does not matter."""
    from dataclasses import replace

    by_slug: dict[str, list[CardRecord]] = defaultdict(list)
    for r in records:
        by_slug[slugify(r.title)].append(r)
    out = []
    for slug, group in sorted(by_slug.items()):
        if len(group) == 1:
            out.append(replace(group[0], id=f"1e/cards/{slug}"))
            continue
        keys = [f"{slug}-{slugify(r.set)}" for r in group]
        for attempt in (lambda r: slugify(r.affiliation[0] if r.affiliation else r.type),
                        lambda r: slugify(r.image)):
            clash = {k for k in keys if keys.count(k) > 1}
            keys = [f"{k}-{attempt(r)}" if k in clash else k for k, r in zip(keys, group, strict=True)]
        out += [replace(r, id=f"1e/cards/{k}") for k, r in zip(keys, group, strict=True)]
    ids = [r.id for r in out]
    if len(set(ids)) != len(ids):   # pragma: no cover - the image file name is unique per row
        raise ImportError_("two cards would get the same id; the card list has repeated image files")
    return sorted(out, key=lambda r: r.id)


def read_csv(source: Path | str) -> ImportReport:
    path = Path(source)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ImportError_(f"Cannot read {path}: {exc.strerror}.") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportError_(f"{path} is not UTF-8 (byte {exc.start}).") from None
    reader = csv.DictReader(io.StringIO(text, newline=""))
    missing = [c for c in ("Name", "Type", "Release", "Text") if c not in (reader.fieldnames or [])]
    if missing:
        raise ImportError_(f"{path} is not the card-list format: no column {', '.join(missing)}.")
    report = ImportReport()
    records = []
    while True:
        line = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            report.problems.append((line, f"unreadable row ({exc})"))
            continue
        report.rows += 1
        if None in row:
            report.notes.append((line, "more fields than columns; the extra ones are ignored"))
        if not (row.get("Name") or "").strip():
            report.problems.append((line, "no title (Name is empty)"))
            continue
        if not (row.get("Type") or "").strip():
            report.problems.append((line, f"'{row['Name'].strip()}' has no card type"))
            continue
        if (row.get("Release") or "").strip() not in SET_NAMES:
            report.notes.append((line, f"unknown release code '{row.get('Release')}'; its set is named by "
                                       "the code"))
        records.append(record(row, line))
    report.records = assign_ids(records)
    return report


def write(records: list[CardRecord], out: Path) -> list[Path]:
    """Write ``cards/1e/<set>.jsonl`` under ``out`` (the repository root); stale files go."""
    folder = out / "cards" / "1e"
    folder.mkdir(parents=True, exist_ok=True)
    by_release: dict[str, list[CardRecord]] = defaultdict(list)
    for r in records:
        by_release[slugify(r.set)].append(r)
    written = []
    for name, group in sorted(by_release.items()):
        path = folder / f"{name}.jsonl"
        lines = [json.dumps(r.to_row(), ensure_ascii=False) for r in sorted(group, key=lambda r: r.id)]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        written.append(path)
    for stale in set(folder.glob("*.jsonl")) - set(written):
        stale.unlink()
    return written
