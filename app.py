"""The kurenai_rouge Space: score model outputs, compare with the stock ``rouge`` metric, see why.

``python app.py`` serves the app on localhost (port ``GRADIO_SERVER_PORT``, default 7860) through
gradio's queue. This file lays the page out and handles its requests. How it scores (kurenai_rouge
through ``evaluate.load``, the stock metric as evaluate computes it) is in ``app_scoring``, the tables,
chart and CSV made of the scores in ``app_tables``, the request limits and the work estimate in
``app_limits``, the parsing of pasted text and uploads in ``app_inputs``, the Compare systems tab in
``app_compare``.
"""

from __future__ import annotations

import atexit
import functools
import html
import json
import logging
import os
import shutil
import signal
import sys
import tempfile
import threading
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import gradio as gr
import numpy as np
import pandas as pd
from rouge_score.tokenizers import DefaultTokenizer

import app_compare
import app_tables
import rouge_lcs
import rouge_text
from app_inputs import Examples, parse_pasted, parse_upload, rows_of_file, text_lines
from app_limits import LIMITS, check_limits, check_work
from app_scoring import (
    DEFAULT_ROUGE_TYPES,
    DEFAULT_TOKENIZER,
    FROM_LANGUAGE,
    METRICS,
    N_SAMPLES,
    ROUGE_TYPES,
    SEED,
    in_stock_metric,
    kurenai_compute,
    kurenai_scores,
    stock_scores,
    tokenizer_argument,
    tokenizer_choices,
    tokenizer_name,
)
from app_tables import (
    LCS_LABEL,
    MATCH_LABEL,
    NO_MATCH_LABEL,
    NOT_AVAILABLE,
    NOT_IN_STOCK,
    four_decimals,
    write_csv,
)

# gradio runs this many Score requests at once, and Inspect requests in a lane of their own, so that a
# long Score never holds up an Inspect or another Score.
SCORE_LANES = 2
OPTION_WIDTH = 180  # px, the narrowest an option may be before its row wraps
_SUMMARY_HIDDEN = app_tables.column_indices(app_tables.SUMMARY_COLUMNS, app_tables.NARROW_HIDDEN)
TABLES_CSS = app_tables.tables_css(
    {
        "summary": _SUMMARY_HIDDEN,
        "pair-scores": _SUMMARY_HIDDEN,
        "cmp-summary": app_compare.NARROW_HIDDEN_COLUMNS,
    }
)
log = logging.getLogger("kurenai_rouge.app")


def user_errors(function: Callable[..., Any]) -> Callable[..., Any]:
    """Show every exception of ``function`` in the page as a ``gr.Error`` message, never a traceback.

    The message is HTML-escaped, since gradio renders it as HTML and it quotes user text (file and
    column names, cell values). A refused request (``gr.Error``, or the metric's ``ValueError`` or
    ``TypeError`` about its input) is logged in one line; any other failure with its traceback.
    """

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except gr.Error as error:
            message = str(error.message)
            log.info("%s refused: %s", function.__name__, message)
        except (ValueError, TypeError) as error:
            message = f"{type(error).__name__}: {error}"
            log.info("%s refused: %s", function.__name__, message)
        except Exception as error:  # the UI boundary: every failure becomes a readable message
            message = f"{type(error).__name__}: {error}"
            log.exception("%s failed", function.__name__)
        raise gr.Error(html.escape(message, quote=False), print_exception=False)

    return wrapper


def load_examples(predictions_text: str | None, references_text: str | None, upload: str | None) -> Examples:
    """The examples to score: the uploaded file if there is one, else the pasted text."""
    examples = parse_upload(upload) if upload else parse_pasted(predictions_text, references_text)
    check_limits(examples)
    return examples


class Downloads:
    """Folders for the files of each Score request, under one folder per app that is removed at exit.

    ``new_folder`` keeps the ``keep`` newest request folders and deletes older ones, so the files of
    any number of requests take at most ``keep`` requests' worth of disk. The app serves them from
    here (``gr.set_static_paths``): a page's download links work until ``keep`` more requests.
    """

    def __init__(self, keep: int = 4 * SCORE_LANES) -> None:
        self.keep = keep
        self.root = Path(tempfile.mkdtemp(prefix="kurenai_rouge_"))
        self._folders: list[Path] = []
        self._lock = threading.Lock()
        atexit.register(shutil.rmtree, self.root, ignore_errors=True)

    def new_folder(self) -> Path:
        """An empty folder for one request's files."""
        folder = self.root / uuid.uuid4().hex
        folder.mkdir()
        with self._lock:
            self._folders.append(folder)
            old, self._folders = self._folders[: -self.keep], self._folders[-self.keep :]
        for path in old:
            shutil.rmtree(path, ignore_errors=True)
        return folder


DOWNLOADS = Downloads()


CODE_INLINE_EXAMPLES = 20  # "Show the code" writes the texts out up to this many examples


def _python_list(name: str, items: Sequence[Any], count: int) -> str:
    """``name = [...]`` with one item a line, or a placeholder naming ``count`` when there are too many."""
    if count > CODE_INLINE_EXAMPLES:
        return f"{name} = [...]  # your {count:,} {name}, as on the page"
    return f"{name} = [\n" + "".join(f"    {item!r},\n" for item in items) + "]"


def reproducing_code(examples: Examples, **options: Any) -> str:
    """The ``evaluate.load`` and ``compute`` call that gives the page's kurenai_rouge numbers.

    ``options`` are compute's keyword arguments; a ``None`` value is left out.
    """
    count = len(examples.predictions)
    arguments = "".join(f"    {key}={value!r},\n" for key, value in options.items() if value is not None)
    return (
        "import evaluate\n\n"
        "# A folder named kurenai_rouge holding kurenai_rouge.py, or the path of that file.\n"
        'rouge = evaluate.load("kurenai_rouge")\n'
        f"{_python_list('predictions', examples.predictions, count)}\n"
        f"{_python_list('references', examples.references, count)}\n"
        "results = rouge.compute(\n"
        "    predictions=predictions,\n"
        "    references=references,\n"
        f"{arguments})\n"
        "print(results)\n"
    )


@user_errors
def score(
    predictions_text: str | None,
    references_text: str | None,
    upload: str | None = None,
    rouge_types: Sequence[str] = DEFAULT_ROUGE_TYPES,
    tokenizer: str = DEFAULT_TOKENIZER,
    use_stemmer: bool = False,
    split_summaries: bool = False,
    bootstrap: bool = True,
    confidence_level: float = 0.95,
    language: str = "",
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, str, str, str, str]:
    """The Score tab: summary table, chart data, per-example table, signature, CSV path, JSON path, code.

    ``tokenizer`` is a registered name, or ``FROM_LANGUAGE`` (or None) for the language's tokenizer, as
    compute chooses it without a ``tokenizer`` argument; ``language`` is an ISO 639-1 code or "" for none.
    """
    if not rouge_types:
        raise gr.Error("choose at least one rouge type")
    rouge_types = [t for t in ROUGE_TYPES if t in rouge_types]
    language = language or None
    examples = load_examples(predictions_text, references_text, upload)
    check_work(examples, rouge_types, tokenizer_name(tokenizer, language), use_stemmer, split_summaries)
    options = {
        "rouge_types": rouge_types,
        "tokenizer": tokenizer_argument(tokenizer),
        "language": language,
        "use_stemmer": use_stemmer,
        "split_summaries": split_summaries,
    }
    per_example, aggregate = kurenai_scores(examples, bootstrap, confidence_level, **options)
    stock_aggregate, stock_per_example = stock_scores(examples, rouge_types, use_stemmer, confidence_level)
    summary = app_tables.summary_table(aggregate, stock_aggregate, rouge_types)
    details = app_tables.per_example_table(examples, per_example, stock_per_example, rouge_types)
    folder = DOWNLOADS.new_folder()
    csv_path = folder / "per_example_scores.csv"
    write_csv(details, csv_path)
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
        app_tables.chart_table(summary),
        display,
        aggregate["signature"],
        str(csv_path),
        str(json_path),
        reproducing_code(
            examples,
            **options,
            detailed=True,
            bootstrap=bootstrap,
            confidence_level=confidence_level,
            n_samples=N_SAMPLES,
            seed=SEED,
        ),
    )


def status_html(text: str, error: bool = False) -> str:
    """A status line for ``gr.HTML``; ``text`` must already be HTML-escaped (``user_errors`` escapes)."""
    style = "color: var(--error-text-color, #b91c1c); font-weight: 600" if error else ""
    return f'<p style="{style}">{text}</p>'


def with_status(
    function: Callable[..., tuple],
    outputs: int,
    describe: Callable[[tuple], str],
    tables: Sequence[int] = (),
) -> Callable[..., tuple]:
    """``function`` for a button: its ``outputs`` results, then a status line (HTML).

    The results at the indices ``tables`` are shown with ``four_decimals``. A refused request leaves
    the results on the page as they were and says why in the status line, which stays until the next
    run (a ``gr.Error`` would replace every output with an "Error" badge and show the reason in a
    toast that vanishes).
    """

    @functools.wraps(function)
    def wrapper(*args: Any) -> tuple:
        try:
            results = function(*args)
        except gr.Error as error:
            message = f"Not done: {error.message}<br>The results below are from the last run, if any."
            return (*[gr.skip()] * outputs, status_html(message, error=True))
        shown = [four_decimals(r) if i in tables else r for i, r in enumerate(results)]
        return (*shown, status_html(html.escape(describe(results), quote=False)))

    return wrapper


def pasted_boxes(upload: str | None) -> tuple[gr.Textbox, gr.Textbox]:
    """The pasted-text boxes while a file is uploaded: greyed out and saying that the file is scored."""
    note = "not used: the uploaded file is scored instead" if upload else None
    return gr.Textbox(interactive=not upload, info=note), gr.Textbox(interactive=not upload, info=note)


def describe_scores(results: tuple) -> str:
    """The status line of a Score: how many examples, and how many score 0 for an empty text."""
    details = results[2]
    empty = {kind: int((details[kind] == "").sum()) for kind in ("prediction", "reference")}
    line = f"Scored {len(details):,} examples."
    blanks = [f"{n:,} with an empty {kind}" for kind, n in empty.items() if n]
    return line + (f" {' and '.join(blanks)}: an empty text scores 0." if blanks else "")


@user_errors
def inspect_pair(
    prediction: str, reference: str, tokenizer: str, use_stemmer: bool
) -> tuple[list[tuple[str, str | None]], list[tuple[str, str | None]], pd.DataFrame, str]:
    """The Inspect tab: highlighted tokens of both texts, per-type scores, and what the stock metric sees.

    Both boxes empty is refused, as Score refuses empty boxes; one empty text is inspected (it scores 0).
    """
    if not (prediction or "").strip() and not (reference or "").strip():
        raise gr.Error("nothing to inspect: type a prediction and a reference")
    examples = Examples([prediction or ""], [reference or ""])
    check_limits(examples)
    check_work(examples, ROUGE_TYPES, tokenizer, use_stemmer)
    tokenize = rouge_text.get_tokenizer(tokenizer, use_stemmer).tokenize
    pred_tokens, ref_tokens = tokenize(prediction), tokenize(reference)
    ref_lcs = rouge_lcs.lcs_indices(ref_tokens, pred_tokens)
    pred_lcs = app_tables.embed([ref_tokens[i] for i in ref_lcs], pred_tokens)
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
    table = app_tables.summary_table(kurenai, stock_aggregate, ROUGE_TYPES).drop(columns="F interval")
    return (
        app_tables.highlighted(pred_tokens, app_tables.match_labels(pred_tokens, ref_tokens, pred_lcs)),
        app_tables.highlighted(ref_tokens, app_tables.match_labels(ref_tokens, pred_tokens, ref_lcs)),
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
    ["今日 は 晴れ です", "今日 は 雨 です"],
    ["今日は晴れです", "今日は雨です"],
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
TABLES_NOTE = (
    "**kurenai_rouge** next to the **stock** rouge metric, scores to 4 decimals. In the per-example table "
    "and its CSV, `rouge1 kurenai F` is kurenai_rouge's F and `rouge1 stock F` the stock metric's (the CSV "
    "adds P and R). Sort that table by any column from the ⋮ menu in its header."
)
INSPECT_INTRO = f"""\
One prediction and one reference: the tokens kurenai_rouge's tokenizer produces for each, marked
**{LCS_LABEL}** (the longest common subsequence rouge-score picks, counted by rougeL) or
**{MATCH_LABEL}** (counted by rouge1 but not part of that LCS). A whole unsegmented sentence is one
whitespace token: choose another tokenizer from the list, or split the text into words first.
"""


@user_errors
def compare_systems(
    baseline_text: str | None,
    system_text: str | None,
    references_text: str | None,
    upload: str | None = None,
    rouge_types: Sequence[str] = app_compare.COMPARE_TYPES,
    tokenizer: str = DEFAULT_TOKENIZER,
    language: str = "",
    method: str = next(iter(app_compare.METHODS)),
    correction: bool = False,
    confidence_level: float = 0.95,
) -> tuple[Any, ...]:
    """The Compare systems tab: summary, histogram, per-example table, signature, CSV, JSON, state.

    ``tokenizer`` and ``language`` are read as ``score`` reads them.
    """
    if not rouge_types:
        raise gr.Error("choose at least one rouge type")
    rouge_types = [t for t in app_compare.COMPARE_TYPES if t in rouge_types]
    if upload:
        systems = app_compare.systems_from_rows(rows_of_file(Path(upload)), Path(upload).name)
    else:
        baseline, system, references = map(text_lines, (baseline_text, system_text, references_text))
        if not len(baseline) == len(system) == len(references):
            raise gr.Error(
                f"{len(baseline)} baseline lines, {len(system)} system lines and {len(references)} "
                "references: paste one example per line in each box"
            )
        systems = app_compare.Systems(baseline, {"system": system}, references)
    outputs = [systems.baseline, *systems.systems.values()]
    for texts in outputs:
        check_limits(Examples(texts, systems.references))
    every = Examples([t for texts in outputs for t in texts], systems.references * len(outputs))
    language = language or None
    check_work(every, rouge_types, tokenizer_name(tokenizer, language))
    with METRICS.borrow() as metric:
        result, scores = app_compare.compare(
            metric,
            systems,
            rouge_types,
            method,
            correction,
            confidence_level,
            tokenizer=tokenizer_argument(tokenizer),
            language=language,
        )
    names = list(systems.systems)
    first, first_type = names[0], rouge_types[0]
    differences = np.subtract(scores[first][first_type], scores[app_compare.BASELINE_COLUMN][first_type])
    details = app_compare.per_example_table(systems, scores)
    folder = DOWNLOADS.new_folder()
    csv_path, json_path = folder / "per_example_differences.csv", folder / "comparison.json"
    write_csv(details, csv_path)
    json_path.write_text(json.dumps(result, ensure_ascii=False, indent=2), "utf-8")
    return (
        app_compare.summary_table(result, names, rouge_types, 1 - confidence_level, correction),
        app_compare.resampled_histogram(differences, confidence_level),
        details,
        result["signature"],
        str(csv_path),
        str(json_path),
        (systems, scores, first, first_type),
    )


@user_errors
def examples_to_read(state: tuple | None) -> tuple[pd.DataFrame]:
    """A few high-, middle- and low-scoring examples of the last comparison's first system."""
    if state is None:
        raise gr.Error("compare the systems first")
    return (app_compare.examples_to_read(*state),)


def describe_comparison(results: tuple) -> str:
    """The status line of a comparison."""
    systems = results[-1][0]
    return (
        f"Compared {len(systems.systems)} system(s) with the baseline on {len(systems.baseline):,} examples, "
        f"{app_compare.N_SAMPLES:,} resamples."
    )


def build_app() -> gr.Blocks:
    """The tabs Score and Inspect, showing the first example of each already scored, and Compare systems."""
    first_scores = score(
        *SCORE_EXAMPLES[0], None, list(DEFAULT_ROUGE_TYPES), DEFAULT_TOKENIZER, False, False, True, 0.95
    )
    first_inspection = inspect_pair(*INSPECT_EXAMPLES[0], DEFAULT_TOKENIZER, False)
    limits = (
        f"Limits: {LIMITS.examples:,} examples, {LIMITS.references:,} references per example, "
        f"{LIMITS.chars:,} characters per text, {LIMITS.seconds:,} s of estimated work, "
        f"{LIMITS.upload_bytes:,} bytes per file."
    )
    # The downloads are served from their own folders (bounded by ``Downloads``), not copied to gradio's
    # cache; the cache keeps uploads, deleted an hour after they arrive.
    gr.set_static_paths([DOWNLOADS.root])
    with gr.Blocks(title="kurenai_rouge", analytics_enabled=False, delete_cache=(3600, 3600)) as demo:
        gr.Markdown(INTRO)
        with gr.Tab("Score"):
            with gr.Row():
                predictions = gr.Textbox(
                    SCORE_EXAMPLES[0][0], label="Predictions (one per line)", lines=6, elem_id="predictions"
                )
                references = gr.Textbox(
                    SCORE_EXAMPLES[0][1], label="References (one per line)", lines=6, elem_id="references"
                )
            gr.Markdown(
                "…or upload a CSV, TSV or JSONL file, scored instead of the pasted text: a `prediction` "
                "column and a `reference` column (or `reference_1`, `reference_2`, …; in JSONL a list)."
            )
            upload = gr.File(
                label="Upload (CSV, TSV or JSONL)",
                file_types=[".csv", ".tsv", ".jsonl"],
                height=150,
                elem_id="upload",
            )
            upload.change(pasted_boxes, upload, [predictions, references], api_visibility="private")
            gr.Markdown(limits)
            with gr.Row():
                rouge_types = gr.CheckboxGroup(
                    list(ROUGE_TYPES), value=list(DEFAULT_ROUGE_TYPES), label="ROUGE types"
                )
                tokenizer = gr.Dropdown(
                    tokenizer_choices(),
                    value=DEFAULT_TOKENIZER,
                    label="kurenai_rouge tokenizer",
                    info=f"{FROM_LANGUAGE}: as compute(language=...) picks it",
                    min_width=2 * OPTION_WIDTH,  # the whole choice on a phone, on a line of its own
                    elem_id="tokenizer",
                )
                language = gr.Dropdown(
                    ["", *rouge_text.LANGUAGES],
                    value="",
                    label="language (ISO 639-1, optional)",
                    elem_id="language",
                )
            with gr.Row():
                # Each option in a column at least OPTION_WIDTH wide: on a phone the row wraps instead of
                # cutting the labels.
                with gr.Column(min_width=OPTION_WIDTH):
                    use_stemmer = gr.Checkbox(label="Porter stemmer", info="both metrics")
                with gr.Column(min_width=OPTION_WIDTH):
                    split_summaries = gr.Checkbox(label="split sentences", info="rougeLsum, kurenai_rouge")
                with gr.Column(min_width=OPTION_WIDTH):
                    bootstrap = gr.Checkbox(value=True, label="bootstrap interval", info="kurenai_rouge")
                with gr.Column(min_width=OPTION_WIDTH):
                    confidence = gr.Slider(0.5, 0.99, value=0.95, step=0.01, label="confidence level")
            gr.Examples(SCORE_EXAMPLES, [predictions, references], example_labels=SCORE_EXAMPLE_LABELS)
            run = gr.Button("Score", variant="primary")
            score_status = gr.HTML(
                status_html(describe_scores(first_scores)), label="Score status", elem_id="score-status"
            )
            gr.Markdown(TABLES_NOTE)
            gr.Markdown(app_tables.NARROW_NOTE, elem_classes="narrow-only")
            summary = gr.Dataframe(
                four_decimals(first_scores[0]),
                label="Summary",
                interactive=False,
                wrap=True,
                max_height=1000,  # every row: at most 14
                elem_id="summary",
            )
            chart = gr.BarPlot(
                first_scores[1],
                x="bar",
                y="F",
                color="metric",
                color_map=app_tables.CHART_COLORS,
                sort=app_tables.CHART_ORDER,
                x_title="rouge type",
                x_label_angle=-45,
                y_lim=[0, 1],
                label="F by rouge type",
                elem_id="chart",
            )
            details = gr.Dataframe(
                four_decimals(first_scores[2]),
                label="Per example",
                interactive=False,
                wrap=True,
                elem_id="details",
            )
            signature = gr.Textbox(first_scores[3], label="Signature", interactive=False, elem_id="signature")
            with gr.Row():
                csv_file = gr.File(
                    first_scores[4],
                    label="Per-example scores (CSV)",
                    min_width=2 * OPTION_WIDTH,
                    elem_id="csv-download",
                )
                json_file = gr.File(
                    first_scores[5],
                    label="Summary (JSON)",
                    min_width=2 * OPTION_WIDTH,
                    elem_id="json-download",
                )
            code = gr.Code(
                first_scores[6], language="python", label="Show the code", interactive=False, elem_id="code"
            )
            run.click(
                with_status(score, 7, describe_scores, tables=(0, 2)),
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
                [summary, chart, details, signature, csv_file, json_file, code, score_status],
                api_name="score",
                concurrency_id="score",
                concurrency_limit=SCORE_LANES,
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
                    rouge_text.tokenizer_names(),
                    value=DEFAULT_TOKENIZER,
                    label="kurenai_rouge tokenizer",
                    elem_id="inspect-tokenizer",
                )
                with gr.Column(min_width=OPTION_WIDTH):
                    inspect_stemmer = gr.Checkbox(label="Porter stemmer")
            gr.Examples(INSPECT_EXAMPLES, [prediction, reference])
            show = gr.Button("Inspect", variant="primary")
            inspect_status = gr.HTML(label="Inspect status", elem_id="inspect-status")
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
            gr.Markdown(app_tables.NARROW_NOTE, elem_classes="narrow-only")
            pair_scores = gr.Dataframe(
                four_decimals(first_inspection[2]),
                label="Pair scores",
                interactive=False,
                wrap=True,
                max_height=1000,  # every row: 14
                elem_id="pair-scores",
            )
            why = gr.Markdown(first_inspection[3], label="Tokens seen", elem_id="why")
            show.click(
                with_status(inspect_pair, 4, lambda _: "Inspected.", tables=(2,)),
                [prediction, reference, inspect_tokenizer, inspect_stemmer],
                [prediction_tokens, reference_tokens, pair_scores, why, inspect_status],
                api_name="inspect",
                concurrency_id="inspect",
                concurrency_limit=1,
            )
        with gr.Tab("Compare systems"):
            app_compare.build_tab(
                with_status(compare_systems, 7, describe_comparison, tables=(0, 2)),
                with_status(
                    examples_to_read,
                    1,
                    lambda _: "High-, middle- and low-scoring examples below.",
                    tables=(0,),
                ),
                tokenizer_choices(),
                rouge_text.LANGUAGES,
                limits,
            )
    return demo


def main() -> None:
    """Serve the app until Ctrl-C or SIGTERM.

    Requests run in threads, so the engine scores in this process, forking no workers: a fork while
    another request's thread holds a lock could leave the worker waiting forever, and the rates of
    ``estimate_work`` were measured in one process.
    """
    logging.basicConfig(format="%(asctime)s %(name)s: %(message)s")
    log.setLevel(logging.INFO)
    os.environ.setdefault("KURENAI_ROUGE_PROCESSES", "1")
    # SIGTERM ends the app as Ctrl-C does, through the exit handlers (which remove the downloads).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    build_app().queue().launch(show_error=True, max_file_size=LIMITS.upload_bytes, css=TABLES_CSS)


if __name__ == "__main__":
    main()
