"""The book builds with every warning treated as an error (Sphinx -W -n), and has its pages."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import ROOT, chapters

JUPYTER_BOOK = os.path.join(os.path.dirname(sys.executable), "jupyter-book")


@pytest.fixture(scope="module")
def built_book(tmp_path_factory):
    out = tmp_path_factory.mktemp("book")
    proc = subprocess.run(
        [JUPYTER_BOOK, "build", str(ROOT), "-W", "-n", "--keep-going", "--path-output", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    return proc, out / "_build" / "html"


@pytest.mark.slow
def test_book_builds_without_warnings(built_book):
    proc, _ = built_book
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, log[-6000:]
    assert "WARNING" not in log and "ERROR" not in log, log[-6000:]


@pytest.mark.slow
def test_book_has_every_page(built_book):
    _, html = built_book
    expected = ["index.html", "book/intro.html", "book/glossary.html", "book/api.html",
                "book/bibliography.html"]
    expected += [f"book/{p.stem}.html" for p in chapters()]
    missing = [page for page in expected if not (html / page).exists()]
    assert not missing, f"pages missing from the build: {missing}"


@pytest.mark.slow
def test_chapters_offer_downloads(built_book):
    _, html = built_book
    for path in chapters():
        page = (html / "book" / f"{path.stem}.html").read_text(encoding="utf-8")
        assert f"{path.stem}.ipynb" in page, f"{path.name}: no .ipynb download button"
