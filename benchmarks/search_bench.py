"""Search benchmark: index build time, quality on the evaluation sets, and latency against SQLite FTS5.

    python benchmarks/search_bench.py [--searches 1000]

Latency: 1,000 in-process searches over a fixed query list (the evaluation questions, in order,
cycled), each returning the top 10 with snippets, timed one by one, after one warming pass over
the list (whose cold timings, first use of each term's postings, are printed too). The baseline runs the same
queries against SQLite FTS5 over the same entries (title, heading path, body; porter tokenizer;
bm25() with the same field weights; the query's words OR-ed, as FTS5's default AND would find
nothing for most spoken questions; snippet() for the snippets).
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.corpus import load_corpus  # noqa: E402
from judge.search import SearchIndex  # noqa: E402
from judge.search.analysis import STOP_WORDS, words  # noqa: E402
from judge.search.schema import PATH_BOOST, TITLE_BOOST  # noqa: E402

EVAL_SETS = {"own": ROOT / "tests" / "data" / "search_eval.json",
             "fresh": ROOT / "tests" / "data" / "search_fresh.json",
             "examples": ROOT.parent / "shared" / "examples" / "search.json"}


def normalize(text: str) -> str:
    return " ".join(re.sub(r"['\u2019\"\u201c\u201d*_]", "", text.lower()).split())


class Fts5:
    def __init__(self, corpus) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE e USING fts5(id UNINDEXED, edition UNINDEXED, "
                        "title, path, body, tokenize='porter unicode61')")
        self.db.executemany("INSERT INTO e VALUES (?,?,?,?,?)", [
            (str(x.id), x.id.edition, x.title, " › ".join(x.path), x.text) for x in corpus.entries])

    def search(self, q: str, edition: str | None, limit: int = 10) -> list[tuple[str, str, str]]:
        terms = [w for w in words(q) if w not in STOP_WORDS][:32]
        if not terms:
            return []
        match = " OR ".join('"' + w.replace('"', "") + '"' for w in terms)
        sql = (f"SELECT id, title || ' ' || body, snippet(e, 4, '<mark>', '</mark>', '…', 30) FROM e "
               f"WHERE e MATCH ? {'AND edition = ?' if edition else ''} "
               f"ORDER BY bm25(e, 0, 0, {TITLE_BOOST}, {PATH_BOOST}, 1.0) LIMIT ?")
        args = [match, edition, limit] if edition else [match, limit]
        return self.db.execute(sql, args).fetchall()


def quality(questions, ranked) -> tuple[float, float]:
    hits5, rr = 0, 0.0
    for q in questions:
        texts = ranked(q)
        want = normalize(q["expect"])
        rank = next((n for n, t in enumerate(texts, 1) if want in normalize(t)), None)
        hits5 += bool(rank and rank <= 5)
        rr += 1 / rank if rank else 0.0
    return hits5 / len(questions), rr / len(questions)


def timed(fn, queries, n: int) -> list[float]:
    out = []
    for i in range(n):
        q = queries[i % len(queries)]
        t = time.perf_counter()
        fn(q)
        out.append((time.perf_counter() - t) * 1000)
    return out


def pct(xs: list[float], p: float) -> float:
    return statistics.quantiles(xs, n=100, method="inclusive")[int(p) - 1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--searches", type=int, default=1000)
    args = ap.parse_args()

    corpus = load_corpus()
    print(f"corpus: {len(corpus)} entries in {len(corpus.documents)} documents")
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        index = SearchIndex.open(corpus, Path(tmp), rebuild=True)
        print(f"index build: {time.perf_counter() - t:.2f} s (whoosh, incl. vocabulary)")
        t = time.perf_counter()
        fts = Fts5(corpus)
        print(f"fts5 build:  {time.perf_counter() - t:.2f} s")

        docs = {d.document for d in corpus.documents}
        sets = {k: [q for q in json.loads(p.read_text()) if q.get("document", next(iter(docs))) in docs]
                for k, p in EVAL_SETS.items() if p.is_file()}
        queries = [(q["q"], q.get("edition")) for qs in sets.values() for q in qs]
        cold = timed(lambda qe: index.search(qe[0], edition=qe[1]), queries, len(queries))
        for name, qs in sets.items():
            r5, mrr = quality(qs, lambda q: [h.title + " " + h.text for h in index.search(
                q["q"], edition=q.get("edition"), document=q.get("document"), limit=10).hits])
            f5, fmrr = quality(qs, lambda q: [r[1] for r in fts.search(q["q"], q.get("edition"))])
            print(f"{name:9s} ({len(qs)} q): whoosh recall@5 {r5:.3f} MRR@10 {mrr:.3f} | "
                  f"fts5 recall@5 {f5:.3f} MRR@10 {fmrr:.3f}")

        # Warm both: each query once (a term's postings are read on its first use, the spelling
        # table is built on the first typo). The first, cold pass (just after opening) is reported too.
        for q, e in queries:
            fts.search(q, e)
        w = timed(lambda qe: index.search(qe[0], edition=qe[1]), queries, args.searches)
        f = timed(lambda qe: fts.search(qe[0], qe[1]), queries, args.searches)
        print(f"latency over {args.searches} searches ({len(queries)} distinct queries, "
              "top 10 with snippets):")
        print(f"  whoosh p50 {pct(w, 50):.2f} ms  p95 {pct(w, 95):.2f} ms")
        print(f"  fts5   p50 {pct(f, 50):.2f} ms  p95 {pct(f, 95):.2f} ms")
        print(f"  ratio  p50 {pct(w, 50) / pct(f, 50):.1f}x  p95 {pct(w, 95) / pct(f, 95):.1f}x")
        print(f"  whoosh cold first pass ({len(queries)} queries, fresh process): "
              f"p50 {pct(cold, 50):.2f} ms  p95 {pct(cold, 95):.2f} ms  max {max(cold):.2f} ms")
        index.close()


if __name__ == "__main__":
    main()
