"""Tables and figures of an appendix are numbered A.1, A.2, ... by its letter.

Chapters sit in numbered parts of the table of contents, so Sphinx numbers their
tables 3.1, 3.2, ...; the appendices sit in an unnumbered part, where Sphinx would
count their tables on from 1 across every appendix ("Table 18"). A page whose
title starts with "Appendix X:" gets its letter in front of its own counter.
"""

from __future__ import annotations

import re
from typing import Any

LETTER = re.compile(r"^Appendix ([A-Z])\b")


def _letter_appendix_numbers(app: Any, env: Any) -> list[str]:
    for docname, by_type in env.toc_fignumbers.items():
        title = env.titles.get(docname)
        match = LETTER.match(title.astext()) if title is not None else None
        if match is None:
            continue
        for figtype, numbers in by_type.items():
            ordered = sorted(numbers, key=lambda key: numbers[key])
            by_type[figtype] = {
                key: (match.group(1), i) for i, key in enumerate(ordered, 1)
            }
    return []


def setup(app: Any) -> dict[str, Any]:
    # after Sphinx assigned the numbers (its collector listens at the default priority)
    app.connect("env-get-updated", _letter_appendix_numbers, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
