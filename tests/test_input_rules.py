"""The input rules of API.md ("Input rules that hold for every function"), checked on
EVERY public function of the package, not on a few named ones.

One table (``TABLE``) holds, for each public function, one or more valid calls on small
arrays and the *role* of each argument. Every rule below is a test parametrized over the
functions and arguments whose role it concerns;
``test_every_public_function_has_an_entry`` and ``test_every_parameter_has_a_role`` make
sure a new function or argument cannot be forgotten.

Rules (letters as in the brief these tests were written from):

a. distinct int64 / uint64 values near 2**63 (or timestamps ~1.7e18 differing by 1) give
   the result their order gives, wherever only the order of an argument matters;
b. extended-precision floats that differ but round to the same float64 are not merged
   into ties;
c. NumPy masked arrays are a ``TypeError`` naming the argument;
d. pandas Series / Categorical / nullable dtypes give the result of the plain list; a
   missing value is a ``ValueError`` naming the argument;
e. a Python int too large (10**400, 2**1100, 2**70) is a correct result or a
   ``ValueError`` naming the argument, never an ``OverflowError`` (nor a hang);
f. ragged or 2-D input where 1-D is needed, and malformed ``queries``, name the
   argument;
g. every error names the parameter the user passed; confidence levels near 1 are valid;
h. ``Fraction`` labels: the right result or a ``TypeError`` saying "Fraction"; Fraction
   values of real-valued arguments: the result of the floats;
i. ``bootstrap_interval`` reports the metric's own error, and what a bad metric
   returned;
j. the one-class precision-recall rule and ``zero_division=nan`` (as scikit-learn).
"""

from __future__ import annotations

import contextlib
import inspect
import math
import pathlib
import re
import signal
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from scipy import stats
from sklearn import metrics as skm

import pedagogy_metrics as pm

# Modest and bounded: no shrinking (many of these fail while the package is being
# changed, and shrinking a failure costs hundreds of calls); conftest.py's profile
# keeps derandomize=True.
_NO_SHRINK = [Phase.explicit, Phase.generate]
FAST = settings(max_examples=20, deadline=None, phases=_NO_SHRINK)
ORACLE = settings(max_examples=40, deadline=None, phases=_NO_SHRINK)

# ---- the table -----------------------------------------------------------------------
#
# Roles of arguments:
#   binary         0/1 labels
#   labels         class labels (numbers, strings)
#   class_index    labels 0..C-1 of a 2-D y_proba
#   scores         real scores: only their ORDER matters
#   unit_scores    scores in [0, 1] (histogram AUC: their value picks a bucket)
#   proba          probabilities in [0, 1] (1-D)
#   proba2d        (n, C) probability rows
#   scores2d       (n, C) real scores: only their order matters (top-k accuracy)
#   values         real values (regression)
#   weights        non-negative weights
#   grades         ranked grades, only grade > 0 matters (binary relevance)
#   gains          ranked grades used as numbers (CG, DCG, NDCG)
#   queries        list of ranked grade lists
#   counts         one count per query (n_relevant)
#   count          an integer (k, n, n_pos, ...)
#   real           a real number (auc, beta, limits)
#   confidence     a level in (0, 1)
#   choice         one of some strings
#   zero_division  0.0, 1.0 or nan
#   pos_label      the positive class: one of the two labels of a binary argument
#   callable       a metric
#   kwargs         a dict of keyword arguments for a metric
#   gain_queries   list of ranked grade lists used as numbers (mean NDCG)
#   qrels, run, measures, path   evaluate_run's dicts and names, TREC files (their bad
#                  values are tested in test_ranking.py)
#
# ``group``: arguments on one scale (y_true and y_pred of a confusion matrix; y_score
# alone; the grades of all queries) are mapped together by the order-based rules.

ARRAY_ROLES = {
    "binary",
    "labels",
    "class_index",
    "scores",
    "proba",
    "unit_scores",
    "proba2d",
    "scores2d",
    "values",
    "weights",
    "grades",
    "gains",
}
SEQUENCE_ROLES = ARRAY_ROLES | {"queries", "gain_queries", "counts"}
QUERY_ROLES = {"queries", "gain_queries"}  # lists of lists, one per query
MATRIX_ROLES = {"proba2d", "scores2d"}  # (n, C): one row per case
TREC_ROLES = {"qrels", "run", "measures", "path"}
# only the order of the values matters:
ORDER_ROLES = {"scores", "labels", "grades", "queries", "scores2d"}
ZERO_KEEPING = {"grades", "queries"}  # order-based, but 0 (not relevant) must stay 0
SCALAR_ROLES = {
    "count",
    "real",
    "confidence",
    "choice",
    "zero_division",
    "callable",
    "pos_label",
    "kwargs",
}


@dataclass(frozen=True)
class Arg:
    role: str
    group: str | None = None  # arguments mapped together (one scale)
    paired: bool = True  # its length must equal the other arrays' length
    low: int | None = None  # counts: smallest valid value (None: any integer)
    bad: tuple = ()  # scalars: further invalid values; arrays: invalid elements
    any_ndim: bool = False  # bootstrap's *arrays: 2-D rows are fine
    none_ok: bool = False  # None is valid (besides a default of None)


@dataclass
class Entry:
    id: str
    func: Callable[..., Any]
    args: dict[str, Any]  # a valid call; "arrays[i]" for bootstrap's *arrays
    roles: dict[str, Arg]
    # the part of the result that depends only on the order of order-only arguments
    # (drops thresholds and label columns, which are the values themselves)
    project: Callable[[Any], Any] = lambda result: result
    translation: bool = False  # depends only on the differences of its "values"


Y = [0, 1, 0, 1, 1, 0]  # binary labels
YB = [0, 1, 1, 1, 0, 0]  # binary predictions
S = [3, 1, 2, 4, 0, 4]  # integer scores, with a tie
P = [0.25, 0.75, 0.5, 0.875, 0.125, 0.5]  # probabilities (dyadic: exact as Fractions)
W = [1, 2, 1, 1, 3, 1]  # weights
YT = [0, 1, 2, 2, 1, 0]  # class labels
YP = [0, 2, 2, 1, 1, 0]
YP2 = [1, 1, 2, 0, 1, 0]
P2 = [
    [0.5, 0.25, 0.25],
    [0.25, 0.5, 0.25],
    [0.125, 0.125, 0.75],
    [0.25, 0.25, 0.5],
    [0.25, 0.5, 0.25],
    [0.5, 0.25, 0.25],
]
V1 = [3, 5, 2, 7, 4, 1]  # regression truth
V2 = [2, 5, 4, 8, 4, 2]  # regression prediction
R = [0, 2, 1, 0, 3, 1]  # one ranked query (grades)
Q = [[2, 0, 1, 0, 3], [0, 1, 0, 1]]  # two queries
IDEAL = [3, 2, 1, 1, 1, 0, 2]  # every judged grade of R's query
G = [1, 1, 1, 2, 2, 2]  # groups (users)

BIN = Arg("binary")
LAB = Arg("labels", "L")
SC = Arg("scores", "S")
PR = Arg("proba")
WT = Arg("weights")
VAL = Arg("values", "V")
CONF = Arg("confidence", bad=(0, 1, 1.5, -0.1, math.inf))
CHOICE = Arg("choice")
ZD = Arg("zero_division")
LIMIT = Arg("real", bad=(1.5, -0.5, math.inf))
POS = Arg("pos_label")


def _drop(key: str) -> Callable[[dict], dict]:
    return lambda table: {k: v for k, v in table.items() if k != key}


TABLE: list[Entry] = []


def add(func, args, roles, *, id=None, project=None, translation=False):
    TABLE.append(
        Entry(
            id or func.__name__,
            func,
            args,
            roles,
            project or (lambda result: result),
            translation,
        )
    )


# classification
add(pm.confusion_matrix, dict(y_true=YT, y_pred=YP), dict(y_true=LAB, y_pred=LAB))
add(
    pm.confusion_matrix,
    dict(y_true=YT, y_pred=YP, labels=[2, 0, 1], sample_weight=W),
    dict(
        y_true=LAB,
        y_pred=LAB,
        labels=Arg("labels", "L", paired=False),
        sample_weight=WT,
    ),
    id="confusion_matrix[labels,weights]",
)
add(
    pm.binary_counts,
    dict(y_true=Y, y_pred=YB, pos_label=1, sample_weight=W),
    dict(y_true=BIN, y_pred=BIN, pos_label=POS, sample_weight=WT),
)
add(
    pm.per_class_counts,
    dict(y_true=YT, y_pred=YP, labels=[0, 1, 2], sample_weight=W),
    dict(
        y_true=LAB,
        y_pred=LAB,
        labels=Arg("labels", "L", paired=False),
        sample_weight=WT,
    ),
    project=_drop("labels"),
)
for _f in (pm.accuracy, pm.error_rate):
    add(
        _f,
        dict(y_true=YT, y_pred=YP, sample_weight=W),
        dict(y_true=LAB, y_pred=LAB, sample_weight=WT),
    )
for _f in (pm.precision, pm.recall, pm.f1, pm.f_beta):
    _beta = dict(beta=2.0) if _f is pm.f_beta else {}
    _beta_role = dict(beta=Arg("real", bad=(-1.0,))) if _f is pm.f_beta else {}
    add(
        _f,
        dict(
            y_true=Y,
            y_pred=YB,
            average="binary",
            pos_label=1,
            zero_division=0.0,
            sample_weight=W,
        )
        | _beta,
        dict(
            y_true=BIN,
            y_pred=BIN,
            average=CHOICE,
            pos_label=POS,
            zero_division=ZD,
            sample_weight=WT,
        )
        | _beta_role,
        id=f"{_f.__name__}[binary]",
    )
    add(
        _f,
        dict(
            y_true=YT,
            y_pred=YP,
            average="macro",
            zero_division=1.0,
            labels=[0, 1, 2],
            sample_weight=W,
        )
        | _beta,
        dict(
            y_true=LAB,
            y_pred=LAB,
            average=CHOICE,
            zero_division=ZD,
            labels=Arg("labels", "L", paired=False),
            sample_weight=WT,
        )
        | _beta_role,
        id=f"{_f.__name__}[macro]",
    )


def _precision_score(tp, fp, fn, zd):
    return np.where(tp + fp > 0, tp / np.maximum(tp + fp, 1), zd)


add(
    pm.averaged_score,
    dict(
        score=_precision_score,
        y_true=YT,
        y_pred=YP,
        average="macro",
        zero_division=0.0,
        labels=[0, 1, 2],
        sample_weight=W,
    ),
    dict(
        score=Arg("callable"),
        y_true=LAB,
        y_pred=LAB,
        average=CHOICE,
        zero_division=ZD,
        labels=Arg("labels", "L", paired=False),
        sample_weight=WT,
    ),
)
add(
    pm.averaged_score,
    dict(
        score=_precision_score,
        y_true=Y,
        y_pred=YB,
        pos_label=1,
        zero_division=0.0,
        sample_weight=W,
    ),
    dict(
        score=Arg("callable"),
        y_true=BIN,
        y_pred=BIN,
        pos_label=POS,
        zero_division=ZD,
        sample_weight=WT,
    ),
    id="averaged_score[binary]",
)

# curves
_YS = dict(y_true=Y, y_score=S, pos_label=1)
_YS_ROLES = dict(y_true=BIN, y_score=SC, pos_label=POS)
_YSW = _YS | dict(sample_weight=W)  # the functions that also take weights
_YSW_ROLES = _YS_ROLES | dict(sample_weight=WT)
add(
    pm.threshold_counts,
    _YSW,
    _YSW_ROLES,
    project=lambda c: (c.tp, c.fp, c.n_pos, c.n_neg),
)
add(
    pm.score_counts,
    _YSW,
    _YSW_ROLES,
    project=lambda c: (c.pos, c.neg),  # the keys are score values
)
add(pm.midranks, dict(x=S), dict(x=Arg("scores", "S", paired=False)))
add(pm.roc_curve, _YSW, _YSW_ROLES, project=lambda r: r[:2])
for _m in pm.AUC_METHODS:
    add(
        pm.roc_auc,
        _YSW | dict(method=_m),
        _YSW_ROLES | dict(method=CHOICE),
        id=f"roc_auc[{_m}]",
    )
for _f in (pm.roc_auc_histogram, pm.histogram_counts):
    add(
        _f,
        dict(y_true=Y, y_score=P, n_bins=4, pos_label=1),
        dict(
            y_true=BIN,
            y_score=Arg("unit_scores"),
            n_bins=Arg("count", low=1),
            pos_label=POS,
        ),
    )
add(pm.gini, _YS, _YS_ROLES)
add(
    pm.auc_from_counts,
    dict(pos=[0, 1, 2, 1], neg=[2, 1, 0, 1]),
    dict(pos=Arg("weights", "C"), neg=Arg("weights", "C")),
)
add(pm.mann_whitney_u, _YS, _YS_ROLES)
add(pm.precision_recall_curve, _YSW, _YSW_ROLES, project=lambda r: r[:2])
add(pm.average_precision, _YSW, _YSW_ROLES)
add(pm.pr_auc, _YSW, _YSW_ROLES)
for _metric, _limit in pm.X_AT_Y.items():
    add(
        pm.operating_point,
        _YS | dict(metric=_metric, limit=0.5),
        _YS_ROLES | dict(metric=CHOICE, limit=LIMIT),
        id=f"operating_point[{_metric}]",
        project=lambda op: tuple(op)[1:],  # all but the threshold (a score value)
    )
    add(getattr(pm, _metric), _YS | {_limit: 0.5}, _YS_ROLES | {_limit: LIMIT})

# probabilistic
CLS = Arg("labels", "C")  # classes of a probability matrix, mapped with its labels
COLUMNS = Arg("labels", "C", paired=False)  # labels=: the class of each column
for _f in (pm.log_loss, pm.normalized_entropy, pm.true_class_probability):
    _weighted = _f is pm.log_loss
    add(
        _f,
        dict(y_true=Y, y_proba=P, pos_label=1)
        | (dict(sample_weight=W) if _weighted else {}),
        dict(y_true=BIN, y_proba=PR, pos_label=POS)
        | (dict(sample_weight=WT) if _weighted else {}),
        id=f"{_f.__name__}[binary]",
    )
    add(
        _f,
        dict(y_true=YT, y_proba=P2),
        dict(y_true=Arg("class_index"), y_proba=Arg("proba2d")),
        id=f"{_f.__name__}[multiclass]",
    )
    add(
        _f,
        dict(y_true=YT, y_proba=P2, labels=[0, 1, 2]),
        dict(y_true=CLS, y_proba=Arg("proba2d"), labels=COLUMNS),
        id=f"{_f.__name__}[labels]",
    )
add(pm.default_log_loss, dict(y_true=YT), dict(y_true=Arg("labels", "L", paired=False)))
add(
    pm.pcoc,
    dict(y_true=Y, y_proba=P, pos_label=1, sample_weight=W),
    dict(y_true=BIN, y_proba=PR, pos_label=POS, sample_weight=WT),
)
add(
    pm.brier_score,
    dict(y_true=Y, y_proba=P, pos_label=1, sample_weight=W),
    dict(y_true=BIN, y_proba=PR, pos_label=POS, sample_weight=WT),
    id="brier_score[binary]",
)
add(
    pm.brier_score,
    dict(y_true=YT, y_proba=P2, labels=[0, 1, 2], sample_weight=W),
    dict(y_true=CLS, y_proba=Arg("proba2d"), labels=COLUMNS, sample_weight=WT),
    id="brier_score[labels]",
)

# calibration
_BINNING = dict(n_bins=Arg("count", low=1), strategy=CHOICE)
for _f in (pm.calibration_bins, pm.calibration_curve, pm.expected_calibration_error):
    for _strategy in ("uniform", "quantile"):
        add(
            _f,
            dict(
                y_true=Y,
                y_proba=P,
                n_bins=4,
                strategy=_strategy,
                pos_label=1,
                sample_weight=W,
            ),
            dict(y_true=BIN, y_proba=PR, pos_label=POS, sample_weight=WT) | _BINNING,
            id=f"{_f.__name__}[{_strategy}]",
        )
add(
    pm.expected_calibration_error,
    dict(y_true=YT, y_proba=P2, n_bins=4, strategy="quantile"),
    dict(y_true=Arg("class_index"), y_proba=Arg("proba2d")) | _BINNING,
    id="expected_calibration_error[top_label]",
)
add(
    pm.expected_calibration_error,
    dict(y_true=YT, y_proba=P2, n_bins=4, labels=[0, 1, 2], sample_weight=W),
    dict(
        y_true=CLS,
        y_proba=Arg("proba2d"),
        n_bins=Arg("count", low=1),
        labels=COLUMNS,
        sample_weight=WT,
    ),
    id="expected_calibration_error[labels]",
)
add(
    pm.brier_decomposition,
    dict(y_true=Y, y_proba=P, pos_label=1, sample_weight=W),
    dict(y_true=BIN, y_proba=PR, pos_label=POS, sample_weight=WT),
)
add(
    pm.brier_skill_score,
    dict(y_true=Y, y_proba=P, pos_label=1),
    dict(y_true=BIN, y_proba=PR, pos_label=POS),
)
add(
    pm.isotonic_calibration,
    _YS | dict(pos_label=1),
    _YS_ROLES | dict(pos_label=POS),
)
add(
    pm.platt_scaling,
    dict(y_true=Y, y_score=S, pos_label=1),
    dict(y_true=BIN, y_score=VAL, pos_label=POS),
)

# regression
for _f in (pm.mae, pm.mse, pm.rmse):
    add(
        _f,
        dict(y_true=V1, y_pred=V2, sample_weight=W),
        dict(y_true=VAL, y_pred=VAL, sample_weight=WT),
        translation=True,
    )
add(
    pm.wmae,
    dict(y_true=V1, y_pred=V2, weights=W),
    dict(y_true=VAL, y_pred=VAL, weights=WT),
    translation=True,
)
add(
    pm.mape,
    dict(y_true=V1, y_pred=V2),
    dict(y_true=Arg("values", "V", bad=(0,)), y_pred=VAL),
)
add(
    pm.rmsle,
    dict(y_true=V1, y_pred=V2),
    dict(y_true=Arg("values", "V", bad=(-1,)), y_pred=Arg("values", "V", bad=(-1,))),
)
add(
    pm.r2_score,
    dict(y_true=V1, y_pred=V2, sample_weight=W),
    dict(y_true=VAL, y_pred=VAL, sample_weight=WT),
    translation=True,
)
add(
    pm.pinball_loss,
    dict(y_true=V1, y_pred=V2, alpha=0.75, sample_weight=W),
    dict(
        y_true=VAL,
        y_pred=VAL,
        alpha=Arg("real", bad=(0.0, 1.0, 1.5, -0.5, math.inf)),
        sample_weight=WT,
    ),
    translation=True,
)
add(
    pm.huber_loss,
    dict(y_true=V1, y_pred=V2, delta=1.5, sample_weight=W),
    dict(
        y_true=VAL,
        y_pred=VAL,
        delta=Arg("real", bad=(0.0, -1.0, math.inf)),
        sample_weight=WT,
    ),
    translation=True,
)

# ranking
GR = Arg("grades", "R", paired=False, bad=(-1,))  # only grade > 0 matters
GN = Arg("gains", paired=False, bad=(-1,))  # grades used as numbers
K1 = Arg("count", low=1)
add(
    pm.precision_table,
    dict(ranked=R, k=3),
    dict(ranked=GR, k=K1),
    project=_drop("grade"),
)
add(pm.precision_at_k, dict(ranked=R, k=3), dict(ranked=GR, k=K1))
add(
    pm.recall_at_k,
    dict(ranked=R, k=3, n_relevant=5),
    dict(ranked=GR, k=K1, n_relevant=Arg("count", low=0, bad=(1,))),
)
add(
    pm.average_precision_at_k,
    dict(ranked=R, k=4, n_relevant=5),
    dict(ranked=GR, k=K1, n_relevant=Arg("count", low=0, bad=(1,))),
)
add(
    pm.mean_average_precision,
    dict(queries=Q, k=3, n_relevant=[5, 2]),
    dict(queries=Arg("queries", "R", paired=False), k=K1, n_relevant=Arg("counts")),
)
add(pm.reciprocal_rank, dict(ranked=R), dict(ranked=GR))
add(
    pm.mean_reciprocal_rank,
    dict(queries=Q),
    dict(queries=Arg("queries", "R", paired=False)),
)
add(pm.cumulative_gain, dict(ranked=R, k=4), dict(ranked=GN, k=K1))
add(
    pm.dcg_table,
    dict(ranked=R, k=4, gain="exponential"),
    dict(ranked=GN, k=K1, gain=CHOICE),
)
add(pm.dcg, dict(ranked=R, k=4, gain="linear"), dict(ranked=GN, k=K1, gain=CHOICE))
add(
    pm.ndcg,
    dict(ranked=R, k=4, ideal=IDEAL, gain="linear"),
    dict(ranked=GN, k=K1, ideal=GN, gain=CHOICE),
)
for _f, _gain in ((pm.dcg_from_scores, "exponential"), (pm.ndcg_from_scores, "linear")):
    add(
        _f,
        dict(y_true=R, y_score=S, k=4, gain=_gain),
        dict(y_true=Arg("gains", bad=(-1,)), y_score=SC, k=K1, gain=CHOICE),
    )
_GROUPS = Arg("labels", "G")
add(
    pm.gauc_table,
    dict(y_true=Y, y_score=S, groups=G, pos_label=1),
    dict(y_true=BIN, y_score=SC, groups=_GROUPS, pos_label=POS),
    project=_drop("group"),
)
add(
    pm.gauc,
    dict(y_true=Y, y_score=S, groups=G, weight="clicks", pos_label=1),
    dict(y_true=BIN, y_score=SC, groups=_GROUPS, weight=CHOICE, pos_label=POS),
)

# inference
add(
    pm.wilson_interval,
    dict(successes=8, n=10, confidence=0.9),
    dict(
        successes=Arg("count", low=0, bad=(11,)), n=Arg("count", low=1), confidence=CONF
    ),
)
_BOOT_ROLES = dict(
    metric=Arg("callable"),
    n_resamples=Arg("count", low=1),
    confidence=CONF,
    seed=Arg("count", low=0, none_ok=True),
)
add(
    pm.bootstrap_interval,
    {"metric": pm.roc_auc, "arrays[0]": Y, "arrays[1]": S}
    | dict(n_resamples=10, confidence=0.9, seed=1),
    _BOOT_ROLES
    | {
        "arrays[0]": Arg("binary", any_ndim=True),
        "arrays[1]": Arg("scores", "S", any_ndim=True),
    },
    id="bootstrap_interval[roc_auc]",
)
add(
    pm.bootstrap_interval,
    {"metric": pm.accuracy, "arrays[0]": YT, "arrays[1]": YP}
    | dict(n_resamples=10, confidence=0.9, seed=1),
    _BOOT_ROLES
    | {
        "arrays[0]": Arg("labels", "L", any_ndim=True),
        "arrays[1]": Arg("labels", "L", any_ndim=True),
    },
    id="bootstrap_interval[accuracy]",
)
add(
    pm.hanley_mcneil_interval,
    dict(auc=0.8, n_pos=50, n_neg=40, confidence=0.9),
    dict(
        auc=Arg("real", bad=(1.5, -0.1, math.inf)),
        n_pos=Arg("count", low=1),
        n_neg=Arg("count", low=1),
        confidence=CONF,
    ),
)
add(
    pm.pr_auc_logit_interval,
    dict(pr_auc=0.7, n_pos=100, confidence=0.9),
    dict(
        pr_auc=Arg("real", bad=(0.0, 1.0, math.inf)),
        n_pos=Arg("count", low=1),
        confidence=CONF,
    ),
)
add(
    pm.rmse_chi2_interval,
    dict(rmse=2.0, n=50, confidence=0.9),
    dict(
        rmse=Arg("real", bad=(-1.0, math.inf)), n=Arg("count", low=1), confidence=CONF
    ),
)
add(
    pm.mcnemar_test,
    dict(y_true=YT, y_pred_1=YP, y_pred_2=YP2),
    dict(y_true=LAB, y_pred_1=LAB, y_pred_2=LAB),
    project=lambda r: r.p_value,
)

# ---- ranking, inference and comparison additions (issue 16) --------------------------
GQ = Arg("gain_queries", paired=False, bad=(-1,))  # grades used as numbers
_IDEALS = [[3, 2, 1, 0, 1, 2], [1, 1, 1]]  # judged grades covering each query of Q
_QRELS = {"q1": {"d1": 2, "d2": 0, "d3": 1}, "q2": {"d4": 1, "d5": 0}}
_RUN = {"q1": {"d1": 0.5, "d2": 0.5, "d6": 0.9}, "q2": {"d4": 1.0, "d7": 2.0}}
_TREC_DATA = pathlib.Path(__file__).resolve().parents[1] / "book" / "data"
add(
    pm.r_precision,
    dict(ranked=R, n_relevant=5),
    dict(ranked=GR, n_relevant=Arg("count", low=0, bad=(1,))),
)
add(pm.hit_at_k, dict(ranked=R, k=2), dict(ranked=GR, k=K1))
add(
    pm.hit_rate,
    dict(queries=Q, k=2),
    dict(queries=Arg("queries", "R", paired=False), k=K1),
)
add(
    pm.expected_reciprocal_rank,
    dict(ranked=R, k=4, max_grade=3),
    dict(
        ranked=Arg("gains", paired=False, bad=(-1, 4)),
        k=K1,
        max_grade=Arg("count", low=0, bad=(2, 1024)),
    ),
)
add(
    pm.mean_ndcg,
    dict(queries=Q, k=3, ideals=_IDEALS, gain="linear"),
    dict(queries=GQ, k=K1, ideals=GQ, gain=CHOICE),
)
add(
    pm.ranked_grades,
    dict(qrels=_QRELS, run=_RUN),
    dict(qrels=Arg("qrels"), run=Arg("run")),
)
_TREC_ROLES = dict(
    qrels=Arg("qrels"),
    run=Arg("run"),
    measures=Arg("measures"),
    missing_queries=CHOICE,
    relevance_level=Arg("count", low=1),
)
add(
    pm.evaluate_run,
    dict(
        qrels=_QRELS,
        run=_RUN,
        measures=["map", "P_2", "ndcg_cut.1,3", "ndcg@3", "mrr"],
        missing_queries="zero",
        relevance_level=1,
    ),
    _TREC_ROLES,
)
add(
    pm.evaluate_run_mean,
    dict(
        qrels=_QRELS,
        run=_RUN,
        measures=["map", "P_2", "ndcg@3"],
        missing_queries="drop",
        relevance_level=2,
    ),
    _TREC_ROLES,
)
add(pm.read_qrels, dict(path=_TREC_DATA / "qrels.txt"), dict(path=Arg("path")))
add(pm.read_run, dict(path=_TREC_DATA / "run.txt"), dict(path=Arg("path")))
add(pm.structural_components, _YS, _YS_ROLES)
add(
    pm.delong_interval,
    dict(y_true=Y, y_score=S, confidence=0.9, pos_label=1),
    dict(y_true=BIN, y_score=SC, confidence=CONF, pos_label=POS),
)
add(
    pm.bootstrap_interval,
    {"metric": pm.roc_auc, "arrays[0]": Y, "arrays[1]": S}
    | dict(n_resamples=10, confidence=0.9, seed=1, method="bca", strata=Y),
    _BOOT_ROLES
    | {
        "arrays[0]": Arg("binary", any_ndim=True),
        "arrays[1]": Arg("scores", "S", any_ndim=True),
        "method": CHOICE,
        "strata": Arg("labels", "T"),
    },
    id="bootstrap_interval[bca,strata]",
)
add(
    pm.bootstrap_interval,
    {"metric": pm.f1, "arrays[0]": YT, "arrays[1]": YP}
    | dict(n_resamples=10, confidence=0.9, seed=1, metric_kwargs={"average": "macro"}),
    _BOOT_ROLES
    | {
        "arrays[0]": Arg("labels", "L", any_ndim=True),
        "arrays[1]": Arg("labels", "L", any_ndim=True),
        "metric_kwargs": Arg("kwargs", none_ok=True),
    },
    id="bootstrap_interval[f1,metric_kwargs]",
)
add(
    pm.mcnemar_test,
    dict(y_true=YT, y_pred_1=YP, y_pred_2=YP2, method="mid-p", alternative="greater"),
    dict(y_true=LAB, y_pred_1=LAB, y_pred_2=LAB, method=CHOICE, alternative=CHOICE),
    id="mcnemar_test[mid-p,greater]",
    project=lambda r: r.p_value,
)
add(
    pm.delong_test,
    dict(y_true=Y, y_score_1=S, y_score_2=P, pos_label=1),
    dict(y_true=BIN, y_score_1=SC, y_score_2=Arg("scores", "S2"), pos_label=POS),
)
add(pm.paired_t_test, dict(a=V1, b=V2), dict(a=VAL, b=VAL), translation=True)
add(
    pm.randomization_test,
    dict(a=V1, b=V2, n_resamples=50, seed=1),
    dict(
        a=VAL,
        b=VAL,
        n_resamples=Arg("count", low=1),
        seed=Arg("count", low=0, none_ok=True),
    ),
    translation=True,
)
add(pm.holm_adjust, dict(p_values=P), dict(p_values=Arg("proba", paired=False)))

# ---- classification, thresholds and multi-class additions (issue 14) -----------------
COST = Arg("real", bad=(-1.0, math.inf))
S2 = [[3, 1, 2], [1, 4, 4], [0, 2, 5], [2, 2, 2], [5, 1, 0], [4, 4, 1]]  # tied rows
for _f in (pm.specificity, pm.negative_predictive_value):
    add(
        _f,
        dict(y_true=Y, y_pred=YB, pos_label=1, zero_division=1.0, sample_weight=W),
        dict(y_true=BIN, y_pred=BIN, pos_label=POS, zero_division=ZD, sample_weight=WT),
    )
add(
    pm.balanced_accuracy,
    dict(y_true=YT, y_pred=YP, sample_weight=W, adjusted=True),
    dict(y_true=LAB, y_pred=LAB, sample_weight=WT, adjusted=CHOICE),
)
add(
    pm.matthews_corrcoef,
    dict(y_true=YT, y_pred=YP, sample_weight=W),
    dict(y_true=LAB, y_pred=LAB, sample_weight=WT),
)
for _weights in (None, "linear", "quadratic"):
    add(
        pm.cohen_kappa,
        dict(y_true=YT, y_pred=YP, weights=_weights, labels=[0, 1, 2], sample_weight=W),
        dict(
            y_true=LAB,
            y_pred=LAB,
            weights=CHOICE,
            labels=Arg("labels", "L", paired=False),
            sample_weight=WT,
        ),
        id=f"cohen_kappa[{_weights}]",
    )
add(pm.det_curve, _YSW, _YSW_ROLES, project=lambda r: r[:2])
for _f in (pm.ks_statistic, pm.cumulative_gains_curve, pm.lift_curve):
    add(_f, _YS, _YS_ROLES)
add(pm.roc_convex_hull, _YS, _YS_ROLES)
_COSTS = dict(cost_fp=2.0, cost_fn=3.0)
_COST_ROLES = dict(cost_fp=COST, cost_fn=COST)
add(
    pm.expected_cost,
    dict(y_true=Y, y_pred=YB, pos_label=1) | _COSTS,
    dict(y_true=BIN, y_pred=BIN, pos_label=POS) | _COST_ROLES,
)
add(pm.cost_curve, _YS | _COSTS, _YS_ROLES | _COST_ROLES, project=lambda r: r[1])
add(pm.bayes_threshold, _COSTS, _COST_ROLES)
add(
    pm.min_cost_threshold,
    _YS | _COSTS,
    _YS_ROLES | _COST_ROLES,
    project=lambda r: r[1],  # the cost (the threshold is a score value)
)
for _f in (pm.roc_auc_ovr, pm.roc_auc_ovo):
    for _average in ("macro", "weighted"):
        add(
            _f,
            dict(y_true=YT, y_proba=P2, average=_average),
            dict(y_true=Arg("class_index"), y_proba=Arg("proba2d"), average=CHOICE),
            id=f"{_f.__name__}[{_average}]",
        )
    add(
        _f,
        dict(y_true=YT, y_proba=P2, labels=[0, 1, 2]),
        dict(y_true=CLS, y_proba=Arg("proba2d"), labels=COLUMNS),
        id=f"{_f.__name__}[labels]",
    )
add(
    pm.roc_auc_ovr,
    dict(y_true=YT, y_proba=P2, sample_weight=W),
    dict(y_true=Arg("class_index"), y_proba=Arg("proba2d"), sample_weight=WT),
    id="roc_auc_ovr[weights]",
)
add(
    pm.top_k_accuracy,
    dict(y_true=YT, y_score=S2, k=2),
    dict(y_true=Arg("class_index"), y_score=Arg("scores2d", "S2"), k=K1),
)
add(
    pm.top_k_accuracy,
    dict(y_true=YT, y_score=S2, k=2, labels=[0, 1, 2]),
    dict(y_true=CLS, y_score=Arg("scores2d", "S2"), k=K1, labels=COLUMNS),
    id="top_k_accuracy[labels]",
)

ENTRIES = {e.id: e for e in TABLE}
assert len(ENTRIES) == len(TABLE), "duplicate entry ids"


# ---- helpers -------------------------------------------------------------------------


def call(entry: Entry, **changes: Any) -> Any:
    """Call ``entry.func`` with its valid arguments, some replaced by ``changes``."""
    values = {**entry.args, **changes}
    sig = inspect.signature(entry.func)
    params = list(sig.parameters.values())
    has_var = any(p.kind is p.VAR_POSITIONAL for p in params)
    args, kwargs = [], {}
    for p in params:
        if p.kind is p.VAR_POSITIONAL:
            i = 0
            while f"{p.name}[{i}]" in values:
                args.append(values[f"{p.name}[{i}]"])
                i += 1
        elif p.name not in values:
            continue
        elif p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and (
            has_var or p.default is p.empty
        ):
            args.append(values[p.name])
        else:
            kwargs[p.name] = values[p.name]
    return entry.func(*args, **kwargs)


def names_re(*names: str) -> str:
    """A regex matching any of ``names`` as a whole identifier (not "n" in "n_pos")."""
    alternatives = "|".join(re.escape(n) for n in names)
    return rf"(?<![\w])(?:{alternatives})(?![\w])"


def raises_naming(excs, names, func):
    """``func()`` must raise one of ``excs`` whose message names one of ``names``."""
    with pytest.raises(excs, match=names_re(*names)):
        func()


def result_or_error(func, names, excs=(ValueError,)):
    """(True, result), or (False, error) for an error of ``excs`` naming ``names``."""
    try:
        return True, func()
    except excs as err:
        assert re.search(names_re(*names), str(err)), (
            f"{type(err).__name__} does not name {names}: {err}"
        )
        return False, err


def assert_same(got: Any, expected: Any, *, rtol: float = 0.0) -> None:
    """Equal results: tuples, dicts, arrays and scalars, NaN equal to NaN."""
    if isinstance(expected, dict):
        assert isinstance(got, dict), f"got {type(got).__name__}, expected a dict"
        assert set(got) == set(expected)
        for key in expected:
            assert_same(got[key], expected[key], rtol=rtol)
    elif isinstance(expected, tuple) and not isinstance(got, np.ndarray):
        assert isinstance(got, tuple), f"got {got!r}, expected {expected!r}"
        assert len(got) == len(expected), f"got {got!r}, expected {expected!r}"
        for g, e in zip(got, expected):
            assert_same(g, e, rtol=rtol)
    elif isinstance(expected, np.ndarray) or isinstance(got, np.ndarray):
        g, e = np.asarray(got), np.asarray(expected)
        assert g.shape == e.shape, f"shape {g.shape} != {e.shape}: {g!r} vs {e!r}"
        if rtol and e.dtype.kind in "fiu" and g.dtype.kind in "fiu":
            np.testing.assert_allclose(
                g.astype(float), e.astype(float), rtol=rtol, atol=0, equal_nan=True
            )
        else:
            np.testing.assert_array_equal(g, e)
    else:
        if isinstance(expected, float) and math.isnan(expected):
            assert isinstance(got, float) and math.isnan(got), (
                f"got {got!r}, expected nan"
            )
        elif rtol:
            assert math.isclose(got, expected, rel_tol=rtol, abs_tol=0), (
                f"got {got!r}, expected {expected!r}"
            )
        else:
            assert got == expected, f"got {got!r}, expected {expected!r}"


def has_nan(result: Any) -> bool:
    if isinstance(result, dict):
        return any(has_nan(v) for v in result.values())
    if isinstance(result, tuple):
        return any(has_nan(v) for v in result)
    if isinstance(result, np.ndarray):
        return result.dtype.kind == "f" and bool(np.isnan(result).any())
    return isinstance(result, float) and math.isnan(result)


class TooSlow(Exception):
    """The call did not return in time: a huge count should be refused, not looped."""


@contextlib.contextmanager
def time_limit(seconds: float = 0.5):
    def interrupt(signum, frame):
        raise TooSlow(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_checks(checks: dict[str, Callable[[], None]]) -> None:
    """Run every check; fail once, listing each failing variant and what happened.

    One test per (function, argument) keeps the run short; the message says which
    variants fail. After a TooSlow the remaining variants are skipped (same hang).
    """
    failures = []
    for label, check in checks.items():
        try:
            check()
        except (Exception, pytest.fail.Exception) as err:
            what = " ".join(str(err).split())[:300]
            failures.append(f"{label}: {type(err).__name__}: {what}")
            if isinstance(err, TooSlow):
                break
    assert not failures, f"{len(failures)} of {len(checks)} failing:\n" + "\n".join(
        failures
    )


def arg_cases(roles: set[str], keep: Callable[[Entry, str], bool] = lambda e, n: True):
    """pytest params (entry id, argument name) for the arguments of the given roles."""
    return [
        pytest.param(eid, name, id=case_id(eid, name))
        for eid, name in entry_args(roles)
        if keep(ENTRIES[eid], name)
    ]


def scalars_of(value: Any, role: str) -> list:
    """The individual values of an argument (every query's grades for ``queries``)."""
    if role in QUERY_ROLES:
        return [v for q in value for v in q]
    return list(np.asarray(value).ravel().tolist())


def mapped(value: Any, role: str, mapping: Callable[[Any], Any]) -> list:
    """The argument with each value ``v`` replaced by ``mapping(v)`` (nested lists)."""
    if role in QUERY_ROLES:
        return [[mapping(v) for v in q] for q in value]
    if role in MATRIX_ROLES:
        return [[mapping(v) for v in row] for row in value]
    return [mapping(v) for v in value]


def first_replaced(value: Any, role: str, new: Any) -> list:
    """The argument with its first value replaced by ``new``."""
    if role in QUERY_ROLES | MATRIX_ROLES:
        return [[new, *value[0][1:]], *value[1:]]
    return [new, *list(value)[1:]]


def arg_names(entry: Entry, name: str) -> list[str]:
    """Names an error about argument ``name`` may give: its own, and for bootstrap's
    ``arrays[i]`` also the metric's i-th parameter (the metric reports its own
    error)."""
    match = re.fullmatch(r"arrays\[(\d+)\]", name)
    if match and callable(entry.args.get("metric")):
        params = list(inspect.signature(entry.args["metric"]).parameters)
        return [name, params[int(match.group(1))]]
    return [name]


def group_names(entry: Entry, group: str) -> list[str]:
    return [n for n, a in entry.roles.items() if a.group == group]


def order_groups(entry: Entry) -> list[str]:
    return sorted(
        {a.group for a in entry.roles.values() if a.role in ORDER_ROLES and a.group}
    )


def param_is_optional(entry: Entry, name: str) -> bool:
    p = inspect.signature(entry.func).parameters.get(name)
    return entry.roles[name].none_ok or (p is not None and p.default is None)


def case_id(*parts: Any) -> str:
    return "-".join(str(p) for p in parts)


def entry_args(roles: set[str]) -> list[tuple[str, str]]:
    return [
        (e.id, name) for e in TABLE for name, a in e.roles.items() if a.role in roles
    ]


# ---- the table covers the package ----------------------------------------------------


def public_functions() -> dict[str, Callable]:
    return {
        name: getattr(pm, name)
        for name in pm.__all__
        if inspect.isfunction(getattr(pm, name))
    }


def test_every_public_function_has_an_entry():
    covered = {e.func.__name__ for e in TABLE}
    missing = sorted(set(public_functions()) - covered)
    assert not missing, f"add these public functions to TABLE: {missing}"


def test_every_parameter_has_a_role():
    missing = []
    for name, func in public_functions().items():
        roles = {n for e in TABLE if e.func is func for n in e.roles}
        for p in inspect.signature(func).parameters.values():
            needed = f"{p.name}[0]" if p.kind is p.VAR_POSITIONAL else p.name
            if needed not in roles:
                missing.append(f"{name}({p.name})")
    assert not missing, f"give these arguments a role in TABLE: {missing}"


@pytest.mark.parametrize("entry_id", list(ENTRIES))
def test_table_entry_is_a_valid_call(entry_id):
    entry = ENTRIES[entry_id]
    params = inspect.signature(entry.func).parameters
    for name in [*entry.args, *entry.roles]:
        base = name.split("[")[0]
        assert base in params, f"{entry_id}: {name} is not a parameter"
    for name in entry.roles:
        assert entry.roles[name].role in SEQUENCE_ROLES | SCALAR_ROLES | TREC_ROLES
    result = call(entry)
    assert not has_nan(result), f"{entry_id} gives nan on its valid call: {result!r}"


# ---- rule a: distinct int64 values stay distinct -------------------------------------

ORDER_CASES = [
    pytest.param(e.id, g, id=case_id(e.id, g)) for e in TABLE for g in order_groups(e)
]

_T0 = 1_700_000_000_000_000_000  # a nanosecond timestamp
RANGES = {
    # name: (lowest base, highest base) for a span, containers the values fit in
    "int64_high": (
        lambda span: (2**63 - 1 - span - 2**20, 2**63 - 1 - span),
        ("list", "int64", "uint64", "object"),
    ),
    "timestamp": (
        lambda span: (_T0, _T0 + 10**9),
        ("list", "int64", "uint64", "object"),
    ),
    "uint64_high": (
        lambda span: (2**64 - 1 - span - 2**20, 2**64 - 1 - span),
        ("list", "uint64", "object"),
    ),
    "int64_low": (
        lambda span: (-(2**63), -(2**63) + 2**20),
        ("list", "int64", "object"),
    ),
}


def contain(values: list, how: str) -> Any:
    if how == "list":
        return list(values)
    if how == "object":
        return np.array(values, dtype=object)
    return np.array(values, dtype=how)


@pytest.mark.parametrize("entry_id, group", ORDER_CASES)
@FAST
@given(data=st.data())
def test_distinct_int64_stay_distinct(entry_id, group, data):
    """Order-only arguments as distinct 64-bit integers near the limits (gaps 1 to 3)
    give the result of the small integers they replace in the same order."""
    entry = ENTRIES[entry_id]
    names = group_names(entry, group)
    roles = {entry.roles[n].role for n in names}
    keep_zero = bool(roles & ZERO_KEEPING)
    distinct = sorted(
        {v for n in names for v in scalars_of(entry.args[n], entry.roles[n].role)}
    )
    movable = [v for v in distinct if not (keep_zero and v == 0)]
    allowed = [r for r in RANGES if not (keep_zero and r == "int64_low")]
    kind = data.draw(st.sampled_from(allowed), label="range")
    gaps = data.draw(
        st.lists(st.integers(1, 3), min_size=len(movable), max_size=len(movable)),
        label="gaps",
    )
    bounds, containers = RANGES[kind]
    low, high = bounds(sum(gaps))
    base = data.draw(st.integers(low, high), label="base")
    big = {0: 0} if keep_zero else {}
    position = base
    for v, gap in zip(movable, gaps):
        big[v] = position
        position += gap
    changes = {}
    for n in names:
        role = entry.roles[n].role
        how = data.draw(st.sampled_from(containers), label=f"{n} container")
        new = mapped(entry.args[n], role, big.__getitem__)
        changes[n] = (
            [contain(q, how) for q in new] if role == "queries" else contain(new, how)
        )
    expected = entry.project(call(entry))
    got = entry.project(call(entry, **changes))
    assert_same(got, expected)


def test_timestamps_example_from_the_rule():
    ts = _T0 + np.array([0, 3, 1, 2])
    assert (
        pm.roc_auc([0, 1, 1, 0], ts) == pm.roc_auc([0, 1, 1, 0], [0, 3, 1, 2]) == 0.75
    )
    assert skm.roc_auc_score([0, 1, 1, 0], ts) == 0.75
    assert pm.roc_auc([0, 1, 0, 1], ts) == skm.roc_auc_score([0, 1, 0, 1], ts)
    fpr, tpr, _ = pm.roc_curve([0, 1, 1, 0], ts)
    sk_fpr, sk_tpr, _ = skm.roc_curve([0, 1, 1, 0], ts, drop_intermediate=False)
    np.testing.assert_array_equal(fpr, sk_fpr)
    np.testing.assert_array_equal(tpr, sk_tpr)


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda v: np.array(v, dtype=np.int64), id="int64"),
        pytest.param(lambda v: [int(x) for x in v], id="list"),
        pytest.param(lambda v: np.array(v, dtype=np.uint64), id="uint64"),
    ],
)
def test_labels_near_2_63_differing_by_one_are_distinct(make):
    a, b = 2**63 - 2, 2**63 - 1
    t, p = make([a, b, b, a]), make([a, a, b, a])
    assert pm.confusion_matrix(t, p).tolist() == [[2, 0], [1, 1]]
    assert pm.accuracy(t, p) == 0.75
    # model 1 alone right on rows 0 and 3, model 2 alone never: P(X >= 2 | 2, 1/2)
    assert (
        pm.mcnemar_test(t, p, make([b, a, b, b]), alternative="greater")
        == pm.mcnemar_test(
            [0, 1, 1, 0], [0, 0, 1, 0], [1, 0, 1, 1], alternative="greater"
        )
        == (2, 0, 0.25)
    )


TRANSLATION_CASES = [pytest.param(e.id, id=e.id) for e in TABLE if e.translation]


@pytest.mark.parametrize("entry_id", TRANSLATION_CASES)
@FAST
@given(data=st.data())
def test_values_near_2_63_keep_their_differences(entry_id, data):
    """MAE, MSE, RMSE, WMAE depend on y_true - y_pred only: adding one huge int to both
    changes nothing (two int64 above 2**53 differing by 1 differ by exactly 1)."""
    entry = ENTRIES[entry_id]
    names = [n for n, a in entry.roles.items() if a.role == "values"]
    top = max(v for n in names for v in entry.args[n])
    kind = data.draw(st.sampled_from(sorted(RANGES)), label="range")
    bounds, containers = RANGES[kind]
    low, high = bounds(top)
    shift = data.draw(st.integers(low, high), label="shift")
    changes = {
        n: contain(
            [v + shift for v in entry.args[n]], data.draw(st.sampled_from(containers))
        )
        for n in names
    }
    assert_same(call(entry, **changes), call(entry), rtol=1e-12)


# ---- rule b: extended precision is not rounded into ties -----------------------------

LD_EPS = np.finfo(np.longdouble).eps
needs_longdouble = pytest.mark.skipif(
    LD_EPS == np.finfo(float).eps, reason="np.longdouble is float64 on this platform"
)


@needs_longdouble
@pytest.mark.parametrize("entry_id, group", ORDER_CASES)
def test_longdouble_values_are_not_merged(entry_id, group):
    """1 + k*eps(longdouble), all 1.0 as float64: the order result, or a clear error
    naming the argument -- never the result of the ties float64 rounding makes."""
    entry = ENTRIES[entry_id]
    names = group_names(entry, group)
    roles = {entry.roles[n].role for n in names}
    keep_zero = bool(roles & ZERO_KEEPING)
    distinct = sorted(
        {v for n in names for v in scalars_of(entry.args[n], entry.roles[n].role)}
    )
    movable = [v for v in distinct if not (keep_zero and v == 0)]
    ld = {
        v: np.longdouble(1) + np.longdouble(r) * LD_EPS for r, v in enumerate(movable)
    }
    if keep_zero:
        ld[0] = np.longdouble(0)
    assert (
        len({float(x) for x in ld.values() if x}) == 1 < len(movable)
        or len(movable) < 2
    )
    changes = {}
    for n in names:
        role = entry.roles[n].role
        new = mapped(entry.args[n], role, ld.__getitem__)
        changes[n] = (
            [np.array(q, dtype=np.longdouble) for q in new]
            if role == "queries"
            else np.array(new, dtype=np.longdouble)
        )
    # bootstrap_interval reports its metric's error, naming the metric's argument
    named = [a for n in names for a in arg_names(entry, n)]
    ok, got = result_or_error(
        lambda: call(entry, **changes), named, (ValueError, TypeError)
    )
    if ok:
        assert_same(entry.project(got), entry.project(call(entry)))


@needs_longdouble
@pytest.mark.parametrize("entry_id", TRANSLATION_CASES)
def test_longdouble_values_keep_their_differences(entry_id):
    entry = ENTRIES[entry_id]
    names = [n for n, a in entry.roles.items() if a.role == "values"]
    eps = float(LD_EPS)
    changes = {
        n: np.array(
            [np.longdouble(1) + v * LD_EPS for v in entry.args[n]], dtype=np.longdouble
        )
        for n in names
    }
    expected = call(entry, **{n: [v * eps for v in entry.args[n]] for n in names})
    ok, got = result_or_error(
        lambda: call(entry, **changes), names, (ValueError, TypeError)
    )
    if ok:
        assert_same(got, expected, rtol=1e-9)


# ---- rule c: masked arrays are refused -----------------------------------------------


def masked_variants(value: Any, role: str) -> list:
    """A masked array with one value masked, and one with nothing masked."""
    if role in QUERY_ROLES:
        q0 = np.asarray(value[0])
        mask = np.zeros(q0.shape, bool)
        mask[0] = True
        rect = np.array([list(value[0][:3]), list(value[1][:3])])
        return [
            [np.ma.array(q0, mask=mask), *value[1:]],
            np.ma.array(rect, mask=np.eye(2, 3, dtype=bool)),
        ]
    arr = np.asarray(value)
    mask = np.zeros(arr.shape, bool)
    mask.flat[0] = True
    return [np.ma.array(arr, mask=mask), np.ma.array(arr)]


@pytest.mark.parametrize("entry_id, name", arg_cases(SEQUENCE_ROLES))
def test_masked_arrays_are_a_type_error(entry_id, name):
    entry = ENTRIES[entry_id]
    variants = masked_variants(entry.args[name], entry.roles[name].role)

    def check(value):
        raises_naming(
            TypeError, arg_names(entry, name), lambda: call(entry, **{name: value})
        )

    run_checks(
        {
            label: (lambda v=v: check(v))
            for label, v in zip(["one_masked", "nothing_masked"], variants)
        }
    )


# ---- rule d: pandas ------------------------------------------------------------------

PANDAS_KINDS = {
    "binary": [
        "int",
        "float",
        "bool",
        "category",
        "Categorical",
        "Int64",
        "Float64",
        "boolean",
    ],
    "labels": [
        "int",
        "float",
        "str",
        "category",
        "Categorical",
        "Int64",
        "Float64",
        "string",
    ],
    "class_index": ["int", "float", "category", "Int64", "Float64"],
    "scores": ["int", "float", "category", "Int64", "Float64"],
    "proba": ["float", "category", "Float64"],
    "unit_scores": ["float", "category", "Float64"],
    "values": ["int", "float", "Int64", "Float64"],
    "weights": ["int", "float", "Int64", "Float64"],
    "grades": ["int", "float", "category", "Int64", "Float64"],
    "gains": ["int", "float", "Int64", "Float64"],
    "queries": ["int", "Int64", "Float64"],
    "gain_queries": ["int", "Int64", "Float64"],
    "counts": ["int", "Int64"],
}
PANDAS_NA_KINDS = {
    "binary": ["Int64", "Float64", "boolean", "category"],
    "labels": ["Int64", "Float64", "string", "category"],
    "class_index": ["Int64"],
    "scores": ["Int64", "Float64"],
    "proba": ["Float64"],
    "unit_scores": ["Float64"],
    "values": ["Float64"],
    "weights": ["Float64"],
    "grades": ["Int64"],
    "gains": ["Int64"],
    "queries": ["Int64"],
    "gain_queries": ["Int64"],
}
INT_KINDS = {"int", "Int64"}
BOOL_KINDS = {"bool", "boolean"}
STR_KINDS = {"str", "string"}


def pandas_applies(values: list, kind: str) -> bool:
    if kind in INT_KINDS:
        return all(float(v).is_integer() for v in values)
    if kind in BOOL_KINDS:
        return set(values) <= {0, 1}
    return True


def plain_of(values: list, kind: str) -> list:
    """The plain Python list the pandas object stands for."""
    if kind in INT_KINDS:
        return [int(v) for v in values]
    if kind in BOOL_KINDS:
        return [bool(v) for v in values]
    if kind in STR_KINDS:
        return [f"c{v}" for v in values]
    if kind in ("float", "Float64"):
        return [float(v) for v in values]
    return list(values)  # categories keep the values


def to_pandas(plain: list, kind: str, *, missing: bool = False) -> Any:
    values = list(plain)
    if missing:
        values[0] = None if kind == "category" else pd.NA
    index = (
        np.arange(len(values))[::-1] + 100
    )  # not 0..n-1: positions, not labels, must count
    if kind == "Categorical":
        return pd.Categorical(values)
    dtype = {
        "int": "int64",
        "float": "float64",
        "bool": bool,
        "str": None,  # pandas' default string dtype
        "category": "category",
    }.get(kind, kind)
    return pd.Series(values, dtype=dtype, index=index)


def pandas_value(entry: Entry, name: str, kind: str, *, missing: bool = False):
    """(pandas value, plain value, changes to the other arguments of the group)."""
    role = entry.roles[name].role
    value = entry.args[name]
    others = {}
    if kind in STR_KINDS:  # string labels: the whole group becomes strings
        group = entry.roles[name].group
        for n in group_names(entry, group) if group else [name]:
            if n != name:
                others[n] = plain_of(entry.args[n], kind)
    if role in QUERY_ROLES:
        plain = [plain_of(q, kind) for q in value]
        pandas_value_ = [
            to_pandas(q, kind, missing=missing and i == 0) for i, q in enumerate(plain)
        ]
        return pandas_value_, plain, others
    plain = plain_of(value, kind)
    return to_pandas(plain, kind, missing=missing), plain, others


def pandas_kinds(entry: Entry, name: str, table: dict[str, list[str]]) -> list[str]:
    role = entry.roles[name].role
    values = scalars_of(entry.args[name], role)
    return [k for k in table.get(role, []) if pandas_applies(values, k)]


@pytest.mark.parametrize(
    "entry_id, name",
    arg_cases(set(PANDAS_KINDS), lambda e, n: bool(pandas_kinds(e, n, PANDAS_KINDS))),
)
def test_pandas_input_gives_the_plain_result(entry_id, name):
    entry = ENTRIES[entry_id]

    def check(kind):
        pandas_obj, plain, others = pandas_value(entry, name, kind)
        expected = call(entry, **others, **{name: plain})
        got = call(entry, **others, **{name: pandas_obj})
        assert_same(got, expected)

    run_checks(
        {k: (lambda k=k: check(k)) for k in pandas_kinds(entry, name, PANDAS_KINDS)}
    )


@pytest.mark.parametrize(
    "entry_id, name",
    arg_cases(
        set(PANDAS_NA_KINDS), lambda e, n: bool(pandas_kinds(e, n, PANDAS_NA_KINDS))
    ),
)
def test_pandas_missing_value_is_a_value_error(entry_id, name):
    entry = ENTRIES[entry_id]

    def check(kind):
        pandas_obj, _, others = pandas_value(entry, name, kind, missing=True)
        raises_naming(
            ValueError,
            arg_names(entry, name),
            lambda: call(entry, **others, **{name: pandas_obj}),
        )

    run_checks(
        {
            f"{k}+NA": (lambda k=k: check(k))
            for k in pandas_kinds(entry, name, PANDAS_NA_KINDS)
        }
    )


def test_n_relevant_as_pandas_series():
    q = [[2, 0, 1, 0, 3], [0, 1, 0, 1]]
    expected = pm.mean_average_precision(q, 3, n_relevant=[5, 2])
    assert expected == pytest.approx(((1 + 2 / 3) / 5 + (1 / 2) / 2) / 2, rel=1e-15)
    for series in (
        pd.Series([5, 2], index=[7, 3]),
        pd.Series([5, 2], dtype="Int64"),
        pd.Series([5.0, 2.0]),
    ):
        assert pm.mean_average_precision(q, 3, n_relevant=series) == expected
    assert pm.mean_average_precision(
        q, 3, n_relevant=pd.Series([None, 2], dtype=object)
    ) == pm.mean_average_precision(q, 3, n_relevant=[None, 2])


# ---- rule e: Python ints too large ---------------------------------------------------

HUGE = {"10**400": 10**400, "2**1100": 2**1100, "2**70": 2**70}
NEGATIVE_OK = {"scores", "labels", "values"}
MUST_REFUSE = {
    "binary",
    "class_index",
    "proba",
    "unit_scores",
}  # no huge value is valid there


def _hits(ranked, k=None):
    return sum(1 for v in ranked[:k] if v > 0)


def _scaled(entry, name, h):
    """recall_at_k / average_precision_at_k, n_relevant = h: (value at R0) * R0 / h."""
    r0 = _hits(entry.args["ranked"])
    return float(Fraction(call(entry, **{name: None})) * r0 / h)


HUGE_EXPECT = {
    ("precision_table", "k"): lambda e, n, h: call(e, k=None),
    ("precision_at_k", "k"): lambda e, n, h: float(
        Fraction(_hits(e.args["ranked"]), h)
    ),
    ("recall_at_k", "k"): lambda e, n, h: call(e, k=len(e.args["ranked"])),
    ("recall_at_k", "n_relevant"): _scaled,
    ("average_precision_at_k", "k"): lambda e, n, h: call(e, k=None),
    ("average_precision_at_k", "n_relevant"): _scaled,
    ("mean_average_precision", "k"): lambda e, n, h: call(e, k=None),
    ("cumulative_gain", "k"): lambda e, n, h: call(e, k=None),
    ("dcg_table", "k"): lambda e, n, h: call(e, k=None),
    ("dcg", "k"): lambda e, n, h: call(e, k=None),
    ("ndcg", "k"): lambda e, n, h: call(e, k=None),
    ("dcg_from_scores", "k"): lambda e, n, h: call(e, k=None),
    ("ndcg_from_scores", "k"): lambda e, n, h: call(e, k=None),
    ("wilson_interval", "successes"): None,  # > n: must be a ValueError
}


@pytest.mark.parametrize("entry_id, name", arg_cases(SEQUENCE_ROLES - {"proba2d"}))
def test_huge_int_in_an_array(entry_id, name):
    """A huge Python int as the first value: a ValueError naming the argument, or the
    result (order-only arguments: that of a value beyond all others)."""
    entry = ENTRIES[entry_id]
    signs = (1, -1) if entry.roles[name].role in NEGATIVE_OK else (1,)
    run_checks(
        {
            ("-" if sign < 0 else "") + label: (
                lambda h=sign * h: check_huge_in_array(entry, name, h)
            )
            for sign in signs
            for label, h in HUGE.items()
        }
    )


def check_huge_in_array(entry: Entry, name: str, h: int) -> None:
    arg = entry.roles[name]
    label = f"a {len(str(h))}-character int"
    value = first_replaced(entry.args[name], arg.role, h)
    with time_limit():
        ok, got = result_or_error(
            lambda: call(entry, **{name: value}), arg_names(entry, name)
        )
    if not ok:
        return
    assert arg.role not in MUST_REFUSE, f"{name} accepted {label}: {got!r}"
    if arg.role in ORDER_ROLES:
        names = group_names(entry, arg.group)
        everything = [
            v for n in names for v in scalars_of(entry.args[n], entry.roles[n].role)
        ]
        stand_in = max(everything) + 1 if h > 0 else min(everything) - 1
        expected = call(
            entry, **{name: first_replaced(entry.args[name], arg.role, stand_in)}
        )
        assert_same(entry.project(got), entry.project(expected))
    elif arg.role == "counts":
        assert not has_nan(got) and 0.0 <= got <= call(entry)
    else:  # values, weights, gains: arithmetic on the number
        assert not has_nan(got), f"{label} gives nan: {got!r}"
        if abs(h) < 2**1000:  # a float: the result of that float
            floats = first_replaced(entry.args[name], arg.role, float(h))
            assert_same(got, call(entry, **{name: floats}), rtol=1e-9)


@pytest.mark.parametrize("entry_id, name", arg_cases({"count", "real", "confidence"}))
def test_huge_int_as_a_scalar(entry_id, name):
    entry = ENTRIES[entry_id]
    run_checks(
        {
            label: (lambda h=h: check_huge_scalar(entry, name, h))
            for label, h in HUGE.items()
        }
    )


def check_huge_scalar(entry: Entry, name: str, h: int) -> None:
    label = f"a {len(str(h))}-digit int"
    with time_limit():
        ok, got = result_or_error(lambda: call(entry, **{name: h}), [name])
    if not ok:
        return
    key = (entry.func.__name__, name)
    assert key not in HUGE_EXPECT or HUGE_EXPECT[key] is not None, (
        f"{name}={label} should be refused, got {got!r}"
    )
    assert not has_nan(got), f"{name}={label} gives nan: {got!r}"
    if (
        entry.func.__name__.endswith("_interval")  # not (threshold, cost) pairs
        and isinstance(got, tuple)
        and len(got) == 2
        and all(isinstance(v, float) for v in got)
    ):
        assert got[0] <= got[1], f"interval upside down: {got!r}"
    if HUGE_EXPECT.get(key):
        assert_same(got, HUGE_EXPECT[key](entry, name, h), rtol=1e-12)


# ---- rule f: ragged and 2-D input, malformed queries ---------------------------------


def shape_variants(value: list, arg: Arg) -> dict[str, Any]:
    v = list(value)
    out = {
        "ragged": [v[:2], v[2:3]],
        "ragged_mixed": [v[0], v[1:3]],
        "single_value": v[0],
    }
    if not arg.any_ndim:
        out["2d_list"] = [[x] for x in v]
        out["2d_array"] = np.asarray(v)[:, None]
    return out


@pytest.mark.parametrize(
    "entry_id, name", arg_cases(ARRAY_ROLES - {"proba2d"} | {"counts"})
)
def test_wrong_shape_names_the_argument(entry_id, name):
    entry = ENTRIES[entry_id]

    def check(value):
        raises_naming(
            (ValueError, TypeError),
            arg_names(entry, name),
            lambda: call(entry, **{name: value}),
        )

    variants = shape_variants(entry.args[name], entry.roles[name])
    run_checks({label: (lambda v=v: check(v)) for label, v in variants.items()})


PROBA2D_BAD = {
    "ragged_rows": [[0.5, 0.5], [1.0], [0.5, 0.5], [0.5, 0.5], [0.5, 0.5], [0.5, 0.5]],
    "3d": [[[0.5, 0.5]]] * 6,
    "rows_not_summing_to_1": [[0.5, 0.6, 0.0]] * 6,
}


@pytest.mark.parametrize("entry_id, name", arg_cases({"proba2d"}))
def test_bad_probability_matrix_names_y_proba(entry_id, name):
    entry = ENTRIES[entry_id]

    def check(value):
        raises_naming(
            (ValueError, TypeError),
            arg_names(entry, name),
            lambda: call(entry, **{name: value}),
        )

    run_checks({label: (lambda v=v: check(v)) for label, v in PROBA2D_BAD.items()})


BAD_QUERIES = {
    "None": None,
    "string": "1010",
    "dict": {"q1": [1, 0]},
    "number": 5,
    "empty": [],
    "query_None": [None],
    "query_string": ["10"],
    "second_query_None": [[1, 0], None],
    "second_query_string": [[1, 0], "ab"],
    "second_query_number": [[1, 0], 3],
    "query_empty": [[1, 0], []],
    "query_ragged": [[[1, 2], [3]]],
    "query_2d": [[[1, 0], [0, 1]]],
    "query_negative": [[1, -1]],
    "query_nan": [[1, math.nan]],
    "query_dict": [{"a": 1}],
}


@pytest.mark.parametrize(
    "entry_id, name", arg_cases(QUERY_ROLES, lambda e, n: n == "queries")
)
def test_bad_queries_name_queries(entry_id, name):
    entry = ENTRIES[entry_id]

    def check(value):
        changes = {name: value}
        if "n_relevant" in entry.args:
            changes["n_relevant"] = None
        raises_naming((TypeError, ValueError), [name], lambda: call(entry, **changes))

    run_checks({label: (lambda v=v: check(v)) for label, v in BAD_QUERIES.items()})


# ---- rule g: every error names the argument the user passed --------------------------

SCALAR_BAD = {
    "count": ["2.5", "'3'", "True", "None", "nan", "inf", "below_low"],
    "real": ["'x'", "True", "None", "nan"],
    "confidence": ["'x'", "True", "None", "nan"],
    "choice": ["'bogus'", "3", "None"],
    "zero_division": ["0.5", "'x'", "None", "True"],
    "callable": ["5", "None"],
    "pos_label": ["None", "'bogus'", "3", "[1]"],
    "kwargs": ["5", "'x'", "[1]"],
}
SCALAR_VALUES = {
    "2.5": 2.5,
    "'3'": "3",
    "True": True,
    "None": None,
    "nan": math.nan,
    "inf": math.inf,
    "'x'": "x",
    "'bogus'": "bogus",
    "3": 3,
    "0.5": 0.5,
    "5": 5,
    "[1]": [1],
}
INVALID_ELEMENTS = {
    "binary": [2, -1],
    "class_index": [3, -1, 0.5],
    "proba": [1.5, -0.5],
    "unit_scores": [1.5, -0.5],
    "proba2d": [1.5, -0.5],
    "weights": [-1],
}


def bad_arrays(entry: Entry, name: str) -> dict[str, Any]:
    """Invalid values of an array argument, by label."""
    arg = entry.roles[name]
    role, value = arg.role, entry.args[name]
    out: dict[str, Any] = {}
    if not param_is_optional(entry, name):
        out["None"] = None
    out |= {"string": "abc", "dict": {"a": 1}, "set": {1, 0}, "empty": []}
    if role != "counts":
        out["nan"] = first_replaced(value, role, math.nan)
        out["inf"] = first_replaced(value, role, math.inf)
    if role not in {"counts", "proba2d"} | QUERY_ROLES:
        out["complex"] = [1 + 2j, *list(value)[1:]]
    if role not in ("labels", "counts"):
        out["strings"] = mapped(value, role, lambda v: "a")
    if arg.paired:
        out["short"] = list(value)[:-1]
    if role == "weights":
        out["all_zero"] = [0] * len(value)
    for x in [*arg.bad, *INVALID_ELEMENTS.get(role, [])]:
        out[f"element={x}"] = first_replaced(value, role, x)
    return out


@pytest.mark.parametrize("entry_id, name", arg_cases(SEQUENCE_ROLES))
def test_bad_array_names_the_argument(entry_id, name):
    entry = ENTRIES[entry_id]

    def check(value):
        raises_naming(
            (ValueError, TypeError),
            arg_names(entry, name),
            lambda: call(entry, **{name: value}),
        )

    run_checks(
        {label: (lambda v=v: check(v)) for label, v in bad_arrays(entry, name).items()}
    )


def bad_scalar_variants(entry: Entry, name: str) -> list[str]:
    arg = entry.roles[name]
    out = []
    for variant in SCALAR_BAD[arg.role]:
        if variant == "None" and param_is_optional(entry, name):
            continue
        if variant == "below_low" and arg.low is None:
            continue
        out.append(variant)
    return out + [f"bad={i}" for i in range(len(arg.bad))]


COUNTS_BAD = ("-1", "2.5", "'3'", "True", "nan", "wrong_length", "string", "number")


def bad_scalar_value(entry: Entry, name: str, variant: str) -> Any:
    arg = entry.roles[name]
    if arg.role == "counts":
        counts = list(entry.args[name])
        replace = {"-1": -1, "2.5": 2.5, "'3'": "3", "True": True, "nan": math.nan}
        if variant in replace:
            return [replace[variant], *counts[1:]]
        return {"wrong_length": counts[:1], "string": "52", "number": 5}[variant]
    if variant == "below_low":
        return arg.low - 1
    if variant.startswith("bad="):
        return arg.bad[int(variant[4:])]
    return SCALAR_VALUES[variant]


@pytest.mark.parametrize("entry_id, name", arg_cases(SCALAR_ROLES | {"counts"}))
def test_bad_scalar_names_the_argument(entry_id, name):
    entry = ENTRIES[entry_id]
    if entry.roles[name].role == "counts":
        variants = COUNTS_BAD
    else:
        variants = bad_scalar_variants(entry, name)

    def check(variant):
        value = bad_scalar_value(entry, name, variant)
        with time_limit():
            raises_naming(
                (ValueError, TypeError),
                arg_names(entry, name),
                lambda: call(entry, **{name: value}),
            )

    run_checks({v: (lambda v=v: check(v)) for v in variants})


CONFIDENCE_CASES = [
    pytest.param(eid, c, id=case_id(eid, c))
    for eid, _ in entry_args({"confidence"})
    for c in (1 - 1e-12, 0.999999999, 1e-12)
]


@pytest.mark.parametrize("entry_id, confidence", CONFIDENCE_CASES)
def test_extreme_confidence_levels_are_valid(entry_id, confidence):
    low, high = call(ENTRIES[entry_id], confidence=confidence)
    assert math.isfinite(low) and math.isfinite(high) and low <= high


@pytest.mark.parametrize("confidence", [1 - 1e-12, 0.999999999, 0.95, 1e-9])
def test_rmse_chi2_interval_near_one(confidence):
    low, high = pm.rmse_chi2_interval(2.0, 50, confidence=confidence)
    alpha = 1 - confidence
    expected_low = math.sqrt(50 / stats.chi2.isf(alpha / 2, 50)) * 2.0
    expected_high = math.sqrt(50 / stats.chi2.ppf(alpha / 2, 50)) * 2.0
    assert math.isfinite(low) and math.isfinite(high) and low < high
    assert math.isclose(low, expected_low, rel_tol=1e-9)
    assert math.isclose(high, expected_high, rel_tol=1e-9)


@pytest.mark.parametrize(
    "func, kwargs",
    [
        (pm.wilson_interval, dict(successes=8, n=10)),
        (pm.hanley_mcneil_interval, dict(auc=0.8, n_pos=5, n_neg=5)),
        (pm.pr_auc_logit_interval, dict(pr_auc=0.7, n_pos=10)),
        (pm.rmse_chi2_interval, dict(rmse=2.0, n=50)),
    ],
    ids=["wilson", "hanley_mcneil", "pr_auc_logit", "rmse_chi2"],
)
@pytest.mark.parametrize("confidence", [0.0, 1.0, 1.5, -0.5, math.nan, "0.9"])
def test_confidence_errors_say_confidence(func, kwargs, confidence):
    with pytest.raises((ValueError, TypeError), match=names_re("confidence")) as info:
        func(**kwargs, confidence=confidence)
    assert not re.search(names_re("p", "alpha", "q"), str(info.value)), str(info.value)


# ---- rule h: Fraction ----------------------------------------------------------------

FRACTION_MUST_EQUAL = {"values", "proba", "weights", "real", "confidence"}
FRACTION_SHIFT = {"scores", "values", "weights"}  # + 1/3: not integral, same order


def fraction_of(v: Any, role: str) -> Fraction:
    f = Fraction(str(v)) if isinstance(v, float) else Fraction(v)
    return f + Fraction(1, 3) if role in FRACTION_SHIFT else f


FRACTION_CASES = [
    pytest.param(eid, name, id=case_id(eid, name))
    for eid, name in entry_args(SEQUENCE_ROLES | {"count", "real", "confidence"})
]


@pytest.mark.parametrize("entry_id, name", FRACTION_CASES)
def test_fractions(entry_id, name):
    entry = ENTRIES[entry_id]
    role = entry.roles[name].role
    value = entry.args[name]
    if role in SCALAR_ROLES:
        frac, floats = fraction_of(value, role), value
    else:
        frac = mapped(value, role, lambda v: fraction_of(v, role))
        floats = mapped(value, role, lambda v: float(fraction_of(v, role)))
    expected = call(entry, **{name: floats})
    try:
        got = call(entry, **{name: frac})
    except TypeError as err:
        assert role not in FRACTION_MUST_EQUAL, f"{name} refuses Fraction values: {err}"
        assert "Fraction" in str(err) and re.search(
            names_re(*arg_names(entry, name)), str(err)
        ), str(err)
        return
    assert_same(got, expected)


# ---- rule i: bootstrap_interval reports what went wrong ------------------------------

_Y8 = [0, 1, 0, 1, 1, 0, 1, 0]
_S8 = [0.1, 0.9, 0.3, 0.7, 0.6, 0.2, 0.8, 0.4]


def test_bootstrap_reports_non_binary_labels():
    with pytest.raises(ValueError) as info:
        pm.bootstrap_interval(pm.roc_auc, [0, 2, 1, 0, 1, 1, 0, 1], _S8, n_resamples=20)
    assert "y_true" in str(info.value) and "binary" in str(info.value), str(info.value)


def test_bootstrap_reports_nan_scores():
    scores = [*_S8[:-1], math.nan]
    with pytest.raises(ValueError) as info:
        pm.bootstrap_interval(pm.roc_auc, _Y8, scores, n_resamples=20)
    assert "NaN" in str(info.value) and "y_score" in str(info.value), str(info.value)


def test_bootstrap_reports_an_error_raised_on_every_resample():
    data = np.arange(8)

    def fussy(a):
        if np.array_equal(a, data):
            return 1.0
        raise ValueError("fussy metric: a must be the original rows in order")

    with pytest.raises(ValueError) as info:
        pm.bootstrap_interval(fussy, data, n_resamples=20)
    assert "fussy metric: a must be the original rows in order" in str(info.value)


def test_bootstrap_reports_a_type_error_raised_on_resamples():
    data = np.arange(8)

    def picky(a):
        if np.array_equal(a, data):
            return 1.0
        raise TypeError("picky metric: unhashable resample")

    with pytest.raises(TypeError, match="picky metric: unhashable resample"):
        pm.bootstrap_interval(picky, data, n_resamples=20)


@pytest.mark.parametrize(
    "metric, what",
    [
        (lambda *a: None, "None"),
        (lambda *a: (0.5, 0.6), "tuple"),
        (pm.roc_curve, "tuple"),
        (lambda *a: "0.5", "str"),
        (lambda *a: np.array([0.5, 0.6]), "ndarray"),
    ],
    ids=["None", "tuple", "roc_curve", "str", "array"],
)
def test_bootstrap_metric_returning_a_non_number(metric, what):
    with pytest.raises(TypeError) as info:
        pm.bootstrap_interval(metric, _Y8, _S8, n_resamples=20)
    message = str(info.value)
    assert re.search(names_re("metric"), message) and what in message, message


def test_bootstrap_ragged_rows_name_the_array():
    raises_naming(
        ValueError,
        ["arrays[1]"],
        lambda: pm.bootstrap_interval(pm.accuracy, [0, 1, 1], [[1, 2], [3], [4]]),
    )
    raises_naming(
        ValueError,
        ["arrays[1]"],
        lambda: pm.bootstrap_interval(pm.accuracy, [0, 1, 1], [0, [1, 2], 1]),
    )


def test_bootstrap_masked_array_is_a_type_error():
    masked = np.ma.array(_S8, mask=[True] + [False] * 7)
    raises_naming(
        TypeError, ["arrays[1]"], lambda: pm.bootstrap_interval(pm.roc_auc, _Y8, masked)
    )


# ---- rule j: one-class precision-recall, zero_division=nan ---------------------------


def _quiet(func, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


@ORACLE
@given(
    scores=st.lists(
        st.integers(0, 4) | st.sampled_from([0.5, 1e-300, -2.0]), min_size=1, max_size=8
    )
)
def test_every_label_positive(scores):
    y = [1] * len(scores)
    precision, recall, thresholds = pm.precision_recall_curve(y, scores)
    sk_p, sk_r, sk_t = _quiet(skm.precision_recall_curve, y, scores)
    assert (precision == 1.0).all()
    np.testing.assert_allclose(precision, sk_p, rtol=1e-15)
    np.testing.assert_allclose(recall, sk_r, rtol=1e-15)
    np.testing.assert_array_equal(thresholds, sk_t)
    assert pm.average_precision(y, scores) == 1.0
    assert math.isclose(
        _quiet(skm.average_precision_score, y, scores), 1.0, rel_tol=1e-12
    )


@pytest.mark.parametrize("func", [pm.precision_recall_curve, pm.average_precision])
def test_no_positive_is_a_value_error(func):
    raises_naming(ValueError, ["y_true"], lambda: func([0, 0, 0], [0.1, 0.5, 0.2]))


SK_SCORES = {
    "precision": (pm.precision, skm.precision_score, {}),
    "recall": (pm.recall, skm.recall_score, {}),
    "f1": (pm.f1, skm.f1_score, {}),
    "f_beta_0.5": (pm.f_beta, skm.fbeta_score, {"beta": 0.5}),
    "f_beta_2": (pm.f_beta, skm.fbeta_score, {"beta": 2.0}),
}


@pytest.mark.parametrize("average", ["binary", "macro", "micro", "weighted"])
@pytest.mark.parametrize("score", list(SK_SCORES))
@ORACLE
@given(data=st.data())
def test_zero_division_nan_as_scikit_learn(score, average, data):
    ours, theirs, extra = SK_SCORES[score]
    n_classes = (
        2 if average == "binary" else data.draw(st.integers(2, 4), label="classes")
    )
    n = data.draw(st.integers(1, 10), label="n")
    labels = st.integers(0, n_classes - 1)
    y_true = data.draw(st.lists(labels, min_size=n, max_size=n), label="y_true")
    y_pred = data.draw(st.lists(labels, min_size=n, max_size=n), label="y_pred")
    got = ours(y_true, y_pred, average=average, zero_division=math.nan, **extra)
    expected = float(
        _quiet(theirs, y_true, y_pred, average=average, zero_division=np.nan, **extra)
    )
    assert isinstance(got, float)
    if math.isnan(expected):
        assert math.isnan(got), f"got {got}, scikit-learn gives nan"
    else:
        assert math.isclose(got, expected, rel_tol=1e-12, abs_tol=1e-15), (
            f"got {got}, scikit-learn gives {expected}"
        )
