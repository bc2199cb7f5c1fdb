"""The kurenai-rouge command, run as users run it: a subprocess on files."""

import fcntl
import json
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from conftest import REPO

from kurouge import score
from kurouge.cli import main as rouge_cli
from kurouge.rouge155.scoring import evaluate

CLI = [sys.executable, "-m", "kurouge"]
PREDICTIONS = ["今日 は 晴れ です", "the cat sat on the mat", "いぬ が はしる", "", "Dogs are RUNNING fast"]
REFERENCES = ["今日 は 雨 です", "a cat sat on a mat", "ねこ が はしる", "何か", "the dog runs fast"]
SECOND_REFERENCES = ["明日 は 晴れ", "the cat", "いぬ", "", "dogs running"]


def write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def many(lines: list[str], count: int) -> list[str]:
    """``count`` lines: ``lines`` repeated, each with its number (more than one progress chunk)."""
    return [f"{lines[i % len(lines)]} {i % 7}".strip() for i in range(count)]


def run(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300, **kwargs)


def test_json_equals_compute(rouge, tmp_path):
    options = {"detailed": True, "bootstrap": True, "seed": 3, "multi_ref": "avg", "use_stemmer": True}
    result = run(
        "--predictions", write(tmp_path / "p.txt", PREDICTIONS),
        "--references", write(tmp_path / "r1.txt", REFERENCES),
        "--references", write(tmp_path / "r2.txt", SECOND_REFERENCES),
        "--detailed", "--bootstrap", "--seed", "3", "--multi-ref", "avg", "--use-stemmer",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    # PREDICTIONS and SECOND_REFERENCES each have an empty line, and nothing else is said.
    assert [line.split(" (")[0] for line in result.stderr.splitlines()] == [
        "kurenai-rouge: warning: 1 of 5 predictions is empty",
        "kurenai-rouge: warning: 1 of 5 references is empty",
    ]
    references = [list(pair) for pair in zip(REFERENCES, SECOND_REFERENCES, strict=True)]
    expected = rouge.compute(predictions=PREDICTIONS, references=references, return_signature=True, **options)
    assert json.loads(result.stdout) == expected
    assert "boot:1000x0.95@seed3" in expected["signature"]


def test_table_rounds_compute(rouge, tmp_path):
    result = run(
        "--predictions", write(tmp_path / "p.txt", PREDICTIONS),
        "--references", write(tmp_path / "r.txt", REFERENCES),
        "--format", "table", "--rouge-types", "rougeL,rouge2", "--detailed", "--tokenizer", "rouge-score",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    expected = rouge.compute(
        predictions=PREDICTIONS,
        references=REFERENCES,
        rouge_types=["rougeL", "rouge2"],
        detailed=True,
        tokenizer="rouge-score",
        return_signature=True,
    )
    header, *rows, signature = result.stdout.splitlines()
    assert header.split() == ["type", "fmeasure", "precision", "recall"]
    assert [row.split() for row in rows] == [
        [t, *(f"{expected[t + suffix]:.6f}" for suffix in ("", "_precision", "_recall"))]
        for t in ("rougeL", "rouge2")
    ]
    assert signature == f"signature: {expected['signature']}"


def test_csv_equals_kurenai_command_line(tmp_path):
    """Same layout and numbers as ``python -m kurenai`` (on text without kurenai's whitespace defects)."""
    predictions = write(tmp_path / "p.txt", many(PREDICTIONS, 1500))
    references = write(tmp_path / "r.txt", many(REFERENCES, 1500))
    types = "rouge1,rouge2,rougeL,rougeLsum"
    ours = run(
        "--predictions", predictions, "--references", references, "--format=csv", f"--rouge-types={types}"
    )
    kurenai = subprocess.run(
        [sys.executable, "-m", "kurenai", "--target-file", references, "--prediction-file", predictions,
         "--rouge-types", types],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == kurenai.stdout
    assert len(ours.stdout.splitlines()) == 1501
    # stderr is not a terminal: no progress bar, only the signature.
    assert (
        ours.stderr.startswith("signature: tok:whitespace[invisible-dropped]|")
        and ours.stderr.count("\n") == 1
    )


def test_progress_bar_on_a_terminal(tmp_path):
    predictions = write(tmp_path / "p.txt", many(PREDICTIONS, 1500))
    references = write(tmp_path / "r.txt", many(REFERENCES, 1500))
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # tqdm draws in the width
    process = subprocess.Popen(
        [*CLI, "--predictions", predictions, "--references", references, "--rouge-types", "rouge1"],
        stdout=subprocess.PIPE,
        stderr=terminal,
    )
    os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the terminal is closed once the process exits
            break
        if not chunk:
            break
        shown += chunk
    os.close(controller)
    assert process.wait(timeout=300) == 0
    assert json.loads(process.stdout.read())["rouge1"] > 0
    assert b"kurenai_rouge: 100%" in shown and b"1500/1500" in shown


def bad_inputs(tmp_path: Path) -> dict[str, tuple[list[str], str]]:
    """Per case: the arguments, and the message (without the program name) they must give."""
    p = write(tmp_path / "p.txt", PREDICTIONS)
    r = write(tmp_path / "r.txt", REFERENCES)
    short = write(tmp_path / "short.txt", REFERENCES[:3])
    long = write(tmp_path / "long.txt", [*REFERENCES, "extra"])
    empty = write(tmp_path / "empty.txt", [])
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("\n".join(["a cat", "the dog", "caf\xe9 au lait", "x", "y"]).encode("latin-1"))
    missing = str(tmp_path / "missing.txt")
    return {
        "fewer references": (
            ["--predictions", p, "--references", r, "--references", short],
            f"{short} has 3 lines but {p} has 5: line 4 of {p} has no reference",
        ),
        "more references": (
            ["--predictions", p, "--references", long],
            f"{long} has 6 lines but {p} has 5: line 6 of {long} has no prediction",
        ),
        "missing file": (
            ["--predictions", missing, "--references", r],
            f"{missing}: cannot read the file: No such file or directory",
        ),
        "undecodable bytes": (
            ["--predictions", p, "--references", str(latin1)],
            f"{latin1}, line 3: not UTF-8 (byte 0xe9 at byte 4 of the line)",
        ),
        "empty file": (["--predictions", empty, "--references", empty], f"{empty}: the file has no lines"),
        "bootstrap per example": (
            ["--predictions", p, "--references", r, "--format", "csv", "--bootstrap"],
            "--bootstrap needs an aggregate: use --format json or --format table",
        ),
        "unknown tokenizer": (
            ["--predictions", p, "--references", r, "--tokenizer", "klingon"],
            "unknown tokenizer 'klingon'; choose one of: ",
        ),
    }


@pytest.mark.parametrize(
    "case",
    [
        "fewer references",
        "more references",
        "missing file",
        "undecodable bytes",
        "empty file",
        "bootstrap per example",
        "unknown tokenizer",
    ],
)
def test_bad_input_exits_2_with_one_message(tmp_path, case):
    args, message = bad_inputs(tmp_path)[case]
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"kurenai-rouge: error: {message}")
    assert result.stderr.count("\n") == 1


def test_scores_without_importing_evaluate(tmp_path):
    """The command line runs kurouge.api, the code compute() runs, without evaluate's slow import."""
    code = (
        "import runpy, sys\n"
        "sys.argv = ['kurenai-rouge', *sys.argv[1:]]\n"
        "try:\n"
        "    runpy.run_module('kurouge', run_name='__main__')\n"
        "except SystemExit as exit:\n"
        "    assert exit.code == 0, exit.code\n"
        "print(sorted(name for name in ('evaluate', 'datasets', 'torch') if name in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, "--predictions", write(tmp_path / "p.txt", PREDICTIONS),
         "--references", write(tmp_path / "r.txt", REFERENCES)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]"


def test_a_warning_is_one_line(tmp_path):
    result = run(
        "--predictions", write(tmp_path / "p.txt", ["今日は晴れです"]),
        "--references", write(tmp_path / "r.txt", ["今日は雨です"]),
    )  # fmt: skip
    assert result.returncode == 0
    assert result.stderr.startswith("kurenai-rouge: warning: the texts look like Chinese or Japanese")
    assert result.stderr.count("\n") == 1


def test_warnings_name_the_flags_and_print_once_with_a_baseline(tmp_path):
    thai = ["ภาษาไทยง่ายนิดเดียว", "สวัสดีครับ"]
    result = run(
        "--predictions", write(tmp_path / "p.txt", thai),
        "--baseline", write(tmp_path / "b.txt", ["ภาษา", "สวัสดีค่ะ"]),
        "--references", write(tmp_path / "r.txt", ["ภาษาไทยง่าย", "สวัสดี"]),
        "--tokenizer", "whitespace", "--language", "lo", "--use-stemmer", "--format", "table",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    few, stemmer, unsegmented = result.stderr.splitlines()
    assert few.startswith("kurenai-rouge: warning: with 2 examples no paired test can show a difference")
    assert stemmer.startswith("kurenai-rouge: warning: --language lo (Lao) has no stemmer: --use-stemmer")
    assert unsegmented.endswith("choose one of --tokenizer th, --tokenizer char, or --language th")
    assert "stem:none" in result.stdout


def test_a_near_miss_language_suggests_the_flag(tmp_path):
    p = write(tmp_path / "p.txt", ["a"])
    result = run("--predictions", p, "--references", p, "--language", "cn")
    assert result.returncode == 2
    assert result.stderr.startswith(
        "kurenai-rouge: error: --language cn is not an ISO 639-1 code; did you mean --language zh (Chinese)? "
        "(every code: kurouge.languages.LANGUAGE_NAMES)\n"
    )


def test_a_code_often_typed_for_another_language_warns_with_the_flags(tmp_path):
    p = write(tmp_path / "p.txt", ["a b"])
    result = run("--predictions", p, "--references", p, "--language", "kr")
    assert result.returncode == 0, result.stderr
    assert result.stderr.startswith(
        "kurenai-rouge: warning: --language kr is Kanuri, not Korean (KR is South Korea's country code): "
        "Korean is --language ko."
    )
    assert result.stderr.count("\n") == 1
    assert "|lang:kr(Kanuri)|" in result.stdout


def test_a_missing_backend_exits_2_naming_the_packages(tmp_path):
    # sudachipy hidden (None in sys.modules) as if it were not installed
    code = (
        "import runpy, sys\n"
        "sys.modules['sudachipy'] = None\n"
        "sys.argv = ['kurenai-rouge', *sys.argv[1:]]\n"
        "runpy.run_module('kurouge', run_name='__main__')\n"
    )
    p = write(tmp_path / "p.txt", ["今日は晴れ"])
    result = subprocess.run(
        [sys.executable, "-c", code, "--predictions", p, "--references", p, "--tokenizer", "ja"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr == (
        "kurenai-rouge: error: the Japanese tokenizer ('ja', 'ja-sudachi-a', '-b' or '-c') needs sudachipy, "
        "sudachidict_core (missing: sudachipy): pip install sudachipy sudachidict_core\n"
    )


def test_the_old_script_still_runs_the_command(tmp_path):
    # python rouge_cli.py, kept for one release
    p = write(tmp_path / "p.txt", PREDICTIONS)
    r = write(tmp_path / "r.txt", REFERENCES)
    old = subprocess.run([sys.executable, str(REPO / "rouge_cli.py"), "--predictions", p, "--references", r],
                         capture_output=True, text=True, timeout=300)  # fmt: skip
    new = subprocess.run(
        [*CLI, "--predictions", p, "--references", r], capture_output=True, text=True, timeout=300
    )
    assert old.returncode == new.returncode == 0 and old.stdout == new.stdout


def test_counts_in_messages_agree_with_their_nouns(tmp_path, capsys):
    """ "one_line.txt has 1 lines" and "2 predictions but 1 references" were printed."""
    predictions = write(tmp_path / "p.txt", ["a", "b"])
    one_line = write(tmp_path / "one_line.txt", ["a"])
    assert rouge_cli.main(["--predictions", predictions, "--references", one_line]) == 2
    assert f"{one_line} has 1 line but {predictions} has 2" in capsys.readouterr().err
    with pytest.raises(ValueError, match="predictions has 2 items, references 1 item"):
        score(["a", "b"], ["a"])
    with pytest.raises(ValueError, match="^1 prediction but 2 reference lists$"):
        evaluate("-n 1", ["a"], [["a"], ["b"]])


def test_empty_lines_are_counted_on_stderr(tmp_path, capsys):
    """An empty line scores 0, as compute() scores it; the command says how many there were, and where."""
    predictions = write(tmp_path / "p.txt", ["the cat", "", "a dog", "  "])
    references = write(tmp_path / "r.txt", ["the cat", "a cat", "", "a dog"])
    assert rouge_cli.main(["--predictions", predictions, "--references", references]) == 0
    err = capsys.readouterr().err
    assert f"2 of 4 predictions are empty (lines 2 and 4 of {predictions}): an empty text scores 0" in err
    assert f"1 of 4 references is empty (line 3 of {references}): an empty text scores 0" in err
    full = write(tmp_path / "full.txt", ["the cat", "a cat", "a dog", "a dog"])
    assert rouge_cli.main(["--predictions", full, "--references", full]) == 0
    assert "empty" not in capsys.readouterr().err


def test_empty_lines_are_counted_once_when_systems_are_compared(tmp_path, capsys):
    lines = [f"w{i} x" for i in range(8)]
    references = write(tmp_path / "r.txt", ["", *lines[1:]])
    system = write(tmp_path / "s.txt", lines)
    baseline = write(tmp_path / "b.txt", ["x"] * 8)
    arguments = ["--predictions", system, "--baseline", baseline, "--references", references]
    assert rouge_cli.main(arguments) == 0
    err = capsys.readouterr().err
    assert err.count(f"1 of 8 references is empty (line 1 of {references})") == 1
