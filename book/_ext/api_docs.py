"""The API page: named tuples list their fields once.

Python gives each field of a ``NamedTuple`` the docstring "Alias for field number
N"; autodoc would list every field a second time as a member (a duplicate object
description, an error in the book build). The fields are documented under
Attributes in each class docstring, so those generated members are skipped here,
in the book's build, and the package itself carries no documentation workaround.
"""

from __future__ import annotations

from typing import Any


def _skip_field_alias(app, what, name, obj, skip, options) -> bool | None:
    doc = getattr(obj, "__doc__", None) or ""
    if what == "class" and doc.startswith("Alias for field number"):
        return True
    return None


def setup(app: Any) -> dict[str, Any]:
    app.connect("autodoc-skip-member", _skip_field_alias)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
