"""The Space's "Compare systems" tab: whether systems really differ from a baseline.

The tab scores a baseline and one or more systems on the same references with kurenai_rouge's
``score_examples`` and tests each system against the baseline with the metric's own paired test
(``significance.compare_systems``, what ``compare()`` runs): both means, the difference, its
interval and p-value per rouge type, the resampled differences of one system and type as a
histogram with the interval marked, every example's difference (sortable), and a few high-,
middle- and low-scoring examples to read, as the practitioner's guide suggests. app.py builds the
tab with ``build_tab`` and gives it the request handlers, which read inputs and borrow a metric.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import gradio as gr
import numpy as np
import pandas as pd

from kurouge import api
from kurouge.settings import resolve
from kurouge.space.inputs import quoted
from kurouge.stats import significance

COMPARE_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
# The tab's name of each test of significance.METHODS; the API's default test is offered first.
METHOD_NAMES = {"bootstrap": "paired bootstrap (Koehn 2004)", "permutation": "approximate randomization"}
DEFAULT_METHOD = inspect.signature(api.compare).parameters["method"].default
METHODS = {
    METHOD_NAMES.get(method, method): method
    for method in sorted(significance.METHODS, key=lambda method: method != DEFAULT_METHOD)
}
N_SAMPLES = 10_000
SEED = 0
BASELINE_COLUMN = "baseline"
# The summary's columns a phone leaves out (baseline, system mean, interval: space.tables.tables_css).
NARROW_HIDDEN_COLUMNS = (2, 3, 5)
EXAMPLE_BASELINE = "the cat\na dog ran\nrain\nbirds sing\nwe met\ntrain late"
EXAMPLE_SYSTEM = (
    "the cat sat on the mat\na dog ran in the park\nit rained all day\nbirds sing at dawn\nwe met at noon\n"
    "the train was late"
)
EXAMPLE_REFERENCES = (
    "the cat sat on a mat\nthe dog ran in a park\nit rained all day long\nbirds sang at dawn\n"
    "we met at noon today\nthe train was late again"
)


@dataclass
class Systems:
    """A baseline's and systems' outputs (by name) for the same references."""

    baseline: list[str]
    systems: dict[str, list[str]]
    references: list[str] | list[list[str]]


def systems_from_rows(rows: Sequence[Mapping[str, Any]], name: str) -> Systems:
    """Read uploaded rows: ``reference`` (or reference_1, ...), ``baseline`` and one column per system."""
    columns = list(dict.fromkeys(column for row in rows for column in row if column is not None))
    reference_columns = [c for c in columns if c.lower().startswith("reference")]
    baseline_column = next((c for c in columns if c.lower() == BASELINE_COLUMN), None)
    system_columns = [c for c in columns if c not in reference_columns and c != baseline_column]
    if not reference_columns or baseline_column is None or not system_columns:
        raise gr.Error(
            f"{name} needs a 'reference' column, a 'baseline' column and at least one system column; "
            f"it has: {', '.join(columns)}"
        )

    def text(row: Mapping[str, Any], column: str, number: int) -> str:
        value = row.get(column)
        if not isinstance(value, str):
            raise gr.Error(f"{name} row {number}: {column} must be text, got {quoted(value)}")
        return value

    references = [[text(row, c, n) for c in reference_columns] for n, row in enumerate(rows, 1)]
    return Systems(
        [text(row, baseline_column, n) for n, row in enumerate(rows, 1)],
        {c: [text(row, c, n) for n, row in enumerate(rows, 1)] for c in system_columns},
        [refs[0] for refs in references] if len(reference_columns) == 1 else references,
    )


def per_example_table(systems: Systems, scores: Mapping[str, Mapping[str, list[float]]]) -> pd.DataFrame:
    """One row per example: each system's and the baseline's F per type, and each difference."""
    baseline = scores[BASELINE_COLUMN]
    table = pd.DataFrame({"example": range(1, len(systems.baseline) + 1)})
    for rouge_type in baseline:
        table[f"{rouge_type} baseline"] = baseline[rouge_type]
        for name in systems.systems:
            table[f"{rouge_type} {name}"] = scores[name][rouge_type]
            table[f"{rouge_type} {name} − baseline"] = np.subtract(
                scores[name][rouge_type], baseline[rouge_type]
            )
    return table.round(4)


def summary_table(
    result: Mapping[str, float],
    names: Sequence[str],
    rouge_types: Sequence[str],
    alpha: float,
    correction: bool,
) -> pd.DataFrame:
    """One row per system and rouge type: means, difference, interval, p-value and the verdict."""
    rows = []
    for name in names:
        for rouge_type in rouge_types:
            key = f"{name}/{rouge_type}"
            p = result[f"{key}_p_value_holm" if correction else f"{key}_p_value"]
            rows.append(
                {
                    "system": name,
                    "rouge type": rouge_type,
                    "baseline": f"{result[f'{rouge_type}_baseline']:.4f}",
                    "system mean": f"{result[key]:.4f}",
                    "difference": f"{result[f'{key}_difference']:+.4f}",
                    "interval": "[{:+.4f}, {:+.4f}]".format(
                        result[f"{key}_difference_low"], result[f"{key}_difference_high"]
                    ),
                    "p-value" + (" (Holm)" if correction else ""): f"{p:.4f}",
                    "verdict": (f"differs (p < {alpha:g})" if p < alpha else "no evidence of a difference"),
                }
            )
    return pd.DataFrame(rows)


HISTOGRAM_COLORS = {"inside the interval": "#c0283c", "outside": "#8a8f98"}
"""One colour per bar meaning in the histogram, the same in every run (as the Score chart's)."""


def resampled_histogram(
    differences: Sequence[float], confidence_level: float, bins: int = 30
) -> pd.DataFrame:
    """The bootstrap distribution of the mean difference in bins, marked inside or outside the interval."""
    resampled = significance.resampled_means(
        np.asarray(differences, dtype=np.float64)[:, None], "bootstrap", N_SAMPLES, SEED
    )[:, 0]
    alpha = (1 - confidence_level) / 2
    low, high = np.quantile(resampled, [alpha, 1 - alpha])
    counts, edges = np.histogram(resampled, bins=bins)
    centers = (edges[:-1] + edges[1:]) / 2
    return pd.DataFrame(
        {
            "mean difference": np.round(centers, 4),
            "resamples": counts,
            "where": np.where((centers >= low) & (centers <= high), "inside the interval", "outside"),
        }
    )


def examples_to_read(
    systems: Systems,
    scores: Mapping[str, Mapping[str, list[float]]],
    name: str,
    rouge_type: str,
    count: int = 3,
) -> pd.DataFrame:
    """Up to ``count`` examples each where ``name`` scores highest, in the middle, lowest on ``rouge_type``.

    The bands never share an example: with fewer than ``3 * count`` examples each band has a third of
    them (at least one high and one low), the middle band what is left in the middle.
    """
    system_scores = np.asarray(scores[name][rouge_type])
    order = list(np.argsort(-system_scores, kind="stable"))
    size = len(order)
    edge = min(count, max(1, size // 3))
    high, low = order[:edge], order[max(edge, size - edge) :]
    rest = order[edge : max(edge, size - edge)]
    middle_count = min(count, len(rest))
    start = (len(rest) - middle_count) // 2
    middle = rest[start : start + middle_count]
    picks = [("high", i) for i in high] + [("middle", i) for i in middle] + [("low", i) for i in low[::-1]]
    rows = []
    for band, index in picks:
        references = systems.references[index]
        rows.append(
            {
                "band": band,
                "example": int(index) + 1,
                f"{name} {rouge_type}": round(float(system_scores[index]), 4),
                f"baseline {rouge_type}": round(float(scores[BASELINE_COLUMN][rouge_type][index]), 4),
                name: systems.systems[name][index],
                "baseline": systems.baseline[index],
                "reference": references if isinstance(references, str) else " | ".join(references),
            }
        )
    return pd.DataFrame(rows)


Columns = dict[str, dict[str, list[float]]]


def compare(
    systems: Systems,
    rouge_types: Sequence[str],
    method: str,
    correction: bool,
    confidence_level: float,
    tokenizer: Any = None,
    language: str | None = None,
) -> tuple[dict[str, Any], Columns]:
    """The test's flat result (with its signature) and every per-example F column, each text scored once.

    ``tokenizer`` and ``language`` are compute's. The numbers are those of
    ``api.compare(...)`` (the metric's ``compare``) on the same inputs; the signature is the one
    ``api.compare`` would give, made from the same options without scoring the texts again.
    """
    scoring = {"rouge_types": list(rouge_types), "tokenizer": tokenizer, "language": language}
    scores = {
        BASELINE_COLUMN: api.score(systems.baseline, systems.references, use_aggregator=False, **scoring)
    }
    for name, outputs in systems.systems.items():
        if outputs == systems.baseline:
            raise gr.Error(f"system {name!r} is identical to the baseline: there is no difference to test")
        scores[name] = api.score(outputs, systems.references, use_aggregator=False, **scoring)
    options = {
        "method": METHODS[method],
        "n_samples": N_SAMPLES,
        "confidence_level": confidence_level,
        "seed": SEED,
        "correction": "holm" if correction else None,
    }
    if len(systems.baseline) < 2:
        raise gr.Error("a comparison needs at least two examples")
    result: dict[str, Any] = significance.compare_systems(
        scores[BASELINE_COLUMN], {name: scores[name] for name in systems.systems}, prefixed=True, **options
    )
    api.warn_if_few_examples(len(systems.baseline), confidence_level)
    settings = resolve(tokenizer=tokenizer, language=language, quiet=True)
    result["signature"] = api.compare_signature(settings, **options)
    return result, scores
