"""Review corrections 9-14 (chapters 6, 8, 9 and the Performance appendix).

Each number the corrected text relies on is recomputed here without the package where
possible (SciPy, exact arithmetic), and the printed value is looked up in the chapter's
stored outputs, so that text, output and mathematics cannot drift apart.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import numpy as np
import pytest
import scipy.stats as st
from scipy.integrate import quad

from conftest import BOOK


def _outputs(name: str) -> str:
    nb = json.loads((BOOK / name).read_text(encoding="utf-8"))
    parts = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            parts.append("".join(out.get("text", "")))
            for mime in ("text/plain", "text/markdown"):
                parts.append("".join(out.get("data", {}).get(mime, "")))
    return "\n".join(parts)


def _markdown(name: str) -> str:
    nb = json.loads((BOOK / name).read_text(encoding="utf-8"))
    return "\n".join(
        "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"
    )


# --- 9. expected maximum of |Z| among 300 standard normals -------------------------


def test_expected_max_abs_normal_300():
    n = 300

    def density_of_max(x):  # d/dx (2 Phi(x) - 1)^n
        return n * (2 * st.norm.cdf(x) - 1) ** (n - 1) * 2 * st.norm.pdf(x)

    by_density, _ = quad(lambda x: x * density_of_max(x), 0, 12, points=[3.0])
    by_tail, _ = quad(lambda x: 1 - (2 * st.norm.cdf(x) - 1) ** n, 0, np.inf)
    assert by_density == pytest.approx(by_tail, abs=1e-8)
    assert round(by_tail, 2) == 3.09
    # a Monte Carlo check, independent of the integral
    rng = np.random.default_rng(0)
    sims = np.abs(rng.standard_normal((4000, n))).max(axis=1)
    assert abs(sims.mean() - by_tail) < 4 * sims.std() / math.sqrt(sims.size)
    # the largest plotting position is a different, smaller number
    assert round(st.norm.ppf(1 - 0.5 / n), 2) == 2.94
    out = _outputs("10-regression.ipynb")
    assert "expected largest |z| among 300 standard normal values: 3.09" in out
    assert "largest plotting position, Phi^-1(1 - 0.5/300): 2.94" in out


# --- 10. Student t degrees of freedom; bootstrap coverage of the RMSE --------------


def test_student_t_moments():
    assert math.isinf(st.t(2).var())  # no RMSE target with 2 degrees of freedom
    assert st.t(4).var() == pytest.approx(2.0)  # chapter 6 divides by sqrt(2)
    assert st.t(5).var() == pytest.approx(5 / 3)  # chapter 9 divides by sqrt(5/3)
    # the fourth moment, which the bootstrap of the RMSE needs, exists only for df > 4
    assert math.isinf(st.t(4).moment(4)) or np.isnan(st.t(4).moment(4))
    assert st.t(5).moment(4) == pytest.approx(25.0)  # 3 df^2 / ((df - 2)(df - 4))
    assert "Student t, 2 df" not in _outputs("10-regression.ipynb")
    assert "Student t, 4 df" in _outputs("10-regression.ipynb")


def test_bootstrap_rmse_undercovers_at_n30():
    # an independent simulation (other seed, own code): normal residuals, sigma = 1
    rng = np.random.default_rng(123)
    n, reps, b = 30, 600, 600
    hits = 0
    for _ in range(reps):
        e2 = rng.standard_normal(n) ** 2
        counts = rng.multinomial(n, np.full(n, 1 / n), size=b)
        rmse_star = np.sqrt(counts @ e2 / n)
        lo, hi = np.quantile(rmse_star, [0.025, 0.975])
        hits += lo <= 1 <= hi
    coverage = hits / reps
    se = math.sqrt(0.95 * 0.05 / reps)
    assert coverage < 0.95 - 2 * se  # clearly below the nominal 95 %
    assert abs(coverage - 0.909) < 4 * se  # and consistent with the chapter
    out = _outputs("13-uncertainty.ipynb")
    assert "| 30 | normal | 0.909 |" in out


# --- 11. Jarvelin and Kekalainen's discount ----------------------------------------


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
    out = _outputs("12-ranking-ndcg-gauc.ipynb")
    assert "J&K discount (b = 2): 0.7985" in out
    assert "Järvelin and Kekäläinen" in _markdown("12-ranking-ndcg-gauc.ipynb")


# --- 12. NDCG of a query without relevant items: a convention ----------------------


def test_ndcg_all_zero_is_a_convention():
    pytrec_eval = pytest.importorskip("pytrec_eval")
    from sklearn.metrics import ndcg_score

    assert ndcg_score([[0, 0, 0]], [[0.2, 0.1, 0.3]]) == 0.0
    qrels = {"q": {"d1": 0, "d2": 0, "d3": 0}}
    run = {"q": {"d1": 0.2, "d2": 0.1, "d3": 0.3}}
    assert pytrec_eval.RelevanceEvaluator(qrels, {"ndcg"}).evaluate(run)["q"][
        "ndcg"
    ] == pytest.approx(0.0)
    text = _markdown("12-ranking-ndcg-gauc.ipynb")
    assert "XGBoost" in text and "convention" in text
    assert "trec_eval 0.0" in _outputs("12-ranking-ndcg-gauc.ipynb")


# --- 13. coverage of intervals for a proportion ------------------------------------


def _clopper_pearson(n: int) -> np.ndarray:
    k = np.arange(n + 1)
    lo = np.where(k == 0, 0.0, st.beta.ppf(0.025, np.maximum(k, 1), n - k + 1))
    hi = np.where(k == n, 1.0, st.beta.ppf(0.975, k + 1, np.maximum(n - k, 1)))
    return np.column_stack([lo, hi])


def _wilson(n: int) -> np.ndarray:
    z = st.norm.ppf(0.975)
    p = np.arange(n + 1) / n
    centre = (p + z**2 / (2 * n)) / (1 + z**2 / n)
    half = z / (1 + z**2 / n) * np.sqrt(p * (1 - p) / n + z**2 / (4 * n**2))
    return np.column_stack([centre - half, centre + half])


def _exact_coverage(table: np.ndarray, n: int, p: np.ndarray) -> np.ndarray:
    inside = (table[:, :1] <= p) & (p <= table[:, 1:])
    return (st.binom.pmf(np.arange(n + 1)[:, None], n, p) * inside).sum(axis=0)


@pytest.mark.parametrize(
    ("n", "cp_min", "wilson_min"),
    [(20, "0.9581", "0.8516"), (50, "0.9527", "0.8605"), (200, "0.9504", "0.9202")],
)
def test_discrete_coverage_never_exact(n, cp_min, wilson_min):
    grid = np.linspace(0.001, 0.999, 999)
    cp = _exact_coverage(_clopper_pearson(n), n, grid)
    wil = _exact_coverage(_wilson(n), n, grid)
    assert cp.min() >= 0.95  # exact interval: at least 1 - alpha everywhere
    assert cp.max() - cp.min() > 0.03  # ... and not constant: never exactly 0.95
    assert wil.min() < 0.95 < wil.max()  # approximate interval: on both sides
    assert f"{cp.min():.4f}" == cp_min
    assert f"{wil.min():.4f}" == wilson_min
    out = _outputs("13-uncertainty.ipynb")
    assert f"| {n} | Clopper-Pearson | {cp_min} |" in out
    assert f"| {n} | Wilson | {wilson_min} |" in out


def test_chapter9_wording():
    text = _markdown("13-uncertainty.ipynb")
    assert "覆盖概率" in text and "覆盖率" not in text
    assert r"\ge 1 - \alpha" in text
    nb = (BOOK / "13-uncertainty.ipynb").read_text(encoding="utf-8")
    assert "hat_p" not in _outputs("13-uncertainty.ipynb")
    assert r"\\hat{p}" in nb  # the symbol prints as LaTeX


def test_exact_binomial_tail_with_fractions():
    # a binomial coverage term computed exactly agrees with SciPy (sanity of the method)
    n, p = 20, Fraction(1, 10)
    exact = sum(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(3, n + 1))
    assert float(exact) == pytest.approx(st.binom.sf(2, n, 0.1), rel=1e-12)


# --- 14. the histogram AUC is an approximation -------------------------------------


def test_histogram_auc_error():
    from sklearn.metrics import roc_auc_score

    rng = np.random.default_rng(14)
    y = (rng.random(100_000) < 0.3).astype(int)
    s = st.norm.cdf(rng.normal(0, 1, y.size) + 1.2 * y - 0.5)
    exact = roc_auc_score(y, s)
    expected = {10: "4.1e-03", 100: "4.3e-05", 1000: "2.0e-06"}
    out = _outputs("performance.ipynb")
    previous = 1.0
    for n_bins, shown in expected.items():
        bucket = np.minimum(np.floor(s * n_bins), n_bins - 1).astype(int)
        pos = np.bincount(bucket[y == 1], minlength=n_bins).astype(float)
        neg = np.bincount(bucket[y == 0], minlength=n_bins).astype(float)
        below = np.concatenate([[0.0], np.cumsum(neg)[:-1]])
        approx = np.sum(pos * (below + neg / 2)) / (pos.sum() * neg.sum())
        error = abs(approx - exact)
        assert 0 < error <= np.sum(pos * neg) / (2 * pos.sum() * neg.sum())
        assert error < previous
        previous = error
        assert f"{error:.1e}" == shown
        assert shown in out
    assert "is an approximation" in _markdown("performance.ipynb")
