"""Card files: the hand-labelled fixture, personnel skill lists, the coverage report."""

import json
from pathlib import Path

import pytest

from judge.cardtext import parse, parse_card
from judge.cardtext.labels import card_mismatch
from judge.cardtext.report import coverage, read_cards

HERE = Path(__file__).parent
LABELLED = json.loads((HERE / "data" / "cards_labelled.json").read_text())

# How many hand-labelled cards must match their labels (judge/cardtext/labels.py says what a label
# checks). Three groups: the 59 of issue 4 (key verbs only, and the reader was tuned on them); 112
# drawn at random across every card type on 2026-11-24 and labelled from the text alone before the
# reader saw them, all effects listed, split into "simple" and "hard" (long, many-sentence texts).
# First run of the 112: 57 matched (simple 51/71, hard 6/41). Floors only move up. Five labels were
# corrected on 2026-11-26 where they disagreed with another label of the same construct or with the
# spec (each card's "relabelled" field says why). 162/171 by the reader's rules at e72394e, 163 with
# the fourth correction (Bajoran Wormhole's "effects" had left two printed verbs no place); 164 at
# 9cb8547 with the fifth (Council of Warriors, a response as the same author's Establish Dominion
# Foothold is). Floors only move up, but for one: the issue-4 label of "You may use them at any time
# on your turn." (continuous) is against most authors, who label "you may … at any time" an action
# the card offers (seven of ten; three of five the trailing form), so "issue 4" is 58 since the
# fifth session of 2026-11-26 (163/171), not relabelled; and "hard" is 35 since the ninth, when a
# price paid "by placing one … card from your hand …" became the ability's cost (Prepare the
# Prisoner's blind label lists "place" among its effects; three labels of other authors read such a
# price as a cost), not relabelled (162/171). "hard" back to 36 in the tenth (163/171): Chain Reaction
# Ricochet's "hits (but does not destroy) a ship" and "and so on" read. A sixth correction in the tenth
# (Computer Crash's "Discard event at end of your next turn.", play_effect against six other authors'
# response), which keeps it 163/171 after the rule that reads it so (162 by the label as written).
# 164/171 in the twelfth: "… if you wish." is a choice, not a condition (Orb of Prophecy and Change).
MIN_MATCHING = {"issue 4": 58, "simple": 70, "hard": 36}


def _group(card: dict) -> str:
    return "issue 4" if "issue 4" in card.get("written", "") else "hard" if card.get("hard") else "simple"


# Held out: 40 cards of the five sets the coverage figures hold out (In A Mirror Darkly, These Are
# The Voyages, What You Leave Behind, Necessary Evil, Genesis), drawn at random and labelled on
# 2026-11-26 by another author from the text and shared/spec/effects.md alone, who never ran the
# reader. Measured at 6baad5c: 24/40; at 0a72a90, after rules drawn from the 2E-style dev labels
# below: 30/40. The reader is not tuned on them: a session does not read which of them miss or why
# (this test says only how many), so the figure stays an honest one. A floor, so that a change that
# reads them worse fails. 31/40 at 9c22e6c, after the rules drawn from the 1E and rich-text dev labels;
# 33/40 at 77f6e0f, after the rules drawn from the 2E-style batch 10 ("… to make X attributes +3");
# 34/40 at f064d2d (where a card reports is a rule, not the keyword "Reports for free.").
HELD_OUT = json.loads((HERE / "data" / "cards_labelled_heldout.json").read_text())
MIN_HELD_OUT = 34
# A second held-out batch, 40 more cards of those sets (none of the first batch's), by yet another
# author on 2026-11-26, with the same rules: only the count is ever read. First run, at 9daa8c4:
# 24/40; 26/40 at 77f6e0f, 27/40 at fc988e3.
HELD_OUT_2 = json.loads((HERE / "data" / "cards_labelled_heldout_2.json").read_text())
MIN_HELD_OUT_2 = 27
# A third, 40 more (none of the first two batches'), drawn in proportion to the sets' card types, by
# another author on 2026-11-26, same rules. First run, at f1b41eb: 29/40; 30 by 60616a3, 32 at
# b355370 (counts taken after commits; which cards moved is not looked at).
HELD_OUT_3 = json.loads((HERE / "data" / "cards_labelled_heldout_3.json").read_text())
MIN_HELD_OUT_3 = 32


# Development batches, each labelled on 2026-11-26 by another author from the text and the spec
# alone (never the reader or its output): their misses are read and fixed as rules of the language.
# Each batch's first run was measured before any rule was drawn from it. Floors only move up.
DEV_BATCHES = {
    # 50 cards in the later, 2E-style templating (" 2E" titles, "If you cannot", "Order - ", …) from
    # the sets not held out. First run 33/50; 45 at 0a72a90, 48 at 9c22e6c.
    "cards_labelled_2e.json": 48,
    # 50 cards of the dev sets in 1E templating, at random across types. First run 30/50; 42 at 07a90d2,
    # 44 at 76c7ece; 43 when "Discard after mission completed." became a response, as four other
    # authors label it (_8, _9, _12, _18) and this one does not; 44 at 64005cf; 45 at 890192f.
    "cards_labelled_1e.json": 45,
    # 50 cards of the types with the richest text (events, incidents, objectives, doorways,
    # interrupts, dilemmas, a few others). First run 23/50; 40 at 5e49559, 42 at 76c7ece; 41 when
    # "During your turn, you may …" became an action, as four other authors label it (_9, _13, _15)
    # and this one does not.
    "cards_labelled_rich.json": 41,
    # 50 cards across every type (at least two of each type left). First run, at 8125a87: 35/50;
    # 41 at 8944014, 43 at 76c7ece; 44 at cb39a41; 43 since "You may discard any cards placed here
    # at any time." is an action the card offers, as "At any time, you may …" is (three authors of
    # five label the trailing "at any time" so, this one and issue 4's not).
    "cards_labelled_5.json": 43,
    # 50 cards of the commonest types. First run, at 8944014: 41/50; 45 at 5e49559, 46 at 76c7ece.
    "cards_labelled_6.json": 45,
    # 50 more of the commonest types. First run, at 5e49559: 37/50; 45 at c7f0b73.
    "cards_labelled_7.json": 45,
    # 50 cards weighted to the richest text (events, interrupts, dilemmas, objectives, incidents,
    # doorways, …), labelled from the text and spec only. First run, at 76c7ece: 31/50; 36 at
    # c26306f, 37 with one label corrected (Spacedoor names 'Red Alert!', the card's title); 38 at 2fd7569,
    # 39 at eed76d2, 40 at dfd9424; 39 when an interrupt's "For this turn: Your personnel … are CUNNING
    # +4 …" became what it does (a change that lasts a set time, as _11, _17, _18 and virtual B label
    # it on dilemmas and interrupts) and this author labels it a standing rule; 40 when a moment of
    # your turns in a condition ("… if … at end of your turn, you may probe") became when it acts.
    "cards_labelled_8.json": 40,
    # 50 cards weighted to personnel and ships with text beyond their skills, and the other types,
    # labelled from the text and spec only. First run, at 9daa8c4: 36/50; 41 at 9e95615, 42 at 2fd7569,
    # 43 when "During your turn, you may …" became an action. 42 since a parenthesis right after a
    # skill ("Treachery (May convert to Honor for rest of game).") qualifies that skill, as _12's,
    # _43's and _43b's authors label it, and this author labels it an ability of its own.
    "cards_labelled_9.json": 42,
    # 50 cards in the later, 2E-style templating ("Order - ", "If you do,", "this turn", " 2E"
    # titles), labelled from the text and spec only. First run, at 18b4bfe: 38/50; 44 at c1df7cc, 45 since.
    "cards_labelled_10.json": 45,
    # 50 more in the 2E-style templating ("Replicate", "each of your turns", …), by another author
    # from the text and spec only. First run, at 7f4b192: 41/50; 44 at c7f0b73.
    "cards_labelled_11.json": 45,
    # 50 cards in the pool's own proportions of types, by another author from the text and spec
    # only. First run, at 4909b39: 33/50; 36 at 7e2fbd6, 38 at 2fd7569, 39 at 95b0bf0. 38 since
    # Lt. Grant's "May replace … who was just randomly selected to die." is a response (this author
    # says a rule; the four authors of _33's Garak and _43's Weyoun 6, the same sentence, a response).
    "cards_labelled_12.json": 43,
    # 50 more in the pool's proportions (at least one of every type with five or more cards), labelled
    # after this session's rules were written, to measure them: first run, at 41f81b2, 40/50. No rule
    # was drawn from it alone; 42 when "At any time, you may …" became an action, a rule its labels
    # helped settle (with _9's and _15's), so it no longer measures unseen rules. 43 at dfd9424.
    "cards_labelled_13.json": 44,
    # 50 more in the 2E-style templating, in the candidates' proportions of types, by another author
    # from the text and spec only. First run, at ce01aad: 42/50; 45 at 0dd81ff, 46 at d4dafee.
    "cards_labelled_14.json": 46,
    # 50 cards of the types with rich text (dilemmas, events, interrupts, incidents, …), by another
    # author from the text and spec only. First run, at d93f7fc: 35/50; 39 at c1df7cc.
    # 38 when "Place in hand until played on any ship as an Event card." became how the artifact comes
    # into play, as three other authors label it (_12, _23 twice) and this one does not; 40 at dfd9424.
    # (41 at the fifth session of 2026-11-26's end.)
    "cards_labelled_15.json": 41,
    # 50 2E-style personnel with text beyond their skills, by another author from the text and spec
    # only. First run, at b7a60bb: 40/50; 46 at 0dd81ff, 47 at bc96916, 49 at b355370.
    "cards_labelled_16.json": 49,
    # Batches _17 to _21 first held cards an earlier batch had labelled (their sampler left out cards by
    # name, and earlier files write names with subtitles): those were removed, and each first run was
    # measured again, on the reduced batch, at the commit it was first measured at.
    # 42 in the 2E-style templating, by another author from the text and spec only. First run, at
    # e475cc2: 37/42; 40 at 77d69c3.
    "cards_labelled_17.json": 40,
    # 44 of the types with rich text (dilemmas, interrupts, events, incidents, …), by another author
    # from the text and spec only. First run, at e475cc2: 29/44; 33 at 240bdc7, 34 at the duration rule
    # (an interrupt's "… +5 until end of battle." what it does).
    # (35 at the fifth session of 2026-11-26's end.)
    "cards_labelled_18.json": 35,
    # 30 in the 2E-style templating (dilemmas, missions, events, interrupts, …), by another author
    # from the text and spec only. First run, at afcc4e8: 23/30; 24 at d833f82.
    "cards_labelled_19.json": 26,
    # 41 2E-style personnel and ships with text beyond their skills, by another author from the text
    # and spec only. First run, at afcc4e8: 34/41; 37 at 60616a3, 38 at b355370.
    "cards_labelled_20.json": 39,
    # 49 cards at random from the dev sets (the pool's proportions), labelled by another author after
    # this session's rules were written, to measure them: first run, at 3ac558a, 37/49. Its misses
    # are not read: no rule is drawn from it (two listings of labels across the dev files showed a few
    # of its lines, all read as labelled). 38 at 8d582ee; 40 when a parenthesis after a skill or a
    # download became that skill's or download's (seventh session of 2026-11-26).
    "cards_labelled_21.json": 41,
    # 36 more in the 2E-style templating, none labelled before (checked by text), by another author
    # from the text and spec only. First run, at 8d06149: 29/36; 30 at d4dafee.
    "cards_labelled_22.json": 32,
    # 49 of the rich-text types in 1E templating, none labelled before, by another author from the
    # text and spec only. First run, at 8d06149: 33/49; 37 at 95b0bf0, 38 at dfd9424, 39 when a
    # dilemma's "Nullified by …" became a standing rule; 40 when "…, killed otherwise" became the
    # dilemma's other outcome.
    "cards_labelled_23.json": 41,
    # 50 more in the 2E-style templating (21 of them bare skill lists), none labelled before, by
    # another author from the text and spec only. First run, at 614f77b: 45/50.
    "cards_labelled_24.json": 45,
    # 50 1E personnel, equipment, facilities and ships with text, none labelled before, by another
    # author from the text and spec only. First run, at ca89194: 44/50; 49 at 8d582ee, 50 when a
    # facility's "DL/ {X}" went with its downloads.
    "cards_labelled_25.json": 50,
    # 50 more in the 2E-style templating, none labelled before, by another author from the text and
    # spec only. First run, at ae8b505: 43/50.
    "cards_labelled_26.json": 43,
    # 50 rich-text cards in 1E templating (dilemmas, interrupts, events, equipment, …), none labelled
    # before, by another author from the text and spec only. First run, at 63b01c8: 32/50; 36 at 7954f0c.
    # 37 at 890192f; 36 since "During personnel battle, one of your MEDICAL present may stun …" is an
    # action the card offers (four authors of five: K's and _39's, two each; this one continuous).
    # (38 at the fifth session of 2026-11-26's end.)
    "cards_labelled_27.json": 41,
    # 50 cards at random from the dev sets (the pool's proportions), none labelled before, by another
    # author after all of this session's rules, to measure them: first run, at 5234110, 38/50. Its
    # misses are not read: no rule is drawn from it (one, an event's "You may discard one of those
    # cards …" read continuous where it is labelled play_effect, showed in a listing by mistake). 39
    # at e1e133e (the count only).
    "cards_labelled_28.json": 41,
    # Cards in the later (virtual) templating of the committee's sets after Cold Front, which the pool
    # does not have: written for these tests on 2026-11-26 by authors who read only the spec (new
    # cards in that templating where they could not recall real ones), the first 30 of each
    # labelled from the text and spec only. A and B drove rules: first runs 24/30 (A, after the
    # rules drawn from B) and 23/30 (B); 27 and 27 at e82b342.
    "cards_labelled_virtual_a.json": 27,
    # (B 28 at 167c249.)
    "cards_labelled_virtual_b.json": 27,
    # M is for measurement only, its misses not read: first run, at 625d1ee with one rule of 4819b1f,
    # 29/30.
    "cards_labelled_virtual_m.json": 29,
    # C (personnel and ships with text, interrupts, equipment, sites) and D (objectives, incidents,
    # events, dilemmas, missions, doorways …), by two more authors, 40 of each labelled: first runs
    # 29/40 (C, at 9e1ac55) and 36/40 (D, at 9e1ac55); C 33 at 61a5a46, 35 at 69fbe85, 37 at 15f89ce,
    # 38 at 619bdde.
    "cards_labelled_virtual_c.json": 38,
    "cards_labelled_virtual_d.json": 36,
    # N, 100 cards in a virtual set's proportions, for measurement only (its misses not read): first
    # run, at 61a5a46, after all of A-D's rules so far, 28/40; 32 at e1e133e (the count only); 35 after
    # "Orb Experience" became a skill (N was known to print it: not a blind figure).
    "cards_labelled_virtual_n.json": 35,
    # E, the longest texts of those sets, by another author: first run, at 5d86af0, 32/40; 34 at 3528705,
    # 36 at 619bdde.
    "cards_labelled_virtual_e.json": 40,
    # F, the commonest short shapes of those sets, by another author: first run, at f7f0944, 39/40; 40
    # at f064d2d.
    "cards_labelled_virtual_f.json": 40,
    # G, themes the others missed (Borg, Q, time travel, the Mirror Universe, Ferengi, Dominion …), by
    # another author: first run, at afc30df, 29/40; 31 at c323e91; 32 at 167c249.
    "cards_labelled_virtual_g.json": 32,
    # H, the rarer types (facilities, sites, time locations, tactics, artifacts, Q cards, tribbles),
    # by another author: first run, at 0b584cb, 23/40; 24 at 45d84d9. Its tactics and time locations
    # are in forms of the author's own ("Hit = 1 damage marker …", "Earth, 1930.").
    "cards_labelled_virtual_h.json": 25,
    # 50 personnel and ships with text, events and interrupts of the dev sets, none labelled before,
    # by another author from the text and spec only. First run, at d12b197: 32/50; 34 at 0b584cb.
    # 35 at 4d23359.
    # (36 at the fifth session of 2026-11-26's end.)
    "cards_labelled_33.json": 39,
    # O, 100 later-templated cards in a virtual set's proportions (40 labelled), and _34, 50 dev cards
    # at random, labelled after all of this session's rules, for measurement only (their misses not
    # read): first runs, at 619bdde, 37/40 and 40/50. O 38 at the eleventh session of 2026-11-26 (a rule
    # drawn from AC; which of O's cards it reads is not looked at).
    "cards_labelled_virtual_o.json": 38,
    "cards_labelled_34.json": 40,
    # 50 dilemmas, interrupts, events, artifacts and equipment of the dev sets, none labelled before,
    # by another author from the text and spec only (who labels notes such as "Federation use only."
    # and "(Immune to …)" standing rules, where most authors have keywords). First run, at c0eb705:
    # 24/50.
    # (27 at the fifth session of 2026-11-26's end.)
    "cards_labelled_35.json": 30,
    # I, later templating written for realism (the committee's stock phrases as the author recalls
    # them), by another author: first run, at 56c5211, 38/40; 39 at 4de5f38.
    "cards_labelled_virtual_i.json": 39,
    # P, 100 more in a virtual set's proportions (40 labelled), written after every rule of the
    # session, for measurement only (misses not read): first run, at 8f83353, 40/40.
    "cards_labelled_virtual_p.json": 40,
    # 50 cards of the dev sets at random (at most 18 personnel), none labelled before, by another
    # author from the text and spec only. First run, at d1e47cf: 38/50; 39 at 42d6bf1.
    # (40 at the fifth session of 2026-11-26's end.)
    "cards_labelled_31.json": 40,
    # 50 rich-text cards of the dev sets, none labelled before, by another author from the text and
    # spec only. First run, at a9e250e: 24/50; 26 at b3201a7. Most misses are where authors split
    # (an "(Immune to …)" note, "reduce RANGE by 2" a modify, a mission's "X=…" line); 29 at 42d6bf1.
    # (30 at the fifth session of 2026-11-26's end.)
    "cards_labelled_32.json": 33,
    # 48 rich-text cards of the dev sets, none labelled before (checked by text), by another author
    # from the text and spec only. First run, at bd9c5c1: 28/48; 30 at 5d86af0.
    "cards_labelled_29.json": 31,
    # 49 cards at random from the dev sets (the pool's proportions; one more, a tactic, was left
    # unlabelled by its author), none labelled before, by another author, to measure: first run, at
    # bd9c5c1, 42/49. Its misses are not read (two lines showed by mistake in a listing: Off Switch's
    # first sentence and "Ferengi and Non-Aligned use only.", labelled continuous; no rule drawn).
    "cards_labelled_30.json": 43,
    # 40 non-personnel and 10 personnel with text of the dev sets at random, none labelled before
    # (checked by text), by two more authors from the text and spec only (cards they left without
    # abilities, three tactics and a personnel, dropped). _36 drives rules: first run, at 4d23359,
    # 40/48. _37 is for measurement only, its misses not read: first run, at 4d23359, 35/47.
    # (41 at the fifth session of 2026-11-26's end.)
    "cards_labelled_36.json": 42,
    "cards_labelled_37.json": 36,
    # J (the committee's later stock phrases: "Each of your …", "where present", "if you do") drives
    # rules, and Q is for measurement only (its misses not read), 100 cards each in a virtual set's
    # proportions, 40 labelled, by two more authors: first runs, at 2faf8fd, J 36/40 (37 at 91a95c4)
    # and Q 38/40. (Trying a rule that a lasting card's "Discard … after third use." waits for that
    # use, drawn from K's two authors, a failing floor showed two of Q's misses by mistake: that
    # line, labelled play_effect, and Coordinated Retreat's "(this does not use RANGE)". The rule was
    # taken back, authors being split; none was drawn from them.)
    "cards_labelled_virtual_j.json": 39,
    "cards_labelled_virtual_q.json": 38,
    # 50 rich-text dilemmas, interrupts, events, equipment … of the dev sets, none labelled before, by
    # another author from the text and spec only: first run, at aa723c9, 23/50; 31 at 42d6bf1 (its
    # author, as two before, writes "(random selection)" as the manner "randomly").
    # (32 at the fifth session of 2026-11-26's end.)
    "cards_labelled_38.json": 37,
    # K, 100 later-templated cards of the types with the most varied rules text (objectives,
    # incidents, events, facilities, doorways, sites, time locations …), 40 labelled, by another
    # author: first run, at 42d6bf1, 25/40; 26 at 42fd17d; 29 at 167c249.
    "cards_labelled_virtual_k.json": 31,
    # _39 (dev cards at random, at most 12 personnel; most left are missions) and L (long, rule-heavy
    # later-templated texts, 100 cards, 40 labelled), by two more authors, drive rules: first runs,
    # at 167c249, 38/50 and 37/40 (L 98/100 fully read); L 38 at cb39a41.
    # (40 at the fifth session of 2026-11-26's end.) 39 since a lone "May nullify {X}" without "where
    # present" is an action (Letek's "… at this location": _39b's author says so, this one a rule).
    "cards_labelled_39.json": 39,
    "cards_labelled_virtual_l.json": 39,
    # The same texts labelled a second time, apart, by fourteen more authors from the text and spec
    # only (the "b" files; cards left without abilities dropped). On kinds the two authors of a text
    # agree on 571 of 661 (86%): 430 of 468 (92%) for _29 on, K and L, labelled with the brief the
    # second authors had, 141 of 193 (73%) for _15, _18, _23 and _27, whose first authors had other
    # instructions (the conventions differ: "(Immune to …)", "X use only.", "Place in hand until
    # played …", a lasting card's "you may …"). The reader agrees with the second authors on 496
    # (75%). Several rules of the fifth session of 2026-11-26 come from texts where both authors
    # agree and the reader did not. Floors at b83d567.
    "cards_labelled_15b.json": 36,
    "cards_labelled_18b.json": 32,
    "cards_labelled_23b.json": 30,
    "cards_labelled_27b.json": 29,
    "cards_labelled_29b.json": 29,
    "cards_labelled_31b.json": 38,
    "cards_labelled_32b.json": 34,
    "cards_labelled_33b.json": 38,
    "cards_labelled_35b.json": 34,
    "cards_labelled_36b.json": 45,
    "cards_labelled_38b.json": 33,
    "cards_labelled_39b.json": 38,
    "cards_labelled_virtual_kb.json": 27,
    "cards_labelled_virtual_lb.json": 37,
    # R (100 later-templated cards in a virtual set's proportions, 40 labelled) and _40 (50 dev cards
    # at random, at most 12 personnel), labelled at the start of the fifth session of 2026-11-26 by
    # two more authors, run for the first time after all of its rules, for measurement only (misses
    # not read): at d4cd034, R 40/40 (100/100 fully read) and _40 43/50; _40 44 when a parenthesis
    # after a skill or a download became that skill's or download's.
    "cards_labelled_virtual_r.json": 40,
    "cards_labelled_40.json": 45,
    # _41, 50 dev cards at random (30 neither personnel nor mission), labelled twice, apart, by two
    # more authors: first runs, at 0f53ba6, 34/49 and 34/50 (the two agree on 46 of 48 texts'
    # kinds); 36 and 36 at 7011394.
    "cards_labelled_41.json": 37,
    "cards_labelled_41b.json": 37,
    # _42 and _43, 45 each of the pool's last texts nobody had labelled (at random, personnel with
    # text only), labelled twice, apart, by four more authors (text and spec only). The staging
    # drew 16 cards of the held-out sets too, by mistake; they are left out here (and from _44),
    # as are three tactics and one ship the authors left without abilities. First runs, at 046a5de:
    # 30/36, 29/33, 28/38 and 27/38.
    "cards_labelled_42.json": 30,
    "cards_labelled_42b.json": 30,
    "cards_labelled_43.json": 33,
    "cards_labelled_43b.json": 32,
    # _44, 37 more of the pool's last unlabelled texts, labelled twice, apart, by two more authors, for
    # measurement only (misses not read): 34/37 and 34/37 at the sixth session's start (046a5de) and
    # at its end (526a784).
    "cards_labelled_44.json": 34,
    "cards_labelled_44b.json": 34,
    # S (events, interrupts, dilemmas, incidents, objectives, …) and T (personnel, ships, missions,
    # facilities, …): 100 later-templated virtual cards each, 40 labelled, written at the seventh
    # session of 2026-11-26 by two more authors, for measurement only (misses not read): at its
    # start (2bd2417) and after its rules (7fa269f) alike, S 30/40 (98/100 fully read), T 39/40
    # (99/100).
    "cards_labelled_virtual_s.json": 31,
    "cards_labelled_virtual_t.json": 39,
    # Y and Z: 100 later-templated virtual cards each, 40 labelled, written at the eighth session of
    # 2026-11-26 by two more authors from the spec alone, for measurement then (misses not read): at
    # its start (d695713) and after its rules (cb51d69) alike, Y 29/40 (97/100 fully read), Z 29/40
    # (100/100). Development batches from the ninth session on (their misses read; AA and AB took
    # their place for measurement).
    "cards_labelled_virtual_y.json": 32,
    "cards_labelled_virtual_z.json": 36,
    # AA and AB: 100 later-templated virtual cards each, 40 labelled, written at the ninth session of
    # 2026-11-26 by two more authors from the spec alone, for measurement only (misses not read): at
    # its start (63e78cc) AA 37/40 and AB 35/40 (99/100 fully read each), and at its end alike.
    # Development batches from the tenth session on (their misses read; AC and AD took their place).
    "cards_labelled_virtual_aa.json": 37,
    "cards_labelled_virtual_ab.json": 40,
    # AC and AD: 100 later-templated virtual cards each, 40 labelled, written at the tenth session of
    # 2026-11-26 by two more authors from the spec alone, for measurement then (misses not read): at
    # its start (ed0f0a2) AC 29/40 (100/100 fully read) and AD 35/40 (99/100); 29 and 36 at its end.
    # Development batches from the eleventh session on (their misses read; AK and AL took their place):
    # AC 34 and AD 37 after its rules; AC 33 once a tactic's "Direct hit:" in any case heads its damage
    # (Spread Fire: AC's author labels it play_effect, AD's a "DIRECT HIT:" sentence damage).
    "cards_labelled_virtual_ac.json": 33,
    "cards_labelled_virtual_ad.json": 37,
    # AK and AL: 100 later-templated virtual cards each, 40 labelled, written at the eleventh session
    # of 2026-11-26 by two more authors from the spec alone, for measurement only (misses not read): at
    # its start (bd6dfbe) AK 28/40 and AL 32/40 (98/100 fully read each). AK 27 once a participle
    # printed as its verb ("is overcome") was the passive and a trailing condition ended at ", to …"
    # (rules drawn from AC; which of AK's cards they read otherwise is not looked at).
    # Development batches from the twelfth session on (their misses read; AO and AP took their place).
    "cards_labelled_virtual_ak.json": 28,
    # AM and AN: two more, written later in the eleventh session for development (their misses read).
    # First runs, before any rule drawn from them (bd6dfbe and a2206c2 alike): AM 33/40 (100/100
    # fully read), AN 35/40 (98/100). AN 38 after the rules drawn from it.
    "cards_labelled_virtual_am.json": 33,
    "cards_labelled_virtual_an.json": 38,
    "cards_labelled_virtual_al.json": 33,
    # AO and AP: 100 later-templated virtual cards each, 40 labelled, written at the twelfth session
    # of 2026-11-26 by two more authors from the spec alone, for measurement only (misses not read): at
    # its start (28ab1ba) AO 39/40 and AP 32/40 (100/100 fully read each).
    "cards_labelled_virtual_ao.json": 39,
    "cards_labelled_virtual_ap.json": 32,
    # AE and AF: 100 later-templated virtual cards each, 40 labelled, written in the tenth session of
    # 2026-11-26 by two more authors from the spec alone, for development (their misses read). First
    # runs, before any rule drawn from them (ed0f0a2 and 7635389 alike): AE 33/40 (100/100 fully
    # read), AF 39/40 (99/100).
    "cards_labelled_virtual_ae.json": 36,
    "cards_labelled_virtual_af.json": 40,
    # AG and AH: two more, the same way, later in the tenth session. First runs, before any rule drawn
    # from them (ed0f0a2 and 8c1a0f9 alike): AG 33/40 (100/100 fully read), AH 32/40 (98/100). AG down
    # one: its author labels "Now and at start of each attempt here, …" what the dilemma does, where
    # 18 labels of "Now and start of each …" (ten authors) read a response to that moment.
    "cards_labelled_virtual_ag.json": 32,
    "cards_labelled_virtual_ah.json": 34,
    # AI and AJ: two more, written at the end of the tenth session. First runs: AI 36/40 at ed0f0a2 and
    # 38/40 at f59ed02 (99 and 100/100 fully read), AJ 37/40 at both (100/100).
    "cards_labelled_virtual_ai.json": 38,
    "cards_labelled_virtual_aj.json": 37,
    # _45 and _46, the pool's last 110 texts with game text nobody had labelled (at random, 82
    # personnel), each labelled twice, apart, by four more authors (text and spec only; cards an
    # author left without abilities, tactics mostly, are left out). First runs, at the seventh
    # session's start (2bd2417) and again before any rule was drawn from _45: _45 44/55 and _45b
    # 44/52 (the authors agree on the kinds of 51 of 52 texts), _46 46/51 and _46b 49/54. _45 is a
    # development batch (48 and 48 after "Orion Syndicate" became a skill, "Compatible with {…}." a
    # standing rule and a title in quotes the title); _46 is for measurement only (misses not read).
    # U (long, rich later-templated texts) and V (personnel, ships, missions, …): 100 virtual cards
    # each, 40 labelled, written at the seventh session of 2026-11-26 by two more authors, to draw
    # rules from (S and T measure them). First runs, at 2bd2417: U 35/40 (97/100 fully read), V
    # 37/40 (100/100).
    "cards_labelled_virtual_u.json": 40,
    "cards_labelled_virtual_v.json": 39,
    # W (dilemmas, interrupts, events, incidents, objectives, doorways, sites, …) and X (personnel,
    # ships, facilities, equipment, missions, …), the same, later that session: first runs, at
    # 2bd2417, W 35/40 (99/100 fully read) and X 38/40 (99/100).
    "cards_labelled_virtual_w.json": 38,
    "cards_labelled_virtual_x.json": 39,
    "cards_labelled_45.json": 49,
    "cards_labelled_45b.json": 49,
    "cards_labelled_46.json": 46,
    "cards_labelled_46b.json": 49,
}


@pytest.mark.parametrize("name", sorted(DEV_BATCHES))
def test_dev_label_batches_floor(name):
    batch = json.loads((HERE / "data" / name).read_text())
    misses = {c["name"]: p for c in batch if (p := card_mismatch(c["labels"], parse_card(c)))}
    assert len(batch) - len(misses) >= DEV_BATCHES[name], misses


@pytest.mark.parametrize("batch, floor", [(HELD_OUT, MIN_HELD_OUT), (HELD_OUT_2, MIN_HELD_OUT_2),
                                          (HELD_OUT_3, MIN_HELD_OUT_3)],
                         ids=["heldout", "heldout_2", "heldout_3"])
def test_held_out_labels_floor(batch, floor):
    matched = sum(card_mismatch(card["labels"], parse_card(card)) is None for card in batch)
    assert len(batch) == 40
    assert matched >= floor, f"{matched}/{len(batch)} held-out labelled cards match"


def test_fixture_is_large_enough():
    assert len(LABELLED) >= 150
    assert len({c["type"] for c in LABELLED}) >= 15


def test_labelled_cards_accuracy():
    matched = dict.fromkeys(MIN_MATCHING, 0)
    misses = {}
    for card in LABELLED:
        problem = card_mismatch(card["labels"], parse_card(card))
        if problem:
            misses[card["name"]] = problem
        else:
            matched[_group(card)] += 1
    low = {g: n for g, n in matched.items() if n < MIN_MATCHING[g]}
    assert not low, (low, misses)


def test_labels_check_the_structure_not_the_echoed_text():
    """The comparator must fail when the reading loses what the label names, though the source text
    (echoed in ``raw``/``text``) still holds every word."""
    from judge.cardtext import clauses

    card = next(c for c in LABELLED if c["name"] == "Kolaran Raiders 2E")
    assert card_mismatch(card["labels"], parse_card(card)) is None
    real = clauses.Reader.relatives
    try:
        clauses.Reader.relatives = lambda self, items: items  # relative clauses no longer read
        assert card_mismatch(card["labels"], parse_card(card)) is not None
    finally:
        clauses.Reader.relatives = real
    text_only = {"abilities": [{"kind": "play_effect", "contains": ["Security"]}]}
    result = parse("Choose a personnel who has Security to be stopped.", "2e")
    data = result.to_json()["abilities"][0]
    assert "Security" in data["raw"]
    from judge.cardtext.labels import ability_mismatch
    assert ability_mismatch(text_only["abilities"][0], data) is None
    echo_only = {"kind": "play_effect", "raw": "Kill a Treachery personnel.", "trigger": None,
                 "condition": None,
                 "costs": [], "effects": [{"verb": "kill", "raw": "Kill a Treachery personnel",
                                           "object": {"type": "personnel", "text": "a Treachery personnel"}}],
                 "optional": False}
    assert ability_mismatch({"kind": "play_effect", "contains": ["Treachery"]}, echo_only) is not None
    by_filter = {"kind": "play_effect", "filters": [{"skill": "Treachery"}]}
    assert ability_mismatch(by_filter, echo_only) is not None
    assert ability_mismatch({"kind": "play_effect", "effects": ["kill"]}, echo_only) is None


def test_an_unknown_noun_heads_its_phrase():
    """'abyss' is not in the vocabulary, but it is what the personnel must face."""
    result = parse("Three personnel present must face the abyss.", "1e")
    assert not result.unparsed
    effect = result.abilities[0].effects[0]
    assert effect.verb == "face" and effect.object.type == "abyss"


def test_an_unknown_verb_is_still_unparsed():
    result = parse("Three personnel present must fooble the abyss.", "1e")
    assert result.unparsed and "verb" in result.unparsed[0].reason


def test_skill_list_with_levels_and_downloads():
    result = parse("SECURITY Treachery x 2 Computer Skill x2 Obsidian Order DL/ {Interrogation}", "1e",
                   personnel=True)
    assert [(s.skill, s.levels) for s in result.skills] == [
        ("SECURITY", 1), ("Treachery", 2), ("Computer Skill", 2), ("Obsidian Order", 1)]
    assert result.downloads == ("Interrogation",)
    assert result.abilities == () and result.unparsed == ()


def test_skill_list_then_game_text():
    result = parse("OFFICER Navigation Stellar Cartography Your [Car] ships are each WEAPONS +2.", "1e",
                   personnel=True)
    assert [s.skill for s in result.skills] == ["OFFICER", "Navigation", "Stellar Cartography"]
    assert result.abilities[0].effects[0].attribute == "weapons"


def test_report_counts_and_types(tmp_path):
    path = tmp_path / "cards.jsonl"
    rows = [{"name": c["name"], "type": c["type"], "text": c["text"]} for c in LABELLED[:10]]
    rows.append({"name": "Broken", "type": "Event", "text": "Fooble the wibble."})
    path.write_text("\n".join(json.dumps(r) for r in rows))
    data = coverage(read_cards([path]))
    assert data["cards"] == 11
    assert data["fully_parsed"] <= 10
    assert data["by_type"]["Event"]["cards"] >= 1
    assert any("Fooble" in row["text"] for row in data["top_unparsed"])


def test_report_counts_a_card_of_two_types_under_each_and_once_in_all(tmp_path):
    path = tmp_path / "cards.jsonl"
    rows = [{"name": "Both", "type": "Interrupt/Event", "text": "Fooble the wibble."},
            {"name": "One", "type": "Event", "text": "Draw a card."},
            {"name": "Other", "type": "Interrupt", "text": "Draw a card."}]
    path.write_text("\n".join(json.dumps(r) for r in rows))
    data = coverage(read_cards([path]))
    assert (data["cards"], data["fully_parsed"]) == (3, 2)
    assert "Interrupt/Event" not in data["by_type"]
    assert data["two_types"] == {"Interrupt/Event": {"cards": 1, "fully_parsed": 0, "share": 0.0}}
    for kind in ("Interrupt", "Event"):
        assert (data["by_type"][kind]["cards"], data["by_type"][kind]["fully_parsed"]) == (2, 1)
        assert data["by_type"][kind]["top_unparsed"][0]["text"] == "Fooble the wibble."
    assert (data["non_personnel"]["cards"], data["non_personnel"]["fully_parsed"]) == (3, 2)


# The bundled pool (the whole of physical.csv, as imported): floors that only move up. Issue 12 aims
# at 95% of all cards and every type at 85%; these are where the reading stands, so a change that
# reads fewer cards fails here. Raise them as the reading improves. (The one card of two types,
# Dixon Hill's Business Card, "Interrupt/Event", counts under Interrupt and under Event; it is not
# read: its 1930s slang, "finger any udda mug what's woikin' for da same boss", is no other card's.)
POOL = sorted((HERE.parent / "cards" / "1e").glob("*.jsonl"))
POOL_FLOOR = 0.98
TYPE_FLOORS = {"Artifact": 0.97, "Dilemma": 0.98, "Doorway": 0.96, "Equipment": 0.96, "Event": 0.98,
               "Facility": 0.97, "Incident": 0.92, "Interrupt": 0.96, "Mission": 0.98,
               "Objective": 0.94, "Personnel": 0.99, "Q Dilemma": 1.0, "Q Event": 1.0,
               "Q Interrupt": 1.0, "Ship": 0.99, "Site": 0.94, "Tactic": 0.96, "Time Location": 1.0,
               "Tribble": 1.0, "Trouble": 1.0}


# The later-templated cards above, whole (80 each, N and O 100): the share fully read, a floor. First
# runs: A 79, B 78, C 78, D 78, E 75, F 80, G 68, H 68, I 76 of 80 (C 80, D 79, E 78, G 75, H 69, I 80
# since); M, N, O and P (measurement only: what they do not read is not looked at) 77/80, 96/100,
# 98/100 (O after all of this session's rules but the last few) and 100/100 (P after all of them).
# J (rules) and Q (measurement), first run at 2faf8fd: 97/100 and 99/100; J 100 at bc4e355. K (rules),
# first run at 42d6bf1: 99/100. (B 80, G 78, K 100, L 99 at the seventh session of 2026-11-26; and
# after its rules from U and V, the measurement sets M 79, N 97, Q 100, S 99: "Orb Experience" as a
# skill, which M, N and S were known to print before it was written, is behind some of that.)
LATER_TEMPLATING = {"virtual_a.jsonl": (80, 80), "virtual_b.jsonl": (80, 80), "virtual_c.jsonl": (80, 80),
                    "virtual_d.jsonl": (80, 79), "virtual_e.jsonl": (80, 80), "virtual_f.jsonl": (80, 80),
                    "virtual_g.jsonl": (80, 79), "virtual_h.jsonl": (80, 70), "virtual_i.jsonl": (80, 80),
                    "virtual_o.jsonl": (100, 99), "virtual_p.jsonl": (100, 100),
                    "virtual_m.jsonl": (80, 79), "virtual_n.jsonl": (100, 97),
                    "virtual_j.jsonl": (100, 100), "virtual_q.jsonl": (100, 100),
                    "virtual_k.jsonl": (100, 100), "virtual_l.jsonl": (100, 99),
                    "virtual_r.jsonl": (100, 100), "virtual_s.jsonl": (100, 99),
                    "virtual_t.jsonl": (100, 100), "virtual_u.jsonl": (100, 100),
                    "virtual_v.jsonl": (100, 100), "virtual_w.jsonl": (100, 99),
                    "virtual_x.jsonl": (100, 99), "virtual_y.jsonl": (100, 100),
                    "virtual_z.jsonl": (100, 100),
                    # AA and AB (measurement at the ninth session, 99 each at its start and end alike;
                    # development since the tenth)
                    "virtual_aa.jsonl": (100, 100), "virtual_ab.jsonl": (100, 100),
                    # AC and AD (measurement at the tenth session; development since the eleventh)
                    "virtual_ac.jsonl": (100, 100), "virtual_ad.jsonl": (100, 100),
                    # AK and AL (measurement at the eleventh session; development since the twelfth)
                    "virtual_ak.jsonl": (100, 98), "virtual_al.jsonl": (100, 98),
                    "virtual_am.jsonl": (100, 100), "virtual_an.jsonl": (100, 99),
                    # AO and AP (measurement only), at the twelfth session's start
                    "virtual_ao.jsonl": (100, 100), "virtual_ap.jsonl": (100, 100),
                    "virtual_ae.jsonl": (100, 100), "virtual_af.jsonl": (100, 100),
                    "virtual_ag.jsonl": (100, 100), "virtual_ah.jsonl": (100, 98),
                    "virtual_ai.jsonl": (100, 100), "virtual_aj.jsonl": (100, 100)}


@pytest.mark.parametrize("name", sorted(LATER_TEMPLATING))
def test_coverage_floors_on_later_templated_cards(name):
    data = coverage(read_cards([HERE / "data" / name]))
    cards, floor = LATER_TEMPLATING[name]
    assert data["cards"] == cards and data["fully_parsed"] >= floor


def test_coverage_floors_on_the_whole_pool():
    data = coverage(read_cards(POOL))
    assert data["cards"] >= 3000
    assert data["share"] >= POOL_FLOOR, data["share"]
    low = {t: data["by_type"][t]["share"] for t, floor in TYPE_FLOORS.items()
           if data["by_type"][t]["share"] < floor}
    assert not low, low


def test_docs_cover_every_icon_and_skill():
    from judge.cardtext import vocabulary as v

    doc = (HERE.parent / "docs" / "cardtext.md").read_text()
    for skill in v.SKILLS:
        assert skill in doc
    for meaning in v.ICONS.values():
        assert meaning in doc


def test_docs_list_every_effect_verb():
    import re

    from judge.cardtext import vocabulary as v

    doc = (HERE.parent / "docs" / "cardtext.md").read_text()
    listed = set(re.findall(r"`([^`]+)`", doc.split("## Effect verbs", 1)[1].split("##", 1)[0]))
    assert {v.EFFECT_VERBS.get(w, w) for w in v.VERBS} <= listed
