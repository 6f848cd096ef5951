"""Properties of the figures over random events (Hypothesis): the matrix is antisymmetric,
each row adds up to the archetype's non-mirror matches, shares add up to 1, and a list that
may not be published changes nothing."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.analytics.figures import Scope, analyse
from ingest.analytics.records import EventRecord
from ingest.core.model import Event
from ingest.core.rounds import Match
from tests.analytics.hand_events import record, with_decks
from tests.builders import bye, double_loss, loss, make_event, pending, played

MODERN = Scope("mtg", "modern")
RESULTS = ("2-0", "2-1", "1-2", "0-2", "1-0", "1-1-1", "0-0-3", "0-0", "double-loss", "unreported", "loss")
ARCHETYPES = ("Burn", "Tron", "Murktide", "")


@st.composite
def events(draw: st.DrawFn, slug: str = "e", policy: str = "public") -> Event:
    """A Swiss event of 2 to 10 players with random pairings, results and archetypes."""
    n = draw(st.integers(2, 10))
    ids = [f"p{i}" for i in range(n)]
    rounds: list[list[Match]] = []
    for _ in range(draw(st.integers(1, 4))):
        order = draw(st.permutations(ids))
        matches: list[Match] = []
        for i in range(0, n - 1, 2):
            a, b = order[i], order[i + 1]
            result = draw(st.sampled_from(RESULTS))
            if result == "double-loss":
                matches.append(double_loss(a, b))
            elif result == "unreported":
                matches.append(pending(a, b))
            elif result == "loss":
                matches += [loss(a), loss(b)]
            else:
                matches.append(played(a, b, result))
        if n % 2:
            matches.append(bye(order[-1]))
        rounds.append(matches)
    decks = {p: draw(st.sampled_from(ARCHETYPES)) for p in ids}
    day = dt.date(2026, 1, 1) + dt.timedelta(days=draw(st.integers(0, 200)))
    return with_decks(make_event(rounds, players=ids), slug, decks, policy, day)


@st.composite
def archives(draw: st.DrawFn) -> list[EventRecord]:
    count = draw(st.integers(1, 3))
    return [record(draw(events(slug=f"e{i}"))) for i in range(count)]


@settings(max_examples=60)
@given(archives())
def test_the_matrix_is_antisymmetric_and_rows_add_up(records: list[EventRecord]) -> None:
    a = analyse(records, MODERN)
    cells = {(r.archetype, c.opponent): c.tally for r in a.rows for c in r.cells}
    for (x, y), t in cells.items():
        assert (t.wins, t.losses, t.draws) == (cells[(y, x)].losses, cells[(y, x)].wins, cells[(y, x)].draws)
        assert len(next(c for c in a.row(x).cells if c.opponent == y).sources) == t.matches
    # Each archetype's non-mirror matches, counted independently from the records.
    expected: Counter[str] = Counter()
    for r in records:
        arch = r.archetypes()
        for m in r.matches:
            if m.kind == "played" and m.result in ("win", "loss", "draw") and arch[m.a] != arch[m.b]:
                expected[arch[m.a]] += 1
                expected[arch[m.b]] += 1
    for row in a.rows:
        assert sum(c.tally.matches for c in row.cells) == row.tally.matches == expected[row.archetype]
    assert sum(expected.values()) == 2 * a.counted


@settings(max_examples=60)
@given(archives())
def test_shares_add_up_to_one(records: list[EventRecord]) -> None:
    a = analyse(records, MODERN)
    assert sum(r.deck_share for r in a.rows) == 1
    assert sum(r.player_share for r in a.rows) == 1
    assert sum(r.decks for r in a.rows) == sum(r.field for r in records)
    for p in a.trend:
        assert sum(s[2] for s in p.shares) == 1 and sum(s[3] for s in p.shares) == 1
        assert sum(s[1] for s in p.shares) == p.decks
    for c in a.conversion:
        assert 0 <= c.reached <= c.decks and c.expected <= c.decks


@settings(max_examples=40)
@given(archives(), events(slug="hidden", policy="private"), st.data())
def test_a_list_not_published_changes_nothing(records: list[EventRecord], hidden: Event, data: st.DataObject) -> None:
    """A private event's archetypes, whatever they are, leave every figure as it is without them."""
    other = {p.id: data.draw(st.sampled_from(ARCHETYPES)) for p in hidden.players}
    shuffled = with_decks(hidden, "hidden", other, "private", hidden.date)
    with_one, with_other = record(hidden), record(shuffled)
    assert with_one == with_other
    seen = analyse([*records, with_one], MODERN)
    unseen = analyse(records, MODERN)
    assert seen.left_out == ("hidden",)
    assert (seen.rows, seen.trend, seen.conversion, seen.counted) == (
        unseen.rows,
        unseen.trend,
        unseen.conversion,
        unseen.counted,
    )
    assert Fraction(sum(r.decks for r in seen.rows)) == sum(r.field for r in records)
