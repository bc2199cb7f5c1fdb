"""The audit: the same outputs scored by every implementation that applies to their language.

Where a paper says only "ROUGE", the number could come from any of these tools, and they disagree
by definition and by defect. ``compare_implementations`` scores one set of outputs under each of
them, side by side on one scale (× 100), with the spread of each rouge type (largest minus smallest),
so a user sees how far a number may sit from a peer's. A tool that cannot score these texts (pltrdy's
rouge and rouge-chinese raise on an empty text) gets its error in place of numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kurouge.api import score
from kurouge.implementations.registry import MODULES, tool_module
from kurouge.inputs import check_inputs
from kurouge.tokenizers.presets import XLSUM_LANGUAGES
from kurouge.tokenizers.registry import check_language

AUDIT_TYPES = ("rouge1", "rouge2", "rougeL")
# ROUGE-1.5.5's flags in the audit: ROUGE-1, ROUGE-2 and ROUGE-L, no stemming, no stop word removal.
ROUGE155_FLAGS = "-n 2 -a"
# Each row's ROUGE-L is the tool's own: ROUGE-1.5.5's is summary-level, compute's rougeLsum key.
ROUGE_L_KEYS = {"ROUGE-1.5.5": "rougeLsum"}


def audit_runs(language: str | None) -> list[tuple[str, dict[str, Any]]]:
    """(name, options of ``kurouge.score``) of every implementation that applies to ``language``.

    First kurenai_rouge itself (its tokenizer for the language), then the tools it reproduces; those
    that read a language (sumeval, LongBench, XL-Sum, ja-mecab) only for the languages they read.
    """
    runs = [("kurenai_rouge", {"language": language, "rouge_types": AUDIT_TYPES})]
    runs.append(("rouge-score", {"implementation": "rouge-score", "rouge_types": AUDIT_TYPES}))
    runs.append(
        ("ROUGE-1.5.5", {"implementation": "ROUGE-1.5.5", "rouge155": ROUGE155_FLAGS, "language": language})
    )
    if language in XLSUM_LANGUAGES:
        runs.append(("xlsum", {"implementation": "xlsum", "language": language, "rouge_types": AUDIT_TYPES}))
    if language == "ja":
        runs.append(("ja-mecab", {"implementation": "ja-mecab", "rouge_types": AUDIT_TYPES}))
    for name in MODULES:
        languages = tool_module(name).LANGUAGES
        if languages is None:
            runs.append((name, {"implementation": name}))
        elif language in languages:
            runs.append((name, {"implementation": name, "language": language}))
    return runs


def compare_implementations(
    predictions: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    *,
    language: str | None = None,
) -> dict[str, Any]:
    """Score the outputs under every implementation that applies to ``language``, side by side.

    Returns ``{"rows": [...], "spread": {...}}``: a row per implementation, in ``audit_runs`` order,
    with its aggregated rouge1, rouge2 and rougeL (the tool's own ROUGE-L) × 100, as LLaMA-Factory
    and OpenCompass print them, and its signature, or its ``error`` where that tool cannot score
    these texts; the spread is each type's largest minus smallest value. Bad input or an unknown
    language is a ValueError.
    """
    check_inputs(predictions, references)
    check_language(language)
    rows = []
    for name, options in audit_runs(language):
        try:
            result = score(predictions, references, return_signature=True, **options)
        except (ValueError, ImportError) as error:
            rows.append({"implementation": name, "error": str(error)})
            continue
        scale = 1 if name in MODULES and tool_module(name).PERCENT else 100
        row = {"implementation": name}
        keys = {t: ROUGE_L_KEYS.get(name, t) if t == "rougeL" else t for t in AUDIT_TYPES}
        row.update({t: result[key] * scale for t, key in keys.items() if key in result})
        row["signature"] = result["signature"]
        rows.append(row)
    spread = {}
    for rouge_type in AUDIT_TYPES:
        values = [row[rouge_type] for row in rows if rouge_type in row]
        spread[rouge_type] = max(values) - min(values) if values else None
    return {"rows": rows, "spread": spread}
