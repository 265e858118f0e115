"""Tests of pedagogy_metrics.comparison: McNemar (exact, mid-p), DeLong's test, the
paired t-test, the randomization test and Holm's adjustment, against hand values,
slow references written here, SciPy and statsmodels; bad input."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
import scipy.stats as st
from hypothesis import example, given, settings
from hypothesis import strategies as hst
from statsmodels.stats.multitest import multipletests

import pedagogy_metrics as pm

# --- McNemar: counts, alternatives, exact and mid-p -----------------------------------


def _discordant(n12, n21):
    """Labels where model 1 alone is right n12 times and model 2 alone n21 times."""
    y = [1] * (n12 + n21)
    return y, [1] * n12 + [0] * n21, [0] * n12 + [1] * n21


def _fraction_tails(n12, n21):
    """Exact P(X >= n12), P(X <= n12) and the two mid-p values, X ~ Bin(m, 1/2)."""
    m = n12 + n21

    def p(j):
        return Fraction(math.comb(m, j), 2**m)

    at_least = sum((p(j) for j in range(n12, m + 1)), Fraction(0))
    at_most = sum((p(j) for j in range(0, n12 + 1)), Fraction(0))
    return at_least, at_most, at_least - p(n12) / 2, at_most - p(n12) / 2


def test_mcnemar_hand_values():
    y = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
    m1 = [1, 1, 1, 1, 0, 0, 0, 0, 0, 1]
    m2 = [0, 0, 0, 1, 0, 0, 1, 0, 0, 1]
    # n12 = 4, n21 = 0: P(X >= 4) = 1/16, two-sided 2/16
    assert pm.mcnemar_test(y, m1, m2) == (4, 0, 1 / 8)
    assert pm.mcnemar_test(y, m1, m2, alternative="greater") == (4, 0, 1 / 16)
    assert pm.mcnemar_test(y, m1, m2, alternative="less") == (4, 0, 1.0)
    assert pm.mcnemar_test(y, m2, m1) == (0, 4, 1 / 8)  # two-sided: either order
    assert pm.mcnemar_test(y, m2, m1, alternative="less").p_value == 1 / 16
    assert pm.mcnemar_test(y, m1, m1) == (0, 0, 1.0)  # no discordant pairs
    test = pm.mcnemar_test(y, m1, m2, method="mid-p", alternative="greater")
    assert (test.n_12, test.n_21, test.p_value) == (4, 0, 1 / 32)
    assert isinstance(test, pm.McNemarTest) and isinstance(test.n_12, int)


def test_mcnemar_mid_p_by_hand():
    # n12 = 3, n21 = 2: P(X > 3) = 6/32, P(X = 3) = 10/32
    greater = dict(alternative="greater")
    assert pm.mcnemar_test(*_discordant(3, 2), method="mid-p", **greater)[2] == 11 / 32
    assert pm.mcnemar_test(*_discordant(3, 2), **greater).p_value == 16 / 32
    assert pm.mcnemar_test(*_discordant(0, 3), method="mid-p", **greater)[2] == 15 / 16
    # two-sided mid-p: twice the smaller one-sided mid-p, 2 (P(X <= 2) - P(X = 2)/2)
    assert pm.mcnemar_test(*_discordant(3, 2), method="mid-p").p_value == 2 * 11 / 32
    y = [1, 0, 1]
    assert pm.mcnemar_test(y, y, y, method="mid-p") == (0, 0, 1.0)


def test_mcnemar_every_alternative_and_method_against_fractions():
    for m in range(1, 25):
        for k in range(0, m + 1):
            at_least, at_most, mid_least, mid_most = _fraction_tails(k, m - k)
            expected = {
                ("exact", "greater"): at_least,
                ("exact", "less"): at_most,
                ("exact", "two-sided"): min(1, 2 * min(at_least, at_most)),
                ("mid-p", "greater"): mid_least,
                ("mid-p", "less"): mid_most,
                ("mid-p", "two-sided"): min(1, 2 * min(mid_least, mid_most)),
            }
            for (method, alternative), value in expected.items():
                got = pm.mcnemar_test(
                    *_discordant(k, m - k), method=method, alternative=alternative
                )
                assert got[:2] == (k, m - k)
                assert got.p_value == pytest.approx(float(value), rel=1e-14, abs=0)


labels = hst.integers(0, 2)


@given(hst.lists(hst.tuples(labels, labels, labels), min_size=1, max_size=300))
def test_mcnemar_two_sided_equals_statsmodels(rows):
    """statsmodels' exact McNemar test and R's binom.test: 2 P(X <= min), capped at 1;
    the same float, in either order of the models."""
    from statsmodels.stats.contingency_tables import mcnemar

    y, a, b = (np.array(c) for c in zip(*rows))
    n12 = int(np.sum((a == y) & (b != y)))
    n21 = int(np.sum((a != y) & (b == y)))
    table = [[0, n12], [n21, 0]]  # the concordant cells do not enter the test
    expected = float(mcnemar(table, exact=True).pvalue)
    assert pm.mcnemar_test(y, a, b) == (n12, n21, expected)
    assert pm.mcnemar_test(y, b, a) == (n21, n12, expected)


@given(hst.lists(hst.tuples(labels, labels, labels), min_size=1, max_size=300))
def test_mcnemar_one_sided_equals_scipy_binomtest(rows):
    y, a, b = (np.array(c) for c in zip(*rows))
    n12 = int(np.sum((a == y) & (b != y)))
    n21 = int(np.sum((a != y) & (b == y)))
    m = n12 + n21
    for alternative in ("greater", "less"):
        expected = 1.0 if m == 0 else st.binomtest(n12, m, 0.5, alternative).pvalue
        got = pm.mcnemar_test(y, a, b, alternative=alternative).p_value
        assert got == pytest.approx(expected, rel=1e-12, abs=0)


def test_mcnemar_two_sided_is_symmetric_where_the_one_sided_test_is_not():
    """Issue 25: with the models swapped, the one-sided test of "model 1 is better"
    gives nearly 1 while the two-sided test gives the same small p-value either way."""
    from statsmodels.stats.contingency_tables import mcnemar

    y, m1, m2 = _discordant(40, 2)
    two_sided = mcnemar([[0, 40], [2, 0]], exact=True).pvalue
    assert two_sided < 1e-9
    assert pm.mcnemar_test(y, m1, m2).p_value == two_sided
    assert pm.mcnemar_test(y, m2, m1).p_value == two_sided
    assert pm.mcnemar_test(y, m2, m1, alternative="greater").p_value > 1 - 1e-9
    assert pm.mcnemar_test(y, m1, m2, alternative="greater").p_value == two_sided / 2


def test_mcnemar_labels_of_any_kind():
    """A prediction is right when it equals the true label: strings, several
    classes, booleans, -1/1."""
    y = ["a", "b", "c", "a", "b"]
    m1 = ["a", "b", "c", "a", "a"]
    m2 = ["b", "b", "a", "c", "a"]
    assert pm.mcnemar_test(y, m1, m2, alternative="greater") == (3, 0, 1 / 8)
    spam = np.array(["spam", "ham", "spam", "ham"])
    assert pm.mcnemar_test(spam, spam, spam[::-1])[:2] == (4, 0)
    signs = np.array([-1, 1, 1, -1])
    assert pm.mcnemar_test(signs, signs, -signs) == pm.mcnemar_test(
        signs > 0, signs > 0, signs < 0
    )


@pytest.mark.parametrize("which", ["y_pred_1", "y_pred_2"])
def test_mcnemar_refuses_probabilities_as_predictions(which):
    """Scores compared with labels would all count wrong: a silent answer."""
    y = [0, 1, 1, 0]
    preds = {"y_pred_1": [0, 1, 1, 1], "y_pred_2": [0, 1, 0, 0]}
    preds[which] = [0.1, 0.8, 0.6, 0.3]
    with pytest.raises(
        ValueError, match=rf"{which} holds non-integer values such as 0.1"
    ):
        pm.mcnemar_test(y, **preds)
    # whole floats are labels; other floats are not (as scikit-learn: "continuous")
    assert pm.mcnemar_test([0.0, 1.0], [0.0, 1.0], [1.0, 1.0]) == (1, 0, 1.0)
    with pytest.raises(ValueError, match="y_true holds non-integer values such as 0.5"):
        pm.mcnemar_test([0.5, 1.5], [0.5, 1.5], [1.0, 1.5])


def test_mcnemar_lives_in_comparison_only():
    assert pm.mcnemar_test is pm.comparison.mcnemar_test
    assert "mcnemar_test" in pm.__all__ and "McNemarTest" in pm.__all__
    assert not hasattr(pm.inference, "mcnemar_test")
    assert not hasattr(pm.inference, "__getattr__")


# --- DeLong's test: slow structural components ----------------------------------------


def slow_components(y, s):
    """V10 and V01 by their definition: a loop over every positive-negative pair."""
    pos = [x for x, label in zip(s, y) if label == 1]
    neg = [x for x, label in zip(s, y) if label == 0]

    def psi(a, b):
        return 1.0 if a > b else 0.5 if a == b else 0.0

    v10 = [sum(psi(x, w) for w in neg) / len(neg) for x in pos]
    v01 = [sum(psi(x, w) for x in pos) / len(pos) for w in neg]
    return np.array(v10), np.array(v01)


def slow_delong_test(y, s1, s2):
    """DeLong et al. (1988), eq. for two correlated AUCs: the 2x2 covariance matrices
    S10, S01 of the components; Var(A1 - A2) = L (S10/m + S01/n) L', L = (1, -1)."""
    (a10, a01), (b10, b01) = slow_components(y, s1), slow_components(y, s2)
    s10 = np.cov(np.vstack([a10, b10]))
    s01 = np.cov(np.vstack([a01, b01]))
    cov = s10 / a10.size + s01 / a01.size
    contrast = np.array([1.0, -1.0])
    var = contrast @ cov @ contrast
    auc_1, auc_2 = a10.mean(), b10.mean()
    if var > 0:
        z = (auc_1 - auc_2) / math.sqrt(var)
        return auc_1, auc_2, z, 2 * st.norm.sf(abs(z))
    if auc_1 == auc_2:  # no variance and no difference
        return auc_1, auc_2, 0.0, 1.0
    return auc_1, auc_2, math.copysign(math.inf, auc_1 - auc_2), 0.0


@hst.composite
def two_scores(draw):
    n = draw(hst.integers(4, 40))
    y = draw(hst.lists(hst.integers(0, 1), min_size=n, max_size=n))
    y[:4] = [1, 1, 0, 0]  # two of each class at least
    values = hst.sampled_from([0.0, 0.5, 1.0, 2.0]) | hst.floats(-3, 3)
    s1 = draw(hst.lists(values, min_size=n, max_size=n))
    s2 = draw(hst.lists(values, min_size=n, max_size=n))
    return np.array(y), np.array(s1), np.array(s2)


@example(
    (np.array([1, 1, 0, 0]), np.array([0, 0, 0, 0.5]), np.array([0.5, 0.5, 0, 0.5]))
)
@given(two_scores())
def test_delong_test_vs_slow_structural_components(case):
    y, s1, s2 = case
    got = pm.delong_test(y, s1, s2)
    a10, a01 = slow_components(y, s1)
    b10, b01 = slow_components(y, s2)
    if np.array_equal(a10, b10) and np.array_equal(a01, b01):
        assert (got.z, got.p_value) == (0.0, 1.0)
        return
    auc_1, auc_2, z, p = slow_delong_test(y, s1, s2)
    assert got.auc_1 == pytest.approx(auc_1, rel=1e-12)
    assert got.auc_2 == pytest.approx(auc_2, rel=1e-12)
    if math.isinf(z):  # no variance, different AUCs: as sure as it gets
        assert abs(got.z) > 1e6 and np.sign(got.z) == np.sign(z)
        assert got.p_value < 1e-12
    elif math.isfinite(got.z) and abs(z) < 1e6:  # not a near-zero variance
        assert got.z == pytest.approx(z, rel=1e-8, abs=1e-12)
        assert got.p_value == pytest.approx(p, rel=1e-7, abs=1e-15)


def test_delong_test_hand_and_edges():
    y = [1, 1, 1, 0, 0, 0]
    s1, s2 = [0.9, 0.8, 0.3, 0.6, 0.2, 0.1], [3, 2, 1, 1, 2, 0]
    test = pm.delong_test(y, s1, s2)
    assert (test.auc_1, test.auc_2) == (pytest.approx(8 / 9), pytest.approx(7 / 9))
    # by hand: v10 = (1, 1, 2/3) and (1, 5/6, 1/2); v01 = (2/3, 1, 1) and (5/6, 1/2, 1)
    d10 = np.array([1, 1, 2 / 3]) - np.array([1, 5 / 6, 1 / 2])
    d01 = np.array([2 / 3, 1, 1]) - np.array([5 / 6, 1 / 2, 1])
    se = math.sqrt(np.var(d10, ddof=1) / 3 + np.var(d01, ddof=1) / 3)
    assert test.z == pytest.approx((8 / 9 - 7 / 9) / se, rel=1e-12)
    assert test.p_value == pytest.approx(2 * st.norm.sf(test.z), rel=1e-12)
    # the same ranking of the cases: nothing to test
    assert pm.delong_test(y, s1, np.exp(s1)) == (
        pytest.approx(8 / 9),
        pytest.approx(8 / 9),
        0.0,
        1.0,
    )
    # a perfect score against a constant one: a difference without variance
    perfect = pm.delong_test(y, [3, 3, 3, 0, 0, 0], [1] * 6)
    assert perfect == (1.0, 0.5, math.inf, 0.0)


def test_delong_test_calibrated_on_large_null_sample():
    """Two independent noisy copies of one signal (equal AUCs): |z| > 1.96 about 5 %
    of the time."""
    rng = np.random.default_rng(4)
    zs = []
    for _ in range(400):
        y = rng.integers(0, 2, 200)
        signal = y + rng.normal(0, 1, 200)
        copies = signal + rng.normal(0, 1, (2, 200))
        zs.append(pm.delong_test(y, copies[0], copies[1]).z)
    assert 0.02 < np.mean(np.abs(zs) > 1.96) < 0.09


# --- paired t-test --------------------------------------------------------------------


@given(
    hst.integers(2, 50).flatmap(
        lambda n: hst.tuples(
            hst.lists(hst.floats(0, 1), min_size=n, max_size=n),
            hst.lists(hst.floats(0, 1), min_size=n, max_size=n),
        )
    )
)
def test_paired_t_test_vs_scipy(pair):
    a, b = pair
    d = np.subtract(a, b)
    got = pm.paired_t_test(a, b)
    if np.ptp(d) < 1e-9 * max(1e-300, np.abs(d).max()):  # (nearly) equal differences
        return
    expected = st.ttest_rel(a, b)
    assert got.t == pytest.approx(expected.statistic, rel=1e-9)
    assert got.p_value == pytest.approx(expected.pvalue, rel=1e-8, abs=1e-300)


def test_paired_t_test_hand_and_edges():
    t, p = pm.paired_t_test([0.5, 0.7, 0.6], [0.4, 0.5, 0.6])  # d = 0.1, 0.2, 0
    assert t == pytest.approx(math.sqrt(3), rel=1e-12)  # mean 0.1, s_d 0.1
    assert p == pytest.approx(2 * st.t.sf(math.sqrt(3), 2), rel=1e-12)
    assert pm.paired_t_test([1, 2, 3], [1, 2, 3]) == (0.0, 1.0)  # SciPy: nan
    assert pm.paired_t_test([2, 3, 4], [1, 2, 3]) == (math.inf, 0.0)  # as SciPy
    assert pm.paired_t_test([1, 2, 3], [2, 3, 4]) == (-math.inf, 0.0)
    huge = 2**62  # differences of huge integers, exactly
    assert pm.paired_t_test([huge + 1, huge + 3, huge], [huge, huge, huge]) == (
        pytest.approx(st.ttest_rel([1, 3, 0], [0, 0, 0]).statistic, rel=1e-12),
        pytest.approx(st.ttest_rel([1, 3, 0], [0, 0, 0]).pvalue, rel=1e-12),
    )


# --- randomization test ---------------------------------------------------------------


def enumerated_p(d):
    """Every one of the 2**n sign flips, in exact fractions."""
    d = [Fraction(x) for x in d]
    observed = abs(sum(d))
    flips = list(itertools.product([1, -1], repeat=len(d)))
    hits = sum(abs(sum(s * x for s, x in zip(signs, d))) >= observed for signs in flips)
    return Fraction(hits, len(flips))


@given(
    hst.lists(hst.integers(-8, 8), min_size=1, max_size=10),
    hst.lists(hst.integers(-8, 8), min_size=1, max_size=10),
)
def test_randomization_test_by_exact_enumeration(a, b):
    n = min(len(a), len(b))
    a, b = [x / 4 for x in a[:n]], [x / 8 for x in b[:n]]  # dyadic: exact floats
    expected = enumerated_p(np.subtract(a, b).tolist())
    assert pm.randomization_test(a, b) == float(expected)
    assert pm.randomization_test(a, b, n_resamples=2**n) == float(expected)


def test_randomization_test_hand_and_rounding():
    # d = 0.1, 0.2, 0, 0.3: |sum| >= 0.6 only for all + or all - (0 either sign)
    assert pm.randomization_test([0.5, 0.7, 0.6, 0.9], [0.4, 0.5, 0.6, 0.6]) == 0.25
    # decimal differences whose flipped sums round differently still count
    d = [0.1, 0.2, 0.3, 0.7, 1.1, 0.3, 0.6]
    assert pm.randomization_test(d, [0.0] * 7) == 2 / 2**7
    assert pm.randomization_test([1.0], [0.0]) == 1.0  # one pair: both flips hit
    assert pm.randomization_test([1, 2], [1, 2]) == 1.0


def test_randomization_test_monte_carlo():
    """Beyond n_resamples flips: (hits + 1) / (n_resamples + 1), close to SciPy's
    permutation test and never 0."""
    rng = np.random.default_rng(6)
    a, b = rng.normal(0.3, 1, 30), rng.normal(0, 1, 30)
    ours = pm.randomization_test(a, b, n_resamples=20_000, seed=1)
    theirs = st.permutation_test(
        (a, b),
        lambda x, y, axis: np.mean(x - y, axis=axis),
        permutation_type="samples",
        n_resamples=20_000,
        rng=np.random.default_rng(2),
    ).pvalue
    assert ours == pytest.approx(theirs, abs=0.01)
    # all 20 differences positive: only the observed flip (and its mirror) reach it
    assert pm.randomization_test(np.ones(20), np.zeros(20), n_resamples=999) == 1 / 1000
    # 2**13 = 8192 flips: exact at 8192 resamples, random below
    d = np.r_[np.ones(12), -3.0]
    exact = pm.randomization_test(d, np.zeros(13), n_resamples=8192)
    assert exact == float(enumerated_p(d.tolist()))
    sampled = pm.randomization_test(d, np.zeros(13), n_resamples=8191, seed=0)
    assert sampled != exact and sampled == pytest.approx(exact, abs=0.02)
    assert pm.randomization_test(d, np.zeros(13), n_resamples=8191, seed=0) == sampled


# --- Holm -----------------------------------------------------------------------------


@settings(max_examples=50)  # statsmodels takes 30 ms a call
@given(
    hst.lists(
        hst.sampled_from([0.0, 0.01, 0.02, 0.5, 1.0]) | hst.floats(0, 1),
        min_size=1,
        max_size=30,
    )
)
def test_holm_vs_statsmodels(p):
    expected = multipletests(p, method="holm")[1]
    np.testing.assert_allclose(pm.holm_adjust(p), expected, rtol=1e-12, atol=0)


def test_holm_hand():
    assert pm.holm_adjust([0.01, 0.04, 0.03]).tolist() == pytest.approx(
        [0.03, 0.06, 0.06], rel=1e-15
    )
    assert pm.holm_adjust([0.5, 0.5]).tolist() == [1.0, 1.0]
    assert pm.holm_adjust([0.2]).tolist() == [0.2]


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda: pm.mcnemar_test([1], [1], [0], method="midp"), ValueError, "method"),
        (
            lambda: pm.mcnemar_test([1], [1], [0], alternative="two_sided"),
            ValueError,
            "alternative must be one of",
        ),
        (lambda: pm.mcnemar_test([0, 1], [0, 1, 1], [0, 1]), ValueError, "length"),
        (lambda: pm.mcnemar_test([], [], []), ValueError, "y_true"),
        (lambda: pm.mcnemar_test([0, np.nan], [0, 1], [0, 1]), ValueError, "y_true"),
        (lambda: pm.mcnemar_test([0, 1], [0, None], [0, 1]), ValueError, "y_pred_1"),
        (
            lambda: pm.mcnemar_test([1, 0], ["1", "0"], [1, 0]),
            TypeError,
            "y_pred_1 and y_true must both hold numbers or both hold strings",
        ),
        (lambda: pm.delong_test([1, 1, 0], [1, 2, 3], [1, 2, 3]), ValueError, "y_true"),
        (
            lambda: pm.delong_test([1, 1, 0, 0], [1, 2, 3], [1, 2, 3, 4]),
            ValueError,
            "y_score_1",
        ),
        (
            lambda: pm.delong_test([1, 1, 0, 0], [1, 2, 3, 4], [1, 2, np.nan, 4]),
            ValueError,
            "y_score_2",
        ),
        (
            lambda: pm.delong_test([1, 2, 0, 0], [1, 2, 3, 4], [1, 2, 3, 4]),
            ValueError,
            "y_true",
        ),
        (lambda: pm.paired_t_test([1], [2]), ValueError, "a and b hold 1 pair"),
        (lambda: pm.paired_t_test([1, 2], [2]), ValueError, "length mismatch"),
        (lambda: pm.paired_t_test([1, np.inf], [2, 3]), ValueError, "a contains inf"),
        (lambda: pm.paired_t_test(["x", "y"], [2, 3]), TypeError, "a must hold"),
        (
            lambda: pm.paired_t_test([1e308, 2], [-1e308, 3]),
            ValueError,
            "a and b differ",
        ),
        (lambda: pm.randomization_test([1, 2], [1]), ValueError, "length mismatch"),
        (
            lambda: pm.randomization_test([1], [1], n_resamples=0),
            ValueError,
            "n_resamples",
        ),
        (
            lambda: pm.randomization_test([1], [1], n_resamples=10**9),
            ValueError,
            "n_resamples",
        ),
        (lambda: pm.randomization_test([1], [1], seed=-1), ValueError, "seed"),
        (lambda: pm.randomization_test([], []), ValueError, "a is empty"),
        (lambda: pm.holm_adjust([0.1, 1.5]), ValueError, "p_values"),
        (lambda: pm.holm_adjust([]), ValueError, "p_values"),
        (lambda: pm.holm_adjust([[0.1, 0.2]]), ValueError, "p_values"),
        (lambda: pm.holm_adjust(0.1), ValueError, "p_values"),
    ],
)
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()
