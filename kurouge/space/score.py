"""The Score tab's requests: score pasted or uploaded examples with both metrics, and say what was done.

``score`` returns what the page shows (tables, signature, downloads, the code that reproduces the
numbers); ``describe_scores`` is its status line. app.py lays the tab out.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import gradio as gr
import pandas as pd

from kurouge.languages import language_label
from kurouge.space import tables
from kurouge.space.downloads import DOWNLOADS, uploaded
from kurouge.space.inputs import Examples, parse_pasted, parse_upload
from kurouge.space.limits import check_limits, check_work
from kurouge.space.models import wait_for_model
from kurouge.space.scoring import (
    DEFAULT_ROUGE_TYPES,
    FROM_LANGUAGE,
    N_SAMPLES,
    ROUGE_TYPES,
    SEED,
    in_stock_metric,
    kurenai_scores,
    stock_scores,
    tokenizer_argument,
    tokenizer_name,
)
from kurouge.space.status import counted, user_errors
from kurouge.space.tables import NOT_IN_STOCK, write_csv
from kurouge.stemmers.registry import OWN_STEMMERS, SNOWBALL_LANGUAGES

CODE_INLINE_EXAMPLES = 20  # "Show the code" writes the texts out up to this many examples


def load_examples(predictions_text: str | None, references_text: str | None, upload: str | None) -> Examples:
    """The examples to score: the uploaded file if there is one, else the pasted text."""
    path = uploaded(upload)
    examples = parse_upload(path) if path else parse_pasted(predictions_text, references_text)
    check_limits(examples)
    return examples


def python_list(name: str, items: Sequence[Any], count: int) -> str:
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
        f"{python_list('predictions', examples.predictions, count)}\n"
        f"{python_list('references', examples.references, count)}\n"
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
    tokenizer: str = FROM_LANGUAGE,
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
    check_work(
        examples,
        rouge_types,
        tokenizer_name(tokenizer, language),
        use_stemmer,
        split_summaries,
        language=language,
    )
    wait_for_model(tokenizer_name(tokenizer, language))
    options = {
        "rouge_types": rouge_types,
        "tokenizer": tokenizer_argument(tokenizer),
        "language": language,
        "use_stemmer": use_stemmer,
        "split_summaries": split_summaries,
    }
    per_example, aggregate = kurenai_scores(examples, bootstrap, confidence_level, **options)
    stock_aggregate, stock_per_example = stock_scores(examples, rouge_types, use_stemmer, confidence_level)
    summary = tables.summary_table(aggregate, stock_aggregate, rouge_types)
    details = tables.per_example_table(examples, per_example, stock_per_example, rouge_types)
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
        tables.chart_table(summary),
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


def describe_scores(results: tuple) -> str:
    """The status line of a Score: how many examples, and how many score 0 for an empty text."""
    details = results[2]
    empty = {kind: int((details[kind] == "").sum()) for kind in ("prediction", "reference")}
    line = f"Scored {counted(len(details), 'example')}."
    blanks = [f"{n:,} with an empty {kind}" for kind, n in empty.items() if n]
    return line + (f" {' and '.join(blanks)}: an empty text scores 0." if blanks else "")


def stemmer_info(language: str | None) -> str:
    """What the stemmer checkbox stems with in ``language`` (None: no language), as its info line says.

    >>> stemmer_info(None), stemmer_info("ru")
    ('Porter, both metrics', 'kurenai_rouge: Snowball Russian; stock: Porter')
    >>> stemmer_info("bn")
    "kurenai_rouge: Bengali suffixes (XL-Sum's); stock: Porter"
    >>> stemmer_info("ja")
    'ja — Japanese has no stemmer: ticking it changes nothing (a warning says so)'
    """
    if not language:
        return "Porter, both metrics"
    if language in SNOWBALL_LANGUAGES:
        stemmer = f"Snowball {SNOWBALL_LANGUAGES[language].title()}"
    elif language in OWN_STEMMERS:
        stemmer = OWN_STEMMERS[language]
    else:
        return f"{language_label(language)} has no stemmer: ticking it changes nothing (a warning says so)"
    return f"kurenai_rouge: {stemmer}; stock: Porter"


def tokenizer_info(language: str | None) -> str:
    """The tokenizer dropdown's info line: what ``FROM_LANGUAGE`` picks in ``language``.

    >>> tokenizer_info(None), tokenizer_info("ja")
    ('(from the language): whitespace without a language', '(from the language): ja for ja — Japanese')
    """
    if not language:
        return f"{FROM_LANGUAGE}: whitespace without a language"
    return f"{FROM_LANGUAGE}: {tokenizer_name(FROM_LANGUAGE, language)} for {language_label(language)}"


def language_changed(language: str | None) -> tuple[gr.Dropdown, gr.Checkbox]:
    """The tokenizer's and the stemmer's info lines for the language just chosen."""
    return gr.Dropdown(info=tokenizer_info(language)), gr.Checkbox(info=stemmer_info(language))
