"""Exact ROUGE scores on token lists, with rouge-score's arithmetic.

Every function returns ``(precision, recall, fmeasure)`` as Python floats,
computed with the same operations, in the same order, as rouge-score 0.1.2,
so that the numbers are equal (``==``), not merely close.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any

Score = tuple[float, float, float]
ROUGE_N_RE = re.compile(r"^rouge([1-9])$")
ZERO: Score = (0.0, 0.0, 0.0)


def fmeasure(precision: float, recall: float) -> float:
    """Harmonic mean of precision and recall, 0 when both are 0 (rouge-score's rule)."""
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0


def ngram_counts(tokens: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    """Count the n-grams of ``tokens``."""
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def score_ngrams(reference: Sequence[str], prediction: Sequence[str], n: int) -> Score:
    """ROUGE-N with clipped counts: P = hits / max(#pred n-grams, 1), R likewise."""
    ref_counts = ngram_counts(reference, n)
    pred_counts = ngram_counts(prediction, n)
    hits = sum(min(count, pred_counts[gram]) for gram, count in ref_counts.items())
    precision = hits / max(sum(pred_counts.values()), 1)
    recall = hits / max(sum(ref_counts.values()), 1)
    return precision, recall, fmeasure(precision, recall)


def lcs_table(reference: Sequence[str], prediction: Sequence[str]) -> list[list[int]]:
    """The (len(reference)+1) x (len(prediction)+1) LCS length table."""
    table = [[0] * (len(prediction) + 1) for _ in range(len(reference) + 1)]
    for i, ref_token in enumerate(reference, 1):
        row, above = table[i], table[i - 1]
        for j, pred_token in enumerate(prediction, 1):
            row[j] = above[j - 1] + 1 if ref_token == pred_token else max(above[j], row[j - 1])
    return table


def score_lcs(reference: Sequence[str], prediction: Sequence[str]) -> Score:
    """ROUGE-L over whole token lists; an empty side scores 0."""
    if not reference or not prediction:
        return ZERO
    length = lcs_table(reference, prediction)[-1][-1]
    precision = length / len(prediction)
    recall = length / len(reference)
    return precision, recall, fmeasure(precision, recall)


def lcs_indices(reference: Sequence[str], prediction: Sequence[str]) -> list[int]:
    """Indices into ``reference`` of one LCS, chosen by rouge-score's backtrack.

    Take the diagonal when the tokens are equal, else step left only when
    ``t[i][j-1] > t[i-1][j]``, otherwise step up.
    """
    table = lcs_table(reference, prediction)
    i, j = len(reference), len(prediction)
    indices = []
    while i > 0 and j > 0:
        if reference[i - 1] == prediction[j - 1]:
            indices.append(i - 1)
            i -= 1
            j -= 1
        elif table[i][j - 1] > table[i - 1][j]:
            j -= 1
        else:
            i -= 1
    return indices[::-1]


def score_summary_lcs(reference: Sequence[Sequence[str]], prediction: Sequence[Sequence[str]]) -> Score:
    """ROUGE-Lsum: union LCS per reference sentence, hits clipped per token."""
    ref_total = sum(map(len, reference))
    pred_total = sum(map(len, prediction))
    if not reference or not prediction or not ref_total or not pred_total:
        return ZERO
    ref_left = Counter(token for sentence in reference for token in sentence)
    pred_left = Counter(token for sentence in prediction for token in sentence)
    hits = 0
    for ref_sentence in reference:
        union = sorted(set().union(*(lcs_indices(ref_sentence, p) for p in prediction)))
        for token in (ref_sentence[i] for i in union):
            if pred_left[token] > 0 and ref_left[token] > 0:
                hits += 1
                pred_left[token] -= 1
                ref_left[token] -= 1
    precision = hits / pred_total
    recall = hits / ref_total
    return precision, recall, fmeasure(precision, recall)


def validate_rouge_types(rouge_types: Sequence[str]) -> None:
    """Raise ValueError naming any rouge type this engine cannot score."""
    bad = [
        t
        for t in rouge_types
        if not (ROUGE_N_RE.match(t) or t in ("rougeL", "rougeLsum") or is_family_type(t))
    ]
    if bad:
        raise ValueError(
            f"unknown rouge type(s) {', '.join(map(repr, bad))}; "
            "valid types are rouge1 ... rouge9, rougeL, rougeLsum, rougeW, "
            "rougeS0 ... rougeS9, rougeS*, rougeSU0 ... rougeSU9, rougeSU*"
        )


def score_tokens(
    reference: Sequence[str],
    prediction: Sequence[str],
    reference_sentences: Sequence[Sequence[str]],
    prediction_sentences: Sequence[Sequence[str]],
    rouge_types: Sequence[str],
) -> dict[str, Score]:
    """Score one tokenized pair for every type in ``rouge_types``.

    ``reference``/``prediction`` are the whole texts' tokens (rouge1-9,
    rougeL, rougeS/SU); the ``*_sentences`` are per-sentence tokens
    (rougeLsum, rougeW).
    """
    scores: dict[str, Score] = {}
    for rouge_type in rouge_types:
        if rouge_type == "rougeL":
            scores[rouge_type] = score_lcs(reference, prediction)
        elif rouge_type == "rougeLsum":
            scores[rouge_type] = score_summary_lcs(reference_sentences, prediction_sentences)
        elif is_family_type(rouge_type):
            scores[rouge_type] = score_family(
                rouge_type, reference, prediction, reference_sentences, prediction_sentences
            )
        else:
            scores[rouge_type] = score_ngrams(reference, prediction, int(rouge_type[5:]))
    return scores


class TokenEngine:
    """Scores texts with this module's functions, tokenizing each text once.

    ``tokenizer`` has ``tokenize(text)``; ``splitter`` maps a text to the
    sentences rougeLsum compares.
    """

    name = "fast"

    def __init__(
        self, rouge_types: Sequence[str], tokenizer: Any, splitter: Callable[[str], list[str]]
    ) -> None:
        self.rouge_types = list(rouge_types)
        self._tokenize = tokenizer.tokenize
        self._splitter = splitter
        self._needs_tokens = any(t not in ("rougeLsum", "rougeW") for t in self.rouge_types)
        self._needs_sentences = any(t in ("rougeLsum", "rougeW") for t in self.rouge_types)

    def _doc(self, text: str) -> tuple[list[str], list[list[str]]]:
        tokens = self._tokenize(text) if self._needs_tokens else []
        sentences = [self._tokenize(s) for s in self._splitter(text)] if self._needs_sentences else []
        return tokens, sentences

    def score_batch(
        self, predictions: Sequence[str], references: Sequence[Sequence[str]]
    ) -> list[list[dict[str, Score]]]:
        """Per prediction, its scores against each of its references."""
        results = []
        for prediction, refs in zip(predictions, references, strict=True):
            pred_tokens, pred_sentences = self._doc(prediction)
            row = []
            for reference in refs:
                ref_tokens, ref_sentences = self._doc(reference)
                row.append(
                    score_tokens(ref_tokens, pred_tokens, ref_sentences, pred_sentences, self.rouge_types)
                )
            results.append(row)
        return results


class KurenaiEngine:
    """Scores texts with ``kurenai.rouge_scorer.RougeScorer``, for cross-checking.

    rougeLsum gets the sentences of ``splitter`` joined by newlines, which is
    how kurenai reads sentences; every other type gets the text as it is.
    """

    name = "kurenai"

    def __init__(
        self, rouge_types: Sequence[str], tokenizer: Any, splitter: Callable[[str], list[str]]
    ) -> None:
        from kurenai.rouge_scorer import RougeScorer

        family = [t for t in rouge_types if is_family_type(t)]
        if family:
            raise ValueError(f"engine='kurenai' cannot score {', '.join(family)}; use engine='fast'")
        self.rouge_types = list(rouge_types)
        other_types = [t for t in self.rouge_types if t != "rougeLsum"]
        self._scorer = RougeScorer(other_types, tokenizer=tokenizer) if other_types else None
        self._lsum_scorer = (
            RougeScorer(["rougeLsum"], tokenizer=tokenizer) if "rougeLsum" in self.rouge_types else None
        )
        self._splitter = splitter

    def _score(self, reference: str, prediction: str) -> dict[str, Score]:
        scores = {}
        if self._scorer is not None:
            scores.update(self._scorer.score(reference, prediction))
        if self._lsum_scorer is not None:
            joined = ("\n".join(self._splitter(text)) for text in (reference, prediction))
            scores.update(self._lsum_scorer.score(*joined))
        return {t: tuple(float(v) for v in scores[t]) for t in self.rouge_types}

    def score_batch(
        self, predictions: Sequence[str], references: Sequence[Sequence[str]]
    ) -> list[list[dict[str, Score]]]:
        """Per prediction, its scores against each of its references."""
        return [[self._score(r, p) for r in refs] for p, refs in zip(predictions, references, strict=True)]


ENGINES = {"fast": TokenEngine, "kurenai": KurenaiEngine}


# ROUGE-W, ROUGE-S and ROUGE-SU, computed as ROUGE-1.5.5.pl computes them
# (options -w 1.2, -2 <k> and -2 <k> -u); README "ROUGE-W, ROUGE-S and ROUGE-SU"
# lists where that script departs from Lin (2004).

ROUGE_W_WEIGHT = 1.2
ROUGE_S_RE = re.compile(r"^rougeS(U?)([0-9*])$")


def is_family_type(rouge_type: str) -> bool:
    """Whether ``rouge_type`` is rougeW, rougeS<k>, rougeSU<k> (k in 0..9) or rougeS* / rougeSU*."""
    return rouge_type == "rougeW" or ROUGE_S_RE.match(rouge_type) is not None


def score_family(
    rouge_type: str,
    reference: Sequence[str],
    prediction: Sequence[str],
    reference_sentences: Sequence[Sequence[str]],
    prediction_sentences: Sequence[Sequence[str]],
) -> Score:
    """Score one pair for a type accepted by ``is_family_type``.

    rougeW compares sentences, as rougeLsum does; the skip-bigram types take
    the whole texts' tokens, so their pairs run across sentence breaks.
    """
    if rouge_type == "rougeW":
        return score_wlcs(reference_sentences, prediction_sentences, ROUGE_W_WEIGHT)
    unigrams, skip = ROUGE_S_RE.match(rouge_type).groups()
    return score_skip_bigrams(reference, prediction, None if skip == "*" else int(skip), unigrams == "U")


def skip_bigram_counts(
    tokens: Sequence[str], max_skip: int | None, unigrams: bool
) -> Counter[tuple[str, ...]]:
    """Count the ordered token pairs with at most ``max_skip`` tokens between them (None: any).

    With ``unigrams`` every token but the last is also counted, as 1-tuples:
    ROUGE-1.5.5's ``-u`` adds a unigram in the same loop that starts each
    pair, and the last token starts none.

    >>> sorted(skip_bigram_counts("abcd", 1, True).items())  # doctest: +NORMALIZE_WHITESPACE
    [(('a',), 1), (('a', 'b'), 1), (('a', 'c'), 1), (('b',), 1), (('b', 'c'), 1), (('b', 'd'), 1),
     (('c',), 1), (('c', 'd'), 1)]
    """
    widest = len(tokens) - 1 if max_skip is None else max_skip + 1
    counts: Counter[tuple[str, ...]] = Counter()
    for distance in range(1, widest + 1):
        counts.update(zip(tokens, tokens[distance:], strict=False))
    if unigrams:
        counts.update(zip(tokens[:-1]))
    return counts


def score_counts(ref_counts: Counter[tuple[str, ...]], pred_counts: Counter[tuple[str, ...]]) -> Score:
    """Clipped matches of two multisets: P = hits / max(#pred, 1), R = hits / max(#ref, 1)."""
    hits = sum(min(count, pred_counts[gram]) for gram, count in ref_counts.items())
    precision = hits / max(sum(pred_counts.values()), 1)
    recall = hits / max(sum(ref_counts.values()), 1)
    return precision, recall, fmeasure(precision, recall)


def score_skip_bigrams(
    reference: Sequence[str], prediction: Sequence[str], max_skip: int | None, unigrams: bool
) -> Score:
    """ROUGE-S (``unigrams=False``) or ROUGE-SU with clipped skip-bigram counts.

    >>> score_skip_bigrams("police killed the gunman".split(), "police kill the gunman".split(), None, False)
    (0.5, 0.5, 0.5)
    """
    return score_counts(
        skip_bigram_counts(reference, max_skip, unigrams), skip_bigram_counts(prediction, max_skip, unigrams)
    )


def _mark_wlcs(
    reference: Sequence[str],
    prediction: Sequence[str],
    positions: dict[str, list[int]],
    weights: Sequence[float],
    mask: bytearray,
) -> None:
    """Set ``mask[i]`` for the reference positions on ROUGE-1.5.5's weighted-LCS path.

    ``positions`` maps each prediction token to its 1-based positions;
    ``weights[k]`` is f(k). A match cell holds the value above-left plus
    f(k+1) - f(k), k being the run of matches ending above-left; any other
    cell the larger of above and left, which between two matches of a row is
    a running maximum. The walk back takes the diagonal on equal tokens, else
    goes up when above >= left, else left. Rows are flat lists of floats.
    """
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


def score_wlcs(
    reference: Sequence[Sequence[str]], prediction: Sequence[Sequence[str]], weight: float = ROUGE_W_WEIGHT
) -> Score:
    """ROUGE-W-``weight`` of sentence-split texts, as ROUGE-1.5.5.pl computes it.

    Each reference sentence is marked with its weighted-LCS path against
    every predicted sentence; the marked tokens still available in both texts'
    unigram counts are hits, and each run of consecutive hit positions in the
    reference sentence scores f(run) = run ** weight. With ``hit`` their sum,
    P = f^-1(hit / f(#pred tokens)) and R = f^-1(hit / f(sum of f(#tokens) per
    reference sentence)): ROUGE-1.5.5 weights the reference size twice, so an
    identical text has P = 1 and R < 1. An empty side scores 0.

    >>> [round(x, 5) for x in score_wlcs([["a", "b"]], [["a", "x", "b"]])]
    [0.66667, 0.87055, 0.75509]
    """
    if not any(reference) or not any(prediction):
        return ZERO
    weights = [k**weight for k in range(max(map(len, reference)) + 1)]
    ref_left = Counter(token for sentence in reference for token in sentence)
    pred_left = Counter(token for sentence in prediction for token in sentence)
    pred_positions = []
    for sentence in prediction:
        positions: dict[str, list[int]] = {}
        for j, token in enumerate(sentence, 1):
            positions.setdefault(token, []).append(j)
        pred_positions.append(positions)
    hit = base = 0.0
    for sentence in reference:
        base += weights[len(sentence)]
        mask = bytearray(len(sentence))
        for pred_sentence, positions in zip(prediction, pred_positions, strict=True):
            _mark_wlcs(sentence, pred_sentence, positions, weights, mask)
        run = 0
        for i, token in enumerate(sentence):
            if mask[i] and ref_left[token] > 0 and pred_left[token] > 0:
                run += 1
                if i + 1 == len(sentence) or not mask[i + 1]:
                    hit += weights[run]
                    run = 0
                ref_left[token] -= 1
                pred_left[token] -= 1
    precision = (hit / sum(map(len, prediction)) ** weight) ** (1 / weight)
    recall = (hit / base**weight) ** (1 / weight)
    return precision, recall, fmeasure(precision, recall)
