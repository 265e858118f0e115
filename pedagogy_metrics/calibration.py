r"""Calibration: do the predicted probabilities mean what they say?

A classifier is **calibrated** when, among the cases it gives probability
:math:`p`, a fraction :math:`p` are positive. This module measures that and
repairs it:

* :func:`calibration_bins`, :func:`calibration_curve` -- the reliability
  diagram: observed frequency against mean predicted probability, bin by bin;
* :func:`expected_calibration_error` -- the bins' average gap between the two
  (binary, or top-label for several classes);
* :func:`brier_decomposition` -- the Brier score split into reliability,
  resolution and uncertainty (Murphy 1973);
* :func:`brier_skill_score` -- the Brier score relative to always predicting
  the base rate;
* :func:`isotonic_calibration`, :func:`platt_scaling` -- two ways to map
  scores to calibrated probabilities, fitted on held-out data.

Binary labels ``y_true`` are two labels of one kind (``{0, 1}``, bools,
``{-1, 1}``, strings, ...), ``pos_label`` (default 1) the positive one;
``y_proba`` is the predicted probability of the positive class, in [0, 1].
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._checks.arrays import as_weights, check_both_classes
from ._checks.probabilistic import (
    as_calibration_inputs,
    as_isotonic_inputs,
    as_platt_inputs,
    as_probabilities,
    check_platt_converged,
)

__all__ = [
    "CalibrationBins",
    "calibration_bins",
    "calibration_curve",
    "expected_calibration_error",
    "BrierDecomposition",
    "brier_decomposition",
    "brier_skill_score",
    "isotonic_calibration",
    "platt_scaling",
]


# ---- reliability diagrams and ECE ----------------------------------------------


class CalibrationBins(NamedTuple):
    r"""The bins of a reliability diagram that hold weight, lowest probabilities first.

    Returned by :func:`calibration_bins`.

    Attributes
    ----------
    prob_true : ndarray of shape (m,)
        Observed (weighted) frequency of the positive class in each bin,
        :math:`\bar y_b`.
    prob_pred : ndarray of shape (m,)
        (Weighted) mean predicted probability in each bin, :math:`\bar p_b`.
    n_cases : ndarray of int, shape (m,)
        Cases in each bin.
    weight : ndarray of float, shape (m,)
        Total weight of each bin, :math:`W_b`: ``n_cases`` without weights.

    Examples
    --------
    >>> bins = calibration_bins([0, 1, 1], [0.2, 0.7, 0.9], n_bins=2)
    >>> bins.n_cases.tolist()
    [1, 2]
    """

    prob_true: np.ndarray
    prob_pred: np.ndarray
    n_cases: np.ndarray
    weight: np.ndarray


def calibration_bins(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    n_bins: int = 10,
    strategy: str = "uniform",
    pos_label: Any = 1,
    sample_weight: ArrayLike | None = None,
) -> CalibrationBins:
    r"""Bin the predicted probabilities; per bin, their mean and the observed rate.

    With :math:`B_b` the cases of bin :math:`b`, :math:`w_i` their weights
    (1 without weights) and :math:`W_b = \sum_{i \in B_b} w_i`:

    .. math::

        \bar p_b = \frac{1}{W_b} \sum_{i \in B_b} w_i p_i, \qquad
        \bar y_b = \frac{1}{W_b} \sum_{i \in B_b} w_i y_i

    Bin :math:`b` holds the probabilities in :math:`(e_b, e_{b+1}]` (the first
    bin also holds :math:`e_0`). The edges :math:`e_0 \le \dots \le e_B` are
    ``n_bins + 1`` equally spaced points of [0, 1] (``"uniform"``) or the
    quantiles :math:`0, \frac1B, \dots, 1` of the probabilities
    (``"quantile"``: about as much weight in each bin; a weight counts as that
    many repeated cases).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``{0, 1}``, bools, strings, ...).
    y_proba : array-like of shape (n,)
        Predicted probability of the class ``pos_label``, in [0, 1].
    n_bins : int, default 10
        Number of bins :math:`B`, from 1 to 1,000,000.
    strategy : {"uniform", "quantile"}, default "uniform"
        Equal-width bins, or bins holding about equal numbers of cases.
    pos_label : number, str or bool, default 1
        The positive class.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights, not all zero; a bin whose cases all weigh 0 is
        left out like an empty one.

    Returns
    -------
    CalibrationBins
        ``(prob_true, prob_pred, n_cases, weight)`` of the bins with weight.

    Notes
    -----
    The bins of scikit-learn's ``sklearn.calibration.calibration_curve``, edge
    for edge: ``np.linspace(0, 1, B + 1)`` or
    ``np.percentile(y_proba, np.linspace(0, 1, B + 1) * 100)``, and a case goes
    to the bin ``np.searchsorted(inner_edges, p)`` (left side). Quantile edges
    may coincide when probabilities repeat; the bins between them are empty.
    With weights, the quantile edges are NumPy's linear-interpolation
    percentiles of the sample in which each case appears ``w`` times (equal
    to repeating the rows of integer weights).

    Examples
    --------
    >>> bins = calibration_bins([0, 0, 1, 1], [0.1, 0.3, 0.6, 0.8], n_bins=2)
    >>> bins.prob_true.tolist(), bins.prob_pred.tolist(), bins.n_cases.tolist()
    ([0.0, 1.0], [0.2, 0.7], [2, 2])
    """
    y, p, n_bins, strategy = as_calibration_inputs(
        y_true, y_proba, n_bins, strategy, pos_label=pos_label
    )
    w = as_weights(sample_weight, len(y))
    return bin_forecasts(y, p, w, n_bins, strategy)


def bin_forecasts(
    y: np.ndarray, p: np.ndarray, w: np.ndarray, n_bins: int, strategy: str
) -> CalibrationBins:
    """The bins of :func:`calibration_bins`: the binning every calibration metric runs.

    The kernel behind :func:`calibration_bins`, :func:`calibration_curve` and
    :func:`expected_calibration_error`: it trusts its inputs (labels 0/1,
    probabilities, weights and a strategy already checked by those functions).
    """
    if strategy == "uniform":
        edges = np.linspace(0, 1, n_bins + 1)
    else:
        edges = _quantiles(p, w, np.linspace(0, 1, n_bins + 1))
    bin_of = np.searchsorted(edges[1:-1], p)  # (e_b, e_b+1]: inner edges below p
    n_cases = np.bincount(bin_of, minlength=n_bins)
    weight = np.bincount(bin_of, weights=w, minlength=n_bins)  # W_b
    proba_sum = np.bincount(bin_of, weights=w * p, minlength=n_bins)
    positives = np.bincount(bin_of, weights=w * y, minlength=n_bins)
    used = weight > 0  # a bin without weight has no mean
    w_used = weight[used]
    return CalibrationBins(
        positives[used] / w_used, proba_sum[used] / w_used, n_cases[used], w_used
    )


def _quantiles(p: np.ndarray, w: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Quantiles ``q`` of ``p``, each case counted ``w`` times: NumPy's linear rule.

    In the sorted sample of ``N = sum(w)`` values where each case appears
    ``w`` times, quantile ``q`` lies at position ``g = (N - 1) q``, between the
    values at positions ``floor(g)`` and ``floor(g) + 1``. With unit weights
    this is ``np.percentile(p, 100 * q)``, value for value.
    """
    q = q * 100 / 100  # the fractions np.percentile computes from percents
    order = np.argsort(p, kind="stable")
    x, upto = p[order], np.cumsum(w[order])  # weight up to and including each case
    g = (upto[-1] - 1) * q  # the position of each quantile
    below = np.floor(g)
    t = g - below  # how far from the value below towards the one above

    def value_at(position: np.ndarray) -> np.ndarray:
        """The value at a position of the repeated sample: the first case past it."""
        return x[np.searchsorted(upto, position, side="right").clip(max=len(x) - 1)]

    a, b = value_at(below), value_at(below + 1)
    return np.where(t >= 0.5, b - (b - a) * (1 - t), a + (b - a) * t)


def calibration_curve(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    n_bins: int = 10,
    strategy: str = "uniform",
    pos_label: Any = 1,
    sample_weight: ArrayLike | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    r"""The reliability diagram: observed frequency against mean predicted probability.

    One point :math:`(\bar p_b, \bar y_b)` per non-empty bin (see
    :func:`calibration_bins`); a calibrated model's points lie on the diagonal.

    .. math::

        \bar y_b = \frac{1}{W_b} \sum_{i \in B_b} w_i y_i, \qquad
        \bar p_b = \frac{1}{W_b} \sum_{i \in B_b} w_i p_i

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``{0, 1}``, bools, strings, ...).
    y_proba : array-like of shape (n,)
        Predicted probability of the class ``pos_label``, in [0, 1].
    n_bins : int, default 10
        Number of bins, from 1 to 1,000,000.
    strategy : {"uniform", "quantile"}, default "uniform"
        Equal-width bins, or bins holding about equal numbers of cases.
    pos_label : number, str or bool, default 1
        The positive class.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights, not all zero (see :func:`calibration_bins`).

    Returns
    -------
    prob_true : ndarray of shape (m,)
        Observed frequency of class 1 in each non-empty bin.
    prob_pred : ndarray of shape (m,)
        Mean predicted probability in each non-empty bin, increasing.

    Notes
    -----
    Equals scikit-learn's ``sklearn.calibration.calibration_curve`` (same
    arguments, same order of the two arrays; empty bins omitted), which has
    no weights; integer weights give the curve of the repeated rows.

    Examples
    --------
    >>> prob_true, prob_pred = calibration_curve(
    ...     [0, 0, 1, 1], [0.1, 0.3, 0.6, 0.8], n_bins=2
    ... )
    >>> prob_true.tolist(), prob_pred.tolist()
    ([0.0, 1.0], [0.2, 0.7])
    """
    bins = calibration_bins(
        y_true,
        y_proba,
        n_bins=n_bins,
        strategy=strategy,
        pos_label=pos_label,
        sample_weight=sample_weight,
    )
    return bins.prob_true, bins.prob_pred


def expected_calibration_error(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    n_bins: int = 10,
    strategy: str = "uniform",
    pos_label: Any = 1,
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Expected calibration error: the bins' gaps to the diagonal, weighted by size.

    .. math::

        \mathrm{ECE} = \sum_{b} \frac{W_b}{W}
        \,\big\lvert \bar y_b - \bar p_b \big\rvert

    over the bins of :func:`calibration_bins`, :math:`W_b` the weight of bin
    :math:`b` (its cases, without weights) and :math:`W` the total. With several
    classes, the **top-label** ECE: :math:`p_i` is the largest probability of
    row :math:`i` (the confidence) and :math:`y_i` is 1 when that class is
    the true one.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels when ``y_proba`` is 1-D; the classes when it is 2-D.
    y_proba : array-like of shape (n,) or (n, C)
        1-D: probability of the class ``pos_label``. 2-D: one column per
        class, each row summing to 1 (within 1e-6).
    n_bins : int, default 10
        Number of bins, from 1 to 1,000,000.
    strategy : {"uniform", "quantile"}, default "uniform"
        Equal-width bins, or bins holding about equal numbers of cases.
    pos_label : number, str or bool, default 1
        1-D ``y_proba``: the positive class.
    labels : array-like of shape (C,), optional
        2-D ``y_proba``: the class of each column; default the sorted classes
        of ``y_true`` (see
        :func:`~pedagogy_metrics.probabilistic.true_class_probability`).
    sample_weight : array-like of shape (n,), optional
        Non-negative weights, not all zero.

    Returns
    -------
    float
        In [0, 1]; 0 when every bin's observed rate equals its mean
        probability. Its value depends on ``n_bins`` and ``strategy``.

    Notes
    -----
    Naeini et al. (2015); the top-label form is that of Guo et al. (2017).
    When two classes share the largest probability of a row, the one with
    the lower index is the predicted class (``np.argmax``).

    Examples
    --------
    >>> ece = expected_calibration_error([0, 0, 1, 1], [0.1, 0.3, 0.6, 0.8], n_bins=2)
    >>> round(ece, 6)  # (2/4) |0 - 0.2| + (2/4) |1 - 0.7|
    0.25
    >>> expected_calibration_error([0, 2], [[0.6, 0.4, 0.0], [0.3, 0.3, 0.4]])
    0.5
    """
    y, p, n_bins, strategy = as_calibration_inputs(
        y_true, y_proba, n_bins, strategy, ndim=None, pos_label=pos_label, labels=labels
    )
    w = as_weights(sample_weight, len(y))
    if p.ndim == 2:  # top label: the most probable class, and was it right?
        y, p = (p.argmax(axis=1) == y).astype(np.int64), p.max(axis=1)
    bins = bin_forecasts(y, p, w, n_bins, strategy)
    gaps = np.abs(bins.prob_true - bins.prob_pred)
    return float(np.sum(bins.weight / np.sum(w) * gaps))


# ---- the Brier score decomposed ------------------------------------------------


class BrierDecomposition(NamedTuple):
    r"""The three terms of Murphy's (1973) decomposition of the Brier score.

    Returned by :func:`brier_decomposition`; the Brier score equals
    ``reliability - resolution + uncertainty``.

    Attributes
    ----------
    reliability : float
        Mean squared gap between each forecast value and the frequency of
        class 1 among its cases: 0 when calibrated (lower is better).
    resolution : float
        Mean squared distance of those frequencies from the base rate: how
        much the forecasts separate the cases (higher is better).
    uncertainty : float
        :math:`\bar y (1 - \bar y)`: the Brier score of always predicting
        the base rate, a property of the data alone.

    Examples
    --------
    >>> d = brier_decomposition([0, 1, 1, 1], [0.5, 0.5, 1.0, 1.0])
    >>> d.reliability - d.resolution + d.uncertainty  # the Brier score
    0.125
    """

    reliability: float
    resolution: float
    uncertainty: float


def brier_decomposition(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    pos_label: Any = 1,
    sample_weight: ArrayLike | None = None,
) -> BrierDecomposition:
    r"""Reliability, resolution and uncertainty: the Brier score in three terms.

    Group the cases by their forecast value: cases of total weight
    :math:`n_k` (their number, without weights) received :math:`f_k`, of
    which a (weighted) fraction :math:`\bar y_k` are positive; :math:`\bar y`
    is the (weighted) base rate and :math:`n` the total weight. Then

    .. math::

        \mathrm{REL} = \frac{1}{n} \sum_k n_k (f_k - \bar y_k)^2

        \mathrm{RES} = \frac{1}{n} \sum_k n_k (\bar y_k - \bar y)^2

        \mathrm{UNC} = \bar y (1 - \bar y)

        \mathrm{BS} = \mathrm{REL} - \mathrm{RES} + \mathrm{UNC}

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``{0, 1}``, bools, strings, ...).
    y_proba : array-like of shape (n,)
        Predicted probability of the class ``pos_label``, in [0, 1].
    pos_label : number, str or bool, default 1
        The positive class.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights, not all zero; the terms then decompose the
        weighted Brier score (:func:`~pedagogy_metrics.probabilistic.brier_score`).

    Returns
    -------
    BrierDecomposition
        ``(reliability, resolution, uncertainty)``, each a float in [0, 1].

    Notes
    -----
    Murphy (1973). The identity is exact (not an approximation) because cases
    are grouped by *equal* forecast values; grouping them into bins of
    different values, as a reliability diagram does, adds two terms.
    Floating-point sums make the two sides agree to about 1e-16.

    Examples
    --------
    >>> d = brier_decomposition([0, 1, 1, 1], [0.5, 0.5, 1.0, 1.0])
    >>> d.reliability, d.resolution, d.uncertainty
    (0.0, 0.0625, 0.1875)
    """
    y, p = as_probabilities(y_true, y_proba, ndim=1, pos_label=pos_label)
    w = as_weights(sample_weight, len(y))
    used = w > 0  # a forecast given only to cases of weight 0 is no group
    y, p, w = y[used], p[used], w[used]
    forecasts, group = np.unique(p, return_inverse=True)  # f_k, and k of each case
    n_k = np.bincount(group, weights=w)
    y_bar_k = np.bincount(group, weights=w * y) / n_k
    n = np.sum(w)
    y_bar = np.sum(w * y) / n
    reliability = np.sum(n_k * (forecasts - y_bar_k) ** 2) / n
    resolution = np.sum(n_k * (y_bar_k - y_bar) ** 2) / n
    uncertainty = y_bar * (1 - y_bar)
    return BrierDecomposition(float(reliability), float(resolution), float(uncertainty))


def brier_skill_score(
    y_true: ArrayLike, y_proba: ArrayLike, *, pos_label: Any = 1
) -> float:
    r"""Brier skill score: the Brier score relative to predicting the base rate.

    .. math::

        \mathrm{BSS} = 1 - \frac{\mathrm{BS}}{\bar y (1 - \bar y)}

    The denominator is the Brier score of the constant forecast
    :math:`\bar y` (the uncertainty of :func:`brier_decomposition`).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels; both classes must occur.
    y_proba : array-like of shape (n,)
        Predicted probability of the class ``pos_label``, in [0, 1].
    pos_label : number, str or bool, default 1
        The positive class.

    Returns
    -------
    float
        At most 1 (perfect forecasts); 0 for the base-rate forecast; negative
        when worse than it.

    Raises
    ------
    ValueError
        If ``y_true`` holds one class only: the base-rate forecast is then
        perfect and the ratio is 0 / 0.

    Notes
    -----
    The skill score of Murphy (1973) with climatology (the base rate of
    ``y_true`` itself) as the reference forecast.

    Examples
    --------
    >>> round(brier_skill_score([0, 1, 1, 1], [0.5, 0.5, 1.0, 1.0]), 6)  # 1 - 1/1.5
    0.333333
    """
    y, p = as_probabilities(y_true, y_proba, ndim=1, pos_label=pos_label)
    check_both_classes(y)
    brier = np.mean((p - y) ** 2)
    reference = np.mean(y) * (1 - np.mean(y))
    return float(1 - brier / reference)


# ---- recalibration --------------------------------------------------------------


def isotonic_calibration(
    y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = 1
) -> np.ndarray:
    r"""Calibrated probabilities, non-decreasing in the score: pool-adjacent-violators.

    The non-decreasing step function of the score closest to the labels in
    squared error:

    .. math::

        \hat p = \arg\min_{g \text{ non-decreasing}}
        \sum_i \big(y_i - g(s_i)\big)^2

    Pool-adjacent-violators: walk the distinct scores upwards, each starting
    a block whose value is its fraction of positives; whenever a block's
    value falls below the block before it, merge the two (the merged value
    is the fraction of positives of all their cases).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``{0, 1}``, bools, strings, ...).
    y_score : array-like of shape (n,)
        Finite real scores; only their order matters. Tied scores are pooled
        (they get one probability).
    pos_label : number, str or bool, default 1
        The positive class: the result is its calibrated probability.

    Returns
    -------
    ndarray of shape (n,)
        The calibrated probability of each case, in [0, 1].

    Notes
    -----
    Zadrozny & Elkan (2002). Equals scikit-learn's
    ``IsotonicRegression(out_of_bounds="clip").fit_transform(y_score,
    y_true)``, except that scikit-learn also pools scores closer than about
    1e-15 (``np.finfo(float).resolution``), which are distinct here. Blocks
    are compared by cross-multiplying their integer counts, so equal rates
    such as 1/3 and 2/6 are equal exactly.

    Examples
    --------
    >>> isotonic_calibration([0, 1, 0, 1], [1, 2, 3, 4]).tolist()
    [0.0, 0.5, 0.5, 1.0]
    """
    y, s = as_isotonic_inputs(y_true, y_score, pos_label)
    _, group = np.unique(s, return_inverse=True)  # rank of each case's distinct score
    positives = np.bincount(group, weights=y).astype(np.int64).tolist()
    cases = np.bincount(group).tolist()
    blocks: list[list[int]] = []  # [positives, cases, distinct scores] of each block
    for pos, n in zip(positives, cases):
        blocks.append([pos, n, 1])
        while len(blocks) > 1 and _rate_above(blocks[-2], blocks[-1]):
            violator = blocks.pop()  # its rate is below the block before: pool them
            blocks[-1] = [a + b for a, b in zip(blocks[-1], violator)]
    rate = [pos / n for pos, n, _ in blocks]
    rate_of_score = np.repeat(rate, [width for _, _, width in blocks])
    return rate_of_score[group]


def _rate_above(first: list[int], second: list[int]) -> bool:
    """``pos1 / n1 > pos2 / n2``, compared exactly as ``pos1 * n2 > pos2 * n1``."""
    return first[0] * second[1] > second[0] * first[1]


def platt_scaling(
    y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = 1
) -> tuple[float, float]:
    r"""Platt scaling: the logistic curve of the score that best explains the labels.

    Finds :math:`(a, b)` maximising the log-likelihood of

    .. math::

        p_i = \frac{1}{1 + e^{-(a s_i + b)}}

        \ell(a, b) = \sum_i y_i \log p_i + (1 - y_i) \log(1 - p_i)

    by Newton's method: from the constant model :math:`a = 0`,
    :math:`b = \operatorname{logit} \bar y`, repeat
    :math:`\theta \leftarrow \theta - H^{-1} \nabla \ell`, halving a step
    that would lower :math:`\ell`.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels; both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores, not all equal.
    pos_label : number, str or bool, default 1
        The positive class: ``p`` is its probability.

    Returns
    -------
    a : float
        Slope: how fast the probability rises with the score.
    b : float
        Intercept: the log-odds at score 0.

    Raises
    ------
    ValueError
        If the scores separate the classes perfectly (every positive scores
        at least as high as every negative, or at most as high): the
        likelihood then grows without bound as :math:`|a| \to \infty`. Also if
        ``y_true`` holds one class, if the scores are all equal, or if
        floating point cannot resolve the maximum (some scores many orders of
        magnitude beyond the others, or classes that overlap by a sliver).

    Notes
    -----
    Platt (1999) without his target smoothing, and without regularisation:
    equal to the maximum-likelihood estimate of statsmodels'
    ``Logit(y_true, [y_score, 1])``. The fit runs on the scores rescaled to
    [0, 1] (well-conditioned Newton steps) and maps the result back.

    Examples
    --------
    >>> a, b = platt_scaling([0, 0, 1, 0, 1, 1], [1, 2, 3, 4, 5, 6])
    >>> round(a, 4), round(b, 4)
    (1.214, -4.2491)
    """
    y, s = as_platt_inputs(y_true, y_score, pos_label)
    low, spread = s.min(), s.max() - s.min()
    t = (s - low) / spread  # the scores rescaled to [0, 1]
    alpha, beta, converged = _logistic_newton(y, t)
    check_platt_converged(converged)
    a = alpha / spread  # a s + b = alpha t + beta
    return float(a), float(beta - a * low)


_MAX_NEWTON_STEPS = 100


def _log_likelihood(y: np.ndarray, z: np.ndarray) -> float:
    """Sum of y log p + (1 - y) log(1 - p) for p = expit(z), without overflow."""
    return float(np.sum(y * z - np.logaddexp(0, z)))


def _logistic_newton(y: np.ndarray, t: np.ndarray) -> tuple[float, float, bool]:
    """Maximum-likelihood ``(alpha, beta, converged)`` of p = expit(alpha t + beta).

    Newton's method from the constant model, halving a step that lowers the
    likelihood by more than rounding. It stops when both likelihood equations
    hold to 1e-8 relative to the size of their terms, after one last step.
    Floats may not resolve them: when a score lies many orders of magnitude
    beyond the others, Newton crawls (about 1 in that case's log-odds per
    step), and when the classes overlap by a sliver (say 1e-29 of the range)
    ``alpha * t`` is lost in the rounding of ``beta``. ``converged`` is then
    False.
    """
    from scipy.special import expit, logit  # SciPy is imported where it is needed

    X = np.column_stack([t, np.ones_like(t)])
    theta = np.array([0.0, logit(np.mean(y))])  # the constant model, p = base rate
    for _ in range(_MAX_NEWTON_STEPS):
        z = X @ theta
        residual = y - expit(z)
        gradient = X.T @ residual  # the likelihood equations: both 0 at the maximum
        hessian = (X * (expit(z) * expit(-z))[:, None]).T @ X  # weights p (1 - p)
        step = np.linalg.solve(hessian, gradient)
        if np.all(np.abs(gradient) <= 1e-8 * (np.abs(residual) @ np.abs(X))):
            theta = theta + step
            return float(theta[0]), float(theta[1]), True
        value = _log_likelihood(y, z)
        for _ in range(60):  # an overshoot along a concave function: halve the step
            if _log_likelihood(y, X @ (theta + step)) >= value - 1e-12 * abs(value):
                break
            step = step / 2
        theta = theta + step
    return float(theta[0]), float(theta[1]), False
