"""The web layer: blueprints and templates on top of the Flask-free packages.

Configuration, lowest to highest precedence: the defaults below (``config.DEFAULTS``), an optional
file (``JUDGE_CONFIG=/path/to/judge.toml``, or ``config_file=``), ``JUDGE_*`` environment variables
(``JUDGE_INDEX_DIR=/srv/judge/index``), then ``test_config``.

A new feature registers its blueprint in ``create_app`` below (before ``pages``, which owns the
catch-all ``/<id>`` route) and, if it has ``/api/`` routes, describes them in ``openapi.PATHS``:
tests/test_openapi.py fails until it does.
"""

from __future__ import annotations

from flask import Flask, current_app, g

from ..corpus import Corpus
from ..search import Library, Snapshot
from . import config

LIBRARY = "judge.library"


def create_app(test_config: dict | None = None, *, config_file: str | None = None) -> Flask:
    app = Flask(__name__, static_folder=None)  # static files: a fixed list, see hygiene.py
    config.load(app, test_config, config_file)
    app.json.sort_keys = False
    if n := int(app.config["TRUSTED_PROXIES"]):
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n, x_port=n)  # type: ignore[method-assign]

    # The corpus and its index, opened once, before any request (a server builds the index in its
    # master process first; see `judge serve`). Requests never build it.
    app.extensions[LIBRARY] = Library.open(
        app.config["CORPUS_DIRS"], app.config["INDEX_DIR"], build=app.config["INDEX_BUILD"])

    from . import api, ask, cards, errors, hygiene, openapi, pages, parse, search

    errors.init_app(app)
    hygiene.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(search.bp)
    app.register_blueprint(parse.bp)
    app.register_blueprint(ask.bp)
    app.register_blueprint(cards.bp)
    app.register_blueprint(openapi.bp)
    app.register_blueprint(pages.bp)  # last: it owns the catch-all /<id> route
    if app.config["PREWARM_PAGES"]:
        # the rules first; then card pages, as many as the cache keeps
        entries = sorted(get_library(app).current.corpus.entries, key=lambda e: e.id.document == "cards")
        hygiene.prewarm(app, ["/", *(e.url for e in entries)])
    return app


def get_library(app: Flask | None = None) -> Library:
    return (app or current_app).extensions[LIBRARY]


def get_snapshot() -> Snapshot:
    """The corpus and index this request answers from: the same pair for the whole request, even
    if a new index is swapped in meanwhile."""
    snap = g.get("judge_snapshot")
    if snap is None:
        snap = g.judge_snapshot = get_library().refresh(current_app.config["INDEX_REFRESH_SECONDS"])
    return snap


def get_corpus() -> Corpus:
    return get_snapshot().corpus
