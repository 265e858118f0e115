"""Ranking metrics for one query or many: chapters 11 and 12.

One query is a sequence of relevance **grades in ranked order** (position 1
first). Grades are non-negative numbers; an item is *relevant* when its grade
is greater than zero. Several queries are a list of such sequences.

Chapter 11 counts relevant items in the top of the list (precision@k,
recall@k, average precision, reciprocal rank); chapter 12 weighs graded
relevance by position (cumulative gain, DCG, NDCG) and averages per-user ROC
AUC (GAUC). Conventions follow trec_eval (Buckley's ``trec_eval`` 9.x, as
wrapped by ``pytrec_eval``) and scikit-learn's ``ndcg_score``.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ._checks.arrays import check_choice, check_positive_int
from ._checks.curves import as_grouped_scores
from ._checks.ranking import (
    as_cutoff,
    as_err_grades,
    as_graded_scores,
    as_grades,
    as_n_relevant,
    as_queries,
    as_query_counts,
    as_query_ideals,
    as_query_table,
    as_ranked_and_ideal,
    check_exponential_grades,
    check_finite_sum,
    check_scored_groups,
)
from ._checks.trec import (
    as_qrels,
    as_run,
    as_trec_measures,
    as_trec_numbers,
    as_trec_table,
)
from .curves import auc_from_counts

__all__ = [
    "GAINS",
    "GAUC_WEIGHTS",
    "precision_table",
    "precision_at_k",
    "recall_at_k",
    "average_precision_at_k",
    "mean_average_precision",
    "reciprocal_rank",
    "mean_reciprocal_rank",
    "cumulative_gain",
    "dcg_table",
    "dcg",
    "ndcg",
    "dcg_from_scores",
    "ndcg_from_scores",
    "gauc_table",
    "gauc",
    "r_precision",
    "hit_at_k",
    "hit_rate",
    "expected_reciprocal_rank",
    "mean_ndcg",
    "ranked_grades",
    "evaluate_run",
    "read_qrels",
    "read_run",
]

GAINS = ("linear", "exponential")
GAUC_WEIGHTS = ("impressions", "clicks")


def _gain(grades: np.ndarray, gain: str, name: str = "ranked") -> np.ndarray:
    """G(r) = r (linear) or 2**r - 1 (exponential), as floats."""
    if gain == "linear":
        return grades.astype(float)
    check_exponential_grades(grades, name)
    return np.exp2(grades.astype(float)) - 1.0


def _total(values: np.ndarray, name: str = "ranked") -> float:
    """Sum as a Python float; a sum beyond the float range is a ValueError."""
    with np.errstate(over="ignore"):
        total = float(np.sum(values))
    return check_finite_sum(total, name)


def _share(count: float, total: int) -> float:
    """count / total as a float, also for a total beyond floats (k = 10**400)."""
    return float(Fraction(float(count)) / total)


def _discount(n: int) -> np.ndarray:
    """log2(i + 1) for positions i = 1..n: the divisor of the gain at each position."""
    return np.log2(np.arange(2, n + 2))


def _dcg(grades: np.ndarray, k: int | None, gain: str, name: str = "ranked") -> float:
    """DCG@k of validated grades: the sum of G(r_i) / log2(i + 1) over the top k."""
    top = grades[: as_cutoff(k, grades.size)]
    return _total(_gain(top, gain, name) / _discount(top.size), name)


# ---- precision@k, recall@k, AP, MAP, MRR (chapter 11) --------------------------


def precision_table(ranked: ArrayLike, k: int | None = None) -> dict[str, np.ndarray]:
    r"""Precision at every position of the top k: the table of average precision.

    .. math:: P@i = \frac{1}{i} \sum_{j=1}^{i} \mathrm{rel}_j, \qquad
              \mathrm{rel}_j = [r_j > 0]

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance grades in ranked order (position 1 first), non-negative.
    k : int, optional
        Keep positions 1..k (fewer if the list is shorter). Default: all.

    Returns
    -------
    dict of ndarray
        ``"rank"`` (1, 2, ...), ``"grade"``, ``"relevant"`` (bool),
        ``"hits"`` (relevant items in the top i) and ``"precision"`` (P@i).

    Examples
    --------
    >>> precision_table([1, 0, 1])["precision"].round(4).tolist()
    [1.0, 0.5, 0.6667]
    """
    grades = as_grades(ranked)
    grades = grades[: as_cutoff(k, grades.size)]
    rank = np.arange(1, grades.size + 1)
    relevant = grades > 0
    hits = np.cumsum(relevant)
    return {
        "rank": rank,
        "grade": grades,
        "relevant": relevant,
        "hits": hits,
        "precision": hits / rank,
    }


def precision_at_k(ranked: ArrayLike, k: int) -> float:
    r"""Precision at k: the share of the first k positions holding a relevant item.

    .. math:: P@k = \frac{1}{k} \sum_{i=1}^{\min(k, n)} [r_i > 0]

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance grades in ranked order, non-negative; relevant means > 0.
    k : int
        Cut-off, at least 1.

    Returns
    -------
    float
        In [0, 1].

    Notes
    -----
    Divides by k even when fewer than k items were retrieved, as trec_eval's
    ``P_k``: missing positions count as non-relevant.

    Examples
    --------
    >>> precision_at_k([1, 0, 1, 1], 2)
    0.5
    >>> precision_at_k([1, 0, 1], 6)  # a short list is padded with misses
    0.3333333333333333
    """
    grades = as_grades(ranked)
    k = check_positive_int(k, "k")
    hits = int(np.count_nonzero(grades[:k] > 0))
    return _share(hits, k)


def recall_at_k(ranked: ArrayLike, k: int, *, n_relevant: int | None = None) -> float:
    r"""Recall at k: the share of the query's relevant items found in the top k.

    .. math:: R@k = \frac{1}{R} \sum_{i=1}^{\min(k, n)} [r_i > 0]

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance grades in ranked order, non-negative; relevant means > 0.
    k : int
        Cut-off, at least 1.
    n_relevant : int, optional
        :math:`R`, the number of relevant items of the query, including those
        never retrieved. Default: the relevant items in ``ranked``. Must be at
        least the relevant items found in the top k.

    Returns
    -------
    float
        In [0, 1]; 0 when the query has no relevant item (as trec_eval).

    Examples
    --------
    >>> recall_at_k([1, 0, 1, 1], 2)
    0.3333333333333333
    >>> recall_at_k([1, 0, 1, 1], 2, n_relevant=5)
    0.2
    """
    grades = as_grades(ranked)
    k = check_positive_int(k, "k")
    hits = int(np.count_nonzero(grades[:k] > 0))
    n_relevant = as_n_relevant(n_relevant, int(np.count_nonzero(grades > 0)), hits)
    return _share(hits, n_relevant) if n_relevant else 0.0


def average_precision_at_k(
    ranked: ArrayLike, k: int | None = None, *, n_relevant: int | None = None
) -> float:
    r"""Average precision: precision at each relevant position of the top k, over R.

    .. math:: AP@k = \frac{1}{R} \sum_{i=1}^{\min(k, n)} P@i \cdot [r_i > 0]

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance grades in ranked order, non-negative; relevant means > 0.
    k : int, optional
        Cut-off, at least 1. Default: the whole list.
    n_relevant : int, optional
        The denominator :math:`R`. Default: the relevant items in ``ranked``
        (the whole list, also beyond k). Pass the number of relevant items of
        the query, retrieved or not, for trec_eval's ``map``; pass
        :math:`\min(M, K)` for the recommender-system AP@K. It must be at least
        the relevant items found in the top k.

    Returns
    -------
    float
        In [0, 1]; 0 when the query has no relevant item (as trec_eval).

    Notes
    -----
    With ``n_relevant`` = all relevant items of the query this is trec_eval's
    ``map`` (``k=None``) and ``map_cut_k``: relevant items never retrieved
    contribute a precision of 0.

    Examples
    --------
    >>> round(average_precision_at_k([1, 0, 0, 1, 1, 1]), 4)
    0.6917
    >>> average_precision_at_k([1, 0, 1], n_relevant=4)  # (1 + 2/3) / 4
    0.41666666666666663
    """
    grades = as_grades(ranked)
    table = precision_table(grades, k)
    found = int(table["hits"][-1])
    n_relevant = as_n_relevant(n_relevant, int(np.count_nonzero(grades > 0)), found)
    precision_at_hits = table["precision"][table["relevant"]]
    return _share(precision_at_hits.sum(), n_relevant) if n_relevant else 0.0


def mean_average_precision(
    queries: Iterable[ArrayLike],
    k: int | None = None,
    *,
    n_relevant: Sequence[int | None] | None = None,
) -> float:
    r"""Mean average precision: :func:`average_precision_at_k` averaged over queries.

    .. math:: MAP@k = \frac{1}{Q} \sum_{q=1}^{Q} AP_q@k

    Parameters
    ----------
    queries : sequence of array-like
        One sequence of grades in ranked order per query (lengths may differ).
    k : int, optional
        Cut-off applied to every query. Default: each whole list.
    n_relevant : sequence of int or None, optional
        One denominator per query (None for a query's default). Default:
        relevant items in each list.

    Returns
    -------
    float
        In [0, 1].

    Examples
    --------
    >>> queries = [[1, 0, 1, 0, 1], [0, 1, 0, 1, 0]]
    >>> mean_average_precision(queries, 5)  # (0.7556 + 0.5) / 2
    0.6277777777777778
    """
    if (table := as_query_table(queries)) is not None:  # fast path: all queries at once
        if (fast := _flat_average_precision(*table, k, n_relevant)) is not None:
            return float(np.mean(fast))
    grades = as_queries(queries)
    counts = as_query_counts(n_relevant, len(grades), "n_relevant")
    scores = [
        average_precision_at_k(g, k, n_relevant=r) for g, r in zip(grades, counts)
    ]
    return float(np.mean(scores))


def reciprocal_rank(ranked: ArrayLike) -> float:
    r"""Reciprocal rank: one over the position of the first relevant item, else 0.

    .. math:: RR = \frac{1}{\min\{\,i : r_i > 0\,\}}

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance grades in ranked order, non-negative; relevant means > 0.

    Returns
    -------
    float
        In [0, 1].

    Notes
    -----
    trec_eval's ``recip_rank``.

    Examples
    --------
    >>> reciprocal_rank([0, 0, 1, 1])
    0.3333333333333333
    """
    grades = as_grades(ranked)
    positions = np.flatnonzero(grades > 0)
    return 1.0 / int(positions[0] + 1) if positions.size else 0.0


def mean_reciprocal_rank(queries: Iterable[ArrayLike]) -> float:
    r"""Mean reciprocal rank over queries.

    .. math:: MRR = \frac{1}{Q} \sum_{q=1}^{Q} RR_q

    Parameters
    ----------
    queries : sequence of array-like
        One sequence of grades in ranked order per query.

    Returns
    -------
    float
        In [0, 1].

    Examples
    --------
    >>> round(mean_reciprocal_rank([[0, 0, 1], [0, 1], [1]]), 4)  # (1/3 + 1/2 + 1) / 3
    0.6111
    """
    if (table := as_query_table(queries)) is not None:  # fast path: all queries at once
        return float(np.mean(_flat_reciprocal_rank(*table)))
    grades = as_queries(queries)
    return float(np.mean([reciprocal_rank(g) for g in grades]))


# ---- end of chapter 11 section -------------------------------------------------

# ---- CG, DCG, NDCG, GAUC (chapter 12) ------------------------------------------


def cumulative_gain(ranked: ArrayLike, k: int | None = None) -> float:
    r"""Cumulative gain: the sum of the grades in the top k, blind to their order.

    .. math:: CG@k = \sum_{i=1}^{\min(k, n)} r_i

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance grades in ranked order, non-negative.
    k : int, optional
        Cut-off, at least 1. Default: the whole list.

    Returns
    -------
    float
        The sum of the grades, at least 0.

    Examples
    --------
    >>> cumulative_gain([3, 2, 3, 0, 1, 2])
    11.0
    """
    grades = as_grades(ranked)
    return _total(_gain(grades[: as_cutoff(k, grades.size)], "linear"))


def dcg_table(
    ranked: ArrayLike, k: int | None = None, *, gain: str = "linear"
) -> dict[str, np.ndarray]:
    r"""Position, grade, gain, discount and discounted gain: the steps of DCG@k.

    .. math:: \text{discounted gain}_i = \frac{G(r_i)}{\log_2(i + 1)}

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance grades in ranked order, non-negative.
    k : int, optional
        Keep positions 1..k (fewer if the list is shorter). Default: all.
    gain : {"linear", "exponential"}, default "linear"
        :math:`G(r) = r` or :math:`G(r) = 2^r - 1`.

    Returns
    -------
    dict of ndarray
        ``"position"``, ``"grade"``, ``"gain"``, ``"discount"``
        (:math:`\log_2(i+1)`), ``"discounted_gain"`` and ``"dcg"`` (running sum).

    Examples
    --------
    >>> dcg_table([3, 2, 3])["discounted_gain"].round(4).tolist()
    [3.0, 1.2619, 1.5]
    """
    check_choice(gain, "gain", GAINS)
    grades = as_grades(ranked)
    grades = grades[: as_cutoff(k, grades.size)]
    gains = _gain(grades, gain)
    discount = _discount(grades.size)
    # a running sum too large for a float shows as inf here
    with np.errstate(over="ignore"):
        running = np.cumsum(gains / discount)
    return {
        "position": np.arange(1, grades.size + 1),
        "grade": grades,
        "gain": gains,
        "discount": discount,
        "discounted_gain": gains / discount,
        "dcg": running,
    }


def dcg(ranked: ArrayLike, k: int | None = None, *, gain: str = "linear") -> float:
    r"""Discounted cumulative gain of the top k.

    .. math:: DCG@k = \sum_{i=1}^{\min(k, n)} \frac{G(r_i)}{\log_2(i + 1)}, \qquad
              G(r) = r \ \text{(linear)} \ \text{or}\ 2^r - 1 \ \text{(exponential)}

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance grades in ranked order, non-negative.
    k : int, optional
        Cut-off, at least 1. Default: the whole list.
    gain : {"linear", "exponential"}, default "linear"
        Linear gain as trec_eval and scikit-learn; exponential gain
        :math:`2^r - 1` as Burges et al. (LambdaMART).

    Returns
    -------
    float
        The DCG, at least 0.

    Notes
    -----
    Järvelin & Kekäläinen (2002) with the :math:`\log_2(i+1)` discount used by
    trec_eval's ``ndcg`` and scikit-learn's ``dcg_score``.

    Examples
    --------
    >>> round(dcg([3, 2, 3, 0, 1, 2]), 4)
    6.8611
    >>> round(dcg([3, 2, 3, 0, 1, 2], gain="exponential"), 4)
    13.8483
    """
    check_choice(gain, "gain", GAINS)
    grades = as_grades(ranked)
    return _dcg(grades, k, gain)


def ndcg(
    ranked: ArrayLike,
    k: int | None = None,
    *,
    ideal: ArrayLike | None = None,
    gain: str = "linear",
) -> float:
    r"""Normalised DCG: DCG of the ranking over DCG of the best possible ranking.

    .. math:: NDCG@k = \frac{DCG@k}{IDCG@k}, \qquad
              IDCG@k = \sum_{i=1}^{k} \frac{G(r^*_i)}{\log_2(i + 1)}

    where :math:`r^*_1 \ge r^*_2 \ge \dots` are the grades of ``ideal`` sorted
    in decreasing order.

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance grades in ranked order, non-negative.
    k : int, optional
        Cut-off for both DCG and IDCG, at least 1. Default: the whole list.
    ideal : array-like, optional
        Grades of every judged item of the query, retrieved or not, in any
        order. Default: ``ranked`` itself (only right when every relevant item
        was retrieved).
    gain : {"linear", "exponential"}, default "linear"
        :math:`G(r) = r` or :math:`2^r - 1`.

    Returns
    -------
    float
        In [0, 1]; 0 when IDCG is 0 (no relevant item), as trec_eval and
        scikit-learn.

    Notes
    -----
    trec_eval's ``ndcg`` / ``ndcg_cut_k`` with ``ideal`` = the query's qrels.
    Linear NDCG does not change when all grades are multiplied by one number,
    so the grades are divided by the largest judged grade first: huge grades
    then cannot overflow.

    Examples
    --------
    >>> round(ndcg([3, 2, 3, 0, 1, 2], 6, ideal=[3, 2, 3, 0, 1, 2, 3, 0]), 4)
    0.8184
    >>> ndcg([0, 0])
    0.0
    """
    check_choice(gain, "gain", GAINS)
    grades, judged = as_ranked_and_ideal(ranked, ideal)
    if gain == "linear" and judged.max() > 0:  # scale-free: finite sums for huge grades
        top = float(judged.max())
        grades, judged = grades / top, judged / top
    idcg = _dcg(np.sort(judged)[::-1], k, gain, "ranked" if ideal is None else "ideal")
    return _dcg(grades, k, gain) / idcg if idcg > 0 else 0.0


def dcg_from_scores(
    y_true: ArrayLike, y_score: ArrayLike, k: int | None = None, *, gain: str = "linear"
) -> float:
    r"""DCG of the ranking that model scores induce, ties sharing their mean gain.

    Sort by decreasing score; a block :math:`T` of tied scores occupies the
    positions :math:`p(T)` and each of them receives the block's mean gain:

    .. math:: DCG@k = \sum_{T} \Big(\frac{1}{|T|} \sum_{j \in T} G(y_j)\Big)
              \sum_{i \in p(T),\, i \le k} \frac{1}{\log_2(i + 1)}

    This is the mean DCG over every order of the tied items.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Relevance grades of the items of one query (any order), non-negative.
    y_score : array-like of shape (n,)
        The model's scores for the same items; higher is ranked first.
    k : int, optional
        Cut-off, at least 1. Default: all positions.
    gain : {"linear", "exponential"}, default "linear"
        :math:`G(r) = r` or :math:`2^r - 1`.

    Returns
    -------
    float
        The DCG, at least 0: the mean DCG over every order of the tied items.

    Notes
    -----
    McSherry & Najork (2008); scikit-learn's ``dcg_score`` with
    ``ignore_ties=False``.

    Examples
    --------
    >>> dcg_from_scores([1, 0], [0.5, 0.5])  # 1/2 * (1 + 1/log2(3))
    0.8154648767857288
    """
    check_choice(gain, "gain", GAINS)
    grades, scores = as_graded_scores(y_true, y_score)
    gains = _gain(grades, gain, "y_true")
    # each item's gain becomes the mean gain of its block of tied scores (each gain
    # divided by the block size first: no overflow)
    _, block, size = np.unique(scores, return_inverse=True, return_counts=True)
    block_mean = np.bincount(block, weights=gains / size[block])
    shared_gain = block_mean[block]
    # then the ordinary DCG@k of the items in decreasing order of score
    order = np.argsort(scores, kind="stable")[::-1]
    top = shared_gain[order][: as_cutoff(k, grades.size)]
    return _total(top / _discount(top.size), "y_true")


def ndcg_from_scores(
    y_true: ArrayLike, y_score: ArrayLike, k: int | None = None, *, gain: str = "linear"
) -> float:
    r"""NDCG of one query given true grades and model scores, ties averaged.

    .. math:: NDCG@k = \frac{DCG@k(\text{order by } y_{score},\ \text{ties averaged})}
                            {DCG@k(\text{order by } y_{true})}

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Relevance grades of the items of one query, non-negative.
    y_score : array-like of shape (n,)
        The model's scores for the same items.
    k : int, optional
        Cut-off, at least 1. Default: all positions.
    gain : {"linear", "exponential"}, default "linear"
        :math:`G(r) = r` or :math:`2^r - 1`.

    Returns
    -------
    float
        In [0, 1]; 0 when every grade is 0.

    Notes
    -----
    Equals ``sklearn.metrics.ndcg_score([y_true], [y_score], k=k)`` for linear
    gain (and for exponential gain when scikit-learn is given
    :math:`2^{y} - 1` as ``y_true``). scikit-learn refuses a single item;
    here one item gives 1 (relevant) or 0. With every score tied, the value is
    the "default NDCG" of a constant predictor: the mean gain at every
    position.

    Examples
    --------
    >>> ndcg_from_scores([10, 0, 0, 1, 5], [1, 0, 0, 0, 1], k=1)  # scikit-learn's
    0.75
    """
    check_choice(gain, "gain", GAINS)
    grades, scores = as_graded_scores(y_true, y_score)
    if gain == "linear" and grades.max() > 0:  # scale-free: finite sums for huge grades
        grades = grades / float(grades.max())
    idcg = _dcg(np.sort(grades)[::-1], k, gain, "y_true")
    return dcg_from_scores(grades, scores, k, gain=gain) / idcg if idcg > 0 else 0.0


def gauc_table(
    y_true: ArrayLike, y_score: ArrayLike, groups: ArrayLike, *, pos_label: Any = 1
) -> dict[str, np.ndarray]:
    r"""Per-group impressions, clicks and ROC AUC: the intermediate table of GAUC.

    One row per group (user): :func:`gauc` averages the ``"auc"`` column of
    the groups that have both classes, weighted by ``"impressions"`` or
    ``"clicks"``. The rows are sorted once by (group, score); the clicks and
    non-clicks of each (group, score) key are counted, and each group's AUC
    is :func:`~pedagogy_metrics.curves.auc_from_counts` of its keys (ties
    counting 1/2, as :func:`~pedagogy_metrics.curves.roc_auc`).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class, e.g. 1 = click).
    y_score : array-like of shape (n,)
        Model scores.
    groups : array-like of shape (n,)
        Group (user) of each sample: numbers or strings.
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    dict of ndarray
        ``"group"`` (sorted distinct groups), ``"impressions"`` (samples),
        ``"clicks"`` (positives), ``"auc"`` (NaN for a group with one class
        only, which GAUC skips) and ``"scored"`` (bool: the group has both
        classes).

    Examples
    --------
    >>> y, s = [1, 0, 1, 1, 0], [0.9, 0.1, 0.2, 0.8, 0.7]
    >>> t = gauc_table(y, s, ["a", "a", "b", "c", "c"])
    >>> t["auc"].tolist(), t["scored"].tolist()
    ([1.0, nan, 1.0], [True, False, True])
    """
    y, s, group = as_grouped_scores(y_true, y_score, groups, pos_label=pos_label)
    order = np.lexsort((s, group))  # by group, then by score within the group
    y, s, group = y[order], s[order], group[order]
    new_group = np.r_[True, group[1:] != group[:-1]]
    new_key = new_group | np.r_[True, s[1:] != s[:-1]]  # a new (group, score) key
    key_start = np.flatnonzero(new_key)
    pos = np.add.reduceat(y, key_start)  # clicks at each (group, score) key
    neg = np.diff(np.r_[key_start, y.size]) - pos  # non-clicks at each key
    group_start = np.flatnonzero(new_group[key_start])  # each group's first key
    clicks = np.add.reduceat(pos, group_start)
    impressions = clicks + np.add.reduceat(neg, group_start)
    return {
        "group": group[key_start[group_start]],
        "impressions": impressions,
        "clicks": clicks,
        "auc": auc_from_counts(pos, neg, starts=group_start),  # NaN: one class
        "scored": (clicks > 0) & (clicks < impressions),
    }


def gauc(
    y_true: ArrayLike,
    y_score: ArrayLike,
    groups: ArrayLike,
    *,
    weight: str = "impressions",
    pos_label: Any = 1,
) -> float:
    r"""Group AUC: the ROC AUC of each group (user), averaged with weights.

    .. math:: GAUC = \frac{\sum_{g} w_g \, AUC_g}{\sum_{g} w_g}

    over the groups :math:`g` that have both clicks and non-clicks; :math:`w_g`
    is the group's number of impressions (samples) or of clicks (positives).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class, e.g. 1 = click).
    y_score : array-like of shape (n,)
        Model scores.
    groups : array-like of shape (n,)
        Group (user) of each sample.
    weight : {"impressions", "clicks"}, default "impressions"
        The weight :math:`w_g` of each group: its samples or its positives.
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    float
        In [0, 1].

    Raises
    ------
    ValueError
        When no group has both classes.

    Notes
    -----
    Zhu et al. (2017), "Optimized cost per click in Taobao display
    advertising", used as the offline metric of Zhou et al. (2018, DIN) with
    impression weights. Each group's AUC is that of
    :func:`~pedagogy_metrics.curves.roc_auc` (ties count 1/2), computed for
    all groups at once by :func:`gauc_table`.

    Examples
    --------
    >>> gauc([1, 0, 1, 1, 0], [0.9, 0.1, 0.2, 0.8, 0.7], ["a", "a", "b", "c", "c"])
    1.0
    """
    check_choice(weight, "weight", GAUC_WEIGHTS)
    table = gauc_table(y_true, y_score, groups, pos_label=pos_label)
    scored = check_scored_groups(table["scored"])
    w = table[weight][scored].astype(float)
    return float(np.sum(w * table["auc"][scored]) / np.sum(w))


# ---- end of chapter 12 section -------------------------------------------------

# ---- R-precision, hit rate, ERR, mean NDCG, TREC runs (chapters 11-12) ---------


def r_precision(ranked: ArrayLike, *, n_relevant: int | None = None) -> float:
    r"""R-precision: precision at R, the number of relevant items of the query.

    .. math:: \text{R-prec} = P@R = \frac{1}{R} \sum_{i=1}^{\min(R, n)} [r_i > 0]

    At depth :math:`R` precision equals recall: a perfect ranking scores 1.

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance grades in ranked order, non-negative; relevant means > 0.
    n_relevant : int, optional
        :math:`R`, the relevant items of the query, retrieved or not.
        Default: the relevant items in ``ranked``. Must be at least that.

    Returns
    -------
    float
        In [0, 1]; 0 when :math:`R = 0`.

    Notes
    -----
    trec_eval's ``Rprec`` with ``n_relevant`` = the relevant items of the
    query's qrels (Buckley & Voorhees 2000).

    Examples
    --------
    >>> r_precision([1, 0, 1, 0, 1])  # R = 3: 2 of the top 3
    0.6666666666666666
    >>> r_precision([1, 0, 1], n_relevant=4)  # 2 of the top 4
    0.5
    """
    grades = as_grades(ranked)
    found = int(np.count_nonzero(grades > 0))
    n_relevant = as_n_relevant(n_relevant, found, found)
    return precision_at_k(grades, n_relevant) if n_relevant else 0.0


def hit_at_k(ranked: ArrayLike, k: int) -> float:
    r"""Hit at k: 1 if a relevant item is among the first k positions, else 0.

    .. math:: \mathrm{Hit}@k = \big[\, r_i > 0 \text{ for some } i \le k \,\big]

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance grades in ranked order, non-negative; relevant means > 0.
    k : int
        Cut-off, at least 1.

    Returns
    -------
    float
        1.0 or 0.0.

    Notes
    -----
    trec_eval's ``success_k``; recommender systems call it HR@k.

    Examples
    --------
    >>> hit_at_k([0, 0, 1], 2), hit_at_k([0, 0, 1], 3)
    (0.0, 1.0)
    """
    grades = as_grades(ranked)
    k = check_positive_int(k, "k")
    return 1.0 if (grades[:k] > 0).any() else 0.0


def hit_rate(queries: Iterable[ArrayLike], k: int) -> float:
    r"""Hit rate at k: the share of queries with a relevant item in the top k.

    .. math:: HR@k = \frac{1}{Q} \sum_{q=1}^{Q} \mathrm{Hit}_q@k

    Parameters
    ----------
    queries : sequence of array-like
        One sequence of grades in ranked order per query.
    k : int
        Cut-off, at least 1.

    Returns
    -------
    float
        In [0, 1].

    Examples
    --------
    >>> hit_rate([[0, 1], [0, 0, 1], [1]], 2)  # the first and the last
    0.6666666666666666
    """
    if (table := as_query_table(queries)) is not None:  # fast path: all queries at once
        return float(np.mean(_flat_hits(*table, check_positive_int(k, "k"))))
    grades = as_queries(queries)
    return float(np.mean([hit_at_k(g, k) for g in grades]))


def expected_reciprocal_rank(
    ranked: ArrayLike, k: int | None = None, *, max_grade: int
) -> float:
    r"""Expected reciprocal rank: 1/rank where a cascading user stops, in expectation.

    The user reads down the list and stops at position :math:`i` with
    probability :math:`R_i`, which grows with the grade :math:`g_i`:

    .. math::

        R_i = \frac{2^{g_i} - 1}{2^{g_{\max}}}

        ERR@k = \sum_{i=1}^{\min(k, n)} \frac{1}{i}\, R_i
                \prod_{j=1}^{i-1} (1 - R_j)

    The product is the probability that the user reaches position :math:`i`.

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance grades in ranked order, from 0 to ``max_grade``.
    k : int, optional
        Cut-off, at least 1. Default: the whole list.
    max_grade : int
        :math:`g_{\max}`, the top grade of the scale (e.g. 4 for grades
        0..4), from 0 to 1023; a grade above it is a ``ValueError``.

    Returns
    -------
    float
        In [0, 1).

    Notes
    -----
    Chapelle, Metzler, Zhang & Grinspan (2009), the cascade model. Unlike
    DCG, an item's contribution shrinks when the items above it are
    relevant: the user has probably stopped already.

    Examples
    --------
    >>> expected_reciprocal_rank([1, 1], max_grade=1)  # 1/2 + (1/2)(1/2)(1/2)
    0.625
    """
    grades, max_grade = as_err_grades(ranked, max_grade)
    top = grades[: as_cutoff(k, grades.size)].astype(float)
    stop = (np.exp2(top) - 1) / np.exp2(max_grade)  # R_i
    reach = np.cumprod(np.r_[1.0, 1 - stop[:-1]])  # prod over j < i of (1 - R_j)
    return float(np.sum(stop * reach / np.arange(1, top.size + 1)))


def mean_ndcg(
    queries: Iterable[ArrayLike],
    k: int | None = None,
    *,
    ideals: Sequence[ArrayLike | None] | None = None,
    gain: str = "linear",
) -> float:
    r"""Mean NDCG: :func:`ndcg` averaged over queries.

    .. math:: \overline{NDCG}@k = \frac{1}{Q} \sum_{q=1}^{Q} NDCG_q@k

    Parameters
    ----------
    queries : sequence of array-like
        One sequence of grades in ranked order per query.
    k : int, optional
        Cut-off applied to every query. Default: each whole list.
    ideals : sequence of array-like or None, optional
        One entry per query: every judged grade of the query (its IDCG is
        computed from them), or None for the query's ranking itself.
        Default: each ranking itself.
    gain : {"linear", "exponential"}, default "linear"
        :math:`G(r) = r` or :math:`2^r - 1`.

    Returns
    -------
    float
        In [0, 1]; a query whose IDCG is 0 counts as 0 (trec_eval).

    Examples
    --------
    >>> round(mean_ndcg([[0, 1], [1, 0]]), 4)  # (1/log2(3) + 1) / 2
    0.8155
    >>> round(mean_ndcg([[0, 1], [1, 0]], ideals=[[1, 1], None]), 4)
    0.6934
    """
    check_choice(gain, "gain", GAINS)
    if ideals is None and (table := as_query_table(queries)):  # fast path: one pass
        return float(np.mean(_flat_ndcg(*table, _flat_cutoff(k), gain)))
    grades = as_queries(queries)
    judged = as_query_ideals(ideals, grades, gain)
    scores = [ndcg(g, k, ideal=j, gain=gain) for g, j in zip(grades, judged)]
    return float(np.mean(scores))


# ---- many queries at once: no loop over queries ------------------------------------
# The fast paths of the mean metrics above; each returns one value per query and is
# tested equal to the per-query functions. Query q's grades are flat[s_q : s_q + n_q].
# Lists of similar length become the rows of one matrix (a shorter list padded with
# grade 0, which changes none of these metrics); very ragged ones stay flat.


def _flat_cutoff(k: Any) -> int | None:
    """k checked (an integer >= 1) or None; a k beyond any list acts as None."""
    if k is None:
        return None
    k = check_positive_int(k, "k")
    return None if k > 2**62 else k


def _as_matrix(flat: np.ndarray, lengths: np.ndarray) -> np.ndarray | None:
    """The queries as the rows of a matrix padded with 0; None if padding would more
    than double the memory (one long list among short ones)."""
    n_queries, width = lengths.size, int(lengths.max())
    if flat.size == 0 or n_queries * width > 2 * flat.size + n_queries:
        return None
    if np.all(lengths == width):
        return flat.reshape(n_queries, width)
    matrix = np.zeros((n_queries, width), dtype=flat.dtype)
    matrix[np.arange(width) < lengths[:, None]] = flat
    return matrix


def _flat_index(lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each flat position's query and 0-based rank; and each query's start."""
    starts = np.cumsum(lengths) - lengths
    query = np.repeat(np.arange(lengths.size), lengths)
    rank = np.arange(int(lengths.sum())) - np.repeat(starts, lengths)
    return query, rank, starts


def _per_query_sum(query: np.ndarray, values: np.ndarray, n_queries: int) -> np.ndarray:
    """The sum of ``values`` over each query's positions."""
    return np.bincount(query, weights=values, minlength=n_queries)


def _flat_average_precision(
    flat: np.ndarray, lengths: np.ndarray, k: Any, n_relevant: Any
) -> np.ndarray | None:
    """AP@k of every query; None when a given n_relevant is below the hits found
    (the per-query path then raises, naming the query)."""
    k = _flat_cutoff(k)
    counts = as_query_counts(n_relevant, lengths.size, "n_relevant")
    matrix = _as_matrix(flat, lengths)
    if matrix is not None:
        relevant = matrix > 0
        scored = relevant[:, :k]  # relevant and in the top k
        hits = np.cumsum(scored, axis=1)  # hits so far: P@i = hits / i
        precision = hits / np.arange(1, scored.shape[1] + 1)
        total = np.sum(precision, axis=1, where=scored)
        found = hits[:, -1].astype(float)
        r = np.count_nonzero(relevant, axis=1).astype(float)
    else:
        query, rank, starts = _flat_index(lengths)
        relevant = flat > 0
        scored = relevant if k is None else relevant & (rank < k)
        hits_so_far = np.cumsum(scored)  # minus the earlier queries' hits
        hits = hits_so_far - np.repeat(np.r_[0, hits_so_far][starts], lengths)
        precision = np.where(scored, hits / (rank + 1), 0.0)
        total = _per_query_sum(query, precision, lengths.size)
        found = _per_query_sum(query, scored, lengths.size)
        r = _per_query_sum(query, relevant, lengths.size)
    given = np.array([c is not None for c in counts])
    if any(c is not None and c > 2**53 for c in counts):
        return None  # beyond exact floats: the per-query path's exact division
    if given.any():
        r[given] = [c for c in counts if c is not None]
        if np.any(r[given] < found[given]):
            return None
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(r > 0, total / r, 0.0)


def _flat_reciprocal_rank(flat: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """1 / (rank of the first relevant item) of every query, 0 without one."""
    matrix = _as_matrix(flat, lengths)
    if matrix is not None:
        relevant = matrix > 0
        first = np.argmax(relevant, axis=1)  # the first True (0 if none)
        return np.where(relevant.any(axis=1), 1.0 / (first + 1), 0.0)
    query, rank, _ = _flat_index(lengths)
    hit = np.flatnonzero(flat > 0)
    rr = np.zeros(lengths.size)
    if hit.size == 0:
        return rr
    first = np.r_[True, query[hit][1:] != query[hit][:-1]]  # first hit of its query
    rr[query[hit][first]] = 1.0 / (rank[hit][first] + 1)
    return rr


def _flat_hits(flat: np.ndarray, lengths: np.ndarray, k: int) -> np.ndarray:
    """hit@k of every query: 1.0 if a relevant item is in its top k."""
    matrix = _as_matrix(flat, lengths)
    if matrix is not None:
        return np.any(matrix[:, :k] > 0, axis=1) * 1.0
    query, rank, _ = _flat_index(lengths)
    return (_per_query_sum(query, (flat > 0) & (rank < k), lengths.size) > 0) * 1.0


def _flat_ndcg(
    flat: np.ndarray, lengths: np.ndarray, k: int | None, gain: str
) -> np.ndarray:
    """NDCG@k of every query, each list its own ideal; 0 where IDCG = 0."""
    matrix = _as_matrix(flat, lengths)
    if matrix is not None:
        top = matrix[:, :k]
        weight = 1.0 / _discount(top.shape[1])
        ideal = -np.sort(-matrix, axis=1)[:, :k]  # each query's grades, best first
        dcg = _gain(top, gain, "queries") @ weight
        idcg = _gain(ideal, gain, "queries") @ weight
    else:
        query, rank, _ = _flat_index(lengths)
        weights = 1.0 / np.log2(rank + 2.0)  # the discount at each position
        if k is not None:
            weights[rank >= k] = 0.0  # beyond the cut-off
        best_first = flat[np.lexsort((-flat, query))]
        dcg = _per_query_sum(
            query, _gain(flat, gain, "queries") * weights, lengths.size
        )
        idcg = _per_query_sum(
            query, _gain(best_first, gain, "queries") * weights, lengths.size
        )
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(idcg > 0, dcg / idcg, 0.0)


def _grades_of(docs: np.ndarray, judged: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """The qrels grade of each document id, 0 for an unjudged one."""
    judged_docs, judged_grades = judged
    order = np.argsort(judged_docs)
    where = np.searchsorted(judged_docs, docs, sorter=order).clip(max=order.size - 1)
    found = judged_docs[order[where]] == docs
    return np.where(found, judged_grades[order[where]], 0)


def _ranked_grades(
    retrieved: tuple[np.ndarray, np.ndarray], judged: tuple[np.ndarray, np.ndarray]
) -> np.ndarray:
    """Grades in trec_eval's order: score descending, ties by document id descending."""
    docs, scores = retrieved
    order = np.lexsort((docs, scores))[::-1]
    return _grades_of(docs[order], judged)


def _judged_and_retrieved(
    judged: dict[str, tuple[np.ndarray, np.ndarray]],
    retrieved: dict[str, tuple[np.ndarray, np.ndarray]],
) -> list[str]:
    """The queries trec_eval scores: judged (non-empty qrels) and in the run."""
    return sorted(q for q in judged.keys() & retrieved.keys() if judged[q][0].size)


def ranked_grades(
    qrels: dict[str, dict[str, int]], run: dict[str, dict[str, float]]
) -> dict[str, np.ndarray]:
    r"""The grades of each query's retrieved documents, in trec_eval's ranked order.

    Documents are ranked by score, highest first; tied scores by document
    id, **descending** (trec_eval's rule); an unjudged document has grade 0:

    .. math:: d_i \text{ before } d_j \iff
              (s_i, \mathrm{id}_i) > (s_j, \mathrm{id}_j)

    Every measure of :func:`evaluate_run` is a function of this list and of
    the query's judged grades.

    Parameters
    ----------
    qrels : dict of dict
        ``{query: {document: grade}}``: whole-number grades (a negative one
        counts as 0).
    run : dict of dict
        ``{query: {document: score}}``: finite real scores.

    Returns
    -------
    dict of ndarray
        For each query of :func:`evaluate_run` (judged and in the run), the
        grades in ranked order (empty if nothing was retrieved).

    Examples
    --------
    >>> qrels = {"q1": {"a": 2, "b": 0, "c": 1}}
    >>> run = {"q1": {"a": 0.5, "b": 0.5, "d": 0.9}}  # d first, then b before a
    >>> ranked_grades(qrels, run)["q1"].tolist()
    [0, 0, 2]
    """
    judged = as_qrels(qrels)
    retrieved = as_run(run)
    queries = _judged_and_retrieved(judged, retrieved)
    return {q: _ranked_grades(retrieved[q], judged[q]) for q in queries}


# trec_eval's measures from (grades in ranked order, judged grades, R, cut-off k)
_TREC_FUNCTIONS = {
    "map": lambda g, ideal, r, k: average_precision_at_k(g, n_relevant=r),
    "map_cut": lambda g, ideal, r, k: average_precision_at_k(g, k, n_relevant=r),
    "P": lambda g, ideal, r, k: precision_at_k(g, k),
    "recall": lambda g, ideal, r, k: recall_at_k(g, k, n_relevant=r),
    "recip_rank": lambda g, ideal, r, k: reciprocal_rank(g),
    "ndcg": lambda g, ideal, r, k: ndcg(g, ideal=ideal),
    "ndcg_cut": lambda g, ideal, r, k: ndcg(g, k, ideal=ideal),
    "Rprec": lambda g, ideal, r, k: r_precision(g, n_relevant=r),
    "success": lambda g, ideal, r, k: hit_at_k(g, k),
}


def evaluate_run(
    qrels: dict[str, dict[str, int]],
    run: dict[str, dict[str, float]],
    measures: Iterable[str],
) -> dict[str, dict[str, float]]:
    r"""Evaluate a whole TREC run per query, as trec_eval (pytrec_eval) does.

    For each query, the retrieved documents are ranked by
    :func:`ranked_grades` (score descending, ties by document id descending)
    and :math:`R` counts the judged documents of grade at least 1:

    .. math:: R = \#\{\, d \text{ judged} : \mathrm{grade}(d) \ge 1 \,\}

    Each measure is then a function of this package on those grades:
    ``map`` and ``map_cut_k`` are :func:`average_precision_at_k` (with
    ``n_relevant`` = :math:`R`, no cut-off or ``k``); ``P_k`` is
    :func:`precision_at_k`; ``recall_k`` is :func:`recall_at_k` (over
    :math:`R`); ``recip_rank`` is :func:`reciprocal_rank`; ``Rprec`` is
    :func:`r_precision`; ``success_k`` is :func:`hit_at_k`; ``ndcg`` and
    ``ndcg_cut_k`` are :func:`ndcg` with ``ideal`` = every judged grade.

    Parameters
    ----------
    qrels : dict of dict
        ``{query: {document: grade}}``, ids as strings, whole-number grades
        (relevant means grade >= 1; a negative grade counts as 0).
    run : dict of dict
        ``{query: {document: score}}``, finite real scores, higher first.
    measures : collection of str
        Names of trec_eval measures, as pytrec_eval takes them: ``"map"``,
        ``"recip_rank"``, ``"ndcg"``, ``"Rprec"``, and ``"P"``,
        ``"recall"``, ``"map_cut"``, ``"ndcg_cut"``, ``"success"`` with a
        cut-off (``"P_10"``), several (``"P.5,10"``) or none (trec_eval's
        default cut-offs).

    Returns
    -------
    dict of dict of float
        ``{query: {measure: value}}`` for the queries that have judgements and
        are in the run (the queries pytrec_eval returns), sorted by id.

    Notes
    -----
    Equals ``pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)``
    (Van Gysel & de Rijke 2018), the Python binding of trec_eval 9. A query
    in the run with no document retrieved scores 0 on every measure. The
    mean over queries is the number trec_eval prints under ``all``.

    Examples
    --------
    >>> qrels = {"q1": {"a": 2, "b": 0, "c": 1}}
    >>> run = {"q1": {"a": 0.5, "b": 0.5, "d": 0.9}}  # ranked: d, b, a
    >>> evaluate_run(qrels, run, {"map", "P_2"})
    {'q1': {'P_2': 0.0, 'map': 0.16666666666666666}}
    """
    wanted = as_trec_measures(measures)
    if fast := _evaluate_run_at_once(qrels, run, wanted):  # fast path: one pass
        return fast
    judged = as_qrels(qrels)
    retrieved = as_run(run)
    results = {}
    for q in _judged_and_retrieved(judged, retrieved):  # the items of q as arrays
        grades = _ranked_grades(retrieved[q], judged[q])
        ideal = judged[q][1]
        r = int(np.count_nonzero(ideal >= 1))
        if grades.size == 0:  # nothing retrieved: every measure is 0
            results[q] = dict.fromkeys(wanted, 0.0)
            continue
        results[q] = {
            key: _TREC_FUNCTIONS[name](grades, ideal, r, k)
            for key, (name, k) in wanted.items()
        }
    return results


def _plain_trec_values(values: list[Any]) -> np.ndarray | None:
    """Grades or scores of many queries as one float array; None unless each is a
    finite int or float exactly representable as a float."""
    if not values or not set(map(type, values)) <= {int, float}:
        return None
    array = np.array(values, dtype=float)
    if not np.isfinite(array).all() or np.abs(array).max() > 2.0**53:
        return None
    return array


def _order_within_queries(keys: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Flat positions sorted by query, then by ``keys`` ascending (stable)."""
    width = int(lengths.max()) if lengths.size else 0
    if keys.size == 0 or lengths.size * width > 2 * keys.size + lengths.size:
        return np.lexsort((keys, np.repeat(np.arange(lengths.size), lengths)))
    inside = np.arange(width) < lengths[:, None]
    matrix = np.full((lengths.size, width), np.inf)
    matrix[inside] = keys  # one row per query, padded with +inf (sorted last)
    rows = np.argsort(matrix, axis=1, kind="stable")
    starts = np.cumsum(lengths) - lengths
    return (starts[:, None] + rows)[np.take_along_axis(inside, rows, axis=1)]


def _evaluate_run_at_once(
    qrels: Any, run: Any, wanted: dict[str, tuple[str, int | None]]
) -> dict[str, dict[str, float]] | None:
    """:func:`evaluate_run` without a loop over queries in NumPy (issue 17).

    The run's documents of all scored queries go into flat arrays, ranked by one
    sort (query, score descending; tied scores by document id descending, as
    trec_eval). Each measure is then one of the many-query kernels above. None
    whenever the input is not plain ``{str: {str: int or float}}`` dicts (the
    per-query path then validates it and names what is wrong). Tested equal to
    the per-query path and to pytrec_eval.
    """
    if not (isinstance(qrels, dict) and isinstance(run, dict)) or not qrels or not run:
        return None
    if not all(type(q) is str and type(d) is dict for q, d in qrels.items()):
        return None
    if not all(type(q) is str and type(d) is dict for q, d in run.items()):
        return None
    queries = sorted(q for q in qrels.keys() & run.keys() if qrels[q])
    chain = itertools.chain.from_iterable  # the items of all queries, in C
    ranked_docs = list(chain(run[q] for q in queries))
    judged_docs = list(chain(qrels[q] for q in queries))
    if not set(map(type, ranked_docs)) | set(map(type, judged_docs)) <= {str}:
        return None
    grades = _plain_trec_values(list(chain(qrels[q].values() for q in queries)))
    scores = _plain_trec_values(list(chain(run[q].values() for q in queries)) or [0])
    if grades is None or scores is None or (grades != np.floor(grades)).any():
        return None
    n_queries = len(queries)
    n_judged = np.array([len(qrels[q]) for q in queries])
    n_ranked = np.array([len(run[q]) for q in queries])
    scores = scores[: n_ranked.sum()]
    ideal = np.maximum(grades, 0.0)  # a negative grade counts as 0
    r = _per_query_sum(np.repeat(np.arange(n_queries), n_judged), ideal >= 1, n_queries)
    # the grade of each retrieved document (0 if unjudged), in the run's order
    lookups = (map(qrels[q].get, run[q], itertools.repeat(0)) for q in queries)
    flat = np.fromiter(chain(lookups), dtype=float, count=scores.size)  # dict lookups
    # rank each query's documents: score descending, then document id descending
    query = np.repeat(np.arange(n_queries), n_ranked)
    order = _order_within_queries(-scores, n_ranked)
    q_sorted, s_sorted = query[order], scores[order]
    tied = np.flatnonzero(
        (q_sorted[1:] == q_sorted[:-1]) & (s_sorted[1:] == s_sorted[:-1])
    )
    if tied.size:  # tied scores: then by document id, descending
        in_tie = order[np.union1d(tied, tied + 1)]  # rows of a tied block
        tied_ids = [ranked_docs[i] for i in in_tie.tolist()]
        position = {d: i for i, d in enumerate(sorted(set(tied_ids)))}
        id_rank = np.zeros(scores.size)
        id_rank[in_tie] = [position[d] for d in tied_ids]
        order = np.lexsort((-id_rank, -scores, query))
    flat = np.maximum(flat[order], 0.0)
    values = _trec_kernels(flat, n_ranked, ideal, n_judged, r, wanted)
    empty = n_ranked == 0  # nothing retrieved: every measure 0
    keys = list(wanted)
    columns = [np.where(empty, 0.0, values[key]).tolist() for key in keys]
    return {q: dict(zip(keys, row)) for q, row in zip(queries, zip(*columns))}


def _trec_kernels(
    flat: np.ndarray,
    lengths: np.ndarray,
    ideal: np.ndarray,
    n_judged: np.ndarray,
    r: np.ndarray,
    wanted: dict[str, tuple[str, int | None]],
) -> dict[str, np.ndarray]:
    """Each wanted measure for every query, from ranked grades (flat, lengths),
    judged grades (ideal, n_judged) and R per query."""
    n_queries = lengths.size
    query, rank, starts = _flat_index(lengths)
    relevant = flat > 0
    hits = np.cumsum(relevant, dtype=np.int64)  # so far, minus earlier queries
    hits -= np.repeat(np.r_[0, hits][starts], lengths)

    def in_top(k: int | None) -> np.ndarray:
        return np.ones(flat.size, bool) if k is None else rank < k

    def hits_at(k: np.ndarray) -> np.ndarray:  # relevant in the top k of each query
        return _per_query_sum(
            query, relevant & (rank < np.repeat(k, lengths)), n_queries
        )

    def share(num: np.ndarray, den: np.ndarray) -> np.ndarray:
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(den > 0, num / np.maximum(den, 1), 0.0)

    def ndcg_at(k: int | None) -> np.ndarray:
        weight = np.where(in_top(k), 1.0 / np.log2(rank + 2.0), 0.0)
        dcg = _per_query_sum(query, flat * weight, n_queries)
        j_query, j_rank, _ = _flat_index(n_judged)
        best = ideal[np.lexsort((-ideal, j_query))]
        top = j_rank < (np.inf if k is None else k)
        idcg = _per_query_sum(
            j_query, np.where(top, best / np.log2(j_rank + 2.0), 0), n_queries
        )
        return share(dcg, idcg)

    out = {}
    for key, (name, k) in wanted.items():
        top = in_top(k)
        if name in ("map", "map_cut"):
            precision = np.where(relevant & top, hits / (rank + 1), 0.0)
            out[key] = share(_per_query_sum(query, precision, n_queries), r)
        elif name == "P":
            out[key] = hits_at(np.full(n_queries, k)) / k
        elif name == "recall":
            out[key] = share(hits_at(np.full(n_queries, k)), r)
        elif name == "success":
            out[key] = (hits_at(np.full(n_queries, k)) > 0) * 1.0
        elif name == "Rprec":
            out[key] = share(hits_at(r.astype(np.int64)), r)
        elif name == "recip_rank":
            out[key] = _flat_reciprocal_rank(flat, lengths)
        else:  # ndcg, ndcg_cut
            out[key] = ndcg_at(k)
    return out


def _trec_dict(table: np.ndarray, values: np.ndarray) -> dict[str, dict[str, Any]]:
    """Rows (query, ..., document, ...) and one number per row as nested dicts."""
    queries, docs = table[:, 0], table[:, 2]
    return {
        q: dict(zip(docs[queries == q].tolist(), values[queries == q].tolist()))
        for q in dict.fromkeys(queries.tolist())  # in the order of the file
    }


def read_qrels(path: str | os.PathLike[str]) -> dict[str, dict[str, int]]:
    r"""Read a TREC qrels file: one judgement ``query 0 document grade`` per line.

    The relevance judgements of a test collection, in the format trec_eval
    reads; the result goes straight to :func:`evaluate_run`.

    Parameters
    ----------
    path : str or os.PathLike
        The file: whitespace-separated fields, blank lines ignored; the second
        field (the iteration, usually 0) is ignored.

    Returns
    -------
    dict of dict of int
        ``{query: {document: grade}}``, as :func:`evaluate_run` and pytrec_eval
        take it.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "qrels.txt"
    >>> _ = path.write_text("q1 0 a 2\nq1 0 b 0\nq2 0 c 1\n")
    >>> read_qrels(path)
    {'q1': {'a': 2, 'b': 0}, 'q2': {'c': 1}}
    """
    table = as_trec_table(path, "query 0 document grade")
    return _trec_dict(table, as_trec_numbers(table[:, 3], path, "grade"))


def read_run(path: str | os.PathLike[str]) -> dict[str, dict[str, float]]:
    r"""Read a TREC run file: ``query Q0 document rank score tag`` per line.

    The ranked results of one system (the "tag") for each query, in the
    format trec_eval reads; the result goes straight to :func:`evaluate_run`.

    Parameters
    ----------
    path : str or os.PathLike
        The file: whitespace-separated fields, blank lines ignored. Only the
        score orders the documents: the rank field is ignored, as trec_eval
        ignores it.

    Returns
    -------
    dict of dict of float
        ``{query: {document: score}}``, as :func:`evaluate_run` and pytrec_eval
        take it.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "run.txt"
    >>> _ = path.write_text("q1 Q0 a 1 2.5 bm25\nq1 Q0 d 2 1.0 bm25\n")
    >>> read_run(path)
    {'q1': {'a': 2.5, 'd': 1.0}}
    """
    table = as_trec_table(path, "query Q0 document rank score tag")
    return _trec_dict(table, as_trec_numbers(table[:, 4], path, "score"))


# ---- end of the R-precision, hit rate, ERR and TREC run section ----------------
