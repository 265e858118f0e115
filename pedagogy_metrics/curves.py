"""Threshold curves and the areas under them: chapters 4 (ROC) and 5 (precision-recall).

Binary labels ``y_true``; real scores ``y_score``, higher meaning
more positive. Sweeping a threshold ``t`` down through the distinct scores and
predicting positive when ``score >= t`` gives, at each threshold, cumulative
counts of true and false positives; every curve here is read off those counts
(:func:`threshold_counts`).

Everything starts from one table: the positives and negatives at each
distinct score (:func:`score_counts`, weighted when ``sample_weight`` is
given). Its cumulative sums are the curves (:func:`threshold_counts`); one sum
over it is the AUC (:func:`auc_from_counts`), also for buckets of scores
(:func:`roc_auc_histogram`), for tables merged from batches
(:class:`~pedagogy_metrics.streaming.StreamingAUC`) and per group
(:func:`~pedagogy_metrics.ranking.gauc`). Areas are computed from integer
counts and divided once at the end, so the three AUC methods give the *same*
float, not merely close ones.

``y_true`` may hold any two labels; ``pos_label`` (default 1, which also
covers bools and {-1, 1}) names the positive class.

The last section (chapter 6) chooses a threshold: expected cost, the Bayes and
the minimum-cost thresholds, the ROC convex hull, the KS statistic, cumulative
gains and lift, the DET curve.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._checks.arrays import as_binary, as_scores, check_choice, check_fraction
from ._checks.curves import (
    as_binary_scores,
    as_histogram_inputs,
    as_key_counts,
    as_weighted_scores,
    check_costs,
    check_finite_cost,
)
from .classification import binary_counts

__all__ = [
    "ScoreCounts",
    "score_counts",
    "auc_from_counts",
    "ThresholdCounts",
    "threshold_counts",
    "midranks",
    "mann_whitney_u",
    "roc_curve",
    "roc_auc",
    "AUC_METHODS",
    "roc_auc_histogram",
    "histogram_counts",
    "gini",
    "precision_recall_curve",
    "average_precision",
    "pr_auc",
    "OperatingPoint",
    "operating_point",
    "X_AT_Y",
    "precision_at_recall",
    "recall_at_precision",
    "precision_at_volume",
    "recall_at_fpr",
    "fpr_at_recall",
    # choosing a threshold (chapter 6)
    "det_curve",
    "ks_statistic",
    "cumulative_gains_curve",
    "lift_curve",
    "expected_cost",
    "bayes_threshold",
    "cost_curve",
    "min_cost_threshold",
    "roc_convex_hull",
]


class ScoreCounts(NamedTuple):
    """Positives and negatives at each distinct key (score or bucket), keys increasing.

    Returned by :func:`score_counts` and :func:`merge_counts`: the one table
    every curve and every AUC of this module is computed from. The arrays are
    never changed in place, so tables may share them.

    Attributes
    ----------
    keys : ndarray of shape (K,)
        The distinct scores (or bucket indices), increasing.
    pos : ndarray of shape (K,)
        Positives at each key: counts (int64), or sums of weights (float).
    neg : ndarray of shape (K,)
        Negatives at each key, in the same way.

    Examples
    --------
    >>> c = score_counts([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    >>> c.keys.tolist(), c.pos.tolist(), c.neg.tolist()
    ([0.1, 0.8, 0.9], [0, 1, 1], [1, 1, 0])
    """

    keys: np.ndarray
    pos: np.ndarray
    neg: np.ndarray


def _tally(keys: np.ndarray, weights: np.ndarray | None = None):
    """The distinct keys, increasing, and how many rows (or what weight) each has:
    the keys sorted and the runs of equal keys counted."""
    if weights is None:
        keys = np.sort(keys)  # sorting the values alone is faster than their order
    else:
        order = np.argsort(keys, kind="stable")  # the weights follow their keys
        keys, weights = keys[order], weights[order]
    first = np.ones(keys.size, dtype=bool)  # the first row of each run of equal keys
    first[1:] = keys[1:] != keys[:-1]
    starts = np.flatnonzero(first)
    if weights is None:
        total = np.diff(np.r_[starts, keys.size])  # the length of each run
    else:
        total = np.add.reduceat(weights, starts) if starts.size else weights[:0]
    return keys[starts], total


SAMPLE = 2**16  # rows looked at to guess that keys have few distinct values
FEW = 2**10  # at most this many distinct values in the sample: "few"
# odd 64-bit multipliers: with 2 K**2 slots for K values, each has a fair chance
# (about 3 in 4) of giving every value its own slot
_MULTIPLIERS = np.random.default_rng(0).integers(0, 2**63, 16, dtype=np.uint64) | 1


def _codes(keys: np.ndarray):
    """``(values, code)`` with ``values[code] == keys`` and values increasing, when
    the keys take few distinct values; None otherwise (then sort them).

    Small whole numbers (bucket indices, grades) code themselves, key - min.
    Otherwise the distinct values of a sample of the keys are put in a table
    indexed by a multiplicative hash of their 64 bits, one slot per value; every
    key is looked up there and checked equal to the value found. A key missing
    from the sample fails the check, and the answer is None: the counts never
    depend on luck.
    """
    if keys.dtype.kind in "iu" and keys.size and _span(keys) <= 2 * keys.size:
        low = keys.min()
        values = np.arange(_span(keys) + 1, dtype=keys.dtype) + low
        return values, (keys - low).astype(np.intp)
    if keys.size < 2 * SAMPLE or keys.dtype.itemsize != 8:
        return None
    if np.unique(keys[:: keys.size // (4 * FEW)]).size > FEW:  # a quick first look
        return None
    values = np.unique(keys[:: keys.size // SAMPLE])  # increasing
    if values.size > FEW:
        return None
    bits = (2 * values.size**2).bit_length()  # at least 2 K**2 slots
    shift = np.uint64(64 - bits)
    for multiplier in _MULTIPLIERS:
        slot = (values.view(np.uint64) * multiplier) >> shift
        if np.unique(slot).size == values.size:  # no two values share a slot
            break
    else:
        return None
    index = np.zeros(2**bits, dtype=np.uint16)  # a small table: fast to look up
    index[slot] = np.arange(values.size)
    hashed = keys.view(np.uint64) * multiplier
    hashed >>= shift  # in place: the keys may be many
    code = index[hashed]
    return (values, code) if np.array_equal(values[code], keys) else None


def _span(keys: np.ndarray) -> int:
    """max - min of whole numbers, in Python integers (no int64 overflow)."""
    return int(keys.max()) - int(keys.min())


def merge_counts(*tables: ScoreCounts) -> ScoreCounts:
    r"""Add count tables at equal keys: the table of all their rows together.

    .. math:: p_k = \sum_t p_k^{(t)}, \qquad q_k = \sum_t q_k^{(t)}

    over the union of the tables' keys (a key missing from a table counts 0
    there). Merging is associative and commutative: any split of the rows
    into tables, merged in any order, gives the table of all rows.

    Parameters
    ----------
    *tables : ScoreCounts
        Tables of :func:`score_counts` (or of earlier merges), keys of one
        kind (all integers, or all floats).

    Returns
    -------
    ScoreCounts
        The union of the keys, increasing, with the counts added.

    Examples
    --------
    >>> a = score_counts([1, 0], [0.9, 0.8])
    >>> b = score_counts([1, 0], [0.8, 0.1])
    >>> c = merge_counts(a, b)
    >>> c.keys.tolist(), c.pos.tolist(), c.neg.tolist()
    ([0.1, 0.8, 0.9], [0, 1, 1], [1, 1, 0])
    """
    keys = np.concatenate([t.keys for t in tables])
    pos = np.concatenate([t.pos for t in tables])
    neg = np.concatenate([t.neg for t in tables])
    order = np.argsort(keys, kind="stable")  # a merge of the tables' sorted runs
    keys, pos, neg = keys[order], pos[order], neg[order]
    first = np.flatnonzero(np.r_[keys[:1] == keys[:1], keys[1:] != keys[:-1]])
    if first.size:  # counts at equal keys added
        pos, neg = np.add.reduceat(pos, first), np.add.reduceat(neg, first)
    return ScoreCounts(keys[first], pos, neg)


def _score_counts(y: np.ndarray, keys: np.ndarray, w: np.ndarray | None = None):
    """:func:`score_counts` of validated arrays.

    Keys with few distinct values get a code each (:func:`_codes`), and the
    rows are counted per (code, class) in one pass. Other keys are sorted class
    by class and the runs of equal keys counted (:func:`_tally`); both tables
    are then placed on the union of their keys. Both routes give the same
    table (counts are integers; weights are summed per key in either order).
    """
    coded = _codes(keys)
    if coded is not None:
        values, code = coded
        cells = np.bincount(2 * code + y, w, 2 * values.size).reshape(-1, 2)
        seen = cells.any(axis=1)  # (weights are positive)
        return ScoreCounts(values[seen], cells[seen, 1], cells[seen, 0])
    is_pos = y == 1
    pos_keys, pos = _tally(keys[is_pos], None if w is None else w[is_pos])
    neg_keys, neg = _tally(keys[~is_pos], None if w is None else w[~is_pos])
    union = np.sort(np.concatenate([pos_keys, neg_keys]), kind="stable")  # 2 runs
    union = union[np.r_[union[:1] == union[:1], union[1:] != union[:-1]]]
    table = ScoreCounts(
        union,
        np.zeros_like(pos, shape=union.size),
        np.zeros_like(neg, shape=union.size),
    )
    table.pos[np.searchsorted(union, pos_keys)] = pos
    table.neg[np.searchsorted(union, neg_keys)] = neg
    return table


def score_counts(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: Any = 1,
    sample_weight: ArrayLike | None = None,
) -> ScoreCounts:
    r"""Count the positives and negatives at each distinct score.

    .. math:: p_k = \sum_i w_i\, [y_i = 1,\ s_i = t_k], \qquad
              q_k = \sum_i w_i\, [y_i = 0,\ s_i = t_k]

    for the distinct scores :math:`t_1 < t_2 < \dots < t_K` (:math:`w_i = 1`
    without weights). The scores of each class are sorted and the runs of
    equal scores counted; the two tables are then merged (:func:`merge_counts`).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels of one kind; ``pos_label`` is the positive class.
    y_score : array-like of shape (n,)
        Finite real scores (integers kept exact), or bucket indices.
    pos_label : number, str or bool, default 1
        The positive class.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights; rows of weight 0 are left out (as scikit-learn).

    Returns
    -------
    ScoreCounts
        ``(keys, pos, neg)``: counts as int64, sums of weights as floats.

    Examples
    --------
    >>> c = score_counts(["spam", "ham", "spam"], [0.9, 0.9, 0.2], pos_label="spam")
    >>> c.keys.tolist(), c.pos.tolist(), c.neg.tolist()
    ([0.2, 0.9], [1, 1], [0, 1])
    """
    y, s, w = as_weighted_scores(y_true, y_score, sample_weight, pos_label=pos_label)
    return _score_counts(y, s, w)


def bucket_index(y_score: ArrayLike, n_bins: int) -> np.ndarray:
    r"""The bucket of each score in [0, 1], buckets of width ``1 / n_bins``.

    .. math:: b = \min(\lfloor s \cdot n_{bins} \rfloor,\ n_{bins} - 1)

    so a score of exactly 1.0 joins the last bucket rather than overflow. The
    buckets of :func:`histogram_counts`, :func:`roc_auc_histogram` and of
    :class:`~pedagogy_metrics.streaming.StreamingAUC` with ``n_bins``.

    Parameters
    ----------
    y_score : ndarray of shape (n,)
        Scores in [0, 1] (validated by the caller).
    n_bins : int
        Number of buckets, at least 1.

    Returns
    -------
    ndarray of int64, shape (n,)
        Bucket indices in 0..n_bins-1.

    Examples
    --------
    >>> bucket_index(np.array([0.0, 0.49, 0.5, 1.0]), 2).tolist()
    [0, 0, 1, 1]
    """
    return np.minimum((np.asarray(y_score) * n_bins).astype(np.int64), n_bins - 1)


def auc_from_counts(pos: ArrayLike, neg: ArrayLike) -> float:
    r"""The AUC from counts of positives and negatives per score, lowest score first.

    With :math:`p_k, q_k` the positives and negatives at the k-th distinct
    score (or bucket), in increasing order:

    .. math:: AUC = \frac{2U}{2PN}, \quad
              2U = \sum_k p_k \Big(2 \sum_{j < k} q_j + q_k\Big)

    with :math:`P = \sum_k p_k` and :math:`N = \sum_k q_k`: every
    positive-negative pair in the right order counts 2 and a pair sharing a
    score 1 (one half, doubled). Every AUC of the package is this sum: over
    distinct scores (:func:`roc_auc`), over buckets (:func:`roc_auc_histogram`),
    over counts merged from batches
    (:class:`~pedagogy_metrics.streaming.StreamingAUC`), per group
    (:func:`~pedagogy_metrics.ranking.gauc`, through :func:`segment_aucs`).

    Parameters
    ----------
    pos : array-like of shape (K,)
        Positives at each key (a count, or a sum of weights), lowest score first.
    neg : array-like of shape (K,)
        Negatives at each key, in the same order.

    Returns
    -------
    float
        The AUC in [0, 1]. With whole-number counts :math:`2U` and :math:`2PN`
        are exact integers (Python integers beyond what int64 holds), divided
        once.

    Examples
    --------
    >>> auc_from_counts([0, 1, 1], [1, 1, 0])  # scores 0.1, 0.5, 0.9
    0.875
    """
    p, q = as_key_counts(pos, neg)
    twice_u, n_pos, n_neg = _twice_u(p, q, np.zeros(1, dtype=np.int64))
    return _ratio(twice_u[0], 2 * n_pos[0] * n_neg[0])  # exact integers, one rounding


def segment_aucs(p: np.ndarray, q: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """One AUC per segment of keys: :func:`auc_from_counts` of each segment.

    The kernel of :func:`~pedagogy_metrics.ranking.gauc`; it trusts its inputs
    (counts checked by the caller, ``starts`` the first key of each segment: 0
    first, increasing, keys increasing within a segment).

    Parameters
    ----------
    p, q : ndarray of shape (K,)
        Positives and negatives per key.
    starts : ndarray of int, shape (G,)
        The first key of each segment.

    Returns
    -------
    ndarray of float, shape (G,)
        The AUC of each segment, NaN for a segment with one class only.

    Examples
    --------
    >>> segment_aucs(np.array([0, 1, 1, 1]), np.array([1, 1, 0, 0]), np.array([0, 3]))
    array([0.875,   nan])
    """
    twice_u, n_pos, n_neg = _twice_u(p, q, starts)
    with np.errstate(invalid="ignore", divide="ignore"):
        auc = (twice_u / (2 * n_pos * n_neg)).astype(float)
    return np.where((n_pos > 0) & (n_neg > 0), auc, np.nan)


def _twice_u(p: np.ndarray, q: np.ndarray, segments: np.ndarray):
    """2U, P and N of each segment of keys: the sum of :func:`auc_from_counts`."""
    if p.dtype.kind == "i" and int(p.sum()) * int(q.sum()) >= 2**61:  # beyond int64
        p, q = p.astype(object), q.astype(object)  # Python integers: exact
    length = np.diff(np.r_[segments, p.size])
    neg_below = np.cumsum(q) - q  # negatives at lower keys...
    neg_below = neg_below - np.repeat(neg_below[segments], length)  # ...of the segment
    twice_u = np.add.reduceat(p * (2 * neg_below + q), segments)  # in order 2, tie 1
    return twice_u, np.add.reduceat(p, segments), np.add.reduceat(q, segments)


def _ratio(a: Any, b: Any) -> float:
    """a / b as a float, rounded once when both are whole numbers."""
    if isinstance(a, (int, np.integer)) and isinstance(b, (int, np.integer)):
        return int(a) / int(b)  # Python's int division is correctly rounded
    return float(a / b)


class ThresholdCounts(NamedTuple):
    """Cumulative counts at each distinct score, highest score first.

    Returned by :func:`threshold_counts`; every curve of this module is read
    off these counts. Predicting positive when ``score >= thresholds[k]`` gives
    ``tp[k]`` true and ``fp[k]`` false positives.

    Attributes
    ----------
    thresholds : ndarray of shape (m,)
        The distinct scores, decreasing.
    tp : ndarray of shape (m,)
        Positives with score >= threshold (int, or sums of weights).
    fp : ndarray of shape (m,)
        Negatives with score >= threshold.
    n_pos : int or float
        Number (or weight) of positives, P.
    n_neg : int or float
        Number (or weight) of negatives, N.

    Examples
    --------
    >>> c = threshold_counts([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    >>> c.n_pos, c.n_neg
    (2, 2)
    >>> (c.tp / c.n_pos).tolist()  # the recall at each threshold
    [0.5, 1.0, 1.0]
    """

    thresholds: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    n_pos: Any
    n_neg: Any


def threshold_counts(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: Any = 1,
    sample_weight: ArrayLike | None = None,
) -> ThresholdCounts:
    r"""True and false positives when predicting positive for ``score >= t``.

    For each distinct score :math:`t_1 > t_2 > \dots > t_m`:

    .. math:: TP(t) = \sum_i w_i\, y_i [s_i \ge t], \qquad
              FP(t) = \sum_i w_i\, (1 - y_i) [s_i \ge t]

    The counts per distinct score (:func:`score_counts`), summed from the
    highest score down.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores.
    pos_label : number, str or bool, default 1
        The positive class.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights (:math:`w_i = 1` without).

    Returns
    -------
    ThresholdCounts
        ``(thresholds, tp, fp, n_pos, n_neg)``, arrays of length m.

    Examples
    --------
    >>> c = threshold_counts([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    >>> c.thresholds.tolist(), c.tp.tolist(), c.fp.tolist()
    ([0.9, 0.8, 0.1], [1, 2, 2], [0, 1, 2])
    """
    y, s, w = as_weighted_scores(
        y_true, y_score, sample_weight, need="both", pos_label=pos_label
    )
    return _sweep(y, s, w)


def _sweep(
    y: np.ndarray, s: np.ndarray, w: np.ndarray | None = None
) -> ThresholdCounts:
    """The counts of :func:`threshold_counts` for validated arrays.

    Either class may be absent.
    """
    c = _score_counts(y, s, w)
    tp = np.cumsum(c.pos[::-1])  # highest threshold first
    fp = np.cumsum(c.neg[::-1])
    n_pos, n_neg = (tp[-1].item(), fp[-1].item()) if tp.size else (0, 0)
    return ThresholdCounts(c.keys[::-1], tp, fp, n_pos, n_neg)


def _with_inf(thresholds: np.ndarray) -> np.ndarray:
    """``+inf``, then the thresholds: integers beyond 2**53 stay exact (as objects)."""
    if thresholds.dtype.kind in "iu" and thresholds.size:
        if max(int(thresholds.max()), -int(thresholds.min())) > 2**53:
            return np.array([math.inf, *thresholds.tolist()], dtype=object)
    return np.r_[np.inf, thresholds]


def _scalar(value: Any) -> Any:
    """A threshold as a Python number of its own kind (int, float, long double kept)."""
    if isinstance(value, np.floating) and value.dtype.itemsize > 8:
        return value  # extended precision: a float would round it
    return value.item() if isinstance(value, np.generic) else value


# ---- ROC section (chapter 4) ---------------------------------------------------

AUC_METHODS = ("rank", "pairs", "trapezoid")


def midranks(x: ArrayLike) -> np.ndarray:
    r"""The ranks 1..n of the values, increasing, tied values sharing their mean rank.

    .. math:: r_i = \#\{j : x_j < x_i\} + \frac{1 + \#\{j : x_j = x_i\}}{2}

    Parameters
    ----------
    x : array-like of shape (n,)
        Finite real values.

    Returns
    -------
    ndarray of float, shape (n,)
        The mid-rank of each value, in the original order.

    Notes
    -----
    The ``"average"`` method of ``scipy.stats.rankdata``.

    Examples
    --------
    >>> midranks([0.3, 0.1, 0.3, 0.2]).tolist()
    [3.5, 1.0, 3.5, 2.0]
    """
    v = as_scores(x, "x")
    v_sorted = np.sort(v)
    below = np.searchsorted(v_sorted, v, side="left")  # values strictly smaller
    at_or_below = np.searchsorted(v_sorted, v, side="right")  # values smaller or equal
    return (below + at_or_below + 1) / 2


def roc_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: Any = 1,
    sample_weight: ArrayLike | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r"""The ROC curve: false and true positive rates at every distinct threshold.

    .. math::

        \begin{aligned}
        FPR(t) &= \frac{FP(t)}{FP(t) + TN(t)} = \frac{FP(t)}{N}, \\
        TPR(t) &= \frac{TP(t)}{TP(t) + FN(t)} = \frac{TP(t)}{P}
        \end{aligned}

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores; predict positive when ``score >= threshold``.
    pos_label : number, str or bool, default 1
        The positive class.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights: the counts become sums of weights.

    Returns
    -------
    fpr : ndarray of shape (m + 1,)
        False positive rates, from 0 (threshold ``+inf``) up to 1.
    tpr : ndarray of shape (m + 1,)
        True positive rates, from 0 (threshold ``+inf``) up to 1.
    thresholds : ndarray of shape (m + 1,)
        ``+inf`` first, then the distinct scores in decreasing order: the curve
        starts at (0, 0) and ends at (1, 1).

    Notes
    -----
    Equals ``sklearn.metrics.roc_curve`` with ``drop_intermediate=False``
    (weights included); no convex hull (Fawcett 2006).

    Examples
    --------
    >>> fpr, tpr, thr = roc_curve([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    >>> fpr.tolist(), tpr.tolist(), thr.tolist()
    ([0.0, 0.0, 0.5, 1.0], [0.0, 0.5, 1.0, 1.0], [inf, 0.9, 0.8, 0.1])
    """
    c = threshold_counts(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    )
    fpr = np.r_[0, c.fp] / c.n_neg
    tpr = np.r_[0, c.tp] / c.n_pos
    return fpr, tpr, _with_inf(c.thresholds)


def mann_whitney_u(
    y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = 1
) -> float:
    r"""Mann-Whitney U: positive-negative pairs in the right order, ties counting 1/2.

    .. math::

        \begin{aligned}
        U &= \sum_{i:\,y_i=1} \Big(\#\{j: y_j = 0,\ s_j < s_i\} \\
          &\qquad + \tfrac12\,\#\{j: y_j = 0,\ s_j = s_i\}\Big) \\
          &= R_+ - \frac{P(P+1)}{2}
        \end{aligned}

    For each positive, count the negatives scoring below it and half of those
    tied with it. The same number is the rank-sum form on the right, with
    :math:`R_+` the sum of the positives' mid-ranks among all scores.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores.
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    float
        U, a whole or half-whole number between 0 and :math:`PN`.

    Notes
    -----
    Mann & Whitney (1947); :math:`U / (PN)` is the ROC AUC (Hanley & McNeil
    1982). The negatives are sorted, and two binary searches per positive
    count those below and those tied: integer counts, so U is exact.
    :func:`roc_auc` computes the same U per distinct score instead
    (:func:`auc_from_counts`).

    Examples
    --------
    >>> mann_whitney_u([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])  # 2 + 1 wins + 1/2 tie
    3.5
    """
    y, s = as_binary_scores(y_true, y_score, need="both", pos_label=pos_label)
    negatives = np.sort(s[y == 0])
    positives = s[y == 1]
    below = np.searchsorted(negatives, positives, side="left")  # s_j < s_i
    at_or_below = np.searchsorted(negatives, positives, side="right")  # s_j <= s_i
    tied = at_or_below - below  # negatives with s_j = s_i
    return float(below.sum() + tied.sum() / 2)


def _twice_u_pairs(y, s, w, block: int = 2**22):
    """2U from every positive-negative pair (weights multiplied), a block at a time."""
    positives, negatives = s[y == 1], s[y == 0]
    w_pos = np.ones(positives.size, np.int64) if w is None else w[y == 1]
    w_neg = np.ones(negatives.size, np.int64) if w is None else w[y == 0]
    rows = max(1, block // negatives.size)  # positives per block: bounded memory
    twice_u = 0
    for start in range(0, positives.size, rows):
        p = positives[start : start + rows, None]
        pair_weight = w_pos[start : start + rows, None] * w_neg  # w_i w_j
        in_order = 2 * (p > negatives) + (p == negatives)  # 2 in order, 1 tied
        twice_u += (pair_weight * in_order).sum().item()
    return twice_u, w_pos.sum().item(), w_neg.sum().item()


def _twice_u_trapezoid(y, s, w):
    """2U as twice the area under the ROC staircase in counts (FP on x, TP on y)."""
    c = _sweep(y, s, w)
    fp, tp = np.r_[0, c.fp], np.r_[0, c.tp]
    return np.sum(np.diff(fp) * (tp[1:] + tp[:-1])).item(), c.n_pos, c.n_neg


def roc_auc(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    method: str = "rank",
    pos_label: Any = 1,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Area under the ROC curve, exact, ties counting one half.

    .. math:: AUC = \frac{1}{PN} \sum_{i:\,y_i=1} \sum_{j:\,y_j=0}
              \Big([s_i > s_j] + \tfrac12 [s_i = s_j]\Big)
              = \frac{R_+ - P(P+1)/2}{PN}

    where :math:`R_+` is the sum of the mid-ranks of the positives among all
    scores. With weights each pair counts :math:`w_i w_j`, and P, N are the
    classes' total weights.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores.
    method : {"rank", "pairs", "trapezoid"}, default "rank"
        ``"rank"``: the rank sum per distinct score: count the positives
        :math:`p_k` and negatives :math:`q_k` at each distinct score
        (:func:`score_counts`: each class sorted, runs counted) and sum
        :math:`\sum_k p_k (\sum_{j<k} q_j + q_k/2)` (:func:`auc_from_counts`),
        which is :math:`R_+ - P(P+1)/2`;
        ``"pairs"``: every positive-negative pair (O(PN), memory in blocks);
        ``"trapezoid"``: trapezoids under :func:`roc_curve`, in counts.
    pos_label : number, str or bool, default 1
        The positive class.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights.

    Returns
    -------
    float
        The AUC in [0, 1]. Without weights all three methods compute the same
        exact :math:`2U` (a whole number) and divide once by :math:`2PN`, so
        they agree to the last bit.

    Notes
    -----
    Mann-Whitney U statistic (Hanley & McNeil 1982); trapezoid rule without
    convex hull (Fawcett 2006). Equals ``sklearn.metrics.roc_auc_score``,
    weighted or not.

    Examples
    --------
    >>> roc_auc([1, 0, 1, 0, 0, 0], [0.9, 0.7, 0.8, 0.6, 0.5, 0.4])
    1.0
    >>> roc_auc([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1], method="pairs")
    0.875
    >>> roc_auc(["spam", "ham"], [0.7, 0.2], pos_label="spam")
    1.0
    """
    method = check_choice(method, "method", AUC_METHODS)
    y, s, w = as_weighted_scores(
        y_true, y_score, sample_weight, need="both", pos_label=pos_label
    )
    if method == "rank":
        c = _score_counts(y, s, w)
        return auc_from_counts(c.pos, c.neg)
    twice_u, n_pos, n_neg = _TWICE_U[method](y, s, w)
    return _ratio(twice_u, 2 * n_pos * n_neg)


# the two other methods: 2U (pairs in order count 2, ties 1), P and N
_TWICE_U: dict[str, Callable] = {
    "pairs": _twice_u_pairs,
    "trapezoid": _twice_u_trapezoid,
}


def histogram_counts(
    y_true: ArrayLike, y_score: ArrayLike, *, n_bins: int = 100, pos_label: Any = 1
) -> tuple[np.ndarray, np.ndarray]:
    r"""Count the positives and negatives per bucket of width ``1 / n_bins`` on [0, 1].

    Bucket :math:`b = \min(\lfloor s \cdot n_{bins} \rfloor,\ n_{bins} - 1)`
    (:func:`bucket_index`), so a score of exactly 1.0 falls in the last
    bucket.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Scores in [0, 1].
    n_bins : int, default 100
        Number of equal-width buckets, at least 1.
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    pos_hist : ndarray of int, shape (n_bins,)
        Number of positives in each bucket, lowest scores first.
    neg_hist : ndarray of int, shape (n_bins,)
        Number of negatives in each bucket, lowest scores first.

    Examples
    --------
    >>> pos, neg = histogram_counts([1, 0, 1, 0], [1.0, 0.2, 0.6, 0.5], n_bins=2)
    >>> pos.tolist(), neg.tolist()
    ([0, 2], [1, 1])
    """
    y, s, n_bins = as_histogram_inputs(y_true, y_score, n_bins, pos_label=pos_label)
    c = _score_counts(y, bucket_index(s, n_bins))  # the non-empty buckets
    pos_hist, neg_hist = np.zeros((2, n_bins), dtype=np.int64)
    pos_hist[c.keys], neg_hist[c.keys] = c.pos, c.neg
    return pos_hist, neg_hist


def roc_auc_histogram(
    y_true: ArrayLike, y_score: ArrayLike, *, n_bins: int = 100, pos_label: Any = 1
) -> float:
    r"""Approximate AUC from per-bucket counts of positives and negatives.

    With :math:`p_b, q_b` the positives and negatives in bucket :math:`b`:

    .. math:: AUC_{hist} = \frac{1}{PN}
              \sum_b p_b \Big(\sum_{c < b} q_c + \tfrac12 q_b\Big)

    Pairs in different buckets are ordered correctly; a pair sharing a bucket
    counts 1/2 whatever its true order, so
    :math:`|AUC_{hist} - AUC| \le \frac{1}{2PN} \sum_b p_b q_b`.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Scores in [0, 1]; a score of exactly 1.0 falls in the last bucket.
    n_bins : int, default 100
        Number of equal-width buckets, at least 1.
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    float
        The bucketed AUC: the exact AUC of the bucket indices.

    Notes
    -----
    The histogram method of the ``auc.py`` code quoted in note 003, with its
    crash at 1.0 fixed: the same counts per key (:func:`score_counts`) and
    the same sum (:func:`auc_from_counts`) as :func:`roc_auc`, with bucket
    indices (:func:`bucket_index`) as keys. Only the non-empty buckets are
    kept, so the cost does not grow with ``n_bins``.

    Examples
    --------
    >>> roc_auc_histogram([1, 0, 1, 0], [1.0, 0.2, 0.6, 0.5], n_bins=2)
    0.75
    """
    y, s, n_bins = as_histogram_inputs(y_true, y_score, n_bins, pos_label=pos_label)
    c = _score_counts(y, bucket_index(s, n_bins))  # p_b, q_b of the non-empty buckets
    return auc_from_counts(c.pos, c.neg)


def gini(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = 1) -> float:
    r"""Gini coefficient of a scorer: :math:`G = 2\,AUC - 1`, in [-1, 1].

    .. math:: G = 2\,AUC - 1 = \frac{2U - PN}{PN}

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores.
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    float
        0 for a random ranking, 1 for a perfect one, -1 for a reversed one.

    Notes
    -----
    Also called Somers' D of the score against the label. Computed in whole
    numbers from the counts per distinct score, as the AUC
    (:func:`auc_from_counts`), and divided once: the exact value rounded once.

    Examples
    --------
    >>> gini([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    0.75
    """
    y, s = as_binary_scores(y_true, y_score, need="both", pos_label=pos_label)
    c = _score_counts(y, s)
    twice_u, n_pos, n_neg = _twice_u(c.pos, c.neg, np.zeros(1, dtype=np.int64))
    pairs = int(n_pos[0]) * int(n_neg[0])  # P N
    return (int(twice_u[0]) - pairs) / pairs  # (2U - PN) / (PN), rounded once


# ---- end of ROC section --------------------------------------------------------

# ---- precision-recall section (chapter 5) --------------------------------------


def precision_recall_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: Any = 1,
    sample_weight: ArrayLike | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r"""Precision and recall at every distinct threshold, as scikit-learn orders them.

    .. math:: P(t) = \frac{TP(t)}{TP(t) + FP(t)}, \qquad R(t) = \frac{TP(t)}{P}

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels in {0, 1}; at least one positive (with no negatives,
        precision is 1 at every threshold).
    y_score : array-like of shape (n,)
        Finite real scores; predict positive when ``score >= threshold``.
    pos_label : number, str or bool, default 1
        The positive class.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights: the counts become sums of weights.

    Returns
    -------
    precision : ndarray of shape (m + 1,)
        One value per distinct score in *increasing* order of threshold, then
        the extra value 1 (threshold ``+inf``: nothing predicted positive).
    recall : ndarray of shape (m + 1,)
        The recall at the same points: decreasing, ending with the extra 0.
    thresholds : ndarray of shape (m,)
        The distinct scores, increasing.

    Notes
    -----
    Equals ``sklearn.metrics.precision_recall_curve`` (scikit-learn >= 1.3
    keeps every threshold, also those after recall reaches 1).

    Examples
    --------
    >>> p, r, t = precision_recall_curve([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    >>> p.round(4).tolist(), r.tolist(), t.tolist()
    ([0.5, 0.6667, 1.0, 1.0], [1.0, 1.0, 0.5, 0.0], [0.1, 0.8, 0.9])
    """
    y, s, w = as_weighted_scores(
        y_true, y_score, sample_weight, need="positives", pos_label=pos_label
    )
    c = _sweep(y, s, w)  # TP(t), FP(t), highest threshold first
    precision = c.tp / (c.tp + c.fp)
    recall = c.tp / c.n_pos
    return np.r_[precision[::-1], 1.0], np.r_[recall[::-1], 0.0], c.thresholds[::-1]


def average_precision(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: Any = 1,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Average precision: precision at each threshold, weighted by the recall gained.

    .. math:: AP = \sum_n (R_n - R_{n-1})\, P_n
              = \frac{1}{P} \sum_{u} \#\{i: y_i = 1, s_i = u\}\; P(u)

    summing over thresholds :math:`t_1 > t_2 > \dots` (:math:`R_0 = 0`); only
    the distinct scores :math:`u` of positives add recall.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels in {0, 1}; at least one positive (with no negatives,
        precision is 1 at every threshold).
    y_score : array-like of shape (n,)
        Finite real scores.
    pos_label : number, str or bool, default 1
        The positive class.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights: the counts become sums of weights.

    Returns
    -------
    float
        AP in (0, 1]; a step sum, no interpolation.

    Notes
    -----
    Equals ``sklearn.metrics.average_precision_score`` (weighted or not).
    The recall steps are summed in counts and divided by :math:`P` once, so
    that with every label positive AP is exactly 1.

    Examples
    --------
    >>> average_precision([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    0.8333333333333333
    """
    y, s, w = as_weighted_scores(
        y_true, y_score, sample_weight, need="positives", pos_label=pos_label
    )
    c = _sweep(y, s, w)  # TP(t), FP(t), highest threshold first
    precision = c.tp / (c.tp + c.fp)  # P_n
    new_positives = np.diff(c.tp, prepend=0)  # P (R_n - R_{n-1}): recall step, counts
    return float(np.sum(new_positives * precision) / c.n_pos)


def pr_auc(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: Any = 1,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Area under the precision-recall curve by the lower trapezoid rule.

    Points: :math:`(R, P) = (0, 1)` at threshold :math:`+\infty`, then one per
    distinct score. Group the points by recall; for consecutive distinct
    recalls :math:`a < b`:

    .. math:: PR\text{-}AUC = \sum_{a<b \text{ consecutive}}
              \frac{\min_{R=a} P + \max_{R=b} P}{2}\,(b - a)

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels in {0, 1}; at least one positive (with no negatives,
        precision is 1 at every threshold).
    y_score : array-like of shape (n,)
        Finite real scores.
    pos_label : number, str or bool, default 1
        The positive class.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights: the counts become sums of weights.

    Returns
    -------
    float
        The area, in [0, 1].

    Notes
    -----
    Boyd, Eng & Page (2013), "lower trapezoid": precision is not linear
    between two PR points, so each trapezoid starts from the lowest precision
    at its left recall. Within one recall value the points run from the
    highest precision (first, fewest false positives) to the lowest (last).

    Examples
    --------
    >>> pr_auc([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    0.9166666666666666
    """
    y, s, w = as_weighted_scores(
        y_true, y_score, sample_weight, need="positives", pos_label=pos_label
    )
    c = _sweep(y, s, w)  # TP(t), FP(t), highest threshold first
    tp = np.r_[0, c.tp]
    precision = np.r_[1.0, c.tp / (c.tp + c.fp)]
    first_at_recall = np.r_[True, tp[1:] != tp[:-1]]
    last_at_recall = np.r_[tp[1:] != tp[:-1], True]
    recall = tp[first_at_recall] / c.n_pos
    p_max, p_min = precision[first_at_recall], precision[last_at_recall]
    return float(((p_min[:-1] + p_max[1:]) / 2 * np.diff(recall)).sum())


class OperatingPoint(NamedTuple):
    """One threshold and the rates it gives.

    Returned by :func:`operating_point`: the threshold an X@Y metric picks,
    and what predicting positive when ``score >= threshold`` achieves there.

    Attributes
    ----------
    threshold : float
        The threshold; ``+inf`` means nothing is predicted positive.
    precision : float
        Precision at the threshold (1.0 at threshold ``+inf``).
    recall : float
        Recall (true positive rate) at the threshold.
    fpr : float
        False positive rate at the threshold.
    volume : float
        Share of all samples predicted positive.

    Examples
    --------
    >>> op = operating_point([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1], "recall_at_fpr", 0.4)
    >>> op.threshold, op.recall, op.fpr
    (0.9, 0.5, 0.0)
    """

    threshold: float
    precision: float
    recall: float
    fpr: float
    volume: float


# X@Y metric -> name of its limit argument
X_AT_Y = {
    "precision_at_recall": "min_recall",
    "recall_at_precision": "min_precision",
    "precision_at_volume": "min_volume",
    "recall_at_fpr": "max_fpr",
    "fpr_at_recall": "min_recall",
}


def operating_point(
    y_true: ArrayLike,
    y_score: ArrayLike,
    metric: str,
    limit: float,
    *,
    pos_label: Any = 1,
) -> OperatingPoint:
    r"""The threshold an X@Y metric picks, and precision, recall, FPR and volume there.

    Candidates are :math:`+\infty` (nothing positive; precision taken as 1)
    and every distinct score, predicting positive when ``score >= t``.
    No interpolation; the conservative choice of Yggdrasil Decision Forests:

    * ``precision_at_recall``: the highest threshold with recall >= limit;
    * ``recall_at_precision``: the highest recall among thresholds with
      precision >= limit;
    * ``precision_at_volume``: the highest threshold with volume >= limit;
    * ``recall_at_fpr``: the highest recall among thresholds with FPR <= limit;
    * ``fpr_at_recall``: the lowest FPR among thresholds with recall >= limit.

    Among thresholds giving the same best value, the highest is returned.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores.
    metric : str
        One of the five names above.
    limit : float
        The constraint, in [0, 1].
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    OperatingPoint
        ``(threshold, precision, recall, fpr, volume)`` as Python floats
        (the threshold a Python int for integer scores, exact beyond 2**53).

    Examples
    --------
    >>> y, s = [1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1]
    >>> op = operating_point(y, s, "precision_at_recall", 0.6)
    >>> op  # doctest: +NORMALIZE_WHITESPACE
    OperatingPoint(threshold=0.8, precision=0.6666666666666666, recall=1.0,
                   fpr=0.5, volume=0.75)
    """
    metric = check_choice(metric, "metric", list(X_AT_Y))
    c = threshold_counts(y_true, y_score, pos_label=pos_label)
    limit = check_fraction(limit, "limit")
    tp, fp = np.r_[0, c.tp], np.r_[0, c.fp]
    precision = np.r_[1.0, c.tp / (c.tp + c.fp)]
    recall, fpr = tp / c.n_pos, fp / c.n_neg
    volume = (tp + fp) / (c.n_pos + c.n_neg)
    if metric == "precision_at_recall":
        i = np.argmax(recall >= limit)  # first True: the highest threshold
    elif metric == "precision_at_volume":
        i = np.argmax(volume >= limit)
    elif metric == "recall_at_precision":
        i = np.argmax(np.where(precision >= limit, recall, -1.0))  # +inf qualifies
    elif metric == "recall_at_fpr":
        i = np.argmax(np.where(fpr <= limit, recall, -1.0))  # +inf qualifies
    else:  # fpr_at_recall
        # the lowest threshold always qualifies
        i = np.argmin(np.where(recall >= limit, fpr, 2.0))
    threshold = _with_inf(c.thresholds)[i]
    return OperatingPoint(
        _scalar(threshold),
        float(precision[i]),
        float(recall[i]),
        float(fpr[i]),
        float(volume[i]),
    )


def precision_at_recall(
    y_true: ArrayLike, y_score: ArrayLike, min_recall: float, *, pos_label: Any = 1
) -> float:
    r"""Precision at the highest threshold whose recall is at least ``min_recall``.

    .. math:: P@R(r) = P(t^*), \quad t^* = \max\{t : R(t) \ge r\}

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Two labels (both classes) and finite scores.
    min_recall : float
        Required recall, in [0, 1].
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    float
        The precision there (1.0 when ``min_recall`` is 0: the +inf threshold).

    Notes
    -----
    No interpolation (Yggdrasil Decision Forests' X@Y metrics); precision is
    not monotone in the threshold, so this is not the best precision.

    Examples
    --------
    >>> precision_at_recall([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1], 0.6)
    0.6666666666666666
    """
    return operating_point(
        y_true,
        y_score,
        "precision_at_recall",
        check_fraction(min_recall, "min_recall"),
        pos_label=pos_label,
    ).precision


def recall_at_precision(
    y_true: ArrayLike, y_score: ArrayLike, min_precision: float, *, pos_label: Any = 1
) -> float:
    r"""Highest recall among thresholds whose precision is at least ``min_precision``.

    .. math:: R@P(p) = \max\{R(t) : P(t) \ge p\}

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Two labels (both classes) and finite scores.
    min_precision : float
        Required precision, in [0, 1].
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    float
        The recall (0.0 when only the +inf threshold qualifies).

    Notes
    -----
    No interpolation (Yggdrasil Decision Forests' X@Y metrics).

    Examples
    --------
    >>> recall_at_precision([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1], 0.7)
    0.5
    """
    return operating_point(
        y_true,
        y_score,
        "recall_at_precision",
        check_fraction(min_precision, "min_precision"),
        pos_label=pos_label,
    ).recall


def precision_at_volume(
    y_true: ArrayLike, y_score: ArrayLike, min_volume: float, *, pos_label: Any = 1
) -> float:
    r"""Precision at the highest threshold whose volume is at least ``min_volume``.

    The volume is the share of samples predicted positive:

    .. math:: P@V(v) = P(t^*), \quad
              t^* = \max\{t : \tfrac{TP(t) + FP(t)}{n} \ge v\}

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Two labels (both classes) and finite scores.
    min_volume : float
        Required share of samples predicted positive, in [0, 1].
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    float
        The precision there (1.0 when ``min_volume`` is 0).

    Notes
    -----
    No interpolation (Yggdrasil Decision Forests' X@Y metrics).

    Examples
    --------
    >>> precision_at_volume([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1], 0.5)
    0.6666666666666666
    """
    return operating_point(
        y_true,
        y_score,
        "precision_at_volume",
        check_fraction(min_volume, "min_volume"),
        pos_label=pos_label,
    ).precision


def recall_at_fpr(
    y_true: ArrayLike, y_score: ArrayLike, max_fpr: float, *, pos_label: Any = 1
) -> float:
    r"""Highest recall among thresholds whose FPR is at most ``max_fpr``.

    .. math:: R@FPR(f) = \max\{R(t) : FPR(t) \le f\}

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Two labels (both classes) and finite scores.
    max_fpr : float
        Largest allowed FPR, in [0, 1].
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    float
        The recall (the ROC curve's TPR read conservatively at ``max_fpr``).

    Notes
    -----
    No interpolation (Yggdrasil Decision Forests' X@Y metrics).

    Examples
    --------
    >>> recall_at_fpr([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1], 0.4)
    0.5
    """
    return operating_point(
        y_true,
        y_score,
        "recall_at_fpr",
        check_fraction(max_fpr, "max_fpr"),
        pos_label=pos_label,
    ).recall


def fpr_at_recall(
    y_true: ArrayLike, y_score: ArrayLike, min_recall: float, *, pos_label: Any = 1
) -> float:
    r"""Lowest false positive rate among thresholds with recall >= ``min_recall``.

    .. math:: FPR@R(r) = \min\{FPR(t) : R(t) \ge r\}

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Two labels (both classes) and finite scores.
    min_recall : float
        Required recall, in [0, 1].
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    float
        The FPR (0.0 when ``min_recall`` is 0).

    Notes
    -----
    No interpolation (Yggdrasil Decision Forests' X@Y metrics).

    Examples
    --------
    >>> fpr_at_recall([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1], 0.6)
    0.5
    """
    return operating_point(
        y_true,
        y_score,
        "fpr_at_recall",
        check_fraction(min_recall, "min_recall"),
        pos_label=pos_label,
    ).fpr


# ---- end of precision-recall section -------------------------------------------

# ---- choosing a threshold (chapter 6) ------------------------------------------


def det_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: Any = 1,
    sample_weight: ArrayLike | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r"""The detection error tradeoff (DET) curve: the two error rates at each threshold.

    .. math:: FPR(t) = \frac{FP(t)}{N}, \qquad
              FNR(t) = \frac{FN(t)}{P} = 1 - TPR(t)

    The thresholds of :func:`roc_curve` (``+inf`` included), from the
    highest one that misses no positive to the lowest one that accepts no
    negative; as scikit-learn, in increasing order of threshold. A DET plot
    draws both rates on normal-deviate scales.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores; predict positive when ``score >= threshold``.
    pos_label : number, str or bool, default 1
        The positive class.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights: the counts become sums of weights.

    Returns
    -------
    fpr : ndarray
        False positive rates, decreasing to 0.
    fnr : ndarray
        False negative rates, increasing from 0.
    thresholds : ndarray
        Increasing; the last is ``+inf`` when the highest score is a negative's.
        Integer scores beyond 2**53 come back as Python ints (an object
        array), so that no two distinct scores become one threshold.

    Notes
    -----
    Equals ``sklearn.metrics.det_curve`` (scikit-learn >= 1.7, which adds the
    threshold ``+inf``).

    References
    ----------
    Martin, A., Doddington, G., Kamm, T., Ordowski, M., & Przybocki, M.
    (1997). The DET curve in assessment of detection task performance.
    *Eurospeech 1997*, 1895-1898.

    Examples
    --------
    >>> fpr, fnr, thr = det_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr.tolist(), fnr.tolist(), thr.tolist()
    ([0.5, 0.5, 0.0], [0.0, 0.5, 0.5], [0.35, 0.4, 0.8])
    """
    c = threshold_counts(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    )  # highest threshold first
    thresholds = _with_inf(c.thresholds)
    fp = np.r_[0, c.fp]
    fn = c.n_pos - np.r_[0, c.tp]
    no_fp = np.flatnonzero(fp == 0)[-1]  # the lowest threshold with FP = 0
    no_fn = np.flatnonzero(fn == 0)[0]  # the highest threshold with FN = 0
    kept = np.arange(no_fp, no_fn + 1)[::-1]  # increasing thresholds
    return fp[kept] / c.n_neg, fn[kept] / c.n_pos, thresholds[kept]


def ks_statistic(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = 1) -> float:
    r"""Kolmogorov-Smirnov statistic: the largest gap between TPR and FPR.

    .. math:: KS = \max_t |TPR(t) - FPR(t)| = \sup_x |F_1(x) - F_0(x)|

    where :math:`F_1` and :math:`F_0` are the empirical distribution
    functions of the positives' and the negatives' scores: the largest
    vertical distance between the ROC curve and the diagonal.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores.

    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    float
        A number in [0, 1]; 0 when the two score distributions are equal.

    Notes
    -----
    Equals ``scipy.stats.ks_2samp(positives, negatives).statistic``. Used in
    credit scoring to rate how well a score separates good from bad payers.
    Computed in counts, :math:`\max_t |TP(t)\,N - FP(t)\,P| / (PN)`: whole
    numbers and one division, so the result is the exact value rounded once.

    References
    ----------
    Smirnov, N. (1948). Table for estimating the goodness of fit of empirical
    distributions. *Annals of Mathematical Statistics* 19(2), 279-281.

    Examples
    --------
    >>> ks_statistic([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])  # TPR 0.5 at FPR 0
    0.5
    """
    c = threshold_counts(y_true, y_score, pos_label=pos_label)
    gap = np.abs(c.tp * c.n_neg - c.fp * c.n_pos)  # |TPR - FPR| P N, whole numbers
    return float(gap.max() / (c.n_pos * c.n_neg))


def cumulative_gains_curve(
    y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = 1
) -> tuple[np.ndarray, np.ndarray]:
    r"""Cumulative gains: the recall reached when the top-scored share is selected.

    .. math:: V(t) = \frac{TP(t) + FP(t)}{n}, \qquad R(t) = \frac{TP(t)}{P}

    From (0, 0) (threshold :math:`+\infty`), one point per distinct score in
    decreasing order, ending at (1, 1). A random ranking follows the
    diagonal.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); at least one positive.
    y_score : array-like of shape (n,)
        Finite real scores.

    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    volume : ndarray of shape (m + 1,)
        Share of all cases predicted positive, increasing from 0 to 1.
    recall : ndarray of shape (m + 1,)
        Share of the positives among them, increasing from 0 to 1.

    References
    ----------
    Linoff, G. S., & Berry, M. J. A. (2011). *Data Mining Techniques*, 3rd
    ed. Wiley (gains and lift charts).

    Examples
    --------
    >>> volume, recall = cumulative_gains_curve([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    >>> volume.tolist(), recall.tolist()
    ([0.0, 0.25, 0.75, 1.0], [0.0, 0.5, 1.0, 1.0])
    """
    y, s = as_binary_scores(y_true, y_score, need="positives", pos_label=pos_label)
    c = _sweep(y, s)  # highest threshold first
    volume = np.r_[0, c.tp + c.fp] / y.size
    recall = np.r_[0, c.tp] / c.n_pos
    return volume, recall


def lift_curve(
    y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = 1
) -> tuple[np.ndarray, np.ndarray]:
    r"""Lift: how many times the base rate the precision of the top-scored share is.

    .. math:: \mathrm{Lift}(t) = \frac{P(t)}{P / n}, \qquad
              P(t) = \frac{TP(t)}{TP(t) + FP(t)}

    One point per distinct score in decreasing order (none at volume 0,
    where precision is undefined); the last point, everything selected, has
    lift 1.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); at least one positive.
    y_score : array-like of shape (n,)
        Finite real scores.

    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    volume : ndarray of shape (m,)
        Share of all cases predicted positive, increasing to 1.
    lift : ndarray of shape (m,)
        Precision divided by the base rate :math:`P / n`.

    References
    ----------
    Linoff, G. S., & Berry, M. J. A. (2011). *Data Mining Techniques*, 3rd
    ed. Wiley (gains and lift charts).

    Examples
    --------
    >>> volume, lift = lift_curve([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    >>> volume.tolist(), lift.round(4).tolist()
    ([0.25, 0.75, 1.0], [2.0, 1.3333, 1.0])
    """
    y, s = as_binary_scores(y_true, y_score, need="positives", pos_label=pos_label)
    c = _sweep(y, s)  # highest threshold first
    volume = (c.tp + c.fp) / y.size
    precision = c.tp / (c.tp + c.fp)
    base_rate = c.n_pos / y.size
    return volume, precision / base_rate


def expected_cost(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    cost_fp: float = 1.0,
    cost_fn: float = 1.0,
    pos_label: Any = 1,
) -> float:
    r"""Expected cost per case of hard predictions, given the cost of each error.

    .. math:: \mathrm{EC} = \frac{c_{FP}\, FP + c_{FN}\, FN}{n}

    Correct predictions cost nothing. With both costs 1 it is the error
    rate.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        Two labels of one kind (``pos_label`` the positive class).
    cost_fp : float, default 1.0
        Cost of a false positive; finite, >= 0.
    cost_fn : float, default 1.0
        Cost of a false negative; finite, >= 0, not 0 together with
        ``cost_fp``.
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    float
        The mean cost per case, >= 0.

    References
    ----------
    Elkan, C. (2001). The foundations of cost-sensitive learning. *IJCAI
    2001*, 973-978.

    Examples
    --------
    >>> expected_cost([1, 1, 0, 0], [1, 0, 1, 0], cost_fp=1.0, cost_fn=5.0)
    1.5
    """
    cost_fp, cost_fn = check_costs(cost_fp, cost_fn)
    y = as_binary(y_true, "y_true", pos_label=pos_label)
    y_hat = as_binary(y_pred, "y_pred", pos_label=pos_label)
    tp, fp, fn, tn = binary_counts(y, y_hat)
    cost = (cost_fp * fp + cost_fn * fn) / (tp + fp + fn + tn)
    return check_finite_cost(cost)


def bayes_threshold(cost_fp: float = 1.0, cost_fn: float = 1.0) -> float:
    r"""The threshold on calibrated probabilities that minimises the expected cost.

    Predicting positive a case whose probability of being positive is
    :math:`p` costs :math:`(1 - p)\, c_{FP}` on average; predicting it
    negative costs :math:`p\, c_{FN}`. Positive is no worse when

    .. math:: p\, c_{FN} \ge (1 - p)\, c_{FP}
              \iff p \ge \frac{c_{FP}}{c_{FP} + c_{FN}}

    Parameters
    ----------
    cost_fp : float, default 1.0
        Cost of a false positive; finite, >= 0.
    cost_fn : float, default 1.0
        Cost of a false negative; finite, >= 0, not 0 together with
        ``cost_fp``.

    Returns
    -------
    float
        The threshold in [0, 1]: predict positive when the probability is
        at least this. 0.5 for equal costs.

    Notes
    -----
    Only for probabilities that are calibrated; for other scores use
    :func:`min_cost_threshold` on held-out data.

    References
    ----------
    Elkan, C. (2001). The foundations of cost-sensitive learning. *IJCAI
    2001*, 973-978.

    Examples
    --------
    >>> bayes_threshold(cost_fp=1.0, cost_fn=4.0)  # a miss costs 4 false alarms
    0.2
    """
    cost_fp, cost_fn = check_costs(cost_fp, cost_fn)
    return cost_fp / (cost_fp + cost_fn)


def cost_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    cost_fp: float = 1.0,
    cost_fn: float = 1.0,
    pos_label: Any = 1,
) -> tuple[np.ndarray, np.ndarray]:
    r"""The expected cost per case at every threshold of :func:`roc_curve`.

    .. math:: \mathrm{EC}(t) = \frac{c_{FP}\, FP(t) + c_{FN}\, FN(t)}{n}

    predicting positive when ``score >= t``; the threshold :math:`+\infty`
    (nothing positive) first, then the distinct scores, decreasing.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores.
    cost_fp : float, default 1.0
        Cost of a false positive; finite, >= 0.
    cost_fn : float, default 1.0
        Cost of a false negative; finite, >= 0, not 0 together with
        ``cost_fp``.
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    thresholds : ndarray of shape (m + 1,)
        ``+inf``, then the distinct scores, decreasing (integer scores beyond
        2**53 as Python ints, see :func:`det_curve`).
    cost : ndarray of float, shape (m + 1,)
        The expected cost at each, the value :func:`expected_cost` gives for
        the predictions ``score >= t``.

    Examples
    --------
    >>> thr, cost = cost_curve([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1], cost_fn=3.0)
    >>> thr.tolist(), cost.tolist()
    ([inf, 0.9, 0.8, 0.1], [1.5, 0.75, 0.25, 0.5])
    """
    cost_fp, cost_fn = check_costs(cost_fp, cost_fn)
    c = threshold_counts(y_true, y_score, pos_label=pos_label)  # highest first
    fp = np.r_[0, c.fp]
    fn = c.n_pos - np.r_[0, c.tp]
    cost = (cost_fp * fp + cost_fn * fn) / (c.n_pos + c.n_neg)
    return _with_inf(c.thresholds), cost


def min_cost_threshold(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    cost_fp: float = 1.0,
    cost_fn: float = 1.0,
    pos_label: Any = 1,
) -> tuple[float, float]:
    r"""The threshold of lowest expected cost on labelled data, and that cost.

    Over the thresholds :math:`t` of :func:`roc_curve` (:math:`+\infty`
    included), predicting positive when ``score >= t``:

    .. math:: t^* = \arg\min_t \frac{c_{FP}\, FP(t) + c_{FN}\, FN(t)}{n}

    Among thresholds of equal cost the highest is returned. The minimum lies
    on the ROC convex hull (:func:`roc_convex_hull`), where an iso-cost line
    of slope :math:`c_{FP} N / (c_{FN} P)` touches it.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores.
    cost_fp : float, default 1.0
        Cost of a false positive; finite, >= 0.
    cost_fn : float, default 1.0
        Cost of a false negative; finite, >= 0, not 0 together with
        ``cost_fp``.

    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    threshold : float or int
        The best threshold (``+inf``: predict nothing positive); a Python int
        for integer scores, so that ``score >= threshold`` reproduces the cost
        also beyond 2**53.
    cost : float
        Its expected cost per case, as :func:`expected_cost` computes it.

    References
    ----------
    Provost, F., & Fawcett, T. (2001). Robust classification for imprecise
    environments. *Machine Learning* 42(3), 203-231.

    Examples
    --------
    >>> min_cost_threshold([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1], cost_fn=3.0)
    (0.8, 0.25)
    """
    thresholds, cost = cost_curve(
        y_true, y_score, cost_fp=cost_fp, cost_fn=cost_fn, pos_label=pos_label
    )
    best = int(np.argmin(cost))  # the first minimum: the highest threshold
    return _scalar(thresholds[best]), check_finite_cost(cost[best])


def _upper_hull(x: list[int], y: list[int]) -> list[int]:
    """Indices of the upper convex hull of points sorted by (x, y), left to right.

    Andrew's monotone chain: a point is dropped when it does not turn clockwise
    (it lies below or on the segment joining its neighbours). Integer
    coordinates, so every turn is decided exactly.
    """
    hull: list[int] = []
    for k in range(len(x)):
        while len(hull) >= 2:
            o, a = hull[-2], hull[-1]
            turn = (x[a] - x[o]) * (y[k] - y[o]) - (y[a] - y[o]) * (x[k] - x[o])
            if turn < 0:  # clockwise: a stays
                break
            hull.pop()
        hull.append(k)
    return hull


def roc_convex_hull(
    y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = 1
) -> tuple[np.ndarray, np.ndarray]:
    r"""The ROC convex hull: the operating points some cost ratio makes optimal.

    The vertices of the upper convex hull of the ROC points, from (0, 0) to
    (1, 1), sorted by (FPR, TPR); points on a segment between two vertices
    are dropped. Any point of the hull is reachable by choosing at random
    between its two neighbouring vertices' thresholds.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores.

    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    fpr : ndarray
        False positive rates of the vertices, increasing from 0 to 1.
    tpr : ndarray
        True positive rates of the vertices, from 0 to 1. A curve entirely on
        or below the diagonal gives the two vertices (0, 0) and (1, 1).

    Notes
    -----
    The turns are computed on the counts (FP, TP), integers, so collinear
    points are recognised exactly.

    References
    ----------
    Provost, F., & Fawcett, T. (2001). Robust classification for imprecise
    environments. *Machine Learning* 42(3), 203-231.

    Examples
    --------
    >>> fpr, tpr = roc_convex_hull([1, 0, 1, 0, 1, 0], [6, 5, 4, 3, 2, 1])
    >>> (fpr * 3).tolist(), (tpr * 3).tolist()  # (1/3, 2/3) on a segment: dropped
    ([0.0, 0.0, 2.0, 3.0], [0.0, 1.0, 3.0, 3.0])
    """
    c = threshold_counts(y_true, y_score, pos_label=pos_label)  # sorted by (FP, TP)
    fp, tp = [0, *c.fp.tolist()], [0, *c.tp.tolist()]
    vertices = _upper_hull(fp, tp)
    fpr = np.array([fp[k] for k in vertices]) / c.n_neg
    tpr = np.array([tp[k] for k in vertices]) / c.n_pos
    return fpr, tpr


# ---- end of the threshold section --------------------------------------------------
