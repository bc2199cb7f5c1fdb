"""OpenCompass's ``JiebaRougeEvaluator`` (in opencompass/openicl/icl_evaluator/).

As opencompass 0.5.4 ships it (the same code as at open-compass/opencompass commit a5acc4bb):
each text goes through ``general_postprocess`` (cut at its first newline, ``.`` or ``,``; every
character neither a word character nor whitespace deleted; the English articles a, an, the
deleted; whitespace runs made one space), then jieba's words are joined by spaces; an empty
prediction becomes ``__PREDPLACEHOLDER__`` and an empty reference ``__REFRPLACEHOLDER__`` (so they
score 0); rouge-chinese 1.0.3's ``get_scores(avg=True)`` averages F over the examples, and
OpenCompass prints it × 100 (per example, this gives each F × 100).
"""

from __future__ import annotations

import re

from kurouge.implementations import rouge_chinese
from kurouge.implementations.averages import mean_in_order
from kurouge.tokenizers.backends import package_versions
from kurouge.tokenizers.segmenters import jieba_tokenizer

VERSION = "0.5.4"
TYPES = rouge_chinese.TYPES
LANGUAGES = None
SEVERAL_REFERENCES = False
SCALE = 100  # OpenCompass prints rouge-chinese's average F × 100
PERCENT = True
PRECISION_RECALL = False
average = mean_in_order  # rouge-chinese's get_scores(avg=True)


def reading(language: None) -> str:
    """The segmenter OpenCompass cuts every text with, for the signature."""
    return package_versions("jieba")[0]


def general_postprocess(text: str) -> str:
    """OpenCompass's ``general_postprocess``: the first clause, without punctuation or articles."""
    first = re.split(r"[\n.,]", text, maxsplit=1)[0]
    no_punctuation = re.sub(r"[^\w\s]", "", first)
    no_articles = re.sub(r"\b(a|an|the)\b", "", no_punctuation, flags=re.IGNORECASE)
    return re.sub(r"\s+", " ", no_articles).strip()


def score_pair(prediction: str, reference: str, rouge_types: list[str]) -> dict[str, float]:
    """The F of each of ``rouge_types`` for one pair, as OpenCompass reads it (before its × 100)."""
    hypothesis = " ".join(jieba_tokenizer().cut(general_postprocess(prediction))) or "__PREDPLACEHOLDER__"
    reference = " ".join(jieba_tokenizer().cut(general_postprocess(reference))) or "__REFRPLACEHOLDER__"
    scores = rouge_chinese.score_pair(hypothesis, reference, rouge_types)
    return {rouge_type: score[2] for rouge_type, score in scores.items()}
