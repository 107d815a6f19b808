"""Importers: convert the source documents (shared/seeds) into the Markdown corpus.

The Markdown under rules/ and rulings/ is the source of truth; these importers are how it was
made, kept so that the conversion can be re-run and reviewed (``judge import --seeds DIR``).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path

from .writer import ImportedDocument, render

# source id -> (module in this package, output path relative to the project root)
SOURCES: dict[str, tuple[str, str]] = {
    "000": ("rulebook2e", "rules/2e/rulebook-premiere.md"),
    "001": ("rulebook17", "rules/1e/rulebook-1.7.md"),
    "002": ("rulebook2e", "rules/2e/rulebook.md"),
    "003": ("rulebook232", "rules/1e/rulebook.md"),
    "004": ("rulings2002", "rulings/1e/rulings-2002-04.md"),
}


def source_file(seeds: Path, source_id: str) -> Path:
    matches = sorted(seeds.glob(f"{source_id}_*.txt"))
    if not matches:
        raise FileNotFoundError(f"no source document {source_id}_*.txt in {seeds}")
    return matches[0]


def convert(seeds: Path, source_id: str) -> ImportedDocument:
    module_name, _ = SOURCES[source_id]
    module = importlib.import_module(f"{__name__}.{module_name}")
    path = source_file(seeds, source_id)
    return module.convert(path.read_text(encoding="utf-8"), source_id=source_id, seeds=seeds)


def import_all(seeds: Path, out: Path, only=None) -> Iterator[tuple[Path, dict]]:
    for source_id, (_, rel) in SOURCES.items():
        if only and source_id not in only:
            continue
        doc = convert(seeds, source_id)
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(render(doc), encoding="utf-8")
        yield target, doc.report
