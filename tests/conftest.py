"""Shared pytest configuration."""

from __future__ import annotations

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
