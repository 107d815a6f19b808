"""One error path: JSON for /api/ clients, an HTML page for people. Never a traceback."""

from __future__ import annotations

import logging

from flask import Flask, current_app, render_template, request
from werkzeug.exceptions import HTTPException

from ..errors import JudgeError

log = logging.getLogger(__name__)


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.path == "/healthz"


def render_error(status: int, message: str, details: dict | None = None):
    details = details or {}
    if wants_json():
        return {"error": message, **details}, status
    return render_template("error.html", status=status, message=message, details=details), status


def init_app(app: Flask) -> None:
    @app.errorhandler(JudgeError)
    def judge_error(exc: JudgeError):
        status = exc.status if 400 <= exc.status < 600 else 400
        return render_error(status, exc.message, exc.details)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        allowed = " or ".join(sorted(set(getattr(exc, "valid_methods", None) or ()) - {"HEAD", "OPTIONS"}))
        message = {
            404: "Nothing lives at this address"
                 + (": the API's routes are listed at /api/openapi.json." if wants_json() else "."),
            405: f"{request.method} is not allowed here; this address answers {allowed or 'GET'}.",
            413: f"The request body is too large; the limit is {current_app.config['MAX_CONTENT_LENGTH']} "
                 "bytes.",
        }.get(exc.code or 500, exc.description or exc.name)
        return render_error(exc.code or 500, message)

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):  # a bug of ours: log it, answer without a traceback
        log.exception("unhandled error on %s", request.path)
        return render_error(500, "Something went wrong on our side; the error has been logged.")
