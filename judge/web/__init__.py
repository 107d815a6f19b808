"""The web layer: blueprints and templates on top of the Flask-free packages."""

from __future__ import annotations

from pathlib import Path

from flask import Flask, current_app

from ..corpus import Corpus, load_corpus


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(__name__)
    app.config.from_mapping(
        CORPUS_DIRS=None,      # list of directories; None = the bundled corpus
        INDEX_DIR=None,        # where the search index lives; None = per-user data dir
        JSON_SORT_KEYS=False,
        # No request body we accept is near this (card text is capped at 10,000 characters); it
        # also bounds bodies sent without a Content-Length. Over it: a 413, JSON on /api/.
        MAX_CONTENT_LENGTH=1024 * 1024,
    )
    app.config.from_prefixed_env("JUDGE")
    if test_config:
        app.config.update(test_config)
    app.json.sort_keys = False

    dirs = app.config["CORPUS_DIRS"]
    app.extensions["judge.corpus"] = load_corpus([Path(d) for d in dirs] if dirs else None)

    from . import api, ask, cards, errors, openapi, pages, parse, search

    errors.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(search.bp)
    app.register_blueprint(parse.bp)
    app.register_blueprint(ask.bp)
    app.register_blueprint(cards.bp)
    app.register_blueprint(openapi.bp)
    app.register_blueprint(pages.bp)  # last: it owns the catch-all /<id> route
    return app


def get_corpus() -> Corpus:
    return current_app.extensions["judge.corpus"]
