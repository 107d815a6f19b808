"""The judge: answer a described game situation with a verdict, the reasoning and the rules that
decide it (``shared/spec/scenario.md``). Knows nothing of Flask.

    >>> from judge.engine import ask
    >>> ask({"edition": "1e", "cards": [{"id": "a", "type": "personnel", "strength": 8},
    ...                                {"id": "b", "type": "personnel", "strength": 3}],
    ...      "question": {"kind": "battle_pair", "a": "a", "b": "b"}}).verdict
    'mortally_wound'

Adding a question kind: a function ``ask_<kind>(ask) -> (verdict, answer, facts)`` in the module of
its area, a line in :data:`QUESTIONS`, and scenarios with expected answers in ``tests/scenarios``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .answer import UNKNOWN, Answer, Citation, Step
from .combat import ask_battle_pair, ask_combat, ask_engagement, ask_ship_battle
from .context import Ask, Params
from .decks import ask_deck, ask_winner
from .loading import read_document
from .missions import ask_attempt, ask_complete, ask_dilemmas
from .playing import ask_play
from .responses import ask_responses
from .rules import ALL_RULES, CUMULATIVE_1E, MODIFIERS_2E, Rule
from .scenario import Scenario, ScenarioError, build
from .ships import ask_beam, ask_move, ask_staffed

__all__ = ["QUESTIONS", "Answer", "Citation", "Question", "Scenario", "ScenarioError", "Step", "UNKNOWN",
           "ALL_RULES", "Rule", "ask", "load", "read_document"]

BOTH = ("1e", "2e")


@dataclass(frozen=True)
class Question:
    kind: str
    editions: tuple[str, ...]
    params: Params
    answer: Callable[[Ask], tuple[Any, str, dict]]
    situation: frozenset[str] = frozenset()
    asks: str = ""


def _q(kind, editions, params, fn, asks, situation=()):
    return Question(kind, editions, params, fn, frozenset(situation), asks)


QUESTIONS: dict[str, Question] = {q.kind: q for q in (
    _q("move", BOTH, {"ship": ("card", True), "to": ("mission", True)}, ask_move,
       "May this ship move there now?"),
    _q("staffed", BOTH, {"ship": ("card", True)}, ask_staffed, "Is this ship staffed?"),
    _q("beam", BOTH, {"cards": ("cards", True), "to": ("target", True)}, ask_beam,
       "May these cards beam there now?"),
    _q("attempt", BOTH, {"mission": ("mission", True), "with": ("cards", True)}, ask_attempt,
       "May these personnel (or this ship's crew) attempt this mission?"),
    _q("play", BOTH, {"card": ("card", True), "to": ("target", False)}, ask_play,
       "May this card be played now (there)?"),
    _q("responses", BOTH, {"action": ("any", True), "pending": ("any", False)}, ask_responses,
       "In what order are these responses taken?"),
    _q("dilemmas", ("2e",), {"mission": ("mission", True), "attempting": ("cards", True),
                             "chosen": ("cards", True)}, ask_dilemmas,
       "Is this choice of dilemmas legal for this attempt?"),
    _q("complete", ("2e",), {"mission": ("mission", True), "personnel": ("cards", True)}, ask_complete,
       "Do these remaining personnel complete the mission?"),
    _q("combat", ("2e",), {"attackers": ("cards", True), "defenders": ("cards", True)}, ask_combat,
       "Who wins this combat?", {"combat"}),
    _q("engagement", ("2e",), {"attackers": ("cards", True), "defenders": ("cards", True)}, ask_engagement,
       "Who wins this engagement?", {"engagement"}),
    _q("battle_pair", ("1e",), {"a": ("card", True), "b": ("card", True)}, ask_battle_pair,
       "Two combatants are revealed in a personnel battle: what may the stronger do?", {"combat"}),
    _q("ship_battle", ("1e",), {"attackers": ("cards", True), "target": ("card", True),
                                "attack_bonus": ("int", False), "defense_bonus": ("int", False)},
       ask_ship_battle, "Does this attack miss, hit, or direct-hit?", {"combat"}),
    _q("deck", BOTH, {"deck": ("any", True)}, ask_deck, "Is this deck legal?"),
    _q("winner", ("2e",), {"scores": ("any", True)}, ask_winner,
       "Has someone won (or who wins when decks run out)?"),
)}


def _pool_of(corpus):
    """``card:`` references look up the corpus's card pool (else the bundled one), loaded on first use."""
    def lookup(ref: str):
        from .pool import card_pool

        return card_pool(getattr(corpus, "cards", None))(ref)

    return lookup


def load(body: bytes | str | dict, content_type: str | None = None, pool=None) -> Scenario:
    """A validated :class:`Scenario` from a JSON/YAML body or an already decoded mapping."""
    doc = body if isinstance(body, dict) else read_document(body, content_type)
    return build(doc, pool=pool)


def ask(scenario: Scenario | dict | str | bytes, corpus=None, pool=None) -> Answer:
    """Answer the scenario's question. ``corpus`` gives the cited entries their titles."""
    if not isinstance(scenario, Scenario):
        scenario = load(scenario, pool=pool or _pool_of(corpus))
    kind = scenario.question.get("kind")
    question = QUESTIONS.get(kind) if isinstance(kind, str) else None
    if question is None:
        raise ScenarioError("question.kind", f"'{kind}' is not a question kind the judge answers "
                            f"(kinds: {', '.join(QUESTIONS)})", known=list(QUESTIONS))
    if scenario.edition not in question.editions:
        raise ScenarioError("question.kind", f"'{kind}' is a {' and '.join(question.editions)} question; "
                            f"this scenario is {scenario.edition}")
    context = Ask(scenario, question.params, question.situation)
    verdict, answer, facts = question.answer(context)
    if context.t.doubts:
        rule = MODIFIERS_2E if scenario.edition == "2e" else CUMULATIVE_1E
        context.t.step("The engine cannot settle this from the rules alone: "
                       + "; ".join(context.t.doubts) + ". A judge should read those cards with the rules "
                                                       "cited.",
                       rule)

    def title_of(entry_id: str) -> str:
        entry = corpus.find(entry_id) if corpus is not None else None
        return entry.title if entry is not None else entry_id

    return context.t.finish(verdict, answer, facts, title_of)
