"""evaluate's storage of examples, made safe: what kurenai_rouge's metric class inherits.

evaluate.Metric stores batches in an Arrow cache file and, in distributed mode, process 0 reads
every process's file. ``CheckedStorage`` changes three things and nothing else:

- a batch is checked whole before any of it is written (``_check_batch``): one that fails stores
  nothing and loses nothing stored before it;
- an exception while storing or computing discards every stored example with its cache files and
  locks, and says so in a note on the error (``_discarded_on_failure``);
- each process > 0 marks its cache file done in compute(), and process 0 refuses to score without
  every mark (``_finalize``), instead of a mean of part of the data.

One batch given to compute() on an empty, single-process metric is scored at once, without the cache
file round trip (``_compute_now``).
"""

from __future__ import annotations

import abc
import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import evaluate
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
        with self._discarded_on_failure():
            super().add_batch(predictions=predictions, references=references)

    def add(self, *, prediction: Any = None, reference: Any = None, **kwargs: Any) -> None:
        """Add one prediction and its reference(s), checked before they are stored.

        An example that fails the checks is not stored, and nothing stored before it is lost.
        """
        self._check_batch([prediction], [reference], kwargs)
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
            Path(self._done_mark(self.process_id)).touch()
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

    def _check_processes(self) -> None:
        """In process 0: raise ValueError naming the processes whose cache file is not marked done."""
        missing = []
        for process_id in range(1, self.num_process):
            try:
                os.remove(self._done_mark(process_id))
            except FileNotFoundError:
                missing.append(process_id)
        if missing:
            raise ValueError(
                f"process {', '.join(map(str, missing))} of {self.num_process} (experiment_id "
                f"{self.experiment_id!r}) did not reach compute(): it ended, its compute() failed, or it "
                f"was still adding after the timeout ({self.timeout:g} s, evaluate.load(..., timeout=)), "
                "so its examples are not all stored; no score is computed from part of the data"
            )

    def _init_writer(self, timeout=1) -> None:
        """Open evaluate's writer; a process of a distributed run first removes a stale mark of its own."""
        if self.num_process > 1 and self.process_id > 0:
            with contextlib.suppress(FileNotFoundError):
                os.remove(self._done_mark(self.process_id))
        super()._init_writer(timeout)

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
