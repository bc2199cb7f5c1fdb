"""Fit the Space's tokenizing and splitting rates (app_limits), then check the estimate against the time.

``fit``: per registered tokenizer, the CPU time per character of tokenizing texts of
``KURENAI_ROUGE_MAX_CHARS`` characters of each of its inputs (its script as words with spaces,
without spaces, one repeated character, digits, flags, combining marks; those of
bench_long_inputs), and of ``split_sentences(text, True)`` on English and on the issue's
``"a"*700 + " ."*150``. The slowest input's rate, with a margin, is printed as the table to paste
into app_limits.TOKENIZE_SECONDS_PER_CHAR (and SPLIT_SECONDS_PER_CHAR).

``check``: per tokenizer and input, a request of ``--rows`` examples, the four default rouge
types, scored through ``app.score`` as bench_app does: ``estimate_work``'s seconds, the CPU
seconds measured, and their ratio; then the part the rate estimates (tokenizing, or splitting,
with the NFKC length the estimate counts) against the CPU time of tokenizing those texts alone.
Both ratios should be at least 1, the tokenizing one at most 3 on the slowest input. Re-run both
after changing a tokenizer:

    python3 benchmarks/bench_rates.py fit
    python3 benchmarks/bench_rates.py check [--only NAME] [--rows 40]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import unicodedata
import warnings
from pathlib import Path

os.environ.setdefault("KURENAI_ROUGE_PROCESSES", "1")
os.environ.setdefault("KURENAI_ROUGE_MAX_SECONDS", "100000")  # check times requests over the limit too
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_app import DEFAULT_TYPES, app_score  # noqa: E402
from bench_long_inputs import KINDS, hard_text, sentence_text  # noqa: E402

import app_inputs  # noqa: E402
import app_limits  # noqa: E402
import rouge_sentences  # noqa: E402
import rouge_text  # noqa: E402

MARGIN = 1.5  # the rate fitted is the slowest input's, times this
TEXTS = 20  # texts of each input timed per tokenizer


def texts_of(name: str, kind: str, chars: int, count: int) -> list[str]:
    """``count`` different texts of ``chars`` characters of input ``kind`` for tokenizer ``name``."""
    if kind == "words":  # five letters and a space
        letters = [hard_text(name, "no spaces", chars + seed) for seed in range(count)]
        return [" ".join(text[i : i + 5] for i in range(0, chars, 6))[:chars] for text in letters]
    return [hard_text(name, kind, chars + seed)[:chars] for seed in range(count)]


def cpu_per_char(function, texts: list[str]) -> float:
    """CPU seconds per character of ``function`` over ``texts`` (after one warm-up call)."""
    function(texts[0][:50])
    start = time.process_time()
    for text in texts:
        function(text)
    return (time.process_time() - start) / sum(map(len, texts))


def fit(chars: int) -> None:
    """Print each tokenizer's rate per input, and the table of fitted rates."""
    kinds = ("words", *KINDS)
    print("| tokenizer | " + " | ".join(kinds) + " | fitted (µs/char) |")
    print("|---|" + "---|" * (len(kinds) + 1))
    fitted = {}
    for name in rouge_text.tokenizer_names():
        tokenize = rouge_text.get_tokenizer(name).tokenize
        rates = [cpu_per_char(tokenize, texts_of(name, kind, chars, TEXTS)) for kind in kinds]
        fitted[name] = max(rates) * MARGIN
        cells = " | ".join(f"{rate * 1e6:.2f}" for rate in rates)
        print(f"| {name} | {cells} | {fitted[name] * 1e6:.2f} |", flush=True)
    split = max(
        cpu_per_char(
            lambda text: rouge_sentences.split_sentences(text, True), [sentence_text(kind, chars)] * TEXTS
        )
        for kind in ("english", "worst")
    )
    print(f"\nsplit_summaries: {split * 1e6:.2f} µs/char, fitted {split * MARGIN * 1e6:.2f}\n")
    print("TOKENIZE_SECONDS_PER_CHAR = {")
    for name, rate in fitted.items():
        print(f'    "{name}": {rate * 1e6:.2g}e-6,')
    print("}")
    print(f"SPLIT_SECONDS_PER_CHAR = {split * MARGIN * 1e6:.2g}e-6")


def check(chars: int, rows: int, only: str | None) -> None:
    """Print the estimate and the CPU time of a request per tokenizer and input, and of its tokenizing."""
    print(
        "| tokenizer | input | request estimate (s) | measured CPU (s) | ratio "
        "| tokenizing estimate (s) | tokenizing CPU (s) | ratio |"
    )
    print("|---|---|---|---|---|---|---|---|")
    requests = [(name, kind) for name in rouge_text.tokenizer_names() for kind in ("words", *KINDS)]
    requests += [("whitespace", "split: english"), ("whitespace", "split: worst")]
    for name, kind in requests:
        if only and only not in name:
            continue
        split = kind.startswith("split")
        if split:
            texts = [sentence_text(kind.removeprefix("split: "), chars)] * (2 * rows)
            rate = app_limits.SPLIT_SECONDS_PER_CHAR
            part = lambda text: rouge_sentences.split_sentences(text, True)  # noqa: E731
        else:
            texts = texts_of(name, kind, chars, 2 * rows)
            rate = app_limits.TOKENIZE_SECONDS_PER_CHAR[name]
            part = rouge_text.get_tokenizer(name).tokenize
        examples = app_inputs.Examples(texts[:rows], texts[rows:])
        estimate = app_limits.estimate_work(examples, DEFAULT_TYPES, name, False, split).seconds
        app_score(app_inputs.Examples(["warm up"], ["the tokenizer"]), DEFAULT_TYPES, name, False, split)
        start = time.process_time()
        app_score(examples, DEFAULT_TYPES, name, False, split)
        measured = time.process_time() - start
        nfkc_chars = sum(max(len(text), len(unicodedata.normalize("NFKC", text))) for text in texts)
        part_estimate = nfkc_chars * rate
        part_measured = cpu_per_char(part, texts) * sum(map(len, texts))
        print(
            f"| {name} | {kind} | {estimate:.2f} | {measured:.2f} | {estimate / measured:.2f} "
            f"| {part_estimate:.3f} | {part_measured:.3f} | {part_estimate / part_measured:.2f} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["fit", "check"])
    parser.add_argument("--only", help="check the tokenizers whose name contains this")
    parser.add_argument("--rows", type=int, default=40)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    if args.command == "fit":
        fit(app_limits.LIMITS.chars)
    else:
        check(app_limits.LIMITS.chars, args.rows, args.only)


if __name__ == "__main__":
    main()
