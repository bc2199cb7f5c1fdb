"""Run the real ROUGE-1.5.5.pl on documents and read what it prints (the oracle of test_rouge155.py).

Each text is written as it is to a file that ROUGE-1.5.5 reads in its SPL format (one sentence per
line), evaluation i under the XML configuration's ``<EVAL ID="ids[i]">``, the prediction as peer
"1" (as pyrouge names it), reference j as model j.
"""

import re
import subprocess
from pathlib import Path
from xml.sax.saxutils import quoteattr

from rouge155_files2rouge import ROUGE155

LINE = re.compile(
    r"1 (?P<name>ROUGE-\S+) (?:Average_(?P<part>[RPF]): (?P<average>\S+) \(\S+ (?P<low>\S+) - (?P<high>\S+)\)"
    r"|Eval (?P<id>.+)\.1 R:(?P<r>\S+) P:(?P<p>\S+) F:(?P<f>\S+))"
)


class PerlError(Exception):
    """ROUGE-1.5.5.pl stopped with an error (its last line of stderr)."""


def run_perl(home: Path, workdir: Path, flags: str, predictions, references, ids=None):
    """ROUGE-1.5.5.pl's printed numbers, as strings.

    Returns ``(per_document, average)``: ``per_document[id][perl_name] = (R, P, F)`` and
    ``average[perl_name][part] = (Average, low, high)``, part "R", "P" or "F".
    """
    ids = [str(i) for i in range(len(predictions))] if ids is None else ids
    workdir.mkdir(parents=True, exist_ok=True)
    evals = []
    for i, (document_id, prediction, refs) in enumerate(zip(ids, predictions, references, strict=True)):
        (workdir / f"p{i}").write_bytes(prediction.encode("utf-8"))
        models = []
        for j, reference in enumerate(refs):
            (workdir / f"m{i}_{j}").write_bytes(reference.encode("utf-8"))
            models.append(f'<M ID="{j}">m{i}_{j}</M>')
        evals.append(
            f"<EVAL ID={quoteattr(document_id)}>"
            f"<PEER-ROOT>{workdir}</PEER-ROOT><MODEL-ROOT>{workdir}</MODEL-ROOT>"
            f'<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">p{i}</P></PEERS>'
            f"<MODELS>{''.join(models)}</MODELS></EVAL>\n"
        )
    config = workdir / "config.xml"
    config.write_text('<ROUGE_EVAL version="1.55">\n' + "".join(evals) + "</ROUGE_EVAL>\n", encoding="utf-8")
    command = [
        "perl",
        str(ROUGE155 / "ROUGE-1.5.5.pl"),
        "-e",
        str(home),
        *flags.split(),
        "-d",
        "-a",
        str(config),
    ]
    run = subprocess.run(command, capture_output=True)
    if run.returncode:
        raise PerlError(run.stderr.decode("utf-8", "replace").strip().splitlines()[-1])
    output = run.stdout.decode("utf-8")
    per_document: dict = {document_id: {} for document_id in ids}
    average: dict = {}
    for line in output.splitlines():
        match = LINE.fullmatch(line)
        if match and match["part"]:
            average.setdefault(match["name"], {})[match["part"]] = (
                match["average"],
                match["low"],
                match["high"],
            )
        elif match:
            per_document[match["id"]][match["name"]] = (match["r"], match["p"], match["f"])
    return per_document, average
