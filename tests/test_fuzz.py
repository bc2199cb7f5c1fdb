"""Fuzz: random Unicode, option values and misbehaving tokenizers thrown at every entry point.

Invariant (issue 11, item 7): a call either raises ValueError or TypeError with a message, exactly
when something in it is invalid, or returns the reference implementation's numbers; and the same
metric object gives the right answer on a good batch afterwards. Hypothesis runs a bounded number of
examples with a derandomized seed, so CI time is fixed.
"""

import math
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk.stem import porter
from rouge_score.rouge_scorer import RougeScorer

from kurouge.api import check_options_early
from kurouge.cli import main as rouge_cli
from kurouge.tokenizers.sentences import split_sentences

FUZZ = settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
GOOD = {"predictions": ["a b c"], "references": [["a b d", "x"]]}
GOOD_RESULT = {"rouge1": 2 / 3, "rouge2": 0.5, "rougeL": 2 / 3, "rougeLsum": 2 / 3}

# Characters that break naive text handling: lone surrogates, controls, NUL, combining marks, joiners,
# every line and paragraph separator, a byte order mark, an emoji ZWJ sequence, wide and CJK text.
ODD = ["\ud800", "\udfff", "\x00", "\x1c", "\x85", "\u2028", "\u2029", "\r", "\r\n", "\n", "\t", "\u3000"] + [
    "\u0301",
    "\u200d",
    "\u200c",
    "\ufeff",
    "👩\u200d💻",
    "Ａ",
    "晴れ",
    "ß",
    "İ",
    "ﬁ",
    "a",
    "b",
    " ",
]
text = st.lists(st.one_of(st.sampled_from(ODD), st.characters()), max_size=12).map("".join)


def valid_text(value: str) -> bool:
    return not re.search("[\ud800-\udfff]", value)


@st.composite
def batches(draw, min_size=0):
    """(predictions, references, valid): single or multiple references, sometimes malformed."""
    size = draw(st.integers(min_size, 4))
    predictions = draw(st.lists(text, min_size=size, max_size=size))
    form = draw(st.sampled_from(["single", "multi", "mixed", "empty list", "short"]))
    if form == "single":
        references = draw(st.lists(text, min_size=size, max_size=size))
    elif form == "multi":
        references = draw(st.lists(st.lists(text, min_size=1, max_size=3), min_size=size, max_size=size))
    elif form == "mixed":
        references = [draw(text), [draw(text)]][: max(size, 2)]
    elif form == "empty list":
        references = [[] for _ in range(size)]
    else:
        references = draw(st.lists(text, max_size=size - 1)) if size else [draw(text)]
    texts = predictions + [r for ref in references for r in (ref if isinstance(ref, list) else [ref])]
    valid = size > 0 and form in ("single", "multi") and all(map(valid_text, texts))
    return predictions, references, valid


def option(valid, invalid):
    """A strategy of (value, is_valid) pairs."""
    return st.one_of(
        st.sampled_from(valid).map(lambda v: (v, True)), st.sampled_from(invalid).map(lambda v: (v, False))
    )


BOOLEAN = option([True, False], [1, 0, "yes", None, "True"])
OPTIONS = {
    "rouge_types": option(
        [TYPES, ["rouge3", "rougeL"], ["rougeLsum"], "rouge1", ["rougeW", "rougeSU4"]],
        [[], "rouge", ["rouge1\n"], ["rouge0"], ["ROUGE1"], [1], 7, ["rougeS10"], ["rougeLsum "]],
    ),
    "use_aggregator": BOOLEAN,
    "use_stemmer": BOOLEAN,
    "split_summaries": BOOLEAN,
    "detailed": BOOLEAN,
    "multi_ref": option(["best", "avg"], ["max", None, 1]),
    "tokenizer": option([None, "whitespace", "char", "cjk", "rouge-score"], ["klingon", "", 3, ["a"]]),
    "engine": option(["fast"], ["rust", None]),
    "seed": option([0, 7], [-1, 1.5, "0", True]),
}


# The invisible format characters the whitespace tokenizer drops (and the zero width space, a space):
# its one deliberate difference from kurenai's tokens (issue 31, tests/test_tokenizers_invisible.py).
INVISIBLE = re.compile("[\u00ad\u061c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]")


def reference_tokens(value: str, use_stemmer: bool) -> list[str]:
    """kurenai's tokens, without empty or invisible ones: lower-case, split on whitespace, Porter on ASCII."""
    stemmer = porter.PorterStemmer()
    tokens = INVISIBLE.sub("", value).replace("\u200b", " ").lower().split()
    stemmable = re.compile(r"^[a-z0-9]+$")
    return [stemmer.stem(t) if use_stemmer and len(t) > 3 and stemmable.match(t) else t for t in tokens]


class ReferenceTokenizer:
    def __init__(self, use_stemmer):
        self.use_stemmer = use_stemmer

    def tokenize(self, value):
        return reference_tokens(value, self.use_stemmer)


def expected_scores(predictions, references, rouge_types, use_stemmer, split_summaries, multi_ref):
    """Per example, rouge-score's F per type with the reference tokenizer, reduced over references."""
    scorer = RougeScorer(rouge_types, tokenizer=ReferenceTokenizer(use_stemmer))
    rows = []
    for prediction, refs in zip(predictions, references, strict=True):
        refs = refs if isinstance(refs, list) else [refs]
        per_ref = []
        for ref in refs:
            scores = {t: s.fmeasure for t, s in scorer.score(ref, prediction).items()}
            if "rougeLsum" in rouge_types:
                joined = ("\n".join(split_sentences(x, split_summaries)) for x in (ref, prediction))
                scores["rougeLsum"] = scorer.score(*joined)["rougeLsum"].fmeasure
            per_ref.append(scores)
        if multi_ref == "best":
            rows.append({t: max(s[t] for s in per_ref) for t in rouge_types})
        else:
            rows.append({t: sum(s[t] for s in per_ref) / len(per_ref) for t in rouge_types})
    return rows


def check_outcome(call, valid, predictions, references, options):
    """Run ``call``: an error exactly when invalid, else the reference numbers where it applies."""
    try:
        result = call()
    except (ValueError, TypeError) as error:
        assert not valid, f"valid input refused: {error!r}"
        assert len(str(error)) > 15, f"an error that names nothing: {error!r}"
        return
    assert valid, f"invalid input accepted: {predictions!r} {references!r} {options!r}"
    rouge_types = options.get("rouge_types", TYPES)
    rouge_types = [rouge_types] if isinstance(rouge_types, str) else rouge_types
    if options.get("tokenizer") not in (None, "whitespace") or not set(rouge_types) <= set(TYPES):
        values = [
            v
            for key in rouge_types
            for v in (result[key] if isinstance(result[key], list) else [result[key]])
        ]
        assert all(0.0 <= v <= 1.0 for v in values)
        return
    rows = expected_scores(
        predictions,
        references,
        rouge_types,
        options.get("use_stemmer", False),
        options.get("split_summaries", False),
        options.get("multi_ref", "best"),
    )
    for rouge_type in rouge_types:
        column = [row[rouge_type] for row in rows]
        if options.get("use_aggregator", True):
            assert result[rouge_type] == math.fsum(column) / len(column)
        else:
            assert result[rouge_type] == column


def draw_options(draw):
    chosen = draw(st.lists(st.sampled_from(sorted(OPTIONS)), unique=True, max_size=4))
    pairs = {name: draw(OPTIONS[name]) for name in chosen}
    return {name: value for name, (value, _) in pairs.items()}, all(ok for _, ok in pairs.values())


@FUZZ
@given(data=st.data())
def test_compute(rouge, data):
    predictions, references, inputs_valid = data.draw(batches())
    options, options_valid = draw_options(data.draw)
    call = lambda: rouge.compute(predictions=predictions, references=references, **options)  # noqa: E731
    check_outcome(call, inputs_valid and options_valid, predictions, references, options)
    assert rouge.compute(**GOOD) == GOOD_RESULT


@FUZZ
@given(data=st.data())
def test_add_batch_then_compute(rouge, data):
    first = data.draw(batches(min_size=1))
    second = data.draw(batches(min_size=1))
    options, options_valid = draw_options(data.draw)
    both_multi = [isinstance(r, list) for _, refs, _ in (first, second) for r in refs[:1]]
    same_form = len(set(both_multi)) <= 1

    def call():
        for predictions, references, _ in (first, second):
            rouge.add_batch(predictions=predictions, references=references)
        return rouge.compute(**options)

    valid = first[2] and second[2] and same_form and options_valid
    check_outcome(call, valid, first[0] + second[0], first[1] + second[1], options)
    if first[2] and not (second[2] and same_form):
        # The second add_batch failed: it stored nothing and lost nothing, so the first batch is kept.
        kept = rouge.compute()
        assert kept == rouge.compute(predictions=first[0], references=first[1])
    elif first[2] and second[2] and same_form and not options_valid:
        # compute() refused an option before reading the stored rows (check_options_early), or failed
        # later and discarded them: what is left is both batches, or nothing.
        try:
            check_options_early(options)
        except (ValueError, TypeError):
            kept = rouge.compute()
            assert kept == rouge.compute(predictions=first[0] + second[0], references=first[1] + second[1])
        assert len(rouge) == 0
    assert rouge.compute(**GOOD) == GOOD_RESULT


@FUZZ
@given(data=st.data())
def test_score_examples(rouge, data):
    predictions, references, valid = data.draw(batches())
    options, options_valid = draw_options(data.draw)
    options.pop("use_aggregator", None)
    options.pop("seed", None)
    options["use_aggregator"] = False
    scoring = {k: v for k, v in options.items() if k != "use_aggregator"}
    call = lambda: rouge.score_examples(predictions, references, **scoring)  # noqa: E731
    # Unlike compute(), score_examples scores a corpus in parts, and an empty part has empty columns.
    valid = valid or predictions == references == []
    check_outcome(call, valid and options_valid, predictions, references, options)


def misbehaving(kind):
    """A tokenizer callable that fails in one of several ways, or behaves (``"list"``)."""
    behaviours = {
        "list": lambda value: value.split(),
        "tuple": lambda value: tuple(value.split()),
        "none": lambda value: None,
        "str": lambda value: value,
        "generator": lambda value: iter(value.split()),
        "set": lambda value: set(value.split()),
        "ints": lambda value: [1, 2],
        "nested": lambda value: [value.split()],
        "bytes": lambda value: [value.encode("utf-8", "replace")],
        "raises": lambda value: {}[value],
        "recursion": lambda value: (_ for _ in ()).throw(RecursionError("deep")),
    }
    return behaviours[kind]


@FUZZ
@given(
    data=st.data(),
    kind=st.sampled_from(
        ["list", "tuple", "none", "str", "generator", "set", "ints", "nested", "bytes", "raises", "recursion"]
    ),
    as_object=st.booleans(),
)
def test_misbehaving_tokenizers(rouge, data, kind, as_object):
    predictions, references, inputs_valid = data.draw(batches())
    function = misbehaving(kind)
    tokenizer = type("Custom", (), {"tokenize": staticmethod(function)})() if as_object else function
    try:
        result = rouge.compute(predictions=predictions, references=references, tokenizer=tokenizer)
    except (ValueError, TypeError) as error:
        assert not (inputs_valid and kind in ("list", "tuple")), repr(error)
        assert "tokenizer" in str(error) or not inputs_valid, repr(error)
    else:
        assert inputs_valid and kind in ("list", "tuple")
        scorer = RougeScorer(["rouge1"], tokenizer=type("T", (), {"tokenize": staticmethod(str.split)})())
        rows = [
            scorer.score_multi(refs if isinstance(refs, list) else [refs], p)["rouge1"].fmeasure
            for p, refs in zip(predictions, references, strict=True)
        ]
        assert result["rouge1"] == math.fsum(rows) / len(rows)
    assert rouge.compute(**GOOD) == GOOD_RESULT


@FUZZ
@given(
    lines=st.lists(text, min_size=0, max_size=4),
    reference_lines=st.lists(text, min_size=0, max_size=4),
    extra=st.lists(
        st.sampled_from(
            ["--use-stemmer", "--detailed", "--bootstrap", "--split-summaries", "--format=table"]
            + ["--format=csv", "--tokenizer=char", "--tokenizer=klingon", "--rouge-types=rouge1,rougeW"]
            + ["--rouge-types=rouge0", "--n-samples=0", "--n-samples=10", "--confidence-level=2"]
            + ["--multi-ref=avg", "--engine=rust"]
        ),
        unique=True,
        max_size=4,
    ),
    bom=st.booleans(),
)
def test_command_line(tmp_path_factory, capsys, lines, reference_lines, extra, bom):
    """The command line exits 0 or 2 with one message, never with a traceback."""
    folder = tmp_path_factory.mktemp("cli")
    encoded = [
        ("\ufeff" * bom + "\n".join(content)).encode("utf-8", "surrogatepass")
        for content in (lines, reference_lines)
    ]
    (folder / "p.txt").write_bytes(encoded[0])
    (folder / "r.txt").write_bytes(encoded[1])
    status = rouge_cli.main(
        ["--predictions", str(folder / "p.txt"), "--references", str(folder / "r.txt"), *extra]
    )
    out, err = capsys.readouterr()
    assert status in (0, 2)
    if status == 2:
        assert err.startswith("kurenai-rouge: error: ") and err.count("\n") == 1, err
    else:
        assert out


@pytest.mark.parametrize("kind", ["none", "raises"])
def test_misbehaving_tokenizer_in_score_examples(rouge, kind):
    with pytest.raises((ValueError, TypeError), match="tokenizer custom"):
        rouge.score_examples(["a b"], ["a"], tokenizer=misbehaving(kind))
