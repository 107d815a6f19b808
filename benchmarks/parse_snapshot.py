"""Snapshot the card-text parser's output, to prove a refactor changes nothing.

    python benchmarks/parse_snapshot.py write OUT.json    # on the code before the change
    python benchmarks/parse_snapshot.py check OUT.json    # after it: exit 1 on any difference
    python benchmarks/parse_snapshot.py pool tests/data/cardtext_pool.txt   # the test's snapshot

Parses every card of ``../shared/cards/1e/*.jsonl`` (``parse_card``, and ``parse`` both as
personnel and not), every example of ``shared/examples/effects.json`` and of ``tests/data``,
the hostile inputs of ``parse_bench.py`` and ``tests/test_cardtext_hostile.py``, every sentence
of the card texts alone, and deterministic truncations and mutilations of the card texts (so
parse failures and their labels are covered too). Stores ``ParseResult.to_json()`` of each.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.cardtext import parse, parse_card  # noqa: E402
from judge.cardtext.report import read_cards  # noqa: E402

SHARED = ROOT.parent / "shared"
HOSTILE_TESTS = [
    "When " * 2000, "{" * 500 + "Borg Ship" + "}" * 3, "[" * 300 + "Fed", "Nullifies {Borg Ship",
    "((((((((((Cumulative.", ")))) may", "\x00\x01\x02 Destroy an event.\x1b[31m", "", "   ", "Order -",
    "Damage - ", "may may may may", ". . . , , ;;;", "ÆØÅ ☃ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 {} [] ()",
    "Destroy an event. Nullifies {Borg Ship.", "You may glance at it.", "Opponent must fooble.",
    "May wibble here.", "May [Flip] a ship.", "You may \"bring this aboard\".",
    "Destroy an event (cumulative.",
    "(Unique", "Destroy an event).", ")", "Nullify [Fed.", "You may.", "Opponent must",
]


def cases() -> list[tuple[str, str, dict]]:
    """(label, how, args) for every text; ``how`` is ``card`` or ``parse``."""
    from parse_bench import HOSTILE  # type: ignore[import-not-found]

    out: list[tuple[str, str, dict]] = []
    cards = read_cards(sorted((SHARED / "cards" / "1e").glob("*.jsonl")))
    labelled = json.loads((ROOT / "tests" / "data" / "cards_labelled.json").read_text(encoding="utf-8"))
    for n, card in enumerate(cards + labelled):
        out.append((f"card {n} {card.get('name')}", "card", {"card": card}))
        text = str(card.get("text") or "")
        out.append((f"text {n}", "parse", {"text": text}))
        out.append((f"text {n} personnel", "parse", {"text": text, "edition": "1e", "personnel": True}))
        out.append((f"text {n} 2e", "parse", {"text": text, "edition": "2e"}))
        for k, sent in enumerate(text.split(". ")):
            out.append((f"sentence {n}.{k}", "parse", {"text": sent, "edition": "1e"}))
    for path in (SHARED / "examples" / "effects.json", ROOT / "tests" / "data" / "effects.json"):
        for n, ex in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            out.append((f"{path.name} {n}", "parse", {"text": ex["text"], "edition": ex.get("edition")}))
            out.append((f"{path.name} {n} guessed", "parse", {"text": ex["text"]}))
    for n, text in enumerate([*HOSTILE.values(), *HOSTILE_TESTS]):
        out.append((f"hostile {n}", "parse", {"text": text}))
    rng = random.Random(17)
    texts = [str(c.get("text") or "") for c in cards + labelled]
    junk = ["{", "}", "[", "]", "(", ")", ".", ",", " may ", " When ", "\x00", " - ", ":", "  ", "+2", "x2"]
    for n in range(1500):
        text = rng.choice(texts)
        if not text:
            continue
        cut = rng.randrange(len(text) + 1)
        if n % 3 == 0:
            mutated = text[:cut]
        elif n % 3 == 1:
            mutated = text[:cut] + rng.choice(junk) + text[cut:]
        else:
            other = rng.randrange(len(text) + 1)
            a, b = min(cut, other), max(cut, other)
            mutated = text[:a] + text[b:]
        out.append((f"mutated {n}", "parse", {"text": mutated, "personnel": n % 5 == 0}))
    return out


def run() -> dict[str, dict]:
    results = {}
    for label, how, args in cases():
        if how == "card":
            results[label] = parse_card(args["card"]).to_json()
        else:
            results[label] = parse(args["text"], args.get("edition"),
                                   personnel=args.get("personnel", False)).to_json()
    return results


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("write", "check", "pool"):
        print(__doc__)
        return 2
    if argv[0] == "pool":  # one line a card of the bundled pool: tests/test_cardtext_snapshot.py
        from judge.cardtext.report import snapshot_lines

        lines = snapshot_lines(read_cards(sorted((ROOT / "cards" / "1e").glob("*.jsonl"))))
        Path(argv[1]).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {len(lines)} card readings to {argv[1]}")
        return 0
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    results = run()
    path = Path(argv[1])
    if argv[0] == "write":
        path.write_text(json.dumps(results, ensure_ascii=False, indent=1, sort_keys=True), encoding="utf-8")
        print(f"wrote {len(results)} results to {path}")
        return 0
    before = json.loads(path.read_text(encoding="utf-8"))
    # round-trip through JSON so tuples and lists compare alike
    after = json.loads(json.dumps(results, ensure_ascii=False))
    differ = [k for k in sorted(set(before) | set(after)) if before.get(k) != after.get(k)]
    for k in differ[:20]:
        print(f"DIFFERENT: {k}\n  before: {json.dumps(before.get(k))[:400]}\n  after:  "
              f"{json.dumps(after.get(k))[:400]}")
    print(f"compared {len(after)} results: {len(differ)} different")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
