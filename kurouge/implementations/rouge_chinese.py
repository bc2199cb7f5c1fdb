"""rouge-chinese 1.0.3's ``Rouge().get_scores`` (as LLaMA-Factory and OpenCompass call it).

A text is cut into sentences after 。！？? (not before a closing quote), after six full stops and
after two ellipses (``Rouge.cut_sent``), and at newlines. rouge-1 and rouge-2 count distinct n-grams
(``distinct``); rouge-l is the LCS of the two texts' whole word lists (not a union over sentences),
over their word counts. Case and punctuation are kept: the text is already split into words by
spaces (LLaMA-Factory joins jieba's words with spaces first).
"""

from __future__ import annotations

import re

from kurouge.implementations.distinct import Score, f_measure, joined_sentences, lcs_table, rouge_n, words

VERSION = "1.0.3"
TYPES = {"rouge1": 1, "rouge2": 2, "rougeL": None}
_CUTS = (
    (re.compile("([。！？\\?])([^”’])"), r"\1\n\2"),
    (re.compile("(\\.{6})([^”’])"), r"\1\n\2"),
    (re.compile("(\\…{2})([^”’])"), r"\1\n\2"),
    (re.compile("([。！？\\?][”’])([^，。！？\\?])"), r"\1\n\2"),
)


def sentences(text: str) -> list[str]:
    """The sentences rouge-chinese scores of ``text`` (``cut_sent``, then empty pieces dropped)."""
    for pattern, replacement in _CUTS:
        text = pattern.sub(replacement, text)
    return joined_sentences(text.rstrip().split("\n"))


def rouge_l(hypothesis: list[str], reference: list[str]) -> Score:
    """rouge-l of two word lists: their LCS over each one's length (``rouge_l_summary_level``)."""
    llcs = lcs_table(reference, hypothesis)[-1][-1]
    recall, precision = llcs / len(reference), llcs / len(hypothesis)
    return precision, recall, f_measure(precision, recall)


def score_pair(prediction: str, reference: str, rouge_types: list[str]) -> dict[str, Score]:
    """The (P, R, F) of each of ``rouge_types`` for one pair; ValueError where the tool raises one."""
    hypothesis_sentences, reference_sentences = sentences(prediction), sentences(reference)
    if not hypothesis_sentences:
        raise ValueError("Hypothesis is empty.")
    if not reference_sentences:
        raise ValueError("Reference is empty.")
    hypothesis, reference_words = words(hypothesis_sentences), words(reference_sentences)
    return {
        rouge_type: rouge_l(hypothesis, reference_words)
        if TYPES[rouge_type] is None
        else rouge_n(hypothesis, reference_words, TYPES[rouge_type])
        for rouge_type in rouge_types
    }
