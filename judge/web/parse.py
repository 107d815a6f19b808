"""Card text → structure: ``POST /api/parse`` and the ``/parse`` page (same parser, two renderings)."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ..cardtext import CARD_TYPES, MAX_TEXT
from ..cardtext.api import parse_request
from ..errors import BadRequest, TooLarge

bp = Blueprint("parse", __name__)

# A body larger than this is refused before it is read (a 10,000-character text in JSON fits easily).
MAX_BODY = 64 * 1024


def _check_size() -> None:
    length = request.content_length
    if length is not None and length > MAX_BODY:
        raise TooLarge(f"The request body is {length} bytes; the limit is {MAX_BODY}.", limit=MAX_BODY)


@bp.post("/api/parse")
def api_parse():
    _check_size()
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise BadRequest("Send a JSON object: {\"text\": \"…\", \"edition\": \"1e\"}.")
    return parse_request(body.get("text"), body.get("edition"), body.get("type"), body.get("title")).to_json()


@bp.route("/parse", methods=["GET", "POST"])
def page():
    result = None
    text = ""
    edition = ""
    card_type = ""
    title = ""
    if request.method == "POST":
        _check_size()
        text = request.form.get("text", "")
        edition = request.form.get("edition", "")
        card_type = request.form.get("type", "")
        title = request.form.get("title", "")
        result = parse_request(text, edition or None, card_type or None, title or None).to_json()
    return render_template("parse.html", text=text, edition=edition, card_type=card_type, title=title,
                           result=result, limit=MAX_TEXT, card_types=CARD_TYPES)
