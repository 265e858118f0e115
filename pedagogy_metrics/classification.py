"""Metrics for hard (label) predictions: chapters 1, 2 and 3.

Every metric here is a ratio of cells of the **confusion matrix**
``C[i, j]`` = (weighted) number of samples whose true class is ``labels[i]``
and whose predicted class is ``labels[j]`` (rows = truth, columns =
prediction). For one class ``c`` with index ``i``:

* ``tp = C[i, i]`` (true positives),
* ``fp = sum_k C[k, i] - tp`` (predicted ``c`` but something else),
* ``fn = sum_k C[i, k] - tp`` (truly ``c`` but predicted otherwise),
* ``tn = sum(C) - tp - fp - fn``.

Averaging over classes follows scikit-learn's ``precision_score`` family.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._checks.arrays import (
    check_callable,
    check_flag,
    check_real,
    check_zero_division,
)
from ._checks.classification import (
    as_label_pair,
    check_average,
    check_kappa_weights,
    check_labels_in_truth,
)

__all__ = [
    "BinaryCounts",
    "confusion_matrix",
    "binary_counts",
    "per_class_counts",
    "averaged_score",
    "accuracy",
    "error_rate",
    "precision",
    "recall",
    "f1",
    "f_beta",
    # beyond accuracy (chapter 3)
    "specificity",
    "negative_predictive_value",
    "balanced_accuracy",
    "matthews_corrcoef",
    "cohen_kappa",
]


class BinaryCounts(NamedTuple):
    """The four cells of a binary confusion matrix (positive class: ``pos_label``).

    Returned by :func:`binary_counts`. A tuple, so ``tp, fp, fn, tn = counts``
    unpacks it; the cells are ints without sample weights, floats (weighted
    counts) with them.

    Attributes
    ----------
    tp : int, or float with weights
        True positives: truly positive, predicted positive.
    fp : int, or float with weights
        False positives: truly negative, predicted positive.
    fn : int, or float with weights
        False negatives: truly positive, predicted negative.
    tn : int, or float with weights
        True negatives: truly negative, predicted negative.

    Examples
    --------
    >>> counts = binary_counts([1, 1, 0, 1], [1, 0, 1, 1])
    >>> counts
    BinaryCounts(tp=2, fp=1, fn=1, tn=0)
    >>> counts.tp + counts.fn  # the positives
    3
    """

    tp: int | float
    fp: int | float
    fn: int | float
    tn: int | float


def _index_of(values: np.ndarray, classes: np.ndarray) -> np.ndarray:
    """Position of each value in ``classes``; ``len(classes)`` where it is not one."""
    order = np.argsort(classes, kind="stable")
    sorted_classes = classes[order]
    pos = np.searchsorted(sorted_classes, values).clip(max=len(classes) - 1)
    found = sorted_classes[pos] == values
    return np.where(found, order[pos], len(classes))


def _codes(
    t: np.ndarray, p: np.ndarray, classes: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each sample's row ``i`` and column ``j`` in a matrix of ``classes``; the classes.

    A label that is not in ``classes`` gets the extra code ``len(classes)``.
    Without ``classes``: integers in a small range (at most ``2 sqrt(n) + 16``
    values) are numbered by their place in that range, without a sort (some
    values of the range may not occur); other labels are numbered by
    ``np.unique``, in sorted order.
    """
    if classes is not None:
        return _index_of(t, classes), _index_of(p, classes), classes
    if t.dtype.kind == "i" and p.dtype.kind == "i":
        lo, hi = min(int(t.min()), int(p.min())), max(int(t.max()), int(p.max()))
        if hi - lo <= 2 * math.isqrt(t.size) + 16:
            if lo == 0:  # labels 0, 1, ..., hi are their own codes
                return t, p, np.arange(hi + 1)
            return t - lo, p - lo, np.arange(lo, hi + 1)
    classes, code = np.unique(np.concatenate([t, p]), return_inverse=True)
    return code[: t.size], code[t.size :], classes


def _table(
    t: np.ndarray,
    p: np.ndarray,
    w: np.ndarray | None,
    classes: np.ndarray | None,
) -> tuple[np.ndarray, np.ndarray]:
    """The (L + 1) x (L + 1) table of (weighted) counts, and its L classes.

    ``table[i, j]`` counts the samples of true class ``classes[i]`` predicted
    as ``classes[j]``; the last row and column count the labels that are not
    in ``classes``. Each sample's cell ``(i, j)`` is numbered
    ``i * (L + 1) + j`` and one ``np.bincount`` counts them all. Without
    ``classes``, the classes are the labels that occur in ``t`` or ``p``.
    Integer counts when ``w`` is None.
    """
    i, j, found = _codes(t, p, classes)  # row and column of each sample
    width = len(found) + 1  # the last row and column: a label not in classes
    cell = i * width  # the cell (i, j), numbered row by row: i * width + j
    cell += j
    counts = np.bincount(cell, minlength=width * width).reshape(width, width)
    keep = np.ones(width, dtype=bool)
    if classes is None:  # only the labels that occur (a range of integers has gaps)
        keep[:-1] = (counts.sum(axis=0) + counts.sum(axis=1))[:-1] > 0
        found = found[keep[:-1]]
    if w is not None:
        weighted = np.bincount(cell, weights=w, minlength=width * width)
        counts = weighted.reshape(width, width)
    return counts[np.ix_(keep, keep)], found


def confusion_matrix(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
) -> np.ndarray:
    r"""Confusion matrix: rows are true classes, columns predicted classes.

    .. math:: C_{ij} = \sum_{n} w_n \,[y_n = \ell_i]\,[\hat y_n = \ell_j]

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True class labels (integers, strings or booleans).
    y_pred : array-like of shape (n,)
        Predicted class labels, of the same kinds.
    labels : array-like, optional
        Classes to index the matrix with, in this order. Default: the sorted
        union of ``y_true`` and ``y_pred``. Samples whose truth or prediction
        is not listed are left out.
    sample_weight : array-like of shape (n,), optional
        Non-negative weight of each sample; the matrix then holds weighted counts.

    Returns
    -------
    ndarray of shape (L, L)
        Integer counts without weights, float weighted counts with them.

    Notes
    -----
    Follows the convention of scikit-learn's ``confusion_matrix`` and of
    Fawcett (2006): ``C[i, j]`` counts samples of true class ``labels[i]``
    predicted as ``labels[j]``. One ``np.bincount`` counts the cells of all
    samples (see ``_table``); samples of an unlisted class fall in an extra
    last row or column, dropped at the end.

    Examples
    --------
    >>> confusion_matrix([0, 1, 1, 0], [0, 1, 0, 0]).tolist()
    [[2, 0], [1, 1]]
    """
    t, p, w, classes = as_label_pair(y_true, y_pred, sample_weight, labels)
    if classes is not None:
        check_labels_in_truth(classes, t)
    weights = None if sample_weight is None else w  # None: integer counts
    table, _ = _table(t, p, weights, classes)
    return table[:-1, :-1]  # without the labels that are not listed


def binary_counts(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    pos_label: Any = 1,
    sample_weight: ArrayLike | None = None,
) -> BinaryCounts:
    """True/false positives and negatives of a binary problem.

    The four cells of the confusion matrix of chapter 1, computed directly
    from the two label arrays.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        Hard labels: together two labels of one kind (``{0, 1}``, bools,
        ``{-1, 1}``, ``{"ham", "spam"}``, ...).
    pos_label : number, str or bool, default 1
        The positive class; the other label is the negative class.
    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights.

    Returns
    -------
    BinaryCounts
        Named tuple ``(tp, fp, fn, tn)``: ints without weights, floats with them.

    Examples
    --------
    >>> binary_counts([1, 1, 0, 0], [1, 0, 1, 0])
    BinaryCounts(tp=1, fp=1, fn=1, tn=1)
    >>> binary_counts(["spam", "ham"], ["spam", "spam"], pos_label="spam")
    BinaryCounts(tp=1, fp=1, fn=0, tn=0)
    """
    t, p, w, _ = as_label_pair(
        y_true, y_pred, sample_weight, binary=True, pos_label=pos_label
    )
    tp = w[(t == 1) & (p == 1)].sum()
    fp = w[(t == 0) & (p == 1)].sum()
    fn = w[(t == 1) & (p == 0)].sum()
    tn = w[(t == 0) & (p == 0)].sum()
    cast = int if sample_weight is None else float
    return BinaryCounts(cast(tp), cast(fp), cast(fn), cast(tn))


def accuracy(
    y_true: ArrayLike, y_pred: ArrayLike, *, sample_weight: ArrayLike | None = None
) -> float:
    r"""Share of (weighted) samples whose prediction equals the truth.

    .. math:: \mathrm{Acc} = \frac{\sum_n w_n [y_n = \hat y_n]}{\sum_n w_n}
              \;=\; \frac{TP + TN}{TP + FP + FN + TN} \text{ (binary)}

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted labels, any number of classes: integers, strings
        or bools. Numbers that are not whole (probabilities) are a
        ``ValueError`` that suggests a threshold.
    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights.

    Returns
    -------
    float
        A number in [0, 1].

    Examples
    --------
    >>> accuracy([0, 1, 2, 2], [0, 2, 2, 2])
    0.75
    """
    t, p, w, _ = as_label_pair(y_true, y_pred, sample_weight)
    correct = t == p
    return float(w[correct].sum() / w.sum())


def error_rate(
    y_true: ArrayLike, y_pred: ArrayLike, *, sample_weight: ArrayLike | None = None
) -> float:
    r"""Share of (weighted) samples that are misclassified: ``1 - accuracy``.

    .. math:: \mathrm{Err} = \frac{FP + FN}{TP + FP + FN + TN} \text{ (binary)}

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted labels, any number of classes: integers, strings
        or bools. Numbers that are not whole (probabilities) are a
        ``ValueError`` that suggests a threshold.
    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights.

    Returns
    -------
    float
        A number in [0, 1].

    Examples
    --------
    >>> error_rate([0, 1, 2, 2], [0, 2, 2, 2])
    0.25
    """
    t, p, w, _ = as_label_pair(y_true, y_pred, sample_weight)
    wrong = t != p
    return float(w[wrong].sum() / w.sum())


def per_class_counts(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
) -> dict[str, np.ndarray]:
    r"""Per-class ``tp``, ``fp``, ``fn`` and ``support``: the table of chapter 2.

    These are the intermediate counts every averaged score is computed from.
    For each class :math:`c` (one-vs-rest), with weights :math:`w_n`:

    .. math::
        TP_c = \sum_n w_n [y_n = c][\hat y_n = c],

        FP_c = \sum_n w_n [\hat y_n = c] - TP_c, \quad
        FN_c = \sum_n w_n [y_n = c] - TP_c .

    Every sample counts, including those whose true or predicted class is not
    in ``labels`` (as in scikit-learn's ``multilabel_confusion_matrix``).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True class labels (numbers, strings or booleans).
    y_pred : array-like of shape (n,)
        Predicted class labels, of the same kinds.
    labels : array-like, optional
        Classes to count, in this order. Default: the sorted union of
        ``y_true`` and ``y_pred``.
    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights.

    Returns
    -------
    dict
        ``"labels"`` and 1-D float arrays ``"tp"``, ``"fp"``, ``"fn"``,
        ``"support"`` (= TP + FN), one entry per class in ``labels`` order.

    Examples
    --------
    >>> per_class_counts([0, 1, 1], [0, 1, 0])["fn"].tolist()
    [0.0, 1.0]
    """
    t, p, w, classes = as_label_pair(y_true, y_pred, sample_weight, labels)
    table, classes = _table(t, p, w, classes)  # last row, column: labels not listed
    tp = np.diag(table)[:-1].astype(float)  # both truly and predicted class c
    support = table.sum(axis=1)[:-1].astype(float)  # truly class c
    predicted = table.sum(axis=0)[:-1].astype(float)  # predicted as class c
    return {
        "labels": classes,
        "tp": tp,
        "fp": predicted - tp,
        "fn": support - tp,
        "support": support,
    }


def _divide(num: np.ndarray, den: np.ndarray, zero_division: float) -> np.ndarray:
    """num / den, with ``zero_division`` wherever den == 0."""
    out = np.full(np.shape(num), zero_division, dtype=float)
    np.divide(num, den, out=out, where=den > 0)
    return out


def _f_from_counts(tp, fp, fn, beta: float, zero_division: float):
    r"""F-beta in count form, divided through by 1 + b^2.

    tp / (tp + b^2/(1+b^2) fn + 1/(1+b^2) fp): the weights of fn and fp lie
    in [0, 1] and sum to 1, so nothing overflows for a huge beta; beta = inf
    gives recall, beta = 0 precision.
    """
    b2 = beta * beta
    fn_weight = 1.0 if np.isinf(b2) else b2 / (1 + b2)
    return _divide(tp, tp + fn_weight * fn + fp / (1 + b2), zero_division)


def averaged_score(
    score: Callable[..., Any],
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    average: str = "binary",
    pos_label: Any = 1,
    zero_division: float = 0.0,
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Score each class from its counts, then average the scores as scikit-learn.

    With :math:`s_c = \mathrm{score}(TP_c, FP_c, FN_c)` for class :math:`c`:

    .. math::
        \text{macro} = \frac{1}{C} \sum_c s_c, \quad
        \text{weighted} = \frac{\sum_c n_c\, s_c}{\sum_c n_c},

        \text{micro} = \mathrm{score}\Big(\sum_c TP_c, \sum_c FP_c, \sum_c FN_c\Big)

    where :math:`n_c` is the support (true cases) of class :math:`c`;
    ``"binary"`` is the score of the class ``pos_label`` alone.

    Parameters
    ----------
    score : callable
        ``score(tp, fp, fn, zero_division)``, vectorised over classes, e.g.
        precision ``tp / (tp + fp)``.
    y_true, y_pred : array-like of shape (n,)
        True and predicted labels.
    average : {"binary", "macro", "micro", "weighted"}, default "binary"
        How to combine the classes.
    pos_label : number, str or bool, default 1
        The class that ``average="binary"`` scores; ``y_true`` and ``y_pred``
        then hold two labels, the other one negative. Only with ``"binary"``.
    zero_division : {0.0, 1.0, nan}, default 0.0
        Passed to ``score``; a class scored NaN is left out of the average.
    labels : array-like, optional
        Classes to average over (not with ``"binary"``). Default: all seen.
    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights.

    Returns
    -------
    float
        The averaged score; the plain mean when ``"weighted"`` finds no support
        (as scikit-learn 1.9).

    Examples
    --------
    >>> def recall_score(tp, fp, fn, zd):
    ...     return tp / (tp + fn)
    >>> averaged_score(recall_score, [0, 1, 2, 2], [0, 2, 2, 2], average="macro")
    0.6666666666666666
    """
    check_callable(score, "score")
    zero_division = check_average(average, zero_division, labels, pos_label)
    if average == "binary":
        counts = binary_counts(
            y_true, y_pred, pos_label=pos_label, sample_weight=sample_weight
        )
        tp, fp, fn, _ = np.array(counts, dtype=float)
        return float(score(tp, fp, fn, zero_division))
    k = per_class_counts(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    if average == "micro":
        return float(score(k["tp"].sum(), k["fp"].sum(), k["fn"].sum(), zero_division))
    per_class = score(k["tp"], k["fp"], k["fn"], zero_division)
    return _average(per_class, k["support"] if average == "weighted" else None)


def _average(per_class: np.ndarray, weights: np.ndarray | None) -> float:
    """Mean of the per-class scores, leaving out NaN ones, as scikit-learn does.

    A class scores NaN under ``zero_division=nan``. Weighted by ``weights``
    unless they are None or sum to zero over the scored classes; NaN when every
    class score is NaN.
    """
    defined = ~np.isnan(per_class)
    if not defined.any():
        return math.nan
    if weights is None or weights[defined].sum() == 0:
        return float(per_class[defined].mean())
    return float(np.average(per_class[defined], weights=weights[defined]))


def precision(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    average: str = "binary",
    pos_label: Any = 1,
    zero_division: float = 0.0,
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Precision: the share of predicted positives that are truly positive.

    .. math:: P = \frac{TP}{TP + FP}

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted labels.
    average : {"binary", "macro", "micro", "weighted"}, default "binary"
        ``"binary"`` scores the class ``pos_label`` of two labels. ``"macro"`` is the
        unweighted mean over classes, ``"micro"`` pools the counts of all
        classes, ``"weighted"`` weights each class by its support.
    pos_label : number, str or bool, default 1
        The class that ``average="binary"`` scores; ``y_true`` and ``y_pred``
        then hold two labels, the other one negative. Only with ``"binary"``.
    zero_division : {0.0, 1.0, nan}, default 0.0
        Value used when ``TP + FP = 0`` (nothing predicted as the class). With
        NaN, such classes are left out of the average (as scikit-learn), and the
        result is NaN when no class is defined.
    labels : array-like, optional
        Classes to average over (not with ``"binary"``). Default: all seen.
    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights.

    Returns
    -------
    float
        A number in [0, 1], or NaN (see ``zero_division``).

    Notes
    -----
    Agrees with scikit-learn's ``precision_score``.

    Examples
    --------
    >>> precision([1, 1, 0, 0], [1, 0, 1, 1])
    0.3333333333333333
    """

    def score(tp, fp, fn, zd):
        return _divide(tp, tp + fp, zd)

    return averaged_score(
        score,
        y_true,
        y_pred,
        average=average,
        pos_label=pos_label,
        zero_division=zero_division,
        labels=labels,
        sample_weight=sample_weight,
    )


def recall(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    average: str = "binary",
    pos_label: Any = 1,
    zero_division: float = 0.0,
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Recall (true positive rate): the share of true positives that are found.

    .. math:: R = \frac{TP}{TP + FN}

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted labels.
    average : {"binary", "macro", "micro", "weighted"}, default "binary"
        How to combine the classes, as in :func:`precision`.
    pos_label : number, str or bool, default 1
        The class that ``average="binary"`` scores; ``y_true`` and ``y_pred``
        then hold two labels, the other one negative. Only with ``"binary"``.
    zero_division : {0.0, 1.0, nan}, default 0.0
        Value used when ``TP + FN = 0`` (the class never occurs in ``y_true``);
        with NaN, such classes are left out of the average.
    labels : array-like, optional
        Classes to average over (not with ``"binary"``). Default: all seen.
    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights.

    Returns
    -------
    float
        A number in [0, 1], or NaN (see ``zero_division``).

    Examples
    --------
    >>> recall([1, 1, 0, 0], [1, 0, 1, 1])
    0.5
    """

    def score(tp, fp, fn, zd):
        return _divide(tp, tp + fn, zd)

    return averaged_score(
        score,
        y_true,
        y_pred,
        average=average,
        pos_label=pos_label,
        zero_division=zero_division,
        labels=labels,
        sample_weight=sample_weight,
    )


def f_beta(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    beta: float = 1.0,
    average: str = "binary",
    pos_label: Any = 1,
    zero_division: float = 0.0,
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""F-beta score: a weighted harmonic mean of precision and recall.

    .. math:: F_\beta = \frac{(1+\beta^2)\,P\,R}{\beta^2 P + R}
                      = \frac{(1+\beta^2)\,TP}{(1+\beta^2)\,TP + \beta^2 FN + FP}

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted labels.
    beta : float, default 1.0
        Non-negative. Recall counts ``beta`` times as much as precision:
        ``beta = 0`` gives precision, ``beta = inf`` recall.
    average : {"binary", "macro", "micro", "weighted"}, default "binary"
        How to combine the classes, as in :func:`precision`.
    pos_label : number, str or bool, default 1
        The class that ``average="binary"`` scores; ``y_true`` and ``y_pred``
        then hold two labels, the other one negative. Only with ``"binary"``.
    zero_division : {0.0, 1.0, nan}, default 0.0
        Value used when ``TP + FP + FN = 0``.
    labels : array-like, optional
        Classes to average over (not with ``"binary"``). Default: all seen.
    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights.

    Returns
    -------
    float
        A number in [0, 1], or NaN (see ``zero_division``).

    Notes
    -----
    The count form is used so that ``P`` and ``R`` need not both be defined;
    it agrees with scikit-learn's ``fbeta_score``.

    Examples
    --------
    >>> round(f_beta([1, 1, 0, 0], [1, 0, 1, 1], beta=2.0), 4)
    0.4545
    """
    beta = check_real(beta, "beta", low=0.0, allow_inf=True)

    def score(tp, fp, fn, zd):
        return _f_from_counts(tp, fp, fn, beta, zd)

    return averaged_score(
        score,
        y_true,
        y_pred,
        average=average,
        pos_label=pos_label,
        zero_division=zero_division,
        labels=labels,
        sample_weight=sample_weight,
    )


def f1(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    average: str = "binary",
    pos_label: Any = 1,
    zero_division: float = 0.0,
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""F1 score: the harmonic mean of precision and recall.

    This is :func:`f_beta` with beta = 1:

    .. math:: F_1 = \frac{2PR}{P + R} = \frac{2\,TP}{2\,TP + FN + FP}

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted labels.
    average : {"binary", "macro", "micro", "weighted"}, default "binary"
        How to combine the classes, as in :func:`precision`.
    pos_label : number, str or bool, default 1
        The class that ``average="binary"`` scores; ``y_true`` and ``y_pred``
        then hold two labels, the other one negative. Only with ``"binary"``.
    zero_division : {0.0, 1.0, nan}, default 0.0
        Value used when ``TP + FP + FN = 0``.
    labels : array-like, optional
        Classes to average over (not with ``"binary"``). Default: all seen.
    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights.

    Returns
    -------
    float
        A number in [0, 1], or NaN (see ``zero_division``).

    Examples
    --------
    >>> f1([1, 1, 0, 0], [1, 0, 1, 1])
    0.4
    """
    return f_beta(
        y_true,
        y_pred,
        beta=1.0,
        average=average,
        pos_label=pos_label,
        zero_division=zero_division,
        labels=labels,
        sample_weight=sample_weight,
    )


# ---- beyond accuracy (chapter 3) -----------------------------------------------------


def specificity(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    pos_label: Any = 1,
    zero_division: float = 0.0,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Specificity (true negative rate): the share of true negatives that are found.

    .. math:: \mathrm{TNR} = \frac{TN}{TN + FP} = 1 - \mathrm{FPR}

    It is the recall of class 0.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        Hard labels: together two labels of one kind (``{0, 1}``, bools,
        ``{-1, 1}``, strings, ...).
    pos_label : number, str or bool, default 1
        The positive class; the other label is the negative class.
    zero_division : {0.0, 1.0, nan}, default 0.0
        Value used when ``TN + FP = 0`` (no negative in ``y_true``).

    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights: the counts are weighted counts.

    Returns
    -------
    float
        A number in [0, 1], or ``zero_division``.

    References
    ----------
    Yerushalmy, J. (1947). Statistical problems in assessing methods of
    medical diagnosis. *Public Health Reports* 62(40), 1432-1449.

    Examples
    --------
    >>> specificity([1, 1, 0, 0, 0], [1, 0, 1, 0, 0])  # TN = 2, FP = 1
    0.6666666666666666
    """
    zero_division = check_zero_division(zero_division)
    counts = binary_counts(
        y_true, y_pred, pos_label=pos_label, sample_weight=sample_weight
    )
    _, fp, _, tn = np.array(counts, dtype=float)
    return float(_divide(tn, tn + fp, zero_division))


def negative_predictive_value(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    pos_label: Any = 1,
    zero_division: float = 0.0,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Negative predictive value: the share of predicted negatives that are negative.

    .. math:: \mathrm{NPV} = \frac{TN}{TN + FN}

    It is the precision of class 0.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        Hard labels: together two labels of one kind (``{0, 1}``, bools,
        ``{-1, 1}``, strings, ...).
    pos_label : number, str or bool, default 1
        The positive class; the other label is the negative class.
    zero_division : {0.0, 1.0, nan}, default 0.0
        Value used when ``TN + FN = 0`` (nothing predicted negative).

    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights: the counts are weighted counts.

    Returns
    -------
    float
        A number in [0, 1], or ``zero_division``.

    References
    ----------
    Altman, D. G., & Bland, J. M. (1994). Diagnostic tests 2: predictive
    values. *BMJ* 309(6947), 102.

    Examples
    --------
    >>> negative_predictive_value([1, 1, 0, 0, 0], [1, 0, 1, 0, 0])  # TN 2, FN 1
    0.6666666666666666
    """
    zero_division = check_zero_division(zero_division)
    counts = binary_counts(
        y_true, y_pred, pos_label=pos_label, sample_weight=sample_weight
    )
    _, _, fn, tn = np.array(counts, dtype=float)
    return float(_divide(tn, tn + fn, zero_division))


def balanced_accuracy(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    sample_weight: ArrayLike | None = None,
    adjusted: bool = False,
) -> float:
    r"""Balanced accuracy: the mean of the recalls of the classes in ``y_true``.

    With :math:`C` the confusion matrix and :math:`K` the classes that
    occur in ``y_true``:

    .. math:: \mathrm{BA} = \frac{1}{K} \sum_{k} R_k,
              \qquad R_k = \frac{C_{kk}}{\sum_j C_{kj}}

    For two classes :math:`\mathrm{BA} = (\mathrm{TPR} + \mathrm{TNR}) / 2`.
    Adjusted for chance, so that a constant or random prediction scores 0:

    .. math:: \mathrm{BA}_{adj} = \frac{\mathrm{BA} - 1/K}{1 - 1/K}

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True class labels.
    y_pred : array-like of shape (n,)
        Predicted class labels. A class that is only predicted has no
        recall and is left out (as scikit-learn, which warns).
    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights; a class of ``y_true`` whose weights sum
        to 0 is left out.
    adjusted : bool, default False
        Rescale so that chance level is 0 and a perfect prediction 1; needs
        at least two classes in ``y_true``.

    Returns
    -------
    float
        A number in [0, 1]; adjusted, in [-1/(K-1), 1].

    Notes
    -----
    Equals ``sklearn.metrics.balanced_accuracy_score``.

    References
    ----------
    Brodersen, K. H., Ong, C. S., Stephan, K. E., & Buhmann, J. M. (2010).
    The balanced accuracy and its posterior distribution. *ICPR 2010*,
    3121-3124.

    Examples
    --------
    >>> balanced_accuracy([0, 0, 0, 0, 1], [0, 0, 0, 0, 0])  # (1 + 0) / 2
    0.5
    >>> balanced_accuracy([0, 0, 0, 0, 1], [0, 0, 0, 0, 0], adjusted=True)
    0.0
    """
    adjusted = check_flag(adjusted, "adjusted")
    c = confusion_matrix(y_true, y_pred, sample_weight=sample_weight)
    support = c.sum(axis=1)  # true cases of each class
    in_truth = support > 0  # a class only predicted has no recall
    recall = np.diag(c)[in_truth] / support[in_truth]  # R_k
    score = recall.mean()
    if not adjusted:
        return float(score)
    if recall.size < 2:  # chance level 1/K = 1: the adjustment divides by 0
        raise ValueError(
            "y_true holds one class (with positive weight): adjusted balanced "
            "accuracy divides by 1 - 1/K = 0 for K = 1 class"
        )
    chance = 1 / recall.size  # 1/K
    return float((score - chance) / (1 - chance))


def _ratio_table(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    labels: ArrayLike | None,
    sample_weight: ArrayLike | None,
) -> np.ndarray:
    """The confusion matrix as floats, for a metric unchanged by scaling all cells.

    MCC and kappa are ratios in which every cell can be multiplied by the same
    number. Counts stay whole numbers (their sums and products are exact);
    weighted counts become shares of the total weight, so that no square of a
    large weight overflows.
    """
    c = confusion_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    total = c.sum()
    if total <= 0:  # no sample in labels: nothing to compare
        raise ValueError(
            "labels: no sample (with positive weight) has both its true and its "
            "predicted class in labels, so there is nothing to compare"
        )
    return c.astype(float) if sample_weight is None else c / total


def matthews_corrcoef(
    y_true: ArrayLike, y_pred: ArrayLike, *, sample_weight: ArrayLike | None = None
) -> float:
    r"""MCC, the Matthews correlation coefficient: binary and multi-class (R_K).

    For two classes, the Pearson correlation of the 0/1 truth and prediction:

    .. math::
        \mathrm{MCC} = \frac{TP \cdot TN - FP \cdot FN}{\sqrt{D}},

        D = (TP + FP)(TP + FN)(TN + FP)(TN + FN)

    For :math:`K` classes, from the confusion matrix :math:`C` with
    :math:`s` cases, :math:`c` of them correct, :math:`t_k` truly of class
    :math:`k` and :math:`p_k` predicted as :math:`k`:

    .. math::
        R_K = \frac{c\,s - \sum_k p_k t_k}
                   {\sqrt{s^2 - \sum_k p_k^2}\,\sqrt{s^2 - \sum_k t_k^2}}

    which is the binary MCC when :math:`K = 2`.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True class labels.
    y_pred : array-like of shape (n,)
        Predicted class labels.
    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights.

    Returns
    -------
    float
        A number in [-1, 1]: 1 perfect, 0 no better than chance; 0.0 when
        undefined (``y_true`` or ``y_pred`` holds one class only).

    Notes
    -----
    Equals ``sklearn.metrics.matthews_corrcoef``, including its 0.0 for the
    undefined case, which is recognised by counting the classes (not by a
    rounded sum reaching 0). With weights the cells are divided by the total
    weight first (the ratio does not change), so no square overflows.

    References
    ----------
    Matthews, B. W. (1975). Comparison of the predicted and observed
    secondary structure of T4 phage lysozyme. *Biochimica et Biophysica
    Acta* 405(2), 442-451.

    Gorodkin, J. (2004). Comparing two K-category assignments by a
    K-category correlation coefficient. *Computational Biology and
    Chemistry* 28(5-6), 367-374.

    Chicco, D., & Jurman, G. (2020). The advantages of the Matthews
    correlation coefficient (MCC) over F1 score and accuracy in binary
    classification evaluation. *BMC Genomics* 21, 6.

    Examples
    --------
    >>> round(matthews_corrcoef([1, 1, 0, 0], [1, 0, 0, 0]), 4)  # 2 / sqrt(12)
    0.5774
    >>> matthews_corrcoef([0, 0, 1, 1], [1, 1, 1, 1])  # one predicted class
    0.0
    """
    c = _ratio_table(y_true, y_pred, None, sample_weight)
    s = c.sum()  # cases
    correct = np.trace(c)  # c
    t = c.sum(axis=1)  # t_k: truly of class k
    p = c.sum(axis=0)  # p_k: predicted as class k
    if np.count_nonzero(t) < 2 or np.count_nonzero(p) < 2:
        return 0.0  # one class in y_true or in y_pred: a denominator factor is 0
    cov_tp = correct * s - t @ p
    cov_pp = s * s - p @ p
    cov_tt = s * s - t @ t
    if cov_pp * cov_tt <= 0:  # > 0 exactly; 0 only if rounding lost a class
        raise ValueError(
            "sample_weight: the weights span more orders of magnitude than a float "
            "resolves (one class holds all but a vanishing share of the weight), "
            "so MCC cannot be computed"
        )
    return float(cov_tp / np.sqrt(cov_pp * cov_tt))


def _disagreement_weights(weights: str | None, n_classes: int) -> np.ndarray:
    """w[i, j]: how much predicting class j for class i counts, by position."""
    i, j = np.indices((n_classes, n_classes))
    distance = np.abs(i - j)
    if weights == "linear":
        return distance.astype(float)
    if weights == "quadratic":
        return (distance**2).astype(float)
    return (distance > 0).astype(float)  # unweighted: every disagreement counts 1


def cohen_kappa(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    weights: str | None = None,
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Kappa (Cohen's): the agreement of truth and prediction beyond chance.

    With :math:`O` the confusion matrix (:math:`s` cases, row sums
    :math:`t_i`, column sums :math:`p_j`) and :math:`E` the matrix expected
    if truth and prediction were independent:

    .. math::
        \kappa = 1 - \frac{\sum_{ij} w_{ij} O_{ij}}{\sum_{ij} w_{ij} E_{ij}},
        \qquad E_{ij} = \frac{t_i\, p_j}{s}

    The weight of a disagreement between the classes at positions :math:`i`
    and :math:`j` of ``labels`` is :math:`[i \ne j]` (unweighted),
    :math:`|i - j|` (linear) or :math:`(i - j)^2` (quadratic). Unweighted,
    with :math:`p_o` the observed and :math:`p_e` the expected agreement:

    .. math:: \kappa = \frac{p_o - p_e}{1 - p_e}

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True class labels (kappa is symmetric in the two).
    y_pred : array-like of shape (n,)
        Predicted class labels.
    weights : {None, "linear", "quadratic"}, default None
        How much a disagreement counts; linear and quadratic weights suit
        ordered classes, listed in order in ``labels``.
    labels : array-like, optional
        The classes, in order. Default: the sorted union of ``y_true`` and
        ``y_pred``. Samples whose truth or prediction is not listed are left
        out.
    sample_weight : array-like of shape (n,), optional
        Non-negative sample weights.

    Returns
    -------
    float
        At most 1: 1 for perfect agreement, 0 for chance agreement. A
        ``ValueError`` when the expected agreement is 1 (truth and prediction
        hold one and the same class), where kappa is 0/0.

    Notes
    -----
    Equals ``sklearn.metrics.cohen_kappa_score``, which returns NaN with a
    warning where this function raises.

    References
    ----------
    Cohen, J. (1960). A coefficient of agreement for nominal scales.
    *Educational and Psychological Measurement* 20(1), 37-46.

    Cohen, J. (1968). Weighted kappa: nominal scale agreement with provision
    for scaled disagreement or partial credit. *Psychological Bulletin*
    70(4), 213-220.

    Examples
    --------
    >>> cohen_kappa([0, 0, 1, 1], [0, 1, 0, 1])  # agreement at chance level
    0.0
    >>> round(cohen_kappa([0, 1, 2, 2], [0, 2, 2, 1], weights="quadratic"), 4)
    0.6364
    """
    weights = check_kappa_weights(weights)
    observed = _ratio_table(y_true, y_pred, labels, sample_weight)  # O
    s = observed.sum()  # cases (their share, 1, with weights)
    t, p = observed.sum(axis=1), observed.sum(axis=0)  # t_i, p_j
    expected = np.outer(t, p) / s  # E
    w = _disagreement_weights(weights, len(observed))
    expected_disagreement = np.sum(w * expected)
    if expected_disagreement <= 0:  # one and the same class: kappa is 0/0
        raise ValueError(
            "y_true and y_pred hold one and the same class (over labels, with "
            "positive weight): the expected agreement is 1, so kappa = 0/0 is "
            "undefined"
        )
    return float(1 - np.sum(w * observed) / expected_disagreement)
