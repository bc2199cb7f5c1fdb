"""The Space's inputs: pasted text and uploaded CSV, TSV or JSONL files, read into predictions and references.

Every problem with an input is a ``gr.Error`` whose message says what to change.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gradio as gr


@dataclass
class Examples:
    """Predictions and references; references are strings, or lists when any row has several."""

    predictions: list[str]
    references: list[str] | list[list[str]]

    @property
    def multi_reference(self) -> bool:
        """Whether the references are lists of references."""
        return isinstance(self.references[0], list)


def text_lines(text: str | None) -> list[str]:
    """The lines of a text box: split on line breaks only (not on U+2028 and the like)."""
    lines = re.split(r"\r\n|\r|\n", text or "")
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def parse_pasted(predictions_text: str | None, references_text: str | None) -> Examples:
    """One example per line in each box; blank lines at the end are ignored."""
    predictions, references = text_lines(predictions_text), text_lines(references_text)
    if len(predictions) != len(references):
        raise gr.Error(
            f"{len(predictions)} predictions but {len(references)} references: "
            "paste one example per line in each box"
        )
    return Examples(predictions, references)


def _references_of(row: Mapping[str, Any], columns: Sequence[str], where: str) -> list[str]:
    """The non-empty references of a row; ``[""]`` (which scores 0) when it has none."""
    references = []
    for column in columns:
        value = row.get(column)
        if value is None:
            continue
        for item in value if isinstance(value, list) else [value]:
            if not isinstance(item, str):
                raise gr.Error(f"{where}: {column} must be a string or a list of strings, got {item!r}")
            if item:
                references.append(item)
    return references or [""]


def _csv_rows(text: str, name: str, delimiter: str) -> list[dict[str, Any]]:
    """The rows of a CSV or TSV text, records as the csv module reads them (quoted line breaks kept)."""
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        return list(reader)
    except csv.Error as error:
        start = reader.line_num + 1  # the lines of the records read before this one, plus one
        raise gr.Error(
            f"{name} is not valid CSV: {error}, in the record that starts on line {start}"
        ) from error


def _jsonl_rows(text: str, name: str) -> list[dict[str, Any]]:
    """The objects of a JSONL text, one per line.

    A line ends at "\\n" only: JSON strings may hold U+2028, U+2029 or U+0085 unescaped.
    """
    rows = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            raise gr.Error(f"{name} line {number} is not JSON: {error.msg}") from error
        if not isinstance(row, dict):
            raise gr.Error(f"{name} line {number} must be a JSON object")
        rows.append(row)
    return rows


def decode_upload(data: bytes, name: str) -> str:
    """The text of an uploaded file: UTF-8 (with or without a byte order mark), or UTF-16 with one.

    No newline translation: the formats split records. Other encodings are refused with how to
    re-save the file; a Shift-JIS file, which Excel writes in Japan, is not guessed at.
    """
    encoding = "utf-16" if data.startswith((b"\xff\xfe", b"\xfe\xff")) else "utf-8-sig"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise gr.Error(
            f"{name} is not UTF-8 text ({error.reason} at byte {error.start}). Save it as UTF-8: in Excel "
            "choose 'CSV UTF-8 (comma delimited)'; a Shift-JIS (cp932) file converts with "
            "iconv -f CP932 -t UTF-8"
        ) from error


def rows_of_file(path: Path) -> list[dict[str, Any]]:
    """The records of an uploaded file, as dicts, read by its extension (.csv, .tsv or .jsonl)."""
    suffix = path.suffix.lower()
    text = decode_upload(path.read_bytes(), path.name)
    if suffix in (".csv", ".tsv"):
        return _csv_rows(text, path.name, "," if suffix == ".csv" else "\t")
    if suffix == ".jsonl":
        return _jsonl_rows(text, path.name)
    raise gr.Error(f"{path.name}: upload a .csv, .tsv or .jsonl file")


def parse_upload(path: str | os.PathLike[str]) -> Examples:
    """Read a CSV, TSV or JSONL file with a ``prediction`` column and reference column(s).

    A reference column is named ``reference``, ``references`` or starts with ``reference``
    (``reference_2``, ...); in JSONL a reference may be a list of strings. Several references
    per row (several columns, or a list) make every row a list of references.
    """
    path = Path(path)
    rows = rows_of_file(path)
    if not rows:
        raise gr.Error(f"{path.name} has no rows")
    columns = list(dict.fromkeys(column for row in rows for column in row if column is not None))
    # Column names are matched without case or surrounding spaces: "Prediction", " reference_2".
    prediction_column = next((c for c in columns if c.strip().lower() in ("prediction", "predictions")), None)
    reference_columns = [c for c in columns if c.strip().lower().startswith("reference")]
    if prediction_column is None or not reference_columns:
        raise gr.Error(
            f"{path.name} needs a 'prediction' column and a 'reference' column "
            f"(or reference_1, reference_2, ...); it has: {', '.join(columns)}"
        )
    predictions, references = [], []
    for number, row in enumerate(rows, 1):
        prediction = row.get(prediction_column)
        if not isinstance(prediction, str):
            raise gr.Error(f"{path.name} row {number}: prediction must be a string, got {prediction!r}")
        predictions.append(prediction)
        references.append(_references_of(row, reference_columns, f"{path.name} row {number}"))
    if all(len(refs) == 1 for refs in references) and len(reference_columns) == 1:
        return Examples(predictions, [refs[0] for refs in references])
    return Examples(predictions, references)
