"""Numbers behind the corrections to chapters 2 to 5, recomputed without the package.

Each test checks a value that a chapter prints (or the claim around it) by exact
enumeration, SymPy/SciPy or scikit-learn; the package appears only where the chapter's
number comes from it and is compared with the independent computation.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from scipy import integrate
from scipy.special import expit
from sklearn import metrics as skm

import pedagogy_metrics as pm


# --- chapter 3: note 000's FPR = FP / (TN + FN) -------------------------------------
def test_note000_fpr_agrees_exactly_when_fp_is_zero_or_fn_equals_fp():
    for n in range(1, 13):
        for tp, fp, fn in itertools.product(range(n + 1), repeat=3):
            tn = n - tp - fp - fn
            if tn < 0 or tn + fn == 0 or fp + tn == 0:
                continue
            agree = Fraction(fp, tn + fn) == Fraction(fp, fp + tn)
            assert agree == (fp == 0 or fn == fp), (tp, fp, fn, tn)


def test_note000_fpr_on_the_six_impressions():
    y = np.array([1, 0, 1, 0, 0, 0])
    s = np.array([0.9, 0.7, 0.8, 0.6, 0.5, 0.4])
    agree_at = []
    for t in sorted(set(s), reverse=True):
        pred = s >= t
        fp = int((pred & (y == 0)).sum())
        fn = int((~pred & (y == 1)).sum())
        tn = int((~pred & (y == 0)).sum())
        if tn + fn and Fraction(fp, tn + fn) == Fraction(fp, fp + tn):
            agree_at.append(float(t))
    assert agree_at == [0.9, 0.8]  # both with FP = 0; FN = FP never happens here


# --- chapter 3: the missing (0, 0) loses area only with a tie at the top --------------
def _roc_points_by_hand(y, s):
    y, s = np.asarray(y), np.asarray(s)
    n_pos, n_neg = int(y.sum()), int((1 - y).sum())
    pts = [(Fraction(0), Fraction(0))]
    for t in sorted(set(s.tolist()), reverse=True):
        pred = s >= t
        pts.append(
            (
                Fraction(int((pred & (y == 0)).sum()), n_neg),
                Fraction(int((pred & (y == 1)).sum()), n_pos),
            )
        )
    return pts


def _trapezoid(pts):
    return sum(
        (x1 - x0) * (y0 + y1) / 2 for (x0, y0), (x1, y1) in itertools.pairwise(pts)
    )


def test_missing_origin_area():
    y = [1, 0, 1, 0, 0, 0]
    cases = {
        "note": ([0.9, 0.7, 0.8, 0.6, 0.5, 0.4], Fraction(0)),
        "negative on top": ([0.7, 0.95, 0.8, 0.6, 0.5, 0.4], Fraction(0)),
        "tie at the top": ([0.9, 0.9, 0.8, 0.6, 0.5, 0.4], Fraction(1, 16)),
    }
    for s, lost in cases.values():
        pts = _roc_points_by_hand(y, s)
        assert _trapezoid(pts) - _trapezoid(pts[1:]) == lost
    pts = _roc_points_by_hand(y, cases["tie at the top"][0])
    assert _trapezoid(pts) == Fraction(13, 16)  # 0.8125
    assert _trapezoid(pts[1:]) == Fraction(3, 4)  # 0.7500
    assert skm.roc_auc_score(y, cases["tie at the top"][0]) == pytest.approx(0.8125)


# --- chapter 4: expected AP of a random ranking ------------------------------------
def _expected_ap(n, n_pos):
    harmonic = sum(Fraction(1, k) for k in range(1, n + 1))
    pi = Fraction(n_pos, n)
    return pi + (1 - pi) * (harmonic - 1) / (n - 1)


def _ap_from_ranks(ranks):
    # ranks of the positives, 1 = top, sorted increasing
    return sum(Fraction(i + 1, r) for i, r in enumerate(ranks)) / len(ranks)


def test_expected_random_ap_exact_enumeration():
    for n in range(2, 10):
        for n_pos in range(1, n + 1):
            rankings = list(itertools.combinations(range(1, n + 1), n_pos))
            mean = sum(_ap_from_ranks(r) for r in rankings) / len(rankings)
            assert mean == _expected_ap(n, n_pos), (n, n_pos)


def test_expected_random_ap_symbolic_form():
    # (1/P) sum_k (1/k) (P/n + (k-1) P(P-1)/(n(n-1))) = H_n/n + (P-1)(n-H_n)/(n(n-1))
    for n in range(2, 30):
        for n_pos in range(1, n + 1):
            direct = (
                sum(
                    Fraction(1, k)
                    * (
                        Fraction(n_pos, n)
                        + (k - 1) * Fraction(n_pos * (n_pos - 1), n * (n - 1))
                    )
                    for k in range(1, n + 1)
                )
                / n_pos
            )
            assert direct == _expected_ap(n, n_pos)


def test_expected_random_ap_n100_p5_value_and_simulation():
    exact = _expected_ap(100, 5)
    assert f"{float(exact):.4f}" == "0.0902"
    rng = np.random.default_rng(0)
    sims = 40_000
    ranks = np.sort(np.argsort(rng.random((sims, 100)), axis=1)[:, :5] + 1, axis=1)
    ap = (np.arange(1, 6) / ranks).mean(axis=1)
    se = ap.std() / np.sqrt(sims)
    assert abs(ap.mean() - float(exact)) < 4 * se
    # the same statistic through scikit-learn on a few rankings
    for row in ranks[:20]:
        y = np.zeros(100, int)
        y[row - 1] = 1
        score = -np.arange(100.0)  # rank 1 has the highest score
        assert skm.average_precision_score(y, score) == pytest.approx(
            float(_ap_from_ranks(row.tolist()))
        )


def test_expected_random_ap_approaches_the_base_rate():
    values = [float(_expected_ap(20 * k, k)) for k in (1, 2, 5, 20, 50, 500)]
    assert all(v > 0.05 for v in values)
    assert values == sorted(values, reverse=True)
    assert values[-1] - 0.05 < 1e-3
    shown = [f"{v:.4f}" for v in values[:3]]
    assert shown == ["0.1799", "0.1299", "0.0902"]


def test_expected_random_ap_package_matches():
    rng = np.random.default_rng(1)
    y = np.r_[np.ones(5, int), np.zeros(95, int)]
    ours = [pm.average_precision(y, rng.random(100)) for _ in range(2000)]
    theirs_rng = np.random.default_rng(1)
    sk = [skm.average_precision_score(y, theirs_rng.random(100)) for _ in range(2000)]
    np.testing.assert_allclose(ours, sk, atol=1e-12)


# --- chapter 4: straight lines across tied blocks -------------------------------
def _block_areas(tp0, fp0, a, b, n_pos):
    def prec(x):
        return (tp0 + a * x) / (tp0 + fp0 + (a + b) * x)

    exact, _ = integrate.quad(prec, 0, 1)
    chord = (prec(0) + prec(1)) / 2
    return exact * a / n_pos, chord * a / n_pos


def test_tied_block_examples():
    exact, chord = _block_areas(2, 0, 1, 3, 4)
    assert (f"{exact:.4f}", f"{chord:.4f}") == ("0.1655", "0.1875")
    exact, chord = _block_areas(1, 3, 3, 1, 4)
    assert (f"{exact:.4f}", f"{chord:.4f}") == ("0.3026", "0.2812")
    x = sp.Symbol("x")
    assert (
        sp.simplify(
            sp.integrate((1 + 3 * x) / (4 + 4 * x), (x, 0, 1))
            - (sp.Rational(3, 4) - sp.log(2) / 2)
        )
        == 0
    )


def test_tied_block_sign_rule():
    # the straight line is optimistic iff b TP0 > a FP0, pessimistic iff b TP0 < a FP0
    for tp0, fp0, a, b in itertools.product(
        range(0, 5), range(0, 5), range(1, 4), range(1, 4)
    ):
        if tp0 + fp0 == 0:
            continue
        exact, chord = _block_areas(tp0, fp0, a, b, 10)
        sign = b * tp0 - a * fp0
        if sign > 0:
            assert chord > exact + 1e-12
        elif sign < 0:
            assert chord < exact - 1e-12
        else:
            assert chord == pytest.approx(exact, abs=1e-12)


# --- chapter 5: the overconfident model ranks optimally, not perfectly ------------
def test_overconfident_model_auc():
    rng = np.random.default_rng(5)
    n = 20_000
    z = rng.normal(-1.5, 1.2, n)
    y = (rng.random(n) < expit(z)).astype(int)
    test = np.arange(n) >= n // 2
    over = expit(2.5 * z + 1.5)
    auc_over = skm.roc_auc_score(y[test], over[test])
    auc_true = skm.roc_auc_score(y[test], expit(z[test]))
    assert auc_over == pytest.approx(auc_true, abs=1e-12)
    assert f"{auc_over:.4f}" == "0.7805"


# --- chapter 2: micro averages equal accuracy only when every class is scored ------
def test_micro_average_with_a_subset_of_labels():
    t = ["PER", "O", "O", "LOC", "PER", "O", "LOC", "O"]
    p = ["PER", "O", "PER", "O", "PER", "O", "LOC", "LOC"]
    acc = skm.accuracy_score(t, p)
    assert acc == 0.625
    every = skm.precision_recall_fscore_support(t, p, average="micro")[:3]
    assert every == pytest.approx((acc, acc, acc))
    sub = skm.precision_recall_fscore_support(
        t, p, average="micro", labels=["PER", "LOC"]
    )[:3]
    assert sub == pytest.approx((0.6, 0.75, 2 / 3))
    ours = [
        f(t, p, average="micro", labels=["PER", "LOC"])
        for f in (pm.precision, pm.recall, pm.f1)
    ]
    assert ours == pytest.approx(sub, abs=1e-12)


# ---- second-edition review of the ranking chapters -----------------------------------


def _ap_at_k_exact(ranked, k, denominator):
    hits, total = 0, Fraction(0)
    for i, rel in enumerate(ranked[:k], start=1):
        if rel:
            hits += 1
            total += Fraction(hits, i)
    return total / denominator


def test_ap_at_k_denominators():
    """AP@5 of [1,0,1,1,0,0,1,0] (6 relevant for the query): sum of P@i = 29/12,
    divided by 4 (relevant in the list), 3 (hits in the top 5), 5 (min(M, K)), 6 (M)."""
    ranked, k = [1, 0, 1, 1, 0, 0, 1, 0], 5
    expected = {4: Fraction(29, 48), 3: Fraction(29, 36), 5: Fraction(29, 60)}
    expected[6] = Fraction(29, 72)
    for d, value in expected.items():
        assert _ap_at_k_exact(ranked, k, d) == value
        got = pm.average_precision_at_k(ranked, k, n_relevant=d)
        assert got == pytest.approx(float(value), abs=1e-15)


def test_sklearn_tied_ap_can_exceed_every_order():
    """scikit-learn scores a tied block at one threshold: 0.6 here, while every order
    of the tied items gives (1/3 + 2/4 + 3/5) / 3 = 0.4778 (the package's AP agrees
    with scikit-learn, not with any order)."""
    y = np.array([0, 0, 1, 1, 1, 0])
    s = np.array([2, 2, 1, 1, 1, 0])
    assert skm.average_precision_score(y, s) == pytest.approx(0.6, abs=1e-12)
    every_order = Fraction(1, 3) * (Fraction(1, 3) + Fraction(2, 4) + Fraction(3, 5))
    assert float(every_order) == pytest.approx(0.47778, abs=1e-5)
    assert pm.average_precision(y, s) == pytest.approx(0.6, abs=1e-12)


def test_sklearn_tied_ap_never_below_the_worst_order():
    rng = np.random.default_rng(7)
    for _ in range(150):
        n = int(rng.integers(2, 8))
        y = rng.integers(0, 2, n)
        if y.sum() == 0:
            continue
        s = rng.integers(0, 3, n)
        worst = min(
            _ap_at_k_exact(list(y[list(p)]), n, int(y.sum()))
            for p in itertools.permutations(range(n))
            if all(s[p[i]] >= s[p[i + 1]] for i in range(n - 1))
        )
        assert skm.average_precision_score(y, s) >= float(worst) - 1e-12
