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
(``rouge155_stem.morph_stem``).

>>> reader = Reader(word_limit=0, byte_limit=0, remove_stopwords=False, stem=None)
>>> sentences = reader.sentences("State-of-the-art: $3.5M\\n\\nKELVIN \\u212a, \\u0130stanbul")
>>> [[reader.names[token] for token in sentence] for sentence in sentences]
[['state', 'of', 'the', 'art', '3', '5m'], ['kelvin', 'stanbul']]
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rouge155_stopwords import STOPWORDS

TOKEN = re.compile("[a-z0-9]+")
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


class Reader:
    """Reads texts into token ids for one set of flags (``names[id]`` is the token), remembering words."""

    def __init__(
        self, word_limit: int, byte_limit: int, remove_stopwords: bool, stem: Callable[[str], str] | None
    ) -> None:
        self.word_limit = word_limit
        self.byte_limit = byte_limit
        self.remove_stopwords = remove_stopwords
        self.stem = stem
        self.names: list[str] = []
        self._ids: dict[str, int] = {}  # token -> id
        self._id_of: dict[str, int | None] = {}  # word -> its token's id, None when dropped

    def _id(self, word: str) -> int | None:
        if self.remove_stopwords and word in STOPWORDS:
            token_id = None
        else:
            token = self.stem(word) if self.stem is not None else word
            token_id = self._ids.setdefault(token, len(self._ids))
            if token_id == len(self.names):
                self.names.append(token)
        self._id_of[word] = token_id
        return token_id

    def tokenize(self, line: str) -> list[int]:
        """The token ids of one (lower-cased) line."""
        known = self._id_of
        ids = [known[word] if word in known else self._id(word) for word in TOKEN.findall(line)]
        return [token_id for token_id in ids if token_id is not None]

    def sentences(self, text: str) -> list[list[int]]:
        """The token ids of each sentence as ``readText_LCS`` reads them (ROUGE-L and ROUGE-W)."""
        lines = perl_lines(text)
        if self.word_limit:
            lines = cut_words(lines, self.word_limit)
        elif self.byte_limit:
            lines = cut_bytes_per_line(lines, self.byte_limit)
        return [self.tokenize(line) for line in lines]

    def tokens(self, text: str, sentences: list[list[int]]) -> list[int]:
        """The token ids as ``readText`` reads them (n-grams, skip-bigrams, ROUGE-L/W's clipping counts).

        Without ``-b`` these are the ids of ``sentences`` (the text's own
        ``sentences()``) in a row.
        """
        if not self.byte_limit:
            return [token_id for sentence in sentences for token_id in sentence]
        lines = cut_bytes(perl_lines(text), self.byte_limit)
        return [token_id for line in lines for token_id in self.tokenize(line)]
