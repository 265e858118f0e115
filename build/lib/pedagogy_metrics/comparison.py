"""Comparing two models on the same test set: chapter 14.

Two models scored on the **same** cases (or queries) are compared through
their paired differences: the case-to-case variation they share cancels, and
the test is sharper than comparing two separate intervals.

* :func:`mcnemar_test` -- accuracy of two classifiers, from the cases where
  exactly one is right (McNemar 1947), exact or mid-p, two-sided or one-sided;
* :func:`delong_test` -- ROC AUC of two scores of the same cases (DeLong et
  al. 1988);
* :func:`paired_t_test` and :func:`randomization_test` -- the mean
  difference of per-query scores of two ranking systems (Student's t; Fisher's
  sign-flip randomization, Smucker et al. 2007);
* :func:`holm_adjust` -- p-values of many comparisons, adjusted so that the
  chance of any false rejection stays below the level (Holm 1979).

The normal, t and binomial distributions are SciPy's.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._checks.arrays import check_choice
from ._checks.inference import (
    ALTERNATIVES,
    MCNEMAR_METHODS,
    as_delong_inputs,
    as_mcnemar_inputs,
    as_p_values,
    as_paired_differences,
    as_randomization_inputs,
)
from .inference import delong_kernel

__all__ = [
    "MCNEMAR_METHODS",
    "McNemarTest",
    "mcnemar_test",
    "DeLongTest",
    "delong_test",
    "PairedTTest",
    "paired_t_test",
    "randomization_test",
    "holm_adjust",
]


# ---- McNemar: two classifiers' accuracy ------------------------------------------


class McNemarTest(NamedTuple):
    """The result of :func:`mcnemar_test`.

    A tuple: ``n_12, n_21, p_value = mcnemar_test(...)`` unpacks it.

    Attributes
    ----------
    n_12 : int
        Samples on which model 1 is right and model 2 wrong.
    n_21 : int
        Samples on which model 2 is right and model 1 wrong.
    p_value : float
        The p-value of the alternative asked for.

    Examples
    --------
    >>> test = mcnemar_test([1, 1, 1, 0], [1, 1, 1, 0], [0, 0, 1, 0])
    >>> test.n_12, test.n_21, test.p_value
    (2, 0, 0.5)
    """

    n_12: int
    n_21: int
    p_value: float


def mcnemar_test(
    y_true: ArrayLike,
    y_pred_1: ArrayLike,
    y_pred_2: ArrayLike,
    *,
    method: str = "exact",
    alternative: str = "two-sided",
) -> McNemarTest:
    r"""Test equal accuracy of two classifiers on the same samples (McNemar's test).

    Only the **discordant** samples matter: :math:`n_{12}` where model 1 is
    right and model 2 wrong, :math:`n_{21}` the reverse. If the two models
    are equally accurate, each discordant sample is a fair coin flip, so
    :math:`n_{12}` is a draw of :math:`X \sim \mathrm{Binomial}(m, \tfrac12)`,
    :math:`m = n_{12} + n_{21}`. With the lower tail
    :math:`F(k) = P(X \le k)`, or :math:`P(X < k) + \tfrac12 P(X = k)` for
    the mid-p value, and :math:`X` distributed as :math:`m - X`:

    .. math::

        p_{\text{greater}} = P(X \ge n_{12}) = F(n_{21}), \qquad
        p_{\text{less}} = P(X \le n_{12}) = F(n_{12}),

        p_{\text{two-sided}} = \min\big(1,\ 2\,F(\min(n_{12}, n_{21}))\big)

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels (any labels: binary or multi-class, numbers or strings).
    y_pred_1, y_pred_2 : array-like of shape (n,)
        Predicted labels of model 1 and model 2 on the same samples, of the
        same kind as ``y_true``; a prediction is right when it equals the
        true label.
    method : {"exact", "mid-p"}, default "exact"
        The exact binomial tail, or the mid-p value, which counts the
        observed value one half.
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        ``"two-sided"``: the accuracies differ (twice the smaller tail);
        ``"greater"``: model 1 is more accurate; ``"less"``: model 1 is
        less accurate.

    Returns
    -------
    McNemarTest
        ``(n_12, n_21, p_value)``; the p-value is 1.0 when no sample is
        discordant.

    Notes
    -----
    McNemar (1947), exact (binomial) version. The two-sided exact p-value
    equals statsmodels' ``mcnemar(table, exact=True).pvalue`` and R's
    ``binom.test(n12, n12 + n21)``; ``"greater"`` equals SciPy's
    ``stats.binomtest(n12, n12 + n21, 0.5, alternative="greater").pvalue``,
    the one-sided test of note 001. The exact test never rejects more often
    than its level, and usually less (the binomial is discrete); the mid-p
    value (Lancaster 1961; Fagerland, Lydersen & Laake 2013) is closer to
    the level, and may exceed it slightly.

    Examples
    --------
    >>> y  = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
    >>> m1 = [1, 1, 1, 1, 0, 0, 0, 0, 0, 1]
    >>> m2 = [0, 0, 0, 1, 0, 0, 1, 0, 0, 1]
    >>> mcnemar_test(y, m1, m2)  # n12 = 4, n21 = 0: 2 / 16
    McNemarTest(n_12=4, n_21=0, p_value=0.125)
    >>> mcnemar_test(y, m1, m2, alternative="greater").p_value  # 1/16
    0.0625
    >>> mcnemar_test(y, m1, m2, alternative="greater", method="mid-p").p_value
    0.03125
    """
    from scipy.stats import binom  # SciPy is imported where it is needed

    check_choice(method, "method", MCNEMAR_METHODS)
    check_choice(alternative, "alternative", ALTERNATIVES)
    t, p1, p2 = as_mcnemar_inputs(y_true, y_pred_1, y_pred_2)
    right_1, right_2 = p1 == t, p2 == t
    n12 = int(np.sum(right_1 & ~right_2))
    n21 = int(np.sum(~right_1 & right_2))
    m = n12 + n21
    if m == 0:  # no discordant sample: nothing tells the models apart
        return McNemarTest(n12, n21, 1.0)

    def tail(k: int) -> float:  # P(X <= k); mid-p: halfway to P(X < k) = P(X <= k - 1)
        at_most = binom.cdf(k, m, 0.5)
        if method == "mid-p":
            return float((at_most + binom.cdf(k - 1, m, 0.5)) / 2)
        return float(at_most)

    p_value = {
        "greater": tail(n21),  # P(X >= n12) = P(X <= n21)
        "less": tail(n12),  # P(X <= n12)
        "two-sided": min(1.0, 2 * tail(min(n12, n21))),  # twice the smaller tail
    }[alternative]
    return McNemarTest(n12, n21, p_value)


# ---- DeLong: two AUCs on the same cases ------------------------------------------


class DeLongTest(NamedTuple):
    """The result of :func:`delong_test`.

    A tuple: ``auc_1, auc_2, z, p_value = delong_test(...)`` unpacks it.

    Attributes
    ----------
    auc_1 : float
        ROC AUC of the first score.
    auc_2 : float
        ROC AUC of the second score.
    z : float
        The standardised difference :math:`(AUC_1 - AUC_2) / SE`.
    p_value : float
        Two-sided p-value of equal AUCs.

    Examples
    --------
    >>> y = [1, 1, 1, 0, 0, 0]
    >>> test = delong_test(y, [0.9, 0.8, 0.3, 0.6, 0.2, 0.1], [3, 2, 1, 1, 2, 0])
    >>> print(f"{test.auc_1:.3f} {test.auc_2:.3f} p = {test.p_value:.3f}")
    0.889 0.778 p = 0.593
    """

    auc_1: float
    auc_2: float
    z: float
    p_value: float


def delong_test(
    y_true: ArrayLike,
    y_score_1: ArrayLike,
    y_score_2: ArrayLike,
    *,
    pos_label: Any = 1,
) -> DeLongTest:
    r"""Test equal ROC AUC of two scores of the same cases (DeLong's test).

    With the AUC and the structural components of each score
    (:func:`~pedagogy_metrics.inference.delong_kernel`), the
    variance of the difference comes from the per-case differences of the
    components (:math:`s^2`: sample variance, divisor :math:`n - 1`):

    .. math::

        \mathrm{SE}^2 = \frac{s^2(V^{(1)}_{10} - V^{(2)}_{10})}{n_+}
                      + \frac{s^2(V^{(1)}_{01} - V^{(2)}_{01})}{n_-}

        z = \frac{AUC_1 - AUC_2}{\mathrm{SE}}, \qquad
        p = 2\,\big(1 - \Phi(|z|)\big)

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels (any two labels, the positive one ``pos_label``), with
        at least two positives and two negatives.
    y_score_1, y_score_2 : array-like of shape (n,)
        The two models' scores of the same cases.
    pos_label : int, float, bool or str, default 1
        The positive class of ``y_true``.

    Returns
    -------
    DeLongTest
        ``(auc_1, auc_2, z, p_value)``. When the two scores have identical
        structural components (they rank the cases alike), ``z = 0`` and
        ``p = 1``; when the difference has no variance but is not 0, ``z``
        is infinite and ``p = 0``.

    Notes
    -----
    DeLong, DeLong & Clarke-Pearson (1988). The variance of the difference
    equals :math:`\mathrm{Var}(AUC_1) + \mathrm{Var}(AUC_2) - 2\,
    \mathrm{Cov}(AUC_1, AUC_2)` with their covariance matrix of the
    components; written with differences it cannot come out negative by
    rounding. The same test as R's ``pROC::roc.test(method="delong")``.

    Examples
    --------
    >>> y = [1, 1, 1, 0, 0, 0]
    >>> z = delong_test(y, [0.9, 0.8, 0.3, 0.6, 0.2, 0.1], [3, 2, 1, 1, 2, 0]).z
    >>> round(z, 4)  # (8/9 - 7/9) / SE
    0.5345
    """
    from scipy.stats import norm  # SciPy is imported where it is needed

    y, (s1, s2) = as_delong_inputs(
        y_true, pos_label=pos_label, y_score_1=y_score_1, y_score_2=y_score_2
    )
    auc_1, v10_1, v01_1 = delong_kernel(y, s1)  # checked inputs: no second check
    auc_2, v10_2, v01_2 = delong_kernel(y, s2)
    d10, d01 = v10_1 - v10_2, v01_1 - v01_2  # per positive, per negative
    if not d10.any() and not d01.any():  # the same ranking of the cases
        return DeLongTest(auc_1, auc_2, 0.0, 1.0)
    se = math.sqrt(np.var(d10, ddof=1) / d10.size + np.var(d01, ddof=1) / d01.size)
    z = (auc_1 - auc_2) / se if se > 0 else math.copysign(math.inf, auc_1 - auc_2)
    return DeLongTest(auc_1, auc_2, z, float(2 * norm.sf(abs(z))))


# ---- per-query scores of two ranking systems ---------------------------------------


class PairedTTest(NamedTuple):
    """The result of :func:`paired_t_test`.

    A tuple: ``t, p_value = paired_t_test(a, b)`` unpacks it.

    Attributes
    ----------
    t : float
        The t statistic of the mean difference.
    p_value : float
        Two-sided p-value, from Student's t with :math:`n - 1` degrees of
        freedom.

    Examples
    --------
    >>> t, p_value = paired_t_test([0.5, 0.7, 0.6], [0.4, 0.5, 0.6])
    >>> round(t, 4)  # mean 0.1, SE 0.1 / sqrt(3): sqrt(3)
    1.7321
    """

    t: float
    p_value: float


def paired_t_test(a: ArrayLike, b: ArrayLike) -> PairedTTest:
    r"""Paired t-test of equal means: per-query scores of two systems.

    With the differences :math:`d_q = a_q - b_q` over :math:`n` queries, their
    mean :math:`\bar d` and sample standard deviation :math:`s_d`:

    .. math::

        t = \frac{\bar d}{s_d / \sqrt{n}}, \qquad
        p = 2\, P(T_{n-1} \ge |t|)

    Parameters
    ----------
    a, b : array-like of shape (n,)
        The two systems' scores (e.g. AP) on the same queries, at least two.

    Returns
    -------
    PairedTTest
        ``(t, p_value)``.

    Notes
    -----
    Equals ``scipy.stats.ttest_rel(a, b)`` (Student 1908), except when every
    difference is 0: SciPy gives nan, here ``t = 0`` and ``p = 1`` (nothing
    separates the systems). When every difference is the same non-zero
    number, ``t`` is infinite and ``p = 0``, as in SciPy. Smucker, Allan &
    Carterette (2007) find it agrees closely with the randomization test
    on TREC runs.

    Examples
    --------
    >>> result = paired_t_test([0.5, 0.7, 0.6, 0.9], [0.4, 0.5, 0.6, 0.6])
    >>> print(f"t = {result.t:.3f}, p = {result.p_value:.3f}")
    t = 2.324, p = 0.103
    """
    from scipy.stats import t as student_t  # SciPy is imported where it is needed

    d = as_paired_differences(a, b, min_pairs=2)
    mean = float(np.mean(d))
    se = float(np.std(d, ddof=1)) / math.sqrt(d.size)
    if se == 0 and mean == 0:  # the systems agree on every query
        return PairedTTest(0.0, 1.0)
    t = mean / se if se > 0 else math.copysign(math.inf, mean)  # inf: all d equal
    return PairedTTest(t, float(2 * student_t.sf(abs(t), d.size - 1)))


_BLOCK = 2**20  # sign flips evaluated at once: at most this many signs in memory


def _sign_flips(n: int, n_flips: int, exact: bool, seed: int | None) -> Iterator:
    """Blocks of sign vectors (rows of +1 and -1): all 2**n, or n_flips random."""
    rows = max(1, _BLOCK // n)
    rng = np.random.default_rng(seed)
    for start in range(0, n_flips, rows):
        stop = min(start + rows, n_flips)
        if exact:  # the bits of start, ..., stop - 1 choose the signs
            bits = (np.arange(start, stop)[:, None] >> np.arange(n)) & 1
        else:
            bits = rng.integers(0, 2, size=(stop - start, n), dtype=np.int8)
        yield 1 - 2 * bits.astype(np.int8)


def randomization_test(
    a: ArrayLike, b: ArrayLike, *, n_resamples: int = 10_000, seed: int | None = 0
) -> float:
    r"""Paired randomization (sign-flip) test of a zero mean difference.

    If the two systems are exchangeable on every query, each difference
    :math:`d_q = a_q - b_q` is as likely to have the opposite sign. The
    p-value is the share of the :math:`2^n` sign flips :math:`s` whose mean
    difference is at least as far from 0 as the observed one:

    .. math::

        p = \frac{1}{2^n}\, \#\Big\{ s \in \{-1, 1\}^n :
            \Big|\sum_q s_q d_q\Big| \ge \Big|\sum_q d_q\Big| \Big\}

    computed exactly when :math:`2^n \le` ``n_resamples``; otherwise from
    ``n_resamples`` random flips as :math:`(\text{hits} + 1) /
    (\text{n\_resamples} + 1)`, which counts the observed flip and is never 0.

    Parameters
    ----------
    a, b : array-like of shape (n,)
        The two systems' scores on the same queries.
    n_resamples : int, default 10_000
        The most sign flips to evaluate, at least 1.
    seed : int or None, default 0
        Seed (an integer >= 0) of ``np.random.default_rng`` for the random
        flips; None draws fresh entropy.

    Returns
    -------
    float
        Two-sided p-value, in (0, 1].

    Notes
    -----
    Fisher (1935); for IR evaluation Smucker, Allan & Carterette (2007). A
    flip whose sum equals the observed one up to rounding (within 100
    machine epsilons, relative) counts as a hit, as in
    ``scipy.stats.permutation_test``.

    Examples
    --------
    >>> randomization_test([0.5, 0.7, 0.6, 0.9], [0.4, 0.5, 0.6, 0.6])  # 4 of 16
    0.25
    """
    d, n_resamples, seed = as_randomization_inputs(a, b, n_resamples, seed)
    exact = 2**d.size <= n_resamples
    n_flips = 2**d.size if exact else n_resamples
    observed = abs(float(np.sum(d)))
    at_least = observed * (1 - 100 * np.finfo(float).eps)  # the rounding of a sum
    hits = sum(
        int(np.count_nonzero(np.abs(signs @ d) >= at_least))
        for signs in _sign_flips(d.size, n_flips, exact, seed)
    )
    return hits / n_flips if exact else (hits + 1) / (n_resamples + 1)


# ---- many comparisons ----------------------------------------------------------------


def holm_adjust(p_values: ArrayLike) -> np.ndarray:
    r"""Adjust :math:`m` p-values for multiple comparisons (Holm's step-down).

    Sort the p-values, :math:`p_{(1)} \le \dots \le p_{(m)}`; then

    .. math::

        \tilde p_{(i)} = \min\Big(1,\ \max_{j \le i}\, (m - j + 1)\, p_{(j)}\Big)

    Rejecting every hypothesis with :math:`\tilde p \le \alpha` keeps the
    probability of any false rejection at most :math:`\alpha`, whatever the
    dependence between the tests.

    Parameters
    ----------
    p_values : array-like of shape (m,)
        The p-values, in [0, 1].

    Returns
    -------
    ndarray of float, shape (m,)
        The adjusted p-values, in the order given.

    Notes
    -----
    Holm (1979). Equals ``statsmodels.stats.multitest.multipletests(p,
    method="holm")[1]``; uniformly more powerful than Bonferroni's
    :math:`\min(1, m\,p)`.

    Examples
    --------
    >>> holm_adjust([0.01, 0.04, 0.03]).tolist()  # 3 x 0.01, 2 x 0.03, then 0.06
    [0.03, 0.06, 0.06]
    """
    p = as_p_values(p_values)
    order = np.argsort(p, kind="stable")
    scaled = (p.size - np.arange(p.size)) * p[order]  # (m - j + 1) p_(j)
    adjusted = np.empty(p.size)
    adjusted[order] = np.minimum(np.maximum.accumulate(scaled), 1.0)
    return adjusted
