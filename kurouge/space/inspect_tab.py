"""The Inspect tab: one prediction and one reference, their tokens, which of them matched, and why.

``inspect_pair`` is the request; ``build_tab`` lays the tab out inside the caller's ``gr.Tab``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gradio as gr
import pandas as pd
from rouge_score.tokenizers import DefaultTokenizer

from kurouge.engine import lcs
from kurouge.settings import get_tokenizer
from kurouge.space import tables
from kurouge.space.inputs import Examples
from kurouge.space.limits import check_limits, check_work
from kurouge.space.models import wait_for_model
from kurouge.space.scoring import ROUGE_TYPES, kurenai_compute, stock_scores
from kurouge.space.status import user_errors
from kurouge.space.tables import LCS_LABEL, MATCH_LABEL, NO_MATCH_LABEL, four_decimals
from kurouge.tokenizers import registry

INSPECT_TOKENIZER = "whitespace"  # compute's tokenizer when no language is given
INSPECT_EXAMPLES = [
    ["今日 は 晴れ です", "今日 は 雨 です"],
    ["今日は晴れです", "今日は雨です"],
    ["The cat sat on the mat.", "The cat was sitting on the mat."],
]
INSPECT_INTRO = f"""\
One prediction and one reference: the tokens kurenai_rouge's tokenizer produces for each, marked
**{LCS_LABEL}** (the longest common subsequence rouge-score picks, counted by rougeL) or
**{MATCH_LABEL}** (counted by rouge1 but not part of that LCS). A whole unsegmented sentence is one
whitespace token: choose another tokenizer from the list, or split the text into words first.
"""
STEMMER_LABEL = "stemmer (Porter)"
STEMMER_INFO = "kurenai_rouge: English words of 4+ letters; stock: every word"


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
    wait_for_model(tokenizer)
    tokenize = get_tokenizer(tokenizer, use_stemmer).tokenize
    pred_tokens, ref_tokens = tokenize(prediction), tokenize(reference)
    ref_lcs = lcs.lcs_indices(ref_tokens, pred_tokens)
    pred_lcs = tables.embed([ref_tokens[i] for i in ref_lcs], pred_tokens)
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
    table = tables.summary_table(kurenai, stock_aggregate, ROUGE_TYPES).drop(columns="F interval")
    return (
        tables.highlighted(pred_tokens, tables.match_labels(pred_tokens, ref_tokens, pred_lcs)),
        tables.highlighted(ref_tokens, tables.match_labels(ref_tokens, pred_tokens, ref_lcs)),
        table,
        note,
    )


def build_tab(run: Callable[..., Any], option_width: int) -> None:
    """The tab's components, inside the caller's ``gr.Tab``, showing the first example inspected.

    ``run`` is ``inspect_pair`` with a status line (``space.status.with_status``).
    """
    first = inspect_pair(*INSPECT_EXAMPLES[0], INSPECT_TOKENIZER, False)
    gr.Markdown(INSPECT_INTRO)
    with gr.Row():
        prediction = gr.Textbox(INSPECT_EXAMPLES[0][0], label="Prediction", elem_id="inspect-prediction")
        reference = gr.Textbox(INSPECT_EXAMPLES[0][1], label="Reference", elem_id="inspect-reference")
    with gr.Row():
        tokenizer = gr.Dropdown(
            registry.tokenizer_names(),
            value=INSPECT_TOKENIZER,
            label="kurenai_rouge tokenizer",
            elem_id="inspect-tokenizer",
        )
        with gr.Column(min_width=option_width):
            stemmer = gr.Checkbox(label=STEMMER_LABEL, info=STEMMER_INFO, elem_id="inspect-stemmer")
    gr.Examples(INSPECT_EXAMPLES, [prediction, reference])
    show = gr.Button("Inspect", variant="primary")
    status = gr.HTML(label="Inspect status", elem_id="inspect-status")
    colors = {LCS_LABEL: "red", MATCH_LABEL: "orange", NO_MATCH_LABEL: "lightgray"}
    prediction_tokens, reference_tokens = (
        gr.HighlightedText(
            first[k],
            label=f"{side} tokens",
            elem_id=f"{side.lower()}-tokens",
            color_map=colors,
            show_legend=True,
            show_inline_category=False,
        )
        for k, side in enumerate(["Prediction", "Reference"])
    )
    gr.Markdown(tables.NARROW_NOTE, elem_classes="narrow-only")
    pair_scores = gr.Dataframe(
        four_decimals(first[2]),
        label="Pair scores",
        interactive=False,
        wrap=True,
        max_height=1000,  # every row: 14
        elem_id="pair-scores",
    )
    why = gr.Markdown(first[3], label="Tokens seen", elem_id="why")
    show.click(
        run,
        [prediction, reference, tokenizer, stemmer],
        [prediction_tokens, reference_tokens, pair_scores, why, status],
        api_name="inspect",
        concurrency_id="inspect",
        concurrency_limit=1,
    )
