"""The checks of the errata appendix (book/errata.ipynb).

Each row of ``data/errata.yaml`` names up to two checks: ``note_check`` computes
what the note's formula gives when evaluated as written (with ``book.notes``),
``our_check`` computes the right value with the package. A check takes no
argument and returns a number, an interval (a tuple) or a short text whose
numbers it formats itself. Checks are registered in ``CHECKS`` by name; the
examples they share are defined once, at the top.
"""

from __future__ import annotations

import functools
import itertools
import pathlib
from collections.abc import Callable
from typing import Any

import numpy as np
import scipy.optimize as so
import scipy.stats as st
import sympy as sp
import yaml

import pedagogy_metrics as pm
from pedagogy_metrics.book import notes

DATA = pathlib.Path(__file__).parent / "data" / "errata.yaml"
COVERAGE = DATA.with_name("errata_coverage.yaml")
VERDICTS = (
    "correct",
    "typo",
    "rounding",
    "dated",
    "ambiguous",
    "wrong",
    "prose-only",
)
NOTES = {
    "000": "000_453d718c0b156ccd.txt",
    "001": "001_1c2eb8dd8970d6e2.txt",
    "002": "002_86bc4886d1dbd74d.txt",
    "003": "003_66657435e16cfb61.txt",
    "004": "004_505c60d5ab66b338.txt",
}
CHECKS: dict[str, Callable[[], Any]] = {}


def check(f: Callable[[], Any]) -> Callable[[], Any]:
    """Register ``f`` in ``CHECKS`` under its name."""
    CHECKS[f.__name__] = f
    return f


def load_claims(path: pathlib.Path = DATA) -> list[dict[str, Any]]:
    """The rows of the errata table, in the order of the data file."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def load_coverage(path: pathlib.Path = COVERAGE) -> list[dict[str, Any]]:
    """The number of checkable sentences of each note, and what was not counted."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def evaluated_claims() -> list[dict[str, Any]]:
    """The rows, each with the values of its checks: what the note gives
    (``note_value``) and what we compute (``our_value``)."""
    claims = load_claims()
    for claim in claims:
        claim["note_value"] = run(claim.get("note_check"))
        claim["our_value"] = run(claim.get("our_check"))
    return claims


def run(name: str | None) -> Any:
    """The value of the check ``name`` (None when the row names no check)."""
    return None if name is None else CHECKS[name]()


def seq(values: Any) -> str:
    """A short sequence of numbers as text: 0.50, 0.33, ..."""
    return ", ".join(f"{v:.2f}" for v in values)


# ---- the examples ------------------------------------------------------------
# chapter 1's spam filter (TP 3, FP 2, FN 1, TN 6), chapter 2's fraud detector
# (TP 15, FP 10, FN 5, TN 970) and three-class example
SPAM = ([1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0])
FRAUD = ([1] * 20 + [0] * 980, [1] * 15 + [0] * 5 + [1] * 10 + [0] * 970)
THREE = (list("aaaabbbccc"), list("aabcbbacca"))
# note 003's six impressions, its 8-sample example; a reversed scorer; scores outside
# [0, 1]
SIX = ([1, 0, 1, 0, 0, 0], [0.9, 0.7, 0.8, 0.6, 0.5, 0.4])
NEGATIVE = ([1, 1, 0, 0], [0.5, 0.2, -0.3, -0.6])
BUCKET, TOPS = ([1, 0, 1, 0], [0.3, 0.8, 0.5]), (0.99, 1.0, 1.5)  # top score varies
EIGHT = ([1, 0, 0, 0, 1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1, 0.4, 0.9, 0.66, 0.7])
REVERSED = ([1, 1, 0, 0], [0.1, 0.2, 0.8, 0.9])
# chapters 5 and 6: binary and three-class probabilities, 10 labels of 3 classes
Y5, P5 = [1, 0, 1, 0, 1], [0.9, 0.3, 0.6, 0.05, 0.2]
Y3 = [0, 2, 1, 2]
P3 = [[0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3], [0.2, 0.2, 0.6]]
Y10 = [0, 0, 0, 1, 1, 2, 0, 1, 2, 0]
WMAE = ([120, 100, 90, 110, 130], [110, 104, 99, 100, 120], 0.5 ** np.arange(5))
PRICES = np.round(np.random.default_rng(6).lognormal(4.5, 0.8, 401), 2)
RMSE4 = ([12, 7, 30, 18], [10, 9, 26, 18])
MAPE4 = ([50, 80, 120, 200], [55, 72, 126, 170])
ERRORS5 = ([12, 8, 15, 9, 11], [0, 0, 0, 0, 0])
HOTEL = ([200, 200], [150, 250])
# chapters 7 and 8: ranked relevance; note 000's six shown results and all eight
AP002 = [1, 0, 1, 0, 0, 1, 0, 0, 1, 1]
CASE1, CASE2 = [1, 0, 1, 0, 1], [0, 1, 0, 1, 0]
AP004 = [1, 0, 0, 1, 1, 1]
SHOWN = [3, 2, 3, 0, 1, 2]
JUDGED = [*SHOWN, 3, 0]
IDEAL6 = sorted(JUDGED, reverse=True)[:6]
GAUC_BY_USER = {  # chapter 8's four users: labels and scores of model 2
    1: ([1, 1, 0, 0], [0.40, 0.36, 0.30, 0.25]),
    2: ([1, 0, 0, 0, 0], [0.33, 0.35, 0.28, 0.22, 0.20]),
    3: ([0, 0, 0], [0.45, 0.42, 0.39]),
    4: ([1, 1, 1, 0], [0.27, 0.26, 0.24, 0.15]),
}
GAUC = (
    [y for labels, _ in GAUC_BY_USER.values() for y in labels],
    [s for _, scores in GAUC_BY_USER.values() for s in scores],
    [user for user, (labels, _) in GAUC_BY_USER.items() for _ in labels],
)
# chapter 9: a model biased by about 2; 15 and 5 discordant pairs
RESIDUALS = np.random.default_rng(3).normal(2.0, 1.0, 1000)
MC_TRUE = np.ones(20, int)
MC_FIRST = np.r_[np.ones(15, int), np.zeros(5, int)]


def flags(scores: list[float], threshold: float) -> np.ndarray:
    """Predict 1 where the score is at least ``threshold``."""
    return (np.asarray(scores) >= threshold).astype(int)


def rows_of(cm: np.ndarray, name: str) -> str:
    """A 2 x 2 matrix as text, row by row."""
    return "; ".join(f"{name} {i}: {row[0]:g} {row[1]:g}" for i, row in enumerate(cm))


def pooled_counts(y: list[str], p: list[str]) -> tuple[int, int, int, int]:
    """TP, FP, FN, TN summed over the classes, each class against the rest."""
    k = pm.per_class_counts(y, p)
    tp, fp, fn = int(k["tp"].sum()), int(k["fp"].sum()), int(k["fn"].sum())
    return tp, fp, fn, len(y) * len(k["labels"]) - tp - fp - fn


# ---- chapters 1 and 2: counts, accuracy, precision, recall, F ------------------


@check
def note000_accuracy_spam() -> float:
    return notes.accuracy_note000(*pm.binary_counts(*SPAM))


@check
def accuracy_spam() -> float:
    return pm.accuracy(*SPAM)


@check
def accuracy_constant_90_10() -> float:
    return pm.accuracy([1] * 90 + [0] * 10, [1] * 100)


@check
def log_loss_before_after_isotonic() -> tuple[float, float]:
    y, p = [0, 0, 1, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.2, 0.6]
    return pm.log_loss(y, p), pm.log_loss(y, pm.isotonic_calibration(y, p))


@check
def f1_constant_90_10() -> float:
    return pm.f1([1] * 90 + [0] * 10, [1] * 100)


@check
def mcc_constant_90_10() -> float:
    return pm.matthews_corrcoef([1] * 90 + [0] * 10, [1] * 100)


@check
def note003_accuracy_indicator_spam() -> float:
    return float(np.mean(np.equal(*SPAM)))


@check
def default_accuracy_balanced() -> float:
    return max(pm.accuracy([0, 1] * 50, [c] * 100) for c in (0, 1))


@check
def error_rate_spam() -> float:
    return pm.error_rate(*SPAM)


@check
def cells_total_spam() -> int:
    return int(pm.confusion_matrix(*SPAM).sum())


@check
def confusion_rows_spam() -> str:
    return rows_of(pm.confusion_matrix(*SPAM), "true")


@check
def confusion_transposed_spam() -> str:
    return rows_of(pm.confusion_matrix(*SPAM).T, "predicted")


@check
def confusion_weighted_spam() -> str:
    weights = [2] * 4 + [1] * 8  # each positive counts twice
    return rows_of(pm.confusion_matrix(*SPAM, sample_weight=weights), "true")


@functools.cache
def best_threshold_noise() -> tuple[float, float]:
    """Accuracy of a scorer without skill at the threshold that maximises it.

    400 test sets of 50 positives and 50 negatives with random scores: the mean
    accuracy at the best threshold of the test set itself, and at the best
    threshold of a separate validation set of the same size.
    """
    rng = np.random.default_rng(12)
    y = np.r_[np.ones(50, int), np.zeros(50, int)]

    def best(scores: np.ndarray) -> tuple[float, float]:
        c = pm.threshold_counts(y, scores)
        accuracy = np.r_[c.n_neg, c.tp + c.n_neg - c.fp] / y.size  # none flagged, ...
        i = int(np.argmax(accuracy))
        return float(accuracy[i]), float(np.r_[np.inf, c.thresholds][i])

    on_test, held_out = [], []
    for _ in range(400):
        validation, test = rng.normal(size=100), rng.normal(size=100)
        on_test.append(best(test)[0])
        threshold = best(validation)[1]
        held_out.append(pm.accuracy(y, (test >= threshold).astype(int)))
    return float(np.mean(on_test)), float(np.mean(held_out))


@check
def note001_accuracy_best_threshold_noise() -> str:
    return f"mean {best_threshold_noise()[0]:.4f} (no skill)"


@check
def accuracy_threshold_held_out_noise() -> str:
    return f"mean {best_threshold_noise()[1]:.4f} (threshold from other data)"


@check
def precision_fraud() -> float:
    return pm.precision(*FRAUD)


@check
def recall_fraud() -> float:
    return pm.recall(*FRAUD)


@check
def f1_fraud() -> float:
    return pm.f1(*FRAUD)


@check
def f2_fraud() -> float:
    return pm.f_beta(*FRAUD, beta=2.0)


@check
def note002_f_alpha_1_fraud() -> float:
    return notes.f_alpha_note002(pm.precision(*FRAUD), pm.recall(*FRAUD), 1)


@check
def f1_macro_three() -> float:
    return pm.f1(*THREE, average="macro")


@check
def note000_micro_three() -> float:
    return notes.micro_average_note000(*pooled_counts(*THREE))


@check
def f1_micro_three() -> float:
    return pm.f1(*THREE, average="micro")


@check
def f1_macro_and_micro_three() -> str:
    return f"macro {f1_macro_three():.4f}, micro {f1_micro_three():.4f}"


@check
def precision_macro_three() -> float:
    return pm.precision(*THREE, average="macro")


@check
def recall_carp() -> float:
    return pm.recall([1] * 100 + [0] * 100, [1] * 80 + [0] * 20 + [0] * 100)


@check
def precision_at_2_six() -> str:
    ranked = np.array(SIX[0])[np.argsort(SIX[1])[::-1]]  # labels, best score first
    top2 = pm.precision(SIX[0], flags(SIX[1], 0.8))
    return f"P@2 {pm.precision_at_k(ranked, 2):.4f} = precision of the top 2 {top2:.4f}"


@check
def precision_and_recall_at_2_six() -> str:
    ranked = np.array(SIX[0])[np.argsort(SIX[1])[::-1]]
    return (
        f"P@2 {pm.precision_at_k(ranked, 2):.4f}, R@2 {pm.recall_at_k(ranked, 2):.4f}"
    )


# ---- chapters 3 and 4: ROC, AUC, precision-recall -------------------------------


@check
def recall_six_at_09() -> float:
    return pm.recall(SIX[0], flags(SIX[1], 0.9))


@check
def note000_fpr_six_at_07() -> float:
    counts = pm.binary_counts(SIX[0], flags(SIX[1], 0.7))
    return notes.fpr_note000(counts.fp, counts.tn, counts.fn)


@check
def fpr_six_at_07() -> float:
    return float(pm.roc_curve(*SIX)[0][3])


@check
def tpr_six_first_point() -> float:
    return float(pm.roc_curve(*SIX)[1][1])


@check
def accuracy_six_at_08() -> float:
    return pm.accuracy(SIX[0], flags(SIX[1], 0.8))


@check
def auc_diagonal() -> float:
    return pm.roc_auc([1, 0], [0.5, 0.5])


@check
def guesser_on_diagonal() -> str:
    y = [1] * 10 + [0] * 10
    guess = [1] * 3 + [0] * 7 + [1] * 3 + [0] * 7  # flags 30 % of each class
    tp, fp, fn, tn = pm.binary_counts(y, guess)
    return f"flagging 30 %: TPR {tp / (tp + fn):.2f}, FPR {fp / (fp + tn):.2f}"


@check
def auc_enclosing_curve() -> str:
    better = pm.roc_auc(EIGHT[0], EIGHT[0])  # a perfect scorer: its curve encloses any
    return f"AUC {better:.4f} (enclosing) vs {pm.roc_auc(*EIGHT):.4f}"


@check
def auc_reversed() -> float:
    return pm.roc_auc(*REVERSED)


@check
def auc_six() -> float:
    return pm.roc_auc(*SIX)


@check
def auc_u_shaped() -> str:
    y = [1, 1, 0, 0, 0, 0, 1, 1]  # the positives sit at both ends
    s = np.array([0.05, 0.1, 0.3, 0.4, 0.6, 0.7, 0.9, 0.95])
    by_distance = pm.roc_auc(y, np.abs(s - 0.5))
    return f"AUC {pm.roc_auc(y, s):.4f}; |s − 0.5| has AUC {by_distance:.4f}"


@check
def tpr_is_recall_eight() -> str:
    tpr = pm.roc_curve(*EIGHT)[1][4]  # threshold 0.66
    return f"TPR {tpr:.4f} = recall {pm.recall(EIGHT[0], flags(EIGHT[1], 0.66)):.4f}"


@check
def auc_eight() -> float:
    return pm.roc_auc(*EIGHT)


@check
def auc_trapezoid_eight() -> float:
    return pm.roc_auc(*EIGHT, method="trapezoid")


@check
def auc_pairs_eight() -> float:
    return pm.roc_auc(*EIGHT, method="pairs")


@check
def note003_naive_auc_eight() -> float:
    return notes.naive_auc_note003(*EIGHT)


@check
def note003_rank_auc_eight() -> str:
    in_order = notes.rank_auc_note003(*EIGHT)
    reversed_ties = notes.rank_auc_note003(*EIGHT, ties="reversed")
    return f"{in_order:.4f} or {reversed_ties:.4f}"


@check
def auc_rank_eight() -> float:
    return pm.roc_auc(*EIGHT, method="rank")


@check
def auc_as_u_eight() -> str:
    u = pm.mann_whitney_u(*EIGHT)
    return f"U/(mn) {u / (3 * 5):.4f} = AUC {pm.roc_auc(*EIGHT):.4f}"


@check
def gini_eight() -> float:
    return pm.gini(*EIGHT)


def outcome(f: Callable[..., float], *args: Any) -> str:
    """The value of ``f(*args)``, or the name of the error it raises."""
    try:
        return f"{f(*args):.4f}"
    except (IndexError, ValueError) as exc:
        return type(exc).__name__


@check
def note003_bucket_code_score_one() -> str:
    f = notes.approximate_auc_note003
    runs = [f"{top}: {outcome(f, BUCKET[0], [top, *BUCKET[1]])}" for top in TOPS]
    return "; ".join(runs)


@check
def auc_histogram_score_one() -> str:
    f = pm.roc_auc_histogram
    runs = [f"{top}: {outcome(f, BUCKET[0], [top, *BUCKET[1]])}" for top in TOPS]
    return "; ".join(runs)


@check
def note003_bucket_code_negative() -> float:
    return notes.approximate_auc_note003(*NEGATIVE)


@check
def auc_negative_scores() -> str:
    histogram = outcome(pm.roc_auc_histogram, *NEGATIVE)
    return f"{pm.roc_auc(*NEGATIVE):.4f} (the histogram AUC: {histogram})"


@check
def note003_pair_term_eight() -> float:
    return notes.pair_term_auc_note003(0.9, 0.8, 3, 5)  # the first pair of EIGHT


@check
def note003_exceeded_rank_six() -> float:
    return notes.exceeded_rank_auc_note003(*SIX)


@check
def auc_rank_six() -> float:
    return pm.roc_auc(*SIX, method="rank")


@check
def bucket_code_steps_eight() -> str:
    return f"O(n + n_bins): {len(EIGHT[0])} + 100 steps for EIGHT"


@check
def roc_thresholds_eight() -> str:
    fpr, _, thresholds = pm.roc_curve(*EIGHT)
    return f"{len(thresholds) - 1} thresholds, {len(fpr)} points"


@check
def pr_auc_eight() -> float:
    return pm.pr_auc(*EIGHT)


@check
def pr_bias_lower_trapezoid_and_ap() -> str:
    # positives N(1, 1), negatives N(0, 1), 20 + 180 samples: chapter 4's first setting
    t = np.linspace(-12, 14, 200_001)[::-1]
    recall, fpr = st.norm.sf(t - 1.0), st.norm.sf(t)
    precision = 0.1 * recall / (0.1 * recall + 0.9 * fpr)
    truth = float(np.trapezoid(precision, recall))
    rng = np.random.default_rng(13)
    y = np.r_[np.ones(20, int), np.zeros(180, int)]
    lower, ap = [], []
    for _ in range(300):
        s = np.r_[rng.normal(1.0, 1, 20), rng.normal(0, 1, 180)]
        lower.append(pm.pr_auc(y, s))
        ap.append(pm.average_precision(y, s))
    return (
        f"bias: lower trapezoid {np.mean(lower) - truth:+.3f}, "
        f"AP {np.mean(ap) - truth:+.3f}"
    )


@check
def precision_at_recall_eight_interpolated() -> str:
    precision, recall, _ = pm.precision_recall_curve(*EIGHT)
    interpolated = precision[recall >= 0.5].max()
    conservative = pm.precision_at_recall(*EIGHT, 0.5)
    return f"{conservative:.4f} (interpolated: {interpolated:.4f})"


@check
def precision_at_recall_eight() -> float:
    return pm.precision_at_recall(*EIGHT, 0.5)


@check
def precision_at_volume_eight() -> float:
    return pm.precision_at_volume(*EIGHT, 0.5)


@check
def recall_at_precision_eight() -> float:
    return pm.recall_at_precision(*EIGHT, 0.5)


@check
def recall_at_fpr_eight() -> float:
    return pm.recall_at_fpr(*EIGHT, 0.5)


@check
def fpr_at_recall_eight() -> float:
    return pm.fpr_at_recall(*EIGHT, 0.5)


@check
def precision_as_threshold_falls_eight() -> str:
    c = pm.threshold_counts(*EIGHT)
    return seq(c.tp / (c.tp + c.fp))


@check
def recall_as_threshold_falls_eight() -> str:
    c = pm.threshold_counts(*EIGHT)
    return seq(c.tp / c.n_pos)


@check
def recall_and_fpr_as_threshold_falls_eight() -> str:
    c = pm.threshold_counts(*EIGHT)
    return f"recall {seq(c.tp / c.n_pos)}; FPR {seq(c.fp / c.n_neg)}"


@check
def pr_thresholds_eight() -> str:
    thresholds = pm.threshold_counts(*EIGHT).thresholds
    high, low = thresholds[0], thresholds[-1]
    return f"{len(thresholds)} thresholds, from {high:.2f} down to {low:.2f}"


@check
def ap_eight_and_perfect() -> str:
    perfect = pm.average_precision(EIGHT[0], EIGHT[0])
    return f"AP {pm.average_precision(*EIGHT):.4f}; a perfect ranking {perfect:.4f}"


@check
def precision_eight_above_09() -> str:
    flagged = int(np.sum(np.asarray(EIGHT[1]) > 0.9))
    return f"{flagged} flagged: precision 0/0, undefined"


@check
def precision_eight_at_09() -> float:
    return pm.precision(EIGHT[0], flags(EIGHT[1], 0.9))


# ---- chapters 5 and 6: log loss, calibration, regression errors -----------------


@check
def log_loss_three() -> float:
    return pm.log_loss(Y3, P3)


@check
def note003_multiclass_log_loss_three() -> float:
    return notes.multiclass_log_loss_note003(Y3, P3)


@check
def log_loss_constant_y10() -> float:
    return pm.log_loss(Y10, np.tile([0.5, 0.3, 0.2], (10, 1)))  # the label shares


@check
def log_loss_constant_and_model_y10() -> str:
    model = np.full((10, 3), 0.2)
    model[np.arange(10), Y10] = 0.6  # 0.6 on the true class
    return (
        f"best constant {log_loss_constant_y10():.4f}; "
        f"a model with 0.6 on the true class {pm.log_loss(Y10, model):.4f}"
    )


@check
def default_log_loss_y10() -> float:
    return pm.default_log_loss(Y10)


@check
def note003_binary_log_loss_y5() -> float:
    return notes.binary_log_loss_note003(Y5, P5)


@check
def log_loss_y5() -> float:
    return pm.log_loss(Y5, P5)


@check
def note003_likelihood_y5() -> float:
    y, p = np.asarray(Y5), np.asarray(P5)
    return float(np.prod(np.where(y == 1, p, 1 - p)))  # P(Y | X), the likelihood


@check
def log_loss_as_nll_y5() -> str:
    nll = -np.log(note003_likelihood_y5()) / len(Y5)
    assert abs(nll - pm.log_loss(Y5, P5)) < 1e-12
    return f"−log(L) / N = {nll:.4f}, the log loss"


@check
def log_loss_minimum_y5() -> str:
    best = so.minimize_scalar(
        lambda c: pm.log_loss(Y5, np.full(len(Y5), c)),
        bounds=(0.01, 0.99),
        method="bounded",
        options={"xatol": 1e-9},
    ).x
    assert abs(best - np.mean(Y5)) < 1e-6  # the share of 1s, the MLE
    return f"least at p = {best:.4f}, the MLE"


@check
def note001_default_log_loss_no_maximum_y10() -> str:
    values = [
        pm.log_loss(Y10, np.tile([eps, (1 - eps) / 2, (1 - eps) / 2], (10, 1)))
        for eps in (1e-2, 1e-4, 1e-6)
    ]
    return f"none: {seq(values)}, … for p(0) = 10⁻², 10⁻⁴, 10⁻⁶"


@check
def log_loss_moves_auc_does_not_y5() -> str:
    squared = np.square(P5)  # same order, other values
    return (
        f"p → p²: AUC {pm.roc_auc(Y5, P5):.4f} → {pm.roc_auc(Y5, squared):.4f}, "
        f"log loss {pm.log_loss(Y5, P5):.4f} → {pm.log_loss(Y5, squared):.4f}"
    )


@check
def pcoc_eight_clicks() -> float:
    return pm.pcoc(
        [1, 0, 0, 1, 0, 0, 0, 0], [0.30, 0.10, 0.05, 0.40, 0.20, 0.10, 0.05, 0.20]
    )


@check
def rmse_four() -> float:
    return pm.rmse(*RMSE4)


@check
def rmse_four_in_hundredths() -> str:
    scaled = pm.rmse(*(np.multiply(v, 100) for v in RMSE4))
    return f"{rmse_four():.4f}; the labels × 100: {scaled:.2f}"


@check
def qq_correlation_residuals() -> str:
    scaled = (RESIDUALS - RESIDUALS.mean()) / RESIDUALS.std()
    (_, _), (_, _, r) = st.probplot(scaled, dist="norm")
    return f"Q-Q correlation {r:.4f}"


@check
def mae_wmae_example() -> float:
    return pm.mae(WMAE[0], WMAE[1])


@check
def best_constant_mae_prices() -> str:
    best = so.minimize_scalar(
        lambda c: pm.mae(PRICES, np.full(PRICES.size, c)),
        bounds=(PRICES.min(), PRICES.max()),
        method="bounded",
        options={"xatol": 1e-9},
    ).x
    return f"best constant {best:.2f}, median {np.median(PRICES):.2f}"


@check
def best_constant_rmse_prices() -> str:
    best = so.minimize_scalar(
        lambda c: pm.rmse(PRICES, np.full(PRICES.size, c)),
        bounds=(PRICES.min(), PRICES.max()),
        method="bounded",
        options={"xatol": 1e-9},
    ).x
    return f"best constant {best:.2f}, mean {PRICES.mean():.2f}"


@check
def mae_hessian() -> str:
    e = sp.Symbol("e", real=True)
    second = sp.diff(sp.Abs(e), e, 2)  # 2 DiracDelta(e): 0 wherever e != 0
    values = [second.subs(e, v) for v in (-2, sp.Rational(1, 2), 3)]
    shown = ", ".join(map(str, values))
    return f"d²|e|/de² = {shown} at e = −2, 0.5, 3"


@check
def note003_wmae_decay() -> float:
    return notes.wmae_note003(*WMAE)


@check
def wmae_decay() -> float:
    return pm.wmae(*WMAE)


@check
def note003_mape_four() -> float:
    return notes.mape_note003(*MAPE4)


@check
def mape_four() -> float:
    return pm.mape(*MAPE4)


@check
def mape_four_in_cents() -> float:
    return pm.mape(*(np.multiply(v, 100) for v in MAPE4))


@check
def mape_near_zero() -> float:
    return pm.mape([0.01], [1.01])


@check
def note003_rmse_as_sample_std() -> float:
    return notes.rmse_as_sample_std_note003(*ERRORS5)


@check
def rmse_errors5() -> float:
    return pm.rmse(*ERRORS5)


@check
def rmse_one_outlier() -> float:
    return pm.rmse([30, 45, 25, 60, 40], [30, 45, 25, 60, 90])


@check
def note003_rmsle_hotel() -> float:
    return notes.rmsle_note003(*HOTEL)


@check
def rmsle_hotel() -> float:
    return pm.rmsle(*HOTEL)


@check
def rmsle_hotel_low_vs_high() -> str:
    return f"{pm.rmsle([200], [150]):.4f} vs {pm.rmsle([200], [250]):.4f}"


@check
def rmse_on_log_scale() -> float:
    return pm.rmse(np.log1p([200.0, 80, 1500, 35]), np.log1p([150.0, 95, 1200, 35]))


# ---- chapters 7 and 8: AP, MAP, MRR, DCG, NDCG, GAUC ----------------------------


@check
def ap_002() -> float:
    return pm.average_precision_at_k(AP002, n_relevant=5)


@check
def ap_002_mean_precision_at_hits() -> float:
    hits = np.flatnonzero(AP002) + 1
    return float(np.mean([pm.precision_at_k(AP002, int(k)) for k in hits]))


@check
def map_two_cases() -> float:
    return pm.mean_average_precision([CASE1, CASE2])


@check
def map_at_5_two_cases() -> float:
    return pm.mean_average_precision([CASE1, CASE2], 5)


@check
def map_at_5_label() -> str:
    return f"MAP@5 = {map_at_5_two_cases():.4f} (K = 5, Q = 2 queries)"


@check
def map_two_users() -> float:
    return pm.mean_average_precision([AP004, AP002])


@check
def mrr_002() -> float:
    return pm.mean_reciprocal_rank([[0, 0, 1], [0, 1], [1]])


@check
def note003_ap_at_5_case1() -> float:
    return notes.ap_at_k_note003(CASE1, 5, 3)


@check
def note003_ap_at_5_case1_m5() -> float:
    return notes.ap_at_k_note003(CASE1, 5, 5)


@check
def ap_at_5_case1() -> float:
    return pm.average_precision_at_k(CASE1, 5, n_relevant=3)


@check
def ap_at_5_case1_retrieved() -> float:
    return pm.average_precision_at_k(CASE1, 5)


@check
def ap_at_5_case2() -> float:
    return pm.average_precision_at_k(CASE2, 5)


@check
def precision_at_6_004() -> float:
    return pm.precision_at_k(AP004, 6)


@check
def ap_004() -> float:
    return pm.average_precision_at_k(AP004)


@check
def results_listed_000() -> int:
    return len(SHOWN)


@check
def cg_ignores_order() -> str:
    shown, ideal = [1, 3, 2], [3, 2, 1]  # B3 B1 B2 and B1 B2 B3
    cg = f"CG {pm.cumulative_gain(shown):.0f} and {pm.cumulative_gain(ideal):.0f}"
    return f"{cg}; DCG {pm.dcg(shown):.4f} and {pm.dcg(ideal):.4f}"


@check
def cg_shown() -> float:
    return pm.cumulative_gain(SHOWN)


@check
def dcg_shown() -> float:
    return pm.dcg(SHOWN)


@check
def note000_dcg_printed_terms() -> str:
    terms = notes.dcg_terms_note000(SHOWN)
    return f"6.86 (its terms add up to {terms.sum():.2f})"


@check
def note000_idcg_printed_terms() -> str:
    terms = notes.dcg_terms_note000(IDEAL6)
    return f"8.37 = its cut terms, {terms.sum():.2f}"


@check
def note000_dcg_exponential_shown() -> float:
    return notes.dcg_exponential_note000(SHOWN)


@check
def dcg_exponential_shown() -> float:
    return pm.dcg(SHOWN, gain="exponential")


@check
def note000_idcg_formula() -> str:
    return f"{notes.idcg_note000(JUDGED, 6):.4f} (the example uses rel_i: 8.37)"


@check
def idcg_linear_and_exponential() -> str:
    linear = pm.dcg(IDEAL6)
    exponential = pm.dcg(IDEAL6, gain="exponential")
    return f"linear {linear:.4f}, exponential {exponential:.4f}"


@check
def idcg6_judged() -> float:
    return pm.dcg(IDEAL6)


@check
def ndcg6_judged() -> float:
    return pm.ndcg(SHOWN, 6, ideal=JUDGED)


@check
def note000_ndcg_percent_printed() -> float:
    return 100 * 6.86 / 8.37


@check
def ndcg6_judged_percent() -> float:
    return 100 * ndcg6_judged()


@check
def note002_ndcg_shown() -> float:
    return notes.ndcg_note002(SHOWN)


@check
def note002_discount_position1() -> str:
    return f"log(1) = {notes.discount_note002([1])[0]:.0f}"


@check
def best_dcg_over_orders_shown() -> str:
    best = max(pm.dcg(order) for order in itertools.permutations(SHOWN))
    ideal = pm.dcg(sorted(SHOWN, reverse=True))
    return f"largest DCG over all 720 orders {best:.4f} = IDCG {ideal:.4f}"


@check
def gauc_model_2() -> float:
    return pm.gauc(*GAUC)


@check
def ndcg6_judged_exponential() -> float:
    return pm.ndcg(SHOWN, 6, ideal=JUDGED, gain="exponential")


@check
def ndcg_natural_log_shown() -> str:
    gain = 2.0 ** np.asarray(SHOWN) - 1
    ideal = 2.0 ** np.asarray(IDEAL6) - 1
    discount = np.log(1 + np.arange(1, 7))  # natural logarithm
    with_ln = np.sum(gain / discount) / np.sum(ideal / discount)
    return f"log(1 + i): {with_ln:.4f}, log2(1 + i): {ndcg6_judged_exponential():.4f}"


@check
def ndcg_constant_judged() -> float:
    return pm.ndcg_from_scores(JUDGED, np.zeros(8), gain="exponential")


# ---- chapter 9: confidence intervals and the McNemar test -----------------------


@check
def bootstrap_accuracy_spam() -> tuple[float, float]:
    return pm.bootstrap_interval(pm.accuracy, *SPAM, n_resamples=2000, seed=0)


@check
def wilson_8_of_10() -> tuple[float, float]:
    return pm.wilson_interval(8, 10)


@check
def hanley_mcneil_08() -> tuple[float, float]:
    return pm.hanley_mcneil_interval(0.8, 50, 50)


@check
def pr_auc_logit_07() -> tuple[float, float]:
    return pm.pr_auc_logit_interval(0.7, 100)


@check
def rmse_chi2_2_50() -> tuple[float, float]:
    return pm.rmse_chi2_interval(2.0, 50)


@check
def note001_rmse_as_std_biased() -> float:
    return notes.rmse_as_std_note001(RESIDUALS, np.zeros_like(RESIDUALS))


@check
def rmse_biased() -> float:
    return pm.rmse(RESIDUALS, np.zeros_like(RESIDUALS))


@check
def mcnemar_15_5() -> float:
    """Note 001's one-sided test: model 1 more accurate (alternative="greater")."""
    return pm.mcnemar_test(
        MC_TRUE, MC_FIRST, 1 - MC_FIRST, alternative="greater"
    ).p_value


@check
def mcnemar_15_5_reversed() -> float:
    """The one-sided direction: model 2 against model 1 on the same 15 vs 5 pairs."""
    return pm.mcnemar_test(
        MC_TRUE, 1 - MC_FIRST, MC_FIRST, alternative="greater"
    ).p_value


@check
def mcnemar_binomial_largest_size() -> float:
    """Largest exact false-positive rate of the one-sided binomial McNemar test at
    level 0.05, over m = 5, ..., 100 discordant pairs (chapter 14's notes section)."""
    sizes = []
    for m in range(5, 101):
        k = np.arange(m + 1)
        p_values = st.binom.sf(k - 1, m, 0.5)  # P(X >= k) under theta = 1/2
        sizes.append(st.binom.pmf(k, m, 0.5)[p_values <= 0.05].sum())
    return float(max(sizes))


# ---- the third reading: every checkable sentence of the notes ---------------------
# Examples used only here: two scorers whose ROC curves cross, and 100 scores with
# skill (positives N(1, 1), negatives N(0, 1)) for the bootstrap of an X@Y metric.
CROSS_Y = [1, 1, 1, 1, 0, 0, 0, 0]
CROSS_A = [0.9, 0.8, 0.2, 0.1, 0.7, 0.4, 0.3, 0.15]  # best at the top, weak below
CROSS_B = [0.6, 0.55, 0.5, 0.45, 0.9, 0.35, 0.3, 0.25]  # one negative on top
SKILL_Y = np.r_[np.ones(50, int), np.zeros(50, int)]
SKILL_S = np.r_[
    np.random.default_rng(21).normal(1.0, 1.0, 50),
    np.random.default_rng(22).normal(0.0, 1.0, 50),
]


@check
def counts_spam() -> str:
    tp, fp, fn, tn = pm.binary_counts(*SPAM)
    return f"TP {tp}, FP {fp}, FN {fn}, TN {tn}"


@check
def f1_is_harmonic_mean_fraud() -> str:
    p, r = pm.precision(*FRAUD), pm.recall(*FRAUD)
    harmonic = st.hmean([p, r])
    return f"F1 {pm.f1(*FRAUD):.4f}; harmonic mean of {p:.2f}, {r:.2f}: {harmonic:.4f}"


@check
def f_beta_1_and_half_fraud() -> str:
    f1_again = pm.f_beta(*FRAUD, beta=1.0)
    half = pm.f_beta(*FRAUD, beta=0.5)
    p, r = pm.precision(*FRAUD), pm.recall(*FRAUD)
    return f"β = 1: {f1_again:.4f} = F1; β = 0.5: {half:.4f} (P {p:.2f}, R {r:.2f})"


@check
def tpr_fpr_class_shares() -> str:
    """TPR and FPR of SIX at 0.7, and again with every negative repeated 9 times."""
    y, s = np.asarray(SIX[0]), np.asarray(SIX[1])
    y9 = np.r_[y[y == 1], np.repeat(y[y == 0], 9)]
    s9 = np.r_[s[y == 1], np.repeat(s[y == 0], 9)]
    out = []
    for labels, scores in ((y, s), (y9, s9)):
        tp, fp, fn, tn = pm.binary_counts(labels, flags(scores, 0.7))
        acc = pm.accuracy(labels, flags(scores, 0.7))
        out.append(
            f"TPR {tp / (tp + fn):.2f}, FPR {fp / (fp + tn):.2f}, acc. {acc:.2f}"
        )
    return "; negatives × 9: ".join(out)


@check
def crossing_curves() -> str:
    auc_a, auc_b = pm.roc_auc(CROSS_Y, CROSS_A), pm.roc_auc(CROSS_Y, CROSS_B)
    tpr_a = pm.recall_at_fpr(CROSS_Y, CROSS_A, 0.0)
    tpr_b = pm.recall_at_fpr(CROSS_Y, CROSS_B, 0.0)
    at_zero = f"at FPR 0, TPR A {tpr_a:.2f} > B {tpr_b:.2f}"
    return f"AUC A {auc_a:.4f} < B {auc_b:.4f}; {at_zero}"


@check
def crossing_curves_pr() -> str:
    area_a, area_b = pm.pr_auc(CROSS_Y, CROSS_A), pm.pr_auc(CROSS_Y, CROSS_B)
    full_a = pm.precision_at_recall(CROSS_Y, CROSS_A, 1.0)
    full_b = pm.precision_at_recall(CROSS_Y, CROSS_B, 1.0)
    return (
        f"P-R area A {area_a:.4f} > B {area_b:.4f}; "
        f"precision at recall 1: A {full_a:.2f} < B {full_b:.2f}"
    )


@check
def precision_recall_two_thresholds_eight() -> str:
    out = []
    for t in (0.5, 0.75):
        pred = flags(EIGHT[1], t)
        p, r = pm.precision(EIGHT[0], pred), pm.recall(EIGHT[0], pred)
        out.append(f"at {t:g}: P {p:.2f}, R {r:.2f}")
    return "; ".join(out)


@check
def discounts_six() -> str:
    return seq(1 / np.log2(np.arange(2, 8)))


@check
def dcg_grows_ndcg_does_not() -> str:
    short, long_ = [3, 2, 1], [3, 3, 2, 2, 1, 1]  # two ideal lists, different lengths
    return (
        f"DCG {pm.dcg(short):.4f} and {pm.dcg(long_):.4f}; "
        f"NDCG {pm.ndcg(short):.4f} and {pm.ndcg(long_):.4f}"
    )


@check
def roc_axes_eight() -> str:
    fpr, tpr, _ = pm.roc_curve(*EIGHT)
    return "(FPR, TPR): " + ", ".join(f"({a:.1f}, {b:.2f})" for a, b in zip(fpr, tpr))


@check
def roc_integral_eight() -> str:
    fpr, tpr, _ = pm.roc_curve(*EIGHT)
    area = float(np.trapezoid(tpr, fpr))
    return f"∫ TPR dFPR {area:.4f}, AUC {pm.roc_auc(*EIGHT):.4f}"


@check
def pr_axes_eight() -> str:
    precision, recall, _ = pm.precision_recall_curve(*EIGHT)
    pairs = zip(recall[::-1], precision[::-1])
    return "(R, P): " + ", ".join(f"({r:.2f}, {p:.2f})" for r, p in pairs)


@check
def pr_areas_eight() -> str:
    precision, recall, _ = pm.precision_recall_curve(*EIGHT)
    r, p = recall[::-1], precision[::-1]  # recall rising
    trapezoid = float(np.trapezoid(p, r))
    return (
        f"steps (AP) {pm.average_precision(*EIGHT):.4f}, trapezoid {trapezoid:.4f}, "
        f"lower trapezoid {pm.pr_auc(*EIGHT):.4f}"
    )


@check
def ap_is_step_area_eight() -> str:
    precision, recall, _ = pm.precision_recall_curve(*EIGHT)
    steps = float(np.sum(-np.diff(recall) * precision[:-1]))  # each recall gain × P
    return f"step area {steps:.4f} = AP {pm.average_precision(*EIGHT):.4f}"


@check
def probabilities_sum_to_one_three() -> str:
    return "row sums " + seq(np.sum(P3, axis=1))


@check
def x_at_y_bounds_eight() -> str:
    """Conservative X@Y against the value interpolated on the ROC curve (EIGHT)."""
    fpr, tpr, _ = pm.roc_curve(*EIGHT)
    recall_interp = float(np.interp(0.1, fpr, tpr))  # recall at FPR 0.1
    fpr_interp = float(np.interp(0.2, tpr, fpr))  # FPR at recall 0.2
    return (
        f"R@FPR 0.1: {pm.recall_at_fpr(*EIGHT, 0.1):.4f} ≤ interpolated "
        f"{recall_interp:.4f} (a lower bound); FPR@R 0.2: "
        f"{pm.fpr_at_recall(*EIGHT, 0.2):.4f} ≥ interpolated {fpr_interp:.4f} "
        "(an upper bound)"
    )


def precision_at_recall_half(y: Any, s: Any) -> float:
    return pm.precision_at_recall(y, s, 0.5)


@check
def bootstrap_precision_at_recall() -> tuple[float, float]:
    return pm.bootstrap_interval(
        precision_at_recall_half, SKILL_Y, SKILL_S, n_resamples=2000, seed=0
    )


@check
def bootstrap_rmse_50() -> tuple[float, float]:
    residuals = np.random.default_rng(5).normal(0.0, 2.0, 50)
    return pm.bootstrap_interval(
        pm.rmse, residuals, np.zeros(50), n_resamples=2000, seed=0
    )


@check
def rmse_chi2_exact_coverage_50() -> str:
    """Exact coverage of the chi-square interval (n = 50, 95 %): n RMSE² / σ² is
    chi-square with n degrees of freedom, non-central when the residuals have a mean."""
    n = 50
    lo, hi = st.chi2.ppf(0.025, n), st.chi2.ppf(0.975, n)
    centred = st.chi2.cdf(hi, n) - st.chi2.cdf(lo, n)
    shifted = st.ncx2.cdf(hi, n, n * 0.5**2) - st.ncx2.cdf(lo, n, n * 0.5**2)
    return f"coverage {centred:.4f} centred; {shifted:.4f} with mean 0.5 σ"


@check
def rmse_chi2_n_and_n_minus_1() -> str:
    lo, hi = pm.rmse_chi2_interval(2.0, 50)
    n = 49  # the handbook's n - 1, for a variance about the sample mean
    lo1 = np.sqrt(n / st.chi2.ppf(0.975, n)) * 2.0
    hi1 = np.sqrt(n / st.chi2.ppf(0.025, n)) * 2.0
    return f"n: [{lo:.4f}, {hi:.4f}]; n − 1: [{lo1:.4f}, {hi1:.4f}]"


@check
def rmse_two_models_four() -> str:
    worse = np.subtract(RMSE4[1], 3)  # every prediction 3 lower
    return (
        f"RMSE {pm.rmse(*RMSE4):.4f}; 3 lower everywhere {pm.rmse(RMSE4[0], worse):.4f}"
    )


@check
def qq_normal_and_skewed() -> str:
    skewed = np.random.default_rng(3).exponential(1.0, 1000)
    r = []
    for e in (RESIDUALS, skewed):
        z = (e - e.mean()) / e.std()
        r.append(st.probplot(z, dist="norm")[1][2])
    return f"Q-Q correlation: normal {r[0]:.4f}, exponential {r[1]:.4f}"


@check
def gains_0_to_4() -> str:
    return "G(0..4) = " + ", ".join(f"{2**r - 1}" for r in range(5))


@check
def ndcg_worst_order_at_2_judged() -> str:
    """The worst order of note 000's eight grades, cut off at 2 and at 6 (2^r - 1)."""
    worst = sorted(JUDGED)
    at2 = pm.ndcg(worst, 2, gain="exponential")
    at6 = pm.ndcg(worst, 6, gain="exponential")
    return f"@2 {at2:.4f} (two irrelevant items fill the top); @6 {at6:.4f}"


@check
def ndcg_ties_judged_exponential() -> float:
    return pm.ndcg_from_scores(
        JUDGED, [0.8, 0.6, 0.6, 0.3, 0.3, 0.6, 0.8, 0.3], 4, gain="exponential"
    )


@check
def roc_points_six_listed() -> str:
    fpr, tpr, _ = pm.roc_curve(*SIX)
    return ", ".join(f"({a:g}, {b:g})" for a, b in zip(fpr[1:], tpr[1:]))


def roc_point_six(k: int) -> str:
    """The k-th point of SIX's ROC curve, (0, 0) being point 0."""
    fpr, tpr, _ = pm.roc_curve(*SIX)
    return f"FPR {fpr[k]:g}, TPR {tpr[k]:g}"


@check
def roc_point_six_step2() -> str:
    return roc_point_six(2)


@check
def roc_point_six_step3() -> str:
    return roc_point_six(3)


@check
def discount_jarvelin_kekalainen_shown() -> str:
    i = np.arange(1, len(SHOWN) + 1)
    jk = float(np.sum(np.asarray(SHOWN) / np.maximum(1.0, np.log2(i))))
    return f"DCG with 1/max(1, log2 i) {jk:.4f} (positions 1 and 2 undiscounted)"


@check
def default_predictor_prices() -> str:
    mean = PRICES.mean()
    best = so.minimize_scalar(
        lambda c: pm.rmse(PRICES, np.full(PRICES.size, c)),
        bounds=(PRICES.min(), PRICES.max()),
        method="bounded",
        options={"xatol": 1e-9},
    ).x
    return f"label mean {mean:.2f}; the constant with the least RMSE {best:.2f}"


@check
def strict_pairs_eight() -> str:
    y, s = np.asarray(EIGHT[0]), np.asarray(EIGHT[1])
    diff = s[y == 1][:, None] - s[y == 0][None, :]
    strict = float(np.mean(diff > 0))
    return f"“>” only: {strict:.4f}; ties as ½: {pm.roc_auc(*EIGHT):.4f}"


@check
def rank_formula_two_ns_six() -> str:
    ranks = pm.midranks(SIX[1])
    y = np.asarray(SIX[0])
    m, n_all = int(y.sum()), len(y)
    top = ranks[y == 1].sum() - m * (m + 1) / 2
    return (
        f"n = negatives ({n_all - m}): {top / (m * (n_all - m)):.4f}; "
        f"n = all samples ({n_all}): {top / (m * n_all):.4f}"
    )


@check
def tpr_is_recall_and_precision_six() -> str:
    pred = flags(SIX[1], 0.7)
    tp, _, fn, _ = pm.binary_counts(SIX[0], pred)
    return (
        f"TPR {tp / (tp + fn):.4f} = recall {pm.recall(SIX[0], pred):.4f}; "
        f"precision {pm.precision(SIX[0], pred):.4f}"
    )


@check
def note003_log_likelihood_total_y5() -> float:
    return float(-np.log(note003_likelihood_y5()))  # −log P(Y | X), a total


@check
def log_loss_is_kl_three() -> str:
    onehot = np.eye(3)[Y3]  # the true distribution of each sample
    entropy = float(np.mean(st.entropy(onehot, axis=1)))
    kl = float(np.mean(st.entropy(onehot, P3, axis=1)))
    return (
        f"entropy {entropy:.4f} + mean KL {kl:.4f} = log loss {pm.log_loss(Y3, P3):.4f}"
    )


@check
def l1_norm_and_mae_four() -> str:
    e = np.subtract(*RMSE4)
    return f"‖e‖₁ = {np.abs(e).sum():g}; MAE = ‖e‖₁ / {e.size} = {pm.mae(*RMSE4):.4f}"


@check
def mean_error_and_mae_four() -> str:
    e = np.subtract(*RMSE4)
    return f"mean error {e.mean():.4f}; MAE {pm.mae(*RMSE4):.4f}"


@check
def precision_at_k_case1() -> str:
    return "P(1..5) = " + seq(pm.precision_at_k(CASE1, k) for k in range(1, 6))


@check
def recall_at_2_six() -> str:
    ranked = np.array(SIX[0])[np.argsort(SIX[1])[::-1]]
    return f"R@2 {pm.recall_at_k(ranked, 2):.4f} = recall of the top 2 " + (
        f"{pm.recall(SIX[0], flags(SIX[1], 0.8)):.4f}"
    )


@check
def ap_002_truncated() -> str:
    """AP of note 002's list cut at 5: over the relevant items found, and over all 5."""
    top = AP002[:5]
    hits = [pm.precision_at_k(top, k) for k in range(1, 6) if top[k - 1]]
    found, total = np.sum(hits) / len(hits), np.sum(hits) / 5
    return f"@5: {found:.4f} over the 2 found, {total:.4f} over all 5"


@check
def threshold_cost_and_macro_f1_eight() -> str:
    """The threshold of least cost (equal costs), the macro F1 there and at best."""
    t_cost, _ = pm.min_cost_threshold(*EIGHT)  # equal costs: flags nobody here
    at_cost = pm.f1(EIGHT[0], flags(EIGHT[1], t_cost), average="macro")
    scores = {
        t: pm.f1(EIGHT[0], flags(EIGHT[1], t), average="macro")
        for t in sorted(set(EIGHT[1]))
    }
    t_f1 = max(scores, key=scores.get)
    return (
        f"least cost (equal costs): nobody flagged, macro F1 {at_cost:.4f}; "
        f"best macro F1 {scores[t_f1]:.4f} at {t_f1:g}"
    )


@check
def auc_with_and_without_hull_eight() -> str:
    fpr, tpr = pm.roc_convex_hull(*EIGHT)
    hull = float(np.trapezoid(tpr, fpr))
    return f"AUC {pm.roc_auc(*EIGHT):.4f}; under the convex hull {hull:.4f}"


@check
def dcg_terms_shown() -> str:
    i = np.arange(1, len(SHOWN) + 1)
    return "rel_i / log2(i + 1): " + seq(np.asarray(SHOWN) / np.log2(i + 1))


@check
def max_dcg_judged_exponential() -> str:
    """maxDCG@6 of note 000's eight grades: the DCG of the grades sorted best first,
    and the largest DCG@6 over every ordered choice of 6 of the 8 items."""
    best = max(
        pm.dcg(order, gain="exponential") for order in itertools.permutations(JUDGED, 6)
    )
    return f"sorted {pm.dcg(IDEAL6, gain='exponential'):.4f}; largest {best:.4f}"


@check
def precision_at_k_case2() -> str:
    return "P(1..5) = " + seq(pm.precision_at_k(CASE2, k) for k in range(1, 6))
