"""The fast engine against rouge-score's own functions and kurenai's scorer: equal numbers (==).

Small vocabularies (1 to 5 symbols) make ties, repeats and long shared runs common, which is
where rouge-score's LCS backtrack tie-break and n-gram clipping matter. score_tokens is checked
twice: as it runs, with rouge-score-rs scoring rouge1-9, rougeL and rougeLsum, and with this
module's Python functions scoring everything (``python_only``).
"""

import multiprocessing
import pickle
import random
from collections.abc import Sequence
from contextlib import contextmanager, nullcontext
from unittest import mock

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from kurenai.rouge_scorer import RougeScorer as KurenaiScorer
from kurenai.tokenizers import AllCharacterSupportTokenizer
from rouge_score import rouge_scorer as rs

import rouge_engine
from rouge_engine import (
    ENGINES,
    NATIVE_TYPES,
    Document,
    SentenceLayout,
    TokenEngine,
    lcs_indices,
    lcs_length,
    native_scores,
    score_lcs,
    score_ngrams,
    score_summary_lcs,
    score_tokens,
    union_lcs,
)
from rouge_sentences import split_sentences
from rouge_stats import reduce_references
from rouge_text import WhitespaceTokenizer

ALL_TYPES = [f"rouge{n}" for n in range(1, 10)] + ["rougeL", "rougeLsum"]
SYMBOLS = "abcde"


# Tokens a custom tokenizer might make, which the Rust kernel must compare as opaque strings.
ODD_TOKENS = ["", " ", "a b", "a", "A", "\x00", "\n", "é", "e\u0301", "ｱ", "😀", "\ufeff"]


@st.composite
def documents(
    draw, max_sentences: int = 5, max_length: int = 9, symbols: Sequence[str] = SYMBOLS
) -> tuple[list[list[str]], list[list[str]]]:
    """A (reference, prediction) pair of tokenized documents over 1 to 5 of ``symbols``."""
    vocabulary = draw(st.lists(st.sampled_from(symbols), min_size=1, max_size=5, unique=True))
    sentence = st.lists(st.sampled_from(vocabulary), max_size=max_length)
    side = st.lists(sentence, max_size=max_sentences)
    return draw(side), draw(side)


def flat(sentences):
    return [token for sentence in sentences for token in sentence]


def union_indices(layout: SentenceLayout, bits: int) -> list[list[int]]:
    """Decode union_lcs's bits into sorted token indices per reference sentence."""
    return [
        [i for i in range(len(sentence)) if bits >> (start + i) & 1]
        for sentence, start in zip(layout.sentences, layout.starts, strict=True)
    ]


def expected_union(reference, prediction) -> list[list[int]]:
    """rouge-score's union of lcs_ind index sets, per reference sentence."""
    return [rs._find_union([rs.lcs_ind(r, c) for c in prediction]) for r in reference]


# --- token level: against rouge-score's internal functions ----------------------------------------


@contextmanager
def python_only():
    """Within it, score_tokens and the engines score every type with this module's functions."""
    with mock.patch.object(rouge_engine, "native_scores", lambda *args: {}):
        yield


def rouge_score_scores(reference, prediction) -> dict:
    """Every type of ALL_TYPES scored by rouge-score's internal functions, as tuples."""
    ref, pred = flat(reference), flat(prediction)
    scores = {
        f"rouge{n}": rs._score_ngrams(rs._create_ngrams(ref, n), rs._create_ngrams(pred, n))
        for n in range(1, 10)
    }
    scores["rougeL"] = rs._score_lcs(ref, pred)
    scores["rougeLsum"] = rs._summary_level_lcs(reference, prediction)
    return {rouge_type: tuple(score) for rouge_type, score in scores.items()}


def assert_both_paths_equal_rouge_score(reference, prediction) -> None:
    expected = rouge_score_scores(reference, prediction)
    ref, pred = flat(reference), flat(prediction)
    for scores in (
        score_tokens(ref, pred, reference, prediction, ALL_TYPES),
        python_scores(reference, prediction),
    ):
        assert scores == expected
        assert list(scores) == ALL_TYPES
        assert all(type(score) is tuple and all(type(v) is float for v in score) for score in scores.values())


def python_scores(reference, prediction) -> dict:
    with python_only():
        return score_tokens(flat(reference), flat(prediction), reference, prediction, ALL_TYPES)


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(documents())
def test_every_type_equals_rouge_score_internals(pair):
    reference, prediction = pair
    ref, pred = flat(reference), flat(prediction)
    expected = rouge_score_scores(reference, prediction)
    for n in range(1, 10):
        assert score_ngrams(ref, pred, n) == expected[f"rouge{n}"]
    assert score_lcs(ref, pred) == expected["rougeL"]
    assert score_summary_lcs(reference, prediction) == expected["rougeLsum"]
    assert_both_paths_equal_rouge_score(reference, prediction)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(documents(symbols=ODD_TOKENS))
def test_odd_tokens_are_compared_as_opaque_strings(pair):
    assert_both_paths_equal_rouge_score(*pair)


def test_rouge_score_rs_scores_its_types_of_an_ordinary_pair():
    reference, prediction = Document(["a", "b"], [["a", "b"]]), Document(["b"], [["b"]])
    assert set(native_scores(reference, prediction, ALL_TYPES + ["rougeW"])) == NATIVE_TYPES


@pytest.mark.parametrize(
    ("reference", "prediction"),
    [
        ([["a", "\ud800"], ["b"]], [["\ud800", "b", "a"]]),  # a lone surrogate is no Rust string
        ([[1, 2, 1], [3]], [[2, 1], [1, 3]]),  # a custom tokenizer's int tokens
    ],
)
def test_tokens_rust_cannot_take_are_scored_in_python(reference, prediction):
    documents_ = Document(flat(reference), reference), Document(flat(prediction), prediction)
    assert native_scores(*documents_, ALL_TYPES) == {}
    assert_both_paths_equal_rouge_score(reference, prediction)


def test_rougelsum_of_long_sentences_is_scored_in_python(monkeypatch):
    rng = random.Random(5)
    reference = [[str(rng.randrange(4)) for _ in range(rng.randint(20, 90))] for _ in range(3)]
    prediction = [[str(rng.randrange(4)) for _ in range(rng.randint(20, 90))] for _ in range(2)]
    longest = max(map(len, reference)) * max(map(len, prediction))
    documents_ = Document(flat(reference), reference), Document(flat(prediction), prediction)
    monkeypatch.setattr(rouge_engine, "NATIVE_LSUM_CELLS", longest)
    assert "rougeLsum" in native_scores(*documents_, ALL_TYPES)
    monkeypatch.setattr(rouge_engine, "NATIVE_LSUM_CELLS", longest - 1)
    assert set(native_scores(*documents_, ALL_TYPES)) == NATIVE_TYPES - {"rougeLsum"}
    assert_both_paths_equal_rouge_score(reference, prediction)


def laid_out(pair) -> tuple[SentenceLayout, list[list[str]]]:
    """The reference's layout and the non-empty predicted sentences (union_lcs's input); at least one."""
    reference, prediction = pair
    prediction = [sentence for sentence in prediction if sentence]
    assume(prediction)
    return SentenceLayout(reference), prediction


@settings(max_examples=800, deadline=None, derandomize=True)
@given(documents(max_sentences=4, max_length=12))
def test_union_lcs_takes_rouge_score_backtrack_choices(pair):
    layout, prediction = laid_out(pair)
    reference = pair[0]
    assert union_indices(layout, union_lcs(layout, prediction)) == expected_union(reference, prediction)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(documents(max_sentences=6, max_length=12))
def test_union_lcs_is_the_same_whatever_the_group_size(pair):
    layout, prediction = laid_out(pair)
    together = union_lcs(layout, prediction)
    original, rouge_engine._GROUP_BITS = rouge_engine._GROUP_BITS, 1
    try:
        assert union_lcs(layout, prediction) == together
    finally:
        rouge_engine._GROUP_BITS = original


@settings(max_examples=500, deadline=None, derandomize=True)
@given(documents(max_sentences=1, max_length=20))
def test_lcs_indices_equal_rouge_score_lcs_ind(pair):
    reference, prediction = flat(pair[0]), flat(pair[1])
    assert lcs_indices(reference, prediction) == rs.lcs_ind(reference, prediction)


def test_rouge_score_backtrack_tie_break_example():
    # Both "a" and "b" are LCSs of "a b" and "b a"; rouge-score's backtrack steps up, keeping "a".
    layout = SentenceLayout([["a", "b"]])
    assert union_indices(layout, union_lcs(layout, [["b", "a"]])) == [[0]]
    assert expected_union([["a", "b"]], [["b", "a"]]) == [[0]]


@pytest.mark.parametrize("symbols", [2, 4, 40])
@pytest.mark.parametrize("seed", [0, 1])
def test_medium_inputs_equal_the_quadratic_table(symbols, seed):
    rng = random.Random(seed)
    reference = [str(rng.randrange(symbols)) for _ in range(300)]
    prediction = [str(rng.randrange(symbols)) for _ in range(300)]
    assert lcs_length(reference, prediction) == rs._lcs_table(reference, prediction)[-1][-1]
    layout = SentenceLayout([reference])
    assert union_indices(layout, union_lcs(layout, [prediction])) == [rs.lcs_ind(reference, prediction)]
    sentences = [reference[i : i + 60] for i in range(0, 300, 60)]
    predicted = [prediction[i : i + 50] for i in range(0, 300, 50)]
    assert score_summary_lcs(sentences, predicted) == tuple(rs._summary_level_lcs(sentences, predicted))
    assert_both_paths_equal_rouge_score(sentences, predicted)
    assert_both_paths_equal_rouge_score([reference], [prediction])


def test_long_sentences_against_many_predicted_sentences_use_several_groups():
    rng = random.Random(2)
    reference = [[str(rng.randrange(3)) for _ in range(400)]]
    prediction = [[str(rng.randrange(3)) for _ in range(rng.randint(1, 30))] for _ in range(40)]
    layout = SentenceLayout(reference)
    assert rouge_engine._GROUP_BITS // layout.width < len(prediction)
    assert union_indices(layout, union_lcs(layout, prediction)) == expected_union(reference, prediction)


# --- text level: both engines against kurenai's RougeScorer ----------------------------------------

WORDS = ["a", "b", "c", "A", "いぬ", "ねこ"]


@st.composite
def texts(draw) -> str:
    """Up to 4 lines of words from a tiny vocabulary, with empty lines and edge spaces now and then."""
    line = st.lists(st.sampled_from(WORDS), max_size=7).map(" ".join)
    lines = draw(st.lists(line, max_size=4))
    text = "\n".join(lines)
    return draw(st.sampled_from(["", " "])) + text if text else text


examples = st.lists(st.tuples(texts(), st.lists(texts(), min_size=1, max_size=3)), min_size=1, max_size=4)
tokenizers = st.sampled_from([AllCharacterSupportTokenizer(), WhitespaceTokenizer()])


@pytest.mark.parametrize("engine_name", [*sorted(ENGINES), "fast, Python functions only"])
@settings(max_examples=200, deadline=None, derandomize=True)
@given(batch=examples, tokenizer=tokenizers)
def test_engines_equal_kurenai_per_reference_and_score_multi(engine_name, batch, tokenizer):
    engine = ENGINES[engine_name.split(",")[0]](ALL_TYPES, tokenizer, split_sentences)
    scorer = KurenaiScorer(ALL_TYPES, tokenizer=tokenizer)
    with python_only() if "Python" in engine_name else nullcontext():
        got = engine.score_batch([p for p, _ in batch], [refs for _, refs in batch])
    for row, (prediction, references) in zip(got, batch, strict=True):
        expected = [{t: tuple(s) for t, s in scorer.score(r, prediction).items()} for r in references]
        assert row == expected
        best = {t: tuple(s) for t, s in scorer.score_multi(references, prediction).items()}
        assert reduce_references(row, "best") == best


@pytest.mark.parametrize("engine_name", sorted(ENGINES))
@pytest.mark.parametrize(
    "rouge_types", [["rougeLsum"], ["rouge2", "rougeL"], ["rougeL", "rouge1", "rougeLsum"]]
)
def test_engines_score_only_the_types_asked_for_in_order(engine_name, rouge_types):
    engine = ENGINES[engine_name](rouge_types, WhitespaceTokenizer(), split_sentences)
    (row,) = engine.score_batch(["a b\nc a"], [["a c b\nb"]])
    assert [list(scores) for scores in row] == [rouge_types]
    scorer = KurenaiScorer(rouge_types, tokenizer=WhitespaceTokenizer())
    assert row[0] == {t: tuple(s) for t, s in scorer.score("a c b\nb", "a b\nc a").items()}


# --- both cores ---------------------------------------------------------------------------------------


class UnpicklableTokenizer:
    """Splits on spaces through a lambda, so the object cannot be pickled."""

    def __init__(self):
        self.tokenize = lambda text: text.lower().split()


def random_batch(seed: int, size: int):
    rng = random.Random(seed)

    def text():
        return "\n".join(" ".join(rng.choices(WORDS, k=rng.randint(0, 12))) for _ in range(rng.randint(1, 3)))

    return [text() for _ in range(size)], [[text() for _ in range(rng.randint(1, 3))] for _ in range(size)]


@pytest.mark.parametrize("processes", [2, 3])
def test_parallel_batches_equal_serial_ones(processes):
    tokenizer = UnpicklableTokenizer()
    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        pickle.dumps(tokenizer)
    engine = TokenEngine(ALL_TYPES, tokenizer, lambda text: split_sentences(text))
    engine.processes, engine.parallel_seconds = processes, 0
    predictions, references = random_batch(processes, 61)
    assert engine.score_batch(predictions, references) == engine.score_serial(predictions, references)


def test_workers_start_only_for_a_batch_worth_them(monkeypatch):
    pools = []
    real_pool = rouge_engine.ProcessPoolExecutor
    monkeypatch.setattr(rouge_engine, "ProcessPoolExecutor", lambda *a: pools.append(a) or real_pool(*a))
    engine = TokenEngine(ALL_TYPES, WhitespaceTokenizer(), split_sentences)
    engine.processes = 2
    predictions, references = random_batch(0, 20)
    expected = engine.score_serial(predictions, references)
    # 20 short examples: the rest would take this process far less than parallel_seconds.
    assert engine.score_batch(predictions, references) == expected
    assert not pools
    engine.parallel_seconds = 0
    # Fewer examples than chunks (2 processes x 8): no worker, however slow.
    assert engine.score_batch(predictions[:15], references[:15]) == expected[:15]
    assert not pools
    assert engine.score_batch(predictions, references) == expected
    assert len(pools) == 1


def score_in_a_daemon(queue, predictions, references):
    engine = TokenEngine(ALL_TYPES, WhitespaceTokenizer(), split_sentences)
    engine.processes, engine.parallel_seconds = 2, 0
    queue.put(engine.score_batch(predictions, references))


def test_a_daemonic_process_scores_in_itself():
    predictions, references = random_batch(1, 30)
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    daemon = context.Process(target=score_in_a_daemon, args=(queue, predictions, references), daemon=True)
    daemon.start()
    got = queue.get(timeout=60)
    daemon.join()
    engine = TokenEngine(ALL_TYPES, WhitespaceTokenizer(), split_sentences)
    assert got == engine.score_serial(predictions, references)


def test_processes_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("KURENAI_ROUGE_PROCESSES", "1")
    assert TokenEngine(["rouge1"], WhitespaceTokenizer(), split_sentences).processes == 1
    monkeypatch.setenv("KURENAI_ROUGE_PROCESSES", "3")
    assert TokenEngine(["rouge1"], WhitespaceTokenizer(), split_sentences).processes == 3
