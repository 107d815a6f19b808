"""Judge questions, written the way people ask them: the entry that answers must be in the top 5.

Our own set is tests/data/search_eval.json; the shared examples are ../shared/examples/search.json.
tests/data/search_fresh.json is a second set of 45, written later by someone who had not seen the
ranking, to measure how far the tuning generalizes: 0.756 recall@5 when written, 0.889 after the
general fixes it prompted (it has informed tuning since, so it is no longer held out).
"""

import json
import re
from pathlib import Path

import pytest

from judge.search import SearchIndex

from .conftest import SHARED

OWN = Path(__file__).parent / "data" / "search_eval.json"
FRESH = Path(__file__).parent / "data" / "search_fresh.json"
EXAMPLES = SHARED / "examples" / "search.json"
TOP = 5


def normalize(text: str) -> str:
    """Lower case, quotes and emphasis marks dropped, spaces collapsed (how `expect` is written)."""
    return " ".join(re.sub(r"['\u2019\"\u201c\u201d*_]", "", text.lower()).split())


def load(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def index(corpus, index_dir):
    return SearchIndex.open(corpus, index_dir / "eval")


def rank_of(index, question: dict) -> int | None:
    page = index.search(question["q"], edition=question.get("edition"), document=question.get("document"),
                        kind=question.get("kind"), limit=10)
    want = normalize(question["expect"])
    return next((n for n, h in enumerate(page.hits, 1) if want in normalize(f"{h.title} {h.text}")), None)


def check(index, question: dict) -> None:
    rank = rank_of(index, question)
    assert rank is not None and rank <= TOP, f"{question['q']!r}: expected text ranked {rank}"


MIN_RECALL_AT_5 = 0.95  # issue 3 aims at 0.95; measured 0.972 (70/72)


MIN_FRESH_RECALL_AT_5 = 0.85  # measured 0.889 (40/45); a regression guard, below the 0.95 aim


@pytest.mark.parametrize("path, minimum", [(OWN, MIN_RECALL_AT_5), (FRESH, MIN_FRESH_RECALL_AT_5)],
                         ids=["own", "fresh"])
def test_recall_at_5(index, path, minimum):
    questions = load(path)
    missed = [q["q"] for q in questions if (rank_of(index, q) or TOP + 1) > TOP]
    found = len(questions) - len(missed)
    assert found / len(questions) >= minimum, f"recall@5 {found}/{len(questions)}; missed: {missed}"


@pytest.mark.skipif(not EXAMPLES.is_file(), reason="../shared/examples is not available")
@pytest.mark.parametrize("question", load(EXAMPLES) if EXAMPLES.is_file() else [], ids=lambda q: q["q"][:40])
def test_shared_examples(index, question):
    check(index, question)


def test_the_own_set_covers_every_edition_and_enough_questions():
    questions = load(OWN) + load(FRESH)
    assert len(questions) >= 60
    assert {q["edition"] for q in questions} == {"1e", "2e"}
    assert all({"q", "edition", "expect"} <= set(q) for q in questions)
