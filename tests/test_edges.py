"""Command line and API edges (issue 11, item 6): each case failed, or was silently wrong, before."""

import subprocess
import sys
import tracemalloc

import numpy as np
import pytest

from kurouge.stats import summary

CLI = [sys.executable, "-m", "kurouge"]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300)


def test_cli_ignores_a_byte_order_mark(tmp_path):
    (tmp_path / "p.txt").write_text("\ufeffthe cat sat\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("the cat sat\n", encoding="utf-8")
    result = run_cli("--predictions", str(tmp_path / "p.txt"), "--references", str(tmp_path / "r.txt"))
    assert result.returncode == 0, result.stderr
    assert '"rouge1": 1.0' in result.stdout


def test_cli_refuses_an_impossible_number_of_samples(tmp_path):
    (tmp_path / "p.txt").write_text("a\n", encoding="utf-8")
    result = run_cli(
        "--predictions", str(tmp_path / "p.txt"), "--references", str(tmp_path / "p.txt"),
        "--bootstrap", "--n-samples", "1000000000000",
    )  # fmt: skip
    assert result.returncode == 2
    assert "n_samples must be an integer from 1 to 1,000,000, got 1000000000000" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("rouge_type", ["rouge1\n", "rougeS4\n", "rougeL\n", " rougeL", "rougeW\n"])
def test_rouge_types_with_a_newline_are_unknown(rouge, rouge_type):
    with pytest.raises(ValueError, match="unknown rouge type"):
        rouge.compute(predictions=["a"], references=["a"], rouge_types=[rouge_type])


MISBEHAVING = {
    "None": lambda text: None,
    "a generator": lambda text: (token for token in text.split()),
    "a set": lambda text: set(text.split()),
    "a dict": lambda text: dict.fromkeys(text.split()),
    "a string": lambda text: text,
    "ints": lambda text: [len(token) for token in text.split()],
}


@pytest.mark.parametrize("tokenizer", MISBEHAVING.values(), ids=MISBEHAVING.keys())
def test_a_tokenizer_must_return_a_list_of_strings(rouge, tokenizer):
    with pytest.raises(
        TypeError, match=r"tokenizer custom\[.*<lambda>\] must return a list or tuple of strings"
    ):
        rouge.compute(predictions=["a b"], references=["a c"], tokenizer=tokenizer)


def test_a_tokenizer_may_return_a_tuple(rouge):
    result = rouge.compute(
        predictions=["a b"], references=["a c"], tokenizer=lambda text: tuple(text.split())
    )
    assert result["rouge1"] == 0.5


def test_a_failing_tokenizer_is_named(rouge):
    def broken(text):
        raise LookupError("dictionary missing")

    with pytest.raises(ValueError, match=r"custom\[.*broken\] raised LookupError on the text 'a b'"):
        rouge.compute(predictions=["a b"], references=["a c"], tokenizer=broken)


def test_bootstrap_in_blocks_gives_the_numbers_of_one_draw(monkeypatch):
    values = np.random.default_rng(5).random((37, 3))
    whole = summary.bootstrap_interval(values, 501, 0.9, seed=7)
    monkeypatch.setattr(summary, "BLOCK_INDICES", 100)  # blocks of 2 resamples
    blocks = summary.bootstrap_interval(values, 501, 0.9, seed=7)
    assert np.array_equal(whole[0], blocks[0]) and np.array_equal(whole[1], blocks[1])


def test_bootstrap_memory_does_not_grow_with_rows_times_samples(monkeypatch):
    monkeypatch.setattr(summary, "BLOCK_INDICES", 1 << 16)
    values = np.zeros((20_000, 1))
    tracemalloc.start()
    summary.bootstrap_interval(values, 1000, 0.95, seed=0)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    # Drawing every index at once would hold 20,000 x 1,000 int32 (80 MB) and their float64 scores.
    assert peak < 4_000_000


def test_bootstrap_memory_does_not_hold_every_columns_means(monkeypatch):
    """12 keys, 200,000 resamples: peak below 6 keys' bootstrap means (issue 20); 3.0 now, 25.8 before."""
    monkeypatch.setattr(summary, "BLOCK_INDICES", 1 << 16)
    values = np.random.default_rng(0).random((100, 12))
    tracemalloc.start()
    summary.bootstrap_interval(values, 200_000, 0.95, seed=0)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 6 * 200_000 * 8


# bootstrap_interval(np.random.default_rng(seed).random((rows, 3)), n_samples, 0.95, seed) on main at
# 92368be, before its quantiles were streamed: low then high of each column (60,000 resamples of
# 100 rows are 2 blocks).
BOOTSTRAP_GOLDEN = {
    (1, 50, 0): [
        0.6369616873214543,
        0.2697867137638703,
        0.04097352393619469,
        0.6369616873214543,
        0.2697867137638703,
        0.04097352393619469,
    ],
    (9, 1000, 1): [
        0.30424585052080566,
        0.36910750970390044,
        0.36276883163245216,
        0.7185879946690888,
        0.7099745843643664,
        0.6668135204358964,
    ],
    (100, 60000, 2): [
        0.419376596755838,
        0.4251077867695988,
        0.429245466874209,
        0.5346000925671734,
        0.5407949032807926,
        0.5406684588172963,
    ],
}


@pytest.mark.parametrize("case", list(BOOTSTRAP_GOLDEN))
def test_bootstrap_numbers_are_those_of_holding_every_mean(case):
    rows, n_samples, seed = case
    low, high = summary.bootstrap_interval(
        np.random.default_rng(seed).random((rows, 3)), n_samples, 0.95, seed
    )
    assert [float(x) for x in (*low, *high)] == BOOTSTRAP_GOLDEN[case]


@pytest.mark.parametrize("setting", ["abc", "0", "-1", "1.5"])
def test_a_bad_processes_setting_is_named(rouge, monkeypatch, setting):
    monkeypatch.setenv("KURENAI_ROUGE_PROCESSES", setting)
    message = f"KURENAI_ROUGE_PROCESSES must be a positive integer, got '{setting}'"
    with pytest.raises(ValueError, match=message):
        rouge.compute(predictions=["a"], references=["a"])


def test_score_of_an_empty_batch_without_the_metric():
    # api.score is what compute(), the CLI and the app share: no mean of nothing.
    from kurouge import api

    with pytest.raises(ValueError, match="nothing to score"):
        api.score([], [])
    assert api.score([], [], use_aggregator=False, rouge_types=["rouge1"]) == {"rouge1": []}
