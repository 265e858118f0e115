"""Input checks of TREC runs and qrels: ids, measures, files."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from .arrays import as_scores

TREC_MEASURES = ("map", "recip_rank", "ndcg", "Rprec")  # one value per query
_TREC_DEPTHS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)
TREC_CUTOFFS = {  # measures with a cut-off: trec_eval's default cut-offs
    "P": _TREC_DEPTHS,
    "recall": _TREC_DEPTHS,
    "map_cut": _TREC_DEPTHS,
    "ndcg_cut": _TREC_DEPTHS,
    "success": (1, 5, 10),
}


def _trec_ids(ids: Any, name: str, what: str) -> np.ndarray:
    """Query or document ids: strings (as in TREC files), as a str array."""
    ids = list(ids)
    odd = next((i for i in ids if not isinstance(i, str)), None)
    if odd is not None:
        raise TypeError(
            f"{name} has a {what} id of type {type(odd).__name__} ({odd!r}): "
            "ids are strings, as in TREC files"
        )
    return np.array(ids, dtype=str)


def _trec_mapping(value: Any, name: str) -> Any:
    """Raise unless ``value`` is a mapping (a dict)."""
    if not isinstance(value, Mapping) or isinstance(value, np.ma.MaskedArray):
        raise TypeError(f"{name} must be a dict, got {type(value).__name__}")
    return value


def _as_trec_dict(value: Any, name: str) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """``{query: {doc: number}}`` as ``{query: (doc ids, numbers)}``."""
    queries = _trec_mapping(value, name)
    if not queries:
        raise ValueError(f"{name} is empty: at least one query is needed")
    _trec_ids(queries.keys(), name, "query")
    out = {}
    for q, docs in queries.items():  # one query at a time; its documents as arrays
        docs = _trec_mapping(docs, f"{name}[{q!r}]")
        ids = _trec_ids(docs.keys(), f"{name}[{q!r}]", "document")
        values = (
            as_scores(list(docs.values()), f"{name}[{q!r}]") if docs else np.zeros(0)
        )
        out[q] = ids, values
    return out


def as_qrels(qrels: Any) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Validate relevance judgements ``{query: {document: grade}}``.

    Parameters
    ----------
    qrels : dict of dict
        Query ids (str) to document ids (str) to whole-number grades; a
        negative grade (a TREC "spam" or "junk" label) counts as 0, as in
        trec_eval.

    Returns
    -------
    dict of (ndarray, ndarray)
        Per query, the judged document ids and their grades (at least 0).
    """
    judged = _as_trec_dict(qrels, "qrels")
    for q, (_, grades) in judged.items():
        if grades.dtype.kind == "f" and (grades != np.floor(grades)).any():
            raise ValueError(
                f"qrels[{q!r}] holds grades that are not whole numbers: "
                "TREC grades are integers"
            )
    return {q: (ids, np.where(g > 0, g, 0)) for q, (ids, g) in judged.items()}


def as_run(run: Any) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Validate a run ``{query: {document: score}}``.

    Parameters
    ----------
    run : dict of dict
        Query ids (str) to document ids (str) to finite real scores
        (:func:`as_scores`: integers compared exactly).

    Returns
    -------
    dict of (ndarray, ndarray)
        Per query, the retrieved document ids and their scores.
    """
    return _as_trec_dict(run, "run")


def _trec_measure(measure: Any) -> dict[str, tuple[str, int | None]]:
    """One of trec_eval's measure names, as ``{key: (measure, cut-off)}``."""
    if not isinstance(measure, str):
        raise TypeError(
            f"measures must hold measure names (str), got {type(measure).__name__}"
        )
    if measure in TREC_MEASURES:
        return {measure: (measure, None)}
    if measure in TREC_CUTOFFS:  # every default cut-off
        return {f"{measure}_{k}": (measure, k) for k in TREC_CUTOFFS[measure]}
    family, dot, cutoffs = measure.partition(".")  # "P.5,10"
    if not dot:
        family, _, cutoffs = measure.rpartition("_")  # "P_5"
    if family not in TREC_CUTOFFS:
        raise ValueError(
            f"measures: unknown measure {measure!r}; known: {list(TREC_MEASURES)} "
            f"and {list(TREC_CUTOFFS)} with a cut-off, such as 'P_10' or 'P.5,10'"
        )
    out: dict[str, tuple[str, int | None]] = {}
    for text in cutoffs.split(","):
        if not (text.isascii() and text.isdigit() and int(text) >= 1):
            raise ValueError(
                f"measures: {measure!r} has the cut-off {text!r}, "
                "which is not a whole number >= 1"
            )
        out[f"{family}_{int(text)}"] = (family, int(text))
    return out


def as_trec_measures(measures: Any) -> dict[str, tuple[str, int | None]]:
    """Validate trec_eval measure names, as pytrec_eval accepts them.

    Parameters
    ----------
    measures : collection of str
        Names in :data:`TREC_MEASURES`; or a name in :data:`TREC_CUTOFFS`
        alone (its default cut-offs), with one cut-off (``"P_10"``) or with
        several (``"P.5,10"``).

    Returns
    -------
    dict of (str, int or None)
        Each result key (``"P_10"``) with its measure and cut-off, sorted by
        measure and cut-off.
    """
    if isinstance(measures, (str, bytes, Mapping, np.ma.MaskedArray)) or not isinstance(
        measures, Iterable
    ):
        raise TypeError(
            "measures must be a collection of trec_eval measure names, such as "
            f"{{'map', 'P_10'}}, got {type(measures).__name__}"
        )
    wanted: dict[str, tuple[str, int | None]] = {}
    for measure in measures:
        wanted |= _trec_measure(measure)
    if not wanted:
        raise ValueError("measures is empty: name at least one measure")
    # one order whatever the collection: by measure, then cut-off
    return dict(sorted(wanted.items(), key=lambda item: (item[1][0], item[1][1] or 0)))


def as_trec_table(path: Any, fields: str) -> np.ndarray:
    """The whitespace-separated fields of a TREC file, one row per non-blank line.

    Parameters
    ----------
    path : str or os.PathLike
        The file (UTF-8 text).
    fields : str
        What each line holds, e.g. ``"query 0 document grade"``: its number of
        words is the number of fields every line must have.

    Returns
    -------
    ndarray of str, shape (lines, fields)
        The fields of each non-blank line.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(
            f"path must be a file name (str or os.PathLike), got {type(path).__name__}"
        )
    with open(path, encoding="utf-8") as f:
        lines = [(i, line.split()) for i, line in enumerate(f, start=1)]
    rows = [(i, words) for i, words in lines if words]
    n_fields = len(fields.split())
    bad = next(((i, w) for i, w in rows if len(w) != n_fields), None)
    if bad is not None:
        raise ValueError(
            f"path: line {bad[0]} of {os.fspath(path)} has {len(bad[1])} fields, "
            f"expected {n_fields} ({fields})"
        )
    if not rows:
        raise ValueError(f"path: {os.fspath(path)} holds no lines")
    table = np.array([words for _, words in rows], dtype=str)
    pairs = np.char.add(np.char.add(table[:, 0], "\t"), table[:, 2])
    _, first, count = np.unique(pairs, return_index=True, return_counts=True)
    if (count > 1).any():
        row = rows[int(first[count > 1][0])]
        raise ValueError(
            f"path: document {row[1][2]!r} of query {row[1][0]!r} appears more "
            f"than once in {os.fspath(path)} (first on line {row[0]})"
        )
    return table


def as_trec_numbers(column: np.ndarray, path: Any, kind: str) -> np.ndarray:
    """One column of a TREC file as numbers: ``"grade"`` (int) or ``"score"``.

    Parameters
    ----------
    column : ndarray of str
        The column's fields (:func:`as_trec_table`).
    path : str or os.PathLike
        The file, for the message.
    kind : {"grade", "score"}
        Grades are whole numbers (int64); scores finite real numbers.

    Returns
    -------
    ndarray
        int64 grades or float64 scores.
    """
    dtype = np.int64 if kind == "grade" else np.float64
    try:
        values = column.astype(dtype)
    except (ValueError, OverflowError):  # found below, field by field
        values = np.full(column.size, np.nan)
    if np.isfinite(values).all():
        return values
    bad = next(text for text in column.tolist() if not _is_number(text, dtype))
    what = "a whole number" if kind == "grade" else "a finite number"
    raise ValueError(f"path: the {kind} {bad!r} in {os.fspath(path)} is not {what}")


def _is_number(text: str, dtype: Any) -> bool:
    """Whether NumPy reads ``text`` as a finite number of ``dtype``."""
    try:
        value = np.array(text).astype(dtype)
    except (ValueError, OverflowError):
        return False
    return bool(np.isfinite(value))
