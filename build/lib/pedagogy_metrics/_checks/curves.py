"""Input checks of the curves: binary labels with scores, bins, costs."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .arrays import (
    as_binary,
    as_labels,
    as_scores,
    check_both_classes,
    check_positive_int,
    check_probabilities,
    check_real,
    check_same_length,
)

MAX_BINS = 2**52  # beyond this, float scores in [0, 1] cannot tell buckets apart


def as_binary_scores(
    y_true: Any,
    y_score: Any,
    *,
    need: str | None = None,
    names: tuple[str, str] = ("y_true", "y_score"),
) -> tuple[np.ndarray, np.ndarray]:
    """Validate 0/1 labels and finite scores of equal length.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels (:func:`as_binary`).
    y_score : array-like of shape (n,)
        Finite scores, integers kept exact (:func:`as_scores`).
    need : {None, "both", "positives"}, default None
        ``"both"``: both classes must occur (:func:`check_both_classes`);
        ``"positives"``: at least one positive (recall divides by P).
    names : (str, str), default ("y_true", "y_score")
        The names of the two arguments, for the messages.

    Returns
    -------
    y, s : ndarray
        The labels (int64 0/1) and the scores.
    """
    y_name, s_name = names
    y = as_binary(y_true, y_name)
    s = as_scores(y_score, s_name)
    check_same_length(**{y_name: y, s_name: s})
    if need == "both":
        check_both_classes(y, y_name)
    elif need == "positives" and not y.any():
        raise ValueError(f"{y_name} holds no positives: recall (TP / P) is undefined")
    return y, s


def as_grouped_scores(
    y_true: Any, y_score: Any, groups: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Validate 0/1 labels, scores and the group of each sample (GAUC).

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        As :func:`as_binary_scores`.
    groups : array-like of shape (n,)
        Group (user) of each sample (:func:`as_labels`).

    Returns
    -------
    y, s, group : ndarray
        Of equal length.
    """
    y = as_binary(y_true, "y_true")
    s = as_scores(y_score, "y_score")
    group = as_labels(groups, "groups")
    check_same_length(y_true=y, y_score=s, groups=group)
    return y, s, group


def as_histogram_inputs(
    y_true: Any, y_score: Any, n_bins: Any
) -> tuple[np.ndarray, np.ndarray, int]:
    """Validate labels, scores in [0, 1] and the number of buckets of a histogram AUC.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        As :func:`as_binary_scores`; both classes must occur, scores in [0, 1].
    n_bins : int
        Number of buckets, from 1 to :data:`MAX_BINS`.

    Returns
    -------
    y, s : ndarray
        The labels and scores.
    n_bins : int
        The number of buckets as a Python int.
    """
    y, s = as_binary_scores(y_true, y_score)
    check_probabilities(s, "y_score")
    n_bins = check_positive_int(n_bins, "n_bins")
    if n_bins > MAX_BINS:
        raise ValueError(f"n_bins must be <= 2**52, got {n_bins}")
    check_both_classes(y)
    return y, s, n_bins


def check_costs(cost_fp: Any, cost_fn: Any) -> tuple[float, float]:
    """Validate the costs of a false positive and of a false negative.

    Parameters
    ----------
    cost_fp, cost_fn : float
        Finite real numbers >= 0, not both 0, whose sum is a finite float.

    Returns
    -------
    cost_fp, cost_fn : float
        As floats.
    """
    cost_fp = check_real(cost_fp, "cost_fp", low=0.0)
    cost_fn = check_real(cost_fn, "cost_fn", low=0.0)
    if cost_fp == 0 and cost_fn == 0:
        raise ValueError(
            "cost_fp and cost_fn are both 0: every prediction costs nothing; "
            "give at least one kind of error a positive cost"
        )
    if math.isinf(cost_fp + cost_fn):
        raise ValueError(
            "cost_fp + cost_fn exceeds the largest float: rescale the costs "
            "(the threshold depends only on their ratio)"
        )
    return cost_fp, cost_fn


def check_finite_cost(cost: Any) -> float:
    """Return an expected cost as a float after checking it did not overflow.

    Parameters
    ----------
    cost : float
        :math:`(c_{FP} FP + c_{FN} FN) / n`.

    Returns
    -------
    float
        ``cost``.
    """
    if not math.isfinite(cost):
        raise ValueError(
            "cost_fp, cost_fn: the expected cost exceeds the largest float: "
            "rescale the costs"
        )
    return float(cost)


def as_key_counts(pos: Any, neg: Any) -> tuple[np.ndarray, np.ndarray]:
    """Validate counts of positives and negatives per key (per distinct score).

    Parameters
    ----------
    pos, neg : array-like of shape (K,)
        Non-negative finite counts (integers, or weighted counts as floats), one
        per key, keys in increasing score order; both classes must occur.

    Returns
    -------
    p, q : ndarray
        The counts, int64 when both are whole numbers, float otherwise.
    """
    p, q = as_scores(pos, "pos"), as_scores(neg, "neg")  # whole numbers kept exact
    check_same_length(pos=p, neg=q)
    for arr, name in ((p, "pos"), (q, "neg")):
        if arr.size and arr.min() < 0:
            raise ValueError(
                f"{name} must hold counts >= 0, found {arr.min().item()!r}"
            )
    if p.dtype.kind in "iu" and q.dtype.kind in "iu":
        p, q = p.astype(np.int64), q.astype(np.int64)
    if not p.sum() > 0:
        raise ValueError("pos holds no positives: the AUC needs both classes")
    if not q.sum() > 0:
        raise ValueError("neg holds no negatives: the AUC needs both classes")
    return p, q
