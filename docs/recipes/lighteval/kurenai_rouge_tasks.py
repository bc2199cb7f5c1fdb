"""kurenai_rouge in lighteval: a sample-level ROUGE metric in the document's language, averaged.

``kurenai_rouge_metric(language)`` is a ``SampleLevelMetricGrouping`` (rouge1, rouge2, rougeL,
rougeLsum, each averaged over the documents with ``np.mean``) for any custom task's ``metrics``.
``TASKS_TABLE`` holds XL-Sum summarization tasks scored with it, one per language in ``LANGUAGES``
(the prompt of lm-eval's afrobench XL-Sum task); pass this file as lighteval's custom tasks:

    lighteval accelerate "model_name=..." "kurenai_xlsum_amharic|0" --custom-tasks kurenai_rouge_tasks.py

The scores are ``kurouge.score``'s, the function the metric's ``compute`` runs: install the package
(``pip install ./kurenai_rouge`` from a clone) where lighteval runs. ``signature(language)`` gives the
string that names every setting behind the scores, to log beside them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from lighteval.metrics.metrics_sample import SampleLevelComputation
from lighteval.metrics.utils.metric_utils import SampleLevelMetricGrouping
from lighteval.models.model_output import ModelResponse
from lighteval.tasks.lighteval_task import LightevalTaskConfig
from lighteval.tasks.requests import Doc, SamplingMethod

import kurouge

ROUGE_TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
# XL-Sum's subsets (csebuetnlp/xlsum) by ISO 639-1 code; add any other of XL-Sum's languages.
LANGUAGES = {"am": "amharic", "ti": "tigrinya", "ja": "japanese", "zh": "chinese_simplified", "bn": "bengali"}
PROMPT = "Summarize the document below in triple backticks and return only the summary and nothing else.\n"


class KurenaiRouge(SampleLevelComputation):
    """ROUGE F-measures of a document's first answer against its gold, in ``language``."""

    def __init__(self, language: str | None, **options: Any) -> None:
        self.language = language
        self.options = options

    def compute(self, doc: Doc, model_response: ModelResponse, **kwargs: Any) -> dict[str, float]:
        """The document's rouge1, rouge2, rougeL and rougeLsum."""
        scores = kurouge.score(
            model_response.final_text[:1],
            [doc.get_golds()],
            rouge_types=ROUGE_TYPES,
            language=self.language,
            **self.options,
        )
        return {key: scores[key] for key in ROUGE_TYPES}


def kurenai_rouge_metric(language: str | None, **options: Any) -> SampleLevelMetricGrouping:
    """The metric for a task's ``metrics``: kurenai_rouge with ``language`` and ``compute`` options."""
    return SampleLevelMetricGrouping(
        metric_name=ROUGE_TYPES,
        higher_is_better=dict.fromkeys(ROUGE_TYPES, True),
        category=SamplingMethod.GENERATIVE,
        sample_level_fn=KurenaiRouge(language, **options),
        corpus_level_fn=dict.fromkeys(ROUGE_TYPES, np.mean),
    )


def signature(language: str | None, **options: Any) -> str:
    """The signature of the scores ``kurenai_rouge_metric(language, **options)`` gives."""
    return kurouge.score([""], [""], language=language, return_signature=True, **options)["signature"]


def xlsum_prompt(line: dict, task_name: str) -> Doc:
    """An XL-Sum document as a summarization request, its summary the gold."""
    return Doc(
        task_name=task_name, query=f"{PROMPT}```{line['text']}```\n", choices=[line["summary"]], gold_index=0
    )


def xlsum_task(code: str, subset: str) -> LightevalTaskConfig:
    """The XL-Sum task of one language, scored by kurenai_rouge."""
    return LightevalTaskConfig(
        name=f"kurenai_xlsum_{subset}",
        prompt_function=xlsum_prompt,
        hf_repo="csebuetnlp/xlsum",
        hf_subset=subset,
        metrics=[kurenai_rouge_metric(code)],
        hf_avail_splits=["train", "validation", "test"],
        evaluation_splits=["test"],
        generation_size=128,
        stop_sequence=["</s>"],
    )


TASKS_TABLE = [xlsum_task(code, subset) for code, subset in LANGUAGES.items()]
