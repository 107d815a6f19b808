"""Sources 000 and 002, the 2E rulebook (Premiere and Call to Arms printings): importer and output."""

from pathlib import Path

import pytest

from judge.corpus import load_corpus, load_document
from judge.corpus.coverage import coverage
from judge.corpus.importers import render, source_file
from judge.corpus.importers.rulebook2e import convert

from .conftest import SHARED

ROOT = Path(__file__).resolve().parents[1]
FILES = {"000": ROOT / "rules" / "2e" / "rulebook-premiere.md", "002": ROOT / "rules" / "2e" / "rulebook.md"}
SEEDS = SHARED / "seeds"
needs_seeds = pytest.mark.skipif(not (SEEDS / "README.md").is_file(), reason="../shared/seeds absent")


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([ROOT / "rules" / "2e"])


def test_both_printings_load_and_002_supersedes_000_section_by_section(corpus):
    old, new = load_document(FILES["000"]), load_document(FILES["002"])
    assert (old.key, new.key) == ("2e/rulebook-premiere", "2e/rulebook")
    assert old.precedence == 1 and new.precedence == 2
    beaming = corpus.get("2e/rulebook-premiere/beaming")
    assert [str(i) for i in beaming.superseded_by] == ["2e/rulebook/beaming"]
    assert corpus.get("2e/rulebook/beaming").path == ("Playing the Game", "2. Execute Orders")
    # 000 misprints "DESTROY. DISCARD. AND KILL": still the same section
    assert corpus.get("2e/rulebook-premiere/discard-destroy-and-kill").superseded_by
    assert corpus.get("2e/rulebook/card--a-bad-end").supersedes == ()


@pytest.mark.parametrize("sid", ["000", "002"])
def test_ids_unique(sid):
    ids = [str(e.id) for e in load_document(FILES[sid]).entries]
    assert len(ids) == len(set(ids))


@needs_seeds
@pytest.mark.parametrize("sid", ["000", "002"])
def test_coverage_of_the_source_text(sid):
    text = source_file(SEEDS, sid).read_text(encoding="utf-8")
    doc = load_document(FILES[sid])
    cov = coverage(text, [e.title + " " + e.text for e in doc.entries])
    assert cov.share >= 0.98, cov.missing


@needs_seeds
@pytest.mark.parametrize("sid", ["000", "002"])
def test_reimport_reproduces_the_committed_file(sid):
    text = source_file(SEEDS, sid).read_text(encoding="utf-8")
    assert render(convert(text, source_id=sid, seeds=SEEDS)) == FILES[sid].read_text(encoding="utf-8")


def test_glossary_terms_and_starred_rulings(corpus):
    g = corpus.get("2e/rulebook/glossary--ability")
    assert g.kind == "glossary" and g.path == ("Glossary",) and g.title == "ability"
    assert g.text.startswith("Any action in the game text")
    crowd = corpus.get("2e/rulebook/glossary--crowd-control")
    assert crowd.title == "Crowd Control" and crowd.attrs.get("starred") == "true"
    random = corpus.get("2e/rulebook/glossary--nothing-that-happens-is-truly-random")
    assert random.attrs.get("starred") == "true"
    assert "starred" not in corpus.get("2e/rulebook/glossary--stopped").attrs
    assert corpus.get("2e/rulebook-premiere/glossary--ability").kind == "glossary"


def test_card_entries(corpus):
    c = corpus.get("2e/rulebook/card--a-bad-end")
    assert c.kind == "card"
    assert (c.attrs["set"], c.attrs["number"], c.attrs["rarity"]) == ("Call to Arms", "3C1", "common")
    assert c.text == "A Bad End — Call to Arms, 3C1, common."
    w = corpus.get("2e/rulebook/card--weyoun-loyal-subject-of-the-dominion")   # title over two lines
    assert (w.attrs["number"], w.attrs["rarity"]) == ("3R171", "rare")
    m = corpus.get("2e/rulebook-premiere/card--the-moons-a-window-to-heaven")
    assert (m.attrs["set"], m.attrs["number"], m.attrs["rarity"]) == ("Premiere", "1R55", "rare")
    v = corpus.get("2e/rulebook-premiere/card--valdore")
    assert (v.attrs["number"], v.attrs["rarity"]) == ("1R415", "rare")


def test_icon_guide_and_toc_dropped(corpus):
    icons = corpus.get("2e/rulebook/icon-guide")
    assert "Klingon affiliation" in icons.text
    intro = corpus.get("2e/rulebook/introduction")
    assert "TABLE OF CONTENTS" not in intro.text and intro.text.startswith("Welcome to a universe")
