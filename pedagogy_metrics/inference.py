"""Uncertainty of a metric and comparison of two models: chapter 9.

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
* :func:`mcnemar_test` -- one-sided exact McNemar test (McNemar 1947).

The normal, chi-square and binomial distributions are SciPy's: the book shows
how each interval is derived, the package calls the well-kept implementation.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats

from ._validation import (
    as_binomial_counts,
    as_bootstrap_inputs,
    as_common_labels,
    as_float_count,
    check_confidence,
    check_enough_defined,
    check_fraction,
    check_real,
    metric_value,
)

__all__ = [
    "wilson_interval",
    "bootstrap_interval",
    "hanley_mcneil_interval",
    "pr_auc_logit_interval",
    "rmse_chi2_interval",
    "mcnemar_test",
]


def _z(confidence: float) -> float:
    """Two-sided critical value z with P(|Z| <= z) = confidence (tail alpha / 2)."""
    return float(stats.norm.isf((1.0 - confidence) / 2))


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


def bootstrap_interval(
    metric: Callable[..., float],
    *arrays: ArrayLike,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    seed: int | None = 0,
) -> tuple[float, float]:
    r"""Percentile bootstrap interval of any metric.

    Draw ``n_resamples`` samples of the ``n`` rows with replacement (the same
    row indices for every array, so pairs such as (label, score) stay
    together), compute the metric on each, and return the empirical
    quantiles of those values:

    .. math::

        \left[\, \hat\theta^*_{(\alpha/2)},\ \hat\theta^*_{(1-\alpha/2)} \,\right],
        \qquad \alpha = 1 - \text{confidence}

    Parameters
    ----------
    metric : callable
        ``metric(*arrays)`` returns a number, e.g. ``pm.accuracy`` or
        ``pm.roc_auc``.
    *arrays : array-like
        One or more 1-D arrays of equal length ``n`` (rows are resampled
        together).
    n_resamples : int, default 2000
        Number of bootstrap resamples, at least 1.
    confidence : float, default 0.95
        Confidence level, strictly between 0 and 1.
    seed : int or None, default 0
        Seed (an integer >= 0) of ``np.random.default_rng``: the same seed gives
        the same interval; None draws fresh entropy.

    Returns
    -------
    (float, float)
        Lower and upper percentile (NumPy's default linear interpolation).

    Raises
    ------
    ValueError
        If the arrays are empty or differ in length, or if the metric raises
        ``ValueError`` (or returns nan or inf) on more than half of the
        resamples.

    Notes
    -----
    Efron & Tibshirani (1993), percentile method, resampling at the level of
    rows (samples/predictions). A resample on which the metric is undefined
    (it raises ``ValueError``, e.g. ROC AUC on a resample with one class only,
    or returns nan or inf, as some libraries do with a warning) is
    **skipped**: the interval is then conditional on the metric being defined.
    Skipping is harmless when such resamples are rare; if more than half are
    undefined the interval means little, so an error is raised.

    Examples
    --------
    >>> import pedagogy_metrics as pm
    >>> y = [1, 1, 0, 1, 0, 1, 1, 0, 1, 1]
    >>> p = [1, 0, 0, 1, 0, 1, 1, 1, 1, 1]
    >>> low, high = bootstrap_interval(pm.accuracy, y, p, n_resamples=1000, seed=0)
    >>> print(f"{low:.1f} {high:.1f}")
    0.5 1.0
    """
    data, n_resamples, confidence, seed = as_bootstrap_inputs(
        metric, arrays, n_resamples, confidence, seed
    )  # also runs the metric once on the data itself
    alpha = 1.0 - confidence
    n = len(data[0])  # rows, resampled together
    rng = np.random.default_rng(seed)  # seed None: fresh entropy
    values = []
    last_error: ValueError | None = None
    for _ in range(n_resamples):
        idx = rng.integers(0, n, size=n)  # n row indices drawn with replacement
        try:
            value = metric_value(metric, [a[idx] for a in data])
        except ValueError as err:  # metric undefined on this resample: skip it
            last_error = err
            continue
        if math.isfinite(value):  # a metric signalling "undefined" by nan/inf: skipped
            values.append(value)
    check_enough_defined(len(values), n_resamples, last_error)
    low, high = np.quantile(values, [alpha / 2, 1 - alpha / 2])
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
    make it too narrow (chapter 9).

    Examples
    --------
    >>> low, high = rmse_chi2_interval(2.0, 50)
    >>> print(f"{low:.4f} {high:.4f}")
    1.6734 2.4862
    """
    rmse = check_real(rmse, "rmse", low=0.0)
    df = as_float_count(n, "n", low=1)  # degrees of freedom: n residuals
    alpha = 1.0 - check_confidence(confidence)
    # chi2_{1 - alpha/2, n} as the upper tail: accurate when alpha is tiny
    upper_quantile = stats.chi2.isf(alpha / 2, df)
    lower_quantile = stats.chi2.ppf(alpha / 2, df)  # chi2_{alpha/2, n}
    low = math.sqrt(df / upper_quantile) * rmse
    high = math.sqrt(df / lower_quantile) * rmse
    return float(low), float(high)


# ---------------------------------------------------------------------------
# Comparing two models
# ---------------------------------------------------------------------------


def mcnemar_test(y_true: ArrayLike, y_pred_1: ArrayLike, y_pred_2: ArrayLike) -> float:
    r"""One-sided exact McNemar test of whether model 1 beats model 2 in accuracy.

    Only the **discordant** samples matter: :math:`n_{12}` where model 1 is
    right and model 2 wrong, :math:`n_{21}` the reverse. Under the null
    hypothesis that model 1 is not more accurate, each discordant sample is at
    best a fair coin flip, so

    .. math::

        p = P(X \ge n_{12}), \qquad
        X \sim \mathrm{Binomial}(n_{12} + n_{21}, \tfrac12)

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels (any labels: binary or multi-class).
    y_pred_1, y_pred_2 : array-like of shape (n,)
        Predicted labels of model 1 and model 2 on the same samples.

    Returns
    -------
    float
        The p-value; 1.0 when there are no discordant samples.

    Notes
    -----
    McNemar (1947), exact (binomial) version, one-sided. Equals SciPy's
    ``stats.binomtest(n12, n12 + n21, 0.5, alternative="greater").pvalue``.
    statsmodels' ``mcnemar(exact=True)`` is two-sided instead.

    Examples
    --------
    >>> y  = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
    >>> m1 = [1, 1, 1, 1, 0, 0, 0, 0, 0, 1]
    >>> m2 = [0, 0, 0, 1, 0, 0, 1, 0, 0, 1]
    >>> mcnemar_test(y, m1, m2)  # n12 = 4, n21 = 0: 1/16
    0.0625
    """
    t, p1, p2 = as_common_labels(y_true=y_true, y_pred_1=y_pred_1, y_pred_2=y_pred_2)
    right_1, right_2 = p1 == t, p2 == t
    n12 = int(np.sum(right_1 & ~right_2))
    n21 = int(np.sum(~right_1 & right_2))
    if n12 + n21 == 0:
        return 1.0
    return float(stats.binom.sf(n12 - 1, n12 + n21, 0.5))  # P(X >= n12)
