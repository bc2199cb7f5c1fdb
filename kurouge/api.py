"""What ``compute()``, ``score_examples()`` and ``compare()`` do, without evaluate.

The metric file (kurenai_rouge.py) keeps evaluate's contract: its schema, its storage of batches and
a thin ``_compute``. Everything that turns texts and options into numbers is here, so that the
command line gives the same numbers through the same code without importing evaluate (seconds of
start-up): ``score`` checks the options and inputs, tokenizes, scores each example with the engine,
reduces over references and examples and writes the signature; ``compare`` runs the paired tests.
"""

from __future__ import annotations

import inspect
import itertools
import warnings
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from kurouge import __version__
from kurouge.caller import user_stacklevel
from kurouge.engine.engines import CHUNK, ENGINES, validate_rouge_types
from kurouge.implementations.registry import NATIVE, check_name, native_options, resolve_implementation
from kurouge.inputs import as_texts, check_inputs, check_options, check_resampling, check_systems
from kurouge.rouge155.compute import check_rouge155_options, compute_rouge155, rouge155_signature
from kurouge.settings import Settings, resolve
from kurouge.stats.significance import FewExamplesWarning, check_test, compare_systems, few_examples_message
from kurouge.stats.summary import MAX_SAMPLES, MULTI_REF_MODES, reduce_references, summarize
from kurouge.tokenizers.registry import check_language, check_tokenizer
from kurouge.tokenizers.sentences import split_lines, split_sentences
from kurouge.tokenizers.unsegmented import UnsegmentedTextWarning, unsegmented_languages, unsegmented_message

DEFAULT_ROUGE_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")


def _plain_progress(**options: Any) -> Any:
    from tqdm.auto import tqdm

    return tqdm(**options)


def score(
    predictions: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    *,
    rouge_types: Sequence[str] | str | None = None,
    use_aggregator: bool = True,
    use_stemmer: bool = False,
    tokenizer: Any = None,
    language: str | None = None,
    split_summaries: bool = False,
    multi_ref: str = "best",
    detailed: bool = False,
    bootstrap: bool = False,
    confidence_level: float = 0.95,
    n_samples: int = 1000,
    seed: int = 0,
    engine: str = "fast",
    return_signature: bool = False,
    rouge155: str | None = None,
    implementation: str | None = None,
    progress: Callable[..., Any] = _plain_progress,
) -> dict[str, Any]:
    """``compute()``'s result for these examples and options (see the metric's inputs description).

    ``progress`` makes a tqdm-like progress bar (evaluate's, from the metric). ``rouge155`` (flags
    of ROUGE-1.5.5.pl) scores as that script does instead (rouge155.compute); ``implementation``
    (another tool's name) as that tool does (kurouge.implementations).
    """
    if implementation is not None and check_name(implementation) in NATIVE:
        options = native_options(implementation, scoring_options(locals()), SCORE_DEFAULTS)
        return score(predictions, references, **options, progress=progress)
    tool = (
        None if implementation is None else resolve_implementation(implementation, locals(), SCORE_DEFAULTS)
    )
    if rouge155 is not None:  # every scoring option the flags replace must keep its default
        check_rouge155_options(rouge155, dict(locals()), SCORE_DEFAULTS)
    rouge_types = check_score_options(
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
    )
    check_inputs(predictions, references)
    predictions, references = as_texts(predictions, references)
    if use_aggregator and not len(predictions):
        raise ValueError("predictions and references are empty: there is nothing to score")
    if tool is not None:
        result = tool.score(predictions, references, use_aggregator, detailed)
        if return_signature:
            result["signature"] = tool.signature(use_aggregator)
        return result
    if rouge155 is not None:
        tokens = (
            None
            if tokenizer is None and language is None
            else resolve(tokenizer=tokenizer, language=language)
        )
        result = compute_rouge155(
            rouge155,
            predictions,
            references,
            use_aggregator=use_aggregator,
            detailed=detailed,
            tokenize=None if tokens is None else tokens.tokenizer.tokenize,
        )
        if return_signature:
            result["signature"] = rouge155_signature(rouge155, __version__, tokens and tokens.tokens())
        return result
    settings = resolve(
        tokenizer=tokenizer,
        use_stemmer=use_stemmer,
        language=language,
        split_summaries=split_summaries,
        multi_ref=multi_ref,
        engine=engine,
    )
    per_example = score_per_example(predictions, references, rouge_types, settings, progress)
    result: dict[str, Any] = summarize(
        per_example,
        rouge_types,
        use_aggregator=use_aggregator,
        detailed=detailed,
        bootstrap=bootstrap,
        confidence_level=confidence_level,
        n_samples=n_samples,
        seed=seed,
    )
    if return_signature:
        result["signature"] = settings.signature(
            use_aggregator=use_aggregator,
            bootstrap=bootstrap,
            confidence_level=confidence_level,
            n_samples=n_samples,
            seed=seed,
        )
    return result


SCORE_DEFAULTS = {name: parameter.default for name, parameter in inspect.signature(score).parameters.items()}


def scoring_options(arguments: dict[str, Any]) -> dict[str, Any]:
    """``score``'s keyword options among ``arguments`` (its locals), without ``implementation``."""
    return {
        name: arguments[name]
        for name in SCORE_DEFAULTS
        if name not in ("predictions", "references", "implementation", "progress")
    }


def check_options_early(options: dict[str, Any]) -> None:
    """Check compute's options (defaults filled in) before any input is stored.

    An unknown option name is a TypeError, a bad value a ValueError, as ``score`` raises them.
    """
    bound = inspect.signature(score).bind_partial(None, None, **options)
    bound.apply_defaults()
    arguments = dict(bound.arguments)
    for name in ("predictions", "references", "progress"):
        del arguments[name]
    implementation = arguments.pop("implementation")
    if implementation is not None and check_name(implementation) in NATIVE:
        arguments = native_options(implementation, arguments, SCORE_DEFAULTS)
    elif implementation is not None:
        resolve_implementation(implementation, arguments, SCORE_DEFAULTS)
    rouge155 = arguments.pop("rouge155")
    if rouge155 is not None:
        check_rouge155_options(rouge155, arguments, SCORE_DEFAULTS)
    check_score_options(**arguments)


def check_score_options(
    *,
    rouge_types: Any,
    use_aggregator: Any,
    use_stemmer: Any,
    tokenizer: Any,
    language: Any,
    split_summaries: Any,
    multi_ref: Any,
    detailed: Any,
    bootstrap: Any,
    confidence_level: Any,
    n_samples: Any,
    seed: Any,
    engine: Any,
    return_signature: Any,
) -> list[str]:
    """Check every compute option and return the rouge types as a list; ValueError names a bad one."""
    rouge_types = check_options(
        rouge_types=DEFAULT_ROUGE_TYPES if rouge_types is None else rouge_types,
        flags={
            "use_aggregator": use_aggregator,
            "use_stemmer": use_stemmer,
            "split_summaries": split_summaries,
            "detailed": detailed,
            "bootstrap": bootstrap,
            "return_signature": return_signature,
        },
        multi_ref=multi_ref,
        multi_ref_modes=MULTI_REF_MODES,
        confidence_level=confidence_level,
        n_samples=n_samples,
        max_samples=MAX_SAMPLES,
        seed=seed,
        engine=engine,
        engines=ENGINES,
    )
    check_language(language)
    validate_rouge_types(rouge_types)
    check_tokenizer(tokenizer)
    return rouge_types


def score_per_example(
    predictions: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    rouge_types: Sequence[str],
    settings: Settings,
    progress: Callable[..., Any] = _plain_progress,
) -> list[dict[str, tuple[float, float, float]]]:
    """Per example, one (precision, recall, F) per rouge type, reduced over its references.

    Warns (UnsegmentedTextWarning) when the tokenizer cannot split the texts' script, or their Korean.
    """
    text_tokenizer = settings.tokenizer
    multi_references = [r if isinstance(r, list) else [r] for r in references]
    unsplit = getattr(text_tokenizer, "unsplit", ())
    if unsplit:
        texts = itertools.chain(predictions, *multi_references)
        languages = unsegmented_languages(texts, cjk="cjk" in unsplit, korean="ko" in unsplit)
        if languages:
            name = text_tokenizer.signature.split("[")[0]
            message = unsegmented_message(name, languages)
            warnings.warn(message, UnsegmentedTextWarning, stacklevel=user_stacklevel())
    splitter = partial(split_sentences, split_summaries=True) if settings.split_summaries else split_lines
    scorer = ENGINES[settings.engine](rouge_types, text_tokenizer, splitter)
    per_example: list[dict[str, tuple[float, float, float]]] = []
    # A progress bar on stderr for inputs of several chunks, only when stderr is a terminal.
    hide = None if len(predictions) > CHUNK else True
    with progress(total=len(predictions), desc="kurenai_rouge", unit="ex", disable=hide) as bar:
        for rows in scorer.score_chunks(predictions, multi_references):
            per_example += [reduce_references(row, settings.multi_ref) for row in rows]
            bar.update(len(rows))
    return per_example


def compare(
    *,
    predictions: Sequence[str] | dict[str, Sequence[str]],
    baseline: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    method: str = "permutation",
    n_samples: int = 10_000,
    confidence_level: float = 0.95,
    seed: int = 0,
    correction: str | None = None,
    rouge_types: Sequence[str] | str | None = None,
    use_stemmer: bool = False,
    tokenizer: Any = None,
    language: str | None = None,
    split_summaries: bool = False,
    multi_ref: str = "best",
    detailed: bool = False,
    engine: str = "fast",
    return_signature: bool = False,
) -> dict[str, Any]:
    """``compare()``'s result (see the metric's ``compare``)."""
    check_test(method, correction)
    check_resampling(confidence_level, n_samples, MAX_SAMPLES, seed)
    systems = check_systems(predictions, baseline, references)
    warn_if_few_examples(len(references), confidence_level)
    rouge_types = check_score_options(
        rouge_types=rouge_types,
        use_aggregator=False,
        use_stemmer=use_stemmer,
        tokenizer=tokenizer,
        language=language,
        split_summaries=split_summaries,
        multi_ref=multi_ref,
        detailed=detailed,
        bootstrap=False,
        confidence_level=confidence_level,
        n_samples=n_samples,
        seed=seed,
        engine=engine,
        return_signature=return_signature,
    )
    settings = resolve(
        tokenizer=tokenizer,
        use_stemmer=use_stemmer,
        language=language,
        split_summaries=split_summaries,
        multi_ref=multi_ref,
        engine=engine,
    )

    def columns(outputs: Sequence[str]) -> dict[str, Any]:
        check_inputs(outputs, references)
        texts, refs = as_texts(outputs, references)
        per_example = score_per_example(texts, refs, rouge_types, settings)
        return summarize(
            per_example,
            rouge_types,
            use_aggregator=False,
            detailed=detailed,
            bootstrap=False,
            confidence_level=confidence_level,
            n_samples=n_samples,
            seed=seed,
        )

    result: dict[str, Any] = compare_systems(
        columns(baseline),
        {name: columns(outputs) for name, outputs in systems.items()},
        prefixed=isinstance(predictions, dict),
        method=method,
        n_samples=n_samples,
        confidence_level=confidence_level,
        seed=seed,
        correction=correction,
    )
    if return_signature:
        result["signature"] = compare_signature(
            settings, method, n_samples, confidence_level, seed, correction
        )
    return result


def warn_if_few_examples(rows: int, confidence_level: float) -> None:
    """A :class:`FewExamplesWarning` when ``rows`` paired examples cannot show a difference."""
    few = few_examples_message(rows, confidence_level)
    if few:
        warnings.warn(few, FewExamplesWarning, stacklevel=user_stacklevel())


def compare_signature(
    settings: Settings,
    method: str,
    n_samples: int,
    confidence_level: float,
    seed: int,
    correction: str | None,
) -> str:
    """The signature of ``compare()``'s result: the scoring's, then ``|test:<method>-<n>x<level>@seed<s>``."""
    test = f"{method}-{n_samples}x{confidence_level}@seed{seed}"
    test += f"+{correction}" if correction else ""
    scoring = settings.signature(
        use_aggregator=True,
        bootstrap=False,
        confidence_level=confidence_level,
        n_samples=n_samples,
        seed=seed,
    )
    return f"{scoring}|test:{test}"
