"""Tokenizers chosen by name, and sentence splitting for rougeLsum.

Each tokenizer is an object with ``tokenize(text) -> list[str]`` (the interface
rouge-score and kurenai accept) and a ``signature`` string naming everything
about it that can change a score. Backends are imported lazily, inside the
factory that needs them, so that a missing optional package only matters when
its tokenizer is chosen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Protocol

_SPACES_RE = re.compile(r"\s+")
_STEMMABLE_RE = re.compile(r"^[a-z0-9]+$")


class Tokenizer(Protocol):
    """What the scorer needs from a tokenizer."""

    signature: str

    def tokenize(self, text: str) -> list[str]:
        """Return the tokens of ``text``."""


@lru_cache(maxsize=1)
def _porter() -> Any:
    from nltk.stem import porter

    return porter.PorterStemmer()


@lru_cache(maxsize=65536)
def _stem(token: str) -> str:
    """Porter-stem an ASCII alphanumeric token longer than 3 characters.

    This is kurenai's rule: every other token (non-ASCII, punctuated, short)
    is returned unchanged.
    """
    if len(token) > 3 and _STEMMABLE_RE.match(token):
        return str(_porter().stem(token))
    return token


class WhitespaceTokenizer:
    """kurenai's tokenizer without its empty-token defect.

    Lower-cases, splits on runs of whitespace, keeps every character and, with
    ``use_stemmer``, Porter-stems ASCII alphanumeric tokens longer than 3
    characters. Unlike kurenai 0.1.0 it never yields an empty token, so leading
    or trailing whitespace and "\\r\\n" do not change a score.

    >>> WhitespaceTokenizer().tokenize("  いぬ ねこ\\r\\n")
    ['いぬ', 'ねこ']
    >>> WhitespaceTokenizer(use_stemmer=True).tokenize("The dogs are running")
    ['the', 'dog', 'are', 'run']
    """

    def __init__(self, use_stemmer: bool = False) -> None:
        self.use_stemmer = use_stemmer
        self.signature = "whitespace"

    def tokenize(self, text: str) -> list[str]:
        """Return the whitespace-separated, lower-cased tokens of ``text``."""
        tokens = [t for t in _SPACES_RE.split(text.lower()) if t]
        if self.use_stemmer:
            return [_stem(t) for t in tokens]
        return tokens


class RougeScoreTokenizer:
    """rouge-score's own ``DefaultTokenizer``: ASCII letters and digits only.

    Gives the stock ``rouge`` metric's tokens, for numbers comparable with
    published English results. Every other character is deleted.
    """

    def __init__(self, use_stemmer: bool = False) -> None:
        from rouge_score.tokenizers import DefaultTokenizer

        self._tokenizer = DefaultTokenizer(use_stemmer)
        self.signature = "rouge-score"

    def tokenize(self, text: str) -> list[str]:
        """Return rouge-score's tokens of ``text``."""
        return self._tokenizer.tokenize(text)


class CallableTokenizer:
    """Adapts a ``str -> list[str]`` callable, as the stock metric accepts."""

    def __init__(self, function: Callable[[str], list[str]]) -> None:
        self._function = function
        self.signature = "custom"

    def tokenize(self, text: str) -> list[str]:
        """Return ``function(text)``."""
        return self._function(text)


class ObjectTokenizer:
    """Adapts an object with ``tokenize(text)``, such as a rouge-score ``Tokenizer``."""

    def __init__(self, tokenizer: Any) -> None:
        self._tokenizer = tokenizer
        self.signature = "custom"

    def tokenize(self, text: str) -> list[str]:
        """Return ``tokenizer.tokenize(text)``."""
        return self._tokenizer.tokenize(text)


TOKENIZERS: dict[str, Callable[[bool], Tokenizer]] = {
    "whitespace": WhitespaceTokenizer,
    "rouge-score": RougeScoreTokenizer,
}


def get_tokenizer(spec: Any, use_stemmer: bool = False) -> Tokenizer:
    """Resolve the ``tokenizer`` compute argument.

    ``None`` is the whitespace tokenizer; a string is a registered name; a
    callable ``str -> list[str]`` or an object with ``tokenize`` is used as it
    is (and ``use_stemmer`` does not apply to it, as in rouge-score).

    >>> get_tokenizer("whitespace").tokenize("A b")
    ['a', 'b']
    >>> get_tokenizer("klingon")
    Traceback (most recent call last):
    ...
    ValueError: unknown tokenizer 'klingon'; choose one of: whitespace, rouge-score
    """
    if spec is None:
        spec = "whitespace"
    if isinstance(spec, str):
        if spec not in TOKENIZERS:
            raise ValueError(f"unknown tokenizer {spec!r}; choose one of: {', '.join(TOKENIZERS)}")
        return TOKENIZERS[spec](use_stemmer)
    if hasattr(spec, "tokenize"):
        return ObjectTokenizer(spec)
    if callable(spec):
        return CallableTokenizer(spec)
    raise ValueError(
        f"tokenizer must be None, a name ({', '.join(TOKENIZERS)}), a callable str -> list[str] "
        f"or an object with a tokenize(text) method; got {type(spec).__name__}"
    )


def split_sentences(text: str, split_summaries: bool = False) -> list[str]:
    """Split ``text`` into the sentences rougeLsum compares.

    With ``split_summaries=False`` sentences are the non-empty lines, as in
    rouge-score and the stock metric.

    >>> split_sentences("今日 は 晴れ\\n\\n明日 は 雨")
    ['今日 は 晴れ', '明日 は 雨']
    """
    if split_summaries:
        raise NotImplementedError("split_summaries=True is not available yet")
    return [line for line in text.split("\n") if line]
