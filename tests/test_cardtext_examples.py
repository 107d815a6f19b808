"""The 20 texts of shared/examples/effects.json (and the project's own copy) parse fully and match."""

import json
from pathlib import Path

import pytest

from judge.cardtext import parse
from judge.cardtext.labels import ability_mismatch

HERE = Path(__file__).parent
SHARED = HERE.parent.parent / "shared" / "examples" / "effects.json"
OWN = HERE / "data" / "effects.json"


def _cases(path: Path) -> list:
    if not path.is_file():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{path} is not here"))]
    return [pytest.param(case, id=case["text"][:50]) for case in json.loads(path.read_text())]


def _check(case: dict) -> None:
    result = parse(case["text"], case["edition"])
    assert result.unparsed == (), result.unparsed
    abilities = result.to_json()["abilities"]
    for i, want in enumerate(case["expect"]):
        got = abilities[i] if i < len(abilities) else None
        assert ability_mismatch(want, got) is None, ability_mismatch(want, got)


@pytest.mark.parametrize("case", _cases(SHARED))
def test_shared_examples(case):
    _check(case)


@pytest.mark.parametrize("case", _cases(OWN))
def test_own_examples(case):
    _check(case)


def test_output_shape_follows_the_spec():
    data = parse("Order - Discard a card from hand to draw a card.", "2e").to_json()
    assert list(data)[:3] == ["text", "edition", "keywords"]
    ability = data["abilities"][0]
    assert set(ability) >= {"kind", "raw", "trigger", "condition", "costs", "effects", "optional", "limit"}
    assert ability["costs"][0]["verb"] == "discard"
    assert ability["costs"][0]["from"]["type"] == "hand"
    assert ability["effects"][0] == {**ability["effects"][0], "verb": "draw", "count": 1}
    assert data["unparsed"] == []


def test_cumulative_marks_the_modifier():
    result = parse("Each of your personnel present is STRENGTH +1. (Cumulative.)", "1e")
    e = result.abilities[0].effects[0]
    assert (e.verb, e.attribute, e.amount, e.cumulative) == ("modify", "strength", 1, True)


def test_named_card_2e_without_braces():
    result = parse("When you play this personnel, you may download Prejudice and Politics.")
    assert result.abilities[0].effects[0].card == "Prejudice and Politics"


def test_an_unknown_verb_is_unparsed_with_a_label():
    result = parse("Once per game, you may frobnicate {any card}.", "1e")
    assert result.abilities == ()
    assert result.unparsed[0].text.startswith("Once per game")
    assert "verb" in result.unparsed[0].reason


def test_what_came_before_a_failure_is_kept():
    result = parse("Nullifies {Borg Ship}. Harmless ruse wibbles off with the lover.", "1e")
    assert [a.effects[0].verb for a in result.abilities] == ["nullify"]
    assert result.unparsed[0].text.startswith("Harmless ruse")
    assert result.unparsed[0].start == len("Nullifies {Borg Ship}. ")
