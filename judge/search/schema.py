"""The Whoosh schema of the search index, and how a corpus entry becomes an index document."""

from __future__ import annotations

from whoosh.fields import BOOLEAN, ID, STORED, TEXT, Schema

from ..corpus import Corpus, Entry
from .analysis import analyzer

# Field boosts for BM25F: a word in an entry's own title says far more about the entry than the
# same word in its text; the enclosing headings say a little more than the text.
TITLE_BOOST = 3.0
PATH_BOOST = 1.5
TEXT_FIELDS = ("title", "path", "body")
# Word queries search title and body only (a third fewer matchers: half the latency, and no loss
# in the evaluation set, since a heading's words are its parent entry's title).
QUERY_FIELDS = ("title", "body")


def make_schema() -> Schema:
    ana = analyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        title=TEXT(analyzer=ana, field_boost=TITLE_BOOST, stored=True),
        path=TEXT(analyzer=ana, field_boost=PATH_BOOST, stored=True),   # heading path, " › "-joined
        body=TEXT(analyzer=ana, stored=True),
        edition=ID(stored=True),
        document=ID(stored=True),
        document_title=STORED(),
        kind=ID(stored=True),
        date=ID(stored=True),          # the date of the entry's document (ISO)
        superseded=BOOLEAN(stored=True),
        superseded_by=STORED(),        # ids of the entries in force, space-separated
    )


def entry_document(corpus: Corpus, entry: Entry) -> dict:
    """The fields of one entry as the index stores them."""
    doc = corpus.document(entry.id.document_key)
    superseded_by = [str(i) for i in entry.superseded_by]
    if not superseded_by and entry.replaced_by_document:
        superseded_by = [entry.replaced_by_document]
    return {
        "id": str(entry.id),
        "title": entry.title,
        "path": " › ".join(entry.path),
        "body": entry.text,
        "edition": entry.id.edition,
        "document": entry.id.document,
        "document_title": doc.title,
        "kind": entry.kind,
        "date": doc.date,
        "superseded": entry.superseded,
        "superseded_by": " ".join(superseded_by),
    }
