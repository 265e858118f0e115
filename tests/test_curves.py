"""Tests of pedagogy_metrics.curves: hand values, seed examples, oracles (scikit-learn
and slow implementations written here from the definitions), the histogram error
bound, bad input."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as hst
from scipy.stats import rankdata
from sklearn import metrics as skm

import pedagogy_metrics as pm
from pedagogy_metrics import book

from conftest import labelled, stored_text

# --- data generators ------------------------------------------------------------------


def exact_auc(y, s) -> Fraction:
    """All positive-negative pairs, ties 1/2, as an exact fraction."""
    pos = [v for v, t in zip(s, y) if t == 1]
    neg = [v for v, t in zip(s, y) if t == 0]
    wins = sum(
        Fraction(1) if p > q else Fraction(1, 2) if p == q else 0
        for p in pos
        for q in neg
    )
    return wins / (len(pos) * len(neg))


def slow_points(y, s):
    """[(threshold, tp, fp)] at +inf, then each distinct score, decreasing (plain
    Python)."""
    points = [(math.inf, 0, 0)]
    for t in sorted(set(s.tolist()), reverse=True):
        tp = sum(1 for v, c in zip(s, y) if v >= t and c == 1)
        fp = sum(1 for v, c in zip(s, y) if v >= t and c == 0)
        points.append((t, tp, fp))
    return points


def slow_pr_auc(y, s) -> float:
    """Lower trapezoid rule from the definition in issue 3, with exact fractions."""
    n_pos = int(sum(y))
    by_recall: dict[Fraction, list[Fraction]] = {}
    for _, tp, fp in slow_points(y, s):
        precision = Fraction(1) if tp + fp == 0 else Fraction(tp, tp + fp)
        by_recall.setdefault(Fraction(tp, n_pos), []).append(precision)
    recalls = sorted(by_recall)
    area = sum(
        (min(by_recall[a]) + max(by_recall[b])) / 2 * (b - a)
        for a, b in pairwise(recalls)
    )
    return float(area)


def slow_x_at_y(y, s, metric, limit):
    """X@Y from the definitions (Yggdrasil's conservative rule), plain Python, no NumPy.

    Rates are the correctly rounded quotients (as a user computing tp / n would get), so
    a limit of 1/3 admits a rate of 2/6.
    """
    n_pos, n = int(sum(y)), len(y)
    n_neg = n - n_pos
    rows = []
    for t, tp, fp in slow_points(y, s):
        precision = 1.0 if tp + fp == 0 else tp / (tp + fp)
        rows.append(
            dict(
                t=t,
                precision=precision,
                recall=tp / n_pos,
                fpr=fp / n_neg,
                volume=(tp + fp) / n,
            )
        )
    if metric == "precision_at_recall":
        return next(r["precision"] for r in rows if r["recall"] >= limit)
    if metric == "precision_at_volume":
        return next(r["precision"] for r in rows if r["volume"] >= limit)
    if metric == "recall_at_precision":
        return max(r["recall"] for r in rows if r["precision"] >= limit)
    if metric == "recall_at_fpr":
        return max(r["recall"] for r in rows if r["fpr"] <= limit)
    return min(r["fpr"] for r in rows if r["recall"] >= limit)


# --- seed 003: the six impressions and the 8-sample example ---------------------------

SIX_Y = [1, 0, 1, 0, 0, 0]
SIX_S = [0.9, 0.7, 0.8, 0.6, 0.5, 0.4]
EIGHT_Y = [1, 0, 0, 0, 1, 0, 1, 0]
EIGHT_S = [0.9, 0.8, 0.3, 0.1, 0.4, 0.9, 0.66, 0.7]


def test_six_impressions_walk_through():
    fpr, tpr, thr = pm.roc_curve(SIX_Y, SIX_S)
    assert thr.tolist() == [math.inf, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4]
    # the note's six points, after the (0, 0) it leaves out
    assert list(zip(fpr.tolist(), tpr.tolist())) == [
        (0.0, 0.0),
        (0.0, 0.5),
        (0.0, 1.0),
        (0.25, 1.0),
        (0.5, 1.0),
        (0.75, 1.0),
        (1.0, 1.0),
    ]
    for method in pm.AUC_METHODS:
        assert pm.roc_auc(SIX_Y, SIX_S, method=method) == 1.0
    assert pm.gini(SIX_Y, SIX_S) == 1.0


def test_eight_sample_example():
    for method in pm.AUC_METHODS:
        assert pm.roc_auc(EIGHT_Y, EIGHT_S, method=method) == 8.5 / 15
    fpr, tpr, _ = skm.roc_curve(EIGHT_Y, EIGHT_S)
    assert skm.auc(fpr, tpr) == pytest.approx(8.5 / 15, abs=1e-15)
    assert pm.gini(EIGHT_Y, EIGHT_S) == pytest.approx(2 / 15, abs=1e-15)
    assert pm.average_precision(EIGHT_Y, EIGHT_S) == pytest.approx(1.4 / 3, abs=1e-15)
    assert pm.pr_auc(EIGHT_Y, EIGHT_S) == pytest.approx(1.525 / 3, abs=1e-15)


@pytest.mark.parametrize(
    "metric, limit, value, threshold",
    [
        ("precision_at_recall", 0.0, 1.0, math.inf),
        ("precision_at_recall", 0.5, 0.4, 0.66),
        ("precision_at_recall", 1.0, 0.5, 0.4),
        ("recall_at_precision", 0.5, 1.0, 0.4),
        ("recall_at_precision", 0.6, 0.0, math.inf),
        ("recall_at_precision", 0.4, 1.0, 0.4),
        ("precision_at_volume", 0.0, 1.0, math.inf),
        ("precision_at_volume", 0.5, 0.25, 0.7),
        ("precision_at_volume", 1.0, 0.375, 0.1),
        ("recall_at_fpr", 0.0, 0.0, math.inf),
        ("recall_at_fpr", 0.5, 1 / 3, 0.9),
        ("recall_at_fpr", 0.6, 1.0, 0.4),
        ("fpr_at_recall", 0.0, 0.0, math.inf),
        ("fpr_at_recall", 0.5, 0.6, 0.66),
        ("fpr_at_recall", 1.0, 0.6, 0.4),
    ],
)
def test_x_at_y_eight_sample_by_hand(metric, limit, value, threshold):
    # thresholds inf .9 .8 .7 .66 .4 .3 .1 -> tp 0 1 1 1 2 3 3 3, fp 0 1 2 3 3 3 4 5
    assert getattr(pm, metric)(EIGHT_Y, EIGHT_S, limit) == pytest.approx(
        value, abs=1e-15
    )
    assert pm.operating_point(EIGHT_Y, EIGHT_S, metric, limit).threshold == threshold


def test_x_at_y_small_hand_case():
    y, s = [1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1]
    assert pm.precision_at_recall(y, s, 0.6) == 2 / 3
    assert pm.recall_at_precision(y, s, 0.7) == 0.5
    assert pm.precision_at_volume(y, s, 0.5) == 2 / 3
    assert pm.recall_at_fpr(y, s, 0.4) == 0.5
    assert pm.fpr_at_recall(y, s, 0.6) == 0.5
    point = pm.operating_point(y, s, "precision_at_recall", 0.6)
    assert point == (0.8, 2 / 3, 1.0, 0.5, 0.75)
    assert all(type(v) is float for v in point)


# --- hand values of the other functions -----------------------------------------------


def test_hand_values_small():
    y, s = [1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1]
    assert pm.roc_auc(y, s) == 0.875  # pairs: 1 + 1 + 1/2 + 1 over 4
    assert pm.gini(y, s) == 0.75
    p, r, t = pm.precision_recall_curve(y, s)
    assert p.tolist() == [0.5, 2 / 3, 1.0, 1.0] and r.tolist() == [1.0, 1.0, 0.5, 0.0]
    assert t.tolist() == [0.1, 0.8, 0.9]
    assert pm.average_precision(y, s) == pytest.approx(0.5 * 1 + 0.5 * 2 / 3)
    assert pm.pr_auc(y, s) == pytest.approx(0.5 * 1 + 0.5 * (1 + 2 / 3) / 2)
    assert pm.midranks([0.3, 0.1, 0.3, 0.2]).tolist() == [3.5, 1.0, 3.5, 2.0]


def test_types_and_inputs_accepted():
    for y in ([1, 0, 1], (1, 0, 1), [True, False, True], np.array([1.0, 0.0, 1.0])):
        assert type(pm.roc_auc(y, [3, 1, 2])) is float
        assert pm.roc_auc(y, [3, 1, 2]) == 1.0
    assert type(pm.average_precision([1, 0], [1, 0])) is float
    assert type(pm.pr_auc([1, 0], [1, 0])) is float
    assert type(pm.roc_auc_histogram([1, 0], [1, 0])) is float
    assert type(pm.gini([1, 0], [1, 0])) is float
    fpr, tpr, thr = pm.roc_curve(
        [1, 0], [5, 5]
    )  # all-equal scores: one point after (0, 0)
    assert (
        fpr.tolist() == [0.0, 1.0]
        and tpr.tolist() == [0.0, 1.0]
        and thr.tolist() == [math.inf, 5]
    )
    assert pm.roc_auc([1, 0, 0], [2, 2, 2]) == 0.5


def test_auc_below_half_and_reversed():
    y, s = [1, 1, 0, 0], [0.1, 0.2, 0.8, 0.9]
    assert pm.roc_auc(y, s) == 0.0 and pm.gini(y, s) == -1.0
    assert pm.roc_auc(y, [-v for v in s]) == 1.0


def test_large_n_exact_agreement():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 20_000)
    s = np.round(rng.random(20_000) * 0.6 + 0.3 * y, 2)  # heavy ties
    aucs = {m: pm.roc_auc(y, s, method=m) for m in pm.AUC_METHODS}
    assert len(set(aucs.values())) == 1
    assert aucs["rank"] == pytest.approx(skm.roc_auc_score(y, s), abs=1e-13)


# --- oracles: scikit-learn ------------------------------------------------------------


@given(labelled())
def test_roc_curve_equals_sklearn(data):
    y, s = data
    ours = pm.roc_curve(y, s)
    theirs = skm.roc_curve(y, s, drop_intermediate=False)
    for a, b in zip(ours, theirs):
        np.testing.assert_array_equal(a, b)


@given(labelled())
def test_roc_auc_methods_equal_sklearn_and_exact(data):
    y, s = data
    values = [pm.roc_auc(y, s, method=m) for m in pm.AUC_METHODS]
    assert values[0] == values[1] == values[2]  # identical, not just close
    assert values[0] == float(exact_auc(y, s))  # one correctly rounded division
    assert values[0] == pytest.approx(skm.roc_auc_score(y, s), abs=1e-12)


@given(labelled())
def test_gini_vs_sklearn(data):
    y, s = data
    assert pm.gini(y, s) == pytest.approx(2 * skm.roc_auc_score(y, s) - 1, abs=1e-12)
    assert pm.gini(y, s) == float(2 * exact_auc(y, s) - 1)


@given(labelled())
def test_precision_recall_curve_equals_sklearn(data):
    y, s = data
    ours = pm.precision_recall_curve(y, s)
    theirs = skm.precision_recall_curve(y, s)
    for a, b in zip(ours, theirs):
        np.testing.assert_array_equal(a, b)


@given(labelled())
def test_average_precision_vs_sklearn(data):
    y, s = data
    assert pm.average_precision(y, s) == pytest.approx(
        skm.average_precision_score(y, s), rel=1e-12, abs=1e-15
    )


# --- oracles: slow implementations from the definitions -------------------------------


@given(labelled())
def test_pr_auc_vs_slow_definition(data):
    y, s = data
    assert pm.pr_auc(y, s) == pytest.approx(slow_pr_auc(y, s), rel=1e-12, abs=1e-15)


@given(
    labelled(),
    hst.sampled_from(list(pm.X_AT_Y)),
    hst.one_of(
        hst.sampled_from([0.0, 1.0, 0.5, 1 / 3, 2 / 3, 0.25, 0.75]), hst.floats(0, 1)
    ),
)
def test_x_at_y_vs_slow_definition(data, metric, limit):
    y, s = data
    got = getattr(pm, metric)(y, s, limit)
    assert got == slow_x_at_y(y, s, metric, limit)


def test_naive_trapezoid_is_optimistic():
    # Straight lines through one point per recall level, taken where that recall is
    # first reached (the highest precision there): above the lower trapezoid whenever a
    # negative separates two positives.
    y, s = [1, 0, 0, 0, 1], [0.9, 0.8, 0.7, 0.6, 0.5]
    naive = 0.5 * (1 + 1) / 2 + 0.5 * (1 + 0.4) / 2  # points (0, 1), (.5, 1), (1, .4)
    assert pm.pr_auc(y, s) == pytest.approx(0.5 * (1 + 1) / 2 + 0.5 * (0.25 + 0.4) / 2)
    assert pm.pr_auc(y, s) < naive
    assert pm.average_precision(y, s) == pytest.approx(
        0.5 * 1 + 0.5 * 0.4
    )  # above PR-AUC here


@given(labelled())
def test_trapezoid_through_full_curve_is_lower_trapezoid(data):
    # On the full curve, points of one recall run from highest to lowest precision, so
    # the trapezoid between consecutive points is exactly the lower trapezoid.
    y, s = data
    precision, recall, _ = skm.precision_recall_curve(y, s)
    assert pm.pr_auc(y, s) == pytest.approx(skm.auc(recall, precision), abs=1e-14)


# --- histogram AUC --------------------------------------------------------------------


def slow_buckets(y, s, n_bins):
    """{bucket: (positives, negatives)} with bucket min(floor(s * n_bins), n_bins - 1),
    plain Python."""
    counts: dict[int, list[int]] = {}
    for v, t in zip(s.tolist(), y.tolist()):
        b = min(math.floor(v * n_bins), n_bins - 1)
        counts.setdefault(b, [0, 0])[1 - t] += 1
    return {b: tuple(c) for b, c in counts.items()}


@given(labelled(kind="unit"), hst.sampled_from([1, 2, 3, 7, 10, 100, 1000, 10**7]))
def test_histogram_within_bound(data, n_bins):
    """|histogram AUC - AUC| <= (1/2) sum_b pos_b neg_b / (P N): only pairs sharing a
    bucket can change, each by 1/2. Counts and exact AUC computed here, pair by pair."""
    y, s = data
    buckets = slow_buckets(y, s, n_bins)
    pos, neg = pm.histogram_counts(y, s, n_bins=n_bins)
    assert len(pos) == len(neg) == n_bins
    assert {int(b): int(pos[b]) for b in np.flatnonzero(pos)} == {
        b: p for b, (p, _) in buckets.items() if p
    }
    assert {int(b): int(neg[b]) for b in np.flatnonzero(neg)} == {
        b: n for b, (_, n) in buckets.items() if n
    }
    n_pos, n_neg = int(y.sum()), int(len(y) - y.sum())
    bound = Fraction(sum(p * n for p, n in buckets.values()), 2 * n_pos * n_neg)
    approx = pm.roc_auc_histogram(y, s, n_bins=n_bins)
    assert abs(Fraction(approx) - exact_auc(y, s)) <= bound + Fraction(1, 10**15)


def test_histogram_score_one_last_bucket_and_shrinking_error():
    pos, neg = pm.histogram_counts([1, 0], [1.0, 0.0], n_bins=10)
    assert pos.tolist() == [0] * 9 + [1] and neg.tolist() == [1] + [0] * 9
    assert pm.roc_auc_histogram([1, 0, 1], [1.0, 0.0, 0.95], n_bins=10) == 1.0
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 5000)
    s = np.clip(rng.normal(0.4 + 0.2 * y, 0.15), 0, 1)
    exact = skm.roc_auc_score(y, s)
    errors = [
        abs(pm.roc_auc_histogram(y, s, n_bins=b) - exact) for b in (2, 10, 100, 10000)
    ]
    assert errors == sorted(errors, reverse=True) and errors[-1] < 1e-4
    assert pm.roc_auc_histogram(y, s, n_bins=1) == 0.5


def test_seed_bucket_code_crashes_on_one_ours_does_not():
    """Note 003's bucket code (book.notes) fails on a score of 1.0; ours does not."""
    with pytest.raises(IndexError):
        book.notes.approximate_auc_note003([1, 0], [1.0, 0.2])
    assert pm.roc_auc_histogram([1, 0], [1.0, 0.2]) == 1.0
    # below 1.0 both give the exact 8.5 / 15 here: 100 buckets split no tie and make
    # none (the two 0.9s were tied already)
    y, s = EIGHT_Y, EIGHT_S
    assert pm.roc_auc_histogram(y, s, n_bins=100) == pytest.approx(17 / 30, abs=1e-15)
    assert book.notes.approximate_auc_note003(y, s, n_bins=100) == pytest.approx(
        17 / 30, abs=1e-15
    )


# --- bad input ------------------------------------------------------------------------

SCORED = [
    pm.roc_curve,
    pm.roc_auc,
    pm.roc_auc_histogram,
    pm.gini,
    pm.precision_recall_curve,
    pm.average_precision,
    pm.pr_auc,
    pm.threshold_counts,
]
PR_FUNCS = [pm.precision_recall_curve, pm.average_precision, pm.pr_auc]
X_AT_Y_FUNCS = [
    pm.precision_at_recall,
    pm.recall_at_precision,
    pm.precision_at_volume,
    pm.recall_at_fpr,
    pm.fpr_at_recall,
]


@pytest.mark.parametrize("func", SCORED + X_AT_Y_FUNCS)
def test_bad_labels_and_scores(func):
    extra = (0.5,) if func in X_AT_Y_FUNCS else ()
    if (
        func in PR_FUNCS
    ):  # API.md: defined with positives only, recall undefined without them
        func([1, 1], [0.2, 0.3])
        with pytest.raises(ValueError, match="^y_true holds no positives"):
            func([0, 0], [0.2, 0.3])
    else:
        with pytest.raises(ValueError, match="^y_true holds only positives"):
            func([1, 1], [0.2, 0.3], *extra)
        with pytest.raises(ValueError, match="^y_true holds only negatives"):
            func([0, 0], [0.2, 0.3], *extra)
    with pytest.raises(ValueError, match=r"^y_true holds the labels \[0, 2\]"):
        func([0, 2], [0.2, 0.3], *extra)  # neither 0/1 nor holding pos_label=1
    with pytest.raises(ValueError, match="pass the positive class as pos_label"):
        func(["a", "b"], [0.2, 0.3], *extra)
    with pytest.raises(ValueError, match="did you swap y_true and y_score"):
        func([0.2, 0.3, 0.9], [1, 0, 1], *extra)
    with pytest.raises(ValueError, match=r"pass the score of the positive .*P\[:, 1\]"):
        func([1, 0, 1], [[0.2, 0.8], [0.6, 0.4], [0.3, 0.7]], *extra)
    with pytest.raises(ValueError, match=r"y_score.ravel\(\)"):
        func([1, 0, 1], [[0.8], [0.4], [0.7]], *extra)
    with pytest.raises(ValueError, match="^y_score contains NaN"):
        func([1, 0], [0.2, float("nan")], *extra)
    with pytest.raises(ValueError, match="^y_score contains inf"):
        func([1, 0], [0.2, float("inf")], *extra)
    with pytest.raises(ValueError, match="^length mismatch"):
        func([1, 0, 1], [0.2, 0.3], *extra)
    with pytest.raises(ValueError, match="^y_true is empty"):
        func([], [], *extra)
    with pytest.raises(ValueError, match="^y_score must be 1-dimensional"):
        func([1, 0], [[0.2, 0.3]], *extra)
    with pytest.raises(TypeError, match="^y_score"):
        func([1, 0], "ab", *extra)
    with pytest.raises(TypeError, match="^y_true"):
        func(None, [0.2, 0.3], *extra)


@pytest.mark.parametrize(
    "func, name",
    [
        (pm.precision_at_recall, "min_recall"),
        (pm.recall_at_precision, "min_precision"),
        (pm.precision_at_volume, "min_volume"),
        (pm.recall_at_fpr, "max_fpr"),
        (pm.fpr_at_recall, "min_recall"),
    ],
)
def test_bad_limits(func, name):
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError, match=f"^{name} must lie in"):
            func([1, 0], [0.2, 0.1], bad)
    with pytest.raises(ValueError, match=f"^{name} must be finite"):
        func([1, 0], [0.2, 0.1], float("nan"))
    with pytest.raises(TypeError, match=f"^{name}"):
        func([1, 0], [0.2, 0.1], "0.5")


def test_bad_options():
    with pytest.raises(ValueError, match="^method must be one of"):
        pm.roc_auc([1, 0], [0.2, 0.1], method="Rank")
    with pytest.raises(ValueError, match="^method must be one of"):
        pm.roc_auc([1, 0], [0.2, 0.1], method=None)
    with pytest.raises(TypeError):
        pm.roc_auc([1, 0], [0.2, 0.1], "rank")  # keyword-only
    with pytest.raises(ValueError, match="^metric must be one of"):
        pm.operating_point([1, 0], [0.2, 0.1], "precision@recall", 0.5)
    for bad in (0, -3):
        with pytest.raises(ValueError, match="^n_bins must be >= 1"):
            pm.roc_auc_histogram([1, 0], [0.2, 0.1], n_bins=bad)
    with pytest.raises(TypeError, match="^n_bins must be an integer"):
        pm.roc_auc_histogram([1, 0], [0.2, 0.1], n_bins=10.5)
    assert (
        pm.roc_auc_histogram([1, 0], [0.2, 0.1], n_bins=10.0) == 1.0
    )  # whole floats are counts
    with pytest.raises(ValueError, match="^n_bins must be <="):
        pm.roc_auc_histogram([1, 0], [0.2, 0.1], n_bins=2**60)
    for bad in ([1.2, 0.1], [0.5, -0.1]):
        with pytest.raises(ValueError, match="^y_score must hold probabilities in"):
            pm.roc_auc_histogram([1, 0], bad)
        with pytest.raises(ValueError, match="^y_score must hold probabilities in"):
            pm.histogram_counts([1, 0], bad)
    with pytest.raises(ValueError, match="^x contains NaN"):
        pm.midranks([1.0, float("nan")])


# --- plotting helpers and the benchmark script ----------------------------------------


@pytest.mark.slow  # runs the benchmark script (seconds); make check skips it
def test_bench_quick_runs(capsys):
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[1] / "benchmarks" / "bench.py"
    spec = importlib.util.spec_from_file_location("bench", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert (
        bench.main(["--quick"]) == 0
    )  # checks results against scikit-learn, writes nothing
    out = capsys.readouterr().out
    assert "pm.roc_auc (rank)" in out and "sklearn roc_auc_score" in out


@given(labelled(kind="unit"), hst.integers(1, 400))
def test_histogram_auc_is_the_auc_of_bucket_indices(data, n_bins):
    """Both paths of roc_auc_histogram (histogram, or the AUC of the bucket indices when
    most buckets are empty) give the exact AUC of min(floor(s * n_bins), n_bins - 1),
    computed here pair by pair."""
    y, s = data
    bucket = [min(int(v * n_bins), n_bins - 1) for v in s]
    pos = [b for b, t in zip(bucket, y) if t == 1]
    neg = [b for b, t in zip(bucket, y) if t == 0]
    twice_u = sum(2 * (p > q) + (p == q) for p in pos for q in neg)
    assert pm.roc_auc_histogram(y, s, n_bins=n_bins) == twice_u / (
        2 * len(pos) * len(neg)
    )


@given(labelled())
def test_mann_whitney_u_is_the_rank_sum_form(data):
    """U from pair counts (the function) equals R+ - P(P+1)/2 from SciPy's mid-ranks."""
    y, s = data
    y = np.asarray(y)
    n_pos = int(y.sum())
    rank_sum = rankdata(s)[y == 1].sum()
    assert pm.mann_whitney_u(y, s) == rank_sum - n_pos * (n_pos + 1) / 2
    # roc_auc runs the count kernels, not mann_whitney_u: the same number, exactly
    assert pm.roc_auc(y, s) == pm.mann_whitney_u(y, s) / (n_pos * (len(y) - n_pos))


@given(
    hst.lists(
        hst.tuples(hst.integers(0, 1), hst.integers(-5, 5)), min_size=1, max_size=60
    ),
    hst.sampled_from([1, 2**61]),
)
def test_average_precision_is_exact_with_ties_and_int64_near_2_63(pairs, scale):
    """AP = 1/P sum_u (positives at u) P(u), in Fractions, rounded like the function."""
    from fractions import Fraction

    y = np.array([a for a, _ in pairs])
    y[0] = 1
    s = np.array([b for _, b in pairs], dtype=np.int64) * np.int64(scale)
    total = Fraction(0)
    for u in set(s[y == 1].tolist()):
        flagged = s >= u
        total += int(((s == u) & (y == 1)).sum()) * Fraction(
            int(y[flagged].sum()), int(flagged.sum())
        )
    exact = total / int(y.sum())
    assert pm.average_precision(y, s) == pytest.approx(float(exact), rel=1e-15, abs=0)


def test_average_precision_on_large_tied_input_matches_sklearn():
    rng = np.random.default_rng(3)
    y = (rng.random(50_000) < 0.2).astype(int)
    s = np.round(rng.random(50_000), 3)  # many ties
    assert pm.average_precision(y, s) == pytest.approx(
        skm.average_precision_score(y, s), rel=1e-12
    )


# ---- the AUC from per-key counts: the one kernel of every exact AUC ----------------


@given(labelled())
def test_auc_from_counts_equals_roc_auc_exactly(case):
    """Counting each distinct score's positives and negatives, then auc_from_counts,
    gives roc_auc to the last bit (both are one division of the exact 2U)."""
    y, s = case
    keys, inverse = np.unique(np.asarray(s), return_inverse=True)
    y = np.asarray(y, dtype=np.int64)
    pos = np.bincount(inverse, weights=y, minlength=keys.size).astype(np.int64)
    neg = np.bincount(inverse, weights=1 - y, minlength=keys.size).astype(np.int64)
    assert pm.auc_from_counts(pos, neg) == pm.roc_auc(y, s)


def test_auc_from_counts_beyond_int64_is_exact():
    """2U = 2 * 2**80 pairs does not fit int64: Python integers keep it exact."""
    big = np.array([2**40, 2**40])
    assert pm.auc_from_counts(big, big[::-1]) == 0.5  # 2**80 pairs: half in order
    # 3 positives over 2**40 + 1 negatives: wins 3 * 2**40, one tie
    assert pm.auc_from_counts([0, 1, 2], [2**40, 1, 0]) == float(
        Fraction(2 * 2**40 + 1 + 2 * (2 * 2**40 + 2), 2 * 3 * (2**40 + 1))
    )


@pytest.mark.parametrize(
    ("pos", "neg", "message"),
    [
        ([0, 0], [1, 1], "pos holds no positives"),
        ([1, 1], [0, 0], "neg holds no negatives"),
        ([1], [1, 2], "length mismatch: pos has 1, neg has 2"),
        ([-1, 2], [1, 1], "pos must hold counts >= 0"),
        ([1, np.nan], [1, 1], "pos contains NaN"),
    ],
)
def test_auc_from_counts_bad_counts(pos, neg, message):
    with pytest.raises(ValueError, match=message):
        pm.auc_from_counts(pos, neg)


# ---- moved from the review-round files: chapters 4-5 and the Performance appendix


def test_roc_curve_starts_at_the_origin_which_matters_only_with_a_tie_at_the_top():
    """pm.roc_curve starts at (0, 0): its trapezoids give roc_auc; without the origin
    the area loses a triangle only when a tie sits at the top (13/16 against 3/4)."""
    y = [1, 0, 1, 0, 0, 0]
    cases = {
        "note": ([0.9, 0.7, 0.8, 0.6, 0.5, 0.4], Fraction(0)),
        "negative on top": ([0.7, 0.95, 0.8, 0.6, 0.5, 0.4], Fraction(0)),
        "tie at the top": ([0.9, 0.9, 0.8, 0.6, 0.5, 0.4], Fraction(1, 16)),
    }
    for s, lost in cases.values():
        fpr, tpr, _ = pm.roc_curve(y, s)
        assert (fpr[0], tpr[0]) == (0.0, 0.0)
        pts = [(Fraction(a), Fraction(b)) for a, b in zip(fpr, tpr)]
        area = sum((x1 - x0) * (y0 + y1) / 2 for (x0, y0), (x1, y1) in pairwise(pts))
        without = sum(
            (x1 - x0) * (y0 + y1) / 2 for (x0, y0), (x1, y1) in pairwise(pts[1:])
        )
        assert float(area) == pm.roc_auc(y, s)
        assert area - without == lost
    out = stored_text("04-roc-auc.ipynb")
    assert (
        "tie at the top: first point (0.25, 0.50); area 0.8125, without (0, 0) 0.7500"
        in out
    )


def _expected_random_ap(n, n_pos):
    harmonic = sum(Fraction(1, k) for k in range(1, n + 1))
    pi = Fraction(n_pos, n)
    return pi + (1 - pi) * (harmonic - 1) / (n - 1)


def test_expected_ap_of_a_random_ranking_by_enumerating_the_package():
    """The chapter's formula for E[AP] equals the mean of pm.average_precision over
    every placement of the positives, and the chapter prints its values."""
    import itertools

    for n in range(2, 8):
        for n_pos in range(1, n + 1):
            score = -np.arange(n)  # rank 1 has the highest score
            total = 0.0
            count = 0
            for ranks in itertools.combinations(range(n), n_pos):
                y = np.zeros(n, int)
                y[list(ranks)] = 1
                total += pm.average_precision(y, score)
                count += 1
            assert total / count == pytest.approx(
                float(_expected_random_ap(n, n_pos)), abs=1e-12
            )
    out = stored_text("05-precision-recall-curve.ipynb")
    for n_pos, n in ((1, 20), (2, 40), (5, 100)):
        assert f"| {n_pos} | {n} | {float(_expected_random_ap(n, n_pos)):.4f} |" in out


def test_expected_ap_of_a_random_ranking_by_simulating_the_package():
    exact = float(_expected_random_ap(100, 5))
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(5, int), np.zeros(95, int)]
    ap = np.array([pm.average_precision(y, rng.random(100)) for _ in range(4000)])
    assert abs(ap.mean() - exact) < 4 * ap.std() / np.sqrt(ap.size)


def test_tied_block_area_against_the_straight_line_on_the_page():
    """A tied block of a positives and b negatives after TP0, FP0: the area under the
    tie-broken precision against the straight line; the chapter's table prints both."""
    from scipy import integrate

    out = stored_text("05-precision-recall-curve.ipynb")
    for tp0, fp0, a, b in ((2, 0, 1, 3), (1, 3, 3, 1)):

        def prec(x, tp0=tp0, fp0=fp0, a=a, b=b):
            return (tp0 + a * x) / (tp0 + fp0 + (a + b) * x)

        exact = integrate.quad(prec, 0, 1)[0] * a / 4
        chord = (prec(0) + prec(1)) / 2 * a / 4
        assert f"| {exact:.5f} | {chord:.5f} |" in out
        sign = b * tp0 - a * fp0
        assert (chord > exact) == (sign > 0)


def test_sklearn_tied_ap_can_exceed_every_order_and_the_package_agrees():
    """A tied block is scored at one threshold: 0.6 here, while every order of the
    tied items gives (1/3 + 2/4 + 3/5) / 3; the page prints both."""
    y = np.array([0, 0, 1, 1, 1, 0])
    s = np.array([2, 2, 1, 1, 1, 0])
    every_order = Fraction(1, 3) * (Fraction(1, 3) + Fraction(2, 4) + Fraction(3, 5))
    assert pm.average_precision(y, s) == pytest.approx(0.6, abs=1e-15)
    assert skm.average_precision_score(y, s) == pytest.approx(0.6, abs=1e-12)
    out = stored_text("11-ranking-ap-map-mrr.ipynb")
    assert f"AP of every order {float(every_order):.4f}, scikit-learn 0.6000" in out


def test_tied_ap_never_below_the_worst_order():
    import itertools

    rng = np.random.default_rng(7)
    for _ in range(150):
        n = int(rng.integers(2, 8))
        y = rng.integers(0, 2, n)
        if y.sum() == 0:
            continue
        s = rng.integers(0, 3, n)
        worst = min(
            pm.average_precision_at_k(list(y[list(p)]), n)
            for p in itertools.permutations(range(n))
            if all(s[p[i]] >= s[p[i + 1]] for i in range(n - 1))
        )
        assert pm.average_precision(y, s) >= worst - 1e-12


def test_histogram_auc_error_shrinks_and_the_appendix_prints_it():
    import scipy.stats as sst

    rng = np.random.default_rng(14)
    y = (rng.random(100_000) < 0.3).astype(int)
    s = sst.norm.cdf(rng.normal(0, 1, y.size) + 1.2 * y - 0.5)
    exact = pm.roc_auc(y, s)
    out = stored_text("performance.ipynb")
    previous = 1.0
    for n_bins, shown in {10: "4.1e-03", 100: "4.3e-05", 1000: "2.0e-06"}.items():
        pos, neg = pm.histogram_counts(y, s, n_bins=n_bins)
        error = abs(pm.roc_auc_histogram(y, s, n_bins=n_bins) - exact)
        assert 0 < error <= np.sum(pos * neg) / (2 * pos.sum() * neg.sum())
        assert error < previous
        previous = error
        assert f"{error:.1e}" == shown
        assert shown in out


# ---- labels as users have them: pos_label -------------------------------------------

BINARY_SCORED = [
    pm.roc_curve,
    pm.roc_auc,
    pm.gini,
    pm.mann_whitney_u,
    pm.threshold_counts,
    pm.precision_recall_curve,
    pm.average_precision,
    pm.pr_auc,
    pm.det_curve,
    pm.ks_statistic,
    pm.cumulative_gains_curve,
    pm.lift_curve,
    pm.min_cost_threshold,
    pm.roc_convex_hull,
    pm.cost_curve,
    pm.score_counts,
]


def _same(a, b):
    if isinstance(a, tuple):
        return all(_same(x, y) for x, y in zip(a, b, strict=True))
    return np.array_equal(np.asarray(a), np.asarray(b))


@pytest.mark.parametrize("func", BINARY_SCORED, ids=lambda f: f.__name__)
def test_any_two_labels_with_pos_label_give_the_0_1_result(func):
    y01 = np.array([1, 0, 1, 0, 0, 1])
    s = np.array([0.9, 0.8, 0.8, 0.1, 0.3, 0.2])
    want = func(y01, s)
    for labels, pos in [
        (["ham", "spam"], "spam"),
        ([-1, 1], 1),
        ([False, True], True),
        ([1, 2], 2),
        ([2, 1], 1),  # default-like: 1 positive, 2 negative
        ([0, 7], 7),
    ]:
        y = np.array(labels)[y01]
        assert _same(func(y, s, pos_label=pos), want), (labels, pos)
    assert _same(func(np.array([-1, 1])[y01], s), want)  # {-1, 1}: default 1
    assert _same(func(np.array([2, 1])[y01], s), want)  # {1, 2}: 1 is positive
    with pytest.raises(ValueError, match=r"labels \['ham', 'spam'\].*pos_label="):
        func(np.array(["ham", "spam"])[y01], s)


@pytest.mark.parametrize(
    "func",
    [pm.precision_at_recall, pm.recall_at_precision, pm.precision_at_volume],
    ids=lambda f: f.__name__,
)
def test_x_at_y_take_pos_label(func):
    y01 = np.array([1, 0, 1, 0])
    s = [0.9, 0.8, 0.8, 0.1]
    y = np.array(["no", "yes"])[y01]
    assert func(y, s, 0.6, pos_label="yes") == func(y01, s, 0.6)


def test_histogram_functions_and_expected_cost_take_pos_label():
    y01, s = np.array([1, 0, 1, 0]), [1.0, 0.2, 0.6, 0.5]
    y = np.array(["a", "b"])[1 - y01]  # 1 -> "a"
    assert pm.roc_auc_histogram(y, s, n_bins=2, pos_label="a") == 0.75
    assert _same(pm.histogram_counts(y, s, n_bins=2, pos_label="a"), ([0, 2], [1, 1]))
    assert pm.expected_cost(["a", "b"], ["b", "b"], pos_label="a", cost_fn=5.0) == 2.5


# ---- weights: weighted counts in the same kernels -----------------------------------


@hst.composite
def weighted(draw, *, whole=False):
    y, s = draw(labelled())
    if whole:
        w = draw(hst.lists(hst.integers(0, 3), min_size=y.size, max_size=y.size))
    else:
        w = draw(
            hst.lists(
                hst.one_of(hst.just(0.0), hst.floats(0.01, 100.0)),
                min_size=y.size,
                max_size=y.size,
            )
        )
    w = np.array(w, dtype=float)
    if w[y == 1].sum() == 0 or w[y == 0].sum() == 0:
        w[np.flatnonzero(y == 1)[0]] = 1.0  # both classes keep some weight
        w[np.flatnonzero(y == 0)[0]] = 1.0
    return y, s, w


def _close(ours, theirs):
    for a, b in zip(ours, theirs, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)


@given(weighted())
def test_weighted_curves_and_areas_equal_sklearn(data):
    y, s, w = data
    for method in pm.AUC_METHODS:
        got = pm.roc_auc(y, s, method=method, sample_weight=w)
        assert got == pytest.approx(skm.roc_auc_score(y, s, sample_weight=w), rel=1e-12)
    sk_roc = skm.roc_curve(y, s, sample_weight=w, drop_intermediate=False)
    _close(pm.roc_curve(y, s, sample_weight=w), sk_roc)
    _close(
        pm.precision_recall_curve(y, s, sample_weight=w),
        skm.precision_recall_curve(y, s, sample_weight=w),
    )
    assert pm.average_precision(y, s, sample_weight=w) == pytest.approx(
        skm.average_precision_score(y, s, sample_weight=w), rel=1e-12
    )
    _close(pm.det_curve(y, s, sample_weight=w), skm.det_curve(y, s, sample_weight=w))


@given(weighted(whole=True))
def test_whole_weights_equal_repeated_rows(data):
    y, s, w = data
    rows = np.repeat(np.arange(y.size), w.astype(int))
    for func in (pm.roc_auc, pm.average_precision, pm.pr_auc):
        assert func(y, s, sample_weight=w) == func(y[rows], s[rows]), func.__name__
    for func in (pm.roc_curve, pm.precision_recall_curve, pm.det_curve):
        _close(func(y, s, sample_weight=w), func(y[rows], s[rows]))
    c, r = pm.score_counts(y, s, sample_weight=w), pm.score_counts(y[rows], s[rows])
    assert _same(tuple(c), tuple(r))


def test_bad_weights_are_named():
    y, s = [1, 0, 1], [0.2, 0.3, 0.4]
    with pytest.raises(ValueError, match="sample_weight contains negative weights"):
        pm.roc_auc(y, s, sample_weight=[1, -1, 1])
    with pytest.raises(ValueError, match="sample_weight has length 2, expected 3"):
        pm.roc_curve(y, s, sample_weight=[1, 1])
    with pytest.raises(ValueError, match="only positives among the samples of pos"):
        pm.roc_auc(y, s, sample_weight=[1, 0, 1])
    with pytest.raises(ValueError, match="sample_weight sums to zero"):
        pm.average_precision(y, s, sample_weight=[0, 0, 0])


# ---- odd inputs: a number or a clear error, never a warning ---------------------


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_half_and_single_precision_scores(dtype):
    y = np.array([1, 0, 1, 0, 1])
    s = np.array([0.9, 0.8, 0.8, 0.1, 0.3], dtype=dtype)
    wide = s.astype(float)  # every float16 / float32 is exactly a float64
    for func in BINARY_SCORED:
        assert _same(func(y, s), func(y, wide)), func.__name__
    assert pm.roc_auc(y, s) == pytest.approx(skm.roc_auc_score(y, s), rel=1e-14)


@pytest.mark.filterwarnings("error")
def test_long_double_scores_beyond_float64_are_exact():
    if np.finfo(np.longdouble).max <= np.finfo(float).max:
        pytest.skip("long double is float64 here")
    y = np.array([1, 0, 1, 0, 1])
    s = np.array(
        [np.longdouble(v) for v in ["1e4000", "2e4000", "3e4000", "1", "5e4000"]]
    )
    rank = np.array([2, 3, 4, 1, 5])  # the same order
    for method in pm.AUC_METHODS:
        assert pm.roc_auc(y, s, method=method) == pm.roc_auc(y, rank) == 5 / 6
    assert pm.average_precision(y, s) == pm.average_precision(y, rank)
    t, cost = pm.min_cost_threshold(y, s)
    assert t == s[2] and pm.expected_cost(y, s >= t) == cost
    assert pm.roc_curve(y, s)[2][1:].tolist() == sorted(s.tolist(), reverse=True)


def test_precision_recall_with_one_class():
    """API.md: all labels positive is defined (precision 1); no positive is an error."""
    p, r, t = pm.precision_recall_curve([1, 1, 1], [0.2, 0.3, 0.3])
    assert (p.tolist(), r.tolist(), t.tolist()) == (
        [1.0, 1.0, 1.0],
        [1.0, 2 / 3, 0.0],
        [0.2, 0.3],
    )
    assert pm.average_precision([1, 1], [0.2, 0.3]) == 1.0
    with pytest.raises(ValueError, match="y_true holds no positives.*pos_label"):
        pm.precision_recall_curve([0, 0], [0.2, 0.3])


# ---- the count table and its kernels ------------------------------------------------


@given(labelled(), hst.integers(1, 5))
def test_merged_tables_of_any_split_are_the_table_of_all_rows(data, parts):
    y, s = data
    cuts = np.linspace(0, y.size, parts + 1).astype(int)
    tables = [pm.score_counts(y[a:b], s[a:b]) for a, b in pairwise(cuts) if b > a]
    assert _same(tuple(pm.curves.merge_counts(*tables)), tuple(pm.score_counts(y, s)))


@given(labelled(), hst.integers(1, 6))
def test_auc_from_counts_by_segments_equals_each_segment_alone(data, n_segments):
    y, s = data
    c = pm.score_counts(y, s)
    starts = np.unique(
        np.linspace(0, c.keys.size, n_segments, endpoint=False).astype(int)
    )
    got = pm.curves.segment_aucs(c.pos, c.neg, starts)
    for k, (a, b) in enumerate(pairwise([*starts.tolist(), c.keys.size])):
        p, q = c.pos[a:b], c.neg[a:b]
        if p.sum() and q.sum():
            assert got[k] == pm.auc_from_counts(p, q)
        else:
            assert math.isnan(got[k])


def test_bucket_index_is_the_histogram_rule():
    s = np.array([0.0, 0.29, 0.3, 0.999, 1.0])
    assert pm.curves.bucket_index(s, 10).tolist() == [0, 2, 3, 9, 9]
    y = np.array([1, 0, 1, 0, 1])
    assert pm.roc_auc_histogram(y, s, n_bins=10) == pm.roc_auc(
        y, pm.curves.bucket_index(s, 10)
    )


@pytest.mark.parametrize("rare", [None, 0.12345, -0.0])
def test_large_tied_scores_are_counted_exactly_whichever_way(rare):
    """Many rows with few distinct scores are counted per value (a table built from a
    sample); a value the sample misses (rare, or -0.0 beside 0.0) sends the keys to
    the sort. Either way the counts are those of np.unique, exactly."""
    rng = np.random.default_rng(7)
    n = 300_000
    y = (rng.random(n) < 0.3).astype(np.int64)
    s = rng.integers(0, 500, n) / 500
    if rare is not None:
        s[12_345] = rare
    keys, inverse = np.unique(s, return_inverse=True)
    pos = np.bincount(inverse[y == 1], minlength=keys.size)
    neg = np.bincount(inverse[y == 0], minlength=keys.size)
    c = pm.score_counts(y, s)
    assert c.keys.tolist() == keys.tolist()
    assert c.pos.tolist() == pos.tolist() and c.neg.tolist() == neg.tolist()
    w = rng.integers(0, 3, n).astype(float)
    cw = pm.score_counts(y, s, sample_weight=w)
    kept = w > 0
    keys_w, inv_w = np.unique(s[kept], return_inverse=True)
    yw, ww = y[kept], w[kept]
    assert cw.keys.tolist() == keys_w.tolist()
    assert cw.pos.tolist() == np.bincount(inv_w, ww * yw, keys_w.size).tolist()
    assert cw.neg.tolist() == np.bincount(inv_w, ww * (1 - yw), keys_w.size).tolist()
    assert pm.roc_auc(y, s) == pytest.approx(skm.roc_auc_score(y, s), rel=1e-14)
