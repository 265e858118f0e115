"""Input checks shared by every module of :mod:`pedagogy_metrics`.

Every public function turns its arguments into NumPy arrays through these
helpers, so a bad input is reported the same way everywhere: a ``ValueError``
(or ``TypeError`` for the wrong kind of object) whose message starts with the
name of the argument the user passed.

The rules (API.md, "Input rules"):

* distinct values stay distinct: integer scores, grades and labels are kept as
  64-bit integers (never rounded to floats, where two timestamps above 2**53
  would become a tie), extended-precision floats are kept as they are, and a
  Python int that fits no 64-bit integer is a ``ValueError`` where its exact
  value matters;
* a NumPy masked array is a ``TypeError`` (its mask would be ignored);
* pandas Series, Categorical and nullable dtypes work when their values are
  valid; a missing value (``None``, ``pd.NA``, NaN) is a ``ValueError``;
* one integer policy: counts such as ``k`` or ``n`` are whole numbers (``3``,
  ``np.int64(3)`` or ``3.0``), never booleans.

Every input check of the package is here, none in the metric modules. The
first sections are the generic checks (array-likes, several arrays, scalars);
the later ones, one per module, combine them into what a metric needs, so that
a metric validates its arguments in one or two lines and then reads as its
formula. Checks that belong to one formula (IDCG needs ``ideal`` to hold every
retrieved grade, MAPE needs ``y_true != 0``) are named checks of that section.
"""

from __future__ import annotations

import math
import numbers
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np

__all__ = [
    # array-likes
    "as_array",
    "as_labels",
    "as_real",
    "as_scores",
    "as_binary",
    "as_weights",
    "exact_difference",
    # several arrays
    "common_labels",
    "check_same_length",
    "check_comparable",
    # scalars
    "check_choice",
    "check_callable",
    "check_fraction",
    "check_positive_int",
    "check_real",
    "check_positive_real",
    "check_confidence",
    "check_probabilities",
    "check_both_classes",
    "check_zero_division",
    "as_float_count",
    # classification (chapters 1-2)
    "AVERAGES",
    "as_label_pair",
    "as_common_labels",
    "check_labels_in_truth",
    "check_average",
    # curves (chapters 3-4)
    "MAX_BINS",
    "as_binary_scores",
    "as_grouped_scores",
    "as_histogram_inputs",
    # probabilities (chapter 5)
    "ROW_SUM_TOLERANCE",
    "as_probabilities",
    "check_observed_positives",
    "check_positive_entropy",
    # calibration
    "BIN_STRATEGIES",
    "MAX_CALIBRATION_BINS",
    "as_calibration_inputs",
    "as_platt_inputs",
    "check_platt_converged",
    # regression (chapter 6)
    "as_value_pair",
    "as_r2_inputs",
    "check_nonzero_truth",
    "check_above_minus_one",
    # ranking (chapters 7-8)
    "MAX_EXPONENTIAL_GRADE",
    "as_grades",
    "as_queries",
    "as_query_counts",
    "as_cutoff",
    "as_n_relevant",
    "as_ranked_and_ideal",
    "as_graded_scores",
    "check_exponential_grades",
    "check_finite_sum",
    "check_scored_groups",
    # inference (chapter 9)
    "MAX_RESAMPLES",
    "as_binomial_counts",
    "as_bootstrap_inputs",
    "metric_value",
    "check_enough_defined",
    # ranking additions: ERR, one ideal per query, TREC runs (issue 16)
    "TREC_MEASURES",
    "TREC_CUTOFFS",
    "as_err_grades",
    "as_query_ideals",
    "check_ideal_covers",
    "as_qrels",
    "as_run",
    "as_trec_measures",
    "as_trec_table",
    "as_trec_numbers",
    # inference and comparison additions: BCa, strata, DeLong, paired tests (issue 16)
    "BOOTSTRAP_METHODS",
    "MCNEMAR_METHODS",
    "as_bootstrap_design",
    "jackknife_value",
    "check_bca_defined",
    "as_delong_inputs",
    "as_paired_differences",
    "as_randomization_inputs",
    "as_p_values",
    # classification, thresholds and multi-class additions (issue 14)
    "KAPPA_WEIGHTS",
    "MULTICLASS_AVERAGES",
    "check_flag",
    "check_adjustable",
    "check_kappa_weights",
    "check_scored_total",
    "check_kappa_defined",
    "check_mcc_resolved",
    "check_costs",
    "check_finite_cost",
    "as_score_matrix",
    "as_class_scores",
    "as_multiclass_proba",
    # streaming (chapter 15, issue 17)
    "check_stream_bins",
    "as_auc_batch",
    "as_common_scores",
    "check_mergeable",
    "check_streamed_classes",
]

_INT64 = np.iinfo(np.int64)
_UINT64 = np.iinfo(np.uint64)
_EXACT_FLOAT_INT = 2**53  # every integer of at most this size is exactly a float64


# ---- array-likes -------------------------------------------------------------


def _reject_objects(values: Any, name: str) -> None:
    """Raise for non-array-likes, or objects whose conversion would lose meaning."""
    if values is None:
        raise TypeError(f"{name} must be an array-like, got None")
    if isinstance(values, np.ma.MaskedArray):
        raise TypeError(
            f"{name} is a NumPy masked array: its mask would be ignored; "
            f"pass only the values you mean, e.g. {name}.compressed()"
        )
    if isinstance(values, (str, bytes, dict, set, frozenset)):
        raise TypeError(f"{name} must be an array-like, got {type(values).__name__}")


def _is_missing(v: Any) -> bool:
    """None, pandas' NA / NaT, or a float NaN."""
    if v is None or type(v).__name__ in ("NAType", "NaTType"):
        return True
    return isinstance(v, float) and math.isnan(v)


def _exact_ints(values: list[Any], name: str) -> np.ndarray:
    """Python ints as int64 (or uint64 if all are >= 0); beyond 64 bits, ValueError."""
    low, high = min(values), max(values)
    if low >= _INT64.min and high <= _INT64.max:
        return np.array(values, dtype=np.int64)
    if low >= 0 and high <= _UINT64.max:
        return np.array(values, dtype=np.uint64)
    big = high if high > _INT64.max else low
    raise ValueError(
        f"{name} holds integers beyond the 64-bit range (one has {len(str(abs(big)))} "
        "digits); convert them to float if rounding them is acceptable"
    )


def _typed(
    arr: np.ndarray, name: str, *, exact: bool = False, round_ints: bool = False
) -> np.ndarray:
    """An object array as a typed one.

    Object arrays come from a pandas Series of strings, Python ints beyond
    int64, and the like. Strings, bytes, booleans and integers keep their exact
    values; other real numbers become float64. With ``exact`` (labels, scores:
    values compared for equality or order) ``Fraction`` and ``Decimal`` are
    refused, and so is a mix of ints and floats that rounding to float64 would
    make equal. Integers beyond 64 bits are a ``ValueError`` unless
    ``round_ints`` lets them become floats.
    """
    flat = arr.ravel().tolist()
    if any(_is_missing(v) for v in flat):
        raise ValueError(f"{name} contains missing values (None, NA or NaN)")
    if all(isinstance(v, str) for v in flat):
        return arr.astype(str)
    if all(isinstance(v, bytes) for v in flat):
        return arr.astype(bytes)
    if all(isinstance(v, (bool, np.bool_)) for v in flat):
        return arr.astype(bool)
    if all(isinstance(v, (numbers.Integral, np.bool_)) for v in flat):
        ints = [int(v) for v in flat]
        if not round_ints or all(_INT64.min <= v <= _INT64.max for v in ints):
            return _exact_ints(ints, name).reshape(arr.shape)
    kinds = sorted({type(v).__name__ for v in flat})
    plain = (int, float, np.integer, np.floating, np.bool_)
    if all(
        isinstance(v, numbers.Real) or hasattr(v, "__float__") for v in flat
    ) and not any(isinstance(v, (str, bytes, complex)) for v in flat):
        odd = sorted({type(v).__name__ for v in flat if not isinstance(v, plain)})
        if exact and odd:
            raise TypeError(
                f"{name} holds {odd[0]} values, which cannot be compared exactly "
                "as floats: pass ints, floats, strings or booleans"
            )
        try:
            out = np.array([float(v) for v in flat], dtype=float).reshape(arr.shape)
        except OverflowError:
            raise ValueError(f"{name} holds a number too large for a float") from None
        if exact and np.unique(out).size != len(set(flat)):
            raise ValueError(
                f"{name} mixes integers and floats that become equal as 64-bit floats "
                "(integers above 2**53): pass values of one kind"
            )
        return out
    raise TypeError(
        f"{name} must hold numbers, strings or booleans, all of one kind, got {kinds}"
    )


def _recover_ints(values: Any, arr: np.ndarray, name: str) -> np.ndarray:
    """Keep ints above 2**63 exact: NumPy turns a list holding one into float64."""
    if arr.dtype.kind != "f" or arr.size == 0 or not isinstance(values, (list, tuple)):
        return arr
    if not np.isfinite(arr).all() or np.abs(arr).max() < _EXACT_FLOAT_INT:
        return arr
    obj = np.array(values, dtype=object)
    if not any(isinstance(v, numbers.Integral) for v in obj.ravel().tolist()):
        return arr
    return obj  # exact Python numbers: typed by the caller


def as_array(
    values: Any,
    name: str,
    *,
    ndim: int | None = 1,
    exact: bool = False,
    round_ints: bool = False,
) -> np.ndarray:
    """Array-like -> non-empty NumPy array of ``ndim`` dimensions, values kept exact.

    Rejects None, strings, dicts, masked arrays, ragged nesting, missing values
    and complex numbers; object arrays become typed arrays (:func:`_typed`).
    ``ndim=None`` accepts any number of dimensions >= 1; ``exact`` and
    ``round_ints`` as in :func:`_typed`.
    """
    _reject_objects(values, name)
    try:
        arr = np.asarray(values)
    except ValueError:  # ragged nesting such as [[1, 2], [3]]
        shape = "a flat sequence of values" if ndim == 1 else "a rectangular array"
        raise ValueError(
            f"{name} must be {shape}, got a ragged nested sequence"
        ) from None
    except OverflowError:
        raise ValueError(f"{name} holds an integer too large for NumPy") from None
    if arr.dtype == object and arr.ndim >= 1 and arr.size:
        nested = [
            v for v in arr.ravel().tolist() if isinstance(v, (list, tuple, np.ndarray))
        ]
        if nested:
            raise ValueError(
                f"{name} must be a flat sequence of values, "
                "got a ragged nested sequence"
            )
    if ndim is not None and arr.ndim != ndim:
        raise ValueError(f"{name} must be {ndim}-dimensional, got shape {arr.shape}")
    if ndim is None and arr.ndim == 0:
        raise ValueError(f"{name} must be an array-like of values, got a single value")
    if arr.size == 0:
        raise ValueError(f"{name} is empty: at least one value is needed")
    if arr.dtype.kind == "c":
        raise TypeError(f"{name} must hold real numbers, got dtype {arr.dtype}")
    arr = _recover_ints(values, arr, name)
    if arr.dtype == object:
        arr = _typed(arr, name, exact=exact, round_ints=round_ints)
    return arr


def _check_finite(arr: np.ndarray, name: str) -> None:
    if arr.dtype.kind == "f":
        if np.isnan(arr).any():
            raise ValueError(f"{name} contains NaN")
        if np.isinf(arr).any():
            raise ValueError(f"{name} contains inf")


def _check_numeric(arr: np.ndarray, name: str) -> None:
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{name} must hold real numbers, got dtype {arr.dtype}")


def as_real(values: Any, name: str, *, ndim: int = 1) -> np.ndarray:
    """Return ``values`` as a float64 array, rejecting non-numbers, NaN and inf.

    Use it where the computation is arithmetic in floats (errors, probabilities,
    weights); where only the order of values matters use :func:`as_scores`.
    ``ndim`` is 1 (a vector) or 2 (a matrix of shape ``(n, C)``).
    """
    arr = as_array(values, name, ndim=ndim, round_ints=True)
    _check_numeric(arr, name)
    _check_finite(arr, name)
    with np.errstate(over="ignore"):
        out = arr.astype(float)
    if (
        arr.dtype.kind == "f" and np.isinf(out).any()
    ):  # extended precision beyond float64
        raise ValueError(f"{name} holds a number too large for a float")
    return out


def as_scores(values: Any, name: str, *, exact: bool = True) -> np.ndarray:
    """Return finite real values whose *order* matters, without merging distinct values.

    Integers stay int64 (uint64 when they need it), extended-precision floats
    stay extended, other floats become float64. Sorting and comparing the result
    gives the order of the values the user passed, ties exactly where they were.
    ``exact=False`` also accepts ``Fraction`` and ``Decimal`` values (as floats),
    for arguments whose differences, not their order, are computed.
    """
    arr = as_array(values, name, exact=exact)
    _check_numeric(arr, name)
    _check_finite(arr, name)
    if arr.dtype == bool:
        return arr.astype(np.int64)
    if arr.dtype.kind == "i":
        return arr.astype(np.int64, copy=False)
    if arr.dtype.kind == "u":
        return arr.astype(
            np.uint64 if arr.dtype.itemsize == 8 else np.int64, copy=False
        )
    if arr.dtype.itemsize > 8:  # long double: keep its extra precision
        return arr
    return arr.astype(float, copy=False)


def as_labels(values: Any, name: str) -> np.ndarray:
    """Return class labels as a 1-D array: numbers, strings or booleans, kept exact.

    Labels may be numbers, strings or booleans, not a mix of numbers and
    strings; an object array (a pandas Series of strings) becomes a typed one.
    """
    arr = as_array(values, name, exact=True)
    _check_finite(arr, name)
    if arr.dtype.kind not in "biufUS":
        raise TypeError(
            f"{name} must hold numbers, strings or booleans, got dtype {arr.dtype}"
        )
    if arr.dtype.kind == "f" and arr.dtype.itemsize < 8:
        arr = arr.astype(float)
    return arr


def as_binary(values: Any, name: str) -> np.ndarray:
    """Return binary labels as an int64 array of 0s and 1s (bools accepted)."""
    arr = as_labels(values, name)
    if arr.dtype == bool:
        return arr.astype(np.int64)
    if arr.dtype.kind in "US":
        raise ValueError(
            f"{name} must hold binary labels 0 and 1, got dtype {arr.dtype}"
        )
    if (
        arr.dtype.kind in "iu" and arr.min() >= 0 and arr.max() <= 1
    ):  # integers: two reductions
        return arr.astype(np.int64, copy=False)
    outside = (arr != 0) & (arr != 1)
    if outside.any():
        bad = np.unique(arr[outside])[:5].tolist()
        raise ValueError(f"{name} must hold binary labels 0 and 1, found {bad}")
    return arr.astype(np.int64)


def as_weights(
    values: Any, n: int, name: str = "sample_weight", *, use_instead: str | None = None
) -> np.ndarray:
    """Return weights of length ``n`` (ones when ``values`` is None).

    Weights must be finite, non-negative and not all zero. With ``use_instead``
    (the name of the unweighted metric) the weights are required: None is a
    ``TypeError`` that points to that metric.
    """
    if values is None:
        if use_instead is not None:
            raise TypeError(
                f"{name} must be an array-like of one weight per sample, "
                f"got None (use {use_instead})"
            )
        return np.ones(n)
    w = as_real(values, name)
    if w.shape[0] != n:
        raise ValueError(f"{name} has length {w.shape[0]}, expected {n}")
    if (w < 0).any():
        raise ValueError(f"{name} contains negative weights")
    with np.errstate(over="ignore"):
        total = w.sum()
    if np.isinf(total):
        raise ValueError(
            f"{name} sums to more than the largest float: rescale the weights"
        )
    if total <= 0:
        raise ValueError(f"{name} sums to zero: at least one weight must be positive")
    return w


def exact_difference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a - b`` as float64, computed exactly before the one rounding to float.

    Two int64 values above 2**53 that differ by 1 have a difference of 1, not
    the 0 that subtracting their float64 roundings would give.
    """
    if a.dtype.kind in "iu" and b.dtype.kind in "iu":
        big = max(np.abs(a.astype(float)).max(), np.abs(b.astype(float)).max())
        if big < 2**62:  # int64 subtraction cannot overflow
            return (a.astype(np.int64) - b.astype(np.int64)).astype(float)
        diff = np.array(
            [int(x) - int(y) for x, y in zip(a.tolist(), b.tolist())], dtype=object
        )
        return diff.astype(float)
    with np.errstate(over="ignore"):
        out = np.subtract(a, b, dtype=np.result_type(a.dtype, b.dtype, float)).astype(
            float
        )
    return out


# ---- pairs of arrays -----------------------------------------------------------


def check_same_length(**arrays: Any) -> int:
    """Raise unless every array has the same first dimension; return it."""
    lengths = {name: len(arr) for name, arr in arrays.items()}
    if len(set(lengths.values())) > 1:
        detail = ", ".join(f"{name} has {n}" for name, n in lengths.items())
        raise ValueError(f"length mismatch: {detail}")
    return next(iter(lengths.values()))


def _label_kind(labels: np.ndarray) -> str:
    """'text', 'bytes' or 'number' (numbers and booleans); 'other' for anything else."""
    kinds = {
        "U": "text",
        "S": "bytes",
        "b": "number",
        "i": "number",
        "u": "number",
        "f": "number",
    }
    return kinds.get(labels.dtype.kind, "other")


def check_comparable(a: np.ndarray, a_name: str, b: np.ndarray, b_name: str) -> None:
    """Raise unless both label arrays hold numbers or both hold strings.

    Only then can ``==`` match their values.
    """
    if _label_kind(a) != _label_kind(b) or _label_kind(a) == "other":
        raise TypeError(
            f"{b_name} and {a_name} must both hold numbers or both hold strings, "
            f"got dtypes {b.dtype} and {a.dtype}"
        )


def _fits(arr: np.ndarray, dtype: type) -> bool:
    info = np.iinfo(dtype)
    return bool(arr.min() >= info.min and arr.max() <= info.max)


def common_labels(**arrays: np.ndarray) -> list[np.ndarray]:
    """Label arrays of one kind converted to one dtype in which equal means equal.

    Mixing int64 with uint64 or with floats must not round 2**62 + 1 to 2**62;
    the arrays are brought to int64, uint64, float64 or, as a last resort,
    exact Python numbers (object), whichever keeps every value.
    """
    names, arrs = list(arrays), list(arrays.values())
    for name, arr in zip(names[1:], arrs[1:]):
        check_comparable(arrs[0], names[0], arr, name)
    if _label_kind(arrs[0]) != "number":
        return arrs
    ints = [a.astype(np.int64) if a.dtype == bool else a for a in arrs]
    if all(a.dtype.kind in "iu" for a in ints):
        if all(_fits(a, np.int64) for a in ints):
            return [a.astype(np.int64, copy=False) for a in ints]
        if all(_fits(a, np.uint64) for a in ints):
            return [a.astype(np.uint64, copy=False) for a in ints]
    elif all(a.dtype.kind == "f" for a in ints):  # the widest float: long double stays
        wide = np.result_type(*ints)
        return [a.astype(wide) for a in ints]
    elif all(
        a.dtype.itemsize <= 8
        and (a.dtype.kind == "f" or np.abs(a.astype(float)).max() <= _EXACT_FLOAT_INT)
        for a in ints
    ):
        return [a.astype(float) for a in ints]
    return [a.astype(object) for a in ints]  # exact numbers, compared without rounding


# ---- scalars -------------------------------------------------------------------


class NotAnIntegerError(ValueError, TypeError):
    """A count given as a number with a fractional part (2.5) or NaN.

    A wrong value of a wrong kind: both a ``ValueError`` and a ``TypeError``.
    """


def check_choice(value: Any, name: str, choices: Sequence[Any]) -> Any:
    """Raise unless ``value`` is one of ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name} must be one of {list(choices)}, got {value!r}")
    return value


def check_callable(value: Any, name: str) -> None:
    """Raise a ``TypeError`` unless ``value`` can be called (a metric, a score)."""
    if not callable(value):
        raise TypeError(f"{name} must be callable, got {type(value).__name__}")


def check_real(
    value: Any, name: str, *, low: float = -math.inf, allow_inf: bool = False
) -> float:
    """Return ``value`` as a float after checking it is a real number >= ``low``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__}")
    try:
        value = float(value)
    except OverflowError:  # an int beyond the float range
        raise ValueError(
            f"{name} must be finite, got an integer too large for a float"
        ) from None
    if math.isnan(value) or (math.isinf(value) and not allow_inf):
        raise ValueError(f"{name} must be finite, got {value}")
    if value < low:
        raise ValueError(f"{name} must be >= {low}, got {value}")
    return value


def check_positive_real(value: Any, name: str) -> float:
    """Return ``value`` as a float after checking it is a finite real number > 0."""
    value = check_real(value, name)
    if value <= 0:
        raise ValueError(f"{name} must be > 0, got {value}")
    return value


def check_fraction(
    value: Any, name: str, *, strict: bool = False, why: str = ""
) -> float:
    """Return ``value`` as a float after checking 0 <= value <= 1.

    ``strict`` excludes 0 and 1 (a confidence level, a logit's argument);
    ``why`` is appended to the range in the message, e.g. ``" (its logit)"``.
    """
    value = check_real(value, name)
    if strict:
        if not 0.0 < value < 1.0:
            raise ValueError(
                f"{name} must lie strictly between 0 and 1{why}, got {value}"
            )
    elif not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must lie in [0, 1]{why}, got {value}")
    return value


def check_confidence(value: Any, name: str = "confidence") -> float:
    """Return a confidence level strictly between 0 and 1."""
    return check_fraction(value, name, strict=True)


def check_positive_int(value: Any, name: str, *, low: int = 1) -> int:
    """Return ``value`` as a Python int after checking it is a whole number >= ``low``.

    The one integer policy of the package: ``3``, ``np.int64(3)`` and ``3.0``
    are accepted; ``2.5`` or NaN raises :class:`NotAnIntegerError` (both a
    ``ValueError`` and a ``TypeError``, as scikit-learn's parameter errors), a
    boolean or a string a ``TypeError``.
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    if not isinstance(value, numbers.Integral):
        x = float(value)
        if not x.is_integer():
            raise NotAnIntegerError(f"{name} must be an integer, got {value!r}")
        value = int(x)
    value = int(value)
    if value < low:
        raise ValueError(f"{name} must be >= {low}, got {value}")
    return value


def as_float_count(value: Any, name: str, *, low: int = 0) -> float:
    """Return a whole number >= ``low`` (:func:`check_positive_int`) as a float.

    For counts that enter a formula in floats (the ``n`` of an interval); a
    count beyond the float range is a ``ValueError``.
    """
    count = check_positive_int(value, name, low=low)
    try:
        return float(count)
    except OverflowError:
        raise ValueError(
            f"{name} is too large for a float ({len(str(count))} digits)"
        ) from None


def check_zero_division(value: Any, name: str = "zero_division") -> float:
    """0.0, 1.0 or NaN: a ratio's value when its denominator is 0 (as scikit-learn)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be 0.0, 1.0 or nan, got {type(value).__name__}")
    value = float(value)
    if not (value in (0.0, 1.0) or math.isnan(value)):
        raise ValueError(f"{name} must be 0.0, 1.0 or nan, got {value}")
    return value


def check_probabilities(p: np.ndarray, name: str) -> np.ndarray:
    """Raise unless every entry of the float array ``p`` lies in [0, 1]."""
    if ((p < 0) | (p > 1)).any():
        raise ValueError(f"{name} must hold probabilities in [0, 1]")
    return p


def check_both_classes(y: np.ndarray, name: str = "y_true") -> tuple[int, int]:
    """Return ``(n_pos, n_neg)`` of a 0/1 array; raise if either is zero."""
    n_pos = int(y.sum())
    n_neg = int(y.size - n_pos)
    if n_pos == 0 or n_neg == 0:
        only = "negatives" if n_pos == 0 else "positives"
        raise ValueError(f"{name} holds only {only}: the metric needs both classes")
    return n_pos, n_neg


# ---- classification: labels and predictions (chapters 1-2) ---------------------

AVERAGES = ("binary", "macro", "micro", "weighted")
_BINARY_CLASSES = np.array([0, 1])


def as_label_pair(
    y_true: Any,
    y_pred: Any,
    sample_weight: Any = None,
    labels: Any = None,
    *,
    binary: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Validate truth, prediction, weights and (optionally) the classes to score.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted labels (:func:`as_labels`; 0/1 with ``binary``).
    sample_weight : array-like of shape (n,), optional
        Checked by :func:`as_weights` (ones when None).
    labels : array-like, optional
        The classes to score, without duplicates.
    binary : bool, default False
        Labels must be 0 and 1 (:func:`as_binary`); ``labels`` is not used.

    Returns
    -------
    t, p, w, classes : ndarray
        ``t``, ``p`` and ``classes`` in one dtype where equal means equal
        (:func:`common_labels`); ``classes`` is ``labels`` as given, else the
        sorted union of ``t`` and ``p`` (``[0, 1]`` with ``binary``).
    """
    convert = as_binary if binary else as_labels
    t = convert(y_true, "y_true")
    p = convert(y_pred, "y_pred")
    n = check_same_length(y_true=t, y_pred=p)
    w = as_weights(sample_weight, n)
    if binary:
        return t, p, w, _BINARY_CLASSES
    if labels is None:
        t, p = common_labels(y_true=t, y_pred=p)
        return t, p, w, np.unique(np.concatenate([t, p]))
    t, p, classes = common_labels(
        y_true=t, y_pred=p, labels=as_labels(labels, "labels")
    )
    if len(np.unique(classes)) != len(classes):
        raise ValueError("labels contains duplicates")
    return t, p, w, classes


def as_common_labels(**arrays: Any) -> list[np.ndarray]:
    """Validate label arrays of equal length, in one dtype where equal means equal.

    Parameters
    ----------
    **arrays : array-like of shape (n,)
        The label arrays, each under the name of its argument.

    Returns
    -------
    list of ndarray
        The arrays in the order given (:func:`as_labels`, :func:`common_labels`).
    """
    converted = {name: as_labels(values, name) for name, values in arrays.items()}
    check_same_length(**converted)
    return common_labels(**converted)


def check_labels_in_truth(classes: np.ndarray, t: np.ndarray) -> None:
    """Raise unless some class of ``labels`` occurs in ``y_true``.

    Parameters
    ----------
    classes : ndarray
        The classes to score, from :func:`as_label_pair`.
    t : ndarray
        The true labels, in the same dtype.
    """
    if not np.isin(classes, t).any():
        raise ValueError("labels: none of the given labels occurs in y_true")


def check_average(average: Any, zero_division: Any, labels: Any) -> float:
    """Check how per-class scores are averaged; return ``zero_division`` as a float.

    Parameters
    ----------
    average : str
        One of :data:`AVERAGES`.
    zero_division : float
        Checked by :func:`check_zero_division`.
    labels : array-like or None
        Must be None with ``average="binary"`` (class 1 is scored).

    Returns
    -------
    float
        ``zero_division``: 0.0, 1.0 or NaN.
    """
    check_choice(average, "average", AVERAGES)
    zero_division = check_zero_division(zero_division)
    if average == "binary" and labels is not None:
        raise ValueError(
            "labels cannot be combined with average='binary' (class 1 is scored)"
        )
    return zero_division


# ---- curves: binary labels and scores (chapters 3-4) ---------------------------

MAX_BINS = 2**52  # beyond this, float scores in [0, 1] cannot tell buckets apart


def as_binary_scores(
    y_true: Any,
    y_score: Any,
    *,
    need: str | None = None,
    names: tuple[str, str] = ("y_true", "y_score"),
) -> tuple[np.ndarray, np.ndarray]:
    """Validate 0/1 labels and finite scores of equal length.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels (:func:`as_binary`).
    y_score : array-like of shape (n,)
        Finite scores, integers kept exact (:func:`as_scores`).
    need : {None, "both", "positives"}, default None
        ``"both"``: both classes must occur (:func:`check_both_classes`);
        ``"positives"``: at least one positive (recall divides by P).
    names : (str, str), default ("y_true", "y_score")
        The names of the two arguments, for the messages.

    Returns
    -------
    y, s : ndarray
        The labels (int64 0/1) and the scores.
    """
    y_name, s_name = names
    y = as_binary(y_true, y_name)
    s = as_scores(y_score, s_name)
    check_same_length(**{y_name: y, s_name: s})
    if need == "both":
        check_both_classes(y, y_name)
    elif need == "positives" and not y.any():
        raise ValueError(f"{y_name} holds no positives: recall (TP / P) is undefined")
    return y, s


def as_grouped_scores(
    y_true: Any, y_score: Any, groups: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Validate 0/1 labels, scores and the group of each sample (GAUC).

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        As :func:`as_binary_scores`.
    groups : array-like of shape (n,)
        Group (user) of each sample (:func:`as_labels`).

    Returns
    -------
    y, s, group : ndarray
        Of equal length.
    """
    y = as_binary(y_true, "y_true")
    s = as_scores(y_score, "y_score")
    group = as_labels(groups, "groups")
    check_same_length(y_true=y, y_score=s, groups=group)
    return y, s, group


def as_histogram_inputs(
    y_true: Any, y_score: Any, n_bins: Any
) -> tuple[np.ndarray, np.ndarray, int]:
    """Validate labels, scores in [0, 1] and the number of buckets of a histogram AUC.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        As :func:`as_binary_scores`; both classes must occur, scores in [0, 1].
    n_bins : int
        Number of buckets, from 1 to :data:`MAX_BINS`.

    Returns
    -------
    y, s : ndarray
        The labels and scores.
    n_bins : int
        The number of buckets as a Python int.
    """
    y, s = as_binary_scores(y_true, y_score)
    check_probabilities(s, "y_score")
    n_bins = check_positive_int(n_bins, "n_bins")
    if n_bins > MAX_BINS:
        raise ValueError(f"n_bins must be <= 2**52, got {n_bins}")
    check_both_classes(y)
    return y, s, n_bins


# ---- probabilities (chapter 5) ---------------------------------------------------

ROW_SUM_TOLERANCE = 1e-6  # documented as pm.ROW_SUM_TOLERANCE (probabilistic.py)


def _probability_ndim(values: Any, name: str) -> int:
    """1 (binary: P(class 1) per case) or 2 (multi-class: one row per case)."""
    arr = as_array(values, name, ndim=None)
    if arr.ndim > 2:
        raise ValueError(
            f"{name} must be 1-dimensional (binary) or 2-dimensional (n, C), "
            f"got shape {arr.shape}"
        )
    return arr.ndim


def _class_indices(y_true: Any, n_classes: int, matrix: str = "y_proba") -> np.ndarray:
    """Labels of a multi-class problem as integer column indices 0..n_classes-1."""
    expected = (
        f"y_true must hold integer class indices 0..{n_classes - 1} "
        f"(one per column of {matrix})"
    )
    y = as_labels(y_true, "y_true")
    if y.dtype.kind in "US":
        raise ValueError(f"{expected}, got strings")
    try:
        y = y.astype(float)  # bools, ints, whole floats (and numbers stored as objects)
    except (TypeError, ValueError):
        raise ValueError(f"{expected}, got dtype {y.dtype}") from None
    if (y != np.floor(y)).any():
        raise ValueError(f"{expected}, found non-integers")
    outside = (y < 0) | (y >= n_classes)
    if outside.any():
        raise ValueError(f"{expected}, found {np.unique(y[outside])[:5].tolist()}")
    return y.astype(np.int64)


def as_probabilities(
    y_true: Any,
    y_proba: Any,
    *,
    ndim: int | None = None,
    distributions: bool = True,
) -> tuple[np.ndarray, np.ndarray]:
    """Validate labels and predicted probabilities, binary (1-D) or multi-class (2-D).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        0/1 labels when ``y_proba`` is 1-D; class indices 0..C-1 when 2-D.
    y_proba : array-like of shape (n,) or (n, C)
        Probabilities in [0, 1]: of class 1, or one column per class.
    ndim : {None, 1, 2}, default None
        The dimensions ``y_proba`` must have; None accepts either.
    distributions : bool, default True
        2-D only: at least two columns, each row summing to 1 within
        :data:`ROW_SUM_TOLERANCE`.

    Returns
    -------
    y : ndarray of int
        The labels (0/1) or class indices.
    proba : ndarray of float
        The probabilities, shape (n,) or (n, C).
    """
    if ndim is None:
        ndim = _probability_ndim(y_proba, "y_proba")
    if ndim == 1:
        y = as_binary(y_true, "y_true")
        p = check_probabilities(as_real(y_proba, "y_proba"), "y_proba")
        check_same_length(y_true=y, y_proba=p)
        return y, p
    proba = check_probabilities(as_real(y_proba, "y_proba", ndim=2), "y_proba")
    n_classes = proba.shape[1]
    if distributions:
        if n_classes < 2:
            raise ValueError(
                f"y_proba must have one column per class, at least 2, got {n_classes}"
            )
        row_sums = proba.sum(axis=1)
        off = np.abs(row_sums - 1.0)
        if (off > ROW_SUM_TOLERANCE).any():
            i = int(np.argmax(off))
            raise ValueError(
                f"y_proba rows must sum to 1 (within {ROW_SUM_TOLERANCE:g}); "
                f"row {i} sums to {float(row_sums[i])!r}"
            )
    y = _class_indices(y_true, n_classes)
    check_same_length(y_true=y, y_proba=proba)
    return y, proba


def check_observed_positives(observed: float) -> float:
    """Return PCOC's denominator after checking it is not 0.

    Parameters
    ----------
    observed : float
        The weighted count of positives, ``sum(w * y)``.

    Returns
    -------
    float
        ``observed``, positive.
    """
    if observed == 0:
        raise ValueError(
            "y_true has no positives (with positive weight): "
            "PCOC divides by their count"
        )
    return observed


def check_positive_entropy(entropy: float) -> float:
    """Return the labels' entropy after checking it is not 0 (one class only).

    Parameters
    ----------
    entropy : float
        The entropy of ``y_true``, the denominator of normalized entropy.

    Returns
    -------
    float
        ``entropy``, positive.
    """
    if entropy == 0:
        raise ValueError(
            "y_true holds one class only: the base rate is 0 or 1, its entropy is 0"
        )
    return entropy


# ---- calibration: binned probabilities and recalibration -------------------------

BIN_STRATEGIES = ("uniform", "quantile")
MAX_CALIBRATION_BINS = 10**6  # the bin edges are an array of n_bins + 1 floats


def as_calibration_inputs(
    y_true: Any, y_proba: Any, n_bins: Any, strategy: Any, *, ndim: int | None = 1
) -> tuple[np.ndarray, np.ndarray, int, str]:
    """Validate labels, probabilities, and how a reliability diagram bins them.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        0/1 labels; class indices 0..C-1 when ``y_proba`` is 2-D.
    y_proba : array-like of shape (n,) or (n, C)
        Probabilities (:func:`as_probabilities`).
    n_bins : int
        Number of bins, from 1 to :data:`MAX_CALIBRATION_BINS`.
    strategy : str
        One of :data:`BIN_STRATEGIES`.
    ndim : {1, None}, default 1
        The dimensions ``y_proba`` must have; None also accepts (n, C) rows.

    Returns
    -------
    y, proba : ndarray
        As :func:`as_probabilities`.
    n_bins : int
        As a Python int.
    strategy : str
        ``strategy``.
    """
    y, proba = as_probabilities(y_true, y_proba, ndim=ndim)
    n_bins = check_positive_int(n_bins, "n_bins")
    if n_bins > MAX_CALIBRATION_BINS:
        raise ValueError(
            f"n_bins must be <= {MAX_CALIBRATION_BINS:_} (far more bins than cases "
            f"leave them empty), got one with {len(str(n_bins))} digits"
        )
    check_choice(strategy, "strategy", BIN_STRATEGIES)
    return y, proba, n_bins, strategy


def as_platt_inputs(y_true: Any, y_score: Any) -> tuple[np.ndarray, np.ndarray]:
    """Validate labels and scores for a logistic fit that has a maximum.

    The likelihood of :math:`p = 1 / (1 + e^{-(a s + b)})` has a finite
    maximiser exactly when the classes overlap: some negative scores above
    some positive and some positive above some negative (else ``|a|`` grows
    without bound), and the scores are not all equal (else only ``a s + b``
    is determined).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        0/1 labels (:func:`as_binary`); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores (:func:`as_real`), not all equal, spanning less
        than the largest float.

    Returns
    -------
    y, s : ndarray
        The labels (int64 0/1) and the scores (float64).
    """
    y = as_binary(y_true, "y_true")
    s = as_real(y_score, "y_score")
    check_same_length(y_true=y, y_score=s)
    check_both_classes(y)
    with np.errstate(over="ignore"):
        spread = s.max() - s.min()
    if spread == 0:
        raise ValueError(
            "y_score is constant: only a * s + b is determined, not a and b"
        )
    if np.isinf(spread):
        raise ValueError("y_score spans more than the largest float: rescale it")
    positives, negatives = s[y == 1], s[y == 0]
    if positives.min() >= negatives.max() or negatives.min() >= positives.max():
        raise ValueError(
            "y_score separates the classes of y_true perfectly (no positive scores "
            "below a negative, or none above): the likelihood grows without bound "
            "as |a| grows, so no maximum-likelihood (a, b) exists"
        )
    return y, s


def check_platt_converged(converged: bool) -> None:
    """Raise if Newton's method found no maximum of the Platt likelihood.

    Parameters
    ----------
    converged : bool
        Whether the likelihood equations were solved.
    """
    if not converged:
        raise ValueError(
            "y_score: Newton's method did not converge: floats cannot resolve the "
            "maximum (some scores lie many orders of magnitude beyond the others, "
            "or the classes overlap by a sliver); clip or transform the scores"
        )


# ---- regression: real targets (chapter 6) -----------------------------------------


def as_value_pair(
    y_true: Any, y_pred: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Validate true and predicted values: finite real numbers, same non-zero length.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        Real numbers (``Fraction`` and ``Decimal`` accepted, as floats).

    Returns
    -------
    y, y_hat, error : ndarray of float
        The values, and ``error = y - y_hat`` computed before rounding
        (:func:`exact_difference`: two int64 values above 2**53 differing by 1
        give an error of 1).
    """
    y = as_scores(y_true, "y_true", exact=False)
    y_hat = as_scores(y_pred, "y_pred", exact=False)
    check_same_length(y_true=y, y_pred=y_hat)
    return y.astype(float), y_hat.astype(float), exact_difference(y, y_hat)


def as_r2_inputs(
    y_true: Any, y_pred: Any, sample_weight: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Validate the inputs of R²; return them in the units R² is computed in.

    :math:`R^2` does not change when the true and predicted values are shifted
    or scaled together, nor when samples of weight 0 are dropped. The values
    come back measured from the smallest true value, in units of the range of
    the true values: so the differences of large integers are kept
    (:func:`exact_difference`) and no square overflows or underflows.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        Real numbers (``Fraction`` and ``Decimal`` accepted, as floats); the
        true values of positive weight must not all be equal (then
        :math:`SS_{tot} = 0` and :math:`R^2` is undefined).
    sample_weight : array-like of shape (n,) or None
        Checked by :func:`as_weights` (ones when None).

    Returns
    -------
    y : ndarray of float
        ``(y_true - min) / (max - min)`` over the samples of positive weight,
        in [0, 1].
    error : ndarray of float
        ``(y_true - y_pred) / (max - min)`` over the same samples.
    w : ndarray of float
        Their weights, all positive.
    """
    y = as_scores(y_true, "y_true", exact=False)
    y_hat = as_scores(y_pred, "y_pred", exact=False)
    w = as_weights(sample_weight, check_same_length(y_true=y, y_pred=y_hat))
    used = w > 0
    y, y_hat, w = y[used], y_hat[used], w[used]
    shifted = exact_difference(y, np.full_like(y, y.min()))
    spread = shifted.max()
    if spread == 0:
        raise ValueError(
            "y_true is constant (over the samples of positive weight): the total "
            "sum of squares is 0, so R² is undefined"
        )
    if np.isinf(spread):
        raise ValueError("y_true spans more than the largest float: rescale it")
    return shifted / spread, exact_difference(y, y_hat) / spread, w


def check_nonzero_truth(y: np.ndarray, name: str = "y_true") -> None:
    """Raise if a true value is 0, where a percentage error is undefined.

    Parameters
    ----------
    y : ndarray
        The validated true values.
    name : str, default "y_true"
        The argument's name, for the message.
    """
    if (y == 0).any():
        raise ValueError(
            f"{name} contains 0, "
            "where the percentage error |y - y_hat| / |y| is undefined"
        )


def check_above_minus_one(**arrays: np.ndarray) -> None:
    """Raise unless every value is > -1, where ``log(1 + value)`` is defined.

    Parameters
    ----------
    **arrays : ndarray
        The validated values, each under the name of its argument.
    """
    for name, values in arrays.items():
        if (values <= -1).any():
            raise ValueError(
                f"{name} contains values <= -1, where log(1 + value) is undefined"
            )


# ---- ranking: grades, queries and cut-offs (chapters 7-8) ------------------------

MAX_EXPONENTIAL_GRADE = 1023  # 2.0**1024 overflows a float


def as_grades(values: Any, name: str = "ranked") -> np.ndarray:
    """Validate one query's grades: finite numbers >= 0, integers kept exact.

    Parameters
    ----------
    values : array-like of shape (n,)
        Relevance grades (:func:`as_scores`).
    name : str, default "ranked"
        The argument's name, for the messages.

    Returns
    -------
    ndarray
        The grades.
    """
    grades = as_scores(values, name)
    if (grades < 0).any():
        raise ValueError(f"{name} contains negative grades")
    return grades


def as_queries(queries: Any) -> list[np.ndarray]:
    """Validate a list of queries, each a sequence of grades in ranked order.

    Parameters
    ----------
    queries : iterable of array-like
        One sequence of grades per query (:func:`as_grades`), at least one.

    Returns
    -------
    list of ndarray
        The grades of each query.
    """
    if (
        queries is None
        or isinstance(queries, (str, bytes, dict, set, frozenset, np.ma.MaskedArray))
        or not isinstance(queries, Iterable)
    ):
        raise TypeError(
            "queries must be a list of ranked grade sequences, one per query, "
            f"got {type(queries).__name__}"
        )
    queries = list(queries)
    if not queries:
        raise ValueError("queries is empty: at least one query is needed")
    for i, query in enumerate(queries):
        if isinstance(query, (numbers.Number, np.generic)):
            raise ValueError(
                f"queries[{i}] is a single number: "
                "queries must be a list of ranked lists, one per query"
            )
    return [as_grades(query, f"queries[{i}]") for i, query in enumerate(queries)]


#: Largest grade the vectorised many-query paths take; beyond it (huge grades, whose
#: sums need the readable functions' scaling) the per-query functions run instead.
FLAT_MAX_GRADE = 1023.0  # = MAX_EXPONENTIAL_GRADE: 2**r - 1 stays finite


def as_query_table(queries: Any) -> tuple[np.ndarray, np.ndarray] | None:
    """All queries' grades in one flat array, validated at once, and each length.

    The fast path of the many-query metrics. It returns None whenever it cannot
    vouch for the input in one pass (a bad value, a masked array, a grade above
    :data:`FLAT_MAX_GRADE`, an empty query): the caller then validates query
    by query with :func:`as_queries`, whose messages name the bad query.

    Parameters
    ----------
    queries : iterable of array-like, or 2-D array
        One sequence of grades per query.

    Returns
    -------
    (flat, lengths) or None
        ``flat`` holds the grades of query 0, then of query 1, ...;
        ``lengths[q]`` is the number of grades of query q.
    """
    if isinstance(queries, np.ndarray) and not isinstance(queries, np.ma.MaskedArray):
        if queries.ndim != 2 or queries.size == 0:
            return None
        flat = queries.reshape(-1)
        lengths = np.full(queries.shape[0], queries.shape[1], dtype=np.int64)
    else:
        if queries is None or isinstance(queries, (str, bytes, dict, set, frozenset)):
            return None
        if not isinstance(queries, Iterable):
            return None
        items = list(queries)
        unusual = (str, bytes, dict, set, frozenset, numbers.Number, np.generic)
        if not items or any(
            isinstance(q, unusual) or np.ma.isMaskedArray(q) for q in items
        ):
            return None
        try:
            arrays = [np.asarray(q) for q in items]
        except (TypeError, ValueError):
            return None
        if any(a.ndim != 1 for a in arrays):
            return None
        lengths = np.fromiter((a.size for a in arrays), np.int64, len(arrays))
        flat = np.concatenate(arrays)
    try:
        grades = as_grades(flat, "queries")
    except (TypeError, ValueError):
        return None
    if lengths.min() == 0 or not float(grades.max()) <= FLAT_MAX_GRADE:
        return None  # an empty query: the per-query path names it
    return grades, lengths


def as_query_counts(values: Any, n_queries: int, name: str) -> list[int | None]:
    """One optional count per query (``[None, None, ...]`` when ``values`` is None).

    Parameters
    ----------
    values : sequence of int or None, or None
        A count (:func:`check_positive_int`, >= 0) or None for each query.
    n_queries : int
        The number of queries.
    name : str
        The argument's name, for the messages.

    Returns
    -------
    list of int or None
        One entry per query.
    """
    if values is None:
        return [None] * n_queries
    if (
        isinstance(values, (str, bytes, dict, set, frozenset, np.ma.MaskedArray))
        or not isinstance(values, Iterable)
        or not hasattr(values, "__len__")
    ):
        raise TypeError(
            f"{name} must be a sequence with one count per query, "
            f"got {type(values).__name__}"
        )
    counts = list(values)  # a list, tuple, NumPy array or pandas Series
    if len(counts) != n_queries:
        raise ValueError(
            f"{name} has length {len(counts)}, but queries has {n_queries} queries"
        )
    return [
        None if c is None else check_positive_int(c, f"{name}[{i}]", low=0)
        for i, c in enumerate(counts)
    ]


def as_cutoff(k: Any, n: int) -> int:
    """The cut-off depth: ``k`` checked to be an integer >= 1, or ``n`` when None.

    Parameters
    ----------
    k : int or None
        The cut-off the user passed.
    n : int
        The length of the list (the default depth).

    Returns
    -------
    int
        The depth.
    """
    return n if k is None else check_positive_int(k, "k")


def as_n_relevant(
    n_relevant: Any, default: int, found: int, name: str = "n_relevant"
) -> int:
    """Relevant items of the query: ``default`` when None, never below ``found``.

    Parameters
    ----------
    n_relevant : int or None
        The count the user passed (>= 0).
    default : int
        The relevant items of the ranked list, used when ``n_relevant`` is None.
    found : int
        The relevant items retrieved in the top k: a lower bound.
    name : str, default "n_relevant"
        The argument's name, for the messages.

    Returns
    -------
    int
        The number of relevant items.
    """
    if n_relevant is None:
        return default
    n_relevant = check_positive_int(n_relevant, name, low=0)
    if n_relevant < found:
        raise ValueError(
            f"{name} is {n_relevant}, "
            f"but {found} relevant items were retrieved in the top k"
        )
    return n_relevant


def as_ranked_and_ideal(ranked: Any, ideal: Any) -> tuple[np.ndarray, np.ndarray]:
    """Validate a ranking's grades and the judged grades its IDCG is computed from.

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Grades in ranked order (:func:`as_grades`).
    ideal : array-like or None
        Every judged grade of the query, in any order; None means ``ranked``.
        It must cover the ranking: each grade of ``ranked`` matched by a
        judged grade at least as high (else IDCG could be below DCG).

    Returns
    -------
    grades, judged : ndarray
        The grades of ``ranked`` and of ``ideal``.
    """
    grades = as_grades(ranked)
    judged = grades if ideal is None else as_grades(ideal, "ideal")
    check_ideal_covers(grades, judged)
    return grades, judged


def as_graded_scores(y_true: Any, y_score: Any) -> tuple[np.ndarray, np.ndarray]:
    """Validate the grades of one query's items and the model's scores for them.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Grades (:func:`as_grades`), any order.
    y_score : array-like of shape (n,)
        Finite scores (:func:`as_scores`).

    Returns
    -------
    grades, scores : ndarray
        Of equal length.
    """
    grades = as_grades(y_true, "y_true")
    scores = as_scores(y_score, "y_score")
    check_same_length(y_true=grades, y_score=scores)
    return grades, scores


def check_exponential_grades(grades: np.ndarray, name: str = "ranked") -> None:
    """Raise if a grade exceeds :data:`MAX_EXPONENTIAL_GRADE`: ``2**r - 1`` overflows.

    Parameters
    ----------
    grades : ndarray
        The grades given the exponential gain.
    name : str, default "ranked"
        The argument's name, for the message.
    """
    if grades.max() > MAX_EXPONENTIAL_GRADE:
        raise ValueError(
            f"{name} has grades above {MAX_EXPONENTIAL_GRADE}: "
            "2**r - 1 overflows a float"
        )


def check_finite_sum(total: float, name: str = "ranked") -> float:
    """Return a sum of gains after checking it did not overflow a float.

    Parameters
    ----------
    total : float
        The sum, inf when it overflowed.
    name : str, default "ranked"
        The argument whose grades were summed, for the message.

    Returns
    -------
    float
        ``total``, finite.
    """
    if math.isinf(total):
        raise ValueError(
            f"{name}: the sum of gains overflows a float; rescale the grades"
        )
    return total


def check_scored_groups(scored: np.ndarray) -> np.ndarray:
    """Return GAUC's mask of scored groups after checking one group has both classes.

    Parameters
    ----------
    scored : ndarray of bool
        Per group: it has a positive and a negative.

    Returns
    -------
    ndarray of bool
        ``scored``.
    """
    if not scored.any():
        raise ValueError(
            "y_true has no group with both classes: GAUC needs a group (in groups) "
            "with a positive and a negative"
        )
    return scored


# ---- ranking additions: ERR, one ideal per query, TREC runs (issue 16) -----------

TREC_MEASURES = ("map", "recip_rank", "ndcg", "Rprec")  # one value per query
_TREC_DEPTHS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)
TREC_CUTOFFS = {  # measures with a cut-off: trec_eval's default cut-offs
    "P": _TREC_DEPTHS,
    "recall": _TREC_DEPTHS,
    "map_cut": _TREC_DEPTHS,
    "ndcg_cut": _TREC_DEPTHS,
    "success": (1, 5, 10),
}


def as_err_grades(ranked: Any, max_grade: Any) -> tuple[np.ndarray, int]:
    """Validate one query's grades and the top grade of their scale (ERR).

    Parameters
    ----------
    ranked : array-like of shape (n,)
        Grades in ranked order (:func:`as_grades`), none above ``max_grade``.
    max_grade : int
        Whole number from 0 to :data:`MAX_EXPONENTIAL_GRADE`.

    Returns
    -------
    grades : ndarray
        The grades.
    max_grade : int
        As a Python int.
    """
    grades = as_grades(ranked)
    max_grade = check_positive_int(max_grade, "max_grade", low=0)
    if max_grade > MAX_EXPONENTIAL_GRADE:
        raise ValueError(
            f"max_grade must be <= {MAX_EXPONENTIAL_GRADE} (2**max_grade overflows "
            f"a float), got one with {len(str(max_grade))} digits"
        )
    if grades.max() > max_grade:
        raise ValueError(
            f"ranked has a grade above max_grade = {max_grade}: the stopping "
            "probability (2**g - 1) / 2**max_grade would exceed 1"
        )
    return grades, max_grade


def check_ideal_covers(
    grades: np.ndarray,
    judged: np.ndarray,
    ranked_name: str = "ranked",
    ideal_name: str = "ideal",
) -> None:
    """Raise unless the judged grades cover a ranking (IDCG >= DCG).

    Parameters
    ----------
    grades : ndarray
        The ranking's grades.
    judged : ndarray
        Every judged grade of the query: each grade of ``grades`` must be
        matched by a judged grade at least as high.
    ranked_name, ideal_name : str
        The arguments' names, for the message.
    """
    found = np.sort(grades)[::-1]
    best = np.sort(judged)[::-1][: found.size]
    # judged lists may be shorter: unjudged = 0
    best = np.pad(best, (0, found.size - best.size))
    if (found > best).any():
        raise ValueError(
            f"{ideal_name} must hold every judged grade of the query, "
            f"but {ranked_name} has grades {ideal_name} lacks"
        )


def as_query_ideals(
    ideals: Any, grades: list[np.ndarray], gain: str
) -> list[np.ndarray]:
    """Validate the judged grades of each query, from which its IDCG is computed.

    Parameters
    ----------
    ideals : sequence of array-like or None, or None
        One entry per query: its judged grades (:func:`as_grades`, covering
        the query's ranking, :func:`check_ideal_covers`), or None for the
        ranking itself. None: every query's ranking.
    grades : list of ndarray
        The validated grades of each query (:func:`as_queries`).
    gain : str
        ``"exponential"``: no grade may exceed :data:`MAX_EXPONENTIAL_GRADE`.

    Returns
    -------
    list of ndarray
        The judged grades of each query.
    """
    if ideals is None:
        ideals = [None] * len(grades)
    if isinstance(
        ideals, (str, bytes, dict, set, frozenset, np.ma.MaskedArray)
    ) or not isinstance(ideals, Iterable):
        raise TypeError(
            "ideals must be a list with the judged grades of each query (or None), "
            f"got {type(ideals).__name__}"
        )
    ideals = list(ideals)
    if len(ideals) != len(grades):
        raise ValueError(
            f"ideals has {len(ideals)} entries, but queries has {len(grades)} queries"
        )
    judged = [
        g if ideal is None else as_grades(ideal, f"ideals[{i}]")
        for i, (g, ideal) in enumerate(zip(grades, ideals))
    ]
    for i, (g, j) in enumerate(zip(grades, judged)):
        check_ideal_covers(g, j, f"queries[{i}]", f"ideals[{i}]")
        if gain == "exponential":
            check_exponential_grades(g, f"queries[{i}]")
            check_exponential_grades(j, f"ideals[{i}]")
    return judged


def _trec_ids(ids: Any, name: str, what: str) -> np.ndarray:
    """Query or document ids: strings (as in TREC files), as a str array."""
    ids = list(ids)
    odd = next((i for i in ids if not isinstance(i, str)), None)
    if odd is not None:
        raise TypeError(
            f"{name} has a {what} id of type {type(odd).__name__} ({odd!r}): "
            "ids are strings, as in TREC files"
        )
    return np.array(ids, dtype=str)


def _trec_mapping(value: Any, name: str) -> Any:
    """Raise unless ``value`` is a mapping (a dict)."""
    if not isinstance(value, Mapping) or isinstance(value, np.ma.MaskedArray):
        raise TypeError(f"{name} must be a dict, got {type(value).__name__}")
    return value


def _as_trec_dict(value: Any, name: str) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """``{query: {doc: number}}`` as ``{query: (doc ids, numbers)}``."""
    queries = _trec_mapping(value, name)
    if not queries:
        raise ValueError(f"{name} is empty: at least one query is needed")
    _trec_ids(queries.keys(), name, "query")
    out = {}
    for q, docs in queries.items():  # one query at a time; its documents as arrays
        docs = _trec_mapping(docs, f"{name}[{q!r}]")
        ids = _trec_ids(docs.keys(), f"{name}[{q!r}]", "document")
        values = (
            as_scores(list(docs.values()), f"{name}[{q!r}]") if docs else np.zeros(0)
        )
        out[q] = ids, values
    return out


def as_qrels(qrels: Any) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Validate relevance judgements ``{query: {document: grade}}``.

    Parameters
    ----------
    qrels : dict of dict
        Query ids (str) to document ids (str) to whole-number grades; a
        negative grade (a TREC "spam" or "junk" label) counts as 0, as in
        trec_eval.

    Returns
    -------
    dict of (ndarray, ndarray)
        Per query, the judged document ids and their grades (at least 0).
    """
    judged = _as_trec_dict(qrels, "qrels")
    for q, (_, grades) in judged.items():
        if grades.dtype.kind == "f" and (grades != np.floor(grades)).any():
            raise ValueError(
                f"qrels[{q!r}] holds grades that are not whole numbers: "
                "TREC grades are integers"
            )
    return {q: (ids, np.where(g > 0, g, 0)) for q, (ids, g) in judged.items()}


def as_run(run: Any) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Validate a run ``{query: {document: score}}``.

    Parameters
    ----------
    run : dict of dict
        Query ids (str) to document ids (str) to finite real scores
        (:func:`as_scores`: integers compared exactly).

    Returns
    -------
    dict of (ndarray, ndarray)
        Per query, the retrieved document ids and their scores.
    """
    return _as_trec_dict(run, "run")


def _trec_measure(measure: Any) -> dict[str, tuple[str, int | None]]:
    """One of trec_eval's measure names, as ``{key: (measure, cut-off)}``."""
    if not isinstance(measure, str):
        raise TypeError(
            f"measures must hold measure names (str), got {type(measure).__name__}"
        )
    if measure in TREC_MEASURES:
        return {measure: (measure, None)}
    if measure in TREC_CUTOFFS:  # every default cut-off
        return {f"{measure}_{k}": (measure, k) for k in TREC_CUTOFFS[measure]}
    family, dot, cutoffs = measure.partition(".")  # "P.5,10"
    if not dot:
        family, _, cutoffs = measure.rpartition("_")  # "P_5"
    if family not in TREC_CUTOFFS:
        raise ValueError(
            f"measures: unknown measure {measure!r}; known: {list(TREC_MEASURES)} "
            f"and {list(TREC_CUTOFFS)} with a cut-off, such as 'P_10' or 'P.5,10'"
        )
    out: dict[str, tuple[str, int | None]] = {}
    for text in cutoffs.split(","):
        if not (text.isascii() and text.isdigit() and int(text) >= 1):
            raise ValueError(
                f"measures: {measure!r} has the cut-off {text!r}, "
                "which is not a whole number >= 1"
            )
        out[f"{family}_{int(text)}"] = (family, int(text))
    return out


def as_trec_measures(measures: Any) -> dict[str, tuple[str, int | None]]:
    """Validate trec_eval measure names, as pytrec_eval accepts them.

    Parameters
    ----------
    measures : collection of str
        Names in :data:`TREC_MEASURES`; or a name in :data:`TREC_CUTOFFS`
        alone (its default cut-offs), with one cut-off (``"P_10"``) or with
        several (``"P.5,10"``).

    Returns
    -------
    dict of (str, int or None)
        Each result key (``"P_10"``) with its measure and cut-off, sorted by
        measure and cut-off.
    """
    if isinstance(measures, (str, bytes, Mapping, np.ma.MaskedArray)) or not isinstance(
        measures, Iterable
    ):
        raise TypeError(
            "measures must be a collection of trec_eval measure names, such as "
            f"{{'map', 'P_10'}}, got {type(measures).__name__}"
        )
    wanted: dict[str, tuple[str, int | None]] = {}
    for measure in measures:
        wanted |= _trec_measure(measure)
    if not wanted:
        raise ValueError("measures is empty: name at least one measure")
    # one order whatever the collection: by measure, then cut-off
    return dict(sorted(wanted.items(), key=lambda item: (item[1][0], item[1][1] or 0)))


def as_trec_table(path: Any, fields: str) -> np.ndarray:
    """The whitespace-separated fields of a TREC file, one row per non-blank line.

    Parameters
    ----------
    path : str or os.PathLike
        The file (UTF-8 text).
    fields : str
        What each line holds, e.g. ``"query 0 document grade"``: its number of
        words is the number of fields every line must have.

    Returns
    -------
    ndarray of str, shape (lines, fields)
        The fields of each non-blank line.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(
            f"path must be a file name (str or os.PathLike), got {type(path).__name__}"
        )
    with open(path, encoding="utf-8") as f:
        lines = [(i, line.split()) for i, line in enumerate(f, start=1)]
    rows = [(i, words) for i, words in lines if words]
    n_fields = len(fields.split())
    bad = next(((i, w) for i, w in rows if len(w) != n_fields), None)
    if bad is not None:
        raise ValueError(
            f"path: line {bad[0]} of {os.fspath(path)} has {len(bad[1])} fields, "
            f"expected {n_fields} ({fields})"
        )
    if not rows:
        raise ValueError(f"path: {os.fspath(path)} holds no lines")
    table = np.array([words for _, words in rows], dtype=str)
    pairs = np.char.add(np.char.add(table[:, 0], "\t"), table[:, 2])
    _, first, count = np.unique(pairs, return_index=True, return_counts=True)
    if (count > 1).any():
        row = rows[int(first[count > 1][0])]
        raise ValueError(
            f"path: document {row[1][2]!r} of query {row[1][0]!r} appears more "
            f"than once in {os.fspath(path)} (first on line {row[0]})"
        )
    return table


def as_trec_numbers(column: np.ndarray, path: Any, kind: str) -> np.ndarray:
    """One column of a TREC file as numbers: ``"grade"`` (int) or ``"score"``.

    Parameters
    ----------
    column : ndarray of str
        The column's fields (:func:`as_trec_table`).
    path : str or os.PathLike
        The file, for the message.
    kind : {"grade", "score"}
        Grades are whole numbers (int64); scores finite real numbers.

    Returns
    -------
    ndarray
        int64 grades or float64 scores.
    """
    dtype = np.int64 if kind == "grade" else np.float64
    try:
        values = column.astype(dtype)
    except (ValueError, OverflowError):  # found below, field by field
        values = np.full(column.size, np.nan)
    if np.isfinite(values).all():
        return values
    bad = next(text for text in column.tolist() if not _is_number(text, dtype))
    what = "a whole number" if kind == "grade" else "a finite number"
    raise ValueError(f"path: the {kind} {bad!r} in {os.fspath(path)} is not {what}")


def _is_number(text: str, dtype: Any) -> bool:
    """Whether NumPy reads ``text`` as a finite number of ``dtype``."""
    try:
        value = np.array(text).astype(dtype)
    except (ValueError, OverflowError):
        return False
    return bool(np.isfinite(value))


# ---- inference: counts, levels and resampling (chapter 9) ------------------------

MAX_RESAMPLES = 10**8  # beyond this the bootstrap loop would run for days


def as_binomial_counts(successes: Any, n: Any) -> tuple[int, int, float]:
    """Validate ``successes`` out of ``n`` trials.

    Parameters
    ----------
    successes : int
        Whole number, 0 <= successes <= n.
    n : int
        Whole number >= 1.

    Returns
    -------
    successes, n : int
        As Python ints (exact).
    size : float
        ``n`` as a float (:func:`as_float_count`).
    """
    n_int = check_positive_int(n, "n", low=1)
    successes = check_positive_int(successes, "successes", low=0)
    if successes > n_int:
        raise ValueError(f"successes must be <= n = {n_int}, got {successes}")
    return successes, n_int, as_float_count(n_int, "n", low=1)


def as_bootstrap_inputs(
    metric: Any,
    arrays: Sequence[Any],
    n_resamples: Any,
    confidence: Any,
    seed: Any,
) -> tuple[list[np.ndarray], int, float, int | None]:
    """Validate the arguments of a bootstrap, and the metric on the data itself.

    Parameters
    ----------
    metric : callable
        ``metric(*arrays)`` must return one real number (:func:`metric_value`).
    arrays : sequence of array-like
        At least one array; all of the same length (rows resampled together).
    n_resamples : int
        Whole number from 1 to :data:`MAX_RESAMPLES`.
    confidence : float
        Strictly between 0 and 1.
    seed : int or None
        None (fresh entropy) or a whole number >= 0.

    Returns
    -------
    data : list of ndarray
        The arrays.
    n_resamples : int
        As a Python int.
    confidence : float
        As a float.
    seed : int or None
        As a Python int, or None.
    """
    check_callable(metric, "metric")
    if not arrays:
        raise ValueError("arrays: give at least one array to resample")
    data = [as_array(a, f"arrays[{i}]", ndim=None) for i, a in enumerate(arrays)]
    check_same_length(**{f"arrays[{i}]": a for i, a in enumerate(data)})
    n_resamples = check_positive_int(n_resamples, "n_resamples")
    if n_resamples > MAX_RESAMPLES:
        raise ValueError(
            f"n_resamples must be <= {MAX_RESAMPLES:_} (each resample recomputes the "
            f"metric), got one with {len(str(n_resamples))} digits"
        )
    confidence = check_confidence(confidence)
    if seed is not None:  # None: fresh entropy, a different interval each call
        seed = check_positive_int(seed, "seed", low=0)
    # on the data itself: an error here is about the user's input, not the resampling
    try:
        metric_value(metric, data)
    except (TypeError, ValueError) as err:
        raise type(err)(
            f"metric fails on the data itself, before any resampling: {err}"
        ) from err
    return data, n_resamples, confidence, seed


def metric_value(metric: Callable[..., Any], arrays: list[np.ndarray]) -> float:
    """``metric(*arrays)`` as a float; anything but one real number is a TypeError.

    Parameters
    ----------
    metric : callable
        The metric.
    arrays : list of ndarray
        Its arguments.

    Returns
    -------
    float
        The metric's value (a 0-d array or NumPy scalar accepted).
    """
    value = metric(*arrays)
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(
            "metric must return a single number, "
            f"got {type(value).__name__}: {value!r:.60}"
        )
    return float(value)


def check_enough_defined(
    n_defined: int, n_resamples: int, last_error: ValueError | None
) -> None:
    """Raise unless the metric was defined on at least half of the resamples.

    Parameters
    ----------
    n_defined : int
        Resamples on which the metric gave a finite number.
    n_resamples : int
        Resamples drawn.
    last_error : ValueError or None
        The metric's last error, reported as the cause.
    """
    if n_defined * 2 < n_resamples:
        because = f"; its last error: {last_error}" if last_error else ""
        raise ValueError(
            "metric: undefined (ValueError, nan or inf) on "
            f"{n_resamples - n_defined} of {n_resamples} resamples, "
            f"so the interval would be meaningless{because}"
        ) from last_error


# ---- inference and comparison additions: BCa, strata, DeLong, paired tests ---------

BOOTSTRAP_METHODS = ("percentile", "bca")
MCNEMAR_METHODS = ("exact", "mid-p")


def as_bootstrap_design(method: Any, strata: Any, n: int) -> np.ndarray:
    """Validate how a bootstrap draws its resamples; return each row's stratum.

    Parameters
    ----------
    method : str
        One of :data:`BOOTSTRAP_METHODS`.
    strata : array-like of shape (n,) or None
        The stratum of each row (:func:`as_labels`); None: one stratum.
    n : int
        The number of rows of the resampled arrays.

    Returns
    -------
    ndarray of int, shape (n,)
        The stratum of each row as 0, 1, ... (all 0 when ``strata`` is None).
    """
    check_choice(method, "method", BOOTSTRAP_METHODS)
    if strata is None:
        return np.zeros(n, dtype=np.int64)
    labels = as_labels(strata, "strata")
    if labels.size != n:
        raise ValueError(f"length mismatch: strata has {labels.size}, arrays have {n}")
    return np.unique(labels, return_inverse=True)[1].reshape(n)


def jackknife_value(
    metric: Callable[..., Any], arrays: list[np.ndarray], i: int
) -> float:
    """The metric on the data without row ``i``, which BCa's jackknife needs.

    Parameters
    ----------
    metric : callable
        The metric (:func:`metric_value`).
    arrays : list of ndarray
        The data without row ``i``.
    i : int
        The row left out, for the message.

    Returns
    -------
    float
        The metric's value, finite.
    """
    try:
        value = metric_value(metric, arrays)
    except ValueError as err:
        raise ValueError(
            f"metric fails on the data without row {i}, and method='bca' needs "
            f"every leave-one-out value (its jackknife): {err}"
        ) from err
    if not math.isfinite(value):
        raise ValueError(
            f"metric gives {value} on the data without row {i}, and method='bca' "
            "needs every leave-one-out value (its jackknife)"
        )
    return value


def check_bca_defined(share_below: float) -> float:
    """Return the share of resample values below the estimate, if inside (0, 1).

    Parameters
    ----------
    share_below : float
        (#{values < estimate} + #{values <= estimate}) / (2 B): its normal
        quantile is BCa's bias correction, infinite at 0 and 1.

    Returns
    -------
    float
        ``share_below``.
    """
    if not 0.0 < share_below < 1.0:
        side = "above" if share_below == 0.0 else "below"
        raise ValueError(
            f"method='bca' is undefined here: every resample's value lies {side} the "
            "estimate, so the bias correction is infinite; use method='percentile'"
        )
    return share_below


def as_delong_inputs(y_true: Any, **scores: Any) -> tuple[np.ndarray, list[np.ndarray]]:
    """Validate labels and one or more scores of the same cases, for DeLong's variance.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels (:func:`as_binary`) with at least two positives and two
        negatives: the variance of the structural components divides by
        :math:`n - 1` in each class.
    **scores : array-like of shape (n,)
        Finite scores (:func:`as_scores`), each under the name of its argument.

    Returns
    -------
    y : ndarray
        The labels (int64 0/1).
    list of ndarray
        The scores, in the order given.
    """
    y = as_binary(y_true, "y_true")
    s = [as_scores(values, name) for name, values in scores.items()]
    check_same_length(y_true=y, **dict(zip(scores, s)))
    n_pos, n_neg = check_both_classes(y)
    if min(n_pos, n_neg) < 2:
        raise ValueError(
            f"y_true has {n_pos} positives and {n_neg} negatives: DeLong's variance "
            "needs at least 2 of each (sample variances divide by n - 1)"
        )
    return y, s


def as_paired_differences(a: Any, b: Any, *, min_pairs: int = 1) -> np.ndarray:
    """Validate paired values (one per query for two systems); return ``a - b``.

    Parameters
    ----------
    a, b : array-like of shape (n,)
        Finite real numbers (``Fraction`` and ``Decimal`` accepted, as floats).
    min_pairs : int, default 1
        The fewest pairs the test needs.

    Returns
    -------
    ndarray of float
        The differences, computed before rounding (:func:`exact_difference`).
    """
    x = as_scores(a, "a", exact=False)
    y = as_scores(b, "b", exact=False)
    n = check_same_length(a=x, b=y)
    if n < min_pairs:
        raise ValueError(
            f"a and b hold {n} pair(s): the test needs at least {min_pairs}"
        )
    d = exact_difference(x, y)
    if np.isinf(d).any():
        raise ValueError("a and b differ by more than the largest float: rescale them")
    return d


def as_randomization_inputs(
    a: Any, b: Any, n_resamples: Any, seed: Any
) -> tuple[np.ndarray, int, int | None]:
    """Validate the arguments of a paired randomization (sign-flip) test.

    Parameters
    ----------
    a, b : array-like of shape (n,)
        Paired values (:func:`as_paired_differences`).
    n_resamples : int
        Whole number from 1 to :data:`MAX_RESAMPLES`.
    seed : int or None
        None (fresh entropy) or a whole number >= 0.

    Returns
    -------
    d : ndarray of float
        The differences ``a - b``.
    n_resamples : int
        As a Python int.
    seed : int or None
        As a Python int, or None.
    """
    d = as_paired_differences(a, b)
    n_resamples = check_positive_int(n_resamples, "n_resamples")
    if n_resamples > MAX_RESAMPLES:
        raise ValueError(
            f"n_resamples must be <= {MAX_RESAMPLES:_}, "
            f"got one with {len(str(n_resamples))} digits"
        )
    if seed is not None:  # None: fresh entropy, a different p-value each call
        seed = check_positive_int(seed, "seed", low=0)
    return d, n_resamples, seed


def as_p_values(p_values: Any) -> np.ndarray:
    """Validate p-values: a non-empty 1-D array of numbers in [0, 1].

    Parameters
    ----------
    p_values : array-like of shape (m,)
        The p-values (:func:`as_real`, :func:`check_probabilities`).

    Returns
    -------
    ndarray of float
        The p-values.
    """
    return check_probabilities(as_real(p_values, "p_values"), "p_values")


# ---- classification, thresholds and multi-class additions (issue 14) ---------------

KAPPA_WEIGHTS = ("linear", "quadratic")  # or None: every disagreement weighs 1
MULTICLASS_AVERAGES = ("macro", "weighted")


def check_flag(value: Any, name: str) -> bool:
    """Return ``value`` as a bool after checking it is True or False.

    Parameters
    ----------
    value : bool
        ``True``, ``False`` or a NumPy boolean; not 1, 0, None or a string.
    name : str
        The argument's name, for the message.

    Returns
    -------
    bool
        ``value``.
    """
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {type(value).__name__}")
    return bool(value)


def check_adjustable(n_classes: int) -> int:
    """Return the number of classes of ``y_true`` after checking it is at least 2.

    Parameters
    ----------
    n_classes : int
        Classes occurring in ``y_true`` (with positive weight): chance level
        is ``1 / n_classes``, and adjusting divides by ``1 - 1 / n_classes``.

    Returns
    -------
    int
        ``n_classes``.
    """
    if n_classes < 2:
        raise ValueError(
            "y_true holds one class (with positive weight): adjusted balanced "
            "accuracy divides by 1 - 1/K = 0 for K = 1 class"
        )
    return n_classes


def check_kappa_weights(weights: Any) -> str | None:
    """Return ``weights`` after checking it is None or one of :data:`KAPPA_WEIGHTS`.

    Parameters
    ----------
    weights : {None, "linear", "quadratic"}
        How much a disagreement between classes i and j counts.

    Returns
    -------
    str or None
        ``weights``.
    """
    if weights is not None and (
        not isinstance(weights, str) or weights not in KAPPA_WEIGHTS
    ):
        raise ValueError(
            f"weights must be None, 'linear' or 'quadratic', got {weights!r}"
        )
    return weights


def check_scored_total(total: float) -> float:
    """Return the total of a confusion matrix after checking it is not 0.

    Parameters
    ----------
    total : float
        The (weighted) number of samples whose truth and prediction are both
        in ``labels``.

    Returns
    -------
    float
        ``total``, positive.
    """
    if total <= 0:
        raise ValueError(
            "labels: no sample (with positive weight) has both its true and its "
            "predicted class in labels, so there is nothing to compare"
        )
    return total


def check_kappa_defined(expected_disagreement: float) -> float:
    """Return kappa's denominator after checking it is not 0.

    Parameters
    ----------
    expected_disagreement : float
        :math:`\\sum_{ij} w_{ij} E_{ij}`: 0 exactly when ``y_true`` and
        ``y_pred`` hold one and the same class (the expected agreement is 1).

    Returns
    -------
    float
        ``expected_disagreement``, positive.
    """
    if expected_disagreement <= 0:
        raise ValueError(
            "y_true and y_pred hold one and the same class (over labels, with "
            "positive weight): the expected agreement is 1, so kappa = 0/0 is "
            "undefined"
        )
    return expected_disagreement


def check_mcc_resolved(product: float) -> float:
    """Return MCC's squared denominator after checking rounding left it positive.

    Parameters
    ----------
    product : float
        :math:`(s^2 - \\sum_k p_k^2)(s^2 - \\sum_k t_k^2)`, positive in exact
        arithmetic once both ``y_true`` and ``y_pred`` hold two classes; it
        rounds to 0 or below only when the weights of all classes but one sum
        to less than a float can resolve next to the total.

    Returns
    -------
    float
        ``product``, positive.
    """
    if product <= 0:
        raise ValueError(
            "sample_weight: the weights span more orders of magnitude than a float "
            "resolves (one class holds all of the weight but a share below 1e-16), "
            "so MCC cannot be computed"
        )
    return product


def check_costs(cost_fp: Any, cost_fn: Any) -> tuple[float, float]:
    """Validate the costs of a false positive and of a false negative.

    Parameters
    ----------
    cost_fp, cost_fn : float
        Finite real numbers >= 0, not both 0, whose sum is a finite float.

    Returns
    -------
    cost_fp, cost_fn : float
        As floats.
    """
    cost_fp = check_real(cost_fp, "cost_fp", low=0.0)
    cost_fn = check_real(cost_fn, "cost_fn", low=0.0)
    if cost_fp == 0 and cost_fn == 0:
        raise ValueError(
            "cost_fp and cost_fn are both 0: every prediction costs nothing; "
            "give at least one kind of error a positive cost"
        )
    if math.isinf(cost_fp + cost_fn):
        raise ValueError(
            "cost_fp + cost_fn exceeds the largest float: rescale the costs "
            "(the threshold depends only on their ratio)"
        )
    return cost_fp, cost_fn


def check_finite_cost(cost: Any) -> float:
    """Return an expected cost as a float after checking it did not overflow.

    Parameters
    ----------
    cost : float
        :math:`(c_{FP} FP + c_{FN} FN) / n`.

    Returns
    -------
    float
        ``cost``.
    """
    if not math.isfinite(cost):
        raise ValueError(
            "cost_fp, cost_fn: the expected cost exceeds the largest float: "
            "rescale the costs"
        )
    return float(cost)


def as_score_matrix(values: Any, name: str, *, exact: bool = True) -> np.ndarray:
    """Return an (n, C) matrix of finite real scores, their order kept exactly.

    Parameters
    ----------
    values : array-like of shape (n, C)
        One row per case, one column per class.
    name : str
        The argument's name, for the messages.
    exact : bool, default True
        As :func:`as_scores`: integers stay int64 and extended precision
        stays; ``False`` also accepts ``Fraction`` and ``Decimal`` (as floats).

    Returns
    -------
    ndarray of shape (n, C)
        The scores (:func:`as_scores`, element by element).
    """
    arr = as_array(values, name, ndim=2, exact=exact)
    return as_scores(arr.ravel(), name, exact=exact).reshape(arr.shape)


def as_class_scores(y_true: Any, y_score: Any) -> tuple[np.ndarray, np.ndarray]:
    """Validate class indices and an (n, C) matrix of scores, for top-k accuracy.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Class indices 0..C-1.
    y_score : array-like of shape (n, C)
        Finite real scores, at least 2 columns (:func:`as_score_matrix`).

    Returns
    -------
    y : ndarray of int, shape (n,)
        The class indices.
    scores : ndarray of shape (n, C)
        The scores.
    """
    scores = as_score_matrix(y_score, "y_score")
    if scores.shape[1] < 2:
        raise ValueError(
            f"y_score must have one column per class, at least 2, got {scores.shape}"
        )
    y = _class_indices(y_true, scores.shape[1], "y_score")
    check_same_length(y_true=y, y_score=scores)
    return y, scores


def as_multiclass_proba(y_true: Any, y_proba: Any) -> tuple[np.ndarray, np.ndarray]:
    """Validate class indices and probability rows in which every class occurs.

    One-vs-rest and one-vs-one AUCs compare the cases of each class with the
    others: a class absent from ``y_true`` has no AUC.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Class indices 0..C-1, each occurring at least once.
    y_proba : array-like of shape (n, C)
        Rows of probabilities summing to 1 (:func:`as_probabilities`).

    Returns
    -------
    y : ndarray of int, shape (n,)
        The class indices.
    proba : ndarray of shape (n, C)
        The probabilities, extended precision kept (:func:`as_score_matrix`):
        only their order within each column matters.
    """
    y, _ = as_probabilities(y_true, y_proba, ndim=2)
    proba = as_score_matrix(y_proba, "y_proba", exact=False)
    absent = np.setdiff1d(np.arange(proba.shape[1]), y)
    if absent.size:
        raise ValueError(
            f"y_true: class {int(absent[0])} (column {int(absent[0])} of y_proba) "
            "never occurs, so its AUC against the other classes is undefined"
        )
    return y, proba


# ---- streaming: batches of labels and scores (chapter 15, issue 17) ----------------


def check_stream_bins(n_bins: Any) -> int | None:
    """Return the number of buckets of a streaming AUC, or None for the exact one.

    Parameters
    ----------
    n_bins : int or None
        None (one count per distinct score) or a whole number from 1 to
        :data:`MAX_BINS`, as for :func:`as_histogram_inputs`.

    Returns
    -------
    int or None
        ``n_bins``, as a Python int.
    """
    if n_bins is None:
        return None
    n_bins = check_positive_int(n_bins, "n_bins")
    if n_bins > MAX_BINS:
        raise ValueError(f"n_bins must be <= 2**52, got {n_bins}")
    return n_bins


def _is_empty_batch(values: Any, name: str) -> bool:
    """True for a 1-D array-like of length 0 (an empty batch adds nothing)."""
    _reject_objects(values, name)
    if isinstance(values, np.ndarray):
        return values.ndim == 1 and values.size == 0
    try:
        return len(values) == 0
    except TypeError:  # a scalar or an iterator: as_array reports it
        return False


def as_auc_batch(
    y_true: Any, y_score: Any, n_bins: int | None
) -> tuple[np.ndarray, np.ndarray]:
    """Validate one batch of a streaming AUC: labels and scores of equal length.

    As :func:`as_binary_scores`, except that a batch may be empty (both
    arguments of length 0) and may hold one class only: the AUC needs both
    classes over all batches, not in each.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels (:func:`as_binary`).
    y_score : array-like of shape (n,)
        Finite scores, integers kept exact (:func:`as_scores`); in [0, 1]
        when ``n_bins`` is a number (:func:`as_histogram_inputs`).
    n_bins : int or None
        The accumulator's number of buckets (:func:`check_stream_bins`).

    Returns
    -------
    y, s : ndarray
        The labels (int64 0/1) and the scores; both empty for an empty batch.
    """
    no_y, no_s = _is_empty_batch(y_true, "y_true"), _is_empty_batch(y_score, "y_score")
    y = np.zeros(0, dtype=np.int64) if no_y else as_binary(y_true, "y_true")
    s = np.zeros(0, dtype=np.int64) if no_s else as_scores(y_score, "y_score")
    check_same_length(y_true=y, y_score=s)
    if n_bins is not None:
        check_probabilities(s, "y_score")
    return y, s


def as_common_scores(
    a: np.ndarray, b: np.ndarray, name: str
) -> tuple[np.ndarray, np.ndarray]:
    """Return two arrays of distinct scores in one dtype, no value changed.

    Integer scores meeting float scores become floats, which is exact only
    up to :math:`2^{53}` (for float64): beyond that two distinct scores could
    become a tie, so that is a ``ValueError``, as for one array
    (:func:`as_scores`).

    Parameters
    ----------
    a, b : ndarray
        Scores kept so far and scores arriving (:func:`as_scores`).
    name : str
        The argument that brought ``b``, for the message.

    Returns
    -------
    a, b : ndarray
        The scores, of one dtype.
    """
    dtype = np.result_type(a.dtype, b.dtype)
    if dtype.kind == "f":
        exact = 2 ** (np.finfo(dtype).nmant + 1)  # every integer up to here is a float
        for arr in (a, b):
            if arr.dtype.kind in "iu" and arr.size:
                if max(int(arr.max()), -int(arr.min())) > exact:
                    raise ValueError(
                        f"{name}: its scores and the earlier ones mix integers "
                        f"beyond 2**{exact.bit_length() - 1} with floats, where two "
                        "distinct scores could become a tie: pass scores of one kind"
                    )
    return a.astype(dtype, copy=False), b.astype(dtype, copy=False)


def check_mergeable(other: Any, kind: type[Any], n_bins: int | None) -> None:
    """Raise unless ``other`` is an accumulator of ``kind`` with the same ``n_bins``.

    Parameters
    ----------
    other : object
        The accumulator to merge.
    kind : type
        Its expected class (the class of the accumulator it merges into).
    n_bins : int or None
        The number of buckets of the accumulator it merges into: counts in
        different buckets cannot be added.
    """
    if not isinstance(other, kind):
        raise TypeError(f"other must be a {kind.__name__}, got {type(other).__name__}")
    if other.n_bins != n_bins:
        raise ValueError(
            f"other has n_bins={other.n_bins} but this accumulator has "
            f"n_bins={n_bins}: only counts over the same buckets can be added"
        )


def check_streamed_classes(n_pos: int, n_neg: int) -> tuple[int, int]:
    """Return ``(n_pos, n_neg)`` over all batches; raise if either is zero.

    Parameters
    ----------
    n_pos, n_neg : int
        Positives and negatives seen so far.

    Returns
    -------
    n_pos, n_neg : int
        Both positive; the message is :func:`check_both_classes`'s.
    """
    if n_pos == 0 and n_neg == 0:
        raise ValueError(
            "y_true: no sample seen yet (call update first): the metric needs "
            "both classes"
        )
    if n_pos == 0 or n_neg == 0:
        only = "negatives" if n_pos == 0 else "positives"
        raise ValueError(
            f"y_true holds only {only} (over all batches): the metric needs both "
            "classes"
        )
    return n_pos, n_neg
