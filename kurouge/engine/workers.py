"""Forked worker processes that score the chunks of a batch, and end cleanly whatever happens.

This process forks the workers, hands each the index of a chunk (the workers
inherited the chunks and the scoring function, so neither is pickled), and
collects the scores through one pipe per worker. A worker that dies shows up
at once as the end of its pipe; Ctrl-C, which the terminal sends to every
process of the group, is left to this process; and however the scoring ends
(done, an error, KeyboardInterrupt, or the consumer dropping the generator),
every worker is killed and reaped before the generator returns. A worker that
stays stopped (SIGSTOP, a debugger; seen on Linux) for more than
``KURENAI_ROUGE_STOPPED_SECONDS`` (default 60) ends the batch with an error; a
running worker is never timed out, however long its chunk takes. A worker that
holds a chunk but uses no CPU for ``BLOCKED_SECONDS`` (Linux) is taken to wait
for what it will never get, most often a lock that another thread of this
process held when it forked (a worker inherits the lock, not the thread that
would release it): the workers are ended, this process scores the chunks they
had not returned, and a ``WorkersBlockedWarning`` says so. The numbers are the
same either way.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import sys
import time
import traceback
import warnings
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any, TypeVar

from kurouge.caller import user_stacklevel
from kurouge.inputs import describe

Rows = TypeVar("Rows")
_CAN_FORK = "fork" in multiprocessing.get_all_start_methods()
# Chunks a worker holds at a time: the one it scores and the next, so that it never waits for this process.
_AHEAD = 2
# How long a worker may stay stopped (SIGSTOP, a debugger) before the batch ends with an error.
DEFAULT_STOPPED_SECONDS = 60.0
# How long a worker may hold a chunk without using any CPU before this process scores the rest itself.
BLOCKED_SECONDS = 5.0


class WorkersBlockedWarning(RuntimeWarning):
    """The workers were ended because one made no progress; this process scored the rest of the batch."""


def default_processes() -> int:
    """``KURENAI_ROUGE_PROCESSES`` if set, else on Linux the number of CPUs this process may use, else 1."""
    setting = os.environ.get("KURENAI_ROUGE_PROCESSES")
    if setting:
        if not setting.strip().isdecimal() or int(setting) < 1:
            raise ValueError(f"KURENAI_ROUGE_PROCESSES must be a positive integer, got {describe(setting)}")
        return int(setting)
    return len(os.sched_getaffinity(0)) if sys.platform == "linux" else 1


def stopped_seconds() -> float:
    """``KURENAI_ROUGE_STOPPED_SECONDS`` if set, else ``DEFAULT_STOPPED_SECONDS``."""
    setting = os.environ.get("KURENAI_ROUGE_STOPPED_SECONDS")
    if not setting:
        return DEFAULT_STOPPED_SECONDS
    try:
        seconds = float(setting)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:
        raise ValueError(f"KURENAI_ROUGE_STOPPED_SECONDS must be a positive number, got {describe(setting)}")
    return seconds


def can_start_workers() -> bool:
    """Whether this process can fork workers (a daemonic process, a multiprocessing.Pool's, may not)."""
    return _CAN_FORK and not multiprocessing.current_process().daemon


class WorkerTraceback(Exception):
    """The traceback, in a worker, of the exception that ``score_in_workers`` raises (its ``__cause__``)."""


def score_in_workers(
    score: Callable[..., Rows], chunks: Sequence[tuple[Any, ...]], workers: int
) -> Iterator[Rows]:
    """``score(*chunk)`` of each chunk, in order, computed by ``workers`` forked processes.

    Chunks are handed out in order, ``_AHEAD`` to a worker at first and one
    more each time it returns one, so a busy CPU gets less of the batch. An
    exception in ``score`` is raised here; a worker that dies (killed by the
    system for lack of memory, say) raises RuntimeError. If a worker is
    blocked (see the module's docstring), the chunks not yet returned are
    scored in this process.
    """
    context = multiprocessing.get_context("fork")
    pool: list[_Worker] = []
    try:
        for _ in range(min(workers, len(chunks))):
            pool.append(_Worker(context, score, chunks, [worker.connection for worker in pool]))
        indices = iter(range(len(chunks)))
        for worker, index in zip(pool * _AHEAD, indices, strict=False):
            worker.give(index)
        by_connection = {worker.connection: worker for worker in pool}
        done: dict[int, Rows] = {}
        patience = stopped_seconds()
        for index in range(len(chunks)):
            while index not in done:
                ready = wait(list(by_connection), timeout=min(1.0, patience / 4, BLOCKED_SECONDS / 4))
                if not ready:
                    _check_not_stopped(pool, patience)
                    if blocked := _blocked_worker(pool):
                        yield from _score_here(score, chunks, index, done, blocked)
                        return
                for connection in ready:
                    worker = by_connection[connection]
                    done[worker.held.popleft()] = worker.receive()
                    for next_index in islice(indices, 1):
                        worker.give(next_index)
            yield done.pop(index)
    finally:
        for worker in pool:
            worker.process.kill()
        for worker in pool:
            worker.process.join()
            worker.connection.close()


def _check_not_stopped(pool: list[_Worker], patience: float) -> None:
    """Raise RuntimeError if a worker has been stopped (not running) for more than ``patience`` seconds.

    A worker that runs is never timed out, however long its chunk takes; one that the system or a
    user stopped is, as its results would never come. A Ctrl-Z stops and resumes this process with
    its workers: they run again when this checks.
    """
    now = time.monotonic()
    for worker in pool:
        if not worker.is_stopped():
            worker.stopped_since = None
        elif worker.stopped_since is None:
            worker.stopped_since = now
        elif now - worker.stopped_since > patience:
            raise RuntimeError(
                f"a scoring worker process (pid {worker.process.pid}) has been stopped for over "
                f"{patience:g} s (by SIGSTOP or a debugger), so its chunk would never be scored; set "
                "KURENAI_ROUGE_STOPPED_SECONDS to wait longer, or KURENAI_ROUGE_PROCESSES=1 to score in "
                "this process only"
            )


def _blocked_worker(pool: list[_Worker]) -> _Worker | None:
    """A worker that has held a chunk without using CPU for over ``BLOCKED_SECONDS``, if any."""
    now = time.monotonic()
    for worker in pool:
        ticks = worker.cpu_ticks() if worker.held else None
        if ticks is None or ticks != worker.last_ticks:
            worker.last_ticks, worker.idle_since = ticks, now
        elif now - worker.idle_since > BLOCKED_SECONDS:
            return worker
    return None


def _score_here(
    score: Callable[..., Rows],
    chunks: Sequence[tuple[Any, ...]],
    start: int,
    done: dict[int, Rows],
    blocked: _Worker,
) -> Iterator[Rows]:
    """The scores of chunks ``start`` onwards: those returned, and the others scored in this process."""
    warnings.warn(
        f"a scoring worker process (pid {blocked.process.pid}) used no CPU for {BLOCKED_SECONDS:g} s "
        "while scoring, most likely waiting for a lock that another thread held when it was forked; "
        "the rest of the batch is scored in this process (set KURENAI_ROUGE_PROCESSES=1 to skip the wait)",
        WorkersBlockedWarning,
        stacklevel=user_stacklevel(),
    )
    for index in range(start, len(chunks)):
        yield done.pop(index) if index in done else score(*chunks[index])


class _Worker:
    """A forked process that scores the chunks whose indices it is given, with its end of their pipe."""

    def __init__(
        self,
        context: multiprocessing.context.BaseContext,
        score: Callable[..., Any],
        chunks: Sequence[tuple[Any, ...]],
        other_connections: list[Connection],
    ) -> None:
        self.connection, there = context.Pipe()
        inherited = [*other_connections, self.connection]
        self.process = context.Process(target=_serve, args=(score, chunks, there, inherited), daemon=True)
        self.process.start()
        # Only the worker holds its end now, so that its death closes the pipe.
        there.close()
        self.held: deque[int] = deque()
        self.stopped_since: float | None = None
        self.last_ticks: int | None = None
        self.idle_since = time.monotonic()

    def is_stopped(self) -> bool:
        """Whether the worker is stopped by a signal or a tracer (Linux; False where /proc is missing)."""
        try:
            stat = Path(f"/proc/{self.process.pid}/stat").read_text()
        except OSError:
            return False
        return stat.rpartition(")")[2].split()[0] in ("T", "t")

    def cpu_ticks(self) -> int | None:
        """The CPU time the worker has used, in clock ticks (Linux; None where /proc is missing)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            return None
        return int(fields[11]) + int(fields[12])  # utime and stime, fields 14 and 15 of stat

    def give(self, index: int) -> None:
        """Send the worker the index of a chunk to score."""
        try:
            self.connection.send(index)
        except OSError:
            raise self._death() from None
        self.held.append(index)

    def receive(self) -> Any:
        """The scores of the chunk the worker held longest; its exception is raised here."""
        try:
            message = self.connection.recv()
        except (EOFError, OSError):
            raise self._death() from None
        if isinstance(message, _Failure):
            raise message.error from WorkerTraceback(message.traceback)
        return message

    def _death(self) -> RuntimeError:
        """The error for a worker whose pipe closed: it has exited, or is exiting."""
        self.process.join()
        code = self.process.exitcode
        how = f"killed by signal {-code}, {signal.strsignal(-code)}" if code < 0 else f"exit code {code}"
        return RuntimeError(
            f"a scoring worker process died ({how}); if the system ended it for lack of memory, "
            "set KURENAI_ROUGE_PROCESSES=1 to score in this process only"
        )


class _Failure:
    """What a worker sends back instead of scores when ``score`` raised."""

    def __init__(self, error: BaseException, traceback_text: str) -> None:
        self.error = error
        self.traceback = traceback_text


def _serve(
    score: Callable[..., Any],
    chunks: Sequence[tuple[Any, ...]],
    connection: Connection,
    inherited: list[Connection],
) -> None:
    """A worker's loop: score each chunk whose index arrives, send its scores back, stop at an error."""
    # Ctrl-C in a terminal reaches every process of the group: the parent ends the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for other in inherited:
        other.close()
    while True:
        try:
            index = connection.recv()
        except EOFError:  # the parent is gone
            return
        try:
            message = score(*chunks[index])
        except Exception as error:
            message = _Failure(error, traceback.format_exc())
        try:
            connection.send(message)
        except OSError:  # the parent is gone
            return
        except Exception as error:  # an exception or scores that cannot be pickled
            message = _Failure(
                RuntimeError(f"a scoring worker could not send its result: {error!r}"), traceback.format_exc()
            )
            connection.send(message)
        if isinstance(message, _Failure):
            return
