"""Time and peak memory of every registered tokenizer, and of ``split_summaries``, on very long texts.

Each tokenizer gets one text of 10K, 100K and 1M characters of each of its hardest inputs: its
script without a space (random letters), one repeated character, random digits, random regional
indicators (flags), letters each followed by two combining marks, and one letter followed by
marks of two classes alternating (which NFKC must reorder). Each (tokenizer, input)
runs in a fresh process that first loads the tokenizer on a short text, then tokenizes the lengths
in increasing order. Each cell is CPU seconds (wall seconds in brackets: on a shared machine they
can be many times the CPU time) and how far that process's peak resident set grew past what it had
after loading. A length that takes longer than ``--timeout`` seconds ends the process: its
row shows ``> timeout`` and the longer lengths are not run. ``split_summaries`` is measured as
``rouge_sentences.split_sentences(text, True)`` on English sentences and on ``"a"*700 + " ."*150``
repeated. Re-run after changing a tokenizer; ``--only NAME`` runs the tokenizers whose name
contains NAME, ``--lengths`` chooses the lengths.

    python3 benchmarks/bench_long_inputs.py [--only NAME] [--lengths 10000,100000,1000000]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

# A script's letters for the tokenizers made for it (Bengali's for bench_rates' "xlsum" inputs); every
# other tokenizer gets Latin letters.
SCRIPTS = {
    "ja": "あいうえおかきくけこ日本人年月大中国会社",
    "zh": "的一是不了人我在有他这中大来上国个到说们",
    "ko": "가나다라마바사아자차카타파하는은이",
    "th": "กขคงจฉชซญดตถทนบปผพฟมยรลวศสหอฮะาิีึืุูเแโใไ",
    "lo": "ກຂຄງຈສຊຍດຕຖທນບປຜຝພຟມຢຣລວຫອຮະາິີຶືຸູເແໂໃໄ",
    "km": "កខគឃងចឆជឈញដឋឌឍណតថទធនបផពភមយរលវសហឡអាិីឹឺុូួើឿៀេែៃោៅ",
    "my": "ကခဂဃငစဆဇဈညဋဌဍဎဏတထဒဓနပဖဗဘမယရလဝသဟဠအါာိီုူေဲံ့း်",
    "latin": "abcdefghijklmnopqrstuvwxyz",
    "bn": "অআইঈউঊএঐওঔকখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহািীুূেৈোৌ্",
}
KINDS = ("no spaces", "one character", "digits", "flags", "combining marks", "marks out of order")
ENGLISH = "Dr. Smith paid $3.50 for the U.S. edition. It rained! Did it? Yes, e.g. at 5 p.m. on Jan. 1. "


def script_of(name: str) -> str:
    """The letters of the script tokenizer ``name`` is made for."""
    for code in SCRIPTS:
        if name == code or name.startswith(code + "-"):
            return SCRIPTS[code]
    return SCRIPTS["latin"]


def hard_text(name: str, kind: str, length: int) -> str:
    """``length`` characters of input ``kind`` for tokenizer ``name``."""
    rng = random.Random(length)
    letters = script_of(name)
    if kind == "no spaces":
        return "".join(rng.choices(letters, k=length))
    if kind == "one character":
        return letters[0] * length
    if kind == "digits":
        return "".join(rng.choices("0123456789", k=length))
    if kind == "flags":
        return "".join(chr(0x1F1E6 + rng.randrange(26)) for _ in range(length))
    if kind == "marks out of order":
        # One letter, then marks of classes 230 and 220 alternating, which NFKC must reorder.
        return ("a" + "\u0301\u0316" * length)[:length]
    # A letter with an acute accent and a dot below, which NFC composes or reorders.
    return "".join(rng.choice(letters) + "\u0301\u0323" for _ in range(length // 3)).ljust(length, "a")


def sentence_text(kind: str, length: int) -> str:
    """``length`` characters of English sentences, or of the issue's worst case for the splitter."""
    unit = ENGLISH if kind == "english" else "a" * 700 + " ." * 150
    return (unit * (length // len(unit) + 1))[:length]


def peak_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def child(name: str, kind: str, lengths: list[int]) -> None:
    """In a fresh process: load ``name``, then print one JSON line per length (seconds, memory)."""
    import warnings

    from kurouge.settings import get_tokenizer
    from kurouge.tokenizers import sentences as rouge_sentences

    warnings.simplefilter("ignore")
    if name == "split_summaries":
        run = lambda text: rouge_sentences.split_sentences(text, True)  # noqa: E731
        make = sentence_text
    else:
        run = get_tokenizer(name).tokenize
        make = lambda kind, length: hard_text(name, kind, length)  # noqa: E731
    run(make(kind, 100))
    base = peak_bytes()
    for length in lengths:
        text = make(kind, length)
        start, start_cpu = time.perf_counter(), time.process_time()
        run(text)
        seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        row = {"length": length, "seconds": seconds, "cpu": cpu, "memory": peak_bytes() - base}
        print(json.dumps(row), flush=True)


def measure(name: str, kind: str, lengths: list[int], timeout: float) -> dict[int, str]:
    """The table cells "seconds / MB" of ``name`` on ``kind``, one per length, from a child process."""
    command = [sys.executable, __file__, "--child", name, kind, ",".join(map(str, lengths))]
    cells = {}
    try:
        process = subprocess.run(command, capture_output=True, text=True, timeout=timeout * len(lengths))
        output = process.stdout
    except subprocess.TimeoutExpired as expired:
        output = (
            (expired.stdout or b"").decode() if isinstance(expired.stdout, bytes) else expired.stdout or ""
        )
    for line in output.splitlines():
        row = json.loads(line)
        cells[row["length"]] = f"{row['cpu']:.2f} s ({row['seconds']:.1f}) / {row['memory'] / 1e6:.0f} MB"
    for length in lengths:
        if length not in cells:
            cells[length] = "> timeout"
            break
    return cells


def main() -> None:
    """Print the table: a row per tokenizer and input, a column per length."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="run the tokenizers whose name contains this")
    parser.add_argument("--lengths", default="10000,100000,1000000")
    parser.add_argument("--kinds", default=",".join(KINDS), help="the inputs to run, comma-separated")
    parser.add_argument("--timeout", type=float, default=600, help="wall seconds per length before giving up")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        name, kind, lengths = args.child
        child(name, kind, [int(n) for n in lengths.split(",")])
        return
    from kurouge.tokenizers import registry

    lengths = [int(n) for n in args.lengths.split(",")]
    print("| tokenizer | input | " + " | ".join(f"{n:,} chars" for n in lengths) + " |")
    print("|---|---|" + "---|" * len(lengths))
    rows = [(name, kind) for name in registry.tokenizer_names() for kind in args.kinds.split(",")]
    rows += [("split_summaries", "english"), ("split_summaries", "a*700 + ' .'*150")]
    for name, kind in rows:
        if args.only and args.only not in name:
            continue
        cells = measure(name, kind, lengths, args.timeout)
        print(f"| {name} | {kind} | " + " | ".join(cells.get(n, "") for n in lengths) + " |", flush=True)


if __name__ == "__main__":
    main()
