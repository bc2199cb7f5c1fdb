"""A forked worker that is stopped ends the batch with an error instead of a hang (issue 20, part 3)."""

import os
import signal
import subprocess
import sys
import time

import pytest
from test_engine import child_pids

from kurouge.engine import workers


def stop_myself(index: int) -> int:
    """Score a chunk by stopping the worker process, as ``kill -STOP <pid>`` would."""
    os.kill(os.getpid(), signal.SIGSTOP)
    return index


def slow(index: int) -> int:
    time.sleep(1.0)
    return index


def test_a_stopped_worker_ends_the_batch_with_an_error(monkeypatch):
    monkeypatch.setenv("KURENAI_ROUGE_STOPPED_SECONDS", "0.2")
    with pytest.raises(RuntimeError, match=r"\(pid \d+\) has been stopped for over 0.2 s \(by SIGSTOP"):
        list(workers.score_in_workers(stop_myself, [(0,), (1,), (2,)], 1))
    assert child_pids() == []  # killed and reaped, stopped as it was


def test_a_running_worker_is_not_timed_out(monkeypatch):
    monkeypatch.setenv("KURENAI_ROUGE_STOPPED_SECONDS", "0.2")
    assert list(workers.score_in_workers(slow, [(0,), (1,)], 2)) == [0, 1]


@pytest.mark.parametrize("setting", ["abc", "0", "-1", "nan", "inf"])
def test_a_bad_stopped_seconds_setting_is_named(monkeypatch, setting):
    monkeypatch.setenv("KURENAI_ROUGE_STOPPED_SECONDS", setting)
    with pytest.raises(
        ValueError, match=f"KURENAI_ROUGE_STOPPED_SECONDS must be a positive number, got '{setting}'"
    ):
        workers.stopped_seconds()


# A custom tokenizer guarded by a lock that another thread holds whenever this process forks (made
# certain by fork hooks): each worker inherits the lock held, with no thread to release it.
HELD_LOCK_RUN = """
import os, threading, warnings
import kurouge
from kurouge.engine import engines, workers

lock = threading.Lock()
def tokenize(text):
    with lock:
        return text.split()

predictions = [f"the cat {i} sat on the mat {i % 7}" for i in range(3000)]
references = [f"a cat {i} sat on a mat {i % 5}" for i in range(3000)]
options = dict(tokenizer=tokenize, use_aggregator=False)
serial = kurouge.score(predictions, references, **options)

grab, held, let_go, free = (threading.Event() for _ in range(4))
def holder():
    while grab.wait():
        grab.clear()
        with lock:
            held.set()
            let_go.wait()
            let_go.clear()
        free.set()
threading.Thread(target=holder, daemon=True).start()
def before():
    grab.set()
    held.wait()
    held.clear()
def after_in_parent():
    let_go.set()
    free.wait()
    free.clear()
os.register_at_fork(before=before, after_in_parent=after_in_parent)

engines.TokenEngine.parallel_seconds = 0.0  # fork for any batch of at least a chunk per process
workers.BLOCKED_SECONDS = 1.0
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    forked = kurouge.score(predictions, references, **options)
assert forked == serial
assert [w.category.__name__ for w in caught] == ["WorkersBlockedWarning"], caught
assert "waiting for a lock that another thread held" in str(caught[0].message)
print("ok")
"""


def test_a_worker_that_inherits_a_held_lock_does_not_hang_the_batch():
    environment = {**os.environ, "KURENAI_ROUGE_PROCESSES": "2"}
    result = subprocess.run(
        [sys.executable, "-c", HELD_LOCK_RUN], capture_output=True, text=True, timeout=120, env=environment
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "ok\n"
