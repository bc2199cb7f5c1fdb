"""ROUGE-1.5.5 in any script: a tokenizer's tokens as ASCII ids that ROUGE-1.5.5's reading keeps whole.

ROUGE-1.5.5.pl reads bytes and keeps only runs of a-z and 0-9, so Japanese, Chinese, Korean or Thai
text scores nothing. Perl users map each token to an ASCII word by hand before they call the script;
``as_ids`` does it: every distinct token of the texts gets a decimal number ("0", "1", ... in order
of first appearance), one Perl word, which its lower-casing, ``-m`` stemming and ``-s`` stop words
leave as it is, so that Perl's counting, ``-l`` (a word is a token), bootstrap and Average apply to
the tokens unchanged. A text's lines stay its sentences.

>>> as_ids(["東京 に 行く\\n東京"], [["東京 へ"]], str.split)
(['0 1 2\\n0'], [['0 3']])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


class DroppedTextWarning(UserWarning):
    """ROUGE-1.5.5 drops the letters and digits outside ASCII of these texts (without a tokenizer)."""


class IdWriter:
    """Writes sentences and texts with each token replaced by its id, the same id for the same token."""

    def __init__(self, tokenize: Callable[[str], Sequence[str]]) -> None:
        self._tokenize = tokenize
        self._ids: dict[str, str] = {}

    def sentence(self, sentence: str) -> str:
        """The ids of the sentence's tokens, one space between them."""
        ids = self._ids
        return " ".join(ids.setdefault(token, str(len(ids))) for token in self._tokenize(sentence))

    def text(self, text: str) -> str:
        """The text with each line (a sentence) written as its ids."""
        return "\n".join(map(self.sentence, text.split("\n")))


def as_ids(
    predictions: Sequence[str],
    references: Sequence[Sequence[str]],
    tokenize: Callable[[str], Sequence[str]],
) -> tuple[list[str], list[list[str]]]:
    """The texts with each line's tokens replaced by their ids (``IdWriter``), one writer for all."""
    writer = IdWriter(tokenize)
    new_predictions = [writer.text(text) for text in predictions]
    return new_predictions, [[writer.text(text) for text in refs] for refs in references]


def dropped_message(texts: Sequence[str]) -> str | None:
    """What ROUGE-1.5.5 drops of these texts' letters and digits (those outside ASCII), or None."""
    total = dropped = 0
    for text in texts:
        if text.isascii():
            total += sum(map(str.isalnum, text))
            continue
        for character in text:
            if character.isalnum():
                total += 1
                dropped += not character.isascii()
    if not dropped:
        return None
    return (
        f"ROUGE-1.5.5 reads only the letters a-z and the digits 0-9: {dropped:,} of the {total:,} letters "
        f"and digits of these texts ({dropped / total:.1%}) are outside ASCII and count for nothing; "
        "give a language (or a tokenizer) to score its tokens as ids ROUGE-1.5.5 counts (language= in "
        "compute(), --language on the command line)"
    )
