"""A text as ROUGE-1.5.5.pl reads it: its sentences (lines), length limits, tokens, stopwords, stems.

Perl reads bytes: the text is its UTF-8 encoding, each line (``\\n``) a
sentence, empty lines skipped, A-Z lower-cased (nothing else). ``-l N``
keeps the first N whitespace-separated words (punctuation counts), ``-b N``
the first N bytes; the n-gram reader (``readText``) carries the count over
lines, the ROUGE-L/W reader (``readText_LCS``) carries the word count but not
the byte count (each line is cut at N bytes on its own, the first line of N
bytes or more is the last). A token is then a run of ``[a-z0-9]``: every other
byte (hyphens, ``$``, punctuation, every byte of a non-ASCII character)
separates tokens. ``-s`` drops ROUGE's stopwords, ``-m`` stems
(``rouge155.stem.morph_stem``).

>>> reader = Reader(word_limit=0, byte_limit=0, remove_stopwords=False, stem=None)
>>> sentences, _ = reader.read(["State-of-the-art: $3.5M\\n\\nKELVIN \\u212a, \\u0130stanbul"])
>>> [reader.names[token] for token in sentences.ids], sentences.starts.tolist()
(['state', 'of', 'the', 'art', '3', '5m', 'kelvin', 'stanbul'], [0, 6, 6, 8])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from kurouge.rouge155.stopwords import STOPWORDS

# Tokens are the runs of a-z and 0-9 left when every other byte (A-Z lower-cased first) is a space;
# a line break becomes "|", a word of its own.
TOKEN_BYTES = b"abcdefghijklmnopqrstuvwxyz0123456789"
SEPARATORS = bytes(b if b in TOKEN_BYTES else ord("|") if b == ord("\n") else ord(" ") for b in range(256))
BREAK, DROPPED = -1, -2  # the ids of a line's end and of a stopword
PERL_WHITESPACE = re.compile(r"\s+", re.ASCII)  # Perl's \s on bytes: space, \t, \n, \v, \f, \r


def perl_lines(text: str) -> list[str]:
    """The non-empty lines of the text's UTF-8 bytes, A-Z lower-cased, one character per byte."""
    return [line for line in text.encode("utf-8").lower().decode("latin-1").split("\n") if line]


def perl_split(line: str) -> list[str]:
    """Perl's ``split(/\\s+/, $line)``: a leading empty field is kept, trailing ones are dropped."""
    words = PERL_WHITESPACE.split(line)
    while words and not words[-1]:
        words.pop()
    return words


def cut_words(lines: list[str], limit: int) -> list[str]:
    """The lines up to ``limit`` words (both readers): the line where the limit falls is cut there."""
    kept: list[str] = []
    total = 0
    for line in lines:
        words = perl_split(line)
        if total + len(words) < limit:
            kept.append(line)
            total += len(words)
        else:
            kept.append(" ".join(words[: limit - total]))
            break
    return kept


def cut_bytes(lines: list[str], limit: int) -> list[str]:
    """The lines up to ``limit`` bytes as ``readText`` cuts them (the count carries over lines)."""
    kept: list[str] = []
    total = 0
    for line in lines:
        if total + len(line) < limit:
            kept.append(line)
            total += len(line)
        else:
            kept.append(line[: limit - total])
            break
    return kept


def cut_bytes_per_line(lines: list[str], limit: int) -> list[str]:
    """The lines as ``readText_LCS`` cuts them at ``limit`` bytes: each on its own, up to the first cut."""
    kept: list[str] = []
    for line in lines:
        if len(line) < limit:
            kept.append(line)
        else:
            kept.append(line[:limit])
            break
    return kept


@dataclass
class Tokens:
    """Token ids of many texts in a row.

    Sentence s is ``ids[starts[s]:starts[s + 1]]``, text t is sentences
    ``texts[t]`` to ``texts[t + 1]``.
    """

    ids: np.ndarray
    starts: np.ndarray
    texts: np.ndarray


class Reader:
    """Reads texts into token ids for one set of flags (``names[id]`` is the token)."""

    def __init__(
        self, word_limit: int, byte_limit: int, remove_stopwords: bool, stem: Callable[[str], str] | None
    ) -> None:
        self.word_limit = word_limit
        self.byte_limit = byte_limit
        self.remove_stopwords = remove_stopwords
        self.stem = stem
        self.names: list[str] = []
        self._ids: dict[str, int] = {}  # token -> id
        self._id_of: dict[bytes, int] = {b"|": BREAK}  # word -> its token's id, DROPPED for a stopword

    def read(self, texts: Sequence[str]) -> tuple[Tokens, Tokens]:
        """The texts as ``readText_LCS`` and as ``readText`` read them (the same object without ``-b``).

        The first gives ROUGE-L and ROUGE-W their sentences, the second the
        n-grams, skip-bigrams and ROUGE-L/W's clipping counts.
        """
        if not (self.word_limit or self.byte_limit):
            # Every line a sentence: the empty ones Perl skips have no tokens, which changes no score.
            joined = "\n".join(texts).encode("utf-8").lower()
            sentences = self._tokens(joined, [text.count("\n") + 1 for text in texts])
            return sentences, sentences
        lines = [perl_lines(text) for text in texts]
        if self.word_limit:
            lines = [cut_words(text, self.word_limit) for text in lines]
            sentences = self._tokens_of_lines(lines)
            return sentences, sentences
        sentences = self._tokens_of_lines([cut_bytes_per_line(text, self.byte_limit) for text in lines])
        return sentences, self._tokens_of_lines([cut_bytes(text, self.byte_limit) for text in lines])

    def _tokens_of_lines(self, texts: list[list[str]]) -> Tokens:
        joined = "\n".join(line for text in texts for line in text).encode("latin-1")
        return self._tokens(joined, [len(text) for text in texts])

    def _tokens(self, joined: bytes, sentence_counts: list[int]) -> Tokens:
        """Tokenize all lines at once (joined by line breaks, lower-cased): one id lookup per word."""
        words = joined.translate(SEPARATORS).replace(b"|", b" | ").split()
        for word in set(words).difference(self._id_of):
            self._id_of[word] = self._id(word.decode("ascii"))
        ids = np.fromiter(map(self._id_of.__getitem__, words), np.int64, len(words))
        sentence_of = np.cumsum(ids == BREAK)[ids >= 0]
        text_starts = np.concatenate([[0], np.cumsum(sentence_counts, dtype=np.int64)])
        starts = np.searchsorted(sentence_of, np.arange(text_starts[-1] + 1))
        return Tokens(ids[ids >= 0], starts, text_starts)

    def _id(self, word: str) -> int:
        if self.remove_stopwords and word in STOPWORDS:
            return DROPPED
        token = self.stem(word) if self.stem is not None else word
        if token not in self._ids:
            self._ids[token] = len(self.names)
            self.names.append(token)
        return self._ids[token]
