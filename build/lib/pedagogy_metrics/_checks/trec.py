"""Input checks of TREC runs and qrels: ids, measure names, relevance levels, files."""

from __future__ import annotations

import codecs
import difflib
import itertools
import math
import numbers as _numbers
import os
import re
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from .arrays import as_scores, check_choice, check_positive_int

TREC_MEASURES = ("map", "recip_rank", "ndcg", "Rprec")  # one value per query
_TREC_DEPTHS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)
TREC_CUTOFFS = {  # measures with a cut-off: trec_eval's default cut-offs
    "P": _TREC_DEPTHS,
    "recall": _TREC_DEPTHS,
    "map_cut": _TREC_DEPTHS,
    "ndcg_cut": _TREC_DEPTHS,
    "success": (1, 5, 10),
}
#: ranx-style names: alias -> trec_eval family (``"@K"`` gives the cut-off)
ALIASES = {
    "map": "map_cut",
    "precision": "P",
    "recall": "recall",
    "mrr": "recip_rank",
    "ndcg": "ndcg_cut",
    "hit_rate": "success",
}
WHOLE_ALIASES = {"mrr": "recip_rank", "r-precision": "Rprec"}  # no cut-off
MISSING_QUERIES = ("drop", "zero")
# what a user may have meant: a stem -> (trec_eval name, alias), "{k}" the cut-off
_SPELLINGS = {
    "ndcg": ("ndcg_cut_{k}", "ndcg@{k}"),
    "map": ("map_cut_{k}", "map@{k}"),
    "p": ("P_{k}", "precision@{k}"),
    "precision": ("P_{k}", "precision@{k}"),
    "recall": ("recall_{k}", "recall@{k}"),
    "mrr": ("recip_rank", "mrr@{k}"),
    "rr": ("recip_rank", "mrr@{k}"),
    "reciprocal_rank": ("recip_rank", "mrr@{k}"),
    "success": ("success_{k}", "hit_rate@{k}"),
    "hit_rate": ("success_{k}", "hit_rate@{k}"),
    "hit": ("success_{k}", "hit_rate@{k}"),
    "hr": ("success_{k}", "hit_rate@{k}"),
    "rprec": ("Rprec", "r-precision"),
    "r_precision": ("Rprec", "r-precision"),
}


def _trec_ids(ids: Iterable[Any], name: str, what: str) -> None:
    """Raise unless every id is a string (as in TREC files)."""
    odd = next((i for i in ids if type(i) is not str), None)
    if odd is not None and not isinstance(odd, str):
        raise TypeError(
            f"{name} has a {what} id of type {type(odd).__name__} ({odd!r}): "
            "ids are strings, as in TREC files"
        )


def _trec_mapping(value: Any, name: str) -> Mapping:
    """Raise unless ``value`` is a mapping (a dict)."""
    if not isinstance(value, Mapping) or isinstance(value, np.ma.MaskedArray):
        raise TypeError(f"{name} must be a dict, got {type(value).__name__}")
    return value


def _trec_values(value: Mapping, name: str, kind: str) -> np.ndarray:
    """All numbers of ``{query: {document: number}}`` as one float array, in order.

    Checked in one call; when that fails, query by query (the message names
    the query and the fix).
    """
    if not value:
        raise ValueError(f"{name} is empty: at least one query is needed")
    _trec_ids(value.keys(), name, "query")
    if set(map(type, value.values())) - {dict}:  # name a query that is no dict
        for q, docs in value.items():
            _trec_mapping(docs, f"{name}[{q!r}]")
    every_id = itertools.chain.from_iterable(value.values())
    if set(map(type, every_id)) - {str}:
        for q, docs in value.items():  # name the query
            _trec_ids(docs, f"{name}[{q!r}]", "document")
    chain = itertools.chain.from_iterable(d.values() for d in value.values())
    kinds = set(
        map(type, itertools.chain.from_iterable(d.values() for d in value.values()))
    )
    try:
        if not all(issubclass(t, _numbers.Real) for t in kinds):
            raise TypeError
        numbers = np.fromiter(chain, dtype=float)
        ok = bool(np.isfinite(numbers).all()) and not (np.abs(numbers) >= 2**63).any()
    except (TypeError, ValueError, OverflowError):
        ok = False
    if ok and kind == "grade":
        ok = bool((numbers == np.floor(numbers)).all())
    if ok:
        return numbers
    for q, docs in value.items():  # name the query
        values: Any = as_scores(list(docs.values()), f"{name}[{q!r}]") if docs else []
        if kind == "grade" and np.any(np.asarray(values) != np.floor(values)):
            raise ValueError(
                f"{name}[{q!r}] holds grades that are not whole numbers: "
                "TREC grades are integers (round them, or map them to 0, 1, 2, ...)"
            )
        if np.any(np.abs(np.asarray(values, dtype=float)) >= 2**63):
            raise ValueError(
                f"{name}[{q!r}] holds a number beyond 2**63: TREC {kind}s are "
                "integers or floats of a usual size; rescale them"
            )
    raise ValueError(f"{name} holds a value that is not a finite number")


def as_qrels(qrels: Any) -> np.ndarray:
    """Validate relevance judgements ``{query: {document: grade}}``.

    Parameters
    ----------
    qrels : dict of dict
        Query ids (str) to document ids (str) to whole-number grades (below
        2**63); a negative grade (a TREC "spam" or "junk" label) counts as 0,
        as in trec_eval.

    Returns
    -------
    ndarray
        Every grade, query after query, as floats at least 0.
    """
    return np.maximum(_trec_values(_trec_mapping(qrels, "qrels"), "qrels", "grade"), 0)


def as_run(run: Any) -> np.ndarray:
    """Validate a run ``{query: {document: score}}``.

    Parameters
    ----------
    run : dict of dict
        Query ids (str) to document ids (str) to finite real scores.

    Returns
    -------
    ndarray
        Every score, query after query, as floats.
    """
    return _trec_values(_trec_mapping(run, "run"), "run", "score")


def check_relevance_level(level: Any) -> int:
    """trec_eval's ``-l``: relevant means grade >= ``level``, a whole number >= 1."""
    return check_positive_int(level, "relevance_level")


def check_missing_queries(missing: Any) -> str:
    """``"drop"`` (trec_eval's default) or ``"zero"`` (trec_eval ``-c``)."""
    return check_choice(missing, "missing_queries", MISSING_QUERIES)


def _cutoff(text: str, measure: str) -> int:
    """A cut-off written in a measure name: a whole number >= 1."""
    if not (text.isascii() and text.isdigit() and int(text) >= 1):
        raise ValueError(
            f"measures: {measure!r} has the cut-off {text!r}, "
            "which is not a whole number >= 1"
        )
    return int(text)


def _unknown(measure: str) -> ValueError:
    """The error for an unknown name, suggesting the spellings it may have meant."""
    match = re.fullmatch(r"([A-Za-z_\-]*?)[_@.\-]*(?:cut)?[_@.\-]*(\d*)", measure)
    stem, k = (match.group(1), match.group(2)) if match else (measure, "")
    stem = stem.lower().replace("-", "_").removesuffix("_cut")
    close = difflib.get_close_matches(stem, list(_SPELLINGS), n=1, cutoff=0.6)
    hint = ""
    if close:
        trec, alias = _SPELLINGS[close[0]]
        k = k or "10"
        hint = f"; use {trec.format(k=k)} or {alias.format(k=k)}"
    return ValueError(
        f"measures: unknown measure {measure!r}{hint}. Known: {list(TREC_MEASURES)}, "
        f"{list(TREC_CUTOFFS)} with a cut-off ('P_10', 'P.5,10'), and "
        f"{[f'{a}@K' for a in ALIASES] + list(WHOLE_ALIASES)}"
    )


def _trec_measure(measure: Any) -> dict[str, tuple[str, int | None]]:
    """One measure name, as ``{result key: (trec_eval family, cut-off)}``."""
    if not isinstance(measure, str):
        raise TypeError(
            f"measures must hold measure names (str), got {type(measure).__name__}"
        )
    if measure in TREC_MEASURES:
        return {measure: (measure, None)}
    if measure in WHOLE_ALIASES:
        return {measure: (WHOLE_ALIASES[measure], None)}
    if measure in TREC_CUTOFFS:  # every default cut-off
        return {f"{measure}_{k}": (measure, k) for k in TREC_CUTOFFS[measure]}
    alias, at, text = measure.partition("@")  # "ndcg@10"
    if at:
        if alias not in ALIASES:
            raise _unknown(measure)
        return {measure: (ALIASES[alias], _cutoff(text, measure))}
    family, dot, cutoffs = measure.partition(".")  # "P.5,10"
    if not dot:
        family, _, cutoffs = measure.rpartition("_")  # "P_5"
    if family not in TREC_CUTOFFS:
        raise _unknown(measure)
    return {
        f"{family}_{_cutoff(text, measure)}": (family, int(text))
        for text in cutoffs.split(",")
    }


def as_trec_measures(measures: Any) -> dict[str, tuple[str, int | None]]:
    """Validate measure names, in trec_eval's form or ranx's.

    Parameters
    ----------
    measures : collection of str
        Names in :data:`TREC_MEASURES`; a name in :data:`TREC_CUTOFFS` alone
        (its default cut-offs), with one cut-off (``"P_10"``) or several
        (``"P.5,10"``); an alias of :data:`ALIASES` with a cut-off
        (``"ndcg@10"``) or one of :data:`WHOLE_ALIASES`.

    Returns
    -------
    dict of (str, int or None)
        Each result key (the name given, or ``"P_5"`` for ``"P.5,10"``) with
        its trec_eval family and cut-off: in the order given, or (from a
        set) sorted by family and cut-off.
    """
    if isinstance(measures, (str, bytes, Mapping, np.ma.MaskedArray)) or not isinstance(
        measures, Iterable
    ):
        raise TypeError(
            "measures must be a collection of measure names, such as "
            f"{{'map', 'P_10', 'ndcg@10'}}, got {type(measures).__name__}"
        )
    wanted: dict[str, tuple[str, int | None]] = {}
    for measure in measures:
        wanted |= _trec_measure(measure)
    if not wanted:
        raise ValueError("measures is empty: name at least one measure")
    if not isinstance(measures, (set, frozenset)):
        return wanted  # in the order given
    # a set has no order: by family, then cut-off, then name
    return dict(sorted(wanted.items(), key=lambda i: (i[1][0], i[1][1] or 0, i[0])))


def trec_columns(
    path: Any, fields: str, keep: tuple[int, ...]
) -> tuple[list[list[str]], list[int]]:
    """The fields of a TREC file: UTF-8 (with or without a byte-order mark), LF or CRLF.

    Parameters
    ----------
    path : str or os.PathLike
        The file.
    fields : str
        What each line holds, e.g. ``"query 0 document grade"``: its number of
        words is the number of fields every non-blank line must have.
    keep : tuple of int
        The fields wanted (the others come back as empty lists).

    Returns
    -------
    columns : list of list of str
        One list per field, one entry per non-blank line.
    lines : list of int
        The line number (from 1) of each entry.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(
            f"path must be a file name (str or os.PathLike), got {type(path).__name__}"
        )
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise ValueError(
            f"path: {os.fspath(path)} is not UTF-8 text: line {line} holds the "
            f"byte {data[error.start : error.start + 1]!r}; re-save the file as "
            "UTF-8 (for example iconv -f latin1 -t utf-8)"
        ) from None
    n_fields = len(fields.split())
    words = text.split()
    counts = _fields_per_line(data.removeprefix(codecs.BOM_UTF8))
    if counts.sum() != len(words):  # whitespace beyond ASCII: count line by line
        counts = np.array([len(line.split()) for line in text.split("\n")])
    bad = np.flatnonzero((counts != 0) & (counts != n_fields))
    if bad.size:
        raise ValueError(
            f"path: line {bad[0] + 1} of {os.fspath(path)} has {counts[bad[0]]} "
            f"fields, expected {n_fields} ({fields})"
        )
    if not words:
        raise ValueError(f"path: {os.fspath(path)} holds no lines")
    lines = (np.flatnonzero(counts) + 1).tolist()
    return [words[i::n_fields] if i in keep else [] for i in range(n_fields)], lines


_ASCII_SPACE = np.zeros(256, dtype=bool)
_ASCII_SPACE[[9, 10, 11, 12, 13, 28, 29, 30, 31, 32]] = True  # str.split's, in ASCII


def _fields_per_line(data: bytes) -> np.ndarray:
    """The number of whitespace-separated fields on each line of a file's bytes."""
    codes = np.frombuffer(data, dtype=np.uint8)
    space = _ASCII_SPACE[codes]
    starts = ~space & np.r_[True, space[:-1]]  # the first byte of each field
    line_starts = np.r_[0, np.flatnonzero(codes == 10) + 1]
    if line_starts[-1] == codes.size:  # the file ends with a newline
        return np.r_[np.add.reduceat(starts, line_starts[:-1], dtype=np.int64), 0]
    return np.add.reduceat(starts, line_starts, dtype=np.int64)


def trec_numbers(
    texts: list[str], lines: list[int], path: Any, kind: str
) -> list[int] | list[float]:
    """One column of a TREC file as numbers: ``"grade"`` (int) or ``"score"`` (float).

    Parameters
    ----------
    texts : list of str
        The column's fields (:func:`trec_columns`).
    lines : list of int
        Their line numbers, for the message.
    path : str or os.PathLike
        The file, for the message.
    kind : {"grade", "score"}
        Grades are whole numbers; scores finite real numbers.

    Returns
    -------
    list of int or list of float
        The numbers.
    """
    try:
        if kind == "grade":
            return list(map(int, texts))
        values = np.array(texts, dtype=float)
        if not np.isfinite(values).all():
            raise ValueError
        return values.tolist()
    except (ValueError, OverflowError):
        pass
    convert = int if kind == "grade" else float
    for text, line in zip(texts, lines):
        try:
            ok = math.isfinite(convert(text))
        except (ValueError, OverflowError):
            ok = False
        if not ok:
            what = "a whole number" if kind == "grade" else "a finite number"
            raise ValueError(
                f"path: the {kind} {text!r} on line {line} of {os.fspath(path)} "
                f"is not {what}"
            ) from None
    return list(map(convert, texts))  # a spelling float() reads and NumPy not


def check_unique_pairs(
    table: Mapping[str, Mapping[str, Any]],
    queries: list[str],
    docs: list[str],
    lines: list[int],
    path: Any,
) -> None:
    """Raise if a (query, document) pair appears on two lines of a TREC file.

    Parameters
    ----------
    table : dict of dict
        The file as read: one entry per distinct pair.
    queries, docs : list of str
        The query and document of each line.
    lines : list of int
        The line numbers.
    path : str or os.PathLike
        The file, for the message.
    """
    if sum(map(len, table.values())) == len(docs):
        return
    seen: set[tuple[str, str]] = set()
    for q, d, line in zip(queries, docs, lines):
        if (q, d) in seen:
            raise ValueError(
                f"path: document {d!r} of query {q!r} appears more than once in "
                f"{os.fspath(path)} (again on line {line}); keep one line per pair"
            )
        seen.add((q, d))
