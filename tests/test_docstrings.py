"""The tiny example in every public docstring runs and prints what it says."""

from __future__ import annotations

import doctest
import importlib

import pytest

import pedagogy_metrics as pm

MODULES = [
    "classification",
    "curves",
    "probabilistic",
    "regression",
    "ranking",
    "inference",
    "display",
    "plots",
    "examples",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"pedagogy_metrics.{name}")
    result = doctest.testmod(
        module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"


def test_every_public_function_has_an_example():
    """Every function in the top-level API documents its formula and shows an example."""
    missing = []
    for name in pm.__all__:
        obj = getattr(pm, name)
        if callable(obj) and not isinstance(obj, type):
            doc = obj.__doc__ or ""
            if ">>>" not in doc:
                missing.append(name)
    assert not missing, f"public functions without an Examples section: {missing}"
