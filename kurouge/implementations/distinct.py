"""The n-gram arithmetic of pltrdy's ``rouge`` and its fork ``rouge-chinese``.

Both count *distinct* n-grams (a set, not clipped counts), over the words of every sentence of a
text one after the other (so an n-gram may span two sentences), and add 1e-8 to the F-measure's
denominator. A word is what ``str.split(" ")`` gives of a sentence whose whitespace runs were
joined into single spaces, so a sentence of spaces only is one empty word.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Score = tuple[float, float, float]  # (precision, recall, F)
# Both tools' types under compute's keys: the n of each n-gram type; rougeL has its own rule.
TYPES = {"rouge1": 1, "rouge2": 2, "rougeL": None}


def words(sentences: Sequence[str]) -> list[str]:
    """The words of ``sentences``, one sentence after the other (``_split_into_words``)."""
    return [word for sentence in sentences for word in sentence.split(" ")]


def joined_sentences(pieces: Sequence[str]) -> list[str]:
    """Each non-empty piece with its whitespace runs joined into single spaces (as both tools do)."""
    return [" ".join(piece.split()) for piece in pieces if len(piece) > 0]


def f_measure(precision: float, recall: float) -> float:
    """``2 * ((P * R) / (P + R + 1e-8))``, in the tools' order of operations."""
    return 2.0 * ((precision * recall) / (precision + recall + 1e-8))


def rouge_n(hypothesis: Sequence[str], reference: Sequence[str], n: int) -> Score:
    """ROUGE-N of two word lists by distinct n-grams (``rouge_n`` with ``exclusive=True``)."""
    hypothesis_grams = {tuple(hypothesis[i : i + n]) for i in range(len(hypothesis) - n + 1)}
    reference_grams = {tuple(reference[i : i + n]) for i in range(len(reference) - n + 1)}
    overlap = len(hypothesis_grams & reference_grams)
    precision = overlap / len(hypothesis_grams) if hypothesis_grams else 0.0
    recall = overlap / len(reference_grams) if reference_grams else 0.0
    return precision, recall, f_measure(precision, recall)


class TooLongError(ValueError):
    """Texts whose LCS table these tools would build in Python is larger than ``MAX_LCS_CELLS``."""


# The largest LCS table built (about 80 MB and a few seconds in Python; 3,000 words against 3,000).
# The tools build it too, with no bound: a megabyte of text runs out of memory or for hours there.
MAX_LCS_CELLS = 10_000_000


def lcs_table(x: Sequence[str], y: Sequence[str]) -> list[list[int]]:
    """The LCS lengths of every prefix pair of ``x`` and ``y`` (``_lcs``), row by row.

    A ``TooLongError`` where the table would have more than ``MAX_LCS_CELLS`` cells.
    """
    if len(x) * len(y) > MAX_LCS_CELLS:
        raise TooLongError(
            f"its rouge-l compares {len(x):,} words with {len(y):,}: a table of {len(x) * len(y):,} "
            f"cells, more than the {MAX_LCS_CELLS:,} this reproduction builds (the tool itself would "
            "run out of memory or time); score shorter texts, or use kurenai_rouge's own scoring"
        )
    table = [[0] * (len(y) + 1)]
    for i in range(1, len(x) + 1):
        above, row = table[-1], [0]
        for j in range(1, len(y) + 1):
            row.append(above[j - 1] + 1 if x[i - 1] == y[j - 1] else max(above[j], row[j - 1]))
        table.append(row)
    return table


def score_sentences(
    hypothesis: list[str],
    reference: list[str],
    rouge_types: Sequence[str],
    rouge_l: Callable[[list[str], list[str]], Score],
) -> dict[str, Score]:
    """The (P, R, F) of each of ``rouge_types`` for two texts' sentences (``Rouge._get_scores``).

    ``rouge_l`` is the tool's rule for rougeL, given the sentences. A text without sentences is the
    ValueError the tool raises.
    """
    if not hypothesis:
        raise ValueError("Hypothesis is empty.")
    if not reference:
        raise ValueError("Reference is empty.")
    hypothesis_words, reference_words = words(hypothesis), words(reference)
    return {
        rouge_type: rouge_l(hypothesis, reference)
        if TYPES[rouge_type] is None
        else rouge_n(hypothesis_words, reference_words, TYPES[rouge_type])
        for rouge_type in rouge_types
    }
