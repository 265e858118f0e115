r"""Errors of numeric predictions: chapter 6.

Every metric here summarises the residuals :math:`e_i = y_i - \hat y_i` of
a regression model on a test set:

* :func:`mae`, :func:`wmae` -- mean (weighted) absolute error, minimised by a median;
* :func:`mape` -- mean absolute error relative to the truth, in percent;
* :func:`mse`, :func:`rmse` -- mean squared error and its root, minimised by the mean;
* :func:`rmsle` -- RMSE of :math:`\log(1 + y)`, for targets that span orders of
  magnitude.

Floating-point range: a result (or an intermediate sum) beyond the largest
float, about 1.8e308, is ``inf``, as IEEE 754 arithmetic rounds it, without
a NumPy ``RuntimeWarning``. Nothing here can produce ``nan``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
from numpy.typing import ArrayLike

from ._validation import (
    as_value_pair,
    as_weights,
    check_above_minus_one,
    check_nonzero_truth,
)

__all__ = ["mae", "wmae", "mape", "mse", "rmse", "rmsle"]

F = TypeVar("F", bound=Callable[..., Any])


def _overflow_to_inf(func: F) -> F:
    """Run ``func`` with NumPy overflow allowed: beyond the float range is inf."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with np.errstate(over="ignore"):
            return func(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


@_overflow_to_inf
def mae(y_true: ArrayLike, y_pred: ArrayLike) -> float:
    r"""Mean absolute error.

    .. math::

        \mathrm{MAE} = \frac{1}{N} \sum_{i=1}^{N} \lvert y_i - \hat y_i \rvert

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values, finite real numbers.

    Returns
    -------
    float
        In the unit of the target. Among constant predictions, any median of
        ``y_true`` minimises it.

    Notes
    -----
    Equals scikit-learn's ``mean_absolute_error``.

    Examples
    --------
    >>> mae([3, 5, 2.5, 7], [2.5, 5, 4, 8])  # (0.5 + 0 + 1.5 + 1) / 4
    0.75
    """
    _, _, error = as_value_pair(y_true, y_pred)
    return float(np.mean(np.abs(error)))


@_overflow_to_inf
def wmae(y_true: ArrayLike, y_pred: ArrayLike, weights: ArrayLike) -> float:
    r"""Weighted mean absolute error: a weighted average of the absolute errors.

    .. math::

        \mathrm{WMAE} = \frac{\sum_{i} w_i \lvert y_i - \hat y_i \rvert}{\sum_i w_i}

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values.
    weights : array-like of shape (n,)
        Non-negative weights, not all zero (e.g. larger for recent samples).
        Only their ratios matter: multiplying all by a constant changes nothing.

    Returns
    -------
    float
        Equal to :func:`mae` when all weights are equal.

    Notes
    -----
    Equals scikit-learn's ``mean_absolute_error(y_true, y_pred,
    sample_weight=weights)``. Seed note 003 divides by :math:`N` instead of
    :math:`\sum_i w_i`, which is a weighted *sum* scaled by :math:`1/N`, not a
    weighted mean (chapter 6). The weights are first divided by their maximum
    (the ratio is unchanged) so that :math:`w_i \lvert e_i \rvert` cannot
    overflow when the weights are huge.

    Examples
    --------
    >>> wmae([10, 20, 30], [12, 20, 25], [1, 1, 2])  # (2 + 0 + 2*5) / 4
    3.0
    """
    y, _, error = as_value_pair(y_true, y_pred)
    w = as_weights(weights, len(y), "weights", use_instead="mae")
    w = w / w.max()  # same ratios; keeps w * |e| inside the float range
    used = (
        w > 0
    )  # a zero weight drops its sample, even one whose error overflows to inf
    return float(np.sum(w[used] * np.abs(error)[used]) / np.sum(w))


@_overflow_to_inf
def mape(y_true: ArrayLike, y_pred: ArrayLike) -> float:
    r"""Mean absolute percentage error, in percent.

    .. math::

        \mathrm{MAPE} = \frac{100}{N} \sum_{i=1}^{N}
        \left\lvert \frac{y_i - \hat y_i}{y_i} \right\rvert, \qquad y_i \ne 0

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True values; none may be 0.
    y_pred : array-like of shape (n,)
        Predicted values.

    Returns
    -------
    float
        In percent (10.0 means off by 10 % on average); unbounded above.

    Raises
    ------
    ValueError
        If any ``y_true`` is 0: the relative error is undefined there.

    Notes
    -----
    Equals 100 x scikit-learn's ``mean_absolute_percentage_error`` whenever
    every :math:`|y_i|` is at least machine epsilon (2.2e-16). scikit-learn
    divides by :math:`\max(|y_i|, \varepsilon)` instead, so it returns a huge
    finite number at :math:`y_i = 0` and a smaller one than ours for
    :math:`0 < |y_i| < \varepsilon`; Hyndman & Koehler (2006) discuss why MAPE
    is undefined at zero and unstable near it.

    Examples
    --------
    >>> mape([100, 200], [110, 150])  # 100 * (0.10 + 0.25) / 2
    17.5
    """
    y, _, error = as_value_pair(y_true, y_pred)
    check_nonzero_truth(y)
    return float(100 * np.mean(np.abs(error / y)))


@_overflow_to_inf
def mse(y_true: ArrayLike, y_pred: ArrayLike) -> float:
    r"""Mean squared error.

    .. math::

        \mathrm{MSE} = \frac{1}{N} \sum_{i=1}^{N} (y_i - \hat y_i)^2

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values.

    Returns
    -------
    float
        In the squared unit of the target. Among constant predictions, the
        mean of ``y_true`` minimises it.

    Notes
    -----
    Equals scikit-learn's ``mean_squared_error``.

    Examples
    --------
    >>> mse([3, 5, 2.5, 7], [2.5, 5, 4, 8])  # (0.25 + 0 + 2.25 + 1) / 4
    0.875
    """
    _, _, error = as_value_pair(y_true, y_pred)
    return float(np.mean(error**2))


@_overflow_to_inf
def rmse(y_true: ArrayLike, y_pred: ArrayLike) -> float:
    r"""Root mean squared error: the square root of :func:`mse`.

    .. math::

        \mathrm{RMSE} = \sqrt{\frac{1}{N} \sum_{i=1}^{N} (y_i - \hat y_i)^2}

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values.

    Returns
    -------
    float
        In the unit of the target. It equals the standard deviation of the
        residuals only when their mean is 0.

    Notes
    -----
    Equals scikit-learn's ``root_mean_squared_error``.

    Examples
    --------
    >>> rmse([1, 2, 3, 4], [2, 1, 4, 3])  # every error is 1
    1.0
    """
    _, _, error = as_value_pair(y_true, y_pred)
    return float(np.sqrt(np.mean(error**2)))


@_overflow_to_inf
def rmsle(y_true: ArrayLike, y_pred: ArrayLike) -> float:
    r"""Root mean squared logarithmic error: the RMSE of :math:`\log(1 + y)`.

    .. math::

        \mathrm{RMSLE} = \sqrt{\frac{1}{N} \sum_{i=1}^{N}
        \big(\log(1 + \hat y_i) - \log(1 + y_i)\big)^2}

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values, each greater than -1.

    Returns
    -------
    float
        Unit-free; about the typical relative error for errors of a few percent.

    Raises
    ------
    ValueError
        If any value of ``y_true`` or ``y_pred`` is <= -1.

    Notes
    -----
    Natural logarithm, computed as ``log1p``. Equals scikit-learn's
    ``root_mean_squared_log_error`` (version 1.9.1 also accepts values in
    (-1, 0); releases before the fix of scikit-learn issue #29678 rejected
    every negative value).

    Examples
    --------
    >>> round(rmsle([200], [150]), 6)  # |ln(151/201)|
    0.286025
    """
    y, y_hat, _ = as_value_pair(y_true, y_pred)
    check_above_minus_one(y_true=y, y_pred=y_hat)
    return float(np.sqrt(np.mean((np.log1p(y_hat) - np.log1p(y)) ** 2)))
