"""A failed add, add_batch or compute never outlives its call (issue 11, item 1)."""

import os
from pathlib import Path

import pytest

GOOD = {"predictions": ["a b"], "references": ["a b"]}
GOOD_RESULT = {"rouge1": 1.0, "rouge2": 1.0, "rougeL": 1.0, "rougeLsum": 1.0}


def arrow_files(metric) -> list[Path]:
    return sorted(Path(metric.data_dir).glob("*.arrow"))


@pytest.fixture
def metric(load_metric):
    """A metric object of its own, written to cache files (evaluate's default, not in memory)."""
    return load_metric()


class Explodes:
    """A tokenizer that raises what it is given, to fail a compute after its rows were stored."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def tokenize(self, text):
        raise self.error


FAILURES = {
    "lone surrogate, multi-reference": dict(predictions=["hello \ud800"], references=[["hello", "x"]]),
    "lone surrogate in a reference": dict(predictions=["hello"], references=[["x", "a\udfffb"]]),
    "bad option": dict(predictions=["x y"], references=[["x", "y"]], use_stemmer="yes"),
    "unknown option": dict(predictions=["x y"], references=[["x", "y"]], stemmer=True),
    "unknown tokenizer": dict(predictions=["x y"], references=[["x", "y"]], tokenizer="klingon"),
    "bad rouge type": dict(predictions=["x y"], references=[["x", "y"]], rouge_types=["rouge0"]),
    "tokenizer raises": dict(
        predictions=["x y"], references=[["x", "y"]], tokenizer=Explodes(RuntimeError("backend down"))
    ),
    "interrupted": dict(
        predictions=["x y"], references=[["x", "y"]], tokenizer=Explodes(KeyboardInterrupt())
    ),
}


@pytest.mark.parametrize("failure", FAILURES.values(), ids=FAILURES.keys())
def test_failed_compute_leaves_a_fresh_object(metric, failure):
    with pytest.raises((ValueError, TypeError, KeyboardInterrupt)):
        metric.compute(**failure)
    assert metric.writer is None and metric.data is None and metric.filelock is None
    assert arrow_files(metric) == []
    # A batch of the other reference form, then of the same form, both score as on a fresh object.
    assert metric.compute(**GOOD) == GOOD_RESULT
    assert metric.compute(predictions=["a b"], references=[["a b", "c"]]) == GOOD_RESULT


ROWS = [(f"the cat sat {i % 7}", f"the cat {i % 5} sat") for i in range(100)]


@pytest.mark.parametrize(
    "bad_batch",
    [
        {"predictions": [None], "references": ["x"]},
        {"predictions": ["\ud800"], "references": ["x"]},
        {"predictions": ["x"], "references": [["x", "y"]]},  # the other reference form
        {"predictions": ["x", "y"], "references": ["x"]},
        {"predictions": ["x"], "references": ["x"], "weights": [1]},  # not an input of the metric
    ],
)
def test_a_failed_add_batch_stores_nothing_and_loses_nothing(metric, rouge, bad_batch):
    metric.add_batch(predictions=[p for p, _ in ROWS[:99]], references=[r for _, r in ROWS[:99]])
    with pytest.raises((ValueError, TypeError)):
        metric.add_batch(**bad_batch)
    metric.add_batch(predictions=[ROWS[99][0]], references=[ROWS[99][1]])
    assert len(metric) == 100
    assert metric.compute() == rouge.compute(
        predictions=[p for p, _ in ROWS], references=[r for _, r in ROWS]
    )


def test_a_failed_add_stores_nothing_and_loses_nothing(metric, rouge):
    for prediction, reference in ROWS[:99]:
        metric.add(prediction=prediction, reference=reference)
    for bad in ({"prediction": None, "reference": "x"}, {"prediction": "x", "reference": ["y"]}):
        with pytest.raises(ValueError):
            metric.add(**bad)
    metric.add(prediction=ROWS[99][0], reference=ROWS[99][1])
    assert metric.compute() == rouge.compute(
        predictions=[p for p, _ in ROWS], references=[r for _, r in ROWS]
    )


def test_a_failed_first_batch_leaves_a_fresh_object(metric):
    with pytest.raises(ValueError):
        metric.add_batch(predictions=["x"], references=[None])
    assert metric.writer is None and arrow_files(metric) == []
    metric.add_batch(predictions=["a b"], references=[["a b", "c"]])  # the other form is free to take
    assert metric.compute() == GOOD_RESULT


def test_options_are_checked_before_anything_is_stored(metric, monkeypatch):
    stored = []
    monkeypatch.setattr(type(metric).__mro__[1], "add_batch", lambda self, **kw: stored.append(kw))
    for options in ({"use_stemmer": "yes"}, {"stemmer": True}, {"tokenizer": "klingon"}, {"n_samples": 0}):
        with pytest.raises((ValueError, TypeError)):
            metric.compute(**GOOD, **options)
    assert stored == []


def test_a_bad_option_to_compute_loses_nothing_stored(metric, rouge):
    """Options are checked before compute() touches the stored rows: fix the option and compute again."""
    metric.add_batch(predictions=["x", "z"], references=["y", "z"])
    for options in ({"use_stemmer": "yes"}, {"stemmer": True}, {"rouge155": "-x"}):
        with pytest.raises((ValueError, TypeError)) as raised:
            metric.compute(**options)
        assert not getattr(raised.value, "__notes__", None)
    assert metric.compute() == rouge.compute(predictions=["x", "z"], references=["y", "z"])


def test_failed_compute_after_add_batch_deletes_the_stored_rows(metric):
    metric.add_batch(predictions=["x", "z"], references=["y", "z"])
    assert len(arrow_files(metric)) == 1
    with pytest.raises(ValueError, match="backend down") as raised:
        metric.compute(tokenizer=Explodes(RuntimeError("backend down")))
    assert raised.value.__notes__ == [
        "kurenai_rouge: the 2 stored examples were discarded with their cache files; add them again"
    ]
    assert arrow_files(metric) == []
    assert metric.compute(**GOOD) == GOOD_RESULT


def test_lone_surrogates_are_refused_by_every_entry_point(metric):
    where = r"references\[1\]\[0\] has a lone surrogate \(U\+DC00 at character 1\)"
    with pytest.raises(ValueError, match=where):
        metric.compute(predictions=["a", "b"], references=[["a"], ["x\udc00"]])
    with pytest.raises(ValueError, match=r"predictions\[0\] has a lone surrogate"):
        metric.score_examples(["\ud83d"], ["a"])


def test_a_later_object_does_not_wait_on_a_failed_ones_lock(load_metric):
    first = load_metric()
    with pytest.raises(ValueError):
        first.compute(predictions=["a"], references=["a"], tokenizer=Explodes(ValueError("no")))
    second = load_metric()
    second.add_batch(**GOOD)
    # The failed object released its cache file, so the second one takes the first name, not a new one.
    assert os.path.basename(second.cache_file_name).count("-") == 2
    assert second.compute() == GOOD_RESULT


@pytest.mark.parametrize("keep_in_memory", [True, False])
def test_compute_of_nothing_after_a_discarded_compute_says_so(load_metric, keep_in_memory):
    """In memory, evaluate raised AttributeError ('NoneType' object has no attribute 'getvalue')."""
    metric = load_metric(keep_in_memory=keep_in_memory)
    metric.add_batch(predictions=["a b"], references=["a b"])
    with pytest.raises(ValueError, match="raised RuntimeError"):
        metric.compute(tokenizer=Explodes(RuntimeError("backend down")))
    with pytest.raises(ValueError, match="^nothing is stored to compute: add examples with add_batch"):
        metric.compute()
    metric.add_batch(predictions=["a b"], references=["a b"])
    assert metric.compute(rouge_types=["rouge1"]) == {"rouge1": 1.0}
