"""The ROUGE-1.5.5 mode against the real ROUGE-1.5.5.pl: every printed value identical.

Documents are generated (hypothesis): several sentences (lines, some empty or blank), several
references, hyphens, digits, ``$``, upper case, non-ASCII letters, punctuation, repeated words,
words of the WordNet exception DB and of the stopword list. For each flag set, ROUGE-1.5.5.pl runs
once per example on the whole batch (tests/rouge155_perl.py) and every number it prints (per
evaluation with -d, Average and interval) must equal ours formatted as Perl prints it.
"""

import random
import subprocess
import sys
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rouge155_files2rouge import ROUGE155
from rouge155_perl import PerlError, run_perl

from kurouge import score
from kurouge.rouge155 import scoring
from kurouge.rouge155.bootstrap import draws
from kurouge.rouge155.flags import parse_flags
from kurouge.rouge155.ids import DroppedTextWarning
from kurouge.rouge155.scoring import IgnoredFlagWarning, evaluate
from kurouge.rouge155.stopwords import STOPWORDS
from kurouge.settings import get_tokenizer

FLAG_SETS = [
    "-c 95 -r 1000 -n 2 -a -m",  # what papers report (pyrouge's and files2rouge's default)
    "-c 95 -r 1000 -n 2 -a -m -2 4 -U -w 1.2",
    "",  # ROUGE-L alone
    "-a -n 4 -x -2 -1 -U",  # ROUGE-S* and ROUGE-SU*
    "-n 3 -2 0 -u -f B -r 200",
    "-n 2 -l 7 -w 1.5 -m -r 100",
    "-n 2 -b 25 -w 1.2 -r 100",
    "-n 1 -s -m -p 0.2 -c 90 -r 50",
    "-n 2 -t 1 -f B -w 1.2 -2 3 -U -r 100",
    "-n 9 -t 0 -d -r 10",
    "-x -2 2 -U -s -b 40 -f A -r 100",
    "-n2 -am -l10 -fB -r100",  # bundled as Getopt::Std reads them
    "-n 2 -p 1 -c 100 -r 3",
    "-n 2 -p 0 -c 0 -r 1",
    "-n 2 -w 2 -x -m -r 20",  # an integer weight: Perl multiplies integers exactly
    "-n 1 -m -s -l 3 -2 1 -u -t 1 -r 30",
]

WORDS = [
    *["the", "a", "of", "and", "is", "reuters", "news", "z", "zero"],  # stopwords (ROUGE's list)
    *["children", "were", "geese", "better", "best", "mice", "tried", "says", "agreement", "epicenter"],
    *["cat", "cats", "sat", "running", "runs", "ab", "abc", "abcd", "police", "gunman", "killed"],
    *["Police", "POLICE", "CaT", "state-of-the-art", "co-operate", "--", "-", "3.5", "$5", "US$", "1990s"],
    *["U.S.", "e.g.", "don't", "it's", ",", ".", "!", "(c)", "café", "naïve", "\u0130stanbul", "\u212aelvin"],
    *["日本語", "Straße", "x\u00a0y"],
]
# Lines with leading, trailing and inner runs of whitespace (Perl's split keeps a leading empty word), CR.
spaces = st.sampled_from(["", " ", "\t", "  ", "\r"])
sentences = st.builds(
    lambda before, words, gap, after: before + gap.join(words) + after,
    spaces,
    st.lists(st.sampled_from(WORDS), max_size=8),
    st.sampled_from([" ", " ", "  ", "\t"]),
    spaces,
)
texts = st.lists(sentences, max_size=4).map("\n".join)
documents = st.lists(st.tuples(texts, st.lists(texts, min_size=1, max_size=3)), min_size=1, max_size=10)


def perl_format(value: float, counts: bool) -> str:
    """How ROUGE-1.5.5 prints our value: %7.5f, or a count (-t 1, per evaluation) as Perl prints numbers."""
    return format(value, ".15g") if counts else format(value, ".5f")


def compare_with_perl(home, workdir, flags, predictions, references, ids=None):
    """(number of values compared, the differing ones) between ROUGE-1.5.5.pl and evaluate()."""
    try:
        per_document, average = run_perl(home, workdir, flags, predictions, references, ids)
    except PerlError as error:
        assert "Illegal division by zero" in str(error) and "-w" in flags.split()
        with pytest.raises(ValueError, match="divides by zero"):
            evaluate(flags, predictions, references, ids)
        return 0, []
    result = evaluate(flags, predictions, references, ids)
    compared, differing = 0, []
    for measure in result.options.measures:
        for document_id, scores in result.per_document.items():
            ours = tuple(perl_format(x, result.options.pool_counts) for x in scores[measure.key])
            compared += 3
            if ours != per_document[document_id][measure.perl_name]:
                differing.append(
                    (document_id, measure.key, ours, per_document[document_id][measure.perl_name])
                )
        for part in "RPF":
            ours = tuple(format(x, ".5f") for x in result.average[measure.key][part])
            compared += 3
            if ours != average[measure.perl_name][part]:
                differing.append(("Average", measure.key, part, ours, average[measure.perl_name][part]))
    assert sorted(average) == sorted(m.perl_name for m in result.options.measures)
    return compared, differing


def with_content(flags, references):
    """References that start with a word: with -w, ROUGE-1.5.5 dies on a reference without tokens."""
    if "-w" not in flags.split():
        return references
    return [["Zebra " + reference for reference in refs] for refs in references]


@pytest.fixture(params=["compiled", "python"])
def route(request, monkeypatch):
    """Both routes of the kernels: compiled by numba (a large input), or run as Python (a small one)."""
    monkeypatch.setattr(scoring, "COMPILE_WORK", -1 if request.param == "compiled" else 10**18)
    return request.param


@pytest.mark.parametrize("flags", FLAG_SETS)
def test_generated_documents_print_as_rouge155(rouge155_home, tmp_path_factory, flags, route):
    @settings(max_examples=2, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(batch=documents)
    def check(batch):
        predictions = [prediction for prediction, _ in batch]
        references = with_content(flags, [refs for _, refs in batch])
        compared, differing = compare_with_perl(
            rouge155_home, tmp_path_factory.mktemp("perl"), flags, predictions, references
        )
        assert not differing

    check()


def test_written_documents_and_evaluation_ids(rouge155_home, tmp_path):
    """Named IDs sort as Perl sorts "<id>.1" (its resampling order), here with a prefix followed by a dot."""
    predictions = [
        "The Police killed the gunman.\nchildren were running",
        "state-of-the-art co-operation, $3.5 in the 1990s",
        "",
        "KELVIN \u212a and \u0130stanbul",
        "cat cat cat cat\n\n  \nthe cat",
        "police",
    ]
    references = [
        ["police killed the gunman\nthe children ran", "a gunman was killed by police"],
        ["the state of the art co-operates for $3.5"],
        ["empty prediction"],
        ["kelvin and istanbul"],
        ["the cat sat", "cats cats", "dog"],
        ["Police"],
    ]
    ids = ["10", "9", "1.5", "1", "a", "B"]
    for flags in ["-n 2 -x -2 4 -U -r 200", "-n 2 -r 1000 -f B -c 80"]:
        compared, differing = compare_with_perl(
            rouge155_home, tmp_path / flags, flags, predictions, references, ids
        )
        assert compared and not differing


def test_draws_are_perls_rand(tmp_path):
    """drand48 as Perl's rand: srand(i), then int(rand(N)) N times, for the first resamples."""
    script = "for $i (0..4) { srand($i); print join(' ', map { int(rand(7919)) } 1..7919), \"\\n\" }"
    perl = subprocess.run(["perl", "-e", script], check=True, capture_output=True, text=True).stdout
    expected = np.array([line.split() for line in perl.splitlines()], np.int64)
    assert (draws(5, 7919).T == expected).all()


def test_stopwords_are_rouges_list():
    lines = (ROUGE155 / "data" / "smart_common_words.txt").read_text().splitlines()
    assert len(lines) == 598 and STOPWORDS == set(lines)


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        ("-3 HM", "-3"),
        ("-z SPL", "-z"),
        ("-M", "-M"),
        ("-v", "-v"),
        ("-h", "-h"),
        ("-H", "-H"),
        ("-q", "-q"),
        ("-n", "-n"),
        ("-n 10", "-n takes a maximum n-gram size from 0 to 9 .compute's keys end at rouge9"),
        ("-b -5", "-b takes a number of bytes .0 for no limit; a negative one is not supported"),
        ("-r 100001", "-r: at most 100,000 resamples here, not 100,001"),
        ("-n two", "-n"),
        ("-c 101", "-c"),
        ("-c -5", "-c"),
        ("-r 0", "-r"),
        ("-r 1.5", "-r"),
        ("-2 x", "-2"),
        ("-w 0", "-w"),
        ("-w -1", "-w"),
        ("-l -3", "-l"),
        ("-b 1e3", "-b"),
        ("-f C", "-f"),
        ("-p 1.5", "-p"),
        ("-t 2", "-t"),
        ("-l 10 -b 20", "-l and -b"),
        ("-n 2 file.xml", "'file.xml'"),
        ("-am -y", "-y"),
    ],
)
def test_bad_flags_are_value_errors_naming_the_flag(flags, named):
    with pytest.raises(ValueError, match=named):
        parse_flags(flags)


@pytest.mark.parametrize("weight", ["0.0001", "100"])
def test_a_rouge_w_weight_that_overflows_is_a_value_error_naming_w(weight):
    """It was an OverflowError: k ** w, or a score ** (1 / w), beyond a float."""
    long = " ".join(f"w{i}" for i in range(300))
    with pytest.raises(
        ValueError, match=f"^ROUGE-1.5.5 flag -w {weight}: ROUGE-W's weights .* overflow a float"
    ):
        evaluate(f"-a -n 1 -w {weight}", [long, "the cat sat on the mat"], [[long], ["the cat sat on a mat"]])


def test_bad_inputs():
    with pytest.raises(ValueError, match="nothing to score"):
        evaluate("-n 1", [], [])
    with pytest.raises(ValueError, match="distinct"):
        evaluate("-n 1", ["a", "b"], [["a"], ["b"]], ids=["1", "1"])
    with pytest.raises(ValueError, match="no reference"):
        evaluate("-n 1", ["a"], [[]])
    with pytest.raises(TypeError, match="not a string"):
        evaluate("-n 1", ["a"], [[None]])
    with pytest.raises(TypeError, match="one string"):
        parse_flags(["-n", "2"])


def test_compute_returns_perls_numbers(rouge, rouge155_home, tmp_path):
    """compute(rouge155=...) through the loaded metric: Perl's Average, interval and per-document numbers."""
    predictions = ["The Police killed the gunman.\nchildren were running", "the cat sat", "Cats!"]
    references = [["police killed the gunman", "the children ran"], ["a cat sat on the mat"], ["cats"]]
    flags = "-c 95 -r 1000 -n 2 -a -m -2 4 -U -w 1.2"
    per_document, average = run_perl(rouge155_home, tmp_path, flags, predictions, references)
    names = {"rouge1": "ROUGE-1", "rouge2": "ROUGE-2", "rougeLsum": "ROUGE-L", "rougeW": "ROUGE-W-1.2"}
    names |= {"rougeS4": "ROUGE-S4", "rougeSU4": "ROUGE-SU4"}
    aggregated = rouge.compute(predictions=predictions, references=references, rouge155=flags, detailed=True)
    expected = {}
    for key, name in names.items():
        for suffix, part in [("", "F"), ("_precision", "P"), ("_recall", "R")]:
            value, low, high = average[name][part]
            expected |= {key + suffix: value, f"{key}{suffix}_low": low, f"{key}{suffix}_high": high}
    assert {key: format(value, ".5f") for key, value in aggregated.items()} == expected
    per_example = rouge.compute(
        predictions=predictions, references=references, rouge155=flags, use_aggregator=False, detailed=True
    )
    rows = [per_document[str(i)] for i in range(len(predictions))]
    for key, name in names.items():
        for suffix, part in [("", 2), ("_precision", 1), ("_recall", 0)]:
            assert [format(x, ".5f") for x in per_example[key + suffix]] == [row[name][part] for row in rows]


def test_compute_with_pooled_counts_per_document(rouge):
    result = rouge.compute(
        predictions=["a b c"], references=[["a b"]], rouge155="-n 1 -x -t 1", use_aggregator=False
    )
    assert result == {"rouge1_reference_count": [2.0], "rouge1_prediction_count": [3.0], "rouge1_hits": [2.0]}


@pytest.mark.parametrize(
    "options",
    [
        {"rouge_types": ["rouge1"]},
        {"use_stemmer": True},
        {"multi_ref": "avg"},
        {"bootstrap": True},
        {"n_samples": 10},
        {"confidence_level": 0.9},
        {"seed": 1},
        {"split_summaries": True},
        {"engine": "kurenai"},
    ],
)
def test_compute_options_the_flags_replace_are_value_errors(rouge, options):
    with pytest.raises(ValueError, match=f"drop {next(iter(options))}"):
        rouge.compute(predictions=["a"], references=["a"], rouge155="-n 2", **options)


def test_flags_asking_for_no_measure_are_a_value_error(rouge):
    """-x without -n asks for nothing: compute returned {} without a word."""
    with pytest.raises(ValueError, match="asks for no measure"):
        rouge.compute(predictions=["a b"], references=["a b"], rouge155="-x")
    assert rouge.compute(predictions=["a b"], references=["a b"], rouge155="-x -n 1") == pytest.approx(
        {"rouge1": 1.0, "rouge1_low": 1.0, "rouge1_high": 1.0}
    )


def test_compute_rejects_bad_flags_before_storing(rouge):
    with pytest.raises(ValueError, match="-3"):
        rouge.add_batch(predictions=["a"], references=["a"])
        rouge.compute(rouge155="-n 2 -3 HM")
    with pytest.raises(ValueError, match="one string"):
        rouge.compute(predictions=["a"], references=["a"], rouge155=["-n", "2"])


def test_signature_names_rouge155_and_its_flags(rouge):
    result = rouge.compute(predictions=["a"], references=["a"], rouge155="-n  2 -m", return_signature=True)
    assert result["signature"].startswith("scorer:ROUGE-1.5.5|flags:-n 2 -m|")


def test_kernels_give_the_same_numbers_without_numba(monkeypatch):
    monkeypatch.setattr(scoring, "COMPILE_WORK", -1)  # the first run compiled
    """Where numba has no wheel the kernels run as Python: the same functions, the same numbers."""
    from kurouge.rouge155 import bootstrap as rouge155_bootstrap
    from kurouge.rouge155 import grams as rouge155_grams
    from kurouge.rouge155 import lcs as rouge155_lcs
    from kurouge.rouge155 import measures as rouge155_measures
    from kurouge.rouge155.jit import Kernel

    flags = "-n 3 -2 2 -U -w 1.2 -r 20 -f B"
    predictions = ["The cat sat on the mat.\nthe cat ran", "a b a b a", "police kill the gunman"]
    references = [["the cat was on the mat", "cat sat"], ["a a b b"], ["police killed the gunman\nkill"]]
    compiled = evaluate(flags, predictions, references)
    modules = [rouge155_bootstrap, rouge155_grams, rouge155_lcs, rouge155_measures]
    kernels = {id(v): v for module in modules for v in vars(module).values() if isinstance(v, Kernel)}
    assert len(kernels) == 6
    for kernel in kernels.values():
        monkeypatch.setattr(kernel, "_run", kernel._interpreted)
        for helper in kernel.helpers:
            monkeypatch.setitem(kernel.function.__globals__, helper.__name__, helper)
    assert evaluate(flags, predictions, references) == compiled


LONG_LINE_RUN = """
import random, resource
from kurouge.rouge155.scoring import evaluate
rng = random.Random(1)
words = [f"w{i}" for i in range(3000)]
reference, prediction = (" ".join(rng.choices(words, k=10_000)) for _ in range(2))
evaluate("-a -n 1 -w 1.2", ["a b c"], [["a b d"]])  # numba compiled, caches warm
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
evaluate("-a -n 1 -w 1.2", [prediction], [[reference]])
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)
"""


def test_rouge_l_and_w_of_a_10000_word_line_take_near_linear_memory():
    """Three full tables per sentence pair took 1.6 GB here (and a 50,000-word line was killed)."""
    result = subprocess.run(
        [sys.executable, "-c", LONG_LINE_RUN], capture_output=True, text=True, timeout=300, check=True
    )
    assert int(result.stdout) < 150, f"{result.stdout.strip()} MB more at the peak"


# Words of each language (written for this test), for documents of a few sentences, one per line.
WORDS = {
    "ja": "東京 大阪 に 行く 行った 電車 は 速い 今日 雨 が 降る 私 の 友達 と 会う 。 、".split(),
    "zh": "我们 今天 去 北京 上海 火车 很 快 下雨 了 朋友 见面 的 是 。 ，".split(),
    "ko": "오늘 서울 에 갑니다 기차 는 빠릅니다 비 가 옵니다 친구 를 만났다 .".split(),
    "th": "วันนี้ ฉัน ไป กรุงเทพ รถไฟ เร็ว มาก ฝน ตก เพื่อน พบ กัน".split(),
}
TOKEN_FLAGS = ["-c 95 -r 200 -n 2 -a -m", "-a -r 100 -n 3 -2 4 -U -w 1.2 -s", "-a -r 100 -n 2 -l 9 -f B"]


def document(rng, words):
    return "\n".join("".join(rng.choices(words, k=rng.randint(1, 9))) for _ in range(rng.randint(1, 3)))


@pytest.mark.parametrize("language", sorted(WORDS))
def test_a_language_s_tokens_score_as_perl_reads_them_as_ids(rouge155_home, tmp_path, language):
    """compute(rouge155=..., language=...) against the real Perl fed the tokens, ids of the test's own."""
    rng = random.Random(language)
    predictions = [document(rng, WORDS[language]) for _ in range(8)]
    references = [[document(rng, WORDS[language]) for _ in range(rng.randint(1, 2))] for _ in range(8)]
    tokenize = get_tokenizer(language=language).tokenize
    texts = predictions + [r for refs in references for r in refs]
    tokens = sorted({t for text in texts for line in text.split("\n") for t in tokenize(line)}, reverse=True)
    number = {token: str(i) for i, token in enumerate(tokens)}  # another one-to-one map than the library's

    def perl_text(text):
        return "\n".join(" ".join(number[t] for t in tokenize(line)) for line in text.split("\n"))

    perl_predictions = [perl_text(text) for text in predictions]
    perl_references = [[perl_text(r) for r in refs] for refs in references]
    for k, flags in enumerate(TOKEN_FLAGS):
        per_document, average = run_perl(
            rouge155_home, tmp_path / str(k), flags, perl_predictions, perl_references
        )
        options = dict(predictions=predictions, references=references, rouge155=flags, language=language)
        aggregated = score(**options, detailed=True)
        per_example = score(**options, detailed=True, use_aggregator=False)
        assert aggregated["rouge1"] > 0
        for key, name in {"rouge1": "ROUGE-1", "rouge2": "ROUGE-2", "rougeLsum": "ROUGE-L"}.items():
            for suffix, part, index in [("", "F", 2), ("_precision", "P", 1), ("_recall", "R", 0)]:
                value, low, high = average[name][part]
                got = [
                    aggregated[key + suffix],
                    aggregated[f"{key}{suffix}_low"],
                    aggregated[f"{key}{suffix}_high"],
                ]
                assert [format(x, ".5f") for x in got] == [value, low, high], (flags, key + suffix)
                assert [format(x, ".5f") for x in per_example[key + suffix]] == [
                    per_document[str(i)][name][index] for i in range(len(predictions))
                ]


def test_text_perl_cannot_read_is_a_warning_saying_how_much(rouge):
    with pytest.warns(
        DroppedTextWarning, match=r"10 of the 12 letters and digits .* \(83.3%\) are outside ASCII"
    ):
        result = rouge.compute(
            predictions=["東京に行く。OK"], references=["東京へ行く。"], rouge155="-a -n 1"
        )
    assert result["rouge1"] == 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rouge.compute(predictions=["the cat"], references=["a cat"], rouge155="-a -n 1")
        score(["東京に行く。"], ["東京へ行く。"], rouge155="-a -n 1", language="ja")


def test_bytes_make_no_sense_for_ids():
    with pytest.raises(ValueError, match="-b counts bytes.*use -l N"):
        score(["東京"], ["東京"], rouge155="-a -n 1 -b 10", language="ja")


def test_the_signature_names_the_tokens_read_as_ids():
    signature = score(["東京"], ["東京"], rouge155="-a -n 1", tokenizer="char", return_signature=True)[
        "signature"
    ]
    assert signature.startswith("scorer:ROUGE-1.5.5|flags:-a -n 1|tok:ids(char[graphemes,")
    signature = score(["東京"], ["東京"], rouge155="-a -n 1", language="ko", return_signature=True)[
        "signature"
    ]
    assert "|lang:ko(Korean)|kurenai_rouge:" in signature


ROUTE_RUN = """
import sys
from kurouge.rouge155 import lcs, scoring
small = scoring.evaluate("-c 95 -r 1000 -n 2 -a -m -w 1.2", ["the cat sat"] * 3, [["a cat sat"]] * 3)
print("numba" in sys.modules, lcs.lcs_hits._run is not None)
words = " ".join(f"w{i % 300}" for i in range(2000))
large = scoring.evaluate("-a -n 1 -r 10", [words], [[words[::-1]]])
print("numba" in sys.modules, lcs.lcs_hits._run is not None)
"""


def test_a_small_input_runs_as_python_and_a_large_one_compiled():
    """A first call on a few documents does not wait for numba (10 s to compile, 1 s to load)."""
    result = subprocess.run([sys.executable, "-c", ROUTE_RUN], capture_output=True, text=True, check=True)
    assert result.stdout.split("\n")[:2] == ["False False", "True True"]


def test_pyrouge_s_data_directory_flag_is_accepted_with_a_note(rouge155_home, tmp_path):
    predictions, references = ["the cat sat on the mat"], [["the cat sat on a mat"]]
    with pytest.warns(IgnoredFlagWarning, match=r"^ROUGE-1.5.5 flag -e /data/ROUGE is not needed"):
        given = evaluate("-e /data/ROUGE -c 95 -r 100 -n 2 -a", predictions, references)
    plain = evaluate("-c 95 -r 100 -n 2 -a", predictions, references)
    assert (given.per_document, given.average) == (plain.per_document, plain.average)


@pytest.mark.parametrize("flags", ["-a -r 100 -n 0", "-a -r 100 -n 2 -w 1e-1"])
def test_flags_perl_takes_are_taken(rouge155_home, tmp_path, flags):
    """-n 0 (ROUGE-L only) and a weight written with an exponent were refused; Perl takes them."""
    predictions = ["the cat sat on the mat\nit was happy", "a b c d"]
    references = [["the cat sat on a mat"], ["a c b d e"]]
    compared, differing = compare_with_perl(rouge155_home, tmp_path, flags, predictions, references)
    assert compared and not differing
