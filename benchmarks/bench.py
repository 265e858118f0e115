"""`make bench`: time the curves module and scikit-learn side by side, on the same data.

For each n, one data set (30 % positives, scores in [0, 1] rounded to 3 decimals, so
heavily tied) is timed by every function in turn, and the whole round is repeated
(interleaved repeats: a slow moment of a shared machine hits all functions alike); we
keep the median of the repeats. ``np.argsort(kind="stable")`` and ``np.sort`` of the
scores are the floor: any exact AUC has to order the scores. Before timing, each
function's result is checked against scikit-learn.

Writes ``book/data/benchmark.json`` (read by the Performance appendix, which never
re-times anything) and ``book/data/benchmark.md`` (the same table), prints the table and
the target ratios at n = 10^6, then re-executes ``book/performance.ipynb`` so its stored
outputs show the new numbers (``--no-refresh`` skips that).

Usage: ``.venv/bin/python benchmarks/bench.py [--repeats 7] [--quick] [--no-refresh]``
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import json
import os
import pathlib
import platform
import sys
import time
from collections.abc import Callable

import numpy as np
import sklearn
from sklearn import metrics as skm

import pedagogy_metrics as pm

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "book" / "data" / "benchmark.json"
NOTEBOOK = ROOT / "book" / "performance.ipynb"

MAIN_SIZES = (10**4, 10**5, 10**6)  # the table
CURVE_SIZES = (
    10**3,
    3 * 10**3,
    10**4,
    3 * 10**4,
    10**5,
    3 * 10**5,
    10**6,
)  # AUC cost against n
PAIRS_MAX_N = 10**5  # all-pairs AUC is O(PN): beyond this one call takes seconds


# name -> (function of (y, s), group); groups: "auc" for the cost-against-n plot
def _functions() -> dict[str, tuple[Callable, str]]:
    return {
        "sklearn roc_auc_score": (lambda y, s: skm.roc_auc_score(y, s), "auc"),
        "pm.roc_auc (rank)": (lambda y, s: pm.roc_auc(y, s), "auc"),
        "pm.roc_auc (trapezoid)": (
            lambda y, s: pm.roc_auc(y, s, method="trapezoid"),
            "auc",
        ),
        "pm.roc_auc (pairs)": (lambda y, s: pm.roc_auc(y, s, method="pairs"), "auc"),
        "pm.roc_auc_histogram (1000 bins)": (
            lambda y, s: pm.roc_auc_histogram(y, s, n_bins=1000),
            "auc",
        ),
        "sklearn average_precision_score": (
            lambda y, s: skm.average_precision_score(y, s),
            "ap",
        ),
        "pm.average_precision": (lambda y, s: pm.average_precision(y, s), "ap"),
        "sklearn roc_curve": (
            lambda y, s: skm.roc_curve(y, s, drop_intermediate=False),
            "curve",
        ),
        "pm.roc_curve": (lambda y, s: pm.roc_curve(y, s), "curve"),
        "np.argsort(stable)": (lambda y, s: np.argsort(s, kind="stable"), "floor"),
        "np.sort": (lambda y, s: np.sort(s), "floor"),
    }


# (what, numerator, denominator, limit): the targets of issue 3, at n = 10^6
TARGETS = [
    ("roc_auc vs scikit-learn", "pm.roc_auc (rank)", "sklearn roc_auc_score", 0.5),
    ("roc_auc vs stable argsort", "pm.roc_auc (rank)", "np.argsort(stable)", 1.5),
    (
        "average_precision vs scikit-learn",
        "pm.average_precision",
        "sklearn average_precision_score",
        0.5,
    ),
    (
        "roc_auc_histogram(1000) vs scikit-learn roc_auc_score",
        "pm.roc_auc_histogram (1000 bins)",
        "sklearn roc_auc_score",
        0.1,
    ),
]

# our function -> the scikit-learn one it is compared with in the table
RATIO_OF = {
    "pm.roc_auc (rank)": "sklearn roc_auc_score",
    "pm.roc_auc (trapezoid)": "sklearn roc_auc_score",
    "pm.roc_auc (pairs)": "sklearn roc_auc_score",
    "pm.roc_auc_histogram (1000 bins)": "sklearn roc_auc_score",
    "pm.average_precision": "sklearn average_precision_score",
    "pm.roc_curve": "sklearn roc_curve",
}


def make_data(n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """30 % positives; logistic scores of a shifted normal, rounded to 3 decimals.

    The rounding makes many ties.
    """
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(np.int64)
    s = np.round(1 / (1 + np.exp(-(rng.normal(size=n) + 1.2 * y - 0.5))), 3)
    return y, s


def check_results(y: np.ndarray, s: np.ndarray, names: list[str]) -> None:
    """Our results equal scikit-learn's on the data we time (we time correct code)."""
    auc = skm.roc_auc_score(y, s)
    for name in names:
        if name.startswith("pm.roc_auc ("):
            assert abs(_functions()[name][0](y, s) - auc) < 1e-12, name
    assert abs(pm.average_precision(y, s) - skm.average_precision_score(y, s)) < 1e-12
    for ours, theirs in zip(
        pm.roc_curve(y, s), skm.roc_curve(y, s, drop_intermediate=False)
    ):
        assert np.array_equal(ours, theirs)
    bins = np.minimum(np.floor(s * 1000), 999)
    assert pm.roc_auc_histogram(y, s, n_bins=1000) == pm.roc_auc(y, bins)


def time_round(
    funcs: dict[str, Callable], y: np.ndarray, s: np.ndarray
) -> dict[str, float]:
    """One call of each function, in turn, on the same data; seconds per call."""
    out = {}
    for name, f in funcs.items():
        gc.collect()
        start = time.perf_counter()
        f(y, s)
        out[name] = time.perf_counter() - start
    return out


def run(sizes: tuple[int, ...], repeats: int) -> list[dict]:
    rows = []
    all_funcs = _functions()
    for n in sizes:
        names = [
            k
            for k, (_, group) in all_funcs.items()
            if (n in MAIN_SIZES or group == "auc" or group == "floor")
            and (k != "pm.roc_auc (pairs)" or n <= PAIRS_MAX_N)
        ]
        funcs = {k: all_funcs[k][0] for k in names}
        y, s = make_data(n)
        check_results(y, s, names)
        time_round(funcs, y, s)  # warm-up: caches, lazy imports
        times = {k: [] for k in names}
        for _ in range(repeats):
            for k, t in time_round(funcs, y, s).items():
                times[k].append(t)
        for k in names:
            rows.append(
                {
                    "n": n,
                    "name": k,
                    "group": all_funcs[k][1],
                    "median_s": float(np.median(times[k])),
                    "times_s": times[k],
                }
            )
        print(
            f"n = {n:>9,d}: timed {len(names)} functions x {repeats} repeats",
            flush=True,
        )
    return rows


def machine() -> dict:
    cpu = platform.processor() or platform.machine()
    try:
        for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "scikit-learn": sklearn.__version__,
        "load_average_1_5_15": [round(v, 2) for v in load],
    }


def median(rows: list[dict], name: str, n: int) -> float | None:
    for r in rows:
        if r["name"] == name and r["n"] == n:
            return r["median_s"]
    return None


def table(rows: list[dict]) -> list[dict]:
    """Rows of the printed table, main sizes: median time, ratio to scikit-learn's."""
    out = []
    for n in MAIN_SIZES:
        argsort = median(rows, "np.argsort(stable)", n)
        for r in rows:
            if r["n"] != n:
                continue
            ref = RATIO_OF.get(r["name"])
            ref_t = median(rows, ref, n) if ref else None
            out.append(
                {
                    "n": n,
                    "name": r["name"],
                    "median_ms": 1e3 * r["median_s"],
                    "vs_sklearn": r["median_s"] / ref_t if ref_t else None,
                    "vs_argsort": r["median_s"] / argsort if argsort else None,
                }
            )
    return out


def markdown(tab: list[dict]) -> str:
    lines = [
        "| n | function | median (ms) | ratio to scikit-learn "
        "| ratio to stable argsort |",
        "|---:|---|---:|---:|---:|",
    ]
    for t in tab:
        ratio = "" if t["vs_sklearn"] is None else f"{t['vs_sklearn']:.3f}"
        lines.append(
            f"| {t['n']:,} | {t['name']} | {t['median_ms']:.3f} | {ratio} "
            f"| {t['vs_argsort']:.3f} |"
        )
    return "\n".join(lines)


def targets(rows: list[dict]) -> list[dict]:
    n = max(MAIN_SIZES)
    out = []
    for what, num, den, limit in TARGETS:
        a, b = median(rows, num, n), median(rows, den, n)
        if a is None or b is None:
            continue
        ratio = a / b
        out.append(
            {
                "what": what,
                "numerator": num,
                "denominator": den,
                "n": n,
                "ratio": ratio,
                "limit": limit,
                "pass": bool(ratio <= limit),
            }
        )
    return out


def refresh_notebook() -> None:
    """Re-execute the Performance appendix in place: its outputs then match the JSON."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    ).execute()
    nbformat.write(nb, NOTEBOOK)
    print(f"re-executed {NOTEBOOK.relative_to(ROOT)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeats", type=int, default=7, help="timed rounds per size (median of these)"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="small sizes only, 3 repeats, no JSON (a smoke test)",
    )
    parser.add_argument(
        "--no-refresh",
        action="store_true",
        help="do not re-execute book/performance.ipynb",
    )
    parser.add_argument(
        "--no-scale",
        action="store_true",
        help="skip the at-scale targets (benchmarks/scale.py: ranking, GAUC, ...)",
    )
    args = parser.parse_args(argv)
    if args.repeats < 5 and not args.quick:
        parser.error("--repeats must be at least 5 (the table reports a median)")

    start = time.perf_counter()
    host = machine()  # before timing: the load average says how busy the machine was
    sizes = (
        (10**3, 10**4)
        if args.quick
        else tuple(sorted(set(CURVE_SIZES) | set(MAIN_SIZES)))
    )
    rows = run(sizes, 3 if args.quick else args.repeats)
    if args.quick:
        for r in rows:
            print(f"{r['n']:>8,d}  {r['name']:<36s} {1e3 * r['median_s']:9.3f} ms")
        return 0

    tab = table(rows)
    result = {
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": host,
        "data": "y ~ Bernoulli(0.3); s = round(expit(N(0, 1) + 1.2 y - 0.5), 3): "
        "scores in [0, 1], at most 1001 distinct values",
        "repeats": args.repeats,
        "method": "interleaved repeats (each round calls every function once on the "
        "same data), median per function, time.perf_counter, one warm-up round",
        "main_sizes": list(MAIN_SIZES),
        "curve_sizes": list(CURVE_SIZES),
        "pairs_max_n": PAIRS_MAX_N,
        "results": rows,
        "table": tab,
        "targets": targets(rows),
        "duration_s": None,
    }
    print()
    print(markdown(tab))
    print(f"\nTargets at n = {max(MAIN_SIZES):,}:")
    for t in result["targets"]:
        print(
            f"  {t['what']:<56s} {t['ratio']:6.3f}  (limit {t['limit']}) "
            f"{'PASS' if t['pass'] else 'FAIL'}"
        )
    if not args.no_scale:
        import scale  # benchmarks/scale.py, beside this file

        result["scale"] = scale.run(args.repeats)
        print("\nAt-scale targets (issue 17):")
        for t in result["scale"]["targets"]:
            print(
                f"  {t['what']:<72s} {t['ratio']:7.3f}  (limit {t['limit']}) "
                f"{'PASS' if t['pass'] else 'FAIL'}"
            )
        for m in result["scale"]["peak_memory"]:
            print(
                f"  peak memory of {m['function']} at n = {m['n']:,}: "
                f"{m['peak_mb']:.0f} MB ({m['peak_per_row_bytes']:.0f} bytes per row)"
            )
    result["duration_s"] = round(time.perf_counter() - start, 1)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    OUT.with_suffix(".md").write_text(
        f"Benchmark of {result['date']} on {result['machine']['cpu']} "
        f"({result['machine']['cores']} cores)\n\n" + markdown(tab) + "\n",
        encoding="utf-8",
    )
    print(
        f"\nwrote {OUT.relative_to(ROOT)} and "
        f"{OUT.with_suffix('.md').relative_to(ROOT)} ({result['duration_s']} s)"
    )
    if not args.no_refresh and NOTEBOOK.exists():
        refresh_notebook()
    failed = [
        t["what"]
        for t in result["targets"] + result.get("scale", {}).get("targets", [])
        if not t["pass"]
    ]
    if failed:
        print(f"\n{len(failed)} target(s) missed: " + "; ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
