"""TREC runs: evaluate_run, Qrels, the measure names, TREC files and the command line,
against pytrec_eval (trec_eval 9)."""

from __future__ import annotations

import itertools
import math
import pathlib
import subprocess
import sys
import time

import numpy as np
import pytest
import pytrec_eval
from hypothesis import given
from hypothesis import strategies as hst

import pedagogy_metrics as pm
from pedagogy_metrics import ranking, trec_eval

DATA = pathlib.Path(__file__).resolve().parents[1] / "book" / "data"
CUT_FAMILIES = ("P", "recall", "map_cut", "ndcg_cut", "success")
TREC_MEASURES = {"map", "recip_rank", "ndcg", "Rprec"} | {
    f"{family}.1,2,3,5,10,30" for family in CUT_FAMILIES
}


# --- whole TREC runs: evaluate_run against pytrec_eval --------------------------------


@hst.composite
def trec_collections(draw):
    """qrels and a run as pytrec_eval takes them: graded and junk (negative) grades,
    scores from a handful of values (heavy ties: the document-id rule decides),
    judged documents never retrieved, retrieved documents never judged, queries only
    in the qrels or only in the run, empty rankings. (No empty judgements: pytrec_eval
    then gives wrong scores or hangs, cvangysel/pytrec_eval#49; see the test. No query
    judged only junk either: after any earlier evaluation in the same process
    pytrec_eval 0.5 never returns on one; test_evaluate_run_junk_only_query covers
    it.)"""
    pool = [f"d{j}" for j in range(14)] + ["D1", "d1a", "e"]  # ids whose order matters
    qrels, run = {}, {}
    for q in range(draw(hst.integers(1, 5))):
        qid = f"q{q}"
        if draw(hst.integers(0, 5)):  # mostly judged
            docs = draw(
                hst.lists(hst.sampled_from(pool), min_size=1, max_size=12, unique=True)
            )
            grades = hst.sampled_from([-1, 0, 0, 1, 1, 2, 3])
            qrels[qid] = {d: draw(grades) for d in docs}
            if max(qrels[qid].values()) < 0:  # junk only: pytrec_eval may hang (below)
                qrels[qid][docs[0]] = 0
        if draw(hst.integers(0, 5)):  # mostly in the run
            docs = draw(hst.lists(hst.sampled_from(pool), max_size=15, unique=True))
            scores = hst.sampled_from([0.0, 0.5, 1.0, 1.5, -2.0, 3.25])
            run[qid] = {d: draw(scores) for d in docs}
    qrels = qrels or {"q0": {"d0": 1}}
    run = run or {"q0": {"d1": 1.0}}
    return qrels, run


def assert_same_as_trec_eval(ours, theirs):
    assert list(ours) == sorted(theirs)  # the same queries, sorted
    for q, values in theirs.items():
        assert set(ours[q]) == set(values), q
        for measure, value in values.items():
            assert ours[q][measure] == pytest.approx(value, abs=1e-12), (q, measure)


@given(trec_collections())
def test_evaluate_run_vs_pytrec_eval(collection):
    qrels, run = collection
    theirs = pytrec_eval.RelevanceEvaluator(qrels, TREC_MEASURES).evaluate(run)
    assert_same_as_trec_eval(pm.evaluate_run(qrels, run, TREC_MEASURES), theirs)
    # a query with empty judgements is dropped, as one missing from the qrels (a TREC
    # file cannot hold it; pytrec_eval mis-scores the queries after it, issue #49)
    with_empty = qrels | {"q_none": {}}, run | {"q_none": {"d1": 1.0}}
    assert_same_as_trec_eval(pm.evaluate_run(*with_empty, TREC_MEASURES), theirs)


@given(trec_collections())
def test_pm_functions_on_ranked_grades_vs_pytrec_eval(collection):
    """The per-query functions and their means on the lists ranked_grades returns:
    MAP, MRR, mean NDCG, hit rate and R-precision as trec_eval computes them."""
    qrels, run = collection
    theirs = pytrec_eval.RelevanceEvaluator(qrels, TREC_MEASURES).evaluate(run)
    ranked = pm.ranked_grades(qrels, run)
    assert sorted(ranked) == sorted(theirs)
    queries = [q for q in sorted(ranked) if ranked[q].size]  # something retrieved
    if not queries:
        return
    lists = [ranked[q] for q in queries]
    judged = [np.maximum(list(qrels[q].values()), 0) for q in queries]
    n_rel = [int(np.sum(j >= 1)) for j in judged]
    mean = {m: np.mean([theirs[q][m] for q in queries]) for m in theirs[queries[0]]}
    assert pm.mean_average_precision(lists, n_relevant=n_rel) == pytest.approx(
        mean["map"], abs=1e-12
    )
    assert pm.mean_reciprocal_rank(lists) == pytest.approx(
        mean["recip_rank"], abs=1e-12
    )
    assert pm.mean_ndcg(lists, ideals=judged) == pytest.approx(mean["ndcg"], abs=1e-12)
    assert pm.mean_ndcg(lists, 5, ideals=judged) == pytest.approx(
        mean["ndcg_cut_5"], abs=1e-12
    )
    for k in (1, 3, 10):
        assert pm.hit_rate(lists, k) == pytest.approx(mean[f"success_{k}"], abs=1e-12)
    for q, grades, r in zip(queries, lists, n_rel):
        assert pm.r_precision(grades, n_relevant=r) == pytest.approx(
            theirs[q]["Rprec"], abs=1e-12
        )


@given(trec_collections())
def test_numpy_numbers_give_the_values_of_python_numbers(collection):
    """NumPy scalars (np.float64 scores, np.int64 grades) in the dicts: the same
    values, bit for bit, as Python floats and ints."""
    qrels, run = collection
    measures = TREC_MEASURES | set(CUT_FAMILIES)
    plain = pm.evaluate_run(qrels, run, measures)
    numpy_run = {q: {d: np.float64(v) for d, v in ds.items()} for q, ds in run.items()}
    numpy_qrels = {
        q: {d: np.int64(g) for d, g in ds.items()} for q, ds in qrels.items()
    }
    assert pm.evaluate_run(numpy_qrels, numpy_run, measures) == plain


def test_evaluate_run_junk_only_query():
    """A query whose judgements are all negative (junk) has no relevant document:
    every measure is 0, as trec_eval reports in a fresh process."""
    qrels = {"q0": {"d3": -1}, "q1": {"d1": 1}}
    run = {"q0": {"d7": 1.5, "d3": 0.0}, "q1": {"d1": 2.0, "d2": 1.0}}
    ours = pm.evaluate_run(qrels, run, TREC_MEASURES)
    assert set(ours["q0"].values()) == {0.0}
    assert ours["q1"]["map"] == 1.0 and ours["q1"]["P_2"] == 0.5


def test_evaluate_run_default_cutoffs_and_measure_spellings():
    qrels, run = pm.read_qrels(DATA / "qrels.txt"), pm.read_run(DATA / "run.txt")
    for measures in (
        set(CUT_FAMILIES),  # trec_eval's default cut-offs
        {"P_5", "P.10", "ndcg_cut.3,7", "success_2", "map_cut_4", "recall_6"},
        ["map", "map", "P_5", "P.5"],  # repeated names: one value each
    ):
        theirs = pytrec_eval.RelevanceEvaluator(qrels, set(measures)).evaluate(run)
        assert_same_as_trec_eval(pm.evaluate_run(qrels, run, measures), theirs)


def test_shipped_trec_files_vs_pytrec_eval():
    """book/data/qrels.txt and run.txt: graded judgements, tied scores (two- and
    three-way), judged documents never retrieved, retrieved documents never judged, a
    query with no relevant document, a query only judged, a query only run."""
    qrels, run = pm.read_qrels(DATA / "qrels.txt"), pm.read_run(DATA / "run.txt")
    with open(DATA / "qrels.txt") as f:
        assert qrels == pytrec_eval.parse_qrel(f)
    with open(DATA / "run.txt") as f:
        assert run == pytrec_eval.parse_run(f)
    for measures in (TREC_MEASURES, set(CUT_FAMILIES)):
        theirs = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)
        assert_same_as_trec_eval(pm.evaluate_run(qrels, run, measures), theirs)
    ours = pm.evaluate_run(qrels, run, TREC_MEASURES)
    assert list(ours) == ["q1", "q2", "q3"]  # q4 only judged, q5 only run: dropped
    # what the file holds, which the chapter relies on
    ranked = pm.ranked_grades(qrels, run)
    assert ranked["q1"].tolist() == [0, 3, 1, 2, 0, 0, 1, 0]  # D07 before D02: tie
    assert ranked["q2"].tolist() == [3, 2, 0, 0, 1, 0]  # D26, D23, D22: three-way tie
    assert not any(ranked["q3"])  # nothing relevant: every measure 0
    assert set(ours["q3"].values()) == {0.0}
    assert ours["q1"]["Rprec"] == 3 / 5  # R = 5 (D06 never retrieved)


def test_ranked_grades_tie_rule_hand():
    """Ties by document id descending, as strings: "d9" > "d10" > "d1"."""
    qrels = {"q": {"d1": 1, "d10": 2, "d9": 3, "x": 1}}
    run = {"q": {"d1": 0.5, "d10": 0.5, "d9": 0.5, "u": 0.7, "x": 0.1}}
    assert pm.ranked_grades(qrels, run)["q"].tolist() == [0, 3, 2, 1, 1]
    result = pm.evaluate_run(qrels, run, ["recip_rank", "P_2", "success_1"])
    assert result == {"q": {"P_2": 0.5, "recip_rank": 0.5, "success_1": 0.0}}
    assert result == pytrec_eval.RelevanceEvaluator(
        qrels, {"recip_rank", "P_2", "success_1"}
    ).evaluate(run)


def test_evaluate_run_empty_ranking_and_integer_scores():
    qrels = {"a": {"d1": 1}, "b": {"d1": 2, "d2": 0}}
    run = {"a": {}, "b": {"d2": 2**62 + 1, "d1": 2**62}}
    result = pm.evaluate_run(qrels, run, ["map", "ndcg"])
    assert result["a"] == {"map": 0.0, "ndcg": 0.0}
    # integer scores above 2**53 stay distinct (pytrec_eval's doubles would tie them)
    assert result["b"]["map"] == 0.5
    assert pm.evaluate_run(qrels, {"b": {"d2": 2.0, "d1": 1.0}}, ["map"])["b"] == {
        "map": 0.5
    }


@given(trec_collections())
def test_read_qrels_and_run_vs_pytrec_eval_parsers(tmp_path_factory, collection):
    qrels, run = collection
    folder = tmp_path_factory.mktemp("trec")
    qrels_file, run_file = folder / "qrels.txt", folder / "run.txt"
    qrels_file.write_text(
        "".join(
            f"{q} 0 {d} {g}\n" for q, docs in qrels.items() for d, g in docs.items()
        )
    )
    run_file.write_text(
        "".join(
            f"{q}\tQ0  {d} {rank} {s!r} tag\n"
            for q, docs in run.items()
            for rank, (d, s) in enumerate(docs.items(), start=1)
        )
    )
    with open(qrels_file) as f:
        expected_qrels = pytrec_eval.parse_qrel(f)
    with open(run_file) as f:
        expected_run = pytrec_eval.parse_run(f)
    if not expected_qrels or not expected_run:  # an empty file: refused
        return
    assert pm.read_qrels(qrels_file) == expected_qrels
    assert pm.read_run(str(run_file)) == expected_run
    with open(qrels_file, "a") as f:
        f.write("\n")  # a blank line: ignored (pytrec_eval's parser fails on it)
    assert pm.read_qrels(qrels_file) == expected_qrels


# --- bad input ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "qrels, run, measures, error, match",
    [
        (
            [("q", "d", 1)],
            {"q": {"d": 1.0}},
            ["map"],
            TypeError,
            "qrels must be a dict",
        ),
        ({}, {"q": {"d": 1.0}}, ["map"], ValueError, "qrels is empty"),
        ({3: {"d": 1}}, {"q": {"d": 1.0}}, ["map"], TypeError, "qrels has a query id"),
        ({"q": {4: 1}}, {"q": {"d": 1.0}}, ["map"], TypeError, r"qrels\['q'\]"),
        ({"q": [1]}, {"q": {"d": 1.0}}, ["map"], TypeError, r"qrels\['q'\]"),
        ({"q": {"d": 1.5}}, {"q": {"d": 1.0}}, ["map"], ValueError, "whole numbers"),
        ({"q": {"d": "1"}}, {"q": {"d": 1.0}}, ["map"], TypeError, r"qrels\['q'\]"),
        ({"q": {"d": 1}}, None, ["map"], TypeError, "run must be a dict"),
        ({"q": {"d": 1}}, {"q": {"d": np.nan}}, ["map"], ValueError, r"run\['q'\]"),
        ({"q": {"d": 1}}, {"q": {"d": np.inf}}, ["map"], ValueError, r"run\['q'\]"),
        ({"q": {"d": 1}}, {"q": {b"d": 1.0}}, ["map"], TypeError, r"run\['q'\]"),
        ({"q": {"d": 1}}, {"q": {"d": 1.0}}, "map", TypeError, "measures must be"),
        ({"q": {"d": 1}}, {"q": {"d": 1.0}}, None, TypeError, "measures must be"),
        ({"q": {"d": 1}}, {"q": {"d": 1.0}}, [], ValueError, "measures is empty"),
        ({"q": {"d": 1}}, {"q": {"d": 1.0}}, [5], TypeError, "measures must hold"),
        ({"q": {"d": 1}}, {"q": {"d": 1.0}}, ["bpref"], ValueError, "unknown"),
        ({"q": {"d": 1}}, {"q": {"d": 1.0}}, ["ndcg_5"], ValueError, "unknown"),
        ({"q": {"d": 1}}, {"q": {"d": 1.0}}, ["P_0"], ValueError, "cut-off '0'"),
        ({"q": {"d": 1}}, {"q": {"d": 1.0}}, ["P.5,x"], ValueError, "cut-off 'x'"),
        ({"q": {"d": 1}}, {"q": {"d": 1.0}}, ["P_"], ValueError, "cut-off ''"),
    ],
)
def test_bad_evaluate_run_input(qrels, run, measures, error, match):
    with pytest.raises(error, match=match):
        pm.evaluate_run(qrels, run, measures)


@pytest.mark.parametrize(
    "reader, text, match",
    [
        (
            pm.read_qrels,
            "q1 0 d1 1\nq1 0 d2\n",
            "line 2 of .* has 3 fields, expected 4",
        ),
        (
            pm.read_qrels,
            "q1 0 d1 1.5\n",
            "the grade '1.5' on line 1 of .* is not a whole number",
        ),
        (pm.read_qrels, "q1 0 d1 x\n", "the grade 'x'"),
        (
            pm.read_qrels,
            "q1 0 d1 1\nq1 0 d1 2\n",
            "document 'd1' of query 'q1' appears",
        ),
        (pm.read_qrels, "\n\n", ".*file.txt holds no lines"),
        (
            pm.read_run,
            "q1 Q0 d1 1 nan t\n",
            "the score 'nan' on line 1 of .* is not a finite",
        ),
        (pm.read_run, "q1 Q0 d1 1 0.5\n", "line 1 of .* has 5 fields, expected 6"),
    ],
)
def test_bad_trec_files(tmp_path, reader, text, match):
    path = tmp_path / "file.txt"
    path.write_text(text)
    with pytest.raises(ValueError, match=f"path: {match}"):
        reader(path)


def test_bad_trec_path():
    with pytest.raises(TypeError, match="path must be a file name"):
        pm.read_qrels(None)
    with pytest.raises(TypeError, match="path must be a file name"):
        pm.read_run(3)
    with pytest.raises(FileNotFoundError):
        pm.read_run(DATA / "no-such-run.txt")


# --- relevance level, missing queries, aliases, prepared qrels ------------------------


def _with_zeros(qrels, theirs, measures_keys, level=1):
    """pytrec_eval's per-query values plus trec_eval -c's zeros: every judged query
    with a relevant document (grade >= level) that pytrec_eval did not score."""
    out = dict(theirs)
    for q, docs in qrels.items():
        if q not in out and any(g >= level for g in docs.values()):
            out[q] = dict.fromkeys(measures_keys, 0.0)
    return out


@given(trec_collections(), hst.sampled_from([1, 2, 3]))
def test_relevance_level_and_missing_queries_vs_pytrec_eval(collection, level):
    """relevance_level is trec_eval's -l; missing_queries="zero" is trec_eval -c: the
    queries pytrec_eval scores plus every absent judged query with a relevant
    document, all zero. evaluate_run_mean is the mean over that query set."""
    qrels, run = collection
    theirs = pytrec_eval.RelevanceEvaluator(
        qrels, TREC_MEASURES, relevance_level=level
    ).evaluate(run)
    ours = pm.evaluate_run(qrels, run, TREC_MEASURES, relevance_level=level)
    assert_same_as_trec_eval(ours, theirs)
    zero = pm.evaluate_run(
        qrels, run, TREC_MEASURES, relevance_level=level, missing_queries="zero"
    )
    # the measure names trec_eval expands TREC_MEASURES to (also when no query is
    # scored by both, so that every absent judged query gets all of them as 0)
    keys = next(iter((ours or zero).values())).keys() if (ours or zero) else []
    expected = _with_zeros(qrels, theirs, keys, level)
    assert_same_as_trec_eval(zero, expected)
    if expected and keys:
        means = pm.evaluate_run_mean(
            qrels, run, TREC_MEASURES, relevance_level=level, missing_queries="zero"
        )
        for m in keys:
            mean = np.mean([v[m] for v in expected.values()])
            assert means[m] == pytest.approx(mean, abs=1e-12), m


@given(trec_collections())
def test_aliases_equal_their_trec_eval_names(collection):
    qrels, run = collection
    pairs = {
        "map@5": "map_cut_5",
        "precision@3": "P_3",
        "recall@10": "recall_10",
        "mrr": "recip_rank",
        "ndcg@5": "ndcg_cut_5",
        "hit_rate@3": "success_3",
        "r-precision": "Rprec",
    }
    ours = pm.evaluate_run(qrels, run, [*pairs, *pairs.values()])
    for values in ours.values():
        for alias, name in pairs.items():
            assert values[alias] == values[name], (alias, name)


@given(trec_collections(), hst.integers(1, 6))
def test_mrr_at_k_is_the_reciprocal_rank_within_k(collection, k):
    qrels, run = collection
    ours = pm.evaluate_run(qrels, run, [f"mrr@{k}"])
    for q, grades in pm.ranked_grades(qrels, run).items():
        first = np.flatnonzero(grades[:k] >= 1)
        expected = 1 / (first[0] + 1) if first.size else 0.0
        assert ours[q][f"mrr@{k}"] == expected


def test_results_keyed_by_the_names_given_in_their_order():
    qrels = {"q1": {"a": 2, "b": 0, "c": 1}}
    run = {"q1": {"a": 0.5, "b": 0.5, "d": 0.9}}
    ours = pm.evaluate_run(qrels, run, ["ndcg@2", "P.1,2", "mrr", "map"])
    assert list(ours["q1"]) == ["ndcg@2", "P_1", "P_2", "mrr", "map"]


@given(trec_collections())
def test_prepared_qrels_score_many_runs(collection):
    """One Qrels scores any number of runs, each as evaluate_run does; the qrels dicts
    are copied: changing them afterwards changes nothing."""
    qrels, run = collection
    judged = pm.Qrels(qrels, relevance_level=2)
    reversed_run = {q: {d: -s for d, s in docs.items()} for q, docs in run.items()}
    for r in (run, reversed_run, run):
        assert judged.evaluate(r, TREC_MEASURES) == pm.evaluate_run(
            qrels, r, TREC_MEASURES, relevance_level=2
        )
    before = judged.evaluate(run, ["map"], missing_queries="zero")
    for docs in qrels.values():
        docs.clear()
    assert judged.evaluate(run, ["map"], missing_queries="zero") == before


def test_measure_registry_covers_every_family():
    """Every trec_eval family has one kernel in the registry, and every name parses
    to one of them."""
    from pedagogy_metrics._checks.trec import ALIASES, TREC_CUTOFFS, TREC_MEASURES

    assert set(pm.MEASURES) == set(TREC_MEASURES) | set(TREC_CUTOFFS)
    assert set(ALIASES.values()) <= set(pm.MEASURES)


@pytest.mark.parametrize(
    "name, fix",
    [
        ("ndcg10", "use ndcg_cut_10 or ndcg@10"),
        ("NDCG@10", "use ndcg_cut_10 or ndcg@10"),
        ("ndcg_10", "use ndcg_cut_10 or ndcg@10"),
        ("P@5", "use P_5 or precision@5"),
        ("precision_5", "use P_5 or precision@5"),
        ("map_at_100", "use map_cut_100 or map@100"),
        ("MRR", "use recip_rank or mrr@10"),
        ("hitrate@10", "use success_10 or hit_rate@10"),
        ("R-prec", "use Rprec or r-precision"),
    ],
)
def test_unknown_measure_names_suggest_the_spelling(name, fix):
    with pytest.raises(ValueError, match=f"unknown measure '{name}'; {fix}"):
        pm.evaluate_run({"q": {"d": 1}}, {"q": {"d": 1.0}}, [name])


@pytest.mark.parametrize("name", ["ndcg@0", "P_0", "map@-1", "recall@x", "P.5,0"])
def test_a_cut_off_below_one_is_refused(name):
    with pytest.raises(ValueError, match="not a whole number >= 1"):
        pm.evaluate_run({"q": {"d": 1}}, {"q": {"d": 1.0}}, [name])


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(missing_queries="all"), ValueError, "missing_queries must be one of"),
        (dict(missing_queries=None), ValueError, "missing_queries"),
        (dict(relevance_level=0), ValueError, "relevance_level must be >= 1"),
        (dict(relevance_level=1.5), ValueError, "relevance_level"),
        (dict(relevance_level="2"), TypeError, "relevance_level"),
    ],
)
def test_bad_query_set_and_level(kwargs, error, match):
    with pytest.raises(error, match=match):
        pm.evaluate_run({"q": {"d": 1}}, {"q": {"d": 1.0}}, ["map"], **kwargs)


def test_mean_of_a_run_without_judged_queries_is_an_error():
    with pytest.raises(ValueError, match="no query id of run is in qrels"):
        pm.evaluate_run_mean({"q": {"d": 1}}, {"other": {"d": 1.0}}, ["map"])
    # with -c the judged query counts, as 0
    assert pm.evaluate_run_mean(
        {"q": {"d": 1}}, {"other": {"d": 1.0}}, ["map"], missing_queries="zero"
    ) == {"map": 0.0}


def test_shipped_run_query_sets():
    """The book's sample files: q4 is judged and absent from the run; the mean
    nDCG@10 over the judged queries of the run (trec_eval) and over every judged
    query (trec_eval -c, ir_measures) differ."""
    qrels, run = pm.read_qrels(DATA / "qrels.txt"), pm.read_run(DATA / "run.txt")
    theirs = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut_10"}).evaluate(run)
    drop = pm.evaluate_run_mean(qrels, run, ["ndcg@10"])["ndcg@10"]
    zero = pm.evaluate_run_mean(qrels, run, ["ndcg@10"], missing_queries="zero")
    assert drop == pytest.approx(np.mean([v["ndcg_cut_10"] for v in theirs.values()]))
    n_zero = len(_with_zeros(qrels, theirs, ["ndcg_cut_10"]))
    assert n_zero > len(theirs)
    assert zero["ndcg@10"] == pytest.approx(drop * len(theirs) / n_zero)


# --- the kernels: one query or a padded matrix, the same lines ------------------------


@given(
    hst.lists(
        hst.lists(hst.sampled_from([0, 0, 1, 2, 3]), min_size=1, max_size=12),
        min_size=1,
        max_size=6,
    ),
    hst.integers(1, 14),
)
def test_kernels_score_a_row_as_they_score_one_query(queries, k):
    """Each kernel on a padded matrix gives, row by row, exactly its value on each
    query alone (padding with grade 0 changes nothing)."""
    width = max(map(len, queries))
    matrix = np.array([q + [0] * (width - len(q)) for q in queries], dtype=float)
    r = np.count_nonzero(matrix > 0, axis=-1).astype(float)
    gains = matrix
    for i, q in enumerate(queries):
        row = np.array(q, dtype=float)
        assert ranking.precision_kernel(matrix, k)[i] == ranking.precision_kernel(
            row, k
        )
        assert ranking.recall_kernel(matrix, k, r)[i] == ranking.recall_kernel(
            row, k, r[i]
        )
        assert ranking.hit_kernel(matrix, k)[i] == ranking.hit_kernel(row, k)
        assert ranking.reciprocal_rank_kernel(matrix, k)[
            i
        ] == ranking.reciprocal_rank_kernel(row, k)
        assert ranking.r_precision_kernel(matrix, r)[i] == ranking.r_precision_kernel(
            row, r[i]
        )
        assert ranking.average_precision_kernel(matrix, k, r)[i] == pytest.approx(
            ranking.average_precision_kernel(row, k, r[i]), rel=1e-15
        )
        best = np.sort(row)[::-1]
        assert ranking.ndcg_kernel(gains, np.sort(gains)[:, ::-1], k)[i] == (
            pytest.approx(ranking.ndcg_kernel(row, best, k), rel=1e-15)
        )


def test_means_are_the_means_of_the_single_query_functions():
    rng = np.random.default_rng(5)
    queries = [rng.integers(0, 4, rng.integers(1, 30)) for _ in range(200)]
    k = 7
    assert pm.mean_average_precision(queries, k) == pytest.approx(
        np.mean([pm.average_precision_at_k(q, k) for q in queries]), rel=1e-14
    )
    assert pm.mean_reciprocal_rank(queries) == pytest.approx(
        np.mean([pm.reciprocal_rank(q) for q in queries]), rel=1e-14
    )
    assert pm.hit_rate(queries, k) == np.mean([pm.hit_at_k(q, k) for q in queries])
    assert pm.mean_ndcg(queries, k) == pytest.approx(
        np.mean([pm.ndcg(q, k) for q in queries]), rel=1e-14
    )
    ideals = [np.r_[q, rng.integers(0, 4, 3)] for q in queries]
    assert pm.mean_ndcg(queries, k, ideals=ideals) == pytest.approx(
        np.mean([pm.ndcg(q, k, ideal=j) for q, j in zip(queries, ideals)]), rel=1e-14
    )


def test_no_statement_is_hidden_and_no_shadow_kernel_is_left():
    """The module has no "fast path" marker and none of the old shadow kernels."""
    source = pathlib.Path(ranking.__file__).read_text(encoding="utf-8")
    assert "fast path" not in source
    for name in ("_flat_", "_evaluate_run_at_once", "_trec_kernels", "ndcg_at"):
        assert name not in source, name


@pytest.mark.parametrize(
    "call",
    [
        lambda: pm.precision_at_k([1, 0], 0),
        lambda: pm.hit_rate([[1, 0]], 0),
        lambda: pm.mean_ndcg([[1, 0]], 0),
        lambda: pm.mean_average_precision([[1, 0]], 0),
    ],
)
def test_k_zero_names_k(call):
    with pytest.raises(ValueError, match="k must be >= 1, got 0"):
        call()


def test_an_empty_query_names_it_and_the_fix():
    with pytest.raises(ValueError, match=r"queries\[1\] is empty.*\[0\]"):
        pm.mean_average_precision([[1, 0], []])
    with pytest.raises(ValueError, match=r"queries\[0\] is empty"):
        pm.mean_ndcg([[], [1]])


# --- TREC files: encodings, line ends, cost -------------------------------------------


QRELS_TEXT = "q1 0 d1 2\nq1 0 d2 0\nq2 0 d3 1\n"
RUN_TEXT = "q1 Q0 d1 1 2.5 t\nq1 Q0 d4 2 1.0 t\nq2 Q0 d3 1 0.5 t\n"


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
@pytest.mark.parametrize("newline", [b"\n", b"\r\n"])
def test_files_with_a_byte_order_mark_or_crlf(tmp_path, bom, newline):
    for reader, text in ((pm.read_qrels, QRELS_TEXT), (pm.read_run, RUN_TEXT)):
        plain = tmp_path / "plain.txt"
        plain.write_bytes(text.encode())
        odd = tmp_path / "odd.txt"
        odd.write_bytes(bom + text.encode().replace(b"\n", newline))
        assert reader(odd) == reader(plain)
        assert "q1" in reader(odd)  # the mark is not part of the first query id


def test_another_encoding_names_the_file_and_line(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes("q1 0 d1 1\nq1 0 caf\xe9 1\n".encode("latin-1"))
    with pytest.raises(ValueError, match=r"latin1.txt is not UTF-8 text: line 2"):
        pm.read_qrels(path)
    with pytest.raises(ValueError, match="re-save the file as UTF-8"):
        pm.read_run(path)


def test_a_duplicate_pair_names_its_line(tmp_path):
    path = tmp_path / "run.txt"
    path.write_text("q1 Q0 d1 1 2.5 t\nq2 Q0 d1 1 2.5 t\nq1 Q0 d1 2 1.0 t\n")
    with pytest.raises(ValueError, match="document 'd1' of query 'q1'.*line 3"):
        pm.read_run(path)


def test_reading_costs_in_proportion_to_the_lines(tmp_path):
    """Ten times the lines (and ten times the queries) cost about ten times as much
    (at most 50 times, for the noise of a shared machine and the caches), not a
    hundred times: each query was once gathered by a scan of all lines."""
    times = []
    for n_queries in (400, 4000):
        path = tmp_path / f"run{n_queries}.txt"
        path.write_text(
            "".join(
                f"q{q} Q0 d{d} {d + 1} {1 / (d + 1):.6f} t\n"
                for q in range(n_queries)
                for d in range(50)
            )
        )
        best = math.inf
        for _ in range(5):
            start = time.perf_counter()
            pm.read_run(path)
            best = min(best, time.perf_counter() - start)
        times.append(best)
    assert times[1] / times[0] < 50


# --- the command line -----------------------------------------------------------------


def _expected_lines(qrels, run, measures, per_query=False, zero=False, level=1):
    """trec_eval's lines from pytrec_eval's values."""
    theirs = pytrec_eval.RelevanceEvaluator(
        qrels, set(measures), relevance_level=level
    ).evaluate(run)
    if zero:
        theirs = _with_zeros(qrels, theirs, measures, level)
    lines = []
    if per_query:  # as trec_eval -q: a line per query of the run (not -c's zeros)
        for q in sorted(set(theirs) & set(run)):
            lines += [f"{m}\t{q}\t{theirs[q][m]:.4f}" for m in measures]
    for m in measures:
        lines.append(f"{m}\tall\t{np.mean([v[m] for v in theirs.values()]):.4f}")
    return lines


@pytest.mark.parametrize(
    "flags, options",
    [
        ([], {}),
        (["-q"], dict(per_query=True)),
        (["-c"], dict(zero=True)),
        (["-q", "-c", "-l", "2"], dict(per_query=True, zero=True, level=2)),
    ],
)
def test_command_line_on_the_shipped_run_equals_pytrec_eval(capsys, flags, options):
    qrels_path, run_path = DATA / "qrels.txt", DATA / "run.txt"
    assert trec_eval.main([str(qrels_path), str(run_path), *flags]) == 0
    out = capsys.readouterr().out.splitlines()
    qrels, run = pm.read_qrels(qrels_path), pm.read_run(run_path)
    expected = _expected_lines(qrels, run, trec_eval.DEFAULT_MEASURES, **options)
    assert out == expected


def test_command_line_on_a_generated_run_of_1000_queries(tmp_path):
    """1,000 queries (ties, unjudged and never retrieved documents, graded judgements,
    judged queries absent from the run), run as a separate process with -m measures
    in both spellings."""
    rng = np.random.default_rng(11)
    qrels_lines, run_lines = [], []
    for q in range(1000):
        judged = rng.choice(60, 20, replace=False)
        qrels_lines += [f"q{q} 0 d{d} {rng.integers(0, 4)}" for d in judged]
        if q % 10:  # every tenth judged query is absent from the run
            retrieved = rng.choice(60, 30, replace=False)
            scores = rng.integers(0, 8, 30) / 4  # many ties
            run_lines += [
                f"q{q} Q0 d{d} {i + 1} {s} tag"
                for i, (d, s) in enumerate(zip(retrieved, scores))
            ]
    (tmp_path / "qrels").write_text("\n".join(qrels_lines) + "\n")
    (tmp_path / "run").write_text("\n".join(run_lines) + "\n")
    measures = ["map", "P_5", "ndcg_cut_10", "recip_rank", "recall_20", "Rprec"]
    args = [str(tmp_path / "qrels"), str(tmp_path / "run"), "-q", "-c"]
    args += list(itertools.chain.from_iterable(("-m", m) for m in measures))
    out = subprocess.run(
        [sys.executable, "-m", "pedagogy_metrics.trec_eval", *args],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    qrels, run = pm.read_qrels(tmp_path / "qrels"), pm.read_run(tmp_path / "run")
    assert out == _expected_lines(qrels, run, measures, per_query=True, zero=True)
    assert len(out) == 6 * 900 + 6  # 900 queries in the run, then the means


def test_command_line_errors_name_the_fix(capsys):
    qrels, run = str(DATA / "qrels.txt"), str(DATA / "run.txt")
    with pytest.raises(SystemExit) as exit_:
        trec_eval.main([qrels, run, "-m", "ndcg10"])
    assert exit_.value.code == 2
    assert "use ndcg_cut_10 or ndcg@10" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        trec_eval.main([qrels, "no-such-run.txt"])
    assert "no-such-run.txt" in capsys.readouterr().err


def test_console_script_is_declared():
    text = (DATA.parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert 'pm-trec-eval = "pedagogy_metrics.trec_eval:main"' in text


def test_integer_scores_beyond_exact_floats_keep_their_order():
    """2**60 and 2**60 + 1 are one float; the run still ranks them as given."""
    qrels = {"q": {"a": 1, "b": 0}}
    up = pm.ranked_grades(qrels, {"q": {"a": 2**60, "b": 2**60 + 1}})
    down = pm.ranked_grades(qrels, {"q": {"a": 2**60 + 1, "b": 2**60}})
    assert up["q"].tolist() == [0, 1]
    assert down["q"].tolist() == [1, 0]
    assert pm.evaluate_run(qrels, {"q": {"a": 2**60 + 1, "b": 2**60}}, ["mrr"]) == {
        "q": {"mrr": 1.0}
    }
