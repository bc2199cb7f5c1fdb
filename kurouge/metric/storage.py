"""evaluate's storage of examples, made safe: what kurenai_rouge's metric class inherits.

evaluate.Metric stores batches in an Arrow cache file and, in distributed mode, process 0 reads
every process's file. ``CheckedStorage`` changes three things and nothing else:

- a batch is checked whole before any of it is written (``_check_batch``): one that fails stores
  nothing and loses nothing stored before it;
- an exception while storing or computing discards every stored example with its cache files and
  locks, and says so in a note on the error (``_discarded_on_failure``);
- each process > 0 marks its cache file done in compute(), and process 0 refuses to score without
  every mark (``_finalize``), instead of a mean of part of the data;
- rounds do not mix: process 0 writes a new round token before each round's rendezvous, each other
  process writes the token it saw into its mark, and process 0 refuses a mark of another round; a
  process > 0 starts its next round only once process 0 has read and released its previous one
  (``_wait_for_previous_round``).

One batch given to compute() on an empty, single-process metric is scored at once, without the cache
file round trip (``_compute_now``).
"""

from __future__ import annotations

import abc
import contextlib
import os
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import evaluate
from datasets.utils.filelock import FileLock, Timeout
from datasets.utils.py_utils import temp_seed

from kurouge.inputs import as_texts, check_inputs


class CheckedStorage(evaluate.Metric, abc.ABC):
    """An evaluate.Metric whose stored examples are checked first and never half lost (see the module).

    Abstract: evaluate.load takes a metric file's first concrete EvaluationModule as its metric, so
    this base, imported into the file, must not be one.
    """

    @abc.abstractmethod
    def _info(self) -> evaluate.MetricInfo:
        """The metric's description and features, as evaluate.Metric requires."""

    @abc.abstractmethod
    def _compute(self, predictions, references, **options) -> dict:
        """The metric's result for the stored examples, as evaluate.Metric requires."""

    def compute(self, *, predictions: Any = None, references: Any = None, **kwargs: Any) -> dict | None:
        """Score what is stored and these; a failure discards everything stored (see the module)."""
        with self._discarded_on_failure():
            at_once = predictions is not None and references is not None
            if at_once and self.writer is None and self.num_process == 1:
                return self._compute_now(predictions, references, kwargs)
            if self.writer is None and self.num_process == 1 and predictions is None and references is None:
                raise ValueError(
                    "nothing is stored to compute: add examples with add_batch() or add(), or pass "
                    "predictions= and references= (a failed compute() or add discards what was stored)"
                )
            return super().compute(predictions=predictions, references=references, **kwargs)

    def _compute_now(self, predictions, references, kwargs) -> dict:
        """``compute()`` of one batch when nothing is stored and no other process takes part.

        evaluate would write the batch to its cache file and read it back as lists of str, then call
        ``_compute``; this gives ``_compute`` the same lists at once (a tenth of the time of
        scoring short English pairs), and stores nothing.
        """
        self._check_batch(predictions, references)
        predictions, references = as_texts(predictions, references)
        with temp_seed(self.seed):
            return self._compute(predictions, references, **kwargs)

    def add_batch(self, *, predictions: Any = None, references: Any = None, **kwargs: Any) -> None:
        """Add a batch of predictions and references, checked before they are stored.

        A batch that fails the checks stores nothing and loses nothing stored before it.
        """
        self._check_batch(predictions, references, kwargs)
        predictions, references = as_texts(predictions, references)
        with self._discarded_on_failure():
            super().add_batch(predictions=predictions, references=references)

    def add(self, *, prediction: Any = None, reference: Any = None, **kwargs: Any) -> None:
        """Add one prediction and its reference(s), checked before they are stored.

        An example that fails the checks is not stored, and nothing stored before it is lost.
        """
        self._check_batch([prediction], [reference], kwargs)
        (prediction,), (reference,) = as_texts([prediction], [reference])
        with self._discarded_on_failure():
            super().add(prediction=prediction, reference=reference)

    @contextlib.contextmanager
    def _discarded_on_failure(self) -> Iterator[None]:
        """On any exception (KeyboardInterrupt included), forget every stored example, then re-raise.

        For a failure after the checks, while storing or computing. The object is then as if freshly
        loaded: no row of the failed call, or of the batches added before it, is scored later, and
        no cache file or lock of it is left behind. The error gets a note saying so.
        """
        stored = len(self)
        try:
            yield
        except BaseException as error:
            stored = max(stored, len(self), 0 if self.data is None else len(self.data))
            self._discard()
            if stored:
                error.add_note(
                    f"kurenai_rouge: the {stored} stored examples were discarded with their cache files; "
                    "add them again"
                )
            raise

    def _finalize(self) -> None:
        """End adding, as evaluate does; in distributed mode, with a mark that this process got there.

        Process 0 reads the other processes' cache files once their locks are free, which is also
        the case when a process has died or failed. So each other process marks its file done after
        closing it, and process 0 refuses to compute without every mark (``_check_processes``).
        """
        if self.num_process > 1 and self.process_id > 0:
            if self.writer is not None:
                self.writer.finalize()
                self.writer = None
            Path(self._done_mark(self.process_id)).write_text(self._round_token)
            self._marked = True
        if self.num_process == 1 or self.process_id > 0:
            return super()._finalize()
        try:
            super()._finalize()
        except Exception:
            self._check_processes()  # a missing process explains a missing or unreadable cache file
            raise
        self._check_processes()

    def _done_mark(self, process_id: int) -> str:
        return os.path.join(self.data_dir, f"{self.experiment_id}-{self.num_process}-{process_id}.arrow.done")

    def _round_file(self) -> str:
        return os.path.join(self.data_dir, f"{self.experiment_id}-{self.num_process}.round")

    def _check_processes(self) -> None:
        """In process 0: raise ValueError naming the processes not marked done in this round."""
        missing, other_round = [], []
        for process_id in range(1, self.num_process):
            try:
                token = Path(self._done_mark(process_id)).read_text()
                os.remove(self._done_mark(process_id))
            except FileNotFoundError:
                missing.append(process_id)
                continue
            if token != self._round_token:
                other_round.append(process_id)
        if other_round:
            raise ValueError(
                f"process {', '.join(map(str, other_round))} of {self.num_process} (experiment_id "
                f"{self.experiment_id!r}) stored its examples in another round than process 0's: another "
                "job or evaluation uses the same cache_dir and experiment_id; give each job (and each "
                "metric object evaluated at the same time) its own experiment_id. No score is computed "
                "from another round's data"
            )
        if missing:
            raise ValueError(
                f"process {', '.join(map(str, missing))} of {self.num_process} (experiment_id "
                f"{self.experiment_id!r}) did not reach compute(): it ended, its compute() failed, or it "
                f"was still adding after the timeout ({self.timeout:g} s, evaluate.load(..., timeout=)), "
                "so its examples are not all stored; no score is computed from part of the data"
            )

    def _init_writer(self, timeout=1) -> None:
        """Open evaluate's writer, in a distributed run for a new round (see the module).

        Process 0 writes the round's token before its rendezvous; another process waits until its
        previous round was read, removes a stale mark of its own, and takes the token after the
        rendezvous.
        """
        if self.num_process == 1:
            return super()._init_writer(timeout)
        if self.process_id == 0:
            self._round_token = uuid.uuid4().hex
            Path(self._round_file()).write_text(self._round_token)
            return super()._init_writer(timeout)
        self._wait_for_previous_round()
        self._remove_stale_mark()
        super()._init_writer(timeout)
        try:
            self._round_token = Path(self._round_file()).read_text()
        except FileNotFoundError:
            self._round_token = ""

    def _remove_stale_mark(self) -> None:
        """Remove a done mark of this process id left by an earlier round; refuse one of the current round.

        A mark with the token of the round process 0 has opened is another process's with this id
        (another job on the same cache_dir and experiment_id) whose rows process 0 has yet to read:
        taking over the cache file would put this process's rows in that job's score.
        """
        mark = Path(self._done_mark(self.process_id))
        try:
            token = mark.read_text()
        except FileNotFoundError:
            return
        with contextlib.suppress(FileNotFoundError):
            if token and token == Path(self._round_file()).read_text():
                name = f"process {self.process_id} of {self.num_process}"
                raise ValueError(
                    f"{name} (experiment_id {self.experiment_id!r}): another process with this id has "
                    "stored its examples in this cache_dir and its "
                    "process 0 has not read them yet: another job or evaluation uses the same cache_dir "
                    "and experiment_id; give each job (and each metric object evaluated at the same time) "
                    "its own experiment_id"
                )
        with contextlib.suppress(FileNotFoundError):
            mark.unlink()

    def _wait_for_previous_round(self) -> None:
        """In a process > 0 that marked a round done: wait until process 0 has read that round.

        Process 0 removes the mark once it has read the round, and releases the cache file after its
        compute(). Waits evaluate's ``timeout``, then raises ValueError.
        """
        if not getattr(self, "_marked", False):
            return
        self._marked = False
        mark = self._done_mark(self.process_id)
        deadline = time.monotonic() + self.timeout
        while os.path.exists(mark) and time.monotonic() < deadline:
            time.sleep(0.02)
        lock = FileLock(
            os.path.join(
                self.data_dir, f"{self.experiment_id}-{self.num_process}-{self.process_id}.arrow.lock"
            )
        )
        try:
            if os.path.exists(mark):
                raise Timeout(mark)
            lock.acquire(timeout=max(deadline - time.monotonic(), 0))
        except Timeout:
            raise ValueError(
                f"process {self.process_id} of {self.num_process} (experiment_id {self.experiment_id!r}) "
                f"waited {self.timeout:g} s (evaluate.load(..., timeout=)) for process 0 to read its "
                "previous round's examples, in vain: process 0 did not call compute() for that round, "
                "or it failed; call compute() in every process for every round"
            ) from None
        lock.release()

    def _discard(self) -> None:
        """Close evaluate's writer, delete the cache files of the stored rows and release their locks."""
        writer, self.writer = self.writer, None
        if writer is not None:
            writer.close()
        paths = [self.cache_file_name, *(self.file_paths or ())]
        locks = [self.filelock, *(self.filelocks or ())]
        for path in filter(None, paths):
            with contextlib.suppress(FileNotFoundError):
                os.remove(path)
        for lock in filter(None, locks):
            lock.release()
        self.cache_file_name = self.filelock = self.file_paths = self.filelocks = None
        self.buf_writer = self.data = self.selected_feature_format = None

    def _check_batch(self, predictions, references, inputs=None) -> None:
        """Reject bad items, any other ``inputs``, and a switch of reference form across batches."""
        if inputs:
            raise ValueError(
                f"Bad inputs for evaluation module: {list(inputs)}. All required inputs are "
                f"{list(self._feature_names())}"
            )
        multi = check_inputs(predictions, references)
        if self.writer is None:
            if not len(predictions):
                raise ValueError("predictions and references are empty: there is nothing to score")
            self._multi_reference = multi
        elif len(predictions) and multi != self._multi_reference:
            kinds = {True: "lists of references", False: "single reference strings"}
            raise ValueError(
                f"this batch has {kinds[multi]} but earlier batches had {kinds[self._multi_reference]}; "
                "use one form for every example"
            )
