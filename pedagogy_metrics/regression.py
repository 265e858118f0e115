r"""Errors of numeric predictions: chapter 6.

Every metric here summarises the residuals :math:`e_i = y_i - \hat y_i` of
a regression model on a test set:

* :func:`mae`, :func:`wmae` -- mean (weighted) absolute error, minimised by a median;
* :func:`mape` -- mean absolute error relative to the truth, in percent;
* :func:`mse`, :func:`rmse` -- mean squared error and its root, minimised by the mean;
* :func:`rmsle` -- RMSE of :math:`\log(1 + y)`, for targets that span orders of
  magnitude;
* :func:`r2_score` -- the share of the variance of the target that the model explains,
  1 - MSE / (MSE of predicting the mean);
* :func:`pinball_loss` -- the quantile loss, minimised by a quantile;
* :func:`huber_loss` -- squared for small errors, absolute for large ones.

Weights: ``sample_weight`` (non-negative, not all zero) turns each mean into
the weighted mean :math:`\sum_i w_i L_i / \sum_i w_i` of the per-sample
losses :math:`L_i`, computed by one private weighted mean; integer weights give the
result of repeating each row that many times.

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

from ._checks.arrays import as_weights, check_fraction, check_positive_real
from ._checks.regression import as_r2_inputs, as_value_pair, check_above_minus_one

__all__ = [
    "mae",
    "wmae",
    "mape",
    "mse",
    "rmse",
    "rmsle",
    "r2_score",
    "pinball_loss",
    "huber_loss",
]

F = TypeVar("F", bound=Callable[..., Any])


def _overflow_to_inf(func: F) -> F:
    """Run ``func`` with NumPy overflow allowed: beyond the float range is inf."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with np.errstate(over="ignore"):
            return func(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


def _mean(loss: np.ndarray, w: np.ndarray) -> float:
    """The weighted mean of the losses, ``sum(w * loss) / sum(w)``.

    With every weight 1 it is the plain mean. The weights are first divided by
    the largest (the ratio is unchanged) so that ``w * loss`` cannot overflow
    when the weights are huge, and a sample of weight 0 is left out, even one
    whose loss overflowed to inf.
    """
    w = w / w.max()
    used = w > 0
    return float(np.sum(w[used] * loss[used]) / np.sum(w))


@_overflow_to_inf
def mae(
    y_true: ArrayLike, y_pred: ArrayLike, *, sample_weight: ArrayLike | None = None
) -> float:
    r"""Mean absolute error.

    .. math::

        \mathrm{MAE} = \frac{1}{N} \sum_{i=1}^{N} \lvert y_i - \hat y_i \rvert
        \quad \text{(weighted: } \textstyle\sum_i w_i \lvert y_i - \hat y_i \rvert
        / \sum_i w_i\text{)}

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values, finite real numbers.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights, not all zero: the weighted mean.

    Returns
    -------
    float
        In the unit of the target. Among constant predictions, any median of
        ``y_true`` minimises it.

    Notes
    -----
    Equals scikit-learn's ``mean_absolute_error`` (with ``sample_weight``);
    :func:`wmae` is the same weighted mean with the weights required.

    Examples
    --------
    >>> mae([3, 5, 2.5, 7], [2.5, 5, 4, 8])  # (0.5 + 0 + 1.5 + 1) / 4
    0.75
    """
    _, _, error = as_value_pair(y_true, y_pred)
    w = as_weights(sample_weight, len(error))
    return _mean(np.abs(error), w)


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
    sample_weight=weights)``. Note 003 divides by :math:`N` instead of
    :math:`\sum_i w_i`, which is a weighted *sum* scaled by :math:`1/N`, not a
    weighted mean (chapter 10). It is ``mae(y_true, y_pred,
    sample_weight=weights)``, computed by the same weighted mean.

    Examples
    --------
    >>> wmae([10, 20, 30], [12, 20, 25], [1, 1, 2])  # (2 + 0 + 2*5) / 4
    3.0
    """
    y, _, error = as_value_pair(y_true, y_pred)
    w = as_weights(weights, len(y), "weights", use_instead="mae")
    return _mean(np.abs(error), w)


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
    if (y == 0).any():  # the relative error |e| / |y| is x / 0
        raise ValueError(
            "y_true contains 0, where the percentage error |y - y_hat| / |y| "
            "is undefined"
        )
    return float(100 * np.mean(np.abs(error / y)))


@_overflow_to_inf
def mse(
    y_true: ArrayLike, y_pred: ArrayLike, *, sample_weight: ArrayLike | None = None
) -> float:
    r"""Mean squared error.

    .. math::

        \mathrm{MSE} = \frac{1}{N} \sum_{i=1}^{N} (y_i - \hat y_i)^2

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights, not all zero: the weighted mean.

    Returns
    -------
    float
        In the squared unit of the target. Among constant predictions, the
        mean of ``y_true`` minimises it.

    Notes
    -----
    Equals scikit-learn's ``mean_squared_error`` (with ``sample_weight``).

    Examples
    --------
    >>> mse([3, 5, 2.5, 7], [2.5, 5, 4, 8])  # (0.25 + 0 + 2.25 + 1) / 4
    0.875
    """
    _, _, error = as_value_pair(y_true, y_pred)
    w = as_weights(sample_weight, len(error))
    return _mean(error**2, w)


@_overflow_to_inf
def rmse(
    y_true: ArrayLike, y_pred: ArrayLike, *, sample_weight: ArrayLike | None = None
) -> float:
    r"""Root mean squared error: the square root of :func:`mse`.

    .. math::

        \mathrm{RMSE} = \sqrt{\frac{1}{N} \sum_{i=1}^{N} (y_i - \hat y_i)^2}

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights, not all zero: the weighted mean.

    Returns
    -------
    float
        In the unit of the target. It equals the standard deviation of the
        residuals only when their mean is 0.

    Notes
    -----
    Equals scikit-learn's ``root_mean_squared_error`` (with ``sample_weight``).

    Examples
    --------
    >>> rmse([1, 2, 3, 4], [2, 1, 4, 3])  # every error is 1
    1.0
    """
    _, _, error = as_value_pair(y_true, y_pred)
    w = as_weights(sample_weight, len(error))
    return float(np.sqrt(_mean(error**2, w)))


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


@_overflow_to_inf
def r2_score(
    y_true: ArrayLike, y_pred: ArrayLike, *, sample_weight: ArrayLike | None = None
) -> float:
    r"""Coefficient of determination: 1 minus the errors' share of the variance.

    .. math::

        R^2 = 1 - \frac{SS_{res}}{SS_{tot}}

        SS_{res} = \sum_i w_i (y_i - \hat y_i)^2

        SS_{tot} = \sum_i w_i (y_i - \bar y)^2,
        \quad \bar y = \frac{\sum_i w_i y_i}{\sum_i w_i}

    Without weights, :math:`R^2 = 1 - \mathrm{MSE} / \mathrm{MSE}_0` with
    :math:`\mathrm{MSE}_0` the MSE of always predicting the mean
    :math:`\bar y`, the best constant.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values; the true values (of positive weight) must
        not all be equal.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights, not all zero.

    Returns
    -------
    float
        At most 1 (perfect predictions); 0 for predicting the mean;
        unbounded below (``-inf`` when :math:`SS_{res}` overflows).

    Raises
    ------
    ValueError
        If ``y_true`` is constant: :math:`SS_{tot} = 0` and the ratio is
        undefined.

    Notes
    -----
    Equals scikit-learn's ``r2_score`` (with ``sample_weight``) whenever
    ``y_true`` varies; for constant ``y_true`` scikit-learn returns 1.0 (if
    the predictions are exact) or 0.0, here a ``ValueError``. The values are
    first measured from the smallest true value in units of the range of the
    true values (see the input checks): :math:`R^2` does not
    change, large integers keep their differences, and no square overflows.

    Examples
    --------
    >>> round(r2_score([3, 5, 2.5, 7], [2.5, 5, 4, 8]), 6)  # 1 - 3.5 / 12.6875
    0.724138
    """
    y, error, w = as_r2_inputs(y_true, y_pred, sample_weight)
    y_bar = np.sum(w * y) / np.sum(w)
    ss_res = np.sum(w * error**2)
    ss_tot = np.sum(w * (y - y_bar) ** 2)
    return float(1 - ss_res / ss_tot)


@_overflow_to_inf
def pinball_loss(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    alpha: float = 0.5,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Pinball (quantile) loss: absolute errors weighted by side.

    .. math::

        \rho_\alpha(e) = \begin{cases}
        \alpha\, e & e \ge 0 \\ (\alpha - 1)\, e & e < 0 \end{cases},
        \qquad e = y - \hat y

        L_\alpha = \frac{1}{N} \sum_{i=1}^{N} \rho_\alpha(y_i - \hat y_i)

    Under-predicting costs :math:`\alpha` per unit, over-predicting
    :math:`1 - \alpha`.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values.
    alpha : float, default 0.5
        The quantile level, strictly between 0 and 1.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights, not all zero: the weighted mean.

    Returns
    -------
    float
        In the unit of the target, at least 0. Among constant predictions,
        any :math:`\alpha`-quantile of ``y_true`` minimises it; at
        :math:`\alpha = 0.5` it is half the MAE.

    Notes
    -----
    Koenker & Bassett (1978). Equals scikit-learn's ``mean_pinball_loss``
    (with ``sample_weight``).

    Examples
    --------
    >>> pinball_loss([10, 10], [8, 13], alpha=0.9)  # (0.9 * 2 + 0.1 * 3) / 2
    1.05
    """
    _, _, error = as_value_pair(y_true, y_pred)
    alpha = check_fraction(alpha, "alpha", strict=True)
    w = as_weights(sample_weight, len(error))
    loss = np.maximum(alpha * error, (alpha - 1) * error)  # the positive one of the two
    return _mean(loss, w)


@_overflow_to_inf
def huber_loss(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    delta: float = 1.0,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Huber loss: squared error near zero, absolute error beyond ``delta``.

    .. math::

        h_\delta(e) = \begin{cases}
        \tfrac12 e^2 & |e| \le \delta \\
        \delta \big(|e| - \tfrac12 \delta\big) & |e| > \delta
        \end{cases}

        L_\delta = \frac{1}{N} \sum_{i=1}^{N} h_\delta(y_i - \hat y_i)

    The two pieces meet with equal value and slope at :math:`|e| = \delta`.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted values.
    delta : float, default 1.0
        Where the loss turns from squared to absolute; finite, > 0.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights, not all zero: the weighted mean.

    Returns
    -------
    float
        In the squared unit of the target, at least 0. For
        :math:`\delta` above every :math:`|e_i|` it is half the MSE; as
        :math:`\delta \to 0`, :math:`L_\delta / \delta` tends to the MAE.

    Notes
    -----
    Huber (1964). Equals the mean of ``scipy.special.huber(delta, y_true -
    y_pred)``.

    Examples
    --------
    >>> huber_loss([0, 0], [0.5, 3])  # (0.5**2 / 2 + 1 * (3 - 0.5)) / 2
    1.3125
    """
    _, _, error = as_value_pair(y_true, y_pred)
    delta = check_positive_real(delta, "delta")
    small = np.abs(error) <= delta
    loss = np.where(small, error**2 / 2, delta * (np.abs(error) - delta / 2))
    return _mean(loss, as_weights(sample_weight, len(error)))
