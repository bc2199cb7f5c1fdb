"""Korean given to a tokenizer that keeps its particles on the words gets a hint naming ``ko`` (issue 31).

Korean is written with spaces, but its words carry particles and endings (오늘은 is 오늘 and 은):
whitespace tokens scored 0.3333 where ``ko`` gives 0.7692, with no hint, while raw Japanese,
Chinese and Thai got a warning naming their tokenizer.
"""

import warnings

import pytest

from kurouge.api import score
from kurouge.tokenizers.unsegmented import UnsegmentedTextWarning, unsegmented_languages, unsegmented_message

PREDICTION = "오늘은 날씨가 맑습니다"
REFERENCE = "오늘 날씨는 맑다"


def hints(predictions, references, **options):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = score(predictions, references, rouge_types=["rouge1"], **options)
    return result, [str(w.message) for w in caught if issubclass(w.category, UnsegmentedTextWarning)]


@pytest.mark.parametrize("tokenizer", [None, "whitespace", "word", "cjk"])
def test_korean_with_a_tokenizer_that_keeps_particles_warns_naming_ko(tokenizer):
    _, caught = hints([PREDICTION], [REFERENCE], tokenizer=tokenizer)
    assert len(caught) == 1
    assert "Korean" in caught[0] and "tokenizer='ko'" in caught[0] and "language='ko'" in caught[0]
    assert "without spaces" not in caught[0]  # Korean has spaces: the words keep their particles


@pytest.mark.parametrize("options", [{"tokenizer": "ko"}, {"language": "ko"}, {"tokenizer": "char"}])
def test_no_hint_with_a_tokenizer_that_splits_korean(options):
    result, caught = hints([PREDICTION], [REFERENCE], **options)
    assert caught == []
    if options != {"tokenizer": "char"}:
        assert result["rouge1"] > 0.5


def test_the_hint_points_at_a_better_score():
    whitespace, _ = hints(["오늘은 날씨가 맑았다"], ["오늘 날씨 맑다"])
    korean, _ = hints(["오늘은 날씨가 맑았다"], ["오늘 날씨 맑다"], tokenizer="ko")
    assert (whitespace["rouge1"], round(korean["rouge1"], 2)) == (0.0, 0.73)  # as docs/tokenizers.md says


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        ([PREDICTION, REFERENCE], ["ko"]),
        (["the cat sat on the mat", "K-pop 팬"], []),  # a Korean word in English text: no
        (["삼성전자가 Galaxy를 출시했다"], ["ko"]),  # mostly Hangul, with a Latin word
        (["the cat"], []),
    ],
)
def test_korean_detection(texts, expected):
    assert unsegmented_languages(texts, korean=True) == expected
    assert unsegmented_languages(texts) == []  # only when asked


def test_the_message_says_what_to_choose():
    message = unsegmented_message("whitespace", ["ko"])
    assert message.startswith("the texts look like Korean") and "without spaces" not in message
    assert "tokenizer='ko'" in message and message.endswith("or language='ko'")
