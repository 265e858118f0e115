"""Input checks of the streaming summaries: batches and merges."""

from __future__ import annotations

from typing import Any

import numpy as np

from .arrays import (
    as_scores,
    check_positive_int,
    check_probabilities,
    check_same_length,
    reject_objects,
)
from .curves import MAX_BINS


def check_stream_bins(n_bins: Any) -> int | None:
    """Return the number of buckets of a streaming AUC, or None for the exact one.

    Parameters
    ----------
    n_bins : int or None
        None (one count per distinct score) or a whole number from 1 to
        :data:`MAX_BINS`, as for :func:`as_histogram_inputs`.

    Returns
    -------
    int or None
        ``n_bins``, as a Python int.
    """
    if n_bins is None:
        return None
    n_bins = check_positive_int(n_bins, "n_bins")
    if n_bins > MAX_BINS:
        raise ValueError(f"n_bins must be <= 2**52, got {n_bins}")
    return n_bins


def _is_empty_batch(values: Any, name: str) -> bool:
    """True for a 1-D array-like of length 0 (an empty batch adds nothing)."""
    reject_objects(values, name)
    if isinstance(values, np.ndarray):
        return values.ndim == 1 and values.size == 0
    try:
        return len(values) == 0
    except TypeError:  # a scalar or an iterator: as_array reports it
        return False


def as_auc_batch(y_true: Any, y_score: Any, n_bins: int | None) -> Any:
    """Check one batch of a streaming AUC before it is counted.

    A batch may be empty (both arguments of length 0) and may hold one class
    only: the AUC needs both classes over all batches, not in each. The labels,
    and the scores in exact mode, are validated where they are counted
    (:func:`~pedagogy_metrics.curves.score_counts`); with buckets the scores
    are validated here, as for :func:`as_histogram_inputs`.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels.
    y_score : array-like of shape (n,)
        Finite scores; in [0, 1] when ``n_bins`` is a number.
    n_bins : int or None
        The accumulator's number of buckets (:func:`check_stream_bins`).

    Returns
    -------
    None, array-like or ndarray
        None for an empty batch; else ``y_score`` as given (exact mode) or
        validated (with buckets).
    """
    no_y, no_s = _is_empty_batch(y_true, "y_true"), _is_empty_batch(y_score, "y_score")
    if no_y and no_s:
        return None
    if no_y or no_s:
        check_same_length(y_true=y_true, y_score=y_score)
    if n_bins is None:
        return y_score
    s = as_scores(y_score, "y_score")
    check_probabilities(s, "y_score")
    return s


def as_common_scores(
    a: np.ndarray, b: np.ndarray, name: str
) -> tuple[np.ndarray, np.ndarray]:
    """Return two arrays of distinct scores in one dtype, no value changed.

    Integer scores meeting float scores become floats, which is exact only
    up to :math:`2^{53}` (for float64): beyond that two distinct scores could
    become a tie, so that is a ``ValueError``, as for one array
    (:func:`as_scores`).

    Parameters
    ----------
    a, b : ndarray
        Scores kept so far and scores arriving (:func:`as_scores`).
    name : str
        The argument that brought ``b``, for the message.

    Returns
    -------
    a, b : ndarray
        The scores, of one dtype.
    """
    dtype = np.result_type(a.dtype, b.dtype)
    if dtype.kind == "f":
        exact = 2 ** (np.finfo(dtype).nmant + 1)  # every integer up to here is a float
        for arr in (a, b):
            if arr.dtype.kind in "iu" and arr.size:
                if max(int(arr.max()), -int(arr.min())) > exact:
                    raise ValueError(
                        f"{name}: its scores and the earlier ones mix integers "
                        f"beyond 2**{exact.bit_length() - 1} with floats, where two "
                        "distinct scores could become a tie: pass scores of one kind"
                    )
    return a.astype(dtype, copy=False), b.astype(dtype, copy=False)


def check_mergeable(other: Any, kind: type[Any], n_bins: int | None) -> None:
    """Raise unless ``other`` is an accumulator of ``kind`` with the same ``n_bins``.

    Parameters
    ----------
    other : object
        The accumulator to merge.
    kind : type
        Its expected class (the class of the accumulator it merges into).
    n_bins : int or None
        The number of buckets of the accumulator it merges into: counts in
        different buckets cannot be added.
    """
    if not isinstance(other, kind):
        raise TypeError(f"other must be a {kind.__name__}, got {type(other).__name__}")
    if other.n_bins != n_bins:
        raise ValueError(
            f"other has n_bins={other.n_bins} but this accumulator has "
            f"n_bins={n_bins}: only counts over the same buckets can be added"
        )


def check_streamed_classes(n_pos: int, n_neg: int) -> tuple[int, int]:
    """Return ``(n_pos, n_neg)`` over all batches; raise if either is zero.

    Parameters
    ----------
    n_pos, n_neg : int
        Positives and negatives seen so far.

    Returns
    -------
    n_pos, n_neg : int
        Both positive; the message is :func:`check_both_classes`'s.
    """
    if n_pos == 0 and n_neg == 0:
        raise ValueError(
            "y_true: no sample seen yet (call update first): the metric needs "
            "both classes"
        )
    if n_pos == 0 or n_neg == 0:
        only = "negatives" if n_pos == 0 else "positives"
        raise ValueError(
            f"y_true holds only {only} (over all batches): the metric needs both "
            "classes"
        )
    return n_pos, n_neg
