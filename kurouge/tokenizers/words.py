"""Unicode rules for words and characters in every script, and the check for unsegmented text.

Text is first put in one form by :func:`normalise`; then :func:`word_tokens`
cuts it at the Unicode word boundaries of UAX #29, :func:`cjk_tokens` does the
same and then splits Han, hiragana and katakana into single characters, and
:func:`grapheme_tokens` cuts it into extended grapheme clusters (what a reader
sees as one character: हि, a flag, a family emoji). The rules come from the
``regex`` package's Unicode tables (imported when first needed) and
normalisation from Python's ``unicodedata``; :data:`UNICODE_VERSIONS` names both
for a signature.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from importlib.metadata import version
from itertools import groupby
from typing import Any

from kurouge.tokenizers.pieces import GRAPHEME_PIECE_CHARS, grapheme_pieces

# Python's tables normalise and case-fold; the regex package's tables find boundaries and scripts.
UNICODE_VERSIONS = (f"regex-{version('regex')}", f"unicode-{unicodedata.unidata_version}")
# word_tokens and cjk_tokens break after an apostrophe before a vowel when no letter comes before it,
# as UAX #29 does ('apple' gives apple), where the regex package finds no boundary (the word was
# lost before): the signatures of word and cjk say so.
APOSTROPHE_TAG = "uax29-apostrophe"
# Characters written without spaces between words in Chinese and Japanese: Han ideographs (with
# 々, 〆, 〇), hiragana and katakana (with ー), as a `regex` class.
CJK_CLASS = r"[[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]&&[\p{L}\p{N}]]"
# Scripts written without spaces between words that UAX #29 cannot split (it cuts them into
# syllable-sized pieces): the language code of the segmenter for each.


@lru_cache(maxsize=1)
def _regex() -> Any:
    import regex

    return regex


@lru_cache(maxsize=1)
def _patterns() -> dict[str, Any]:
    regex = _regex()
    return {
        # A joiner is optional in Indic and Arabic-script spelling (র‍্যাব = র্যাব, می‌خواهم = میخواهم),
        # so it is removed; a ZWJ after an emoji builds one emoji (👨‍👩‍👧) and stays.
        "joiner": regex.compile(r"\u200c|(?<!\p{Extended_Pictographic}\p{gcb=Extend}*)\u200d", regex.V1),
        # One UAX #29 word (the text up to the next word boundary) that starts with a word character;
        # the boundaries are regex's WORD-flag boundaries (the Unicode default word boundaries).
        # regex finds no boundary between an apostrophe and a vowel (its rule for French and Italian
        # elision, l'amie), also where no letter comes before the apostrophe ('apple'): UAX #29 breaks
        # there, so a word may also start right after an apostrophe.
        "word": regex.compile(r"\b\w.*?\b|(?<=['\u2019])\w.*?\b", regex.V1 | regex.WORD | regex.DOTALL),
        "letter_or_digit": regex.compile(r"[\p{L}\p{N}]", regex.V1),
        "cjk": regex.compile(CJK_CLASS, regex.V1),
        "cjk_word": regex.compile(rf"{CJK_CLASS}+", regex.V1),
        "cjk_pieces": regex.compile(rf"{CJK_CLASS}\p{{M}}*|(?:(?!{CJK_CLASS}).)+", regex.V1 | regex.DOTALL),
        "grapheme": regex.compile(r"\X", regex.V1),
        # A character that can join a neighbour into one grapheme cluster (a mark, a joiner, a Hangul
        # jamo, a regional indicator...): without one, a text's clusters are its characters.
        "joining": regex.compile(r"[^\p{gcb=Other}\p{gcb=Control}\p{gcb=CR}\p{gcb=LF}]", regex.V1),
    }


@lru_cache(maxsize=1)
def _mid_word_punctuation() -> str:
    """The characters UAX #29 allows only between letters or digits (. , : ' and the like).

    All of them are in the Basic Multilingual Plane (30 in Unicode 17).
    """
    mid = r"[\p{WB=MidLetter}\p{WB=MidNum}\p{WB=MidNumLet}\p{WB=Single_Quote}]"
    return "".join(_regex().findall(mid, "".join(map(chr, range(0x10000))), flags=_regex().V1))


# Texts up to this length go to unicodedata.normalize as they are: it puts a run of combining marks
# in canonical order by insertion, quadratic in the run (10,000 marks out of order: 0.08 s), so a
# longer text is decomposed and ordered here in linear time first (see nfkc).
NFKC_DIRECT_CHARS = 10_000


@lru_cache(maxsize=65536)
def _nfkd_char(char: str) -> str:
    return unicodedata.normalize("NFKD", char)


def nfkc(text: str) -> str:
    """``text`` in Unicode normalization form NFKC, in time linear in its length.

    NFKC is composition after the compatibility decomposition in canonical
    order. For a text longer than :data:`NFKC_DIRECT_CHARS` both steps before
    composition are done here: each character is decomposed on its own, and
    each run of combining marks is sorted by combining class (a stable sort,
    the canonical ordering), so that ``unicodedata.normalize``, given text
    already in that order, only composes. The result is the same string
    (tests/test_long_inputs.py holds them equal); 40,000 alternating marks
    take 0.02 s instead of 1.2 s, 1,000,000 of them 0.3 s instead of about
    20 minutes.

    >>> nfkc("ＡＩ e\u0316\u0301") == unicodedata.normalize("NFKC", "ＡＩ e\u0316\u0301")
    True
    """
    if len(text) <= NFKC_DIRECT_CHARS:
        return unicodedata.normalize("NFKC", text)
    decomposed = "".join(map(_nfkd_char, text))
    combining = unicodedata.combining
    ordered = [
        "".join(sorted(run, key=combining)) if is_mark else "".join(run)
        for is_mark, run in groupby(decomposed, key=lambda char: combining(char) > 0)
    ]
    return unicodedata.normalize("NFC", "".join(ordered))


def normalise(text: str) -> str:
    """``text`` without optional joiners, in NFKC, case-folded.

    NFKC (not NFC) because its compatibility mappings join what readers take
    for the same word: full-width ＡＩ and AI, the ligature ﬁ and fi, Arabic
    presentation forms and their letters, ２０２４ and 2024. Its cost, shown by
    the tests: superscripts and fractions become digits (x² gives x2) and Thai
    and Lao SARA AM (ำ) is decomposed, the same way on both sides of a
    comparison. ``str.casefold`` (not ``lower``) so that ß equals ss and final
    ς equals σ; NFKC is applied again after it because case folding can leave
    text unnormalised. ZWNJ, and ZWJ outside emoji sequences, are removed
    first, so that a text with and without them is the same text.

    >>> normalise("ＡＩ Straße ΟΔΟΣ")
    'ai strasse οδοσ'
    >>> normalise("می\\u200cخواهم") == normalise("میخواهم")
    True
    """
    if "\u200c" in text or "\u200d" in text:
        text = _patterns()["joiner"].sub("", text)
    return nfkc(nfkc(text).casefold())


# Where word_tokens and cjk_tokens may take stdlib `re` patterns instead of `regex`'s boundaries: the
# Latin-1 to general punctuation blocks, CJK symbols, kana and the Han of the Basic Multilingual Plane.
_FAST_BLOCKS = ((0x80, 0x2070), (0x3000, 0x3100), (0x3400, 0x4DC0), (0x4E00, 0xA000))


def char_class(characters: str) -> str:
    """A stdlib `re` character class of ``characters``, as ranges."""
    points, ranges = sorted(map(ord, characters)), []
    for point in points:
        if ranges and ranges[-1][1] == point - 1:
            ranges[-1][1] = point
        else:
            ranges.append([point, point])

    # The characters themselves, which `re` parses several times faster than escapes.
    def literal(point: int) -> str:
        return "\\" + chr(point) if chr(point) in "\\]^-[" else chr(point)

    return "".join(literal(low) if low == high else f"{literal(low)}-{literal(high)}" for low, high in ranges)


@lru_cache(maxsize=1)
def _fast_patterns() -> dict[str, Any]:
    """Stdlib `re` patterns that give word_tokens and cjk_tokens of text in a few classes of characters.

    In normalised text made only of characters of these classes (by their UAX #29 word-break
    property), UAX #29 reduces to a few rules: letters and digits run together (and with ``_``,
    allowed in ASCII text only, where no katakana is), a MidLetter or MidNumLet character or an
    apostrophe stays between two letters, a MidNum or MidNumLet character or an apostrophe between
    two digits; katakana run together; every other character is a word of its own or breaks. Marks,
    joiners and the other word-break classes are in no class, so a text with one takes the long way.
    tests/test_words.py holds these patterns to it over every character of ``_FAST_BLOCKS``.
    """
    regex = _regex()
    blocks = "".join(chr(point) for low, high in _FAST_BLOCKS for point in range(low, high))

    def chars(pattern: str) -> str:
        return "".join(regex.findall(pattern, blocks, flags=regex.V1))

    cjk = CJK_CLASS
    letter = char_class("".join(map(chr, range(0x41, 0x5B))) + "".join(map(chr, range(0x61, 0x7B))))
    letter += char_class(chars(rf"[[\p{{WB=ALetter}}&&\p{{L}}]--{cjk}]"))
    digit = "0-9" + char_class(chars(r"[\p{WB=Numeric}&&\p{Nd}]"))
    mid_letter = ":.'" + char_class(chars(r"[\p{WB=MidLetter}\p{WB=MidNumLet}\p{WB=Single_Quote}]"))
    mid_number = ",;.'" + char_class(chars(r"[\p{WB=MidNum}\p{WB=MidNumLet}\p{WB=Single_Quote}]"))
    single = char_class(chars(rf"[{cjk}&&\p{{WB=Other}}]"))
    katakana = char_class(chars(rf"[{cjk}&&\p{{WB=Katakana}}]"))
    other = char_class(chars(r"[\p{WB=Other}--[\p{L}\p{N}\p{M}]]"))
    word = _word_pattern(letter, digit, mid_letter, mid_number)
    ascii_word = _word_pattern("a-zA-Z", "0-9", ":.'", ",;.'")
    ascii_but_underscore = r"\x00-\x5e\x60-\x7f"
    return {
        "text": re.compile(
            f"[{ascii_but_underscore}{letter}{digit}{mid_letter}{mid_number}{single}{katakana}{other}]*"
        ),
        # Group 1: a run of characters that are each a token; group 2: one token.
        "word": re.compile(rf"([{single}]+)|([{katakana}]+|{word})"),
        "cjk": re.compile(rf"([{single}{katakana}]+)|({word})"),
        "ascii": re.compile(ascii_word),
    }


def _word_pattern(letter: str, digit: str, mid_letter: str, mid_number: str) -> str:
    """A word of letters and digits by UAX #29, from the classes' contents."""
    between_letters = rf"(?<=[{letter}])[{mid_letter}](?=[{letter}])"
    between_digits = rf"(?<=[{digit}])[{mid_number}](?=[{digit}])"
    return rf"[{letter}{digit}_]+(?:(?:{between_letters}|{between_digits})[{letter}{digit}_]+)*"


def _fast_tokens(normalised: str, kind: str) -> list[str] | None:
    """The ``kind`` ("word" or "cjk") tokens of ``normalised`` text by ``_fast_patterns``, or None.

    None where the patterns do not apply: the text has a character in none of their classes.
    """
    patterns = _fast_patterns()
    if normalised.isascii():
        # Only ASCII text may hold "_": a word of underscores alone has no letter or digit.
        tokens = patterns["ascii"].findall(normalised)
        return [token for token in tokens if token.strip("_")] if "_" in normalised else tokens
    if not patterns["text"].fullmatch(normalised):
        return None
    tokens = []
    for match in patterns[kind].finditer(normalised):
        if match.lastindex == 1:
            tokens += match.group(1)
        elif match.lastindex == 2:
            tokens.append(match.group(2))
    return tokens


def word_tokens(text: str) -> list[str]:
    """The words of normalised ``text`` by UAX #29 word boundaries, keeping those with a letter or digit.

    Combining marks stay inside their word (हिन्दी, مَرْحَبًا); numbers stay whole
    (3.14, 1,000) and so do U.S.A and don't (UAX #29 keeps a full stop or an
    apostrophe between letters); 2024年 gives 2024 and 年 (a Han character is
    a word of its own). Punctuation, symbols, emoji and spaces are dropped.
    Thai, Lao, Khmer and Burmese come out in syllable-sized pieces: UAX #29
    needs a dictionary for them, which the language segmenters have.

    >>> word_tokens("Мир, «мир» мир! 3.14 и 1,000 — 2024年")
    ['мир', 'мир', 'мир', '3.14', 'и', '1,000', '2024', '年']
    """
    normalised = normalise(text)
    fast = _fast_tokens(normalised, "word")
    if fast is not None:
        return fast
    patterns = _patterns()
    has_letter_or_digit = patterns["letter_or_digit"].search
    # regex joins a combining mark at the very start of a text to the word after it, where UAX #29
    # breaks (as it does after a newline, where regex follows it): a newline in front makes it agree.
    # regex also breaks after such punctuation when a combining mark comes before it (भाषा.अब), where
    # UAX #29 does not; the punctuation left at the end of the word is removed.
    words = patterns["word"].findall("\n" + normalised)
    mid = _mid_word_punctuation()
    # str.isalnum on the first character settles most words without a regex call.
    return [
        word.rstrip(mid) if word[-1] in mid else word
        for word in words
        if word[0].isalnum() or has_letter_or_digit(word)
    ]


def cjk_tokens(text: str) -> list[str]:
    """:func:`word_tokens`, with every Han, hiragana and katakana character a token of its own.

    Within each word, a Han, hiragana or katakana character (with the marks
    after it) is one token, and each run of other characters holding a letter
    or digit another.

    >>> cjk_tokens("Apple iPhone 15 128GB 蓝色, カタカナ")
    ['apple', 'iphone', '15', '128gb', '蓝', '色', 'カ', 'タ', 'カ', 'ナ']
    """
    fast = _fast_tokens(normalise(text), "cjk")
    if fast is not None:
        return fast
    patterns = _patterns()
    is_cjk, cjk_only, pieces, has_letter_or_digit = (
        patterns["cjk"].search,
        patterns["cjk_word"].fullmatch,
        patterns["cjk_pieces"].findall,
        patterns["letter_or_digit"].search,
    )
    words = word_tokens(text)
    if not is_cjk("\n".join(words)):
        return words
    tokens = []
    for word in words:
        if len(word) == 1 or not is_cjk(word):  # UAX #29 already gives each Han and hiragana character alone
            tokens.append(word)
        elif cjk_only(word):
            tokens += word
        else:
            tokens += [piece for piece in pieces(word) if has_letter_or_digit(piece)]
    return tokens


def grapheme_tokens(text: str) -> list[str]:
    """The extended grapheme clusters (UAX #29) of normalised ``text``, whitespace dropped.

    Punctuation and symbols are kept. A vowel sign stays with its consonant,
    and a conjunct (consonant, virama, consonant) is one cluster, as Unicode
    15.1 defines it for Devanagari, Bengali and other Indic scripts.

    >>> grapheme_tokens("हिन्दी 👨\\u200d👩\\u200d👧 É!")
    ['हि', 'न्दी', '👨\\u200d👩\\u200d👧', 'é', '!']
    """
    text = normalise(text)
    patterns = _patterns()
    if not patterns["joining"].search(text):
        return list("".join(text.split()))
    clusters = (
        cluster
        for piece in grapheme_pieces(text, GRAPHEME_PIECE_CHARS)
        for cluster in patterns["grapheme"].findall(piece)
    )
    return [cluster for cluster in clusters if not cluster.isspace()]
