"""Turning scores into what the Space shows: its tables, its chart, highlighted tokens and the CSV.

app.py lays the page out and handles its requests with these; the CSS of ``tables_css`` (which app.py
passes to ``launch``) keeps every table's header words whole and makes the summary tables fit a phone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from pandas.io.formats.style import Styler
from rouge_score import scoring

from kurouge.space.inputs import Examples
from kurouge.space.limits import as_list
from kurouge.space.scoring import ROUGE_TYPES, in_stock_metric

NOT_AVAILABLE = "n/a"
NOT_IN_STOCK = "not in the stock metric"
LCS_LABEL = "in the LCS (rougeL)"
MATCH_LABEL = "unigram match (rouge1)"
NO_MATCH_LABEL = "no match"


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


# The metrics' short names in the chart's bar labels and the per-example columns ("rouge1 kurenai F").
SHORT_NAMES = {"kurenai_rouge": "kurenai", "stock rouge": "stock"}
KURENAI, STOCK = SHORT_NAMES.values()
CHART_COLORS = {"kurenai_rouge": "#c0283c", "stock rouge": "#8a8f98"}
# Every bar the chart can show, in the summary table's order: a rouge type's two bars side by side.
CHART_ORDER = [f"{t} {short}" for t in ROUGE_TYPES for short in SHORT_NAMES.values()]


def chart_table(summary: pd.DataFrame) -> pd.DataFrame:
    """One bar per rouge type and metric with an F, in the table's order (``CHART_ORDER``).

    gradio's BarPlot stacks bars that share an x, so each bar has its own short x label ("rouge1
    kurenai", "rouge1 stock") and its metric's colour; a type not in the stock metric has one bar.
    """
    shown = summary[summary["F"] != NOT_AVAILABLE]
    return pd.DataFrame(
        {
            "bar": shown["rouge type"] + " " + shown["metric"].map(SHORT_NAMES),
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

    Columns are named by rouge type, metric (``KURENAI`` or ``STOCK``) and score: "rouge1 kurenai F",
    "rouge1 stock F", ... (short, so that a header is as narrow as a rouge type's name). A type not in
    the stock metric has no stock columns.
    """
    table = pd.DataFrame(
        {
            "example": range(1, len(examples.predictions) + 1),
            "prediction": examples.predictions,
            "reference": [" ‖ ".join(as_list(refs)) for refs in examples.references],
        }
    )
    for t in rouge_types:
        table[f"{t} {KURENAI} F"] = kurenai[t]
        if in_stock_metric(t):
            table[f"{t} {STOCK} F"] = [float(s[t].fmeasure) for s in stock]
    for t in rouge_types:
        table[f"{t} {KURENAI} P"] = kurenai[f"{t}_precision"]
        table[f"{t} {KURENAI} R"] = kurenai[f"{t}_recall"]
        if in_stock_metric(t):
            table[f"{t} {STOCK} P"] = [float(s[t].precision) for s in stock]
            table[f"{t} {STOCK} R"] = [float(s[t].recall) for s in stock]
    return table


# Characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    """``value`` with a leading ``'`` if it is text a spreadsheet would run as a formula.

    >>> [spreadsheet_safe(v) for v in ["=1+1", "@SUM(1,1)", "-x", "x=1", 0.5]]
    ["'=1+1", "'@SUM(1,1)", "'-x", 'x=1', 0.5]
    """
    return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


def write_csv(table: pd.DataFrame, path: Path) -> None:
    """``table`` as CSV that spreadsheets open safely: text cells ``spreadsheet_safe``, UTF-8 with a BOM.

    Excel reads a CSV without a BOM in the system's code page, which garbles Japanese.
    """
    # CRLF ends a record (RFC 4180), so that a cell holding a lone CR or LF is quoted.
    table.map(spreadsheet_safe).to_csv(path, index=False, encoding="utf-8-sig", lineterminator="\r\n")


def four_decimals(table: pd.DataFrame) -> Styler | pd.DataFrame:
    """``table`` as a page shows it: every float with 4 decimals; gradio still sorts by the number.

    A pandas Styler renders at most ``styler.render.max_elements`` cells (gradio then fails on the
    cut table); a larger table is shown as its numbers rounded to 4 decimals (0.5 shows as 0.5).
    """
    if table.size > pd.get_option("styler.render.max_elements"):
        return table.round(4)

    def shown(value: Any) -> str:
        return f"{value:.4f}" if isinstance(value, float | np.floating) else str(value)

    return table.style.format(shown).hide(axis="index")


def embed(sequence: Sequence[str], tokens: Sequence[str]) -> list[int]:
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


SUMMARY_COLUMNS = ("rouge type", "metric", "P", "R", "F", "F interval")
# The summary tables' columns a phone leaves out (Score's and Inspect's), and the note that says so.
NARROW_HIDDEN = ("P", "R")
NARROW_NOTE = "On a narrow screen the summary leaves out P and R: turn the phone sideways to see them."
NARROW_PX = 640  # at this width and below the summary tables leave columns out
COMPACT_PX = 900  # below this width the summary tables use a smaller font and tighter cells


def column_indices(columns: Sequence[str], names: Sequence[str]) -> list[int]:
    """The 0-based positions of ``names`` among ``columns``."""
    return [columns.index(name) for name in names]


def tables_css(narrow_hidden: Mapping[str, Sequence[int]]) -> str:
    """CSS for the page's gr.Dataframe tables: header words kept whole, summary tables that fit a phone.

    gradio fixes each column's width from its header and a hidden row of its longest cells. With
    ``wrap`` it lets a header break inside a word ("ex/am/pl/e"), and the hidden row never wraps, so a
    table of long texts gets wider than the page while short headers are squeezed. Here a header breaks
    between words only and the hidden row wraps as the shown rows do. A body cell breaks between
    space-separated words only, CJK ones too (gradio's ``word-break: break-word`` breaks between any
    two CJK characters: "晴/れ"), and a word wider than its cell wraps inside it. ``narrow_hidden`` maps a
    summary table's elem_id to the 0-based columns it leaves out at ``NARROW_PX`` wide and below;
    below ``COMPACT_PX`` those tables use a 12 px font and tighter cells. An element of class
    ``narrow-only`` shows at ``NARROW_PX`` and below only.
    """
    ids = ", ".join(f"#{elem_id}" for elem_id in narrow_hidden)
    hidden = [
        f"#{elem_id} :is(th, td, [role=gridcell]):is({', '.join(f':nth-child({i + 1})' for i in columns)}) "
        "{ display: none !important; }"
        for elem_id, columns in narrow_hidden.items()
    ]
    return "\n".join(
        [
            ".header-cell span.header { word-break: normal !important; overflow-wrap: normal !important; }",
            ".sizing-body td { white-space: normal !important; }",
            ".body-cell span.wrap { word-break: keep-all !important; overflow-wrap: anywhere !important; }",
            ".narrow-only { display: none !important; }",
            f"@media (max-width: {COMPACT_PX}px) {{",
            f"  {ids} {{ --input-text-size: 12px; --size-2: 4px; --size-3: 2px; }}",
            "}",
            f"@media (max-width: {NARROW_PX}px) {{",
            *(f"  {rule}" for rule in hidden),
            "  .narrow-only { display: block !important; }",
            "}",
        ]
    )
