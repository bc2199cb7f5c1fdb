"""Pairs per second: ``score_examples`` in one process, and Ray Data with one and two workers.

    python3 benchmarks/bench_cluster.py [--pairs 200000] [--batch-size 4096] [--rouge-types rouge1,rougeW]

Generates ``--pairs`` English-like pairs (about 30 whitespace tokens each, fixed seed), writes them
as 8 Parquet files, then times, on the same rows and options (the default rouge types, or ``--rouge-types``):
  - ``score_examples`` on all rows in this process (the metric already loaded);
  - rouge_cluster.score_parquet on a local Ray cluster (loopback) with 1 and with 2 workers, from
    the Parquet input to the Parquet scores on disk, workers' start included
    (``ray.init`` itself is timed apart).
Prints one JSON object. Needs requirements-dev.txt (ray[data]).
"""

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from kurouge.engine.cluster import read_scores, score_parquet  # noqa: E402

WORDS = [f"w{i}" for i in range(2000)] + ["the", "a", "of", "and", "to", "in", "is", "was", "on", "for"]


def generate(pairs: int, seed: int = 0) -> tuple[list[str], list[str]]:
    """Predictions and references of about 30 tokens; each prediction shares about half its words."""
    rng = random.Random(seed)
    predictions, references = [], []
    for _ in range(pairs):
        reference = rng.choices(WORDS, k=rng.randint(20, 40))
        prediction = [word if rng.random() < 0.5 else rng.choice(WORDS) for word in reference]
        predictions.append(" ".join(prediction))
        references.append(" ".join(reference))
    return predictions, references


def write_input(directory: Path, predictions: list[str], references: list[str], files: int = 8) -> None:
    """The rows as ``files`` Parquet files of consecutive ids."""
    directory.mkdir(parents=True)
    size = -(-len(predictions) // files)
    for part, start in enumerate(range(0, len(predictions), size)):
        ids = list(range(start, min(start + size, len(predictions))))
        table = pa.table(
            {
                "id": ids,
                "prediction": predictions[start : ids[-1] + 1],
                "reference": references[start : ids[-1] + 1],
            }
        )
        pq.write_table(table, directory / f"part-{part}.parquet")


def main() -> None:
    """Run the three measurements and print them as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200_000)
    parser.add_argument("--batch-size", type=int, default=4096)
    parser.add_argument("--rouge-types", help="comma-separated; default: compute's four")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # a single node on 127.0.0.1
    import evaluate
    import ray

    metric = str(REPO / "kurenai_rouge.py")
    predictions, references = generate(args.pairs)
    work = Path(tempfile.mkdtemp(prefix="bench_cluster_"))
    write_input(work / "input", predictions, references)
    options = {"rouge_types": args.rouge_types.split(",")} if args.rouge_types else {}
    report = {"pairs": args.pairs, "batch_size": args.batch_size, **options, "cpus": os.cpu_count()}

    rouge = evaluate.load(metric)
    start = time.perf_counter()
    expected = rouge.score_examples(predictions, references, **options)
    seconds = time.perf_counter() - start
    report["one_process"] = {"seconds": round(seconds, 2), "pairs_per_second": round(args.pairs / seconds)}

    start = time.perf_counter()
    ray.init(num_cpus=3, include_dashboard=False, log_to_driver=False)
    report["ray_init_seconds"] = round(time.perf_counter() - start, 2)
    for workers in (1, 2):
        destination = work / f"scores-{workers}"
        start = time.perf_counter()
        score_parquet(
            str(work / "input"),
            str(destination),
            workers=workers,
            batch_size=args.batch_size,
            blocks=4 * workers,
            **options,
        )
        seconds = time.perf_counter() - start
        assert read_scores(str(destination)) == expected, "Ray's scores differ from score_examples"
        report[f"ray_{workers}_workers"] = {
            "seconds": round(seconds, 2),
            "pairs_per_second": round(args.pairs / seconds),
        }
    ray.shutdown()
    one, two = report["ray_1_workers"]["seconds"], report["ray_2_workers"]["seconds"]
    report["speedup_2_over_1_workers"] = round(one / two, 2)
    report["ray_1_worker_over_one_process"] = round(one / report["one_process"]["seconds"], 2)
    report["load_average_1min"] = round(os.getloadavg()[0], 2)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
