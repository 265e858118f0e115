"""Ranking metrics for one query or many: chapters 7 and 8.

One query is a sequence of relevance **grades in ranked order** (position 1
first). Grades are non-negative numbers; an item is *relevant* when its grade
is greater than zero. Several queries are a list of such sequences.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validation import as_real

__all__: list[str] = []


def _as_grades(ranked: ArrayLike, name: str = "ranked") -> np.ndarray:
    """Validate one query's grades: a non-empty 1-D array of finite numbers >= 0."""
    grades = as_real(ranked, name)
    if (grades < 0).any():
        raise ValueError(f"{name} contains negative grades")
    return grades


# ---- precision@k, recall@k, AP, MAP, MRR (chapter 7) ---------------------------
# ---- end of chapter 7 section -------------------------------------------------

# ---- CG, DCG, NDCG, GAUC (chapter 8) -------------------------------------------
# ---- end of chapter 8 section -------------------------------------------------
