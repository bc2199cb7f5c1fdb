"""The package alone (``pip install .``, no extras): what works, and what a missing backend says.

tests/run.sh runs this file a second time in a fresh virtualenv with the package's wheel and pytest
only, from an empty folder, with KURENAI_ROUGE_LIGHT=1: there the optional backends are really
missing, and the tests marked ``light_only`` check that they are, what their errors say, and that the
package imported is the installed one. In the full environment those are skipped
(tests/test_tokenizers.py checks the same messages with hidden modules).
"""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

LIGHT = os.environ.get("KURENAI_ROUGE_LIGHT") == "1"
light_only = pytest.mark.skipif(
    not LIGHT, reason="runs in tests/run.sh's virtualenv of requirements-metric.txt"
)

PREDICTIONS = ["The dog ran in the park.", "A cat sat on the mat", "it rained", "birds sang at dawn",
               "we met at noon", "the train was late"]  # fmt: skip
BASELINE = ["a dog", "the cat", "rain", "birds", "we met", "train"]
REFERENCES = ["the dog ran in a park", "the cat sat on the mat", "it rained all day", "birds sang at dawn",
              "we met at noon today", "the train was late again"]  # fmt: skip


def test_default_tokenizer(rouge):
    result = rouge.compute(predictions=PREDICTIONS[:1], references=REFERENCES[:1], return_signature=True)
    # whitespace tokens: "park." is not "park", the reference has one "the": 4 of 6 words shared
    assert result["rouge1"] == pytest.approx(4 / 6)
    assert result["signature"].startswith("tok:whitespace[invisible-dropped]|stem:no|")


def test_rouge_score_tokenizer_and_its_stemmer(rouge):
    prediction, reference = "The dogs ran in the park.", "the dog ran in a park"
    result = rouge.compute(
        predictions=[prediction], references=[reference], tokenizer="rouge-score", use_stemmer=True
    )
    # rouge-score's tokens: the punctuation goes, dogs is stemmed to dog: 5 of 6 words shared
    assert result["rouge1"] == pytest.approx(5 / 6)


def test_bootstrap(rouge):
    result = rouge.compute(
        predictions=PREDICTIONS, references=REFERENCES, bootstrap=True, rouge_types=["rouge1"]
    )
    assert result["rouge1_low"] <= result["rouge1"] <= result["rouge1_high"]


def test_compare(rouge):
    result = rouge.compare(
        predictions=PREDICTIONS, baseline=BASELINE, references=REFERENCES, rouge_types=["rouge1"]
    )
    assert result["rouge1_p_value"] == 2 / 64  # every example favours the system: 2 of 64 sign patterns
    assert result["rouge1_difference_low"] > 0


COMMANDS = {
    "console script": [str(Path(sys.executable).parent / "kurenai-rouge")],
    "python -m": [sys.executable, "-m", "kurouge"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_command_line_from_an_empty_folder(tmp_path, command):
    (tmp_path / "p.txt").write_text("\n".join(PREDICTIONS) + "\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("\n".join(REFERENCES) + "\n", encoding="utf-8")
    result = subprocess.run(
        [*COMMANDS[command], "--predictions", "p.txt", "--references", "r.txt", "--format", "table",
         "--rouge-types", "rouge1"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split()[0] == "type" and lines[1].split()[0] == "rouge1"
    bad = subprocess.run([*COMMANDS[command], "--predictions", "missing.txt", "--references", "r.txt"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert bad.returncode == 2 and bad.stderr.startswith("kurenai-rouge: error: "), bad.stderr


def test_the_library_without_evaluate(tmp_path):
    import kurouge

    result = kurouge.score(PREDICTIONS[:1], REFERENCES[:1], rouge_types=["rouge1"])
    assert result == {"rouge1": pytest.approx(4 / 6)}


@light_only
def test_the_package_is_the_installed_wheel():
    import kurouge

    assert Path(kurouge.__file__).is_relative_to(Path(sys.prefix)), kurouge.__file__
    assert not Path(kurouge.__file__).is_relative_to(REPO)


@light_only
@pytest.mark.parametrize("module", ["gradio", "numba", "sudachipy", "Stemmer", "TurkishStemmer", "pyonmttok"])
def test_the_optional_packages_are_not_installed(module):
    assert importlib.util.find_spec(module) is None


@light_only
@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"tokenizer": "ja"},
            "the Japanese tokenizer ('ja', 'ja-sudachi-a', '-b' or '-c') needs sudachipy, sudachidict_core "
            "(missing: sudachipy, sudachidict_core): pip install sudachipy sudachidict_core",
        ),
        (
            {"language": "ru", "use_stemmer": True},
            "the Snowball stemmer (russian) needs PyStemmer (missing: PyStemmer): pip install PyStemmer",
        ),
        (
            {"tokenizer": "xlsum", "language": "tr", "use_stemmer": True},
            "the 'xlsum' tokenizer for language='tr' needs pyonmttok, TurkishStemmer "
            "(missing: pyonmttok, TurkishStemmer): pip install pyonmttok TurkishStemmer",
        ),
    ],
)
def test_a_missing_backend_names_every_package_at_once(rouge, options, message):
    with pytest.raises(ImportError) as error:
        rouge.compute(predictions=["a"], references=["a"], **options)
    assert str(error.value) == message
