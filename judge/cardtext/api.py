"""Validation shared by ``POST /api/parse`` and ``judge parse``: one place for the limits."""

from __future__ import annotations

from ..errors import BadRequest, TooLarge, Unprocessable
from . import EDITIONS, MAX_TEXT, ParseResult, parse


def parse_request(text: object, edition: object = None) -> ParseResult:
    if text is None:
        raise BadRequest("Send the card text as 'text'.", example={"text": "Nullifies {Borg Ship}.",
                                                                  "edition": "1e"})
    if not isinstance(text, str):
        raise Unprocessable("'text' must be a string.")
    if len(text) > MAX_TEXT:
        raise TooLarge(f"'text' is {len(text)} characters; the limit is {MAX_TEXT}.", limit=MAX_TEXT)
    if edition is not None and edition != "":
        if not isinstance(edition, str) or edition.lower() not in EDITIONS:
            raise Unprocessable("'edition' must be 1e or 2e (or left out to guess).", edition=str(edition))
        edition = edition.lower()
    else:
        edition = None
    return parse(text, edition)
