"""evaluate's distributed mode: two OS processes share a cache directory, as accelerate runs them."""

import json
import subprocess
import sys

# One process of the group. For each job it loads the metric as process `process_id` of 2, adds its
# batches and records compute()'s result (or the error raised). It prints the list as JSON.
# Every metric stays loaded until the end; only a failed job releases its lock early.
WORKER = """
import json, sys
import evaluate

metric_dir, cache_dir, process_id, jobs = sys.argv[1:]
results, loaded = [], []
for experiment_id, batches, options in json.loads(jobs):
    metric = evaluate.load(
        metric_dir, num_process=2, process_id=int(process_id), experiment_id=experiment_id,
        cache_dir=cache_dir,
    )
    loaded.append(metric)  # a failed job's metric keeps its lock, as in a process that goes on running
    try:
        for predictions, references in batches[int(process_id)]:
            metric.add_batch(predictions=predictions, references=references)
        results.append(metric.compute(**options))
    except (ValueError, TypeError) as error:
        results.append({"error": f"{type(error).__name__}: {error}"})
print(json.dumps(results))
"""

PREDICTIONS = [f"今日 は 晴れ {i % 3} です {i % 5}" for i in range(40)]
REFERENCES = [f"今日 は 雨 {i % 4} です\n{i % 5} ね" for i in range(40)]
MULTI_REFERENCES = [[r, f"明日 は 晴れ {i % 3}"] for i, r in enumerate(REFERENCES)]
OPTIONS = {"bootstrap": True, "seed": 7, "n_samples": 200, "detailed": True, "return_signature": True}


def halves(references):
    """Process 0 adds the first half in two batches, process 1 the second half in one."""
    return [
        [[PREDICTIONS[:10], references[:10]], [PREDICTIONS[10:20], references[10:20]]],
        [[PREDICTIONS[20:], references[20:]]],
    ]


def test_two_processes(rouge, metric_dir, tmp_path):
    mixed = halves(REFERENCES)
    mixed[0][1][1] = MULTI_REFERENCES[10:20]  # process 0's second batch switches to lists of references
    jobs = [
        ["single", halves(REFERENCES), OPTIONS],
        ["multi", halves(MULTI_REFERENCES), OPTIONS],
        ["mixed", mixed, {}],
        # Each process is consistent, but they differ: evaluate cannot merge the two stores.
        ["across", [halves(REFERENCES)[0], halves(MULTI_REFERENCES)[1]], {}],
    ]
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(metric_dir), str(tmp_path), str(process_id), json.dumps(jobs)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for process_id in range(2)
    ]
    outputs = [process.communicate(timeout=300) for process in processes]
    for process, (_, stderr) in zip(processes, outputs, strict=True):
        assert process.returncode == 0, stderr
    (single, multi, mixed_result, across), others = (json.loads(stdout) for stdout, _ in outputs)

    expected = rouge.compute(predictions=PREDICTIONS, references=REFERENCES, **OPTIONS)
    assert "rouge1_low" in expected and "rougeLsum_recall_high" in expected
    assert single == expected
    assert multi == rouge.compute(predictions=PREDICTIONS, references=MULTI_REFERENCES, **OPTIONS)
    assert multi != single
    assert mixed_result["error"].startswith("ValueError: this batch has lists of references but earlier")
    assert across["error"].startswith("ArrowTypeError: Unable to merge: Field references has incompatible")
    # Process 0's failed job discards its rows, cache file and lock at once (tests/test_reliability.py):
    # process 1 either finished first (None) or finds process 0 gone, and says so.
    assert others[:2] == [None, None] and others[3] is None
    assert others[2] is None or "Expected to find locked file" in others[2]["error"]
