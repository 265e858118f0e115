"""Calibration: hand values, scikit-learn and statsmodels as oracles, slow references
written from the definitions, the Brier decomposition identity, bad input."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
import sklearn.calibration as skc
import sklearn.metrics as skm
import statsmodels.api as sm
from hypothesis import assume, given
from hypothesis import strategies as st
from sklearn.isotonic import IsotonicRegression

import pedagogy_metrics as pm

from conftest import BAD_BINARY_PROBABILITIES

STRATEGIES = ["uniform", "quantile"]

# ---- strategies ----------------------------------------------------------------------

# probabilities: bin edges (0.1, 0.3, 1.0, ...), exact 0 and 1, repeats, and any float
probability = st.one_of(
    st.sampled_from([0.0, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1.0, 0.25, 1 / 3]),
    st.floats(0, 1),
)


@st.composite
def labelled_probabilities(draw, min_size=1):
    n = draw(st.integers(min_size, 40), label="n")
    y = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n), label="y")
    p = draw(st.lists(probability, min_size=n, max_size=n), label="p")
    return y, p


@st.composite
def labelled_rows(draw):
    """Class indices and (n, C) probability rows; small integer weights give ties."""
    n = draw(st.integers(1, 30), label="n")
    n_classes = draw(st.integers(2, 4), label="C")
    y = draw(st.lists(st.integers(0, n_classes - 1), min_size=n, max_size=n))
    rows = []
    for _ in range(n):
        w = draw(st.lists(st.integers(0, 4), min_size=n_classes, max_size=n_classes))
        w[0] += sum(w) == 0
        rows.append([v / sum(w) for v in w])
    return y, rows


# ---- slow references, written from the definitions -----------------------------------


def edges_of(p, n_bins, strategy):
    """Bin edges as scikit-learn computes them (part of the definition matched)."""
    quantiles = np.linspace(0, 1, n_bins + 1)
    if strategy == "uniform":
        return quantiles.tolist()
    return np.percentile(np.asarray(p, dtype=float), quantiles * 100).tolist()


def reference_bins(y, p, n_bins, strategy):
    """[(n_b, Fraction mean label, Fraction mean probability)] of the non-empty bins:
    bin b holds the p with e_b < p <= e_(b+1), the first bin everything up to e_1, the
    last everything above e_(B-1)."""
    e = edges_of(p, n_bins, strategy)
    out = []
    for b in range(n_bins):
        members = [
            i
            for i in range(len(p))
            if (b == 0 or p[i] > e[b]) and (b == n_bins - 1 or p[i] <= e[b + 1])
        ]
        if members:
            k = len(members)
            mean_y = Fraction(sum(y[i] for i in members), k)
            mean_p = sum(Fraction(p[i]) for i in members) / k
            out.append((k, mean_y, mean_p))
    return out


def reference_ece(y, p, n_bins, strategy):
    n = len(p)
    bins = reference_bins(y, p, n_bins, strategy)
    return float(sum(Fraction(k, n) * abs(my - mp) for k, my, mp in bins))


def reference_top_label(y, rows):
    """(correct, confidence) per row: the first class of largest probability."""
    correct, confidence = [], []
    for label, row in zip(y, rows):
        top = max(row)
        predicted = row.index(top)  # first occurrence: ties go to the lowest index
        correct.append(int(predicted == label))
        confidence.append(top)
    return correct, confidence


def reference_brier_terms(y, p):
    """(BS, REL, RES, UNC) in exact fractions, grouping equal forecast values."""
    n = len(y)
    groups: dict[float, list[int]] = {}
    for yi, pi in zip(y, p):
        groups.setdefault(pi, []).append(yi)
    base = Fraction(sum(y), n)
    brier = sum((Fraction(pi) - yi) ** 2 for yi, pi in zip(y, p)) / n
    rel = res = Fraction(0)
    for f, labels in groups.items():
        rate = Fraction(sum(labels), len(labels))
        rel += len(labels) * (Fraction(f) - rate) ** 2
        res += len(labels) * (rate - base) ** 2
    return brier, rel / n, res / n, base * (1 - base)


# ---- calibration_curve and calibration_bins ------------------------------------------


def test_calibration_bins_by_hand():
    # uniform, 2 bins: [0, 0.5] holds 0.1, 0.3, 0.5 (labels 0, 1, 0); (0.5, 1] holds
    # 0.6, 0.8 (labels 1, 1)
    y, p = [0, 1, 0, 1, 1], [0.1, 0.3, 0.5, 0.6, 0.8]
    bins = pm.calibration_bins(y, p, n_bins=2)
    assert bins.n_cases.tolist() == [3, 2]
    np.testing.assert_allclose(bins.prob_true, [1 / 3, 1.0], rtol=1e-15)
    np.testing.assert_allclose(bins.prob_pred, [0.3, 0.7], rtol=1e-15)
    prob_true, prob_pred = pm.calibration_curve(y, p, n_bins=2)
    np.testing.assert_array_equal(prob_true, bins.prob_true)
    np.testing.assert_array_equal(prob_pred, bins.prob_pred)
    # 10 uniform bins, only 4 occupied: empty bins are omitted
    assert pm.calibration_bins(y, p, n_bins=10).n_cases.tolist() == [1, 1, 1, 1, 1]
    assert pm.calibration_bins(y, [0.05, 0.05, 0.05, 0.95, 1.0]).n_cases.tolist() == [
        3,
        2,
    ]


def test_quantile_bins_by_hand():
    # quantile edges of 0.1, 0.2, 0.3, 0.4 with 2 bins: 0.1, 0.25, 0.4
    bins = pm.calibration_bins(
        [0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4], strategy="quantile", n_bins=2
    )
    assert bins.n_cases.tolist() == [2, 2]
    np.testing.assert_allclose(bins.prob_pred, [0.15, 0.35], rtol=1e-15)
    # repeated probabilities: coinciding edges leave bins empty
    bins = pm.calibration_bins([0, 1, 0, 1], [0.5] * 4, strategy="quantile", n_bins=3)
    assert bins.n_cases.tolist() == [4]
    assert bins.prob_true.tolist() == [0.5]


@pytest.mark.parametrize("strategy", STRATEGIES)
@given(case=labelled_probabilities(), n_bins=st.integers(1, 15))
def test_calibration_curve_vs_sklearn(strategy, case, n_bins):
    y, p = case
    got_true, got_pred = pm.calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
    sk_true, sk_pred = skc.calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
    np.testing.assert_array_equal(got_true, sk_true)
    np.testing.assert_array_equal(got_pred, sk_pred)


@pytest.mark.parametrize("strategy", STRATEGIES)
@given(case=labelled_probabilities(), n_bins=st.integers(1, 15))
def test_calibration_bins_vs_reference(strategy, case, n_bins):
    y, p = case
    bins = pm.calibration_bins(y, p, n_bins=n_bins, strategy=strategy)
    expected = reference_bins(y, p, n_bins, strategy)
    assert bins.n_cases.tolist() == [k for k, _, _ in expected]
    np.testing.assert_allclose(bins.prob_true, [float(m) for _, m, _ in expected])
    np.testing.assert_allclose(
        bins.prob_pred, [float(m) for _, _, m in expected], rtol=1e-14, atol=1e-300
    )
    assert bins.n_cases.sum() == len(p)


# ---- expected calibration error ------------------------------------------------------


def test_ece_by_hand():
    y, p = [0, 1, 0, 1, 1], [0.1, 0.3, 0.5, 0.6, 0.8]
    # bins [0, .5]: rate 1/3, mean .3; (.5, 1]: rate 1, mean .7
    expected = 3 / 5 * abs(1 / 3 - 0.3) + 2 / 5 * abs(1 - 0.7)
    assert pm.expected_calibration_error(y, p, n_bins=2) == pytest.approx(expected)
    # one bin: calibration in the large, |mean y - mean p|
    assert pm.expected_calibration_error(y, p, n_bins=1) == pytest.approx(
        abs(3 / 5 - 2.3 / 5)
    )
    # perfectly calibrated within each bin
    assert pm.expected_calibration_error([0, 1, 1, 1], [0.5, 0.5, 1.0, 1.0]) == 0.0
    assert type(pm.expected_calibration_error(y, p)) is float


def test_ece_top_label_by_hand():
    rows = [
        [0.7, 0.2, 0.1],  # predicts 0, right, confidence .7
        [0.2, 0.6, 0.2],  # predicts 1, wrong (label 2), confidence .6
        [0.4, 0.4, 0.2],  # tie: predicts 0 (lowest index), right, confidence .4
        [0.1, 0.1, 0.8],  # predicts 2, right, confidence .8
    ]
    y = [0, 2, 0, 2]
    # uniform 2 bins: [0, .5] holds the tie (conf .4, correct 1): gap .6;
    # (.5, 1] holds .7, .6, .8 with 2 of 3 correct: gap |2/3 - .7|
    expected = 1 / 4 * 0.6 + 3 / 4 * abs(2 / 3 - 0.7)
    got = pm.expected_calibration_error(y, rows, n_bins=2)
    assert got == pytest.approx(expected, rel=1e-12)
    # the tie goes to class 0: labelling row 3 as class 1 makes it wrong
    y_other = [0, 2, 1, 2]
    expected_other = 1 / 4 * 0.4 + 3 / 4 * abs(2 / 3 - 0.7)
    got_other = pm.expected_calibration_error(y_other, rows, n_bins=2)
    assert got_other == pytest.approx(expected_other, rel=1e-12)


def test_ece_two_columns_is_not_the_binary_ece():
    """Top-label ECE of [1 - p, p] scores the predicted class; binary ECE, class 1."""
    y, p = [0, 0, 1, 1], [0.1, 0.4, 0.6, 0.8]
    rows = [[1 - v, v] for v in p]
    # top label: confidences .9, .6, .6, .8, all correct
    top = pm.expected_calibration_error(y, rows, n_bins=2)
    assert top == pytest.approx(1 - (0.9 + 0.6 + 0.6 + 0.8) / 4, rel=1e-12)
    binary = pm.expected_calibration_error(y, p, n_bins=2)
    assert binary == pytest.approx(0.5 * 0.25 + 0.5 * 0.3, rel=1e-12)


@pytest.mark.parametrize("strategy", STRATEGIES)
@given(case=labelled_probabilities(), n_bins=st.integers(1, 15))
def test_ece_vs_reference(strategy, case, n_bins):
    y, p = case
    got = pm.expected_calibration_error(y, p, n_bins=n_bins, strategy=strategy)
    expected = reference_ece(y, p, n_bins, strategy)
    assert got == pytest.approx(expected, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("strategy", STRATEGIES)
@given(case=labelled_probabilities(), n_bins=st.integers(1, 15))
def test_ece_from_sklearn_curve(strategy, case, n_bins):
    """The definition read literally: weights n_b / n over scikit-learn's bins."""
    y, p = case
    sk_true, sk_pred = skc.calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
    sizes = [k for k, _, _ in reference_bins(y, p, n_bins, strategy)]
    expected = float(np.sum(np.array(sizes) / len(p) * np.abs(sk_true - sk_pred)))
    got = pm.expected_calibration_error(y, p, n_bins=n_bins, strategy=strategy)
    assert got == pytest.approx(expected, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("strategy", STRATEGIES)
@given(case=labelled_rows(), n_bins=st.integers(1, 12))
def test_top_label_ece_vs_reference(strategy, case, n_bins):
    y, rows = case
    correct, confidence = reference_top_label(y, rows)
    expected = reference_ece(correct, confidence, n_bins, strategy)
    got = pm.expected_calibration_error(y, rows, n_bins=n_bins, strategy=strategy)
    assert got == pytest.approx(expected, rel=1e-12, abs=1e-15)


def test_ece_moves_with_the_bins():
    rng = np.random.default_rng(0)
    p = rng.random(2000)
    y = (rng.random(2000) < p).astype(int)  # calibrated by construction
    values = [pm.expected_calibration_error(y, p, n_bins=b) for b in (1, 10, 200)]
    assert values[0] < values[1] < values[2]  # more bins, more noise counted as error


# ---- Brier decomposition and skill score ---------------------------------------------


def test_brier_decomposition_by_hand():
    d = pm.brier_decomposition([0, 1, 1, 1], [0.5, 0.5, 1.0, 1.0])
    assert d == (0.0, 0.0625, 0.1875)
    assert isinstance(d, pm.BrierDecomposition)
    assert all(type(v) is float for v in d)
    # forecasts .2 (labels 0, 0, 1) and .8 (labels 1, 0): base rate 2/5
    # REL = (3 (.2 - 1/3)^2 + 2 (.8 - 1/2)^2) / 5 = (4/75 + 9/50) / 5
    # RES = (3 (1/3 - 2/5)^2 + 2 (1/2 - 2/5)^2) / 5 = (1/75 + 1/50) / 5
    d = pm.brier_decomposition([0, 0, 1, 1, 0], [0.2, 0.2, 0.2, 0.8, 0.8])
    assert d.reliability == pytest.approx(float(Fraction(4, 75) + Fraction(9, 50)) / 5)
    assert d.resolution == pytest.approx(float(Fraction(1, 75) + Fraction(1, 50)) / 5)
    assert d.uncertainty == pytest.approx(0.24)
    brier = pm.brier_score([0, 0, 1, 1, 0], [0.2, 0.2, 0.2, 0.8, 0.8])
    assert d.reliability - d.resolution + d.uncertainty == pytest.approx(brier)


def test_brier_decomposition_one_class_and_constant_forecast():
    d = pm.brier_decomposition([1, 1, 1], [0.9, 0.9, 0.7])
    assert d.uncertainty == 0.0 and d.resolution == 0.0
    assert d.reliability == pytest.approx((2 * 0.01 + 0.09) / 3)
    d = pm.brier_decomposition([0, 1, 1, 0], [0.3] * 4)  # one forecast value
    assert d.resolution == 0.0
    assert d.reliability == pytest.approx(0.04)


@given(case=labelled_probabilities())
def test_brier_decomposition_vs_reference(case):
    y, p = case
    brier, rel, res, unc = reference_brier_terms(y, p)
    assert rel - res + unc == brier  # Murphy's identity, in exact arithmetic
    d = pm.brier_decomposition(y, p)
    assert d.reliability == pytest.approx(float(rel), rel=1e-12, abs=1e-15)
    assert d.resolution == pytest.approx(float(res), rel=1e-12, abs=1e-15)
    assert d.uncertainty == pytest.approx(float(unc), rel=1e-12, abs=1e-15)


@given(case=labelled_probabilities())
def test_brier_decomposition_identity(case):
    y, p = case
    d = pm.brier_decomposition(y, p)
    assert d.reliability - d.resolution + d.uncertainty == pytest.approx(
        pm.brier_score(y, p), abs=1e-14
    )
    assert d.reliability - d.resolution + d.uncertainty == pytest.approx(
        skm.brier_score_loss(y, p, labels=[0, 1]), abs=1e-14
    )
    assert min(d) >= 0.0 and d.resolution <= d.uncertainty + 1e-15


def test_brier_skill_score_by_hand():
    y, p = [0, 1, 1, 1], [0.5, 0.5, 1.0, 1.0]
    assert pm.brier_skill_score(y, p) == pytest.approx(1 - 0.125 / 0.1875)
    assert pm.brier_skill_score(y, [0.75] * 4) == pytest.approx(0.0, abs=1e-15)
    assert pm.brier_skill_score(y, [0, 1, 1, 1]) == 1.0
    assert pm.brier_skill_score(y, [1, 0, 0, 0]) == pytest.approx(1 - 1 / 0.1875)


@given(case=labelled_probabilities(min_size=2))
def test_brier_skill_score_vs_sklearn(case):
    y, p = case
    assume(0 < sum(y) < len(y))
    expected = skm.d2_brier_score(y, p, labels=[0, 1])
    got = pm.brier_skill_score(y, p)
    assert got == pytest.approx(expected, rel=1e-12, abs=1e-12)
    d = pm.brier_decomposition(y, p)
    assert got == pytest.approx(
        (d.resolution - d.reliability) / d.uncertainty, rel=1e-9, abs=1e-9
    )


# ---- isotonic calibration ------------------------------------------------------------


def test_isotonic_by_hand():
    # scores 1, 1, 2, 3: rates 1/2 (tied pair), 0, 1; 1/2 > 0 violates: pool to 1/3
    got = pm.isotonic_calibration([1, 0, 0, 1], [1, 1, 2, 3])
    np.testing.assert_allclose(got, [1 / 3, 1 / 3, 1 / 3, 1.0], rtol=1e-15)
    # already monotone: each distinct score keeps its own rate
    got = pm.isotonic_calibration([1, 0, 0, 1, 1], [5, 1, 2, 9, 9])
    assert got.tolist() == [1.0, 0.0, 0.0, 1.0, 1.0]
    # a pool that must reach back two blocks: rates 0, 1, 1, 0, 0 -> 0, 1/2 x 4
    got = pm.isotonic_calibration([0, 1, 1, 0, 0], [1, 2, 3, 4, 5])
    assert got.tolist() == [0.0, 0.5, 0.5, 0.5, 0.5]
    # one class: constant
    assert pm.isotonic_calibration([1, 1], [0.2, 0.1]).tolist() == [1.0, 1.0]


def test_isotonic_pools_ties_and_keeps_large_integers_distinct():
    big = 2**62
    # distinct int64 scores that float64 would merge: a violation only if merged
    got = pm.isotonic_calibration([1, 0, 1], [big, big + 1, big + 2])
    np.testing.assert_allclose(got, [0.5, 0.5, 1.0], rtol=1e-15)
    got_tied = pm.isotonic_calibration([1, 0, 1], [big, big, big + 2])
    np.testing.assert_allclose(got_tied, [0.5, 0.5, 1.0], rtol=1e-15)
    assert pm.isotonic_calibration([0, 0, 1], [big, big + 2, big + 1]).tolist() == [
        0.0,
        0.5,
        0.5,
    ]


scores_on_a_grid = st.one_of(
    st.integers(-5, 5).map(float), st.integers(-64, 64).map(lambda k: k / 16)
)


@given(data=st.data())
def test_isotonic_vs_sklearn(data):
    n = data.draw(st.integers(1, 60), label="n")
    y = data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n), label="y")
    s = data.draw(st.lists(scores_on_a_grid, min_size=n, max_size=n), label="s")
    got = pm.isotonic_calibration(y, s)
    expected = IsotonicRegression(out_of_bounds="clip").fit_transform(s, y)
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-15)


@given(data=st.data())
def test_isotonic_properties(data):
    n = data.draw(st.integers(1, 60), label="n")
    y = data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n), label="y")
    s = data.draw(st.lists(st.floats(-1e6, 1e6), min_size=n, max_size=n), label="s")
    got = pm.isotonic_calibration(y, s)
    order = np.argsort(s, kind="stable")
    assert (np.diff(got[order]) >= 0).all()  # non-decreasing in the score
    for value in np.unique(s):  # tied scores share one probability
        assert len(set(got[np.asarray(s) == value].tolist())) == 1
    assert sum(got) == pytest.approx(sum(y), abs=1e-9)  # PAV keeps the total


def test_isotonic_differs_from_sklearn_below_its_resolution():
    """scikit-learn pools scores closer than np.finfo(float).resolution (1e-15)."""
    y, s = [1, 0], [0.0, 1e-16]
    assert pm.isotonic_calibration(y, s).tolist() == [0.5, 0.5]  # a real violation
    y, s = [0, 1], [0.0, 1e-16]
    assert pm.isotonic_calibration(y, s).tolist() == [0.0, 1.0]
    sk = IsotonicRegression(out_of_bounds="clip").fit_transform(s, y)
    assert sk.tolist() == [0.5, 0.5]


# ---- Platt scaling -------------------------------------------------------------------


def test_platt_by_hand():
    # two score values: the saturated fit, sigma(b) = 1/4 at s = 0, sigma(a + b) = 3/4
    y = [0, 0, 0, 1, 0, 1, 1, 1]
    s = [0, 0, 0, 0, 1, 1, 1, 1]
    a, b = pm.platt_scaling(y, s)
    assert b == pytest.approx(math.log(1 / 3), rel=1e-12)
    assert a == pytest.approx(2 * math.log(3), rel=1e-12)
    # symmetric data: a = b = 0
    a, b = pm.platt_scaling([0, 1, 1, 0], [-1, -1, 1, 1])
    assert a == pytest.approx(0.0, abs=1e-15) and b == pytest.approx(0.0, abs=1e-15)
    # shifting and scaling the scores moves (a, b) accordingly
    a1, b1 = pm.platt_scaling(y, [10 + 5 * v for v in s])
    assert a1 == pytest.approx(a_expected := 2 * math.log(3) / 5, rel=1e-12)
    assert b1 == pytest.approx(math.log(1 / 3) - 10 * a_expected, rel=1e-12)
    assert all(type(v) is float for v in pm.platt_scaling(y, s))


@st.composite
def overlapping(draw):
    n = draw(st.integers(4, 40), label="n")
    y = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n), label="y")
    s = draw(
        st.lists(
            st.one_of(
                st.integers(-5, 5).map(float),
                st.floats(-10, 10).filter(lambda v: v == 0 or abs(v) > 1e-3),
            ),
            min_size=n,
            max_size=n,
        ),
        label="s",
    )
    pos = [v for v, t in zip(s, y) if t == 1]
    neg = [v for v, t in zip(s, y) if t == 0]
    assume(pos and neg and min(pos) < max(neg) and min(neg) < max(pos))
    return y, s


def _statsmodels_logit(y, s):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exog = np.column_stack([s, np.ones(len(s))])
        result = sm.Logit(np.asarray(y, float), exog).fit(disp=0, tol=1e-12)
    return result.params, result.mle_retvals["converged"]


def _log_likelihood(y, s, a, b):
    z = a * np.asarray(s) + b
    return float(np.sum(np.asarray(y) * z - np.logaddexp(0, z)))


@given(case=overlapping())
def test_platt_vs_statsmodels(case):
    y, s = case
    a, b = pm.platt_scaling(y, s)
    (sm_a, sm_b), converged = _statsmodels_logit(y, s)
    assume(converged)
    assert a == pytest.approx(sm_a, rel=1e-7, abs=1e-9)
    assert b == pytest.approx(sm_b, rel=1e-7, abs=1e-9)
    assert _log_likelihood(y, s, a, b) >= _log_likelihood(y, s, sm_a, sm_b) - 1e-12


@given(case=overlapping())
def test_platt_solves_the_likelihood_equations(case):
    """Independent of any library: at the maximum, sum(y - p) = sum((y - p) s) = 0."""
    y, s = case
    a, b = pm.platt_scaling(y, s)
    s = np.asarray(s)
    residual = np.asarray(y) - 1 / (1 + np.exp(-(a * s + b)))
    assert abs(residual.sum()) <= 1e-9 * np.abs(residual).sum() + 1e-12
    assert abs(residual @ s) <= 1e-9 * np.abs(residual * s).sum() + 1e-12


def test_platt_nearly_separated():
    """The classes overlap by 2.5e-29 of the range only: at the maximum (a near -66.7)
    a * s for the overlapping scores is below the rounding of b, so the likelihood
    equations cannot be solved in floats: a ValueError, not a guess (statsmodels
    stops at a = -22 without converging)."""
    y = [0, 0, 0, 0, 0, 1, 0, 0, 0]
    s = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, -2.4718782932444858e-29]
    with pytest.raises(ValueError, match="y_score: Newton's method did not converge"):
        pm.platt_scaling(y, s)
    (_, _), converged = _statsmodels_logit(y, s)
    assert not converged


def test_platt_far_scores_and_large_n():
    # an outlying negative 1e15 times further out: the fit is that of the others
    y = [0, 1, 0, 1, 1, 0]
    a, b = pm.platt_scaling(y, [1e15, 1, 2, 4, 0, 4])
    (sm_a, sm_b), converged = _statsmodels_logit(y[1:], [1, 2, 4, 0, 4])
    assert converged
    assert a == pytest.approx(sm_a, rel=1e-9) and b == pytest.approx(sm_b, rel=1e-9)
    rng = np.random.default_rng(0)
    s = rng.normal(size=100_000)
    y = (rng.random(100_000) < 1 / (1 + np.exp(-(2 * s - 0.3)))).astype(int)
    a, b = pm.platt_scaling(y, s)
    (sm_a, sm_b), converged = _statsmodels_logit(y, s)
    assert converged
    assert a == pytest.approx(sm_a, rel=1e-9) and b == pytest.approx(sm_b, rel=1e-9)


# ---- bad input -----------------------------------------------------------------------

CURVE_FUNCS = [pm.calibration_bins, pm.calibration_curve, pm.expected_calibration_error]


@pytest.mark.parametrize("func", CURVE_FUNCS)
@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(n_bins=0), ValueError, "n_bins must be >= 1"),
        (dict(n_bins=2.5), ValueError, "n_bins must be an integer"),
        (dict(n_bins=True), TypeError, "n_bins must be an integer"),
        (dict(n_bins=10**6 + 1), ValueError, "n_bins must be <= 1_000_000"),
        (dict(n_bins=2**70), ValueError, "n_bins must be <="),
        (dict(strategy="equal"), ValueError, "strategy must be one of"),
        (dict(strategy=None), ValueError, "strategy must be one of"),
    ],
)
def test_bad_binning(func, kwargs, error, match):
    with pytest.raises(error, match=match):
        func([0, 1], [0.2, 0.8], **kwargs)


@pytest.mark.parametrize(
    "func",
    [*CURVE_FUNCS, pm.brier_decomposition, pm.brier_skill_score],
)
@pytest.mark.parametrize("y, p, error, match", BAD_BINARY_PROBABILITIES)
def test_bad_probabilities(func, y, p, error, match):
    with pytest.raises(error, match=match):
        func(y, p)


@pytest.mark.parametrize(
    "func",
    [
        pm.calibration_bins,
        pm.calibration_curve,
        pm.brier_decomposition,
        pm.brier_skill_score,
    ],
)
def test_binary_only(func):
    with pytest.raises(ValueError, match=r"y_proba must be 1-dimensional.*\[:, 1\]"):
        func([0, 1], [[0.5, 0.5], [0.5, 0.5]])
    with pytest.raises(ValueError, match=r"y_proba must be 1-dimensional.*ravel\(\)"):
        func([0, 1], [[0.5], [0.5]])


@pytest.mark.parametrize(
    "y, rows, match",
    [
        ([0, 3, 4], [[0.5, 0.5]] * 3, "y_true must hold integer class indices"),
        ([0, 1], [[0.5, 0.6], [0.5, 0.5]], "y_proba rows must sum to 1"),
        ([0, 1], [[1.0], [1.0]], r"y_proba has one column.*ravel"),
        ([0, 1], [[[0.5, 0.5]], [[0.5, 0.5]]], "y_proba must be 1-dimensional"),
    ],
)
def test_bad_top_label_input(y, rows, match):
    with pytest.raises(ValueError, match=match):
        pm.expected_calibration_error(y, rows)


@pytest.mark.parametrize("y", [[0, 0, 0], [1, 1]])
def test_brier_skill_score_one_class(y):
    with pytest.raises(ValueError, match="y_true holds only"):
        pm.brier_skill_score(y, [0.5] * len(y))


@pytest.mark.parametrize(
    "y, s, match",
    [
        ([0, 0, 1, 1], [1, 2, 3, 4], "separates the classes"),  # complete
        ([0, 0, 1, 1], [1, 2, 2, 4], "separates the classes"),  # quasi: a tie
        ([1, 1, 0, 0], [1, 2, 3, 4], "separates the classes"),  # reversed
        ([0, 1, 0, 1], [2, 2, 2, 2], "y_score is constant"),
        ([1, 1, 1], [1, 2, 3], "y_true holds only positives"),
        ([0, 1, 1, 0], [-1.5e308, 1, 2, 1.5e308], "y_score spans more"),
        ([0, 1, 0, 1, 1, 0], [1e300, 1, 2, 4, 0, 4], "y_score: Newton"),
        ([0, 1], [0.5, math.inf], "y_score contains inf"),
        ([0, 2, 1], [1, 2, 3], "y_true must hold two labels"),
        ([0.3, 0.6, 0.9], [0, 1, 1], "did you swap y_true and y_score"),
    ],
)
def test_bad_platt_input(y, s, match):
    with pytest.raises(ValueError, match=match):
        pm.platt_scaling(y, s)


@pytest.mark.parametrize(
    "y, s, error, match",
    [
        ([0, 1], [1.0], ValueError, "length mismatch"),
        ([0, 1], [1.0, math.nan], ValueError, "y_score contains NaN"),
        ([0, 1], ["a", "b"], TypeError, "y_score must hold real numbers"),
        ([0, 5], [1.0, 2.0], ValueError, r"y_true holds the labels \[0, 5\]"),
        ([0.3, 0.7], [0, 1], ValueError, "did you swap y_true and y_score"),
    ],
)
def test_bad_isotonic_input(y, s, error, match):
    with pytest.raises(error, match=match):
        pm.isotonic_calibration(y, s)


def test_masked_arrays_are_refused():
    masked = np.ma.array([0.2, 0.8], mask=[True, False])
    for func in [*CURVE_FUNCS, pm.brier_decomposition, pm.brier_skill_score]:
        with pytest.raises(TypeError, match="y_proba is a NumPy masked array"):
            func([0, 1], masked)
    with pytest.raises(TypeError, match="y_score is a NumPy masked array"):
        pm.platt_scaling([0, 1], masked)


# ---- labels, weights (third edition) -------------------------------------------------


@st.composite
def weighted_binary(draw):
    """(y with labels 'no'/'yes', p, integer weights with a positive sum)."""
    n = draw(st.integers(2, 15), label="n")
    y = draw(st.lists(st.sampled_from(["no", "yes"]), min_size=n, max_size=n))
    grid = st.sampled_from([0.0, 0.1, 0.25, 0.3, 0.5, 0.7, 0.75, 0.9, 1.0])
    p = draw(st.lists(grid | st.floats(0, 1), min_size=n, max_size=n), label="p")
    w = draw(
        st.lists(st.integers(0, 3), min_size=n, max_size=n).filter(
            lambda ws: sum(ws) > 0
        ),
        label="sample_weight",
    )
    return y, p, w


@given(case=weighted_binary(), strategy=st.sampled_from(STRATEGIES))
def test_integer_weights_are_repeated_rows(case, strategy):
    y, p, w = case
    y_rep = [v for v, k in zip(y, w) for _ in range(k)]
    p_rep = [v for v, k in zip(p, w) for _ in range(k)]
    kw = dict(n_bins=4, strategy=strategy, pos_label="yes")
    weighted = pm.calibration_bins(y, p, sample_weight=w, **kw)
    repeated = pm.calibration_bins(y_rep, p_rep, **kw)
    np.testing.assert_allclose(weighted.prob_true, repeated.prob_true, rtol=1e-12)
    np.testing.assert_allclose(weighted.prob_pred, repeated.prob_pred, rtol=1e-12)
    np.testing.assert_array_equal(weighted.weight, repeated.n_cases)
    assert math.isclose(
        pm.expected_calibration_error(y, p, sample_weight=w, **kw),
        pm.expected_calibration_error(y_rep, p_rep, **kw),
        rel_tol=1e-12,
        abs_tol=1e-15,
    )
    d_w = pm.brier_decomposition(y, p, pos_label="yes", sample_weight=w)
    d_r = pm.brier_decomposition(y_rep, p_rep, pos_label="yes")
    np.testing.assert_allclose(d_w, d_r, rtol=1e-12, atol=1e-15)


@given(case=weighted_binary())
def test_weighted_brier_decomposition_adds_up(case):
    y, p, w = case
    weights = [float(v) + 0.5 * (i % 2) for i, v in enumerate(w)]  # not integers
    d = pm.brier_decomposition(y, p, pos_label="yes", sample_weight=weights)
    brier = pm.brier_score(y, p, pos_label="yes", sample_weight=weights)
    assert math.isclose(
        d.reliability - d.resolution + d.uncertainty, brier, abs_tol=1e-12
    )


@given(
    p=st.lists(st.floats(0, 1) | st.sampled_from([0.0, 0.5, 1.0]), min_size=1),
    n_bins=st.integers(1, 12),
)
def test_unit_weights_give_numpys_quantile_edges(p, n_bins):
    y = [i % 2 for i in range(len(p))]
    plain = pm.calibration_bins(y, p, n_bins=n_bins, strategy="quantile")
    ones = pm.calibration_bins(
        y, p, n_bins=n_bins, strategy="quantile", sample_weight=[1] * len(p)
    )
    for got, expected in zip(ones, plain):
        np.testing.assert_array_equal(got, expected)
    prob_true, prob_pred = skc.calibration_curve(
        y, p, n_bins=n_bins, strategy="quantile"
    )
    np.testing.assert_array_equal(plain.prob_true, prob_true)
    np.testing.assert_allclose(plain.prob_pred, prob_pred, rtol=1e-12)


@given(
    y=st.lists(st.sampled_from(["neg", "pos"]), min_size=2, max_size=20),
    data=st.data(),
)
def test_pos_label_as_scikit_learn(y, data):
    p = data.draw(st.lists(st.floats(0, 1), min_size=len(y), max_size=len(y)))
    for pos in ("pos", "neg"):
        got = pm.calibration_curve(y, p, n_bins=5, pos_label=pos)
        expected = skc.calibration_curve(y, p, n_bins=5, pos_label=pos)
        for g, e in zip(got, expected):
            np.testing.assert_allclose(g, e, rtol=1e-12)


def test_top_label_ece_with_string_classes():
    rows = [[0.6, 0.4, 0.0], [0.3, 0.3, 0.4]]
    by_index = pm.expected_calibration_error([0, 2], rows)
    assert pm.expected_calibration_error(["a", "c"], rows, labels=["a", "b", "c"]) == (
        by_index
    )
    assert pm.expected_calibration_error(["b", "a"], [[0.3, 0.7], [0.9, 0.1]]) == (
        pm.expected_calibration_error([1, 0], [[0.3, 0.7], [0.9, 0.1]])
    )


def test_recalibration_with_pos_label():
    y = ["no", "no", "yes", "no", "yes", "yes"]
    s = [1, 2, 3, 4, 5, 6]
    assert pm.platt_scaling(y, s, pos_label="yes") == pm.platt_scaling(
        [0, 0, 1, 0, 1, 1], s
    )
    np.testing.assert_array_equal(
        pm.isotonic_calibration(y, s, pos_label="no"),
        pm.isotonic_calibration([1, 1, 0, 1, 0, 0], s),
    )
