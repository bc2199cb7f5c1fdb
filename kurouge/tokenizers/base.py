"""What every tokenizer shares: the interface the scorer needs, and the base of the segmenting ones.

``Tokenizer`` is the interface (``tokenize`` and ``signature``); ``SegmentingTokenizer`` the base
class of the named tokenizers that segment raw text (``word``, ``cjk``, ``char`` in tokenizers.registry, the
language segmenters in tokenizers.segmenters); ``is_word`` the word test those share (their normalisation,
``nfkc``, is tokenizers.words').
"""

from __future__ import annotations

import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable
from functools import lru_cache
from typing import Protocol

from kurouge.stemmers.registry import Stemmer
from kurouge.tokenizers.invisible import INVISIBLE_TAG, drop_invisible


class Tokenizer(Protocol):
    """What the scorer needs from a tokenizer."""

    signature: str

    def tokenize(self, text: str) -> list[str]:
        """Return the tokens of ``text``."""


def is_word(token: str) -> bool:
    """Whether ``token`` holds a letter or a digit: punctuation, symbols and spaces are not words.

    >>> [is_word(token) for token in ["猫", "3.5", "c++", "。", "「」", " ", ""]]
    [True, True, True, False, False, False, False]
    """
    # str.isalnum holds when every character is a letter or a digit (general category L or N, tested
    # over every code point): it settles most words in C, without hashing them for the cache.
    return token.isalnum() or _holds_letter_or_digit(token)


@lru_cache(maxsize=1 << 16)  # a segmenter's words repeat from text to text
def _holds_letter_or_digit(token: str) -> bool:
    return any(unicodedata.category(char)[0] in "LN" for char in token)


def _in_word(char: str) -> bool:
    """Whether ``char`` is a letter, a digit or a mark: what a word may start or end with."""
    return unicodedata.category(char)[0] in "LNM"


def trim_punctuation(token: str) -> str:
    """``token`` without the punctuation and symbols at its ends, as ``word`` leaves a number or a word.

    What is inside stays (3.5, v2.0); a token of punctuation alone becomes empty.

    >>> [trim_punctuation(token) for token in ["247%", "c++", "(v2.0)", "3.5", "%"]]
    ['247', 'c', 'v2.0', '3.5', '']
    """
    if token[:1].isalnum() and token[-1:].isalnum():
        return token
    start, end = 0, len(token)
    while start < end and not _in_word(token[start]):
        start += 1
    while end > start and not _in_word(token[end - 1]):
        end -= 1
    return token[start:end]


class SegmentingTokenizer(ABC):
    """Base of the named tokenizers for raw text: segment, lower-case, optionally stem.

    A subclass's ``segment`` returns the tokens of the raw text, normalized as
    its docstring says; ``tokenize`` gives it the text without invisible format
    characters (tokenizers.invisible), lower-cases its tokens and, with a ``stemmer``,
    stems them (with ``get_stemmer(None)``, the ASCII alphanumeric ones
    longer than 3 characters, kurenai's rule, so English words inside any text
    are stemmed as the whitespace tokenizer stems them). ``signature`` is
    ``name[versions,invisible-dropped]``. ``unsplit`` names the scripts it cannot split.
    """

    unsplit: tuple[str, ...] = ()

    def __init__(self, name: str, stemmer: Stemmer | None, versions: Iterable[str]) -> None:
        self.stemmer = stemmer
        self.signature = f"{name}[{','.join([*versions, INVISIBLE_TAG])}]"

    @abstractmethod
    def segment(self, text: str) -> list[str]:
        """Return the tokens of ``text`` before lower-casing and stemming."""

    def tokenize(self, text: str) -> list[str]:
        """Return the lower-cased (and, with a ``stemmer``, stemmed) tokens of ``text``."""
        tokens = self.segment(drop_invisible(text))
        # Lower-casing changes no token of a text it leaves as it is (only Σ's depends on its neighbours).
        joined = "".join(tokens)
        if joined.lower() != joined:
            tokens = [token.lower() for token in tokens]
        if self.stemmer:
            return [self.stemmer.stem(token) for token in tokens]
        return tokens
