"""The metric's contract: schema, options, whitespace handling, aggregation, bootstrap, errors."""

import math
import os
import subprocess
import sys

import datasets
import numpy as np
import pytest
from kurenai.rouge_scorer import RougeScorer as KurenaiScorer
from rouge_score.scoring import fmeasure
from rouge_score.tokenizers import Tokenizer

DEFAULT_KEYS = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def test_schema_is_the_stock_metrics(rouge):
    string = datasets.Value("string", id="sequence")
    assert rouge.features == [
        datasets.Features({"predictions": string, "references": datasets.Sequence(string)}),
        datasets.Features({"predictions": string, "references": string}),
    ]


def test_defaults_and_plain_floats(rouge):
    result = rouge.compute(predictions=["a b c"], references=["a b d"])
    assert list(result) == DEFAULT_KEYS
    assert all(type(value) is float for value in result.values())
    # 2 of 3 unigrams, 1 of 2 bigrams, LCS "a b" of length 2.
    assert result == {"rouge1": 2 / 3, "rouge2": 0.5, "rougeL": 2 / 3, "rougeLsum": 2 / 3}


def test_every_valid_rouge_type(rouge):
    types = [f"rouge{n}" for n in range(1, 10)] + ["rougeL", "rougeLsum"]
    result = rouge.compute(
        predictions=["a b c d e f g h i j"], references=["a b c d e f g h i j"], rouge_types=types
    )
    assert result == dict.fromkeys(types, 1.0)


def test_a_single_type_may_be_a_string(rouge):
    assert rouge.compute(predictions=["a"], references=["a"], rouge_types="rougeL") == {"rougeL": 1.0}


@pytest.mark.parametrize(
    ("prediction", "reference"),
    [
        ("a b\n", "a b"),  # trailing newline: kurenai 0.1.0 gives rouge1 0.8
        ("  a b", "a b"),  # leading spaces
        ("a b\r\n", "a b"),  # Windows line ending
        ("a\r\nb", "a\nb"),
        ("a b\n\n", "a b"),
    ],
)
def test_edge_whitespace_does_not_change_a_score(rouge, prediction, reference):
    assert rouge.compute(predictions=[prediction], references=[reference]) == dict.fromkeys(DEFAULT_KEYS, 1.0)


def test_kurenai_itself_has_the_whitespace_defect():
    """The reason for the rule above: kurenai 0.1.0 counts an empty token."""
    scores = KurenaiScorer(["rouge1", "rougeLsum"]).score("a b", "a b\n")
    assert scores["rouge1"].fmeasure == pytest.approx(0.8)
    assert KurenaiScorer(["rouge1"]).score("", "")["rouge1"].fmeasure == 1.0


@pytest.mark.parametrize(("prediction", "reference"), [("", ""), ("", "a"), ("a", ""), ("  \n ", "a")])
def test_an_empty_side_scores_zero(rouge, prediction, reference):
    assert rouge.compute(predictions=[prediction], references=[reference]) == dict.fromkeys(DEFAULT_KEYS, 0.0)


def test_tokenizer_may_be_a_callable_or_an_object(rouge):
    def characters(text):
        return list(text.replace(" ", ""))

    class Characters(Tokenizer):
        def tokenize(self, text):
            return characters(text)

    kwargs = {"predictions": ["今日は晴れ"], "references": ["今日は雨"], "rouge_types": ["rouge1"]}
    # 3 shared characters (今, 日, は) of 5 predicted and 4 reference.
    assert rouge.compute(tokenizer=characters, **kwargs) == {"rouge1": fmeasure(3 / 5, 3 / 4)}
    assert rouge.compute(tokenizer=Characters(), **kwargs) == {"rouge1": fmeasure(3 / 5, 3 / 4)}


def test_a_callable_tokenizer_is_not_lowercased(rouge):
    # As in the stock metric, a custom tokenizer's tokens are used as they are.
    result = rouge.compute(predictions=["A"], references=["a"], tokenizer=str.split, rouge_types=["rouge1"])
    assert result == {"rouge1": 0.0}


def test_stemming_applies_to_ascii_words_only(rouge):
    kwargs = {
        "predictions": ["The dogs are running"],
        "references": ["The dog runs"],
        "rouge_types": ["rouge1"],
    }
    # the, dog, run shared once stemmed: P = 3/4, R = 3/3.
    assert rouge.compute(use_stemmer=True, detailed=True, **kwargs) == {
        "rouge1": fmeasure(0.75, 1.0),
        "rouge1_precision": 0.75,
        "rouge1_recall": 1.0,
    }
    # Unstemmed only "the" is shared: P = 1/4, R = 1/3.
    assert rouge.compute(use_stemmer=False, **kwargs) == {"rouge1": fmeasure(1 / 4, 1 / 3)}


def test_aggregate_is_the_exact_mean(rouge):
    predictions = ["a b c", "a", "b c d e", "x"]
    references = ["a b d", "a b", "b c", "y"]
    per_example = rouge.compute(predictions=predictions, references=references, use_aggregator=False)
    aggregate = rouge.compute(predictions=predictions, references=references)
    for key in DEFAULT_KEYS:
        assert aggregate[key] == math.fsum(per_example[key]) / 4
        assert type(aggregate[key]) is float
        assert all(type(v) is float for v in per_example[key])


def test_detailed_adds_precision_and_recall(rouge):
    result = rouge.compute(predictions=["a b c d"], references=["a b"], rouge_types=["rouge1"], detailed=True)
    assert result == {"rouge1": 2 / 3, "rouge1_precision": 0.5, "rouge1_recall": 1.0}


EXAMPLES = {
    "predictions": ["a b c", "a", "b c d e", "x y", "a b", "c"],
    "references": ["a b d", "a b", "b c", "y", "a b", "d"],
}


def test_bootstrap_interval_around_the_exact_mean(rouge):
    plain = rouge.compute(**EXAMPLES, detailed=True)
    result = rouge.compute(**EXAMPLES, detailed=True, bootstrap=True)
    for key, value in plain.items():
        assert result[key] == value
        assert result[f"{key}_low"] <= value <= result[f"{key}_high"]
        assert type(result[f"{key}_low"]) is float
    assert len(result) == 3 * len(plain)


def test_bootstrap_is_reproducible_and_ignores_global_random_state(load_metric):
    results = []
    for global_seed, metric_seed in [(1, 10), (2, 20)]:
        np.random.seed(global_seed)
        metric = load_metric(seed=metric_seed)
        results.append(metric.compute(**EXAMPLES, bootstrap=True, seed=7))
    assert results[0] == results[1]
    other_seed = load_metric().compute(**EXAMPLES, bootstrap=True, seed=8)
    assert other_seed != results[0]


def test_bootstrap_is_the_same_in_another_process(rouge, metric_dir):
    script = (
        "import evaluate, json, sys\n"
        f"r = evaluate.load({str(metric_dir)!r})\n"
        f"print(json.dumps(r.compute(**{EXAMPLES!r}, bootstrap=True, seed=3)))\n"
    )
    output = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    import json

    assert json.loads(output.strip().splitlines()[-1]) == rouge.compute(**EXAMPLES, bootstrap=True, seed=3)


def test_bootstrap_leaves_numpy_global_state_alone():
    from kurouge.stats.summary import bootstrap_interval

    state = np.random.get_state()
    bootstrap_interval(np.arange(10.0).reshape(5, 2), 50, 0.9, seed=1)
    after = np.random.get_state()
    assert all(
        np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b
        for a, b in zip(state, after, strict=True)
    )


def test_bootstrap_interval_narrows_with_lower_confidence(rouge):
    wide = rouge.compute(**EXAMPLES, bootstrap=True, confidence_level=0.99)
    narrow = rouge.compute(**EXAMPLES, bootstrap=True, confidence_level=0.5)
    assert narrow["rouge1_high"] - narrow["rouge1_low"] < wide["rouge1_high"] - wide["rouge1_low"]


def test_multi_reference_best_and_avg(rouge):
    kwargs = {
        "predictions": ["a b c d"],
        "references": [["a b", "a b c d e f g h"]],
        "rouge_types": ["rouge1"],
    }
    # Against "a b": P 2/4, R 2/2, F 2/3. Against the long one: P 4/4, R 4/8, F 2/3: a tie, the first wins.
    assert rouge.compute(detailed=True, **kwargs) == {
        "rouge1": 2 / 3,
        "rouge1_precision": 0.5,
        "rouge1_recall": 1.0,
    }
    assert rouge.compute(detailed=True, multi_ref="avg", **kwargs) == {
        "rouge1": (2 / 3 + 2 / 3) / 2,
        "rouge1_precision": (0.5 + 1.0) / 2,
        "rouge1_recall": (1.0 + 0.5) / 2,
    }


def test_add_and_add_batch_give_the_same_result_as_compute(load_metric, rouge):
    expected = rouge.compute(**EXAMPLES)
    metric = load_metric()
    for prediction, reference in zip(EXAMPLES["predictions"], EXAMPLES["references"], strict=True):
        metric.add(prediction=prediction, reference=reference)
    assert metric.compute() == expected
    metric.add_batch(predictions=EXAMPLES["predictions"][:2], references=EXAMPLES["references"][:2])
    metric.add_batch(predictions=EXAMPLES["predictions"][2:], references=EXAMPLES["references"][2:])
    assert metric.compute() == expected


@pytest.mark.parametrize(
    ("predictions", "references"),
    [
        (["a b", "c d"], ["a b", "c x"]),
        (("a b", "c d"), ("a b", "c x")),
        (["a b", "c d"], [("a b", "a"), ["c x"]]),
        (np.array(["a b", "c d"]), np.array(["a b", "c x"])),
        (["a b", "c d"], [np.array(["a b", "a"]), np.array(["c x"])]),
    ],
)
def test_compute_of_one_batch_equals_computing_stored_batches(load_metric, predictions, references):
    # compute(predictions=..., references=...) on an empty metric skips evaluate's cache file; the
    # numbers are those of the same batch stored first and read back (lists of str).
    metric = load_metric()
    before = os.listdir(metric.data_dir)
    at_once = metric.compute(predictions=predictions, references=references, use_aggregator=False)
    assert os.listdir(metric.data_dir) == before
    metric.add_batch(predictions=predictions, references=references)
    assert metric.compute(use_aggregator=False) == at_once


# --- bad input: a ValueError naming what is wrong, never a deep IndexError or a silent number ---


@pytest.mark.parametrize(
    ("predictions", "references", "message"),
    [
        ([], [], "empty"),
        (["a"], [[]], r"references\[0\] is an empty list"),
        (["a", None], ["a", "b"], r"predictions\[1\] must be a string, got NoneType"),
        (["a", "b"], ["a", None], r"references\[1\] must be a string or a list of strings, got NoneType"),
        (["a", 3], ["a", "b"], r"predictions\[1\] must be a string, got int"),
        (["a"], [["a", 5]], r"references\[0\]\[1\] must be a string, got int"),
        (["a", "b"], ["a", ["b"]], r"references mix single strings and lists: references\[0\] is a str"),
        (["a", "b"], [["a"], "b"], r"references\[0\] is a list but references\[1\] is a str"),
        ("a b", ["a b"], "predictions must be a list, got str"),
        (["a"], None, "references must be a list, got NoneType"),
        (["a", "b"], ["a"], "differ in length|Mismatch"),
    ],
)
def test_bad_input(rouge, predictions, references, message):
    with pytest.raises(ValueError, match=message):
        rouge.compute(predictions=predictions, references=references)


def test_switching_reference_form_between_batches_is_an_error(load_metric):
    metric = load_metric()
    metric.add_batch(predictions=["a"], references=["a"])
    with pytest.raises(
        ValueError, match="lists of references but earlier batches had single reference strings"
    ):
        metric.add_batch(predictions=["b"], references=[["b"]])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rouge_types": ["rouge1", "rougeX"]}, r"unknown rouge type\(s\) 'rougeX'; valid types are rouge1"),
        ({"rouge_types": ["rouge0"]}, "unknown rouge type"),
        ({"rouge_types": ["rouge10"]}, "unknown rouge type"),
        ({"rouge_types": []}, "non-empty list"),
        ({"tokenizer": "klingon"}, "unknown tokenizer 'klingon'; choose one of: whitespace"),
        ({"tokenizer": 42}, "tokenizer must be None, a name"),
        ({"multi_ref": "max"}, r"multi_ref='max' is not valid; choose one of: 'best', 'avg'"),
        ({"engine": "perl"}, r"engine='perl' is not valid; choose one of: 'fast', 'kurenai'"),
        ({"use_stemmer": "yes"}, "use_stemmer must be True or False"),
        ({"use_aggregator": None}, "use_aggregator must be True or False"),
        ({"confidence_level": 95}, "confidence_level must be a number between 0 and 1"),
        ({"n_samples": 0}, "n_samples must be an integer from 1 to 1,000,000, got 0"),
        ({"seed": -1}, "seed must be a non-negative integer"),
        ({"bootstrap": True, "use_aggregator": False}, "bootstrap=True needs use_aggregator=True"),
    ],
)
def test_bad_option(rouge, options, message):
    with pytest.raises(ValueError, match=message):
        rouge.compute(predictions=["a"], references=["a"], **options)


def test_unknown_compute_argument_is_a_type_error(rouge):
    with pytest.raises(TypeError, match="rouge_type"):
        rouge.compute(predictions=["a"], references=["a"], rouge_type=["rouge1"])
