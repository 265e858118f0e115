"""Shared pytest configuration."""

from __future__ import annotations

import json
import math
import os
import pathlib

import numpy as np
from hypothesis import settings
from hypothesis import strategies as hst

ROOT = pathlib.Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"

# Oracle tests: enough cases to hit ties, tiny classes and absent labels; no wall-clock
# deadline (the machine is shared and timing is not what these tests check).
settings.register_profile("oracle", max_examples=200, deadline=None, derandomize=True)
# `make check` (the inner loop) asks for fewer examples; `make test` runs the full
# profile.
settings.register_profile("quick", max_examples=25, deadline=None, derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "oracle"))


def chapters() -> list[pathlib.Path]:
    """Every numbered chapter notebook of the book, in order."""
    return sorted(BOOK.glob("[0-9][0-9]-*.ipynb"))


def notebooks() -> list[pathlib.Path]:
    """Every notebook of the book: the chapters and the appendices in notebook form."""
    return sorted(p for p in BOOK.glob("*.ipynb"))


# Bad (y_true, y_proba) pairs for every function of binary labels and probabilities
# (test_probabilistic.py, test_calibration.py): the error and a pattern of its message.
BAD_BINARY_PROBABILITIES = [
    ([], [], ValueError, "(y_true|y_proba) is empty"),
    ([0, 1], [0.5], ValueError, "length mismatch"),
    ([0, 2], [0.5, 0.5], ValueError, r"y_true holds the labels \[0, 2\].*pos_label"),
    ([0, 1, 2], [0.5, 0.5, 0.5], ValueError, "y_true must hold two labels"),
    ([0.2, 0.9], [0, 1], ValueError, "did you swap y_true and y_proba"),
    ([0, 1], [0.5, 1.5], ValueError, "y_proba must hold probabilities"),
    ([0, 1], [-0.1, 0.5], ValueError, "y_proba must hold probabilities"),
    ([0, 1], [0.5, math.nan], ValueError, "y_proba contains NaN"),
    ([0, 1], [0.5, math.inf], ValueError, "y_proba contains inf"),
    ([0, math.nan], [0.5, 0.5], ValueError, "y_true contains NaN"),
    ([0, 1], [[[0.5, 0.5]], [[0.5, 0.5]]], ValueError, "y_proba must be"),
    (None, [0.5], TypeError, "y_true"),
    ([1], None, TypeError, "y_proba"),
    ([1], "0.5", TypeError, "y_proba"),
    ([0, 1], "ab", TypeError, "y_proba"),
]


# ---- (labels, scores) for the property tests of the curves and the streaming AUC ----

TIED_GRID = [-1e300, -3.0, -0.0, 0.0, 0.25, 0.5, 0.5000000000000001, 1.0, 7.0, 1e300]
UNIT_GRID = [0.0, 0.1, 0.2, 0.25, 0.3, 0.5, 0.7, 0.75, 0.9, 0.99, 1.0]
INT_GRID = [-(2**63), -1, 0, 1, 2**53, 2**53 + 1, 2**63 - 2, 2**63 - 1]
BIN_CHOICES = [
    1,
    2,
    3,
    7,
    10,
    100,
    1000,
    10**7,
]  # 10**7: roc_auc_histogram's sparse path


@hst.composite
def labelled(draw, *, kind: str = "real", both: bool = True, max_size: int = 40):
    """(labels, scores): heavy ties, extreme or plain floats; ``kind`` "real", "unit"
    (in [0, 1]) or "int" (int64 near 2**63); both classes unless ``both`` is False."""
    n = draw(hst.integers(2 if both else 0, max_size))
    y = draw(hst.lists(hst.integers(0, 1), min_size=n, max_size=n))
    if both and sum(y) in (0, n):  # force both classes
        y[draw(hst.integers(0, n - 1))] ^= 1
    if kind == "int":
        values = hst.sampled_from(INT_GRID)
        return np.array(y), np.array(draw(hst.lists(values, min_size=n, max_size=n)))
    grid = UNIT_GRID if kind == "unit" else TIED_GRID
    low, high = (0.0, 1.0) if kind == "unit" else (-1e300, 1e300)
    style = draw(hst.sampled_from(["ties", "few", "floats"]))
    if style == "ties":
        values = hst.sampled_from(grid)
    elif style == "few":
        values = hst.sampled_from(
            draw(hst.lists(hst.sampled_from(grid), min_size=1, max_size=3))
        )
    else:
        values = hst.floats(low, high, allow_nan=False, allow_infinity=False)
    s = draw(hst.lists(values, min_size=n, max_size=n))
    return np.array(y), np.array(s, dtype=float)


def stored_text(name: str, kind: str = "outputs") -> str:
    """What a page of the book shows, as stored in its notebook (book/NAME): the text
    its cells printed (``"outputs"``) or its prose (``"markdown"``)."""
    nb = json.loads((BOOK / name).read_text(encoding="utf-8"))
    texts = []
    for cell in nb["cells"]:
        if kind == "markdown" and cell["cell_type"] == "markdown":
            texts.append("".join(cell["source"]))
        for out in cell.get("outputs", []) if kind == "outputs" else []:
            texts.append("".join(out.get("text", "")))
            for mime in ("text/plain", "text/markdown"):
                texts.append("".join(out.get("data", {}).get(mime, "")))
    return "\n".join(texts)
