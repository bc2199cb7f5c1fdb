"""Sentence splitting for rougeLsum: newlines, or with ``split_summaries=True`` sentence enders too.

The enders are those of the scripts that have their own: Chinese and Japanese
(。｡！？．), Devanagari, Bengali and the other Indic scripts (danda । and
double danda ॥), Arabic (question mark ؟) and Urdu (full stop ۔), Armenian
(full stop ։), Ethiopic (full stop ። and question mark ፧), Burmese (section
mark ။; the little section mark ၊ is a comma), Khmer (khan ។ and bariyoosan
៕), Tibetan (shad ། and nyis shad ༎), Mongolian (full stop ᠃), and ASCII
``.``, ``!`` and ``?`` with the rules for English below. Thai and Lao have no
sentence punctuation (a space separates sentences and phrases alike), so their
lines are not split.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# Enders that always end a sentence: no script uses them inside a word or a number.
# The full stops of scripts other than Latin (CJK, Devanagari, Arabic, Armenian, Ethiopic, Burmese, ...).
SCRIPT_ENDERS = "。｡！？।॥؟۔։።፧။។៕།༎᠃"
_CLOSERS = "」』）)]］】〕〉》”’\"'｣｝}»"
_ENDERS_RE = re.compile(rf"([{SCRIPT_ENDERS}．!?.]+)([{re.escape(_CLOSERS)}]*)")
_WORD_CHAR = r"[\w.'’]"
_LAST_WORD_RE = re.compile(rf"{_WORD_CHAR}*$")
_WORD_CHAR_RE = re.compile(_WORD_CHAR)
_NEXT_CHAR_RE = re.compile(r"\s*(\S?)")
# How far back from a full stop the word before it is read: a longer word is no abbreviation, and
# reading a bounded window keeps splitting a line linear in its length.
WORD_WINDOW = 64
_DOTTED_RE = re.compile(r"^(?:[A-Za-z]\.)+[A-Za-z]$")
# Abbreviations that precede a name or a number, so a capital after them does not start a sentence.
_ABBREVIATIONS = frozenset(
    "mr mrs ms mx dr prof st mt ft rev gen col lt sgt capt gov sen rep vs al cf approx".split()
)


def _ends_sentence(line: str, match: re.Match[str]) -> bool:
    """Whether the enders (and closing quotes or brackets) of ``match`` end a sentence."""
    enders, closers = match.groups()
    after = line[match.end() : match.end() + 2]  # the next two characters
    if closers[-1:] in ("」", "』") and after.startswith(("と", "って")):
        return False  # a quotation inside a Japanese sentence: 「行こう。」と言った。
    if any(char in SCRIPT_ENDERS for char in enders):
        return True
    if "．" in enders:
        return not after[:1].isdigit()  # not a full-width decimal point: ３．１４
    if after and after[0].isascii() and not after[0].isspace():
        return False  # inside a token: 3.14, U.S.A, example.com/?q=1
    following = _NEXT_CHAR_RE.match(line, match.end()).group(1)
    if following.islower():
        return False  # "e.g. the", '"Stop!" he said'
    if "!" in enders or "?" in enders:
        return True
    if following.isdigit():
        return False  # "No. 5", "Jan. 1"
    window = max(0, match.start() - WORD_WINDOW)
    last_word = _LAST_WORD_RE.search(line, window, match.start())
    word = last_word.group()
    is_abbreviation = (
        word.lower() in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()) or _DOTTED_RE.match(word)
    ) and not (last_word.start() == window > 0 and _WORD_CHAR_RE.match(line, window - 1))
    return not (len(enders) == 1 and is_abbreviation)


def _sentences_of_line(line: str) -> Iterator[str]:
    start = 0
    for match in _ENDERS_RE.finditer(line):
        if _ends_sentence(line, match):
            yield line[start : match.end()]
            start = match.end()
    yield line[start:]


def split_sentences(text: str, split_summaries: bool = False) -> list[str]:
    """Split ``text`` into the sentences rougeLsum compares.

    With ``split_summaries=False`` sentences are the non-empty lines, as in
    rouge-score and the stock metric. With ``True`` each line is split further
    after the script enders listed in this module's docstring (。｡！？।॥؟۔։።፧။។៕།༎᠃),
    after ． (not inside a number), and after ASCII ! ? and . followed by a
    space, the end of the line or a non-ASCII character, but not before a
    word that starts with a lower-case letter, and not after a "." that ends
    an abbreviation (Mr., Dr., U.S., e.g., single initials; not a word longer than
    64 characters) or comes before a digit. Closing quotes and brackets stay with their sentence, and 」 or 』
    followed by と or って does not end one. Sentences are stripped of
    surrounding whitespace. Nothing is downloaded.

    >>> split_sentences("今日 は 晴れ\\n\\n明日 は 雨")
    ['今日 は 晴れ', '明日 は 雨']
    >>> split_sentences("「行こう！」彼は言った。Dr. Smith paid $3.50. It rained!", split_summaries=True)
    ['「行こう！」', '彼は言った。', 'Dr. Smith paid $3.50.', 'It rained!']
    >>> split_sentences("आज बारिश हुई। कल धूप होगी।", split_summaries=True)
    ['आज बारिश हुई।', 'कल धूप होगी।']
    """
    if not split_summaries:
        return split_lines(text)
    sentences = (sentence.strip() for line in text.split("\n") for sentence in _sentences_of_line(line))
    return [sentence for sentence in sentences if sentence]


def split_lines(text: str) -> list[str]:
    """``split_sentences(text)``: the non-empty lines, as rouge-score and rouge-score-rs read sentences."""
    if "\n" not in text:  # one line, most texts
        return [text] if text else []
    return [line for line in text.split("\n") if line]
