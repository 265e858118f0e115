"""The errata as data (book/data/errata.yaml) and the notes' formulas (pm.notes).

The data file loads, every check it names exists and computes, the verdicts are the
five of CONVENTIONS.md, every quote is found in its note, and every label resolves.
Each function of pm.notes is checked against a value worked out by hand here, with
the standard library only (no package function).
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import math
import re
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp

import pedagogy_metrics as pm

from conftest import BOOK, ROOT

FIELDS = {
    "note",
    "claim",
    "math",
    "gloss",
    "verdict",
    "chapter",
    "note_says",
    "note_check",
    "our_check",
    "format",
}
REQUIRED = {"note", "claim", "gloss", "verdict", "chapter"}
SEEDS = ROOT.parent / "shared" / "seeds"  # the notes, beside the repository


def _load_checks():
    spec = importlib.util.spec_from_file_location(
        "_errata_checks", BOOK / "_errata_checks.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ec = _load_checks()
CLAIMS = ec.load_claims()


def _labels_in_book() -> set[str]:
    text = "".join(
        p.read_text(encoding="utf-8")
        for p in [*BOOK.glob("*.ipynb"), *BOOK.glob("*.md")]
    )
    return set(re.findall(r"\(([\w-]+)\)=", text))


# ---- the data ------------------------------------------------------------------------


def test_data_loads_with_known_fields():
    assert isinstance(CLAIMS, list) and len(CLAIMS) == 143
    for row in CLAIMS:
        assert REQUIRED <= set(row) <= FIELDS, row
        assert row["note"] in ec.NOTES, row
        assert all(isinstance(row[k], str) and row[k] for k in set(row) & FIELDS)


def test_verdict_vocabulary():
    assert ec.VERDICTS == ("correct", "rounding", "wrong", "ambiguous", "prose-only")
    assert {row["verdict"] for row in CLAIMS} <= set(ec.VERDICTS)


def test_verdict_counts():
    """The verdicts of the notebook's claims, kept; two had nothing to compute."""
    counts = {v: sum(row["verdict"] == v for row in CLAIMS) for v in ec.VERDICTS}
    assert counts == {
        "correct": 105,
        "rounding": 2,
        "wrong": 20,
        "ambiguous": 14,
        "prose-only": 2,
    }


def test_every_check_name_resolves_and_every_check_is_used():
    named = {
        row[key] for row in CLAIMS for key in ("note_check", "our_check") if key in row
    }
    assert named - set(ec.CHECKS) == set(), "rows name checks that do not exist"
    assert set(ec.CHECKS) - named == set(), "checks that no row uses"


@pytest.mark.parametrize(
    "row", CLAIMS, ids=[f"{r['note']}-{i}" for i, r in enumerate(CLAIMS)]
)
def test_every_row_but_prose_computes(row):
    if row["verdict"] == "prose-only":
        assert not {"note_says", "note_check", "our_check"} & set(row), row
        return
    assert "our_check" in row, f"no computed value: {row['claim']}"
    assert not ("note_says" in row and "note_check" in row), row
    for key in ("note_check", "our_check"):
        if key in row:
            value = ec.run(row[key])
            assert value is not None and value != "", (key, row[key])
            numbers = value if isinstance(value, tuple) else (value,)
            for v in numbers:
                if not isinstance(v, str):
                    assert math.isfinite(v), (row[key], v)
                    format(v, row.get("format", ".4f"))  # the format fits the value


def test_wrong_rows_compute_what_the_note_says():
    """A wrong formula is evaluated as written, or the note's printed value quoted."""
    for row in CLAIMS:
        if row["verdict"] == "wrong":
            assert "note_check" in row or "note_says" in row, row["claim"]


def test_chapter_labels_resolve():
    labels = _labels_in_book()
    missing = sorted({row["chapter"] for row in CLAIMS} - labels)
    assert not missing, f"labels the errata link to but no page defines: {missing}"


def test_ch10_labels_kept():
    """Chapters link to these sections of the appendix."""
    text = (BOOK / "errata.ipynb").read_text(encoding="utf-8")
    for label in (
        "errata-classification",
        "errata-curves",
        "errata-probabilities-regression",
        "errata-ranking",
        "errata-uncertainty",
        "errata-table",
        "errata-summary",
    ):
        assert f"({label})=" in text, label


def test_hashed_file_names_only_in_the_table_of_the_notes():
    """The data says "000"; the appendix names each file once, in its table."""
    hashed = re.compile(r"00\d_[0-9a-f]{16}\.txt")
    assert not hashed.search((BOOK / "data/errata.yaml").read_text(encoding="utf-8"))
    nb = json.loads((BOOK / "errata.ipynb").read_text(encoding="utf-8"))
    sources = ["".join(c["source"]) for c in nb["cells"]]
    outputs = json.dumps([c.get("outputs", []) for c in nb["cells"]])
    assert not hashed.search(outputs)
    found = [m for s in sources for m in hashed.findall(s)]
    assert sorted(found) == sorted(ec.NOTES.values())
    table = [line for s in sources for line in s.splitlines() if hashed.search(line)]
    assert all(line.startswith("| note&nbsp;00") for line in table), table


@pytest.mark.skipif(
    not SEEDS.is_dir(), reason="the notes are not beside the repository"
)
def test_quotes_are_the_notes_words():
    """Each quote, cut at " … ", is found in its note (spaces and line breaks aside)."""
    squeeze = re.compile(r"\s+")
    notes = {
        name: squeeze.sub("", (SEEDS / file).read_text(encoding="utf-8"))
        for name, file in ec.NOTES.items()
    }
    for row in CLAIMS:
        for part in row["claim"].split(" … "):
            assert squeeze.sub("", part) in notes[row["note"]], (row["note"], part)


def test_no_lambdas_in_the_notebook():
    text = (BOOK / "errata.ipynb").read_text(encoding="utf-8")
    assert "lambda" not in text and "Claim(" not in text


# ---- pm.notes ------------------------------------------------------------------------

NOTE_FUNCTIONS = [getattr(pm.notes, name) for name in pm.notes.__all__]


def test_notes_is_a_module_not_top_level():
    assert inspect.ismodule(pm.notes)
    assert not set(pm.notes.__all__) & set(pm.__all__)
    assert not any(hasattr(pm, name) for name in pm.notes.__all__)


@pytest.mark.parametrize("f", NOTE_FUNCTIONS, ids=lambda f: f.__name__)
def test_note_function_docstring(f):
    doc = f.__doc__ or ""
    note = re.search(r"_note(00\d)$", f.__name__)
    assert note, f.__name__
    for part in (".. math::", "Parameters", "Returns", "Examples", ">>>"):
        assert part in doc, (f.__name__, part)
    assert f"note {note.group(1)}" in doc.lower(), f.__name__


def log2(x):
    return math.log(x, 2)


SHOWN = [3, 2, 3, 0, 1, 2]
EIGHT_Y = [1, 0, 0, 0, 1, 0, 1, 0]
EIGHT_S = [0.9, 0.8, 0.3, 0.1, 0.4, 0.9, 0.66, 0.7]


def test_accuracy_and_error_rate_note000_are_swapped():
    # spam example: TP 3, FP 2, FN 1, TN 6 -> (2 + 1) / 12 and (3 + 6) / 12
    tp, fp, fn, tn = (Fraction(v) for v in (3, 2, 1, 6))
    assert pm.notes.accuracy_note000(tp, fp, fn, tn) == Fraction(1, 4)
    assert pm.notes.error_rate_note000(tp, fp, fn, tn) == Fraction(3, 4)
    assert pm.notes.accuracy_note000(3, 2, 1, 6) == 0.25


def test_fpr_note000():
    # FP 1, TN 3, FN 1 -> 1 / 4, where the FPR is 1 / (1 + 3) as well; FN 2 -> 1 / 5
    assert pm.notes.fpr_note000(Fraction(1), Fraction(3), Fraction(2)) == Fraction(1, 5)
    assert pm.notes.fpr_note000(3, 1, 1) == 1.5  # not a rate: above 1


def test_micro_average_note000():
    # aaaabbbccc predicted aabcbbacca: TP 2+2+2, FP 2+1+1, FN 2+1+1, TN 30-14
    assert pm.notes.micro_average_note000(
        Fraction(6), Fraction(4), Fraction(4), Fraction(16)
    ) == Fraction(1, 3)


def test_f_alpha_note002_exact_and_symbolic():
    p, r = Fraction(3, 5), Fraction(3, 4)  # the fraud detector
    assert pm.notes.f_alpha_note002(p, r, 1) == Fraction(29, 27)  # (1 + 9/20) / (27/20)
    a, P, R = sp.symbols("alpha P R", positive=True)
    expected = (1 + a**2 * P * R) / (a**2 * P + R)
    assert sp.simplify(pm.notes.f_alpha_note002(P, R, a) - expected) == 0


def test_dcg_exponential_note000():
    by_hand = 8 / 1 + 4 / log2(3) + 8 / 2 + 1 / log2(5) + 2 / log2(6) + 4 / log2(7)
    assert pm.notes.dcg_exponential_note000(SHOWN) == pytest.approx(by_hand, rel=1e-14)
    assert f"{by_hand:.4f}" == "17.1529"


def test_dcg_terms_note000_are_the_printed_terms():
    # note 000 prints 3+1.26+1.5+0+0.38+0.71 and 3+1.89+1.5+0.86+0.77+0.35
    assert pm.notes.dcg_terms_note000(SHOWN).tolist() == [3, 1.26, 1.5, 0, 0.38, 0.71]
    ideal = [3, 3, 3, 2, 2, 1]
    assert pm.notes.dcg_terms_note000(ideal).tolist() == [
        3,
        1.89,
        1.5,
        0.86,
        0.77,
        0.35,
    ]


def test_idcg_note000_exponential_gain():
    by_hand = 7 + 7 / log2(3) + 7 / 2 + 3 / log2(5) + 3 / log2(6) + 1 / log2(7)
    judged = [*SHOWN, 3, 0]
    assert pm.notes.idcg_note000(judged, 6) == pytest.approx(by_hand, rel=1e-14)


def test_rmse_as_std_note001():
    # residuals 1 and 3: mean 2, deviations -1 and 1 -> SD 1; the RMSE is sqrt(5)
    assert pm.notes.rmse_as_std_note001([1, 3], [0, 0]) == pytest.approx(1.0)


def test_ndcg_and_discount_note002():
    dcg = 3 + 2 / log2(3) + 3 / 2 + 0 + 1 / log2(6) + 2 / log2(7)
    assert pm.notes.ndcg_note002(SHOWN) == pytest.approx(dcg / 6, rel=1e-14)
    assert f"{dcg / 6:.4f}" == "1.1435"
    assert pm.notes.discount_note002([1, 2, 3]).tolist() == pytest.approx(
        [0.0, math.log(2), math.log(3)]
    )


def test_naive_auc_note003():
    # positives 0.9, 0.4, 0.66 against negatives 0.8, 0.3, 0.1, 0.9, 0.7:
    # 4 wins + 1 tie, 2 wins, 2 wins -> 8.5 of 15 pairs
    assert pm.notes.naive_auc_note003(EIGHT_Y, EIGHT_S) == pytest.approx(17 / 30)


def test_rank_auc_note003_two_tie_orders():
    # ranks from low to high: 0.1 -> 1, 0.3 -> 2, 0.4 -> 3 (pos), 0.66 -> 4 (pos),
    # 0.7 -> 5, 0.8 -> 6, the tied 0.9s -> 7 and 8: the positive (first) gets 7 or 8
    assert pm.notes.rank_auc_note003(EIGHT_Y, EIGHT_S) == pytest.approx(
        (7 + 3 + 4 - 6) / 15
    )
    assert pm.notes.rank_auc_note003(EIGHT_Y, EIGHT_S, ties="reversed") == (
        pytest.approx((8 + 3 + 4 - 6) / 15)
    )
    with pytest.raises(ValueError, match="ties"):
        pm.notes.rank_auc_note003([1, 0], [1, 0], ties="mean")


def test_approximate_auc_note003_bugs():
    with pytest.raises(IndexError):
        pm.notes.approximate_auc_note003([1, 0, 1, 0], [1.0, 0.3, 0.8, 0.5])
    # a negative score -0.3 lands in bucket -30, read by Python as bucket 70: above 0.5
    assert pm.notes.approximate_auc_note003([1, 0], [0.5, -0.3]) == 0.0
    # scores in [0, 1) in distinct buckets but for the tied 0.9s: the exact 8.5 / 15
    assert pm.notes.approximate_auc_note003(EIGHT_Y, EIGHT_S) == pytest.approx(17 / 30)


def test_log_losses_note003():
    assert pm.notes.binary_log_loss_note003([1, 0], [0.8, 0.3]) == pytest.approx(
        -(math.log(0.8) + math.log(0.7)) / 2
    )
    proba = [[0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3], [0.2, 0.2, 0.6]]
    true_class = [0.7, 0.6, 0.4, 0.6]  # classes 0, 2, 1, 2
    assert pm.notes.multiclass_log_loss_note003([0, 2, 1, 2], proba) == pytest.approx(
        -sum(math.log(p) for p in true_class) / (4 * 3)
    )


def test_wmae_and_mape_note003():
    # errors 10, 4, 9, 10, 10 with weights 1, 1/2, 1/4, 1/8, 1/16, over N = 5
    y, p = [120, 100, 90, 110, 130], [110, 104, 99, 100, 120]
    w = [1, 0.5, 0.25, 0.125, 0.0625]
    assert pm.notes.wmae_note003(y, p, w) == pytest.approx(16.125 / 5)
    assert pm.notes.mape_note003([100, 200], [110, 180]) == pytest.approx(10.0)


def test_rmse_as_sample_std_note003():
    # errors 12, 8, 15, 9, 11: mean 11, squared deviations 1 + 9 + 16 + 4 + 0 = 30
    errors = [12, 8, 15, 9, 11]
    assert pm.notes.rmse_as_sample_std_note003(errors, [0] * 5) == pytest.approx(
        math.sqrt(30 / 4)
    )


def test_rmsle_note003_without_the_square():
    inside = (math.log(201 / 151) + math.log(201 / 251)) / 2
    assert pm.notes.rmsle_note003([200, 200], [150, 250]) == pytest.approx(
        math.sqrt(inside)
    )
    assert math.isnan(pm.notes.rmsle_note003([200], [250]))  # root of a negative mean


def test_ap_at_k_note003():
    # case 1, relevant at 1, 3, 5: the sum stops at position 3 -> (1 + 2/3) / 3
    assert pm.notes.ap_at_k_note003([1, 0, 1, 0, 1], 5, 3) == pytest.approx(5 / 9)
    # with M = 5 (the documents ranked): (1 + 2/3 + 3/5) / 5
    assert pm.notes.ap_at_k_note003([1, 0, 1, 0, 1], 5, 5) == pytest.approx(34 / 75)


def test_pcopc_note004():
    assert pm.notes.pcopc_note004([1, 0, 0, 0], [0.5, 0.5, 0.25, 0.25]) == 1.5
    assert pm.notes.pcopc_note004([1, 1], [0.5, 0.5]) == 0.5


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda: pm.notes.dcg_exponential_note000([]), ValueError, "ranked is empty"),
        (
            lambda: pm.notes.wmae_note003([1, 2], [1], [1, 1]),
            ValueError,
            "length mismatch",
        ),
        (
            lambda: pm.notes.rmsle_note003([1, np.nan], [1, 2]),
            ValueError,
            "y_true contains NaN",
        ),
        (
            lambda: pm.notes.multiclass_log_loss_note003(
                [0, 3], [[0.5, 0.5], [0.5, 0.5]]
            ),
            ValueError,
            "y_true must hold integer class indices 0..1",
        ),
        (
            lambda: pm.notes.naive_auc_note003([1, 2], [0.1, 0.2]),
            ValueError,
            "must hold binary labels 0 and 1",
        ),
        (
            lambda: pm.notes.ap_at_k_note003([1, 0], 2.5, 1),
            TypeError,
            "k must be an integer",
        ),
    ],
)
def test_note_functions_check_their_input(call, error, match):
    with pytest.raises(error, match=match):
        call()
