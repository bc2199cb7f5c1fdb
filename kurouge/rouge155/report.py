"""ROUGE-1.5.5.pl's report, printed from our numbers, for documents given as files2rouge or pyrouge take them.

``format_report(result)`` prints a ``rouge155.scoring.Rouge155Result`` as
ROUGE-1.5.5.pl prints its run (``printResults``, ``printPerEvalData``): per
measure a line of 45 hyphens, then ``1 ROUGE-1 Average_R: 0.44111
(95%-conf.int. 0.42964 - 0.45237)`` and the same for P and F (with ``-t 1``
the averages of the pooled counts), and with ``-d`` a line of 45 dots and one
``1 ROUGE-1 Eval 7.1 R:... P:... F:...`` line per document (evaluation ID,
then the peer ID), in Perl's order of evaluation IDs. Scripts that parse
Perl's output (pyrouge's ``output_to_dict``) read it unchanged.

``rouge155_report(flags, predictions, references)`` reads documents the way
files2rouge hands them to Perl, and returns that report. Each document is
given as its sentences:

- ``files2rouge_sentences(line, eos)``: files2rouge's split of one summary
  line (``line.strip()``, then a sentence ends after every ``" " + eos``);
- ``sentence_blocks(lines)``: pyrouge's files, one sentence per line,
  concatenated with a blank line between documents.

files2rouge writes document i (its line index) to ``s.<i>.txt`` and
``m.A.<i>.txt`` (``m.B.<i>.txt`` ... for more references); pyrouge writes
each sentence as ``<a name="1">[1]</a> <a href="#1" id=1>sentence</a>``,
numbers the evaluations 1, 2, ... in the sorted order of the file names (s.0,
s.1, s.10, s.100, ..., s.2) and names the peer "1". Perl's reader of those
files stops a sentence at its first ``<`` and skips an empty one; the
evaluation IDs decide the order of Perl's bootstrap and of the ``-d`` lines.
Both are reproduced here.
"""

from __future__ import annotations

import functools
import re
import warnings
from collections.abc import Callable, Sequence

from kurouge.caller import user_stacklevel
from kurouge.rouge155.ids import DroppedTextWarning, IdWriter, dropped_message
from kurouge.rouge155.scoring import PEER_ID, Rouge155Result, evaluate
from kurouge.wording import counted

_NUMERIC_PREFIX = re.compile(r"^([0-9]+)")


def files2rouge_sentences(line: str, eos: str = ".") -> list[str]:
    """files2rouge's sentences of one summary line: a sentence ends after each ``" " + eos``."""
    if not eos:
        raise ValueError("the sentence separator (files2rouge's --eos) must not be empty")
    return line.strip().replace(f" {eos}", f" {eos}\n").split("\n")


def sentence_blocks(lines: Sequence[str]) -> list[list[str]]:
    """Documents of one sentence per line, separated by blank (empty or whitespace) lines."""
    documents: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            documents[-1].append(line)
        elif documents[-1]:
            documents.append([])
    return documents if documents[-1] else documents[:-1]


def see_text(sentences: Sequence[str]) -> str:
    """The sentences as Perl reads pyrouge's HTML of them: each up to its first ``<``; empty ones skipped."""
    kept = (sentence.split("<", 1)[0] for sentence in sentences)
    return "\n".join(sentence for sentence in kept if sentence)


def pyrouge_eval_ids(count: int) -> list[str]:
    """The evaluation ID pyrouge gives document i of ``count``: its rank among the names s.<i>.txt, from 1."""
    ranks = sorted(range(count), key=lambda i: f"s.{i}.txt")
    ids = [""] * count
    for rank, document in enumerate(ranks, start=1):
        ids[document] = str(rank)
    return ids


def _by_eval_id(a: str, b: str) -> int:
    """Perl's ``by_evalID`` on "<eval>.<peer>": by leading digits when both have them, else as strings."""
    a_digits, b_digits = _NUMERIC_PREFIX.match(a), _NUMERIC_PREFIX.match(b)
    if a_digits and b_digits:
        x, y = int(a_digits.group(1)), int(b_digits.group(1))
    else:
        x, y = a, b  # type: ignore[assignment]
    return (x > y) - (x < y)


def _perl_number(value: float) -> str:
    """A count as Perl prints a number: an integer without a decimal point, else 15 significant digits."""
    return str(int(value)) if float(value).is_integer() else f"{value:.15g}"


def format_report(result: Rouge155Result) -> str:
    """The lines ROUGE-1.5.5.pl prints for this result, joined by newlines (``print`` adds the last one)."""
    options = result.options
    test_ids = sorted(
        ((f"{eval_id}.{PEER_ID}", eval_id) for eval_id in result.per_document),
        key=functools.cmp_to_key(lambda a, b: _by_eval_id(a[0], b[0])),
    )
    per_document = _perl_number if options.pool_counts else "{:7.5f}".format
    lines = []
    for measure in options.measures:
        tag = f"{PEER_ID} {measure.perl_name}"
        lines.append("-" * 45)
        for part in "RPF":
            average, low, high = result.average[measure.key][part]
            interval = f"({options.confidence}%-conf.int. {low:7.5f} - {high:7.5f})"
            lines.append(f"{tag} Average_{part}: {average:7.5f} {interval}")
        if options.per_evaluation:
            lines.append("." * 45)
            for test_id, eval_id in test_ids:
                r, p, f = (per_document(value) for value in result.per_document[eval_id][measure.key])
                lines.append(f"{tag} Eval {test_id} R:{r} P:{p} F:{f}")
    return "\n".join(lines)


def rouge155_report(
    flags: str, predictions: Sequence[Sequence[str]], references: Sequence[Sequence[Sequence[str]]]
) -> str:
    """ROUGE-1.5.5.pl's report for documents given as sentences, numbered as files2rouge and pyrouge do.

    ``predictions[i]`` is the sentences of prediction i, ``references[i]``
    the sentences of each of its references.
    """
    texts = [see_text(sentences) for sentences in predictions]
    reference_texts = [[see_text(sentences) for sentences in refs] for refs in references]
    ids = pyrouge_eval_ids(len(texts))
    return format_report(evaluate(flags, texts, reference_texts, ids))


def report_of_files(
    flags: str,
    files: Sequence[tuple[str, Sequence[str]]],
    eos: str = ".",
    sentence_per_line: bool = False,
    tokenize: Callable[[str], Sequence[str]] | None = None,
) -> str:
    """The report for files given as (name, lines): the predictions first, then each file of references.

    A line is a document split at ``eos`` as files2rouge splits it, or with
    ``sentence_per_line`` a block of lines between blank lines is one (one
    sentence per line). Files of different numbers of documents, and an empty
    document (files2rouge refuses an empty line), are ValueErrors naming the file. With
    ``tokenize`` ROUGE-1.5.5 reads each sentence's tokens as ids (``rouge155.ids``); without, a
    DroppedTextWarning says how much of the files it cannot read.
    """
    if sentence_per_line:
        documents = [sentence_blocks(lines) for _, lines in files]
    else:
        documents = [[files2rouge_sentences(line, eos) for line in lines] for _, lines in files]
    (first, _), count = files[0], len(documents[0])
    unit = "block of lines" if sentence_per_line else "line"
    ends = "" if sentence_per_line else r" (a line ends at \n, \r\n or a lone \r, as files2rouge reads it)"
    for (name, _), texts in zip(files, documents, strict=True):
        if len(texts) != count:
            plural = "blocks of lines" if sentence_per_line else None
            raise ValueError(
                f"{name} has {counted(len(texts), unit, plural)} but {first} has {count:,}{ends}"
            )
        if empty := [i for i, sentences in enumerate(texts, start=1) if not "".join(sentences).strip()]:
            raise ValueError(f"{name}, line {empty[0]}: empty (files2rouge refuses an empty summary too)")
    if count == 0:
        raise ValueError(f"{first}: there is nothing to score")
    if tokenize is not None:
        writer = IdWriter(tokenize)
        documents = [[list(map(writer.sentence, sentences)) for sentences in texts] for texts in documents]
    elif message := dropped_message([line for _, lines in files for line in lines]):
        warnings.warn(message, DroppedTextWarning, stacklevel=user_stacklevel())
    return rouge155_report(flags, documents[0], [list(refs) for refs in zip(*documents[1:], strict=True)])
