"""LLaMA-Factory's ROUGE (``ComputeSimilarity`` in src/llamafactory/train/sft/metric.py).

As llamafactory 0.9.5 ships it (the same code as at hiyouga/LLaMA-Factory commit 158f4cb, and as
ChatGLM's fine-tuning scripts have it): each text is cut by jieba (its default dictionary) and the
words joined by spaces; a side with no word scores 0; otherwise rouge-chinese 1.0.3's F
(``rouge_chinese``), × 100 rounded to 4 decimals. The evaluation prints ``float(np.mean(...))`` of
those values, whatever the language.
"""

from __future__ import annotations

from kurouge.implementations import rouge_chinese
from kurouge.implementations.averages import numpy_mean
from kurouge.tokenizers.backends import package_versions
from kurouge.tokenizers.segmenters import jieba_tokenizer

VERSION = "0.9.5"
TYPES = rouge_chinese.TYPES
LANGUAGES = None
SEVERAL_REFERENCES = False
SCALE = 1
PERCENT = True
PRECISION_RECALL = False
average = numpy_mean


def reading(language: None) -> str:
    """The segmenter LLaMA-Factory cuts every text with, for the signature."""
    return package_versions("jieba")[0]


def score_pair(prediction: str, reference: str, rouge_types: list[str]) -> dict[str, float]:
    """The round(F × 100, 4) of each of ``rouge_types`` for one pair."""
    hypothesis = " ".join(jieba_tokenizer().cut(prediction))
    reference = " ".join(jieba_tokenizer().cut(reference))
    if not hypothesis.split() or not reference.split():
        return dict.fromkeys(rouge_types, 0.0)
    scores = rouge_chinese.score_pair(hypothesis, reference, rouge_types)
    return {rouge_type: round(score[2] * 100, 4) for rouge_type, score in scores.items()}
