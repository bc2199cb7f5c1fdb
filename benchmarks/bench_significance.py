"""Paired significance tests: kurenai_rouge's compare_columns against scipy on the same scores.

    python benchmarks/bench_significance.py [--examples 10000] [--types 4] [--samples 10000]

Per-example scores are generated (the tests do not depend on how they were scored). Each row is
timed once in this run; the ratio column is scipy's time over ours, so the machine's load cancels.
scipy is run per score column, as its API takes one statistic at a time.
"""

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from scipy import stats

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kurouge.stats.significance import compare_columns  # noqa: E402


def timed(function):
    """Wall and CPU seconds of one call (CPU time is less sensitive to other load on the machine)."""
    wall, cpu = time.perf_counter(), time.process_time()
    function()
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=10_000)
    parser.add_argument("--types", type=int, default=4)
    parser.add_argument("--samples", type=int, default=10_000)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    baseline = rng.beta(2, 3, size=(args.examples, args.types))
    system = np.clip(baseline + rng.normal(0.01, 0.1, size=baseline.shape), 0, 1)

    def ours(method):
        return lambda: compare_columns([system], baseline, method=method, n_samples=args.samples,
                                       confidence_level=0.95, seed=0)  # fmt: skip

    def scipy_permutation():
        for column in range(args.types):
            stats.permutation_test((system[:, column], baseline[:, column]),
                                   lambda x, y, axis: np.mean(x - y, axis=axis), permutation_type="samples",
                                   vectorized=True, n_resamples=args.samples, random_state=0)  # fmt: skip

    def scipy_bootstrap():
        for column in range(args.types):
            stats.bootstrap((system[:, column], baseline[:, column]),
                            lambda x, y, axis: np.mean(x, axis=axis) - np.mean(y, axis=axis), paired=True,
                            vectorized=True, n_resamples=args.samples, method="percentile",
                            random_state=0)  # fmt: skip

    print(f"{args.examples:,} examples x {args.types} score columns x {args.samples:,} resamples")
    rows = [
        ("bootstrap: interval + p-value", ours("bootstrap"), "scipy.stats.bootstrap (interval only)",
         scipy_bootstrap),
        ("permutation: p-value + bootstrap interval", ours("permutation"), "scipy.stats.permutation_test "
         "(p-value only)", scipy_permutation),
    ]  # fmt: skip
    for name, function, peer_name, peer in rows:
        (mine, mine_cpu), (theirs, theirs_cpu) = timed(function), timed(peer)
        print(
            f"{name:42s} {mine:6.2f} s ({mine_cpu:5.2f} CPU) | {peer_name:40s} {theirs:7.2f} s "
            f"({theirs_cpu:6.2f} CPU) | {theirs / mine:5.1f}x"
        )


if __name__ == "__main__":
    main()
