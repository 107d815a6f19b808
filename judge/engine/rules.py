"""The rules the engine models, each named once with the corpus entries that state it, and the
numbers the rulebooks give, each next to the entry that states it.

A step of an answer cites the :class:`Rule` it applies; ``tests/test_engine_rules.py`` checks that
every id here resolves in the bundled corpus and that none is a superseded entry.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    name: str
    cites: tuple[str, ...]


def _rule(name: str, *cites: str) -> Rule:
    return Rule(name, cites)


# --- Second Edition (2e/rulebook: the Call to Arms printing, in force) -------------------------
COMMAND_2E = _rule("command and owner", "2e/rulebook/command-and-owner")
STOPPED_2E = _rule("stopped cards", "2e/rulebook/glossary--stopped")
EXECUTE_ORDERS_2E = _rule("executing orders", "2e/rulebook/general-rules-on-executing-orders")
ORDERS_SEGMENT_2E = _rule("the execute orders segment", "2e/rulebook/2-execute-orders")
STAFFING_2E = _rule("staffing ships", "2e/rulebook/staffing-ships")
MOVING_2E = _rule("moving a ship", "2e/rulebook/moving-a-ship")
RANGE_2E = _rule("using Range", "2e/rulebook/using-range")
RANGE_ADJUST_2E = _rule("quadrant and region Range adjustments", "2e/rulebook/glossary--moving-a-ship")
SAME_MISSION_2E = _rule("copies of the same mission", "2e/rulebook/glossary--missions")
MODIFIERS_2E = _rule("modifiers never below zero", "2e/rulebook/glossary--modifiers")
DAMAGE_2E = _rule("damage cards", "2e/rulebook/damage")
BEAMING_2E = _rule("beaming", "2e/rulebook/beaming")
ATTEMPT_2E = _rule("attempting a mission", "2e/rulebook/attempting-a-mission")
FACING_DILEMMAS_2E = _rule("choosing dilemmas", "2e/rulebook/facing-dilemmas")
OVERCOME_2E = _rule("dilemmas overcome in an earlier attempt", "2e/rulebook/when-your-attempt-fails")
DILEMMA_TYPES_2E = _rule("planet, space and dual dilemmas", "2e/rulebook/dilemma")
REQUIREMENTS_2E = _rule("checking mission requirements", "2e/rulebook/checking-mission-requirements")
SKILLS_2E = _rule("skills and their levels", "2e/rulebook/skills")
COMBAT_2E = _rule("combat", "2e/rulebook/combat")
ENGAGEMENT_2E = _rule("engagements", "2e/rulebook/engagements")
PRESENT_2E = _rule("present", "2e/rulebook/present")
PLAY_SEGMENT_2E = _rule("the play and draw segment", "2e/rulebook/1-play-and-draw-cards")
COSTS_2E = _rule("paying costs: seven counters", "2e/rulebook/paying-costs")
PLAY_KINDS_2E = _rule("where each kind of card is played", "2e/rulebook/playing-specific-kinds-of-cards")
INTERRUPT_2E = _rule("interrupts have no cost", "2e/rulebook/interrupt")
UNIQUENESS_2E = _rule("uniqueness", "2e/rulebook/uniqueness")
CAPTIVES_2E = _rule("brig and captives", "2e/rulebook/brig-and-captives")
ORDER_ACTIONS_2E = _rule("Order actions", "2e/rulebook/other-order-actions")
RESPONSES_2E = _rule("response actions", "2e/rulebook/glossary--response-actions")
DECK_2E = _rule("building a deck", "2e/rulebook/building-a-deck")
WINNING_2E = _rule("winning the game", "2e/rulebook/winning-the-game")

# Numbers the 2E rulebook states.
COUNTERS_PER_TURN = 7          # Paying Costs: "You have seven counters to spend each turn."
QUADRANT_RANGE_PENALTY = 2     # glossary 'moving a ship': different quadrant icons, add 2
REGION_RANGE_BONUS = 2         # glossary 'moving a ship': same region, subtract 2
DECK_MISSIONS_2E = 5           # Building a Deck: 5 different missions
DECK_MIN_DILEMMAS_2E = 20      # Building a Deck: a dilemma pile of at least 20 dilemmas
DECK_MIN_DRAW_2E = 35          # Building a Deck: a deck of at least 35 cards
MAX_COPIES_2E = 3              # Building a Deck: no more than three copies of each card title
WINNING_POINTS = 100           # Winning the Game: 100 points (or more)

# --- First Edition (1e/rulebook: v2.3.2, in force) --------------------------------------------
EXECUTE_ORDERS_1E = _rule("executing orders", "1e/rulebook/executing-orders")
STOPPED_1E = _rule("what stopped cards can do", "1e/rulebook/clarifications-what-stopped-cards-can-do")
STAFFING_1E = _rule("staffing a ship", "1e/rulebook/staff-a-ship")
STAFFING_CLARIFIED_1E = _rule("one staffing icon per personnel", "1e/rulebook/clarifications-ship-staffing")
COMPATIBLE_1E = _rule("compatibility", "1e/rulebook/compatible")
NA_COMPATIBLE_1E = _rule("Non-Aligned compatibility", "1e/rulebook/exception-non-aligned-compatibility")
FLY_1E = _rule("flying a starship: span of every location moved to or passed", "1e/rulebook/fly-a-starship")
QUADRANTS_1E = _rule("moving between quadrants", "1e/rulebook/moving-between-quadrants")
DOCKING_1E = _rule("docking and undocking", "1e/rulebook/dock-undock")
BEAM_1E = _rule("beaming", "1e/rulebook/beam", "1e/rulebook/clarifications-transporter-arcana")
ATTEMPT_1E = _rule("beginning a mission attempt", "1e/rulebook/beginning-a-mission-attempt")
# "To attempt a mission, you must have at least one personnel present whose affiliation matches…":
# the 2.3.2 text prints this paragraph inside the dual-icon clarification, so both entries state it.
AFFILIATION_MATCH_1E = _rule("an affiliation matching the mission", "1e/rulebook/beginning-a-mission-attempt",
                             "1e/rulebook/clarification-attempting-a-dual-icon-mission")
DUAL_MISSION_1E = _rule("attempting a dual-icon mission",
                        "1e/rulebook/clarification-attempting-a-dual-icon-mission")
CARD_PLAY_1E = _rule("the normal card play", "1e/rulebook/your-normal-card-play")
ANY_TIME_1E = _rule("interrupts and doorways play at any time",
                    "1e/rulebook/tip-interrupts-and-doorways-dont-use-your-card-play")
FOR_FREE_1E = _rule("playing for free", "1e/rulebook/playing-for-free")
REPORTING_1E = _rule("reporting for duty", "1e/rulebook/reporting-for-duty")
UNIQUENESS_1E = _rule("duplication and personas", "1e/rulebook/duplication-and-personas")
PLAY_PHASE_1E = _rule("actions and valid responses", "1e/rulebook/the-play-phase")
VALID_RESPONSES_1E = _rule("valid responses", "1e/rulebook/clarifications-valid-responses")
ALTERNATING_1E = _rule("alternating actions", "1e/rulebook/alternating-actions")
JUST_1E = _rule("'just' responses", "1e/rulebook/just-responses")
PERSONNEL_BATTLE_1E = _rule("personnel battle", "1e/rulebook/personnel-battle")
SHIP_BATTLE_1E = _rule("ship battle", "1e/rulebook/ship-battle")
CUMULATIVE_1E = _rule("the cumulative rule", "1e/rulebook/the-cumulative-rule")
SAM_1E = _rule("set, add, multiply", "1e/rulebook/set-add-multiply-s-a-m")
DECK_1E = _rule("building your deck", "1e/rulebook/building-your-deck")
SEED_DECK_1E = _rule("the seed deck", "1e/rulebook/seed-deck")
DRAW_DECK_1E = _rule("the draw deck", "1e/rulebook/draw-deck")
DILEMMA_SEED_LIMIT_1E = _rule("dilemma seed limit", "1e/rulebook/exception-dilemma-seed-limit")
UNIVERSAL_1E = _rule("universal missions", "1e/rulebook/exception-universal-missions")
CONTROL_1E = _rule("control and ownership", "1e/rulebook/control-and-ownership")

# Numbers the 1E rulebook states.
SEED_MISSIONS_1E = 6           # Seed Deck: exactly 6 missions
SEED_LIMIT_1E = 30             # Seed Deck / Building Your Deck: a seed deck of up to 30 cards
SEED_FREE_SITES_1E = 6         # Seed Deck: up to 6 Site cards do not count
SEEDED_COPIES_1E = 2           # Exception: Dilemma Seed Limit: no more than two copies seeded
DRAW_DECK_MIN_1E = 30          # Draw Deck: at least 30 cards
OPPONENT_MISSION_POINTS_1E = 40  # Beginning a Mission Attempt: an opponent's mission of 40 points or more
DRAW_DECK_BANNED_1E = ("tactic", "tribble", "trouble", "q icon", "q-icon")  # Draw Deck: except these

ALL_RULES = tuple(v for v in list(globals().values()) if isinstance(v, Rule))
