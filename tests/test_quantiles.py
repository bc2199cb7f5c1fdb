"""rouge_quantiles.stream_quantiles against np.quantile of the blocks stacked (issue 20): bit for bit."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kurouge.stats import quantiles as rouge_quantiles
from kurouge.stats.quantiles import stream_quantiles


def streamed(values, block_rows, quantiles, guess_low, guess_high):
    passes = []

    def blocks():
        passes.append(1)
        return (values[start : start + block_rows] for start in range(0, len(values), block_rows))

    result = stream_quantiles(blocks, len(values), quantiles, guess_low, guess_high)
    return result, len(passes)


def columns(rng, n):
    """Columns of every kind: smooth, few distinct values, ulp noise around one value, constant, wide."""
    smooth = rng.normal(0.01, 0.02, n)
    discrete = rng.binomial(100, 0.01, n) * 0.005
    noisy = 0.1 + rng.integers(-3, 4, n) * np.spacing(0.1)
    constant = np.full(n, -0.25)
    wide = rng.standard_cauchy(n)
    return np.stack([smooth, discrete, noisy, constant, wide], axis=1)


@settings(max_examples=100, deadline=None)
@given(
    n=st.integers(1, 3000),
    parts=st.integers(1, 20),
    quantile=st.floats(0.0, 0.5),
    seed=st.integers(0, 2**32 - 1),
    bins=st.sampled_from([4, 64, 2048]),
    gather=st.sampled_from([1, 50, 1 << 22]),
    guess=st.sampled_from([(0.0, 0.0), (0.0, 0.05), (-100.0, 100.0)]),
)
def test_equals_np_quantile(n, parts, quantile, seed, bins, gather, guess):
    """Few bins and nothing gathered until a bracket is stuck or ulps wide force many passes."""
    values = columns(np.random.default_rng(seed), n)
    quantiles = [quantile, 1.0 - quantile]
    low, high = np.full(values.shape[1], guess[0]), np.full(values.shape[1], guess[1])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rouge_quantiles, "BINS", bins)
        patch.setattr(rouge_quantiles, "GATHER_VALUES", gather)
        result, _ = streamed(values, -(-n // parts), quantiles, low, high)
    np.testing.assert_array_equal(result, np.quantile(values, quantiles, axis=0))


def test_two_passes_when_the_guess_is_about_right():
    values = np.random.default_rng(1).normal(size=(200_000, 3))
    result, passes = streamed(values, 10_000, [0.025, 0.975], np.full(3, -6.0), np.full(3, 6.0))
    np.testing.assert_array_equal(result, np.quantile(values, [0.025, 0.975], axis=0))
    assert passes == 2


def test_blocks_that_change_are_an_error():
    calls = []

    def blocks():
        calls.append(1)
        return [np.arange(1000.0)[:, None] + len(calls) * 500]

    with pytest.raises(RuntimeError, match="other values on another pass"):
        stream_quantiles(blocks, 1000, [0.1], np.zeros(1), np.full(1, 1000.0))


def test_a_column_with_a_value_that_is_not_finite_gets_nan():
    values = np.random.default_rng(2).normal(size=(500, 3))
    values[7, 0], values[9, 1] = np.nan, np.inf
    result, _ = streamed(values, 100, [0.05, 0.95], np.full(3, np.nan), np.full(3, np.inf))
    assert np.isnan(result[:, :2]).all()
    np.testing.assert_array_equal(result[:, 2], np.quantile(values[:, 2], [0.05, 0.95]))
