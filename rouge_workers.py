"""Forked worker processes that score the chunks of a batch beside this process."""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

Rows = TypeVar("Rows")
_CAN_FORK = "fork" in multiprocessing.get_all_start_methods()


def default_processes() -> int:
    """``KURENAI_ROUGE_PROCESSES`` if set, else on Linux the number of CPUs this process may use, else 1."""
    setting = os.environ.get("KURENAI_ROUGE_PROCESSES")
    if setting:
        return max(1, int(setting))
    return len(os.sched_getaffinity(0)) if sys.platform == "linux" else 1


def can_start_workers() -> bool:
    """Whether this process can fork workers (a daemonic process, a multiprocessing.Pool's, may not)."""
    return _CAN_FORK and not multiprocessing.current_process().daemon


def score_in_workers(
    score: Callable[..., Rows], chunks: Sequence[tuple[Any, ...]], processes: int
) -> Iterator[Rows]:
    """``score(*chunk)`` of each chunk, in order, computed by this process and ``processes - 1`` forked ones.

    The workers inherit ``score``, so it need not be picklable.
    """
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(processes - 1, context, _adopt_score, (score,)) as pool:
        # The workers take chunks from the end, this process from the start: it scores every
        # chunk whose future it can still cancel, so a busy CPU gets less of the batch.
        futures = [pool.submit(_score_in_worker, *chunk) for chunk in reversed(chunks)][::-1]
        for chunk, future in zip(chunks, futures, strict=True):
            yield score(*chunk) if future.cancel() else future.result()


_worker_score: Callable[..., Any] | None = None


def _adopt_score(score: Callable[..., Any]) -> None:
    """Worker initializer: keep the scoring function the worker inherited when it was forked."""
    global _worker_score
    _worker_score = score


def _score_in_worker(*chunk: Any) -> Any:
    return _worker_score(*chunk)
