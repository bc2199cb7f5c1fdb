"""Fit the Space's tokenizing and splitting rates (app_limits), then check the estimate against the time.

``fit``: per registered tokenizer, the CPU time per character of tokenizing texts of
``KURENAI_ROUGE_MAX_CHARS`` characters of each of its inputs (its script as words with spaces,
without spaces, one repeated character, digits, flags, combining marks; those of
bench_long_inputs), and of ``split_sentences(text, True)`` on English and on the issue's
``"a"*700 + " ."*150``. "xlsum" and "xlsum-segmented" are timed per segmenter, in a language that
uses it (``rouge_presets.xlsum_segmenter``), on the inputs of that language's script and on words
and unspaced letters of every other script of bench_long_inputs, with rougeLsum's tokens of the
text (one sentence) as the scorer makes them. The slowest input's rate, with a margin, is printed
as the tables to paste into app_limits.TOKENIZE_SECONDS_PER_CHAR, SEGMENTER_SECONDS_PER_CHAR
(and SPLIT_SECONDS_PER_CHAR).

``check``: per tokenizer (and segmenter) and input, a request of ``--rows`` examples, the four
default rouge types, scored through ``app.score`` as bench_app does, in the segmenter's
language: ``estimate_work``'s seconds, the CPU seconds measured, and their ratio; then the part
the rate estimates (tokenizing, or splitting, with the NFKC length the estimate counts) against
the CPU time of doing it to those texts alone. Both ratios should be at least 1, the tokenizing
one at most 3 on the slowest input: a last table gives, per tokenizer, the lowest ratios and the
tokenizing ratio on its slowest input. Re-run both after changing a tokenizer:

    python3 benchmarks/bench_rates.py fit [--only NAME]
    python3 benchmarks/bench_rates.py check [--only NAME] [--rows 40]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import unicodedata
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("KURENAI_ROUGE_PROCESSES", "1")
os.environ.setdefault("KURENAI_ROUGE_MAX_SECONDS", "100000")  # check times requests over the limit too
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_app import DEFAULT_TYPES, app_score  # noqa: E402
from bench_long_inputs import KINDS, SCRIPTS, hard_text, script_of, sentence_text  # noqa: E402

from kurouge.settings import get_tokenizer  # noqa: E402
from kurouge.space import inputs as app_inputs  # noqa: E402
from kurouge.space import limits as app_limits  # noqa: E402
from kurouge.tokenizers import presets as rouge_presets  # noqa: E402
from kurouge.tokenizers import registry as rouge_text  # noqa: E402
from kurouge.tokenizers import sentences as rouge_sentences  # noqa: E402

MARGIN = 1.5  # the rate fitted is the slowest input's, times this
TEXTS = 20  # texts of each input timed per tokenizer
# A language "xlsum" tokenizes with each of its segmenters.
SEGMENTER_LANGUAGES = {segmenter: language for language, segmenter in rouge_presets.XLSUM_SEGMENTERS.items()}
SEGMENTER_LANGUAGES["pyonmttok"] = "en"


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


@dataclass(frozen=True)
class Case:
    """A tokenizer to time: a registered name, and for one that segments by language, the segmenter."""

    name: str
    segmenter: str | None = None

    @property
    def language(self) -> str | None:
        """The language the tokenizer is built for: one that uses the segmenter, or None."""
        return SEGMENTER_LANGUAGES.get(self.segmenter)

    @property
    def label(self) -> str:
        return f"{self.name} ({self.segmenter}: {self.language})" if self.segmenter else self.name

    def inputs(self, chars: int, count: int) -> dict[str, list[str]]:
        """Its inputs by name: each kind in its script, and for a segmenter every other script's too."""
        script = self.language or self.name
        inputs = {kind: texts_of(script, kind, chars, count) for kind in ("words", *KINDS)}
        if self.segmenter:
            for code, letters in SCRIPTS.items():
                if letters != script_of(script):
                    for kind in ("words", "no spaces"):
                        inputs[f"{code}: {kind}"] = texts_of(code, kind, chars, count)
        return inputs

    def work(self) -> Callable[[str], object]:
        """What the rate pays for per text: its tokens, and rougeLsum's of it (one sentence) if its own."""
        tokenizer = get_tokenizer(self.name, False, self.language)
        sentence = getattr(tokenizer, "tokenize_sentence", None)
        if sentence is None:
            return tokenizer.tokenize
        return lambda text: (tokenizer.tokenize(text), sentence(text))

    def rate(self) -> float:
        return app_limits.tokenize_rate(self.name, self.language)


def cases(only: str | None) -> list[Case]:
    """Every registered tokenizer, per segmenter for those app_limits rates per segmenter."""
    segmenters = sorted(set(SEGMENTER_LANGUAGES))
    every = [
        Case(name, segmenter)
        for name in rouge_text.tokenizer_names()
        for segmenter in (segmenters if name in app_limits.SEGMENTER_SECONDS_PER_CHAR else [None])
    ]
    return [case for case in every if not only or only in case.label]


def fit(chars: int, only: str | None) -> None:
    """Print each tokenizer's rate per input, and the tables of fitted rates."""
    kinds = ("words", *KINDS)
    print("| tokenizer | " + " | ".join(kinds) + " | other scripts: slowest | fitted (µs/char) |")
    print("|---|" + "---|" * (len(kinds) + 2))
    fitted: dict[Case, float] = {}
    for case in cases(only):
        work = case.work()
        rates = {kind: cpu_per_char(work, texts) for kind, texts in case.inputs(chars, TEXTS).items()}
        fitted[case] = max(rates.values()) * MARGIN
        cells = " | ".join(f"{rates[kind] * 1e6:.2f}" for kind in kinds)
        others = {kind: rate for kind, rate in rates.items() if kind not in kinds}
        slowest = max(others, key=others.get) if others else None
        other = f"{others[slowest] * 1e6:.2f} ({slowest})" if slowest else ""
        print(f"| {case.label} | {cells} | {other} | {fitted[case] * 1e6:.2f} |", flush=True)
    if not only:
        split = max(
            cpu_per_char(
                lambda text: rouge_sentences.split_sentences(text, True), [sentence_text(kind, chars)] * TEXTS
            )
            for kind in ("english", "worst")
        )
        print(f"\nsplit_summaries: {split * 1e6:.2f} µs/char, fitted {split * MARGIN * 1e6:.2f}")
        print(f"SPLIT_SECONDS_PER_CHAR = {split * MARGIN * 1e6:.2g}e-6")
    print("\nTOKENIZE_SECONDS_PER_CHAR = {")
    for case, rate in fitted.items():
        if not case.segmenter:
            print(f'    "{case.name}": {rate * 1e6:.2g}e-6,')
    print("}\nSEGMENTER_SECONDS_PER_CHAR = {")
    for name in dict.fromkeys(case.name for case in fitted if case.segmenter):
        print(f'    "{name}": {{')
        for case, rate in fitted.items():
            if case.name == name:
                print(f'        "{case.segmenter}": {rate * 1e6:.2g}e-6,')
        print("    },")
    print("}")


def check(chars: int, rows: int, only: str | None) -> None:
    """Print the estimate and the CPU time of a request per tokenizer and input, and of its tokenizing."""
    print(
        "| tokenizer | input | request estimate (s) | measured CPU (s) | ratio "
        "| tokenizing estimate (s) | tokenizing CPU (s) | ratio |"
    )
    print("|---|---|---|---|---|---|---|---|")
    requests = [
        (case, kind, texts) for case in cases(only) for kind, texts in case.inputs(chars, 2 * rows).items()
    ]
    if not only or only in "whitespace":
        split_case = Case("whitespace")
        for kind in ("english", "worst"):
            requests.append((split_case, f"split: {kind}", [sentence_text(kind, chars)] * (2 * rows)))
    ratios: dict[str, list[tuple[float, float, float]]] = {}  # per tokenizer: request, tokenizing, rate
    for case, kind, texts in requests:
        split = kind.startswith("split")
        if split:
            rate = app_limits.SPLIT_SECONDS_PER_CHAR
            part = lambda text: rouge_sentences.split_sentences(text, True)  # noqa: E731
        else:
            rate = case.rate()
            part = case.work()
        language = case.language or ""
        examples = app_inputs.Examples(texts[:rows], texts[rows:])
        options = (DEFAULT_TYPES, case.name, False, split)
        estimate = app_limits.estimate_work(examples, *options, language=case.language).seconds
        app_score(app_inputs.Examples(["warm up"], ["the tokenizer"]), *options, language)
        start = time.process_time()
        app_score(examples, *options, language)
        measured = time.process_time() - start
        nfkc_chars = sum(max(len(text), len(unicodedata.normalize("NFKC", text))) for text in texts)
        part_estimate = nfkc_chars * rate
        part_measured = cpu_per_char(part, texts) * sum(map(len, texts))
        print(
            f"| {case.label} | {kind} | {estimate:.2f} | {measured:.2f} | {estimate / measured:.2f} "
            f"| {part_estimate:.3f} | {part_measured:.3f} | {part_estimate / part_measured:.2f} |",
            flush=True,
        )
        label = "split_summaries" if split else case.label
        ratios.setdefault(label, []).append(
            (estimate / measured, part_estimate / part_measured, part_measured / nfkc_chars)
        )
    print(
        "\n| tokenizer | lowest request ratio | lowest tokenizing ratio | tokenizing ratio, slowest input |"
    )
    print("|---|---|---|---|")
    for label, measured_rows in ratios.items():
        request, tokenizing, _ = (min(column) for column in zip(*measured_rows, strict=True))
        slowest = max(measured_rows, key=lambda row: row[2])[1]
        print(f"| {label} | {request:.2f} | {tokenizing:.2f} | {slowest:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["fit", "check"])
    parser.add_argument("--only", help="the tokenizers whose name (and segmenter) contains this")
    parser.add_argument("--rows", type=int, default=40)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    if args.command == "fit":
        fit(app_limits.LIMITS.chars, args.only)
    else:
        check(app_limits.LIMITS.chars, args.rows, args.only)


if __name__ == "__main__":
    main()
