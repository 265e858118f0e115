"""Small data sets that several chapters share (not metrics).

Kept in the package so that two chapters checking against the same oracle build their
data the same way, from one readable function.
"""

from __future__ import annotations

import numpy as np

__all__ = ["loan_applications", "random_trec_queries"]


def random_trec_queries(n_queries: int = 300, seed: int = 7) -> dict[str, dict]:
    """Random queries as ``trec_eval`` reads them, and the same lists as ranked grades.

    Each query has 1 to 14 judged documents ``d0, d1, ...`` with grades drawn from
    {0, 0, 1, 2, 3}, plus up to 4 unjudged documents ``u0, ...``. A random subset of
    them, in random order, is "retrieved"; the run gives them distinct, decreasing
    scores, so ``trec_eval`` ranks them exactly in that order.

    Parameters
    ----------
    n_queries : int, default 300
        Number of queries.
    seed : int, default 7
        Seed of ``numpy.random.default_rng``.

    Returns
    -------
    dict
        ``"qrels"`` (query -> {document: grade}) and ``"run"``
        (query -> {document: score}) for ``pytrec_eval``; ``"rankings"``
        (query -> grades in ranked order, 0 for unjudged documents), ``"judged"``
        (query -> all judged grades, the ideal for NDCG) and ``"n_relevant"``
        (query -> number of judged documents with grade > 0).

    Examples
    --------
    >>> data = random_trec_queries(2, seed=0)
    >>> sorted(data)
    ['judged', 'n_relevant', 'qrels', 'rankings', 'run']
    """
    rng = np.random.default_rng(seed)
    data: dict[str, dict] = {
        key: {} for key in ("qrels", "run", "rankings", "judged", "n_relevant")
    }
    for q in range(n_queries):
        name = f"q{q}"
        n_judged = int(rng.integers(1, 15))
        grades = rng.choice([0, 0, 1, 2, 3], size=n_judged)
        docs = [f"d{i}" for i in range(n_judged)] + [
            f"u{i}" for i in range(int(rng.integers(0, 5)))
        ]
        retrieved = [
            str(d) for d in rng.permutation(docs)[: int(rng.integers(1, len(docs) + 1))]
        ]
        data["qrels"][name] = {f"d{i}": int(g) for i, g in enumerate(grades)}
        data["run"][name] = {
            doc: float(len(retrieved) - i) for i, doc in enumerate(retrieved)
        }
        data["rankings"][name] = [data["qrels"][name].get(doc, 0) for doc in retrieved]
        data["judged"][name] = list(data["qrels"][name].values())
        data["n_relevant"][name] = int(np.count_nonzero(grades))
    return data


def loan_applications(n: int = 2_000, seed: int = 6) -> tuple[np.ndarray, np.ndarray]:
    """Loan applicants with a calibrated probability of default (chapter 6).

    Each applicant's log-odds of default is normal (mean -2.2, sd 1.2); the model's
    score is that probability rounded to three decimals, and the applicant defaults
    (label 1) with exactly that probability, so the score is calibrated by
    construction.

    Parameters
    ----------
    n : int, default 2000
        Number of applicants.
    seed : int, default 6
        Seed of ``numpy.random.default_rng``.

    Returns
    -------
    y : ndarray of int
        1 for an applicant who defaults.
    score : ndarray of float
        The model's probability of default, three decimals.

    Examples
    --------
    >>> y, score = loan_applications(5, seed=0)
    >>> y.shape, score.shape
    ((5,), (5,))
    """
    rng = np.random.default_rng(seed)
    log_odds = rng.normal(-2.2, 1.2, n)  # the applicants' log-odds of default
    score = np.round(1 / (1 + np.exp(-log_odds)), 3)  # the model's probability
    y = (rng.random(n) < score).astype(int)  # default, drawn with that probability
    return y, score
