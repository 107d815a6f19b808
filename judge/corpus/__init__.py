"""The rules corpus: Markdown documents under rules/ and rulings/, loaded into entries."""

from .loader import corpus_dirs, load_corpus, load_document
from .model import KINDS, Corpus, Document, Entry

__all__ = ["KINDS", "Corpus", "Document", "Entry", "corpus_dirs", "load_corpus", "load_document"]
