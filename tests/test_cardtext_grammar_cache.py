"""Built parsers are kept between runs (judge.cardtext.grammar.lalr): a later process loads the
tables instead of building them; a cache that is missing, damaged or turned off is no error."""

import lark
import pytest

from judge.cardtext import grammar
from judge.cardtext.grammar import lalr

GRAMMAR = """
start: WORD+
%declare WORD
"""


def _tokens(*words):
    return [lark.Token("WORD", w) for w in words]


def test_a_built_parser_is_kept_and_loaded_again(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path))
    first = lalr(GRAMMAR, start="start")
    kept = list(tmp_path.glob("lalr-*.pickle"))
    assert len(kept) == 1
    # a second process would not build it: building now fails, and loading still works
    monkeypatch.setattr(grammar, "Lark", _NoBuild)
    second = lalr(GRAMMAR, start="start")
    assert second.parse(_tokens("a", "b")) == first.parse(_tokens("a", "b"))
    # another grammar (or other options) is another file
    monkeypatch.setattr(grammar, "Lark", lark.Lark)
    lalr(GRAMMAR + "\n", start="start")
    assert len(list(tmp_path.glob("lalr-*.pickle"))) == 2


class _NoBuild(lark.Lark):
    def __init__(self, *args, **kwargs):  # noqa: D107
        raise AssertionError("built again")


def test_a_damaged_cache_is_built_again(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path))
    lalr(GRAMMAR, start="start")
    (kept,) = tmp_path.glob("lalr-*.pickle")
    kept.write_bytes(b"not a pickle")
    parser = lalr(GRAMMAR, start="start")
    assert parser.parse(_tokens("a")).data == "start"
    assert kept.read_bytes() != b"not a pickle"


@pytest.mark.parametrize("unwritable", [False, True])
def test_no_cache_or_one_that_cannot_be_written_is_no_error(tmp_path, monkeypatch, unwritable):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(blocker / "judge") if unwritable else "")
    assert lalr(GRAMMAR, start="start").parse(_tokens("a")).data == "start"
    assert blocker.is_file()


@pytest.mark.parametrize("platform, data, cache", [
    ("linux", "share/judge", "cachehome/judge"),
    ("darwin", "Library/Application Support/judge", "Library/Caches/judge"),
    ("win32", "local/judge", "local/judge/cache"),
])
def test_the_index_and_the_parsers_live_in_the_users_folders(tmp_path, monkeypatch, platform, data, cache):
    """One place says where each platform keeps a user's data and cache (judge.userdirs): the search
    index is in the data folder, the built parsers in the cache."""
    from judge import userdirs
    from judge.search import default_index_dir

    monkeypatch.setattr(userdirs.sys, "platform", platform)
    monkeypatch.setattr(userdirs.Path, "home", lambda: tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cachehome"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    monkeypatch.delenv("JUDGE_INDEX_DIR", raising=False)
    monkeypatch.delenv("JUDGE_CACHE_DIR", raising=False)
    assert default_index_dir() == tmp_path / data / "index"
    assert grammar.cache_dir() == tmp_path / cache
