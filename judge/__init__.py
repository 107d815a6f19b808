"""judge: rules reference and judging assistant for the Star Trek CCG (1E and 2E)."""

from __future__ import annotations

__version__ = "0.1.0"


def create_app(test_config: dict | None = None):
    """The Flask application factory (see judge.web)."""
    from .web import create_app as _create_app

    return _create_app(test_config)
