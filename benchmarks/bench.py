"""Pairs per second of kurenai_rouge's engine next to kurenai, rouge-score-rs and rapidrouge.

Run from the repository root after `pip install -r requirements-bench.txt`:

    python benchmarks/bench.py                          # the full run (several minutes)
    python benchmarks/bench.py --goals                  # issue 13's goals for compute() only
    python benchmarks/bench.py --goals --data file.tsv  # and on a file of real outputs
    python benchmarks/bench.py --scripts                # issue 30's goals on ../shared/data's outputs
    python benchmarks/bench.py --quick                  # fewer pairs, for a smoke test

Every workload is generated with a fixed seed, and every engine scores the same texts in the
same run, so the printed ratios compare like with like on this machine.
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path
from unittest import mock

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench_goals import cpu_seconds, goals  # noqa: E402
from bench_scripts import DATA, languages, scripts  # noqa: E402
from kurenai.rouge_scorer import RougeScorer as KurenaiScorer  # noqa: E402
from rapidrouge import RougeScorer as RapidScorer  # noqa: E402
from rouge_score_rs import _rougers  # noqa: E402
from rouge_score_rs.rouge_scorer import RougeScorer as RsScorer  # noqa: E402
from rouge_score_rs.tokenizers import CharacterTokenizer as RsCharacterTokenizer  # noqa: E402
from rouge_score_rs.tokenizers import DefaultTokenizer as RsDefaultTokenizer  # noqa: E402

from kurouge.engine import engines as rouge_engine  # noqa: E402
from kurouge.engine.engines import TokenEngine, score_tokens  # noqa: E402
from kurouge.tokenizers.registry import WhitespaceTokenizer  # noqa: E402
from kurouge.tokenizers.sentences import split_sentences  # noqa: E402

DEFAULT_TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


class CharTokenizer:
    """Character-level tokens: every character except whitespace (for text without spaces)."""

    signature = "chars"

    def tokenize(self, text: str) -> list[str]:
        return [c for c in text if not c.isspace()]


def newline_sentences(text: str) -> list[str]:
    return split_sentences(text)


def zipf_sampler(rng: random.Random, items: list[str]):
    weights = [1 / (rank + 1) for rank in range(len(items))]
    return lambda k: rng.choices(items, weights, k=k)


def mutate(rng: random.Random, tokens: list[str], sample) -> list[str]:
    """A prediction made from a reference: keep 70%, replace 20%, drop 10%."""
    out = []
    for token in tokens:
        roll = rng.random()
        if roll < 0.7:
            out.append(token)
        elif roll < 0.9:
            out.extend(sample(1))
    return out


def english_pairs(count: int, seed: int = 1) -> list[tuple[str, str]]:
    """(prediction, reference): ~3 sentences, ~55 words, one sentence per line."""
    rng = random.Random(seed)
    syllables = ["ka", "to", "ri", "mo", "sen", "da", "lu", "pe", "ar", "in", "ost", "ve", "bel", "co"]
    words = sorted({"".join(rng.choices(syllables, k=rng.randint(1, 3))) for _ in range(3000)})
    rng.shuffle(words)
    sample = zipf_sampler(rng, words)
    pairs = []
    for _ in range(count):
        sentences = [sample(rng.randint(14, 22)) for _ in range(3)]
        reference = "\n".join(" ".join(s).capitalize() + "." for s in sentences)
        prediction = "\n".join(" ".join(mutate(rng, s, sample)).capitalize() + "." for s in sentences)
        pairs.append((prediction, reference))
    return pairs


def japanese_pairs(count: int, seed: int = 2) -> list[tuple[str, str]]:
    """(prediction, reference): ~4 sentences, ~240 characters, one sentence per line."""
    rng = random.Random(seed)
    kana = [chr(c) for c in range(0x3041, 0x3094)] + [chr(c) for c in range(0x30A1, 0x30F5)]
    kanji = list("日本語学生先年大人中国会社時間今天気雨晴東京都市場所事業者自分出来上下前後新聞電車話")
    characters = kanji + kana + ["、"] * 3
    rng.shuffle(characters)
    sample = zipf_sampler(rng, characters)
    pairs = []
    for _ in range(count):
        sentences = [sample(rng.randint(45, 75)) for _ in range(4)]
        reference = "\n".join("".join(s) + "。" for s in sentences)
        prediction = "\n".join("".join(mutate(rng, s, sample)) + "。" for s in sentences)
        pairs.append((prediction, reference))
    return pairs


def read_pairs(path: Path) -> list[tuple[str, str]]:
    """(prediction, reference) pairs of a TSV file with a header: 'reference' and 'prediction...' columns.

    A file of fewer than 3,000 pairs is repeated up to 3,000.
    """
    with path.open(newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file, delimiter="\t"))
    prediction = next(name for name in rows[0] if name.startswith("prediction"))
    pairs = [(row[prediction], row["reference"]) for row in rows]
    # A small file is repeated up to 3,000 pairs, so that a call's fixed costs do not decide its rate.
    return (pairs * -(-3000 // len(pairs)))[: max(3000, len(pairs))]


def rates(runs: dict[str, tuple[int, callable]], rounds: int) -> list[tuple[str, float, float]]:
    """(name, pairs per wall second, pairs per CPU second) of each ``name: (pairs, function)``.

    Each is the best of ``rounds`` rounds, the engines taking turns, so that the noise of a shared
    machine falls on all of them alike. Wall time is what a user waits; CPU time (summed over
    processes) is the work done, which other jobs on the machine disturb much less.
    """
    wall = dict.fromkeys(runs, float("inf"))
    cpu = dict.fromkeys(runs, float("inf"))
    for _ in range(rounds):
        for name, (_, function) in runs.items():
            start, start_cpu = time.perf_counter(), cpu_seconds()
            function()
            wall[name] = min(wall[name], time.perf_counter() - start)
            cpu[name] = min(cpu[name], cpu_seconds() - start_cpu)
    return [(name, pairs / wall[name], pairs / cpu[name]) for name, (pairs, _) in runs.items()]


def ours(types, tokenizer, pairs, processes: int) -> list[list[dict]]:
    engine = TokenEngine(types, tokenizer, newline_sentences)
    engine.processes = processes
    return engine.score_batch([p for p, _ in pairs], [[r] for _, r in pairs])


def ours_in_python(types, tokenizer, pairs) -> list[list[dict]]:
    """``ours`` in one process with the Python layer scoring every type (rouge-score-rs left out)."""
    with mock.patch.object(rouge_engine, "native_batch", lambda pairs, *args: [{} for _ in pairs]):
        return ours(types, tokenizer, pairs, 1)


def peer_rows(types, tokenizer, native_tokenizer, pairs, kurenai_count: int, rounds: int) -> list:
    """Pairs/s of each engine on ``pairs``; kurenai scores only the first ``kurenai_count``.

    The last row is rouge-score-rs at its fastest: ``native_tokenizer`` (one of its own, in Rust)
    and ``score_batch`` on every core. Its tokens are not ``tokenizer``'s, so it is not the same work.
    """
    few = pairs[:kurenai_count]
    kurenai = KurenaiScorer(types, tokenizer=tokenizer)
    expected = [{t: tuple(s) for t, s in kurenai.score(r, p).items()} for p, r in few]
    assert [row[0] for row in ours(types, tokenizer, few, 1)] == expected, "numbers differ from kurenai's"
    assert ours(types, tokenizer, pairs, 2) == ours(types, tokenizer, pairs, 1), "2 processes differ from 1"
    assert [row[0] for row in ours_in_python(types, tokenizer, few)] == expected, "Python layer differs"
    rs = RsScorer(types, tokenizer=tokenizer)
    native = RsScorer(types, tokenizer=native_tokenizer)
    return rates(
        {
            "kurenai 0.1.0 (RougeScorer, same tokenizer)": (
                len(few),
                lambda: [kurenai.score(r, p) for p, r in few],
            ),
            "rouge-score-rs 0.2.1, same tokenizer (tokens from Python)": (
                len(pairs),
                lambda: [rs.score(r, p) for p, r in pairs],
            ),
            "kurenai_rouge engine, 1 process": (len(pairs), lambda: ours(types, tokenizer, pairs, 1)),
            "kurenai_rouge engine, Python layer only, 1 process": (
                len(pairs),
                lambda: ours_in_python(types, tokenizer, pairs),
            ),
            f"kurenai_rouge engine, 2 processes ({len(pairs):,} pairs)": (
                len(pairs),
                lambda: ours(types, tokenizer, pairs, 2),
            ),
            f"rouge-score-rs, its own {type(native_tokenizer).__name__} (other tokens), score_batch": (
                len(pairs),
                lambda: native.score_batch([r for _, r in pairs], [p for p, _ in pairs]),
            ),
        },
        rounds,
    )


def scoring_only_rows(types, tokenizer, pairs, rounds: int) -> list:
    """Pre-tokenized pairs: rouge-score-rs's score_documents against score_tokens."""

    def doc(text):
        return tokenizer.tokenize(text), [tokenizer.tokenize(s) for s in newline_sentences(text)]

    docs = [(doc(p), doc(r)) for p, r in pairs]
    native = _rougers.Scorer(types, False)
    return rates(
        {
            "rouge-score-rs Scorer.score_documents, pre-tokenized": (
                len(docs),
                lambda: [native.score_documents(r[0], r[1], p[0], p[1]) for p, r in docs],
            ),
            "kurenai_rouge score_tokens, pre-tokenized (the same Rust kernel inside)": (
                len(docs),
                lambda: [score_tokens(r[0], p[0], r[1], p[1], types) for p, r in docs],
            ),
        },
        rounds,
    )


def rapid_rows(tokenizer, pairs, rounds: int) -> list:
    """rougeL alone: rapidrouge's bit-parallel rougeL against ours."""
    rapid = RapidScorer(["rougeL"], tokenizer=tokenizer)
    return rates(
        {
            "rapidrouge 0.2.0, rougeL only": (len(pairs), lambda: [rapid.score(r, p) for p, r in pairs]),
            "kurenai_rouge engine, rougeL only, 1 process": (
                len(pairs),
                lambda: ours(["rougeL"], tokenizer, pairs, 1),
            ),
        },
        rounds,
    )


def print_table(title: str, rows: list, bases: list[int]) -> None:
    """A markdown table of pairs/s with ratio columns against the rows indexed by ``bases``."""
    names = [rows[i][0].split(" ")[0] for i in bases]
    print(f"\n### {title}\n")
    print(
        "| engine | pairs/s (wall) | "
        + " | ".join(f"x {n}" for n in names)
        + " | pairs per CPU second | "
        + " | ".join(f"x {n} (CPU)" for n in names)
        + " |"
    )
    print("|---|---:|" + "---:|" * (2 * len(bases) + 1))
    for name, wall, cpu in rows:
        ratios = " | ".join(f"{wall / rows[i][1]:.1f}" for i in bases)
        cpu_ratios = " | ".join(f"{cpu / rows[i][2]:.1f}" for i in bases)
        print(f"| {name} | {wall:,.0f} | {ratios} | {cpu:,.0f} | {cpu_ratios} |")


def _status_kib(field: str) -> int:
    """A field of /proc/self/status, in KiB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise KeyError(field)


def peak_memory_mib(function) -> tuple[object, float]:
    """``function()``, and how far it raises this process's resident memory at its peak, in MiB (Linux).

    Resident memory counts every allocation, the Rust kernel's included; writing 5 to
    /proc/self/clear_refs resets the peak (VmHWM) to the current size first.
    """
    Path("/proc/self/clear_refs").write_text("5")
    before = _status_kib("VmRSS")
    result = function()
    return result, (_status_kib("VmHWM") - before) / 1024


LONG_CASES = [
    ("kurenai_rouge", "rougeL", 1, 1, 20_000),
    ("kurenai_rouge", "rougeLsum", 1, 1, 20_000),
    ("kurenai_rouge", "rougeLsum", 200, 200, 20_000),
    ("kurenai_rouge", "rougeLsum", 1, 200, 20_000),
    ("kurenai_rouge", "rougeLsum", 200, 1, 20_000),
    ("rouge-score-rs score_documents", "rougeLsum", 1, 1, 20_000),
    ("kurenai_rouge", "rougeL", 1, 1, 1_000_000),
    ("kurenai_rouge", "rougeLsum", 1, 1, 1_000_000),
]


def long_case(engine_name: str, rouge_type: str, ref_lines: int, pred_lines: int, tokens: int) -> str:
    """One pair of ``tokens`` tokens each, scored once: "<seconds> <CPU seconds> <peak resident MiB added>".

    CPU seconds are this process's: on a shared machine they show the work better than wall time.
    """
    rng = random.Random(3)
    words = [f"w{i}" for i in range(5000)]
    sample = zipf_sampler(rng, words)
    reference = sample(tokens)
    prediction = (mutate(rng, reference, sample) + sample(tokens))[:tokens]

    def lines(tokens, count):
        size = len(tokens) // count
        return "\n".join(" ".join(tokens[i : i + size]) for i in range(0, len(tokens), size))

    texts = [lines(prediction, pred_lines)], [[lines(reference, ref_lines)]]
    if engine_name == "kurenai_rouge":
        engine = TokenEngine([rouge_type], WhitespaceTokenizer(), newline_sentences)
        run = lambda: engine.score_batch(*texts)  # noqa: E731
    else:
        tokens = [[t.split() for t in text.split("\n")] for text in (texts[1][0][0], texts[0][0])]
        scorer = _rougers.Scorer([rouge_type], False)
        run = lambda: scorer.score_documents([], tokens[0], [], tokens[1])  # noqa: E731
    start_cpu = time.process_time()
    seconds, peak = peak_memory_mib(lambda: timed(run))
    return f"{seconds:.2f} {time.process_time() - start_cpu:.2f} {peak:.0f}"


def timed(function) -> float:
    """Seconds that ``function()`` takes."""
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def long_inputs() -> None:
    """The long cases, each in a fresh process, so that its peak memory is its own."""
    print("\n### Long inputs: one pair of texts of equal length (whitespace tokens)\n")
    columns = "reference lines | prediction lines | tokens a side | seconds | CPU seconds"
    print(f"| engine | rouge type | {columns} | peak resident MiB added |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for case in LONG_CASES:
        command = [sys.executable, __file__, "--long-case", *map(str, case)]
        measured = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()
        cells = [f"{x:,}" if isinstance(x, int) else x for x in case] + measured
        print(f"| {' | '.join(cells)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer pairs and rounds")
    parser.add_argument("--goals", action="store_true", help="only issue 13's goals for compute()")
    parser.add_argument(
        "--data",
        type=Path,
        help="a TSV file with a header naming a 'reference' column and a 'prediction...' column",
    )
    parser.add_argument(
        "--scripts",
        action="store_true",
        help="only issue 30's goals on English, Japanese and Chinese outputs, distinct and repeated",
    )
    parser.add_argument(
        "--shared-data", type=Path, default=DATA, help=f"the folder of --scripts' data files (default {DATA})"
    )
    parser.add_argument("--long-case", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.long_case:
        engine_name, rouge_type, *sizes = args.long_case
        print(long_case(engine_name, rouge_type, *map(int, sizes)))
        return
    scale = 10 if args.quick else 1
    rounds = 1 if args.quick else 5
    print(
        f"{os.cpu_count()} CPUs (nproc: {len(os.sched_getaffinity(0))}), Python {platform.python_version()}, "
        f"{platform.platform()}, load average before the run: {os.getloadavg()[0]:.1f}"
    )
    if args.scripts:
        scripts(2 if args.quick else 5, args.shared_data)
        languages(2 if args.quick else 5, args.shared_data)
        return
    # Rounds of about a second per engine, interleaved, best of `rounds`: on a shared machine the
    # engines see the same noise. The 2-process rows need batches that TokenEngine finds worth a worker
    # (TokenEngine.parallel_seconds of work after the first chunk).
    workloads = {"a": english_pairs(5000), "b": japanese_pairs(5000)}
    if args.data:
        workloads[args.data.name] = read_pairs(args.data)
    goals(workloads, rounds=1 if args.quick else 3)
    if args.goals:
        return
    english = english_pairs(10_000 // scale)
    title = "(a) English-like, word level, ~3 sentences, ~55 tokens, 4 default types"
    rows = peer_rows(
        DEFAULT_TYPES, WhitespaceTokenizer(), RsDefaultTokenizer(), english, 400 // scale, rounds
    )
    print_table(title, rows, [0, 1])
    rows = scoring_only_rows(DEFAULT_TYPES, WhitespaceTokenizer(), english, rounds)
    print_table("(a) scoring only, same pre-tokenized input", rows, [0])
    print_table("(a) rougeL only", rapid_rows(WhitespaceTokenizer(), english, rounds), [0])

    japanese = japanese_pairs(10_000 // scale)
    title = "(b) Japanese, character level, ~4 sentences, ~240 characters, 4 default types"
    rows = peer_rows(
        DEFAULT_TYPES, CharTokenizer(), RsCharacterTokenizer(), japanese[: 2000 // scale], 40 // scale, rounds
    )
    print_table(title, rows, [0, 1])
    rows = scoring_only_rows(DEFAULT_TYPES, CharTokenizer(), japanese[: 2000 // scale], rounds)
    print_table("(b) scoring only, same pre-tokenized input", rows, [0])
    print_table("(b) rougeL only", rapid_rows(CharTokenizer(), japanese[: 2000 // scale], rounds), [0])

    long_inputs()


if __name__ == "__main__":
    main()
