"""The figures of chapter 13: each draws what its docstring says."""

from __future__ import annotations

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import pedagogy_metrics as pm  # noqa: E402
from pedagogy_metrics.book import figures as figs  # noqa: E402
from pedagogy_metrics.book import simulations as sim  # noqa: E402


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def _legend_labels(fig):
    return [t.get_text() for t in fig.legends[0].get_texts()]


def test_use_large_type_sets_the_type_sizes():
    figs.use_large_type()
    assert plt.rcParams["font.size"] == 13
    assert plt.rcParams["lines.linewidth"] == 2.4


def test_interval_widths_draws_one_width_line_per_interval():
    sizes = np.array([10, 100, 1000])
    intervals = {
        "a": [pm.wilson_interval(n // 2, n) for n in sizes],
        "b": [[0, 0.5]] * 3,
    }
    fig = figs.interval_widths(sizes, intervals)
    (ax,) = fig.axes
    assert [line.get_label() for line in ax.lines] == ["a", "b"]
    np.testing.assert_allclose(ax.lines[1].get_ydata(), [0.5, 0.5, 0.5])
    assert ax.get_xscale() == ax.get_yscale() == "log"
    assert ax.get_xlim() == pytest.approx((10, 100_000))
    assert ax.get_ylabel() == "width of the 95 % interval"


def test_coverage_panels_draw_half_the_grid_per_size():
    ps = np.linspace(0.01, 0.99, 99)
    results = {n: {"Wald": ps * 0 + 0.9, "Wilson": ps * 0 + 0.95} for n in (20, 50)}
    fig = figs.coverage_panels(ps, results, (20, 50))
    assert len(fig.axes) == 2
    for ax, n in zip(fig.axes, (20, 50)):
        target, wald, wilson = ax.lines
        assert target.get_ydata()[0] == 0.95
        assert wald.get_xdata().min() == pytest.approx(0.5)
        assert len(wald.get_xdata()) == 50  # p = 0.50 ... 0.99
        np.testing.assert_allclose(wilson.get_ydata(), 0.95)
        assert [t.get_text() for t in ax.texts] == [f"n = {n}"]
    assert fig.axes[0].get_ylim() == pytest.approx((0.8, 1.0))
    assert _legend_labels(fig) == ["Wald", "Wilson"]


def test_auc_coverage_panels_one_panel_per_case():
    sizes = [20, 40]
    coverage = {(case, n, 10 * n): [0.9, 0.94] for case in sim.TRUE_AUC for n in sizes}
    fig = figs.auc_coverage_panels(coverage, sizes, 2000)
    assert len(fig.axes) == 3
    for ax, case in zip(fig.axes, sim.TRUE_AUC):
        assert [t.get_text() for t in ax.texts] == [case]
        assert len(ax.containers) == 2  # two error bar plots
        hm, dl = (c.lines[0] for c in ax.containers)
        np.testing.assert_allclose(hm.get_ydata(), [0.9, 0.9])
        np.testing.assert_allclose(dl.get_xdata(), sizes)
    assert fig.axes[0].get_xscale() == "log"
    assert _legend_labels(fig) == ["Hanley–McNeil", "DeLong"]


def test_coverage_against_n_error_bars_are_two_monte_carlo_ses():
    coverage = {("x", 10): 0.9, ("y", 10): 0.8, ("x", 20): 0.95}
    fig = figs.coverage_against_n(
        coverage,
        {"x": 1000, "y": 400},
        [10, 20],
        ylim=(0.7, 1.0),
        xlabel="n",
        labels={"y": "why"},
        xlim=(9, 30),
    )
    (ax,) = fig.axes
    x_bars = ax.containers[0]
    segments = x_bars.lines[2][0].get_segments()
    half = [(seg[1][1] - seg[0][1]) / 2 for seg in segments]
    np.testing.assert_allclose(half, 2 * sim.mc_se(np.array([0.9, 0.95]), 1000))
    assert len(ax.containers[1].lines[0].get_xdata()) == 1
    assert ax.get_xlim() == pytest.approx((9, 30))
    assert ax.get_ylim() == pytest.approx((0.7, 1.0))
    assert ax.get_xlabel() == "n"
    assert ax.get_ylabel() == "coverage of a 95 % interval"
    assert _legend_labels(fig) == ["x", "why"]


def test_bootstrap_histogram_draws_measured_auc_and_bounds():
    values = np.linspace(0.61, 0.99, 100)
    bounds = {"a": (0.7, 0.9), "b": (0.65, 0.95)}
    fig = figs.bootstrap_histogram(values, 0.8, bounds)
    (ax,) = fig.axes
    assert len(ax.patches) == 40
    assert sum(p.get_height() for p in ax.patches) == 100
    assert ax.lines[0].get_xdata()[0] == 0.8
    assert len(ax.collections) == 2  # one pair of vertical lines per interval
    assert ax.get_xlim() == pytest.approx((0.6, 1.0))
    assert _legend_labels(fig) == ["measured AUC", "a", "b"]


def test_query_vs_document_intervals_sorts_the_queries():
    ap = np.array([0.5, 0.2, 0.9])
    fig = figs.query_vs_document_intervals(ap, (0.3, 0.7), (0.45, 0.6))
    (ax,) = fig.axes
    points, mean = ax.lines
    np.testing.assert_allclose(points.get_ydata(), [0.2, 0.5, 0.9])
    np.testing.assert_allclose(points.get_xdata(), [1, 2, 3])
    assert mean.get_ydata()[0] == pytest.approx(ap.mean())
    assert len(ax.patches) == 2  # the two bands
    assert ax.get_xlim() == pytest.approx((0, 4))
    assert _legend_labels(fig) == [
        "AP of a query",
        "queries resampled",
        "documents resampled",
        "MAP",
    ]
