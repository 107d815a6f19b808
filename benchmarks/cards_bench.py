"""The card pool's figures (issue 11): importing the card list, loading the data, ``/api/cards?q=``
in-process (p50/p95, against ``/healthz`` through the same test client as the baseline), and the search
index build with the card pool in the corpus.

    python benchmarks/cards_bench.py [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge import create_app  # noqa: E402
from judge.cards.importer import read_csv, write  # noqa: E402
from judge.cards.loader import load_cards  # noqa: E402
from judge.corpus import load_corpus  # noqa: E402
from judge.search import index as ix_files  # noqa: E402

CSV = ROOT.parent / "shared" / "cards" / "1e" / "physical.csv"
QUERIES = ["worf", "worf fc", "uss enterprise", "kivas fajo", "enterprize", "qs tent", "gowrn",
           "borg ship", "assign mission specialists", "hand weapons may report", "seven of nine",
           "jean luc picard", "red alert", "ferengi trading post", "data", "klingon disruptor"]


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def timed(client, url: str, rounds: int) -> list[float]:
    out = []
    for _ in range(rounds):
        start = time.perf_counter()
        response = client.get(url)
        out.append(time.perf_counter() - start)
        assert response.status_code == 200, (url, response.status_code)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if CSV.is_file():
            start = time.perf_counter()
            report = read_csv(CSV)
            write(report.records, Path(tmp))
            took = time.perf_counter() - start
            print(f"import: {len(report.records)} cards in {took:.2f} s (target < 10 s)")
        start = time.perf_counter()
        pool = load_cards()
        print(f"load: {len(pool)} cards in {time.perf_counter() - start:.2f} s")
        corpus = load_corpus()
        start = time.perf_counter()
        info = ix_files.build(corpus, Path(tmp) / "index")
        took = time.perf_counter() - start
        print(f"search index build with the card pool in the corpus: {took:.2f} s (target < 5 s; "
              f"{info.entries} entries indexed, the {len(pool)} cards searched in memory)")
        app = create_app({"INDEX_DIR": str(Path(tmp) / "index"), "PAGE_CACHE_SIZE": 0, "PREWARM_PAGES": False,
                          "LOG_REQUESTS": False})
        client = app.test_client()
        cards, base = [], []
        for q in QUERIES:
            cards += timed(client, f"/api/cards?q={quote(q)}", args.rounds)
            base += timed(client, "/healthz", args.rounds)
        print(f"/api/cards?q= ({len(QUERIES)} queries x {args.rounds}, no page cache): "
              f"p50 {1000 * statistics.median(cards):.2f} ms, p95 {1000 * pct(cards, 95):.2f} ms "
              "(target < 10 ms)")
        print(f"/healthz (baseline, same client): p50 {1000 * statistics.median(base):.2f} ms, "
              f"p95 {1000 * pct(base, 95):.2f} ms; ratio p95 {pct(cards, 95) / pct(base, 95):.1f}x")


if __name__ == "__main__":
    main()
