"""The threshold explorer (pedagogy_metrics.explorer): what it shows is what the package
computes, its page output is the same on every run, and bad arguments are named.

The browser side (the slider moved in Chromium, the numbers read off the page) is
``test_threshold_explorers_in_chromium`` in test_book.py.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pedagogy_metrics as pm
from pedagogy_metrics.explorer import SHOWN


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 1), st.integers(0, 20)), min_size=2, max_size=40),
    st.integers(0, 20),
    st.sampled_from([0.5, 1.0, 3.0]),
)
def test_what_is_shown_is_what_the_package_computes(pairs, k, cost_fn):
    y = np.array([a for a, _ in pairs])
    y[:2] = [0, 1]  # both classes
    s = np.array([b for _, b in pairs]) / 20  # probabilities with ties
    explorer = pm.threshold_explorer(y, s, cost_fn=cost_fn, step=0.01)
    t = k / 20
    at = explorer.at(t)
    y_pred = (s >= t).astype(int)
    assert pm.binary_counts(y, y_pred) == (at["tp"], at["fp"], at["fn"], at["tn"])
    assert at["precision"] == pm.precision(y, y_pred)
    assert at["recall"] == pm.recall(y, y_pred)
    assert at["f1"] == pm.f1(y, y_pred)
    assert at["mcc"] == pm.matthews_corrcoef(y, y_pred)
    assert at["cost"] == pm.expected_cost(y, y_pred, cost_fn=cost_fn)
    assert list(explorer.formatted(t)) == ["t", *(key for key, _ in SHOWN)]


def test_formatted_rounds_and_snaps_as_the_slider():
    explorer = pm.threshold_explorer([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1], step=0.1)
    shown = explorer.formatted(0.7500001)  # the slider rounds to its step
    assert shown["t"] == "0.8"
    assert (shown["tp"], shown["fp"], shown["precision"]) == ("1", "1", "0.5000")
    assert explorer.formatted(0.0)["recall"] == "1.0000"
    assert explorer.formatted(1.0)["precision"] == "0.0000"  # nothing flagged: 0


def test_page_output_is_the_same_on_every_run_and_needs_no_network():
    data = ([1, 0, 1, 0, 0, 0], [0.9, 0.7, 0.8, 0.6, 0.5, 0.4])
    first = pm.threshold_explorer(*data, name="one")._repr_html_()
    again = pm.threshold_explorer(*data, name="one")._repr_html_()
    # Bokeh numbers its models per process: the same figure, the same ids shifted
    assert len(first) == len(again)
    assert 'class="pm-explorer"' in first and 'id="one"' in first
    assert "http" not in first.replace("http-equiv", "")  # no CDN, no external URL
    assert "</script" not in first.split("<script", 2)[1].split(">", 1)[1][:-9]


def test_repr_says_what_the_explorer_holds():
    explorer = pm.threshold_explorer([1, 0, 1, 0], [3, 1, 2, 0], step=1, threshold=2)
    assert (
        repr(explorer) == "ThresholdExplorer(4 cases, threshold 2, slider 0 to 3 by 1)"
    )
    assert explorer.formatted(2)["tp"] == "2"


@pytest.mark.parametrize(
    "kwargs, error, name",
    [
        (dict(y_true=[1, 1], y_score=[0.1, 0.2]), ValueError, "y_true"),
        (dict(y_true=[0, 2], y_score=[0.1, 0.2]), ValueError, "y_true"),
        (dict(y_true=[0, 1], y_score=[0.1, np.nan]), ValueError, "y_score"),
        (dict(y_true=[0, 1, 1], y_score=[0.1, 0.2]), ValueError, "y_"),
        (dict(cost_fp=-1.0), ValueError, "cost_fp"),
        (dict(cost_fn="5"), TypeError, "cost_fn"),
        (dict(step=0.03), ValueError, "step"),
        (dict(step=0.0), ValueError, "step"),
        (dict(step="0.1"), TypeError, "step"),
        (dict(threshold=1.5), ValueError, "threshold"),
        (dict(threshold=None), TypeError, "threshold"),
        (dict(name="a b<script>"), ValueError, "name"),
        (dict(name=3), TypeError, "name"),
    ],
)
def test_bad_arguments_are_named(kwargs, error, name):
    args = dict(y_true=[0, 1, 1, 0], y_score=[0.1, 0.8, 0.4, 0.3]) | kwargs
    with pytest.raises(error, match=name):
        pm.threshold_explorer(**args)


def test_masked_scores_are_refused():
    scores = np.ma.masked_array([0.1, 0.8, 0.4, 0.3], mask=[0, 1, 0, 0])
    with pytest.raises(TypeError, match="y_score"):
        pm.threshold_explorer([0, 1, 1, 0], scores)


def test_halves_are_rounded_up_as_the_browser_rounds_them():
    # JavaScript's toFixed rounds an exact half away from zero; Python's format to even
    explorer = pm.threshold_explorer([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1])
    assert pm.explorer._half_up(21 / 32, 4) == "0.6563"  # format gives 0.6562
    assert pm.explorer._half_up(0.125, 2) == "0.13"
    assert explorer.snap(0.125) == 0.13 and explorer.snap(0.625) == 0.63
    assert pm.explorer._half_up(1 / 3, 4) == "0.3333"


def test_slider_range_is_rounded_to_the_step():
    explorer = pm.threshold_explorer(
        [0, 1, 0, 1], [0.35, 1.7, 0.5, 1.2], step=0.1, threshold=0.3
    )
    assert (explorer.start, explorer.end) == (0.3, 1.7)


def test_the_cost_is_called_the_error_rate_when_both_costs_are_1():
    data = ([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1])
    assert "error rate" in pm.threshold_explorer(*data)._readout(0.5)
    assert "expected cost" in pm.threshold_explorer(*data, cost_fn=2)._readout(0.5)


def test_the_page_only_looks_values_up():
    """The browser's code does no arithmetic on counts: every value it shows at each
    slider position is in the table computed by at() (and formatted())."""
    explorer = pm.threshold_explorer(
        [1, 0, 1, 0, 0, 1], [0.9, 0.7, 0.8, 0.6, 0.5, 0.1], cost_fn=3.0, step=0.1
    )
    table = explorer.lookup()
    positions = explorer.positions()
    assert positions == [k / 10 for k in range(11)]
    assert table["t"] == positions
    for k, t in enumerate(positions):
        at = explorer.at(t)
        assert table["tpr"][k] == at["recall"] and table["cost"][k] == at["cost"]
        assert table["fpr"][k] == at["fp"] / (at["fp"] + at["tn"])
        flagged = at["tp"] + at["fp"] > 0
        assert (
            (table["precision"][k] == at["precision"])
            if flagged
            else np.isnan(table["precision"][k])
        )
        assert table["text"][k] == explorer._readout(t)
    for word in ("c.tp", "c.fp", "Math.sqrt", "toFixed", "n_pos", "cost_fn"):
        assert word not in pm.explorer.UPDATE_JS, word


def test_any_two_labels_with_pos_label():
    s = [0.9, 0.8, 0.7, 0.1]
    named = pm.threshold_explorer(["spam", "ham", "spam", "ham"], s, pos_label="spam")
    plain = pm.threshold_explorer([1, 0, 1, 0], s)
    assert named.formatted(0.75) == plain.formatted(0.75)


def test_the_still_image_shows_what_the_explorer_opens_with():
    """On paper (and in any output that cannot run BokehJS) the explorer is a still
    figure: the point on each curve and the readout at the first threshold."""
    from matplotlib.table import Table

    y, s = [1, 0, 1, 0, 0, 1, 1, 0], [0.9, 0.7, 0.8, 0.6, 0.5, 0.1, 0.65, 0.2]
    explorer = pm.threshold_explorer(y, s, cost_fn=3.0, step=0.1, threshold=0.6)
    fig = explorer.still()
    roc, pr, cost, readout = fig.axes
    at, shown = explorer.at(0.6), explorer.formatted(0.6)
    point = roc.lines[-1].get_xydata()[0]
    assert tuple(point) == (at["fp"] / (at["fp"] + at["tn"]), at["recall"])
    assert tuple(pr.lines[-1].get_xydata()[0]) == (at["recall"], at["precision"])
    assert tuple(cost.lines[-1].get_xydata()[0]) == pytest.approx(
        explorer.curves()["best"]
    )
    cells = {
        c.get_text().get_text()
        for table in readout.findobj(Table)
        for c in table.get_celld().values()
    }
    assert {shown[k] for k in ("tn", "fp", "fn", "tp", "precision", "mcc")} <= cells
    assert explorer.cost_label in cells and readout.get_title() == "t = 0.6"
    assert explorer._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
