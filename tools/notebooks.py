"""Run the book's notebooks in place, and draw the Chinese edition's figures.

    python tools/notebooks.py [NOTEBOOK...]     (make notebooks: every notebook)

Each notebook runs top to bottom in a fresh kernel, as `jupyter execute --inplace`
would, and its outputs are stored. The kernel starts with
``pedagogy_metrics.book.translate.install``: every figure a cell shows is also drawn
with the words of ``book/locales/zh_CN/LC_MESSAGES/figures.po`` into
``book/figures/zh_CN/``; the words of the threshold explorers come from the same
catalog when the Chinese edition is built. Words the catalog lacks are added to it
(untranslated, so that `make test` fails until they are translated and the figures
drawn again).
When every notebook has run, Chinese figures no notebook shows any more are deleted.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog
from nbclient import NotebookClient

sys.path.insert(0, str(Path(__file__).parent))
import po

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
FIGURES = BOOK / "figures" / "zh_CN"
CATALOG = BOOK / "locales" / "zh_CN" / "LC_MESSAGES" / "figures.po"


def chinese_font() -> str:
    """A font file with Chinese glyphs (fontconfig's choice for zh-cn)."""
    path = subprocess.run(
        ["fc-match", "-f", "%{file}", ":lang=zh-cn"], capture_output=True, text=True
    ).stdout.strip()
    if not path or not Path(path).exists():
        sys.exit("no font with Chinese glyphs: apt-get install fonts-wqy-microhei")
    return path


def run(path: Path, missing_file: Path, font: str) -> None:
    nb = nbformat.read(path, as_version=4)
    setup = (
        "from pedagogy_metrics.book import translate; "
        f"translate.install({str(CATALOG)!r}, {str(FIGURES)!r}, "
        f"{str(missing_file)!r}, {font!r})"
    )
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=600,
        resources={"metadata": {"path": str(path.parent)}},
        extra_arguments=[f"--IPKernelApp.exec_lines={json.dumps([setup])}"],
    )
    client.execute()
    coalesce_streams(nb)
    nbformat.write(nb, path)
    absent = set(image_names([path])) - {p.name for p in FIGURES.glob("*.png")}
    if absent:  # the kernel's set-up failed (its errors go to the kernel's log)
        sys.exit(f"{path.name}: no Chinese figure for {len(absent)} images")


def coalesce_streams(nb) -> None:
    """One output for each run of text a cell printed: the kernel sends stdout in
    pieces as it flushes, and where a slow line falls would change from run to run
    (and with it the messages of the Chinese catalogs)."""
    for cell in nb.cells:
        merged = []
        for out in cell.get("outputs", []):
            last = merged[-1] if merged else None
            if (
                last is not None
                and out.get("output_type") == "stream" == last.get("output_type")
                and out.get("name") == last.get("name")
            ):
                last["text"] += out["text"]
            else:
                merged.append(out)
        if "outputs" in cell:
            cell["outputs"] = merged


def explorer_words(paths: list[Path]) -> set[str]:
    """Words of the threshold explorers on these pages that figures.po lacks."""
    from pedagogy_metrics.book import translate

    words, missing = translate.read_catalog(CATALOG), set()
    for path in paths:
        for cell in nbformat.read(path, as_version=4).cells:
            for out in cell.get("outputs", []):
                html = out.get("data", {}).get("text/html", "")
                if translate.EXPLORER_CLASS in html:
                    translate.explorer_html(html, words, missing)
    return missing


def image_names(paths: list[Path]) -> dict[str, str]:
    """The MyST-NB file name (SHA-256 of the bytes) of every PNG the notebooks show,
    and the notebook that shows it."""
    import base64
    import hashlib

    names = {}
    for path in paths:
        for cell in nbformat.read(path, as_version=4).cells:
            for out in cell.get("outputs", []):
                data = out.get("data", {}).get("image/png")
                if data:
                    digest = hashlib.sha256(base64.b64decode(data)).hexdigest()
                    names[f"{digest}.png"] = path.name
    return names


def add_missing(missing: set[str]) -> None:
    catalog = po.load(CATALOG) if CATALOG.exists() else Catalog(locale="zh_CN")
    for text in sorted(missing):
        if text not in catalog:
            catalog.add(text)
    CATALOG.parent.mkdir(parents=True, exist_ok=True)
    po.save(CATALOG, catalog)


def main(args: list[str]) -> int:
    every = sorted(BOOK.glob("*.ipynb"))
    paths = [Path(a).resolve() for a in args] or every
    font = chinese_font()
    with tempfile.TemporaryDirectory() as tmp:
        missing_file = Path(tmp) / "missing.jsonl"
        missing_file.touch()
        for path in paths:
            print(f"running {path.relative_to(ROOT)}", flush=True)
            run(path, missing_file, font)
        missing = {json.loads(line) for line in missing_file.read_text().splitlines()}
    missing |= explorer_words(paths)
    if missing:
        add_missing(missing)
        print(
            f"{len(missing)} figure texts to translate in {CATALOG.relative_to(ROOT)}"
        )
    if paths == every:
        shown = image_names(every)
        for stale in FIGURES.glob("*.png"):
            if stale.name not in shown:
                stale.unlink()
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
