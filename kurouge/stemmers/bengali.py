"""Bengali stemmer: Rafi Kamal's suffix rules, as XL-Sum's multilingual ROUGE applies them.

XL-Sum stems Bengali with ``RafiStemmer`` from abhik1505040/bengali-stemmer (a fork of
banglakit/bengali-stemmer, whose ``common.rules`` is ported from rafi-kamal/Bangla-Stemmer),
which is not on PyPI. ``RAFI_KAMAL_RULES`` is that ``common.rules`` file as a Python table, and
:class:`BengaliStemmer` is the algorithm of its ``parser.py``, written anew here. The rules are
under the MIT licence: Copyright (c) 2017 BanglaKit Project Contributors; permission is granted,
free of charge, to deal in them without restriction, provided this notice is included; they are
provided "as is", without warranty of any kind.

tests/test_bengali.py checks the stems against XL-Sum's installed stemmer on thousands of words
(tests/xlsum/bengali_stems.json, made by tests/xlsum/make_bengali_stems.py).
"""

from __future__ import annotations

# The groups of common.rules, in its order: (suffix, replacement or None). Each group removes at
# most one suffix, the first listed that ends the word; the groups apply one after the other.
# In a replacement, "." keeps the character at that place. Kept as in the rules file: "." in a
# suffix is a literal full stop (the parser matches with str.endswith), so those two rules match
# only a word that holds a full stop.
# য় as one code point (U+09DF), as common.rules writes it: the decomposed য + ় does not match it.
YYA = "\u09df"
RAFI_KAMAL_RULES: tuple[tuple[tuple[str, str | None], ...], ...] = (
    (("ই", None), ("ও", None), ("তো", None)),
    (("কে", None), ("তে", None), ("রা", None)),
    (
        ("চ্ছি", None), ("চ্ছিল", None), ("চ্ছে", None), ("চ্ছিস", None), ("চ্ছিলেন", None),
        ("চ্ছ", None), (f"{YYA}েছে", None), ("েছ", None), ("েছে", None), ("েছেন", None),
        ("রছ", "র"), ("রব", "র"), ("েল", None), ("েলো", None), (f"ও{YYA}া", None),
        (f"ে{YYA}ে", "া"), (YYA, None), (f"{YYA}ে", None), (f"{YYA}েছিল", None),
        (f"ে{YYA}েছিল", "া"), ("েছিল", None), (f"ে{YYA}েছিলেন", "া"), ("ে.েছিলেন", "া."),
        ("েছিলেন", None), ("লেন", None), ("দের", None), ("ে.ে", "া."), ("ের", None), ("ার", None),
        ("েন", None), ("বেন", None), ("িস", None), ("ছিস", None), ("ছিলি", None), ("ছি", None),
        ("ছে", None), ("লি", None), ("বি", None), ("ে", None),
    ),
    (
        ("টি", None), ("টির", None), ("েরটা", None), ("েরটার", None), ("টা", None), ("টার", None),
        ("গুলো", None), ("গুলোর", None), ("েরগুলো", None), ("েরগুলোর", None),
    ),
)  # fmt: skip
# Vowel signs that do not count towards the stem a plain suffix must leave.
_VOWEL_SIGNS = frozenset("ািীেুূো")


class BengaliStemmer:
    """Rafi Kamal's Bengali suffix stemmer (``RAFI_KAMAL_RULES``), XL-Sum's ``RafiStemmer``.

    For each group in turn, the first suffix that ends the word is found: a rule with a
    replacement overwrites the suffix's first characters with it and cuts the rest; a plain
    suffix is removed if what remains holds a character other than the vowel signs
    া ি ী ে ু ূ ো (else the word is kept and the group ends).

    >>> [BengaliStemmer().stem(word) for word in ("বাংলাদেশের", "করেছেন", "পারব", "এটাকে")]
    ['বাংলাদেশ', 'কর', 'পার', 'এ']
    """

    def __init__(self) -> None:
        self.signature = "bengali-rafikamal2014"

    def stem(self, token: str) -> str:
        """Return the stem of ``token``."""
        for group in RAFI_KAMAL_RULES:
            for suffix, replacement in group:
                if not token.endswith(suffix):
                    continue
                start = len(token) - len(suffix)
                if replacement is not None:
                    kept = token[start : start + len(replacement)]
                    token = token[:start] + "".join(
                        k if r == "." else r for r, k in zip(replacement, kept, strict=True)
                    )
                elif any(char not in _VOWEL_SIGNS for char in token[:start]):
                    token = token[:start]
                break
        return token
