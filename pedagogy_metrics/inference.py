"""Uncertainty of a metric and comparison of two models: chapter 9.

A metric computed on a test set is an estimate: another test set drawn from
the same population would give another value. The functions here turn one
estimate into a **confidence interval** (a range that, over repeated test
sets, contains the true value with the stated probability) or, for two models
scored on the same test set, into a **p-value**.

* :func:`wilson_interval` -- a proportion such as accuracy (Wilson 1927);
* :func:`bootstrap_interval` -- any metric, by resampling rows (Efron & Tibshirani 1993);
* :func:`hanley_mcneil_interval` -- ROC AUC (Hanley & McNeil 1982);
* :func:`pr_auc_logit_interval` -- PR-AUC on the logit scale (Boyd et al. 2013);
* :func:`rmse_chi2_interval` -- RMSE of normal, zero-mean residuals (chi-square);
* :func:`mcnemar_test` -- one-sided exact McNemar test (McNemar 1947).

The package depends on NumPy only, so the three distribution functions the
intervals need -- the standard normal quantile, the chi-square quantile and the
tail of a Binomial(m, 1/2) -- are written out below in plain Python. Each is a
short, classical algorithm (bisection on a monotone CDF; the series and
continued fraction of the incomplete gamma function; a ratio recurrence for
binomial terms) and agrees with SciPy to about 1e-12 (see ``tests/test_inference.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ._validation import (
    as_labels,
    check_comparable,
    check_confidence,
    check_fraction,
    check_positive_int,
    check_real,
    check_same_length,
)

__all__ = [
    "wilson_interval",
    "bootstrap_interval",
    "hanley_mcneil_interval",
    "pr_auc_logit_interval",
    "rmse_chi2_interval",
    "mcnemar_test",
    "normal_quantile",
    "chi2_quantile",
    "binomial_half_upper_tail",
]


# ---------------------------------------------------------------------------
# Distribution functions (NumPy-free, exact to about 1e-12)
# ---------------------------------------------------------------------------


def _bisect(increasing: Callable[[float], float], target: float, lo: float, hi: float) -> float:
    """The x in [lo, hi] where the increasing function crosses ``target``, to the last bit."""
    while True:
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi:  # lo and hi are neighbouring floats: done
            return mid
        if increasing(mid) < target:
            lo = mid
        else:
            hi = mid


def normal_quantile(p: float) -> float:
    r"""Quantile of the standard normal distribution: the z with :math:`\Phi(z) = p`.

    .. math::

        \Phi(z) = \tfrac12 \operatorname{erfc}(-z/\sqrt{2})

    Parameters
    ----------
    p : float
        Probability, strictly between 0 and 1.

    Returns
    -------
    float
        ``z`` such that a standard normal variable is below ``z`` with probability ``p``.

    Notes
    -----
    Bisection on ``math.erfc`` until the bracket is two neighbouring
    floats; the tail below 1/2 is solved on its own side so that small ``p``
    keeps full relative precision. Matches ``scipy.stats.norm.ppf``.

    Examples
    --------
    >>> round(normal_quantile(0.975), 6)
    1.959964
    """
    p = check_real(p, "p")
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must lie strictly between 0 and 1, got {p}")
    if p == 0.5:
        return 0.0
    if p > 0.5:
        return -normal_quantile(1.0 - p)
    # For p <= 1/2, z <= 0 and Phi(z) = erfc(-z / sqrt 2) / 2 is increasing in z.
    return _bisect(lambda z: 0.5 * math.erfc(-z / math.sqrt(2.0)), p, -40.0, 0.0)


def _z(confidence: float) -> float:
    """Two-sided critical value: P(|Z| <= z) = confidence, i.e. erfc(z / sqrt 2) = 1 - confidence."""
    alpha = 1.0 - confidence
    return _bisect(lambda z: -math.erfc(z / math.sqrt(2.0)), -alpha, 0.0, 40.0)


def _gamma_lower_upper(a: float, x: float) -> tuple[float, float]:
    """Regularized incomplete gamma functions (P(a, x), Q(a, x)), P + Q = 1.

    Series for x < a + 1, Lentz's continued fraction otherwise (Numerical
    Recipes, section 6.2); each is computed where it converges fast and the
    other one is its complement.
    """
    if x <= 0.0:
        return 0.0, 1.0
    log_prefactor = a * math.log(x) - x - math.lgamma(a)  # log(x^a e^-x / Gamma(a))
    eps, tiny = 1e-17, 1e-300
    if x < a + 1.0:
        term = total = 1.0 / a  # sum_k x^k / (a (a+1) ... (a+k))
        k = a
        while abs(term) > abs(total) * eps:
            k += 1.0
            term *= x / k
            total += term
        lower = total * math.exp(log_prefactor)
        return lower, 1.0 - lower
    b = x + 1.0 - a  # continued fraction 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...)))
    c, d = 1.0 / tiny, 1.0 / b
    h, i = d, 0
    while True:
        i += 1
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        h *= d * c
        if abs(d * c - 1.0) < eps:
            break
    upper = h * math.exp(log_prefactor)
    return 1.0 - upper, upper


_WILSON_HILFERTY_DF = 10**8  # above this many degrees of freedom, chi2_quantile approximates


def chi2_quantile(p: float, df: int) -> float:
    r"""Quantile of the chi-square distribution with ``df`` degrees of freedom.

    .. math::

        F(x) = P\left(\tfrac{df}{2}, \tfrac{x}{2}\right)

    where :math:`P` is the regularized lower incomplete gamma function.

    Parameters
    ----------
    p : float
        Probability, strictly between 0 and 1.
    df : int
        Degrees of freedom, at least 1.

    Returns
    -------
    float
        ``x`` with :math:`F(x) = p`.

    Notes
    -----
    Bisection on the CDF (or, above the median, on the upper tail, for relative
    precision there). Matches ``scipy.stats.chi2.ppf``. Each CDF value needs
    about :math:`\sqrt{df}` terms, so above ``df = 10**8`` the Wilson-Hilferty
    approximation :math:`df\,(1 - h + z_p\sqrt{h})^3`, :math:`h = 2/(9\,df)`,
    is used instead: its relative error there is below 1e-11.

    Examples
    --------
    >>> round(chi2_quantile(0.975, 10), 6)
    20.483177
    """
    p = check_real(p, "p")
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must lie strictly between 0 and 1, got {p}")
    df = check_positive_int(df, "df")
    if df > _WILSON_HILFERTY_DF:
        h = 2.0 / (9.0 * df)
        return df * (1.0 - h + normal_quantile(p) * math.sqrt(h)) ** 3
    a = df / 2.0
    hi = float(max(df, 1))
    if p <= 0.5:
        cdf = lambda x: _gamma_lower_upper(a, x / 2.0)[0]  # noqa: E731
        target = p
    else:  # work with the upper tail Q, which is decreasing: bisect on -Q
        cdf = lambda x: -_gamma_lower_upper(a, x / 2.0)[1]  # noqa: E731
        target = -(1.0 - p)
    while cdf(hi) < target:
        hi *= 2.0
    return _bisect(cdf, target, 0.0, hi)


_EXACT_TERM_MAX = 10**4  # math.comb(m, k) takes ~3 ms here, ~7 s at m = 10**6


def _stirling_error(n: int) -> float:
    """log(n!) - log(sqrt(2 pi n) (n/e)^n): what Stirling's formula misses (its series for n > 15)."""
    if n <= 15:
        return math.lgamma(n + 1) - (n + 0.5) * math.log(n) + n - 0.5 * math.log(2 * math.pi)
    n2 = n * n
    return (1 / 12 - (1 / 360 - (1 / 1260 - (1 / 1680 - 1 / (1188 * n2)) / n2) / n2) / n2) / n


def _deviance(x: float, mean: float) -> float:
    """x log(x / mean) + mean - x, by a series without cancellation when x is near mean."""
    if abs(x - mean) >= 0.1 * (x + mean):
        return x * math.log(x / mean) + mean - x
    v = (x - mean) / (x + mean)
    total, term, j = (x - mean) * v, 2 * x * v, 1
    while True:
        term *= v * v
        new_total = total + term / (2 * j + 1)
        if new_total == total:
            return total
        total, j = new_total, j + 1


def _half_binomial_pmf(k: int, m: int) -> float:
    r"""P(X = k) for X ~ Binomial(m, 1/2), 0 < k <= m, to about 1e-14 relative, for any m.

    Loader (2000), "Fast and accurate computation of binomial probabilities"
    (R's ``dbinom``): Stirling's formula for the three factorials, with its
    error terms and the deviances computed apart so nothing cancels.
    """
    if k == m:
        return math.ldexp(1.0, -m)
    log_pmf = (_stirling_error(m) - _stirling_error(k) - _stirling_error(m - k)
               - _deviance(k, m / 2) - _deviance(m - k, m / 2))
    return math.exp(log_pmf) * math.sqrt(m / (2 * math.pi * k * (m - k)))


def binomial_half_upper_tail(k: int, m: int) -> float:
    r"""Upper tail :math:`P(X \ge k)` of :math:`X \sim \mathrm{Binomial}(m, 1/2)`.

    .. math::

        P(X \ge k) = \frac{1}{2^m} \sum_{j=k}^{m} \binom{m}{j}

    Parameters
    ----------
    k : int
        Threshold (any integer; ``k <= 0`` gives 1, ``k > m`` gives 0).
    m : int
        Number of trials, at least 0.

    Returns
    -------
    float
        The tail probability.

    Notes
    -----
    When the tail lies above the mean, its first term :math:`\binom{m}{k}/2^m`
    is computed exactly with integers (for :math:`m \le 10^4`; above, the
    integers get slow and Loader's (2000) saddle-point form
    ``_half_binomial_pmf`` is used) and the next ones by the ratio
    :math:`\binom{m}{j+1} / \binom{m}{j} = (m-j)/(j+1) < 1` until they no
    longer change the sum. A tail that starts at or below the mean is one minus
    the mirror tail :math:`P(X \ge m - k + 1)` (the distribution is symmetric).
    Matches ``scipy.stats.binomtest(k, m, 0.5, alternative="greater").pvalue``.

    Examples
    --------
    >>> binomial_half_upper_tail(8, 10)  # (45 + 10 + 1) / 1024
    0.0546875
    """
    k = check_positive_int(k, "k", low=-(2**62))
    m = check_positive_int(m, "m", low=0)
    if k <= 0:
        return 1.0
    if k > m:
        return 0.0
    if 2 * k <= m:  # the tail starts at or below the mean: use the mirror tail
        return 1.0 - binomial_half_upper_tail(m - k + 1, m)
    if m <= _EXACT_TERM_MAX:
        term = math.comb(m, k) / 2**m  # exact integers, one correctly rounded division
    else:
        term = _half_binomial_pmf(k, m)
    total, j = term, k
    while j < m:
        term *= (m - j) / (j + 1)
        if total + term == total:
            break
        total += term
        j += 1
    return min(total, 1.0)


# ---------------------------------------------------------------------------
# Argument checks specific to this module
# ---------------------------------------------------------------------------


def _count(value: Any, name: str, *, low: int = 0) -> int:
    """A whole number >= low (3 and 3.0 are accepted, 2.5 is not)."""
    x = check_real(value, name)
    if not x.is_integer():
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if x < low:
        raise ValueError(f"{name} must be >= {low}, got {value!r}")
    return int(x)


def _clip01(low: float, high: float) -> tuple[float, float]:
    return float(min(max(low, 0.0), 1.0)), float(min(max(high, 0.0), 1.0))


# ---------------------------------------------------------------------------
# Confidence intervals
# ---------------------------------------------------------------------------


def wilson_interval(successes: int, n: int, *, confidence: float = 0.95) -> tuple[float, float]:
    r"""Wilson score interval for a proportion (e.g. accuracy = correct / total).

    The set of :math:`p` for which the observed :math:`\hat p = k/n` is within
    :math:`z` standard errors of :math:`p`, i.e. :math:`(\hat p - p)^2 \le z^2 p(1-p)/n`:

    .. math::

        \frac{\hat p + \frac{z^2}{2n}}{1 + \frac{z^2}{n}}
        \pm \frac{z}{1 + \frac{z^2}{n}} \sqrt{\frac{\hat p(1-\hat p)}{n} + \frac{z^2}{4n^2}}

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
    n = _count(n, "n", low=1)
    successes = _count(successes, "successes")
    if successes > n:
        raise ValueError(f"successes must be <= n = {n}, got {successes}")
    z = _z(check_confidence(confidence))
    p_hat = successes / n
    shrink = 1.0 + z**2 / n
    center = (p_hat + z**2 / n / 2) / shrink
    half_width = z * math.sqrt(p_hat * (1 - p_hat) / n + (z / n / 2) ** 2) / shrink  # no n**2: n may be huge
    low, high = center - half_width, center + half_width
    # The bound is exactly 0 at k = 0 and exactly 1 at k = n; avoid rounding noise like 1e-18.
    return _clip01(0.0 if successes == 0 else low, 1.0 if successes == n else high)


def bootstrap_interval(
    metric: Callable[..., float],
    *arrays: ArrayLike,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    seed: int = 0,
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
        ``metric(*arrays)`` returns a number, e.g. ``pm.accuracy`` or ``pm.roc_auc``.
    *arrays : array-like
        One or more 1-D arrays of equal length ``n`` (rows are resampled together).
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
        ``ValueError`` (or returns nan or inf) on more than half of the resamples.

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
    if not arrays:
        raise ValueError("arrays: give at least one array to resample")
    if not callable(metric):
        raise TypeError(f"metric must be callable, got {type(metric).__name__}")
    data = [np.asarray(a) for a in arrays]
    for i, a in enumerate(data):
        if a.ndim == 0 or a.shape[0] == 0:
            raise ValueError(f"arrays[{i}] must be a non-empty 1-D array-like")
    n = check_same_length(**{f"arrays[{i}]": a for i, a in enumerate(data)})
    n_resamples = check_positive_int(n_resamples, "n_resamples")
    alpha = 1.0 - check_confidence(confidence)
    if seed is not None:  # None: fresh entropy, a different interval each call
        seed = check_positive_int(seed, "seed", low=0)
    rng = np.random.default_rng(seed)
    values = []
    for _ in range(n_resamples):
        idx = rng.integers(0, n, size=n)  # n row indices drawn with replacement
        try:
            value = float(metric(*(a[idx] for a in data)))
        except ValueError:  # metric undefined on this resample: skip it
            continue
        if math.isfinite(value):  # a metric that signals "undefined" by nan/inf is skipped too
            values.append(value)
    if len(values) * 2 < n_resamples:
        raise ValueError(
            f"metric: undefined (ValueError, nan or inf) on {n_resamples - len(values)} of "
            f"{n_resamples} resamples; the bootstrap interval would be meaningless"
        )
    low, high = np.quantile(values, [alpha / 2, 1 - alpha / 2])
    return float(low), float(high)


def hanley_mcneil_interval(
    auc: float, n_pos: int, n_neg: int, *, confidence: float = 0.95
) -> tuple[float, float]:
    r"""Wald interval for ROC AUC with the Hanley & McNeil (1982) standard error.

    .. math::

        Q_1 = \frac{A}{2 - A}, \qquad Q_2 = \frac{2A^2}{1 + A}, \\
        \mathrm{SE}^2 = \frac{A(1-A) + (n_+ - 1)(Q_1 - A^2) + (n_- - 1)(Q_2 - A^2)}{n_+ n_-}, \\
        A \pm z\,\mathrm{SE}

    Parameters
    ----------
    auc : float
        Estimated AUC :math:`A`, in [0, 1].
    n_pos, n_neg : int
        Numbers of positives :math:`n_+` and negatives :math:`n_-`, each at least 1.
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
    n_pos = _count(n_pos, "n_pos", low=1)
    n_neg = _count(n_neg, "n_neg", low=1)
    z = _z(check_confidence(confidence))
    q1 = a / (2 - a)
    q2 = 2 * a**2 / (1 + a)
    var = (a * (1 - a) + (n_pos - 1) * (q1 - a**2) + (n_neg - 1) * (q2 - a**2)) / n_pos / n_neg
    se = math.sqrt(max(var, 0.0))  # var >= 0 in exact arithmetic; guard rounding at A = 0 or 1
    return _clip01(a - z * se, a + z * se)


def _expit(u: float) -> float:
    """The logistic function 1 / (1 + e^-u), without overflowing e^-u for a very negative u."""
    if u >= 0:
        return 1.0 / (1.0 + math.exp(-u))
    return math.exp(u) / (1.0 + math.exp(u))


def pr_auc_logit_interval(
    pr_auc: float, n_pos: int, *, confidence: float = 0.95
) -> tuple[float, float]:
    r"""Logit (logistic) interval for PR-AUC.

    A Wald interval on the log-odds scale, mapped back with the logistic function:

    .. math::

        \eta = \log\frac{\theta}{1-\theta}, \qquad
        \tau = \frac{1}{\sqrt{n\,\theta(1-\theta)}}, \qquad
        \left[\operatorname{expit}(\eta - z\tau),\ \operatorname{expit}(\eta + z\tau)\right]

    with :math:`\operatorname{expit}(u) = 1/(1 + e^{-u})` and :math:`n` the number of positives.

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
        Lower and upper bound, strictly inside (0, 1) in exact arithmetic (a bound
        nearer to 0 than the smallest float, for a tiny ``pr_auc``, rounds to 0.0).

    Notes
    -----
    Boyd, Eng & Page (2013), section 3.2 (the "logit" interval).

    Examples
    --------
    >>> low, high = pr_auc_logit_interval(0.7, 100)
    >>> print(f"{low:.4f} {high:.4f}")
    0.6034 0.7816
    """
    theta = check_real(pr_auc, "pr_auc")
    if not 0.0 < theta < 1.0:
        raise ValueError(f"pr_auc must lie strictly between 0 and 1 (its logit), got {theta}")
    n = _count(n_pos, "n_pos", low=1)
    z = _z(check_confidence(confidence))
    eta = math.log(theta / (1 - theta))
    tau = 1 / math.sqrt(n * theta * (1 - theta))
    return _expit(eta - z * tau), _expit(eta + z * tau)


def rmse_chi2_interval(rmse: float, n: int, *, confidence: float = 0.95) -> tuple[float, float]:
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
    n = _count(n, "n", low=1)
    alpha = 1.0 - check_confidence(confidence)
    low = math.sqrt(n / chi2_quantile(1 - alpha / 2, n)) * rmse
    high = math.sqrt(n / chi2_quantile(alpha / 2, n)) * rmse
    return float(low), float(high)


# ---------------------------------------------------------------------------
# Comparing two models
# ---------------------------------------------------------------------------


def mcnemar_test(y_true: ArrayLike, y_pred_1: ArrayLike, y_pred_2: ArrayLike) -> float:
    r"""One-sided exact McNemar test: is model 1 more accurate than model 2?

    Only the **discordant** samples matter: :math:`n_{12}` where model 1 is
    right and model 2 wrong, :math:`n_{21}` the reverse. Under the null
    hypothesis that model 1 is not more accurate, each discordant sample is at
    best a fair coin flip, so

    .. math::

        p = P(X \ge n_{12}), \qquad X \sim \mathrm{Binomial}(n_{12} + n_{21}, \tfrac12)

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
    McNemar (1947), exact (binomial) version, one-sided. Equals
    ``scipy.stats.binomtest(n12, n12 + n21, 0.5, alternative="greater").pvalue``.
    statsmodels' ``mcnemar(exact=True)`` is two-sided instead.

    Examples
    --------
    >>> y  = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
    >>> m1 = [1, 1, 1, 1, 0, 0, 0, 0, 0, 1]
    >>> m2 = [0, 0, 0, 1, 0, 0, 1, 0, 0, 1]
    >>> mcnemar_test(y, m1, m2)  # n12 = 4, n21 = 0: 1/16
    0.0625
    """
    t = as_labels(y_true, "y_true")
    p1 = as_labels(y_pred_1, "y_pred_1")
    p2 = as_labels(y_pred_2, "y_pred_2")
    check_same_length(y_true=t, y_pred_1=p1, y_pred_2=p2)
    check_comparable(t, "y_true", p1, "y_pred_1")
    check_comparable(t, "y_true", p2, "y_pred_2")
    right_1, right_2 = p1 == t, p2 == t
    n12 = int(np.sum(right_1 & ~right_2))
    n21 = int(np.sum(~right_1 & right_2))
    if n12 + n21 == 0:
        return 1.0
    return binomial_half_upper_tail(n12, n12 + n21)
