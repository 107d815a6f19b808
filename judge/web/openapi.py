"""``GET /api/openapi.json``: an OpenAPI 3 document for every /api/ route.

tests/test_openapi.py checks that every /api/ route the app serves is described here.
"""

from __future__ import annotations

import re

from flask import Blueprint, current_app

from .. import __version__
from ..cardtext import CARD_TYPES

bp = Blueprint("openapi", __name__)

_ERROR = {"description": "A JSON error", "content": {"application/json": {"schema": {
    "$ref": "#/components/schemas/Error"}}}}


def _json(description: str, schema: str) -> dict:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}}}


def _q(name: str, description: str, required: bool = False, schema: dict | None = None) -> dict:
    return {"name": name, "in": "query", "required": required, "description": description,
            "schema": schema or {"type": "string"}}


PATHS: dict[str, dict] = {
    "/api/documents": {"get": {
        "summary": "The corpus documents", "responses": {"200": _json("Documents", "Documents")}}},
    "/api/entries": {"get": {
        "summary": "Every entry of a document, in document order",
        "parameters": [_q("edition", "1e or 2e"), _q("document", "document id, e.g. rulebook")],
        "responses": {"200": _json("Entries", "EntryList"), "400": _ERROR}}},
    "/api/entries/{entry_id}": {"get": {
        "summary": "One entry by id (<edition>/<document>/<slug>)",
        "parameters": [{"name": "entry_id", "in": "path", "required": True, "schema": {"type": "string"}}],
        "responses": {"200": _json("The entry", "Entry"), "301": {"description": "Renamed id"},
                      "404": _ERROR}}},
    "/api/search": {"get": {
        "summary": "Search the corpus",
        "parameters": [
            _q("q", "the query, any text", required=True), _q("edition", "1e or 2e"),
            _q("document", "document id"), _q("kind", "rule, glossary, ruling or card"),
            _q("limit", "results per page (max 50)", schema={"type": "integer", "default": 10}),
            _q("page", "page number", schema={"type": "integer", "default": 1}),
        ],
        "responses": {"200": _json("Results", "SearchResults"), "400": _ERROR}}},
    "/api/parse": {"post": {
        "summary": "Parse card text into structured effects",
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "required": ["text"],
            "properties": {"text": {"type": "string", "maxLength": 10000},
                           "edition": {"type": "string", "enum": ["1e", "2e"]},
                           "type": {"type": "string", "enum": list(CARD_TYPES)},
                           "title": {"type": "string", "maxLength": 200,
                                     "description": "the card's title: read as a title where the text "
                                                    "names it without braces"}}}}}},
        "responses": {"200": {"description": "Effects (see effects.md)"}, "413": _ERROR, "422": _ERROR}}},
    "/api/ask": {"post": {
        "summary": "Answer a scenario (see scenario.md)",
        "requestBody": {"required": True, "content": {
            "application/json": {"schema": {"type": "object"}},
            "application/yaml": {"schema": {"type": "string"}}}},
        "responses": {"200": _json("The answer, with the steps and the entries they rely on", "Answer"),
                      "413": _ERROR, "415": _ERROR, "422": _ERROR}}},
    # The card database (spec/api.md, "Cards"): documented here ahead of its routes; a path appears in
    # the served document only once the app has the route.
    "/api/cards": {"get": {
        "summary": "Find cards by title (typos, missing punctuation) and text",
        "parameters": [
            _q("q", "title or text words"), _q("type", "card type, e.g. Personnel"),
            _q("affiliation", "affiliation, e.g. Federation"), _q("set", "expansion"),
            _q("limit", "results per page (max 50)", schema={"type": "integer", "default": 10}),
            _q("page", "page number", schema={"type": "integer", "default": 1}),
        ],
        "responses": {"200": _json("Cards", "CardResults"), "400": _ERROR}}},
    "/api/cards/{card_id}": {"get": {
        "summary": "One card by id (1e/cards/<slug>); a repeated title's bare slug lists its versions",
        "parameters": [{"name": "card_id", "in": "path", "required": True, "schema": {"type": "string"}}],
        "responses": {"200": _json("The card", "Card"), "404": _ERROR}}},
    "/api/openapi.json": {"get": {
        "summary": "This document", "responses": {"200": {"description": "OpenAPI 3 document"}}}},
}

SCHEMAS = {
    "Answer": {"type": "object", "required": ["kind", "edition", "verdict", "answer", "steps", "citations"],
               "properties": {
        "kind": {"type": "string"}, "edition": {"type": "string"}, "answer": {"type": "string"},
        "verdict": {"description": "a word (yes, no, unknown, …) or a list of them"},
        "facts": {"type": "object"}, "share_url": {"type": "string"},
        "steps": {"type": "array", "items": {"type": "object", "properties": {
            "text": {"type": "string"}, "cites": {"type": "array", "items": {"type": "string"}}}}},
        "citations": {"type": "array", "items": {"type": "object", "properties": {
            k: {"type": "string"} for k in ("id", "title", "url")}}},
        "doubts": {"type": "array", "items": {"type": "string"}}}},
    "CardResults": {"type": "object", "properties": {
        "query": {"type": "string"}, "total": {"type": "integer"}, "page": {"type": "integer"},
        "results": {"type": "array", "items": {"type": "object", "properties": {
            **{k: {"type": "string"} for k in ("id", "title", "type", "set", "url")},
            "score": {"type": "number", "nullable": True}}}}}},
    "Card": {"type": "object", "required": ["id", "title"], "properties": {
        **{k: {"type": "string"} for k in ("id", "title", "edition", "set", "release", "type", "lore", "text",
                                           "url")},
        "unique": {"type": "boolean"}, "attributes": {"type": "object"},
        **{k: {"type": "array"} for k in ("affiliation", "icons", "skills", "characteristics", "abilities",
                                          "mentioned_in")}}},
    "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}},
    "Document": {"type": "object", "properties": {k: {"type": "string"} for k in (
        "edition", "document", "title", "date")} | {"entries": {"type": "integer"}}},
    "Documents": {"type": "object", "properties": {"documents": {
        "type": "array", "items": {"$ref": "#/components/schemas/Document"}}}},
    "EntryList": {"type": "object", "properties": {"entries": {"type": "array", "items": {
        "type": "object", "properties": {k: {"type": "string"} for k in ("id", "title", "kind", "text")}}}}},
    "Entry": {"type": "object", "properties": {
        **{k: {"type": "string"} for k in ("id", "title", "edition", "document", "document_title", "kind",
                                           "text", "html", "url", "effective")},
        **{k: {"type": "array", "items": {"type": "string"}} for k in (
            "path", "links", "supersedes", "superseded_by")}}},
    "SearchResults": {"type": "object", "properties": {
        "query": {"type": "string"}, "total": {"type": "integer"}, "page": {"type": "integer"},
        "limit": {"type": "integer"},
        "results": {"type": "array", "items": {"$ref": "#/components/schemas/SearchHit"}},
        "suggestion": {"type": "string", "nullable": True}}},
    "SearchHit": {"type": "object", "properties": {
        **{k: {"type": "string"} for k in ("id", "title", "edition", "document", "document_title", "kind",
                                           "url", "snippet", "text", "date")},
        "score": {"type": "number"}, "superseded": {"type": "boolean"},
        **{k: {"type": "array", "items": {"type": "string"}} for k in ("path", "superseded_by")}}},
}


@bp.get("/api/openapi.json")
def openapi():
    """The routes of PATHS this app serves; every operation also answers JSON errors (4XX)."""
    served = {openapi_path(rule.rule) for rule in current_app.url_map.iter_rules()}
    paths = {}
    for path, spec in PATHS.items():
        if path in served:
            paths[path] = {method: {**op, "responses": {**op["responses"], "4XX": _ERROR}}
                           for method, op in spec.items()}
    return {
        "openapi": "3.0.3",
        "info": {"title": "judge", "version": __version__,
                 "description": "Rules reference and judging assistant for the Star Trek CCG."},
        "paths": paths,
        "components": {"schemas": SCHEMAS},
    }


def openapi_path(rule: str) -> str:
    """A Flask rule as an OpenAPI path: ``/api/entries/<path:entry_id>`` → ``/api/entries/{entry_id}``."""
    return re.sub(r"<(?:[a-z_]+:)?([a-z_]+)>", r"{\1}", rule)
