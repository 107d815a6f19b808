"""The index on disk: built once, reopened while fresh, rebuilt atomically when the corpus changes."""

import shutil

import pytest

from judge.corpus import load_corpus
from judge.search import Library, SearchIndex, fingerprint, is_fresh
from judge.search.index import CURRENT, IndexError_, live_path

from .conftest import FIXTURES


@pytest.fixture
def fixture_corpus_dir(tmp_path):
    target = tmp_path / "rules"
    shutil.copytree(FIXTURES / "corpus" / "rules", target)
    return target


def test_reopens_without_rebuilding_while_fresh(tmp_path, fixture_corpus_dir):
    corpus = load_corpus([fixture_corpus_dir])
    first = SearchIndex.open(corpus, tmp_path / "ix")
    assert is_fresh(tmp_path / "ix", corpus)
    second = SearchIndex.open(corpus, tmp_path / "ix")
    assert second.info.path == first.info.path
    assert second.info.built_at == first.info.built_at


def test_a_changed_corpus_makes_the_index_stale_and_it_is_swapped(tmp_path, fixture_corpus_dir):
    corpus = load_corpus([fixture_corpus_dir])
    old = SearchIndex.open(corpus, tmp_path / "ix")
    doc = fixture_corpus_dir / "sample.md"
    doc.write_text(doc.read_text().replace("To move personnel", "To move quokkas"))
    changed = load_corpus([fixture_corpus_dir])
    assert fingerprint(changed) != fingerprint(corpus)
    assert not is_fresh(tmp_path / "ix", changed)
    new = SearchIndex.open(changed, tmp_path / "ix")
    assert new.info.path != old.info.path
    assert live_path(tmp_path / "ix") == new.info.path
    assert old.info.path.exists()              # a running server may still answer from it…
    assert new.search("quokkas").hits[0].id == "2e/sample/glossary--beaming"
    newer = SearchIndex.open(changed, tmp_path / "ix", rebuild=True)
    assert not old.info.path.exists()          # …but not from the one before it
    assert new.info.path.exists() and newer.info.path.exists()


def test_a_broken_pointer_or_index_is_rebuilt(tmp_path, fixture_corpus_dir):
    corpus = load_corpus([fixture_corpus_dir])
    base = tmp_path / "ix"
    first = SearchIndex.open(corpus, base)
    for f in first.info.path.glob("*.seg"):
        f.write_bytes(b"garbage")
    (base / CURRENT).write_text("nowhere\n")
    again = SearchIndex.open(corpus, base)
    assert again.search("beaming").total > 0


def test_rebuild_forces_a_new_index(tmp_path, fixture_corpus_dir):
    corpus = load_corpus([fixture_corpus_dir])
    first = SearchIndex.open(corpus, tmp_path / "ix")
    seen = []
    second = SearchIndex.open(corpus, tmp_path / "ix", rebuild=True,
                              progress=lambda n, t: seen.append((n, t)))
    assert second.info.path != first.info.path
    assert seen and seen[-1] == (len(corpus), len(corpus))


def test_a_server_swaps_in_a_published_index_with_its_corpus(tmp_path, fixture_corpus_dir):
    library = Library.open([fixture_corpus_dir], tmp_path / "ix")
    before = library.current
    assert before.index.search("quokkas").total == 0
    assert library.refresh(every=0) is before            # nothing new published
    doc = fixture_corpus_dir / "sample.md"
    doc.write_text(doc.read_text().replace("To move personnel", "To move quokkas"))
    assert library.refresh(every=0) is before            # the corpus changed, but no index yet
    SearchIndex.open(load_corpus([fixture_corpus_dir]), tmp_path / "ix")   # `judge index`
    after = library.refresh(every=0)
    assert after is not before
    assert after.index.search("quokkas").hits[0].id == "2e/sample/glossary--beaming"
    assert "quokkas" in after.corpus.get("2e/sample/glossary--beaming").text
    assert before.index.search("personnel").total > 0    # the old snapshot still answers


def test_a_server_never_builds_when_told_not_to(tmp_path, fixture_corpus_dir):
    with pytest.raises(IndexError_) as err:
        Library.open([fixture_corpus_dir], tmp_path / "ix", build=False)
    assert err.value.status == 503 and "judge index" in err.value.message


def test_an_index_of_another_corpus_is_passed_over_once(tmp_path, fixture_corpus_dir, monkeypatch):
    library = Library.open([fixture_corpus_dir], tmp_path / "ix")
    before = library.current
    other = tmp_path / "other"
    shutil.copytree(fixture_corpus_dir, other)
    doc = other / "sample.md"
    doc.write_text(doc.read_text().replace("To move personnel", "To move quokkas"))
    SearchIndex.open(load_corpus([other]), tmp_path / "ix")      # published from another corpus
    reads = []
    import judge.search.live as live

    monkeypatch.setattr(live, "load_corpus", lambda dirs: reads.append(dirs) or load_corpus(dirs))
    assert library.refresh(every=0) is before
    assert library.refresh(every=0) is before
    assert len(reads) == 1                                          # the corpus is read once, not every time


def test_a_forked_worker_opens_the_index_files_for_itself(tmp_path, fixture_corpus_dir, monkeypatch):
    library = Library.open([fixture_corpus_dir], tmp_path / "ix")
    before = library.current
    import judge.search.live as live

    monkeypatch.setattr(live.os, "getpid", lambda: -1)               # as if in a forked child
    after = library.refresh()
    assert after is not before and after.corpus is before.corpus
    assert after.index.info.path == before.index.info.path and after.index.ix is not before.index.ix
    assert after.index.search("beaming").total == before.index.search("beaming").total
