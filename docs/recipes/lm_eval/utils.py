"""kurenai_rouge in lm-evaluation-harness: each document's ROUGE in its language, then the mean.

A task YAML in this folder names a language's function and the metrics it returns:

    process_results: !function utils.process_results_am
    metric_list:
      - {metric: rouge1, aggregation: mean, higher_is_better: true}
      ...
      - {metric: signature, aggregation: !function utils.signature, higher_is_better: true}

``process_results_<code>`` scores the model's first answer against the document's ``summary``
with ``language=<code>``; the codes are those of XL-Sum's languages in lm-eval's afrobench, and
``scorer(code)`` makes one for any other language. ``signature`` reports the settings the scores
were made with. The scores are ``kurouge.score``'s, the function the metric's ``compute`` runs: install
the package (``pip install ./kurenai_rouge`` from a clone) where lm-eval runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import kurouge

ROUGE_TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
REFERENCE_FIELD = "summary"  # XL-Sum's field; lm-eval's afrobench xlsum tasks target it too


def scorer(language: str | None, **options: Any) -> Callable[[dict, list[str]], dict[str, Any]]:
    """A ``process_results`` scoring with ``language`` (ISO 639-1) and other ``compute`` options."""

    def process_results(doc: dict, results: list[str]) -> dict[str, Any]:
        scores = kurouge.score(
            [results[0]],
            [doc[REFERENCE_FIELD]],
            rouge_types=ROUGE_TYPES,
            language=language,
            return_signature=True,
            **options,
        )
        return {key: scores[key] for key in [*ROUGE_TYPES, "signature"]}

    process_results.__name__ = f"process_results_{language}"
    return process_results


def signature(signatures: list[str]) -> str:
    """The signature of a task's scores (every document's, if they differ)."""
    return " | ".join(sorted(set(signatures)))


# afrobench's XL-Sum languages; Nigerian Pidgin is scored with the English tokenizer.
process_results_am = scorer("am")  # Amharic
process_results_ar = scorer("ar")  # Arabic
process_results_ha = scorer("ha")  # Hausa
process_results_ig = scorer("ig")  # Igbo
process_results_rn = scorer("rn")  # Kirundi
process_results_om = scorer("om")  # Oromo
process_results_pcm = scorer("en")  # Nigerian Pidgin
process_results_so = scorer("so")  # Somali
process_results_sw = scorer("sw")  # Swahili
process_results_te = scorer("te")  # Telugu
process_results_ti = scorer("ti")  # Tigrinya
process_results_yo = scorer("yo")  # Yoruba
