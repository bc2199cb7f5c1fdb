"""Score a file of predictions against files of references, one example per line.

    python rouge_cli.py --predictions preds.txt --references refs.txt [--references refs2.txt ...]

The metric is ``evaluate.load`` of the kurenai_rouge.py next to this file, so the numbers are
those of ``compute()``. Bad input exits with status 2 and one message naming the file and line.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

METRIC_PATH = Path(__file__).resolve().with_name("kurenai_rouge.py")


class InputError(Exception):
    """A problem with the command line's input, reported as one message and exit status 2."""


def read_lines(path: str) -> list[str]:
    """The lines of a UTF-8 text file (``str.splitlines``), with errors naming the file and line."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise InputError(f"{path}: cannot read the file: {error.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise InputError(
            f"{path}, line {line}: not UTF-8 (byte 0x{data[error.start]:02x} at byte {column} of the line)"
        ) from None
    return text.splitlines()


def read_examples(predictions_path: str, references_paths: list[str]) -> tuple[list[str], list[Any]]:
    """Predictions, and references as strings (one file) or lists (one item per file)."""
    predictions = read_lines(predictions_path)
    if not predictions:
        raise InputError(f"{predictions_path}: the file has no lines: there is nothing to score")
    columns = []
    for path in references_paths:
        lines = read_lines(path)
        if len(lines) < len(predictions):
            raise InputError(
                f"{path} has {len(lines)} lines but {predictions_path} has {len(predictions)}: "
                f"line {len(lines) + 1} of {predictions_path} has no reference"
            )
        if len(lines) > len(predictions):
            raise InputError(
                f"{path} has {len(lines)} lines but {predictions_path} has {len(predictions)}: "
                f"line {len(predictions) + 1} of {path} has no prediction"
            )
        columns.append(lines)
    references = columns[0] if len(columns) == 1 else [list(row) for row in zip(*columns, strict=True)]
    return predictions, references


def build_parser() -> argparse.ArgumentParser:
    """The command line's options: the metric's compute options, plus input and output."""
    parser = argparse.ArgumentParser(prog="rouge_cli.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--predictions", required=True, help="file of predictions, one per line")
    parser.add_argument(
        "--references", required=True, action="append", help="file of references; repeat for several"
    )
    parser.add_argument(
        "--tokenizer",
        default=None,
        help="a registered tokenizer name (default: the one --language picks, else whitespace)",
    )
    parser.add_argument(
        "--language", default=None, help="the texts' language, an ISO 639-1 code such as ru, hi or th"
    )
    parser.add_argument(
        "--rouge-types",
        default="rouge1,rouge2,rougeL,rougeLsum",
        help="comma-separated rouge types (default: %(default)s)",
    )
    parser.add_argument("--use-stemmer", action="store_true", help="Porter-stem ASCII tokens")
    parser.add_argument("--split-summaries", action="store_true", help="rougeLsum splits sentences")
    parser.add_argument(
        "--multi-ref", default="best", help="with several --references: best (default) or avg"
    )
    parser.add_argument("--detailed", action="store_true", help="also precision and recall")
    parser.add_argument("--bootstrap", action="store_true", help="also a bootstrap confidence interval")
    parser.add_argument("--confidence-level", type=float, default=0.95, help="default %(default)s")
    parser.add_argument("--n-samples", type=int, default=1000, help="resamples, default %(default)s")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed, default %(default)s")
    parser.add_argument("--engine", default="fast", help="fast (default) or kurenai")
    parser.add_argument(
        "--format",
        choices=["json", "table", "csv"],
        default="json",
        help="json or table: the aggregate and the signature; csv: per-example scores in kurenai's "
        "layout (id,rouge1-P,rouge1-R,rouge1-F,...), the signature on stderr",
    )
    return parser


def format_table(result: dict[str, Any], rouge_types: list[str]) -> str:
    """One row per rouge type, one column per measure (fmeasure, precision, ..., _low, _high)."""
    measures = {"fmeasure": "", "precision": "_precision", "recall": "_recall"}
    bounds = ["", "_low", "_high"]
    columns = {name + bound: suffix + bound for name, suffix in measures.items() for bound in bounds}
    names, suffixes = zip(*((n, s) for n, s in columns.items() if rouge_types[0] + s in result), strict=True)
    width = max(map(len, rouge_types)) + 2
    lines = ["type".ljust(width) + "".join(name.rjust(16) for name in names)]
    for rouge_type in rouge_types:
        lines.append(rouge_type.ljust(width) + "".join(f"{result[rouge_type + s]:16.6f}" for s in suffixes))
    lines.append(f"signature: {result['signature']}")
    return "\n".join(lines)


def format_csv(result: dict[str, Any], rouge_types: list[str]) -> str:
    """Per-example precision, recall and F, as kurenai's command line writes them."""
    ordered = sorted(rouge_types)
    lines = ["id" + "".join(f",{t}-P,{t}-R,{t}-F" for t in ordered)]
    for i in range(len(result[ordered[0]])):
        values = (result[key][i] for t in ordered for key in (f"{t}_precision", f"{t}_recall", t))
        lines.append(str(i) + "".join(f",{value:.6f}" for value in values))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> str:
    """Score the files as ``args`` asks and return the text to print."""
    if args.bootstrap and args.format == "csv":
        raise InputError("--bootstrap needs an aggregate: use --format json or --format table")
    predictions, references = read_examples(args.predictions, args.references)
    import evaluate  # after the input is read: a bad file is reported without the slow import

    rouge_types = [t.strip() for t in args.rouge_types.split(",") if t.strip()]
    per_example = args.format == "csv"
    try:
        result = evaluate.load(str(METRIC_PATH)).compute(
            predictions=predictions,
            references=references,
            rouge_types=rouge_types,
            use_aggregator=not per_example,
            use_stemmer=args.use_stemmer,
            tokenizer=args.tokenizer,
            language=args.language,
            split_summaries=args.split_summaries,
            multi_ref=args.multi_ref,
            detailed=args.detailed or per_example,
            bootstrap=args.bootstrap,
            confidence_level=args.confidence_level,
            n_samples=args.n_samples,
            seed=args.seed,
            engine=args.engine,
            return_signature=True,
        )
    except ValueError as error:
        raise InputError(str(error)) from None
    if per_example:
        print(f"signature: {result['signature']}", file=sys.stderr)
        return format_csv(result, rouge_types)
    if args.format == "table":
        return format_table(result, rouge_types)
    return json.dumps(result, ensure_ascii=False, indent=2)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (0, or 2 for bad input)."""
    args = build_parser().parse_args(argv)
    try:
        print(run(args))
    except InputError as error:
        print(f"rouge_cli.py: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
