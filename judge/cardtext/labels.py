"""Compare a parse with hand labels (tests/data/cards_labelled.json) and with effects.json cases."""

from __future__ import annotations

import json

from .model import ParseResult


def _verbs(ability: dict) -> list[str]:
    return [e["verb"] for e in ability["effects"]]


def ability_mismatch(expected: dict, ability: dict | None) -> str | None:
    """None when ``ability`` (JSON) has what ``expected`` asks for, else what differs."""
    if ability is None:
        return f"missing ability {expected['kind']}"
    if ability["kind"] != expected["kind"]:
        return f"kind {ability['kind']} != {expected['kind']} ({ability['raw']})"
    if expected.get("trigger") and not ability["trigger"]:
        return "no trigger"
    verbs = _verbs(ability)
    for verb in expected.get("verbs", []):
        if verb not in verbs:
            return f"verb {verb} not in {verbs} ({ability['raw']})"
    costs = [c["verb"] for c in ability["costs"]]
    for verb in expected.get("costs", []):
        if verb not in costs:
            return f"cost {verb} not in {costs}"
    mod = expected.get("modify")
    if mod and not any(e["verb"] == "modify" and e.get("attribute") == mod["attribute"]
                       and e.get("amount") == mod["amount"] for e in ability["effects"]):
        return f"no modify {mod}"
    blob = json.dumps(ability, ensure_ascii=False)
    for text in [*expected.get("contains", []), *expected.get("cards", [])]:
        if text not in blob:
            return f"'{text}' not found"
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
