"""Tests of pedagogy_metrics.streaming: any split of the data into batches, updated and
merged in any order and any tree shape, gives exactly the in-memory AUC (roc_auc, or
roc_auc_histogram with n_bins); merging is associative, commutative and changes
neither accumulator; bad input names its argument."""

from __future__ import annotations

import math
import pickle
from fractions import Fraction
from itertools import pairwise

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as hst

import pedagogy_metrics as pm

from conftest import BIN_CHOICES, labelled

# --- data generators ------------------------------------------------------------------


def split(draw, y, s):
    """Cut (y, s) into batches at drawn points (repeated points: empty batches)."""
    cuts = sorted(draw(hst.lists(hst.integers(0, y.size), max_size=6)))
    edges = [0, *cuts, y.size]
    return [(y[i:j], s[i:j]) for i, j in pairwise(edges)]


def stream(draw, batches, n_bins=None) -> pm.StreamingAUC:
    """Batches in a drawn order, some updated into one accumulator, the accumulators
    merged two at a time in a drawn tree shape (either side first)."""
    order = draw(hst.permutations(range(len(batches))))
    accumulators = [pm.StreamingAUC(n_bins=n_bins)]
    for k in order:
        y, s = batches[k]
        if draw(hst.booleans()):  # start a new accumulator
            accumulators.append(pm.StreamingAUC(n_bins=n_bins))
        as_list = draw(hst.booleans())
        accumulators[-1].update(
            y.tolist() if as_list else y, s.tolist() if as_list else s
        )
    while len(accumulators) > 1:
        i, j = draw(
            hst.lists(
                hst.integers(0, len(accumulators) - 1),
                min_size=2,
                max_size=2,
                unique=True,
            )
        )
        merged = accumulators[i].merge(accumulators[j])
        accumulators = [a for k, a in enumerate(accumulators) if k not in (i, j)]
        accumulators.append(merged)
    return accumulators[0]


def state(acc: pm.StreamingAUC):
    """Copies of an accumulator's counts: (keys, positives, negatives)."""
    c = acc.counts
    return c.keys.copy(), c.pos.copy(), c.neg.copy()


def same_state(a, b) -> bool:
    return all(
        x.dtype == y.dtype and np.array_equal(x, y) for x, y in zip(a, b, strict=True)
    )


# --- any split, any order, any tree: the in-memory AUC, to the last bit ---------------


@given(hst.data())
def test_exact_mode_equals_roc_auc_for_any_split_order_and_tree(data):
    y, s = data.draw(labelled())
    acc = stream(data.draw, split(data.draw, y, s))
    assert acc.result() == pm.roc_auc(y, s)  # bit-identical: integer counts


@given(hst.data())
def test_exact_mode_keeps_int64_scores_near_2_63_exact(data):
    y, s = data.draw(labelled(kind="int"))
    acc = stream(data.draw, split(data.draw, y, s))
    assert acc.result() == pm.roc_auc(y, s)


@given(hst.data(), hst.sampled_from(BIN_CHOICES))
def test_binned_mode_equals_roc_auc_histogram_for_any_split(data, n_bins):
    y, s = data.draw(labelled(kind="unit"))
    acc = stream(data.draw, split(data.draw, y, s), n_bins)
    assert acc.result() == pm.roc_auc_histogram(y, s, n_bins=n_bins)
    assert acc.counts.keys.size <= n_bins  # memory bounded by the buckets


def test_large_tied_data_in_batches_equals_in_memory():
    rng = np.random.default_rng(17)
    y = rng.integers(0, 2, 20_000)
    s = np.round(np.clip(rng.normal(0.5 + 0.1 * y, 0.2), 0, 1), 3)  # many ties
    for n_bins in (None, 50, 10**6):
        acc = pm.StreamingAUC(n_bins=n_bins)
        for part_y, part_s in zip(np.array_split(y, 7), np.array_split(s, 7)):
            acc.update(part_y, part_s)
        expected = (
            pm.roc_auc(y, s)
            if n_bins is None
            else pm.roc_auc_histogram(y, s, n_bins=n_bins)
        )
        assert acc.result() == expected


# --- merging: associative, commutative, nothing changed -------------------------------


def accumulator(draw, kind="real", n_bins=None) -> pm.StreamingAUC:
    y, s = draw(labelled(kind=kind, both=False, max_size=15))
    return pm.StreamingAUC(n_bins=n_bins).update(y, s)


@given(hst.data(), hst.sampled_from([None, 1, 10]))
def test_merge_is_associative_and_commutative(data, n_bins):
    kind = "real" if n_bins is None else "unit"
    a, b, c = (accumulator(data.draw, kind, n_bins) for _ in range(3))
    assert same_state(state(a.merge(b)), state(b.merge(a)))
    assert same_state(state(a.merge(b).merge(c)), state(a.merge(b.merge(c))))


@given(hst.data())
def test_merge_changes_neither_accumulator(data):
    a, b = accumulator(data.draw), accumulator(data.draw)
    before_a, before_b = state(a), state(b)
    merged = a.merge(b)
    assert merged is not a and merged is not b
    merged.update([1, 0], [0.3, 0.7])  # the new accumulator is independent
    a.merge(pm.StreamingAUC()).update([0], [0.1])  # even when it shares a's counts
    assert same_state(state(a), before_a)
    assert same_state(state(b), before_b)


def test_update_returns_the_accumulator_and_chains():
    acc = pm.StreamingAUC()
    assert acc.update([1], [0.9]) is acc
    assert acc.update([0], [0.8]).update([1, 0], [0.8, 0.1]).result() == 0.875


def test_accumulators_pickle_as_they_travel_between_workers():
    acc = pm.StreamingAUC(n_bins=4).update([1, 0, 1], [0.9, 0.2, 0.6])
    copy = pickle.loads(pickle.dumps(acc))
    assert same_state(state(copy), state(acc))
    assert copy.n_bins == 4 and copy.merge(acc).result() == acc.result()


def test_int_and_float_batches_mix_when_exact():
    acc = pm.StreamingAUC().update([1, 0], [3, 1]).update([0, 1], [2.5, 0.5])
    assert acc.result() == pm.roc_auc([1, 0, 0, 1], [3.0, 1.0, 2.5, 0.5])
    assert acc.counts.keys.dtype == float


def test_extended_precision_scores_are_not_merged_into_ties():
    one = np.longdouble(1)
    above = np.array([one + np.finfo(np.longdouble).eps])
    if above[0].astype(float) != 1.0:  # longdouble no more precise than float64 here
        pytest.skip("long double is float64 on this platform")
    acc = pm.StreamingAUC().update([1], above).update([0], np.array([one]))
    assert acc.result() == 1.0


def test_pandas_inputs_give_the_result_of_lists():
    acc = pm.StreamingAUC().update(
        pd.Series([1, 0, 1], dtype="Int64"), pd.Series([0.9, 0.4, 0.2])
    )
    acc.update(pd.Series([0, 1]), pd.Series([0.1, 0.3], dtype="Float64"))
    assert acc.result() == pm.roc_auc([1, 0, 1, 0, 1], [0.9, 0.4, 0.2, 0.1, 0.3])


# --- empty batches, one class ---------------------------------------------------------


@pytest.mark.parametrize(
    "y_true, y_score",
    [([], []), ((), ()), (np.array([]), np.array([])), (pd.Series([]), [])],
)
def test_empty_batches_add_nothing(y_true, y_score):
    acc = pm.StreamingAUC().update([1, 0], [0.9, 0.1])
    before = state(acc)
    assert acc.update(y_true, y_score) is acc
    assert same_state(state(acc), before)
    binned = pm.StreamingAUC(n_bins=5).update(y_true, y_score)
    assert binned.update([1, 0], [0.9, 0.1]).result() == 1.0


def test_one_class_batches_are_fine_until_result():
    acc = pm.StreamingAUC().update([1, 1], [0.9, 0.2])
    with pytest.raises(ValueError, match="y_true holds only positives"):
        acc.result()
    with pytest.raises(ValueError, match="y_true holds only positives"):
        pm.roc_auc([1, 1], [0.9, 0.2])  # the same message as the in-memory AUC
    assert acc.update([0], [0.5]).result() == 0.5


@pytest.mark.parametrize("n_bins", [None, 4])
def test_result_before_any_sample(n_bins):
    for acc in (pm.StreamingAUC(n_bins=n_bins), pm.StreamingAUC().update([], [])):
        with pytest.raises(ValueError, match="y_true: no sample seen yet"):
            acc.result()
    with pytest.raises(ValueError, match="y_true holds only negatives"):
        pm.StreamingAUC(n_bins=n_bins).update([0], [0.5]).result()


# --- bad input: the error names the argument, and changes nothing ---------------------

MASKED = np.ma.masked_array([0.9, 0.1], mask=[False, True])

BAD_BATCHES = [
    ([0, 1], [0.5], ValueError, "length mismatch: y_true has 2, y_score has 1"),
    ([], [0.5], ValueError, "length mismatch: y_true has 0, y_score has 1"),
    ([0, 1], [], ValueError, "length mismatch: y_true has 2, y_score has 0"),
    (
        [0, 2],
        [0.5, 0.5],
        ValueError,
        "y_true holds the labels \\[0, 2\\], and pos_label=1",
    ),
    (["a", "b"], [0.5, 0.5], ValueError, "pass the positive class as pos_label"),
    ([0, 1, 2], [0.5, 0.5, 1], ValueError, "did you swap y_true and y_score"),
    ([0, 1], [0.5, math.nan], ValueError, "y_score contains NaN"),
    ([0, 1], [0.5, math.inf], ValueError, "y_score contains inf"),
    ([0, math.nan], [0.5, 0.5], ValueError, "y_true contains NaN"),
    ([0, 1], [0.5, None], ValueError, "y_score contains missing values"),
    ([0, 1], MASKED, TypeError, "y_score is a NumPy masked array"),
    (np.ma.masked_array([0, 1]), [0.5, 0.5], TypeError, "y_true is a NumPy masked"),
    ([0, 1], [[0.5, 0.5]], ValueError, "y_score must be 1-dimensional"),
    ([[0, 1]], [0.5, 0.5], ValueError, "y_true must be 1-dimensional"),
    (None, [0.5], TypeError, "y_true must be an array-like"),
    ([1], None, TypeError, "y_score must be an array-like"),
    ([1], "0.5", TypeError, "y_score must be an array-like"),
    ([1], 0.5, ValueError, "y_score must be 1-dimensional"),
    ([Fraction(1), Fraction(0)], [0.5, 0.5], TypeError, "y_true holds Fraction"),
    ([0, 1], [0.5, 10**400], ValueError, "y_score holds"),
]


@pytest.mark.parametrize("n_bins", [None, 10])
@pytest.mark.parametrize("y_true, y_score, error, message", BAD_BATCHES)
def test_bad_batches_name_the_argument_and_change_nothing(
    n_bins, y_true, y_score, error, message
):
    acc = pm.StreamingAUC(n_bins=n_bins).update([1, 0], [0.9, 0.1])
    before = state(acc)
    with pytest.raises(error, match=message):
        acc.update(y_true, y_score)
    assert same_state(state(acc), before)


@pytest.mark.parametrize("bad", [[0.5, 1.5], [-0.1, 0.5], [0, 2]])
def test_binned_scores_must_lie_in_0_1_as_for_roc_auc_histogram(bad):
    acc = pm.StreamingAUC(n_bins=10)
    with pytest.raises(ValueError, match="y_score must hold probabilities in"):
        acc.update([0, 1], bad)
    with pytest.raises(ValueError, match="y_score must hold probabilities in"):
        pm.roc_auc_histogram([0, 1], bad, n_bins=10)
    assert pm.StreamingAUC().update([0, 1], bad).result() == pm.roc_auc([0, 1], bad)


@pytest.mark.parametrize(
    "n_bins, error, message",
    [
        (0, ValueError, "n_bins must be >= 1"),
        (-3, ValueError, "n_bins must be >= 1"),
        (2.5, ValueError, "n_bins must be an integer"),
        (True, TypeError, "n_bins must be an integer"),
        ("10", TypeError, "n_bins must be an integer"),
        (2**53, ValueError, r"n_bins must be <= 2\*\*52"),
        (10**400, ValueError, r"n_bins must be <= 2\*\*52"),
    ],
)
def test_bad_n_bins(n_bins, error, message):
    with pytest.raises(error, match=message):
        pm.StreamingAUC(n_bins=n_bins)


def test_n_bins_is_keyword_only_and_whole_floats_are_accepted():
    with pytest.raises(TypeError):
        pm.StreamingAUC(10)
    assert pm.StreamingAUC(n_bins=10.0).n_bins == 10
    assert pm.StreamingAUC(n_bins=np.int64(10)).n_bins == 10


@pytest.mark.parametrize(
    "a_bins, b_bins", [(None, 10), (10, None), (10, 20), (1, 2**52)]
)
def test_merging_different_n_bins_is_a_value_error(a_bins, b_bins):
    a = pm.StreamingAUC(n_bins=a_bins).update([1, 0], [0.9, 0.1])
    b = pm.StreamingAUC(n_bins=b_bins).update([1, 0], [0.8, 0.2])
    with pytest.raises(ValueError, match=f"other has n_bins={b_bins} but this "):
        a.merge(b)


@pytest.mark.parametrize("other", [None, 0.5, "auc", [1, 0], object()])
def test_merging_with_something_else_is_a_type_error(other):
    with pytest.raises(TypeError, match="other must be a StreamingAUC, got"):
        pm.StreamingAUC().merge(other)


def test_integers_beyond_2_53_do_not_meet_floats():
    """As for one array: a float next to an int above 2**53 could tie with it."""
    big = pm.StreamingAUC().update([1, 0], [2**53 + 1, 0])
    with pytest.raises(ValueError, match="y_score: its scores and the earlier ones"):
        big.update([0], [0.5])
    with pytest.raises(ValueError, match="other: its scores and the earlier ones"):
        pm.StreamingAUC().update([0], [0.5]).merge(big)
    assert big.update([0], [7]).result() == 1.0  # more integers are fine
    uint = pm.StreamingAUC().update([1], [2**64 - 1])  # uint64
    with pytest.raises(ValueError, match="mix integers beyond 2\\*\\*53"):
        uint.merge(pm.StreamingAUC().update([0], [-1]))  # int64: no common int dtype


def test_more_pairs_than_int64_holds_are_counted_exactly():
    """Billions of rows per class: P N beyond 2**63 would wrap in int64; the pair
    counts are then summed in Python integers, and the AUC rounded once. The table
    is what StreamingAUC keeps (its counts), given here directly."""
    from fractions import Fraction as F

    pos = np.array([3 * 10**9, 5 * 10**9, 7], dtype=np.int64)
    neg = np.array([4 * 10**9, 1, 6 * 10**9], dtype=np.int64)
    p, q = [int(v) for v in pos], [int(v) for v in neg]
    wins = p[1] * q[0] + p[2] * (q[0] + q[1])
    ties = sum(a * b for a, b in zip(p, q))
    exact = F(2 * wins + ties, 2 * sum(p) * sum(q))
    assert sum(p) * sum(q) > 2**63
    assert pm.auc_from_counts(pos, neg) == float(exact)


def test_counts_are_the_merged_table_of_all_batches():
    acc = pm.StreamingAUC().update([1, 0], [0.9, 0.8]).update([0, 1], [0.9, 0.1])
    merged = acc.merge(pm.StreamingAUC().update([0], [0.5]))
    c = merged.counts
    assert isinstance(c, pm.ScoreCounts)
    assert (c.keys.tolist(), c.pos.tolist(), c.neg.tolist()) == (
        [0.1, 0.5, 0.8, 0.9],
        [1, 0, 0, 1],
        [0, 1, 1, 1],
    )
    whole = pm.score_counts([1, 0, 0, 1, 0], [0.9, 0.8, 0.9, 0.1, 0.5])
    assert all(np.array_equal(a, b) for a, b in zip(c, whole, strict=True))


def test_update_costs_in_proportion_to_its_batch(monkeypatch):
    """Each update counts its own batch and merges nothing; the tables of all batches
    are merged once, when the counts are needed, and kept merged."""
    merged_rows = []
    merge = pm.streaming.merge_counts

    def counting_merge(*tables):
        merged_rows.append(sum(t.keys.size for t in tables))
        return merge(*tables)

    monkeypatch.setattr(pm.streaming, "merge_counts", counting_merge)
    rng = np.random.default_rng(0)
    y, s = rng.integers(0, 2, 10**5), rng.random(10**5)
    acc = pm.StreamingAUC()
    for k in range(100):
        acc.update(y[k * 1000 : (k + 1) * 1000], s[k * 1000 : (k + 1) * 1000])
    assert merged_rows == []  # nothing merged while updating
    assert acc.result() == pm.roc_auc(y, s)
    assert merged_rows == [10**5]  # one merge of the 100 tables (distinct scores)
    assert acc.result() == acc.merge(pm.StreamingAUC()).result()
    assert merged_rows == [10**5]  # kept merged: no second merge


@pytest.mark.parametrize("pos_label, y", [("spam", ["spam", "ham"]), (-1, [-1, 1])])
def test_update_takes_pos_label(pos_label, y):
    acc = pm.StreamingAUC().update(y, [0.9, 0.1], pos_label=pos_label)
    assert acc.update(y, [0.8, 0.2], pos_label=pos_label).result() == 1.0
    with pytest.raises(ValueError, match="pass the positive class as pos_label"):
        pm.StreamingAUC().update(["a", "b"], [0.1, 0.2])
