"""Paired significance tests (issue 14): agreement with scipy, error rates, the metric's compare()."""

import json
import math
import subprocess
import sys
import tracemalloc
import warnings

import numpy as np
import pytest
from conftest import REPO
from scipy import stats

from kurouge.stats import quantiles as rouge_quantiles
from kurouge.stats import significance as rouge_significance
from kurouge.stats.significance import FewExamplesWarning, compare_columns, holm, resampled_means

B = 20_000  # resamples on each side of a comparison with scipy


def scores(rng, n, shift=0.0):
    """Paired per-example scores in [0, 1]: a shared difficulty per example plus each system's noise."""
    difficulty = rng.beta(2, 3, size=n)
    baseline = np.clip(difficulty + rng.normal(0, 0.1, n), 0, 1)
    system = np.clip(difficulty + shift + rng.normal(0, 0.1, n), 0, 1)
    return system, baseline


def monte_carlo_error(p, samples):
    """Standard error of a p-value estimated from ``samples`` resamples."""
    return math.sqrt(max(p * (1 - p), 1e-4) / samples)


@pytest.mark.parametrize("shift", [0.0, 0.02, 0.04])
def test_permutation_p_value_agrees_with_scipy(shift):
    system, baseline = scores(np.random.default_rng(1), 80, shift)
    [ours] = compare_columns(
        [system[:, None]], baseline[:, None], method="permutation", n_samples=B, confidence_level=0.95, seed=3
    )
    theirs = stats.permutation_test(
        (system, baseline),
        lambda x, y, axis: np.mean(x - y, axis=axis),
        permutation_type="samples",
        vectorized=True,
        n_resamples=B,
        alternative="two-sided",
        random_state=4,
    ).pvalue
    p = float(ours["p_value"][0])
    # Two independent Monte Carlo estimates of one p-value: their difference has sqrt(2) x the error.
    assert abs(p - theirs) <= 4 * math.sqrt(2) * monte_carlo_error(theirs, B) + 2 / B, (p, theirs)


@pytest.mark.parametrize("shift", [0.0, 0.03])
def test_interval_agrees_with_scipy_bootstrap(shift):
    system, baseline = scores(np.random.default_rng(2), 120, shift)
    [ours] = compare_columns(
        [system[:, None]], baseline[:, None], method="bootstrap", n_samples=B, confidence_level=0.95, seed=5
    )
    theirs = stats.bootstrap(
        (system, baseline),
        lambda x, y, axis: np.mean(x, axis=axis) - np.mean(y, axis=axis),
        paired=True,
        vectorized=True,
        n_resamples=B,
        confidence_level=0.95,
        method="percentile",
        random_state=6,
    ).confidence_interval
    width = theirs.high - theirs.low
    # The 2.5% quantile of B normal draws has a standard error of about sqrt(.025 * .975 / B) / 0.0584
    # standard deviations, 0.5% of the interval's width at B = 20,000: allow 4 x that, twice over.
    for our, their in ((ours["low"][0], theirs.low), (ours["high"][0], theirs.high)):
        assert abs(our - their) <= 0.03 * width


@pytest.mark.parametrize("method", ["bootstrap", "permutation"])
def test_type_one_error_rate_and_power(method):
    """1,000 comparisons of two systems from one distribution: p < 0.05 in 3% to 7% of them."""
    rng = np.random.default_rng(7)
    n, comparisons = 60, 1000
    noise = rng.normal(0, 0.1, size=(n, comparisons))
    rates = []
    for shift_in_errors in (0.0, 1.0, 2.0, 3.0):
        # A shift of k standard errors of the mean difference (0.1 / sqrt(n)).
        shifted = noise + shift_in_errors * 0.1 / math.sqrt(n)
        [result] = compare_columns(
            [shifted], np.zeros((n, comparisons)), method=method, n_samples=999, confidence_level=0.95, seed=8
        )
        rates.append(float(np.mean(result["p_value"] < 0.05)))
    assert 0.03 <= rates[0] <= 0.07, rates
    assert rates == sorted(rates), rates
    # A two-sided z-test's power at 1, 2 and 3 standard errors: 0.17, 0.52, 0.85.
    for rate, expected in zip(rates[1:], (0.17, 0.52, 0.85), strict=True):
        assert abs(rate - expected) <= 0.07, rates


def test_bootstrap_p_value_is_close_to_the_permutation_one():
    system, baseline = scores(np.random.default_rng(9), 400, 0.012)
    args = ([system[:, None]], baseline[:, None])
    bootstrap = compare_columns(*args, method="bootstrap", n_samples=B, confidence_level=0.95, seed=1)
    permutation = compare_columns(*args, method="permutation", n_samples=B, confidence_level=0.95, seed=1)
    p, q = float(bootstrap[0]["p_value"][0]), float(permutation[0]["p_value"][0])
    assert 0.005 < q < 0.5 and abs(p - q) < 0.25 * q, (p, q)


def test_bootstrap_blocks_give_the_numbers_of_one_draw(monkeypatch):
    differences = np.random.default_rng(3).normal(size=(31, 3))
    whole = resampled_means(differences, "bootstrap", 500, seed=2)
    monkeypatch.setattr(rouge_significance, "BLOCK_WEIGHTS", 70)  # blocks of 2 resamples
    np.testing.assert_allclose(
        whole, resampled_means(differences, "bootstrap", 500, seed=2), rtol=0, atol=1e-15
    )


@pytest.mark.parametrize("method", ["bootstrap", "permutation"])
def test_memory_does_not_hold_the_bootstrap_means_of_every_column(monkeypatch, method):
    """80 columns of 100,000 resamples peak below 16 columns of bootstrap means (issue 20).

    Before, every column's n_samples bootstrap means were held for the interval's quantiles: 81
    columns' worth (measured); now 8.2: a block (1 << 16 weights here), BINS counts per column and
    quantile and the values gathered near the quantiles.
    """
    monkeypatch.setattr(rouge_significance, "BLOCK_WEIGHTS", 1 << 16)
    rng = np.random.default_rng(0)
    baseline, systems = rng.random((100, 4)), [rng.random((100, 4)) for _ in range(20)]
    tracemalloc.start()
    compare_columns(systems, baseline, method=method, n_samples=100_000, confidence_level=0.9, seed=4)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 16 * 100_000 * 8


def golden_case(method, rows, n_samples, seed):
    """Two systems of 3 columns against a baseline: per system low, high and p_value of each column."""
    rng = np.random.default_rng(seed)
    baseline = rng.random((rows, 3))
    systems = [np.clip(baseline + rng.normal(shift, 0.1, (rows, 3)), 0, 1) for shift in (0.0, 0.03)]
    result = compare_columns(systems, baseline, method=method, n_samples=n_samples, confidence_level=0.9,
                             seed=seed)  # fmt: skip
    return [[float(x) for key in ("low", "high", "p_value") for x in test[key]] for test in result]


# golden_case's results on main at 92368be, before the quantiles were streamed (printed by
# `print(case, golden_case(*case))` for each case); 50,000 resamples of 100 examples are 2 blocks.
GOLDEN = {
    ("permutation", 12, 2000, 0): [
        [
            -0.05836989170004086,
            -0.02816587474750315,
            0.020686366356252726,
            0.05554088494784827,
            0.06043551089675143,
            0.0794151737048259,
            0.990234375,
            0.56396484375,
            0.02001953125,
        ],
        [
            -0.037687302930839106,
            -0.010544829316555749,
            0.03860552790173103,
            0.03910668869610931,
            0.07923518935337011,
            0.12278122740891091,
            0.96875,
            0.31103515625,
            0.0126953125,
        ],
    ],
    ("permutation", 40, 3000, 1): [
        [
            -0.05049711289896765,
            -0.021345919930877928,
            -0.03385782014675137,
            -0.003536275612972327,
            0.02482311765469695,
            0.011160078476035873,
            0.07430856381206265,
            0.9146951016327891,
            0.3795401532822393,
        ],
        [
            -0.02106668097578691,
            0.0006136479167407256,
            0.007365340265302237,
            0.017201180766947426,
            0.050645541505036314,
            0.04960677590614266,
            0.8833722092635788,
            0.11896034655114962,
            0.04298567144285238,
        ],
    ],
    ("bootstrap", 40, 3000, 2): [
        [
            -0.029694571917482822,
            -0.032448909096313865,
            -0.010786601359491001,
            0.019758864300969008,
            0.018863957299543092,
            0.04069783197030683,
            0.769410196601133,
            0.6664445184938353,
            0.35421526157947353,
        ],
        [
            -0.0029138895439726805,
            -0.00836769063364181,
            -0.009607689738481452,
            0.054071505267603744,
            0.034023975256301055,
            0.040152032294192494,
            0.14795068310563145,
            0.3018993668777074,
            0.3162279240253249,
        ],
    ],
    ("bootstrap", 7, 1000, 3): [
        [
            -0.13066466523797535,
            0.0010055823018563998,
            -0.0027449820427945314,
            0.030724584434578036,
            0.05711054500989395,
            0.10751275032743059,
            0.3066933066933067,
            0.1088911088911089,
            0.11288711288711288,
        ],
        [
            -0.10513985784101329,
            -0.0009804647038040687,
            0.028114561243548372,
            0.002257966194829563,
            0.11070936920919218,
            0.07492334553815012,
            0.13686313686313686,
            0.07792207792207792,
            0.000999000999000999,
        ],
    ],
    ("permutation", 100, 50000, 4): [
        [
            -0.016738212617236632,
            -0.024262226327928797,
            -0.03437584745122949,
            0.013544607360974193,
            0.006705757464760386,
            -0.0042452557768178165,
            0.872542549149017,
            0.3528329433411332,
            0.03685926281474371,
        ],
        [
            0.012426513248513626,
            0.011445822677859019,
            -0.005921398206567328,
            0.04563886977703468,
            0.04190837579655719,
            0.025388777167015122,
            0.0050198996020079595,
            0.004719905601887962,
            0.3101337973240535,
        ],
    ],
    ("bootstrap", 100, 50000, 5): [
        [
            -0.025396313002596607,
            -0.007205186621917602,
            -0.023433231415230016,
            0.007253036179366843,
            0.019779734028857677,
            0.006759116079208412,
            0.36075278494430113,
            0.44039119217615647,
            0.36991260174796503,
        ],
        [
            0.018201957289880773,
            0.015198992045203986,
            0.01537944956329871,
            0.05036124663893076,
            0.047435175400921376,
            0.048359437802384914,
            0.00031999360012799745,
            0.0015999680006399872,
            0.001999960000799984,
        ],
    ],
}


@pytest.mark.parametrize("case", list(GOLDEN))
def test_numbers_are_those_of_holding_every_bootstrap_mean(case):
    assert golden_case(*case) == GOLDEN[case]


@pytest.mark.parametrize("case", list(GOLDEN)[:4])
def test_many_passes_give_the_same_numbers(monkeypatch, case):
    """Few bins, nothing gathered until a bracket is stuck, small blocks: the same floats."""
    monkeypatch.setattr(rouge_quantiles, "BINS", 4)
    monkeypatch.setattr(rouge_quantiles, "GATHER_VALUES", 1)
    monkeypatch.setattr(rouge_quantiles, "SLICE_VALUES", 1)
    assert golden_case(*case) == GOLDEN[case]


def test_permutation_flips_each_sign_with_probability_one_half():
    differences = np.eye(200)  # column j's resampled mean is +-1/200 as example j is kept or swapped
    flips = resampled_means(differences, "permutation", 4000, seed=1) * 200
    assert set(np.unique(flips)) == {-1.0, 1.0}
    assert abs(float(np.mean(flips == -1.0)) - 0.5) < 0.01  # 800,000 fair coins: sd 0.00056
    assert abs(float(np.corrcoef(flips[:, 0], flips[:, 1])[0, 1])) < 0.06


def test_systems_share_resamples():
    """A system tested alone or beside another gets the same interval and p-value."""
    rng = np.random.default_rng(4)
    system, baseline = scores(rng, 50, 0.02)
    other, _ = scores(rng, 50, 0.05)
    alone = compare_columns([system[:, None]], baseline[:, None], method="permutation", n_samples=999,
                            confidence_level=0.9, seed=0)  # fmt: skip
    both = compare_columns([system[:, None], other[:, None]], baseline[:, None], method="permutation",
                           n_samples=999, confidence_level=0.9, seed=0)  # fmt: skip
    for key in ("low", "high", "p_value"):
        assert alone[0][key][0] == pytest.approx(both[0][key][0], abs=1e-12)


def test_holm_against_a_worked_example():
    # Sorted p: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 = 0.04 -> kept at 0.06.
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == [1.0, 1.0]


SYSTEM = [
    "the cat sat on the mat",
    "a dog ran in the park",
    "it rained all day",
    "birds sing at dawn",
    "we met at noon",
    "the train was late",
    "snow fell in the night",
    "she read a long book",
]
BASELINE = ["the cat", "a dog ran", "rain", "birds sing", "we met", "train late", "snow", "a book"]
REFERENCES = [
    "the cat sat on a mat",
    "the dog ran in a park",
    "it rained all day long",
    "birds sang at dawn",
    "we met at noon today",
    "the train was late again",
    "snow fell all night",
    "she read a book",
]


def test_compare_equals_its_parts(rouge):
    result = rouge.compare(predictions=SYSTEM, baseline=BASELINE, references=REFERENCES, method="permutation",
                           n_samples=999, detailed=True, rouge_types=["rouge1", "rougeL"])  # fmt: skip
    ours = rouge.compute(
        predictions=SYSTEM, references=REFERENCES, rouge_types=["rouge1", "rougeL"], detailed=True
    )
    base = rouge.compute(
        predictions=BASELINE, references=REFERENCES, rouge_types=["rouge1", "rougeL"], detailed=True
    )
    for key in ours:
        assert result[key] == ours[key]
        assert result[f"{key}_baseline"] == base[key]
        assert result[f"{key}_difference"] == ours[key] - base[key]
        assert (
            result[f"{key}_difference_low"] <= result[f"{key}_difference"] <= result[f"{key}_difference_high"]
        )
        assert 0 < result[f"{key}_p_value"] <= 1
    # Eight examples, all favouring the system: exactly 2 of the 256 sign patterns reach the difference.
    assert result["rouge1_p_value"] == 2 / 256


def test_compare_several_systems_with_holm(rouge):
    systems = {"full": SYSTEM, "short": [s.split()[0] for s in SYSTEM]}
    result = rouge.compare(predictions=systems, baseline=BASELINE, references=REFERENCES, correction="holm",
                           n_samples=999, rouge_types=["rouge1"], return_signature=True)  # fmt: skip
    alone = rouge.compare(predictions=SYSTEM, baseline=BASELINE, references=REFERENCES, n_samples=999,
                          rouge_types=["rouge1"])  # fmt: skip
    assert result["full/rouge1_p_value"] == alone["rouge1_p_value"]
    assert result["full/rouge1_difference_low"] == alone["rouge1_difference_low"]
    p = [result["full/rouge1_p_value"], result["short/rouge1_p_value"]]
    assert [result["full/rouge1_p_value_holm"], result["short/rouge1_p_value_holm"]] == holm(p)
    assert result["signature"].endswith("|test:permutation-999x0.95@seed0+holm")


@pytest.mark.parametrize(
    "change, message",
    [
        ({"predictions": SYSTEM[:7]}, "predictions and references differ in length"),
        ({"baseline": BASELINE[:7]}, "baseline and references differ in length"),
        ({"predictions": BASELINE}, "identical to the baseline"),
        ({"predictions": {"x": SYSTEM, "y": BASELINE}}, "system 'y' is identical to the baseline"),
        ({"predictions": SYSTEM[:1], "baseline": BASELINE[:1], "references": REFERENCES[:1]}, "at least two"),
        ({"method": "t-test"}, "method='t-test' is not valid"),
        ({"correction": "bonferroni"}, "correction='bonferroni' is not valid"),
        ({"n_samples": 0}, "n_samples must be"),
        ({"predictions": {}}, "empty dict"),
        ({"predictions": list(range(8))}, r"predictions\[0\] must be a string"),
        ({"rouge_types": ["rouge0"]}, "unknown rouge type"),
    ],
)
def test_compare_refuses_bad_input(rouge, change, message):
    arguments = {"predictions": SYSTEM, "baseline": BASELINE, "references": REFERENCES, **change}
    with pytest.raises(ValueError, match=message):
        rouge.compare(**arguments)


def test_same_result_in_another_process(rouge, metric_dir):
    arguments = {"predictions": SYSTEM, "baseline": BASELINE, "references": REFERENCES, "seed": 11,
                 "n_samples": 2000}  # fmt: skip
    here = rouge.compare(**arguments)
    code = (
        "import evaluate, json, sys; arguments = json.loads(sys.argv[2]); "
        "print(json.dumps(evaluate.load(sys.argv[1]).compare(**arguments)))"
    )
    there = subprocess.run(
        [sys.executable, "-c", code, str(metric_dir), json.dumps(arguments)],
        capture_output=True, text=True, timeout=300, check=True, cwd=REPO,
    ).stdout  # fmt: skip
    assert json.loads(there) == here


def write_lines(path, lines):
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def cli(*args):
    return subprocess.run([sys.executable, str(REPO / "rouge_cli.py"), *args], capture_output=True, text=True,
                          timeout=300)  # fmt: skip


def test_command_line_comparison_equals_compare(rouge, tmp_path):
    short = [s.split()[0] for s in SYSTEM]
    files = ["--predictions", write_lines(tmp_path / "full.txt", SYSTEM),
             "--predictions", write_lines(tmp_path / "short.txt", short),
             "--baseline", write_lines(tmp_path / "base.txt", BASELINE),
             "--references", write_lines(tmp_path / "refs.txt", REFERENCES),
             "--n-samples", "999", "--correction", "holm"]  # fmt: skip
    expected = rouge.compare(
        predictions={"full": SYSTEM, "short": short},
        baseline=BASELINE,
        references=REFERENCES,
        n_samples=999,
        correction="holm",
        return_signature=True,
    )
    as_json = cli(*files)
    assert as_json.returncode == 0, as_json.stderr
    assert json.loads(as_json.stdout) == expected
    table = cli(*files, "--format", "table", "--rouge-types", "rouge1").stdout.splitlines()
    assert table[0].split() == ["system", "key", "mean", "baseline", "difference", "low", "high", "p_value",
                                "p_value_holm"]  # fmt: skip
    full, shortest = table[1].split(), table[2].split()
    assert full[:2] == ["full", "rouge1"] and float(full[4]) == pytest.approx(
        expected["full/rouge1_difference"]
    )
    assert full[-1] == "*" and shortest[-1] != "*"  # full wins every example, short loses most
    assert table[-2] == "* p < 0.05 (two-sided, the last p-value column) and a 0.95 interval without 0"
    csv_rows = cli(*files, "--format", "csv").stdout.splitlines()
    assert csv_rows[0] == "system,key,mean,baseline,difference,low,high,p_value,p_value_holm"
    assert len(csv_rows) == 1 + 2 * 4


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--predictions", "{p}"], "several --predictions are compared with a --baseline"),
        (["--baseline", "{p}"], "identical to the baseline"),
        (["--baseline", "{b}", "--bootstrap"], "--bootstrap is for scores"),
    ],
)
def test_command_line_comparison_errors(tmp_path, extra, message):
    paths = {"p": write_lines(tmp_path / "p.txt", SYSTEM), "b": write_lines(tmp_path / "b.txt", BASELINE)}
    refs = write_lines(tmp_path / "r.txt", REFERENCES)
    result = cli("--predictions", paths["p"], "--references", refs, *(e.format(**paths) for e in extra))
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


# --- few examples (issue 22): the exact permutation test, its warning, a verdict that agrees ---------


@pytest.mark.parametrize("n", [2, 3, 6, 9, 12, 16])
def test_exact_permutation_p_value_equals_scipy_exact(n):
    rng = np.random.default_rng(n)
    system, baseline = scores(rng, n, 0.05)
    system[0] = baseline[0]  # a tie: its sign flip changes nothing
    [ours] = compare_columns(
        [system[:, None]],
        baseline[:, None],
        method="permutation",
        n_samples=99,
        confidence_level=0.95,
        seed=0,
    )
    theirs = stats.permutation_test(
        (system, baseline),
        lambda x, y, axis: np.mean(x - y, axis=axis),
        permutation_type="samples",
        vectorized=True,
        n_resamples=np.inf,  # exact: every one of the 2**n pairings
        alternative="two-sided",
    ).pvalue
    assert float(ours["p_value"][0]) == pytest.approx(theirs, abs=1e-12)


def test_exact_up_to_16_examples_then_monte_carlo():
    differences = np.ones((16, 1))
    assert resampled_means(differences, "permutation", 99, seed=0).shape == (2**16, 1)
    assert resampled_means(np.ones((17, 1)), "permutation", 99, seed=0).shape == (99, 1)
    [test] = compare_columns([differences], np.zeros((16, 1)), method="permutation", n_samples=99,
                             confidence_level=0.95, seed=0)  # fmt: skip
    assert test["p_value"][0] == 2 / 2**16


def test_six_examples_that_all_favour_the_system(rouge):
    # The Compare tab's demo: the bootstrap says 0.0001; the exact test 2 of 64.
    system, baseline, references = SYSTEM[:6], BASELINE[:6], REFERENCES[:6]
    arguments = {
        "predictions": system,
        "baseline": baseline,
        "references": references,
        "rouge_types": ["rouge1"],
    }
    assert rouge.compare(**arguments)["rouge1_p_value"] == 2 / 64
    assert rouge.compare(**arguments, method="bootstrap")["rouge1_p_value"] == pytest.approx(1e-4, abs=1e-6)


def few_examples_warnings(rouge, n, **options):
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        rouge.compare(predictions=SYSTEM[:n], baseline=BASELINE[:n], references=REFERENCES[:n], **options)
    category = FewExamplesWarning
    return [str(r.message) for r in records if issubclass(r.category, category)]


def test_a_warning_when_too_few_examples_for_any_difference(rouge):
    [message] = few_examples_warnings(rouge, 5)
    assert message.startswith("with 5 examples no paired test can show a difference at p < 0.05: even when")
    assert message.endswith("Use at least 6 examples")
    assert few_examples_warnings(rouge, 6) == []
    assert few_examples_warnings(rouge, 6, confidence_level=0.99)[0].endswith("at least 8 examples")
    assert len(few_examples_warnings(rouge, 2, method="bootstrap")) == 1


def test_three_examples_on_the_command_line(tmp_path):
    # rouge1 differences 0.25, 0.25 and 0: the bootstrap's p is 0.033 while its interval starts at 0;
    # the exact test's p is 4/8 (the tie's sign changes nothing).
    files = ["--predictions", write_lines(tmp_path / "s.txt", ["a b c d", "e f g h", "x"]),
             "--baseline", write_lines(tmp_path / "b.txt", ["a b c z", "e f g z", "x"]),
             "--references", write_lines(tmp_path / "r.txt", ["a b c d", "e f g h", "x y"]),
             "--rouge-types", "rouge1", "--format", "table"]  # fmt: skip
    permutation = cli(*files)
    assert permutation.returncode == 0, permutation.stderr
    row = permutation.stdout.splitlines()[1].split()
    assert row[4:] == ["+0.166667", "+0.000000", "+0.250000", "0.500000"]
    assert permutation.stderr.startswith("kurenai-rouge: warning: with 3 examples no paired test can show")
    bootstrap = cli(*files, "--method", "bootstrap").stdout.splitlines()[1].split()
    assert float(bootstrap[-1]) < 0.05 and bootstrap[5] == "+0.000000"
    assert bootstrap[-1] != "*"  # p < 0.05, but the interval holds 0: no verdict against it


def test_compare_on_more_than_a_thousand_examples(rouge):
    """2 / 2**rows overflowed a float from 1,024 examples: compare() raised OverflowError unscored."""
    rows = 1100
    result = rouge.compare(predictions=["x z"] * rows, baseline=["x y"] * rows, references=["x y"] * rows,
                           rouge_types=["rouge1"], n_samples=100)  # fmt: skip
    assert result["rouge1_difference"] == -0.5
    assert result["rouge1_p_value"] == 1 / 101  # every resample below zero: p = (1 + 0) / (1 + 100)
