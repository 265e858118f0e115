"""Small helpers the chapters use to show the package's own code and numbers.

They are not metrics; they keep the notebooks free of repeated boilerplate.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable
from typing import Any

__all__ = ["show_source"]


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
    is_doc = (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
              and isinstance(first.value.value, str))
    if is_doc and not docstring:
        note = " " * first.col_offset + "# (docstring omitted: formula and parameters are on the API page)"
        lines[first.lineno - 1 : first.end_lineno] = [note]
    print("\n".join(lines))
