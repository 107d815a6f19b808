"""Load test: start `judge serve` as a user would, send concurrent requests of each kind, and measure
each against /healthz on the same server at the same concurrency, in one run (in rounds: every
kind runs once per round, so a busy neighbour on the machine slows every kind alike).

    python benchmarks/load.py [--clients 8] [--requests 2000] [--workers N --threads N]
                              [--url http://host:port]   # an already running server instead

Kinds: healthz (the floor), search (/api/search over the evaluation questions), entry (entry
pages), card (card pages, when /api/cards exists), ask (POST /api/ask with the bundled templates,
when it exists). A kind whose route answers 404 is skipped with a note. Each client keeps one
connection open (as a browser does). Prints throughput, p50/p95 and the ratio of each kind's
throughput to /healthz's; exits 1 when any request failed.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """One keep-alive HTTP/1.1 connection; reconnects when the server closes it."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict | None = None) -> tuple[int, bytes]:
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
            try:
                self.conn.request(method, path, body=body, headers=headers or {})
                res = self.conn.getresponse()
                data = res.read()
                if res.getheader("Connection", "").lower() == "close":
                    self.conn.close()
                    self.conn = None
                return res.status, data
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def run_kind(host: str, port: int, requests: list[tuple], clients: int) -> dict:
    """Send ``requests`` (method, path, body, headers) over ``clients`` connections at once."""
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    cursor = iter(range(len(requests)))

    def worker() -> None:
        client = Client(host, port)
        mine, bad = [], []
        while True:
            with lock:
                n = next(cursor, None)
            if n is None:
                break
            method, path, body, headers = requests[n]
            t = time.perf_counter()
            try:
                status, _ = client.request(method, path, body, headers)
                if status >= 400:
                    bad.append(f"{status} {method} {path[:80]}")
            except Exception as exc:  # noqa: BLE001 - counted and reported
                bad.append(f"{type(exc).__name__} {method} {path[:80]}")
            mine.append(time.perf_counter() - t)
        with lock:
            latencies.extend(mine)
            errors.extend(bad)

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    return {"latencies": latencies, "errors": errors, "seconds": elapsed}


def merge(parts: list[dict]) -> dict:
    """One kind's rounds as one figure: requests over the summed time, percentiles over all."""
    latencies = sorted(x for p in parts for x in p["latencies"])
    errors = [e for p in parts for e in p["errors"]]
    seconds = sum(p["seconds"] for p in parts)
    return {
        "requests": len(latencies), "errors": len(errors), "error_samples": errors[:5],
        "seconds": round(seconds, 3), "throughput": round(len(latencies) / seconds, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p95_ms": round(latencies[max(0, int(len(latencies) * 0.95) - 1)] * 1000, 2),
    }


def get_json(host: str, port: int, path: str):
    status, data = Client(host, port).request("GET", path)
    return status, (json.loads(data) if status == 200 else None)


def workloads(host: str, port: int, n: int, rng: random.Random) -> tuple[dict[str, list], list[str]]:
    """The requests of each kind, and notes on the kinds skipped."""
    notes: list[str] = []
    kinds: dict[str, list] = {"healthz": [("GET", "/healthz", None, {})] * n}

    questions = json.loads((ROOT / "tests" / "data" / "search_eval.json").read_text(encoding="utf-8"))
    searches = []
    for q in questions:
        params = {"q": q["q"]} | ({"edition": q["edition"]} if q.get("edition") else {})
        searches.append(("GET", "/api/search?" + urllib.parse.urlencode(params), None, {}))
    kinds["search"] = [rng.choice(searches) for _ in range(n)]

    _, docs = get_json(host, port, "/api/documents")
    ids = []
    for d in docs["documents"]:
        if (d["edition"], d["document"]) == ("1e", "cards"):
            continue   # the card pool's pages are the 'card' kind
        _, listing = get_json(host, port, f"/api/entries?edition={d['edition']}&document={d['document']}")
        ids += [e["id"] for e in listing["entries"]]
    kinds["entry"] = [("GET", "/" + rng.choice(ids), None, {}) for _ in range(n)]

    status, cards = get_json(host, port, "/api/cards?q=enterprise&limit=50")
    if status == 404 or not cards:
        notes.append("card: skipped (this server has no /api/cards)")
    else:
        _, more = get_json(host, port, "/api/cards?q=a&limit=50")
        card_ids = [c["id"] for c in cards["results"] + (more or {"results": []})["results"]]
        if card_ids:
            kinds["card"] = [("GET", "/" + rng.choice(card_ids), None, {}) for _ in range(n)]
        else:
            notes.append("card: skipped (no cards found)")

    templates = sorted((ROOT / "judge" / "engine" / "templates").glob("*.yaml"))
    status, _ = Client(host, port).request("POST", "/api/ask", b"{}", {"Content-Type": "application/json"})
    if status == 404 or not templates:
        notes.append("ask: skipped (this server has no /api/ask)")
    else:
        bodies = [t.read_bytes() for t in templates]
        kinds["ask"] = [("POST", "/api/ask", rng.choice(bodies), {"Content-Type": "application/yaml"})
                        for _ in range(n)]
    return kinds, notes


def start_server(workers: int | None, threads: int | None) -> tuple[subprocess.Popen, int]:
    port = free_port()
    cmd = [sys.executable, "-m", "judge.cli", "serve", "--port", str(port)]
    if workers:
        cmd += ["--workers", str(workers)]
    if threads:
        cmd += ["--threads", str(threads)]
    log = open(os.devnull, "w")  # noqa: SIM115 - one line per request; the benchmark reads none of it
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=log)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if Client("127.0.0.1", port).request("GET", "/healthz")[0] == 200:
                return proc, port
        except OSError:
            time.sleep(0.2)
        if proc.poll() is not None:
            sys.exit(f"the server exited with status {proc.returncode}")
    proc.kill()
    sys.exit("the server did not answer /healthz within 120 s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--requests", type=int, default=2000, help="per kind")
    ap.add_argument("--workers", type=int)
    ap.add_argument("--threads", type=int)
    ap.add_argument("--url", help="an already running server, e.g. http://127.0.0.1:5000")
    ap.add_argument("--warm", type=int, default=500, help="requests of each kind before measuring")
    ap.add_argument("--rounds", type=int, default=4, help="every kind runs once per round")
    ap.add_argument("--only", nargs="*", help="kinds to run (healthz always runs)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = ap.parse_args()

    proc = None
    if args.url:
        u = urllib.parse.urlsplit(args.url)
        host, port = u.hostname or "127.0.0.1", u.port or 80
    else:
        proc, port = start_server(args.workers, args.threads)
        host = "127.0.0.1"
    try:
        kinds, notes = workloads(host, port, args.requests, random.Random(13))
        if args.only:
            kinds = {k: v for k, v in kinds.items() if k == "healthz" or k in args.only}
        # warm the workers (their first requests open the index and fill the caches: the steady state
        # of a server that has answered for a few minutes), then measure in rounds, every kind once
        # per round, so a noisy neighbour on the machine weighs on all kinds alike. For the figures
        # of a server with no cache at all: JUDGE_PAGE_CACHE_SIZE=0 python benchmarks/load.py
        for reqs in kinds.values():
            run_kind(host, port, reqs[:args.warm], args.clients)
        parts: dict[str, list[dict]] = {name: [] for name in kinds}
        size = -(-args.requests // args.rounds)
        for r in range(args.rounds):
            for name, reqs in kinds.items():
                parts[name].append(run_kind(host, port, reqs[r * size:(r + 1) * size], args.clients))
        results = {name: merge(p) for name, p in parts.items()}
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=30)

    floor = results["healthz"]["throughput"]
    print(f"{args.clients} concurrent clients, {args.requests} requests per kind"
          + (f", server started with workers={args.workers} threads={args.threads}" if not args.url else ""))
    print(f"{'kind':<18}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'errors':>8}{'ratio':>8}")
    for name, r in results.items():
        ratio = r["throughput"] / floor if floor else 0.0
        r["ratio"] = round(ratio, 3)
        print(f"{name:<18}{r['throughput']:>9.1f}{r['p50_ms']:>9.2f}{r['p95_ms']:>9.2f}{r['errors']:>8}"
              f"{ratio:>8.2f}")
        for sample in r["error_samples"]:
            print(f"    {sample}")
    for note in notes:
        print(f"note: {note}")
    if args.json:
        print(json.dumps({"clients": args.clients, "floor": floor, "results": results, "notes": notes}))
    return 1 if any(r["errors"] for r in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
