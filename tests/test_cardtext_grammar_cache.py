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
