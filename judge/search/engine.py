"""Searching the index: filters, ranking that prefers the entry in force, paging, snippets."""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ..corpus import KINDS, Corpus
from ..errors import BadRequest
from ..ids import EDITIONS
from . import index as ix_files
from .analysis import STOP_WORDS, words
from .index import IndexInfo
from .query import ParsedQuery, parse
from .scoring import Postings
from .snippets import Tokens, snippet, tokenize
from .spelling import Speller
from .synonyms import Vocabulary, load_vocabulary

# Score multipliers (all <= 1, so they never lift an entry above its raw BM25F score).
SUPERSEDED_FACTOR = 0.6   # an older printing or a replaced ruling ranks below the entry in force
BELOW_REPLACEMENT = 0.99  # …and just below its own replacement when both are found,
SAME_MATCH = 0.8          # …and the replacement matches about as well (a successor matched by title
                          # that says much less on the question does not bury the older text)
# Card-list lines are many and short (BM25 favours short entries) but rarely decide a ruling.
KIND_FACTOR = {"rule": 1.0, "glossary": 1.0, "ruling": 1.0, "card": 0.7}
MAX_LIMIT = 50            # api.md: limit max 50
# "how do i win 2e": an edition named in the query is a filter, not words to find.
_EDITION_WORDS = re.compile(r"\b(?:(1e|2e)|(first|second)\s+edition)\b", re.IGNORECASE)
DEFAULT_LIMIT = 10


@dataclass(frozen=True)
class Hit:
    id: str
    title: str
    edition: str
    document: str
    document_title: str
    kind: str
    path: tuple[str, ...]
    date: str
    superseded: bool
    superseded_by: tuple[str, ...]
    snippet: str
    text: str
    score: float

    @property
    def url(self) -> str:
        return "/" + self.id


@dataclass(frozen=True)
class SearchPage:
    query: str
    total: int
    page: int
    limit: int
    hits: tuple[Hit, ...]
    suggestion: str | None
    edition: str | None = None
    document: str | None = None
    kind: str | None = None

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.limit))


class SearchIndex:
    """An open index: thread-safe searching (postings read once, under a lock; see scoring.py)."""

    def __init__(self, ix, info: IndexInfo, vocab: dict[str, int], vocabulary: Vocabulary | None = None):
        self.ix = ix
        self.info = info
        self._vocab_counts = vocab
        self.vocabulary = vocabulary or load_vocabulary()
        with ix.reader() as reader:
            self._stored = [reader.stored_fields(n) for n in range(reader.doc_count_all())]
            self._known = {t.decode() if isinstance(t, bytes) else t
                           for f in ("title", "path", "body") for t in reader.lexicon(f)}
        self._facets: dict[tuple[str, str], frozenset[int]] = {}
        for n, doc in enumerate(self._stored):
            for facet in ("edition", "document", "kind"):
                key = (facet, doc[facet])
                self._facets[key] = self._facets.get(key, frozenset()) | {n}
        self._documents = sorted({d["document"] for d in self._stored})
        # an entry's standing: its kind, then (unless the query names its document) its age
        self._kind_factors = [KIND_FACTOR.get(d["kind"], 1.0) for d in self._stored]
        self._factors = [f * (SUPERSEDED_FACTOR if d["superseded"] else 1.0)
                         for f, d in zip(self._kind_factors, self._stored, strict=True)]
        docnum = {d["id"]: n for n, d in enumerate(self._stored)}
        # superseded entry -> the entries in force that replace it (whole-document replacements,
        # which name a document rather than an entry, have none)
        self._successors = {}
        for n, d in enumerate(self._stored):
            successors = tuple(docnum[i] for i in d.get("superseded_by", "").split() if i in docnum)
            if d["superseded"] and successors:
                self._successors[n] = successors
        self._doc_of = [(d["edition"], d["document"]) for d in self._stored]
        self._doc_names = _document_names({k: d["document_title"] for k, d in zip(self._doc_of, self._stored,
                                                                                   strict=True)})
        self.postings = Postings(ix, B=0.75, K1=1.2, field_B={"title": 0.3, "path": 0.5})
        self._token_cache: dict[int, Tokens] = {}
        self._protected = self.vocabulary.key_words
        self.cards = None   # the 1E card pool's catalogue, searched by its title index (see _pool_hits)

    @classmethod
    def open(cls, corpus: Corpus, base: Path | None = None, *, rebuild: bool = False,
             progress: ix_files.Progress | None = None) -> SearchIndex:
        """Open the live index under ``base``; build it first when missing, stale or ``rebuild``."""
        base = Path(base) if base else ix_files.default_index_dir()
        fp = ix_files.fingerprint(corpus)
        if not rebuild:
            opened = ix_files.open_live(base)
            if opened and opened[1].fingerprint == fp:
                return with_cards(cls(*opened), corpus)
        ix_files.build(corpus, base, progress)
        opened = ix_files.open_live(base)
        if opened is None:
            raise ix_files.IndexError_(f"The search index in {base} could not be opened after building it.")
        return with_cards(cls(*opened), corpus)

    @cached_property
    def speller(self) -> Speller:
        return Speller(self._vocab_counts)

    def parse(self, q: str, edition: str | None = None) -> ParsedQuery:
        return parse(q, known=self._known.__contains__, speller=self.speller,
                     vocabulary=self.vocabulary, edition=edition, protected=self._protected)

    def search(self, q: str, *, edition: str | None = None, document: str | None = None,
               kind: str | None = None, limit: int = DEFAULT_LIMIT, page: int = 1) -> SearchPage:
        edition, document, kind = (_norm(edition), _norm(document), _norm(kind))
        if edition and edition not in EDITIONS:
            raise BadRequest("edition must be 1e or 2e.", edition=edition)
        if kind and kind not in KINDS:
            raise BadRequest(f"kind must be one of {', '.join(KINDS)}.", kind=kind)
        if document and document not in self._documents:
            raise BadRequest(f"There is no document '{document}'.", known=self._documents)
        if page < 1:
            raise BadRequest("page must be 1 or more.", page=page)
        limit = max(1, min(limit, MAX_LIMIT))

        q, edition = edition_from_query(q, edition)
        parsed = self.parse(q, edition)
        cards = self._pool_hits(q, edition, document, kind, page * limit)
        hits: list[Hit] = []
        total = len(cards)
        ranked: list[tuple[int, float]] = []
        allowed = self._filter(edition, document, kind) if parsed.query is not None else None
        if parsed.query is not None and allowed != set() and document != "cards":
            ranked = self._rank(parsed.query, allowed, self._named_documents(q))
            total += len(ranked)
        start, end = (page - 1) * limit, page * limit
        hits += cards[start:end]
        if len(hits) < limit and ranked:
            top = heapq.nsmallest(end - len(cards), ranked, key=_by_score)
            for docnum, score in top[max(0, start - len(cards)):]:
                hits.append(self._hit(docnum, score, parsed))
        return SearchPage(parsed.text, total, page, limit, tuple(hits), parsed.suggestion,
                          edition, document, kind)

    def _pool_hits(self, q: str, edition: str | None, document: str | None, kind: str | None,
                   wanted: int) -> list[Hit]:
        """Cards of the 1E pool, found by their own title index: with no filter, only a card whose
        title is the query (it comes first); with ``kind=card`` or ``document=cards``, every card
        whose title or text matches, before the card-list lines of the rulebooks."""
        pool = self.cards
        if pool is None or edition not in (None, "1e") or document not in (None, "cards") or \
                kind not in (None, "card"):
            return []
        asked = kind == "card" or document == "cards"
        found = pool.titles.search(q, limit=max(wanted, 10) if asked else 10, text=asked)
        if not asked:
            found = [h for h in found if pool.titles.is_title(q, h.record)]
        return [self._card_hit(h.record, h.score, q) for h in found]

    def _card_hit(self, card, score: float, q: str) -> Hit:
        from ..cards.corpus import DOCUMENT_DATE, DOCUMENT_TITLE

        body = card.text or card.lore or card.title
        return Hit(id=card.id, title=card.title, edition="1e", document="cards",
                   document_title=DOCUMENT_TITLE, kind="card", path=(card.set,), date=DOCUMENT_DATE,
                   superseded=False, superseded_by=(), snippet=snippet(body, self.parse(q).stems),
                   text=body, score=round(score, 3))

    def _rank(self, query, allowed: set[int] | None,
              named: frozenset = frozenset()) -> list[tuple[int, float]]:
        """Every matching entry with its final score (BM25F × its standing), filtered.

        A superseded entry found together with an entry that replaces it, matching about as well,
        ranks just below it;
        an entry of a document the query names (``named``) is not marked down for being old."""
        factors, kind_factors, doc_of = self._factors, self._kind_factors, self._doc_of
        matched = self.postings.evaluate(query)
        scored = {n: s * (kind_factors[n] if named and doc_of[n] in named else factors[n])
                  for n, s in matched.items() if allowed is None or n in allowed}
        for n, successors in self._successors.items():
            if n in scored and doc_of[n] not in named:
                above = [scored[m] for m in successors if m in scored]
                if above and scored[n] >= max(above) >= SAME_MATCH * scored[n]:
                    scored[n] = max(above) * BELOW_REPLACEMENT
        return list(scored.items())

    def _named_documents(self, q: str) -> frozenset[tuple[str, str]]:
        """The documents whose own name the query uses ("in the 1.7 rulebook", "premiere")."""
        said = set(words(q))
        return frozenset(key for key, names in self._doc_names.items() if names & said)

    def _filter(self, edition: str | None, document: str | None, kind: str | None):
        sets = [self._facets.get((f, v), frozenset())
                for f, v in (("edition", edition), ("document", document), ("kind", kind)) if v]
        if not sets:
            return None
        out = set(sets[0])
        for s in sets[1:]:
            out &= s
        return out

    def _hit(self, docnum: int, score: float, parsed: ParsedQuery) -> Hit:
        d = self._stored[docnum]
        body = d.get("body") or d["title"]
        return Hit(
            id=d["id"], title=d["title"], edition=d["edition"], document=d["document"],
            document_title=d["document_title"], kind=d["kind"],
            path=tuple(p for p in d.get("path", "").split(" › ") if p),
            date=d["date"], superseded=d["superseded"],
            superseded_by=tuple(d.get("superseded_by", "").split()),
            snippet=snippet(body, parsed.stems, tokens=self._tokens(docnum, body)),
            text=d.get("body", ""), score=round(score, 3),
        )

    def _tokens(self, docnum: int, body: str) -> Tokens:
        tokens = self._token_cache.get(docnum)
        if tokens is None:
            tokens = self._token_cache[docnum] = tokenize(body)
        return tokens

    def close(self) -> None:
        self.postings.close()
        self.ix.close()


def edition_from_query(q: str, edition: str | None) -> tuple[str, str | None]:
    """Take one named edition out of the query as the edition filter (when the query names only one
    and says something else too); a filter the person set wins."""
    named = {
        (m.group(1) or ("1e" if m.group(2).lower() == "first" else "2e")).lower()
        for m in _EDITION_WORDS.finditer(q)
    }
    if len(named) != 1:
        return q, edition
    rest = " ".join(_EDITION_WORDS.sub(" ", q).split())
    if not any(c.isalnum() for c in rest):
        return q, edition
    return rest, edition or named.pop()


# Title words that name no particular document.
_GENERIC_TITLE_WORDS = frozenset({"first", "second", "edition", "rulebook", "rules", "version"})


def _document_names(titles: dict[tuple[str, str], str]) -> dict[tuple[str, str], frozenset[str]]:
    """Per document, the words of its title that no other document's title of its edition has:
    "1.7", "premiere", "2.3.2" (folded as the index folds them)."""
    words_of = {k: set(words(t)) - STOP_WORDS - _GENERIC_TITLE_WORDS for k, t in titles.items()}
    return {k: frozenset(w for w in ws if not any(w in words_of[o] for o in words_of
                                                   if o != k and o[0] == k[0]))
            for k, ws in words_of.items()}


def _by_score(item: tuple[int, float]) -> tuple[float, int]:
    """Best score first; equal scores in index order."""
    return -item[1], item[0]


def with_cards(index: SearchIndex, corpus: Corpus) -> SearchIndex:
    """The index, searching the corpus's card pool alongside (it is not in the Whoosh files)."""
    index.cards = getattr(corpus, "cards", None)
    return index


def _norm(value: str | None) -> str | None:
    value = (value or "").strip().lower()
    return value or None
