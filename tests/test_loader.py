"""The Markdown loader: a well-formed corpus loads; a malformed one fails naming file and line."""

import pytest

from judge.corpus import load_corpus
from judge.errors import CorpusError

from .conftest import FIXTURES


def test_fixture_corpus_loads_with_paths_links_and_supersession():
    corpus = load_corpus([FIXTURES / "corpus" / "rules"])
    beaming = corpus.get("2e/sample/beaming")
    assert beaming.path == ("Moving",)
    assert str(beaming.parent) == "2e/sample/moving"
    assert beaming.text == "You cannot beam aboard an opponent's ship."
    assert [str(i) for i in corpus.get("2e/sample/introduction").links] == ["2e/sample/beaming"]
    old = corpus.get("2e/sample-old/beaming")
    assert [str(i) for i in old.superseded_by] == ["2e/sample/glossary--beaming"]
    assert old.superseded and not beaming.superseded
    assert corpus.redirect_for("2e/sample/transporting") == "2e/sample/beaming"


def test_whole_document_supersession_points_old_entries_at_their_successors():
    corpus = load_corpus([FIXTURES / "corpus" / "rules"])
    old, gone = corpus.get("1e/v0/moving"), corpus.get("1e/v0/gone")
    assert [str(i) for i in old.superseded_by] == ["1e/v1/moving"]
    assert [str(i) for i in corpus.get("1e/v1/moving").supersedes] == ["1e/v0/moving"]
    assert gone.superseded and gone.superseded_by == () and gone.replaced_by_document == "1e/v1"
    # section-by-section supersession marks only what was replaced
    assert not corpus.get("2e/sample-old/retired").superseded


BAD = {
    "no front matter": ("# Title {#t}\n\ntext\n", 1, "missing front matter"),
    "duplicate id": (
        "---\nedition: 1e\ndocument: d\ntitle: T\ndate: x\nsource: s\nprecedence: 1\n---\n\n"
        "# A {#a}\n\ntext\n\n# B {#a}\n\nmore\n",
        14, "duplicate id '1e/d/a' (first at line 10)",
    ),
    "heading without id": (
        "---\nedition: 1e\ndocument: d\ntitle: T\ndate: x\nsource: s\nprecedence: 1\n---\n\n# A\n",
        10, "heading without an id",
    ),
    "missing key": ("---\nedition: 1e\ndocument: d\n---\n\n# A {#a}\n", 1, "front matter lacks title"),
    "unknown link": (
        "---\nedition: 1e\ndocument: d\ntitle: T\ndate: x\nsource: s\nprecedence: 1\n---\n\n"
        "# A {#a}\n\nSee [B](/1e/d/b).\n",
        12, "link to unknown entry '1e/d/b'",
    ),
    "bad attributes": (
        "---\nedition: 1e\ndocument: d\ntitle: T\ndate: x\nsource: s\nprecedence: 1\n---\n\n"
        "# A {#a kind}\n",
        10, "cannot read the attribute block",
    ),
    "text before heading": (
        "---\nedition: 1e\ndocument: d\ntitle: T\ndate: x\nsource: s\nprecedence: 1\n---\nstray\n",
        9, "text before the first heading",
    ),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_malformed_markdown_names_file_and_line(tmp_path, name):
    text, line, message = BAD[name]
    (tmp_path / "bad.md").write_text(text)
    with pytest.raises(CorpusError) as info:
        load_corpus([tmp_path])
    assert info.value.line == line
    assert str(tmp_path / "bad.md") in info.value.message
    assert message in info.value.message
