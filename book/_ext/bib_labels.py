"""Bibliography labels that match the citations in the text.

The text cites author-year, "(Fawcett, 2006)"; pybtex's styles label the entries of the
bibliography "[Faw06]" (alpha) or "[1]" (plain). The style ``authoryear`` registered
here is pybtex's ``unsrt`` formatting, sorted by author and year, with labels written
as the citations are: "Fawcett, 2006", "Hanley and McNeil, 1982", "Chapelle et al.,
2009". Use it with ``{bibliography}`` and ``:style: authoryear``.
"""

from __future__ import annotations

from pybtex.plugin import register_plugin
from pybtex.style.formatting.unsrt import Style as UnsrtStyle
from pybtex.style.labels import BaseLabelStyle
from pybtex.style.sorting.author_year_title import SortingStyle


def _surname(person) -> str:
    return " ".join(person.prelast_names + person.last_names)


def _authors(entry) -> str:
    people = entry.persons.get("author") or entry.persons.get("editor") or []
    names = [_surname(p) for p in people]
    if not names:
        return entry.fields.get("organization", entry.key)
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return f"{names[0]} and {names[1]}"
    return f"{names[0]} et al."


class AuthorYearLabels(BaseLabelStyle):
    def format_labels(self, sorted_entries):
        for entry in sorted_entries:
            yield f"{_authors(entry)}, {entry.fields.get('year', 'n.d.')}"


class AuthorYearStyle(UnsrtStyle):
    default_label_style = AuthorYearLabels
    default_sorting_style = SortingStyle


def setup(app):
    register_plugin("pybtex.style.labels", "authoryear", AuthorYearLabels)
    register_plugin("pybtex.style.formatting", "authoryear", AuthorYearStyle)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
