"""Our evaluation of parsed queries gives the scores Whoosh's own BM25F searcher gives."""

import pytest
from whoosh.scoring import BM25F

from judge.search import SearchIndex

QUERIES = [
    "can my crew beam onto an enemy ship",
    "dilema cost limit",
    "HQ combat",
    'what does "leaves play" mean',
    "stafing requirments comand icon",
    "order of responses who goes first",
    "DS9 outpost phase",
    "range left move ship 1e",
    '"leaves play',
]


@pytest.fixture(scope="module")
def index(corpus, index_dir):
    ix = SearchIndex.open(corpus, index_dir / "real")
    yield ix
    ix.close()


@pytest.mark.parametrize("q", QUERIES)
def test_scores_match_whoosh_bm25f(index, q):
    parsed = index.parse(q)
    assert parsed.query is not None
    ours = index.postings.evaluate(parsed.query)
    weighting = BM25F(B=0.75, K1=1.2, title_B=0.3, path_B=0.5)
    with index.ix.searcher(weighting=weighting) as s:
        theirs = {r.docnum: r.score for r in s.search(parsed.query, limit=None)}
    assert ours.keys() == theirs.keys()
    assert all(ours[n] == pytest.approx(theirs[n], rel=1e-9) for n in theirs)
    assert len(theirs) > 0
