"""Load the card data (``cards/1e/*.jsonl``) with the corpus's discipline: anything malformed fails
with a :class:`~judge.errors.CorpusError` naming the file and line."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..errors import CorpusError
from ..ids import slugify
from .model import CardRecord
from .titles import TitleIndex

_FIELDS = set(CardRecord.__dataclass_fields__)
_REQUIRED = ("id", "title", "set", "release", "type", "unique", "universal", "text")


def cards_dir() -> Path:
    """``cards/`` in a checkout, else the copy installed as package data (judge/_data/cards)."""
    here = Path(__file__).resolve().parent.parent
    checkout = here.parent
    if (checkout / "cards").is_dir() and (checkout / "pyproject.toml").is_file():
        return checkout / "cards"
    return here / "_data" / "cards"


def read_file(path: Path) -> list[CardRecord]:
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except UnicodeDecodeError as exc:
        raise CorpusError(path, None, f"not UTF-8 text ({exc.reason})") from None
    out = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise CorpusError(path, n, f"not a JSON object ({exc.msg} at column {exc.colno})") from None
        if not isinstance(row, dict):
            raise CorpusError(path, n, "each line must be one JSON object (a card)")
        unknown = sorted(set(row) - _FIELDS)
        if unknown:
            raise CorpusError(path, n, f"unknown field(s) {', '.join(unknown)}")
        missing = [k for k in _REQUIRED if k not in row]
        if missing:
            raise CorpusError(path, n, f"the card lacks {', '.join(missing)}")
        if not str(row["id"]).startswith("1e/cards/") or slugify(row["id"][9:]) != row["id"][9:]:
            raise CorpusError(path, n, f"'{row['id']}' is not a card id (1e/cards/<slug>)")
        try:
            out.append(CardRecord.from_row(row))
        except (TypeError, ValueError) as exc:
            raise CorpusError(path, n, f"a field has the wrong shape ({exc})") from None
    return out


class Catalogue:
    """Every card, by id and by title, with the title search people type into."""

    def __init__(self, records: list[CardRecord]) -> None:
        self.records = tuple(sorted(records, key=lambda r: r.id))
        self._by_id = {r.id: r for r in self.records}
        self._by_title: dict[str, list[CardRecord]] = {}
        for r in self.records:
            self._by_title.setdefault(slugify(r.title), []).append(r)
        self.titles = TitleIndex(self.records)

    def __len__(self) -> int:
        return len(self.records)

    def __iter__(self):
        return iter(self.records)

    def get(self, card_id: str) -> CardRecord | None:
        return self._by_id.get(card_id)

    def versions(self, slug: str) -> list[CardRecord]:
        """The cards whose title has this slug (the bare title slug of a repeated title)."""
        return list(self._by_title.get(slug, []))

    def by_title(self, title: str) -> list[CardRecord]:
        return self.versions(slugify(title.rstrip("*").strip()))

    def lookup(self, ref: str) -> list[CardRecord]:
        """A card id (``1e/cards/hagath`` or ``hagath``) or an exact title: every card it names."""
        ref = ref.strip().strip("/")
        key = ref if ref.startswith("1e/cards/") else f"1e/cards/{ref}"
        if key in self._by_id:
            return [self._by_id[key]]
        return self.versions(key.rsplit("/", 1)[-1]) or self.by_title(ref)


def load_cards(folder: Path | str | None = None) -> Catalogue:
    folder = Path(folder) if folder is not None else cards_dir()
    files = sorted((folder / "1e").glob("*.jsonl")) if (folder / "1e").is_dir() else []
    records: list[CardRecord] = []
    seen: dict[str, Path] = {}
    for path in files:
        for r in read_file(path):
            if r.id in seen:
                raise CorpusError(path, r.line or None,
                                  f"duplicate card id '{r.id}' (also in {seen[r.id].name})")
            seen[r.id] = path
            records.append(r)
    return Catalogue(records)


@lru_cache(maxsize=1)
def bundled() -> Catalogue:
    """The bundled card pool, loaded once per process."""
    return load_cards()
