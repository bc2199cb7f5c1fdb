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
    # Process 0's failed batch stores nothing and loses nothing (tests/test_reliability.py): it keeps
    # its cache file and lock, and process 1 computes its share as usual.
    assert others == [None, None, None, None]


# One process of the group. For each job it loads the metric as process `process_id` of 2 (with
# evaluate's `timeout` for the other processes' locks, in seconds) and adds its batches:
# [predictions, references], "bad" (a batch that fails, caught), "die" (the same, not caught: the
# process ends with a traceback), "wait" (print "stored", then wait for a line on stdin) or "hang"
# (the same, then end without compute(), its cache file locked until then). It prints compute()'s
# result, or its error, as JSON.
SURVIVOR = """
import json, sys
import evaluate

metric_dir, cache_dir, process_id, timeout, jobs = sys.argv[1:]
for experiment_id, batches in json.loads(jobs):
    metric = evaluate.load(
        metric_dir, num_process=2, process_id=int(process_id), experiment_id=experiment_id,
        cache_dir=cache_dir, timeout=float(timeout),
    )
    for batch in batches[int(process_id)]:
        if batch in ("wait", "hang"):
            print("stored", flush=True)
            sys.stdin.readline()
            if batch == "hang":
                sys.exit(0)
        elif batch in ("bad", "die"):
            try:
                metric.add_batch(predictions=[None], references=["a"])
            except ValueError:
                if batch == "die":
                    raise
        else:
            metric.add_batch(predictions=batch[0], references=batch[1])
    try:
        print(json.dumps(metric.compute(rouge_types=["rouge1"])), flush=True)
    except ValueError as error:
        print(json.dumps({"error": str(error)}), flush=True)
"""


FIRST, SECOND, THIRD = (
    [part[a:b] for part in (PREDICTIONS, REFERENCES)] for a, b in ((0, 20), (20, 30), (30, 40))
)


def start_survivors(metric_dir, cache_dir, jobs, timeout=100):
    """Start both processes of the group on ``jobs``, with pipes for stdin, stdout and stderr."""
    return [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                SURVIVOR,
                str(metric_dir),
                str(cache_dir),
                str(process_id),
                str(timeout),
                json.dumps(jobs),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        for process_id in range(2)
    ]


def test_a_process_that_survives_a_bad_batch_or_dies(rouge, metric_dir, tmp_path):
    """A caught bad batch loses no row of the process; a process that died is named by process 0."""
    jobs = [
        ["survives", [[FIRST], [SECOND, "bad", THIRD]]],
        ["dies", [[FIRST], [SECOND, "die"]]],  # process 1 ends here, with its rows stored
    ]
    processes = start_survivors(metric_dir, tmp_path, jobs)
    (results, stderr_0), (others, stderr_1) = (process.communicate(timeout=300) for process in processes)
    assert processes[0].returncode == 0, stderr_0
    assert processes[1].returncode == 1 and "predictions[0] must be a string" in stderr_1
    survives, dies = map(json.loads, results.splitlines())
    assert others == "null\n"
    assert survives == rouge.compute(predictions=PREDICTIONS, references=REFERENCES, rouge_types=["rouge1"])
    assert dies["error"].startswith(
        "process 1 of 2 (experiment_id 'dies') did not reach compute(): it ended, its compute() failed, "
        "or it was still adding after the timeout (100 s, evaluate.load(..., timeout=))"
    )


def test_a_process_that_hangs_is_named_after_the_timeout(metric_dir, tmp_path):
    """A process alive but never reaching compute() holds its lock: process 0 waits evaluate's
    ``timeout`` for it, then names it instead of scoring part of the data."""
    processes = start_survivors(metric_dir, tmp_path, [["hangs", [[FIRST, "wait"], [SECOND, "hang"]]]], 2)
    for process in processes:  # both have stored their rows; process 1 holds its cache file's lock
        assert process.stdout.readline() == "stored\n"
    processes[0].stdin.write("go\n")
    processes[0].stdin.flush()
    result, stderr_0 = processes[0].communicate(timeout=300)  # returns after the 2 s timeout
    processes[1].stdin.close()
    assert processes[1].wait(timeout=300) == 0, processes[1].stderr.read()
    assert processes[0].returncode == 0, stderr_0
    assert json.loads(result)["error"].startswith(
        "process 1 of 2 (experiment_id 'hangs') did not reach compute(): it ended, its compute() failed, "
        "or it was still adding after the timeout (2 s, evaluate.load(..., timeout=))"
    )


# One process of the group, one metric object for two evaluations in a row, as a training loop's
# add_batch/compute does: round 0 has every prediction equal to its reference, round 1 none.
ROUNDS = """
import json, sys
import evaluate

metric_dir, cache_dir, process_id = sys.argv[1:]
metric = evaluate.load(metric_dir, num_process=2, process_id=int(process_id), cache_dir=cache_dir)
results = []
for round_ in range(2):
    for i in range(3):
        texts = [f"word{int(process_id)} {i} {k}" for k in range(50)]
        metric.add_batch(predictions=texts, references=texts if round_ == 0 else ["other"] * 50)
    results.append(metric.compute(rouge_types=["rouge1"]))
print(json.dumps(results))
"""


def test_two_rounds_with_one_metric_object(metric_dir, tmp_path):
    """Process 1's second round waits until process 0 has read its first: round 0 scores 1.0."""
    for _ in range(3):
        processes = [
            subprocess.Popen(
                [sys.executable, "-c", ROUNDS, str(metric_dir), str(tmp_path), str(process_id)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for process_id in range(2)
        ]
        (results, stderr_0), (others, stderr_1) = (process.communicate(timeout=300) for process in processes)
        assert processes[0].returncode == 0, stderr_0
        assert processes[1].returncode == 0, stderr_1
        assert json.loads(results) == [{"rouge1": 1.0}, {"rouge1": 0.0}]
        assert json.loads(others) == [None, None]


# A process of a job driven step by step: each line of stdin is "add <predictions> <reference>" (50
# examples: texts equal to their references when <reference> is "same") or "compute"; each step's
# outcome is one line of stdout, so the test orders the steps of two jobs without sleeping.
STEPPED = """
import json, sys
import evaluate

metric_dir, cache_dir, process_id = sys.argv[1:]
metric = evaluate.load(metric_dir, num_process=2, process_id=int(process_id), cache_dir=cache_dir, timeout=5)
for line in sys.stdin:
    try:
        if line.startswith("add"):
            _, job, reference = line.split()
            texts = [f"{job} word{process_id} {k}" for k in range(50)]
            metric.add_batch(predictions=texts, references=texts if reference == "same" else ["x"] * 50)
            print(json.dumps("added"), flush=True)
        else:
            print(json.dumps(metric.compute(rouge_types=["rouge1"])), flush=True)
    except ValueError as error:
        print(json.dumps({"error": str(error)}), flush=True)
"""


def test_two_jobs_sharing_a_cache_dir_never_score_each_others_rows(metric_dir, tmp_path):
    """Job B starts while job A's process 0 has not yet read A's rows: A scores 1.0, B says why it cannot.

    Before, B's process 1 removed A's done mark as stale and A's process 0 refused to score."""

    def start(process_id):
        return subprocess.Popen(
            [sys.executable, "-c", STEPPED, str(metric_dir), str(tmp_path), str(process_id)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def send(process, command):
        process.stdin.write(command + "\n")
        process.stdin.flush()

    def step(process, command):
        send(process, command)
        return json.loads(process.stdout.readline() or "null")

    a0, a1 = start(0), start(1)
    send(a0, "add A same")  # the two meet at evaluate's rendezvous
    assert step(a1, "add A same") == "added"
    assert json.loads(a0.stdout.readline()) == "added"
    assert step(a1, "compute") is None  # process 1 marks its rows done and returns at once
    b1 = start(1)  # job B's process 1, on the same files, before job A's process 0 has read them
    b1_added = step(b1, "add B other")
    a0_result = step(a0, "compute")
    b1_result = step(b1, "compute") if b1_added == "added" else b1_added
    for process in (a0, a1, b1):
        process.stdin.close()
        process.wait(timeout=300)
    # Job B's process 1 would take over the cache file whose rows job A's process 0 has yet to read.
    assert b1_result["error"].startswith("process 1 of 2 (experiment_id 'default_experiment'): another")
    assert a0_result == {"rouge1": 1.0}
