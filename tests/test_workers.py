"""A forked worker that is stopped ends the batch with an error instead of a hang (issue 20, part 3)."""

import os
import signal
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
