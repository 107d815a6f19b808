"""What the HTML pages and their JSON twins share. The shapes themselves live with their data
(``judge.corpus.serialize``, ``judge.search.serialize``) so the command line uses them too; this
module only adds what a request knows (the absolute URL of the server)."""

from __future__ import annotations

from flask import request

from ..corpus import Corpus, Entry
from ..corpus.serialize import document_json, entry_summary, forum_quote, toc
from ..corpus.serialize import entry_json as _entry_json

__all__ = ["document_json", "entry_json", "entry_summary", "forum_quote", "toc"]


def entry_json(corpus: Corpus, entry: Entry) -> dict:
    return _entry_json(corpus, entry, request.url_root)
