"""The Other tools tab: the outputs under every tool's ROUGE, side by side (``compare_implementations``).

``audit`` is the request; ``build_tab`` lays the tab out inside the caller's ``gr.Tab``. The tools
other than kurenai_rouge score in pure Python as they do, so the tab takes fewer characters than Score.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gradio as gr
import pandas as pd

from kurouge.audit import compare_implementations
from kurouge.space.inputs import parse_pasted
from kurouge.space.models import wait_for_model
from kurouge.space.scoring import language_choices
from kurouge.space.status import counted, user_errors
from kurouge.space.tables import NOT_AVAILABLE

AUDIT_MAX_CHARS = 50_000  # in all: the worst case, texts without sentence ends, takes about 5 s
AUDIT_TEXT_CHARS = 2_000  # a text: the peers' LCS in Python grows with the square of its words
# A signature has no space to wrap at: its column may break anywhere, so that the table fits the page.
AUDIT_CSS = "#audit td:nth-child(5), #audit td:nth-child(5) * { overflow-wrap: anywhere !important; }"
AUDIT_COLUMNS = ["tool", "rouge1", "rouge2", "rougeL", "signature or error"]
NARROW_HIDDEN_COLUMNS = [4]  # a phone shows the numbers; the signatures and errors need the width
NARROW_NOTE = "On a narrow screen the table leaves out signatures and errors: turn the phone sideways."
AUDIT_EXAMPLES = [
    ["今天天气很好，我们去公园。\n增长了12%", "今天天气不错\n增长12%", "zh"],
    [
        "東京は晴れです。明日も晴れ\n様々な日本語の文章",
        "東京は雨です。明日は晴れ\n日本語の文章はいろいろ",
        "ja",
    ],
    ["The U.S. said it would act; officials agreed.", "the u.s. says it will act. Officials agree", "en"],
]
AUDIT_INTRO = f"""\
The same outputs scored by every ROUGE people report, each to its last digit: kurenai_rouge,
rouge-score (and so evaluate's `rouge`), ROUGE-1.5.5 (`-n 2 -a`), XL-Sum's, rouge-chinese, pltrdy's
`rouge`, sumeval, LLaMA-Factory, OpenCompass and LongBench, those that apply to the language. Values
× 100; the spread is the largest minus the smallest. Where a paper says only "ROUGE", its number may
sit anywhere in that spread. Up to {AUDIT_MAX_CHARS:,} characters in all, {AUDIT_TEXT_CHARS:,} a text."""


@user_errors
def audit(
    predictions_text: str | None, references_text: str | None, language: str | None
) -> tuple[pd.DataFrame]:
    """The tab's table: a row per implementation (values × 100, its signature or why it cannot score)."""
    examples = parse_pasted(predictions_text, references_text)
    if not examples.predictions:
        raise gr.Error("nothing to score: paste predictions and references")
    texts = [*examples.predictions, *examples.references]
    longest = max(map(len, texts))
    if longest > AUDIT_TEXT_CHARS:
        raise gr.Error(f"a text of {longest:,} characters; this tab takes {AUDIT_TEXT_CHARS:,} a text")
    if sum(map(len, texts)) > AUDIT_MAX_CHARS:
        raise gr.Error(f"{sum(map(len, texts)):,} characters; this tab takes {AUDIT_MAX_CHARS:,} in all")
    if language:
        wait_for_model(language)
    result = compare_implementations(examples.predictions, examples.references, language=language or None)
    rows = [
        [
            row["implementation"],
            *(row.get(t, NOT_AVAILABLE) for t in ("rouge1", "rouge2", "rougeL")),
            row.get("signature", row.get("error")),
        ]
        for row in result["rows"]
    ]
    spread = (NOT_AVAILABLE if value is None else value for value in result["spread"].values())
    rows.append(["spread", *spread, "largest minus smallest"])
    return (pd.DataFrame(rows, columns=AUDIT_COLUMNS),)


def describe_audit(outputs: tuple) -> str:
    """The status line of an audit."""
    table = outputs[0]
    return f"Scored by {counted(len(table) - 1, 'implementation')}."


def build_tab(run: Callable[..., Any]) -> None:
    """The tab's components inside the caller's ``gr.Tab``; ``run`` is ``audit`` with a status line."""
    gr.Markdown(AUDIT_INTRO)
    with gr.Row():
        predictions = gr.Textbox(
            AUDIT_EXAMPLES[0][0], label="Predictions (one per line)", lines=4, elem_id="audit-predictions"
        )
        references = gr.Textbox(
            AUDIT_EXAMPLES[0][1], label="References (one per line)", lines=4, elem_id="audit-references"
        )
    language = gr.Dropdown(language_choices(), value="zh", label="language", elem_id="audit-language")
    gr.Examples(AUDIT_EXAMPLES, [predictions, references, language])
    go = gr.Button("Score with every tool", variant="primary")
    status = gr.HTML(label="Audit status", elem_id="audit-status")
    gr.Markdown(NARROW_NOTE, elem_classes="narrow-only")
    table = gr.Dataframe(
        headers=AUDIT_COLUMNS,
        label="ROUGE by tool (× 100)",
        interactive=False,
        wrap=True,
        max_height=1000,  # every row: at most 12
        elem_id="audit",
    )
    go.click(
        run,
        [predictions, references, language],
        [table, status],
        api_name="audit",
        concurrency_id="audit",
        concurrency_limit=1,
    )
