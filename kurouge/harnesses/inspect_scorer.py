"""kurenai_rouge as an inspect-ai scorer: a sample's completion against its target(s) in a language.

    from kurouge.harnesses.inspect_scorer import kurenai_rouge

    Task(dataset=..., solver=generate(), scorer=kurenai_rouge(language="am"))

The score's value holds rouge1, rouge2, rougeL and rougeLsum (the best over the targets), each
reported with its mean and standard error; its metadata holds the signature.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.scorer import Score, Scorer, Target, mean, scorer, stderr
from inspect_ai.solver import TaskState

import kurouge

ROUGE_TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


@scorer(metrics={"*": [mean(), stderr()]})
def kurenai_rouge(language: str | None = None, **options: Any) -> Scorer:
    """ROUGE F-measures of the completion in ``language`` (any other ``kurouge.score`` option too)."""

    async def score(state: TaskState, target: Target) -> Score:
        scores = kurouge.score(
            [state.output.completion],
            [list(target.target)],
            rouge_types=ROUGE_TYPES,
            language=language,
            multi_ref="best",
            return_signature=True,
            **options,
        )
        return Score(
            value={key: scores[key] for key in ROUGE_TYPES},
            answer=state.output.completion,
            metadata={"signature": scores["signature"]},
        )

    return score
