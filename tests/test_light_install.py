"""The metric alone: what works with requirements-metric.txt, and what a missing backend says.

tests/run.sh runs this file a second time in a fresh virtualenv with requirements-metric.txt and
pytest only, with KURENAI_ROUGE_LIGHT=1: there the optional backends are really missing, and the
tests marked ``light_only`` check that they are and what their errors say. In the full environment
those are skipped (tests/test_tokenizers.py checks the same messages with hidden modules).
"""

import importlib.util
import os
import subprocess
import sys

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
    assert result["signature"].startswith("tok:whitespace|stem:no|")


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


def test_command_line(tmp_path):
    (tmp_path / "p.txt").write_text("\n".join(PREDICTIONS) + "\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("\n".join(REFERENCES) + "\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(REPO / "rouge_cli.py"), "--predictions", str(tmp_path / "p.txt"),
         "--references", str(tmp_path / "r.txt"), "--format", "table"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("type")


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


def test_the_metric_requirements_are_those_of_the_space():
    # requirements.txt (the Space's, installed alone by the Hub) repeats each line with the same pin.
    def lines(name):
        text = (REPO / name).read_text(encoding="utf-8")
        return {line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")}

    assert lines("requirements-metric.txt") <= lines("requirements.txt")
