"""Input checks of the multi-class score metrics: score and probability matrices."""

from __future__ import annotations

from typing import Any

import numpy as np

from .arrays import (
    as_array,
    as_labels,
    as_scores,
    check_comparable,
    check_same_length,
    common_labels,
)
from .probabilistic import as_probabilities

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


def class_columns(
    y_true: Any, labels: Any, shape: tuple[int, int], matrix: str
) -> np.ndarray:
    """The column of each label: ``labels[j]`` is the class of column j.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Class labels: numbers, strings or booleans.
    labels : array-like of shape (C,) or None
        The class of each column, distinct; None: the sorted classes of
        ``y_true`` (as scikit-learn), which must then number ``n_columns``.
    shape : (int, int)
        The shape of the score matrix: one row per label, C columns.
    matrix : str
        The matrix's name, for the messages.

    Returns
    -------
    ndarray of int64, shape (n,)
        Column indices 0..C-1.
    """
    y = as_labels(y_true, "y_true")
    check_same_length(y_true=y, **{matrix: range(shape[0])})
    n_columns = shape[1]
    if labels is None:
        classes = np.unique(y)
        if classes.size != n_columns:
            found = classes[:6].tolist()
            raise ValueError(
                f"y_true holds {classes.size} classes {found}, but {matrix} has "
                f"{n_columns} columns: pass labels=[...] naming the class of each "
                f"column of {matrix} (e.g. labels=range({n_columns}))"
            )
    else:
        classes = as_labels(labels, "labels")
        if classes.size != n_columns:
            raise ValueError(
                f"labels names {classes.size} classes, but {matrix} has "
                f"{n_columns} columns: one label per column"
            )
        if np.unique(classes).size != classes.size:
            raise ValueError(f"labels must be distinct, got {classes.tolist()}")
    check_comparable(classes, "labels", y, "y_true")
    y, classes = common_labels(y_true=y, labels=classes)
    order = np.argsort(classes, kind="stable")
    at = np.minimum(np.searchsorted(classes[order], y), classes.size - 1)
    unknown = classes[order][at] != y
    if unknown.any():
        raise ValueError(
            f"y_true holds labels that are not in labels: "
            f"{np.unique(y[unknown])[:5].tolist()}"
        )
    return order[at].astype(np.int64)


def as_class_scores(
    y_true: Any, y_score: Any, labels: Any = None
) -> tuple[np.ndarray, np.ndarray]:
    """Validate class labels and an (n, C) matrix of scores, for top-k accuracy.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Class labels (:func:`class_columns`).
    y_score : array-like of shape (n, C)
        Finite real scores, at least 2 columns (:func:`as_score_matrix`).
    labels : array-like of shape (C,) or None
        The class of each column (:func:`class_columns`).

    Returns
    -------
    y : ndarray of int, shape (n,)
        The column of each case's class.
    scores : ndarray of shape (n, C)
        The scores.
    """
    scores = as_score_matrix(y_score, "y_score")
    if scores.shape[1] < 2:
        raise ValueError(
            f"y_score must have one column per class, at least 2, got {scores.shape}"
        )
    y = class_columns(y_true, labels, scores.shape, "y_score")
    return y, scores


def as_multiclass_proba(
    y_true: Any, y_proba: Any, labels: Any = None
) -> tuple[np.ndarray, np.ndarray]:
    """Validate class labels and probability rows in which every class occurs.

    One-vs-rest and one-vs-one AUCs compare the cases of each class with the
    others: a class absent from ``y_true`` has no AUC.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Class labels (:func:`class_columns`), each class occurring at least once.
    y_proba : array-like of shape (n, C)
        Rows of probabilities summing to 1 (:func:`as_probabilities`).
    labels : array-like of shape (C,) or None
        The class of each column (:func:`class_columns`).

    Returns
    -------
    y : ndarray of int, shape (n,)
        The column of each case's class.
    proba : ndarray of shape (n, C)
        The probabilities, extended precision kept (:func:`as_score_matrix`):
        only their order within each column matters.
    """
    proba = as_score_matrix(y_proba, "y_proba", exact=False)
    y = class_columns(y_true, labels, proba.shape, "y_proba")
    as_probabilities(y, y_proba, ndim=2)  # rows of probabilities summing to 1
    absent = np.setdiff1d(np.arange(proba.shape[1]), y)
    if absent.size:
        raise ValueError(
            f"y_true: the class of column {int(absent[0])} of y_proba never occurs, "
            "so its AUC against the other classes is undefined"
        )
    return y, proba
