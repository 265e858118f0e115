"""Uncertainty of a metric: chapter 13.

A metric computed on a test set is an estimate: another test set drawn from
the same population would give another value. The functions here turn one
estimate into a **confidence interval** (a range that, over repeated test
sets, contains the true value with the stated probability) or, for two models
scored on the same test set, into a **p-value**.

* :func:`wilson_interval` -- a proportion such as accuracy (Wilson 1927);
* :func:`bootstrap_interval` -- any metric, by resampling rows (Efron &
  Tibshirani 1993);
* :func:`hanley_mcneil_interval` -- ROC AUC (Hanley & McNeil 1982);
* :func:`pr_auc_logit_interval` -- PR-AUC on the logit scale (Boyd et al. 2013);
* :func:`rmse_chi2_interval` -- RMSE of normal, zero-mean residuals (chi-square);
* :func:`delong_interval` -- ROC AUC with DeLong's variance (DeLong et al. 1988).

Tests that compare two models (McNemar's, DeLong's, paired tests over queries)
are in :mod:`~pedagogy_metrics.comparison`, which builds on this module (and
not the other way round): :func:`delong_kernel`, the AUC and structural
components of inputs already checked, serves :func:`structural_components`,
:func:`delong_interval` and :func:`~pedagogy_metrics.comparison.delong_test`.

The normal, chi-square and binomial distributions are SciPy's: the book shows
how each interval is derived, the package calls the well-kept implementation.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._checks.arrays import (
    as_binary,
    as_float_count,
    as_scores,
    check_confidence,
    check_fraction,
    check_real,
)
from ._checks.inference import (
    as_binomial_counts,
    as_bootstrap_design,
    as_bootstrap_inputs,
    as_delong_inputs,
    check_bca_defined,
    check_enough_defined,
    jackknife_value,
    metric_value,
)
from .curves import auc_from_counts, roc_auc

__all__ = [
    "wilson_interval",
    "bootstrap_interval",
    "hanley_mcneil_interval",
    "pr_auc_logit_interval",
    "rmse_chi2_interval",
    "StructuralComponents",
    "structural_components",
    "delong_interval",
]


def _z(confidence: float) -> float:
    """Two-sided critical value z with P(|Z| <= z) = confidence (tail alpha / 2)."""
    from scipy.stats import norm  # SciPy is imported where it is needed

    return float(norm.isf((1.0 - confidence) / 2))


def _clip01(low: float, high: float) -> tuple[float, float]:
    return float(min(max(low, 0.0), 1.0)), float(min(max(high, 0.0), 1.0))


# ---------------------------------------------------------------------------
# Confidence intervals
# ---------------------------------------------------------------------------


def wilson_interval(
    successes: int, n: int, *, confidence: float = 0.95
) -> tuple[float, float]:
    r"""Wilson score interval for a proportion (e.g. accuracy = correct / total).

    The set of :math:`p` for which the observed :math:`\hat p = k/n` is within
    :math:`z` standard errors of :math:`p`, i.e.
    :math:`(\hat p - p)^2 \le z^2 p(1-p)/n`:

    .. math::

        \frac{\hat p + \frac{z^2}{2n}}{1 + \frac{z^2}{n}}
        \pm \frac{z}{1 + \frac{z^2}{n}}
        \sqrt{\frac{\hat p(1-\hat p)}{n} + \frac{z^2}{4n^2}}

    Parameters
    ----------
    successes : int
        Number of successes :math:`k`, with :math:`0 \le k \le n`.
    n : int
        Number of trials, at least 1.
    confidence : float, default 0.95
        Confidence level, strictly between 0 and 1; :math:`z` is the
        :math:`1 - (1 - \text{confidence})/2` normal quantile.

    Returns
    -------
    (float, float)
        Lower and upper bound, inside [0, 1].

    Notes
    -----
    Wilson (1927). Same formula as statsmodels
    ``proportion_confint(successes, n, alpha=1 - confidence, method="wilson")``,
    including its clipping to [0, 1] (the bounds at ``successes = 0`` and
    ``successes = n`` are exactly 0 and 1).

    Examples
    --------
    >>> low, high = wilson_interval(8, 10)
    >>> print(f"{low:.4f} {high:.4f}")
    0.4902 0.9433
    """
    successes, n_int, size = as_binomial_counts(successes, n)  # size: n as a float
    z = _z(check_confidence(confidence))
    p_hat = successes / n_int  # exact integers, one rounding
    shrink = 1.0 + z**2 / size
    center = (p_hat + z**2 / size / 2) / shrink
    # no n**2: n may be huge
    half_width = (
        z * math.sqrt(p_hat * (1 - p_hat) / size + (z / size / 2) ** 2) / shrink
    )
    low, high = center - half_width, center + half_width
    # The bound is exactly 0 at k = 0 and exactly 1 at k = n: no rounding noise.
    return _clip01(0.0 if successes == 0 else low, 1.0 if successes == n_int else high)


def _strata(stratum: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows grouped by stratum; at each position, its stratum's first position, size."""
    rows = np.argsort(stratum, kind="stable")
    counts = np.bincount(stratum)
    start = (np.cumsum(counts) - counts)[stratum[rows]]
    return rows, start, counts[stratum[rows]]


def _bca_levels(
    metric: Callable[..., float],
    data: list[np.ndarray],
    kwargs: dict[str, Any],
    values: np.ndarray,
    alpha: float,
) -> np.ndarray:
    """Efron's (1987) adjusted levels (alpha_1, alpha_2) of the BCa interval."""
    from scipy.stats import norm

    estimate = metric_value(metric, data, kwargs)
    below = (np.sum(values < estimate) + np.sum(values <= estimate)) / (2 * values.size)
    z0 = norm.ppf(check_bca_defined(float(below)))  # bias correction
    jackknife = np.array(
        [
            jackknife_value(metric, [np.delete(a, i, axis=0) for a in data], i, kwargs)
            for i in range(len(data[0]))
        ]
    )
    d = jackknife.mean() - jackknife
    # acceleration (0 when leaving a row out never changes the metric)
    accel = np.sum(d**3) / (6 * np.sum(d**2) ** 1.5) if d.any() else 0.0
    z = norm.ppf([alpha / 2, 1 - alpha / 2])
    shrink = 1 - accel * (z0 + z)
    levels = norm.cdf(z0 + (z0 + z) / np.where(shrink > 0, shrink, np.nan))
    # past shrink = 0 the correction is undefined: each level at its limit, 0 or 1
    return np.where(shrink > 0, levels, z > 0)


def bootstrap_interval(
    metric: Callable[..., float],
    *arrays: ArrayLike,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    seed: int | None = 0,
    method: str = "percentile",
    strata: ArrayLike | None = None,
    metric_kwargs: dict[str, Any] | None = None,
) -> tuple[float, float]:
    r"""Bootstrap interval of any metric: percentile or BCa, plain or stratified.

    Draw ``n_resamples`` samples of the ``n`` rows with replacement (the same
    row indices for every array, so pairs such as (label, score) stay
    together; with ``strata``, each stratum's rows are drawn from that
    stratum, as many as it has), compute the metric on each, and return
    quantiles of those values :math:`\hat\theta^*`. The percentile method
    takes the levels :math:`\alpha/2` and :math:`1 - \alpha/2`:

    .. math::

        \left[\, \hat\theta^*_{(\alpha/2)},\ \hat\theta^*_{(1-\alpha/2)} \,\right],
        \qquad \alpha = 1 - \text{confidence}

    BCa moves the two levels to correct for bias (:math:`z_0`) and for a
    standard error that changes with the true value (the acceleration
    :math:`a`, from the jackknife values :math:`\hat\theta_{(i)}` of the
    data without row :math:`i`, and their mean :math:`\hat\theta_{(\cdot)}`):

    .. math::

        z_0 = \Phi^{-1}\Big(\frac{\#\{\hat\theta^* < \hat\theta\}
              + \#\{\hat\theta^* \le \hat\theta\}}{2B}\Big)

        a = \frac{\sum_i (\hat\theta_{(\cdot)} - \hat\theta_{(i)})^3}
                 {6 \big[\sum_i (\hat\theta_{(\cdot)} - \hat\theta_{(i)})^2\big]^{3/2}}

        \alpha_{1,2} = \Phi\Big(z_0 + \frac{z_0 + z_{\alpha/2,\,1-\alpha/2}}
                      {1 - a (z_0 + z_{\alpha/2,\,1-\alpha/2})}\Big)

    and the interval is :math:`[\hat\theta^*_{(\alpha_1)},
    \hat\theta^*_{(\alpha_2)}]`.

    Parameters
    ----------
    metric : callable
        ``metric(*arrays, **metric_kwargs)`` returns a number, e.g.
        ``pm.accuracy`` or ``pm.roc_auc``.
    *arrays : array-like
        One or more arrays of equal length ``n`` (rows are resampled
        together).
    n_resamples : int, default 2000
        Number of bootstrap resamples :math:`B`, at least 1.
    confidence : float, default 0.95
        Confidence level, strictly between 0 and 1.
    seed : int or None, default 0
        Seed (an integer >= 0) of ``np.random.default_rng``: the same seed gives
        the same interval; None draws fresh entropy.
    method : {"percentile", "bca"}, default "percentile"
        The percentile interval, or the bias-corrected and accelerated one
        (Efron 1987), which costs ``n`` more metric evaluations (the
        jackknife).
    strata : array-like of shape (n,), optional
        The stratum of each row (any labels). Each resample keeps every
        stratum's size: ``strata=y_true`` keeps the number of positives,
        so that no resample lacks a class. Default: one stratum.
    metric_kwargs : dict, optional
        Keyword arguments passed unchanged to every call of the metric, e.g.
        ``{"average": "macro"}``. Per-row arrays are resampled only as
        ``*arrays``: ``sample_weight`` here is an error.

    Returns
    -------
    (float, float)
        Lower and upper bound: quantiles of the resample values (NumPy's
        default linear interpolation).

    Raises
    ------
    ValueError
        If the arrays are empty or differ in length, if the metric raises
        ``ValueError`` (or returns nan or inf) on more than half of the
        resamples, or, for BCa, on the data without one of its rows, or if
        every resample's value lies on one side of the estimate (:math:`z_0`
        infinite).

    Notes
    -----
    Efron & Tibshirani (1993), percentile method (chapter 13) and BCa
    (chapter 14, equations 14.9-14.15), resampling at the level of rows. A
    resample on which the metric is undefined (it raises ``ValueError``, e.g.
    ROC AUC on a resample with one class only, or returns nan or inf, as some
    libraries do with a warning) is **skipped**: the interval is then
    conditional on the metric being defined. Skipping is harmless when such
    resamples are rare; if more than half are undefined the interval means
    little, so an error is raised. Stratifying by the class removes them.

    With ``pm.roc_auc`` itself as the metric (and two arrays), each
    resample's AUC comes from its counts of negatives and positives per
    distinct score (one ``np.bincount`` of the drawn rows' keys, then
    :func:`~pedagogy_metrics.curves.auc_from_counts`) rather than a sort of
    each resample: the same exact pair count :math:`2U`, divided once, so
    the same value as ``roc_auc`` on the drawn rows, to the last bit.

    The acceleration uses the jackknife over all ``n`` rows, also with
    ``strata``; it is taken as 0 when no row changes the metric. Where
    :math:`1 - a (z_0 + z) \le 0` (a confidence near 1 with a large
    acceleration) the formula breaks down, and the level is taken at its
    limit, 0 or 1: the smallest or largest resample value. Ties count
    one half in :math:`z_0`, as in ``scipy.stats.bootstrap(method="BCa")``,
    which gives the same interval up to the randomness of the resamples.

    Examples
    --------
    >>> import pedagogy_metrics as pm
    >>> y = [1, 1, 0, 1, 0, 1, 1, 0, 1, 1]
    >>> p = [1, 0, 0, 1, 0, 1, 1, 1, 1, 1]
    >>> low, high = bootstrap_interval(pm.accuracy, y, p, n_resamples=1000, seed=0)
    >>> print(f"{low:.1f} {high:.1f}")
    0.5 1.0
    >>> s = [0.9, 0.4, 0.35, 0.8, 0.1, 0.7, 0.6, 0.65, 0.3, 0.95]  # AUC 0.81
    >>> low, high = bootstrap_interval(pm.roc_auc, y, s, method="bca", strata=y)
    >>> print(f"{low:.2f} {high:.2f}")
    0.38 1.00
    >>> t = [0, 1, 2, 2, 1, 0, 2, 1, 0, 2]  # three classes: macro F1 0.70
    >>> c = [0, 2, 2, 2, 1, 0, 1, 1, 0, 0]
    >>> low, high = bootstrap_interval(pm.f1, t, c, metric_kwargs={"average": "macro"})
    >>> print(f"{low:.2f} {high:.2f}")
    0.35 0.93
    """
    data, n_resamples, confidence, seed, kwargs = as_bootstrap_inputs(
        metric, arrays, n_resamples, confidence, seed, metric_kwargs
    )  # also runs the metric once on the data itself
    stratum = as_bootstrap_design(method, strata, len(data[0]))  # 0, 1, ... per row
    rows, start, size = _strata(stratum)  # one stratum of n rows when strata is None
    by_counts = metric is roc_auc and len(data) == 2  # ROC AUC: counts, no sorts
    if by_counts:  # each row's key: 2 * (rank of its distinct score) + its label
        y = as_binary(data[0], "arrays[0]", pos_label=kwargs.get("pos_label", 1))
        distinct = np.unique(as_scores(data[1], "arrays[1]"), return_inverse=True)[1]
        keys, n_keys = 2 * distinct.reshape(-1) + y, 2 * (int(distinct.max()) + 1)
    rng = np.random.default_rng(seed)  # seed None: fresh entropy
    values = []
    last_error: ValueError | None = None
    n = len(data[0])
    for _ in range(n_resamples):
        if strata is None:  # n rows with replacement (the same draws as the next line)
            idx = rng.integers(0, n, n)
        else:  # within strata, with replacement
            idx = rows[start + rng.integers(0, size)]
        try:
            if by_counts:  # negatives (even keys) and positives (odd) per score
                drawn = np.bincount(keys[idx], minlength=n_keys)
                neg, pos = drawn[0::2], drawn[1::2]
                if pos.any() and neg.any():  # else one class: roc_auc's error below
                    values.append(auc_from_counts(pos, neg))
                    continue
            value = metric_value(metric, [a[idx] for a in data], kwargs)
        except ValueError as err:  # metric undefined on this resample: skip it
            last_error = err
            continue
        if math.isfinite(value):  # a metric signalling "undefined" by nan/inf: skipped
            values.append(value)
    check_enough_defined(len(values), n_resamples, last_error)
    alpha = 1.0 - confidence
    levels = np.array([alpha / 2, 1 - alpha / 2])
    if method == "bca":
        levels = _bca_levels(metric, data, kwargs, np.array(values), alpha)
    low, high = np.quantile(values, levels)
    return float(low), float(high)


def hanley_mcneil_interval(
    auc: float, n_pos: int, n_neg: int, *, confidence: float = 0.95
) -> tuple[float, float]:
    r"""Wald interval for ROC AUC with the Hanley & McNeil (1982) standard error.

    .. math::

        Q_1 = \frac{A}{2 - A}, \qquad Q_2 = \frac{2A^2}{1 + A}, \\
        \mathrm{SE}^2 = \frac{A(1-A) + (n_+ - 1)(Q_1 - A^2)
                              + (n_- - 1)(Q_2 - A^2)}{n_+ n_-}, \\
        A \pm z\,\mathrm{SE}

    Parameters
    ----------
    auc : float
        Estimated AUC :math:`A`, in [0, 1].
    n_pos, n_neg : int
        Numbers of positives :math:`n_+` and negatives :math:`n_-`, each at
        least 1.
    confidence : float, default 0.95
        Confidence level, strictly between 0 and 1.

    Returns
    -------
    (float, float)
        Lower and upper bound, **clipped to [0, 1]** (an AUC cannot leave that
        range; the unclipped Wald interval can, near 0 or 1).

    Notes
    -----
    Hanley & McNeil (1982), equation (2): :math:`Q_1` and :math:`Q_2` are the
    values the paper derives for exponential score distributions and uses as
    a general approximation.

    Examples
    --------
    >>> low, high = hanley_mcneil_interval(0.8, 50, 50)
    >>> print(f"{low:.4f} {high:.4f}")
    0.7128 0.8872
    """
    a = check_fraction(auc, "auc")
    pos = as_float_count(n_pos, "n_pos", low=1)  # n+
    neg = as_float_count(n_neg, "n_neg", low=1)  # n-
    z = _z(check_confidence(confidence))
    q1 = a / (2 - a)
    q2 = 2 * a**2 / (1 + a)
    var = (a * (1 - a) + (pos - 1) * (q1 - a**2) + (neg - 1) * (q2 - a**2)) / pos / neg
    # var >= 0 in exact arithmetic; guard rounding at A = 0 or 1
    se = math.sqrt(max(var, 0.0))
    return _clip01(a - z * se, a + z * se)


def _expit(u: float) -> float:
    """The logistic function 1 / (1 + e^-u), never overflowing e^-u for u << 0."""
    if u >= 0:
        return 1.0 / (1.0 + math.exp(-u))
    return math.exp(u) / (1.0 + math.exp(u))


def pr_auc_logit_interval(
    pr_auc: float, n_pos: int, *, confidence: float = 0.95
) -> tuple[float, float]:
    r"""Logit (logistic) interval for PR-AUC.

    A Wald interval on the log-odds scale, mapped back with the logistic
    function:

    .. math::

        \eta = \log\frac{\theta}{1-\theta}, \qquad
        \tau = \frac{1}{\sqrt{n\,\theta(1-\theta)}}, \qquad
        \left[\operatorname{expit}(\eta - z\tau),\
              \operatorname{expit}(\eta + z\tau)\right]

    with :math:`\operatorname{expit}(u) = 1/(1 + e^{-u})` and :math:`n` the
    number of positives.

    Parameters
    ----------
    pr_auc : float
        Estimated PR-AUC :math:`\theta`, strictly between 0 and 1.
    n_pos : int
        Number of positives :math:`n`, at least 1.
    confidence : float, default 0.95
        Confidence level, strictly between 0 and 1.

    Returns
    -------
    (float, float)
        Lower and upper bound, strictly inside (0, 1) in exact arithmetic (a
        bound nearer to 0 than the smallest float, for a tiny ``pr_auc``,
        rounds to 0.0).

    Notes
    -----
    Boyd, Eng & Page (2013), section 3.2 (the "logit" interval).

    Examples
    --------
    >>> low, high = pr_auc_logit_interval(0.7, 100)
    >>> print(f"{low:.4f} {high:.4f}")
    0.6034 0.7816
    """
    theta = check_fraction(pr_auc, "pr_auc", strict=True, why=" (its logit)")
    n = as_float_count(n_pos, "n_pos", low=1)
    z = _z(check_confidence(confidence))
    eta = math.log(theta / (1 - theta))
    tau = 1 / math.sqrt(n * theta * (1 - theta))
    return _expit(eta - z * tau), _expit(eta + z * tau)


def rmse_chi2_interval(
    rmse: float, n: int, *, confidence: float = 0.95
) -> tuple[float, float]:
    r"""Chi-square interval for RMSE, assuming normal residuals with mean zero.

    If the residuals are i.i.d. :math:`N(0, \sigma^2)`, then
    :math:`n\,\mathrm{RMSE}^2/\sigma^2 \sim \chi^2_n`, which inverts to

    .. math::

        \left[\sqrt{\frac{n}{\chi^2_{1-\alpha/2,\,n}}}\,\mathrm{RMSE},\
              \sqrt{\frac{n}{\chi^2_{\alpha/2,\,n}}}\,\mathrm{RMSE}\right],
        \qquad \alpha = 1 - \text{confidence}

    where :math:`\chi^2_{q,n}` is the :math:`q`-quantile of the chi-square
    distribution with :math:`n` degrees of freedom. The interval is for
    :math:`\sigma`, the population RMSE.

    Parameters
    ----------
    rmse : float
        Observed RMSE, at least 0.
    n : int
        Number of residuals, at least 1.
    confidence : float, default 0.95
        Confidence level, strictly between 0 and 1.

    Returns
    -------
    (float, float)
        Lower and upper bound.

    Notes
    -----
    The chi-square interval for a variance (NIST/SEMATECH e-Handbook,
    "Chi-square test for the variance") with :math:`n` rather than
    :math:`n - 1` degrees of freedom, because the residual mean is known to be
    zero rather than estimated. Only valid for normal residuals: heavy tails
    make it too narrow (chapter 13).

    Examples
    --------
    >>> low, high = rmse_chi2_interval(2.0, 50)
    >>> print(f"{low:.4f} {high:.4f}")
    1.6734 2.4862
    """
    from scipy.stats import chi2

    rmse = check_real(rmse, "rmse", low=0.0)
    df = as_float_count(n, "n", low=1)  # degrees of freedom: n residuals
    alpha = 1.0 - check_confidence(confidence)
    # chi2_{1 - alpha/2, n} as the upper tail: accurate when alpha is tiny
    upper_quantile = chi2.isf(alpha / 2, df)
    lower_quantile = chi2.ppf(alpha / 2, df)  # chi2_{alpha/2, n}
    low = math.sqrt(df / upper_quantile) * rmse
    high = math.sqrt(df / lower_quantile) * rmse
    return float(low), float(high)


# ---------------------------------------------------------------------------
# DeLong's variance of ROC AUC
# ---------------------------------------------------------------------------


class StructuralComponents(NamedTuple):
    r"""DeLong's structural components: each case's share of the pairs it wins.

    Returned by :func:`structural_components`. The mean of either array is
    the ROC AUC.

    Attributes
    ----------
    v10 : ndarray of float
        :math:`V_{10}(X_i)` for each positive, in the order of the data: the
        share of negatives it outscores (ties one half).
    v01 : ndarray of float
        :math:`V_{01}(Y_j)` for each negative: the share of positives that
        outscore it (ties one half).

    Examples
    --------
    >>> c = structural_components([1, 1, 0, 0], [0.9, 0.4, 0.5, 0.1])
    >>> c.v10.tolist(), c.v01.tolist()
    ([1.0, 0.5], [0.5, 1.0])
    """

    v10: np.ndarray
    v01: np.ndarray


def structural_components(
    y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = 1
) -> StructuralComponents:
    r"""The structural components of ROC AUC (DeLong), from mid-ranks.

    With :math:`X_i` the scores of the :math:`n_+` positives, :math:`Y_j`
    those of the :math:`n_-` negatives and
    :math:`\psi(x, y) = [x > y] + \tfrac12 [x = y]`:

    .. math::

        V_{10}(X_i) = \frac{1}{n_-} \sum_{j=1}^{n_-} \psi(X_i, Y_j)
                    = \frac{r_i - r^+_i}{n_-}

        V_{01}(Y_j) = \frac{1}{n_+} \sum_{i=1}^{n_+} \psi(X_i, Y_j)
                    = 1 - \frac{r_j - r^-_j}{n_+}

    where :math:`r` is a case's mid-rank among all cases and :math:`r^+`,
    :math:`r^-` its mid-rank within its class (Sun & Xu 2014): no loop over
    pairs. The steps are :func:`delong_kernel`'s.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels (any two labels, the positive one ``pos_label``); both
        classes must occur.
    y_score : array-like of shape (n,)
        Model scores; higher means more positive.
    pos_label : int, float, bool or str, default 1
        The positive class of ``y_true``.

    Returns
    -------
    StructuralComponents
        ``(v10, v01)``: one value per positive and one per negative.

    Notes
    -----
    DeLong, DeLong & Clarke-Pearson (1988). Their means both equal the AUC;
    their variances give its standard error (:func:`delong_interval`) and,
    for two scores on the same cases, the covariance of the two AUCs
    (:func:`~pedagogy_metrics.comparison.delong_test`).

    Examples
    --------
    >>> structural_components([1, 0, 1, 0], [3, 1, 2, 2]).v10.tolist()
    [1.0, 0.75]
    """
    y, (s,) = as_delong_inputs(
        y_true, pos_label=pos_label, min_per_class=1, y_score=y_score
    )
    _, v10, v01 = delong_kernel(y, s)
    return StructuralComponents(v10, v01)


def _midranks(v: np.ndarray) -> np.ndarray:
    """Mid-ranks of values already checked: the steps of ``curves.midranks``."""
    v_sorted = np.sort(v)
    below = np.searchsorted(v_sorted, v, side="left")  # values strictly smaller
    at_or_below = np.searchsorted(v_sorted, v, side="right")  # values smaller or equal
    return (below + at_or_below + 1) / 2


def delong_kernel(y: np.ndarray, s: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    r"""ROC AUC and DeLong's structural components of inputs already checked.

    The computation behind :func:`structural_components`,
    :func:`delong_interval` and :func:`~pedagogy_metrics.comparison.delong_test`,
    which check their inputs once and pass them here; it checks nothing. With
    :math:`r` the mid-ranks among all cases, :math:`r^\pm` within each class
    and :math:`R_+` the sum of the positives' mid-ranks:

    .. math::

        AUC = \frac{R_+ - n_+(n_+ + 1)/2}{n_+ n_-}, \qquad
        V_{10} = \frac{r - r^+}{n_-}, \qquad V_{01} = 1 - \frac{r - r^-}{n_+}

    Parameters
    ----------
    y : ndarray of int, shape (n,)
        Labels 0/1 (int64), both classes present.
    s : ndarray, shape (n,)
        Finite scores of the same length, integers exact.

    Returns
    -------
    auc : float
        The ROC AUC, equal to :func:`~pedagogy_metrics.curves.roc_auc` to the
        last bit (the same count :math:`U`, divided once by :math:`n_+ n_-`).
    v10 : ndarray of float
        One component per positive, in the order of the data.
    v01 : ndarray of float
        One component per negative.

    Examples
    --------
    >>> import numpy as np
    >>> auc, v10, v01 = delong_kernel(np.array([1, 0, 1, 0]), np.array([3, 1, 2, 2]))
    >>> auc, v10.tolist(), v01.tolist()
    (0.875, [1.0, 0.75], [1.0, 0.75])
    """
    positive, negative = s[y == 1], s[y == 0]
    rank = _midranks(s)  # among all cases
    rank_pos = rank[y == 1]
    n_pos, n_neg = positive.size, negative.size
    u = rank_pos.sum() - n_pos * (n_pos + 1) / 2  # halves: exact below 2**52
    v10 = (rank_pos - _midranks(positive)) / n_neg
    v01 = 1 - (rank[y == 0] - _midranks(negative)) / n_pos
    return float(u / (n_pos * n_neg)), v10, v01


def delong_interval(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    confidence: float = 0.95,
    pos_label: Any = 1,
) -> tuple[float, float]:
    r"""Wald interval for ROC AUC with DeLong's (1988) variance.

    With the structural components :math:`V_{10}` (one per positive) and
    :math:`V_{01}` (one per negative) of :func:`structural_components`, and
    :math:`s^2` the sample variance (divisor :math:`n - 1`):

    .. math::

        \mathrm{SE}^2 = \frac{s^2(V_{10})}{n_+} + \frac{s^2(V_{01})}{n_-}

        \mathrm{AUC} \pm z\,\mathrm{SE}

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels (any two labels, the positive one ``pos_label``), with
        at least two positives and two negatives.
    y_score : array-like of shape (n,)
        Model scores; tied scores count one half.
    confidence : float, default 0.95
        Confidence level, strictly between 0 and 1.
    pos_label : int, float, bool or str, default 1
        The positive class of ``y_true``.

    Returns
    -------
    (float, float)
        Lower and upper bound, **clipped to [0, 1]**.

    Notes
    -----
    DeLong, DeLong & Clarke-Pearson (1988): the variance of the AUC as a
    two-sample U-statistic, estimated from the data rather than from an
    assumed score distribution (compare :func:`hanley_mcneil_interval`). The
    interval is centred on :func:`~pedagogy_metrics.curves.roc_auc`.

    Examples
    --------
    >>> low, high = delong_interval([1, 1, 1, 0, 0, 0], [0.9, 0.8, 0.3, 0.6, 0.2, 0.1])
    >>> print(f"{low:.4f} {high:.4f}")
    0.5809 1.0000
    """
    y, (s,) = as_delong_inputs(y_true, pos_label=pos_label, y_score=y_score)
    z = _z(check_confidence(confidence))
    auc, v10, v01 = delong_kernel(y, s)  # checked inputs: no second check
    se = math.sqrt(np.var(v10, ddof=1) / v10.size + np.var(v01, ddof=1) / v01.size)
    return _clip01(auc - z * se, auc + z * se)
