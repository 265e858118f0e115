"""Input checks of the classification metrics: labels, predictions, averages."""

from __future__ import annotations

from typing import Any

import numpy as np

from .arrays import (
    as_binary,
    as_labels,
    as_weights,
    check_choice,
    check_same_length,
    check_zero_division,
    common_labels,
)

AVERAGES = ("binary", "macro", "micro", "weighted")
_BINARY_CLASSES = np.array([0, 1])


def as_label_pair(
    y_true: Any,
    y_pred: Any,
    sample_weight: Any = None,
    labels: Any = None,
    *,
    binary: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Validate truth, prediction, weights and (optionally) the classes to score.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted labels (:func:`as_labels`; 0/1 with ``binary``).
    sample_weight : array-like of shape (n,), optional
        Checked by :func:`as_weights` (ones when None).
    labels : array-like, optional
        The classes to score, without duplicates.
    binary : bool, default False
        Labels must be 0 and 1 (:func:`as_binary`); ``labels`` is not used.

    Returns
    -------
    t, p, w, classes : ndarray
        ``t``, ``p`` and ``classes`` in one dtype where equal means equal
        (:func:`common_labels`); ``classes`` is ``labels`` as given, else the
        sorted union of ``t`` and ``p`` (``[0, 1]`` with ``binary``).
    """
    convert = as_binary if binary else as_labels
    t = convert(y_true, "y_true")
    p = convert(y_pred, "y_pred")
    n = check_same_length(y_true=t, y_pred=p)
    w = as_weights(sample_weight, n)
    if binary:
        return t, p, w, _BINARY_CLASSES
    if labels is None:
        t, p = common_labels(y_true=t, y_pred=p)
        return t, p, w, np.unique(np.concatenate([t, p]))
    t, p, classes = common_labels(
        y_true=t, y_pred=p, labels=as_labels(labels, "labels")
    )
    if len(np.unique(classes)) != len(classes):
        raise ValueError("labels contains duplicates")
    return t, p, w, classes


def as_common_labels(**arrays: Any) -> list[np.ndarray]:
    """Validate label arrays of equal length, in one dtype where equal means equal.

    Parameters
    ----------
    **arrays : array-like of shape (n,)
        The label arrays, each under the name of its argument.

    Returns
    -------
    list of ndarray
        The arrays in the order given (:func:`as_labels`, :func:`common_labels`).
    """
    converted = {name: as_labels(values, name) for name, values in arrays.items()}
    check_same_length(**converted)
    return common_labels(**converted)


def check_labels_in_truth(classes: np.ndarray, t: np.ndarray) -> None:
    """Raise unless some class of ``labels`` occurs in ``y_true``.

    Parameters
    ----------
    classes : ndarray
        The classes to score, from :func:`as_label_pair`.
    t : ndarray
        The true labels, in the same dtype.
    """
    if not np.isin(classes, t).any():
        raise ValueError("labels: none of the given labels occurs in y_true")


def check_average(average: Any, zero_division: Any, labels: Any) -> float:
    """Check how per-class scores are averaged; return ``zero_division`` as a float.

    Parameters
    ----------
    average : str
        One of :data:`AVERAGES`.
    zero_division : float
        Checked by :func:`check_zero_division`.
    labels : array-like or None
        Must be None with ``average="binary"`` (class 1 is scored).

    Returns
    -------
    float
        ``zero_division``: 0.0, 1.0 or NaN.
    """
    check_choice(average, "average", AVERAGES)
    zero_division = check_zero_division(zero_division)
    if average == "binary" and labels is not None:
        raise ValueError(
            "labels cannot be combined with average='binary' (class 1 is scored)"
        )
    return zero_division


KAPPA_WEIGHTS = ("linear", "quadratic")  # or None: every disagreement weighs 1


def check_adjustable(n_classes: int) -> int:
    """Return the number of classes of ``y_true`` after checking it is at least 2.

    Parameters
    ----------
    n_classes : int
        Classes occurring in ``y_true`` (with positive weight): chance level
        is ``1 / n_classes``, and adjusting divides by ``1 - 1 / n_classes``.

    Returns
    -------
    int
        ``n_classes``.
    """
    if n_classes < 2:
        raise ValueError(
            "y_true holds one class (with positive weight): adjusted balanced "
            "accuracy divides by 1 - 1/K = 0 for K = 1 class"
        )
    return n_classes


def check_kappa_weights(weights: Any) -> str | None:
    """Return ``weights`` after checking it is None or one of :data:`KAPPA_WEIGHTS`.

    Parameters
    ----------
    weights : {None, "linear", "quadratic"}
        How much a disagreement between classes i and j counts.

    Returns
    -------
    str or None
        ``weights``.
    """
    if weights is not None and (
        not isinstance(weights, str) or weights not in KAPPA_WEIGHTS
    ):
        raise ValueError(
            f"weights must be None, 'linear' or 'quadratic', got {weights!r}"
        )
    return weights


def check_scored_total(total: float) -> float:
    """Return the total of a confusion matrix after checking it is not 0.

    Parameters
    ----------
    total : float
        The (weighted) number of samples whose truth and prediction are both
        in ``labels``.

    Returns
    -------
    float
        ``total``, positive.
    """
    if total <= 0:
        raise ValueError(
            "labels: no sample (with positive weight) has both its true and its "
            "predicted class in labels, so there is nothing to compare"
        )
    return total


def check_kappa_defined(expected_disagreement: float) -> float:
    """Return kappa's denominator after checking it is not 0.

    Parameters
    ----------
    expected_disagreement : float
        :math:`\\sum_{ij} w_{ij} E_{ij}`: 0 exactly when ``y_true`` and
        ``y_pred`` hold one and the same class (the expected agreement is 1).

    Returns
    -------
    float
        ``expected_disagreement``, positive.
    """
    if expected_disagreement <= 0:
        raise ValueError(
            "y_true and y_pred hold one and the same class (over labels, with "
            "positive weight): the expected agreement is 1, so kappa = 0/0 is "
            "undefined"
        )
    return expected_disagreement


def check_mcc_resolved(product: float) -> float:
    """Return MCC's squared denominator after checking rounding left it positive.

    Parameters
    ----------
    product : float
        :math:`(s^2 - \\sum_k p_k^2)(s^2 - \\sum_k t_k^2)`, positive in exact
        arithmetic once both ``y_true`` and ``y_pred`` hold two classes; it
        rounds to 0 or below only when the weights of all classes but one sum
        to less than a float can resolve next to the total.

    Returns
    -------
    float
        ``product``, positive.
    """
    if product <= 0:
        raise ValueError(
            "sample_weight: the weights span more orders of magnitude than a float "
            "resolves (one class holds all of the weight but a share below 1e-16), "
            "so MCC cannot be computed"
        )
    return product
