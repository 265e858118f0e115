"""The threshold explorer: one slider over the threshold, every metric moving with it.

Chapter 6 (and chapter 4, on note 003's six impressions) show it. Moving the slider
moves the operating point on the ROC and precision-recall curves and on the
expected-cost curve, and updates the confusion matrix, precision, recall, F1, MCC and
the expected cost. It runs in the reader's browser with no Python behind it, and
computes nothing there: every number for every position of the slider is computed
here, once, by the package's own functions (:meth:`ThresholdExplorer.at`), and a
few lines of JavaScript (``UPDATE_JS``) only look up the slider's position in that
table.

The figure is drawn with Bokeh, imported only when an explorer is built (Bokeh is
in the ``book`` extra, not a runtime dependency). The page loads BokehJS from the
book's own ``_static`` folder (``book/_ext/offline_book.py`` copies it there), never
from a CDN, so the explorer also works offline.

:meth:`ThresholdExplorer.at` computes what the explorer shows at a threshold with the
package's own functions: the browser test moves the slider and compares.

Where JavaScript cannot run (the printed book, a notebook converted to PDF) the explorer
is a still image of its opening state: :meth:`ThresholdExplorer.still` draws the same
curves (:meth:`ThresholdExplorer.curves`), point and readout with Matplotlib, and the
explorer's PNG output (``_repr_png_``) is that figure.
"""

from __future__ import annotations

import html
import io
import json
import math
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ._checks.curves import as_binary_scores, check_costs
from ._extras import import_optional
from .classification import binary_counts, f1, matthews_corrcoef, precision, recall
from .curves import (
    bayes_threshold,
    cost_curve,
    expected_cost,
    min_cost_threshold,
    precision_recall_curve,
    roc_curve,
)

__all__ = ["ThresholdExplorer", "threshold_explorer"]

# What the explorer shows, in order: (key, label). The keys are the ``data-pm``
# attributes of the table cells, and the keys of :meth:`ThresholdExplorer.at`.
SHOWN = (
    ("tn", "TN"),
    ("fp", "FP"),
    ("fn", "FN"),
    ("tp", "TP"),
    ("precision", "precision P"),
    ("recall", "recall R"),
    ("f1", "F1"),
    ("mcc", "MCC"),
    ("cost", "expected cost"),
)
DIGITS = 4  # decimals shown for every rate
UNIT = (-0.02, 1.02)  # the axes of rates: a little room, so curves along an edge show


def _half_up(x: float, decimals: int) -> str:
    """``x`` with ``decimals`` decimals as JavaScript's ``toFixed`` writes it: the
    exact binary value rounded, halves away from zero (Python's ``format`` rounds
    halves to even: 0.65625 is 0.6562 there, 0.6563 in the browser)."""
    step = Decimal(1).scaleb(-decimals)
    return str(Decimal(x).quantize(step, rounding=ROUND_HALF_UP))


# The browser side: no arithmetic, only a look-up. ``shown`` holds, for each position
# k of the slider (start + k * step), what ThresholdExplorer.at computed there.
UPDATE_JS = """
const k = Math.round((slider.value - slider.start) / slider.step);
point.data = {fpr: [shown.fpr[k]], tpr: [shown.tpr[k]],
              precision: [shown.precision[k]], t: [shown.t[k]], cost: [shown.cost[k]]};
rule.location = shown.t[k];
div.text = shown.text[k];
"""

# The readout: the confusion matrix (rows = truth, as in chapter 1) and the rates.
TABLE = """<table class="pm-explorer-table" style="font-size: 15px; margin-bottom: 8px">
<tr><th>t = <span data-pm="t">{t}</span></th>
<th>predicted 0</th><th>predicted 1</th></tr>
<tr><th>truth 0</th><td data-pm="tn">{tn}</td><td data-pm="fp">{fp}</td></tr>
<tr><th>truth 1</th><td data-pm="fn">{fn}</td><td data-pm="tp">{tp}</td></tr>
</table>
<table class="pm-explorer-table" style="font-size: 15px">
<tr><th>precision P</th><td data-pm="precision">{precision}</td>
<th>recall R</th><td data-pm="recall">{recall}</td></tr>
<tr><th>F1</th><td data-pm="f1">{f1}</td>
<th>MCC</th><td data-pm="mcc">{mcc}</td></tr>
<tr><th colspan="3">{cost_label}</th><td data-pm="cost">{cost}</td></tr>
</table>"""


class ThresholdExplorer:
    """An interactive threshold explorer (build it with :func:`threshold_explorer`).

    In a built page of the book it shows as a Bokeh figure; :meth:`at` gives the
    numbers it shows at any threshold, computed by the package.

    Parameters
    ----------
    y_true : ndarray of shape (n,)
        Validated 0/1 labels.
    y_score : ndarray of shape (n,)
        Validated scores.
    cost_fp, cost_fn : float
        Costs of a false positive and a false negative.
    start, end, step : float
        The slider's range and step.
    value : float
        The slider's first position.
    name : str
        HTML id of the figure and prefix of its Bokeh model names.
    """

    def __init__(
        self,
        y_true: np.ndarray,
        y_score: np.ndarray,
        *,
        cost_fp: float,
        cost_fn: float,
        start: float,
        end: float,
        step: float,
        value: float,
        name: str,
    ) -> None:
        self.y_true, self.y_score = y_true, y_score
        self.cost_fp, self.cost_fn = cost_fp, cost_fn
        self.start, self.end, self.step, self.value = start, end, step, value
        self.name = name
        self.decimals = max(0, -math.floor(math.log10(step) + 1e-9))

    def snap(self, threshold: float) -> float:
        """``threshold`` rounded as the slider rounds it (to the step's decimals)."""
        return float(_half_up(float(threshold), self.decimals))

    def at(self, threshold: float) -> dict[str, Any]:
        """What the explorer shows at ``threshold``, computed by the package.

        Parameters
        ----------
        threshold : float
            Predict 1 when the score is at least this (rounded with :meth:`snap`).

        Returns
        -------
        dict
            ``t``, the counts ``tn``, ``fp``, ``fn``, ``tp`` (int) and the rates
            ``precision``, ``recall``, ``f1``, ``mcc``, ``cost`` (float).
        """
        t = self.snap(threshold)
        y_pred = (self.y_score >= t).astype(int)
        tp, fp, fn, tn = binary_counts(self.y_true, y_pred)
        costs = {"cost_fp": self.cost_fp, "cost_fn": self.cost_fn}
        return {
            "t": t,
            "tn": int(tn),
            "fp": int(fp),
            "fn": int(fn),
            "tp": int(tp),
            "precision": precision(self.y_true, y_pred),
            "recall": recall(self.y_true, y_pred),
            "f1": f1(self.y_true, y_pred),
            "mcc": matthews_corrcoef(self.y_true, y_pred),
            "cost": expected_cost(self.y_true, y_pred, **costs),
        }

    def positions(self) -> list[float]:
        """Every value of the slider, from ``start`` to ``end`` by ``step``."""
        n_steps = round((self.end - self.start) / self.step)
        return [self.snap(self.start + k * self.step) for k in range(n_steps + 1)]

    def lookup(self) -> dict[str, list[Any]]:
        """What the page shows at each slider position, all computed by :meth:`at`.

        Returns
        -------
        dict of list
            One entry per position (:meth:`positions`): ``t``, the marker's
            ``fpr``, ``tpr`` (recall), ``precision`` (NaN when nothing is flagged:
            no PR marker), ``cost``, and ``text``, the readout's HTML.
        """
        table: dict[str, list[Any]] = {
            k: [] for k in ("t", "fpr", "tpr", "precision", "cost", "text")
        }
        for t in self.positions():
            at = self.at(t)
            flagged = at["tp"] + at["fp"] > 0
            table["t"].append(at["t"])
            table["fpr"].append(at["fp"] / (at["fp"] + at["tn"]))
            table["tpr"].append(at["recall"])
            table["precision"].append(at["precision"] if flagged else math.nan)
            table["cost"].append(at["cost"])
            table["text"].append(self._readout(t))
        return table

    def formatted(self, threshold: float) -> dict[str, str]:
        """:meth:`at` as the explorer prints it (rates with four decimals)."""
        values = self.at(threshold)
        out = {"t": _half_up(values.pop("t"), self.decimals)}
        for key, value in values.items():
            out[key] = str(value) if isinstance(value, int) else _half_up(value, DIGITS)
        return out

    @property
    def cost_label(self) -> str:
        """What the cost is called: the error rate when both errors cost 1."""
        equal = self.cost_fp == self.cost_fn == 1
        if equal:
            return "error rate (both costs 1)"
        return f"expected cost (c_FP = {self.cost_fp:g}, c_FN = {self.cost_fn:g})"

    @property
    def cost_title(self) -> str:
        """:attr:`cost_label` as the cost figure's title (capitalised)."""
        return self.cost_label[0].upper() + self.cost_label[1:]

    def _table(self) -> str:
        """The readout's HTML with this explorer's cost label, values still open."""
        return TABLE.replace("{cost_label}", self.cost_label)

    def _readout(self, threshold: float) -> str:
        return self._table().format(**self.formatted(threshold))

    def curves(self) -> dict[str, Any]:
        """What the explorer draws besides the moving point, computed by the package.

        Returns
        -------
        dict
            ``fpr``, ``tpr`` (the ROC curve), ``recall``, ``precision`` (the PR
            curve), ``t``, ``cost`` (the expected cost as a step function of an
            increasing threshold over the slider's range), ``cost_span`` (its lowest
            and highest cost), ``bayes`` (the Bayes threshold, None outside the
            range) and ``best`` (the cheapest threshold on the data and its cost,
            None outside the range).
        """
        fpr, tpr, _ = roc_curve(self.y_true, self.y_score)
        prec, rec, _ = precision_recall_curve(self.y_true, self.y_score)
        costs = {"cost_fp": self.cost_fp, "cost_fn": self.cost_fn}
        thresholds, cost = cost_curve(self.y_true, self.y_score, **costs)
        lo, hi = self.start, self.end
        # increasing t: everything flagged up to the lowest score, nothing above the top
        t_up = np.r_[lo, np.clip(thresholds[1:][::-1].astype(float), lo, hi), hi]
        cost_up = np.r_[cost[::-1], cost[0]]
        bayes = bayes_threshold(self.cost_fp, self.cost_fn)
        best_t, best_cost = min_cost_threshold(self.y_true, self.y_score, **costs)
        best = math.isfinite(best_t) and lo <= best_t <= hi
        return {
            "fpr": fpr,
            "tpr": tpr,
            "recall": rec,
            "precision": prec,
            "t": t_up,
            "cost": cost_up,
            "cost_span": [float(np.min(cost)), float(np.max(cost))],
            "bayes": bayes if lo <= bayes <= hi else None,
            "best": (float(best_t), float(best_cost)) if best else None,
        }

    def still(self) -> Any:
        """The explorer at its first threshold, as a Matplotlib figure.

        What a page that cannot run the explorer shows (the printed book, a notebook
        converted to PDF): the same curves, marks and readout, without the slider.
        """
        mpl_figure = import_optional(
            "matplotlib.figure", purpose="the explorer's still"
        )
        c, now, shown = self.curves(), self.at(self.value), self.formatted(self.value)
        fig = mpl_figure.Figure(figsize=(7.0, 7.2), layout="constrained")
        (roc, pr), (cost, readout) = fig.subplots(2, 2)
        point = {"marker": "o", "markersize": 9, "color": "#D55E00", "zorder": 3}
        roc.plot(c["fpr"], c["tpr"], lw=2, color="#0072B2")
        roc.plot(now["fp"] / (now["fp"] + now["tn"]), now["recall"], **point)
        roc.set(title="ROC curve", xlabel="FPR", ylabel="TPR (recall)")
        pr.plot(c["recall"], c["precision"], lw=2, color="#0072B2")
        if now["tp"] + now["fp"]:  # nothing flagged: no precision, no point
            pr.plot(now["recall"], now["precision"], **point)
        pr.set(title="Precision-recall curve", xlabel="recall", ylabel="precision")
        for ax in (roc, pr):
            ax.set(xlim=UNIT, ylim=UNIT, aspect="equal")
        cost.step(c["t"], c["cost"], where="post", lw=2)
        cost.axvline(now["t"], ls="--", color="0.4")
        cost.plot(now["t"], now["cost"], **point)
        if c["bayes"] is not None:
            label = f"Bayes t* = {c['bayes']:.3g}"
            cost.axvline(c["bayes"], ls=":", lw=2, color="#009E73", label=label)
        if c["best"] is not None:
            cost.plot(
                *c["best"],
                ls="none",
                marker="D",
                markersize=9,
                mfc="none",
                mec="#0072B2",
                mew=2,
                label="lowest on the data",
            )
        cost.set(title=self.cost_title, xlabel="threshold t", ylabel="cost")
        cost.set_xlim(self.start, self.end)
        if c["bayes"] is not None or c["best"] is not None:
            cost.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2))
        readout.axis("off")
        readout.set_title(f"t = {shown['t']}")
        counts = readout.table(
            cellText=[[shown["tn"], shown["fp"]], [shown["fn"], shown["tp"]]],
            rowLabels=["truth 0", "truth 1"],
            colLabels=["predicted 0", "predicted 1"],
            cellLoc="center",
            bbox=(0.2, 0.62, 0.8, 0.32),
        )
        rates = [("precision P", "precision"), ("recall R", "recall"), ("F1", "f1")]
        rates += [("MCC", "mcc"), (self.cost_label, "cost")]
        values = readout.table(  # the labels left of the box, the values in it
            cellText=[[shown[key]] for _, key in rates],
            rowLabels=[label for label, _ in rates],
            rowLoc="left",
            cellLoc="right",
            bbox=(0.72, 0.0, 0.28, 0.52),
        )
        for table in (counts, values):
            table.auto_set_font_size(False)
            table.set_fontsize(10)
        return fig

    def _repr_png_(self) -> bytes:
        """:meth:`still` as PNG, for outputs that cannot run the explorer."""
        buffer = io.BytesIO()
        self.still().savefig(buffer, format="png", bbox_inches="tight")
        return buffer.getvalue()

    def layout(self) -> Any:
        """The Bokeh layout (slider, ROC, PR and cost figures, readout)."""
        import_optional("bokeh", purpose="the threshold explorer")
        from bokeh.layouts import column, row
        from bokeh.models import (
            ColumnDataSource,
            CustomJS,
            Div,
            InlineStyleSheet,
            Legend,
            Slider,
            Span,
        )
        from bokeh.plotting import figure

        c = self.curves()
        now = self.at(self.value)
        point = ColumnDataSource(
            {
                "fpr": [now["fp"] / (now["fp"] + now["tn"])],
                "tpr": [now["recall"]],
                "precision": [now["precision"] if now["tp"] + now["fp"] else np.nan],
                "t": [now["t"]],
                "cost": [now["cost"]],
            },
            name=f"{self.name}-point",
        )
        size = {"width": 330, "height": 300, "toolbar_location": None}
        roc = figure(title="ROC curve", x_range=UNIT, y_range=UNIT, **size)
        roc.line(c["fpr"].tolist(), c["tpr"].tolist(), line_width=2, color="#0072B2")
        roc.scatter("fpr", "tpr", source=point, size=12, color="#D55E00")
        roc.xaxis.axis_label, roc.yaxis.axis_label = "FPR", "TPR (recall)"
        pr = figure(title="Precision-recall curve", x_range=UNIT, y_range=UNIT, **size)
        pr.line(
            c["recall"].tolist(), c["precision"].tolist(), line_width=2, color="#0072B2"
        )
        pr.scatter("tpr", "precision", source=point, size=12, color="#D55E00")
        pr.xaxis.axis_label, pr.yaxis.axis_label = "recall", "precision"
        lo, hi = self.start, self.end
        cost_fig = figure(title=self.cost_title, x_range=(lo, hi), **size)
        cost_fig.step(c["t"].tolist(), c["cost"].tolist(), mode="after", line_width=2)
        cost_fig.scatter("t", "cost", source=point, size=12, color="#D55E00")
        cost_fig.xaxis.axis_label, cost_fig.yaxis.axis_label = "threshold t", "cost"
        rule = Span(location=now["t"], dimension="height", line_dash="dashed")
        cost_fig.add_layout(rule)
        # where to look: the Bayes threshold and the cheapest threshold on these data
        keys: list[tuple[str, list[Any]]] = []
        if c["bayes"] is not None:
            bayes_line = cost_fig.line(
                [c["bayes"], c["bayes"]],
                c["cost_span"],
                line_dash="dotted",
                line_width=2,
                color="#009E73",
            )
            keys.append((f"Bayes t* = {c['bayes']:.3g}", [bayes_line]))
        if c["best"] is not None:
            best_mark = cost_fig.scatter(
                [c["best"][0]],
                [c["best"][1]],
                size=12,
                marker="diamond",
                fill_color=None,
                line_color="#0072B2",
                line_width=2,
            )
            keys.append(("lowest on the data", [best_mark]))
        if keys:  # below the plot: inside it would cover a curve or the threshold
            cost_fig.height += 24 * len(keys)
            key = Legend(items=keys, location="top_left", label_text_font_size="12px")
            cost_fig.add_layout(key, "below")
        for fig in (roc, pr, cost_fig):
            fig.title.text_font_size = "14px"
            fig.axis.axis_label_text_font_size = "13px"
            fig.axis.major_label_text_font_size = "12px"
        cells = (  # compact on a phone, where the readout stays pinned above the plots
            "td, th {padding: 3px 10px; text-align: right}"
            "@media (max-width: 600px) {td, th {padding: 0 6px; font-size: 13px}}"
        )
        div = Div(
            text=self._readout(self.value),
            name=f"{self.name}-readout",
            stylesheets=[InlineStyleSheet(css=cells)],
        )
        div.width = 330
        slider = Slider(
            start=self.start,
            end=self.end,
            step=self.step,
            value=self.snap(self.value),
            title="threshold t (predict 1 when score ≥ t)",
            format=f"0.{'0' * self.decimals}" if self.decimals else "0",
            name=f"{self.name}-slider",
            sizing_mode="stretch_width",
        )
        slider.js_on_change(
            "value",
            CustomJS(
                args={
                    "slider": slider,
                    "shown": self.lookup(),
                    "point": point,
                    "rule": rule,
                    "div": div,
                },
                code=UPDATE_JS,
            ),
        )
        wrap = {"styles": {"flex-wrap": "wrap", "gap": "8px"}}
        # The slider and its numbers stay in sight while the figures scroll by
        # (on a phone the figures stack, a screen or two below the slider).
        sticky = {
            "position": "sticky",
            "top": "var(--pm-sticky-top, 0px)",  # the page may set it
            "z-index": "2",
            "background": "white",
        }
        controls = column(slider, div, sizing_mode="stretch_width", styles=sticky)
        return column(
            controls,
            row(roc, pr, cost_fig, **wrap),
            sizing_mode="stretch_width",
            name=self.name,
        )

    def _repr_html_(self) -> str:
        import_optional("bokeh", purpose="the threshold explorer")
        from bokeh.embed import json_item

        item = json.dumps(json_item(self.layout(), target=self.name))
        item = item.replace("</", "<\\/")  # safe inside a <script> element
        fallback = html.escape(
            "The interactive explorer is drawn by BokehJS, which the built book "
            "loads; here it is not loaded. Build the book (make book) to use it."
        )
        return (
            f'<div id="{self.name}" class="pm-explorer">{fallback}</div>\n'
            f'<script type="application/json" id="{self.name}-data">{item}</script>\n'
            "<script>\n"
            "(function () {\n"
            "  function embed() {\n"
            "    if (!window.Bokeh) { return; }\n"
            f'    const target = document.getElementById("{self.name}");\n'
            '    target.textContent = "";\n'
            f'    const data = document.getElementById("{self.name}-data");\n'
            "    const item = JSON.parse(data.textContent);\n"
            f'    Bokeh.embed.embed_item(item, "{self.name}");\n'
            "  }\n"
            '  if (document.readyState === "loading") {\n'
            '    document.addEventListener("DOMContentLoaded", embed);\n'
            "  } else { embed(); }\n"
            "})();\n"
            "</script>"
        )

    def __repr__(self) -> str:
        return (
            f"ThresholdExplorer({self.y_true.size} cases, threshold "
            f"{self.snap(self.value):.{self.decimals}f}, slider "
            f"{self.start:g} to {self.end:g} by {self.step:g})"
        )


def threshold_explorer(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    cost_fp: float = 1.0,
    cost_fn: float = 1.0,
    threshold: float = 0.5,
    step: float = 0.01,
    name: str = "threshold-explorer",
    pos_label: Any = 1,
) -> ThresholdExplorer:
    r"""An interactive figure: a threshold slider and every metric at that threshold.

    Predict 1 when :math:`s \ge t`. For the slider's :math:`t` the figure marks
    the operating point :math:`(FPR(t), TPR(t))` on the ROC curve,
    :math:`(R(t), P(t))` on the precision-recall curve and the expected cost

    .. math:: \mathrm{EC}(t) = \frac{c_{FP}\, FP(t) + c_{FN}\, FN(t)}{n}

    on the cost curve, and prints the confusion matrix, P, R, F1 and MCC.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two labels (``pos_label`` the positive class); both classes must occur.
    y_score : array-like of shape (n,)
        Finite real scores.
    cost_fp : float, default 1.0
        Cost of a false positive; finite, >= 0.
    cost_fn : float, default 1.0
        Cost of a false negative; finite, >= 0, not 0 together with
        ``cost_fp``.
    threshold : float, default 0.5
        Where the slider starts.
    step : float, default 0.01
        The slider's step, a power of ten (0.1, 0.01, ...). The slider runs
        from the lowest to the highest score, widened to [0, 1] for
        probabilities.
    name : str, default "threshold-explorer"
        HTML id of the figure (one per page).
    pos_label : number, str or bool, default 1
        The positive class of ``y_true`` (any two labels).

    Returns
    -------
    ThresholdExplorer
        Displayed by Jupyter and in the book as the interactive figure;
        ``.at(t)`` returns the numbers it shows at ``t``.

    Examples
    --------
    >>> ex = threshold_explorer([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1], step=0.1)
    >>> ex.formatted(0.75)["precision"], ex.formatted(0.75)["recall"]
    ('0.5000', '0.5000')
    """
    y, s = as_binary_scores(y_true, y_score, need="both", pos_label=pos_label)
    cost_fp, cost_fn = check_costs(cost_fp, cost_fn)
    if isinstance(step, bool) or not isinstance(step, (int, float, np.floating)):
        raise TypeError(f"step must be a number, got {type(step).__name__}")
    exponent = math.log10(step) if step > 0 and math.isfinite(step) else 0.5
    if exponent != round(exponent):
        raise ValueError(f"step must be a power of ten (0.1, 0.01, ...), got {step!r}")
    if isinstance(name, bool) or not isinstance(name, str):
        raise TypeError(f"name must be a string, got {type(name).__name__}")
    if not name.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"name must be letters, digits, - and _, got {name!r}")
    lo, hi = float(s.min()), float(s.max())
    if lo >= 0 and hi <= 1:  # probabilities: the whole unit interval
        lo, hi = 0.0, 1.0
    decimals = max(0, -math.floor(math.log10(step) + 1e-9))
    lo = round(math.floor(lo / step) * step, decimals)  # 0.3, not 0.30000000000000004
    hi = round(math.ceil(hi / step) * step, decimals)
    if isinstance(threshold, bool) or not isinstance(
        threshold, (int, float, np.integer, np.floating)
    ):
        raise TypeError(f"threshold must be a number, got {type(threshold).__name__}")
    if not lo <= threshold <= hi:
        raise ValueError(
            f"threshold must lie in the slider's range [{lo:g}, {hi:g}], "
            f"got {threshold!r}"
        )
    return ThresholdExplorer(
        y,
        s,
        cost_fp=cost_fp,
        cost_fn=cost_fn,
        start=lo,
        end=hi,
        step=float(step),
        value=float(threshold),
        name=name,
    )
