"""The fast engine against rouge-score's own functions and kurenai's scorer: equal numbers (==).

Small vocabularies (1 to 5 symbols) make ties, repeats and long shared runs common, which is
where rouge-score's LCS backtrack tie-break and n-gram clipping matter. score_tokens is checked
twice: as it runs, with rouge-score-rs scoring rouge1-9, rougeL and rougeLsum, and with this
module's Python functions scoring everything (``python_only``).
"""

import multiprocessing
import os
import pickle
import random
import signal
import subprocess
import sys
import tracemalloc
from collections.abc import Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from kurenai.rouge_scorer import RougeScorer as KurenaiScorer
from kurenai.tokenizers import AllCharacterSupportTokenizer
from rouge_score import rouge_scorer as rs

from kurouge.engine import engines as rouge_engine
from kurouge.engine import lcs as rouge_lcs
from kurouge.engine import native as rouge_native
from kurouge.engine import workers as rouge_workers
from kurouge.engine.documents import Document, score_lcs, score_ngrams, score_summary_lcs
from kurouge.engine.engines import ENGINES, TokenEngine, score_tokens
from kurouge.engine.lcs import SentenceLayout, lcs_indices, lcs_length, union_lcs
from kurouge.engine.native import NATIVE_TYPES, native_scores
from kurouge.stats.summary import reduce_references
from kurouge.tokenizers.registry import WhitespaceTokenizer
from kurouge.tokenizers.sentences import split_sentences

REPO = Path(__file__).resolve().parent.parent

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
    with mock.patch.object(rouge_engine, "native_batch", lambda pairs, *args: [{} for _ in pairs]):
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
def test_tokens_that_are_no_rust_string_cross_as_ids(reference, prediction):
    documents_ = Document(flat(reference), reference), Document(flat(prediction), prediction)
    assert set(native_scores(*documents_, ALL_TYPES)) == NATIVE_TYPES
    assert_both_paths_equal_rouge_score(reference, prediction)


def test_rougelsum_of_long_sentences_is_scored_in_python(monkeypatch):
    rng = random.Random(5)
    reference = [[str(rng.randrange(4)) for _ in range(rng.randint(20, 90))] for _ in range(3)]
    prediction = [[str(rng.randrange(4)) for _ in range(rng.randint(20, 90))] for _ in range(2)]
    longest = max(map(len, reference)) * max(map(len, prediction))
    documents_ = Document(flat(reference), reference), Document(flat(prediction), prediction)
    monkeypatch.setattr(rouge_native, "NATIVE_LSUM_CELLS", longest)
    assert "rougeLsum" in native_scores(*documents_, ALL_TYPES)
    monkeypatch.setattr(rouge_native, "NATIVE_LSUM_CELLS", longest - 1)
    assert set(native_scores(*documents_, ALL_TYPES)) == NATIVE_TYPES - {"rougeLsum"}
    assert_both_paths_equal_rouge_score(reference, prediction)


def test_rougel_of_long_texts_is_scored_in_python(monkeypatch):
    rng = random.Random(6)
    reference = [[str(rng.randrange(4)) for _ in range(rng.randint(20, 90))] for _ in range(3)]
    prediction = [[str(rng.randrange(4)) for _ in range(rng.randint(20, 90))] for _ in range(2)]
    cells = len(flat(reference)) * len(flat(prediction))
    documents_ = Document(flat(reference), reference), Document(flat(prediction), prediction)
    monkeypatch.setattr(rouge_native, "NATIVE_LCS_CELLS", cells)
    assert "rougeL" in native_scores(*documents_, ALL_TYPES)
    monkeypatch.setattr(rouge_native, "NATIVE_LCS_CELLS", cells - 1)
    assert set(native_scores(*documents_, ALL_TYPES)) == NATIVE_TYPES - {"rougeL"}
    assert_both_paths_equal_rouge_score(reference, prediction)


@pytest.mark.parametrize("block_rows", [1, 2, 3, 7])
@settings(max_examples=150, deadline=None, derandomize=True)
@given(pair=documents(max_sentences=1, max_length=30))
def test_lcs_length_is_the_same_in_blocks_of_any_size(block_rows, pair):
    reference, prediction = flat(pair[0]), flat(pair[1])
    with mock.patch.object(rouge_lcs, "_BLOCK_ROWS", block_rows):
        assert lcs_length(reference, prediction) == rs._lcs_table(reference, prediction)[-1][-1]


@pytest.mark.parametrize(
    ("reference", "prediction", "length"),
    [
        ("abcab", "abcab", 5),  # equal: all prefix
        ("abc", "abcab", 3),  # a prefix of the other
        ("xabc", "abc", 3),  # a suffix of the other
        ("abxyzcd", "abzqcd", 5),  # prefix and suffix around a middle with one match
        ("aaa", "bbb", 0),  # no shared token
        ("aa", "abc", 1),  # dropping unshared tokens makes the longer side the shorter
        ("", "abc", 0),
    ],
)
def test_lcs_length_shortcuts(reference, prediction, length):
    for block_rows in (1, 2, 1 << 15):
        with mock.patch.object(rouge_lcs, "_BLOCK_ROWS", block_rows):
            assert lcs_length(list(reference), list(prediction)) == length
            assert lcs_length(list(prediction), list(reference)) == length


def test_lcs_length_memory_is_bounded_by_the_block_however_many_distinct_tokens():
    # 8,000 distinct tokens in 20,000 a side: whole-text match masks would take 8,000 ints of up to 20,000
    # bits (over 10 MB); blocks of 1,024 rows keep each mask under 1,024 bits.
    rng = random.Random(7)
    reference = [str(rng.randrange(8000)) for _ in range(20_000)]
    prediction = [str(rng.randrange(8000)) for _ in range(20_000)]
    expected = lcs_length(reference, prediction)
    tracemalloc.start()
    try:
        with mock.patch.object(rouge_lcs, "_BLOCK_ROWS", 1024):
            length = lcs_length(reference, prediction)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert length == expected
    assert peak < 5_000_000


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
    original, rouge_lcs._GROUP_BITS = rouge_lcs._GROUP_BITS, 1
    try:
        assert union_lcs(layout, prediction) == together
    finally:
        rouge_lcs._GROUP_BITS = original


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
    assert rouge_lcs._GROUP_BITS // layout.width < len(prediction)
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
    starts = []
    real_start = rouge_engine.score_in_workers
    monkeypatch.setattr(rouge_engine, "score_in_workers", lambda *a: starts.append(a) or real_start(*a))
    engine = TokenEngine(ALL_TYPES, WhitespaceTokenizer(), split_sentences)
    engine.processes = 2
    predictions, references = random_batch(0, 20)
    expected = engine.score_serial(predictions, references)
    # 20 short examples: the rest would take this process far less than parallel_seconds.
    assert engine.score_batch(predictions, references) == expected
    assert not starts
    engine.parallel_seconds = 0
    # Fewer examples than chunks (2 processes x 8): no worker, however slow.
    assert engine.score_batch(predictions[:15], references[:15]) == expected[:15]
    assert not starts
    assert engine.score_batch(predictions, references) == expected
    assert len(starts) == 1


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


# --- faults: a dead worker, Ctrl-C, an exception, a consumer that stops early ---------------------------


def child_pids(pid: int | None = None) -> list[int]:
    """The processes that ``pid`` (default: this process) started and that have not been reaped (Linux)."""
    children = []
    for task in Path(f"/proc/{pid or os.getpid()}/task").iterdir():
        try:
            children += [int(child) for child in (task / "children").read_text().split()]
        except FileNotFoundError:  # a thread that ended between the listing and the read
            continue
    return children


# Scores a batch on 2 workers whose tokenizer never returns, so that the batch cannot end by itself
# (the test never races the scoring); prints how it ended. Each worker writes its pid to a pipe once it
# is blocked (and so ignores SIGINT, which it sets first); when both have, a thread of this process
# kills one (kill=True) and prints "workers" for the test, which then sends SIGINT (kill=False).
FAULT_SCRIPT = """
import os, signal, sys, threading
# As in a terminal. A job that a non-interactive shell starts in the background (`pytest ... &`)
# inherits SIGINT ignored, and Python then raises no KeyboardInterrupt: the batch ran on to its end
# and printed nothing (issue 22's failure "under load", which came with how the tests were started).
signal.signal(signal.SIGINT, signal.default_int_handler)
sys.path[:0] = [{tests!r}, {repo!r}]
from test_engine import ALL_TYPES, child_pids, random_batch
from kurouge.engine.engines import TokenEngine
from kurouge.tokenizers.sentences import split_sentences

PARENT = os.getpid()
ready_read, ready_write = os.pipe()


class BlockingInWorkers:
    def tokenize(self, text):
        if os.getpid() != PARENT:
            os.write(ready_write, f"{{os.getpid()}}\\n".encode())
            threading.Event().wait()  # never set: the worker blocks until it is killed
        return text.split()


engine = TokenEngine(ALL_TYPES, BlockingInWorkers(), split_sentences)
engine.parallel_seconds = 0
predictions, references = random_batch(0, 2_000)


def when_workers_block():
    with os.fdopen(ready_read) as ready:
        blocked = [int(ready.readline()) for _ in range(engine.processes)]
    if {kill}:
        os.kill(blocked[0], signal.SIGKILL)
    print("workers", flush=True)


threading.Thread(target=when_workers_block, daemon=True).start()
try:
    engine.score_batch(predictions, references)
    print("completed", flush=True)
except (RuntimeError, KeyboardInterrupt) as error:
    print(type(error).__name__, child_pids(), flush=True)
    print(error, flush=True)
"""


def fault_script(kill: bool) -> list[str]:
    script = FAULT_SCRIPT.format(tests=str(Path(__file__).parent), repo=str(REPO), kill=kill)
    return [sys.executable, "-c", script]


# Both tests end within the subprocess timeout only if the batch ends without waiting for the blocked
# workers: a pool that waits for its workers' chunks (concurrent.futures') would never end.
def test_a_killed_worker_ends_the_batch_with_an_error_and_the_process_exits():
    environment = {**os.environ, "KURENAI_ROUGE_PROCESSES": "2"}
    done = subprocess.run(
        fault_script(kill=True), env=environment, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    workers, ended, message = done.stdout.splitlines()
    assert ended == "RuntimeError []"
    assert message.startswith("a scoring worker process died (killed by signal 9")
    assert "KURENAI_ROUGE_PROCESSES=1" in message


def test_ctrl_c_ends_the_batch_at_once_and_leaves_no_worker():
    environment = {**os.environ, "KURENAI_ROUGE_PROCESSES": "2"}
    with subprocess.Popen(
        fault_script(kill=False), env=environment, stdout=subprocess.PIPE, text=True, start_new_session=True
    ) as process:
        assert process.stdout.readline() == "workers\n"
        os.killpg(process.pid, signal.SIGINT)  # as a terminal sends it: to every process of the group
        try:
            output, _ = process.communicate(timeout=300)
        finally:
            process.kill()
    assert process.returncode == 0
    assert output.splitlines()[0] == "KeyboardInterrupt []"


class FailingTokenizer:
    """Splits on spaces, and raises ValueError on the text "boom"."""

    def tokenize(self, text):
        if text == "boom":
            raise ValueError("no boom here")
        return text.split()


def test_an_exception_in_a_worker_is_raised_with_its_traceback():
    engine = TokenEngine(["rouge1"], FailingTokenizer(), split_sentences)
    engine.processes, engine.parallel_seconds = 2, 0
    predictions, references = random_batch(4, 60)
    predictions[-1] = "boom"
    with pytest.raises(ValueError, match="no boom here") as raised:
        engine.score_batch(predictions, references)
    assert isinstance(raised.value.__cause__, rouge_workers.WorkerTraceback)
    assert "FailingTokenizer" in str(raised.value.__cause__) or "tokenize" in str(raised.value.__cause__)
    assert child_pids() == []


def test_an_exception_that_cannot_be_pickled_is_reported():
    class LocalError(Exception):
        pass

    class Tokenizer:
        def tokenize(self, text):
            if text == "boom":
                raise LocalError("a class that pickle cannot find")
            return text.split()

    engine = TokenEngine(["rouge1"], Tokenizer(), split_sentences)
    engine.processes, engine.parallel_seconds = 2, 0
    predictions, references = random_batch(4, 60)
    predictions[-1] = "boom"
    with pytest.raises(RuntimeError, match="a scoring worker could not send its result"):
        engine.score_batch(predictions, references)
    assert child_pids() == []


def test_a_consumer_that_stops_early_leaves_no_worker():
    engine = TokenEngine(ALL_TYPES, WhitespaceTokenizer(), split_sentences)
    engine.processes, engine.parallel_seconds = 2, 0
    predictions, references = random_batch(5, 3000)
    chunks = engine.score_chunks(predictions, references)
    expected = engine.score_serial(predictions, references)
    rows = next(chunks) + next(chunks)  # the second from a worker
    assert rows == expected[: len(rows)]
    assert len(child_pids()) == 2
    chunks.close()
    assert child_pids() == []
