"""pedagogy_metrics: machine-learning evaluation metrics, one readable step at a time.

Every public function is importable from the top level::

    import pedagogy_metrics as pm
    pm.accuracy([0, 1, 1], [0, 1, 0])

The modules follow the chapters of the book: :mod:`~pedagogy_metrics.classification`
(chapters 1-2), :mod:`~pedagogy_metrics.curves` (3-4),
:mod:`~pedagogy_metrics.probabilistic` (5), :mod:`~pedagogy_metrics.regression` (6),
:mod:`~pedagogy_metrics.ranking` (7-8) and :mod:`~pedagogy_metrics.inference` (9).
"""

from .classification import *  # noqa: F401,F403
from .classification import __all__ as _classification_all

# MODULE-IMPORTS (one block per module; keep in chapter order)

__all__ = [
    *_classification_all,
]

__version__ = "0.1.0"
