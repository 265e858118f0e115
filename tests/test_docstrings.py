"""Every public docstring: its tiny example runs and prints what it says, and it
passes numpydoc's validation (the sections Sphinx renders in the API appendix)."""

from __future__ import annotations

import doctest
import importlib
import inspect
import tomllib

import pytest
from numpydoc.docscrape import NumpyDocString
from numpydoc.validate import ERROR_MSGS, validate

import pedagogy_metrics as pm

from conftest import ROOT

MODULES = [
    "classification",
    "curves",
    "multiclass",
    "probabilistic",
    "calibration",
    "regression",
    "ranking",
    "inference",
    "comparison",
    "streaming",
    "explorer",
    "book.display",
    "plots",
    "book.examples",
    "book.notes",
    "book.simulations",
    "book.figures",
    "book.errata",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"pedagogy_metrics.{name}")
    result = doctest.testmod(
        module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted > 0, f"no docstring example found in {name}"
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"


def test_every_public_function_has_an_example():
    """Every function in the top-level API documents its formula, shows an example."""
    missing = []
    for name in pm.__all__:
        obj = getattr(pm, name)
        if callable(obj) and not isinstance(obj, type):
            doc = obj.__doc__ or ""
            if ">>>" not in doc:
                missing.append(name)
    assert not missing, f"public functions without an Examples section: {missing}"


# numpydoc checks this project does not ask for, each with its reason. Every other
# check numpydoc.validate knows is required of each function and class in pm.__all__
# (EX01 included: every public object shows an example). pyproject.toml repeats this
# set under [tool.numpydoc_validation] for `python -m numpydoc lint`.
EXCLUDED_CHECKS = {
    "SA01": "See Also is optional: the text, the Notes and the chapters name the "
    "related functions where they matter",
}


def _public_objects() -> list[str]:
    """Names in pm.__all__ that are functions or classes (not constants)."""
    return [
        name
        for name in pm.__all__
        if inspect.isfunction(getattr(pm, name)) or inspect.isclass(getattr(pm, name))
    ]


def _is_named_tuple(obj: object) -> bool:
    return inspect.isclass(obj) and issubclass(obj, tuple) and hasattr(obj, "_fields")


def _numpydoc_errors(obj) -> list[str]:
    """numpydoc's findings for one public object, minus the excluded checks."""
    report = validate(f"{obj.__module__}.{obj.__qualname__}")
    errors = [
        (code, message)
        for code, message in report["errors"]
        if code not in EXCLUDED_CHECKS
    ]
    if _is_named_tuple(obj):
        # numpydoc reads a class's constructor arguments as its Parameters (PR01); a
        # NamedTuple's are its fields, documented under Attributes instead (the book's
        # api_docs extension skips their generated "Alias for field number 0" members,
        # so Sphinx autodoc lists each field once).
        errors = [(code, message) for code, message in errors if code != "PR01"]
        fields = list(obj._fields)
        attributes = [p.name for p in NumpyDocString(inspect.getdoc(obj))["Attributes"]]
        if attributes != fields:
            errors.append(("FIELDS", f"Attributes lists {attributes}, not {fields}"))
    return [f"{code} {message}" for code, message in errors]


def test_public_docstrings_pass_numpydoc_validation():
    """Parameters before Returns, every parameter documented with a type, a one-line
    summary ending with a period, an example, ...: all of numpydoc's checks except
    EXCLUDED_CHECKS, on every function and class of the top-level API."""
    found = {}
    for name in _public_objects():
        errors = _numpydoc_errors(getattr(pm, name))
        if errors:
            found[name] = errors
    listing = "\n".join(
        f"  {name}: {error}" for name, errors in found.items() for error in errors
    )
    assert not found, f"numpydoc errors in {len(found)} public docstrings:\n{listing}"


def test_excluded_checks_are_numpydoc_codes_and_match_pyproject():
    assert set(EXCLUDED_CHECKS) <= set(ERROR_MSGS)
    with open(ROOT / "pyproject.toml", "rb") as f:
        config = tomllib.load(f)["tool"]["numpydoc_validation"]
    assert config["checks"] == ["all", *EXCLUDED_CHECKS]
