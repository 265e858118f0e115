"""Every chapter has the shape the book promises its readers.

The spec is CHAPTERS.md and CONVENTIONS.md: eight parts in order (why, definition,
SymPy, step by step, the notes' worked examples, pitfalls, cross-check, exercises), at
least three exercises each with a dropdown solution, a real SymPy step, the package's
own source shown, a citation, and glossary links for its terms.
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import BOOK, chapters

PARTS = [
    "why",
    "definition",
    "sympy",
    "step",
    "notes",
    "pitfalls",
    "crosscheck",
    "exercises",
]
GLOSSARY_TERMS = {  # Sphinx matches terms ignoring case and line breaks
    term.lower()
    for term in re.findall(
        r"^(\S.*)$",
        (BOOK / "glossary.md").read_text(encoding="utf-8").split("```{glossary}")[1],
        re.M,
    )
}
NUMBERED = chapters()  # book/NN-slug.ipynb; the appendices have no number
PLAN = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10"]
PLAN += ["11", "12", "13", "14", "15"]  # CHAPTERS.md, second edition


def _text(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    markdown = "\n".join(
        "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"
    )
    code = "\n".join(
        "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"
    )
    return markdown, code


def test_chapter_numbers_follow_the_plan():
    numbers = [p.stem[:2] for p in NUMBERED]
    assert numbers == sorted(set(numbers)), "one file per chapter number"
    assert set(numbers) <= set(PLAN)
    assert {"01", "02", "04", "05", "08", "10", "11", "12", "13"} <= set(numbers)


@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.name)
def test_eight_parts_in_order(path):
    markdown, _ = _text(path)
    number = path.stem[:2]
    positions = []
    for part in PARTS:
        label = f"(ch{number}-{part})="
        assert label in markdown, f"{path.name}: no section labelled {label}"
        positions.append(markdown.index(label))
    assert positions == sorted(positions), (
        f"{path.name}: the eight parts are out of order"
    )


@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.name)
def test_exercises_with_dropdown_solutions(path):
    markdown, _ = _text(path)
    exercises = re.findall(r"```\{exercise\}\n:label: (\S+)", markdown)
    solutions = re.findall(
        r"```\{solution(?:-start)?\} (\S+)\n:class: dropdown", markdown
    )
    assert len(exercises) >= 3, (
        f"{path.name}: {len(exercises)} exercises, at least 3 expected"
    )
    assert sorted(exercises) == sorted(solutions), (
        f"{path.name}: exercises {exercises} vs solutions {solutions}"
    )


@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.name)
def test_sympy_source_citation_and_crosscheck(path):
    markdown, code = _text(path)
    assert re.search(
        r"\bsp\.(solve|diff|simplify|Rational|expand|integrate|limit|Sum|summation|Eq|nsimplify|binomial)\b",
        code,
    ), f"{path.name}: no real SymPy step"
    assert "book.show_source(" in code, (
        f"{path.name}: the package's source is never shown"
    )
    assert "{cite}" in markdown, f"{path.name}: no citation"
    assert re.search(r"\b(sklearn|scipy|statsmodels|pytrec_eval)\b", code), (
        f"{path.name}: no independent library"
    )


@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.name)
def test_terms_link_to_the_glossary(path):
    markdown, _ = _text(path)
    links = re.findall(r"\{term\}`([^`]+)`", markdown)
    targets = {
        " ".join(re.sub(r"^.*<(.+)>$", r"\1", link, flags=re.S).split()).lower()
        for link in links
    }
    assert len(targets) >= 3, f"{path.name}: only {len(targets)} glossary terms linked"
    missing = sorted(t for t in targets if t not in GLOSSARY_TERMS)
    assert not missing, f"{path.name}: terms missing from the glossary: {missing}"
    # first use of a term: bold, followed by its Chinese name in parentheses
    first_uses = re.findall(r"\*\*\{term\}`[^`]+`\*\*\s*\(([^)]*)\)", markdown)
    assert first_uses and all(
        re.search(r"[\u4e00-\u9fff]", name) for name in first_uses
    ), f"{path.name}: a bold first use of a term lacks its Chinese name"


# Second-edition rewrites not landed yet (issue 12): their Erratum boxes still name the
# notes by file name. Strict: a fixed chapter must come off these lists.
OLD_BOXES: set[str] = set()
ROUNDED_IN_PROSE: set[str] = set()


def _marked(paths, pending):
    return [
        pytest.param(
            p,
            marks=pytest.mark.xfail(strict=True, reason="issue 12")
            if p.stem in pending
            else (),
            id=p.name,
        )
        for p in paths
    ]


@pytest.mark.parametrize("path", _marked(NUMBERED, OLD_BOXES))
def test_errata_are_error_admonitions_naming_a_note(path):
    markdown, _ = _text(path)
    for block in re.findall(r"```\{admonition\} Erratum\n(.*?)```", markdown, re.S):
        assert block.startswith(":class: error"), (
            f"{path.name}: an erratum without :class: error"
        )
        assert re.search(r"(?i)\bnote[\s\xa0]00[0-4]\b", block), (
            f"{path.name}: an erratum that names no note (note 000 ... note 004)"
        )


def test_equation_labels_unique_across_the_book():
    labels = []
    for path in sorted(BOOK.glob("*.ipynb")):
        markdown, _ = _text(path)
        labels += re.findall(r"\$\$\s*\((eq-[\w-]+)\)", markdown)
    duplicates = sorted({label for label in labels if labels.count(label) > 1})
    assert not duplicates, f"equation labels used twice: {duplicates}"


def _outputs(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    texts = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            texts.append("".join(cell["source"]))
            for out in cell.get("outputs", []):
                texts.append("".join(out.get("text", "")))
                texts += [
                    "".join(v)
                    for k, v in out.get("data", {}).items()
                    if k.startswith("text")
                ]
    return "\n".join(texts)


@pytest.mark.parametrize(
    "path", _marked(sorted(BOOK.glob("*.ipynb")), ROUNDED_IN_PROSE)
)
def test_every_precise_number_in_the_prose_is_printed_by_the_chapter(path):
    """A number with 3+ decimals in the text must come from the chapter's own code."""
    markdown, _ = _text(path)
    printed = _outputs(path)
    numbers = set(re.findall(r"(?<![\w.])\d+\.\d{3,}(?!\d)", markdown))
    missing = sorted(n for n in numbers if n not in printed)
    assert not missing, (
        f"{path.name}: numbers in the text that no cell prints: {missing}"
    )
