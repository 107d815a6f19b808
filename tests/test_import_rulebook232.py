"""The 1E Rulebook v2.3.2 (source 003) as converted into rules/1e/rulebook.md."""

from pathlib import Path

import pytest

from judge.corpus import load_corpus, load_document
from judge.corpus.coverage import coverage
from judge.corpus.importers import convert, source_file
from judge.corpus.importers.rulebook232 import is_caps_heading, is_sub_heading, title_case
from judge.corpus.importers.writer import render
from judge.corpus.markdown import LINK

from .conftest import SHARED

ROOT = Path(__file__).resolve().parents[1]
MARKDOWN = ROOT / "rules" / "1e" / "rulebook.md"
SEEDS = SHARED / "seeds"
needs_seeds = pytest.mark.skipif(not (SEEDS / "README.md").is_file(), reason="../shared/seeds absent")


@pytest.fixture(scope="module")
def doc():
    return load_document(MARKDOWN)


@pytest.fixture(scope="module")
def by_title(doc):
    return {e.title: e for e in doc.entries}


def test_committed_markdown_loads(doc):
    assert doc.key == "1e/rulebook"
    assert doc.version == "2.3.2"
    assert doc.supersedes == ("1e/rulebook-1.7",)
    assert len(doc.entries) > 300


@needs_seeds
def test_reimport_reproduces_the_committed_file():
    assert render(convert(SEEDS, "003")) == MARKDOWN.read_text(encoding="utf-8")


@needs_seeds
def test_sentence_coverage(doc):
    seed = source_file(SEEDS, "003").read_text(encoding="utf-8")
    share = coverage(seed, [e.title + " " + e.text for e in doc.entries])
    assert share.total > 2000
    assert share.share >= 0.98, share.missing[:10]


@pytest.mark.parametrize(("title", "parent", "label"), [
    ("Exception: Dilemma Seed Limit", "Seed Deck", "Exception"),
    ("Tip: Homeworlds", "Missions", "Tip"),
    ("Borg Rule: Objectives, Not Missions", "Events, Incidents, & Objectives", "Borg Rule"),
    ("Open Format: No Dilemma Seed Limit", "Seed Deck", "Open Format"),
    ("Clarifications: Double-Sided Cards", "The Cards", "Clarifications"),
    ("Reminder: Put Discarded Dilemmas Out-of-Play", "Encountering Dilemmas", "Reminder"),
])
def test_sidebars_are_entries_with_their_label(by_title, title, parent, label):
    entry = by_title[title]
    assert entry.attrs["sidebar"] == label
    assert entry.kind == "rule"
    assert entry.path[-1] == parent


def test_one_paragraph_sidebar_gives_the_text_back_to_its_section(by_title):
    assert by_title["Exception: Dilemma Seed Limit"].text.startswith("No more than two copies")
    assert "exactly 6 missions" not in by_title["Exception: Dilemma Seed Limit"].text
    assert "exactly 6 missions" in by_title["Seed Deck"].text


@pytest.mark.parametrize(("title", "path"), [
    ("Seed Deck", ("Building Your Deck",)),
    ('"Just" Responses', ("The Play Phase",)),
    ("Usable", ("Playing a Card", "Reporting for Duty")),
    ("Beam", ("Executing Orders",)),
    ("Cures", ("Executing Orders", "Attempt a Mission", "Encountering Dilemmas")),
    ("Tactics Damage", ("Executing Orders", "Damage and Repairs", "Damage")),
    ("Stopped", ("Life in Space", "Getting Hurt")),
    ("Set, Add, Multiply (S.A.M.)", ("Miscellaneous Rules",)),
    ("Introduction", ()),
])
def test_sections_sit_under_the_right_parent(by_title, title, path):
    assert by_title[title].path == path


def test_epigraphs_and_dialogue_stay_in_the_body(by_title):
    assert "It's a chess game" in by_title["Dilemma Phase"].text
    assert "–William T. Riker" in by_title["Dilemma Phase"].text
    assert "QUARK: I'll teach you" in by_title["The Cards"].text
    assert not any(t.startswith(("QUARK", "ODO", "\"It's", "–")) for t in by_title)


def test_figure_labels_are_not_sections(by_title):
    assert "Gametext" not in by_title
    assert "Wall of Ships" not in by_title


def test_links_target_existing_entries(doc):
    slugs = {e.id.slug for e in doc.entries}
    links = [m.group(2) for e in doc.entries for m in LINK.finditer(e.markdown)]
    assert len(links) > 30
    cards = {e.id.slug for e in load_corpus().document("1e/cards").entries}
    for target in links:
        assert target.startswith(("/1e/rulebook/", "/1e/cards/")), target
        assert target.rsplit("/", 1)[1] in (slugs if target.startswith("/1e/rulebook/") else cards), target
    assert "](#)" not in MARKDOWN.read_text(encoding="utf-8")


def test_a_known_cross_reference_is_a_link(by_title):
    assert "[Double-Sided Cards](/1e/rulebook/clarifications-double-sided-cards)" in (
        by_title["Clarifications: Built-In Cards (\"Mission II\")"].markdown
    )


@pytest.mark.parametrize(("line", "caps", "sub"), [
    ("THE PLAY PHASE", True, False),
    ('"ANY INTELLIGENCE"', True, False),
    ("When Responses Happen", False, True),
    ('"Just" Responses', False, True),
    ('"It\'s a chess game. Move, counter-move. Guile and deceit."', False, False),
    ("–William T. Riker", False, False),
    ("QUARK: I'll teach you. It's a very simple game.", False, False),
    ("Keep in mind a few things as you begin:", False, False),
    ("-9", False, False),
])
def test_heading_detection(line, caps, sub):
    assert is_caps_heading(line) is caps
    assert is_sub_heading(line) is sub


@pytest.mark.parametrize(("heading", "title"), [
    ("MOVING A SHIP", "Moving a Ship"),
    ("SET, ADD, MULTIPLY (S.A.M.)", "Set, Add, Multiply (S.A.M.)"),
    ('TURNS: "EACH", "EVERY", AND "FULL"', 'Turns: "Each", "Every", and "Full"'),
    ("Q-ICON CARDS", "Q-Icon Cards"),
])
def test_title_case(heading, title):
    assert title_case(heading) == title
