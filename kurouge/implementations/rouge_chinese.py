"""rouge-chinese 1.0.3's ``Rouge().get_scores`` (as LLaMA-Factory and OpenCompass call it).

A text is cut into sentences after 。！？? (not before a closing quote), after six full stops and
after two ellipses (``Rouge.cut_sent``), and at newlines. rouge-1 and rouge-2 count distinct n-grams
(``distinct``); rouge-l is the LCS of the two texts' whole word lists (not a union over sentences),
over their word counts. Case and punctuation are kept: the text is already split into words by
spaces (LLaMA-Factory joins jieba's words with spaces first).
"""

from __future__ import annotations

import re

from kurouge.implementations import distinct
from kurouge.implementations.averages import mean_in_order
from kurouge.implementations.distinct import Score

VERSION = "1.0.3"
TYPES = distinct.TYPES
LANGUAGES = None
SEVERAL_REFERENCES = False
SCALE = 1
PERCENT = False
PRECISION_RECALL = True
average = mean_in_order
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
    return distinct.joined_sentences(text.rstrip().split("\n"))


def rouge_l(hypothesis: list[str], reference: list[str]) -> Score:
    """rouge-l of two texts' sentences: the LCS of their whole word lists over each one's length."""
    hypothesis_words, reference_words = distinct.words(hypothesis), distinct.words(reference)
    llcs = distinct.lcs_table(reference_words, hypothesis_words)[-1][-1]
    recall, precision = llcs / len(reference_words), llcs / len(hypothesis_words)
    return precision, recall, distinct.f_measure(precision, recall)


def score_pair(prediction: str, reference: str, rouge_types: list[str]) -> dict[str, Score]:
    """The (P, R, F) of each of ``rouge_types`` for one pair; ValueError where the tool raises one."""
    return distinct.score_sentences(sentences(prediction), sentences(reference), rouge_types, rouge_l)
