"""The reading of every card of the pool, against a stored snapshot (tests/data/cardtext_pool.txt).

A change to the reader that changes any card's reading fails here and shows which cards and how,
so no change lands unseen. When the change is meant, write the snapshot anew and commit it with the
change, the diff of the file showing what moved:

    python benchmarks/parse_snapshot.py pool tests/data/cardtext_pool.txt
"""

from pathlib import Path

from judge.cardtext.report import read_cards, snapshot_lines

HERE = Path(__file__).parent
SNAPSHOT = HERE / "data" / "cardtext_pool.txt"
POOL = sorted((HERE.parent / "cards" / "1e").glob("*.jsonl"))


def test_the_pool_reads_as_the_snapshot_says():
    now = snapshot_lines(read_cards(POOL))
    before = SNAPSHOT.read_text(encoding="utf-8").splitlines()
    assert len(now) >= 3000
    gone = sorted(set(before) - set(now))
    new = sorted(set(now) - set(before))
    assert not gone and not new, (
        f"{len(new)} card readings changed; if meant, rewrite {SNAPSHOT.name} (see this file's doc).\n"
        + "\n".join(f"- {a}\n+ {b}" for a, b in zip(gone[:8], new[:8], strict=False)))


def test_the_snapshot_test_can_fail(monkeypatch):
    from judge.cardtext import clauses

    monkeypatch.setattr(clauses, "PLACEMENT_VERBS", {"play"})  # 'Seeds on …' no longer a placement
    before = set(SNAPSHOT.read_text(encoding="utf-8").splitlines())
    assert set(snapshot_lines(read_cards(POOL[:10]))) - before
