"""How the command reads its files: lines end at "\\n" only, and a file has a size limit (issue 20)."""

import subprocess
import sys

import pytest

from kurouge.cli import main as rouge_cli

CLI = [sys.executable, "-m", "kurouge"]


def test_lines_end_at_newline_only(rouge, tmp_path):
    # U+2028, U+0085, \x0b, \x0c and \x1c-\x1e are inside lines: str.splitlines would break at them.
    predictions = ["the cat\u2028sat", "red\x85fish\x1c", "blue sky\x0b"]
    references = ["the cat sat", "red fish", "blue\x0csky\x1d\x1e"]
    (tmp_path / "p.txt").write_bytes("".join(p + "\n" for p in predictions).encode())
    (tmp_path / "r.txt").write_bytes("".join(r + "\r\n" for r in references).encode())  # \r\n: \r dropped
    done = subprocess.run(
        [
            *CLI,
            "--predictions",
            str(tmp_path / "p.txt"),
            "--references",
            str(tmp_path / "r.txt"),
            "--format=csv",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()[1:]
    expected = rouge.compute(predictions=predictions, references=references, use_aggregator=False)
    assert len(rows) == 3
    assert [float(row.split(",")[3]) for row in rows] == [round(f, 6) for f in expected["rouge1"]]


@pytest.mark.parametrize(
    ("data", "lines"),
    [
        (b"", []),
        (b"a", ["a"]),
        (b"a\n", ["a"]),
        (b"a\n\n", ["a", ""]),
        (b"a\r\nb\rc\n", ["a", "b\rc"]),
        (b"\xef\xbb\xbfa\nb", ["a", "b"]),
    ],
)
def test_read_lines(tmp_path, data, lines):
    (tmp_path / "f.txt").write_bytes(data)
    assert rouge_cli.read_lines(str(tmp_path / "f.txt")) == lines


def test_an_endless_file_is_refused(monkeypatch, capsys):
    monkeypatch.setattr(rouge_cli, "MAX_FILE_BYTES", 1 << 16)
    assert rouge_cli.main(["--predictions", "/dev/zero", "--references", "/dev/zero"]) == 2
    error = capsys.readouterr().err
    assert error == (
        "kurenai-rouge: error: /dev/zero: the file is larger than 65,536 bytes, the limit "
        "(kurouge.cli.main.MAX_FILE_BYTES); split it, or score it through compute()\n"
    )
