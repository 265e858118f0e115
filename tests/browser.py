"""Headless Chromium for the book: serve the built HTML, check a page, take screenshots.

Shared by the browser test (``tests/test_book.py``) and the preview tool
(``tools/preview.py``), so that a contributor sees exactly what the test checks.

What a page must satisfy (CONVENTIONS.md, Reading):

* at every width: the page itself never scrolls sideways (code blocks, and at phone
  width wide equations and tables, scroll inside their own box); no "NBVAL" text; no
  solution visible before it is opened; every image in the text is a numbered figure
  with a caption; no request to a host other than the local server;
* at desktop width (1366 px), in addition: no display equation (with its number), no
  table and no code block wider than its column.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import http.server
import json
import shutil
import threading
from pathlib import Path
from urllib.parse import urlsplit

SIZES = {"desktop": (1366, 900), "phone": (390, 844)}

# The smallest text in a figure, in pixels of the PNG: the smallest font size of the
# book's Matplotlib style (tick labels, legends) at its resolution. A figure shown
# narrower than its PNG shrinks this text; below MIN_TEXT_PX it cannot be read.
MIN_TEXT_PX = 8.0

# Every host name resolves to nothing, except the local server's address: a page that
# needs the network shows it as a failed request (and the check below names it).
BLOCK_NETWORK = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep test output clean
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):  # a page left while loading
        pass


@contextlib.contextmanager
def serve(directory):
    """Serve ``directory`` on 127.0.0.1; yield the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def missing() -> str | None:
    """Why the browser cannot run here, or None."""
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        return (
            "Chromium and chromedriver are not installed (Debian packages chromium "
            "and chromium-driver; `make test` installs them when run as root)"
        )
    return None


def make_driver(profile_dir):
    """A headless Chromium with the network blocked and its logs kept."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
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
        "--hide-scrollbars",
        BLOCK_NETWORK,
        f"--user-data-dir={profile_dir}",
    ):
        options.add_argument(flag)
    options.set_capability(
        "goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"}
    )
    driver = webdriver.Chrome(
        service=Service(executable_path=shutil.which("chromedriver")),
        options=options,
    )
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(60)
    return driver


WAIT_FOR_MATH = """
const done = arguments[arguments.length - 1];
if (!window.MathJax || !MathJax.startup) { done('no-mathjax'); return; }
MathJax.startup.promise.then(() => done('ok')).catch(e => done('error: ' + e));
"""

# Whether the font of the page's prose draws Chinese characters: two different
# characters give different pixels, and neither looks like the box drawn for a
# character no font has.
CHINESE_GLYPHS = """
const p = document.querySelector("article p") || document.body;
const font = getComputedStyle(p).font;
const draw = (ch) => {
  const c = document.createElement("canvas");
  c.width = 48; c.height = 48;
  const x = c.getContext("2d");
  x.font = font;
  x.fillText(ch, 4, 36);
  return x.getImageData(0, 0, 48, 48).data.join(",");
};
const a = draw("召"), b = draw("回"), none = draw("\\u{10FFFD}");
return a !== b && a !== none && b !== none;
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

# The layout checks, run in the page. `arguments[0]` is true at desktop width; the
# smallest figure text in PNG pixels and the least readable on screen follow.
LAYOUT = r"""
const desktop = arguments[0];
const textPx = arguments[1];
const minText = arguments[2];
const out = [];
const short = (s) => Array.from(s.replace(/\s+/g, ' ').trim()).slice(0, 70).join('');
const article = document.querySelector('article.bd-article') || document.body;

if (document.body.innerText.includes('NBVAL')) out.push('visible "NBVAL" text');

// Solutions are closed until the reader opens them.
document.querySelectorAll('div.solution').forEach((s) => {
  const body = Array.from(s.children).filter(
    (c) => !c.classList.contains('admonition-title') && c.tagName !== 'BUTTON');
  if (body.some((c) => c.offsetHeight > 0 && c.getClientRects().length > 0)) {
    const title = s.querySelector('.admonition-title');
    out.push('solution visible before it is opened: ' +
             short(title ? title.innerText : s.id));
  }
});

// Measure with every dropdown open: what is inside must fit too.
document.querySelectorAll('.toggle-hidden').forEach(
  (e) => e.classList.remove('toggle-hidden'));
document.querySelectorAll('details').forEach((d) => { d.open = true; });

// Every image in the text is a figure with a caption.
article.querySelectorAll('img').forEach((img) => {
  const fig = img.closest('figure');
  if (!fig || !fig.querySelector('figcaption')) {
    out.push('image without a caption: ' + img.src.split('/').pop());
  }
});

// Let the page's own layout script run again now that every dropdown is open.
window.dispatchEvent(new Event('resize'));

// A display equation (and, on a wide screen, its number) fits its box.
document.querySelectorAll('div.math').forEach((div) => {
  const box = div.querySelector('mjx-container');
  if (!box || div.offsetParent === null) return;
  const eqno = div.querySelector('span.eqno');
  const need = box.scrollWidth + (desktop && eqno ? eqno.offsetWidth : 0);
  // wider than its box, or scrolled out of sight inside a narrower formula box
  if (need > div.clientWidth + 1 || box.scrollWidth > box.clientWidth + 1) {
    out.push(`equation wider than its box (${Math.round(need)} > ` +
             `${div.clientWidth} px): ` + short(div.id || div.innerText));
  }
});
// The text of a figure stays readable at the size it is shown.
article.querySelectorAll('figure img, div.cell_output img').forEach((img) => {
  if (!img.naturalWidth || img.offsetParent === null) return;
  const shown = img.getBoundingClientRect().width;
  const px = textPx * shown / img.naturalWidth;
  if (px < minText) {
    out.push(`figure text ${px.toFixed(1)} px on screen (< ${minText}): ` +
             img.src.split('/').pop());
  }
});
// A table fits its column (on a phone, as one card per row).
article.querySelectorAll('table').forEach((t) => {
  if (t.offsetParent === null) return;
  const box = t.parentElement;
  const width = Math.max(t.scrollWidth, t.getBoundingClientRect().width);
  const room = Math.min(article.clientWidth, box.clientWidth || article.clientWidth);
  if (width > room + 1) {
    const cap = t.querySelector('caption');
    out.push(`table wider than its column (${Math.round(width)} > ${room} px): ` +
             short(cap ? cap.innerText : t.innerText));
  }
});
if (desktop) {
  // Code and output fit the column (88 characters do).
  article.querySelectorAll('pre').forEach((pre) => {
    if (pre.scrollWidth > pre.clientWidth + 1) {
      out.push(`code block wider than its column (${pre.scrollWidth} > ` +
               `${pre.clientWidth} px): ` + short(pre.innerText));
    }
  });
}

// The page never scrolls sideways; name what sticks out (outside scrolling boxes).
const vw = document.documentElement.clientWidth;
if (document.documentElement.scrollWidth > vw + 1) {
  const scrolls = (e) => {
    for (let p = e.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
    }
    return false;
  };
  const culprits = Array.from(article.querySelectorAll('*'))
    .filter((e) => e.getBoundingClientRect().right > vw + 1 && !scrolls(e))
    .filter((e, _, all) => !all.includes(e.parentElement))
    .slice(0, 5)
    .map((e) => e.tagName.toLowerCase() + '.' + (e.className || '') + ': ' +
                short(e.innerText || ''));
  const sw = document.documentElement.scrollWidth;
  out.push(`page scrolls sideways (${sw} > ${vw} px)` +
           (culprits.length ? ': ' + culprits.join(' | ') : ''));
}
return JSON.stringify(out.map(String));
"""


def requests_to_other_hosts(driver) -> list[str]:
    """URLs the page asked for on any host but 127.0.0.1 (from Chromium's log)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") != "Network.requestWillBeSent":
            continue
        url = message["params"]["request"]["url"]
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in (
            "127.0.0.1",
            "localhost",
        ):
            urls.append(url)
    return urls


def open_page(driver, url, width, height) -> str:
    """Load ``url`` on a screen of the given size; wait for MathJax. Returns its state.

    Below 600 px the screen is a phone, emulated as a device (a 390 x 844 viewport,
    3 device pixels per CSS pixel, touch): a desktop window cannot be made that
    narrow (Chromium keeps it at least about 485 px wide).
    """
    if width < 600:
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 3, "mobile": True},
        )
    else:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.set_window_size(width, height)
    driver.get(url)
    _settle(driver)
    return driver.execute_async_script(WAIT_FOR_MATH)


# A page is settled when it has loaded and is not a redirect (the root index.html of
# each language is `<meta http-equiv="Refresh" content="0; url=...">`): the refresh
# fires a moment after the page loads, and a script run while the next page loads
# finds no document to look at.
SETTLED = """
return document.readyState === "complete" && document.body !== null
  && !document.querySelector('meta[http-equiv="refresh" i]');
"""


def _settle(driver, seconds: float = 30) -> None:
    """Wait until the page is loaded and, if it redirects, its destination too."""
    from selenium.common.exceptions import JavascriptException, TimeoutException
    from selenium.webdriver.support.wait import WebDriverWait

    try:
        WebDriverWait(
            driver,
            seconds,
            poll_frequency=0.1,
            ignored_exceptions=[JavascriptException],
        ).until(lambda d: d.execute_script(SETTLED))
    except TimeoutException:
        raise AssertionError(
            f"{driver.current_url} did not finish loading (or redirecting) "
            f"in {seconds:g} s"
        ) from None


def figure_text_px(style_file) -> float:
    """The smallest font of the book's Matplotlib style, in pixels of a saved PNG."""
    sizes, dpi = [], 100.0
    for line in Path(style_file).read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition(":")
        key, value = key.strip(), value.split("#")[0].strip()
        if key == "font.size" or key.endswith(("labelsize", "titlesize", "fontsize")):
            try:
                sizes.append(float(value))
            except ValueError:
                pass
        if key == "savefig.dpi":
            dpi = float(value)
    return min(sizes) * dpi / 72


def check_layout(driver, *, desktop: bool, text_px: float = 13.9) -> list[str]:
    """The reading checks on the loaded page (opens its dropdowns).

    ``text_px`` is the smallest figure text in PNG pixels (:func:`figure_text_px`).
    """
    return json.loads(driver.execute_script(LAYOUT, desktop, text_px, MIN_TEXT_PX))


def full_page_screenshot(driver, path: Path, max_height: int = 16000) -> None:
    """One PNG of the whole page (cut at ``max_height`` px), at the window's width."""
    phone = driver.execute_script(
        "return window.matchMedia('(max-width: 600px)').matches"
    )
    width = driver.execute_script("return document.documentElement.clientWidth")
    height = driver.execute_script("return document.documentElement.scrollHeight")
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {
            "format": "png",
            "captureBeyondViewport": True,
            "clip": {
                "x": 0,
                "y": 0,
                "width": width,
                "height": min(height, max_height),
                "scale": 1,
            },
        },
    )
    path.write_bytes(base64.b64decode(shot["data"]))
    if phone:  # the capture beyond the viewport resizes an emulated phone: size it
        w, h = SIZES["phone"]  # back and load the page again, as a reader sees it
        metrics = {"width": w, "height": h, "deviceScaleFactor": 3, "mobile": True}
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        driver.refresh()
        driver.execute_async_script(WAIT_FOR_MATH)


def screen_by_screen(driver, folder: Path, prefix: str, limit: int = 60) -> list[Path]:
    """Screenshots of consecutive screens of the loaded page (for looking at it)."""
    height = driver.execute_script("return window.innerHeight")
    total = driver.execute_script("return document.documentElement.scrollHeight")
    paths = []
    for i, top in enumerate(range(0, total, height - 60)):
        if i >= limit:
            break
        driver.execute_script("window.scrollTo(0, arguments[0])", top)
        path = folder / f"{prefix}-{i:02d}.png"
        driver.save_screenshot(str(path))
        paths.append(path)
    return paths
