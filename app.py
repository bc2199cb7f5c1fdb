"""The kurenai_rouge Space: score model outputs, compare with the stock ``rouge`` metric, see why.

``python app.py`` serves the app on localhost (port ``GRADIO_SERVER_PORT``, default 7860) through
gradio's queue. The metric is loaded the way a Space loads it, with ``evaluate.load`` on the local
module file. The stock column is computed as evaluate's ``rouge`` metric computes it: rouge-score's
default tokenizer and the median of its ``BootstrapAggregator``. ROUGE-W, ROUGE-S and ROUGE-SU are
offered too; the stock metric cannot compute them, so its column shows them as not available.

Limits, read from the environment at start-up (see ``Limits``): ``KURENAI_ROUGE_MAX_EXAMPLES``,
``KURENAI_ROUGE_MAX_CHARS`` (per text) and ``KURENAI_ROUGE_MAX_UPLOAD_BYTES``.
"""

from __future__ import annotations

import csv
import functools
import json
import os
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import evaluate
import gradio as gr
import pandas as pd
from datasets.utils.py_utils import temp_seed
from rouge_score import scoring
from rouge_score.tokenizers import DefaultTokenizer

import rouge_engine
import rouge_stats
import rouge_text

HERE = Path(__file__).resolve().parent
METRIC = evaluate.load(str(HERE / "kurenai_rouge.py"))
# The Score tab's choices: the stock metric's four defaults, then ROUGE-1.5.5's ROUGE-W-1.2, ROUGE-S4 and
# ROUGE-SU4, which DUC-era papers report.
ROUGE_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW", "rougeS4", "rougeSU4")
DEFAULT_ROUGE_TYPES = ROUGE_TYPES[:4]
NOT_AVAILABLE = "n/a"
NOT_IN_STOCK = "not in the stock metric"
SEED = 0
N_SAMPLES = 1000  # kurenai_rouge's bootstrap resamples (its default)
DEFAULT_TOKENIZER = "whitespace"
LCS_LABEL = "in the LCS (rougeL)"
MATCH_LABEL = "unigram match (rouge1)"
NO_MATCH_LABEL = "no match"
# The loaded evaluate module and the stock aggregator's global numpy RNG are not thread-safe.
_COMPUTE_LOCK = threading.Lock()


@dataclass(frozen=True)
class Limits:
    """What one request may ask for; each is set by an environment variable.

    ``upload_bytes`` is gradio's ``max_file_size``: gradio refuses a larger file as it arrives.
    """

    examples: int = 500
    chars: int = 1000
    upload_bytes: int = 5_000_000

    ENV = {
        "examples": "KURENAI_ROUGE_MAX_EXAMPLES",
        "chars": "KURENAI_ROUGE_MAX_CHARS",
        "upload_bytes": "KURENAI_ROUGE_MAX_UPLOAD_BYTES",
    }

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Limits:
        """Read the limits from ``environ``, keeping the default for every variable that is unset."""
        values = {}
        for field, variable in cls.ENV.items():
            if variable in environ:
                text = environ[variable]
                if not text.isdecimal() or int(text) < 1:
                    raise ValueError(f"{variable} must be a positive integer, got {text!r}")
                values[field] = int(text)
        return cls(**values)


LIMITS = Limits.from_env()


@dataclass
class Examples:
    """Predictions and references; references are strings, or lists when any row has several."""

    predictions: list[str]
    references: list[str] | list[list[str]]

    @property
    def multi_reference(self) -> bool:
        """Whether the references are lists of references."""
        return isinstance(self.references[0], list)


def user_errors(function: Callable[..., Any]) -> Callable[..., Any]:
    """Show every exception of ``function`` in the page as a ``gr.Error`` message, never a traceback."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except gr.Error:
            raise
        except Exception as error:  # the UI boundary: every failure becomes a readable message
            raise gr.Error(f"{type(error).__name__}: {error}") from error

    return wrapper


def _lines(text: str | None) -> list[str]:
    lines = (text or "").splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def parse_pasted(predictions_text: str | None, references_text: str | None) -> Examples:
    """One example per line in each box; blank lines at the end are ignored."""
    predictions, references = _lines(predictions_text), _lines(references_text)
    if len(predictions) != len(references):
        raise gr.Error(
            f"{len(predictions)} predictions but {len(references)} references: "
            "paste one example per line in each box"
        )
    return Examples(predictions, references)


def _references_of(row: Mapping[str, Any], columns: Sequence[str], where: str) -> list[str]:
    references = []
    for column in columns:
        value = row.get(column)
        if value is None:
            continue
        for item in value if isinstance(value, list) else [value]:
            if not isinstance(item, str):
                raise gr.Error(f"{where}: {column} must be a string or a list of strings, got {item!r}")
            if item:
                references.append(item)
    if not references:
        raise gr.Error(f"{where}: no reference")
    return references


def _rows_of(path: Path) -> list[dict[str, Any]]:
    suffix = path.suffix.lower()
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise gr.Error(f"{path.name} is not UTF-8 text ({error.reason} at byte {error.start})") from error
    if suffix in (".csv", ".tsv"):
        return list(
            csv.DictReader(text.splitlines(keepends=True), delimiter="," if suffix == ".csv" else "\t")
        )
    if suffix == ".jsonl":
        rows = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as error:
                raise gr.Error(f"{path.name} line {number} is not JSON: {error.msg}") from error
            if not isinstance(row, dict):
                raise gr.Error(f"{path.name} line {number} must be a JSON object")
            rows.append(row)
        return rows
    raise gr.Error(f"{path.name}: upload a .csv, .tsv or .jsonl file")


def parse_upload(path: str | os.PathLike[str]) -> Examples:
    """Read a CSV, TSV or JSONL file with a ``prediction`` column and reference column(s).

    A reference column is named ``reference``, ``references`` or starts with ``reference``
    (``reference_2``, ...); in JSONL a reference may be a list of strings. Several references
    per row (several columns, or a list) make every row a list of references.
    """
    path = Path(path)
    rows = _rows_of(path)
    if not rows:
        raise gr.Error(f"{path.name} has no rows")
    columns = list(dict.fromkeys(column for row in rows for column in row if column is not None))
    prediction_column = next((c for c in ("prediction", "predictions") if c in columns), None)
    reference_columns = [c for c in columns if c.startswith("reference")]
    if prediction_column is None or not reference_columns:
        raise gr.Error(
            f"{path.name} needs a 'prediction' column and a 'reference' column "
            f"(or reference_1, reference_2, ...); it has: {', '.join(columns)}"
        )
    predictions, references = [], []
    for number, row in enumerate(rows, 1):
        prediction = row.get(prediction_column)
        if not isinstance(prediction, str):
            raise gr.Error(f"{path.name} row {number}: prediction must be a string, got {prediction!r}")
        predictions.append(prediction)
        references.append(_references_of(row, reference_columns, f"{path.name} row {number}"))
    if all(len(refs) == 1 for refs in references) and len(reference_columns) == 1:
        return Examples(predictions, [refs[0] for refs in references])
    return Examples(predictions, references)


def check_limits(examples: Examples, limits: Limits | None = None) -> None:
    """Reject empty input, too many examples, or a text longer than the limit, naming the variable."""
    limits = limits or LIMITS
    if not examples.predictions:
        raise gr.Error("nothing to score: paste predictions and references, or upload a file")
    if len(examples.predictions) > limits.examples:
        raise gr.Error(
            f"{len(examples.predictions):,} examples; the limit is {limits.examples:,} "
            f"({Limits.ENV['examples']})"
        )
    for number, (prediction, refs) in enumerate(
        zip(examples.predictions, examples.references, strict=True), 1
    ):
        for kind, text in [("prediction", prediction)] + [("reference", r) for r in _as_list(refs)]:
            if len(text) > limits.chars:
                raise gr.Error(
                    f"example {number}: the {kind} has {len(text):,} characters; the limit is "
                    f"{limits.chars:,} ({Limits.ENV['chars']})"
                )


def _as_list(references: str | list[str]) -> list[str]:
    return references if isinstance(references, list) else [references]


def load_examples(predictions_text: str | None, references_text: str | None, upload: str | None) -> Examples:
    """The examples to score: the uploaded file if there is one, else the pasted text."""
    examples = parse_upload(upload) if upload else parse_pasted(predictions_text, references_text)
    check_limits(examples)
    return examples


def kurenai_compute(examples: Examples, **options: Any) -> dict[str, Any]:
    """``METRIC.compute`` on ``examples`` (the loaded kurenai_rouge module), one request at a time."""
    with _COMPUTE_LOCK:
        return METRIC.compute(predictions=examples.predictions, references=examples.references, **options)


def score_rows(
    columns: Mapping[str, list[float]], rouge_types: Sequence[str]
) -> list[dict[str, scoring.Score]]:
    """Per example, {rouge type: Score(P, R, F)}, from compute's columns (detailed, not aggregated)."""
    return [
        {
            t: scoring.Score(columns[f"{t}_precision"][i], columns[f"{t}_recall"][i], columns[t][i])
            for t in rouge_types
        }
        for i in range(len(columns[rouge_types[0]]))
    ]


def kurenai_scores(
    examples: Examples, bootstrap: bool, confidence_level: float, **options: Any
) -> tuple[dict[str, list[float]], dict[str, Any]]:
    """kurenai_rouge's per-example columns and aggregate, scoring the texts once.

    ``options`` are compute's scoring options (``rouge_types`` among them). The per-example columns
    are ``compute(..., use_aggregator=False, detailed=True)``. The aggregate equals
    ``compute(..., detailed=True, bootstrap=bootstrap, return_signature=True)``: the metric's own
    ``rouge_stats.summarize`` of those scores, and the signature, which names options only, from a
    compute of one empty pair with the same options.
    """
    per_example = kurenai_compute(examples, use_aggregator=False, detailed=True, **options)
    aggregate = rouge_stats.summarize(
        score_rows(per_example, options["rouge_types"]),
        options["rouge_types"],
        use_aggregator=True,
        detailed=True,
        bootstrap=bootstrap,
        confidence_level=confidence_level,
        n_samples=N_SAMPLES,
        seed=SEED,
    )
    aggregate["signature"] = kurenai_compute(
        Examples([""], [""]),
        detailed=True,
        bootstrap=bootstrap,
        confidence_level=confidence_level,
        n_samples=N_SAMPLES,
        seed=SEED,
        return_signature=True,
        **options,
    )["signature"]
    return per_example, aggregate


def in_stock_metric(rouge_type: str) -> bool:
    """Whether the stock ``rouge`` metric (rouge-score) computes ``rouge_type``: not ROUGE-W, -S or -SU."""
    return not rouge_engine.is_family_type(rouge_type)


def stock_scores(
    examples: Examples, rouge_types: Sequence[str], use_stemmer: bool, confidence_level: float
) -> tuple[dict[str, scoring.AggregateScore], list[dict[str, scoring.Score]]]:
    """Score as evaluate's stock ``rouge`` does: rouge-score's default tokenizer, bootstrap median.

    Only the types in the stock metric (``in_stock_metric``) are scored. Returns the
    ``BootstrapAggregator`` result (the stock metric reports ``mid.fmeasure``) and the per-example
    scores. These come from kurenai_rouge with ``tokenizer="rouge-score"`` and ``multi_ref="best"``,
    which give rouge-score's ``RougeScorer.score`` / ``score_multi`` numbers exactly
    (tests/test_parity.py) many times faster than its pure-Python LCS. The stock metric draws on
    numpy's global RNG unseeded, so its number changes between runs; here that RNG is seeded with
    ``SEED`` for the call and then restored.
    """
    rouge_types = [t for t in rouge_types if in_stock_metric(t)]
    if not rouge_types:
        return {}, [{} for _ in examples.predictions]
    columns = kurenai_compute(
        examples,
        rouge_types=rouge_types,
        tokenizer="rouge-score",
        use_stemmer=use_stemmer,
        multi_ref="best",
        use_aggregator=False,
        detailed=True,
    )
    per_example = score_rows(columns, rouge_types)
    aggregator = scoring.BootstrapAggregator(confidence_interval=confidence_level)
    for scores in per_example:
        aggregator.add_scores(scores)
    with _COMPUTE_LOCK, temp_seed(SEED):
        return aggregator.aggregate(), per_example


def _interval(low: float, high: float) -> str:
    return f"[{low:.4f}, {high:.4f}]"


def summary_table(
    kurenai: Mapping[str, Any], stock: Mapping[str, scoring.AggregateScore], rouge_types: Sequence[str]
) -> pd.DataFrame:
    """Two rows per rouge type, kurenai_rouge then the stock metric: P, R, F (4 decimals), F interval.

    The stock metric reports the bootstrap median (``mid``); its interval is the bootstrap's own. A
    type not in the stock metric gets ``NOT_AVAILABLE`` in its P, R and F and ``NOT_IN_STOCK`` as its
    interval. kurenai_rouge reports exact means, with an interval only when it ran its bootstrap.
    """
    rows = []
    for t in rouge_types:
        has_interval = f"{t}_low" in kurenai
        rows.append(
            {
                "rouge type": t,
                "metric": "kurenai_rouge",
                "P": round(kurenai[f"{t}_precision"], 4),
                "R": round(kurenai[f"{t}_recall"], 4),
                "F": round(kurenai[t], 4),
                "F interval": _interval(kurenai[f"{t}_low"], kurenai[f"{t}_high"]) if has_interval else "-",
            }
        )
        if in_stock_metric(t):
            low, mid, high = stock[t]
            values = {"P": mid.precision, "R": mid.recall, "F": mid.fmeasure}
            row = {k: round(float(v), 4) for k, v in values.items()}
            row["F interval"] = _interval(low.fmeasure, high.fmeasure)
        else:
            row = {"P": NOT_AVAILABLE, "R": NOT_AVAILABLE, "F": NOT_AVAILABLE, "F interval": NOT_IN_STOCK}
        rows.append({"rouge type": t, "metric": "stock rouge", **row})
    return pd.DataFrame(rows)


def chart_table(summary: pd.DataFrame) -> pd.DataFrame:
    """One bar per rouge type and metric with an F, side by side (a colour alone would stack them)."""
    shown = summary[summary["F"] != NOT_AVAILABLE]
    return pd.DataFrame(
        {
            "rouge type and metric": shown["rouge type"] + " " + shown["metric"],
            "metric": shown["metric"],
            "F": shown["F"].astype(float),
        }
    )


def per_example_table(
    examples: Examples,
    kurenai: Mapping[str, list[float]],
    stock: Sequence[Mapping[str, scoring.Score]],
    rouge_types: Sequence[str],
) -> pd.DataFrame:
    """One row per example: the texts, both metrics' F per type, then their P and R (full precision).

    A type not in the stock metric has no stock columns.
    """
    table = pd.DataFrame(
        {
            "example": range(1, len(examples.predictions) + 1),
            "prediction": examples.predictions,
            "reference": [" ‖ ".join(_as_list(refs)) for refs in examples.references],
        }
    )
    for t in rouge_types:
        table[f"{t} kurenai_rouge F"] = kurenai[t]
        if in_stock_metric(t):
            table[f"{t} stock F"] = [float(s[t].fmeasure) for s in stock]
    for t in rouge_types:
        table[f"{t} kurenai_rouge P"] = kurenai[f"{t}_precision"]
        table[f"{t} kurenai_rouge R"] = kurenai[f"{t}_recall"]
        if in_stock_metric(t):
            table[f"{t} stock P"] = [float(s[t].precision) for s in stock]
            table[f"{t} stock R"] = [float(s[t].recall) for s in stock]
    return table


def _download_dir() -> Path:
    return Path(tempfile.mkdtemp(prefix="kurenai_rouge_"))


@user_errors
def score(
    predictions_text: str | None,
    references_text: str | None,
    upload: str | None,
    rouge_types: list[str],
    tokenizer: str,
    use_stemmer: bool,
    split_summaries: bool,
    bootstrap: bool,
    confidence_level: float,
    language: str = "",
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, str, str, str]:
    """The Score tab: summary table, chart data, per-example table, signature, CSV path, JSON path.

    ``language`` is an ISO 639-1 code or "" for none.
    """
    if not rouge_types:
        raise gr.Error("choose at least one rouge type")
    rouge_types = [t for t in ROUGE_TYPES if t in rouge_types]
    examples = load_examples(predictions_text, references_text, upload)
    per_example, aggregate = kurenai_scores(
        examples,
        bootstrap,
        confidence_level,
        rouge_types=rouge_types,
        tokenizer=tokenizer,
        language=language or None,
        use_stemmer=use_stemmer,
        split_summaries=split_summaries,
    )
    stock_aggregate, stock_per_example = stock_scores(examples, rouge_types, use_stemmer, confidence_level)
    summary = summary_table(aggregate, stock_aggregate, rouge_types)
    details = per_example_table(examples, per_example, stock_per_example, rouge_types)
    folder = _download_dir()
    csv_path = folder / "per_example_scores.csv"
    details.to_csv(csv_path, index=False)
    json_path = folder / "summary.json"
    stock_json = {
        t: {part: dict(getattr(aggregate_score, part)._asdict()) for part in ("low", "mid", "high")}
        for t, aggregate_score in stock_aggregate.items()
    }
    summary_json = {
        "examples": len(examples.predictions),
        "kurenai_rouge": aggregate,
        "stock_rouge": {
            "what": "rouge-score BootstrapAggregator, seed " + str(SEED),
            NOT_IN_STOCK: [t for t in rouge_types if not in_stock_metric(t)],
            **stock_json,
        },
    }
    json_path.write_text(json.dumps(summary_json, ensure_ascii=False, indent=2, default=float), "utf-8")
    display = details[[c for c in details.columns if not c.endswith((" P", " R"))]].round(4)
    return (
        summary,
        chart_table(summary),
        display,
        aggregate["signature"],
        str(csv_path),
        str(json_path),
    )


def _embed(sequence: Sequence[str], tokens: Sequence[str]) -> list[int]:
    """Leftmost positions in ``tokens`` of ``sequence``, which must be a subsequence of it."""
    positions, start = [], 0
    for token in sequence:
        start = tokens.index(token, start)
        positions.append(start)
        start += 1
    return positions


def match_labels(tokens: Sequence[str], other: Sequence[str], lcs_positions: Sequence[int]) -> list[str]:
    """Label each token: in the LCS, else a clipped unigram match with ``other``, else no match.

    Each token type is marked as often as it is counted as a rouge1 hit (the smaller of its two
    counts), LCS positions first.

    >>> match_labels(["a", "b", "a"], ["a", "c"], [2])
    ['no match', 'no match', 'in the LCS (rougeL)']
    """
    budget = Counter(tokens) & Counter(other)
    labels = [NO_MATCH_LABEL] * len(tokens)
    for i in lcs_positions:
        labels[i] = LCS_LABEL
        budget[tokens[i]] -= 1
    for i, token in enumerate(tokens):
        if labels[i] == NO_MATCH_LABEL and budget[token] > 0:
            labels[i] = MATCH_LABEL
            budget[token] -= 1
    return labels


def highlighted(tokens: Sequence[str], labels: Sequence[str]) -> list[tuple[str, str | None]]:
    """Tokens with their labels for ``gr.HighlightedText``, separated by spaces."""
    pieces: list[tuple[str, str | None]] = []
    for i, (token, label) in enumerate(zip(tokens, labels, strict=True)):
        if i:
            pieces.append((" ", None))
        pieces.append((token, label))
    return pieces


@user_errors
def inspect_pair(
    prediction: str, reference: str, tokenizer: str, use_stemmer: bool
) -> tuple[list[tuple[str, str | None]], list[tuple[str, str | None]], pd.DataFrame, str]:
    """The Inspect tab: highlighted tokens of both texts, per-type scores, and what the stock metric sees."""
    examples = Examples([prediction], [reference])
    check_limits(examples)
    tokenize = rouge_text.get_tokenizer(tokenizer, use_stemmer).tokenize
    pred_tokens, ref_tokens = tokenize(prediction), tokenize(reference)
    ref_lcs = rouge_engine.lcs_indices(ref_tokens, pred_tokens)
    pred_lcs = _embed([ref_tokens[i] for i in ref_lcs], pred_tokens)
    kurenai = kurenai_compute(
        examples, rouge_types=list(ROUGE_TYPES), tokenizer=tokenizer, use_stemmer=use_stemmer, detailed=True
    )
    stock_aggregate, _ = stock_scores(examples, ROUGE_TYPES, use_stemmer, 0.95)  # only its own types
    stock_tokenize = DefaultTokenizer(use_stemmer).tokenize
    stock_pred, stock_ref = stock_tokenize(prediction), stock_tokenize(reference)
    note = (
        f"**{tokenizer}** tokenizer: {len(pred_tokens)} prediction tokens, {len(ref_tokens)} reference "
        f"tokens, LCS length {len(ref_lcs)}.\n\n"
        f"The stock metric's tokenizer sees {len(stock_pred)} prediction tokens {stock_pred[:40]} and "
        f"{len(stock_ref)} reference tokens {stock_ref[:40]}: every character outside a-z and 0-9 is deleted."
    )
    table = summary_table(kurenai, stock_aggregate, ROUGE_TYPES).drop(columns="F interval")
    return (
        highlighted(pred_tokens, match_labels(pred_tokens, ref_tokens, pred_lcs)),
        highlighted(ref_tokens, match_labels(ref_tokens, pred_tokens, ref_lcs)),
        table,
        note,
    )


SCORE_EXAMPLES = [
    [
        "今日 は 晴れ です\n猫 が 窓 の 外 を 見て いる\n会議 は 午後 三 時 に 始まり ます",
        "今日 は 雨 です\n猫 が 窓 から 外 を 見て いる\n会議 は 午後 三 時 から です",
    ],
    [
        "今天 天气 很 好\n我们 明天 去 北京\n这 本 书 非常 有趣",
        "今天 天气 不错\n我们 后天 去 北京\n这 本 书 很 有趣",
    ],
    [
        "오늘은 날씨가 맑습니다\n고양이가 창밖을 보고 있다\n회의는 오후 세 시에 시작합니다",
        "오늘은 날씨가 흐립니다\n고양이가 창밖을 보고 있었다\n회의는 오후 세 시에 시작됩니다",
    ],
    [
        "the cat sat on the mat\na quick brown fox jumps over the lazy dog\nthe meeting starts at three pm",
        "the cat is sitting on the mat\nthe quick brown fox jumped over the lazy dog\n"
        "the meeting begins at 3 pm",
    ],
    [
        "GPT-4 は 日本語 で 答え ます\nPython 3.12 で 速く なった\n東京 Tower の 高さ は 333 m",
        "GPT-4 は 英語 で 答え ます\nPython 3.12 で 遅く なった\n東京 Tower は 333 m です",
    ],
]
SCORE_EXAMPLE_LABELS = [
    "Japanese (stock: 0.0)",
    "Chinese",
    "Korean",
    "English",
    "Mixed scripts",
]
INSPECT_EXAMPLES = [
    ["今日は晴れです", "今日は雨です"],
    ["今日 は 晴れ です", "今日 は 雨 です"],
    ["The cat sat on the mat.", "The cat was sitting on the mat."],
]

INTRO = f"""\
# 🌸 kurenai_rouge
ROUGE for every language: a drop-in for `evaluate.load("rouge")` that keeps every character.
The **stock** column is evaluate's own `rouge` metric, computed the way it computes it
(rouge-score's tokenizer, which deletes every character outside a-z and 0-9, and the median of
a bootstrap): on Japanese, Chinese or Korean text it gives 0.0. rougeW, rougeS4 and rougeSU4 are
ROUGE-1.5.5's ROUGE-W-1.2, ROUGE-S4 and ROUGE-SU4; the stock metric cannot compute them ({NOT_AVAILABLE}).
"""
INSPECT_INTRO = f"""\
One prediction and one reference: the tokens kurenai_rouge's tokenizer produces for each, marked
**{LCS_LABEL}** (the longest common subsequence rouge-score picks, counted by rougeL) or
**{MATCH_LABEL}** (counted by rouge1 but not part of that LCS). A whole unsegmented sentence is one
whitespace token: choose another tokenizer from the list, or split the text into words first.
"""


def build_app() -> gr.Blocks:
    """The two tabs, Score and Inspect, showing the first example of each already scored."""
    tokenizers = list(rouge_text.TOKENIZERS)
    first_scores = score(
        *SCORE_EXAMPLES[0], None, list(DEFAULT_ROUGE_TYPES), DEFAULT_TOKENIZER, False, False, True, 0.95
    )
    first_inspection = inspect_pair(*INSPECT_EXAMPLES[0], DEFAULT_TOKENIZER, False)
    limits = (
        f"Limits: {LIMITS.examples:,} examples, {LIMITS.chars:,} characters per text, "
        f"{LIMITS.upload_bytes:,} bytes per file."
    )
    with gr.Blocks(title="kurenai_rouge", analytics_enabled=False) as demo:
        gr.Markdown(INTRO)
        with gr.Tab("Score"):
            with gr.Row():
                predictions = gr.Textbox(
                    SCORE_EXAMPLES[0][0], label="Predictions (one per line)", lines=6, elem_id="predictions"
                )
                references = gr.Textbox(
                    SCORE_EXAMPLES[0][1], label="References (one per line)", lines=6, elem_id="references"
                )
            upload = gr.File(
                label=(
                    "…or upload a CSV, TSV or JSONL file, scored instead of the pasted text: a 'prediction' "
                    "column and a 'reference' column (or reference_1, reference_2, …; in JSONL a list)"
                ),
                file_types=[".csv", ".tsv", ".jsonl"],
                height=150,
                elem_id="upload",
            )
            gr.Markdown(limits)
            with gr.Row():
                rouge_types = gr.CheckboxGroup(
                    list(ROUGE_TYPES), value=list(DEFAULT_ROUGE_TYPES), label="ROUGE types"
                )
                tokenizer = gr.Dropdown(tokenizers, value=DEFAULT_TOKENIZER, label="kurenai_rouge tokenizer")
                language = gr.Dropdown(
                    ["", *rouge_text.LANGUAGES], value="", label="language (ISO 639-1, optional)"
                )
            with gr.Row():
                use_stemmer = gr.Checkbox(label="Porter stemmer (both metrics)")
                split_summaries = gr.Checkbox(label="split sentences for rougeLsum (kurenai_rouge)")
                bootstrap = gr.Checkbox(value=True, label="bootstrap interval (kurenai_rouge)")
                confidence = gr.Slider(0.5, 0.99, value=0.95, step=0.01, label="confidence level")
            gr.Examples(SCORE_EXAMPLES, [predictions, references], example_labels=SCORE_EXAMPLE_LABELS)
            run = gr.Button("Score", variant="primary")
            summary = gr.Dataframe(
                first_scores[0],
                label="kurenai_rouge next to the stock rouge metric",
                interactive=False,
                elem_id="summary",
            )
            chart = gr.BarPlot(
                first_scores[1],
                x="rouge type and metric",
                y="F",
                color="metric",
                y_lim=[0, 1],
                label="F by rouge type",
            )
            details = gr.Dataframe(
                first_scores[2],
                label="Per example (sort by any column from the ⋮ menu in its header)",
                interactive=False,
                elem_id="details",
            )
            signature = gr.Textbox(first_scores[3], label="Signature", interactive=False, elem_id="signature")
            with gr.Row():
                csv_file = gr.File(first_scores[4], label="Per-example scores (CSV)")
                json_file = gr.File(first_scores[5], label="Summary (JSON)")
            run.click(
                score,
                [
                    predictions,
                    references,
                    upload,
                    rouge_types,
                    tokenizer,
                    use_stemmer,
                    split_summaries,
                    bootstrap,
                    confidence,
                    language,
                ],
                [summary, chart, details, signature, csv_file, json_file],
                api_name="score",
            )
        with gr.Tab("Inspect"):
            gr.Markdown(INSPECT_INTRO)
            with gr.Row():
                prediction = gr.Textbox(
                    INSPECT_EXAMPLES[0][0], label="Prediction", elem_id="inspect-prediction"
                )
                reference = gr.Textbox(INSPECT_EXAMPLES[0][1], label="Reference", elem_id="inspect-reference")
            with gr.Row():
                inspect_tokenizer = gr.Dropdown(
                    tokenizers, value=DEFAULT_TOKENIZER, label="kurenai_rouge tokenizer"
                )
                inspect_stemmer = gr.Checkbox(label="Porter stemmer")
            gr.Examples(INSPECT_EXAMPLES, [prediction, reference])
            show = gr.Button("Inspect", variant="primary")
            colors = {LCS_LABEL: "red", MATCH_LABEL: "orange", NO_MATCH_LABEL: "lightgray"}
            prediction_tokens, reference_tokens = (
                gr.HighlightedText(
                    first_inspection[k],
                    label=f"{side} tokens",
                    elem_id=f"{side.lower()}-tokens",
                    color_map=colors,
                    show_legend=True,
                    show_inline_category=False,
                )
                for k, side in enumerate(["Prediction", "Reference"])
            )
            pair_scores = gr.Dataframe(
                first_inspection[2], label="Scores of this pair", interactive=False, elem_id="pair-scores"
            )
            why = gr.Markdown(first_inspection[3], elem_id="why")
            show.click(
                inspect_pair,
                [prediction, reference, inspect_tokenizer, inspect_stemmer],
                [prediction_tokens, reference_tokens, pair_scores, why],
                api_name="inspect",
            )
    return demo


if __name__ == "__main__":
    build_app().queue().launch(show_error=True, max_file_size=LIMITS.upload_bytes)
