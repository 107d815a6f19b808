"""Source 004, the 1E Current Rulings Update (9 April 2002): the importer and its committed output."""

from pathlib import Path

import pytest

from judge.corpus import load_corpus, load_document
from judge.corpus.coverage import coverage
from judge.corpus.importers import render, source_file
from judge.corpus.importers.rulings2002 import TermIndex, convert, instructions, marked_term

from .conftest import SHARED

ROOT = Path(__file__).resolve().parents[1]
COMMITTED = ROOT / "rulings" / "1e" / "rulings-2002-04.md"
SEEDS = SHARED / "seeds"
needs_seeds = pytest.mark.skipif(not (SEEDS / "README.md").is_file(), reason="../shared/seeds absent")

SAMPLE = """\
Section 1: Introduction

Δ An entry preceded by a Delta symbol represents a *change in gameplay* since the last Current Rulings.

Section 2: Rulings

Δ Abandon Ship!

Delete this ruling:
The personnel cannot be rescued or captured by a docked ship.

§ **Dr. McCoy (The Motion Pictures)**

See **Abandon Ship!, homeworld**.

Δ infiltration icons

Several major changes. Replace the entire Glossary and Current Rulings entries with the following:
Your personnel may infiltrate. See **The Nexus**.

§ Nexus, The

• a bullet
"""


@pytest.fixture(scope="module")
def doc():
    return load_document(COMMITTED)


@pytest.fixture(scope="module")
def by_slug(doc):
    return {e.id.slug: e for e in doc.entries}


def test_committed_markdown_loads_alone_and_in_the_corpus(doc):
    assert doc.key == "1e/rulings-2002-04"
    assert doc.effective == "2002-04-15" and doc.precedence == 4
    corpus = load_corpus([ROOT / "rulings"])
    entry = corpus.get("1e/rulings-2002-04/hand-weapon")
    assert entry.path == ("Section 2: Rulings",)
    assert entry.kind == "ruling"
    assert [str(i) for i in corpus.get("1e/rulings-2002-04/caithlin-dar").links] == [
        "1e/rulings-2002-04/release-this-pain", "1e/cards/caithlin-dar"   # the ruling's card
    ]


def test_every_id_is_unique_and_every_ruling_sits_under_a_section(doc):
    ids = [str(e.id) for e in doc.entries]
    assert len(ids) == len(set(ids))
    rulings = [e for e in doc.entries if e.level == 2]
    assert len(rulings) == 68
    assert all(e.kind == "ruling" and len(e.path) == 1 for e in rulings)
    assert [e.title for e in doc.entries if e.level == 1] == ["Section 1: Introduction", "Section 2: Rulings"]


@pytest.mark.parametrize(("slug", "title", "marker", "glossary", "current_ruling", "external"), [
    ("abandon-ship", "Abandon Ship!", "Δ", "delete", None, ("Glossary 1.7: Abandon Ship!",)),
    ("add-distinctiveness", "Add Distinctiveness", "Δ", "replace", "replace",
     ("Glossary 1.7: Add Distinctiveness", "Current Rulings (02/04/02): Add Distinctiveness")),
    ("animal", "ANIMAL", "§", None, None, ()),
    ("automated-security-system", "Automated Security System", "§", "delete", None,
     ("Glossary 1.7: Automated Security System",)),
    ("hand-weapon", "hand weapon", "Δ", "replace", None, ("Glossary 1.7: hand weapon",)),
    ("intruder", "intruder", "Δ", None, "delete", ("Current Rulings (02/04/02): intruder",)),
    ("regions-of-space", "regions of space", "§", "add", None, ()),
    ("helps", "helps", "§", None, None, ()),
])
def test_markers_and_what_a_ruling_does_to_the_glossary(by_slug, slug, title, marker, glossary,
                                                         current_ruling, external):
    e = by_slug[slug]
    assert e.title == title
    assert e.attrs.get("marker") == marker
    assert e.attrs.get("glossary") == glossary
    assert e.attrs.get("current_ruling") == current_ruling
    assert e.supersedes_external == external


def test_instruction_sentences_and_replaced_text_stay_in_the_body(by_slug):
    abandon = by_slug["abandon-ship"]
    assert abandon.markdown == (
        "Delete this ruling:\n\n> The personnel cannot be rescued or captured by a docked ship."
    )
    assert abandon.text.startswith("Delete this ruling:")
    assert abandon.text.endswith("\nThe personnel cannot be rescued or captured by a docked ship.")
    assert by_slug["add-distinctiveness"].text.count("Replace ") == 2
    intro = by_slug["section-1-introduction"].text
    assert "Δ An entry preceded by a Delta symbol" in intro
    assert "§ An entry preceded by a section symbol" in intro


def test_see_references_link_where_the_ruling_exists_and_stay_plain_names_otherwise():
    corpus = load_corpus([ROOT / "rulings"])
    by_slug = {e.id.slug: e for e in corpus.document("1e/rulings-2002-04").entries}
    def rulings(entry):
        return [i.slug for i in entry.links if i.document != "cards"]

    jtk = by_slug["james-t-kirk"]
    assert rulings(jtk) == ["captains-order", "helps"]
    li = by_slug["liseria"]  # "See Son'a ships": the entry is printed "Son's ships"
    assert rulings(li) == ["sons-ships"]
    hw = by_slug["hand-weapon"]   # a bold name that is no ruling here but a card of the pool
    assert rulings(hw) == []
    assert "[Echo Papa 607 Killer Drone](/1e/cards/echo-papa-607-killer-drone)" in hw.markdown
    khan = by_slug["khan"]
    assert rulings(khan) == ["playing-an-affiliation-non-borg"]
    assert "**any**, **does not work with**" in khan.markdown


@needs_seeds
def test_coverage_of_the_source_text(doc):
    text = source_file(SEEDS, "004").read_text(encoding="utf-8")
    cov = coverage(text, [e.title + " " + e.text for e in doc.entries])
    assert cov.share >= 0.98, cov.missing


@needs_seeds
def test_reimport_reproduces_the_committed_file():
    text = source_file(SEEDS, "004").read_text(encoding="utf-8")
    assert render(convert(text, source_id="004", seeds=SEEDS)) == COMMITTED.read_text(encoding="utf-8")


def test_convert_on_a_small_sample():
    imported = convert(SAMPLE, source_id="004", seeds=Path("."))
    got = {e.slug: e for e in imported.entries}
    assert list(got) == [
        "section-1-introduction", "section-2-rulings", "abandon-ship", "dr-mccoy-the-motion-pictures",
        "infiltration-icons", "nexus-the",
    ]
    assert "Δ An entry preceded" in got["section-1-introduction"].body   # the legend is prose
    assert got["abandon-ship"].body.endswith(
        "\n\n> The personnel cannot be rescued or captured by a docked ship."
    )
    assert got["dr-mccoy-the-motion-pictures"].title == "Dr. McCoy (The Motion Pictures)"
    assert got["dr-mccoy-the-motion-pictures"].body == (
        "See [Abandon Ship!](/1e/rulings-2002-04/abandon-ship), **homeworld**."
    )
    assert got["infiltration-icons"].attrs == {
        "marker": "Δ", "glossary": "replace", "current_ruling": "replace",
        "supersedes_external":
            "Glossary 1.7: infiltration icons|Current Rulings (02/04/02): infiltration icons",
    }
    assert "[The Nexus](/1e/rulings-2002-04/nexus-the)" in got["infiltration-icons"].body
    assert got["nexus-the"].body == "- a bullet"
    assert imported.report["cross_references_linked"] == 2
    assert imported.report["plain_names"] == ["homeworld"]


@pytest.mark.parametrize(("line", "expected"), [
    ("Δ hand weapon", ("Δ", "hand weapon")),
    ("§ **U.S.S. Enterprise-B**", ("§", "U.S.S. Enterprise-B")),
    ("§ An entry preceded by a section symbol is a *new or changed entry* since the last Current Rulings.",
     None),
    ("hand weapon", None),
])
def test_marked_term(line, expected):
    assert marked_term(line) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Delete this ruling:", [("delete", ("glossary",))]),
    ("Delete this Current Rulings entry. Intruders may no longer erase holograms.",
     [("delete", ("current_ruling",))]),
    ("Add the Briar Patch Region to the list of existing regions.", [("add", ("glossary",))]),
    ("It may not be doubled, added, shared by the Borg.", []),
])
def test_instructions(text, expected):
    assert [(i.action, i.targets) for i in instructions(text)] == expected


@pytest.mark.parametrize(("term", "slug"), [
    ("skill - negative", "skills-negative"),
    ("skill – first-listed", "skill-first-listed"),
    ("The Genesis Device", "genesis-device-the"),
    ("artifact(s)", "artifact"),
    ("Son'a ships", "sons-ships"),
    ("spaceline", None),
    ("hit", "hit"),
    ("hat", None),   # too short for a typo match
])
def test_term_index(term, slug):
    index = TermIndex({
        "skills - negative": "skills-negative", "skill - first-listed": "skill-first-listed",
        "Genesis Device, The": "genesis-device-the", "artifact": "artifact", "Son's ships": "sons-ships",
        "far end of spaceline": "far-end-of-spaceline", "hit": "hit",
    })
    assert index.find(term) == slug
