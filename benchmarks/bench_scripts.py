"""Issue 30's goals: compute() on real outputs that do not repeat, against the peers in the same run.

Run by ``python benchmarks/bench.py --scripts [--shared-data DIR]``. It reads three files of
../shared/data next to the repository, or of DIR (third-party outputs, never copied into the
project): CNN/DM highlights and BART outputs, livedoor news titles and two T5 runs, LCSTS summaries
and four models. Each set's (prediction, reference) pairs, every prediction column in turn, are
brought to ``PAIRS`` pairs two ways:

- **distinct** (the headline): the k-th use of a text is that text rotated by k words (English) or
  k characters (Japanese, Chinese), so that length and vocabulary stay real and the engine's cache
  of tokenized texts does not hit; a text repeats only once its rotations are used up (LCSTS's short
  texts: the table prints how many predictions and references differ);
- **repeated**: the pairs repeated as they are, where that cache serves every copy after the first.

In one process (``KURENAI_ROUGE_PROCESSES=1``), compute() with each tokenizer and the peers score the
same pairs, taking turns, each keeping its best round: rouge-score-rs 0.2.1's ``score_batch`` with its
UnicodeTokenizer, CharacterTokenizer and DefaultTokenizer (rouge-score's; Rust, on every core),
and kurenai 0.1.0 (the first ``KURENAI_PAIRS`` pairs, its rate scaled).

``languages`` times compute() with each language tokenizer against its segmenter called alone on
both texts of every pair (SudachiPy mode A for ``ja``, jieba for ``zh``, Kiwi for ``ko``, ...), on
distinct texts: the livedoor titles for Japanese, pairs built from the team's sentences for the rest.
"""

from __future__ import annotations

import csv
import logging
import os
import shutil
import tempfile
import warnings
from collections.abc import Callable
from functools import partial
from itertools import permutations
from pathlib import Path

from bench_goals import REPO, load_metric, timed

DATA = REPO.parent / "shared" / "data"
# name: (file, language: its tokenizer, and how a copy is rotated)
FILES = {
    "English CNN/DM": ("cnndm_mini_ref_pred.tsv", "en"),
    "Japanese livedoor titles": ("livedoor_t5_titles.tsv", "ja"),
    "Chinese LCSTS outputs": ("clge_lcsts_sample_system_outputs.tsv", "zh"),
}
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
TOKENIZERS = {"word": "word", "cjk": "cjk", "char": "char", "default": None, "rouge-score": "rouge-score"}
PAIRS = 5000
# The language tokenizers compared with their segmenters alone (Japanese on its real outputs, the
# others on pairs built from the team's sentences, that many).
LANGUAGES = ["ja", "zh", "ko", "th", "lo", "km", "my"]
LANGUAGE_PAIRS = 1000
KURENAI_PAIRS = 500
# Issue 30's goals: (kurenai_rouge's column, peer, the least ratio, the data sets it is asked on).
GOALS = [
    ("word", "rs unicode", 1.0, ("English CNN/DM", "Japanese livedoor titles")),
    ("cjk", "rs unicode", 1.0, ("English CNN/DM", "Japanese livedoor titles")),
    ("char", "rs character", 1.0, None),
    ("default", "kurenai", 40.0, ("English CNN/DM",)),
    ("rouge-score", "rs default", 1.0, None),
]


def rotated(text: str, k: int, language: str) -> str:
    """``text`` rotated by ``k`` words (space-separated languages) or ``k`` characters."""
    if language == "en":
        words = text.split(" ")
        k %= len(words)
        return " ".join(words[k:] + words[:k])
    k %= max(len(text), 1)
    return text[k:] + text[:k]


def read_pairs(path: Path, language: str, distinct: bool) -> tuple[list[str], list[str]]:
    """(predictions, references) to PAIRS: every prediction column of the TSV file with its reference."""
    with path.open(newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file, delimiter="\t"))
    columns = [name for name in rows[0] if name.startswith("pred")]
    pairs = [(row[column], row["reference"]) for column in columns for row in rows]
    out = []
    for index in range(PAIRS):
        prediction, reference = pairs[index % len(pairs)]
        # A reference is shared by the prediction columns: each of its uses gets a rotation of its own.
        k = index // len(rows) if distinct else 0
        out.append((rotated(prediction, k, language), rotated(reference, k, language)))
    return [p for p, _ in out], [r for _, r in out]


def segmenter(language: str) -> Callable[[str], list]:
    """The segmenter the language's tokenizer calls, alone, as its documentation shows it: text to words."""
    if language == "ja":
        import sudachipy

        tokenizer = sudachipy.Dictionary(dict="core").tokenizer(mode=sudachipy.SplitMode.A)
        return lambda text: [m.surface() for m in tokenizer.tokenize(text)]
    if language == "zh":
        import jieba

        jieba.setLogLevel(logging.WARNING)
        jieba.initialize()
        return jieba.lcut
    if language == "ko":
        import kiwipiepy

        kiwi = kiwipiepy.Kiwi(model_type="cong")
        return lambda text: [token.form for token in kiwi.tokenize(text)]
    if language == "th":
        from pythainlp.tokenize import word_tokenize

        return lambda text: word_tokenize(text, engine="newmm", keep_whitespace=False)
    if language == "lo":
        from laonlp.tokenize import word_tokenize

        return word_tokenize
    if language == "km":
        import khmercut

        khmercut.load()
        return khmercut.tokenize
    import burmesenlp

    lexicon = burmesenlp.Lexicon.default()
    return lambda text: burmesenlp.word_tokenize(text, lexicon=lexicon)


def built_pairs(sentences: list[str], count: int) -> tuple[list[str], list[str]]:
    """``count`` (prediction, reference) pairs of distinct texts made of ``sentences``.

    A text is four of the sentences joined, in order; the k-th use of each such text is rotated by
    2k characters as a prediction, by 2k + 1 as a reference (of another prediction's pair).
    """
    texts = ["".join(four) for four in permutations(sentences, 4)]
    predictions, references = [], []
    for index in range(count):
        k, i = divmod(index, len(texts))
        predictions.append(rotated(texts[i], 2 * k, "zh"))
        references.append(rotated(texts[(i + 7) % len(texts)], 2 * k + 1, "zh"))
    return predictions, references


def languages(rounds: int, data: Path = DATA) -> None:
    """Print every language tokenizer's rate through compute() against its segmenter alone, distinct texts.

    Japanese on the livedoor titles (``PAIRS`` pairs, as in the main table); the other languages on
    ``LANGUAGE_PAIRS`` pairs built from the team's sentences of benchmarks/tokenizers_bench.py.
    """
    from tokenizers_bench import SENTENCES

    os.environ["KURENAI_ROUGE_PROCESSES"] = "1"
    sandbox = Path(tempfile.mkdtemp(prefix="kurenai_rouge_languages_"))
    try:
        metric = load_metric(REPO, sandbox)
        warnings.simplefilter("ignore", UserWarning)
        # The rotated Burmese texts look Zawgyi-encoded to burmesenlp: its warning, once a call, is left out.
        logging.getLogger("kurouge.tokenizers.segmenters").setLevel(logging.ERROR)
        sets = {}
        livedoor = data / FILES["Japanese livedoor titles"][0]
        if livedoor.exists():
            sets["ja"] = ("livedoor titles", *read_pairs(livedoor, "ja", True))
        for language in LANGUAGES:
            if language not in sets:
                sets[language] = ("team's sentences", *built_pairs(SENTENCES[language], LANGUAGE_PAIRS))
        timings = {}
        for language, (_, predictions, references) in sets.items():
            cut = segmenter(language)
            pairs = list(zip(predictions, references, strict=True))
            options = {"predictions": predictions, "references": references, "rouge_types": TYPES}
            timings[language] = {
                "compute": (len(pairs), partial(metric.compute, **options, language=language)),
                "segmenter": (len(pairs), lambda pairs=pairs, cut=cut: [(cut(p), cut(r)) for p, r in pairs]),
            }
        rates = best_rates(timings, rounds)
    finally:
        shutil.rmtree(sandbox, ignore_errors=True)
    print(f"\n### Language tokenizers against their segmenters alone (distinct texts, best of {rounds})\n")
    header = "| language | texts | pairs | distinct texts | compute(language=) | segmenter alone | ratio |"
    print(header + " goal 0.8 |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for language, (source, predictions, references) in sets.items():
        pairs = len(predictions)
        ours, alone = rates[language]["compute"], rates[language]["segmenter"]
        distinct = len(set(predictions) | set(references))
        met = "met" if ours / alone >= 0.8 else "NOT met"
        print(
            f"| {language} | {source} | {pairs:,} | {distinct:,} | {ours:,.0f} | {alone:,.0f} | "
            f"{ours / alone:.2f} | {met} |"
        )


def runs(metric, language: str, predictions: list[str], references: list[str]) -> dict:
    """name: (pairs scored, function) of every timing on one data set."""
    from kurenai.rouge_scorer import RougeScorer as KurenaiScorer
    from rouge_score_rs.rouge_scorer import RougeScorer as RsScorer
    from rouge_score_rs.tokenizers import CharacterTokenizer, DefaultTokenizer, UnicodeTokenizer

    def compute(**options):
        return lambda: metric.compute(
            predictions=predictions, references=references, rouge_types=TYPES, **options
        )

    timings = {name: (PAIRS, compute(tokenizer=tokenizer)) for name, tokenizer in TOKENIZERS.items()}
    for name, tokenizer in (
        ("rs unicode", UnicodeTokenizer()),
        ("rs character", CharacterTokenizer()),
        ("rs default", DefaultTokenizer()),
    ):
        scorer = RsScorer(TYPES, tokenizer=tokenizer)
        timings[name] = (PAIRS, lambda scorer=scorer: scorer.score_batch(references, predictions))
    kurenai = KurenaiScorer(TYPES)
    few = list(zip(references[:KURENAI_PAIRS], predictions[:KURENAI_PAIRS], strict=True))
    timings["kurenai"] = (len(few), lambda: [kurenai.score(r, p) for r, p in few])
    return timings


def measure(metric, sets: dict, rounds: int) -> dict:
    """name: {column: pairs per second} of ``runs`` on each set, the best of ``rounds`` rounds."""
    return best_rates({name: runs(metric, *columns) for name, columns in sets.items()}, rounds)


def best_rates(timings: dict, rounds: int) -> dict:
    """name: {key: pairs per second} of timings name: {key: (pairs, function)}, best of ``rounds``.

    Every function runs once first (imports, compiled patterns, models, first calls), then the
    rounds take them in turn, so that all see the same disturbances.
    """
    for timing in timings.values():
        for _, function in timing.values():
            function()
    best = {name: dict.fromkeys(timing, float("inf")) for name, timing in timings.items()}
    for _ in range(rounds):
        for name, timing in timings.items():
            for key, (_, function) in timing.items():
                best[name][key] = min(best[name][key], timed(function)[0])
    return {
        name: {key: timings[name][key][0] / seconds for key, seconds in row.items()}
        for name, row in best.items()
    }


def print_table(title: str, rate: dict, sets: dict) -> None:
    """One row per data set (with how many of its texts differ), one column per timing, in pairs/s."""
    columns = list(dict.fromkeys(column for row in rate.values() for column in row))
    print(f"\n### {title}\n")
    print("| data | distinct texts | " + " | ".join(columns) + " |")
    print("|---|---:|" + "---:|" * len(columns))
    for name, row in rate.items():
        _, predictions, references = sets[name]
        distinct = f"{len(set(predictions)):,} + {len(set(references)):,}"
        cells = " | ".join(f"{row[c]:,.0f}" if c in row else "—" for c in columns)
        print(f"| {name} | {distinct} | {cells} |")


def scripts(rounds: int, data: Path = DATA) -> None:
    """Print issue 30's tables (pairs/s, best of ``rounds``) and its goals' ratios, on ``data``'s files."""
    os.environ["KURENAI_ROUGE_PROCESSES"] = "1"
    sandbox = Path(tempfile.mkdtemp(prefix="kurenai_rouge_scripts_"))
    present = {name: entry for name, entry in FILES.items() if (data / entry[0]).exists()}
    if not present:
        print(f"\nno data in {data}: issue 30's goals were not measured")
        return
    try:
        metric = load_metric(REPO, sandbox)
        warnings.simplefilter("ignore", UserWarning)  # word and cjk on unsegmented text: measured anyway
        rates, sets = {}, {}
        for distinct in (True, False):
            sets[distinct] = {
                name: (language, *read_pairs(data / file, language, distinct))
                for name, (file, language) in present.items()
            }
            rates[distinct] = measure(metric, sets[distinct], rounds)
    finally:
        shutil.rmtree(sandbox, ignore_errors=True)
    print(f"\nload average after the run: {', '.join(f'{load:.1f}' for load in os.getloadavg())}")
    title = f"Distinct texts: pairs per second, {PAIRS:,} pairs, 1 process, best of {rounds}"
    print_table(title, rates[True], sets[True])
    title = f"Repeated texts (the token cache serves the copies): the same, {PAIRS:,} pairs"
    print_table(title, rates[False], sets[False])
    print("\n| goal | data | distinct | repeated | target | met on distinct |\n|---|---|---:|---:|---:|---|")
    for column, peer, target, only in GOALS:
        for name in rates[True]:
            if (only is None or name in only) and column in rates[True][name]:
                ratios = [rates[d][name][column] / rates[d][name][peer] for d in (True, False)]
                met = "yes" if ratios[0] >= target else "NO"
                cells = f"{ratios[0]:.2f} | {ratios[1]:.2f} | >= {target:g} | {met}"
                print(f"| {column} / {peer} | {name} | {cells} |")
