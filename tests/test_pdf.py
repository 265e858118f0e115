"""The printed book: four PDFs (English and Chinese, student and instructor editions),
built as `make pdf` builds them (tools/edition.py), and checked as a reader would.

* every chapter's title is in each PDF's text, and no unresolved reference ("??");
* every font is embedded;
* no line of code or output runs past the text block (XeLaTeX's overfull boxes), nor
  one of prose or a table cell;
* no page ends on a box's title, and none holds a single line (a paragraph's last, or
  a code cell's output parted from its source);
* the student editions hold no solution, the instructor editions every one;
* a few pages of each are stored as images under _build/pdf/pages/ to be looked at: the
  opening of chapter 1, its page of definitions and equations, its first figure.

The build needs XeLaTeX, latexmk, the Noto CJK fonts and poppler's tools, which `make
test` installs when it runs as root (Makefile: ``tex``); without them the test says
what is missing and is skipped, as the browser check is.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "book" / "_ext"))
import edition
import po
from print_edition import APPENDIX

NEEDED = ("xelatex", "latexmk", "pdftotext", "pdffonts", "pdftoppm")
PAGES = ROOT / "_build" / "pdf" / "pages"
LANGUAGES = (None, edition.CHINESE["language"])
EDITIONS = [(lang, ed) for lang in LANGUAGES for ed in edition.PRINTED]
CODE = ("sphinxVerbatim", "sphinxVerbatimInput", "sphinxVerbatimOutput", "sphinxalltt")
LIMIT_PT = 3.0  # an overfull box this wide or less is not seen on paper
# A solution's title, as sphinx-exercise writes it in each language
SOLUTION_TITLE = {
    None: r"Solution to Exercise\s*\d+\.\d+",
    "zh_CN": r"解答练习\s*\d+\.\d+",
}


def _missing() -> list[str]:
    missing = [tool for tool in NEEDED if not shutil.which(tool)]
    fonts = subprocess.run(["fc-list"], capture_output=True, text=True).stdout
    if "Noto Serif CJK SC" not in fonts:
        missing.append("fonts-noto-cjk")
    return missing


@pytest.fixture(scope="module")
def printed():
    """The four PDFs in _build/pdf/, built afresh: {(language, edition): path}."""
    if missing := _missing():
        why = f"the printed book needs {', '.join(missing)} (make tex installs them)"
        if os.environ.get("CI"):
            pytest.fail(why + ": the PDF check must run in CI")
        pytest.skip(why)
    code = edition.pdf(ROOT)
    if code:  # the end of each failed build's log, where XeLaTeX or Sphinx says why
        logs = sorted((ROOT / "_build" / "print").glob("*/build.log"))
        tails = [f"{log}:\n" + "\n".join(_lines(log)[-25:]) for log in logs]
        pytest.fail("make pdf failed\n" + "\n\n".join(tails))
    folder = ROOT / "_build" / edition.PDF_FOLDER
    return {job: folder / edition.pdf_name(*job) for job in EDITIONS}


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8", errors="replace").splitlines()


def _text(path: Path, *options: str) -> str:
    """The PDF's text (pdftotext), one page after another, split by form feeds."""
    done = subprocess.run(
        ["pdftotext", *options, "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def _squeeze(text: str) -> str:
    """Without white space or the hyphens a line break adds: titles as printed."""
    text = text.replace("\u2011", "-").replace("\u2019", "'").replace("\u2018", "'")
    return re.sub(r"\s+", "", text)


def chapter_titles(language: str | None) -> list[str]:
    """Every chapter's title (the first heading of each file in _toc.yml), in the
    edition's language, without the "Appendix A:" that the PDF prints as a letter."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [c["file"] for part in toc["parts"] for c in part["chapters"]]
    titles = []
    for name in files:
        path = next(ROOT.glob(f"{name}.*"))
        title = _first_heading(path)
        if language:
            catalog = ROOT / "book" / "locales" / language / "LC_MESSAGES" / name
            words = {m.id: m.string for m in po.load(catalog.with_suffix(".po"))}
            title = words.get(title, title)
        titles.append(APPENDIX.sub("", title))
    return titles


def _first_heading(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        import nbformat

        cells = nbformat.reads(text, as_version=4).cells
        text = "\n".join(c.source for c in cells if c.cell_type == "markdown")
    return re.search(r"^# (.+)$", text, re.M).group(1).strip()


@pytest.mark.slow
@pytest.mark.parametrize("job", EDITIONS, ids=lambda j: edition.pdf_name(*j))
def test_every_chapter_and_no_unresolved_reference(printed, job):
    text = _text(printed[job])
    squeezed = _squeeze(text)
    missing = [t for t in chapter_titles(job[0]) if _squeeze(t) not in squeezed]
    assert not missing, f"chapter titles not in {printed[job].name}: {missing}"
    unresolved = [line for line in text.splitlines() if "??" in line]
    assert not unresolved, unresolved[:10]


@pytest.mark.slow
@pytest.mark.parametrize("job", EDITIONS, ids=lambda j: edition.pdf_name(*j))
def test_fonts_embedded(printed, job):
    done = subprocess.run(
        ["pdffonts", str(printed[job])], capture_output=True, text=True, check=True
    )
    rows = done.stdout.splitlines()[2:]  # after the header and its rule
    assert rows, done.stdout
    # columns: name type encoding emb sub uni object ID; "emb" is the 4th from the end
    not_embedded = [row for row in rows if row.split()[-5] != "yes"]
    assert not not_embedded, "\n".join(not_embedded)


def overfull_boxes(latex: Path) -> list[tuple[float, str, str]]:
    """XeLaTeX's overfull boxes: (points too wide, enclosing environment, source)."""
    log = (latex / "book.log").read_text(encoding="utf-8", errors="replace")
    tex = (latex / "book.tex").read_text(encoding="utf-8").splitlines()
    found = []
    pattern = r"Overfull \\hbox \(([\d.]+)pt too wide\) .*?lines? (\d+)"
    for match in re.finditer(pattern, log):
        line = int(match.group(2))
        environment = ""
        depth = 0
        for source in reversed(tex[:line]):  # the innermost open environment
            ends = re.findall(r"\\end\{(\w+)\}", source)
            begins = re.findall(r"\\begin\{(\w+)\}", source)
            depth += len(ends) - len(begins)
            if depth < 0 and begins:
                environment = begins[0]
                break
        found.append((float(match.group(1)), environment, tex[line - 1][:100]))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("job", EDITIONS, ids=lambda j: edition.pdf_name(*j))
def test_nothing_runs_past_the_margin(printed, job):
    """No line of code or output, and none of prose or a table cell either."""
    name = edition.pdf_name(*job).removesuffix(".pdf")
    latex = ROOT / "_build" / "print" / name / "_build" / "latex"
    boxes = overfull_boxes(latex)
    code = [box for box in boxes if box[0] > LIMIT_PT and box[1] in CODE]
    assert not code, code[:10]
    wide = [box for box in boxes if box[0] > LIMIT_PT]
    assert not wide, wide[:10]


# A box's title as printed: "Definition 12.1 (Cumulative gain and DCG)", "Exercise 3.4",
# "Erratum"; in Chinese "定义 13.4（百分位自助法区间）", "练习 3.4", "勘误".
BOX_TITLE = re.compile(
    r"^(Definition|Theorem|Example|Exercise|Solution to Exercise"
    r"|定义|定理|例|练习|解答练习)"
    r"\s*[A-Z\d]+\.\d+\s*([(（].*)?$|^(Erratum|勘误)$"
)


def body_lines(path: Path) -> list[list[str]]:
    """Each page's lines of text, without its running head and its foot (the line with
    the page number): pdftotext's layout, one list per page."""
    pages = [
        [line.strip() for line in page.splitlines() if line.strip()]
        for page in _text(path, "-layout").split("\f")
    ]
    firsts = Counter(page[0] for page in pages if page)
    head = firsts.most_common(1)[0][0]  # the book's title, atop most pages
    bodies = []
    for page in pages:
        if page and page[0] == head:
            page = page[1:]
        if page and re.search(r"^\d+\s|\s\d+$|^\d+$", page[-1]):
            page = page[:-1]
        bodies.append(page)
    return bodies


@pytest.mark.slow
@pytest.mark.parametrize("job", EDITIONS, ids=lambda j: edition.pdf_name(*j))
def test_no_title_or_line_left_alone(printed, job):
    """No page ends on a box's title (its body on the next page), and no page holds a
    single line: a paragraph's last line, or a code cell's output parted from its
    source."""
    pages = body_lines(printed[job])
    titles = [
        (n, p[-1]) for n, p in enumerate(pages, 1) if p and BOX_TITLE.match(p[-1])
    ]
    assert not titles, f"a box's title at the foot of a page: {titles[:10]}"
    alone = [(n, p[0]) for n, p in enumerate(pages, 1) if len(p) == 1]
    assert not alone, f"pages with a single line: {alone[:10]}"


def solutions_in_sources() -> int:
    """How many solutions the chapters hold (``{solution}`` and gated ones)."""
    pattern = re.compile(r"\{solution(-start)?\}")
    return sum(
        len(pattern.findall(p.read_text(encoding="utf-8")))
        for p in (ROOT / "book").glob("*.ipynb")
    )


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES, ids=["en", "zh"])
def test_solutions_only_in_the_instructor_edition(printed, language):
    student = _text(printed[(language, "student")])
    instructor = _text(printed[(language, "instructor")])
    pattern = re.compile(SOLUTION_TITLE[language])
    wanted = solutions_in_sources()
    assert wanted > 50
    assert len(pattern.findall(instructor)) == wanted
    assert not pattern.findall(student)
    # and nothing of a solution's body: a gated solution's code cells included
    assert len(student) < len(instructor) * 0.97


def _page_with(text: str, pattern: str, after: int = 0) -> int:
    """The number of the first page (from 1) after page ``after`` that matches and is
    not a page of the table of contents (dot leaders)."""
    pages = text.split("\f")
    for number, page in enumerate(pages[after:], start=after + 1):
        if re.search(pattern, _squeeze(page)) and ". . . . ." not in page:
            return number
    raise AssertionError(f"no page matches {pattern!r}")


@pytest.mark.slow
@pytest.mark.parametrize("job", EDITIONS, ids=lambda j: edition.pdf_name(*j))
def test_page_images_to_look_at(printed, job):
    """The opening of chapter 1, its definitions (equations) and first figure."""
    path = printed[job]
    text = _text(path)
    opening = _page_with(text, re.escape(_squeeze(chapter_titles(job[0])[0])))
    shown = {
        "chapter-opening": opening,
        "equations": _page_with(text, r"(Definition|定义)1\.2", opening),
        "figure": _page_with(text, r"(Fig\.|图)1\.1[:：]", opening),
    }
    PAGES.mkdir(parents=True, exist_ok=True)
    for what, number in shown.items():
        stem = PAGES / f"{path.stem}-{what}"
        subprocess.run(
            [
                "pdftoppm",
                "-r",
                "80",
                "-png",
                "-singlefile",
                "-f",
                str(number),
                "-l",
                str(number),
                str(path),
                str(stem),
            ],
            check=True,
        )
        assert stem.with_suffix(".png").stat().st_size > 10_000
