"""sumeval 0.2.2's ``RougeCalculator`` with its default options (``stopwords=True``, no stemming).

A text is read by its language's rules, then lower-cased, and the stop words removed:

- ``en``: ``-`` spaced out, every character outside ``[A-Za-z0-9-]`` a space, split at spaces,
  words not starting with a letter or digit dropped; ROUGE-1.5.5's stop word list;
- ``ja``: every character outside ``[ぁ-んァ-ン一-龥ーa-zA-Zａ-ｚＡ-Ｚ0-9０-９]`` a space (so ``様々``
  loses ``々``, ``ヴ`` and ``α`` go), then MeCab's words with ``-Ochasen`` if that tagger starts, and
  janome's otherwise (sumeval falls back silently; the signature names which); its Japanese list;
- ``zh``: the punctuation of sumeval's pattern a space (``%`` goes, ``”`` stays), then jieba's
  words; its Chinese list.

ROUGE-N counts clipped n-grams, ROUGE-L is the LCS of the two word lists; with several references
the matches and the reference counts are summed over them and the prediction's count is multiplied
by their number. F is P·R / (P/2 + R/2), 0 where a count is 0. sumeval prints F only; its command
line averages with ``statistics.mean``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from kurouge.implementations import distinct
from kurouge.implementations.averages import exact_mean
from kurouge.implementations.sumeval_stopwords import STOPWORDS
from kurouge.rouge155.stopwords import STOPWORDS as ROUGE155_STOPWORDS
from kurouge.tokenizers.backends import package_versions, require
from kurouge.tokenizers.segmenters import jieba_tokenizer

VERSION = "0.2.2"
TYPES = {"rouge1": 1, "rouge2": 2, "rougeL": None}
LANGUAGES = ("en", "ja", "zh")
SEVERAL_REFERENCES = True
SCALE = 1
PERCENT = False
PRECISION_RECALL = False
average = exact_mean

_EN_SYMBOLS = re.compile(r"[^A-Za-z0-9-]")
_EN_WORD = re.compile(r"^[A-Za-z0-9$]")
_JA_SYMBOLS = re.compile(r"[^ぁ-んァ-ン一-龥ーa-zA-Zａ-ｚＡ-Ｚ0-9０-９]")
_ZH_SYMBOLS = re.compile(r"[\.\!/_,$%\^\*\(\)\+\“\’\—\!。：？、，：:~@#￥&（）【】「」《》·]")


@lru_cache(maxsize=1)
def japanese_words() -> tuple[str, Callable[[str], list[str]]]:
    """The Japanese tokenizer of sumeval as (its name and version, words of a text).

    MeCab's ``Tagger("-Ochasen")`` when mecab-python3 is installed and that tagger starts (a
    dictionary with the ChaSen format, such as IPAdic in mecabrc), janome's otherwise.
    """
    try:
        import MeCab

        tagger = MeCab.Tagger("-Ochasen")
    except Exception:  # sumeval's own fallback: any failure of MeCab means janome
        janome = require("implementation='sumeval' in Japanese", "janome.tokenizer")
        tokenizer = janome.Tokenizer()
        return package_versions("janome")[0], lambda text: list(tokenizer.tokenize(text, wakati=True))

    def mecab_words(text: str) -> list[str]:
        tagger.parse("")
        node, surfaces = tagger.parseToNode(text), []
        while node:
            if node.surface:
                surfaces.append(node.surface)
            node = node.next
        return surfaces

    return package_versions("mecab-python3")[0] + "-Ochasen", mecab_words


def reading(language: str) -> str | None:
    """The segmenter sumeval reads ``language`` with, for the signature."""
    if language == "ja":
        return japanese_words()[0]
    return package_versions("jieba")[0] if language == "zh" else None


def words(text: str, language: str) -> list[str]:
    """The words sumeval scores of ``text`` (``RougeCalculator.tokenize``)."""
    if language == "en":
        pieces = _EN_SYMBOLS.sub(" ", text.replace("-", " - ")).strip().split(" ")
        pieces = [piece.strip() for piece in pieces if piece.strip()]
        pieces = [piece for piece in pieces if _EN_WORD.match(piece)]
        stop_words = ROUGE155_STOPWORDS
    elif language == "ja":
        pieces = japanese_words()[1](_JA_SYMBOLS.sub(" ", text))
        pieces = [piece.strip() for piece in pieces if piece.strip()]
        stop_words = STOPWORDS["ja"]
    else:
        pieces = list(jieba_tokenizer().cut(_ZH_SYMBOLS.sub(" ", text), cut_all=False))
        stop_words = STOPWORDS["zh"]
    lowered = [piece.lower().strip() for piece in pieces if piece.strip()]
    return [word for word in lowered if word not in stop_words]


def f_measure(matches: int, reference_count: int, prediction_count: int) -> float:
    """The F of sumeval, with alpha 0.5: P·R / (0.5·P + 0.5·R), each ratio 0 where its count is 0."""
    recall = matches / reference_count if reference_count else 0
    precision = matches / prediction_count if prediction_count else 0
    denominator = (1.0 - 0.5) * precision + 0.5 * recall
    return precision * recall / denominator if denominator else 0.0


def ngrams(tokens: list[str], n: int) -> Counter[tuple[str, ...]]:
    """The n-grams of ``tokens`` with their counts."""
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def score_example(
    prediction: str, references: list[str], rouge_types: list[str], language: str
) -> dict[str, float]:
    """The F of each of ``rouge_types`` for one prediction and its references."""
    summary = words(prediction, language)
    refs = [words(reference, language) for reference in references]
    scores = {}
    for rouge_type in rouge_types:
        n = TYPES[rouge_type]
        if n is None:
            matches = sum(distinct.lcs_table(ref, summary)[-1][-1] for ref in refs)
            counts = sum(len(ref) for ref in refs), len(refs) * len(summary)
        else:
            summary_grams = ngrams(summary, n)
            matches = sum(sum((summary_grams & ngrams(ref, n)).values()) for ref in refs)
            counts = sum(max(len(ref) - n + 1, 0) for ref in refs), len(refs) * max(len(summary) - n + 1, 0)
        scores[rouge_type] = f_measure(matches, *counts)
    return scores
