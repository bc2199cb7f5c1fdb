"""Reducing scores: over references, over examples, and bootstrap intervals."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from kurouge.inputs import check_resampling
from kurouge.stats.quantiles import stream_quantiles

Score = tuple[float, float, float]
MULTI_REF_MODES = ("best", "avg")
# The bootstrap draws about this many resample indices at a time (16 MiB of int32).
BLOCK_INDICES = 1 << 22
# More resamples than this would take hours on a large corpus and change no reported digit.
MAX_SAMPLES = 1_000_000


def reduce_references(per_reference: Sequence[dict[str, Score]], mode: str) -> dict[str, Score]:
    """Combine one prediction's scores against several references.

    ``"best"`` keeps, per rouge type, the reference with the highest F, the
    first on ties (rouge-score's ``score_multi``). ``"avg"`` averages
    precision, recall and F over the references. With one reference, its
    scores are returned as they are (the same dict).

    >>> reduce_references([{"rouge1": (0.5, 0.5, 0.5)}, {"rouge1": (1.0, 0.5, 0.6)}], "best")
    {'rouge1': (1.0, 0.5, 0.6)}
    >>> reduce_references([{"rouge1": (0.5, 0.5, 0.5)}, {"rouge1": (1.0, 0.5, 0.6)}], "avg")
    {'rouge1': (0.75, 0.5, 0.55)}
    """
    if len(per_reference) == 1:
        return per_reference[0]
    if mode == "best":
        return {
            key: max((scores[key] for scores in per_reference), key=lambda score: score[2])
            for key in per_reference[0]
        }
    count = len(per_reference)
    return {
        key: tuple(sum(scores[key][k] for scores in per_reference) / count for k in range(3))
        for key in per_reference[0]
    }


def mean(values: Sequence[float]) -> float:
    """Arithmetic mean with a correctly rounded sum, as a plain Python float.

    >>> mean([0.1] * 10)
    0.1
    """
    return math.fsum(values) / len(values)


def bootstrap_interval(
    values: np.ndarray, n_samples: int, confidence_level: float, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    """Percentile bootstrap interval of the mean of each column of ``values``.

    ``values`` has one row per example. The same examples are resampled for
    every column, from a generator of its own seeded with ``seed``: numpy's
    global random state is neither used nor changed. Resamples are drawn in
    blocks of about ``BLOCK_INDICES`` indices, so memory does not grow with
    rows x ``n_samples``; the numbers are those of drawing them all at once. The quantiles are
    streamed (``stats.quantiles``): the resamples are drawn again for a second pass instead of
    holding ``n_samples`` means per column.

    >>> low, high = bootstrap_interval(np.array([[0.0], [1.0]]), 100, 0.95, seed=0)
    >>> bool(0.0 <= low[0] <= 0.5 <= high[0] <= 1.0)
    True
    """
    rows = values.shape[0]
    per_block = max(1, BLOCK_INDICES // rows)

    def blocks():
        rng = np.random.default_rng(seed)
        for start in range(0, n_samples, per_block):
            indices = rng.integers(0, rows, size=(min(per_block, n_samples - start), rows), dtype=np.int32)
            yield np.stack([column[indices].mean(axis=1) for column in values.T], axis=1)

    alpha = (1.0 - confidence_level) / 2.0
    spread = 6.0 * values.std(axis=0) / math.sqrt(rows)
    center = values.mean(axis=0)
    low, high = stream_quantiles(blocks, n_samples, [alpha, 1.0 - alpha], center - spread, center + spread)
    return low, high


def summarize(
    per_example: Sequence[dict[str, Score]],
    rouge_types: Sequence[str],
    *,
    use_aggregator: bool,
    detailed: bool,
    bootstrap: bool,
    confidence_level: float,
    n_samples: int,
    seed: int,
) -> dict[str, float | list[float]]:
    """Turn per-example scores into the metric's flat result dict.

    Keys are the rouge types (F), plus ``<type>_precision`` and
    ``<type>_recall`` when ``detailed``. Aggregated values are exact means;
    ``bootstrap`` adds ``<key>_low`` and ``<key>_high`` for every key.

    >>> summarize([{"rouge1": (1.0, 0.5, 2 / 3)}, {"rouge1": (0.0, 0.0, 0.0)}], ["rouge1"],
    ...           use_aggregator=True, detailed=True, bootstrap=False,
    ...           confidence_level=0.95, n_samples=1000, seed=0)
    {'rouge1': 0.3333333333333333, 'rouge1_precision': 0.5, 'rouge1_recall': 0.25}
    """
    measures = [("", 2)] + ([("_precision", 0), ("_recall", 1)] if detailed else [])
    columns = {
        rouge_type + suffix: [float(scores[rouge_type][k]) for scores in per_example]
        for rouge_type in rouge_types
        for suffix, k in measures
    }
    if not use_aggregator:
        return dict(columns)
    return aggregate(
        columns, bootstrap=bootstrap, confidence_level=confidence_level, n_samples=n_samples, seed=seed
    )


def aggregate(
    columns: Mapping[str, Sequence[float]],
    *,
    bootstrap: bool = False,
    confidence_level: float = 0.95,
    n_samples: int = 1000,
    seed: int = 0,
) -> dict[str, float]:
    """The aggregate of per-example score columns (one list of floats per key), as compute returns it.

    Each key's exact mean (``math.fsum``, whatever the order of the rows); with ``bootstrap``,
    ``<key>_low`` and ``<key>_high`` for every key, which depend on the order of the rows (a bad
    ``confidence_level``, ``n_samples`` or ``seed`` is a ValueError naming it, as in ``compute``).

    >>> aggregate({"rouge1": [1.0, 0.5, 0.0]})
    {'rouge1': 0.5}
    """
    result = {name: mean(values) for name, values in columns.items()}
    if bootstrap:
        check_resampling(confidence_level, n_samples, MAX_SAMPLES, seed)
        table = np.array(list(columns.values()), dtype=np.float64).T
        low, high = bootstrap_interval(table, n_samples, confidence_level, seed)
        for name, low_value, high_value in zip(columns, low, high, strict=True):
            result[f"{name}_low"] = float(low_value)
            result[f"{name}_high"] = float(high_value)
    return result
