"""Card text in a scenario changes the answer the way the rules say — and text the engine cannot
read makes the answer 'unknown', never a confident wrong one."""

import pytest

from judge.engine import ask


def combat(text: str | None, **event) -> dict:
    cards = [
        {"id": "w", "title": "Worf", "type": "personnel", "owner": "a", "at": "m", "strength": 5,
         "skills": {"Treachery": 1}},
        {"id": "g", "title": "Garak", "type": "personnel", "owner": "b", "at": "m", "strength": 6},
    ]
    if text is not None:
        cards.append({"id": "e", "title": "Some Event", "type": "event", "owner": "a", "text": text, **event})
    return {"edition": "2e", "players": ["a", "b"], "turn": "a",
            "missions": [{"id": "m", "title": "M", "type": "planet", "owner": "a", "span": 2}],
            "cards": cards, "question": {"kind": "combat", "attackers": ["w"], "defenders": ["g"]}}


@pytest.mark.parametrize(("text", "verdict", "totals"), [
    (None, "b", {"a": 5, "b": 6}),
    ("Each of your Treachery personnel is Strength +2.", "a", {"a": 7, "b": 6}),
    ("Each of your Treachery personnel is Strength +1.", "none", {"a": 6, "b": 6}),
    ("Each of your Diplomacy personnel is Strength +2.", "b", {"a": 5, "b": 6}),
    ("Each opponent's personnel is Strength -7.", "a", {"a": 5, "b": 0}),          # never below zero
    ("Each of your Treachery personnel is STRENGTH=9.", "a", {"a": 9, "b": 6}),    # a value, not +9
    ("Each opponent's personnel is attributes all 3.", "a", {"a": 5, "b": 3}),
    ("Each of your Treachery personnel is STRENGTH x2.", "a", {"a": 10, "b": 6}),  # was ignored: b
    ("Draw a card.", "b", {"a": 5, "b": 6}),                                       # not a modifier
    ("Each of your personnel is Strength +2 while facing a dilemma.", "unknown", None),  # unsettled condition
    ("Frobnicate the Strength of Worf by twice.", "unknown", None),               # unread text
    # a change the engine does not model is a doubt, never a change applied whole or passed over
    ("Your personnel are STRENGTH +3 vs. Garak.", "unknown", None),                # was a: +3 for all
    ("Your Romulan personnel are each STRENGTH +2.", "unknown", None),             # was a: "Romulan" lost
    ("Your equipment and personnel are each STRENGTH +2.", "a", {"a": 7, "b": 6}),  # was b: "personnel" lost
    ("Your ships and facilities are each STRENGTH +2.", "b", {"a": 5, "b": 6}),
    # qualifiers joined before one card type: either will do (was b: read as both skills at once)
    ("Each of your Diplomacy or Treachery personnel is Strength +2.", "a", {"a": 7, "b": 6}),
    ("Your personnel are not STRENGTH +5.", "unknown", None),                      # was a: +5
    ("Each of your Treachery personnel is STRENGTH +1 for each personnel present.",  # present with
     "unknown", None),                                                             # what? was b: +0
    # another value for some cards: the first applies, the other is a doubt (was no change at all)
    ("Each of your Treachery personnel is STRENGTH +2 ([Kli] +3).", "unknown", {"a": 7, "b": 6}),
    # a condition of how it is done gates nothing (was unknown, and no change)
    ("Each of your Treachery personnel is STRENGTH +2 (for free if you have a ship).", "a", {"a": 7, "b": 6}),
])
def test_modifiers_from_card_text(text, verdict, totals):
    answer = ask(combat(text))
    assert answer.verdict == verdict, answer.to_json()
    if totals:
        assert answer.facts["totals"] == totals
    if verdict == "unknown":
        assert answer.doubts and "Unknown" in answer.answer


@pytest.mark.parametrize(("people", "verdict"), [("Romulan", "b"), ("Klingon", "a")])
def test_a_people_named_in_a_phrase_is_checked_against_species_and_affiliation(people, verdict):
    # "Your Romulan personnel": the reader keeps "Romulan" as {"noun": "romulan"}; with the card's
    # species and affiliation given, the engine can tell (without them it doubts: above)
    doc = combat(f"Your {people} personnel are each STRENGTH +2.")
    doc["cards"][0].update(species="Klingon", affiliation="klingon")
    assert ask(doc).verdict == verdict


def test_anyone_present_is_every_personnel_there():
    # the reader keeps "anyone" as a pronoun filter; the engine reads it as any personnel
    answer = ask(combat("Anyone present is STRENGTH +2.", at="m"))
    assert (answer.verdict, answer.facts["totals"]) == ("b", {"a": 7, "b": 8})


def test_intermittent_in_combat_applies_only_during_combat():
    text = "While in combat, each of your personnel present is Strength +2."
    phaser = {"id": "ph", "title": "Phaser", "type": "equipment", "owner": "a", "at": "m", "text": text}
    doc = combat(None)
    doc["cards"].append(phaser)
    assert ask(doc).facts["totals"] == {"a": 7, "b": 6}
    doc["question"] = {"kind": "complete", "mission": "m", "personnel": ["w"]}
    doc["missions"][0]["requirements"] = "Treachery, Strength>6"
    assert ask(doc).facts["attribute_total"] == 5   # not in combat now


def test_first_edition_cumulative_rule():
    def battle(copies: int, cumulative: bool) -> int:
        text = "STRENGTH +2." + (" (Cumulative.)" if cumulative else "")
        cards = [{"id": "w", "title": "Worf", "type": "personnel", "owner": "a", "at": "m", "strength": 4},
                 {"id": "q", "title": "Quark", "type": "personnel", "owner": "b", "at": "m", "strength": 3}]
        cards += [{"id": f"d{i}", "title": "Disruptor", "type": "equipment", "owner": "a", "at": "m",
                   "text": text}
                  for i in range(copies)]
        doc = {"edition": "1e", "players": ["a", "b"], "turn": "a",
               "missions": [{"id": "m", "title": "M", "type": "planet", "owner": "a", "span": 2}],
               "cards": cards, "question": {"kind": "battle_pair", "a": "w", "b": "q"}}
        answer = ask(doc)
        return answer.verdict
    assert battle(1, False) == "stun"              # 6 against 3: not more than double
    assert battle(3, False) == "stun"              # copies are not cumulative: still 6
    assert battle(3, True) == "mortally_wound"     # cumulative: 10 against 3


def test_damage_card_lowers_range():
    doc = {"edition": "2e", "players": ["a", "b"], "turn": "a", "phase": "orders",
           "missions": [{"id": "x", "title": "X", "type": "space", "owner": "a", "span": 3},
                        {"id": "y", "title": "Y", "type": "planet", "owner": "a", "span": 3}],
           "cards": [{"id": "s", "title": "Ship", "type": "ship", "owner": "a", "affiliation": "klingon",
                      "at": "x",
                      "range": 7, "staffing": []},
                     {"id": "k", "title": "Kurn", "type": "personnel", "owner": "a", "affiliation": "klingon",
                      "aboard": "s"}],
           "question": {"kind": "move", "ship": "s", "to": "y"}}
    assert ask(doc).verdict == "legal"
    doc["cards"].append({"id": "d", "title": "Breach", "type": "event", "owner": "b", "on": "s",
                         "text": "Damage - This ship is Range -2."})
    answer = ask(doc)
    assert answer.verdict == "illegal" and answer.facts["range_left"] == 5
    assert "2e/rulebook/damage" in {c.id for c in answer.citations}


def test_a_modifier_under_several_conditions_holds_only_when_each_does():
    # two conditions come as a list: the engine read only one, and failed on the list
    text = "While in combat, if you have a ship, each of your Treachery personnel is STRENGTH +2."
    answer = ask(combat(text))
    assert answer.verdict == "unknown" and any("if you have a ship" in d for d in answer.doubts)


@pytest.mark.parametrize(("requires", "text", "verdict"), [
    ("Diplomacy x3", "Each of your personnel gains Diplomacy x2.", "success"),   # "x2" was one level
    ("Treachery", "Your personnel do not have Treachery.", "unknown"),           # was success
    ("Treachery", "Each of your personnel has Treachery.", "unknown"),
    ("Diplomacy", "Each of your Treachery personnel gains Diplomacy.", "success"),
])
def test_skills_from_card_text_in_a_mission_attempt(requires, text, verdict):
    p = {"type": "personnel", "owner": "a", "affiliation": "cardassian", "at": "m",
         "skills": {"Treachery": 1}, "cunning": 7, "integrity": 5, "strength": 5}
    doc = {"edition": "2e", "players": ["a", "b"], "turn": "a", "phase": "orders",
           "missions": [{"id": "m", "title": "M", "type": "planet", "owner": "a", "span": 3, "points": 35,
                         "affiliations": ["cardassian"], "requirements": requires}],
           "cards": [{**p, "id": "p1", "title": "One"}, {**p, "id": "p2", "title": "Two"},
                     {"id": "e", "title": "Some Event", "type": "event", "owner": "a", "text": text}],
           "question": {"kind": "complete", "mission": "m", "personnel": ["p1", "p2"]}}
    assert ask(doc).verdict == verdict


@pytest.mark.parametrize(("text", "verdict"), [
    ("Ships may not move this turn.", "unknown"),        # was legal: only the ship's own text was read
    ("Opponent's ships may not move.", "unknown"),       # (the event is the other player's)
    ("Your ships may not move.", "legal"),                # the other player's ships
    ("Your personnel may not move.", "legal"),            # not the ship
])
def test_standing_text_elsewhere_that_may_stop_a_move_is_a_doubt(text, verdict):
    doc = {"edition": "1e", "players": ["a", "b"], "turn": "a", "phase": "orders",
           "spaceline": {"alpha": ["m1", "m2"]},
           "missions": [{"id": "m1", "title": "M1", "type": "planet", "owner": "a", "span": 2},
                        {"id": "m2", "title": "M2", "type": "planet", "owner": "a", "span": 3}],
           "cards": [{"id": "s", "title": "Ship", "type": "ship", "owner": "a", "affiliation": "federation",
                      "at": "m1", "range": 6, "range_used": 0, "staffing": ["command"]},
                     {"id": "p", "title": "Officer", "type": "personnel", "owner": "a",
                      "affiliation": "federation", "classification": "OFFICER", "icons": ["command"],
                      "aboard": "s", "at": "m1"},
                     {"id": "e", "title": "Some Event", "type": "event", "owner": "b", "text": text}],
           "question": {"kind": "move", "ship": "s", "to": "m2"}}
    assert ask(doc).verdict == verdict


def test_a_condition_of_the_second_clause_does_not_hold_back_the_first():
    """ "STRENGTH +3, but loses 1 Diplomacy unless aboard your ship" (every 1E rifle): the "unless" is
    the Diplomacy loss's; the reader had made it the whole ability's, and the engine, unable to
    settle it, applied no STRENGTH at all (a stun, not a mortal wound)."""
    cards = [{"id": "w", "title": "Worf", "type": "personnel", "owner": "a", "at": "m", "strength": 4},
             {"id": "q", "title": "Quark", "type": "personnel", "owner": "b", "at": "m", "strength": 3},
             {"id": "r", "title": "Rifle", "type": "equipment", "owner": "a", "at": "m",
              "text": "Each of your personnel present is STRENGTH +3, but loses 1 Diplomacy unless aboard "
                      "your ship."}]
    doc = {"edition": "1e", "players": ["a", "b"], "turn": "a",
           "missions": [{"id": "m", "title": "M", "type": "planet", "owner": "a", "span": 2}],
           "cards": cards, "question": {"kind": "battle_pair", "a": "w", "b": "q"}}
    answer = ask(doc)
    assert answer.verdict == "mortally_wound" and not answer.doubts


def test_a_phrase_naming_several_cards_takes_in_each():
    """ "{Worf} and {Garak} are each STRENGTH +2.": the reader keeps the first title as the phrase's
    card and the others as filters; the engine had matched the first only."""
    doc = combat("{Worf} and {Garak} are each STRENGTH +2.")
    assert ask(doc).facts["totals"] == {"a": 7, "b": 8}


@pytest.mark.parametrize(("affiliation", "verdict"), [("klingon", "a"), ("borg", "b")])
def test_a_non_filter_holds_for_the_cards_that_do_not_meet_it(affiliation, verdict):
    # "non-[Bor]" is {"not": {"icon": "Bor"}} (it was a quality "non-" beside {"icon": "Bor"}, which
    # read as Borg personnel only)
    doc = combat("Each of your non-[Bor] personnel is STRENGTH +2.")
    doc["cards"][0].update(affiliation=affiliation)
    assert ask(doc).verdict == verdict
