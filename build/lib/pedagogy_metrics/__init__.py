"""pedagogy_metrics: machine-learning evaluation metrics, one readable step at a time.

Every public function is importable from the top level::

    import pedagogy_metrics as pm
    pm.accuracy([0, 1, 1], [0, 1, 0])

The modules follow the chapters of the book (second edition):
:mod:`~pedagogy_metrics.classification` (chapters 1-3),
:mod:`~pedagogy_metrics.curves` (4-6) with :mod:`~pedagogy_metrics.explorer` (the
interactive threshold explorer of chapters 4 and 6),
:mod:`~pedagogy_metrics.multiclass` (7),
:mod:`~pedagogy_metrics.probabilistic` (8), :mod:`~pedagogy_metrics.calibration` (9),
:mod:`~pedagogy_metrics.regression` (10),
:mod:`~pedagogy_metrics.ranking` (11-12), :mod:`~pedagogy_metrics.inference` (13),
:mod:`~pedagogy_metrics.comparison` (14) and :mod:`~pedagogy_metrics.streaming` (15).
"""

from .calibration import *  # noqa: F403
from .calibration import __all__ as _calibration_all
from .classification import *  # noqa: F403
from .classification import __all__ as _classification_all
from .comparison import *  # noqa: F403
from .comparison import __all__ as _comparison_all
from .curves import *  # noqa: F403
from .curves import __all__ as _curves_all
from .explorer import ThresholdExplorer, threshold_explorer  # noqa: F401  (a figure)
from .inference import *  # noqa: F403
from .inference import __all__ as _inference_all
from .multiclass import *  # noqa: F403
from .multiclass import __all__ as _multiclass_all
from .probabilistic import *  # noqa: F403
from .probabilistic import __all__ as _probabilistic_all
from .ranking import *  # noqa: F403
from .ranking import __all__ as _ranking_all
from .regression import *  # noqa: F403
from .regression import __all__ as _regression_all
from .streaming import *  # noqa: F403
from .streaming import __all__ as _streaming_all

__all__ = [
    *_classification_all,
    *_curves_all,
    *_multiclass_all,
    *_probabilistic_all,
    *_calibration_all,
    *_regression_all,
    *_ranking_all,
    *_inference_all,
    *_comparison_all,
    *_streaming_all,
]

__version__ = "0.1.0"
