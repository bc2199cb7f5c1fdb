"""The kurenai_rouge Space: score model outputs, compare with the stock ``rouge`` metric, see why.

``python app.py`` serves the app on localhost (port ``GRADIO_SERVER_PORT``, default 7860) through
gradio's queue. This file lays the page out: the intro, the Score tab, and the Inspect, Compare
systems and Other tools tabs (``inspect_tab``, ``compare_tab``, ``audit_tab``). The rooms behind
it, in this package: the Score tab's requests in ``score``; how it scores (kurenai_rouge's
``compute``, which is ``kurouge.api.score``, and the stock metric as evaluate computes it) in
``scoring``; status lines and error messages in
``status``; the warnings shown with them in ``notes``; the tables, chart and CSV in ``tables``; the
request limits and the work estimate in ``limits``; the parsing of pasted text and uploads in
``inputs``; the files kept in ``downloads``; the systems test in ``compare``.
"""

from __future__ import annotations

import logging
import os
import signal

import gradio as gr
from starlette.middleware import Middleware

from kurouge.space import audit_tab, compare_tab, inspect_tab, notes, tables
from kurouge.space import compare as comparing
from kurouge.space.body_limit import BodyLimit
from kurouge.space.downloads import DOWNLOADS, SCORE_LANES, uploaded
from kurouge.space.limits import LIMITS, Limits
from kurouge.space.models import load_in_background
from kurouge.space.score import (
    describe_scores,
    language_changed,
    score,
    stemmer_info,
    tokenizer_info,
)
from kurouge.space.scoring import (
    DEFAULT_ROUGE_TYPES,
    DEFAULT_TOKENIZER,
    ROUGE_TYPES,
    language_choices,
    tokenizer_choices,
)
from kurouge.space.status import status_html, with_status
from kurouge.space.tables import NOT_AVAILABLE, four_decimals

OPTION_WIDTH = 180  # px, the narrowest an option may be before its row wraps
_SUMMARY_HIDDEN = tables.column_indices(tables.SUMMARY_COLUMNS, tables.NARROW_HIDDEN)
TABLES_CSS = tables.tables_css(
    {
        "summary": _SUMMARY_HIDDEN,
        "pair-scores": _SUMMARY_HIDDEN,
        "cmp-summary": comparing.NARROW_HIDDEN_COLUMNS,
        "audit": audit_tab.NARROW_HIDDEN_COLUMNS,
    }
)
# "Show the code": CodeMirror sizes each line number from line heights it measures, and before it has
# measured (the editor below the first screen) from a 14 px estimate, while the code's lines are 16.8 px:
# the numbers drift from their lines and stop short. One fixed line height for both keeps them together.
CODE_CSS = (
    "#code .cm-line, #code .cm-gutterElement { line-height: 20px !important; }\n"
    '#code .cm-gutterElement:not([style*="visibility"]) { height: 20px !important; }'  # not the spacer
)
# A file's name: gradio keeps 8rem for its size and cuts a long name with "…" ("per_example_differe… .csv"
# at 420 px). Here the size takes the width it needs, and a name longer than the rest wraps.
FILE_NAME_CSS = (
    ".file-preview .download { min-width: max-content !important; }\n"
    ".file-preview .filename .stem { white-space: normal !important; overflow-wrap: anywhere; }"
)
log = logging.getLogger("kurenai_rouge.app")


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
INTRO = f"""\
# 🌸 kurenai_rouge
ROUGE for every language: a drop-in for `evaluate.load("rouge")` that keeps every character.
The **stock** column is evaluate's own `rouge` metric, computed the way it computes it
(rouge-score's tokenizer, which deletes every character outside a-z and 0-9, and the median of
a bootstrap): on Japanese, Chinese or Korean text it gives 0.0. kurenai_rouge needs words too: on text
written without spaces (Japanese, Chinese, Thai, ...) choose its **language**, or its scores are 0 or
meaningless as well; the page warns when the texts look like that. rougeW, rougeS4 and rougeSU4 are
ROUGE-1.5.5's ROUGE-W-1.2, ROUGE-S4 and ROUGE-SU4; the stock metric cannot compute them ({NOT_AVAILABLE}).
"""
TABLES_NOTE = (
    "**kurenai_rouge** next to the **stock** rouge metric, scores to 4 decimals. In the per-example table "
    "and its CSV, `rouge1 kurenai F` is kurenai_rouge's F and `rouge1 stock F` the stock metric's (the CSV "
    "adds P and R). Sort that table by any column from the ⋮ menu in its header."
)


def upload_limit_text(size: int) -> str:
    """``size`` bytes as gradio's "exceed the maximum allowed size of 4.8 Mb" says it, then in bytes.

    gradio divides by 1024 until the number is below 1024 and keeps one decimal.

    >>> upload_limit_text(5_000_000), upload_limit_text(1000)
    ('4.8 MB (5,000,000 bytes)', '1,000 bytes')
    """
    value, units = float(size), ["KB", "MB", "GB"]
    unit = "bytes"
    while value >= 1024 and units:
        value, unit = value / 1024, units.pop(0)
    return f"{size:,} bytes" if unit == "bytes" else f"{value:.1f} {unit} ({size:,} bytes)"


def limits_text() -> str:
    """The limits line of the Score and Compare tabs."""
    return (
        f"Limits: {LIMITS.examples:,} examples, {LIMITS.references:,} references per example, "
        f"{LIMITS.chars:,} characters per text, {LIMITS.seconds:,} s of estimated work, "
        f"{upload_limit_text(LIMITS.upload_bytes)} per file."
    )


def uploaded_file(upload: str | None) -> tuple[gr.Textbox, gr.Textbox]:
    """A file was uploaded or cleared: the pasted-text boxes say whether they are used.

    While a file is uploaded the boxes are greyed out and say that the file is scored instead.
    ``uploaded`` records the file, deleting old uploads past a total size.
    """
    uploaded(upload)
    note = "not used: the uploaded file is scored instead" if upload else None
    return gr.Textbox(interactive=not upload, info=note), gr.Textbox(interactive=not upload, info=note)


def build_app() -> gr.Blocks:
    """The tabs Score and Inspect, showing the first example of each already scored, and Compare systems."""
    first_scores = score(
        *SCORE_EXAMPLES[0], None, list(DEFAULT_ROUGE_TYPES), DEFAULT_TOKENIZER, False, False, True, 0.95
    )
    # The downloads are served from their own folders (bounded by ``Downloads``), not copied to gradio's
    # cache; the cache keeps uploads an hour (fewer past a total size: space.downloads.UPLOADS).
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
            upload.change(uploaded_file, upload, [predictions, references], api_visibility="private")
            gr.Markdown(limits_text())
            with gr.Row():
                rouge_types = gr.CheckboxGroup(
                    list(ROUGE_TYPES), value=list(DEFAULT_ROUGE_TYPES), label="ROUGE types"
                )
                tokenizer = gr.Dropdown(
                    tokenizer_choices(),
                    value=DEFAULT_TOKENIZER,
                    label="kurenai_rouge tokenizer",
                    info=tokenizer_info(None),
                    min_width=2 * OPTION_WIDTH,  # the whole choice on a phone, on a line of its own
                    elem_id="tokenizer",
                )
                language = gr.Dropdown(
                    language_choices(),
                    value="",
                    label="language (optional)",
                    elem_id="language",
                )
            with gr.Row():
                # Each option in a column at least OPTION_WIDTH wide: on a phone the row wraps instead of
                # cutting the labels.
                with gr.Column(min_width=OPTION_WIDTH):
                    use_stemmer = gr.Checkbox(label="stemmer", info=stemmer_info(None), elem_id="stemmer")
                with gr.Column(min_width=OPTION_WIDTH):
                    split_summaries = gr.Checkbox(label="split sentences", info="rougeLsum, kurenai_rouge")
                with gr.Column(min_width=OPTION_WIDTH):
                    bootstrap = gr.Checkbox(value=True, label="bootstrap interval", info="kurenai_rouge")
                with gr.Column(min_width=OPTION_WIDTH):
                    confidence = gr.Slider(0.5, 0.99, value=0.95, step=0.01, label="confidence level")
            language.change(language_changed, language, [tokenizer, use_stemmer], api_visibility="private")
            gr.Examples(SCORE_EXAMPLES, [predictions, references], example_labels=SCORE_EXAMPLE_LABELS)
            run = gr.Button("Score", variant="primary")
            score_status = gr.HTML(
                status_html(describe_scores(first_scores)), label="Score status", elem_id="score-status"
            )
            gr.Markdown(TABLES_NOTE)
            gr.Markdown(tables.NARROW_NOTE, elem_classes="narrow-only")
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
                color_map=tables.CHART_COLORS,
                sort=tables.CHART_ORDER,
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
            inspect_tab.build_tab(
                with_status(
                    inspect_tab.inspect_pair, 4, lambda _: "Inspected.", tables=(2,), box=notes.TOKENIZER_BOX
                ),
                OPTION_WIDTH,
            )
        with gr.Tab("Compare systems"):
            compare_tab.build_tab(limits_text())
        with gr.Tab("Other tools"):
            audit_tab.build_tab(with_status(audit_tab.audit, 1, audit_tab.describe_audit, tables=(0,)))
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
    # SIGTERM ends the app as Ctrl-C does: gradio closes its server, which empties its cache of uploads,
    # then the exit handlers remove the downloads.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    # _frontend=False skips launch's check that the page answers a HEAD request within 3 s, which on a
    # busy machine fails and ends the app ("When localhost is not accessible, a shareable link must be
    # created"); the app serves localhost and never needs a share link.
    # The request body is bounded before gradio parses it (space.body_limit).
    limit = Middleware(BodyLimit, limit=LIMITS.body_bytes(), variable=Limits.ENV["request_bytes"])
    load_in_background()  # the segmenters' models, so that a first Korean request does not wait 5 s
    build_app().queue().launch(
        show_error=True,
        max_file_size=LIMITS.upload_bytes,
        app_kwargs={"middleware": [limit]},
        css="\n".join([TABLES_CSS, CODE_CSS, FILE_NAME_CSS, audit_tab.AUDIT_CSS]),
        _frontend=False,
    )


if __name__ == "__main__":
    main()
