"""The code's own checks run inside `make test`: ruff (lint and format, notebooks
included) and mypy on the package. `make check` runs these with the unit tests."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from conftest import ROOT


def _tool(name: str) -> str:
    """The tool installed next to this Python (the project's .venv), else on PATH."""
    beside = shutil.which(name, path=str(sys.executable).rsplit("/", 1)[0])
    found = beside or shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: run `make setup`")
    return found


def _run(*args: str) -> None:
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout}{done.stderr}"


def test_ruff_lint():
    _run(
        _tool("ruff"),
        "check",
        "pedagogy_metrics",
        "tests",
        "benchmarks",
        "book",
        "tools",
    )


def test_ruff_format():
    _run(
        _tool("ruff"),
        "format",
        "--check",
        "pedagogy_metrics",
        "tests",
        "benchmarks",
        "book",
        "tools",
    )


def test_mypy():
    _run(_tool("mypy"))
