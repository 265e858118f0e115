"""Probabilistic metrics: hand values, scikit-learn and SciPy as oracles, documented
differences, bad input."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
import scipy.stats as st
import sklearn.metrics as skm
from hypothesis import given
from hypothesis import strategies as hst

import pedagogy_metrics as pm
from pedagogy_metrics import book

from conftest import BAD_BINARY_PROBABILITIES

EPS = np.finfo(float).eps

# ---- hand-computed values ------------------------------------------------------------

# y = 1, 0, 1 with P(class 1) = .9, .2, .6: the true class got .9, .8, .6.
Y3, P3 = [1, 0, 1], [0.9, 0.2, 0.6]
LOG_LOSS_3 = -(math.log(0.9) + math.log(0.8) + math.log(0.6)) / 3


def test_log_loss_binary_by_hand():
    assert pm.log_loss(Y3, P3) == pytest.approx(LOG_LOSS_3, rel=1e-15)
    assert pm.true_class_probability(Y3, P3).tolist() == pytest.approx([0.9, 0.8, 0.6])
    assert type(pm.log_loss(Y3, P3)) is float
    assert pm.log_loss([True, False], [0.5, 0.5]) == pytest.approx(
        math.log(2)
    )  # bools accepted
    assert pm.log_loss((1,), (0.25,)) == pytest.approx(
        math.log(4)
    )  # one sample, tuples


def test_log_loss_multiclass_by_hand():
    proba = [[0.1, 0.2, 0.7], [0.5, 0.3, 0.2], [0.2, 0.6, 0.2]]
    expected = -(math.log(0.7) + math.log(0.5) + math.log(0.6)) / 3
    assert pm.log_loss([2, 0, 1], proba) == pytest.approx(expected, rel=1e-15)
    assert pm.log_loss([2.0, 0.0, 1.0], proba) == pytest.approx(
        expected, rel=1e-15
    )  # whole floats
    # two columns and a 1-D vector of P(class 1) are the same problem
    p = np.array(P3)
    assert pm.log_loss(Y3, np.column_stack([1 - p, p])) == pytest.approx(
        LOG_LOSS_3, rel=1e-15
    )


def test_log_loss_edges_are_exact():
    assert (
        pm.log_loss([1, 0], [1.0, 0.0]) == 0.0
    )  # certain and right: no loss, not -0.0
    assert math.copysign(1.0, pm.log_loss([1, 0], [1.0, 0.0])) == 1.0
    assert pm.log_loss([1, 0], [0.0, 0.5]) == math.inf  # certain and wrong: -log 0
    assert pm.log_loss([0, 1], [[0.0, 1.0], [1.0, 0.0]]) == math.inf
    assert pm.log_loss([0], [[1.0, 0.0]]) == 0.0
    assert pm.log_loss([1], [1e-300]) == pytest.approx(
        300 * math.log(10)
    )  # no clipping
    assert pm.normalized_entropy([1, 0], [0.0, 0.5]) == math.inf


def test_scikit_learn_clips_where_we_do_not():
    """Documented difference: scikit-learn 1.9.1 clips to [eps, 1 - eps] (eps =
    2.2e-16)."""
    # probability 0 for the true class: we return inf, scikit-learn -log(eps) = 36.04
    assert skm.log_loss([1, 0], [0.0, 0.5], labels=[0, 1]) == pytest.approx(
        (-math.log(EPS) + math.log(2)) / 2
    )
    assert skm.log_loss([1], [0.0], labels=[0, 1]) == pytest.approx(36.04365338911715)
    assert pm.log_loss([1], [0.0]) == math.inf
    # probability 1 for the true class: we return exactly 0, scikit-learn about eps
    assert skm.log_loss([1, 0], [1.0, 0.0]) == pytest.approx(EPS, rel=1e-6)
    assert pm.log_loss([1, 0], [1.0, 0.0]) == 0.0
    # below eps scikit-learn's clip binds, ours keeps the true value
    assert pm.log_loss([1], [1e-20]) == pytest.approx(20 * math.log(10))
    assert skm.log_loss([1], [1e-20], labels=[0, 1]) == pytest.approx(-math.log(EPS))
    # inside [1e-6, 1 - 1e-6] both agree to the last bits
    assert pm.log_loss([1, 0], [1e-6, 1 - 1e-6]) == pytest.approx(
        skm.log_loss([1, 0], [1e-6, 1 - 1e-6]), rel=1e-12
    )


def test_default_log_loss_by_hand():
    expected = -(0.75 * math.log(0.75) + 0.25 * math.log(0.25))
    assert pm.default_log_loss([0, 0, 0, 1]) == pytest.approx(expected, rel=1e-15)
    assert pm.default_log_loss(["a", "b", "c"]) == pytest.approx(math.log(3), rel=1e-15)
    assert pm.default_log_loss([1, 1, 1]) == 0.0
    assert math.copysign(1.0, pm.default_log_loss([1])) == 1.0  # +0.0, not -0.0
    assert pm.default_log_loss([True, False]) == pytest.approx(math.log(2))


def test_default_is_log_loss_of_the_base_rate():
    y = [0, 1, 1, 0, 0, 0, 1, 0]  # base rate 3/8: entropy of (3/8, 5/8)
    entropy = -(3 / 8 * math.log(3 / 8) + 5 / 8 * math.log(5 / 8))
    assert pm.default_log_loss(y) == pytest.approx(entropy, rel=1e-14)
    assert pm.log_loss(y, [3 / 8] * len(y)) == pytest.approx(entropy, rel=1e-14)
    y3 = [0, 2, 2, 1, 2, 0]  # frequencies 2/6, 1/6, 3/6
    entropy3 = -sum(f * math.log(f) for f in (2 / 6, 1 / 6, 3 / 6))
    q = [[2 / 6, 1 / 6, 3 / 6]] * len(y3)
    assert pm.default_log_loss(y3) == pytest.approx(entropy3, rel=1e-14)
    assert pm.log_loss(y3, q) == pytest.approx(entropy3, rel=1e-14)


def test_pcoc_by_hand():
    assert pm.pcoc([1, 0, 0, 0], [0.4, 0.2, 0.1, 0.1]) == pytest.approx(0.8)
    assert pm.pcoc([1, 1, 0, 0], [0.5, 0.5, 0.5, 0.5]) == pytest.approx(1.0)
    # weights: (2*.4 + .2 + .1 + .1) / (2*1) = 1.2 / 2
    assert pm.pcoc(
        [1, 0, 0, 0], [0.4, 0.2, 0.1, 0.1], sample_weight=[2, 1, 1, 1]
    ) == pytest.approx(0.6)
    assert type(pm.pcoc([1], [0.5])) is float


def test_brier_and_normalized_entropy_by_hand():
    assert pm.brier_score(Y3, P3) == pytest.approx((0.01 + 0.04 + 0.16) / 3)
    assert pm.brier_score([0, 1], [0.5, 0.5]) == pytest.approx(0.25)
    assert pm.brier_score([0, 1], [0.0, 1.0]) == 0.0
    base = 2 / 3
    h = -(base * math.log(base) + (1 - base) * math.log(1 - base))
    assert pm.normalized_entropy(Y3, P3) == pytest.approx(LOG_LOSS_3 / h, rel=1e-14)
    assert pm.normalized_entropy([1, 0, 0, 0], [0.25] * 4) == pytest.approx(
        1.0, rel=1e-14
    )


def test_seed_003_binary_formula_and_extra_one_over_c():
    """Seed 003: the binary formula is the standard one; the multi-class one divides by
    C as well."""
    y, p = np.array(Y3), np.array(P3)
    note_binary = book.notes.binary_log_loss_note003(y, p)
    assert note_binary == pytest.approx(LOG_LOSS_3, rel=1e-15)
    proba = np.column_stack([1 - p, p])
    note_multi = book.notes.multiclass_log_loss_note003(y, proba)
    assert note_multi == pytest.approx(
        LOG_LOSS_3 / 2, rel=1e-15
    )  # half the binary value at C = 2


# ---- oracles: scikit-learn and SciPy -------------------------------------------------

probabilities = hst.one_of(
    hst.floats(1e-6, 1 - 1e-6),
    hst.sampled_from(
        [1e-6, 1 - 1e-6, 0.5, 0.1, 0.9]
    ),  # edges of the agreed range, heavy ties
)


@hst.composite
def binary_case(draw):
    n = draw(hst.integers(1, 60))
    y = draw(hst.lists(hst.integers(0, 1), min_size=n, max_size=n))
    p = draw(hst.lists(probabilities, min_size=n, max_size=n))
    return y, p


@hst.composite
def multiclass_case(draw):
    n_classes = draw(hst.integers(2, 6))
    n = draw(hst.integers(1, 40))
    y = draw(hst.lists(hst.integers(0, n_classes - 1), min_size=n, max_size=n))
    raw = np.array(
        draw(
            hst.lists(
                hst.lists(hst.floats(1.0, 1e4), min_size=n_classes, max_size=n_classes),
                min_size=n,
                max_size=n,
            )
        )
    )
    return y, raw / raw.sum(axis=1, keepdims=True), n_classes


@given(binary_case())
def test_log_loss_binary_vs_sklearn(case):
    y, p = case
    assert pm.log_loss(y, p) == pytest.approx(
        skm.log_loss(y, p, labels=[0, 1]), rel=1e-12, abs=1e-15
    )


@given(multiclass_case())
def test_log_loss_multiclass_vs_sklearn(case):
    y, proba, n_classes = case
    expected = skm.log_loss(y, proba, labels=list(range(n_classes)))
    assert pm.log_loss(y, proba) == pytest.approx(expected, rel=1e-12, abs=1e-15)
    assert pm.log_loss(y, proba.tolist()) == pytest.approx(
        expected, rel=1e-12, abs=1e-15
    )


@given(hst.lists(hst.integers(0, 4), min_size=1, max_size=200))
def test_default_log_loss_vs_scipy_entropy(y):
    _, counts = np.unique(y, return_counts=True)
    assert pm.default_log_loss(y) == pytest.approx(
        st.entropy(counts), rel=1e-12, abs=1e-15
    )


@given(binary_case())
def test_default_log_loss_is_the_best_constant(case):
    y, p = case
    base_rate = sum(y) / len(y)
    best = st.entropy([base_rate, 1 - base_rate])  # the log loss of the base rate
    assert pm.default_log_loss(y) == pytest.approx(best, rel=1e-12, abs=1e-15)
    assert pm.log_loss(y, np.full(len(y), base_rate)) == pytest.approx(
        best, rel=1e-12, abs=1e-15
    )
    # any other constant does no better (p[0] in [1e-6, 1 - 1e-6]: no clipping)
    other = skm.log_loss(y, np.full(len(y), p[0]), labels=[0, 1])
    assert other >= pm.default_log_loss(y) - 1e-12


@given(binary_case())
def test_brier_vs_sklearn(case):
    y, p = case
    assert pm.brier_score(y, p) == pytest.approx(
        skm.brier_score_loss(y, p, labels=[0, 1]), rel=1e-12, abs=1e-15
    )


@given(binary_case(), hst.data())
def test_pcoc_vs_repeated_rows(case, data):
    """Integer weights are the same as repeating rows: PCOC = mean(p) / mean(y) on the
    repeated data."""
    y, p = case
    if sum(y) == 0:
        y[0] = 1
    w = data.draw(hst.lists(hst.integers(1, 5), min_size=len(y), max_size=len(y)))
    y_rep, p_rep = np.repeat(y, w), np.repeat(p, w)
    assert pm.pcoc(y, p, sample_weight=w) == pytest.approx(
        np.mean(p_rep) / np.mean(y_rep), rel=1e-12
    )
    assert pm.pcoc(y, p) == pytest.approx(np.sum(p) / np.sum(y), rel=1e-12)


@given(binary_case())
def test_normalized_entropy_vs_sklearn_and_scipy(case):
    y, p = case
    if 0 < sum(y) < len(y):
        base = np.mean(y)
        expected = skm.log_loss(y, p, labels=[0, 1]) / st.entropy([base, 1 - base])
        assert pm.normalized_entropy(y, p) == pytest.approx(expected, rel=1e-12)
    else:
        with pytest.raises(ValueError, match="y_true"):
            pm.normalized_entropy(y, p)


def test_large_input():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200_000)
    p = rng.uniform(1e-6, 1 - 1e-6, 200_000)
    assert pm.log_loss(y, p) == pytest.approx(skm.log_loss(y, p), rel=1e-12)
    assert pm.brier_score(y, p) == pytest.approx(skm.brier_score_loss(y, p), rel=1e-12)


# ---- bad input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "func", [pm.log_loss, pm.brier_score, pm.normalized_entropy, pm.pcoc]
)
@pytest.mark.parametrize("y, p, error, match", BAD_BINARY_PROBABILITIES)
def test_bad_binary_input(func, y, p, error, match):
    with pytest.raises(error, match=match):
        func(y, p)


@pytest.mark.parametrize(
    "y, proba, match",
    [
        (
            [0, 3],
            [[0.5, 0.5, 0.0], [0.2, 0.3, 0.5]],
            "y_true must hold integer class indices 0..2",
        ),
        (
            [0, -1, 1],
            [[0.5, 0.5], [0.5, 0.5], [0.5, 0.5]],
            "y_true must hold integer class indices 0..1.*pass labels=",
        ),
        ([0, 1.5], [[0.5, 0.5], [0.5, 0.5]], "y_true holds non-integer values"),
        (["a", "b", "c"], [[0.5, 0.5]] * 3, "y_true .*3 classes, as strings"),
        ([0, 1], [[0.5, 0.4], [0.5, 0.5]], "y_proba rows must sum to 1"),
        ([0, 1], [[2.0, -1.0], [0.5, 0.5]], "y_proba must hold probabilities"),
        ([0, 0], [[1.0], [1.0]], r"y_proba has one column.*y_proba\.ravel\(\)"),
        ([0, 1], [[0.5, 0.5], [1.0]], "y_proba must be a rectangular array"),
        ([0, 1, 0], [[0.5, 0.5], [0.5, 0.5]], "length mismatch"),
        ([0, 1], [[0.5, math.nan], [0.5, 0.5]], "y_proba contains NaN"),
        ([0, 1], np.zeros((0, 2)), "y_proba is empty"),
        ([0, 1], np.full((2, 2, 2), 0.25), "y_proba must be 1-dimensional"),
    ],
)
def test_bad_multiclass_input(y, proba, match):
    with pytest.raises(ValueError, match=match):
        pm.log_loss(y, proba)


def test_row_sum_tolerance_is_documented_value():
    assert pm.ROW_SUM_TOLERANCE == 1e-6
    assert pm.log_loss([0], [[0.5 + 9e-7, 0.5]]) == pytest.approx(-math.log(0.5 + 9e-7))
    with pytest.raises(ValueError, match="y_proba rows must sum to 1 .within 1e-06"):
        pm.log_loss([0], [[0.5 + 2e-6, 0.5]])
    with pytest.raises(
        ValueError, match=r"row 1 sums to 0\.9$"
    ):  # a plain float, no np.float64(...)
        pm.log_loss([0, 0], [[0.5, 0.25, 0.25], [0.5, 0.3, 0.1]])


def test_pcoc_needs_positives_and_valid_weights():
    with pytest.raises(ValueError, match="y_true has no positives"):
        pm.pcoc([0, 0], [0.1, 0.2])
    with pytest.raises(ValueError, match="y_true has no positives"):
        pm.pcoc(
            [1, 0], [0.1, 0.2], sample_weight=[0, 1]
        )  # the only positive weighs nothing
    with pytest.raises(ValueError, match="sample_weight contains negative"):
        pm.pcoc([1, 0], [0.1, 0.2], sample_weight=[1, -1])
    with pytest.raises(ValueError, match="sample_weight sums to zero"):
        pm.pcoc([1, 0], [0.1, 0.2], sample_weight=[0, 0])
    with pytest.raises(ValueError, match="sample_weight has length"):
        pm.pcoc([1, 0], [0.1, 0.2], sample_weight=[1])


def test_normalized_entropy_one_class():
    for y in ([1, 1], [0, 0, 0]):
        with pytest.raises(ValueError, match="y_true holds one class only"):
            pm.normalized_entropy(y, [0.5] * len(y))
    with pytest.raises(ValueError, match="y_true holds one class only"):
        pm.normalized_entropy([2, 2], [[0.2, 0.3, 0.5]] * 2)


def test_default_log_loss_bad_input():
    with pytest.raises(ValueError, match="y_true is empty"):
        pm.default_log_loss([])
    with pytest.raises(ValueError, match="y_true contains NaN"):
        pm.default_log_loss([0.0, math.nan])
    with pytest.raises(TypeError, match="y_true"):
        pm.default_log_loss(None)


# ---- moved from the review-round files: chapter 8's overconfident model


def test_overconfident_model_ranks_as_the_true_one_in_the_chapter_table():
    """Chapter 8's data (SEED 5): the overconfident model expit(2.5 z + 1.5) ranks the
    test half exactly as the true probabilities; the package's AUC and log loss are
    the numbers of the chapter's table (read from the stored notebook)."""
    import json

    from scipy.special import expit

    from conftest import BOOK

    rng = np.random.default_rng(5)
    n = 20_000
    z = rng.normal(-1.5, 1.2, n)
    y = (rng.random(n) < expit(z)).astype(int)
    test = np.arange(n) >= n // 2
    true, over = expit(z[test]), expit(2.5 * z[test] + 1.5)
    auc = pm.roc_auc(y[test], true)
    assert pm.roc_auc(y[test], over) == auc  # the same ranking, the same exact U
    nb = json.loads((BOOK / "08-probabilistic.ipynb").read_text(encoding="utf-8"))
    out = "\n".join(
        "".join(o.get("data", {}).get("text/markdown", ""))
        for c in nb["cells"]
        for o in c.get("outputs", [])
    )
    for name, p in (("true", true), ("overconfident", over)):
        loss = pm.log_loss(y[test], p)
        assert f"| {name} | {auc:.4f} | {loss:.4f} |" in out


# ---- labels, weights, odd inputs (third edition) -------------------------------------

BINARY_PAIRS = [(0, 1), (1, 2), (-1, 1), ("ham", "spam"), (False, True)]


@hst.composite
def binary_case(draw):
    """(y_true, p = P(pos_label), pos_label, negative label, weights or None)."""
    a, b = draw(hst.sampled_from(BINARY_PAIRS), label="labels")
    pos, neg = draw(hst.sampled_from([(a, b), (b, a)]), label="pos, neg")
    n = draw(hst.integers(2, 12), label="n")
    y = draw(hst.lists(hst.sampled_from([a, b]), min_size=n, max_size=n), label="y")
    p = draw(hst.lists(hst.floats(0.01, 0.99), min_size=n, max_size=n), label="p")
    w = draw(
        hst.none()
        | hst.lists(
            hst.integers(0, 3) | hst.floats(0.0, 4.0), min_size=n, max_size=n
        ).filter(lambda ws: sum(ws) > 0),
        label="sample_weight",
    )
    return y, p, pos, neg, w


@given(case=binary_case())
def test_binary_pos_label_and_weights_as_scikit_learn(case):
    y, p, pos, neg, w = case
    # scikit-learn's 1-D y_pred is the probability of the larger label
    p_larger = p if pos == max(pos, neg) else [1 - v for v in p]
    expected = skm.log_loss(y, p_larger, sample_weight=w, labels=sorted([pos, neg]))
    got = pm.log_loss(y, p, pos_label=pos, sample_weight=w)
    assert math.isclose(got, expected, rel_tol=1e-12), (got, expected)
    expected = skm.brier_score_loss(y, p, pos_label=pos, sample_weight=w)
    got = pm.brier_score(y, p, pos_label=pos, sample_weight=w)
    assert math.isclose(got, expected, rel_tol=1e-12, abs_tol=1e-15), (got, expected)
    if pos in y:
        pos_weight = sum(wi for wi, yi in zip(w or [1] * len(y), y) if yi == pos)
        if pos_weight > 0:
            expected = np.average(p, weights=w) / np.average(
                [yi == pos for yi in y], weights=w
            )
            got = pm.pcoc(y, p, pos_label=pos, sample_weight=w)
            assert math.isclose(got, expected, rel_tol=1e-12)


@hst.composite
def matrix_case(draw):
    """(y_true, P, labels for the columns or None, weights or None)."""
    classes = draw(
        hst.sampled_from([["a", "b", "c"], [3, 5, 9], ["x", "y"], [0, 1, 2, 3]])
    )
    n = draw(hst.integers(2, 12), label="n")
    y = draw(hst.lists(hst.sampled_from(classes), min_size=n, max_size=n), label="y")
    raw = draw(
        hst.lists(
            hst.lists(
                hst.floats(0.05, 1.0), min_size=len(classes), max_size=len(classes)
            ),
            min_size=n,
            max_size=n,
        ),
        label="raw",
    )
    proba = (np.array(raw) / np.array(raw).sum(axis=1, keepdims=True)).tolist()
    labels = None if set(y) == set(classes) else classes
    w = draw(
        hst.none()
        | hst.lists(hst.integers(0, 3), min_size=n, max_size=n).filter(
            lambda ws: sum(ws) > 0
        ),
        label="sample_weight",
    )
    return y, proba, labels, w


@given(case=matrix_case())
def test_probability_matrix_labels_and_weights_as_scikit_learn(case):
    y, proba, labels, w = case
    expected = skm.log_loss(y, proba, labels=labels, sample_weight=w)
    got = pm.log_loss(y, proba, labels=labels, sample_weight=w)
    assert math.isclose(got, expected, rel_tol=1e-12), (got, expected)
    expected = skm.brier_score_loss(y, proba, labels=labels, sample_weight=w)
    got = pm.brier_score(y, proba, labels=labels, sample_weight=w)
    assert math.isclose(got, expected, rel_tol=1e-12, abs_tol=1e-15), (got, expected)


@given(case=binary_case(), data=hst.data())
def test_integer_weights_are_repeated_rows(case, data):
    y, p, pos, _, _ = case
    w = data.draw(
        hst.lists(hst.integers(0, 3), min_size=len(y), max_size=len(y)).filter(
            lambda ws: sum(ws) > 0
        )
    )
    y_rep = [v for v, k in zip(y, w) for _ in range(k)]
    p_rep = [v for v, k in zip(p, w) for _ in range(k)]
    for func in (pm.log_loss, pm.brier_score):
        assert math.isclose(
            func(y, p, pos_label=pos, sample_weight=w),
            func(y_rep, p_rep, pos_label=pos),
            rel_tol=1e-12,
            abs_tol=1e-15,
        )


def test_string_classes_of_a_probability_matrix():
    proba = [[0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.2, 0.5, 0.3]]
    y = ["cat", "dog", "bird"]  # sorted classes: bird, cat, dog
    assert pm.true_class_probability(y, proba).tolist() == [0.2, 0.6, 0.2]
    named = pm.true_class_probability(y, proba, labels=["cat", "bird", "dog"])
    assert named.tolist() == [0.7, 0.6, 0.5]
    with pytest.raises(
        ValueError, match=r"y_true holds classes that are not in labels"
    ):
        pm.log_loss(y, proba, labels=["cat", "dog", "cow"])
    with pytest.raises(ValueError, match="labels names 2 classes but y_proba has 3"):
        pm.log_loss(y, proba, labels=["cat", "dog"])
    with pytest.raises(ValueError, match="with 1-D y_proba .* pass pos_label"):
        pm.log_loss([0, 1], [0.2, 0.7], labels=[0, 1])


@pytest.mark.parametrize("func", [pm.log_loss, pm.brier_score, pm.pcoc])
def test_messages_say_the_fix(func):
    with pytest.raises(ValueError, match="did you swap y_true and y_proba"):
        func([0.2, 0.9, 0.4], [0, 1, 1])
    with pytest.raises(ValueError, match=r"y_proba\.ravel\(\)"):
        func([0, 1], [[0.2], [0.9]])
    with pytest.raises(ValueError, match=r"pos_label=.*'spam'"):
        func(["ham", "spam"], [0.2, 0.9])


def test_pcoc_asks_for_the_positive_column():
    with pytest.raises(ValueError, match=r"y_proba\[:, 1\]"):
        pm.pcoc([0, 1], [[0.8, 0.2], [0.1, 0.9]])


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_half_and_single_precision_probabilities(dtype):
    y, p = [0, 1, 1, 0], [0.25, 0.75, 0.5, 0.125]  # exact in float16
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for func in (pm.log_loss, pm.brier_score, pm.pcoc, pm.normalized_entropy):
            assert func(y, np.array(p, dtype=dtype)) == func(y, p)
            assert func(y, [dtype(v) for v in p]) == func(y, p)


@pytest.mark.skipif(
    np.finfo(np.longdouble).eps == EPS, reason="np.longdouble is float64 here"
)
def test_extended_precision_beyond_float64_is_an_error():
    tiny = np.array([np.longdouble("1e-400"), 0.5], dtype=np.longdouble)
    with pytest.raises(ValueError, match="y_proba holds a non-zero number too small"):
        pm.log_loss([1, 1], tiny)
    near_one = np.array([0.5, 1 - np.longdouble("1e-19")], dtype=np.longdouble)
    with pytest.raises(ValueError, match="y_proba holds probabilities closer to 1"):
        pm.log_loss([0, 0], near_one)
