"""Reading a scenario document: JSON or YAML, safely.

YAML is read with the safe loader, and before that its event stream is checked: an anchor, an
alias or an explicit tag (``!!python/object``, ``!custom``) is refused outright, so an alias bomb
never expands and no constructor beyond plain mappings, lists and scalars ever runs.
"""

from __future__ import annotations

import json
import re

import yaml

from ..errors import TooLarge, Unprocessable

# A scenario is a few dozen lines; a whole game state is a few hundred cards. Anything near this
# is not a scenario (the web layer refuses larger bodies before reading them).
MAX_BYTES = 256 * 1024


# libyaml's C scanner and parser when PyYAML has them (5-10x faster), else the pure-Python ones;
# the constructor and the resolver (the safe types, the boolean rule below) are the same Python code.
_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):
    """The safe loader with YAML 1.2's booleans: only true/false are booleans, so the scenario key
    ``on`` and a verdict ``no`` stay text (YAML 1.1 reads on/off/yes/no as booleans); dates stay
    text too."""


_BOOL = "tag:yaml.org,2002:bool"
_Loader.yaml_implicit_resolvers = {
    key: [(tag, rx) for tag, rx in resolvers if tag not in (_BOOL, "tag:yaml.org,2002:timestamp")]
    for key, resolvers in _Base.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(_BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def _yaml_error(exc: yaml.YAMLError, what: str) -> Unprocessable:
    mark = getattr(exc, "problem_mark", None)
    line = mark.line + 1 if mark is not None else None
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    where = f" at line {line}" if line else ""
    return Unprocessable(f"The scenario is not valid {what}{where}: {problem}.", line=line)


def read_yaml(text: str) -> object:
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                line = event.start_mark.line + 1
                raise Unprocessable(f"YAML anchors and aliases (& and *) are not accepted (line {line}).",
                                    line=line)
            tag = getattr(event, "tag", None)
            if tag is not None:  # only a tag written in the text sets it; plain values leave it None
                line = event.start_mark.line + 1
                raise Unprocessable(f"YAML tags such as '{tag}' are not accepted (line {line}).", line=line)
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, "YAML") from None


def read_document(body: bytes | str, content_type: str | None = None) -> object:
    """Decode a scenario body. ``content_type`` picks JSON or YAML; without one, JSON is tried
    when the text starts with ``{``, else YAML (a JSON object is also valid YAML)."""
    size = len(body)
    if size > MAX_BYTES:
        raise TooLarge(f"The scenario is {size} bytes; the limit is {MAX_BYTES}.", limit=MAX_BYTES)
    if isinstance(body, bytes):
        try:
            text = body.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise Unprocessable(f"The scenario is not UTF-8 text (byte {exc.start}).") from None
    else:
        text = body
    if "\x00" in text:
        raise Unprocessable("The scenario contains a NUL character.")
    if not text.strip():
        raise Unprocessable("The scenario is empty: send a YAML or JSON document with 'edition' and "
                            "'question'.")
    kind = (content_type or "").split(";")[0].strip().lower()
    if kind == "application/json" or (not kind.endswith("yaml") and text.lstrip().startswith("{")):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            if kind == "application/json":
                raise Unprocessable(f"The scenario is not valid JSON at line {exc.lineno}: {exc.msg}.",
                                    line=exc.lineno) from None
    return read_yaml(text)
