"""Hygiene of the committed chapters (nbval itself re-runs them and compares outputs).

A notebook with no stored outputs would pass nbval vacuously, so here every chapter must have been
executed top to bottom in one fresh kernel, with no error, nothing on stderr, and no NumPy scalar
repr (``np.float64(0.5)``) on the page.
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import BOOK, notebooks

NUMPY_REPR = re.compile(r"np\.(float|int|bool|str)_?\d*\(")


def _code_cells(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    return nb, cells


def _toc_files():
    toc = (BOOK.parent / "_toc.yml").read_text(encoding="utf-8")
    return re.findall(r"^\s*-?\s*(?:root|file):\s*(\S+)", toc, re.M)


def test_toc_entries_exist():
    files = _toc_files()
    assert len(files) >= 10, files
    missing = [f for f in files if not any((BOOK.parent / (f + ext)).exists() for ext in (".md", ".ipynb"))]
    assert not missing, f"_toc.yml lists pages that do not exist: {missing}"


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.name)
def test_executed_in_order(path):
    _, cells = _code_cells(path)
    counts = [c.get("execution_count") for c in cells]
    assert None not in counts, f"{path.name}: {counts.count(None)} code cell(s) never executed"
    assert counts == list(range(1, len(cells) + 1)), (
        f"{path.name}: cells not executed top to bottom in one fresh kernel: {counts}; "
        "run `make notebooks`"
    )


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.name)
def test_outputs_clean(path):
    nb, cells = _code_cells(path)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    for cell in cells:
        head = "".join(cell["source"])[:60]
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error", f"{path.name}: stored error in {head!r}"
            assert out.get("name") != "stderr", f"{path.name}: stderr output in {head!r}"
            blob = json.dumps(out.get("data", {})) + "".join(out.get("text", ""))
            assert not NUMPY_REPR.search(blob), f"{path.name}: NumPy scalar repr in {head!r}"


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.name)
def test_printing_cells_have_output(path):
    """A cell that prints or displays something must have stored that output."""
    _, cells = _code_cells(path)
    for cell in cells:
        src = "".join(cell["source"])
        if re.search(r"^\s*(print|display)\(", src, re.M) or "plt.show()" in src:
            assert cell.get("outputs"), f"{path.name}: cell {src[:60]!r} printed nothing"


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.name)
def test_ignored_outputs_say_why(path):
    """``# NBVAL_IGNORE_OUTPUT`` / ``# NBVAL_SKIP`` must be followed by a comment giving the reason."""
    _, cells = _code_cells(path)
    for cell in cells:
        lines = [ln.strip() for ln in "".join(cell["source"]).splitlines()]
        for i, line in enumerate(lines):
            if line.lstrip("# ") in ("NBVAL_IGNORE_OUTPUT", "NBVAL_SKIP"):
                reason = lines[i + 1] if i + 1 < len(lines) else ""
                assert reason.startswith("#") and len(reason) > 10, (
                    f"{path.name}: {line} without a reason comment on the next line"
                )


def test_every_notebook_in_toc():
    files = set(_toc_files())
    for path in notebooks():
        assert f"book/{path.stem}" in files, f"{path.name} is not in _toc.yml"
