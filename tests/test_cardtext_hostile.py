"""Hostile input: never an exception, never a 500; too-long text is a 4xx JSON error."""

import json

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
    "You may draw" + ", draw" * 1600 + ", and draw.",  # one modal shared by a list of verbs
    # runs this reader's later passes look along (each one pass, not a scan from every word)
    "Has both " + "both " * 2000 + "Honor and Law.",
    "Freighter and " * 700 + "transports report here.",
    "Ship and " * 1000 + "facilities report here.",
    "Draw a card and " + "randomly " * 1000 + "discard it.",
    "Discard one of your " + "cards, " * 1300 + "or ships.",
    "One member is stopped if score is odd" + ", killed" * 1200 + " otherwise.",  # (a long search)
    # conditions each holding the next (read by a call inside the call: past Python's stack, a
    # RecursionError, a 500 over HTTP, found by a probe at the fifteenth session)
    "Your personnel are " + "STRENGTH +2 where " * 550 + "present.",
    # a run of "if" inside a trailing condition: each looked along the rest of the clause (0.9 s)
    "Kills one Away Team member unless STRENGTH>44 OR you bribe rebels first by discarding an Equipment "
    "card, " + "if " * 3000 + "present.",
    # a subject of hundreds of words said how (each looked for in the list of them: quadratic)
    "Once each turn, this Away " + "turn, this Away " * 600 + "Team may attack a landed ship.",
    # hundreds of relative clauses, each looked for along the sentence's whole rest (quadratic)
    "While an opponent has completed more turns that " + "you have, this personnel " * 400
    + "is attributes +2.",
    # a list of groups joined by commas: its word looked for along the whole clause at each comma
    "If aboard {Assault Vessel}, its " + "{Assault Vessel}, its " * 400 + "{Tactical Console} is +1.",
    # hundreds of trailing conditions, each looked along the whole rest of the clause for where it
    # goes on (quadratic)
    "Where present, allows " * 450 + "your transporters to beam through opponent's SHIELDS.",
    # conditions within conditions, each looking back along all its words at each "when" (cubic)
    "Ship she is aboard is RANGE +1 when " + "RANGE +1 when " * 700 + "cloaked.",
    # 1E's verbless passives, read one after another by a call inside the call (past Python's
    # stack: a RecursionError at 30 KB)
    "If tied, two personnel killed (random selection) " + "and Away Team stopped " * 2000
    + "until end of turn.",
    # changes and places printed in turn, each place shared out to every change (46 MB of JSON)
    ("OFFICER Leadership Honor " + "x 2 X=3 vs. " * 900)[:9990] + " [Dom].",
    # relative clauses each inside the last's phrase: the reading's JSON went past Python's stack
    ("Choose a " + "personnel who has " * 600)[:9990] + "Honor.",
    ("Your matching " * 800)[:9990] + "personnel may report here.",
    # a subject of attributes, given to every effect after it (36 MB of JSON for 10,000 characters)
    ("WEAPONS or SHIELDS " * 600)[:9900] + "are +4 until start of your next turn, then discard objective.",
    # hundreds of changes in one group, each given the group's whole text (11 MB of JSON at 10,000
    # characters, 278 MB at 50,000)
    ("Each of your personnel is " + "Strength " * 1200)[:9990] + "+2.",
])
@pytest.mark.parametrize("mission", [False, True])
def test_hostile_text_is_answered(text, mission):
    result = parse(text, mission=mission)
    data = result.to_json()
    json.dumps(data)  # (what /api/parse sends: a reading nested hundreds deep could not be written)
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


def test_a_run_of_changes_answers_in_proportion_to_its_length():
    import json
    size = len(json.dumps(parse("Each of your personnel is " + "Strength " * 1100 + "+2.").to_json()))
    assert size < 500_000  # (each change given the whole group's text: over 11 MB)


def test_limit_constant():
    assert MAX_TEXT == 10_000


@pytest.mark.parametrize("card_type", ["", None, "Event"])
@pytest.mark.parametrize("text", [
    # found by fuzzing at the ninth session of 2026-11-26: a sentence that only discards a card, read
    # with no card type, asked for the last word of an empty type (an IndexError, a 500 over HTTP)
    "Discard event if you have no ships in play.",
    "on your facility. WEAPONS=6 WEAPONS +4) and SHIELDS +6. (Cumulative.) OR Fully if your compatible "
    "ENGINEER aboard; discard event.",
])
def test_a_card_leaving_play_is_read_with_or_without_a_type(text, card_type):
    assert parse(text, "1e", card_type=card_type).to_json()["abilities"]


def test_a_reading_pauses_the_garbage_collector_and_turns_it_back_on(monkeypatch):
    import gc

    import judge.cardtext as cardtext

    seen = []
    monkeypatch.setattr(cardtext, "tokenize", lambda *a, **k: seen.append(gc.isenabled()) or [])
    assert gc.isenabled()
    parse("Draw a card.")
    assert seen == [False] and gc.isenabled()  # paused while reading, on again after

    def broken(*args, **kwargs):
        raise RuntimeError("a reader bug")

    monkeypatch.setattr(cardtext, "tokenize", broken)
    with pytest.raises(RuntimeError):
        parse("Draw a card.")
    assert gc.isenabled()  # on again, whatever the reading did

    gc.disable()  # a caller (or another thread's reading) that paused it: left paused
    try:
        monkeypatch.setattr(cardtext, "tokenize", lambda *a, **k: [])
        parse("Draw a card.")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_sentences_failing_alike_are_labelled_once(monkeypatch):
    from lark.exceptions import UnexpectedInput

    from judge.cardtext import grammar

    grammar._LABELS.clear()
    calls = []
    real = UnexpectedInput.match_examples

    def counted(self, *args, **kwargs):
        calls.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(UnexpectedInput, "match_examples", counted)
    result = parse("May report aboard free). " + "free). " * 200, "1e")
    reasons = {u.reason for u in result.unparsed}
    assert reasons == {"a closing parenthesis without an opening one at ')'"} and len(result.unparsed) == 201
    assert len(calls) == 1  # (each asked again: a copy of the parser per terminal, 201 times)
    # other failures are still labelled as they fail
    assert "verb after 'may'" in parse("You may frobnicate it.", "1e").unparsed[0].reason
