"""LongBench's ROUGE as lm-evaluation-harness 0.4.13 scores its tasks (lm_eval/tasks/longbench/metrics.py).

The answer is stripped; against each of the document's answers it gets pltrdy's rouge-l F
(``pltrdy``), after jieba's words are joined with spaces on both sides for Chinese (``rouge_zh_score``:
dureader, vcsum), and the document keeps the best, starting from 0. Where pltrdy's tool raises (an
empty side) LongBench's bare ``except`` gives 0, and so does this. LongBench prints F only.
"""

from __future__ import annotations

from kurouge.implementations import pltrdy
from kurouge.implementations.averages import mean_in_order
from kurouge.implementations.distinct import TooLongError
from kurouge.tokenizers.backends import package_versions
from kurouge.tokenizers.segmenters import jieba_tokenizer

VERSION = "lm-eval-0.4.13"
TYPES = {"rougeL": None}
LANGUAGES = ("en", "zh")  # rouge_score and rouge_zh_score
SEVERAL_REFERENCES = True
SCALE = 1
PERCENT = False
PRECISION_RECALL = False
average = mean_in_order  # lm-eval's mean: sum(values) / len(values)


def rouge_l_f(prediction: str, answer: str) -> float:
    """The rouge-l F of pltrdy's tool for one answer, 0.0 where the tool raises (``rouge_score``).

    Texts too long to reproduce (``distinct.TooLongError``) are an error, not a silent 0.
    """
    try:
        return pltrdy.score_pair(prediction, answer, ["rougeL"])["rougeL"][2]
    except TooLongError:
        raise
    except ValueError:
        return 0.0


def jieba_words(text: str) -> str:
    """The words jieba cuts ``text`` into (its default dictionary, not cut_all) joined with spaces."""
    return " ".join(jieba_tokenizer().cut(text, cut_all=False))


def reading(language: str) -> str | None:
    """The segmenter LongBench reads ``language`` with, for the signature (jieba for zh)."""
    return package_versions("jieba")[0] if language == "zh" else None


def score_example(
    prediction: str, answers: list[str], rouge_types: list[str], language: str
) -> dict[str, float]:
    """The document's rouge-l F, the best over ``answers``, under ``rougeL``."""
    prediction = prediction.strip()
    if language == "zh":
        prediction = jieba_words(prediction)
    best = 0.0
    for answer in answers:
        best = max(rouge_l_f(prediction, jieba_words(answer) if language == "zh" else answer), best)
    return {"rougeL": best}
