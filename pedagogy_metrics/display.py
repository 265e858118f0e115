"""Small helpers the chapters use to show the package's own code and numbers.

They are not metrics; they keep the notebooks free of repeated boilerplate.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["show_source", "agreement"]


def show_source(func: Callable[..., Any], *, docstring: bool = False) -> None:
    """Print the source code of ``func``, by default without its docstring.

    The docstring (formula, parameters, example) is on the API page; in a chapter the reader
    wants to see the steps. Its lines are replaced by a one-line comment pointing there.

    Parameters
    ----------
    func : callable
        A function defined in Python source (any function of ``pedagogy_metrics``).
    docstring : bool, default False
        Print the docstring too.

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


def agreement(ours: Any, theirs: Any, *, tol: float = 1e-12) -> str:
    """Say whether two computations of the same numbers agree, without printing float noise.

    Two correct computations of one quantity can differ in the last bit or two, and those
    digits depend on the CPU (summation order, SIMD width). A page that printed the difference
    would change from machine to machine, so the book prints this sentence instead.

    Parameters
    ----------
    ours, theirs : float or array-like
        The two results, of the same shape.
    tol : float, default 1e-12
        Largest absolute difference counted as agreement.

    Returns
    -------
    str
        ``"agree to within 1e-12"``, or ``"DIFFER by up to ..."`` with the largest difference.

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
