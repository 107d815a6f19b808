"""The clause shapes of grammar/clauses.lark (judge/cardtext/clause_grammar.py)."""

import json
from pathlib import Path

import pytest

from judge.cardtext import parse, parse_card
from judge.cardtext.clause_grammar import _RESUMES, _prefix_parts, _relative_run, _search, clear_shape_caches

DATA = Path(__file__).parent / "data"


def shape(names: str) -> list[tuple[str, list[int]]] | None:
    return _prefix_parts(names.split())


@pytest.mark.parametrize("names, parts", [
    # "When this personnel is killed, you may draw a card."
    ("WHEN NP VERB COMMA VERB_BASE NP", [("clause", [0, 1, 2]), ("main", [4, 5])]),
    # "If Data, Lore, or Spot present, each ship is damaged.": commas inside the prefix
    ("IF NP COMMA NP COMMA CONJ NP COMMA NP VERB",
     [("clause", [0, 1, 2, 3, 4, 5, 6]), ("main", [8, 9])]),
    # "RANGE, WEAPONS, and SHIELDS are +2" after a prefix: a list subject
    ("WHILE NP COMMA NP COMMA NP COMMA AND NP VERB OTHER",
     [("clause", [0, 1]), ("main", [3, 4, 5, 6, 7, 8, 9, 10])]),
    # "Once each turn, while in play, your ships are RANGE +2."
    ("LIMIT COMMA WHILE NP COMMA NP VERB MOD",
     [("limit", [0]), ("clause", [2, 3]), ("main", [5, 6, 7])]),
    # "But whenever they fail, discard them.": the sentence's "but" is not part of the prefix
    ("AND SUB NP VERB COMMA VERB_BASE NP", [("clause", [1, 2, 3]), ("main", [5, 6])]),
    # "Except {Borg Ship}, all ships are …": a first prefix only
    ("TIMING_X NP COMMA NP VERB OTHER", [("clause", [0, 1]), ("main", [3, 4, 5])]),
    # "…, except {Borg Ship}." after a prefix goes on the main clause
    ("WHILE NP COMMA VERB_BASE NP COMMA TIMING_X NP",
     [("clause", [0, 1]), ("main", [3, 4, 5, 6, 7])]),
    # "While in play, nullifies …": no comma starts a main clause, so the prefix is left open
    ("WHILE NP COMMA VERB NP", [("open", [0, 1, 2, 3, 4])]),
    # "To play this interrupt, you must have …"
    ("TO VERB_BASE NP COMMA NP VERB_BASE NP", [("clause", [0, 1, 2]), ("main", [4, 5, 6])]),
])
def test_the_grammar_finds_prefixes_and_the_main_clause(names, parts):
    assert shape(names) == parts


def test_a_when_clause_with_no_verb_does_not_end_inside_a_list():
    # "When your assassin, thief, or {Jo'Bril} is about to be killed …, return them …": "thief, or
    # {Jo'Bril} is …" reads as a main clause too; the reading whose prefix has a verb is preferred
    assert shape("WHEN NP COMMA NP COMMA CONJ NP VERB NP COMMA VERB_BASE NP") == [
        ("clause", [0, 1, 2, 3, 4, 5, 6, 7, 8]), ("main", [10, 11])]
    # with no later reading, the verbless prefix stands ("When aboard, RANGE is +2")
    assert shape("WHEN NP COMMA NP VERB OTHER") == [("clause", [0, 1]), ("main", [3, 4, 5])]
    ability = parse("When your assassin, thief, or {Jo'Bril} is about to be killed by a dilemma, return them "
                    "to your hand instead.", card_type="Personnel").abilities[0]
    assert ability.trigger.subject.text == "your assassin, thief, or {Jo'Bril}"
    assert [e.verb for e in ability.effects] == ["return"]


def test_a_sentence_that_opens_with_no_prefix_word_is_not_the_grammars():
    assert shape("CONJ VERB NP") is None


def test_a_hostile_run_of_commas_ends_within_its_budget():
    # each comma could end the prefix until the last phrase turns out to have no verb: without a
    # budget, each of 3,000 tries would read to the end
    assert shape(" ".join(["IF"] + ["NP", "COMMA"] * 3000)) is None
    # a short run reads (where its prefix ends is the list rule's: not at a comma a list goes on after)
    parts = shape(" ".join(["IF"] + ["NP", "COMMA"] * 3 + ["NP", "VERB"]))
    assert parts is not None and parts[0][0] == "clause" and parts[-1][0] == "main" and parts[-1][1][-1] == 8


def test_a_requirement_list_before_the_main_clause_stays_in_the_condition():
    # the comma after "Navigation" is followed by "Physics, and 2 ENGINEER present", which is no
    # main clause: a subject list does not go on past its "and"
    ability = parse("Unless Navigation, Physics, and 2 ENGINEER present, one crew member is killed.",
                    card_type="Dilemma").abilities[0]
    condition = ability.conditions[0]
    assert condition.raw == "Unless Navigation, Physics, and 2 ENGINEER present"
    assert [t.text for t in condition.requires] == ["Navigation", "Physics", "2 ENGINEER present"]
    assert [e.verb for e in ability.effects] == ["kill"]
    assert ability.effects[0].object.text == "one crew member"


def test_a_terse_main_clause_after_an_open_prefix():
    ability = parse("While in play, nullifies {Q-Flash}.", card_type="Event").abilities[0]
    assert [c.raw for c in ability.conditions] == ["While in play"]
    assert [e.verb for e in ability.effects] == ["nullify"]


def goes_on(names: str):
    return _search("trailing", names.split(), "GO", _RESUMES, replace=False)


@pytest.mark.parametrize("names, where", [
    # "… unless 4 ENGINEER present": to the end
    ("UNLESS NP", None),
    # "… until outpost reached, then discard": the clause goes on at the comma before "then"
    ("SUB NP COMMA THEN VERB_BASE", (2, False)),
    # "… while that personnel operates transporters and returns it": a verb after "and"
    ("WHILE NP VERB NP AND VERB NP", (4, False)),
    # "…, if aboard X, may place …": a modal verb after a comma (the comma is dropped)
    ("IF NP NP COMMA VERB_MODAL NP", (3, True)),
    # "…, but if two or more present, one must continue"
    ("IF NP NP COMMA NP VERB_MODAL", (3, False)),
    # "…, and if the opponent on your left commands Earth, he or she may download …"
    ("IF NP OTHER NP VERB NP COMMA NP CONJ NP VERB_MODAL NP", (6, False)),
    # "if Data, Lore, or Spot present": commas inside the condition, no verb after them
    ("IF NP COMMA NP COMMA CONJ NP", None),
])
def test_where_a_clause_goes_on_after_its_trailing_condition(names, where):
    assert goes_on(names) == where


@pytest.mark.parametrize("names, length", [
    # "who has Leadership or Security | to be stopped": a purpose ends it
    ("VERB NP CONJ NP TO VERB", 4),
    # "who has a Prylar, Vedek, or Kai": a list goes on past its commas
    ("VERB NP COMMA NP COMMA CONJ NP VERB", 7),
    # "that has no crew, | …": a comma with no list after it ends it
    ("VERB NP COMMA NP VERB", 2),
    # "who controls station and has Obsidian Order | may report …": a second verb in the same form
    # (the reader gives it back to the main clause when no verb follows: relatives())
    ("VERB NP AND VERB NP VERB_MODAL", 5),
    # "who has Diplomacy and | discard …": not one printed as its lemma
    ("VERB NP AND VERB_BASE", 2),
    # "who is aboard (if any)": a bracketed condition is the main clause's
    ("VERB OTHER PAREN_IF", 2),
    # "who goes to hand": "to" before a phrase is a place
    ("VERB TO NP", 3),
])
def test_a_relative_clause_is_the_longest_run_the_grammar_reads(names, length):
    assert _relative_run(tuple(names.split())) == length


def cost_at(names: str):
    return _search("costed", names.split(), "COST", frozenset({"TO"}), replace=False, stop_early=False)


@pytest.mark.parametrize("names, at", [
    # "Discard a card to draw a card"
    ("P N TO P N", 2),
    # "Allow your personnel to initiate battle": a complement
    ("C N TO P N", None),
    # "Look at the top three cards and choose one to place in hand": the last verb takes a complement
    ("P N N AND C N TO P N", None),
    # "Choose a card and discard it to draw one": the first verb takes a complement
    ("C N N P N TO P N", None),
    # "Stop this personnel to be …": "to be" is no effect
    ("P N TO B N", None),
    # "Stay long enough to battle"
    ("P NE TO P", None),
    # "Is stopped to …": a passive's participle is the verb
    ("BP N TO P N", 2),
    # "Discard a card; … to draw": never past a semicolon
    ("P N SEMI N TO P", None),
])
def test_where_a_cost_ends_and_its_effect_starts(names, at):
    assert cost_at(names.replace("AND", "N")) == at


def test_no_cost_after_a_complements_own_to():
    # "Stock in deck and play to download X, or to nullify Y": "play … to" is a complement, and
    # the second "to" is its alternative, not where a cost ends
    assert cost_at("P N N C N TO P N N TO P N") is None
    # a plain verb after a complement-taking one pays again: "Discard X, look at Y and place one
    # to draw …"
    assert cost_at("P N C N P N TO P") == 6


def test_a_verb_after_a_comma_goes_on_after_a_condition_set_off_by_commas():
    # "all personnel, while aboard, lose …"
    assert goes_on("WHILE OTHER COMMA VERB_BASE NP") == (2, True)
    # "… where present, scoring 3 points": the participle is a verb group too
    assert goes_on("SUB OTHER COMMA VERB NP") == (2, True)


def effects_of(names: str) -> list[tuple[str, list]]:
    """clauses.lark's ``predicate`` over terminal names: each effect's kind and its parts' names."""
    from judge.cardtext.clause_grammar import clause_parser
    from judge.cardtext.lexer import QuickToken

    tokens = [QuickToken(name, "", i) for i, name in enumerate(names.split())]
    out = []
    for kind, parts in clause_parser().parse(tokens, start="predicate"):
        out.append((kind, [p[0] if isinstance(p, tuple) else p.type for p in parts]))
    return out


@pytest.mark.parametrize("names, effects", [
    # "discard a card from hand and draw a card": a verb starts an effect; "from hand" is a place
    ("V NP PREP NP AND V NP", [("effect", ["V", "NP", "place", "AND"]), ("effect", ["V", "NP"])]),
    # "beam up and report aboard": a preposition with no phrase after it is a particle
    ("V PREP AND V PREP", [("effect", ["V", "particle", "AND"]), ("effect", ["V", "particle"])]),
    # "…, and opponent may draw a card": the phrase between the joint and the modal is its subject
    ("V NP COMMA ANDS NPM VM NP",
     [("effect", ["V", "NP", "COMMA"]), ("effect", ["ANDS", "own", "VM", "NP"])]),
    # "Passing ships may …": with no joint before it, the phrase stays the verb's object
    ("V NPM VM", [("effect", ["V", "NPM"]), ("effect", ["VM"])]),
    # "… and Away Team stopped": before the zero-width "be", a phrase is its subject with no joint
    ("V NP AND NPZ VZ NP", [("effect", ["V", "NP", "AND"]), ("effect", ["own", "VZ", "NP"])]),
    # "are RANGE +2 and WEAPONS +1": modifiers with no object between them share the effect
    ("V MOD AND MOD", [("effect", ["V", "MOD", "AND", "MOD"])]),
    # "are each attributes +2 and STRENGTH +1": once it has objects and a modifier, the next is its own
    ("V NP MOD AND MOD", [("effect", ["V", "NP", "MOD", "AND"]), ("mod", ["MOD"])]),
    # "place it in this crew or Away Team": a phrase after "or" right after a place is the place's
    ("V NP PREP NP ORN NP", [("effect", ["V", "NP", "place"])]),
    # "discard up to four hand weapons for +5 each"
    ("V NP PREP SIGNED ADV", [("effect", ["V", "NP", "worth", "ADV"])]),
])
def test_the_grammar_groups_a_main_clause_into_effects(names, effects):
    assert effects_of(names) == effects


def test_the_effects_rule_keeps_a_subject_of_its_own_and_the_alternative():
    ability = parse("Discard a card from hand, or opponent may download a ship.",
                    card_type="Interrupt").abilities[0]
    discard, download = ability.effects
    assert discard.verb == "discard" and discard.places[0][0] == "from"
    assert download.verb == "download" and download.alternative and download.subject.text == "opponent"


def line_of(start: str, names: str):
    from lark.exceptions import UnexpectedInput

    from judge.cardtext.clause_grammar import clause_parser
    from judge.cardtext.lexer import QuickToken

    tokens = [QuickToken(name, "", i) for i, name in enumerate(names.split())]
    try:
        return [name for name, _ in clause_parser().parse(tokens, start=start)]
    except UnexpectedInput:
        return None


@pytest.mark.parametrize("start, names, parts", [
    # "Tractor Beam, Cloaking Device"
    ("keywords", "KW COMMA KW", ["KW", "COMMA", "KW"]),
    # "Holodeck, Tractor Beam, Stellar Cartography": a skill after a keyword, never first
    ("keywords", "KW COMMA SK", ["KW", "COMMA", "SK"]),
    ("keywords", "SK COMMA KW", None),
    # "DL/ {Release This Pain}"; "DL/" needs something after it
    ("keywords", "DL TT", ["DL", "TT"]),
    ("keywords", "KW DL", None),
    # "Tractor Beam (cannot carry ships aboard)": how it is limited, last only
    ("keywords", "KW PAREN", ["KW", "limited"]),
    ("keywords", "KW PAREN KW", None),
    # "Attack: 1", "Hit or direct hit = [Down]", "Hit = [Down] (or … if …)"
    ("stat", "LABEL COUNT", ["LABEL", "COUNT"]),
    ("stat", "NP CONJ NP EQUALS COUNT", ["NP", "CONJ", "NP", "EQUALS", "COUNT"]),
    ("stat", "NP EQUALS COUNT PAREN", ["NP", "EQUALS", "COUNT", "limited"]),
    ("stat", "NP EQUALS NP", None),
    # "Any Nor: Promenade", "Any Nor: Docking Ring" (a capitalised -ing name after the colon)
    ("listing", "NP COLON NP", ["NP", "COLON", "NP"]),
    ("listing", "NP COLON NAMEV NP", ["NP", "COLON", "NAMEV", "NP"]),
    ("listing", "NP COLON X NP", None),
    ("listing", "NP COLON COMMA", None),         # a phrase must follow the colon
    # "If in [GQ]: Geology, Physics": names only after the colon of a conditional list
    ("listing", "IFW NP COLON NP COMMA NP", ["IFW", "NP", "COLON", "NP", "COMMA", "NP"]),
    ("listing", "IFW NP COLON NP LINK NP", None),
])
def test_the_grammar_reads_keyword_lines_and_printed_values(start, names, parts):
    assert line_of(start, names) == parts


def test_a_kept_reading_of_a_clause_shape_is_not_changed_by_the_cards_that_share_it():
    """The readings of clause shapes are kept (``shape_cache``) and shared by every clause of that
    shape: a card read with them all fresh reads the same after the other cards have used them."""
    cards = json.loads((DATA / "cards_labelled.json").read_text(encoding="utf-8"))
    fresh = []
    for card in cards:
        clear_shape_caches()
        fresh.append(parse_card(card).to_json())
    shared = [parse_card(card).to_json() for card in cards]
    assert [i for i, (a, b) in enumerate(zip(fresh, shared, strict=True)) if a != b] == []
