"""Simulations the chapters run but do not teach: coverage and timing studies.

A chapter shows what a study measures and prints its results; the loops that draw
thousands of test sets live here, where ``tests/test_simulations.py`` checks them
against cases with a known answer. Every function takes a
``numpy.random.Generator`` and draws from it in a fixed order, so that a chapter
seeding it with ``default_rng([SEED, k])`` reproduces its numbers.

* accuracy intervals (chapter 13): :func:`wald_table`, :func:`wilson_table`,
  :func:`clopper_pearson_table`, :func:`bootstrap_table`, :func:`coverage`,
  :func:`exact_coverage`, :func:`accuracy_coverage`;
* ROC AUC intervals: :func:`auc_positives`, :func:`auc_and_se`, :func:`auc_sd`,
  :func:`delong_by_pairs`, :func:`stratified_bootstrap_auc`, :func:`auc_coverage`;
* PR-AUC intervals: :func:`population_pr_auc`, :func:`pr_auc_weighted`,
  :func:`logit_bounds`, :func:`pr_auc_coverage`;
* RMSE intervals: :func:`residuals`, :func:`chi2_coverage`,
  :func:`rmse_bootstrap_coverage`;
* MAP over queries: :func:`draw_queries`, :func:`document_counts`,
  :func:`ap_weighted`, :func:`map_coverage`;
* printing: :func:`mc_se`, :func:`with_se`; cross-checks of the interval
  functions: :func:`inference_cross_checks`;
* timing (chapter 15): :func:`best_time`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
from scipy import integrate
from scipy import stats as st

import pedagogy_metrics as pm

Z95 = float(st.norm.ppf(0.975))  # two-sided 95 % critical value

__all__ = [
    "Z95",
    "wald_table",
    "wilson_table",
    "clopper_pearson_table",
    "bootstrap_table",
    "intervals_by_size",
    "wilson_steps",
    "coverage_rows",
    "exact_coverage_rows",
    "coverage",
    "exact_coverage",
    "accuracy_coverage",
    "TRUE_AUC",
    "hanley_mcneil_exact",
    "auc_positives",
    "auc_and_se",
    "auc_sd",
    "delong_by_pairs",
    "stratified_bootstrap_auc",
    "auc_coverage",
    "auc_coverage_rows",
    "exact_delong",
    "delong_study",
    "bootstrap_aucs",
    "delong_vs_stratified",
    "population_pr_auc",
    "pr_auc_weighted",
    "logit_bounds",
    "logit_rows",
    "pr_auc_coverage",
    "residuals",
    "KURTOSIS",
    "chi2_coverage",
    "rmse_bootstrap_coverage",
    "RMSE_SIZES",
    "rmse_coverage_study",
    "chi2_coverage_limit",
    "rmse_sd_normal",
    "rmse_bca",
    "rmse_bca_coverage",
    "draw_queries",
    "document_counts",
    "document_bootstrap",
    "ap_weighted",
    "map_coverage",
    "population_map",
    "mc_se",
    "with_se",
    "inference_cross_checks",
    "best_time",
]


def mc_se(rate: Any, reps: int) -> Any:
    """Monte Carlo standard error ``sqrt(r (1 - r) / R)`` of a rate from ``reps`` runs.

    >>> round(float(mc_se(0.95, 1000)), 4)
    0.0069
    """
    rate = np.asarray(rate, dtype=float)
    return np.sqrt(rate * (1 - rate) / reps)


# --- accuracy: one interval per count k = 0..n -------------------------------------


def wald_table(n: int) -> np.ndarray:
    """Wald intervals ``p_hat -+ z sqrt(p_hat (1 - p_hat) / n)`` for k = 0..n, (n+1, 2).

    >>> wald_table(2)[1].round(4)
    array([-0.193,  1.193])
    """
    p_hat = np.arange(n + 1) / n
    half = Z95 * np.sqrt(p_hat * (1 - p_hat) / n)
    return np.column_stack([p_hat - half, p_hat + half])


def wilson_table(n: int) -> np.ndarray:
    """``pm.wilson_interval(k, n)`` for k = 0..n, shape (n + 1, 2).

    >>> wilson_table(10)[8].round(4)
    array([0.4902, 0.9433])
    """
    return np.array([pm.wilson_interval(k, n) for k in range(n + 1)])


def clopper_pearson_table(n: int) -> np.ndarray:
    """Clopper-Pearson intervals (beta quantiles) for k = 0..n, shape (n + 1, 2).

    >>> clopper_pearson_table(10)[10].round(4)
    array([0.6915, 1.    ])
    """
    k = np.arange(n + 1)
    with np.errstate(invalid="ignore"):
        low = np.nan_to_num(st.beta.ppf(0.025, k, n - k + 1), nan=0.0)
        high = np.nan_to_num(st.beta.isf(0.025, k + 1, n - k), nan=1.0)
    return np.column_stack([np.where(k == 0, 0.0, low), np.where(k == n, 1.0, high)])


def bootstrap_table(n: int, rng: np.random.Generator, n_boot: int = 2000) -> np.ndarray:
    """Percentile bootstrap intervals of an accuracy for k = 0..n, shape (n + 1, 2).

    Resampling the n rows of a test set with k correct gives Binomial(n, k/n)
    correct, so ``n_boot`` binomial draws per k are the resampled accuracies.

    >>> bootstrap_table(5, np.random.default_rng(0))[5]
    array([1., 1.])
    """
    k = np.arange(n + 1)
    resampled = rng.binomial(n, k / n, size=(n_boot, n + 1)) / n
    return np.quantile(resampled, [0.025, 0.975], axis=0).T


def coverage(table: np.ndarray, counts: np.ndarray, true_p: Any) -> Any:
    """Share of simulated counts whose interval ``table[k]`` contains ``true_p``.

    ``counts`` has one row per test set and one column per value of ``true_p``.

    >>> coverage(np.array([[0.0, 0.5], [0.5, 1.0]]), np.array([[0], [1], [1]]), 0.4)
    array([0.33333333])
    """
    return ((table[counts, 0] <= true_p) & (true_p <= table[counts, 1])).mean(axis=0)


def exact_coverage(table: np.ndarray, n: int, p: Any) -> np.ndarray:
    """Exact coverage ``sum_k C(n,k) p^k (1-p)^(n-k) [L_k <= p <= U_k]`` at each p.

    >>> float(exact_coverage(np.array([[0.0, 0.5], [0.5, 1.0]]), 1, 0.5)[0])
    1.0
    """
    p = np.atleast_1d(p)
    inside = (table[:, :1] <= p) & (p <= table[:, 1:])  # shape (n + 1, len(p))
    pmf = st.binom.pmf(np.arange(n + 1)[:, None], n, p)
    return (pmf * inside).sum(axis=0)


def accuracy_coverage(
    sizes: Any,
    ps: np.ndarray,
    boot_ps: np.ndarray,
    rng: np.random.Generator,
    reps: int = 10_000,
    n_boot: int = 2000,
) -> dict:
    """Simulated coverage of Wald, Wilson (at ``ps``) and the bootstrap (``boot_ps``).

    Returns ``{n: {"Wald": ..., "Wilson": ..., "bootstrap": ...}}``; Wald and Wilson
    are scored on the same ``reps`` test sets of each size.

    >>> r = accuracy_coverage([10], np.array([0.5]), np.array([0.5]),
    ...                       np.random.default_rng(0), reps=200, n_boot=100)
    >>> sorted(r[10])
    ['Wald', 'Wilson', 'bootstrap']
    """
    results = {}
    for n in sizes:
        counts = rng.binomial(n, ps, size=(reps, ps.size))
        results[n] = {
            "Wald": coverage(wald_table(n), counts, ps),
            "Wilson": coverage(wilson_table(n), counts, ps),
        }
        boot_counts = rng.binomial(n, boot_ps, size=(reps, boot_ps.size))
        results[n]["bootstrap"] = coverage(
            bootstrap_table(n, rng, n_boot), boot_counts, boot_ps
        )
    return results


def intervals_by_size(sizes: Any) -> dict:
    """95 % intervals at each test set size, for the figure of their widths.

    Wilson intervals of accuracies 0.5 and 0.9 (``round(acc * n)`` correct of
    n) and Hanley-McNeil intervals of an AUC of 0.8 on ``n // 2`` positives
    and as many negatives. Returns a dict from label to one ``(low, high)`` per
    size.

    >>> list(intervals_by_size([10, 100]))
    ['accuracy 0.5', 'accuracy 0.9', 'AUC 0.8, n/2 positives']
    """
    widths = {
        f"accuracy {acc:g}": [pm.wilson_interval(round(acc * n), n) for n in sizes]
        for acc in (0.5, 0.9)
    }
    widths["AUC 0.8, n/2 positives"] = [
        pm.hanley_mcneil_interval(0.8, n // 2, n // 2) for n in sizes
    ]
    return widths


def wilson_steps(k: int, n: int) -> list:
    """The 95 % Wilson and Wald intervals of k correct out of n, step by step.

    Rows ``(quantity, value)`` for a table: the Wilson interval from its centre
    and half-width (eq-wilson, written out again here, apart from
    ``pm.wilson_interval``), then the Wald interval.

    >>> wilson_steps(8, 10)[5]
    ('Wilson: $c - h$, $c + h$', '0.4902, 0.9433')
    """
    p_hat = k / n
    shrink = 1 + Z95**2 / n
    centre = (p_hat + Z95**2 / (2 * n)) / shrink
    half = Z95 * np.sqrt(p_hat * (1 - p_hat) / n + Z95**2 / (4 * n**2)) / shrink
    wald = Z95 * np.sqrt(p_hat * (1 - p_hat) / n)
    return [
        (r"$\hat p = k/n$", f"{p_hat:.4f}"),
        ("$z$", f"{Z95:.6f}"),
        ("$1 + z^2/n$", f"{shrink:.4f}"),
        ("centre $c$", f"{centre:.4f}"),
        ("half-width $h$", f"{half:.4f}"),
        ("Wilson: $c - h$, $c + h$", f"{centre - half:.4f}, {centre + half:.4f}"),
        (
            r"Wald: $\hat p \mp z\,\mathrm{SE}$",
            f"{p_hat - wald:.4f}, {p_hat + wald:.4f}",
        ),
    ]


def coverage_rows(results: dict, sizes: Any, ps: Any) -> list:
    """Simulated and exact coverage of Wald and Wilson, one row per size and interval.

    ``results`` is what :func:`accuracy_coverage` returned for ``sizes`` and the
    accuracies ``ps``. Each row: n, interval, mean coverage (simulated, exact),
    minimum coverage (simulated, exact) and the ``p`` of the exact minimum.

    >>> ps = np.array([0.5, 0.9])
    >>> res = accuracy_coverage([20], ps, ps, np.random.default_rng(0), 200, 20)
    >>> row = coverage_rows(res, [20], ps)[0]
    >>> row[:2], round(float(row[3]), 4)
    ([20, 'Wald'], 0.9173)
    """
    ps = np.asarray(ps, dtype=float)
    rows = []
    for n in sizes:
        for name, table in (("Wald", wald_table(n)), ("Wilson", wilson_table(n))):
            c, e = results[n][name], exact_coverage(table, n, ps)
            rows.append([n, name, c.mean(), e.mean(), c.min(), e.min(), ps[e.argmin()]])
    return rows


def exact_coverage_rows(sizes: Any, ps: Any) -> list:
    """Exact coverage of Wilson and Clopper-Pearson over the accuracies ``ps``.

    One row per size and interval: n, interval, the minimum coverage, the ``p``
    where it falls, the mean and the maximum.

    >>> row = exact_coverage_rows([20], [0.1, 0.5])[1]
    >>> row[:2], bool(row[2] >= 0.95)
    ([20, 'Clopper-Pearson'], True)
    """
    ps = np.asarray(ps, dtype=float)
    rows = []
    for n in sizes:
        for name, table in (
            ("Wilson", wilson_table(n)),
            ("Clopper-Pearson", clopper_pearson_table(n)),
        ):
            c = exact_coverage(table, n, ps)
            rows.append([n, name, c.min(), ps[c.argmin()], c.mean(), c.max()])
    return rows


# --- ROC AUC: Hanley-McNeil and DeLong --------------------------------------------

D_EQUAL = float(np.sqrt(2) * st.norm.ppf(0.9))  # N(d, 1) vs N(0, 1): AUC 0.9
D_WIDE = float(np.sqrt(10) * st.norm.ppf(0.85))  # N(d, 3^2) vs N(0, 1): AUC 0.85
TRUE_AUC = {
    "equal SD": 0.9,
    "SD 3 : 1": 0.85,
    "bimodal": float(0.25 + 0.5 * st.norm.cdf(4 / np.sqrt(2))),
}


def hanley_mcneil_exact(a: Any, n_pos: int, n_neg: int) -> tuple:
    """``(Q1, Q2, SE^2)`` of eq-hanley for an AUC ``a``, exact if ``a`` is a fraction.

    >>> from fractions import Fraction
    >>> q1, q2, var = hanley_mcneil_exact(Fraction(4, 5), 50, 50)
    >>> str(q1), str(q2), str(var)
    ('2/3', '32/45', '557/281250')
    """
    q1, q2 = a / (2 - a), 2 * a**2 / (1 + a)
    var = a * (1 - a) + (n_pos - 1) * (q1 - a**2) + (n_neg - 1) * (q2 - a**2)
    return q1, q2, var / (n_pos * n_neg)


def auc_positives(case: str, size: Any, rng: np.random.Generator) -> np.ndarray:
    """Scores of positives against N(0, 1) negatives, for a case of ``TRUE_AUC``.

    "equal SD": N(d, 1); "SD 3 : 1": N(d, 3^2); "bimodal": half N(0, 1), half N(4, 1).

    >>> auc_positives("equal SD", 3, np.random.default_rng(0)).shape
    (3,)
    """
    if case == "equal SD":
        return rng.normal(D_EQUAL, 1, size)
    if case == "SD 3 : 1":
        return rng.normal(D_WIDE, 3, size)
    return rng.normal(np.where(rng.random(size) < 0.5, 4.0, 0.0), 1)  # bimodal


def auc_and_se(
    case: str, n_pos: int, n_neg: int, rng: np.random.Generator, reps: int = 2000
) -> tuple:
    """AUC, Hanley-McNeil SE and DeLong SE of ``reps`` test sets (no ties).

    Also returns the scores of the first test set and its labels (to check against
    the package).

    >>> a, hm, dl, s0, y0 = auc_and_se("equal SD", 5, 5, np.random.default_rng(0), 3)
    >>> a.shape, s0.shape
    ((3,), (10,))
    """
    s = np.hstack(
        [auc_positives(case, (reps, n_pos), rng), rng.normal(0, 1, (reps, n_neg))]
    )
    is_pos = np.arange(n_pos + n_neg) < n_pos
    ranked = is_pos[np.argsort(s, axis=1)]  # labels from the lowest score up
    v10 = np.cumsum(~ranked, axis=1)[ranked].reshape(reps, n_pos) / n_neg
    v01 = 1 - np.cumsum(ranked, axis=1)[~ranked].reshape(reps, n_neg) / n_pos
    a = v10.mean(axis=1)
    se_dl = np.sqrt(v10.var(axis=1, ddof=1) / n_pos + v01.var(axis=1, ddof=1) / n_neg)
    q1, q2 = a / (2 - a), 2 * a**2 / (1 + a)
    var_hm = a * (1 - a) + (n_pos - 1) * (q1 - a**2) + (n_neg - 1) * (q2 - a**2)
    return a, np.sqrt(var_hm / (n_pos * n_neg)), se_dl, s[0], is_pos


def auc_sd(case: str, n_pos: int, n_neg: int) -> float:
    """Exact SD of the AUC of n_pos + n_neg scores of a case of ``TRUE_AUC``.

    The variance of eq-hanley with the true A and the true
    ``Q1 = P(X1 > Y, X2 > Y)`` and ``Q2 = P(X > Y1, X > Y2)``, X positive and Y
    negative, each a one-dimensional integral.

    >>> round(auc_sd("equal SD", 20, 200), 5)
    0.03526
    """
    if case == "bimodal":
        parts = [(0.5, 0.0, 1.0), (0.5, 4.0, 1.0)]  # (weight, mean, SD)
    else:
        parts = [(1.0, D_EQUAL, 1.0) if case == "equal SD" else (1.0, D_WIDE, 3.0)]

    def pos_sf(x: float) -> float:
        return sum(w * st.norm.sf(x, m, s) for w, m, s in parts)

    def pos_pdf(x: float) -> float:
        return sum(w * st.norm.pdf(x, m, s) for w, m, s in parts)

    q1 = integrate.quad(lambda y: st.norm.pdf(y) * pos_sf(y) ** 2, -np.inf, np.inf)[0]
    q2 = integrate.quad(lambda x: pos_pdf(x) * st.norm.cdf(x) ** 2, -np.inf, np.inf)[0]
    a = TRUE_AUC[case]
    var = a * (1 - a) + (n_pos - 1) * (q1 - a**2) + (n_neg - 1) * (q2 - a**2)
    return float(np.sqrt(var / (n_pos * n_neg)))


def with_se(rate: float, reps: int) -> str:
    """A simulated rate and its Monte Carlo SE, as printed in the chapters.

    >>> with_se(0.95, 1000)
    '0.950 ± 0.007'
    """
    return f"{rate:.3f} ± {float(mc_se(rate, reps)):.3f}"


def delong_by_pairs(y: Any, s: Any) -> np.ndarray:
    """DeLong's 95 % interval from eq-delong-components summed over all pairs.

    A reference for ``pm.delong_interval``: ``psi`` is 1, 1/2 or 0 for every
    (positive, negative) pair, ties included; the bounds are clipped to [0, 1].

    >>> delong_by_pairs([1, 1, 1, 0, 0, 0], [0.8, 0.5, 0.5, 0.5, 0.2, 0.1]).round(4)
    array([0.6454, 1.    ])
    """
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    pos, neg = s[y == 1], s[y == 0]
    psi = (pos[:, None] > neg) + 0.5 * (pos[:, None] == neg)
    var = (
        psi.mean(axis=1).var(ddof=1) / pos.size
        + psi.mean(axis=0).var(ddof=1) / neg.size
    )
    a, se = psi.mean(), np.sqrt(var)
    return np.clip([a - Z95 * se, a + Z95 * se], 0, 1)


def exact_delong(y: Any, s: Any) -> tuple:
    """Structural components, AUC and DeLong's SE^2 in exact fractions (SymPy).

    From the pairs (eq-delong-components), a tie counting one half, and the
    sample variances with divisor n - 1 (eq-delong). Returns
    ``(V10, V01, A, SE^2)``: two lists of ``sympy.Rational`` and two Rationals.

    >>> y, s = [1, 1, 1, 0, 0, 0], [0.8, 0.5, 0.5, 0.5, 0.2, 0.1]
    >>> v10, v01, a, se2 = exact_delong(y, s)
    >>> v10, a, se2
    ([1, 5/6, 5/6], 8/9, 5/324)
    """
    import sympy as sp  # type: ignore[import-untyped]

    y, s = np.asarray(y), np.asarray(s, dtype=float)
    pos, neg = s[y == 1], s[y == 0]
    twice_psi = 2 * (pos[:, None] > neg) + (pos[:, None] == neg)  # 2 psi, exact
    v10 = [sp.Rational(int(t), 2 * neg.size) for t in twice_psi.sum(axis=1)]
    v01 = [sp.Rational(int(t), 2 * pos.size) for t in twice_psi.sum(axis=0)]

    def sample_var(c: list) -> Any:  # divisor n - 1
        mean = sum(c) / len(c)
        return sum((x - mean) ** 2 for x in c) / (len(c) - 1)

    se2 = sample_var(v10) / pos.size + sample_var(v01) / neg.size
    return v10, v01, sum(v10) / pos.size, se2


def stratified_bootstrap_auc(
    y: Any, s: Any, rng: np.random.Generator, n_boot: int = 2000
) -> np.ndarray:
    """AUCs of ``n_boot`` resamples drawn within each class (no ties assumed).

    The positives' row indices of every resample are drawn first, then the
    negatives'.

    >>> stratified_bootstrap_auc([1, 0], [1.0, 0.0], np.random.default_rng(0), 3)
    array([1., 1., 1.])
    """
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    pos, neg = s[y == 1], s[y == 0]
    psi = (pos[:, None] > neg).astype(float)
    rows = rng.integers(0, pos.size, (n_boot, pos.size))
    cols = rng.integers(0, neg.size, (n_boot, neg.size))
    return np.array([psi[i][:, j].mean() for i, j in zip(rows, cols)])


def auc_coverage(designs: list, rng: np.random.Generator, reps: int = 2000) -> tuple:
    """Coverage of the 95 % Hanley-McNeil and DeLong intervals, per case and design.

    Returns ``coverage[case, n_pos, n_neg] = [Hanley-McNeil, DeLong]``,
    ``spread[case, n_pos, n_neg] = (SD of the AUC, mean SE HM, mean SE DeLong)`` and
    ``check``, the last test set's vectorised bounds and the package's bounds.

    >>> cov, spread, check = auc_coverage([(5, 5)], np.random.default_rng(0), 10)
    >>> len(cov)
    3
    """
    cov, spread = {}, {}
    for case, true_a in TRUE_AUC.items():
        for n_pos, n_neg in designs:
            a, se_hm, se_dl, s0, is_pos = auc_and_se(case, n_pos, n_neg, rng, reps)
            cov[case, n_pos, n_neg] = [
                float(np.mean(abs(a - true_a) <= Z95 * se)) for se in (se_hm, se_dl)
            ]
            spread[case, n_pos, n_neg] = a.std(), se_hm.mean(), se_dl.mean()
    vec = [a[0] - Z95 * se_hm[0], a[0] + Z95 * se_hm[0]]
    vec += [a[0] - Z95 * se_dl[0], a[0] + Z95 * se_dl[0]]
    a0 = pm.roc_auc(is_pos, s0)
    package = [
        *pm.hanley_mcneil_interval(a0, n_pos, n_neg),
        *pm.delong_interval(is_pos, s0),
    ]
    return cov, spread, (vec, package)


def auc_coverage_rows(coverage: dict, designs: list) -> list:
    """Rows (case, "n_pos + n_neg", Hanley-McNeil, DeLong) of :func:`auc_coverage`.

    >>> auc_coverage_rows({("equal SD", 2, 3): [0.9, 0.95]}, [(2, 3)])[0]
    ['equal SD', '2 + 3', 0.9, 0.95]
    """
    cases = dict.fromkeys(case for case, _, _ in coverage)
    return [
        [case, f"{n_pos} + {n_neg}", *coverage[case, n_pos, n_neg]]
        for case in cases
        for n_pos, n_neg in designs
    ]


def delong_study(
    case: str, n_pos: int, n_neg: int, rng: np.random.Generator, reps: int
) -> dict:
    """Where DeLong's interval misses, on ``reps`` test sets of a case of ``TRUE_AUC``.

    Returns the exact SD of the AUC (:func:`auc_sd`) and its simulated SD
    (``sd_true``, ``sd``), the mean and root mean square of the DeLong SE
    (``mean_se``, ``rms_se``), the correlation ``r`` of the AUC and its SE, and
    ``shares``: the shares of 95 % intervals that cover the true AUC, lie
    entirely above or below it, and cover it with the true SD as SE, each under
    the label the chapter prints.

    >>> out = delong_study("equal SD", 20, 200, np.random.default_rng(0), 200)
    >>> list(out["shares"])[1:3]
    ['entirely above 0.9', 'entirely below 0.9']
    >>> round(sum(list(out["shares"].values())[:3]), 12)
    1.0
    """
    a, _, se, _, _ = auc_and_se(case, n_pos, n_neg, rng, reps)
    sd_true = auc_sd(case, n_pos, n_neg)
    truth = TRUE_AUC[case]
    shares = {
        "coverage": np.mean(abs(a - truth) <= Z95 * se),
        f"entirely above {truth:g}": np.mean(a - Z95 * se > truth),
        f"entirely below {truth:g}": np.mean(a + Z95 * se < truth),
        "coverage, true SD as SE": np.mean(abs(a - truth) <= Z95 * sd_true),
    }
    return {
        "sd_true": sd_true,
        "sd": float(a.std()),
        "mean_se": float(se.mean()),
        "rms_se": float(np.sqrt(np.mean(se**2))),
        "r": float(np.corrcoef(a, se)[0, 1]),
        "shares": {k: float(v) for k, v in shares.items()},
    }


def bootstrap_aucs(y: Any, s: Any, rng: np.random.Generator, n_boot: int) -> np.ndarray:
    """ROC AUCs of ``n_boot`` resamples of the rows, as ``pm.bootstrap_interval`` draws.

    A resample with one class only has no AUC and is left out, so the result
    may hold fewer than ``n_boot`` values.

    >>> bootstrap_aucs([1, 0], [0.9, 0.1], np.random.default_rng(0), 10).tolist()
    [1.0, 1.0]
    """
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    values = []
    for _ in range(n_boot):
        rows = rng.integers(0, y.size, y.size)  # n rows, with replacement
        if 0 < y[rows].sum() < y.size:  # both classes: AUC defined
            values.append(pm.roc_auc(y[rows], s[rows]))
    return np.array(values)


def delong_vs_stratified(
    rng: np.random.Generator, n: int = 200, n_boot: int = 2000
) -> tuple:
    """DeLong's SE and the SD of stratified bootstrap AUCs, on one test set.

    ``n`` positives of the case "SD 3 : 1" and ``n`` negatives; returns
    ``(DeLong SE, SD of n_boot stratified bootstrap AUCs)``.

    >>> se, sd = delong_vs_stratified(np.random.default_rng(0), 50, 200)
    >>> bool(0.7 < sd / se < 1.3)
    True
    """
    y = np.r_[np.ones(n, int), np.zeros(n, int)]
    s = np.r_[auc_positives("SD 3 : 1", n, rng), rng.normal(0, 1, n)]
    v10, v01 = pm.structural_components(y, s)
    se = np.sqrt(v10.var(ddof=1) / n + v01.var(ddof=1) / n)
    return se, stratified_bootstrap_auc(y, s, rng, n_boot).std()


# --- PR-AUC: logit interval and bootstrap -----------------------------------------


def population_pr_auc(mu: float, pi: float) -> float:
    """Area under the population PR curve, positives N(mu, 1), negatives N(0, 1).

    >>> round(population_pr_auc(2.0, 0.2), 4)
    0.7865
    """

    def precision(r: float) -> float:  # at recall r the threshold is mu - Phi^-1(r)
        fpr = st.norm.sf(mu - st.norm.ppf(r))
        return pi * r / (pi * r + (1 - pi) * fpr)

    return integrate.quad(precision, 0, 1, epsabs=1e-12)[0]


def pr_auc_weighted(c: Any, y: np.ndarray) -> np.ndarray:
    """``pm.pr_auc`` of rows by decreasing score, row i taken ``c[..., i]`` times.

    >>> round(float(pr_auc_weighted(np.ones(3), np.array([1.0, 0.0, 1.0]))), 4)
    0.7917
    """
    cy = c * y
    tp, total = np.cumsum(cy, axis=-1), np.cumsum(c, axis=-1)
    at = np.where(total > 0, tp / np.maximum(total, 1), 1.0)  # precision at row i
    before = np.concatenate([np.ones_like(at[..., :1]), at[..., :-1]], axis=-1)
    return np.sum(cy * (before + at), axis=-1) / (2 * tp[..., -1])


def logit_bounds(theta: Any, n_pos: int) -> tuple:
    """The logit interval of a PR-AUC, vectorised (``pm.pr_auc_logit_interval``).

    >>> [round(float(b), 4) for b in logit_bounds(0.7, 100)]
    [0.6034, 0.7816]
    """
    eta, tau = np.log(theta / (1 - theta)), 1 / np.sqrt(n_pos * theta * (1 - theta))
    return 1 / (1 + np.exp(-(eta - Z95 * tau))), 1 / (1 + np.exp(-(eta + Z95 * tau)))


def logit_rows(cases: Any) -> list:
    """95 % Wald and logit intervals of a PR-AUC, one row per ``(theta, n_pos)``.

    >>> logit_rows([(0.95, 20)])[0][2:]
    ['[0.8545, 1.0455]', '[0.7178, 0.9930]']
    """
    rows = []
    for theta, n_pos in cases:
        half = Z95 * np.sqrt(theta * (1 - theta) / n_pos)
        lo, hi = pm.pr_auc_logit_interval(theta, n_pos)
        wald = f"[{theta - half:.4f}, {theta + half:.4f}]"
        rows.append([theta, n_pos, wald, f"[{lo:.4f}, {hi:.4f}]"])
    return rows


def pr_auc_coverage(
    pr_sizes: list,
    rng: np.random.Generator,
    mu: float = 2.0,
    pi: float = 0.2,
    reps: int = 2000,
    boot_reps: int = 1000,
    n_boot: int = 400,
    boot_max: int = 40,
) -> dict:
    """Coverage of the logit interval and the percentile bootstrap of a PR-AUC.

    Positives N(mu, 1), negatives N(0, 1), one case in ``1 / pi`` positive. The
    bootstrap runs on the first ``boot_reps`` test sets of sizes up to ``boot_max``
    positives. A test set with PR-AUC 1 has no logit interval: counted as a miss.
    Returns a dict with ``truth``, ``coverage[name, n_pos]``, ``sd[n_pos]`` (SD of
    the PR-AUC, the interval's assumed SE), ``perfect`` and ``check`` (pairs to
    compare with the package).

    >>> out = pr_auc_coverage([5], np.random.default_rng(0), reps=20, boot_reps=2,
    ...                       n_boot=20)
    >>> sorted(out["coverage"])
    [('bootstrap', 5), ('logit', 5)]
    """
    truth = population_pr_auc(mu, pi)
    ratio = round(1 / pi)
    cov: dict = {}
    sd: dict = {}
    check: list[tuple[Any, Any]] = []  # (ours, the package's)
    perfect = 0
    for n_pos in pr_sizes:
        n = ratio * n_pos
        y = (np.arange(n) < n_pos).astype(float)
        s = np.hstack(
            [rng.normal(mu, 1, (reps, n_pos)), rng.normal(0, 1, (reps, n - n_pos))]
        )
        order = np.argsort(-s, axis=1)
        ys = y[order]  # labels by decreasing score
        theta = pr_auc_weighted(np.ones(n), ys)
        defined = theta < 1
        perfect += int(np.sum(~defined))
        lo, hi = logit_bounds(np.where(defined, theta, 0.5), n_pos)
        cov["logit", n_pos] = float(np.mean((lo <= truth) & (truth <= hi) & defined))
        sd[n_pos] = theta.std(), np.sqrt(truth * (1 - truth) / n_pos)
        if n_pos > boot_max:
            continue
        hits = 0
        for r in range(boot_reps):
            draws = rng.integers(0, n, (n_boot, n)) + n * np.arange(n_boot)[:, None]
            counts = np.bincount(draws.ravel(), minlength=n_boot * n).reshape(n_boot, n)
            with np.errstate(invalid="ignore"):  # a resample without positive: nan
                values = pr_auc_weighted(counts[:, order[r]], ys[r])
            b_lo, b_hi = np.quantile(values[np.isfinite(values)], [0.025, 0.975])
            hits += b_lo <= truth <= b_hi
            if r == 0:  # a test set and one of its resamples, for the package
                rows = np.repeat(np.arange(n), counts[0])
                check += [
                    (theta[0], pm.pr_auc(y, s[0])),
                    (values[0], pm.pr_auc(y[rows], s[0][rows])),
                ]
        cov["bootstrap", n_pos] = hits / boot_reps
    if 0 < theta[0] < 1:
        check.append(
            (logit_bounds(theta[0], n_pos), pm.pr_auc_logit_interval(theta[0], n_pos))
        )
    return {
        "truth": truth,
        "coverage": cov,
        "sd": sd,
        "perfect": perfect,
        "check": check,
    }


# --- RMSE: chi-square interval and bootstrap --------------------------------------

KURTOSIS = {
    "normal": 3.0,
    "Laplace": 6.0,
    "Student t, 5 df": 9.0,
    "Student t, 3 df": np.inf,
}


def residuals(name: str, size: Any, rng: np.random.Generator) -> np.ndarray:
    """Residuals with standard deviation 1: a key of ``KURTOSIS``.

    >>> residuals("Laplace", 4, np.random.default_rng(0)).shape
    (4,)
    """
    if name == "normal":
        return rng.normal(0, 1, size)
    if name == "Laplace":
        return rng.laplace(0, 1 / np.sqrt(2), size)  # variance 2 b^2
    df = int(name.split()[2])  # "Student t, 5 df": variance df / (df - 2)
    return rng.standard_t(df, size) / np.sqrt(df / (df - 2))


def chi2_coverage(
    n: int, name: str, rng: np.random.Generator, reps: int = 10_000
) -> float:
    """Coverage of ``pm.rmse_chi2_interval`` for ``reps`` test sets of n residuals.

    >>> 0.9 < chi2_coverage(30, "normal", np.random.default_rng(0), 2000) < 1
    True
    """
    c_lo, c_hi = pm.rmse_chi2_interval(1.0, n)  # the interval is RMSE times these
    rmse = np.sqrt(np.mean(residuals(name, (reps, n), rng) ** 2, axis=1))
    return float(np.mean((c_lo * rmse <= 1) & (1 <= c_hi * rmse)))


def rmse_bootstrap_coverage(
    n: int, name: str, rng: np.random.Generator, reps: int = 1500, n_boot: int = 1000
) -> dict:
    """Percentile bootstrap of the RMSE on ``reps`` test sets of n residuals (SD 1).

    Returns the coverage of the truth 1, the shares of intervals entirely below and
    entirely above 1, and the mean SD of the resampled RMSEs. The test sets are
    drawn in batches (residuals, then every resample's row indices, 16-bit when
    n allows), so that a batch holds about 4 million indices.

    >>> out = rmse_bootstrap_coverage(10, "normal", np.random.default_rng(0), 50, 100)
    >>> sorted(out)
    ['above', 'below', 'coverage', 'spread']
    """
    batch = max(1, 4_000_000 // (n_boot * n))
    index_type = np.uint16 if n <= 2**16 else np.int64  # small indices draw faster
    below = above = 0
    spread = 0.0
    for start in range(0, reps, batch):
        size = min(batch, reps - start)
        e2 = residuals(name, (size, n), rng) ** 2
        drawn = rng.integers(0, n, size=(size, n_boot * n), dtype=index_type)
        rows = drawn + np.arange(0, size * n, n)[:, None]  # rows of e2 flattened
        resampled = e2.ravel().take(rows).reshape(size, n_boot, n)
        values = np.sqrt(resampled.mean(axis=2))  # (size, n_boot) resampled RMSEs
        lo, hi = np.quantile(values, [0.025, 0.975], axis=1)
        below += int(np.sum(hi < 1))
        above += int(np.sum(lo > 1))
        spread += float(values.std(axis=1).sum())
    return {
        "coverage": 1 - (below + above) / reps,
        "below": below / reps,
        "above": above / reps,
        "spread": spread / reps,
    }


RMSE_SIZES = (10, 20, 30, 50, 100, 300)  # test set sizes of the RMSE bootstrap


def rmse_coverage_study(
    chi2_rng: np.random.Generator, boot_rng: np.random.Generator, reps_boot: int = 1500
) -> tuple:
    """Coverage of the chi-square interval and the percentile bootstrap of the RMSE.

    The chi-square interval on 10,000 test sets of 30 and 300 residuals of each
    kind of ``KURTOSIS`` (drawn from ``chi2_rng``); the bootstrap on
    ``reps_boot`` test sets of each size of ``RMSE_SIZES`` for the first three
    kinds (from ``boot_rng``). Returns two dicts, keyed ``(n, kind)`` and
    ``(kind, n)``.

    >>> chi2, boot = rmse_coverage_study(
    ...     np.random.default_rng(0), np.random.default_rng(1), reps_boot=2
    ... )
    >>> len(chi2), len(boot)
    (8, 18)
    """
    names = list(KURTOSIS)
    chi2 = {(n, k): chi2_coverage(n, k, chi2_rng) for n in (30, 300) for k in names}
    boot = {
        (k, n): rmse_bootstrap_coverage(n, k, boot_rng, reps_boot)["coverage"]
        for n in RMSE_SIZES
        for k in names[:3]
    }
    return chi2, boot


def chi2_coverage_limit(kurtosis: Any) -> Any:
    """Limit of the chi-square interval's coverage as n grows (eq-chi2-limit).

    ``2 Phi(z sqrt(2 / (kappa - 1))) - 1`` for residuals of kurtosis ``kappa``:
    0.95 for normal residuals (kappa = 3).

    >>> round(float(chi2_coverage_limit(3.0)), 12)
    0.95
    """
    kappa = np.asarray(kurtosis, dtype=float)
    return 2 * st.norm.cdf(Z95 * np.sqrt(2 / (kappa - 1))) - 1


def rmse_sd_normal(n: int) -> float:
    """Exact SD of the RMSE of n normal residuals with SD 1.

    The RMSE is ``sqrt(chi2_n / n)``, with mean
    ``sqrt(2 / n) Gamma((n + 1) / 2) / Gamma(n / 2)`` and mean square 1.

    >>> round(rmse_sd_normal(30), 3)
    0.129
    """
    from scipy.special import gammaln

    mean = np.sqrt(2 / n) * np.exp(gammaln((n + 1) / 2) - gammaln(n / 2))
    return float(np.sqrt(1 - mean**2))


def rmse_bca(e: Any, rng: np.random.Generator, b: int = 1000) -> tuple:
    """95 % BCa and percentile bootstrap intervals of the RMSE of residuals ``e``.

    A reference for ``pm.bootstrap_interval(..., method="bca")``, vectorised
    over the ``b`` resamples: the bias correction ``z0`` from the share of
    resampled RMSEs below the estimate (ties counted half), the acceleration
    from the jackknife RMSE of each leave-one-out test set. Returns
    ``(BCa bounds, percentile bounds)``.

    >>> e = np.random.default_rng(1).normal(0, 1, 30)
    >>> bca, pct = rmse_bca(e, np.random.default_rng(0))
    >>> ref = pm.bootstrap_interval(
    ...     lambda x: np.sqrt(np.mean(x**2)), e, n_resamples=1000, seed=0, method="bca"
    ... )
    >>> bool(np.allclose(bca, ref, rtol=0, atol=1e-12))
    True
    """
    e2 = np.asarray(e, dtype=float) ** 2
    n = e2.size
    values = np.sqrt(e2[rng.integers(0, n, size=(b, n))].mean(axis=1))
    estimate = np.sqrt(e2.mean())
    z0 = st.norm.ppf((np.sum(values < estimate) + np.sum(values <= estimate)) / (2 * b))
    jack = np.sqrt((e2.sum() - e2) / (n - 1))  # RMSE without row i
    d = jack.mean() - jack
    accel = np.sum(d**3) / (6 * np.sum(d**2) ** 1.5)
    zq = st.norm.ppf([0.025, 0.975])
    levels = st.norm.cdf(z0 + (z0 + zq) / (1 - accel * (z0 + zq)))
    return np.quantile(values, levels), np.quantile(values, [0.025, 0.975])


def rmse_bca_coverage(
    rng: np.random.Generator, reps: int = 1000, n: int = 30, b: int = 1000
) -> tuple:
    """Coverage of the BCa and percentile intervals of :func:`rmse_bca`.

    On ``reps`` test sets of ``n`` normal residuals with SD 1 (the truth).
    Returns ``(BCa coverage, percentile coverage)``.

    >>> rmse_bca_coverage(np.random.default_rng(0), 50, 30, 200)
    (1.0, 0.98)
    """
    hits = np.zeros(2)
    for _ in range(reps):
        bca_ci, pct_ci = rmse_bca(rng.normal(0, 1, n), rng, b)
        hits += [bca_ci[0] <= 1 <= bca_ci[1], pct_ci[0] <= 1 <= pct_ci[1]]
    return tuple(float(h) for h in hits / reps)


# --- MAP over queries ---------------------------------------------------------------

M_DOCS = 20  # ranked documents per query


def draw_queries(n_q: int, rng: np.random.Generator) -> np.ndarray:
    """0/1 relevance of ``M_DOCS`` ranked documents for each of ``n_q`` queries.

    1 to 8 relevant documents per query; the system's quality varies by query.

    >>> draw_queries(3, np.random.default_rng(0)).shape
    (3, 20)
    """
    n_rel = 1 + rng.binomial(7, 0.3, n_q)
    quality = rng.normal(1.0, 1.0, n_q)
    relevant = np.arange(M_DOCS) < n_rel[:, None]
    score = rng.normal(0, 1, (n_q, M_DOCS)) + quality[:, None] * relevant
    ranked = np.take_along_axis(relevant, np.argsort(-score, axis=1), axis=1)
    return ranked.astype(float)


def document_counts(ranked: np.ndarray, b: int, rng: np.random.Generator) -> np.ndarray:
    """b resamples of each query's documents, stratified by relevance: counts (b, Q, M).

    Relevant documents are drawn among the relevant ones and the rest among the rest,
    so every query keeps a relevant document.

    >>> c = document_counts(draw_queries(2, np.random.default_rng(0)), 3,
    ...                     np.random.default_rng(1))
    >>> c.shape, c.sum(axis=2).tolist()[0]
    ((3, 2, 20), [20, 20])
    """
    q, m = ranked.shape
    rel = ranked.astype(bool)
    n_rel = rel.sum(axis=1)[None, :, None]
    by_label = np.argsort(~rel, axis=1, kind="stable")  # relevant positions first
    u = rng.random((b, q, m))
    slot = np.where(rel, (u * n_rel).astype(int), n_rel + (u * (m - n_rel)).astype(int))
    drawn = np.take_along_axis(np.broadcast_to(by_label, (b, q, m)), slot, axis=2)
    flat = (drawn + m * np.arange(b * q).reshape(b, q, 1)).ravel()
    return np.bincount(flat, minlength=b * q * m).reshape(b, q, m)


def document_bootstrap(
    ranked: np.ndarray, b: int, rng: np.random.Generator
) -> np.ndarray:
    """95 % percentile interval of MAP from ``b`` resamples of each query's documents.

    >>> ranked = draw_queries(5, np.random.default_rng(0))
    >>> document_bootstrap(ranked, 50, np.random.default_rng(1)).shape
    (2,)
    """
    boot = ap_weighted(document_counts(ranked, b, rng), ranked)
    return np.quantile(boot.mean(axis=1), [0.025, 0.975])


def ap_weighted(c: Any, y: np.ndarray) -> np.ndarray:
    """``pm.average_precision`` of each query, document i taken ``c[..., i]`` times.

    >>> float(ap_weighted(1, np.array([1.0, 0.0, 1.0])))
    0.8333333333333333
    """
    c = c * np.ones_like(y)  # c = 1: every document once
    cy = c * y
    tp, total = np.cumsum(cy, axis=-1), np.cumsum(c, axis=-1)
    return np.sum(cy * tp / np.maximum(total, 1), axis=-1) / tp[..., -1]


def population_map(rng: np.random.Generator, n_q: int = 200_000) -> tuple:
    """MAP of the query population of :func:`draw_queries`, from ``n_q`` queries.

    Returns the mean AP and its Monte Carlo standard error.

    >>> m, se = population_map(np.random.default_rng(0), 1000)
    >>> bool(0 < m < 1), bool(se < 0.02)
    (True, True)
    """
    population = ap_weighted(1, draw_queries(n_q, rng))
    return float(population.mean()), float(population.std() / np.sqrt(population.size))


def map_coverage(
    true_map: float,
    rng: np.random.Generator,
    n_queries: int = 30,
    reps: int = 1000,
    b_queries: int = 1000,
    b_docs: int = 200,
) -> dict:
    """Coverage and mean width of the MAP bootstrap, resampling queries or documents.

    Returns ``{"queries": (coverage, width), "documents": (coverage, width),
    "check": (AP of a resampled query, pm.average_precision)}``; ``b_docs = 0``
    skips the document bootstrap.

    >>> out = map_coverage(0.5, np.random.default_rng(0), 10, 5, 50, 0)
    >>> sorted(out)
    ['check', 'queries']
    """
    hits, widths = np.zeros(2), np.zeros(2)
    for _ in range(reps):
        ranked = draw_queries(n_queries, rng)
        ap = ap_weighted(1, ranked)
        by_q = ap[rng.integers(0, n_queries, (b_queries, n_queries))].mean(axis=1)
        bounds = np.quantile([by_q], [0.025, 0.975], axis=1)  # low, high: queries
        if b_docs:
            by_d = ap_weighted(document_counts(ranked, b_docs, rng), ranked).mean(
                axis=1
            )
            bounds = np.hstack([bounds, np.quantile([by_d], [0.025, 0.975], axis=1)])
        k = bounds.shape[1]
        hits[:k] += (bounds[0] <= true_map) & (true_map <= bounds[1])
        widths[:k] += bounds[1] - bounds[0]
    out = {"queries": (hits[0] / reps, widths[0] / reps)}
    if b_docs:
        out["documents"] = (hits[1] / reps, widths[1] / reps)
        docs = document_counts(ranked, 1, rng)[0]
        one = np.repeat(np.arange(M_DOCS), docs[0])
        out["check"] = (
            ap_weighted(docs[0], ranked[0]),
            pm.average_precision(ranked[0][one], -one.astype(float)),
        )
    else:
        out["check"] = (
            ap[0],
            pm.average_precision(ranked[0], -np.arange(M_DOCS, dtype=float)),
        )
    return out


# --- cross-checks (chapter 13) ------------------------------------------------------


def inference_cross_checks(rng: np.random.Generator, cases: int = 200) -> Any:
    """``cases`` random cases of four interval functions against independent code.

    Wilson against statsmodels, the one-sided McNemar p-value against SciPy's
    ``binomtest``, the chi-square RMSE interval against SciPy's quantiles, and
    DeLong against :func:`delong_by_pairs` on rounded (tied) scores. Returns a
    ``book.CrossCheck``; call its ``report()``.

    >>> inference_cross_checks(np.random.default_rng(0), 3).report()
    Wilson vs statsmodels       agree to within 1e-12
    McNemar vs SciPy binomtest  agree to within 1e-12
    chi-square RMSE vs SciPy    agree to within 1e-12
    DeLong vs all pairs         agree to within 1e-12
    """
    from statsmodels.stats.proportion import proportion_confint  # type: ignore[import-untyped]

    from pedagogy_metrics.book.display import CrossCheck

    check = CrossCheck()
    for _ in range(cases):
        n = int(rng.integers(1, 5000))
        k = int(rng.integers(0, n + 1))
        conf = float(rng.choice([0.8, 0.9, 0.95, 0.99]))
        check.add(
            "Wilson vs statsmodels",
            pm.wilson_interval(k, n, confidence=conf),
            proportion_confint(k, n, alpha=1 - conf, method="wilson"),
        )
        a, b = int(rng.integers(0, 60)), int(rng.integers(1, 60))
        right = np.r_[np.ones(a, int), np.zeros(b, int)]  # model 1 right on a
        check.add(
            "McNemar vs SciPy binomtest",
            pm.mcnemar_test(
                np.ones(a + b), right, 1 - right, alternative="greater"
            ).p_value,
            st.binomtest(a, a + b, 0.5, alternative="greater").pvalue,
        )
        check.add(
            "chi-square RMSE vs SciPy",
            pm.rmse_chi2_interval(1.0, n),
            np.sqrt(n / st.chi2.ppf([0.975, 0.025], n)),
        )
        y = (rng.random(int(rng.integers(4, 80))) < 0.4).astype(int)
        y[:4] = 1, 0, 1, 0  # both classes, two of each
        s = np.round(rng.normal(y, 1), 1)  # rounded: ties
        check.add(
            "DeLong vs all pairs", pm.delong_interval(y, s), delong_by_pairs(y, s)
        )
    return check


# --- timing -------------------------------------------------------------------------


def best_time(f: Callable[..., Any], *args: Any, repeat: int = 3) -> float:
    """The shortest of ``repeat`` wall-clock times of ``f(*args)``, in seconds.

    >>> best_time(sum, [1, 2, 3]) >= 0
    True
    """
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        f(*args)
        times.append(time.perf_counter() - start)
    return min(times)


# --- paired tests (chapter 14): exact rejection rates and exact p-values -----------


def binomial_null_rate(
    p_of: Callable[[int, int], float], n: int, p_discordant: float, alpha: float = 0.05
) -> float:
    """Exact rejection rate of a McNemar p-value ``p_of(n12, m)`` under the null.

    The n samples are discordant with probability ``p_discordant``, so m is
    Binomial(n, p_discordant) and, given m, n12 is Binomial(m, 1/2). ``p_of`` is
    called for m = 0 too.

    >>> exact = lambda j, m: st.binom.sf(j - 1, m, 0.5) if m else 1.0
    >>> round(binomial_null_rate(exact, 100, 0.2), 4)
    0.0325
    """
    total = 0.0
    for m, weight in enumerate(st.binom.pmf(np.arange(n + 1), n, p_discordant)):
        k = np.arange(m + 1)
        reject = np.array([p_of(int(j), m) <= alpha for j in k])
        total += weight * float(st.binom.pmf(k, m, 0.5)[reject].sum())
    return float(total)


def signed_rank_exact_size(n: int, alpha: float = 0.05) -> float:
    """Exact size of the two-sided exact Wilcoxon signed-rank test, n distinct |d|.

    Under the null each of the 2^n sign patterns of the ranks 1..n is equally
    likely; the p-value is twice the smaller tail of W+, capped at 1.

    >>> round(signed_rank_exact_size(12), 4)
    0.0425
    """
    counts = np.zeros(n * (n + 1) // 2 + 1)
    counts[0] = 1
    for r in range(1, n + 1):  # distribution of W+ by adding rank r or not
        counts[r:] = counts[r:] + counts[:-r].copy()
    pmf = counts / 2.0**n
    cdf, sf = np.cumsum(pmf), np.cumsum(pmf[::-1])[::-1]
    p_value = np.minimum(1.0, 2 * np.minimum(cdf, sf))
    return float(pmf[p_value <= alpha].sum())


def exact_randomization_p(d: Any) -> float:
    """Two-sided randomization p-value over all 2^n sign flips of the differences d.

    ``#{s : |sum s_q d_q| >= |sum d_q|} / 2^n``, counted by meeting in the middle
    (the sums of the two halves, sorted), so n = 25 needs only 2^12 + 2^13 sums.
    Sums within 1e-12 (relative) of the observed one count as reaching it.

    >>> exact_randomization_p([1.0, 2.0, 3.0])
    0.25
    """
    d = np.asarray(d, dtype=float)
    half = d.size // 2

    def all_sums(x: np.ndarray) -> np.ndarray:
        sums = np.zeros(1)
        for v in x:
            sums = np.concatenate([sums + v, sums - v])
        return sums

    left, right = all_sums(d[:half]), np.sort(all_sums(d[half:]))
    target = abs(d.sum()) * (1 - 1e-12)
    above = right.size - np.searchsorted(right, target - left, side="left")
    below = np.searchsorted(right, -target - left, side="right")
    return float(np.sum(above + below)) / 2.0**d.size
