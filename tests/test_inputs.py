"""Every sequence compute() takes, for every entry point (issue 20, part 3)."""

import datasets
import numpy as np
import pandas as pd
import pytest

PREDICTIONS = ["the cat sat", "a dog ran", "red fish"]
BASELINE = ["the cat", "a dog sat", "blue fish"]
REFERENCES = ["the cat sat down", "the dog ran", "one fish red fish"]
MULTI_REFERENCES = [["the cat sat down", "a cat"], ["the dog ran", "dogs"], ["one fish red fish", "fish"]]
KINDS = {
    "numpy": np.array,
    "pandas": pd.Series,
    "pandas, not from 0": lambda texts: pd.Series(texts, index=range(7, 7 + len(texts))),
    "tuple": tuple,
    "datasets column": lambda texts: datasets.Dataset.from_dict({"text": list(texts)})["text"],
}


@pytest.mark.parametrize("kind", KINDS.values(), ids=KINDS.keys())
def test_every_entry_point_takes_what_compute_takes(rouge, kind):
    as_lists = rouge.compute(predictions=PREDICTIONS, references=REFERENCES, use_aggregator=False)
    assert (
        rouge.compute(predictions=kind(PREDICTIONS), references=kind(REFERENCES), use_aggregator=False)
        == as_lists
    )
    assert rouge.score_examples(kind(PREDICTIONS), kind(REFERENCES)) == as_lists
    options = {"n_samples": 50, "method": "permutation"}
    expected = rouge.compare(predictions=PREDICTIONS, baseline=BASELINE, references=REFERENCES, **options)
    assert (
        rouge.compare(
            predictions=kind(PREDICTIONS), baseline=kind(BASELINE), references=kind(REFERENCES), **options
        )
        == expected
    )
    systems = {"new": kind(PREDICTIONS)}
    assert rouge.compare(predictions=systems, baseline=kind(BASELINE), references=kind(REFERENCES), **options)


def test_a_numpy_table_of_references(rouge):
    expected = rouge.score_examples(PREDICTIONS, MULTI_REFERENCES)
    assert rouge.score_examples(np.array(PREDICTIONS), np.array(MULTI_REFERENCES)) == expected
    assert rouge.compute(predictions=np.array(PREDICTIONS), references=np.array(MULTI_REFERENCES)) == {
        key: sum(values) / 3 for key, values in expected.items()
    }


HUGE = "x" * 100_000
BAD_VALUES = {
    "multi_ref": {"multi_ref": HUGE},
    "engine": {"engine": HUGE},
    "language": {"language": HUGE},
    "tokenizer": {"tokenizer": HUGE},
    "rouge type": {"rouge_types": [HUGE]},
    "many rouge types": {"rouge_types": [f"bad{i}" for i in range(10_000)]},
    "flag": {"use_stemmer": HUGE},
    "seed": {"seed": HUGE},
    "xlsum language": {"tokenizer": "xlsum", "language": "ja" + HUGE},
    "item": {"predictions": [list(range(10_000))]},
    "ROUGE-1.5.5 flag value": {"rouge155": "-c " + HUGE},
    "ROUGE-1.5.5 flag": {"rouge155": HUGE},
    "ROUGE-1.5.5 flags": {"rouge155": [HUGE]},
}


@pytest.mark.parametrize("bad", BAD_VALUES.values(), ids=BAD_VALUES.keys())
def test_an_error_quotes_at_most_60_characters_of_a_value(rouge, bad):
    """A value given is quoted cut to 60 characters (issue 20, part 4), the choices listed in full."""
    with pytest.raises(ValueError) as raised:
        rouge.compute(**{"predictions": ["a"], "references": ["a"], **bad})
    message = str(raised.value)
    # The longest list of choices, the 183 language codes with their names, is about 2,700 characters.
    assert "x" * 58 not in message and len(message) < 3500, message[:200]


@pytest.mark.parametrize("option", ["method", "correction"])
def test_a_comparison_error_quotes_at_most_60_characters(rouge, option):
    with pytest.raises(ValueError) as raised:
        rouge.compare(predictions=["a", "b"], baseline=["a", "c"], references=["a", "b"], **{option: HUGE})
    assert "x" * 58 not in str(raised.value)
    with pytest.raises(ValueError) as raised:
        rouge.compare(predictions={HUGE: ["a", "c"]}, baseline=["a", "c"], references=["a", "b"])
    assert "x" * 58 not in str(raised.value)


@pytest.mark.parametrize("level", [float("nan"), float("inf"), 1.5, 0.0])
def test_a_bad_confidence_level_is_named_on_every_path(rouge, level):
    """compute(), compare(), and the Space's Score tab, which aggregates with rouge_stats (issue 20)."""
    import gradio as gr

    from kurouge.space import page

    message = f"confidence_level must be a number between 0 and 1, got {level!r}"
    with pytest.raises(ValueError, match=message):
        rouge.compute(predictions=["a"], references=["a"], bootstrap=True, confidence_level=level)
    with pytest.raises(ValueError, match=message):
        rouge.compare(
            predictions=["a", "b"], baseline=["a", "c"], references=["a", "b"], confidence_level=level
        )
    with pytest.raises(gr.Error, match=message):
        page.score("a b\nc d", "a b\nc e", None, bootstrap=True, confidence_level=level)


class Shouting(str):
    """A str subclass whose __str__ says something else than its content."""

    def __str__(self):
        return "SOMETHING ELSE"


def test_a_str_subclass_is_scored_on_the_content_that_was_checked(rouge):
    import kurouge

    predictions, references = [Shouting("the cat sat")], ["the cat sat"]
    assert rouge.compute(predictions=predictions, references=references)["rouge1"] == 1.0
    assert rouge.compute(predictions=["the cat sat"], references=[[Shouting("the cat sat")]])["rouge1"] == 1.0
    rouge.add_batch(predictions=predictions, references=references)
    assert rouge.compute()["rouge1"] == 1.0
    rouge.add(prediction=predictions[0], reference=[Shouting("the cat sat")])
    assert rouge.compute()["rouge1"] == 1.0
    assert kurouge.score(predictions, references)["rouge1"] == 1.0
