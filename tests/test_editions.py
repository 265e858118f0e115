"""The Chinese edition: its catalogs are complete, current and use the glossary's
names; its figures exist for every English figure.

The English pages are the source. `make catalogs` (tools/edition.py) merges their
messages into book/locales/zh_CN/; these tests fail while any message of any page,
or any word of any figure, has no Chinese translation, so an English change cannot
land without its Chinese.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from conftest import BOOK, ROOT, notebooks

sys.path.insert(0, str(ROOT / "tools"))
import edition
import notebooks as run_notebooks  # tools/notebooks.py, not conftest's notebooks()
import po

LOCALE = BOOK / "locales" / "zh_CN" / "LC_MESSAGES"
CATALOGS = sorted(LOCALE.rglob("*.po"))
FIGURES = BOOK / "figures" / "zh_CN"
CJK = re.compile(r"[\u3400-\u9fff]")


def _name(path):
    return path.relative_to(LOCALE).as_posix()


# ---- every message translated, keeping what is not language ------------------------


def test_every_page_has_a_catalog():
    pages = [p.stem for p in notebooks()]
    pages += [p.stem for p in BOOK.glob("*.md")]
    missing = [p for p in pages if not (LOCALE / "book" / f"{p}.po").exists()]
    assert not missing, f"no Chinese catalog for {missing}: run `make catalogs`"
    assert (LOCALE / "figures.po").exists(), "no catalog of figure words"


@pytest.mark.parametrize("path", CATALOGS, ids=_name)
def test_every_message_is_translated(path):
    report = po.check(path)
    assert not report, f"{_name(path)}: {len(report)} problems\n" + "\n".join(
        report[:30]
    )


@pytest.mark.parametrize(
    "msgid, msgstr, problem",
    [
        ("the AUC at $t$", "阈值 $s$ 处的 AUC", "formulas differ"),
        ("see {numref}`Chapter %s <ch04>`", "见{numref}`第 %s 章 <ch05>`", "role"),
        ("call `pm.roc_auc`", "调用 `roc_auc`", "code spans differ"),
        ("4,500 easy negatives", "4500 个容易的负样本", "numbers differ"),
        ("the two agree to within 1e-12", "the two agree to within 1e-12", "English"),
        (
            "[scikit-learn](https://scikit-learn.org)",
            "[scikit-learn](http://x)",
            "link",
        ),
        (
            "a **{term}`recall`** (召回率) of",
            "一个**{term}`召回率 <recall>`**是",
            "bold",
        ),
    ],
)
def test_the_rules_catch_a_broken_translation(msgid, msgstr, problem):
    assert any(problem in found for found in po.problems(msgid, msgstr))


def test_the_rules_let_a_good_translation_through():
    msgid = (
        "The **{term}`ROC curve`** (ROC 曲线) at $t$ is 0.5 "
        "({numref}`Chapter %s <ch04>`, `pm.roc_auc`)."
    )
    msgstr = (
        "阈值 $t$ 处的 **{term}`ROC 曲线 <ROC curve>`**（ROC curve）为 0.5"
        "（{numref}`第 %s 章 <ch04>`，`pm.roc_auc`）。"
    )
    assert po.problems(msgid, msgstr) == []


@pytest.fixture(scope="module")
def english_messages(tmp_path_factory):
    """The messages of the English pages as they are now (the gettext builder)."""
    out = tmp_path_factory.mktemp("gettext")
    config = edition.stored_outputs_config(out, None)
    command = [str(edition.JUPYTER_BOOK), "build", str(ROOT), "--config", str(config)]
    command += ["--builder", "custom", "--custom-builder", "gettext"]
    proc = subprocess.run(
        [*command, "--path-output", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-4000:]
    pots = (out / "_build" / "gettext").rglob("*.pot")
    return {
        pot.relative_to(out / "_build" / "gettext").with_suffix(".po").as_posix(): {
            m.id for m in po.messages(po.load(pot))
        }
        for pot in pots
    }


@pytest.mark.slow
def test_catalogs_hold_the_pages_messages_as_they_are_now(english_messages):
    """A message changed in English and not merged (`make catalogs`) fails here."""
    stale = []
    for name, ids in english_messages.items():
        path = LOCALE / name
        have = {m.id for m in po.messages(po.load(path))} if path.exists() else set()
        stale += [f"{name}: {m[:70]!r}" for m in sorted(ids - have)]
        stale += [f"{name}: no longer on the page: {m[:60]!r}" for m in have - ids]
    assert not stale, "run `make catalogs`, then translate:\n" + "\n".join(stale[:30])


# ---- one term, one name -------------------------------------------------------------


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_the_glossary_names_read_as_intended():
    names = po.glossary_names()
    assert names["accuracy"] == ({"准确率", "正确率"}, set())
    assert names["coverage probability"] == ({"覆盖概率"}, {"覆盖率"})
    assert {"召回率", "查全率"} <= names["recall"][0]
    assert len(names) > 100


def term_problems(msgid: str, msgstr: str, names) -> list[str]:
    """A {term} link in msgstr whose text lacks the glossary's Chinese name."""
    found = []
    english = {t for _, t in po.role_targets(msgid) if _ == "term"}
    for content in re.findall(r"\{term\}`([^`]*)`", msgstr):
        match = po.TARGET.match(content)
        text, target = (match.group(1), match.group(2)) if match else (content, content)
        key = target.lower()
        if key not in names or target not in english:
            continue
        good, bad = names[key]
        original = re.search(r"\{term\}`([^`<]*?)\s*(<[^`]*>)?`", msgid)
        if original and len(original.group(1).strip()) == 1:
            continue  # the glossary's A-Z index: a letter
        if good and not any(_squeeze(n) in _squeeze(text) for n in good):
            found.append(f"{target!r} linked as {text!r}, not as {sorted(good)}")
        found += [f"{target!r} called {n!r}" for n in bad if _squeeze(n) in text]
    return found


def test_term_problems_are_found():
    names = {
        "recall": ({"召回率", "查全率"}, set()),
        "accuracy": ({"准确率"}, {"精度"}),
    }
    assert term_problems("{term}`recall`", "{term}`召回率 <recall>`", names) == []
    assert term_problems("{term}`recall`", "{term}`查全率 <recall>`", names) == []
    assert term_problems("{term}`recall`", "{term}`回收率 <recall>`", names)
    assert term_problems("{term}`accuracy`", "{term}`精度准确率 <accuracy>`", names)


@pytest.mark.parametrize("path", CATALOGS, ids=_name)
def test_terms_keep_the_glossary_names(path):
    names = po.glossary_names()
    found = []
    for message in po.messages(po.load(path)):
        if message.string:
            for problem in term_problems(message.id, message.string, names):
                found.append(f"{problem} in {message.id[:50]!r}")
    assert not found, "\n".join(found[:30])


def test_glossary_terms_are_named_as_the_glossary_says():
    names = po.glossary_names()
    catalog = po.load(LOCALE / "book" / "glossary.po")
    wrong = []
    for message in po.messages(catalog):
        key = message.id.lower()
        if key in names and names[key][0] and message.string:
            if not any(_squeeze(n) in _squeeze(message.string) for n in names[key][0]):
                wrong.append(f"{message.id!r} -> {message.string!r}")
    assert not wrong, "\n".join(wrong)


# ---- the figures -------------------------------------------------------------------


def test_every_figure_has_its_chinese_twin():
    """tools/notebooks.py (make notebooks) draws them; a figure changed without it
    shows here."""
    shown = run_notebooks.image_names(notebooks())
    have = {p.name for p in FIGURES.glob("*.png")}
    absent = sorted({shown[name] for name in set(shown) - have})
    assert not absent, f"no Chinese figures for images of {absent}: make notebooks"
    assert not have - set(shown), "Chinese figures of no image: make notebooks"


def test_every_explorer_word_is_translated():
    """The threshold explorers take their words from figures.po in the Chinese
    edition (book/_ext/editions.py)."""
    missing = run_notebooks.explorer_words(notebooks())
    assert not missing, f"explorer words not in figures.po: {sorted(missing)}"


# ---- pedagogy_metrics.book.translate ----------------------------------------------


def test_a_figure_is_drawn_with_its_words_translated_then_restored():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from pedagogy_metrics.book import translate

    fig, ax = plt.subplots()
    ax.set_xlabel("false positive rate")
    ax.set_ylabel("$x_i$")  # a formula: nothing to translate
    ax.set_title("model A (AUC 0.82)")
    missing: set[str] = set()
    words = {"false positive rate": "假正率"}
    with translate.translated(fig, words, "DejaVu Sans", missing):
        inside = [ax.get_xlabel(), ax.get_ylabel(), ax.get_title()]
    assert inside == ["假正率", "$x_i$", "model A (AUC 0.82)"]
    assert missing == {"model A (AUC 0.82)"}
    assert [ax.get_xlabel(), ax.get_ylabel()] == ["false positive rate", "$x_i$"]
    assert ax.xaxis.label.get_fontfamily() == plt.rcParams["font.family"]
    assert translate.has_words("AUC of model A") and not translate.has_words("TPR")
    plt.close(fig)


def test_the_explorer_keeps_its_data_and_code_and_translates_its_words():
    from pedagogy_metrics.book import translate

    doc = {
        "roots": [
            {
                "type": "object",
                "name": "Slider",
                "attributes": {
                    "name": "x-slider",
                    "title": "threshold t",
                    "code": "div.text = shown.text[k];",
                },
            },
            {
                "type": "map",
                "entries": [
                    ["precision", [0.5]],
                    ["text", ['<th>predicted 0</th><td data-pm="tp">3</td>']],
                ],
            },
            {"label": {"type": "value", "value": "lowest on the data"}},
        ]
    }
    html = (
        '<div id="x" class="pm-explorer">drawn by BokehJS</div>\n'
        f'<script type="application/json" id="x-data">{json.dumps(doc)}</script>'
    )
    words = {"threshold t": "阈值 t", "predicted 0": "预测为 0"}
    missing: set[str] = set()
    out = translate.explorer_html(html, words, missing)
    data = json.loads(re.search(r'id="x-data">(.*)</script>', out).group(1))
    slider, table, legend = data["roots"]
    assert slider["attributes"] == {
        "name": "x-slider",
        "title": "阈值 t",
        "code": "div.text = shown.text[k];",
    }
    assert table["entries"] == [
        ["precision", [0.5]],
        ["text", ['<th>预测为 0</th><td data-pm="tp">3</td>']],
    ]
    assert missing == {"lowest on the data"}
    assert legend["label"]["value"] == "lowest on the data"
