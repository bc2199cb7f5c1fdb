"""Issue 23's goals: compute() on real English, Japanese and Chinese outputs against the peers, same run.

Run by ``python benchmarks/bench.py --scripts [--shared-data DIR]``. It reads three files of
../shared/data next to the repository, or of DIR (third-party outputs, never copied into the
project): CNN/DM highlights and BART outputs, livedoor news titles and two T5 runs, LCSTS summaries
and four models. Each set's (reference, prediction) pairs, every prediction column in turn, are
repeated up to ``PAIRS`` pairs (the sets hold 100, 732 and 48 pairs). In one process
(``KURENAI_ROUGE_PROCESSES=1``), compute() with each tokenizer and the peers score the same pairs,
taking turns, each keeping its best round (of wall time and of CPU time apart): rouge-score-rs
0.2.1's ``score_batch`` with its UnicodeTokenizer and CharacterTokenizer (Rust, on every core), and
kurenai 0.1.0 (the first ``KURENAI_PAIRS`` pairs, its rate scaled). The columns "no repeats" are
compute() with the engine's cache of tokenized texts emptied before every text, so that each
repeated text is tokenized again, as in a batch without repeats.
"""

from __future__ import annotations

import csv
import os
import shutil
import tempfile
import warnings
from pathlib import Path
from unittest import mock

from bench_goals import REPO, load_metric, timed

DATA = REPO.parent / "shared" / "data"
FILES = {
    "English CNN/DM": "cnndm_mini_ref_pred.tsv",
    "Japanese livedoor titles": "livedoor_t5_titles.tsv",
    "Chinese LCSTS outputs": "clge_lcsts_sample_system_outputs.tsv",
}
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
TOKENIZERS = {"word": "word", "cjk": "cjk", "char": "char", "default": None}
PAIRS = 5000
KURENAI_PAIRS = 500
# Issue 23's goals: (tokenizer, peer, the least ratio), on every data set but where a set is named.
GOALS = [
    ("word", "rs unicode", 1.0, "English CNN/DM"),
    ("cjk", "rs unicode", 1.0, None),
    ("char", "rs character", 1.0, None),
    ("default", "kurenai", 40.0, "English CNN/DM"),
]


def read_pairs(path: Path) -> tuple[list[str], list[str]]:
    """(predictions, references): every prediction column of the TSV file with its reference, to PAIRS."""
    with path.open(newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file, delimiter="\t"))
    columns = [name for name in rows[0] if name.startswith("pred")]
    pairs = [(row[column], row["reference"]) for column in columns for row in rows]
    pairs = (pairs * -(-PAIRS // len(pairs)))[:PAIRS]
    return [p for p, _ in pairs], [r for _, r in pairs]


def runs(metric, rouge_engine, predictions: list[str], references: list[str]) -> dict:
    """name: (pairs scored, function) of every timing on one data set."""
    from kurenai.rouge_scorer import RougeScorer as KurenaiScorer
    from rouge_score_rs.rouge_scorer import RougeScorer as RsScorer
    from rouge_score_rs.tokenizers import CharacterTokenizer, UnicodeTokenizer

    def compute(tokenizer):
        return lambda: metric.compute(
            predictions=predictions, references=references, tokenizer=tokenizer, rouge_types=TYPES
        )

    def without_cache(function):
        def run():
            with mock.patch.object(rouge_engine, "DOCUMENTS", 0):
                return function()

        return run

    unicode, character = (
        RsScorer(TYPES, tokenizer=UnicodeTokenizer()),
        RsScorer(TYPES, tokenizer=CharacterTokenizer()),
    )
    kurenai = KurenaiScorer(TYPES)
    few = list(zip(references[:KURENAI_PAIRS], predictions[:KURENAI_PAIRS], strict=True))
    timings = {name: (PAIRS, compute(tokenizer)) for name, tokenizer in TOKENIZERS.items()}
    timings.update(
        {
            f"{name}, no repeats": (PAIRS, without_cache(compute(tokenizer)))
            for name, tokenizer in TOKENIZERS.items()
        }
    )
    timings["rs unicode"] = (PAIRS, lambda: unicode.score_batch(references, predictions))
    timings["rs character"] = (PAIRS, lambda: character.score_batch(references, predictions))
    timings["kurenai"] = (len(few), lambda: [kurenai.score(r, p) for r, p in few])
    return timings


def scripts(rounds: int, data: Path = DATA) -> None:
    """Print issue 23's table (pairs/s, best of ``rounds``) and its goals' ratios, on ``data``'s files."""
    os.environ["KURENAI_ROUGE_PROCESSES"] = "1"
    sandbox = Path(tempfile.mkdtemp(prefix="kurenai_rouge_scripts_"))
    try:
        metric = load_metric(REPO, sandbox)
        # The engine module, whose cache "no repeats" turns off.
        from kurouge.engine import engines as rouge_engine

        warnings.simplefilter("ignore", UserWarning)  # word and cjk on unsegmented text: measured anyway

        sets = {name: read_pairs(data / file) for name, file in FILES.items() if (data / file).exists()}
        if not sets:
            print(f"\nno data in {data}: issue 23's goals were not measured")
            return
        timings = {name: runs(metric, rouge_engine, *columns) for name, columns in sets.items()}
        for timing in timings.values():  # once before timing: imports, compiled patterns, first calls
            for _, function in timing.values():
                function()
        best = {name: dict.fromkeys(timing, (float("inf"), float("inf"))) for name, timing in timings.items()}
        for _ in range(rounds):
            for name, timing in timings.items():
                for key, (_, function) in timing.items():
                    best[name][key] = tuple(map(min, best[name][key], timed(function)))
    finally:
        shutil.rmtree(sandbox, ignore_errors=True)
    # Pairs per second of wall time, and per CPU second (rouge-score-rs's threads summed).
    rate, cpu_rate = (
        {name: {key: timings[name][key][0] / row[key][kind] for key in row} for name, row in best.items()}
        for kind in (0, 1)
    )
    columns = [
        *TOKENIZERS,
        *(f"{name}, no repeats" for name in TOKENIZERS),
        "rs unicode",
        "rs character",
        "kurenai",
    ]
    print(f"\n### Issue 23: pairs per second, {PAIRS:,} pairs, 1 process, best of {rounds} rounds\n")
    print(f"load average after the run: {', '.join(f'{load:.1f}' for load in os.getloadavg())}\n")
    print("| data | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for name, row in rate.items():
        print(f"| {name} | " + " | ".join(f"{row[column]:,.0f}" for column in columns) + " |")
    print(
        "\n| goal | data | ratio | no repeats | ratio of CPU rates | no repeats, CPU | target | met |\n"
        "|---|---|---:|---:|---:|---:|---:|---|"
    )
    for tokenizer, peer, target, only in GOALS:
        for name in rate:
            if only in (None, name):
                ratios = [
                    rates[name][column] / rates[name][peer]
                    for rates in (rate, cpu_rate)
                    for column in (tokenizer, f"{tokenizer}, no repeats")
                ]
                cells = " | ".join(f"{ratio:.2f}" for ratio in ratios)
                met = "yes" if ratios[0] >= target else "NO"
                print(f"| {tokenizer} / {peer} | {name} | {cells} | >= {target:g} | {met} |")
