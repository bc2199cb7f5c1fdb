"""pltrdy's ``rouge`` 1.0.1 (PyPI ``rouge``): ``Rouge().get_scores``, as LongBench calls it.

A text is cut into sentences at every full stop, and the full stops are deleted (``u.s.`` gives the
sentences ``u`` and ``s``); case and the other punctuation are kept. rouge-1 and rouge-2 count
distinct n-grams (``distinct``). rouge-l is the union LCS of Lin (2004) over *sets*: for each
reference sentence and each predicted sentence one LCS is traced back through the table (the tool's
own tie-breaking), the words of all of them are put in one set, and its size is divided by the
numbers of distinct words of the reference and of the prediction.

The tool traces each LCS back by recursion, so a sentence pair of about a thousand words in all
raises RecursionError there (LongBench then scores the document 0); here it is traced in a loop and
scored.
"""

from __future__ import annotations

from collections.abc import Sequence

from kurouge.implementations import distinct
from kurouge.implementations.averages import mean_in_order
from kurouge.implementations.distinct import Score

VERSION = "1.0.1"
TYPES = distinct.TYPES
LANGUAGES = None
SEVERAL_REFERENCES = False
SCALE = 1
PERCENT = False
PRECISION_RECALL = True
average = mean_in_order


def sentences(text: str) -> list[str]:
    """The sentences pltrdy's ``rouge`` scores of ``text``: its pieces between full stops."""
    return distinct.joined_sentences(text.split("."))


def lcs_words(x: Sequence[str], y: Sequence[str]) -> set[str]:
    """The words of the LCS of ``x`` and ``y`` that ``_recon_lcs`` traces back, as a set."""
    table = distinct.lcs_table(x, y)
    traced, i, j = set(), len(x), len(y)
    while i and j:
        if x[i - 1] == y[j - 1]:
            traced.add(x[i - 1])
            i, j = i - 1, j - 1
        elif table[i - 1][j] > table[i][j - 1]:
            i -= 1
        else:
            j -= 1
    return traced


def rouge_l(hypothesis_sentences: list[str], reference_sentences: list[str]) -> Score:
    """rouge-l by the union of every sentence pair's LCS words (``rouge_l_summary_level``)."""
    union: set[str] = set()
    for reference in reference_sentences:
        reference_words = reference.split(" ")
        for hypothesis in hypothesis_sentences:
            union |= lcs_words(reference_words, hypothesis.split(" "))
    recall = len(union) / len(set(distinct.words(reference_sentences)))
    precision = len(union) / len(set(distinct.words(hypothesis_sentences)))
    return precision, recall, distinct.f_measure(precision, recall)


def score_pair(prediction: str, reference: str, rouge_types: list[str]) -> dict[str, Score]:
    """The (P, R, F) of each of ``rouge_types`` for one pair; ValueError where the tool raises one."""
    return distinct.score_sentences(sentences(prediction), sentences(reference), rouge_types, rouge_l)
