"""Shared pytest configuration."""

from __future__ import annotations

import math
import os
import pathlib

from hypothesis import settings

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
    ([0, 2], [0.5, 0.5], ValueError, "y_true must hold binary labels"),
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
