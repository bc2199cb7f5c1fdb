"""compare_implementations: every implementation that applies to a language, side by side."""

import json
import subprocess
import sys
import warnings

import pytest

import kurouge
from kurouge.audit import audit_runs

PREDICTIONS = {
    "ja": ["東京は晴れです。明日も晴れ", "様々な日本語の文章"],
    "zh": ["今天天气很好，我们去公园。", "增长了12%"],
    "en": ["The U.S. said it would act; officials agreed.", "a co-op of cats"],
}
REFERENCES = {
    "ja": ["東京は雨です。明日は晴れ", "日本語の文章はいろいろ"],
    "zh": ["今天天气不错", "增长12%"],
    "en": ["the u.s. says it will act. Officials agree", "The co-op sells cats."],
}


COMMON = ["kurenai_rouge", "rouge-score", "ROUGE-1.5.5"]
TOOLS = ["rouge-chinese", "rouge"]
PIPELINES = ["llama-factory", "opencompass"]


@pytest.mark.parametrize(
    ("language", "names"),
    [
        (None, [*COMMON, *TOOLS, *PIPELINES]),
        ("ja", [*COMMON, "xlsum", "ja-mecab", *TOOLS, "sumeval", *PIPELINES]),
        ("zh", [*COMMON, "xlsum", *TOOLS, "sumeval", *PIPELINES, "longbench"]),
        ("ko", [*COMMON, "xlsum", *TOOLS, *PIPELINES]),
    ],
)
def test_the_implementations_that_apply_to_a_language(language, names):
    assert [name for name, _ in audit_runs(language)] == names


@pytest.mark.parametrize("language", ["ja", "zh", "en"])
def test_each_row_is_that_implementations_score_on_one_scale(language):
    predictions, references = PREDICTIONS[language], REFERENCES[language]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        audit = kurouge.compare_implementations(predictions, references, language=language)
        for row, (name, options) in zip(audit["rows"], audit_runs(language), strict=True):
            assert row["implementation"] == name
            result = kurouge.score(predictions, references, return_signature=True, **options)
            scale = 1 if name in ("llama-factory", "opencompass") else 100
            rouge_l = "rougeLsum" if name == "ROUGE-1.5.5" else "rougeL"
            assert row["rougeL"] == result[rouge_l] * scale
            if name != "longbench":  # LongBench prints rougeL only
                assert (row["rouge1"], row["rouge2"]) == (result["rouge1"] * scale, result["rouge2"] * scale)
            assert row["signature"] == result["signature"]
    for rouge_type, spread in audit["spread"].items():
        values = [row[rouge_type] for row in audit["rows"] if rouge_type in row]
        assert spread == max(values) - min(values)
    assert audit["spread"]["rouge1"] > 0  # the tools disagree on these texts


def test_a_tool_that_cannot_score_the_texts_gets_its_error_and_the_others_their_numbers():
    audit = kurouge.compare_implementations(["", "東京"], ["東京", "東京"], language="ja")
    rows = {row["implementation"]: row for row in audit["rows"]}
    assert "Hypothesis is empty" in rows["rouge-chinese"]["error"]
    assert "Hypothesis is empty" in rows["rouge"]["error"]
    assert rows["sumeval"]["rouge1"] == 50.0
    assert "rouge1" not in rows["rouge"]


def test_a_bad_input_is_an_error_not_a_table():
    with pytest.raises(ValueError, match="predictions and references"):
        kurouge.compare_implementations(["a"], ["a", "b"])
    with pytest.raises(ValueError, match="language"):
        kurouge.compare_implementations(["a"], ["a"], language="klingon")


def cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "kurouge", *args], capture_output=True, text=True, timeout=300
    )


def files(tmp_path, language):
    predictions, references = tmp_path / "p.txt", tmp_path / "r.txt"
    predictions.write_text("".join(line + "\n" for line in PREDICTIONS[language]), encoding="utf-8")
    references.write_text("".join(line + "\n" for line in REFERENCES[language]), encoding="utf-8")
    return ["--predictions", str(predictions), "--references", str(references)]


def test_the_command_line_audit_is_compare_implementations(tmp_path):
    expected = kurouge.compare_implementations(PREDICTIONS["zh"], REFERENCES["zh"], language="zh")
    result = cli(*files(tmp_path, "zh"), "--audit", "--language", "zh")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == expected
    table = cli(
        *files(tmp_path, "zh"), "--audit", "--language", "zh", "--format", "table"
    ).stdout.splitlines()
    assert table[0].split() == ["implementation", "rouge1", "rouge2", "rougeL"]
    rows = {line.split()[0]: line.split()[1:] for line in table[1:12]}
    for row in expected["rows"]:
        assert rows[row["implementation"]] == [
            f"{row[t]:.2f}" if t in row else "-" for t in ("rouge1", "rouge2", "rougeL")
        ]
    assert rows["spread"] == [f"{expected['spread'][t]:.2f}" for t in ("rouge1", "rouge2", "rougeL")]


def test_the_command_line_scores_by_implementation(tmp_path):
    result = cli(*files(tmp_path, "ja"), "--implementation", "sumeval", "--language", "ja")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == kurouge.score(
        PREDICTIONS["ja"], REFERENCES["ja"], implementation="sumeval", language="ja", return_signature=True
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--audit", "--use-stemmer"], "--audit scores one --predictions file under each tool's own options"),
        (["--audit", "--rouge155", "-n 2"], "drop --rouge155"),
        (["--audit", "--format", "csv"], "--audit prints a table (--format table) or json"),
        (["--implementation", "nope"], "--implementation nope is not known"),
        (["--implementation", "sumeval", "--language", "ja", "--format", "csv"], "prints F only"),
        (["--implementation", "rouge", "--rouge155", "-n 2"], "drop --implementation rouge"),
        (["--implementation", "ROUGE-1.5.5"], '--rouge155 "-n 2 -a"'),
    ],
)
def test_the_command_lines_errors(tmp_path, args, message):
    result = cli(*files(tmp_path, "ja"), *args)
    assert result.returncode == 2
    assert message in result.stderr


def test_the_spaces_tab_refuses_what_would_take_too_long_and_shows_the_audit():
    import gradio as gr

    from kurouge.space import audit_tab

    (frame,) = audit_tab.audit.__wrapped__("今天天气很好", "今天天气不错", "zh")
    expected = kurouge.compare_implementations(["今天天气很好"], ["今天天气不错"], language="zh")
    assert list(frame["tool"]) == [*(row["implementation"] for row in expected["rows"]), "spread"]
    assert list(frame.iloc[-1, 1:4]) == list(expected["spread"].values())
    with pytest.raises(gr.Error, match="this tab takes 2,000 a text"):
        audit_tab.audit.__wrapped__("a" * 2_001, "a", "")
    lines = "\n".join(["a" * 1_000] * 26)
    with pytest.raises(gr.Error, match="52,000 characters; this tab takes 50,000 in all"):
        audit_tab.audit.__wrapped__(lines, lines, "")
    with pytest.raises(gr.Error, match="nothing to score"):
        audit_tab.audit.__wrapped__("", "", "")
