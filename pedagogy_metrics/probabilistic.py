r"""Metrics for predicted probabilities: chapter 8.

A probabilistic classifier gives, for each sample, a probability for every
class. These metrics score the probabilities themselves, not a thresholded
decision:

* :func:`log_loss` -- mean negative log-likelihood of the classes that occurred;
* :func:`default_log_loss` -- the log loss of the best constant prediction,
  which is the entropy of the labels;
* :func:`normalized_entropy` -- log loss divided by that default (He et al. 2014);
* :func:`brier_score` -- mean squared error of the probability (Brier 1950);
* :func:`pcoc` -- predicted over observed positives, a calibration check.

Notes
-----
**Labels.** With a 1-D ``y_proba`` (the probability of the positive class),
``y_true`` holds two labels and ``pos_label`` (default 1) names the positive
one. With a 2-D ``y_proba`` (one column per class), ``labels`` names the
class of each column; by default the sorted classes of ``y_true``, as in
scikit-learn, or column indices 0..C-1 when not every class occurs.

**Probabilities exactly 0 or 1.** No clipping is applied. A probability of
exactly 1 for the class that occurred costs exactly 0; a probability of
exactly 0 for it costs :math:`-\log 0 = +\infty`, so :func:`log_loss` returns
``inf`` (a Python float, never ``nan``, never a warning). scikit-learn instead
clips probabilities to :math:`[\varepsilon, 1-\varepsilon]` with
:math:`\varepsilon` the machine epsilon of the input's dtype (about 2.2e-16
for float64; ``1e-15`` before version 1.2), so it reports about 36.04 for the
same sample. Both agree for probabilities in ``[1e-6, 1 - 1e-6]`` (and, to the
last bits, anywhere in ``[eps, 1 - eps]``).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ._checks import probabilistic as probability_checks
from ._checks.arrays import as_labels, as_weights
from ._checks.probabilistic import as_probabilities

__all__ = [
    "log_loss",
    "default_log_loss",
    "pcoc",
    "brier_score",
    "normalized_entropy",
    "true_class_probability",
    "ROW_SUM_TOLERANCE",
]

ROW_SUM_TOLERANCE = probability_checks.ROW_SUM_TOLERANCE
"""How far a row of a multi-class ``y_proba`` may sum from 1: ``|sum - 1| <= 1e-6``.

Loose enough for probabilities computed in float32 (a softmax rounds each
entry to about 6e-8), tight enough to reject raw scores or a missing column.
Rows are used as given, not renormalised (scikit-learn 1.9 does the same
after warning at a tolerance near 1.5e-8)."""


# ---------------------------------------------------------------------------
# Metrics
# ---------------------------------------------------------------------------


def true_class_probability(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    pos_label: Any = 1,
    labels: ArrayLike | None = None,
) -> np.ndarray:
    r"""The probability each sample's prediction gave to the class that occurred.

    .. math::

        \begin{aligned}
        p_{i, y_i} &= \begin{cases} p_i & y_i = \text{pos\_label} \\
        1 - p_i & \text{otherwise} \end{cases} \text{ (binary)}, \\
        p_{i, y_i} &= P[i, \text{column of } y_i] \text{ (multi-class)}
        \end{aligned}

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels when ``y_proba`` is 1-D; the classes when it is 2-D.
    y_proba : array-like of shape (n,) or (n, C)
        1-D: probability of the class ``pos_label``. 2-D: one column per
        class, each row a probability distribution (summing to 1 within
        :data:`ROW_SUM_TOLERANCE`).
    pos_label : number, str or bool, default 1
        1-D ``y_proba``: the positive class; the other label is negative.
    labels : array-like of shape (C,), optional
        2-D ``y_proba``: the class of each column. Default: the sorted
        classes of ``y_true`` (as scikit-learn); when fewer than C classes
        occur, ``y_true`` must hold column indices 0..C-1.

    Returns
    -------
    ndarray of shape (n,)
        The probability of the true class, per sample, each in [0, 1].

    Examples
    --------
    >>> true_class_probability([1, 0], [0.9, 0.2]).tolist()
    [0.9, 0.8]
    >>> true_class_probability([2, 0], [[0.1, 0.2, 0.7], [0.5, 0.3, 0.2]]).tolist()
    [0.7, 0.5]
    >>> true_class_probability(["b", "a"], [[0.4, 0.6], [0.3, 0.7]]).tolist()
    [0.6, 0.3]
    """
    y, proba = as_probabilities(y_true, y_proba, pos_label=pos_label, labels=labels)
    return _true_class_probability(y, proba)


def _true_class_probability(y: np.ndarray, proba: np.ndarray) -> np.ndarray:
    """:func:`true_class_probability` of validated arrays (0/1, or column indices)."""
    if proba.ndim == 2:
        return proba[np.arange(len(y)), y]
    return np.where(y == 1, proba, 1.0 - proba)


def log_loss(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    pos_label: Any = 1,
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Log loss (cross-entropy): mean negative log-probability of the true class.

    .. math::

        \begin{aligned}
        \mathrm{LogLoss} &= -\frac{\sum_i w_i \log p_{i, y_i}}{\sum_i w_i}, \\
        \log p_{i, y_i} &= y_i \log p_i + (1 - y_i) \log(1 - p_i)
        \text{ (binary)}
        \end{aligned}

    with :math:`w_i = 1` without weights (the mean over the samples).

    Natural logarithm: the unit is the nat.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (numbers, strings or bools) when ``y_proba`` is 1-D; the
        classes when ``y_proba`` is 2-D.
    y_proba : array-like of shape (n,) or (n, C)
        1-D: probability of the class ``pos_label``. 2-D: one column per
        class, each row a probability distribution whose sum is within
        :data:`ROW_SUM_TOLERANCE` (1e-6) of 1. Entries outside [0, 1] are a
        ``ValueError``.
    pos_label : number, str or bool, default 1
        1-D ``y_proba``: the positive class.
    labels : array-like of shape (C,), optional
        2-D ``y_proba``: the class of each column (see
        :func:`true_class_probability`).
    sample_weight : array-like of shape (n,), optional
        Non-negative weights, not all zero; a sample of weight 0 does not
        count, even one given probability 0.

    Returns
    -------
    float
        In :math:`[0, +\infty]`. ``inf`` exactly when some sample gives
        probability 0 to the class that occurred.

    Notes
    -----
    Matches scikit-learn's ``log_loss`` (with its ``labels`` and
    ``sample_weight``) for probabilities in [1e-6, 1 - 1e-6]. At the edges
    there is no clipping (see the module notes): probability 1 for the true
    class costs 0 and probability 0 costs :math:`+\infty`, where scikit-learn
    1.9 clips to machine epsilon and reports about 2.2e-16 and 36.04.
    Rows are not renormalised.

    Examples
    --------
    >>> round(log_loss([1, 0, 1], [0.9, 0.2, 0.6]), 6)  # -(ln .9 + ln .8 + ln .6) / 3
    0.279777
    >>> round(log_loss([2, 0], [[0.1, 0.2, 0.7], [0.5, 0.3, 0.2]]), 6)
    0.524911
    >>> log_loss([1], [0.0])
    inf
    >>> round(log_loss(["spam", "ham"], [0.9, 0.2], pos_label="spam"), 6)
    0.164252
    """
    y, proba = as_probabilities(y_true, y_proba, pos_label=pos_label, labels=labels)
    w = as_weights(sample_weight, len(y))
    return _log_loss(y, proba, w)


def _log_loss(y: np.ndarray, proba: np.ndarray, w: np.ndarray) -> float:
    """:func:`log_loss` of validated arrays (0/1 or column indices, weights)."""
    used = w > 0  # a sample of weight 0 does not count
    p_true, w = _true_class_probability(y, proba)[used], w[used]
    if (p_true == 0).any():
        return math.inf  # -log 0: certain of a class that did not occur
    loss = -np.sum(w * np.log(p_true)) / np.sum(w)
    return float(loss) + 0.0  # + 0.0 turns -0.0 (all p_true = 1) into 0.0


def default_log_loss(y_true: ArrayLike) -> float:
    r"""Log loss of the best constant prediction: the entropy of the labels, in nats.

    Predicting every sample with the class frequencies :math:`q_c = n_c / N`
    minimises the log loss among constant predictions (chapter 8 derives
    it), and its log loss is

    .. math::

        H(q) = -\sum_{c} q_c \log q_c .

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Labels of any kind (0/1, class indices, strings); only their
        frequencies matter.

    Returns
    -------
    float
        In :math:`[0, \log C]`; 0 when every label is the same.

    Notes
    -----
    Shannon entropy of the empirical label distribution, as
    ``scipy.stats.entropy(counts)``. The "default log loss" of note 001.

    Examples
    --------
    >>> round(default_log_loss([0, 0, 0, 1]), 6)  # -(.75 ln .75 + .25 ln .25)
    0.562335
    >>> default_log_loss(["a", "a"])
    0.0
    """
    return _entropy(as_labels(y_true, "y_true"))


def _entropy(labels: np.ndarray) -> float:
    """:func:`default_log_loss` of validated labels: only their frequencies count."""
    _, counts = np.unique(labels, return_counts=True)
    q = counts / counts.sum()
    entropy = -np.sum(q * np.log(q))
    return float(entropy) + 0.0  # + 0.0 turns -0.0 (one class) into 0.0


def pcoc(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    pos_label: Any = 1,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""PCOC: predicted clicks over observed clicks, a calibration-in-the-large check.

    .. math::

        \mathrm{PCOC} = \frac{\sum_i w_i \hat p_i}{\sum_i w_i y_i}

    1 means the model predicts as many positives as occurred; above 1 it
    over-predicts, below 1 it under-predicts.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (numbers, strings or bools).
    y_proba : array-like of shape (n,)
        Predicted probability of the class ``pos_label``, in [0, 1].
    pos_label : number, str or bool, default 1
        The positive class (a click); the other label is negative.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights (e.g. impressions per row), not all zero.

    Returns
    -------
    float
        The ratio, at least 0; 1 for a model calibrated in the large.

    Raises
    ------
    ValueError
        If there is no positive with a positive weight (the ratio has no
        denominator).

    Notes
    -----
    The ratio of expected to observed clicks that He et al. (2014) call
    calibration; listed without a definition in note 004. A PCOC of 1 is
    necessary for calibration, not sufficient: errors in opposite directions
    in different score ranges cancel (chapter 8, reliability diagram).

    Examples
    --------
    >>> pcoc([1, 0, 0, 0], [0.4, 0.2, 0.1, 0.1])  # 0.8 predicted / 1 observed
    0.8
    """
    y, p = as_probabilities(y_true, y_proba, ndim=1, pos_label=pos_label)
    w = as_weights(sample_weight, len(y))
    observed = np.sum(w * y)
    if observed == 0:  # the ratio has no denominator
        raise ValueError(
            "y_true has no positives (with positive weight): "
            "PCOC divides by their count"
        )
    predicted = np.sum(w * p)
    return float(predicted) / float(observed)


def brier_score(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    pos_label: Any = 1,
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    r"""Brier score: mean squared error of the predicted probabilities.

    Binary (1-D ``y_proba``, the probability :math:`p_i` of the positive
    class, :math:`y_i` 1 for a positive and 0 for a negative):

    .. math::

        \mathrm{BS} = \frac{\sum_i w_i (p_i - y_i)^2}{\sum_i w_i}

    Multi-class (2-D ``y_proba``, :math:`y_{ic}` 1 when sample :math:`i` is
    of class :math:`c`): the squared errors of all C columns,

    .. math::

        \mathrm{BS} = \frac{\sum_i w_i \sum_c (P_{ic} - y_{ic})^2}{\sum_i w_i}

    in [0, 2]; an (n, 2) matrix gives half of it, the binary score.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels when ``y_proba`` is 1-D; the classes when it is 2-D.
    y_proba : array-like of shape (n,) or (n, C)
        1-D: probability of the class ``pos_label``, in [0, 1]. 2-D: one
        column per class, rows summing to 1 (within 1e-6).
    pos_label : number, str or bool, default 1
        1-D ``y_proba``: the positive class.
    labels : array-like of shape (C,), optional
        2-D ``y_proba``: the class of each column (see
        :func:`true_class_probability`).
    sample_weight : array-like of shape (n,), optional
        Non-negative weights, not all zero; without them every sample
        weighs 1 (the mean).

    Returns
    -------
    float
        In [0, 1] for binary input (0.25 for the constant prediction 0.5);
        in [0, 2] for C > 2 columns.

    Notes
    -----
    Brier (1950). Equals scikit-learn's ``brier_score_loss`` (its default
    ``scale_by_half="auto"`` halves the sum for two classes only).

    Examples
    --------
    >>> round(brier_score([1, 0, 1], [0.9, 0.2, 0.6]), 6)  # (.01 + .04 + .16) / 3
    0.07
    >>> brier_score([0, 2], [[0.5, 0.25, 0.25], [0.0, 0.5, 0.5]])  # (.375 + .5) / 2
    0.4375
    """
    y, proba = as_probabilities(y_true, y_proba, pos_label=pos_label, labels=labels)
    w = as_weights(sample_weight, len(y))
    if proba.ndim == 1:
        squared_error = (proba - y) ** 2
    else:
        onehot = np.arange(proba.shape[1]) == y[:, None]  # y_ic
        squared_error = np.sum((proba - onehot) ** 2, axis=1)
        if proba.shape[1] == 2:
            squared_error = squared_error / 2  # both columns carry the same error
    return float(np.sum(w * squared_error) / np.sum(w))


def normalized_entropy(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    pos_label: Any = 1,
    labels: ArrayLike | None = None,
) -> float:
    r"""Normalized entropy: log loss divided by the entropy of the base rate.

    .. math::

        \mathrm{NE} = \frac{\mathrm{LogLoss}}
                          {-\big(\bar y \log \bar y + (1-\bar y)\log(1-\bar y)\big)},
        \qquad \bar y = \frac{1}{N}\sum_i y_i

    The denominator is the log loss of always predicting the base rate
    :math:`\bar y` (:func:`default_log_loss`), so NE < 1 means better than
    that constant and NE = 1 means no better.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels when ``y_proba`` is 1-D; the classes when it is 2-D. At
        least two classes must occur.
    y_proba : array-like of shape (n,) or (n, C)
        As for :func:`log_loss`. With 2-D ``y_proba`` the denominator is the
        entropy of the class frequencies (the same ratio for C classes).
    pos_label : number, str or bool, default 1
        1-D ``y_proba``: the positive class.
    labels : array-like of shape (C,), optional
        2-D ``y_proba``: the class of each column.

    Returns
    -------
    float
        In :math:`[0, +\infty]`.

    Raises
    ------
    ValueError
        If ``y_true`` holds one class only: the base rate is 0 or 1 and its
        entropy is 0.

    Notes
    -----
    He et al. (2014), "Practical lessons from predicting clicks on ads at
    Facebook", section 2 (normalized cross-entropy). The paper takes the
    base rate from the training set; here it is the base rate of ``y_true``,
    so the denominator is exactly the log loss of the best constant
    prediction on the data being scored.

    Examples
    --------
    >>> round(normalized_entropy([1, 0, 0, 0], [0.25, 0.25, 0.25, 0.25]), 6)
    1.0
    """
    y, proba = as_probabilities(y_true, y_proba, pos_label=pos_label, labels=labels)
    loss = _log_loss(y, proba, np.ones(len(y)))
    base = _entropy(y)  # y: 0/1 or column indices, as frequent as the classes
    if base == 0:  # one class: the base rate is 0 or 1, and NE is x / 0
        raise ValueError(
            "y_true holds one class only: the base rate is 0 or 1, its entropy is 0"
        )
    return loss / base
