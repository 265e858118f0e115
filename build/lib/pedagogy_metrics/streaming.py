"""Metrics at scale: an AUC computed batch by batch (chapter 15).

A summary of data is *mergeable* when each batch (a file, a partition, a day)
can be summarised on its own and the summaries combined, in any order and any
grouping, into the summary of all the data. The ROC AUC depends on the data
only through the number of positives :math:`p_k` and negatives :math:`q_k` at
each distinct score :math:`t_1 < t_2 < \\dots < t_m`, and counts add, so a
table of them is mergeable and gives the exact AUC.

:class:`StreamingAUC` keeps that table, built with the package's own kernels:
each batch is counted by :func:`~pedagogy_metrics.curves.score_counts`, tables
are added by :func:`~pedagogy_metrics.curves.merge_counts`, and the AUC is
:func:`~pedagogy_metrics.curves.auc_from_counts`, the sum every AUC of the
package uses. Bucketing the scores first (``n_bins``,
:func:`~pedagogy_metrics.curves.bucket_index`) gives the histogram AUC of
:func:`~pedagogy_metrics.curves.roc_auc_histogram` with at most ``n_bins``
counts kept, whatever the number of samples.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ._checks.streaming import (
    as_auc_batch,
    as_common_scores,
    check_mergeable,
    check_stream_bins,
    check_streamed_classes,
)
from .curves import (
    ScoreCounts,
    auc_from_counts,
    bucket_index,
    merge_counts,
    score_counts,
)

__all__ = ["StreamingAUC"]

_NOTHING = ScoreCounts(*(np.zeros(0, dtype=np.int64) for _ in range(3)))


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
    same float as the in-memory one, not merely close to it. An update
    counts its batch and keeps the table; the tables are added when the
    counts are needed (:attr:`counts`, :meth:`result`), all at once, so each
    update costs in proportion to its batch. A mergeable summary in the
    sense of Agarwal et al. (2012, "Mergeable summaries"); the buckets are
    those of the histogram method quoted in note 003.

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
        self._tables: list[ScoreCounts] = []  # one per batch, added when needed
        self._extremes = _NOTHING.keys  # lowest and highest key so far

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

    @property
    def counts(self) -> ScoreCounts:
        """The table kept: positives and negatives at each distinct score (or bucket).

        A :class:`~pedagogy_metrics.curves.ScoreCounts` ``(keys, pos, neg)``,
        keys increasing (bucket indices when ``n_bins`` is a number): the
        tables of the batches added by
        :func:`~pedagogy_metrics.curves.merge_counts`. Its arrays are not
        to be changed.

        Examples
        --------
        >>> c = StreamingAUC().update([1, 0], [0.9, 0.8]).update([0], [0.9]).counts
        >>> c.keys.tolist(), c.pos.tolist(), c.neg.tolist()
        ([0.8, 0.9], [0, 1], [1, 1])
        """
        if len(self._tables) > 1:  # add the batches' tables, once
            self._tables = [merge_counts(*self._tables)]
        return self._tables[0] if self._tables else _NOTHING

    def __repr__(self) -> str:
        keys = "distinct scores" if self.n_bins is None else "non-empty buckets"
        c = self.counts
        return (
            f"<StreamingAUC n_bins={self.n_bins}: P={int(c.pos.sum())}, "
            f"N={int(c.neg.sum())}, {c.keys.size} {keys}>"
        )

    def _add_extremes(self, keys: np.ndarray, name: str) -> np.ndarray:
        """The lowest and highest key so far, once the kinds of keys (sorted) mix."""
        if not self._extremes.size:
            return keys[[0, -1]]
        kept, new = as_common_scores(self._extremes, keys[[0, -1]], name)
        both = np.r_[kept, new]
        return np.r_[both.min(), both.max()]

    def update(
        self, y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = 1
    ) -> StreamingAUC:
        """Add a batch: count its positives and negatives at each score.

        The batch's table (:func:`~pedagogy_metrics.curves.score_counts`) is
        kept, to be added to the others when the counts are needed; the batch
        itself is not kept. A batch that fails validation changes nothing.

        Parameters
        ----------
        y_true : array-like of shape (n,)
            Two labels (``pos_label`` the positive class); a batch may hold one
            class only, or none (an empty batch adds nothing).
        y_score : array-like of shape (n,)
            Finite real scores; in [0, 1] when ``n_bins`` is a number.
        pos_label : number, str or bool, default 1
            The positive class.

        Returns
        -------
        StreamingAUC
            This accumulator, updated (so that updates can be chained).

        Examples
        --------
        >>> StreamingAUC(n_bins=2).update([1, 0, 0], [1.0, 0.6, 0.2])
        <StreamingAUC n_bins=2: P=1, N=2, 2 non-empty buckets>
        >>> StreamingAUC().update(["spam", "ham"], [0.8, 0.3], pos_label="spam")
        <StreamingAUC n_bins=None: P=1, N=1, 2 distinct scores>
        """
        batch = as_auc_batch(y_true, y_score, self.n_bins)
        if batch is None:  # an empty batch
            return self
        keys = batch if self.n_bins is None else bucket_index(batch, self.n_bins)
        table = score_counts(y_true, keys, pos_label=pos_label)
        self._extremes = self._add_extremes(table.keys, "y_score")
        self._tables.append(table)
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
        merged._extremes = self._extremes
        if other._extremes.size:
            merged._extremes = self._add_extremes(other._extremes, "other")
        merged._tables = [*self._tables, *other._tables]  # tables are never changed
        return merged

    def result(self) -> float:
        r"""The AUC of every batch added so far.

        .. math:: AUC = \frac{1}{PN} \Big(\sum_k p_k \sum_{j < k} q_j
                  + \tfrac12 \sum_k p_k q_k\Big)

        pairs in the right order, plus one half of the pairs sharing a score:
        :func:`~pedagogy_metrics.curves.auc_from_counts` of :attr:`counts`.

        Returns
        -------
        float
            The AUC in [0, 1]; both classes must have occurred.

        Examples
        --------
        >>> StreamingAUC().update([1, 0, 1], [0.9, 0.3, 0.3]).result()
        0.75
        """
        c = self.counts
        check_streamed_classes(int(c.pos.sum()), int(c.neg.sum()))
        return auc_from_counts(c.pos, c.neg)
