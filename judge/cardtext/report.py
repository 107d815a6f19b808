"""The coverage report over card files (``judge parse --file CARDS.jsonl --report``)."""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from ..errors import BadRequest
from . import parse_card

# Card types the issue counts as "non-personnel" for its coverage target.
NON_PERSONNEL = ("Event", "Interrupt", "Dilemma", "Equipment", "Incident", "Objective", "Doorway")


def read_cards(paths: Iterable[Path]) -> list[dict]:
    """Cards from JSON-lines files (``cards/1e/*.jsonl``) or card-list CSVs (``physical.csv``, read as
    ``judge import-cards`` reads it), each a dict with at least ``name``, ``type`` and ``text``."""
    cards = []
    for path in paths:
        if Path(path).suffix.lower() == ".csv":
            cards += _read_csv(Path(path))
            continue
        for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                card = json.loads(line)
            except json.JSONDecodeError as exc:
                raise BadRequest(f"{path}:{n}: not a JSON object ({exc.msg})") from None
            if not isinstance(card, dict) or "text" not in card:
                raise BadRequest(f"{path}:{n}: each line needs at least 'name' and 'text'")
            cards.append(card)
    return cards


def _read_csv(path: Path) -> list[dict]:
    from ..cards.importer import ImportError_, read_csv

    try:
        report = read_csv(path)
    except ImportError_ as exc:
        raise BadRequest(str(exc)) from None
    return [{**r.to_row(), "name": r.title} for r in report.records]


def card_types(printed: object) -> list[str]:
    """The card types a card is of: one, or each of a card printed with two ("Interrupt/Event",
    Dixon Hill's Business Card, is an interrupt and an event: it plays as either), so the report
    counts it under each type it is of."""
    kind = str(printed or "unknown")
    return [t.strip() for t in kind.split("/")] if "/" in kind else [kind]


def coverage(cards: list[dict], top: int = 15, top_by_type: int = 5) -> dict:
    started = time.perf_counter()
    results = [(card, parse_card(card)) for card in cards]
    seconds = time.perf_counter() - started
    phrases: Counter[str] = Counter()
    type_phrases: dict[str, Counter[str]] = {}
    by_type: dict[str, list[int]] = {}
    two_types: dict[str, list[int]] = {}  # as printed: "Interrupt/Event", shown apart as well
    for card, result in results:
        kinds = card_types(card.get("type"))
        if len(kinds) > 1:
            row = two_types.setdefault(str(card.get("type")), [0, 0])
            row[0] += 1
            row[1] += result.fully_parsed
        for kind in kinds:
            row = by_type.setdefault(kind, [0, 0])
            row[0] += 1
            row[1] += result.fully_parsed
        for span in result.unparsed:
            phrase = " ".join(span.text.split()[:6])
            phrases[phrase] += 1
            for kind in kinds:
                type_phrases.setdefault(kind, Counter())[phrase] += 1
    n = len(results)
    k = sum(r.fully_parsed for _, r in results)
    non = [result.fully_parsed for card, result in results  # (each card once, whatever its types)
           if any(t in NON_PERSONNEL for t in card_types(card.get("type")))]
    non_n, non_k = len(non), sum(non)
    return {
        "cards": n,
        "fully_parsed": k,
        "share": round(k / n, 4) if n else 0.0,
        "seconds": round(seconds, 4),
        "by_type": {t: {"cards": c, "fully_parsed": f, "share": round(f / c, 4),
                        "top_unparsed": [{"text": p, "count": n}
                                         for p, n in type_phrases.get(t, Counter()).most_common(top_by_type)]}
                    for t, (c, f) in sorted(by_type.items())},
        "two_types": {t: {"cards": c, "fully_parsed": f, "share": round(f / c, 4)}
                      for t, (c, f) in sorted(two_types.items())},
        "non_personnel": {"cards": non_n, "fully_parsed": non_k,
                          "share": round(non_k / non_n, 4) if non_n else 0.0},
        "top_unparsed": [{"text": p, "count": c} for p, c in phrases.most_common(top)],
    }


def snapshot_lines(cards: list[dict]) -> list[str]:
    """One line per card of what the reader makes of it, for the snapshot test
    (tests/data/cardtext_pool.txt): id, whether fully parsed, each ability's kind and verbs, and a
    digest of the whole reading, so any change shows, and the line says roughly what changed."""
    lines = []
    for card in cards:
        result = parse_card(card)
        data = result.to_json()
        shape = "; ".join(f"{a['kind']}:{','.join(e['verb'] for e in a['effects'])}"
                          for a in data["abilities"])
        digest = hashlib.sha1(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:10]
        lines.append(f"{card.get('id') or card.get('name')}\t{'ok' if result.fully_parsed else 'PART'}\t"
                     f"{shape}\t{digest}")
    return sorted(lines)
