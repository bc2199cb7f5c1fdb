"""Issue 13's goals for compute(), each ratio printed next to its target; run by benchmarks/bench.py.

compute() is measured in fresh processes, one per source tree and round: this checkout, and
``BASELINE`` (main before the work on issue 13, "today" in the goals), checked out with ``git
archive``. Each process loads its tree's metric with ``evaluate.load`` and times every configuration
and, in this checkout's process, the peers (rouge-score-rs, kurenai) on the same texts, all in turn;
the two trees take turns too. Each timing keeps its best round, so that the noise of a shared
machine falls on every row alike.
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
# main before issue 13's changes: the goals' "today".
BASELINE = "392ecb0"
DEFAULT_TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
ROUGE_SCORE_TYPES = ["rouge1", "rouge2", "rougeL"]
KURENAI_PAIRS = 300
# Pairs of the generated workloads: (a) English-like words, (b) Japanese characters.
SIZES = {"a": 3000, "b": 1000}


def cpu_seconds() -> float:
    """CPU time of this process (all its threads) and of its finished child processes."""
    children = os.times()
    return time.process_time() + children.children_user + children.children_system


def timed(function: Callable[[], Any]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one call of ``function``, after a full garbage collection.

    Collecting first keeps a collection of everything the run holds from falling inside one timing.
    """
    gc.collect()
    start, start_cpu = time.perf_counter(), cpu_seconds()
    function()
    return time.perf_counter() - start, cpu_seconds() - start_cpu


def checkout(revision: str) -> Path:
    """The files of ``revision`` of this repository in a new temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="kurenai_rouge_baseline_"))
    archive = subprocess.run(["git", "-C", str(REPO), "archive", revision], check=True, capture_output=True)
    with tempfile.TemporaryFile() as file:
        file.write(archive.stdout)
        file.seek(0)
        with tarfile.open(fileobj=file) as tar:
            tar.extractall(folder, filter="data")
    return folder


# --- inside a tree's own process ----------------------------------------------------------------------


def load_metric(tree: Path, sandbox: Path) -> Any:
    """``tree``'s metric loaded by ``evaluate.load`` from a copy in ``sandbox`` (offline, its own caches).

    Call it before evaluate is imported: evaluate reads its cache folders when first imported.
    """
    os.environ.update(
        HF_MODULES_CACHE=str(sandbox / "modules"),
        HF_HOME=str(sandbox / "hf_home"),
        HF_HUB_OFFLINE="1",
        HF_DATASETS_OFFLINE="1",
    )
    import evaluate

    module = sandbox / "kurenai_rouge"
    module.mkdir()
    for source in [tree / "kurenai_rouge.py", *tree.glob("rouge_*.py")]:
        shutil.copy(source, module / source.name)
    return evaluate.load(str(module))


def measure_tree(tree: Path, workloads: dict, configs: list[dict], rounds: int, peers: bool) -> dict:
    """{config: {phase or peer: (best wall, best CPU seconds)}} with ``tree``'s code."""
    sandbox = Path(tempfile.mkdtemp(prefix="kurenai_rouge_bench_"))
    sys.path.insert(0, str(tree))
    from kurouge import api
    from kurouge.engine import engines
    from kurouge.settings import get_tokenizer
    from kurouge.tokenizers import sentences

    metric = load_metric(tree, sandbox)
    # The splitter compute() gives the engine for split_summaries=False, in either tree.
    lines = getattr(sentences, "split_lines", None) or sentences.split_sentences
    functions = {}
    for config in configs:
        predictions, references = (column[: config["pairs"]] for column in workloads[config["workload"]])
        options = {"tokenizer": config["tokenizer"], "rouge_types": config["types"]}
        processes = str(config["processes"] or os.cpu_count())
        os.environ["KURENAI_ROUGE_PROCESSES"] = processes
        metric.compute(predictions=predictions[:10], references=references[:10], **options)
        engine = engines.TokenEngine(config["types"], get_tokenizer(config["tokenizer"]), lines)
        phases = _phases(metric, engine, api.score, predictions, references, options, processes)
        functions.update({(config["name"], phase): phases[phase] for phase in config["phases"]})
        if peers and config["tokenizer"] == "rouge-score":
            functions.update(
                {(config["name"], name): run for name, run in _peers(predictions, references).items()}
            )
    best = dict.fromkeys(functions, (float("inf"), float("inf")))
    for _ in range(rounds):
        for key, function in functions.items():
            best[key] = tuple(map(min, best[key], timed(function)))
    shutil.rmtree(sandbox, ignore_errors=True)
    results: dict[str, dict] = {}
    for (name, phase), seconds in best.items():
        results.setdefault(name, {})[phase] = seconds
    return results


def _phases(
    metric, engine, score, predictions, references, options, processes
) -> dict[str, Callable[[], Any]]:
    """compute(), and what it does inside: score(), the engine alone, the tokenizing alone."""

    def compute() -> Any:
        os.environ["KURENAI_ROUGE_PROCESSES"] = processes
        return metric.compute(predictions=predictions, references=references, **options)

    def scored() -> Any:
        os.environ["KURENAI_ROUGE_PROCESSES"] = processes
        return score(predictions, references, **options)

    return {
        "compute": compute,
        "score": scored,
        "engine": lambda: engine.score_batch(predictions, [[r] for r in references]),
        "tokenize": lambda: [engine.document(text) for text in predictions + references],
    }


def _peers(predictions: list[str], references: list[str]) -> dict[str, Callable[[], Any]]:
    """rouge-score-rs (loop and score_batch, rouge1/2/L) and kurenai 0.1.0 (4 types, first pairs)."""
    from kurenai.rouge_scorer import RougeScorer as KurenaiScorer
    from rouge_score_rs.rouge_scorer import RougeScorer as RsScorer

    rs = RsScorer(ROUGE_SCORE_TYPES)
    kurenai = KurenaiScorer(DEFAULT_TYPES)
    pairs = list(zip(predictions, references, strict=True))
    return {
        "rs loop": lambda: [rs.score(r, p) for p, r in pairs],
        "rs batch": lambda: rs.score_batch(references, predictions),
        "kurenai": lambda: [kurenai.score(r, p) for p, r in pairs[:KURENAI_PAIRS]],
    }


def run_tree(tree: Path, workloads: dict, configs: list[dict], rounds: int, peers: bool) -> dict:
    """``measure_tree`` in a new process (its own imports, its own KURENAI_ROUGE_PROCESSES)."""
    job = {"tree": str(tree), "workloads": workloads, "configs": configs, "rounds": rounds, "peers": peers}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(job, file)
    out = subprocess.run([sys.executable, __file__, file.name], check=True, capture_output=True, text=True)
    os.unlink(file.name)
    return json.loads(out.stdout.splitlines()[-1])


# --- in the benchmark's process -----------------------------------------------------------------------


def check_rouge_score_numbers(pairs: list[tuple[str, str]]) -> None:
    """compute(tokenizer="rouge-score") per example == rouge-score's RougeScorer.score (asserts)."""
    sys.path.insert(0, str(REPO))
    from rouge_score.rouge_scorer import RougeScorer

    from kurouge import api

    predictions, references = [p for p, _ in pairs], [r for _, r in pairs]
    ours = api.score(
        predictions, references, tokenizer="rouge-score", rouge_types=ROUGE_SCORE_TYPES, use_aggregator=False
    )
    expected = [RougeScorer(ROUGE_SCORE_TYPES).score(r, p) for p, r in pairs]
    for rouge_type in ROUGE_SCORE_TYPES:
        assert ours[rouge_type] == [s[rouge_type].fmeasure for s in expected], rouge_type


def configurations(workloads: dict[str, list]) -> list[dict]:
    """What is timed: per workload, compute() and its phases for each tokenizer of goal 2 in one
    process, the rouge-score tokenizer (goal 1, English-like text only), and for the generated
    workloads batches of 1,000 and 5,000 pairs in 1 process and on every CPU (goal 4)."""
    configs = []
    for workload, pairs in workloads.items():
        size = SIZES.get(workload, len(pairs))
        for tokenizer in {"a": [None], "b": ["char", "cjk"]}.get(workload, [None, "char", "cjk"]):
            label = f"{workload} {tokenizer or 'default'}"
            phases = ["compute", "score", "engine", "tokenize"]
            configs.append(
                dict(
                    name=label,
                    workload=workload,
                    pairs=size,
                    tokenizer=tokenizer,
                    types=DEFAULT_TYPES,
                    processes=1,
                    phases=phases,
                )
            )
            for batch in (1000, 5000) if workload in SIZES else ():
                for processes in (1, None):
                    configs.append(
                        dict(
                            name=f"{label} {batch} x{processes or 'all'}",
                            workload=workload,
                            pairs=batch,
                            tokenizer=tokenizer,
                            types=DEFAULT_TYPES,
                            processes=processes,
                            phases=["compute"],
                        )
                    )
        if workload != "b":
            configs.append(
                dict(
                    name=f"{workload} rouge-score",
                    workload=workload,
                    pairs=size,
                    tokenizer="rouge-score",
                    types=ROUGE_SCORE_TYPES,
                    processes=None,
                    phases=["compute"],
                )
            )
    return configs


def _merge(results: list[dict]) -> dict:
    """The best (wall, CPU) of each timing over several processes' results."""
    merged: dict[str, dict] = {}
    for result in results:
        for name, phases in result.items():
            for phase, seconds in phases.items():
                old = merged.setdefault(name, {}).get(phase, (float("inf"), float("inf")))
                merged[name][phase] = tuple(map(min, old, seconds))
    return merged


def goals(workloads: dict[str, list[tuple[str, str]]], rounds: int, baseline: str = BASELINE) -> None:
    """Print the goals' table (each measured ratio, its target, whether it is met) and the phases."""
    for workload, pairs in workloads.items():
        if workload != "b":
            check_rouge_score_numbers(pairs[:200])
    columns = {name: [[p for p, _ in pairs], [r for _, r in pairs]] for name, pairs in workloads.items()}
    configs = configurations(workloads)
    before_configs = [c for c in configs if c["processes"] == 1]
    tree = checkout(baseline)
    now, before = [], []
    try:
        for _ in range(rounds):
            now.append(run_tree(REPO, columns, configs, 2, peers=True))
            before.append(run_tree(tree, columns, before_configs, 2, peers=False))
    finally:
        shutil.rmtree(tree, ignore_errors=True)
    now, before = _merge(now), _merge(before)
    rows = []

    def row(goal: str, measured: float, target: str, met: bool) -> None:
        rows.append(f"| {goal} | {measured:.2f} | {target} | {'yes' if met else 'NO'} |")

    for config in configs:
        name, wall = config["name"], now[config["name"]]["compute"][0]
        if config["tokenizer"] == "rouge-score":
            loop, batch = now[name]["rs loop"][0], now[name]["rs batch"][0]
            row(
                f"1. ({name}) compute() / rouge-score-rs RougeScorer.score loop",
                loop / wall,
                ">= 1.0",
                loop >= wall,
            )
            row(
                f"1. ({name}) compute() / rouge-score-rs score_batch",
                batch / wall,
                ">= 0.7",
                batch >= 0.7 * wall,
            )
            kurenai = now[name]["kurenai"][0] / KURENAI_PAIRS * config["pairs"]
            default = now[name.replace("rouge-score", "default")]["compute"][0]
            row(
                f"2. ({config['workload']}) compute(), default tokenizer, 1 process / kurenai 0.1.0",
                kurenai / default,
                ">= 50" if config["workload"] == "a" else "",
                kurenai >= 50 * default,
            )
        elif "engine" in config["phases"]:
            speedup = before[name]["compute"][0] / wall
            row(f"2. ({name}) compute(), 1 process / {baseline}", speedup, ">= 2", speedup >= 2)
            overhead = 100 * (now[name]["compute"][1] / now[name]["engine"][1] - 1)
            row(f"3. ({name}) compute()'s CPU over the raw engine's, %", overhead, "<= 10", overhead <= 10)
        elif config["processes"] is None:
            ratio = now[name.replace("xall", "x1")]["compute"][0] / wall
            row(f"4. ({name[:-5]} pairs) every CPU / 1 process, wall", ratio, "> 1", ratio > 1)
    print(f"\n### Issue 13's goals: compute() now, {baseline} ('today') and the peers, same run\n")
    print("| goal | measured | target | met |\n|---|---:|---:|---|")
    print("\n".join(rows))
    print("\n### Where the time of one pair goes (microseconds of CPU, 1 process)\n")
    print(
        "| workload | tree | tokenize | score the pairs | reduce and mean | evaluate's storage | compute() |"
    )
    print("|---|---|---:|---:|---:|---:|---:|")
    for config in configs:
        if "engine" in config["phases"]:
            for label, result in ((baseline, before), ("now", now)):
                cpu = {phase: seconds[1] for phase, seconds in result[config["name"]].items()}
                cells = [
                    cpu["tokenize"],
                    cpu["engine"] - cpu["tokenize"],
                    cpu["score"] - cpu["engine"],
                    cpu["compute"] - cpu["score"],
                    cpu["compute"],
                ]
                micro = " | ".join(f"{1e6 * cell / config['pairs']:.1f}" for cell in cells)
                print(f"| {config['name']} | {label} | {micro} |")


if __name__ == "__main__":
    job = json.loads(Path(sys.argv[1]).read_text())
    print(json.dumps(measure_tree(Path(job.pop("tree")), **job)))
