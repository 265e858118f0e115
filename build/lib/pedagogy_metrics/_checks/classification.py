"""Input checks of the classification metrics: labels, predictions, averages."""

from __future__ import annotations

from typing import Any

import numpy as np

from .arrays import (
    as_binary,
    as_labels,
    as_weights,
    check_choice,
    check_pos_label,
    check_same_length,
    check_zero_division,
    common_labels,
)

AVERAGES = ("binary", "macro", "micro", "weighted")
_BINARY_CLASSES = np.array([0, 1])


def check_hard(labels: np.ndarray, name: str) -> np.ndarray:
    """Return class labels after checking that numbers among them are whole.

    Probabilities (or other non-integer numbers) passed where hard predictions
    are expected would each become a class of their own and the metric would
    return a number that means nothing; they are a ``ValueError`` that says how
    to threshold them.

    Parameters
    ----------
    labels : ndarray
        Validated labels (:func:`as_labels`).
    name : str
        The argument's name, for the message.

    Returns
    -------
    ndarray
        ``labels``.
    """
    if labels.dtype.kind == "f":
        fractional = labels != np.floor(labels)
        if fractional.any():
            example = str(labels[np.argmax(fractional)])[:20]
            fix = (
                "pass hard predictions, e.g. (y_proba >= 0.5).astype(int)"
                if name.startswith("y_pred")
                else "class labels must be integers, strings or booleans "
                "(did you swap y_true and y_pred?)"
            )
            raise ValueError(
                f"{name} holds non-integer values such as {example}: {fix}"
            )
    return labels


def as_hard_labels(values: Any, name: str) -> np.ndarray:
    """Class labels (:func:`as_labels`) whose numbers are whole (:func:`check_hard`)."""
    return check_hard(as_labels(values, name), name)


def as_binary_pair(
    y_true: Any, y_pred: Any, pos_label: Any = 1
) -> tuple[np.ndarray, np.ndarray]:
    """Validate binary truth and prediction that share two labels; return them as 0/1.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        Hard labels: together at most two labels of one kind (numbers, strings
        or bools), whole numbers if numbers.
    pos_label : number, str or bool, default 1
        The positive class (:func:`as_binary`).

    Returns
    -------
    t, p : ndarray of int64
        1 where the label is ``pos_label``, 0 where it is the other label.
    """
    t = as_hard_labels(y_true, "y_true")
    p = as_hard_labels(y_pred, "y_pred")
    n = check_same_length(y_true=t, y_pred=p)
    t, p = common_labels(y_true=t, y_pred=p)
    as_binary(t, "y_true", pos_label=pos_label)  # y_true's own labels first
    both = as_binary(np.concatenate([t, p]), "y_true and y_pred", pos_label=pos_label)
    return both[:n], both[n:]


def as_label_pair(
    y_true: Any,
    y_pred: Any,
    sample_weight: Any = None,
    labels: Any = None,
    *,
    binary: bool = False,
    pos_label: Any = 1,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
    """Validate truth, prediction, weights and (optionally) the classes to score.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted hard labels (:func:`as_hard_labels`).
    sample_weight : array-like of shape (n,), optional
        Checked by :func:`as_weights` (ones when None).
    labels : array-like, optional
        The classes to score, without duplicates.
    binary : bool, default False
        Two labels, ``pos_label`` the positive one (:func:`as_binary_pair`);
        ``labels`` is not used.
    pos_label : number, str or bool, default 1
        The positive class when ``binary``.

    Returns
    -------
    t, p, w, classes : ndarray
        ``t``, ``p`` and ``classes`` in one dtype where equal means equal
        (:func:`common_labels`); ``classes`` is ``labels`` as given, else None
        (the metric finds the classes of ``t`` and ``p`` as it counts them).
        With ``binary``, ``t`` and ``p`` are 0/1 and ``classes`` is ``[0, 1]``.
    """
    if binary:
        t, p = as_binary_pair(y_true, y_pred, pos_label)
        return t, p, as_weights(sample_weight, len(t)), _BINARY_CLASSES
    t = as_hard_labels(y_true, "y_true")
    p = as_hard_labels(y_pred, "y_pred")
    n = check_same_length(y_true=t, y_pred=p)
    w = as_weights(sample_weight, n)
    if labels is None:
        t, p = common_labels(y_true=t, y_pred=p)
        return t, p, w, None
    t, p, classes = common_labels(
        y_true=t, y_pred=p, labels=as_labels(labels, "labels")
    )
    if len(np.unique(classes)) != len(classes):
        raise ValueError("labels contains duplicates")
    return t, p, w, classes


def as_common_labels(**arrays: Any) -> list[np.ndarray]:
    """Validate hard label arrays of equal length, in one dtype where equal means equal.

    Parameters
    ----------
    **arrays : array-like of shape (n,)
        The label arrays, each under the name of its argument.

    Returns
    -------
    list of ndarray
        The arrays in the order given (:func:`as_hard_labels`, :func:`common_labels`).
    """
    converted = {name: as_hard_labels(values, name) for name, values in arrays.items()}
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


def check_average(
    average: Any, zero_division: Any, labels: Any, pos_label: Any = 1
) -> float:
    """Check how per-class scores are averaged; return ``zero_division`` as a float.

    Parameters
    ----------
    average : str
        One of :data:`AVERAGES`.
    zero_division : float
        Checked by :func:`check_zero_division`.
    labels : array-like or None
        Must be None with ``average="binary"`` (``pos_label`` is scored).
    pos_label : number, str or bool, default 1
        Must be left at 1 unless ``average="binary"``.

    Returns
    -------
    float
        ``zero_division``: 0.0, 1.0 or NaN.
    """
    check_choice(average, "average", AVERAGES)
    zero_division = check_zero_division(zero_division)
    if average == "binary" and labels is not None:
        raise ValueError(
            "labels cannot be combined with average='binary' (pos_label is scored)"
        )
    pos_label = check_pos_label(pos_label)
    if average != "binary" and not (_is_one(pos_label)):
        raise ValueError(
            f"pos_label={pos_label!r} is used only with average='binary'; "
            f"average={average!r} scores every class"
        )
    return zero_division


def _is_one(value: Any) -> bool:
    """Whether ``value`` is the default ``pos_label`` 1 (not "1", not True)."""
    return not isinstance(value, (str, bytes, bool)) and value == 1


KAPPA_WEIGHTS = ("linear", "quadratic")  # or None: every disagreement weighs 1


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
