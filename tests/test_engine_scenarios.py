"""Every scenario with an expected answer: the shared worked examples, ours (tests/data/scenarios)
and the held-out set (tests/data/scenarios-holdout, written by another author from the rulebooks and
not looked at while building the engine). Each file is `scenario:` plus `expect:` (verdict, facts,
and optionally `cites` — entries that must be among the citations — and `cite_phrase`)."""

from pathlib import Path

import pytest

from judge.engine import ask
from judge.engine.loading import read_yaml

ROOT = Path(__file__).resolve().parents[1]
SETS = {
    "shared": ROOT.parent / "shared" / "examples" / "scenarios",
    "ours": ROOT / "tests" / "data" / "scenarios",
    "holdout": ROOT / "tests" / "data" / "scenarios-holdout",
}
FILES = [pytest.param(path, id=f"{name}/{path.stem}")
         for name, folder in SETS.items() for path in sorted(folder.glob("*.yaml"))]


def check(answer, expect: dict, corpus) -> list[str]:
    """The differences between an answer and what the file expects (empty: it matches)."""
    problems = []
    if answer.verdict != expect["verdict"]:
        problems.append(f"verdict {answer.verdict!r}, expected {expect['verdict']!r}")
    for key, value in (expect.get("facts") or {}).items():
        if answer.facts.get(key) != value:
            problems.append(f"facts.{key} = {answer.facts.get(key)!r}, expected {value!r}")
    cited = {c.id for c in answer.citations}
    for entry in expect.get("cites") or []:
        if entry not in cited:
            problems.append(f"does not cite {entry} (cites {sorted(cited)})")
    phrase = expect.get("cite_phrase")
    if phrase and not any(phrase.lower() in corpus.get(i).text.lower() for i in cited):
        problems.append(f"no cited entry says '{phrase}'")
    return problems


@pytest.mark.parametrize("path", FILES)
def test_scenario(path, corpus):
    doc = read_yaml(path.read_text())
    answer = ask(doc, corpus)
    assert check(answer, doc["expect"], corpus) == []
    for step in answer.steps:
        assert step.cites, step.text
        for entry in step.cites:
            found = corpus.find(entry)
            assert found is not None and not found.superseded, entry


def test_the_oracle_can_fail(corpus):
    """A wrong expectation is caught: the check is not a formality."""
    doc = read_yaml((SETS["shared"] / "2e-move-galaxy.yaml").read_text())
    answer = ask(doc, corpus)
    assert check(answer, doc["expect"], corpus) == []
    assert check(answer, {**doc["expect"], "verdict": "illegal"}, corpus)
    assert check(answer, {**doc["expect"], "facts": {"range_needed": 6}}, corpus)
    assert check(answer, {**doc["expect"], "cites": ["2e/rulebook/beaming"]}, corpus)
    assert check(answer, {**doc["expect"], "cite_phrase": "no such sentence"}, corpus)


def test_every_rule_cites_entries_in_force(corpus):
    from judge.engine import ALL_RULES

    for rule in ALL_RULES:
        for entry in rule.cites:
            found = corpus.find(entry)
            assert found is not None, entry
            assert not found.superseded, f"{rule.name} cites superseded {entry}"
