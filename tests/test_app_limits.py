"""The Space's work estimate (app_limits) where it depends on the language: "xlsum" segments by language."""

import doctest
import importlib
import sys
import warnings
from pathlib import Path

import gradio as gr
import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
app_compare_tab = importlib.import_module("kurouge.space.compare_tab")
app_inputs = importlib.import_module("kurouge.space.inputs")
app_limits = importlib.import_module("kurouge.space.limits")
app_score = importlib.import_module("kurouge.space.score")
rouge_presets = importlib.import_module("kurouge.tokenizers.presets")

XLSUM = ["xlsum", "xlsum-segmented"]
TEXTS = app_inputs.Examples(["猫坐在垫子上，狗在外面。"] * 3, ["The cat sat on the mat."] * 3)


def test_doctests():
    assert doctest.testmod(app_limits).failed == 0


def test_every_xlsum_segmenter_has_a_rate():
    segmenters = {rouge_presets.xlsum_segmenter(language) for language in rouge_presets.XLSUM_LANGUAGES}
    assert segmenters == {*rouge_presets.XLSUM_SEGMENTERS.values(), "pyonmttok"}
    for name in XLSUM:
        assert set(app_limits.SEGMENTER_SECONDS_PER_CHAR[name]) == segmenters
        assert name not in app_limits.TOKENIZE_SECONDS_PER_CHAR  # one place for its rates


@pytest.mark.parametrize("name", XLSUM)
@pytest.mark.parametrize("language", ["en", "bn", None, "zh", "ja", "th", "my"])
def test_the_xlsum_estimate_takes_the_rate_of_the_languages_segmenter(name, language):
    segmenter = rouge_presets.xlsum_segmenter(language)
    rate = app_limits.SEGMENTER_SECONDS_PER_CHAR[name][segmenter]
    estimate = app_limits.estimate_work(TEXTS, ["rouge1"], name, tokenize=False, language=language)
    word = app_limits.estimate_work(TEXTS, ["rouge1"], "word", tokenize=False)  # a token per character too
    word_rate = app_limits.TOKENIZE_SECONDS_PER_CHAR["word"]
    assert estimate.seconds - word.seconds == pytest.approx(estimate.chars * (rate - word_rate))


@pytest.mark.parametrize("name", XLSUM)
def test_english_and_bengali_are_estimated_at_pyonmttoks_rate_not_jiebas(name):
    rates = app_limits.SEGMENTER_SECONDS_PER_CHAR[name]
    assert rates["pyonmttok"] < rates["jieba"]
    seconds = {
        language: app_limits.estimate_work(TEXTS, ["rouge1"], name, tokenize=False, language=language).seconds
        for language in ("en", "bn", "zh")
    }
    assert seconds["en"] == seconds["bn"] < seconds["zh"]


def test_a_language_xlsum_does_not_have_gets_the_slowest_rate():
    assert app_limits.tokenize_rate("xlsum", "xx") == app_limits.SLOWEST_TOKENIZE_SECONDS_PER_CHAR


def test_the_tokens_are_counted_with_the_languages_tokenizer():
    work = app_limits.estimate_work(TEXTS, ["rougeW"], "xlsum", language="zh")
    tokenize = rouge_presets.XLSumTokenizer(language="zh").tokenize
    assert work.tokens == sum(
        len(tokenize(p)) + len(tokenize(r)) for p, r in zip(TEXTS.predictions, TEXTS.references, strict=True)
    )
    assert work.tokens != app_limits.estimate_work(TEXTS, ["rougeW"], "xlsum", language=None).tokens


class Estimated(Exception):
    """Raised by the recording check_work: the request is not scored."""


def estimates_of(monkeypatch, module, request) -> dict:
    """The estimate ``request(language)`` checks through ``module.check_work``, by language."""
    seen = []

    def recording(*args, **kwargs):
        seen.append(app_limits.check_work(*args, **kwargs).seconds)
        raise Estimated

    monkeypatch.setattr(module, "check_work", recording)
    estimates = {}
    for language in ("en", "zh"):
        with pytest.raises(gr.Error, match="Estimated"):
            request(language)
        estimates[language] = seen.pop()
    return estimates


def test_score_estimates_xlsum_in_its_language(monkeypatch):
    estimates = estimates_of(
        monkeypatch,
        app_score,
        lambda language: app_score.score(
            "\n".join(TEXTS.predictions), "\n".join(TEXTS.references), None, ["rouge1"], "xlsum",
            language=language,
        ),
    )  # fmt: skip
    assert estimates["en"] < estimates["zh"]


def test_compare_estimates_xlsum_in_its_language(monkeypatch):
    lines = "\n".join(TEXTS.predictions)
    estimates = estimates_of(
        monkeypatch,
        app_compare_tab,
        lambda language: app_compare_tab.compare_systems(
            lines, lines, "\n".join(TEXTS.references), None, ["rouge1"], "xlsum", language
        ),
    )
    assert estimates["en"] < estimates["zh"]


def test_a_language_without_a_stemmer_is_counted_unstemmed_as_compute_scores_it():
    """compute drops use_stemmer for Swahili with a warning, which the estimate must not repeat."""
    examples = app_inputs.Examples(["watoto wanacheza mpira"], ["watoto wanacheza"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        work = app_limits.check_work(examples, ["rougeW"], "word", True, language="sw")
    assert work.tokens == 5
