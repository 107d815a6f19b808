"""Validation shared by ``POST /api/parse`` and ``judge parse``: one place for the limits."""

from __future__ import annotations

from ..errors import BadRequest, TooLarge, Unprocessable
from . import CARD_TYPES, EDITIONS, MAX_TEXT, ParseResult, card_kind, parse

# The longest card title the reader is asked to look for in a text (the longest in the pool is 62).
MAX_TITLE = 200


def parse_request(text: object, edition: object = None, card_type: object = None,
                  title: object = None) -> ParseResult:
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
    if card_type is not None and card_type != "":
        known = {card_kind(t): t for t in CARD_TYPES}
        if not isinstance(card_type, str) or card_kind(card_type) not in known:
            raise Unprocessable("'type' must be a card type as the card data writes it (or left out).",
                                type=str(card_type)[:100], types=list(CARD_TYPES))
        card_type = known[card_kind(card_type)]
    else:
        card_type = None
    if title is not None and title != "":
        if not isinstance(title, str) or len(title) > MAX_TITLE:
            raise Unprocessable(f"'title' must be the card's title, a string of at most {MAX_TITLE} "
                                "characters (or left out).")
    else:
        title = None
    return parse(text, edition, card_type=card_type, title=title)
