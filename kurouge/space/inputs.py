"""The Space's inputs: pasted text and uploaded CSV, TSV or JSONL files, read into predictions and references.

Every problem with an input is a ``gr.Error`` whose message says what to change.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import gradio as gr

from kurouge.wording import counted


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
            f"{counted(len(predictions), 'prediction')} but {counted(len(references), 'reference')}: "
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
                raise gr.Error(f"{where}: {column} must be a string or a list of strings, got {quoted(item)}")
            if item:
                references.append(item)
    return references or [""]


def check_unique(columns: Sequence[str], where: str) -> None:
    """Refuse column names that repeat: a reader would keep one of the columns and drop the other."""
    repeated = [quoted(c) for c, n in Counter(columns).items() if n > 1]
    if repeated:
        raise gr.Error(
            f"{where}: the column {', '.join(repeated)} appears more than once; rename or remove one"
        )


def unique_keys(pairs: list[tuple[str, Any]], where: str) -> dict[str, Any]:
    """A JSON object's dict (``json.loads``' ``object_pairs_hook``), refused if a key repeats."""
    check_unique([key for key, _ in pairs], where)
    return dict(pairs)


def _csv_rows(text: str, name: str, delimiter: str) -> list[dict[str, Any]]:
    """The rows of a CSV or TSV text, records as the csv module reads them (quoted line breaks kept)."""
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows = []
    try:
        check_unique(reader.fieldnames or [], f"{name} line 1")
        start = reader.line_num + 1
        for row in reader:
            _check_fields(row, len(reader.fieldnames or ()), f"{name} line {start}", delimiter)
            rows.append(row)
            start = reader.line_num + 1
        return rows
    except csv.Error as error:
        start = reader.line_num + 1  # the lines of the records read before this one, plus one
        raise gr.Error(
            f"{name} is not valid CSV: {error}, in the record that starts on line {start}"
        ) from error


def _check_fields(row: dict[str | None, Any], expected: int, where: str, delimiter: str) -> None:
    """Refuse a CSV record with more or fewer fields than the header.

    ``csv.DictReader`` puts a surplus under the key None and fills a shortage with None.
    """
    surplus = row.get(None) or []
    missing = sum(value is None for key, value in row.items() if key is not None)
    if surplus or missing:
        found = expected + len(surplus) - missing
        separator = "tab" if delimiter == "\t" else "comma"
        raise gr.Error(
            f"{where} has {counted(found, 'field')} but the header has {expected}: quote a value "
            f'that holds a {separator} ("the cat, sat"), and give every column of the header'
        )


def _jsonl_rows(text: str, name: str) -> list[dict[str, Any]]:
    """The objects of a JSONL text, one per line.

    A line ends at "\\n" only: JSON strings may hold U+2028, U+2029 or U+0085 unescaped.
    """
    rows = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line, object_pairs_hook=partial(unique_keys, where=f"{name} line {number}"))
        except json.JSONDecodeError as error:
            raise gr.Error(f"{name} line {number} is not JSON: {error.msg}") from error
        except gr.Error:
            raise
        except ValueError as error:  # an integer longer than Python converts (sys.get_int_max_str_digits)
            digits = re.search(r"value has (\d+) digits", str(error))
            size = f"{int(digits.group(1)):,} digits" if digits else "too many digits"
            raise gr.Error(f"{name} line {number} has a number of {size}: write it as a string") from error
        except RecursionError as error:
            raise gr.Error(f"{name} line {number} nests arrays or objects too deeply") from error
        if not isinstance(row, dict):
            raise gr.Error(f"{name} line {number} must be a JSON object")
        rows.append(row)
    return rows


REFERENCE_COLUMN = re.compile(r"references?|reference_[0-9]+")
QUOTED_CHARS = 200  # a value quoted in a message is cut to this many characters


def shortened(message: str, limit: int) -> str:
    """``message``, cut to ``limit`` characters with a note of its length when longer.

    >>> shortened("x" * 30, 10)
    'xxxxxxxxxx… (cut: 30 characters in all)'
    """
    if len(message) <= limit:
        return message
    return f"{message[:limit]}… (cut: {len(message):,} characters in all)"


def quoted(value: Any) -> str:
    """``repr(value)`` for a message, cut to ``QUOTED_CHARS`` characters."""
    return shortened(repr(value), QUOTED_CHARS)


def utf_encoding(data: bytes) -> str:
    """The UTF encoding of an upload: from its byte order mark, else from where its NUL bytes are.

    A text of mostly ASCII characters (a CSV header, JSON keys) in UTF-16 without a byte order mark
    has a NUL byte in every other place; in UTF-32 every fourth byte is NUL, and the one next to it for
    a character below U+10000; UTF-8 text has none.

    >>> [utf_encoding("ab".encode(e)) for e in ("utf-8", "utf-16-le", "utf-16-be", "utf-32", "utf-32-be")]
    ['utf-8-sig', 'utf-16-le', 'utf-16-be', 'utf-32', 'utf-32-be']
    """
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "utf-32"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    head = data[: 4 * 1024]
    if b"\x00" not in head:
        return "utf-8-sig"
    head = head[: len(head) // 4 * 4]
    quarter = len(head) // 4
    nuls = [head[k::4].count(0) for k in range(4)]  # NUL bytes at each position mod 4
    # UTF-32: the top byte of every character is 0, and the next one of every character below U+10000.
    if quarter and nuls[3] == quarter and nuls[2] >= 0.9 * quarter:
        return "utf-32-le"
    if quarter and nuls[0] == quarter and nuls[1] >= 0.9 * quarter:
        return "utf-32-be"
    return "utf-16-le" if nuls[1] + nuls[3] > nuls[0] + nuls[2] else "utf-16-be"


def decode_upload(data: bytes, name: str) -> str:
    """The text of an uploaded file: UTF-8 (with or without a byte order mark), UTF-16 or UTF-32.

    UTF-16 and UTF-32 are read with or without a byte order mark (``utf_encoding``). No newline
    translation: the formats split records. Other encodings are refused with how to re-save the
    file; a Shift-JIS file, which Excel writes in Japan, is not guessed at.
    """
    encoding = utf_encoding(data)
    if encoding != "utf-8-sig" and stray_nuls(data):
        encoding = "utf-8-sig"  # UTF-8 with a few NUL bytes in it, refused below by where they are
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        raise gr.Error(
            f"{name} is not {encoding.removesuffix('-sig').upper()} text ({error.reason} at byte "
            f"{error.start}). Save it as UTF-8: in Excel "
            "choose 'CSV UTF-8 (comma delimited)'; a Shift-JIS (cp932) file converts with "
            "iconv -f CP932 -t UTF-8"
        ) from error
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise gr.Error(f"{name} line {line:,} has a NUL byte (\\x00), which no text holds: remove it")
    return text


def stray_nuls(data: bytes) -> bool:
    """Whether ``data`` is UTF-8 with a few NUL bytes (under one byte in ten), not UTF-16 or UTF-32.

    >>> stray_nuls(b"prediction,reference\\nab\\x00c,d\\n"), stray_nuls("ab,c".encode("utf-16-le"))
    (True, False)
    """
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return data.count(0) < len(data) / 10


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

    A reference column is named ``reference``, ``references`` or ``reference_<n>`` (``reference_2``,
    ...; not ``reference_id``); in JSONL a reference may be a list of strings. Several references
    per row (several columns, or a list) make every row a list of references.
    """
    path = Path(path)
    rows = rows_of_file(path)
    if not rows:
        raise gr.Error(f"{path.name} has no rows")
    columns = list(dict.fromkeys(column for row in rows for column in row if column is not None))
    # Column names are matched without case or surrounding spaces: "Prediction", " reference_2".
    prediction_columns = [c for c in columns if c.strip().lower() in ("prediction", "predictions")]
    if len(prediction_columns) > 1:
        listed = ", ".join(map(quoted, prediction_columns))
        raise gr.Error(f"{path.name} has {len(prediction_columns)} prediction columns ({listed}): keep one")
    prediction_column = prediction_columns[0] if prediction_columns else None
    reference_columns = [c for c in columns if REFERENCE_COLUMN.fullmatch(c.strip().lower())]
    if prediction_column is None or not reference_columns:
        raise gr.Error(
            f"{path.name} needs a 'prediction' column and a 'reference' column "
            f"(or reference_1, reference_2, ...); it has: {', '.join(columns)}"
        )
    predictions, references = [], []
    for number, row in enumerate(rows, 1):
        prediction = row.get(prediction_column)
        if not isinstance(prediction, str):
            raise gr.Error(f"{path.name} row {number}: prediction must be a string, got {quoted(prediction)}")
        predictions.append(prediction)
        references.append(_references_of(row, reference_columns, f"{path.name} row {number}"))
    if all(len(refs) == 1 for refs in references) and len(reference_columns) == 1:
        return Examples(predictions, [refs[0] for refs in references])
    return Examples(predictions, references)
