"""kurenai_rouge: ROUGE for every language, a drop-in for evaluate's ``rouge``.

The stock ``rouge`` metric deletes every character outside [a-z0-9], so
Japanese, Chinese or Korean text scores 0. kurenai_rouge keeps every
character, takes the same inputs and compute arguments, and gives exact,
deterministic numbers (the mean, not a bootstrap median).
"""

from typing import Any

import datasets
import evaluate
from evaluate.utils.logging import tqdm

API_VERSION = 2  # the kurouge.API_VERSION this script is written for
INSTALL = (
    "pip install ./kurenai_rouge (from a clone: the folder holding this file and pyproject.toml), or "
    "pip install 'kurenai-rouge @ git+https://huggingface.co/spaces/<owner>/kurenai_rouge' (the Space "
    "this file came from)"
)


def _library() -> Any:
    """The kurouge package, or an ImportError saying what to install.

    Imported here, indented, where evaluate's loader does not look (it checks column-0 imports only):
    so a missing library gets this message, and the Hub serves this one file.
    """
    try:
        import kurouge
    except ModuleNotFoundError as error:
        if error.name != "kurouge":
            raise
        raise ImportError(
            "kurenai_rouge needs its library, the Python package kurouge (distribution kurenai-rouge), "
            f"which is not installed: {INSTALL}"
        ) from None
    if getattr(kurouge, "API_VERSION", None) != API_VERSION:
        raise ImportError(
            f"this kurenai_rouge.py is written for kurouge API {API_VERSION}, but the installed kurouge "
            f"{getattr(kurouge, '__version__', '?')} ({kurouge.__file__}) has API "
            f"{getattr(kurouge, 'API_VERSION', 'none')}: install the kurouge that comes with this file: "
            f"{INSTALL}"
        )
    import kurouge.api
    import kurouge.metric.storage

    return kurouge


kurouge = _library()
__version__ = kurouge.__version__

_CITATION = """\
@inproceedings{lin-2004-rouge,
    title = "{ROUGE}: A Package for Automatic Evaluation of Summaries",
    author = "Lin, Chin-Yew",
    booktitle = "Text Summarization Branches Out",
    month = jul,
    year = "2004",
    address = "Barcelona, Spain",
    publisher = "Association for Computational Linguistics",
    url = "https://www.aclweb.org/anthology/W04-1013",
    pages = "74--81",
}
"""

_DESCRIPTION = """\
ROUGE (Recall-Oriented Understudy for Gisting Evaluation) compares a generated
text with one or more references by their shared n-grams (rouge1 ... rouge9)
and longest common subsequences (rougeL over the whole text, rougeLsum over
newline-separated sentences).

kurenai_rouge is a drop-in replacement for evaluate's stock ``rouge`` metric
that scores every script: the stock metric's tokenizer deletes every character
outside [a-z0-9], so Japanese, Chinese, Korean or Cyrillic text scores 0, and
accented letters are deleted from their words (café becomes caf). By default
text is lower-cased and split on whitespace, as kurenai does; per-example
numbers equal kurenai's ``RougeScorer`` exactly. The aggregate is the exact
mean of the per-example F-measures.
"""

_KWARGS_DESCRIPTION = """
Computes ROUGE scores of predictions against references.

Args:
    predictions (list of str): the generated texts.
    references (list of str, or list of list of str): one reference per
        prediction, or a non-empty list of references per prediction.
    rouge_types (list of str, optional): any of "rouge1" ... "rouge9",
        "rougeL", "rougeLsum", and as ROUGE-1.5.5 computes them "rougeW"
        (ROUGE-W-1.2), "rougeS0" ... "rougeS9" and "rougeS*" (skip-bigrams
        with at most k tokens between, or any), "rougeSU0" ... "rougeSU9"
        and "rougeSU*" (the same plus unigrams). Defaults to rouge1, rouge2,
        rougeL, rougeLsum.
    use_aggregator (bool): True (default) returns the mean over examples as
        one float per key; False returns a list with one float per example.
    use_stemmer (bool): stem tokens with the stemmer of ``language``
        (Snowball for ru, de, fr and 29 more, Ramanathan and Rao's for hi,
        TurkishStemmer for tr); with language=None, Porter-stem ASCII
        alphanumeric tokens longer than 3 characters (non-ASCII tokens are
        never changed), with every named tokenizer but "rouge-score", which
        stems with rouge-score's own rule. In a language without a stemmer
        (ja, zh, ko, th, ...) it changes nothing: one NoStemmerWarning, and
        the signature says stem:none. Default False.
    tokenizer: None (default: the tokenizer that fits ``language``, or
        "whitespace" without a language), a registered name, a callable
        str -> list of str, or an object with a tokenize(text) method (such as
        a rouge-score Tokenizer). Names:
        "whitespace": lower-case and split on whitespace, keeping every
            character (kurenai's tokens); warns when given Chinese, Japanese,
            Thai, Lao, Khmer or Burmese written without spaces.
        "rouge-score": rouge-score's tokenizer (ASCII letters and digits only),
            the stock metric's tokens.
        "word": for every script written with spaces: optional joiners
            removed, NFKC, case-folded, words by Unicode word boundaries
            (UAX #29) with a letter or digit; punctuation dropped, numbers
            such as 3.14 and 1,000 whole.
        "char": the same normalisation, one token per grapheme cluster
            (हि, an emoji sequence), whitespace dropped.
        "cjk": "word", with one token per Han, hiragana or katakana character.
        "ja" (= "ja-sudachi-a"), "ja-sudachi-b", "ja-sudachi-c": Japanese
            morphemes (SudachiPy split mode A, B or C, sudachidict_core).
        "zh": Chinese words (jieba). "ko": Korean morphemes (kiwipiepy).
        "th": Thai words (PyThaiNLP newmm). "lo": Lao words (LaoNLP).
        "km": Khmer words (khmercut). "my": Burmese words (burmesenlp).
            These word tokenizers put words in NFKC, lower-case them and drop
            punctuation and symbols.
    language (str, optional): the texts' language as an ISO 639-1 code
        ("ru", "hi", "th", ...). With tokenizer=None it picks the tokenizer:
        the segmenter for ja, zh, ko, th, lo, km and my, "word" for every
        other language. Default None: no language, today's whitespace
        tokenizer. The signature names it with its English name,
        lang:kr(Kanuri). "kr" (Kanuri) and "se" (Northern Sami) are real
        codes often typed for Korean ("ko") and Swedish ("sv"): they score
        as given, with one LanguageCodeWarning naming both languages.
    multi_ref (str): with several references per prediction, "best" (default)
        keeps the reference with the highest F per type (rouge-score's
        score_multi, first on ties); "avg" averages precision, recall and F.
    detailed (bool): also return "<type>_precision" and "<type>_recall".
    bootstrap (bool): also return "<key>_low" and "<key>_high", a percentile
        bootstrap confidence interval of the mean (needs use_aggregator).
    confidence_level (float): the interval's confidence, default 0.95.
    n_samples (int): bootstrap resamples, default 1000.
    seed (int): the bootstrap's own random seed, default 0. numpy's global
        random state is not used.
    split_summaries (bool): how rougeLsum finds sentences; False (default)
        splits on newlines, as the stock metric does; True also splits lines
        into sentences after 。！？ and English .!? (keeping closing quotes
        and brackets, and abbreviations such as Mr. or U.S. and decimals
        whole), with no download.
    engine (str): "fast" (default: rouge-score-rs's Rust scorer for
        rouge1-9, rougeL and rougeLsum of the tokens, bit-parallel Python for
        the rest) or "kurenai", which scores through
        kurenai.rouge_scorer.RougeScorer itself; both give identical numbers.
        "kurenai" cannot score rougeW, rougeS<k> or rougeSU<k>.
    return_signature (bool): also return "signature", a one-line string
        naming every setting that can change a score: tokenizer with its
        backend and dictionary versions, language (code and English name),
        stemmer, sentence splitting,
        multi-reference mode, aggregation, bootstrap settings with the seed,
        engine, and the versions of kurenai_rouge, kurenai, rouge-score and
        rouge-score-rs.
    rouge155 (str, optional): score exactly as ROUGE-1.5.5.pl does, without
        Perl, given its flags as one string, e.g. "-c 95 -r 1000 -n 2 -a -m"
        (pyrouge's and files2rouge's default). Supported: -a -c -r -n -2 -u
        -U -w -l -b -s -m -f A|B -p -t 0|1 -x -d; any other flag, or any
        other scoring option (tokenizer, use_stemmer, rouge_types, multi_ref,
        bootstrap, ...), is a ValueError: the flags decide everything. Each
        line of a text is a sentence; prediction i is evaluation ID str(i).
        Keys: rouge1 ... rouge9 (-n), rougeLsum (ROUGE-L, unless -x), rougeW
        (-w), rougeS<d> / rougeSU<d> (-2 d -u/-U; rougeS* and rougeSU* for
        -2 -1). Aggregated, each is Perl's printed Average F (the mean of
        its bootstrap resamples), with "<key>_low" and "<key>_high" its
        interval at -c; use_aggregator=False gives Perl's per-document
        numbers (with -t 1 its counts: "<key>_reference_count",
        "<key>_prediction_count", "<key>_hits"); detailed adds precision and
        recall. Perl reads bytes: every character outside ASCII letters and
        digits separates words (non-ASCII text is dropped, as Perl drops
        it); for other languages use the tokenizers. See docs/rouge155.md.
    implementation (str, optional): score exactly as another tool does:
        "rouge-score", "ROUGE-1.5.5" (with rouge155), "xlsum", "ja-mecab",
        "rouge-chinese" (1.0.3), "rouge" (pltrdy's 1.0.1), "sumeval" (0.2.2,
        language "en", "ja" or "zh"), "llama-factory" (0.9.5),
        "opencompass" (0.5.4) or "longbench" (lm-eval 0.4.13, language "en"
        or "zh"), on the tool's scale (LLaMA-Factory and OpenCompass x 100).
        Aggregated, the mean as the tool computes it. Options the tool
        decides itself are a ValueError; so is a text the tool refuses.
        See docs/implementations.md.

Returns:
    A flat dict: "rouge1", "rouge2", "rougeL", "rougeLsum" (F-measures), and
    the extra keys asked for above. Values are Python floats, or lists of
    floats with use_aggregator=False.

Examples:
    Japanese text, already split by spaces (the stock metric gives 0.0 here):

    >>> import evaluate
    >>> rouge = evaluate.load("kurenai_rouge")
    >>> predictions = ["今日 は 晴れ です", "いぬ が はしる"]
    >>> references = ["今日 は 雨 です", "いぬ が はしる"]
    >>> rouge.compute(predictions=predictions, references=references)
    {'rouge1': 0.875, 'rouge2': 0.6666666666666666, 'rougeL': 0.875, 'rougeLsum': 0.875}

    Per-example precision and recall, several references per prediction:

    >>> rouge.compute(predictions=["the cat sat"], references=[["a cat sat down", "the cat"]],
    ...               rouge_types=["rouge1"], use_aggregator=False, detailed=True)
    {'rouge1': [0.8], 'rouge1_precision': [0.6666666666666666], 'rouge1_recall': [1.0]}

    The numbers ROUGE-1.5.5.pl prints for these flags (papers' usual ones), without Perl:

    >>> result = rouge.compute(predictions=["The cats sat on the mat."], references=["A cat sat on a mat."],
    ...                        rouge155="-c 95 -r 1000 -n 2 -a -m")
    >>> result["rouge1"], result["rouge2"], result["rougeLsum_low"], result["rougeLsum_high"]
    (0.66667, 0.4, 0.66667, 0.66667)
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class KurenaiRouge(kurouge.metric.storage.CheckedStorage):
    """ROUGE for every language, with the stock ``rouge`` metric's inputs and options."""

    def _info(self) -> evaluate.MetricInfo:
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=[
                datasets.Features(
                    {
                        "predictions": datasets.Value("string", id="sequence"),
                        "references": datasets.Sequence(datasets.Value("string", id="sequence")),
                    }
                ),
                datasets.Features(
                    {
                        "predictions": datasets.Value("string", id="sequence"),
                        "references": datasets.Value("string", id="sequence"),
                    }
                ),
            ],
            codebase_urls=["https://github.com/ftnext/kurenai"],
            reference_urls=["https://aclanthology.org/W04-1013"],
        )

    def compute(self, *, predictions: Any = None, references: Any = None, **kwargs: Any) -> dict | None:
        """Score the stored examples and these, after checking the options; see the inputs description.

        A bad option loses nothing stored: fix it and compute again.
        """
        kurouge.api.check_options_early(kwargs)
        return super().compute(predictions=predictions, references=references, **kwargs)

    def _compute(
        self,
        predictions,
        references,
        rouge_types=None,
        use_aggregator=True,
        use_stemmer=False,
        tokenizer=None,
        language=None,
        split_summaries=False,
        multi_ref="best",
        detailed=False,
        bootstrap=False,
        confidence_level=0.95,
        n_samples=1000,
        seed=0,
        engine="fast",
        return_signature=False,
        rouge155=None,
        implementation=None,
    ):
        return kurouge.api.score(
            predictions,
            references,
            rouge_types=rouge_types,
            use_aggregator=use_aggregator,
            use_stemmer=use_stemmer,
            tokenizer=tokenizer,
            language=language,
            split_summaries=split_summaries,
            multi_ref=multi_ref,
            detailed=detailed,
            bootstrap=bootstrap,
            confidence_level=confidence_level,
            n_samples=n_samples,
            seed=seed,
            engine=engine,
            return_signature=return_signature,
            rouge155=rouge155,
            implementation=implementation,
            progress=tqdm,
        )

    def score_examples(
        self,
        predictions: list[str],
        references: list[str] | list[list[str]],
        rouge_types: list[str] | None = None,
        use_stemmer: bool = False,
        tokenizer=None,
        language: str | None = None,
        split_summaries: bool = False,
        multi_ref: str = "best",
        detailed: bool = False,
        engine: str = "fast",
    ) -> dict[str, list[float]]:
        """Score each example on its own, for corpora scored in parts.

        Takes compute's scoring options and returns what
        ``compute(..., use_aggregator=False)`` returns, without storing the
        inputs: one float per example under each key. ``math.fsum`` of a
        column divided by its length is compute's aggregate, so the parts can
        be scored anywhere (``datasets.Dataset.map(num_proc=...)``) and
        averaged afterwards.
        """
        return kurouge.api.score(
            predictions,
            references,
            rouge_types=rouge_types,
            use_aggregator=False,
            use_stemmer=use_stemmer,
            tokenizer=tokenizer,
            language=language,
            split_summaries=split_summaries,
            multi_ref=multi_ref,
            detailed=detailed,
            engine=engine,
            progress=tqdm,
        )

    def compare(
        self,
        *,
        predictions: list[str] | dict[str, list[str]],
        baseline: list[str],
        references: list[str] | list[list[str]],
        method: str = "permutation",
        n_samples: int = 10_000,
        confidence_level: float = 0.95,
        seed: int = 0,
        correction: str | None = None,
        rouge_types: list[str] | None = None,
        use_stemmer: bool = False,
        tokenizer=None,
        language: str | None = None,
        split_summaries: bool = False,
        multi_ref: str = "best",
        detailed: bool = False,
        engine: str = "fast",
        return_signature: bool = False,
    ) -> dict[str, float | str]:
        """Test whether systems score differently from a baseline on the same references.

        ``predictions`` is one system's outputs, or a dict of several systems' outputs by name;
        ``baseline`` the baseline's outputs. Each system is scored once, with compute's scoring
        options, and its per-example differences from the baseline are resampled (all systems on
        the same resamples, from a generator seeded with ``seed``): ``method="permutation"``
        (default) is the paired permutation test (approximate randomization, Riezler and Maxwell
        2005), exact up to 16 examples (every one of the 2**n swap patterns) and right at every n;
        ``"bootstrap"`` is paired bootstrap resampling (Koehn 2004), whose p-values are too small
        with few examples. With too few examples for any p-value below ``1 - confidence_level``
        (5 or fewer at 0.95) a FewExamplesWarning says so. ``correction="holm"`` adds p-values
        adjusted for several systems (Holm 1979).

        Returns a flat dict: per key of compute (``rouge1``, and ``rouge1_precision`` ... with
        ``detailed``) ``<key>_baseline`` and, per system, ``<key>`` (its mean),
        ``<key>_difference``, ``<key>_difference_low`` and ``_high`` (a percentile bootstrap
        interval at ``confidence_level``), ``<key>_p_value`` (two-sided) and with Holm
        ``<key>_p_value_holm``; with a dict of systems, their keys start with ``<name>/``.
        ``return_signature`` adds ``"signature"``, compute's with the test appended.
        """
        return kurouge.api.compare(
            predictions=predictions,
            baseline=baseline,
            references=references,
            method=method,
            n_samples=n_samples,
            confidence_level=confidence_level,
            seed=seed,
            correction=correction,
            rouge_types=rouge_types,
            use_stemmer=use_stemmer,
            tokenizer=tokenizer,
            language=language,
            split_summaries=split_summaries,
            multi_ref=multi_ref,
            detailed=detailed,
            engine=engine,
            return_signature=return_signature,
        )
