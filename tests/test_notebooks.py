"""Hygiene of the committed chapters (nbval itself re-runs them and compares outputs).

A notebook with no stored outputs would pass nbval vacuously, so here every chapter
must have been executed top to bottom in one fresh kernel, with no error, nothing on
stderr, no NumPy scalar repr (``np.float64(0.5)``) and no float noise on the page. Cells
whose output nbval must not compare carry nbval's cell tags, never a comment a reader
would see, and say why in their metadata.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal

import pytest

from conftest import BOOK, notebooks

NUMPY_REPR = re.compile(r"np\.(float|int|bool|str)_?\d*\(")

# nbval's cell tags; a cell carrying one keeps the reason in its metadata under this key
NBVAL_TAGS = {"nbval-ignore-output", "nbval-skip"}
NBVAL_REASON = "nbval_reason"
# the text outputs a reader sees (images and widgets aside)
TEXT_MIMES = ("text/plain", "text/html", "text/markdown", "text/latex")
# a number in e-notation: 5.6e-16, 1E-17, -2.2e-16, 3.3e-14, 0.0e+00
E_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)[eE][-+]?\d+(?!\d)")
TINY = Decimal("1e-12")
# the repr of a sum or mean an ulp or two off a round number: 0.30000000000000004,
# 0.9999999999999998, 1.0000000000000002 (a run of >= 10 zeros or nines, 1-2 digits)
ULP_REPR = re.compile(r"\d\.\d*?(?:0{10,}[1-9]|9{10,}[0-8])\d?(?!\d)")


def _code_cells(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = [
        c
        for c in nb["cells"]
        if c["cell_type"] == "code" and "".join(c["source"]).strip()
    ]
    return nb, cells


def _toc_files():
    toc = (BOOK.parent / "_toc.yml").read_text(encoding="utf-8")
    return re.findall(r"^\s*-?\s*(?:root|file):\s*(\S+)", toc, re.M)


def test_toc_entries_exist():
    files = _toc_files()
    assert len(files) >= 10, files
    missing = [
        f
        for f in files
        if not any((BOOK.parent / (f + ext)).exists() for ext in (".md", ".ipynb"))
    ]
    assert not missing, f"_toc.yml lists pages that do not exist: {missing}"


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.name)
def test_executed_in_order(path):
    _, cells = _code_cells(path)
    counts = [c.get("execution_count") for c in cells]
    assert None not in counts, (
        f"{path.name}: {counts.count(None)} code cell(s) never executed"
    )
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
            assert out["output_type"] != "error", (
                f"{path.name}: stored error in {head!r}"
            )
            assert out.get("name") != "stderr", (
                f"{path.name}: stderr output in {head!r}"
            )
            blob = json.dumps(out.get("data", {})) + "".join(out.get("text", ""))
            assert not NUMPY_REPR.search(blob), (
                f"{path.name}: NumPy scalar repr in {head!r}"
            )


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.name)
def test_printing_cells_have_output(path):
    """A cell that prints or displays something must have stored that output."""
    _, cells = _code_cells(path)
    for cell in cells:
        src = "".join(cell["source"])
        if re.search(r"^\s*(print|display)\(", src, re.M) or "plt.show()" in src:
            assert cell.get("outputs"), (
                f"{path.name}: cell {src[:60]!r} printed nothing"
            )


def _tags(cell):
    return set(cell.get("metadata", {}).get("tags", []))


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.name)
def test_nbval_markers_are_tags_with_a_reason(path):
    """No ``# NBVAL_...`` comment on the page; a cell tagged for nbval says why."""
    _, cells = _code_cells(path)
    for cell in cells:
        src = "".join(cell["source"])
        assert "NBVAL" not in src and "PYTEST_VALIDATE" not in src, (
            f"{path.name}: nbval marker as a comment in {src[:60]!r}; use the "
            f"cell tags {sorted(NBVAL_TAGS)}, the reason in metadata[{NBVAL_REASON!r}]"
        )
        tags = sorted(_tags(cell) & NBVAL_TAGS)
        if tags:
            reason = cell["metadata"].get(NBVAL_REASON, "")
            assert isinstance(reason, str) and len(reason.strip()) > 10, (
                f"{path.name}: cell {src[:60]!r} is tagged {tags} "
                f"without a reason in metadata[{NBVAL_REASON!r}]"
            )


def _page_lines(cell):
    """The lines of text a code cell shows."""
    for out in cell.get("outputs", []):
        texts = [out["text"]] if out["output_type"] == "stream" else []
        texts += [v for k, v in out.get("data", {}).items() if k in TEXT_MIMES]
        for text in texts:
            yield from "".join(text).splitlines()


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.name)
def test_no_float_noise(path):
    """No digit on the page depends on the CPU's summation order (CONVENTIONS, Reading).

    Two computations that agree are reported with a tolerance (``book.agreement``),
    never by printing a difference of ~1e-16 or a raw repr such as 0.30000000000000004.
    Only cells tagged nbval-ignore-output / nbval-skip (timings) are exempt.
    """
    _, cells = _code_cells(path)
    noisy = []
    for cell in cells:
        if _tags(cell) & NBVAL_TAGS:
            continue
        for line in _page_lines(cell):
            tiny = [
                m.group()
                for m in E_NUMBER.finditer(line)
                if 0 < abs(Decimal(m.group())) < TINY
            ]
            if tiny or ULP_REPR.search(line):
                head = "".join(cell["source"])[:40]
                noisy.append(f"{head!r} prints {line.strip()!r}")
    assert not noisy, (
        f"{path.name}: float noise on the page (state agreement with book.agreement "
        "and print floats with explicit formats):\n" + "\n".join(noisy)
    )


def test_every_notebook_in_toc():
    files = set(_toc_files())
    for path in notebooks():
        assert f"book/{path.stem}" in files, f"{path.name} is not in _toc.yml"
