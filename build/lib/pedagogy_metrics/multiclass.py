"""Scores of multi-class predictions: chapter 7.

``y_proba`` and ``y_score`` are ``(n, C)`` matrices with one column per class;
``labels`` names the class of each column (default: the sorted classes of
``y_true``, as scikit-learn), so ``y_true`` may hold any class labels, strings
included. The two ROC AUCs reduce the
problem to binary ones and average their
:func:`~pedagogy_metrics.curves.roc_auc`: one class against all the others
(one-vs-rest), or each pair of classes on the cases of that pair
(one-vs-one, Hand & Till 2001). Top-k accuracy asks only whether the true
class is among the k highest scores.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
from numpy.typing import ArrayLike

from ._checks.arrays import as_weights, check_choice, check_positive_int
from ._checks.multiclass import (
    MULTICLASS_AVERAGES,
    as_class_scores,
    as_multiclass_proba,
)
from .curves import roc_auc

__all__ = [
    "roc_auc_ovr",
    "roc_auc_ovo",
    "top_k_accuracy",
]


def roc_auc_ovr(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    average: str = "macro",
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""One-vs-rest ROC AUC: each class against all the others, averaged.

    With :math:`A_k` the AUC of column :math:`k` of ``y_proba`` at telling
    the cases of class :math:`k` from all other cases, and :math:`n_k` the
    number of cases of class :math:`k`:

    .. math::
        \text{macro} = \frac{1}{C} \sum_k A_k,

        \text{weighted} = \frac{\sum_k n_k A_k}{\sum_k n_k}

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Class labels; every class must occur.
    y_proba : array-like of shape (n, C)
        Predicted probabilities, each row summing to 1 (as scikit-learn
        requires); only their order within each column matters.
    average : {"macro", "weighted"}, default "macro"
        ``"macro"``: every class counts the same; ``"weighted"``: each class
        by its prevalence in ``y_true`` (its total weight).
    labels : array-like of shape (C,), optional
        The class of each column; default the sorted classes of ``y_true``.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights, passed to each class's
        :func:`~pedagogy_metrics.curves.roc_auc`.

    Returns
    -------
    float
        The averaged AUC in [0, 1].

    Notes
    -----
    Equals ``sklearn.metrics.roc_auc_score(y_true, y_proba, multi_class="ovr",
    average=average, labels=labels, sample_weight=sample_weight)``; for C = 2,
    where scikit-learn wants the 1-D scores of
    class 1, it is the mean of the two columns' AUCs. Each "rest" mixes the
    other classes in the proportions of the data, so the macro average still
    depends on the class balance (Hand & Till 2001).

    References
    ----------
    Provost, F., & Domingos, P. (2000). Well-trained PETs: improving
    probability estimation trees. CeDER Working Paper IS-00-04, New York
    University.

    Fawcett, T. (2006). An introduction to ROC analysis. *Pattern Recognition
    Letters* 27(8), 861-874.

    Examples
    --------
    >>> y = [0, 1, 2, 2]
    >>> p = [[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3]]
    >>> round(roc_auc_ovr(y, p), 4)  # classes 0, 1, 2: (1 + 1 + 0.875) / 3
    0.9583
    >>> roc_auc_ovr(y, p, average="weighted")  # (1 + 1 + 2 * 0.875) / 4
    0.9375
    """
    y, proba = as_multiclass_proba(y_true, y_proba, labels)
    check_choice(average, "average", MULTICLASS_AVERAGES)
    w = None if sample_weight is None else as_weights(sample_weight, y.size)
    classes = range(proba.shape[1])
    # A_k: column k telling class k from the rest
    auc = [roc_auc(y == k, proba[:, k], sample_weight=w) for k in classes]
    n_k = np.bincount(y, weights=w, minlength=proba.shape[1])  # cases of each class
    return float(np.average(auc, weights=n_k if average == "weighted" else None))


def roc_auc_ovo(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    average: str = "macro",
    labels: ArrayLike | None = None,
) -> float:
    r"""One-vs-one ROC AUC (Hand & Till's M): every pair of classes, averaged.

    For classes :math:`j < k`, on the cases of those two classes only,
    :math:`A(j \mid k)` is the AUC of column :math:`j` at telling class
    :math:`j` from class :math:`k`. Hand and Till average both directions,

    .. math:: \hat A(j, k) = \frac{A(j \mid k) + A(k \mid j)}{2}

    and then the :math:`C(C-1)/2` pairs:

    .. math:: M = \frac{2}{C(C-1)} \sum_{j<k} \hat A(j, k)

    ``average="weighted"`` weights each pair by the share of all cases that
    belong to it, :math:`(n_j + n_k) / n`.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Class labels; every class must occur.
    y_proba : array-like of shape (n, C)
        Predicted probabilities, each row summing to 1 (as scikit-learn
        requires); only their order within each column matters.
    average : {"macro", "weighted"}, default "macro"
        ``"macro"``: Hand & Till's M, every pair counts the same;
        ``"weighted"``: each pair by its prevalence.
    labels : array-like of shape (C,), optional
        The class of each column; default the sorted classes of ``y_true``.

    Returns
    -------
    float
        The averaged AUC in [0, 1].

    Notes
    -----
    Equals ``sklearn.metrics.roc_auc_score(y_true, y_proba, multi_class="ovo",
    average=average, labels=labels)``. Each pairwise AUC uses only the cases of its two
    classes, so the macro average does not depend on the class sizes.

    References
    ----------
    Hand, D. J., & Till, R. J. (2001). A simple generalisation of the area
    under the ROC curve for multiple class classification problems.
    *Machine Learning* 45(2), 171-186.

    Examples
    --------
    >>> y = [0, 1, 2, 2]
    >>> p = [[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3]]
    >>> round(roc_auc_ovo(y, p), 4)  # pairs (0, 1), (0, 2), (1, 2): 1, 1, 0.875
    0.9583
    """
    y, proba = as_multiclass_proba(y_true, y_proba, labels)
    check_choice(average, "average", MULTICLASS_AVERAGES)
    pair_auc, prevalence = [], []
    for j, k in combinations(range(proba.shape[1]), 2):
        in_pair = (y == j) | (y == k)  # the cases of classes j and k
        a_jk = roc_auc(y[in_pair] == j, proba[in_pair, j])  # A(j | k)
        a_kj = roc_auc(y[in_pair] == k, proba[in_pair, k])  # A(k | j)
        pair_auc.append((a_jk + a_kj) / 2)  # Â(j, k)
        prevalence.append(in_pair.mean())  # (n_j + n_k) / n
    weights = prevalence if average == "weighted" else None
    return float(np.average(pair_auc, weights=weights))


def top_k_accuracy(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    k: int = 2,
    labels: ArrayLike | None = None,
) -> float:
    r"""Top-k accuracy: the share of cases whose true class is among the k best scores.

    With :math:`r_i` the position (0 = first) of the true class :math:`y_i`
    when the classes of case :math:`i` are sorted by decreasing score:

    .. math:: \mathrm{Acc}@k = \frac{1}{n} \sum_i [r_i < k]

    Ties are broken as in scikit-learn: among classes of equal score, the
    one with the higher index comes first. So

    .. math::
        r_i = \#\{c : s_{ic} > s_{i y_i}\}

        + \#\{c > y_i : s_{ic} = s_{i y_i}\}

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Class labels.
    y_score : array-like of shape (n, C)
        Finite real scores (probabilities or any other), one column per
        class, at least 2; only their order within each row matters.
    k : int, default 2
        How many of the highest-scored classes count as a hit, at least 1;
        ``k >= C`` gives 1.0.
    labels : array-like of shape (C,), optional
        The class of each column; default the sorted classes of ``y_true``.

    Returns
    -------
    float
        A number in [0, 1]; with ``k = 1``, the accuracy of predicting the
        highest-scored class.

    Notes
    -----
    Equals ``sklearn.metrics.top_k_accuracy_score(y_true, y_score, k=k,
    labels=labels)``, tie rule included (a stable sort of the scores,
    reversed). For C = 2 scikit-learn wants 1-D scores; here the same rule
    applies to the two columns.

    References
    ----------
    Russakovsky, O., et al. (2015). ImageNet large scale visual recognition
    challenge. *International Journal of Computer Vision* 115(3), 211-252.

    Examples
    --------
    >>> y = [0, 1, 2, 2]
    >>> s = [[0.5, 0.2, 0.3], [0.5, 0.2, 0.3], [0.2, 0.2, 0.6], [0.4, 0.3, 0.3]]
    >>> top_k_accuracy(y, s, k=1), top_k_accuracy(y, s, k=2)
    (0.5, 0.75)
    """
    y, scores = as_class_scores(y_true, y_score, labels)
    k = check_positive_int(k, "k")
    n, n_classes = scores.shape
    true_score = scores[np.arange(n), y][:, None]  # s_{i y_i}
    later = np.arange(n_classes) > y[:, None]  # classes c > y_i
    above = (scores > true_score).sum(axis=1)
    tied_first = ((scores == true_score) & later).sum(axis=1)
    rank = above + tied_first  # r_i
    return float(np.mean(rank < min(k, n_classes)))
