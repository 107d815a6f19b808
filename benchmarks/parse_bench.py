"""Cards parsed per second over the sample card files, in-process, after the grammar is loaded.

    python benchmarks/parse_bench.py [CARDS.jsonl ...]   (default: the bundled pool, cards/1e/*.jsonl)

Every card is parsed once per round, five rounds, with ``parse_card``. No result is cached
across rounds: each round starts with the clause shapes' readings emptied (clause_grammar.py keeps
them within a reading, where card text repeats its shapes), and only pure per-word vocabulary
lookups stay. The figure is all parses over the total time, the first
round included. The baseline runs alongside: the same cards only cleaned and tokenized (the
lexer's pass, the part no grammar change touches), and the ratio says how many times that the
whole reading costs. Also times the hostile inputs of the acceptance list, up to 10,000 characters
(what ``/api/parse`` accepts) and, in-process only, 200 KB; each must parse in well under a second.
"""

from __future__ import annotations

import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.cardtext import load, parse, parse_card  # noqa: E402
from judge.cardtext.clause_grammar import clear_shape_caches  # noqa: E402
from judge.cardtext.lexer import clean, tokenize  # noqa: E402
from judge.cardtext.report import read_cards  # noqa: E402

HOSTILE = {
    "10,000 characters of 'When '": "When " * 2000,
    "unbalanced braces and brackets": ("{[" * 2500)[:10_000],
    "control characters": "\x00\x01\x1b Destroy an event. " * 400,
    "10,000 characters of real card text": ("Each of your personnel present is STRENGTH +1. " * 250)[:10_000],
    "one 10,000-character sentence": "your " * 2000,
    # each title of two words is looked for again where the text names it bare
    "700 titles, then their first words": ("".join(f"{{Tx X{i}}} " for i in range(700))
                                           + "Tx " * 1500)[:10_000],
    # every comma might end the prefix: the clause grammar's search, bounded by its budget
    "a prefix listing 1,400 names": "If Data" + ", Data" * 1400 + " present, draw a card.",
    # each phrase of qualifiers looks on for the card type they may share: from a run's start only
    # (was quadratic, ~50 s at 200 KB)
    "900 skills joined by OR": ("Physics OR " * 910)[:10_000],
    # a pool card's trailing condition with "if" 3,000 times: a condition with no verb before the next
    # is told before where the clause goes on is looked for (each "if" looked along the rest: 0.9 s)
    "3,000 'if' in a trailing condition": ("Kills one Away Team member unless STRENGTH>44 OR you bribe "
                                           "rebels first by discarding an Equipment card, " + "if " * 3000
                                           + "present.")[:10_000],
    # conditions each holding the next, 550 deep: a bound on the depth (past Python's stack, a 500)
    "550 nested 'where' conditions": "Your personnel are " + "STRENGTH +2 where " * 550 + "present.",
}


# Longer than /api/parse accepts (it answers 413), but parse() itself must stay fast.
HOSTILE_200KB = {
    "200 KB of 'When '": "When " * 40_000,
    "200 KB of unbalanced braces and brackets": "{[" * 100_000,
    "200 KB of real card text": ("Each of your personnel present is STRENGTH +1. " * 5000)[:200_000],
    # each bare first word is looked up once per title length, not once per title (was ~40 s)
    "200 KB of titles, then their first words": ("".join(f"{{Tx X{i}}} " for i in range(14_000))
                                                 + "Tx " * 20_000)[:200_000],
    # one effect with 25,000 objects: the predicate's states list them in linear time (was ~3 s)
    "200 KB of one verb's objects": "Discard " + "a card, " * 24_999,
    # 15,000 sentences: what the output holds is recorded per sentence (a record kept for the whole
    # card, copied by each reading that may fail, was ~3 s)
    "200 KB of short sentences": ("Draw a card. " * 15_400)[:200_000],
    # a list of 33,000 verbs sharing one modal: which of them are in the list is one pass from the end
    # (a scan from each verb on was quadratic: 8.6 s at 48 KB)
    "200 KB of one list of verbs": "You may draw" + ", draw" * 33_000 + ", and draw.",
    # thousands of later subjects with places: the clause is rebuilt once, not once per subject
    "200 KB of subjects with places": "Your ships are RANGE +1" + ", and your personnel with Honor are "
                                      "STRENGTH +2" * 4_200 + ".",
    # thousands of "where present" phrases: the tokens are rebuilt once, not once per phrase
    "200 KB of skills joined by OR": ("Physics OR " * 18_200)[:200_000],
    # 20,000 qualifiers sharing one card type: each is a group of that type, made once
    "200 KB of qualifiers before one card type": "Kill a MEDICAL" + ", SCIENCE" * 19_990
                                                 + " or ENGINEER personnel.",
    "200 KB of ships where present": ("Your ships where present are RANGE +2, and " * 4_500)[:200_000] + "x.",
    # a subject of 20,000 joined nouns: whether each is a group of its own is asked of a head of
    # bounded length (the whole run, asked at each joint, was quadratic: ~35 s)
    "200 KB of nouns joined by and": "Ship and " * 22_000 + "facilities report here.",
    # 40,000 "both" before one "and": one pass from the end (then 20,000 adverbs, each told by a look
    # at its neighbours, not a copy of the clause: that copy was quadratic, ~5 s)
    "200 KB of both": "Has both " + "both " * 40_000 + "Honor and Law.",
    # one count of a group listing 28,000 more: the groups are gathered and set once (added to the
    # count's phrase one by one, each a copy of the list so far, they were quadratic: ~2 s)
    "200 KB of groups after one of": "Discard one of your " + "cards, " * 28_000 + "or ships.",
    # a trailing condition, then 25,000 commas where the clause might go on: the search for where it
    # does tries each, within a budget that grows by two tokens an item past a real sentence's length
    # (by eight, it was 1.5 s)
    "200 KB of commas after a condition": "One member is stopped if score is odd" + ", killed" * 25_000
                                          + " otherwise.",
}


def throughput(cards: list[dict], rounds: int) -> tuple[float, float]:
    """All parses over the wall time, and the best round's cards per CPU second (steadier on a
    shared machine, where another process's load shows in the first figure, not the second)."""
    started = time.perf_counter()
    best = float("inf")
    for _ in range(rounds):
        clear_shape_caches()  # each round reads the pool afresh: no clause shape from the round before
        cpu = time.process_time()
        for card in cards:
            parse_card(card)
        best = min(best, time.process_time() - cpu)
    return len(cards) * rounds / (time.perf_counter() - started), len(cards) / best


def tokenize_rate(cards: list[dict], rounds: int) -> float:
    started = time.perf_counter()
    for _ in range(rounds):
        for card in cards:
            tokenize(clean(str(card.get("text") or "")))
    return len(cards) * rounds / (time.perf_counter() - started)


def main(argv: list[str]) -> None:
    paths = [Path(p) for p in argv] or sorted((ROOT / "cards" / "1e").glob("*.jsonl"))
    cards = read_cards(paths)
    # The figures are the interpreter's as much as the code's: the same code runs about 15% faster on
    # a distribution's CPython (built with profile-guided optimisation) than on one built from source
    # with the defaults (pyenv's), so each run says which it was.
    print(f"python: {platform.python_implementation()} {platform.python_version()} "
          f"({platform.python_build()[1]}, {platform.python_compiler()}) at {sys.executable}")
    started = time.perf_counter()
    load()
    print(f"grammar load: {time.perf_counter() - started:.3f} s")
    parse_card(cards[0])  # warm the vocabulary tables
    rounds = 5
    ours, steady = throughput(cards, rounds)
    lexing = tokenize_rate(cards, rounds)
    n = len(cards) * rounds
    print(f"cards: {len(cards)} x {rounds} rounds = {n} parses")
    print(f"throughput: {ours:,.0f} cards/s (best round: {steady:,.0f} cards per CPU second)")
    print(f"baseline (clean + tokenize only): {lexing:,.0f} cards/s; the whole reading costs "
          f"{lexing / ours:.2f}x that")
    for name, text in {**HOSTILE, **HOSTILE_200KB}.items():
        started = time.perf_counter()
        result = parse(text)
        took = time.perf_counter() - started
        print(f"hostile: {name:<40} {took * 1000:8.1f} ms  abilities={len(result.abilities)} "
              f"unparsed={len(result.unparsed)}")


if __name__ == "__main__":
    main(sys.argv[1:])
