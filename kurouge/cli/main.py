"""Score a file of predictions against files of references, one example per line.

    kurenai-rouge --predictions preds.txt --references refs.txt [--references refs2.txt ...]
    kurenai-rouge --predictions sys.txt [--predictions sys2.txt ...] --baseline base.txt \
        --references refs.txt

``kurenai-rouge lm-eval-path`` prints the include path of the lm-evaluation-harness tasks shipped
in the package (kurouge/harnesses/lm_eval_tasks).

With ``--baseline`` each system is compared with the baseline by a paired significance test
(``compare()``): means, difference, its interval and the p-value per rouge type.

The numbers are those of the metric's ``compute()`` and ``compare()``: the command line runs the same
code (kurouge.api) without importing evaluate, so it starts in well under a
second. Bad input exits with status 2 and one message naming the file and line; a warning prints as
one line.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kurouge.implementations.registry import has_precision_recall
from kurouge.wording import counted

ALL_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")

# The largest input file read (1 GiB): more would not fit in memory once scored.
MAX_FILE_BYTES = 1 << 30


class InputError(Exception):
    """A problem with the command line's input, reported as one message and exit status 2."""


def read_lines(path: str, *, lone_cr_ends_line: bool = False) -> list[str]:
    """The lines of a UTF-8 text file, with errors naming the file and line.

    A line is what ``"\\n"`` ends (the last one may lack it), without a ``"\\r"`` before it:
    U+2028, U+0085, form feeds and the like are characters of a line, not ends of lines, as in the
    Space's JSONL reader. With ``lone_cr_ends_line`` a ``"\r"`` alone ends a line too, as in
    Python's text mode (files2rouge reads its files so). A byte order mark at the start (as Windows
    editors write) is not part of the first line. A file of more than ``MAX_FILE_BYTES`` bytes
    (``/dev/zero``, say) is refused.
    """
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise InputError(f"{path}: cannot read the file: {error.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(
            f"{path}: the file is larger than {MAX_FILE_BYTES:,} bytes, the limit "
            "(kurouge.cli.main.MAX_FILE_BYTES); split it, or score it through compute()"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise InputError(
            f"{path}, line {line}: not UTF-8 (byte 0x{data[error.start]:02x} at byte {column} of the line)"
        ) from None
    text = text.removeprefix("\ufeff")
    if lone_cr_ends_line:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


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
                f"{path} has {counted(len(lines), 'line')} but {predictions_path} has {len(predictions):,}: "
                f"line {len(lines) + 1} of {predictions_path} has no reference"
            )
        if len(lines) > len(predictions):
            raise InputError(
                f"{path} has {counted(len(lines), 'line')} but {predictions_path} has {len(predictions):,}: "
                f"line {len(predictions) + 1} of {path} has no prediction"
            )
        columns.append(lines)
    references = columns[0] if len(columns) == 1 else [list(row) for row in zip(*columns, strict=True)]
    return predictions, references


def warn_of_empty_lines(
    predictions_path: str,
    predictions: list[str],
    references_paths: list[str],
    references: list[Any],
    noun: str = "prediction",
) -> None:
    """An :class:`EmptyLinesWarning` for each file of ``read_examples`` that has empty lines.

    ``noun`` names the lines of ``predictions_path`` (a baseline's are "baseline output").
    """
    columns = [references] if len(references_paths) == 1 else [list(c) for c in zip(*references, strict=True)]
    files = [(predictions_path, predictions, noun)]
    files += [(path, lines, "reference") for path, lines in zip(references_paths, columns, strict=True)]
    for path, lines, noun in files:
        message = empty_lines_message(path, lines, noun)
        if message:
            warnings.warn(message, EmptyLinesWarning, stacklevel=2)


class EmptyLinesWarning(UserWarning):
    """Some lines of a file are empty (or only spaces): each such text scores 0."""


SHOWN_LINES = 5  # empty lines named in a warning; more are counted


def empty_lines_message(path: str, lines: list[str], noun: str) -> str | None:
    """What an :class:`EmptyLinesWarning` says of ``path``'s empty ``lines``, or None if it has none.

    >>> print(empty_lines_message("p.txt", ["a", "", " ", "b"], "prediction"))
    2 of 4 predictions are empty (lines 2 and 3 of p.txt): an empty text scores 0
    >>> print(empty_lines_message("r.txt", [""] * 8, "reference"))
    8 of 8 references are empty (lines 1, 2, 3, 4, 5 and 3 more of r.txt): an empty text scores 0
    """
    numbers = [number for number, line in enumerate(lines, 1) if not line.strip()]
    if not numbers:
        return None
    items = [f"{n:,}" for n in numbers[:SHOWN_LINES]]
    if len(numbers) > SHOWN_LINES:
        items.append(f"{len(numbers) - SHOWN_LINES:,} more")
    where = ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else items[0]
    lines_word = "lines" if len(numbers) > 1 else "line"
    verb = "are" if len(numbers) > 1 else "is"
    return (
        f"{len(numbers):,} of {counted(len(lines), noun)} {verb} empty ({lines_word} {where} of {path}): "
        "an empty text scores 0"
    )


def build_parser() -> argparse.ArgumentParser:
    """The command line's options: the metric's compute options, plus input and output."""
    parser = argparse.ArgumentParser(prog="kurenai-rouge", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--predictions",
        required=True,
        action="append",
        help="file of predictions, one per line; repeat for several systems compared with --baseline",
    )
    parser.add_argument("--baseline", help="file of the baseline's outputs: compare each system with it")
    parser.add_argument(
        "--method",
        choices=["permutation", "bootstrap"],
        default="permutation",
        help="test with --baseline: permutation (default; exact up to 16 examples) or bootstrap",
    )
    parser.add_argument("--correction", choices=["holm"], help="adjust p-values for several systems")
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
        default=None,
        help="comma-separated rouge types (default: rouge1,rouge2,rougeL,rougeLsum, or the tool's own)",
    )
    parser.add_argument(
        "--implementation",
        metavar="TOOL",
        help="score exactly as another tool does: rouge-score, xlsum, ja-mecab, rouge-chinese, rouge "
        "(pltrdy's), sumeval, llama-factory, opencompass or longbench (docs/implementations.md)",
    )
    parser.add_argument(
        "--audit",
        action="store_true",
        help="score the predictions under every implementation that applies to --language, side by side "
        "(× 100), with each rouge type's spread",
    )
    parser.add_argument(
        "--use-stemmer",
        action="store_true",
        help="stem tokens: with --language, its stemmer (Snowball for ru, de, fr and 29 more, Ramanathan "
        "and Rao's for hi, TurkishStemmer for tr, XL-Sum's Bengali suffixes for bn; none for ja, zh, ko, "
        "th and other languages, with a warning); without, Porter on ASCII tokens longer than 3 characters",
    )
    parser.add_argument("--split-summaries", action="store_true", help="rougeLsum splits sentences")
    parser.add_argument(
        "--multi-ref", default="best", help="with several --references: best (default) or avg"
    )
    parser.add_argument("--detailed", action="store_true", help="also precision and recall")
    parser.add_argument("--bootstrap", action="store_true", help="also a bootstrap confidence interval")
    parser.add_argument(
        "--confidence-level",
        type=float,
        default=0.95,
        help="of intervals; with --baseline, p < 1 - level is marked significant (default %(default)s)",
    )
    parser.add_argument(
        "--n-samples", type=int, help="resamples (default 1000 for --bootstrap, 10000 with --baseline)"
    )
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed, default %(default)s")
    parser.add_argument("--engine", default="fast", help="fast (default) or kurenai")
    parser.add_argument(
        "--format",
        choices=["json", "table", "csv"],
        default="json",
        help="json or table: the aggregate and the signature; csv: per-example scores in kurenai's "
        "layout (id,rouge1-P,rouge1-R,rouge1-F,...), the signature on stderr",
    )
    perl = parser.add_argument_group(
        "ROUGE-1.5.5",
        "print ROUGE-1.5.5.pl's own report, numbered as files2rouge runs it (kurouge/rouge155/report.py)",
    )
    perl.add_argument(
        "--rouge155", metavar="FLAGS", help='ROUGE-1.5.5.pl\'s flags, e.g. "-c 95 -r 1000 -n 2 -a -m"'
    )
    perl.add_argument(
        "--eos",
        default=".",
        help='files2rouge\'s sentence separator: a sentence ends after " EOS" (default ".")',
    )
    perl.add_argument(
        "--sentence-per-line",
        action="store_true",
        help="documents are blocks of lines, one sentence per line, between blank lines (pyrouge's files)",
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
    if args.audit:
        return run_audit(args)
    if args.rouge155 is not None:
        if args.implementation not in (None, "ROUGE-1.5.5"):
            raise InputError(
                f"--rouge155 is ROUGE-1.5.5's scoring: drop --implementation {args.implementation}"
            )
        return run_rouge155(args)
    misplaced = given_flags(args, ("eos", "sentence_per_line"))
    if misplaced:
        raise InputError(f"{misplaced[0]} goes with --rouge155: it says how its files are read")
    if args.baseline is not None:
        if args.implementation is not None:
            raise InputError("--baseline compares systems by kurenai_rouge's scoring: drop --implementation")
        return run_comparison(args)
    if len(args.predictions) > 1:
        raise InputError("several --predictions are compared with a --baseline; give one, or add --baseline")
    if args.bootstrap and args.format == "csv":
        raise InputError("--bootstrap needs an aggregate: use --format json or --format table")
    predictions, references = read_examples(args.predictions[0], args.references)
    rouge_types = _rouge_types(args)
    per_example = args.format == "csv"
    if per_example and args.implementation is not None and not _has_precision_recall(args.implementation):
        raise InputError(
            f"--format csv writes precision, recall and F; --implementation {args.implementation} prints F "
            "only: use --format json or table"
        )
    result = _call(
        "score",
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
        n_samples=1000 if args.n_samples is None else args.n_samples,
        seed=args.seed,
        engine=args.engine,
        return_signature=True,
        implementation=args.implementation,
    )
    warn_of_empty_lines(args.predictions[0], predictions, args.references, references)
    rouge_types = rouge_types or [key for key in result if key in ALL_TYPES]
    if per_example:
        print(f"signature: {result['signature']}", file=sys.stderr)
        return format_csv(result, rouge_types)
    if args.format == "table":
        return format_table(result, rouge_types)
    return json.dumps(result, ensure_ascii=False, indent=2)


def run_comparison(args: argparse.Namespace) -> str:
    """Compare each --predictions file with the --baseline file; return the text to print."""
    if args.bootstrap:
        raise InputError(
            "--bootstrap is for scores; with --baseline the interval of each difference is given"
        )
    systems = {}
    for path in args.predictions:
        name = (
            Path(path).stem if sum(Path(p).stem == Path(path).stem for p in args.predictions) == 1 else path
        )
        systems[name] = read_examples(path, args.references)[0]
    baseline, references = read_examples(args.baseline, args.references)
    result = _call(
        "compare",
        predictions=systems,
        baseline=baseline,
        references=references,
        method=args.method,
        correction=args.correction,
        confidence_level=args.confidence_level,
        seed=args.seed,
        rouge_types=_rouge_types(args),
        use_stemmer=args.use_stemmer,
        tokenizer=args.tokenizer,
        language=args.language,
        split_summaries=args.split_summaries,
        multi_ref=args.multi_ref,
        detailed=args.detailed,
        engine=args.engine,
        return_signature=True,
        **({} if args.n_samples is None else {"n_samples": args.n_samples}),
    )
    for path, outputs in zip(args.predictions, systems.values(), strict=True):
        warn_of_empty_lines(path, outputs, args.references, references)
    warn_of_empty_lines(args.baseline, baseline, args.references, references, "baseline output")
    if args.format == "json":
        return json.dumps(result, ensure_ascii=False, indent=2)
    rows = comparison_rows(result, list(systems), args.correction)
    if args.format == "csv":
        print(f"signature: {result['signature']}", file=sys.stderr)
        return "\n".join(",".join(_csv_cell(value) for value in row) for row in rows)
    return format_comparison(rows, args.confidence_level, result["signature"])


# The options of the other scoring, in the order of --help: ROUGE-1.5.5's flags replace them.
REPLACED_BY_ROUGE155 = (
    "method",
    "correction",
    "rouge_types",
    "use_stemmer",
    "split_summaries",
    "multi_ref",
    "detailed",
    "bootstrap",
    "confidence_level",
    "n_samples",
    "seed",
    "engine",
    "format",
)


# What --audit decides for each tool itself.
AUDIT_DROPS = (
    "tokenizer",
    "rouge_types",
    "implementation",
    "use_stemmer",
    "split_summaries",
    "multi_ref",
    "detailed",
    "bootstrap",
    "engine",
    "rouge155",
)


def run_rouge155(args: argparse.Namespace) -> str:
    """ROUGE-1.5.5.pl's report for the files, read as files2rouge or pyrouge would give them to it."""
    from kurouge.rouge155 import compute as rouge155_compute
    from kurouge.rouge155 import report as rouge155_report
    from kurouge.settings import resolve

    if args.baseline is not None or len(args.predictions) > 1:
        raise InputError("--rouge155 scores one --predictions file; it has no --baseline comparison")
    clashing = given_flags(args, REPLACED_BY_ROUGE155)
    if clashing:
        raise InputError(
            f"--rouge155 takes ROUGE-1.5.5's own flags, which decide everything: drop {', '.join(clashing)} "
            f"({rouge155_compute.FLAGS_INSTEAD}; -c, -r for the interval)"
        )
    # files2rouge iterates over its files in text mode, where a lone "\r" ends a line too.
    paths = args.predictions + args.references
    files = [(path, read_lines(path, lone_cr_ends_line=True)) for path in paths]
    try:
        tokens = None
        if args.tokenizer is not None or args.language is not None:
            rouge155_compute.check_flags_for_ids(args.rouge155)
            tokens = resolve(tokenizer=args.tokenizer, language=args.language).tokenizer.tokenize
        return rouge155_report.report_of_files(
            args.rouge155, files, args.eos, args.sentence_per_line, tokenize=tokens
        )
    except ValueError as error:
        raise InputError(str(error)) from None


def _has_precision_recall(implementation: str) -> bool:
    try:
        return has_precision_recall(implementation)
    except ValueError as error:
        raise InputError(str(error)) from None


def given_flags(args: argparse.Namespace, names: Sequence[str]) -> list[str]:
    """The flags among ``names`` (option names) that ``args`` sets away from their defaults."""
    parser = build_parser()
    return [
        "--" + name.replace("_", "-") for name in names if getattr(args, name) != parser.get_default(name)
    ]


def _rouge_types(args: argparse.Namespace) -> list[str] | None:
    if args.rouge_types is None:
        return None
    return [t.strip() for t in args.rouge_types.split(",") if t.strip()]


def run_audit(args: argparse.Namespace) -> str:
    """The predictions under every implementation that applies to --language (``compare_implementations``)."""
    given = given_flags(args, AUDIT_DROPS)
    if given or args.baseline is not None or len(args.predictions) > 1:
        raise InputError(
            "--audit scores one --predictions file under each tool's own options, with --language alone: "
            f"drop {', '.join(given) or '--baseline and the other --predictions'}"
        )
    if args.format == "csv":
        raise InputError("--audit prints a table (--format table) or json")
    predictions, references = read_examples(args.predictions[0], args.references)
    result = _call(
        "compare_implementations", predictions=predictions, references=references, language=args.language
    )
    warn_of_empty_lines(args.predictions[0], predictions, args.references, references)
    if args.format == "json":
        return json.dumps(result, ensure_ascii=False, indent=2)
    return format_audit(result)


def format_audit(result: dict[str, Any]) -> str:
    """The audit as a table: a row per implementation, its values × 100, the spread, the signatures."""
    types = list(result["spread"])
    width = max(len(row["implementation"]) for row in result["rows"]) + 2
    lines = ["implementation".ljust(width) + "".join(t.rjust(10) for t in types)]
    for row in result["rows"]:
        if "error" in row:
            lines.append(row["implementation"].ljust(width) + f"  cannot score: {row['error']}")
            continue
        cells = "".join(f"{row[t]:10.2f}" if t in row else "-".rjust(10) for t in types)
        lines.append(row["implementation"].ljust(width) + cells)
    spread = result["spread"]
    lines.append(
        "spread".ljust(width)
        + "".join("-".rjust(10) if spread[t] is None else f"{spread[t]:10.2f}" for t in types)
    )
    lines.append("signatures:")
    lines += [
        f"  {row['implementation']}: {row['signature']}" for row in result["rows"] if "signature" in row
    ]
    return "\n".join(lines)


def _call(function: str, /, **arguments: Any) -> dict[str, Any]:
    """The library's ``function`` (``kurouge.score``, ``compare``, ...: what the metric's methods run).

    A ValueError (bad option or input) and an ImportError (a missing optional package) become an
    InputError.

    The library's modules are imported here (``kurouge``'s lazy names), after the input is read, so
    that a bad file is reported at once.
    """
    import kurouge

    try:
        return getattr(kurouge, function)(**arguments)
    except (ValueError, ImportError) as error:
        raise InputError(str(error)) from None


def comparison_rows(result: dict[str, Any], systems: list[str], correction: str | None) -> list[list[Any]]:
    """A header, then one row per system and key: means, difference, interval, p-value(s)."""
    keys = [key.removesuffix("_baseline") for key in result if key.endswith("_baseline")]
    header = ["system", "key", "mean", "baseline", "difference", "low", "high", "p_value"]
    suffixes = ["", None, "_difference", "_difference_low", "_difference_high", "_p_value"]
    if correction:
        header.append("p_value_holm")
        suffixes.append("_p_value_holm")
    rows: list[list[Any]] = [header]
    for system in systems:
        for key in keys:
            values = [
                result[f"{key}_baseline"] if s is None else result[f"{system}/{key}{s}"] for s in suffixes
            ]
            rows.append([system, key, *values])
    return rows


def _csv_cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6f}"
    text = str(value)
    return f'"{text.replace(chr(34), chr(34) * 2)}"' if any(c in text for c in ',"\n') else text


def format_comparison(rows: list[list[Any]], confidence_level: float, signature: str) -> str:
    """The comparison as an aligned table; a row the test finds different is marked ``*``.

    ``*``: the last p-value column below ``1 - confidence_level`` and an interval without 0
    (``stats.significance.differs``), so that the mark never contradicts the interval beside it.
    """
    from kurouge.stats.significance import differs

    alpha = 1.0 - confidence_level
    header, *body = rows
    widths = [max(len(str(row[i])) for row in rows) for i in range(2)]
    lines = [
        header[0].ljust(widths[0] + 2) + header[1].ljust(widths[1] + 2)
        + "".join(name.rjust(13) for name in header[2:])
    ]  # fmt: skip
    for row in body:
        line = row[0].ljust(widths[0] + 2) + row[1].ljust(widths[1] + 2)
        line += "".join(f"{value:13.6f}" if i < 2 else f"{value:+13.6f}" for i, value in enumerate(row[2:7]))
        line += "".join(f"{value:13.6f}" for value in row[7:])
        lines.append(line + (" *" if differs(row[-1], row[5], row[6], confidence_level) else ""))
    lines.append(
        f"* p < {alpha:g} (two-sided, the last p-value column) and a {confidence_level:g} interval without 0"
    )
    lines.append(f"signature: {signature}")
    return "\n".join(lines)


# compute()'s options that messages name as Python arguments, and this command line's flags for them.
_OPTION_RE = re.compile(
    r"\b(tokenizer|language|use_stemmer|split_summaries|multi_ref|method|correction|engine|detailed|bootstrap"
    r"|implementation|rouge155)"
    r"=('[^']*'|True)"
)


def as_flags(message: str) -> str:
    """``message`` with compute()'s arguments written as this command line's flags.

    >>> as_flags("use tokenizer='th' or language='th'; use_stemmer=True changes nothing")
    'use --tokenizer th or --language th; --use-stemmer changes nothing'
    """

    def flag(match: re.Match[str]) -> str:
        name, value = match.groups()
        option = "--" + name.replace("_", "-")
        if value == "True":
            return option
        return f'{option} "{value[1:-1]}"' if " " in value else f"{option} {value[1:-1]}"

    return _OPTION_RE.sub(flag, message)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (0, or 2 for bad input).

    Each warning prints once, as one line (with --baseline every system and the baseline are scored).
    """
    arguments = sys.argv[1:] if argv is None else argv
    if arguments == ["lm-eval-path"]:
        from kurouge.harnesses.lm_eval_path import lm_eval_path

        print(lm_eval_path())
        return 0
    args = build_parser().parse_args(arguments)
    shown: set[str] = set()

    def show_warning(message: Warning | str, *_: Any, **__: Any) -> None:
        text = as_flags(str(message))
        if text not in shown:
            shown.add(text)
            print(f"kurenai-rouge: warning: {text}", file=sys.stderr)

    showwarning, warnings.showwarning = warnings.showwarning, show_warning
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always")
            print(run(args))
    except InputError as error:
        print(f"kurenai-rouge: error: {as_flags(str(error))}", file=sys.stderr)
        return 2
    finally:
        warnings.showwarning = showwarning
    return 0


def console() -> None:
    """The ``kurenai-rouge`` console script: ``main()``'s status as the process's exit status."""
    sys.exit(main())


if __name__ == "__main__":
    console()
