"""Hostile text made of real card text: a random piece of a random pool card's text, repeated.

    python benchmarks/hostile_probe.py [--size CHARS] [--seed N] [--count N] [CARDS ...]

Each probe takes a card of the pool (default: ``../shared/cards/1e/physical.csv`` beside the
repository, else the bundled ``cards/1e``), a run of one to six of its words, and repeats the run
in place until the text is ``--size`` characters long (default 10,000, what ``/api/parse`` accepts;
50,000 shows a run that grows faster than the text). It reads it as the API does (the card's type,
then the JSON written out) and prints the slowest probes, the largest answers and any exception.
The fifteenth session's probes found three RecursionErrors (a 500 over HTTP) and seven quadratic
runs this way; the fixed list of ``parse_bench.py`` had found none of them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.cardtext import load, parse  # noqa: E402
from judge.cardtext.report import read_cards  # noqa: E402


def probes(cards: list[dict], size: int, seed: int, count: int):
    """(card, the repeated piece, the text) for ``count`` probes."""
    rng = random.Random(seed)
    for _ in range(count):
        card = rng.choice(cards)
        words = str(card["text"]).split()
        i = rng.randrange(1, len(words) - 2)
        k = rng.randrange(1, min(7, len(words) - i))
        piece = " ".join(words[i:i + k]) + " "
        head, tail = " ".join(words[:i]) + " ", " ".join(words[i + k:])
        yield card, piece, head + piece * max(1, (size - len(head) - len(tail)) // len(piece)) + tail


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cards", nargs="*", type=Path)
    ap.add_argument("--size", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=500)
    args = ap.parse_args(argv)
    shared = ROOT.parent / "shared" / "cards" / "1e" / "physical.csv"
    paths = args.cards or ([shared] if shared.exists() else sorted((ROOT / "cards" / "1e").glob("*.jsonl")))
    cards = [c for c in read_cards(paths) if len(str(c.get("text") or "").split()) > 8]
    load()
    found, failures = [], 0
    for card, piece, text in probes(cards, args.size, args.seed, args.count):
        started = time.perf_counter()
        try:
            answer = json.dumps(parse(text, card_type=str(card.get("type") or "")).to_json())
        except Exception as exc:  # noqa: BLE001 - what the probe is for: report it
            failures += 1
            print(f"EXCEPTION {type(exc).__name__}: {card['name']} | {piece!r}")
            continue
        found.append((time.perf_counter() - started, len(answer), card["name"], piece))
    print(f"{len(found) + failures} probes of {args.size:,} characters (seed {args.seed}): "
          f"{failures} exceptions")
    for seconds, size, name, piece in sorted(found, reverse=True)[:8]:
        print(f"  {seconds:6.2f} s  {size / 1e6:6.1f} MB  {name} | {piece!r}")
    print("largest answers:")
    for seconds, size, name, piece in sorted(found, key=lambda f: -f[1])[:4]:
        print(f"  {seconds:6.2f} s  {size / 1e6:6.1f} MB  {name} | {piece!r}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
