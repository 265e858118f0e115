"""The book's figure style and shared Matplotlib helpers.

:func:`use_book_style` applies the one style of the whole book (the file
``book.mplstyle`` next to this module): fonts of at least 10 pt at the size a
figure is shown, and a colour-blind-safe palette whose colours also differ in
lightness and line style. :func:`style` gives the ``i``-th colour, line style
and marker for a plot that wants markers too. The other helpers draw what
several chapters draw: ROC and precision-recall curves, a marked operating
point, timings on log-log axes.

Not metrics. Matplotlib is imported inside the functions, so
``import pedagogy_metrics`` needs NumPy only. Each drawing function draws on
the axes it is given (or the current ones) and returns them; the caller adds
anything chapter-specific and ends the cell with ``plt.show()``.
"""

from __future__ import annotations

import functools
import pathlib
from collections.abc import Mapping, Sequence
from typing import Any

from numpy.typing import ArrayLike

from ._extras import import_optional

__all__ = [
    "STYLE_FILE",
    "MARKERS",
    "use_book_style",
    "style",
    "plot_roc",
    "plot_pr",
    "mark_point",
    "loglog_slope",
    "plot_loglog",
]

#: The book's Matplotlib style file (``book/book.mplstyle`` in this package).
#:
#: :meta hide-value:
STYLE_FILE = pathlib.Path(__file__).parent / "book" / "book.mplstyle"

#: One marker per colour of the style's cycle: filled, hollow-looking and open shapes.
MARKERS = ("o", "s", "^", "D", "v", "x")


def use_book_style() -> None:
    """Apply the book's Matplotlib style (``STYLE_FILE``) to every figure that follows.

    Every chapter calls it once, in its setup cell, so that the whole book has
    one look: figures at most 7 in wide at 100 dpi (the width of the content
    column), fonts of at least 10 pt, and the palette of :func:`style`.

    See Also
    --------
    style : The colour, line style and marker of the ``i``-th line.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> use_book_style()
    >>> plt.rcParams["legend.fontsize"] >= 10
    True
    """
    plt = import_optional("matplotlib.pyplot", purpose="pedagogy_metrics.plots")

    plt.style.use(STYLE_FILE)


@functools.cache
def _cycle() -> tuple[dict[str, Any], ...]:
    """Colour and line style of each line, from the style file."""
    mpl = import_optional("matplotlib", purpose="pedagogy_metrics.plots")

    params = mpl.rc_params_from_file(STYLE_FILE, use_default_template=False)
    return tuple(params["axes.prop_cycle"])


def style(i: int) -> dict[str, Any]:
    """Keyword arguments for the ``i``-th line: colour, line style and marker.

    The colour and line style are the ``i``-th of the book style's cycle, the
    marker the ``i``-th of ``MARKERS``, so that lines stay apart in grayscale.

    Parameters
    ----------
    i : int
        Index of the line; the styles repeat after six.

    Returns
    -------
    dict
        ``color``, ``linestyle`` and ``marker``, for ``ax.plot(..., **style(i))``.

    See Also
    --------
    use_book_style : The style these come from.

    Examples
    --------
    >>> style(1)
    {'color': '#BB5566', 'linestyle': '--', 'marker': 's'}
    """
    cycle = _cycle()
    return {**cycle[i % len(cycle)], "marker": MARKERS[i % len(MARKERS)]}


def _axes(ax):
    plt = import_optional("matplotlib.pyplot", purpose="pedagogy_metrics.plots")

    return plt.gca() if ax is None else ax


def _unit_square(ax, xlabel: str, ylabel: str, title: str | None) -> None:
    """Axes from 0 to 1 on both sides: rates, recall and precision stop at 1."""
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)


def plot_roc(
    fpr: ArrayLike,
    tpr: ArrayLike,
    *,
    ax=None,
    label: str | None = None,
    i: int = 0,
    markers: bool = True,
    chance: bool = True,
    title: str | None = "ROC curve",
):
    """Draw an ROC curve (straight segments between points) and the chance diagonal.

    Both axes run from 0 to 1; points on the edge are drawn whole.

    Parameters
    ----------
    fpr, tpr : array-like
        Points of the curve, e.g. from
        :func:`~pedagogy_metrics.curves.roc_curve`.
    ax : matplotlib.axes.Axes, optional
        Where to draw (default: the current axes).
    label : str, optional
        Legend entry.
    i : int, default 0
        Style index (see :func:`style`).
    markers : bool, default True
        Mark each point (turn off for curves with thousands of points).
    chance : bool, default True
        Draw the diagonal of a random ranking (AUC 0.5).
    title : str or None, default "ROC curve"
        Axes title.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    See Also
    --------
    plot_pr : The precision-recall curve.

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
    ax.plot(fpr, tpr, label=label, clip_on=False, zorder=3, **kw)
    if chance:
        ax.plot(
            [0, 1],
            [0, 1],
            color="0.6",
            linestyle=":",
            linewidth=1.2,
            label="chance (AUC 0.5)",
        )
    _unit_square(
        ax, "false positive rate (FPR)", "true positive rate (TPR, recall)", title
    )
    ax.set_aspect("equal")
    return ax


def plot_pr(
    recall: ArrayLike,
    precision: ArrayLike,
    *,
    ax=None,
    label: str | None = None,
    i: int = 0,
    markers: bool = True,
    base_rate: float | None = None,
    title: str | None = "Precision-recall curve",
):
    """Draw a precision-recall curve and, optionally, a random ranking's precision.

    Both axes run from 0 to 1: recall and precision cannot exceed 1.

    Parameters
    ----------
    recall, precision : array-like
        Points of the curve, e.g. from
        :func:`~pedagogy_metrics.curves.precision_recall_curve` (note the order
        of that function's outputs: precision first).
    ax : matplotlib.axes.Axes, optional
        Where to draw (default: the current axes).
    label : str, optional
        Legend entry.
    i : int, default 0
        Style index (see :func:`style`).
    markers : bool, default True
        Mark each point.
    base_rate : float, optional
        Share of positives: a random ranking has this precision at every
        recall.
    title : str or None, default "Precision-recall curve"
        Axes title.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    See Also
    --------
    plot_roc : The ROC curve.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> plot_pr([0, 0.5, 1], [1, 1, 0.5], ax=ax, base_rate=0.5).get_xlim() == (0, 1)
    True
    >>> plt.close(fig)
    """
    ax = _axes(ax)
    kw = style(i)
    if not markers:
        kw["marker"] = None
    ax.plot(recall, precision, label=label, clip_on=False, zorder=3, **kw)
    if base_rate is not None:
        ax.axhline(
            base_rate,
            color="0.6",
            linestyle=":",
            linewidth=1.2,
            label=f"random ranking (precision {base_rate:.3g})",
        )
    _unit_square(ax, "recall", "precision", title)
    return ax


def mark_point(
    ax,
    x: float,
    y: float,
    text: str | None = None,
    *,
    label: str | None = None,
    i: int = 0,
    offset: tuple[float, float] = (12, -14),
):
    """Mark one point of a curve with a large hollow marker, a note or a legend entry.

    Used for operating points: the threshold a chapter picks, or the point that
    an X@Y metric reads off the curve.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    x, y : float
        The point.
    text : str, optional
        Short annotation written next to the point (``offset`` in points).
    label : str, optional
        Legend entry for the marker (better than ``text`` when several marks
        are close).
    i : int, default 0
        Style index (see :func:`style`): the marker's shape and colour.
    offset : tuple of float, default (12, -14)
        Position of ``text`` relative to the point, in points.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    See Also
    --------
    plot_roc, plot_pr : The curves a point is marked on.

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
        markersize=12,
        markerfacecolor="none",
        markeredgecolor=kw["color"],
        markeredgewidth=2,
        zorder=5,
        clip_on=False,
        label=label,
    )
    if text:
        ax.annotate(
            text,
            (x, y),
            textcoords="offset points",
            xytext=offset,
            arrowprops={"arrowstyle": "-", "color": "0.5", "linewidth": 0.8},
        )
    return ax


def loglog_slope(n: ArrayLike, seconds: ArrayLike) -> float:
    r"""Fit the slope of :math:`\log t` against :math:`\log n`: the exponent.

    A least-squares line through the points :math:`(\log n, \log t)`. A cost
    growing like :math:`n^k` has slope :math:`k`; :math:`n \log n` gives slightly
    above 1.

    Parameters
    ----------
    n : array-like
        Input sizes.
    seconds : array-like
        Time taken at each size.

    Returns
    -------
    float
        The fitted slope.

    See Also
    --------
    plot_loglog : Draw the timings with their slopes.

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
) -> dict[str, float]:
    """Plot ``{name: (n, seconds)}`` on log-log axes, each slope in the legend.

    On log-log axes a cost :math:`n^k` is a straight line of slope :math:`k`, so
    the legend can say how each algorithm scales.

    Parameters
    ----------
    timings : mapping
        For each algorithm, the sizes and the measured (median) times in
        seconds.
    ax : matplotlib.axes.Axes, optional
        Where to draw (default: the current axes).
    title : str, default "Time against n"
        Axes title.
    fit_last : int, optional
        Fit each slope on the ``fit_last`` largest sizes only (small inputs are
        dominated by fixed overheads); default all sizes.

    Returns
    -------
    dict
        ``{name: slope}``, the exponents shown in the legend.

    See Also
    --------
    loglog_slope : The slope of one algorithm.

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
    ax.grid(True, which="major")
    # below the axes: timings fill the plot, so a legend inside would cover some
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16))
    return slopes
