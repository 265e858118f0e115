"""Tests of pedagogy_metrics.book.examples: the shared data of the chapters."""

from __future__ import annotations

import numpy as np
import pytest

import pedagogy_metrics as pm
from pedagogy_metrics.book.examples import random_trec_queries


@pytest.fixture(scope="module")
def data():
    return random_trec_queries(50, seed=3)


def test_same_seed_same_data_other_seed_other_data(data):
    assert random_trec_queries(50, seed=3) == data
    assert random_trec_queries(50, seed=4) != data
    assert len(random_trec_queries(7)["qrels"]) == 7


def test_every_view_covers_the_same_queries(data):
    queries = [f"q{i}" for i in range(50)]
    for key in ("qrels", "run", "rankings", "judged", "n_relevant"):
        assert list(data[key]) == queries, key


def test_qrels_and_run_have_the_documented_shape(data):
    for q, judgments in data["qrels"].items():
        assert 1 <= len(judgments) <= 14
        assert set(judgments.values()) <= {0, 1, 2, 3}
        assert list(judgments) == [f"d{i}" for i in range(len(judgments))]
        run = data["run"][q]
        assert 1 <= len(run) <= len(judgments) + 4
        assert all(d in judgments or d.startswith("u") for d in run)
        scores = list(
            run.values()
        )  # distinct and decreasing: trec_eval keeps the order
        assert scores == sorted(set(scores), reverse=True)


def test_rankings_are_the_grades_in_run_order(data):
    for q, run in data["run"].items():
        qrels = data["qrels"][q]
        assert data["rankings"][q] == [qrels.get(d, 0) for d in run]
        assert sorted(data["judged"][q]) == sorted(qrels.values())
        assert data["n_relevant"][q] == sum(g > 0 for g in qrels.values())


def test_the_data_reproduce_trec_eval(data):
    pytrec_eval = pytest.importorskip("pytrec_eval")
    trec = pytrec_eval.RelevanceEvaluator(data["qrels"], {"map", "ndcg"}).evaluate(
        data["run"]
    )
    for q in data["qrels"]:
        ap = pm.average_precision_at_k(
            data["rankings"][q], n_relevant=data["n_relevant"][q]
        )
        ndcg = pm.ndcg(data["rankings"][q], ideal=data["judged"][q])
        assert np.isclose(ap, trec[q]["map"], atol=1e-12)
        assert np.isclose(ndcg, trec[q]["ndcg"], atol=1e-12)
