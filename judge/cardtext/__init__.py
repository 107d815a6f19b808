"""Card text → structured effects (``shared/spec/effects.md``). Knows nothing of Flask.

    >>> from judge.cardtext import parse
    >>> parse("Nullifies {Borg Ship}.", "1e").to_json()["abilities"][0]["effects"][0]["verb"]
    'nullify'
"""

from __future__ import annotations

import dataclasses

from lark import Token
from lark.exceptions import UnexpectedInput

from . import vocabulary as v
from .clauses import NotUnderstood, Reader
from .grammar import example_outcomes, explain, parse_tokens, parser
from .items import Sentence
from .lexer import _token, clean, mark_heads, split_sentences, tokenize
from .model import Ability, Condition, Effect, ParseResult, SkillEntry, Span, Trigger
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


def guess_edition(text: str) -> str:
    """1E data writes titles in {braces} and attributes in capitals; otherwise assume 2E."""
    if "{" in text or any(w in text for w in ("STRENGTH", "CUNNING", "INTEGRITY", "WEAPONS", "SHIELDS",
                                               "RANGE", "Plays on", "Seeds ")):
        return "1e"
    return "2e"


# Card types whose sentences are what the card does when it is encountered or played (effects.md):
# a dilemma's "All your personnel are stopped." is the dilemma's effect, not a standing statement.
ENCOUNTERED_TYPES = frozenset({"dilemma", "interrupt", "q dilemma", "q interrupt", "q-dilemma",
                               "q-interrupt", "interrupt/event",
                               "tactic"})  # (a tactic's text is what it does when played in battle)
DILEMMA_TYPES = frozenset({"dilemma", "q dilemma", "q-dilemma"})
EVENT_TYPES = frozenset({"event", "q event", "q-event"})


# The card types of both editions, as the card data writes them (``type`` of /api/parse).
CARD_TYPES = ("Artifact", "Dilemma", "Doorway", "Equipment", "Event", "Facility", "Incident", "Interrupt",
              "Interrupt/Event", "Mission", "Objective", "Personnel", "Q Artifact", "Q Dilemma", "Q Event",
              "Q Interrupt", "Q Mission", "Ship", "Site", "Tactic", "Time Location", "Tribble", "Trouble")


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


def card_kind(card_type: object) -> str:
    """A card type as the card data or a request writes it, folded: "Q-Dilemma" -> "q-dilemma"."""
    return " ".join(str(card_type or "").lower().split())


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
    tokens = tokenize(text, own_title(title))
    sentences = split_sentences(tokens)
    skills: list[SkillEntry] = []
    downloads: list[str] = []
    if personnel:
        sentences = _strip_skills(sentences, skills, downloads, text)
    requirements = None
    if mission and sentences:
        requirements, used = scan_requirements(sentences[0])
        rest = _bonus_as_score(sentences[0][used:]) if requirements is not None else sentences[0]
        sentences = ([rest] if rest and [t for t in rest if t.type != "DOT"] else []) + sentences[1:]
    reader = Reader(text, edition)
    abilities: list[Ability] = []
    unparsed: list[Span] = []
    errors: list[str] = []
    placed = False  # a dilemma that has placed itself on a ship or mission
    pending = [mark_heads(toks, text) for toks in sentences]
    pending.reverse()
    while pending:
        toks = pending.pop()
        if not toks:
            continue
        if len(toks) > 2 and toks[0].type == "LABEL" and toks[1].type == "SIGNED" and toks[2].type != "DOT":
            # a tactic's "Hull: -30% Casualties: randomly kills …": the printed value, then the
            # damage it names as a sentence of its own
            pending.append(mark_heads(toks[2:], text, any_case=True))  # "Sickbay damaged: …"
            toks = toks[:2]
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
        ability = _kind_by_type(ability, abilities, kind_of_card, placed)
        if kind_of_card in DILEMMA_TYPES and ability.kind == "play_effect" and any(
                e.verb == "place" and e.object is None and (e.subject is None or _a_player(e.subject))
                for e in ability.effects):
            placed = True  # "Place on ship.", "… place on mission; …": the dilemma stays in play
        if (ability.kind == "keyword_rule" and not ability.effects and not ability.keywords
                and ability.conditions and abilities and not text[abilities[-1].end:ability.start].strip()):
            # a condition in parentheses of its own qualifies the ability before it
            last = abilities[-1]
            abilities[-1] = dataclasses.replace(last, conditions=last.conditions + ability.conditions,
                                                raw=f"{last.raw} {ability.raw}", end=ability.end)
            continue
        if ability.keywords == ("cumulative",) and abilities:
            abilities[-1] = _cumulative(abilities[-1])
        ability = _kind_after(ability, abilities)
        if abilities and _limit_of_the_last(ability):
            # 2E's "You may do this only once each turn.": how often the ability before may be used,
            # a limit of it, not an ability of its own
            last = abilities[-1]
            limit = f"{last.limit}; {ability.limit}" if last.limit else ability.limit
            abilities[-1] = dataclasses.replace(last, limit=limit, raw=text[last.start:ability.end],
                                                end=ability.end)
            continue
        if len(ability.keywords) == 1 and ability.keywords[0].startswith(("once ", "twice ")) and abilities:
            last = abilities[-1]  # (a limit it already has stays: "Once each turn, …. (Once per game …)")
            limit = f"{last.limit}; {ability.keywords[0]}" if last.limit else ability.keywords[0]
            abilities[-1] = dataclasses.replace(last, limit=limit)
        abilities.append(ability)
    if kind_of_card in EVENT_TYPES:
        abilities = _discarded_after(abilities)
    abilities = _probe_results(abilities, text)
    if kind_of_card == "ship":
        abilities = _ship_downloads(abilities, downloads)
    keywords = tuple(k for a in abilities if a.kind == "keyword_rule" for k in a.keywords)
    return ParseResult(text=original, edition=edition, abilities=tuple(abilities), unparsed=tuple(unparsed),
                       keywords=keywords, skills=tuple(skills), downloads=tuple(downloads),
                       errors=tuple(errors), requirements=requirements)


def _ship_downloads(abilities: list[Ability], downloads: list[str]) -> list[Ability]:
    """A ship's "DL/ {Evasive Maneuvers}", "DL/ Any [TNG] [Car] personnel": its special download,
    printed after its keywords as a personnel's is after its skills, goes with the card's downloads
    (as a personnel's does), not among its abilities."""
    kept = []
    for ability in abilities:
        if ability.kind != "keyword_rule" or "DL/" not in ability.raw:
            kept.append(ability)
            continue
        named = [k.removeprefix("download ") for k in ability.keywords if k.startswith("download ")]
        others = tuple(k for k in ability.keywords if k != "download" and not k.startswith("download "))
        if ability.raw.startswith("DL/") and not others:
            downloads += named or [ability.raw.removeprefix("DL/").strip(" .")]
        elif named and not ability.raw.startswith("DL/"):
            # "Tractor Beam DL/ {Phased Cloaking Device}": the keywords stay an ability, which ends
            # where the download starts
            downloads += named
            raw = ability.raw[:ability.raw.index("DL/")].rstrip(" ,")
            kept.append(dataclasses.replace(ability, keywords=others, raw=raw, end=ability.start + len(raw)))
        else:
            kept.append(ability)
    return kept


def _as(ability: Ability, kind: str) -> Ability:
    return dataclasses.replace(ability, kind=kind)


def _kind_by_type(ability: Ability, before: list[Ability], card_kind: str, placed: bool) -> Ability:
    """``ability`` with the kind its card's type gives it (``card_kind``, folded), read against the
    sentences ``before`` it and whether a dilemma has placed itself (``placed``): the reader knows
    only the sentence. Each rule says which sentences it is for; the order is the order they apply."""
    encountered = card_kind in ENCOUNTERED_TYPES
    if encountered and (_what_it_does(ability) or _delayed(ability) or (
            ability.kind == "activated" and (ability.limit is None or _limit_after(ability)))):
        # (a cost-to-effect sentence of an interrupt or dilemma, "Stop your Computer Skill … to
        # examine …", is how it resolves once played, not an action usable at any time; "Plays
        # once each turn to …" keeps its limit, and is activated; "Examine any one card in the
        # game (once per game per Orb)." is what it does, however often it may be played)
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
    elif (card_kind in LASTING_TYPES and ability.kind == "play_effect"
          and ((ability.effects[0].subject is not None and (
              ability.effects[0].modal != "must" or not _a_player(ability.effects[0].subject)))
               or _the_card_does(ability))):
        # (what a player "must" do is done once: "That player must shuffle entire hand, …";
        # what cards must do holds: "All personnel must mortally wound … when possible")
        ability = _as(ability, "continuous")
    if (card_kind in LASTING_TYPES and ability.kind in ("play_effect", "continuous")
            and _conditional_order(ability) and not _goes_on_from_action(before)):
        # "If you solve by end of your next turn, place objective in point area; …", "If your
        # Dominion personnel subsequently complete that mission, you may download …" on a card that
        # stays in play: what is done each time that happens, as "When …" says
        ability = _triggered_by(ability, ability.conditions[0])
    if ability.kind in ("continuous", "play_effect") and ability.trigger is None and (
            undergone := _undergoes(ability)) is not None:
        # "If destroyed, flip mission over.", "Scores points if killed.": what happens when the card
        # (or what it is on) is destroyed, killed …: a response to that
        ability = dataclasses.replace(ability, kind="response", trigger=undergone)
    if not before and card_kind in EVENT_TYPES and _places_itself(ability):
        # an event's opening "Place between two Mission cards.", "Place beside any player's draw
        # deck.": where it is played, as "Plays on table." says
        ability = _as(ability, "play_requirement")
    if ability.kind == "continuous" and card_kind in LASTING_TYPES and _then_discards_itself(
            ability, card_kind):
        # "WEAPONS or SHIELDS are +4 until start of your next turn, then discard objective.": it
        # acts and leaves play, what it does once, not what holds while it stays
        ability = _as(ability, "play_effect")
    if placed and ability.kind == "play_effect" and (_modal_rule(ability) or _placed_state(ability)):
        # a dilemma placed on a ship or mission stays there, and what it says someone must, can
        # or may do holds while it does: "Place on ship. Ship must do nothing but travel …",
        # "Ship with Tractor Beam and 2 ENGINEER can tow Scow."; so does what it says of cards or
        # does itself ("Reduces RANGE by 4 …")
        ability = _as(ability, "continuous")
    return ability


def _kind_after(ability: Ability, before: list[Ability]) -> Ability:
    """``ability`` with the kind the sentence before gives it, whatever the card: a way out of an
    effect, what an ability does once used, what it does next."""
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
    if before and (_goes_on(ability) or _the_one_begun(ability, before[-1])) and (
            before[-1].kind in ("order", "response", "activated") or (
                before[-1].kind == "play_effect" and _what_it_does(ability) and _names_back(ability))):
        # "When you play this ship, discard a card. If you command …, you may then draw a card.":
        # what the ability before does next, not a standing statement of its own; after what a
        # card does, only what befalls what it named ("… opponent may name one of your unique
        # personnel in play. That personnel is in stasis."): its "then" or its rules ("That
        # ship may not move …") may stand
        ability = _as(ability, "play_effect")
    return ability


def parse_card(card: dict) -> ParseResult:
    """Parse one card of the ``shared/cards`` JSON lines (``name``, ``type``, ``text``)."""
    return parse(str(card.get("text") or ""), "1e", card_type=str(card.get("type") or ""),
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


def _what_it_does(ability: Ability) -> bool:
    """On a dilemma or interrupt, is this sentence (read as ``continuous``) what the card does when
    encountered or played? Not when it is a standing rule: a prohibition ("may not", "No player
    may …") or an attribute modifier ("are each STRENGTH -2"), which stay continuous."""
    if ability.kind != "continuous" or _said_of_itself(ability):
        return False
    if any(e.subject is None and not e.modal and e.verb in ("place", "discard") for e in ability.effects):
        return True  # "…; place on mission; it cannot be attempted.": it places itself, then rules
    first = ability.effects[0] if ability.effects else None
    if first is not None and first.verb == "get" and first.raw.lower().endswith("get past"):
        return True  # "Cannot get past unless …": what getting past it needs, as "To get past requires …"
    return not any((e.negated and e.modal) or e.verb == "modify"
                   or (e.subject is not None and e.subject.count == 0) for e in ability.effects)


def _said_of_itself(ability: Ability) -> bool:
    """ "(May be nullified only by {Mortal Q} …)": what may be done to the card, said of itself with no
    subject, holds as long as it does (a standing rule, on any card)."""
    first = ability.effects[0] if ability.effects else None
    return first is not None and first.subject is None and first.modal in ("may", "can") and (
        first.raw.lower().startswith(("may be ", "can be ")))


# How a condition that looks back at what was just done opens: "If it is a personnel …", "If you do, …".
_LOOKS_BACK = ("if it ", "if you do", "if that ", "if those ", "if they ", "if so", "if he ", "if she ")


def _goes_on(ability: Ability) -> bool:
    """A sentence read as standing (``continuous``) that goes on from the one before: it says
    "then", its subject is "that …" ("That opponent exchanges that card …"), or its condition looks
    back ("If it is a personnel …"); with no trigger, limit or cost of its own."""
    if ability.kind != "continuous" or not ability.effects or (
            ability.trigger or ability.limit or ability.costs):
        return False
    if any("then" in e.manner for e in ability.effects) or ability.raw.lower().startswith("otherwise"):
        return True  # ("Otherwise: moves.": what it does when the condition before does not hold)
    subject = ability.effects[0].subject
    if subject is not None and subject.count in ("that", "those"):
        return True
    return any(c.raw.lower().startswith(_LOOKS_BACK) for c in ability.conditions)


def _the_one_begun(ability: Ability, last: Ability) -> bool:
    """A standing sentence about the battle (or other thing) the ability before began, named with
    "the": "Order - … to begin personnel battle …. Your non-Jem'Hadar present are not involved in
    the personnel battle." is part of that order."""
    if ability.kind != "continuous" or ability.trigger or ability.limit or ability.costs:
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
    return (subject is not None and subject.count in ("that", "those")) or any(
        c.raw.lower().startswith(_LOOKS_BACK) for c in ability.conditions)


def _discarded_after(abilities: list[Ability]) -> list[Ability]:
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


def _places_itself(ability: Ability) -> bool:
    """ "Place between two Mission cards.": an imperative "place" with no object, subject or condition."""
    first = ability.effects[0] if ability.effects else None
    return (ability.kind == "play_effect" and first is not None and first.verb == "place"
            and first.object is None and first.subject is None and not ability.conditions)


def _then_discards_itself(ability: Ability, kind_of_card: str) -> bool:
    """A sentence that ends by discarding the card, or putting it out of play: "…, then discard
    objective", "…, then place incident out-of-play" (the subject before, which the reading gives
    every verb of the clause, is not the discard's)."""
    last = ability.effects[-1] if len(ability.effects) > 1 else None
    if last is None or any(e.modal for e in ability.effects) or last.object is None:
        return False  # ("May damage (not destroy) one ship … (discard event).": a use it allows)
    out_of_play = last.verb == "place" and last.object.where == "out-of-play"
    leaves = last.verb in ("discard", "destroy") or out_of_play
    return (leaves and last.object.type in (kind_of_card, kind_of_card.split()[-1])
            and last.object.owner is None)


def _discards_itself(ability: Ability) -> bool:
    """ "Discard event.", 2E's "Destroy this event.": on its own, with no condition, trigger, cost or
    limit."""
    if ability.kind != "play_effect" or len(ability.effects) != 1 or ability.conditions or (
            ability.trigger or ability.costs or ability.limit):
        return False
    effect = ability.effects[0]
    return (effect.verb in ("discard", "destroy") and effect.subject is None and effect.object is not None
            and effect.object.type == "event" and effect.object.count in (None, "this"))


def _a_player(target) -> bool:
    """ "That player", "opponent", "each player", "you": a player, not cards."""
    return target.type in ("player", "opponent") or (target.type is None and target.owner == "you")


def _modal_rule(ability: Ability) -> bool:
    """What someone must, can or may do, said with a subject and no trigger: "Ship must do nothing but
    travel …", "You must have a ship here to attempt mission."; or what may be done to the card, or
    how it ends, said of itself with no subject: "May be nullified by …", "Cured when …"."""
    first = ability.effects[0] if ability.effects else None
    if first is None or ability.trigger is not None:
        return False
    if first.subject is not None:
        return first.modal in ("must", "can", "may")
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
    return not _a_player(subject) and subject.count not in ("that", "those")


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


def _triggered_by(ability: Ability, cond: Condition) -> Ability:
    """``ability`` as a response to the event its condition ``cond`` names (the "if" stays among its
    conditions: the card says "if", and the trigger is the event it names)."""
    first = cond.effects[0]
    trigger = Trigger(event=first.verb, subject=first.subject, object=first.object, raw=cond.raw,
                      effects=cond.effects, conditions=cond.conditions, word=cond.word)
    return dataclasses.replace(ability, kind="response", trigger=trigger)


def _conditional_order(ability: Ability) -> bool:
    """What is done, or may be done, after an opening "if" that something happens, not that
    something is, and that does not look back at the sentence before: "If you solve by end of your
    next turn, place objective in point area", "If your Dominion personnel subsequently complete
    that mission, you may download …" (not "If you have fewer cards …, exchange …": done once, on
    playing; not what cards may or must do then: a rule)."""
    first = ability.effects[0] if ability.effects else None
    if first is None or ability.trigger is not None or not _opens_with_condition(ability):
        return False
    if first.subject is not None and not (first.modal == "may" and _a_player(first.subject)):
        return False
    if first.subject is None and (first.modal or _said_in_third_person(ability)):
        return False  # ("If a {Tribble Bomb} here is nullified …, also nullifies {X}.": the card's own rule)
    cond = ability.conditions[0]
    return (cond.word.lower() == "if" and bool(cond.effects) and cond.effects[0].verb not in STATE_VERBS
            and not ability.raw.lower().startswith(_LOOKS_BACK))


def _opens_with_condition(ability: Ability) -> bool:
    """Whether one of its conditions opens the sentence (a sentence in brackets of its own too)."""
    words = ability.raw.lstrip("(").split(maxsplit=1)
    return bool(words) and words[0].lower().strip(",") in {c.word.lower() for c in ability.conditions}


def _prevents_this(ability: Ability) -> bool:
    """ "… to prevent this.": a cost paid to stop what the text has just said, and no limit."""
    if ability.limit is not None or not ability.costs or len(ability.effects) != 1:
        return False
    effect = ability.effects[0]
    return effect.verb == "prevent" and effect.object is not None and effect.object.count in ("this", "that")


# 2E keywords printed with a dash and a cost: "Replicate - Kill your Jem'Hadar."
COST_KEYWORDS = ("replicate",)


def _keyword_with_cost(toks: list[Token]) -> str | None:
    if len(toks) > 3 and toks[1].type == "DASH" and str(toks[0].value).lower() in COST_KEYWORDS:
        return str(toks[0].value).lower()
    return None


def _limit_of_the_last(ability: Ability) -> bool:
    """ "You may do this only once each turn.": a limit and "do this" alone, which names the
    ability before."""
    if ability.limit is None or len(ability.effects) != 1 or ability.conditions or ability.trigger:
        return False
    effect = ability.effects[0]
    return effect.verb == "do" and effect.object is not None and effect.object.count == "this"


def _delayed(ability: Ability) -> bool:
    """On a dilemma or interrupt, which leaves play once it has acted, a response that only says
    when part of its effect happens: a moment that comes once ("End of opponent's next turn, …",
    "At the end of this turn, …"), a trailing "when" ("(dies when countdown expires)") or an
    opening "after" ("After start of your next turn, cure with …"). That is a delayed part of its
    effect, not a response it keeps (the trigger stays to say when)."""
    trigger = ability.trigger
    if ability.kind != "response" or trigger is None:
        return False
    if trigger.word in ("when", "whenever") and not ability.raw.startswith(trigger.raw):
        return True  # "(dies when countdown expires)": after the effect, when part of it happens
    if trigger.word == "after":
        return True  # "After start of your next turn, cure with …": from when part of it applies
    if trigger.event not in ("start", "end", "beginning"):
        return False
    turn = trigger.object
    return turn is not None and any(k == "quality" and val in ("next", "this") for k, val in turn.filters)


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


def _strip_skills(sentences: list[list[Token]], skills: list[SkillEntry],
                  downloads: list[str], text: str = "") -> list[list[Token]]:
    out = []
    for toks in sentences:
        rest = scan_skills(toks, skills, downloads, text)
        if rest:
            out.append(rest)
    return out
