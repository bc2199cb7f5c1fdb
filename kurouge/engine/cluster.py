"""Corpus-scale scoring on a Ray cluster: per-example scores with Ray Data, exact aggregates after.

Ray Data reads a Parquet dataset of predictions and references, a pool of workers scores it
(``map_batches`` with :class:`Scorer`, which calls ``api.score`` with ``use_aggregator=False``, as
the metric's ``score_examples`` does), and the per-example scores are written back to Parquet next to
each row's id. :func:`aggregate` (``stats.summary``'s, which ``compute`` itself uses) turns those
columns, in id order, into what ``compute`` returns on the same rows: the exact means and the same
bootstrap interval.
docs/scale.md shows the recipe.
Ray is imported only by :func:`score_parquet` (the ``cluster`` extra).
"""

from __future__ import annotations

import pyarrow as pa
import pyarrow.parquet as pq

from kurouge.api import score
from kurouge.stats.summary import aggregate

__all__ = ["Scorer", "aggregate", "read_scores", "score_parquet"]


class Scorer:
    """A Ray Data callable class: per batch, the per-example scores of ``api.score``.

    ``options`` are ``score``'s scoring options (those of the metric's ``score_examples``). A batch (a
    ``pyarrow.Table``) becomes a table of its ``id_column`` and one float64 column per key of ``compute``.
    """

    def __init__(
        self,
        id_column: str = "id",
        prediction_column: str = "prediction",
        reference_column: str = "reference",
        **options,
    ) -> None:
        self.columns = (id_column, prediction_column, reference_column)
        self.options = options

    def __call__(self, batch: pa.Table) -> pa.Table:
        """Score one batch of rows."""
        id_column, prediction_column, reference_column = self.columns
        scores = score(
            batch.column(prediction_column).to_pylist(),
            batch.column(reference_column).to_pylist(),
            use_aggregator=False,
            **self.options,
        )
        columns = {id_column: batch.column(id_column)}
        columns.update({key: pa.array(values, pa.float64()) for key, values in scores.items()})
        return pa.table(columns)


def score_parquet(
    source: str,
    destination: str,
    *,
    workers: int,
    batch_size: int = 1024,
    blocks: int | None = None,
    **options,
) -> None:
    """Score every row of the Parquet dataset ``source`` on ``workers`` Ray workers.

    Writes ``destination`` (a Parquet dataset: the id column and one column per key of
    ``compute``). ``options`` are :class:`Scorer`'s column names and ``score_examples``' options.
    A block of rows goes to one worker, and Ray Data reads a few files as few blocks (8 files of
    25,000 rows as one): ``blocks`` repartitions the input into that many blocks first, so that
    every worker gets a share (a barrier: every row passes through Ray's object store).
    Call ``ray.init`` first (a local cluster, or ``ray.init(address="auto")`` on a cluster's node).
    """
    import ray.data

    dataset = ray.data.read_parquet(source)
    if blocks:
        dataset = dataset.repartition(blocks)
    dataset.map_batches(
        Scorer,
        fn_constructor_kwargs=options,
        batch_format="pyarrow",
        batch_size=batch_size,
        compute=ray.data.ActorPoolStrategy(size=workers),
        num_cpus=1,
    ).write_parquet(destination)


def read_scores(path: str, id_column: str = "id") -> dict[str, list[float]]:
    """The score columns of a Parquet dataset written by :func:`score_parquet`, in id order."""
    table = pq.read_table(path).sort_by(id_column)
    return {name: table.column(name).to_pylist() for name in table.column_names if name != id_column}
