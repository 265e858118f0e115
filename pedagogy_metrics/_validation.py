"""Input checks shared by every module of :mod:`pedagogy_metrics`.

Every public function turns its arguments into NumPy arrays through these
helpers, so a bad input is reported the same way everywhere: a ``ValueError``
(or ``TypeError`` for the wrong kind of object) whose message starts with the
name of the offending argument.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = [
    "as_labels",
    "as_real",
    "as_binary",
    "as_weights",
    "check_same_length",
    "check_comparable",
    "check_choice",
    "check_fraction",
    "check_positive_int",
    "check_real",
    "check_confidence",
    "check_probabilities",
    "check_both_classes",
]


def _as_1d(values: Any, name: str) -> np.ndarray:
    """Array-like -> non-empty 1-D NumPy array (no dtype conversion yet)."""
    if values is None:
        raise TypeError(f"{name} must be an array-like, got None")
    if isinstance(values, (str, bytes, dict, set)):
        raise TypeError(f"{name} must be an array-like, got {type(values).__name__}")
    try:
        arr = np.asarray(values)
    except ValueError:  # ragged nesting such as [[1, 2], [3]]
        raise ValueError(f"{name} must be a flat sequence of values, got a ragged nested sequence") from None
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-dimensional, got shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty: at least one value is needed")
    return arr


def as_real(values: Any, name: str, *, ndim: int = 1) -> np.ndarray:
    """Return ``values`` as a float array, rejecting non-numbers, NaN and inf.

    ``ndim`` is 1 (a vector) or 2 (a matrix of shape ``(n, C)``).
    """
    if ndim == 1:
        arr = _as_1d(values, name)
    else:
        if values is None or isinstance(values, (str, bytes)):
            raise TypeError(f"{name} must be an array-like, got {type(values).__name__}")
        try:
            arr = np.asarray(values)
        except ValueError:  # rows of different lengths
            raise ValueError(f"{name} must be a rectangular array, got rows of different lengths") from None
        if arr.ndim != ndim:
            raise ValueError(f"{name} must be {ndim}-dimensional, got shape {arr.shape}")
        if arr.size == 0:
            raise ValueError(f"{name} is empty: at least one value is needed")
    if arr.dtype == bool:
        arr = arr.astype(float)
    if not (np.issubdtype(arr.dtype, np.number) or arr.dtype == object) or arr.dtype.kind == "c":
        raise TypeError(f"{name} must hold real numbers, got dtype {arr.dtype}")
    if arr.dtype == object and any(v is None for v in arr.flat):
        raise ValueError(f"{name} contains None")
    try:
        arr = arr.astype(float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must hold real numbers") from None
    if np.isnan(arr).any():
        raise ValueError(f"{name} contains NaN")
    if np.isinf(arr).any():
        raise ValueError(f"{name} contains inf")
    return arr


def _typed(arr: np.ndarray, name: str) -> np.ndarray:
    """An object array (e.g. a pandas Series of strings) as an array of strings or of numbers."""
    if any(v is None for v in arr):
        raise ValueError(f"{name} contains None")
    if all(isinstance(v, str) for v in arr):
        return arr.astype(str)
    if all(isinstance(v, (numbers.Real, np.bool_)) for v in arr):
        return np.array(arr.tolist())
    kinds = sorted({type(v).__name__ for v in arr})
    raise TypeError(f"{name} must hold numbers, strings or booleans, all of one kind, got {kinds}")


def as_labels(values: Any, name: str) -> np.ndarray:
    """Return class labels as a 1-D array; numbers must be finite.

    Labels may be numbers, strings or booleans, not a mix of numbers and
    strings; an object array (a pandas Series of strings) becomes a typed one.
    """
    arr = _as_1d(values, name)
    if arr.dtype == object:
        arr = _typed(arr, name)
    if arr.dtype.kind == "f":
        if np.isnan(arr).any():
            raise ValueError(f"{name} contains NaN")
        if np.isinf(arr).any():
            raise ValueError(f"{name} contains inf")
    elif arr.dtype.kind not in "biuUS":
        raise TypeError(f"{name} must hold numbers, strings or booleans, got dtype {arr.dtype}")
    return arr


def as_binary(values: Any, name: str) -> np.ndarray:
    """Return binary labels as an int array of 0s and 1s (bools accepted)."""
    arr = as_labels(values, name)
    if arr.dtype == bool:
        return arr.astype(np.int64)
    if arr.dtype.kind in "US":
        raise ValueError(f"{name} must hold binary labels 0 and 1, got dtype {arr.dtype}")
    if arr.dtype.kind in "iu" and arr.min() >= 0 and arr.max() <= 1:  # integers: two reductions suffice
        return arr.astype(np.int64, copy=False)
    outside = (arr != 0) & (arr != 1)
    if outside.any():
        bad = np.unique(arr[outside])[:5].tolist()
        raise ValueError(f"{name} must hold binary labels 0 and 1, found {bad}")
    return arr.astype(np.int64)


def as_weights(values: Any, n: int, name: str = "sample_weight") -> np.ndarray:
    """Return weights of length ``n`` (ones when ``values`` is None).

    Weights must be finite, non-negative and not all zero.
    """
    if values is None:
        return np.ones(n)
    w = as_real(values, name)
    if w.shape[0] != n:
        raise ValueError(f"{name} has length {w.shape[0]}, expected {n}")
    if (w < 0).any():
        raise ValueError(f"{name} contains negative weights")
    with np.errstate(over="ignore"):
        total = w.sum()
    if np.isinf(total):
        raise ValueError(f"{name} sums to more than the largest float: rescale the weights")
    if total <= 0:
        raise ValueError(f"{name} sums to zero: at least one weight must be positive")
    return w


def check_same_length(**arrays: Any) -> int:
    """Raise unless every array has the same first dimension; return it."""
    lengths = {name: len(arr) for name, arr in arrays.items()}
    if len(set(lengths.values())) > 1:
        detail = ", ".join(f"{name} has {n}" for name, n in lengths.items())
        raise ValueError(f"length mismatch: {detail}")
    return next(iter(lengths.values()))


def _label_kind(labels: np.ndarray) -> str:
    """'text', 'bytes' or 'number' (numbers and booleans); 'other' for anything else."""
    return {"U": "text", "S": "bytes", "b": "number", "i": "number", "u": "number", "f": "number"}.get(
        labels.dtype.kind, "other")


def check_comparable(a: np.ndarray, a_name: str, b: np.ndarray, b_name: str) -> None:
    """Raise unless both label arrays hold numbers or both hold strings (so that == can match them)."""
    if _label_kind(a) != _label_kind(b) or _label_kind(a) == "other":
        raise TypeError(
            f"{b_name} and {a_name} must both hold numbers or both hold strings, "
            f"got dtypes {b.dtype} and {a.dtype}"
        )


def check_choice(value: Any, name: str, choices: Sequence[Any]) -> Any:
    """Raise unless ``value`` is one of ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name} must be one of {list(choices)}, got {value!r}")
    return value


def check_real(value: Any, name: str, *, low: float = -math.inf, allow_inf: bool = False) -> float:
    """Return ``value`` as a float after checking it is a real number >= ``low``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__}")
    try:
        value = float(value)
    except OverflowError:  # an int beyond the float range
        raise ValueError(f"{name} must be finite, got an integer too large for a float") from None
    if math.isnan(value) or (math.isinf(value) and not allow_inf):
        raise ValueError(f"{name} must be finite, got {value}")
    if value < low:
        raise ValueError(f"{name} must be >= {low}, got {value}")
    return value


def check_fraction(value: Any, name: str) -> float:
    """Return ``value`` as a float after checking 0 <= value <= 1."""
    value = check_real(value, name)
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must lie in [0, 1], got {value}")
    return value


def check_confidence(value: Any, name: str = "confidence") -> float:
    """Return a confidence level strictly between 0 and 1."""
    value = check_real(value, name)
    if not 0.0 < value < 1.0:
        raise ValueError(f"{name} must lie strictly between 0 and 1, got {value}")
    return value


def check_positive_int(value: Any, name: str, *, low: int = 1) -> int:
    """Return ``value`` as an int after checking it is an integer >= ``low``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    if value < low:
        raise ValueError(f"{name} must be >= {low}, got {value}")
    return int(value)


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
