"""How the clause reader reads what comes before a verb: prefixes it splits off, subjects it keeps,
and words it cannot place, which make the sentence unparsed rather than vanish from the reading."""

import json

import pytest

from judge.cardtext import parse
from judge.cardtext.lexer import clean, tokenize


def fully(*args, **kwargs):
    """parse(), asserting that every word of the text is read (the unparsed spans in the message)."""
    result = parse(*args, **kwargs)
    assert result.fully_parsed, [(u.text, u.reason) for u in result.unparsed]
    return result


def one(text: str, **kw):
    result = parse(text, "1e", **kw)
    assert not result.unparsed, result.unparsed
    assert len(result.abilities) == 1, result.abilities
    return result.abilities[0]


@pytest.mark.parametrize("text, dropped", [
    # a bonus with no verb of its own ("*+10" read as nothing, the rest as "bat'leth is …")
    ("*+10 if bat'leth is {Sword of Kahless}.", "+10"),
    # a download marker before a title
    ("DL/ {Grappler} may report here.", "DL/"),
])
def test_words_a_subject_cannot_hold_make_the_sentence_unparsed(text, dropped):
    result = parse(text, "1e")
    assert result.abilities == ()
    assert len(result.unparsed) == 1 and f"'{dropped}'" in result.unparsed[0].reason


def test_a_clause_with_no_verb_says_so_whatever_precedes():
    result = parse("(Not duplicable.)", "1e")
    assert result.unparsed[0].reason.startswith("no verb or modifier")


def test_a_heading_in_capitals_is_a_label_and_its_condition_is_read():
    text = ('ALIEN PARASITES: Unless INTEGRITY>32, Away Team beams back until "stopped." '
            "REM FATIGUE HALLUCINATIONS: Crew or Away Team dies at end of your third full turn.")
    result = parse(text, "1e")
    assert not result.unparsed
    first, second = result.abilities
    assert first.label == "ALIEN PARASITES" and second.label == "REM FATIGUE HALLUCINATIONS"
    unless = first.conditions[0]
    assert unless.word == "unless" and unless.comparisons[0]["attribute"] == "integrity"
    assert first.effects[0].verb == "beam"
    assert second.effects[0].verb == "kill"


def test_a_full_stop_inside_closing_quotes_ends_the_sentence():
    result = parse('Away Team is "stopped." Discard dilemma.', "1e")
    assert [a.raw for a in result.abilities] == ['Away Team is "stopped."', "Discard dilemma."]


def test_a_second_prefix_after_the_first_comma():
    ability = one("If your Klingon ENGINEER is here, in place of your normal card play you may flip "
                  "mission over.")
    assert [c.word for c in ability.conditions] == ["if", "in place of"]
    assert ability.conditions[1].raw == "in place of your normal card play"
    effect = ability.effects[0]
    assert effect.verb == "flip" and effect.optional and effect.subject.owner == "you"


def test_a_prefix_without_a_comma_ends_where_a_subject_takes_a_modal_verb():
    ability = one("Just after opponent scans mission you may discard incident to seed one card there.")
    assert ability.trigger is not None and ability.trigger.raw == "Just after opponent scans mission"
    assert ability.costs[0].verb == "discard" and ability.effects[0].verb == "seed"


def test_a_prefix_may_end_at_a_colon():
    ability = one("Once each turn, until start of your next turn: your ships are each WEAPONS +2.")
    assert ability.limit == "once each turn"
    assert ability.conditions[0].raw.startswith("until start of your next turn")
    assert ability.effects[0].attribute == "weapons"


def test_a_clause_after_a_semicolon_has_its_own_prefix():
    ability = one("You may place a ship here; until end of turn, your ships are each SHIELDS +2.")
    assert [e.verb for e in ability.effects] == ["place", "modify"]
    assert ability.conditions[0].raw == "until end of turn"


@pytest.mark.parametrize("text, compare", [
    ("Once each turn, a unique [Holo] with INTEGRITY>6 may report for free.", "INTEGRITY>6"),
    ("Discard one crew member with INTEGRITY<5.", "INTEGRITY<5"),
    ("To get past requires CUNNING>24.", "CUNNING>24"),
])
def test_a_comparison_in_a_phrase_is_a_filter(text, compare):
    ability = one(text)
    effect = ability.effects[0]
    phrases = [effect.subject, effect.object, *(t for _, t in effect.places)]
    assert any(("compare", compare) in t.filters for t in phrases if t is not None)


def test_a_tactic_reads_its_bonus_and_hull_damage():
    result = parse("Attack: 2. Defense: 1. ATTACK bonus +1 if you have a Dominion ship firing. "
                   "Hull: -20% Transporters off line.", "1e")
    assert not result.unparsed
    assert result.keywords == ("attack: 2", "defense: 1", "Hull: -20%")
    bonus = result.abilities[2]
    effect = bonus.effects[0]
    assert (effect.verb, effect.attribute, effect.amount) == ("modify", "attack", 1)
    assert bonus.conditions[0].word == "if"
    damage = result.abilities[-1]
    assert damage.effects[0].verb == "off_line" and damage.effects[0].subject.type == "transporter"


def test_attack_in_lower_case_is_still_a_verb():
    assert one("Your ships may attack.").effects[0].verb == "attack"


def test_a_negated_participle_opens_a_telegraphic_clause():
    effect = one("Not exposed by {Blood Screening}.").effects[0]
    assert effect.verb == "expose" and effect.negated and effect.card is None  # (what exposes: "by")
    assert dict(effect.places)["by"].card == "Blood Screening"


def test_a_condition_between_commas_before_the_verb():
    ability = one("Opponent's transporters, if operated by Transporter Skill personnel, may beam through "
                  "SHIELDS.")
    assert ability.conditions[0].raw == "if operated by Transporter Skill personnel"
    effect = ability.effects[0]
    assert effect.verb == "beam" and effect.subject.text == "Opponent's transporters"


def test_a_tactic_hull_damage_has_its_name_as_label():
    result = parse("Hull: -25% Sickbay damaged: randomly kills one MEDICAL personnel.", "1e")
    assert not result.unparsed
    assert result.keywords == ("Hull: -25%",)
    assert result.abilities[1].label == "Sickbay damaged" and result.abilities[1].effects[0].verb == "kill"


def test_a_modal_whose_verb_is_left_out_is_a_condition():
    """'If you cannot, …' after a choice (2E dilemmas): the elided verb is put back, the condition kept."""
    from judge.cardtext import parse

    result = parse("If you cannot, randomly select a personnel to be killed.", "2e")
    assert result.unparsed == ()
    (ability,) = result.abilities
    assert ability.to_json()["condition"]["raw"] == "If you cannot"
    assert [e.verb for e in ability.effects] == ["select", "kill"]
    assert parse("You may.", "2e").abilities == ()   # a modal at the end of a sentence is still an error


def test_edition_changes_the_reading_of_unbraced_titles():
    """2E prints titles bare in running text; 1E braces them, so there a capitalised run is not a title."""
    text = "When you play this personnel, you may download Prejudice and Politics."
    as_2e = parse(text, "2e").abilities[0].effects[0]
    as_1e = parse(text, "1e").abilities[0].effects[0]
    assert as_2e.card == "Prejudice and Politics"
    assert as_1e.card is None
    assert parse("Loses points, even if playing Borg.", "1e").to_json()["abilities"][0]["effects"][0].get(
        "card") is None


def test_a_telegraphic_main_clause_after_a_prefix():
    """1E's "Unless X, ship damaged and crew member killed.": the condition, then two passives whose
    subjects are what is damaged and what is killed (issue 12)."""
    result = fully("Unless SHIELDS>10 OR 2 SCIENCE aboard, ship damaged and one crew member killed.", "1e")
    ability = result.to_json()["abilities"][0]
    assert ability["condition"]["word"] == "unless"
    assert [(e["verb"], e["object"]["text"]) for e in ability["effects"]] == [
        ("damage", "ship"), ("kill", "one crew member")]


def test_as_long_as_is_a_standing_condition():
    """Issue 12's example of a construct a newcomer adds: one entry of the vocabulary's subordinators
    and the kind it makes. Before it, "As long as" was silently read as a subject."""
    ability = parse("As long as you command a [Fed] personnel, your ships are RANGE +1.", "2e").abilities[0]
    assert ability.kind == "intermittent"
    assert ability.conditions[0].word == "as long as"
    assert [e.verb for e in ability.effects] == ["modify"]


def test_except_opens_a_condition_but_not_at_the_end():
    ability = parse("Except {Borg Ship}, all ships are stopped.", "1e").abilities[0]
    assert ability.conditions[0].word == "except"
    tail = parse("Repairs all damaged ships in play, except {Borg Ship}.", "1e")
    assert tail.fully_parsed and not tail.abilities[0].conditions


def test_requirements_given_after_a_colon_belong_to_their_sentence():
    """An objective's "using these requirements: …" carries them; the text after them, with no full
    stop between, is a sentence of its own."""
    result = fully("You may attempt it using these requirements: Greed + Acquisition x3 + CUNNING > "
                   "(mission points x2) When you solve mission, you may download {Ferengi Trading Post} "
                   "here; discard objective.", "1e", card_type="Objective")
    first, second = result.abilities
    assert first.requirements.to_json()["all"][2]["mission_points"] == 2
    assert first.raw.endswith("(mission points x2)")
    assert second.kind == "response" and second.requirements is None
    assert [e.verb for e in second.effects] == ["download", "discard"]


def test_a_preposition_standing_alone_says_where_the_phrase_before_it_is():
    result = fully("All ships and facilities in space in that region without 3 Navigation aboard are "
                   "damaged.", "1e", card_type="Objective")
    without = dict(result.abilities[0].effects[0].object.places)["without"]
    assert without.where == "aboard" and ("skill", "Navigation") in without.filters


def test_or_if_is_a_second_condition_not_lost_words():
    result = fully("If you began this mission with only one non-Borg personnel, or if all your missions have "
                   "the same icon ([S] or [P]), opponent places dilemma on any one mission in play.", "1e",
                   card_type="Q Dilemma")
    (cond,) = result.abilities[0].conditions
    (second,) = cond.conditions
    assert second.word == "or if" and [e.verb for e in second.effects] == ["have"]


def test_a_participle_with_a_condition_in_brackets_is_what_happens_instead():
    result = fully("If only one personnel in crew or Away Team, that personnel dies (erased if [Holo]).",
                   "1e", card_type="Q Dilemma")
    instead = [c for c in result.abilities[0].conditions if c.instead]
    assert instead and instead[0].instead == "erased"


def test_another_time_in_brackets_and_when_it_holds():
    result = fully("At any time during your next turn (or at game end, if sooner), you must show a Devidian "
                   "Door from hand.", "1e", card_type="Doorway")
    (cond,) = result.abilities[0].conditions
    assert [c.word for c in cond.conditions] == ["or", "if"]
    assert cond.conditions[1].manner == ("sooner",)


def test_whether_or_not_and_as_if_are_conditions_of_their_verbs():
    result = fully("Immediately choose whether or not to nullify the next seed card at this location.", "1e",
                   card_type="Q Dilemma")
    (cond,) = result.abilities[0].conditions
    assert cond.word == "whether or not" and cond.effects[0].verb == "nullify"
    assert cond.effects[0].object.type == "seed card"
    result = fully("Opponent's card is suspended while player shows matching card, returns it to hand and "
                   "plays any card from hand as if played normally.", "1e", card_type="Doorway")
    assert [c.word for c in result.abilities[0].conditions] == ["while", "as if"]


def test_a_title_ending_in_an_exclamation_mark_does_not_end_the_sentence():
    result = parse("You may use opponent's {Red Alert}! (only at this outpost) as if you had a copy in play.",
                   "1e", card_type="Doorway")
    assert result.fully_parsed and len(result.abilities) == 1
    effect = result.abilities[0].effects[0]
    assert effect.card == "Red Alert!" and "only" in effect.manner
    assert dict(effect.places)["at"].type == "outpost"


def test_a_group_joined_in_brackets_is_part_of_the_subject_and_a_size_heading_may_have_one_too():
    result = fully("100 (or {Tribble Bomb}): On a ship or facility, up to 10 of this group's tribbles "
                   "(and/or your Tribble Bomb present) may go with that personnel.", "1e",
                   card_type="Trouble")
    (ability,) = result.abilities
    assert ability.label == "100 (or Tribble Bomb)"
    subject = ability.effects[0].subject
    assert subject.type == "tribbles" and subject.also[0][0] == "and/or"
    assert subject.also[0][1].where == "present"


def test_an_unknown_adverb_of_manner_is_kept():
    result = fully("It may not voluntarily move while your V.I.P. aboard.", "1e", card_type="Objective")
    assert "voluntarily" in result.abilities[0].effects[0].manner


def test_lexical_readings_of_game_words():
    """A title braced once is the same card named again without braces; a participle between a
    determiner and its noun describes it; '>2' before a noun counts; the download icon named."""
    result = fully("Borg player may download {Stop First Contact}. Once {Vulcan Lander} has landed here, "
                   "nullifies Stop First Contact.", "1e", card_type="Time Location")
    assert result.abilities[1].kind == "continuous"
    assert [e.verb for e in result.abilities[1].effects] == ["nullify"]
    assert result.abilities[1].effects[0].card == "Stop First Contact"
    result = parse("100: On a ship, suspends attribute enhancements related to its matching commander.", "1e",
                   card_type="Trouble")
    assert [e.verb for e in result.abilities[0].effects] == ["suspend"]
    assert result.abilities[0].kind == "continuous"
    result = fully("When attempting this mission with >2 and <8 personnel, discard it.", "1e",
                   card_type="Incident")
    counts = [t.count for _, t in result.abilities[0].trigger.effects[0].places]
    assert counts[:2] == [">2", "<8"]
    result = fully("Players must place a card from hand face up here to use a DL/ or {Hidden Fighter}.", "1e",
                   card_type="Incident")


def test_a_lasting_card_saying_what_it_does_of_itself_is_continuous_an_instruction_is_not():
    assert parse("Prevents {Ooby Dooby} card draws at this location.", "1e",
                 card_type="Tribble").abilities[0].kind == "continuous"
    assert parse("Kills up to two opposing personnel on planet.", "1e",
                 card_type="Objective").abilities[0].kind == "play_effect"
    assert parse("Discard objective.", "1e", card_type="Objective").abilities[0].kind == "play_effect"


def test_participles_after_a_phrase_and_purposes_after_require():
    result = parse("To get past requires Astrophysics and 2 ENGINEER remaining.", "1e", card_type="Dilemma")
    (effect,) = result.abilities[0].effects
    assert effect.verb == "require" and effect.objects[0].relative[0].verb == "remain"
    result = parse("OR Elsewhere: requires STRENGTH>18 to pass.", "1e", card_type="Dilemma")
    (effect,) = result.abilities[0].effects
    assert effect.verb == "require" and "to pass" in effect.manner
    result = parse("You must immediately initiate a battle at one location that has opposing ships or Away "
                   "Teams (if any).", "1e", card_type="Q Interrupt")
    (effect,) = result.abilities[0].effects
    assert dict(effect.places)["at"].relative[0].verb == "have"
    assert result.abilities[0].conditions[0].word == "if"


def test_a_card_states_its_own_terms_without_a_subject():
    assert parse("Requires two Bajoran Wormhole cards.", "1e", card_type="Doorway").abilities[0].kind == \
        "play_requirement"
    assert parse("Use as Equipment card.", "1e", card_type="Artifact").abilities[0].kind == "continuous"
    assert parse("Nullified if you play {Scan}.", "1e",
                 card_type="Objective").abilities[0].kind == "continuous"
    # a dilemma's requirement is what it does when encountered
    assert parse("Requires 2 OFFICER.", "1e", card_type="Dilemma").abilities[0].kind == "play_effect"


def test_a_relative_clause_may_hold_a_list_and_a_bracket_may_hold_a_participle():
    result = fully("Once each turn, any player who has a Prylar, Vedek, or Kai unopposed here may discard "
                   "one card.", "1e", card_type="Site")
    (relative,) = result.abilities[0].effects[0].subject.relative
    assert relative.verb == "have" and len(relative.objects) == 2
    result = parse("Cancels probing on non-Dilemma cards at (and [BO] cards targeting) this location.", "1e",
                   card_type="Tribble")
    assert [e.verb for e in result.abilities[0].effects] == ["cancel"]


def test_coordinated_participles_are_each_a_passive_of_the_same_thing():
    result = fully("If their total CUNNING is odd, they are \"stopped\" and, if possible, relocated to "
                   "{Quark's Bar}.", "1e", card_type="Dilemma")
    stop, relocate = result.abilities[0].effects
    assert (stop.verb, relocate.verb) == ("stop", "relocate")
    assert dict(relocate.places)["to"].card == "Quark's Bar" and not stop.places
    assert [c.word for c in result.abilities[0].conditions] == ["if", "if"]


def test_do_not_and_a_clause_in_brackets_after_a_condition():
    result = fully("Personnel aboard must initiate battle whenever possible (no leader is required and "
                   "affiliation attack restrictions do not apply).", "1e", card_type="Artifact")
    verbs = {e.verb: e for e in result.abilities[0].effects}
    assert verbs["apply"].negated and verbs["apply"].modal == "do not"
    # (the restrictions, of the affiliations: the last of nouns printed together heads the phrase)
    assert verbs["apply"].subject.type == "attack restriction"
    assert ("noun", "affiliation") in verbs["apply"].subject.filters
    assert result.abilities[0].conditions[0].raw == "whenever possible"


def test_once_after_a_verb_is_one_time_and_have_keeps_what_it_has_besides_a_value():
    result = fully("Place in hand until played once as an Interrupt card.", "1e", card_type="Artifact")
    result = fully("Head has CUNNING=10 and Computer Skill.", "1e", card_type="Artifact")
    assert [e.verb for e in result.abilities[0].effects] == ["modify", "have"]


def test_a_sum_of_attributes_is_compared_as_one_total_and_anyones_choice_is_a_note():
    result = fully("All crew members with (CUNNING+INTEGRITY)<12 are killed unless Empathy present.", "1e",
                   card_type="Dilemma")
    result = fully("If >9 personnel remain, opponent may draw a card.", "1e", card_type="Dilemma")
    result = fully("Discard one crew member ({Norah Satie}'s choice if in play, or random selection).", "1e",
                   card_type="Dilemma")
    assert "{norah satie}'s choice" in result.abilities[0].effects[0].manner


def test_an_attribute_disabled_beside_another_modified():
    result = fully("Place on ship; WEAPONS are disabled and SHIELDS -2.", "1e", card_type="Dilemma")
    place, disable, modify = result.abilities[0].effects
    assert disable.verb == "disable" and disable.object.filters == (("attribute", "weapons"),)
    assert (modify.attribute, modify.amount) == ("shields", -2)


def test_what_each_is_worth():
    result = fully("Discard up to four hand weapons for +5 each.", "1e", card_type="Mission")
    assert "for +5" in result.abilities[0].effects[0].manner


def test_an_action_named_in_quotes_and_glossed():
    result = fully('Nullifies {X}. OR "Melt" (place out-of-play) one card in any discard pile.', "1e",
                   card_type="Interrupt")
    (effect,) = result.abilities[1].effects
    assert effect.verb == "place" and "melt" in effect.manner and "out-of-play" in effect.manner
    result = parse('OR "Remodulates" your hand.', "1e", card_type="Interrupt")
    assert result.abilities[0].effects[0].verb == "remodulate"
    # a quoted term that is no action stays a term
    result = parse('Your dilemmas with "murder" or "crime" in title kill a personnel.', "1e",
                   card_type="Personnel")
    assert [e.verb for e in result.abilities[0].effects] == ["kill"]


def test_played_for_a_purpose_is_what_it_does():
    result = parse("Plays on {Plasma Fire} or {Warp Core Breach} to move onto nearest opponent's ship.", "1e",
                   card_type="Interrupt")
    assert result.abilities[0].kind == "play_effect"
    assert parse("Plays on {Plasma Fire}.", "1e",
                 card_type="Interrupt").abilities[0].kind == "play_requirement"


def test_a_condition_within_a_verbless_condition_and_shared_out_modifiers():
    result = fully("If aboard your ship when it wins a battle, draw a card.", "1e", card_type="Personnel")
    (cond,) = result.abilities[0].conditions
    assert cond.conditions[0].word == "when" and cond.conditions[0].effects[0].verb == "win"
    result = parse("Where present, your Borg are each CUNNING and STRENGTH +1.", "1e", card_type="Personnel")
    assert [(e.attribute, e.amount, e.manner) for e in result.abilities[0].effects] == [
        ("cunning", 1, ("each",)), ("strength", 1, ("each",))]
    result = parse("X=2 or 7.", "1e", card_type="Personnel")
    assert result.fully_parsed and result.abilities[0].effects[0].value == "2 or 7"


def test_ranks_before_names_at_will_and_a_telegraphic_aside():
    result = parse("While in play, all androids (including Lt. Cmdr. {Data}) lose their affiliation.", "1e",
                   card_type="Event")
    assert result.fully_parsed and len(result.abilities) == 1
    result = parse("While in play, the Federation may battle the attacking ship's affiliation at will.", "1e",
                   card_type="Event")
    assert result.fully_parsed and "at will" in result.abilities[0].effects[0].manner
    result = fully("Holds one personnel (occupant killed if table destroyed).", "1e", card_type="Equipment")
    assert "kill" in [e.verb for e in result.abilities[0].effects]
    result = fully("Your ships are SHIELDS +3 while at missions with matching affiliation icons.", "1e",
                   card_type="Event")


def test_ranges_worth_and_telegraphic_clauses_after_asides_and_conditions():
    result = parse("Unless 22 < STRENGTH < 55, one Away Team member is killed (random selection).", "1e",
                   card_type="Dilemma")
    assert result.fully_parsed and result.abilities[0].conditions[0].word == "unless"
    result = parse('Even if not damaged, crew "stopped" unless SCIENCE, OFFICER and Astrophysics present.',
                   "1e", card_type="Dilemma")
    assert result.fully_parsed and [e.verb for e in result.abilities[0].effects] == ["stop"]
    result = parse("If android present, one non-android personnel (random selection) killed unless Empathy "
                   "present.", "1e", card_type="Dilemma")
    assert result.fully_parsed and [e.verb for e in result.abilities[0].effects] == ["kill"]
    result = parse("If at [P], mission worth -10 points.", "1e", card_type="Dilemma")
    (effect,) = result.abilities[0].effects
    assert (effect.verb, effect.attribute, effect.amount) == ("modify", "points", -10)


def test_limits_per_location_just_before_and_a_telegraphic_main_clause_with_its_own_condition():
    result = parse("Once per mission location, if opponent just revealed your dilemma there, you may "
                   "exchange it with a dilemma named {Q} from your hand.", "1e", card_type="Objective")
    assert result.fully_parsed and result.abilities[0].limit == "once per mission location"
    result = parse("Just before that ship decloaks or dephases, return it to its former location.", "1e",
                   card_type="Objective")
    # the moment before an event, as "just after" is the moment after: a response's trigger
    (ability,) = result.abilities
    assert result.fully_parsed and ability.kind == "response"
    assert (ability.trigger.word, ability.trigger.event) == ("just before", "decloak")
    result = parse("If on a planet, objective nullified if you have fewer than three Jem'Hadar on planet.",
                   "1e", card_type="Objective")
    assert result.fully_parsed and result.abilities[0].effects[0].verb == "nullify"
    result = parse("Seed one during facility phase on any spaceline end.", "1e", card_type="Doorway")
    assert [e.verb for e in result.abilities[0].effects] == ["seed"]


def test_another_quoted_choice_after_a_semicolon_and_a_modifier_after_a_download_line():
    result = fully('Order - Choose one for this personnel to gain: "Honor personnel present are Cunning +1"; '
                   'or "Treachery personnel present are Cunning +1".', "2e", card_type="Personnel")
    gain = result.abilities[0].effects[-1]
    assert gain.verb == "gain" and len(gain.objects) == 1
    result = fully("DL/ Any [Pursuit] card WEAPONS +2 vs. [Maq].", "1e", card_type="Ship")
    assert any(e.verb == "modify" and e.attribute == "weapons" for a in result.abilities for e in a.effects)


def test_to_after_a_choice_is_not_a_cost_and_suspend_play_is_one_verb():
    result = parse("Immediately look through your draw deck for up to thirty seconds and choose three cards "
                   "to place in your hand.", "1e", card_type="Artifact")
    assert result.abilities[0].kind == "play_effect" and not result.abilities[0].costs
    result = parse("You may suspend play to move your other staffed ship to that mission.", "1e",
                   card_type="Incident")
    (cost,) = result.abilities[0].costs
    assert cost.verb == "suspend" and [e.verb for e in result.abilities[0].effects] == ["move"]


def test_a_tactic_says_what_it_does_when_played_and_what_playing_it_needs():
    result = parse("Requires a [Bor] ship. If you hit, you may relocate one of target's crew members to one "
                   "of your ships.", "1e", card_type="Tactic")
    assert [a.kind for a in result.abilities] == ["play_requirement", "play_effect"]


def test_what_players_must_do_to_do_something_is_a_standing_rule():
    result = parse("Players must place a card from hand face up here to use a {Hidden Fighter}.", "1e",
                   card_type="Incident")
    (ability,) = result.abilities
    assert ability.kind == "continuous" and ability.costs[0].verb == "place"


def test_a_value_that_is_a_sum_another_place_in_a_condition_and_an_adverb_preposition_in_a_subject():
    result = fully("X=7+ number of your other staffed [Hir] ships here.", "1e", card_type="Ship")
    assert result.abilities[0].effects[0].value == "7+ number of your other staffed [Hir] ships here"
    result = fully("While on your Romulan ship (or your [OS] ship with 2 ENGINEER aboard), ship has a "
                   "Cloaking Device.", "1e", card_type="Equipment")
    result = fully("Each unopposed CIVILIAN inside at start of its owner's turn scores 1 point.", "1e",
                   card_type="Facility")


def test_a_dual_cards_type_icon_heads_its_text():
    result = parse("[Event] Plays on table. [Interrupt] Nullify {Red Alert}.", "1e",
                   card_type="Interrupt/Event")
    assert [(a.label, a.kind) for a in result.abilities] == [("Event", "play_requirement"),
                                                             ("Interrupt", "play_effect")]


def test_a_passive_by_an_agent_in_brackets():
    result = fully("You may place incident on any outpost to prevent its {Spacedoors} from re-opening "
                   "(nullified by 4 ENGINEER aboard).", "1e", card_type="Incident")
    assert "nullify" in [e.verb for e in result.abilities[0].effects]


def test_a_condition_ends_at_a_colon_that_says_what_the_action_is():
    result = fully('If a [Com] Borg, once each turn, may "transfer data" if present with a {Borg Data Node}: '
                   "draw one card.", "1e", card_type="Incident")
    assert [e.verb for e in result.abilities[0].effects] == ["transfer", "draw"]


def test_probe_results_head_what_they_do():
    result = fully("End of every player's turn, that player must probe: [Interrupt], [Doorway]: Flare-up. "
                   "All ships in that region are damaged. [Objective]: Maelstrom. All ships in that region "
                   "are destroyed. [Event]: Plasma storms subside. Discard objective.", "1e",
                   card_type="Objective")
    assert [(a.kind, a.label) for a in result.abilities] == [
        ("response", None), ("play_effect", None), ("play_effect", "Objective: Maelstrom"),
        ("play_effect", "Event: Plasma storms subside")]


def test_skill_lists_with_commas_and_a_dual_personnels_ordinal_headings():
    result = parse("SCIENCE Geology, Computer Skill, Cybernetics, Music", "1e", card_type="Personnel")
    assert [s.skill for s in result.skills] == ["SCIENCE", "Geology", "Computer Skill", "Cybernetics",
                                                "Music"]
    result = fully("Third: Youth SCIENCE Fourth: Youth Exobiology", "1e", card_type="Personnel")
    assert [(s.skill, s.persona) for s in result.skills] == [
        ("Youth", "Third"), ("SCIENCE", "Third"), ("Youth", "Fourth"), ("Exobiology", "Fourth")]


def test_a_sentence_opening_with_but_then_a_prefix():
    result = parse("But whenever they fail a mission attempt, one of your personnel must return to ship.",
                   "1e", card_type="Incident")
    assert result.fully_parsed and result.abilities[0].kind == "response"


def test_a_dual_missions_heading_a_place_after_a_participle_and_who_instead():
    result = parse("MEDICAL + Biology If you solve, you overcome {Plague Ships}. Opponent's side: If you "
                   "solve, all Plague Ships score no points.", "1e", card_type="Mission")
    assert result.fully_parsed and result.abilities[1].label == "Opponent's side"
    result = parse("ENGINEER x2 + Holodeck No outposts or stations allowed here.", "1e", card_type="Mission")
    assert result.fully_parsed and result.abilities[0].effects[0].verb == "allow"
    result = fully("Unless 2 Empathy present, place on one personnel ({Julian Bashir} if present, otherwise "
                   "random selection).", "1e", card_type="Dilemma")
    assert any(c.instead == "{Julian Bashir}" for c in result.abilities[0].conditions)


def test_a_bracketed_participle_with_a_place_is_a_passive_alone_a_gloss():
    result = fully("You may substitute an empty ship here (moved to opponent's side of spaceline; "
                   "commandeered).", "1e", card_type="Dilemma")
    substitute, move = result.abilities[0].effects
    assert move.verb == "move" and "commandeered" in substitute.manner


def test_rather_than_and_titles_joined_by_a_slash():
    result = fully("Until end of turn, subtract (rather than add) infiltrator's skills from Away Team's "
                   "totals.", "1e", card_type="Interrupt")
    assert any(c.word == "rather than" for c in result.abilities[0].conditions)
    result = fully("Draw a card from discard pile (except {Kevin Uxbridge}/{Amanda Rogers}).", "1e",
                   card_type="Incident")


def test_a_dilemmas_purpose_prefix_is_what_it_requires():
    result = parse("To get through this door, Away Team must have Computer Skill present.", "1e",
                   card_type="Dilemma")
    assert result.abilities[0].kind == "play_effect"
    result = parse("To play this interrupt, you must command two [Rom] personnel.", "1e",
                   card_type="Interrupt")
    assert result.abilities[0].kind == "play_requirement"


def test_an_order_in_brackets_and_a_bracketed_place_with_its_adverb():
    result = fully("Unless 2 hand weapons present, kills two personnel (lowest CUNNING first, then lowest "
                   "STRENGTH).", "1e", card_type="Dilemma")
    assert "then lowest strength" in result.abilities[0].effects[0].manner
    result = fully("Ship and crew must go to that mission (with infiltrator aboard) and attempt it.", "1e",
                   card_type="Objective")


def test_another_value_and_when_it_holds_after_a_condition():
    result = fully("Each Alpha Quadrant mission solved this game is -10 points if solved by opponent, or +10 "
                   "if showing [KLI] icon.", "1e", card_type="Objective")
    (cond,) = [c for c in result.abilities[0].conditions if c.conditions]
    assert cond.conditions[0].instead == "+10" and cond.conditions[0].word == "or if"


def test_a_lost_icons_glyph_and_an_attribute_change_after_a_verb():
    result = fully("Seeds (uncontrolled) during mission phase at a % mission.", "1e", card_type="Facility")
    result = parse("While on your ship, enhances its attributes all +1.", "1e", card_type="Equipment")
    (effect,) = result.abilities[0].effects
    assert (effect.verb, effect.attribute, effect.amount) == ("modify", "attributes", 1)


def test_each_time_opens_a_trigger_and_alone_says_how_often():
    ability = parse("Each time you play an {Amanda Rogers} card, opponent may place two cards into "
                    "opponent's own discard pile.", "1e", card_type="Event").abilities[0]
    assert ability.kind == "response"
    assert (ability.trigger.event, ability.trigger.object.card) == ("play", "Amanda Rogers")
    assert ability.effects[0].subject.type == "opponent"
    ability = parse("Cloaks or decloaks each time any points scored.", "1e", card_type="Mission").abilities[0]
    assert [c.word for c in ability.conditions] == ["each time"]
    assert [e.object for e in ability.effects] == [None, None]
    ability = parse("Your personnel may report aboard your ships (discard doorway each time).", "1e",
                    card_type="Doorway").abilities[0]
    assert not ability.conditions and "each time" in ability.effects[-1].manner


def test_a_subject_the_phrase_before_it_ran_into_after_a_prefix_with_no_comma():
    ability = parse('When opponent initiates battle here, just after it is targeted each of your Orbital '
                    'Weapons Platforms here may "fire upon" an opposing ship present.', "1e",
                    card_type="Facility").abilities[0]
    assert ability.kind == "response" and [c.word for c in ability.conditions] == ["just after"]
    assert ability.effects[0].subject.text == "each of your Orbital Weapons Platforms here"


def test_then_after_a_trailing_condition_starts_the_next_effect():
    ability = parse("Place on one Bajoran ship until outpost reached, then discard.", "1e",
                    card_type="Event").abilities[0]
    assert [e.verb for e in ability.effects] == ["place", "discard"]
    assert [c.raw for c in ability.conditions] == ["until outpost reached"]
    ability = parse("WEAPONS or SHIELDS are +4 until start of your next turn, then discard objective.", "1e",
                    card_type="Objective").abilities[0]
    assert [e.verb for e in ability.effects][-1] == "discard"
    assert [c.raw for c in ability.conditions] == ["until start of your next turn"]


def test_a_ratio_is_one_number_not_a_colon_that_ends_a_prefix():
    ability = parse("If any player's ratio of bonus points to non-bonus points exceeds 1:1, the excess bonus "
                    "points do not count toward winning.", "1e", card_type="Incident").abilities[0]
    assert ability.conditions[0].raw.endswith("exceeds 1:1")
    assert ability.effects[0].subject.text == "the excess bonus points"


def test_a_bracketed_sentence_with_a_prefix_is_its_own_ability_not_a_condition_of_the_one_before():
    result = parse("Decay: 3. (When there are three cards on this event, destroy it.)", "2e",
                   card_type="Event")
    assert [a.kind for a in result.abilities] == ["keyword_rule", "response"]
    assert [e.verb for e in result.abilities[1].effects] == ["destroy"]
    result = parse("Your weapons may fire. (if {Data} present.)", "1e", card_type="Event")
    assert len(result.abilities) == 1 and result.abilities[0].conditions[0].word == "if"


def test_a_phrase_after_a_comma_before_a_modal_verb_is_that_verbs_subject():
    ability = parse('All such personnel are "stopped," but if two or more present, one must continue (random '
                    'selection).', "2e", card_type="Dilemma").abilities[0]
    assert [c.raw for c in ability.conditions] == ["if two or more present"]
    assert (ability.effects[-1].verb, ability.effects[-1].subject.text) == ("continue", "one")
    ability = parse("Discard victim; you may report two Vidiians and, until end of your next turn, your "
                    "Vidiians may ignore {The Phage}.", "1e", card_type="Dilemma").abilities[0]
    ignore = next(e for e in ability.effects if e.verb == "ignore")
    assert ignore.subject.text == "your Vidiians"


def test_the_next_time_opens_a_condition_or_a_trigger():
    ability = parse("One Vulcan without Youth present (opponent's choice) dies the next time you score "
                    "points.", "1e", card_type="Interrupt").abilities[0]
    assert [e.verb for e in ability.effects] == ["kill"]
    assert ability.conditions[0].word == "the next time" and ability.conditions[0].verbs == ("score",)
    ability = parse("The next time you play an Interrupt card during opponent's turn, opponent may place "
                    "this event on any one of your SECURITY personnel in play.", "1e",
                    card_type="Event").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == "play"


def test_a_relative_clause_without_that_filters_the_phrase_before_it():
    (effect,) = parse("Missions you solve are +5 points.", "1e", card_type="Personnel").abilities[0].effects
    assert effect.subject.text == "Missions"
    assert [(e.verb, e.subject.text) for e in effect.subject.relative] == [("solve", "you")]
    ability = parse("Any space dilemmas you encounter this turn also apply to that ship and crew.", "1e",
                    card_type="Event").abilities[0]
    assert [e.verb for e in ability.effects] == ["apply"]
    assert ability.effects[0].subject.relative[0].verb == "encounter"
    # no other verb for the phrase: "you" is the subject of the sentence's one verb
    (effect,) = parse("Each turn, you may draw a card.", "1e", card_type="Event").abilities[0].effects
    assert effect.verb == "draw" and not effect.subject.relative
    # "it" after a phrase's head noun is such a subject too (as an object it stands alone: "discard it")
    (effect,) = fully("May capture any female or [Holo] adversary it stuns.",
                      card_type="Personnel").abilities[0].effects
    assert effect.verb == "capture" and [t.text for t in effect.objects] == ["[Holo] adversary"]
    assert [(e.verb, e.subject.text) for e in effect.objects[0].relative] == [("stun", "it")]
    (effect,) = fully("Does not count down the turn it is played.", card_type="Event").abilities[0].effects
    assert effect.object.text == "the turn" and effect.object.relative[0].verb == "play"


def test_after_who_or_a_subject_pronoun_an_ed_form_is_a_past_verb_and_an_adverb_may_come_first():
    # "who just died": the -ed form read as a participle kept "who" and "died" as objects
    effects = fully("Once per turn, returns an opponent's personnel who just died to opponent's hand.",
                    card_type="Event").abilities[0].effects
    assert [e.verb for e in effects] == ["return"] and effects[0].object.text == "an opponent's personnel"
    assert [(e.verb, e.manner) for e in effects[0].object.relative] == [("kill", ("just",))]
    (effect,) = fully("Once per battle, your personnel present may stun an adversary they just engaged.",
                      card_type="Equipment").abilities[0].effects
    assert effect.object.text == "an adversary" and effect.object.relative[0].verb == "engage"
    # after "it" or "that" the -ed form may be what describes a thing: "that stopped personnel"
    (effect,) = fully("Discard that stopped personnel.", card_type="Interrupt").abilities[0].effects
    assert effect.verb == "discard" and effect.object.text == "that stopped personnel"


def test_a_trailing_condition_ends_where_a_clause_with_its_own_subject_starts():
    ability = parse("Randomly select a personnel to be stopped, and if the opponent on your left commands "
                    "Earth, he or she may download two [Sta] cards.", "2e", card_type="Dilemma").abilities[0]
    assert [e.verb for e in ability.effects] == ["select", "stop", "download"]
    assert [c.raw for c in ability.conditions] == ["if the opponent on your left commands Earth"]
    ability = parse("Any ship may dock here if ship is compatible with station's affiliation (just before "
                    "undocking, that personnel may board ship).", "1e", card_type="Site").abilities[0]
    assert [e.verb for e in ability.effects] == ["dock", "board"]
    assert ability.conditions[0].raw == "if ship is compatible with station's affiliation"


def test_a_verb_word_after_an_article_or_a_possessive_names_a_thing():
    (effect,) = parse("Three Nausicaans pick a fight.", "1e", card_type="Dilemma").abilities[0].effects
    assert effect.verb == "pick" and effect.object.text == "a fight"
    (effect,) = parse("Your personnel may report aboard that ship (under your control).", "2e",
                      card_type="Event").abilities[0].effects
    assert effect.verb == "report" and dict(effect.places)["under"].type == "control"
    (effect,) = parse("Your next turn take a double turn.", "1e", card_type="Interrupt").abilities[0].effects
    assert effect.verb == "take"
    # a ban printed as "No <verb>ing" keeps its verb
    result = parse("No beaming up or taking off from planet.", "1e", card_type="Event")
    assert result.fully_parsed and "beam" in [e.verb for e in result.abilities[0].effects]


def test_now_and_a_moment_of_each_turn_is_a_trigger_that_fires_now_too():
    ability = parse("Now and start of each turn, kills one personnel aboard (your choice).", "1e",
                    card_type="Dilemma").abilities[0]
    assert ability.kind == "response"
    assert (ability.trigger.event, ability.trigger.word) == ("start", "now and")
    assert [e.verb for e in ability.effects] == ["kill"] and ability.effects[0].subject is None


def test_a_cards_other_function_after_or_keeps_its_prefix():
    ability = parse("OR During any player's turn, you may capture one personnel just stunned in battle.",
                    "1e", card_type="Interrupt").abilities[0]
    assert [c.word for c in ability.conditions] == ["during"]
    assert ability.effects[0].subject.text == "you"


def test_when_with_a_state_holds_while_it_lasts_and_with_an_event_responds():
    ability = parse("When on your ship, may download an {Alternate Universe Door}.",
                    "1e", card_type="Personnel").abilities[0]
    assert ability.kind == "intermittent" and ability.trigger is None
    assert [c.word for c in ability.conditions] == ["when"]
    # done "in place of one card draw", it is an action the player performs instead (1.7 rulebook,
    # end of turn), while the state holds
    ability = parse("When on your ship, may download an {Alternate Universe Door} in place of one card draw.",
                    "1e", card_type="Personnel").abilities[0]
    assert ability.kind == "activated" and [c.word for c in ability.conditions] == ["when"]
    ability = parse("When reached, discard dilemma.", "1e", card_type="Dilemma").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == "reach"
    # "each time" names an event even when the reader does not know its verb
    ability = parse("Each time a card provides multiple card draws, only one may be converted.", "1e",
                    card_type="Artifact").abilities[0]
    assert ability.kind == "response"


def test_a_condition_set_off_by_commas_before_the_verb_and_its_text_whole():
    ability = parse("Mission continues, but all personnel, while aboard, lose their first-listed skill.",
                    "1e", card_type="Dilemma").abilities[0]
    assert [e.verb for e in ability.effects] == ["continue", "lose"]
    assert [c.raw for c in ability.conditions] == ["while aboard"]  # no comma kept
    # a clause ending with a relative clause keeps it in its text
    ability = parse("If you command a ship that has no crew, draw a card.", "1e",
                    card_type="Event").abilities[0]
    assert [c.raw for c in ability.conditions] == ["If you command a ship that has no crew"]
    ability = parse("When you play a personnel who has Leadership, draw a card.", "1e",
                    card_type="Event").abilities[0]
    assert ability.trigger.raw == "When you play a personnel who has Leadership"


def test_a_comparison_joined_to_a_condition_by_and_is_a_second_condition():
    result = fully("If personnel are present, and the number of personnel in this crew or Away Team > lowest "
                   "attribute present, discard event.", "1e", card_type="Q Event")
    (cond,) = result.abilities[0].conditions
    assert [c.word for c in cond.conditions] == ["and"] and cond.conditions[0].comparisons


def test_when_with_no_known_verb_and_no_place_stays_an_event():
    # "hits" is not in the vocabulary as a verb: with no place in it, the clause is still an event
    ability = parse("When your {Chain Reaction Pulsar} hits a ship, draw a card.", "1e",
                    card_type="Incident").abilities[0]
    assert ability.kind == "response"


def test_a_comparison_of_two_phrases_is_kept_whole():
    result = parse("If Away Team's Greed>Honor, discard it.", "1e", card_type="Dilemma")
    (cond,) = result.abilities[0].conditions
    assert cond.comparisons[0]["text"] == "Away Team's Greed>Honor"


def test_a_relative_clause_inside_another_filters_its_own_phrase():
    ability = parse("Your Away Teams which include a personnel who matches homeworld's affiliation may "
                    "attempt the mission.", "1e", card_type="Facility").abilities[0]
    assert [e.verb for e in ability.effects] == ["attempt"]
    (include,) = ability.effects[0].subject.relative
    assert include.verb == "include" and include.object.text == "a personnel"
    assert [e.verb for e in include.object.relative] == ["match"]


def test_an_effects_text_ends_before_the_joint_to_the_next():
    ability = parse("You may nullify a non-[Ref] interrupt and draw a card, then discard it.", "1e",
                    card_type="Event").abilities[0]
    assert [e.raw for e in ability.effects] == ["may nullify a non-[Ref] interrupt", "draw a card",
                                                "discard it"]
    # a quotation closed after its full stop keeps its closing quote
    (effect,) = parse('Away Team is "stopped." Draw a card.', "1e", card_type="Dilemma").abilities[0].effects
    assert effect.raw == 'is "stopped."'


def test_an_ing_word_between_a_determiner_and_an_icon_describes_what_follows():
    (effect,) = parse("May select any matching [KCA] personnel aboard.", "1e", card_type="Personnel"
                      ).abilities[0].effects
    assert effect.object.text == "any matching [KCA] personnel"
    # after a preposition it acts on them: "prevent opponent from nullifying [Rule] cards" (what is
    # prevented: a place of "prevent", not an effect)
    result = parse("Your Nagus may prevent opponent from nullifying [Rule] cards here.", "1e",
                   card_type="Artifact")
    (effect,) = result.abilities[0].effects
    assert effect.verb == "prevent" and dict(effect.places)["from"].text.startswith("nullifying [Rule] cards")


@pytest.mark.parametrize("text, verb, prep, what", [
    ("Discard this equipment to prevent a personnel present from being killed.", "prevent", "from",
     "being killed"),
    ("If you do, put this event in your hand instead of destroying it.", "put", "instead of",
     "destroying it"),
    ("Your ships may move through here without stopping.", "move", "without", "stopping"),
    ("Keep all your {Ketracel-White} present from counting down.", "keep", "from", "counting down"),
])
def test_an_action_after_from_instead_of_or_without_is_a_place_of_the_verb_not_an_effect(text, verb, prep,
                                                                                       what):
    ability = fully(text, "1e", card_type="Event").abilities[0]
    assert [e.verb for e in ability.effects] == [verb]
    assert dict(ability.effects[0].places)[prep].text == what


def test_aboard_between_a_phrase_and_its_verb_is_where_the_phrase_is():
    text = "If {Solok} is aboard, this ship is RANGE +1 and your Vulcans aboard are each INTEGRITY +1."
    second = fully(text, "1e", card_type="Ship").abilities[0].effects[1]
    assert second.attribute == "integrity" and second.subject.text == "your Vulcans aboard"
    assert second.subject.where == "aboard"
    # before a relative clause too: the clause describes the phrase, no effect of its own
    (effect,) = fully("Your personnel aboard who have Treachery are each CUNNING +1.", "1e",
                      card_type="Ship").abilities[0].effects
    assert effect.verb == "modify" and effect.subject.where == "aboard"
    assert [r.verb for r in effect.subject.relative] == ["have"]
    # before a closing bracket too
    fully("Relocate that ship (and all personnel and equipment aboard) to any other location.", "1e",
          card_type="Interrupt")


@pytest.mark.parametrize("text, verb", [("Your personnel are STRENGTH +2 this turn.", "modify"),
                                        ("{Borg Ship} is WEAPONS=16 this turn.", "modify"),
                                        ("Your ships cannot battle this turn.", "battle"),
                                        ("Each of your ships is WEAPONS +3 this battle.", "modify")])
def test_a_time_phrase_after_a_verb_says_when_not_what(text, verb):
    (effect,) = fully(text, "1e", card_type="Event").abilities[0].effects
    assert effect.verb == verb and effect.object is None
    assert dict(effect.places)["during"].type in ("turn", "battle")


@pytest.mark.parametrize("text", ["All personnel present are INTEGRITY -2 until end of turn.",
                                  "For this battle, opposing ships' WEAPONS -1.",
                                  "Your personnel are STRENGTH +2 this turn.",
                                  "Your ship is WEAPONS +3 for that attack."])
def test_a_change_that_lasts_a_set_time_is_what_a_dilemma_or_interrupt_does(text):
    for card_type in ("Dilemma", "Interrupt"):
        assert fully(text, "1e", card_type=card_type).abilities[0].kind == "play_effect"
    # with no end, or until a placed dilemma is cured, it is a standing rule
    assert fully("All personnel present are INTEGRITY -2.", "1e", card_type="Dilemma").abilities[0].kind == (
        "continuous")
    text = "Until then, all your personnel are INTEGRITY -2 where present."
    assert fully(text, "1e", card_type="Dilemma").abilities[0].kind == "continuous"


def test_arriving_is_a_verb():
    text = "When your ship arrives at a location where you have a facility, you may draw a card."
    ability = fully(text, "1e", card_type="Incident").abilities[0]
    assert ability.trigger.event == "arrive" and ability.trigger.subject.type == "ship"


@pytest.mark.parametrize("text, kind", [
    ("SECURITY Treachery When this personnel reports, you may draw a card. If {Regent Worf} is present, "
     "she is CUNNING +2.", "continuous"),
    ("SCIENCE Physics When you solve a mission, you may score 5 points. If he is stopped, your [Stf] "
     "personnel present are each CUNNING -1.", "continuous"),
    # what the ability before did goes on: "If you do this, he is killed …", "She keeps this skill …"
    ("Honor While this personnel is attempting a mission, you may make him attributes +2. If you do "
     "this, he is killed at the end of this turn.", "play_effect"),
    ("Physics Order - This personnel gains one skill from one of your captives. She keeps this skill "
     "until the start of your next turn.", "play_effect"),
])
def test_on_a_personnel_he_or_she_after_a_response_is_the_card_itself(text, kind):
    assert fully(text, "1e", card_type="Personnel").abilities[1].kind == kind


def test_a_progressive_passive_is_one_be_and_its_participle():
    ability = fully("If your ship is being destroyed, you may draw a card.", "1e",
                    card_type="Incident").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == "destroy"


def test_a_progressive_is_one_verb():
    ability = fully("While this personnel is attempting a mission, draw a card.", "1e",
                    card_type="Personnel").abilities[0]
    assert [e.verb for e in ability.conditions[0].effects] == ["attempt"]
    # in a relative clause with no "that", and after one
    (effect,) = fully("Nullify a dilemma he is facing.", "1e", card_type="Interrupt").abilities[0].effects
    assert [r.verb for r in effect.object.relative] == ["face"]
    ability = fully("While a personnel who has Honor is facing a dilemma, draw a card.", "1e",
                    card_type="Event").abilities[0]
    assert [e.verb for e in ability.conditions[0].effects] == ["face"]


@pytest.mark.parametrize("text", ["Nullified by {Vulcan Nerve Pinch}.",
                                  "Nullified if you have {Thermal Deflectors} in play."])
def test_what_ends_a_dilemma_said_of_itself_is_a_standing_rule(text):
    abilities = fully(f"Kills one Away Team member. {text}", "1e", card_type="Dilemma").abilities
    assert [a.kind for a in abilities] == ["play_effect", "continuous"]


def test_what_a_card_was_used_to_do_is_a_place_of_used_not_an_effect():
    (effect,) = fully("Nullify a {phaser} just used to stun or mortally wound one of your Borg.", "1e",
                      card_type="Interrupt").abilities[0].effects
    assert effect.verb == "nullify" and ("state", "use") in effect.object.filters
    assert dict(effect.places)["to"].type == "stun or mortally wound"


def test_a_dilemma_placed_on_table_holds_what_it_says_while_there():
    text = "Place on table. All your personnel with three or more [*] icons lose their first two skills."
    assert [a.kind for a in fully(text, "1e", card_type="Dilemma").abilities] == ["play_effect", "continuous"]


def test_a_verb_word_after_that_ending_an_object_is_a_thing_named():
    (effect,) = fully("Stop this personnel to prevent that capture.", "1e",
                      card_type="Personnel").abilities[0].effects
    assert effect.verb == "prevent" and effect.object.type == "capture"


def test_a_possessive_attribute_is_what_a_bare_amount_changes():
    (effect,) = fully("That ship's RANGE is -3.", "1e", card_type="Dilemma").abilities[0].effects
    assert (effect.verb, effect.attribute, effect.amount) == ("modify", "range", -3)
    assert effect.subject.type == "ship"


def test_a_statement_of_what_a_card_does_and_what_for_has_no_cost():
    ability = fully("Founder morphs to impersonate captive.", "1e", card_type="Objective").abilities[0]
    assert ability.costs == () and [e.verb for e in ability.effects] == ["morph", "impersonate"]
    assert ability.kind != "activated"
    # a player pays, or a card may: a cost
    for text in ("Your Borg may discard a card to draw a card.",
                 "Each player discards a card to draw a card."):
        assert [c.verb for c in fully(text, "1e", card_type="Objective").abilities[0].costs] == ["discard"]


def test_an_if_prefix_may_open_with_a_listed_subject():
    text = ("If ship, its crew, or one of its Away Teams solves a mission or wins a battle, you may draw "
            "up to three cards.")
    ability = fully(text, "1e", card_type="Incident").abilities[0]
    assert [e.verb for e in ability.effects] == ["draw"]
    assert [e.verb for e in ability.conditions[0].effects] == ["solve", "win"]
    # after "while", a state: the main clause's subject is the list
    (effect, *_) = fully("While in play, RANGE, WEAPONS, and SHIELDS are +2.", "1e",
                         card_type="Artifact").abilities[0].effects
    assert effect.verb == "modify" and effect.amount == 2


def test_where_and_how_often_a_card_plays_is_a_play_requirement():
    ability = fully("Plays on table (once each turn, for free).", "1e", card_type="Incident").abilities[0]
    assert ability.kind == "play_requirement" and ability.limit == "once each turn"


def test_reports_for_free_is_a_keyword_and_where_it_reports_a_rule():
    assert fully("Reports for free.", "1e", card_type="Equipment").abilities[0].kind == "keyword_rule"
    ability = fully("CIVILIAN Greed Reports for free to {Ferengi Trading Post}.", "1e",
                    card_type="Personnel").abilities[0]
    assert ability.kind == "continuous"
    assert dict(ability.effects[0].places)["to"].card == "Ferengi Trading Post"


def test_where_a_card_is_after_a_phrase_says_which_of_them():
    (effect,) = fully("Your ships where this personnel is aboard are RANGE +2.", "1e",
                      card_type="Personnel").abilities[0].effects
    assert (effect.verb, effect.attribute, effect.subject.type) == ("modify", "range", "ship")
    (prep, where), = effect.subject.places
    assert prep == "with" and where.type == "personnel" and where.where == "aboard"
    # "where present" before the verb, as a place word
    (effect,) = fully("Each of your [Car] ships where present is WEAPONS +2.", "1e",
                      card_type="Personnel").abilities[0].effects
    assert effect.attribute == "weapons" and effect.subject.where == "present"
    for text in ("Ships where present is", "Ships where he is aboard", "Ships where"):  # cut short
        parse(text, "1e", card_type="Personnel")
    # a clause of its own stays a condition
    ability = fully("When your ship arrives at a location where you have a facility, draw a card.", "1e",
                    card_type="Incident").abilities[0]
    assert [c.word for c in ability.trigger.conditions] == ["where"]


def test_a_facilitys_closing_download_goes_with_the_cards_downloads():
    result = fully("Seed one at any [S] mission. Has a Holodeck. DL/ {Hirogen Hunt}", "1e",
                   card_type="Facility")
    assert result.downloads == ("Hirogen Hunt",) and all("DL/" not in a.raw for a in result.abilities)


@pytest.mark.parametrize("text, keyword", [("Infiltrator.", "infiltrator"), ("Borg ship.", "borg ship"),
                                          ("Rule of Acquisition.", "rule of acquisition")])
def test_a_line_naming_a_group_the_card_belongs_to_is_a_keyword(text, keyword):
    result = fully(f"Cloaking Device. {text} Your ships are RANGE +1.", "1e", card_type="Ship")
    assert result.abilities[1].kind == "keyword_rule" and result.abilities[1].keywords == (keyword,)
    # a telegraphic clause is no name: "Away Team stopped." is what happens
    assert fully("Away Team stopped.", "1e", card_type="Dilemma").abilities[0].kind == "play_effect"


@pytest.mark.parametrize("text", [
    "Kills untransfigured {John Doe} if at same location at end of your turn.",
    "If with {Sherlock Holmes}, you may discard your hand at end of turn.",
    "Unless you have a {Ketracel-White} at this location at the end of your turn, stop this personnel."])
def test_a_moment_of_each_of_your_turns_on_a_card_in_play_is_when_it_acts(text):
    ability = fully(text, "1e", card_type="Ship").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == "end"


def test_immunity_may_hold_under_a_condition_after_it():
    ability = fully("Immune to {Reactor Overload} if 2 ENGINEER present.", "1e",
                    card_type="Facility").abilities[0]
    assert ability.keywords == ("immune to {reactor overload}",) and ability.conditions[0].word == "if"


def test_a_relative_clause_ends_before_a_bracketed_condition_of_the_sentence():
    text = "Plays on your ship that has full RANGE available (for free if {U.S.S. Dauntless})."
    (effect,) = fully(text, "1e",
                      card_type="Event").abilities[0].effects
    assert effect.verb == "play" and [r.verb for r in dict(effect.places)["on"].relative] == ["have"]


def test_a_how_note_with_its_own_condition_after_where_present():
    text = "{Any Sisko} may report where present (for free if Jake)."
    (cond,) = fully(text, "1e", card_type="Personnel").abilities[0].conditions
    assert cond.manner == ("for free",) and cond.conditions[0].word == "if"
    assert cond.conditions[0].requires[0].text == "Jake"


@pytest.mark.parametrize("text, card_type, kind", [
    # what its player must have, said alone on a card played from hand: what playing it needs
    ("You must have {Tox Uthat} on table.", "Event", "play_requirement"),
    ("Must have at least four of your ships in play to use.", "Interrupt", "play_requirement"),
    # what the crew facing a dilemma must have is what the dilemma does (or, placed, a rule)
    ("Place on mission. You must have a ship here to attempt mission.", "Dilemma", "continuous"),
    # a dilemma's imperative "Play on …" is what it does, as "Place on ship." is
    ("Play on any ship or outpost here (opponent's choice).", "Dilemma", "play_effect"),
    # when the card itself may not be played is what playing it needs; other cards' (for the rest
    # of the turn), what the interrupt does
    ("You cannot play this interrupt if you have played another interrupt this turn.", "Interrupt",
     "play_requirement"),
    ("You may not play another interrupt this turn.", "Interrupt", "play_effect"),
    ("Opponent may not play interrupts.", "Interrupt", "continuous"),
])
def test_what_playing_the_card_needs_said_as_a_rule(text, card_type, kind):
    assert fully(text, "1e", card_type=card_type).abilities[-1].kind == kind


@pytest.mark.parametrize("text, card_type", [
    ("When this personnel reports for duty on Earth, you may download {Jake Sisko} to join him.",
     "Personnel"),
    ("Opponent may download up to two [Dom] personnel to this planet to initiate a battle.", "Dilemma"),
])
def test_a_download_is_never_paid_what_follows_it_is_what_the_card_does_next(text, card_type):
    (ability,) = fully(text, "1e", card_type=card_type).abilities
    assert not ability.costs and ability.effects[0].verb == "download"
    # what it then does is an effect; whom it joins, a place of the download
    assert len(ability.effects) == 2 or "to join" in dict(ability.effects[0].places)


def test_a_place_word_before_a_preposition_or_any_verb_is_where_the_phrase_is():
    # "aboard" cannot take "with" as its object: it is where the Klingons are
    (effect,) = fully("Your Klingons aboard with Honor are each CUNNING +1.", "1e",
                      card_type="Ship").abilities[0].effects
    assert effect.subject.where == "aboard" and dict(effect.subject.places)["with"].text == "Honor"
    # "where present" before an inflected verb, as before "is"
    (effect,) = fully("Each of your SCIENCE personnel where present gains Exobiology.", "1e",
                      card_type="Equipment").abilities[0].effects
    assert effect.verb == "gain" and effect.subject.where == "present"


@pytest.mark.parametrize("text", [
    "Kills one personnel present (random selection).",
    "One personnel present (random selection) is killed.",
    "Randomly select a personnel to be killed.",
])
def test_a_random_choice_is_the_manner_randomly_however_it_is_said(text):
    effects = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert any("randomly" in e.manner for e in effects), effects


def test_a_time_after_a_phrase_is_when_not_part_of_the_phrase():
    (effect,) = fully("You may not initiate battle here this turn.", "1e",
                      card_type="Interrupt").abilities[0].effects
    assert effect.object.text == "battle here" and dict(effect.places)["during"].text == "this turn"
    (cond,) = fully("Score points if you solve mission this turn.", "1e",
                    card_type="Dilemma").abilities[0].conditions
    assert "mission this turn" not in [r.text for r in cond.requires]
    assert dict(cond.places)["during"].count == "this"
    # after a participle it says when the phrase's cards were so: a filter of the phrase
    (effect,) = fully("Discard all ships stopped this turn.", "1e",
                      card_type="Interrupt").abilities[0].effects
    assert effect.object.text == "all ships stopped this turn"


def test_on_an_interrupt_a_prohibition_for_a_set_time_is_what_it_does():
    text = "Beam all of your personnel present to your ship. You may not initiate battle here this turn."
    assert fully(text, "1e", card_type="Interrupt").abilities[1].kind == "play_effect"
    text = "Unless 2 ENGINEER present, your personnel may not beam until end of turn."
    assert fully(text, "1e", card_type="Dilemma").abilities[0].kind == "play_effect"
    assert fully("Your personnel may not beam.", "1e", card_type="Dilemma").abilities[0].kind == "continuous"


@pytest.mark.parametrize("text, card_type, kind", [
    ("Plays on a mission. Discard event after any mission attempt here.", "Event", "response"),
    ("Seeds on table. Close doorway if this facility is destroyed.", "Doorway", "response"),
    # while a state holds (or fails to): a standing rule of the card's
    ("Seeds on table. Discard objective if you do not command a Nor.", "Objective", "continuous"),
    ("Seeds on table. Discard doorway if a Tholian ship is here.", "Doorway", "continuous"),
    ("Seeds on table. If you have no [22] personnel in play at the end of your turn, discard this "
     "objective.", "Objective", "continuous"),
    ("Unless a [22] personnel is present, discard this equipment at the end of your turn.", "Equipment",
     "continuous"),
    # "use" is no event waited for: the card is discarded once used
    ("Plays on table. Discard event after use.", "Event", "play_effect"),
])
def test_a_lasting_card_leaving_after_or_if_something_happens(text, card_type, kind):
    ability = fully(text, "1e", card_type=card_type).abilities[-1]
    assert ability.kind == kind
    if "if" in text.split() and kind == "response":
        assert ability.conditions[0].word == "if" and ability.trigger.event == "destroy"
    elif kind == "continuous":
        assert ability.trigger is None and ability.conditions[0].word in ("if", "unless")


@pytest.mark.parametrize("text", [
    "Battle may not be initiated here.",
    "Plays on table. Battle may not be initiated here.",
    "While this event is in play, battle may not be initiated at this location.",
    "That ship may move. Battle is nullified for that ship.",
])
def test_a_noun_that_is_also_a_verb_before_a_modal_or_be_is_the_subject(text):
    effects = fully(text, "1e", card_type="Event").abilities[-1].effects
    assert [e.verb for e in effects] in (["begin_battle"], ["nullify"])
    assert effects[0].subject.text.lower() == "battle"


@pytest.mark.parametrize("text, words", [
    ("May attack while cloaked if commanded by a [Kli] personnel with Honor.", ["while", "if"]),
    ('On a ship, it is "stopped" after each of its moves unless 3 ENGINEER aboard.',
     ["on", "after", "unless"]),
    ("Your ship is RANGE -3 until end of your next turn unless Stellar Cartography x2 present.",
     ["until", "unless"]),
    ("All ships must stop here before proceeding on next turn, unless Navigation aboard.",
     ["before", "unless"]),
    # values and their conditions, listed after a comma: read as before, one condition
    ("X=20 if one skill present, 30 if two, 40 if all three.", ["if"]),
])
def test_a_verbless_trailing_condition_then_another_are_two(text, words):
    ability = fully(text, "1e", card_type="Ship").abilities[0]
    assert [c.word for c in ability.conditions] == words


def test_on_a_lasting_card_a_passive_destruction_is_done_once():
    text = "Place atop any mission. Everything there is destroyed (discarded)."
    assert fully(text, "1e", card_type="Event").abilities[-1].kind == "play_effect"
    # what may not be done to cards, or is done when something happens, still holds
    text = "Plays on table. Your cards are not discarded when used."
    assert fully(text, "1e", card_type="Event").abilities[-1].kind == "continuous"


def test_that_before_a_past_tense_after_a_noun_opens_a_relative_clause():
    (effect,) = fully("Your [Kli] ships that reported this turn are each RANGE +2.", "1e",
                      card_type="Incident").abilities[0].effects
    assert effect.subject.count is None and [r.verb for r in effect.subject.relative] == ["report"]
    assert fully("Your [Kli] ships that reported this turn are each RANGE +2.", "1e",
                 card_type="Incident").abilities[0].kind == "continuous"
    # an -ed form that describes the noun after it stays a participle of the phrase
    (effect,) = fully("Discard that stopped personnel.", "1e", card_type="Interrupt").abilities[0].effects
    assert effect.object.count == "that" and not effect.object.relative


def test_using_in_brackets_is_how_the_action_is_done():
    (effect,) = fully("Once each turn, your ship may move to the other end (using 2 RANGE).", "1e",
                      card_type="Doorway").abilities[0].effects
    assert effect.verb == "move" and effect.manner == ("using 2 range",)


def test_a_damage_marker_is_a_thing():
    (effect,) = fully("Nullifies a dilemma or damage marker if it would destroy your ship.", "1e",
                      card_type="Interrupt").abilities[0].effects
    assert effect.verb == "nullify" and [o.type for o in (effect.object, *effect.objects)] == [
        "dilemma", "damage marker"]


def test_how_often_cards_may_do_something_in_brackets_is_a_rule():
    ability = fully("Your [AU] cards may seed and (once per turn) play.", "1e",
                    card_type="Doorway").abilities[0]
    assert ability.kind == "continuous" and ability.limit == "once per turn"
    # a player's action with its limit stays one
    ability = fully("Once per turn, you may draw a card.", "1e", card_type="Doorway").abilities[0]
    assert ability.kind == "activated"


def test_an_interrupt_that_remains_in_play_is_read_as_a_card_that_stays():
    text = ("Plays on your ship if it is orbiting a planet. Prevents battles from being initiated against "
            "that ship. Discard interrupt when ship moves.")
    assert [a.kind for a in fully(text, "1e", card_type="Interrupt").abilities] == [
        "play_requirement", "continuous", "response"]
    # "Plays and remains on …" is two verbs, not "plays to …"
    text = ("Plays and remains on a {phaser} just used to stun one of your [Com] Borg. Your Borg are "
            "CUNNING +2.")
    abilities = fully(text, "1e", card_type="Interrupt").abilities
    assert [e.verb for e in abilities[0].effects] == ["play", "remain"] and abilities[1].kind == "continuous"


def test_do_the_following_only_introduces_the_actions_listed():
    text = "Plays to do any or all of the following: discard your current objective; return it to hand."
    (ability,) = fully(text, "1e", card_type="Interrupt").abilities
    assert [e.verb for e in ability.effects] == ["discard", "return"]
    assert "any or all of the following" in ability.effects[0].manner


def test_which_ones_in_brackets_after_a_counted_subject_are_part_of_it():
    (effect,) = fully("Two personnel (one [Holo] and one non-[Holo]) are killed.", "1e",
                      card_type="Dilemma").abilities[0].effects
    assert effect.verb == "kill"
    assert [t.text for _, t in effect.subject.also] == ["one [Holo]", "one non-[Holo]"]


@pytest.mark.parametrize("text, kind", [
    ("May stun adversary he just engaged.", "response"),
    ("May download {Ceti Eel} to place directly on adversary he just stunned.", "response"),
    # what another just did, or one of several things it may do, is no moment of the card's own
    # (a selection just made is a moment of its own: see test_a_may_on_a_personnel_just_selected_…)
    ("May return to hand any Ferengi your opponent just killed.", "continuous"),
])
def test_a_may_on_what_the_card_just_did_is_a_response_to_it(text, kind):
    ability = fully(text, "1e", card_type="Personnel").abilities[0]
    assert ability.kind == kind
    if kind == "response":
        assert ability.trigger.word == "just" and ability.trigger.subject.text == "he"


def test_a_verbless_in_play_and_a_verbs_passive_in_brackets():
    # Cold Front's Temporal Benefactor, in the later templating
    ability = fully('Place one personnel beneath here; "Benefactor" in play for uniqueness only.', "1e",
                    card_type="Doorway").abilities[0]
    assert [e.verb for e in ability.effects] == ["place", "status"]
    assert ability.effects[1].subject.text == '"Benefactor"'
    text = "Your unique [AU] personnel naming (or named by) Benefactor in lore are temporal agents."
    (effect,) = fully(text, "1e", card_type="Doorway").abilities[0].effects
    (named,) = effect.subject.relative
    assert named.verb == "name" and named.manner == ("or named by",)


@pytest.mark.parametrize("text, subject", [
    ("Your ships are RANGE +1, and your personnel with Honor are STRENGTH +2.", "your personnel with Honor"),
    ("Draw a card, and opponent with a ship here may draw a card.", "opponent with a ship here"),
])
def test_a_later_verbs_own_subject_may_have_a_place_of_its_own(text, subject):
    effects = fully(text, "1e", card_type="Event").abilities[0].effects
    assert effects[1].subject.text == subject
    # not a relative clause's subject: "give him or her a skill that one of your personnel has"
    text = "Discard a card to give him or her a skill that one of your personnel has."
    assert all(e.subject is None for e in fully(text, "1e", card_type="Interrupt").abilities[0].effects)


def test_the_other_outcome_after_a_trailing_condition_is_an_effect():
    text = "One Away Team member (random selection) is stopped if opponent's score is odd, killed otherwise."
    ability = fully(text, "1e", card_type="Dilemma").abilities[0]
    assert [e.verb for e in ability.effects] == ["stop", "kill"]
    assert [c.word for c in ability.conditions] == ["if", "otherwise"]


def test_a_phrase_between_a_joint_and_a_verb_that_agrees_with_it_is_that_verbs_subject():
    # "and this dilemma returns": an object of "stopped" before (with "returns" subjectless)
    stop, ret = fully("If your opponent cannot, all your personnel are stopped and this dilemma returns to "
                      "its owner's dilemma pile.", card_type="Dilemma").abilities[0].effects
    assert (stop.verb, stop.object.text, stop.objects, stop.raw) == (
        "stop", "all your personnel", (), "are stopped")
    assert (ret.verb, ret.subject.text) == ("return", "this dilemma")
    # a passive: what is killed is its own subject, not the ship
    damage, kill = fully("Ship is damaged and one crew member is killed (random selection).",
                         card_type="Dilemma").abilities[0].effects
    assert (damage.object.text, kill.object.text, kill.subject.text) == ("Ship", "one crew member",
                                                                         "one crew member")
    # after a subject pronoun a verb in its base form agrees too; "make her gain" is no subject
    cond = fully("Plays if a Borg has died and you have {any tricorder} in play.",
                 card_type="Interrupt").abilities[0].conditions[0]
    assert [e.subject.text for e in cond.effects] == ["a Borg", "you"]
    # (and "make" gives the change after it the one made as its subject: "him or her", one pronoun)
    gain, = fully("Discard a personnel to make him or her gain the discarded personnel's skills.",
                  card_type="Interrupt").abilities[0].effects
    assert [o.text for o in (gain.subject, *(t for _, t in gain.subject.also))] == ["him or her"]
    # a run of modifiers takes its own subject too
    skip, modify = fully("You may skip opponent's next turn and, for rest of game, all your personnel are "
                         "STRENGTH +2.", card_type="Objective").abilities[0].effects
    assert modify.subject.text == "all your personnel" and not skip.objects


def test_a_relative_pronoun_after_an_aside_describes_the_phrase_before_the_aside():
    # "who" was a second thing killed, and "has Treachery or Greed" an effect of its own
    (effect,) = fully("Kills one personnel present (opponent's choice) who has Treachery or Greed.",
                      card_type="Dilemma").abilities[0].effects
    assert (effect.verb, effect.object.text, effect.objects, effect.manner) == (
        "kill", "one personnel present", (), ("opponent's choice",))
    assert [(e.verb, [o.text for o in (e.object, *e.objects)]) for e in effect.object.relative] == [
        ("have", ["Treachery", "Greed"])]


def test_an_effects_text_ends_before_the_to_of_the_next():
    effects = fully("Plays to cause each player to discard a card.",
                    card_type="Interrupt").abilities[0].effects
    # ("Plays to …": the card is played for what follows; the play is no effect of its own)
    assert [e.raw for e in effects] == ["cause each player", "discard a card"]


def test_a_colon_before_a_clause_with_its_own_condition_ends_the_clause_before_it():
    # "… then chooses: If android, all copies of that card become human": "become human" was read
    # inside the condition, as what makes it true
    ability = fully("Opponent places dilemma on one personnel, then chooses: If android, all copies of that "
                    "card become human; discard dilemma.", card_type="Q Dilemma").abilities[0]
    assert [e.verb for e in ability.effects] == ["place", "choose", "become", "discard"]
    assert [(c.word, c.effects) for c in ability.conditions] == [("if", ())]


def test_a_modifier_that_gives_a_value_sets_it():
    # "WEAPONS=6" was read as amount 6, which the engine adds: a ship of WEAPONS 5 would have 11
    (effect,) = fully("Ship is WEAPONS=6.", card_type="Event").abilities[0].effects
    assert (effect.verb, effect.attribute, effect.amount, effect.set_to) == ("modify", "weapons", None, 6)
    effects = fully("Personnel becomes [Non], is under your control, is attributes all 3, and is stopped.",
                    card_type="Event").abilities[0].effects
    assert [(e.attribute, e.set_to) for e in effects if e.verb == "modify"] == [("attributes", 3)]
    # "x2" multiplies: it was a comparison, the object of "is", which the engine passed over
    (effect,) = fully("Your personnel present are STRENGTH x2.", card_type="Event").abilities[0].effects
    assert (effect.verb, effect.attribute, effect.amount, effect.multiply) == ("modify", "strength", None, 2)


def test_an_attribute_the_phrase_before_an_amount_ran_into_is_what_the_amount_changes():
    # "make each of your … personnel present attributes all +1": the phrase read greedily took in
    # "attributes all", and "+1" was left unread
    ability = fully("Stop this personnel to make each of your [Fed] personnel present attributes all +1 "
                    "until the end of this turn.", card_type="Personnel").abilities[0]
    (effect,) = ability.effects
    assert (effect.verb, effect.attribute, effect.amount) == ("modify", "attributes", 1)
    assert dict(effect.places)["of"].text == "your [Fed] personnel present"
    # what has the attribute is what changes; "its attributes" is the card's own
    (effect,) = fully("Discard a card to make him attributes all +5.",
                      card_type="Interrupt").abilities[0].effects
    assert (effect.attribute, effect.amount, effect.subject.text) == ("attributes", 5, "him")
    (effect,) = fully("Enhances its attributes all +1.", card_type="Personnel").abilities[0].effects
    assert (effect.attribute, effect.amount, effect.subject) == ("attributes", 1, None)


def test_instead_of_opens_a_prefix_as_in_place_of_does():
    ability = fully("Instead of your normal card play, you may download a [TOS] personnel to your ship.",
                    card_type="Objective").abilities[0]
    assert [e.verb for e in ability.effects] == ["download"]
    assert [(c.word, c.raw) for c in ability.conditions] == [
        ("instead of", "Instead of your normal card play")]


def test_costs_is_a_verb_though_cost_is_a_noun():
    # 2E: "who costs 1 or less" was a filter word in the phrase, "This dilemma costs 2 less …" unparsed
    (effect,) = fully("This dilemma costs 2 less if you have two or more Romulans present.",
                      card_type="Dilemma").abilities[0].effects
    assert (effect.verb, effect.subject.text) == ("cost", "This dilemma")
    (effect,) = fully("Download a [Voy] personnel who costs 1 or less.",
                      card_type="Event").abilities[0].effects
    assert effect.object.relative[0].verb == "cost"
    # after a determiner it still names a thing: "at all costs"
    from judge.cardtext.lexer import tokenize
    assert [t.type for t in tokenize("at all costs")] == ["PREP", "DET", "NOUN"]


def test_an_or_that_joins_two_places_does_not_make_the_next_effect_an_alternative():
    play, move = fully("Plays on {Plasma Fire} or {Warp Core Breach} to move onto nearest opponent's ship.",
                       card_type="Interrupt").abilities[0].effects
    assert [t.card for _, t in play.places] == ["Plasma Fire", "Warp Core Breach"]
    assert not move.alternative
    # nor does an "or" that an effect of modifiers alone has taken
    effects = fully("Your ships are each WEAPONS +2 or SHIELDS +2 and draw a card.",
                    card_type="Event").abilities[0].effects
    assert [(e.verb, e.alternative) for e in effects] == [
        ("modify", False), ("modify", True), ("draw", False)]


@pytest.mark.parametrize("card_type, kind", [
    ("Interrupt", "play_effect"), ("Dilemma", "response"), ("Incident", "response")])
def test_a_moment_that_comes_once_is_a_delayed_part_of_a_one_shot_cards_effect(card_type, kind):
    # an interrupt leaves play once it has acted: "End of opponent's next turn, …" is when part of
    # its effect happens, not a response it keeps; a card that stays keeps it as a response, and so
    # does a dilemma's sentence of its own (four label authors read it so)
    text = "End of opponent's next turn, all non-[Bor] ships there are returned to hand."
    ability = fully(text, "1e", card_type=card_type).abilities[0]
    assert ability.kind == kind
    assert ability.trigger is not None and ability.trigger.event == "end"
    each_turn = "End of every turn, all non-[Bor] ships there are returned to hand."
    assert fully(each_turn, "1e", card_type=card_type).abilities[0].kind == "response"


def test_a_capital_nor_inside_a_sentence_is_the_station_not_the_conjunction():
    effect = one("Your ships may repair at this Nor.").effects[0]
    place = dict(effect.places)["at"]
    assert place.type == "nor" and place.text == "this Nor"
    # the conjunction is still one, in lower case or opening the text
    from judge.cardtext.lexer import tokenize
    assert [t.type for t in tokenize("neither Data nor Lore") if t.value == "nor"] == ["CONJ"]
    assert tokenize("Nor may you draw.")[0].type == "CONJ"


def test_a_time_phrase_after_a_participle_says_when_not_what():
    # "those damaged this battle": the ships damaged, in this battle; not a phrase headed by "battle"
    effect = one("Kill all ships present (except those damaged this battle).").effects[0]
    excepted = dict(effect.places)["except"]
    assert ("state", "damage") in excepted.filters and ("when", "this battle") in excepted.filters
    assert excepted.type is None and excepted.count == "those"


def test_a_coined_verb_in_quotes_after_its_subject_is_its_verb():
    ability = one('When your {Chain Reaction Pulsar} hits a ship, it "ricochets" to other opposing ships '
                  'present.')
    assert ability.kind == "response" and [e.verb for e in ability.effects] == ["ricochet"]
    assert dict(ability.effects[0].places)["to"].type == "ship"


def test_you_may_do_this_only_once_each_turn_limits_the_ability_before():
    result = fully("When this personnel uses a skill to complete a mission, each of your opponents discards "
                   "the top three cards of his or her deck. You may do this only once each turn.", "2e",
                   card_type="Personnel")
    assert len(result.abilities) == 1
    ability = result.abilities[0]
    assert ability.kind == "response" and ability.limit == "once each turn"
    assert ability.raw.endswith("only once each turn.")


def test_a_cards_own_title_is_a_title_where_its_text_names_it_bare():
    from judge.cardtext import own_title, parse_card

    card = {"name": "Off Switch", "type": "Dilemma", "text": "Nullifies another Off Switch."}
    effect = fully(card["text"], "1e", card_type="Dilemma", title="Off Switch").abilities[0].effects[0]
    assert effect.verb == "nullify" and effect.object is not None and effect.object.card == "Off Switch"
    assert parse_card(card).abilities[0].effects[0].object.card == "Off Switch"
    assert parse_card({**card, "name": None, "title": "Off Switch"}).abilities[0].effects[0].object.card
    # without it, "Switch" is a verb of its own
    bare = parse(card["text"], "1e", card_type="Dilemma").abilities[0]
    assert [e.verb for e in bare.effects] != ["nullify"]
    assert own_title("Dukat 2E (Liberator and Protector)") == "Dukat" and own_title("Kotra 2E") == "Kotra"


def test_capture_alone_is_2es_event_keyword_and_capture_with_an_object_the_verb():
    text = "Capture. Choose an opponent's personnel. Capture that personnel."
    result = fully(text, "2e", card_type="Event")
    assert [(a.kind, a.keywords) for a in result.abilities[:1]] == [("keyword_rule", ("capture",))]
    assert result.abilities[2].effects[0].verb == "capture"


def test_a_way_out_offered_as_the_effect_resolves_is_part_of_it_and_optional():
    # "You may <cost> to prevent this.": the "may" is the cost's, and the choice is made as the
    # event resolves, not at any time (an activated ability)
    result = fully("Place that personnel in your brig. That opponent may discard the top four cards of "
                   "his or her deck to prevent this.", "2e", card_type="Event")
    way_out = result.abilities[1]
    assert way_out.kind == "play_effect" and way_out.optional
    assert [c.verb for c in way_out.costs] == ["discard"] and way_out.effects[0].verb == "prevent"
    # a cost-to-effect action with no "this" to prevent stays activated, and a "may" on its cost
    # makes it optional
    other = fully("You may discard a card from hand to draw a card.", "2e", card_type="Event").abilities[0]
    assert other.kind == "activated" and other.optional


@pytest.mark.parametrize("text, cost, effect, manner", [
    ("you may destroy this event to instead choose a personnel.", "destroy", "choose", "instead"),
    ("you may destroy this event to randomly kill an opponent's personnel.", "destroy", "kill", "randomly"),
])
def test_an_adverb_between_to_and_its_verb_leaves_the_cost_before(text, cost, effect, manner):
    ability = fully("When you win a personnel battle, " + text, "2e", card_type="Event").abilities[0]
    assert [c.verb for c in ability.costs] == [cost]
    assert ability.effects[0].verb == effect and manner in ability.effects[0].manner


@pytest.mark.parametrize("second", [
    "If you command a [Dom] personnel, you may then draw a card.",   # "then"
    "That opponent discards a card from hand.",                        # "that …" as its subject
    "If it is a personnel, you may place him or her on that ship.",    # a condition that looks back
])
def test_a_sentence_that_goes_on_from_a_response_is_what_it_does_next(second):
    first = "When you play this ship, reveal the top card of your deck. "
    result = fully(first + second, "2e", card_type="Ship")
    assert [a.kind for a in result.abilities] == ["response", "play_effect"]


def test_a_standing_sentence_after_a_response_stays_standing():
    result = fully("When you play this ship, draw a card. Your personnel aboard are STRENGTH +1.", "2e",
                   card_type="Ship")
    assert [a.kind for a in result.abilities] == ["response", "continuous"]


@pytest.mark.parametrize("text, effects", [
    # the perfect of a passive is one verb: its participle ("has already been completed")
    ("Lose 5 points for each other mission that has already been completed.", ["lose_points"]),
    # "select X to <verb>": what is selected is what the verb acts on, nothing paid
    ("Randomly select a personnel to place on the bottom of his or her owner's deck.", ["select", "place"]),
    # a participle that takes "to <verb>", after "been" and an adverb: no cost either, and "to die"
    # is what the selection is for, not an effect of the sentence
    ("One SECURITY personnel present may sacrifice for another personnel who has been randomly selected "
     "to die.", ["sacrifice", "select"]),
])
def test_passives_and_select_take_their_complement(text, effects):
    ability = fully(text, "2e", card_type="Dilemma").abilities[0]
    assert [e.verb for e in ability.effects] == effects and not ability.costs


def test_a_participle_with_words_after_it_in_a_list_of_states_takes_them_as_its_object():
    ability = one("Your personnel in play are STRENGTH +5, considered Bluegills, and may not be stunned.")
    verbs = {e.verb: e for e in ability.effects}
    assert set(verbs) == {"consider", "modify", "stun"}
    assert verbs["consider"].object is not None and verbs["consider"].object.text == "Bluegills"


@pytest.mark.parametrize("card_type, kind", [("Interrupt", "play_effect"), ("Dilemma", "play_effect"),
                                             ("Event", "activated")])
def test_a_cost_to_effect_sentence_of_an_interrupt_or_dilemma_is_how_it_resolves(card_type, kind):
    ability = fully("Stop your Computer Skill aboard to examine the bottom seed card here.", "1e",
                    card_type=card_type).abilities[0]
    assert ability.kind == kind and [c.verb for c in ability.costs] == ["stop"]


def test_after_to_a_verbs_s_form_is_the_plural_noun():
    ability = fully("(May not be converted to downloads.)", "1e", card_type="Interrupt").abilities[0]
    assert ability.kind == "continuous" and not ability.costs
    assert [(e.verb, e.negated) for e in ability.effects] == [("convert", True)]


def test_a_docking_site_is_a_place_not_a_docking():
    ability = fully("May report with up to 3 personnel to docking site of an {Empok Nor}.", "1e",
                    card_type="Ship").abilities[0]
    assert [e.verb for e in ability.effects] == ["report"] and not ability.costs
    assert dict(ability.effects[0].places)["to"].type == "docking site"


def test_reports_for_free_is_a_keyword_and_with_a_condition_a_standing_rule():
    assert one("Reports for free.", personnel=True).kind == "keyword_rule"
    ability = one("Reports for free if your Smuggling or Acquisition present.", personnel=True)
    assert ability.kind == "continuous" and [c.word for c in ability.conditions] == ["if"]


def test_may_seed_other_cards_here_is_a_permission_not_how_the_card_seeds():
    result = fully("Seed at a space location. May seed one additional artifact and up to 3 [AU] personnel "
                   "here.", "1e", card_type="Artifact")
    assert [a.kind for a in result.abilities] == ["play_requirement", "continuous"]


def test_just_after_an_event_is_a_trigger_as_when_is():
    ability = fully("Just after opponent scans mission, you may discard incident to seed one card there.",
                    "1e", card_type="Incident").abilities[0]
    assert ability.kind == "response" and ability.trigger is not None
    assert (ability.trigger.event, ability.trigger.word) == ("scan", "just after")
    assert [c.verb for c in ability.costs] == ["discard"] and ability.effects[0].verb == "seed"


def test_in_place_of_your_normal_card_play_is_an_action_the_player_takes():
    ability = fully("In place of your normal card play, you may download {Chaotica} aboard.", "1e",
                    card_type="Incident").abilities[0]
    assert ability.kind == "activated" and ability.optional
    assert [c.word for c in ability.conditions] == ["in place of"]


def test_what_a_placed_dilemma_says_someone_must_or_can_do_holds_while_it_stays():
    result = fully("Place on ship. Ship must do nothing but travel to far end of spaceline. Discard dilemma.",
                   "1e", card_type="Dilemma")
    assert [a.kind for a in result.abilities] == ["play_effect", "continuous", "play_effect"]
    # a dilemma that has not placed itself: the "must" is part of what it does
    unplaced = fully("Opponent must discard a card from hand. Discard dilemma.", "1e", card_type="Dilemma")
    assert [a.kind for a in unplaced.abilities] == ["play_effect", "play_effect"]


def test_an_amount_of_range_used_is_a_cost_and_a_thing_used_the_means():
    spent = fully("Each may use 1 RANGE to land or take off once each turn.", "1e", card_type="Event")
    assert [c.verb for c in spent.abilities[0].costs] == ["use"]
    means = fully("Smuggling personnel in crew may use hand weapons to complete missions.", "1e",
                  card_type="Ship")
    assert not means.abilities[0].costs


def test_a_clause_after_then_with_no_verb_repeats_the_verb_before():
    ability = one("Disables RANGE until start of your next turn; then WEAPONS; then SHIELDS; then repeats.")
    assert [(e.verb, e.object.text if e.object else None) for e in ability.effects] == [
        ("disable", "RANGE"), ("disable", "WEAPONS"), ("disable", "SHIELDS"), ("repeat", None)]
    # an ordering note in brackets is no clause of its own
    kills = one("Kills two personnel (lowest CUNNING first, then lowest STRENGTH).")
    assert [e.verb for e in kills.effects] == ["kill"]


@pytest.mark.parametrize("text", ["Restores solving ship's RANGE used this turn.",
                                  "Cloaks or decloaks each time any points scored."])
def test_a_missions_text_holds_on_the_spaceline_it_is_never_played(text):
    assert fully(text, "1e", card_type="Mission").abilities[0].kind == "continuous"
    assert fully(text, "1e", card_type="Event").abilities[0].kind == "play_effect"


def test_a_download_of_any_card_of_a_kind_ending_the_skill_list_is_a_download():
    result = fully("SECURITY Navigation DL/ Any [Films] Klingon Chancellor", "1e", card_type="Personnel")
    assert result.downloads == ("Any [Films] Klingon Chancellor",) and result.abilities == ()
    # with a relative clause, where the phrase ends is not known to the skill list: the download is
    # read as a sentence, which goes with the downloads, its reading kept in the download's notes
    other = fully('SCIENCE DL/ Any other card that has "Tsunkatse" in title or lore', "1e",
                  card_type="Personnel")
    assert other.abilities == ()
    assert other.downloads == ('Any other card that has "Tsunkatse" in title or lore',)
    ((download, note),) = other.download_notes
    assert download == other.downloads[0] and note.effects[0].verb == "download"


def test_a_download_of_a_title_or_a_kind_of_card_ending_the_skill_list_is_one_download_each():
    result = fully("OFFICER Exobiology Treachery DL/ {Any [Sch]} OR Romulan espionage card", "1e",
                   card_type="Personnel")
    assert result.downloads == ("Any [Sch]", "Romulan espionage card") and result.abilities == ()


def test_after_a_passive_prefix_with_no_comma_an_adverb_and_verb_open_the_main_clause():
    ability = fully("If you have {phasers} present during a personnel battle, before a winner is "
                    "determined randomly select two opposing stunned cards to die.", "1e",
                    card_type="Interrupt").abilities[0]
    assert [c.word for c in ability.conditions] == ["if", "before"]
    assert [e.verb for e in ability.effects] == ["select", "kill"] and "randomly" in ability.effects[0].manner


def test_a_placement_and_a_clause_after_its_semicolon_say_how_the_card_comes_into_play():
    ability = fully("Seeds or plays on table; you may download {Bajoran Wormhole}.", "1e",
                    card_type="Incident").abilities[0]
    assert ability.kind == "play_requirement"
    # a card named as the object of the plain verb is another card: what this one does
    other = fully("Seed {Phoenix} beneath this location; Borg player may download {Stop First Contact}.",
                  "1e", card_type="Time Location").abilities[0]
    assert other.kind == "play_effect"
    permission = fully("May play {Hate Crime} as an interrupt where present.", "1e", personnel=True)
    assert permission.abilities[0].kind == "continuous"


def test_what_cards_must_do_holds_and_what_a_player_must_do_is_done_once():
    holds = fully("All personnel must mortally wound and stun their adversaries when possible.", "1e",
                  card_type="Incident").abilities[0]
    assert holds.kind == "continuous"
    once = fully("That player must shuffle entire hand into draw deck.", "1e", card_type="Event").abilities[0]
    assert once.kind == "play_effect"


@pytest.mark.parametrize("sentence", ["May be nullified by INTEGRITY+CUNNING+STRENGTH>150 at this location.",
                                      "Cured when non-disabled CUNNING>30 OR android aboard."])
def test_what_a_placed_dilemma_says_of_its_own_end_holds_while_it_stays(sentence):
    result = fully("Place on mission. " + sentence, "1e", card_type="Dilemma")
    assert [a.kind for a in result.abilities] == ["play_effect", "continuous"]
    # "Cure with …" is what is done to it
    cure = fully("Place on mission. Cure with 2 MEDICAL.", "1e", card_type="Dilemma")
    assert [a.kind for a in cure.abilities] == ["play_effect", "play_effect"]


def test_each_turn_before_an_imperative_is_a_use_once_a_turn():
    ability = fully("Each turn, gain an additional normal card play OR at end of turn, draw an extra card.",
                    "1e", card_type="Artifact").abilities[0]
    assert ability.kind == "activated" and ability.limit == "each turn"


def test_affects_all_players_is_how_things_stand_while_the_card_is_there():
    assert fully("Affects all players.", "1e", card_type="Doorway").abilities[0].kind == "continuous"


def test_a_dilemmas_conditional_play_on_table_is_what_it_does():
    ability = fully("Unless 2 SCIENCE or Mindmeld present, play on table as an Event card.", "1e",
                    card_type="Dilemma").abilities[0]
    assert ability.kind == "play_effect"


def test_how_often_and_where_a_card_plays_is_what_playing_it_needs():
    ability = fully("Plays once per turn on any player.", "1e", card_type="Interrupt").abilities[0]
    assert ability.kind == "play_requirement" and ability.limit == "once per turn"
    # played "to" do something, with a limit, it is an action the card allows
    use = fully("Plays once each turn to draw a card.", "1e", card_type="Interrupt").abilities[0]
    assert use.kind == "activated"


def test_words_set_off_by_commas_between_a_modal_and_its_verb_leave_no_verb_out():
    ability = fully("Once each turn, any player who has a V.I.P. unopposed here may, in place of one card "
                    "draw, draw two cards and place one of them beneath draw deck.", "1e",
                    card_type="Site").abilities[0]
    assert [e.verb for e in ability.effects] == ["draw", "place"]
    assert "in place of" in dict(ability.effects[0].places)


@pytest.mark.parametrize("text, effects", [
    ("Opponent may download to this location one scout ship with one or two [Univ] crew members.",
     ["download"]),
    ("You may beam one scout aboard.", ["beam"]),
    ("Your Borg may scout the mission.", ["scout"]),
])
def test_a_scout_after_a_count_is_a_thing(text, effects):
    assert [e.verb for e in fully(text, "1e", card_type="Dilemma").abilities[0].effects] == effects


def test_remaining_after_a_compared_total_says_how_it_is_counted():
    ability = fully("To get past requires CUNNING>24 remaining.", "2e", card_type="Dilemma").abilities[0]
    assert [e.verb for e in ability.effects] == ["require"]


def test_place_one_during_the_seed_phase_is_how_a_doorway_comes_into_play():
    ability = fully("Place one on table during the seed phase.", "1e", card_type="Doorway").abilities[0]
    assert ability.kind == "play_requirement"


def test_replicate_is_a_keyword_and_what_follows_its_dash_the_cost():
    ability = fully("Replicate - Kill your Jem'Hadar.", "2e", card_type="Event").abilities[0]
    assert (ability.kind, ability.keywords) == ("keyword_rule", ("replicate",))
    assert [c.verb for c in ability.costs] == ["kill"] and not ability.effects
    assert ability.raw == "Replicate - Kill your Jem'Hadar."


def test_a_trailing_when_with_an_event_is_a_trigger_but_not_when_the_card_plays():
    ability = fully("May place in your point area when he mortally wounds an adversary.", "1e",
                    personnel=True).abilities[0]
    assert ability.kind == "response" and ability.trigger is not None and ability.trigger.event == "wound"
    assert not ability.conditions
    plays = fully("Plays when facing a dilemma.", "1e", card_type="Interrupt").abilities[0]
    assert plays.kind == "play_requirement"
    rule = fully("Each of its skill requirements must be met by a different personnel when solving it.",
                 "1e", card_type="Event").abilities[0]
    assert rule.trigger is None
    # on a dilemma, in brackets, it is when part of what it does happens; a sentence of its own is a
    # response (four label authors read it so)
    later = fully("Crew is quarantined (dies when countdown expires).", "1e",
                  card_type="Dilemma").abilities[0]
    assert later.kind == "play_effect" and later.trigger is not None
    later = fully("Ship is destroyed when countdown expires.", "1e", card_type="Dilemma").abilities[0]
    assert later.kind == "response" and later.trigger is not None


@pytest.mark.parametrize("text, card_type, kind", [
    # a "to" after the semicolon is not what the card is played for
    ("OR Plays on your [Hir] ship; its transporters may be used to beam through SHIELDS here.", "Incident",
     "play_requirement"),
    ("Plays on {Plasma Fire} to move onto any ship.", "Incident", "play_effect"),
    # a sentence that ends by discarding the card is what it does once; a use it allows, discarding it
    # after, still stands
    ("WEAPONS or SHIELDS are +4 until start of your next turn, then discard objective.", "Objective",
     "play_effect"),
    ("May damage (not destroy) one ship at same location (discard event).", "Event", "continuous"),
    ("Each ship's RANGE for this turn is used, then place incident out-of-play.", "Incident", "play_effect"),
    # a dilemma's "Cannot get past unless …" is what getting past it needs, as "To get past requires …"
    ("Cannot get past unless 2 Computer Skill OR 3 SCIENCE present.", "Dilemma", "play_effect"),
    ("Cannot get past (shuffle back into seed cards here) unless Geology present.", "Dilemma", "play_effect"),
    ("Crew may not beam up.", "Dilemma", "continuous"),
    # on a lasting card, what a player must do every turn holds, and so does a change of a mission's
    # requirements; what a player must do once is done once
    ("Opponent must discard one card before ending each turn.", "Event", "continuous"),
    ("Add Acquisition to this mission's requirements.", "Event", "continuous"),
    ("That player must shuffle entire hand into draw deck.", "Event", "play_effect"),
    # "beside" is a preposition: where the event is played
    ("Place beside any player's draw deck.", "Event", "play_requirement"),
])
def test_the_kind_of_one_sentence(text, card_type, kind):
    assert fully(text, "1e", card_type=card_type).abilities[0].kind == kind


def test_a_quoted_action_after_to_is_its_verb():
    ability = fully('At start of any player\'s turn, that player may discard a non-personnel card from hand '
                    'to "revolve" (flip) this card.', "1e", card_type="Event").abilities[0]
    assert [c.verb for c in ability.costs] == ["discard"] and ability.effects[0].verb == "flip"  # its gloss


@pytest.mark.parametrize("text", ["Place a Jem'Hadar that you do not command on your ship.",
                                  "Place a Jem'Hadar you do not command on your ship."])
def test_a_relative_clause_with_its_own_subject_after_that_or_with_do_not(text):
    effect = fully(text, "2e", card_type="Event").abilities[0].effects
    assert [e.verb for e in effect] == ["place"]
    assert [(r.verb, r.negated) for r in effect[0].object.relative] == [("command", True)]


def test_may_be_nullified_said_of_itself_is_a_standing_rule_on_any_card():
    result = fully("Relocate one personnel. (May be nullified only by {Guinan}.)", "1e",
                   card_type="Q Interrupt")
    assert [a.kind for a in result.abilities] == ["play_effect", "continuous"]


def test_a_quoted_action_after_a_modal_with_its_gloss_is_the_glossed_verb():
    ability = fully('Up to 100 of its tribbles may "spread" (move) to an adjacent site.', "1e",
                    card_type="Trouble").abilities[0]
    assert [e.verb for e in ability.effects] == ["move"]


def test_a_probe_card_is_a_card_and_a_probes_result_is_what_it_does():
    result = fully("Kills X personnel (random selection); immediately probe: [*]: X = number of [*] icons on "
                   "probe card. [Equipment]: X = 0 (discard probe card). Otherwise: X = 1.", "1e",
                   card_type="Dilemma")
    assert [[e.verb for e in a.effects] for a in result.abilities] == [
        ["kill", "probe", "modify"], ["modify", "discard"], ["modify"]]
    assert [a.kind for a in result.abilities] == ["play_effect"] * 3


def test_a_web_link_in_the_card_data_is_no_game_text():
    result = fully('Seeds like a [S/P] dilemma. <a href="https://www.trekcc.org/qi">QR Code</a>', "1e",
                   card_type="Doorway")
    assert [a.kind for a in result.abilities] == ["play_requirement"]
    assert fully("Plays on your <Fed> ship.", "1e", card_type="Event").abilities[0].effects[0].places


@pytest.mark.parametrize("text", ["Owner inserts anywhere on spaceline.", "Inserts anywhere on spaceline.",
                                  "May also be stocked in Q's Tent."])
def test_how_a_card_comes_into_play_said_of_itself(text):
    assert fully(text, "1e", card_type="Q Mission").abilities[0].kind == "play_requirement"


def test_a_limit_on_a_later_part_of_a_standing_sentence_leaves_it_standing():
    text = ("Each of your [Non] personnel is CUNNING +2; once each turn, one such personnel reporting aboard "
            "may do so for free.")
    ability = fully(text, "1e", card_type="Incident").abilities[0]
    assert ability.kind == "continuous" and ability.limit == "once each turn"
    # a limit on the sentence's own first part still makes an action of it
    assert fully("Plays once each turn to draw a card.", "1e", card_type="Interrupt").abilities[0].kind == (
        "activated")


def test_a_noun_in_a_list_and_a_quoted_clause_with_a_known_verb():
    ability = fully("Seeds or plays on your freighter, transport or [Fer] facility or ship.", "1e",
                    card_type="Event").abilities[0]
    assert [e.verb for e in ability.effects] == ["seed", "play"]
    quoted = fully('To get past, four personnel present (random selection) "attend a conference."', "1e",
                   card_type="Dilemma").abilities[0]
    assert [e.verb for e in quoted.effects] == ["attend"]


def test_after_opening_a_sentence_is_the_moment_it_is_over():
    text = "After scouting complete, if you have Borg at that location, you may probe."
    ability = fully(text, "1e", card_type="Objective").abilities[0]
    assert ability.kind == "response" and ability.trigger is not None and ability.trigger.word == "after"
    # after an activated ability, "After any use, …" is what it does once used
    used = fully("Once each turn, you may download a card. After any use, discard doorway.", "1e",
                 card_type="Doorway")
    assert [a.kind for a in used.abilities] == ["activated", "play_effect"]
    # in a later clause it stays a condition
    later = fully("Place on mission; after this Q-Flash ends, crew is stopped.", "1e", card_type="Q Event")
    assert later.abilities[0].trigger is None


@pytest.mark.parametrize("text", ["Adds a Brig.", "Also repairs non-aligned ships."])
def test_what_a_lasting_card_adds_or_repairs_holds_while_it_is_there(text):
    assert fully(text, "1e", card_type="Doorway").abilities[0].kind == "continuous"


def test_lower_before_an_attribute_and_begins_to_take_no_verb_of_their_own():
    kill = fully("Each of your personnel who has Treachery x2 may kill an opposing personnel who has lower "
                 "CUNNING.", "1e", card_type="Interrupt").abilities[0]
    assert [e.verb for e in kill.effects] == ["kill"]
    plays = fully("Plays on any ship just as it begins to dock or undock at any facility.", "1e",
                  card_type="Interrupt").abilities[0]
    assert plays.kind == "play_requirement"


def test_an_event_that_discards_itself_does_what_it_says_once():
    text = "Nullifies {Mortal Q}. Q-Continuum is active again. Discard event. OR Plays on table. Your " \
           "Bajoran leaders may initiate battle against other Bajorans."
    kinds = [a.kind for a in fully(text, "1e", card_type="Event").abilities]
    # the other half of the card stays in play; its sentences stand
    assert kinds == ["play_effect", "play_effect", "play_effect", "play_requirement", "continuous"]
    # a standing rule holds even so; an event played on something stays there until it is discarded
    rule = fully("Draw two cards. (No draws may be converted to downloads.) Discard event.", "1e",
                 card_type="Event")
    assert [a.kind for a in rule.abilities] == ["play_effect", "continuous", "play_effect"]
    stays = fully("Plays on a male present. If he helps you solve a mission, opponent scores points. "
                  "Discard event.", "1e", card_type="Event")
    assert stays.abilities[1].kind == "continuous"


def test_what_befalls_the_card_just_named_goes_on_from_the_effect():
    text = "Target one of your unique personnel in play. That personnel is in stasis."
    assert [a.kind for a in fully(text, "1e", card_type="Objective").abilities] == ["play_effect"] * 2
    # a rule about it stands
    rule = "Target another ship at same location. That ship may not move or initiate battle."
    assert [a.kind for a in fully(rule, "1e", card_type="Objective").abilities] == ["play_effect",
                                                                                    "continuous"]


def test_what_a_placed_dilemma_says_of_cards_holds_while_it_is_there():
    text = "Place on mission. Further dilemmas requiring any MEDICAL here require 2 more."
    assert [a.kind for a in fully(text, "1e", card_type="Dilemma").abilities] == ["play_effect", "continuous"]
    pup = fully("Place on ship. Disables RANGE until start of your next turn.", "1e", card_type="Dilemma")
    assert pup.abilities[1].kind == "continuous"
    # placed by the opponent, it stays as well: what it lets cards do holds
    placed = fully("Opponent places on any one ship here. Opponent's cards may beam with ship.", "1e",
                   card_type="Dilemma")
    assert placed.abilities[1].kind == "continuous"
    # what happens on a condition, what happens now, and what befalls what it named are done then
    for then in ("If any non-OFFICER dies here, its owner loses points.", "It is now infected.",
                 "That personnel is disabled."):
        reading = fully(f"Place on ship. {then}", "1e", card_type="Dilemma")
        assert reading.abilities[1].kind == "play_effect", then


def test_a_prefix_with_no_comma_runs_into_a_subject_pronoun_and_its_verb():
    reading = fully('After applying damage it "ricochets" to other opposing ships present.', "1e",
                    card_type="Incident")
    ability = reading.abilities[0]
    assert ability.trigger is not None and ability.trigger.raw == "After applying damage"
    assert [e.verb for e in ability.effects] == ["ricochet"]
    # the gerund's object is a noun ("damage"), not a second verb
    applying = ability.trigger.effects[0]
    assert applying.object is not None and applying.object.type == "damage"


def test_an_aside_with_an_adverb_before_a_participle_and_a_conjoined_verb():
    ships = fully("Damage other opposing ships present (except those already damaged this battle).", "1e",
                  card_type="Incident").abilities[0].effects[0]
    except_ = dict(ships.places)["except"]
    assert ("manner", "already") in except_.filters and ("state", "damage") in except_.filters
    hits = fully("When your {Chain Reaction Pulsar} attacks (but does not destroy) a ship, draw a card.",
                 "1e", card_type="Incident").abilities[0]
    assert hits.trigger is not None and hits.trigger.event == "attack"


def test_an_interrupts_limit_after_its_effect_says_how_often_it_plays():
    text = "Download a compatible personnel with Leadership x2 to them (once per game per affiliation)."
    ability = fully(text, "1e", card_type="Interrupt").abilities[0]
    assert ability.kind == "play_effect" and ability.limit is not None
    # an opening limit is an action of its own
    assert fully("Once per turn, place out-of-play any Ferengi just killed by your opponent's card.", "1e",
                 card_type="Interrupt").abilities[0].kind == "activated"


@pytest.mark.parametrize("text", ["Destroys all ships here.", "Moves like a ship (RANGE=6)."])
def test_what_a_lasting_card_destroys_or_how_it_moves_holds_while_it_is_there(text):
    assert fully(text, "1e", card_type="Doorway").abilities[0].kind == "continuous"


def test_otherwise_goes_on_from_the_response_before():
    text = "Place at furthest spaceline end. End of every turn: If at [P] where encountered, destroys all " \
           "outposts here; discard dilemma. Otherwise: moves."
    assert [a.kind for a in fully(text, "1e", card_type="Dilemma").abilities] == [
        "play_effect", "response", "play_effect"]


def test_quarantined_on_its_own_is_the_glossarys_keyword():
    ability = fully("Place on ship. Quarantined.", "1e", card_type="Dilemma").abilities[1]
    assert ability.kind == "keyword_rule" and ability.keywords == ("quarantined",)


def test_a_dilemma_sentence_that_places_it_is_what_it_does_whatever_rule_follows():
    text = "Unless you have at least 50 points, cannot get past; place dilemma atop mission; it may not be " \
           "attempted by a player with less than 50 points."
    assert fully(text, "1e", card_type="Dilemma").abilities[0].kind == "play_effect"
    # a prohibition alone stands
    assert fully("Mission can't be attempted here.", "1e", card_type="Dilemma").abilities[0].kind == (
        "continuous")


def test_a_trigger_inside_a_while_is_a_response_under_that_condition():
    text = "While in play, when a Klingon ship destroys any opponent's Klingon ship, winner scores points."
    ability = fully(text, "1e", card_type="Event").abilities[0]
    assert ability.kind == "response" and ability.trigger is not None and ability.trigger.event == "destroy"
    assert [c.word for c in ability.conditions] == ["while"]


def test_a_relative_clause_takes_a_second_verb_and_a_contracted_negation():
    text = "Also, any player who doesn't control station but has Obsidian Order unopposed here may report " \
           "Cardassian personnel here."
    ability = fully(text, "1e", card_type="Site").abilities[0]
    assert [e.verb for e in ability.effects] == ["report"]
    relative = ability.effects[0].subject.relative
    assert [e.verb for e in relative] == ["control", "have"] and relative[0].negated
    # a verb printed as its lemma after "and" is the main clause's
    both = fully("Discard a card that has Greed and draw a card.", "1e", card_type="Interrupt").abilities[0]
    assert [e.verb for e in both.effects] == ["discard", "draw"]
    # and with no verb after the clause, the second verb is the main clause's
    main = fully("Each personnel who has Diplomacy and discards a card.", "1e", card_type="Interrupt")
    assert "discard" in [e.verb for e in main.abilities[0].effects]


def test_a_verbless_passive_after_when_is_an_event():
    text = "They are earned when Cryosatellite earned; then discard Cryosatellite."
    ability = fully(text, "1e", card_type="Artifact").abilities[0]
    assert ability.kind == "response" and ability.trigger is not None and ability.trigger.event == "earn"
    # after "if" it is a state the condition asks for
    state = fully("If ship damaged, draw a card.", "1e", card_type="Event").abilities[0]
    assert state.trigger is None and state.conditions[0].word == "if"


def test_a_whole_modifier_in_an_aside_after_another_verb_is_an_effect_of_its_own():
    ability = fully("That ship has a Phasing Cloak (RANGE +4 while phased).", "1e",
                    card_type="Artifact").abilities[0]
    assert [e.verb for e in ability.effects] == ["have", "modify"]
    assert (ability.effects[1].attribute, ability.effects[1].amount) == ("range", 4)
    # after a modifier, a value in brackets is what it gives instead
    instead = fully("Your ship is RANGE +2 (+3 if Defiant class).", "1e", card_type="Event").abilities[0]
    assert [e.verb for e in instead.effects] == ["modify"] and instead.conditions[0].instead == "+3"


def test_just_as_opens_a_condition_whose_infinitives_stay_in_it():
    ability = fully("Plays on any ship just as it begins to dock or undock at any facility.", "1e",
                    card_type="Interrupt").abilities[0]
    assert ability.kind == "play_requirement" and [e.verb for e in ability.effects] == ["play"]
    assert ability.conditions[0].word == "just as"
    assert [e.verb for e in ability.conditions[0].effects] == ["begin", "dock", "undock"]


def test_three_attributes_written_as_one_value():
    effect = fully("One personnel present now becomes Non-Aligned with attributes of 3-3-3.", "1e",
                   card_type="Dilemma").abilities[0].effects[0]
    assert effect.verb == "become"
    assert dict(effect.places)["of"].count == "3-3-3"


def test_the_perfect_progressive_is_one_verb_in_a_relative_clause():
    text = "Place on your V.I.P. or OFFICER who has been infiltrating opponent's ship since start of " \
           "opponent's last turn."
    ability = fully(text, "1e", card_type="Objective").abilities[0]
    assert [e.verb for e in ability.effects] == ["place"]


def test_an_event_placed_on_the_spaceline_and_a_participle_after_a_subject():
    text = "Place between two Mission cards. Ships stopping on the gap kill one personnel (random selection)."
    first, second = fully(text, "1e", card_type="Event").abilities
    assert first.kind == "play_requirement"
    assert [e.verb for e in second.effects] == ["kill"]
    assert [e.verb for e in second.effects[0].subject.relative] == ["stop"]
    # "No beaming up or taking off …" is a ban, not a phrase "No" with a clause
    ban = fully("No beaming up or taking off from planet.", "1e", card_type="Event").abilities[0]
    assert ban.effects[0].subject is None or not ban.effects[0].subject.relative


def test_a_relative_clause_in_brackets_after_its_phrase():
    text = "When a personnel is targeted to die, you may stop 2 MEDICAL present (who are not also targeted " \
           "to die) to return that personnel to hand instead."
    ability = fully(text, "1e", card_type="Event").abilities[0]
    assert [e.verb for e in ability.costs] == ["stop"] and [e.verb for e in ability.effects] == ["return"]
    relative = ability.costs[0].object.relative
    # ("to die" is what they are targeted for: a place of "targeted", not a verb of the clause)
    assert [e.verb for e in relative] == ["target"] and relative[0].negated
    assert [(prep, t.text) for prep, t in relative[0].places] == [("to", "die")]


def test_a_conditional_order_on_a_lasting_card_is_a_response_to_what_happens():
    text = "If you solve by end of your next turn, place objective in point area."
    ability = fully(text, "1e", card_type="Objective").abilities[0]
    assert ability.kind == "response" and ability.trigger is not None and ability.trigger.event == "solve"
    may = fully("If your Dominion personnel subsequently complete that mission, you may download a Dominion "
                "facility there.", "1e", card_type="Objective").abilities[0]
    assert may.kind == "response" and may.trigger.event == "complete"
    # in brackets of its own too; the "if" stays among its conditions
    bracketed = fully("Seeds on table. (If you bring Device aboard {any Enterprise}, discard objective and "
                      "score points.)", "1e", card_type="Objective").abilities[1]
    assert bracketed.kind == "response" and [c.word for c in bracketed.conditions] == ["if"]
    # the card's own rule, said in the third person, stands
    own = fully("If a {Tribble Bomb} at this location is nullified by being examined, also nullifies "
                "{Hero of the Empire}.", "1e", card_type="Time Location").abilities[0]
    assert own.kind == "continuous"
    # a state it asks for is checked once, on playing it; one looking back goes on from the sentence
    state = "If you have fewer cards in your discard pile than in your hand, exchange your discard pile " \
            "with your hand."
    assert fully(state, "1e", card_type="Event").abilities[0].kind == "play_effect"
    back = fully("At the start of each of your turns, you may reveal an opponent's hand. If he or she "
                 "reveals no events, you may take a card into your hand.", "1e", card_type="Personnel")
    assert [a.kind for a in back.abilities] == ["response", "play_effect"]


def test_may_seed_other_cards_under_a_mission_is_a_standing_permission():
    assert fully("May seed hand weapons under here.", "1e", card_type="Mission").abilities[0].kind == (
        "continuous")
    # how the card itself comes into play
    assert fully("May seed at a space location.", "1e", card_type="Artifact").abilities[0].kind == (
        "play_requirement")


def test_considered_to_takes_its_complement():
    text = "Cards with same [KCA] icon as this Nor are considered to match its affiliation."
    ability = fully(text, "1e", card_type="Site").abilities[0]
    assert ability.kind == "continuous" and not ability.costs


def test_a_trailing_when_a_state_holds_or_of_a_negated_verb_is_no_trigger():
    state = "This unit does not {process ore} when station is under Federation or Bajoran control."
    assert fully(state, "1e", card_type="Site").abilities[0].trigger is None
    rule = "Your {Assign Support Personnel} card is not discarded when used to download a personnel."
    assert fully(rule, "1e", card_type="Event").abilities[0].kind == "continuous"
    # a passive event still is one ("shown" is the participle of "show")
    shown = fully('Once per game, may leave play when {Devidian Door} is "shown".', "1e",
                  card_type="Personnel").abilities[0]
    assert shown.trigger is not None and shown.trigger.event == "show"


def test_the_cards_own_verb_before_to_is_what_it_does_not_a_cost():
    text = "Downloads [Univ] {Borg Cube} and seven drones to replace any {Borg Ship} dilemma in play."
    ability = fully(text, "1e", card_type="Event").abilities[0]
    assert not ability.costs and [e.verb for e in ability.effects] == ["download", "replace"]
    # an imperative is a cost a player pays
    paid = fully("Discard a card from hand to draw a card.", "1e", card_type="Event").abilities[0]
    assert [e.verb for e in paid.costs] == ["discard"]


def test_an_event_that_destroys_itself_pays_its_cost_as_it_is_played():
    text = "To play this event, you must command two Engineer personnel. Shuffle any player's deck to draw " \
           "a card. Destroy this event."
    kinds = [a.kind for a in fully(text, "1e", card_type="Event").abilities]
    assert kinds == ["play_requirement", "play_effect", "play_effect"]


def test_in_place_of_a_card_play_anywhere_in_the_sentence_makes_an_action():
    text = "Any player may, in place of their normal card play, download to this station one card."
    assert fully(text, "1e", card_type="Site").abilities[0].kind == "activated"
    after = fully("May download {Borg Nanoprobes} in place of your normal card play.", "1e",
                  card_type="Personnel").abilities[0]
    assert after.kind == "activated"


def test_make_says_who_undergoes_the_change_after_it():
    ability = fully("You may stop this personnel to make that personnel attributes +3 until the end of that "
                    "dilemma.", "1e", card_type="Personnel").abilities[0]
    assert [e.verb for e in ability.costs] == ["stop"] and [e.verb for e in ability.effects] == ["modify"]
    modify = ability.effects[0]
    assert modify.subject is not None and modify.subject.text == "that personnel" and "make" in modify.manner
    gain = fully("Discard a personnel from hand to make him or her gain the discarded personnel's skills.",
                 "1e", card_type="Interrupt").abilities[0].effects
    assert [e.verb for e in gain] == ["gain"] and gain[0].subject.text == "him or her"
    # "make" with nothing made after it stays a verb
    assert [e.verb for e in fully("Make a request of opponent.", "1e", card_type="Incident").abilities[0]
            .effects] == ["make"]


def test_what_a_sentence_says_of_the_battle_an_order_began_is_part_of_the_order():
    text = "Order - Discard two cards from hand to begin personnel battle involving your Jem'Hadar. Your " \
           "non-Jem'Hadar present are not involved in the personnel battle."
    assert [a.kind for a in fully(text, "1e", card_type="Event").abilities] == ["order", "play_effect"]


def test_a_ships_download_goes_with_its_downloads_as_a_personnels_does():
    alone = fully("May report aboard your {U.S.S. Voyager} (for free). DL/ {Evasive Maneuvers}", "1e",
                  card_type="Ship")
    assert [a.kind for a in alone.abilities] == ["continuous"] and alone.downloads == ("Evasive Maneuvers",)
    keywords = fully("Tractor Beam DL/ {Phased Cloaking Device}", "1e", card_type="Ship")
    assert keywords.downloads == ("Phased Cloaking Device",)
    (line,) = keywords.abilities
    assert line.keywords == ("Tractor Beam",) and line.raw == "Tractor Beam"


@pytest.mark.parametrize("text, card_type, event", [
    ("If destroyed, flip mission over.", "Mission", "destroy"),
    ("Scores points if killed.", "Personnel", "kill"),
])
def test_if_and_a_participle_alone_is_what_befalls_the_card(text, card_type, event):
    ability = fully(text, "1e", card_type=card_type).abilities[0]
    assert ability.kind == "response" and ability.trigger is not None and ability.trigger.event == event


def test_a_later_parts_if_and_participle_stays_its_condition():
    text = 'Your {Implant} cards play for free and may be "reabsorbed" (placed beneath draw deck) if ' \
           'discarded.'
    assert fully(text, "1e", card_type="Personnel").abilities[0].kind == "continuous"


def test_a_noun_or_verb_before_is_at_a_clauses_start_is_its_subject():
    ability = fully("If target is occupying an {Assimilation Table}, you may probe.", "1e",
                    card_type="Objective").abilities[0]
    condition = ability.conditions[0]
    assert [e.verb for e in condition.effects] == ["status"]
    assert condition.effects[0].subject is not None and condition.effects[0].subject.type == "target"


def test_a_when_inside_an_opening_if_is_the_moment_the_ability_acts():
    ability = fully("If aboard your ship when it wins a battle, draw a card.", "1e",
                    card_type="Personnel").abilities[0]
    assert ability.kind == "response" and ability.trigger is not None and ability.trigger.event == "win"
    # a play requirement stays one
    plays = fully("Plays if Greed aboard your ship when it destroys another ship in battle.", "1e",
                  card_type="Interrupt").abilities[0]
    assert plays.kind == "play_requirement"


def test_a_moment_of_every_turn_after_the_verb_is_when_it_acts():
    ability = fully("May change that skill at the start of each of your turns.", "1e",
                    card_type="Personnel").abilities[0]
    assert ability.kind == "response" and ability.trigger is not None and ability.trigger.event == "start"
    # when a card may be played is no response
    plays = fully("Plays at start of each turn on any ship.", "1e", card_type="Event").abilities[0]
    assert plays.kind == "play_requirement"


def test_a_noun_in_a_list_before_an_unknown_word_and_a_limited_prohibition():
    plays = fully("Plays on your freighter, transport or merchant vessel.", "1e", card_type="Event")
    assert [e.verb for e in plays.abilities[0].effects] == ["play"]
    ban = fully("(Opponent may not report the same personnel more than once per game in this manner.)", "1e",
                card_type="Q Interrupt").abilities[0]
    assert ban.kind == "continuous"


def test_a_condition_after_the_skill_lists_download_is_that_downloads():
    reading = fully("ENGINEER Computer Skill DL/ {Divert Power} (unless {any Tucker} present).", "1e",
                    card_type="Personnel")
    assert reading.abilities == () and reading.downloads == ("Divert Power",)
    ((download, condition),) = reading.download_conditions
    assert download == "Divert Power" and condition.word == "unless"
    assert reading.to_json()["download_conditions"][0]["download"] == "Divert Power"


def test_a_condition_after_a_download_printed_after_game_text_is_that_downloads():
    # the download follows a sentence of game text, not the skills: still the download's condition
    reading = fully("V.I.P. Leadership x 2 Diplomacy Your leaders here may initiate battle against [Kli]. "
                    "DL/ {Any Enterprise} (if aboard your matching facility).", "1e", card_type="Personnel")
    assert [a.kind for a in reading.abilities] == ["continuous"]
    ((download, condition),) = reading.download_conditions
    assert download == "Any Enterprise" and condition.word == "if"


def test_a_download_of_a_kind_of_card_before_more_text_goes_with_the_downloads():
    reading = fully("OFFICER Leadership x 2 Honor DL/ Any Captain's Order card Scores 5 points each time he "
                    "helps solve a mission.", "1e", card_type="Personnel")
    assert reading.downloads == ("Any Captain's Order card",)
    assert [[e.verb for e in a.effects] for a in reading.abilities] == [["score"]]


@pytest.mark.parametrize("text, skill, word", [
    ("V.I.P. Leadership x 2 Diplomacy Treachery Honor (if {The Emissary} in play). DL/ Any Bajoran treaty",
     "Honor", "if"),
    ("V.I.P. SECURITY Treachery Tal Shiar x2 (when [Rom]). Exobiology Your Tal Shiar may report here.",
     "Tal Shiar", "when"),
    ("V.I.P. Biology Law OR Diplomacy (change at any time).", "Diplomacy", None),
])
def test_a_parenthesis_right_after_a_skill_qualifies_that_skill(text, skill, word):
    reading = fully(text, "1e", card_type="Personnel")
    assert all(not a.raw.startswith("(") for a in reading.abilities)
    ((qualified, note),) = reading.skill_notes
    assert qualified == skill and note.raw.startswith("(")
    assert (note.conditions[0].word if note.conditions else None) == word
    assert reading.to_json()["skill_notes"][0]["skill"] == skill


def test_what_a_player_may_make_someone_undergo_and_what_follows_it():
    text = "While this personnel is attempting a mission, you may make him attributes +2. If you do this, " \
           "he is killed at the end of this turn."
    first, then = fully(text, "1e", card_type="Personnel").abilities
    assert first.kind == "intermittent" and first.optional
    assert [e.verb for e in first.effects] == ["modify"] and first.effects[0].subject.text == "him"
    assert then.kind == "play_effect"


def test_a_pronoun_after_an_order_goes_on_with_what_the_order_did():
    text = "Order - This personnel gains one skill from one of your personnel present. She keeps that " \
           "skill until the start of your next turn."
    assert [a.kind for a in fully(text, "1e", card_type="Personnel").abilities] == ["order", "play_effect"]
    # after a standing ability, a pronoun's rule stands too
    text = "While this personnel is aboard your ship, your personnel present are CUNNING +1. They may not " \
           "attempt missions."
    assert [a.kind for a in fully(text, "1e", card_type="Personnel").abilities] == [
        "intermittent", "continuous"]


@pytest.mark.parametrize("text", [
    # no comma after the moment: the main clause's subject ends it
    "At the end of each of your turns you may move any one {Q-Net} in play one location.",
    # the moment after a limit, with a cost in the main clause: when it is done, not an action
    "Once per game, at the start of your turn, discard event to complete a Contender-related objective.",
    # their turn, opponent's turn: each of them, as "your turn" is (and after the verb, or in a condition)
    "Each of their personnel aboard a [Car] facility is stopped at the start of their turn.",
    "If this facility is not staffed at the end of opponent's turn, opponent discards one card from hand.",
])
def test_a_moment_of_the_turn_in_a_prefix_is_the_trigger(text):
    ability = fully(text, "1e", card_type="Event").abilities[0]
    assert ability.kind == "response" and ability.trigger.event in ("start", "end")


def test_a_subject_that_names_back_in_its_phrase_goes_on_with_the_response_before():
    text = "Now and start of each mission attempt here, opponent names a skill. All your personnel with " \
           "that skill are attributes -2 until end of turn."
    assert [a.kind for a in fully(text, "1e", card_type="Dilemma").abilities] == ["response", "play_effect"]


def test_discard_after_something_is_done_is_a_response_to_it_after_use_is_not():
    abilities = fully("Plays on any Klingon mission. Discard after mission completed.", "1e",
                      card_type="Event").abilities
    assert abilities[1].kind == "response" and abilities[1].trigger.event == "complete"
    assert abilities[1].trigger.object.type == "mission"
    abilities = fully("Plays on table. Discard event after use.", "1e", card_type="Event").abilities
    assert abilities[1].kind == "play_effect" and abilities[1].trigger is None


def test_leaving_play_if_something_happens_is_a_response_and_while_a_state_holds_a_rule():
    abilities = fully("Plays on table. Discard objective if opponent destroys one of your ships.", "1e",
                      card_type="Objective").abilities
    assert abilities[1].kind == "response" and abilities[1].trigger.event == "destroy"
    # a state: ten labels of four authors (three of two read it as a response, none as done once)
    abilities = fully("Plays on table. Discard incident if you have no ships in play.", "1e",
                      card_type="Incident").abilities
    assert abilities[1].kind == "continuous" and abilities[1].trigger is None
    assert abilities[1].conditions[0].effects[0].verb == "have"
    # after an action of the card's, it is still a rule of its own
    abilities = fully("Once each turn, you may draw a card. Discard event if you have no ships in play.",
                      "1e", card_type="Event").abilities
    assert abilities[1].kind == "continuous"
    # a Q-card's text is what it does when encountered
    abilities = fully("If personnel are present, discard event.", "1e", card_type="Q Event").abilities
    assert abilities[0].kind == "play_effect"
    # what the card does before it goes is not only leaving play
    abilities = fully("Plays on table. Draw a card and discard event if opponent draws a card.", "1e",
                      card_type="Event").abilities
    assert abilities[1].trigger is None


@pytest.mark.parametrize("text, head, state, when", [
    ("Nullify a card just played.", "card", "play", "just"),
    ("Plays on your ship about to be destroyed.", "ship", "destroy", "about to be"),
    ("Plays to immediately kill your personnel just abducted.", "personnel", "abduct", "just"),
])
def test_just_or_about_to_be_and_a_participle_describe_the_phrase_before(text, head, state, when):
    ability = fully(text, "1e", card_type="Interrupt").abilities[0]
    phrase = ability.effects[0].object or dict(ability.effects[0].places)["on"]
    assert phrase.type == head and ("state", state) in phrase.filters and ("manner", when) in phrase.filters
    assert len(ability.effects) == 1


@pytest.mark.parametrize("text, verb", [("If opponent just played {Res-Q}, draw a card.", "play"),
                                        ("If you just used {Iconian Gateway}, draw a card.", "use")])
def test_just_and_a_participle_after_a_player_is_what_the_player_did(text, verb):
    ability = fully(text, "1e", card_type="Interrupt").abilities[0]
    assert ability.conditions[0].effects[0].verb == verb


def test_just_and_a_verb_of_a_subject_or_of_a_clause_with_no_that_stay_verbs():
    for text in ("If your Vorta just died, draw a card.", "If {Rogue Borg} just entered play, draw a card.",
                 "Nullify a dilemma your opponent just revealed.", "Draw if opponent just revealed it."):
        assert all(t.type != "ASPECT" for t in tokenize(clean(text))), text
    text = "Nullify a dilemma your opponent just revealed."
    ability = fully(text, "1e", card_type="Interrupt").abilities[0]
    assert [e.verb for e in ability.effects] == ["nullify"]


def test_help_before_a_bare_infinitive_is_how_its_subject_does_it():
    text = "Each Honor personnel that helps overcome this dilemma is placed on the bottom of owner's deck."
    ability = fully(text, "1e", card_type="Dilemma").abilities[0]
    assert [e.verb for e in ability.effects] == ["place"]
    assert [(r.verb, r.manner) for r in ability.effects[0].subject.relative] == [("overcome", ("helps",))]
    ability = fully("When he helps solve a mission, draw a card.", "1e", card_type="Personnel").abilities[0]
    assert ability.trigger.event == "solve" and ability.trigger.object.type == "mission"


def test_if_that_card_does_something_names_the_card_it_was_played_on():
    text = "Plays on your Acquisition personnel. If that personnel helps solve a mission, score points; " \
           "discard event."
    abilities = fully(text, "1e", card_type="Event").abilities
    assert [a.kind for a in abilities] == ["play_requirement", "response"]
    assert abilities[1].trigger.event == "solve"


def test_then_after_a_semicolon_is_kept_and_a_card_that_then_discards_itself_acts_once():
    text = "Plays on opponent's ship. That ship may not move until your next turn; then you may use ship " \
           "to battle; then discard objective."
    ability = fully(text, "1e", card_type="Objective").abilities[1]
    assert [(e.verb, "then" in e.manner) for e in ability.effects] == [
        ("move", False), ("use", True), ("battle", False), ("discard", True)]
    assert ability.kind == "play_effect"


@pytest.mark.parametrize("text, effects", [
    # a verb's own subject after "then" is that verb's, not an object of the verb before
    ("When countdown expires, captive dies, then owner loses points.",
     [("kill", (), "captive"), ("lose_points", ("then",), "owner")]),
    ("Randomly select a personnel to be killed, then this dilemma is placed on your ship.",
     [("select", ("randomly",), None), ("kill", (), None), ("place", ("then",), "this dilemma")]),
    ("Discard your hand, then draw a card.", [("discard", (), None), ("draw", ("then",), None)]),
    ("Cargo is lost. Then, draw a card.", [("draw", ("then",), None)]),
])
def test_then_orders_the_verb_after_it(text, effects):
    ability = fully(text, "1e", card_type="Dilemma").abilities[-1]
    assert [(e.verb, e.manner, e.subject.text if e.subject else None) for e in ability.effects] == effects


def test_then_after_a_preposition_names_a_time():
    ability = fully("Until then, all your personnel are INTEGRITY -2.", "1e",
                    card_type="Dilemma").abilities[0]
    assert [t.text for c in ability.conditions for t in c.requires] == ["then"]


@pytest.mark.parametrize("text", [
    "Order - Examine the top three cards of your deck. Replace those cards in any order.",
    "At the start of each of your turns, you may examine the top card of an opponent's deck. You may "
    "choose to place that card on the bottom of its owner's deck.",
])
def test_acting_on_what_the_ability_before_named_goes_on_with_it(text):
    assert fully(text, "1e", card_type="Personnel").abilities[1].kind == "play_effect"


def test_if_something_happens_you_may_pay_to_act_is_a_response_on_a_personnel():
    text = "If a [Sta] personnel present dies, you may discard two cards to return that personnel to hand."
    ability = fully(text, "1e", card_type="Personnel").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == "kill"
    assert [c.verb for c in ability.costs] == ["discard"]


def test_a_comma_inside_the_closing_quote_is_a_comma_after_the_word():
    text = 'All such personnel are "stopped," but if two or more present, one must continue.'
    ability = fully(text, "1e", card_type="Dilemma").abilities[0]
    assert [e.verb for e in ability.effects] == ["stop", "continue"]
    ability = fully('If they say "thank you," score points.', "1e", card_type="Event").abilities[0]
    assert [e.verb for e in ability.effects] == ["score"] and ability.conditions[0].word == "if"


def test_a_comma_in_a_list_of_verbs_does_not_end_a_prefix():
    text = 'Otherwise, if it "stops," disables or puts in stasis any of your personnel, lose points.'
    ability = fully(text, "1e", card_type="Event").abilities[0]
    assert [e.verb for e in ability.effects] == ["lose_points"]
    assert [e.verb for e in ability.conditions[-1].effects] == ["stop", "disable", "put"]


@pytest.mark.parametrize("text", [
    '(Each artifact may be "returned" only once per game.)',
    "{Prisoner Exchange} and {Fajo's Gallery} may each be used only once per turn.",
])
def test_a_limit_after_only_restricts_what_may_be_done(text):
    assert fully(text, "1e", card_type="Objective").abilities[0].kind == "continuous"


@pytest.mark.parametrize("text", [
    "At any time, you may discard one card from hand.",
    "During your turn, you may trade this artifact for any opponent's artifact in play.",
    "On your turn, you may place on a personnel present with {Khan}.",
    "You may discard Field at any time.",
    # what the player's own cards may do then
    "During a personnel battle, one of your personnel present may stun one opposing personnel.",
    "During your turn, your crew or Away Team may capture one opposing personnel present.",
])
def test_you_may_at_a_time_of_your_choosing_is_an_action(text):
    assert fully(text, "1e", card_type="Event").abilities[0].kind == "activated"
    # what may not be done then is a rule
    assert fully("During your turn, you may not draw cards.", "1e",
                 card_type="Event").abilities[0].kind == "continuous"


def test_a_second_inflected_verb_after_a_conditions_own_is_the_conditions():
    ability = fully("Plays if any SHIELDS are less than 4 or were just lowered for beaming.", "1e",
                    card_type="Interrupt").abilities[0]
    assert ability.kind == "play_requirement" and [e.verb for e in ability.effects] == ["play"]
    # a verb of two words printed as its lemma ("score points") still goes on the main clause
    ability = fully('Once per game, may leave play when {Devidian Door} is "shown" and score points.', "1e",
                    card_type="Personnel").abilities[0]
    assert [e.verb for e in ability.effects][-1] == "score"


def test_an_artifact_kept_in_hand_until_played_as_an_interrupt_reads_as_one():
    text = "Place in hand until played once as an Interrupt card on any ship. That ship travels into the " \
           "future (disappears for up to 5 turns)."
    assert [a.kind for a in fully(text, "1e", card_type="Artifact").abilities] == [
        "play_requirement", "play_effect"]
    # an action it offers stays one
    text = "Place in hand until played at any time to relocate any one personnel to anywhere in play."
    assert fully(text, "1e", card_type="Artifact").abilities[0].kind == "activated"


@pytest.mark.parametrize("text, card_type, kind, verbs", [
    ("If 3 MEDICAL present, plays on one of your personnel just selected to die.", "Interrupt",
     "play_requirement", ["play"]),
    ("May replace your [OS] personnel present who was just randomly selected to die.", "Personnel",
     "response", ["replace"]),  # (a response to the selection: see test_a_may_on_a_personnel_just_selected_…)
    ("Saves any Vulcan who was just randomly selected to be killed.", "Interrupt", "play_effect", ["save"]),
])
def test_to_a_verb_after_selected_says_what_the_choice_is_for(text, card_type, kind, verbs):
    ability = fully(text, "1e", card_type=card_type).abilities[0]
    assert (ability.kind, [e.verb for e in ability.effects]) == (kind, verbs) and not ability.costs


@pytest.mark.parametrize("text, card_type, verbs", [
    ("Plays to shuffle top two cards of any discard pile into owner's draw deck.", "Interrupt", ["shuffle"]),
    ("OR Plays once each turn to relocate your ship in the Badlands Region to Caretaker's Array.", "Incident",
     ["relocate"]),
    # a verb's -s form after a count of more than one is a plural noun
    ("Plays to reveal two sets of three cards from top of your draw deck.", "Interrupt", ["reveal"]),
])
def test_plays_to_is_what_playing_the_card_does(text, card_type, verbs):
    ability = fully(text, "1e", card_type=card_type).abilities[0]
    assert [e.verb for e in ability.effects] == verbs and ability.effects[0].manner[0] == "plays"
    # where it plays stays how it is played
    ability = fully("Plays on table.", "1e", card_type="Event").abilities[0]
    assert [e.verb for e in ability.effects] == ["play"]


def test_these_effects_last_goes_on_with_the_ability_that_gave_them():
    text = "Order - This personnel gains one skill. This effect lasts until this order is executed again."
    assert [a.kind for a in fully(text, "1e", card_type="Personnel").abilities] == ["order", "play_effect"]


@pytest.mark.parametrize("text, verbs", [
    ("SECURITY Navigation Honor DL/ {Kazon Bomb} (as an interrupt, where Tierna present).", []),
    ("MEDICAL Music Computer Skill DL/ {Mobile Holo-Emitter} (ignoring [AU]).", ["ignore"]),
])
def test_a_parenthesis_after_the_skill_lists_download_says_how_it_is_made(text, verbs):
    result = fully(text, "1e", card_type="Personnel")
    assert not result.abilities and [d for d, _ in result.download_notes] == [result.downloads[-1]]
    assert [e.verb for e in result.download_notes[0][1].effects] == verbs
    assert result.to_json()["download_notes"][0]["download"] == result.downloads[-1]


def test_guramba_is_a_skill():
    result = fully("SECURITY Navigation Treachery Guramba May report where you have FCA present.", "1e",
                   card_type="Personnel")
    assert [s.skill for s in result.skills][-1] == "Guramba"


def test_a_moment_of_every_turn_in_the_subject_is_when_it_acts():
    text = "Each unopposed CIVILIAN inside at start of its owner's turn scores 1 point."
    ability = fully(text, "1e", card_type="Facility").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == "start"


def test_a_dual_missions_opponent_side_requirements_are_read_as_requirements():
    text = "Computer Skill + ENGINEER + CUNNING>36 Opponent's side:[kli] SECURITY x2 + Geology + Law"
    data = fully(text, "1e", card_type="Mission").to_json()
    assert data["abilities"] == [] and data["opponent_side_requirements"]["icons"] == ["kli"]
    assert [n.get("skill") or n.get("classification") for n in data["opponent_side_requirements"]["all"]] == [
        "SECURITY", "Geology", "Law"]
    # "No gametext" is what that side has, not what it requires
    data = fully("Law + Honor Opponent's side: No gametext.", "1e", card_type="Mission").to_json()
    assert "opponent_side_requirements" not in data and len(data["abilities"]) == 1


def test_the_opponents_side_requirements_may_have_gametext_after_them_or_a_sentence_before_them():
    text = ("Law + Honor Opponent's side: [fed] Navigation x3 + SHIELDS>6 [Fed] shuttlecraft may report "
            "with crew (limit 2) here.")
    data = fully(text, "1e", card_type="Mission").to_json()
    assert data["opponent_side_requirements"]["icons"] == ["fed"]
    assert [a["raw"] for a in data["abilities"]] == [
        "[Fed] shuttlecraft may report with crew (limit 2) here."]
    text = ("Law + Honor Opponent's side: Any crew may attempt this mission. Diplomacy x2 + Navigation x2 + "
            "SECURITY No gametext.")
    data = fully(text, "1e", card_type="Mission").to_json()
    assert [n.get("skill") or n.get("classification") for n in data["opponent_side_requirements"]["all"]] == [
        "Diplomacy", "Navigation", "SECURITY"]
    assert len(data["abilities"]) == 2
    # before the heading, a sentence opening with skills is the mission's own text
    data = fully("Law + Honor Leadership + Honor personnel here are each INTEGRITY +2.", "1e",
                 card_type="Mission").to_json()
    assert "opponent_side_requirements" not in data


def test_an_interrupts_own_terms_and_its_delayed_parts():
    ability = fully("Once every turn, plays to reveal the bottom three cards of your draw deck.", "1e",
                    card_type="Interrupt").abilities[0]
    assert [e.verb for e in ability.effects] == ["reveal"]
    # what playing it needs, as a doorway's "Requires …" (a dilemma's is what it does)
    kinds = {t: fully("Requires two wormholes.", "1e", card_type=t).abilities[0].kind
             for t in ("Interrupt", "Dilemma")}
    assert kinds == {"Interrupt": "play_requirement", "Dilemma": "play_effect"}
    # "If killed, …" on an interrupt is part of what it does; on a personnel, a response
    assert fully("If killed, points transfer to opponent.", "1e",
                 card_type="Interrupt").abilities[0].kind == "play_effect"
    assert fully("If killed, points transfer to opponent.", "1e",
                 card_type="Personnel").abilities[0].kind == "response"


def test_a_gerund_after_a_preposition_with_nothing_to_act_on_is_the_activity():
    ability = fully("Plays during transport by beaming, {Dimensional Shifting} or {Iconian Gateway}.", "1e",
                    card_type="Interrupt").abilities[0]
    assert [e.verb for e in ability.effects] == ["play"]
    ability = fully("It may not fly by a location without stopping.", "1e", card_type="Dilemma").abilities[0]
    assert [e.verb for e in ability.effects] == ["fly"]


def test_you_may_download_on_an_objective_is_what_it_gives_once():
    text = "Plays on table. You may download to one of your crews or Away Teams one hand weapon."
    assert [a.kind for a in fully(text, "1e", card_type="Objective").abilities] == [
        "play_requirement", "play_effect"]
    text = "Plays on table. Once each turn, you may download a hand weapon."
    assert fully(text, "1e", card_type="Objective").abilities[1].kind == "activated"


@pytest.mark.parametrize("text, card_type, kind", [
    # a dilemma's sentence of its own that says when something happens: a response
    ("Place on one personnel present. At the end of your next turn, that personnel is placed in stasis.",
     "Dilemma", "response"),
    ("Place on ship. Ship is destroyed when countdown expires.", "Dilemma", "response"),
    ("Place on ship. If countdown expires, ship destroyed.", "Dilemma", "response"),
    # in brackets it is part of the effect it follows; "until" says how long it lasts
    ("Entire Away Team is quarantined (dies when countdown expires).", "Dilemma", "play_effect"),
    ("Until countdown expires, each of them is stopped.", "Dilemma", "play_effect"),
    # an interrupt's delayed part stays what it does
    ("End of opponent's next turn, all non-[Bor] ships there are returned to hand.", "Interrupt",
     "play_effect"),
])
def test_when_a_dilemma_says_something_happens_later(text, card_type, kind):
    assert fully(text, "1e", card_type=card_type).abilities[-1].kind == kind


@pytest.mark.parametrize(("text", "attribute", "amount"), [
    ("RANGE is reduced by 2.", "range", -2),
    ("Reduces RANGE by 4.", "range", -4),
    ("Once every turn, may reduce RANGE or WEAPONS by 2 until end of turn.", "range", -2),
    ("Each of them is stopped and has STRENGTH reduced by 2.", "strength", -2),
    ("While in play, lowers STRENGTH of each of your personnel by 2.", "strength", -2),
    ("Increases SHIELDS by 3.", "shields", 3),
])
def test_a_verb_that_changes_an_attribute_by_a_number_is_a_modify(text, attribute, amount):
    effects = fully(text, "1e", card_type="Event").abilities[0].effects
    (change,) = [e for e in effects if e.attribute]
    assert (change.verb, change.attribute, change.amount) == ("modify", attribute, amount)
    assert not any(prep == "by" for prep, _ in change.places)


def test_a_change_of_what_is_no_attribute_stays_the_verb_printed():
    # a mission's span, its points: no attribute a modify changes
    (effect,) = fully("Reduces its points by 10.", "1e", card_type="Event").abilities[0].effects
    assert effect.verb == "reduce"


def test_is_worth_is_one_verb_so_a_relative_clause_with_it_reads():
    ability = fully("Each of your personnel at a mission that is worth 40 or more points is attributes +1.",
                    "1e", card_type="Event").abilities[0]
    (effect,) = ability.effects
    assert (effect.verb, effect.attribute, effect.amount) == ("modify", "attributes", 1)
    (mission,) = [t for _, t in effect.subject.places]
    assert [e.verb for e in mission.relative] == ["worth"]
    (worth,) = fully("Your mission is worth 5 points.", "1e", card_type="Event").abilities[0].effects
    assert worth.verb == "worth"


@pytest.mark.parametrize("text", [
    "May replace any changeling present selected to die.",
    "May replace your [OS] personnel present who was just randomly selected to die.",
])
def test_a_may_on_a_personnel_just_selected_is_a_response_to_the_selection(text):
    ability = fully(text, "1e", card_type="Personnel").abilities[0]
    assert (ability.kind, ability.trigger.event) == ("response", "select")
    # on a card that is played and gone, it stays what the card does; a "must" stays a rule
    assert fully(text, "1e", card_type="Interrupt").abilities[0].kind == "play_effect"
    assert fully("Must replace any changeling present selected to die.", "1e",
                 card_type="Personnel").abilities[0].kind == "continuous"


def test_a_verb_the_vocabulary_keeps_as_a_noun_after_a_negated_modal():
    ability = fully("Opponent's ships may not end their movement at this location unless they have "
                    "Navigation aboard.", "1e", card_type="Event").abilities[0]
    assert ability.kind == "continuous" and [e.verb for e in ability.effects] == ["end"]
    assert ability.effects[0].negated and ability.conditions[0].word == "unless"


@pytest.mark.parametrize("text, place", [
    ("Your [Car] ships at a location where you have a facility are each SHIELDS +2.", "location"),
    ("Your personnel at a mission where you have a facility may not be killed.", "mission"),
])
def test_a_where_clause_inside_a_subject_says_which_place(text, place):
    effect = fully(text, "1e", card_type="Event").abilities[0].effects[-1]
    subject = effect.subject or effect.object
    ((prep, where),) = subject.places
    assert prep == "at" and where.type == place and [r.verb for r in where.relative] == ["have"]
    assert where.relative[0].object.type == "facility"


def test_a_where_clause_with_a_longer_subject_inside_a_subject_is_reported():
    # the reader cannot tell where "where your opponent has …" ends: it is reported, not guessed
    result = parse("Each ship at a location where your opponent has an outpost is RANGE -2.", "1e",
                   card_type="Event")
    assert result.unparsed


def test_a_bracketed_alternative_to_a_preposition_is_part_of_it():
    ability = fully("Your ships at (or adjacent to) this location are each RANGE +2.", "1e",
                    card_type="Event").abilities[0]
    ((prep, place),) = ability.effects[0].subject.places
    assert prep == "at or adjacent to" and place.type == "location"
    seed = fully("Seed one at any mission that is in (or adjacent to) the Nekrit Expanse Region.", "1e",
                 card_type="Facility").to_json()["abilities"][0]["effects"][0]
    (relative,) = seed["at"]["relative"]
    assert relative["in_or_adjacent_to"]["text"] == "the Nekrit Expanse Region"


def test_an_adverb_between_a_phrase_and_its_participle_leaves_the_participle_with_the_phrase():
    effect = fully("CIVILIAN SECURITY Honor May replace anyone present randomly selected to die.", "1e",
                   card_type="Personnel").abilities[0].effects[0]
    assert effect.verb == "replace" and not effect.objects
    assert {"state": "select"} in effect.to_json()["object"]["filters"] and effect.object.where == "present"
    assert effect.manner == ("randomly",)


@pytest.mark.parametrize("text, verb, kind", [
    ("Target: an opponent's personnel with Treachery.", "target", "personnel"),
    ("Requires: your ship at this location with a temporal agent and Physics aboard.", "require", "ship"),
])
def test_a_verb_heading_a_phrase_with_no_verb_of_its_own_is_its_verb(text, verb, kind):
    (effect,) = fully(text, "1e", card_type="Objective").abilities[0].effects
    assert effect.verb == verb and effect.object.type == kind
    # a heading over a clause stays a heading; a tactic's "Attack: 1." stays a value
    headed = fully("Target: Commandeer this ship.", "1e", card_type="Objective").abilities[0]
    assert headed.label == "target" and [e.verb for e in headed.effects] == ["commandeer"]
    assert fully("Attack: 1.", "1e", card_type="Tactic").abilities[0].kind == "keyword_rule"


def test_orion_syndicate_is_a_skill():
    reading = fully("ENGINEER Acquisition Leadership Treachery x 2 Orion Syndicate", "1e",
                    card_type="Personnel")
    assert [s.skill for s in reading.skills][-1] == "Orion Syndicate" and reading.abilities == ()
    dilemma = fully("Damages ship unless Transporter Skill OR any Orion Syndicate personnel present.", "1e",
                    card_type="Dilemma").to_json()["abilities"][0]["condition"]
    assert {"skill": "Orion Syndicate"} in dilemma["requires"][1]["filters"]


def test_compatible_with_is_a_standing_rule():
    (ability,) = fully("CIVILIAN Diplomacy Law Compatible with {[SKR] cards}.", "1e",
                       card_type="Personnel").abilities
    assert ability.kind == "continuous" and ability.keywords == ("compatible with {[skr] cards}",)


@pytest.mark.parametrize("text, title", [
    ('May add 2 card draws to "{cargo runs}" she completes.', "cargo runs"),
    ('Smuggling personnel in crew may use hand weapons to complete "{cargo runs.}"', "cargo runs"),
])
def test_a_title_in_quotes_is_the_title(text, title):
    # (the raw text holds the title's words either way: the named card is what is checked, here a
    # place's, among the cards the effects name)
    effects = fully(text, "1e", card_type="Ship").abilities[0].effects
    assert [c for e in effects for c in e.cards] == [title]


@pytest.mark.parametrize("text, kind", [
    ("CIVILIAN Treachery Navigation May nullify {HQ: Return Orb to Bajor}.", "activated"),
    ("V.I.P. SCIENCE Exobiology May morph (exchange with your Founder in hand).", "activated"),
    ("MEDICAL Empathy May nullify {Empathic Echo} where present.", "continuous"),  # a protection there
])
def test_a_deed_a_personnel_may_do_is_an_action(text, kind):
    (ability,) = fully(text, "1e", card_type="Personnel").abilities
    assert ability.kind == kind
    # what may be done to the card is no deed of its own
    passive = fully("May be nullified by Transporter Skill.", "1e", card_type="Equipment").abilities[0]
    assert passive.kind == "continuous"


@pytest.mark.parametrize("text, head, verb", [
    ("Plays at the end of a ship battle in which your ship was damaged.", "ship battle", "damage"),
    ("Plays at the start of a personnel battle in which your personnel are outnumbered.", "personnel battle",
     "status"),
])
def test_a_relative_clause_opened_by_a_preposition_and_which(text, head, verb):
    (effect,) = fully(text, "1e", card_type="Interrupt").abilities[0].effects
    ((_, start), (_, battle)) = effect.places
    assert battle.type == head and [r.verb for r in battle.relative] == [verb]
    assert battle.relative[0].subject.owner == "your"
    # with a pronoun subject, and inside a condition
    reading = fully("CIVILIAN Scores bonus points if killed by an attack in which you do not retaliate.",
                    "1e", card_type="Personnel")
    (condition,) = reading.abilities[0].conditions
    ((prep, attack),) = condition.places
    assert prep == "by" and [r.verb for r in attack.relative] == ["do"] and attack.relative[0].negated


def test_orb_experience_is_a_skill():
    reading = fully("V.I.P. Orb Experience When this personnel solves a mission, you may download an "
                    "Orb card to hand.", "1e", card_type="Personnel")
    assert "Orb Experience" in [s.skill for s in reading.skills]
    assert [a.kind for a in reading.abilities] == ["response"]


def test_what_a_card_placed_on_one_says_of_it_holds_while_it_is_there():
    text = ("Seeds under a mission. When earned, place on your [Baj] personnel present. That personnel is "
            "INTEGRITY +2 and gains Honor.")
    kinds = [a.kind for a in fully(text, "1e", card_type="Artifact").abilities]
    assert kinds == ["play_requirement", "response", "continuous"]
    # what the placing does next stays part of it
    text = "When earned, place on your personnel present. That personnel may then draw a card."
    assert [a.kind for a in fully(text, "1e", card_type="Artifact").abilities][-1] == "play_effect"


def test_also_on_an_interrupt_adds_to_what_it_just_did():
    text = ("Plays at the start of a battle involving your [Kli] ship. That ship is WEAPONS +3 until end of "
            "battle. If {Martok} is aboard, it is also SHIELDS +2.")
    assert [a.kind for a in fully(text, "1e", card_type="Interrupt").abilities] == [
        "play_requirement", "play_effect", "play_effect"]


def test_opposite_ends_is_a_place_not_a_verb():
    (ability,) = fully("Seeds or plays on two missions at opposite ends of a spaceline.", "1e",
                       card_type="Doorway").abilities
    assert [e.verb for e in ability.effects] == ["seed", "play"]


def test_his_or_her_is_one_owner_and_him_or_her_one_pronoun():
    effect = fully("Each opponent places a random card from hand on top of his or her deck.", "1e",
                   card_type="Event").abilities[0].effects[0]
    (deck,) = [t for prep, t in effect.places if prep == "of"]
    assert deck.owner == "his or her" and deck.type == "deck"
    stop = fully("When your Bajoran present is about to be killed, you may stop him or her to prevent that.",
                 "1e", card_type="Personnel").abilities[0]
    assert [o.text for e in (*stop.costs, *stop.effects) if e.verb == "stop" for o in (e.object,)] == [
        "him or her"]


@pytest.mark.parametrize("text, obj, place", [
    ("Download to hand one Captain's Order card.", "one Captain's Order card", "hand"),
    ("You may download to one of your crews or Away Teams one hand weapon.", "one hand weapon",
     "one of your crews"),  # (one of that group: the partitive)
    ("Opponent may download to this location one scout ship.", "one scout ship", "this location"),
])
def test_an_object_printed_after_the_place_it_goes_to_is_the_verbs_object(text, obj, place):
    (effect,) = fully(text, "1e", card_type="Objective").abilities[0].effects
    assert effect.verb == "download" and effect.object.text == obj
    assert dict(effect.places)["to"].text == place
    # "the top five cards" is one phrase: a count after a noun with no place before it
    (look,) = fully("Look at the top five cards of your draw deck.", "1e",
                    card_type="Event").abilities[0].effects
    assert dict(look.places)["at"].text == "the top five cards"


@pytest.mark.parametrize("text, kind, noun", [
    ("Plays on a space mission.", "mission", "space"),
    ("Your scout personnel are each STRENGTH +2.", "personnel", "scout"),  # ("Romulan": an affiliation)
    ("Place the top card of your draw deck in hand.", "card", "top"),
    ("Each headquarters mission is SHIELDS +2.", "mission", "headquarters"),  # a card type before one
])
def test_a_noun_before_the_card_type_stays_a_filter(text, kind, noun):
    reading = fully(text, "1e", card_type="Event").to_json()["abilities"][0]["effects"][0]
    phrase = reading.get("on") or reading.get("target") or reading.get("object")
    assert phrase["type"] == kind and {"noun": noun} in phrase["filters"]


@pytest.mark.parametrize("text, first, joined", [
    ("Your equipment and Borg personnel may report here.", "equipment", "personnel"),
    ("Your ships and facilities are each SHIELDS +2.", "ship", "facility"),
])
def test_a_second_card_type_joined_in_a_subject_is_a_group_of_its_own(text, first, joined):
    effect = fully(text, "1e", card_type="Event").abilities[0].effects[0]
    subject = effect.subject
    assert subject.type == first and [(c, t.type) for c, t in subject.also] == [("and", joined)]


def test_a_card_type_before_the_generic_card_is_the_type_and_a_list_of_types_is_a_list_of_groups():
    (download,) = fully("Download an Event card.", "1e", card_type="Interrupt").abilities[0].effects
    assert download.object.type == "event" and download.object.filters == ()
    (stasis,) = fully("All ships, personnel, and facilities are each SHIELDS +2.", "1e",
                      card_type="Event").abilities[0].effects
    assert stasis.subject.type == "ship" and stasis.subject.filters == ()
    assert [(c, t.type) for c, t in stasis.subject.also] == [("and", "personnel"), ("and", "facility")]


@pytest.mark.parametrize("text, main, joined", [
    # the first qualifier names no card type: the one after the last joins shares it
    ("Your opponent chooses a MEDICAL or SCIENCE personnel to be stopped.",
     ("a MEDICAL or SCIENCE personnel", "personnel", "MEDICAL"), [("or", "personnel", "SCIENCE")]),
    ("Randomly kills one OFFICER, Leadership or Navigation personnel.",
     ("one OFFICER, Leadership or Navigation personnel", "personnel", "OFFICER"),
     [("or", "personnel", "Leadership"), ("or", "personnel", "Navigation")]),
    ("Plays on your [Fed], [Baj], and [Kli] ships.",
     ("your [Fed], [Baj], and [Kli] ships", "ship", "Fed"), [("and", "ship", "Baj"), ("and", "ship", "Kli")]),
])
def test_qualifiers_joined_before_one_card_type_are_groups_of_that_type(text, main, joined):
    effect = fully(text, "1e", card_type="Dilemma").abilities[0].effects[0]
    phrase = effect.object or dict(effect.places)["on"]
    assert (phrase.text, phrase.type, phrase.filters[0][1]) == main
    assert [(c, t.type, t.filters[0][1]) for c, t in phrase.also] == joined
    # each joined group has the owner of the whole ("your")
    assert {t.owner for _, t in phrase.also} == {phrase.owner}


def test_qualifiers_joined_share_the_place_and_the_relative_clause_of_their_card_type():
    placed, related = (fully(f"Your Breen and Jem'Hadar ships {after} are each SHIELDS +2.", "1e",
                             card_type="Event").abilities[0].effects[0].subject
                       for after in ("in battle", "that have WEAPONS>5"))
    (_, other), = placed.also
    assert [p for p, _ in other.places] == ["in"] and other.places == placed.places
    (_, other), = related.also
    assert other.relative[0].verb == "have" and other.relative == related.relative


@pytest.mark.parametrize("text", ["Your opponent chooses a personnel to be stopped.",
                                  "You choose one personnel to be killed."])
def test_after_a_choice_the_passive_acts_on_the_one_chosen_not_on_who_chooses(text):
    choose, passive = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert choose.verb == "choose" and passive.object == choose.object and passive.subject is None


@pytest.mark.parametrize("text, count, number", [
    ("Kill up to four personnel.", "up_to", 4),
    ("Discard any three cards.", "any", 3),
    ("Score 5 points if you have at least two missions.", "at_least", 2),
])
def test_a_count_word_keeps_the_number_it_bounds(text, count, number):
    data = fully(text, "1e", card_type="Event").to_json()["abilities"][0]
    phrase = (data["condition"]["effects"][0] if data["condition"] else data["effects"][0])["object"]
    assert (phrase["count"], phrase["number"]) == (count, number)
    assert "number" not in fully("Draw two cards.", "1e", card_type="Event").to_json()["abilities"][0][
        "effects"][0]["object"]


def test_extra_and_anyone_are_kept_in_their_phrase():
    draw = fully("Draw an extra card.", "1e", card_type="Event").to_json()["abilities"][0]["effects"][0]
    assert {"additional": "extra"} in draw["object"]["filters"]
    kill = fully("Kill anyone present.", "1e", card_type="Event").to_json()["abilities"][0]["effects"][0]
    assert {"pronoun": "anyone"} in kill["object"]["filters"]


def test_he_or_she_is_one_person_and_a_phrase_joined_to_a_pronoun_is_a_group_of_its_own():
    (stop,) = fully("Unless you choose to kill that personnel, he or she and a second randomly selected "
                    "personnel are stopped.", "1e", card_type="Dilemma").abilities[0].effects
    assert stop.object.filters == (("pronoun", "he or she"),)
    (conj, other), = stop.object.also
    # the adverb inside the phrase says how its participle befell it; the phrase runs on to its noun
    assert conj == "and" and other.type == "personnel"
    assert ("manner", "randomly") in other.filters and ("state", "select") in other.filters


@pytest.mark.parametrize("text", ["Long-Range Scan Shielding, Tractor Beam",
                                  "Cloaking Device; Tractor Beam."])
def test_a_ships_keywords_listed_with_commas_or_semicolons(text):
    (line,) = fully(text, "1e", card_type="Ship").abilities
    assert line.kind == "keyword_rule" and len(line.keywords) == 2


def test_a_list_that_and_or_or_ends_after_a_place_is_that_places_and_vice_versa_is_how():
    (play,) = fully("Plays on your freighter, transport or merchant vessel.", "1e",
                    card_type="Event").abilities[0].effects
    assert [(p, t.text) for p, t in play.places] == [
        ("on", "your freighter"), ("on", "transport"), ("on", "merchant vessel")]
    assert play.object is None and not play.objects
    # with no "and"/"or" to end it, a phrase after a comma is not more of the place
    (ret,) = fully("Your ship must immediately return to the nearest Klingon outpost, full speed.", "1e",
                   card_type="Dilemma").abilities[0].effects
    assert [p for p, _ in ret.places] == ["to"] and ret.object.text == "full speed"
    (move,) = fully("Your ship may move from here to any {Transwarp Network Gateway}, or vice versa.", "1e",
                    card_type="Event").abilities[0].effects
    assert "vice versa" in move.manner and move.object is None


def test_a_part_of_a_group_keeps_its_number_and_a_phrase_says_who_captured():
    (stop,) = fully("Up to four of your personnel are stopped.", "1e",
                    card_type="Dilemma").abilities[0].effects
    assert (stop.object.count, stop.object.number, stop.object.type) == ("up_to", 4, "personnel")
    (choose,) = fully("Choose a non-Borg personnel you've captured.", "1e",
                      card_type="Event").abilities[0].effects
    assert ("by", "you") in choose.object.filters and ("state", "capture") in choose.object.filters


def test_how_a_phrase_is_picked_ends_its_relative_clause_and_members_head_their_phrase():
    (kill,) = fully("Kills two Away Team members who have Diplomacy (random selection).", "1e",
                    card_type="Dilemma").abilities[0].effects
    assert kill.manner == ("randomly",) and [e.verb for e in kill.object.relative] == ["have"]
    assert kill.object.type == "member" and ("noun", "away team") in kill.object.filters


def test_each_other_is_a_pronoun_unless_a_noun_follows_and_a_time_after_a_pronoun_is_when():
    battle = fully("Select two ships; they cannot battle each other this turn.", "1e",
                   card_type="Interrupt").abilities[0].effects[1]
    assert battle.object.filters == (("pronoun", "each other"),)
    assert dict(battle.places)["during"].text == "this turn"
    (lose,) = fully("Lose 5 points for each other mission.", "1e", card_type="Interrupt").abilities[0].effects
    mission = dict(lose.places)["for"]
    assert (mission.type, mission.count, mission.filters) == ("mission", "each", (("other", True),))


def test_a_tactics_damage_heading_is_what_its_hit_does():
    abilities = fully("Attack: Your ship is WEAPONS +3. Damage: If target has no Cloaking Device, it takes "
                      "one additional hit.", "1e", card_type="Tactic").abilities
    assert [a.kind for a in abilities] == ["continuous", "damage"]
    # the same words on another card's text are no tactic's damage
    assert fully("Damage: Your ship is WEAPONS +3.", "1e", card_type="Event").abilities[0].kind != "damage"


def test_on_a_dilemma_a_change_for_the_rest_of_the_game_is_what_it_does():
    text = "Each Vulcan present is INTEGRITY -3 and CUNNING -2 for the rest of the game."
    assert fully(text, "1e", card_type="Dilemma").abilities[0].kind == "play_effect"
    assert fully("Each Vulcan present is INTEGRITY -3.", "1e", card_type="Dilemma").abilities[0].kind == (
        "continuous")


def test_a_modifier_and_how_often_the_card_may_act_is_a_rule():
    text = "Plays on your ship. Ship is RANGE +5 and may move twice each turn."
    assert fully(text, "1e", card_type="Event").abilities[1].kind == "continuous"
    # a limit that opens the sentence makes it an action usable so often
    text = "Plays on your ship. Once each turn, your ship is RANGE +2."
    assert fully(text, "1e", card_type="Event").abilities[1].kind == "activated"


@pytest.mark.parametrize("text, dies", [("That personnel dies.", "That personnel"),
                                        ("Randomly select two personnel to die.", "two personnel"),
                                        ("Your opponent chooses one personnel to die.", "one personnel")])
def test_dying_is_being_killed(text, dies):
    effects = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert effects[-1].verb == "kill" and effects[-1].object.text == dies


@pytest.mark.parametrize("text, card_type, effect, cost", [
    ("Seeds on table. Opponent may discard this incident by discarding two cards from hand.", "Incident",
     "discard", "discard"),
    ("Nullify by placing any doorway out-of-play from hand.", "Dilemma", "nullify", "place"),
])
def test_an_option_taken_by_paying_has_that_price_as_its_cost(text, card_type, effect, cost):
    ability = fully(text, "1e", card_type=card_type).abilities[-1]
    assert [e.verb for e in ability.effects] == [effect] and [c.verb for c in ability.costs] == [cost]
    assert "by" not in ability.effects[0].manner


@pytest.mark.parametrize("text", [
    # what must be done is how it is done, not a price
    "Unless SCIENCE present, re-boot by discarding all non-personnel cards in hand and replenish from top "
    "of draw deck.",
    # the one way allowed is a rule
    "Opponent may use this doorway only by discarding two cards from hand.",
    # how the option is done, not what it costs
    "You may replace them by downloading an equal number of others.",
])
def test_a_gerund_after_by_that_is_no_price_stays_an_effect(text):
    ability = fully(text, "1e", card_type="Doorway").abilities[-1]
    assert not ability.costs and len(ability.effects) >= 2


def test_an_icon_and_a_value_in_brackets_is_the_value_for_those_cards():
    ability = fully("Your ships are WEAPONS +1 ([Kli] +2).", "1e", card_type="Event").abilities[0]
    (cond,) = ability.conditions
    assert cond.instead == "+2" and ("icon", "Kli") in cond.requires[0].filters
    assert ability.effects[0].amount == 1


def test_a_later_while_says_how_long_the_rule_holds_not_what_the_sentence_is():
    text = "Place dilemma on mission; while it is here, ships at this location are RANGE -2."
    ability = fully(text, "1e", card_type="Dilemma").abilities[0]
    assert ability.kind == "play_effect" and [c.word for c in ability.conditions] == ["while"]
    assert fully("While it is here, ships at this location are RANGE -2.", "1e",
                 card_type="Dilemma").abilities[0].kind == "intermittent"


def test_after_be_hit_is_the_verb():
    ability = fully("Seeds on table. Discard incident if this ship is hit.", "1e",
                    card_type="Incident").abilities[1]
    assert ability.kind == "response" and ability.trigger.event == "hit"
    # a tactic's "Hit = …" and "one additional hit" stay the noun
    effect = fully("If target has no Cloaking Device, it takes one additional hit.", "1e",
                   card_type="Tactic").abilities[0].effects[0]
    assert effect.verb == "take" and effect.object.type == "hit"


def test_you_and_an_adverb_after_a_noun_open_a_clause_that_describes_it():
    text = "Nullify one dilemma you just encountered."
    (effect,) = fully(text, "1e", card_type="Interrupt").abilities[0].effects
    (done,) = effect.object.relative
    assert effect.object.type == "dilemma" and done.verb == "encounter" and done.manner == ("just",)
    assert done.subject.owner == "you"


def test_a_participle_in_an_except_aside_describes_its_phrase():
    (effect,) = fully("Nullify a dilemma (except a dilemma requiring Greed).", "1e",
                      card_type="Interrupt").abilities[0].effects
    (_, spared), = [(p, t) for p, t in effect.places if p == "except"]
    assert [r.verb for r in spared.relative] == ["require"]


def test_a_limit_ending_the_sentence_after_a_relative_clause_is_the_abilitys():
    text = "Randomly kills an opposing personnel in a personnel battle you just lost (limit once per battle)."
    ability = fully(text, "1e", card_type="Interrupt").abilities[0]
    assert ability.limit == "once per battle"
    (_, battle), = [(p, t) for p, t in ability.effects[0].places if p == "in"]
    assert [(r.verb, r.manner) for r in battle.relative] == [("lose", ("just",))]


@pytest.mark.parametrize("text, verb", [
    ("If you have scored 10 points from this objective, draw a card.", "score"),
    ("If {Jadzia Dax} has died, draw a card.", "kill"),
    ("If you have not solved a mission, draw a card.", "solve")])
def test_has_and_a_participle_is_that_verb_done(text, verb):
    (cond,) = fully(text, "1e", card_type="Event").abilities[0].conditions
    assert cond.effects[0].verb == verb and "have" in cond.effects[0].manner
    assert not cond.effects[0].modal
    # a deed said done is a state: what follows is done once, not each time it happens
    assert fully(text, "1e", card_type="Event").abilities[0].kind == "play_effect"


def test_having_printed_skills_is_having_them():
    effect = fully("Your personnel who have printed skills are CUNNING +1.", "1e",
                   card_type="Event").abilities[0].effects[0]
    assert [r.verb for r in effect.subject.relative] == ["have"]


@pytest.mark.parametrize("text, head, verb, subject", [
    ("Target two missions that your ships have visited.", "mission", "visit", "ship"),
    ("Discard each card that your opponent played this turn.", "card", "play", "opponent"),
])
def test_that_and_a_subject_of_its_own_open_a_relative_clause(text, head, verb, subject):
    effect = fully(text, "1e", card_type="Objective").abilities[0].effects[0]
    (done,) = effect.object.relative
    assert effect.object.type == head and done.verb == verb and done.subject.type == subject


def test_after_that_an_s_form_is_the_clauses_verb():
    effect = fully("Each ship that attempts this mission is stopped.", "1e",
                   card_type="Event").abilities[0].effects[0]
    assert [(r.verb, r.object.type) for r in effect.object.relative] == [("attempt", "mission")]


def test_a_phrase_after_comma_and_with_a_verb_of_its_own_ends_a_relative_clause():
    text = ("Each ship fired upon is damaged for each Platform that targets it, and you may exclude that "
            "ship from that battle.")
    effects = fully(text, "1e", card_type="Incident").abilities[0].effects
    assert effects[1].verb == "exclude" and effects[1].subject.owner == "you"


def test_what_befalls_the_card_itself_after_an_action_is_a_response():
    text = ("Once each turn, you may place a [Dom] personnel from hand beneath your draw deck to draw a "
            "card. If this personnel is killed, you may download {Weyoun} to any of your [Dom] facilities.")
    ability = fully(text, "1e", card_type="Personnel").abilities[1]
    assert ability.kind == "response" and ability.trigger.event == "kill"
    # after an order, "If you win, …" still goes on from it
    text = "Order - Begin a personnel battle here. If you win, draw a card."
    assert fully(text, "2e", card_type="Personnel").abilities[1].kind != "response"


@pytest.mark.parametrize("text, verb, place", [
    ("Return to your hand one [22] personnel that was killed this turn.", "kill", "your hand"),
    ("Download to hand one personnel who has Honor.", "have", "hand"),
])
def test_an_object_after_its_place_keeps_its_relative_clause_and_the_place(text, verb, place):
    (effect,) = fully(text, "1e", card_type="Interrupt").abilities[0].effects
    assert effect.object.type == "personnel" and [r.verb for r in effect.object.relative] == [verb]
    assert dict(effect.places)["to"].text == place


def test_two_verbs_in_their_plural_form_after_that_are_one_relative_clause():
    text = "That Vulcan is immune to dilemmas that stop or kill personnel with INTEGRITY<6."
    effect = fully(text, "1e", card_type="Event").abilities[0].effects
    assert len(effect) == 1
    assert [r.verb for r in dict(effect[0].places)["to"].relative] == ["stop", "kill"]
    # after "you", a second verb is the main clause's
    text = ("Once each turn, you may stop your personnel with Law to release a captive you hold and score 5 "
            "points.")
    assert [e.verb for e in fully(text, "1e", card_type="Event").abilities[0].effects] == ["release", "score"]


def test_your_opponent_after_a_phrase_opens_a_clause_that_describes_it():
    (effect,) = fully("Nullify an Interrupt your opponent just played.", "1e",
                      card_type="Interrupt").abilities[0].effects
    (played,) = effect.object.relative
    assert effect.object.owner is None and played.verb == "play" and played.subject.type == "opponent"


def test_your_opponents_cards_are_the_opponents():
    (effect,) = fully("Discard your opponent's hand.", "1e", card_type="Interrupt").abilities[0].effects
    assert effect.object.owner == "opponent" and effect.object.type == "hand"


@pytest.mark.parametrize("text, verbs", [
    ("At the end of any dilemma, if no Empathy remains, attempt ends.", ["end"]),
    ("Any ship passing over here without stopping incurs damage.", ["incur"]),
    ("Passing non-[Rom] ships must stop here for rest of turn or incur damage.", ["stop", "incur"]),
])
def test_a_word_both_noun_and_verb_is_the_noun_as_a_subject_or_an_object(text, verbs):
    ability = fully(text, "1e", card_type="Event").abilities[0]
    assert [e.verb for e in ability.effects] == verbs


def test_opponents_side_heads_a_sentence_with_a_subject_and_modal():
    text = ("SECURITY + ENGINEER + Treachery + CUNNING>36 May [Flip] opponent's ship that stops here. "
            "Opponent's side: Any crew may attempt this mission.")
    ability = fully(text, "1e", card_type="Mission").abilities[-1]
    assert ability.label == "Opponent's side" and ability.effects[0].subject.type == "crew"


def test_or_and_a_second_inflected_verb_go_on_a_relative_clause():
    text = "Any player who seeds or reports cards here may not report cards at other time locations."
    (effect,) = fully(text, "1e", card_type="Time Location").abilities[0].effects
    assert effect.verb == "report" and [r.verb for r in effect.subject.relative] == ["seed", "report"]


def test_a_second_verb_of_the_same_form_after_or_goes_on_a_relative_clause_when_the_main_verb_came_first():
    text = "Plays on your ship with Tractor Beam; it may tow any ship present which is yours or is empty."
    tow = fully(text, "1e", card_type="Interrupt").abilities[0].effects[-1]
    assert tow.verb == "tow" and [r.verb for r in tow.object.relative] == ["status", "status"]


def test_an_imperative_in_brackets_ends_a_relative_clause():
    text = ("Plays at any time to nullify any card which is closing or destroying {Bajoran Wormhole} "
            "(discard doorway).")
    ability = fully(text, "1e", card_type="Doorway").abilities[0]
    assert [e.verb for e in ability.effects] == ["play", "nullify", "discard"]
    assert [r.verb for r in ability.effects[1].object.relative] == ["close", "destroy"]
    # a gloss is none: "you command (have in play)"
    text = "Each of your [Rom] ships is RANGE +1 for each Reman you command (have in play)."
    assert [e.verb for e in fully(text, "2e", card_type="Event").abilities[0].effects] == ["modify"]


def test_to_instead_be_after_a_choice_acts_on_the_one_chosen():
    text = ("Your {Talon Drone} may select one opposing mortally wounded personnel present to instead be "
            "assimilated.")
    select, capture = fully(text, "1e", card_type="Interrupt").abilities[0].effects
    assert capture.verb == "capture" and capture.object.type == "personnel"


@pytest.mark.parametrize("text, verbs", [
    ("Once per turn, where present, may abduct and assimilate one personnel just stunned.",
     ["abduct", "capture"]),
    ("Stop, kill or discard that personnel.", ["stop", "kill", "discard"]),
    ("Opponent may not attempt, scout or complete a [BO] objective targeting that mission.",
     ["attempt", "scout", "complete"]),
    # an adverb of the first verb is its manner, and so is a note in brackets: it is still a verb alone
    ("All personnel must mortally wound and stun their adversaries.", ["wound", "stun"]),
    ("While in play, cancels (discards) and prevents {Red Alert!}.", ["cancel", "prevent"]),
])
def test_verbs_joined_before_one_object_each_act_on_it(text, verbs):
    effects = fully(text, "1e", card_type="Equipment").abilities[0].effects
    assert [e.verb for e in effects] == verbs and len({e.object.text for e in effects}) == 1


@pytest.mark.parametrize("text", [
    "Door is now open, allowing your [AU] icon cards to enter play.",       # a comma with no "and"/"or"
    "The other team does not participate and is not stopped.",             # a passive after "and"
    # how it comes into play: no card ("Seeds or plays on table." seeds where it plays, "on table", as
    # "Seeds on table." does: test_verbs_of_one_kind_joined_share_where)
    "Seeds or plays on a space mission.",
])
def test_a_verb_that_takes_no_object_there_is_given_none(text):
    first = fully(text, "1e", card_type="Doorway").abilities[0].effects[0]
    # (none of the phrase after the comma; "is now open", a passive, acts on its subject)
    assert first.object is None or first.object == first.subject


def test_an_aside_between_a_later_subject_and_its_verb_keeps_the_subject():
    text = "Mission continues, but one android present (your choice) dies at end of turn."
    cont, kill = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert cont.verb == "continue" and cont.object is None
    assert kill.verb == "kill" and kill.object.type == "android" and "your choice" in kill.manner


@pytest.mark.parametrize("text, verb, chosen", [
    ("Choose one of those three to return to your hand.", "return", "one of those three"),  # (the partitive)
    ("Choose three cards to place in your hand.", "place", "three cards"),
    ("Randomly select a personnel to place on the bottom of his or her owner's deck.", "place",
     "a personnel"),
])
def test_to_and_a_verb_with_no_object_after_a_choice_acts_on_the_one_chosen(text, verb, chosen):
    effects = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert effects[-1].verb == verb and effects[-1].object.text == chosen


def test_he_or_she_opens_a_clause_that_describes_the_phrase_before():
    text = ("That opponent must discard the top card of his or her deck for each mission he or she has in "
            "play.")
    (effect,) = fully(text, "2e", card_type="Personnel").abilities[0].effects
    assert [r.verb for r in dict(effect.places)["for"].relative] == ["have"]


@pytest.mark.parametrize("text", ["Any player, in place of their normal card play, may download a ship.",
                                  "Any player may, in place of their normal card play, download a ship."])
def test_in_place_of_between_the_subject_and_its_verb_is_not_the_subjects_text(text):
    ability = fully(text, "1e", card_type="Event").abilities[0]
    effect = ability.effects[0]
    assert ability.kind == "activated" and effect.subject.text == "Any player"
    assert dict(effect.places)["in place of"].type == "card play"


@pytest.mark.parametrize("text, cards", [
    ("Once per game, you may download to hand {Intermix Ratio}, {The Big Picture} or a non-OFFICER who has "
     "Greed.", ["Intermix Ratio", "The Big Picture"]),
    ("Download to hand {Weak Spot} OR {Hugh}.", ["Weak Spot", "Hugh"]),
])
def test_titles_printed_after_the_place_are_the_objects(text, cards):
    effect = fully(text, "1e", card_type="Incident").abilities[0].effects[0]
    assert list(effect.cards) == cards and dict(effect.places)["to"].text == "hand"
    assert effect.object.card == cards[0]


@pytest.mark.parametrize("text, verbs", [
    ("Plays on any Klingon who survived a losing battle.", ["play"]),
    ("Prevents battles from being initiated against that ship.", ["prevent"]),
    ("Mortally wounds targets (only stuns androids).", ["wound", "stun"]),
])
def test_a_noun_or_verb_word_after_an_inflected_verb_or_an_ing_adjective_is_the_noun(text, verbs):
    assert [e.verb for e in fully(text, "1e", card_type="Event").abilities[0].effects] == verbs
    # not after a verb in its base form: "Fire damages ship …" keeps its "damages"
    assert "damage" in [e.verb for e in fully("Fire damages ship at end of next turn.", "1e",
                                              card_type="Event").abilities[0].effects]


@pytest.mark.parametrize("text, verbs", [
    ("Ship is sucked in and destroyed unless Astrophysics OR ENGINEER OR Navigation aboard.",
     ["suck", "destroy"]),
    ("Two Away Team members (random selection) are chased.", ["chase"]),
    ("If ship has all 7 personnel types aboard, its RANGE, WEAPONS and SHIELDS are tripled.", ["triple"]),
    ("Points are transferred to opponent.", ["transfer"]),
])
def test_passives_of_verbs_the_pool_prints_once_are_verbs(text, verbs):
    assert [e.verb for e in fully(text, "1e", card_type="Dilemma").abilities[0].effects] == verbs


def test_after_its_subject_hit_is_the_verb():
    text = "When your {Chain Reaction Pulsar} hits (but does not destroy) a ship, draw a card."
    trigger = fully(text, "1e", card_type="Incident").abilities[0].trigger
    assert trigger.event == "hit" and trigger.subject.card == "Chain Reaction Pulsar"
    assert trigger.object.type == "ship"
    (cond,) = fully("If you hit, randomly kills one additional personnel.", "1e",
                    card_type="Tactic").abilities[0].conditions
    assert [e.verb for e in cond.effects] == ["hit"]
    # with no subject before it, the tactic's noun: "Hit or direct hit = [Down] and …"
    effect = fully("Hit or direct hit = [Down] and nullifies one Event card.", "1e",
                   card_type="Tactic").abilities[0].effects[0]
    assert effect.verb == "nullify" and effect.subject.type == "hit"


@pytest.mark.parametrize("text, card_type", [
    ("Download one Captain's Order card ({Captain's Log}, {Senior Staff Meeting} or any card so marked).",
     "Site"),
    ("That player examines half of those cards; Bomb is nullified if so examined.", "Incident"),
])
def test_so_before_a_participle_says_how(text, card_type):
    reading = fully(text, "1e", card_type=card_type)
    assert not [c for a in reading.abilities for c in a.conditions if c.word == "so"]


def test_so_before_a_participle_after_a_phrase_filters_it():
    effect = fully("Download any card so marked.", "1e", card_type="Site").abilities[0].effects[0]
    assert ("manner", "so") in effect.object.filters and ("state", "mark") in effect.object.filters


def test_and_so_on_is_how_a_list_goes_on():
    text = ("Second ship's damage = [Flip][Flip], third = [Flip][Flip][Flip], and so on, until one is "
            "destroyed.")
    ability = fully(text, "1e", card_type="Incident").abilities[0]
    assert [c.word for c in ability.conditions] == ["until"]
    assert "and so on" in ability.effects[0].manner


def test_a_dilemmas_mission_continues_is_what_it_does_and_still_a_keyword():
    reading = fully("Randomly select a personnel to be stopped. Mission continues.", "1e",
                    card_type="Dilemma")
    ability = reading.abilities[1]
    assert ability.kind == "play_effect" and ability.keywords == ("mission continues",)
    assert reading.keywords == ("mission continues",)


def test_a_tactics_damage_heading_over_a_list_of_hits_is_its_damage():
    ability = fully("Damage: 1 direct hit and 1 rotation hit.", "1e", card_type="Tactic").abilities[0]
    assert ability.kind == "damage"


@pytest.mark.parametrize("text, what", [
    ("Target: one opposing Equipment card there.", "equipment"),
    ("Target: a mission with a hidden agenda card beneath it.", "mission"),
])
def test_a_target_heading_over_a_phrase_with_a_count_or_an_attributive_participle_targets_it(text, what):
    (effect,) = fully(text, "1e", card_type="Objective").abilities[0].effects
    assert effect.verb == "target" and effect.object.type == what
    # a tactic's "Damage: 1 direct hit and 1 rotation hit." stays a heading
    damage = fully("Damage: 1 direct hit and 1 rotation hit.", "1e", card_type="Tactic").abilities[0]
    assert damage.kind == "damage"


@pytest.mark.parametrize("text", ["One randomly selected personnel is killed.",
                                  "Kill one randomly selected personnel present."])
def test_what_is_randomly_selected_is_acted_on_randomly(text):
    (effect,) = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert effect.verb == "kill" and effect.manner == ("randomly",)
    assert ("manner", "randomly") in effect.object.filters  # (the phrase keeps its filter)
    plain = fully("Kill one selected personnel.", "1e", card_type="Dilemma").abilities[0].effects[0]
    assert plain.manner == ()


@pytest.mark.parametrize("text, card_type, verbs, noun", [
    ("Nullifies attack by {Borg Ship} for this turn.", "Interrupt", ["nullify"], "attack"),
    ("One of your Borg who engages target in combat may abduct target.", "Objective", ["abduct"], None),
])
def test_a_noun_or_verb_word_after_a_verb_printed_with_ies_or_es_before_a_preposition_is_its_object(
        text, card_type, verbs, noun):
    (effect,) = fully(text, "1e", card_type=card_type).abilities[0].effects
    assert [effect.verb] == verbs
    if noun:
        assert effect.object.type == noun
    else:  # the relative clause's "engages target": the target, not a second verb "target"
        assert [e.verb for e in effect.subject.relative] == ["engage"]


@pytest.mark.parametrize("text, place", [
    ("Each of your drones not aboard a ship is CUNNING +1.", ("not aboard", "ship")),
    ("Your ships not at a mission are RANGE +2.", ("not at", "mission")),
])
def test_not_between_a_phrase_and_its_place_negates_the_place(text, place):
    (effect,) = fully(text, "1e", card_type="Event").abilities[0].effects
    assert effect.verb == "modify" and [(p, t.type) for p, t in effect.subject.places] == [place]
    (stop,) = fully("Your personnel not present are stopped.", "1e", card_type="Event").abilities[0].effects
    assert stop.verb == "stop" and stop.object.where == "not present"


def test_a_quoted_question_before_a_capital_ends_its_sentence():
    text = ('Once each turn per copy, ask, "How many lights?" If opponent replies "Five," score 10 points; '
            'relocate captive anywhere.')
    ask, result = fully(text, "1e", card_type="Event").abilities
    assert [e.verb for e in ask.effects] == ["ask"] and ask.limit == "once each turn per copy"
    assert [c.word for c in result.conditions] == ["if"]
    assert [e.verb for e in result.effects] == ["score", "relocate"]
    # inside a sentence, before a word in lower case, it stays the sentence's
    assert len(fully('Score 5 points if you say "Wow!" first.', "1e", card_type="Event").abilities) == 1


def test_a_not_aside_says_what_the_phrase_may_not_be():
    reading = fully("Plays on your personnel (not a V.I.P.).", "1e", card_type="Incident")
    (effect,) = reading.abilities[0].effects
    assert effect.verb == "play" and dict(effect.places)["not"].filters == (("classification", "V.I.P."),)


def test_compliment_is_a_verb():
    (effect,) = fully("Compliment opponent's score.", "1e", card_type="Event").abilities[0].effects
    assert effect.verb == "compliment" and effect.object.type == "score"


def test_a_trailing_condition_takes_its_whole_list_of_bare_verbs():
    text = "You must discard objective if your ship or Nor moves, battles or has SHIELDS < target's RANGE."
    ability = fully(text, "1e", card_type="Objective").abilities[0]
    assert [e.verb for e in ability.effects] == ["discard"]
    (cond,) = ability.conditions
    assert [e.verb for e in cond.effects] == ["move", "battle", "have"]
    assert cond.effects[2].object.filters == (("compare", "SHIELDS < target's RANGE"),)
    # a verb with its object before the comma: the clause goes on after the condition
    text = ("Opponent's card is suspended while player shows matching card, returns it to hand and plays any "
            "card from hand as if played normally.")
    ability = fully(text, "1e", card_type="Doorway").abilities[0]
    assert [e.verb for e in ability.effects] == ["suspend", "return", "play"]


@pytest.mark.parametrize("text, verb", [
    ("If you solve this mission from the opponent's side, your opponent loses 5 points.", "lose_points"),
    ("If your ship solves this mission, it is RANGE +2 until end of turn.", "modify"),
])
def test_what_follows_a_deed_done_to_the_card_itself_once_is_a_response(text, verb):
    ability = fully("Diplomacy + Leadership " + text, "1e", card_type="Mission").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == "solve"
    assert [e.verb for e in ability.effects] == [verb]
    # a deed done elsewhere may say a rule; a condition with no deed is no trigger (and reads)
    assert fully("Plays on your male personnel. If he helps you solve a mission, opponent scores points.",
                 "1e", card_type="Q Event").abilities[1].kind == "continuous"
    assert fully("If present, opponent loses 5 points.", "1e", card_type="Mission").abilities


@pytest.mark.parametrize("text, card_type, event", [
    ("Plays on table. Discard objective after you play an Orb.", "Objective", "play"),
    ("Plays on table. Discard event after you have scored 20 bonus points from it.", "Event", "score"),
])
def test_a_lasting_cards_discard_after_a_clause_is_a_response_to_it(text, card_type, event):
    ability = fully(text, "1e", card_type=card_type).abilities[1]
    assert ability.kind == "response" and ability.trigger.event == event
    # "after use" stays what the card does once used
    assert fully("Plays on table. Discard event after use.", "1e", card_type="Event").abilities[1].kind == (
        "play_effect")


def test_a_state_of_the_card_itself_after_an_action_is_a_rule_of_its_own():
    text = ("SCIENCE Astrophysics Physics Once per game, you may place this personnel beneath your draw "
            "deck to draw three cards. If this personnel is aboard your ship at a [Wmh] location, that ship "
            "is RANGE +2.")
    assert [a.kind for a in fully(text, "1e", card_type="Personnel").abilities] == ["activated", "continuous"]
    # what the action's subject does next still goes on from it
    text = "When you play this ship, discard a card. If you command a Nor, you may then draw a card."
    assert [a.kind for a in fully(text, "1e", card_type="Ship").abilities] == ["response", "play_effect"]


@pytest.mark.parametrize("text, joined", [
    ("Download a [NA] SECURITY personnel to that location to join the battle on your side.", "battle"),
    ("You may download a personnel of the same affiliation to join crew or Away Team.", "crew"),
])
def test_whom_a_downloaded_card_joins_is_a_place_of_the_download(text, joined):
    (effect,) = fully(text, "1e", card_type="Interrupt").abilities[0].effects
    assert effect.verb == "download" and dict(effect.places)["to join"].type == joined


def test_a_tactics_value_line_may_say_when_it_holds():
    (ability,) = fully("ATTACK: +2 if you have at least two ships in this battle.", "1e",
                       card_type="Tactic").abilities
    assert ability.kind == "keyword_rule" and ability.keywords == ("attack: +2",)
    assert [c.word for c in ability.conditions] == ["if"] and ability.conditions[0].effects[0].verb == "have"
    # a value, then a sentence of its own: "Hull: -30% Casualties: …"
    hull = fully("Hull: -30% Casualties: randomly kills one personnel.", "1e", card_type="Tactic")
    assert len(hull.abilities) == 2


@pytest.mark.parametrize("text", ["Two personnel are stopped and one of them is killed.",
                                  "Two personnel (random selection) are stopped and one of them (opponent's "
                                  "choice) is killed."])
def test_one_of_them_before_its_verb_is_that_verbs_own_subject(text):
    stop, kill = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert stop.verb == "stop" and stop.object.count == 2
    assert kill.verb == "kill" and kill.object.text == "one of them" and kill.object.count == 1


def test_a_noun_or_verb_word_before_the_head_of_a_subject_is_the_noun():
    ability = fully("Damage: If your attack succeeds, target ship is RANGE -3 until end of next turn.", "1e",
                    card_type="Tactic").abilities[0]
    assert [e.verb for e in ability.effects] == ["modify"] and ability.effects[0].subject.type == "ship"
    assert ability.conditions[0].effects[0].verb == "succeed"


def test_that_card_after_a_rule_that_holds_while_a_state_does_names_where_the_card_was_played():
    text = ("Plays on your [Rom] ship. While that ship is cloaked, it may not be targeted by dilemmas or "
            "Interrupts. If that ship decloaks, discard this event.")
    ability = fully(text, "1e", card_type="Event").abilities[2]
    assert ability.kind == "response" and ability.trigger.event == "decloak"


@pytest.mark.parametrize("text, card_type", [
    ("Plays on table. Discard event at the end of your next turn.", "Event"),
    ("Plays on your ship. Discard objective at end of turn.", "Objective"),
])
def test_a_lasting_cards_discard_at_a_named_end_of_turn_responds_to_that_moment(text, card_type):
    ability = fully(text, "1e", card_type=card_type).abilities[1]
    assert ability.kind == "response" and ability.trigger.event == "end"
    assert ability.trigger.object.type == "turn"
    # a dilemma's is what it does
    assert fully("Place on ship. Discard dilemma at end of your next turn.", "1e",
                 card_type="Dilemma").abilities[1].kind == "play_effect"


def test_now_and_at_start_of_each_attempt_is_the_moment_now_and_start_of_is():
    text = ("Now and at start of each attempt here, stop one personnel with Astrophysics OR Physics (random "
            "selection).")
    ability = fully(text, "1e", card_type="Dilemma").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == "start"
    assert ability.trigger.word == "now and"
    assert ability.effects[0].subject is None


def test_a_plural_ending_a_phrase_after_a_preposition_and_a_noun_is_a_noun():
    text = "May carry up to two [Rom] V.I.P.s who do not count toward crew limits."
    (effect,) = fully(text, "1e", card_type="Ship").abilities[0].effects
    assert effect.verb == "carry" and [e.verb for e in effect.object.relative] == ["count"]


def test_a_relative_clause_set_off_by_a_comma_is_the_phrases():
    text = ("Your Away Teams here may include up to three CIVILIANs, who do not count toward mission "
            "attempt limits.")
    (effect,) = fully(text, "1e", card_type="Mission").abilities[0].effects
    assert effect.verb == "include" and [e.verb for e in effect.object.relative] == ["count"]
    # after a player, what the player does next
    text = "Give this card to opponent, who scores bonus points."
    effects = fully(text, "1e", card_type="Interrupt").abilities[0].effects
    assert [e.verb for e in effects] == ["give", "score"]


def test_after_and_a_noun_or_verb_word_before_be_is_the_next_clauses_subject():
    text = "Your ships use tactics as if that ship, and damage is replaced with [Flip] for all hits."
    ability = fully(text, "1e", card_type="Incident").abilities[0]
    assert [e.verb for e in ability.effects] == ["use", "replace"]
    assert ability.effects[1].object.type == "damage" and [c.word for c in ability.conditions] == ["as if"]


def test_so_after_do_is_the_action_done_again_not_a_condition():
    ability = fully("If opponent does so voluntarily, opponent must first discard two cards from hand.", "1e",
                    card_type="Event").abilities[0]
    (cond,) = ability.conditions
    assert cond.word == "if" and cond.effects[0].verb == "do"
    assert cond.effects[0].manner == ("so", "voluntarily")


def test_control_after_a_possessive_is_the_noun():
    text = "That personnel is under opponent's control until cured by Diplomacy x2 present."
    (effect,) = fully(text, "1e", card_type="Event").abilities[0].effects
    assert effect.verb == "status" and dict(effect.places)["under"].type == "control"


@pytest.mark.parametrize("text, verbs", [
    ("If >9 personnel remain, opponent may [Flip][Flip].", ["damage"]),
    ("Unless a female ENGINEER present, opponent may choose a ship here to [Flip][Flip].",
     ["choose", "damage"]),
])
def test_damage_markers_in_place_of_a_verb_are_damage(text, verbs):
    effects = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert [e.verb for e in effects] == verbs
    assert effects[-1].object.filters == (("icon", "Flip"), ("icon", "Flip"))
    # another icon after a modal is an action it names
    assert fully("You may [Cmd] here.", "1e", card_type="Event").abilities[0].effects[0].verb == "do"


def test_only_between_a_subject_and_its_verb_says_how():
    text = "OFFICER Leadership x 2 Honor Physics Your {Tachyon Detection Grid} only requires one ship."
    (effect,) = fully(text, "1e", card_type="Personnel").abilities[0].effects
    assert effect.verb == "require" and effect.manner == ("only",) and effect.subject.count is None


def test_along_with_is_one_preposition():
    text = "One person (random selection) continues, along with all crew members present."
    (effect,) = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert effect.verb == "continue" and dict(effect.places)["along with"].type == "member"


@pytest.mark.parametrize("text, event", [
    ("If he is stopped by a dilemma, you may place that dilemma beneath your draw deck.", "stop"),
    ("If she is killed, you lose 5 points.", "kill"),
])
def test_a_personnels_he_or_she_opening_a_sentence_is_itself(text, event):
    """What befalls "he"/"she" on a personnel befalls the personnel, as "If this personnel is …" says."""
    ability = fully(f"SCIENCE Physics {text}", "1e", card_type="Personnel").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == event
    # what "he" does elsewhere is not done to him: a rule of the card, as it was
    other = fully("SCIENCE Physics If he helps you solve a mission, opponent scores 5 points.", "1e",
                  card_type="Personnel").abilities[0]
    assert other.kind == "continuous"


def test_the_first_time_each_turn_is_a_trigger():
    text = ("Navigation x2 + Leadership + INTEGRITY>32 The first time each turn an opponent's ship moves to "
            "this location, that ship is stopped.")
    ability = fully(text, "1e", card_type="Mission").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == "move"
    assert ability.trigger.word == "the first time each turn"
    assert ability.trigger.subject.owner == "opponent" and ability.effects[0].verb == "stop"


def test_an_unknown_skill_between_skills_is_one_of_them():
    result = fully("V.I.P. Diplomacy x2 Law Emotional Control Mindmeld Your [22] personnel present are each "
                   "INTEGRITY +1.", "1e", card_type="Personnel")
    assert [s.skill for s in result.skills] == ["V.I.P.", "Diplomacy", "Law", "Emotional Control", "Mindmeld"]
    assert result.abilities[0].effects[0].verb == "modify"
    # with a level of its own
    text = "V.I.P. Law Emotional Control x2 Mindmeld Your [22] personnel present are each INTEGRITY +1."
    result = fully(text, "1e", card_type="Personnel")
    assert [(s.skill, s.levels) for s in result.skills][2] == ("Emotional Control", 2)
    # capitalised words the game text goes on with are not skills
    result = fully("V.I.P. Leadership x 2 Treachery Diplomacy Biology Adds SECURITY to each of your Tal "
                   "Shiar personnel.", "1e", card_type="Personnel")
    assert [s.skill for s in result.skills][-1] == "Biology"
    assert result.abilities[0].effects[0].verb == "add"


@pytest.mark.parametrize("text", ["Place dilemma atop mission; it must be overcome again to solve.",
                                  "At the end of this turn, this dilemma is overcome."])
def test_a_participle_printed_as_its_verb_after_be_is_the_passive(text):
    effects = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    overcome = next(e for e in effects if e.verb == "overcome")
    assert overcome.object is not None and overcome.object.text in ("it", "this dilemma")
    assert "status" not in [e.verb for e in effects]


def test_a_trailing_condition_ends_at_a_comma_before_to():
    """ "…, if X, to Y": the clause goes on after the condition, with where to or what for."""
    text = ("Plays for free to move your space facility, if your 2 ENGINEER aboard, to an adjacent location "
            "in same region.")
    ability = fully(text, "1e", card_type="Event").abilities[0]
    (move,) = ability.effects
    assert move.verb == "move" and dict(move.places)["to"].type == "location"
    (cond,) = ability.conditions
    assert [t.text for t in cond.requires] == ["your 2 ENGINEER"]
    text = "Plays during your mission attempt, if you have CUNNING>40 present, to nullify a dilemma."
    ability = fully(text, "1e", card_type="Interrupt").abilities[0]
    assert ability.kind == "play_effect" and ability.effects[-1].verb == "nullify"
    assert [e.verb for e in ability.conditions[0].effects] == ["have"]


def test_a_tactics_hit_sentence_is_its_damage():
    text = ("Maneuver. ATTACK: WEAPONS +2. HIT: Target ship is RANGE -2 until the end of turn. DIRECT HIT: "
            "Also stop one personnel aboard target ship (random selection). Hit = [Flip][Flip].")
    abilities = fully(text, "1e", card_type="Tactic").abilities
    assert [((a.label or "").lower(), a.kind) for a in abilities[2:]] == [
        ("hit", "damage"), ("direct hit", "damage"), ("", "keyword_rule")]
    assert abilities[3].effects[0].verb == "stop"


def test_the_opponents_side_game_text_may_open_with_a_capitalised_verb():
    text = ("Stellar Cartography + Computer Skill + Physics Seed one additional dilemma here. Opponent's "
            "side: Treachery x2 + Navigation + CUNNING>30 Seed one additional dilemma here.")
    result = fully(text, "1e", card_type="Mission")
    assert result.opponent_side_requirements is not None
    assert [a.effects[0].subject for a in result.abilities] == [None, None]


def test_irregular_participles_are_their_verbs():
    text = "Seeds or may be built at any non-homeworld Alpha Quadrant planet."
    effects = fully(text, "1e", card_type="Facility").abilities[0].effects
    assert [e.verb for e in effects] == ["seed", "build"]


@pytest.mark.parametrize("text", [
    "Neither player may initiate a battle at a location where a V.I.P. is present.",
    "Neither you nor your opponent can play Interrupt cards."])
def test_neither_counts_none_as_no_does(text):
    """ "Neither player may …" is "No player may …": a count of none, not a player named Neither."""
    (effect,) = fully(text, "1e", card_type="Event").abilities[0].effects
    assert effect.subject.count == 0 and not effect.subject.filters
    # (a prohibition: the verb is negated, as "may not" is, and no one's option)
    assert effect.negated and not effect.optional


def test_a_verb_after_or_in_the_conditions_form_is_the_conditions_second():
    ability = fully("Plays when you acquire an artifact or capture an opponent's personnel.", "1e",
                    card_type="Interrupt").abilities[0]
    assert ability.kind == "play_requirement" and [e.verb for e in ability.effects] == ["play"]
    assert [e.verb for e in ability.conditions[0].effects] == ["acquire", "capture"]


def test_target_after_a_verb_is_the_objectives_target():
    text = ("If SECURITY x2 present with target, you may capture target and score 5 points, then discard "
            "objective.")
    effects = fully(text, "1e", card_type="Objective").abilities[0].effects
    assert [(e.verb, e.object.text) for e in effects] == [
        ("capture", "target"), ("score", "5 points"), ("discard", "objective")]


def test_a_trailing_each_time_is_a_trigger():
    ability = fully("Score 5 points each time you have three dilemmas beneath this event.", "1e",
                    card_type="Event").abilities[0]
    assert ability.kind == "response" and ability.trigger.word == "each time"
    # two of them in one sentence: a compound rule, left standing
    text = ("You may draw two cards each time you capture a unique personnel, and one card each time one of "
            "your cards enters play.")
    assert fully(text, "1e", card_type="Event").abilities[0].kind == "continuous"


def test_a_tactics_direct_hit_with_a_moment_is_still_its_damage():
    text = "DIRECT HIT: After this battle, your ship may move away from this location using up to 3 RANGE."
    ability = fully(text, "1e", card_type="Tactic").abilities[0]
    assert ability.kind == "damage" and ability.trigger is not None


@pytest.mark.parametrize("text, modal, negated", [
    ("Opponent may not seed or build facilities at this location.", "may not", True),
    ("Crew may not attempt missions or beam off.", "may not", True),
    ("Your opponent must discard a card OR lose 5 points.", "must", False),
])
def test_a_bare_verb_joined_to_one_with_a_modal_shares_it(text, modal, negated):
    effects = fully(text, "1e", card_type="Mission").abilities[0].effects
    assert len(effects) == 2
    assert all(e.modal == modal and e.negated == negated for e in effects)
    # a verb with a subject of its own keeps its own (none), and so does an inflected one
    effects = fully("You may draw a card and opponent discards a card.", "1e",
                    card_type="Event").abilities[0].effects
    assert [e.modal for e in effects] == ["may", ""]
    text = "Place on ship. While in play, ship may carry no more than three personnel and is RANGE -2."
    effects = fully(text, "1e", card_type="Dilemma").abilities[1].effects
    assert [(e.verb, e.modal) for e in effects] == [("carry", "may"), ("modify", "")]


def test_a_when_inside_an_opening_condition_after_a_limit_is_the_trigger():
    text = ("OFFICER Honor Once per game, if this personnel is aboard your ship when it is destroyed, you "
            "may return her to hand instead of discarding her.")
    ability = fully(text, "1e", card_type="Personnel").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == "destroy"
    assert ability.limit == "once per game"


def test_ever_is_an_adverb():
    ability = fully("If that personnel is ever stopped by a dilemma, discard this event.", "1e",
                    card_type="Event").abilities[0]
    (cond,) = ability.conditions
    assert cond.effects[0].verb == "stop" and cond.effects[0].manner == ("ever",)


def test_a_noun_or_verb_after_a_heading_may_be_the_subject():
    (effect,) = fully("HIT: Target ship is RANGE -2 until the end of turn.", "1e",
                      card_type="Tactic").abilities[0].effects
    assert effect.verb == "modify" and effect.subject.text == "Target ship"


def test_direct_hit_in_any_case_heads_the_tactics_damage():
    ability = fully("Direct hit: target's SHIELDS -3 until end of battle.", "1e",
                    card_type="Tactic").abilities[0]
    assert ability.label == "Direct hit" and ability.kind == "damage"
    assert ability.effects[0].subject.text == "target's"


@pytest.mark.parametrize("text, noun", [
    ("Plays at the start of a dilemma encounter to unstop one of your personnel present.", "encounter"),
    ("Once each turn, may file a mission report at any site.", "report"),
])
def test_a_lemma_after_a_and_a_noun_is_a_compound_noun(text, noun):
    verbs = [e.verb for a in fully(text, "1e", card_type="Interrupt").abilities for e in a.effects]
    assert noun not in verbs


def test_may_not_is_no_option():
    ability = fully("Opponent may not seed or build facilities at this location.", "1e",
                    card_type="Mission").abilities[0]
    assert not ability.optional and not any(e.optional for e in ability.effects)
    assert fully("You may draw a card.", "1e", card_type="Event").abilities[0].optional


def test_upon_is_a_preposition_and_single_an_adjective():
    ability = fully("May not be used to fire upon a single target.", "1e", card_type="Tactic").abilities[0]
    assert "target" not in [e.verb for e in ability.effects]
    assert dict(ability.effects[-1].places)["upon"].text == "a single target"
    # with no object, after a participle, it is part of the verb
    (effect,) = fully("Each ship fired upon is damaged.", "1e", card_type="Incident").abilities[0].effects
    assert effect.verb == "damage" and not fully("Each ship fired upon is damaged.", "1e",
                                                  card_type="Incident").unparsed


def test_a_printed_value_may_say_where_it_goes():
    ability = fully("Damage: 3 hits to a single target.", "1e", card_type="Tactic").abilities[0]
    assert ability.kind == "damage" and ability.keywords == ("damage: 3 hits to a single target",)


def test_upon_opens_a_timing_prefix_as_on_does():
    result = fully("OFFICER Greed x2 Acquisition Upon reporting, may download a [Fer] ship here.", "1e",
                   card_type="Personnel")
    assert [c.word for c in result.abilities[0].conditions] == ["upon"]


def test_a_tactics_damage_heading_over_a_phrase_is_its_damage_not_a_verb():
    ability = fully("DAMAGE: Hit.", "1e", card_type="Tactic").abilities[0]
    assert ability.kind == "damage" and not ability.effects and ability.keywords == ("damage: Hit",)


@pytest.mark.parametrize("text, label, subject", [
    ("Habitat Ring: Any personnel may report here.", "Habitat Ring", "Any personnel"),
    ("Rules of 1957: Personnel here may not be killed by [AU] cards.", "Rules of 1957", "Personnel here"),
    ("Promenade: Nor: Your CIVILIANs may report here.", "Promenade: Nor", "Your CIVILIANs"),
])
def test_a_heading_printed_as_a_title_is_the_sentences_label(text, label, subject):
    ability = fully(text, "1e", card_type="Site").abilities[0]
    assert ability.label == label and ability.effects[0].subject.text == subject


@pytest.mark.parametrize("text", [
    "Opponent's side: Opponent's {Calamarain} plays at this mission (or a copy).",
    "Opponent's side: Once per game, you may download a [BO] objective.",
])
def test_the_opponents_side_heads_a_sentence_with_a_verb(text):
    ability = fully(f"SCIENCE + Astrophysics {text}", "1e", card_type="Mission").abilities[-1]
    assert ability.label == "Opponent's side"
    assert all("side" not in (e.subject.text if e.subject else "") for e in ability.effects)


@pytest.mark.parametrize("text", [
    "Plays on one of your captives. Discard equipment if that captive leaves your brig.",
    "Plays on your personnel. Discard equipment if that personnel is stopped."])
def test_an_equipments_discard_when_something_happens_is_a_response(text):
    ability = fully(text, "1e", card_type="Equipment").abilities[-1]
    assert ability.kind == "response" and ability.trigger is not None


def test_a_quoted_title_is_a_term_not_a_clause():
    text = 'Once each turn, you may download one card with "Central Command" in title or lore.'
    ability = fully(text, "1e", card_type="Doorway").abilities[0]
    assert [e.verb for e in ability.effects] == ["download"]



@pytest.mark.parametrize("text, verb, named", [
    ("Cure with Physics x2 + Stellar Cartography.", "cure", ["Physics x2", "Stellar Cartography"]),
    ("Nullify with Diplomacy x2 + Law OR {Odo}.", "nullify", ["Diplomacy x2", "Law", "{Odo}"]),
])
def test_a_plus_goes_on_the_requirement_after_with(text, verb, named):
    (effect,) = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert effect.verb == verb and effect.object is None
    assert [t.text for p, t in effect.places if p == "with"] == named


def test_a_when_lists_its_subjects_before_its_verb():
    ability = fully("Plays when your Away Team or crew is about to be killed by a dilemma.", "1e",
                    card_type="Interrupt").abilities[0]
    assert ability.kind == "play_requirement" and [e.verb for e in ability.effects] == ["play"]
    (cond,) = ability.conditions
    assert cond.effects[0].verb == "kill" and cond.effects[0].object.text == "your Away Team or crew"
    # a verbless "until …" may still end where the clause goes on with a subject of its own
    text = "Unless Navigation present, ship is RANGE -4 until end of turn and opponent may move it."
    effects = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert [e.verb for e in effects] == ["modify", "move"]


def test_a_capitalised_verb_after_a_requirements_total_opens_the_game_text():
    result = fully("Leadership + MEDICAL x2 + INTEGRITY>32 Seeds with up to two extra Cardassian-related "
                   "dilemmas.", "1e", card_type="Mission")
    assert result.requirements is not None and result.abilities[0].effects[0].verb == "seed"


@pytest.mark.parametrize("text, card_type, first", [
    ("Plays on an opponent's V.I.P. Return that personnel to its owner's hand.", "Interrupt",
     "Plays on an opponent's V.I.P."),
    ("Opponent's personnel may not beam to any planet where you have a facility unless accompanied by a "
     "V.I.P. Your facilities are each SHIELDS +2.", "Event",
     "Opponent's personnel may not beam to any planet where you have a facility unless accompanied by a "
     "V.I.P."),
])
def test_a_v_i_p_ending_a_noun_phrase_ends_its_sentence(text, card_type, first):
    abilities = fully(text, "1e", card_type=card_type).abilities
    assert len(abilities) == 2 and abilities[0].raw == first
    # a classification heading a personnel's skill list, or before a skill, goes on
    result = fully("V.I.P. Diplomacy Leadership", "1e", card_type="Personnel")
    assert [s.skill for s in result.skills][-2:] == ["Diplomacy", "Leadership"]


def test_once_during_each_of_a_players_turns_is_a_limit():
    text = ("Opponent chooses one personnel present and places this dilemma on that personnel. Once during "
            "each of opponent's turns, opponent may stop that personnel.")
    ability = fully(text, "1e", card_type="Dilemma").abilities[1]
    assert ability.limit == "once during each of opponent's turns" and not ability.conditions
    assert ability.kind == "activated"


@pytest.mark.parametrize("text, verb", [
    ("Once each turn, you may discard a captive from here to make opponent lose 5 points.", "lose_points"),
    ("You may discard a card from hand to make opponent discard a card from hand.", "discard"),
])
def test_a_player_made_to_do_something_does_it(text, verb):
    (effect,) = fully(text, "1e", card_type="Incident").abilities[0].effects
    assert effect.verb == verb and effect.subject.type == "opponent" and effect.manner[0] == "make"


def test_a_verb_after_a_totals_number_is_the_verb():
    # "CUNNING>7 gains": the number is the total's, no count of "gains"
    (effect,) = fully("One of your personnel present with CUNNING>7 gains a skill of your choice.", "1e",
                      card_type="Interrupt").abilities[0].effects
    assert effect.verb == "gain" and effect.subject.filters == (("compare", "CUNNING>7"),)
    # a count of more than one still makes a verb's -s form a plural noun
    (effect,) = fully("Reveal two sets of three cards.", "1e", card_type="Interrupt").abilities[0].effects
    assert effect.verb == "reveal"


def test_a_classifications_plural_is_that_classification():
    text = "Each of your [MQ] OFFICERs is INTEGRITY -1."
    (effect,) = fully(text, "1e", card_type="Event").abilities[0].effects
    assert ("classification", "OFFICER") in effect.subject.filters
    (effect,) = fully("Download two [NA] CIVILIANs.", "1e", card_type="Interrupt").abilities[0].effects
    assert ("classification", "CIVILIAN") in effect.object.filters and effect.object.count == 2


@pytest.mark.parametrize("text, card_type, note", [
    ("Unless Honor x2 present, your personnel present with the highest STRENGTH (random selection if tied) "
     "is killed.", "Dilemma", "random selection"),
    ("Plays on table (for free if you have {Weyoun} in play).", "Event", "for free"),
])
def test_a_condition_inside_a_manner_note_is_the_notes(text, card_type, note):
    ability = fully(text, "1e", card_type=card_type).abilities[0]
    (cond,) = [c for c in ability.conditions if c.word == "if"]
    assert cond.instead == note
    assert all(c.instead is None for c in ability.conditions if c.word != "if")


def test_a_turn_counted_from_the_cards_own_play_is_its_moment():
    text = ("Plays on table. Once each turn, you may stop one of your ships to move another. Discard event "
            "at the end of your third turn after it was played.")
    ability = fully(text, "1e", card_type="Event").abilities[-1]
    assert ability.kind == "response" and ability.trigger.event == "end"
    # a play the card waits for is still its trigger
    text = "Plays on table. Discard event after you play an Orb."
    ability = fully(text, "1e", card_type="Event").abilities[-1]
    assert ability.kind == "response" and ability.trigger.event == "play"


@pytest.mark.parametrize("text, card_type, place", [
    ("Seeds or plays on table.", "Incident", None),
    ("Seeds or builds at any planet mission.", "Facility", "at"),
    ("Your [Rom] personnel present may mix and cooperate with your [Fed] personnel present.", "Personnel",
     "with"),
])
def test_verbs_of_one_kind_joined_share_where(text, card_type, place):
    first, then = fully(text, "1e", card_type=card_type).abilities[0].effects
    assert first.places == then.places and first.object == then.object
    assert (first.object.where == "on table") if place is None else dict(first.places)[place] is not None
    # a verb of another kind keeps its own: "attack or play on table" attacks nowhere
    first, then = fully("You may attack or play on table.", "1e", card_type="Event").abilities[0].effects
    assert first.verb == "attack" and first.object is None and not first.places


@pytest.mark.parametrize("text, label", [
    ("Phased polaron beam: this ship is WEAPONS +2 against ships with SHIELDS<10.", "Phased polaron beam"),
    ("Polarized hull plating: this ship is SHIELDS +2.", "Polarized hull plating"),
])
def test_a_named_system_in_sentence_case_heads_its_clause(text, label):
    (ability,) = fully(text, "1e", card_type="Ship").abilities
    assert ability.label == label and [e.verb for e in ability.effects] == ["modify"]
    assert ability.effects[0].subject.text == "this ship"
    # an instruction before a colon is no name ("Choose one: …")
    (ability,) = fully("Choose one: your ship is RANGE +2.", "1e", card_type="Event").abilities
    assert ability.label is None


@pytest.mark.parametrize("text, what, where", [
    ("You may download to this planet up to two hand weapons.", "up to two hand weapons", "this planet"),
    ("Download to here up to two Equipment cards.", "up to two Equipment cards", "here"),
    ("Download to here one {Transwarp Network Gateway}.", "one {Transwarp Network Gateway}", "here"),
    # a determiner opens it too, after a place of several words
    ("Opponent may not return to hand any ship which has your personnel aboard.", "any ship", "hand"),
    ("You may download to hand an Event card.", "an Event card", "hand"),
    ("You may download to one of your ships at that location one [Def] drone.", "one [Def] drone",
     "one of your ships"),
    ("Plays to download to one of your ships its matching commander.", "its matching commander",
     "one of your ships"),
])
def test_up_to_a_count_after_the_place_is_the_object(text, what, where):
    (effect,) = fully(text, "1e", card_type="Objective").abilities[0].effects
    assert effect.object.text == what and dict(effect.places)["to"].text == where


def test_a_state_checked_at_a_moment_of_each_turn_is_a_response_to_it():
    text = ("Plays on your homeworld. If an opponent's ship is at that location at the start of your turn, "
            "you may download a ship there.")
    ability = fully(text, "1e", card_type="Objective").abilities[-1]
    assert ability.kind == "response" and ability.trigger.event == "start"
    assert ability.conditions[0].word.lower() == "if"


@pytest.mark.parametrize("text", [
    "You may discard a card to unstop her.",
    "If you have {Kes} aboard your ship, place her out-of-play.",
])
def test_her_with_no_phrase_after_it_is_the_pronoun(text):
    effect = fully(text, "1e", card_type="Personnel").abilities[0].effects[-1]
    assert ("pronoun", "her") in effect.object.filters and effect.object.owner is None
    # before a phrase it is whose: "her ship"
    (effect,) = fully("Return her ship to your hand.", "1e", card_type="Interrupt").abilities[0].effects
    assert effect.object.owner == "her" and effect.object.type == "ship"


@pytest.mark.parametrize("people", ["Romulan", "Bajoran", "Klingon"])
def test_a_peoples_name_before_a_card_type_is_an_affiliation(people):
    (effect,) = fully(f"Your {people} personnel may now attempt this mission.", "1e",
                      card_type="Event").abilities[0].effects
    assert effect.subject.filters == (("affiliation", people),)


def test_a_verbless_condition_with_or_keeps_which_it_needs():
    text = "Unless Astrophysics + Navigation OR SHIELDS>10 aboard, ship is damaged."
    (cond,) = fully(text, "1e", card_type="Dilemma").abilities[0].conditions
    assert cond.need.to_json() == {"any": [
        {"all": [{"skill": "Astrophysics", "count": 1, "where": "aboard"},
                 {"skill": "Navigation", "count": 1, "where": "aboard"}]},
        {"attribute": "shields", "op": ">", "value": 10, "where": "aboard"}]}
    # with no "or", the phrases it requires are all it needs: no expression
    (cond,) = fully("Unless SECURITY and MEDICAL present, kill a personnel.", "1e",
                    card_type="Dilemma").abilities[0].conditions
    assert cond.need is None and len(cond.requires) == 2


def test_attributes_joined_before_one_change_are_the_cards_own():
    effects = fully("WEAPONS and SHIELDS +3 at {Wolf 359}.", "1e", card_type="Ship").abilities[0].effects
    assert [(e.attribute, e.amount, e.subject) for e in effects] == [
        ("weapons", 3, None), ("shields", 3, None)]
    # a subject of its own stays: "Your ships are WEAPONS and SHIELDS +2."
    effects = fully("Your ships are WEAPONS and SHIELDS +2.", "1e", card_type="Event").abilities[0].effects
    assert all(e.subject.type == "ship" for e in effects)


@pytest.mark.parametrize("text, card_type, verb", [
    ("Seeds on table. While you escort a captive on this planet, you may draw a card.", "Objective",
     "escort"),
    ("Kills one Away Team member unless STRENGTH>44 OR you bribe rebels first by discarding an Equipment "
     "card.", "Dilemma", "bribe"),
])
def test_a_word_unknown_between_a_subject_pronoun_and_an_object_is_its_verb(text, card_type, verb):
    ability = fully(text, "1e", card_type=card_type).abilities[-1]
    assert verb in [e.verb for c in ability.conditions for e in c.effects]


def test_a_keywords_plural_is_that_keyword():
    (cond,) = fully("If your ship has tractor beams, tow away (discard) one ship.", "1e",
                    card_type="Interrupt").abilities[0].conditions
    assert [e.verb for e in cond.effects] == ["have"] and cond.effects[0].object.filters == (
        ("keyword", "Tractor Beam"),)


def test_a_past_tense_verb_with_an_object_and_a_just_after_trigger():
    text = ("CIVILIAN May end a mission attempt he is involved in just after any dilemma killed your "
            "personnel.")
    ability = fully(text, "1e", card_type="Personnel").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == "kill"
    assert ability.trigger.subject.type == "dilemma" and ability.trigger.object.text == "your personnel"
    (cond,) = fully("Plays to score points if your ship survived a battle.", "1e",
                    card_type="Interrupt").abilities[0].conditions
    assert cond.effects[0].verb == "survive" and cond.effects[0].object.type == "battle"
    # a participle before a time is still one: "personnel killed this turn"
    (effect,) = fully("Return to hand a personnel killed this turn.", "1e",
                      card_type="Interrupt").abilities[0].effects
    assert effect.verb == "return"


def test_do_this_only_once_limits_the_order_and_what_it_does_next():
    text = ("Order - This personnel gains one skill from one of your captives. She keeps this skill until "
            "the start of your next turn. You may do this only once each turn.")
    order, then = fully(text, "2e", card_type="Personnel").abilities
    assert (order.kind, order.limit, then.limit) == ("order", "once each turn", "once each turn")
    # right after the order, as before
    order, = fully("Order - Draw a card. You may do this only once each turn.", "2e",
                   card_type="Personnel").abilities
    assert order.limit == "once each turn"


def test_one_of_a_list_after_the_place_is_the_object():
    text = "Once each turn, may return to hand one of your [BO] Incident, Event, or Objective cards in play."
    (effect,) = fully(text, "1e", card_type="Personnel").abilities[0].effects
    assert effect.object.count == 1 and dict(effect.places)["to"].text == "hand"
    # (one of that group: the partitive, each card type listed a group of it)
    assert effect.object.filters == (("icon", "BO"),) and effect.object.type == "incident"
    assert [t.type for _, t in effect.object.also] == ["event", "objective"]


@pytest.mark.parametrize("text, card_type, kind", [
    ("No reporting aboard.", "Facility", "continuous"),
    ("Place on planet. No beaming up or taking off from planet.", "Dilemma", "continuous"),
])
def test_no_and_a_gerund_is_a_ban(text, card_type, kind):
    ability = fully(text, "1e", card_type=card_type).abilities[-1]
    assert ability.kind == kind and all(e.negated and e.subject is None for e in ability.effects)


def test_if_you_wish_is_a_choice_not_a_condition():
    text = ("Once each turn, you may glance at the top card of your draw deck. Insert it anywhere within "
            "your draw deck if you wish.")
    ability = fully(text, "1e", card_type="Artifact").abilities[-1]
    assert not ability.conditions and ability.optional and ability.effects[0].verb == "insert"


@pytest.mark.parametrize("text, card_type, applies_to", [
    ("Each of your personnel present is STRENGTH +3, but loses 1 Diplomacy unless aboard your ship.",
     "Equipment", (1,)),
    ("Each of your Hirogen present is STRENGTH +4 and CUNNING +2, but loses all Diplomacy unless aboard your "
     "ship.", "Equipment", (2,)),
])
def test_a_condition_after_but_is_the_later_clauses(text, card_type, applies_to):
    (cond,) = fully(text, "1e", card_type=card_type).abilities[0].conditions
    assert cond.applies_to == applies_to
    # without "but", a trailing condition is the whole clause's
    (cond,) = fully("Each of your personnel present is STRENGTH +3 and loses 1 Diplomacy unless aboard "
                    "your ship.", "1e", card_type="Equipment").abilities[0].conditions
    assert cond.applies_to == ()


def test_a_lowercase_if_after_the_last_skill_is_that_skills():
    result = fully("CIVILIAN Cybernetics Computer Skill SCIENCE Treachery and Biology if {Kareen Brianon} in "
                   "play.", "1e", card_type="Personnel")
    assert [s.skill for s in result.skills][-1] == "Biology" and not result.abilities
    ((skill, note),) = result.skill_notes
    assert skill == "Biology" and note.conditions[0].word.lower() == "if"
    # a capital "If" opens the game text
    result = fully("OFFICER Navigation Physics If on a [Kli] ship, it is RANGE +1.", "1e",
                   card_type="Personnel")
    assert not result.skill_notes and result.abilities[0].effects[0].verb == "modify"


def test_a_number_of_cards_equal_to_a_count():
    text = ("Examine a number of cards from the top of your deck equal to the number of your Changelings "
            "present.")
    (effect,) = fully(text, "2e", card_type="Event").abilities[0].effects
    assert effect.object.type == "card" and effect.object.count == "number"
    assert dict(effect.places)["equal to"].text == "the number"


@pytest.mark.parametrize("text, card_type, applies_to", [
    ("Plays on your captive (discard if released).", "Event", (1,)),
    ("May report with up to 4 personnel to a {Transwarp Network Gateway} (download doorway if necessary).",
     "Ship", (1,)),
])
def test_a_condition_in_a_brackets_clause_is_that_clauses(text, card_type, applies_to):
    ability = fully(text, "1e", card_type=card_type).abilities[0]
    (cond,) = ability.conditions
    assert cond.applies_to == applies_to and len(ability.effects) == 2


def test_a_condition_of_the_same_verb_again_is_its_hows():
    (cond,) = fully("Seeds or plays on table (plays for free if you have {Dukat} in play).", "1e",
                    card_type="Event").abilities[0].conditions
    assert cond.instead == "for free"


@pytest.mark.parametrize("text, verb, how", [
    ("If you win, score 10 points and randomly kill an opponent's personnel involved.", "kill", "randomly"),
    ("While in play, nullifies all {Warp Core Breach} cards and immediately repairs all damaged ships.",
     "repair", "immediately"),
])
def test_an_adverb_after_and_is_the_next_verbs(text, verb, how):
    effects = fully(text, "1e", card_type="Event").abilities[0].effects
    assert [e.manner for e in effects if e.verb == verb] == [(how,)]
    assert all(how not in e.manner for e in effects if e.verb != verb)


def test_a_trailing_condition_ends_at_a_comma_and_an_adverbed_verb():
    text = "Nullifies {Horga'hn} OR if you have a ship here, immediately draw a card."
    ability = fully(text, "1e", card_type="Interrupt").abilities[0]
    assert [e.verb for e in ability.effects] == ["nullify", "draw"]
    assert ability.effects[1].manner == ("immediately",)
    assert ability.conditions[0].raw == "if you have a ship here"


def test_report_for_duty_is_how_it_reports():
    text = "In place of your normal card play, you may report for duty any number of Ship and Personnel."
    (effect,) = fully(text, "1e", card_type="Event").abilities[0].effects
    assert effect.verb == "report" and effect.manner == ("for duty",) and effect.object.count == "any"


@pytest.mark.parametrize("text, card_type, doer, verb", [
    ("Once each turn, if on your ship, may force one opponent's ship at same location to decloak.",
     "Personnel", "one opponent's ship", "decloak"),
    ("Allows your Away Team to attempt this mission.", "Event", "your Away Team", "attempt"),
])
def test_the_object_of_a_verb_of_control_does_what_to_says(text, card_type, doer, verb):
    ability = fully(text, "1e", card_type=card_type).abilities[0]
    assert not ability.costs  # (forcing is no price paid)
    (done,) = [e for e in ability.effects if e.verb == verb]
    assert done.subject.text == doer


def test_do_this_only_once_limits_a_response_before_what_it_does_next():
    text = ("When your [Sta] Diplomacy personnel is facing a dilemma, you may discard a card from hand to "
            "make that personnel attributes +1. These effects last until the end of that dilemma. You may "
            "only do this once each turn.")
    first, then = fully(text, "2e", card_type="Event").abilities
    assert first.kind == "response" and first.limit == "once each turn"


@pytest.mark.parametrize("text, card_type, scopes, verbs", [
    # the sentence's own condition is the first clause's; "otherwise" is the next clause's
    ("If Trill with symbiont, dies now (discard dilemma); otherwise, disabled until countdown expires.",
     "Dilemma", [("if", (0,)), ("otherwise", (1,)), ("until", (1,))], ["kill", "disable"]),
    ("Sacrifice one Diplomacy, one [Holo] or two [Def] personnel present (killed); otherwise, one personnel "
     "present is killed (opponent's choice).", "Dilemma", [("otherwise", (1,))], ["sacrifice", "kill"]),
    # a clause after both branches is neither's
    ("Opponent places dilemma on one non-[Holo] Personnel at this location, then chooses: If android, all "
     "copies of that card become human (STRENGTH -4); otherwise, seed that personnel under an unsolved "
     "{Q's Planet}; discard dilemma.", "Q Dilemma", [("if", (2, 3)), ("otherwise", (4,))],
     ["place", "choose", "become", "modify", "seed", "discard"]),
])
def test_otherwise_after_a_semicolon_is_the_other_branch(text, card_type, scopes, verbs):
    ability = fully(text, "1e", card_type=card_type).abilities[-1]
    assert [e.verb for e in ability.effects] == verbs
    assert [(c.word.lower(), c.applies_to) for c in ability.conditions] == scopes


def test_which_effects_a_later_clauses_condition_holds_for_counts_the_clauses_before():
    text = ("Draw a card; each of your personnel present is STRENGTH +3, but loses 1 Diplomacy unless aboard "
            "your ship.")
    ability = fully(text, "1e", card_type="Equipment").abilities[0]
    assert [e.verb for e in ability.effects] == ["draw", "modify", "lose"]
    (cond,) = ability.conditions
    assert cond.applies_to == (2,)


@pytest.mark.parametrize("text, card_type, phrase", [
    ("Plays if you have three or more Bajorans in play.", "Event", "three or more Bajorans in play"),
    ("Plays on a ship being targeted by two or more ships.", "Interrupt", None),
    ("Each of your personnel at a mission that is worth 40 or more points is attributes +1.", "Event", None),
])
def test_a_number_or_more_is_one_bound(text, card_type, phrase):
    result = fully(text, "1e", card_type=card_type)
    found = [t for t in _targets(result.to_json()) if "or more" in t.get("text", "")]
    assert found and all(t["count"] == "at_least" and isinstance(t["number"], int) for t in found)
    assert not [t for t in _targets(result.to_json()) if t.get("count") == "more"]  # (no "more X" of its own)
    if phrase:
        assert phrase in [t["text"] for t in found]


def _targets(node):
    """Every target-shaped object (one with a ``text`` and a ``count``) in a reading's JSON."""
    if isinstance(node, dict):
        if "text" in node and "count" in node:
            yield node
        for value in node.values():
            yield from _targets(value)
    elif isinstance(node, list):
        for value in node:
            yield from _targets(value)


def test_a_mission_requirement_of_a_number_or_more():
    result = fully("SECURITY + Leadership + CUNNING>28 + ship with two or more staffing icons", "1e",
                   card_type="Mission")
    assert result.requirements.to_json()["all"][-1]["where"] == "with 2 or more staffing icon"


def test_a_condition_after_but_with_the_comma_inside_a_quote():
    text = ('All such personnel are "stopped," but if two or more present, one must continue (random '
            'selection).')
    ability = fully(text, "2e", card_type="Dilemma").abilities[0]
    assert [e.verb for e in ability.effects] == ["stop", "continue"]
    (cond,) = ability.conditions
    assert cond.applies_to == (1,)


@pytest.mark.parametrize("text, need", [
    ("To get past requires Geology or Computer Skill.",
     {"any": [{"skill": "Geology", "count": 1}, {"skill": "Computer Skill", "count": 1}]}),
    ("To get past requires Geology and Computer Skill.",
     {"all": [{"skill": "Geology", "count": 1}, {"skill": "Computer Skill", "count": 1}]}),
    ("To get past requires 3 Treachery and Acquisition OR 2 SCIENCE and 2 SECURITY.",
     {"any": [{"all": [{"skill": "Treachery", "count": 3}, {"skill": "Acquisition", "count": 1}]},
              {"all": [{"classification": "SCIENCE", "count": 2},
                       {"classification": "SECURITY", "count": 2}]}]}),
])
def test_what_a_require_of_several_needs_asks_for(text, need):
    (effect,) = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert effect.verb == "require" and effect.need.to_json() == need
    # one need alone is the object
    (effect,) = fully("To get past requires 2 Astrophysics.", "1e", card_type="Dilemma").abilities[0].effects
    assert effect.need is None and effect.object.text == "2 Astrophysics"


@pytest.mark.parametrize("text, card_type, verb, place", [
    ("Beam your Personnel up or down at any time, except during a dilemma (unless specifically permitted).",
     "Interrupt", "beam", ("except during", "a dilemma")),
    ("Seeds or plays at any mission in Mirror Quadrant (except in the Badlands Region).", "Facility", "seed",
     ("except in", "the Badlands Region")),
])
def test_except_and_a_preposition_is_where_it_is_not_done(text, card_type, verb, place):
    effect = next(e for e in fully(text, "1e", card_type=card_type).abilities[0].effects if e.verb == verb)
    places = [(prep, t.text) for prep, t in effect.places]
    assert place in places and (place[0].split()[1], place[1]) not in places  # (not where it is done)
    assert "except" not in effect.manner


def test_an_ing_form_between_an_adjective_and_a_noun_describes_it():
    text = "Also, each of your personnel with a special staffing icon may report to your ship with same icon."
    (effect,) = fully(text, "1e", card_type="Event").abilities[0].effects
    assert effect.verb == "report"
    assert effect.subject.text == "each of your personnel with a special staffing icon"


def test_to_and_from_is_one_place_both_ways():
    text = "Your personnel may beam to and from that ship."
    (effect,) = fully(text, "1e", card_type="Event").abilities[0].effects
    assert [(prep, t.text) for prep, t in effect.places] == [("to and from", "that ship")]


def test_did_not_supports_a_negation_as_didnt_does():
    text = ("If opponent completes {Establish Gateway} targeting a mission they did not seed, you score "
            "those points.")
    (cond,) = fully(text, "1e", card_type="Incident").abilities[0].conditions
    (done,) = cond.effects  # (not a second effect "seed" of the condition's with no object)
    mission = done.object.relative[0].object
    (seeded,) = mission.relative
    assert seeded.verb == "seed" and seeded.negated


@pytest.mark.parametrize("text, card_type, verbs", [
    ("You may score double points.", "Objective", ["score"]),
    ("Select a ship. It can move double range for this turn.", "Interrupt", ["move"]),
])
def test_double_before_a_noun_is_how_much(text, card_type, verbs):
    ability = fully(text, "1e", card_type=card_type).abilities[-1]
    assert [e.verb for e in ability.effects] == verbs
    # the verb it is: "double its RANGE"
    (effect,) = fully("Double its RANGE.", "1e", card_type="Interrupt").abilities[0].effects
    assert effect.verb == "double"


def test_a_to_prefix_is_a_play_requirement_only_for_playing():
    text = ("Also, to move or initiate battle, each ship with one or more staffing icons (and each "
            "Interceptor) requires at least two crew members aboard.")
    assert fully(text, "1e", card_type="Incident").abilities[0].kind == "continuous"
    text = "To play this interrupt, you must have a [Fed] personnel in play. Draw a card."
    assert fully(text, "1e", card_type="Interrupt").abilities[0].kind == "play_requirement"


@pytest.mark.parametrize("text, comparison", [
    ("Unless CUNNING>40, all personnel are stopped.",
     {"attribute": "cunning", "op": ">", "value": 40, "text": "CUNNING>40"}),
    ("Unless total CUNNING>40, all personnel are stopped.",
     {"measure": "total", "attribute": "cunning", "op": ">", "value": 40, "text": "CUNNING>40"}),
    ("Two personnel are killed (random selection) if their individual CUNNING<9.",
     {"measure": "their individual", "attribute": "cunning", "op": "<", "value": 9, "text": "CUNNING<9"}),
])
def test_a_conditions_comparison_has_its_operator_and_number(text, comparison):
    (cond,) = fully(text, "1e", card_type="Dilemma").abilities[0].conditions
    assert cond.comparisons == (comparison,) and not cond.requires  # ("total" is no card it asks for)


def test_a_how_note_after_a_trailing_condition_is_the_main_verbs():
    ability = fully("May report where {Captain Kirk} is present (for free).", "1e",
                    card_type="Personnel").abilities[0]
    (effect,) = ability.effects
    assert effect.verb == "report" and effect.manner == ("for free",)
    (cond,) = ability.conditions
    assert not cond.manner and cond.raw == "where {Captain Kirk} is present"


@pytest.mark.parametrize("text, card_type, alternatives", [
    # an "or" between a verb's objects joins them: the next verb is no other choice
    ("Discard one or two cards and draw an equal number from the bottom of your draw deck.", "Interrupt",
     [False, False]),
    ("During your turn, you may place here one or two Jem'Hadar from hand or in play, then draw a card.",
     "Incident", [False, False]),
    # an "or" before the next verb's own place still offers a choice
    ("Each turn, gain an additional normal card play OR at end of turn, draw an extra card.", "Artifact",
     [False, True]),
])
def test_an_or_between_objects_offers_no_choice_of_effects(text, card_type, alternatives):
    ability = fully(text, "1e", card_type=card_type).abilities[0]
    assert [e.alternative for e in ability.effects] == alternatives


@pytest.mark.parametrize("text, card_type, verbs", [
    ("Enters play damaged at any location.", "Ship", ["enter"]),
    ("Once per game, may leave play when {Devidian Door} is \"shown\" and score points.", "Personnel",
     ["leave", "score"]),
])
def test_entering_play_is_one_verb_and_where(text, card_type, verbs):
    effects = fully(text, "1e", card_type=card_type).abilities[0].effects
    assert [e.verb for e in effects] == verbs and effects[0].object.type == "play"


def test_a_card_that_just_entered_play():
    text = "Plays if a Borg ship just entered play."
    (cond,) = fully(text, "1e", card_type="Interrupt").abilities[0].conditions
    (entered,) = cond.effects
    assert entered.verb == "enter" and entered.subject.text == "a Borg ship" and entered.object.type == "play"


def test_to_before_an_ing_form_is_where():
    ability = fully("May apply [Com], [Nav] and [Def] to staffing.", "1e", card_type="Personnel").abilities[0]
    assert not ability.costs  # (no "<cost> to <effect>": an infinitive is never printed in -ing)
    (effect,) = ability.effects
    assert effect.verb == "apply" and dict(effect.places)["to"].text == "staffing"


@pytest.mark.parametrize("text, card_type, verbs", [
    ("May take off or land once each turn.", "Ship", ["take off", "land"]),
    ("Once each turn, may land or take off using 1 RANGE.", "Ship", ["land", "take off", "use"]),
    ("OR Stock in deck and use as follows: Plays to nullify one {Revolving Door}.", "Doorway",
     ["stock", "use", "play", "nullify"]),
])
def test_phrasal_verbs_and_set_phrases(text, card_type, verbs):
    effects = fully(text, "1e", card_type=card_type).abilities[0].effects
    assert [e.verb for e in effects] == verbs


@pytest.mark.parametrize("text, card_type, negated", [
    ("Each of your non-[Bor] personnel is STRENGTH +1.", "Event", {"icon": "Bor"}),
    ("X=number of non-{Sybok} [SKR] personnel present (limit 6).", "Mission", {"card": "Sybok"}),
])
def test_non_before_an_icon_or_a_title_is_a_filter_not_met(text, card_type, negated):
    effect = fully(text, "1e", card_type=card_type).abilities[0].effects[0]
    group = effect.subject or dict(effect.places)["of"]
    assert ("not", negated) in group.filters and group.card is None
    assert ("quality", "non-") not in group.filters


@pytest.mark.parametrize("text, negated", [
    ("Each of your non-Borg personnel is STRENGTH +1.", {"affiliation": "Borg"}),
    ("Each non-OFFICER personnel is stopped.", {"classification": "OFFICER"}),
    ("Your non-Treachery personnel are killed.", {"skill": "Treachery"}),
    ("Discard any non-Dilemma card.", {"type": "dilemma"}),
])
def test_non_before_a_word_that_classifies_is_a_filter_not_met(text, negated):
    effect = fully(text, "1e", card_type="Event").abilities[0].effects[0]
    group = effect.subject or effect.object
    assert ("not", negated) in group.filters
    # ("Non-Aligned" is an affiliation of its own)
    effect = fully("Each of your Non-Aligned personnel is STRENGTH +1.", "1e", card_type="Event").abilities[0]
    assert not [f for f in effect.effects[0].subject.filters if f[0] == "not"]


@pytest.mark.parametrize("text, card_type, modals", [
    ("Kazon shuttlecraft may report, be carried, and launch aboard.", "Ship", ["may", "may", "may"]),
    ("Opponent may not attempt, scout or complete a [BO] objective targeting that mission.", "Objective",
     ["may not", "may not", "may not"]),
])
def test_each_verb_of_a_list_shares_its_modal(text, card_type, modals):
    effects = fully(text, "1e", card_type=card_type).abilities[0].effects
    assert [e.modal for e in effects] == modals


def test_a_note_in_brackets_does_not_keep_a_verb_from_sharing_a_place():
    text = "May seed (face up) or report on {Risa}."
    seed, report = fully(text, "1e", card_type="Personnel").abilities[0].effects
    assert seed.manner == ("face up",)
    assert dict(seed.places)["on"].card == "Risa" == dict(report.places)["on"].card


def test_when_first_flipped_is_the_flip_the_first_time():
    text = "When first flipped, each player may download a card."
    trigger = fully(text, "1e", card_type="Facility").abilities[0].trigger
    assert trigger.event == "flip" and trigger.subject is None and trigger.effects[0].manner == ("first",)


def test_more_than_once_per_game_is_one_limit():
    text = "(Opponent may not report the same personnel more than once per game in this manner.)"
    ability = fully(text, "1e", card_type="Q Interrupt").abilities[0]
    (effect,) = ability.effects
    assert ability.limit == "more than once per game" and effect.negated
    assert effect.object.text == "the same personnel" and "than" not in effect.manner


@pytest.mark.parametrize("text, card_type, verbs", [
    ("Side deck is now open and in play.", "Doorway", ["open"]),
    ("Away Team is split into two Away Teams (your choice).", "Dilemma", ["split"]),
])
def test_a_base_form_after_be_is_the_state_it_names(text, card_type, verbs):
    effects = fully(text, "1e", card_type=card_type).abilities[0].effects
    assert [e.verb for e in effects] == verbs and effects[0].object is not None


@pytest.mark.parametrize("text, negated", [
    ("If any non- OFFICER dies here, its owner loses points.", {"classification": "OFFICER"}),
    ("Plays on a non- [Bor] ship.", {"icon": "Bor"}),
])
def test_a_word_broken_after_its_hyphen_is_joined(text, negated):
    result = fully(text, "1e", card_type="Dilemma")
    assert f'"not": {json.dumps(negated)}' in json.dumps(result.to_json()["abilities"])
    # a hyphen left hanging on purpose stays
    assert clean("one- or two-person ships") == "one- or two-person ships"


@pytest.mark.parametrize("text, subject", [
    ("Draw a card. Solving player's ships are RANGE +1.", "Solving player's ships"),
    ("Draw a card. Matching OFFICER personnel may report here.", "Matching OFFICER personnel"),
])
def test_an_ing_form_opening_a_later_sentences_subject_describes_it(text, subject):
    (effect,) = fully(text, "1e", card_type="Event").abilities[-1].effects
    assert effect.subject.text == subject and effect.verb in ("modify", "report")


def test_what_a_have_of_several_needs_asks_for():
    text = ("Unless you have (Astrophysics OR Stellar Cartography) + ENGINEER + Navigation OR Biology + "
            "MEDICAL + SCIENCE, randomly select a personnel to be stopped.")
    (cond,) = fully(text, "2e", card_type="Dilemma").abilities[0].conditions
    (have,) = cond.effects
    either = {"any": [{"skill": "Astrophysics", "count": 1}, {"skill": "Stellar Cartography", "count": 1}]}
    assert have.need.to_json() == {"any": [
        {"all": [either, {"classification": "ENGINEER", "count": 1}, {"skill": "Navigation", "count": 1}]},
        {"all": [{"skill": "Biology", "count": 1}, {"classification": "MEDICAL", "count": 1},
                 {"classification": "SCIENCE", "count": 1}]}]}


@pytest.mark.parametrize("text, card_type, phrase", [
    ("When this personnel is an eligible target for a random selection, you may exclude it.", "Personnel",
     "an eligible target"),
    ("While you have a higher score than each of your opponents, this personnel is Cunning +2.", "Personnel",
     "a higher score"),
])
def test_a_lemma_after_a_and_a_word_heads_the_phrase(text, card_type, phrase):
    ability = fully(text, "2e", card_type=card_type).abilities[0]
    clause = ability.trigger if ability.trigger is not None else ability.conditions[0]
    (effect,) = clause.effects
    assert effect.object.text == phrase


def test_a_value_when_doing_something_holds_while_it_does():
    ability = fully("X=4 when facing a dilemma.", "2e", card_type="Personnel").abilities[0]
    assert ability.kind == "continuous" and ability.trigger is None
    assert ability.conditions[0].word == "when" and ability.conditions[0].effects[0].verb == "face"
    # a moment with its own subject is still one: "… when you play this event."
    ability = fully("You may discard the top card of your deck when you play this event.", "2e",
                    card_type="Event").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == "play"


def test_a_plural_after_a_participle_is_its_object():
    text = "Draw three cards, discarding duplicates."
    draw, discard = fully(text, "1e", card_type="Doorway").abilities[0].effects
    assert (draw.verb, discard.verb, discard.object.text) == ("draw", "discard", "duplicates")


@pytest.mark.parametrize("text, card_type, subjects", [
    ("No leaders are required and no affiliation restrictions apply.", "Q Interrupt",
     ["No leaders", "no affiliation restrictions"]),
    ("If your {I.K.S. Fek'lhr} in play, it has a [Cmd] icon and both ships reduce staffing by one [AU] icon.",
     "Ship", ["it", "both ships"]),
])
def test_a_plural_subject_after_and_has_its_own_verb(text, card_type, subjects):
    effects = fully(text, "1e", card_type=card_type).abilities[0].effects
    assert [e.subject.text for e in effects] == subjects


def test_passive_participles_of_one_kind_of_act_share_where():
    text = "May be seeded or built at {Terran Hideout} if no {headquarters} there."
    seed, build = fully(text, "1e", card_type="Facility").abilities[0].effects
    assert (seed.verb, build.verb) == ("seed", "build")
    assert dict(seed.places)["at"].card == "Terran Hideout" == dict(build.places)["at"].card
    # ("are stopped and relocated to …": the place is the last participle's only)
    stop, relocate = fully("Away Team is stopped and relocated to your ship.", "1e",
                           card_type="Dilemma").abilities[0].effects
    assert not stop.places and relocate.places


@pytest.mark.parametrize("text", ["Beam your Personnel up or down at any time, except during",
                                  "except during", "two or more", "more than once per game"])
def test_a_joined_phrase_cut_short_at_the_texts_end_reads_or_is_reported(text):
    result = parse(text, "1e")  # (an "except" and a preposition at the very end had raised IndexError)
    assert result.abilities or result.unparsed


@pytest.mark.parametrize("text, verbs", [
    ("Cannot get past unless at least two female Away Team members are present.", ["get past"]),
    ("Cannot get past (shuffle back into seed cards here) unless Geology present.", ["get past", "shuffle"]),
])
def test_get_past_is_one_verb(text, verbs):
    ability = fully(text, "1e", card_type="Dilemma").abilities[0]
    assert [e.verb for e in ability.effects] == verbs and ability.effects[0].object is None
    assert ability.effects[0].negated


@pytest.mark.parametrize("text, card_type, attribute, amount", [
    ("Each of your [OS] personnel present is STRENGTH +2 (cumulative).", "Equipment", "strength", 2),
    ("Reduces RANGE by 3 (cumulative).", "Dilemma", "range", -3),
])
def test_a_bracketed_cumulative_marks_the_change(text, card_type, attribute, amount):
    (change,) = fully(text, "1e", card_type=card_type).abilities[0].effects
    assert (change.verb, change.attribute, change.amount) == ("modify", attribute, amount)
    assert change.cumulative
    assert "cumulative" not in change.manner
    # ("(not cumulative)" says the opposite)
    not_so = fully("Your ships are WEAPONS +2 (not cumulative).", "1e", card_type="Event")
    (change,) = not_so.abilities[0].effects
    assert not change.cumulative


@pytest.mark.parametrize("text, count, objects", [
    ("Place any number of your Jem'Hadar present aboard a ship.", "any", ["your Jem'Hadar present"]),
    ("Place an equal number of [Baj] personnel and non-[Baj] personnel from your discard pile on top of "
     "your deck.", "equal", ["[Baj] personnel", "non-[Baj] personnel"]),
    ("Discard your hand, then draw the same number of cards.", "equal", ["cards"]),
])
def test_how_many_said_with_number_of_is_a_count(text, count, objects):
    *_, effect = fully(text, "1e", card_type="Event").abilities[0].effects
    assert effect.count == count and effect.object.count == count
    assert [effect.object.text.split(" number of ")[-1], *(o.text for o in effect.objects)] == objects


@pytest.mark.parametrize("text, card_type, count, number", [
    ("Any ship with fewer than three staffing icons may report here.", "Site", "fewer_than", 3),
    ("You may not begin a mission attempt here with fewer than six personnel.", "Dilemma", "fewer_than", 6),
    ("Every player with more than ten cards in hand loses 1 point.", "Interrupt", "more_than", 10),
])
def test_fewer_or_more_than_a_number_is_one_bound(text, card_type, count, number):
    effect = fully(text, "1e", card_type=card_type).abilities[0].effects[0]
    (bounded,) = [t for t in (effect.subject, *(t for _, t in effect.places), *(
        t for _, t in (effect.subject.places if effect.subject else ()))) if t is not None and t.number]
    assert (bounded.count, bounded.number) == (count, number)
    assert "than" not in [p for p, _ in effect.places]


@pytest.mark.parametrize("text, card_type, verb, adverb", [
    ("Plays on a planet to randomly kill a SECURITY personnel.", "Interrupt", "kill", "randomly"),
    ("Choose any player to immediately draw three new cards.", "Event", "draw", "immediately"),
])
def test_the_adverb_of_a_split_infinitive_is_its_verbs(text, card_type, verb, adverb):
    first, second = fully(text, "1e", card_type=card_type).abilities[0].effects
    assert second.verb == verb and adverb in second.manner and adverb not in first.manner


@pytest.mark.parametrize("text, objects", [
    ("If that personnel has both Honor and Leadership, you may unstop your stopped personnel.",
     ["Honor", "Leadership"]),
    ("Target both a homeworld with no [BO] objective on it and your matching counterpart.", ["a homeworld"]),
])
def test_both_before_and_joins_the_two_it_does_not_count_them(text, objects):
    ability = fully(text, "1e", card_type="Objective").abilities[0]
    effect = (ability.conditions[0].effects if ability.conditions else ability.effects)[0]
    assert [effect.object.text, *(o.text for o in effect.objects)] == objects
    assert effect.object.count != 2 and "both" in effect.manner
    # ("Unless one has Diplomacy, both are stopped.": two, the count)
    both = fully("Unless one has Diplomacy, both are stopped.", "1e", card_type="Dilemma")
    stop = both.abilities[0].effects[0]
    assert stop.object.count == 2


def test_adding_a_skill_is_gaining_it_adding_it_to_something_is_not():
    (gain,) = fully("Each of your [OS] leaders present adds SECURITY.", "1e",
                    card_type="Equipment").abilities[0].effects
    assert (gain.verb, gain.skill, gain.levels) == ("gain", "SECURITY", 1) and "add" in gain.manner
    *_, add = fully("Seeds or plays on a mission; adds Computer Skill to mission requirements.", "1e",
                    card_type="Incident").abilities[0].effects
    assert add.verb == "add" and dict(add.places)["to"].text == "mission requirements"


def test_a_range_of_an_attribute_is_that_attributes_two_bounds():
    (cond,) = fully("Unless 22 < STRENGTH < 55, one Away Team member is killed.", "1e",
                    card_type="Dilemma").abilities[0].conditions
    (compared,) = cond.to_json()["comparisons"]
    assert (compared["attribute"], compared["op"], compared["value"]) == ("strength", ">", 22)
    assert compared["and"] == {"op": "<", "value": 55}


@pytest.mark.parametrize("text, card_type, verb, relative", [
    ("Once per turn, one such card reporting at this location may report for free.", "Time Location",
     "report", "report"),
    ("If present with prey, your Hirogen using {Hirogen Talon} may capture them.", "Incident",
     "capture", "use"),
])
def test_a_participle_after_the_subject_a_prefix_opens_is_a_relative_clause(text, card_type, verb, relative):
    (effect,) = [e for e in fully(text, "1e", card_type=card_type).abilities[0].effects]
    assert effect.verb == verb and [e.verb for e in effect.subject.relative] == [relative]


@pytest.mark.parametrize("text, card_type, first, also", [
    ("Freighters and transports report for free here.", "Site", "freighter", ["transport"]),
    ("Entire crew or Away Team is stopped.", "Dilemma", "crew", ["away team"]),
])
def test_two_nouns_heading_phrases_of_their_own_are_two_groups(text, card_type, first, also):
    (effect,) = fully(text, "1e", card_type=card_type).abilities[0].effects
    group = effect.subject if effect.subject is not None else effect.object
    assert group.type == first and [t.type for _, t in group.also] == also
    # (a head after the second is both's: "a female crew or Away Team member" is one group)
    (kill,) = fully("Kill a female crew or Away Team member.", "1e", card_type="Dilemma").abilities[0].effects
    assert not kill.object.also


@pytest.mark.parametrize("text, card_type, head, before", [
    ("Whenever opponent begins a planet mission attempt, draw a card.", "Event", "mission attempt", "planet"),
    ("Score 5 bonus points.", "Event", "point", "bonus"),
    ("Move to any planet location.", "Event", "location", "planet"),
])
def test_of_nouns_printed_together_the_last_heads_the_phrase(text, card_type, head, before):
    ability = fully(text, "1e", card_type=card_type).abilities[0]
    phrases = [p for e in (*ability.effects, *(ability.trigger.effects if ability.trigger else ()))
               for p in (e.object, *(t for _, t in e.places)) if p is not None]
    assert any(p.type == head and ("noun", before) in p.filters for p in phrases)
    # (a card type heads its phrase still: "a mission report" is the mission's)
    (report,) = fully("May file a mission report.", "1e", card_type="Personnel").abilities[0].effects
    assert report.object.type == "mission"


@pytest.mark.parametrize("word, kind, lemma", [
    ("controlling", "VERB", "control"), ("winning", "VERB", "win"), ("incurred", "PART", "incur"),
    ("getting", "VERB", "get"),
])
def test_verbs_that_double_their_last_consonant(word, kind, lemma):
    (tok,) = tokenize(word)
    assert (tok.type, tok.value) == (kind, lemma)
    # ("OR player controlling ship has …": a participle after the player, a relative clause)
    text = "Any ship may dock here OR player controlling ship has a Computer Skill personnel present."
    effect = fully(text, "1e", card_type="Site").abilities[0].effects[1]
    assert effect.subject.type == "player" and effect.subject.relative[0].verb == "control"


def test_a_counter_attack_after_an_article_is_a_noun():
    (prevent,) = fully("Prevents opponent from initiating a counter-attack this turn at that location.", "1e",
                       card_type="Interrupt").abilities[0].effects
    assert prevent.verb == "prevent" and "counter-attack" in dict(prevent.places)["from"].text


@pytest.mark.parametrize("text, name", [
    ("To get past requires a President, High Council Leader, General, or Admiral.", "High Council Leader"),
    ("Plays on any Bajor Region planet.", "Bajor Region"),
])
def test_capitalised_words_printed_together_are_one_name(text, name):
    ability = fully(text, "1e", card_type="Dilemma").abilities[0]
    phrases = [p for e in ability.effects for p in (e.object, *e.objects, *(t for _, t in e.places)) if p]
    assert any(("name", name) in p.filters for p in phrases)
    assert not any(("name", name.split()[0]) in p.filters for p in phrases)


@pytest.mark.parametrize("text, verb, doer", [
    ("Choose any player to immediately draw three new cards from the top of their draw deck.", "draw",
     "any player"),
    ("Attacker chooses one team to participate in the battle.", "participate", "one team"),
])
def test_a_player_chosen_to_do_something_does_it(text, verb, doer):
    _, effect = fully(text, "1e", card_type="Event").abilities[0].effects
    assert effect.verb == verb and effect.subject.text == doer
    # (a thing chosen is acted on: "Choose a card to place on this event.")
    _, place = fully("Choose a card to place on this event.", "1e", card_type="Event").abilities[0].effects
    assert place.object.text == "a card" and place.subject is None


@pytest.mark.parametrize("text, edition", [
    ("Diplomacy Honor Law SECURITY", "1e"),  # a 1E skill list: classifications in capitals
    ("Once each turn, if on a planet with your personnel, allows you to glance at bottom seed card.", "1e"),
    ("Cloaking Device, Tractor Beam", "1e"),
    ("Each of your Engineer personnel present gains Physics.", "2e"),
    ("Order - Discard a card from hand to draw a card.", "2e"),
])
def test_the_edition_is_guessed_from_what_only_one_edition_prints(text, edition):
    assert parse(text).edition == edition


@pytest.mark.parametrize("text, where, count, kind", [
    ("Discard one of your cards.", None, 1, "card"),
    ("Place this event on any one of your SECURITY personnel in play.", "on", "any", "personnel"),
    ("Personnel gains the skills of one of your other personnel present.", "of", 1, "personnel"),
])
def test_a_count_of_a_group_is_that_many_of_the_group(text, where, count, kind):
    (effect,) = fully(text, "1e", card_type="Event").abilities[0].effects
    part = effect.object if where is None else dict(effect.places)[where]
    assert (part.count, part.type, part.owner) == (count, kind, "your") and " of your " in part.text
    assert "of" not in [p for p, _ in effect.places] or where == "of"
    # (what is chosen is the whole: "select another of your personnel present to be killed")
    select, kill = fully("Randomly select another of your personnel present to be killed instead.", "2e",
                         card_type="Interrupt").abilities[0].effects
    assert kill.object.type == "personnel" and kill.object.owner == "your"


def test_no_player_may_negates_each_verb_it_governs():
    text = ("No player may play a {Q's Tent} doorway, download any card or play any card that requires "
            "downloading.")
    effects = fully(text, "1e", card_type="Event").abilities[0].effects
    assert [(e.verb, e.negated, e.optional) for e in effects] == [
        ("play", True, False), ("download", True, False), ("play", True, False)]


@pytest.mark.parametrize("text, verb, subject", [
    ("Fire damages ship at end of next turn.", "damage", "fire"),
    ("Escape pod saves entire crew.", "save", "pod"),
])
def test_a_first_word_before_a_verbs_s_form_is_its_subject_not_an_imperative(text, verb, subject):
    (effect,) = fully(text, "1e", card_type="Event").abilities[0].effects
    assert effect.verb == verb and effect.subject.type == subject


def test_any_or_all_is_one_determiner():
    (effect,) = fully("Immediately relocate any or all crew to another of your ships in play.", "1e",
                      card_type="Interrupt").abilities[0].effects
    assert (effect.object.type, effect.object.count, effect.objects) == ("crew", "any", ())


def test_a_quoted_action_glossed_by_a_participle_is_what_the_gloss_says():
    text = 'Two personnel present (random selection) "disappear" (discarded) if their combined CUNNING<15.'
    (effect,) = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert effect.verb == "discard" and effect.object.type == "personnel" and "disappear" in effect.manner


def test_a_trailing_when_and_a_verbless_passive_is_a_trigger():
    ability = fully("Scores 5 points when {Korris} or {Konmel} killed in battle.", "1e",
                    card_type="Personnel").abilities[0]
    assert ability.kind == "response" and ability.trigger.event == "kill"
    subject = ability.trigger.subject  # (either of two cards: a group each)
    assert subject.card == "Korris" and [(j, o.card) for j, o in subject.also] == [("or", "Konmel")]
    # (a state stays a condition: "if ship damaged")
    kept = fully("Discard this card if ship damaged.", "1e", card_type="Event").abilities[0]
    assert kept.trigger is None and kept.conditions


def test_what_is_needed_to_do_something_is_one_effect():
    (need,) = fully("Each player who has not solved a mission needs an additional 40 points to win.", "1e",
                    card_type="Event").abilities[0].effects
    assert need.verb == "need" and "to win" in need.manner


@pytest.mark.parametrize("text, how", [
    ("Enters play damaged at any location.", "damaged"),
    ("Each non-Jem'Hadar personnel enters play \"stopped.\"", "stopped"),
])
def test_a_participle_after_enters_play_is_how_it_enters(text, how):
    (enter,) = fully(text, "1e", card_type="Ship").abilities[0].effects
    assert enter.verb == "enter" and how in enter.manner and not enter.object.filters


def test_next_turn_after_a_verb_is_when_not_its_object():
    (effect,) = fully("Opponent may counter-attack next turn.", "1e",
                      card_type="Objective").abilities[0].effects
    assert effect.object is None and dict(effect.places)["during"].text == "next turn"


def test_a_limit_per_something_is_one_limit():
    ability = fully("May discard incident to draw a card (once per game per card title).", "1e",
                    card_type="Incident").abilities[0]
    assert ability.limit == "once per game per card title"


def test_a_lists_commas_take_its_last_or():
    (cond,) = fully("May not be nullified if {Kell}, {Taibak} or {Entek} in play.", "1e",
                    card_type="Event").abilities[0].conditions
    need = cond.to_json()["need"]
    assert [n["card"] for n in need["any"]] == ["Kell", "Taibak", "Entek"]
    # ("Security, Transporters, and Strength>28": an "and" list's commas stay "and")
    (effect,) = fully("To get past requires Empathy, Diplomacy, {Morn} or {any Scotty}.", "1e",
                      card_type="Dilemma").abilities[0].effects
    assert len(effect.to_json()["need"]["any"]) == 4


@pytest.mark.parametrize("text, card_type, verbs", [
    ("That ship may not engage or disengage its special equipment until your next turn.", "Objective",
     ["engage", "disengage"]),
    ("Opponent regains control.", "Interrupt", ["regain"]),
])
def test_disengage_and_regain_are_verbs(text, card_type, verbs):
    effects = fully(text, "1e", card_type=card_type).abilities[0].effects
    assert [e.verb for e in effects] == verbs


def test_a_sentence_opening_with_or_is_another_use_of_the_card():
    text = ("Your Bajoran leaders may initiate battle against other Bajorans. OR Downloads two Bajoran "
            "personnel.")
    first, second = fully(text, "1e", card_type="Event").abilities
    assert not first.alternative and second.alternative and second.to_json()["alternative"] is True
    from judge.cards.mentions import describe
    assert describe(second.to_json()).startswith("OR ")


def test_an_ing_form_between_an_icon_and_a_noun_describes_the_noun():
    (meet,) = fully("If on {Phoenix}, meets two [Stf] staffing requirements.", "1e",
                    card_type="Personnel").abilities[0].effects
    assert meet.object.type == "requirement" and not meet.object.relative


def test_attributes_joined_by_or_change_one_of_them():
    weapons, shields = fully("WEAPONS or SHIELDS are +4 until start of your next turn.", "1e",
                             card_type="Objective").abilities[0].effects
    assert (weapons.attribute, shields.attribute) == ("weapons", "shields")
    assert not weapons.alternative and shields.alternative
    # ("WEAPONS and SHIELDS +3": both)
    both = fully("WEAPONS and SHIELDS +3 at {Wolf 359}.", "1e", card_type="Event").abilities[0].effects
    assert not any(e.alternative for e in both)


def test_a_participle_after_just_and_an_adverb_describes_the_phrase_before():
    (replace,) = fully("If present, must replace {Salia} just randomly selected.", "1e",
                       card_type="Personnel").abilities[0].effects
    assert replace.object.card == "Salia" and ("state", "select") in replace.object.filters
    assert not replace.objects


def test_yet_is_an_adverb():
    (cond,) = fully("If mission not done yet, reduce its points.", "1e",
                    card_type="Interrupt").abilities[0].conditions
    assert "yet" in cond.manner and not any(r.type == "yet" for r in cond.requires)


def test_a_count_takes_only_the_group_printed_right_after_its_of():
    text = ("One personnel present (random selection) now becomes Non-Aligned with attributes of 3-3-3 and "
            "only two skills (opponent's choice).")
    (become,) = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    assert not any(t.text == "3-3-3 of only two skills" for _, t in become.places)


def test_only_if_is_the_condition_it_may_be_done_under():
    (ability,) = fully("Plays on table only if a Federation ship is attacked by another ship.", "1e",
                       card_type="Event").abilities
    (cond,) = ability.conditions
    (play,) = ability.effects
    assert (cond.word, cond.manner) == ("if", ("only",))
    assert play.object.text == "on table" and play.object.count is None
    (ability,) = fully("May attempt only if your total WEAPONS>15 here.", "1e", card_type="Event").abilities
    assert ability.conditions[0].manner == ("only",) and "only" not in ability.effects[0].manner


def test_game_text_after_a_missions_requirements_is_read_from_its_start():
    result = fully("Geology + Transporter Skill Solving player's ships are RANGE +1.", "1e",
                   card_type="Mission")
    (modify,) = result.abilities[0].effects
    assert modify.verb == "modify" and ("quality", "solving") in modify.subject.filters


def test_or_fewer_after_a_number_is_one_bound():
    text = 'If nine or fewer personnel in crew or Away Team, one is "stopped" (random selection).'
    (cond,) = fully(text, "1e", card_type="Dilemma").abilities[0].conditions
    personnel = cond.requires[0]
    assert (personnel.type, personnel.count, personnel.number) == ("personnel", "at_most", 9)


@pytest.mark.parametrize("text, card_type, states", [
    ("Plays on your staffed, undocked ship if it is attacked.", "Interrupt",
     [("state", "staff"), ("state", "undock")]),
    ("Each of your non-holographic, universal personnel is attributes all +2.", "Event",
     [("quality", "non-holographic"), ("quality", "universal")]),
])
def test_a_comma_between_words_describing_one_noun_joins_them(text, card_type, states):
    effect = fully(text, "1e", card_type=card_type).abilities[0].effects[0]
    phrase = effect.places[0][1] if effect.places else effect.subject
    assert phrase.type in ("ship", "personnel") and all(s in phrase.filters for s in states)


@pytest.mark.parametrize("text, card_type, first, second", [
    ("{Kurn} and Klingon personnel may report here.", "Site", "Kurn", "personnel"),
    ("{Morn} and Ferengi may report here.", "Site", "Morn", None),
    ("Your Klingons and Romulans present are STRENGTH +2.", "Event", None, "romulan"),
    ("Your Vulcans and Soong-Type Androids may each place one opposing personnel in stasis.", "Interrupt",
     None, "android"),
])
def test_a_phrase_naming_cards_after_one_naming_cards_whole_is_a_group_of_its_own(text, card_type, first,
                                                                                     second):
    (effect,) = fully(text, "1e", card_type=card_type).abilities[0].effects
    who = effect.subject
    (joint, other) = who.also[0]
    assert who.card == first and who.type is None and other.type == second and joint == "and"


def test_an_adverb_before_the_second_of_two_verbs_is_that_verbs_alone():
    stun, wound = fully("Your Jem'Hadar may stun or mortally wound one personnel present.", "1e",
                        card_type="Incident").abilities[0].effects
    assert stun.raw == "may stun" and "mortally" in wound.manner and "mortally" not in stun.manner
    assert stun.object is not None and stun.object.text == "one personnel present"  # (shared)


def test_have_after_a_conditions_verb_and_and_is_the_conditions():
    text = "Draw a card if you have played no cards this turn and have fewer in hand than opponent."
    (ability,) = fully(text, "1e", card_type="Incident").abilities
    assert [e.verb for e in ability.effects] == ["draw"]
    assert [e.verb for e in ability.conditions[0].effects] == ["play", "have"]
    # (an act after "and" is the main clause's again: "… if you have a ship and discard a card")
    (ability,) = fully("Draw a card if opponent has a ship and discard a card.", "1e",
                       card_type="Event").abilities
    assert [e.verb for e in ability.effects] == ["draw", "discard"]


def test_a_condition_between_two_effects_and_a_trailing_otherwise_each_hold_for_their_own():
    text = ('One Away Team member (random selection) is "stopped" if opponent\'s score is odd, killed '
            'otherwise.')
    (ability,) = fully(text, "1e", card_type="Dilemma").abilities
    assert [e.verb for e in ability.effects] == ["stop", "kill"]
    odd, otherwise = ability.conditions
    assert (odd.word, odd.applies_to) == ("if", (0,))
    assert (otherwise.word, otherwise.applies_to) == ("otherwise", (1,))


def test_a_place_printed_between_two_changes_is_the_change_before_its():
    weapons, shields = fully("Your ships are WEAPONS +2 vs. Borg and SHIELDS +3 vs. Romulans.", "1e",
                             card_type="Event").abilities[0].effects
    assert [t.text for _, t in weapons.places] == ["Borg"]
    assert [t.text for _, t in shields.places] == ["Romulans"]
    # (printed after them all, every change's)
    weapons, shields = fully("Your ships are WEAPONS +2 and SHIELDS +3 vs. Borg.", "1e",
                             card_type="Event").abilities[0].effects
    assert [t.text for _, t in weapons.places] == [t.text for _, t in shields.places] == ["Borg"]


def test_attributes_opening_a_clause_are_no_later_verbs_subject():
    effects = fully("WEAPONS or SHIELDS are +4 until start of your next turn, then discard objective.", "1e",
                    card_type="Objective").abilities[0].effects
    assert [e.verb for e in effects] == ["modify", "modify", "discard"]
    assert all(e.subject is None for e in effects)  # (each change says its attribute; the discard its object)
    disable, modify = fully("Place on ship; WEAPONS are disabled and SHIELDS -2.", "1e",
                            card_type="Dilemma").abilities[0].effects[1:]
    assert disable.object.text == "WEAPONS" and modify.attribute == "shields" and modify.subject is None


def test_an_object_printed_after_its_place_keeps_the_phrase_joined_to_it():
    (download,) = fully("Download to your ship one Ferengi or one Klingon.", "1e",
                        card_type="Objective").abilities[0].effects
    assert download.object.text == "one Ferengi" and [o.text for o in download.objects] == ["one Klingon"]
    assert [(p, t.text) for p, t in download.places] == [("to", "your ship")]


def test_a_verbs_lemma_between_a_describing_word_and_is_is_a_noun():
    (ability,) = fully("If abducted target is present with Borg Queen, place on target.", "1e",
                       card_type="Objective").abilities
    assert ability.kind == "play_effect" and ability.trigger is None
    (cond,) = ability.conditions
    assert cond.effects[0].subject.type == "target" and ("state", "abduct") in cond.effects[0].subject.filters


@pytest.mark.parametrize("text, word", [
    ("You may play {Scan} and {Full Planet Scan} only where you have an undamaged ship.", "where"),
    ("Counts down only while engaged.", "while"),
])
def test_only_before_a_conditions_word_is_the_conditions_manner(text, word):
    (ability,) = fully(text, "1e", card_type="Tactic").abilities
    (cond,) = ability.conditions
    assert (cond.word, cond.manner) == (word, ("only",))
    assert all("only" not in e.manner and (e.object is None or e.object.count != "only")
               for e in ability.effects)


def test_a_passive_gerund_after_a_verb_is_what_it_acts_on():
    (avoid,) = fully("May avoid being targeted by {Establish Tractor Lock}.", "1e",
                     card_type="Ship").abilities[0].effects
    assert avoid.verb == "avoid" and avoid.object.text == "being targeted"
    assert [(p, t.card) for p, t in avoid.places] == [("by", "Establish Tractor Lock")]


def test_all_but_a_number_is_all_except_that_many():
    text = "Once per game, if alone with Archaeology on a planet, may peek at all but 3 seed cards here."
    (peek,) = fully(text, "1e", card_type="Event").abilities[0].effects
    ((prep, cards),) = peek.places
    assert (prep, cards.type, cards.count, cards.number) == ("at", "seed card", "all_but", 3)


@pytest.mark.parametrize("text, card_type, title", [
    ("All Soong-type androids and {Exocomps} lose their affiliation.", "Event", "Exocomps"),
    ("Once per turn, one Tal Shiar personnel OR {any Neral} may report for free here.", "Facility",
     "any Neral"),
])
def test_a_title_joined_to_a_group_is_a_group_of_its_own(text, card_type, title):
    effect = fully(text, "1e", card_type=card_type).abilities[0].effects[0]
    assert effect.subject.card is None and [o.card for _, o in effect.subject.also] == [title]


@pytest.mark.parametrize("text, card_type, scoped", [
    ("Seed one OR build where you have a Klingon ENGINEER.", "Facility", (1,)),
    ("Report a changeling there OR score points if you have an intruder aboard.", "Interrupt", (1,)),
    ("Seeds or plays on table if you have a ship.", "Event", ()),  # (a verb printed alone shares the rest)
])
def test_a_condition_after_the_last_of_uses_set_apart_by_or_is_that_uses(text, card_type, scoped):
    (ability,) = fully(text, "1e", card_type=card_type).abilities
    (cond,) = ability.conditions
    assert cond.applies_to == scoped


def test_one_other_of_a_kind_joined_to_a_group_is_a_group_of_its_own():
    text = 'That personnel and one other personnel (random selection) are "stopped".'
    (stop,) = fully(text, "1e", card_type="Dilemma").abilities[0].effects
    that = stop.object
    ((joint, other),) = that.also
    assert (that.count, joint, other.count, other.type) == ("that", "and", 1, "personnel")
    assert ("other", True) in other.filters and ("other", True) not in that.filters
