"""The book's simulation helpers: each checked on a case with a known answer, and
reproducible from its seed."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import scipy.stats as st
from statsmodels.stats.proportion import proportion_confint

import pedagogy_metrics as pm
from pedagogy_metrics.book import simulations as sim


def test_exact_coverage_by_hand():
    # n = 1: k = 0 gives [0, 0.5], k = 1 gives [0.5, 1]; at p = 0.3 only k = 0 covers,
    # with probability 0.7; at p = 0.5 both cover.
    table = np.array([[0.0, 0.5], [0.5, 1.0]])
    assert sim.exact_coverage(table, 1, [0.3, 0.5]) == pytest.approx([0.7, 1.0])


def test_exact_coverage_of_wald_at_n_2():
    # Wald at n = 2: k = 0 and k = 2 give the points {0} and {1}; k = 1 gives
    # 0.5 -+ 1.96 * 0.3536 = [-0.193, 1.193], which holds every p. So the coverage
    # at 0 < p < 1 is P(k = 1) = 2 p (1 - p), exactly.
    p = np.array([0.1, 0.3, 0.5])
    assert sim.exact_coverage(sim.wald_table(2), 2, p) == pytest.approx(
        2 * p * (1 - p), abs=1e-15
    )


def test_clopper_pearson_matches_statsmodels_and_keeps_its_level():
    for n in (1, 7, 50):
        ours = sim.clopper_pearson_table(n)
        theirs = np.array(proportion_confint(np.arange(n + 1), n, method="beta")).T
        np.testing.assert_allclose(ours, theirs, atol=1e-12)
        grid = np.linspace(0.001, 0.999, 499)
        assert sim.exact_coverage(ours, n, grid).min() >= 0.95


def test_wilson_table_is_the_package():
    table = sim.wilson_table(10)
    assert tuple(table[8]) == pm.wilson_interval(8, 10)


def test_simulated_coverage_agrees_with_exact():
    rng = np.random.default_rng(1)
    counts = rng.binomial(40, 0.05, 40_000)
    for table in (sim.wald_table(40), sim.wilson_table(40)):
        exact = sim.exact_coverage(table, 40, 0.05)[0]
        simulated = sim.coverage(table, counts, 0.05)
        assert abs(simulated - exact) < 4 * sim.mc_se(exact, counts.size)


def test_bootstrap_of_an_accuracy_without_errors_is_the_point_one():
    table = sim.bootstrap_table(20, np.random.default_rng(0))
    assert table[20].tolist() == [1.0, 1.0]
    # so at p = 0.98 and n = 20 it misses whenever the test set has no error
    assert sim.exact_coverage(table, 20, 0.98)[0] <= 1 - 0.98**20 + 1e-12


def test_accuracy_coverage_reproducible():
    args = ([20], np.array([0.5, 0.9]), np.array([0.9]))
    a = sim.accuracy_coverage(*args, np.random.default_rng(3), reps=500, n_boot=200)
    b = sim.accuracy_coverage(*args, np.random.default_rng(3), reps=500, n_boot=200)
    for key in ("Wald", "Wilson", "bootstrap"):
        np.testing.assert_array_equal(a[20][key], b[20][key])


def test_auc_and_se_match_the_package():
    rng = np.random.default_rng(5)
    for case in sim.TRUE_AUC:
        a, se_hm, se_dl, s0, is_pos = sim.auc_and_se(case, 15, 25, rng, reps=4)
        assert a[0] == pytest.approx(pm.roc_auc(is_pos, s0), abs=1e-12)
        low = pm.delong_interval(is_pos, s0)[0]
        assert max(a[0] - sim.Z95 * se_dl[0], 0.0) == pytest.approx(low, abs=1e-12)
        high = pm.hanley_mcneil_interval(a[0], 15, 25)[1]
        assert min(a[0] + sim.Z95 * se_hm[0], 1.0) == pytest.approx(high, abs=1e-12)


def test_true_aucs_of_the_score_models():
    # AUC = P(X > Y), by numerical integration over the negative's score
    rng = np.random.default_rng(6)
    for case, truth in sim.TRUE_AUC.items():
        x = sim.auc_positives(case, 400_000, rng)
        y = rng.normal(0, 1, 400_000)
        assert np.mean(x > y) == pytest.approx(truth, abs=0.004)


def test_population_pr_auc_equal_classes_and_perfect():
    # mu huge: every positive above every negative, PR-AUC 1
    assert sim.population_pr_auc(40.0, 0.2) == pytest.approx(1.0, abs=1e-9)
    # mu = 0: precision is the prevalence at every recall
    assert sim.population_pr_auc(0.0, 0.3) == pytest.approx(0.3, abs=1e-9)


def test_pr_auc_weighted_is_pm_pr_auc():
    rng = np.random.default_rng(7)
    y = (rng.random(30) < 0.3).astype(float)
    y[:2] = 1, 0
    s = rng.normal(y, 1)
    order = np.argsort(-s)
    assert float(sim.pr_auc_weighted(np.ones(30), y[order])) == pytest.approx(
        pm.pr_auc(y, s), abs=1e-12
    )
    lo, hi = sim.logit_bounds(0.95, 20)
    assert (lo, hi) == pytest.approx(pm.pr_auc_logit_interval(0.95, 20), abs=1e-12)


def test_chi2_coverage_is_exact_for_normal_residuals():
    c = sim.chi2_coverage(20, "normal", np.random.default_rng(8), reps=20_000)
    assert abs(c - 0.95) < 4 * sim.mc_se(0.95, 20_000)


def test_residuals_have_unit_variance_and_the_stated_kurtosis():
    rng = np.random.default_rng(9)
    for name in ("normal", "Laplace", "Student t, 5 df"):
        e = sim.residuals(name, 2_000_000, rng)
        assert np.var(e) == pytest.approx(1.0, abs=0.01)
        assert st.kurtosis(e, fisher=False) == pytest.approx(
            sim.KURTOSIS[name], rel=0.15
        )


def test_rmse_bootstrap_coverage_reproducible_and_consistent():
    a = sim.rmse_bootstrap_coverage(10, "normal", np.random.default_rng(4), 100, 200)
    b = sim.rmse_bootstrap_coverage(10, "normal", np.random.default_rng(4), 100, 200)
    assert a == b
    assert a["coverage"] == pytest.approx(1 - a["below"] - a["above"])


def test_ap_weighted_and_document_counts():
    ranked = sim.draw_queries(5, np.random.default_rng(10))
    ap = sim.ap_weighted(1, ranked)
    for r, value in zip(ranked, ap):
        assert value == pytest.approx(pm.average_precision_at_k(r), abs=1e-12)
    counts = sim.document_counts(ranked, 3, np.random.default_rng(11))
    assert (counts.sum(axis=2) == sim.M_DOCS).all()
    # stratified: every resample of a query keeps its number of relevant documents
    assert ((counts * ranked).sum(axis=2) == ranked.sum(axis=1)).all()


def test_map_coverage_reproducible():
    a = sim.map_coverage(0.5, np.random.default_rng(12), 10, 20, 100, 20)
    b = sim.map_coverage(0.5, np.random.default_rng(12), 10, 20, 100, 20)
    assert a["queries"] == b["queries"] and a["documents"] == b["documents"]
    assert a["check"][0] == pytest.approx(a["check"][1], abs=1e-12)


def test_mc_se_and_best_time():
    assert sim.mc_se(0.5, 100) == pytest.approx(0.05)
    assert sim.best_time(sum, [1, 2]) >= 0.0


def test_binomial_null_rate_exact_mcnemar_design():
    # chapter 14's design: 100 samples, discordant with probability 0.2
    exact = lambda j, m: st.binom.sf(j - 1, m, 0.5) if m else 1.0  # noqa: E731
    assert sim.binomial_null_rate(exact, 100, 0.2) == pytest.approx(0.0325, abs=5e-5)
    # a test that always rejects has rate 1, one that never rejects has rate 0
    assert sim.binomial_null_rate(lambda j, m: 0.0, 10, 0.5) == pytest.approx(1.0)
    assert sim.binomial_null_rate(lambda j, m: 1.0, 10, 0.5) == 0.0


def test_signed_rank_exact_size_against_enumeration():
    for n in (5, 8, 12):
        signs = np.array(list(itertools.product([-1, 1], repeat=n)))
        ranks = np.arange(1, n + 1)
        p = np.array([st.wilcoxon(s * ranks, method="exact").pvalue for s in signs])
        assert sim.signed_rank_exact_size(n) == pytest.approx(np.mean(p <= 0.05))


def test_exact_randomization_p_against_the_package_enumeration():
    rng = np.random.default_rng(13)
    for q in range(1, 12):
        u, v = rng.random(q), rng.random(q)
        assert sim.exact_randomization_p(u - v) == pytest.approx(
            pm.randomization_test(u, v), abs=1e-12
        )


def test_auc_sd_is_the_spread_of_simulated_aucs():
    rng = np.random.default_rng(10)
    for case in sim.TRUE_AUC:
        a = sim.auc_and_se(case, 20, 60, rng, reps=4000)[0]
        # the SD of 4,000 AUCs has a relative Monte Carlo SE of about 1.1 %
        assert a.std() == pytest.approx(sim.auc_sd(case, 20, 60), rel=0.05)
    # one positive, one negative: the AUC is 0 or 1, SD sqrt(A (1 - A))
    assert sim.auc_sd("SD 3 : 1", 1, 1) == pytest.approx(np.sqrt(0.85 * 0.15))


def test_rmse_bootstrap_coverage_batches_do_not_change_the_rates():
    # at n = 30 with normal residuals the percentile bootstrap covers about 0.90
    out = sim.rmse_bootstrap_coverage(30, "normal", np.random.default_rng(11), 4000)
    assert abs(out["coverage"] - 0.90) < 4 * sim.mc_se(0.90, 4000)
    assert out["below"] > out["above"]
    assert sim.with_se(0.9, 10_000) == "0.900 ± 0.003"


def test_delong_by_pairs_is_the_package_with_ties():
    rng = np.random.default_rng(12)
    for size in (4, 9, 40):
        y = (rng.random(size) < 0.5).astype(int)
        y[:4] = 1, 0, 1, 0
        s = np.round(rng.normal(y, 1), 1)  # rounded: ties across the classes
        assert sim.delong_by_pairs(y, s) == pytest.approx(
            pm.delong_interval(y, s), abs=1e-12
        )


def test_stratified_bootstrap_auc_keeps_both_classes_and_its_sd():
    rng = np.random.default_rng(13)
    y = np.r_[np.ones(100, int), np.zeros(100, int)]
    s = np.r_[rng.normal(1, 1, 100), rng.normal(0, 1, 100)]
    boot = sim.stratified_bootstrap_auc(y, s, rng, 2000)
    v10, v01 = pm.structural_components(y, s)
    se = np.sqrt(v10.var(ddof=1) / 100 + v01.var(ddof=1) / 100)
    assert boot.mean() == pytest.approx(pm.roc_auc(y, s), abs=0.005)
    assert boot.std() == pytest.approx(se, rel=0.1)


def test_inference_cross_checks_pass(capsys):
    sim.inference_cross_checks(np.random.default_rng(14), 30).report()
    out = capsys.readouterr().out
    assert out.count("agree to within 1e-12") == 4


def test_wilson_steps_agree_with_the_package():
    rows = dict(sim.wilson_steps(8, 10))
    low, high = pm.wilson_interval(8, 10)
    assert rows["Wilson: $c - h$, $c + h$"] == f"{low:.4f}, {high:.4f}"
    half = sim.Z95 * np.sqrt(0.8 * 0.2 / 10)
    assert rows[r"Wald: $\hat p \mp z\,\mathrm{SE}$"] == (
        f"{0.8 - half:.4f}, {0.8 + half:.4f}"
    )
    assert rows["$1 + z^2/n$"] == f"{1 + sim.Z95**2 / 10:.4f}"


def test_coverage_rows_summarise_simulated_and_exact_coverage():
    ps = np.array([0.3, 0.5, 0.9])
    results = {5: {"Wald": np.array([0.7, 0.8, 0.9]), "Wilson": np.ones(3)}}
    rows = sim.coverage_rows(results, [5], ps)
    assert [r[:2] for r in rows] == [[5, "Wald"], [5, "Wilson"]]
    exact = sim.exact_coverage(sim.wald_table(5), 5, ps)
    _, _, mean_sim, mean_exact, min_sim, min_exact, at_p = rows[0]
    assert (mean_sim, min_sim) == pytest.approx((0.8, 0.7))
    assert (mean_exact, min_exact) == pytest.approx((exact.mean(), exact.min()))
    assert at_p == ps[exact.argmin()]


def test_exact_coverage_rows_clopper_pearson_never_below_95():
    rows = sim.exact_coverage_rows([10, 30], np.linspace(0.01, 0.99, 99))
    assert [r[1] for r in rows] == ["Wilson", "Clopper-Pearson"] * 2
    for _, name, low, _, mean, high in rows:
        assert low <= mean <= high <= 1
        if name == "Clopper-Pearson":
            assert low >= 0.95


def test_delong_study_shares_and_spread():
    out = sim.delong_study("equal SD", 20, 200, np.random.default_rng(1), 4000)
    shares = list(out["shares"].values())
    assert sum(shares[:3]) == pytest.approx(1.0)
    assert out["sd_true"] == pytest.approx(sim.auc_sd("equal SD", 20, 200))
    # the simulated SD of 4,000 AUCs is within 5 % of the exact one
    assert out["sd"] == pytest.approx(out["sd_true"], rel=0.05)
    assert out["rms_se"] >= out["mean_se"]
    assert 0.85 < shares[0] < 0.95  # DeLong under-covers at 20 + 200


def test_bootstrap_aucs_match_the_package_bootstrap():
    rng = np.random.default_rng(3)
    y = np.r_[np.ones(8, int), np.zeros(8, int)]
    s = rng.normal(y, 1)
    values = sim.bootstrap_aucs(y, s, np.random.default_rng(0), 500)
    ours = np.quantile(values, [0.025, 0.975])
    theirs = pm.bootstrap_interval(pm.roc_auc, y, s, n_resamples=500, seed=0)
    assert ours == pytest.approx(theirs, abs=1e-12)


def test_delong_vs_stratified_bootstrap_agree_roughly():
    se, sd = sim.delong_vs_stratified(np.random.default_rng(2), 100, 1000)
    assert sd / se == pytest.approx(1, abs=0.15)


def test_logit_rows_use_the_package_interval():
    (row,) = sim.logit_rows([(0.7, 100)])
    lo, hi = pm.pr_auc_logit_interval(0.7, 100)
    assert row[:2] == [0.7, 100]
    assert row[3] == f"[{lo:.4f}, {hi:.4f}]"
    half = sim.Z95 * np.sqrt(0.7 * 0.3 / 100)
    assert row[2] == f"[{0.7 - half:.4f}, {0.7 + half:.4f}]"


def test_rmse_coverage_study_keys_and_chi2_exact_for_normal():
    chi2, boot = sim.rmse_coverage_study(
        np.random.default_rng(0), np.random.default_rng(1), reps_boot=20
    )
    assert set(chi2) == {(n, k) for n in (30, 300) for k in sim.KURTOSIS}
    assert set(boot) == {(k, n) for n in sim.RMSE_SIZES for k in list(sim.KURTOSIS)[:3]}
    # 10,000 test sets: within 4 Monte Carlo SEs of the exact 0.95
    assert abs(chi2[30, "normal"] - 0.95) < 4 * sim.mc_se(0.95, 10_000)


def test_chi2_coverage_limit_known_values():
    # kurtosis 3 (normal): 0.95; infinite kurtosis: 0
    assert sim.chi2_coverage_limit([3.0, np.inf]) == pytest.approx([0.95, 0.0])


def test_rmse_sd_normal_matches_simulation():
    rng = np.random.default_rng(4)
    rmse = np.sqrt(np.mean(rng.normal(0, 1, (200_000, 30)) ** 2, axis=1))
    assert sim.rmse_sd_normal(30) == pytest.approx(rmse.std(), rel=0.01)
    # n = 1: |N(0, 1)| has mean sqrt(2 / pi)
    assert sim.rmse_sd_normal(1) == pytest.approx(np.sqrt(1 - 2 / np.pi))


def test_exact_delong_by_hand():
    # the worked example of chapter 13: V10 = 1, 5/6, 1/2; V01 = 1/2, 5/6, 1; A = 7/9
    v10, v01, a, se2 = sim.exact_delong(
        [1, 1, 1, 0, 0, 0], [0.9, 0.6, 0.3, 0.6, 0.3, 0.1]
    )
    assert [str(v) for v in v10] == ["1", "5/6", "1/2"]
    assert [str(v) for v in v01] == ["1/2", "5/6", "1"]
    assert str(a) == "7/9"
    low, _ = pm.delong_interval([1, 1, 1, 0, 0, 0], [0.9, 0.6, 0.3, 0.6, 0.3, 0.1])
    assert float(a) - sim.Z95 * float(se2) ** 0.5 == pytest.approx(low, abs=1e-12)


def test_auc_coverage_rows_in_case_order():
    cov = {(c, 2, 3): [0.9, 0.95] for c in sim.TRUE_AUC}
    rows = sim.auc_coverage_rows(cov, [(2, 3)])
    assert [r[0] for r in rows] == list(sim.TRUE_AUC)
    assert rows[0][1:] == ["2 + 3", 0.9, 0.95]


def test_population_map_is_the_mean_ap():
    m, se = sim.population_map(np.random.default_rng(5), 2000)
    ranked = sim.draw_queries(2000, np.random.default_rng(5))
    ap = [pm.average_precision_at_k(r) for r in ranked]
    assert m == pytest.approx(np.mean(ap), abs=1e-12)
    assert se == pytest.approx(np.std(ap) / np.sqrt(2000), abs=1e-12)


def test_rmse_bca_matches_the_package():
    e = np.random.default_rng(7).normal(0, 1, 25)
    bca, pct = sim.rmse_bca(e, np.random.default_rng(0), 500)
    rmse = lambda x: np.sqrt(np.mean(x**2))  # noqa: E731
    ref = pm.bootstrap_interval(rmse, e, n_resamples=500, seed=0, method="bca")
    assert bca == pytest.approx(ref, abs=1e-12)
    ref = pm.bootstrap_interval(rmse, e, n_resamples=500, seed=0)
    assert pct == pytest.approx(ref, abs=1e-12)


def test_intervals_by_size_are_the_package_intervals():
    widths = sim.intervals_by_size([10, 101])
    assert widths["accuracy 0.9"][1] == pm.wilson_interval(91, 101)
    assert widths["AUC 0.8, n/2 positives"][1] == pm.hanley_mcneil_interval(0.8, 50, 50)


def test_hanley_mcneil_exact_gives_the_package_se():
    q1, q2, var = sim.hanley_mcneil_exact(0.8, 50, 50)
    assert (q1, q2) == pytest.approx((2 / 3, 32 / 45))
    low, high = pm.hanley_mcneil_interval(0.8, 50, 50)
    assert (high - low) / 2 == pytest.approx(sim.Z95 * np.sqrt(var), abs=1e-12)


def test_document_bootstrap_is_the_quantile_of_resampled_maps():
    ranked = sim.draw_queries(8, np.random.default_rng(6))
    ours = sim.document_bootstrap(ranked, 300, np.random.default_rng(1))
    boot = sim.ap_weighted(
        sim.document_counts(ranked, 300, np.random.default_rng(1)), ranked
    )
    assert ours == pytest.approx(np.quantile(boot.mean(axis=1), [0.025, 0.975]))
    assert ours[0] <= np.mean([pm.average_precision_at_k(r) for r in ranked]) <= ours[1]
