"""Regression metrics: hand values, scikit-learn and SciPy as oracles, documented
differences, bad input."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import assume, given
from hypothesis import strategies as hst
from scipy import special

import pedagogy_metrics as pm
from pedagogy_metrics import book

from conftest import stored_text

EPS = np.finfo(float).eps

# ---- hand-computed values ------------------------------------------------------------

# truth 3, 5, 2.5, 7 and prediction 2.5, 5, 4, 8: errors .5, 0, -1.5, -1
Y, P = [3, 5, 2.5, 7], [2.5, 5, 4, 8]


def test_by_hand():
    assert pm.mae(Y, P) == pytest.approx((0.5 + 0 + 1.5 + 1) / 4)
    assert pm.mse(Y, P) == pytest.approx((0.25 + 0 + 2.25 + 1) / 4)
    assert pm.rmse(Y, P) == pytest.approx(math.sqrt(3.5 / 4))
    assert pm.mape(Y, P) == pytest.approx(100 * (0.5 / 3 + 0 + 1.5 / 2.5 + 1 / 7) / 4)
    logs = [math.log(3.5 / 4), 0.0, math.log(5 / 3.5), math.log(9 / 8)]
    assert pm.rmsle(Y, P) == pytest.approx(math.sqrt(sum(v * v for v in logs) / 4))
    assert pm.wmae([10, 20, 30], [12, 20, 25], [1, 1, 2]) == pytest.approx(
        (2 + 0 + 10) / 4
    )
    for f in (pm.mae, pm.mse, pm.rmse, pm.mape, pm.rmsle):
        assert type(f(Y, P)) is float
    assert type(pm.wmae(Y, P, [1, 1, 1, 1])) is float


def test_single_element_ties_lists_tuples_bools():
    assert pm.mae([4.0], [1.0]) == 3.0
    assert pm.rmse((4,), (1,)) == 3.0
    assert pm.mse([True, False], [False, False]) == 0.5
    assert pm.mae([2, 2, 2], [2, 2, 2]) == 0.0
    assert pm.rmsle([0, 0], [0, 0]) == 0.0
    assert (
        pm.wmae([1, 2], [1, 4], (0, 3)) == 2.0
    )  # a zero weight drops the first sample


def test_wmae_scale_free_and_equals_mae_with_equal_weights():
    w = [0.2, 1.0, 3.0, 0.5]  # |errors| .5, 0, 1.5, 1: (.1 + 0 + 4.5 + .5) / 4.7
    assert pm.wmae(Y, P, w) == pytest.approx(5.1 / 4.7, rel=1e-15)
    assert pm.wmae(Y, P, [10 * v for v in w]) == pytest.approx(5.1 / 4.7, rel=1e-15)
    assert pm.wmae(Y, P, [7, 7, 7, 7]) == pytest.approx(3 / 4, rel=1e-15)  # the MAE


def test_seed_003_wmae_divides_by_n():
    """Seed 003 writes WMAE = (1/N) sum w|e|: equal to ours only when the weights sum
    to N."""
    y, p = np.array([10.0, 20.0, 30.0]), np.array([12.0, 20.0, 25.0])
    w = np.array([1.0, 1.0, 2.0])
    note = book.notes.wmae_note003(y, p, w)
    assert note == pytest.approx(4.0)
    assert pm.wmae(y, p, w) == pytest.approx(3.0)
    w_mean_one = w * len(w) / w.sum()  # 3/4, 3/4, 3/2: (3/2 + 0 + 15/2) / 3 either way
    assert book.notes.wmae_note003(y, p, w_mean_one) == pytest.approx(3.0)
    assert pm.wmae(y, p, w_mean_one) == pytest.approx(3.0)


def test_seed_003_hotel_example():
    """Truth 200, predictions 150 and 250: same RMSE, RMSLE penalises the
    under-prediction more."""
    assert pm.rmse([200], [150]) == pm.rmse([200], [250]) == 50.0
    assert pm.rmsle([200], [150]) == pytest.approx(math.log(201 / 151), rel=1e-15)
    assert pm.rmsle([200], [250]) == pytest.approx(math.log(251 / 201), rel=1e-15)
    assert pm.rmsle([200], [150]) > pm.rmsle([200], [250])
    # the note's formula without the square: root of a mean of signed log differences
    signed_over = math.log(201) - math.log(251)
    assert signed_over < 0  # its square root is not a real number
    # RMSLE is RMSE on log(1 + y), the note's recipe for training on the log scale
    assert pm.rmsle(Y, P) == pytest.approx(
        skm.root_mean_squared_error(np.log1p(Y), np.log1p(P)), rel=1e-14
    )


def test_best_constants():
    """The mean minimises MSE, a median minimises MAE (seed 003 / seed 001 default
    predictor)."""
    y = np.array([1.0, 2.0, 3.0, 10.0, 50.0])
    grid = np.linspace(0, 60, 6001)
    mse_grid = [pm.mse(y, np.full(5, c)) for c in grid]
    mae_grid = [pm.mae(y, np.full(5, c)) for c in grid]
    assert grid[np.argmin(mse_grid)] == pytest.approx(y.mean())
    assert grid[np.argmin(mae_grid)] == pytest.approx(np.median(y))
    assert pm.mae(y, np.full(5, np.median(y))) < pm.mae(y, np.full(5, y.mean()))


@given(hst.lists(hst.floats(-1e3, 1e3), min_size=1, max_size=30), hst.floats(-1e3, 1e3))
def test_mean_and_median_are_optimal(y, c):
    y = np.array(y)
    n = len(y)
    assert pm.mse(y, np.full(n, y.mean())) <= pm.mse(y, np.full(n, c)) + 1e-9
    assert pm.mae(y, np.full(n, np.median(y))) <= pm.mae(y, np.full(n, c)) + 1e-9


# ---- oracles: scikit-learn -----------------------------------------------------------

values = hst.one_of(
    hst.floats(-1e6, 1e6),
    hst.integers(-5, 5).map(float),  # ties and exact zeros
    hst.floats(-1e-6, 1e-6),
)


@hst.composite
def pairs(draw, elements=values):
    n = draw(hst.integers(1, 50))
    y = draw(hst.lists(elements, min_size=n, max_size=n))
    p = draw(hst.lists(elements, min_size=n, max_size=n))
    return y, p


close = dict(rel=1e-12, abs=1e-300)


@given(pairs())
def test_mae_mse_rmse_vs_sklearn(case):
    y, p = case
    assert pm.mae(y, p) == pytest.approx(skm.mean_absolute_error(y, p), **close)
    assert pm.mse(y, p) == pytest.approx(skm.mean_squared_error(y, p), **close)
    assert pm.rmse(y, p) == pytest.approx(skm.root_mean_squared_error(y, p), **close)


@given(pairs(), hst.data())
def test_wmae_vs_sklearn(case, data):
    y, p = case
    w = data.draw(
        hst.lists(
            hst.one_of(hst.floats(0, 1e6), hst.sampled_from([0.0, 1.0])),
            min_size=len(y),
            max_size=len(y),
        )
    )
    if sum(w) == 0:
        w[0] = 1.0
    expected = skm.mean_absolute_error(y, p, sample_weight=w)
    assert pm.wmae(y, p, w) == pytest.approx(expected, rel=1e-12, abs=1e-300)


nonzero = hst.one_of(
    hst.floats(1e-3, 1e6), hst.floats(-1e6, -1e-3), hst.sampled_from([1.0, -1.0, 2.0])
)


@given(pairs(nonzero))
def test_mape_vs_sklearn(case):
    y, p = case
    assert pm.mape(y, p) == pytest.approx(
        100 * skm.mean_absolute_percentage_error(y, p), **close
    )


above_minus_one = hst.one_of(
    hst.floats(-1 + 1e-9, 1e6), hst.sampled_from([0.0, -0.5, 1.0, 199.0])
)


@given(pairs(above_minus_one))
def test_rmsle_vs_sklearn(case):
    y, p = case
    assert pm.rmsle(y, p) == pytest.approx(
        skm.root_mean_squared_log_error(y, p), **close
    )
    assert pm.rmsle(y, p) ** 2 == pytest.approx(
        skm.mean_squared_log_error(y, p), rel=1e-12, abs=1e-300
    )


def test_large_input():
    rng = np.random.default_rng(0)
    y, p = rng.normal(100, 30, 300_000), rng.normal(100, 30, 300_000)
    assert pm.rmse(y, p) == pytest.approx(skm.root_mean_squared_error(y, p), rel=1e-12)
    assert pm.mape(y, p) == pytest.approx(
        100 * skm.mean_absolute_percentage_error(y, p), rel=1e-12
    )


# ---- documented differences from scikit-learn 1.9.1 ----------------------------------


def test_mape_near_zero_differs_from_sklearn():
    # y = 0: we refuse; scikit-learn divides by eps and returns a huge finite number
    assert 100 * skm.mean_absolute_percentage_error([0.0], [1.0]) == pytest.approx(
        100 / EPS
    )
    with pytest.raises(ValueError, match="y_true contains 0"):
        pm.mape([0.0], [1.0])
    # 0 < |y| < eps: we divide by |y|, scikit-learn still by eps
    assert pm.mape([1e-20], [1.0]) == pytest.approx(100 * (1 - 1e-20) / 1e-20)
    assert 100 * skm.mean_absolute_percentage_error([1e-20], [1.0]) == pytest.approx(
        100 / EPS
    )


def test_rmsle_negative_values_like_sklearn_191():
    # scikit-learn 1.9.1 accepts values in (-1, 0), as we do (older releases refused any
    # negative)
    assert pm.rmsle([-0.5], [0.5]) == pytest.approx(math.log(3), rel=1e-15)
    assert skm.root_mean_squared_log_error([-0.5], [0.5]) == pytest.approx(
        math.log(3), rel=1e-15
    )
    with pytest.raises(ValueError, match="-1"):
        skm.root_mean_squared_log_error([-1.0], [0.5])
    with pytest.raises(ValueError, match="y_true contains values <= -1"):
        pm.rmsle([-1.0], [0.5])


def test_overflow_gives_inf_without_warning():
    """pytest turns warnings into errors: these must not emit a RuntimeWarning."""
    assert pm.mse([1e200], [-1e200]) == math.inf
    assert pm.rmse([1e200], [-1e200]) == math.inf
    assert pm.mae([1e308], [-1e308]) == math.inf
    assert pm.mape([5e-324], [1.0]) == math.inf
    assert pm.wmae([0.0, 1.0], [1.0, 1e10], [1e300, 1e300]) == pytest.approx(
        5e9
    )  # no overflow


# ---- bad input -----------------------------------------------------------------------

PAIR_FUNCS = [
    pm.mae,
    pm.mse,
    pm.rmse,
    pm.mape,
    pm.rmsle,
    lambda y, p: pm.wmae(y, p, [1.0] * (1 if y is None else max(len(y), 1))),
]


@pytest.mark.parametrize("func", PAIR_FUNCS)
@pytest.mark.parametrize(
    "y, p, error, match",
    [
        ([], [], ValueError, "y_true is empty"),
        ([1.0, 2.0], [1.0], ValueError, "length mismatch"),
        ([1.0, math.nan], [1.0, 2.0], ValueError, "y_true contains NaN"),
        ([1.0, 2.0], [1.0, math.inf], ValueError, "y_pred contains inf"),
        ([[1.0, 2.0]], [[1.0, 2.0]], ValueError, "y_true must be 1-dimensional"),
        (["a"], [1.0], TypeError, "y_true must hold real numbers"),
        (None, [1.0], TypeError, "y_true"),
        ([1.0], None, TypeError, "y_pred"),
        ([1.0, None], [1.0, 2.0], ValueError, "y_true contains missing values"),
    ],
)
def test_bad_pairs(func, y, p, error, match):
    with pytest.raises(error, match=match):
        func(y, p)


@pytest.mark.parametrize(
    "weights, error, match",
    [
        ([1.0, -1.0], ValueError, "weights contains negative"),
        ([0.0, 0.0], ValueError, "weights sums to zero"),
        ([1.0], ValueError, "weights has length"),
        ([1.0, math.nan], ValueError, "weights contains NaN"),
        (None, TypeError, "weights"),
    ],
)
def test_bad_weights(weights, error, match):
    with pytest.raises(error, match=match):
        pm.wmae([1.0, 2.0], [1.0, 3.0], weights)


def test_mape_zero_and_rmsle_domain():
    with pytest.raises(ValueError, match="y_true contains 0"):
        pm.mape([1.0, 0.0], [1.0, 1.0])
    with pytest.raises(ValueError, match="y_true contains values <= -1"):
        pm.rmsle([-2.0, 1.0], [1.0, 1.0])
    with pytest.raises(ValueError, match="y_pred contains values <= -1"):
        pm.rmsle([1.0, 1.0], [1.0, -1.0])
    assert pm.rmsle([-0.999], [0.0]) == pytest.approx(-math.log(0.001))


def test_wmae_zero_weight_drops_an_overflowing_error():
    """|1.7e308 - (-1.7e308)| is inf; with weight 0 it must not turn the mean into nan
    (0 * inf)."""
    assert pm.wmae([1.7e308, 0.0], [-1.7e308, 1.0], [0.0, 1.0]) == 1.0
    assert pm.wmae([1.7e308, 0.0], [-1.7e308, 1.0], [1.0, 1.0]) == math.inf


# ---- R², pinball and Huber losses ----------------------------------------------------


def test_r2_pinball_huber_by_hand():
    # Y, P: SSE = 3.5; mean 4.375, SST = 1.890625 + .390625 + 3.515625 + 6.890625
    assert pm.r2_score(Y, P) == pytest.approx(1 - 3.5 / 12.6875, rel=1e-15)
    assert pm.r2_score(Y, P) == pytest.approx(
        1 - pm.mse(Y, P) / pm.mse(Y, [np.mean(Y)] * 4), rel=1e-15
    )
    assert pm.r2_score(Y, Y) == 1.0
    assert pm.r2_score(Y, [np.mean(Y)] * 4) == pytest.approx(0.0, abs=1e-15)
    # weights 1, 1, 2, 0: the last sample is dropped; weighted mean 3.25
    w = [1, 1, 2, 0]
    sse = 0.25 + 0 + 2 * 2.25
    sst = (3 - 3.25) ** 2 + (5 - 3.25) ** 2 + 2 * (2.5 - 3.25) ** 2
    assert pm.r2_score(Y, P, sample_weight=w) == pytest.approx(1 - sse / sst)
    # errors .5, 0, -1.5, -1 at alpha = .9: .9 * .5, 0, .1 * 1.5, .1 * 1
    assert pm.pinball_loss(Y, P, alpha=0.9) == pytest.approx((0.45 + 0.15 + 0.1) / 4)
    assert pm.pinball_loss(Y, P) == pytest.approx(pm.mae(Y, P) / 2, rel=1e-15)
    # |errors| .5, 0, 1.5, 1 at delta = 1: .125, 0, 1 * (1.5 - .5), .5
    assert pm.huber_loss(Y, P) == pytest.approx((0.125 + 0 + 1.0 + 0.5) / 4)
    assert pm.huber_loss(Y, P, delta=10.0) == pytest.approx(pm.mse(Y, P) / 2)
    for value in (pm.r2_score(Y, P), pm.pinball_loss(Y, P), pm.huber_loss(Y, P)):
        assert type(value) is float


def test_r2_keeps_large_integers_exact():
    base = 2**62  # float64 would merge base + 1 and base + 2
    y, p = [base + 1, base + 2, base + 3], [base + 1, base + 3, base + 3]
    assert pm.r2_score(y, p) == pytest.approx(1 - 1 / 2, rel=1e-15)
    assert pm.r2_score(np.array(y, dtype=np.uint64), p) == pytest.approx(0.5)


def test_r2_huge_and_tiny_values_do_not_overflow():
    # SSE = 1e-600 and SST = 5e-601 underflow as floats; R² = 1 - 2
    assert pm.r2_score([0.0, 1e-300], [0.0, 0.0]) == pytest.approx(-1.0)
    assert pm.r2_score([1e300, -1e300], [1e300, 0.0]) == pytest.approx(0.5)
    assert pm.r2_score([0.0, 1.0], [1e308, -1e308]) == -math.inf  # no warning, no nan


@given(pairs(), hst.data())
def test_r2_vs_sklearn(case, data):
    y, p = case
    assume(len(set(y)) > 1)
    assert pm.r2_score(y, p) == pytest.approx(skm.r2_score(y, p), rel=1e-9, abs=1e-9)
    w = data.draw(
        hst.lists(
            hst.one_of(hst.floats(0, 1e3), hst.sampled_from([0.0, 1.0])),
            min_size=len(y),
            max_size=len(y),
        )
    )
    assume(len({v for v, wi in zip(y, w) if wi > 0}) > 1)
    expected = skm.r2_score(y, p, sample_weight=w)
    got = pm.r2_score(y, p, sample_weight=w)
    assert got == pytest.approx(expected, rel=1e-9, abs=1e-9)


@given(pairs(), hst.floats(0.001, 0.999))
def test_pinball_vs_sklearn(case, alpha):
    y, p = case
    expected = skm.mean_pinball_loss(y, p, alpha=alpha)
    assert pm.pinball_loss(y, p, alpha=alpha) == pytest.approx(expected, **close)


@given(pairs(), hst.one_of(hst.floats(1e-3, 1e3), hst.sampled_from([1.0, 0.5, 2.0])))
def test_huber_vs_scipy(case, delta):
    y, p = case
    expected = np.mean(special.huber(delta, np.subtract(y, p)))
    assert pm.huber_loss(y, p, delta=delta) == pytest.approx(expected, **close)


@given(
    hst.lists(hst.integers(-20, 20).map(float), min_size=1, max_size=15),
    hst.sampled_from([0.1, 0.25, 0.5, 0.75, 0.9]),
    hst.integers(-25, 25).map(float),
)
def test_a_quantile_minimises_the_pinball_loss(y, alpha, c):
    """Any alpha-quantile of y_true is a best constant (the median for alpha = .5)."""
    q = float(np.quantile(y, alpha, method="inverted_cdf"))
    n = len(y)
    assert (
        pm.pinball_loss(y, [q] * n, alpha=alpha)
        <= pm.pinball_loss(y, [c] * n, alpha=alpha) + 1e-12
    )


@pytest.mark.parametrize(
    "y, p, kwargs, match",
    [
        ([2.0, 2.0], [1.0, 3.0], {}, "y_true is constant"),
        ([1.0], [1.0], {}, "y_true is constant"),
        ([1.0, 2.0], [1.0, 3.0], dict(sample_weight=[1, 0]), "y_true is constant"),
        ([1.0, 2.0], [1.0, 3.0], dict(sample_weight=[1, -1]), "negative weights"),
        ([1.0, 2.0], [1.0, 3.0], dict(sample_weight=[1]), "sample_weight has length"),
        ([-1.5e308, 1.5e308], [0.0, 0.0], {}, "y_true spans more"),
        ([1.0, math.nan], [1.0, 3.0], {}, "y_true contains NaN"),
    ],
)
def test_bad_r2_input(y, p, kwargs, match):
    with pytest.raises(ValueError, match=match):
        pm.r2_score(y, p, **kwargs)


def test_r2_constant_truth_differs_from_sklearn():
    """scikit-learn returns 1.0 (exact predictions) or 0.0 where R² is 0 / 0."""
    assert skm.r2_score([2.0, 2.0], [2.0, 2.0]) == 1.0
    assert skm.r2_score([2.0, 2.0], [1.0, 3.0]) == 0.0
    with pytest.raises(ValueError, match="y_true is constant"):
        pm.r2_score([2.0, 2.0], [2.0, 2.0])


@pytest.mark.parametrize(
    "func, name, value, error",
    [
        (pm.pinball_loss, "alpha", 0.0, ValueError),
        (pm.pinball_loss, "alpha", 1.0, ValueError),
        (pm.pinball_loss, "alpha", -0.5, ValueError),
        (pm.pinball_loss, "alpha", math.nan, ValueError),
        (pm.pinball_loss, "alpha", "0.5", TypeError),
        (pm.huber_loss, "delta", 0.0, ValueError),
        (pm.huber_loss, "delta", -1.0, ValueError),
        (pm.huber_loss, "delta", math.inf, ValueError),
        (pm.huber_loss, "delta", None, TypeError),
    ],
)
def test_bad_alpha_and_delta(func, name, value, error):
    with pytest.raises(error, match=name):
        func([1.0, 2.0], [1.0, 3.0], **{name: value})


@pytest.mark.parametrize(
    "func", [pm.r2_score, pm.pinball_loss, pm.huber_loss], ids=lambda f: f.__name__
)
@pytest.mark.parametrize(
    "y, p, error, match",
    [
        ([], [], ValueError, "y_true is empty"),
        ([1.0, 2.0], [1.0], ValueError, "length mismatch"),
        ([1.0, 2.0], [1.0, math.inf], ValueError, "y_pred contains inf"),
        ([[1.0, 2.0]], [[1.0, 2.0]], ValueError, "y_true must be 1-dimensional"),
        (["a", "b"], [1.0, 2.0], TypeError, "y_true must hold real numbers"),
        ([1.0, 2.0], None, TypeError, "y_pred"),
    ],
)
def test_bad_pairs_of_the_new_losses(func, y, p, error, match):
    with pytest.raises(error, match=match):
        func(y, p)


def test_new_losses_overflow_to_inf_without_warning():
    assert pm.pinball_loss([1e308], [-1e308]) == math.inf
    assert pm.huber_loss([1e308], [-1e308]) == math.inf
    assert pm.huber_loss([1e200], [0.0], delta=1e300) == math.inf


# ---- moved from the review-round files: chapter 10's normal quantiles and Student t


def test_expected_max_abs_normal_300_as_the_chapter_prints_it():
    import scipy.stats as sst
    from scipy.integrate import quad

    n = 300

    def density_of_max(x):  # d/dx (2 Phi(x) - 1)^n
        return n * (2 * sst.norm.cdf(x) - 1) ** (n - 1) * 2 * sst.norm.pdf(x)

    by_density, _ = quad(lambda x: x * density_of_max(x), 0, 12, points=[3.0])
    by_tail, _ = quad(lambda x: 1 - (2 * sst.norm.cdf(x) - 1) ** n, 0, np.inf)
    assert by_density == pytest.approx(by_tail, abs=1e-8)
    rng = np.random.default_rng(0)  # a Monte Carlo check, independent of the integral
    sims = np.abs(rng.standard_normal((4000, n))).max(axis=1)
    assert abs(sims.mean() - by_tail) < 4 * sims.std() / math.sqrt(sims.size)
    out = stored_text("10-regression.ipynb")
    assert f"expected largest |z| among 300 normal values:\n  {by_tail:.2f}" in out
    position = sst.norm.ppf(1 - 0.5 / n)  # the largest plotting position: smaller
    assert f"largest plotting position, Phi^-1(1 - 0.5/300):\n  {position:.2f}" in out


def test_student_t_degrees_of_freedom_of_the_chapter():
    import scipy.stats as sst

    assert math.isinf(sst.t(2).var())  # no RMSE target with 2 degrees of freedom
    assert sst.t(4).var() == pytest.approx(2.0)  # chapter 10 divides by sqrt(2)
    out = stored_text("10-regression.ipynb")
    assert "Student t, 2 df" not in out
    assert "Student t, 4 df" in out


# ---- sample_weight (third edition) ---------------------------------------------------


@hst.composite
def weighted_values(draw, integer_weights=False):
    n = draw(hst.integers(1, 12), label="n")
    values = hst.floats(-1e6, 1e6) | hst.integers(-1000, 1000)
    y = draw(hst.lists(values, min_size=n, max_size=n), label="y_true")
    y_hat = draw(hst.lists(values, min_size=n, max_size=n), label="y_pred")
    weight = hst.integers(0, 3) if integer_weights else hst.floats(0, 10)
    w = draw(
        hst.lists(weight, min_size=n, max_size=n).filter(lambda ws: sum(ws) > 0),
        label="sample_weight",
    )
    return y, y_hat, w


SK_WEIGHTED = [
    (pm.mae, skm.mean_absolute_error, {}),
    (pm.mse, skm.mean_squared_error, {}),
    (pm.rmse, skm.root_mean_squared_error, {}),
    (pm.pinball_loss, skm.mean_pinball_loss, {"alpha": 0.8}),
]


@given(case=weighted_values())
def test_weighted_errors_as_scikit_learn(case):
    y, y_hat, w = case
    for ours, theirs, extra in SK_WEIGHTED:
        got = ours(y, y_hat, sample_weight=w, **extra)
        expected = theirs(y, y_hat, sample_weight=w, **extra)
        assert math.isclose(got, expected, rel_tol=1e-9, abs_tol=1e-9), (
            ours.__name__,
            got,
            expected,
        )
    assert pm.mae(y, y_hat, sample_weight=w) == pm.wmae(y, y_hat, w)


@given(case=weighted_values(integer_weights=True))
def test_integer_weights_are_repeated_rows(case):
    y, y_hat, w = case
    y_rep = [v for v, k in zip(y, w) for _ in range(k)]
    p_rep = [v for v, k in zip(y_hat, w) for _ in range(k)]
    for func, extra in [
        (pm.mae, {}),
        (pm.mse, {}),
        (pm.rmse, {}),
        (pm.pinball_loss, {"alpha": 0.3}),
        (pm.huber_loss, {"delta": 2.0}),
    ]:
        assert math.isclose(
            func(y, y_hat, sample_weight=w, **extra),
            func(y_rep, p_rep, **extra),
            rel_tol=1e-9,
            abs_tol=1e-9,
        ), func.__name__


def test_weights_of_zero_drop_a_sample_whose_loss_overflows():
    y, y_hat = [0.0, 1e308, 2.0], [1.0, -1e308, 2.0]
    assert pm.mse(y, y_hat) == math.inf
    assert pm.mse(y, y_hat, sample_weight=[1, 0, 1]) == 0.5
    assert pm.huber_loss(y, y_hat, sample_weight=[1, 0, 1]) == 0.25
    assert pm.mae([1, 2], [9e307, 2], sample_weight=[1e308, 1e307]) == 9e307 / 1.1


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_half_and_single_precision_values(dtype):
    y, y_hat = [0.5, 2.0, -1.25], [0.25, 2.5, -1.0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for func in (pm.mae, pm.mse, pm.rmse, pm.pinball_loss, pm.huber_loss):
            assert func(np.array(y, dtype=dtype), [dtype(v) for v in y_hat]) == func(
                y, y_hat
            )


@pytest.mark.skipif(
    np.finfo(np.longdouble).max <= np.finfo(float).max,
    reason="np.longdouble is float64 on this platform",
)
@pytest.mark.parametrize("name", pm.regression.__all__)
@pytest.mark.parametrize("value", ["1e4000", "-1e4000", "1e-4000"])
@pytest.mark.parametrize("arg", ["y_true", "y_pred"])
def test_a_longdouble_beyond_float64_is_refused_by_name(name, value, arg):
    """A value float64 cannot hold (it would become inf, or 0) is a ValueError naming
    its argument, in every regression error -- never a silent inf, 0 or nan."""
    func = getattr(pm, name)
    args = {"y_true": [1.0, 2.0, 4.0], "y_pred": [1.5, 2.0, 3.0]}
    args[arg] = np.array([np.longdouble(value), 2, 4], dtype=np.longdouble)
    extra = {"weights": [1.0, 1.0, 1.0]} if name == "wmae" else {}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match=arg):
            func(args["y_true"], args["y_pred"], **extra)
