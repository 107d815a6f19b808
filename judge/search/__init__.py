"""Full-text search over the corpus (no Flask here): a Whoosh index with game vocabulary,
typo tolerance and ranking that prefers the entry in force."""

from .engine import Hit, SearchIndex, SearchPage
from .index import IndexInfo, default_index_dir, fingerprint, is_fresh

__all__ = ["Hit", "IndexInfo", "SearchIndex", "SearchPage", "default_index_dir", "fingerprint", "is_fresh"]
