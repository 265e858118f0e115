"""Metrics at scale: an AUC computed batch by batch (chapter 15).

A summary of data is *mergeable* when each batch (a file, a partition, a day)
can be summarised on its own and the summaries combined, in any order and any
grouping, into the summary of all the data. The ROC AUC depends on the data
only through the number of positives :math:`p_k` and negatives :math:`q_k` at
each distinct score :math:`t_1 < t_2 < \\dots < t_m`, and counts add, so a
table of them is mergeable and gives the exact AUC.

:class:`StreamingAUC` keeps that table: the sorted distinct scores and two
integer count arrays. Bucketing the scores first (``n_bins``) gives the
histogram AUC of :func:`~pedagogy_metrics.curves.roc_auc_histogram` with at
most ``n_bins`` counts kept, whatever the number of samples.
"""

from __future__ import annotations

import operator
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._checks.streaming import (
    as_auc_batch,
    as_common_scores,
    check_mergeable,
    check_stream_bins,
    check_streamed_classes,
)
from .curves import _bucket

__all__ = ["StreamingAUC"]


class _Counts(NamedTuple):
    """Positives and negatives at each distinct key (score or bucket), keys sorted.

    The arrays are never changed in place, so accumulators may share them.
    """

    keys: np.ndarray
    pos: np.ndarray
    neg: np.ndarray


_NOTHING = _Counts(*(np.zeros(0, dtype=np.int64) for _ in range(3)))


def _count(y: np.ndarray, keys: np.ndarray) -> _Counts:
    """The counts of one batch: one sort for the distinct keys, one bincount."""
    distinct, index = np.unique(keys, return_inverse=True)
    # a table with a row per distinct key, columns label 0 and 1 (histogram_counts)
    table = np.bincount(2 * index + y, minlength=2 * distinct.size)
    table = table.reshape(distinct.size, 2)
    return _Counts(distinct, table[:, 1], table[:, 0])


def _add(a: _Counts, b: _Counts, name: str) -> _Counts:
    """The counts of both: the union of the sorted keys, counts at equal keys added."""
    if b.keys.size == 0 or a.keys.size == 0:
        return a if b.keys.size == 0 else b
    a_keys, b_keys = as_common_scores(a.keys, b.keys, name)
    keys = np.union1d(a_keys, b_keys)
    at_a = np.searchsorted(keys, a_keys)  # where each key of a sits in the union
    at_b = np.searchsorted(keys, b_keys)
    pos, neg = np.zeros((2, keys.size), dtype=np.int64)
    pos[at_a], neg[at_a] = a.pos, a.neg
    pos[at_b] += b.pos
    neg[at_b] += b.neg
    return _Counts(keys, pos, neg)


class StreamingAUC:
    r"""ROC AUC accumulated batch by batch, from counts per score; mergeable.

    With :math:`p_k` positives and :math:`q_k` negatives at the k-th smallest
    distinct score, over every batch added so far:

    .. math:: AUC = \frac{1}{PN} \sum_k p_k
              \Big(\sum_{j < k} q_j + \tfrac12 q_k\Big)

    Two accumulators merge by adding their counts at equal scores, so any
    split of the data into batches, updated and merged in any order and any
    grouping, holds the same counts and gives the same AUC.

    Parameters
    ----------
    n_bins : int or None, default None
        None: one count per distinct score, and :meth:`result` is the exact
        :func:`~pedagogy_metrics.curves.roc_auc` of all batches together
        (ties count one half). A number: scores must lie in [0, 1] and are
        counted per bucket of width ``1 / n_bins``, and :meth:`result` is
        :func:`~pedagogy_metrics.curves.roc_auc_histogram` of all batches
        together, keeping at most ``n_bins`` counts.

    Notes
    -----
    Counts are integers and :meth:`result` divides once, so the AUC is the
    same float as the in-memory one, not merely close to it. A mergeable
    summary in the sense of Agarwal et al. (2012, "Mergeable summaries");
    the buckets are those of the histogram method quoted in note 003.

    Examples
    --------
    >>> auc = StreamingAUC()
    >>> auc.update([1, 0], [0.9, 0.8]).update([1, 0], [0.8, 0.1])
    <StreamingAUC n_bins=None: P=2, N=2, 3 distinct scores>
    >>> auc.result()  # = roc_auc([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    0.875
    >>> other = StreamingAUC().update([0, 1], [0.2, 0.7])
    >>> auc.merge(other).result()
    0.8333333333333334
    """

    def __init__(self, *, n_bins: int | None = None) -> None:
        self._n_bins = check_stream_bins(n_bins)
        self._counts = _NOTHING

    @property
    def n_bins(self) -> int | None:
        """The number of buckets, or None when every distinct score is counted.

        Fixed when the accumulator is made: counts over different buckets
        cannot be added.

        Examples
        --------
        >>> StreamingAUC(n_bins=100).n_bins
        100
        """
        return self._n_bins

    def __repr__(self) -> str:
        keys = "distinct scores" if self.n_bins is None else "non-empty buckets"
        c = self._counts
        return (
            f"<StreamingAUC n_bins={self.n_bins}: P={int(c.pos.sum())}, "
            f"N={int(c.neg.sum())}, {c.keys.size} {keys}>"
        )

    def update(self, y_true: ArrayLike, y_score: ArrayLike) -> StreamingAUC:
        """Add a batch: count its positives and negatives at each score.

        The batch's counts are added to those kept, at equal scores (or
        buckets); the batch itself is not kept. A batch that fails validation
        changes nothing.

        Parameters
        ----------
        y_true : array-like of shape (n,)
            Binary labels in {0, 1}; a batch may hold one class only, or none
            (an empty batch adds nothing).
        y_score : array-like of shape (n,)
            Finite real scores; in [0, 1] when ``n_bins`` is a number.

        Returns
        -------
        StreamingAUC
            This accumulator, updated (so that updates can be chained).

        Examples
        --------
        >>> StreamingAUC(n_bins=2).update([1, 0, 0], [1.0, 0.6, 0.2])
        <StreamingAUC n_bins=2: P=1, N=2, 2 non-empty buckets>
        """
        y, s = as_auc_batch(y_true, y_score, self.n_bins)
        keys = s if self.n_bins is None else _bucket(s, self.n_bins)
        self._counts = _add(self._counts, _count(y, keys), "y_score")
        return self

    def merge(self, other: StreamingAUC) -> StreamingAUC:
        """A new accumulator holding the batches of both; neither is changed.

        Counts at equal scores (or buckets) add: :math:`p_k = p_k^A + p_k^B`,
        :math:`q_k = q_k^A + q_k^B`. Merging is associative and commutative.

        Parameters
        ----------
        other : StreamingAUC
            An accumulator with the same ``n_bins``.

        Returns
        -------
        StreamingAUC
            A new accumulator, as if every batch of both had been added to it.

        Examples
        --------
        >>> a = StreamingAUC().update([1, 0], [0.9, 0.8])
        >>> b = StreamingAUC().update([1, 0], [0.8, 0.1])
        >>> a.merge(b).result(), b.merge(a).result(), a.result()
        (0.875, 0.875, 1.0)
        """
        check_mergeable(other, StreamingAUC, self.n_bins)
        merged = StreamingAUC(n_bins=self.n_bins)
        merged._counts = _add(self._counts, other._counts, "other")
        return merged

    def result(self) -> float:
        r"""The AUC of every batch added so far.

        .. math:: AUC = \frac{1}{PN} \Big(\sum_k p_k \sum_{j < k} q_j
                  + \tfrac12 \sum_k p_k q_k\Big)

        pairs in the right order, plus one half of the pairs sharing a score.

        Returns
        -------
        float
            The AUC in [0, 1]; both classes must have occurred.

        Examples
        --------
        >>> StreamingAUC().update([1, 0, 1], [0.9, 0.3, 0.3]).result()
        0.75
        """
        c = self._counts
        n_pos, n_neg = check_streamed_classes(int(c.pos.sum()), int(c.neg.sum()))
        neg_below = np.cumsum(c.neg) - c.neg  # negatives at lower scores
        if n_pos * n_neg <= 2**53:  # every pair count below is exact in int64 and float
            wins = np.sum(c.pos * neg_below)  # pairs in the right order
            ties = np.sum(c.pos * c.neg)  # pairs sharing a score, one half each
            return float(wins + ties / 2) / (n_pos * n_neg)
        # more pairs than int64 and float hold exactly: Python integers, one rounding
        wins = sum(map(operator.mul, c.pos.tolist(), neg_below.tolist()))
        ties = sum(map(operator.mul, c.pos.tolist(), c.neg.tolist()))
        return (2 * wins + ties) / (2 * n_pos * n_neg)
