"""Tests of pedagogy_metrics.ranking: hand values, seed examples, oracles (trec_eval,
scikit-learn), bad input."""

from __future__ import annotations

import math
import pathlib
from fractions import Fraction

import numpy as np
import pytest
import pytrec_eval
from hypothesis import given
from hypothesis import strategies as hst
from sklearn.metrics import dcg_score, ndcg_score, roc_auc_score

import pedagogy_metrics as pm
from pedagogy_metrics import book

from conftest import stored_text

CUTOFFS = (1, 2, 3, 5, 10, 30)


def exact_dcg(grades, gain=lambda r: r):
    """DCG in exact arithmetic for the rational parts, floats for the logarithms."""
    return sum(gain(r) / math.log2(i + 2) for i, r in enumerate(grades))


# --- precision@k, recall@k ------------------------------------------------------------


def test_precision_at_k_hand():
    ranked = [1, 0, 2, 1, 0]
    assert [pm.precision_at_k(ranked, k) for k in range(1, 6)] == [
        1.0,
        0.5,
        2 / 3,
        0.75,
        0.6,
    ]
    assert (
        pm.precision_at_k(ranked, 10) == 0.3
    )  # trec_eval: divide by k even past the end
    assert pm.precision_at_k([0.5], 1) == 1.0  # any positive grade is relevant
    assert isinstance(pm.precision_at_k((True, False), 1), float)


def test_recall_at_k_hand():
    ranked = [1, 0, 2, 1, 0]
    assert [pm.recall_at_k(ranked, k) for k in (1, 3, 5)] == [1 / 3, 2 / 3, 1.0]
    assert pm.recall_at_k(ranked, 3, n_relevant=8) == 0.25
    assert pm.recall_at_k([0, 0], 2) == 0.0  # no relevant item: 0 as trec_eval
    assert pm.recall_at_k([0, 0], 1, n_relevant=0) == 0.0


def test_precision_table_hand():
    t = pm.precision_table([1, 0, 1, 1], 3)
    assert t["rank"].tolist() == [1, 2, 3]
    assert t["relevant"].tolist() == [True, False, True]
    assert t["hits"].tolist() == [1, 1, 2]
    assert t["precision"].tolist() == [1.0, 0.5, 2 / 3]


# --- AP, MAP, MRR: the seeds ----------------------------------------------------------


def ap_fraction(relevant_ranks, n_relevant):
    return sum(Fraction(j + 1, r) for j, r in enumerate(relevant_ranks)) / n_relevant


def test_seed002_average_precision():
    """Relevant at ranks 1, 3, 6, 9, 10; 5 relevant in the database: the note prints
    0.62."""
    ranked = np.zeros(10, int)
    ranked[[0, 2, 5, 8, 9]] = 1
    exact = ap_fraction([1, 3, 6, 9, 10], 5)
    assert exact == Fraction(28, 45)
    assert pm.average_precision_at_k(ranked) == pytest.approx(float(exact), rel=1e-15)
    assert pm.average_precision_at_k(ranked, n_relevant=5) == pytest.approx(
        float(exact), rel=1e-15
    )
    assert f"{pm.average_precision_at_k(ranked):.2f}" == "0.62"


def test_seed002_mrr():
    """First relevant answer at ranks 3, 2, 1: the note prints 0.61."""
    queries = [[0, 0, 1], [0, 1], [1]]
    assert pm.mean_reciprocal_rank(queries) == pytest.approx(11 / 18, rel=1e-15)
    assert f"{pm.mean_reciprocal_rank(queries):.2f}" == "0.61"
    assert [pm.reciprocal_rank(q) for q in queries] == [1 / 3, 0.5, 1.0]
    assert pm.reciprocal_rank([0, 0, 0]) == 0.0


def test_seed003_ap_at_5_and_map():
    """AP@5 with denominator min(M, K): case 1 = 0.7556 (note 0.76), case 2 = 0.5,
    MAP 0.6278 (note 0.63)."""
    case1, case2 = [1, 0, 1, 0, 1], [0, 1, 0, 1, 0]
    assert pm.average_precision_at_k(case1, 5, n_relevant=min(3, 5)) == pytest.approx(
        34 / 45, rel=1e-15
    )
    assert pm.average_precision_at_k(case1, 5) == pytest.approx(34 / 45, rel=1e-15)
    assert pm.average_precision_at_k(case2, 5, n_relevant=min(2, 5)) == 0.5
    map5 = pm.mean_average_precision([case1, case2], 5)
    assert map5 == pytest.approx(
        float((Fraction(34, 45) + Fraction(1, 2)) / 2), rel=1e-15
    )
    assert f"{map5:.4f}" == "0.6278"
    assert (
        f"{(0.76 + 0.5) / 2:.2f}" == "0.63"
    )  # the note's rounded route lands on the same 0.63


def test_seed004_average_precision():
    """Labels 1, 0, 0, 1, 1, 1: (1/1 + 2/4 + 3/5 + 4/6) / 4 = 0.6917, as printed."""
    labels = [1, 0, 0, 1, 1, 1]
    assert pm.precision_table(labels)["precision"].tolist() == pytest.approx(
        [1, 1 / 2, 1 / 3, 2 / 4, 3 / 5, 4 / 6]
    )
    assert pm.average_precision_at_k(labels) == pytest.approx(
        float(Fraction(83, 120)), rel=1e-15
    )
    assert f"{pm.average_precision_at_k(labels):.4f}" == "0.6917"


def test_three_ap_denominators():
    """Relevant in the list, min(M, K), all relevant of the query: three values, one
    list."""
    ranked = [
        1,
        0,
        1,
        1,
        0,
        1,
    ]  # 4 relevant in the list; the query has 6 relevant items
    k = 3
    in_list = pm.average_precision_at_k(ranked, k)  # (1 + 2/3) / 4
    min_mk = pm.average_precision_at_k(ranked, k, n_relevant=min(6, k))  # (1 + 2/3) / 3
    query = pm.average_precision_at_k(ranked, k, n_relevant=6)  # (1 + 2/3) / 6
    assert (in_list, min_mk, query) == pytest.approx((5 / 12, 5 / 9, 5 / 18), rel=1e-15)


def test_average_precision_edge_cases():
    assert pm.average_precision_at_k([0, 0, 0]) == 0.0
    assert pm.average_precision_at_k([0, 0, 0], n_relevant=3) == 0.0
    assert pm.average_precision_at_k([1]) == 1.0
    assert (
        pm.average_precision_at_k([0, 1], 1) == 0.0
    )  # the relevant item lies beyond k
    assert pm.average_precision_at_k([1, 1], 5) == 1.0
    assert pm.mean_average_precision(np.array([[1, 0], [0, 1]])) == 0.75
    assert pm.mean_average_precision([[1, 0], [0, 1]], n_relevant=[2, None]) == 0.5
    assert isinstance(pm.mean_average_precision(([1],)), float)


# --- CG, DCG, NDCG: seed 000 ----------------------------------------------------------

SEED000 = [3, 2, 3, 0, 1, 2]
SEED000_ALL = [*SEED000, 3, 0]


def test_seed000_cg_dcg_idcg_ndcg():
    assert pm.cumulative_gain(SEED000) == 11.0
    assert pm.dcg(SEED000) == pytest.approx(exact_dcg(SEED000), rel=1e-14)
    assert f"{pm.dcg(SEED000):.4f}" == "6.8611"
    ideal6 = sorted(SEED000_ALL, reverse=True)[:6]
    assert ideal6 == [3, 3, 3, 2, 2, 1]
    assert f"{pm.dcg(ideal6):.4f}" == "8.3841"
    full = pm.ndcg(SEED000, 6, ideal=SEED000_ALL)
    shown = pm.ndcg(SEED000, 6)
    assert full == pytest.approx(exact_dcg(SEED000) / exact_dcg(ideal6), rel=1e-14)
    assert (f"{full:.3f}", f"{shown:.3f}") == ("0.818", "0.961")
    assert (
        f"{6.86 / 8.37:.4f}" == "0.8196"
    )  # the note's 81.96 % comes from rounded sums


def test_seed000_rounded_terms():
    """The note's terms are cut to two decimals (0.3869 -> 0.38, 0.3562 -> 0.35)."""
    dcg_terms = book.notes.dcg_terms_note000(SEED000)
    idcg_terms = book.notes.dcg_terms_note000([3, 3, 3, 2, 2, 1])
    assert dcg_terms.tolist() == [3, 1.26, 1.5, 0, 0.38, 0.71]  # as printed
    assert idcg_terms.tolist() == [3, 1.89, 1.5, 0.86, 0.77, 0.35]
    assert sum([3, 1.26, 1.5, 0, 0.38, 0.71]) == pytest.approx(
        6.85
    )  # the note prints 6.86


def test_seed000_exponential_gain():
    gain = lambda r: 2**r - 1  # noqa: E731
    assert pm.dcg(SEED000, gain="exponential") == pytest.approx(
        exact_dcg(SEED000, gain), rel=1e-14
    )
    ideal6 = [3, 3, 3, 2, 2, 1]
    expected = exact_dcg(SEED000, gain) / exact_dcg(ideal6, gain)
    assert pm.ndcg(SEED000, 6, ideal=SEED000_ALL, gain="exponential") == pytest.approx(
        expected, rel=1e-14
    )
    # the note's variant 2^rel without the -1 adds sum(1/log2(i+1)) to the DCG
    plain = book.notes.dcg_exponential_note000(SEED000)
    assert plain == pytest.approx(exact_dcg(SEED000, lambda r: 2**r), rel=1e-14)
    assert plain - exact_dcg(SEED000, gain) == pytest.approx(
        exact_dcg([1] * 6), rel=1e-14
    )


def test_dcg_table_hand():
    t = pm.dcg_table([3, 0, 1], gain="exponential")
    assert t["position"].tolist() == [1, 2, 3]
    assert t["gain"].tolist() == [7.0, 0.0, 1.0]
    assert t["discount"].tolist() == pytest.approx([1.0, math.log2(3), 2.0])
    assert t["dcg"].tolist() == pytest.approx([7.0, 7.0, 7.5])


def test_ndcg_cases():
    assert pm.ndcg([3, 2, 1]) == 1.0
    assert pm.ndcg([0, 0, 0]) == 0.0  # IDCG 0: 0 as trec_eval and scikit-learn
    assert pm.ndcg([0, 0], ideal=[0, 0, 0]) == 0.0
    assert pm.ndcg([0, 1], 1) == 0.0
    assert (
        pm.ndcg([1], 1, ideal=[1, 1]) == 1.0
    )  # at k = 1 the ideal also shows one item
    assert pm.ndcg([1], ideal=[1, 1]) == pytest.approx(
        1 / (1 + 1 / math.log2(3))
    )  # trec_eval: all judged
    assert (
        pm.ndcg([2, 0], ideal=[2]) == 1.0
    )  # an unjudged retrieved item counts as grade 0
    assert pm.cumulative_gain([3, 2, 3], 2) == 5.0


def test_extreme_grades_stay_finite():
    # NDCG is scale-free: the values of grades 1, 1, 0, 1 and of 0, 1, 1 (in the order
    # of the scores 2, 1, 0), worked from the definition
    assert pm.ndcg([1e300, 1e300, 0.0, 1e300]) == pytest.approx(
        exact_dcg([1, 1, 0, 1]) / exact_dcg([1, 1, 1]), rel=1e-14
    )
    assert pm.ndcg([1e-300, 0.0]) == 1.0
    assert pm.ndcg_from_scores([1e308, 1e308, 0], [0, 1, 2]) == pytest.approx(
        exact_dcg([0, 1, 1]) / exact_dcg([1, 1, 0]), rel=1e-14
    )
    assert pm.dcg([1000.0], gain="exponential") == 2.0**1000 - 1
    with pytest.raises(ValueError, match="ranked"):
        pm.dcg([1e308, 1e308, 1e308])
    with pytest.raises(ValueError, match="ranked"):
        pm.dcg([2000], gain="exponential")
    with pytest.raises(ValueError, match="y_true"):
        pm.ndcg_from_scores([2000, 0], [1, 0], gain="exponential")


def test_huge_query_is_fast():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 4, 10**6)
    s = rng.integers(0, 1000, 10**6)  # heavy ties
    value = pm.ndcg_from_scores(y, s, k=100)
    assert 0.0 <= value <= 1.0
    assert pm.average_precision_at_k(y) > 0
    order = np.argsort(-s, kind="stable")
    distinct = np.empty(y.size)
    distinct[order] = -np.arange(y.size)  # the same order, without ties
    assert pm.ndcg(y[order], 100) == pytest.approx(
        pm.ndcg_from_scores(y, distinct, k=100), rel=1e-12
    )
    ideal = np.sort(y)[::-1]
    assert pm.ndcg(y[order], 100) == pytest.approx(
        exact_dcg(y[order][:100].tolist()) / exact_dcg(ideal[:100].tolist()),
        rel=1e-12,
    )


# --- ties: seed 001 -------------------------------------------------------------------


def test_tied_scores_average_the_gain():
    """Two items tied at the top: each gets the mean gain (1 + 0) / 2 at positions 1
    and 2."""
    assert pm.dcg_from_scores([1, 0], [5, 5]) == pytest.approx(
        0.5 * (1 + 1 / math.log2(3))
    )
    both_orders = (exact_dcg([1, 0]) + exact_dcg([0, 1])) / 2
    assert pm.dcg_from_scores([1, 0], [5, 5]) == pytest.approx(both_orders)


def test_ties_equal_mean_over_permutations():
    y = [3, 0, 1, 2, 0]
    s = [0.5, 0.5, 0.5, 0.1, 0.9]  # items 0, 1, 2 tied in the middle
    import itertools

    tied = [0, 1, 2]
    values = []
    for perm in itertools.permutations(tied):
        order = [4, *perm, 3]
        values.append(exact_dcg([y[i] for i in order][:3]))
    assert pm.dcg_from_scores(y, s, 3) == pytest.approx(np.mean(values), rel=1e-14)


def test_seed001_default_ndcg_all_tied():
    """Seed 001: the default (constant) predictor's NDCG = every position gets the
    mean gain."""
    y = np.array([3, 0, 1, 2, 0, 4])
    gains = 2.0**y - 1
    expected = (
        gains.mean()
        * np.sum(1 / np.log2(np.arange(2, 8)))
        / exact_dcg(sorted(y.tolist(), reverse=True), lambda r: 2**r - 1)
    )
    assert pm.ndcg_from_scores(y, np.zeros(6), gain="exponential") == pytest.approx(
        expected, rel=1e-14
    )


def test_ndcg_from_scores_single_item_and_zero():
    assert pm.ndcg_from_scores([2], [0.3]) == 1.0
    assert pm.ndcg_from_scores([0], [0.3]) == 0.0
    assert pm.ndcg_from_scores([0, 0, 0], [1, 2, 3]) == 0.0
    assert pm.ndcg_from_scores([10, 0, 0, 1, 5], [1, 0, 0, 0, 1], k=1) == 0.75


def test_sklearn_all_zero_truth_gives_zero_too():
    """IDCG = 0: scikit-learn's ndcg_score returns 0 (no nan, no warning), as we do."""
    assert ndcg_score([[0, 0, 0]], [[0.1, 0.5, 0.2]]) == 0.0
    assert pm.ndcg_from_scores([0, 0, 0], [0.1, 0.5, 0.2]) == 0.0


def test_sklearn_refuses_a_single_item():
    with pytest.raises(ValueError, match="more than 1 document"):
        ndcg_score([[1]], [[0.5]])
    assert pm.ndcg_from_scores([1], [0.5]) == 1.0


# --- oracles: trec_eval ---------------------------------------------------------------


@hst.composite
def trec_queries(draw):
    """Queries as (qrels, run): integer grades 0..3, retrieved subsets with distinct
    scores, unjudged retrieved documents, judged relevant documents never retrieved."""
    n_queries = draw(hst.integers(1, 4))
    queries = []
    for q in range(n_queries):
        n_judged = draw(hst.integers(1, 12))
        grades = draw(
            hst.lists(
                hst.sampled_from([0, 0, 1, 1, 2, 3]),
                min_size=n_judged,
                max_size=n_judged,
            )
        )
        docs = [f"d{j}" for j in range(n_judged)]
        unjudged = [f"u{j}" for j in range(draw(hst.integers(0, 4)))]
        pool = docs + unjudged
        retrieved = draw(
            hst.lists(
                hst.sampled_from(pool), min_size=1, max_size=len(pool), unique=True
            )
        )
        queries.append((f"q{q}", dict(zip(docs, grades)), retrieved))
    return queries


def _trec_eval(queries, measures):
    qrels = {qid: judged for qid, judged, _ in queries}
    run = {
        qid: {doc: float(len(ret) - i) for i, doc in enumerate(ret)}
        for qid, _, ret in queries
    }
    return pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)


@given(trec_queries())
def test_vs_trec_eval(queries):
    measures = {
        "map",
        "recip_rank",
        "ndcg",
        "P." + ",".join(map(str, CUTOFFS)),
        "ndcg_cut." + ",".join(map(str, CUTOFFS)),
    }
    result = _trec_eval(queries, measures)
    maps = []
    for qid, judged, retrieved in queries:
        ranked = [judged.get(doc, 0) for doc in retrieved]
        all_grades = list(judged.values())
        n_rel = sum(g >= 1 for g in all_grades)
        r = result[qid]
        ap = pm.average_precision_at_k(ranked, n_relevant=n_rel)
        maps.append(ap)
        assert ap == pytest.approx(r["map"], abs=1e-12)
        assert pm.reciprocal_rank(ranked) == pytest.approx(r["recip_rank"], abs=1e-12)
        assert pm.ndcg(ranked, ideal=all_grades) == pytest.approx(r["ndcg"], abs=1e-12)
        for k in CUTOFFS:
            assert pm.precision_at_k(ranked, k) == pytest.approx(r[f"P_{k}"], abs=1e-12)
            assert pm.ndcg(ranked, k, ideal=all_grades) == pytest.approx(
                r[f"ndcg_cut_{k}"], abs=1e-12
            )
    rankings = [
        [judged.get(doc, 0) for doc in retrieved] for _, judged, retrieved in queries
    ]
    n_rels = [sum(g >= 1 for g in judged.values()) for _, judged, _ in queries]
    assert pm.mean_average_precision(rankings, n_relevant=n_rels) == pytest.approx(
        np.mean(maps), abs=1e-15
    )
    assert pm.mean_average_precision(rankings, n_relevant=n_rels) == pytest.approx(
        np.mean([result[q]["map"] for q, _, _ in queries]), abs=1e-12
    )
    assert pm.mean_reciprocal_rank(rankings) == pytest.approx(
        np.mean([result[q]["recip_rank"] for q, _, _ in queries]), abs=1e-12
    )


def test_trec_eval_hand_case():
    """Judged d1..d5 with grades 2, 0, 1, 3, 1; retrieved d1, d2, d3 and unjudged d6."""
    queries = [
        ("q", {"d1": 2, "d2": 0, "d3": 1, "d4": 3, "d5": 1}, ["d1", "d2", "d3", "d6"])
    ]
    r = _trec_eval(queries, {"map", "ndcg", "P_5"})["q"]
    ranked, grades = [2, 0, 1, 0], [2, 0, 1, 3, 1]
    assert (
        pm.average_precision_at_k(ranked, n_relevant=4)
        == pytest.approx(r["map"])
        == (1 + 2 / 3) / 4
    )
    assert pm.ndcg(ranked, ideal=grades) == pytest.approx(r["ndcg"])
    assert pm.precision_at_k(ranked, 5) == r["P_5"] == 0.4


# --- oracles: scikit-learn ndcg_score / dcg_score -------------------------------------


SMALL_GRADES = hst.sampled_from([0, 0, 0, 1, 2, 3])


@hst.composite
def tied_query(draw, grades=SMALL_GRADES):
    n = draw(hst.integers(2, 25))
    y = draw(hst.lists(grades, min_size=n, max_size=n))
    heavy_ties = hst.sampled_from([0.0, 0.5, 1.0, -2.0])
    s = draw(hst.lists(heavy_ties, min_size=n, max_size=n))
    k = draw(hst.one_of(hst.none(), hst.integers(1, n + 2)))
    return np.array(y, float), np.array(s), k


@given(tied_query())
def test_ndcg_from_scores_vs_sklearn(case):
    y, s, k = case
    assert pm.ndcg_from_scores(y, s, k) == pytest.approx(
        ndcg_score([y], [s], k=k), abs=1e-12
    )
    assert pm.dcg_from_scores(y, s, k) == pytest.approx(
        dcg_score([y], [s], k=k), abs=1e-12
    )


@given(tied_query(grades=hst.sampled_from([0, 1, 2, 3, 4, 0.5])))
def test_exponential_gain_vs_sklearn(case):
    y, s, k = case
    g = 2.0**y - 1
    assert pm.ndcg_from_scores(y, s, k, gain="exponential") == pytest.approx(
        ndcg_score([g], [s], k=k), abs=1e-12
    )
    assert pm.dcg_from_scores(y, s, k, gain="exponential") == pytest.approx(
        dcg_score([g], [s], k=k), abs=1e-12
    )


@given(tied_query(grades=hst.floats(0, 1e6)))
def test_ndcg_from_scores_real_grades_vs_sklearn(case):
    y, s, k = case
    assert pm.ndcg_from_scores(y, s, k) == pytest.approx(
        ndcg_score([y], [s], k=k), abs=1e-12
    )


@given(
    hst.lists(hst.integers(0, 3), min_size=1, max_size=30),
    hst.one_of(hst.none(), hst.integers(1, 35)),
)
def test_ndcg_of_ranked_list_equals_scores_without_ties(ranked, k):
    scores = -np.arange(
        len(ranked), dtype=float
    )  # distinct, decreasing: the given order
    dcg = exact_dcg(ranked[:k])
    idcg = exact_dcg(sorted(ranked, reverse=True)[:k])
    assert pm.dcg(ranked, k) == pytest.approx(dcg, abs=1e-12)
    assert pm.dcg_from_scores(ranked, scores, k) == pytest.approx(dcg, abs=1e-12)
    assert pm.ndcg(ranked, k) == pytest.approx(dcg / idcg if idcg else 0.0, abs=1e-12)
    assert pm.ndcg(ranked, k) == pytest.approx(
        pm.ndcg_from_scores(ranked, scores, k), abs=1e-12
    )
    assert 0.0 <= pm.ndcg(ranked, k) <= 1.0 + 1e-12
    assert pm.ndcg(sorted(ranked, reverse=True), k) == (1.0 if any(ranked) else 0.0)


@given(
    hst.lists(hst.integers(0, 1), min_size=1, max_size=30),
    hst.integers(1, 35),
    hst.data(),
)
def test_precision_recall_ap_identities(ranked, k, data):
    grades = np.array(ranked)
    extra = data.draw(hst.integers(0, 5))
    n_rel = int(grades.sum()) + extra
    hits = int(grades[:k].sum())
    assert pm.precision_at_k(grades, k) == pytest.approx(hits / k)
    assert pm.recall_at_k(grades, k, n_relevant=n_rel) == pytest.approx(
        hits / n_rel if n_rel else 0.0
    )
    ap = pm.average_precision_at_k(grades, k, n_relevant=n_rel)
    assert 0.0 <= ap <= 1.0
    positions = np.flatnonzero(grades[:k]) + 1
    expected = (
        sum((j + 1) / p for j, p in enumerate(positions)) / n_rel if n_rel else 0.0
    )
    assert ap == pytest.approx(expected, rel=1e-12)


# --- GAUC -----------------------------------------------------------------------------

# user a ranks well within itself but scores low overall; user b scores high overall
GAUC_Y = [1, 0, 0, 1, 1, 0, 0, 0, 1, 1]
GAUC_S = [0.30, 0.20, 0.10, 0.90, 0.80, 0.95, 0.85, 0.40, 0.05, 0.5]
GAUC_G = ["a", "a", "a", "b", "b", "b", "b", "c", "c", "d"]


def test_gauc_hand():
    """a: 1 pos vs 2 neg, AUC 1; b: 2 pos vs 2 neg, 1 of 4 pairs won (0.90 > 0.85) ->
    AUC 1/4; c: 1 pos below 1 neg -> AUC 0; d: one class, skipped."""
    t = pm.gauc_table(GAUC_Y, GAUC_S, GAUC_G)
    assert t["group"].tolist() == ["a", "b", "c", "d"]
    assert t["impressions"].tolist() == [3, 4, 2, 1]
    assert t["clicks"].tolist() == [1, 2, 1, 1]
    assert t["scored"].tolist() == [True, True, True, False]
    assert t["auc"][:3].tolist() == [1.0, 0.25, 0.0] and math.isnan(t["auc"][3])
    assert pm.gauc(GAUC_Y, GAUC_S, GAUC_G) == pytest.approx(
        (3 * 1 + 4 * 0.25 + 2 * 0) / 9
    )
    assert pm.gauc(GAUC_Y, GAUC_S, GAUC_G, weight="clicks") == pytest.approx(
        (1 * 1 + 2 * 0.25 + 1 * 0) / 4
    )


def test_gauc_disagrees_with_global_auc():
    """Every user ranked perfectly, but users differ in score level: GAUC 1, global
    AUC far below."""
    y = [1, 0, 1, 0]
    s = [0.3, 0.2, 0.9, 0.8]  # user x's click scores below user y's non-click
    g = ["x", "x", "y", "y"]
    assert pm.gauc(y, s, g) == 1.0
    assert pm.roc_auc(y, s) == 0.75


def test_gauc_one_group_equals_auc_and_ties():
    y, s = [1, 0, 1, 0, 1], [0.5, 0.5, 0.2, 0.1, 0.9]
    assert pm.gauc(y, s, [7] * 5) == pm.roc_auc(y, s) == roc_auc_score(y, s)


@given(
    hst.lists(
        hst.tuples(
            hst.integers(0, 1),
            hst.sampled_from([0.1, 0.2, 0.2, 0.7, 0.9]),
            hst.integers(0, 5),
        ),
        min_size=1,
        max_size=60,
    ),
    hst.sampled_from(["impressions", "clicks"]),
)
def test_gauc_vs_sklearn_per_group(rows, weight):
    y, s, g = (np.array(col) for col in zip(*rows))
    num = den = 0.0
    for group in np.unique(g):
        yy, ss = y[g == group], s[g == group]
        if 0 < yy.sum() < yy.size:
            w = yy.size if weight == "impressions" else yy.sum()
            num += w * roc_auc_score(yy, ss)
            den += w
    if den == 0:
        with pytest.raises(ValueError, match="y_true"):
            pm.gauc(y, s, g, weight=weight)
    else:
        assert pm.gauc(y, s, g, weight=weight) == pytest.approx(num / den, abs=1e-12)


@given(
    hst.lists(
        hst.tuples(
            hst.integers(0, 1),
            hst.one_of(
                hst.sampled_from([0.0, -0.0, 0.5, 0.5, 1.0]),
                hst.integers(2**62, 2**62 + 3),  # distinct int64 scores: no ties
            ),
            hst.sampled_from(["u1", "u2", "u10", "é", ""]),
        ),
        min_size=1,
        max_size=80,
    )
)
def test_gauc_table_equals_roc_auc_group_by_group(rows):
    """gauc_table sorts once by (group, score); each group's AUC equals roc_auc on
    that group's rows alone, to the last bit (both divide the same whole 2U once)."""
    y, s, g = (list(col) for col in zip(*rows))
    if len({type(v) for v in s}) > 1:  # one dtype per column
        s = [float(v) for v in s]
    table = pm.gauc_table(y, s, g)
    y, s, g = np.array(y), np.array(s), np.array(g)
    assert table["group"].tolist() == sorted(set(g.tolist()))
    for k, name in enumerate(table["group"]):
        rows_g = g == name
        assert table["impressions"][k] == rows_g.sum()
        assert table["clicks"][k] == y[rows_g].sum()
        both = 0 < y[rows_g].sum() < rows_g.sum()
        assert table["scored"][k] == both
        if both:
            assert table["auc"][k] == pm.roc_auc(y[rows_g], s[rows_g])
        else:
            assert np.isnan(table["auc"][k])


def test_gauc_takes_pos_label():
    y = ["click", "skip", "click", "skip", "click"]
    s, g = [0.9, 0.1, 0.2, 0.8, 0.7], ["a", "a", "b", "b", "b"]
    y01 = [1, 0, 1, 0, 1]
    assert pm.gauc(y, s, g, pos_label="click") == pm.gauc(y01, s, g) == 0.4
    with pytest.raises(ValueError, match="pass the positive class as pos_label"):
        pm.gauc(y, s, g)


def _grade_lists():
    grades = hst.lists(hst.integers(0, 3), min_size=1, max_size=9)
    return hst.lists(grades, min_size=1, max_size=12)


@given(
    _grade_lists(),
    hst.one_of(hst.none(), hst.integers(1, 12), hst.just(10**30)),
    hst.sampled_from(["list", "arrays", "matrix", "one long"]),
    hst.sampled_from(["linear", "exponential"]),
)
def test_many_query_fast_paths_equal_the_per_query_functions(queries, k, form, gain):
    """mean_average_precision, mean_reciprocal_rank, mean_ndcg and hit_rate run
    without a loop over queries (rows of a matrix, or flat when very ragged); the
    per-query functions, averaged, are the reference."""
    if form == "one long":  # too ragged for a matrix: the flat path
        queries = [*queries, [0] * 40 + [2, 1]]
    if form == "one long" and gain == "exponential":  # and nothing relevant
        queries = [[0] * len(q) for q in queries]
    if form == "matrix":
        width = max(len(q) for q in queries) or 1
        queries = np.array([[*q, *[0] * (width - len(q))] for q in queries])
    elif form == "arrays":
        queries = [np.array(q, dtype=np.int64) for q in queries]
    lists = [np.asarray(q, dtype=np.int64) for q in queries]
    expected = {
        "map": np.mean([pm.average_precision_at_k(q, k) for q in lists]),
        "mrr": np.mean([pm.reciprocal_rank(q) for q in lists]),
        "ndcg": np.mean([pm.ndcg(q, k, gain=gain) for q in lists]),
    }
    got = {
        "map": pm.mean_average_precision(queries, k),
        "mrr": pm.mean_reciprocal_rank(queries),
        "ndcg": pm.mean_ndcg(queries, k, gain=gain),
    }
    if k is not None:
        expected["hit"] = np.mean([pm.hit_at_k(q, k) for q in lists])
        got["hit"] = pm.hit_rate(queries, k)
    for name, value in expected.items():
        assert got[name] == pytest.approx(float(value), rel=1e-12, abs=1e-15), name


@given(_grade_lists(), hst.data())
def test_map_fast_path_with_denominators(queries, data):
    lists = [np.asarray(q, dtype=np.int64) for q in queries]
    found = [int(np.count_nonzero(q > 0)) for q in lists]
    counts = [data.draw(hst.one_of(hst.none(), hst.integers(f, f + 3))) for f in found]
    expected = np.mean(
        [pm.average_precision_at_k(q, n_relevant=c) for q, c in zip(lists, counts)]
    )
    got = pm.mean_average_precision(queries, n_relevant=counts)
    assert got == pytest.approx(float(expected), rel=1e-12, abs=1e-15)
    short = [i for i, f in enumerate(found) if f > 0]
    if short:  # a denominator below the hits found: the per-query message
        counts[short[0]] = found[short[0]] - 1
        with pytest.raises(ValueError, match="n_relevant"):
            pm.mean_average_precision(queries, n_relevant=counts)


def test_many_query_fast_paths_keep_the_messages():
    with pytest.raises(ValueError, match=r"queries\[1\] contains negative"):
        pm.mean_average_precision([[1, 0], [0, -1]])
    with pytest.raises(ValueError, match=r"queries\[0\]"):
        pm.mean_ndcg([[1, np.nan], [0, 1]])
    with pytest.raises(TypeError, match="queries"):
        pm.hit_rate([np.ma.array([1, 0], mask=[1, 0])], 1)
    with pytest.raises(ValueError, match="k"):
        pm.hit_rate([[1, 0]], 0)
    with pytest.raises(ValueError, match="empty"):
        pm.mean_reciprocal_rank([[1], []])
    huge = [[2.0**40, 0.0], [0.0, 1.0]]  # beyond the fast paths: the readable ones
    assert pm.mean_ndcg(huge) == pytest.approx(np.mean([pm.ndcg(q) for q in huge]))


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize("func", [pm.precision_at_k, pm.recall_at_k])
def test_bad_k_required(func):
    with pytest.raises(ValueError, match="k"):
        func([1, 0], 0)
    with pytest.raises(TypeError, match="k"):
        func([1, 0], 1.5)
    with pytest.raises(TypeError, match="k"):
        func([1, 0], True)
    with pytest.raises(TypeError, match="k"):
        func([1, 0], None)


@pytest.mark.parametrize(
    "func",
    [
        pm.average_precision_at_k,
        pm.cumulative_gain,
        pm.dcg,
        pm.ndcg,
        pm.dcg_table,
        pm.precision_table,
    ],
)
def test_bad_k_optional(func):
    with pytest.raises(ValueError, match="k"):
        func([1, 0], 0)
    with pytest.raises(ValueError, match="k"):
        func([1, 0], -3)
    with pytest.raises(TypeError, match="k"):
        func([1, 0], "2")


@pytest.mark.parametrize(
    "func",
    [
        pm.reciprocal_rank,
        pm.cumulative_gain,
        pm.dcg,
        pm.ndcg,
        pm.average_precision_at_k,
        lambda r: pm.precision_at_k(r, 1),
        lambda r: pm.recall_at_k(r, 1),
    ],
)
@pytest.mark.parametrize(
    "bad, error",
    [
        ([1, -1], ValueError),
        ([], ValueError),
        ([1, np.nan], ValueError),
        ([np.inf], ValueError),
        ([[1, 0]], ValueError),
        (None, TypeError),
        ("10", TypeError),
        ([1, None], ValueError),
    ],
)
def test_bad_grades(func, bad, error):
    with pytest.raises(error, match="ranked"):
        func(bad)


def test_bad_gain_and_weight():
    for call in (
        lambda: pm.dcg([1], gain="exp"),
        lambda: pm.ndcg([1], gain=None),
        lambda: pm.ndcg_from_scores([1, 0], [1, 0], gain="Linear"),
        lambda: pm.dcg_table([1], gain=2),
        lambda: pm.dcg_from_scores([1], [1], gain="log"),
    ):
        with pytest.raises(ValueError, match="gain"):
            call()
    with pytest.raises(ValueError, match="weight"):
        pm.gauc([1, 0], [1, 0], [0, 0], weight="users")


def test_bad_n_relevant():
    with pytest.raises(ValueError, match="n_relevant"):
        pm.average_precision_at_k([1, 0, 1], n_relevant=1)
    with pytest.raises(ValueError, match="n_relevant"):
        pm.recall_at_k([1, 1], 2, n_relevant=1)
    with pytest.raises(ValueError, match="n_relevant"):
        pm.average_precision_at_k([1], n_relevant=-1)
    with pytest.raises(TypeError, match="n_relevant"):
        pm.average_precision_at_k([1], n_relevant=2.5)
    with pytest.raises(ValueError, match="n_relevant"):
        pm.mean_average_precision([[1], [0]], n_relevant=[1])
    with pytest.raises(TypeError, match="n_relevant"):
        pm.mean_average_precision([[1], [0]], n_relevant=3)
    with pytest.raises(ValueError, match="n_relevant"):
        pm.mean_average_precision([[1, 1], [0]], n_relevant=[1, 0])
    # relevant items beyond k do not count as found
    assert pm.average_precision_at_k([1, 1, 1], 1, n_relevant=1) == 1.0


@pytest.mark.parametrize("func", [pm.mean_average_precision, pm.mean_reciprocal_rank])
def test_bad_queries(func):
    with pytest.raises(ValueError, match="queries"):
        func([])
    with pytest.raises(ValueError, match="queries"):
        func([1, 0, 1])  # one flat list instead of a list of queries
    with pytest.raises(ValueError, match="queries"):
        func([[1, 0], [-1]])
    with pytest.raises(ValueError, match="queries"):
        func([[1, 0], []])
    with pytest.raises(TypeError, match="queries"):
        func(None)
    with pytest.raises(TypeError, match="queries"):
        func(5)


def test_bad_ideal():
    with pytest.raises(ValueError, match="ideal"):
        pm.ndcg([3, 1], ideal=[2, 1])
    with pytest.raises(ValueError, match="ideal"):
        pm.ndcg([1, 1, 1], ideal=[1, 1])
    with pytest.raises(ValueError, match="ideal"):
        pm.ndcg([1], ideal=[-1, 2])
    with pytest.raises(ValueError, match="ideal"):
        pm.ndcg([1], ideal=[])


def test_bad_scores():
    with pytest.raises(ValueError, match="y_score"):
        pm.ndcg_from_scores([1, 0], [1, 0, 3])
    with pytest.raises(ValueError, match="y_score"):
        pm.ndcg_from_scores([1, 0], [1, np.nan])
    with pytest.raises(ValueError, match="y_true"):
        pm.ndcg_from_scores([1, -0.5], [1, 0])
    with pytest.raises(ValueError, match="y_score"):
        pm.dcg_from_scores([1, 0], [1])
    with pytest.raises(ValueError, match="k"):
        pm.ndcg_from_scores([1, 0], [1, 0], 0)


def test_bad_gauc():
    with pytest.raises(ValueError, match="y_true"):
        pm.gauc(
            [1, 1, 0], [0.1, 0.2, 0.3], ["a", "a", "b"]
        )  # no group has both classes
    with pytest.raises(ValueError, match="groups"):
        pm.gauc([1, 1, 0], [0.1, 0.2, 0.3], ["a", "a", "b"])
    with pytest.raises(ValueError, match="y_true"):
        pm.gauc([1, 2, 0], [0.1, 0.2, 0.3], [0, 0, 0])
    with pytest.raises(ValueError, match="y_score"):
        pm.gauc([1, 0, 0], [0.1, 0.2], [0, 0, 0])
    with pytest.raises(ValueError, match="groups"):
        pm.gauc([1, 0, 0], [0.1, 0.2, 0.3], [0, 0])
    with pytest.raises(ValueError, match="y_score"):
        pm.gauc([1, 0], [0.1, np.inf], [0, 0])
    with pytest.raises(ValueError, match="groups"):
        pm.gauc([1, 0], [0.1, 0.2], [0, np.nan])
    with pytest.raises(ValueError, match="y_true"):
        pm.gauc([], [], [])


def test_tied_block_of_huge_gains_beyond_k_does_not_warn():
    """A tied block's mean gain is finite even when the sum of its gains overflows."""
    assert pm.ndcg_from_scores(
        [1, 1023, 1023], [2, 1, 1], 1, gain="exponential"
    ) == pytest.approx(2.0**-1023)
    assert pm.dcg_from_scores([1, 1e308, 1e308], [2, 1, 1], 1) == 1.0
    assert pm.ndcg_from_scores([1e308, 1e308, 0], [1, 1, 1], 2) == pytest.approx(
        ndcg_score([[1, 1, 0]], [[1, 1, 1]], k=2), abs=1e-15
    )
    with pytest.raises(ValueError, match="y_true: the sum of gains overflows"):
        pm.dcg_from_scores([1023] * 3, [0, 0, 0], gain="exponential")


def test_groups_of_mixed_kinds_are_refused_by_name():
    with pytest.raises(
        TypeError,
        match="groups must hold numbers, strings or booleans, all of one kind",
    ):
        pm.gauc([1, 0], [0.2, 0.1], np.array([1, "a"], dtype=object))


# ======================================================================================
# Issue 16: R-precision, hit rate, ERR, mean NDCG and whole TREC runs
# ======================================================================================

DATA = pathlib.Path(__file__).resolve().parents[1] / "book" / "data"
# every measure family API.md lists for evaluate_run, with cut-offs beyond some lists
CUT_FAMILIES = ("P", "recall", "map_cut", "ndcg_cut", "success")
TREC_MEASURES = {"map", "recip_rank", "ndcg", "Rprec"} | {
    f"{family}.1,2,3,5,10,30" for family in CUT_FAMILIES
}


# --- R-precision, hit@k, hit rate: hand values ----------------------------------------


def test_r_precision_hand():
    assert pm.r_precision([1, 0, 1, 0, 1]) == 2 / 3  # R = 3: 2 of the top 3
    assert pm.r_precision([1, 0, 1], n_relevant=4) == 0.5  # padded: 2 of the top 4
    assert pm.r_precision([1, 1, 0, 0]) == 1.0  # perfect ranking
    assert pm.r_precision([0, 0]) == 0.0  # R = 0
    assert pm.r_precision([0, 0], n_relevant=0) == 0.0
    assert pm.r_precision([0, 2, 0.5], n_relevant=3) == 2 / 3  # any grade > 0


def test_hit_at_k_and_hit_rate_hand():
    assert [pm.hit_at_k([0, 0, 1, 0], k) for k in (1, 2, 3, 10)] == [0, 0, 1, 1]
    assert pm.hit_at_k([0, 0], 5) == 0.0
    assert pm.hit_at_k([0, 1], 10**400) == 1.0  # a hit far beyond float precision
    assert pm.hit_rate([[0, 1], [0, 0, 1], [1]], 2) == 2 / 3
    assert pm.hit_rate([[0, 1], [0, 0, 1], [1]], 1) == 1 / 3


# --- ERR: hand-worked cases and a slow reference --------------------------------------


def slow_err(grades, k, max_grade):
    """ERR as the cascade model's definition reads, in exact fractions."""
    stop = [Fraction(2**g - 1, 2**max_grade) for g in grades]
    total = Fraction(0)
    for i in range(min(k or len(grades), len(grades))):
        reach = Fraction(1)
        for j in range(i):
            reach *= 1 - stop[j]  # the user went past position j + 1
        total += Fraction(1, i + 1) * stop[i] * reach
    return total


@pytest.mark.parametrize(
    "grades, k, max_grade, exact",
    [
        ([2, 0, 1], None, 2, Fraction(3, 4) + Fraction(1, 3 * 4 * 4)),  # 37/48
        ([4], None, 4, Fraction(15, 16)),
        ([0, 4], 1, 4, Fraction(0)),
        ([1, 1], None, 1, Fraction(1, 2) + Fraction(1, 2 * 2 * 2)),
        # a second perfect item adds little: the user has probably stopped
        ([3, 3], None, 3, Fraction(7, 8) + Fraction(7, 2 * 8 * 8)),
        ([0, 0, 0], None, 3, Fraction(0)),
        ([0, 0, 1], 2, 1, Fraction(0)),
        ([1, 0, 1], 3, 1, Fraction(1, 2) + Fraction(1, 3 * 2 * 2)),
    ],
)
def test_err_hand(grades, k, max_grade, exact):
    assert slow_err(grades, k, max_grade) == exact
    assert pm.expected_reciprocal_rank(grades, k, max_grade=max_grade) == (
        pytest.approx(float(exact), rel=1e-15, abs=1e-300)
    )


@given(
    hst.integers(0, 6).flatmap(
        lambda top: hst.tuples(
            hst.lists(hst.integers(0, top), min_size=1, max_size=25),
            hst.one_of(hst.none(), hst.integers(1, 30)),
            hst.just(top),
        )
    )
)
def test_err_vs_slow_reference(case):
    grades, k, max_grade = case
    expected = float(slow_err(grades, k, max_grade))
    got = pm.expected_reciprocal_rank(grades, k, max_grade=max_grade)
    assert got == pytest.approx(expected, rel=1e-12, abs=1e-300)
    assert 0.0 <= got < 1.0


def test_err_extreme_grades_and_real_grades():
    # R = 1 - 2**-1023 for the top grade: ERR is 1 - 2**-1023 (rounds to 1.0)
    assert pm.expected_reciprocal_rank([1023, 1023], max_grade=1023) == 1.0
    assert pm.expected_reciprocal_rank([0.5], max_grade=1) == pytest.approx(
        (2**0.5 - 1) / 2, rel=1e-15
    )


# --- mean NDCG ------------------------------------------------------------------------


def test_mean_ndcg_hand_and_ideals():
    queries = [[0, 1], [1, 0], [0, 0]]
    expected = (1 / math.log2(3) + 1 + 0) / 3  # IDCG = 0: the third counts 0
    assert pm.mean_ndcg(queries) == pytest.approx(expected, rel=1e-15)
    with_ideals = pm.mean_ndcg(queries, ideals=[[1, 1], None, [0, 2]])
    third = 0.0  # nothing relevant retrieved, though IDCG > 0
    first = (1 / math.log2(3)) / (1 + 1 / math.log2(3))
    assert with_ideals == pytest.approx((first + 1 + third) / 3, rel=1e-15)
    assert pm.mean_ndcg(queries, 1) == pytest.approx((0 + 1 + 0) / 3)
    assert pm.mean_ndcg([[3, 2, 0]], gain="exponential") == 1.0


@given(
    hst.lists(
        hst.lists(hst.integers(0, 3), min_size=1, max_size=8), min_size=1, max_size=5
    ),
    hst.one_of(hst.none(), hst.integers(1, 10)),
    hst.sampled_from(["linear", "exponential"]),
)
def test_mean_ndcg_is_the_mean_of_ndcg(queries, k, gain):
    ideals = [[*q, 3] if i % 2 else None for i, q in enumerate(queries)]
    expected = np.mean(
        [pm.ndcg(q, k, ideal=ideal, gain=gain) for q, ideal in zip(queries, ideals)]
    )
    got = pm.mean_ndcg(queries, k, ideals=ideals, gain=gain)
    assert got == pytest.approx(float(expected), rel=1e-15, abs=1e-300)


# --- bad input ------------------------------------------------------------------------


def test_bad_err_input():
    with pytest.raises(ValueError, match="ranked has a grade above max_grade = 2"):
        pm.expected_reciprocal_rank([3, 1], max_grade=2)
    with pytest.raises(ValueError, match="max_grade must be <= 1023"):
        pm.expected_reciprocal_rank([3, 1], max_grade=1024)
    with pytest.raises(ValueError, match="max_grade must be >= 0"):
        pm.expected_reciprocal_rank([0], max_grade=-1)
    with pytest.raises(TypeError, match="max_grade"):
        pm.expected_reciprocal_rank([1], max_grade=None)
    with pytest.raises(TypeError, match="max_grade"):
        pm.expected_reciprocal_rank([1])  # keyword-only and required
    with pytest.raises(ValueError, match="ranked"):
        pm.expected_reciprocal_rank([1, -1], max_grade=2)
    with pytest.raises(ValueError, match="k"):
        pm.expected_reciprocal_rank([1], 0, max_grade=2)


def test_bad_mean_ndcg_and_hit_input():
    with pytest.raises(ValueError, match=r"ideals has 1 entries, but queries has 2"):
        pm.mean_ndcg([[1], [0]], ideals=[[1]])
    with pytest.raises(ValueError, match=r"ideals\[1\] must hold every judged grade"):
        pm.mean_ndcg([[1], [2]], ideals=[None, [1]])
    with pytest.raises(ValueError, match=r"ideals\[0\] contains negative"):
        pm.mean_ndcg([[1], [2]], ideals=[[-1, 3], None])
    with pytest.raises(TypeError, match="ideals"):
        pm.mean_ndcg([[1], [2]], ideals="12")
    with pytest.raises(ValueError, match=r"queries\[1\] has grades above 1023"):
        pm.mean_ndcg([[1], [2000]], gain="exponential")
    with pytest.raises(ValueError, match="gain"):
        pm.mean_ndcg([[1]], gain="exp")
    with pytest.raises(ValueError, match="queries"):
        pm.hit_rate([], 1)
    with pytest.raises(ValueError, match="k"):
        pm.hit_rate([[1]], 0)
    with pytest.raises(ValueError, match="n_relevant"):
        pm.r_precision([1, 1], n_relevant=1)  # two relevant items retrieved


# ---- moved from the review-round files: AP@K denominators, DCG discounts, NDCG of 0


def test_ap_at_k_denominators():
    """AP@5 of [1,0,1,1,0,0,1,0] (6 relevant for the query): sum of P@i = 29/12,
    divided by 4 (relevant in the list), 3 (hits in the top 5), 5 (min(M, K)), 6 (M);
    the chapter prints the first."""
    ranked, k = [1, 0, 1, 1, 0, 0, 1, 0], 5
    expected = {4: Fraction(29, 48), 3: Fraction(29, 36), 5: Fraction(29, 60)}
    expected[6] = Fraction(29, 72)
    for d, value in expected.items():
        got = pm.average_precision_at_k(ranked, k, n_relevant=d)
        assert got == pytest.approx(float(value), abs=1e-15)
    out = stored_text("11-ranking-ap-map-mrr.ipynb", "outputs")
    assert f"| relevant retrieved (whole list) | 4 | {29 / 48:.4f} |" in out


def test_jarvelin_kekalainen_discount():
    shown = [3, 2, 3, 0, 1, 2]  # note 000's list
    ideal = sorted([*shown, 3, 0], reverse=True)[:6]

    def ndcg(divisors):
        dcg = sum(g / d for g, d in zip(shown, divisors))
        return dcg / sum(g / d for g, d in zip(ideal, divisors))

    ranks = range(1, 7)
    jk = [1.0 if i < 2 else math.log2(i) for i in ranks]  # b = 2
    assert jk[:2] == [1.0, 1.0]  # no division by zero, rank 1 undiscounted
    standard = [math.log2(i + 1) for i in ranks]
    assert round(ndcg(jk), 4) == 0.7985
    assert round(ndcg(standard), 4) == 0.8184
    assert pm.ndcg(shown, ideal=[*shown, 3, 0]) == pytest.approx(
        ndcg(standard), abs=1e-12
    )
    assert "J&K discount (b = 2): 0.7985" in stored_text(
        "12-ranking-ndcg-gauc.ipynb", "outputs"
    )
    assert "Järvelin and Kekäläinen" in stored_text(
        "12-ranking-ndcg-gauc.ipynb", "markdown"
    )


def test_ndcg_of_a_query_without_relevant_items_is_a_convention():
    assert pm.ndcg([0, 0, 0]) == 0.0
    assert ndcg_score([[0, 0, 0]], [[0.2, 0.1, 0.3]]) == 0.0
    qrels = {"q": {"d1": 0, "d2": 0, "d3": 0}}
    run = {"q": {"d1": 0.2, "d2": 0.1, "d3": 0.3}}
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg"})
    assert evaluator.evaluate(run)["q"]["ndcg"] == pytest.approx(0.0)
    text = stored_text("12-ranking-ndcg-gauc.ipynb", "markdown")
    assert "XGBoost" in text and "convention" in text
    assert "trec_eval 0.0" in stored_text("12-ranking-ndcg-gauc.ipynb", "outputs")
