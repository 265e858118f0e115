"""The book builds with every warning treated as an error (Sphinx -W -n), and has its
pages."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from urllib.parse import unquote, urlsplit

import browser
import pytest

from conftest import ROOT, notebooks

JUPYTER_BOOK = os.path.join(os.path.dirname(sys.executable), "jupyter-book")


@pytest.fixture(scope="module")
def built_book(tmp_path_factory):
    out = tmp_path_factory.mktemp("book")
    proc = subprocess.run(
        [
            JUPYTER_BOOK,
            "build",
            str(ROOT),
            "-W",
            "-n",
            "--keep-going",
            "--path-output",
            str(out),
        ],
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
    # Sphinx reports "path:line: WARNING: ..." (and "ERROR:"); the kernel's own start-up
    # notes ("[IPKernelApp] WARNING | Kernel is running over TCP ...") go to the kernel
    # log, not the book. The kernel's transport (tornado, ZMQ) may log a callback error
    # while the machine is loaded; it is not about the book (a failed cell fails the
    # build through its exit code).
    problems = [
        line
        for line in log.splitlines()
        if re.search(r"\b(WARNING|ERROR|CRITICAL):", line)
        and not re.match(r"(WARNING|ERROR|CRITICAL):(tornado|asyncio)\b", line)
    ]
    assert not problems, "\n".join(problems[:40])


@pytest.mark.slow
def test_book_has_every_page(built_book):
    _, html = built_book
    expected = [
        "index.html",
        "book/intro.html",
        "book/glossary.html",
        "book/api.html",
        "book/bibliography.html",
    ]
    expected += [f"book/{p.stem}.html" for p in notebooks()]
    missing = [page for page in expected if not (html / page).exists()]
    assert not missing, f"pages missing from the build: {missing}"


@pytest.mark.slow
def test_chapters_offer_downloads(built_book):
    _, html = built_book
    for path in notebooks():
        page = (html / "book" / f"{path.stem}.html").read_text(encoding="utf-8")
        assert f"{path.stem}.ipynb" in page, f"{path.name}: no .ipynb download button"


# ---- the built HTML in a real browser ------------------------------------------------

SCREENSHOTS = ROOT / "_build" / "screenshots"


def _html_pages(html):
    skip = {"genindex.html", "search.html", "py-modindex.html"}
    return sorted(
        p
        for p in html.rglob("*.html")
        if p.name not in skip and "_static" not in p.parts and "_sources" not in p.parts
    )


def test_internal_links_and_images_resolve(built_book):
    """Every relative href/src in the built HTML names an existing file (and anchor)."""
    _, html = built_book
    broken = []
    for page in _html_pages(html):
        text = page.read_text(encoding="utf-8")
        for attr, target in re.findall(r'\s(href|src)="([^"]+)"', text):
            parts = urlsplit(target)
            if parts.scheme or target.startswith(
                ("//", "mailto:", "data:", "javascript:")
            ):
                continue
            path = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not path.exists():
                broken.append(f"{page.relative_to(html)}: {attr}={target}")
            elif parts.fragment and path.suffix == ".html":
                ids = set(
                    re.findall(r'\sid="([^"]+)"', path.read_text(encoding="utf-8"))
                )
                if unquote(parts.fragment) not in ids:
                    broken.append(
                        f"{page.relative_to(html)}: {attr}={target} (no such anchor)"
                    )
    assert not broken, "broken internal links:\n" + "\n".join(broken[:40])


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    if why := browser.missing():
        if os.environ.get("CI"):
            pytest.fail(why + ": the browser check must run in CI")
        pytest.skip(why + ": browser check skipped")
    chromium = browser.make_driver(tmp_path_factory.mktemp("chrome"))
    yield chromium
    chromium.quit()


# Pages whose second-edition rewrite has not landed (issue 12): their layout problems
# (uncaptioned figures, wide equations) are counted, not failed; the test fails once
# one of them has none, so that it comes off the list. Everything else is checked.
LAYOUT_PENDING: set[str] = set()


def test_every_page_in_chromium(built_book, driver):
    """Every page at desktop (1366 px) and phone (390 px) width: formulas typeset by the
    local MathJax, images loaded, no console error, no request to another host, and the
    reading checks of tests/browser.py (nothing wider than its column, no sideways page
    scroll, no visible NBVAL, solutions closed, every image captioned). A screenshot of
    each page at both widths is stored under _build/screenshots/ to be looked at."""
    _, html = built_book
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    pending = dict.fromkeys(LAYOUT_PENDING, 0)
    with browser.serve(html) as base:
        for page in _html_pages(html):
            rel = page.relative_to(html).as_posix()
            for name, (width, height) in browser.SIZES.items():
                state = browser.open_page(driver, f"{base}/{rel}", width, height)
                info = driver.execute_script(browser.MATH_STATE)
                where = f"{rel} at {width} px"
                if info["sources"] and state != "ok":
                    problems.append(f"{where}: MathJax did not start ({state})")
                if info["sources"] and info["rendered"] == 0:
                    problems.append(
                        f"{where}: {info['sources']} formulas, none rendered"
                    )
                if info["errors"]:
                    problems.append(
                        f"{where}: {info['errors']} formulas with TeX errors"
                    )
                problems += [f"{where}: image not loaded: {s}" for s in info["images"]]
                problems += [
                    f"{where}: console {e['level']}: {e['message']}"
                    for e in driver.get_log("browser")
                    if e["level"] in ("SEVERE", "ERROR")
                ]
                problems += [
                    f"{where}: request to another host: {url}"
                    for url in browser.requests_to_other_hosts(driver)
                ]
                stem = rel.removesuffix(".html").replace("/", "-")
                browser.full_page_screenshot(driver, SCREENSHOTS / f"{stem}-{name}.png")
                layout = browser.check_layout(driver, desktop=name == "desktop")
                if rel in LAYOUT_PENDING:
                    pending[rel] += len(layout)
                else:
                    problems += [f"{where}: {p}" for p in layout]
    assert not problems, "\n".join(problems[:60])
    fixed = sorted(page for page, count in pending.items() if count == 0)
    assert not fixed, f"take these pages off LAYOUT_PENDING: {fixed}"


def test_screenshots_stored(built_book, driver):
    """test_every_page_in_chromium left a screenshot of every page at both widths."""
    _, html = built_book
    expected = [
        SCREENSHOTS
        / f"{p.relative_to(html).with_suffix('').as_posix().replace('/', '-')}-{n}.png"
        for p in _html_pages(html)
        for n in browser.SIZES
    ]
    small = [p.name for p in expected if not p.exists() or p.stat().st_size < 10_000]
    assert not small, f"missing or empty screenshots: {small[:10]}"
