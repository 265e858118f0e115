"""Ranking metrics for one query or many: chapters 11 and 12.

One query is a sequence of relevance **grades in ranked order** (position 1
first). Grades are non-negative numbers; an item is *relevant* when its grade
is greater than zero. Several queries are a list of such sequences.

Chapter 11 counts relevant items in the top of the list (precision@k,
recall@k, average precision, reciprocal rank); chapter 12 weighs graded
relevance by position (cumulative gain, DCG, NDCG) and averages per-user ROC
AUC (GAUC). Conventions follow trec_eval (Buckley's ``trec_eval`` 9.x, as
wrapped by ``pytrec_eval``) and scikit-learn's ``ndcg_score``.

Each metric is computed once, by a **kernel** (``precision_kernel``,
``ndcg_kernel``, ...): NumPy along the last axis, so the same lines score one
query (a 1-D array) or Q queries (a ``(Q, n)`` matrix, shorter lists padded at
the end with grade 0, which changes none of these metrics). The public
functions check their input once and call the kernels; the kernels trust it.
A TREC run goes the same way: :class:`Qrels` turns a run into such a matrix,
and the measure registry :data:`MEASURES` names the kernel of each measure.
"""

from __future__ import annotations

import itertools
import math
import operator
import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ._checks.arrays import check_choice, check_positive_int
from ._checks.curves import as_grouped_scores
from ._checks.ranking import (
    as_cutoff,
    as_depth,
    as_err_grades,
    as_graded_scores,
    as_grades,
    as_n_relevant,
    as_query_ideals,
    as_query_matrix,
    as_query_n_relevant,
    as_ranked_and_ideal,
    check_exponential_grades,
    check_finite_sum,
    check_scored_groups,
    pad_rows,
)
from ._checks.trec import (
    as_qrels,
    as_run,
    as_trec_measures,
    check_missing_queries,
    check_relevance_level,
    check_unique_pairs,
    trec_columns,
    trec_numbers,
)
from .curves import segment_aucs

__all__ = [
    "GAINS",
    "GAUC_WEIGHTS",
    "MEASURES",
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
    "Qrels",
    "evaluate_run",
    "evaluate_run_mean",
    "read_qrels",
    "read_run",
]

GAINS = ("linear", "exponential")
GAUC_WEIGHTS = ("impressions", "clicks")
HUGE_GRADE = 2.0**500  # linear NDCG rescales grades above this: their sums stay finite


# ---- the kernels: one computation per metric ------------------------------------
# ``ranked`` holds grades in ranked order along the last axis: shape (n,) for one
# query, (Q, n) for Q queries padded with grade 0. A cut-off ``k`` or a count ``r``
# is a number or one per query (shape (Q,)); ``k = inf`` keeps the whole list. The
# kernels validate nothing: the public functions below check their input first.


def positions(n: int) -> np.ndarray:
    """The ranks 1, 2, ..., n."""
    return np.arange(1, n + 1)


def in_top(ranked: np.ndarray, k: Any) -> np.ndarray:
    """Whether each position is among the first k (k: a number or one per query)."""
    return positions(ranked.shape[-1]) <= np.expand_dims(k, -1)


def share(count: Any, total: Any) -> np.ndarray:
    """count / total, and 0 where total is 0 (a query without relevant items)."""
    shape = np.broadcast_shapes(np.shape(count), np.shape(total))
    return np.divide(count, total, out=np.zeros(shape), where=np.asarray(total) > 0)


def hits_kernel(ranked: np.ndarray, k: Any) -> np.ndarray:
    """Relevant items (grade > 0) among the first k positions."""
    return np.count_nonzero((ranked > 0) & in_top(ranked, k), axis=-1)


def precision_kernel(ranked: np.ndarray, k: Any) -> np.ndarray:
    """P@k: hits in the top k over k (a short list counts its missing places)."""
    return hits_kernel(ranked, k) / k


def recall_kernel(ranked: np.ndarray, k: Any, r: Any) -> np.ndarray:
    """R@k: hits in the top k over R, the query's relevant items."""
    return share(hits_kernel(ranked, k), r)


def r_precision_kernel(ranked: np.ndarray, r: Any) -> np.ndarray:
    """R-precision: hits in the top R over R."""
    return share(hits_kernel(ranked, r), r)


def hit_kernel(ranked: np.ndarray, k: Any) -> np.ndarray:
    """Hit@k: 1.0 if a relevant item is in the top k, else 0.0."""
    return (hits_kernel(ranked, k) > 0) * 1.0


def average_precision_kernel(ranked: np.ndarray, k: Any, r: Any) -> np.ndarray:
    """AP@k: the precision at each relevant position of the top k, summed, over R."""
    relevant = (ranked > 0) & in_top(ranked, k)
    hits = np.cumsum(relevant, axis=-1, dtype=np.int32)  # relevant items up to i
    precision = hits / positions(ranked.shape[-1])  # P@i
    return share(np.sum(precision, axis=-1, where=relevant), r)


def reciprocal_rank_kernel(ranked: np.ndarray, k: Any) -> np.ndarray:
    """1 / (rank of the first relevant item in the top k), 0 without one."""
    relevant = (ranked > 0) & in_top(ranked, k)
    first = np.argmax(relevant, axis=-1) + 1  # the first True (1 when none)
    return np.where(relevant.any(axis=-1), 1.0 / first, 0.0)


def gain_kernel(grades: np.ndarray, gain: str) -> np.ndarray:
    """G(r) = r (linear) or 2**r - 1 (exponential), as floats."""
    grades = grades.astype(float)
    return grades if gain == "linear" else np.exp2(grades) - 1.0


def dcg_kernel(gains: np.ndarray, k: Any) -> np.ndarray:
    """DCG@k: the gains of the top k times the discounts 1 / log2(i + 1), summed."""
    n = gains.shape[-1] if k >= gains.shape[-1] else int(k)
    return gains[..., :n] @ (1.0 / np.log2(positions(n) + 1))


def ndcg_kernel(gains: np.ndarray, best_first: np.ndarray, k: Any) -> np.ndarray:
    """NDCG@k: DCG@k over IDCG@k, the DCG@k of the judged gains sorted best first."""
    return share(dcg_kernel(gains, k), dcg_kernel(best_first, k))


def _finite(value: Any, name: str) -> float:
    """A sum of gains as a Python float; beyond the float range a ValueError."""
    return check_finite_sum(float(value), name)


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
    return float(precision_kernel(grades, as_depth(k)))


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
    depth = as_depth(check_positive_int(k, "k"))
    found = int(hits_kernel(grades, depth))
    r = as_n_relevant(n_relevant, int(np.count_nonzero(grades > 0)), found)
    return float(recall_kernel(grades, depth, as_depth(r)))


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
    depth = as_depth(None if k is None else check_positive_int(k, "k"))
    found = int(hits_kernel(grades, depth))
    r = as_n_relevant(n_relevant, int(np.count_nonzero(grades > 0)), found)
    return float(average_precision_kernel(grades, depth, as_depth(r)))


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
    grades, _ = as_query_matrix(queries)
    depth = as_depth(None if k is None else check_positive_int(k, "k"))
    r = np.count_nonzero(grades > 0, axis=-1)  # R: the relevant items of each list
    if n_relevant is not None:  # R given per query, never below the hits in the top k
        r = as_query_n_relevant(n_relevant, r, hits_kernel(grades, depth))
    return float(np.mean(average_precision_kernel(grades, depth, r)))


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
    return float(reciprocal_rank_kernel(grades, math.inf))


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
    grades, _ = as_query_matrix(queries)
    return float(np.mean(reciprocal_rank_kernel(grades, math.inf)))


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
    top = grades[: as_cutoff(k, grades.size)].astype(float)
    with np.errstate(over="ignore"):
        return _finite(np.sum(top), "ranked")


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
    if gain == "exponential":
        check_exponential_grades(grades, "ranked")
    gains = gain_kernel(grades, gain)
    discount = np.log2(positions(grades.size) + 1)
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
    depth = as_depth(None if k is None else check_positive_int(k, "k"))
    if gain == "exponential":
        check_exponential_grades(grades, "ranked")
    with np.errstate(over="ignore"):
        return _finite(dcg_kernel(gain_kernel(grades, gain), depth), "ranked")


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
    depth = as_depth(None if k is None else check_positive_int(k, "k"))
    if gain == "exponential":
        check_exponential_grades(grades, "ranked")
        check_exponential_grades(judged, "ranked" if ideal is None else "ideal")
    if gain == "linear" and judged.max() > HUGE_GRADE:  # NDCG is scale-free: rescale
        top = float(judged.max())  # so that the sums of huge grades stay finite
        grades, judged = grades / top, judged / top
    with np.errstate(over="ignore", invalid="ignore"):
        gains = gain_kernel(grades, gain)
        best_first = gain_kernel(np.sort(judged)[::-1], gain)  # the ideal ranking
        _finite(dcg_kernel(best_first, depth), "ranked" if ideal is None else "ideal")
        return float(ndcg_kernel(gains, best_first, depth))


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
    depth = as_depth(None if k is None else check_positive_int(k, "k"))
    if gain == "exponential":
        check_exponential_grades(grades, "y_true")
    gains = gain_kernel(grades, gain)
    # each item's gain becomes the mean gain of its block of tied scores (each gain
    # divided by the block size first: no overflow)
    _, block, size = np.unique(scores, return_inverse=True, return_counts=True)
    block_mean = np.bincount(block, weights=gains / size[block])
    shared_gain = block_mean[block]
    # then the ordinary DCG@k of the items in decreasing order of score
    order = np.argsort(scores, kind="stable")[::-1]
    with np.errstate(over="ignore"):
        return _finite(dcg_kernel(shared_gain[order], depth), "y_true")


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
    depth = as_depth(None if k is None else check_positive_int(k, "k"))
    if gain == "linear" and grades.max() > HUGE_GRADE:  # NDCG is scale-free: rescale
        grades = grades / float(grades.max())  # so that sums of huge grades stay finite
    if gain == "exponential":
        check_exponential_grades(grades, "y_true")
    best_first = gain_kernel(np.sort(grades)[::-1], gain)
    with np.errstate(over="ignore"):
        idcg = _finite(dcg_kernel(best_first, depth), "y_true")
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
        "auc": segment_aucs(pos, neg, group_start),  # NaN: one class
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

# ---- R-precision, hit rate, ERR, mean NDCG (chapters 11-12) --------------------


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
    r = as_n_relevant(n_relevant, found, found)
    return float(r_precision_kernel(grades, as_depth(r)))


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
    return float(hit_kernel(grades, as_depth(k)))


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
    grades, _ = as_query_matrix(queries)
    depth = as_depth(check_positive_int(k, "k"))
    return float(np.mean(hit_kernel(grades, depth)))


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
    grades, lengths = as_query_matrix(queries)
    judged = as_query_ideals(ideals, grades, lengths, gain)
    depth = as_depth(None if k is None else check_positive_int(k, "k"))
    top = judged.max(axis=-1, keepdims=True).astype(float)
    if gain == "linear" and top.max() > HUGE_GRADE:  # rescale huge grades, as ndcg
        top[top <= HUGE_GRADE] = 1.0
        grades, judged = grades / top, judged / top
    with np.errstate(over="ignore", invalid="ignore"):
        gains = gain_kernel(grades, gain)
        best_first = gain_kernel(np.sort(judged, axis=-1)[:, ::-1], gain)
        _finite(np.max(dcg_kernel(best_first, depth)), "ideals")
        return float(np.mean(ndcg_kernel(gains, best_first, depth)))


# ---- TREC runs: the measure registry, prepared qrels, files ---------------------

#: The measure registry: each trec_eval measure family and its kernel, a function
#: of the ranked run (its ``relevant`` and ``gains`` matrices, one row per query),
#: the judged gains best first ``ideal``, R per query ``r`` and the cut-off ``k``
#: (inf: none).
#: Every name :func:`evaluate_run` takes ("P_10", "ndcg@10", "mrr", ...) is parsed
#: once into one of these families and a cut-off.
MEASURES: dict[str, Callable[..., np.ndarray]] = {
    "map": lambda relevant, gains, ideal, r, k: average_precision_kernel(
        relevant, k, r
    ),
    "map_cut": lambda relevant, gains, ideal, r, k: average_precision_kernel(
        relevant, k, r
    ),
    "P": lambda relevant, gains, ideal, r, k: precision_kernel(relevant, k),
    "recall": lambda relevant, gains, ideal, r, k: recall_kernel(relevant, k, r),
    "recip_rank": lambda relevant, gains, ideal, r, k: reciprocal_rank_kernel(
        relevant, k
    ),
    "ndcg": lambda relevant, gains, ideal, r, k: ndcg_kernel(gains, ideal, k),
    "ndcg_cut": lambda relevant, gains, ideal, r, k: ndcg_kernel(gains, ideal, k),
    "Rprec": lambda relevant, gains, ideal, r, k: r_precision_kernel(relevant, r),
    "success": lambda relevant, gains, ideal, r, k: hit_kernel(relevant, k),
}


class Qrels:
    r"""Relevance judgements prepared once, to score any number of runs.

    ``Qrels(qrels).evaluate(run, measures)`` equals
    ``evaluate_run(qrels, run, measures)``; building the object once saves
    checking and arranging the judgements for every run, as pytrec_eval's
    ``RelevanceEvaluator`` and ranx's ``Qrels`` do.

    Parameters
    ----------
    qrels : dict of dict
        ``{query: {document: grade}}``, ids as strings, whole-number grades
        (a negative grade counts as 0, as in trec_eval).
    relevance_level : int, default 1
        A document is relevant when its grade is at least this (trec_eval's
        ``-l``; the TREC Deep Learning passage task uses 2, its grade 1 being
        "related"). NDCG keeps the grades as gains.

    Attributes
    ----------
    relevance_level : int
        As given.
    queries : list of str
        The judged queries (those with at least one judged document), sorted.

    See Also
    --------
    evaluate_run : The same in one call, from plain dicts.

    Examples
    --------
    >>> judged = Qrels({"q1": {"a": 2, "b": 0, "c": 1}})
    >>> judged.evaluate({"q1": {"a": 0.5, "b": 0.5, "d": 0.9}}, ["map", "ndcg@2"])
    {'q1': {'map': 0.16666666666666666, 'ndcg@2': 0.0}}
    >>> judged.mean({"q1": {"a": 0.9}}, ["P_1"])
    {'P_1': 1.0}
    """

    def __init__(self, qrels: dict[str, dict[str, int]], *, relevance_level: int = 1):
        grades = as_qrels(qrels)  # every grade, query after query, at least 0
        self.relevance_level = check_relevance_level(relevance_level)
        self._grades = {q: dict(docs) for q, docs in qrels.items() if docs}
        self.queries = sorted(self._grades)
        self._row = {q: i for i, q in enumerate(qrels)}  # rows in the order given
        # each query's judged grades best first (the ideal list), and its R
        sizes = np.array([len(docs) for docs in qrels.values()], dtype=np.int64)
        self._ideal = -np.sort(-pad_rows(grades, sizes), axis=-1)
        self._level = as_depth(self.relevance_level, "relevance_level")  # a float
        self._r = np.count_nonzero(self._ideal >= self._level, axis=-1)

    def evaluate(
        self,
        run: dict[str, dict[str, float]],
        measures: Iterable[str],
        *,
        missing_queries: str = "drop",
    ) -> dict[str, dict[str, float]]:
        r"""Score a run per query: ``{query: {measure: value}}``.

        Parameters
        ----------
        run : dict of dict
            ``{query: {document: score}}``, finite real scores, higher first.
        measures : collection of str
            Measure names, as :func:`evaluate_run` takes them.
        missing_queries : {"drop", "zero"}, default "drop"
            ``"drop"``: the judged queries that are in the run (trec_eval's
            default). ``"zero"``: also every judged query with a relevant
            document that is absent from the run, scored 0 (trec_eval ``-c``).

        Returns
        -------
        dict of dict of float
            One entry per query, sorted by id, keyed by the names given.
        """
        wanted = as_trec_measures(measures)
        missing_queries = check_missing_queries(missing_queries)
        scores = as_run(run)
        queries, relevant, gains = self._ranked(run, scores)
        rows = [self._row[q] for q in queries]
        ideal, r = self._ideal[rows], self._r[rows]
        columns = [
            MEASURES[family](relevant, gains, ideal, r, as_depth(k))
            for family, k in wanted.values()
        ]
        values = zip(queries, np.column_stack(columns).tolist()) if columns else ()
        results = {q: dict(zip(wanted, v)) for q, v in values}
        if missing_queries == "zero":  # trec_eval -c: absent judged queries score 0
            absent = [q for q in self.queries if q not in run and self._r[self._row[q]]]
            results |= {q: dict.fromkeys(wanted, 0.0) for q in absent}
        return {q: results[q] for q in sorted(results)}

    def mean(
        self,
        run: dict[str, dict[str, float]],
        measures: Iterable[str],
        *,
        missing_queries: str = "drop",
    ) -> dict[str, float]:
        r"""The mean of each measure over the query set: trec_eval's ``all`` line.

        Parameters
        ----------
        run : dict of dict
            ``{query: {document: score}}``.
        measures : collection of str
            Measure names, as :func:`evaluate_run` takes them.
        missing_queries : {"drop", "zero"}, default "drop"
            The query set, as in :meth:`evaluate`.

        Returns
        -------
        dict of float
            ``{measure: mean}``, keyed by the names given.
        """
        results = self.evaluate(run, measures, missing_queries=missing_queries)
        if not results:
            raise ValueError(
                "run has no judged query: no query id of run is in qrels "
                "(check that both files belong to the same test collection)"
            )
        keys = next(iter(results.values()))
        return {m: float(np.mean([row[m] for row in results.values()])) for m in keys}

    def _ranked(
        self, run: dict, scores: np.ndarray
    ) -> tuple[list[str], np.ndarray, np.ndarray]:
        """The judged queries of the run, and their documents in trec_eval's order,
        one padded row per query: whether each is relevant, and its gain (its
        grade, 0 if unjudged). ``scores``: every score of the run, in its order."""
        judged = np.array([q in self._grades for q in run], dtype=bool)
        sizes = np.array([len(docs) for docs in run.values()], dtype=np.int64)
        queries = [q for q, ok in zip(run, judged) if ok]
        lengths = sizes[judged]
        lookups = (
            map(self._grades[q].get, run[q], itertools.repeat(0)) for q in queries
        )
        grades = np.fromiter(itertools.chain.from_iterable(lookups), float)
        score = pad_rows(scores[np.repeat(judged, sizes)], lengths, fill=-np.inf)
        grade = pad_rows(grades, lengths)
        # ranked by score, highest first; tied scores by document id, descending
        order = np.argsort(score, axis=-1)[:, ::-1]  # (tied rows are re-sorted below)
        score, grade = (np.take_along_axis(m, order, axis=-1) for m in (score, grade))
        retrieved = score > -np.inf  # not padding
        tied = (score[:, 1:] == score[:, :-1]) & retrieved[:, 1:]
        inexact = (np.abs(score) >= 2**53) & retrieved  # integers may have merged
        for i in np.flatnonzero(tied.any(axis=-1) | inexact.any(axis=-1)):
            q = queries[i]  # ties, or integers beyond exact floats: sort in Python
            docs = sorted(run[q], key=lambda d: (run[q][d], d), reverse=True)
            grade[i, : len(docs)] = [self._grades[q].get(d, 0) for d in docs]
        grade = np.maximum(grade, 0)  # a negative grade counts as 0
        return queries, grade >= self._level, grade


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
    queries, _, grades = Qrels(qrels)._ranked(run, as_run(run))
    ranked = {
        q: grades[i, : len(run[q])].astype(np.int64) for i, q in enumerate(queries)
    }
    return dict(sorted(ranked.items()))


def evaluate_run(
    qrels: dict[str, dict[str, int]],
    run: dict[str, dict[str, float]],
    measures: Iterable[str],
    *,
    missing_queries: str = "drop",
    relevance_level: int = 1,
) -> dict[str, dict[str, float]]:
    r"""Evaluate a whole TREC run per query, as trec_eval (pytrec_eval) does.

    For each query, the retrieved documents are ranked by
    :func:`ranked_grades` (score descending, ties by document id descending),
    a document is relevant when its grade is at least ``relevance_level``,
    and :math:`R` counts the judged documents that are relevant:

    .. math:: R = \#\{\, d \text{ judged} : \mathrm{grade}(d) \ge
              \text{relevance\_level} \,\}

    Each measure is then one kernel of this module (the registry
    :data:`MEASURES`) on the padded matrix of all queries: ``map`` and
    ``map_cut_k`` are the kernel of :func:`average_precision_at_k` (over
    :math:`R`); ``P_k`` of :func:`precision_at_k`; ``recall_k`` of
    :func:`recall_at_k`; ``recip_rank`` of :func:`reciprocal_rank`;
    ``Rprec`` of :func:`r_precision`; ``success_k`` of :func:`hit_at_k`;
    ``ndcg`` and ``ndcg_cut_k`` of :func:`ndcg` with the judged grades as the
    ideal list and the grades as gains.

    Parameters
    ----------
    qrels : dict of dict
        ``{query: {document: grade}}``, ids as strings, whole-number grades
        (a negative grade counts as 0).
    run : dict of dict
        ``{query: {document: score}}``, finite real scores, higher first.
    measures : collection of str
        Names in trec_eval's form: ``"map"``, ``"recip_rank"``, ``"ndcg"``,
        ``"Rprec"``, and ``"P"``, ``"recall"``, ``"map_cut"``,
        ``"ndcg_cut"``, ``"success"`` with a cut-off (``"P_10"``), several
        (``"P.5,10"``) or none (trec_eval's default cut-offs); or ranx's:
        ``"map@K"``, ``"precision@K"``, ``"recall@K"``, ``"mrr"``,
        ``"mrr@K"`` (the reciprocal rank of the first relevant document in
        the top K, else 0), ``"ndcg@K"``, ``"hit_rate@K"`` (``success_K``),
        ``"r-precision"`` (``Rprec``).
    missing_queries : {"drop", "zero"}, default "drop"
        The query set. ``"drop"``: the judged queries that are in the run
        (trec_eval's default; pytrec_eval returns these). ``"zero"``: also
        every judged query with a relevant document that is absent from the
        run, every measure 0 (trec_eval ``-c``).
    relevance_level : int, default 1
        Relevant means grade >= this (trec_eval ``-l``; ``2`` for the TREC
        Deep Learning passage task). NDCG keeps the grades as gains.

    Returns
    -------
    dict of dict of float
        ``{query: {measure: value}}``, sorted by query id, keyed by the names
        given (``"P.5,10"`` gives ``"P_5"`` and ``"P_10"``).

    See Also
    --------
    evaluate_run_mean : The mean of each measure (trec_eval's ``all`` line).
    Qrels : Judgements prepared once, to score many runs.

    Notes
    -----
    Equals ``pytrec_eval.RelevanceEvaluator(qrels, measures,
    relevance_level=relevance_level).evaluate(run)`` (Van Gysel & de Rijke
    2018), the Python binding of trec_eval 9. A query in the run with no
    document retrieved scores 0 on every measure.

    Examples
    --------
    >>> qrels = {"q1": {"a": 2, "b": 0, "c": 1}}
    >>> run = {"q1": {"a": 0.5, "b": 0.5, "d": 0.9}}  # ranked: d, b, a
    >>> evaluate_run(qrels, run, {"map", "P_2"})
    {'q1': {'P_2': 0.0, 'map': 0.16666666666666666}}
    >>> evaluate_run(qrels, run, ["map"], relevance_level=2)
    {'q1': {'map': 0.3333333333333333}}
    """
    return Qrels(qrels, relevance_level=relevance_level).evaluate(
        run, measures, missing_queries=missing_queries
    )


def evaluate_run_mean(
    qrels: dict[str, dict[str, int]],
    run: dict[str, dict[str, float]],
    measures: Iterable[str],
    *,
    missing_queries: str = "drop",
    relevance_level: int = 1,
) -> dict[str, float]:
    r"""The mean of each measure over the query set: trec_eval's ``all`` line.

    .. math:: \overline{M} = \frac{1}{|S|} \sum_{q \in S} M_q

    where :math:`S` is the query set of :func:`evaluate_run` with the same
    ``missing_queries``: the judged queries in the run (``"drop"``), or every
    judged query with a relevant document (``"zero"``, trec_eval ``-c``).

    Parameters
    ----------
    qrels : dict of dict
        ``{query: {document: grade}}``.
    run : dict of dict
        ``{query: {document: score}}``.
    measures : collection of str
        Measure names, as :func:`evaluate_run` takes them.
    missing_queries : {"drop", "zero"}, default "drop"
        The query set.
    relevance_level : int, default 1
        Relevant means grade >= this (trec_eval ``-l``).

    Returns
    -------
    dict of float
        ``{measure: mean}``, keyed by the names given.

    See Also
    --------
    evaluate_run : The values per query.
    Qrels.mean : The same from judgements prepared once.

    Examples
    --------
    >>> qrels = {"q1": {"a": 1}, "q2": {"b": 1}}
    >>> run = {"q1": {"a": 0.5}}
    >>> evaluate_run_mean(qrels, run, ["mrr"])
    {'mrr': 1.0}
    >>> evaluate_run_mean(qrels, run, ["mrr"], missing_queries="zero")
    {'mrr': 0.5}
    """
    return Qrels(qrels, relevance_level=relevance_level).mean(
        run, measures, missing_queries=missing_queries
    )


def _read_trec(
    path: str | os.PathLike[str], fields: str, column: int, kind: str
) -> dict[str, dict[str, Any]]:
    """A TREC file as ``{query: {document: number}}``, in one pass over its lines."""
    columns, lines = trec_columns(path, fields, keep=(0, 2, column))
    queries, docs = columns[0], columns[2]
    numbers = trec_numbers(columns[column], lines, path, kind)
    # each block of consecutive lines of one query becomes one slice of the columns
    change = list(map(operator.ne, queries[1:], queries[:-1]))  # a new query begins
    bounds = [0, *(np.flatnonzero(change) + 1).tolist(), len(queries)]
    table: dict[str, dict[str, Any]] = {}
    for start, end in itertools.pairwise(bounds):
        block = zip(docs[start:end], numbers[start:end])
        table.setdefault(queries[start], {}).update(block)
    check_unique_pairs(table, queries, docs, lines, path)
    return table


def read_qrels(path: str | os.PathLike[str]) -> dict[str, dict[str, int]]:
    r"""Read a TREC qrels file: one judgement ``query 0 document grade`` per line.

    The relevance judgements of a test collection, in the format trec_eval
    reads; the result goes straight to :func:`evaluate_run`.

    Parameters
    ----------
    path : str or os.PathLike
        The file: whitespace-separated fields, blank lines ignored; UTF-8
        with or without a byte-order mark, LF or CRLF line ends (another
        encoding is a ``ValueError`` naming the line); the second
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
    return _read_trec(path, "query 0 document grade", 3, "grade")


def read_run(path: str | os.PathLike[str]) -> dict[str, dict[str, float]]:
    r"""Read a TREC run file: ``query Q0 document rank score tag`` per line.

    The ranked results of one system (the "tag") for each query, in the
    format trec_eval reads; the result goes straight to :func:`evaluate_run`.

    Parameters
    ----------
    path : str or os.PathLike
        The file: whitespace-separated fields, blank lines ignored; UTF-8
        with or without a byte-order mark, LF or CRLF line ends (another
        encoding is a ``ValueError`` naming the line). Only the
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
    return _read_trec(path, "query Q0 document rank score tag", 4, "score")


# ---- end of the R-precision, hit rate, ERR and TREC run section ----------------
