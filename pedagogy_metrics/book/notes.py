r"""The notes' formulas, as the notes wrote them, mistakes included.

The book grew out of five study notes in Chinese, called note 000 to note 004
(appendix A). Where a chapter, the errata appendix or a test needs what a
note's formula gives, it calls the function here instead of typing the formula
again, so each formula is written once. Every function is named after the
quantity and the note, ``<quantity>_note<NNN>``; its docstring quotes the
formula and says what is wrong with it, if anything. The right formulas are
the package's own functions (``pm.accuracy``, ``pm.rmsle``, ...).

These functions are *not* in the top-level namespace: call them as
``pm.notes.fpr_note000(...)``.

Functions of counts (``accuracy_note000``, ``fpr_note000``, ...) do plain
arithmetic on what they are given, so ``int`` counts give a ``float`` while
``fractions.Fraction`` or SymPy numbers and symbols give exact results.
Functions of arrays check their input as the rest of the package does.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .._checks.arrays import (
    as_binary,
    as_real,
    check_choice,
    check_positive_int,
    check_real,
    check_same_length,
)
from .._checks.curves import as_binary_scores
from .._checks.probabilistic import as_probabilities

__all__ = [
    "accuracy_note000",
    "error_rate_note000",
    "fpr_note000",
    "micro_average_note000",
    "dcg_exponential_note000",
    "dcg_terms_note000",
    "idcg_note000",
    "rmse_as_std_note001",
    "f_alpha_note002",
    "ndcg_note002",
    "discount_note002",
    "naive_auc_note003",
    "pair_term_auc_note003",
    "rank_auc_note003",
    "exceeded_rank_auc_note003",
    "approximate_auc_note003",
    "binary_log_loss_note003",
    "multiclass_log_loss_note003",
    "wmae_note003",
    "mape_note003",
    "rmse_as_sample_std_note003",
    "rmsle_note003",
    "ap_at_k_note003",
    "pcopc_note004",
]


def _positions(n: int) -> np.ndarray:
    """Positions 1..n of a ranked list."""
    return np.arange(1, n + 1)


# ---- note 000 ------------------------------------------------------------------


def accuracy_note000(tp: Any, fp: Any, fn: Any, tn: Any) -> Any:
    r"""Note 000's "accuracy", which is the error rate: the labels are swapped.

    .. math::

        \text{准确率: } E = \frac{FP + FN}{M}, \qquad M = TP + TN + FP + FN

    Note 000 writes ``准确率:E= FP+FN / M`` and ``错误率: A = TP+TN / M``: the
    formula it calls accuracy counts the mistakes, and the letters E and A
    already hint that the two names were swapped (the confusion-matrix chapter).

    Parameters
    ----------
    tp, fp, fn, tn : int, Fraction or SymPy expression
        The four cells of the binary confusion matrix, in the order of
        ``pm.binary_counts``.

    Returns
    -------
    number
        :math:`(FP + FN) / M`, the share of wrong answers.

    Examples
    --------
    >>> accuracy_note000(3, 2, 1, 6)  # (2 + 1) / 12
    0.25
    """
    m = tp + tn + fp + fn
    return (fp + fn) / m


def error_rate_note000(tp: Any, fp: Any, fn: Any, tn: Any) -> Any:
    r"""Note 000's "error rate", which is the accuracy: the labels are swapped.

    .. math::

        \text{错误率: } A = \frac{TP + TN}{M}, \qquad M = TP + TN + FP + FN

    The counterpart of :func:`accuracy_note000`: note 000 calls the share of
    right answers the error rate (the confusion-matrix chapter).

    Parameters
    ----------
    tp, fp, fn, tn : int, Fraction or SymPy expression
        The four cells of the binary confusion matrix.

    Returns
    -------
    number
        :math:`(TP + TN) / M`, the share of right answers.

    Examples
    --------
    >>> error_rate_note000(3, 2, 1, 6)  # (3 + 6) / 12
    0.75
    """
    m = tp + tn + fp + fn
    return (tp + tn) / m


def fpr_note000(fp: Any, tn: Any, fn: Any) -> Any:
    r"""Note 000's false positive rate, with FN where FP belongs in the denominator.

    .. math::

        FPR = \frac{FP}{TN + FN}

    Note 000 writes ``FPR = FP / TN + FN``. Read with the brackets its TPR line
    implies, the denominator is :math:`TN + FN`; the false positive rate
    divides by the negatives, :math:`FP + TN` (the ROC chapter). The note's value is
    not a rate: it can exceed 1, and it is undefined when :math:`TN + FN = 0`.

    Parameters
    ----------
    fp, tn, fn : int, Fraction or SymPy expression
        False positives, true negatives and false negatives at one threshold.

    Returns
    -------
    number
        :math:`FP / (TN + FN)`.

    Examples
    --------
    >>> fpr_note000(1, 3, 0)  # the right FPR is 1 / (1 + 3) = 0.25
    0.3333333333333333
    """
    return fp / (tn + fn)


def micro_average_note000(tp: Any, fp: Any, fn: Any, tn: Any) -> Any:
    r"""Note 000's micro average: the share of predicted positives, not a score.

    .. math::

        \text{micro-average} = \frac{TP + FP}{TP + TN + FP + FN}

    Note 000 gives this for the micro average, with the counts of every class
    (one against the rest) pooled. :math:`TP + FP` counts the predictions of a
    class whether right or wrong, so the formula measures how often classes are
    predicted, not how well. The micro-averaged precision is
    :math:`\sum TP / \sum (TP + FP)` (the precision and recall chapter).

    Parameters
    ----------
    tp, fp, fn, tn : int, Fraction or SymPy expression
        The counts summed over the classes, each class against the rest.

    Returns
    -------
    number
        The share of predicted positives among the pooled counts.

    Examples
    --------
    >>> micro_average_note000(6, 4, 4, 16)  # three classes, 10 samples
    0.3333333333333333
    """
    return (tp + fp) / (tp + tn + fp + fn)


def dcg_exponential_note000(ranked: ArrayLike) -> float:
    r"""Note 000's "common" exponential DCG, without the :math:`-1` in the gain.

    .. math::

        DCG_p = \sum_{i=1}^{p} \frac{2^{rel_i}}{\log_2(i + 1)}

    The usual exponential gain is :math:`2^{rel_i} - 1`, so that an irrelevant
    item (grade 0) gains nothing; with :math:`2^{rel_i}` it gains 1, and the
    DCG grows by :math:`\sum_i 1/\log_2(i + 1)` whatever the grades (the NDCG chapter).
    Note 002 suggests the same gain :math:`2^{\text{相关度}}`; note 000's IDCG
    (:func:`idcg_note000`) has the :math:`-1`.

    Parameters
    ----------
    ranked : array-like of shape (p,)
        Relevance grades in ranked order.

    Returns
    -------
    float
        The note's DCG.

    Examples
    --------
    >>> dcg_exponential_note000([0, 0])  # irrelevant items: 1/1 + 1/log2(3)
    1.6309297535714575
    """
    rel = as_real(ranked, "ranked")
    discount = np.log2(_positions(rel.size) + 1)
    return float(np.sum(2.0**rel / discount))


def dcg_terms_note000(ranked: ArrayLike) -> np.ndarray:
    r"""The terms of note 000's DCG as it prints them: cut, not rounded, to 2 decimals.

    .. math::

        \left\lfloor 100 \, \frac{rel_i}{\log_2(i + 1)} \right\rfloor / 100

    Note 000 prints the DCG of the grades 3, 2, 3, 0, 1, 2 as
    ``3+1.26+1.5+0+0.38+0.71 = 6.86`` and its IDCG as
    ``3+1.89+1.5+0.86+0.77+0.35 = 8.37``. Every term is the exact one cut after
    two decimals (:math:`1/\log_2 6 = 0.3869` becomes 0.38 and
    :math:`1/\log_2 7 = 0.3562` becomes 0.35), while the totals are the exact
    sums rounded: the printed DCG terms add up to 6.85, not 6.86 (the NDCG chapter).

    Parameters
    ----------
    ranked : array-like of shape (p,)
        Relevance grades in ranked order.

    Returns
    -------
    numpy.ndarray of shape (p,)
        The terms :math:`rel_i / \log_2(i + 1)`, each cut to two decimals.

    Examples
    --------
    >>> dcg_terms_note000([3, 2, 3, 0, 1, 2]).tolist()
    [3.0, 1.26, 1.5, 0.0, 0.38, 0.71]
    """
    rel = as_real(ranked, "ranked")
    terms = rel / np.log2(_positions(rel.size) + 1)
    return np.floor(100 * terms) / 100


def idcg_note000(ranked: ArrayLike, p: int) -> float:
    r"""Note 000's IDCG: exponential gain, while its DCG and example use :math:`rel_i`.

    .. math::

        IDCG_p = \sum_{i=1}^{|REL|} \frac{2^{rel_i} - 1}{\log_2(i + 1)}

    where :math:`REL` is the top :math:`p` of the items sorted by relevance.
    The formula is the standard exponential IDCG; the mistake is to divide it
    into a DCG with linear gain :math:`rel_i` (note 000's main formula), which
    mixes two gains. Note 000's own example uses :math:`rel_i` for both and
    gets 8.37 (the NDCG chapter).

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance grades of every item judged for the query, in any order.
    p : int
        Cut-off: the length of the ideal list.

    Returns
    -------
    float
        The ideal DCG with gain :math:`2^{rel_i} - 1`.

    Examples
    --------
    >>> idcg_note000([0, 1, 1], 2)  # 1/1 + 1/log2(3)
    1.6309297535714575
    """
    rel = as_real(ranked, "ranked")
    p = check_positive_int(p, "p")
    ideal = np.sort(rel)[::-1][:p]
    discount = np.log2(_positions(ideal.size) + 1)
    return float(np.sum((2.0**ideal - 1) / discount))


# ---- note 001 ------------------------------------------------------------------


def rmse_as_std_note001(y_true: ArrayLike, y_pred: ArrayLike) -> float:
    r"""Note 001's "RMSE is the standard deviation of the residuals".

    .. math::

        \mathrm{RMSE} \overset{?}{=} \sqrt{\frac{1}{n} \sum_{i=1}^{n}
        (e_i - \bar e)^2}, \qquad e_i = y_i - \hat y_i

    Note 001 writes ``注意:RMSE 是残差的标准差``. The standard deviation
    subtracts the mean residual :math:`\bar e`; the RMSE does not, and
    :math:`\mathrm{RMSE}^2 = \mathrm{SD}^2 + \bar e^2`. The two agree only for
    an unbiased model (the uncertainty chapter).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values.

    Returns
    -------
    float
        The standard deviation of the residuals (divided by :math:`n`).

    Examples
    --------
    >>> rmse_as_std_note001([3, 5], [1, 3])  # both residuals 2: RMSE 2, SD 0
    0.0
    """
    y = as_real(y_true, "y_true")
    y_hat = as_real(y_pred, "y_pred")
    check_same_length(y_true=y, y_pred=y_hat)
    residuals = y - y_hat
    return float(np.std(residuals))


# ---- note 002 ------------------------------------------------------------------


def f_alpha_note002(precision: Any, recall: Any, alpha: Any) -> Any:
    r"""Note 002's F-alpha, with the bracket around :math:`1 + \alpha^2` missing.

    .. math::

        F_\alpha = \frac{1 + \alpha^2 P R}{\alpha^2 P + R}

    The right formula is :math:`(1 + \alpha^2) P R / (\alpha^2 P + R)`. As
    written, the numerator adds 1 to :math:`\alpha^2 P R`, and the value can
    exceed 1 (the precision and recall chapter).

    Parameters
    ----------
    precision, recall : float, Fraction or SymPy expression
        Precision :math:`P` and recall :math:`R`.
    alpha : float, Fraction or SymPy expression
        The weight :math:`\alpha` (note 002's name for :math:`\beta`).

    Returns
    -------
    number
        The note's :math:`F_\alpha`.

    Examples
    --------
    >>> f_alpha_note002(0.5, 0.5, 1)  # the right F1 is 0.5
    1.25
    """
    a2 = alpha**2
    return (1 + a2 * precision * recall) / (a2 * precision + recall)


def ndcg_note002(ranked: ArrayLike) -> float:
    r"""Note 002's NDCG: normalised by :math:`1/N` instead of by the ideal DCG.

    .. math::

        NDCG@N(x) = \frac{1}{N} \sum_{i=1}^{N} \frac{G}{D}

    with :math:`G = rel_i` and :math:`D = \log_2(i + 1)` here (the note leaves
    both open, suggesting :math:`\log(i)` for :math:`D`, see
    :func:`discount_note002`). Dividing by the list length does not bring the
    value into :math:`[0, 1]`; the note's own words say the normaliser is the
    best achievable score, the ideal DCG (the NDCG chapter).

    Parameters
    ----------
    ranked : array-like of shape (N,)
        Relevance grades of the top :math:`N` results, in ranked order.

    Returns
    -------
    float
        :math:`\frac{1}{N}` times the DCG with linear gain.

    Examples
    --------
    >>> ndcg_note002([2, 2])  # (2 + 2/log2(3)) / 2: above 1
    1.6309297535714575
    """
    rel = as_real(ranked, "ranked")
    discount = np.log2(_positions(rel.size) + 1)
    return float(np.sum(rel / discount) / rel.size)


def discount_note002(positions: ArrayLike) -> np.ndarray:
    r"""Note 002's example discount :math:`\log(i)`, which is 0 at the first position.

    .. math::

        D = \log(i)

    Note 002 suggests ``比如用 log(i)`` for the discount :math:`D` that divides
    the gain of position :math:`i`. At :math:`i = 1` it is
    :math:`\log 1 = 0`: the first result's gain would be divided by zero. The
    usual discount is :math:`\log_2(i + 1)`, which is 1 there (the NDCG chapter).

    Parameters
    ----------
    positions : array-like of shape (n,)
        Positions :math:`i` in the ranked list, starting at 1.

    Returns
    -------
    numpy.ndarray of shape (n,)
        :math:`\log(i)`, natural logarithm.

    Examples
    --------
    >>> discount_note002([1, 2]).round(4).tolist()
    [0.0, 0.6931]
    """
    i = as_real(positions, "positions")
    return np.log(i)


# ---- note 003 ------------------------------------------------------------------


def naive_auc_note003(labels: ArrayLike, preds: ArrayLike) -> float:
    r"""Note 003's all-pairs AUC code (correct): a tie counts one half.

    .. math::

        AUC = \frac{\sum_{i \in pos} \sum_{j \in neg}
        \left( [s_i > s_j] + \tfrac{1}{2} [s_i = s_j] \right)}{M \times N}

    The note's ``naive_auc``, unchanged apart from the input checks. It is
    right, and it takes :math:`O(MN)` time (the ROC chapter).

    Parameters
    ----------
    labels : array-like of shape (n,)
        Binary labels, 0 or 1, with both classes present.
    preds : array-like of shape (n,)
        Scores; larger means more likely positive.

    Returns
    -------
    float
        The AUC.

    Examples
    --------
    >>> naive_auc_note003([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1])  # (2 + 1 + 0.5 + 1) / 4
    0.875
    """
    y_arr, s_arr = as_binary_scores(labels, preds, names=("labels", "preds"))
    y, s = y_arr.tolist(), s_arr.tolist()
    pos_indexes = [i for i, label in enumerate(y) if label == 1]
    neg_indexes = [i for i, label in enumerate(y) if label == 0]
    auc = 0.0
    for pos_index in pos_indexes:
        for neg_index in neg_indexes:
            if s[pos_index] > s[neg_index]:
                auc += 1
            elif s[pos_index] == s[neg_index]:
                auc += 0.5
    return auc / (len(pos_indexes) * len(neg_indexes))


def pair_term_auc_note003(pos_score: Any, neg_score: Any, m: Any, n: Any) -> float:
    r"""Note 003's pair formula as printed: one pair's score over :math:`M \times N`.

    .. math::

        AUC = \frac{I(P_{pos}, P_{neg})}{M \times N}, \qquad
        I = \begin{cases} 1 & P_{pos} > P_{neg} \\
        \tfrac{1}{2} & P_{pos} = P_{neg} \\ 0 & P_{pos} < P_{neg} \end{cases}

    Note 003 describes the count over all :math:`M \times N` pairs in words
    (``穷举所有的正负样本对``) and then prints the formula without its sum:
    taken as written, it divides the score of one pair by the number of pairs.
    With :math:`\sum` over the pairs in front of :math:`I` it is the all-pairs
    AUC of :func:`naive_auc_note003` (the ROC chapter).

    Parameters
    ----------
    pos_score, neg_score : float
        The scores :math:`P_{pos}` of one positive and :math:`P_{neg}` of one
        negative.
    m, n : int
        The numbers :math:`M` of positives and :math:`N` of negatives.

    Returns
    -------
    float
        :math:`I(P_{pos}, P_{neg}) / (M N)`: 0, :math:`1 / (2MN)` or
        :math:`1 / (MN)`.

    Examples
    --------
    >>> pair_term_auc_note003(0.9, 0.8, 3, 5)  # 1 / 15; the AUC of the 15 pairs: 0.5667
    0.06666666666666667
    """
    p = check_real(pos_score, "pos_score")
    q = check_real(neg_score, "neg_score")
    m = check_positive_int(m, "m")
    n = check_positive_int(n, "n")
    indicator = 1.0 if p > q else 0.5 if p == q else 0.0
    return indicator / (m * n)


def rank_auc_note003(
    labels: ArrayLike, preds: ArrayLike, *, ties: str = "in order"
) -> float:
    r"""Note 003's rank-sum AUC, with ranks 1..n from sorting (ties not averaged).

    .. math::

        AUC = \frac{\sum_{i \in pos} rank_i - \frac{m(m + 1)}{2}}{m \times n}

    Note 003 sorts the scores from low to high and gives them the ranks
    1..n (``最低的概率对应的rank值为1``). That is right without ties. With
    ties, the sort decides which tied sample gets the larger rank, and the two
    orders give two different values; the right rank of tied samples is their
    mean rank (midrank), which counts a tied pair one half (the ROC chapter).

    Parameters
    ----------
    labels : array-like of shape (n,)
        Binary labels, 0 or 1, with both classes present.
    preds : array-like of shape (n,)
        Scores; larger means more likely positive.
    ties : {"in order", "reversed"}, default "in order"
        Tied samples are ranked in their order in the data (a stable sort), or
        in the reverse order.

    Returns
    -------
    float
        The note's AUC for that order of the ties.

    Examples
    --------
    >>> rank_auc_note003([1, 0], [0.5, 0.5]), rank_auc_note003(
    ...     [1, 0], [0.5, 0.5], ties="reversed"
    ... )  # the right AUC is 0.5
    (0.0, 1.0)
    """
    y, s = as_binary_scores(labels, preds, names=("labels", "preds"))
    check_choice(ties, "ties", ("in order", "reversed"))
    position = np.arange(s.size) if ties == "in order" else -np.arange(s.size)
    order = np.lexsort((position, s))
    rank = np.empty(s.size)
    rank[order] = _positions(s.size)
    m, n = int(y.sum()), int((1 - y).sum())
    return float((rank[y == 1].sum() - m * (m + 1) / 2) / (m * n))


def exceeded_rank_auc_note003(labels: ArrayLike, preds: ArrayLike) -> float:
    r"""Note 003's rank formula with its first reading of a rank: the samples exceeded.

    .. math::

        AUC \overset{?}{=} \frac{\sum_{i \in pos} e_i - \frac{m(m + 1)}{2}}{m
        \times n}, \qquad e_i = \#\{j : s_j < s_i\}

    Note 003 first says ``rank值表示了该样本超过的样本个数`` (a rank is the
    number of samples the sample exceeds), then that the sample of rank
    :math:`n` exceeds :math:`n - 1` samples: the rank is one more than the
    samples exceeded, :math:`rank_i = e_i + 1` without ties. The formula's
    :math:`m(m + 1)/2` is right for that second reading; with the first it
    subtracts :math:`m` pairs too many, and the value is the AUC minus
    :math:`1/n` (the ROC chapter).

    Parameters
    ----------
    labels : array-like of shape (n,)
        Binary labels, 0 or 1, with both classes present.
    preds : array-like of shape (n,)
        Scores; larger means more likely positive.

    Returns
    -------
    float
        The formula with :math:`e_i`, the number of samples scored below
        sample :math:`i`, in place of its rank.

    Examples
    --------
    >>> exceeded_rank_auc_note003([1, 0, 1, 0], [0.9, 0.5, 0.8, 0.1])  # AUC 1
    0.5
    """
    y, s = as_binary_scores(labels, preds, names=("labels", "preds"))
    exceeded = np.searchsorted(np.sort(s), s, side="left")  # samples scored lower
    m, n = int(y.sum()), int((1 - y).sum())
    return float((exceeded[y == 1].sum() - m * (m + 1) / 2) / (m * n))


def approximate_auc_note003(
    labels: ArrayLike, preds: ArrayLike, n_bins: int = 100
) -> float:
    r"""Note 003's bucket AUC code, unchanged: it fails on scores outside [0, 1).

    .. math::

        AUC \approx \frac{\sum_{b} pos_b \left( \sum_{b' < b} neg_{b'}
        + \tfrac{1}{2} neg_b \right)}{m \times n},
        \qquad b = \lfloor s / w \rfloor, \; w = 1 / n_{bins}

    The note's ``approximate_auc`` (after wepe/auc.py), unchanged apart from
    the input checks. Its bucket index ``int(preds[i] / bin_width)`` is
    ``n_bins`` for a score of exactly 1.0, one past the last bucket, and more
    for a larger score: an ``IndexError``. A negative score gives a negative
    index, which Python reads from the end of the list: the score lands
    silently in a high bucket, and the value is wrong without any warning
    (the labels 1, 1, 0, 0 with the scores 0.5, 0.2, -0.3, -0.6 give 0.25
    instead of 1). ``pm.roc_auc_histogram`` puts 1.0 in the last bucket and
    refuses scores outside :math:`[0, 1]` (the ROC chapter).

    Parameters
    ----------
    labels : array-like of shape (n,)
        Binary labels, 0 or 1, with both classes present.
    preds : array-like of shape (n,)
        Scores, meant to lie in :math:`[0, 1)`.
    n_bins : int, default 100
        Number of buckets.

    Returns
    -------
    float
        The AUC with scores in one bucket counted as ties.

    Raises
    ------
    IndexError
        When a score is 1.0 or more (or below ``-1``), as in the note.

    Examples
    --------
    >>> approximate_auc_note003([1, 0], [0.9, 0.2])
    1.0
    >>> approximate_auc_note003([1, 0], [1.0, 0.2])
    Traceback (most recent call last):
    ...
    IndexError: list index out of range
    >>> approximate_auc_note003([1, 1, 0, 0], [0.5, 0.2, -0.3, -0.6])  # AUC is 1
    0.25
    """
    y = as_binary(labels, "labels").tolist()
    s = as_real(preds, "preds").tolist()
    check_same_length(labels=y, preds=s)
    n_bins = check_positive_int(n_bins, "n_bins")
    n_pos = sum(y)
    n_neg = len(y) - n_pos
    total_pair = n_pos * n_neg
    pos_histogram = [0 for _ in range(n_bins)]
    neg_histogram = [0 for _ in range(n_bins)]
    bin_width = 1.0 / n_bins
    for i in range(len(y)):
        nth_bin = int(s[i] / bin_width)
        if y[i] == 1:
            pos_histogram[nth_bin] += 1
        else:
            neg_histogram[nth_bin] += 1
    accumulated_neg = 0
    satisfied_pair = 0.0
    for i in range(n_bins):
        satisfied_pair += (
            pos_histogram[i] * accumulated_neg
            + pos_histogram[i] * neg_histogram[i] * 0.5
        )
        accumulated_neg += neg_histogram[i]
    return satisfied_pair / float(total_pair)


def binary_log_loss_note003(y_true: ArrayLike, y_proba: ArrayLike) -> float:
    r"""Note 003's binary log loss (correct, reading its :math:`y` as :math:`y_i`).

    .. math::

        logloss = -\frac{1}{N} \sum_{i=1}^{N}
        \left( y \log p_i + (1 - y) \log(1 - p_i) \right)

    The :math:`y` lacks its index :math:`i`; read as :math:`y_i` it is the
    standard binary log loss (the log-loss chapter). A probability of exactly 0 or 1 on
    the wrong class gives an infinite loss, as the formula says.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels, 0 or 1.
    y_proba : array-like of shape (n,)
        Predicted probabilities of class 1.

    Returns
    -------
    float
        The mean negative log-likelihood, in nats.

    Examples
    --------
    >>> round(binary_log_loss_note003([1, 0], [0.8, 0.2]), 4)  # -log 0.8
    0.2231
    """
    y, p = as_probabilities(y_true, y_proba, ndim=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(y == 1, np.log(p), np.log(1 - p))
    return float(-np.mean(terms))


def multiclass_log_loss_note003(y_true: ArrayLike, y_proba: ArrayLike) -> float:
    r"""Note 003's multi-class log loss, with an extra factor :math:`1/C`.

    .. math::

        logloss = -\frac{1}{N} \frac{1}{C} \sum_{i=1}^{N} \sum_{j=1}^{C}
        y_{ij} \log p_{ij}

    Only the true class has :math:`y_{ij} = 1`, so the double sum is already
    the sum over samples of :math:`-\log p_{i, y_i}`; the extra :math:`1/C`
    makes the value depend on the number of classes: a uniform guess scores
    :math:`\log(C) / C` instead of :math:`\log C`, and with two classes the
    formula gives half of the note's own binary log loss (the log-loss chapter).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Class indices 0..C-1.
    y_proba : array-like of shape (n, C)
        Predicted probabilities, one column per class.

    Returns
    -------
    float
        The standard log loss divided by :math:`C`.

    Examples
    --------
    >>> round(multiclass_log_loss_note003([0, 1], [[0.5, 0.5], [0.5, 0.5]]), 4)
    0.3466
    """
    y, proba = as_probabilities(y_true, y_proba, ndim=2, distributions=False)
    n, c = proba.shape
    onehot = np.eye(c)[y]
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(onehot == 1, onehot * np.log(proba), 0.0)
    return float(-np.sum(terms) / (n * c))


def wmae_note003(y_true: ArrayLike, y_pred: ArrayLike, weights: ArrayLike) -> float:
    r"""Note 003's weighted MAE, divided by :math:`N` instead of the sum of the weights.

    .. math::

        WMAE = \frac{1}{N} \sum_{i=1}^{N} w_i \lvert y_i - p_i \rvert

    A weighted mean divides by :math:`\sum_i w_i`. The note's value equals it
    only when the weights sum to :math:`N`; otherwise it changes when all the
    weights are multiplied by a constant (the regression chapter).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values.
    weights : array-like of shape (n,)
        Weights :math:`w_i`.

    Returns
    -------
    float
        The weighted sum of the absolute errors, over :math:`N`.

    Examples
    --------
    >>> wmae_note003([10, 20], [12, 20], [0.5, 0.5])  # pm.wmae gives 1.0
    0.5
    """
    y = as_real(y_true, "y_true")
    p = as_real(y_pred, "y_pred")
    w = as_real(weights, "weights")
    n = check_same_length(y_true=y, y_pred=p, weights=w)
    return float(np.sum(w * np.abs(y - p)) / n)


def mape_note003(y_true: ArrayLike, y_pred: ArrayLike) -> float:
    r"""Note 003's mean absolute percentage error (correct).

    .. math::

        MAPE = \frac{100}{N} \sum_{i=1}^{N}
        \left\lvert \frac{y_i - p_i}{y_i} \right\rvert, \quad y_i \neq 0

    Right as written, including the condition :math:`y_i \neq 0` (the
    regression chapter). A true value of 0 gives an infinite or undefined term,
    as the formula says.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True values (none 0) and predicted values.

    Returns
    -------
    float
        The MAPE, in percent.

    Examples
    --------
    >>> mape_note003([100, 200], [110, 180])  # (10 % + 10 %) / 2
    10.0
    """
    y = as_real(y_true, "y_true")
    p = as_real(y_pred, "y_pred")
    n = check_same_length(y_true=y, y_pred=p)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratios = np.abs((y - p) / y)
    return float(100 / n * np.sum(ratios))


def rmse_as_sample_std_note003(y_true: ArrayLike, y_pred: ArrayLike) -> float:
    r"""Note 003's "RMSE is the sample standard deviation of the errors".

    .. math::

        \mathrm{RMSE} \overset{?}{=} \sqrt{\frac{1}{N - 1} \sum_{i=1}^{N}
        (e_i - \bar e)^2}, \qquad e_i = y_i - p_i

    Note 003 writes ``RMSE表示预测值和真实值差异的样本标准差``. Its own
    formula is :math:`\sqrt{\frac{1}{N} \sum e_i^2}`: no mean subtracted and
    :math:`N`, not :math:`N - 1`. The sample standard deviation ignores a
    constant bias that the RMSE counts (the regression chapter).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values; at least two.

    Returns
    -------
    float
        The sample standard deviation (divided by :math:`N - 1`) of the errors.

    Examples
    --------
    >>> rmse_as_sample_std_note003([3, 5], [1, 3])  # both errors 2: RMSE 2, SD 0
    0.0
    """
    y = as_real(y_true, "y_true")
    p = as_real(y_pred, "y_pred")
    n = check_same_length(y_true=y, y_pred=p)
    check_positive_int(n, "the number of samples", low=2)
    errors = y - p
    return float(np.std(errors, ddof=1))


def rmsle_note003(y_true: ArrayLike, y_pred: ArrayLike) -> float:
    r"""Note 003's RMSLE, with the square missing: NaN when the mean is negative.

    .. math::

        RMSLE = \sqrt{\frac{1}{N} \sum_{i=1}^{N}
        \left( \log(y_i + 1) - \log(p_i + 1) \right)}

    Without the square, errors of opposite signs cancel, and the mean under
    the root is negative whenever the predictions are too high on the whole:
    its root is not a real number, returned as NaN. The right RMSLE squares
    each difference (the regression chapter).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values, greater than -1.

    Returns
    -------
    float
        The root of the mean log difference, or NaN when that mean is negative.

    Examples
    --------
    >>> round(rmsle_note003([200], [150]), 4), rmsle_note003([200], [250])
    (0.5348, nan)
    """
    y = as_real(y_true, "y_true")
    p = as_real(y_pred, "y_pred")
    check_same_length(y_true=y, y_pred=p)
    inside = float(np.mean(np.log1p(y) - np.log1p(p)))
    return math.sqrt(inside) if inside >= 0 else math.nan


def ap_at_k_note003(ranked: ArrayLike, k: int, m: int) -> float:
    r"""Note 003's AP@K, whose sum stops at position :math:`\min(M, K)`.

    .. math::

        AP@K = \frac{\sum_{k=1}^{\min(M, K)} P(k) \times rel(k)}{\min(M, K)}

    Taken literally, the sum runs over the first :math:`\min(M, K)` positions
    only, and relevant results below that position are lost. The note's own
    example sums over all :math:`K` positions and divides by the number of
    relevant documents (with :math:`M = 3` for case 1, although the note
    defines :math:`M` as the number of documents ranked; see the chapter on AP
    and MAP).

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Relevance of the results in ranked order (non-zero means relevant).
    k : int
        Cut-off :math:`K`.
    m : int
        The note's :math:`M`.

    Returns
    -------
    float
        The note's AP@K, as written.

    Examples
    --------
    >>> ap_at_k_note003([1, 0, 1, 0, 1], 5, 3)  # (1 + 0 + 2/3) / 3; correct 0.7556
    0.5555555555555555
    """
    k = check_positive_int(k, "k")
    m = check_positive_int(m, "m")
    rel = as_real(ranked, "ranked")[:k] > 0
    stop = min(m, k)
    precision_at = np.cumsum(rel) / _positions(rel.size)
    return float(np.sum((precision_at * rel)[:stop]) / stop)


# ---- note 004 ------------------------------------------------------------------


def pcopc_note004(y_true: ArrayLike, y_proba: ArrayLike) -> float:
    r"""Note 004's "PCOPC", named without a definition; read as PCOC.

    .. math::

        PCOC = \frac{\sum_i p_i}{\sum_i y_i}

    Note 004 lists ``9. PCOPC`` among its metrics and says nothing more. The
    book reads it as PCOC, predicted clicks over observed clicks: the sum of
    the predicted probabilities over the number of positives, 1 for a model
    calibrated on the whole (the log-loss chapter). The same as ``pm.pcoc``.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels, 0 or 1, at least one positive.
    y_proba : array-like of shape (n,)
        Predicted probabilities of class 1.

    Returns
    -------
    float
        Predicted over observed positives.

    Examples
    --------
    >>> pcopc_note004([1, 0, 0, 0], [0.5, 0.5, 0.25, 0.25])  # 1.5 predicted, 1 seen
    1.5
    """
    y, p = as_probabilities(y_true, y_proba, ndim=1)
    return float(np.sum(p) / np.sum(y))
