"""The reproducibility signature names every option that can change a score."""

import inspect
import itertools
import re
import unicodedata
from importlib.metadata import version

import pytest

from kurouge.languages import LANGUAGE_NAMES
from kurouge.settings import get_tokenizer, resolve
from kurouge.tokenizers.registry import TOKENIZERS

PREDICTIONS = [
    "They barked. The dogs were running",
    "A cat sat on the mat",
    "It rained",
    "The train left at noon",
    "Prices rose sharply in May",
    "She reads books every night",
    "We planted three trees",
    "The meeting was moved to Friday",
]
REFERENCES = [
    ["The dogs ran. They barked loudly", "A dog was running"],
    ["The cat sat on a mat", "Cats sit on mats"],
    ["It rained all day", "Rain fell"],
    ["The train departed at midday", "A train left"],
    ["In May prices rose", "Prices went up"],
    ["She read a book last night", "Every night she reads"],
    ["Three trees were planted by us", "We planted trees"],
    ["Friday is the new meeting day", "The meeting moved"],
]


def characters(text):
    return list(text)


def words(text):
    return text.split()


# Each option with a value other than its default. Every one of them changes a number on the data
# above, except engine (both engines give identical numbers by design; it is named all the same).
OPTION_CHANGES = [
    {"use_stemmer": True},  # dogs/dog, running/runs -> run
    # Two sentences in reverse order: rougeLsum finds "the dogs" and "they", rougeL only one of them.
    {"split_summaries": True},
    {"multi_ref": "avg"},
    {"use_aggregator": False},
    {"bootstrap": True},
    {"bootstrap": True, "seed": 1},
    {"bootstrap": True, "n_samples": 500},
    {"bootstrap": True, "confidence_level": 0.9},
    {"tokenizer": "char"},
    {"tokenizer": characters},
    {"language": "en"},  # the word tokenizer: "barked." and "barked" are one word
    {"engine": "kurenai"},
    {"rouge155": "-n 2 -a"},  # ROUGE-1.5.5.pl's numbers: its Average and interval
]
# Settings.signature()'s options, at their defaults.
SIGNATURE_OPTIONS = {
    "use_aggregator": True,
    "bootstrap": False,
    "confidence_level": 0.95,
    "n_samples": 1000,
    "seed": 0,
}
# Options that select or add output keys but never change a number.
KEY_OPTIONS = {"rouge_types", "detailed", "return_signature"}


def run(rouge, **options):
    """(numbers, signature) of one compute on the data above."""
    result = rouge.compute(predictions=PREDICTIONS, references=REFERENCES, return_signature=True, **options)
    signature = result.pop("signature")
    return result, signature


def bootstrap_base(options):
    """The options to compare against: bootstrap settings are compared with bootstrap on."""
    return {"bootstrap": True} if options.get("bootstrap") and len(options) > 1 else {}


@pytest.mark.parametrize("options", OPTION_CHANGES, ids=lambda options: "+".join(map(str, options)))
def test_an_option_that_changes_a_score_changes_the_signature(rouge, options):
    base_numbers, base_signature = run(rouge, **bootstrap_base(options))
    numbers, signature = run(rouge, **options)
    if options != {"engine": "kurenai"}:
        assert numbers != base_numbers
    assert signature != base_signature


def test_every_compute_option_is_covered(rouge):
    # A new compute option must be added to OPTION_CHANGES (and to the signature) or to KEY_OPTIONS.
    parameters = set(inspect.signature(type(rouge)._compute).parameters) - {
        "self",
        "predictions",
        "references",
    }
    covered = {name for options in OPTION_CHANGES for name in options} | {"implementation"}  # below
    assert parameters == KEY_OPTIONS | covered


def test_an_implementation_changes_the_numbers_and_the_signature(rouge):
    # The tools take one reference an example: the first of each.
    first = [references[0] for references in REFERENCES]
    base = rouge.compute(
        predictions=PREDICTIONS, references=first, rouge_types=["rouge1"], return_signature=True
    )
    tool = rouge.compute(
        predictions=PREDICTIONS,
        references=first,
        implementation="rouge",
        rouge_types=["rouge1"],
        return_signature=True,
    )
    assert tool["rouge1"] != base["rouge1"] and tool["signature"] != base["signature"]
    assert tool["signature"].startswith("impl:rouge(pltrdy)-1.0.1|")


def test_bootstrap_settings_do_not_matter_without_bootstrap(rouge):
    # Without bootstrap, seed, n_samples and confidence_level change nothing, and the signature says "no".
    assert run(rouge) == run(rouge, seed=7, n_samples=10, confidence_level=0.5)


def test_every_named_tokenizer_has_its_own_signature(rouge):
    # "ja" is another name for "ja-sudachi-a": the same tokenizer, the same signature.
    names = [name for name in TOKENIZERS if name != "ja"]
    signatures = {name: run(rouge, tokenizer=name, rouge_types=["rouge1"])[1] for name in names}
    assert len(set(signatures.values())) == len(names)
    assert run(rouge, tokenizer="ja", rouge_types=["rouge1"])[1] == signatures["ja-sudachi-a"]
    # Custom tokenizers are told apart by their qualified names.
    assert run(rouge, tokenizer=characters)[1] != run(rouge, tokenizer=words)[1]


def test_default_signature(rouge):
    assert run(rouge)[1] == (
        "tok:whitespace[invisible-dropped]|stem:no|split:newline|multi:best|agg:mean|boot:no|engine:fast"
        f"|kurenai_rouge:0.1.0|kurenai:{version('kurenai')}|rouge-score:{version('rouge-score')}"
        f"|rouge-score-rs:{version('rouge-score-rs')}"
    )


def test_language_is_named_after_the_tokenizer(rouge):
    _, signature = run(rouge, language="en", rouge_types=["rouge1"])
    assert signature.startswith(
        f"tok:word[regex-{version('regex')},unicode-{unicodedata.unidata_version},uax29-apostrophe,"
        "invisible-dropped]"
        "|lang:en(English)|"
    )


def test_the_language_is_named_with_its_code(rouge):
    # "kr" is Kanuri, not Korean ("ko"): a reader of the signature sees which language was scored.
    with pytest.warns(UserWarning, match="^language='kr' is Kanuri, not Korean"):
        _, signature = run(rouge, language="kr", rouge_types=["rouge1"])
    assert "|lang:kr(Kanuri)|" in signature
    with pytest.warns(UserWarning, match="^language='se' is Northern Sami, not Swedish"):
        _, signature = run(rouge, language="se", rouge_types=["rouge1"])
    assert "|lang:se(Northern_Sami)|" in signature


def test_every_language_field_parses_back_to_its_code_and_name():
    for code, name in LANGUAGE_NAMES.items():
        settings = resolve(tokenizer="whitespace", language=code, quiet=True)
        field = settings.signature(**SIGNATURE_OPTIONS).split("|")[1]
        match = re.fullmatch(r"lang:([a-z]{2})\((\S+)\)", field)
        assert match, field
        assert (match[1], match[2].replace("_", " ")) == (code, name)


def test_signature_with_every_option_changed(rouge):
    _, signature = run(
        rouge,
        tokenizer="ja-sudachi-c",
        use_stemmer=True,
        split_summaries=True,
        multi_ref="avg",
        bootstrap=True,
        n_samples=200,
        confidence_level=0.9,
        seed=3,
        engine="kurenai",
    )
    sudachi = f"sudachipy-{version('sudachipy')},sudachidict_core-{version('sudachidict_core')}"
    assert signature.startswith(
        f"tok:ja-sudachi-c[{sudachi},unicode-{unicodedata.unidata_version},invisible-dropped]"
        f"|stem:porter[nltk-{version('nltk')}]|split:sentences"
        "|multi:avg|agg:mean|boot:200x0.9@seed3|engine:kurenai|kurenai_rouge:0.1.0|"
    )


@pytest.mark.parametrize(
    ("name", "distributions"),
    [
        ("ja", ["sudachipy", "sudachidict_core"]),
        ("zh", ["jieba"]),
        ("ko", ["kiwipiepy", "kiwipiepy_model"]),
        ("th", ["pythainlp"]),
        ("cjk", ["regex"]),
    ],
)
def test_backend_and_dictionary_versions_are_named(name, distributions):
    signature = get_tokenizer(name).signature
    for distribution in distributions:
        assert f"{distribution}-{version(distribution)}" in signature


def test_signatures_are_one_line_without_separators_inside_values(rouge):
    for options in itertools.chain(OPTION_CHANGES, ({"tokenizer": name} for name in TOKENIZERS)):
        types = {} if "rouge155" in options else {"rouge_types": ["rouge1"]}  # the flags choose the types
        signature = run(rouge, **types, **options)[1]
        assert "\n" not in signature
        assert all(part.count(":") == 1 for part in signature.split("|"))
