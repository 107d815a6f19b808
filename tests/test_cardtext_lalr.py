"""The lean LALR driver (judge/cardtext/lalr.py) must accept, reject and build exactly as Lark's own
parser does with the same grammar and transformer."""

import json
import random
from pathlib import Path

import pytest
from lark.exceptions import UnexpectedInput

from judge.cardtext.grammar import fast_parser, parser
from judge.cardtext.lalr import SyntaxFailure
from judge.cardtext.lexer import clean, mark_heads, split_sentences, tokenize
from judge.cardtext.report import read_cards

ROOT = Path(__file__).resolve().parents[1]
CARDS = sorted((ROOT.parent / "shared" / "cards" / "1e").glob("*.jsonl"))


def sentences():
    texts = [str(card.get("text") or "") for card in read_cards(CARDS)]
    texts += [e["text"] for e in json.loads((ROOT / "tests" / "data" / "effects.json").read_text())]
    rng = random.Random(5)
    for text in texts:
        for toks in split_sentences(tokenize(clean(text))):
            toks = mark_heads(toks)
            yield toks
            if len(toks) > 2:  # a mutilated copy: a token dropped, two swapped (mostly failures)
                cut = list(toks)
                del cut[rng.randrange(len(cut))]
                yield cut
                i = rng.randrange(len(cut) - 1)
                cut[i], cut[i + 1] = cut[i + 1], cut[i]
                yield cut


def lark_result(toks):
    try:
        return parser().parse(toks)
    except UnexpectedInput:
        return SyntaxFailure


def fast_result(toks):
    try:
        return fast_parser().parse(toks)
    except SyntaxFailure:
        return SyntaxFailure


@pytest.mark.skipif(not CARDS, reason="needs ../shared/cards/1e")
def test_fast_driver_agrees_with_lark_on_every_sentence():
    assert fast_parser() is not None, "the grammar uses a feature the lean driver does not handle"
    seen = failures = 0
    for toks in sentences():
        expected = lark_result(toks)
        assert fast_result(toks) == expected, " ".join(f"{t.type}:{t.value}" for t in toks)
        seen += 1
        failures += expected is SyntaxFailure
    assert seen > 1000 and failures > 50  # both paths were exercised
