"""The texts that rouge-score-rs's Unicode profile tokenizes as ``word`` or ``cjk`` does.

rouge-score-rs's ``unicode-v1`` profile cuts NFKC, case-folded text at UAX #29 word boundaries and
keeps the words with a letter or number, as ``word`` does; ``cjk`` then splits Han and kana runs into
characters. They part on rare characters only: a combining mark next to mid-word punctuation (where
the ``regex`` package breaks and UAX #29 does not), U+30A0, and for ``cjk`` the characters it splits
where UAX #29 joins them (katakana, 々, the connector ``_``). A text made only of the characters of
``profile_chars`` gets the same tokens both ways, so the engine may hand it to rouge-score-rs raw.
tests/test_profiles.py holds that for every such character in context and on random text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

import regex

from kurouge.tokenizers.words import CJK_CLASS, char_class, normalise

# Where the profile's characters are looked for: tab and newline, ASCII, Latin-1 and Latin
# Extended-A letters, Greek and Cyrillic, general punctuation (quotation marks, dashes, primes; not
# the joiners and controls around them), arrows, symbols and shapes (★, ●, ♪), CJK punctuation,
# kana, the Han of the BMP's main block, full-width forms.
BLOCKS = (
    (0x09, 0x0B),
    (0x20, 0x7F),
    (0xC0, 0x180),
    (0x370, 0x530),
    (0x2010, 0x2028),
    (0x2030, 0x205F),
    (0x2190, 0x2800),
    (0x3000, 0x3100),
    (0x4E00, 0xA000),
    (0xFF01, 0xFF5F),
)
PROFILE = "unicode-v1"


def profile_chars(kind: str) -> str:
    """The characters of ``BLOCKS`` that ``kind``'s ("word" or "cjk") tokens and the profile's agree on.

    Not a control character but tab and newline, not a mark or a character whose normal form holds one
    (İ, ゛), not U+30A0, not a number sign that normalizes to itself (❶); for ``cjk`` not a
    character it splits where UAX #29 joins.
    """
    chars = "".join(chr(point) for low, high in BLOCKS for point in range(low, high))
    left = regex.sub(r"[\p{Cn}\p{Co}\p{Cs}\p{M}\u30a0[\p{Cc}--[\t\n]]]", "", chars, flags=regex.V1)
    if kind == "cjk":
        split_here = rf"[\p{{WB=Katakana}}\p{{WB=ExtendNumLet}}[{CJK_CLASS}&&\p{{WB=ALetter}}]]"
        left = regex.sub(split_here, "", left, flags=regex.V1)
    marked = regex.compile(r"\p{M}", regex.V1).search
    # A number sign kept as it is (dingbat digits ❶, ⓫): the profile counts it a word, ``word`` does not.
    own_number = regex.compile(r"\p{No}", regex.V1).fullmatch
    return "".join(
        char
        for char in left
        if char.isascii() or not (marked(normalise(char)) or (own_number(char) and normalise(char) == char))
    )


@lru_cache(maxsize=2)
def reads_as_profile(kind: str) -> Callable[[str], bool]:
    """A test of a text: whether the profile gives ``kind``'s tokens of it (it has only ``profile_chars``)."""
    pattern = re.compile(f"[{char_class(profile_chars(kind))}]*")
    return lambda text: pattern.fullmatch(text) is not None
