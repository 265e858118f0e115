"""Input checks of the multi-class score metrics: score and probability matrices."""

from __future__ import annotations

from typing import Any

import numpy as np

from .arrays import as_array, as_scores, check_same_length
from .probabilistic import as_probabilities, class_indices

MULTICLASS_AVERAGES = ("macro", "weighted")


def as_score_matrix(values: Any, name: str, *, exact: bool = True) -> np.ndarray:
    """Return an (n, C) matrix of finite real scores, their order kept exactly.

    Parameters
    ----------
    values : array-like of shape (n, C)
        One row per case, one column per class.
    name : str
        The argument's name, for the messages.
    exact : bool, default True
        As :func:`as_scores`: integers stay int64 and extended precision
        stays; ``False`` also accepts ``Fraction`` and ``Decimal`` (as floats).

    Returns
    -------
    ndarray of shape (n, C)
        The scores (:func:`as_scores`, element by element).
    """
    arr = as_array(values, name, ndim=2, exact=exact)
    return as_scores(arr.ravel(), name, exact=exact).reshape(arr.shape)


def as_class_scores(y_true: Any, y_score: Any) -> tuple[np.ndarray, np.ndarray]:
    """Validate class indices and an (n, C) matrix of scores, for top-k accuracy.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Class indices 0..C-1.
    y_score : array-like of shape (n, C)
        Finite real scores, at least 2 columns (:func:`as_score_matrix`).

    Returns
    -------
    y : ndarray of int, shape (n,)
        The class indices.
    scores : ndarray of shape (n, C)
        The scores.
    """
    scores = as_score_matrix(y_score, "y_score")
    if scores.shape[1] < 2:
        raise ValueError(
            f"y_score must have one column per class, at least 2, got {scores.shape}"
        )
    y = class_indices(y_true, scores.shape[1], "y_score")
    check_same_length(y_true=y, y_score=scores)
    return y, scores


def as_multiclass_proba(y_true: Any, y_proba: Any) -> tuple[np.ndarray, np.ndarray]:
    """Validate class indices and probability rows in which every class occurs.

    One-vs-rest and one-vs-one AUCs compare the cases of each class with the
    others: a class absent from ``y_true`` has no AUC.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Class indices 0..C-1, each occurring at least once.
    y_proba : array-like of shape (n, C)
        Rows of probabilities summing to 1 (:func:`as_probabilities`).

    Returns
    -------
    y : ndarray of int, shape (n,)
        The class indices.
    proba : ndarray of shape (n, C)
        The probabilities, extended precision kept (:func:`as_score_matrix`):
        only their order within each column matters.
    """
    y, _ = as_probabilities(y_true, y_proba, ndim=2)
    proba = as_score_matrix(y_proba, "y_proba", exact=False)
    absent = np.setdiff1d(np.arange(proba.shape[1]), y)
    if absent.size:
        raise ValueError(
            f"y_true: class {int(absent[0])} (column {int(absent[0])} of y_proba) "
            "never occurs, so its AUC against the other classes is undefined"
        )
    return y, proba
