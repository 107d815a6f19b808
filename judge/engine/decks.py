"""Deck legality (both editions) and the 2E winner."""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import rules as R
from .context import Ask
from .scenario import ScenarioError, norm

_DECK_KEYS = {"title", "type", "count", "subtitle", "universal", "location", "seeded"}
DECK_TYPES_2E = ("personnel", "ship", "equipment", "event", "interrupt")


def _entries(ask: Ask) -> list[dict[str, Any]]:
    deck = ask.q.get("deck")
    if not isinstance(deck, list):
        raise ScenarioError("question.deck", "expected a list of {title, type, count}")
    if len(deck) > 2000:
        raise ScenarioError("question.deck", "more than 2,000 lines")
    out = []
    for i, item in enumerate(deck):
        where = f"question.deck[{i}]"
        if not isinstance(item, dict):
            raise ScenarioError(where, "expected a mapping {title, type, count}")
        extra = set(item) - _DECK_KEYS
        if extra:
            raise ScenarioError(f"{where}.{sorted(extra)[0]}", "unknown key (known: "
                                                               f"{', '.join(sorted(_DECK_KEYS))})")
        for key in ("title", "type"):
            if not isinstance(item.get(key), str) or not item[key].strip():
                raise ScenarioError(f"{where}.{key}", "missing: each line needs a title and a type")
        count = item.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0 or count > 10_000:
            raise ScenarioError(f"{where}.count", "expected a whole number of copies (0 or more)")
        for key in ("universal", "seeded"):
            if key in item and not isinstance(item[key], bool):
                raise ScenarioError(f"{where}.{key}", "expected true or false")
        for key in ("subtitle", "location"):
            if item.get(key) is not None and not isinstance(item[key], str):
                raise ScenarioError(f"{where}.{key}", "expected text")
        out.append({**item, "count": count, "kind": norm(item["type"]), "key": norm(item["title"])})
    return out


def ask_deck(ask: Ask):
    entries = _entries(ask)
    violations = (_deck_2e if ask.s.edition == "2e" else _deck_1e)(ask, entries)
    if violations:
        return "illegal", "No. The deck is not legal: " + " ".join(violations), {"violations": violations}
    return "legal", "Yes. The deck is legal.", {"violations": []}


def _deck_2e(ask: Ask, entries: list[dict]) -> list[str]:
    t = ask.t
    v: list[str] = []
    missions = [e for e in entries if e["kind"] == "mission"]
    dilemmas = [e for e in entries if e["kind"] == "dilemma"]
    deck = [e for e in entries if e["kind"] not in ("mission", "dilemma")]
    odd = sorted({e["type"] for e in deck if e["kind"] not in DECK_TYPES_2E})
    if odd:
        v.append(f"A Second Edition deck holds only personnel, ships, equipment, events and interrupts "
                 f"(not {', '.join(odd)}).")
    n_missions = sum(e["count"] for e in missions)
    distinct = len({e["key"] for e in missions if e["count"]})
    if n_missions != R.DECK_MISSIONS_2E or distinct != n_missions:
        v.append(f"It has {n_missions} missions ({distinct} different); it needs exactly "
                 f"{R.DECK_MISSIONS_2E} "
                 "different missions.")
    t.step(f"Missions: {n_missions}, {distinct} different; exactly {R.DECK_MISSIONS_2E} different are "
           "required.",
           R.DECK_2E)
    n_dilemmas = sum(e["count"] for e in dilemmas)
    if n_dilemmas < R.DECK_MIN_DILEMMAS_2E:
        v.append(f"The dilemma pile has {n_dilemmas} dilemmas; it needs at least {R.DECK_MIN_DILEMMAS_2E}.")
    t.step(f"Dilemma pile: {n_dilemmas} dilemmas; at least {R.DECK_MIN_DILEMMAS_2E} are required.", R.DECK_2E)
    n_deck = sum(e["count"] for e in deck)
    if n_deck < R.DECK_MIN_DRAW_2E:
        v.append(f"The deck has {n_deck} cards; it needs at least {R.DECK_MIN_DRAW_2E}.")
    t.step(f"Deck: {n_deck} cards; at least {R.DECK_MIN_DRAW_2E} are required.", R.DECK_2E)
    copies: Counter[str] = Counter()
    shown: dict[str, str] = {}
    for e in deck + dilemmas:
        copies[e["key"]] += e["count"]
        shown.setdefault(e["key"], e["title"])
    over = [(k, n) for k, n in copies.items() if n > R.MAX_COPIES_2E]
    for k, n in over:
        v.append(f"{n} copies of {shown[k]} (subtitles ignored); no more than {R.MAX_COPIES_2E} of each "
                 "card title.")
    listed = ", ".join(f"{shown[k]} ×{n}" for k, n in over)
    t.step(f"No card title may appear more than {R.MAX_COPIES_2E} times, ignoring subtitles"
           f"{': ' + listed + ' exceed it' if over else '; none does'}.", R.DECK_2E)
    return v


def _deck_1e(ask: Ask, entries: list[dict]) -> list[str]:
    t = ask.t
    v: list[str] = []
    seed = [e for e in entries if e.get("seeded") or e["kind"] == "mission"]
    draw = [e for e in entries if e not in seed]
    missions = [e for e in seed if e["kind"] == "mission"]
    n_missions = sum(e["count"] for e in missions)
    if n_missions != R.SEED_MISSIONS_1E:
        v.append(f"The seed deck has {n_missions} missions; it must have exactly {R.SEED_MISSIONS_1E}.")
    t.step(f"Missions: {n_missions}; the seed deck must include exactly {R.SEED_MISSIONS_1E}.",
           R.SEED_DECK_1E)
    locations: Counter[str] = Counter()
    for e in missions:
        if e.get("universal"):
            continue
        locations[norm(e.get("location") or e["title"])] += e["count"]
    same = [k for k, n in locations.items() if n > 1]
    if same:
        v.append(f"Two or more missions share a location ({', '.join(same)}); each must be at a different "
                 "location unless it is universal.")
    t.step("Each mission must be at a different location; universal missions may be included in several "
           f"copies{' — ' + ', '.join(same) + ' repeats' if same else ''}.", R.SEED_DECK_1E, R.UNIVERSAL_1E)
    sites = sum(e["count"] for e in seed if e["kind"] == "site")
    counted = sum(e["count"] for e in seed if e["kind"] not in ("mission", "site"))
    counted += max(0, sites - R.SEED_FREE_SITES_1E)
    if counted > R.SEED_LIMIT_1E:
        v.append(f"The seed deck has {counted} cards besides missions and up to {R.SEED_FREE_SITES_1E} "
                 f"sites; no more than {R.SEED_LIMIT_1E} are allowed.")
    t.step(f"Seed deck: {counted} cards count toward the limit of {R.SEED_LIMIT_1E} (missions and up to "
           f"{R.SEED_FREE_SITES_1E} sites do not).", R.SEED_DECK_1E, R.DECK_1E)
    seeded: Counter[str] = Counter()
    shown: dict[str, str] = {}
    for e in seed:
        if e["kind"] in ("dilemma", "artifact"):
            seeded[e["key"]] += e["count"]
            shown.setdefault(e["key"], e["title"])
    over = [k for k, n in seeded.items() if n > R.SEEDED_COPIES_1E]
    for k in over:
        v.append(f"{seeded[k]} copies of {shown[k]} are seeded; no more than {R.SEEDED_COPIES_1E} copies of "
                 "a card may be seeded under missions.")
    t.step(f"No more than {R.SEEDED_COPIES_1E} copies of any card may be seeded under missions"
           f"{': ' + ', '.join(shown[k] for k in over) + ' exceed it' if over else '; none exceeds it'}.",
           R.DILEMMA_SEED_LIMIT_1E)
    n_draw = sum(e["count"] for e in draw)
    if n_draw < R.DRAW_DECK_MIN_1E:
        v.append(f"The draw deck has {n_draw} cards; it needs at least {R.DRAW_DECK_MIN_1E}.")
    t.step(f"Draw deck: {n_draw} cards; at least {R.DRAW_DECK_MIN_1E} are required.", R.DRAW_DECK_1E,
           R.DECK_1E)
    banned = sorted({e["type"] for e in draw if e["kind"] in R.DRAW_DECK_BANNED_1E})
    if banned:
        v.append(f"The draw deck may not include {', '.join(banned)} cards.")
        t.step("Tactic, Tribble, Trouble and Q-icon cards may not be put in the draw deck.", R.DRAW_DECK_1E)
    return v


# --- winning (2E) ---------------------------------------------------------------------------

def ask_winner(ask: Ask):
    t = ask.t
    scores = ask.q.get("scores")
    if not isinstance(scores, dict) or not scores:
        raise ScenarioError("question.scores", "expected {player: {points, planet, space, deck_cards}}")
    rows = {}
    for player, row in scores.items():
        where = f"question.scores.{player}"
        ask.player(player, where)
        if not isinstance(row, dict):
            raise ScenarioError(where, "expected {points, planet, space, deck_cards}")
        extra = set(row) - {"points", "planet", "space", "deck_cards"}
        if extra:
            raise ScenarioError(f"{where}.{sorted(extra)[0]}", "unknown key (known: points, planet, space, "
                                                               "deck_cards)")
        points = row.get("points")
        if isinstance(points, bool) or not isinstance(points, int):
            raise ScenarioError(f"{where}.points", "missing: a whole number of points")
        for key in ("planet", "space"):
            if not isinstance(row.get(key, False), bool):
                raise ScenarioError(f"{where}.{key}", "expected true or false")
        cards = row.get("deck_cards")
        if cards is not None and (isinstance(cards, bool) or not isinstance(cards, int) or cards < 0):
            raise ScenarioError(f"{where}.deck_cards", "expected a whole number of cards")
        rows[player] = (points, bool(row.get("planet")), bool(row.get("space")), cards)
    won = [p for p, (pts, pl, sp, _) in rows.items() if pts >= R.WINNING_POINTS and pl and sp]
    for p, (pts, pl, sp, _) in rows.items():
        missing = [w for w, ok in (("100 points", pts >= R.WINNING_POINTS), ("a planet mission", pl),
                                   ("a space mission", sp)) if not ok]
        t.step(f"{p}: {pts} points, {'a' if pl else 'no'} planet mission, {'a' if sp else 'no'} space mission"
               f"{' — missing ' + ', '.join(missing) if missing else ' — all three conditions met'}.",
               R.WINNING_2E)
    if won:
        return _winners(won, "has 100 points and has completed a planet and a space mission")
    if any(c is None for *_, c in rows.values()):
        if all(c is None for *_, c in rows.values()):
            t.step("Nobody meets all three conditions, and the scenario does not say the decks ran out.",
                   R.WINNING_2E)
            return "none", "Nobody has won yet.", {"winners": []}
        raise ScenarioError("question.scores",
                            "missing: deck_cards for every player (did the decks run out?)")
    if any(c > 0 for *_, c in rows.values()):
        t.step("Nobody meets all three conditions and not every deck is empty: the game goes on.",
               R.WINNING_2E)
        return "none", "Nobody has won yet; the game goes on.", {"winners": []}
    t.step("Every player's deck is empty: the game ends.", R.WINNING_2E)
    tiers = [("who has completed a planet and a space mission", lambda r: r[1] and r[2]),
             ("who has completed any mission", lambda r: r[1] or r[2]),
             ("", lambda r: True)]
    for label, test in tiers:
        pool = {p: r for p, r in rows.items() if test(r)}
        if pool:
            best = max(r[0] for r in pool.values())
            top = [p for p, r in pool.items() if r[0] == best]
            t.step(f"The winner is the player with the highest score{' ' + label if label else ''}: "
                   f"{', '.join(top)} with {best}{' (a tie)' if len(top) > 1 else ''}.", R.WINNING_2E)
            return _winners(top, f"has the highest score{' of the players ' + label if label else ''} "
                                 "when the decks ran out")
    return "none", "Nobody wins.", {"winners": []}


def _winners(players: list[str], why: str):
    if len(players) == 1:
        return players[0], f"{players[0]} wins: {players[0]} {why}.", {"winners": players}
    return players, f"A tie between {', '.join(players)}: each {why}.", {"winners": players}
