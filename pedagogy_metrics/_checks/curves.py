"""Input checks of the curves: binary labels with scores, bins, costs."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .arrays import (
    as_binary,
    as_labels,
    as_real,
    as_scores,
    as_weights,
    check_both_classes,
    check_positive_int,
    check_probabilities,
    check_real,
    check_same_length,
)

MAX_BINS = 2**52  # beyond this, float scores in [0, 1] cannot tell buckets apart


def _score_shape_hint(y_score: Any, name: str) -> None:
    """Raise with the likely fix for a 2-D ``y_score``: one column, or one per class."""
    shape = getattr(y_score, "shape", None)
    if shape is None:
        try:
            shape = np.shape(y_score)
        except ValueError:  # ragged: as_scores reports it
            return
    if len(shape) == 2 and shape[1] == 2 and shape[0] != 1:
        raise ValueError(
            f"{name} has shape {tuple(shape)}: one column per class; pass the score "
            f"of the positive class, e.g. P[:, 1] for a matrix P of probabilities"
        )
    if len(shape) == 2 and shape[1] == 1:
        raise ValueError(
            f"{name} has shape {tuple(shape)}: a column; pass it as a 1-D array, "
            f"e.g. {name}.ravel()"
        )


def as_binary_labels(
    y_true: Any, y_score: Any, name: str, score_name: str, pos_label: Any
) -> np.ndarray:
    """:func:`as_binary` for the labels of a score, saying so when they look swapped."""
    try:
        return as_binary(y_true, name, pos_label=pos_label)
    except ValueError as err:
        try:
            looks_swapped = np.unique(np.asarray(y_score)).size <= 2
        except (TypeError, ValueError):
            looks_swapped = False
        message = str(err)
        if (
            looks_swapped
            and ("two labels" in message or "non-integer" in message)
            and "did you swap" not in message
        ):
            raise ValueError(
                f"{err}; {score_name} holds at most two values: did you swap "
                f"{name} and {score_name}? The labels come first"
            ) from None
        raise


def as_binary_scores(
    y_true: Any,
    y_score: Any,
    *,
    need: str | None = None,
    names: tuple[str, str] = ("y_true", "y_score"),
    pos_label: Any = 1,
) -> tuple[np.ndarray, np.ndarray]:
    """Validate binary labels and finite scores of equal length.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels of one kind (:func:`as_binary`), ``pos_label`` the positive.
    y_score : array-like of shape (n,)
        Finite scores, integers kept exact (:func:`as_scores`); a matrix of one
        or two columns is an error that says which column to pass.
    need : {None, "both", "positives"}, default None
        ``"both"``: both classes must occur (:func:`check_both_classes`);
        ``"positives"``: at least one positive (recall divides by P).
    names : (str, str), default ("y_true", "y_score")
        The names of the two arguments, for the messages.
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    y, s : ndarray
        The labels (int64 0/1) and the scores.
    """
    y_name, s_name = names
    _score_shape_hint(y_score, s_name)
    y = as_binary_labels(y_true, y_score, y_name, s_name, pos_label)
    s = as_scores(y_score, s_name)
    check_same_length(**{y_name: y, s_name: s})
    _check_need(y, need, y_name)
    return y, s


def _check_need(y: np.ndarray, need: str | None, name: str) -> None:
    if need == "both":
        check_both_classes(y, name)
    elif need == "positives" and not y.any():
        raise ValueError(
            f"{name} holds no positives: recall (TP / P) is undefined; if the "
            "positive class has another label, pass it as pos_label"
        )


def as_weighted_scores(
    y_true: Any,
    y_score: Any,
    sample_weight: Any,
    *,
    need: str | None = None,
    pos_label: Any = 1,
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """:func:`as_binary_scores` with optional weights, one per sample.

    As scikit-learn, a sample of weight 0 is left out (its score is no
    threshold); the classes ``need`` asks for are checked after that.

    Returns
    -------
    y, s : ndarray
        The labels (int64 0/1) and the scores.
    w : ndarray of float or None
        The weights, None when ``sample_weight`` is None.
    """
    y, s = as_binary_scores(y_true, y_score, pos_label=pos_label)
    if sample_weight is None:
        _check_need(y, need, "y_true")
        return y, s, None
    w = as_weights(sample_weight, y.size)
    kept = w > 0
    if not kept.all():
        y, s, w = y[kept], s[kept], w[kept]
    if need == "both" and (w[y == 1].sum() == 0 or w[y == 0].sum() == 0):
        only = "negatives" if not (y == 1).any() else "positives"
        raise ValueError(
            f"y_true holds only {only} among the samples of positive weight: "
            "the metric needs both classes"
        )
    _check_need(y, "positives" if need == "positives" else None, "y_true")
    return y, s, w


def as_grouped_scores(
    y_true: Any, y_score: Any, groups: Any, *, pos_label: Any = 1
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
    y = as_binary_labels(y_true, y_score, "y_true", "y_score", pos_label)
    s = as_scores(y_score, "y_score")
    group = as_labels(groups, "groups")
    check_same_length(y_true=y, y_score=s, groups=group)
    return y, s, group


def as_histogram_inputs(
    y_true: Any, y_score: Any, n_bins: Any, *, pos_label: Any = 1
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
    y, s = as_binary_scores(y_true, y_score, pos_label=pos_label)
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
    p, q = as_real(pos, "pos"), as_real(neg, "neg")  # counts are added: reals
    check_same_length(pos=p, neg=q)
    for arr, name in ((p, "pos"), (q, "neg")):
        if arr.size and arr.min() < 0:
            raise ValueError(
                f"{name} must hold counts >= 0, found {arr.min().item()!r}"
            )
    if all(np.array_equal(a, np.floor(a)) and a.max(initial=0) < 2**53 for a in (p, q)):
        p, q = p.astype(np.int64), q.astype(np.int64)  # whole counts: exact integers
    else:
        p, q = p.astype(float), q.astype(float)
    if not p.sum() > 0:
        raise ValueError("pos holds no positives: the AUC needs both classes")
    if not q.sum() > 0:
        raise ValueError("neg holds no negatives: the AUC needs both classes")
    return p, q
