"""Input checks of intervals and tests: counts, levels, resampling, pairs."""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from .arrays import (
    as_array,
    as_binary,
    as_float_count,
    as_labels,
    as_real,
    as_scores,
    check_both_classes,
    check_callable,
    check_choice,
    check_confidence,
    check_positive_int,
    check_probabilities,
    check_same_length,
    exact_difference,
)
from .classification import as_common_labels

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
    metric_kwargs: Any = None,
) -> tuple[list[np.ndarray], int, float, int | None, dict[str, Any]]:
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
    metric_kwargs : mapping or None
        Keyword arguments of every call of the metric (:func:`as_metric_kwargs`).

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
    kwargs : dict
        The metric's keyword arguments (empty for None).
    """
    check_callable(metric, "metric")
    kwargs = as_metric_kwargs(metric_kwargs)
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
        metric_value(metric, data, kwargs)
    except (TypeError, ValueError) as err:
        hint = (  # the metric's own options go through metric_kwargs
            " (options of the metric go in metric_kwargs, e.g. "
            "metric_kwargs={'pos_label': ...})"
            if "pos_label" in str(err) and not kwargs
            else ""
        )
        raise type(err)(
            f"metric fails on the data itself, before any resampling: {err}{hint}"
        ) from err
    return data, n_resamples, confidence, seed, kwargs


def as_metric_kwargs(metric_kwargs: Any) -> dict[str, Any]:
    """Validate the keyword arguments passed to every call of a bootstrapped metric.

    Parameters
    ----------
    metric_kwargs : mapping or None
        Names (strings) to values, passed unchanged to each call. A per-row
        ``sample_weight`` is refused: it would not follow the resampled rows.

    Returns
    -------
    dict
        A copy (empty for None).
    """
    if metric_kwargs is None:
        return {}
    if not isinstance(metric_kwargs, Mapping):
        raise TypeError(
            "metric_kwargs must be a dict of keyword arguments of the metric, e.g. "
            f"metric_kwargs={{'average': 'macro'}}, got {type(metric_kwargs).__name__}"
        )
    kwargs = dict(metric_kwargs)
    for key in kwargs:
        if not isinstance(key, str):
            raise TypeError(
                f"metric_kwargs: keys must be argument names (strings), got {key!r}"
            )
    if "sample_weight" in kwargs:
        raise ValueError(
            "metric_kwargs: sample_weight holds one weight per row, but metric_kwargs "
            "are passed unchanged to every resample, so the weights would not follow "
            "the drawn rows; pass the weights as one more array instead, e.g. "
            "bootstrap_interval(lambda y, s, w: pm.roc_auc(y, s, sample_weight=w), "
            "y, s, w)"
        )
    return kwargs


def metric_value(
    metric: Callable[..., Any],
    arrays: list[np.ndarray],
    kwargs: Mapping[str, Any] | None = None,
) -> float:
    """``metric(*arrays, **kwargs)`` as a float; anything but one number: TypeError.

    Parameters
    ----------
    metric : callable
        The metric.
    arrays : list of ndarray
        Its arguments.
    kwargs : mapping, optional
        Its keyword arguments.

    Returns
    -------
    float
        The metric's value (a 0-d array or NumPy scalar accepted).
    """
    value = metric(*arrays, **(kwargs or {}))
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(
            "metric must return a single number, "
            f"got {type(value).__name__}: {value!r:.60}"
        )
    result = float(value)
    if math.isinf(result) and np.isfinite(np.asarray(value)):  # e.g. a longdouble
        raise ValueError(
            f"metric returned {value!r:.60}, beyond the largest float64: rescale the "
            "data so that the metric's value is a float"
        )
    return result


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


BOOTSTRAP_METHODS = ("percentile", "bca")
MCNEMAR_METHODS = ("exact", "mid-p")
ALTERNATIVES = ("two-sided", "greater", "less")


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
    metric: Callable[..., Any],
    arrays: list[np.ndarray],
    i: int,
    kwargs: Mapping[str, Any] | None = None,
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
    kwargs : mapping, optional
        The metric's keyword arguments.

    Returns
    -------
    float
        The metric's value, finite.
    """
    try:
        value = metric_value(metric, arrays, kwargs)
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


def as_delong_inputs(
    y_true: Any, *, pos_label: Any = 1, min_per_class: int = 2, **scores: Any
) -> tuple[np.ndarray, list[np.ndarray]]:
    """Validate labels and one or more scores of the same cases, for DeLong's variance.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels (:func:`as_binary`, positive class ``pos_label``).
    pos_label : int, float, bool or str, default 1
        The positive class.
    min_per_class : int, default 2
        The fewest positives and negatives: 2 where the variance of the
        structural components divides by :math:`n - 1` in each class, 1 for
        the components alone.
    **scores : array-like of shape (n,)
        Finite scores (:func:`as_scores`), each under the name of its argument.

    Returns
    -------
    y : ndarray
        The labels (int64 0/1).
    list of ndarray
        The scores, in the order given.
    """
    s = [as_scores(values, name) for name, values in scores.items()]
    try:
        y = as_binary(y_true, "y_true", pos_label=pos_label)
    except ValueError as err:  # scores where the labels should be?
        if any(np.unique(v).size <= 2 for v in s):
            name = next(n for n, v in zip(scores, s) if np.unique(v).size <= 2)
            raise ValueError(
                f"{err}; {name} holds at most two values: did you swap y_true and "
                f"{name}? Labels come first"
            ) from err
        raise
    check_same_length(y_true=y, **dict(zip(scores, s)))
    n_pos, n_neg = check_both_classes(y)
    if min(n_pos, n_neg) < min_per_class:
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


def as_mcnemar_inputs(
    y_true: Any, y_pred_1: Any, y_pred_2: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Validate true labels and two models' predicted labels of the same samples.

    Parameters
    ----------
    y_true, y_pred_1, y_pred_2 : array-like of shape (n,)
        Class labels of one kind (:func:`as_common_labels`). A prediction is
        right when it equals the true label, so a prediction that is a
        non-integer number and no true label (a probability or a score) is
        an error naming the array: it could never be right.

    Returns
    -------
    t, p1, p2 : ndarray
        The labels, in one dtype.
    """
    t, p1, p2 = as_common_labels(y_true=y_true, y_pred_1=y_pred_1, y_pred_2=y_pred_2)
    for name, p in (("y_pred_1", p1), ("y_pred_2", p2)):
        if p.dtype.kind == "f":
            odd = p[(p != np.round(p)) & ~np.isin(p, t)]
            if odd.size:
                raise ValueError(
                    f"{name} holds {odd[0].item()!r}, a non-integer number that is "
                    "no label of y_true: McNemar's test needs predicted class "
                    "labels, not scores or probabilities; threshold them, e.g. "
                    f"{name} = (scores >= 0.5).astype(int)"
                )
    return t, p1, p2
