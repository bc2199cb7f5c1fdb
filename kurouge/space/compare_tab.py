"""The Compare systems tab: its requests and its layout.

``compare_systems`` reads the pasted or uploaded outputs and runs the metric's paired test through
``comparing.compare``; ``read_examples`` picks examples to read; ``build_tab`` lays the tab out inside
the caller's ``gr.Tab``. The test offered first is the one ``compare()`` runs by default, and the warnings
the test raises (on few examples, for instance) show under the Compare button.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import gradio as gr
import numpy as np
import pandas as pd

from kurouge.space import compare as comparing
from kurouge.space.compare import (
    BASELINE_COLUMN,
    COMPARE_TYPES,
    DEFAULT_METHOD,
    EXAMPLE_BASELINE,
    EXAMPLE_REFERENCES,
    EXAMPLE_SYSTEM,
    HISTOGRAM_COLORS,
    METHODS,
    N_SAMPLES,
    Systems,
)
from kurouge.space.downloads import DOWNLOADS, uploaded
from kurouge.space.inputs import Examples, rows_of_file, text_lines
from kurouge.space.limits import check_limits, check_work
from kurouge.space.models import wait_for_model
from kurouge.space.scoring import (
    FROM_LANGUAGE,
    language_choices,
    tokenizer_argument,
    tokenizer_choices,
    tokenizer_name,
)
from kurouge.space.status import counted, user_errors, with_status
from kurouge.space.tables import write_csv

INTRO = """\
Is a system really better than a baseline, or did it win by chance on these examples? Each system and
the baseline are scored on the same references, and the per-example differences are resampled: a
**paired bootstrap** (Koehn 2004) or **approximate randomization** (Riezler and Maxwell 2005), every
system on the same resamples. The p-value is two-sided; the interval is a percentile bootstrap interval
of the difference. A significant difference in ROUGE is not a difference in quality: read the examples
where the systems differ most. Upload a file with a `reference` column, a `baseline` column and one
column per system, or paste one example per line. Scores and differences are shown to 4 decimals; sort
a table by any column from the ⋮ menu in its header."""
NARROW_NOTE = "On a narrow screen the table leaves out both means and the interval: turn the phone sideways."
METHOD_INFO = f"{next(iter(METHODS))} is what compare() runs by default (method={DEFAULT_METHOD!r})"


@user_errors
def compare_systems(
    baseline_text: str | None,
    system_text: str | None,
    references_text: str | None,
    upload: str | None = None,
    rouge_types: Sequence[str] = COMPARE_TYPES,
    tokenizer: str = FROM_LANGUAGE,
    language: str = "",
    method: str = next(iter(METHODS)),
    correction: bool = False,
    confidence_level: float = 0.95,
) -> tuple[Any, ...]:
    """The Compare systems tab: summary, histogram, per-example table, signature, CSV, JSON, state.

    ``tokenizer`` and ``language`` are read as ``space.score.score`` reads them.
    """
    if not rouge_types:
        raise gr.Error("choose at least one rouge type")
    rouge_types = [t for t in COMPARE_TYPES if t in rouge_types]
    path = uploaded(upload)
    if path:
        systems = comparing.systems_from_rows(rows_of_file(path), path.name)
    else:
        baseline, system, references = map(text_lines, (baseline_text, system_text, references_text))
        if not len(baseline) == len(system) == len(references):
            raise gr.Error(
                f"{len(baseline)} baseline lines, {len(system)} system lines and {len(references)} "
                "references: paste one example per line in each box"
            )
        systems = Systems(baseline, {"system": system}, references)
    outputs = [systems.baseline, *systems.systems.values()]
    for texts in outputs:
        check_limits(Examples(texts, systems.references))
    every = Examples([t for texts in outputs for t in texts], systems.references * len(outputs))
    language = language or None
    check_work(every, rouge_types, tokenizer_name(tokenizer, language), language=language)
    wait_for_model(tokenizer_name(tokenizer, language))
    result, scores = comparing.compare(
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
    differences = np.subtract(scores[first][first_type], scores[BASELINE_COLUMN][first_type])
    details = comparing.per_example_table(systems, scores)
    folder = DOWNLOADS.new_folder()
    csv_path, json_path = folder / "per_example_differences.csv", folder / "comparison.json"
    write_csv(details, csv_path)
    json_path.write_text(json.dumps(result, ensure_ascii=False, indent=2), "utf-8")
    return (
        comparing.summary_table(result, names, rouge_types, 1 - confidence_level, correction),
        comparing.resampled_histogram(differences, confidence_level),
        details,
        result["signature"],
        str(csv_path),
        str(json_path),
        (systems, scores, first, first_type),
    )


READ_HEADERS = ("band", "example", "system score", "baseline score", "system", "baseline", "reference")
"""Headers of the empty "Examples to read" table before a comparison (gradio would show 1 2 3)."""


@user_errors
def read_examples(state: tuple | None) -> tuple[pd.DataFrame]:
    """A few high-, middle- and low-scoring examples of the last comparison's first system."""
    if state is None:
        raise gr.Error("compare the systems first")
    return (comparing.examples_to_read(*state),)


def describe_comparison(results: tuple) -> str:
    """The status line of a comparison."""
    systems = results[-1][0]
    return (
        f"Compared {counted(len(systems.systems), 'system')} with the baseline on "
        f"{counted(len(systems.baseline), 'example')}, {N_SAMPLES:,} resamples."
    )


def build_tab(limits_text: str) -> None:
    """The tab's components and their requests (with status lines), inside the caller's ``gr.Tab``."""
    run = with_status(compare_systems, 7, describe_comparison, tables=(0, 2))
    read = with_status(
        read_examples, 1, lambda _: "High-, middle- and low-scoring examples below.", tables=(0,)
    )
    gr.Markdown(INTRO)
    with gr.Row():
        baseline = gr.Textbox(
            EXAMPLE_BASELINE, label="Baseline (one per line)", lines=6, elem_id="cmp-baseline"
        )
        system = gr.Textbox(EXAMPLE_SYSTEM, label="System (one per line)", lines=6, elem_id="cmp-system")
        references = gr.Textbox(
            EXAMPLE_REFERENCES, label="References (one per line)", lines=6, elem_id="cmp-references"
        )
    gr.Markdown(
        "…or upload a CSV, TSV or JSONL file, compared instead of the pasted text: `reference`, "
        "`baseline` and one column per system."
    )
    upload = gr.File(
        label="Upload (CSV, TSV or JSONL)",
        file_types=[".csv", ".tsv", ".jsonl"],
        height=120,
        elem_id="cmp-upload",
    )
    gr.Markdown(limits_text)
    with gr.Row():
        rouge_types = gr.CheckboxGroup(list(COMPARE_TYPES), value=list(COMPARE_TYPES), label="ROUGE types")
        tokenizer = gr.Dropdown(
            tokenizer_choices(),
            value=FROM_LANGUAGE,
            label="Tokenizer",
            min_width=360,
            elem_id="cmp-tokenizer",
        )
        language = gr.Dropdown(
            language_choices(), value="", label="Language (optional)", elem_id="cmp-language"
        )
    with gr.Row():
        method = gr.Radio(list(METHODS), value=next(iter(METHODS)), label="Test", info=METHOD_INFO)
        with gr.Column(min_width=180):
            correction = gr.Checkbox(label="Holm correction", info="for several systems")
        confidence = gr.Slider(0.5, 0.99, value=0.95, step=0.01, label="Confidence level")
    go = gr.Button("Compare", variant="primary", elem_id="cmp-run")
    status = gr.HTML(label="Compare status", elem_id="cmp-status")
    gr.Markdown(NARROW_NOTE, elem_classes="narrow-only")
    summary = gr.Dataframe(
        label="Each system against the baseline",
        interactive=False,
        wrap=True,
        max_height=1000,
        elem_id="cmp-summary",
    )
    histogram = gr.BarPlot(
        x="mean difference",
        y="resamples",
        color="where",
        color_map=HISTOGRAM_COLORS,
        label="Resampled differences",
        elem_id="cmp-histogram",
    )
    details = gr.Dataframe(
        label="Per example",
        interactive=False,
        wrap=True,
        elem_id="cmp-details",
    )
    signature = gr.Textbox(label="Signature", interactive=False, elem_id="cmp-signature")
    with gr.Row():
        csv_file = gr.File(label="Per-example differences (CSV)", min_width=360)
        json_file = gr.File(label="Result (JSON)", min_width=360)
    state = gr.State()
    read_button = gr.Button("Show high-, middle- and low-scoring examples", elem_id="cmp-read-button")
    to_read = gr.Dataframe(
        headers=list(READ_HEADERS), label="Examples to read", interactive=False, wrap=True, elem_id="cmp-read"
    )
    inputs = [baseline, system, references, upload, rouge_types, tokenizer, language, method, correction]
    go.click(
        run,
        [*inputs, confidence],
        [summary, histogram, details, signature, csv_file, json_file, state, status],
        api_name="compare",
        concurrency_id="score",
    )
    read_button.click(read, [state], [to_read, status], api_name="examples_to_read", concurrency_id="score")
