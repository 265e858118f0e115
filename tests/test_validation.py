"""The shared input checks: every message names the argument it is about."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from pedagogy_metrics._checks import arrays as v


@pytest.mark.parametrize(
    "values, error, message",
    [
        (None, TypeError, "x must be an array-like"),
        ("abc", TypeError, "x must be an array-like"),
        ([], ValueError, "x is empty"),
        ([[1.0, 2.0]], ValueError, "x must be 1-dimensional"),
        ([1.0, math.nan], ValueError, "x contains NaN"),
        ([1.0, math.inf], ValueError, "x contains inf"),
        (["a", "b"], TypeError, "x must hold real numbers"),
        ([1.0, None], ValueError, "x contains missing values"),
        ([1.0, "a"], TypeError, "x must hold real numbers"),
    ],
)
def test_as_real_rejects(values, error, message):
    with pytest.raises(error, match=message):
        v.as_real(values, "x")


def test_as_real_accepts_lists_bools_and_ints():
    assert v.as_real([True, False], "x").tolist() == [1.0, 0.0]
    assert v.as_real((1, 2), "x").dtype == float
    assert v.as_real([[0.2, 0.8]], "x", ndim=2).shape == (1, 2)
    with pytest.raises(ValueError, match="x must be 2-dimensional"):
        v.as_real([0.2, 0.8], "x", ndim=2)


def test_as_binary():
    assert v.as_binary([True, False, True], "y").tolist() == [1, 0, 1]
    assert v.as_binary([1.0, 0.0], "y").tolist() == [1, 0]
    assert v.as_binary([-1, 1, 1], "y").tolist() == [0, 1, 1]
    assert v.as_binary(["ham", "spam"], "y", pos_label="spam").tolist() == [0, 1]
    assert v.as_binary([1, 2, 2], "y", pos_label=2).tolist() == [0, 1, 1]
    assert v.as_binary([2, 1], "y").tolist() == [0, 1]  # the default pos_label=1
    assert v.as_binary(["ham"], "y", pos_label="spam").tolist() == [0]
    assert v.as_binary([0, 0], "y").tolist() == [0, 0]
    with pytest.raises(ValueError, match=r"y must hold two labels \(binary\), found 3"):
        v.as_binary([0, 1, 2], "y")
    with pytest.raises(ValueError, match=r"labels \['ham', 'spam'\].*pos_label='spam'"):
        v.as_binary(["spam", "ham"], "y")
    with pytest.raises(ValueError, match=r"pos_label=5 is not one of them"):
        v.as_binary([0, 1], "y", pos_label=5)
    with pytest.raises(TypeError, match="pos_label must be one label"):
        v.as_binary([0, 1], "y", pos_label=[1])
    with pytest.raises(ValueError, match="y contains NaN"):
        v.as_binary([0.0, math.nan], "y")


def test_as_labels():
    assert v.as_labels(["cat", "dog"], "y").tolist() == ["cat", "dog"]
    with pytest.raises(ValueError, match="y contains NaN"):
        v.as_labels([0.0, math.nan], "y")
    with pytest.raises(ValueError, match="y contains missing values"):
        v.as_labels(np.array(["a", None], dtype=object), "y")


def test_as_weights():
    assert v.as_weights(None, 3).tolist() == [1.0, 1.0, 1.0]
    assert v.as_weights([0, 2], 2).tolist() == [0.0, 2.0]
    with pytest.raises(ValueError, match="sample_weight has length 1, expected 2"):
        v.as_weights([1.0], 2)
    with pytest.raises(ValueError, match="sample_weight contains negative"):
        v.as_weights([1.0, -1.0], 2)
    with pytest.raises(ValueError, match="sample_weight sums to zero"):
        v.as_weights([0.0, 0.0], 2)
    with pytest.raises(ValueError, match="weights contains NaN"):
        v.as_weights([math.nan, 1.0], 2, "weights")


def test_scalar_checks():
    assert v.check_fraction(0.5, "limit") == 0.5
    with pytest.raises(ValueError, match=r"limit must lie in \[0, 1\]"):
        v.check_fraction(1.5, "limit")
    with pytest.raises(
        ValueError, match="confidence must lie strictly between 0 and 1"
    ):
        v.check_confidence(1.0)
    with pytest.raises(TypeError, match="k must be an integer"):
        v.check_positive_int(2.5, "k")
    assert (
        v.check_positive_int(2.0, "k") == 2
    )  # one integer policy: whole floats are counts
    with pytest.raises(TypeError, match="k must be an integer"):
        v.check_positive_int(True, "k")
    with pytest.raises(ValueError, match="k must be >= 1"):
        v.check_positive_int(0, "k")
    assert v.check_positive_int(np.int64(3), "k") == 3
    with pytest.raises(ValueError, match="beta must be finite"):
        v.check_real(math.nan, "beta")
    assert v.check_real(math.inf, "beta", allow_inf=True) == math.inf
    with pytest.raises(ValueError, match="beta must be >= 0.0"):
        v.check_real(-1, "beta", low=0.0)
    with pytest.raises(TypeError, match="beta must be a real number"):
        v.check_real("1", "beta")


def test_choice_length_and_classes():
    assert v.check_choice("macro", "average", ("macro", "micro")) == "macro"
    with pytest.raises(ValueError, match="average must be one of"):
        v.check_choice("mean", "average", ("macro", "micro"))
    with pytest.raises(ValueError, match="length mismatch: a has 2, b has 3"):
        v.check_same_length(a=[1, 2], b=[1, 2, 3])
    assert v.check_both_classes(np.array([0, 1, 1])) == (2, 1)
    with pytest.raises(ValueError, match="y_true holds only negatives"):
        v.check_both_classes(np.array([0, 0]))
    with pytest.raises(ValueError, match=r"p must hold probabilities in \[0, 1\]"):
        v.check_probabilities(np.array([0.5, 1.5]), "p")


def test_ragged_input_and_huge_weights():
    with pytest.raises(ValueError, match="x must be a flat sequence of values"):
        v.as_real([[1.0, 2.0], [3.0]], "x")
    with pytest.raises(ValueError, match="p must be a rectangular array"):
        v.as_real([[0.5, 0.5], [1.0]], "p", ndim=2)
    with pytest.raises(
        ValueError, match="sample_weight sums to more than the largest float"
    ):
        v.as_weights([1e308, 1e308], 2)


def test_object_arrays_complex_and_huge_integers():
    assert v.as_labels(np.array(["a", "b"], dtype=object), "y").dtype.kind == "U"
    assert v.as_labels(np.array([1, 0], dtype=object), "y").dtype.kind == "i"
    assert v.as_binary(np.array([True, 0], dtype=object), "y").tolist() == [1, 0]
    with pytest.raises(ValueError, match="y contains missing values"):
        v.as_labels(np.array([1.0, math.nan], dtype=object), "y")
    with pytest.raises(
        TypeError,
        match=r"y must hold numbers, strings or booleans, all of one kind, got \['int'",
    ):
        v.as_labels(np.array([1, "a"], dtype=object), "y")
    for check in (
        v.as_real,
        v.as_labels,
        v.as_binary,
    ):  # NumPy would drop the imaginary part with a warning
        with pytest.raises(TypeError, match="x must hold"):
            check(np.array([1 + 0j, 0j]), "x")
    with pytest.raises(ValueError, match="n must be finite"):
        v.check_real(10**400, "n")
    with pytest.raises(
        TypeError, match="b and a must both hold numbers or both hold strings"
    ):
        v.check_comparable(np.array(["x"]), "a", np.array([b"x"]), "b")


def test_half_precision_lists_and_arrays_do_not_warn():
    """The integer-recovery check compared float16 values with 2**53 (an overflow
    in the cast, a RuntimeWarning); a list of float16 or float32 numbers never holds
    a Python int, so it is left alone."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for dtype in (np.float16, np.float32):
            values = [
                dtype(0.25),
                dtype(1.0),
                dtype(65504.0 if dtype is np.float16 else 3e38),
            ]
            assert v.as_real(values, "x").tolist() == [float(x) for x in values]
            assert v.as_scores(values, "x").tolist() == [float(x) for x in values]
            assert v.as_labels([dtype(0), dtype(1)], "x").tolist() == [0.0, 1.0]


@pytest.mark.skipif(
    np.finfo(np.longdouble).eps == np.finfo(float).eps,
    reason="np.longdouble is float64 on this platform",
)
def test_extended_precision_outside_float64():
    big = np.array([np.longdouble("1e400"), 1], dtype=np.longdouble)
    with pytest.raises(
        ValueError, match="x holds a number too large for a 64-bit float"
    ):
        v.as_real(big, "x")
    tiny = np.array([np.longdouble("1e-400"), 0], dtype=np.longdouble)
    with pytest.raises(ValueError, match="x holds a non-zero number too small"):
        v.as_real(tiny, "x")


def test_as_binary_refuses_probabilities():
    with pytest.raises(ValueError, match=r"y holds non-integer values such as 0\.3: "):
        v.as_binary([0.3, 0.7], "y")
    with pytest.raises(ValueError, match="did you swap y and s"):
        v.as_binary([0.3, 0.7, 0.9], "y", scores=[0, 1, 1], scores_name="s")
    assert v.as_binary([0.0, 1.0], "y", scores=[0.3, 0.7]).tolist() == [0, 1]
