"""language=: the tokenizer it picks, the Lao, Khmer and Burmese segmenters, the unsegmented-text
warning for Thai, Lao, Khmer and Burmese, and the sentence enders of scripts beyond CJK and English.

Every sentence was written by the team for these tests; expected tokens and scores are worked out by
hand in the comments.
"""

import json
import warnings

import pytest
from conftest import REPO

from kurouge.cli import main as rouge_cli
from kurouge.languages import LANGUAGE_NAMES, LanguageCodeWarning
from kurouge.settings import get_tokenizer
from kurouge.stemmers.registry import NoStemmerWarning
from kurouge.tokenizers.registry import LANGUAGE_TOKENIZERS, LANGUAGES, TOKENIZERS
from kurouge.tokenizers.sentences import split_sentences
from kurouge.tokenizers.unsegmented import UnsegmentedTextWarning

SEGMENTERS = ["ja", "zh", "ko", "th", "lo", "km", "my"]


def compute(rouge, prediction, reference, **options):
    return rouge.compute(predictions=[prediction], references=[reference], **options)


def no_stemmer_warning(rouge):
    """The metric's NoStemmerWarning: evaluate imports the module from its own copy."""
    return NoStemmerWarning


# --- the tokenizer each language picks ---------------------------------------------------------------


def test_languages_are_the_iso_639_1_codes():
    assert len(LANGUAGES) == len(set(LANGUAGES)) == 183
    assert all(len(code) == 2 and code.islower() for code in LANGUAGES)
    assert {"en", "ru", "ar", "hi", "bn", "vi", "fa", "si", "am", "hy"} <= set(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_picks_its_segmenter_or_word(language):
    expected = language if language in SEGMENTERS else "word"
    assert LANGUAGE_TOKENIZERS[language] == expected
    assert expected in TOKENIZERS


@pytest.mark.parametrize("language", SEGMENTERS + ["ru", "hi"])
def test_get_tokenizer_with_a_language(language):
    expected = get_tokenizer(LANGUAGE_TOKENIZERS[language]).signature
    assert get_tokenizer(None, language=language).signature == expected


def test_an_explicit_tokenizer_wins_over_the_language():
    assert get_tokenizer("whitespace", language="ja").signature == "whitespace[invisible-dropped]"


def test_no_language_is_the_whitespace_tokenizer(rouge):
    predictions, references = ["The cat, sat.", "今日 は 晴れ"], ["the cat sat", "今日 は 雨"]
    without = rouge.compute(predictions=predictions, references=references, return_signature=True)
    with_none = rouge.compute(
        predictions=predictions, references=references, return_signature=True, language=None
    )
    assert with_none == without
    assert without["signature"].startswith("tok:whitespace[invisible-dropped]|stem:no|")


@pytest.mark.parametrize(
    ("typed", "meant"), [("jp", "ja"), ("cn", "zh"), ("jap", "ja"), ("zh-CN", "zh"), ("english", "en")]
)
def test_a_near_miss_of_a_language_code_suggests_the_code(rouge, typed, meant):
    with pytest.raises(ValueError) as error:
        compute(rouge, "a", "a", language=typed)
    name = LANGUAGE_NAMES[meant]
    assert str(error.value).startswith(
        f"language={typed!r} is not an ISO 639-1 code; did you mean language={meant!r} ({name})? "
        "(every code: kurouge.languages.LANGUAGE_NAMES)"
    )
    assert len(str(error.value)) < 200  # the 183 codes were listed after the suggestion (5 KB)


def test_an_unknown_language_lists_the_codes_with_their_names():
    with pytest.raises(
        ValueError, match=r"^language='xx' is not an ISO 639-1 code; choose one of: aa — Afar, "
    ):
        get_tokenizer(None, language="xx")
    with pytest.raises(ValueError, match=r"^language=5 is not an ISO 639-1 code; choose one of: aa — Afar, "):
        get_tokenizer(None, language=5)


@pytest.mark.parametrize("language", ["ja", "zh", "ko", "th", "lo", "vi"])
def test_stemming_in_a_language_without_a_stemmer_scores_unstemmed_with_one_warning(rouge, language):
    # Scripts such as transformers' run_summarization.py pass use_stemmer=True whatever the language.
    prediction, reference = "running dogs 走った", "the dogs run 走る"
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        stemmed = compute(
            rouge, prediction, reference, language=language, use_stemmer=True, return_signature=True
        )
    messages = [str(r.message) for r in records if issubclass(r.category, no_stemmer_warning(rouge))]
    assert len(messages) == 1
    assert messages[0].startswith(
        f"language={language!r} ({LANGUAGE_NAMES[language]}) has no stemmer: use_stemmer=True changes nothing"
    )
    plain = compute(rouge, prediction, reference, language=language, return_signature=True)
    signature = stemmed.pop("signature")
    assert "|stem:none|" in signature
    assert signature.replace("|stem:none|", "|stem:no|") == plain.pop("signature")
    assert stemmed == plain


def test_compare_warns_once_of_a_missing_stemmer(rouge):
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        result = rouge.compare(
            predictions=["犬 走る", "猫 寝る"], baseline=["犬", "猫"], references=["犬 走る", "猫"],
            language="ja", use_stemmer=True, return_signature=True, n_samples=99,
        )  # fmt: skip
    assert len([r for r in records if issubclass(r.category, no_stemmer_warning(rouge))]) == 1
    assert "|stem:none|" in result["signature"]


@pytest.mark.parametrize(
    ("spec", "language"), [(None, "vi"), ("word", "vi"), ("whitespace", "ja"), (None, "ja")]
)
def test_get_tokenizer_without_a_stemmer_warns_once_and_does_not_stem(spec, language):
    # The same rule as compute()'s: one NoStemmerWarning, pointing at this call, and no stemming.
    text = "running dogs chạy 走った"
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        stemmed = get_tokenizer(spec, use_stemmer=True, language=language)
    assert [(r.category, r.filename) for r in records] == [(NoStemmerWarning, __file__)]
    assert str(records[0].message).startswith(f"language={language!r} ({LANGUAGE_NAMES[language]}) has no")
    plain = get_tokenizer(spec, language=language)
    assert stemmed.tokenize(text) == plain.tokenize(text)
    assert "running" in stemmed.tokenize(text)
    assert stemmed.signature == plain.signature


def language_code_warning(rouge):
    """The metric's LanguageCodeWarning (from evaluate's copy of the module)."""
    return LanguageCodeWarning


@pytest.mark.parametrize(
    ("code", "name", "meant", "meant_code"),
    [("kr", "Kanuri", "Korean", "ko"), ("se", "Northern Sami", "Swedish", "sv")],
)
def test_a_code_often_typed_for_another_language_warns_naming_both(rouge, code, name, meant, meant_code):
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        result = compute(rouge, "a b", "a c", language=code, return_signature=True)
    [record] = [r for r in records if issubclass(r.category, language_code_warning(rouge))]
    assert record.filename == __file__
    message = str(record.message)
    assert message.startswith(f"language={code!r} is {name}, not {meant}")
    assert f"{meant} is language={meant_code!r}" in message and "LanguageCodeWarning" in message
    assert f"|lang:{code}({name.replace(' ', '_')})|" in result["signature"]
    # Silenced by its category or by its message (as the docs say), the score is the same.
    for ignore in ({"category": language_code_warning(rouge)}, {"message": f"language='{code}' is {name}"}):
        with warnings.catch_warnings(record=True) as records:
            warnings.simplefilter("always")
            warnings.filterwarnings("ignore", **ignore)
            assert compute(rouge, "a b", "a c", language=code, return_signature=True) == result
        assert not records


@pytest.mark.parametrize("language", [None, "ko", "sv", "en", "ee", "si"])
def test_other_codes_do_not_warn_of_a_mistaken_code(rouge, language):
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        compute(rouge, "a b", "a c", language=language)
    assert not [r for r in records if issubclass(r.category, language_code_warning(rouge))]


def test_compare_warns_of_a_mistaken_code_once_per_call(rouge):
    # Under the default filter: compare scores each system, every warning points at the one call.
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("default")
        rouge.compare(
            predictions={"x": ["a b", "c d"], "y": ["a", "c"]}, baseline=["b", "d"], references=["a b", "c"],
            language="kr", n_samples=99,
        )  # fmt: skip
    assert len([r for r in records if issubclass(r.category, language_code_warning(rouge))]) == 1


def test_rouge_score_tokenizer_does_not_stem_in_a_language():
    with pytest.raises(ValueError, match="rouge-score's own Porter rule"):
        get_tokenizer("rouge-score", use_stemmer=True, language="en")


def test_stemming_in_the_language(rouge):
    # Russian Snowball: собаки and собака both stem to собак, so with stemming the words match.
    prediction, reference = "Собаки бегут.", "Собака бежит!"
    plain = compute(rouge, prediction, reference, rouge_types=["rouge1"], language="ru")
    stemmed = compute(
        rouge, prediction, reference, rouge_types=["rouge1"], language="ru", use_stemmer=True,
        return_signature=True,
    )  # fmt: skip
    assert plain == {"rouge1": 0.0}
    assert stemmed["rouge1"] > 0
    assert "|lang:ru(Russian)|stem:snowball-russian[pystemmer-" in stemmed["signature"]


def test_score_examples_takes_the_language(rouge):
    result = rouge.score_examples(["мир, «мир» мир!"], ["мир мир мир"], rouge_types=["rouge1"], language="ru")
    assert result == {"rouge1": [1.0]}


def test_command_line_language(tmp_path, capsys):
    (tmp_path / "p.txt").write_text("мир, «мир» мир!\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("мир мир мир\n", encoding="utf-8")
    argv = ["--predictions", str(tmp_path / "p.txt"), "--references", str(tmp_path / "r.txt")]
    assert rouge_cli.main([*argv, "--rouge-types", "rouge1", "--language", "ru"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["rouge1"] == 1.0
    assert "|lang:ru(Russian)|" in result["signature"]


# --- Lao, Khmer and Burmese --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "text", "expected"),
    [
        # "I eat sticky rice": I / eat / sticky rice (ໜ is NFKC's ຫນ).
        ("lo", "ຂ້ອຍກິນເຂົ້າໜຽວ", ["ຂ້ອຍ", "ກິນ", "ເຂົ້າຫນຽວ"]),
        # "I love Cambodia.": I / love / country / Cambodia; the khan ។ is dropped.
        ("km", "ខ្ញុំស្រឡាញ់ប្រទេសកម្ពុជា។", ["ខ្ញុំ", "ស្រឡាញ់", "ប្រទេស", "កម្ពុជា"]),
        # "Myanmar is in South-East Asia.": the section mark ။ is dropped.
        (
            "my",
            "မြန်မာနိုင်ငံသည် အရှေ့တောင်အာရှတွင် တည်ရှိသည်။",
            ["မြန်မာနိုင်ငံ", "သည်", "အရှေ့တောင်", "အာရှ", "တွင်", "တည်ရှိ", "သည်"],
        ),
    ],
)
def test_segmenter_words(language, text, expected):
    assert get_tokenizer(None, language=language).tokenize(text) == expected


@pytest.mark.parametrize(
    ("language", "prediction", "reference", "rouge1"),
    [
        # ຂ້ອຍ / ກິນ shared, sticky rice against plain rice differs: 2 of 3 each.
        ("lo", "ຂ້ອຍກິນເຂົ້າໜຽວ", "ຂ້ອຍກິນເຂົ້າຈ້າວ", 2 / 3),
        # I / love shared; country Cambodia against Khmer language: 2 of 4 each.
        ("km", "ខ្ញុំស្រឡាញ់ប្រទេសកម្ពុជា", "ខ្ញុំស្រឡាញ់ភាសាខ្មែរ", 0.5),
        # "I have eaten" (I / eat-rice / done / done) against "I have not eaten yet" (I / rice / not /
        # eat / get / yet / not): only ကျွန်တော် is shared, 1 of 4 and 1 of 7, F 2/11.
        ("my", "ကျွန်တော်ထမင်းစားပြီးပြီ", "ကျွန်တော်ထမင်းမစားရသေးဘူး", 2 / 11),
    ],
)
def test_segmenter_scores(rouge, language, prediction, reference, rouge1):
    result = compute(rouge, prediction, reference, rouge_types=["rouge1"], language=language)
    assert result["rouge1"] == pytest.approx(rouge1, abs=1e-15)
    # The whitespace tokenizer sees one token per text: nothing is shared.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert compute(rouge, prediction, reference, rouge_types=["rouge1"]) == {"rouge1": 0.0}


# --- the unsegmented-text warning for Thai, Lao, Khmer and Burmese ------------------------------------

RAW = {
    "th": "ฉันชอบกินข้าวผัดมาก",
    "lo": "ຂ້ອຍກິນເຂົ້າໜຽວ",
    "km": "ខ្ញុំស្រឡាញ់ប្រទេសកម្ពុជា",
    "my": "ကျွန်တော်ထမင်းစားပြီးပြီ",
}
NAMES = {"th": "Thai", "lo": "Lao", "km": "Khmer", "my": "Burmese"}


def caught(rouge, text, **options):
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        compute(rouge, text, text, rouge_types=["rouge1"], **options)
    category = UnsegmentedTextWarning
    return [str(r.message) for r in records if issubclass(r.category, category)]


@pytest.mark.parametrize("language", list(RAW))
@pytest.mark.parametrize("name", ["whitespace", "word", "cjk"])
def test_warns_about_unsegmented_text(rouge, language, name):
    messages = caught(rouge, RAW[language], tokenizer=name)
    assert len(messages) == 1
    assert messages[0].startswith(
        f"the texts look like {NAMES[language]} written without spaces: the {name} "
    )
    assert f"tokenizer={language!r}, tokenizer='char', or language={language!r}" in messages[0]


@pytest.mark.parametrize("language", list(RAW))
def test_no_warning_with_the_segmenter_or_char(rouge, language):
    assert caught(rouge, RAW[language], language=language) == []
    assert caught(rouge, RAW[language], tokenizer="char") == []


@pytest.mark.parametrize("language", list(RAW))
def test_no_warning_for_segmented_text(rouge, language):
    segmented = " ".join(get_tokenizer(language).tokenize(RAW[language]))
    assert caught(rouge, segmented) == []


# --- sentence enders --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Hindi: danda ends a sentence; the double danda ends a verse.
        ("आज बारिश हुई। कल धूप होगी।", ["आज बारिश हुई।", "कल धूप होगी।"]),
        ("राम नाम सत्य है॥ सब ठीक है।", ["राम नाम सत्य है॥", "सब ठीक है।"]),
        # Bengali danda, no space after it.
        ("আমি ভাত খাই।তুমি কী খাও?", ["আমি ভাত খাই।", "তুমি কী খাও?"]),
        # Arabic question mark and an ASCII full stop after Arabic.
        ("هل أنت بخير؟ نعم أنا بخير.", ["هل أنت بخير؟", "نعم أنا بخير."]),
        # Urdu full stop (U+06D4).
        ("میں گھر گیا۔ وہ سو گیا۔", ["میں گھر گیا۔", "وہ سو گیا۔"]),
        # Burmese: the section mark ။ ends a sentence, the little section mark ၊ is a comma.
        ("ကျွန်တော် စားပြီ၊ သူ မစားသေး။ ဒါပဲ။", ["ကျွန်တော် စားပြီ၊ သူ မစားသေး။", "ဒါပဲ။"]),
        # Khmer khan and bariyoosan.
        ("ខ្ញុំទៅផ្សារ។ គាត់នៅផ្ទះ៕", ["ខ្ញុំទៅផ្សារ។", "គាត់នៅផ្ទះ៕"]),
        # Armenian full stop (U+0589).
        ("Ես գնացի տուն։ Նա քնեց։", ["Ես գնացի տուն։", "Նա քնեց։"]),
        # Amharic full stop and question mark.
        ("ሰላም ነው። እንዴት ነህ፧ ደህና ነኝ።", ["ሰላም ነው።", "እንዴት ነህ፧", "ደህና ነኝ።"]),
        # Tibetan shad.
        ("ང་བོད་པ་ཡིན། ཁོ་རྒྱ་མི་ཡིན།", ["ང་བོད་པ་ཡིན།", "ཁོ་རྒྱ་མི་ཡིན།"]),
        # Thai has no sentence punctuation: a line is one sentence.
        ("ฉันกินข้าว แล้วฉันก็นอน", ["ฉันกินข้าว แล้วฉันก็นอน"]),
    ],
)
def test_script_sentence_enders(text, expected):
    assert split_sentences(text, split_summaries=True) == expected


def test_split_summaries_in_hindi(rouge):
    # Two sentences in reverse order: rougeLsum finds both when the danda splits them.
    prediction, reference = "आज बारिश हुई। कल धूप होगी।", "कल धूप होगी। आज बारिश हुई।"
    whole = compute(rouge, prediction, reference, language="hi", rouge_types=["rougeLsum"])
    split = compute(
        rouge, prediction, reference, language="hi", rouge_types=["rougeLsum"], split_summaries=True
    )
    assert split == {"rougeLsum": 1.0}
    assert whole["rougeLsum"] < 1.0


# --- docs/languages.md's table --------------------------------------------------------------------------


def readme_rows():
    """(code, text, picked, tokens, whitespace tokens) of each row of "Which tokenizer for my language?"."""
    text = (REPO / "docs" / "languages.md").read_text(encoding="utf-8")
    section = text.split("# Which tokenizer for my language?")[1].split("\n## ")[0]
    rows = [line.split(" | ") for line in section.splitlines() if line.startswith("| ") and "`" in line]
    parsed = []
    for _, code, _, sample, picked, whitespace in rows[1:]:
        name, tokens = picked.split(": ", 1)
        parsed.append(
            (
                code.strip("`"),
                sample,
                name.strip("`"),
                tokens.split(" · "),
                whitespace.rstrip(" |").split(" · "),
            )
        )
    return parsed


def test_the_readme_table_covers_40_languages():
    rows = readme_rows()
    assert len(rows) >= 40
    assert len({code for code, *_ in rows}) == len(rows)


@pytest.mark.parametrize(("code", "sample", "picked", "tokens", "whitespace"), readme_rows())
def test_the_readme_table_is_what_the_tokenizers_give(code, sample, picked, tokens, whitespace):
    assert LANGUAGE_TOKENIZERS[code] == picked
    assert get_tokenizer(None, language=code).tokenize(sample) == tokens
    assert get_tokenizer(None).tokenize(sample) == whitespace
