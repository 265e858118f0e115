"""The book's two editions: English, the source, and Chinese, from gettext catalogs.

The Chinese edition is the same Sphinx project built with ``language = "zh_CN"``
(``make book`` writes its configuration with ``tools/edition.py``); the translations
live in ``book/locales/zh_CN/LC_MESSAGES/book/<page>.po``, maintained with
``sphinx-intl`` (CONTRIBUTING.md). This extension decides what is a message and
links every page to the same page in the other language:

* The API reference (autodoc's text from the package's docstrings) stays in English,
  as its Chinese page says: code documentation is read beside the code.
* Text without a letter (a table cell "0.750", a row of numbers) and display
  equations without words are not messages: they are the same in both languages.
* What a code cell prints (a stream or a plain-text result) is a message when it
  holds a word, so that printed tables and labels read in Chinese; a printed
  function (``show_source``) is code and stays as it is. Sphinx's own translation
  of literal blocks (and display equations) reparses the message as
  reStructuredText, which would not do for a MyST page, so these are looked up
  here, after the prose.
* The threshold explorer (raw HTML holding a Bokeh document) takes the words a reader
  sees (titles, axis labels, its readout) from ``figures.po``, the catalog of the
  words inside figures (``pedagogy_metrics.book.translate``).
* Every page gets ``pm_other_language`` (label and relative address of the same
  page in the other edition) for the header's language link.

And it mends what Sphinx, MyST and Jupyter Book do to a translated MyST book: cells of
a table written inside a directive get a source (else they are not extracted), the
sidebar's part captions and the buttons of collapsed cells are translated, the
glossary keeps the English order its A-Z index links, and translated nodes forget
the scratch documents they were parsed in (which carried the build environment).
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx import addnodes
from sphinx.locale import init as init_locale
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.i18n import docname_to_domain

logger = logging.getLogger(__name__)

WORD = re.compile(r"[A-Za-z]{2,}")
LETTER = re.compile(r"[^\W\d_]")
SOURCE_LISTING = re.compile(r"(@|(async\s+)?def\s|class\s)")
MATH_WORDS = re.compile(r"\\(text|textrm|mbox)\{[^}]*[A-Za-z]{2}")
OUTPUT_CLASSES = {"stream", "text_plain"}
EDITIONS = {  # language -> (link label, folder of that edition below the English one)
    "en": ("English", ""),
    "zh_CN": ("中文", "zh/"),
}


def is_printed_message(node: nodes.Node) -> bool:
    """A plain-text output of a code cell that holds a word and is not source code,
    or a display equation with words (``\\text{...}``)."""
    if isinstance(node, nodes.math_block):
        return bool(node.get("pm_words"))
    if not isinstance(node, nodes.literal_block):
        return False
    classes = set(node.get("classes", []))
    if "output" not in classes or not classes & OUTPUT_CLASSES:
        return False
    text = node.astext()
    return bool(WORD.search(text)) and not SOURCE_LISTING.match(text)


def figure_catalog(srcdir, language: str):
    """The catalog of the words inside figures (and the explorer)."""
    return srcdir / "book" / "locales" / language / "LC_MESSAGES" / "figures.po"


def is_docstring(node: nodes.Node) -> bool:
    """Text that autodoc took from the package (its source is a docstring)."""
    source = node.source or ""
    return "docstring of" in source or source.endswith(".py")


LISTING_GOES_ON = re.compile(r"(\)|(async\s+)?def\s|class\s|@|#)")


def split_listing(text: str) -> tuple[str, str]:
    """A printed function's source (``show_source``), and what was printed after it.

    The listing ends at the first line that starts in the first column and does not
    go on with code (a closing parenthesis, another ``def``, a decorator).

    >>> split_listing("def f(\\n    x,\\n) -> int:\\n    return x\\nf(1) = 1\\n")
    ('def f(\\n    x,\\n) -> int:\\n    return x\\n', 'f(1) = 1\\n')
    """
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines[1:], start=1):
        if line.strip() and not line[0].isspace() and not LISTING_GOES_ON.match(line):
            return "".join(lines[:i]), "".join(lines[i:])
    return text, ""


class SplitListings(SphinxTransform):
    """A cell that prints a function's source and then results: two blocks, so that
    the results are a message and the source stays code."""

    default_priority = 14  # before NotMessages and Locale

    def apply(self, **kwargs) -> None:
        for node in list(self.document.findall(nodes.literal_block)):
            classes = set(node.get("classes", []))
            if "output" not in classes or not classes & OUTPUT_CLASSES:
                continue
            if not SOURCE_LISTING.match(node.astext()):
                continue
            listing, rest = split_listing(node.astext())
            if rest:
                parts = []
                for text in (listing, rest):
                    part = node.deepcopy()  # the same classes, language and source
                    part.children = [nodes.Text(text)]
                    part.rawsource = text
                    parts.append(part)
                node.replace_self(parts)


def _ancestors(node: nodes.Node):
    while node.parent is not None:
        node = node.parent
        yield node


class NotMessages(SphinxTransform):
    """Text that reads the same in every language is not offered for translation."""

    default_priority = 15  # after the outputs are in the tree, before Locale (20)

    def apply(self, **kwargs) -> None:
        for node in self.document.findall(nodes.TextElement):
            if not node.source and isinstance(node.parent, nodes.entry):
                # a table written inside a directive: MyST gives its cells no source,
                # and Sphinx skips text without one (sphinx-doc/sphinx#10959)
                known = next((a for a in _ancestors(node) if a.source), None)
                if known is not None:
                    node.source, node.line = known.source, known.line
            if is_docstring(node):
                node["translatable"] = False
            elif isinstance(node, nodes.math_block):
                if not MATH_WORDS.search(node.astext()):
                    node["translatable"] = False
                elif self.app.builder.name != "gettext":
                    # Sphinx would reparse the translation as a reST literal block
                    # ("::"), which MyST reads as a paragraph: PrintedMessages
                    # looks these up itself.
                    node["translatable"] = False
                    node["pm_words"] = True
            elif isinstance(node, (nodes.paragraph, nodes.title, nodes.term)):
                if not LETTER.search(node.astext()):
                    node["translatable"] = False


class ForgetScratchDocuments(SphinxTransform):
    """Translated nodes keep a reference to the scratch document their message was
    parsed in, and through its settings to the whole build environment, which would
    then be pickled with every page (5 MB a page, growing, and minutes to write)."""

    default_priority = 25  # after Locale (20)

    def apply(self, **kwargs) -> None:
        for node in self.document.findall():
            if getattr(node, "_document", None) not in (None, self.document):
                node.document = None  # the page's, through the parent


class ExplorerWords(SphinxTransform):
    """The threshold explorer's words, in the Chinese edition."""

    default_priority = 21

    def apply(self, **kwargs) -> None:
        if self.app.builder.name == "gettext" or self.config.language in (None, "en"):
            return
        from pedagogy_metrics.book import translate

        catalog = figure_catalog(self.env.srcdir, self.config.language)
        words = translate.read_catalog(catalog)
        for node in self.document.findall(nodes.raw):
            if translate.EXPLORER_CLASS in node.astext():
                missing: set[str] = set()
                html = translate.explorer_html(node.astext(), words, missing)
                if missing:
                    logger.warning(
                        "explorer words not in %s: %s (make notebooks)",
                        catalog.name,
                        sorted(missing),
                        location=node,
                    )
                node.children = [nodes.Text(html)]


def page_catalog(transform: SphinxTransform):
    """The translations of the page being read, or None (English, or no catalog)."""
    if transform.config.language in (None, "en"):
        return None
    domain = docname_to_domain(transform.env.docname, transform.config.gettext_compact)
    dirs = [str(transform.env.srcdir / d) for d in transform.config.locale_dirs]
    catalog, has_catalog = init_locale(dirs, transform.config.language, domain)
    return catalog if has_catalog else None


class TocCaptions(SphinxTransform):
    """The captions of the parts in the sidebar (_toc.yml), which Jupyter Book's
    table of contents inserts after Sphinx has translated the page (priority 100)."""

    default_priority = 101

    def apply(self, **kwargs) -> None:
        catalog = page_catalog(self)
        for node in self.document.findall(addnodes.toctree):
            if catalog is not None and node.get("caption"):
                node["caption"] = catalog.gettext(node["caption"])


class GlossaryInEnglishOrder(SphinxTransform):
    """The translated glossary in the English order of its terms (its index line
    links letters A to X), not in the code-point order of the Chinese names."""

    default_priority = 501  # after Sphinx sorts it by the translated names (500)

    def apply(self, **kwargs) -> None:
        if self.config.language in (None, "en"):
            return
        for glossary in self.document.findall(addnodes.glossary):
            for dlist in glossary.findall(nodes.definition_list):
                items = list(dlist.children)
                items.sort(
                    key=lambda item: next(item.findall(nodes.term))["ids"][0].lower()
                )
                dlist.children = items


class PrintedMessages(SphinxTransform):
    """Printed outputs with words: messages for gettext, translated for HTML."""

    default_priority = 21  # after Locale, which leaves literal blocks alone

    def apply(self, **kwargs) -> None:
        blocks = [n for n in self.document.findall(is_printed_message)]
        if not blocks:
            return
        if self.app.builder.name == "gettext":
            for node in blocks:
                node["translatable"] = True
            return
        catalog = page_catalog(self)
        if catalog is None:
            return
        for node in blocks:
            msg = node.rawsource or node.astext()  # as Sphinx extracts it
            msgstr = catalog.gettext(msg)
            if msgstr and msgstr != msg:
                node.children = [nodes.Text(msgstr)]
                node.rawsource = msgstr


# MyST-NB's buttons of collapsed cells ("Show code cell source"), per language:
# (show, hide) and what is hidden, by the last word of the English prompt.
CELL_PROMPTS = {
    "zh_CN": (
        ("显示", "隐藏"),
        {"source": "代码", "content": "代码单元", "output": "输出", "outputs": "输出"},
    ),
}


class CellPrompts(SphinxPostTransform):
    """The buttons of collapsed cells in the edition's language."""

    default_priority = 200  # after MyST-NB wraps the hidden cells (199)
    formats = ("html",)

    def run(self, **kwargs) -> None:
        if self.config.language not in CELL_PROMPTS:
            return
        from myst_nb.sphinx_ import HideCodeCellNode

        verbs, kinds = CELL_PROMPTS[self.config.language]
        for node in self.document.findall(HideCodeCellNode):
            for key, verb in zip(("prompt_show", "prompt_hide"), verbs):
                kind = node[key].rsplit(" ", 1)[-1]
                if kind in kinds:
                    node[key] = verb + kinds[kind]


def _other_language(app, pagename, templatename, context, doctree) -> None:
    here = app.config.language if app.config.language in EDITIONS else "en"
    there = "en" if here != "en" else "zh_CN"
    up = "../" * pagename.count("/")
    if here != "en":
        up += "../" * EDITIONS[here][1].count("/")
    label, folder = EDITIONS[there]
    context["pm_other_language"] = {
        "label": label,
        "lang": there.replace("_", "-"),
        "href": f"{up}{folder}{pagename}.html",
    }


def setup(app):
    app.add_transform(SplitListings)
    app.add_transform(NotMessages)
    app.add_transform(PrintedMessages)
    app.add_transform(ExplorerWords)
    app.add_transform(ForgetScratchDocuments)
    app.add_transform(TocCaptions)
    app.add_transform(GlossaryInEnglishOrder)
    app.add_post_transform(CellPrompts)
    app.connect("html-page-context", _other_language)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
