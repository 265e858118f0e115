"""The book builds with every warning treated as an error (Sphinx -W -n), and has its
pages."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from urllib.parse import unquote, urlsplit

import browser
import pytest

import pedagogy_metrics as pm
from pedagogy_metrics import book

from conftest import ROOT, notebooks

JUPYTER_BOOK = os.path.join(os.path.dirname(sys.executable), "jupyter-book")


@pytest.fixture(scope="module")
def built_book(tmp_path_factory):
    """Both editions, as `make book` builds them: English in html/, Chinese in
    html/zh/ (tools/edition.py)."""
    out = tmp_path_factory.mktemp("book")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "edition.py"), "build", str(out)],
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
        "book/checks.html",
        "book/glossary.html",
        "book/api.html",
        "book/bibliography.html",
    ]
    expected += [f"book/{p.stem}.html" for p in notebooks()]
    expected += [f"{CHINESE}/{page}" for page in expected]
    missing = [page for page in expected if not (html / page).exists()]
    assert not missing, f"pages missing from the build: {missing}"


@pytest.mark.slow
def test_chapters_offer_downloads(built_book):
    _, html = built_book
    for path in notebooks():
        for edition in (html, html / CHINESE):
            page = (edition / "book" / f"{path.stem}.html").read_text(encoding="utf-8")
            assert f"{path.stem}.ipynb" in page, f"{path.name}: no download button"


# ---- the two editions --------------------------------------------------------------


def test_every_page_links_to_the_same_page_in_the_other_edition(built_book):
    _, html = built_book
    pages = [p for p in _html_pages(html) if p.relative_to(html).parts[0] != CHINESE]
    pages = [p for p in pages if p.name != "index.html"]  # redirects
    wrong = []
    for page in pages:
        rel = page.relative_to(html)
        twin = html / CHINESE / rel
        for here, there in ((page, twin), (twin, page)):
            found = re.search(
                r'class="btn btn-sm pm-language" href="([^"]+)"', here.read_text()
            )
            target = (here.parent / found.group(1)).resolve() if found else None
            if target != there.resolve():
                wrong.append(f"{here.relative_to(html)} -> {found and found.group(1)}")
    assert not wrong, "\n".join(wrong[:20])


def test_chinese_pages_are_chinese(built_book):
    """Each page of the Chinese edition declares zh-CN and reads in Chinese: most of
    the letters of its article are Chinese characters (code and formulas aside).
    Two pages are mostly Latin by design and have a Chinese title: the API reference
    (its docstrings stay English, as its first paragraph says) and the bibliography
    (references as published)."""
    _, html = built_book
    thin = []
    latin_by_design = {"book/api.html", "book/bibliography.html"}
    for page in _html_pages(html / CHINESE):
        text = page.read_text(encoding="utf-8")
        if "<article" not in text or page.name == "prf-prf.html":
            continue  # index.html redirects; sphinx-proof's index lists labels
        assert '<html lang="zh-CN"' in text, page.name
        if page.relative_to(html / CHINESE).as_posix() in latin_by_design:
            title = re.search(r"<h1>(.*?)</h1>", text, re.S).group(1)
            assert re.search(r"[\u3400-\u9fff]", title), page.name
            continue
        article = text.split('<article class="bd-article">')[-1].split("</article>")[0]
        article = re.sub(
            r"<(pre|script|style|mjx-container)\b.*?</\1>", " ", article, flags=re.S
        )
        article = re.sub(
            r"\$[^$]*\$|\\\(.*?\\\)|\\\[.*?\\\]",
            " ",
            re.sub(r"<[^>]+>", " ", article),
            flags=re.S,
        )
        chinese = len(re.findall(r"[\u3400-\u9fff]", article))
        latin = len(re.findall(r"[A-Za-z]", article))
        if chinese < latin:
            thin.append(
                f"{page.relative_to(html)}: {chinese} Chinese, {latin} Latin letters"
            )
    assert not thin, "\n".join(thin)


def test_chinese_search_finds_chinese_words(built_book):
    """Sphinx's Chinese search cuts words with jieba, which also knows the glossary's
    Chinese names (tools/edition.py): 召回率 finds chapter 2."""
    _, html = built_book
    index = (html / CHINESE / "searchindex.js").read_text(encoding="utf-8")
    data = json.loads(index[index.index("(") + 1 : index.rindex(")")])
    found = set()
    for kind in ("titleterms", "terms"):  # a title's words are not repeated in terms
        docs = data[kind].get("召回率")
        found |= {docs} if isinstance(docs, int) else set(docs or [])
    assert "book/02-precision-recall-f" in [data["docnames"][i] for i in found]


# ---- the built HTML in a real browser ------------------------------------------------

SCREENSHOTS = ROOT / "_build" / "screenshots"
CHINESE = "zh"  # the Chinese edition's folder in the HTML (tools/edition.py)


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
    """Every page at desktop (1366 px) and on an emulated phone (a 390 x 844 device):
    formulas typeset by the local MathJax, images loaded, no console error, no request
    to another host, and the reading checks of tests/browser.py (no display equation
    wider than its box, no figure text below 8 px on the screen, no table wider than its
    column, no sideways page scroll, no visible NBVAL, solutions closed, every image
    captioned). A screenshot of
    each page at both widths is stored under _build/screenshots/ to be looked at."""
    _, html = built_book
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    text_px = browser.figure_text_px(ROOT / "pedagogy_metrics/book/book.mplstyle")
    problems = []
    pending = dict.fromkeys(LAYOUT_PENDING, 0)
    with browser.serve(html) as base:
        for page in _html_pages(html):
            rel = page.relative_to(html).as_posix()
            for name, (width, height) in browser.SIZES.items():
                state = browser.open_page(driver, f"{base}/{rel}", width, height)
                info = driver.execute_script(browser.MATH_STATE)
                where = f"{rel} at {width} px"
                chinese = rel.startswith(f"{CHINESE}/")
                if chinese and not driver.execute_script(browser.CHINESE_GLYPHS):
                    problems.append(f"{where}: no font draws Chinese characters")
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
                layout = browser.check_layout(
                    driver, desktop=name == "desktop", text_px=text_px
                )
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


# ---- the threshold explorers (pedagogy_metrics.explorer) ---------------------------

# Every explorer in the book, rebuilt here from the same data and arguments as in its
# chapter: the numbers the page shows must be the ones the package computes.
EXPLORERS = {
    "explorer-ch04-eight": lambda: pm.threshold_explorer(
        [1, 0, 0, 0, 1, 0, 1, 0],  # note 003's eight samples (chapter 4)
        [0.9, 0.8, 0.3, 0.1, 0.4, 0.9, 0.66, 0.7],
        threshold=0.7,
        name="explorer-ch04-eight",
    ),
    "explorer-ch06-loans": lambda: pm.threshold_explorer(
        *book.examples.loan_applications(n=2_000, seed=6),
        cost_fp=1.0,
        cost_fn=5.0,
        threshold=0.17,
        name="explorer-ch06-loans",
    ),
}

# What the page shows: the text of every [data-pm] cell, looking inside the shadow
# roots in which BokehJS draws its widgets.
READ_EXPLORER = """
const out = {};
const walk = (root) => root.querySelectorAll("*").forEach((el) => {
  if (el.dataset && el.dataset.pm) { out[el.dataset.pm] = el.textContent.trim(); }
  if (el.shadowRoot) { walk(el.shadowRoot); }
});
walk(document.getElementById(arguments[0]));
return out;
"""

# Move the slider as a reader does (its model's value); BokehJS then redraws.
MOVE_SLIDER = """
const [name, value] = arguments;
for (const doc of Bokeh.documents) {
  const slider = doc.get_model_by_name(name + "-slider");
  if (slider) {
    slider.value = value;
    return true;
  }
}
return false;
"""

# Where the explorer's marker is: (FPR, TPR, precision).
READ_MARKER = """
for (const doc of Bokeh.documents) {
  const point = doc.get_model_by_name(arguments[0] + "-point");
  if (point) {
    const d = point.data instanceof Map ? Object.fromEntries(point.data) : point.data;
    return [d.fpr[0], d.tpr[0], d.precision[0]];
  }
}
return null;
"""


# Scroll to a point inside the explorer; return where its slider is on the screen.
SLIDER_IN_VIEW = """
const [name, fraction] = arguments;
const box = document.getElementById(name).getBoundingClientRect();
window.scrollTo(0, window.scrollY + box.top + box.height * fraction);
function find(root) {
  for (const e of root.querySelectorAll("*")) {
    if (e.classList && e.classList.contains("bk-Slider")) return e;
    if (e.shadowRoot) { const f = find(e.shadowRoot); if (f) return f; }
  }
  return null;
}
const r = find(document.getElementById(name)).getBoundingClientRect();
return [r.top, r.bottom, window.innerHeight];
"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_explorer_slider_stays_in_sight(built_book, driver, size):
    """Scrolled down to its figures (on a phone they stack below the readout), the
    explorer's slider and readout stay pinned below the page's header bar."""
    _, html = built_book
    with browser.serve(html) as base:
        for name in EXPLORERS:
            chapter = "04-roc-auc" if "ch04" in name else "06-choosing-a-threshold"
            url = f"{base}/book/{chapter}.html"
            browser.open_page(driver, url, *browser.SIZES[size])
            top, bottom, screen = driver.execute_script(SLIDER_IN_VIEW, name, 0.4)
            assert 40 <= top and bottom <= screen / 3, (name, size, top, bottom)


def test_threshold_explorers_in_chromium(built_book, driver):
    """Each explorer, with the network blocked: drawn by the BokehJS the book serves,
    and after moving its slider to each of its positions (101 in chapter 6) the
    confusion matrix, P, R, F1, MCC and expected cost it shows equal
    ``explorer.formatted(t)``, and its marker sits at (FPR, TPR) and (R, P) of
    ``explorer.at(t)`` (no PR marker when nothing is flagged)."""
    _, html = built_book
    pages = []  # (explorer, page): each explorer is on a page of both editions
    for page in _html_pages(html):
        for name in re.findall(
            r'<div id="([\w-]+)" class="pm-explorer"', page.read_text()
        ):
            pages.append((name, page.relative_to(html).as_posix()))
    names = sorted(name for name, _ in pages)
    assert names == sorted([*EXPLORERS] * 2), "explorers in the book vs in this test"
    with browser.serve(html) as base:
        for name, rel in pages:
            browser.open_page(driver, f"{base}/{rel}", *browser.SIZES["desktop"])
            explorer = EXPLORERS[name]()
            assert driver.execute_script("return typeof Bokeh") == "object", rel
            assert driver.execute_script(READ_EXPLORER, name) == explorer.formatted(
                explorer.value
            ), f"{name}: the numbers shown before the slider moves"
            n_steps = round((explorer.end - explorer.start) / explorer.step)
            for k in range(n_steps + 1):  # every position of the slider
                t = explorer.snap(explorer.start + k * explorer.step)
                assert driver.execute_script(MOVE_SLIDER, name, t), name
                want = explorer.formatted(t)
                shown = {}
                for _ in range(50):  # BokehJS redraws the readout asynchronously
                    shown = driver.execute_script(READ_EXPLORER, name)
                    if shown.get("t") == want["t"]:
                        break
                    time.sleep(0.1)
                assert shown == want, f"{name} at t = {t}"
                at = explorer.at(t)
                flagged = at["tp"] + at["fp"] > 0  # no PR marker when nothing is
                marker = [at["fp"] / (at["fp"] + at["tn"]), at["recall"]]
                marker.append(at["precision"] if flagged else None)
                point = driver.execute_script(READ_MARKER, name)
                assert point[2] is None if not flagged else point[2] is not None
                assert point[:2] == pytest.approx(marker[:2], abs=1e-12), name
                assert point[2] == (
                    pytest.approx(marker[2], abs=1e-12) if flagged else None
                ), f"{name} at t = {t}: the marker"
            assert not browser.requests_to_other_hosts(driver), rel
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            assert not errors, errors
