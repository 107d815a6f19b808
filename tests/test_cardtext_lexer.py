"""The lexer's speed-ups must not change what it matches."""

import random
import re

from judge.cardtext import lexer

# The pieces in order, with nothing in front: the token regex as first written.
PLAIN = re.compile("|".join(f"(?P<{name}>{pat})" for name, pat in lexer._PIECES))
PIECES = ["a", "b", "x", "X", "v", "vs.", "s", "D", "L", "S", "DL/", "SD/", "V", "I", "P", ".", "A.", "B.",
          "V.I.P.", "2", " ", "  ", "\n", "-", "'", "’", "{", "}", "[", "]", "(", ")", "<", ">", '"', "“",
          "”", "+", "−", "–", "—", "%", "=", "/", "x2", "x 2", "X3", "ab", "Cd", "e-", "-f", "é", "\t", ",",
          ";", ":", "*", "&", "!", "?"]


def plain_pieces(text):
    """(kind, text, end) of every piece but single spaces, as the plain regex matches them."""
    out = []
    for m in PLAIN.finditer(text):
        if m.lastgroup == "WS" and m.group() == " " and m.end() < len(text) and not text[m.end()].isspace():
            continue  # a lone space before a token: the fast regex matches it with the token
        out.append((m.lastgroup, m.group(), m.end()))
    return out


def fast_pieces(text):
    return [(lexer._KIND_OF_GROUP[m.lastindex], m[m.lastindex], m.end())
            for m in lexer._TOKEN_RE.finditer(text)]


def test_fast_token_regex_matches_like_the_plain_one():
    rng = random.Random(17)
    for _ in range(20_000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 14)))
        assert fast_pieces(text) == plain_pieces(text), text
