"""rouge_languages: an English name for every language code the metric accepts."""

from kurouge.languages import LANGUAGE_NAMES, language_label
from kurouge.tokenizers.registry import LANGUAGES


def test_every_language_code_has_a_name_and_no_other_code_does():
    assert list(LANGUAGE_NAMES) == list(LANGUAGES)
    assert all(name and name[0].isupper() and ";" not in name for name in LANGUAGE_NAMES.values())


def test_label_is_code_and_name():
    assert language_label("ja") == "ja — Japanese"
    assert language_label("km") == "km — Khmer"
    assert language_label("xx") == "xx"
