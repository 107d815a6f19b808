"""The app's settings: defaults, an optional file, ``JUDGE_*`` environment variables, test values."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from flask import Config, Flask

DEFAULTS = {
    "CORPUS_DIRS": None,        # directories of Markdown documents; None = the bundled corpus
    "CARDS_DIR": None,          # card data to import from; None = the bundled card files
    "INDEX_DIR": None,          # where the search index lives; None = $JUDGE_INDEX_DIR or the per-user dir
    "INDEX_BUILD": True,        # build the index at start-up when it is missing or stale
    "INDEX_REFRESH_SECONDS": 1.0,  # how often to look for a newly published index
    # No request body we accept is near this (card text ≤ 10,000 characters, a scenario ≤ 256 KB);
    # it also bounds bodies sent without a Content-Length. Over it: a 413, JSON on /api/.
    "MAX_CONTENT_LENGTH": 512 * 1024,
    # bytes of ?query string; over it: 414 (a search reads the first 2,000 characters of q anyway)
    "MAX_QUERY_STRING": 8 * 1024,
    "MAX_FORM_MEMORY_SIZE": 512 * 1024,
    "MAX_FORM_PARTS": 100,
    "CACHE_MAX_AGE": 300,       # seconds a browser or proxy may keep an entry or card page
    # answers (entry and card pages, searches) a worker keeps, by ETag (0 = none): a crowd asks the
    # same things, and an answer never changes for one corpus; 6,000 answers hold every entry and card
    # page (4,577 with the card pool) and the searches of the day, ~130 MB shared by the workers
    "PAGE_CACHE_SIZE": 6000,
    "PREWARM_PAGES": True,      # render every entry and card page at start-up (~6 s), before workers fork
    "LOG_REQUESTS": True,
    # behind this many reverse proxies, take the client's host and scheme from X-Forwarded-* (0: none)
    "TRUSTED_PROXIES": 0,       # one line per request on the 'judge.access' logger
    # `judge serve`: two single-threaded (sync) worker processes per core; see docs/deploy.md for
    # why not threads (gunicorn's gthread workers took 56 s to get through 500 slow clients, sync 2 s)
    "WORKERS": 2 * min(os.cpu_count() or 1, 4),
    "THREADS": 1,
}
ENV_PREFIX = "JUDGE"
CONFIG_ENV = "JUDGE_CONFIG"


def load(app: Flask, test_config: dict | None = None, config_file: str | None = None) -> None:
    app.config.from_mapping(DEFAULTS)
    path = config_file or os.environ.get(CONFIG_ENV)
    if path:
        loader = tomllib.load if str(path).endswith(".toml") else None
        if loader:
            app.config.from_file(str(Path(path).resolve()), load=tomllib.load, text=False)
        else:
            app.config.from_pyfile(str(Path(path).resolve()))
    app.config.from_prefixed_env(ENV_PREFIX)
    if test_config:
        app.config.update(test_config)
    dirs = app.config["CORPUS_DIRS"]
    if isinstance(dirs, str):  # JUDGE_CORPUS_DIRS=/a:/b (or a JSON list, which Flask parses itself)
        app.config["CORPUS_DIRS"] = [d for d in dirs.split(os.pathsep) if d]


def settings() -> Config:
    """The settings an app would get, without making one (``judge serve`` reads them first)."""
    app = Flask("judge.settings")
    load(app)
    return app.config
