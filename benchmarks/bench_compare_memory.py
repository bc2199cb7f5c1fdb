"""Peak memory and CPU time of compare() with many systems and resamples (issue 20).

    python benchmarks/bench_compare_memory.py [--systems 10 20] [--samples 1000000] [--examples 100]

Each case runs in a fresh process: compare(detailed=True, method="permutation") of that many
systems against a baseline (generated texts of 300 words). Memory is the peak resident size the
call adds; the ratio column sets it against what holding every bootstrap mean of every key and
system would take (8 bytes per resample, key and system), so the machine cancels out.
"""

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def child(systems: int, samples: int, examples: int) -> None:
    """In this process: one compare() call; print its CPU seconds, added peak bytes and key count."""
    import numpy as np

    sys.path.insert(0, str(REPO))
    from kurouge.api import compare

    rng = np.random.default_rng(0)
    words = [f"w{i}" for i in range(300)]

    def texts(length):
        return [" ".join(rng.choice(words, size=length)) for _ in range(examples)]

    references, baseline = texts(30), texts(20)
    predictions = {f"s{j}": texts(20 + j) for j in range(systems)}
    compare(
        predictions=predictions, baseline=baseline, references=references, n_samples=10
    )  # imports, caches
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    cpu = time.process_time()
    result = compare(predictions=predictions, baseline=baseline, references=references, detailed=True,
                     method="permutation", n_samples=samples)  # fmt: skip
    cpu = time.process_time() - cpu
    added = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
    keys = sum(key.endswith("_p_value") for key in result)
    print(json.dumps({"cpu": cpu, "added": added, "columns": keys}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--systems", type=int, nargs="+", default=[10, 20])
    parser.add_argument("--samples", type=int, default=1_000_000)
    parser.add_argument("--examples", type=int, default=100)
    parser.add_argument("--child", nargs=3, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    print(
        f"compare(detailed=True, method='permutation'): {args.samples:,} resamples, {args.examples} examples"
    )
    for systems in args.systems:
        command = [sys.executable, __file__, "--child", str(systems), str(args.samples), str(args.examples)]
        line = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
        held = args.samples * line["columns"] * 8
        print(
            f"{systems:3d} systems ({line['columns']} columns): peak +{line['added'] / 1e9:.2f} GB, "
            f"{line['cpu']:.1f} s CPU | every bootstrap mean held: {held / 1e9:.2f} GB | "
            f"{line['added'] / held:.2f}x"
        )


if __name__ == "__main__":
    main()
