"""Markdown helpers: heading attribute blocks, plain text, HTML."""

from __future__ import annotations

import html
import re

import markdown as _markdown

# ``## Moving a Ship {#moving-a-ship kind=rule sidebar="Tip"}``
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*\{#([^\s}]+)((?:\s+[^}]*)?)\}\s*$")
BARE_HEADING = re.compile(r"^#{1,6}\s")
_ATTR = re.compile(r'([a-z_]+)=(?:"((?:[^"\\]|\\.)*)"|(\S+))')
LINK = re.compile(r"\[([^\]]*)\]\((/(?:1e|2e)/[^)\s]+)\)")


def parse_attrs(text: str) -> dict[str, str] | None:
    """``kind=rule note="a b"`` -> dict; None when something in it is not key=value."""
    attrs: dict[str, str] = {}
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _ATTR.match(text, pos)
        if not m:
            return None
        value = m.group(2) if m.group(2) is not None else m.group(3)
        attrs[m.group(1)] = re.sub(r"\\(.)", r"\1", value)
        pos = m.end()
        while pos < len(text) and text[pos] == " ":
            pos += 1
    return attrs


def quote_attr(value: str) -> str:
    if value and re.fullmatch(r"[^\s\"}\\]+", value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def plain_text(md: str) -> str:
    """The body as a person reads it: links to their text, emphasis marks dropped."""
    text = LINK.sub(r"\1", md)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"(\*\*|__)(.+?)\1", r"\2", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
    text = re.sub(r"^[ \t]{0,3}>[ \t]?", "", text, flags=re.M)
    text = re.sub(r"\\([\\`*_{}\[\]()#+\-.!|>])", r"\1", text)
    text = re.sub(r"[ \t]*\n[ \t]*\n\s*", "\n\n", text)
    return text.strip()


_renderer = _markdown.Markdown(extensions=["tables", "sane_lists"], output_format="html")


def to_html(md: str) -> str:
    """Render a body. Raw HTML in the corpus is shown as text, never interpreted."""
    _renderer.reset()
    escaped = re.sub(r"<", "&lt;", md)
    return _renderer.convert(escaped)


def escape(text: str) -> str:
    return html.escape(text, quote=True)
