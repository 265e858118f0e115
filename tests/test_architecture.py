"""The package's shape: one code path, metrics apart from presentation, no loops.

These read the source as text and syntax trees; they fail when a metric module
imports the book's helpers, when a name with a leading underscore crosses a
module boundary, when modules import each other in a circle, when a chapter
reaches into a private name, or when ``show_source`` prints less than the
function that runs.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
import textwrap

import pytest

import pedagogy_metrics as pm
from pedagogy_metrics import book

from conftest import BOOK, ROOT

PACKAGE = ROOT / "pedagogy_metrics"
METRIC_MODULES = [
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
]
PRESENTATION = {"book", "plots", "explorer"}


def _module_name(path) -> str:
    rel = path.relative_to(PACKAGE).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join(parts)


def _modules() -> dict[str, ast.Module]:
    return {
        _module_name(path): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
    }


def _resolve(module: str, node: ast.ImportFrom, is_package: bool) -> str | None:
    """The package-relative module an ``from ... import`` names, or None if outside."""
    if node.level == 0:
        name = node.module or ""
        if not name.startswith("pedagogy_metrics"):
            return None
        return name.removeprefix("pedagogy_metrics").lstrip(".")
    base = module.split(".") if module else []
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
    return ".".join([*base, *(node.module.split(".") if node.module else [])])


def _imports() -> dict[str, set[tuple[str, str]]]:
    """For each module: (imported module, imported name) pairs inside the package."""
    found: dict[str, set[tuple[str, str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        pairs = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = _resolve(module, node, path.name == "__init__.py")
                if target is None:
                    continue
                for alias in node.names:
                    pairs.add((target, alias.name))
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("pedagogy_metrics."):
                        pairs.add((alias.name.removeprefix("pedagogy_metrics."), ""))
        found[module] = pairs
    return found


@pytest.mark.parametrize("module", METRIC_MODULES)
def test_metric_modules_import_no_presentation_code(module):
    imported = {target.split(".")[0] for target, _ in _imports()[module]}
    assert not imported & PRESENTATION, f"{module} imports {imported & PRESENTATION}"


def test_no_private_name_crosses_a_module():
    crossing = [
        f"{module} imports {name} from {target}"
        for module, pairs in _imports().items()
        for target, name in pairs
        if name.startswith("_") and not name.startswith("__")
    ]
    assert not crossing


def test_no_import_circle():
    """Modules of the package import each other without a circle (top level or
    inside functions), so the dependency picture is a tree."""
    graph: dict[str, set[str]] = {}
    modules = set(_imports())
    for module, pairs in _imports().items():
        targets = set()
        for target, name in pairs:
            full = f"{target}.{name}" if target else name
            targets.add(full if full in modules else target)
        graph[module] = {t for t in targets if t in modules and t != module}
    # the package's __init__ re-exports everything: leave it out of the circle search
    graph.pop("", None)

    def visit(node, path, seen):
        for nxt in graph.get(node, ()):
            if nxt in path:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in seen:
                seen.add(nxt)
                if circle := visit(nxt, [*path, nxt], seen):
                    return circle
        return None

    for start in graph:
        circle = visit(start, [start], {start})
        assert circle is None, " -> ".join(circle)


def test_no_module_getattr():
    for module, tree in _modules().items():
        names = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        assert "__getattr__" not in names, f"{module} defines a module __getattr__"


def test_nothing_marked_as_a_fast_path():
    marked = [
        f"{path.relative_to(ROOT)}:{i}"
        for path in PACKAGE.rglob("*.py")
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"#\s*fast path", line, re.IGNORECASE)
    ]
    assert not marked


def _public_functions():
    for name in pm.__all__:
        obj = getattr(pm, name)
        if inspect.isfunction(obj):
            yield name, obj
        elif inspect.isclass(obj) and not issubclass(obj, tuple):
            for attr, member in vars(obj).items():
                if inspect.isfunction(member) and not attr.startswith("_"):
                    yield f"{name}.{attr}", member


@pytest.mark.parametrize(("name", "func"), list(_public_functions()))
def test_show_source_prints_every_line_that_runs(name, func, capsys):
    """Every line of the function except its docstring is on the page."""
    book.show_source(func)
    shown = capsys.readouterr().out.splitlines()
    source = textwrap.dedent(inspect.getsource(func))
    node = ast.parse(source).body[0]
    lines = source.splitlines()
    first = node.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
        del lines[first.lineno - 1 : first.end_lineno]
    missing = [line for line in lines if line not in shown]
    assert not missing, f"show_source({name}) leaves out {missing[:3]}"


PRIVATE = re.compile(r"[\w)\]]\._[A-Za-z]\w*")


@pytest.mark.parametrize("path", sorted(BOOK.glob("*.ipynb")), ids=lambda p: p.stem)
def test_chapters_use_no_private_name(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    used = [
        match.group(0)
        for cell in cells
        if cell["cell_type"] == "code"
        for match in PRIVATE.finditer("".join(cell["source"]))
    ]
    assert not used, f"{path.name} uses private names: {sorted(set(used))}"
