"""Write numbers.json: compute(), compare() and rouge155= over an option grid, through evaluate.load.

Made by main 292a828 (before the code became the kurouge package) with

    python tests/golden/make_numbers.py kurenai_rouge.py tests/golden/numbers.json

and held equal (``==``) by tests/test_golden.py, so that moving code changes no number. It calls only
the metric's public surface (``evaluate.load`` of the script, ``compute``, ``compare``), which is the
same before and after the move. Every text is written here. An option set the metric refuses is
recorded as the error's class name; warnings are not recorded.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import warnings
from typing import Any

TEXTS: dict[str, tuple[list[str], list[Any]]] = {
    "en": (
        [
            "The cat sat on the mat.",
            "Dogs were running in the park, and they barked loudly!",
            "Mr. Smith went to Washington.\nHe met the U.S. president at 3.15 p.m.",
            "",
            "the the the cat",
            "Prices rose 3.5% in 2024; analysts expected 3%.",
        ],
        [
            "A cat was sitting on the mat",
            "The dogs ran in the park. They barked.",
            "Mr. Smith travelled to Washington. He met the president.",
            "nothing was said",
            "the cat the cat",
            "Prices rose by 3.5% in 2024, more than the 3% analysts expected.",
        ],
    ),
    "ja": (
        [
            "今日は晴れです。明日は雨が降るでしょう。",
            "選挙管理委員会が結果を発表した",
            "東京都で新しい美術館が開館しました",
            "ＡＩの研究が進んでいる。",
        ],
        [
            "今日は雨です。明日も雨でしょう。",
            "選挙委員会は結果を発表しました",
            "東京に新しい博物館がオープンした",
            "AIの研究は進む",
        ],
    ),
    "zh": (
        [
            "今天天气很好，我们去公园散步吧。",
            "利润率增长247%，超过市场预期。",
            "北京大学的学生参加了比赛",
        ],
        [
            "今天天气不错，我们去公园走走。",
            "利润率增长了247，高于预期",
            "清华大学的学生参加了比赛",
        ],
    ),
    "ko": (
        ["오늘은 날씨가 맑습니다", "학생들이 도서관에서 공부하고 있었다"],
        ["오늘 날씨는 맑다", "학생들은 도서관에서 공부했다"],
    ),
    "th": (
        ["วันนี้อากาศดีมาก", "ฉันไปโรงเรียนทุกวัน"],
        ["วันนี้อากาศดี", "ฉันไปโรงเรียนทุกวันจันทร์"],
    ),
    "lo": (["ມື້ນີ້ອາກາດດີຫຼາຍ"], ["ມື້ນີ້ອາກາດດີ"]),
    "km": (["ថ្ងៃនេះអាកាសធាតុល្អណាស់"], ["ថ្ងៃនេះអាកាសធាតុល្អ"]),
    "my": (["ဒီနေ့ရာသီဥတုကောင်းတယ်"], ["ဒီနေ့ရာသီဥတုအရမ်းကောင်းတယ်"]),
    "ru": (
        ["Кошки сидели на ковриках.", "Мы читали интересные книги"],
        ["Кошка сидела на коврике", "Мы читаем интересную книгу."],
    ),
    "hi": (["लड़कों ने किताबें पढ़ीं"], ["लड़का किताब पढ़ता है"]),
    "tr": (["Kitapları okuyorum", "Evlerimizde oturuyoruz"], ["Kitabı okudum", "Evimizde oturduk"]),
    "ar": (["ذهب الطالب إلى المدرسة"], ["ذهب الطلاب إلى المدرسة صباحا"]),
    "bn": (["ছেলেরা স্কুলে যাচ্ছে"], ["ছেলেটি স্কুলে গেল"]),
    "fr": (["il va à Paris demain", "Les enfants jouaient"], ["il va Paris", "L'enfant joue dehors"]),
    "multi": (
        ["the cat sat on the mat", "a quick brown fox", "今日 は 晴れ"],
        [
            ["a cat sat on a mat", "the cat was on the mat"],
            ["the quick brown fox jumps", "a fox"],
            ["今日 は 雨", "明日 は 晴れ"],
        ],
    ),
}

TYPES = {
    "default": None,
    "family": ["rouge1", "rouge3", "rougeL", "rougeLsum", "rougeW", "rougeS4", "rougeSU*"],
}

# (text set, options) pairs: every tokenizer on its language, every language without a tokenizer,
# stemming, sentence splitting, multi-reference modes, detail, bootstrap and both engines.
TOKENIZERS = {
    "en": [None, "whitespace", "rouge-score", "word", "char", "cjk", "xlsum", "xlsum-segmented"],
    "ja": [None, "word", "char", "cjk", "ja", "ja-sudachi-b", "ja-sudachi-c", "ja-mecab", "ja-fugashi"],
    "zh": [None, "char", "cjk", "zh"],
    "ko": [None, "word", "char", "ko"],
    "th": [None, "char", "th"],
    "lo": ["lo"],
    "km": ["km"],
    "my": ["my"],
    "multi": [None, "word", "cjk"],
}
LANGUAGE_RUNS = {
    "en": ["en"],
    "ja": ["ja"],
    "zh": ["zh"],
    "ko": ["ko"],
    "th": ["th"],
    "lo": ["lo"],
    "km": ["km"],
    "my": ["my"],
    "ru": ["ru"],
    "hi": ["hi"],
    "tr": ["tr"],
    "ar": ["ar"],
    "bn": ["bn"],
    "fr": ["fr", None],
}
PRESET_LANGUAGES = {"xlsum": ["en", "ja", "zh", "th", "my", "ru", "hi", "tr", "bn"]}
ROUGE155_FLAGS = [
    "-c 95 -r 1000 -n 2 -a -m",
    "-c 95 -r 1000 -n 2 -a",
    "-n 4 -w 1.2 -2 4 -u -a -m",
    "-n 2 -s -a -m",
    "-n 2 -2 -1 -U -a -f B -p 0.3",
    "-n 1 -x -t 1 -a",
    "-n 2 -l 5 -a",
    "-n 2 -b 20 -a -m",
    "-n 2 -d -a",
]


def option_sets() -> list[tuple[str, dict[str, Any]]]:
    """Every (text set, compute options) of the grid, in a fixed order."""
    runs: list[tuple[str, dict[str, Any]]] = []
    for texts, tokenizers in TOKENIZERS.items():
        for tokenizer in tokenizers:
            for types in TYPES:
                for stem in (False, True):
                    runs.append((texts, {"tokenizer": tokenizer, "rouge_types": types, "use_stemmer": stem}))
    for texts, languages in LANGUAGE_RUNS.items():
        for language in languages:
            for stem in (False, True):
                runs.append((texts, {"language": language, "use_stemmer": stem, "rouge_types": "family"}))
    for preset, languages in PRESET_LANGUAGES.items():
        for language in languages:
            for stem in (False, True):
                runs.append((language, {"tokenizer": preset, "language": language, "use_stemmer": stem}))
    runs.append(("en", {"tokenizer": "rouge-score", "language": "en", "use_stemmer": True}))
    for texts in ("en", "ja", "multi"):
        for split in (False, True):
            for multi_ref in ("best", "avg"):
                for engine in ("fast", "kurenai"):
                    runs.append(
                        (
                            texts,
                            {
                                "split_summaries": split,
                                "multi_ref": multi_ref,
                                "engine": engine,
                                "detailed": True,
                                "tokenizer": "cjk" if texts == "ja" else None,
                            },
                        )
                    )
        runs.append((texts, {"bootstrap": True, "detailed": True, "seed": 7, "n_samples": 500}))
        runs.append((texts, {"bootstrap": True, "confidence_level": 0.9, "tokenizer": "word"}))
    return runs


def call(function: Any, **options: Any) -> Any:
    """``function(**options)``, or the name of the error it raises."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return function(**options)
    except Exception as error:  # the grid records refusals as they are
        return {"error": type(error).__name__}


def make(metric_path: str) -> dict[str, Any]:
    """The golden values of the metric at ``metric_path``."""
    import evaluate

    rouge = evaluate.load(metric_path)
    compute_rows = []
    for texts, options in option_sets():
        predictions, references = TEXTS[texts]
        options = dict(options)
        options["rouge_types"] = TYPES[options.get("rouge_types", "default")]
        row = {"texts": texts, "options": {k: v for k, v in options.items() if v is not None}}
        for aggregate in (True, False):
            key = "aggregated" if aggregate else "per_example"
            row[key] = call(
                rouge.compute,
                predictions=predictions,
                references=references,
                use_aggregator=aggregate,
                **options,
            )
        compute_rows.append(row)
    rouge155_rows = []
    for texts in ("en", "multi"):
        predictions, references = TEXTS[texts]
        for flags in ROUGE155_FLAGS:
            row = {"texts": texts, "flags": flags}
            for aggregate in (True, False):
                key = "aggregated" if aggregate else "per_example"
                row[key] = call(
                    rouge.compute,
                    predictions=[p.replace(". ", ".\n") for p in predictions],
                    references=references,
                    rouge155=flags,
                    use_aggregator=aggregate,
                    detailed=True,
                )
            rouge155_rows.append(row)
    en_predictions, en_references = TEXTS["en"]
    systems = {
        "shuffled": list(reversed(en_predictions)),
        "copied": list(en_references),
    }
    compare_options = [
        {"method": "permutation"},
        {"method": "bootstrap", "n_samples": 2000, "seed": 3},
        {"method": "permutation", "correction": "holm", "detailed": True, "tokenizer": "word"},
        {"method": "bootstrap", "confidence_level": 0.9, "rouge_types": ["rouge1", "rougeW"]},
    ]
    compare_rows = []
    for options in compare_options:
        for predictions in (systems["copied"], systems):
            compare_rows.append(
                {
                    "options": options,
                    "several": isinstance(predictions, dict),
                    "result": call(
                        rouge.compare,
                        predictions=predictions,
                        baseline=en_predictions,
                        references=en_references,
                        **options,
                    ),
                }
            )
    return {"compute": compute_rows, "rouge155": rouge155_rows, "compare": compare_rows}


def main() -> None:
    """``make_numbers.py METRIC_SCRIPT OUTPUT``."""
    metric_path, output = sys.argv[1], sys.argv[2]
    os.environ.setdefault("HF_MODULES_CACHE", tempfile.mkdtemp(prefix="golden_modules_"))
    golden = make(os.path.abspath(metric_path))
    with open(output, "w", encoding="utf-8") as handle:
        json.dump(golden, handle, ensure_ascii=False, indent=0, sort_keys=True)
        handle.write("\n")


if __name__ == "__main__":
    main()
