"""The Space's Compare systems tab: its numbers are compare()'s, its tables say what they show."""

import gradio as gr
import pytest

from kurouge.space import compare as app_compare
from kurouge.space.compare import Systems

REFERENCES = app_compare.EXAMPLE_REFERENCES.split("\n")
BASELINE = app_compare.EXAMPLE_BASELINE.split("\n")
SYSTEM = app_compare.EXAMPLE_SYSTEM.split("\n")
SHORT = [line.split()[0] for line in SYSTEM]


@pytest.fixture
def compared(rouge):
    systems = Systems(BASELINE, {"full": SYSTEM, "short": SHORT}, REFERENCES)
    result, scores = app_compare.compare(
        systems, ["rouge1", "rougeL"], "approximate randomization", True, 0.95, tokenizer="whitespace"
    )
    return systems, result, scores


def test_numbers_equal_compare(rouge, compared):
    _, result, _ = compared
    expected = rouge.compare(
        predictions={"full": SYSTEM, "short": SHORT},
        baseline=BASELINE,
        references=REFERENCES,
        rouge_types=["rouge1", "rougeL"],
        method="permutation",
        correction="holm",
        tokenizer="whitespace",
        return_signature=True,
    )
    assert result == expected


def test_tables(compared):
    systems, result, scores = compared
    summary = app_compare.summary_table(result, ["full", "short"], ["rouge1", "rougeL"], 0.05, False)
    assert list(summary["system"]) == ["full", "full", "short", "short"]
    full = summary.iloc[0]
    assert full["difference"] == f"{result['full/rouge1_difference']:+.4f}"
    assert full["verdict"] == "differs (p < 0.05)"  # wins on all six examples: p = 2/64
    assert summary.iloc[2]["verdict"] == "no evidence of a difference"
    # What a phone leaves out (NARROW_NOTE says so).
    assert [summary.columns[i] for i in app_compare.NARROW_HIDDEN_COLUMNS] == [
        "baseline",
        "system mean",
        "interval",
    ]
    # Holm doubles the smaller of two p-values: 2/64 becomes 0.0625, no longer below 0.05.
    holm = app_compare.summary_table(result, ["full", "short"], ["rouge1", "rougeL"], 0.05, True)
    assert holm.iloc[0]["p-value (Holm)"] == f"{result['full/rouge1_p_value_holm']:.4f}"
    assert holm.iloc[0]["verdict"] == "no evidence of a difference"
    details = app_compare.per_example_table(systems, scores)
    assert len(details) == 6
    assert list(details["rouge1 full − baseline"]) == [
        round(s - b, 4) for s, b in zip(scores["full"]["rouge1"], scores["baseline"]["rouge1"], strict=True)
    ]


def test_histogram_marks_the_interval(compared):
    _, result, scores = compared
    differences = [s - b for s, b in zip(scores["full"]["rouge1"], scores["baseline"]["rouge1"], strict=True)]
    histogram = app_compare.resampled_histogram(differences, 0.95)
    assert histogram["resamples"].sum() == app_compare.N_SAMPLES
    inside = histogram[histogram["where"] == "inside the interval"]["mean difference"]
    low, high = result["full/rouge1_difference_low"], result["full/rouge1_difference_high"]
    assert low - 0.05 <= inside.min() and inside.max() <= high + 0.05


def test_examples_to_read(compared):
    systems, _, scores = compared
    table = app_compare.examples_to_read(systems, scores, "full", "rouge1")
    # Six examples: two in each band, none in two bands.
    assert list(table["band"]) == ["high"] * 2 + ["middle"] * 2 + ["low"] * 2
    assert sorted(table["example"]) == [1, 2, 3, 4, 5, 6]
    assert table.iloc[0]["full rouge1"] == max(round(x, 4) for x in scores["full"]["rouge1"])
    assert min(table["full rouge1"]) == min(round(x, 4) for x in scores["full"]["rouge1"])


@pytest.mark.parametrize("size", range(1, 13))
def test_examples_to_read_never_repeat_an_example(size):
    scores = {name: {"rouge1": [(7 * i) % 11 / 10 for i in range(size)]} for name in ("s", "baseline")}
    systems = Systems(["b"] * size, {"s": ["s"] * size}, ["r"] * size)
    table = app_compare.examples_to_read(systems, scores, "s", "rouge1")
    assert len(set(table["example"])) == len(table) and min(size, 2) <= len(table) <= 9
    assert table.iloc[0]["band"] == "high" and (size < 2 or table.iloc[-1]["band"] == "low")


def test_rows_from_an_upload():
    rows = [
        {"reference": "a b", "baseline": "a", "Sys A": "a b", "sys-b": "b"},
        {"reference": "c d", "baseline": "c", "Sys A": "c d", "sys-b": "d"},
    ]
    systems = app_compare.systems_from_rows(rows, "x.csv")
    assert systems.systems == {"Sys A": ["a b", "c d"], "sys-b": ["b", "d"]}
    assert systems.references == ["a b", "c d"] and systems.baseline == ["a", "c"]
    with pytest.raises(gr.Error, match="needs a 'reference' column, a 'baseline' column"):
        app_compare.systems_from_rows([{"reference": "a", "system": "b"}], "x.csv")


def test_identical_system_is_refused(rouge):
    systems = Systems(BASELINE, {"copy": BASELINE}, REFERENCES)
    with pytest.raises(gr.Error, match="'copy' is identical to the baseline"):
        app_compare.compare(systems, ["rouge1"], "paired bootstrap (Koehn 2004)", False, 0.95)


def test_examples_to_read_starts_with_named_headers():
    """Before anything is compared the empty table names its columns, not "1 2 3"."""
    import gradio as gr

    from kurouge.space import page

    blocks = page.build_app().blocks.values()
    tables = [b for b in blocks if isinstance(b, gr.Dataframe) and b.elem_id == "cmp-read"]
    assert tables[0].value["headers"][:2] == ["band", "example"]
