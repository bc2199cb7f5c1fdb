"""The slowest Score requests the Space accepts at its limits, estimated (``estimate_work``) and timed.

Each workload is a request shape at the default limits: texts of ``KURENAI_ROUGE_MAX_CHARS``
characters built to be slow for one part of the work (a tokenizer, rougeW's table on repeated or
one-token sentences, the stemmer on unseen words, many references). For each, the request grows
example by example up to ``KURENAI_ROUGE_MAX_EXAMPLES`` while the estimate stays within
``KURENAI_ROUGE_MAX_SECONDS``: that is the largest request of that shape the Space scores. It is then
timed through ``app.score`` (the function gradio calls), in one process as ``python app.py`` runs
the engine, after a small request has loaded the tokenizer, and printed with its estimate: wall
time, and this process's CPU time, which other programs on the machine do not inflate. The last
column is the estimate of the request at the example limit.

    python3 benchmarks/bench_app.py [--only NAME]
"""

import argparse
import json
import os
import random
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path

os.environ.setdefault("KURENAI_ROUGE_PROCESSES", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_long_inputs import hard_text, sentence_text  # noqa: E402

from kurouge.space import inputs as app_inputs  # noqa: E402
from kurouge.space import limits as app_limits  # noqa: E402
from kurouge.space import page as app  # noqa: E402
from kurouge.tokenizers import unsegmented as rouge_unsegmented  # noqa: E402

ALL_TYPES = list(app.ROUGE_TYPES)
DEFAULT_TYPES = list(app.DEFAULT_ROUGE_TYPES)
JAPANESE = (
    "のにはをたがでてとしれさあいうえおかきくけこんなるもすまよりから日本人年月大中国会社時東京都市政府円"
)
CHINESE = "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可"
KOREAN = "가나다라마바사아자차카타파하는은이가을를에서의도고다요까지부터"
HAN = "".join(map(chr, range(0x4E00, 0x9FA0)))
RUSSIAN = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
THAI = "กขคงจฉชซญดตถทนบปผพฟมยรลวศสหอฮะาิีึืุูเแโใไ็่้๊๋์"


def random_text(alphabet: str, chars: int, rng: random.Random, space_every: int = 0) -> str:
    """``chars`` characters drawn from ``alphabet``, with a space after every ``space_every``."""
    out = []
    while len(out) < chars:
        out.append(rng.choice(alphabet))
        if space_every and len(out) % (space_every + 1) == space_every:
            out.append(" ")
    return "".join(out[:chars]).strip()


def english(chars: int, rng: random.Random) -> str:
    """Unseen lower-case words of 4 to 9 letters: the stemmer's cache never helps."""
    words = []
    while sum(map(len, words)) + len(words) < chars:
        words.append("".join(rng.choices("abcdefghijklmnopqrstuvwxyz", k=rng.randint(4, 9))))
    return " ".join(words)[:chars].strip()


def workloads(chars: int, references: int) -> dict:
    """name -> (pair maker(rng) -> (prediction, references), tokenizer, rouge types, stemmer, split)."""
    same = "あ" * chars
    return {
        "char, 7 types, one repeated character (rougeW: every cell a match)": (
            lambda rng: (same, [same]),
            "char",
            ALL_TYPES,
            False,
            False,
        ),
        "char, 7 types, Japanese characters": (
            lambda rng: (random_text(JAPANESE, chars, rng), [random_text(JAPANESE, chars, rng)]),
            "char",
            ALL_TYPES,
            False,
            False,
        ),
        "char, 7 types, one-character sentences (rougeW: sentence pairs)": (
            lambda rng: ("あ。" * (chars // 2), ["い。" * (chars // 2)]),
            "char",
            ALL_TYPES,
            False,
            True,
        ),
        "char, 4 types, Japanese characters, 10 references": (
            lambda rng: (
                random_text(JAPANESE, chars, rng),
                [random_text(JAPANESE, chars, rng) for _ in range(references)],
            ),
            "char",
            DEFAULT_TYPES,
            False,
            False,
        ),
        "char, 4 types, random Han characters": (
            lambda rng: (random_text(HAN, chars, rng), [random_text(HAN, chars, rng)]),
            "char",
            DEFAULT_TYPES,
            False,
            False,
        ),
        "char, 7 types, U+FDFA (NFKC makes each one 18 characters)": (
            lambda rng: ("\ufdfa" * chars, ["\ufdfa" * chars]),
            "char",
            ALL_TYPES,
            False,
            False,
        ),
        "whitespace, 4 types, unseen English words": (
            lambda rng: (english(chars, rng), [english(chars, rng)]),
            "whitespace",
            DEFAULT_TYPES,
            False,
            False,
        ),
        "whitespace, 4 types, one-letter words of two letters (rougeL, rougeLsum tables)": (
            lambda rng: (random_text("ab", chars, rng, 1), [random_text("ab", chars, rng, 1)]),
            "whitespace",
            DEFAULT_TYPES,
            False,
            False,
        ),
        "whitespace, 7 types, stemmer, unseen English words": (
            lambda rng: (english(chars, rng), [english(chars, rng)]),
            "whitespace",
            ALL_TYPES,
            True,
            False,
        ),
        "whitespace, 7 types, one-letter words (rougeW: every cell a match)": (
            lambda rng: ("a " * (chars // 2), ["a " * (chars // 2)]),
            "whitespace",
            ALL_TYPES,
            False,
            False,
        ),
        "ja, 7 types, Japanese characters": (
            lambda rng: (random_text(JAPANESE, chars, rng), [random_text(JAPANESE, chars, rng)]),
            "ja",
            ALL_TYPES,
            False,
            False,
        ),
        "zh, 4 types, Chinese characters": (
            lambda rng: (random_text(CHINESE, chars, rng), [random_text(CHINESE, chars, rng)]),
            "zh",
            DEFAULT_TYPES,
            False,
            False,
        ),
        "ko, 4 types, Hangul words": (
            lambda rng: (random_text(KOREAN, chars, rng, 4), [random_text(KOREAN, chars, rng, 4)]),
            "ko",
            DEFAULT_TYPES,
            False,
            False,
        ),
        "th, 4 types, Thai letters": (
            lambda rng: (random_text(THAI, chars, rng), [random_text(THAI, chars, rng)]),
            "th",
            DEFAULT_TYPES,
            False,
            False,
        ),
        "whitespace, 4 types, split sentences, 'a'*700 + ' .'*150 (issue 20)": (
            lambda rng: (sentence_text("worst", chars), [sentence_text("worst", chars)]),
            "whitespace",
            DEFAULT_TYPES,
            False,
            True,
        ),
        "word, 4 types, Russian words (issue 20: refused at 40 rows)": (
            lambda rng: (random_text(RUSSIAN, chars, rng, 6), [random_text(RUSSIAN, chars, rng, 6)]),
            "word",
            DEFAULT_TYPES,
            False,
            False,
        ),
        **{
            f"{name}, 4 types, {kind}": (
                lambda rng, name=name, kind=kind: (
                    hard_text(name, kind, chars + rng.randrange(99))[:chars],
                    [hard_text(name, kind, chars + rng.randrange(99))[:chars]],
                ),
                name,
                DEFAULT_TYPES,
                False,
                False,
            )
            for name, kind in [
                ("zh", "one character"),
                ("th", "digits"),
                ("lo", "no spaces"),
                ("km", "no spaces"),
                ("my", "digits"),
                ("my", "no spaces"),
                ("char", "flags"),
                ("ja-mecab", "combining marks"),
                ("xlsum", "flags"),
            ]
        },
        "cjk, 7 types, Japanese characters": (
            lambda rng: (random_text(JAPANESE, chars, rng), [random_text(JAPANESE, chars, rng)]),
            "cjk",
            ALL_TYPES,
            False,
            False,
        ),
    }


def largest_accepted(
    make, options, limits: app_limits.Limits
) -> tuple[app_inputs.Examples, app_limits.Work, app_limits.Work]:
    """The longest request of ``make``'s pairs whose estimate is within the limit, its estimate, and
    the estimate of the request at the example limit."""
    rng = random.Random(0)
    predictions, references, total, accepted = [], [], 0.0, 0
    for _ in range(limits.examples):
        prediction, refs = make(rng)
        predictions.append(prediction)
        references.append(refs)
        total += app_limits.estimate_work(app_inputs.Examples([prediction], [refs]), *options).seconds
        if total <= limits.seconds:
            accepted = len(predictions)
    multi = any(len(refs) > 1 for refs in references)
    as_given = references if multi else [refs[0] for refs in references]
    full = app_inputs.Examples(predictions, as_given)
    examples = app_inputs.Examples(predictions[:accepted], as_given[:accepted])
    return examples, app_limits.estimate_work(examples, *options), app_limits.estimate_work(full, *options)


def main() -> None:
    """Print, per workload, the largest accepted request, its estimate and its time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="run the workloads whose name contains this")
    parser.add_argument(
        "--wait",
        action="store_true",
        help="run the largest accepted request of each workload in both Score lanes at once, and time "
        "how long a 1-line Score sent meanwhile takes to answer (it waits for a free lane)",
    )
    args = parser.parse_args()
    limits = app_limits.LIMITS
    warnings.simplefilter("ignore", rouge_unsegmented.UnsegmentedTextWarning)
    print(
        f"limits: {limits.examples} examples, {limits.chars} characters, {limits.references} references, "
        f"{limits.seconds} s estimated; KURENAI_ROUGE_PROCESSES={os.environ['KURENAI_ROUGE_PROCESSES']}"
    )
    print(
        "| workload | examples accepted | estimate (s) | measured (s) | CPU (s) "
        "| estimate at the example limit (s) |"
    )
    print("|---|---|---|---|---|---|")
    worst = 0.0
    for name, (make, tokenizer, rouge_types, stemmer, split) in workloads(
        limits.chars, limits.references
    ).items():
        if args.only and args.only not in name:
            continue
        options = (rouge_types, tokenizer, stemmer, split)
        examples, work, full = largest_accepted(make, options, limits)
        app_score(app_inputs.Examples(["warm up"], ["the tokenizer"]), rouge_types, tokenizer, stemmer, split)
        start, start_cpu = time.perf_counter(), time.process_time()
        if examples.predictions:
            app_score(examples, rouge_types, tokenizer, stemmer, split)
        seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        worst = max(worst, seconds)
        if args.wait:
            lanes, waited = wait_for_a_lane(examples, rouge_types, tokenizer, stemmer, split)
            print(f"| {name} | two at once: {lanes:.2f} s | a 1-line Score answered after {waited:.2f} s |")
            continue
        print(
            f"| {name} | {len(examples.predictions)} | {work.seconds:.2f} | {seconds:.2f} | {cpu:.2f} "
            f"| {full.seconds:,.1f} |",
            flush=True,
        )
    print(f"slowest accepted request: {worst:.2f} s")


def wait_for_a_lane(examples: app_inputs.Examples, *options) -> tuple[float, float]:
    """Seconds until two copies of a request, started at once in threads as gradio's two Score lanes
    run them, have both finished, and until a 1-line Score sent at the start has answered: gradio
    holds it until a lane is free."""
    lane_free = threading.Event()

    def lane() -> None:
        app_score(examples, *options)
        lane_free.set()

    start = time.perf_counter()
    threads = [threading.Thread(target=lane) for _ in range(2)]
    for thread in threads:
        thread.start()
    lane_free.wait()
    app_score(app_inputs.Examples(["one line"], ["one line"]), *options)
    waited = time.perf_counter() - start
    for thread in threads:
        thread.join()
    return time.perf_counter() - start, waited


def app_score(
    examples: app_inputs.Examples, rouge_types, tokenizer, stemmer, split, language: str = ""
) -> None:
    """``app.score`` on ``examples`` uploaded as a JSONL file (it keeps several references, newlines)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "examples.jsonl"
        with open(path, "w", encoding="utf-8") as handle:
            for prediction, refs in zip(examples.predictions, examples.references, strict=True):
                handle.write(
                    json.dumps({"prediction": prediction, "reference": refs}, ensure_ascii=False) + "\n"
                )
        app.score("", "", str(path), rouge_types, tokenizer, stemmer, split, True, 0.95, language)


if __name__ == "__main__":
    main()
