"""The at-scale targets of issue 17, timed beside what users would pick instead.

Each target compares one call of ours with one call of the alternative on the same
data, repeated in interleaved rounds (ours, theirs, ours, theirs, ...); the ratio is
of the medians. Every result of ours is checked against the alternative (or against
the package's readable per-query functions) before timing.

Run by ``benchmarks/bench.py`` (``make bench``); the results go into
``book/data/benchmark.json`` under ``"scale"``. ranx, pytrec_eval and DuckDB are
in the ``bench`` extra (``pip install -e ".[bench]"``); a target whose library is
missing is reported as skipped.
"""

from __future__ import annotations

import gc
import time
import tracemalloc
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
from sklearn import metrics as skm

import pedagogy_metrics as pm

N_QUERIES, N_DOCS = 10**5, 100  # MAP and NDCG
N_RUN_QUERIES = 10**4  # evaluate_run, dicts in and out
N_GAUC, N_GROUPS = 10**6, 10**5
N_BOOT, B = 10**5, 2000
SKLEARN_LOOP_SAMPLE = 100  # scikit-learn calls timed; the loop of B is scaled from them
N_CONFUSION, N_CLASSES = 10**6, 10
N_AUC = 10**6
N_MEMORY = 10**7
N_TIED, N_VALUES = 10**7, 1000  # roc_auc beside DuckDB: heavily tied scores
N_STREAM, N_BATCHES = 10**6, 100


def _median_times(
    funcs: dict[str, Callable[[], Any]], repeats: int
) -> dict[str, float]:
    """Median seconds of each function over interleaved rounds (after one warm-up)."""
    for f in funcs.values():
        f()
    times: dict[str, list[float]] = {k: [] for k in funcs}
    for _ in range(repeats):
        for name, f in funcs.items():
            gc.collect()
            start = time.perf_counter()
            f()
            times[name].append(time.perf_counter() - start)
    return {k: float(np.median(v)) for k, v in times.items()}


def _target(
    what: str, ours: str, theirs: str, times: dict[str, float], limit: float
) -> dict:
    ratio = times[ours] / times[theirs]
    return {
        "what": what,
        "numerator": ours,
        "denominator": theirs,
        "ours_s": times[ours],
        "theirs_s": times[theirs],
        "ratio": ratio,
        "limit": limit,
        "pass": bool(ratio <= limit),
    }


def _ranking_data(seed: int = 0) -> np.ndarray:
    """(queries, documents) grades in ranked order: 10 % relevant, grades 1 to 3."""
    rng = np.random.default_rng(seed)
    relevant = rng.random((N_QUERIES, N_DOCS)) < 0.1
    return relevant * rng.integers(1, 4, (N_QUERIES, N_DOCS))


def ranking_targets(repeats: int) -> list[dict]:
    grades = _ranking_data()
    out = []
    funcs: dict[str, Callable[[], Any]] = {
        "pm.mean_average_precision": lambda: pm.mean_average_precision(grades),
        "pm.mean_ndcg": lambda: pm.mean_ndcg(grades),
    }
    theirs: dict[str, str] = {}
    try:
        import pytrec_eval

        docs = [f"d{j:03d}" for j in range(N_DOCS)]
        score = {d: float(N_DOCS - j) for j, d in enumerate(docs)}  # ranked as given
        qrels = {
            f"q{q}": {docs[j]: int(g) for j, g in enumerate(row) if g} or {docs[0]: 0}
            for q, row in enumerate(grades)
        }
        run = {q: score for q in qrels}

        def trec(measure: str) -> Callable[[], Any]:
            return lambda: pytrec_eval.RelevanceEvaluator(qrels, {measure}).evaluate(
                run
            )

        funcs["pytrec_eval map"] = trec("map")
        funcs["pytrec_eval ndcg"] = trec("ndcg")
        theirs["pytrec"] = "yes"
    except ImportError:
        pass
    try:
        from numba.core.errors import NumbaTypeSafetyWarning
        from numba.typed import List as TypedList
        from ranx.metrics import average_precision, ndcg

        # ranx's own compiled loop casts its cut-off from uint64; not our input
        warnings.simplefilter("ignore", NumbaTypeSafetyWarning)

        ids = np.arange(N_DOCS, dtype=np.float64)
        run_rows = TypedList(
            [np.column_stack([ids, N_DOCS - ids]) for _ in range(N_QUERIES)]
        )
        qrel_rows = TypedList(
            [
                np.column_stack([ids[row > 0], row[row > 0].astype(np.float64)])
                for row in grades
            ]
        )
        funcs["ranx average_precision"] = lambda: average_precision(qrel_rows, run_rows)
        funcs["ranx ndcg"] = lambda: ndcg(qrel_rows, run_rows)
        ranx_ap = average_precision(qrel_rows, run_rows)
        assert abs(float(np.mean(ranx_ap)) - pm.mean_average_precision(grades)) < 1e-9
        theirs["ranx"] = "yes"
    except ImportError:
        pass
    times = _median_times(funcs, repeats)
    for ours, name in (("pm.mean_average_precision", "map"), ("pm.mean_ndcg", "ndcg")):
        if "ranx" in theirs:
            ranx_name = "ranx average_precision" if name == "map" else "ranx ndcg"
            out.append(
                _target(f"{ours}, 10^5 x 100, vs ranx", ours, ranx_name, times, 1.0)
            )
        if "pytrec" in theirs:
            out.append(
                _target(
                    f"{ours}, 10^5 x 100, vs pytrec_eval",
                    ours,
                    f"pytrec_eval {name}",
                    times,
                    0.1,
                )
            )
    return out


def evaluate_run_target(repeats: int) -> list[dict]:
    try:
        import pytrec_eval
    except ImportError:
        return []
    rng = np.random.default_rng(1)
    docs = [f"d{j:03d}" for j in range(N_DOCS)]
    qrels, run = {}, {}
    for q in range(N_RUN_QUERIES):
        relevant = rng.random(N_DOCS) < 0.1
        grades = rng.integers(1, 4, N_DOCS)
        qrels[f"q{q}"] = {d: int(g) for d, g, r in zip(docs, grades, relevant) if r}
        qrels[f"q{q}"] = qrels[f"q{q}"] or {docs[0]: 0}
        run[f"q{q}"] = dict(zip(docs, rng.random(N_DOCS).tolist()))
    measures = {"map", "ndcg", "recip_rank", "P_10"}
    ours = pm.evaluate_run(qrels, run, measures)
    theirs = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)
    assert all(
        abs(ours[q][m] - v) < 1e-12 for q, row in theirs.items() for m, v in row.items()
    )
    times = _median_times(
        {
            "pm.evaluate_run": lambda: pm.evaluate_run(qrels, run, measures),
            "pytrec_eval": lambda: pytrec_eval.RelevanceEvaluator(
                qrels, measures
            ).evaluate(run),
        },
        repeats,
    )
    return [
        _target(
            "evaluate_run, 10^4 x 100, dicts in and out, vs pytrec_eval",
            "pm.evaluate_run",
            "pytrec_eval",
            times,
            1.0,
        )
    ]


def prepared_qrels_target(repeats: int) -> list[dict]:
    """Scoring a run against judgements prepared once: pm.Qrels.evaluate against
    pytrec_eval's evaluate() on a RelevanceEvaluator built once (10^4 queries x 100
    documents, every document judged, grades 0-3)."""
    try:
        import pytrec_eval
    except ImportError:
        return []
    rng = np.random.default_rng(4)
    docs = [f"d{j:03d}" for j in range(N_DOCS)]
    qrels = {
        f"q{q}": dict(zip(docs, rng.integers(0, 4, N_DOCS).tolist()))
        for q in range(N_RUN_QUERIES)
    }
    run = {f"q{q}": dict(zip(docs, rng.random(N_DOCS).tolist())) for q in qrels}
    measures = {"map", "recip_rank", "P_10", "ndcg", "ndcg_cut_10"}
    judged = pm.Qrels(qrels)
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, measures)
    ours, theirs = judged.evaluate(run, measures), evaluator.evaluate(run)
    assert all(
        abs(ours[q][m] - v) < 1e-12 for q, row in theirs.items() for m, v in row.items()
    )
    times = _median_times(
        {
            "pm.Qrels.evaluate": lambda: judged.evaluate(run, measures),
            "pytrec_eval evaluate": lambda: evaluator.evaluate(run),
        },
        repeats,
    )
    return [
        _target(
            "Qrels.evaluate, 10^4 x 100 all judged, vs pytrec_eval evaluate() "
            "(both prepared once)",
            "pm.Qrels.evaluate",
            "pytrec_eval evaluate",
            times,
            1.0,
        )
    ]


def read_run_target(repeats: int) -> list[dict]:
    """read_run on a run of 10^6 lines (1,000 queries) vs pytrec_eval.parse_run."""
    try:
        import pytrec_eval
    except ImportError:
        return []
    import tempfile

    rng = np.random.default_rng(5)
    with tempfile.TemporaryDirectory() as folder:
        path = f"{folder}/run.txt"
        with open(path, "w", encoding="utf-8") as f:
            for q in range(1000):
                scores = rng.random(1000)
                f.write(
                    "".join(
                        f"q{q} Q0 d{d} {d + 1} {scores[d]:.6f} tag\n"
                        for d in range(1000)
                    )
                )

        def theirs() -> Any:
            with open(path, encoding="utf-8") as f:
                return pytrec_eval.parse_run(f)

        assert pm.read_run(path) == theirs()
        times = _median_times(
            {"pm.read_run": lambda: pm.read_run(path), "pytrec_eval.parse_run": theirs},
            repeats,
        )
    return [
        _target(
            "read_run, 10^6 lines in 1,000 queries, vs pytrec_eval.parse_run",
            "pm.read_run",
            "pytrec_eval.parse_run",
            times,
            2.0,
        )
    ]


def linear_in_queries_targets(repeats: int) -> list[dict]:
    """Ten times the queries cost at most 15 times as much (linear, with room for
    the noise of a shared machine): mean_ndcg with explicit ideal lists and
    mean_average_precision on ragged lists. Qrels.evaluate takes and returns a
    dict per query, whose cost grows faster than the queries once they no longer
    fit in the processor's caches (pytrec_eval's too): its growth is compared with
    pytrec_eval's on the same dicts, at most twice it (a cost quadratic in the
    queries would grow ten times as much as pytrec_eval's linear one)."""
    rng = np.random.default_rng(6)
    out = []

    def data(n: int) -> dict[str, Callable[[], Any]]:
        lists = [rng.integers(0, 4, rng.integers(1, 11)) for _ in range(n)]
        ideals = [np.r_[g, rng.integers(0, 4, 5)] for g in lists]
        docs = [f"d{j}" for j in range(10)]
        qrels = {
            f"q{q}": dict(zip(docs, rng.integers(0, 4, 10).tolist())) for q in range(n)
        }
        run = {q: dict(zip(docs, rng.random(10).tolist())) for q in qrels}
        judged = pm.Qrels(qrels)
        funcs = {
            "pm.mean_ndcg (ideals)": lambda: pm.mean_ndcg(lists, 10, ideals=ideals),
            "pm.mean_average_precision (ragged)": lambda: pm.mean_average_precision(
                lists
            ),
            "pm.Qrels.evaluate": lambda: judged.evaluate(run, ["map", "ndcg@10"]),
        }
        try:
            import pytrec_eval

            evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"map", "ndcg_cut.10"})
            funcs["pytrec_eval evaluate()"] = lambda: evaluator.evaluate(run)
        except ImportError:
            pass
        return funcs

    small, large = data(10**4), data(10**5)
    times = _median_times(
        {f"{k} 10^4": f for k, f in small.items()}
        | {f"{k} 10^5": f for k, f in large.items()},
        repeats,
    )
    growth = {k: times[f"{k} 10^5"] / times[f"{k} 10^4"] for k in small}
    for name in ("pm.mean_ndcg (ideals)", "pm.mean_average_precision (ragged)"):
        out.append(
            _target(
                f"{name}: 10^5 queries against 10^4 (linear: 10)",
                f"{name} 10^5",
                f"{name} 10^4",
                times,
                15.0,
            )
        )
    if "pytrec_eval evaluate()" in growth:
        ours, theirs = growth["pm.Qrels.evaluate"], growth["pytrec_eval evaluate()"]
        out.append(
            {
                "what": "pm.Qrels.evaluate's growth from 10^4 to 10^5 queries "
                f"({ours:.1f}x) against pytrec_eval's ({theirs:.1f}x)",
                "numerator": "pm.Qrels.evaluate 10^5 / 10^4",
                "denominator": "pytrec_eval evaluate() 10^5 / 10^4",
                "ours_s": times["pm.Qrels.evaluate 10^5"],
                "theirs_s": times["pytrec_eval evaluate() 10^5"],
                "ratio": ours / theirs,
                "limit": 2.0,
                "pass": bool(ours / theirs <= 2.0),
            }
        )
    return out


def array_targets(repeats: int) -> list[dict]:
    rng = np.random.default_rng(2)
    out = []
    # GAUC: 10^6 rows in 10^5 groups
    group = rng.integers(0, N_GROUPS, N_GAUC)
    y = (rng.random(N_GAUC) < 0.3).astype(np.int64)
    s = rng.random(N_GAUC)
    times = _median_times(
        {
            "pm.gauc": lambda: pm.gauc(y, s, group),
            "np.lexsort((score, group))": lambda: np.lexsort((s, group)),
        },
        repeats,
    )
    out.append(
        _target(
            "gauc, 10^6 rows in 10^5 groups, vs one lexsort",
            "pm.gauc",
            "np.lexsort((score, group))",
            times,
            1.5,
        )
    )
    # bootstrap of the AUC: 2000 resamples at n = 10^5
    yb = (rng.random(N_BOOT) < 0.3).astype(np.int64)
    sb = np.round(rng.random(N_BOOT) + 0.3 * yb, 3)
    # roc_auc is bootstrapped by counts per distinct score (auc_from_counts): the same
    # interval as roc_auc run on every resample, exactly (checked on 20 resamples)
    few = dict(n_resamples=20, seed=0)
    assert pm.bootstrap_interval(pm.roc_auc, yb, sb, **few) == pm.bootstrap_interval(
        lambda y_, s_: pm.roc_auc(y_, s_), yb, sb, **few
    )

    def sklearn_loop() -> None:  # SKLEARN_LOOP_SAMPLE of the B calls, scaled below
        draw = np.random.default_rng(0)
        for _ in range(SKLEARN_LOOP_SAMPLE):
            rows = draw.integers(0, N_BOOT, N_BOOT)
            skm.roc_auc_score(yb[rows], sb[rows])

    times = _median_times(
        {
            "pm.bootstrap_interval(roc_auc)": lambda: pm.bootstrap_interval(
                pm.roc_auc, yb, sb, n_resamples=B, seed=0
            ),
            "scikit-learn loop": sklearn_loop,
        },
        repeats,
    )
    times["scikit-learn loop"] *= B / SKLEARN_LOOP_SAMPLE
    out.append(
        _target(
            f"bootstrap_interval(roc_auc, {B}) at n = 10^5, vs a loop of "
            f"roc_auc_score (timed on {SKLEARN_LOOP_SAMPLE} resamples, scaled)",
            "pm.bootstrap_interval(roc_auc)",
            "scikit-learn loop",
            times,
            0.05,
        )
    )
    # confusion matrix: 10 classes, 10^6 samples
    t = rng.integers(0, N_CLASSES, N_CONFUSION)
    p = np.where(rng.random(N_CONFUSION) < 0.7, t, rng.integers(0, N_CLASSES))
    assert (pm.confusion_matrix(t, p) == skm.confusion_matrix(t, p)).all()
    times = _median_times(
        {
            "pm.confusion_matrix": lambda: pm.confusion_matrix(t, p),
            "np.bincount": lambda: np.bincount(N_CLASSES * t + p),
        },
        repeats,
    )
    out.append(
        _target(
            "confusion_matrix, 10 classes, 10^6, vs one bincount",
            "pm.confusion_matrix",
            "np.bincount",
            times,
            3.0,
        )
    )
    # roc_auc against one sort of the scores, tied and distinct
    ya = (rng.random(N_AUC) < 0.3).astype(np.int64)
    for kind, sa in (
        ("tied", np.round(rng.random(N_AUC) + 0.3 * ya, 3)),
        ("distinct", rng.random(N_AUC) + 0.3 * ya),
    ):
        times = _median_times(
            {
                "pm.roc_auc": lambda sa=sa: pm.roc_auc(ya, sa),
                "np.sort": lambda sa=sa: np.sort(sa),
            },
            repeats,
        )
        out.append(
            _target(
                f"roc_auc at 10^6, {kind} scores, vs one np.sort",
                "pm.roc_auc",
                "np.sort",
                times,
                3.0,
            )
        )
    return out


# The AUC in SQL: positives and negatives per distinct score (the group-by), then
# the same sum as auc_from_counts over the scores in increasing order.
DUCKDB_AUC = """
with c as (select s, sum(y)::bigint as p, (count(*) - sum(y))::bigint as q
           from scores group by s),
     w as (select p, q, sum(q) over (order by s) - q as below from c)
select sum(p * (2 * below + q))::double / (2 * sum(p) * sum(q)) from w
"""


def duckdb_target(repeats: int) -> list[dict]:
    """roc_auc on 10^7 rows holding 1,000 distinct scores, beside DuckDB's group-by."""
    try:
        import duckdb
        import pandas as pd
    except ImportError:
        return []
    rng = np.random.default_rng(4)
    y = (rng.random(N_TIED) < 0.3).astype(np.int64)
    s = np.minimum(rng.integers(0, N_VALUES, N_TIED) + 100 * y, N_VALUES - 1) / N_VALUES
    assert np.unique(s).size == N_VALUES
    con = duckdb.connect()
    con.register("scores", pd.DataFrame({"y": y, "s": s}))

    def sql() -> float:
        return con.execute(DUCKDB_AUC).fetchall()[0][0]

    assert abs(sql() - pm.roc_auc(y, s)) < 1e-12
    times = _median_times(
        {"pm.roc_auc": lambda: pm.roc_auc(y, s), "DuckDB SQL group-by": sql},
        repeats,
    )
    return [
        _target(
            f"roc_auc at 10^7, {N_VALUES:,} distinct scores, vs DuckDB SQL group-by",
            "pm.roc_auc",
            "DuckDB SQL group-by",
            times,
            3.0,
        )
    ]


def streaming_target(repeats: int) -> list[dict]:
    """StreamingAUC: 10^6 scores in 100 batches cost about what one batch costs."""
    rng = np.random.default_rng(5)
    y = (rng.random(N_STREAM) < 0.3).astype(np.int64)
    s = rng.random(N_STREAM) + 0.3 * y
    size = N_STREAM // N_BATCHES

    def batches() -> float:
        acc = pm.StreamingAUC()
        for k in range(N_BATCHES):
            acc.update(y[k * size : (k + 1) * size], s[k * size : (k + 1) * size])
        return acc.result()

    def one() -> float:
        return pm.StreamingAUC().update(y, s).result()

    assert batches() == one() == pm.roc_auc(y, s)
    times = _median_times(
        {"StreamingAUC, 100 batches": batches, "StreamingAUC, one batch": one},
        repeats,
    )
    return [
        _target(
            "StreamingAUC, 10^6 scores in 100 batches, vs in one batch",
            "StreamingAUC, 100 batches",
            "StreamingAUC, one batch",
            times,
            2.0,
        )
    ]


def peak_memory() -> list[dict]:
    """Peak memory allocated by roc_auc and gauc at n = 10^7, beyond their inputs."""
    rng = np.random.default_rng(3)
    y = (rng.random(N_MEMORY) < 0.3).astype(np.int64)
    s = rng.random(N_MEMORY)
    group = rng.integers(0, N_MEMORY // 10, N_MEMORY)
    out = []
    for name, call in (
        ("pm.roc_auc", lambda: pm.roc_auc(y, s)),
        ("pm.gauc", lambda: pm.gauc(y, s, group)),
    ):
        gc.collect()
        tracemalloc.start()
        call()
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        out.append(
            {
                "function": name,
                "n": N_MEMORY,
                "peak_mb": peak / 2**20,
                "input_mb": (y.nbytes + s.nbytes) / 2**20,
                "peak_per_row_bytes": peak / N_MEMORY,
            }
        )
    return out


def run(repeats: int) -> dict:
    targets = ranking_targets(repeats)
    print("timed: mean_average_precision, mean_ndcg", flush=True)
    targets += evaluate_run_target(repeats)
    print("timed: evaluate_run", flush=True)
    targets += prepared_qrels_target(repeats) + read_run_target(repeats)
    targets += linear_in_queries_targets(repeats)
    print("timed: Qrels.evaluate, read_run, cost against queries", flush=True)
    targets += array_targets(repeats)
    print("timed: gauc, bootstrap, confusion_matrix, roc_auc", flush=True)
    targets += duckdb_target(repeats)
    targets += streaming_target(repeats)
    print("timed: roc_auc beside DuckDB, StreamingAUC in batches", flush=True)
    memory = peak_memory()
    return {"targets": targets, "peak_memory": memory, "repeats": repeats}
