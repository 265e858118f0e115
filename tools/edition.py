"""Build the book's two editions: English, the source, and Chinese, from its catalogs.

    python tools/edition.py build [OUT]   (make book: OUT is the repository)
    python tools/edition.py catalogs      (make catalogs)
    python tools/edition.py pdf [OUT]     (make pdf)

``build`` writes OUT/_build/html/ (English) and OUT/_build/html/zh/ (Chinese); every
page links to the same page in the other edition (book/_ext/editions.py).
``pdf`` writes four printed books to OUT/_build/pdf/, English and Chinese, each as a
student edition (no solutions) and an instructor edition (every solution): Sphinx's
LaTeX builder on the stored outputs, as for the Chinese HTML, set up for print by
``book/_ext/print_edition.py``, then XeLaTeX (``latexmk``).
``catalogs`` extracts the messages of the English pages (Sphinx's gettext builder, on
the stored outputs) and merges them into ``book/locales/zh_CN/`` with ``sphinx-intl``:
a new or changed message comes in untranslated (or fuzzy), and `make test` fails until
it is translated.

The English build runs every notebook (``execute_notebooks: force`` in _config.yml), so
its pages show what the code computes now. The Chinese build reads the same notebooks
with the outputs stored in them, which `make test` (nbval) holds equal to what the code
computes, and does not run them a second time: its prose, captions and printed outputs
come from ``book/locales/zh_CN/``, its figures from ``book/figures/zh_CN/`` (drawn with
the words of ``figures.po`` by ``tools/figures_zh.py``). Its configuration is
_config.yml with the settings of ``CHINESE`` below, written to ``_build/``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any

import yaml

sys.path.insert(0, str(Path(__file__).parent))
import po

ROOT = Path(__file__).resolve().parents[1]
JUPYTER_BOOK = Path(sys.executable).with_name("jupyter-book")
FLAGS = ["-W", "-n", "--keep-going"]
CHINESE = {
    "title": "机器学习模型评估：一本可执行的教科书",
    "author": "pedagogy-metrics 作者",
    "language": "zh_CN",
    "folder": "zh",  # the edition's folder below the English one
}


def search_words() -> list[str]:
    """The glossary's Chinese names that are single words (no space, no Latin)."""
    names = set()
    for good, _ in po.glossary_names().values():
        names |= {n for n in good if re.fullmatch(r"[\u3400-\u9fff]+", n)}
    return sorted(names)


PRINTED = ("student", "instructor")  # the printed editions: without, with solutions
PDF_FOLDER = "pdf"  # below OUT/_build
LATEXMK = ["latexmk", "-xelatex", "-interaction=nonstopmode", "-halt-on-error"]


def pdf_name(language: str | None, edition: str) -> str:
    """The file name of a printed edition: ``pedagogy-metrics-en-student.pdf``."""
    short = CHINESE["folder"] if language else "en"
    return f"pedagogy-metrics-{short}-{edition}.pdf"


def stored_outputs_config(
    out: Path, language: str | None, edition: str | None = None
) -> Path:
    """_config.yml that reads the stored outputs, in ``language``, below ``out``;
    set up for the printed ``edition`` ("student" or "instructor") if one is given."""
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    config["execute"]["execute_notebooks"] = "off"
    sphinx = config["sphinx"]
    # Jupyter Book finds local extensions relative to the configuration file.
    sphinx["local_extensions"] = {
        name: str(ROOT / folder) for name, folder in sphinx["local_extensions"].items()
    }
    if language:
        config["title"] = CHINESE["title"]
        config["author"] = CHINESE["author"]
        sphinx["config"]["language"] = language
        # jieba cuts the search index's text into words; the glossary's Chinese
        # names are words too (召回率, not 召回 + 率), so that a reader finds them.
        words = out / "_build" / "config" / "jieba-terms.txt"
        words.parent.mkdir(parents=True, exist_ok=True)
        words.write_text("".join(f"{w} 100 n\n" for w in search_words()), "utf-8")
        sphinx["config"]["html_search_options"] = {"dict": str(words)}
    if edition:
        config["latex"] = {
            "latex_engine": "xelatex",
            "latex_documents": {"targetname": "book.tex"},
        }
        sphinx["config"]["pm_print_edition"] = edition
    name = language or ("en" if edition else "gettext")
    name += f".{edition}" if edition else ""
    path = out / "_build" / "config" / f"_config.{name}.yml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    return path


def build(out: Path = ROOT) -> int:
    """Build both editions into ``out``/_build/html; 0, or the failed build's code."""
    out = out.resolve()
    where = [] if out == ROOT else ["--path-output", str(out)]
    english = subprocess.run([JUPYTER_BOOK, "build", str(ROOT), *FLAGS, *where])
    if english.returncode:
        return english.returncode
    chinese_out = out / "_build" / CHINESE["language"]
    # Read afresh: Sphinx does not re-read a page whose catalog alone changed.
    shutil.rmtree(chinese_out / "_build", ignore_errors=True)
    config = stored_outputs_config(out, CHINESE["language"])
    where = ["--config", str(config), "--path-output", str(chinese_out)]
    chinese = subprocess.run([JUPYTER_BOOK, "build", str(ROOT), *FLAGS, *where])
    if chinese.returncode:
        return chinese.returncode
    target = out / "_build" / "html" / CHINESE["folder"]
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(chinese_out / "_build" / "html", target)
    print(f"Chinese edition: {target / 'index.html'}")
    return 0


STEP_SECONDS = 900  # Sphinx or latexmk takes one to two minutes; a hang stops here


def _step(command: list[Any], log: IO[str], cwd: Path | None = None) -> int:
    """Run one step of a printed build, its output into ``log``; its exit code."""
    try:
        done = subprocess.run(
            command, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, timeout=STEP_SECONDS
        )
    except subprocess.TimeoutExpired:
        log.write(f"\n{Path(command[0]).name} stopped after {STEP_SECONDS} s\n")
        return 124
    return done.returncode


def printed(out: Path, language: str | None, edition: str) -> tuple[str, int]:
    """Build one printed edition into OUT/_build/pdf/; (what happened, exit code)."""
    start = time.monotonic()
    folder = out / "_build" / "print" / pdf_name(language, edition).removesuffix(".pdf")
    shutil.rmtree(folder / "_build", ignore_errors=True)  # read every page afresh
    config = stored_outputs_config(out, language, edition)
    build = [JUPYTER_BOOK, "build", str(ROOT), *FLAGS, "--builder", "latex"]
    log = folder / "build.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "w", encoding="utf-8") as f:
        where = ["--config", str(config), "--path-output", str(folder)]
        code = _step([*build, *where], f)
        latex = folder / "_build" / "latex"
        if not code:
            code = _step([*LATEXMK, "book.tex"], f, cwd=latex)
    name = pdf_name(language, edition)
    if code:
        return f"{name}: failed, see {log}", code
    target = out / "_build" / PDF_FOLDER / name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(latex / "book.pdf", target)
    return f"{target} ({time.monotonic() - start:.0f} s)", 0


def pdf(out: Path = ROOT) -> int:
    """Build the four printed editions, two at a time; 0 or the first failed code."""
    out = out.resolve()
    jobs = [
        (language, ed) for language in (None, CHINESE["language"]) for ed in PRINTED
    ]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda job: printed(out, *job), jobs))
    for said, _ in results:
        print(said)
    return next((code for _, code in results if code), 0)


def catalogs() -> int:
    """Extract the English messages and merge them into the Chinese catalogs."""
    out = ROOT / "_build" / "gettext-build"
    shutil.rmtree(out / "_build", ignore_errors=True)  # read every page afresh
    config = stored_outputs_config(out, None)
    extract = [JUPYTER_BOOK, "build", str(ROOT), "--config", str(config)]
    extract += ["--builder", "custom", "--custom-builder", "gettext"]
    done = subprocess.run([*extract, "--path-output", str(out)])
    if done.returncode:
        return done.returncode
    merge = [Path(sys.executable).with_name("sphinx-intl"), "update"]
    merge += ["-p", str(out / "_build" / "gettext"), "-l", CHINESE["language"]]
    locales = ROOT / "book" / "locales"
    done = subprocess.run([*merge, "-d", str(locales)])
    for path in locales.rglob("*.po"):  # messages the pages no longer have: gone
        po.save(path, po.load(path))
    return done.returncode


if __name__ == "__main__":
    command, *rest = sys.argv[1:] or ["build"]
    if command == "catalogs":
        sys.exit(catalogs())
    if command == "pdf":
        sys.exit(pdf(Path(rest[0]) if rest else ROOT))
    sys.exit(build(Path(rest[0]) if rest else ROOT))
