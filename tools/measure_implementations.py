"""Measure ``implementation=`` on real outputs: how many values equal the real tool, and the audit.

For each file given (TSV with a ``reference`` column and one column per system, or ``--columns``),
every implementation that applies to the language is scored by kurenai_rouge and by the real tool
(tests/peers.py, with requirements-dev.txt and requirements-peers.txt installed); the values per
example and the aggregate are compared with ``==`` and counted. Then ``compare_implementations``
prints the audit of the file. docs/implementations.md gives the numbers this printed.

Run: ``python tools/measure_implementations.py ja:livedoor.tsv:pred_col zh:lcsts.tsv:pred_col ...``
"""

import csv
import sys
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from peers import peer_scores  # noqa: E402

import kurouge  # noqa: E402
from kurouge.audit import audit_runs  # noqa: E402


def read(path: str, column: str) -> tuple[list[str], list[str]]:
    """The predictions of ``column`` and the references of the TSV file ``path``."""
    with open(path, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return [row[column] for row in rows], [row["reference"] for row in rows]


def equal_values(name: str, predictions: list[str], references: list[str], language: str) -> tuple[int, int]:
    """(equal, compared) values of kurenai_rouge and the real tool: per example and aggregated."""
    if name in ("rouge-chinese", "rouge"):  # the tools raise on an empty text: those examples are left out
        kept = [(p, r) for p, r in zip(predictions, references, strict=True) if p.strip() and r.strip()]
        predictions, references = [p for p, _ in kept], [r for _, r in kept]
    options = {"implementation": name}
    if name in ("sumeval", "longbench"):
        options["language"] = language
        references = [[r] for r in references]
    expected = peer_scores(name, predictions, references, language)
    got = (
        kurouge.score(predictions, references, use_aggregator=False, **options),
        kurouge.score(predictions, references, **options),
    )
    equal = compared = 0
    for mine, theirs in zip(got, expected, strict=True):
        for key, values in theirs.items():
            values = values if isinstance(values, list) else [values]
            ours = mine[key] if isinstance(mine[key], list) else [mine[key]]
            equal += sum(a == b for a, b in zip(ours, values, strict=True))
            compared += len(values)
    return equal, compared


def main() -> None:
    """Print, per file, the equal values per implementation and the audit table."""
    warnings.simplefilter("ignore")
    for argument in sys.argv[1:]:
        language, path, column = argument.split(":")
        predictions, references = read(path, column)
        print(f"## {Path(path).name} ({column}, {language}, {len(predictions)} examples)")
        for name, _ in audit_runs(language):
            if name in ("rouge-chinese", "rouge", "sumeval", "llama-factory", "opencompass", "longbench"):
                equal, compared = equal_values(name, predictions, references, language)
                print(f"{name}: {equal} of {compared} values equal the real tool's")
        audit = kurouge.compare_implementations(predictions, references, language=language)
        print("| implementation | rouge1 | rouge2 | rougeL |\n|---|---:|---:|---:|")
        for row in audit["rows"]:
            cells = [f"{row[t]:.2f}" if t in row else "—" for t in ("rouge1", "rouge2", "rougeL")]
            print(f"| {row['implementation']} | " + " | ".join(cells) + " |")
        print("| spread | " + " | ".join(f"{v:.2f}" for v in audit["spread"].values()) + " |\n")


if __name__ == "__main__":
    main()
