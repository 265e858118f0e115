"""Tests of pedagogy_metrics.inference: hand values, oracles (statsmodels, SciPy),
coverage, bad input; the bootstrap's ROC AUC by counts, metric_kwargs, pos_label,
and each input checked once."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import scipy.stats as st
from hypothesis import given
from hypothesis import strategies as hst
from sklearn.metrics import roc_auc_score
from statsmodels.stats.proportion import proportion_confint

import pedagogy_metrics as pm

from conftest import stored_text

confidences = hst.sampled_from([0.5, 0.8, 0.9, 0.95, 0.99, 0.999])


# --- Wilson ---------------------------------------------------------------------------


def test_wilson_hand_value():
    # k = 8, n = 10, z = 1.959964: centre (0.8 + z^2/20)/(1 + z^2/10), half-width below
    z = st.norm.ppf(0.975)
    centre = (0.8 + z**2 / 20) / (1 + z**2 / 10)
    half = z * math.sqrt(0.8 * 0.2 / 10 + z**2 / 400) / (1 + z**2 / 10)
    low, high = pm.wilson_interval(8, 10)
    assert (low, high) == pytest.approx((centre - half, centre + half), rel=1e-13)
    assert f"{low:.4f} {high:.4f}" == "0.4902 0.9433"


def test_wilson_endpoints_exact():
    assert pm.wilson_interval(0, 50)[0] == 0.0
    assert pm.wilson_interval(50, 50)[1] == 1.0
    assert all(isinstance(v, float) for v in pm.wilson_interval(3, 7))


@given(hst.integers(1, 10**6), hst.data(), confidences)
def test_wilson_vs_statsmodels(n, data, confidence):
    k = data.draw(hst.integers(0, n))
    expected = proportion_confint(k, n, alpha=1 - confidence, method="wilson")
    assert pm.wilson_interval(k, n, confidence=confidence) == pytest.approx(
        expected, abs=1e-12
    )


def test_wilson_accepts_whole_floats():
    assert pm.wilson_interval(3.0, 10.0) == pm.wilson_interval(3, 10)
    assert pm.wilson_interval(3.0, 10.0) == pytest.approx(
        proportion_confint(3, 10, alpha=0.05, method="wilson"), abs=1e-12
    )


def test_coverage_wilson_near_nominal_wald_not():
    """n = 40, p = 0.05: exact coverage is 95.2 % (Wilson) vs 86.8 % (Wald); a seeded
    simulation."""
    n, p, reps = 40, 0.05, 40_000
    z = st.norm.ppf(0.975)
    k = np.random.default_rng(2024).binomial(n, p, size=reps)
    table = np.array([pm.wilson_interval(j, n) for j in range(n + 1)])
    wilson = np.mean((table[k, 0] <= p) & (p <= table[k, 1]))
    p_hat = k / n
    se = np.sqrt(p_hat * (1 - p_hat) / n)
    wald = np.mean((p_hat - z * se <= p) & (p <= p_hat + z * se))
    assert abs(wilson - 0.95) < 0.02
    assert wald < 0.90


# --- bootstrap ------------------------------------------------------------------------


def test_bootstrap_reproducible_and_seed_dependent():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 200)
    p = np.where(rng.random(200) < 0.8, y, 1 - y)
    a = pm.bootstrap_interval(pm.accuracy, y, p, n_resamples=500, seed=7)
    b = pm.bootstrap_interval(
        pm.accuracy, y.tolist(), p.tolist(), n_resamples=500, seed=7
    )
    c = pm.bootstrap_interval(pm.accuracy, y, p, n_resamples=500, seed=8)
    assert a == b
    assert a != c
    assert all(isinstance(v, float) for v in a)


def test_bootstrap_agrees_with_wilson_on_large_sample():
    rng = np.random.default_rng(3)
    n = 4000
    correct = (rng.random(n) < 0.7).astype(int)
    boot = pm.bootstrap_interval(np.mean, correct, n_resamples=2000, seed=0)
    wilson = proportion_confint(int(correct.sum()), n, alpha=0.05, method="wilson")
    assert boot == pytest.approx(wilson, abs=0.004)


def test_bootstrap_resamples_rows_together():
    # metric sees pairs: x == y on every row, so every resample gives exactly 1.0
    x = np.arange(50)
    low, high = pm.bootstrap_interval(
        lambda a, b: float(np.mean(a == b)), x, x.copy(), n_resamples=200
    )
    assert (low, high) == (1.0, 1.0)


def test_bootstrap_skips_undefined_resamples():
    def needs_both(y):
        if len(set(y.tolist())) < 2:
            raise ValueError("y: one class")
        return float(np.mean(y))

    y = [1] * 9 + [0]  # about (0.9)^10 = 35 % of resamples have one class only
    low, high = pm.bootstrap_interval(needs_both, y, n_resamples=500, seed=0)
    assert 0.5 <= low <= high <= 0.9

    def needs_minority(y):
        if np.mean(y) > 0.5:
            raise ValueError("y: mostly ones")
        return float(np.mean(y))

    with pytest.raises(ValueError, match="metric"):
        pm.bootstrap_interval(needs_minority, [1] * 9 + [0], n_resamples=200, seed=0)


def test_bootstrap_skips_nan_results():
    def nan_when_one_class(y):
        return float(np.mean(y)) if len(set(y.tolist())) == 2 else float("nan")

    low, high = pm.bootstrap_interval(
        nan_when_one_class, [1] * 9 + [0], n_resamples=500, seed=0
    )
    assert math.isfinite(low) and math.isfinite(high) and high <= 0.9


def test_bootstrap_bad_input():
    with pytest.raises(ValueError, match="length mismatch"):
        pm.bootstrap_interval(pm.accuracy, [0, 1], [0, 1, 1])
    with pytest.raises(ValueError, match="arrays"):
        pm.bootstrap_interval(pm.accuracy)
    with pytest.raises(ValueError, match=r"arrays\[0\]"):
        pm.bootstrap_interval(np.mean, [])
    with pytest.raises(ValueError, match="confidence"):
        pm.bootstrap_interval(np.mean, [1, 2], confidence=1.0)
    with pytest.raises(ValueError, match="n_resamples"):
        pm.bootstrap_interval(np.mean, [1, 2], n_resamples=0)
    with pytest.raises(TypeError, match="metric"):
        pm.bootstrap_interval("accuracy", [1, 2])


# --- Hanley-McNeil, logit, chi-square: hand values ------------------------------------


def test_hanley_mcneil_hand_value():
    a, n1, n2 = 0.8, 50, 50
    q1, q2 = 0.8 / 1.2, 2 * 0.64 / 1.8  # 2/3 and 0.711111...
    se = math.sqrt((0.8 * 0.2 + 49 * (q1 - 0.64) + 49 * (q2 - 0.64)) / 2500)
    z = st.norm.ppf(0.975)
    assert se == pytest.approx(0.0445021847, abs=1e-10)
    assert pm.hanley_mcneil_interval(a, n1, n2) == pytest.approx(
        (a - z * se, a + z * se), rel=1e-13
    )


def test_hanley_mcneil_asymmetric_counts_and_clipping():
    # n_pos and n_neg enter through different Q's: swapping them changes the SE
    assert pm.hanley_mcneil_interval(0.9, 10, 200) != pm.hanley_mcneil_interval(
        0.9, 200, 10
    )
    low, high = pm.hanley_mcneil_interval(0.99, 5, 5)
    assert high == 1.0 and low < 0.99
    assert pm.hanley_mcneil_interval(1.0, 5, 5) == (1.0, 1.0)


def test_pr_auc_logit_hand_value():
    theta, n = 0.7, 100
    eta = math.log(0.7 / 0.3)
    tau = 1 / math.sqrt(100 * 0.21)
    z = st.norm.ppf(0.975)
    expit = lambda u: 1 / (1 + math.exp(-u))  # noqa: E731
    expected = (expit(eta - z * tau), expit(eta + z * tau))
    assert pm.pr_auc_logit_interval(theta, n) == pytest.approx(expected, rel=1e-13)
    low, high = pm.pr_auc_logit_interval(0.95, 3)
    assert 0 < low < 0.95 < high < 1


def test_rmse_chi2_hand_value_and_scipy():
    rmse, n = 2.0, 50
    lo_q, hi_q = st.chi2.ppf(0.025, 50), st.chi2.ppf(0.975, 50)
    assert hi_q == pytest.approx(71.42019518, abs=1e-7)
    assert lo_q == pytest.approx(32.35736370, abs=1e-7)
    expected = (math.sqrt(n / hi_q) * rmse, math.sqrt(n / lo_q) * rmse)
    assert pm.rmse_chi2_interval(rmse, n) == pytest.approx(expected, rel=1e-12)
    assert pm.rmse_chi2_interval(0.0, 10) == (0.0, 0.0)


@given(hst.floats(0.01, 100), hst.integers(1, 3000), confidences)
def test_rmse_chi2_vs_scipy(rmse, n, confidence):
    alpha = 1 - confidence
    expected = (
        math.sqrt(n / st.chi2.ppf(1 - alpha / 2, n)) * rmse,
        math.sqrt(n / st.chi2.ppf(alpha / 2, n)) * rmse,
    )
    assert pm.rmse_chi2_interval(rmse, n, confidence=confidence) == pytest.approx(
        expected, rel=1e-12
    )


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: pm.wilson_interval(1, 0), "n"),
        (lambda: pm.wilson_interval(5, 4), "successes"),
        (lambda: pm.wilson_interval(-1, 4), "successes"),
        (lambda: pm.wilson_interval(2.5, 4), "successes"),
        (lambda: pm.wilson_interval(2, 4.5), "n"),
        (lambda: pm.wilson_interval(2, 4, confidence=0.0), "confidence"),
        (lambda: pm.wilson_interval(2, 4, confidence=1.5), "confidence"),
        (lambda: pm.wilson_interval(float("nan"), 4), "successes"),
        (lambda: pm.hanley_mcneil_interval(1.2, 5, 5), "auc"),
        (lambda: pm.hanley_mcneil_interval(-0.1, 5, 5), "auc"),
        (lambda: pm.hanley_mcneil_interval(0.7, 0, 5), "n_pos"),
        (lambda: pm.hanley_mcneil_interval(0.7, 5, 0), "n_neg"),
        (lambda: pm.hanley_mcneil_interval(0.7, 5, 5, confidence=1.0), "confidence"),
        (lambda: pm.pr_auc_logit_interval(0.0, 5), "pr_auc"),
        (lambda: pm.pr_auc_logit_interval(1.0, 5), "pr_auc"),
        (lambda: pm.pr_auc_logit_interval(0.5, 0), "n_pos"),
        (lambda: pm.pr_auc_logit_interval(0.5, 5, confidence=-0.1), "confidence"),
        (lambda: pm.rmse_chi2_interval(-1.0, 5), "rmse"),
        (lambda: pm.rmse_chi2_interval(1.0, 0), "n"),
        (lambda: pm.rmse_chi2_interval(1.0, 5, confidence=2), "confidence"),
    ],
)
def test_bad_input(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_wrong_kinds():
    with pytest.raises(TypeError, match="successes"):
        pm.wilson_interval("3", 10)
    with pytest.raises(TypeError, match="auc"):
        pm.hanley_mcneil_interval(None, 5, 5)


@pytest.mark.parametrize(
    "metric, kind",
    [
        (pm.roc_auc, "scores"),
        (pm.average_precision, "scores"),
        (pm.f1, "labels"),
        (pm.rmse, "values"),
        (pm.log_loss, "proba"),
    ],
)
def test_bootstrap_takes_any_metric_of_the_package(metric, kind):
    """Rows of every array are resampled together: the interval holds the estimate and
    matches a percentile bootstrap written here (with its own random generator, so the
    two agree in distribution, not draw by draw)."""
    rng = np.random.default_rng(12)
    n = 120
    y = rng.integers(0, 2, n)
    second = {
        "scores": y + rng.normal(0, 1, n),
        "labels": np.where(rng.random(n) < 0.8, y, 1 - y),
        "values": y + rng.normal(0, 0.3, n),
        "proba": np.clip(0.3 + 0.4 * y + rng.normal(0, 0.1, n), 0.01, 0.99),
    }[kind]
    own = np.random.default_rng(2718)
    values = []
    for _ in range(1000):
        idx = own.integers(0, n, size=n)
        values.append(metric(y[idx], second[idx]))
    for confidence in (0.95, 0.5):
        low, high = pm.bootstrap_interval(
            metric, y, second, n_resamples=1000, confidence=confidence, seed=5
        )
        assert low < metric(y, second) < high
        alpha = 1 - confidence
        ref_low, ref_high = np.quantile(values, [alpha / 2, 1 - alpha / 2])
        # two bootstraps of 1000 resamples differ by Monte Carlo error alone: a few %
        # of the width (12 % at worst over 80 other seeds, F1's quartiles)
        width = ref_high - ref_low
        assert abs(low - ref_low) < 0.2 * width, confidence
        assert abs(high - ref_high) < 0.2 * width, confidence


# --- regressions found by the outside check -------------------------------------------


def test_pr_auc_logit_interval_near_zero_and_one_does_not_overflow():
    z = st.norm.ppf(0.975)
    for theta, n in [(1e-12, 500), (1 - 1e-12, 40), (1e-300, 1)]:
        eta, tau = math.log(theta / (1 - theta)), 1 / math.sqrt(n * theta * (1 - theta))
        expected = (st.logistic.cdf(eta - z * tau), st.logistic.cdf(eta + z * tau))
        assert pm.pr_auc_logit_interval(theta, n) == pytest.approx(
            expected, rel=1e-10, abs=1e-300
        )


@pytest.mark.parametrize("df", [10**8 + 1, 10**12, 10**18])
def test_rmse_chi2_interval_huge_n(df):
    low, high = pm.rmse_chi2_interval(2.0, df)
    assert low < 2.0 < high
    assert high - low == pytest.approx(2 * 2.0 * 1.959964 / math.sqrt(2 * df), rel=1e-3)


def test_intervals_with_counts_beyond_float_range_squared():
    assert pm.wilson_interval(10**150 // 2, 10**150) == pytest.approx(
        proportion_confint(5e149, 1e150, method="wilson"), abs=1e-75
    )
    # statsmodels itself overflows (n**2) here
    assert pm.wilson_interval(10**300 // 2, 10**300) == pytest.approx(
        (0.5, 0.5), abs=1e-140
    )
    assert pm.hanley_mcneil_interval(0.7, 10**200, 10**200) == pytest.approx((0.7, 0.7))
    with pytest.raises(ValueError, match="n is too large for a float"):
        pm.wilson_interval(1, 10**400)


def test_bootstrap_seed_is_checked_by_name():
    with pytest.raises(ValueError, match="seed must be >= 0"):
        pm.bootstrap_interval(pm.accuracy, [1, 0], [1, 0], seed=-1)
    with pytest.raises(TypeError, match="seed must be an integer"):
        pm.bootstrap_interval(pm.accuracy, [1, 0], [1, 0], seed=1.5)


# ======================================================================================
# Issue 16: stratified and BCa bootstrap, DeLong's interval
# ======================================================================================


def _old_percentile_bootstrap(metric, arrays, n_resamples, confidence, seed):
    """The percentile bootstrap as it was before strata and BCa: row indices
    rng.integers(0, n, size=n), quantiles at alpha/2 and 1 - alpha/2."""
    rng = np.random.default_rng(seed)
    n = len(arrays[0])
    values = []
    for _ in range(n_resamples):
        idx = rng.integers(0, n, size=n)
        values.append(metric(*[a[idx] for a in arrays]))
    alpha = 1 - confidence
    return tuple(float(v) for v in np.quantile(values, [alpha / 2, 1 - alpha / 2]))


@pytest.mark.parametrize("seed", [0, 1, 7])
@pytest.mark.parametrize("n", [5, 37, 200])
def test_percentile_bootstrap_unchanged_and_one_stratum_the_same(seed, n):
    """The chapters' intervals do not move: no strata is one stratum is the old code."""
    rng = np.random.default_rng(n)
    x = rng.normal(size=n)
    old = _old_percentile_bootstrap(np.mean, [x], 300, 0.9, seed)
    assert (
        pm.bootstrap_interval(np.mean, x, n_resamples=300, confidence=0.9, seed=seed)
        == old
    )
    assert (
        pm.bootstrap_interval(
            np.mean, x, n_resamples=300, confidence=0.9, seed=seed, strata=["s"] * n
        )
        == old
    )


def test_stratified_bootstrap_keeps_each_stratum_and_its_rows():
    """Each resample holds as many rows of each stratum as the data (and only rows
    of that stratum), drawn with replacement."""
    group = np.array(["a"] * 3 + ["b"] * 10 + ["c"] * 1 + ["b"] * 6)
    value = np.arange(group.size)
    seen = []

    def record(g, v):
        assert (group[v] == g).all()  # each row keeps its stratum
        seen.append((tuple(sorted(g.tolist())), len(set(v.tolist()))))
        return float(np.mean(v))

    pm.bootstrap_interval(record, group, value, strata=group, n_resamples=300, seed=3)
    counts = {tuple(sorted(group.tolist()))}
    assert {s for s, _ in seen[1:]} == counts  # seen[0]: the data itself
    assert np.mean([d < group.size for _, d in seen[1:]]) > 0.9  # with replacement


def test_stratified_bootstrap_by_class_keeps_auc_defined():
    """One positive in 20: (19/20)^20 = 36 % of plain resamples hold no positive (the
    AUC is undefined there and they are skipped); by class, every one holds it."""
    y = np.r_[1, np.zeros(19, int)]
    s = np.linspace(0, 1, 20)

    def positives(strata):
        counts: list[int] = []
        pm.bootstrap_interval(
            lambda y_: counts.append(int(y_.sum())) or 0.0,
            y,
            strata=strata,
            n_resamples=400,
            seed=0,
        )
        return np.array(counts[1:])  # counts[0]: the data itself

    assert 0.25 < np.mean(positives(None) == 0) < 0.47  # 0.358, SE 0.024
    assert set(positives(y).tolist()) == {1}
    low, high = pm.bootstrap_interval(pm.roc_auc, y, s, strata=y, n_resamples=200)
    assert 0.0 <= low <= high <= 1.0


def _reference_bca(metric, arrays, n_resamples, confidence, seed):
    """BCa written from Efron & Tibshirani (1993), eq. 14.10, 14.14 and 14.15, on the
    resamples the percentile bootstrap draws (the row stream checked above)."""
    rng = np.random.default_rng(seed)
    n = len(arrays[0])
    theta = metric(*arrays)
    boot = []
    for _ in range(n_resamples):
        idx = rng.integers(0, n, size=n)
        boot.append(metric(*[a[idx] for a in arrays]))
    boot = np.array(boot)
    # 14.14, ties counted one half
    p0 = (np.mean(boot < theta) + np.mean(boot <= theta)) / 2
    z0 = st.norm.ppf(p0)
    jack = []
    for i in range(n):
        keep = np.arange(n) != i
        jack.append(metric(*[a[keep] for a in arrays]))
    jack = np.array(jack)
    dot = jack.mean()
    den = 6 * sum((dot - t) ** 2 for t in jack) ** 1.5
    a = sum((dot - t) ** 3 for t in jack) / den if den else 0.0  # 14.15
    alpha = 1 - confidence
    levels = []
    for za in (st.norm.ppf(alpha / 2), st.norm.ppf(1 - alpha / 2)):  # 14.10
        levels.append(st.norm.cdf(z0 + (z0 + za) / (1 - a * (z0 + za))))
    return tuple(float(v) for v in np.quantile(boot, levels))


def _variance(x):
    return float(np.var(x, ddof=1))


def _max_with_a_twin(x):
    return float(np.max(x))  # no row alone changes the max: acceleration 0


_LOGNORMAL = np.random.default_rng(5).lognormal(0, 1, 30)
_TWIN_MAX = np.r_[_LOGNORMAL, _LOGNORMAL.max()]
_AUC_Y = np.r_[np.ones(15, int), np.zeros(25, int)]
_AUC_S = np.r_[_LOGNORMAL, _LOGNORMAL[:10] + 1]


@pytest.mark.parametrize(
    "metric, arrays",
    [
        (_variance, [_LOGNORMAL]),
        (np.mean, [_LOGNORMAL]),
        (_max_with_a_twin, [_TWIN_MAX]),
        (pm.roc_auc, [_AUC_Y, _AUC_S]),
        (pm.accuracy, [np.arange(30) % 2, (np.arange(30) % 3 > 0).astype(int)]),
    ],
    ids=["variance", "mean", "max", "roc_auc", "accuracy"],
)
@pytest.mark.parametrize("confidence", [0.9, 0.95])
def test_bca_vs_reference(metric, arrays, confidence):
    arrays = [np.asarray(a) for a in arrays]
    expected = _reference_bca(metric, arrays, 400, confidence, 11)
    got = pm.bootstrap_interval(
        metric, *arrays, n_resamples=400, confidence=confidence, seed=11, method="bca"
    )
    assert got == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize(
    "statistic, paired",
    [(np.var, False), (np.mean, False), ("auc", True)],
    ids=["variance", "mean", "auc"],
)
def test_bca_vs_scipy(statistic, paired):
    """scipy.stats.bootstrap(method="BCa") draws other resamples: the two agree to a
    few per cent of the interval's width with 20 000 resamples each. For the variance
    of a lognormal sample the percentile interval's upper end lies 15 % of the width
    from scipy's BCa one (checked), over three times that tolerance, so a missing
    correction term fails."""
    rng = np.random.default_rng(8)
    if paired:
        y = np.r_[np.ones(20, int), np.zeros(30, int)]
        s = y * 0.8 + rng.normal(size=50)
        data = (y, s)

        def sp_stat(y_, s_, axis=-1):
            return roc_auc_score(y_, s_)

        ours_metric = pm.roc_auc
    else:
        data = (rng.lognormal(0, 1, 25),)
        sp_stat = statistic

        def ours_metric(x):
            return float(statistic(x))

    theirs = st.bootstrap(
        data,
        sp_stat,
        n_resamples=20_000,
        method="BCa",
        paired=paired,
        vectorized=not paired,
        rng=np.random.default_rng(1),
    ).confidence_interval
    ours = pm.bootstrap_interval(
        ours_metric, *data, n_resamples=20_000, seed=2, method="bca"
    )
    width = theirs.high - theirs.low
    assert ours[0] == pytest.approx(theirs.low, abs=0.04 * width)
    assert ours[1] == pytest.approx(theirs.high, abs=0.04 * width)
    if statistic is np.var:  # the test can tell BCa from the percentile interval
        plain = pm.bootstrap_interval(ours_metric, *data, n_resamples=20_000, seed=2)
        assert abs(plain[1] - theirs.high) > 0.12 * width


def test_bca_reports_a_metric_failing_on_the_jackknife():
    y = np.r_[1, np.zeros(9, int)]  # leaving out the one positive: one class
    s = np.linspace(0, 1, 10)
    with pytest.raises(ValueError, match="without row 0") as info:
        pm.bootstrap_interval(pm.roc_auc, y, s, strata=y, method="bca", n_resamples=50)
    assert "y_true holds only negatives" in str(info.value)
    assert isinstance(info.value.__cause__, ValueError)


def test_bca_undefined_when_every_resample_is_below_the_estimate():
    def distinct(x):  # n on the data, almost never n on a resample
        return float(np.unique(x).size)

    with pytest.raises(ValueError, match="method='bca' is undefined here"):
        pm.bootstrap_interval(distinct, np.arange(12), method="bca", n_resamples=100)


def test_bad_bootstrap_method_and_strata():
    with pytest.raises(ValueError, match="method"):
        pm.bootstrap_interval(np.mean, [1, 2], method="BCa")
    with pytest.raises(ValueError, match="strata"):
        pm.bootstrap_interval(np.mean, [1, 2, 3], strata=[0, 1])
    with pytest.raises(ValueError, match="strata"):
        pm.bootstrap_interval(np.mean, [1, 2], strata=[0, np.nan])
    with pytest.raises(TypeError, match="strata"):
        pm.bootstrap_interval(np.mean, [1, 2], strata=np.ma.array([0, 1], mask=[1, 0]))


# --- DeLong's interval ----------------------------------------------------------------


def slow_components(y, s):
    """Structural components by their definition: a loop over every pair."""
    pos = [x for x, label in zip(s, y) if label == 1]
    neg = [x for x, label in zip(s, y) if label == 0]

    def psi(a, b):
        return Fraction(1) if a > b else Fraction(1, 2) if a == b else Fraction(0)

    v10 = [sum(psi(x, w) for w in neg) / len(neg) for x in pos]
    v01 = [sum(psi(x, w) for x in pos) / len(pos) for w in neg]
    return v10, v01


def slow_delong_variance(y, *scores):
    """DeLong et al. (1988): S10 and S01 are covariance matrices of the components
    (divisor n - 1) of every score; Var = S10 / m + S01 / n."""
    parts = [slow_components(y, s) for s in scores]
    v10 = np.array([[float(v) for v in p[0]] for p in parts])
    v01 = np.array([[float(v) for v in p[1]] for p in parts])
    s10 = np.atleast_2d(np.cov(v10))
    s01 = np.atleast_2d(np.cov(v01))
    return s10 / v10.shape[1] + s01 / v01.shape[1], parts


@hst.composite
def two_class_scores(draw, n_scores=1):
    n = draw(hst.integers(4, 40))
    y = draw(hst.lists(hst.integers(0, 1), min_size=n, max_size=n))
    y[:4] = [1, 1, 0, 0]  # at least two of each class
    ties = hst.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0])
    scores = [
        draw(hst.lists(ties | hst.floats(-3, 3), min_size=n, max_size=n))
        for _ in range(n_scores)
    ]
    return np.array(y), [np.array(s) for s in scores]


@given(two_class_scores(), confidences)
def test_delong_interval_vs_slow_structural_components(case, confidence):
    y, (s,) = case
    cov, ((v10, v01),) = slow_delong_variance(y, s)
    auc = float(sum(v10) / len(v10))
    assert auc == pytest.approx(float(sum(v01) / len(v01)), rel=1e-12)
    assert auc == pytest.approx(pm.roc_auc(y, s), rel=1e-12)
    components = pm.structural_components(y, s)
    np.testing.assert_allclose(components.v10, [float(v) for v in v10], rtol=1e-12)
    np.testing.assert_allclose(components.v01, [float(v) for v in v01], rtol=1e-12)
    z = st.norm.ppf(1 - (1 - confidence) / 2)
    se = math.sqrt(cov[0, 0])
    expected = (max(auc - z * se, 0.0), min(auc + z * se, 1.0))
    assert pm.delong_interval(y, s, confidence=confidence) == pytest.approx(
        expected, rel=1e-9, abs=1e-12
    )


def test_delong_close_to_hanley_mcneil_on_large_samples():
    """Binormal scores, 3000 cases per class: the two standard errors agree within a
    few per cent (Hanley & McNeil's Q1, Q2 approximate the same variance)."""
    rng = np.random.default_rng(21)
    n = 3000
    y = np.r_[np.ones(n, int), np.zeros(n, int)]
    s = np.r_[rng.normal(1.0, 1, n), rng.normal(0, 1, n)]
    auc = pm.roc_auc(y, s)
    low, high = pm.delong_interval(y, s)
    hm_low, hm_high = pm.hanley_mcneil_interval(auc, n, n)
    assert (high - low) == pytest.approx(hm_high - hm_low, rel=0.05)
    assert (low + high) / 2 == pytest.approx(auc, abs=1e-12)


def test_delong_interval_hand_and_edges():
    # v10 = (1, 1, 2/3), v01 = (2/3, 1, 1): both sample variances 1/27, SE^2 = 2/81
    y, s = [1, 1, 1, 0, 0, 0], [0.9, 0.8, 0.3, 0.6, 0.2, 0.1]
    z = st.norm.ppf(0.975)
    assert pm.delong_interval(y, s) == pytest.approx(
        (8 / 9 - z * math.sqrt(2 / 81), 1.0), rel=1e-13
    )
    assert pm.delong_interval([1, 1, 0, 0], [2, 3, 0, 1]) == (1.0, 1.0)  # SE = 0
    with pytest.raises(ValueError, match="at least 2 of each"):
        pm.delong_interval([1, 0, 0], [0.3, 0.2, 0.1])
    with pytest.raises(ValueError, match="y_true holds only"):
        pm.delong_interval([0, 0, 0], [0.3, 0.2, 0.1])
    with pytest.raises(ValueError, match="y_score"):
        pm.delong_interval([1, 1, 0, 0], [0.3, 0.2, 0.1])
    with pytest.raises(ValueError, match="confidence"):
        pm.delong_interval([1, 1, 0, 0], [1, 2, 3, 4], confidence=1)


# --- the bootstrap's ROC AUC by counts: the same values as roc_auc on the drawn rows --


def _pairs_auc(y, s):
    """The AUC as a fraction of exact integer pair counts: 2U / (2 P N)."""
    pos, neg = s[y == 1].tolist(), s[y == 0].tolist()
    twice_u = sum(2 * (a > b) + (a == b) for a in pos for b in neg)
    return Fraction(twice_u, 2 * len(pos) * len(neg))


@given(
    hst.lists(
        hst.tuples(
            hst.integers(0, 1),
            hst.one_of(
                hst.sampled_from([0.0, 0.25, 0.25, 0.5, 1.0]),
                hst.integers(2**62, 2**62 + 5),
            ),
        ),
        min_size=2,
        max_size=40,
    ),
    hst.integers(0, 2**32 - 1),
)
def test_bootstrap_of_roc_auc_is_the_exact_auc_of_the_drawn_rows(rows, seed):
    """One resample: the interval is (v, v) with v the AUC of the rows drawn by
    default_rng(seed).integers(0, n, n), equal to the exact pair count divided once
    (integers, no tolerance), and to roc_auc on those rows to the last bit."""
    y, s = (np.array(col) for col in zip(*rows))
    if y.min() == y.max():
        return
    idx = np.random.default_rng(seed).integers(0, y.size, y.size)
    if y[idx].min() == y[idx].max():  # one class drawn: undefined, an error
        with pytest.raises(ValueError, match="1 of 1 resamples"):
            pm.bootstrap_interval(pm.roc_auc, y, s, n_resamples=1, seed=seed)
        return
    low, high = pm.bootstrap_interval(pm.roc_auc, y, s, n_resamples=1, seed=seed)
    assert (
        low == high == float(_pairs_auc(y[idx], s[idx])) == pm.roc_auc(y[idx], s[idx])
    )


@given(
    hst.lists(
        hst.tuples(
            hst.integers(0, 1),
            hst.one_of(
                hst.sampled_from([0.0, 0.25, 0.25, 0.5, 1.0]),
                hst.integers(2**62, 2**62 + 5).map(float),
            ),
        ),
        min_size=2,
        max_size=40,
    ),
    hst.integers(0, 2**32 - 1),
    hst.booleans(),
    hst.sampled_from(["percentile", "bca"]),
)
def test_bootstrap_of_roc_auc_equals_the_row_by_row_bootstrap(
    rows, seed, stratify, method
):
    """pm.roc_auc itself is bootstrapped by counts; a wrapper around it runs roc_auc
    on every resample. Same seed: the same interval, exactly, or the same error."""
    y, s = (np.array(col) for col in zip(*rows))
    if y.min() == y.max():
        return
    kwargs = dict(n_resamples=60, seed=seed, method=method)
    if stratify:
        kwargs["strata"] = y
    results = []
    for metric in (pm.roc_auc, lambda y_, s_: pm.roc_auc(y_, s_)):
        try:
            results.append(pm.bootstrap_interval(metric, y, s, **kwargs))
        except ValueError as err:  # too many one-class resamples, or BCa undefined
            results.append(str(err))
    assert results[0] == results[1]


def test_bootstrap_of_roc_auc_keeps_distinct_int64_scores():
    y = np.array([0, 1, 0, 1])
    s = np.array([2**62, 2**62 + 1, 2**62 + 2, 2**62 + 3], dtype=np.int64)
    fast = pm.bootstrap_interval(pm.roc_auc, y, s, n_resamples=200, seed=1)
    slow = pm.bootstrap_interval(
        lambda a, b: pm.roc_auc(a, b), y, s, n_resamples=200, seed=1
    )
    assert fast == slow


def test_bootstrap_of_roc_auc_reports_roc_auc_s_own_error():
    """Two rows, one per class: half of the resamples hold one class. Where more than
    half do, the error quotes roc_auc's own words, naming y_true."""
    messages = set()
    for seed in range(20):
        try:
            pm.bootstrap_interval(
                pm.roc_auc, [1, 0], [0.2, 0.7], n_resamples=9, seed=seed
            )
        except ValueError as err:
            messages.add(str(err).split("its last error: ")[1])
    assert messages and messages <= {
        "y_true holds only negatives: the metric needs both classes",
        "y_true holds only positives: the metric needs both classes",
    }


# --- metric_kwargs --------------------------------------------------------------------


def test_metric_kwargs_reach_every_call():
    rng = np.random.default_rng(3)
    t, p = rng.integers(0, 3, 60), rng.integers(0, 3, 60)
    for method in ("percentile", "bca"):
        with_kwargs = pm.bootstrap_interval(
            pm.f1, t, p, metric_kwargs={"average": "macro"}, method=method, seed=2
        )
        by_lambda = pm.bootstrap_interval(
            lambda a, b: pm.f1(a, b, average="macro"), t, p, method=method, seed=2
        )
        assert with_kwargs == by_lambda
        micro = {"average": "micro"}
        assert with_kwargs != pm.bootstrap_interval(
            pm.f1, t, p, metric_kwargs=micro, method=method, seed=2
        )
    y, s = (t > 0).astype(int), rng.random(60)
    assert pm.bootstrap_interval(
        pm.roc_auc, y, s, metric_kwargs={"method": "pairs"}
    ) == pm.bootstrap_interval(pm.roc_auc, y, s)


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ("average", TypeError, "metric_kwargs must be a dict"),
        ({1: "macro"}, TypeError, "metric_kwargs: keys must be argument names"),
        ({"sample_weight": [1, 2]}, ValueError, "pass the weights as one more array"),
        ({"avg": "macro"}, TypeError, "metric fails on the data itself.*avg"),
        ({"average": "typo"}, ValueError, "metric fails on the data itself.*average"),
    ],
)
def test_bad_metric_kwargs_name_the_argument(kwargs, error, match):
    with pytest.raises(error, match=match):
        pm.bootstrap_interval(pm.f1, [0, 1, 1], [0, 1, 0], metric_kwargs=kwargs)


def test_labels_without_pos_label_point_to_metric_kwargs():
    y, s = ["spam", "ham", "spam", "ham"], [0.9, 0.2, 0.7, 0.4]
    with pytest.raises(ValueError, match=r"metric_kwargs=\{'pos_label'"):
        pm.bootstrap_interval(pm.roc_auc, y, s)
    low, high = pm.bootstrap_interval(
        pm.roc_auc, y, s, metric_kwargs={"pos_label": "spam"}, seed=1
    )
    assert 0 <= low <= high <= 1


# --- DeLong: any two labels, and every input checked once -----------------------------


def test_delong_functions_take_pos_label():
    s = np.array([0.9, 0.8, 0.3, 0.6, 0.2, 0.1])
    y01 = np.array([1, 1, 1, 0, 0, 0])
    spam = np.where(y01 == 1, "spam", "ham")
    s2 = np.array([3, 2, 1, 1, 2, 0])
    assert pm.delong_interval(spam, s, pos_label="spam") == pm.delong_interval(y01, s)
    assert pm.delong_test(spam, s, s2, pos_label="spam") == pm.delong_test(y01, s, s2)
    got = pm.structural_components(spam, s, pos_label="spam")
    want = pm.structural_components(y01, s)
    assert got.v10.tolist() == want.v10.tolist()
    assert got.v01.tolist() == want.v01.tolist()
    signs = 2 * y01 - 1  # -1/1 work with the default
    assert pm.delong_interval(signs, s) == pm.delong_interval(y01, s)
    with pytest.raises(ValueError, match="pass the positive class as pos_label"):
        pm.delong_interval(spam, s)


@given(two_class_scores(n_scores=2))
def test_delong_aucs_are_roc_auc_to_the_last_bit(case):
    y, (s1, s2) = case
    test = pm.delong_test(y, s1, s2)
    assert (test.auc_1, test.auc_2) == (pm.roc_auc(y, s1), pm.roc_auc(y, s2))
    low, high = pm.delong_interval(y, s1)
    assert low <= pm.roc_auc(y, s1) <= high


def test_delong_checks_its_inputs_once(monkeypatch):
    """The public functions check y_true and the scores; what they call trusts them:
    the validating public functions are not called again."""
    y, s1 = [1, 1, 1, 0, 0, 0], [0.9, 0.8, 0.3, 0.6, 0.2, 0.1]
    s2 = [3, 2, 1, 1, 2, 0]
    expected = (
        pm.delong_test(y, s1, s2),
        pm.delong_interval(y, s1),
        pm.structural_components(y, s1).v10.tolist(),
    )

    def checked_again(*args, **kwargs):
        raise AssertionError("a validating public function was called again")

    for module in (pm, pm.curves, pm.inference, pm.comparison):
        for name in ("roc_auc", "midranks", "mann_whitney_u", "structural_components"):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, checked_again)
    got = (
        pm.delong_test(y, s1, s2),
        pm.delong_interval(y, s1),
        pm.inference.StructuralComponents(
            *pm.inference.delong_kernel(np.array(y), np.array(s1))[1:]
        ).v10.tolist(),
    )
    assert got == expected


def test_no_import_loop_between_inference_and_comparison():
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(pm.inference))
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert "comparison" not in imported
    assert not hasattr(pm.inference, "__getattr__")


# --- chapter 13's stored numbers, recomputed with the package -------------------------


def test_one_sided_mcnemar_of_note_001_as_chapter_13_prints_it():
    """15 discordant samples for model 1, 5 for model 2: P(X >= 15), X ~ Bin(20, 1/2),
    is 5425/262144 exactly; the package's one-sided test gives it, and the chapter
    prints it."""
    tail = Fraction(sum(math.comb(20, j) for j in range(15, 21)), 2**20)
    assert tail == Fraction(5425, 262144)
    y, m1 = [1] * 20, [1] * 15 + [0] * 5
    m2 = [1 - v for v in m1]
    test = pm.mcnemar_test(y, m1, m2, alternative="greater")
    assert (test.n_12, test.n_21) == (15, 5)
    assert test.p_value == pytest.approx(float(tail), rel=1e-14)
    assert f"P(X >= 15) = {tail.numerator}/{tail.denominator} = {float(tail):.6f}" in (
        stored_text("13-uncertainty.ipynb", "outputs")
    )


def test_bootstrap_rmse_undercovers_at_n30():
    """An independent simulation (own seed, own code) of the chapter's table row."""
    rng = np.random.default_rng(123)
    n, reps, b = 30, 600, 600
    hits = 0
    for _ in range(reps):
        e2 = rng.standard_normal(n) ** 2
        counts = rng.multinomial(n, np.full(n, 1 / n), size=b)
        lo, hi = np.quantile(np.sqrt(counts @ e2 / n), [0.025, 0.975])
        hits += lo <= 1 <= hi
    coverage = hits / reps
    se = math.sqrt(0.95 * 0.05 / reps)
    assert coverage < 0.95 - 2 * se  # clearly below the nominal 95 %
    assert abs(coverage - 0.900) < 4 * se  # and consistent with the chapter
    page = stored_text("13-uncertainty.ipynb", "outputs")
    assert "| 30 | normal | 0.899 ± 0.008" in page  # the table row, with its MC error
    assert "n = 30, normal, 40,000 test sets: coverage 0.900 ± 0.002" in page


@pytest.mark.parametrize(
    ("n", "cp_min", "wilson_min"),
    [(20, "0.9581", "0.8516"), (50, "0.9527", "0.8605"), (200, "0.9504", "0.9202")],
)
def test_exact_coverage_of_wilson_and_clopper_pearson_as_the_chapter_prints(
    n, cp_min, wilson_min
):
    """Coverage at p = P(interval of k contains p), k ~ Bin(n, p), summed exactly over
    k: Clopper-Pearson's never falls below 0.95, the package's Wilson interval does."""
    k = np.arange(n + 1)
    cp = np.column_stack(
        [
            np.where(k == 0, 0.0, st.beta.ppf(0.025, np.maximum(k, 1), n - k + 1)),
            np.where(k == n, 1.0, st.beta.ppf(0.975, k + 1, np.maximum(n - k, 1))),
        ]
    )
    wilson = np.array([pm.wilson_interval(int(j), n) for j in k])
    grid = np.linspace(0.001, 0.999, 999)

    def coverage(table):
        inside = (table[:, :1] <= grid) & (grid <= table[:, 1:])
        return (st.binom.pmf(k[:, None], n, grid) * inside).sum(axis=0)

    cov_cp, cov_wilson = coverage(cp), coverage(wilson)
    assert cov_cp.min() >= 0.95 and cov_cp.max() - cov_cp.min() > 0.03
    assert cov_wilson.min() < 0.95 < cov_wilson.max()
    assert (f"{cov_cp.min():.4f}", f"{cov_wilson.min():.4f}") == (cp_min, wilson_min)
    out = stored_text("13-uncertainty.ipynb", "outputs")
    assert f"| {n} | Clopper-Pearson | {cp_min} |" in out
    assert f"| {n} | Wilson | {wilson_min} |" in out


def test_chapter13_wording():
    text = stored_text("13-uncertainty.ipynb", "markdown")
    assert "覆盖概率" in text and "覆盖率" not in text
    assert r"\ge 1 - \alpha" in text
    assert "hat_p" not in stored_text("13-uncertainty.ipynb", "outputs")


# --- odd inputs: a number or an error that names the argument and the fix -------------


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.longdouble])
def test_delong_and_bootstrap_take_low_and_extended_precision_scores(dtype):
    import warnings

    y = np.array([1, 1, 1, 0, 0, 0, 1, 0])
    s = np.array([0.9, 0.8, 0.3, 0.6, 0.2, 0.1, 0.7, 0.65])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert pm.delong_interval(y, s.astype(dtype)) == pm.delong_interval(y, s)
        assert pm.bootstrap_interval(
            pm.roc_auc, y, s.astype(dtype), n_resamples=50
        ) == pm.bootstrap_interval(pm.roc_auc, y, s, n_resamples=50)


def test_longdouble_scores_beyond_float64_keep_their_order():
    big = np.longdouble("1e4000")
    y = np.array([1, 1, 0, 0])
    s = np.array([3 * big, 2 * big, big, 1], dtype=np.longdouble)
    assert pm.delong_test(y, s, -s)[:2] == (1.0, 0.0)
    assert pm.bootstrap_interval(pm.roc_auc, y, s, n_resamples=50, strata=y) == (
        1.0,
        1.0,
    )


def test_a_metric_value_beyond_float64_is_an_error_not_inf():
    big = np.array([np.longdouble("1e4000"), 1, 2], dtype=np.longdouble)
    with pytest.raises(ValueError, match="beyond the largest float64: rescale"):
        pm.bootstrap_interval(np.mean, big)


def test_delong_suggests_the_swap_of_labels_and_scores():
    with pytest.raises(ValueError, match="did you swap y_true and y_score"):
        pm.delong_interval([0.1, 0.9, 0.3, 0.4], [1, 1, 0, 0])
    with pytest.raises(ValueError, match="did you swap y_true and y_score_2"):
        pm.delong_test([0.1, 0.9, 0.3, 0.4], [4, 3, 2, 1], [1, 1, 0, 0])
