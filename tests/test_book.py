"""The book builds with every warning treated as an error (Sphinx -W -n), and has its
pages."""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
from urllib.parse import unquote, urlsplit

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
SIZES = {"desktop": (1366, 900), "phone": (390, 844)}


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


@contextlib.contextmanager
def _serve(directory):
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep pytest output clean
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(
        self, request, client_address
    ):  # a page left before it finished loading
        pass


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    chromium, driver_bin = shutil.which("chromium"), shutil.which("chromedriver")
    if not (chromium and driver_bin):
        message = (
            "Chromium and chromedriver are not installed (Debian packages chromium and "
            "chromium-driver; `make test` installs them when run as root)"
        )
        if os.environ.get("CI"):
            pytest.fail(message + ": the browser check must run in CI")
        pytest.skip(message + ": browser check skipped")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={tmp_path_factory.mktemp('chrome')}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(
        service=Service(executable_path=driver_bin), options=options
    )
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(60)
    yield driver
    driver.quit()


WAIT_FOR_MATH = """
const done = arguments[arguments.length - 1];
if (!window.MathJax || !MathJax.startup) { done('no-mathjax'); return; }
MathJax.startup.promise.then(() => done('ok')).catch(e => done('error: ' + e));
"""

MATH_STATE = """
return {
  sources: document.querySelectorAll('.math, span.math, div.math').length,
  rendered: document.querySelectorAll('mjx-container').length,
  errors: document.querySelectorAll('mjx-merror').length,
  images: Array.from(document.images)
    .filter(i => !(i.complete && i.naturalWidth > 0))
    .map(i => i.src),
};
"""


def test_every_page_renders_in_chromium(built_book, browser):
    """No console error, every image loaded, every formula typeset by local MathJax."""
    _, html = built_book
    problems = []
    with _serve(html) as base:
        for page in _html_pages(html):
            rel = page.relative_to(html).as_posix()
            browser.get(f"{base}/{rel}")
            state = browser.execute_async_script(WAIT_FOR_MATH)
            info = browser.execute_script(MATH_STATE)
            if info["sources"] and state != "ok":
                problems.append(f"{rel}: MathJax did not start ({state})")
            if info["sources"] and info["rendered"] == 0:
                problems.append(f"{rel}: {info['sources']} formulas, none rendered")
            if info["errors"]:
                problems.append(f"{rel}: {info['errors']} formulas with TeX errors")
            problems += [f"{rel}: image not loaded: {src}" for src in info["images"]]
            problems += [
                f"{rel}: console {e['level']}: {e['message']}"
                for e in browser.get_log("browser")
                if e["level"] in ("SEVERE", "ERROR")
            ]
    assert not problems, "\n".join(problems[:40])


def test_screenshots_of_the_roc_chapter(built_book, browser):
    _, html = built_book
    page = html / "book" / "04-roc-auc.html"
    if not page.exists():
        pytest.skip("the ROC chapter is not in the book yet")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with _serve(html) as base:
        for name, (width, height) in SIZES.items():
            browser.set_window_size(width, height)
            browser.get(f"{base}/book/04-roc-auc.html")
            browser.execute_async_script(WAIT_FOR_MATH)
            out = SCREENSHOTS / f"roc-{name}.png"
            assert browser.save_screenshot(str(out)), f"could not save {out}"
            assert out.stat().st_size > 10_000
