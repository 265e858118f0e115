"""Input checks every family shares: array-likes, several arrays, scalars, labels.

Every public function turns its arguments into NumPy arrays through these
helpers, so a bad input is reported the same way everywhere: a ``ValueError``
(or ``TypeError`` for the wrong kind of object) whose message starts with the
name of the argument the user passed.

The rules (API reference, "Input rules"):

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

The other files of this package combine these checks into what one family of
metrics needs; the metrics call them once, at their public boundary.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import Any

import numpy as np

_INT64 = np.iinfo(np.int64)
_UINT64 = np.iinfo(np.uint64)
_EXACT_FLOAT_INT = 2**53  # every integer of at most this size is exactly a float64


def reject_objects(values: Any, name: str) -> None:
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
    if arr.dtype != np.float64 or not arr.size or not isinstance(values, (list, tuple)):
        return arr  # a list with a Python int becomes float64, never float16 or 32
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
    reject_objects(values, name)
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
    if arr.dtype.kind == "f" and not np.isfinite(arr).all():
        raise ValueError(f"{name} contains {'NaN' if np.isnan(arr).any() else 'inf'}")


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
    return as_float64(arr, name)


def as_float64(arr: np.ndarray, name: str) -> np.ndarray:
    """``arr`` (finite real numbers) as float64, refusing a value float64 cannot hold.

    A ``longdouble`` beyond the float64 range would become inf, and a non-zero
    one below about 1e-308 would become 0: both are a ``ValueError``, not a
    silent change of the value.
    """
    with np.errstate(over="ignore", under="ignore"):
        out = arr.astype(float)
    if arr.dtype.kind == "f" and arr.dtype.itemsize > 8:  # beyond float64's range?
        if np.isinf(out).any():
            raise ValueError(
                f"{name} holds a number too large for a 64-bit float: rescale it"
            )
        if ((out == 0) & (arr != 0)).any():
            raise ValueError(
                f"{name} holds a non-zero number too small for a 64-bit float "
                "(below about 1e-308), which float64 would make 0: round it to 0 "
                "or rescale"
            )
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


def check_pos_label(pos_label: Any) -> Any:
    """Return ``pos_label`` as a plain scalar: a number, a string or a bool."""
    if isinstance(pos_label, np.generic):
        pos_label = pos_label.item()
    if not isinstance(pos_label, (numbers.Real, str, bytes)) or _is_missing(pos_label):
        raise TypeError(
            f"pos_label must be one label (a number, a string or a bool), "
            f"got {pos_label!r}"
        )
    return pos_label


def _same_kind(arr: np.ndarray, label: Any) -> bool:
    """Whether ``label`` can equal a value of ``arr`` (numbers with numbers, ...)."""
    if arr.dtype.kind in "US":
        return isinstance(label, (str, bytes))
    return isinstance(label, numbers.Real) and not isinstance(label, (str, bytes))


def _only_zeros_and_ones(values: Any) -> bool:
    """Whether ``values`` converts to a numeric array holding only 0 and 1."""
    try:
        arr = np.asarray(values, dtype=float)
    except (TypeError, ValueError, OverflowError):
        return False
    return bool(arr.size) and bool(np.isin(arr, (0.0, 1.0)).all())


def as_binary(
    values: Any,
    name: str,
    *,
    pos_label: Any = 1,
    scores: Any = None,
    scores_name: str = "y_score",
) -> np.ndarray:
    """Return binary labels as an int64 array: 1 for ``pos_label``, 0 for the other.

    ``values`` holds at most two labels of one kind (numbers, strings or bools).
    The positive class is ``pos_label``; the other label is the negative class.
    With the default ``pos_label=1``, ``{0, 1}``, bools and ``{-1, 1}`` work as
    they are. Labels that are not ``{0, 1}`` and do not contain ``pos_label``
    are a ``ValueError`` listing the labels found and saying to pass
    ``pos_label``. One label that is not ``pos_label`` is all negatives.
    Numbers that are not whole (probabilities) are not labels: a ``ValueError``
    that asks whether the arguments were swapped when ``scores`` (the other
    argument, named ``scores_name``) holds only 0 and 1.
    """
    pos_label = check_pos_label(pos_label)
    arr = as_labels(values, name)
    if arr.dtype.kind == "f" and (arr != np.floor(arr)).any():
        example = str(arr[np.argmax(arr != np.floor(arr))])[:20]
        swapped = scores is not None and _only_zeros_and_ones(scores)
        hint = (
            f": did you swap {name} and {scores_name}?"
            if swapped
            else ": binary labels are two classes such as 0 and 1"
        )
        raise ValueError(f"{name} holds non-integer values such as {example}{hint}")
    zero_one = not isinstance(pos_label, str) and pos_label in (0, 1)
    if zero_one and arr.dtype.kind in "biu" and arr.size:
        if arr.min() >= 0 and arr.max() <= 1:  # labels 0/1: no sort needed
            y = arr.astype(np.int64, copy=False)  # read, never written
            return y if pos_label == 1 else 1 - y
    classes = np.unique(arr)
    found = classes[:5].tolist()
    if classes.size > 2:
        more = ", ..." if classes.size > 5 else ""
        raise ValueError(
            f"{name} must hold two labels (binary), found {classes.size}: "
            f"{str(found)[:-1]}{more}]; for more classes use a multi-class metric "
            "or average=..."
        )
    if _same_kind(arr, pos_label) and (classes == pos_label).any():
        return (arr == pos_label).astype(np.int64)
    if arr.dtype.kind in "biuf" and np.isin(classes, (0, 1)).all() and pos_label == 1:
        return (arr == 1).astype(np.int64)
    if classes.size == 1 and _same_kind(arr, pos_label):
        return np.zeros(arr.size, dtype=np.int64)
    verb = "hold" if " and " in name else "holds"
    raise ValueError(
        f"{name} {verb} the labels {found}, and pos_label={pos_label!r} is not one of "
        f"them: pass the positive class as pos_label, e.g. pos_label={found[-1]!r}"
    )


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
