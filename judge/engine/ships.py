"""Ships: staffing, moving (2E Range between missions, 1E along the spaceline) and beaming."""

from __future__ import annotations

from . import rules as R
from .context import Ask, names
from .scenario import Card, Mission, ScenarioError

ANSWERS = {True: "yes", False: "no"}


# --- staffing -------------------------------------------------------------------------------

def _assign(needs: list[str], crew: list[Card]) -> dict[int, Card] | None:
    """Give each staffing icon a different personnel (bipartite matching); Command stands in for
    Staff, not the other way round. None when no assignment covers every icon."""
    def provides(card: Card, icon: str) -> bool:
        return icon in card.icons or (icon == "staff" and "command" in card.icons)

    owner: dict[str, int] = {}

    def place(i: int, seen: set[str]) -> bool:
        for card in crew:
            if card.id in seen or not provides(card, needs[i]):
                continue
            seen.add(card.id)
            if card.id not in owner or place(owner[card.id], seen):
                owner[card.id] = i
                return True
        return False

    for i in range(len(needs)):
        if not place(i, set()):
            return None
    by_icon = {i: next(c for c in crew if owner.get(c.id) == i) for i in range(len(needs))}
    return by_icon


def compatible_1e(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """1E: the same affiliation, or Non-Aligned/Neutral with anything but Borg."""
    if set(a) & set(b):
        return True
    loose = {"non aligned", "neutral"}
    return (bool(set(a) & loose) and "borg" not in b) or (bool(set(b) & loose) and "borg" not in a)


def staffed(ask: Ask, ship: Card) -> bool:
    """Whether ``ship`` is staffed now, with the reasoning as steps."""
    s, t = ask.s, ask.t
    e2 = s.edition == "2e"
    staff_rule = R.STAFFING_2E if e2 else R.STAFFING_1E
    needs = list(s.need(ship, "staffing", "staffing needs the ship's staffing icons"))
    ship_aff = ask.affiliations(ship, "staffing needs the ship's affiliation")
    aboard = [c for c in s.in_play() if c.aboard == ship.id and c.has_type("personnel")
              and c.commander == ship.commander]
    stopped = [c for c in aboard if c.stopped]
    crew = [c for c in aboard if not c.stopped]
    if stopped:
        t.step(f"{names(stopped)} {'is' if len(stopped) == 1 else 'are'} stopped and cannot help staff the "
               "ship.",
               staff_rule, R.STOPPED_2E if e2 else R.STOPPED_1E)
    if not e2:
        for c in crew:
            ask.affiliations(c, "1E staffing needs each crew member's affiliation (compatibility)")
        incompatible = [c for c in crew if not compatible_1e(c.affiliation, ship_aff)]
        if incompatible:
            t.step(f"{names(incompatible)} {'is' if len(incompatible) == 1 else 'are'} not compatible with "
                   f"{ship.name} and cannot meet its staffing requirements.", R.STAFFING_1E, R.COMPATIBLE_1E,
                   R.NA_COMPATIBLE_1E)
            crew = [c for c in crew if c not in incompatible]
        mixing = [c for c in crew if not set(c.affiliation) & set(ship_aff)]
        if mixing:
            verb = "is" if len(mixing) == 1 else "are"
            t.step(f"{names(mixing)} {verb} of another affiliation but compatible with {ship.name}"
                   f" (Non-Aligned and Neutral cards mix with every affiliation but Borg).",
                   R.COMPATIBLE_1E, R.NA_COMPATIBLE_1E)
    matching = [c for c in crew if set(c.affiliation) & set(ship_aff)]
    assignment = _assign(needs, crew)
    icons = ", ".join(needs) or "none"
    if assignment is None:
        t.step(f"{ship.name} needs {icons}, each icon from a different unstopped personnel aboard "
               f"({'Command may stand in for Staff' }); its usable crew ({names(crew)}) cannot provide them "
               "all.",
               staff_rule, *([] if e2 else [R.STAFFING_CLARIFIED_1E]))
    else:
        given = "; ".join(f"{c.name} provides {needs[i]}" for i, c in sorted(assignment.items()))
        t.step(f"{ship.name}'s staffing icons ({icons}) are each met by a different personnel: "
               f"{given or 'none needed'}.",
               staff_rule)
    if matching:
        t.step(f"{names(matching[:1])} is a personnel of the ship's affiliation ({', '.join(ship_aff)}) "
               "aboard.",
               staff_rule)
    else:
        t.step(f"No unstopped personnel of the ship's affiliation ({', '.join(ship_aff)}) is aboard.",
               staff_rule)
    return assignment is not None and bool(matching)


def ask_staffed(ask: Ask):
    ship = ask.card("ship", "ship")
    ok = staffed(ask, ship)
    crew = [c for c in ask.s.in_play() if ship.id in (c.aboard, c.on)]
    ask.text_rules([ship, *crew], "staff")
    answer = f"{'Yes' if ok else 'No'}: {ship.name} is {'' if ok else 'not '}staffed."
    return ANSWERS[ok], answer, {"staffed": ok}


# --- moving ---------------------------------------------------------------------------------

def _order_checks(ask: Ask, card: Card, what: str) -> list[str]:
    """Moving and beaming are orders: the commanding player's turn, the orders segment, unstopped."""
    s, t = ask.s, ask.t
    e2 = s.edition == "2e"
    problems = []
    turn = ask.turn()
    if card.commander != turn:
        problems.append(f"it is {turn}'s turn, and {card.name} is commanded by {card.commander}")
        t.step(f"Only the player whose turn it is executes orders; {card.name} is not {turn}'s.",
               R.ORDERS_SEGMENT_2E if e2 else R.EXECUTE_ORDERS_1E)
    phase_ok = ("orders",) if e2 else ("play", "orders")
    if s.phase is not None and s.phase not in phase_ok:
        problems.append(f"{what} is an order, and it is the {s.phase} segment")
        t.step(f"{what.capitalize()} is an order, given only while executing orders; it is the {s.phase} "
               "segment.", R.ORDERS_SEGMENT_2E if e2 else R.EXECUTE_ORDERS_1E)
    elif not e2 and s.phase == "play":
        t.step(f"{what.capitalize()} begins executing orders: any normal card play not yet used is "
               "forfeited.",
               R.CARD_PLAY_1E, R.EXECUTE_ORDERS_1E)
    if card.stopped:
        problems.append(f"{card.name} is stopped")
        t.step(f"{card.name} is stopped; a stopped card cannot execute orders.",
               R.EXECUTE_ORDERS_2E if e2 else R.STOPPED_1E)
    return problems


def ask_move(ask: Ask):
    s = ask.s
    ship = ask.card("ship", "ship")
    to = ask.mission("to")
    return (_move_2e if s.edition == "2e" else _move_1e)(ask, ship, to)


def _range_left(ask: Ask, ship: Card) -> int:
    rng = ask.attr(ship, "range", "moving needs the ship's Range")
    ask.note_changes(rng, f"{ship.name}'s Range", R.RANGE_2E if ask.s.edition == "2e" else R.FLY_1E)
    left = max(0, rng.value - ship.range_used)
    if ship.range_used:
        ask.t.step(f"{ship.name} has used {ship.range_used} of its {rng.value} Range this turn; {left} is "
                   "left (Range is restored only at the end of the turn).",
                   R.RANGE_2E if ask.s.edition == "2e" else R.FLY_1E)
    return left


def _departure(ask: Ask, ship: Card) -> tuple[list[str], Mission, bool]:
    """What every move starts from: the order checks, where the ship is, and whether it is staffed."""
    problems = _order_checks(ask, ship, "moving a ship")
    at_id = ask.s.location_of(ship)
    if at_id is None:
        raise ScenarioError(f"{ship.where}.at", "missing: moving needs the mission where the ship is")
    is_staffed = staffed(ask, ship)
    if not is_staffed:
        problems.append(f"{ship.name} is not staffed")
        ask.t.step("A ship must be staffed in order to move.",
                   R.MOVING_2E if ask.s.edition == "2e" else R.STAFFING_1E)
    return problems, ask.s.mission(at_id), is_staffed


def _move_text(ask: Ask, ship: Card) -> None:
    """Text on the ship, aboard it or placed on it that speaks of moving is not applied: a doubt."""
    near = [c for c in ask.s.in_play() if ship.id in (c.aboard, c.on)]
    ask.text_rules([ship, *near], "move", "moving", "moves", acting=[ship])


def _move_2e(ask: Ask, ship: Card, to: Mission):
    s, t = ask.s, ask.t
    problems, here, is_staffed = _departure(ask, ship)
    left = _range_left(ask, ship)
    _move_text(ask, ship)
    if here.id == to.id:
        needed = 0
        problems.append(f"{ship.name} is already at {to.title or to.id}")
        t.step(f"{ship.name} is already at {to.title or to.id}; moving places a ship at another mission.",
               R.RANGE_2E)
    elif s.same_mission(here.id, to.id):
        needed = 0
        t.step(f"{here.title} and its copy are the same mission: the ship may be relocated to the copy "
               "without moving, using no Range.", R.SAME_MISSION_2E)
    else:
        a = s.need(here, "span", "moving needs the span of the mission the ship leaves")
        b = s.need(to, "span", "moving needs the span of the mission the ship goes to")
        needed = a + b
        text = f"Spans {a} + {b} = {needed} Range"
        adjust = []
        if here.quadrant != to.quadrant:
            needed += R.QUADRANT_RANGE_PENALTY
            adjust.append(f"+{R.QUADRANT_RANGE_PENALTY} because the missions are in different quadrants "
                          f"({here.quadrant}, {to.quadrant})")
        if here.region and to.region and here.region.lower() == to.region.lower():
            needed -= R.REGION_RANGE_BONUS
            adjust.append(f"−{R.REGION_RANGE_BONUS} because both are in the region {here.region}")
        needed = max(0, needed)
        if adjust:
            t.step(f"{text}, {'; '.join(adjust)}: {needed} Range.", R.RANGE_2E, R.RANGE_ADJUST_2E)
        else:
            t.step(f"{text}; both missions are in the {here.quadrant.title()} Quadrant, no region in common.",
                   R.RANGE_2E, R.RANGE_ADJUST_2E)
    if needed > left:
        problems.append(f"the move needs {needed} Range and {ship.name} has {left} left")
    t.step(f"{needed} is {'not ' if needed <= left else ''}higher than the {left} Range available, so the "
           f"Range {'allows' if needed <= left else 'does not allow'} the move.", R.RANGE_2E)
    facts = {"range_needed": needed, "range_left": left, "staffed": is_staffed}
    return _verdict(ship, to, problems, facts)


def _verdict(ship: Card, to: Mission, problems: list[str], facts: dict):
    dest = to.title or to.id
    if problems:
        return "illegal", f"No. {ship.name} may not move to {dest}: {'; '.join(problems)}.", facts
    return "legal", (f"Yes. {ship.name} may move to {dest}: it needs {facts['range_needed']} Range and has "
                     f"{facts['range_left']} left."), facts


def _move_1e(ask: Ask, ship: Card, to: Mission):
    s, t = ask.s, ask.t
    if not s.spaceline:
        raise ScenarioError("spaceline", "missing: 1E movement needs the order of locations on the spaceline")
    line_of = {mid: (q, i) for q, ids in s.spaceline.items() for i, mid in enumerate(ids)}
    problems, here, is_staffed = _departure(ask, ship)
    _move_text(ask, ship)
    for m in (here, to):
        if m.id not in line_of:
            raise ScenarioError("spaceline", f"missing: '{m.id}' is not on the spaceline")
    if ship.docked:
        dock = s.cards.get(ship.docked)
        t.step(f"{ship.name} is docked at {dock.name if dock else ship.docked}; undocking uses no RANGE but "
               "needs the ship staffed.", R.DOCKING_1E)
    left = _range_left(ask, ship)
    (qa, ia), (qb, ib) = line_of[here.id], line_of[to.id]
    needed = 0
    if qa != qb:
        problems.append(f"{here.title or here.id} and {to.title or to.id} are in different quadrants")
        t.step(f"{here.title or here.id} is in the {qa.title()} Quadrant and {to.title or to.id} in the "
               f"{qb.title()} Quadrant; moving between quadrants is not legal unless a card allows it.",
               R.QUADRANTS_1E)
        needed = None
    elif ia == ib:
        problems.append(f"{ship.name} is already at {to.title or to.id}")
        t.step(f"{ship.name} is already at {to.title or to.id}.", R.FLY_1E)
    else:
        ids = s.spaceline[qa]
        path = ids[ia + 1: ib + 1] if ib > ia else ids[ib:ia]
        why = "1E movement adds the span of every location moved to or passed"
        spans = [s.need(s.mission(m), "span", why)
                 for m in path]
        needed = sum(spans)
        names_ = ", ".join(f"{s.mission(m).title or m} ({n})" for m, n in zip(path, spans, strict=True))
        t.step(f"Moving from {here.title or here.id} to {to.title or to.id} adds the span of every location "
               f"moved to or passed, not the starting one: {names_} = {needed} RANGE.", R.FLY_1E)
        if needed > left:
            problems.append(f"the move needs {needed} RANGE and {ship.name} has {left} left")
        t.step(f"{ship.name} has {left} RANGE left this turn, {'enough' if needed <= left else 'not enough'} "
               f"for {needed}.", R.FLY_1E)
    facts = {"range_needed": needed, "range_left": left, "staffed": is_staffed}
    return _verdict(ship, to, problems, facts)


# --- beaming --------------------------------------------------------------------------------

def ask_beam(ask: Ask):
    s = ask.s
    cards = ask.cards("cards", "personnel", "equipment")
    if not cards:
        raise ScenarioError("question.cards", "name at least one card to beam")
    dest_id = ask.q.get("to")
    if not isinstance(dest_id, str) or (dest_id not in s.cards and dest_id not in s.missions):
        raise ScenarioError("question.to", f"no ship, facility or mission '{dest_id}'")
    hosts = [s.cards[c.aboard] for c in cards if c.aboard in s.cards]
    ask.text_rules([*cards, *hosts, s.cards.get(dest_id)], "beam", "transport", acting=cards)
    return (_beam_2e if s.edition == "2e" else _beam_1e)(ask, cards, dest_id)


def _where(ask: Ask, card: Card) -> tuple[str, Card | None]:
    loc = ask.s.location_of(card)
    if loc is None:
        raise ScenarioError(f"{card.where}.at", "missing: beaming needs the mission where the card is")
    host = ask.s.cards.get(card.aboard) if card.aboard else None
    return loc, host


def _beam_2e(ask: Ask, cards: list[Card], dest_id: str):
    s, t = ask.s, ask.t
    turn = ask.turn()
    problems: list[str] = []
    for card in cards:
        problems += _order_checks(ask, card, "beaming")
    places = {c.id: _where(ask, c) for c in cards}
    missions = {loc for loc, _ in places.values()}
    if len({s.missions[m].title or m for m in missions}) > 1:
        problems.append("the cards are at different missions")
    here = next(iter(missions))
    ships = [c for c in s.in_play() if c.has_type("ship") and c.commander == turn
             and s.same_mission(s.location_of(c), here)]
    if ships:
        t.step(f"{turn} commands {names(ships[:1])} at that mission, so beaming is possible there.",
               R.BEAMING_2E)
    else:
        problems.append(f"{turn} commands no ship at that mission")
        t.step(f"To beam, you must command a ship at that same mission; {turn} commands none there.",
               R.BEAMING_2E)
    for card in cards:
        _, host = places[card.id]
        if host is not None and host.commander != turn:
            problems.append(f"{card.name} is aboard an opponent's ship")
            t.step(f"{card.name} is aboard {host.name}, which {turn} does not command; you beam only from "
                   "your own ships.", R.BEAMING_2E)
    if dest_id in s.cards:
        dest = s.cards[dest_id]
        if not dest.has_type("ship"):
            raise ScenarioError("question.to", f"'{dest_id}' is a {dest.type}; beam to a ship or a mission")
        if dest.commander != turn:
            problems.append(f"{dest.name} is an opponent's ship")
            t.step(f"{dest.name} is commanded by {dest.commander}: you cannot beam aboard an opponent's "
                   "ship.",
                   R.BEAMING_2E)
        if not s.same_mission(s.location_of(dest), here):
            problems.append(f"{dest.name} is at another mission")
            t.step("Beaming cannot be used to move from one mission to another mission.", R.BEAMING_2E)
        already = [c for c in cards if c.aboard == dest.id]
        if already:
            problems.append(f"{names(already)} {'is' if len(already) == 1 else 'are'} already aboard "
                            f"{dest.name}")
            t.step(f"{names(already)} {'is' if len(already) == 1 else 'are'} already aboard {dest.name}.",
                   R.BEAMING_2E)
        dest_name = dest.name
    else:
        mission = s.missions[dest_id]
        dest_name = _down_to(ask, mission, here, ("planet", "headquarters"), problems, R.BEAMING_2E,
                             "You beam down only to a planet or headquarters mission",
                             "Beaming cannot be used to move from one mission to another mission.")
        on_surface = [c for c in cards if places[c.id][1] is None]
        if on_surface and s.same_mission(mission.id, here):
            problems.append(f"{names(on_surface)} {'is' if len(on_surface) == 1 else 'are'} already on "
                            f"{dest_name}")
            t.step(f"{names(on_surface)} {'is' if len(on_surface) == 1 else 'are'} not aboard a ship; you "
                   "beam down from your ship.", R.BEAMING_2E)
    if not problems:
        t.step(f"{names(cards)} may beam to {dest_name}: same mission, a ship of yours there, and a "
               "destination you may beam to.", R.BEAMING_2E)
    return _beam_verdict(cards, dest_name, problems)


def _down_to(ask: Ask, mission: Mission, here: str, kinds: tuple[str, ...], problems: list[str],
             rule: R.Rule, only: str, same_place: str) -> str:
    """Beaming to a mission: one of these kinds, and the mission the cards are at."""
    name = mission.title or mission.id
    kind = ask.s.need(mission, "type", "beaming to a mission depends on its type")
    if kind not in kinds:
        problems.append(f"{name} is a {kind} mission")
        ask.t.step(f"{only}; {name} is a {kind} mission.", rule)
    if not ask.s.same_mission(mission.id, here):
        problems.append(f"{name} is another mission")
        ask.t.step(same_place, rule)
    return name


def _beam_verdict(cards: list[Card], dest: str, problems: list[str]):
    if problems:
        why = "; ".join(dict.fromkeys(problems))
        return "illegal", f"No. {names(cards)} may not beam to {dest}: {why}.", {}
    return "legal", f"Yes. {names(cards)} may beam to {dest}.", {}


def _beam_1e(ask: Ask, cards: list[Card], dest_id: str):
    s, t = ask.s, ask.t
    turn = ask.turn()
    problems: list[str] = []
    for card in cards:
        if card.commander != turn:
            problems.append(f"{card.name} is not {turn}'s")
            t.step(f"Only the player whose turn it is beams, and only their own personnel; {card.name} is "
                   f"not {turn}'s.", R.EXECUTE_ORDERS_1E, R.BEAM_1E)
        if card.stopped:
            problems.append(f"{card.name} is stopped")
            t.step(f"{card.name} is stopped; stopped cards may not be beamed.", R.STOPPED_1E)
    if s.phase is not None and s.phase not in ("play", "orders"):
        problems.append(f"it is the {s.phase} phase")
        t.step(f"Beaming is an order; it is the {s.phase} phase.", R.EXECUTE_ORDERS_1E)
    places = {c.id: _where(ask, c) for c in cards}
    here = next(iter(places.values()))[0]
    if any(not s.same_mission(loc, here) for loc, _ in places.values()):
        problems.append("the cards are at different locations")
    sources = {host.id: host for _, host in places.values() if host is not None}
    if dest_id in s.cards:
        dest = s.cards[dest_id]
        if not dest.has_type("ship", "facility"):
            raise ScenarioError("question.to", f"'{dest_id}' is a {dest.type}; beam to a ship, a facility "
                                               "or a planet")
        dest_name = dest.name
        if not s.same_mission(s.location_of(dest), here):
            problems.append(f"{dest.name} is at another location")
            t.step("Transporters beam only between ships, facilities and a planet at the same location.",
                   R.BEAM_1E)
        if dest.commander != turn:
            shields = ask.attr(dest, "shields", "beaming aboard an opponent's ship depends on its SHIELDS")
            if shields.value > 0:
                problems.append(f"{dest.name} is an opponent's shielded {dest.type}")
                t.step(f"{dest.name} is {dest.commander}'s and has SHIELDS {shields.value}: you may beam to "
                       "an opponent's ship or facility only if it is unshielded.", R.BEAM_1E)
            else:
                t.step(f"{dest.name} is {dest.commander}'s but unshielded, so you may beam to it.", R.BEAM_1E)
        transporters = [c for c in [*sources.values(), dest] if c.commander == turn]
    else:
        mission = s.missions[dest_id]
        dest_name = _down_to(ask, mission, here, ("planet", "dual"), problems, R.BEAM_1E,
                             "Transporters beam to a planet's surface only at a Planet location",
                             "Transporters beam only at the same location.")
        transporters = [c for c in sources.values() if c.commander == turn]
    if not transporters:
        problems.append(f"no ship or facility {turn} controls is at either end of the beaming")
        t.step("You beam with the transporters of a ship or facility you control, to or from that ship or "
               "facility.", R.BEAM_1E)
    if not problems:
        t.step(f"{names(cards)} may beam to {dest_name} with the transporters of {names(transporters[:1])}.",
               R.BEAM_1E)
    return _beam_verdict(cards, dest_name, problems)
