"""Optional dependencies: plots and the threshold explorer need the ``plot`` extra."""

from __future__ import annotations

import importlib
from types import ModuleType


def import_optional(name: str, *, purpose: str, extra: str = "plot") -> ModuleType:
    """Import ``name``, or raise an ``ImportError`` that says which extra installs it.

    Parameters
    ----------
    name : str
        The module to import, e.g. ``"matplotlib.pyplot"``.
    purpose : str
        What needs it, for the message (e.g. ``"pedagogy_metrics.plots"``).
    extra : str, default "plot"
        The extra of ``pedagogy-metrics`` that installs it.

    Returns
    -------
    module
        The imported module.
    """
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        package = name.split(".")[0]
        raise ImportError(
            f"{purpose} needs {package}, which is not installed: "
            f'pip install "pedagogy-metrics[{extra}]"'
        ) from err
