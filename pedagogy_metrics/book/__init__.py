"""What only the book needs: never imported by the metrics.

* :mod:`~pedagogy_metrics.book.display`: show a function's source, tables,
  equations and cross-checks in a chapter;
* :mod:`~pedagogy_metrics.book.notes`: the source notes' own formulas, written
  as the notes wrote them, so that a chapter can compare them with the package;
* :mod:`~pedagogy_metrics.book.examples`: small data sets several chapters share;
* :mod:`~pedagogy_metrics.book.errata`: the tables of the errata appendix (appendix A);
* ``book.mplstyle``: the book's Matplotlib style (see :mod:`pedagogy_metrics.plots`);
* :mod:`~pedagogy_metrics.book.simulations`: the simulation studies chapters run
  but do not teach;
* :mod:`~pedagogy_metrics.book.figures`: the figures of chapter 13, drawn from
  the numbers the chapter computed.

The last two load SciPy and Matplotlib, so they are imported on their own:
``from pedagogy_metrics.book import simulations as sim, figures as figs``.

A chapter starts with ``from pedagogy_metrics import book``, then calls
``book.show_source(pm.roc_auc)``, ``book.table(...)``, ``book.notes.ndcg_note002(...)``.
"""

from . import errata, examples, notes
from .display import (
    CrossCheck,
    agreement,
    as_math,
    equation,
    markdown,
    show_source,
    table,
)

__all__ = [
    "show_source",
    "table",
    "as_math",
    "markdown",
    "equation",
    "agreement",
    "CrossCheck",
    "examples",
    "errata",
    "notes",
]
