"""Asking a judge: ``POST /api/ask`` and the "Ask a judge" page (one engine, two renderings).

A ruling is shared as a link that carries the scenario itself (``/ask?s=…``: the YAML, deflated and
base64url-encoded), so any server of the same version answers it the same way and nothing is stored.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from importlib import resources

from flask import Blueprint, render_template, request, url_for

from ..engine import QUESTIONS, ask, load
from ..engine.loading import MAX_BYTES
from ..errors import BadRequest, JudgeError, TooLarge
from . import get_corpus

bp = Blueprint("ask", __name__)

YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")
MAX_LINK = 16 * 1024   # the longest ?s= we decode (a scenario worth sharing deflates far below it)


def _check_size() -> None:
    length = request.content_length
    if length is not None and length > MAX_BYTES:
        raise TooLarge(f"The scenario is {length} bytes; the limit is {MAX_BYTES}.", limit=MAX_BYTES)


def templates() -> dict[str, str]:
    """The starting points of the page: ``<kind>-<edition>`` → YAML text."""
    folder = resources.files("judge.engine") / "templates"
    return {p.name.removesuffix(".yaml"): p.read_text(encoding="utf-8")
            for p in sorted(folder.iterdir(), key=lambda p: p.name) if p.name.endswith(".yaml")}


def encode(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def decode(token: str) -> str:
    if len(token) > MAX_LINK:
        raise TooLarge("The shared link is too long to be a scenario.")
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(raw, MAX_BYTES + 1)
        if len(text) > MAX_BYTES or inflater.unconsumed_tail:
            raise TooLarge("The shared scenario is too large.")
        return text.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise BadRequest("This link does not hold a scenario (it may have been cut short when copied)."
                         ) from None


def _pool():
    from ..engine.pool import card_pool

    return card_pool(getattr(get_corpus(), "cards", None))


@bp.post("/api/ask")
def api_ask():
    _check_size()
    kind = (request.mimetype or "").lower()
    if kind not in ("application/json", *YAML_TYPES):
        raise JudgeError("Send the scenario as JSON (Content-Type: application/json) or YAML "
                         "(application/yaml or text/yaml).", status=415)
    body = request.get_data(cache=False)
    answer = ask(load(body, kind, pool=_pool()), get_corpus())
    out = answer.to_json()
    if kind in YAML_TYPES:
        out["share_url"] = url_for("ask.page", s=encode(body.decode("utf-8-sig")))
    return out


@bp.route("/ask", methods=["GET", "POST"])
def page():
    starts = templates()
    chosen = request.values.get("template", "")
    text = ""
    if request.method == "POST":
        _check_size()
        text = request.form.get("scenario", "")
        chosen = next((name for name, body in starts.items() if body.strip() == text.strip()), "")
    elif request.args.get("s"):
        text = decode(request.args["s"])
        chosen = ""
    elif chosen in starts:
        text = starts[chosen]
    else:
        chosen = next(iter(starts), "")
        text = starts.get(chosen, "")
    answer = error = None
    share = None
    if text.strip() and (request.method == "POST" or request.args.get("s")):
        try:
            answer = ask(load(text, "application/yaml", pool=_pool()), get_corpus()).to_json()
            share = url_for("ask.page", s=encode(text))
        except JudgeError as exc:
            error = exc
    status = error.status if error is not None and request.method == "POST" else 200
    return render_template("ask.html", text=text, starts=starts, chosen=chosen, answer=answer, error=error,
                           share=share, questions=QUESTIONS), status
