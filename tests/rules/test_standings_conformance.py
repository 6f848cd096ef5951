"""Real published events (tests/data/conformance) reproduced by the engine.

* ``mtr``: every row of ``mtr_standings`` exactly (points, W-L-D, OMW, GW, OGW as fractions).
* ``mtr-melee`` / ``mtr-manatraders``: every row of the published ``standings`` after the
  platform's rounding, and the published rank order.

Known residual: manatraders orders a few adjacent pairs whose OMW is exactly tied against
their GW. tests/data/conformance/README.md ("Residual") counts 5 such pairs in 3 events over
the 41-event corpus these 25 events are taken from, and says they are ordered by OGW. The 4
manatraders events copied here hold 4 of those pairs, in 2 events, listed below and checked
to be the only exceptions. OGW orders 3 of them as published (p032/p033, p041/p042,
p105/p106); p100/p101 (pioneer-february-2024, both 0 points in 2 rounds) is not explained by
OGW either (p100 is published first with lower GW and lower OGW), and no published figure
explains it. ``test_manatraders_residual_pairs_are_those_described`` checks these statements.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from ingest.rules.final_standings import final_standings
from ingest.rules.standings import compute_standings
from tests.conformance_data import corpus_event, corpus_files, load_json

FILES = [p.name for p in corpus_files()]

MANATRADERS_RESIDUAL = {
    "manatraders-series-legacy-march-2024-2024-03-31.json": [("p032", "p033")],
    "manatraders-series-pioneer-february-2024-2024-02-29.json": [("p041", "p042"), ("p100", "p101"), ("p105", "p106")],
}
MANATRADERS_RESIDUAL_NOT_OGW = {("p100", "p101")}
"""Residual pairs whose published order OGW does not explain either."""


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
        got: dict[str, int | Fraction] = {
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
        got: dict[str, int | Fraction] = {
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


def test_manatraders_residual_pairs_are_those_described() -> None:
    # The module docstring's account of the residual, checked on the published figures.
    assert sum(name.startswith("manatraders-") for name in FILES) == 4
    explained_by_ogw = []
    for name, pairs in MANATRADERS_RESIDUAL.items():
        published = {r["player"]: r for r in load_json(name)["standings"]}
        table = final_standings(corpus_event(name, "mtr-manatraders"), "mtr-manatraders")
        for first, second in pairs:
            a, b = table.row(first), table.row(second)
            assert (a.record.points, a.record.rounds) == (b.record.points, b.record.rounds)
            assert a.value("omw") == b.value("omw")
            assert published[first]["gwp"] < published[second]["gwp"]  # GW would put them the other way
            if published[first]["ogwp"] > published[second]["ogwp"]:
                explained_by_ogw.append((first, second))
            else:
                assert published[first]["ogwp"] < published[second]["ogwp"]
    assert len(explained_by_ogw) == 3
    assert {p for pairs in MANATRADERS_RESIDUAL.values() for p in pairs} - set(explained_by_ogw) == (
        MANATRADERS_RESIDUAL_NOT_OGW
    )
