"""Choosing a threshold (curves.py, chapter 6): DET curve, KS statistic, gains and
lift, expected cost, the Bayes and minimum-cost thresholds, the ROC convex hull.

Hand values; oracles: scikit-learn's ``det_curve``, SciPy's ``ks_2samp`` and
``ConvexHull``, and slow definitions written here (a brute force over thresholds,
exact fractions); bad input."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.spatial import ConvexHull
from scipy.stats import ks_2samp
from sklearn import metrics as skm

import pedagogy_metrics as pm

# ---- data ---------------------------------------------------------------------------

GRID = [-1e300, -3.0, -0.0, 0.25, 0.5, 0.5000000000000001, 1.0, 7.0, 1e300]
BIG = 2**63 - 10  # int64 scores near the limit: distinct, never rounded into ties


@st.composite
def labelled(draw, *, need="both", max_size=30):
    """(0/1 labels, scores): heavy ties, plain floats, or int64 near 2**63."""
    n = draw(st.integers(1 if need == "positives" else 2, max_size))
    y = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    if need == "both" and sum(y) in (0, n):
        y[draw(st.integers(0, n - 1))] ^= 1
    if need == "positives" and sum(y) == 0:
        y[draw(st.integers(0, n - 1))] = 1
    kind = draw(st.sampled_from(["ties", "few", "floats", "int64"]))
    if kind == "ties":
        s = draw(st.lists(st.sampled_from(GRID), min_size=n, max_size=n))
    elif kind == "few":
        few = draw(st.lists(st.sampled_from(GRID), min_size=1, max_size=3))
        s = draw(st.lists(st.sampled_from(few), min_size=n, max_size=n))
    elif kind == "floats":
        s = draw(st.lists(st.floats(-1e6, 1e6), min_size=n, max_size=n))
    else:
        s = draw(st.lists(st.integers(BIG - 4, BIG + 4), min_size=n, max_size=n))
        return np.array(y), np.array(s, dtype=np.int64)
    return np.array(y), np.array(s, dtype=float)


def slow_points(y, s):
    """[(threshold, tp, fp)]: +inf, then each distinct score, decreasing."""
    points = [(math.inf, 0, 0)]
    for t in sorted(set(s.tolist()), reverse=True):
        tp = sum(1 for v, c in zip(s.tolist(), y.tolist()) if v >= t and c == 1)
        fp = sum(1 for v, c in zip(s.tolist(), y.tolist()) if v >= t and c == 0)
        points.append((t, tp, fp))
    return points


# ---- hand values --------------------------------------------------------------------

# Ten cases, scores 10 (best) to 1; positives at 10, 9, 7, 4:
#   score     10 9 8 7 6 5 4 3 2 1
#   label      1 1 0 1 0 0 1 0 0 0
Y10 = [1, 1, 0, 1, 0, 0, 1, 0, 0, 0]
S10 = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]


def test_gains_and_lift_by_hand():
    volume, recall = pm.cumulative_gains_curve(Y10, S10)
    assert volume.tolist() == [k / 10 for k in range(11)]
    assert (recall * 4).tolist() == [0, 1, 2, 2, 3, 3, 3, 4, 4, 4, 4]
    volume, lift = pm.lift_curve(Y10, S10)
    assert volume.tolist() == [k / 10 for k in range(1, 11)]
    # precision / 0.4: top 1 -> 1/1, top 2 -> 2/2, top 3 -> 2/3, top 4 -> 3/4, ...
    precision = [1, 1, 2 / 3, 3 / 4, 3 / 5, 3 / 6, 4 / 7, 4 / 8, 4 / 9, 4 / 10]
    assert lift == pytest.approx([p / 0.4 for p in precision], rel=1e-15)
    assert lift[-1] == 1.0  # everything selected: the base rate itself


def test_gains_and_lift_with_ties():
    volume, recall = pm.cumulative_gains_curve([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    assert volume.tolist() == [0.0, 0.25, 0.75, 1.0]
    assert recall.tolist() == [0.0, 0.5, 1.0, 1.0]
    volume, lift = pm.lift_curve([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    assert volume.tolist() == [0.25, 0.75, 1.0]
    assert lift == pytest.approx([2.0, 4 / 3, 1.0], rel=1e-15)
    # every label positive: gains are defined (lift is 1 throughout)
    assert pm.lift_curve([1, 1, 1], [3, 2, 1])[1].tolist() == [1.0, 1.0, 1.0]


def test_expected_cost_by_hand():
    # Y10 with the top 3 predicted positive: TP 2, FP 1, FN 2, TN 5
    pred = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    assert pm.expected_cost(Y10, pred) == 0.3  # both costs 1: the error rate
    assert pm.expected_cost(Y10, pred, cost_fp=1.0, cost_fn=5.0) == 1.1
    assert pm.expected_cost(Y10, pred, cost_fp=2.0, cost_fn=0.0) == 0.2
    assert pm.expected_cost(Y10, Y10, cost_fp=7.0, cost_fn=3.0) == 0.0
    assert pm.expected_cost([True, False], [False, True], cost_fp=3, cost_fn=1) == 2.0


def test_bayes_threshold_by_hand():
    assert pm.bayes_threshold() == 0.5
    assert pm.bayes_threshold(cost_fp=1.0, cost_fn=4.0) == 0.2
    assert pm.bayes_threshold(cost_fp=3.0, cost_fn=1.0) == 0.75
    assert pm.bayes_threshold(0.0, 1.0) == 0.0  # false alarms are free
    assert pm.bayes_threshold(1.0, 0.0) == 1.0  # misses are free


@given(
    st.fractions(0, 10, max_denominator=20),
    st.fractions(0, 10, max_denominator=20),
    st.fractions(0, 1, max_denominator=30),
)
def test_bayes_threshold_minimises_the_expected_cost_of_a_calibrated_case(
    cost_fp, cost_fn, p
):
    """Positive is no worse than negative exactly when p >= the threshold (exact)."""
    if cost_fp == cost_fn == 0:
        return
    threshold = Fraction(pm.bayes_threshold(float(cost_fp), float(cost_fn)))
    exact = cost_fp / (cost_fp + cost_fn)
    assert abs(threshold - exact) <= Fraction(1, 2**50)
    positive_no_worse = (1 - p) * cost_fp <= p * cost_fn
    assert positive_no_worse == (p >= exact)


def test_min_cost_threshold_by_hand():
    # equal costs: cuts at 9 (FN 2) and at 7 (FP 1, FN 1) both cost 2/10; ties go
    # to the highest threshold
    assert pm.min_cost_threshold(Y10, S10) == (9.0, 0.2)
    # misses 10 times dearer: down to the last positive (score 4): FP 3, cost 3/10
    assert pm.min_cost_threshold(Y10, S10, cost_fn=10.0) == (4.0, 0.3)
    # false alarms 10 times dearer: only the top two
    assert pm.min_cost_threshold(Y10, S10, cost_fp=10.0) == (9.0, 0.2)
    # misses free: predicting nothing (+inf) costs 0
    assert pm.min_cost_threshold(Y10, S10, cost_fn=0.0) == (math.inf, 0.0)
    # false alarms free: every threshold from 4 down costs 0; the highest is 4
    assert pm.min_cost_threshold(Y10, S10, cost_fp=0.0) == (4.0, 0.0)


def test_min_cost_threshold_tie_goes_to_the_highest_threshold():
    # +inf (FN 1) and 0.5 (FP 1) cost the same: +inf wins
    assert pm.min_cost_threshold([1, 0], [0.5, 0.5]) == (math.inf, 0.5)
    # 0.9 (FP 0, FN 1) and 0.1 (FP 1, FN 0) cost 1/3 each with these costs
    y, s = [0, 1, 0], [0.9, 0.5, 0.1]
    assert pm.min_cost_threshold(y, s) == (math.inf, 1 / 3)


def test_roc_convex_hull_by_hand():
    # ROC points of Y10 in counts (FP, TP): (0,0) (0,1) (0,2) (1,2) (1,3) (2,3) (3,3)
    # (3,4) ... (6,4): hull (0,0) (0,2) (1,3) (3,4) (6,4)
    fpr, tpr = pm.roc_convex_hull(Y10, S10)
    assert (fpr * 6).tolist() == [0, 0, 1, 3, 6]
    assert (tpr * 4).tolist() == [0, 2, 3, 4, 4]
    # a curve below the diagonal: only the two corners
    fpr, tpr = pm.roc_convex_hull([0, 0, 1, 1], [4, 3, 2, 1])
    assert fpr.tolist() == [0.0, 1.0] and tpr.tolist() == [0.0, 1.0]
    # collinear points on the diagonal are dropped
    fpr, tpr = pm.roc_convex_hull([1, 0, 1, 0], [4, 3, 2, 1])
    assert fpr.tolist() == [0.0, 0.0, 0.5, 1.0] and tpr.tolist() == [0.0, 0.5, 1.0, 1.0]
    fpr, tpr = pm.roc_convex_hull([1, 0, 1, 0], [1, 1, 1, 1])  # one tied score
    assert fpr.tolist() == [0.0, 1.0] and tpr.tolist() == [0.0, 1.0]


def test_min_cost_lies_on_the_hull():
    for cost_fn in (0.5, 1.0, 2.0, 5.0):
        threshold, _ = pm.min_cost_threshold(Y10, S10, cost_fn=cost_fn)
        fpr, tpr, thresholds = pm.roc_curve(Y10, S10)
        k = thresholds.tolist().index(threshold)
        hull = set(zip(*pm.roc_convex_hull(Y10, S10)))
        assert (fpr[k], tpr[k]) in hull


def test_ks_and_det_by_hand():
    # Y10: TPR - FPR is 1/2 at 9, 3/4 - 1/6 = 7/12 at 7 (the largest), 1/2 at 4
    assert pm.ks_statistic(Y10, S10) == pytest.approx(3 / 4 - 1 / 6, rel=1e-15)
    assert pm.ks_statistic([1, 1, 0, 0], [4, 3, 2, 1]) == 1.0
    assert pm.ks_statistic([1, 0, 1, 0], [1, 1, 1, 1]) == 0.0
    fpr, fnr, thresholds = pm.det_curve(Y10, S10)
    # from the highest threshold with FN = 0 (score 4) up to the lowest with FP = 0 (9)
    assert thresholds.tolist() == [4, 5, 6, 7, 8, 9]
    assert (fpr * 6).tolist() == [3, 3, 2, 1, 1, 0]
    assert (fnr * 4).tolist() == [0, 1, 1, 1, 2, 2]
    # the highest score is a negative's: the curve ends at threshold +inf
    assert pm.det_curve([0, 1], [2, 1])[2].tolist() == [1.0, 2.0, math.inf]


# ---- oracles ------------------------------------------------------------------------


@given(labelled())
def test_det_curve_equals_sklearn(data):
    y, s = data
    fpr, fnr, thresholds = pm.det_curve(y, s)
    sk_fpr, sk_fnr, sk_thresholds = skm.det_curve(y, s)
    np.testing.assert_array_equal(fpr, sk_fpr)
    np.testing.assert_array_equal(fnr, sk_fnr)
    if s.dtype == float:  # scikit-learn turns int64 scores into floats
        np.testing.assert_array_equal(thresholds, sk_thresholds)


@given(labelled())
def test_ks_statistic_equals_scipy_ks_2samp(data):
    y, s = data
    with warnings.catch_warnings():  # about its p-value on tiny samples
        warnings.simplefilter("ignore")
        expected = ks_2samp(s[y == 1], s[y == 0]).statistic
    assert pm.ks_statistic(y, s) == pytest.approx(expected, rel=1e-12, abs=0)


@given(labelled())
def test_ks_statistic_is_the_exact_largest_gap_rounded_once(data):
    y, s = data
    n_pos, n_neg = int(y.sum()), int(y.size - y.sum())
    exact = max(
        abs(Fraction(tp, n_pos) - Fraction(fp, n_neg))
        for _, tp, fp in slow_points(y, s)
    )
    assert pm.ks_statistic(y, s) == float(exact)


def _hull_oracle(y, s):
    """Upper-hull vertices by qhull: the ROC points in counts plus the corner (N, 0),
    whose hull is the upper hull and that corner; sorted by (FP, TP)."""
    points = {(fp, tp) for _, tp, fp in slow_points(y, s)}
    n_pos, n_neg = int(y.sum()), int(y.size - y.sum())
    coords = np.array(sorted(points | {(n_neg, 0)}), dtype=float)
    hull = ConvexHull(coords)
    vertices = {tuple(coords[k]) for k in hull.vertices} - {(n_neg, 0.0)}
    vertices |= {(0.0, 0.0), (float(n_neg), float(n_pos))}  # corners, when collinear
    return sorted(vertices), n_pos, n_neg


@given(labelled())
def test_roc_convex_hull_equals_scipy_convex_hull(data):
    y, s = data
    vertices, n_pos, n_neg = _hull_oracle(y, s)
    fpr, tpr = pm.roc_convex_hull(y, s)
    got = list(zip((fpr * n_neg).round().tolist(), (tpr * n_pos).round().tolist()))
    assert got == vertices
    assert fpr[0] == tpr[0] == 0.0 and fpr[-1] == tpr[-1] == 1.0


def _slow_min_cost(y, s, cost_fp, cost_fn):
    """Brute force: every threshold of roc_curve, from +inf down; a later threshold
    wins only if strictly cheaper."""
    best = None
    for t in [math.inf, *sorted(set(s.tolist()), reverse=True)]:
        cost = pm.expected_cost(y, s >= t, cost_fp=cost_fp, cost_fn=cost_fn)
        if best is None or cost < best[1]:
            best = (t, cost)  # an int score stays an int: exact beyond 2**53
    return best


COSTS = st.sampled_from([0.0, 0.1, 0.5, 1.0, 2.0, 3.0, 7.5, 1e6])


@given(labelled(), COSTS, COSTS)
def test_min_cost_threshold_equals_brute_force(data, cost_fp, cost_fn):
    y, s = data
    if cost_fp == cost_fn == 0:
        return
    got = pm.min_cost_threshold(y, s, cost_fp=cost_fp, cost_fn=cost_fn)
    assert got == _slow_min_cost(y, s, cost_fp, cost_fn)
    threshold, cost = got  # the threshold returned reproduces its cost
    costs = {"cost_fp": cost_fp, "cost_fn": cost_fn}
    assert pm.expected_cost(y, s >= threshold, **costs) == cost


def test_int64_scores_beyond_2_53_are_distinct_thresholds():
    """2**62 and 2**62 + 1 are one float64: det_curve and min_cost_threshold keep them
    apart, and the threshold returned gives the cost returned."""
    big = 2**62
    y = np.array([1, 0, 1, 0])
    s = np.array([big + 3, big + 2, big + 1, big], dtype=np.int64)
    fpr, fnr, thr = pm.det_curve(y, s)
    assert thr.tolist() == [big + 1, big + 2, big + 3]
    assert fpr.tolist() == [0.5, 0.5, 0.0] and fnr.tolist() == [0.0, 0.5, 0.5]
    t, cost = pm.min_cost_threshold(y, s, cost_fp=1.0, cost_fn=1.0)
    assert t == big + 3 and isinstance(t, int)
    assert pm.expected_cost(y, s >= t) == cost == 0.25
    assert pm.roc_curve(y, s)[2].tolist() == [math.inf, big + 3, big + 2, big + 1, big]


@given(labelled(need="positives"))
def test_gains_and_lift_equal_the_slow_definition(data):
    y, s = data
    n, n_pos = y.size, int(y.sum())
    points = slow_points(y, s)
    volume, recall = pm.cumulative_gains_curve(y, s)
    assert volume.tolist() == [(tp + fp) / n for _, tp, fp in points]
    assert recall.tolist() == [tp / n_pos for _, tp, _ in points]
    volume, lift = pm.lift_curve(y, s)
    assert volume.tolist() == [(tp + fp) / n for _, tp, fp in points[1:]]
    exact = [Fraction(tp, tp + fp) / Fraction(n_pos, n) for _, tp, fp in points[1:]]
    assert lift == pytest.approx([float(v) for v in exact], rel=1e-15)
    assert lift[-1] == 1.0


@given(labelled())
def test_ks_is_the_largest_gap_between_roc_and_diagonal(data):
    y, s = data
    fpr, tpr, _ = pm.roc_curve(y, s)
    assert pm.ks_statistic(y, s) == pytest.approx(np.max(np.abs(tpr - fpr)), rel=1e-12)


def test_distinct_int64_scores_are_not_ties():
    y = [1, 0, 1, 0]
    s = np.array([BIG + 1, BIG, BIG + 3, BIG + 2], dtype=np.int64)
    small = [1, 0, 3, 2]
    assert pm.ks_statistic(y, s) == pm.ks_statistic(y, small) == 0.5
    for f in (pm.det_curve, pm.cumulative_gains_curve, pm.lift_curve):
        for a, b in zip(f(y, s)[:2], f(y, small)[:2]):
            np.testing.assert_array_equal(a, b)
    for a, b in zip(pm.roc_convex_hull(y, s), pm.roc_convex_hull(y, small)):
        np.testing.assert_array_equal(a, b)
    assert pm.min_cost_threshold(y, s)[1] == pm.min_cost_threshold(y, small)[1]


# ---- bad input ----------------------------------------------------------------------

BOTH_CLASSES = [
    pm.det_curve,
    pm.ks_statistic,
    pm.roc_convex_hull,
    pm.min_cost_threshold,
]
POSITIVES = [pm.cumulative_gains_curve, pm.lift_curve]


@pytest.mark.parametrize("func", BOTH_CLASSES, ids=lambda f: f.__name__)
def test_one_class_is_a_value_error(func):
    with pytest.raises(ValueError, match="y_true holds only negatives"):
        func([0, 0, 0], [0.1, 0.5, 0.2])
    with pytest.raises(ValueError, match="y_true holds only positives"):
        func([1, 1], [0.1, 0.5])


@pytest.mark.parametrize("func", POSITIVES, ids=lambda f: f.__name__)
def test_no_positive_is_a_value_error(func):
    with pytest.raises(ValueError, match="y_true holds no positives"):
        func([0, 0, 0], [0.1, 0.5, 0.2])


@pytest.mark.parametrize("func", BOTH_CLASSES + POSITIVES, ids=lambda f: f.__name__)
def test_bad_labels_and_scores(func):
    with pytest.raises(ValueError, match=r"y_true must hold two labels \(binary\)"):
        func([0, 2, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match=r"y_true holds the labels \[0, 2\]"):
        func([0, 2], [0.1, 0.2])
    with pytest.raises(ValueError, match="y_score contains NaN"):
        func([0, 1], [0.1, math.nan])
    with pytest.raises(
        ValueError, match="length mismatch: y_true has 2, y_score has 3"
    ):
        func([0, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="y_true is empty"):
        func([], [])
    with pytest.raises(TypeError, match="y_score is a NumPy masked array"):
        func([0, 1], np.ma.array([0.1, 0.2], mask=[False, True]))
    with pytest.raises(ValueError, match=r"a column; .*y_score.ravel\(\)"):
        func([0, 1], [[0.1], [0.2]])
    with pytest.raises(ValueError, match="y_score must be 1-dimensional"):
        func([0, 1], [[[0.1]], [[0.2]]])


COST_CALLS = {
    "expected_cost": lambda **c: pm.expected_cost([0, 1], [1, 1], **c),
    "bayes_threshold": lambda **c: pm.bayes_threshold(**c),
    "min_cost_threshold": lambda **c: pm.min_cost_threshold([0, 1], [1, 2], **c),
}


@pytest.mark.parametrize("call", list(COST_CALLS.values()), ids=list(COST_CALLS))
def test_bad_costs(call):
    with pytest.raises(ValueError, match=r"cost_fp must be >= 0.0, got -1.0"):
        call(cost_fp=-1.0)
    with pytest.raises(ValueError, match="cost_fn must be finite, got nan"):
        call(cost_fn=math.nan)
    with pytest.raises(ValueError, match="cost_fp must be finite, got inf"):
        call(cost_fp=math.inf)
    with pytest.raises(TypeError, match="cost_fn must be a real number, got str"):
        call(cost_fn="1")
    with pytest.raises(ValueError, match="cost_fp and cost_fn are both 0"):
        call(cost_fp=0.0, cost_fn=0)
    with pytest.raises(ValueError, match=r"cost_fp \+ cost_fn exceeds the largest"):
        call(cost_fp=1e308, cost_fn=1e308)


def test_expected_cost_overflow_is_a_value_error():
    with pytest.raises(ValueError, match="expected cost exceeds the largest float"):
        pm.expected_cost([0] * 10, [1] * 10, cost_fp=1e308, cost_fn=0.0)
    with pytest.raises(ValueError, match=r"y_pred holds the labels \[0, 2\]"):
        pm.expected_cost([0, 1], [0, 2])
