"""Input checks of the regression errors: real targets and predictions."""

from __future__ import annotations

from typing import Any

import numpy as np

from .arrays import (
    as_float64,
    as_scores,
    as_weights,
    check_same_length,
    exact_difference,
)


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
        The values (a ``longdouble`` beyond the float64 range is a
        ``ValueError``), and ``error = y - y_hat`` computed before rounding
        (:func:`exact_difference`: two int64 values above 2**53 differing by 1
        give an error of 1).
    """
    y = as_scores(y_true, "y_true", exact=False)
    y_hat = as_scores(y_pred, "y_pred", exact=False)
    check_same_length(y_true=y, y_pred=y_hat)
    y64, y_hat64 = as_float64(y, "y_true"), as_float64(y_hat, "y_pred")
    return y64, y_hat64, exact_difference(y, y_hat)


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
    as_float64(y, "y_true")  # every value a float64 can hold
    as_float64(y_hat, "y_pred")
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
