"""Unit tests of the functions behind the Space's tabs (app.py, app_*.py) and of its README front matter."""

import csv
import doctest
import http.client
import importlib
import json
import socket
import sys
import urllib.parse
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from importlib.metadata import version
from pathlib import Path

import evaluate
import gradio as gr
import numpy as np
import pytest
from huggingface_hub import metadata_load
from hypothesis import given, settings
from hypothesis import strategies as st
from rouge_score import rouge_scorer, scoring

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
app = importlib.import_module("kurouge.space.page")
app_compare_tab = importlib.import_module("kurouge.space.compare_tab")
app_downloads = importlib.import_module("kurouge.space.downloads")
app_inspect = importlib.import_module("kurouge.space.inspect_tab")
app_score = importlib.import_module("kurouge.space.score")
app_status = importlib.import_module("kurouge.space.status")
app_warnings = importlib.import_module("kurouge.space.notes")
app_inputs = importlib.import_module("kurouge.space.inputs")
app_compare = importlib.import_module("kurouge.space.compare")
app_limits = importlib.import_module("kurouge.space.limits")
app_scoring = importlib.import_module("kurouge.space.scoring")
app_tables = importlib.import_module("kurouge.space.tables")
rouge_lcs = importlib.import_module("kurouge.engine.lcs")
rouge_text = importlib.import_module("kurouge.tokenizers.registry")
from kurouge.settings import get_tokenizer  # noqa: E402

ALL_TYPES = list(app_scoring.DEFAULT_ROUGE_TYPES)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


FAMILY_TYPES = ["rougeW", "rougeS4", "rougeSU4"]
# The Score tab's options after the texts and the upload: types, tokenizer, stemmer, split, bootstrap, level.
DEFAULTS = (ALL_TYPES, "whitespace", False, False, True, 0.95)


def rows_of(summary, metric):
    """{rouge type: row} of one metric in the summary table."""
    return {row["rouge type"]: row for _, row in summary[summary["metric"] == metric].iterrows()}


def stock_scores(examples, rouge_types, use_stemmer):
    """What evaluate's stock rouge computes, straight from rouge-score: the per-example scores (its
    default tokenizer; ``score_multi`` for lists of references) and the median of its bootstrap."""
    scorer = rouge_scorer.RougeScorer(rouge_types, use_stemmer=use_stemmer)
    score = scorer.score_multi if examples.multi_reference else scorer.score
    per_example = [score(r, p) for p, r in zip(examples.predictions, examples.references, strict=True)]
    aggregator = scoring.BootstrapAggregator()
    for scores in per_example:
        aggregator.add_scores(scores)
    np.random.seed(app_scoring.SEED)
    return per_example, {t: score.mid for t, score in aggregator.aggregate().items()}


def read_csv(path):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("module", [app, app_scoring, app_tables], ids=lambda module: module.__name__)
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_japanese_example_scores_and_stock_zero():
    predictions, references = app.SCORE_EXAMPLES[0]
    summary, chart, details, signature, *_ = app_score.score(predictions, references, None, *DEFAULTS)
    kurenai, stock = rows_of(summary, "kurenai_rouge"), rows_of(summary, "stock rouge")
    # rouge1 by hand: 3 of 4 tokens, 7 of 8, and 5 hits over 8 predicted / 7 reference tokens.
    assert kurenai["rouge1"]["F"] == round((3 / 4 + 7 / 8 + 2 * (5 / 8) * (5 / 7) / (5 / 8 + 5 / 7)) / 3, 4)
    assert kurenai["rouge1"]["F interval"] != "-"
    assert all(stock[t]["F"] == 0.0 for t in ALL_TYPES)
    assert list(details["rouge1 kurenai F"]) == [0.75, 0.875, round(2 / 3, 4)]
    assert list(summary.columns) == list(app_tables.SUMMARY_COLUMNS)
    assert list(chart.columns) == ["bar", "metric", "F"]
    assert list(chart["bar"][:2]) == ["rouge1 kurenai", "rouge1 stock"]
    assert list(chart["F"]) == list(summary["F"])
    assert signature.startswith("tok:whitespace[invisible-dropped]|")


@pytest.mark.parametrize("name", list(rouge_text.TOKENIZERS))
def test_every_registered_tokenizer_scores_like_rouge_score_with_it(name):
    predictions, references = app.SCORE_EXAMPLES[3]
    csv_path = app_score.score(predictions, references, None, ALL_TYPES, name, False, False, False, 0.95)[4]
    rows = read_csv(csv_path)
    scorer = rouge_scorer.RougeScorer(ALL_TYPES, tokenizer=get_tokenizer(name))
    for row, prediction, reference in zip(
        rows, predictions.splitlines(), references.splitlines(), strict=True
    ):
        expected = scorer.score(reference, prediction)
        for t in ALL_TYPES:
            assert float(row[f"{t} kurenai F"]) == expected[t].fmeasure
            assert float(row[f"{t} kurenai P"]) == expected[t].precision


def test_tokenizer_dropdowns_list_the_registry(monkeypatch):
    """Score's and Compare's (which have a language) end with the language's choice; Inspect's has none."""
    monkeypatch.setitem(rouge_text.TOKENIZERS, "test-only", rouge_text.TOKENIZERS["whitespace"])
    dropdowns = [block for block in app.build_app().blocks.values() if isinstance(block, gr.Dropdown)]
    tokenizers = {
        dropdown.elem_id: dropdown for dropdown in dropdowns if "tokenizer" in dropdown.label.lower()
    }
    assert len(tokenizers) == 3
    names = rouge_text.tokenizer_names()
    assert "test-only" in names
    for elem_id, dropdown in tokenizers.items():
        expected = names if elem_id == "inspect-tokenizer" else [*names, app_scoring.FROM_LANGUAGE]
        assert [value for _, value in dropdown.choices] == expected, elem_id
    languages = [dropdown for dropdown in dropdowns if dropdown.label.lower().startswith("language")]
    assert len(languages) == 3  # Score, Compare systems, Other tools
    for language in languages:
        assert [value for _, value in language.choices] == ["", *rouge_text.LANGUAGES]


UNSEGMENTED = ("今日は晴れです\n猫が窓の外を見ている", "今日は雨です\n猫が窓から外を見ている")


@pytest.mark.parametrize("language", ["ja", "ru", None])
def test_from_the_language_scores_as_compute_without_a_tokenizer(rouge, language):
    """The choice "(from the language)" is compute(language=...) with no tokenizer argument."""
    options = (ALL_TYPES, app_scoring.FROM_LANGUAGE, False, False, False, 0.95, language or "")
    predictions, references = (text.split("\n") for text in UNSEGMENTED)
    # Without a language it is the whitespace tokenizer, which warns about unsegmented Japanese.
    with pytest.warns(UserWarning, match="without spaces") if language is None else nullcontext():
        summary, _, details, signature, *_, code = app_score.score(*UNSEGMENTED, None, *options)
        expected = rouge.compute(
            predictions=predictions, references=references, language=language, use_aggregator=False
        )
    for t in ALL_TYPES:
        assert list(details[f"{t} kurenai F"]) == [round(f, 4) for f in expected[t]]
    tokens = get_tokenizer(None, False, language).signature
    assert signature.startswith(f"tok:{tokens}|")
    assert "tokenizer=" not in code
    assert (f"language={language!r}" in code) == (language is not None)
    if language == "ja":  # sudachi splits the words: the unsegmented text no longer scores 0
        assert rows_of(summary, "kurenai_rouge")["rouge1"]["F"] > 0.5


def test_from_the_language_in_the_work_estimate_is_the_language_tokenizer(monkeypatch):
    seen = []
    real = app_limits.estimate_work
    monkeypatch.setattr(
        app_limits, "estimate_work", lambda *args, **kw: seen.append(args[2]) or real(*args, **kw)
    )
    monkeypatch.setattr(app_score, "check_work", app_limits.check_work)
    app_score.score(
        "a b", "a b", None, ["rouge1"], app_scoring.FROM_LANGUAGE, False, False, False, 0.95, "ko"
    )
    assert set(seen) == {"ko"}


def test_compare_from_the_language(rouge):
    baseline, system, references = "今日は雨\n猫", "今日は晴れです\n猫が見る", "今日は晴れです\n猫が見ている"
    summary, *_, signature, _, _, _ = app_compare_tab.compare_systems(
        baseline, system, references, None, ["rouge1"], app_scoring.FROM_LANGUAGE, "ja"
    )
    expected = rouge.compare(
        predictions=system.split("\n"),
        baseline=baseline.split("\n"),
        references=references.split("\n"),
        rouge_types=["rouge1"],
        language="ja",
        n_samples=app_compare.N_SAMPLES,
        return_signature=True,
    )
    assert summary.iloc[0]["system mean"] == f"{expected['rouge1']:.4f}"
    assert signature.split("|test:")[0] == expected["signature"].split("|test:")[0]


def test_language_reaches_the_metric():
    signature = app_score.score(
        "мир, «мир» мир!", "мир мир мир", None, ["rouge1"], None, False, False, False, 0.95, "ru"
    )[3]
    assert "|lang:ru(Russian)|" in signature


MULTI_REFERENCE_CSV = (
    "prediction,reference_1,reference_2\n"
    "The cats were running on the mat.,A dog runs.,The cat ran on a mat!\n"
    "Running dogs; sitting cats,dogs are running,\n"
    "今日 は 晴れ,今日 は 雨,It rains today\n"
)


@pytest.mark.parametrize("use_stemmer", [False, True])
@pytest.mark.parametrize("source", ["pasted English", "upload with several references"])
def test_stock_column_is_the_stock_metric(tmp_path, source, use_stemmer):
    if source == "pasted English":
        texts, upload = app.SCORE_EXAMPLES[3], None
        examples = app_inputs.parse_pasted(*texts)
    else:
        texts, upload = ("", ""), str(write(tmp_path, "multi.csv", MULTI_REFERENCE_CSV))
        examples = app_inputs.parse_upload(upload)
    options = (ALL_TYPES, "whitespace", use_stemmer, False, True, 0.95)
    summary, _, details, _, csv_path, *_ = app_score.score(*texts, upload, *options)
    expected_per_example, expected_median = stock_scores(examples, ALL_TYPES, use_stemmer)
    stock = rows_of(summary, "stock rouge")
    rows = read_csv(csv_path)
    for t in ALL_TYPES:
        assert [stock[t][k] for k in "PRF"] == [round(v, 4) for v in expected_median[t]]
        assert list(details[f"{t} stock F"]) == [round(s[t].fmeasure, 4) for s in expected_per_example]
        for row, expected in zip(rows, expected_per_example, strict=True):
            assert [float(row[f"{t} stock {k}"]) for k in "PRF"] == list(expected[t])


def test_rouge_w_s_su_are_scored_and_not_in_the_stock_column(tmp_path):
    predictions, references = app.SCORE_EXAMPLES[3]
    types = ["rouge1", *FAMILY_TYPES]
    summary, chart, details, _, csv_path, json_path, _ = app_score.score(
        predictions, references, None, types, "whitespace", False, False, True, 0.95
    )
    examples = app_inputs.parse_pasted(predictions, references)
    options = {"rouge_types": types, "tokenizer": "whitespace", "detailed": True}
    exact = app_scoring.kurenai_compute(examples, use_aggregator=False, **options)
    mean = app_scoring.kurenai_compute(examples, bootstrap=True, **options)
    kurenai, stock = rows_of(summary, "kurenai_rouge"), rows_of(summary, "stock rouge")
    rows = read_csv(csv_path)
    for t in FAMILY_TYPES:
        assert [kurenai[t][k] for k in "PRF"] == [
            round(mean[f"{t}{k}"], 4) for k in ("_precision", "_recall", "")
        ]
        assert kurenai[t]["F interval"] == f"[{mean[f'{t}_low']:.4f}, {mean[f'{t}_high']:.4f}]"
        assert [stock[t][k] for k in ("P", "R", "F", "F interval")] == [app_tables.NOT_AVAILABLE] * 3 + [
            app_tables.NOT_IN_STOCK
        ]
        assert [float(row[f"{t} kurenai F"]) for row in rows] == exact[t]
        assert [float(row[f"{t} kurenai R"]) for row in rows] == exact[f"{t}_recall"]
        assert f"{t} stock F" not in details and f"{t} stock F" not in rows[0]
    assert 0 < kurenai["rougeSU4"]["F"] < 1
    assert stock["rouge1"]["F"] > 0
    assert list(chart["bar"]) == ["rouge1 kurenai", "rouge1 stock", *(f"{t} kurenai" for t in FAMILY_TYPES)]
    assert list(chart["bar"]) == [bar for bar in app_tables.CHART_ORDER if bar in set(chart["bar"])]
    assert chart["F"].dtype == float
    summary_json = json.loads(Path(json_path).read_text("utf-8"))
    assert summary_json["stock_rouge"][app_tables.NOT_IN_STOCK] == FAMILY_TYPES
    assert set(summary_json["stock_rouge"]) == {"what", app_tables.NOT_IN_STOCK, "rouge1"}


def test_only_rouge_w_s_su_leaves_the_stock_column_empty():
    summary, chart, details, *_ = app_score.score("a b c", "a c b", None, FAMILY_TYPES, *DEFAULTS[1:])
    assert list(rows_of(summary, "stock rouge")["rougeS4"][["P", "F"]]) == [app_tables.NOT_AVAILABLE] * 2
    assert list(chart["metric"]) == ["kurenai_rouge"] * 3
    assert [c for c in details.columns if "stock" in c] == []


@pytest.mark.parametrize("bootstrap", [True, False])
@pytest.mark.parametrize("multi_reference", [False, True])
def test_one_scoring_gives_what_compute_returns(bootstrap, multi_reference):
    predictions, references = (text.splitlines() for text in app.SCORE_EXAMPLES[3])
    if multi_reference:
        references = [[reference, predictions[0]] for reference in references]  # example 1 matches its 2nd
    examples = app_inputs.Examples(predictions, references)
    options = {
        "rouge_types": ["rouge2", "rougeLsum", "rougeSU4"],
        "tokenizer": "whitespace",
        "use_stemmer": True,
    }
    per_example, aggregate = app_scoring.kurenai_scores(examples, bootstrap, 0.9, **options)
    assert aggregate == app_scoring.kurenai_compute(
        examples, detailed=True, bootstrap=bootstrap, confidence_level=0.9, return_signature=True, **options
    )
    assert per_example == app_scoring.kurenai_compute(
        examples, use_aggregator=False, detailed=True, **options
    )
    assert ("rougeSU4_low" in aggregate) == bootstrap


def test_stock_bootstrap_leaves_numpy_global_state_alone():
    np.random.seed(123)
    expected = np.random.random()
    np.random.seed(123)
    app_scoring.stock_scores(app_inputs.Examples(["a b", "c"], ["a", "c d"]), ["rouge1"], False, 0.95)
    assert np.random.random() == expected


def test_downloads(tmp_path):
    predictions, references = app.SCORE_EXAMPLES[4]
    _, _, details, _, csv_path, json_path, _ = app_score.score(
        predictions, references, None, ["rouge1", "rougeL"], *DEFAULTS[1:]
    )
    rows = read_csv(csv_path)
    # The page's columns are the CSV's, without P and R.
    assert list(details.columns) == [column for column in rows[0] if not column.endswith((" P", " R"))]
    assert list(details.columns)[3:] == [
        "rouge1 kurenai F",
        "rouge1 stock F",
        "rougeL kurenai F",
        "rougeL stock F",
    ]
    assert [row["prediction"] for row in rows] == predictions.splitlines()
    exact = app_scoring.kurenai_compute(
        app_inputs.Examples(predictions.splitlines(), references.splitlines()),
        rouge_types=["rouge1", "rougeL"],
        use_aggregator=False,
    )
    assert [float(row["rougeL kurenai F"]) for row in rows] == exact["rougeL"]
    summary = json.loads(Path(json_path).read_text("utf-8"))
    assert summary["examples"] == 3
    assert set(summary["kurenai_rouge"]) >= {"rouge1", "rouge1_precision", "rouge1_low", "signature"}
    assert set(summary["stock_rouge"]["rouge1"]) == {"low", "mid", "high"}


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_upload_csv_tsv_and_jsonl(tmp_path):
    csv_file = write(tmp_path, "a.csv", 'prediction,reference\n"今日 は 晴れ",今日 は 雨\n"x, y",x\n')
    assert app_inputs.parse_upload(csv_file) == app_inputs.Examples(
        ["今日 は 晴れ", "x, y"], ["今日 は 雨", "x"]
    )
    tsv_file = write(tmp_path, "a.tsv", "reference\tprediction\n今日\t今日 は\n")
    assert app_inputs.parse_upload(tsv_file) == app_inputs.Examples(["今日 は"], ["今日"])
    jsonl = write(
        tmp_path,
        "a.jsonl",
        '{"prediction": "a b", "references": ["a", "b c"]}\n\n{"prediction": "c", "reference": "c"}\n',
    )
    assert app_inputs.parse_upload(jsonl) == app_inputs.Examples(["a b", "c"], [["a", "b c"], ["c"]])


def test_upload_with_several_reference_columns_scores_the_best_reference(tmp_path):
    path = write(
        tmp_path, "multi.csv", "prediction,reference_1,reference_2\nthe cat sat,a dog,the cat\nx y,x,\n"
    )
    examples = app_inputs.parse_upload(path)
    assert examples == app_inputs.Examples(["the cat sat", "x y"], [["a dog", "the cat"], ["x"]])
    _, _, details, *_ = app_score.score("", "", str(path), ["rouge1"], *DEFAULTS[1:])
    assert list(details["rouge1 kurenai F"]) == [0.8, round(2 / 3, 4)]
    assert list(details["rouge1 stock F"]) == [0.8, round(2 / 3, 4)]


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("a.csv", "pred,reference\nx,y\n", "needs a 'prediction' column"),
        (
            "a.csv",
            'prediction,reference\nx,"y\n',
            "not valid CSV: unexpected end of data, in the record that starts on line 2",
        ),
        (
            "a.csv",
            'prediction,reference\nx,y\n"x"y,z\n',
            "a.csv is not valid CSV: .* in the record that starts on line 3",
        ),
        ("a.jsonl", '{"prediction": "x", "reference": "y"}\nnot json\n', "a.jsonl line 2 is not JSON"),
        ("a.jsonl", '["x", "y"]\n', "must be a JSON object"),
        ("a.jsonl", '{"prediction": 1, "reference": "y"}\n', "prediction must be a string"),
        ("a.jsonl", '{"prediction": "x", "references": ["y", 2]}\n', "must be a string or a list"),
        ("a.txt", "x\n", "upload a .csv, .tsv or .jsonl file"),
        ("a.csv", "", "a.csv has no rows"),
        (
            "a.csv",
            "prediction,reference,prediction\nx,y,z\n",
            "the column 'prediction' appears more than once",
        ),
        (
            "a.jsonl",
            '{"prediction": "x", "reference": "y", "prediction": "z"}\n',
            "'prediction' appears more",
        ),
        ("a.csv", "Prediction,prediction ,reference\nx,y,z\n", "has 2 prediction columns"),
        (
            "a.csv",
            "prediction,reference\nthe cat, sat on the mat,the cat sat on the mat\n",
            "a.csv line 2 has 3 fields but the header has 2: quote a value that holds a comma",
        ),
        ("a.csv", "prediction,reference\nx,y\nonly a prediction\n", "a.csv line 3 has 1 field but"),
        ("a.tsv", "prediction\treference\nx\ty\tz\n", "line 2 has 3 fields .* holds a tab"),
        ("a.csv", 'prediction,reference\n"a\nb",c\nx,y,z\n', "a.csv line 4 has 3 fields"),
        # A NUL byte is named where it is (it was read as a sign of UTF-16: "not UTF-16-BE text").
        ("a.csv", "prediction,reference\nx,y\nab\x00c,d\n", "a.csv line 3 has a NUL byte .*remove it"),
        (
            "a.jsonl",
            '{"prediction": "x", "reference": "y"}\n' * 300 + '{"prediction": "\x00"}',
            "a.jsonl line 301 has a NUL",
        ),
        # A number longer than Python reads, and nesting deeper than it parses: one clear message each.
        (
            "a.jsonl",
            '{"prediction": "x", "reference": "y", "id": ' + "9" * 5000 + "}\n",
            "a.jsonl line 1 has a number of 5,000 digits",
        ),
        (
            "a.jsonl",
            '{"prediction": "x", "reference": "y"}\n' + "[" * 100_000 + "\n",
            "a.jsonl line 2 nests arrays or objects too deeply",
        ),
    ],
)
def test_upload_errors_are_messages(tmp_path, name, content, message):
    with pytest.raises(gr.Error, match=message) as raised:
        app_inputs.parse_upload(write(tmp_path, name, content))
    assert len(str(raised.value)) < 400 and "sys.set_int_max_str_digits" not in str(raised.value)


def test_a_row_with_a_surplus_field_is_refused_by_the_score_handler(tmp_path):
    """The handler behind the page's upload and the /score API: no score of shifted columns."""
    path = write(
        tmp_path, "shifted.csv", "prediction,reference\nthe cat, sat on the mat,the cat sat on the mat\n"
    )
    with pytest.raises(gr.Error, match="shifted.csv line 2 has 3 fields"):
        app_score.score("", "", str(path), ["rouge1"], *DEFAULTS[1:])


def test_only_reference_and_numbered_reference_columns_are_references(tmp_path):
    path = write(
        tmp_path, "ids.csv", "prediction,reference,reference_id,reference_2\nthe cat sat,the cat,7,a dog\n"
    )
    assert app_inputs.parse_upload(path) == app_inputs.Examples(["the cat sat"], [["the cat", "a dog"]])
    only_id = write(tmp_path, "only_id.csv", "prediction,reference_id\nx,7\n")
    with pytest.raises(gr.Error, match="needs a 'prediction' column"):
        app_inputs.parse_upload(only_id)


def test_upload_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin.csv"
    path.write_bytes("prediction,reference\ncafé,café\n".encode("latin-1"))
    with pytest.raises(gr.Error, match="not UTF-8"):
        app_inputs.parse_upload(path)


def test_a_shift_jis_upload_says_how_to_resave_it(tmp_path):
    path = tmp_path / "excel.csv"
    path.write_bytes("prediction,reference\n今日は晴れ,今日は雨\n".encode("cp932"))
    with pytest.raises(gr.Error, match=r"Save it as UTF-8: in Excel choose 'CSV UTF-8 \(comma delimited\)'"):
        app_inputs.parse_upload(path)


def test_utf16_uploads_and_headers_in_any_case(tmp_path):
    path = tmp_path / "utf16.csv"
    path.write_bytes("Prediction, Reference_1,REFERENCE_2\n今日 は 晴れ,今日 は 雨,x\n".encode("utf-16"))
    assert app_inputs.parse_upload(path) == app_inputs.Examples(["今日 は 晴れ"], [["今日 は 雨", "x"]])


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"])
def test_utf16_without_a_byte_order_mark_and_utf32_uploads(tmp_path, encoding):
    path = tmp_path / "wide.csv"
    path.write_bytes("prediction,reference\n今日 は 晴れ,今日 は 雨\n".encode(encoding))
    assert app_inputs.parse_upload(path) == app_inputs.Examples(["今日 は 晴れ"], ["今日 は 雨"])


def test_a_bad_value_is_quoted_short(tmp_path):
    rows = '{"prediction": ["' + "x" * 3_000_000 + '"], "reference": "y"}\n'
    with pytest.raises(gr.Error) as raised:
        app_inputs.parse_upload(write(tmp_path, "big.jsonl", rows))
    assert "prediction must be a string, got ['xxx" in raised.value.message
    assert len(raised.value.message) < 400


def test_uploads_past_the_total_size_are_deleted_oldest_first(tmp_path):
    uploads = app_downloads.Uploads(keep_bytes=2_500)
    paths = []
    for k in range(5):
        paths.append(tmp_path / f"u{k}" / "x.csv")
        paths[-1].parent.mkdir()
        paths[-1].write_bytes(b"x" * 1000)
        uploads.seen(paths[-1])
    assert [p.exists() for p in paths] == [False, False, False, True, True]
    uploads.seen(paths[3])  # seen again: now the newest
    paths.append(tmp_path / "big.csv")
    paths[-1].write_bytes(b"x" * 5000)
    assert uploads.seen(paths[-1]) == [paths[4], paths[3]]  # never the one just uploaded
    with pytest.raises(gr.Error, match="x.csv is no longer on the server: upload it again"):
        app_score.score("", "", str(paths[0]), *DEFAULTS)


def test_one_row_of_40_references_is_over_the_limit():
    """It took 73 s before references per example had a limit."""
    examples = app_inputs.Examples(["x" * 1000], [["y" * 1000] * 40])
    with pytest.raises(gr.Error, match=r"40 references; the limit is 10 \(KURENAI_ROUGE_MAX_REFERENCES\)"):
        app_limits.check_limits(examples)


def test_limits():
    limits = app_limits.Limits(examples=2, chars=5, references=2)
    with pytest.raises(
        gr.Error, match=r"example 2 has 3 references; the limit is 2 \(KURENAI_ROUGE_MAX_REFERENCES\)"
    ):
        app_limits.check_limits(app_inputs.Examples(["a", "b"], [["a"], ["b", "c", "d"]]), limits)
    with pytest.raises(gr.Error, match=r"3 examples; the limit is 2 \(KURENAI_ROUGE_MAX_EXAMPLES\)"):
        app_limits.check_limits(app_inputs.Examples(["a", "b", "c"], ["a", "b", "c"]), limits)
    with pytest.raises(gr.Error, match=r"example 2: the reference has 6 characters.*KURENAI_ROUGE_MAX_CHARS"):
        app_limits.check_limits(app_inputs.Examples(["a", "b"], [["a"], ["b", "123456"]]), limits)
    with pytest.raises(gr.Error, match="nothing to score"):
        app_limits.check_limits(app_inputs.Examples([], []), limits)
    app_limits.check_limits(app_inputs.Examples(["12345", "b"], ["a", "b"]), limits)


def test_limits_from_environment():
    assert app_limits.Limits.from_env({}) == app_limits.Limits()
    assert app_limits.Limits.from_env({"KURENAI_ROUGE_MAX_CHARS": "7"}) == app_limits.Limits(chars=7)
    with pytest.raises(ValueError, match="KURENAI_ROUGE_MAX_EXAMPLES must be a positive integer, got '0'"):
        app_limits.Limits.from_env({"KURENAI_ROUGE_MAX_EXAMPLES": "0"})


def test_score_limits_come_from_the_module_limits(monkeypatch):
    monkeypatch.setattr(app_limits, "LIMITS", app_limits.Limits(examples=1))
    with pytest.raises(gr.Error, match="the limit is 1"):
        app_score.score("a\nb", "a\nb", None, *DEFAULTS)


@pytest.mark.parametrize(
    ("predictions", "references", "options", "message"),
    [
        ("a\nb", "a", DEFAULTS, "2 predictions but 1 reference"),
        ("", "", DEFAULTS, "nothing to score"),
        ("a", "a", ([], *DEFAULTS[1:]), "choose at least one rouge type"),
        ("a", "a", (ALL_TYPES, "klingon", *DEFAULTS[2:]), "unknown tokenizer 'klingon'"),
    ],
)
def test_score_errors_are_messages(predictions, references, options, message):
    with pytest.raises(gr.Error, match=message):
        app_score.score(predictions, references, None, *options)


def test_inspect_unsegmented_japanese_is_one_token_each():
    with pytest.warns(UserWarning, match="written without spaces"):  # the class of evaluate's copy
        prediction_tokens, reference_tokens, table, note = app_inspect.inspect_pair(
            "今日は晴れです", "今日は雨です", "whitespace", False
        )
    assert prediction_tokens == [("今日は晴れです", app_tables.NO_MATCH_LABEL)]
    assert reference_tokens == [("今日は雨です", app_tables.NO_MATCH_LABEL)]
    stock = [row["F"] for _, row in table.iterrows() if row["metric"] == "stock rouge"]
    assert list(table["rouge type"][::2]) == list(app_scoring.ROUGE_TYPES)
    assert list(rows_of(table, "kurenai_rouge")["rougeSU4"][["P", "R", "F"]]) == [0.0] * 3
    assert stock == [0.0] * 4 + [app_tables.NOT_AVAILABLE] * 3
    assert "1 prediction tokens, 1 reference tokens, LCS length 0" in note
    assert "stock metric's tokenizer sees 0 prediction tokens" in note


def test_inspect_marks_lcs_and_unigram_matches():
    prediction_tokens, reference_tokens, table, _ = app_inspect.inspect_pair(
        "the cat sat on the mat", "a cat the mat sat on", "whitespace", False
    )
    labels = {app_tables.LCS_LABEL: "L", app_tables.MATCH_LABEL: "M", app_tables.NO_MATCH_LABEL: "-"}
    assert [labels[label] for token, label in prediction_tokens if token != " "] == list("-LMMLL")
    assert [labels[label] for token, label in reference_tokens if token != " "] == list("-LLLMM")
    kurenai = rows_of(table, "kurenai_rouge")
    assert kurenai["rougeL"]["P"] == round(3 / 6, 4)
    assert kurenai["rouge1"]["P"] == round(5 / 6, 4)
    # Six tokens each, so all 15 ordered pairs are within rougeS4's skip distance; 8 are shared:
    # the-sat the-on the-mat (clipped to 1) cat-sat cat-on cat-the cat-mat sat-on.
    assert kurenai["rougeS4"]["P"] == kurenai["rougeS4"]["R"] == round(8 / 15, 4)


tokens = st.lists(st.sampled_from("abcd"), max_size=12)


@settings(max_examples=200, deadline=None)
@given(tokens, tokens)
def test_labels_count_what_rouge_counts(prediction, reference):
    ref_lcs = rouge_lcs.lcs_indices(reference, prediction)
    pred_lcs = app_tables.embed([reference[i] for i in ref_lcs], prediction)
    assert pred_lcs == sorted(set(pred_lcs))
    assert [prediction[i] for i in pred_lcs] == [reference[i] for i in ref_lcs]
    assert len(ref_lcs) == rouge_scorer._lcs_table(reference, prediction)[-1][-1]
    hits = sum((Counter(prediction) & Counter(reference)).values())
    for own, other, lcs in ((prediction, reference, pred_lcs), (reference, prediction, ref_lcs)):
        labels = app_tables.match_labels(own, other, lcs)
        assert [i for i, label in enumerate(labels) if label == app_tables.LCS_LABEL] == lcs
        assert sum(label != app_tables.NO_MATCH_LABEL for label in labels) == hits


def test_every_failure_is_a_gradio_error():
    @app_status.user_errors
    def broken():
        raise KeyError("boom")

    with pytest.raises(gr.Error, match="KeyError: 'boom'"):
        broken()


def test_readme_front_matter_is_a_valid_space_card():
    metadata = metadata_load(ROOT / "README.md")
    assert metadata["sdk"] == "gradio"
    assert metadata["sdk_version"] == version("gradio") == gr.__version__
    assert (ROOT / metadata["app_file"]).is_file()
    assert {"evaluate", "metric"} <= set(metadata["tags"])
    assert all(metadata[key] for key in ("title", "emoji", "colorFrom", "colorTo", "short_description"))
    assert len(metadata["short_description"]) <= 60
    requirements = (ROOT / "requirements.txt").read_text("utf-8").split()
    assert f"gradio=={gr.__version__}" in requirements


def test_an_empty_reference_scores_zero_pasted_or_uploaded(tmp_path):
    """One rule: an example whose reference is empty scores 0, as compute() scores it."""
    pasted = app_score.score("c\na b", "\na b", None, ["rouge1"], *DEFAULTS[1:])
    path = write(tmp_path, "a.csv", 'prediction,reference\nc,""\na b,a b\n')
    assert app_inputs.parse_upload(path) == app_inputs.Examples(["c", "a b"], ["", "a b"])
    uploaded = app_score.score("", "", str(path), ["rouge1"], *DEFAULTS[1:])
    for _, _, details, *_ in (pasted, uploaded):
        assert list(details["rouge1 kurenai F"]) == [0.0, 1.0]
    # Among several reference columns an empty cell is no reference; a row with none scores 0.
    path = write(tmp_path, "multi.csv", "prediction,reference_1,reference_2\nx,x,\ny,,\n")
    assert app_inputs.parse_upload(path) == app_inputs.Examples(["x", "y"], [["x"], [""]])


def test_records_are_split_as_each_format_defines_them(tmp_path):
    separators = "\u2028\u2029\u0085\x1c\x0b\x0c"
    rows = [{"prediction": f"a{sep}b", "reference": [f"a{sep}b", "c"]} for sep in separators]
    jsonl = write(
        tmp_path, "a.jsonl", "\n".join(json.dumps(row, ensure_ascii=False) for row in rows) + "\r\n"
    )
    examples = app_inputs.parse_upload(jsonl)
    assert examples.predictions == [f"a{sep}b" for sep in separators]
    assert examples.references == [[f"a{sep}b", "c"] for sep in separators]
    # An unquoted U+2028 stays in its cell; a quoted line break too; CRLF ends a record.
    text = 'prediction,reference\r\na\u2028b,c\u2029d\r\n"x\r\ny",z\r\n'
    csv_file = tmp_path / "a.csv"
    csv_file.write_bytes(text.encode("utf-8"))
    assert app_inputs.parse_upload(csv_file) == app_inputs.Examples(["a\u2028b", "x\r\ny"], ["c\u2029d", "z"])
    # Pasted text: one example per line, and a line ends at a line break only.
    assert app_inputs.parse_pasted("a\u2028b\r\nc\u0085d", "x\ny") == app_inputs.Examples(
        ["a\u2028b", "c\u0085d"], ["x", "y"]
    )


def test_csv_download_is_spreadsheet_safe_and_has_a_bom(tmp_path):
    hostile = [
        '=HYPERLINK("http://example.com","x")',
        "+1+1",
        "-1+1",
        "@SUM(1,1)",
        "\tx",
        "\rx",
        "今日 は 晴れ",
    ]
    rows = "".join(json.dumps({"prediction": text, "reference": "a"}) + "\n" for text in hostile)
    csv_path = app_score.score("", "", str(write(tmp_path, "a.jsonl", rows)), *DEFAULTS)[4]
    raw = Path(csv_path).read_bytes()
    assert raw.startswith("\ufeff".encode())
    rows = read_csv(csv_path)
    assert [row["prediction"] for row in rows] == [f"'{text}" for text in hostile[:6]] + ["今日 は 晴れ"]
    assert {row["reference"] for row in rows} == {"a"}
    assert float(rows[0]["rouge1 kurenai F"]) == 0.0


def test_messages_escape_user_text(tmp_path):
    markup = '<a href="http://example.com">x</a><img src=x><form><input type=password></form>'
    path = write(tmp_path, "a.csv", f'"{markup.replace(chr(34), chr(34) * 2)}",reference\nx,y\n')
    with pytest.raises(gr.Error) as raised:
        app_score.score("", "", str(path), *DEFAULTS)
    message = raised.value.message
    assert "<" not in message and ">" not in message
    assert "&lt;img src=x&gt;" in message and "&lt;input type=password&gt;" in message
    jsonl = write(tmp_path, "b.jsonl", json.dumps({"prediction": [markup], "reference": "y"}) + "\n")
    with pytest.raises(gr.Error, match='&lt;a href="http://example.com"&gt;') as raised:
        app_score.score("", "", str(jsonl), *DEFAULTS)
    assert "<" not in raised.value.message


def test_downloads_keep_the_newest_folders_only(monkeypatch):
    downloads = app_downloads.Downloads(keep=3)
    monkeypatch.setattr(app_score, "DOWNLOADS", downloads)
    paths = [Path(app_score.score("a b", "a", None, *DEFAULTS)[4]) for _ in range(5)]
    assert sorted(downloads.root.iterdir()) == sorted(path.parent for path in paths[-3:])
    for _ in range(1000):
        (downloads.new_folder() / "per_example_scores.csv").write_bytes(b"x" * 10_000)
    files = list(downloads.root.rglob("*"))
    assert len([f for f in files if f.is_dir()]) == 3
    assert sum(f.stat().st_size for f in files if f.is_file()) == 30_000


@pytest.mark.parametrize(
    ("lines", "chars", "references", "tokenizer", "rouge_types"),
    [
        # Measured before the estimate existed: 543 s; 60 such lines made another user wait 67 s
        # (since ROUGE-W's tables are numpy's, 60 lines take about 1 s and are accepted).
        (500, 1000, 1, "char", app_scoring.ROUGE_TYPES),
        (200, 1000, 1, "char", app_scoring.ROUGE_TYPES),
        # benchmarks/bench_app.py: the slowest shape per tokenizer at the example limit.
        (500, 1000, 1, "ko", app_scoring.DEFAULT_ROUGE_TYPES),
        (500, 1000, 1, "zh", app_scoring.DEFAULT_ROUGE_TYPES),
        (500, 1000, 10, "char", app_scoring.DEFAULT_ROUGE_TYPES),
    ],
)
def test_the_estimate_refuses_the_slow_requests(lines, chars, references, tokenizer, rouge_types):
    rng = np.random.default_rng(0)
    alphabet = list("今日は晴れです猫が窓の外を見ている会議は午後三時に始まります가나다라마바사아자차")

    def text():
        return "".join(rng.choice(alphabet, chars))

    examples = app_inputs.Examples(
        [text() for _ in range(lines)], [[text() for _ in range(references)] for _ in range(lines)]
    )
    app_limits.check_limits(examples)
    with pytest.raises(gr.Error, match=r"the limit is 5 s \(KURENAI_ROUGE_MAX_SECONDS\)"):
        app_limits.check_work(examples, rouge_types, tokenizer)


def test_the_estimate_accepts_the_default_limits_in_english_and_names_its_counts(monkeypatch):
    rng = np.random.default_rng(0)
    words = "the cat sat on a mat and quick brown fox jumps over lazy dog".split()
    texts = [" ".join(rng.choice(words, 300))[:1000] for _ in range(1000)]
    examples = app_inputs.Examples(texts[:500], texts[500:])
    assert app_limits.check_work(examples, app_scoring.DEFAULT_ROUGE_TYPES, "whitespace").seconds < 5
    work = app_limits.estimate_work(
        app_inputs.Examples(texts[:2], texts[2:4]), ["rougeW", "rougeS*"], "whitespace"
    )
    assert work.tokens == sum(len(t.split()) for t in texts[:4])
    assert "tokens" in work.describe() and "token pairs for rougeW/rougeS/rougeSU" in work.describe()


def test_a_request_too_long_to_tokenize_is_refused_before_tokenizing(monkeypatch):
    def no_tokenizing(*args, **kwargs):
        raise AssertionError("tokenized")

    monkeypatch.setattr(app_limits, "resolve", no_tokenizing)
    examples = app_inputs.Examples(["가" * 1000] * 500, ["나" * 1000] * 500)
    with pytest.raises(gr.Error, match=r"needs at least [\d,.]+ s of work \(1,000,000 characters\)"):
        app_limits.check_work(examples, app_scoring.ROUGE_TYPES, "ko")


def test_nfkc_expansion_counts_in_the_estimate():
    """U+FDFA is one character and 18 after NFKC, which the tokenizers apply."""
    small = app_limits.estimate_work(
        app_inputs.Examples(["a" * 1000], ["a" * 1000]), ["rouge1"], "char", tokenize=False
    )
    large = app_limits.estimate_work(
        app_inputs.Examples(["\ufdfa" * 1000], ["\ufdfa" * 1000]), ["rouge1"], "char", tokenize=False
    )
    assert large.chars == 18 * small.chars


def test_concurrent_requests_get_their_own_numbers():
    """No lock: each running request has a metric object, and the stock bootstrap its own generator."""
    requests = [(app.SCORE_EXAMPLES[3], "whitespace"), (app.SCORE_EXAMPLES[0], "char")] * 4
    expected = [
        app_score.score(*texts, None, ALL_TYPES, tokenizer, False, False, True, 0.95)[0]
        for texts, tokenizer in requests
    ]
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(
            pool.map(
                lambda r: app_score.score(*r[0], None, ALL_TYPES, r[1], False, False, True, 0.95)[0], requests
            )
        )
    for result, wanted in zip(results, expected, strict=True):
        assert result.equals(wanted)


def test_a_refused_request_keeps_the_results_and_says_why_in_the_status():
    page_score = app_status.with_status(app_score.score, 6, app_score.describe_scores)
    *kept, status = page_score("<b>x</b>\ny", "x", None, *DEFAULTS)
    assert kept == [gr.skip()] * 6
    assert "Not done: 2 predictions but 1 reference" in status
    *_, status = page_score("", "", str(ROOT / "no <b>such.csv"), *DEFAULTS)
    assert "no &lt;b&gt;such.csv is no longer on the server" in status and "<b>" not in status
    *results, status = page_score("a\n\nb\nc", "a\nb\n\nc", None, *DEFAULTS)
    assert list(results[2]["example"]) == [1, 2, 3, 4]
    assert (
        "Scored 4 examples. 1 with an empty prediction and 1 with an empty reference: an empty text scores 0."
        in status
    )


def test_no_warning_when_the_app_is_built(recwarn):
    """The page opens on examples that need no warning (Inspect's unsegmented one is the second)."""
    app.build_app()
    assert [str(w.message) for w in recwarn if issubclass(w.category, UserWarning)] == []


def test_inspect_with_empty_boxes_is_refused_as_score_is():
    with pytest.raises(gr.Error, match="nothing to inspect"):
        app_inspect.inspect_pair("", " ", "whitespace", False)
    with pytest.raises(gr.Error, match="nothing to score"):
        app_score.score("", "", None, ["rouge1"], *DEFAULTS[1:])
    # One empty side is inspected: it scores 0, as compute() scores it.
    *_, scores, _ = app_inspect.inspect_pair("a b", "", "whitespace", False)
    assert float(scores.iloc[0, 4]) == 0.0


@pytest.mark.parametrize(
    "options",
    [
        DEFAULTS,
        (["rouge1", "rougeSU4"], "whitespace", True, True, False, 0.9, "en"),
        (["rouge1", "rougeL"], app_scoring.FROM_LANGUAGE, False, False, True, 0.95, "ja"),
    ],
)
def test_the_code_shown_gives_the_page_numbers(metric_dir, monkeypatch, options):
    """The code under the results, run with ``evaluate.load("kurenai_rouge")`` on the local module."""
    predictions, references = app.SCORE_EXAMPLES[0]
    summary, *_, code = app_score.score(predictions, references, None, *options)
    real_load = evaluate.load
    monkeypatch.setattr(
        evaluate, "load", lambda path: real_load(str(metric_dir)) if path == "kurenai_rouge" else 1 / 0
    )
    namespace = {}
    assert ("tokenizer=" in code) == (options[1] != app_scoring.FROM_LANGUAGE)
    exec(compile(code, "shown code", "exec"), namespace)
    results = namespace["results"]
    for row in rows_of(summary, "kurenai_rouge").values():
        t = row["rouge type"]
        assert [row["P"], row["R"], row["F"]] == [
            round(results[f"{t}{k}"], 4) for k in ("_precision", "_recall", "")
        ]
        if options[4]:
            assert row["F interval"] == f"[{results[f'{t}_low']:.4f}, {results[f'{t}_high']:.4f}]"


def test_the_code_shown_leaves_out_long_texts():
    lines = "\n".join(["a b"] * (app_score.CODE_INLINE_EXAMPLES + 1))
    code = app_score.score(lines, lines, None, *DEFAULTS)[-1]
    assert f"predictions = [...]  # your {app_score.CODE_INLINE_EXAMPLES + 1} predictions" in code


def test_the_app_starts_when_its_page_is_slow_to_answer(monkeypatch):
    """gradio's launch checks that the page answers a HEAD request within 3 s and otherwise ends the app
    ("When localhost is not accessible, ..."); on a busy machine the check fails: the app skips it."""
    networking = importlib.import_module("gradio.networking")
    monkeypatch.setattr(networking, "url_ok", lambda url: False)  # as on a busy machine
    launched = []
    monkeypatch.setattr(gr.Blocks, "block_thread", lambda demo: launched.append(demo))
    monkeypatch.setattr(app.signal, "signal", lambda *args: None)
    monkeypatch.setenv("GRADIO_SERVER_PORT", str(free_port()))
    app.main()
    [demo] = launched
    demo.close()


def test_a_request_body_over_the_limit_is_refused_before_gradio_reads_it(monkeypatch):
    """Two pasted texts of 200 MB were parsed for 24 s and kept over a gigabyte: now a 413 at once."""
    launched = []
    monkeypatch.setattr(gr.Blocks, "block_thread", lambda demo: launched.append(demo))
    monkeypatch.setattr(app.signal, "signal", lambda *args: None)
    monkeypatch.setenv("GRADIO_SERVER_PORT", str(free_port()))
    monkeypatch.setattr(app_limits, "LIMITS", app_limits.Limits(request_bytes=100_000))
    monkeypatch.setattr(app, "LIMITS", app_limits.LIMITS)
    app.main()
    [demo] = launched
    try:
        address = urllib.parse.urlsplit(demo.local_url)

        def post(body_headers, chunks):
            """The status and body of the answer to a POST of ``chunks`` (sent before reading it)."""
            connection = http.client.HTTPConnection(address.hostname, address.port, timeout=60)
            connection.putrequest("POST", "/gradio_api/call/score")
            for name, value in {"Content-Type": "application/json", **body_headers}.items():
                connection.putheader(name, value)
            connection.endheaders()
            for chunk in chunks:
                connection.send(chunk)
            response = connection.getresponse()
            answer = response.status, response.read()
            connection.close()
            return answer

        # A declared body over the limit: answered before any of it is sent (or read).
        status, body = post({"Content-Length": "200000"}, [])
        assert status == 413
        message = json.loads(body)["error"]
        assert message.startswith("the request is larger than 100,000 bytes, the limit (KURENAI_ROUGE_MAX")
        # A chunked body (no Content-Length) is counted as it arrives: 110 KB in chunks of 10 KB.
        chunks = [b"%x\r\n%s\r\n" % (10_000, b"a" * 10_000) for _ in range(11)] + [b"0\r\n\r\n"]
        status, body = post({"Transfer-Encoding": "chunked"}, chunks)
        assert status == 413 and json.loads(body)["error"] == message
        status, _ = post({"Content-Length": "12"}, [b'{"data": []}'])
        assert status != 413  # gradio's own answer to a call without its inputs
    finally:
        demo.close()
