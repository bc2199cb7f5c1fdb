"""Write tests/xlsum/bengali_stems.json: XL-Sum's Bengali stemmer run on thousands of Bengali words.

XL-Sum stems Bengali with ``RafiStemmer`` from github abhik1505040/bengali-stemmer (not on PyPI,
never copied into this repository). Fetch it and run

    python3 tests/xlsum/make_bengali_stems.py BENGALI_STEMMER_CHECKOUT

(a work tree or a bare clone; it is unpacked into a temporary directory that is deleted afterwards).
The words: the Bengali words of tests/xlsum/pairs.json and make_golden.WORDS; every stem of STEMS
followed by every suffix of the rules, and by a seeded random chain of one suffix per rule group
(the order the stemmer strips them in, last group first); every suffix alone and after a vowel sign
or a consonant; each with য় written as one code point (U+09DF, as the rules write it) and as
য + nukta. A "." in a rule becomes a consonant, and stays a full stop too.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import sys
import tempfile
from pathlib import Path

from make_golden import HERE, WORDS, unpack

# Stems written for the test: nouns, pronouns and verb roots, some ending in a vowel sign or য়.
STEMS = (
    "কর বল খা যা পা দেখ হাস নাচ রাখ গা ধু পড় লিখ শুন চল বস ভাব পার দি নি হ থাক আস "
    "রহিম করিম মানুষ গ্রাম সেতু দেশ বই ছেলে মেয়ে বাড়ি নদী শিক্ষক সরকার দল খেলা ঢাকা "
    "এ ও সে তার আমা তোমা আপনা কি ক খ া ি ে"
).split()
CONSONANTS = "কখগচজটডতদনপবমরলসহ"
VOWEL_SIGNS = "ািীুূেো"
RANDOM_WORDS = 4000


def variants(word: str) -> set[str]:
    """``word`` with য় as one code point and as য + nukta."""
    return {word.replace("\u09af\u09bc", "\u09df"), word.replace("\u09df", "\u09af\u09bc")}


def suffix_forms(suffix: str) -> list[str]:
    """``suffix`` as written and with each "." made a consonant."""
    return [suffix] + ([suffix.replace(".", c) for c in "সচখ"] if "." in suffix else [])


def words(groups: list[list[str]]) -> list[str]:
    """The words to stem, sorted."""
    pairs = json.loads((HERE / "pairs.json").read_text(encoding="utf-8"))
    texts = [p[side] for p in pairs if p["language"] == "bn" for side in ("reference", "prediction")]
    found = set(re.findall(r"[\u0980-\u09ff\u200c\u200d]+", " ".join([*texts, WORDS["bn"]])))
    suffixes = [form for group in groups for suffix in group for form in suffix_forms(suffix)]
    found.update(stem + suffix for stem in STEMS for suffix in suffixes)
    found.update(f"{head}{suffix}" for head in ["", *VOWEL_SIGNS, *CONSONANTS] for suffix in suffixes)
    rng = random.Random(24)
    for _ in range(RANDOM_WORDS):
        chain = [rng.choice([""] + [f for s in group for f in suffix_forms(s)]) for group in reversed(groups)]
        found.add(rng.choice(STEMS) + "".join(chain))
    return sorted(set().union(*map(variants, found)))


def main(bengali: Path) -> None:
    """Stem every word with XL-Sum's stemmer and write bengali_stems.json."""
    temp = Path(tempfile.mkdtemp(prefix="bengali_stems_"))
    commit = unpack(bengali, "bengali_stemmer", temp)
    sys.path.insert(0, str(temp))
    from bengali_stemmer.rafikamal2014 import RafiStemmer

    stemmer = RafiStemmer()
    stems = {word: stemmer.stem_word(word) for word in words(stemmer.groups)}
    lines = ",\n".join(
        f"  {json.dumps(w, ensure_ascii=False)}: {json.dumps(s, ensure_ascii=False)}"
        for w, s in stems.items()
    )
    header = json.dumps({"bengali-stemmer": commit})
    text = f'{{\n "source": {header},\n "stems": {{\n{lines}\n }}\n}}\n'
    (HERE / "bengali_stems.json").write_text(text, encoding="utf-8")
    shutil.rmtree(temp)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))
