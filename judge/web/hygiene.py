"""What every route gets without asking: size limits, security headers, one log line per request,
static files from a fixed list, and ETag/Cache-Control for pages that only change with the corpus.

Nothing here reads a file path from the request: the static files are read once, at start-up, from
the package, and served by name from that list.
"""

from __future__ import annotations

import hashlib
import json
import logging
import mimetypes
import time
from collections import OrderedDict
from collections.abc import Callable
from functools import wraps
from importlib import resources
from threading import Lock
from urllib.parse import quote

from flask import Flask, Response, current_app, g, request
from markupsafe import Markup, escape

from .. import __version__
from ..errors import JudgeError, NotFound

access_log = logging.getLogger("judge.access")

# The pages run only our own script files, and load styles and images only from this server; no
# page may be framed (clickjacking) and forms post only here.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class URITooLong(JudgeError):
    status = 414


def init_app(app: Flask) -> None:
    statics = _load_static()
    if app.config["LOG_REQUESTS"] and not logging.getLogger().handlers:
        log_to_stderr()  # under `gunicorn wsgi:app`, nobody else sets a handler up

    def static(filename: str):
        item = statics.get(filename)
        if item is None:
            raise NotFound(f"There is no static file '{filename[:80]}'.")
        body, mimetype, etag = item
        response = Response(body, mimetype=mimetype)
        response.set_etag(etag)
        response.cache_control.public = True
        response.cache_control.max_age = app.config["CACHE_MAX_AGE"]
        return response.make_conditional(request)

    app.add_url_rule("/static/<path:filename>", endpoint="static", view_func=static)
    app.add_template_filter(json_text)

    @app.before_request
    def start():
        g.judge_started = time.perf_counter()
        limit = current_app.config["MAX_QUERY_STRING"]
        if len(request.query_string) > limit:
            raise URITooLong(f"The address is too long: its query string is {len(request.query_string)} "
                             f"bytes; the limit is {limit}.", limit=limit)

    @app.after_request
    def finish(response: Response) -> Response:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if current_app.config["LOG_REQUESTS"]:
            started = g.get("judge_started")
            ms = (time.perf_counter() - started) * 1000 if started else 0.0
            # the path as sent, percent-encoded again: a %0a in it cannot forge a second log line
            path = quote(request.full_path.rstrip("?"), safe="/?&=%:+,;@!$'()*~")[:300]
            access_log.info("%s %s %s %.1fms", request.method, path, response.status_code, ms)
        return response


def log_to_stderr() -> None:
    """Request lines and the app's own messages on stderr, with time and worker pid."""
    log = logging.getLogger("judge")
    if log.handlers:
        return
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s [%(process)d] %(message)s", "%Y-%m-%d %H:%M:%S"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False


def _load_static() -> dict[str, tuple[bytes, str, str]]:
    folder = resources.files("judge.web") / "static"
    out = {}
    for item in folder.iterdir():
        if item.is_file() and not item.name.startswith("."):
            body = item.read_bytes()
            mimetype = mimetypes.guess_type(item.name)[0] or "application/octet-stream"
            out[item.name] = (body, mimetype, hashlib.sha256(body).hexdigest()[:16])
    return out


def json_text(value: object) -> Markup:
    """JSON for people to read inside a page: indented, escaped for HTML once (Jinja's ``tojson``
    escapes for a <script> and shows ' as \\u0027)."""
    return escape(json.dumps(value, indent=2, ensure_ascii=False))


class _Pages:
    """Answers already given by this worker: (status, body, mimetype) by ETag, least recently used
    dropped first. The ETag names the corpus, so a new index never serves an old answer."""

    def __init__(self) -> None:
        self._items: OrderedDict[str, tuple[bytes, str]] = OrderedDict()
        self._lock = Lock()

    def get(self, key: str) -> tuple[bytes, str] | None:
        with self._lock:
            got = self._items.get(key)
            if got is not None:
                self._items.move_to_end(key)
            return got

    def put(self, key: str, value: tuple[bytes, str], size: int) -> None:
        with self._lock:
            self._items[key] = value
            while len(self._items) > size:
                self._items.popitem(last=False)


_pages = _Pages()


# Where a kept answer had the server's root URL (an absolute permalink, a forum quote): put back on
# the way out, so one kept page serves every host name the server is reached by.
ROOT_MARK = b"\x1ejudge-root\x1e"


def corpus_cached(view: Callable) -> Callable:
    """For a GET answer that depends only on the URL and the corpus (an entry or card page, a
    search): an ETag keyed on the corpus fingerprint and the app version, a 304 when the client has
    it, Cache-Control, and the body kept in this worker (PAGE_CACHE_SIZE answers)."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        from . import get_snapshot

        config = current_app.config
        key = f"{get_snapshot().fingerprint}\0{__version__}\0{request.full_path}"
        etag = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:24]
        root = request.root_url.encode()
        if request.if_none_match.contains(etag):
            response = Response(status=304)
        elif (kept := _pages.get(etag)) is not None:
            response = Response(kept[0].replace(ROOT_MARK, root), mimetype=kept[1])
        else:
            response = current_app.make_response(view(*args, **kwargs))
            if response.status_code != 200:
                return response
            if config["PAGE_CACHE_SIZE"] > 0:
                body = response.get_data().replace(root, ROOT_MARK)
                _pages.put(etag, (body, response.mimetype), config["PAGE_CACHE_SIZE"])
        response.set_etag(etag)
        response.cache_control.public = True
        response.cache_control.max_age = config["CACHE_MAX_AGE"]
        return response

    return wrapper


def prewarm(app: Flask, paths: list[str]) -> None:
    """Render these pages now, in the process that forks the workers, so every worker starts with
    them kept (shared, copy-on-write): the pages forum links point at answer from memory at once."""
    if app.config["PAGE_CACHE_SIZE"] <= 0:
        return
    client = app.test_client()
    log = app.config["LOG_REQUESTS"]
    app.config["LOG_REQUESTS"] = False
    try:
        for path in paths[: app.config["PAGE_CACHE_SIZE"]]:
            client.get(path)
    finally:
        app.config["LOG_REQUESTS"] = log
