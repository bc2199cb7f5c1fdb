"""kurenai_rouge in lm-evaluation-harness: each document's ROUGE in its language, then the mean.

The task YAMLs of this folder name these functions (``process_results: !function utils.<name>``);
``signature`` aggregates the documents' signatures. The scores are ``kurouge.score``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import kurouge

SUMMARY_TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def scorer(
    language: str | None,
    references: Callable[[dict], str | list[str]],
    rouge_types: list[str] = SUMMARY_TYPES,
    **options: Any,
) -> Callable[[dict, list[str]], dict[str, Any]]:
    """A ``process_results``: the answer against ``references(doc)`` (the best of several) in ``language``."""

    def process_results(doc: dict, results: list[str]) -> dict[str, Any]:
        scores = kurouge.score(
            [results[0].strip()],
            [references(doc)],
            rouge_types=rouge_types,
            language=language,
            multi_ref="best",
            return_signature=True,
            **options,
        )
        return {key: scores[key] for key in [*rouge_types, "signature"]}

    return process_results


def signature(signatures: list[str]) -> str:
    """The signature of a task's scores (every document's, if they differ)."""
    return " | ".join(sorted(set(signatures)))


def summary(doc: dict) -> str:
    """XL-Sum's reference (field ``summary``)."""
    return doc["summary"]


def answers(doc: dict) -> list[str]:
    """LongBench's references (field ``answers``): a document scores its best."""
    return list(doc["answers"])


def darija_text(doc: dict) -> str:
    """DarijaBench's summarization prompt, as lm-eval's darija_summarization task writes it."""
    return doc["messages"][0]["content"].replace("لخص هاد المقطع", "لخص هاد المقطع في ٣٠ كلمة")


def darija_summary(doc: dict) -> str:
    """DarijaBench's reference summary."""
    return doc["messages"][1]["content"]


# afrobench's XL-Sum languages; Nigerian Pidgin is scored with the English tokenizer.
process_results_am = scorer("am", summary)  # Amharic
process_results_ar = scorer("ar", summary)  # Arabic
process_results_ha = scorer("ha", summary)  # Hausa
process_results_ig = scorer("ig", summary)  # Igbo
process_results_rn = scorer("rn", summary)  # Kirundi
process_results_om = scorer("om", summary)  # Oromo
process_results_pcm = scorer("en", summary)  # Nigerian Pidgin
process_results_so = scorer("so", summary)  # Somali
process_results_sw = scorer("sw", summary)  # Swahili
process_results_te = scorer("te", summary)  # Telugu
process_results_ti = scorer("ti", summary)  # Tigrinya
process_results_yo = scorer("yo", summary)  # Yoruba
process_results_ja = scorer("ja", summary)  # Japanese XL-Sum
process_results_darija = scorer("ar", darija_summary)  # Moroccan Arabic, Arabic script


def longbench_scorer(language: str) -> Callable[[dict, list[str]], dict[str, Any]]:
    """LongBench's rouge (en) or rouge_zh (zh): kurenai_rouge's ROUGE-L F, best over the answers.

    Beside it, ``longbench_rougeL`` is the number LongBench itself prints (``implementation="longbench"``).
    """
    ours = scorer(language, answers, ["rougeL"])

    def process_results(doc: dict, results: list[str]) -> dict[str, Any]:
        printed = kurouge.score(results[:1], [answers(doc)], implementation="longbench", language=language)
        return {**ours(doc, results), "longbench_rougeL": printed["rougeL"]}

    return process_results


process_results_longbench_en = longbench_scorer("en")
process_results_longbench_zh = longbench_scorer("zh")
