"""ROUGE-1.5.5.pl without Perl: what it prints for these documents and these flags.

``evaluate(flags, predictions, references)`` reads every text as
ROUGE-1.5.5 reads a file of one sentence per line (``rouge155.text``),
scores each document (evaluation) for each measure the flags ask for
(``rouge155.measures``), and draws Perl's bootstrap (``rouge155.bootstrap``).
Document i is evaluation ID ``str(i)`` unless ``ids`` are given, the
prediction peer "1" (as files2rouge and pyrouge write them): Perl resamples
the evaluations in the order of "<ID>.<peer>" sorted as strings, so the IDs
decide the Average and its interval.

>>> result = evaluate("-c 95 -r 1000 -n 2 -a", ["the cat sat on the mat"], [["the cat sat on a mat"]])
>>> result.per_document["0"]["rouge2"]  # (R, P, F)
(0.6, 0.6, 0.6)
>>> result.average["rouge1"]["F"]  # (Average, low, high)
(0.83333, 0.83333, 0.83333)
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from kurouge.caller import user_stacklevel
from kurouge.rouge155.bootstrap import average_and_interval, pooled_scores, resample_sums
from kurouge.rouge155.flags import Rouge155Options, parse_flags
from kurouge.rouge155.jit import compiled_if
from kurouge.rouge155.measures import Corpus, score_measure
from kurouge.rouge155.stem import morph_stem
from kurouge.rouge155.text import Reader
from kurouge.wording import counted

Triple = tuple[float, float, float]


class IgnoredFlagWarning(UserWarning):
    """A ROUGE-1.5.5 flag that changes nothing here (``-e``: the data is built in)."""


# Work (``work``) above which the kernels are compiled: as plain Python it takes about a second
# (0.3 to 0.5 microseconds a unit measured; compiling takes ten seconds, loading the compiled one).
COMPILE_WORK = 2_500_000
# Units of work of one token pair, for ROUGE-L, ROUGE-W and ROUGE-S's tables, against one resample's.
CELL_WORK = 8
PEER_ID = "1"  # the prediction's ID in the configuration ROUGE-1.5.5 reads, as pyrouge writes it


@dataclass(frozen=True)
class Rouge155Result:
    """What ROUGE-1.5.5 prints, as numbers; keys in its print order.

    ``per_document[id][key]`` is (R, P, F) of one evaluation (with ``-t 1``,
    Perl's per-evaluation counts: reference tokens, prediction tokens, hits);
    ``average[key]`` maps "R", "P" and "F" to (Average, low, high) at the
    confidence level of ``-c``.
    """

    options: Rouge155Options
    per_document: dict[str, dict[str, Triple]]
    average: dict[str, dict[str, Triple]]


def evaluate(
    flags: str,
    predictions: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    ids: Sequence[str] | None = None,
) -> Rouge155Result:
    """Score as ``ROUGE-1.5.5.pl <flags>`` does, each prediction (peer) against its references (models).

    A text's sentences are its lines. ``references[i]`` is the list of
    references of prediction i (a string is one reference).
    """
    options = parse_flags(flags)
    if options.data_dir is not None:
        warnings.warn(
            f"ROUGE-1.5.5 flag -e {options.data_dir} is not needed: its stopwords and WordNet data are "
            "built in (the directory is not read)",
            IgnoredFlagWarning,
            stacklevel=user_stacklevel(),
        )
    ids = _check(predictions, references, ids)
    corpus = _read(options, predictions, [_listed(refs) for refs in references], ids)
    with compiled_if(work(corpus, options) > COMPILE_WORK):
        scores = {measure.key: score_measure(measure, corpus, options) for measure in options.measures}
        averages = _averages(options, ids, scores)
    per_document = {
        document_id: {key: tuple(values[d].tolist()) for key, values in scores.items()}
        for d, document_id in enumerate(ids)
    }
    return Rouge155Result(options, per_document, averages)


def work(corpus: Corpus, options: Rouge155Options) -> int:
    """An estimate of the kernels' steps: token pairs of each compared pair of texts, and resamples.

    ROUGE-L/W and ROUGE-S walk tables of a prediction's and a reference's tokens (``CELL_WORK``
    units a pair); the bootstrap sums every measure's three numbers of every document for every
    resample (a unit each).
    """
    grams = corpus.grams
    tokens = np.diff(grams.starts[grams.texts])
    cells = int(np.dot(tokens[corpus.pairs[:, 0]], tokens[corpus.pairs[:, 1]]))
    return CELL_WORK * cells + options.resamples * len(corpus.ids) * len(options.measures) * 3


def _averages(
    options: Rouge155Options, ids: list[str], scores: dict[str, np.ndarray]
) -> dict[str, dict[str, Triple]]:
    """Perl's printed Average and interval of every measure, from one set of resamples."""
    if not options.keys:  # -x without -n: Perl prints nothing
        return {}
    order = sorted(range(len(ids)), key=lambda d: f"{ids[d]}.{PEER_ID}")  # as Perl sorts its test IDs
    values = np.concatenate([scores[key] for key in options.keys], axis=1)[order]
    sums = resample_sums(values, options.resamples)
    samples = pooled_scores(sums, options.alpha) if options.pool_counts else sums / len(order)
    columns = iter(average_and_interval(samples, float(options.confidence)))
    return {key: {part: next(columns) for part in "RPF"} for key in options.keys}


def _read(
    options: Rouge155Options, predictions: Sequence[str], references: list[list[str]], ids: list[str]
) -> Corpus:
    """Every text read once; pair k compares a prediction with one of its references."""
    reader = Reader(
        options.word_limit, options.byte_limit, options.remove_stopwords, morph_stem if options.stem else None
    )
    texts = [*predictions, *(reference for refs in references for reference in refs)]
    sentences, grams = reader.read(texts)
    peers = np.repeat(np.arange(len(predictions)), [len(refs) for refs in references])
    pairs = np.stack([peers, np.arange(len(predictions), len(texts))], axis=1)
    documents = np.concatenate([[0], np.cumsum([len(refs) for refs in references])])
    return Corpus(ids, sentences, grams, pairs, documents, max(len(reader.names), 1))


def _listed(references: Sequence[str] | str) -> list[str]:
    return [references] if isinstance(references, str) else list(references)


def _check(
    predictions: Sequence[str], references: Sequence[Sequence[str]], ids: Sequence[str] | None
) -> list[str]:
    """The evaluation IDs; a ValueError or TypeError for inputs ROUGE-1.5.5 could not be given."""
    if len(predictions) != len(references):
        raise ValueError(
            f"{counted(len(predictions), 'prediction')} but {counted(len(references), 'reference list')}"
        )
    if not predictions:
        raise ValueError("ROUGE-1.5.5 needs at least one document (nothing to score)")
    for i, (prediction, refs) in enumerate(zip(predictions, references, strict=True)):
        texts = [prediction, *_listed(refs)]
        if len(texts) < 2:
            raise ValueError(f"prediction {i} has no reference")
        if not all(isinstance(text, str) for text in texts):
            raise TypeError(f"prediction {i} or one of its references is not a string")
    ids = [str(i) for i in range(len(predictions))] if ids is None else list(ids)
    if len(ids) != len(predictions) or not all(isinstance(i, str) and i for i in ids):
        raise ValueError("ids must be one non-empty string per prediction")
    if len(set(ids)) != len(ids):
        raise ValueError("ids must be distinct: ROUGE-1.5.5 would merge the evaluations of a repeated ID")
    return ids
