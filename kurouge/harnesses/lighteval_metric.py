"""kurenai_rouge as a lighteval sample-level metric: ROUGE in the document's language, averaged.

``kurenai_rouge_metric(language)`` is a ``SampleLevelMetricGrouping`` (rouge1, rouge2, rougeL,
rougeLsum, each averaged over the documents with ``np.mean``) for any task's ``metrics``; a document
with several golds scores its best. ``signature(language)`` names every setting behind the scores.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from lighteval.metrics.metrics_sample import SampleLevelComputation
from lighteval.metrics.utils.metric_utils import SampleLevelMetricGrouping
from lighteval.models.model_output import ModelResponse
from lighteval.tasks.requests import Doc, SamplingMethod

import kurouge

ROUGE_TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


class KurenaiRouge(SampleLevelComputation):
    """ROUGE F-measures of a document's first answer against its golds (the best), in ``language``."""

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
            multi_ref="best",
            **self.options,
        )
        return {key: scores[key] for key in ROUGE_TYPES}


def kurenai_rouge_metric(language: str | None, **options: Any) -> SampleLevelMetricGrouping:
    """The metric for a task's ``metrics``: kurenai_rouge with ``language`` and ``score`` options."""
    return SampleLevelMetricGrouping(
        metric_name=ROUGE_TYPES,
        higher_is_better=dict.fromkeys(ROUGE_TYPES, True),
        category=SamplingMethod.GENERATIVE,
        sample_level_fn=KurenaiRouge(language, **options),
        corpus_level_fn=dict.fromkeys(ROUGE_TYPES, np.mean),
    )


def signature(language: str | None, **options: Any) -> str:
    """The signature of the scores ``kurenai_rouge_metric(language, **options)`` gives."""
    return kurouge.score([""], [""], language=language, multi_ref="best", return_signature=True, **options)[
        "signature"
    ]
