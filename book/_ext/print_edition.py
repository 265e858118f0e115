"""The printed book: LaTeX for XeLaTeX, in both languages (make pdf; tools/edition.py).

A LaTeX build of the book (Sphinx's ``latex`` builder, with Jupyter Book's LaTeX
extension arranging parts, chapters and appendices) gets here what a printed book
needs and a web page does not:

* Sphinx's own ``manual`` class, as ``book/_latex/pmbook.cls``, instead of Jupyter
  Book's (which needs TeX Live's large font collection for one blackboard-bold
  package), on A4 paper;
* fonts that are in Debian's TeX Live and Noto packages and hold every character the
  book prints: TeX Gyre Pagella and its math font, DejaVu Sans Mono for code and output,
  and Noto Serif/Sans CJK SC for Chinese (``xeCJK``; ``ctex`` in the Chinese edition);
* code and output that wrap inside the margin, breaking a long word if they must;
  figures at 80 % (their words the body's size) and never taller than 60 % of the page;
  tables of many rows that break across pages; a code cell's output kept with its
  source, a short cell whole (the page breaks made in ``pmbook.cls``);
* a title page that names the edition, the contents, an introduction heading for the
  root page, lettered appendices, the bibliography in its appendix, no index;
* numbers as on the HTML pages: figures, tables, equations, definitions and exercises
  within their chapter, definitions named in the book's language;
* what the HTML folds (a function's source) printed, since paper cannot unfold it;
* the student edition without solutions: they are removed once Sphinx Exercise has
  joined each gated solution (``solution-start`` to ``solution-end``, with its code
  cells) into one node. Its own ``hide_solutions`` would not do: in version 1.2.1 it
  drops a gated solution's start and leaves its cells and its end behind. In the
  instructor edition a solution opens with a rule and its title, not a box that cannot
  break inside its code.

The configuration value ``pm_print_edition`` ("student" or "instructor") says which
edition is built; ``tools/edition.py`` sets it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx_exercise.nodes import (
    depart_exercise_enumerable_node,
    exercise_enumerable_node,
    solution_node,
    visit_exercise_enumerable_node,
    visit_solution_node,
)
from sphinx_proof import nodes as proof

CLASS = Path(__file__).resolve().parents[1] / "_latex" / "pmbook.cls"
EDITION_NAMES = {  # (language, edition) -> the title page's name and note for it
    ("en", "student"): ("Student edition", "The exercises, without their solutions"),
    ("en", "instructor"): ("Instructor edition", "With the solution of every exercise"),
    ("zh_CN", "student"): ("学生版", "含全部习题，不含解答"),
    ("zh_CN", "instructor"): ("教师版", "含全部习题及其解答"),
}
FONTS = r"""
\setmainfont{TeX Gyre Pagella}
\setsansfont{TeX Gyre Heros}[Scale=MatchLowercase]
\setmonofont{DejaVu Sans Mono}[Scale=MatchLowercase]
"""
# Chinese glyphs in both editions (the English one gives every term's Chinese name and
# quotes the notes): xeCJK, loaded by ctex for the Chinese edition's headings.
CJK = {
    # xeCJK takes curly quotes, dashes and the ellipsis for Chinese punctuation (full
    # width, from the Chinese font): in the English edition they are the text font's.
    "en": r"\usepackage{xeCJK}"
    r'\xeCJKDeclareCharClass{Default}{"2018,"2019,"201C,"201D,"2014,"2026,"00B7}',
    "zh_CN": r"\usepackage[UTF8,heading=true,fontset=none]{ctex}"
    r"\ctexset{chapter/number=\arabic{chapter}}"  # 第 1 章, as the text refers to it
    r"\renewcommand{\pmcaptionsep}{：}",  # 图 1.1：... (pmbook.cls)
}
FRONT = {  # (language) -> the table of contents' name and the introduction's heading
    "en": ("Contents", "Introduction"),
    "zh_CN": ("目录", "引言"),
}
CJK_FONTS = r"""
\setCJKmainfont{Noto Serif CJK SC}[BoldFont={Noto Serif CJK SC Bold}]
\setCJKsansfont{Noto Sans CJK SC}[BoldFont={Noto Sans CJK SC Bold}]
\setCJKmonofont{Noto Sans Mono CJK SC}
"""
# Superscript and subscript characters the text fonts lack (10⁻⁴, xᵢ): drawn raised
# or lowered from the font's own digits and letters.
SCRIPTS = {
    "superscript": "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁱⁿ",
    "superscript_plain": "0123456789+-=()in",
    "subscript": "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼ",
    "subscript_plain": "0123456789+-=()aeoxhklmnpstij",
}
PREAMBLE = r"""
\usepackage{unicode-math}
\setmathfont{TeX Gyre Pagella Math}
\hypersetup{pdfencoding=auto, psdextra}
% Figures, tables and equations are numbered within their chapter, as on the HTML
% pages (4.1, 4.2, ...; A.1 in appendix A). After sphinx.sty's own numbering, which
% the book's parts would otherwise leave running through the whole book.
\AtBeginDocument{%
  \counterwithin{figure}{chapter}%
  \counterwithin{table}{chapter}%
  \counterwithin{equation}{chapter}}
\usepackage{newunicodechar}
\usepackage{etoolbox}
% The figures are drawn at 100 dpi with 13 pt text: at 80 % their words are the size of
% the body's.
\setkeys{Gin}{scale=0.8}
% The bibliography is the body of its appendix (References), not a chapter of its own.
\makeatletter
\patchcmd{\thebibliography}{\chapter*{\bibname}\@mkboth{\MakeUppercase\bibname}%
  {\MakeUppercase\bibname}}{}{}{}
\renewenvironment{sphinxthebibliography}[1]{\begin{thebibliography}{#1}}%
  {\end{thebibliography}}
\makeatother
% Inline code may break after { } _ ^ too, as after \ . , ; ? ! / (Sphinx's): the
% notes' formulas quoted in the tables of appendix A are long words of LaTeX.
\makeatletter
\let\pm@breaksviaactive\sphinxbreaksviaactive
\def\sphinxbreaksviaactive{\pm@breaksviaactive
  \def\{{\discretionary{\char`\{}{}{\char`\{}}%
  \def\}{\discretionary{\char`\}}{}{\char`\}}}%
  \def\_{\discretionary{\char`\_}{}{\char`\_}}%
  \def\textasciicircum{\discretionary{\char`\^}{}{\char`\^}}}
\makeatother
% A figure leaves room for its caption on the page (else it ran into the footer).
\makeatletter
\AtBeginDocument{\spx@image@maxheight=0.6\textheight}
\makeatother
% Table cells ragged right, not justified (a narrow justified column is mostly gaps).
\makeatletter
\newcolumntype{T}{L}
\newcolumntype{\X}[2]{>{\raggedright\arraybackslash}p{\dimexpr
  (\linewidth-\spx@arrayrulewidth)*#1/#2-\tw@\tabcolsep-\spx@arrayrulewidth\relax}}
\makeatother
% No table column narrower than this (tabulary squeezes a short column to a sliver).
\setlength{\tymin}{48pt}
"""


# The title page: the book's title, the edition, its authors and year.
TITLE_PAGE = r"""
\makeatletter
\begin{titlepage}
  \hypersetup{pdfauthor={\@author}, pdftitle={\@title}}
  \centering
  \vspace*{5cm}
  {\sffamily\bfseries\Huge \@title\par}
  \vspace{1.5cm}
  {\Large \pmedition\par}
  \vspace{0.4cm}
  {\large\itshape \pmeditionnote\par}
  \vfill
  {\large \@author\par}
  \vspace{0.5cm}
  {\large \pmyear\par}
\end{titlepage}
\makeatother
"""
APPENDIX = re.compile(r"^(Appendix|附录)\s*([A-Z])\s*[:：]\s*")


def _scripts() -> str:
    """newunicodechar lines for the superscript and subscript characters."""
    lines = []
    for kind in ("superscript", "subscript"):
        for char, plain in zip(SCRIPTS[kind], SCRIPTS[f"{kind}_plain"]):
            command = (
                r"\textsuperscript" if kind == "superscript" else r"\textsubscript"
            )
            lines.append(rf"\newunicodechar{{{char}}}{{{command}{{{plain}}}}}")
    return "\n".join(lines) + "\n"


# sphinxsetup: code and output wrap at the margin, a long word breaks where it must
WRAP = (
    "verbatimwrapslines=true, verbatimforcewraps=true, verbatimmaxoverfull=0, "
    "verbatimmaxunderfull=0, verbatimhintsturnover=false, "
    "TitleColor={rgb}{0,0,0}, InnerLinkColor={rgb}{0.0,0.27,0.53}, "
    "OuterLinkColor={rgb}{0.0,0.27,0.53}"
)


def _print_settings(app: Sphinx, config: Config) -> None:
    """After Jupyter Book's LaTeX extension: our class, fonts and title page.

    Only for a printed edition (``pm_print_edition`` set): the HTML builds and the
    catalogs' extraction are left as they are.
    """
    edition = config.pm_print_edition
    if not edition:
        return
    chinese = (config.language or "en").startswith("zh")
    language = "zh_CN" if chinese else "en"
    config.latex_theme = "pmbook"
    config.latex_additional_files = [str(CLASS)]
    config.latex_engine = "xelatex"
    config.latex_use_xindy = False
    config.latex_domain_indices = False
    config.release = ""  # the running head carries the title alone
    name, note = EDITION_NAMES.get((language, edition), ("", ""))
    config.latex_elements = {
        "papersize": "a4paper",
        "pointsize": "10pt",
        "releasename": "",
        "fncychap": "" if chinese else r"\usepackage[Sonny]{fncychap}",
        "fontpkg": FONTS,
        "babel": "",
        "polyglossia": ""
        if chinese
        else r"\usepackage{polyglossia}"
        r"\setmainlanguage{english}",
        "fontenc": CJK[language] + CJK_FONTS,
        # xeCJK would add space around Chinese characters in code and output
        "fvset": r"\fvset{fontsize=\small,formatcom=\xeCJKVerbAddon}",
        "preamble": PREAMBLE
        + _scripts()
        + rf"\newcommand{{\pmedition}}{{{name}}}"
        + rf"\newcommand{{\pmeditionnote}}{{{note}}}"
        + rf"\newcommand{{\pmyear}}{{{config.copyright}}}",
        "maketitle": TITLE_PAGE,
        # the contents under their own name (Sphinx names them after the first part),
        # then the introduction (the root page, whose title the book's title replaces)
        "tableofcontents": rf"\renewcommand{{\contentsname}}{{{FRONT[language][0]}}}"
        r"\sphinxtableofcontents"
        + rf"\chapter*{{{FRONT[language][1]}}}"
        + rf"\addcontentsline{{toc}}{{chapter}}{{{FRONT[language][1]}}}"
        + rf"\markboth{{{FRONT[language][1]}}}{{{FRONT[language][1]}}}",
        "sphinxsetup": WRAP,
        "makeindex": "",
        "printindex": "",
        "geometry": r"\usepackage[a4paper,margin=2.2cm,bottom=2.6cm]{geometry}",
        "figure_align": "htbp",
    }


def _chapter_numbering(app: Sphinx) -> None:
    """Number figures, exercises and definitions within chapters, as the HTML does.

    Jupyter Book's LaTeX extension counts them within sections when the book has
    parts (Exercise 1.9.1); the numbers printed in titles come from here, the ones
    LaTeX computes from the preamble's ``\\counterwithin``.
    """
    if app.config.pm_print_edition:
        app.config.numfig_secnum_depth = 1


def _visit_exercise(self: Any, node: Any) -> None:
    """sphinx-exercise's LaTeX, plus the label that Sphinx's own references use.

    sphinx-exercise labels an exercise ``exercise:<label>`` only, so a ``{numref}``
    from another chapter (the intro's course plan) printed "Exercise ??". The label
    carries the exercise's number, which LaTeX would otherwise take from the section.
    """
    env = self.builder.env
    docname = env.sphinx_exercise_registry[node["label"]]["docname"]
    numbers = env.toc_fignumbers.get(docname, {}).get("exercise", {})
    if node["ids"] and node["ids"][0] in numbers:
        number = ".".join(map(str, numbers[node["ids"][0]]))
        label = self.idescape(f"{docname}:{node['label']}")
        self.body.append(
            r"{\phantomsection\expandafter\def\csname @currentlabel\endcsname"
            rf"{{{number}}}\label{{{label}}}}}"
        )
    visit_exercise_enumerable_node(self, node)


def _proof_title_translated(self: Any, node: Any) -> None:
    """The title sphinx-proof writes into a box ("Definition 2.1"), in the book's
    language: its HTML translates the word, its LaTeX does not."""
    word = node.attributes.get("realtype", "").title()
    index = proof.list_rindex(self.body, proof.latex_admonition_start) + 2
    self.body[index] = self.body[index].replace(word, proof._(word), 1)


def _visit_proof(self: Any, node: Any) -> None:
    """sphinx-proof's box, numbered or not, labelled in the chapter being written
    (``curfilestack``). sphinx-proof finds the chapter by comparing its title with a
    section's name, which never matched a title with an apostrophe: chapter 3's boxes
    ("Cohen's kappa") came out unnumbered, "Definition  (Balanced accuracy)"."""
    self.body.append(rf"\label{{{self.curfilestack[-1]}:{node['label']}}}")
    self.body.append(proof.latex_admonition_start)


def _depart_proof(self: Any, node: Any) -> None:
    """The box's title: its kind in the book's language and its number, "Definition 3.1"
    (sphinx-proof's LaTeX leaves the word in English)."""
    numbers = self.builder.env.toc_fignumbers.get(self.curfilestack[-1], {})
    number = numbers.get(node["countertype"], {}).get(node["ids"][0], ())
    title = f"{proof._(node['realtype'].title())} {'.'.join(map(str, number))}"
    self.body.insert(
        proof.list_rindex(self.body, proof.latex_admonition_start) + 2, title
    )
    self.body.append(proof.latex_admonition_end)


def _depart_unnumbered_proof(self: Any, node: Any) -> None:
    proof.depart_unenumerable_node(self, node)
    _proof_title_translated(self, node)


class ProofsUnboxed(SphinxPostTransform):
    """A proof printed as a proof: its paragraphs in the text (they open with "Proof."),
    ended by a square, not in a box with an empty title bar. The dropdown that folds a
    proof on the web page leaves a heading "Proof" on paper, which goes too."""

    default_priority = 390
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for node in list(self.document.findall(proof.proof_node)):
            box = node.next_node(nodes.admonition)
            if box is None:
                continue
            paragraphs = list(box.children)
            if paragraphs and isinstance(paragraphs[-1], nodes.paragraph):
                paragraphs[-1] += nodes.raw(
                    "", r"\hfill\ensuremath{\square}", format="latex"
                )
            node.replace_self(paragraphs)
            parent = paragraphs[0].parent if paragraphs else None
            if parent is None:
                continue
            index = parent.index(paragraphs[0])
            before = parent[index - 1] if index else None
            if isinstance(before, nodes.rubric) and before.astext() in (
                "Proof",
                proof._("Proof"),
            ):
                parent.remove(before)


def _visit_solution(self: Any, node: Any) -> None:
    """A solution on paper: a rule and its title (``pmsolution`` in the class), not
    sphinx-exercise's framed box, which cannot break inside its code."""
    visit_solution_node(self, node)
    box = r"\begin{sphinxadmonition}{note}"
    self.body[-1] = self.body[-1].replace(box, r"\begin{pmsolution}")


def _depart_solution(self: Any, node: Any) -> None:
    self.body.append("\\end{pmsolution}\n")


class FoldedOutputs(SphinxPostTransform):
    """What a page folds away (a cell's ``hide-output``: a function's source shown by
    ``show_source``) is printed: paper cannot unfold it."""

    default_priority = 390  # before Jupyter Book's LaTeX extension hides it (400)
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for node in self.document.findall(nodes.container):
            if "tag_hide-output" in node["classes"]:
                node["classes"].remove("tag_hide-output")


def _in_text_flow(node: nodes.Node, *more: type[nodes.Node]) -> bool:
    """Whether ``node`` sits in the page's flow (sections, cells' output, and ``more``),
    where a ``longtable`` may go, and not in a box, a list, a footnote or another
    table."""
    from sphinx import addnodes

    flow = (nodes.section, nodes.container, nodes.compound, addnodes.start_of_file)
    flow += more
    parent = node.parent
    while parent is not None and not isinstance(parent, nodes.document):
        if not isinstance(parent, flow):
            return False
        parent = parent.parent
    return True


# On paper (pmbook.cls, 10 pt text): a line of code or output is 11 pt high and holds
# about 97 characters of DejaVu Sans Mono at 9 pt; each block adds 19 pt of padding and
# space; a table row takes about 14 pt, a table's caption and rules 36 pt.
LINE_PT, CHARACTERS, BLOCK_PT, ROW_PT, TABLE_PT = 11, 97, 19, 14, 36


class LongTables(SphinxPostTransform):
    """A table in the text with many rows may break across pages (``longtable``):
    a plain table cannot, and a tall one ran off the bottom of its page. Its columns
    get widths in proportion to their longest cell (from 8 to 60 characters, and
    never narrower than their longest word), where a long table would otherwise set
    each column on one line."""

    default_priority = 390
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for table in list(self.document.findall(nodes.table)):
            rows = list(table.findall(nodes.row))
            if not _in_text_flow(table) or len(rows) < 6:
                continue
            columns = list(table.findall(nodes.colspec))
            longest = [8] * len(columns)
            for row in rows:
                for k, cell in enumerate(row.children[: len(columns)]):
                    text = cell.astext()
                    words = re.split(r"[ \t\n]+", text)  # a no-break space joins
                    word = max(len(w) for w in words) + 4
                    longest[k] = max(longest[k], min(60, len(text)), word)
            for colspec, width in zip(columns, longest):
                # about 5 pt a character, and the column's 12 pt of padding
                colspec["colwidth"] = 5 * width + 12
            table["classes"] += ["longtable", "colwidths-given"]
            # not a caption and a row or two at a page's foot: room for the whole
            # table, or for a dozen rows of a longer one, or the next page
            room = min(ROW_PT * len(rows) + TABLE_PT, 200)
            need = nodes.raw("", rf"\Needspace{{{room}pt}}", format="latex")
            table.parent.insert(table.parent.index(table), need)


def _height(part: nodes.Element) -> int:
    """About how high a cell's source or output is on paper, in points: its lines of
    code (a long one wraps) and table rows, and each block's padding."""
    blocks = list(part.findall(nodes.literal_block))
    lines = sum(
        max(1, -(-len(line) // CHARACTERS))
        for block in blocks
        for line in block.astext().splitlines()
    )
    rows = len(list(part.findall(nodes.row)))
    tables = len(list(part.findall(nodes.table)))
    return LINE_PT * lines + BLOCK_PT * len(blocks) + ROW_PT * rows + TABLE_PT * tables


class CellsTogether(SphinxPostTransform):
    """A code cell's output is not parted from its source: an output does not open a
    page while all its source is on the one before. framed.sty, which draws both,
    starts a new page for a box with less than two lines of room, so a short output
    after a source ending near the foot of a page went alone to the next.

    Before each cell with a source and an output goes ``\\pmcell{low}{high}`` (in the
    class, heights in points): the cell starts the next page if the room left is more
    than ``low`` and less than ``high``. That is, if its source would fit but not the
    first lines of its output; a short cell (up to 120 pt, about 8 lines) is kept whole.
    If the source itself breaks, its output follows its last lines. A cell whose source
    is a third of a page or more is never moved: the page it leaves would be too empty.
    """

    default_priority = 450  # after Jupyter Book's LaTeX extension hides inputs (400)
    builders = ("latex",)
    short, longest = 120, 230

    def run(self, **kwargs: object) -> None:
        for cell in list(self.document.findall(nodes.container)):
            if "cell" not in cell["classes"] or not _in_text_flow(cell, solution_node):
                continue
            parts = [c for c in cell.children if isinstance(c, nodes.container)]
            heights = [_height(part) for part in parts]
            if len(parts) < 2 or not all(heights) or heights[0] >= self.longest:
                continue
            source, output = heights[0], sum(heights[1:])
            if source + output <= self.short:
                low, high = 0, source + output
            else:
                low, high = (
                    source - 2 * LINE_PT,
                    source + min(output, 3 * LINE_PT + BLOCK_PT),
                )
            keep = rf"\pmcell{{{low}}}{{{high}}}"
            cell.parent.insert(
                cell.parent.index(cell), nodes.raw("", keep, format="latex")
            )


class Appendices(SphinxPostTransform):
    """The appendices lettered by LaTeX: "Appendix A: Glossary" becomes chapter A,
    "Glossary", after ``\\appendix``, so that its tables are A.1, A.2, ..."""

    default_priority = 900
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        first = True
        for title in list(self.document.findall(nodes.title)):
            section = title.parent
            if not isinstance(section, nodes.section) or not title.children:
                continue
            text = title[0]
            if not isinstance(text, nodes.Text) or not APPENDIX.match(text):
                continue
            title.replace(text, nodes.Text(APPENDIX.sub("", text)))
            if first:
                index = section.parent.index(section)
                section.parent.insert(
                    index, nodes.raw("", r"\appendix", format="latex")
                )
                first = False


class BibliographyInItsAppendix(SphinxPostTransform):
    """The list of references where the book puts it (appendix E), not at the end.

    Sphinx gathers every citation into one list at the end of a LaTeX document; that
    would leave the appendix that holds the ``{bibliography}`` directive empty.
    """

    default_priority = 800  # after Sphinx's BibliographyTransform (750)
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        from sphinx import addnodes
        from sphinx.builders.latex.nodes import thebibliography

        where = {key.docname for key in self.env.get_domain("cite").bibliographies}
        listing = next(iter(self.document.findall(thebibliography)), None)
        for start in self.document.findall(addnodes.start_of_file):
            if listing is not None and start["docname"] in where:
                section = next(iter(start.findall(nodes.section)))
                listing.parent.remove(listing)
                section.append(listing)
                return


class StudentEdition(SphinxTransform):
    """The student edition: every solution removed, gated ones whole."""

    default_priority = 11  # after sphinx-exercise's MergeGatedSolutions (10)

    def apply(self, **kwargs: object) -> None:
        if self.config.pm_print_edition == "student":
            for node in list(self.document.findall(solution_node)):
                node.parent.remove(node)


def setup(app: Sphinx) -> dict[str, object]:
    app.add_config_value("pm_print_edition", "", "env", [str])
    # after sphinx_jupyterbook_latex's own settings (priority 500)
    app.connect("config-inited", _print_settings, priority=900)
    app.connect("builder-inited", _chapter_numbering, priority=900)
    app.add_transform(StudentEdition)
    app.add_post_transform(Appendices)
    app.add_post_transform(BibliographyInItsAppendix)
    app.add_post_transform(FoldedOutputs)
    app.add_post_transform(LongTables)
    app.add_post_transform(CellsTogether)
    app.add_node(
        solution_node, override=True, latex=(_visit_solution, _depart_solution)
    )
    for node in proof.NODE_TYPES.values():
        app.add_node(node, override=True, latex=(_visit_proof, _depart_proof))
    app.add_node(
        proof.unenumerable_node,
        override=True,
        latex=(_visit_proof, _depart_unnumbered_proof),
    )
    app.add_post_transform(ProofsUnboxed)
    app.add_node(
        exercise_enumerable_node,
        override=True,
        latex=(_visit_exercise, depart_exercise_enumerable_node),
    )
    return {"parallel_read_safe": True, "parallel_write_safe": True}
