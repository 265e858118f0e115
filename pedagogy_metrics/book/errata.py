"""The tables of the errata appendix (appendix A), drawn from the rows of the data.

A row of ``book/data/errata.yaml`` is a dict: the note (``"000"`` .. ``"004"``),
the quoted claim, an optional formula (``math``), the English gloss, the verdict,
the label of the chapter section that works it through, and what the note gives
and what we compute. The appendix runs the checks first and stores their values
in each row under ``note_value`` and ``our_value``; the functions here only turn
such rows into Markdown: numbered MyST list-tables, one per verdict, one per note
(folded in a dropdown), a summary of the verdicts and the coverage of each note.

Nothing here computes a metric: the values come from the checks
(``book/_errata_checks.py``), which call the package.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = [
    "NOTE_NAMES",
    "shown",
    "claim_and_gloss",
    "note_gives",
    "we_compute",
    "wrapped",
    "list_table",
    "verdict_table",
    "note_table",
    "verdict_counts",
    "coverage_rows",
]

NOTE_NAMES = {
    "000": "the study note",
    "001": "the glossary note",
    "002": "the blog post",
    "003": "the review note",
    "004": "the recommender note",
}

# A word that would start a list, a quote or a heading if a line began with it.
_STARTS_A_BLOCK = re.compile(r"^(%.*|[-+*>#|]|\d+[.)])$")  # % opens a MyST comment
_FORMULA_SEPARATOR = ", \\quad "


def _chapter_number(row: Mapping[str, Any]) -> int:
    """The chapter a row links to: 4 for ``ch04-...``."""
    return int(row["chapter"][2:4])


def _in_book_order(rows: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The rows in the order of the chapters they link to, stable within one."""
    return sorted(rows, key=_chapter_number)


def _section(row: Mapping[str, Any]) -> str:
    """A link to the section that works the row through, shown as "§4.2"."""
    return f"{{numref}}`§%s <{row['chapter']}>`"


def shown(value: Any, fmt: str = ".4f") -> str:
    """A check's value as the text of a table cell.

    Parameters
    ----------
    value : float, tuple of float, str or None
        A number, an interval (a tuple of two numbers) or a text that already
        carries its own formatting; None for no value.
    fmt : str, default ".4f"
        Format specification of the numbers.

    Returns
    -------
    str
        The text of the cell ("" for None).

    Examples
    --------
    >>> shown(0.56666, ".4f"), shown((0.5, 0.75), ".2f"), shown(None)
    ('0.5667', '[0.50, 0.75]', '')
    """
    if value is None or isinstance(value, str):
        return value or ""
    if isinstance(value, tuple):
        return "[" + ", ".join(format(v, fmt) for v in value) + "]"
    return format(value, fmt)


def claim_and_gloss(row: Mapping[str, Any]) -> str:
    """The quote, its formula rendered (one line per formula) and the gloss.

    Parameters
    ----------
    row : mapping
        A row of the errata: ``claim``, ``gloss`` and optionally ``math``,
        several formulas separated by ``", \\quad "``.

    Returns
    -------
    str
        Markdown, the parts joined by line breaks (``<br>``).

    Examples
    --------
    >>> claim_and_gloss({"claim": "F1 = 2PR/(P+R)", "gloss": "the harmonic mean"})
    '`F1 = 2PR/(P+R)` <br> the harmonic mean'
    """
    lines = [f"`{row['claim']}`"]
    if "math" in row:
        lines += [f"${part}$" for part in row["math"].split(_FORMULA_SEPARATOR)]
    return " <br> ".join([*lines, row["gloss"]])


def note_gives(row: Mapping[str, Any]) -> str:
    """What the note gives: the words it prints (``note_says``) or the value of its
    formula evaluated as written (``note_value``), or "" when the row shows neither.

    Parameters
    ----------
    row : mapping
        A row of the errata, its checks run.

    Returns
    -------
    str
        The text of the cell.

    Examples
    --------
    >>> note_gives({"note_says": "O(n)"}), note_gives({"note_value": 0.625})
    ('O(n)', '0.6250')
    """
    return row.get("note_says") or shown(
        row.get("note_value"), row.get("format", ".4f")
    )


def we_compute(row: Mapping[str, Any]) -> str:
    """What we compute for a row: the value of its ``our_check``, formatted.

    Parameters
    ----------
    row : mapping
        A row of the errata, its checks run (``our_value``).

    Returns
    -------
    str
        The text of the cell, "" for a row without a computed value.

    Examples
    --------
    >>> we_compute({"our_value": 2 / 3, "format": ".3f"})
    '0.667'
    """
    return shown(row.get("our_value"), row.get("format", ".4f"))


def wrapped(text: str, indent: str = "    ") -> str:
    """Text as Markdown lines of at most 80 characters after the indent.

    A line never starts with a word that would open a block (a list item, a
    heading, a quote) or a MyST comment (``%``, which would hide the rest of the
    line), so that the text stays one paragraph inside a table.

    Parameters
    ----------
    text : str
        One paragraph.
    indent : str, default four spaces
        Put before every line but the first.

    Returns
    -------
    str
        The text with line breaks.

    Examples
    --------
    >>> print(wrapped("a " * 39 + "- b", indent=""))
    a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a - b
    """
    words = text.split(" ")
    lines = [words[0]]
    for word in words[1:]:
        if len(lines[-1]) + 1 + len(word) <= 80 or _STARTS_A_BLOCK.match(word):
            lines[-1] += " " + word
        else:
            lines.append(word)
    return ("\n" + indent).join(lines)


def list_table(
    rows: Sequence[Sequence[str]],
    header: Sequence[str],
    *,
    caption: str,
    label: str,
    widths: Sequence[int],
) -> str:
    """Rows of Markdown cells as a numbered MyST ``list-table``, lines kept short.

    Parameters
    ----------
    rows : sequence of sequence of str
        The cells, row by row (Markdown).
    header : sequence of str
        The column names.
    caption : str
        The table's caption.
    label : str
        Its name, for ``{numref}``; a named table is numbered.
    widths : sequence of int
        Relative column widths.

    Returns
    -------
    str
        The directive, MyST Markdown.

    Examples
    --------
    >>> print(list_table([["1", "one"]], ["n", "word"], caption="Numbers.",
    ...                  label="tab-n", widths=(20, 80)))
    :::{list-table} Numbers.
    :header-rows: 1
    :name: tab-n
    :widths: 20 80
    <BLANKLINE>
    * - n
      - word
    * - 1
      - one
    :::
    """
    lines = [
        f":::{{list-table}} {caption}",
        ":header-rows: 1",
        f":name: {label}",
        f":widths: {' '.join(map(str, widths))}",
        "",
    ]
    for row in [header, *rows]:
        for j, text in enumerate(row):
            start = "* - " if j == 0 else "  - "
            lines.append(start + wrapped(" ".join(str(text).split())))
    return "\n".join([*lines, ":::"])


def verdict_table(
    rows: Iterable[Mapping[str, Any]], verdict: str, *, caption: str
) -> str:
    """The rows with one verdict, in book order, as a numbered table.

    The first column holds what a reader looks for first, even on a narrow
    screen: what the note gives and what we compute; then the claim, the row's
    id, its note and the section that works it through.

    Parameters
    ----------
    rows : iterable of mapping
        The rows of the errata, their checks run.
    verdict : str
        The verdict to show; the table is named ``tab-errata-<verdict>``.
    caption : str
        The table's caption.

    Returns
    -------
    str
        The table, MyST Markdown.

    Examples
    --------
    >>> row = {"id": "r8", "note": "000", "chapter": "ch04-note000",
    ...        "claim": "FPR = FP / TN + FN", "gloss": "a wrong denominator",
    ...        "verdict": "wrong", "note_value": 0.5, "our_value": 0.25}
    >>> print(verdict_table([row], "wrong", caption="Wrong.").splitlines()[8])
    * - note: 0.5000 <br> ours: 0.2500
    """
    cells = [
        [
            _both_values(row),
            claim_and_gloss(row),
            f"{row['id']}, note&nbsp;{row['note']} <br> {_section(row)}",
        ]
        for row in _in_book_order(rows)
        if row["verdict"] == verdict
    ]
    header = ["the note gives, we compute", "claim (原文) and gloss", "row, note, §"]
    return list_table(
        cells,
        header,
        caption=caption,
        label=f"tab-errata-{verdict}",
        widths=(24, 60, 16),
    )


def _both_values(row: Mapping[str, Any]) -> str:
    """What the note gives (if the row shows it) and what we compute, one cell."""
    note, ours = note_gives(row), we_compute(row)
    if note and ours:
        return f"note: {note} <br> ours: {ours}"
    return f"note: {note}" if note else ours


def note_table(rows: Iterable[Mapping[str, Any]], note: str) -> str:
    """Every row of one note, in book order, as a table folded in a dropdown.

    Parameters
    ----------
    rows : iterable of mapping
        The rows of the errata, their checks run.
    note : str
        The note, "000" .. "004"; the table is named ``tab-errata-note<note>``.

    Returns
    -------
    str
        The dropdown, MyST Markdown.

    Examples
    --------
    >>> row = {"id": "r16", "note": "000", "chapter": "ch12-note000",
    ...        "claim": "CG=11", "gloss": "cumulative gain", "verdict": "correct",
    ...        "our_value": 11.0}
    >>> print(note_table([row], "000").splitlines()[0])
    ::::{dropdown} Note 000, the study note: 1 claims
    """
    cells = [
        [
            f"**{row['verdict']}** <br> {row['id']}, {_section(row)}",
            claim_and_gloss(row),
            _both_values(row),
        ]
        for row in _in_book_order(rows)
        if row["note"] == note
    ]
    header = ["verdict, row, §", "claim (原文) and gloss", "the note gives, we compute"]
    table = list_table(
        cells,
        header,
        caption=f"Every claim of note {note} ({NOTE_NAMES[note]}).",
        label=f"tab-errata-note{note}",
        widths=(17, 58, 25),
    )
    title = f"Note {note}, {NOTE_NAMES[note]}: {len(cells)} claims"
    return f"::::{{dropdown}} {title}\n{table}\n::::"


def verdict_counts(
    rows: Iterable[Mapping[str, Any]], verdicts: Sequence[str]
) -> list[list[Any]]:
    """The number of rows of each note with each verdict, and the totals.

    Parameters
    ----------
    rows : iterable of mapping
        The rows of the errata.
    verdicts : sequence of str
        The verdicts, in the order of the columns.

    Returns
    -------
    list of list
        One row per note ("note 000", counts..., total), then a "total" row.

    Raises
    ------
    ValueError
        If a row has a verdict not in ``verdicts``.

    Examples
    --------
    >>> rows = [{"note": "000", "verdict": "wrong"}, {"note": "001", "verdict": "typo"}]
    >>> verdict_counts(rows, ["typo", "wrong"])
    [['note 000', 0, 1, 1], ['note 001', 1, 0, 1], ['total', 1, 1, 2]]
    """
    rows = list(rows)
    unknown = {row["verdict"] for row in rows} - set(verdicts)
    if unknown:
        raise ValueError(f"verdicts not in the rubric: {sorted(unknown)}")
    counts = Counter((row["note"], row["verdict"]) for row in rows)
    numbers = {
        n: [counts[n, v] for v in verdicts]
        for n in sorted({row["note"] for row in rows})
    }
    table: list[list[Any]] = [
        [f"note {n}", *values, sum(values)] for n, values in numbers.items()
    ]
    totals = [sum(column) for column in zip(*numbers.values(), strict=True)]
    return [*table, ["total", *totals, sum(totals)]]


def coverage_rows(
    rows: Iterable[Mapping[str, Any]], checkable: Mapping[str, int]
) -> list[list[Any]]:
    """Per note: the rows with a computed value, the checkable sentences, the share.

    A prose-only row states nothing to compute, so it counts on neither side.

    Parameters
    ----------
    rows : iterable of mapping
        The rows of the errata.
    checkable : mapping of str to int
        The number of checkable sentences of each note, counted by reading it.

    Returns
    -------
    list of list
        One row per note ("note 000", rows, checkable, share), then a total.

    Examples
    --------
    >>> rows = [{"note": "000", "verdict": "correct"},
    ...         {"note": "000", "verdict": "prose-only"}]
    >>> coverage_rows(rows, {"000": 2})
    [['note 000', 1, 2, 0.5], ['total', 1, 2, 0.5]]
    """
    counts = Counter(row["note"] for row in rows if row["verdict"] != "prose-only")
    table: list[list[Any]] = [
        [f"note {n}", counts[n], k, counts[n] / k] for n, k in checkable.items()
    ]
    done, total = sum(counts[n] for n in checkable), sum(checkable.values())
    return [*table, ["total", done, total, done / total]]
