"""Real published events (tests/data/conformance) reproduced by the engine.

* ``mtr``: every row of ``mtr_standings`` exactly (points, W-L-D, OMW, GW, OGW as fractions).
* ``mtr-melee`` / ``mtr-manatraders``: every row of the published ``standings`` after the
  platform's rounding, and the published rank order.

Known residual (documented in tests/data/conformance/README.md, "Residual"): manatraders
orders a few pairs whose OMW is exactly tied against their GW; no published figure explains
it. They are listed below by event and players and checked to be the only exceptions.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from ingest.standings import compute_standings, final_standings
from tests.conformance_data import corpus_event, corpus_files, load_json

FILES = [p.name for p in corpus_files()]

MANATRADERS_RESIDUAL = {
    "manatraders-series-legacy-march-2024-2024-03-31.json": [("p032", "p033")],
    "manatraders-series-pioneer-february-2024-2024-02-29.json": [("p041", "p042"), ("p100", "p101"), ("p105", "p106")],
}


def test_corpus_is_complete() -> None:
    assert len(FILES) == 25


@pytest.mark.parametrize("name", FILES)
def test_mtr_as_written_reproduces_every_row_exactly(name: str) -> None:
    raw = load_json(name)
    table = compute_standings(corpus_event(name, "mtr", with_phases=False), "mtr")
    rows = {r.player: r for r in table.rows}
    mismatches = []
    for expected in raw["mtr_standings"]:
        row = rows[expected["player"]]
        got = {
            "points": row.record.points,
            "wins": row.record.wins,
            "losses": row.record.losses,
            "draws": row.record.draws,
            "omw": row.value("omw"),
            "gw": row.value("gw"),
            "ogw": row.value("ogw"),
        }
        want = {k: expected[k] for k in ("points", "wins", "losses", "draws")}
        want |= {k: Fraction(expected[k]) for k in ("omw", "gw", "ogw")}
        mismatches += [(expected["player"], k, got[k], want[k]) for k in got if got[k] != want[k]]
    assert mismatches == []
    assert len(rows) == len(raw["mtr_standings"])


def _profile(raw: dict[str, object]) -> str:
    return "mtr-manatraders" if raw["source"] == "manatraders.com" else "mtr-melee"


@pytest.mark.parametrize("name", FILES)
def test_platform_profile_reproduces_every_published_row(name: str) -> None:
    raw = load_json(name)
    rules = _profile(raw)
    table = final_standings(corpus_event(name, rules), rules)
    rows = {r.player: r for r in table.rows}
    digits = raw["precision"]
    mismatches = []
    for expected in raw["standings"]:
        row = rows[expected["player"]]
        got = {
            "points": row.record.points,
            "wins": row.record.wins,
            "losses": row.record.losses,
            "draws": row.record.draws,
        }
        got |= {k: table.published(row, t) for k, t in (("omwp", "omw"), ("gwp", "gw"), ("ogwp", "ogw"))}
        for key, value in got.items():
            want = expected[key]
            if isinstance(value, Fraction):
                # Published floats carry `digits` decimals: compare as exact decimals.
                want = Fraction(round(want * 10**digits), 10**digits)
            if value != want:
                mismatches.append((expected["player"], key, value, want))
    assert mismatches == []


@pytest.mark.parametrize("name", FILES)
def test_platform_profile_reproduces_the_published_order(name: str) -> None:
    raw = load_json(name)
    rules = _profile(raw)
    table = final_standings(corpus_event(name, rules), rules)
    rank = {r.player: r.rank for r in table.rows}
    published = [r["player"] for r in raw["standings"]]
    # Adjacent published players never appear in the opposite order; exact ties (shared
    # ranks) may appear in either order, as the platform's internal order is not published.
    inversions = [(a, b) for a, b in itertools.pairwise(published) if rank[a] > rank[b]]
    assert inversions == MANATRADERS_RESIDUAL.get(name, [])
    if name in MANATRADERS_RESIDUAL:
        return  # the residual pairs shift their neighbours' rank numbers too
    # Where the engine does not tie, the published rank numbers are reproduced.
    ours = {r.player: r for r in table.rows}
    wrong = [
        (r["player"], ours[r["player"]].rank, r["rank"])
        for r in raw["standings"]
        if not ours[r["player"]].shared and ours[r["player"]].rank != r["rank"]
    ]
    assert wrong == []
