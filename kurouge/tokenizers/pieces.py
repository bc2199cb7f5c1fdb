"""Cutting long text into bounded pieces, so that tokenizing it takes time and memory linear in its length.

Several segmenters are quadratic in the length of what they are given (PyThaiNLP's newmm on a run
of digits, burmesenlp's longest matching, jieba on one repeated character, MeCab on digits, the
``regex`` package's ``\\X`` on regional indicators) or hold kilobytes per character (khmercut's CRF).
Each is therefore given its text in pieces of at most a bound, cut by :func:`pieces` or, for
grapheme clusters, :func:`grapheme_pieces`; a text within the bound is one piece, given as it is.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import Any

from kurouge.caller import user_stacklevel
from kurouge.tokenizers.sentences import SCRIPT_ENDERS

# The bounds, in characters. A segmenter that cuts its text with ``pieces`` names its bound in its
# signature, since a cut where a text has no space for that long can split a word; the models that
# weigh a word's context (Kiwi, khmercut's CRF, MeCab's lattice) get the longer pieces. Clusters
# are found in pieces of GRAPHEME_PIECE_CHARS (regex's \\X is quadratic on regional indicators),
# which never changes them.
PIECE_CHARS = 1000
CONTEXT_PIECE_CHARS = 4000
GRAPHEME_PIECE_CHARS = 200
# Sentence enders of the scripts that have their own (as in tokenizers.sentences): none is used in a number.
# Where pieces are cut, best first: after a newline; after whitespace that follows a sentence ender;
# after whitespace; after a script's sentence ender; after a full-width comma, semicolon or colon.
_CUTS = (r"\n", rf"[.!?{SCRIPT_ENDERS}]\s", r"\s", f"[{SCRIPT_ENDERS}]", "[，、；：]")


@lru_cache(maxsize=1)
def _patterns() -> dict[str, Any]:
    import regex

    # A character that can join the one before it into a grapheme cluster, or a word for a segmenter.
    joins_back = r"[\p{M}\p{Cf}\p{gcb=Extend}\p{gcb=SpacingMark}\p{gcb=ZWJ}\p{gcb=T}\p{gcb=V}]"
    # Grapheme clusters always break between two characters of these kinds (UAX #29 rules GB4, GB5
    # and GB999: no rule joins them), but for CR LF.
    alone = r"[\p{gcb=Other}\p{gcb=Control}\p{gcb=CR}\p{gcb=LF}]"
    return {
        "cuts": [regex.compile(cut, regex.V1) for cut in _CUTS],
        "joins_back": regex.compile(joins_back, regex.V1),
        # A place between two such characters: the match starts there.
        "boundary": regex.compile(rf"(?<={alone})(?<!\r(?=\n))(?={alone})", regex.V1),
        "ri_run": regex.compile(r"\p{gcb=Regional_Indicator}+", regex.V1),
    }


def _last_end(pattern: Any, text: str, low: int, end: int) -> int | None:
    """The end of the last match of ``pattern`` inside ``text[:end]`` that ends at ``low`` or after, or None.

    The cut patterns match at most two characters.
    """
    last = None
    for match in pattern.finditer(text, max(0, low - 2), end):
        if match.end() >= low:
            last = match.end()
    return last


def _last_start(pattern: Any, text: str, start: int, end: int) -> int | None:
    """The start of the last match of ``pattern`` in ``text[start:end]``, or None."""
    last = None
    for match in pattern.finditer(text, start, end):
        last = match.start()
    return last


class CutAtBoundWarning(UserWarning):
    """A long text without spaces was cut at the bound of its pieces, where a cut can split a word."""


def _warn_cut_at_bound(max_chars: int) -> None:
    warnings.warn(
        f"a long text without spaces was cut at the bound of {max_chars:,} characters (no space, "
        f"sentence end or end of a word in the {max_chars // 2:,} characters before it), which can "
        "split a word; a newline or space every few hundred characters avoids it",
        CutAtBoundWarning,
        stacklevel=user_stacklevel(),
    )


def _next_cut(text: str, start: int, max_chars: int) -> tuple[int, bool]:
    """The end of the piece of ``text`` that starts at ``start``, and whether it is at a :func:`pieces` place.

    False: no such place, the cut is at the bound (moved back before a character that joins the one
    before it).
    """
    patterns = _patterns()
    end = start + max_chars
    half = start + max(1, max_chars // 2)
    for pattern in patterns["cuts"]:
        cut = _last_end(pattern, text, half, end)
        if cut is not None:
            return cut, True
    cut = end
    while cut > half and patterns["joins_back"].match(text, cut):
        cut -= 1
    return cut, False


def pieces(text: str, max_chars: int) -> list[str]:
    """Cut ``text`` into pieces of at most ``max_chars`` characters that join back into ``text``.

    Each piece but the last is at least half the bound: it ends after the last newline in its
    second half, else after the last whitespace following a sentence ender (``.!?`` or a script's
    ender such as 。 or ।), else after the last whitespace, else after the last script sentence
    ender, else after the last ，、；or ：. When that half holds none of these (a text without
    spaces), the piece is cut at the bound, moved back before any combining mark, joiner or Hangul
    vowel or final consonant that would start the next piece: such a cut can split a word, and
    warns (:class:`CutAtBoundWarning`, once per text).

    >>> pieces("one two. three\\nfour five", 12)
    ['one two. ', 'three\\n', 'four five']
    >>> pieces("abcdefghij", 4)
    ['abcd', 'efgh', 'ij']
    >>> pieces("e\\u0301e\\u0301e\\u0301", 4)
    ['e\\u0301e\\u0301', 'e\\u0301']
    """
    if len(text) <= max_chars:
        return [text]
    out, start, warned = [], 0, False
    while len(text) - start > max_chars:
        cut, at_place = _next_cut(text, start, max_chars)
        if not at_place and not warned:
            _warn_cut_at_bound(max_chars)
            warned = True
        out.append(text[start:cut])
        start = cut
    out.append(text[start:])
    return out


def segment_in_pieces_tag(max_chars: int) -> str:
    """How a tokenizer that reads long texts through :func:`segment_in_pieces` names it in its signature."""
    return f"pieces-{max_chars}-at-words"


def segment_in_pieces(segment: Callable[[str], Iterable[str]], text: str, max_chars: int) -> list[str]:
    """``segment``'s words of ``text``, which it reads in pieces of at most ``max_chars`` characters.

    The pieces are those of :func:`pieces`, but where a piece would be cut at the bound (a text
    without spaces), its last word is left to the next piece when ``segment`` ends a word in the
    second half of the piece and that word is the piece's end as written: so the cut falls where
    the segmenter ends a word (ช่วยเหลือ stays whole), and each character is read about once. Where
    it does not (one word longer than half the bound, or words that are not the text as written),
    the cut stays at the bound and warns (:class:`CutAtBoundWarning`, once per text).

    >>> segment_in_pieces(str.split, "ab cd ef", 100)
    ['ab', 'cd', 'ef']
    >>> segment_in_pieces(lambda piece: [piece[i : i + 3] for i in range(0, len(piece), 3)], "abcdefghi", 8)
    ['abc', 'def', 'ghi']
    """
    if len(text) <= max_chars:
        return list(segment(text))
    words: list[str] = []
    start, warned = 0, False
    while len(text) - start > max_chars:
        cut, at_place = _next_cut(text, start, max_chars)
        found = list(segment(text[start:cut]))
        if not at_place:
            last = found[-1] if found else ""
            word_start = cut - len(last)
            if (
                len(found) > 1
                and last
                and word_start - start >= max_chars // 2
                and text.startswith(last, word_start)
            ):
                found.pop()
                cut = word_start
            elif not warned:
                _warn_cut_at_bound(max_chars)
                warned = True
        words += found
        start = cut
    return words + list(segment(text[start:]))


# Where utf8_pieces cuts: after whitespace or a sentence ender.
_UTF8_CUT = re.compile(r"[\s。．！？!?]")


def utf8_pieces(text: str, max_bytes: int) -> Iterator[str]:
    """Cut ``text`` into pieces of at most ``max_bytes`` UTF-8 bytes (SudachiPy's input limit).

    Each cut is after the last whitespace or sentence ender that fits, or anywhere when there is
    none. Linear in the length of ``text``: each step reads a window of at most ``max_bytes``
    characters after the last cut, and only the pieces are encoded to count what is left.

    >>> list(utf8_pieces("ab。cd ef gh", 7))
    ['ab。', 'cd ef ', 'gh']
    """
    left = len(text.encode())
    start = 0
    while left > max_bytes:
        window = text[start : start + max_bytes]  # a character is at least a byte
        head = window.encode()[:max_bytes].decode(errors="ignore")
        cut = _last_end(_UTF8_CUT, head, 0, len(head)) or max(1, len(head))
        piece = text[start : start + cut]
        yield piece
        left -= len(piece.encode())
        start += cut
    yield text[start:]


def segment_in_utf8_pieces(segment: Callable[[str], list[str]], text: str, max_bytes: int) -> list[str]:
    """``segment``'s words of ``text``, which it reads in the pieces of :func:`utf8_pieces`.

    A text of at most a quarter of ``max_bytes`` characters is within the bound (a character takes at
    most 4 bytes): it is read whole, without counting its bytes.

    >>> segment_in_utf8_pieces(str.split, "ab。cd ef gh", 7)
    ['ab。', 'cd', 'ef', 'gh']
    """
    if len(text) <= max_bytes // 4:
        return segment(text)
    return [word for piece in utf8_pieces(text, max_bytes) for word in segment(piece)]


def grapheme_pieces(text: str, max_chars: int) -> list[str]:
    """Cut ``text`` at extended grapheme cluster boundaries into pieces of about ``max_chars`` at most.

    A cut is made only where UAX #29 always breaks whatever comes before or after: between two
    characters of Grapheme_Cluster_Break Other, Control, CR or LF (but CR LF), or inside a run of
    regional indicators after an even number of them from the run's start (flags are pairs). So
    the clusters of the pieces are those of ``text``. Each cut is the last such place within the
    bound that leaves at least half of it in the piece; where there is none, the piece runs on to
    the next one (one long cluster, such as a letter with thousands of marks, is never cut).

    >>> grapheme_pieces("abcdef", 4)
    ['abcd', 'ef']
    >>> grapheme_pieces("a\\u0301\\u0301\\u0301\\u0301bc", 3)
    ['a\\u0301\\u0301\\u0301\\u0301b', 'c']
    >>> [len(piece) for piece in grapheme_pieces("\\U0001F1EF\\U0001F1F5" * 4, 5)]
    [4, 4]
    """
    if len(text) <= max_chars:
        return [text]
    boundary = _patterns()["boundary"]
    out, start = [], 0
    while len(text) - start > max_chars:
        high = start + max_chars
        cut = _last_boundary(text, start, start + max(1, max_chars // 2), high)
        if cut is None:  # none within the bound: the first one after it
            after = boundary.search(text, high + 1)
            cut = _last_boundary(text, start, high + 1, after.start() if after else len(text) - 1)
        if cut is None:
            break
        out.append(text[start:cut])
        start = cut
    out.append(text[start:])
    return out


def _last_boundary(text: str, start: int, low: int, high: int) -> int | None:
    """The last certain cluster boundary ``p`` (``text[:p]`` and ``text[p:]``) with ``low <= p <= high``.

    ``start`` is a cluster boundary at or before ``low``: regional indicators pair up from there.
    """
    patterns = _patterns()
    cut = _last_start(patterns["boundary"], text, low, high + 1)
    for run in patterns["ri_run"].finditer(text, start, high + 1):
        # Indicators pair from the run's start (or from ``start``, where the run is cut off).
        last_even = run.start() + (min(run.end() - 1, high) - run.start()) // 2 * 2
        if last_even >= low and last_even > run.start():
            cut = max(cut or 0, last_even)
    return cut
