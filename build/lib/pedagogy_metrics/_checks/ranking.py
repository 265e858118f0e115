"""Input checks of the ranking metrics: grades, queries, cut-offs, ideal lists."""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable
from typing import Any

import numpy as np

from .arrays import as_scores, check_positive_int, check_same_length

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
        if hasattr(query, "__len__") and len(query) == 0:
            raise ValueError(
                f"queries[{i}] is empty: every query needs at least one ranked "
                "grade (drop the empty query, or give it [0] for a query with "
                "nothing retrieved)"
            )
    return [as_grades(query, f"queries[{i}]") for i, query in enumerate(queries)]


def as_query_matrix(queries: Any) -> tuple[np.ndarray, np.ndarray]:
    """Validate many queries at once: their grades as the rows of one matrix.

    Query q's grades fill row q from the left; shorter rows are padded at the
    end with grade 0 (which changes no ranking metric). The grades of all
    queries are checked in one call; when that fails, they are checked again
    query by query (:func:`as_queries`), so the message names the bad query.

    Parameters
    ----------
    queries : iterable of array-like, or 2-D array
        One sequence of grades per query, at least one query, none empty.

    Returns
    -------
    matrix : ndarray of shape (Q, n)
        The grades, padded with 0; n >= 1.
    lengths : ndarray of shape (Q,)
        The number of grades of each query.
    """
    if isinstance(queries, np.ndarray) and queries.ndim == 2 and queries.size:
        if not isinstance(queries, np.ma.MaskedArray):
            try:
                flat = as_grades(queries.reshape(-1), "queries")
            except (TypeError, ValueError):
                flat = None
            if flat is not None:
                lengths = np.full(queries.shape[0], queries.shape[1], dtype=np.int64)
                return flat.reshape(queries.shape), lengths
    if isinstance(queries, (list, tuple)) and queries:
        fast = _all_at_once(queries)
        if fast is not None:
            return fast
    grades = as_queries(queries)
    lengths = np.array([g.size for g in grades], dtype=np.int64)
    return pad_rows(np.concatenate(grades), lengths), lengths


def _all_at_once(queries: list | tuple) -> tuple[np.ndarray, np.ndarray] | None:
    """Plain lists of grades checked in one call; None when one check fails (the
    caller then checks query by query, to name the bad query)."""
    unusual = (str, bytes, dict, set, frozenset, numbers.Number, np.generic)
    if any(isinstance(q, unusual) or np.ma.isMaskedArray(q) for q in queries):
        return None
    try:
        rows = [np.asarray(q) for q in queries]
        if any(r.ndim != 1 or r.size == 0 for r in rows):
            return None
        flat = as_grades(np.concatenate(rows), "queries")
    except (TypeError, ValueError):
        return None
    lengths = np.array([r.size for r in rows], dtype=np.int64)
    return pad_rows(flat, lengths), lengths


def pad_rows(flat: np.ndarray, lengths: np.ndarray, fill: Any = 0) -> np.ndarray:
    """Consecutive rows of the given lengths as one matrix, padded at the end.

    Parameters
    ----------
    flat : ndarray
        Row 0, then row 1, ...
    lengths : ndarray of int
        The length of each row.
    fill : scalar, default 0
        The padding.

    Returns
    -------
    ndarray of shape (len(lengths), max(1, longest row))
        The rows, left-aligned, of the dtype of ``flat`` and ``fill``.
    """
    width = max(1, int(lengths.max(initial=0)))
    matrix = np.full((lengths.size, width), fill, dtype=np.result_type(flat, fill))
    matrix[np.arange(width) < lengths[:, None]] = flat
    return matrix


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


def as_query_n_relevant(
    values: Any, default: np.ndarray, found: np.ndarray
) -> np.ndarray:
    """R of each query: its given count, or ``default``; never below ``found``.

    Parameters
    ----------
    values : sequence of int or None, or None
        ``n_relevant`` as the user passed it (:func:`as_query_counts`).
    default : ndarray of shape (Q,)
        The relevant items of each ranked list.
    found : ndarray of shape (Q,)
        The relevant items retrieved in each top k: a lower bound.

    Returns
    -------
    ndarray of float, shape (Q,)
        R per query (inf for a count beyond the float range).
    """
    counts = as_query_counts(values, default.size, "n_relevant")
    given = [d if c is None else as_depth(c) for c, d in zip(counts, default.tolist())]
    r = np.array(given, dtype=float)
    below = np.flatnonzero(r < found)
    if below.size:
        q = int(below[0])
        raise ValueError(
            f"n_relevant[{q}] is {counts[q]}, but {int(found[q])} relevant items "
            f"of queries[{q}] were retrieved in the top k: n_relevant counts every "
            "relevant item of the query, retrieved or not"
        )
    return r


def as_depth(k: Any, name: str = "k") -> float:
    """A cut-off or a count as a float for the kernels: inf beyond the float range.

    Parameters
    ----------
    k : int or None
        A whole number >= 0 (:func:`check_positive_int`, already checked by
        the caller or checked here with ``low=0``); None means no cut-off.
    name : str, default "k"
        The argument's name, for the messages.

    Returns
    -------
    float
        ``k`` as a float (exact up to 2**53; a count above 2**1023 is inf,
        which no ranked list reaches); inf for None.
    """
    if k is None:
        return math.inf
    k = check_positive_int(k, name, low=0)
    return float(k) if k < 2**1023 else math.inf


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
    ideals: Any, matrix: np.ndarray, lengths: np.ndarray, gain: str
) -> np.ndarray:
    """Validate the judged grades of each query, as the rows of one matrix.

    Parameters
    ----------
    ideals : sequence of array-like or None, or None
        One entry per query: its judged grades (:func:`as_grades`, covering
        the query's ranking, :func:`check_ideal_covers`), or None for the
        ranking itself. None: every query's ranking.
    matrix : ndarray of shape (Q, n)
        The validated grades of the queries (:func:`as_query_matrix`).
    lengths : ndarray of shape (Q,)
        The number of grades of each query.
    gain : str
        ``"exponential"``: no grade may exceed :data:`MAX_EXPONENTIAL_GRADE`.

    Returns
    -------
    ndarray of shape (Q, m)
        The judged grades of each query, padded with 0.
    """
    if gain == "exponential":
        for i in np.flatnonzero(matrix.max(axis=-1) > MAX_EXPONENTIAL_GRADE):
            check_exponential_grades(matrix[i], f"queries[{i}]")
    if ideals is None:
        return matrix
    if isinstance(
        ideals, (str, bytes, dict, set, frozenset, np.ma.MaskedArray)
    ) or not isinstance(ideals, Iterable):
        raise TypeError(
            "ideals must be a list with the judged grades of each query (or None), "
            f"got {type(ideals).__name__}"
        )
    ideals = list(ideals)
    if len(ideals) != matrix.shape[0]:
        raise ValueError(
            f"ideals has {len(ideals)} entries, but queries has {matrix.shape[0]} "
            "queries"
        )
    rows = [
        row[:n] if ideal is None else as_grades(ideal, f"ideals[{i}]")
        for i, (row, n, ideal) in enumerate(zip(matrix, lengths.tolist(), ideals))
    ]
    judged = pad_rows(np.concatenate(rows), np.array([r.size for r in rows]))
    width = max(matrix.shape[1], judged.shape[1])
    found = -np.sort(-_widen(matrix, width), axis=-1)
    best = -np.sort(-_widen(judged, width), axis=-1)
    short = np.flatnonzero((found > best).any(axis=-1))
    if short.size:
        q = int(short[0])
        raise ValueError(
            f"ideals[{q}] must hold every judged grade of the query, "
            f"but queries[{q}] has grades ideals[{q}] lacks"
        )
    if gain == "exponential":
        for i in np.flatnonzero(judged.max(axis=-1) > MAX_EXPONENTIAL_GRADE):
            check_exponential_grades(judged[i], f"ideals[{i}]")
    return judged


def _widen(matrix: np.ndarray, width: int) -> np.ndarray:
    """The matrix padded with 0 columns up to ``width``."""
    return np.pad(matrix, ((0, 0), (0, width - matrix.shape[1])))
