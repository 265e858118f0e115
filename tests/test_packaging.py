"""The package as a user installs it: what the wheel holds, what importing costs, and
what a missing extra says."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile

import pytest

from conftest import ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The wheel, built from a copy of the sources (a build leaves files behind)."""
    source, out = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("wheel")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "pedagogy_metrics",
        source / "pedagogy_metrics",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    subprocess.run(
        [*pip, "-q", "-w", str(out), str(source)], check=True, capture_output=True
    )
    (path,) = out.glob("pedagogy_metrics-*.whl")
    return path


def test_wheel_holds_every_subpackage_the_style_and_py_typed(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for expected in (
        "pedagogy_metrics/__init__.py",
        "pedagogy_metrics/py.typed",
        "pedagogy_metrics/_checks/arrays.py",
        "pedagogy_metrics/book/display.py",
        "pedagogy_metrics/book/book.mplstyle",
    ):
        assert expected in names, f"{expected} missing from {wheel.name}"
    assert not any(n.startswith(("tests/", "book/")) for n in names)


def _run(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout


def test_import_loads_no_scipy_submodule():
    """SciPy is imported by the functions that need it, not by `import pedagogy_metrics`
    (half of the import time was scipy.stats)."""
    loaded = _run(
        "import sys, pedagogy_metrics; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'scipy'))"
    )
    assert loaded.strip() == "[]", loaded


def test_import_loads_nothing_of_the_book_or_plots():
    loaded = _run(
        "import sys, pedagogy_metrics; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('matplotlib', 'bokeh', 'pandas', 'IPython', 'sympy')))"
    )
    assert loaded.strip() == "[]", loaded


@pytest.mark.parametrize(
    "call",
    [
        "plots.use_book_style()",
        "plots.plot_roc([0, 1, 0, 1], [0.1, 0.9, 0.4, 0.6])",
        "pm.threshold_explorer([0, 1, 0, 1], [0.1, 0.9, 0.4, 0.6]).layout()",
        "pm.threshold_explorer([0, 1, 0, 1], [0.1, 0.9, 0.4, 0.6])._repr_html_()",
    ],
)
def test_a_missing_plot_extra_names_it(call):
    """Without Matplotlib and Bokeh, the plots and the explorer (drawn, or shown as
    Jupyter shows it) raise an ImportError that names the extra to install."""
    out = _run(
        "import sys\n"
        "for m in ('matplotlib', 'matplotlib.pyplot', 'bokeh', 'bokeh.layouts',\n"
        "          'bokeh.models', 'bokeh.plotting', 'bokeh.embed'):\n"
        "    sys.modules[m] = None\n"
        "import pedagogy_metrics as pm\n"
        "from pedagogy_metrics import plots\n"
        "try:\n"
        f"    {call}\n"
        "except ImportError as err:\n"
        "    print(type(err).__name__, err)\n"
    )
    assert out.startswith("ImportError")
    assert 'pip install "pedagogy-metrics[plot]"' in out, out


def test_readme_everyday_calls_run():
    """The ten calls of the README's "Use the package" run as written."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Use the package", 1)[1].split("\n## ", 1)[0]
    (code,) = [block.split("```", 1)[0] for block in section.split("```python\n")[1:]]
    calls = [line for line in code.splitlines() if line.startswith("pm.")]
    assert len(calls) == 10, calls
    namespace: dict = {}
    exec(compile(code, "README.md", "exec"), namespace)
