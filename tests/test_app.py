"""Unit tests of the functions behind the Space's tabs (app.py), and of its README front matter."""

import csv
import doctest
import importlib
import json
import sys
from collections import Counter
from importlib.metadata import version
from pathlib import Path

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
app = importlib.import_module("app")
rouge_engine = importlib.import_module("rouge_engine")
rouge_text = importlib.import_module("rouge_text")

ALL_TYPES = list(app.ROUGE_TYPES)
# The Score tab's options after the texts and the upload: types, tokenizer, stemmer, split, bootstrap, level.
DEFAULTS = (ALL_TYPES, "whitespace", False, False, True, 0.95)


def rows_of(summary, metric):
    """{rouge type: row} of one metric in the summary table."""
    return {row["rouge type"]: row for _, row in summary[summary["metric"] == metric].iterrows()}


def stock_median(predictions, references, rouge_types):
    """What evaluate's stock rouge reports: rouge-score's default tokenizer, median of its bootstrap."""
    scorer = rouge_scorer.RougeScorer(rouge_types)
    aggregator = scoring.BootstrapAggregator()
    for prediction, reference in zip(predictions, references, strict=True):
        aggregator.add_scores(scorer.score(reference, prediction))
    np.random.seed(app.SEED)
    return {t: score.mid.fmeasure for t, score in aggregator.aggregate().items()}


def test_doctests():
    assert doctest.testmod(app).failed == 0


def test_japanese_example_scores_and_stock_zero():
    predictions, references = app.SCORE_EXAMPLES[0]
    summary, chart, details, signature, *_ = app.score(predictions, references, None, *DEFAULTS)
    kurenai, stock = rows_of(summary, "kurenai_rouge"), rows_of(summary, "stock rouge")
    # rouge1 by hand: 3 of 4 tokens, 7 of 8, and 5 hits over 8 predicted / 7 reference tokens.
    assert kurenai["rouge1"]["F"] == round((3 / 4 + 7 / 8 + 2 * (5 / 8) * (5 / 7) / (5 / 8 + 5 / 7)) / 3, 4)
    assert kurenai["rouge1"]["F interval"] != "-"
    assert all(stock[t]["F"] == 0.0 for t in ALL_TYPES)
    assert list(details["rouge1 kurenai_rouge F"]) == [0.75, 0.875, round(2 / 3, 4)]
    assert list(chart.columns) == ["rouge type and metric", "metric", "F"]
    assert list(chart["rouge type and metric"][:2]) == ["rouge1 kurenai_rouge", "rouge1 stock rouge"]
    assert list(chart["F"]) == list(summary["F"])
    assert signature.startswith("tok:whitespace|")


@pytest.mark.parametrize("name", list(rouge_text.TOKENIZERS))
def test_every_registered_tokenizer_scores_like_rouge_score_with_it(name):
    predictions, references = app.SCORE_EXAMPLES[3]
    *_, csv_path, _ = app.score(predictions, references, None, ALL_TYPES, name, False, False, False, 0.95)
    with open(csv_path, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    scorer = rouge_scorer.RougeScorer(ALL_TYPES, tokenizer=rouge_text.get_tokenizer(name))
    for row, prediction, reference in zip(
        rows, predictions.splitlines(), references.splitlines(), strict=True
    ):
        expected = scorer.score(reference, prediction)
        for t in ALL_TYPES:
            assert float(row[f"{t} kurenai_rouge F"]) == expected[t].fmeasure
            assert float(row[f"{t} kurenai_rouge P"]) == expected[t].precision


def test_tokenizer_dropdowns_list_the_registry(monkeypatch):
    monkeypatch.setitem(rouge_text.TOKENIZERS, "test-only", rouge_text.TOKENIZERS["whitespace"])
    dropdowns = [block for block in app.build_app().blocks.values() if isinstance(block, gr.Dropdown)]
    assert len(dropdowns) == 2
    for dropdown in dropdowns:
        assert [value for _, value in dropdown.choices] == list(rouge_text.TOKENIZERS)


def test_stock_column_is_the_stock_metric():
    predictions, references = (text.splitlines() for text in app.SCORE_EXAMPLES[3])
    summary, _, details, *_ = app.score("\n".join(predictions), "\n".join(references), None, *DEFAULTS)
    stock = rows_of(summary, "stock rouge")
    for t, value in stock_median(predictions, references, ALL_TYPES).items():
        assert stock[t]["F"] == round(value, 4)
    per_example = app.kurenai_compute(
        app.Examples(predictions, references),
        rouge_types=ALL_TYPES,
        tokenizer="rouge-score",
        use_aggregator=False,
    )
    for t in ALL_TYPES:
        assert list(details[f"{t} stock F"]) == [round(v, 4) for v in per_example[t]]


def test_stock_bootstrap_leaves_numpy_global_state_alone():
    np.random.seed(123)
    expected = np.random.random()
    np.random.seed(123)
    app.stock_scores(app.Examples(["a b", "c"], ["a", "c d"]), ["rouge1"], False, 0.95)
    assert np.random.random() == expected


def test_downloads(tmp_path):
    predictions, references = app.SCORE_EXAMPLES[4]
    *_, csv_path, json_path = app.score(predictions, references, None, ["rouge1", "rougeL"], *DEFAULTS[1:])
    with open(csv_path, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["prediction"] for row in rows] == predictions.splitlines()
    exact = app.kurenai_compute(
        app.Examples(predictions.splitlines(), references.splitlines()),
        rouge_types=["rouge1", "rougeL"],
        use_aggregator=False,
    )
    assert [float(row["rougeL kurenai_rouge F"]) for row in rows] == exact["rougeL"]
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
    assert app.parse_upload(csv_file) == app.Examples(["今日 は 晴れ", "x, y"], ["今日 は 雨", "x"])
    tsv_file = write(tmp_path, "a.tsv", "reference\tprediction\n今日\t今日 は\n")
    assert app.parse_upload(tsv_file) == app.Examples(["今日 は"], ["今日"])
    jsonl = write(
        tmp_path,
        "a.jsonl",
        '{"prediction": "a b", "references": ["a", "b c"]}\n\n{"prediction": "c", "reference": "c"}\n',
    )
    assert app.parse_upload(jsonl) == app.Examples(["a b", "c"], [["a", "b c"], ["c"]])


def test_upload_with_several_reference_columns_scores_the_best_reference(tmp_path):
    path = write(
        tmp_path, "multi.csv", "prediction,reference_1,reference_2\nthe cat sat,a dog,the cat\nx y,x,\n"
    )
    examples = app.parse_upload(path)
    assert examples == app.Examples(["the cat sat", "x y"], [["a dog", "the cat"], ["x"]])
    _, _, details, *_ = app.score("", "", str(path), ["rouge1"], *DEFAULTS[1:])
    assert list(details["rouge1 kurenai_rouge F"]) == [0.8, round(2 / 3, 4)]
    assert list(details["rouge1 stock F"]) == [0.8, round(2 / 3, 4)]


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("a.csv", "pred,reference\nx,y\n", "needs a 'prediction' column"),
        ("a.csv", "prediction,reference\nx,\n", "a.csv row 1: no reference"),
        ("a.jsonl", '{"prediction": "x", "reference": "y"}\nnot json\n', "a.jsonl line 2 is not JSON"),
        ("a.jsonl", '["x", "y"]\n', "must be a JSON object"),
        ("a.jsonl", '{"prediction": 1, "reference": "y"}\n', "prediction must be a string"),
        ("a.jsonl", '{"prediction": "x", "references": ["y", 2]}\n', "must be a string or a list"),
        ("a.txt", "x\n", "upload a .csv, .tsv or .jsonl file"),
        ("a.csv", "", "a.csv has no rows"),
    ],
)
def test_upload_errors_are_messages(tmp_path, name, content, message):
    with pytest.raises(gr.Error, match=message):
        app.parse_upload(write(tmp_path, name, content))


def test_upload_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin.csv"
    path.write_bytes("prediction,reference\ncafé,café\n".encode("latin-1"))
    with pytest.raises(gr.Error, match="not UTF-8"):
        app.parse_upload(path)


def test_limits():
    limits = app.Limits(examples=2, chars=5)
    with pytest.raises(gr.Error, match=r"3 examples; the limit is 2 \(KURENAI_ROUGE_MAX_EXAMPLES\)"):
        app.check_limits(app.Examples(["a", "b", "c"], ["a", "b", "c"]), limits)
    with pytest.raises(gr.Error, match=r"example 2: the reference has 6 characters.*KURENAI_ROUGE_MAX_CHARS"):
        app.check_limits(app.Examples(["a", "b"], [["a"], ["b", "123456"]]), limits)
    with pytest.raises(gr.Error, match="nothing to score"):
        app.check_limits(app.Examples([], []), limits)
    app.check_limits(app.Examples(["12345", "b"], ["a", "b"]), limits)


def test_limits_from_environment():
    assert app.Limits.from_env({}) == app.Limits()
    assert app.Limits.from_env({"KURENAI_ROUGE_MAX_CHARS": "7"}) == app.Limits(chars=7)
    with pytest.raises(ValueError, match="KURENAI_ROUGE_MAX_EXAMPLES must be a positive integer, got '0'"):
        app.Limits.from_env({"KURENAI_ROUGE_MAX_EXAMPLES": "0"})


def test_score_limits_come_from_the_module_limits(monkeypatch):
    monkeypatch.setattr(app, "LIMITS", app.Limits(examples=1))
    with pytest.raises(gr.Error, match="the limit is 1"):
        app.score("a\nb", "a\nb", None, *DEFAULTS)


@pytest.mark.parametrize(
    ("predictions", "references", "options", "message"),
    [
        ("a\nb", "a", DEFAULTS, "2 predictions but 1 references"),
        ("", "", DEFAULTS, "nothing to score"),
        ("a", "a", ([], *DEFAULTS[1:]), "choose at least one rouge type"),
        ("a", "a", (ALL_TYPES, "klingon", *DEFAULTS[2:]), "unknown tokenizer 'klingon'"),
    ],
)
def test_score_errors_are_messages(predictions, references, options, message):
    with pytest.raises(gr.Error, match=message):
        app.score(predictions, references, None, *options)


def test_inspect_unsegmented_japanese_is_one_token_each():
    prediction_tokens, reference_tokens, table, note = app.inspect_pair(
        "今日は晴れです", "今日は雨です", "whitespace", False
    )
    assert prediction_tokens == [("今日は晴れです", app.NO_MATCH_LABEL)]
    assert reference_tokens == [("今日は雨です", app.NO_MATCH_LABEL)]
    assert list(table["F"]) == [0.0] * 8
    assert "1 prediction tokens, 1 reference tokens, LCS length 0" in note
    assert "stock metric's tokenizer sees 0 prediction tokens" in note


def test_inspect_marks_lcs_and_unigram_matches():
    prediction_tokens, reference_tokens, table, _ = app.inspect_pair(
        "the cat sat on the mat", "a cat the mat sat on", "whitespace", False
    )
    labels = {app.LCS_LABEL: "L", app.MATCH_LABEL: "M", app.NO_MATCH_LABEL: "-"}
    assert [labels[label] for token, label in prediction_tokens if token != " "] == list("-LMMLL")
    assert [labels[label] for token, label in reference_tokens if token != " "] == list("-LLLMM")
    kurenai = rows_of(table, "kurenai_rouge")
    assert kurenai["rougeL"]["P"] == round(3 / 6, 4)
    assert kurenai["rouge1"]["P"] == round(5 / 6, 4)


tokens = st.lists(st.sampled_from("abcd"), max_size=12)


@settings(max_examples=200, deadline=None)
@given(tokens, tokens)
def test_labels_count_what_rouge_counts(prediction, reference):
    ref_lcs = rouge_engine.lcs_indices(reference, prediction)
    pred_lcs = app._embed([reference[i] for i in ref_lcs], prediction)
    assert pred_lcs == sorted(set(pred_lcs))
    assert [prediction[i] for i in pred_lcs] == [reference[i] for i in ref_lcs]
    assert len(ref_lcs) == rouge_engine.lcs_table(reference, prediction)[-1][-1]
    hits = sum((Counter(prediction) & Counter(reference)).values())
    for own, other, lcs in ((prediction, reference, pred_lcs), (reference, prediction, ref_lcs)):
        labels = app.match_labels(own, other, lcs)
        assert [i for i, label in enumerate(labels) if label == app.LCS_LABEL] == lcs
        assert sum(label != app.NO_MATCH_LABEL for label in labels) == hits


def test_every_failure_is_a_gradio_error():
    @app.user_errors
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
