"""Input checks of probabilistic predictions and calibration."""

from __future__ import annotations

from typing import Any

import numpy as np

from .arrays import (
    as_array,
    as_binary,
    as_labels,
    as_real,
    check_both_classes,
    check_choice,
    check_positive_int,
    check_probabilities,
    check_same_length,
)

ROW_SUM_TOLERANCE = 1e-6  # documented as pm.ROW_SUM_TOLERANCE (probabilistic.py)


def _probability_ndim(values: Any, name: str) -> int:
    """1 (binary: P(class 1) per case) or 2 (multi-class: one row per case)."""
    arr = as_array(values, name, ndim=None)
    if arr.ndim > 2:
        raise ValueError(
            f"{name} must be 1-dimensional (binary) or 2-dimensional (n, C), "
            f"got shape {arr.shape}"
        )
    return arr.ndim


def class_indices(y_true: Any, n_classes: int, matrix: str = "y_proba") -> np.ndarray:
    """Labels of a multi-class problem as integer column indices 0..n_classes-1."""
    expected = (
        f"y_true must hold integer class indices 0..{n_classes - 1} "
        f"(one per column of {matrix})"
    )
    y = as_labels(y_true, "y_true")
    if y.dtype.kind in "US":
        raise ValueError(f"{expected}, got strings")
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


def as_probabilities(
    y_true: Any,
    y_proba: Any,
    *,
    ndim: int | None = None,
    distributions: bool = True,
) -> tuple[np.ndarray, np.ndarray]:
    """Validate labels and predicted probabilities, binary (1-D) or multi-class (2-D).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        0/1 labels when ``y_proba`` is 1-D; class indices 0..C-1 when 2-D.
    y_proba : array-like of shape (n,) or (n, C)
        Probabilities in [0, 1]: of class 1, or one column per class.
    ndim : {None, 1, 2}, default None
        The dimensions ``y_proba`` must have; None accepts either.
    distributions : bool, default True
        2-D only: at least two columns, each row summing to 1 within
        :data:`ROW_SUM_TOLERANCE`.

    Returns
    -------
    y : ndarray of int
        The labels (0/1) or class indices.
    proba : ndarray of float
        The probabilities, shape (n,) or (n, C).
    """
    if ndim is None:
        ndim = _probability_ndim(y_proba, "y_proba")
    if ndim == 1:
        y = as_binary(y_true, "y_true")
        p = check_probabilities(as_real(y_proba, "y_proba"), "y_proba")
        check_same_length(y_true=y, y_proba=p)
        return y, p
    proba = check_probabilities(as_real(y_proba, "y_proba", ndim=2), "y_proba")
    n_classes = proba.shape[1]
    if distributions:
        if n_classes < 2:
            raise ValueError(
                f"y_proba must have one column per class, at least 2, got {n_classes}"
            )
        row_sums = proba.sum(axis=1)
        off = np.abs(row_sums - 1.0)
        if (off > ROW_SUM_TOLERANCE).any():
            i = int(np.argmax(off))
            raise ValueError(
                f"y_proba rows must sum to 1 (within {ROW_SUM_TOLERANCE:g}); "
                f"row {i} sums to {float(row_sums[i])!r}"
            )
    y = class_indices(y_true, n_classes)
    check_same_length(y_true=y, y_proba=proba)
    return y, proba


def check_observed_positives(observed: float) -> float:
    """Return PCOC's denominator after checking it is not 0.

    Parameters
    ----------
    observed : float
        The weighted count of positives, ``sum(w * y)``.

    Returns
    -------
    float
        ``observed``, positive.
    """
    if observed == 0:
        raise ValueError(
            "y_true has no positives (with positive weight): "
            "PCOC divides by their count"
        )
    return observed


def check_positive_entropy(entropy: float) -> float:
    """Return the labels' entropy after checking it is not 0 (one class only).

    Parameters
    ----------
    entropy : float
        The entropy of ``y_true``, the denominator of normalized entropy.

    Returns
    -------
    float
        ``entropy``, positive.
    """
    if entropy == 0:
        raise ValueError(
            "y_true holds one class only: the base rate is 0 or 1, its entropy is 0"
        )
    return entropy


BIN_STRATEGIES = ("uniform", "quantile")
MAX_CALIBRATION_BINS = 10**6  # the bin edges are an array of n_bins + 1 floats


def as_calibration_inputs(
    y_true: Any, y_proba: Any, n_bins: Any, strategy: Any, *, ndim: int | None = 1
) -> tuple[np.ndarray, np.ndarray, int, str]:
    """Validate labels, probabilities, and how a reliability diagram bins them.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        0/1 labels; class indices 0..C-1 when ``y_proba`` is 2-D.
    y_proba : array-like of shape (n,) or (n, C)
        Probabilities (:func:`as_probabilities`).
    n_bins : int
        Number of bins, from 1 to :data:`MAX_CALIBRATION_BINS`.
    strategy : str
        One of :data:`BIN_STRATEGIES`.
    ndim : {1, None}, default 1
        The dimensions ``y_proba`` must have; None also accepts (n, C) rows.

    Returns
    -------
    y, proba : ndarray
        As :func:`as_probabilities`.
    n_bins : int
        As a Python int.
    strategy : str
        ``strategy``.
    """
    y, proba = as_probabilities(y_true, y_proba, ndim=ndim)
    n_bins = check_positive_int(n_bins, "n_bins")
    if n_bins > MAX_CALIBRATION_BINS:
        raise ValueError(
            f"n_bins must be <= {MAX_CALIBRATION_BINS:_} (far more bins than cases "
            f"leave them empty), got one with {len(str(n_bins))} digits"
        )
    check_choice(strategy, "strategy", BIN_STRATEGIES)
    return y, proba, n_bins, strategy


def as_platt_inputs(y_true: Any, y_score: Any) -> tuple[np.ndarray, np.ndarray]:
    """Validate labels and scores for a logistic fit that has a maximum.

    The likelihood of :math:`p = 1 / (1 + e^{-(a s + b)})` has a finite
    maximiser exactly when the classes overlap: some negative scores above
    some positive and some positive above some negative (else ``|a|`` grows
    without bound), and the scores are not all equal (else only ``a s + b``
    is determined).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        0/1 labels (:func:`as_binary`); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores (:func:`as_real`), not all equal, spanning less
        than the largest float.

    Returns
    -------
    y, s : ndarray
        The labels (int64 0/1) and the scores (float64).
    """
    y = as_binary(y_true, "y_true")
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
