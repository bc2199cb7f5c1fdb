"""The Space's status lines: what was done, the metric's warnings next to the scores, short messages."""

import importlib
import inspect
import sys
import threading
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import gradio as gr
import pandas as pd
import pytest
from pandas.io.formats.style import Styler

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
app_compare = importlib.import_module("kurouge.space.compare")
app_compare_tab = importlib.import_module("kurouge.space.compare_tab")
app_inspect = importlib.import_module("kurouge.space.inspect_tab")
app_score = importlib.import_module("kurouge.space.score")
app_scoring = importlib.import_module("kurouge.space.scoring")
app_status = importlib.import_module("kurouge.space.status")
app_tables = importlib.import_module("kurouge.space.tables")
app_warnings = importlib.import_module("kurouge.space.notes")
rouge_languages = importlib.import_module("kurouge.languages")
rouge_significance = importlib.import_module("kurouge.stats.significance")
rouge_stemmers = importlib.import_module("kurouge.stemmers.registry")

FROM_LANGUAGE = app_scoring.FROM_LANGUAGE
# Raw text of each script the whitespace tokenizer cannot split, and the language the page proposes.
UNSEGMENTED = {
    "ja": ("今日は晴れです\n猫が窓の外を見ている", "今日は雨です\n猫が窓から外を見ている", "ja — Japanese"),
    "zh": ("今天天气很好\n我们明天去北京", "今天天气不错\n我们后天去北京", "zh — Chinese"),
    "th": ("ฉันชอบกินข้าวผัด\nวันนี้อากาศดี", "ฉันชอบกินข้าวมันไก่\nวันนี้อากาศร้อน", "th — Thai"),
}
PAGE_SCORE = app_status.with_status(app_score.score, 7, app_score.describe_scores, tables=(0, 2))


def page_score(predictions, references, **options):
    """The Score button with the page's defaults: its outputs and its status line."""
    settings = {
        "rouge_types": ["rouge1"],
        "tokenizer": FROM_LANGUAGE,
        "use_stemmer": False,
        "split_summaries": False,
        "bootstrap": False,
        "confidence_level": 0.95,
        "language": "",
        **options,
    }
    *outputs, status = PAGE_SCORE(predictions, references, None, *settings.values())
    return outputs, status


@pytest.mark.parametrize("code", list(UNSEGMENTED))
def test_unsegmented_text_with_the_defaults_warns_in_the_status_line(code):
    predictions, references, label = UNSEGMENTED[code]
    (summary, *_), status = page_score(predictions, references)
    assert "Scored 2 examples." in status
    assert f"These texts have no spaces between words; choose language {label}" in status
    assert "status-warning" in status
    # The proposed language gives words, and no warning.
    (summary, *_), status = page_score(predictions, references, language=code)
    assert "no spaces" not in status and "status-warning" not in status
    assert float(summary.data.iloc[0]["F"]) > 0


def test_the_tokenizer_follows_the_language_unless_one_is_picked():
    assert app_scoring.DEFAULT_TOKENIZER == FROM_LANGUAGE
    predictions, references, _ = UNSEGMENTED["ja"]
    outputs, status = page_score(predictions, references, language="ja")
    assert outputs[3].startswith("tok:ja-sudachi")
    outputs, status = page_score(predictions, references, language="ja", tokenizer="whitespace")
    assert outputs[3].startswith("tok:whitespace") and "choose language ja — Japanese" in status


def test_each_request_gets_its_own_warnings_when_requests_run_side_by_side():
    japanese, english = UNSEGMENTED["ja"][:2], ("the cat sat", "the cat ran")
    start = threading.Barrier(2)

    def run(texts):
        start.wait()
        return page_score(*texts)[1]

    with ThreadPoolExecutor(max_workers=2) as pool:
        for _ in range(10):
            warned, quiet = pool.map(run, [japanese, english])
            assert "no spaces" in warned and "status-warning" not in quiet


def test_a_second_identical_request_warns_too():
    for _ in range(2):
        assert "no spaces" in page_score(*UNSEGMENTED["th"][:2])[1]


def test_collected_sees_only_its_own_thread():
    outside = []
    with app_warnings.collected() as caught:
        thread = threading.Thread(target=lambda: outside.append(warnings.warn("elsewhere", stacklevel=1)))
        thread.start()
        thread.join()
        warnings.warn("here", stacklevel=1)
    assert caught == ["here"]


def test_other_warnings_show_as_they_are():
    assert app_warnings.page_words("n is small") == "Warning: n is small."
    # Warnings that name a language without proposing it for unsegmented text are not read as that.
    for message in (rouge_stemmers.no_stemmer_message("ja"), rouge_languages.often_mistaken_message("kr")):
        assert app_warnings.page_words(message) == f"Warning: {message}."


def test_inspect_says_when_its_tokenizer_cannot_split_the_text():
    page_inspect = app_status.with_status(
        app_inspect.inspect_pair, 4, lambda _: "Inspected.", box=app_warnings.TOKENIZER_BOX
    )
    *_, status = page_inspect("今日は晴れです", "今日は雨です", "whitespace", False)
    # Inspect has no language box: the advice names the tokenizer to choose in its own list.
    assert "Inspected." in status and 'choose tokenizer "ja"' in status
    assert "choose language" not in status and app_scoring.FROM_LANGUAGE not in status
    assert "ja" in app_inspect.registry.tokenizer_names()


def test_korean_with_a_whitespace_tokenizer_is_told_what_to_choose_on_the_page():
    page_inspect = app_status.with_status(
        app_inspect.inspect_pair, 4, lambda _: "Inspected.", box=app_warnings.TOKENIZER_BOX
    )
    *_, status = page_inspect("오늘은 날씨가 좋다", "오늘 날씨 좋다", "whitespace", False)
    assert 'choose tokenizer "ko"' in status
    _, status = page_score("오늘은 날씨가 좋다", "오늘 날씨 좋다", tokenizer="whitespace")
    assert "choose language ko — Korean" in status


def test_compare_shows_the_warnings_of_its_scoring_and_test():
    page_compare = app_status.with_status(
        app_compare_tab.compare_systems, 7, app_compare_tab.describe_comparison
    )
    baseline, system, references = "今日は雨\n猫", "今日は晴れです\n猫が見る", "今日は晴れです\n猫が見ている"
    *_, status = page_compare(baseline, system, references, None, ["rouge1"], FROM_LANGUAGE, "")
    assert "Compared 1 system with the baseline on 2 examples" in status
    assert "choose language ja — Japanese" in status


def test_compare_offers_the_test_compare_runs_by_default_first():
    default = app_compare.DEFAULT_METHOD
    assert default in rouge_significance.METHODS
    first = next(iter(app_compare.METHODS))
    assert app_compare.METHODS[first] == default
    assert inspect.signature(app_compare_tab.compare_systems).parameters["method"].default == first


def test_status_lines_count_in_words():
    _, status = page_score("a b", "a b")
    assert "Scored 1 example." in status


@pytest.mark.parametrize(
    ("language", "info"),
    [
        (None, "Porter, both metrics"),
        ("en", "kurenai_rouge: Snowball English; stock: Porter"),
        ("ru", "kurenai_rouge: Snowball Russian; stock: Porter"),
        ("hi", "kurenai_rouge: Hindi suffixes (Ramanathan and Rao); stock: Porter"),
        ("ja", "ja — Japanese has no stemmer"),
    ],
)
def test_the_stemmer_says_which_stemmer_it_uses(language, info):
    assert app_score.stemmer_info(language).startswith(info)


def test_a_long_message_is_cut():
    @app_status.user_errors
    def refuse():
        raise ValueError("bad value: " + "x" * 100_000)

    with pytest.raises(gr.Error) as raised:
        refuse()
    assert len(raised.value.message) < app_status.MESSAGE_CHARS + 100
    assert "(cut: 100,023 characters in all)" in raised.value.message


def test_a_table_over_the_styler_limit_still_shows():
    wide = pd.DataFrame({f"c{i}": [0.5] * 500 for i in range(600)})
    gr.Dataframe().postprocess(app_tables.four_decimals(wide))
    assert isinstance(app_tables.four_decimals(pd.DataFrame({"F": [0.5]})), Styler)  # a small one: 0.5000


def test_compare_warns_of_the_examples_it_was_given_and_of_nothing_else():
    """The few-examples warning counts the user's examples (not two placeholder ones), and is
    absent when the examples can show a difference, as on the tab's own preloaded examples."""
    page_compare = app_status.with_status(
        app_compare_tab.compare_systems, 7, app_compare_tab.describe_comparison
    )
    baseline, system, references = "a b\nc d\ne f", "a b x\nc d x\ne f x", "a b y\nc d z\ne f w"
    summary, *_, status = page_compare(baseline, system, references, None, ["rouge1"], "whitespace", "")
    assert "with 3 examples no paired test" in status and "0.25" in status
    assert "with 2 examples" not in status
    preloaded = (app_compare.EXAMPLE_BASELINE, app_compare.EXAMPLE_SYSTEM, app_compare.EXAMPLE_REFERENCES)
    *_, status = page_compare(*preloaded, None, ["rouge1"], FROM_LANGUAGE, "")
    assert "no paired test" not in status and "⚠" not in status


def test_compare_through_the_space_api_does_not_warn_of_placeholder_examples():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app_compare_tab.compare_systems(
            app_compare.EXAMPLE_BASELINE, app_compare.EXAMPLE_SYSTEM, app_compare.EXAMPLE_REFERENCES
        )
    assert not [w for w in caught if issubclass(w.category, rouge_significance.FewExamplesWarning)]
