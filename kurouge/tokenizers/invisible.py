"""Invisible format characters that no script needs inside a word, removed before a tokenizer reads a text.

A bidirectional mark at the end of an Arabic or Hebrew text, a soft hyphen, a word joiner or a byte
order mark is invisible, yet glued to a word it made another word (issue 31). :func:`drop_invisible`
removes them; the zero width space, which marks a word boundary, becomes a space. The joiners some
scripts spell words with (ZWNJ U+200C in Persian, ZWJ U+200D in Indic conjuncts and emoji) are kept,
and so are the format characters that are visible or build a character (Arabic number signs, the
Mongolian vowel separator, emoji tag sequences, Egyptian hieroglyph controls).

Every built-in tokenizer but ``rouge-score`` and the ``xlsum`` presets calls it first and names
:data:`INVISIBLE_TAG` in its signature; those keep their own rules, which already never glue such a
character to a word (rouge-score turns it into a space, XL-Sum's BERT cleaning deletes it). A custom
tokenizer gets the text as it is.
"""

from __future__ import annotations

import re

# Removed: the soft hyphen, the Arabic letter mark, the left-to-right and right-to-left marks, the
# embeddings, overrides and their pop (U+202A-U+202E), the word joiner and the invisible operators
# (U+2060-U+2064), the isolates (U+2066-U+2069), the deprecated format characters (U+206A-U+206F)
# and the byte order mark (zero width no-break space).
INVISIBLE = "\u00ad\u061c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
ZERO_WIDTH_SPACE = "\u200b"
# The name of the rule in a tokenizer's signature.
INVISIBLE_TAG = "invisible-dropped"
_INVISIBLE = re.compile(f"[{INVISIBLE}]+")
_ANY = re.compile(f"[{INVISIBLE}{ZERO_WIDTH_SPACE}]")


def drop_invisible(text: str) -> str:
    """``text`` without :data:`INVISIBLE` characters, each zero width space a space.

    >>> drop_invisible("\\u202eabc\\u202c de\\u00adf\\u200f")
    'abc def'
    >>> drop_invisible("cat\\u200bsat"), drop_invisible("می\\u200cخواهم") == "می\\u200cخواهم"
    ('cat sat', True)
    """
    # An ASCII text (checked in constant time) has none of them; most other texts neither.
    if text.isascii() or _ANY.search(text) is None:
        return text
    return _INVISIBLE.sub("", text.replace(ZERO_WIDTH_SPACE, " "))
