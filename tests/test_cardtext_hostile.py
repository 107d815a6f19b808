"""Hostile input: never an exception, never a 500; too-long text is a 4xx JSON error."""

import pytest

from judge.cardtext import MAX_TEXT, parse


@pytest.mark.parametrize("text", [
    "When " * 2000,
    "{" * 500 + "Borg Ship" + "}" * 3,
    "[" * 300 + "Fed",
    "Nullifies {Borg Ship" ,
    "((((((((((Cumulative.",
    ")))) may",
    "\x00\x01\x02 Destroy an event.\x1b[31m",
    "",
    "   ",
    "Order -",
    "Damage - ",
    "may may may may",
    ". . . , , ;;;",
    "ÆØÅ ☃ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 {} [] ()",
    "(" * 5000 + "Physics" + ")" * 5000,  # deeper than Python's stack, were it read recursively
    "((" * 300 + "Discard a card." + "))" * 300,
    "Physics + " * 20000,  # a requirement run with no end
    "Physics OR " * 20000 + "fish",
    # a run of joints in a main clause: each is told by the item after it (it was a recursion)
    "Discard a card " + "and " * 2400 + "draw a card.",
    "Discard a card" + ", " * 3000 + "draw a card.",
])
@pytest.mark.parametrize("mission", [False, True])
def test_hostile_text_is_answered(text, mission):
    result = parse(text, mission=mission)
    data = result.to_json()
    assert set(data) >= {"abilities", "unparsed"}
    for span in data["unparsed"]:
        assert 0 <= span["start"] <= span["end"] <= len(result.text) + 1


def test_deep_parentheses_are_reported_not_recursed_into():
    result = parse("(" * 100 + "Discard a card." + ")" * 100, "1e")
    assert result.abilities == () and "nested" in result.unparsed[0].reason
    assert parse("((Discard a card.))", "1e").abilities


def test_when_flood_is_unparsed_not_understood():
    result = parse("When " * 2000)
    assert result.abilities == ()
    assert result.unparsed


def test_unbalanced_brace_keeps_the_good_sentence():
    result = parse("Destroy an event. Nullifies {Borg Ship.", "1e")
    assert result.abilities[0].effects[0].verb == "destroy"
    assert result.unparsed and "brace" in result.unparsed[0].reason


def test_control_characters_are_dropped():
    result = parse("Destroy\x00 an\x07 event.")
    assert result.abilities[0].effects[0].verb == "destroy"


def test_limit_constant():
    assert MAX_TEXT == 10_000
