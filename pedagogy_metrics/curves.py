"""Threshold curves and the areas under them: chapters 3 (ROC) and 4 (precision-recall).

Binary labels ``y_true`` in {0, 1}; real scores ``y_score``, higher meaning
more positive. Sweeping a threshold ``t`` down through the distinct scores and
predicting positive when ``score >= t`` gives, at each threshold, cumulative
counts of true and false positives; every curve here is read off those counts
(:func:`threshold_counts`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._validation import as_binary, as_real, check_both_classes, check_same_length

__all__ = [
    "ThresholdCounts",
    "threshold_counts",
]


class ThresholdCounts(NamedTuple):
    """Cumulative counts at each distinct score, highest score first."""

    thresholds: np.ndarray  # distinct scores, decreasing
    tp: np.ndarray  # positives with score >= threshold
    fp: np.ndarray  # negatives with score >= threshold
    n_pos: int
    n_neg: int


def _binary_scores(y_true: ArrayLike, y_score: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """Validate a (0/1 labels, finite scores) pair of equal length."""
    y = as_binary(y_true, "y_true")
    s = as_real(y_score, "y_score")
    check_same_length(y_true=y, y_score=s)
    return y, s


def threshold_counts(y_true: ArrayLike, y_score: ArrayLike) -> ThresholdCounts:
    r"""True and false positives when predicting positive for ``score >= t``.

    For each distinct score :math:`t_1 > t_2 > \dots > t_m`:

    .. math:: TP(t) = \sum_i y_i [s_i \ge t], \qquad FP(t) = \sum_i (1 - y_i) [s_i \ge t]

    One stable sort of the scores, then cumulative sums read at the last
    position of each run of tied scores.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels in {0, 1}; both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores.

    Returns
    -------
    ThresholdCounts
        ``(thresholds, tp, fp, n_pos, n_neg)``, arrays of length m.

    Examples
    --------
    >>> c = threshold_counts([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    >>> c.thresholds.tolist(), c.tp.tolist(), c.fp.tolist()
    ([0.9, 0.8, 0.1], [1, 2, 2], [0, 1, 2])
    """
    y, s = _binary_scores(y_true, y_score)
    n_pos, n_neg = check_both_classes(y)
    order = np.argsort(-s, kind="stable")
    s_sorted, y_sorted = s[order], y[order]
    last_of_run = np.r_[s_sorted[1:] != s_sorted[:-1], True]
    tp = np.cumsum(y_sorted)[last_of_run]
    fp = np.cumsum(1 - y_sorted)[last_of_run]
    return ThresholdCounts(s_sorted[last_of_run], tp, fp, n_pos, n_neg)


# ---- ROC section (chapter 3) ---------------------------------------------------
# ---- end of ROC section --------------------------------------------------------

# ---- precision-recall section (chapter 4) -------------------------------------
# ---- end of precision-recall section -------------------------------------------
