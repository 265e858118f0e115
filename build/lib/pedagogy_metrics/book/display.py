"""Helpers the chapters use to show code, tables and cross-checks.

They are not metrics; they keep the notebooks free of repeated boilerplate:

* :func:`show_source` prints a function of the package, without its docstring;
* :func:`table` shows a small table as a numbered, captioned table of the page,
  every number with an explicit format;
* :func:`agreement` and :class:`CrossCheck` say whether two computations agree
  within a tolerance, instead of printing a difference whose last digits depend
  on the CPU;
* :func:`as_math` writes a number as inline math (``1e-16`` as
  :math:`10^{-16}`);
* :func:`markdown` and :func:`equation` show sentences with math, or a display
  equation, as the output of a cell (rendered, never as LaTeX source);

Only NumPy is imported here; IPython, needed to show a table in a notebook, is
imported when a table is shown.
"""

from __future__ import annotations

import ast
import inspect
import math
import numbers
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

__all__ = [
    "show_source",
    "table",
    "as_math",
    "markdown",
    "equation",
    "agreement",
    "CrossCheck",
]

# characters that mean something in MyST Markdown, escaped in table cells
_MARKDOWN_SPECIAL = "\\`*_[]<>|$"


def show_source(func: Callable[..., Any], *, docstring: bool = False) -> None:
    """Print the source code of ``func``, by default without its docstring.

    The docstring (formula, parameters, example) is on the API page; in a
    chapter the reader wants to see the steps. Its lines are replaced by a
    one-line comment pointing there. Nothing else is left out: what is printed
    is the whole function that runs.

    Parameters
    ----------
    func : callable
        A function defined in Python source (any function of
        ``pedagogy_metrics``).
    docstring : bool, default False
        Print the docstring too.

    See Also
    --------
    table : Show a small table of results.

    Examples
    --------
    >>> import pedagogy_metrics as pm
    >>> show_source(pm.error_rate)  # doctest: +ELLIPSIS
    def error_rate(...
    """
    source = textwrap.dedent(inspect.getsource(func))
    lines = source.splitlines()
    node = ast.parse(source).body[0]
    first = node.body[0] if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else None
    is_doc = (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    )
    if is_doc and not docstring and first is not None:
        note = (
            " " * first.col_offset
            + "# (docstring omitted: formula and parameters are on the API page)"
        )
        lines[first.lineno - 1 : first.end_lineno] = [note]
    print("\n".join(lines))


# ---- tables ----------------------------------------------------------------------


def _escape(text: str) -> str:
    """Text as it should appear in a table cell, not read as Markdown."""
    text = " ".join(str(text).split())  # one line
    return "".join("\\" + c if c in _MARKDOWN_SPECIAL else c for c in text)


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def _is_missing(value: Any) -> bool:
    return value is None or (
        isinstance(value, numbers.Real)
        and not isinstance(value, numbers.Integral)
        and math.isnan(value)
    )


def _cell(value: Any, spec: str | Callable[[Any], str], every_number: bool) -> str:
    """Format one cell: numbers with ``spec``, text escaped, a callable as is."""
    if callable(spec):
        return str(spec(value))
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, numbers.Integral):
        return format(int(value), spec) if every_number else str(int(value))
    if isinstance(value, numbers.Real):
        return format(float(value), spec)
    return _escape(str(value))


def _rows_and_columns(
    data: Any, columns: Sequence[Any] | None, index: bool
) -> tuple[list[str], list[list[Any]]]:
    """The column names and the rows of a DataFrame, a dict of columns or rows."""
    if hasattr(data, "itertuples") and hasattr(data, "columns"):  # a DataFrame
        names = [str(c) for c in data.columns]
        rows = [list(r) for r in data.itertuples(index=False, name=None)]
        if index:
            names = [str(data.index.name or ""), *names]
            rows = [[i, *r] for i, r in zip(data.index, rows)]
        return names, rows
    if index:
        raise ValueError("index=True needs a pandas DataFrame")
    if isinstance(data, Mapping):
        names = [str(c) for c in data]
        values = [list(np.asarray(v, dtype=object)) for v in data.values()]
        lengths = {len(v) for v in values}
        if len(lengths) > 1:
            raise ValueError(f"the columns have different lengths: {sorted(lengths)}")
        return names, [list(r) for r in zip(*values)]
    rows = [list(r) for r in data]
    if columns is None:
        raise ValueError("columns are needed when data is a sequence of rows")
    names = [str(c) for c in columns]
    bad = [len(r) for r in rows if len(r) != len(names)]
    if bad:
        raise ValueError(f"{len(names)} columns but a row of length {bad[0]}")
    return names, rows


def table(
    data: Any,
    columns: Sequence[Any] | None = None,
    *,
    caption: str,
    label: str | None = None,
    formats: str | Mapping[str, str | Callable[[Any], str]] = ".4f",
    index: bool = False,
    missing: str = "",
) -> None:
    r"""Show a small table on the page: numbered, captioned, numbers formatted.

    The book compares numbers in tables, and a table read on a phone must not
    be monospaced text. This writes the table in Markdown inside a MyST
    ``{table}`` directive, so that the book numbers it ("Table 3.2"), gives it
    its caption and lets the text refer to it with ``{numref}`` and ``label``.
    Numbers are right-aligned and printed with an explicit format, never with
    the digits of their repr.

    Parameters
    ----------
    data : pandas.DataFrame, dict of columns or sequence of rows
        The table. A dict maps each column name to its values; rows need
        ``columns``.
    columns : sequence of str, optional
        Column names, when ``data`` is a sequence of rows.
    caption : str
        The caption (MyST Markdown: ``$...$`` is math).
    label : str, optional
        Name to refer to the table by (``{numref}`` in the text). Only a
        labelled table is numbered.
    formats : str or dict, default ".4f"
        A format specification for every float (integers are printed as
        integers), or a dict from column name to a format specification, which
        then applies to the integers of that column too, or to a function
        returning the cell's Markdown. Columns missing from the dict use
        ``".4f"``.
    index : bool, default False
        Show the index of a DataFrame as the first column.
    missing : str, default ""
        What to show for ``None`` and NaN.

    Raises
    ------
    ValueError
        If the rows and the columns do not match.

    See Also
    --------
    as_math : Format a number as inline math, for a column of ``formats``.

    Notes
    -----
    In a notebook the table is shown through ``IPython.display`` as Markdown;
    elsewhere (a script, a doctest) the Markdown is printed. Text in the cells
    is escaped, so ``*``, ``_`` or ``$`` show as typed; the caption and the
    output of a formatting function are Markdown.

    Examples
    --------
    >>> table(
    ...     [["A", 3, 0.91234], ["B", 12, 0.5]],
    ...     ["model", "n", "AUC"],
    ...     caption="Two models",
    ...     label="tbl-two-models",
    ... )
    :::{table} Two models
    :name: tbl-two-models
    <BLANKLINE>
    | model | n | AUC |
    |:---|---:|---:|
    | A | 3 | 0.9123 |
    | B | 12 | 0.5000 |
    :::
    """
    names, rows = _rows_and_columns(data, columns, index)
    per_column = isinstance(formats, Mapping)
    if per_column:
        unknown = sorted(set(formats) - set(names))
        if unknown:
            raise ValueError(f"formats names columns the table lacks: {unknown}")
    specs = [
        formats.get(n, ".4f") if isinstance(formats, Mapping) else formats
        for n in names
    ]
    every_number = [per_column and n in formats for n in names]
    cells = [
        [
            missing if _is_missing(v) else _cell(v, spec, every)
            for v, spec, every in zip(row, specs, every_number)
        ]
        for row in rows
    ]
    numeric = [
        all(_is_number(r[j]) or _is_missing(r[j]) for r in rows) and bool(rows)
        for j in range(len(names))
    ]
    lines = [f":::{{table}} {caption}"]
    if label:
        lines.append(f":name: {label}")
    lines += [
        "",
        "| " + " | ".join(_escape(n) for n in names) + " |",
        "|" + "|".join("---:" if num else ":---" for num in numeric) + "|",
        *("| " + " | ".join(row) + " |" for row in cells),
        ":::",
    ]
    text = "\n".join(lines)
    try:
        from IPython import get_ipython
        from IPython.display import Markdown, display
    except ImportError:  # pragma: no cover - IPython is a book dependency
        print(text)
        return
    if get_ipython() is None:
        print(text)
    else:
        display(Markdown(text))


def as_math(x: float) -> str:
    r"""A number as inline math: 0.5 as is, 1e-16 as :math:`10^{-16}`.

    For numbers too small for a fixed number of decimals, in tables and
    sentences: a reader should not have to decode ``2.2e-16``.

    Parameters
    ----------
    x : float
        The number; 0 and numbers of at least 0.001 are written as they are.

    Returns
    -------
    str
        MyST inline math, between dollar signs.

    See Also
    --------
    table : Pass ``as_math`` as the format of a column.

    Examples
    --------
    >>> as_math(0.5), as_math(1e-16), as_math(2.220446049250313e-16)
    ('$0.5$', '$10^{-16}$', '$2.2 \\times 10^{-16}$')
    """
    if x == 0 or abs(x) >= 1e-3:
        return f"${x:g}$"
    mantissa, exponent = f"{x:.1e}".split("e")
    power = f"10^{{{int(exponent)}}}"
    return f"${power}$" if mantissa == "1.0" else rf"${mantissa} \times {power}$"


# ---- agreement ---------------------------------------------------------------------


def markdown(*lines: str) -> None:
    r"""Show Markdown (sentences with math) as the output of a cell.

    A result stated in words reads better than a printed repr: the chapters use
    this to write "the minimum is at $p = q$" with the value computed in the cell.

    Parameters
    ----------
    *lines : str
        MyST Markdown, one argument per line (``$...$`` is math).

    Returns
    -------
    None
        The text is shown in the notebook (as ``text/markdown``).

    See Also
    --------
    equation : A display equation.

    Examples
    --------
    >>> markdown("The best constant is $q = 0.3$.")  # doctest: +SKIP
    """
    from IPython.display import Markdown, display

    display(Markdown("\n".join(lines)))


def equation(tex: str, width: int = 80) -> None:
    r"""Show LaTeX (for example ``sympy.latex(expr)``) as a display equation.

    The source is wrapped into lines of at most ``width`` characters (at spaces,
    never inside a command) so that the stored output stays readable; MathJax
    renders it as one equation.

    Parameters
    ----------
    tex : str
        The equation, without dollar signs.
    width : int, default 80
        Longest line of the stored source.

    Returns
    -------
    None
        The equation is shown in the notebook (as ``text/markdown``).

    See Also
    --------
    markdown : Sentences with inline math.

    Examples
    --------
    >>> equation(r"\frac{\partial P}{\partial \pi} > 0")  # doctest: +SKIP
    """
    tex = tex.replace(r"} \mathrm{", r"} \, \mathrm{")  # a thin space between names
    wrapped = textwrap.fill(tex, width, break_long_words=False, break_on_hyphens=False)
    markdown("$$", wrapped, "$$")


def agreement(ours: Any, theirs: Any, *, tol: float = 1e-12) -> str:
    """Say whether two computations agree, without printing float noise.

    Two correct computations of one quantity can differ in the last bit or two,
    and those digits depend on the CPU (summation order, SIMD width). A page
    that printed the difference would change from machine to machine, so the
    book prints this sentence instead.

    Parameters
    ----------
    ours, theirs : float or array-like
        The two results, of the same shape.
    tol : float, default 1e-12
        Largest absolute difference counted as agreement.

    Returns
    -------
    str
        ``"agree to within 1e-12"``, or ``"DIFFER by up to ..."`` with the
        largest difference.

    Raises
    ------
    ValueError
        If the two results have different shapes.

    See Also
    --------
    CrossCheck : The same verdict over many random cases.

    Examples
    --------
    >>> agreement(0.1 + 0.2, 0.3)
    'agree to within 1e-12'
    >>> agreement([1.0, 2.0], [1.0, 2.5])
    'DIFFER by up to 0.5'
    """
    a = np.asarray(ours, dtype=float)
    b = np.asarray(theirs, dtype=float)
    if a.shape != b.shape:
        raise ValueError(f"ours has shape {a.shape} but theirs has shape {b.shape}")
    worst = float(np.max(np.abs(a - b))) if a.size else 0.0
    if worst <= tol:
        return f"agree to within {tol:.0e}".replace("e-0", "e-")
    return f"DIFFER by up to {worst:.3g}"


def _identical(ours: Any, theirs: Any) -> bool:
    """Equal exactly: a tuple of results (a curve) element by element."""
    if isinstance(ours, tuple) and isinstance(theirs, tuple):
        return len(ours) == len(theirs) and all(map(_identical, ours, theirs))
    return bool(np.array_equal(np.asarray(ours), np.asarray(theirs)))


class CrossCheck:
    """Compare our results with another library's over many cases, then report.

    A chapter's cross-check computes each quantity with the package and with an
    independent library on a few hundred random inputs. ``add`` records each
    pair under a name; ``report`` prints one line per name: the verdict of
    :func:`agreement` over every value recorded (the worst difference decides),
    or, for exact comparisons, in how many cases the two results were
    identical.

    Parameters
    ----------
    tol : float, default 1e-12
        Largest difference counted as agreement.
    relative : bool, default False
        Compare :math:`|a - b| / |b|` instead of :math:`|a - b|`, for values
        spanning many magnitudes.

    See Also
    --------
    agreement : The verdict for one pair of results.

    Examples
    --------
    >>> check = CrossCheck()
    >>> for x in [0.1, 0.2, 0.3]:
    ...     check.add("x + x vs 2x", x + x, 2 * x)
    ...     check.add("x squared", x * x, x**2 + (x > 0.25))
    ...     pair = sorted([x, 1 - x])
    ...     check.add("sorted", pair, [min(pair), max(pair)], exact=True)
    >>> check.report()
    x + x vs 2x  agree to within 1e-12
    x squared    DIFFER by up to 1
    sorted       identical in 3 of 3 cases
    """

    def __init__(self, *, tol: float = 1e-12, relative: bool = False) -> None:
        self.tol = tol
        self.relative = relative
        self._values: dict[str, tuple[list[float], list[float]]] = {}
        self._same: dict[str, list[bool]] = {}
        self._names: list[str] = []  # in the order first added

    def add(self, name: str, ours: Any, theirs: Any, *, exact: bool = False) -> None:
        """Record one case: our result and theirs for the quantity ``name``.

        Values are kept until :meth:`report`; a name is either measured (the
        default) or counted (``exact=True``), never both.

        Parameters
        ----------
        name : str
            The quantity, as the report should name it.
        ours, theirs : float, array-like or tuple of arrays
            The two results. Arrays are compared element by element and must
            have the same shape, unless ``exact``.
        exact : bool, default False
            Count the cases where the two are identical (a tuple of arrays,
            such as a curve, element by element; shapes may differ) instead of
            measuring a difference.

        Raises
        ------
        ValueError
            If ``name`` was recorded before with the other ``exact``, or the
            two results have different shapes.

        See Also
        --------
        agreement : The verdict the report gives.

        Examples
        --------
        >>> check = CrossCheck()
        >>> check.add("half", 0.5, 1 / 2)
        >>> check.add("curve", ([0, 1], [1]), ([0, 1], [1]), exact=True)
        >>> check.results()
        {'half': 'agree to within 1e-12', 'curve': 'identical in 1 of 1 cases'}
        """
        if name in (self._values if exact else self._same):
            raise ValueError(f"{name!r} was recorded with exact={not exact} before")
        if name not in self._names:
            self._names.append(name)
        if exact:
            self._same.setdefault(name, []).append(_identical(ours, theirs))
            return
        a = np.ravel(np.asarray(ours, dtype=float))
        b = np.ravel(np.asarray(theirs, dtype=float))
        if a.shape != b.shape:
            raise ValueError(
                f"{name}: ours has {a.size} values but theirs has {b.size}"
            )
        ours_list, theirs_list = self._values.setdefault(name, ([], []))
        ours_list.extend(a.tolist())
        theirs_list.extend(b.tolist())

    def results(self) -> dict[str, str]:
        """The verdict for every name, in the order the names were first added.

        A measured name gets the verdict of :func:`agreement` over all its
        values, so the worst case decides; a counted name, the number of
        identical cases.

        Returns
        -------
        dict
            Name to sentence: ``"agree to within 1e-12"`` (with ``(relative)``
            when relative), ``"DIFFER by up to ..."`` or
            ``"identical in 300 of 300 cases"``.

        See Also
        --------
        report : Print the verdicts.

        Examples
        --------
        >>> check = CrossCheck(relative=True)
        >>> check.add("big", 1e6 + 1e-8, 1e6)
        >>> check.results()
        {'big': 'agree to within 1e-12 (relative)'}
        """
        verdicts = {}
        for name in self._names:
            if name in self._same:
                same = self._same[name]
                verdicts[name] = f"identical in {sum(same)} of {len(same)} cases"
                continue
            a, b = (np.array(v) for v in self._values[name])
            if self.relative:
                with np.errstate(divide="ignore", invalid="ignore"):
                    gap = np.where(a == b, 0.0, np.abs(a - b) / np.abs(b))
                verdict = agreement(gap, np.zeros_like(gap), tol=self.tol)
                verdicts[name] = verdict + " (relative)"
            else:
                verdicts[name] = agreement(a, b, tol=self.tol)
        return verdicts

    def report(self) -> None:
        """Print one line per name: the name, then its verdict.

        The names are padded to one width, so that the verdicts line up.

        See Also
        --------
        results : The verdicts as a dict.

        Examples
        --------
        >>> check = CrossCheck()
        >>> check.add("one", 1.0, 1.0)
        >>> check.add("two", 2.0, 2.5)
        >>> check.report()
        one  agree to within 1e-12
        two  DIFFER by up to 0.5
        """
        verdicts = self.results()
        width = max((len(name) for name in verdicts), default=0)
        for name, verdict in verdicts.items():
            print(f"{name:<{width}}  {verdict}")
