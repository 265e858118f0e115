"""Tests of pedagogy_metrics.plots: the book style, curve helpers, log-log slopes."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from conftest import BOOK, notebooks

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

import matplotlib.colors as mcolors  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

from pedagogy_metrics import plots  # noqa: E402

# the content column of the HTML book, in pixels (the style draws at 100 dpi)
COLUMN_PX = 740


@pytest.fixture
def ax():
    with plt.style.context(plots.STYLE_FILE):
        fig, axes = plt.subplots()
        yield axes
    plt.close(fig)


def test_importing_plots_does_not_import_matplotlib():
    code = (
        "import sys, pedagogy_metrics, pedagogy_metrics.plots; "
        "assert 'matplotlib' not in sys.modules, 'plots imports matplotlib'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- the style ----------------------------------------------------------------


def test_book_style_fonts_are_at_least_13_pt():
    """13 pt keeps a 7.5 in figure's text at 8 px on a 390 px phone (book.mplstyle)."""
    with plt.style.context("default"):
        plots.use_book_style()
        rc = plt.rcParams
        sizes = {
            key: rc[key]
            for key in (
                "font.size",
                "axes.titlesize",
                "axes.labelsize",
                "xtick.labelsize",
                "ytick.labelsize",
                "legend.fontsize",
                "figure.titlesize",
            )
        }
        assert all(isinstance(v, float | int) for v in sizes.values()), sizes
        assert min(sizes.values()) >= 13, sizes
        width_in = rc["figure.figsize"][0]
        # shown at its own size, so the point sizes above are what the reader sees
        assert width_in * rc["figure.dpi"] <= COLUMN_PX
        assert rc["savefig.dpi"] == rc["figure.dpi"]


def _lightness(color) -> float:
    r, g, b = mcolors.to_rgb(color)
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_book_palette_reads_in_grayscale_with_distinct_styles():
    styles = [plots.style(i) for i in range(6)]
    colors = [s["color"] for s in styles]
    assert len(set(colors)) == 6
    assert len({str(s["linestyle"]) for s in styles}) == 6
    assert len({s["marker"] for s in styles}) == 6
    gray = sorted(_lightness(c) for c in colors[:4])  # the lines a figure mostly has
    assert min(np.diff(gray)) >= 0.15, gray
    assert max(_lightness(c) for c in colors) < 0.8  # none vanishes on white
    assert plots.style(6) == plots.style(0)


def test_style_cycle_is_the_style_files():
    with plt.style.context(plots.STYLE_FILE):
        cycle = list(plt.rcParams["axes.prop_cycle"])
    assert [c["color"] for c in cycle] == [plots.style(i)["color"] for i in range(6)]


def test_every_book_figure_fits_the_content_column():
    """The style's promise holds in the chapters: no figure is scaled down."""
    too_wide, figures = [], 0
    for path in notebooks():
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            for out in cell.get("outputs", []):
                png = out.get("data", {}).get("image/png")
                if png:
                    import base64

                    header = base64.b64decode("".join(png)[:64])
                    width = int.from_bytes(header[16:20], "big")
                    figures += 1
                    if width > COLUMN_PX:
                        head = "".join(cell["source"])[:40]
                        too_wide.append(f"{path.name}: {head!r} is {width} px wide")
    assert figures > 0, f"no figure found in the notebooks under {BOOK}"
    assert not too_wide, "\n".join(too_wide)


# --- curves -------------------------------------------------------------------


def test_plot_roc_draws_the_points_on_the_unit_square(ax):
    fpr, tpr = [0.0, 0.0, 0.5, 1.0], [0.0, 0.5, 1.0, 1.0]
    plots.plot_roc(fpr, tpr, ax=ax, label="model", i=1)
    curve, chance = ax.get_lines()
    assert curve.get_xdata().tolist() == fpr and curve.get_ydata().tolist() == tpr
    assert curve.get_label() == "model" and curve.get_marker() == "s"
    assert chance.get_xdata().tolist() == [0, 1]
    assert ax.get_xlim() == (0, 1) and ax.get_ylim() == (0, 1)
    assert ax.get_xlabel() == "false positive rate (FPR)"
    assert not curve.get_clip_on()  # the points on the edges are drawn whole


def test_plot_roc_without_markers_or_chance(ax):
    plots.plot_roc([0, 1], [0, 1], ax=ax, markers=False, chance=False, title=None)
    (curve,) = ax.get_lines()
    assert curve.get_marker() in ("None", "", None)
    assert ax.get_title() == ""


def test_plot_pr_recall_axis_ends_at_1(ax):
    recall, precision = [0.0, 0.5, 1.0], [1.0, 1.0, 0.6]
    plots.plot_pr(recall, precision, ax=ax, base_rate=0.4)
    curve, base = ax.get_lines()
    assert curve.get_xdata().tolist() == recall
    assert curve.get_ydata().tolist() == precision
    assert ax.get_xlim() == (0, 1) and ax.get_ylim() == (0, 1)
    assert ax.get_xlabel() == "recall" and ax.get_ylabel() == "precision"
    assert list(base.get_ydata()) == [0.4, 0.4]
    assert base.get_label() == "random ranking (precision 0.4)"


def test_mark_point_uses_the_style_of_its_index(ax):
    plots.mark_point(ax, 0.25, 0.75, "t = 0.5", label="chosen", i=2)
    (point,) = ax.get_lines()
    assert point.get_xdata().tolist() == [0.25] and point.get_ydata().tolist() == [0.75]
    assert point.get_marker() == plots.MARKERS[2]
    assert mcolors.same_color(point.get_markeredgecolor(), plots.style(2)["color"])
    (note,) = ax.texts
    assert note.get_text() == "t = 0.5" and note.get_fontsize() >= 10


# --- log-log timings ---------------------------------------------------------


def test_loglog_slope():
    n = np.array([1e3, 1e4, 1e5])
    assert plots.loglog_slope(n, 3e-9 * n**2) == pytest.approx(2.0)
    assert plots.loglog_slope(n, 5e-8 * n) == pytest.approx(1.0)


def test_plot_loglog_fits_the_largest_sizes_and_labels_slopes(ax):
    n = [10, 100, 1000, 10000]
    # fixed overhead at the smallest size, then linear
    seconds = [1e-3, 1e-5, 1e-4, 1e-3]
    slopes = plots.plot_loglog({"linear": (n, seconds)}, ax=ax, fit_last=3)
    assert slopes == {"linear": pytest.approx(1.0)}
    (line,) = ax.get_lines()
    assert line.get_label() == "linear (slope 1.00)"
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    assert plots.plot_loglog({"all": (n, seconds)}, ax=ax)["all"] < 0.5
