"""Write tests/xlsum/golden.json: XL-Sum's multilingual ROUGE run on tests/xlsum/pairs.json.

XL-Sum's scorer (github csebuetnlp/xl-sum, folder multilingual_rouge_scoring) is not on PyPI in
working form and is never copied into this repository: fetch it, and the Bengali stemmer it uses
(github abhik1505040/bengali-stemmer), then run

    python3 tests/xlsum/make_golden.py XL_SUM_CHECKOUT [BENGALI_STEMMER_CHECKOUT]

Each checkout is a work tree or a bare clone (read with ``git archive HEAD``). The scorer's PyPI
dependencies must be installed: absl-py six nltk numpy pyonmttok jieba pythainlp fugashi
unidic-lite TurkishStemmer. Both are unpacked into a temporary directory that is deleted afterwards.

Differences from XL-Sum's published setup, recorded in golden.json under "notes":
- Japanese: fugashi finds unidic-lite here; XL-Sum installs the full UniDic (downloaded at run time).
- NLTK's stopwords corpus (for Snowball with ignore_stopwords=True) is NLTK data, downloaded at run
  time. If it is missing, the Snowball stemmers are built with ignore_stopwords=False.
- Without the Bengali stemmer checkout, Bengali is scored without stemming only.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import tempfile
import warnings
from functools import partial
from importlib.metadata import version
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
PACKAGES = ["nltk", "pyonmttok", "jieba", "pythainlp", "fugashi", "unidic-lite", "TurkishStemmer", "six"]
# Words written for the stemmer tests; XL-Sum's stemmers are applied to each one as it is.
WORDS = {
    "hi": "लड़कियों लड़कियां खाएंगे किताबें जाता जाती जाते खेलना खेलती भारतीय सरकार घोषणा करेंगे "
    "प्रधानमंत्री योजनाओं किसानों जाएंगी गईं रहीं समझाइए पढ़ाकर बनाया मिलेगी बच्चियाँ",
    "tr": "kitaplardan evlerimizde gidiyorum arabalar çocukların okullarımızdan seçimler sonuçlarını "
    "açıklanacak öğrenciler unuttular türkiye'de yapıldı güzelleştirilmiş istanbul'da",
    "bn": "বাংলাদেশের প্রধানমন্ত্রী করেছেন করলেন খেলাটি হয়েছে দর্শকরা দর্শকেরা আগামীকাল বৃষ্টিতে যাচ্ছিলেন খাচ্ছি এটাকে করছ পারব",
}

# Random texts for a differential test of the tokens: letters of many scripts, digits, punctuation,
# symbols, controls, joiners, spaces and newlines, drawn with a fixed seed.
FUZZ_CHARS = (
    "abcXYZéÑß0123456789 .,;:!?'\"-()[]$%&*/\\@#^_`{|}~«»—–…“”„¡¿\t\n\r\x00\x07\u200b\u200c\u200d\ufeff\ufffd"
    "\u00a0\u3000\u2028€×°±©→★🙂 привет мир हिन्दी भाषा বাংলা ভাষা العربية فارسی‌ها ไทยภาษา 日本語のテキスト"
    "中文文本，。！？、 한국어 ՀայերենΕλληνικά ⅫＡＢ１２ ﬁ ß İ မြန်မာစာ ကျွန်ုပ် ္"
)
FUZZ_LANGUAGES = [
    (None, None),
    ("zh", "chinese"),
    ("ja", "japanese"),
    ("th", "thai"),
    ("my", "burmese"),
    ("hi", "hindi"),
    ("ru", "russian"),
    ("ar", "arabic"),
    ("tr", "turkish"),
    ("en", "english"),
]


def fuzz_texts(count: int, seed: int = 12) -> list[str]:
    """``count`` random texts of up to 40 characters of ``FUZZ_CHARS``."""
    rng = random.Random(seed)
    return ["".join(rng.choices(FUZZ_CHARS, k=rng.randint(0, 40))) for _ in range(count)]


def unpack(checkout: Path, folder: str, destination: Path) -> str:
    """Write the files of ``folder`` at HEAD of a work tree or bare clone under ``destination``.

    Files whose content the clone lacks (a snapshot may omit some) are skipped. Returns the commit.
    """

    def git(*args: str) -> bytes:
        return subprocess.run(["git", "-C", str(checkout), *args], check=True, capture_output=True).stdout

    for path in git("ls-tree", "-r", "--name-only", "HEAD", folder).decode().splitlines():
        try:
            content = git("show", f"HEAD:{path}")
        except subprocess.CalledProcessError:
            continue
        (destination / path).parent.mkdir(parents=True, exist_ok=True)
        (destination / path).write_bytes(content)
    return git("rev-parse", "HEAD").decode().strip()


def segmented_lsum(scorer: Any, tokenize: Any, rouge_scorer: Any, pair: dict) -> tuple[float, float, float]:
    """rougeLsum as XL-Sum computes it, but with each sentence tokenized by the language's segmenter.

    XL-Sum's rougeLsum tokenizes sentences with BERT's rules alone (no segmenter, no pyonmttok):
    this is the value with its full tokenizer, from its own summary-level LCS.
    """
    sentences = {
        side: [
            tokenize.tokenize(line, scorer._stemmer, scorer._tokenizer)
            for line in pair[side].split("\n")
            if line
        ]
        for side in ("reference", "prediction")
    }
    score = rouge_scorer._summary_level_lcs(sentences["reference"], sentences["prediction"])
    return score.precision, score.recall, score.fmeasure


def dumps(golden: dict) -> str:
    """``golden`` as JSON with one line per pair and per fuzz text."""

    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    parts = []
    for key, value in golden.items():
        if key in ("pairs", "fuzz"):
            body = ",\n".join(f"  {line(item)}" for item in value)
            parts.append(f"{line(key)}: [\n{body}\n ]")
        else:
            parts.append(f"{line(key)}: {line(value)}")
    return "{\n " + ",\n ".join(parts) + "\n}\n"


def main(xlsum: Path, bengali: Path | None) -> None:
    """Score every pair with XL-Sum's scorer, with and without stemming, and write golden.json."""
    temp = Path(tempfile.mkdtemp(prefix="xlsum_golden_"))
    source = {"xl-sum": unpack(xlsum, "multilingual_rouge_scoring", temp)}
    (temp / "multilingual_rouge_scoring").rename(temp / "rouge_score")  # the package's own name
    if bengali:
        source["bengali-stemmer"] = unpack(bengali, "bengali_stemmer", temp)
    sys.path.insert(0, str(temp))
    warnings.simplefilter("ignore")

    from rouge_score import rouge_scorer, stemmers
    from rouge_score import tokenization_wrapper as tokenize

    notes = {"ja": "fugashi with unidic-lite (XL-Sum used the full UniDic)"}
    try:
        stemmers.NLTKStemmer("english", ignore_stopwords=True)
    except LookupError:
        notes["snowball"] = "NLTK stopwords corpus unavailable: Snowball built with ignore_stopwords=False"
        for language in list(stemmers.LANG2STEMMER):
            if language not in ("bengali", "turkish", "hindi"):
                snowball = partial(stemmers.NLTKStemmer, language, ignore_stopwords=False)
                stemmers.LANG2STEMMER[language] = snowball
    if not bengali:
        notes["bn"] = "no Bengali stemmer checkout: Bengali scored without stemming only"

    stems = {}
    for code, name in (("hi", "hindi"), ("tr", "turkish"), ("bn", "bengali")):
        if code == "bn" and not bengali:
            continue
        stemmer = stemmers.LANG2STEMMER[name]()
        stems[code] = {word: stemmer(word) for word in WORDS[code].split()}

    pairs = json.loads((HERE / "pairs.json").read_text(encoding="utf-8"))
    for pair in pairs:
        pair["results"] = {}
        for use_stemmer in (False, True):
            if use_stemmer and pair["language"] == "bn" and not bengali:
                continue
            scorer = rouge_scorer.RougeScorer(TYPES, use_stemmer=use_stemmer, lang=pair["xlsum_lang"])
            scores = scorer.score(pair["reference"], pair["prediction"])
            pair["results"]["stem" if use_stemmer else "nostem"] = {
                "tokens": {
                    side: tokenize.tokenize(pair[side], scorer._stemmer, scorer._tokenizer)
                    for side in ("reference", "prediction")
                },
                "scores": {t: [s.precision, s.recall, s.fmeasure] for t, s in scores.items()},
                "rougeLsum_segmented": list(segmented_lsum(scorer, tokenize, rouge_scorer, pair)),
            }
    fuzz = []
    for code, name in FUZZ_LANGUAGES:
        for use_stemmer in (False, True):
            scorer = rouge_scorer.RougeScorer(["rouge1"], use_stemmer=use_stemmer, lang=name)
            for text in fuzz_texts(40):
                tokens = tokenize.tokenize(text, scorer._stemmer, scorer._tokenizer)
                fuzz.append({"language": code, "stem": use_stemmer, "text": text, "tokens": tokens})
    packages = {name: version(name) for name in PACKAGES}
    golden = {
        "source": source,
        "packages": packages,
        "notes": notes,
        "stems": stems,
        "pairs": pairs,
        "fuzz": fuzz,
    }
    (HERE / "golden.json").write_text(dumps(golden), encoding="utf-8")
    shutil.rmtree(temp)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    main(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) == 3 else None)
