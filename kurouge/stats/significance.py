"""Paired significance tests of whether systems' mean scores differ from a baseline's.

Both tests work on per-example differences ``d = system - baseline`` (one column per score key),
so the examples stay paired. ``"bootstrap"`` is paired bootstrap resampling (Koehn 2004): examples
are drawn with replacement and the two-sided p-value is the share of resampled mean differences at
least as far from the observed one as the observed one is from 0 (the shift method). ``"permutation"``
is the paired permutation test (approximate randomization, Riezler and Maxwell 2005): each
example's two outputs are swapped, which flips the sign of its difference, and the p-value is the
share of those mean differences at least as large in absolute value as the observed one. Up to
``EXACT_MAX_EXAMPLES`` examples it is exact: every one of the ``2**n`` swap patterns is counted once
(``p = hits / 2**n``, the observed pattern among them). Beyond, swaps are drawn at random, and the
observed arrangement is counted too: ``p = (1 + hits) / (1 + n_samples)``, never 0, as for the
bootstrap. The permutation test holds its level at every n; the bootstrap's p-value is too small
with few examples (6 examples that all favour one system give 0.0001 where the exact test gives
2/64). No paired test can go below ``smallest_p_value(n) = 2 / 2**n`` (the observed signs and
their mirror): with 5 examples or fewer nothing is significant at 0.05.

The confidence interval of the mean difference is the percentile bootstrap interval with either
method. ``differs`` is the verdict: p below ``1 - confidence_level`` and an interval that excludes 0,
so that it never contradicts the interval shown beside it.

Resamples are drawn in blocks from a generator of their own (``numpy.random.default_rng(seed)``),
as counts or signs per example multiplied with the differences, so that several systems and every
score key are tested on the same resamples at little more than the cost of one.
The interval's quantiles are those of every bootstrap mean, exactly, without holding them: the
same bootstrap resamples are drawn again for each pass of :func:`stats.quantiles.stream_quantiles`
(two as a rule), so memory does not grow with ``n_samples`` x systems x keys (only one column of
``n_samples`` values is rebuilt at a time, to interpolate as ``np.quantile`` does).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from kurouge.inputs import describe
from kurouge.stats.quantiles import stream_quantiles

METHODS = ("permutation", "bootstrap")
# Up to this many examples the permutation test counts all 2**n swap patterns (65,536 at 16).
EXACT_MAX_EXAMPLES = 16
CORRECTIONS = (None, "holm")
# Resample weights are drawn about this many at a time (32 MiB of float64).
BLOCK_WEIGHTS = 1 << 22


def _weight_blocks(rng: np.random.Generator, rows: int, n_samples: int, method: str):
    """Yield blocks of per-example weights, one row per resample: bootstrap counts or 0/1 swaps."""
    per_block = max(1, BLOCK_WEIGHTS // rows)
    for start in range(0, n_samples, per_block):
        size = min(per_block, n_samples - start)
        if method == "bootstrap":
            picks = rng.integers(0, rows, size=(size, rows), dtype=np.int32)
            picks += np.arange(0, size * rows, rows, dtype=np.int32)[:, None]
            yield np.bincount(picks.ravel(), minlength=size * rows).reshape(size, rows).astype(np.float64)
        else:
            bits = np.unpackbits(np.frombuffer(rng.bytes(-(-size * rows // 8)), dtype=np.uint8))
            yield bits[: size * rows].reshape(size, rows).astype(np.float64)


def is_exact(method: str, rows: int) -> bool:
    """Whether the test of ``rows`` examples counts every swap pattern (an exact permutation test)."""
    return method == "permutation" and rows <= EXACT_MAX_EXAMPLES


def smallest_p_value(rows: int) -> float:
    """The smallest two-sided p-value an exact paired permutation test of ``rows`` examples can give.

    Only the observed signs and their mirror image reach the observed mean difference when every
    example favours the same system: ``2 / 2**rows`` (0.0 from 1,076 examples, where a float ends).

    >>> smallest_p_value(5), smallest_p_value(6), smallest_p_value(2000)
    (0.0625, 0.03125, 0.0)
    """
    return math.ldexp(1.0, 1 - rows)


def _all_swaps(rows: int) -> np.ndarray:
    """Every 0/1 swap pattern of ``rows`` examples, one per row (``2**rows`` rows)."""
    patterns = np.arange(2**rows, dtype=np.int64)[:, None] >> np.arange(rows, dtype=np.int64)
    return (patterns & 1).astype(np.float64)


def _mean_blocks(differences: np.ndarray, method: str, n_samples: int, seed: int):
    """Yield the resampled column means of ``differences``, a block of resamples at a time.

    ``"bootstrap"``: examples drawn with replacement; ``"permutation"``: each row's sign flipped
    at random (a swapped row, weight 1, counts as ``-d``: the sum is ``total - 2 * swapped``), or,
    when :func:`is_exact`, under every one of the ``2**rows`` patterns instead of ``n_samples``.
    """
    rng = np.random.default_rng(seed)
    rows = differences.shape[0]
    total = differences.sum(axis=0)
    blocks = [_all_swaps(rows)] if is_exact(method, rows) else _weight_blocks(rng, rows, n_samples, method)
    for weights in blocks:
        means = weights @ differences
        if method != "bootstrap":  # total - 2 * sums, in place (the same floats)
            means *= -2.0
            means += total
        means /= rows
        yield means


def resampled_means(differences: np.ndarray, method: str, n_samples: int, seed: int) -> np.ndarray:
    """The mean of each column of ``differences`` (rows are examples) under ``n_samples`` resamples.

    Returns an array of shape ``(n_samples, columns)`` (``(2**rows, columns)`` when :func:`is_exact`);
    every column sees the same resamples, those of ``compare_columns`` with the same ``method`` and
    ``seed``.
    """
    if is_exact(method, differences.shape[0]):
        return next(_mean_blocks(differences, method, n_samples, seed))
    means = np.empty((n_samples, differences.shape[1]))
    start = 0
    for block in _mean_blocks(differences, method, n_samples, seed):
        means[start : start + len(block)] = block
        start += len(block)
    return means


def _hits(observed: np.ndarray, resampled: np.ndarray, method: str) -> np.ndarray:
    """Per column, how many resampled mean differences are at least as extreme as ``observed``.

    As the module docstring says; a resampled value within floating-point noise (100 ulp) of the
    threshold counts as reaching it, as scipy's ``permutation_test`` counts ties.
    """
    distance = np.abs(resampled - observed) if method == "bootstrap" else np.abs(resampled)
    threshold = np.abs(observed)
    return (distance >= threshold - 100 * np.finfo(np.float64).eps * threshold).sum(axis=0)


def differs(p_value: float, low: float, high: float, confidence_level: float) -> bool:
    """The verdict: p below ``1 - confidence_level`` and an interval of the difference without 0.

    With few examples the test and the bootstrap interval can disagree (3 examples: the
    bootstrap's p 0.033 while the interval starts at 0); then the verdict is no difference found.

    >>> differs(0.03, 0.01, 0.2, 0.95), differs(0.03, 0.0, 0.2, 0.95), differs(0.2, 0.01, 0.2, 0.95)
    (True, False, False)
    """
    return p_value < 1.0 - confidence_level and (low > 0.0 or high < 0.0)


def holm(p: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of p-values for several comparisons (family-wise error rate).

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    order = sorted(range(len(p)), key=p.__getitem__)
    adjusted, running = [0.0] * len(p), 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(p) - rank) * p[index]))
        adjusted[index] = running
    return adjusted


def compare_columns(
    systems: Sequence[np.ndarray],
    baseline: np.ndarray,
    *,
    method: str,
    n_samples: int,
    confidence_level: float,
    seed: int,
) -> list[dict[str, np.ndarray]]:
    """Test each system's columns against the baseline's, every one on the same resamples.

    ``systems`` are arrays of shape ``(examples, columns)``, like ``baseline``. Returns, per system,
    arrays over the columns: ``difference`` (system mean minus baseline mean), ``low`` and ``high``
    (its percentile bootstrap interval) and ``p_value``.

    >>> base = np.array([[0.1], [0.2], [0.3], [0.4]])
    >>> [result] = compare_columns([base + 0.5], base, method="permutation", n_samples=999,
    ...                            confidence_level=0.95, seed=0)
    >>> [round(float(result[key][0]), 6) for key in ("difference", "low", "high")]
    [0.5, 0.5, 0.5]
    >>> float(result["p_value"][0])  # exactly 2 of the 16 sign patterns reach |0.5|
    0.125
    """
    differences = np.concatenate([system - baseline for system in systems], axis=1)
    rows = differences.shape[0]
    observed = differences.mean(axis=0)
    hits = np.zeros(differences.shape[1], dtype=np.int64)
    for block in _mean_blocks(differences, method, n_samples, seed):
        hits += _hits(observed, block, method)
    if is_exact(method, rows):
        # every swap pattern once, the observed one among them
        p = hits / 2.0**rows
    else:
        p = (1.0 + hits) / (1.0 + n_samples)
    alpha = (1.0 - confidence_level) / 2.0
    # The interval's quantiles are exact without holding the n_samples bootstrap means of every
    # column: the same resamples are drawn again on each pass (stats.quantiles).
    spread = 6.0 * differences.std(axis=0) / math.sqrt(rows)
    low, high = stream_quantiles(
        lambda: _mean_blocks(differences, "bootstrap", n_samples, seed),
        n_samples,
        [alpha, 1.0 - alpha],
        observed - spread,
        observed + spread,
    )
    width = baseline.shape[1]
    return [
        {
            "difference": observed[k * width : (k + 1) * width],
            "low": low[k * width : (k + 1) * width],
            "high": high[k * width : (k + 1) * width],
            "p_value": p[k * width : (k + 1) * width],
        }
        for k in range(len(systems))
    ]


class FewExamplesWarning(UserWarning):
    """Too few examples for any p-value below ``1 - confidence_level``: no difference can be shown."""


def few_examples_message(rows: int, confidence_level: float) -> str | None:
    """What a :class:`FewExamplesWarning` says for ``rows`` examples, or None when a test can succeed.

    >>> print(few_examples_message(5, 0.95))  # doctest: +ELLIPSIS
    with 5 examples no paired test can show a difference at p < 0.05: ... 0.0625 ... at least 6 examples
    >>> few_examples_message(6, 0.95) is None
    True
    """
    alpha = 1.0 - confidence_level
    if smallest_p_value(rows) < alpha:
        return None
    needed = next(n for n in range(rows + 1, 10_000) if smallest_p_value(n) < alpha)
    return (
        f"with {rows} examples no paired test can show a difference at p < {alpha:g}: even when every "
        f"example favours one system, the exact permutation test's p-value is {smallest_p_value(rows):g} "
        f"(2 of the 2**{rows} swap patterns); smaller p-values of the bootstrap there are not to be "
        f"trusted. Use at least {needed} examples"
    )


def check_test(method: str, correction: str | None) -> None:
    """Raise ValueError naming the choices for an unknown ``method`` or ``correction``."""
    if method not in METHODS:
        raise ValueError(
            f"method={describe(method)} is not valid; choose one of: {', '.join(map(repr, METHODS))}"
        )
    if correction not in CORRECTIONS:
        raise ValueError(
            f"correction={describe(correction)} is not valid; choose one of: "
            + ", ".join(map(repr, CORRECTIONS))
        )


def compare_systems(
    baseline: dict[str, list[float]],
    systems: dict[str, dict[str, list[float]]],
    *,
    prefixed: bool,
    method: str,
    n_samples: int,
    confidence_level: float,
    seed: int,
    correction: str | None,
) -> dict[str, float]:
    """The flat result of a comparison, from per-example score columns by key.

    For every key ``K`` of ``baseline`` (``rouge1``, ``rouge1_precision``, ...): ``K_baseline``,
    the baseline's mean, then per system ``K`` (its mean), ``K_difference`` (its mean minus the
    baseline's), ``K_difference_low`` and ``K_difference_high`` (the interval of the difference),
    ``K_p_value`` and, with ``correction="holm"``, ``K_p_value_holm`` (adjusted over the systems,
    key by key). With ``prefixed``, a system's keys start with its name and ``/``.

    >>> result = compare_systems({"rouge1": [0.1, 0.3]}, {"new": {"rouge1": [0.4, 0.6]}},
    ...                          prefixed=True, method="bootstrap", n_samples=99, confidence_level=0.9,
    ...                          seed=0, correction=None)
    >>> {key: round(value, 4) for key, value in result.items()}  # doctest: +NORMALIZE_WHITESPACE
    {'rouge1_baseline': 0.2, 'new/rouge1': 0.5, 'new/rouge1_difference': 0.3,
     'new/rouge1_difference_low': 0.3, 'new/rouge1_difference_high': 0.3, 'new/rouge1_p_value': 0.01}
    """
    keys = list(baseline)

    def table(scores: dict[str, list[float]]) -> np.ndarray:
        return np.array([scores[key] for key in keys], dtype=np.float64).T

    tests = compare_columns(
        [table(scores) for scores in systems.values()],
        table(baseline),
        method=method,
        n_samples=n_samples,
        confidence_level=confidence_level,
        seed=seed,
    )
    adjusted = [holm([float(test["p_value"][i]) for test in tests]) for i in range(len(keys))]
    result = {f"{key}_baseline": _mean(baseline[key]) for key in keys}
    for number, (name, scores) in enumerate(systems.items()):
        prefix = f"{name}/" if prefixed else ""
        test = tests[number]
        for i, key in enumerate(keys):
            mean = _mean(scores[key])
            result[prefix + key] = mean
            result[f"{prefix}{key}_difference"] = mean - result[f"{key}_baseline"]
            result[f"{prefix}{key}_difference_low"] = float(test["low"][i])
            result[f"{prefix}{key}_difference_high"] = float(test["high"][i])
            result[f"{prefix}{key}_p_value"] = float(test["p_value"][i])
            if correction == "holm":
                result[f"{prefix}{key}_p_value_holm"] = adjusted[i][number]
    return result


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)
