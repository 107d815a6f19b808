"""Mission requirements, 1E (opening a mission's text) and 2E (a requirements line)."""

import pytest

from judge.cardtext.lexer import tokenize
from judge.cardtext.requirements import parse_requirements, scan_requirements


def req(text):
    r = parse_requirements(text)
    return r.to_json() if r else None


def test_2e_requirements_line():
    assert req("Diplomacy, 2 Science, Cunning>28") == {"all": [
        {"skill": "Diplomacy", "count": 1}, {"skill": "Science", "count": 2},
        {"attribute": "cunning", "op": ">", "value": 28}]}


def test_or_binds_loosest_and_levels_multiply():
    assert req("Treachery x 4 OR Navigation x 2 + Computer Skill") == {"any": [
        {"skill": "Treachery", "count": 4},
        {"all": [{"skill": "Navigation", "count": 2}, {"skill": "Computer Skill", "count": 1}]}]}


def test_classifications_cards_and_brackets():
    assert req("({Kor} OR {Kang}) + SCIENCE x2 + STRENGTH>40") == {"all": [
        {"any": [{"card": "Kor"}, {"card": "Kang"}]}, {"classification": "SCIENCE", "count": 2},
        {"attribute": "strength", "op": ">", "value": 40}]}


@pytest.mark.parametrize("text", ["", "Diplomacy +", "Nullifies {Borg Ship}.", "Cunning<<28", "fish"])
def test_not_requirements(text):
    assert req(text) is None


def test_the_game_text_starts_where_the_expression_cannot_go_on():
    toks = tokenize("Physics + INTEGRITY>28 If destroyed, flip mission over.")
    r, end = scan_requirements(toks)
    assert r.to_json() == {"all": [{"skill": "Physics", "count": 1},
                                   {"attribute": "integrity", "op": ">", "value": 28}]}
    assert toks[end].type == "IF"


def test_a_mission_card_gets_its_requirements_and_its_game_text():
    from judge.cardtext import parse_card

    text = "Exobiology + STRENGTH>35 If destroyed, flip mission over."
    result = parse_card({"type": "Mission", "text": text})
    assert result.to_json()["requirements"] == {"all": [{"skill": "Exobiology", "count": 1},
                                                         {"attribute": "strength", "op": ">", "value": 35}]}
    assert not result.unparsed
    assert result.abilities[0].effects[0].verb == "flip"


def test_a_mission_bonus_reads_as_scoring_points():
    from judge.cardtext import parse

    result = parse("Honor + Leadership * +5 for each [Rom] personnel in Away Team.", "1e", mission=True)
    effect = result.abilities[0].effects[0]
    assert not result.unparsed and effect.verb == "score" and effect.count == 5


def test_kinds_of_card_counts_none_and_actions():
    assert req("Landed ship + (Geology OR Greed)") == {"all": [
        {"thing": "land ship", "count": 1}, {"any": [{"skill": "Geology", "count": 1},
                                                     {"skill": "Greed", "count": 1}]}]}
    assert req("ENGINEER + two leaders + no Honor") == {"all": [
        {"classification": "ENGINEER", "count": 1}, {"thing": "leaders", "count": 2},
        {"none": {"skill": "Honor", "count": 1}}]}
    assert req("Biology + discard one MEDICAL personnel") == {"all": [
        {"skill": "Biology", "count": 1},
        {"action": "discard", "thing": "MEDICAL personnel", "count": 1}]}
    assert req("Leadership x2 + INTEGRITY<30") == {"all": [
        {"skill": "Leadership", "count": 2}, {"attribute": "integrity", "op": "<", "value": 30}]}


def test_the_engine_describes_every_kind_of_requirement():
    from judge.engine.missions import _describe

    assert _describe(req("Biology + two leaders + no Honor + 3 {Founder} + INTEGRITY<30")) == (
        "(Biology and 2 leaders and no Honor and 3 Founder and Integrity<30)")


def test_totals_compared_with_the_missions_points():
    assert req("Alpha-Hirogen + (CUNNING + STRENGTH) > mission points x3") == {"all": [
        {"thing": "Alpha-Hirogen", "count": 1},
        {"attribute": "cunning+strength", "op": ">", "mission_points": 3, "text": "mission point"}]}
    assert req("Vorta + STRENGTH>(point value of mission x2)")["all"][1] == {
        "attribute": "strength", "op": ">", "mission_points": 2, "text": "point value of mission"}
    assert req("Honor + any one attribute total > point value of mission")["all"][1]["attribute"] == \
        "any one attribute total"


def test_where_a_need_must_be_and_none_of_several():
    assert req("{Injector Assembly One} in orbit + no opposing ships or personnel here") == {"all": [
        {"card": "Injector Assembly One", "where": "in orbit"},
        {"none": {"any": [{"thing": "opponent ship", "count": 1}, {"thing": "personnel", "count": 1}]},
         "where": "here"}]}


def test_a_verb_spelled_kind_only_after_or():
    assert req("Greed + (freighter OR transport OR [Fer] ship)")["all"][1] == {"any": [
        {"thing": "freighter", "count": 1}, {"thing": "transport", "count": 1},
        {"thing": "[Fer] ship", "count": 1}]}
    assert req("Seeds in any quadrant.") is None


def test_comma_and_is_one_joint():
    assert req("Anthropology, Security, Transporters, and Strength>28.") == {"all": [
        {"skill": "Anthropology", "count": 1}, {"skill": "Security", "count": 1},
        {"thing": "transporter", "count": 1}, {"attribute": "strength", "op": ">", "value": 28}]}


def test_an_action_on_a_skill():
    assert req("Youth x3 + (Diplomacy x2 OR Discard 2 Youth)")["all"][1]["any"][1] == {
        "action": "discard", "skill": "Youth", "count": 2}


def test_any_skill_an_icon_a_keyword_and_a_misprinted_attribute():
    assert req("Law + (any Intelligence + Leadership)")["all"][1]["all"][0] == {
        "skill": "Intelligence", "count": 1}
    assert req("Stellar Cartography + Treachery + any ENGINEER")["all"][2] == {
        "classification": "ENGINEER", "count": 1}
    assert req("Diplomacy + no [Maq]")["all"][1] == {"none": {"thing": "[Maq]", "count": 1}}
    assert req("ENGINEER x2 + Holodeck")["all"][1] == {"thing": "Holodeck", "count": 1}
    assert req("Honor + INTEGRIY>31")["all"][1] == {"attribute": "integrity", "op": ">", "value": 31}


def test_a_counted_classification_with_qualities():
    assert req("{Vedek Yassim} + any [Baj] V.I.P.")["all"][1] == {"thing": "[Baj] V.I.P.", "count": "any"}
    assert req("2 [Kli] ENGINEER")["thing"] == "[Kli] ENGINEER"


def test_a_need_or_the_one_in_brackets_instead():
    from judge.cardtext import parse
    text = "Unless 3 SECURITY (or {Odo}) and {any tricorder} OR 2 FCA present, place atop mission."
    (ability,) = parse(text, "1e", card_type="Dilemma").abilities
    need = ability.conditions[0].need.to_json()
    first, fca = need["any"]
    either, tricorder = first["all"]
    assert [n.get("classification") or n.get("card") for n in either["any"]] == ["SECURITY", "Odo"]
    assert tricorder["card"] == "any tricorder" and fca["skill"] == "FCA"
