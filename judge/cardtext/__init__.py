"""Card text → structured effects (``shared/spec/effects.md``). Knows nothing of Flask.

    >>> from judge.cardtext import parse
    >>> parse("Nullifies {Borg Ship}.", "1e").to_json()["abilities"][0]["effects"][0]["verb"]
    'nullify'
"""

from __future__ import annotations

import dataclasses
import functools
import gc

from lark import Token
from lark.exceptions import UnexpectedInput

from . import kinds
from .clauses import NotUnderstood, Reader
from .grammar import example_outcomes, explain, parse_tokens, parser
from .items import Sentence
from .kinds import DILEMMA_TYPES, EVENT_TYPES
from .lexer import _token, clean, mark_heads, split_sentences, tokenize
from .model import Ability, ParseResult, SideRequirements, SkillEntry, Span
from .requirements import scan_requirements
from .skills import scan_skills

__all__ = ["MAX_TEXT", "parse", "parse_card", "ParseResult", "Ability", "load"]

# The longest text /api/parse accepts (spec/effects.md: "over 10,000 characters" is a 4xx).
MAX_TEXT = 10_000
EDITIONS = ("1e", "2e")


def load() -> None:
    """Build the parsers (sentences, clauses, requirements) and the error examples' table now (each
    is built once, on first use, otherwise)."""
    from .clause_grammar import clause_parser
    from .requirements import requirements_parser

    parser()
    clause_parser()
    requirements_parser()
    example_outcomes()


# What only one edition's card text prints: 2E's "Order -" and "Damage -" lines, its core and
# headquarters, "command (have in play)"; 1E's titles in {braces}, attributes and classifications in
# capitals (2E prints "Strength", "Engineer"), its download icon, draw deck, seed cards and special
# equipment.
_2E_MARKERS = ("Order - ", "Damage - ", "When you play this", "your core", "headquarters mission",
               "(have in play)", "dilemma pile")
_1E_MARKERS = ("STRENGTH", "CUNNING", "INTEGRITY", "WEAPONS", "SHIELDS", "RANGE", "Plays on", "Seeds ", "DL/",
               "SD/", "draw deck", "seed card", "Nullifies", "Nullified", "Away Team", "[Univ]", "OFFICER",
               "ENGINEER", "SCIENCE", "MEDICAL", "SECURITY", "CIVILIAN", "V.I.P.", "Tractor Beam",
               "Cloaking Device")


def guess_edition(text: str) -> str:
    """The edition the text is printed in, by the words only one edition prints; 2E when neither shows."""
    if any(w in text for w in _2E_MARKERS):
        return "2e"
    if "{" in text or any(w in text for w in _1E_MARKERS):
        return "1e"
    return "2e"


# The card types of both editions, as the card data writes them (``type`` of /api/parse).
CARD_TYPES = ("Artifact", "Dilemma", "Doorway", "Equipment", "Event", "Facility", "Incident", "Interrupt",
              "Interrupt/Event", "Mission", "Objective", "Personnel", "Q Artifact", "Q Dilemma", "Q Event",
              "Q Interrupt", "Q Mission", "Ship", "Site", "Tactic", "Time Location", "Tribble", "Trouble")


def card_kind(card_type: object) -> str:
    """A card type as the card data or a request writes it, folded: "Q-Dilemma" -> "q-dilemma"."""
    return " ".join(str(card_type or "").lower().split())


def _collector_paused(read):
    """``read`` with Python's cyclic garbage collector paused while it runs. A reading allocates
    many containers that live until it ends (its tokens, clauses and result), and every collection
    of the older generations walks all of them again: on 200 KB of text, a third to a half of the
    time; over the card pool, about 2%. A reading makes no reference cycles that need collecting
    while it runs (what it drops is freed by reference counts); any it leaves are collected once
    the collector runs again. The collector is global: a reading in another thread finds it paused
    and leaves it to the one that paused it, which turns it back on when done."""
    @functools.wraps(read)
    def paused(*args, **kwargs):
        if not gc.isenabled():  # paused already (by a reading in another thread, or the caller)
            return read(*args, **kwargs)
        gc.disable()
        try:
            return read(*args, **kwargs)
        finally:
            gc.enable()
    return paused


@_collector_paused
def parse(text: str, edition: str | None = None, *, personnel: bool = False,
          mission: bool = False, card_type: str | None = None, title: str | None = None) -> ParseResult:
    """Parse card game text. ``personnel=True`` reads a leading 1E skill list first;
    ``mission=True`` reads a leading requirement expression. ``card_type`` (the card's type as the
    card data writes it) implies either, and reads a dilemma's or interrupt's sentences as what it
    does (``play_effect``) unless a sentence is a standing rule or a response. ``title``: the card's
    own title, read as a title where the text names it without braces."""
    kind_of_card = card_kind(card_type)
    personnel = personnel or kind_of_card == "personnel"
    mission = mission or kind_of_card in ("mission", "q mission", "q-mission")
    original = text
    text = clean(text)
    edition = edition if edition in EDITIONS else guess_edition(text)
    own = own_title(title)
    tokens = tokenize(text, own)
    sentences = split_sentences(tokens)
    skills: list[SkillEntry] = []
    downloads: list[str] = []
    after_skills: dict[int, str] = {}  # where a parenthesis right after a skill starts: that skill
    if personnel:
        sentences = _strip_skills(sentences, skills, downloads, text, after_skills)
    requirements = None
    if mission and sentences:
        requirements, used = scan_requirements(sentences[0])
        rest = sentences[0]
        if requirements is not None:
            rest = rest[used:]
            if rest and rest[0].type == "VERB":  # (where the lexer's reading of the words before
                # differs: a verb it read on from a requirement; any other start reads the same)
                rest = _afresh(rest, text, own)
            rest = _bonus_as_score(rest)
        sentences = ([rest] if rest and [t for t in rest if t.type != "DOT"] else []) + sentences[1:]
    reader = Reader(text, edition)
    abilities: list[Ability] = []
    unparsed: list[Span] = []
    errors: list[str] = []
    placed = False  # a dilemma that has placed itself on a ship or mission
    reading_as = kind_of_card  # the type the sentences are read as (an artifact may play as another)
    if kind_of_card in ("interrupt", "q interrupt") and kinds.REMAINS.search(text):
        # "Plays and remains on …", "… Discard interrupt when ship moves.": one of the few interrupts
        # that stay in play (the 1.7 rulebook's "Interrupt cards"), read as a card that stays
        reading_as = "event"
    download_conditions: list = []  # (download, its condition): "DL/ {X} (if with {Jack})"
    download_notes: list = []  # (download, how it is made): "DL/ {X} (ignoring [AU])"
    skill_notes: list = []  # (skill, what qualifies it): "Honor (if {The Emissary} in play)."
    opponent_side_requirements = None  # a dual mission's other side: "Opponent's side: Law + …"
    other_side = False  # past the heading "Opponent's side:"
    pending = [mark_heads(toks, text) for toks in sentences]
    pending.reverse()
    while pending:
        toks = pending.pop()
        if not toks:
            continue
        if len(toks) > 2 and toks[0].type == "LABEL" and toks[1].type == "SIGNED" and toks[2].type not in (
                "DOT", "IF", "UNLESS", "WHILE"):  # ("ATTACK: +2 if …": the value, and when it holds)
            # a tactic's "Hull: -30% Casualties: randomly kills …": the printed value, then the
            # damage it names as a sentence of its own
            pending.append(mark_heads(toks[2:], text, any_case=True))  # "Sickbay damaged: …"
            toks = toks[:2]
        if mission and opponent_side_requirements is None:
            sided = _opponent_side_requirements(toks, text, other_side)
            if sided is not None:
                # a dual mission's "Opponent's side: Astrophysics + Leadership + … + CUNNING>36": what
                # the mission requires of the opponent, read as its own requirements are; its
                # gametext may follow with no full stop between, as it does the mission's own
                opponent_side_requirements, rest = sided
                if any(t.type != "DOT" for t in rest):
                    pending.append(mark_heads(rest, text))
                continue
            other_side = other_side or _opponent_side(toks, text)
        toks = _count_heading(toks)
        cut = _after_keyword_line(toks, text)
        if cut:
            pending.append(toks[cut:])  # "Holodeck, Tractor Beam Your [Holo] cards may report aboard."
            toks = toks[:cut]
        given = _given_requirements(toks)
        if given is not None:
            # "… using these requirements: Greed + … When you solve mission, …": the requirements
            # end the sentence, and the text after them (no full stop between) is a sentence of its own
            cut, used, given_requirements = given
            given_end = toks[cut + used].end_pos
            if any(t.type != "DOT" for t in toks[cut + 1 + used:]):
                pending.append(mark_heads(toks[cut + 1 + used:], text))
            toks = toks[:cut + 1]
        start, end = toks[0].start_pos, toks[-1].end_pos
        if len(toks) > MAX_NESTING and _depth(toks) > MAX_NESTING:  # (each level takes a token)
            unparsed.append(Span(start, end, text[start:end],
                                 f"parentheses nested more than {MAX_NESTING} deep"))
            continue
        keyword = _keyword_with_cost(toks)
        try:
            sent: Sentence = parse_tokens(toks[2:] if keyword else toks)
            ability, unread = reader.ability(sent)
        except UnexpectedInput as exc:
            reason = explain(exc)
            unparsed.append(Span(start, end, text[start:end], reason))
            errors.append(reason)
            continue
        except NotUnderstood as exc:
            unparsed.append(Span(start, end, text[start:end], str(exc)))
            continue
        if toks[0].type == "CONJ" and text[toks[0].start_pos:toks[0].end_pos] == "OR":
            # "OR Downloads two [Univ] Bajoran … personnel.": another use of the card, instead of the
            # ones before (1E prints each of a card's uses after "OR")
            ability = dataclasses.replace(ability, alternative=True)
        if keyword and ability.effects and not ability.costs:
            # 2E's "Replicate - Discard the top card of your deck.": the keyword, and what using it
            # costs (its reminder text says what it does)
            ability = dataclasses.replace(ability, kind="keyword_rule", keywords=(keyword,),
                                          costs=ability.effects, effects=(), start=start,
                                          raw=text[start:ability.end])
        for run in unread:  # words no field holds: reported, never dropped silently
            a, b = run[0].start_pos, run[-1].end_pos
            unparsed.append(Span(a, b, text[a:b], "not read: no part of the reading holds these words"))
        if given is not None:  # the ability runs to the end of its requirements
            ability = dataclasses.replace(ability, requirements=given_requirements, end=given_end,
                                          raw=text[ability.start:given_end])
        ability = kinds.by_type(ability, abilities, reading_as, placed)
        reading_as = kinds.played_as(ability) or reading_as  # an artifact "played as an Interrupt card"
        if kind_of_card in DILEMMA_TYPES and ability.kind == "play_effect" and any(
                e.verb == "place" and (e.object is None or e.object.only_a_place)
                and (e.subject is None or kinds.a_player(e.subject)) for e in ability.effects):
            # "Place on ship.", "… place on mission; …", "Place on table.": the dilemma stays in play
            placed = True
        if (ability.kind == "keyword_rule" and not ability.effects and not ability.keywords
                and ability.conditions and abilities and not text[abilities[-1].end:ability.start].strip()):
            # a condition in parentheses of its own qualifies the ability before it
            last = abilities[-1]
            abilities[-1] = dataclasses.replace(last, conditions=last.conditions + ability.conditions,
                                                raw=f"{last.raw} {ability.raw}", end=ability.end)
            continue
        if (ability.kind == "keyword_rule" and not ability.effects and not ability.keywords
                and ability.conditions and _after_download(text, ability.start, abilities, downloads)):
            # "… DL/ {Divert Power} (unless {any Tucker} present).": when the skill list's download
            # may be made, not an ability of its own
            download_conditions += [(downloads[-1], c) for c in ability.conditions]
            continue
        if ability.raw.startswith("(") and _after_download(text, ability.start, abilities, downloads):
            # "… DL/ {Kazon Bomb} (as an interrupt, where Tierna present).", "(ignoring [AU])": how
            # the skill list's download is made, not an ability of the card's own
            download_notes.append((downloads[-1], ability))
            continue
        if ability.start in after_skills and not ability.keywords:
            # "Honor (if {The Emissary} in play).", "Law OR Diplomacy (change at any time).": when or
            # how the skill before may be used, not an ability of the card's own
            skill_notes.append((after_skills[ability.start], ability))
            continue
        if ability.keywords == ("cumulative",) and abilities:
            abilities[-1] = _cumulative(abilities[-1])
        ability = kinds.after(ability, abilities, reading_as)
        if abilities and kinds.limit_of_the_last(ability):
            # 2E's "You may do this only once each turn.": how often the ability before may be used,
            # a limit of it, not an ability of its own
            last = abilities[-1]
            limit = f"{last.limit}; {ability.limit}" if last.limit else ability.limit
            abilities[-1] = dataclasses.replace(last, limit=limit, raw=text[last.start:ability.end],
                                                end=ability.end)
            if len(abilities) > 1 and last.kind == "play_effect" and (
                    abilities[-2].kind in ("order", "activated", "intermittent", "response")):
                # "Order - This personnel gains one skill …. She keeps this skill until …. You may do
                # this only once each turn.": the sentence between is what the order does next, and
                # the order is what may be done once (the limit holds for both)
                first = abilities[-2]
                abilities[-2] = dataclasses.replace(
                    first, limit=f"{first.limit}; {ability.limit}" if first.limit else ability.limit)
            continue
        if len(ability.keywords) == 1 and ability.keywords[0].startswith(("once ", "twice ")) and abilities:
            last = abilities[-1]  # (a limit it already has stays: "Once each turn, …. (Once per game …)")
            limit = f"{last.limit}; {ability.keywords[0]}" if last.limit else ability.keywords[0]
            abilities[-1] = dataclasses.replace(last, limit=limit)
        abilities.append(ability)
    if kind_of_card in EVENT_TYPES:
        abilities = kinds.discarded_after(abilities)
    abilities = _probe_results(abilities, text)
    if kind_of_card in ("ship", "facility", "personnel"):
        abilities = _card_downloads(abilities, downloads, download_notes)
    # (a keyword is the card's whatever its sentence's kind: a dilemma's "Mission continues." is what
    # it does, a "(Immune to {Supernova}.)" a standing rule)
    keywords = tuple(k for a in abilities for k in a.keywords)
    return ParseResult(text=original, edition=edition, abilities=tuple(abilities), unparsed=tuple(unparsed),
                       keywords=keywords, skills=tuple(skills), downloads=tuple(downloads),
                       download_conditions=tuple(download_conditions), download_notes=tuple(download_notes),
                       skill_notes=tuple(skill_notes),
                       errors=tuple(errors), requirements=requirements,
                       opponent_side_requirements=opponent_side_requirements)


def _after_download(text: str, start: int, abilities: list[Ability], downloads: list[str]) -> bool:
    """Whether the text at ``start`` follows, with nothing between, a download the skill list read
    ("… DL/ {Any Enterprise} (if aboard your matching facility)."): the download is the last thing
    before it, past the end of the ability before."""
    before = text[:start].rstrip()
    dl = max(before.rfind("DL/"), before.rfind("SD/"))  # (the lexer's DL token is either)
    return bool(downloads) and before.endswith("}") and dl >= (abilities[-1].end if abilities else 0)


def _card_downloads(abilities: list[Ability], downloads: list[str], notes: list) -> list[Ability]:
    """A ship's "DL/ {Evasive Maneuvers}", "DL/ Any [TNG] [Car] personnel", a facility's "DL/ {The
    Kazon Collective}", a personnel's "DL/ Any Captain's Order card" before more text: a special
    download, printed after keywords or text as a personnel's is after its skills, goes with the
    card's downloads, not among its abilities (three label authors of four, for facilities; every
    one, for personnel). A download of a kind of card keeps its reading ("DL/ Any Interrupt with
    "Vulcan" in title or gametext": what it may download) in ``notes``."""
    kept = []
    for ability in abilities:
        if ability.kind != "keyword_rule" or "DL/" not in ability.raw:
            kept.append(ability)
            continue
        named = [k.removeprefix("download ") for k in ability.keywords if k.startswith("download ")]
        others = tuple(k for k in ability.keywords if k != "download" and not k.startswith("download "))
        if ability.raw.startswith("DL/") and not others:
            if not named:
                named = [ability.raw.removeprefix("DL/").strip(" .")]
                notes.append((named[0], ability))
            downloads += named
        elif named and not ability.raw.startswith("DL/"):
            # "Tractor Beam DL/ {Phased Cloaking Device}": the keywords stay an ability, which ends
            # where the download starts
            downloads += named
            raw = ability.raw[:ability.raw.index("DL/")].rstrip(" ,")
            kept.append(dataclasses.replace(ability, keywords=others, raw=raw, end=ability.start + len(raw)))
        else:
            kept.append(ability)
    return kept


def parse_card(card: dict) -> ParseResult:
    """Parse one card of the ``shared/cards`` JSON lines (``name``, ``type``, ``text``; an ``edition``
    of ``1e`` or ``2e`` if the record has one, else 1E, the edition of that data)."""
    edition = card.get("edition")
    return parse(str(card.get("text") or ""), edition if edition in EDITIONS else "1e",
                 card_type=str(card.get("type") or ""),
                 title=str(card.get("name") or card.get("title") or "") or None)


def own_title(name: str | None) -> str | None:
    """The title a card's text calls it by: its name less the data's edition mark and subtitle
    ("Kotra 2E" -> "Kotra", "Dukat 2E (Liberator and Protector)" -> "Dukat")."""
    if not name:
        return None
    title = name.split(" (", 1)[0].strip()
    if title.endswith(" 2E"):
        title = title[:-3].rstrip()
    return title.rstrip("*").strip() or None


# 2E keywords printed with a dash and a cost: "Replicate - Kill your Jem'Hadar."
COST_KEYWORDS = ("replicate",)


def _keyword_with_cost(toks: list[Token]) -> str | None:
    if len(toks) > 3 and toks[1].type == "DASH" and str(toks[0].value).lower() in COST_KEYWORDS:
        return str(toks[0].value).lower()
    return None


# Card text nests parentheses two deep at most; the reading of a parenthesis recurses into it, so a
# hostile "((((…" thousands deep would exhaust Python's stack. Such a sentence is reported instead.
MAX_NESTING = 30


def _depth(toks: list[Token]) -> int:
    depth = deepest = 0
    for t in toks:
        if t.type == "LPAR":
            depth += 1
            deepest = max(deepest, depth)
        elif t.type == "RPAR":
            depth -= 1
    return deepest


def _count_heading(toks: list[Token]) -> list[Token]:
    """A tribble or trouble card's "100:", "1,000:" heads what a group of that size does: a label."""
    i = 0
    if len(toks) > 5 and toks[0].type == "NUMBER" and toks[1].type == "LPAR":
        # "100 (or {Tribble Bomb}): …": the size, or what stands for it
        close = next((k for k in range(2, len(toks)) if toks[k].type == "RPAR"), 0)
        if close and close + 2 < len(toks) and toks[close + 1].type == "COLON":
            inner = " ".join(str(t.value) for t in toks[2:close])
            label = _token("LABEL", f"{toks[0].value} ({inner})", toks[0].start_pos, toks[close].end_pos)
            return [label, *toks[close + 2:]]
    while i + 1 < len(toks) and toks[i].type == "NUMBER" and toks[i + 1].type in ("COMMA", "COLON"):
        if toks[i + 1].type == "COLON":
            if i + 2 < len(toks):
                label = _token("LABEL", _count_text(toks[:i + 1]), toks[0].start_pos, toks[i].end_pos)
                return [label, *toks[i + 2:]]
            return toks
        i += 2
    return toks


def _count_text(toks: list[Token]) -> str:
    return ",".join(str(t.value) for t in toks if t.type == "NUMBER")


def _after_keyword_line(toks: list[Token], text: str) -> int:
    """Where a ship's or facility's keyword line ("Holodeck, Tractor Beam"), or a personnel's download
    ("DL/ Any Captain's Order card"), runs on, with no full stop, into a sentence that starts with a
    capital ("Your [Holo] cards may report aboard.", "Scores 5 points each time …"), else 0."""
    if toks and toks[0].type == "DL":
        return next((i for i in range(2, len(toks) - 1) if (
            toks[i].type == "VERB" and text[toks[i].start_pos].isupper()
            and toks[i - 1].type not in ("MODAL", "NOT")) or _modifier_starts(toks, i, text)), 0)
    if not toks or toks[0].type != "KEYWORD":
        return 0
    i = 0
    while i < len(toks) and toks[i].type in ("KEYWORD", "COMMA"):
        i += 1
    if 0 < i < len(toks) - 1 and toks[i - 1].type == "KEYWORD" and text[toks[i].start_pos].isupper() and (
            toks[i].type not in ("LPAR", "DOT", "CONJ")) and not (
            toks[i].type == "DL" and toks[i + 1].type == "TITLE"):  # "Tractor Beam DL/ {X}": one line
        return i
    return 0


def _opponent_side(toks: list[Token], text: str) -> bool:
    """Whether the sentence opens with a dual mission's heading "Opponent's side"."""
    start = toks[0].start_pos  # (a slice of the heading's length: this runs on every sentence)
    return text[start:start + 15].lower() == "opponent's side"


def _opponent_side_requirements(toks: list[Token], text: str,
                                past_heading: bool) -> tuple[SideRequirements, list[Token]] | None:
    """The requirements that open a sentence "Opponent's side: <requirements> …", or a later sentence
    of that side ("Opponent's side: Any crew may attempt this mission. Diplomacy x2 + Navigation x2
    + SECURITY No gametext."), and the tokens after them; None when there are none."""
    if len(toks) < 3:
        return None
    if _opponent_side(toks, text):
        colon = next((i for i, t in enumerate(toks[:4]) if t.type == "COLON"), None)
        if colon is None:
            return None
        first = colon + 1
    elif past_heading:
        colon, first = -1, 0
    else:
        return None
    if [text[t.start_pos:t.end_pos].lower() for t in toks[first:first + 2]] == ["no", "gametext"]:
        return None  # ("Opponent's side: No gametext.": what that side has, not what it requires)
    while first < len(toks) and toks[first].type == "ICON":
        first += 1  # "[kli] SECURITY x2 + …": the affiliation that attempts it from that side
    requirements, used = scan_requirements(toks[first:])
    if requirements is None or colon < 0 and not any(t.type == "PLUS" for t in toks[first:first + used]):
        return None  # (after the heading, only an expression of several requirements opens a sentence)
    rest = toks[first + used:]
    if rest and rest[0].type in ("MODAL", "VERB") and not text[rest[0].start_pos].isupper():
        # "Opponent's side: Any crew may attempt this mission.": the subject of a sentence (a verb
        # printed with a capital starts the side's game text: "… + CUNNING>30 Seed one additional
        # dilemma here.", as on the mission's own side)
        return None
    icons = tuple(str(t.value) for t in toks[colon + 1:first])
    return SideRequirements(icons, requirements), _bonus_as_score(rest)


def _given_requirements(toks: list[Token]) -> tuple[int, int, object] | None:
    """Requirements a sentence gives after a colon ("You may attempt it using these requirements:",
    "changes your mission requirements to these:"): the colon's index, how many tokens the
    requirement expression spans and what it reads as; None when there are none."""
    for i, tok in enumerate(toks[:-1]):
        if tok.type != "COLON" or i == 0:
            continue
        before = str(toks[i - 1].value).lower()
        if before in ("requirement", "requirements") or (
                before == "these" and any(str(t.value).lower() == "requirement" for t in toks[:i])):
            requirements, used = scan_requirements(toks[i + 1:])
            if requirements is not None:
                return i, used, requirements
    return None


def _probe_results(abilities: list[Ability], text: str) -> list[Ability]:
    """After a probe ("… must probe: [Interrupt], [Doorway]: Flare-up. All ships … are damaged.
    [Objective]: Maelstrom. …"), each result's heading ("[Objective]: Maelstrom.") heads the
    sentences after it, and what they say is what that result does (``play_effect``)."""
    out: list[Ability] = []
    probing = False
    heading: Ability | None = None
    for ability in abilities:
        if any(e.verb == "probe" for e in ability.effects):
            probing = True
            out.append(ability)
            continue
        if probing and ability.kind == "keyword_rule" and ability.label and len(ability.keywords) == 1 and (
                ability.keywords[0].startswith(f"{ability.label}: ")):
            heading = ability  # held until the sentence it heads
            continue
        if probing and ability.kind in ("continuous", "play_effect"):
            if heading is not None:
                ability = dataclasses.replace(ability, label=heading.keywords[0], start=heading.start,
                                              raw=text[heading.start:ability.end])
                heading = None
            ability = dataclasses.replace(ability, kind="play_effect")
        if heading is not None:  # a heading with nothing after it stays as printed
            out.append(heading)
            heading = None
        out.append(ability)
    if heading is not None:
        out.append(heading)
    return out


def _modifier_starts(toks: list[Token], i: int, text: str) -> bool:
    """A modifier in capitals starts a sentence here: "DL/ Any [Pursuit] card WEAPONS +2 vs. [Maq]."."""
    tok = toks[i]
    return tok.type == "ATTR" and toks[i + 1].type == "SIGNED" and text[tok.start_pos:tok.end_pos].isupper()


def _afresh(toks: list[Token], text: str, title: str | None) -> list[Token]:
    """The tokens of a sentence's game text that follows a mission's requirements, as the lexer reads
    them at a sentence's start ("… ENGINEER + % ship Solving player's ships are RANGE +2.": "Solving"
    describes the ships; read on from "ship", it was a verb, the order to solve). The lexer
    judges a word by the words before it, and these start the game text."""
    if not toks:
        return toks
    start = toks[0].start_pos
    return [_token(t.type, t.value, t.start_pos + start, t.end_pos + start)
            for t in tokenize(text[start:toks[-1].end_pos], title)]


def _bonus_as_score(toks: list[Token]) -> list[Token]:
    """A 1E mission's bonus after its requirements, "* +10 if …" / "*+5 for each …", reads as what it
    means: "score 10 (points) if …"."""
    if (len(toks) >= 2 and toks[0].type == "STAR" and toks[1].type == "SIGNED"
            and str(toks[1].value)[1:].isdigit()):
        star, points = toks[0], toks[1]
        return [_token("VERB", "score", star.start_pos, star.end_pos),
                _token("NUMBER", str(points.value)[1:], points.start_pos, points.end_pos), *toks[2:]]
    return toks


def _cumulative(ability: Ability) -> Ability:
    effects = tuple(dataclasses.replace(e, cumulative=True) if e.verb == "modify" else e
                    for e in ability.effects)
    return dataclasses.replace(ability, effects=effects)


def _strip_skills(sentences: list[list[Token]], skills: list[SkillEntry], downloads: list[str],
                  text: str = "", after_skills: dict[int, str] | None = None) -> list[list[Token]]:
    """The sentences less the skill list's skills and downloads; where what is left of a sentence is a
    parenthesis right after a skill, ``after_skills`` maps its start to that skill."""
    out = []
    for toks in sentences:
        rest = scan_skills(toks, skills, downloads, text)
        if rest:
            lower_if = rest[0].type == "IF" and text[rest[0].start_pos:rest[0].start_pos + 1] == "i"
            noted = (after_skills is not None and len(rest) < len(toks) and (
                rest[0].type == "LPAR" or lower_if)  # (a capital "If …" opens the game text)
                and toks[len(toks) - len(rest) - 1].type in ("SKILL", "CLASSIF", "MULT"))
            if noted and rest[0].type == "IF":
                # "… and Biology if {Kareen Brianon} in play.": when the last skill counts, read as its
                # bracketed form "Biology (if {…} in play)." is (zero-width brackets)
                end = len(rest) - (rest[-1].type == "DOT")
                at, to = rest[0].start_pos, rest[end - 1].end_pos
                rest = [_token("LPAR", "(", at, at), *rest[:end], _token("RPAR", ")", to, to), *rest[end:]]
            out.append(rest)
            if noted:  # ("Honor (if {The Emissary} in play).")
                after_skills[rest[0].start_pos] = skills[-1].skill
    return out
