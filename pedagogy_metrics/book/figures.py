"""The figures of chapter 13, drawn from the numbers the chapter computed.

A chapter computes a study's numbers on the page and hands them to one of these
functions, which only draws: each takes the data and returns the
``matplotlib.figure.Figure``. ``tests/test_figures.py`` checks that each draws
what it should (lines, points, labels, axis limits).

* :func:`use_large_type`: the book style with larger type, for narrow figures;
* :func:`interval_widths`: width of 95 % intervals against the test set size;
* :func:`coverage_panels`: coverage of Wald and Wilson against the true accuracy;
* :func:`auc_coverage_panels`: coverage of two AUC intervals against the size;
* :func:`coverage_against_n`: coverage curves with error bars against the size;
* :func:`bootstrap_histogram`: bootstrap AUCs with the bounds of three intervals;
* :func:`query_vs_document_intervals`: AP per query and two intervals of MAP.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from pedagogy_metrics import plots as pmp
from pedagogy_metrics.book import simulations as sim

__all__ = [
    "LARGE_TYPE",
    "use_large_type",
    "interval_widths",
    "coverage_panels",
    "auc_coverage_panels",
    "coverage_against_n",
    "bootstrap_histogram",
    "query_vs_document_intervals",
]

LARGE_TYPE: dict[str, Any] = {
    "font.size": 13,
    "axes.labelsize": 13,
    "axes.titlesize": 13,
    "xtick.labelsize": 12,
    "ytick.labelsize": 12,
    "legend.fontsize": 12,
    "lines.linewidth": 2.4,
}


def use_large_type() -> None:
    """Use the book style with larger type and lines (``LARGE_TYPE``).

    Narrow figures keep readable on a phone this way. Call once at the top of a
    chapter, in place of :func:`pedagogy_metrics.plots.use_book_style`.
    """
    pmp.use_book_style()
    plt.style.use(LARGE_TYPE)


def _target_line(ax: Axes) -> None:
    ax.axhline(0.95, color="0.6", linewidth=1.2, linestyle=":")


def _log_sizes(ax: Axes, sizes: Sequence[int]) -> None:
    ax.set_xscale("log")
    ax.set_xticks(sizes, labels=[str(n) for n in sizes])
    ax.minorticks_off()


def _error_bars(ax: Axes, curves: Mapping[str, Any], styles: Sequence[int]) -> None:
    """One curve with error bars of two Monte Carlo SEs per ``label: (cov, reps)``,
    ``cov`` a dict from size to coverage."""
    for i, (name, (cov, reps)) in zip(styles, curves.items()):
        x, y = np.array(list(cov.items()), dtype=float).T
        err = 2 * sim.mc_se(y, reps)
        ax.errorbar(x, y, yerr=err, capsize=3, label=name, **pmp.style(i))


def interval_widths(sizes: Any, intervals: Mapping[str, Any]) -> Figure:
    """Width of 95 % intervals against the test set size, on log-log axes.

    Parameters
    ----------
    sizes : array_like of int
        Test set sizes, from 10 to 100,000.
    intervals : dict
        Line label to the intervals at ``sizes``, one ``(low, high)`` per size.

    Returns
    -------
    matplotlib.figure.Figure
        One line per entry of ``intervals``.

    Examples
    --------
    >>> fig = interval_widths([10, 100], {"Wilson": [(0.2, 0.8), (0.45, 0.55)]})
    >>> [line.get_label() for line in fig.axes[0].lines]
    ['Wilson']
    >>> fig.axes[0].lines[0].get_ydata().round(2).tolist()
    [0.6, 0.1]
    >>> plt.close(fig)
    """
    fig, ax = plt.subplots(figsize=(4.6, 4.2))
    for i, (label, ci) in enumerate(intervals.items()):
        w = np.ptp(ci, axis=1)
        ax.loglog(sizes, w, label=label, markevery=(2 * i, 8), **pmp.style(i))
    ax.set(xlim=(10, 100_000), ylim=(1e-3, 1), xlabel="test set size n")
    ax.set_ylabel("width of the 95 % interval")
    ax.legend(loc="lower left")
    return fig


def coverage_panels(
    ps: Any, results: Mapping[int, Any], sizes: Sequence[int]
) -> Figure:
    """Coverage of the Wald and Wilson intervals against the true accuracy.

    One panel per test set size, drawn for ``p >= 0.5`` only (the coverage at
    ``p`` equals that at ``1 - p``), with a dotted line at 0.95.

    Parameters
    ----------
    ps : array_like
        True accuracies.
    results : dict
        Test set size to a dict with the coverages ``"Wald"`` and ``"Wilson"``
        at ``ps``, as :func:`~pedagogy_metrics.book.simulations.accuracy_coverage`
        returns.
    sizes : sequence of int
        The test set sizes, one panel each.

    Returns
    -------
    matplotlib.figure.Figure
        The panels, stacked, with a shared legend above.
    """
    ps = np.asarray(ps)
    fig, axes = plt.subplots(
        len(sizes), 1, figsize=(3.8, 6.4), sharex=True, sharey=True
    )
    half_grid = ps >= 0.5
    for ax, n in zip(axes, sizes):
        _target_line(ax)
        for name, i in (("Wald", 1), ("Wilson", 0)):
            c = {**pmp.style(i), "marker": None}
            ax.plot(ps[half_grid], results[n][name][half_grid], label=name, **c)
        ax.text(0.4, 0.1, f"n = {n}", transform=ax.transAxes, ha="center")
    ax.set(xlim=(0.495, 1.005), ylim=(0.8, 1.0), yticks=[0.8, 0.85, 0.9, 0.95, 1.0])
    ax.set_xlabel("true accuracy p")
    axes[len(sizes) // 2].set_ylabel("coverage of a 95 % interval")
    fig.legend(*ax.get_legend_handles_labels(), loc="outside upper center", ncols=2)
    return fig


def auc_coverage_panels(
    coverage: Mapping[tuple, Any], sizes: Sequence[int], reps: int
) -> Figure:
    """Coverage of the Hanley–McNeil and DeLong intervals of a ROC AUC.

    One panel per case of ``simulations.TRUE_AUC``,
    coverage against the number of positives (with ten times as many
    negatives), with error bars of two Monte Carlo standard errors.

    Parameters
    ----------
    coverage : dict
        ``(case, n_pos, n_neg)`` to the pair of coverages (Hanley–McNeil,
        DeLong), as :func:`~pedagogy_metrics.book.simulations.auc_coverage`
        returns.
    sizes : sequence of int
        Numbers of positives to draw (each with ``10 n`` negatives).
    reps : int
        Test sets behind each coverage.

    Returns
    -------
    matplotlib.figure.Figure
        Three panels, stacked, with a shared legend above.
    """
    fig, axes = plt.subplots(3, 1, figsize=(4.2, 6.8), sharex=True, sharey=True)
    for ax, case in zip(axes, sim.TRUE_AUC):
        _target_line(ax)
        curves = {
            name: ({n: coverage[case, n, 10 * n][k] for n in sizes}, reps)
            for k, name in enumerate(("Hanley–McNeil", "DeLong"))
        }
        _error_bars(ax, curves, styles=(1, 0))
        ax.text(0.97, 0.08, case, transform=ax.transAxes, ha="right")
    ax.set(ylim=(0.84, 1.0), yticks=[0.85, 0.9, 0.95, 1.0])
    _log_sizes(ax, sizes)
    ax.set_xlabel("positives $n_+$ (and $10 n_+$ negatives)")
    axes[1].set_ylabel("coverage of a 95 % interval")
    fig.legend(*ax.get_legend_handles_labels(), loc="outside upper center", ncols=2)
    return fig


def coverage_against_n(
    coverage: Mapping[tuple, float],
    reps: Mapping[str, int],
    sizes: Sequence[int],
    *,
    ylim: tuple[float, float],
    xlabel: str,
    ylabel: str = "coverage of a 95 % interval",
    labels: Mapping[str, str] | None = None,
    xlim: tuple[float, float] | None = None,
    figsize: tuple[float, float] = (4.6, 4.0),
) -> Figure:
    """Coverage curves against the test set size, with Monte Carlo error bars.

    One curve per interval, with error bars of two Monte Carlo standard errors;
    a dotted line marks 0.95; the sizes are ticks of a logarithmic axis.

    Parameters
    ----------
    coverage : dict
        ``(name, size)`` to the simulated coverage of the interval ``name`` on
        test sets of that size (or with that many positives).
    reps : dict
        ``name`` to the number of simulated test sets behind its coverages; its
        order is the order of the curves.
    sizes : sequence of int
        The sizes to mark on the x axis.
    ylim : (float, float)
        Limits of the coverage axis.
    xlabel, ylabel : str
        Axis labels.
    labels : dict, optional
        Legend label of each ``name``; by default the name itself.
    xlim : (float, float), optional
        Limits of the size axis; by default Matplotlib's.
    figsize : (float, float), default (4.6, 4.0)
        Size of the figure in inches.

    Returns
    -------
    matplotlib.figure.Figure
        One curve per entry of ``reps``, legend above.
    """
    labels = labels or {}
    curves = {
        labels.get(name, name): (
            {n: c for (m, n), c in coverage.items() if m == name},
            r,
        )
        for name, r in reps.items()
    }
    fig, ax = plt.subplots(figsize=figsize)
    _target_line(ax)
    _error_bars(ax, curves, styles=range(len(curves)))
    _log_sizes(ax, sizes)
    ax.set(ylim=ylim, xlabel=xlabel, ylabel=ylabel)
    if xlim is not None:
        ax.set_xlim(xlim)
    fig.legend(loc="outside upper center", ncols=2)
    return fig


def bootstrap_histogram(
    values: Any, measured: float, bounds: Mapping[str, Any]
) -> Figure:
    """Histogram of bootstrap AUCs, the measured AUC and three intervals' bounds.

    Parameters
    ----------
    values : array_like
        AUCs of the bootstrap resamples, between 0.6 and 1.
    measured : float
        The AUC of the test set, drawn as a solid black line.
    bounds : dict
        Interval name to its ``(low, high)``, drawn as two vertical lines.

    Returns
    -------
    matplotlib.figure.Figure
        The histogram (40 bins on [0.6, 1]) with ``1 + 2 len(bounds)`` lines.
    """
    fig, ax = plt.subplots(figsize=(4.6, 3.9))
    ax.hist(values, bins=list(np.linspace(0.6, 1, 41)), color="0.8", edgecolor="0.5")
    ax.axvline(measured, color="black", linewidth=2.4, label="measured AUC")
    for i, (name, b) in enumerate(bounds.items()):
        c = {k: v for k, v in pmp.style(i + 1).items() if k != "marker"}
        ax.vlines(b, 0, 1, transform=ax.get_xaxis_transform(), label=name, lw=2.4, **c)
    ax.set(xlim=(0.6, 1.0), xticks=[0.6, 0.7, 0.8, 0.9, 1.0])
    ax.set(xlabel="AUC of a bootstrap resample", ylabel="resamples (of 2,000)")
    fig.legend(loc="outside upper center", ncols=2)
    return fig


def query_vs_document_intervals(ap: Any, by_query: Any, by_docs: Any) -> Figure:
    """The AP of each query, sorted, with MAP and its two bootstrap intervals.

    Parameters
    ----------
    ap : array_like
        Average precision of each query.
    by_query, by_docs : (float, float)
        95 % intervals of MAP from resampling the queries and the documents,
        drawn as shaded bands.

    Returns
    -------
    matplotlib.figure.Figure
        One point per query, two bands and a dotted line at MAP.

    Examples
    --------
    >>> fig = query_vs_document_intervals([0.9, 0.3], (0.3, 0.9), (0.5, 0.7))
    >>> fig.axes[0].lines[0].get_ydata().tolist()
    [0.3, 0.9]
    >>> plt.close(fig)
    """
    ap = np.asarray(ap)
    q = ap.size
    fig, ax = plt.subplots(figsize=(4.8, 4.0))
    ax.plot(np.arange(1, q + 1), np.sort(ap), "o", color=pmp.style(0)["color"])
    ax.lines[0].set_label("AP of a query")
    bands = {"queries resampled": by_query, "documents resampled": by_docs}
    for i, (name, band) in enumerate(bands.items()):
        color = pmp.style(i + 1)["color"]
        ax.axhspan(*band, color=color, alpha=(0.25, 0.45)[i], label=name)
    ax.axhline(ap.mean(), color="black", lw=1.4, linestyle=":", label="MAP", zorder=3)
    ax.set(xlim=(0, q + 1), ylim=(0, 1.02), xlabel="query, sorted by its AP")
    ax.set_ylabel("average precision")
    fig.legend(loc="outside upper center", ncols=2)
    return fig
