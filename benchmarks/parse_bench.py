"""Cards parsed per second over the sample card files, in-process, after the grammar is loaded.

    python benchmarks/parse_bench.py [CARDS.jsonl ...]   (default: ../shared/cards/1e/*.jsonl)

Also times the hostile inputs of the acceptance list; each must parse in well under a second.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.cardtext import load, parse, parse_card  # noqa: E402
from judge.cardtext.report import read_cards  # noqa: E402

HOSTILE = {
    "10,000 characters of 'When '": "When " * 2000,
    "unbalanced braces and brackets": ("{[" * 2500)[:10_000],
    "control characters": "\x00\x01\x1b Destroy an event. " * 400,
    "10,000 characters of real card text": ("Each of your personnel present is STRENGTH +1. " * 250)[:10_000],
    "one 10,000-character sentence": "your " * 2000,
}


def main(argv: list[str]) -> None:
    paths = [Path(p) for p in argv] or sorted((ROOT.parent / "shared" / "cards" / "1e").glob("*.jsonl"))
    cards = read_cards(paths)
    started = time.perf_counter()
    load()
    print(f"grammar load: {time.perf_counter() - started:.3f} s")
    parse_card(cards[0])  # warm the vocabulary tables
    rounds = 5
    started = time.perf_counter()
    for _ in range(rounds):
        for card in cards:
            parse_card(card)
    seconds = time.perf_counter() - started
    n = len(cards) * rounds
    print(f"cards: {len(cards)} x {rounds} rounds = {n} parses in {seconds:.3f} s")
    print(f"throughput: {n / seconds:,.0f} cards/s")
    for name, text in HOSTILE.items():
        started = time.perf_counter()
        result = parse(text)
        took = time.perf_counter() - started
        print(f"hostile: {name:<40} {took * 1000:8.1f} ms  abilities={len(result.abilities)} "
              f"unparsed={len(result.unparsed)}")


if __name__ == "__main__":
    main(sys.argv[1:])
