"""Multi-class scores (multiclass.py, chapter 7): one-vs-rest and one-vs-one ROC AUC,
top-k accuracy.

Hand values; oracles: scikit-learn's ``roc_auc_score`` (``multi_class="ovr"`` and
``"ovo"``, macro and weighted) and ``top_k_accuracy_score`` with tied scores, and
for two classes the binary AUC; bad input."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn import metrics as skm

import pedagogy_metrics as pm

# ---- data ---------------------------------------------------------------------------


@st.composite
def multiclass(draw, *, min_classes=3, max_classes=5, every_class=True):
    """(class indices, (n, C) probability rows): rows of small whole numbers divided by
    their sum, so that columns hold many ties."""
    n_classes = draw(st.integers(min_classes, max_classes))
    n = draw(st.integers(n_classes if every_class else 1, 30))
    y = draw(st.lists(st.integers(0, n_classes - 1), min_size=n, max_size=n))
    if every_class:  # every class occurs at least once, at random places
        places = draw(st.permutations(range(n)))
        for k in range(n_classes):
            y[places[k]] = k
    grid = draw(st.sampled_from([[0, 1], [0, 1, 2, 3], list(range(1, 50))]))
    rows = draw(
        st.lists(
            st.lists(st.sampled_from(grid), min_size=n_classes, max_size=n_classes),
            min_size=n,
            max_size=n,
        )
    )
    counts = np.array(rows, dtype=float)
    counts[counts.sum(axis=1) == 0] = 1.0  # an all-zero row becomes uniform
    return np.array(y), counts / counts.sum(axis=1, keepdims=True)


def _quiet(func, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


# ---- hand values --------------------------------------------------------------------

Y4 = [0, 1, 2, 2]
P4 = [[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3]]


def test_one_vs_rest_by_hand():
    # class 0: 0.6 above 0.2, 0.1, 0.3 -> 1; class 1: 0.5 above 0.3, 0.3, 0.4 -> 1;
    # class 2: positives 0.6, 0.3 against 0.1, 0.3: 3.5 of 4 pairs -> 0.875
    assert pm.roc_auc_ovr(Y4, P4) == pytest.approx((1 + 1 + 0.875) / 3, rel=1e-15)
    weighted = (1 * 1 + 1 * 1 + 2 * 0.875) / 4  # class sizes 1, 1, 2
    assert pm.roc_auc_ovr(Y4, P4, average="weighted") == weighted


def test_one_vs_one_by_hand():
    # pair (1, 2), cases 1, 2, 3: A(1|2) = 1 (0.5 above 0.3 and 0.4);
    # A(2|1): 0.6 above 0.3, 0.3 tied with 0.3 -> 0.75; the pair scores 0.875
    # pairs (0, 1) and (0, 2) score 1
    assert pm.roc_auc_ovo(Y4, P4) == pytest.approx((1 + 1 + 0.875) / 3, rel=1e-15)
    # weighted by (n_j + n_k) / n: 2/4, 3/4, 3/4
    weighted = (0.5 * 1 + 0.75 * 1 + 0.75 * 0.875) / 2
    assert pm.roc_auc_ovo(Y4, P4, average="weighted") == pytest.approx(weighted)


def test_ovr_depends_on_the_class_balance_ovo_does_not():
    """Hand & Till's point: duplicating the cases of class 2 moves the one-vs-rest
    macro average (class 0's "rest" now has more class-2 cases) but leaves every
    pairwise AUC, and so one-vs-one, unchanged."""
    y = [0, 0, 1, 1, 2, 2]
    p = [  # column 0 tells class 0 from class 1 perfectly, from class 2 by chance
        [0.5, 0.2, 0.3],
        [0.4, 0.3, 0.3],
        [0.1, 0.6, 0.3],
        [0.2, 0.5, 0.3],
        [0.6, 0.1, 0.3],
        [0.3, 0.2, 0.5],
    ]
    y2, p2 = y + [2, 2] * 3, p + p[4:] * 3
    assert pm.roc_auc_ovo(y2, p2) == pytest.approx(pm.roc_auc_ovo(y, p), rel=1e-15)
    assert pm.roc_auc_ovr(y2, p2) != pytest.approx(pm.roc_auc_ovr(y, p), rel=1e-6)


def test_top_k_by_hand_with_ties():
    y = [0, 1, 2, 2]
    s = [[0.5, 0.2, 0.3], [0.5, 0.2, 0.3], [0.2, 0.2, 0.6], [0.4, 0.3, 0.3]]
    assert pm.top_k_accuracy(y, s, k=1) == 0.5  # cases 0 and 2
    # case 3: classes 1 and 2 tie at 0.3; the higher index ranks first, so class 2
    # is second and counts at k = 2; case 1's class 1 is last
    assert pm.top_k_accuracy(y, s, k=2) == 0.75
    assert pm.top_k_accuracy(y, s, k=3) == 1.0
    assert pm.top_k_accuracy(y, s, k=10**6) == 1.0
    # a full tie: the order is 2, 1, 0
    assert pm.top_k_accuracy([2, 1, 0], [[1, 1, 1]] * 3, k=1) == 1 / 3
    assert pm.top_k_accuracy([2, 1, 0], [[1, 1, 1]] * 3, k=2) == 2 / 3


def test_top_k_keeps_distinct_int64_scores_apart():
    big = 2**63 - 10
    s = np.array([[big, big + 1, big - 1], [big + 2, big, big + 1]], dtype=np.int64)
    cols = dict(labels=[0, 1, 2])
    assert pm.top_k_accuracy([0, 0], s, k=1, **cols) == 0.5
    assert pm.top_k_accuracy([0, 0], s, k=2, **cols) == 1.0
    assert pm.top_k_accuracy([0, 0], s.astype(float), k=1, **cols) == 0.0  # ties


# ---- oracles ------------------------------------------------------------------------


@given(multiclass(), st.sampled_from(["macro", "weighted"]))
def test_roc_auc_ovr_equals_sklearn(data, average):
    y, p = data
    want = skm.roc_auc_score(y, p, multi_class="ovr", average=average)
    got = pm.roc_auc_ovr(y, p, average=average)
    assert got == pytest.approx(want, rel=1e-12, abs=1e-15)


@given(multiclass(), st.sampled_from(["macro", "weighted"]))
def test_roc_auc_ovo_equals_sklearn(data, average):
    y, p = data
    want = skm.roc_auc_score(y, p, multi_class="ovo", average=average)
    got = pm.roc_auc_ovo(y, p, average=average)
    assert got == pytest.approx(want, rel=1e-12, abs=1e-15)


@given(multiclass(min_classes=2, max_classes=2))
def test_two_classes_reduce_to_the_binary_auc(data):
    """scikit-learn takes only 1-D scores for two classes; here each column's AUC."""
    y, p = data
    a0, a1 = pm.roc_auc(y == 0, p[:, 0]), pm.roc_auc(y == 1, p[:, 1])
    n0, n1 = int((y == 0).sum()), int((y == 1).sum())
    assert pm.roc_auc_ovr(y, p) == pytest.approx((a0 + a1) / 2, rel=1e-15)
    assert pm.roc_auc_ovo(y, p) == pytest.approx((a0 + a1) / 2, rel=1e-15)
    weighted = (n0 * a0 + n1 * a1) / (n0 + n1)
    assert pm.roc_auc_ovr(y, p, average="weighted") == pytest.approx(weighted)
    assert pm.roc_auc_ovo(y, p, average="weighted") == pytest.approx((a0 + a1) / 2)


@st.composite
def scored(draw):
    """(class indices, (n, C) scores): probabilities, heavy integer ties or floats of
    any sign; some classes may be absent from y_true."""
    y, p = draw(multiclass(every_class=False))
    kind = draw(st.sampled_from(["proba", "ties", "floats"]))
    if kind == "ties":
        values = st.integers(-2, 2)
    elif kind == "floats":
        values = st.floats(-1e6, 1e6)
    else:
        return y, p
    s = draw(
        st.lists(
            st.lists(values, min_size=p.shape[1], max_size=p.shape[1]),
            min_size=len(y),
            max_size=len(y),
        )
    )
    return y, np.array(s)


@given(scored(), st.integers(1, 6))
def test_top_k_accuracy_equals_sklearn_with_ties(data, k):
    y, s = data
    n_classes = s.shape[1]
    want = _quiet(skm.top_k_accuracy_score, y, s, k=k, labels=range(n_classes))
    assert pm.top_k_accuracy(y, s, k=k, labels=range(n_classes)) == want


@given(multiclass(min_classes=2, max_classes=2, every_class=False), st.integers(1, 3))
def test_top_k_with_two_classes_equals_sklearn_with_a_last_column(data, k):
    """scikit-learn reads 2-column scores as binary; a third column scoring below all
    others changes no rank among the first two."""
    y, p = data
    padded = np.c_[p, np.full(len(y), -1.0)]
    want = _quiet(skm.top_k_accuracy_score, y, padded, k=min(k, 2), labels=range(3))
    assert pm.top_k_accuracy(y, p, k=k, labels=range(2)) == want


@given(scored())
def test_top_1_is_the_accuracy_of_the_argmax_with_ties_to_the_highest_index(data):
    y, s = data
    last_argmax = s.shape[1] - 1 - np.argmax(s[:, ::-1], axis=1)
    labels = range(s.shape[1])
    assert pm.top_k_accuracy(y, s, k=1, labels=labels) == pm.accuracy(y, last_argmax)


# ---- bad input ----------------------------------------------------------------------

AUCS = [pm.roc_auc_ovr, pm.roc_auc_ovo]


@pytest.mark.parametrize("func", AUCS, ids=lambda f: f.__name__)
def test_auc_bad_input(func):
    with pytest.raises(ValueError, match=r"y_true holds 2 classes \[0, 1\], but y_pro"):
        func([0, 1, 1], [[0.5, 0.5, 0.0]] * 3)
    with pytest.raises(ValueError, match=r"the class of column 2 of y_proba never"):
        func([0, 1, 1], [[0.5, 0.5, 0.0]] * 3, labels=[0, 1, 2])
    with pytest.raises(ValueError, match="y_proba rows must sum to 1"):
        func([0, 1, 2], [[0.5, 0.6, 0.0]] * 3)
    with pytest.raises(ValueError, match="y_proba must hold probabilities"):
        func([0, 1, 2], [[1.5, -0.5, 0.0]] * 3)
    with pytest.raises(ValueError, match="y_proba must be 2-dimensional"):
        func([0, 1, 2], [0.2, 0.3, 0.5])
    with pytest.raises(ValueError, match=r"y_true holds labels that are not in labels"):
        func([0, 1, 3], [[0.2, 0.3, 0.5]] * 3, labels=[0, 1, 2])
    with pytest.raises(ValueError, match="labels names 2 classes, but y_proba has 3"):
        func([0, 1, 2], [[0.2, 0.3, 0.5]] * 3, labels=[0, 1])
    with pytest.raises(ValueError, match="labels must be distinct"):
        func([0, 1, 2], [[0.2, 0.3, 0.5]] * 3, labels=[0, 1, 1])
    with pytest.raises(TypeError, match="y_true and labels must both hold numbers"):
        func([0, 1, 2], [[0.2, 0.3, 0.5]] * 3, labels=["a", "b", "c"])
    with pytest.raises(
        ValueError, match="length mismatch: y_true has 2, y_proba has 3"
    ):
        func([0, 1], [[0.2, 0.3, 0.5]] * 3)
    with pytest.raises(ValueError, match="average must be one of"):
        func(Y4, P4, average="micro")
    with pytest.raises(TypeError, match="y_proba is a NumPy masked array"):
        func(Y4, np.ma.array(P4))
    with pytest.raises(ValueError, match="y_proba contains NaN"):
        func(Y4, [[math.nan, 0.5, 0.5], *P4[1:]])


def test_top_k_bad_input():
    s = [[0.2, 0.3, 0.5]] * 3
    with pytest.raises(ValueError, match="k must be >= 1, got 0"):
        pm.top_k_accuracy([0, 1, 2], s, k=0)
    with pytest.raises(TypeError, match="k must be an integer, got str"):
        pm.top_k_accuracy([0, 1, 2], s, k="2")
    with pytest.raises(ValueError, match=r"y_true holds labels that are not in labels"):
        pm.top_k_accuracy([0, 1, 3], s, labels=[0, 1, 2])
    with pytest.raises(
        ValueError, match=r"y_true holds 2 classes .* labels=\[\.\.\.\]"
    ):
        pm.top_k_accuracy([0, 1, 1], s)
    with pytest.raises(ValueError, match="y_score must have one column per class"):
        pm.top_k_accuracy([0, 0], [[1.0], [2.0]])
    with pytest.raises(ValueError, match="y_score must be 2-dimensional"):
        pm.top_k_accuracy([0, 1], [0.2, 0.8])
    with pytest.raises(ValueError, match="y_score contains inf"):
        pm.top_k_accuracy([0, 1, 2], [[math.inf, 0, 0], *s[1:]])
    with pytest.raises(
        ValueError, match="length mismatch: y_true has 2, y_score has 3"
    ):
        pm.top_k_accuracy([0, 1], s)
    with pytest.raises(TypeError, match="y_score must hold real numbers"):
        pm.top_k_accuracy([0, 1], [["a", "b"], ["c", "d"]])


def test_every_pair_is_scored_once():
    """M averages the C(C-1)/2 pairs: with every pairwise AUC 1, M = 1 for any C; one
    pair reversed out of three gives (1 + 1 + 0) / 3."""
    for n_classes in (2, 3, 6):
        assert pm.roc_auc_ovo(range(n_classes), np.eye(n_classes)) == 1.0
    # columns 1 and 2 favour the wrong one of classes 1 and 2: that pair scores 0
    p = [[1.0, 0.0, 0.0], [0.0, 0.1, 0.9], [0.0, 0.9, 0.1]]
    assert pm.roc_auc_ovo([0, 1, 2], p) == pytest.approx(2 / 3, rel=1e-15)


# ---- labels and weights -------------------------------------------------------------


@given(multiclass(), st.sampled_from(["macro", "weighted"]))
def test_string_classes_and_permuted_labels_equal_sklearn(data, average):
    """Classes named by strings; the columns in any order named by labels."""
    y, p = data
    names = np.array([f"class {k}" for k in range(p.shape[1])])
    y_str = names[y]
    for func, mc in ((pm.roc_auc_ovr, "ovr"), (pm.roc_auc_ovo, "ovo")):
        want = skm.roc_auc_score(y_str, p, multi_class=mc, average=average)
        assert func(y_str, p, average=average) == pytest.approx(want, rel=1e-12)
        perm = np.random.default_rng(len(y)).permutation(p.shape[1])
        got = func(y_str, p[:, perm], average=average, labels=names[perm])
        assert got == pytest.approx(want, rel=1e-12)


@given(scored(), st.integers(1, 4))
def test_top_k_with_string_labels_equals_sklearn(data, k):
    y, s = data
    names = np.array([f"c{j:02d}" for j in range(s.shape[1])])
    want = _quiet(skm.top_k_accuracy_score, names[y], s, k=k, labels=names)
    assert pm.top_k_accuracy(names[y], s, k=k, labels=names) == want


@given(
    multiclass(),
    st.sampled_from(["macro", "weighted"]),
    st.lists(st.integers(0, 3), min_size=200, max_size=200),
)
def test_roc_auc_ovr_weighted_equals_sklearn_and_repeated_rows(data, average, counts):
    y, p = data
    w = np.array(counts[: len(y)], dtype=float)
    w[: p.shape[1]] += 1  # keeps every class with some weight (rows 0..C-1 differ)
    if any(w[y == k].sum() == 0 for k in range(p.shape[1])):
        return
    want = skm.roc_auc_score(y, p, multi_class="ovr", average=average, sample_weight=w)
    got = pm.roc_auc_ovr(y, p, average=average, sample_weight=w)
    assert got == pytest.approx(want, rel=1e-12)
    rows = np.repeat(np.arange(len(y)), w.astype(int))
    if all((y[rows] == k).any() for k in range(p.shape[1])):
        assert got == pytest.approx(pm.roc_auc_ovr(y[rows], p[rows], average=average))
