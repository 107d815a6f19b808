"""Turn card text into the tokens the grammar declares (``grammar/tokens.lark``).

Every word is classified with the vocabulary tables; multi-word vocabulary ("Computer Skill",
"draw deck", "once each turn") becomes one token. A token's ``value`` is its canonical form
(a verb's lemma, a skill's name, an icon's abbreviation); ``start_pos``/``end_pos`` point into
the original text so spans and ``unparsed`` offsets are exact.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lark import Token

from . import vocabulary as v

_HONORIFIC = r"(?:Lt|Cmdr|Dr|Capt|Gen|Mr|Mrs|Ms|Ens|Adm|Col|Maj|Sgt|Jr|Sr)\.(?= [A-Z{])"
_PIECES = (
    # a title whose card name ends in "!" may print it outside the braces: "{Red Alert}! (only …)"
    ("TITLE", r"\{[^{}\n]{0,120}\}(?:!(?= [a-z(]))?(?:'s)?"),
    ("ICON", r"\[[^\[\]{}\n]{1,12}\]|<[A-Z]\)|\([A-Z]>"),
    ("QUOTED", r"[\"“][^\"”\n]{1,80}[\"”]"),
    ("ABBR", r"(?:[A-Z]\.){2,}(?:s(?![A-Za-z]))?(?![A-Za-z])"),  # "V.I.P.", and its plural "V.I.P.s"
    # a rank or title before a name: "Lt. Cmdr. {Data}", "Dr. Q" (a full stop that ends no sentence)
    ("HONORIFIC", _HONORIFIC),
    ("VS", r"vs\."),
    ("DL", r"DL/|SD/"),
    ("MULT", r"(?<![A-Za-z])[xX] ?\d+\b"),
    ("SIGNED", r"[+\-−–]\d+%?(?![\d])"),
    # "2/3", "50%", a ratio "1:1", a personnel's three attributes "3-3-3" (INTEGRITY-CUNNING-STRENGTH)
    ("NUM", r"\d+(?:[/:]\d+|-\d+-\d+(?![\d\-]))?%?"),
    ("WORD", r"[A-Za-z][A-Za-z0-9'’]*(?:-(?:[A-Za-z0-9'’]+|(?= )))*-?"),
    ("CMP", r">=|<=|>|<"),
    ("PUNCT", r"[,;:.()=+*/\-–—!?&]"),
    ("SPACE2", r" {2,}"),
    ("WS", r"\s+"),
    ("ERROR", r"."),
)
# A single space before a token is matched with it (and dropped): half the matches are spaces.
# Two spaces (SPACE2) and other whitespace (WS) are still matched on their own.
# Most tokens are words, and a word would be tried against the nine pieces before WORD first; at a
# letter, only ABBR, VS, DL and MULT can match before WORD, so a word that cannot start any of them
# (the look-ahead is a cautious superset) is matched first. Otherwise the pieces go in order.
_FIRST_WORD = r"(?![A-Z]\.|vs\.|DL/|SD/|[xX] ?\d|" + _HONORIFIC + ")" + dict(_PIECES)["WORD"]
_TOKEN_RE = re.compile("(?: (?!\\s))?(?:(?P<FIRST_WORD>" + _FIRST_WORD + ")|"
                       + "|".join(f"(?P<{name}>{pat})" for name, pat in _PIECES) + ")")
_KIND_OF_GROUP = (None, "WORD", *(name for name, _ in _PIECES))
if _TOKEN_RE.groups != len(_PIECES) + 1:  # the group number tells the piece: no piece may capture
    raise RuntimeError("a lexer piece has a capturing group of its own")
_PUNCT = {",": "COMMA", ";": "SEMI", ":": "COLON", ".": "DOT", "(": "LPAR", ")": "RPAR",
          "=": "EQUALS", "+": "PLUS", "*": "STAR", "/": "SLASH", "-": "DASH", "–": "DASH",
          "—": "DASH", "!": "DOT", "?": "DOT", "&": "CONJ"}
# Control characters are removed before lexing; they never reach the grammar.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


# Verbs that double their last consonant before "-ing" and "-ed": "stopped", "controlling",
# "winning", "incurred", "getting" ("beginning" is a noun as printed: "at the beginning of …").
_DOUBLED = frozenset({"stop", "unstop", "stun", "flip", "drop", "plan", "ship", "control", "win", "incur",
                      "get", "put", "set", "run", "transfer", "skip", "beg"})


def _forms(lemma: str) -> tuple[list[str], list[str]]:
    """Finite/present forms and past-participle forms of a regular verb."""
    if " " in lemma:
        head, _, tail = lemma.partition(" ")
        f, p = _forms(head)
        return [f"{x} {tail}" for x in f], [f"{x} {tail}" for x in p]
    finite = [lemma]
    if lemma.endswith(("s", "sh", "ch", "x", "o")):
        finite.append(lemma + "es")
    elif lemma.endswith("y") and lemma[-2] not in "aeiou":
        finite.append(lemma[:-1] + "ies")
    else:
        finite.append(lemma + "s")
    stem = lemma[:-1] if lemma.endswith("e") and not lemma.endswith("ee") else lemma
    if lemma in _DOUBLED:
        stem = lemma + lemma[-1]
    if lemma == "die":
        finite.append("dying")
    else:
        finite.append(stem + "ing")
    if lemma in v.IRREGULAR:   # only the irregular forms: "see" + "d" would be "seed"
        past = list(v.IRREGULAR[lemma])
    elif lemma.endswith("y") and lemma[-2] not in "aeiou":
        past = [lemma[:-1] + "ied"]
    elif lemma.endswith("e"):
        past = [lemma + "d"]
    else:
        past = [stem + "ed"]
    return finite, past


@lru_cache(maxsize=1)
def tables() -> tuple[dict[str, tuple[str, str]], dict[str, list[tuple[tuple[str, ...], str, str]]]]:
    """(single word → (type, value), first word → multi-word entries, longest first)."""
    words: dict[str, tuple[str, str]] = {}
    multi: dict[str, list[tuple[tuple[str, ...], str, str]]] = {}

    def add(phrase: str, kind: str, value: str | None = None, *, keep: bool = False) -> None:
        key = phrase.lower()
        parts = tuple(key.split())
        if len(parts) == 1:
            if keep and key in words:
                return
            words[key] = (kind, value if value is not None else key)
        else:
            multi.setdefault(parts[0], []).append((parts, kind, value if value is not None else key))

    # Lowest precedence first: later tables overwrite earlier ones.
    for w in v.ADJECTIVES:
        add(w, "ADJ")
    for w in v.NOUNS:
        add(w, "NOUN")
        if " " not in w:
            add(w + ("es" if w.endswith(("s", "sh", "ch", "x")) else "s"), "NOUN", w, keep=True)
            if w.endswith("y"):
                add(w[:-1] + "ies", "NOUN", w)
        elif not w.endswith(("s", "y")):
            add(w + "s", "NOUN", w)  # "mission attempts", "draw decks"
        add(w + "'s", "NOUN", w)
    for w in v.CARD_TYPES:
        add(w, "NOUN", w)
        if " " not in w and not w.endswith("personnel") and w != "equipment":
            add(w + ("es" if w.endswith("s") else "s"), "NOUN", w)
        add(w + "'s", "NOUN", w)
    add("facilities", "NOUN", "facility")
    add("facilities'", "NOUN", "facility")
    add("ships'", "NOUN", "ship")
    for w in v.LOCATIVES:
        add(w, "LOC")
    for w in v.ADVERBS:
        add(w, "ADV")
    for lemma in v.VERBS:
        finite, past = _forms(lemma)
        for f in finite:
            add(f, "VERB", lemma)
        for p in past:
            add(p, "PART", lemma)
    for form, lemma in v.THIRD_PERSON_ONLY.items():
        add(form, "VERB", lemma)
    for w in v.BE:
        add(w, "BE", "be")
    for w in v.HAVE:
        add(w, "HAVE", "have")
    for w in v.MODALS:
        add(w, "MODAL")
    add("not", "NOT")
    add("no longer", "NOT")
    for w in v.PRONOUNS:
        add(w, "PRON")
    for w, n in v.NUMBERS.items():
        add(w, "NUMBER", str(n))
    for w in v.DETERMINERS:
        add(w, "DET")
    for w, owner in v.OWNERS.items():
        add(w, "OWNER", owner)
    for w in v.PREPOSITIONS:
        add(w, "PREP")
    for w in v.SUBORDINATORS:
        add(w, "SUB")
    for w in ("if", "unless", "when", "whenever", "while"):
        add(w, w.upper() if w != "whenever" else "WHEN", w)
    # "Plays on table only if a Federation ship is attacked", "May attempt only if your total
    # WEAPONS>15 here": an "if", the one condition it may be done under (the condition's manner
    # keeps "only"), not a count of what comes before or how it is done
    add("only if", "IF", "if")
    add("only when", "WHEN", "when")  # ("only where", "only while": the same)
    add("only while", "WHILE", "while")
    add("only where", "SUB", "where")
    # "Each time you play X, …", "… is exhausted each time it moves", "The next time you play …, …";
    # "Just after opponent scans mission, …": the moment an event has happened, as "when" is;
    # "Just before that ship decloaks, …" the moment before it happens (the word is kept); "The first
    # time each turn an opponent's ship moves here, …" the first such moment (how often, kept too)
    for w in ("each time", "every time", "the next time", "next time", "just after", "just before",
              "the first time", "the first time each turn", "the first time this turn",
              "the first time each game", "the first time in a turn"):
        add(w, "WHEN", w)
    for w in v.CONJUNCTIONS:
        add(w, "CONJ")
    add("then", "THEN")
    add("to", "TO")
    for w, a in v.ATTRIBUTES.items():
        add(w, "ATTR", a)
    for a in (*v.ATTRIBUTES.values(), *_TACTIC_ATTRIBUTES):  # "ATTACK bonus +1" is "ATTACK +1"
        add(f"{a} bonus", "ATTR", a)
    for w in v.KEYWORDS:
        add(w, "KEYWORD", w)
        if " " in w and not w.endswith("s"):
            add(f"{w}s", "KEYWORD", w)  # "If your ship has tractor beams", "ships with cloaking devices"
    for n in ("once", "twice", "thrice", "one time"):
        for e in ("each", "per", "every"):
            for unit in ("turn", "game", "battle", "mission", "attempt", "player", "location",
                         "mission location", "copy", "card", "ship", "personnel", "dilemma", "round"):
                add(f"{n} {e} {unit}", "LIMIT")
                add(f"{n} {e} {unit} per copy", "LIMIT")  # "Once each turn per copy, …"
        # "Once during each of opponent's turns, …", "Once during your turn, …": each of one
        # player's turns
        for whose in ("your", "opponent's", "your opponent's", "their", "each player's"):
            add(f"{n} during each of {whose} turns", "LIMIT")
            add(f"{n} each of {whose} turns", "LIMIT")
            add(f"{n} during {whose} turn", "LIMIT")
    add("to get past", "SUB", "to get past")
    for w in ("off line", "off-line", "offline"):  # a ship system out of use (2.3.2 "Systems Off-Line")
        add(w, "PART", "off_line")
    add("for duty", "ADV", "for duty")  # 1E's "report for duty": how, not a place ("… any number of …")
    for w in ("lose points", "loses points", "lose points equal", "score points"):
        add(w, "VERB", "lose_points" if w.startswith("lose") else "score")
    # "a mission that is worth 40 or more points", "Your mission is worth 5 points": "worth" with its
    # copula is one verb, what the thing is worth (as "mission worth -10 points" is), so a relative
    # clause with it is one verb long, not "is" then a second verb
    for w in ("is worth", "are worth", "be worth"):
        add(w, "VERB", "worth")
    for w in ("remove from the game", "removed from the game", "remove from game"):
        add(w, "VERB" if w.startswith("remove ") else "PART", "remove_from_game")
    for skill in v.SKILLS:
        if " " in skill:
            add(skill, "SKILL", skill)
    return words, {k: sorted(e, key=lambda x: -len(x[0])) for k, e in multi.items()}


_SKILLS = {s.lower(): s for s in v.SKILLS if " " not in s}
_CLASSIFICATIONS = {c.lower(): c for c in v.CLASSIFICATIONS}

class QuickToken(Token):
    """Lark's Token, made without its constructor's keyword shim (a deprecation check on every
    call: a fifth of the lexer's time, with a token for every word of the pool)."""

    __slots__ = ()

    def __new__(cls, type, value, start_pos=None, line=None, column=None, end_line=None,  # noqa: A002
                end_column=None, end_pos=None):
        inst = str.__new__(cls, value)
        inst.type = type
        inst.value = value
        inst.start_pos = start_pos
        inst.line = line
        inst.column = column
        inst.end_line = end_line
        inst.end_column = end_column
        inst.end_pos = end_pos
        return inst


def _token(kind: str, value: str, start: int, end: int) -> Token:
    # QuickToken.__new__'s work, done here: one call fewer for each of the lexer's tokens
    inst = _new_str(QuickToken, value)
    inst.type = kind
    inst.value = value
    inst.start_pos = start
    inst.line = inst.column = inst.end_line = inst.end_column = None
    inst.end_pos = end
    return inst


_new_str = str.__new__


_TACTIC_ATTRIBUTES = ("attack", "defense")


@lru_cache(maxsize=8192)
def _classify(word: str) -> tuple[str, str]:
    """(type, value) of one word: a lookup in the vocabulary tables, so it is cached per word."""
    words, _ = tables()
    low = word.lower().replace("’", "'")
    bare = low.rstrip("-")
    if word.rstrip("-").isupper() and bare in _CLASSIFICATIONS and len(bare) > 2:
        return "CLASSIF", _CLASSIFICATIONS[bare]
    if len(word) > 3 and word[-1] == "s" and word[:-1].isupper() and low[:-1] in _CLASSIFICATIONS:
        return "CLASSIF", _CLASSIFICATIONS[low[:-1]]  # its plural: "two [NA] CIVILIANs", "OFFICERs"
    if bare.endswith("-classification") and bare.split("-")[0] in _CLASSIFICATIONS:
        return "CLASSIF", _CLASSIFICATIONS[bare.split("-")[0]]
    if low in _TACTIC_ATTRIBUTES and word.isupper():  # a tactic's "ATTACK bonus +1", "DEFENSE: 2"
        return "ATTR", low
    if word[0].isupper() and bare in _SKILLS and low not in ("resistance",) or (
            low == "resistance" and word[0].isupper()):
        return "SKILL", _SKILLS[bare]
    hit = words.get(low) or words.get(bare)
    if hit:
        return hit
    if low.startswith("non-"):
        return "ADJ", low
    if low.endswith("'s") and words.get(low[:-2]) and words[low[:-2]][0] not in _NOT_POSSESSIVE:
        kind, value = words[low[:-2]]
        return ("NOUN" if kind in ("NOUN", "NAME") else kind), value
    if len(word) >= 6 and word.isupper():
        near = _misprint_of(low, _PRINTED_ATTRIBUTES)
        if near:
            return "ATTR", near  # a misprint of an attribute printed in capitals: "INTEGRIY>31"
    if word[0].isupper():
        return "NAME", word
    if _MANNER_ADVERB.fullmatch(low) and low not in _NOT_ADVERBS:
        return "ADV", low  # "may not voluntarily move", "subsequently": how, kept as manner
    return "WORD", low


_STARTS_AN_OBJECT = ("DET", "OWNER", "PRON", "NOUN")
_NOUN_LIKE = frozenset(("NOUN", "ADJ", "NAME", "SKILL", "CLASSIF", "KEYWORD"))
_PRINTED_ATTRIBUTES = ("integrity", "cunning", "strength", "weapons", "shields")


def _misprint_of(word: str, names: tuple[str, ...]) -> str | None:
    """The one of ``names`` that ``word`` is one letter away from (one left out, added, changed, or
    two swapped), if any."""
    for name in names:
        if abs(len(name) - len(word)) > 1 or word == name:
            continue
        if len(word) == len(name):
            diff = [i for i in range(len(word)) if word[i] != name[i]]
            if len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and word[diff[0]] == name[diff[1]] and word[diff[1]] == name[diff[0]]):
                return name
        else:
            short, long_ = sorted((word, name), key=len)
            if any(long_[:i] + long_[i + 1:] == short for i in range(len(long_))):
                return name
    return None


# English adverbs of manner the vocabulary does not list: a stem of four letters or more and "-ly".
_MANNER_ADVERB = re.compile(r"[a-z]{4,}ly")
_NOT_ADVERBS = {"anomaly", "assembly", "family", "supply", "comply", "apply", "reply", "butterfly", "ally"}


# Words that join or point, never own: "Nor's" is a station's name, not the conjunction.
_NOT_POSSESSIVE = {"CONJ", "PREP", "DET", "SUB", "IF", "WHEN", "UNLESS", "WHILE", "TO", "THEN", "NOT",
                   "MODAL"}


@lru_cache(maxsize=1)
def _multi_by_second() -> dict[str, dict[str, list[tuple[tuple[str, ...], str, str]]]]:
    """The multi-word entries by first and second word, each list still longest first."""
    out: dict[str, dict[str, list[tuple[tuple[str, ...], str, str]]]] = {}
    for first, entries in tables()[1].items():
        for entry in entries:
            out.setdefault(first, {}).setdefault(entry[0][1], []).append(entry)
    return out


@lru_cache(maxsize=8192)
def _word_info(word: str) -> tuple[dict | None, str, str]:
    """The multi-word entries a word may start (by second word), and its own (type, value):
    vocabulary lookups."""
    return (_multi_by_second().get(word.lower()), *_classify(word))


def _multi_word(raw: list[tuple[str, str, int, int]], i: int, by_second: dict) -> tuple[int, str, str] | None:
    """The longest multi-word vocabulary entry starting at raw[i] (entries are longest first)."""
    n = len(raw)
    if i + 1 >= n:
        return None
    kind, val, _, _ = raw[i + 1]
    if kind != "WORD" and kind != "NUM":
        return None
    entries = by_second.get(val.lower())
    if not entries:
        return None
    for parts, mkind, mval in entries:
        k = len(parts)
        if i + k > n:
            continue
        for j in range(2, k):
            kind, val, _, _ = raw[i + j]
            if (kind != "WORD" and kind != "NUM") or val.lower() != parts[j]:
                break
        else:
            return k, mkind, mval
    return None


def _third_person(word: str) -> bool:
    """A verb's -s form: "damages", "saves" (not its lemma, not "-ing")."""
    kind, lemma = _classify(word)
    low = word.lower()
    return kind == "VERB" and low != lemma and low.endswith("s")


def _subject_before_verb(raw: list[tuple[str, str, int, int]], i: int) -> int:
    """1 if the words from ``raw[i]`` on are a verb's -s form, 2 if a noun and one, else 0."""
    n = len(raw)
    if i < n and raw[i][0] == "WORD" and _third_person(raw[i][1]):
        return 1
    return 2 if i + 1 < n and raw[i][0] == "WORD" and raw[i + 1][0] == "WORD" and (
        _classify(raw[i][1])[0] in ("NOUN", "WORD")) and _third_person(raw[i + 1][1]) else 0


def tokenize(text: str, own_title: str | None = None) -> list[Token]:
    """All tokens of ``text``; whitespace is dropped except the lost-icon double space. ``own_title``:
    the card's own title, a title wherever the text names it ("Shuffle Hide and Seek together …")."""
    word_info = _word_info
    raw: list[tuple[str, str, int, int]] = []
    append = raw.append
    size = len(text)
    kind_of = _KIND_OF_GROUP
    for m in _TOKEN_RE.finditer(text):
        group = m.lastindex
        kind = kind_of[group]  # type: ignore[index]
        if kind == "WS":
            continue
        val = m[group]
        e = m.end()  # the piece ends the match (only a space before it is not in the group)
        s = e - len(val)
        if kind == "SPACE2":
            if raw and raw[-1][0] != "PUNCT" and e < size and text[e] not in ".,;:)":
                append(("ICON", v.LOST_ICON, s, e))
            continue
        append((kind, val, s, e))  # type: ignore[arg-type]

    out: list[Token] = []
    add = out.append
    i = 0
    n = len(raw)
    verbs_after_modifier = False  # only then can a verb be a noun (_nouns_after_determiners)
    while i < n:
        kind, val, s, e = raw[i]
        i += 1
        if kind == "WORD":
            entries, tkind, tval = word_info(val)
            if entries:
                matched = _multi_word(raw, i - 1, entries)
                if matched and matched[1] == "PRON" and i + matched[0] - 1 < n and (
                        raw[i + matched[0] - 1][0] == "WORD"
                        and _classify(raw[i + matched[0] - 1][1])[0] in _NOUN_LIKE):
                    matched = None  # "each other mission" is each of the other missions, not "each other"
                if matched:
                    k, mkind, mval = matched
                    verbs_after_modifier = verbs_after_modifier or mkind == "VERB"
                    add(_token(mkind, mval, s, raw[i + k - 2][3]))
                    i += k - 1
                    continue
            if val == "Nor" and out and out[-1].type != "DOT":
                # a capital "Nor" inside a sentence is the station ("your Nor", "Ops on a Nor"),
                # not the conjunction (card text writes that "nor")
                add(_token("NOUN", "nor", s, e))
                continue
            if tkind == "VERB":  # what a verb's neighbours may make of it (one test, not one per case)
                vlow = val.lower()
                opens = not out or out[-1].type == "DOT"
                before = _subject_before_verb(raw, i) if vlow == tval and opens else 0
                if before:
                    # "Fire damages ship …", "Escape pod saves entire crew.": a sentence's first word,
                    # printed as a verb's lemma, before a verb's -s form (or a noun and one), is the
                    # subject that verb agrees with (or a word saying which), not an imperative
                    add(_token("NOUN" if before == 1 else "ADJ", vlow, s, e))
                    continue
                if out and out[-1].type == "TO" and vlow != tval and (
                        vlow.endswith("s")):
                    # "converted to downloads": after "to", a verb's -s form is the plural noun
                    add(_token("NOUN", tval, s, e))
                    continue
                if vlow != tval and vlow.endswith("s") and len(out) > 1 and out[-1].type == "CONJ" and (
                        out[-2].type == "NOUN" and text[out[-2].start_pos:out[-2].end_pos].endswith("s")
                        and i < n and raw[i][0] == "WORD" and _classify(raw[i][1])[0] == "VERB"
                        and raw[i][1].lower() == _classify(raw[i][1])[1]):
                    # "Freighters and transports report for free here": between a plural noun and "and",
                    # and the verb's base form they share, an -s form is a second plural noun
                    add(_token("NOUN", tval, s, e))
                    continue
                if out and out[-1].type == "TO" and vlow.endswith("ing"):
                    # "May apply [Com], [Nav] and [Def] to staffing.": an infinitive is never printed
                    # in -ing; "to" is where, the gerund the activity named
                    to = out[-1]
                    out[-1] = _token("PREP", "to", to.start_pos, to.end_pos)
                    add(_token("NOUN", vlow, s, e))
                    continue
                if vlow == tval and out and out[-1].type in ("PART", "ADJ") and i < n and (
                        raw[i][0] == "WORD" and raw[i][1].lower() in ("is", "are", "was", "were")):
                    # "If abducted target is present …": after a word describing it and before "is", a
                    # verb printed as its lemma is the noun the clause is about (a verb there would
                    # agree: "targets"; not after a subject pronoun: "missions you solve are …")
                    add(_token("NOUN", tval, s, e))
                    continue
                if vlow in ("lower", "higher") and i < n and raw[i][0] == "WORD" and (
                        _classify(raw[i][1])[0] == "ATTR"):
                    # "who has lower CUNNING": a comparative before an attribute, not the verb "lower"
                    add(_token("ADJ", vlow, s, e))
                    continue
                if vlow == tval and out and (out[-1].type == "BE" or (
                        out[-1].type == "ADV" and len(out) > 1 and out[-2].type == "BE")) and (
                        not vlow.endswith("ing")):
                    # "Door is now open.": after "be", a verb as printed in its base form is the state
                    # it names, a participle ("is now closed"), never a verb of its own
                    add(_token("PART", tval, s, e))
                    continue
                if vlow == "double" and out and out[-1].type in ("VERB", "HAVE", "PREP") and i < n and (
                        raw[i][0] == "WORD" and _classify(raw[i][1])[0] in ("NOUN", "ATTR")):
                    # "score double points", "has double RANGE": twice the amount, not the verb
                    add(_token("ADJ", vlow, s, e))
                    continue
                if len(out) > 1 and out[-1].type == "NUMBER" and out[-2].type == "CMP" and (
                        vlow.endswith("ing")):
                    # "requires CUNNING>24 remaining": how the total is counted, not a second verb
                    add(_token("ADJ", vlow, s, e))
                    continue
                if len(out) > 1 and out[-1].type == "NOUN" and out[-2].type == "PREP" and (
                        vlow.endswith("s") and tval in _NOUN_WORDS
                        and (i >= n or (raw[i][0] == "PUNCT" and raw[i][1] in ".,;)"))):
                    # "who do not count toward crew limits.": a plural ending a phrase after a
                    # preposition and a noun is a noun, as the first is (such a phrase holds no verb)
                    add(_token("NOUN", tval, s, e))
                    continue
                if len(out) > 1 and out[-1].type in ("NOUN", "WORD") and out[-2].type == "DET" and (
                        out[-2].value in ("a", "an")) and vlow == tval:
                    # "at the start of a dilemma encounter", "is an eligible target": after "a" and a
                    # noun (or a word the vocabulary does not know), a verb printed as its lemma cannot
                    # be that noun's verb (it would print "encounters"): the phrase's head
                    add(_token("NOUN", tval, s, e))
                    continue
                if out and out[-1].type == "VERB" and (
                        (vlow.endswith("ing") and vlow != "using") or tval == "target"):
                    # a gerund after a verb is what it acts on: "Cancels probing on …"; so is
                    # "target" (an objective's): "you may capture target and score 5 points" (not
                    # "using", how: "may land or take off using 1 RANGE")
                    add(_token("NOUN", vlow if tval != "target" else "target", s, e))
                    continue
                if out and (out[-1].type in _PREMODIFIERS or out[-1].type in _CLAUSE_OPENERS
                            or (out[-1].type == "CONJ" and vlow in _NOUN_WORDS)
                            or out[-1].type == "VERB" or _initiates(out[-1])):
                    verbs_after_modifier = True  # (after a verb: "… or incur damage.")
                elif (not out or out[-1].type == "DOT" or out[-1].type == "COLON") and (
                        vlow in _NOUN_WORDS or vlow.endswith("ing")):
                    verbs_after_modifier = True  # "Battle may not be initiated here.": maybe a subject
            add(_token(tkind, tval, s, e))
        elif kind == "PUNCT":
            add(_token(_PUNCT[val], val, s, e))
        elif kind == "ICON":
            add(_token("ICON", val.strip("[]"), s, e))
        elif kind == "TITLE":
            name = val[1:val.rindex("}")].strip()
            add(_token("TITLE", name + "!" if val.endswith("}!") else name, s, e))
        elif kind == "QUOTED":
            inner = val[1:-1].strip()
            # the full stop printed inside the closing quote ends the sentence: 'until "stopped."'
            stop = inner.endswith(".") and not inner.endswith("..") or (
                # and so does a question or exclamation the next sentence starts after: 'ask, "How
                # many lights?" If opponent replies …', '"Wow!" Download probe card'
                inner.endswith(("?", "!")) and text[e:e + 2].strip()[:1].isupper())
            # and a comma printed inside it is the comma after the word: 'are "stopped," but …'
            # (American style)
            comma = inner.endswith(",")
            if stop or comma:
                inner = inner[:-1]
            mark = _token("DOT", ".", e - 1, e) if stop else _token("COMMA", ",", e - 1, e) if comma else None
            if inner[:1] == "{" and inner.endswith("}") and inner.count("{") == 1:
                # 'call "{Devidian Door}"', 'complete "{cargo runs.}"': a title in quotes is the title
                # (a full stop inside its braces ends the sentence)
                name = inner[1:-1].strip()
                if name.endswith(".") and not name.endswith("..") and mark is None:
                    name, mark = name[:-1].rstrip(), _token("DOT", ".", e - 1, e)
                add(_token("TITLE", name, s, e - 1 if mark is not None else e))
                if mark is not None:
                    add(mark)
                continue
            tkind, tval = _classify(inner) if " " not in inner and inner[:1].isalpha() else ("QUOTED", inner)
            quoted = _quoted_clause(text, s + 1, s + 1 + len(val[1:-1].rstrip().rstrip(".,")))
            if quoted is not None:
                # a quoted clause is read as words: 'may "conduct services": …', '"This ship must
                # immediately attack one ship."' (a one-word or verbless quotation stays a term)
                out += quoted
                verbs_after_modifier = True
                if mark is not None:
                    add(mark)
                continue
            if (tkind not in ("VERB", "PART") and " " not in inner and inner.isalpha() and not stop
                    and (not out or out[-1].type in ("CONJ", "DOT", "SEMI", "COLON", "TO")
                         or (out[-1].type == "MODAL" and i < n and raw[i][1] == "("))
                    and i < n and (raw[i][1] == "(" or (raw[i][0] == "WORD"
                                                        and _classify(raw[i][1])[0] in _STARTS_AN_OBJECT))):
                # an action the card names in quotes opens the clause: 'OR "Melt" (place out-of-play)
                # one card', '"Remodulates" your hand', '… to "revolve" (flip) this card', 'may "spread"
                # (move) to …': it is the verb
                low = inner.lower()
                tkind, tval = "VERB", low[:-1] if low.endswith("s") and not low.endswith("ss") else low
            elif (tkind not in ("VERB", "PART") and inner.isalpha() and not stop and inner.endswith("s")
                  and not inner.endswith("ss") and out and out[-1].type in ("PRON", "TITLE")
                  and i < n and raw[i][0] == "WORD" and _classify(raw[i][1])[0] in ("PREP", "TO")):
                # a coined verb in quotes after its subject: 'it "ricochets" to other ships', as
                # any verb in the third person (the quotes say the game gives the word a meaning)
                tkind, tval = "VERB", inner.lower()[:-1]
            # a quoted verb or state is still that word: "Stops", "stopped"
            if tkind in ("VERB", "PART"):
                verbs_after_modifier = True
                add(_token(tkind, tval, s, e - 1 if mark is not None else e))
            else:
                add(_token("QUOTED", inner, s, e - 1 if mark is not None else e))
            if mark is not None:
                add(mark)
        elif kind == "HONORIFIC":
            add(_token("NAME", val, s, e))
        elif kind == "ABBR":
            vip = val.lower().rstrip("s") == "v.i.p."
            if vip and val.endswith(".") and _ends_sentence(out, raw, i):
                # "… with an opponent's V.I.P. Discard event if …": the abbreviation's full stop
                # ends the sentence too, as English prints one stop for both
                add(_token("CLASSIF", "V.I.P.", s, e - 1))
                add(_token("DOT", ".", e - 1, e))
                continue
            add(_token("CLASSIF", "V.I.P.", s, e) if vip else _token("NAME", val, s, e))
        elif kind == "VS":
            add(_token("PREP", "vs.", s, e))
        elif kind == "NUM":
            add(_token("NUMBER", val, s, e))
        elif kind == "MULT":
            add(_token("MULT", val[1:].strip(), s, e))
        elif kind == "SIGNED":
            add(_token("SIGNED", val.replace("−", "-").replace("–", "-"), s, e))
        elif kind == "CMP" and i < n and raw[i][0] == "NUM" and raw[i][2] == e and (
                not out or out[-1].type in _BEFORE_A_COUNT):
            # "with >2 and <8 personnel": a comparison that counts, not one of two totals
            add(_token("NUMBER", val + raw[i][1], s, raw[i][3]))
            i += 1
        elif kind == "DL" and (i >= n or (raw[i][0] == "PUNCT" and raw[i][1] in ",;:.)") or (
                raw[i][0] == "WORD" and raw[i][1].lower() in ("icon", "icons", "or", "and"))):
            # the download icon named, not a download: "use a DL/ or {Hidden Fighter}", "[*] and DL/
            # icons", a probe's "DL/ : Threat eliminated."
            add(_token("ICON", "DL", s, e))
        elif kind == "CMP" or kind == "DL":
            add(_token(kind, val, s, e))
        else:
            if val == "%" and (s == 0 or text[s - 1] == " ") and (e == size or text[e] == " "):
                # a "%" standing alone is a glyph the card data kept for an icon it lost: "at a %
                # mission", "+ % ship"
                add(_token("ICON", v.LOST_ICON, s, e))
            else:
                add(_token("ERROR", val, s, e))
    # Most passes below change a text only where it has tokens of some type: the types it has say
    # which may, at the cost of one scan, not one (or a whole loop) in each pass. (Only one pass
    # makes a token of a type a later test names: a slash between titles becomes "CONJ", which the
    # test allows for. A test may let a pass run that then finds nothing to do, never the reverse.)
    kinds = {t.type for t in out}
    if "SLASH" in kinds:
        out = _title_alternatives(out)
    if "ATTR" in kinds:
        out = _attribute_sums(out)
    out = _titles_named_again(out, text, own_title)
    low = text.lower()  # (the passes below that need a word the text does not have are skipped)
    if "HAVE" in kinds:
        out = _perfect_passives(out, text)
    if "BE" in kinds and ("overcome" in low or " put" in low or " set" in low):
        out = _participles_as_printed(out, text)
    if "BE" in kinds and ("VERB" in kinds or "PART" in kinds) and "ing" in low:
        out = _progressives(out, text)
    if "VERB" in kinds and "help" in low:
        out = _helped_verbs(out, text)
    if "PART" in kinds and "TO" in kinds:
        out = _participle_complements(out, text)
    if "SUB" in kinds and " so" in low:
        out = _so_as_a_manner(out)  # (before the adverbs' pass: "any card so marked")
    if "PART" in kinds and "upon" in low:
        out = _stranded_prepositions(out)
    if "PART" in kinds and "ADV" in kinds:
        out = _adverbs_before_participles(out)
    if "PART" in kinds and ("just" in low or "about to" in low):
        out = _recent_participles(out)
    if "SUB" in kinds and "where" in low:
        out = _where_it_is(out)
    if "PREP" in kinds and "(or " in low:
        out = _bracketed_prepositions(out)
    if "PREP" in kinds and any(word in low for word in v.ADVERB_PREPS):
        out = _places_before_verbs(out)
    if ("PREP" in kinds and ("from " in low or "instead of" in low or "without" in low)) or (
            "BE" in kinds and "PART" in kinds and " being " in low):
        out = _gerunds_after_prepositions(out, text)
    if "VERB" in kinds and "COMMA" in kinds and ("CONJ" in kinds or "SLASH" in kinds):
        out = _nouns_in_lists(out)
    if "COMMA" in kinds and ("PART" in kinds or "ADJ" in kinds):
        out = _coordinate_modifiers(out)
    if "MODAL" in kinds or "DET" in kinds:
        out = _elided_verbs(out)  # (may move a parenthesis before its modal: "may (if possible) initiate")
    if "THEN" in kinds:
        out = _verbs_after_then(_then_as_a_time(out))
    out = _imperatives(out)
    if verbs_after_modifier:
        out = _nouns_after_determiners(out, text)
    if " hit" in low:
        out = _hit_as_verb(out)
    if "NOT" in kinds and " not " in low:
        out = _negated_places(out)
    if "HAVE" in kinds and "PART" in kinds:
        out = _perfect_tense(out)
    if ("NUMBER" in kinds or "TITLE" in kinds or "DET" in kinds) and ("TO" in kinds or "from " in low):
        out = _objects_after_places(out)  # (late: it needs the nouns the passes above settle)
    if "number of" in low:
        out = _a_number_of(out)
    if " or more" in low or " or fewer" in low or " or less" in low:
        out = _or_more(out)
    if "more than once " in low or "more than twice " in low:
        out = _more_than(out)
    if " than " in low:
        out = _than_a_number(out)
    if "both " in low and " and " in low:
        out = _both_and(out)
    if "any or all " in low:
        out = _any_or_all(out)
    if "all but " in low:
        out = _all_but(out)
    if "LIMIT" in kinds and " per " in low:
        out = _limit_per(out)
    if "except " in low and "PREP" in kinds:
        out = _except_places(out)
    if " her" in low and _HER.search(low):
        out = _her_alone(out)
    if "PRON" in kinds and "WORD" in kinds:
        out = _verbs_after_subjects(out, text)
    if "PART" in kinds and ("OWNER" in kinds or "DET" in kinds):
        out = _past_tense_with_objects(out)
    if " play" in low and ("ente" in low or "leav" in low or "left" in low):
        out = _entering_play(out, text)
    return out


_SUBJECT_PRONOUNS = frozenset({"you", "they", "he", "she"})
# What a verb's object opens with: "you escort a captive", "you bribe rebels".
_OPENS_AN_OBJECT_PHRASE = frozenset({"DET", "OWNER", "NUMBER", "NOUN", "WORD", "TITLE", "ICON", "NAME"})


def _verbs_after_subjects(tokens: list[Token], text: str) -> list[Token]:
    """A word the vocabulary does not know, printed in lower case between a subject pronoun and an
    object ("while you escort a captive", "unless … you bribe rebels first"), is that subject's verb
    (a pronoun after a preposition or a verb is an object: "gives you time")."""
    out = tokens
    for i in range(1, len(tokens) - 1):
        tok, before = tokens[i], tokens[i - 1]
        if (tok.type == "WORD" and before.type == "PRON" and str(before.value).lower() in _SUBJECT_PRONOUNS
                and tokens[i + 1].type in _OPENS_AN_OBJECT_PHRASE and not _capitalised(tok, text)
                and not (i > 1 and tokens[i - 2].type in ("PREP", "TO", "VERB"))):
            if out is tokens:
                out = list(tokens)
            out[i] = _token("VERB", str(tok.value).lower(), tok.start_pos, tok.end_pos)
    return out


# Determiners that open an object, not a time ("this turn", "that turn" do not).
_OBJECT_DETERMINERS = frozenset({"a", "an", "any", "one", "the"})


def _past_tense_with_objects(tokens: list[Token]) -> list[Token]:
    """A participle form between a noun and an object is that noun's verb, in the past tense: "just
    after any dilemma killed your personnel", "(two if opponent initiated the battle)", "if that ship
    survived a battle" (a passive takes no object after it)."""
    out = tokens
    for i in range(1, len(tokens) - 1):
        tok = tokens[i]
        if tok.type != "PART":
            continue
        after = tokens[i + 1]
        if tokens[i - 1].type in ("NOUN", "NAME", "TITLE") and (
                after.type == "OWNER"
                or (after.type == "DET" and str(after.value).lower() in _OBJECT_DETERMINERS)):
            if out is tokens:
                out = list(tokens)
            out[i] = _token("VERB", tok.value, tok.start_pos, tok.end_pos)
    return out


_INTO_PLAY = frozenset(("enter", "leave"))


def _entering_play(tokens: list[Token], text: str) -> list[Token]:
    """ "enters play", "leaves play", "a Borg ship just entered play": "play" is where, a noun, and a
    participle form of the verb after a phrase (and "just") is its verb, in the past tense."""
    out = tokens
    for i in range(1, len(tokens)):
        tok, before = tokens[i], tokens[i - 1]
        if not (tok.type == "VERB" and tok.value == "play" and before.type in ("VERB", "PART")
                and before.value in _INTO_PLAY):
            continue
        if out is tokens:
            out = list(tokens)
        out[i] = _token("NOUN", "play", tok.start_pos, tok.end_pos)
        if i + 1 < len(tokens) and tokens[i + 1].type == "PART":
            # "Enters play damaged at any location": how it enters (its state), not a damaged play
            after = tokens[i + 1]
            how = text[after.start_pos:after.end_pos].lower().strip("\"“”.")  # ('enters play "stopped."')
            out[i + 1] = _token("ADV", how, after.start_pos, after.end_pos)
        j = i - 2
        while j >= 0 and tokens[j].type == "ADV":
            j -= 1
        if before.type == "PART" and j >= 0 and tokens[j].type in HEAD_TYPES:
            out[i - 1] = _token("VERB", before.value, before.start_pos, before.end_pos)
    return out


def _a_number_of(tokens: list[Token]) -> list[Token]:
    """ "Examine a number of cards … equal to the number of …" (how many, said after), "download
    any number of {HQ} cards", "capture an equal number of other personnel", "draw the same number
    of cards": a determiner, how many, not a phrase "number" with what it counts after "of" (a pass
    of its own, not a vocabulary entry: "a" would be looked up as the start of one at every article)."""
    n = len(tokens)

    def run_at(i: int) -> tuple[Token, int] | None:
        tok = tokens[i]
        if tok.type != "DET":
            return None
        k = i + 1  # where "number" is
        if tok.value in ("an", "the") and k < n and tokens[k].value == (
                "equal" if tok.value == "an" else "same"):
            k += 1
        elif tok.value not in ("a", "any"):
            return None
        if k + 1 < n and tokens[k].value == "number" and tokens[k + 1].type == "PREP" and (
                tokens[k + 1].value == "of"):
            words = " ".join(str(t.value) for t in tokens[i:k])
            return _token("DET", f"{words} number of", tok.start_pos, tokens[k + 1].end_pos), k + 2
        return None
    return _merge_runs(tokens, run_at)


def _except_places(tokens: list[Token]) -> list[Token]:
    """ "except during a dilemma", "(except in the Badlands Region)": the place it is not done, one
    preposition "except during" (alone, "except" had no phrase and "during a dilemma" read as where
    it is done: the opposite)."""
    n = len(tokens)

    def run_at(i: int) -> tuple[Token, int] | None:
        tok = tokens[i]
        if (tok.type == "PREP" and tok.value.lower() == "except" and i + 2 < n  # (a phrase after both)
                and tokens[i + 1].type == "PREP" and tokens[i + 2].type not in ("COMMA", "DOT", "RPAR")):
            after = tokens[i + 1]
            return _token("PREP", f"except {after.value.lower()}", tok.start_pos, after.end_pos), i + 2
        return None
    return _merge_runs(tokens, run_at)


def _more_than(tokens: list[Token]) -> list[Token]:
    """ "may not report the same personnel more than once per game": how often, one limit (alone,
    "more" ran on into the object before it and "than" was left a manner)."""
    n = len(tokens)

    def run_at(i: int) -> tuple[Token, int] | None:
        if not (i + 2 < n and tokens[i].type == "DET" and tokens[i].value == "more"
                and tokens[i + 1].type == "PREP" and tokens[i + 1].value == "than"
                and tokens[i + 2].type == "LIMIT"):
            return None
        how = tokens[i + 2]
        return _token("LIMIT", f"more than {how.value}", tokens[i].start_pos, how.end_pos), i + 3
    return _merge_runs(tokens, run_at)


def _or_more(tokens: list[Token]) -> list[Token]:
    """ "three or more Bajorans", "two or more present", "worth 40 or more points", "nine or fewer
    personnel": a number and the "or more" ("or fewer", "or less") after it are one bound, as "at
    least three" ("at most nine") is (not the number, and a second phrase of "more Bajorans")."""
    n = len(tokens)

    def run_at(i: int) -> tuple[Token, int] | None:
        tok = tokens[i]
        if (tok.type == "CONJ" and tok.value.lower() == "or" and 0 < i < n - 1
                and tokens[i - 1].type == "NUMBER"
                and tokens[i + 1].type == "DET" and tokens[i + 1].value.lower() in ("more", "fewer", "less")):
            bound = "or more" if tokens[i + 1].value.lower() == "more" else "or fewer"
            return _token("DET", bound, tok.start_pos, tokens[i + 1].end_pos), i + 2
        return None
    return _merge_runs(tokens, run_at)


# What a phrase between "both" and "and" may hold: no verb, and no mark that ends a phrase.
_NOT_IN_BOTH = frozenset({"VERB", "BE", "HAVE", "MODAL", "NOT", "DOT", "COMMA", "SEMI", "COLON", "IF",
                          "UNLESS", "WHEN", "WHILE", "SUB", "THEN", "LIMIT"})


def _both_and(tokens: list[Token]) -> list[Token]:
    """ "who has both Obsidian Order and Treachery", "cards with both [Films] and [AU] icon": "both"
    before a phrase and "and" is the correlative, how the two are joined (an adverb, kept as the
    verb's manner), not the count two of the first ("both players", "both are stopped" keep it)."""
    out = tokens
    n = len(tokens)
    ahead = n  # the first token from here on that ends the phrase: one pass from the end, not a scan
    for i in range(n - 1, -1, -1):  # from each "both" (a hostile run of them would be quadratic)
        tok = tokens[i]
        if tok.type == "DET" and tok.value.lower() == "both" and i + 1 < ahead < n - 1 and (
                tokens[ahead].type == "CONJ" and tokens[ahead].value.lower() == "and"):
            if out is tokens:
                out = list(tokens)
            out[i] = _token("ADV", "both", tok.start_pos, tok.end_pos)
        if tok.type in _NOT_IN_BOTH or (tok.type == "CONJ" and tok.value.lower() in ("and", "or", "nor")):
            ahead = i
    return out


def _any_or_all(tokens: list[Token]) -> list[Token]:
    """ "relocate any or all crew", "nullify any or all cards preventing …", "release any or all of
    them": one determiner of the phrase after it (how many: any, up to all), not a phrase "any" with
    no head and a second, "all crew"."""
    n = len(tokens)

    def run_at(i: int) -> tuple[Token, int] | None:
        tok = tokens[i]
        if (tok.type == "DET" and tok.value.lower() == "any" and i + 2 < n and tokens[i + 1].type == "CONJ"
                and tokens[i + 1].value.lower() == "or" and tokens[i + 2].type == "DET"
                and tokens[i + 2].value.lower() == "all"):
            return _token("DET", "any or all", tok.start_pos, tokens[i + 2].end_pos), i + 3
        return None
    return _merge_runs(tokens, run_at)


def _all_but(tokens: list[Token]) -> list[Token]:
    """ "peek at all but 3 seed cards here", "shuffle all but 6": all except that many, one determiner
    before its number (count ``all_but``), not the phrase "all" and a second, "6", joined by "but"."""
    n = len(tokens)

    def run_at(i: int) -> tuple[Token, int] | None:
        tok = tokens[i]
        if (tok.type == "DET" and tok.value.lower() == "all" and i + 2 < n and tokens[i + 1].type == "CONJ"
                and tokens[i + 1].value.lower() == "but" and tokens[i + 2].type == "NUMBER"):
            return _token("DET", "all but", tok.start_pos, tokens[i + 1].end_pos), i + 2
        return None
    return _merge_runs(tokens, run_at)


# What a limit's "per …" may name: "per card title", "per Equipment card title", "per persona".
_PER_WHAT = frozenset({"NOUN", "NAME", "ADJ", "CLASSIF", "SKILL", "WORD", "KEYWORD", "ICON"})


def _limit_per(tokens: list[Token]) -> list[Token]:
    """ "(once per game per card title)", "once per game per persona": what the limit counts by is
    the limit's, one token with it (the limit had been "once per game" and the rest a manner)."""
    n = len(tokens)

    def run_at(i: int) -> tuple[Token, int] | None:
        tok = tokens[i]
        if tok.type != "LIMIT" or i + 2 >= n or tokens[i + 1].type != "PREP" or tokens[i + 1].value != "per":
            return None
        k = i + 2
        while k < n and k < i + 6 and tokens[k].type in _PER_WHAT:
            k += 1
        if k == i + 2:
            return None
        per = " ".join(str(t.value).lower() for t in tokens[i + 2:k])
        return _token("LIMIT", f"{tok.value} per {per}", tok.start_pos, tokens[k - 1].end_pos), k
    return _merge_runs(tokens, run_at)


def _than_a_number(tokens: list[Token]) -> list[Token]:
    """ "with fewer than three staffing icons", "has more than 12 cards in hand", "showing less than
    30 points": "fewer than", "less than" and "more than" before a number are one bound of it, as "up
    to" and "at least" are (not a phrase "fewer" and a place "than" the number)."""
    n = len(tokens)

    def run_at(i: int) -> tuple[Token, int] | None:
        tok = tokens[i]
        if (tok.type == "DET" and tok.value.lower() in ("more", "fewer", "less") and i + 2 < n
                and tokens[i + 1].type == "PREP" and tokens[i + 1].value == "than"
                and tokens[i + 2].type == "NUMBER"):
            return _token("DET", f"{tok.value.lower()} than", tok.start_pos, tokens[i + 1].end_pos), i + 2
        return None
    return _merge_runs(tokens, run_at)


_HER = re.compile(r"\bher\b")


def _her_alone(tokens: list[Token]) -> list[Token]:
    """ "her" with no phrase after it is the pronoun, as "him" is, not an owner: "return her to
    hand", "to unstop her.", "place her in your discard pile"."""
    out = tokens
    for i, tok in enumerate(tokens):
        if tok.type == "OWNER" and tok.value == "her" and (
                i + 1 == len(tokens) or tokens[i + 1].type not in _AFTER_AN_OWNER):
            if out is tokens:
                out = list(tokens)
            out[i] = _token("PRON", "her", tok.start_pos, tok.end_pos)
    return out


# What a participle after "has"/"have" describes, when one follows it: "have printed skills" is
# having skills, not a perfect tense.
_DESCRIBED_BY_PARTICIPLE = frozenset({"NOUN", "SKILL", "CLASSIF", "NAME", "ICON", "KEYWORD", "ADJ"})


def _perfect_tense(tokens: list[Token]) -> list[Token]:
    """ "If you have scored 10 points", "two missions that your ships have visited", "who has served
    on …": "has"/"have" and a verb's participle are that verb, done (the perfect tense); "has"
    is the auxiliary of the verb group (a MODAL "have", which items.py keeps as the manner ``have``,
    not as a modal). Not when the participle describes a noun after it ("have printed skills")."""
    n = len(tokens)
    for i in range(n - 1):
        if tokens[i].type != "HAVE":
            continue
        j = i + 1
        if j < n and tokens[j].type == "NOT":
            j += 1  # "has not solved"
        while j < n and tokens[j].type == "ADV":
            j += 1
        if j < n and tokens[j].type == "PART" and (
                j + 1 == n or tokens[j + 1].type not in _DESCRIBED_BY_PARTICIPLE):
            tok, part = tokens[i], tokens[j]
            tokens[i] = _token("MODAL", "have", tok.start_pos, tok.end_pos)
            tokens[j] = _token("VERB", str(part.value), part.start_pos, part.end_pos)
    return tokens


def _hit_as_verb(tokens: list[Token]) -> list[Token]:
    """The noun "hit" (a tactic's "Hit = …", "one additional hit") is the verb where a clause has it
    so: after a form of "be", its participle, the past form being the base ("if this ship is hit",
    "may not be hit more than once"); after its subject, the verb, before what it hits or where the
    clause ends ("When your {Chain Reaction Pulsar} hits a ship", "If you hit, …")."""
    n = len(tokens)
    for i in range(1, n):
        tok = tokens[i]
        if tok.type != "NOUN" or tok.value != "hit":
            continue
        before = tokens[i - 1]
        after = tokens[i + 1].type if i + 1 < n else "DOT"
        if before.type == "BE":
            tokens[i] = _token("PART", "hit", tok.start_pos, tok.end_pos)
        elif (before.type in HEAD_TYPES and after in _HIT_OBJECT) or (
                before.type == "PRON" and before.value.lower() in _SUBJECT_PRONOUNS and (
                after in _HIT_OBJECT or after in ("COMMA", "DOT"))):
            tokens[i] = _token("VERB", "hit", tok.start_pos, tok.end_pos)
    return tokens


def _so_as_a_manner(tokens: list[Token]) -> list[Token]:
    """ "so" that says how, not the conjunction that opens a condition ("so that …"): after "do", the
    action done again ("may do so for free", "If opponent does so voluntarily, …"); before a
    participle, "in that way" ("if so examined"), and after a phrase a filter of it, as "just" is
    ("any card so marked", "a card just played": ASPECT)."""
    for i in range(1, len(tokens)):
        tok = tokens[i]
        if tok.type != "SUB" or tok.value != "so":
            continue
        before = tokens[i - 1]
        if before.type == "VERB" and before.value == "do":
            tokens[i] = _token("ADV", "so", tok.start_pos, tok.end_pos)
        elif i + 1 < len(tokens) and tokens[i + 1].type == "PART":
            kind = "ASPECT" if before.type in HEAD_TYPES else "ADV"
            tokens[i] = _token(kind, "so", tok.start_pos, tok.end_pos)
    return tokens


def _negated_places(tokens: list[Token]) -> list[Token]:
    """ "Each of your drones not aboard a ship", "your personnel not present": "not" between a phrase
    and its place makes one place, negated ("not aboard", "not present"), as the phrase's filter (not a
    negated verb with no verb). The list is rebuilt only where there is one."""
    n = len(tokens)
    at = [i for i in range(1, n - 1) if tokens[i].type == "NOT" and tokens[i - 1].type in HEAD_TYPES
          and tokens[i + 1].type in ("PREP", "LOC")]
    for i in reversed(at):
        tok, place = tokens[i], tokens[i + 1]
        tokens[i:i + 2] = [_token(place.type, f"not {place.value}", tok.start_pos, place.end_pos)]
    return tokens


# What may follow the verb "hit": its object, or an aside before it ("hits (but does not destroy) a ship").
_HIT_OBJECT = frozenset({"DET", "OWNER", "NUMBER", "TITLE", "LPAR"})
_SUBJECT_PRONOUNS = frozenset({"you", "it", "he", "she", "they", "we"})


# What may stand before a count: "with >2 …", "and <8 …", "has >9 personnel".
_BEFORE_A_COUNT = {"PREP", "CONJ", "DET", "COMMA", "LPAR", "VERB", "HAVE", "BE", "IF", "UNLESS", "WHEN",
                   "WHILE", "SUB"}


def _title_alternatives(tokens: list[Token]) -> list[Token]:
    """"{Kevin Uxbridge}/{Amanda Rogers}": a slash between two titles is "or"."""
    for i in range(1, len(tokens) - 1):
        if tokens[i].type == "SLASH" and tokens[i - 1].type == "TITLE" and tokens[i + 1].type == "TITLE":
            tokens[i] = _token("CONJ", "or", tokens[i].start_pos, tokens[i].end_pos)
    return tokens


_COORDINATE = frozenset({"ADJ", "PART"})  # words a comma may join before their noun
_DESCRIBING = frozenset({"ADJ", "PART", "ICON"})  # what may stand between them and the noun


def _coordinate_modifiers(tokens: list[Token]) -> list[Token]:
    """ "Plays on your staffed, undocked ship", "on a non-homeworld, non-[DOM] planet mission": a
    comma between two words describing the noun after them, the first right after the phrase's
    determiner, joins them as "and" would; it is dropped, so the phrase is one (not "your staffed"
    ending at the comma). One pass from the end: whether a noun follows the words after each comma."""
    n = len(tokens)
    drop = []
    headed = False  # the tokens after this one are describing words, then a noun
    for i in range(n - 1, -1, -1):
        kind = tokens[i].type
        if kind == "NOUN" or kind == "CLASSIF":
            headed = True
        elif kind in _DESCRIBING:
            pass
        elif kind == "COMMA" and headed and 2 <= i < n - 1 and tokens[i + 1].type in _DESCRIBING and (
                tokens[i - 1].type in _COORDINATE and tokens[i - 2].type in ("OWNER", "DET")):
            drop.append(i)
        else:
            headed = False
    if not drop:
        return tokens
    dropped = set(drop)
    return [t for i, t in enumerate(tokens) if i not in dropped]


def _merge_runs(tokens: list[Token], run_at) -> list[Token]:
    """``tokens`` with each run that ``run_at(i)`` finds starting at ``i`` (a (token, end) pair:
    the one token that stands for ``tokens[i:end]``) replaced by that token."""
    out: list[Token] = []
    i = 0
    n = len(tokens)
    while i < n:
        found = run_at(i)
        if found is None:
            out.append(tokens[i])
            i += 1
        else:
            out.append(found[0])
            i = found[1]
    return out


# What a bracketed alternative to a preposition is made of: "(or adjacent to)", "(or next to)",
# "(or aboard)".
_ALTERNATIVE_PLACE = frozenset({"LOC", "ADJ", "PREP", "TO", "WORD"})


def _bracketed_prepositions(tokens: list[Token]) -> list[Token]:
    """ "any mission that is in (or adjacent to) the Nekrit Expanse Region": a preposition with an
    alternative to it in brackets is one preposition ("in or adjacent to"), so the phrase after it is
    the place of both."""
    n = len(tokens)

    def run_at(i: int) -> tuple[Token, int] | None:
        if tokens[i].type != "PREP" or i + 4 >= n or tokens[i + 1].type != "LPAR" or (
                tokens[i + 2].type != "CONJ" or str(tokens[i + 2].value).lower() != "or"):
            return None
        k = i + 3
        while k < n and k < i + 6 and tokens[k].type in _ALTERNATIVE_PLACE:
            k += 1
        if k == i + 3 or k >= n or tokens[k].type != "RPAR":
            return None
        words = " ".join(str(t.value).lower() for t in tokens[i + 3:k])
        return _token("PREP", f"{str(tokens[i].value).lower()} or {words}", tokens[i].start_pos,
                      tokens[k].end_pos), k + 1

    return _merge_runs(tokens, run_at)


# Determiners that open a verb's object after its place ("return to hand any ship").
_OPENS_AN_OBJECT = frozenset({"any", "each", "all", "a", "an", "another", "every"})


def _objects_after_places(tokens: list[Token]) -> list[Token]:
    """ "download to hand one Captain's Order card", "may download to one of your crews or Away Teams
    one hand weapon", "report to Chamber one [Univ] drone": the verb's object, a count and its
    phrase, printed after the place it goes to, is read before it ("download one Captain's Order
    card to hand"): run together, the place and the object made one phrase, and the verb had no
    object. The tokens keep their offsets."""
    n = len(tokens)
    i = 0
    while i < n - 3:
        if tokens[i].type != "VERB" or not (tokens[i + 1].type == "TO" or (
                tokens[i + 1].type == "PREP" and tokens[i + 1].value == "from")):
            i += 1
            continue
        k = i + 2
        split = None  # where the object starts: a count right after the place's noun
        while k < n and (tokens[k].type in _IN_A_PHRASE or tokens[k].type == "NUMBER" or (
                tokens[k].type == "PREP" and tokens[k].value in ("of", "at")) or tokens[k].type == "CONJ" or (
                k == i + 2 and tokens[k].type == "LOC")):  # ("to here …", "to one of your ships at …")
            if tokens[k].type in ("NUMBER", "TITLE") and k > i + 2 and (
                    tokens[k - 1].type in HEAD_TYPES or tokens[k - 1].type == "LOC") and (
                    tokens[k].type == "NUMBER" or tokens[k - 1].type == "NOUN"):
                split = k  # (a title right after the place's noun: "download to hand {Intermix Ratio}, …")
                break
            if (tokens[k].type == "DET" and k > i + 2 and k + 1 < n
                    and (tokens[k - 1].type in HEAD_TYPES or tokens[k - 1].type == "LOC")
                    and ((tokens[k].value == "up to" and tokens[k + 1].type == "NUMBER")
                         or tokens[k].value in _OPENS_AN_OBJECT)):
                # "download to here up to two Equipment cards", "… to this planet up to two …", "return
                # to hand any ship which …"
                split = k
                break
            if (tokens[k].type == "OWNER" and k > i + 2 and tokens[k - 1].type in HEAD_TYPES
                    and tokens[k].value in ("its", "their", "his", "her")):
                split = k  # "download to one of your ships its matching commander"
                break
            k += 1
        if split is None:
            i += 1
            continue
        end = split + 1 + (tokens[split].value == "up to")  # (past "up to" and its count)
        listed = tokens[split].type == "TITLE"  # (a title may open a list: "{A}, {B} or a non-OFFICER")
        if tokens[split].type == "NUMBER" and end + 1 < n and tokens[end].type == "PREP" and (
                tokens[end].value == "of" and tokens[end + 1].type in ("OWNER", "DET")):
            end += 1  # "return to hand one of your [BO] Incident, Event, or Objective cards in play"
            listed = True
        while end < n and (tokens[end].type in _IN_A_PHRASE or (listed and tokens[end].type in (
                "COMMA", "CONJ"))) and not _relative_opener(tokens, end, listed):
            end += 1
        if end == split + 1 or tokens[end - 1].type not in HEAD_TYPES and not (
                listed and tokens[end - 1].type == "ADJ"):  # ("… or a non-OFFICER who has …")
            i += 1  # (a count with no noun after it is no object: "to the top five")
            continue
        if end < n and tokens[end].type == "LOC" and tokens[end].value == "in play":
            end += 1  # ("… cards in play": where they are, with them)
        end = _joined_object(tokens, end)
        if end < n and _relative_opener(tokens, end, listed):
            # "Return to your hand one [22] personnel that was killed this turn": the object's
            # relative clause, to the clause's end, goes with it
            while end < n and tokens[end].type not in ("DOT", "SEMI", "COMMA", "LPAR"):
                end += 1
        tokens = [*tokens[:i + 1], *tokens[split:end], *tokens[i + 1:split], *tokens[end:]]
        i = end
    return tokens


def _joined_object(tokens: list[Token], end: int) -> int:
    """Where an object printed after its place ends, with a count-opened phrase joined to it by "or"
    or "and": "Download to your ship one Ferengi or one Klingon", "… to that Nagus one Hupyrian or
    any number of Ferengi CIVILIANs" (both objects, read before the place; left after it, the second
    was read as more of the place)."""
    n = len(tokens)
    while end + 2 < n and tokens[end].type == "CONJ" and tokens[end].value.lower() in ("or", "and") and (
            tokens[end + 1].type == "NUMBER"
            or (tokens[end + 1].type == "DET" and tokens[end + 1].value in (*_OPENS_AN_OBJECT, "up to"))):
        j = end + 2
        while j < n and (tokens[j].type in _IN_A_PHRASE or tokens[j].type == "NUMBER" or (
                tokens[j].type == "PREP" and tokens[j].value == "of" and j + 1 < n
                and tokens[j + 1].type in _IN_A_PHRASE)):
            j += 1
        if tokens[j - 1].type not in HEAD_TYPES:
            break
        end = j
    return end


def _relative_opener(tokens: list[Token], k: int, after_adjective: bool = False) -> bool:
    """ "that", "which" or "who" right after a phrase's head (or, ``after_adjective``, a head printed
    as an adjective: "a non-OFFICER who …"): a relative clause opens there."""
    return (tokens[k].type in ("DET", "PRON") and str(tokens[k].value).lower() in ("that", "which", "who")
            and (tokens[k - 1].type in HEAD_TYPES or (after_adjective and tokens[k - 1].type == "ADJ")))


def _adverbs_before_participles(tokens: list[Token]) -> list[Token]:
    """ "May replace anyone present randomly selected to die": an adverb between a phrase and the
    participle that describes it is read after the participle ("anyone present selected randomly"),
    so the participle stays with its phrase and the adverb says how. The tokens keep their offsets."""
    for i in range(1, len(tokens) - 1):
        if (tokens[i].type == "ADV" and tokens[i + 1].type == "PART" and str(tokens[i].value).endswith("ly")
                and (tokens[i - 1].type in HEAD_TYPES or tokens[i - 1].type == "LOC")):
            tokens[i], tokens[i + 1] = tokens[i + 1], tokens[i]
        elif (tokens[i].type == "ADV" and tokens[i + 1].type == "PART" and str(tokens[i].value).endswith("ly")
              and i > 1 and tokens[i - 1].type == "ADV" and tokens[i - 1].value == "just"
              and tokens[i - 2].type in HEAD_TYPES):
            # "must replace {Salia} just randomly selected": when and how the participle befell the
            # phrase (ASPECT, as "just" alone before it is), the participle the phrase's
            for k in (i - 1, i):
                tok = tokens[k]
                tokens[k] = _token("ASPECT", str(tok.value), tok.start_pos, tok.end_pos)
        elif (tokens[i].type == "ADV" and tokens[i + 1].type == "PART" and i + 2 < len(tokens)
              and str(tokens[i].value).endswith("ly") and tokens[i - 1].type in _BEFORE_A_HEAD
              and tokens[i + 2].type in _NAMING):
            # "a second randomly selected personnel", "your subsequently completed [BO] objectives":
            # inside a phrase, before a participle that qualifies its noun, the adverb says how that
            # befell it (as "just" does: ASPECT), and the phrase runs on to its noun
            tok = tokens[i]
            tokens[i] = _token("ASPECT", str(tok.value), tok.start_pos, tok.end_pos)
    return tokens


_BEFORE_A_HEAD = frozenset({"DET", "OWNER", "ADJ", "NUMBER"})  # words a phrase opens with
_NAMING = frozenset({"NOUN", "ICON", "NAME", "SKILL", "CLASSIF", "KEYWORD", "TITLE"})  # what it names


def _attribute_sums(tokens: list[Token]) -> list[Token]:
    """A sum of attributes compared as one total, "(CUNNING+INTEGRITY)<12", "CUNNING+STRENGTH<16",
    "(INTEGRITY + CUNNING - STRENGTH) = X", is one ATTR token ("cunning+integrity"), so the grammar's
    comparison rule reads it like "CUNNING<12"."""
    n = len(tokens)
    if not any(tokens[k].type in ("PLUS", "DASH") and tokens[k - 1].type == "ATTR"
               and tokens[k + 1].type == "ATTR" for k in range(1, n - 1)):
        return tokens  # (a sum has two terms at least: most texts with attributes have none)

    def run_at(i: int) -> tuple[Token, int] | None:
        start = i + 1 if tokens[i].type == "LPAR" else i
        k = start  # past the last term of the sum
        while k < n and tokens[k].type == "ATTR":
            k += 1
            if not (k + 1 < n and tokens[k].type in ("PLUS", "DASH") and tokens[k + 1].type == "ATTR"):
                break
            k += 1
        closed = k if start == i else (k + 1 if k < n and tokens[k].type == "RPAR" else n)
        if k - start > 1 and closed < n and tokens[closed].type in ("CMP", "EQUALS"):
            value = "".join(str(t.value) for t in tokens[start:k])
            return _token("ATTR", value, tokens[i].start_pos, tokens[closed - 1].end_pos), closed
        return None

    return _merge_runs(tokens, run_at)


def _nouns_in_lists(tokens: list[Token]) -> list[Token]:
    """ "your freighter, transport or [Fer] facility": a word that is both verb and noun, between a
    noun's comma and "or"/"and" with a phrase after it, is one of the list's nouns."""
    for i in range(2, len(tokens) - 2):
        tok = tokens[i]
        if tok.type == "VERB" and str(tok.value) in _NOUN_WORDS and tokens[i - 1].type == "COMMA" and (
                tokens[i - 2].type == "NOUN" and tokens[i + 1].type == "CONJ"
                and tokens[i + 2].type in ("NOUN", "ICON", "OWNER", "DET", "NAME", "WORD", "ADJ")):
            tokens[i] = _token("NOUN", str(tok.value), tok.start_pos, tok.end_pos)
    return tokens


def _helped_verbs(tokens: list[Token], text: str) -> list[Token]:
    """ "helps solve", "helped prevent": "help" before a bare infinitive says how its subject takes
    part in what the infinitive does, which is the verb: "help" is read as a manner word, as
    "randomly" is ("Each personnel that helps overcome this dilemma …" overcame it, with manner
    "helps"; "overcome" is no second effect)."""
    for i in range(len(tokens) - 1):
        tok, verb = tokens[i], tokens[i + 1]
        if tok.type == "VERB" and tok.value == "help" and verb.type == "VERB" and (
                text[verb.start_pos:verb.end_pos].lower() == verb.value):
            tokens[i] = _token("ADV", text[tok.start_pos:tok.end_pos].lower(), tok.start_pos, tok.end_pos)
    return tokens


# Tokens that may end a phrase as its head: "a card just played", "your Borg just killed", "{Tox
# Uthat} just used" (not a subject's pronoun: "they just stunned"); the reader's relative clauses
# ask the same of the phrase before them.
HEAD_TYPES = frozenset({"NOUN", "NAME", "TITLE", "ICON", "CLASSIF", "KEYWORD", "SKILL", "WORD"})


def _recent_participles(tokens: list[Token]) -> list[Token]:
    """ "a card just played", "one of your personnel just stunned", "your ship about to be
    destroyed": "just" or "about to be" between a phrase and a past participle says when what the
    participle says befalls it, a filter of that phrase with the participle's (``ASPECT``, which a
    phrase takes before a participle), not a manner or modal of the sentence's verb that ends the
    phrase and leaves the participle a phrase or a verb of its own."""
    out: list[Token] = []
    n = len(tokens)
    i = 0
    while i < n:
        tok = tokens[i]
        before = out[-1] if out else None
        part = tokens[i + 1] if i + 1 < n else None
        if before is not None and tok.type == "ADV" and tok.value == "just" and part is not None and (
                part.type == "PART"):
            if _a_doer(out):
                # "if opponent just played {Res-Q}", "he just stunned": the participle is what they did
                out += [tok, _token("VERB", part.value, part.start_pos, part.end_pos)]
                i += 2
                continue
            if before.type in HEAD_TYPES and before.value.lower() not in _PLAYERS and (
                    part.value not in _UNDERGONE_BY_NONE) and not (
                    i + 2 < n and tokens[i + 2].type in _OPENS_A_PHRASE):
                # (else the verb of a clause: "your Vorta just died", "{Rogue Borg} just entered play")
                out.append(_token("ASPECT", tok.value, tok.start_pos, tok.end_pos))
                i += 1
                continue
        elif before is not None and before.type in HEAD_TYPES and tok.type == "MODAL" and (
                tok.value == "about to" and i + 2 < n and tokens[i + 1].type == "BE"
                and tokens[i + 2].type == "PART"):
            be = tokens[i + 1]  # ("a ship is about to be destroyed" has its verb: "is about to")
            out.append(_token("ASPECT", "about to be", tok.start_pos, be.end_pos))
            i += 2
            continue
        out.append(tok)
        i += 1
    return out


def _a_doer(out: list[Token]) -> bool:
    """Whether the phrase that ends ``out`` is a player or a pronoun, which does what a participle
    after "just" says and never undergoes it ("a phrase it describes would be "him just stunned"),
    and is no clause's subject after a phrase with no "that" ("a dilemma your opponent just
    revealed": what was done to that dilemma)."""
    last = out[-1]
    if last.value.lower() not in _PLAYERS and last.type != "PRON":
        return False
    k = len(out) - 2 if len(out) > 1 and out[-2].type in ("OWNER", "DET") else len(out) - 1
    return not (k > 0 and out[k - 1].type in HEAD_TYPES)


# Who plays cards, never a card a participle describes: "if opponent just played …".
_PLAYERS = v.PLAYER_WORDS | {"you"}
# Verbs with no passive (in card text): "just died", "just entered play" is what the phrase before did.
_UNDERGONE_BY_NONE = frozenset({"die", "leave", "enter", "arrive", "occur", "happen"})
# Tokens that open a phrase: after "just <participle>", its object ("just revealed your dilemma").
_OPENS_A_PHRASE = frozenset({"DET", "OWNER", "PRON", "ADJ", "NUMBER", "QUOTED"}) | HEAD_TYPES - {"KEYWORD"}
# What may follow a possessive "her": the words of the phrase it opens ("her ship", "her [Baj] crew");
# anything else ("her.", "her to hand", "her and …") ends the phrase at "her", the pronoun.
_AFTER_AN_OWNER = (_OPENS_A_PHRASE - {"PRON"}) | {"KEYWORD", "ATTR", "PART"}


# Prepositions after which an "-ing" verb names an action, not one the sentence does.
_BEFORE_A_GERUND = frozenset({"from", "instead of", "without"})


# A subject's verb that is surely one: "be", "have", a modal ("… aboard target during your turn": a
# verb of the vocabulary in its base form may be a noun).
_VERB_TYPES = frozenset({"BE", "MODAL", "HAVE"})


_RELATIVE_PRONOUNS = frozenset({"who", "which", "whose"})


def _places_before_verbs(tokens: list[Token]) -> list[Token]:
    """ "… and your Vulcans aboard are each INTEGRITY +1", "Your personnel aboard who have Treachery
    …", "(and all personnel aboard)": a preposition that stands alone as an adverb of place, between a
    phrase and its verb, relative clause or closing bracket, is where that phrase is (``LOC``, part
    of the phrase, as "present" is), so the phrase is the verb's subject or the clause's antecedent;
    as a preposition it ended the phrase and took the next word as its object."""
    for i in range(1, len(tokens) - 1):
        tok = tokens[i]
        nxt = tokens[i + 1]
        if tok.type == "PREP" and tok.value in v.ADVERB_PREPS and tokens[i - 1].type in HEAD_TYPES and (
                nxt.type in _VERB_TYPES or nxt.type in ("RPAR", "PREP")
                or (nxt.type == "PRON" and nxt.value.lower() in _RELATIVE_PRONOUNS)):
            tokens[i] = _token("LOC", tok.value, tok.start_pos, tok.end_pos)
    return tokens


# What a phrase in a "where" clause may be made of: "this personnel", "he", "{Worf}", "your Borg".
_IN_A_PHRASE = _OPENS_A_PHRASE - {"NUMBER", "QUOTED"}


def _where_it_is(tokens: list[Token]) -> list[Token]:
    """ "Your ships where this personnel is aboard are RANGE +2", "your [Kli] ship where he is aboard
    is about to be destroyed": a "where" clause that only says where a card is, after a phrase, says
    which of those cards, as "with this personnel aboard" does: "where" a preposition ("with"), and
    "is aboard" one place word (``LOC``), so the phrase reads as a subject or object with a place.
    "Each of your [Car] ships where present is WEAPONS +2": "where present" before the verb is one
    place word. ("at a location where you have a ship", a clause of its own, stays a condition.)"""
    out: list[Token] = []
    n = len(tokens)
    i = 0
    while i < n:
        tok = tokens[i]
        if tok.type != "SUB" or tok.value != "where" or not out or out[-1].type not in HEAD_TYPES or (
                i + 2 >= n):
            out.append(tok)
            i += 1
            continue
        if tokens[i + 1].type == "LOC" and tokens[i + 2].type in _VERB_TYPES | {"VERB"}:
            # "Each of your [Car] ships where present is WEAPONS +2": where the phrase is, one place
            # word (a trailing "… +2 where present." is a condition, and stays one)
            place = tokens[i + 1]
            out.append(_token("LOC", str(place.value), tok.start_pos, place.end_pos))
            i += 2
            continue
        k = i + 1
        while k < n and tokens[k].type in _IN_A_PHRASE:
            k += 1
        if _where_in_a_subject(tokens, i, k):
            # "Your ships at a location where you have a facility are each SHIELDS +2": a clause with
            # its own subject and verb, after a place, before the sentence's verb, says which place:
            # a relative clause of it ("where" the relative word, as "that" in "a location that …")
            out.append(_token("PRON", "where", tok.start_pos, tok.end_pos))
            i += 1
            continue
        place = tokens[k + 1] if k + 1 < n else None
        if k == i + 1 or place is None or tokens[k].type != "BE" or not (
                place.type == "LOC" or (place.type == "PREP" and place.value in v.ADVERB_PREPS)) or (
                k + 2 < n and tokens[k + 2].type in _IN_A_PHRASE):
            # (not "where he is aboard a ship": a place with its own phrase)
            out.append(tok)
            i += 1
            continue
        be = tokens[k]
        out.append(_token("PREP", "with", tok.start_pos, tok.end_pos))
        out += tokens[i + 1:k]
        out.append(_token("LOC", str(place.value), be.start_pos, place.end_pos))
        i = k + 2
    return out


# The pronouns that may be the subject of a clause inside a phrase: "a location where you have a
# facility" here, "dilemmas you encounter" in the reader's relative clauses.
CLAUSE_PRONOUNS = frozenset({"you", "he", "she", "they", "we", "it", "he or she"})


def _where_in_a_subject(tokens: list[Token], i: int, k: int) -> bool:
    """Whether the "where" at ``i``, its clause's subject (a pronoun) ending at ``k``, opens a clause
    of a verb and its object ("where you have a facility") that the sentence's own verb follows
    ("are", "may"): the clause is inside the subject, so it can be no condition of the sentence."""
    n = len(tokens)
    if k != i + 2 or k >= n or tokens[k].type not in ("HAVE", "VERB") or tokens[i + 1].type != "PRON" or (
            str(tokens[i + 1].value).lower() not in CLAUSE_PRONOUNS):
        return False  # (a subject of more words, "where your opponent has …", the reader cannot bound)
    m = k + 1
    while m < n and tokens[m].type in _IN_A_PHRASE:
        m += 1
    return m > k + 1 and m < n and tokens[m].type in ("BE", "MODAL")


def _gerunds_after_prepositions(tokens: list[Token], text: str) -> list[Token]:
    """ "prevent a ship here from being destroyed", "instead of destroying it", "from attempting this
    mission", "without stopping": the action after "from", "instead of" or "without" is what is
    prevented, replaced or left undone, a place of the verb (a noun, the words it acts on after it
    in its phrase), not an effect of the sentence. So is a passive gerund right after a verb, what
    the verb acts on: "May avoid being targeted by {Establish Tractor Lock}" (read as an effect, the
    ship was targeted)."""
    out: list[Token] = []
    skip_to = 0
    for i, tok in enumerate(tokens):
        if i < skip_to:
            continue
        out.append(tok)
        if not (tok.type == "PREP" and tok.value in _BEFORE_A_GERUND or tok.type == "VERB") or (
                i + 1 >= len(tokens)):
            continue
        verb = tokens[i + 1]
        last = i + 1
        surface = text[verb.start_pos:verb.end_pos].lower()
        if verb.type == "BE" and surface == "being" and i + 2 < len(tokens) and tokens[i + 2].type == "PART":
            last = i + 2  # "from being destroyed": the passive, one noun
        elif verb.type != "VERB" or tok.type == "VERB" or not surface.split()[0].endswith("ing"):
            continue  # ("counting down"; after a verb, only the passive)
        end = tokens[last].end_pos
        out.append(_token("NOUN", text[verb.start_pos:end].lower(), verb.start_pos, end))
        skip_to = last + 1
    return out


# Participles that take "to <verb>" as what the choice is for: "selected to die", "targeted to die".
_CHOSEN_FOR = frozenset({"select", "target", "choose", "use"})


def _participle_complements(tokens: list[Token], text: str) -> list[Token]:
    """ "one of your personnel just selected to die", "who was just randomly selected to be killed":
    the "to <verb>" after such a participle says what the choice is for, a place of it ("to", "die"),
    not a purpose of the sentence's verb nor an effect of its own: "to" is a preposition there and
    the infinitive a noun ("be killed" one noun; "stun or mortally wound" one, after "used to")."""
    out: list[Token] = []
    n = len(tokens)
    i = 0
    while i < n:
        tok = tokens[i]
        out.append(tok)
        i += 1
        if not (tok.type == "PART" and tok.value in _CHOSEN_FOR and i + 1 < n and tokens[i].type == "TO"):
            continue
        to, after = tokens[i], tokens[i + 1]
        if after.type == "VERB" and text[after.start_pos:after.end_pos].lower() == after.value:
            last = i + 1
            # "used to stun or mortally wound …": the other verb is what it may be used for too
            k = i + 2
            if k < n and tokens[k].type == "CONJ" and tokens[k].value.lower() in ("or", "and"):
                k += 1
                while k < n and tokens[k].type == "ADV":
                    k += 1
                if k < n and tokens[k].type == "VERB" and (
                        text[tokens[k].start_pos:tokens[k].end_pos].lower() == tokens[k].value):
                    last = k
            end = tokens[last].end_pos
            value = after.value if last == i + 1 else text[after.start_pos:end].lower()
            out += [_token("PREP", "to", to.start_pos, to.end_pos),
                    _token("NOUN", value, after.start_pos, end)]
            i = last + 1
        elif after.type == "BE" and i + 2 < n and tokens[i + 2].type == "PART":
            last = tokens[i + 2]
            out += [_token("PREP", "to", to.start_pos, to.end_pos),
                    _token("NOUN", text[after.start_pos:last.end_pos].lower(), after.start_pos, last.end_pos)]
            i += 3
    return out


# The forms of "be" that make a progressive with an "-ing" verb: "is attempting", "are facing".
_FINITE_BE = frozenset({"is", "are", "was", "were"})


def _progressives(tokens: list[Token], text: str) -> list[Token]:
    """ "While this personnel is attempting a mission", "a dilemma he is facing": "is" and an "-ing"
    verb are that verb, said over the two words (as the perfect progressive is), not a "be" of its
    own and a second verb; "is being destroyed" is one "be" and the participle."""
    out: list[Token] = []
    skip = False
    for i, tok in enumerate(tokens):
        if skip:
            skip = False
            continue
        verb = tokens[i + 1] if i + 1 < len(tokens) else None
        if tok.type == "BE" and verb is not None and verb.type == "VERB" and (
                text[tok.start_pos:tok.end_pos].lower() in _FINITE_BE
                and text[verb.start_pos:verb.end_pos].lower().endswith("ing")):
            out.append(_token("VERB", str(verb.value), tok.start_pos, verb.end_pos))
            skip = True
            continue
        if tok.type == "BE" and verb is not None and verb.type == "BE" and (
                text[tok.start_pos:tok.end_pos].lower() in _FINITE_BE
                and text[verb.start_pos:verb.end_pos].lower() == "being"
                and i + 2 < len(tokens) and tokens[i + 2].type == "PART"):
            # "is being destroyed": the progressive passive is one "be" before its participle
            out.append(_token("BE", "be", tok.start_pos, verb.end_pos))
            skip = True
            continue
        out.append(tok)
    return out


# What may follow a preposition that has no object: the clause goes on, or ends.
_NO_OBJECT = frozenset({"BE", "MODAL", "DOT", "COMMA", "SEMI", "RPAR", "VERB"})


def _stranded_prepositions(tokens: list[Token]) -> list[Token]:
    """ "Each ship fired upon is damaged", "may not be fired upon.": "upon" right after a participle,
    with no object after it, is part of the verb (how it is done), not a preposition."""
    out = list(tokens)
    for i in range(1, len(out) - 1):
        tok = out[i]
        if tok.type == "PREP" and tok.value == "upon" and out[i - 1].type == "PART" and (
                out[i + 1].type in _NO_OBJECT):
            out[i] = _token("ADV", "upon", tok.start_pos, tok.end_pos)
    return out


# Verbs whose participle is printed as the verb itself: "this dilemma is overcome", "cards are put
# out-of-play".
_PARTICIPLE_AS_VERB = frozenset({"overcome", "put", "set"})


def _participles_as_printed(tokens: list[Token], text: str) -> list[Token]:
    """ "it must be overcome again", "until dilemma is overcome with …": after "be" (and any adverbs),
    a verb whose participle is the verb as printed is that participle, the passive (as "stopped"
    is), not a second verb after a "be" with no complement."""
    out = list(tokens)
    for i in range(1, len(out)):
        tok = out[i]
        if tok.type != "VERB" or tok.value not in _PARTICIPLE_AS_VERB or (
                text[tok.start_pos:tok.end_pos].lower() != tok.value):
            continue
        j = i - 1
        while j and out[j].type == "ADV":
            j -= 1
        if out[j].type == "BE":
            out[i] = _token("PART", str(tok.value), tok.start_pos, tok.end_pos)
    return out


def _perfect_passives(tokens: list[Token], text: str) -> list[Token]:
    """ "has been completed", "has already been selected": the perfect of a passive is one "be"
    (its participle is the verb, as after "is"), else "has" would be a verb of its own and "been
    completed" a second. An adverb between goes before it, as before any verb ("already"). The
    perfect progressive, "has been infiltrating", is its verb, said over the three words."""
    if not any(t.type == "HAVE" for t in tokens):
        return tokens
    out: list[Token] = []
    n = len(tokens)
    i = 0
    while i < n:
        tok = tokens[i]
        adverb = i + 1 < n and tokens[i + 1].type == "ADV"
        be = i + 1 + adverb
        verb = tokens[be + 1] if tok.type == "HAVE" and be + 1 < n and tokens[be].type == "BE" else None
        progressive = verb is not None and verb.type == "VERB" and (
            text[verb.start_pos:verb.end_pos].lower().endswith("ing"))
        if verb is not None and (verb.type == "PART" or progressive):
            if adverb:
                out.append(tokens[i + 1])
            if progressive:
                out.append(_token("VERB", str(verb.value), tok.start_pos, verb.end_pos))
                i = be + 2
            else:
                out.append(_token("BE", "be", tok.start_pos, tokens[be].end_pos))
                i = be + 1
            continue
        out.append(tok)
        i += 1
    return out


def _titles_named_again(tokens: list[Token], text: str, own_title: str | None = None) -> list[Token]:
    """A title the text prints in braces is the same card when it names it again without them:
    "Borg player may download {Stop First Contact}. … nullifies Stop First Contact." (else "Stop"
    would be read as a verb). So is the card's own title of more than one word: 2E text names its
    card bare ("Shuffle Hide and Seek together with crew")."""
    # the titles of more than one word, by their first word and then by their length: a word is
    # looked up once per length, not once per title (a text naming thousands of titles stays linear)
    by_first: dict[str, dict[int, set[str]]] = {}
    titles = [str(t.value) for t in tokens if t.type == "TITLE" and " " in str(t.value)]
    if own_title and " " in own_title and own_title in text:
        titles.append(own_title)
    for title in titles:
        by_first.setdefault(title.split(" ", 1)[0], {}).setdefault(len(title), set()).add(title)
    if not by_first:
        return tokens
    lengths = {first: sorted(by_length, reverse=True) for first, by_length in by_first.items()}
    n = len(tokens)

    def run_at(i: int) -> tuple[Token, int] | None:
        tok = tokens[i]
        if tok.type == "TITLE":
            return None
        first = text[tok.start_pos:tok.end_pos].split(" ", 1)[0]
        for length in lengths.get(first, ()):  # the longest title that is there
            end = tok.start_pos + length
            title = text[tok.start_pos:end]
            if title in by_first[first][length] and (end == len(text) or not text[end].isalnum()):
                k = i
                while k < n and tokens[k].end_pos < end:
                    k += 1
                if k < n and tokens[k].end_pos == end:
                    return _token("TITLE", title, tok.start_pos, end), k + 1
        return None

    return _merge_runs(tokens, run_at)


def _quoted_clause(text: str, start: int, end: int) -> list[Token] | None:
    """The tokens of a quotation that holds a clause (a verb and at least one more word), placed at
    their offsets in ``text``; None for a term ("in play", "stopped", "Khan")."""
    inner = text[start:end]
    if " " not in inner.strip():
        return None
    words = inner.split()
    if all(w[:1].isupper() and w[1:].islower() and w.isalpha() for w in words):
        return None  # 'with "Central Command" in title or lore': a name printed as a title, a term
    toks = tokenize(inner)
    if not any(t.type in ("VERB", "MODAL") for t in toks) or any(t.type in ("DOT", "ERROR") for t in toks):
        return None
    for t in toks:
        t.start_pos += start
        t.end_pos += start
    return toks


def _elided_verbs(tokens: list[Token]) -> list[Token]:
    """A modal whose verb is left out before a comma ("If you cannot, …", "If your opponent cannot,
    all your personnel are stopped"), or stands before an action named in quotes ('may "conduct
    services"'): the verb it stands for ("do") is put back as a zero-width VERB token, so the
    grammar reads an ordinary verb group. Done here because an LALR(1) grammar
    cannot tell a bare modal before a comma from one before its verb without consuming the comma."""
    if not any(t.type == "MODAL" or (t.type == "DET" and str(t.value).lower() == "only") for t in tokens):
        return tokens  # (each change is next to a modal, or at "only")
    tokens = _aside_before_modal(tokens)
    out: list[Token] = []
    for i, tok in enumerate(tokens):
        if tok.type != "MODAL" and tok.type != "DET" and (not i or out[-1].type != "MODAL"):
            if tok.type == "ICON" and i and out[-1].type == "TO" and (
                    str(tok.value).lower() in _DAMAGE_MARKERS):
                # "… may choose a ship here to [Flip][Flip]": to damage it (a place is never an icon)
                out.append(_token("VERB", "damage", tok.start_pos, tok.start_pos))
            out.append(tok)  # (only a modal, the word after one, "only" and a damage icon may change)
            continue
        if (i and out[-1].type == "MODAL" and i + 1 < len(tokens)
                and tokens[i + 1].type in ("VERB", "BE", "HAVE")
                and tok.type in ("DET", "THEN", "WORD") and str(tok.value).lower() in _MODAL_ADVERBS):
            # a word between a modal and its verb says how or when: "may only seed", "may then
            # draw", "must first discard", "may not voluntarily"
            tok = _token("ADV", str(tok.value).lower(), tok.start_pos, tok.end_pos)
        elif tok.type in ("TITLE", "ICON") and i and out[-1].type == "MODAL":
            # an action the card names in braces, or by its icon: 'may {file mission reports} here',
            # 'opponent may [Flip]' (a damage marker's action is damage: the markers say how much)
            verb = "damage" if tok.type == "ICON" and str(tok.value).lower() in _DAMAGE_MARKERS else "do"
            out.append(_token("VERB", verb, tok.start_pos, tok.start_pos))
        elif tok.type == "DET" and str(tok.value).lower() == "only" and i and (
                out[-1].type in ("VERB", "PART") or (
                    # "Your {Tachyon Detection Grid} only requires one ship.": how, before the verb
                    out[-1].type in HEAD_TYPES and i + 1 < len(tokens) and tokens[i + 1].type == "VERB")):
            tok = _token("ADV", "only", tok.start_pos, tok.end_pos)  # "Nullified only by {X}"
        out.append(tok)
        if tok.type == "MODAL" and i > 0 and i + 1 < len(tokens) and tokens[i + 1].type == "COMMA":
            out.append(_token("VERB", "do", tok.end_pos, tok.end_pos))
        elif tok.type == "MODAL" and i + 1 < len(tokens) and tokens[i + 1].type == "QUOTED":
            # an action the card names in quotes: 'may "conduct services"', 'may "threaten"': do it
            out.append(_token("VERB", "do", tok.end_pos, tok.end_pos))
    return out


# Damage markers: an icon of them names the damage they mark ("opponent may [Flip][Flip]").
_DAMAGE_MARKERS = frozenset({"flip", "down"})


# Tokens that carry a clause's own action: after "then", any of them means no verb is left out.
_ACTION_TYPES = frozenset({"VERB", "BE", "HAVE", "MODAL", "SIGNED", "EQUALS"})
_CLAUSE_ENDS = frozenset({"SEMI", "DOT", "THEN"})


def _then_as_a_time(tokens: list[Token]) -> list[Token]:
    """ "Until then", "before then", "by then": after a preposition "then" names a time (the moment
    the text has just named), a noun; before a participle it is an adverb ("if {Li Nalas} then
    earned"). Elsewhere it orders what follows ("…, then draw")."""
    for i, tok in enumerate(tokens):
        if tok.type != "THEN":
            continue
        if i and tokens[i - 1].type in ("PREP", "SUB"):
            tokens[i] = _token("NOUN", "then", tok.start_pos, tok.end_pos)
        elif i + 1 < len(tokens) and tokens[i + 1].type == "PART":
            tokens[i] = _token("ADV", "then", tok.start_pos, tok.end_pos)
    return tokens


def _verbs_after_then(tokens: list[Token]) -> list[Token]:
    """ "Disables RANGE until …; then WEAPONS until …; then SHIELDS": a clause after "; then" (or ",
    then") with no verb of its own repeats the verb before it. That verb is put back after "then" as
    a zero-width VERB token, as _elided_verbs() puts back "do" (the grammar cannot reach back to the
    verb of an earlier clause)."""
    if not any(t.type == "THEN" for t in tokens):
        return tokens
    out: list[Token] = []
    last_verb: Token | None = None
    depth = verb_depth = 0  # (a "then" in brackets the verb is not in is a note: "(lowest CUNNING
    n = len(tokens)         # first, then lowest STRENGTH)")
    for i, tok in enumerate(tokens):
        out.append(tok)
        if tok.type == "DOT":
            last_verb = None
        elif tok.type == "LPAR":
            depth += 1
        elif tok.type == "RPAR":
            depth -= 1
        elif tok.type == "VERB":
            last_verb, verb_depth = tok, depth
        elif tok.type == "THEN" and last_verb is not None and depth == verb_depth and i and (
                tokens[i - 1].type in ("SEMI", "COMMA")):
            k = i + 1
            while k < n and tokens[k].type not in _CLAUSE_ENDS and tokens[k].type not in _ACTION_TYPES:
                k += 1
            if k > i + 1 and (k == n or tokens[k].type in _CLAUSE_ENDS):
                at = tokens[i + 1].start_pos
                out.append(_token("VERB", str(last_verb.value), at, at))
    return out


def _imperatives(tokens: list[Token]) -> list[Token]:
    """Words whose part of speech their neighbours decide. A verb the vocabulary keeps as another
    word ("end" the noun, "last" the adjective) is the verb where only a verb can stand: after a
    modal ("may end a mission attempt", "may not end their movement"), opening a sentence or after
    an adverb before what it acts on ("Immediately end your turn."), between a noun and "until"
    ("These effects last until …"). "once" after a verb is "one time" ("until played once as …"),
    "each time" with no clause after it is how often ("discard doorway each time)"); "do" before
    "not" and a verb is no verb of its own ("restrictions do not apply")."""
    n = len(tokens)
    for i, tok in enumerate(tokens):
        kind = tok.type
        if kind not in _DECIDED_BY_NEIGHBOURS:
            continue
        if kind == "SUB" and tok.value == "once" and i and tokens[i - 1].type in ("VERB", "PART") and (
                i + 1 == n or tokens[i + 1].type in ("PREP", "DOT", "COMMA", "RPAR", "SEMI")):
            # "until played once as an Interrupt card": one time, not "once <clause>"
            tokens[i] = _token("ADV", "once", tok.start_pos, tok.end_pos)
            continue
        if kind == "DET" and tok.value == "first" and i and tokens[i - 1].type in ("WHEN", "IF", "SUB") and (
                i + 1 < n and tokens[i + 1].type in ("PART", "VERB")):
            # "When first flipped, …", "when first commissioned": when, the first time, not a subject
            tokens[i] = _token("ADV", "first", tok.start_pos, tok.end_pos)
            continue
        if kind == "WHEN" and tok.value in ("each time", "every time") and (
                i + 1 == n or tokens[i + 1].type in ("DOT", "COMMA", "RPAR", "SEMI")):
            # "discard doorway each time)": how often, with no clause after it
            tokens[i] = _token("ADV", str(tok.value), tok.start_pos, tok.end_pos)
            continue
        if ((kind == "VERB" or kind == "PART") and tok.value == "do" and i + 2 < n
                and tokens[i + 1].type == "NOT" and tokens[i + 2].type in ("VERB", "BE", "HAVE")):
            # "do" supporting a negation is no verb of its own: "restrictions do not apply", "a
            # mission they did not seed" ("did", the past, as "didn't" is)
            tokens[i] = _token("MODAL", str(tok.value), tok.start_pos, tok.end_pos)
            continue
        if kind == "PART" and i:
            j = i - 1
            while j and tokens[j].type == "ADV":
                j -= 1
            pron = str(tokens[j].value).lower() if tokens[j].type == "PRON" else ""
            after_adverb = tokens[i - 1].type == "ADV"
            if (pron in _PAST_SUBJECTS and (
                    after_adverb or j == 0 or tokens[j - 1].type not in ("VERB", "MODAL"))) or (
                    pron == "you" and after_adverb and j and tokens[j - 1].type in HEAD_TYPES):
                # ("one dilemma you just encountered": "you" after a noun and before an adverb)
                # after "who", "which" or a subject pronoun an -ed form is the past tense, a clause's
                # verb: "a personnel who just died", "one adversary they just stunned"
                tokens[i] = _token("VERB", str(tok.value), tok.start_pos, tok.end_pos)
            elif _opponent_after_a_head(tokens, j):
                # "an Interrupt your opponent just played": the opponent is the subject of a clause
                # with no "that", the -ed form its verb
                tokens[i] = _token("VERB", str(tok.value), tok.start_pos, tok.end_pos)
            elif _that_and_a_subject(tokens, j):
                # "each card that your opponent played this turn": "that", a phrase of its own, the
                # clause's subject, and the -ed form its verb
                tokens[i] = _token("VERB", str(tok.value), tok.start_pos, tok.end_pos)
            elif tokens[j].type == "DET" and str(tokens[j].value).lower() == "that" and j and (
                    tokens[j - 1].type in HEAD_TYPES) and (
                    i + 1 == n or tokens[i + 1].type not in _DESCRIBED):
                # "that" after a noun, before an -ed form that describes nothing after it, is the
                # relative pronoun, the -ed form its clause's verb: "Your [Kli] ships that reported
                # this turn" (not "that stopped personnel")
                tokens[i] = _token("VERB", str(tok.value), tok.start_pos, tok.end_pos)
            continue
        if kind not in ("NOUN", "ADJ", "WORD", "DET") or str(tok.value).lower() not in _NOUN_VERBS:
            continue
        before = tokens[i - 1].type if i else None
        after = tokens[i + 1].type if i + 1 < n else None
        if (before == "MODAL" or (before == "NOT" and i > 1 and tokens[i - 2].type == "MODAL")
                or (before in (None, "ADV") and after in ("OWNER", "DET", "PRON"))
                or (before == "NOUN" and after == "SUB")):
            tokens[i] = _token("VERB", str(tok.value).lower(), tok.start_pos, tok.end_pos)
    return tokens


def _opponent_after_a_head(tokens: list[Token], j: int) -> bool:
    """Whether ``tokens[j]`` is "opponent" in "your opponent" right after another phrase's head."""
    return (j > 1 and tokens[j].type == "NOUN" and str(tokens[j].value).lower() == "opponent"
            and tokens[j - 1].type == "OWNER" and str(tokens[j - 1].value).lower() == "your"
            and tokens[j - 2].type in HEAD_TYPES)


def _that_and_a_subject(tokens: list[Token], j: int) -> bool:
    """Whether ``tokens[j]`` ends a phrase opened by an owner or determiner right after a relative
    "that" that follows a head: "card that your opponent", "missions that your ships"."""
    if tokens[j].type not in HEAD_TYPES:
        return False
    k = j - 1
    while k > 0 and tokens[k].type in _SUBJECT_WORDS and str(tokens[k].value).lower() != "that":
        k -= 1
    return (k > 0 and k < j and tokens[k + 1].type in ("OWNER", "DET") and tokens[k].type == "DET"
            and str(tokens[k].value).lower() == "that" and tokens[k - 1].type in HEAD_TYPES)


_SUBJECT_WORDS = frozenset({"OWNER", "DET", "ADJ", "NOUN", "ICON", "NAME", "CLASSIF", "SKILL", "NUMBER"})
_NOUN_VERBS = frozenset(v.THIRD_PERSON_ONLY.values())
# The token types _imperatives() may change (a quick test first: most tokens are of other types).
_DECIDED_BY_NEIGHBOURS = frozenset({"SUB", "WHEN", "VERB", "PART", "NOUN", "ADJ", "WORD", "DET"})
# Pronouns an -ed form after is in the past tense ("who died"); not "it", "you", "that", which may
# be what a participle describes ("leave it stopped", "that stopped personnel").
_PAST_SUBJECTS = frozenset({"who", "which", "they", "he", "she", "we"})
# What an -ed form before it may describe: "that stopped personnel", "those damaged [Fed] ships".
_DESCRIBED = HEAD_TYPES | {"ADJ", "QUOTED", "NUMBER", "OWNER"}


def _aside_before_modal(tokens: list[Token]) -> list[Token]:
    """An aside between a modal and its verb is moved before the modal: a parenthesis ('That ship may
    (if possible) initiate battle'), where the reader takes a parenthesis after the subject as the
    first verb group's aside ("one personnel (random selection) dies"), or words set off by commas
    with no verb of their own ('… may, in place of one card draw, draw two cards'), else the modal
    before a comma would be one whose verb is left out. The tokens keep their offsets, so the
    reading still points at the text as printed."""
    i = 0
    while i < len(tokens) - 3:
        if tokens[i].type == "MODAL" and tokens[i + 1].type in ("LPAR", "COMMA"):
            close = _aside_end(tokens, i + 1)
            if close is not None and close + 1 < len(tokens) and tokens[close + 1].type in (
                    ("VERB", "BE", "HAVE") if tokens[i + 1].type == "LPAR" else ("VERB",)):
                tokens = [*tokens[:i], *tokens[i + 1:close + 1], tokens[i], *tokens[close + 1:]]
                i = close
        i += 1
    return tokens


# What ends the search for an aside's close: a bracket holds anything but another bracket; words set
# off by commas hold no verb and no clause boundary.
_ASIDE_STOPS = {"LPAR": frozenset({"RPAR", "LPAR"}),
                "COMMA": frozenset({"COMMA", "LPAR", "RPAR", "DOT", "SEMI", "VERB", "MODAL", "BE", "HAVE"})}


def _aside_end(tokens: list[Token], opens: int) -> int | None:
    """Where the aside opening at ``opens`` (a bracket or a comma) closes, if it does."""
    kind = tokens[opens].type
    stops = _ASIDE_STOPS[kind]
    k = opens + 1
    while k < len(tokens) and tokens[k].type not in stops:
        k += 1
    closing = "RPAR" if kind == "LPAR" else "COMMA"
    if k < len(tokens) and tokens[k].type == closing and (kind == "LPAR" or k > opens + 1):
        return k
    return None


# (adverbs in "-ly", "voluntarily", "simply", are adverbs wherever they stand: _classify)
_MODAL_ADVERBS = {"only", "then", "first", "each", "either", "both", "still"}


def _initiates(tok: Token) -> bool:
    """"initiate battle", "suspend play": what is initiated or suspended is a noun, not a second verb."""
    return tok.type == "VERB" and tok.value in ("initiate", "suspend")


_PREMODIFIERS = {"DET", "OWNER", "ADJ", "NUMBER", "ICON", "PREP"}
# Tokens after which a clause, and maybe its subject, starts.
_CLAUSE_OPENERS = frozenset({"IF", "WHEN", "UNLESS", "SUB", "COMMA"})
# (and the text's start; "and"/"or": "…, and damage is replaced with …")
_SUBJECT_OPENERS = _CLAUSE_OPENERS | {"DOT", "CONJ", "COLON"}  # (a heading's: "HIT: Target ship is …")


def _gerund(tok: Token, text: str) -> bool:
    """A verb printed with "-ing" ("after applying damage"): the noun-or-verb after it is its object."""
    return tok.type == "VERB" and text[tok.start_pos:tok.end_pos].lower().endswith("ing")


def _gerund_noun(tok: Token, text: str) -> bool:
    """A noun printed with "-ing" ("a losing battle")."""
    return text[tok.start_pos:tok.end_pos].lower().endswith("ing")


def _inflected(tok: Token, text: str) -> bool:
    """A verb printed with an -s ("ends", "begins", "nullifies", "reaches"): a subject's verb, not an
    imperative's object."""
    if tok.type != "VERB":
        return False
    printed, lemma = text[tok.start_pos:tok.end_pos].lower(), str(tok.value)
    return printed == lemma + "s" or printed == lemma + "es" or (
        lemma.endswith("y") and printed == lemma[:-1] + "ies")


def _modal_after_phrase(tokens: list[Token], k: int) -> bool:
    """Whether the phrase from ``tokens[k]`` (adjectives, icons, owners, nouns) ends at a modal or
    a "be"."""
    start = k
    while k < len(tokens) and tokens[k].type in ("ADJ", "ICON", "NOUN", "OWNER", "DET", "NAME", "CLASSIF"):
        k += 1
    return start < k < len(tokens) and tokens[k].type in ("MODAL", "BE")


# What may come before a participle that describes the noun after it ("its matching commander").
_BEFORE_A_DESCRIBED_NOUN = frozenset({"DET", "OWNER", "PREP", "NUMBER", "ADJ", "ICON"})


def _nouns_after_determiners(tokens: list[Token], text: str) -> list[Token]:
    """A word that is both verb and noun ("battle", "draw", "play", "damage") is a noun after a
    determiner, an owner, an adjective or a preposition: "in this battle", "end of battle"."""
    for i in range(len(tokens)):
        tok = tokens[i]
        if tok.type == "VERB" and i + 1 < len(tokens) and (
                tokens[i + 1].type in ("BE", "MODAL") or _inflected(tokens[i + 1], text)
                # ("If your attack succeeds, target ship is RANGE -3 …": before the head of a subject)
                or (tokens[i + 1].type == "NOUN" and i + 2 < len(tokens)
                    and tokens[i + 2].type == "BE")) and (
                i == 0 or tokens[i - 1].type in _SUBJECT_OPENERS):
            surface = text[tok.start_pos:tok.end_pos].lower()
            if surface in _NOUN_WORDS:  # "If target is occupying …", "Battle may not be initiated
                # here.", "…, attempt ends.": a noun, the verb's subject
                tokens[i] = _token("NOUN", surface, tok.start_pos, tok.end_pos)
                continue
        if tok.type == "VERB" and i and tokens[i - 1].type == "VERB":
            surface = text[tok.start_pos:tok.end_pos].lower()
            ends = i + 1 == len(tokens) or tokens[i + 1].type in ("DOT", "COMMA", "SEMI", "RPAR")
            if (ends and surface in _NOUN_WORDS and surface == tok.value) or (
                    surface != tok.value and surface.endswith("s") and tok.value in _NOUN_WORDS
                    and _inflected(tokens[i - 1], text)) or (  # (not "Fire damages ship …": a subject's verb)
                    surface == tok.value and surface in _NOUN_WORDS and _inflected(tokens[i - 1], text)
                    and i + 1 < len(tokens) and tokens[i + 1].type == "PREP"):
                # "… or incur damage.", "Prevents battles from being initiated …", "Nullifies attack
                # by {Borg Ship} …": its object
                tokens[i] = _token("NOUN", tok.value if surface != tok.value else surface, tok.start_pos,
                                   tok.end_pos)
                continue
        if tok.type == "VERB" and i > 1 and tokens[i - 1].type == "NOUN" and tokens[i - 2].type in (
                "DET", "OWNER") and _gerund_noun(tokens[i - 1], text):
            surface = text[tok.start_pos:tok.end_pos].lower()
            if surface in _NOUN_WORDS:
                # "a losing battle": the -ing form describes the noun after it
                prev = tokens[i - 1]
                tokens[i - 1] = _token("ADJ", str(prev.value), prev.start_pos, prev.end_pos)
                tokens[i] = _token("NOUN", surface, tok.start_pos, tok.end_pos)
                continue
        if ((i == 0 or tokens[i - 1].type == "DOT") and tok.type == "VERB"
                and text[tok.start_pos:tok.end_pos].lower().endswith("ing")
                and i + 2 < len(tokens) and tokens[i + 1].type in ("ADJ", "ICON", "NOUN", "OWNER", "CLASSIF")
                and _modal_after_phrase(tokens, i + 1)):
            # "Passing non-[Rom] ships must stop here …", "Solving player's ships are RANGE +1.",
            # "Matching OFFICER personnel may …": an -ing form opening the sentence before a phrase
            # and its modal (or "be") describes the phrase, the verb's subject
            tokens[i] = _token("ADJ", text[tok.start_pos:tok.end_pos].lower(), tok.start_pos, tok.end_pos)
            continue
        if i == 0 or tok.type != "VERB" or (
                tokens[i - 1].type not in _PREMODIFIERS and not _initiates(tokens[i - 1])
                and not _gerund(tokens[i - 1], text)):
            continue
        if tokens[i - 1].type == "ICON" and str(tokens[i - 1].value).lower() in v.CARD_TYPES and (
                text[tok.start_pos].isupper()):
            continue  # "[Event] Plays on table.": the icon heads the text, the verb opens it
        surface = text[tok.start_pos:tok.end_pos].lower()
        after = tokens[i + 1].type if i + 1 < len(tokens) else None
        if surface.endswith("ing") and tokens[i - 1].type in _BEFORE_A_DESCRIBED_NOUN and (
                after in ("NOUN", "CLASSIF", "NAME") or (after == "ICON" and tokens[i - 1].type not in (
                    "PREP", "ICON"))):
            # a participle between a determiner (a preposition, a count, an adjective, an icon) and
            # its noun describes it: "its matching commander", "with matching affiliation icons", "one
            # staffing icon", "a special staffing icon", "two [Stf] staffing requirements", "a matching
            # [Cmd] OFFICER" (but "from nullifying [Rule] cards" acts on them)
            tokens[i] = _token("ADJ", surface, tok.start_pos, tok.end_pos)
            continue
        if tokens[i - 1].type == "PREP" and surface.endswith("ing"):
            if after in (None, "COMMA", "DOT", "CONJ", "SEMI"):
                # with nothing after it to act on, the activity named: "during transport by beaming,
                # {Dimensional Shifting} or {Iconian Gateway}"
                tokens[i] = _token("NOUN", surface, tok.start_pos, tok.end_pos)
            continue  # "by playing one {Wormhole}"
        if tokens[i - 1].type == "NUMBER" and surface.endswith("s") and surface != tok.value and (
                str(tokens[i - 1].value).lower() not in ("1", "one", "x")) and not (
                i > 1 and tokens[i - 2].type == "CMP"):
            # (not after a total's number, which counts nothing: "… + INTEGRITY>32 Seeds with …"
            # opens the game text, "One of your personnel with CUNNING>7 gains a skill" is its verb)
            # a verb's -s form after a count of more than one is a plural noun: "reveal two sets of
            # three cards"
            tokens[i] = _token("NOUN", surface, tok.start_pos, tok.end_pos)
            continue
        before = text[tokens[i - 1].start_pos:tokens[i - 1].end_pos].lower()
        if before in ("this", "that") and i > 1 and tokens[i - 2].type == "VERB" and (
                surface == tok.value and after in (None, "DOT", "COMMA", "SEMI", "CONJ", "RPAR")):
            # "to prevent that capture.", "nullify this download": the verb's object, a thing named
            tokens[i] = _token("NOUN", surface, tok.start_pos, tok.end_pos)
            continue
        if (before in _ARTICLES or (tokens[i - 1].type == "OWNER" and before in _POSSESSIVES)) and not (
                i + 1 < len(tokens) and tokens[i + 1].type in ("DET", "OWNER", "PRON", "NUMBER")) and not (
                before == "no" and surface.endswith("ing")):  # "No beaming up or taking off …": a ban
            # after an article or a possessive, a word the vocabulary knows as a verb names a thing:
            # "under your control", "a download", "its duplicate", "a separate battle", "the
            # transport" (with a phrase after it, it may still be a verb: "the return X")
            tokens[i] = _token("NOUN", surface, tok.start_pos, tok.end_pos)
            continue
        if before == "that" and i > 1 and tokens[i - 2].type in HEAD_TYPES and surface.endswith("s") and (
                surface != tok.value):
            continue  # "Each ship that attempts this mission": the relative "that" and its verb
        if surface in _NOUN_WORDS or surface.rstrip("s") in _NOUN_WORDS:
            tokens[i] = _token("NOUN", surface.rstrip("s") if surface not in _NOUN_WORDS else surface,
                               tok.start_pos, tok.end_pos)
    return tokens


_ARTICLES = frozenset({"a", "an", "the", "no", "any", "such", "another"})
_POSSESSIVES = frozenset({"your", "his", "its", "their", "my", "our"})
_NOUN_WORDS = {w for w in v.NOUNS if " " not in w} | {"battle", "draw", "play", "damage", "attack", "use",
                                                      "score", "cure", "hit", "target", "count", "face",
                                                      "place", "scout",  # ("one scout", "a scout ship")
                                                      "transport", "control",  # ("under opponent's control")
                                                      "duplicate",  # ("discarding duplicates")
                                                      "counter-attack"}  # ("initiating a counter-attack")


_PLURAL_MARK = re.compile(r"([A-Za-z])\(s\)")
_HTML_LINK = re.compile(r"<a\s[^<>]*>[^<>]*</a>", re.IGNORECASE)
_ANGLE_ICON = re.compile(r"<([A-Z][A-Za-z]{1,5})>")


_BROKEN_HYPHEN = re.compile(r"\b([Nn]on)- (?=[A-Za-z\[{])|(?<=\w)(-) (?=classification\b)")


def clean(text: str) -> str:
    """Drop control characters, decode the HTML entities the card data carries, and write a plural
    marker "Female(s)" as the plural ("Females": one or more)."""
    text = _CONTROL.sub(" ", text)
    if "(s)" in text:
        text = _PLURAL_MARK.sub(r"\1s", text)
    if "<" in text:
        # a web link the card data carries ('<a href="https://www.trekcc.org/qi">QR Code</a>' after
        # a 2E card's text) is no game text; "<Fed>", an affiliation written in angle brackets, is
        # an icon as "[Fed]" is
        text = _HTML_LINK.sub("", text).rstrip()
        text = _ANGLE_ICON.sub(r"[\1]", text)
    if "- " in text:
        # "Non- Aligned", "non- OFFICER", "SCIENCE- classification": a word the card data broke
        # after its hyphen ("one- or two-person" is a hyphen left hanging on purpose, and stays)
        text = _BROKEN_HYPHEN.sub(r"\1-", text)
    if "&" not in text:  # most texts have no entity: skip three scans
        return text
    return text.replace("&apos;", "'").replace("&quot;", '"').replace("&amp;", "&")


# What a noun phrase ending in "V.I.P." follows: "a V.I.P.", "an opponent's V.I.P.", "any [Baj] V.I.P."
_BEFORE_A_CLASSIFICATION = frozenset(("DET", "OWNER", "ICON", "ADJ", "NUMBER"))
# What opens a sentence, printed with a capital: "Your …", "Once each turn, …", "Discard …", "If …"
_OPENS_A_SENTENCE = frozenset(("DET", "OWNER", "PRON", "IF", "WHEN", "WHILE", "UNLESS", "SUB", "VERB"))


def _ends_sentence(out: list[Token], raw: list[tuple[str, str, int, int]], i: int) -> bool:
    """Whether a classification printed with its full stop ("V.I.P.") also ends its sentence: it
    closes a noun phrase ("with a V.I.P.") and a capitalised word that opens a sentence follows
    ("Discard event …"), not a skill or name of a list ("V.I.P. Diplomacy", a personnel's)."""
    if not out or out[-1].type not in _BEFORE_A_CLASSIFICATION or i >= len(raw):
        return False
    kind, val, _, _ = raw[i]
    return kind == "WORD" and val[0].isupper() and _classify(val)[0] in _OPENS_A_SENTENCE


def split_sentences(tokens: list[Token]) -> list[list[Token]]:
    """Sentences end at a full stop outside parentheses; a parenthetical note stands alone."""
    sentences: list[list[Token]] = []
    start = 0  # where the current sentence starts
    depth = 0
    for i, tok in enumerate(tokens):
        t = tok.type
        if t == "DOT":
            if depth == 0:
                sentences.append(tokens[start:i + 1])
                start = i + 1
        elif t == "LPAR":
            depth += 1
        elif t == "RPAR":
            depth = max(depth - 1, 0)
            if depth == 0 and tokens[start].type == "LPAR" and _closes_note(tokens, i):
                sentences.append(tokens[start:i + 1])
                start = i + 1
    if start < len(tokens):
        sentences.append(tokens[start:])
    return [part for s in sentences for part in _open_group(s)]


def _open_group(sentence: list[Token]) -> list[list[Token]]:
    """A parenthesis holding sentences of its own, "(You may discard a card when you play this event.
    If you do, put this event in your hand.)", is read as those sentences (the brackets only set
    them apart); anything else is one sentence."""
    if len(sentence) < 4 or sentence[0].type != "LPAR":
        return [sentence]
    end = len(sentence) - (2 if sentence[-1].type == "DOT" and sentence[-2].type == "RPAR" else 1)
    if sentence[end].type != "RPAR":
        return [sentence]
    inner = sentence[1:end]
    depth = 0
    stops = 0
    for i, tok in enumerate(inner):
        if tok.type == "LPAR":
            depth += 1
        elif tok.type == "RPAR":
            depth -= 1
            if depth < 0:
                return [sentence]  # the first bracket closes before the end: not one group
        elif tok.type == "DOT" and depth == 0 and i < len(inner) - 1:
            stops += 1
    if depth != 0 or not stops:
        return [sentence]
    return split_sentences(inner)


def _closes_note(tokens: list[Token], i: int) -> bool:
    """A parenthesised sentence "(Unique.)" ends where its bracket closes."""
    return i > 0 and tokens[i - 1].type == "DOT"


# What makes a clause of the words after a heading.
_CLAUSE_VERBS = frozenset({"VERB", "BE", "HAVE", "MODAL", "PART"})


def mark_heads(sentence: list[Token], text: str = "", any_case: bool = False) -> list[Token]:
    """Sentence-initial 'Order -', 'Damage -' and 'LABEL:' become head tokens. ``text`` is the
    cleaned text the tokens point into: a heading's words are judged (all capitals) and kept as
    printed, not as their lemmas ("PARASITES", not "parasite"). ``any_case``: a heading of words
    in any case, where the sentence's place says one is due (a tactic's hull damage)."""
    if len(sentence) >= 2 and sentence[1].type == "DASH" and sentence[0].value.lower() in ("order",
                                                                                          "damage"):
        head = sentence[0]
        kind = "ORDER" if head.value.lower() == "order" else "DAMAGE"
        return [_token(kind, kind.lower(), head.start_pos, head.end_pos), *sentence[1:]]
    if (len(sentence) >= 3 and sentence[0].type == "ICON" and str(sentence[0].value).lower() in v.CARD_TYPES
            and text[sentence[1].start_pos:sentence[1].start_pos + 1].isupper()):
        # a dual card's "[Interrupt] If …", "[Event] Plays on table.": which card type the text is for
        return [_token("LABEL", str(sentence[0].value), sentence[0].start_pos, sentence[0].end_pos),
                *sentence[1:]]
    if (len(sentence) >= 3 and sentence[0].type == "VERB" and sentence[1].type == "COLON"
            and sentence[0].value != "damage"  # (a tactic's "DAMAGE: Hit.", "Damage: 1 direct hit …" head)
            and (sentence[2].type in _IN_A_PHRASE or (  # (not "Attack: 1.")
                sentence[2].type == "NUMBER" and len(sentence) > 3 and sentence[3].type in _IN_A_PHRASE
                and sentence[0].value != "damage"))  # (a tactic's "Damage: 1 direct hit and …" heads)
            and not any(t.type in _CLAUSE_VERBS and not (
                t.type == "PART" and sentence[k - 1].type in _BEFORE_A_HEAD)
                        for k, t in enumerate(sentence[2:], 2))):
        # "Target: an opponent's personnel with Treachery.", "Requires: your ship at this location
        # with …", "Target: one opposing Equipment card there.": a verb heading a phrase with no verb
        # of its own (a participle inside it, "a hidden agenda card", is no verb) is that phrase's
        # verb ("Target: Commandeer this ship." heads a sentence, below)
        return [sentence[0], *sentence[2:]]
    # A heading such as "ALIEN PARASITES:" or "Attack:" before the sentence proper.
    for k in range(1, 6):
        if k < len(sentence) and sentence[k].type == "COLON":
            words = sentence[:k]
            # (printed in capitals, a verb or adjective heads too: a tactic's "DIRECT HIT: …")
            headings = ("NAME", "CLASSIF", "NOUN", "WORD", "SKILL", "ATTR", "VERB", "ADJ")
            printed = text[words[0].start_pos:words[-1].end_pos] if text else ""
            # a dual mission's "Opponent's side: If you solve, …" heads a sentence (its requirement
            # line or "Not attemptable, …" are read as such, unheaded)
            sided = printed.lower() == "opponent's side" and k + 1 < len(sentence) and (
                sentence[k + 1].type in ("IF", "UNLESS", "WHEN", "WHILE", "VERB", "LIMIT") or (
                    # "Opponent's side: Any crew may attempt this mission.", "Opponent's side:
                    # Opponent's {Calamarain} plays at this mission": a subject and its verb
                    sentence[k + 1].type in ("DET", "OWNER")
                    and any(t.type in ("MODAL", "VERB") for t in sentence[k + 2:k + 6])))
            # a tactic's "Direct hit:", printed in any case, heads what its direct hit does
            direct_hit = printed.lower() == "direct hit"
            if (k == 1 and str(words[0].value)[:1].isalpha()) or sided or direct_hit or all(
                    (w.type in headings and (any_case or _upper(w, text)))
                    or (any_case and w.type in ("PART", "ADJ")) for w in words) or (
                    _titled_heading(sentence, k, text)) or _named_system(sentence, k, text):
                label = str(words[0].value) if k == 1 else " ".join(_surface(w, text) for w in words)
                rest = sentence[k + 1:]
                while len(rest) > 2 and rest[1].type == "COLON" and rest[0].type in headings and (
                        _capitalised(rest[0], text) and _capitalised(rest[2], text)):
                    # "Promenade: Nor: Your CIVILIANs may report here.": a heading under a heading
                    label = f"{label}: {_surface(rest[0], text)}"
                    rest = rest[2:]
                end = rest[0].start_pos if rest else sentence[k].end_pos
                return [_token("LABEL", label, words[0].start_pos, min(end, sentence[-1].end_pos)), *rest]
            break
    return sentence


def _capitalised(tok: Token, text: str) -> bool:
    return bool(text) and text[tok.start_pos:tok.start_pos + 1].isupper()


# What a heading of words printed with capitals may hold besides them: "Rules of 1957:".
_IN_A_TITLE = frozenset({"NAME", "CLASSIF", "NOUN", "WORD", "SKILL", "ATTR", "VERB", "ADJ", "KEYWORD",
                         "NUMBER", "PREP"})


def _titled_heading(sentence: list[Token], k: int, text: str) -> bool:
    """Whether the ``k`` words before a colon are a heading printed as a title ("Habitat Ring: Any
    personnel may report here.", "Rules of 1957: Personnel here may not be killed …"): words with
    capitals (and "of" or a number between them; not opening with a verb), then a capitalised word
    that opens a clause with a verb of its own (a labelled list, "Native to this timeline: {…}",
    has none)."""
    if k < 2 or k + 1 >= len(sentence) or not _capitalised(sentence[k + 1], text) or (
            sentence[0].type == "VERB"):  # ("Choose one: Place your Founder …": an instruction)
        return False
    for i, w in enumerate(sentence[:k]):
        if w.type not in _IN_A_TITLE:
            return False
        if w.type == "PREP":
            if not (0 < i < k - 1 and w.value == "of"):
                return False
        elif w.type != "NUMBER" and not _capitalised(w, text):
            return False
    return any(t.type in ("MODAL", "VERB", "BE") for t in sentence[k + 1:])


# What the words of a ship system's name may be: "Phased polaron beam", "Polarized hull plating"
_IN_A_NAME = frozenset({"NAME", "NOUN", "WORD", "ADJ", "PART", "VERB"})


def _named_system(sentence: list[Token], k: int, text: str) -> bool:
    """Whether the ``k`` words before a colon name a thing, printed in sentence case ("Phased polaron
    beam: this ship is WEAPONS +2 …"), that heads a clause of its own: two to four words, the first
    capitalised and not a verb ("Choose one: …" is an instruction), then a subject ("this ship",
    "your personnel") and a verb. (Its last word may be a verb's form, "beam": what follows has its
    own.)"""
    if not 2 <= k <= 4 or k + 2 >= len(sentence) or sentence[0].type == "VERB" or not _capitalised(
            sentence[0], text) or any(w.type not in _IN_A_NAME for w in sentence[:k]) or any(
            _capitalised(w, text) for w in sentence[1:k]):
        return False
    rest = sentence[k + 1:]
    return rest[0].type in ("DET", "OWNER") and any(t.type in ("MODAL", "VERB", "BE") for t in rest[1:5])


def _surface(tok: Token, text: str = "") -> str:
    return text[tok.start_pos:tok.end_pos] if text else str(tok.value)


def _upper(tok: Token, text: str = "") -> bool:
    val = _surface(tok, text)
    return val.isupper() or tok.type == "CLASSIF"
