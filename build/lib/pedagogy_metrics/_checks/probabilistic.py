"""Input checks of probabilistic predictions and calibration."""

from __future__ import annotations

from typing import Any

import numpy as np

from .arrays import (
    as_array,
    as_binary,
    as_labels,
    as_real,
    as_scores,
    check_both_classes,
    check_choice,
    check_positive_int,
    check_probabilities,
    check_same_length,
    common_labels,
)

ROW_SUM_TOLERANCE = 1e-6  # documented as pm.ROW_SUM_TOLERANCE (probabilistic.py)


def _probability_array(values: Any, name: str, ndim: int | None) -> np.ndarray:
    """Probabilities in [0, 1] as float64: a vector (``ndim=1``) or (n, C) rows.

    A shape that is a common slip gets the fix in its message: an (n, 2)
    matrix where the probability of the positive class is needed, an (n, 1)
    column. Extended-precision values that float64 would round to 0 or 1 are
    a ``ValueError`` (their log loss would become infinite).
    """
    arr = as_array(values, name, ndim=None)
    if arr.ndim > 2 or (ndim is not None and arr.ndim != ndim):
        want = "1-dimensional (the probability of the positive class)"
        if ndim == 2:
            want = "2-dimensional, one column per class"
        elif ndim is None:
            want = "1-dimensional (binary) or 2-dimensional (n, C)"
        fix = ""
        if ndim == 1 and arr.ndim == 2 and arr.shape[1] == 2:
            fix = (
                f"; for a matrix of both classes' probabilities pass the column "
                f"of the positive class, e.g. {name}[:, 1]"
            )
        elif ndim == 1 and arr.ndim == 2 and arr.shape[1] == 1:
            fix = f"; for one column pass {name}.ravel()"
        raise ValueError(f"{name} must be {want}, got shape {arr.shape}{fix}")
    if arr.ndim == 2 and arr.shape[1] == 1:
        raise ValueError(
            f"{name} has one column: for the probability of the positive class "
            f"pass {name}.ravel(); for several classes pass one column per class"
        )
    p = check_probabilities(as_real(arr, name, ndim=arr.ndim), name)
    if (
        arr.dtype.kind == "f"
        and arr.dtype.itemsize > 8
        and ((arr < 1) & (p == 1)).any()
    ):
        raise ValueError(
            f"{name} holds probabilities closer to 1 than a 64-bit float resolves "
            "(they would become exactly 1): pass them rounded to float64"
        )
    return p


def class_indices(
    y_true: Any, n_classes: int, matrix: str = "y_proba", labels: Any = None
) -> np.ndarray:
    """The column of each sample's class in a matrix with ``n_classes`` columns.

    ``labels`` names the class of each column. Default (as scikit-learn): the
    sorted classes of ``y_true``, when there are ``n_classes`` of them;
    otherwise ``y_true`` must hold column indices 0..n_classes-1 (classes
    that do not occur in ``y_true`` keep their columns).
    """
    y = as_labels(y_true, "y_true")
    if y.dtype.kind == "f" and (y != np.floor(y)).any():
        example = str(y[np.argmax(y != np.floor(y))])[:20]
        raise ValueError(
            f"y_true holds non-integer values such as {example}: classes are "
            f"integers, strings or booleans (did you swap y_true and {matrix}?)"
        )
    if labels is not None:
        classes = as_labels(labels, "labels")
        if np.unique(classes).size != classes.size:
            raise ValueError("labels contains duplicates")
        if classes.size != n_classes:
            raise ValueError(
                f"labels names {classes.size} classes but {matrix} has {n_classes} "
                "columns: give one label per column, in column order"
            )
        y, classes = common_labels(y_true=y, labels=classes)
        return _columns(y, classes, "labels")
    classes = np.unique(y)
    if classes.size == n_classes:
        return np.searchsorted(classes, y)  # sorted classes: column c holds class c
    expected = (
        f"y_true must hold integer class indices 0..{n_classes - 1} "
        f"(one per column of {matrix}), or pass labels= naming the class of "
        f"each column; y_true holds {classes.size} classes"
    )
    if y.dtype.kind in "US":
        raise ValueError(f"{expected}, as strings")
    try:
        y = y.astype(float)  # bools, ints, whole floats (and numbers stored as objects)
    except (TypeError, ValueError):
        raise ValueError(f"{expected}, got dtype {y.dtype}") from None
    if (y != np.floor(y)).any():
        raise ValueError(f"{expected}, found non-integers")
    outside = (y < 0) | (y >= n_classes)
    if outside.any():
        raise ValueError(f"{expected}, found {np.unique(y[outside])[:5].tolist()}")
    return y.astype(np.int64)


def _columns(y: np.ndarray, classes: np.ndarray, name: str) -> np.ndarray:
    """Position of each label of ``y`` in ``classes``; a label not there is an error."""
    order = np.argsort(classes, kind="stable")
    pos = np.searchsorted(classes[order], y).clip(max=len(classes) - 1)
    found = classes[order][pos] == y
    if not found.all():
        missing = np.unique(y[~found])[:5].tolist()
        raise ValueError(f"y_true holds classes that are not in {name}: {missing}")
    return order[pos]


def as_probabilities(
    y_true: Any,
    y_proba: Any,
    *,
    ndim: int | None = None,
    distributions: bool = True,
    pos_label: Any = 1,
    labels: Any = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Validate labels and predicted probabilities, binary (1-D) or multi-class (2-D).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels when ``y_proba`` is 1-D (:func:`as_binary`); classes when
        2-D (:func:`class_indices`).
    y_proba : array-like of shape (n,) or (n, C)
        Probabilities in [0, 1]: of the positive class, or one column per class.
    ndim : {None, 1, 2}, default None
        The dimensions ``y_proba`` must have; None accepts either.
    distributions : bool, default True
        2-D only: at least two columns, each row summing to 1 within
        :data:`ROW_SUM_TOLERANCE`.
    pos_label : number, str or bool, default 1
        1-D only: the class whose probability ``y_proba`` is.
    labels : array-like, optional
        2-D only: the class of each column (:func:`class_indices`).

    Returns
    -------
    y : ndarray of int
        1-D: 1 for ``pos_label``, 0 for the other label. 2-D: the column of
        each sample's class.
    proba : ndarray of float
        The probabilities, shape (n,) or (n, C).
    """
    proba = _probability_array(y_proba, "y_proba", ndim)
    if proba.ndim == 1:
        if labels is not None:
            raise ValueError(
                "labels names the columns of a 2-D y_proba; with 1-D y_proba "
                "(binary) pass pos_label instead"
            )
        y = as_binary(
            y_true, "y_true", pos_label=pos_label, scores=y_proba, scores_name="y_proba"
        )
        check_same_length(y_true=y, y_proba=proba)
        return y, proba
    n_classes = proba.shape[1]
    if distributions:
        row_sums = proba.sum(axis=1)
        off = np.abs(row_sums - 1.0)
        if (off > ROW_SUM_TOLERANCE).any():
            i = int(np.argmax(off))
            raise ValueError(
                f"y_proba rows must sum to 1 (within {ROW_SUM_TOLERANCE:g}); "
                f"row {i} sums to {float(row_sums[i])!r}"
            )
    y = class_indices(y_true, n_classes, labels=labels)
    check_same_length(y_true=y, y_proba=proba)
    return y, proba


BIN_STRATEGIES = ("uniform", "quantile")
MAX_CALIBRATION_BINS = 10**6  # the bin edges are an array of n_bins + 1 floats


def as_calibration_inputs(
    y_true: Any,
    y_proba: Any,
    n_bins: Any,
    strategy: Any,
    *,
    ndim: int | None = 1,
    pos_label: Any = 1,
    labels: Any = None,
) -> tuple[np.ndarray, np.ndarray, int, str]:
    """Validate labels, probabilities, and how a reliability diagram bins them.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels; classes when ``y_proba`` is 2-D.
    y_proba : array-like of shape (n,) or (n, C)
        Probabilities (:func:`as_probabilities`).
    n_bins : int
        Number of bins, from 1 to :data:`MAX_CALIBRATION_BINS`.
    strategy : str
        One of :data:`BIN_STRATEGIES`.
    ndim : {1, None}, default 1
        The dimensions ``y_proba`` must have; None also accepts (n, C) rows.
    pos_label, labels
        As :func:`as_probabilities`.

    Returns
    -------
    y, proba : ndarray
        As :func:`as_probabilities`.
    n_bins : int
        As a Python int.
    strategy : str
        ``strategy``.
    """
    y, proba = as_probabilities(
        y_true, y_proba, ndim=ndim, pos_label=pos_label, labels=labels
    )
    n_bins = check_positive_int(n_bins, "n_bins")
    if n_bins > MAX_CALIBRATION_BINS:
        raise ValueError(
            f"n_bins must be <= {MAX_CALIBRATION_BINS:_} (far more bins than cases "
            f"leave them empty), got one with {len(str(n_bins))} digits"
        )
    check_choice(strategy, "strategy", BIN_STRATEGIES)
    return y, proba, n_bins, strategy


def as_isotonic_inputs(
    y_true: Any, y_score: Any, pos_label: Any = 1
) -> tuple[np.ndarray, np.ndarray]:
    """Validate two labels and finite scores of equal length (isotonic calibration).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (:func:`as_binary`).
    y_score : array-like of shape (n,)
        Finite scores whose order matters (:func:`as_scores`).
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    y, s : ndarray
        The labels (int64 0/1) and the scores.
    """
    y = as_binary(y_true, "y_true", pos_label=pos_label, scores=y_score)
    s = as_scores(y_score, "y_score")
    check_same_length(y_true=y, y_score=s)
    return y, s


def as_platt_inputs(
    y_true: Any, y_score: Any, pos_label: Any = 1
) -> tuple[np.ndarray, np.ndarray]:
    """Validate labels and scores for a logistic fit that has a maximum.

    The likelihood of :math:`p = 1 / (1 + e^{-(a s + b)})` has a finite
    maximiser exactly when the classes overlap: some negative scores above
    some positive and some positive above some negative (else ``|a|`` grows
    without bound), and the scores are not all equal (else only ``a s + b``
    is determined).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (:func:`as_binary`); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores (:func:`as_real`), not all equal, spanning less
        than the largest float.
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    y, s : ndarray
        The labels (int64 0/1) and the scores (float64).
    """
    y = as_binary(y_true, "y_true", pos_label=pos_label, scores=y_score)
    s = as_real(y_score, "y_score")
    check_same_length(y_true=y, y_score=s)
    check_both_classes(y)
    with np.errstate(over="ignore"):
        spread = s.max() - s.min()
    if spread == 0:
        raise ValueError(
            "y_score is constant: only a * s + b is determined, not a and b"
        )
    if np.isinf(spread):
        raise ValueError("y_score spans more than the largest float: rescale it")
    positives, negatives = s[y == 1], s[y == 0]
    if positives.min() >= negatives.max() or negatives.min() >= positives.max():
        raise ValueError(
            "y_score separates the classes of y_true perfectly (no positive scores "
            "below a negative, or none above): the likelihood grows without bound "
            "as |a| grows, so no maximum-likelihood (a, b) exists"
        )
    return y, s


def check_platt_converged(converged: bool) -> None:
    """Raise if Newton's method found no maximum of the Platt likelihood.

    Parameters
    ----------
    converged : bool
        Whether the likelihood equations were solved.
    """
    if not converged:
        raise ValueError(
            "y_score: Newton's method did not converge: floats cannot resolve the "
            "maximum (some scores lie many orders of magnitude beyond the others, "
            "or the classes overlap by a sliver); clip or transform the scores"
        )
