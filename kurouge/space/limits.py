"""The Space's limits: what one request may ask for, and an estimate of its work, refused when over.

Limits, read from the environment at start-up (see ``Limits``): ``KURENAI_ROUGE_MAX_EXAMPLES``,
``KURENAI_ROUGE_MAX_REFERENCES`` (per example), ``KURENAI_ROUGE_MAX_CHARS`` (per text),
``KURENAI_ROUGE_MAX_SECONDS`` (estimated work, see ``estimate_work``) and
``KURENAI_ROUGE_MAX_UPLOAD_BYTES``.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import gradio as gr

from kurouge.engine.family import ROUGE_S_RE, is_family_type
from kurouge.settings import resolve
from kurouge.space.inputs import Examples
from kurouge.tokenizers import presets
from kurouge.tokenizers.sentences import split_sentences
from kurouge.tokenizers.words import nfkc


@dataclass(frozen=True)
class Limits:
    """What one request may ask for; each is set by an environment variable.

    ``seconds`` bounds ``estimate_work``'s estimate of the request. ``upload_bytes`` is gradio's
    ``max_file_size``: gradio refuses a larger file as it arrives.
    """

    examples: int = 500
    references: int = 10
    chars: int = 1000
    seconds: int = 5
    upload_bytes: int = 5_000_000
    request_bytes: int = 0  # 0: derived from the others (see ``body_bytes``)

    ENV = {
        "examples": "KURENAI_ROUGE_MAX_EXAMPLES",
        "references": "KURENAI_ROUGE_MAX_REFERENCES",
        "chars": "KURENAI_ROUGE_MAX_CHARS",
        "seconds": "KURENAI_ROUGE_MAX_SECONDS",
        "upload_bytes": "KURENAI_ROUGE_MAX_UPLOAD_BYTES",
        "request_bytes": "KURENAI_ROUGE_MAX_REQUEST_BYTES",
    }

    def body_bytes(self) -> int:
        """The largest request body: ``request_bytes``, else what the largest allowed request may take.

        That is every text of a comparison (two systems, a baseline and the references of each
        example) at the character limit, 6 bytes a character (JSON's ``\\uXXXX``), plus an upload and
        a megabyte for the rest.
        """
        if self.request_bytes:
            return self.request_bytes
        texts = self.examples * (self.references + 3)
        return texts * self.chars * 6 + self.upload_bytes + 1_000_000

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Limits:
        """Read the limits from ``environ``, keeping the default for every variable that is unset."""
        values = {}
        for field, variable in cls.ENV.items():
            if variable in environ:
                text = environ[variable]
                if not text.isdecimal() or int(text) < 1:
                    raise ValueError(f"{variable} must be a positive integer, got {text!r}")
                values[field] = int(text)
        return cls(**values)


LIMITS = Limits.from_env()


def check_limits(examples: Examples, limits: Limits | None = None) -> None:
    """Reject empty input, too many examples or references, or a text over the limit, naming the variable."""
    limits = limits or LIMITS
    if not examples.predictions:
        raise gr.Error("nothing to score: paste predictions and references, or upload a file")
    if len(examples.predictions) > limits.examples:
        raise gr.Error(
            f"{len(examples.predictions):,} examples; the limit is {limits.examples:,} "
            f"({Limits.ENV['examples']})"
        )
    for number, (prediction, refs) in enumerate(
        zip(examples.predictions, examples.references, strict=True), 1
    ):
        if len(as_list(refs)) > limits.references:
            raise gr.Error(
                f"example {number} has {len(refs):,} references; the limit is {limits.references:,} "
                f"({Limits.ENV['references']})"
            )
        for kind, text in [("prediction", prediction)] + [("reference", r) for r in as_list(refs)]:
            if len(text) > limits.chars:
                raise gr.Error(
                    f"example {number}: the {kind} has {len(text):,} characters; the limit is "
                    f"{limits.chars:,} ({Limits.ENV['chars']})"
                )


def as_list(references: str | list[str]) -> list[str]:
    """``references`` as a list: one reference is a list of one."""
    return references if isinstance(references, list) else [references]


# What scoring costs, in seconds of one process on this project's 2-core machine, fitted with margin to
# the slowest cases benchmarks/bench_app.py builds. Tokenizing costs per character, by tokenizer: the
# CPU time on the slowest of its inputs in benchmarks/bench_rates.py (``fit`` prints these tables, 1.5
# times the slowest rate; ``check`` compares the estimate with the time). One registered later gets
# the slowest rate until it is fitted. Porter stemming of unseen words is the same for every one.
TOKENIZE_SECONDS_PER_CHAR = {
    "whitespace": 0.05e-6,
    "rouge-score": 0.032e-6,
    "word": 1.3e-6,
    "char": 1.2e-6,
    "cjk": 2.7e-6,
    "ja": 1.3e-6,
    "ja-sudachi-a": 1.3e-6,
    "ja-sudachi-b": 1.3e-6,
    "ja-sudachi-c": 1.2e-6,
    "zh": 36e-6,
    "ko": 80e-6,
    "th": 12e-6,
    "lo": 6e-6,
    "km": 25e-6,
    "my": 43e-6,
    "ja-mecab": 2e-6,
    "ja-fugashi": 2e-6,
}
# "xlsum" and "xlsum-segmented" tokenize a language with its segmenter (presets.xlsum_segmenter:
# "pyonmttok" alone for most languages and for none), so their rates are per segmenter, each the
# slowest of its inputs in every script (a language's text may be in another). xlsum-segmented's
# cover rougeLsum's sentences, which it segments again.
SEGMENTER_SECONDS_PER_CHAR = {
    "xlsum": {
        "burmese-syllables": 1.3e-6,
        "fugashi": 1.6e-6,
        "jieba": 36e-6,  # the zh tokenizer's (the same jieba): 10 to 28 µs/char measured
        "newmm": 19e-6,
        "pyonmttok": 1.8e-6,
    },
    "xlsum-segmented": {
        "burmese-syllables": 1.8e-6,
        "fugashi": 2.9e-6,
        "jieba": 45e-6,
        "newmm": 36e-6,
        "pyonmttok": 3.8e-6,
    },
}
SLOWEST_TOKENIZE_SECONDS_PER_CHAR = max(
    [
        *TOKENIZE_SECONDS_PER_CHAR.values(),
        *(r for rates in SEGMENTER_SECONDS_PER_CHAR.values() for r in rates.values()),
    ]
)
# split_summaries=True: splitting each text into sentences, per character, when rougeLsum is chosen.
SPLIT_SECONDS_PER_CHAR = 1.5e-6
STEM_SECONDS_PER_CHAR = 4e-6
# Per token of a (prediction, reference) pair and rouge type, both columns: rouge1-2, rougeL, rougeLsum.
SCORE_SECONDS_PER_TOKEN = 0.4e-6
# Per pair of tokens of a (prediction, reference) pair, for rougeL and for rougeLsum (LCS tables).
LCS_CELL_SECONDS = 4e-9
PAIR_SECONDS = 50e-6  # per (prediction, reference) pair
BOOTSTRAP_SECONDS_PER_ROW = 20e-6  # per example and rouge type, both columns' bootstraps
# rougeW fills a weighted-LCS table per pair of sentences: per cell, more where the tokens match.
WLCS_CELL_SECONDS = 0.03e-6
WLCS_MATCH_SECONDS = 0.1e-6
WLCS_SENTENCE_PAIR_SECONDS = 0.5e-6
SKIP_BIGRAM_SECONDS = 0.6e-6  # rougeS / rougeSU: per skip-bigram counted


@dataclass(frozen=True)
class Work:
    """``estimate_work``'s estimate of a request: seconds, and the counts it comes from.

    ``tokens`` is None when the texts were not tokenized for the estimate (no rougeW, rougeS or
    rougeSU chosen). ``token_pairs`` counts what grows with the square of the text lengths: the
    cells of rougeW's tables and rougeS/rougeSU's skip-bigrams.
    """

    seconds: float
    chars: int
    tokens: int | None = None
    token_pairs: int = 0

    def describe(self) -> str:
        """The estimate in words, for a message."""
        counts = f"{self.chars:,} characters"
        if self.tokens is not None:
            counts += f", {self.tokens:,} tokens, {self.token_pairs:,} token pairs for rougeW/rougeS/rougeSU"
        return f"{self.seconds:,.1f} s of work ({counts})"


def tokenize_rate(tokenizer: str, language: str | None = None) -> float:
    """Seconds per character of tokenizing with the registered ``tokenizer`` for ``language``.

    "xlsum" and "xlsum-segmented" by the segmenter they use for ``language``; a tokenizer, or a
    language, without a fitted rate gets the slowest one.

    >>> tokenize_rate("xlsum", "zh") == SEGMENTER_SECONDS_PER_CHAR["xlsum"]["jieba"]
    True
    >>> tokenize_rate("xlsum", "xx") == tokenize_rate("not registered") == SLOWEST_TOKENIZE_SECONDS_PER_CHAR
    True
    """
    by_segmenter = SEGMENTER_SECONDS_PER_CHAR.get(tokenizer)
    if by_segmenter is not None:
        return by_segmenter.get(presets.xlsum_segmenter(language), SLOWEST_TOKENIZE_SECONDS_PER_CHAR)
    return TOKENIZE_SECONDS_PER_CHAR.get(tokenizer, SLOWEST_TOKENIZE_SECONDS_PER_CHAR)


def _nfkc_length(text: str) -> int:
    """The length a tokenizer sees: NFKC's, or the text's where NFKC shortens it.

    whitespace and rouge-score do not normalise.
    """
    return max(len(text), len(nfkc(text)))


def _skip_bigrams(tokens: int, rouge_type: str) -> int:
    """How many skip-bigrams (and unigrams) ``family.skip_bigram_counts`` counts for a text."""
    unigrams, skip = ROUGE_S_RE.fullmatch(rouge_type).groups()
    widest = max(0, tokens - 1 if skip == "*" else min(int(skip) + 1, tokens - 1))
    return widest * tokens - widest * (widest + 1) // 2 + (max(0, tokens - 1) if unigrams else 0)


def estimate_work(
    examples: Examples,
    rouge_types: Sequence[str],
    tokenizer: str,
    use_stemmer: bool = False,
    split_summaries: bool = False,
    tokenize: bool = True,
    language: str | None = None,
) -> Work:
    """Estimate what scoring ``examples`` costs, without scoring them.

    From the characters: tokenizing every text (the chosen tokenizer and the stock column's), scoring
    each (prediction, reference) pair per rouge type with at most a token per character (per two
    for the whitespace and rouge-score tokenizers), the LCS tables of rougeL and rougeLsum, and both
    bootstraps. rougeW's table has a cell per pair of tokens of each pair of sentences, slower where
    they match, and rougeS*/rougeSU* count every pair of tokens of a text, so for rougeW, rougeS and
    rougeSU (with ``tokenize``) the texts are tokenized to count them, and that tokenizing counts as
    work too. ``tokenizer`` is a registered name; ``language`` the texts' (ISO 639-1, or None), as
    ``settings.resolve`` takes it: "xlsum"'s work depends on it.
    """
    texts = [
        (prediction, as_list(refs))
        for prediction, refs in zip(examples.predictions, examples.references, strict=True)
    ]
    # NFKC can make a character several ("ﷺ" is 18): tokenizers see the NFKC text.
    lengths = [(_nfkc_length(prediction), [_nfkc_length(r) for r in refs]) for prediction, refs in texts]
    chars = sum(prediction + sum(refs) for prediction, refs in lengths)
    # At most this many tokens per character: a whitespace-separated token takes two with its space.
    per_char = 0.5 if tokenizer in ("whitespace", "rouge-score") else 1.0
    pair_tokens = per_char * sum(prediction * len(refs) + sum(refs) for prediction, refs in lengths)
    lcs_cells = per_char**2 * sum(prediction * sum(refs) for prediction, refs in lengths)
    pairs = sum(len(refs) for _, refs in texts)
    rate = (
        tokenize_rate(tokenizer, language)
        + TOKENIZE_SECONDS_PER_CHAR["rouge-score"]
        + (2 * STEM_SECONDS_PER_CHAR if use_stemmer else 0)
    )
    seconds = (
        chars * rate
        + pair_tokens * SCORE_SECONDS_PER_TOKEN * len(rouge_types)
        + lcs_cells * LCS_CELL_SECONDS * sum(t in ("rougeL", "rougeLsum") for t in rouge_types)
        + pairs * PAIR_SECONDS
        + len(texts) * len(rouge_types) * BOOTSTRAP_SECONDS_PER_ROW
        + (chars * SPLIT_SECONDS_PER_CHAR if split_summaries and "rougeLsum" in rouge_types else 0)
    )
    family = [t for t in rouge_types if is_family_type(t)]
    if not (family and tokenize):
        return Work(seconds, chars)
    seconds += chars * rate
    # As compute builds it, without its warning: a language without a stemmer is not stemmed.
    tokenizer_ = resolve(
        tokenizer=tokenizer, use_stemmer=use_stemmer, language=language, quiet=True
    ).tokenizer

    def counted(text: str) -> tuple[Counter, int]:
        return Counter(tokenizer_.tokenize(text)), len(split_sentences(text, split_summaries))

    tokens = token_pairs = 0
    for prediction, refs in texts:
        pred_counts, pred_sentences = counted(prediction)
        pred_tokens = pred_counts.total()
        tokens += pred_tokens
        for reference in refs:
            ref_counts, ref_sentences = counted(reference)
            ref_tokens = ref_counts.total()
            tokens += ref_tokens
            for rouge_type in family:
                if rouge_type == "rougeW":
                    cells = ref_tokens * (pred_tokens + pred_sentences)
                    matches = sum(n * pred_counts[token] for token, n in ref_counts.items())
                    token_pairs += cells
                    seconds += (
                        cells * WLCS_CELL_SECONDS
                        + matches * WLCS_MATCH_SECONDS
                        + ref_sentences * pred_sentences * WLCS_SENTENCE_PAIR_SECONDS
                    )
                else:
                    counted_pairs = _skip_bigrams(ref_tokens, rouge_type) + _skip_bigrams(
                        pred_tokens, rouge_type
                    )
                    token_pairs += counted_pairs
                    seconds += counted_pairs * SKIP_BIGRAM_SECONDS
    return Work(seconds, chars, tokens, token_pairs)


def check_work(
    examples: Examples,
    rouge_types: Sequence[str],
    tokenizer: str,
    use_stemmer: bool = False,
    split_summaries: bool = False,
    limits: Limits | None = None,
    language: str | None = None,
) -> Work:
    """Refuse a request whose ``estimate_work`` is over ``limits.seconds``, naming the variable.

    The estimate from the characters alone is checked first, so that a request too long to tokenize
    is refused before it is tokenized.
    """
    limits = limits or LIMITS
    options = (examples, rouge_types, tokenizer, use_stemmer, split_summaries)
    counted_later = any(is_family_type(t) for t in rouge_types)
    for tokenize in (False, True) if counted_later else (False,):
        work = estimate_work(*options, tokenize=tokenize, language=language)
        if work.seconds > limits.seconds:
            bound = "at least" if counted_later and not tokenize else "about"
            raise gr.Error(
                f"this request needs {bound} {work.describe()}; the limit is {limits.seconds:,} s "
                f"({Limits.ENV['seconds']}): score fewer or shorter texts, fewer rouge types "
                "(rougeW is the slowest on long texts), or a tokenizer with longer tokens"
            )
    return work
