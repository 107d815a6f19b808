"""Ranking, filters, typos, vocabulary and snippets, over the small fixture corpus."""

import pytest

from judge.corpus import load_corpus
from judge.errors import BadRequest
from judge.search import SearchIndex
from judge.search.query import MAX_CHARS
from judge.search.snippets import snippet
from judge.search.spelling import Speller, distance
from judge.search.synonyms import load_vocabulary

from .conftest import FIXTURES


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    corpus = load_corpus([FIXTURES / "corpus" / "rules"])
    return SearchIndex.open(corpus, tmp_path_factory.mktemp("ix"))


def ids(page):
    return [h.id for h in page.hits]


def test_the_entry_in_force_outranks_the_superseded_one(index):
    page = index.search("beaming")
    found = ids(page)
    assert found.index("2e/sample/glossary--beaming") < found.index("2e/sample-old/beaming")
    old = next(h for h in page.hits if h.id == "2e/sample-old/beaming")
    assert old.superseded and old.superseded_by == ("2e/sample/glossary--beaming",)


def test_a_query_naming_an_older_document_is_not_marked_down(index):
    assert index._named_documents("beaming in the old rulebook") == {("2e", "sample-old")}
    assert index._named_documents("beaming") == frozenset()
    page = index.search("beaming in the old rulebook")
    assert ids(page)[0] == "2e/sample-old/beaming"


def test_informal_words_reach_game_terms(index):
    assert ids(index.search("teleport onto an enemy boat"))[0] == "2e/sample/beaming"


def test_a_misspelled_query_finds_the_entry_and_suggests_a_correction(index):
    page = index.search("beamign abord")
    assert ids(page)[0] == "2e/sample/beaming"
    assert page.suggestion == "beaming aboard"


def test_a_correct_query_has_no_suggestion(index):
    assert index.search("beaming aboard").suggestion is None


@pytest.mark.parametrize("field, value, expected", [
    ("kind", "glossary", {"2e/sample/glossary--beaming", "2e/sample-old/beaming"}),
    ("document", "sample-old", {"2e/sample-old/beaming"}),
    ("edition", "1e", set()),
])
def test_filters(index, field, value, expected):
    assert set(ids(index.search("beaming", **{field: value}))) == expected


@pytest.mark.parametrize("args", [{"edition": "3e"}, {"kind": "rumour"}, {"document": "nope"}, {"page": 0}])
def test_bad_filters_are_user_errors(index, args):
    with pytest.raises(BadRequest):
        index.search("beaming", **args)


def test_paging(index):
    everything = ids(index.search("beaming", limit=50))
    assert len(everything) >= 3
    first, second = index.search("beaming", limit=2), index.search("beaming", limit=2, page=2)
    assert ids(first) + ids(second) == everything[:4]
    assert first.total == second.total == len(everything)
    assert index.search("beaming", limit=500).limit == 50


@pytest.mark.parametrize("q", ['"', "((", "AND", "OR NOT", "title:", "*", "?", "x" * 5000, "\x00\x00",
                               "<script>alert(1)</script>", 'beaming "unbalanced', "beam* (aboard OR"])
def test_any_text_is_searched_without_error(index, q):
    page = index.search(q)
    assert page.total >= 0


def test_quoted_phrases_and_operators_are_text(index):
    assert ids(index.search('"beam aboard" AND ship'))[0] == "2e/sample/beaming"


def test_very_long_queries_are_cut(index):
    page = index.search(" ".join(["ship"] * 1000))
    assert len(page.query) <= MAX_CHARS
    assert page.total > 0


def test_snippets_mark_matches_and_escape_everything_else():
    html = snippet("Use <b>beam</b> & beaming.", {"beam"})
    assert html == "Use &lt;b&gt;<mark>beam</mark>&lt;/b&gt; &amp; <mark>beaming</mark>."


def test_snippets_pick_the_passage_with_the_matches():
    text = " ".join(["filler"] * 100) + " the dilemma pile is here " + " ".join(["filler"] * 100)
    html = snippet(text, {"dilemma", "pile"})
    assert "<mark>dilemma</mark> <mark>pile</mark>" in html
    assert html.startswith("…") and html.endswith("…")


@pytest.mark.parametrize("typo, word", [
    ("stafing", "staffing"), ("requirments", "requirements"), ("comand", "command"), ("dilema", "dilemma"),
])
def test_speller(typo, word):
    counts = {"staffing": 5, "requirements": 9, "command": 20, "dilemma": 50, "dilemmas": 30, "commander": 4}
    assert Speller(counts).correct(typo) == word


def test_speller_leaves_known_short_and_numeric_words_alone():
    speller = Speller({"command": 3, "the": 100})
    assert speller.correct("command") is None
    assert speller.correct("thr") is None
    assert speller.correct("1e") is None


def test_distance_counts_a_transposition_as_one_edit():
    assert distance("walkign", "walking") == 1
    assert distance("kitten", "sitting") == 3


def test_vocabulary_table_matches_longest_phrases_per_edition():
    vocab = load_vocabulary()
    stems = ["deep", "space", "9", "fight"]
    found = {(e.start, e.end): e.alternatives for e in vocab.expand(stems, "1e")}
    assert "ds9" in found[(0, 3)]
    assert found[(3, 4)] == ("battle",)
    assert set(vocab.expand(["fight"], "2e")[0].alternatives) == {"combat", "engagement"}


def test_every_vocabulary_group_names_its_source():
    assert all(g.source for g in load_vocabulary().groups)


def test_an_edition_named_in_the_query_becomes_the_filter():
    from judge.search.engine import edition_from_query

    assert edition_from_query("how do i win 2e", None) == ("how do i win", "2e")
    assert edition_from_query("seed deck size first edition", None) == ("seed deck size", "1e")
    assert edition_from_query("how do i win 2e", "1e") == ("how do i win", "1e")
    assert edition_from_query("1e vs 2e", None) == ("1e vs 2e", None)   # both named: words, not a filter
    assert edition_from_query("2e", None) == ("2e", None)               # nothing else to search
