"""The words inside the book's figures, in the Chinese edition.

A figure's titles, axis labels, legends and annotations are drawn into its pixels, so
the Chinese edition needs figures of its own. They are not a second copy of the
plotting code: ``make notebooks`` (``tools/notebooks.py``) runs each chapter once with
:func:`install`, which draws every figure the chapter shows twice, as it is (the
English image stored in the notebook) and with its words looked up in the catalog
``book/locales/zh_CN/LC_MESSAGES/figures.po``. The second image is saved as
``book/figures/zh_CN/<sha256 of the English image>.png``: MyST-NB names an output
image after the SHA-256 of its bytes, and Sphinx's ``figure_language_filename``
(``_config.yml``) puts the Chinese file in its place in the Chinese edition.

Numbers, symbols and formulas stay as they are: a text is looked up only when it holds
a word with a lower-case letter outside ``$...$`` (``"AUC = 0.82"`` is not, ``"false
positive rate"`` is). A text the catalog lacks is recorded, and ``tools/notebooks.py``
adds it to the catalog to be translated.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

MATH = re.compile(r"(?<!\\)\$.*?(?<!\\)\$", re.S)
WORD = re.compile(r"[A-Za-z]*[a-z][A-Za-z]*")


def has_words(text: str) -> bool:
    """Whether ``text`` holds a word to translate (outside formulas).

    Examples
    --------
    >>> has_words("false positive rate"), has_words("AUC = 0.82"), has_words("$x_i$")
    (True, False, False)
    """
    return any(len(word) >= 2 for word in WORD.findall(MATH.sub(" ", text)))


def read_catalog(path: str | Path) -> dict[str, str]:
    """The translated, non-fuzzy messages of a gettext catalog (none if no file)."""
    from babel.messages.pofile import read_po

    if not Path(path).exists():
        return {}
    with open(path, "rb") as f:
        catalog = read_po(f)
    return {
        str(m.id): str(m.string) for m in catalog if m.id and m.string and not m.fuzzy
    }


@contextlib.contextmanager
def translated(
    fig: Any, words: dict[str, str], font: str, missing: set[str]
) -> Iterator[None]:
    """``fig`` with the words of its texts replaced from ``words`` (then restored).

    A translated text is drawn in ``font`` (one with Chinese glyphs), after the text's
    own font for plain text and alone for a text with formulas, whose non-formula
    characters Matplotlib draws in the text's first font. Texts not in ``words`` are
    added to ``missing`` and left as they are. The texts of a table's cells count too
    (Matplotlib does not list them among the figure's objects).
    """
    from matplotlib.table import Table
    from matplotlib.text import Text

    cells = [c.get_text() for t in fig.findobj(Table) for c in t.get_celld().values()]
    saved = []
    for text in [*fig.findobj(Text), *cells]:
        source = text.get_text()
        if not has_words(source):
            continue
        if source not in words:
            missing.add(source)
            continue
        target = words[source]
        family = text.get_fontfamily()
        saved.append((text, source, family))
        text.set_text(target)
        text.set_fontfamily([font] if MATH.search(target) else [*family, font])
    try:
        yield
    finally:
        for text, source, family in saved:
            text.set_text(source)
            text.set_fontfamily(family)


def install(catalog: str, out: str, missing_file: str, font_file: str) -> None:
    """In a running IPython kernel: show each figure as before, and save its twin.

    Wraps the PNG formatter of Matplotlib figures: the English image is returned
    unchanged (it is what the notebook stores) and the image with translated words
    is written to ``out/<sha256 of the English image>.png``; texts missing from the
    catalog are appended to ``missing_file`` (one JSON string per line).
    """
    from IPython import get_ipython
    from matplotlib import font_manager
    from matplotlib.figure import Figure

    from pedagogy_metrics.explorer import ThresholdExplorer

    shell = get_ipython()
    shell.run_line_magic("matplotlib", "inline")  # register the inline formatters
    font_manager.fontManager.addfont(font_file)
    font = font_manager.FontProperties(fname=font_file).get_name()
    words = read_catalog(catalog)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    formatter = shell.display_formatter.formatters["image/png"]
    english = formatter.lookup_by_type(Figure)

    def as_bytes(data: Any) -> bytes:
        return data if isinstance(data, bytes) else base64.b64decode(data)

    def both(fig: Any) -> Any:
        data = english(fig)
        if data is None:  # an empty figure shows nothing
            return data
        missing: set[str] = set()
        with translated(fig, words, font, missing):
            twin = as_bytes(english(fig))
        name = hashlib.sha256(as_bytes(data)).hexdigest()
        (folder / f"{name}.png").write_bytes(twin)
        with open(missing_file, "a", encoding="utf-8") as f:
            f.writelines(json.dumps(m, ensure_ascii=False) + "\n" for m in missing)
        return data

    formatter.for_type(Figure, both)
    # The threshold explorer's still image (print): drawn as a figure, with its twin.
    formatter.for_type(ThresholdExplorer, lambda explorer: both(explorer.still()))


# ---- the threshold explorer (pedagogy_metrics.explorer) ---------------------------

# Where the explorer's Bokeh document holds words a reader sees: titles, axis labels,
# legend labels and the readout's HTML (one copy per slider position). Everything
# else (model names, data columns, JavaScript, CSS) is left alone.
EXPLORER_CLASS = 'class="pm-explorer"'  # the marker of the explorer's HTML output
EXPLORER_KEYS = frozenset({"text", "title", "axis_label", "label"})
EXPLORER_DATA = re.compile(
    r'(<script type="application/json" id="[\w-]+-data">)(.*?)(</script>)', re.S
)


def _words_in(text: str, words: dict[str, str], missing: set[str]) -> str:
    """``text`` translated; in HTML, each run of text between tags on its own."""

    def one(piece: str) -> str:
        core = piece.strip()
        if not has_words(core):
            return piece
        if core not in words:
            missing.add(core)
            return piece
        return piece.replace(core, words[core])

    if "<" not in text:
        return one(text)
    return re.sub(r">([^<]+)<", lambda m: ">" + one(m.group(1)) + "<", text)


def _walk(node: Any, key: str | None, words: dict[str, str], missing: set[str]) -> Any:
    if isinstance(node, str):
        return _words_in(node, words, missing) if key in EXPLORER_KEYS else node
    if isinstance(node, list):
        return [_walk(item, key, words, missing) for item in node]
    if not isinstance(node, dict):
        return node
    if node.get("type") == "map" and "entries" in node:  # Bokeh's serialised dict
        entries = [[k, _walk(v, k, words, missing)] for k, v in node["entries"]]
        return {**node, "entries": entries}
    return {
        k: _walk(v, key if k == "value" else k, words, missing)  # {"value": label}
        for k, v in node.items()
    }


def explorer_html(html: str, words: dict[str, str], missing: set[str]) -> str:
    """A threshold explorer's HTML with the words a reader sees translated.

    Texts not in ``words`` are added to ``missing`` and left as they are.
    """

    def document(match: re.Match[str]) -> str:
        doc = _walk(json.loads(match.group(2)), None, words, missing)
        text = json.dumps(doc, ensure_ascii=False).replace("</", "<\\/")
        return match.group(1) + text + match.group(3)

    return EXPLORER_DATA.sub(document, html)
