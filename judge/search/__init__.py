"""Full-text search over the corpus (no Flask here): a Whoosh index with game vocabulary,
typo tolerance and ranking that prefers the entry in force; opening and building it
(``open_index``, ``Library``) belong here too, so a server and the command line share them."""

from .engine import Hit, SearchIndex, SearchPage
from .index import IndexInfo, default_index_dir, fingerprint, is_fresh
from .live import Library, Snapshot, open_index
from .serialize import search_json

__all__ = ["Hit", "IndexInfo", "Library", "SearchIndex", "SearchPage", "Snapshot", "default_index_dir",
           "fingerprint", "is_fresh", "open_index", "search_json"]
