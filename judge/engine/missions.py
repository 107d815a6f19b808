"""Missions: who may attempt one, which dilemmas an opponent may choose (2E), and whether the
personnel left complete it (2E)."""

from __future__ import annotations

from functools import lru_cache

from ..cardtext import parse
from . import rules as R
from .context import Ask, names
from .scenario import Card, Mission, ScenarioError, norm


def ask_attempt(ask: Ask):
    s, t = ask.s, ask.t
    e2 = s.edition == "2e"
    mission = ask.mission("mission")
    turn = ask.turn()
    team, ship = _team(ask, mission)
    problems: list[str] = []
    name = mission.title or mission.id
    kind = s.need(mission, "type", "attempting depends on the mission's type")
    if kind == "headquarters":
        problems.append("headquarters missions cannot be attempted")
        t.step(f"{name} is a headquarters mission; headquarters missions cannot be attempted.",
               R.ATTEMPT_2E if e2 else R.ATTEMPT_1E)
    if mission.completed:
        problems.append(f"{name} is already completed")
        t.step(f"{name} has been completed; it cannot be attempted again.",
               R.REQUIREMENTS_2E if e2 else R.ATTEMPT_1E)
    owner = s.need(mission, "owner", "attempting depends on whose mission it is")
    if e2:
        if owner != turn:
            problems.append(f"{name} is {owner}'s mission")
            t.step(f"You may attempt only your own missions; {name} is {owner}'s.", R.ATTEMPT_2E)
        if s.phase is not None and s.phase != "orders":
            problems.append(f"it is the {s.phase} segment")
            t.step("Attempting a mission is an order, given in the execute orders segment.",
                   R.ORDERS_SEGMENT_2E)
    elif owner != turn:
        points = mission.points or 0
        if mission.shared or points >= R.OPPONENT_MISSION_POINTS_1E or mission.universal:
            t.step(f"{name} was seeded by {owner}, but it may be attempted: "
                   f"{'it is shared' if mission.shared else f'its point box shows {points} points'}.",
                   R.ATTEMPT_1E)
        else:
            problems.append(f"{name} is {owner}'s mission with {points} points")
            t.step(f"You may attempt an opponent's mission only if its point box shows "
                   f"{R.OPPONENT_MISSION_POINTS_1E} points or more or it is shared; {name} shows {points}.",
                   R.ATTEMPT_1E)
    if ship is not None:
        if ship.stopped:
            problems.append(f"{ship.name} is stopped")
            t.step(f"{ship.name} is stopped and cannot attempt a mission.",
                   R.ATTEMPT_2E if e2 else R.STOPPED_1E)
        if not e2 and ship.docked:
            problems.append(f"{ship.name} is docked")
            t.step(f"{ship.name} is docked; at a space mission only an undocked ship may begin an attempt.",
                   R.ATTEMPT_1E, R.DOCKING_1E)
    foreign = [c for c in team if c.commander != turn]
    if foreign:
        problems.append(f"{names(foreign)} {'is' if len(foreign) == 1 else 'are'} not {turn}'s")
        t.step(f"Only your own personnel attempt your missions; {names(foreign)} "
               f"{'is' if len(foreign) == 1 else 'are'} "
               "not yours.", R.ATTEMPT_2E if e2 else R.ATTEMPT_1E)
        team = [c for c in team if c not in foreign]
    stopped = [c for c in team if c.stopped]
    if stopped:
        t.step(f"{names(stopped)} {'is' if len(stopped) == 1 else 'are'} stopped and cannot take part in "
               "the attempt.",
               R.ATTEMPT_2E if e2 else R.STOPPED_1E, R.STOPPED_2E if e2 else R.STOPPED_1E)
    team = [c for c in team if not c.stopped]
    ask.text_rules([*team, ship], "attempt", acting=[*team, *([ship] if ship else [])])
    if not team:
        problems.append("no unstopped personnel can attempt it")
        t.step("Nobody unstopped is there to attempt the mission.", R.ATTEMPT_2E if e2 else R.ATTEMPT_1E)
    icons = mission.affiliations
    if not icons and kind != "headquarters":
        s.need(mission, "affiliations", "attempting needs the affiliation icons of the mission")
    if team and icons:
        for c in team:
            ask.affiliations(c, "attempting needs each personnel's affiliation to match the mission's icons")
        match = [c for c in team if set(c.affiliation) & set(icons)]
        if not e2 and kind == "dual":
            problems += _dual_1e(ask, mission, team, icons)
        if not e2 and ship is not None and kind in ("space", "dual"):
            ship_aff = ask.affiliations(ship, "a 1E ship attempts only with a personnel of its affiliation "
                                              "aboard")
            crew = [c for c in team if c.aboard == ship.id]
            if not any(set(c.affiliation) & set(ship_aff) for c in crew):
                problems.append(f"no personnel of {ship.name}'s affiliation is aboard")
                t.step(f"The ship must have at least one personnel of matching affiliation "
                       f"({', '.join(ship_aff)}) aboard.", R.ATTEMPT_1E, R.STAFFING_1E)
        rule = R.ATTEMPT_2E if e2 else R.AFFILIATION_MATCH_1E
        if match:
            t.step(f"{names(match[:1])}'s affiliation matches one of {name}'s icons ({', '.join(icons)}).",
                   rule)
        else:
            problems.append(f"no personnel's affiliation matches {name}'s icons ({', '.join(icons)})")
            t.step(f"To attempt a mission, a personnel's affiliation icon must match one of its icons "
                   f"({', '.join(icons)}); none of {names(team)} does.", rule)
    if problems:
        return "illegal", f"No. The attempt of {name} is not legal: {'; '.join(problems)}.", {}
    return "legal", f"Yes. {names(team)} may attempt {name}.", {}


def _dual_1e(ask: Ask, mission: Mission, team: list[Card], icons: tuple[str, ...]) -> list[str]:
    """1E dual-icon mission: an Away Team on the planet and a crew in orbit, each with a personnel
    who allows the attempt."""
    problems = []
    for label, group in (("an Away Team on the planet", [c for c in team if not c.aboard]),
                         ("a crew in orbit", [c for c in team if c.aboard])):
        if not any(set(c.affiliation) & set(icons) for c in group):
            problems.append(f"{label} with a personnel matching its icons is missing")
            ask.t.step("To attempt a dual-icon mission you need both an Away Team on the planet and a crew "
                       f"in orbit, each with a personnel who allows the attempt; {label} has none.",
                       R.DUAL_MISSION_1E)
    return problems


def _team(ask: Ask, mission: Mission) -> tuple[list[Card], Card | None]:
    """The attempting personnel: a ship's crew (``with: ship``) or the listed personnel."""
    s, t = ask.s, ask.t
    e2 = s.edition == "2e"
    with_ = ask.q.get("with")
    kind = mission.type
    if isinstance(with_, str) and with_ in s.cards and s.cards[with_].has_type("ship"):
        ship = s.cards[with_]
        if not s.same_mission(s.location_of(ship), mission.id):
            raise ScenarioError("question.with", f"{ship.name} is not at {mission.title or mission.id}")
        crew = [c for c in s.in_play() if c.aboard == ship.id and c.has_type("personnel")]
        if kind == "planet":
            t.step(f"{mission.title or mission.id} is a planet mission: it is attempted by personnel on the "
                   "planet, not by a ship's crew.", R.ATTEMPT_2E if e2 else R.ATTEMPT_1E)
            return [], ship
        return crew, ship
    team = ask.cards("with", "personnel")
    for c in team:
        if not s.same_mission(s.location_of(c), mission.id):
            raise ScenarioError("question.with", f"{c.name} is not at {mission.title or mission.id}")
    ships = {c.aboard for c in team if c.aboard}
    on_planet = [c for c in team if not c.aboard]
    if kind == "space" and on_planet:
        t.step(f"At a space mission the attempt is made by personnel aboard one ship; {names(on_planet)} "
               f"{'is' if len(on_planet) == 1 else 'are'} not aboard a ship.",
               R.ATTEMPT_2E if e2 else R.ATTEMPT_1E)
        return [c for c in team if c.aboard], (s.cards[next(iter(ships))] if len(ships) == 1 else None)
    if kind == "planet" and ships:
        aboard = [c for c in team if c.aboard]
        t.step(f"A planet mission is attempted by personnel on the planet; {names(aboard)} "
               f"{'is' if len(aboard) == 1 else 'are'} aboard a ship and cannot join.",
               R.ATTEMPT_2E if e2 else R.ATTEMPT_1E)
        return on_planet, None
    if len(ships) > 1:
        t.step("A space mission is attempted by the crew of one ship.", R.ATTEMPT_2E if e2 else R.ATTEMPT_1E)
    ship = s.cards[next(iter(ships))] if len(ships) == 1 else None
    return team, ship


# --- dilemmas (2E) --------------------------------------------------------------------------

def ask_dilemmas(ask: Ask):
    s, t = ask.s, ask.t
    mission = ask.mission("mission")
    attempting = ask.cards("attempting", "personnel")
    chosen = ask.cards("chosen", "dilemma")
    name = mission.title or mission.id
    involved = [c for c in attempting if not c.stopped]
    if len(involved) < len(attempting):
        gone = [c for c in attempting if c.stopped]
        t.step(f"{names(gone)} {'is' if len(gone) == 1 else 'are'} stopped and not involved in the attempt.",
               R.STOPPED_2E, R.ATTEMPT_2E)
    count = len(involved)
    draw = max(0, count - mission.overcome)
    max_cost = draw
    t.step(f"{count} personnel are attempting {name}: the opponent draws that many dilemmas and may choose a "
           f"total cost no higher than {count}.", R.FACING_DILEMMAS_2E)
    if mission.overcome:
        t.step(f"{mission.overcome} dilemma{'s are' if mission.overcome != 1 else ' is'} already overcome "
               f"beneath {name}: that number is subtracted, so {draw} are drawn and the total cost may "
               "be at most "
               f"{max_cost}.", R.OVERCOME_2E)
    problems: list[str] = []
    kind = s.need(mission, "type", "which dilemmas may be chosen depends on the mission's type")
    costs = [s.need(d, "cost", "the choice is limited by the dilemmas' total cost") for d in chosen]
    total = sum(costs)
    if len(chosen) > draw:
        problems.append(f"{len(chosen)} dilemmas chosen, but only {draw} drawn")
        t.step(f"Only {draw} dilemmas are drawn, so no more than {draw} can be chosen.", R.FACING_DILEMMAS_2E,
               R.OVERCOME_2E)
    titles: dict[str, list[Card]] = {}
    for d in chosen:
        titles.setdefault(norm(d.title or d.id), []).append(d)
    for same in titles.values():
        if len(same) > 1:
            problems.append(f"{len(same)} copies of {same[0].name}")
            t.step(f"The opponent cannot choose more than one copy of the same dilemma ({same[0].name}).",
                   R.FACING_DILEMMAS_2E)
    for d in chosen:
        dtype = s.need(d, "mission_type", "planet and space dilemmas are limited to their mission type")
        if kind in ("planet", "space") and dtype not in ("dual", kind):
            problems.append(f"{d.name} is a {dtype} dilemma at a {kind} mission")
            t.step(f"{d.name} is a {dtype} dilemma; at a {kind} mission only {kind} and dual dilemmas may be "
                   "chosen.", R.FACING_DILEMMAS_2E, R.DILEMMA_TYPES_2E)
    attempter = involved[0].commander if involved else None
    own = [d for d in chosen if attempter and d.owner == attempter]
    if own:
        problems.append(f"{names(own)} belong{'s' if len(own) == 1 else ''} to the attempting player")
        t.step("The dilemmas are drawn from the opponent's dilemma pile.", R.FACING_DILEMMAS_2E)
    parts = " + ".join(str(c) for c in costs) or "0"
    if total > max_cost:
        problems.append(f"their total cost {total} is higher than {max_cost}")
    t.step(f"The chosen dilemmas cost {parts} = {total}, {'within' if total <= max_cost else 'higher than'} "
           f"the limit of {max_cost}.", R.FACING_DILEMMAS_2E)
    facts = {"draw": draw, "max_cost": max_cost, "total_cost": total}
    if problems:
        return "illegal", f"No. This choice of dilemmas is not legal: {'; '.join(problems)}.", facts
    return "legal", (f"Yes. {len(chosen)} dilemma{'s' if len(chosen) != 1 else ''} costing {total} "
                     f"(limit {max_cost}, {draw} drawn) is a legal choice."), facts


# --- completing (2E) ------------------------------------------------------------------------

@lru_cache(maxsize=512)
def _requirements(text: str, edition: str) -> tuple[dict | None, tuple[str, ...]]:
    result = parse(text, edition, mission=True).to_json()
    return result.get("requirements"), tuple(u["text"] for u in result["unparsed"])


# A requirement's attribute total, compared as printed: "CUNNING>40" (most), "INTEGRITY<30" (a cap).
_COMPARE = {">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
            "<": lambda a, b: a < b, "<=": lambda a, b: a <= b}
_SAID = {">": "higher than", ">=": "at least", "<": "lower than", "<=": "at most"}


def _describe(req: dict) -> str:
    if "skill" in req or "classification" in req:
        what = req.get("skill") or req.get("classification")
        n = req.get("count", 1)
        return f"{n} {what}" if n != 1 else str(what)
    if "attribute" in req and "mission_points" in req:
        times = req["mission_points"]
        return (f"{str(req['attribute']).title()}{req.get('op', '>')}mission points"
                + (f" x{times}" if times != 1 else ""))
    if "attribute" in req:
        return f"{str(req['attribute']).title()}{req.get('op', '>')}{req.get('value')}"
    for key in ("any", "all"):
        if key in req:
            return "(" + f" {'or' if key == 'any' else 'and'} ".join(_describe(r) for r in req[key]) + ")"
    if "none" in req:
        return f"no {_describe(req['none'])}"
    if "action" in req:  # "discard one MEDICAL personnel"
        return f"{req['action']} {_describe({k: v for k, v in req.items() if k != 'action'})}"
    if "thing" in req or "card" in req:
        what = req.get("thing") or req.get("card")
        n = req.get("count", 1)
        return f"{n} {what}" if n != 1 else str(what)
    return str(req)


def ask_complete(ask: Ask):
    s, t = ask.s, ask.t
    mission = ask.mission("mission")
    team = ask.cards("personnel", "personnel")
    name = mission.title or mission.id
    text = s.need(mission, "requirements", "completing checks the mission's requirements")
    reqs, unread = _requirements(text, s.edition)
    if reqs is None or unread:
        t.doubt([f"the requirements '{text}' were not fully read "
                 f"({'; '.join(unread) or 'no requirement found'})"])
        reqs = reqs or {"all": []}
    stopped = [c for c in team if c.stopped]
    if stopped:
        t.step(f"{names(stopped)} {'is' if len(stopped) == 1 else 'are'} stopped and cannot help meet the "
               "requirements (stopped personnel are removed from the mission attempt).",
               R.STOPPED_2E, R.FACING_DILEMMAS_2E, R.REQUIREMENTS_2E)
    team = [c for c in team if not c.stopped]
    levels: dict[str, int] = {}
    for c in team:
        for skill, n in ask.skills(c).items():
            levels[norm(skill)] = levels.get(norm(skill), 0) + n
    missing: list[str] = []
    totals: list[tuple[int, int]] = []

    def met(req: dict) -> bool:
        if "skill" in req or "classification" in req:
            what = norm(req.get("skill") or req.get("classification"))
            return levels.get(what, 0) >= req.get("count", 1)
        if "attribute" in req and ("value" not in req or any(c in str(req["attribute"]) for c in " +-")):
            # compared with the mission's points, a sum of two totals, or any one of them: the
            # requirements an objective gives a mission it targets
            t.doubt([f"a requirement the engine does not model: {_describe(req)}"])
            return False
        if "attribute" in req:
            attr = str(req["attribute"]).lower()
            values = [ask.attr(c, attr, f"completing needs each personnel's {attr}") for c in team]
            total = sum(v.value for v in values)
            for c, v in zip(team, values, strict=True):
                ask.note_changes(v, f"{c.name}'s {attr.title()}", R.REQUIREMENTS_2E)
            op = req.get("op", ">")
            totals.append((total, req["value"], op))
            return _COMPARE[op](total, req["value"])
        if "any" in req:
            return any(met(r) for r in req["any"])
        if "all" in req:
            return all([met(r) for r in req["all"]])
        t.doubt([f"a requirement the engine does not model: {req}"])
        return False

    for req in reqs.get("all", [reqs] if "all" not in reqs else []):
        if not met(req):
            missing.append(_describe(req))
    have = ", ".join(f"{n} {k.title()}" if n > 1 else k.title() for k,
                     n in sorted(levels.items())) or "no skills"
    t.step(f"The remaining unstopped personnel ({names(team)}) have {have}; the same personnel may provide "
           "more than one skill, and levels add up.", R.REQUIREMENTS_2E, R.SKILLS_2E)
    total, required, op = (totals[0] if totals else (None, None, ">"))
    if totals:
        t.step(f"Their attribute total is {total}; it must be {_SAID[op]} {required} "
               f"({'it is' if _COMPARE[op](total, required) else 'it is not'}).", R.REQUIREMENTS_2E)
    if mission.completed:
        missing.append("the mission is already completed")
        t.step(f"{name} is already completed and cannot be attempted again.", R.REQUIREMENTS_2E)
    facts = {"missing": missing, "attribute_total": total, "attribute_required": required}
    if missing:
        return "failure", (f"No. The personnel do not complete {name}: missing {', '.join(missing)}. "
                           "The attempt fails and the remaining personnel are stopped."), facts
    return "success", f"Yes. The personnel complete {name} and score its points.", facts
