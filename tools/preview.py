"""Build one chapter alone (without executing it) and look at it in Chromium.

    .venv/bin/python tools/preview.py book/04-roc-auc.ipynb [--out /tmp/preview]

The notebook's stored outputs are rendered as they are (execute it first). The
chapter is built with the intro, glossary, API page and references, so that its
terms and citations resolve; labels in other chapters do not, and Sphinx's warnings
about them are expected. The page is then opened at desktop (1366 px) and phone
(390 px) width: the reading checks of the browser test are printed, and screen-by-
screen screenshots are written to ``<out>/<stem>/``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import browser  # noqa: E402  (tests/browser.py: the checks the browser test runs)


def build(page: Path, out: Path) -> Path:
    """HTML of ``page`` (a notebook or Markdown file under book/) built into ``out``."""
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    config = config.replace("execute_notebooks: force", 'execute_notebooks: "off"')
    # The copied configuration lives elsewhere: its paths must be absolute.
    for path in ("book/_ext", "book/_static/favicon.png", "references.bib"):
        config = config.replace(f" {path}", f" {ROOT}/{path}")
    config = config.replace("[book/_static]", f"[{ROOT}/book/_static]")
    config = config.replace("[book/_extra]", f"[{ROOT}/book/_extra]")
    rel = page.resolve().relative_to(ROOT).with_suffix("").as_posix()
    others = ["book/glossary", "book/api", "book/bibliography"]
    pages = [rel] + [f for f in others if f != rel]
    chapters = "\n".join(f"  - file: {f}" for f in pages if f != "book/intro")
    toc = f"format: jb-book\nroot: book/intro\nchapters:\n{chapters}\n"
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "_config.yml").write_text(config, encoding="utf-8")
        (Path(tmp) / "_toc.yml").write_text(toc, encoding="utf-8")
        cmd = [
            str(Path(sys.executable).parent / "jupyter-book"),
            "build",
            str(ROOT),
            "--config",
            str(Path(tmp) / "_config.yml"),
            "--toc",
            str(Path(tmp) / "_toc.yml"),
            "--path-output",
            str(out),
        ]
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    log = proc.stdout + proc.stderr
    for line in log.splitlines():
        if ("WARNING" in line or "ERROR" in line) and page.name in line:
            print("  sphinx:", line.strip()[:160])
    html = out / "_build" / "html"
    if not (html / f"{rel}.html").exists():
        sys.exit(f"build failed:\n{log[-3000:]}")
    return html


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", type=Path)
    parser.add_argument("--out", type=Path, default=Path("/tmp/preview"))
    parser.add_argument("--screens", type=int, default=60, help="screens per width")
    args = parser.parse_args()
    if why := browser.missing():
        sys.exit(why)
    stem = args.page.stem
    out = args.out / stem
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    html = build(args.page, out / "build")
    rel = args.page.resolve().relative_to(ROOT).with_suffix(".html").as_posix()
    with tempfile.TemporaryDirectory() as profile, browser.serve(html) as base:
        driver = browser.make_driver(profile)
        try:
            for name, (width, height) in browser.SIZES.items():
                state = browser.open_page(driver, f"{base}/{rel}", width, height)
                shots = browser.screen_by_screen(driver, out, name, args.screens)
                problems = browser.check_layout(driver, desktop=name == "desktop")
                problems += [
                    f"request to another host: {u}"
                    for u in browser.requests_to_other_hosts(driver)
                ]
                if state not in ("ok", "no-mathjax"):
                    problems.append(f"MathJax: {state}")
                print(f"{name} ({width} px): {len(shots)} screenshots in {out}/")
                for p in problems:
                    print("  -", p)
                if not problems:
                    print("  no problems found")
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
