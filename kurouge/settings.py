"""The scoring options resolved once into one value, :class:`Settings`, that scoring and the signature read.

``resolve`` checks the tokenizer and the language, warns once about a language code often typed for
another (LanguageCodeWarning) and about stemming asked for in a language without a stemmer
(NoStemmerWarning), decides whether to stem, builds the stemmer and the tokenizer, and names them for
the signature. Nothing downstream looks at the raw options again.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from importlib.metadata import version
from typing import Any

from kurouge import __version__
from kurouge.caller import user_stacklevel
from kurouge.languages import LanguageCodeWarning, language_tag, often_mistaken_message
from kurouge.stemmers.registry import NoStemmerWarning, get_stemmer, has_stemmer, no_stemmer_message
from kurouge.tokenizers.base import Tokenizer
from kurouge.tokenizers.presets import PRESETS
from kurouge.tokenizers.registry import (
    check_language,
    check_tokenizer,
    make_tokenizer,
    own_stemming,
    tokenizer_name,
)


@dataclass(frozen=True)
class Settings:
    """Every option that decides how texts are scored, resolved.

    ``tokenizer`` is built (with its stemmer); ``stemmer`` is the signature's name for the stemming:
    "no" when not asked, "none" when asked in a language without a stemmer, "preset" when a preset
    stems by its own rule, else the stemmer's signature.
    """

    tokenizer: Tokenizer
    language: str | None
    stemmer: str
    split_summaries: bool = False
    multi_ref: str = "best"
    engine: str = "fast"

    def signature(
        self,
        *,
        use_aggregator: bool,
        bootstrap: bool,
        confidence_level: float,
        n_samples: int,
        seed: int,
    ) -> str:
        """One line, in sacrebleu's style, naming every setting that can change a score.

        ``lang:<code>(<English name>)`` (spaces in the name as underscores, ``lang:kr(Kanuri)``) follows
        ``tok`` when a language is given; without one the line is as it was before the option existed.
        """
        boot = f"{n_samples}x{confidence_level}@seed{seed}" if bootstrap else "no"
        parts = {
            **self.tokens(),
            "stem": self.stemmer,
            "split": "sentences" if self.split_summaries else "newline",
            "multi": self.multi_ref,
            "agg": "mean" if use_aggregator else "none",
            "boot": boot,
            "engine": self.engine,
            "kurenai_rouge": __version__,
            "kurenai": version("kurenai"),
            "rouge-score": version("rouge-score"),
            "rouge-score-rs": version("rouge-score-rs"),
        }
        return "|".join(f"{key}:{value}" for key, value in parts.items())

    def tokens(self) -> dict[str, str]:
        """The signature's ``tok`` (the tokenizer's signature) and, when a language is given, ``lang``."""
        language = {"lang": language_tag(self.language)} if self.language else {}
        return {"tok": self.tokenizer.signature, **language}


def resolve(
    *,
    tokenizer: Any = None,
    use_stemmer: bool = False,
    language: str | None = None,
    split_summaries: bool = False,
    multi_ref: str = "best",
    engine: str = "fast",
    quiet: bool = False,
) -> Settings:
    """Check, decide and build once what ``tokenizer``, ``use_stemmer`` and ``language`` mean together.

    A bad tokenizer or language is a ValueError. ``quiet`` leaves out the two warnings (for a caller
    that only estimates work). The other options are taken as already checked.

    >>> settings = resolve(language="ru", use_stemmer=True)
    >>> settings.tokenizer.tokenize("Кошки сидели"), settings.stemmer
    (['кошк', 'сидел'], 'snowball-russian[pystemmer-3.1.0]')
    """
    check_tokenizer(tokenizer)
    check_language(language)
    mistaken = often_mistaken_message(language)
    if mistaken and not quiet:
        warnings.warn(mistaken, LanguageCodeWarning, stacklevel=user_stacklevel())
    name = tokenizer_name(tokenizer, language)
    stem = use_stemmer and (own_stemming(name) or has_stemmer(language))
    if use_stemmer and not stem and not quiet:
        warnings.warn(no_stemmer_message(language), NoStemmerWarning, stacklevel=user_stacklevel())
    if stem and name == "rouge-score" and language is not None:
        raise ValueError(
            "the 'rouge-score' tokenizer stems by rouge-score's own Porter rule, not in a language: "
            "use language=None with it, or another tokenizer"
        )
    stemmer = get_stemmer(language) if stem and name not in PRESETS else None
    if not stem:
        stemmer_name = "none" if use_stemmer else "no"
    else:
        stemmer_name = "preset" if stemmer is None else stemmer.signature
    return Settings(
        tokenizer=make_tokenizer(tokenizer, language, stem, stemmer),
        language=language,
        stemmer=stemmer_name,
        split_summaries=split_summaries,
        multi_ref=multi_ref,
        engine=engine,
    )


def get_tokenizer(spec: Any = None, use_stemmer: bool = False, language: str | None = None) -> Tokenizer:
    """The tokenizer ``compute(tokenizer=spec, use_stemmer=..., language=...)`` scores with.

    ``None`` is the tokenizer that fits ``language`` (its segmenter for ja, zh, ko, th, lo, km and my,
    ``word`` for every other language), or the whitespace tokenizer when ``language`` is None too; a
    string is a registered name; a callable ``str -> list[str]`` or an object with ``tokenize`` is used
    as it is. In a language without a stemmer ``use_stemmer`` changes nothing, with one
    NoStemmerWarning, as in compute().

    >>> get_tokenizer("whitespace").tokenize("A b")
    ['a', 'b']
    >>> get_tokenizer(None, language="ru").signature  # doctest: +ELLIPSIS
    'word[regex-...,unicode-...]'
    >>> get_tokenizer("ja").signature  # doctest: +ELLIPSIS
    'ja-sudachi-a[sudachipy-...,sudachidict_core-...,unicode-...]'
    >>> get_tokenizer("klingon")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown tokenizer 'klingon'; choose one of: whitespace, rouge-score, word, char, cjk, ...
    """
    return resolve(tokenizer=spec, use_stemmer=use_stemmer, language=language).tokenizer
