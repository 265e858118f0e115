"""Tests of pedagogy_metrics.book.display: the helpers the chapters use."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import pedagogy_metrics as pm
from pedagogy_metrics import book
from pedagogy_metrics.book.display import (
    CrossCheck,
    agreement,
    as_math,
    show_source,
    table,
)

# --- show_source --------------------------------------------------------------


def test_show_source_replaces_the_docstring_by_one_comment(capsys):
    show_source(pm.error_rate)
    out = capsys.readouterr().out
    assert out.startswith("def error_rate(")
    assert "# (docstring omitted: formula and parameters are on the API page)" in out
    assert "Examples" not in out and ">>>" not in out
    show_source(pm.error_rate, docstring=True)
    assert ">>>" in capsys.readouterr().out


# --- table --------------------------------------------------------------------


def _table(capsys, *args, **kwargs) -> list[str]:
    table(*args, **kwargs)
    return capsys.readouterr().out.splitlines()


def test_table_has_caption_label_and_formatted_numbers(capsys):
    lines = _table(
        capsys,
        [["A", 3, 0.912345, True], ["B", 12, 0.5, False]],
        ["model", "n", "AUC", "better"],
        caption="Two models, $n$ test cases",
        label="tbl-test",
    )
    assert lines[0] == ":::{table} Two models, $n$ test cases"
    assert lines[1] == ":name: tbl-test"
    assert lines[3] == "| model | n | AUC | better |"
    assert lines[4] == "|:---|---:|---:|:---|"  # numbers right, text left
    assert lines[5] == "| A | 3 | 0.9123 | True |"
    assert lines[6] == "| B | 12 | 0.5000 | False |"
    assert lines[-1] == ":::"


def test_table_without_label_is_captioned_not_named(capsys):
    lines = _table(capsys, {"x": [1.5]}, caption="Unnumbered")
    assert lines[0] == ":::{table} Unnumbered"
    assert not any(line.startswith(":name:") for line in lines)


def test_table_formats_per_column_and_for_every_float(capsys):
    lines = _table(
        capsys,
        {"n": [1000, 20000], "ratio": [0.31234, 2.0], "err": [2.4e-5, 1.7e-6]},
        caption="c",
        formats={"n": ",", "err": ".2e"},
    )
    assert lines[-3] == "| 1,000 | 0.3123 | 2.40e-05 |"  # unnamed column: .4f
    assert lines[-2] == "| 20,000 | 2.0000 | 1.70e-06 |"
    lines = _table(capsys, {"n": [3], "p": [0.25]}, caption="c", formats=".2f")
    assert lines[-2] == "| 3 | 0.25 |"  # a global format leaves integers alone


def test_table_numpy_values_print_without_reprs(capsys):
    lines = _table(
        capsys,
        {"k": np.array([1, 2]), "v": np.array([0.1 + 0.2, 1 / 3])},
        caption="c",
    )
    text = "\n".join(lines)
    assert "np." not in text and "0.30000000000000004" not in text
    assert lines[-3] == "| 1 | 0.3000 |"


def test_table_escapes_text_but_not_a_formatting_function(capsys):
    lines = _table(
        capsys,
        [["a*b_c | $x$", 1e-16]],
        ["text", "p"],
        caption="c",
        formats={"p": as_math},
    )
    assert lines[-2] == r"| a\*b\_c \| \$x\$ | $10^{-16}$ |"


def test_table_missing_values_and_index(capsys):
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"v": [1.0, np.nan]}, index=pd.Index(["a", "b"], name="k"))
    lines = _table(capsys, frame, caption="c", index=True, missing="-")
    assert lines[2] == "| k | v |"
    assert lines[-3:-1] == ["| a | 1.0000 |", "| b | - |"]


def test_table_rejects_mismatched_input(capsys):
    with pytest.raises(ValueError, match="columns are needed"):
        table([[1, 2]], caption="c")
    with pytest.raises(ValueError, match="a row of length 1"):
        table([[1, 2], [3]], ["a", "b"], caption="c")
    with pytest.raises(ValueError, match="different lengths"):
        table({"a": [1, 2], "b": [1]}, caption="c")
    with pytest.raises(ValueError, match=r"lacks: \['z'\]"):
        table({"a": [1.0]}, caption="c", formats={"z": ".1f"})
    with pytest.raises(ValueError, match="index=True needs a pandas DataFrame"):
        table({"a": [1.0]}, caption="c", index=True)


def test_table_in_a_notebook_is_displayed_as_markdown(monkeypatch):
    ipython_display = pytest.importorskip("IPython.display")
    import IPython

    shown = []
    monkeypatch.setattr(IPython, "get_ipython", lambda: object())
    monkeypatch.setattr(ipython_display, "display", shown.append)
    table({"x": [0.5]}, caption="In a kernel", label="tbl-k")
    assert len(shown) == 1 and isinstance(shown[0], ipython_display.Markdown)
    assert shown[0].data.startswith(":::{table} In a kernel\n:name: tbl-k\n")


def test_importing_display_imports_neither_pandas_nor_ipython():
    code = (
        "import sys, pedagogy_metrics.book.display; "
        "assert 'pandas' not in sys.modules and 'IPython' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- as_math ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("x", "text"),
    [
        (0.0, "$0$"),
        (0.5, "$0.5$"),
        (0.001, "$0.001$"),
        (1e-6, "$10^{-6}$"),
        (2.220446049250313e-16, r"$2.2 \times 10^{-16}$"),
        (1e-300, "$10^{-300}$"),
    ],
)
def test_as_math(x, text):
    assert as_math(x) == text


# --- agreement and CrossCheck -------------------------------------------------


def test_agreement_within_and_beyond_the_tolerance():
    assert agreement(0.1 + 0.2, 0.3) == "agree to within 1e-12"
    assert agreement([1.0, 2.0], [1.0, 2.5]) == "DIFFER by up to 0.5"
    assert agreement(1.0, 1.0 + 1e-9) == "DIFFER by up to 1e-09"
    assert agreement(1.0, 1.0 + 1e-9, tol=1e-6) == "agree to within 1e-6"
    assert agreement([], []) == "agree to within 1e-12"
    with pytest.raises(ValueError, match="shape"):
        agreement([1.0, 2.0], [1.0])


def test_cross_check_reports_the_worst_case_of_each_name(capsys):
    check = CrossCheck()
    rng = np.random.default_rng(0)
    for _ in range(300):
        x = rng.random(5)
        check.add("sum", np.sum(x), sum(x.tolist()))
        check.add("mean, one bad case", np.mean(x), np.mean(x) + (x[0] > 0.999))
    x = np.array([0.9995, 0.5])
    check.add("mean, one bad case", np.mean(x), np.mean(x) + 1.0)
    check.add(
        "curve", (np.array([0, 1]), np.array([1])), (np.array([0, 1]), [1]), exact=True
    )
    check.add("curve", (np.array([0, 1]),), (np.array([0, 2]),), exact=True)
    assert check.results() == {
        "sum": "agree to within 1e-12",
        "mean, one bad case": "DIFFER by up to 1",
        "curve": "identical in 1 of 2 cases",
    }
    check.report()
    assert capsys.readouterr().out.splitlines() == [
        "sum                 agree to within 1e-12",
        "mean, one bad case  DIFFER by up to 1",
        "curve               identical in 1 of 2 cases",
    ]


def test_cross_check_relative_scales_by_the_reference():
    check = CrossCheck(relative=True)
    check.add("large", 1e6 * (1 + 1e-14), 1e6)  # absolute gap 1e-8, relative 1e-14
    check.add("zeros", 0.0, 0.0)
    assert check.results() == {
        "large": "agree to within 1e-12 (relative)",
        "zeros": "agree to within 1e-12 (relative)",
    }
    check.add("off", 2.0, 1.0)
    assert check.results()["off"] == "DIFFER by up to 1 (relative)"
    check.add("from zero", 1.0, 0.0)
    assert check.results()["from zero"] == "DIFFER by up to inf (relative)"


def test_cross_check_rejects_mixed_modes_and_shapes():
    check = CrossCheck()
    check.add("a", 1.0, 1.0)
    with pytest.raises(ValueError, match="exact=False before"):
        check.add("a", 1.0, 1.0, exact=True)
    with pytest.raises(ValueError, match="ours has 2 values but theirs has 1"):
        check.add("b", [1.0, 2.0], [1.0])


def test_markdown_and_equation_show_rendered_markdown(monkeypatch):
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda obj: shown.append(obj.data))
    book.markdown("first $x$", "second")
    long = " + ".join(rf"\mathrm{{a}}_{{{i}}}" for i in range(40))
    book.equation(long, width=60)
    assert shown[0] == "first $x$\nsecond"
    lines = shown[1].splitlines()
    assert lines[0] == lines[-1] == "$$"
    assert all(len(line) <= 60 for line in lines)
    assert " ".join(lines[1:-1]).split() == long.split()


def test_show_source_shows_all_of_confusion_matrix(capsys):
    """confusion_matrix has one code path: every statement of its body is shown."""
    book.show_source(pm.confusion_matrix)
    shown = capsys.readouterr().out
    assert "fast path" not in shown
    assert "as_label_pair(y_true, y_pred, sample_weight, labels)" in shown
    assert "table, _ = _table(t, p, weights, classes)" in shown
    assert "return table[:-1, :-1]" in shown
