"""Command line: score a TREC run as trec_eval does.

``python -m pedagogy_metrics.trec_eval QRELS RUN [-m MEASURE]... [-q] [-c] [-l LEVEL]``
(or the console script ``pm-trec-eval``) prints one line
``measure<TAB>query<TAB>value`` per value, the value to four decimals: with
``-q`` every query's value, then for each measure its mean over the query set
on an ``all`` line, as trec_eval prints them. The numbers come from
:class:`~pedagogy_metrics.ranking.Qrels`, the same kernels as
:func:`~pedagogy_metrics.ranking.evaluate_run`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .ranking import Qrels, read_qrels, read_run

__all__ = ["DEFAULT_MEASURES", "main", "report"]

#: The measures printed when no ``-m`` is given.
DEFAULT_MEASURES = ("map", "recip_rank", "P_10", "ndcg", "ndcg_cut_10")


def report(
    qrels: dict[str, dict[str, int]],
    run: dict[str, dict[str, float]],
    measures: Sequence[str] = DEFAULT_MEASURES,
    *,
    per_query: bool = False,
    missing_queries: str = "drop",
    relevance_level: int = 1,
) -> list[str]:
    """The lines trec_eval prints for a run: ``measure<TAB>query<TAB>value``.

    Parameters
    ----------
    qrels : dict of dict
        ``{query: {document: grade}}``.
    run : dict of dict
        ``{query: {document: score}}``.
    measures : sequence of str, default :data:`DEFAULT_MEASURES`
        Measure names, as :func:`~pedagogy_metrics.ranking.evaluate_run`
        takes them.
    per_query : bool, default False
        Also print each query's values (trec_eval ``-q``), query by query,
        before the ``all`` lines: the queries of the run that are judged (a
        judged query absent from the run counts 0 in the means under ``-c``
        but gets no line of its own, as in trec_eval).
    missing_queries : {"drop", "zero"}, default "drop"
        ``"zero"``: trec_eval ``-c``.
    relevance_level : int, default 1
        trec_eval ``-l``.

    Returns
    -------
    list of str
        The lines, without line ends; values to four decimals.

    Examples
    --------
    >>> report({"q1": {"a": 1}}, {"q1": {"a": 0.5, "b": 0.9}}, ["P_1", "mrr"])
    ['P_1\\tall\\t0.0000', 'mrr\\tall\\t0.5000']
    """
    judged = Qrels(qrels, relevance_level=relevance_level)
    results = judged.evaluate(run, measures, missing_queries=missing_queries)
    lines = []
    if per_query:  # the queries of the run (-c's zeros count in the means only)
        for query, values in results.items():
            if query in run:
                lines += [f"{m}\t{query}\t{v:.4f}" for m, v in values.items()]
    if results:
        means = judged.mean(run, measures, missing_queries=missing_queries)
        lines += [f"{m}\tall\t{v:.4f}" for m, v in means.items()]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0, or 2 for bad input)."""
    parser = argparse.ArgumentParser(
        prog="pm-trec-eval",
        description="Score a TREC run against qrels, as trec_eval does.",
    )
    parser.add_argument("qrels", help="qrels file: query 0 document grade")
    parser.add_argument("run", help="run file: query Q0 document rank score tag")
    parser.add_argument(
        "-m",
        dest="measures",
        action="append",
        metavar="MEASURE",
        help="a measure, repeatable: map, P_10, P.5,10, ndcg_cut_10, ndcg@10, mrr, "
        f"... (default: {' '.join(DEFAULT_MEASURES)})",
    )
    parser.add_argument("-q", action="store_true", help="print each query's values too")
    parser.add_argument(
        "-c",
        action="store_true",
        help="average over every judged query: a query absent from the run scores 0",
    )
    parser.add_argument(
        "-l",
        dest="level",
        type=int,
        default=1,
        metavar="LEVEL",
        help="relevant means grade >= LEVEL (default 1)",
    )
    args = parser.parse_args(argv)
    try:
        lines = report(
            read_qrels(args.qrels),
            read_run(args.run),
            args.measures or DEFAULT_MEASURES,
            per_query=args.q,
            missing_queries="zero" if args.c else "drop",
            relevance_level=args.level,
        )
    except (OSError, TypeError, ValueError) as error:
        parser.exit(2, f"pm-trec-eval: error: {error}\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
