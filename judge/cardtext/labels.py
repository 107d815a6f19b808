"""Compare a reading with hand labels (tests/data/cards_labelled.json, effects.json cases).

Every check looks at the structure the reader built, never at echoed source text: the ``raw``
and ``text`` fields are left out before anything is compared, so a label passes only if the
reading put the word where the label says. The label keys of an ability:

- ``kind``: the ability's kind (always checked);
- ``effects``: the effect verbs, all of them, in order; ``costs``: the cost verbs, likewise;
- ``verbs``: effect verbs that must be among them (the looser check of shared/examples);
- ``trigger``: true (there is one) or the event verb;
- ``modify``: ``{"attribute", "amount"}`` that some effect changes;
- ``cards``: card names held as a ``card``/``cards`` field;
- ``filters``: ``{key: value}`` pairs some target holds as a filter ("skill": "Leadership");
- ``contains``: values some field holds whole (case aside): a skill, a type, a name;
- ``condition``: the word of a condition ("unless", "if", "while");
- ``manner``: words some effect holds as its manner ("randomly");
- ``optional``: whether the ability is a "may".
"""

from __future__ import annotations

from collections.abc import Iterator

from .model import ParseResult


def _fields(value: object, key: str = "") -> Iterator[tuple[str, object]]:
    """(key, value) of every field below ``value``, echoes of source text left out."""
    if isinstance(value, dict):
        for k, item in value.items():
            if k in ("raw", "text"):
                continue
            yield k, item
            yield from _fields(item, k)
    elif isinstance(value, list):
        for item in value:
            yield key, item
            yield from _fields(item, key)


def _scalars(ability: dict) -> set[str]:
    return {str(v).lower() for _, v in _fields(ability)
            if isinstance(v, (str, int)) and not isinstance(v, bool)}


def _filters(ability: dict) -> list[dict]:
    return [f for k, v in _fields(ability) if k == "filters" and isinstance(v, list) for f in v]


def _cards(ability: dict) -> set[str]:
    out: set[str] = set()
    for k, v in _fields(ability):
        if k == "card" and isinstance(v, str):
            out.add(v)
        elif k == "cards" and isinstance(v, list):
            out.update(x for x in v if isinstance(x, str))
    return out


def ability_mismatch(expected: dict, ability: dict | None) -> str | None:
    """None when ``ability`` (JSON) has what ``expected`` asks for, else what differs."""
    if ability is None:
        return f"missing ability {expected['kind']}"
    raw = ability.get("raw", "")
    if ability["kind"] != expected["kind"]:
        return f"kind {ability['kind']} != {expected['kind']} ({raw})"
    trigger = expected.get("trigger")
    if trigger and not ability["trigger"]:
        return f"no trigger ({raw})"
    if isinstance(trigger, str) and ability["trigger"]["event"] != trigger:
        return f"trigger event {ability['trigger']['event']} != {trigger} ({raw})"
    verbs = [e["verb"] for e in ability["effects"]]
    if "effects" in expected and verbs != expected["effects"]:
        return f"effects {verbs} != {expected['effects']} ({raw})"
    for verb in expected.get("verbs", []):
        if verb not in verbs:
            return f"verb {verb} not in {verbs} ({raw})"
    costs = [c["verb"] for c in ability["costs"]]
    if "costs" in expected and costs != expected["costs"]:
        return f"costs {costs} != {expected['costs']} ({raw})"
    mod = expected.get("modify")
    if mod and not any(e["verb"] == "modify" and e.get("attribute") == mod["attribute"]
                       and e.get("amount") == mod["amount"] for e in ability["effects"]):
        return f"no modify {mod} ({raw})"
    cards = _cards(ability)
    for name in expected.get("cards", []):
        if name not in cards:
            return f"card {name!r} not in {sorted(cards)} ({raw})"
    filters = _filters(ability)
    for want in expected.get("filters", []):
        (key, value), = want.items()
        if not any(str(f.get(key, "")).lower() == str(value).lower() for f in filters):
            return f"no filter {want} ({raw})"
    values = _scalars(ability)
    for text in expected.get("contains", []):
        if text.lower() not in values:
            return f"no field holds {text!r} ({raw})"
    if "condition" in expected:
        found = ability.get("condition") or []
        words = [c["word"] for c in (found if isinstance(found, list) else [found])]
        if expected["condition"] not in words:
            return f"condition {expected['condition']!r} not in {words} ({raw})"
    manner = {m for e in ability["effects"] for m in e.get("manner", [])}
    for word in expected.get("manner", []):
        if word not in manner:
            return f"manner {word!r} not in {sorted(manner)} ({raw})"
    if "optional" in expected and ability["optional"] != expected["optional"]:
        return f"optional {ability['optional']} != {expected['optional']} ({raw})"
    return None


def card_mismatch(labels: dict, result: ParseResult) -> str | None:
    data = result.to_json()
    if result.unparsed:
        return f"unparsed: {result.unparsed[0].text}"
    want_skills = labels.get("skills")
    if want_skills is not None:
        got = [s.skill + (f" x{s.levels}" if s.levels > 1 else "") for s in result.skills]
        if got != want_skills:
            return f"skills {got} != {want_skills}"
    if "downloads" in labels and list(result.downloads) != labels["downloads"]:
        return f"downloads {list(result.downloads)} != {labels['downloads']}"
    abilities = data["abilities"]
    if len(abilities) != len(labels["abilities"]):
        return f"{len(abilities)} abilities, labelled {len(labels['abilities'])}"
    for want, got in zip(labels["abilities"], abilities, strict=True):
        problem = ability_mismatch(want, got)
        if problem:
            return problem
    return None
