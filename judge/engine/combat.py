"""Fighting: 2E combat (Strength) and engagements (Weapons against Shields); 1E personnel battle
pairs (stun, mortal wound) and ship battle (miss, hit, direct hit)."""

from __future__ import annotations

from fractions import Fraction

from . import rules as R
from .context import Ask, names
from .scenario import Card, ScenarioError


def _side(cards: list[Card], where: str) -> str:
    players = {c.commander for c in cards}
    if None in players:
        raise ScenarioError(where, "missing: each card needs an owner (whose side is it on?)")
    if len(players) != 1:
        raise ScenarioError(where, "the cards on one side belong to different players")
    return players.pop()


def _at_headquarters(ask: Ask, cards: list[Card], what: str) -> bool:
    """2E: neither a combat nor an engagement can begin at a headquarters mission."""
    s = ask.s
    for c in cards:
        loc = s.location_of(c)
        if loc and s.missions[loc].type == "headquarters":
            ask.t.step(f"{s.missions[loc].title or loc} is a headquarters mission: you cannot begin {what} "
                       "there, so nobody wins it.", R.COMBAT_2E if what == "combat" else R.ENGAGEMENT_2E)
            return True
    return False


def _opposing(ask: Ask, kind: str, what: str) -> tuple[list[Card], list[Card], str, str]:
    attackers = ask.cards("attackers", kind)
    defenders = ask.cards("defenders", kind)
    if not attackers or not defenders:
        raise ScenarioError("question", f"{what} needs {kind} cards on both sides")
    a_player, d_player = _side(attackers, "question.attackers"), _side(defenders, "question.defenders")
    if a_player == d_player:
        raise ScenarioError("question.defenders", "the defenders belong to the attacking player")
    return attackers, defenders, a_player, d_player


def _total(ask: Ask, player: str, cards: list[Card], attr: str, why: str, rule: R.Rule) -> int:
    """The sum of ``attr`` over ``cards`` with modifiers applied, as one step."""
    total, parts = 0, []
    for card in cards:
        v = ask.attr(card, attr, why)
        ask.note_changes(v, f"{card.name}'s {attr.title()}", rule)
        parts.append(f"{card.name} {v.value}")
        total += v.value
    ask.t.step(f"{player}'s {attr.title()}: {' + '.join(parts) or 'nobody'} = {total}.", rule)
    return total


def _winner(ask: Ask, a_player: str, a: int, d_player: str, d: int, what: str, rule: R.Rule) -> str:
    winner = a_player if a > d else d_player if d > a else "none"
    if winner == "none":
        ask.t.step(f"The totals are tied at {a}: there is no winner.", rule)
    else:
        ask.t.step(f"{winner} has the higher total ({max(a, d)} to {min(a, d)}) and wins the {what}.", rule)
    return winner


def ask_combat(ask: Ask):
    t = ask.t
    attackers, defenders, a_player, d_player = _opposing(ask, "personnel", "a combat")
    if _at_headquarters(ask, attackers + defenders, "combat"):
        return "none", "Nobody: a combat cannot begin at a headquarters mission.", {"totals": {}}
    stopped = [c for c in attackers if c.stopped]
    if stopped:
        t.step(f"The combat involves only the attacker's unstopped personnel; {names(stopped)} "
               f"{'is' if len(stopped) == 1 else 'are'} stopped and not involved.", R.COMBAT_2E)
    for c in defenders:
        if c.stopped:
            t.step(f"{c.name} is involved but stopped: the Strength of a stopped personnel cannot be used.",
                   R.COMBAT_2E, R.STOPPED_2E)
    why = "combat totals each side's Strength"
    totals = {player: _total(ask, player, [c for c in side if not c.stopped], "strength", why, R.COMBAT_2E)
              for player, side in ((a_player, attackers), (d_player, defenders))}
    a, d = totals[a_player], totals[d_player]
    winner = _winner(ask, a_player, a, d_player, d, "combat", R.COMBAT_2E)
    answer = (f"Nobody wins: the Strength totals are tied at {a}." if winner == "none" else
              f"{winner} wins the combat, {max(a, d)} Strength to {min(a, d)}.")
    return winner, answer, {"totals": totals}


def ask_engagement(ask: Ask):
    t = ask.t
    attackers, defenders, a_player, d_player = _opposing(ask, "ship", "an engagement")
    if _at_headquarters(ask, attackers + defenders, "an engagement"):
        return "none", "Nobody: an engagement cannot begin at a headquarters mission.", \
            {"attack": None, "defense": None}
    from .ships import staffed
    for ship in attackers:
        if not staffed(ask, ship):
            t.step(f"{ship.name} is not staffed; only staffed ships may be involved on the attacking side.",
                   R.ENGAGEMENT_2E)
            t.doubt([f"{ship.name} is not staffed, so the engagement as described could not take place"])
    attack = _total(ask, a_player, attackers, "weapons", "an engagement totals the attackers' Weapons",
                    R.ENGAGEMENT_2E)
    defense = _total(ask, d_player, defenders, "shields", "an engagement totals the defenders' Shields",
                     R.ENGAGEMENT_2E)
    winner = _winner(ask, a_player, attack, d_player, defense, "engagement", R.ENGAGEMENT_2E)
    answer = (f"Nobody wins: Weapons {attack} against Shields {defense} is a tie." if winner == "none" else
              f"{winner} wins the engagement: Weapons {attack} against Shields {defense}.")
    return winner, answer, {"attack": attack, "defense": defense}


def ask_battle_pair(ask: Ask):
    t = ask.t
    a = ask.card("a", "personnel")
    b = ask.card("b", "personnel")
    va = ask.attr(a, "strength", "a personnel battle compares STRENGTH")
    vb = ask.attr(b, "strength", "a personnel battle compares STRENGTH")
    ask.note_changes(va, f"{a.name}'s STRENGTH", R.PERSONNEL_BATTLE_1E)
    ask.note_changes(vb, f"{b.name}'s STRENGTH", R.PERSONNEL_BATTLE_1E)
    x, y = va.value, vb.value
    if x == y:
        t.step(f"{a.name} and {b.name} both have STRENGTH {x}: neither can stun or mortally wound the other.",
               R.PERSONNEL_BATTLE_1E)
        return "none", f"Nothing happens: both have STRENGTH {x}.", {"winner": None}
    strong, weak, hi, lo = (a, b, x, y) if x > y else (b, a, y, x)
    if hi > 2 * lo:
        hologram = any("hologram" in k.lower() for k in strong.keywords)
        if hologram and not any("hologram" in k.lower() for k in weak.keywords):
            t.step(f"{strong.name} is a hologram and may not mortally wound a non-hologram adversary.",
                   R.PERSONNEL_BATTLE_1E)
            return "stun", f"{strong.name} may stun {weak.name} (a hologram cannot mortally wound).", \
                {"winner": strong.id}
        t.step(f"{strong.name}'s STRENGTH {hi} is more than double {weak.name}'s {lo}: {strong.name} may "
               "stun or mortally wound the adversary.", R.PERSONNEL_BATTLE_1E)
        return "mortally_wound", (f"{strong.name} (STRENGTH {hi}) may stun or mortally wound {weak.name} "
                                  f"(STRENGTH {lo}): more than double."), {"winner": strong.id}
    t.step(f"{strong.name}'s STRENGTH {hi} is greater than {weak.name}'s {lo} but not more than double "
           f"({2 * lo}): {strong.name} may stun the adversary.", R.PERSONNEL_BATTLE_1E)
    answer = f"{strong.name} (STRENGTH {hi}) may stun {weak.name} (STRENGTH {lo})."
    return "stun", answer, {"winner": strong.id}


def ask_ship_battle(ask: Ask):
    t = ask.t
    attackers = ask.cards("attackers", "ship", "facility")
    target = ask.card("target", "ship", "facility")
    if not attackers:
        raise ScenarioError("question.attackers", "name at least one attacking ship or facility")
    attack_bonus = ask.integer("attack_bonus")
    defense_bonus = ask.integer("defense_bonus")
    attack = 0
    parts = []
    for ship in attackers:
        if ship.docked:
            t.step(f"{ship.name} is docked; docked ships may not fire WEAPONS.", R.DOCKING_1E)
            continue
        v = ask.attr(ship, "weapons", "a ship battle totals the attackers' WEAPONS")
        ask.note_changes(v, f"{ship.name}'s WEAPONS", R.SHIP_BATTLE_1E)
        attack += v.value
        parts.append(f"{ship.name} {v.value}")
    bonus = f" + ATTACK bonus {attack_bonus}" if attack_bonus else ""
    attack += attack_bonus
    t.step(f"ATTACK total: WEAPONS {' + '.join(parts) or '0'}{bonus} = {attack} (the bonus counts once).",
           R.SHIP_BATTLE_1E)
    shields = ask.attr(target, "shields", "a ship battle's DEFENSE starts from the target's SHIELDS")
    ask.note_changes(shields, f"{target.name}'s SHIELDS", R.SHIP_BATTLE_1E)
    defense: Fraction | int = shields.value
    detail = f"SHIELDS {shields.value}"
    if target.docked:
        facility = ask.card("target", value=target.docked, where=f"{target.where}.docked")
        fs = ask.attr(facility, "shields", "a docked ship gains 50% of the facility's SHIELDS")
        half = Fraction(fs.value, 2)
        defense += half
        detail += f" + 50% of {facility.name}'s SHIELDS {fs.value} ({_num(half)})"
        t.step(f"{target.name} is docked at {facility.name}: it gains SHIELDS equal to 50% of the "
               "facility's.",
               R.DOCKING_1E)
    if defense_bonus:
        detail += f" + DEFENSE bonus {defense_bonus}"
    defense += defense_bonus
    t.step(f"DEFENSE total: {detail} = {_num(defense)}.", R.SHIP_BATTLE_1E)
    if attack > 2 * defense:
        verdict, how = "direct_hit", f"more than double the DEFENSE total ({_num(2 * defense)})"
    elif attack > defense:
        verdict, how = "hit", "more than the DEFENSE total but not more than double it"
    else:
        verdict, how = "miss", "not more than the DEFENSE total"
    t.step(f"ATTACK {attack} is {how}: {verdict.replace('_', ' ')}.", R.SHIP_BATTLE_1E)
    answer = {"direct_hit": "A direct hit", "hit": "A hit", "miss": "A miss"}[verdict]
    return verdict, f"{answer}: ATTACK {attack} against DEFENSE {_num(defense)}.", \
        {"attack": attack, "defense": _num(defense)}


def _num(x: Fraction | int) -> int | float:
    return int(x) if Fraction(x).denominator == 1 else float(x)
