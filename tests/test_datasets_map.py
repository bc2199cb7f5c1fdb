"""Scoring a large datasets.Dataset in parallel with .map(num_proc=...) and score_examples."""

import functools
import math
import random

import datasets
import dill
import evaluate
import pytest

WORDS = "今日 は 晴れ 雨 です 明日 ねこ いぬ が はしる the cat sat on mat Dogs RUNNING".split()


def make_rows(count: int, seed: int = 0) -> dict[str, list[str]]:
    rng = random.Random(seed)

    def text() -> str:
        lines = [" ".join(rng.choices(WORDS, k=rng.randint(0, 8))) for _ in range(rng.randint(1, 3))]
        return "\n".join(lines)

    return {"prediction": [text() for _ in range(count)], "reference": [text() for _ in range(count)]}


@functools.cache
def load_once(path: str) -> evaluate.EvaluationModule:
    """The README's recipe: each worker process loads the metric once, inside the mapped function."""
    return evaluate.load(path)


def score_batch(batch: dict[str, list[str]], path: str, **options) -> dict[str, list[float]]:
    return load_once(path).score_examples(batch["prediction"], batch["reference"], **options)


def test_map_with_num_proc_then_mean_equals_compute(rouge, metric_dir):
    rows = make_rows(20_000)
    options = {"detailed": True, "use_stemmer": True}
    dataset = datasets.Dataset.from_dict(rows)
    scored = dataset.map(
        functools.partial(score_batch, path=str(metric_dir), **options),
        batched=True,
        num_proc=2,
        remove_columns=dataset.column_names,
    )
    expected = rouge.compute(predictions=rows["prediction"], references=rows["reference"], **options)
    assert sorted(scored.column_names) == sorted(expected)
    assert {key: math.fsum(scored[key]) / len(scored) for key in expected} == expected


def test_score_examples_equals_compute_without_aggregation(rouge):
    rows = make_rows(200, seed=1)
    multi = [[reference, prediction[::-1]] for prediction, reference in zip(*rows.values(), strict=True)]
    options = {"detailed": True, "multi_ref": "avg", "rouge_types": ["rouge1", "rougeLsum"]}
    assert rouge.score_examples(rows["prediction"], multi, **options) == rouge.compute(
        predictions=rows["prediction"], references=multi, use_aggregator=False, **options
    )


def test_a_metric_that_stored_batches_cannot_be_sent_to_workers(load_metric):
    """Why the recipe loads inside the mapped function: stored batches hold a cache file or file locks.

    compute() of one batch on an empty metric stores nothing, so such a metric still travels.
    """
    metric = load_metric()
    metric.compute(predictions=["a"], references=["a"])
    dill.dumps(metric.score_examples)
    metric.add_batch(predictions=["a"], references=["a"])
    with pytest.raises(ValueError, match="Cannot serialise open write-mode local file"):
        dill.dumps(metric.score_examples)
    metric.compute()
    with pytest.raises(TypeError, match="cannot pickle"):
        dill.dumps(metric.score_examples)
