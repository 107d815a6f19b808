"""The 1.7 rulebook (source 001): despaced, structured, and reproducible from the seed."""

from pathlib import Path

import pytest

from judge.corpus import load_document
from judge.corpus.importers.despace import SpacingModel, despace, segment
from judge.corpus.importers.rulebook17 import heading_rank, split_furniture
from judge.corpus.importers.vocabulary import Vocabulary
from judge.corpus.importers.wordshare import word_share
from judge.corpus.importers.writer import render

from .conftest import SHARED

ROOT = Path(__file__).resolve().parents[1]
MARKDOWN = ROOT / "rules" / "1e" / "rulebook-1.7.md"
SEEDS = SHARED / "seeds"
needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason="shared/seeds is not beside the project")


@pytest.fixture(scope="module")
def document():
    return load_document(MARKDOWN)


@pytest.fixture(scope="module")
def converted():
    from judge.corpus.importers import convert

    return convert(SEEDS, "001")


def test_committed_markdown_loads(document):
    assert document.key == "1e/rulebook-1.7"
    assert len(document.entries) > 30
    assert {e.level for e in document.entries} == {1, 2, 3, 4}


@needs_seeds
def test_conversion_reproduces_the_committed_file(converted):
    assert render(converted) == MARKDOWN.read_text(encoding="utf-8")


@needs_seeds
def test_word_share_and_coverage(converted):
    report = converted.report
    assert report["word_share_raw"] < 0.7
    assert report["word_share_clean"] >= 0.985
    assert report["word_share_clean_inflected"] >= 0.99
    assert report["sentence_coverage"] >= 0.98


@pytest.mark.parametrize("sentence", [
    "Normally, cards from different affiliations cannot work together (are not compatible), "
    "with one exception",
    "Each spaceline represents a different quadrant of the galaxy.",
    "Shuffle your draw deck and place it face down on the table.",
    "There is no limit on the number of actions you can take in one turn.",
    "Interrupts are virtually unrestricted.",
    "If the STRENGTH of the Away Team added together is greater than 40, the Away Team overcomes "
    "the dilemma",
    "Side decks are optional customized decks of cards separate from, and in addition to, your "
    "normal game deck.",
])
def test_sentences_read_exactly(document, sentence):
    assert any(sentence in e.text for e in document.entries), sentence


@pytest.mark.parametrize("furniture", [
    "Rulebook Version 1.7", "August 2000 page", "page 10", "page 3", "FANDOM", "Wikia", "Ad blocker",
])
def test_no_page_furniture(document, furniture):
    assert not any(furniture in e.text for e in document.entries)


def test_headings_have_their_hierarchy(document):
    by_title = {e.title: e for e in document.entries}
    assert by_title["The Affiliations"].level == 1
    assert by_title["Seed Deck"].path == ("Customizing a Deck",)
    assert by_title["Beaming"].path == ("The Play Phase", "Execute Orders", "Moving Personnel and Equipment")
    assert by_title["Doorway Phase"].attrs.get("number") == "1"


VOCAB = Vocabulary.from_texts([
    "the common card game is a game of cards; we recommend the quadrant of the galaxy "
    "only if you have a deck common common cards cards the the of of",
])


@pytest.mark.parametrize("spaced, clean", [
    ("c om m on", "common"),
    ("T he c ard gam e", "The card game"),
    ("quadrantof the galaxy", "quadrant of the galaxy"),
    ("onlyif you have a dec k", "only if you have a deck"),
    ("C ARDS", "CARDS"),
])
def test_segment_reads_spaced_runs(spaced, clean):
    assert segment(spaced, VOCAB) == clean


def test_despace_keeps_real_breaks_and_tidies_punctuation():
    assert despace("c ards\u00a0 ( c om m on ) , gam e .", VOCAB) == "cards (common), game."
    assert despace("s hip-to-s hip", VOCAB) == "ship-to-ship"


def test_spacing_model_breaks_unknown_words_at_likely_breaks():
    model = SpacingModel(breaks={("e", "x"): 50}, joins={("c", "o"): 50})
    assert model.break_rate(("e", "x")) > 0.9
    assert model.break_rate(("c", "o")) < 0.1


def test_word_share_counts_vocabulary_tokens():
    assert word_share("the card", VOCAB) == 1.0
    assert word_share("the c ard", VOCAB) == pytest.approx(1 / 3)


@pytest.mark.parametrize("line, rank", [
    ("THE  AF F IL IA TIONS", 1),
    ("2. E XE C UTE  ORDE RS", 2),
    ("S E E D  D E C K", 3),
    ("1. D O O R W A Y  P H A S E", 3),
    ("B e a m in g", 4),
    ("T hus , a s hip", None),
    ("Y our s eed dec k m ay inc lude s everal types  of s eed c ards .", None),
])
def test_heading_rank(line, rank):
    assert heading_rank(line, after_break=True) == rank


def test_page_furniture_and_figures_are_lifted_out():
    raw = ("text before\nS tar T rek™ C us tom izable C ard G am e™R ulebook\nD ra w  d e c k\n"
           "page  5\ntext after\n")
    items, dropped = split_furniture(raw)
    assert items[0] == "text before" and items[2] == "text after"
    assert items[1].lines == ["D ra w  d e c k"]
    assert dropped == 2
