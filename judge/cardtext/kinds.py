"""The kind of an ability read against its card's type and the sentences before it.

The reader (clauses.py) knows one sentence; what a sentence is also depends on the card it is on
and on what came before it: a dilemma's "All your personnel are stopped." is what the dilemma does
when encountered, a personnel's "Doubles skills of {X} present." holds while it is in play, and
"If it is a personnel, …" goes on from the sentence before. parse() asks ``by_type`` and then
``after`` about each ability in turn, and ``discarded_after`` about an event's abilities at the end.
Each rule is a function named for what it recognises, with the card text it was drawn from.
"""

from __future__ import annotations

import dataclasses
import re

from . import vocabulary as v
from .model import Ability, Condition, Effect, Trigger
from .targets import TIME_NOUNS

# Card types whose sentences are what the card does when it is encountered or played (effects.md):
# a dilemma's "All your personnel are stopped." is the dilemma's effect, not a standing statement.
ENCOUNTERED_TYPES = frozenset({"dilemma", "interrupt", "q dilemma", "q interrupt", "q-dilemma",
                               "q-interrupt", "interrupt/event",
                               "tactic"})  # (a tactic's text is what it does when played in battle)
DILEMMA_TYPES = frozenset({"dilemma", "q dilemma", "q-dilemma"})
# Keywords that say how an encounter ends: on a dilemma, what it does.
OUTCOME_KEYWORDS = frozenset({"mission continues"})
EVENT_TYPES = frozenset({"event", "q event", "q-event"})


# Card types in play for as long as they stay: a sentence that is not a response, an order or an
# activated ability is a standing statement about the game while the card is there.
STANDING_TYPES = frozenset({"personnel", "ship", "facility", "site", "equipment",
                            # a mission is on the spaceline all game: what its text says (its
                            # bonus, "Restores solving ship's RANGE …", "Cloaks or decloaks each
                            # time …") holds there, it is never played
                            "mission", "q mission", "q-mission"})
# Card types that stay in play once played (1E events and incidents "play on table", objectives,
# doorways, artifacts in use): a sentence with a subject of its own is a statement about the game
# while the card is there ("[Holo] cards may exist on this planet."); an imperative ("Discard event
# at end of your next turn.") is still something the card does.
LASTING_TYPES = frozenset({"event", "incident", "objective", "doorway", "artifact",
                           "time location",
                           "q event", "q-event", "trouble", "tribble", "q artifact"})


# An interrupt that stays in play says so: "Plays and remains on …", "Discard interrupt when …" (an
# "if" may end one placed as it acts: The Guardian's "Suspends play while you place interrupt …").
REMAINS = re.compile(r"\b[Pp]lays and remains\b|\b[Dd]iscard (?:this )?interrupt when\b")


def _as(ability: Ability, kind: str) -> Ability:
    return dataclasses.replace(ability, kind=kind)


def by_type(ability: Ability, before: list[Ability], card_kind: str, placed: bool) -> Ability:
    """``ability`` with the kind its card's type gives it (``card_kind``, folded), read against the
    sentences ``before`` it and whether a dilemma has placed itself (``placed``): the reader knows
    only the sentence. Each rule says which sentences it is for; the order is the order they apply."""
    encountered = card_kind in ENCOUNTERED_TYPES
    leaves_while = (card_kind in LASTING_TYPES or card_kind in STANDING_TYPES) and not card_kind.startswith(
        "q") and (  # (a Q-card's sentences are what it does when encountered in the Q-Continuum)
        ability.kind in ("play_effect", "continuous") and ability.trigger is None
        and _leaves_while(ability, card_kind))
    label = (ability.label or "").lower()
    if card_kind == "tactic" and (label == "damage" and ability.kind in (
            "play_effect", "continuous", "keyword_rule") or (
            label in ("hit", "direct hit") and ability.kind in ("play_effect", "continuous", "response"))):
        # a tactic's "Damage: If target has no Cloaking Device, it takes one additional hit.", "Damage:
        # 1 direct hit and 1 rotation hit.": what its hit does, as 2E's "Damage - …" says (three
        # label authors of five; the second, a list of hits, read as a stat line, alike); and so is a
        # sentence under "Hit:", "HIT: Target ship is RANGE -2 until the end of turn.", "DIRECT HIT: After
        # this battle, your ship may move away …" (the printed value "Hit = [Flip][Flip]" stays a stat line)
        return _as(ability, "damage")
    if card_kind in DILEMMA_TYPES and ability.kind == "keyword_rule" and ability.keywords and all(
            k in OUTCOME_KEYWORDS for k in ability.keywords):
        # a dilemma's "Mission continues.": a keyword (kept), and what the dilemma does, as its
        # other sentences are (every label, eleven of nine authors, and the spec's "dilemma text")
        return _as(ability, "play_effect")
    if ability.kind == "play_effect" and ability.trigger is None and _said_of_itself(ability):
        # a dilemma's "Nullified by {Vulcan Nerve Pinch}.": what ends the card, said of itself, holds
        # while it does
        ability = _as(ability, "continuous")
    if ((card_kind in EVENT_TYPES or (encountered and card_kind not in DILEMMA_TYPES)) and ability.effects
            and (_own_rule(ability) == "play_requirement" or _must_have(ability))) or (
            _not_playing_itself(ability)):
        # an interrupt's "Requires two wormholes.", an event's "You must have {Tox Uthat} on table.":
        # what playing it needs, as a doorway's (a dilemma's "Requires …" is what getting past it
        # needs: what it does); on any card, "You cannot play this interrupt if …"
        ability = _as(ability, "play_requirement")
    elif encountered and (_what_it_does(ability) or _delayed(ability, card_kind) or (
            ability.kind == "activated" and (ability.limit is None or _limit_after(ability)))):
        # (a cost-to-effect sentence of an interrupt or dilemma, "Stop your Computer Skill … to
        # examine …", is how it resolves once played, not an action usable at any time; "Plays
        # once each turn to …" keeps its limit, and is activated; "Examine any one card in the
        # game (once per game per Orb)." is what it does, however often it may be played)
        ability = _as(ability, "play_effect")
    elif (card_kind in DILEMMA_TYPES and ability.kind == "play_requirement" and ability.effects
          and ability.effects[0].verb == "play" and ability.effects[0].subject is None
          and not ability.effects[0].modal and ability.raw.lower().startswith("play ")):
        # a dilemma's "Play on any ship or outpost here (opponent's choice).", "Play one game of
        # blackjack …": the imperative is what the dilemma does, as "Place on ship." is (both authors
        # of _27's Theta-Radiation Poisoning, labelling apart)
        ability = _as(ability, "play_effect")
    elif (card_kind in DILEMMA_TYPES and ability.kind == "play_requirement"
          and any(c.word in ("to", "unless", "if") for c in ability.conditions)):
        # a dilemma's "To get through this door, Away Team must have …": what it requires of the
        # crew that faces it, as "To get past requires …" (not what playing a card needs); its
        # "Unless 2 SCIENCE present, play on table as an Event card." is what it does
        ability = _as(ability, "play_effect")
    elif (not encountered or card_kind == "tactic") and ability.kind == "play_effect" and (
            own := _own_rule(ability)):
        # (a tactic's "Requires …" is what playing it needs, as a doorway's; a dilemma's is its effect)
        ability = _as(ability, own)
    elif card_kind in STANDING_TYPES and ability.kind == "play_effect":
        # a personnel's or ship's text stands while it is in play: "Doubles skills of {X} present."
        ability = _as(ability, "continuous")
    elif (card_kind in LASTING_TYPES and ability.kind == "play_effect" and not _undergoes_once(ability)
          and ((ability.effects[0].subject is not None and (
              ability.effects[0].modal != "must" or not a_player(ability.effects[0].subject)
              or _every_turn(ability)))
               or _the_card_does(ability) or _adds_requirements(ability))):
        # (what a player "must" do is done once: "That player must shuffle entire hand, …";
        # what cards must do holds: "All personnel must mortally wound … when possible", and so
        # does what a player must do every turn: "Opponent must discard one card before ending
        # each turn"; "Add Acquisition to this mission's requirements." changes them while it stays)
        ability = _as(ability, "continuous")
    if card_kind in DILEMMA_TYPES and ability.kind == "play_effect" and ability.trigger is None and (
            _opens_with_condition(ability) and ability.conditions[0].word.lower() == "if"
            and "countdown expire" in ability.conditions[0].raw.lower() and ability.conditions[0].effects):
        # a dilemma's "If countdown expires, ship destroyed.", "If you solve this mission before
        # countdown expires, that personnel dies.": what happens then, as "… when countdown
        # expires." is (three label authors; "Until countdown expires, …" is how long it lasts)
        ability = _triggered_by(ability, ability.conditions[0])
    in_play = card_kind in LASTING_TYPES or card_kind in STANDING_TYPES
    if in_play and (ability.kind in ("play_effect", "continuous") or (
            ability.kind == "activated" and not ability.limit)) and (
            _conditional_order(ability, before, card_kind) and (
                not _goes_on_from_action(before) or _befalls_itself(ability.conditions[0]))):
        # "If you solve by end of your next turn, place objective in point area; …", "If your
        # Dominion personnel subsequently complete that mission, you may download …" on a card that
        # stays in play, "If a [Sta] personnel present dies, you may discard two cards to return
        # that personnel to hand." on a personnel: what is done each time that happens, as "When …"
        # says (a cost does not make it an action usable at any time)
        ability = _triggered_by(ability, ability.conditions[0])
    if not encountered and ability.kind in ("continuous", "play_effect", "activated") and (
            ability.trigger is None) and (moment := _when_inside(ability)) is not None:
        # "If aboard your ship when it wins a battle, draw a card.": the state must hold at that
        # moment, which is when the ability acts (with a limit too: "Once per game, if this
        # personnel is aboard your ship when it is destroyed, you may return her to hand …")
        ability = _triggered_by(ability, moment)
    if not encountered and ability.kind in ("continuous", "play_effect", "activated") and (
            ability.trigger is None) and (moment := _checked_at(ability)) is not None:
        # "If an opponent's ship is at that location at the start of your turn, you may download a
        # ship there.": the state is checked at that moment of every turn, when the ability acts, as
        # "At the start of your turn, if …" says
        ability = dataclasses.replace(ability, kind="response", trigger=moment)
    if card_kind in STANDING_TYPES and ability.kind == "continuous" and ability.trigger is None and (
            done := _just_done_by_it(ability)) is not None:
        # "May stun adversary he just engaged.", "May download {Ceti Eel} to place directly on
        # adversary he just stunned.": usable just after the card has done that, a response to it
        # (both authors of _29's Captain Kirk and of _41's Mas'ud, labelling apart)
        ability = dataclasses.replace(ability, kind="response", trigger=done)
    if card_kind in STANDING_TYPES and ability.kind == "continuous" and ability.trigger is None and (
            selected := _selected_just_now(ability)) is not None:
        # "May replace any changeling present selected to die.": usable once that selection is
        # made, a response to it (both authors of _33's Garak and of _43's Weyoun 6, labelling apart)
        ability = dataclasses.replace(ability, kind="response", trigger=selected)
    if not encountered and ability.kind == "continuous" and ability.trigger is None and (
            recurring := _recurring_moment(ability)) is not None:
        # "May change that skill at the start of each of your turns.": what it does then, each time
        ability = dataclasses.replace(ability, kind="response", trigger=recurring)
    if not encountered and ability.kind in ("continuous", "play_effect") and ability.trigger is None and (
            undergone := _undergoes(ability)) is not None:
        # "If destroyed, flip mission over.", "Scores points if killed.": what happens when the card
        # (or what it is on) is destroyed, killed …: a response to that (an interrupt's "If killed,
        # points transfer to opponent." is part of what it does, as its delayed parts are)
        ability = dataclasses.replace(ability, kind="response", trigger=undergone)
    if card_kind in LASTING_TYPES and ability.kind == "play_effect" and ability.trigger is None and (
            done := _after_done(ability)) is not None:
        # "Discard after mission completed.": on a card that stays until then, what it does when
        # that has happened (four label authors of five; "Discard event after use." stays what the
        # card does once used: "use" is no event it waits for)
        ability = dataclasses.replace(ability, kind="response", trigger=done)
    if card_kind in STANDING_TYPES and ability.kind == "continuous" and ability.trigger is None and (
            done := _after_done(ability, ("just after",))) is not None and done.subject is not None:
        # "May end a mission attempt he is involved in just after any dilemma killed your
        # personnel.": usable just after that happens, a response to it
        ability = dataclasses.replace(ability, kind="response", trigger=done)
    stays = (card_kind in LASTING_TYPES and ability.kind == "play_effect") or (
        card_kind in STANDING_TYPES and ability.kind in ("play_effect", "continuous"))
    if stays and ability.trigger is None and (ending := _ends_itself_if(ability, card_kind)) is not None:
        # "Discard objective if opponent destroys one of your ships.", "… if you do not command a
        # Nor.": on a card that stays in play, it leaves when that happens or comes to hold (an
        # equipment's "Discard equipment if that captive leaves your brig." too)
        ability = _triggered_by(ability, ending)
    if card_kind in LASTING_TYPES and ability.kind == "play_effect" and ability.trigger is None and (
            moment := _leaves_at(ability, card_kind)) is not None:
        # "Discard event at the end of your next turn.": on a card that stays in play, it leaves
        # then, a response to that moment (six label authors of seven)
        ability = dataclasses.replace(ability, kind="response", trigger=moment)
    if ability.kind == "play_effect" and _kept_until_played(ability):
        # an artifact's "Place in hand until played on a planet location as an Event card.": how it
        # comes into play (three label authors of four); "… until played … to relocate …" is an
        # action it offers (its cost-to-effect reading, activated, is kept)
        ability = _as(ability, "play_requirement")
    if not before and card_kind in EVENT_TYPES and _places_itself(ability):
        # an event's opening "Place between two Mission cards.", "Place beside any player's draw
        # deck.": where it is played, as "Plays on table." says
        ability = _as(ability, "play_requirement")
    if ability.kind == "continuous" and card_kind in LASTING_TYPES and _then_discards_itself(
            ability, card_kind):
        # "WEAPONS or SHIELDS are +4 until start of your next turn, then discard objective.": it
        # acts and leaves play, what it does once, not what holds while it stays
        ability = _as(ability, "play_effect")
    if card_kind in LASTING_TYPES and ability.kind == "continuous" and _download_once(ability):
        # an objective's "You may download to one of your crews or Away Teams one hand weapon.": what
        # its player may take when it is played, once (two label authors; a download the card allows
        # "each turn" or "at any time" has its limit or time, and stays what it allows)
        ability = _as(ability, "play_effect")
    if ability.kind == "activated" and _modified_and_may_so_often(ability):
        # "Ship is RANGE +5 and may move twice each turn.": a standing modifier, and how often the
        # card may do something besides, a rule (not an action of the player's)
        ability = _as(ability, "continuous")
    if ability.kind == "activated" and _cards_may_so_often(ability):
        # "Your [AU] cards may seed and (once per turn) play.", "… may report for free (twice each
        # turn).": how often cards may do something, a rule, not an action of the player's (both
        # authors of _32's Space-Time Portal and of _33's Regina Barthalomew, labelling apart)
        ability = _as(ability, "continuous")
    if not encountered and ability.kind == "continuous" and _yours_when_you_choose(ability):
        # "At any time, you may discard one card from hand.", "During your turn, you may trade this
        # artifact for …": an action the card offers its player, usable when they choose (four
        # label authors of five), not a standing rule
        ability = _as(ability, "activated")
    if card_kind in STANDING_TYPES and ability.kind == "continuous" and _a_deed_it_may_do(ability):
        # "May nullify {Time Travel Pod} if present.", "May morph (exchange with your Founder in
        # hand).": a thing the card may do when its player chooses, an action (both authors of _33's,
        # _43's and _45's, labelling apart; "May nullify {X} where present." is a standing protection
        # where the card is, as seven labels say)
        ability = _as(ability, "activated")
    if not encountered and ability.kind in ("continuous", "intermittent") and (
            _instead_of_a_card_play(ability)):
        # "When on your ship, may download one {Transwarp} doorway … in place of one card draw.": an
        # action its player takes instead of a card play or draw, as "In place of your normal card
        # play, you may …" is (both authors of _39's Two of Nineteen)
        ability = _as(ability, "activated")
    if leaves_while:
        # "Discard this event if you have no [Kli] ships in play.", "Unless a [22] personnel is
        # present, discard this equipment at the end of your turn.": the card leaves whenever a state
        # holds (or fails to), a standing rule of the card's (ten labels of four authors, three of
        # two read it as a response; what happens, "… if opponent destroys one of your ships", is)
        return dataclasses.replace(ability, kind="continuous", trigger=None)
    if placed and ability.kind == "play_effect" and (_modal_rule(ability) or _placed_state(ability)):
        # a dilemma placed on a ship or mission stays there, and what it says someone must, can
        # or may do holds while it does: "Place on ship. Ship must do nothing but travel …",
        # "Ship with Tractor Beam and 2 ENGINEER can tow Scow."; so does what it says of cards or
        # does itself ("Reduces RANGE by 4 …")
        ability = _as(ability, "continuous")
    return ability


def after(ability: Ability, before: list[Ability], card_kind: str = "") -> Ability:
    """``ability`` with the kind the sentence before gives it: a way out of an effect, what an
    ability does once used, what it does next (``card_kind``: on a personnel, "he"/"she" is the card
    itself, not one the sentence before named)."""
    if card_kind == "personnel" and _said_of_itself_by_pronoun(ability):
        return ability
    if ability.kind == "continuous" and ability.trigger is None and _leaves_while(ability, card_kind):
        return ability  # "Discard objective if you do not command a Nor.": a rule of its own, as ever
    if ability.kind == "continuous" and ability.trigger is None and _while_it_is(ability, card_kind):
        # a personnel's "If this personnel is aboard your ship at a [Wmh] location, that ship is
        # RANGE +2.": a rule of its own while the card is so, not what an action before does next
        return ability
    if (ability.kind == "activated" and before and before[-1].kind in ("play_effect", "order")
            and _prevents_this(ability)):
        # "That opponent may discard the top four cards … to prevent this.": a way out of the
        # effect before, offered as it resolves, not an action usable at any time
        ability = _as(ability, "play_effect")
    if (before and before[-1].kind in ("order", "activated") and ability.kind == "response"
            and ability.trigger is not None and ability.trigger.word == "after"):
        # "… Once each turn, may download …. After any use, discard doorway; …": what the
        # ability before does once used, not a response of its own
        ability = _as(ability, "play_effect")
    if before and _holds_while_there(ability, before[-1]):
        return ability
    if (card_kind in ENCOUNTERED_TYPES and before and before[-1].kind == "play_effect"
            and _plain_standing(ability) and "also" in ability.effects[0].manner):
        # an interrupt's "That ship is WEAPONS +3 until end of battle. If {Martok} is aboard, it is
        # also SHIELDS +2.": "also" adds to what the card just did (as a dilemma's "… that personnel
        # is also killed." does), not a standing rule of its own
        return _as(ability, "play_effect")
    if before and (_goes_on(ability) or _the_one_begun(ability, before[-1])) and (
            before[-1].kind in ("order", "response", "activated", "intermittent") or (
                before[-1].kind == "play_effect" and _what_it_does(ability) and _names_back(ability))):
        # "When you play this ship, discard a card. If you command …, you may then draw a card.":
        # what the ability before does next, not a standing statement of its own; after what a
        # card does, only what befalls what it named ("… opponent may name one of your unique
        # personnel in play. That personnel is in stasis."): its "then" or its rules ("That
        # ship may not move …") may stand
        ability = _as(ability, "play_effect")
    elif before and before[-1].kind in ("order", "response", "activated") and _said_of_the_one_named(ability):
        # "Order - This personnel gains one skill …. She keeps that skill until …": what the ability
        # before did goes on, said of the one it named (after a standing "While …" ability, "They
        # may not …" is one more standing rule, so not after that)
        ability = _as(ability, "play_effect")
    return ability


def _while_it_is(ability: Ability, card_kind: str) -> bool:
    """Whether the sentence opens with a state of the card itself, named as such ("If this personnel
    is aboard your ship …")."""
    if card_kind not in STANDING_TYPES or not ability.conditions or not _opens_with_condition(ability):
        return False
    deeds = ability.conditions[0].effects
    if not deeds or not a_state(deeds[0]):
        return False
    who = deeds[0].subject
    return who is not None and who.count == "this" and who.type == card_kind


_PERSONAL_PRONOUNS = frozenset({"he", "she", "it", "they", "he or she"})
_HE_OR_SHE = ("he ", "she ")


def _said_of_itself_by_pronoun(ability: Ability) -> bool:
    """A personnel's "If he is stopped, your [Stf] personnel … are each CUNNING -1.", "Unless {X} is
    present, he is INTEGRITY -1.": "he"/"she" is the personnel itself (it says so of itself), when
    nothing else in the sentence looks back at what the one before did or named ("If you do this,
    he is killed …", "She keeps this skill until …" after "This personnel gains one skill …"; "he
    or she" is a player: "If he or she reveals no events, …")."""
    if not ability.effects or any(c.raw.lower().startswith(_LOOKS_BACK) and not c.raw.lower().startswith(
            ("if he ", "if she ")) for c in ability.conditions):
        return False
    if any(t is not None and (t.count in ("that", "those") or (t.count == "this" and t.type != "personnel"))
           for e in ability.effects for t in (e.object, *(p for _, p in e.places))):
        return False
    subject = ability.effects[0].subject
    if subject is not None and f"{subject.text.lower()} " in _HE_OR_SHE:
        return True
    return any(c.raw.lower().removeprefix(f"{c.word.lower()} ").startswith(_HE_OR_SHE)
               and not c.raw.lower().removeprefix(f"{c.word.lower()} ").startswith("he or she")
               for c in ability.conditions)


def _said_of_the_one_named(ability: Ability) -> bool:
    """A standing sentence whose subject is a personal pronoun ("She keeps that skill …")."""
    return _plain_standing(ability) and (subject := ability.effects[0].subject) is not None and (
        subject.text.lower() in _PERSONAL_PRONOUNS)


# Verbs that say how things stand ("Nullifies {X}", "Prevents …", "Limits …"), not a thing done once
# ("Kills up to two …", "Downloads …"): said by a lasting card of itself, they hold while it is there.
STANDING_VERBS = frozenset({"nullify", "prevent", "limit", "double", "suspend", "cancel", "reduce",
                            "increase", "allow", "count", "protect", "ignore", "change", "affect",
                            "add", "repair",  # ("Adds a Brig.", "Also repairs non-aligned ships.")
                            "disable", "destroy", "move"})


def _bare_verb(ability: Ability) -> tuple[Effect, str] | None:
    """The ability's first effect and its verb as printed, when the card says it with no subject
    and no modal ("Nullifies {X}.", "Requires …", "Use as …"); else None."""
    effect = ability.effects[0]
    if effect.subject is not None or effect.modal or not effect.raw:
        return None
    return effect, effect.raw.split()[0].lower()


def _said_in_third_person(ability: Ability) -> bool:
    """Whether the first verb, with no subject, is printed otherwise than as its lemma ("nullifies",
    "also nullifies"): what the card does, not an instruction ("place", "score")."""
    bare = _bare_verb(ability)
    if bare is None:
        return False
    words = [w for w in bare[0].raw.lower().split() if w not in ("also", "then", "immediately")]
    return bool(words) and words[0] != bare[0].verb


def _the_card_does(ability: Ability) -> bool:
    """A verb with no subject in the third person, "Nullifies {X}.", "Cancels probing …", says what
    the card itself does while it is in play; the imperative, "Discard event.", is an instruction.
    (An alternative way to play the card, "OR Nullifies …", is done once.)"""
    bare = _bare_verb(ability)
    if bare is None or ability.raw.startswith("OR ") or bare[0].verb not in STANDING_VERBS:
        return False
    effect, word = bare
    lemma = effect.verb
    # "Nullifies {X}", and the card's own state: "Nullified if you play {Scan}"
    return word in (f"{lemma}s", f"{lemma}es", f"{lemma[:-1]}ies",
                    f"{lemma}d", f"{lemma}ed", f"{lemma[:-1]}ied")


def _own_rule(ability: Ability) -> str | None:
    """How a card that is not encountered states its own terms with no subject: "Requires two
    Bajoran Wormhole cards; …" is what playing it needs (play_requirement); "Use as Equipment
    card." is how it works while in play (continuous)."""
    bare = _bare_verb(ability)
    if bare is None:
        return None
    effect, word = bare
    if effect.verb == "require" and word == "requires":
        return "play_requirement"
    if effect.verb == "use" and word == "use" and dict(effect.places).get("as") is not None and (
            dict(effect.places)["as"].type in v.CARD_TYPES):
        return "continuous"
    return None


def _must_have(ability: Ability) -> bool:
    """ "You must have {Tox Uthat} on table.", "Must have at least four of your ships in play to
    use.": what its player must have, said alone, is what playing the card needs ("to use" says
    for what, nothing done; a dilemma's "must have … to attempt mission" is what the crew facing it
    needs)."""
    (effect, *rest) = ability.effects
    return all(e.verb in ("use", "play") and e.object is None and not e.places for e in rest) and (
        effect.verb == "have") and effect.modal == "must" and not effect.negated and (
        effect.subject is None or _you(effect.subject)) and ability.trigger is None and all(
        c.word == "to" for c in ability.conditions)


def _not_playing_itself(ability: Ability) -> bool:
    """ "You cannot play this interrupt if you have played another interrupt this turn.": when the
    card may not be played is what playing it needs, whatever the card ("You may not play another
    interrupt this turn." is a rule about other cards)."""
    return any(e.verb in ("play", "seed") and e.negated and any(
        t is not None and t.count == "this" and t.type in v.CARD_TYPES for t in (e.object, e.subject))
        for e in ability.effects)


def _undergoes_once(ability: Ability) -> bool:
    """ "Everything there is destroyed (discarded), …": what the card does to its subject, in the
    passive, with no modal, condition or trigger, is done once, as it is played (both authors who
    labelled Supernova apart), not a state that holds."""
    first = ability.effects[0] if ability.effects else None
    return (first is not None and first.verb in ("destroy", "kill", "discard") and not first.modal
            and not first.negated and first.raw.lower().startswith(("is ", "are "))
            and not ability.conditions and ability.trigger is None)


def _what_it_does(ability: Ability) -> bool:
    """On a dilemma or interrupt, is this sentence (read as ``continuous``) what the card does when
    encountered or played? Not when it is a standing rule: a prohibition ("may not", "No player
    may …") or an attribute modifier ("are each STRENGTH -2"), which stay continuous."""
    if ability.kind != "continuous" or _said_of_itself(ability):
        return False
    if any(e.subject is None and not e.modal and e.verb in ("place", "discard") for e in ability.effects):
        return True  # "…; place on mission; it cannot be attempted.": it places itself, then rules
    first = ability.effects[0] if ability.effects else None
    if first is not None and first.verb == "get past":
        # ("Cannot get past (shuffle back into seed cards here) unless …": with what happens then)
        return True  # "Cannot get past unless …": what getting past it needs, as "To get past requires …"
    return not any(((e.negated and e.modal) or e.verb == "modify") and not _for_a_while(ability, e)
                   or (e.subject is not None and e.subject.count == 0) for e in ability.effects)


def _for_a_while(ability: Ability, effect: Effect) -> bool:
    """A change that lasts a set time: "… are attributes -2 until end of turn", "For this battle, …",
    "… is WEAPONS +3 this battle", "… for that attack". On a dilemma or interrupt it is what the card
    does (four label authors of five), not a standing rule; "Until then, …" (until cured) is how
    long a placed dilemma's rule holds."""
    for cond in ability.conditions:
        raw = cond.raw.lower()
        if raw.startswith(("until end of", "until the end of")) or (
                cond.word.lower() == "for" and any(r.type in TIME_NOUNS for r in cond.requires)):
            return True
    places = effect.places
    return any(prep in ("during", "for") and where.type in TIME_NOUNS and where.count in ("this", "that")
               for prep, where in places) or any(  # ("… +2 for that battle")
        prep == "for" and where.type == "rest" and k + 1 < len(places) and places[k + 1][0] == "of"
        and places[k + 1][1].type in TIME_NOUNS  # "… CUNNING -2 for the rest of the game"
        for k, (prep, where) in enumerate(places))


def _said_of_itself(ability: Ability) -> bool:
    """ "(May be nullified only by {Mortal Q} …)", a dilemma's "Nullified by {Vulcan Nerve Pinch}.",
    "Nullified if you have {Thermal Deflectors} in play.": what may be done to the card, or ends it,
    said of itself with no subject, holds as long as it does (a standing rule, on any card; four
    label authors of five)."""
    first = ability.effects[0] if ability.effects else None
    if first is None or first.subject is not None:
        return False
    raw = first.raw.lower()
    return (first.modal in ("may", "can") and raw.startswith(("may be ", "can be "))) or (
        not first.modal and first.verb == "nullify" and raw.startswith("nullified"))


# How a condition that looks back at what was just done opens: "If it is a personnel …", "If you do, …".
_LOOKS_BACK = ("if it ", "if you do", "if that ", "if those ", "if they ", "if so", "if he ", "if she ")


def _goes_on(ability: Ability) -> bool:
    """A sentence read as standing (``continuous``) that goes on from the one before: it opens with
    "then" ("you may then draw …"; a "then" between its own verbs orders them), its subject is
    "that …" ("That opponent exchanges that card …"), a player or none acts on "that …"/"those …"
    ("Replace those cards in any order."), or its condition looks back ("If it is a personnel …");
    with no trigger, limit or cost of its own."""
    if not _plain_standing(ability):
        return False
    if "then" in ability.effects[0].manner or ability.raw.lower().startswith("otherwise"):
        return True  # ("Otherwise: moves.": what it does when the condition before does not hold)
    first = ability.effects[0]
    subject = first.subject
    if subject is not None and subject.type == "effect" and subject.count in ("this", "these"):
        return True  # "These effects last until the end of the mission attempt.": the ones just given
    if (subject is None or a_player(subject)) and any(
            e.object is not None and e.object.count in ("that", "those") for e in ability.effects):
        return True  # "Replace those cards in any order.", "You may choose to place that card …"
    return _names_back(ability)


def _plain_standing(ability: Ability) -> bool:
    """Read as standing (``continuous``), with effects and no trigger, limit or cost of its own: a
    sentence that may turn out to go on from the one before."""
    return ability.kind == "continuous" and bool(ability.effects) and not (
        ability.trigger or ability.limit or ability.costs)


def _the_one_begun(ability: Ability, last: Ability) -> bool:
    """A standing sentence about the battle (or other thing) the ability before began, named with
    "the": "Order - … to begin personnel battle …. Your non-Jem'Hadar present are not involved in
    the personnel battle." is part of that order."""
    if not _plain_standing(ability):
        return False
    begun = {e.object.type for e in last.effects if e.verb.startswith("begin_") and e.object is not None}
    return bool(begun) and any(t.text.lower().startswith(("the ", "that ")) and t.type in begun
                               for e in ability.effects for t in (e.object, *(p for _, p in e.places))
                               if t is not None)


def _limit_after(ability: Ability) -> bool:
    """An imperative with its limit after it ("Download a compatible personnel … (once per game per
    affiliation).", "Randomly kills … (limit once per battle)"): no cost, no "may not", and neither
    the limit nor "Plays" opens the sentence."""
    if ability.costs or not ability.effects or ability.effects[0].negated or ability.limit is None:
        return False
    opening = ability.raw.lower().removeprefix("or ").split(maxsplit=1)
    limit_word = ability.limit.lower().split()[:1]
    return bool(opening) and opening[0].strip(",") not in ("plays", "limit", *limit_word)


def _names_back(ability: Ability) -> bool:
    """Its subject is "that …"/"those …", or its condition looks back ("If that player discards …")."""
    subject = ability.effects[0].subject
    return (subject is not None and (subject.count in ("that", "those") or any(
        t.count in ("that", "those") for _, t in subject.places))) or any(
        c.raw.lower().startswith(_LOOKS_BACK) for c in ability.conditions)


def discarded_after(abilities: list[Ability]) -> list[Ability]:
    """An event that discards itself once it has acted ("Nullifies {Mortal Q}. Q-Continuum is active
    again. Discard event.") does not stay in play: what the sentences before say is what it does
    when played, not what holds while it stays (a standing rule still holds: "(No draws may be
    converted to downloads.)"). One half of an "… OR …" card is read alone; a half that plays the
    event on something ("Plays on a male present … until any {Q-Flash}.") keeps it there, and its
    "Discard event." ends that stay."""
    out = list(abilities)
    start = 0  # where the half that the ability at i is in begins
    for i, ability in enumerate(abilities):
        if ability.raw.startswith("OR "):
            start = i
        if not _discards_itself(ability):
            continue
        if any(a.kind == "play_requirement" and any(dict(e.places).get("on") for e in a.effects)
               for a in out[start:i]):  # (not "To play this event, you must command …")
            start = i + 1
            continue
        for k in range(start, i):
            if _what_it_does(out[k]) or (out[k].kind == "activated" and out[k].limit is None):
                # ("Shuffle any player's deck to draw a card. Destroy this event.": the cost is
                # paid as it is played, as an interrupt's is)
                out[k] = dataclasses.replace(out[k], kind="play_effect")
        start = i + 1
    return out


def _holds_while_there(ability: Ability, before: Ability) -> bool:
    """ "When earned, place on your [Baj] personnel present. That personnel is INTEGRITY +2 and gains
    Honor.": after the card places itself on one it names (a "place" with no object, "on" a card),
    a change of that one's attributes or skills, read as standing, holds while the card is there (a
    standing rule, as both of virtual V's artifacts are labelled), not the rest of the placing."""
    return (ability.kind == "continuous" and bool(ability.effects) and "then" not in ability.effects[0].manner
            and all(e.verb in ("modify", "gain", "lose") for e in ability.effects)
            and any(e.verb == "place" and e.object is None and any(prep == "on" for prep, _ in e.places)
                    for e in before.effects))


def _places_itself(ability: Ability) -> bool:
    """ "Place between two Mission cards.": an imperative "place" with no object, subject or condition."""
    first = ability.effects[0] if ability.effects else None
    return (ability.kind == "play_effect" and first is not None and first.verb == "place"
            and first.object is None and first.subject is None and not ability.conditions)


def _then_discards_itself(ability: Ability, kind_of_card: str) -> bool:
    """A sentence that ends by discarding the card, or putting it out of play: "…, then discard
    objective", "…, then place incident out-of-play" (the subject before, which the reading gives
    every verb of the clause, is not the discard's)."""
    if len(ability.effects) < 2:
        return False
    last = ability.effects[-1]
    first = ability.effects[0]
    if last.object is None or (any(e.modal for e in ability.effects) and (
            "then" not in last.manner or (first.modal == "may" and not first.negated))):
        # ("May damage (not destroy) one ship … (discard event).", "you may suspend play while you
        # download …, then discard incident": a use it allows; "That ship may not move …; then you
        # may use ship …; then discard objective." is over once done)
        return False
    return _leaves_play(last, kind_of_card)


def _leaves_play(effect: Effect, kind_of_card: str) -> bool:
    """ "discard objective", "destroy incident", "place event out-of-play": the card itself leaves."""
    if effect.object is None or effect.object.owner is not None or not kind_of_card:
        return False  # (no card type given: "after" asks with none)
    out_of_play = effect.verb == "place" and effect.object.where == "out-of-play"
    closed = effect.verb == "close" and kind_of_card == "doorway"  # "Close doorway if …"
    return ((effect.verb in ("discard", "destroy") or out_of_play or closed)
            and effect.object.type in (kind_of_card, kind_of_card.split()[-1]))


def _ends_itself_if(ability: Ability, kind_of_card: str) -> Condition | None:
    """The trailing "if" of a sentence that only makes the card leave play: something that happens
    ("Discard objective if opponent destroys one of your ships."), else None. (A state, "Discard
    objective if you do not command a Nor.", is found here too; by_type ends by reading it as a
    standing rule, _leaves_while.)"""
    if _only_leaves(ability, kind_of_card) is None or _opens_with_condition(ability):
        return None
    return next((c for c in ability.conditions if c.word.lower() == "if"), None)


def _only_leaves(ability: Ability, kind_of_card: str) -> Effect | None:
    """The one effect of a sentence that only makes the card leave play ("Discard objective …",
    "Close this doorway …"), with no cost, limit or subject of its own; else None."""
    effect = ability.effects[0] if len(ability.effects) == 1 else None
    if effect is None or ability.costs or ability.limit or effect.subject is not None or (
            effect.object is None or effect.object.count not in (None, "this")
            or not _leaves_play(effect, kind_of_card)):
        return None
    return effect


def _leaves_at(ability: Ability, kind_of_card: str) -> Trigger | None:
    """The moment a sentence that only makes the card leave play names ("Discard event at the end
    of your next turn.", "… at end of turn."), as a trigger; else None."""
    effect = _only_leaves(ability, kind_of_card)
    if effect is None or any(not _its_own_play(c) for c in ability.conditions):
        return None  # ("… at the end of your third turn after it was played.": when that turn is)
    return _moment_in(effect.places, every=False)


def _its_own_play(cond: Condition) -> bool:
    """ "after it was played", "after this event was played": counted from the card's own play, which
    is over before any of its text acts (a measure of time, no trigger)."""
    deed = cond.effects[0] if cond.word.lower() == "after" and len(cond.effects) == 1 else None
    what = deed.object if deed is not None and deed.verb == "play" else None
    return what is not None and (what.count == "this" or ("pronoun", "it") in what.filters)


def _leaves_while(ability: Ability, kind_of_card: str) -> bool:
    """A sentence that only makes the card leave play, under one "if" or "unless" of a state ("if you
    have no [Kli] ships in play", "unless a [22] personnel is present", "if a Tholian ship is
    here"), with no cost, limit or subject of its own."""
    effect = _only_leaves(ability, kind_of_card)
    if effect is None or effect.modal:
        return False
    held = [c for c in ability.conditions if c.word.lower() in ("if", "unless")]
    return len(held) == 1 and bool(held[0].effects) and all(a_state(e) for e in held[0].effects)


def _discards_itself(ability: Ability) -> bool:
    """ "Discard event.", 2E's "Destroy this event.": on its own, with no condition, trigger, cost or
    limit."""
    if ability.kind != "play_effect" or len(ability.effects) != 1 or ability.conditions or (
            ability.trigger or ability.costs or ability.limit):
        return False
    effect = ability.effects[0]
    return (effect.verb in ("discard", "destroy") and effect.subject is None and effect.object is not None
            and effect.object.type == "event" and effect.object.count in (None, "this"))


def a_player(target) -> bool:
    """ "That player", "opponent", "each player", "you": a player, not cards."""
    return target.type in ("player", "opponent") or _you(target)


def _you(target) -> bool:
    """ "you" (the card's player), not "your personnel"."""
    return target is not None and target.type is None and target.owner == "you"


def _modal_rule(ability: Ability) -> bool:
    """What someone must, can or may do, said with a subject and no trigger: "Ship must do nothing but
    travel …", "You must have a ship here to attempt mission.", or no one ("No beaming …"); or what
    may be done to the card, or how it ends, said of itself with no subject: "May be nullified by …",
    "Cured when …"."""
    first = ability.effects[0] if ability.effects else None
    if first is None or ability.trigger is not None:
        return False
    if first.subject is not None:
        return first.modal in ("must", "can", "may")
    if first.negated and not first.modal and all(e.negated for e in ability.effects):
        return True  # "No beaming up or taking off from planet.": what no one may do, a ban
    word = first.raw.split()[0].lower() if first.raw else ""
    return _said_of_itself(ability) or (
        not first.modal and word.endswith("ed") and word != first.verb and bool(ability.conditions))


def _placed_state(ability: Ability) -> bool:
    """On a dilemma placed on a ship or mission, what holds while it is there: what it says of cards
    ("Further dilemmas requiring any MEDICAL here require 2 more …", "Empaths aboard are disabled.")
    or it does itself ("Disables RANGE until …"), with no condition before it ("If any non-OFFICER
    dies here, …" is what happens then) and not of what it has just named ("That personnel is …")."""
    first = ability.effects[0] if ability.effects else None
    if first is None or ability.trigger is not None or _opens_with_condition(ability) or (
            "now" in first.manner):  # ("It is now infected.": what happens as it is placed)
        return False
    subject = first.subject
    if subject is None:
        return _the_card_does(ability)
    return not a_player(subject) and subject.count not in ("that", "those")


def _befalls_itself(cond: Condition) -> bool:
    """ "If this personnel is killed", "If Chef helps solve this mission": the condition's event
    befalls a card the text names as "this" (the card itself, or where it is), whatever the sentence
    before did."""
    first = cond.effects[0] if cond.effects else None
    return first is not None and any(t is not None and t.count == "this" and t.type is not None
                                     for t in (first.object, first.subject))


def _goes_on_from_action(abilities: list[Ability]) -> bool:
    """Whether the sentences just before, what the card does or says aside, open with an order,
    response or activated ability: "Order - … begin personnel battle …. Your non-Jem'Hadar present
    are not involved …. If you win, …" is what follows that battle."""
    for ability in reversed(abilities):
        if ability.kind not in ("play_effect", "continuous"):  # (what it says of that battle)
            return ability.kind in ("order", "response", "activated")
    return False


# Verbs that say how things are, not that something happens: "If you have fewer cards …", "If
# personnel are present" ("status": how the reader holds "is …").
STATE_VERBS = frozenset({"be", "status", "have", "command", "control", "contain", "include", "show", "own"})


def a_state(effect: Effect) -> bool:
    """How things are, not that something happens: a state verb, or a deed said done (the perfect
    tense, "if you have scored 10 points", "who has served on …": the manner ``have``)."""
    return effect.verb in STATE_VERBS or "have" in effect.manner


# What may befall a card, said by a lone participle after "if": "If destroyed, …", "… if killed".
_BEFALLS = frozenset({"kill", "destroy", "discard", "capture", "nullify"})


def _undergoes(ability: Ability) -> Trigger | None:
    """The event of an "if" followed by a participle alone ("If destroyed", "if killed"), which
    befalls the card itself, as a trigger; None when the ability has no such condition."""
    for cond in ability.conditions:
        words = cond.raw.lower().split()
        if cond.word.lower() != "if" or len(words) != 2 or cond.effects or len(cond.requires) != 1:
            continue
        if len(ability.effects) > 1 and not ability.raw.lstrip("(").lower().startswith(cond.raw.lower()):
            continue  # (a later part's "… and may be "reabsorbed" … if discarded": that part's condition)
        state = dict(cond.requires[0].filters).get("state")
        if state in _BEFALLS and cond.requires[0].type is None:
            return Trigger(event=state, subject=None, object=None, raw=cond.raw, word=cond.word)
    return None


def _after_done(ability: Ability, words: tuple[str, ...] = ("after",)) -> Trigger | None:
    """A trailing "after" and a thing said done by its participle alone ("… after mission
    completed"), as a trigger: the participle's verb is the event, the thing its object; or a thing
    that happens ("… after any mission attempt here"); or a clause that says it happens ("Discard
    objective after you play an Orb.": three labels of two authors)."""
    for cond in ability.conditions:
        if cond.word.lower() not in words or _opens_with_condition(ability) or _its_own_play(cond):
            continue
        if cond.effects:
            deed = cond.effects[0]
            # (trailing: "Place on mission; after this Q-Flash ends, crew is stopped." keeps it a
            # condition of the later clause)
            if deed.subject is not None and not deed.negated and ability.raw.rstrip(" .").endswith(cond.raw):
                return Trigger(event=deed.verb, subject=deed.subject, object=deed.object, raw=cond.raw,
                               word=cond.word)
            continue
        if len(cond.requires) != 1:
            continue
        done = cond.requires[0]
        state = dict(done.filters).get("state")
        if state is not None and done.type is not None:
            return Trigger(event=state, subject=None, object=done, raw=cond.raw, word=cond.word)
        if done.type in _EVENT_NOUNS and done.count != "this":
            # "… after any mission attempt here", "… after the next battle": a thing that happens
            return Trigger(event=_EVENT_NOUNS[done.type], subject=None, object=done, raw=cond.raw,
                           word=cond.word)
    return None


# Things that happen, named by a noun, and the event each is ("use" is none: "Discard event after
# use." is what the card does once used, by most label authors).
_EVENT_NOUNS = {"mission attempt": "attempt", "attempt": "attempt", "battle": "battle",
                "engagement": "engage", "combat": "combat"}


def _download_once(ability: Ability) -> bool:
    """ "You may download …" alone: one effect, no limit, trigger or cost, and no condition but an
    "if" ("… if no copies you own are in play")."""
    if len(ability.effects) != 1 or ability.limit or ability.trigger or ability.costs or any(
            c.word.lower() != "if" for c in ability.conditions):
        return False
    effect = ability.effects[0]
    return (effect.verb == "download" and effect.modal == "may" and not effect.negated
            and _you(effect.subject))


def _yours_when_you_choose(ability: Ability) -> bool:
    """ "At any time, you may …", "During your turn, you may …", "On your turn, you may …", "You may
    discard Field at any time.": a time of the player's choosing, and "you may" (not "may not") with
    no trigger."""
    first = ability.effects[0] if ability.effects else None
    if first is None or ability.trigger is not None or first.modal != "may" or first.negated:
        return False
    cond = ability.conditions[0] if ability.conditions and _opens_with_condition(ability) else None
    if not _you(first.subject):
        # "During a personnel battle, one of your personnel present may stun …", "During your
        # turn, your crew or Away Team may capture …": what the player's own cards may do then
        # (both authors of K's Phaser Rifle Mk. III and of _39's Captured)
        return (first.subject is not None and first.subject.owner == "your" and cond is not None
                and cond.word.lower() == "during" and len(cond.requires) == 1
                and cond.requires[0].type in ("turn", "battle", "personnel battle", "ship battle"))
    if any(prep == "at" and where.type == "time" and where.count == "any" for prep, where in first.places):
        return True  # "You may discard Field at any time." (three label authors of five)
    if cond is None or len(cond.requires) != 1:
        return False
    when = cond.requires[0]
    return (cond.word.lower() == "at" and when.type == "time" and when.count == "any") or (
        cond.word.lower() in ("during", "on") and when.type == "turn" and when.owner == "your"
        and not when.filters)


def _lone_may(ability: Ability) -> Effect | None:
    """The ability's first effect, if it is a "may" (not negated) and not one of several things the
    card may do ("… may allow …, prevent … and stun …")."""
    first = ability.effects[0] if ability.effects else None
    if first is None or first.modal != "may" or first.negated or len(ability.effects) > 2:
        return None
    return first


def _a_deed_it_may_do(ability: Ability) -> bool:
    """A lone "may" of a deed of the card's own, done when its player chooses: "may nullify" a card
    (active: it has an object; "May be nullified by …" has none) or "may morph", with no "where"
    condition (no "where present")."""
    first = _lone_may(ability)
    return (first is not None and len(ability.effects) == 1 and ability.trigger is None
            and (first.verb == "morph" or (first.verb == "nullify" and first.object is not None))
            and not any(c.word.lower() == "where" for c in ability.conditions))


def _just_done_by_it(ability: Ability) -> Trigger | None:
    """A "may" whose object is what "he"/"she"/"it" (the card) just did to it ("adversary he just
    engaged"): the event, as the trigger."""
    if _lone_may(ability) is None:
        return None
    for effect in ability.effects:
        for target in (effect.object, *(t for _, t in effect.places)):
            for done in (target.relative if target is not None else ()):
                if "just" in done.manner and done.subject is not None and (
                        done.subject.text.lower() in _PERSONAL_PRONOUNS):
                    return Trigger(event=done.verb, subject=done.subject, object=target, raw=done.raw,
                                   word="just")
    return None


def _selected_just_now(ability: Ability) -> Trigger | None:
    """A "may" whose object has just been selected: "May replace any changeling present selected
    to die.", "May replace your [OS] personnel present who was just randomly selected to die.": the
    selection, as the trigger (the card acts on it once it is made). ("If present, must replace
    {Salia} just randomly selected.": the two authors of _39's Anya split; it stays.)"""
    first = _lone_may(ability)
    if first is None:
        return None
    for target in (first.object, *first.objects):
        if target is not None and (("state", "select") in target.filters
                                   or any(done.verb == "select" for done in target.relative)):
            at = first.raw.lower().find("select")  # (the words that say so, where the raw has them)
            return Trigger(event="select", subject=None, object=first.object,
                           raw=first.raw[at:] if at >= 0 else first.raw, word="just")
    return None


def _cards_may_so_often(ability: Ability) -> bool:
    """What cards (not a player) may do, with its limit in brackets and no cost: "Your [AU] cards may
    seed and (once per turn) play."."""
    first = ability.effects[0] if ability.effects else None
    return (first is not None and ability.limit is not None and not ability.costs
            and first.modal == "may" and first.subject is not None and not a_player(first.subject)
            and f"({ability.limit.split(' (')[0]}" in ability.raw.lower())


def _modified_and_may_so_often(ability: Ability) -> bool:
    """An attribute modifier of cards (no player, no modal, no cost or trigger) that opens the
    sentence, and the limit said later of what they may also do ("… and may move twice each turn")."""
    first = ability.effects[0] if ability.effects else None
    return (first is not None and ability.limit is not None and not ability.costs and ability.trigger is None
            and first.verb == "modify" and first.subject is not None and not a_player(first.subject)
            and not first.modal and not _opens_with_condition(ability)
            and not ability.raw.lower().startswith(ability.limit.split(" (")[0].lower()))


def _instead_of_a_card_play(ability: Ability) -> bool:
    """A "may" done "in place of" a card play or draw: "… may download … in place of one card draw"."""
    first = ability.effects[0] if ability.effects else None
    return first is not None and first.modal == "may" and not first.negated and any(
        prep == "in place of" and where.type in ("draw", "play", "card play", "card draw")
        for prep, where in first.places)


def _kept_until_played(ability: Ability) -> bool:
    """ "Place in hand until played …", and nothing else done: the card waits in hand to be played."""
    if len(ability.effects) != 1 or ability.costs or ability.trigger is not None:
        return False
    effect = ability.effects[0]
    return (effect.verb == "place" and effect.subject is None and effect.object is not None
            and effect.object.where == "in hand" and len(ability.conditions) == 1
            and ability.conditions[0].raw.lower().startswith("until played"))


def played_as(ability: Ability) -> str | None:
    """The card type an artifact's "Place in hand until played … as an Interrupt card …" plays it
    as (one named, an interrupt or event), which its later sentences are read as: what "That ship
    travels into the future …" does is what the interrupt does."""
    if not _kept_until_played(ability):
        return None
    named = {t.type for prep, t in ability.conditions[0].places if prep == "as"}
    return named.pop() if len(named) == 1 and named <= {"interrupt", "event"} else None


def _recurring_moment(ability: Ability) -> Trigger | None:
    """A moment of every turn after the verb ("… at the start of each of your turns", "… at end of
    every turn", "… at the end of your turn") or in its subject ("Each unopposed CIVILIAN inside at
    start of its owner's turn scores 1 point."), on an action that is not how a card is played: the
    trigger it makes."""
    first = ability.effects[0] if ability.effects else None
    if first is None or first.verb in ("play", "seed", "report", "download") or first.negated:
        return None
    for places in (first.places, first.subject.places if first.subject is not None else (),
                   *(c.places for c in ability.conditions),
                   *(e.places for c in ability.conditions for e in c.effects)):
        # (in its condition too: "Unless you have a {Ketracel-White} here at the end of your turn,
        # stop this personnel.": the check comes then)
        found = _moment_in(places)
        if found is not None:
            return found
    return None


def _moment_in(places, every: bool = True) -> Trigger | None:
    """ "at start of each turn", "at end of each of your turns", "at start of its owner's turn"
    (every turn of the card's owner), "at the start of their turn", "at the end of opponent's turn"
    among ``places``, as a trigger; with ``every`` false, a turn named once too ("at the end of your
    next turn")."""
    for k, (prep, moment) in enumerate(places):
        if prep != "at" or moment.type not in ("start", "end") or moment.filters:
            continue
        after = [t for p, t in places[k + 1:k + 3] if p == "of"]  # "of each turn", "of each of your turns"
        turn = next((t for t in after if t.type == "turn"), None)
        if turn is not None and (not every or any(t.count in ("each", "every") for t in after) or (
                turn.owner in ("its", "your", "their", "opponent", None) and not turn.filters
                and turn.count is None)):
            return Trigger(event=moment.type, subject=None, object=turn,
                           raw=" ".join(["at", moment.text, *(f"of {t.text}" for t in after)]))
    return None


def _every_turn(ability: Ability) -> bool:
    """ "… before ending each turn", "… every turn": it recurs."""
    raw = ability.raw.lower()
    return any(phrase in raw for phrase in ("each turn", "every turn", "each of your turns",
                                            "every player's turn"))


def _adds_requirements(ability: Ability) -> bool:
    """ "Add Law to this mission's requirements.": a lasting change to what the mission needs."""
    first = ability.effects[0]
    return first.verb == "add" and first.subject is None and any(
        prep == "to" and "requirement" in (target.text or "").lower() for prep, target in first.places)


def _when_inside(ability: Ability) -> Condition | None:
    """The "when <event>" inside the condition that opens ``ability`` (after its limit, if it opens
    with one): "If aboard your ship when it wins a battle", "If present when your {X} is nullified",
    "Once per game, if this personnel is aboard your ship when it is destroyed"."""
    if not _opens_with_condition(ability, after_limit=True):
        return None
    return next((n for n in ability.conditions[0].conditions if n.word.lower() in ("when", "whenever")
                 and n.effects and not a_state(n.effects[0])), None)


def _checked_at(ability: Ability) -> Trigger | None:
    """A moment of every turn inside the "if" that opens ``ability`` ("If … at the start of your turn,
    …"), as a trigger; else None."""
    if not ability.conditions or ability.conditions[0].word.lower() != "if" or not (
            _opens_with_condition(ability)):
        return None
    for effect in ability.conditions[0].effects:
        found = _moment_in(effect.places)
        if found is not None:
            return found
    return None


def _triggered_by(ability: Ability, cond: Condition) -> Ability:
    """``ability`` as a response to the event its condition ``cond`` names, or to its state coming to
    hold (the "if" stays among its conditions: the card says "if", and the trigger is the event it
    names)."""
    first = cond.effects[0] if cond.effects else None
    if first is not None and a_state(first):
        # a state that comes to hold ("if a Tholian ship is here", "if you do not command a Nor"):
        # no event, the state is in the condition the ability keeps
        first = None
    trigger = Trigger(event=first and first.verb, subject=first and first.subject,
                      object=first and first.object, raw=cond.raw, effects=cond.effects,
                      conditions=cond.conditions, word=cond.word)
    return dataclasses.replace(ability, kind="response", trigger=trigger)


def _conditional_order(ability: Ability, before: list[Ability], card_kind: str) -> bool:
    """What is done, or may be done, after an opening "if" that something happens, not that
    something is, and that does not look back at the sentence before: "If you solve by end of your
    next turn, place objective in point area", "If your Dominion personnel subsequently complete
    that mission, you may download …" (not "If you have fewer cards …, exchange …": done once, on
    playing; not what cards may or must do then: a rule). On a personnel, "If he is stopped by a
    dilemma, you may …", "If she is killed, you lose 5 points." is said of the personnel itself, as
    "If this personnel is …" is: what befalls "he" or "she" there is no one the sentence before named."""
    first = ability.effects[0] if ability.effects else None
    if first is None or ability.trigger is not None or not _opens_with_condition(ability):
        return False
    deeds = ability.conditions[0].effects
    itself = card_kind == "personnel" and ability.raw.lower().startswith(("if he ", "if she ")) and bool(
        deeds) and deeds[0].object is not None and deeds[0].object.text.lower() in ("he", "she")
    if first.subject is not None and not (first.modal == "may" and a_player(first.subject)) and not (
            _befalls_once(ability, first, itself)):
        return False
    if first.subject is None and (first.modal or _said_in_third_person(ability)):
        return False  # ("If a {Tribble Bomb} here is nullified …, also nullifies {X}.": the card's own rule)
    cond = ability.conditions[0]
    return (cond.word.lower() == "if" and bool(cond.effects) and not a_state(cond.effects[0])
            and (itself or not ability.raw.lower().startswith(_LOOKS_BACK) or _names_where_played(before)))


def _befalls_once(ability: Ability, first, itself: bool = False) -> bool:
    """What follows a deed done to the card itself once (named "this …", or, with ``itself``, a
    personnel's "he"/"she" the deed is done to), said with its subject: a player's points ("If you
    solve this mission from the opponent's side, your opponent loses 5 points."), a change that lasts
    a while ("If your ship solves this mission, it is RANGE +2 until end of turn."): not a rule of
    what cards may or must do (a deed done elsewhere, "If he helps you solve a mission, opponent
    scores points.", may say one: one label author of three)."""
    deeds = ability.conditions[0].effects
    if first.modal or not deeds or deeds[0].object is None or (
            deeds[0].object.count != "this" and not itself):
        return False
    if first.verb in ("score", "lose_points"):
        return a_player(first.subject)
    return first.verb == "modify" and any(c.word.lower() == "until" for c in ability.conditions)


def _names_where_played(before: list[Ability]) -> bool:
    """Whether the sentence before says where the card is played ("Plays on your Acquisition
    personnel."), or only rules that hold while a state does come between ("Plays on your [Rom]
    ship. While that ship is cloaked, it may not be targeted …."): then "If that personnel helps
    solve …", "If that ship decloaks, …" names that card, not what was just done (after a standing
    "… may play …", "If he or she does, …" is what follows doing it)."""
    for ability in reversed(before):
        if ability.kind not in ("intermittent", "keyword_rule"):
            return ability.kind == "play_requirement"
    return False


def _opens_with_condition(ability: Ability, after_limit: bool = False) -> bool:
    """Whether one of its conditions opens the sentence (a sentence in brackets of its own too; with
    ``after_limit``, after the limit that opens it: "Once per game, if …")."""
    raw = ability.raw.lstrip("(")
    if after_limit and ability.limit and raw.lower().startswith(ability.limit.lower()):
        raw = raw[len(ability.limit):].lstrip(" ,")
    words = raw.split(maxsplit=1)
    return bool(words) and words[0].lower().strip(",") in {c.word.lower() for c in ability.conditions}


def _prevents_this(ability: Ability) -> bool:
    """ "… to prevent this.": a cost paid to stop what the text has just said, and no limit."""
    if ability.limit is not None or not ability.costs or len(ability.effects) != 1:
        return False
    effect = ability.effects[0]
    return effect.verb == "prevent" and effect.object is not None and effect.object.count in ("this", "that")


def limit_of_the_last(ability: Ability) -> bool:
    """ "You may do this only once each turn.": a limit and "do this" alone, which names the
    ability before."""
    if ability.limit is None or len(ability.effects) != 1 or ability.conditions or ability.trigger:
        return False
    effect = ability.effects[0]
    return effect.verb == "do" and effect.object is not None and effect.object.count == "this"


def _in_brackets(raw: str, part: str) -> bool:
    """Whether ``part`` of ``raw`` is printed inside brackets: "… quarantined (dies when countdown
    expires)."."""
    at = raw.find(part)
    return at >= 0 and raw.count("(", 0, at) > raw.count(")", 0, at)


def _delayed(ability: Ability, card_kind: str = "") -> bool:
    """On a dilemma or interrupt, which leaves play once it has acted, a response that only says
    when part of its effect happens: a moment that comes once ("End of opponent's next turn, …",
    "At the end of this turn, …"), a trailing "when" ("(dies when countdown expires)") or an
    opening "after" ("After start of your next turn, cure with …"). That is a delayed part of its
    effect, not a response it keeps (the trigger stays to say when)."""
    trigger = ability.trigger
    if ability.kind != "response" or trigger is None:
        return False
    if card_kind in DILEMMA_TYPES and trigger.word != "after" and not _in_brackets(ability.raw, trigger.raw):
        # a dilemma's sentence of its own that says when something happens, "At the end of your
        # next turn, that personnel is placed in stasis.", "Ship is destroyed when countdown
        # expires.": what it does then, a response (four label authors); in brackets, "(dies when
        # countdown expires)", it is part of the effect it follows
        return False
    if trigger.word in ("when", "whenever") and not ability.raw.startswith(trigger.raw):
        return True  # "(dies when countdown expires)": after the effect, when part of it happens
    if trigger.word == "after":
        return True  # "After start of your next turn, cure with …": from when part of it applies
    if trigger.event not in ("start", "end", "beginning"):
        return False
    turn = trigger.object
    return turn is not None and any(k == "quality" and val in ("next", "this") for k, val in turn.filters)
