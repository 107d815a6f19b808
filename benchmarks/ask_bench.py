"""How fast the judge answers: scenarios answered per second in-process and the p95 time of one
answer (target < 10 ms), over every scenario file we have (the shared examples, tests/data/scenarios
and the page templates).

The baseline run alongside is reading and validating the same documents without answering them
(``judge.engine.load``), so the ratio says what the rules themselves cost. "cold" is each scenario's
first answer in a fresh process state (card texts not yet read by the card-text reader); "warm" is
the steady state a server sees.

    python benchmarks/ask_bench.py [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.corpus import load_corpus  # noqa: E402
from judge.engine import ask, load  # noqa: E402
from judge.engine.effects import _read  # noqa: E402
from judge.engine.loading import read_yaml  # noqa: E402
from judge.engine.missions import _requirements  # noqa: E402
from judge.engine.playing import _kinds  # noqa: E402


def documents() -> list[tuple[str, object]]:
    folders = [ROOT.parent / "shared" / "examples" / "scenarios", ROOT / "tests" / "data" / "scenarios",
               ROOT / "tests" / "data" / "scenarios-holdout", ROOT / "judge" / "engine" / "templates"]
    docs = []
    for folder in folders:
        for path in sorted(folder.glob("*.yaml")):
            docs.append((path.name, read_yaml(path.read_text())))
    return docs


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    corpus = load_corpus()
    docs = documents()
    answerable = []
    for name, doc in docs:
        try:
            ask(doc, corpus)
            answerable.append((name, doc))
        except Exception as exc:  # a scenario that is an error case is not timed
            print(f"skipped {name}: {exc}", file=sys.stderr)

    _read.cache_clear()
    _requirements.cache_clear()
    _kinds.cache_clear()
    cold = []
    for _, doc in answerable:
        start = time.perf_counter()
        ask(doc, corpus)
        cold.append(time.perf_counter() - start)

    warm, base = [], []
    for _ in range(args.rounds):
        for _, doc in answerable:
            start = time.perf_counter()
            load(doc)
            mid = time.perf_counter()
            ask(doc, corpus)
            end = time.perf_counter()
            base.append(mid - start)
            warm.append(end - mid)

    total = sum(warm)
    print(f"scenarios: {len(answerable)} ({len(docs) - len(answerable)} error cases skipped), rounds: "
          f"{args.rounds}")
    print(f"cold (card text not yet read): p50 {1000 * statistics.median(cold):.2f} ms, "
          f"p95 {1000 * pct(cold, 95):.2f} ms, max {1000 * max(cold):.2f} ms")
    print(f"warm: {len(warm) / total:,.0f} answers/s, p50 {1000 * statistics.median(warm):.3f} ms, "
          f"p95 {1000 * pct(warm, 95):.3f} ms, max {1000 * max(warm):.3f} ms")
    print(f"baseline (load and validate only): p50 {1000 * statistics.median(base):.3f} ms, "
          f"p95 {1000 * pct(base, 95):.3f} ms")
    print(f"ratio answer/validate: p50 {statistics.median(warm) / statistics.median(base):.1f}x, "
          f"p95 {pct(warm, 95) / pct(base, 95):.1f}x")
    print(f"target p95 < 10 ms: {'met' if pct(warm, 95) < 0.010 and pct(cold, 95) < 0.010 else 'NOT met'}")


if __name__ == "__main__":
    main()
