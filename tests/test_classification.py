"""Classification metrics: hand-computed values, scikit-learn as oracle, bad input."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given
from hypothesis import strategies as st

import pedagogy_metrics as pm

from conftest import stored_text

# ---- hand-computed values ------------------------------------------------------------

# A binary example small enough to count on paper:
#   truth      1 1 1 1 0 0 0 0 0 0
#   predicted  1 1 1 0 1 1 0 0 0 0
# TP = 3, FN = 1, FP = 2, TN = 4.
Y_TRUE = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
Y_PRED = [1, 1, 1, 0, 1, 1, 0, 0, 0, 0]


def test_binary_counts_by_hand():
    assert pm.binary_counts(Y_TRUE, Y_PRED) == (3, 2, 1, 4)
    counts = pm.binary_counts(Y_TRUE, Y_PRED)
    assert (counts.tp, counts.fp, counts.fn, counts.tn) == (3, 2, 1, 4)
    assert all(type(c) is int for c in counts)


def test_binary_ratios_by_hand():
    assert pm.accuracy(Y_TRUE, Y_PRED) == pytest.approx(7 / 10)
    assert pm.error_rate(Y_TRUE, Y_PRED) == pytest.approx(3 / 10)
    assert pm.precision(Y_TRUE, Y_PRED) == pytest.approx(3 / 5)
    assert pm.recall(Y_TRUE, Y_PRED) == pytest.approx(3 / 4)
    assert pm.f1(Y_TRUE, Y_PRED) == pytest.approx(2 * 3 / (2 * 3 + 1 + 2))  # 2/3
    # F2 = 5 TP / (5 TP + 4 FN + FP) = 15 / 21;
    # F0.5 = 1.25 TP / (1.25 TP + 0.25 FN + FP) = 3.75 / 6
    assert pm.f_beta(Y_TRUE, Y_PRED, beta=2.0) == pytest.approx(15 / 21)
    assert pm.f_beta(Y_TRUE, Y_PRED, beta=0.5) == pytest.approx(3.75 / 6.0)
    assert pm.f_beta(Y_TRUE, Y_PRED, beta=0.0) == pytest.approx(3 / 5)  # precision
    assert pm.f_beta(Y_TRUE, Y_PRED, beta=math.inf) == pytest.approx(3 / 4)  # recall
    for value in (pm.accuracy(Y_TRUE, Y_PRED), pm.f1(Y_TRUE, Y_PRED)):
        assert type(value) is float


def test_confusion_matrix_by_hand():
    assert pm.confusion_matrix(Y_TRUE, Y_PRED).tolist() == [[4, 2], [1, 3]]
    # rows = truth, columns = prediction, in the order of `labels`
    assert pm.confusion_matrix(Y_TRUE, Y_PRED, labels=[1, 0]).tolist() == [
        [3, 1],
        [2, 4],
    ]
    cm = pm.confusion_matrix(
        ["cat", "dog", "dog", "bird"], ["cat", "cat", "dog", "dog"]
    )
    assert cm.tolist() == [[0, 0, 1], [0, 1, 0], [0, 1, 1]]  # bird, cat, dog


def test_weighted_by_hand():
    w = [2, 1, 1, 1, 1, 1, 1, 1, 1, 3]
    # the first positive (found) weighs 2, the last negative (rightly rejected) weighs 3
    assert pm.binary_counts(Y_TRUE, Y_PRED, sample_weight=w) == (4.0, 2.0, 1.0, 6.0)
    assert pm.accuracy(Y_TRUE, Y_PRED, sample_weight=w) == pytest.approx(10 / 13)
    assert pm.confusion_matrix(Y_TRUE, Y_PRED, sample_weight=w).tolist() == [
        [6.0, 2.0],
        [1.0, 4.0],
    ]
    assert pm.precision(Y_TRUE, Y_PRED, sample_weight=w) == pytest.approx(4 / 6)


# Three classes, worked in chapter 2:
#   truth      a a a a b b b c c c
#   predicted  a a b c b b a c c a
# a: TP 2, FP 2, FN 2   b: TP 2, FP 1, FN 1   c: TP 2, FP 1, FN 1
T3 = list("aaaabbbccc")
P3 = list("aabcbbacca")


def test_multiclass_averages_by_hand():
    p_class = np.array([2 / 4, 2 / 3, 2 / 3])
    r_class = np.array([2 / 4, 2 / 3, 2 / 3])
    support = np.array([4, 3, 3])
    assert pm.precision(T3, P3, average="macro") == pytest.approx(p_class.mean())
    assert pm.recall(T3, P3, average="weighted") == pytest.approx(
        np.average(r_class, weights=support)
    )
    assert pm.precision(T3, P3, average="micro") == pytest.approx(6 / 10)
    assert pm.f1(T3, P3, average="micro") == pytest.approx(6 / 10)  # = accuracy
    assert pm.f1(T3, P3, average="macro") == pytest.approx((0.5 + 2 / 3 + 2 / 3) / 3)
    k = pm.per_class_counts(T3, P3)
    assert k["labels"].tolist() == ["a", "b", "c"]
    assert (
        k["tp"].tolist() == [2, 2, 2]
        and k["fp"].tolist() == [2, 1, 1]
        and k["fn"].tolist() == [2, 1, 1]
    )


def test_labels_subset_counts_every_sample():
    # scoring only class "a": the sample of class b predicted as a is still a false
    # positive of a
    assert pm.precision(T3, P3, average="micro", labels=["a"]) == pytest.approx(2 / 4)
    assert pm.recall(T3, P3, average="macro", labels=["a", "z"]) == pytest.approx(
        (2 / 4 + 0) / 2
    )


def test_zero_division():
    # nothing predicted positive: precision undefined, replaced by zero_division
    assert pm.precision([1, 0], [0, 0]) == 0.0
    assert pm.precision([1, 0], [0, 0], zero_division=1.0) == 1.0
    # no true positive in the data: recall undefined
    assert pm.recall([0, 0], [1, 0], zero_division=1.0) == 1.0
    # F is undefined only when TP + FP + FN = 0
    assert pm.f1([0, 0], [0, 0], zero_division=1.0) == 1.0
    assert pm.f1([0, 0], [1, 0], zero_division=1.0) == 0.0


def test_constant_predictor_on_imbalanced_data():
    y = np.r_[np.ones(90, int), np.zeros(10, int)]
    always_one = np.ones(100, int)
    assert pm.accuracy(y, always_one) == pytest.approx(0.9)
    assert pm.recall(1 - y, 1 - always_one) == 0.0  # the minority class is never found


# ---- oracle: scikit-learn ------------------------------------------------------------


@st.composite
def problems(draw, binary=None):
    """Random labelled predictions: binary or multi-class (or as `binary` says), maybe
    weighted, maybe with absent classes."""
    if binary is None:
        binary = draw(st.booleans())
    classes = [0, 1] if binary else list(range(draw(st.integers(3, 5))))
    n = draw(st.integers(1, 40))
    y_true = draw(st.lists(st.sampled_from(classes), min_size=n, max_size=n))
    # predictions drawn from a subset, so some classes are never predicted
    pred_classes = draw(
        st.lists(
            st.sampled_from(classes), min_size=1, max_size=len(classes), unique=True
        )
    )
    y_pred = draw(st.lists(st.sampled_from(pred_classes), min_size=n, max_size=n))
    weights = None
    if draw(st.booleans()):
        weights = draw(
            st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.7]), min_size=n, max_size=n)
        )
        if sum(weights) == 0:
            weights[0] = 1.0
    return np.array(y_true), np.array(y_pred), weights, classes


AVERAGE = st.sampled_from(["binary", "macro", "micro", "weighted"])
ZERO_DIVISION = st.sampled_from([0.0, 1.0])


def _average_for(average, classes):
    return "macro" if average == "binary" and len(classes) > 2 else average


def _maybe_labels(draw_labels, classes):
    """None, or a list of classes to score that may include an unseen class."""
    if not draw_labels:
        return None
    return list(
        dict.fromkeys(draw_labels)
    )  # distinct, in drawn order; may name unseen classes


@given(problems(), st.booleans())
def test_confusion_matrix_vs_sklearn(problem, reorder):
    y_true, y_pred, weights, classes = problem
    labels = None if not reorder else classes[::-1]
    ours = pm.confusion_matrix(y_true, y_pred, labels=labels, sample_weight=weights)
    with warnings.catch_warnings():  # scikit-learn's advice when only one label occurs
        warnings.filterwarnings("ignore", "A single label was found", UserWarning)
        theirs = skm.confusion_matrix(
            y_true, y_pred, labels=labels, sample_weight=weights
        )
    np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=0)


@given(problems(binary=True))
def test_binary_counts_vs_sklearn(problem):
    y_true, y_pred, weights, _ = problem
    tn, fp, fn, tp = skm.confusion_matrix(
        y_true, y_pred, labels=[0, 1], sample_weight=weights
    ).ravel()
    assert pm.binary_counts(y_true, y_pred, sample_weight=weights) == pytest.approx(
        (tp, fp, fn, tn)
    )


@given(problems())
def test_accuracy_and_error_vs_sklearn(problem):
    y_true, y_pred, weights, _ = problem
    expected = skm.accuracy_score(y_true, y_pred, sample_weight=weights)
    assert pm.accuracy(y_true, y_pred, sample_weight=weights) == pytest.approx(
        expected, rel=1e-12
    )
    assert pm.error_rate(y_true, y_pred, sample_weight=weights) == pytest.approx(
        1 - expected, abs=1e-12
    )


def _check_against(ours, theirs, problem, average, zero_division, subset, **extra):
    y_true, y_pred, weights, classes = problem
    average = _average_for(average, classes)
    labels = None if average == "binary" else _maybe_labels(subset, classes)
    got = ours(
        y_true,
        y_pred,
        average=average,
        zero_division=zero_division,
        labels=labels,
        sample_weight=weights,
        **extra,
    )
    want = theirs(
        y_true,
        y_pred,
        average=average,
        zero_division=zero_division,
        labels=labels,
        sample_weight=weights,
        **extra,
    )
    assert got == pytest.approx(float(want), rel=1e-12, abs=1e-15)


SUBSET = st.none() | st.lists(st.integers(0, 4), max_size=3)


@given(problems(), AVERAGE, ZERO_DIVISION, SUBSET)
def test_precision_vs_sklearn(problem, average, zero_division, subset):
    _check_against(
        pm.precision, skm.precision_score, problem, average, zero_division, subset
    )


@given(problems(), AVERAGE, ZERO_DIVISION, SUBSET)
def test_recall_vs_sklearn(problem, average, zero_division, subset):
    _check_against(pm.recall, skm.recall_score, problem, average, zero_division, subset)


@given(problems(), AVERAGE, ZERO_DIVISION, SUBSET)
def test_f1_vs_sklearn(problem, average, zero_division, subset):
    _check_against(pm.f1, skm.f1_score, problem, average, zero_division, subset)


@given(
    problems(),
    AVERAGE,
    ZERO_DIVISION,
    SUBSET,
    st.sampled_from([0.0, 0.25, 0.5, 1.0, 2.0, 3.3, math.inf]),
)
def test_f_beta_vs_sklearn(problem, average, zero_division, subset, beta):
    _check_against(
        pm.f_beta, skm.fbeta_score, problem, average, zero_division, subset, beta=beta
    )


@given(problems())
def test_micro_f1_equals_accuracy_single_label(problem):
    """For single-label multi-class data every error is one FP and one FN, so micro
    P = R = F1 = accuracy."""
    y_true, y_pred, weights, _ = problem
    acc = skm.accuracy_score(y_true, y_pred, sample_weight=weights)
    for metric in (pm.precision, pm.recall, pm.f1):
        assert metric(
            y_true, y_pred, average="micro", sample_weight=weights
        ) == pytest.approx(acc, rel=1e-12, abs=1e-15)


def test_inputs_may_be_lists_tuples_bools_and_strings():
    assert pm.accuracy((True, False), [1, 0]) == 1.0
    assert pm.precision(np.array([True, False]), (True, True)) == 0.5
    assert pm.f1(["x", "y"], ["x", "x"], average="macro") == pytest.approx(
        (2 / 3 + 0) / 2
    )


# ---- bad input -----------------------------------------------------------------------

PAIR_FUNCTIONS = [
    pm.confusion_matrix,
    pm.binary_counts,
    pm.accuracy,
    pm.error_rate,
    pm.precision,
    pm.recall,
    pm.f1,
    pm.f_beta,
]
AVERAGED = [pm.precision, pm.recall, pm.f1, pm.f_beta]


def _name(f):
    return f.__name__


@pytest.mark.parametrize("metric", PAIR_FUNCTIONS, ids=_name)
def test_length_mismatch(metric):
    with pytest.raises(ValueError, match="length mismatch: y_true has 3, y_pred has 2"):
        metric([0, 1, 1], [0, 1])


@pytest.mark.parametrize("metric", PAIR_FUNCTIONS, ids=_name)
def test_empty(metric):
    with pytest.raises(ValueError, match="y_true is empty"):
        metric([], [])


@pytest.mark.parametrize("metric", PAIR_FUNCTIONS, ids=_name)
def test_nan(metric):
    with pytest.raises(ValueError, match="y_pred contains NaN"):
        metric([0.0, 1.0], [0.0, math.nan])


@pytest.mark.parametrize("metric", PAIR_FUNCTIONS, ids=_name)
def test_weights(metric):
    with pytest.raises(ValueError, match="sample_weight contains negative weights"):
        metric([0, 1], [0, 1], sample_weight=[1.0, -1.0])
    with pytest.raises(ValueError, match="sample_weight has length 1, expected 2"):
        metric([0, 1], [0, 1], sample_weight=[1.0])
    with pytest.raises(ValueError, match="sample_weight contains NaN"):
        metric([0, 1], [0, 1], sample_weight=[1.0, math.nan])
    with pytest.raises(ValueError, match="sample_weight sums to zero"):
        metric([0, 1], [0, 1], sample_weight=[0, 0])


@pytest.mark.parametrize("metric", PAIR_FUNCTIONS, ids=_name)
def test_none_and_strings_as_arrays(metric):
    with pytest.raises(TypeError, match="y_true must be an array-like"):
        metric(None, [0, 1])
    with pytest.raises(TypeError, match="y_pred must be an array-like, got str"):
        metric([0, 1], "01")


@pytest.mark.parametrize("metric", AVERAGED, ids=_name)
def test_average_and_zero_division(metric):
    with pytest.raises(ValueError, match="average must be one of"):
        metric([0, 1], [0, 1], average="samples")
    with pytest.raises(ValueError, match="zero_division must be 0.0, 1.0 or nan"):
        metric([0, 1], [0, 1], zero_division=0.5)
    with pytest.raises(
        ValueError, match=r"y_true holds the labels \[0, 2\], and pos_label=1 is not"
    ):
        metric([0, 2], [0, 2])  # average="binary": pos_label must be one of the two
    with pytest.raises(ValueError, match=r"pos_label=2 is used only with average="):
        metric([0, 2], [0, 2], average="macro", pos_label=2)
    with pytest.raises(
        ValueError, match="labels cannot be combined with average='binary'"
    ):
        metric([0, 1], [0, 1], labels=[0, 1])
    with pytest.raises(ValueError, match="labels contains duplicates"):
        metric([0, 1], [0, 1], average="macro", labels=[0, 0])


def test_beta():
    with pytest.raises(ValueError, match="beta must be >= 0.0"):
        pm.f_beta([0, 1], [0, 1], beta=-1.0)
    with pytest.raises(ValueError, match="beta must be finite"):
        pm.f_beta([0, 1], [0, 1], beta=math.nan)
    with pytest.raises(TypeError, match="beta must be a real number"):
        pm.f_beta([0, 1], [0, 1], beta="2")


def test_binary_counts_rejects_other_labels():
    with pytest.raises(TypeError, match="y_pred and y_true must both hold numbers"):
        pm.binary_counts([0, 1], ["a", "b"])
    with pytest.raises(ValueError, match=r"y_true and y_pred hold the labels \[0, 2\]"):
        pm.binary_counts([0, 0], [2, 2])  # y_pred must use y_true's two labels
    with pytest.raises(ValueError, match="y_true and y_pred must hold two labels"):
        pm.binary_counts([0, 1], [2, 1])


def test_mixed_label_types():
    with pytest.raises(
        TypeError, match="y_pred and y_true must both hold numbers or both hold strings"
    ):
        pm.accuracy([0, 1], ["0", "1"])
    with pytest.raises(
        TypeError, match="labels and y_true must both hold numbers or both hold strings"
    ):
        pm.precision([0, 1], [0, 1], average="macro", labels=["0"])


def test_confusion_matrix_labels():
    with pytest.raises(
        ValueError, match="labels: none of the given labels occurs in y_true"
    ):
        pm.confusion_matrix([0, 1], [0, 1], labels=[5])
    with pytest.raises(ValueError, match="labels is empty"):
        pm.confusion_matrix([0, 1], [0, 1], labels=[])


# ---- regressions found by the outside check ------------------------------------------


def test_weighted_average_when_no_scored_class_occurs_in_y_true():
    """scikit-learn 1.9 falls back to the plain mean of the per-class scores, not to
    zero_division."""
    y_true, y_pred = [0, 0, 2], [1, 1, 2]
    for metric, sk in [(pm.precision, skm.precision_score), (pm.f1, skm.f1_score)]:
        got = metric(y_true, y_pred, average="weighted", labels=[1], zero_division=1.0)
        assert (
            got
            == sk(y_true, y_pred, average="weighted", labels=[1], zero_division=1.0)
            == 0.0
        )
    weights = [0.0, 0.0, 1.0]  # class 0 occurs, with zero weight only
    options = dict(
        average="weighted", labels=[1, 0], sample_weight=weights, zero_division=1.0
    )
    got = pm.f1([2, 0, 2], [2, 1, 0], **options)
    want = skm.f1_score([2, 0, 2], [2, 1, 0], **options)
    assert got == want == 0.5


def test_f_beta_with_a_huge_beta_is_recall_not_nan():
    y_true, y_pred = [1, 0, 1], [1, 1, 0]
    for beta in (1e200, 1e300, math.inf):
        assert pm.f_beta(y_true, y_pred, beta=beta) == pm.recall(y_true, y_pred) == 0.5
    assert pm.f_beta(y_true, y_pred, beta=1e-200) == pm.precision(y_true, y_pred) == 0.5
    heavy = [1e300, 1e300, 1e300]  # (1 + beta^2) * TP would overflow
    assert pm.f_beta(y_true, y_pred, beta=1e5, sample_weight=heavy) == pytest.approx(
        0.5
    )


def test_object_arrays_such_as_pandas_string_series():
    """pandas 3 stores strings in object arrays; a Series of ints may be object too."""
    pd = pytest.importorskip("pandas")
    assert pm.accuracy(pd.Series(["a", "b", "b"]), ["a", "a", "b"]) == pytest.approx(
        2 / 3
    )
    assert pm.precision(np.array([1, 0, 1], dtype=object), [1, 1, 1]) == pytest.approx(
        2 / 3
    )
    assert pm.confusion_matrix(
        pd.Series(["x", "y"]), pd.Series(["y", "y"])
    ).tolist() == [[0, 1], [0, 1]]
    with pytest.raises(
        TypeError,
        match="y_true must hold numbers, strings or booleans, all of one kind",
    ):
        pm.accuracy(np.array([1, "a"], dtype=object), [1, 1])
    with pytest.raises(
        TypeError, match="y_pred and y_true must both hold numbers or both hold strings"
    ):
        pm.accuracy(
            ["a", "b"], [b"a", b"b"]
        )  # bytes never equal str: refuse rather than score 0


# ---- beyond accuracy: specificity, NPV, balanced accuracy, MCC, kappa (issue 14) -----


def test_beyond_accuracy_by_hand():
    # Y_TRUE / Y_PRED above: TP = 3, FP = 2, FN = 1, TN = 4
    assert pm.specificity(Y_TRUE, Y_PRED) == 4 / 6
    assert pm.negative_predictive_value(Y_TRUE, Y_PRED) == 4 / 5
    assert pm.balanced_accuracy(Y_TRUE, Y_PRED) == pytest.approx((3 / 4 + 4 / 6) / 2)
    assert pm.balanced_accuracy(Y_TRUE, Y_PRED, adjusted=True) == pytest.approx(
        (3 / 4 + 4 / 6) - 1
    )
    # (TP TN - FP FN) / sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN)) = 10 / sqrt(5 4 6 5)
    assert pm.matthews_corrcoef(Y_TRUE, Y_PRED) == pytest.approx(10 / math.sqrt(600))
    # p_o = 0.7; p_e = 0.5 0.4 + 0.5 0.6 = 0.5; kappa = 0.2 / 0.5
    assert pm.cohen_kappa(Y_TRUE, Y_PRED) == pytest.approx(0.4)
    # three classes (T3, P3): s = 10, c = 6, t = p = (4, 3, 3): R_K = 26 / 66
    assert pm.matthews_corrcoef(T3, P3) == pytest.approx(13 / 33)
    # equal margins: kappa = (0.6 - 0.34) / (1 - 0.34), the same number
    assert pm.cohen_kappa(T3, P3) == pytest.approx(13 / 33)
    assert pm.balanced_accuracy(T3, P3) == pytest.approx((2 / 4 + 2 / 3 + 2 / 3) / 3)


def test_balanced_accuracy_leaves_out_classes_only_predicted():
    # class 2 is only predicted: recalls 1/2 (class 0) and 1 (class 1), K = 2
    assert pm.balanced_accuracy([0, 0, 1, 1], [0, 2, 1, 1]) == 0.75
    assert pm.balanced_accuracy([0, 0, 1, 1], [0, 2, 1, 1], adjusted=True) == 0.5
    # a class whose weights sum to 0 is left out too
    w = [1, 1, 0, 0, 1]
    assert pm.balanced_accuracy([0, 0, 1, 1, 2], [0, 1, 1, 1, 2], sample_weight=w) == (
        0.75
    )


def test_weighted_kappa_by_hand():
    # truth 0 1 2 2, prediction 0 2 2 1: two errors, each one class apart, so
    # sum w O = 2/4 for both weightings; O = [[1,0,0],[0,0,1],[0,1,1]] / 4 has
    # margins t = p = (1, 1, 2) / 4, and E_ij = t_i p_j
    t = p = np.array([1, 1, 2]) / 4
    e = np.outer(t, p)
    distance = np.abs(np.subtract.outer(np.arange(3), np.arange(3)))
    for weights, w in (("linear", distance), ("quadratic", distance**2)):
        expected = 1 - (2 / 4) / np.sum(w * e)
        got = pm.cohen_kappa([0, 1, 2, 2], [0, 2, 2, 1], weights=weights)
        assert got == pytest.approx(expected)
    # the order of `labels` sets the distances: with labels 0, 2, 1 the errors 1 <-> 2
    # are two classes apart
    assert pm.cohen_kappa(
        [0, 1, 2, 2], [0, 2, 2, 1], weights="linear", labels=[0, 2, 1]
    ) != pm.cohen_kappa([0, 1, 2, 2], [0, 2, 2, 1], weights="linear")


def test_honest_on_the_90_10_case():
    """Chapter 1's constant predictor: accuracy 0.9, but no skill by these metrics."""
    y = np.r_[np.ones(90, int), np.zeros(10, int)]
    always_one = np.ones(100, int)
    assert pm.balanced_accuracy(y, always_one) == 0.5
    assert pm.balanced_accuracy(y, always_one, adjusted=True) == 0.0
    assert pm.matthews_corrcoef(y, always_one) == 0.0  # undefined: one predicted class
    assert pm.cohen_kappa(y, always_one) == 0.0
    assert pm.specificity(y, always_one) == 0.0


def test_mcc_is_the_pearson_correlation_of_the_two_0_1_variables():
    rng = np.random.default_rng(3)
    for _ in range(20):
        y, p = rng.integers(0, 2, 30), rng.integers(0, 2, 30)
        if len(set(y)) == 2 and len(set(p)) == 2:
            assert pm.matthews_corrcoef(y, p) == pytest.approx(
                np.corrcoef(y, p)[0, 1], abs=1e-12
            )


def test_mcc_undefined_is_zero_even_with_weights_that_do_not_sum_exactly():
    # one true class: 0.0, although s^2 - sum t_k^2 rounds to 4e-16 (not 0) here
    w = [3.7, 0.2, 0.1, 0.1, 0.001]
    assert pm.matthews_corrcoef([1, 1, 1, 1, 1], [1, 0, 0, 1, 2], sample_weight=w) == 0
    assert pm.matthews_corrcoef([1, 0, 0, 1, 2], [1, 1, 1, 1, 1], sample_weight=w) == 0


def test_huge_weights_do_not_overflow_mcc_or_kappa():
    y, p = [0, 1, 1, 0, 1], [0, 1, 0, 0, 1]
    w = [1e300, 1e300, 1e300, 1e300, 1e300]
    assert pm.matthews_corrcoef(y, p, sample_weight=w) == pytest.approx(
        pm.matthews_corrcoef(y, p), rel=1e-12
    )
    assert pm.cohen_kappa(y, p, sample_weight=w) == pytest.approx(
        pm.cohen_kappa(y, p), rel=1e-12
    )


def test_mcc_with_weights_beyond_float_resolution_is_a_value_error():
    # next to 2**70 the other weights vanish: s^2 - sum t_k^2 rounds to 0 or below
    y, p = [0, 1, 2, 2, 1, 0], [0, 2, 2, 1, 1, 0]
    with pytest.raises(ValueError, match="sample_weight: the weights span"):
        pm.matthews_corrcoef(y, p, sample_weight=[2**70, 1, 1, 1, 1, 1])


def _quiet(func, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


@given(problems(binary=True), st.sampled_from([0.0, 1.0, math.nan]))
def test_specificity_and_npv_vs_sklearn(problem, zero_division):
    """Specificity is the recall of class 0, NPV its precision."""
    y_true, y_pred, _, _ = problem
    for ours, theirs in (
        (pm.specificity, skm.recall_score),
        (pm.negative_predictive_value, skm.precision_score),
    ):
        got = ours(y_true, y_pred, zero_division=zero_division)
        want = _quiet(theirs, y_true, y_pred, pos_label=0, zero_division=zero_division)
        if math.isnan(want):
            assert math.isnan(got)
        else:
            assert got == pytest.approx(float(want), rel=1e-12, abs=1e-15)


def _positive_weight_classes(y, weights):
    w = np.ones(len(y)) if weights is None else np.asarray(weights)
    return {c for c, wc in zip(y.tolist(), w.tolist()) if wc > 0}


@given(problems(), st.booleans(), st.booleans())
def test_balanced_accuracy_vs_sklearn(problem, adjusted, predicted_only):
    y_true, y_pred, weights, classes = problem
    if predicted_only:  # a class that is predicted but never true has no recall
        y_pred = y_pred.copy()
        y_pred[0] = max(classes) + 1
    call = dict(sample_weight=weights, adjusted=adjusted)
    if adjusted and len(_positive_weight_classes(y_true, weights)) < 2:
        # scikit-learn divides by 1 - 1/1 = 0 here
        with pytest.raises(ValueError, match="y_true holds one class"):
            pm.balanced_accuracy(y_true, y_pred, **call)
        return
    want = _quiet(skm.balanced_accuracy_score, y_true, y_pred, **call)
    got = pm.balanced_accuracy(y_true, y_pred, **call)
    assert got == pytest.approx(want, rel=1e-12, abs=1e-15)


@given(problems())
def test_matthews_corrcoef_vs_sklearn(problem):
    y_true, y_pred, weights, _ = problem
    got = pm.matthews_corrcoef(y_true, y_pred, sample_weight=weights)
    one_class = (
        len(_positive_weight_classes(y_true, weights)) < 2
        or len(_positive_weight_classes(y_pred, weights)) < 2
    )
    if one_class:  # undefined; scikit-learn's weighted sums may round away from 0
        assert got == 0.0
        return
    want = skm.matthews_corrcoef(y_true, y_pred, sample_weight=weights)
    assert got == pytest.approx(want, rel=1e-9, abs=1e-12)


@given(problems(), st.sampled_from([None, "linear", "quadratic"]), SUBSET)
def test_cohen_kappa_vs_sklearn(problem, weights, subset):
    y_true, y_pred, sample_weight, classes = problem
    labels = _maybe_labels(subset, classes)
    call = dict(weights=weights, labels=labels, sample_weight=sample_weight)
    if labels is not None and not set(labels) & set(y_true.tolist()):
        with pytest.raises(ValueError, match="labels"):
            pm.cohen_kappa(y_true, y_pred, **call)
        return
    want = _quiet(skm.cohen_kappa_score, y_true, y_pred, **call)
    if math.isnan(want):  # scikit-learn warns: kappa undefined
        with pytest.raises(ValueError, match="labels|expected agreement is 1"):
            pm.cohen_kappa(y_true, y_pred, **call)
        return
    got = pm.cohen_kappa(y_true, y_pred, **call)
    assert got == pytest.approx(want, rel=1e-9, abs=1e-12)


@given(problems())
def test_kappa_is_symmetric_and_unweighted_is_the_agreement_formula(problem):
    y_true, y_pred, weights, _ = problem
    try:
        kappa = pm.cohen_kappa(y_true, y_pred, sample_weight=weights)
    except ValueError:
        return
    assert pm.cohen_kappa(y_pred, y_true, sample_weight=weights) == pytest.approx(
        kappa, rel=1e-12, abs=1e-12
    )
    c = pm.confusion_matrix(y_true, y_pred, sample_weight=weights)
    o = c / c.sum()
    p_o, p_e = np.trace(o), o.sum(axis=1) @ o.sum(axis=0)
    assert kappa == pytest.approx((p_o - p_e) / (1 - p_e), rel=1e-9, abs=1e-12)


NEW_PAIR_FUNCTIONS = [
    pm.specificity,
    pm.negative_predictive_value,
    pm.balanced_accuracy,
    pm.matthews_corrcoef,
    pm.cohen_kappa,
]


@pytest.mark.parametrize("metric", NEW_PAIR_FUNCTIONS, ids=_name)
def test_beyond_accuracy_bad_arrays(metric):
    with pytest.raises(ValueError, match="length mismatch: y_true has 3, y_pred has 2"):
        metric([0, 1, 1], [0, 1])
    with pytest.raises(ValueError, match="y_true is empty"):
        metric([], [])
    with pytest.raises(ValueError, match="y_pred contains NaN"):
        metric([0.0, 1.0], [0.0, math.nan])
    with pytest.raises(TypeError, match="y_true is a NumPy masked array"):
        metric(np.ma.array([0, 1], mask=[True, False]), [0, 1])
    with pytest.raises(TypeError, match="y_pred must be an array-like, got str"):
        metric([0, 1], "01")


def test_beyond_accuracy_bad_options():
    with pytest.raises(ValueError, match=r"y_true holds the labels \[0, 2\]"):
        pm.specificity([0, 2], [0, 2])
    with pytest.raises(ValueError, match="zero_division must be 0.0, 1.0 or nan"):
        pm.negative_predictive_value([0, 1], [0, 1], zero_division=0.5)
    with pytest.raises(TypeError, match="adjusted must be True or False, got int"):
        pm.balanced_accuracy([0, 1], [0, 1], adjusted=1)
    with pytest.raises(ValueError, match="y_true holds one class"):
        pm.balanced_accuracy([1, 1], [0, 1], adjusted=True)
    with pytest.raises(
        ValueError, match="weights must be None, 'linear' or 'quadratic'"
    ):
        pm.cohen_kappa([0, 1], [0, 1], weights="cubic")
    with pytest.raises(ValueError, match="expected agreement is 1"):
        pm.cohen_kappa([1, 1, 1], [1, 1, 1])
    with pytest.raises(ValueError, match="expected agreement is 1"):
        pm.cohen_kappa([0, 1, 1], [1, 1, 1], sample_weight=[0, 1, 2])
    with pytest.raises(ValueError, match="labels: no sample"):
        pm.cohen_kappa([0, 1], [1, 0], labels=[0])
    with pytest.raises(ValueError, match="labels: none of the given labels occurs"):
        pm.cohen_kappa([0, 1], [1, 0], labels=[5])
    with pytest.raises(ValueError, match="sample_weight contains negative weights"):
        pm.matthews_corrcoef([0, 1], [0, 1], sample_weight=[1.0, -1.0])


@given(
    st.lists(
        st.tuples(st.integers(-3, 12), st.integers(-3, 12)), min_size=1, max_size=60
    ),
    st.sampled_from([np.int64, np.int32, np.int8]),
    st.sampled_from([0, 2**19, -(2**19), 2**40]),
)
def test_confusion_matrix_bincount_path_equals_the_general_one(pairs, dtype, shift):
    """Small-range integer labels are counted by one bincount (issue 17); passing
    the same classes as labels takes the general path. Equal matrices."""
    t, p = (np.array(col, dtype=np.int64) + shift for col in zip(*pairs))
    if shift <= 2**19:
        t, p = t.astype(dtype if shift == 0 else np.int64), p.astype(np.int64)
    classes = np.unique(np.concatenate([t, p]))
    fast = pm.confusion_matrix(t, p)
    general = pm.confusion_matrix(t, p, labels=classes)
    assert fast.dtype == general.dtype == np.int64
    assert fast.tolist() == general.tolist()
    with warnings.catch_warnings():  # scikit-learn warns on a single class
        warnings.simplefilter("ignore", UserWarning)
        theirs = skm.confusion_matrix(t, p, labels=classes)
    assert fast.tolist() == theirs.tolist()


# ---- moved from the review-round files: note 000's FPR, micro averages (chapters 2-3)


def test_note000_fpr_agrees_with_the_fpr_exactly_when_fp_is_zero_or_fn_equals_fp():
    """The note's FP / (TN + FN), as the package writes it (book.notes), equals the
    package's FP / (FP + TN) exactly when FP = 0 or FN = FP, on every small matrix."""
    from fractions import Fraction

    from pedagogy_metrics.book import notes

    for n in range(1, 9):
        for tp in range(n + 1):
            for fp in range(n + 1 - tp):
                for fn in range(n + 1 - tp - fp):
                    tn = n - tp - fp - fn
                    if tn + fn == 0 or fp + tn == 0:
                        continue
                    y = [1] * (tp + fn) + [0] * (fp + tn)
                    p = [1] * tp + [0] * fn + [1] * fp + [0] * tn
                    fpr = 1 - pm.specificity(y, p)  # FP / (FP + TN)
                    note = notes.fpr_note000(fp, tn, fn)
                    assert note == float(Fraction(fp, tn + fn))
                    agree = Fraction(fp, tn + fn) == Fraction(fp, fp + tn)
                    assert agree == (fp == 0 or fn == fp), (tp, fp, fn, tn)
                    if agree:
                        assert note == pytest.approx(fpr, abs=1e-15)


def test_micro_average_with_a_subset_of_labels():
    t = ["PER", "O", "O", "LOC", "PER", "O", "LOC", "O"]
    p = ["PER", "O", "PER", "O", "PER", "O", "LOC", "LOC"]
    acc = pm.accuracy(t, p)
    assert acc == 0.625
    every = [pm.precision, pm.recall, pm.f1]
    assert [f(t, p, average="micro") for f in every] == pytest.approx([acc] * 3)
    ours = [f(t, p, average="micro", labels=["PER", "LOC"]) for f in every]
    sub = skm.precision_recall_fscore_support(
        t, p, average="micro", labels=["PER", "LOC"]
    )[:3]
    assert ours == pytest.approx(sub, abs=1e-12)
    assert ours == pytest.approx([0.6, 0.75, 2 / 3], abs=1e-12)
    out = stored_text("02-precision-recall-f.ipynb")
    assert f"accuracy over all 8 tokens: {acc:.4f}" in out


# ---- labels as users have them, weights, no silent answer (third edition) ------------

LABEL_PAIRS = [(0, 1), (1, 2), (-1, 1), ("ham", "spam"), (False, True), (7, 3)]


@st.composite
def labelled_pair(draw, weights=True):
    """(y_true, y_pred, pos_label, negative label, sample_weight or None)."""
    a, b = draw(st.sampled_from(LABEL_PAIRS), label="labels")
    pos, neg = draw(st.sampled_from([(a, b), (b, a)]), label="pos, neg")
    n = draw(st.integers(1, 12), label="n")
    pair = st.sampled_from([a, b])
    y_true = draw(st.lists(pair, min_size=n, max_size=n), label="y_true")
    y_pred = draw(st.lists(pair, min_size=n, max_size=n), label="y_pred")
    w = None
    if weights and draw(st.booleans(), label="weighted"):
        w = draw(
            st.lists(
                st.integers(0, 3) | st.floats(0.0, 5.0), min_size=n, max_size=n
            ).filter(lambda ws: sum(ws) > 0),
            label="sample_weight",
        )
    return y_true, y_pred, pos, neg, w


def _quiet(func, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


@given(case=labelled_pair())
def test_pos_label_and_weights_as_scikit_learn(case):
    y_true, y_pred, pos, neg, w = case
    kw = dict(sample_weight=w, zero_division=0.0)
    sk = dict(sample_weight=w, zero_division=0.0, labels=[neg, pos])
    pairs = [
        (pm.precision, skm.precision_score, pos, {}),
        (pm.recall, skm.recall_score, pos, {}),
        (pm.f1, skm.f1_score, pos, {}),
        (pm.f_beta, skm.fbeta_score, pos, {"beta": 2.0}),
        # specificity and NPV are the recall and precision of the negative class
        (pm.specificity, skm.recall_score, neg, {}),
        (pm.negative_predictive_value, skm.precision_score, neg, {}),
    ]
    for ours, theirs, sk_pos, extra in pairs:
        got = ours(y_true, y_pred, pos_label=pos, **kw, **extra)
        expected = _quiet(theirs, y_true, y_pred, pos_label=sk_pos, **sk, **extra)
        assert math.isclose(got, expected, rel_tol=1e-12, abs_tol=1e-15), (
            ours.__name__,
            got,
            expected,
        )
    tn, fp, fn, tp = skm.confusion_matrix(
        y_true, y_pred, labels=[neg, pos], sample_weight=w
    ).ravel()
    counts = pm.binary_counts(y_true, y_pred, pos_label=pos, sample_weight=w)
    np.testing.assert_allclose(counts, (tp, fp, fn, tn), rtol=1e-12, atol=1e-12)


@given(case=labelled_pair(weights=False), data=st.data())
def test_integer_weights_are_repeated_rows(case, data):
    y_true, y_pred, pos, _, _ = case
    w = data.draw(
        st.lists(st.integers(0, 3), min_size=len(y_true), max_size=len(y_true)).filter(
            lambda ws: sum(ws) > 0
        ),
        label="sample_weight",
    )
    t_rep = [v for v, k in zip(y_true, w) for _ in range(k)]
    p_rep = [v for v, k in zip(y_pred, w) for _ in range(k)]
    for func in (pm.specificity, pm.negative_predictive_value, pm.precision, pm.f1):
        assert math.isclose(
            func(y_true, y_pred, pos_label=pos, sample_weight=w),
            func(t_rep, p_rep, pos_label=pos),
            rel_tol=1e-12,
        ), func.__name__
    assert pm.accuracy(y_true, y_pred, sample_weight=w) == pytest.approx(
        pm.accuracy(t_rep, p_rep), rel=1e-12
    )


@given(
    labels=st.sampled_from(
        [st.integers(0, 3), st.integers(-(2**62), 2**62), st.sampled_from("abcd")]
    ),
    data=st.data(),
)
def test_confusion_matrix_as_scikit_learn(labels, data):
    n = data.draw(st.integers(1, 30), label="n")
    y_true = data.draw(st.lists(labels, min_size=n, max_size=n), label="y_true")
    y_pred = data.draw(st.lists(labels, min_size=n, max_size=n), label="y_pred")
    w = data.draw(
        st.none()
        | st.lists(st.integers(0, 4), min_size=n, max_size=n).filter(
            lambda ws: sum(ws) > 0
        ),
        label="sample_weight",
    )
    got = pm.confusion_matrix(y_true, y_pred, sample_weight=w)
    expected = _quiet(skm.confusion_matrix, y_true, y_pred, sample_weight=w)
    np.testing.assert_array_equal(got, expected)
    assert got.dtype.kind == ("i" if w is None else "f")
    absent = "zz" if isinstance(y_true[0], str) else -(2**63)  # no sample has it
    listed = [*sorted(set(y_true))[::-1], absent]
    got = pm.confusion_matrix(y_true, y_pred, labels=listed, sample_weight=w)
    expected = _quiet(
        skm.confusion_matrix, y_true, y_pred, labels=listed, sample_weight=w
    )
    np.testing.assert_array_equal(got, expected)


def test_confusion_matrix_small_and_wide_integer_ranges_agree():
    """The two ways of numbering integer labels (their place in a small range, or
    np.unique) give the same counts, exactly."""
    rng = np.random.default_rng(3)
    t = rng.integers(0, 5, 400)
    p = np.where(rng.random(400) < 0.6, t, rng.integers(0, 5, 400))
    p[p == 3] = 2  # class 3 only in y_true; class 4 is everywhere
    wide = 10**12  # the same labels, spread too wide for the range numbering
    np.testing.assert_array_equal(
        pm.confusion_matrix(t, p), pm.confusion_matrix(t * wide, p * wide)
    )
    np.testing.assert_array_equal(pm.confusion_matrix(t, p), skm.confusion_matrix(t, p))


HARD_FUNCTIONS = [
    pm.accuracy,
    pm.error_rate,
    pm.confusion_matrix,
    pm.per_class_counts,
    pm.binary_counts,
    pm.precision,
    pm.recall,
    pm.f1,
    pm.f_beta,
    pm.specificity,
    pm.negative_predictive_value,
    pm.balanced_accuracy,
    pm.matthews_corrcoef,
    pm.cohen_kappa,
]


@pytest.mark.parametrize("metric", HARD_FUNCTIONS, ids=_name)
def test_probabilities_as_predictions_are_refused(metric):
    y_true = [0, 1, 1, 0]
    with pytest.raises(
        ValueError,
        match=r"^y_pred holds non-integer values such as 0\.73: pass hard predictions, "
        r"e\.g\. \(y_proba >= 0\.5\)\.astype\(int\)",
    ):
        metric(y_true, [0.73, 0.2, 0.9, 0.1])
    with pytest.raises(ValueError, match="did you swap y_true and y_pred"):
        metric([0.73, 0.2, 0.9, 0.1], y_true)
    whole_floats, ints = (
        metric(y_true, [0.0, 1.0, 1.0, 0.0]),
        metric(y_true, [0, 1, 1, 0]),
    )
    if isinstance(ints, dict):
        whole_floats, ints = whole_floats["tp"], ints["tp"]
    np.testing.assert_array_equal(whole_floats, ints)  # whole numbers are labels


@pytest.mark.parametrize("metric", HARD_FUNCTIONS, ids=_name)
@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_half_and_single_precision_labels(metric, dtype):
    y_true, y_pred = [0, 1, 1, 0, 1], [0, 1, 0, 0, 1]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = metric(np.array(y_true, dtype=dtype), np.array(y_pred, dtype=dtype))
        listed = metric(
            [np.float16(v) for v in y_true], [np.float16(v) for v in y_pred]
        )
    expected = metric(y_true, y_pred)
    if isinstance(expected, dict):
        for key in expected:
            np.testing.assert_array_equal(got[key], expected[key])
    else:
        np.testing.assert_array_equal(got, expected)
        np.testing.assert_array_equal(listed, expected)


def test_string_labels_with_pos_label():
    y_true = ["spam", "ham", "spam", "ham", "spam"]
    y_pred = ["spam", "spam", "ham", "ham", "spam"]
    assert pm.binary_counts(y_true, y_pred, pos_label="spam") == (2, 1, 1, 1)
    assert pm.precision(y_true, y_pred, pos_label="spam") == 2 / 3
    assert pm.specificity(y_true, y_pred, pos_label="spam") == 1 / 2
    with pytest.raises(
        ValueError, match=r"y_true holds the labels \['ham', 'spam'\].*pos_label="
    ):
        pm.recall(y_true, y_pred)
    # {1, 2} with the default pos_label=1: 1 is the positive class (the contract)
    assert pm.recall([1, 2, 1, 2], [1, 1, 2, 2]) == 0.5
    assert pm.binary_counts([1, 2, 2], [2, 2, 1]) == (0, 1, 1, 1)
