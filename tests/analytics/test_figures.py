"""The figures of hand-built events, worked out on paper (tests/analytics/hand_events.py)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from fractions import Fraction

import pytest

from ingest.analytics.figures import Scope, analyse, pick_period
from ingest.analytics.intervals import rate, wilson
from ingest.analytics.records import EventRecord, record_from_json, record_to_json
from ingest.core.ids import PlayerId
from ingest.core.rounds import Round
from tests.analytics.hand_events import event_one, event_three, event_two_private, record
from tests.builders import bye, played

MODERN = Scope("mtg", "modern")


@pytest.fixture(scope="module")
def records() -> list[EventRecord]:
    return [record(event_one()), record(event_two_private()), record(event_three())]


def test_wilson_interval_matches_the_worked_values() -> None:
    # 4 of 6: p = .6667, z^2 = 3.8415; centre .60161, half-width .30163 (worked by hand).
    low, high = wilson(4, 6)
    assert low == pytest.approx(0.2999, abs=1e-4) and high == pytest.approx(0.9032, abs=1e-4)
    # 0 of 10: [0, z^2 / (n + z^2)] = [0, .2775].
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert not rate(3, 9).enough and rate(3, 10).enough


def test_the_matrix_of_the_hand_built_events(records: list[EventRecord]) -> None:
    a = analyse(records, MODERN, period="month")
    assert a.events == ("e1", "e3") and a.left_out == ("e2",)
    assert a.archetypes == ("Tron", "Burn", "Murktide", "Unknown")
    cells = {(r.archetype, c.opponent): (c.tally.wins, c.tally.losses, c.tally.draws) for r in a.rows for c in r.cells}
    assert cells == {
        ("Burn", "Tron"): (2, 1, 0),
        ("Burn", "Murktide"): (0, 1, 0),
        ("Burn", "Unknown"): (1, 0, 0),
        ("Tron", "Burn"): (1, 2, 0),
        ("Tron", "Murktide"): (1, 0, 1),
        ("Murktide", "Burn"): (1, 0, 0),
        ("Murktide", "Tron"): (0, 1, 1),
        ("Unknown", "Burn"): (0, 1, 0),
    }
    totals = {r.archetype: (r.tally.wins, r.tally.losses, r.tally.draws, r.mirrors) for r in a.rows}
    assert totals == {"Burn": (3, 2, 0, 2), "Tron": (2, 2, 1, 1), "Murktide": (1, 1, 1, 0), "Unknown": (0, 1, 0, 0)}
    assert a.counted == 7
    assert dict(a.excluded) == {"mirror": 3, "intentional-draw": 1, "double-loss": 1}
    burn = a.row("Burn").tally.rate
    assert burn.value == Fraction(3, 5) and burn.trials == 5
    tron = a.row("Tron").tally.rate  # a draw is half a win: 2.5 of 5
    assert tron.value == Fraction(1, 2)
    # Each Burn-Tron match links to its round: e1 R1, e1 R2, e1's final (playoff round 2).
    refs = [(m.slug, m.stage, m.round) for m in next(c for c in a.row("Burn").cells if c.opponent == "Tron").sources]
    assert refs == [("e1", "swiss", 1), ("e1", "swiss", 2), ("e1", "playoff", 2)]
    burn_tron = next(c for c in a.row("Burn").cells if c.opponent == "Tron").sources
    assert [(m.result, m.games) for m in burn_tron] == [("win", (2, 1, 0)), ("loss", (1, 2, 0)), ("win", (2, 0, 0))]
    tron_burn = next(c for c in a.row("Tron").cells if c.opponent == "Burn").sources
    assert [(m.result, m.games) for m in tron_burn] == [("loss", (1, 2, 0)), ("win", (2, 1, 0)), ("loss", (0, 2, 0))]


def test_shares_by_decks_and_by_players(records: list[EventRecord]) -> None:
    a = analyse(records, MODERN, period="month")
    by_decks = {r.archetype: (r.decks, r.deck_share) for r in a.rows}
    assert by_decks == {
        "Tron": (4, Fraction(2, 5)),
        "Burn": (3, Fraction(3, 10)),
        "Murktide": (2, Fraction(1, 5)),
        "Unknown": (1, Fraction(1, 10)),
    }
    # 8 distinct players; a1 played Burn then Tron (half each), b1 Tron twice (one).
    by_players = {r.archetype: (r.players, r.player_share) for r in a.rows}
    assert by_players == {
        "Tron": (Fraction(5, 2), Fraction(5, 16)),
        "Burn": (Fraction(5, 2), Fraction(5, 16)),
        "Murktide": (Fraction(2), Fraction(1, 4)),
        "Unknown": (Fraction(1), Fraction(1, 8)),
    }
    assert [(p.period, p.decks, p.players) for p in a.trend] == [("2026-01", 8, 8), ("2026-02", 2, 2)]
    assert a.trend[1].shares == (("Tron", 2, Fraction(1), Fraction(1)),)


def test_conversion_against_the_expectation_for_the_field(records: list[EventRecord]) -> None:
    a = analyse(records, MODERN, period="month")
    conv = {(c.archetype, c.level): (c.decks, c.reached, c.expected, c.ratio) for c in a.conversion}
    # Top 4 of 8: each deck expected 1/2 of a place. Burn: 3 decks, 2 in the cut, 3/2 expected.
    assert conv[("Burn", "cut")] == (3, 2, Fraction(3, 2), Fraction(4, 3))
    assert conv[("Tron", "cut")] == (2, 1, Fraction(1), Fraction(1))
    assert conv[("Murktide", "cut")] == (2, 1, Fraction(1), Fraction(1))
    assert conv[("Unknown", "cut")] == (1, 0, Fraction(1, 2), Fraction(0))
    assert conv[("Burn", "top4")] == conv[("Burn", "cut")]
    assert conv[("Burn", "top1")] == (3, 1, Fraction(3, 8), Fraction(8, 3))
    assert not any(level == "top8" for _, level in conv)  # a top 4 has no top 8


def test_scopes_by_date_and_by_event(records: list[EventRecord]) -> None:
    january = analyse(records, Scope("mtg", "modern", end=dt.date(2026, 1, 31)))
    assert january.events == ("e1",) and january.period == "week"
    only_three = analyse(records, Scope("mtg", "modern", slugs=frozenset({"e3"})))
    assert only_three.counted == 0 and only_three.archetypes == ("Tron",)
    assert analyse(records, Scope("mtg", "legacy")).events == ()
    assert pick_period([dt.date(2026, 1, 1), dt.date(2026, 6, 1)]) == "month"


def test_lists_not_public_while_the_event_runs_count_nowhere() -> None:
    # after-event, still playing: the record holds no archetype and the event counts nowhere.
    running = event_one("after-event")
    r = record(replace(running, playoff=running.playoff[:1]))
    assert not r.lists_public and all(arch == "" for _, _, arch, _ in r.players)
    assert analyse([r], MODERN).events == () and analyse([r], MODERN).left_out == ("e1",)


def test_a_record_survives_plain_data(records: list[EventRecord]) -> None:
    for r in records:
        assert record_from_json(record_to_json(r)) == r


def test_a_player_who_left_the_cut_made_it() -> None:
    """d1 (Burn) left the top 4 before playoff round 1 (MTR 2.10): a1 had a bye, b2 beat c1,
    a1 won the final. The cut still held four decks, d1's among them."""
    e = event_one()
    e = replace(
        e,
        cut_drops=(PlayerId("d1"),),
        playoff=(Round(1, (bye("a1"), played("b2", "c1", "2-0"))), Round(2, (played("a1", "b2", "2-0"),))),
    )
    r = record(e)
    assert [(p.level, p.players) for p in r.placings] == [
        ("cut", ("a1", "b2", "c1", "d1")),
        ("top4", ("a1", "b2", "c1", "d1")),
        ("top1", ("a1",)),
    ]
    conv = {(c.archetype, c.level): (c.reached, c.expected) for c in analyse([r], MODERN).conversion}
    assert conv[("Burn", "cut")] == (2, Fraction(3, 2))
