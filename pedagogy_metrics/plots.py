"""Shared Matplotlib helpers for the chapters: ROC and PR curves, marked points, log-log timings.

Not metrics: they keep plotting code out of the notebooks so every chapter draws curves the same
way, readable in grayscale (line styles and markers, not only colour). NumPy and Matplotlib are
imported inside the functions, so ``import pedagogy_metrics`` needs NumPy only.

Each function draws on the axes it is given (or the current ones) and returns them; the caller
adds anything chapter-specific and ends the cell with ``plt.show()``.
"""

from __future__ import annotations

from numpy.typing import ArrayLike

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "STYLES",
    "style",
    "plot_roc",
    "plot_pr",
    "mark_point",
    "loglog_slope",
    "plot_loglog",
]

# (colour, line style, marker): distinguishable in grayscale
STYLES = [
    ("black", "-", "o"),
    ("0.45", "--", "s"),
    ("0.25", ":", "^"),
    ("0.6", "-.", "D"),
    ("0.1", (0, (5, 1, 1, 1, 1, 1)), "v"),
    ("0.35", (0, (1, 1)), "x"),
]


def style(i: int) -> dict[str, Any]:
    """Keyword arguments for the ``i``-th line: colour, line style and marker from ``STYLES``.

    Examples
    --------
    >>> style(1)
    {'color': '0.45', 'linestyle': '--', 'marker': 's'}
    """
    color, linestyle, marker = STYLES[i % len(STYLES)]
    return {"color": color, "linestyle": linestyle, "marker": marker}


def _axes(ax):
    import matplotlib.pyplot as plt

    return plt.gca() if ax is None else ax


def plot_roc(
    fpr,
    tpr,
    *,
    ax=None,
    label: str | None = None,
    i: int = 0,
    markers: bool = True,
    chance: bool = True,
    title: str | None = "ROC curve",
):
    """Draw an ROC curve (straight segments between points) and the chance diagonal.

    Parameters
    ----------
    fpr, tpr : array-like
        Points of the curve, e.g. from :func:`~pedagogy_metrics.curves.roc_curve`.
    ax : matplotlib Axes, optional
        Where to draw (default: the current axes).
    label : str, optional
        Legend entry.
    i : int
        Style index into ``STYLES``.
    markers : bool
        Mark each point (turn off for curves with thousands of points).
    chance : bool
        Draw the diagonal of a random ranking (AUC 0.5).
    title : str or None
        Axes title.

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> plot_roc([0, 0, 1], [0, 1, 1], ax=ax, label="perfect").get_xlabel()
    'false positive rate (FPR)'
    >>> plt.close(fig)
    """
    ax = _axes(ax)
    kw = style(i)
    if not markers:
        kw["marker"] = None
    ax.plot(fpr, tpr, label=label, markersize=5, **kw)
    if chance:
        ax.plot(
            [0, 1],
            [0, 1],
            color="0.7",
            linestyle=":",
            linewidth=1,
            label="chance (AUC 0.5)",
        )
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    ax.set_xlabel("false positive rate (FPR)")
    ax.set_ylabel("true positive rate (TPR, recall)")
    if title:
        ax.set_title(title)
    return ax


def plot_pr(
    recall,
    precision,
    *,
    ax=None,
    label: str | None = None,
    i: int = 0,
    markers: bool = True,
    base_rate: float | None = None,
    title: str | None = "Precision-recall curve",
):
    """Draw a precision-recall curve and, optionally, the precision of a random ranking.

    Parameters
    ----------
    recall, precision : array-like
        Points of the curve, e.g. from :func:`~pedagogy_metrics.curves.precision_recall_curve`
        (note the order of that function's outputs: precision first).
    ax : matplotlib Axes, optional
        Where to draw (default: the current axes).
    label : str, optional
        Legend entry.
    i : int
        Style index into ``STYLES``.
    markers : bool
        Mark each point.
    base_rate : float, optional
        Share of positives: a random ranking has this precision at every recall.
    title : str or None
        Axes title.

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> plot_pr([0, 0.5, 1], [1, 1, 0.5], ax=ax, base_rate=0.5).get_ylabel()
    'precision'
    >>> plt.close(fig)
    """
    ax = _axes(ax)
    kw = style(i)
    if not markers:
        kw["marker"] = None
    ax.plot(recall, precision, label=label, markersize=5, **kw)
    if base_rate is not None:
        ax.axhline(
            base_rate,
            color="0.7",
            linestyle=":",
            linewidth=1,
            label=f"random ranking (precision {base_rate:.3g})",
        )
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.05)
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    if title:
        ax.set_title(title)
    return ax


def mark_point(
    ax,
    x: float,
    y: float,
    text: str | None = None,
    *,
    label: str | None = None,
    i: int = 0,
    offset=(12, -14),
):
    """Mark one point of a curve with a large hollow marker, an annotation and/or a legend entry.

    Parameters
    ----------
    ax : matplotlib Axes
        Where to draw.
    x, y : float
        The point.
    text : str, optional
        Short annotation written next to the point (``offset`` in points).
    label : str, optional
        Legend entry for the marker (better than ``text`` when several marks are close).
    i : int
        Style index into ``STYLES`` (the marker shape).
    offset : (float, float)
        Position of ``text`` relative to the point, in points.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> mark_point(ax, 0.5, 0.5, "t = 0.5") is ax
    True
    >>> plt.close(fig)
    """
    kw = style(i)
    ax.plot(
        [x],
        [y],
        linestyle="none",
        marker=kw["marker"],
        markersize=11,
        markerfacecolor="none",
        markeredgecolor=kw["color"],
        markeredgewidth=2,
        zorder=5,
        label=label,
    )
    if text:
        ax.annotate(
            text,
            (x, y),
            textcoords="offset points",
            xytext=offset,
            fontsize=8,
            arrowprops={"arrowstyle": "-", "color": "0.5", "linewidth": 0.8},
        )
    return ax


def loglog_slope(n: ArrayLike, seconds: ArrayLike) -> float:
    r"""Least-squares slope of :math:`\log t` against :math:`\log n`: the empirical exponent.

    A cost growing like :math:`n^k` has slope :math:`k`; :math:`n \log n` gives slightly above 1.

    Examples
    --------
    >>> round(loglog_slope([10, 100, 1000], [1, 100, 10000]), 6)
    2.0
    """
    import numpy as np

    slope, _ = np.polyfit(
        np.log(np.asarray(n, float)), np.log(np.asarray(seconds, float)), 1
    )
    return float(slope)


def plot_loglog(
    timings: Mapping[str, tuple[Sequence[float], Sequence[float]]],
    *,
    ax=None,
    title: str = "Time against n",
    fit_last: int | None = None,
):
    """Plot ``{name: (n, seconds)}`` on log-log axes with the fitted slope in each legend entry.

    Parameters
    ----------
    timings : mapping
        For each algorithm, the sizes and the measured (median) times in seconds.
    ax : matplotlib Axes, optional
        Where to draw (default: the current axes).
    title : str
        Axes title.
    fit_last : int, optional
        Fit each slope on the ``fit_last`` largest sizes only (small inputs are dominated by
        fixed overheads); default all sizes.

    Returns
    -------
    dict
        ``{name: slope}``, the exponents shown in the legend.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> plot_loglog({"quadratic": ([10, 100], [1e-6, 1e-4])}, ax=ax)
    {'quadratic': 2.0}
    >>> plt.close(fig)
    """
    import numpy as np

    ax = _axes(ax)
    slopes = {}
    for i, (name, (n, seconds)) in enumerate(timings.items()):
        sizes, times = np.asarray(n, float), np.asarray(seconds, float)
        largest = np.argsort(sizes)[-fit_last:] if fit_last else np.arange(sizes.size)
        slopes[name] = round(loglog_slope(sizes[largest], times[largest]), 6)
        ax.loglog(sizes, times, label=f"{name} (slope {slopes[name]:.2f})", **style(i))
    ax.set_xlabel("n (samples)")
    ax.set_ylabel("median time (s)")
    ax.set_title(title)
    ax.grid(True, which="major", color="0.85", linewidth=0.6)
    ax.legend(fontsize=8)
    return slopes
