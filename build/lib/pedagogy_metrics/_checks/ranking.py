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
