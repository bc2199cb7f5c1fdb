"""Ray Data on a local cluster of two workers scores a Parquet dataset; the aggregates equal compute()."""

import json
import os
import subprocess
import sys

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from conftest import REPO

pytest.importorskip("ray")
from kurouge.engine.cluster import aggregate  # noqa: E402

OPTIONS = {"detailed": True, "tokenizer": "char"}
BOOTSTRAP = {"bootstrap": True, "n_samples": 200, "confidence_level": 0.9, "seed": 3}
ROWS = 2000
PREDICTIONS = [f"今日は晴れ {i % 7} です。\n明日 {i % 3}" for i in range(ROWS)]
REFERENCES = [f"今日は雨 {i % 5} です。\n明日は {i % 11}" for i in range(ROWS)]
MULTI_REFERENCES = [[r, f"晴れ {i % 13}"] for i, r in enumerate(REFERENCES)]

# The cluster side, in a process of its own (bounded by a timeout): a local Ray cluster on the
# loopback address, two scoring workers; the score columns are read back in id order and
# printed as JSON.
DRIVER = """
import json, sys
import ray
from kurouge.engine.cluster import read_scores, score_parquet

work, options, names = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3:]
ray.init(num_cpus=3, include_dashboard=False, log_to_driver=False)
assert [node["NodeManagerAddress"] for node in ray.nodes()] == ["127.0.0.1"]
results = {}
for name in names:
    scores = f"{work}/{name}/scores"
    score_parquet(f"{work}/{name}/input", scores, workers=2, batch_size=200, blocks=8, **options)
    results[name] = read_scores(scores)
ray.shutdown()
print(json.dumps(results))
"""


def write_parquet(directory, predictions, references) -> None:
    """The rows as 4 Parquet files, out of order (read_scores sorts by id)."""
    directory.mkdir(parents=True)
    ids = list(range(len(predictions)))
    order = ids[1::2] + ids[::2]
    for part in range(4):
        chunk = order[part::4]
        table = pa.table(
            {
                "id": chunk,
                "prediction": [predictions[i] for i in chunk],
                "reference": [references[i] for i in chunk],
            }
        )
        pq.write_table(table, directory / f"part-{part}.parquet")


@pytest.fixture(scope="module")
def scored(tmp_path_factory):
    """Score columns from the Ray cluster, by input name."""
    work = tmp_path_factory.mktemp("cluster")
    write_parquet(work / "single" / "input", PREDICTIONS, REFERENCES)
    write_parquet(work / "multi" / "input", PREDICTIONS, MULTI_REFERENCES)
    # Ray's single-node mode (its switch has this name) keeps the cluster on 127.0.0.1; by default
    # Ray binds the node to the machine's routable address, even when given 127.0.0.1.
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "RAY_USAGE_STATS_ENABLED": "0",
        "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",
    }
    process = subprocess.run(
        [sys.executable, "-c", DRIVER, str(work), json.dumps(OPTIONS), "single", "multi"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert process.returncode == 0, process.stderr[-5000:]
    return json.loads(process.stdout)


@pytest.mark.parametrize("name, references", [("single", REFERENCES), ("multi", MULTI_REFERENCES)])
def test_ray_scores_equal_compute(scored, rouge, name, references):
    columns = scored[name]
    assert columns == rouge.score_examples(PREDICTIONS, references, **OPTIONS)
    expected = rouge.compute(predictions=PREDICTIONS, references=references, **OPTIONS, **BOOTSTRAP)
    assert "rougeLsum_recall_high" in expected
    assert aggregate(columns, **BOOTSTRAP) == expected
