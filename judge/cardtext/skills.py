"""The skill list that opens a 1E personnel's text: "SECURITY Navigation Computer Skill x2 DL/ {X}".

The list is a run of classifications and skills (each with an optional level, ``x2``/``x 2``),
alternatives joined by OR, download icons followed by card titles, and the "Name:" headings of a
dual personnel. The game text starts at the first token that is none of these.
"""

from __future__ import annotations

from lark import Token

from .lexer import _surface  # the word as printed ("Romulan", "[Films]"), not its lemma
from .model import SkillEntry

_SENTENCE_WORDS = {"NOUN", "BE", "VERB", "PART", "HAVE"}
# What a dual personnel's "Name:" heading may be lexed as: "Beverly:", "May:", "Third:".
_PERSONA_WORDS = {"NAME", "MODAL", "NOUN", "SKILL", "ADJ"}


def _levels(tok: Token | None) -> int | None:
    if tok is not None and tok.type == "MULT" and str(tok.value).isdigit():
        return int(str(tok.value))
    return None


def scan_skills(toks: list[Token], skills: list[SkillEntry], downloads: list[str],
                text: str = "") -> list[Token]:
    """Append the skills and downloads at the start of ``toks``; return the tokens after them. A skill
    followed by a noun or verb opens the game text ("Honor personnel may …") unless that word is
    capitalised in ``text``, so starts a sentence of its own ("Computer Skill Excluded from …")."""
    i = 0
    n = len(toks)
    alternative = False
    persona: str | None = None   # the half of a dual personnel the skills belong to ("Beverly:")
    while i < n:
        t = toks[i]
        nxt = toks[i + 1] if i + 1 < n else None
        if t.type in ("SKILL", "CLASSIF"):
            if nxt is not None and nxt.type in _SENTENCE_WORDS and not (
                    text and text[nxt.start_pos:nxt.start_pos + 1].isupper()):
                break
            levels = _levels(nxt)
            skills.append(SkillEntry(str(t.value), levels or 1, t.type == "CLASSIF", alternative, persona))
            alternative = False
            i += 2 if levels else 1
        elif t.type == "PLUS" and skills:
            i += 1
        elif skills and (run := _unknown_skill(toks, i, text)):
            # "Law Emotional Control Mindmeld …": a skill the vocabulary does not know, printed in
            # the list (capitalised words between two skills), is one of them, not game text
            words = " ".join(_surface(x, text) for x in toks[i:i + run])
            levels = _levels(toks[i + run]) if i + run < n else None
            skills.append(SkillEntry(words, levels or 1, False, alternative, persona))
            alternative = False
            i += run + (1 if levels else 0)
        elif t.type == "COMMA" and skills and nxt is not None and nxt.type in ("SKILL", "CLASSIF"):
            i += 1  # "Geology, Computer Skill, Cybernetics, Music": a list printed with commas
        elif t.type == "CONJ" and str(t.value).lower() == "and" and skills and nxt is not None and (
                nxt.type in ("SKILL", "CLASSIF")) and i + 2 < n and toks[i + 2].type in ("IF", "DOT", "MULT"):
            i += 1  # "… SCIENCE Treachery and Biology if {Kareen Brianon} in play.": the list's last
        elif t.type == "CONJ" and str(t.value) in ("OR", "or") and skills and nxt is not None and (
                nxt.type in ("SKILL", "CLASSIF")):
            alternative = True
            i += 1
        elif t.type == "DL":
            phrase = _kind_to_the_end(toks, i + 1)
            if phrase:
                # "DL/ Any Romulan treaty" ending the text: a download of any card of a kind, listed
                # as "DL/ {Any PADD}" is
                downloads.append(" ".join(_surface(x, text) for x in toks[i + 1:i + 1 + phrase]))
                i += 1 + phrase
                continue
            if nxt is None or nxt.type != "TITLE":
                break  # "DL/ Any other card that has …": a download of a kind of card, read as text
            i += 1
            while i < n and toks[i].type == "TITLE":
                downloads.append(str(toks[i].value))
                if i + 2 < n and toks[i + 1].type == "CONJ" and toks[i + 2].type == "TITLE":
                    i += 2
                    continue
                i += 1
                phrase = _kind_to_the_end(toks, i + 1, opening=False) if (
                    i < n and toks[i].type == "CONJ") else 0
                if phrase:  # "DL/ {Any [Sch]} OR Romulan espionage card": a title or a kind of card
                    downloads.append(" ".join(_surface(x, text) for x in toks[i + 1:i + 1 + phrase]))
                    i += 1 + phrase
        elif nxt is not None and nxt.type == "COLON" and t.type in _PERSONA_WORDS and (
                (text and text[t.start_pos:t.start_pos + 1].isupper()) or str(t.value)[:1].isupper()
                or t.type == "MODAL"):
            after = toks[i + 2] if i + 2 < n else None
            if after is None or after.type not in ("SKILL", "CLASSIF", "DL"):
                break  # "Demonica: Doubles skills of …": a heading over game text, read with it
            # "Beverly:", "Third:" heads one half of a dual personnel
            persona = text[t.start_pos:t.end_pos] if text else str(t)
            i += 2
        else:
            break
    return toks[i:]


# What an unknown skill's words may be lexed as ("Emotional" a name, "Control" a verb).
_UNKNOWN_SKILL_WORDS = frozenset({"NAME", "NOUN", "VERB", "ADJ", "WORD"})


def _unknown_skill(toks: list[Token], i: int, text: str) -> int:
    """How many words from ``i`` (at most three) are a skill the vocabulary does not know: words
    printed capitalised, then a skill or classification after which the list goes on or a sentence
    starts (not one that game text goes on with: "Klingon Leadership personnel may …", "Adds
    SECURITY to …"); 0 if none."""
    if not text:
        return 0
    n = len(toks)
    k = i
    while k < n and k - i < 3 and toks[k].type in _UNKNOWN_SKILL_WORDS and (
            (word := text[toks[k].start_pos:toks[k].end_pos]).isalpha() and word[0].isupper()
            and word[1:].islower()):
        k += 1
    run = k - i
    if run and k < n and _levels(toks[k]):
        k += 1  # (its level: "Emotional Control x2 Anthropology")
    if not run or k >= n or toks[k].type not in ("SKILL", "CLASSIF"):
        return 0
    after = toks[k + 1] if k + 1 < n else None
    if after is not None and after.type == "MULT":
        after = toks[k + 2] if k + 2 < n else None
    if after is None or after.type in ("SKILL", "CLASSIF", "DL") or (
            text[after.start_pos:after.start_pos + 1].isupper()):
        return run  # (the list goes on, or ends where a sentence starts: "… Mindmeld Your [22] …")
    return 0  # ("Biology Adds SECURITY to each …": a sentence, read as game text)


# The words of a phrase naming a kind of card: "Any Romulan treaty", "Any [Films] Klingon Chancellor".
_KIND_WORDS = frozenset({"DET", "NAME", "NOUN", "ICON", "ADJ", "WORD", "SKILL", "CLASSIF", "KEYWORD"})


def _kind_to_the_end(toks: list[Token], start: int, opening: bool = True) -> int:
    """How many tokens from ``start`` name a kind of card ("any …"; after "{X} OR" the "any" may go)
    and run to the end of the text (a full stop aside), else 0: where the phrase ends before more
    text is not known."""
    end = len(toks)
    if end and toks[-1].type == "DOT":
        end -= 1
    if start >= end or opening and (toks[start].type != "DET" or str(toks[start].value).lower() != "any"):
        return 0
    if not all(t.type in _KIND_WORDS for t in toks[start:end]):
        return 0
    return len(toks) - start
