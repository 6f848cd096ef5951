"""The totals a scope's figures are computed from, patched event by event
(:mod:`ingest.analytics.totals`): after any sequence of results changed, events added and
events removed, the patched figures are those computed afresh from the events as they are."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.analytics.figures import Scope, analyse
from ingest.analytics.records import EventRecord
from ingest.analytics.totals import Totals
from tests.analytics.hand_events import record
from tests.analytics.test_properties import events

SCOPES = (Scope("mtg", "modern"), Scope("mtg", "modern", slugs=frozenset({"e0", "e2", "e5"})))


@st.composite
def an_event(draw: st.DrawFn, slug: str) -> EventRecord:
    return record(draw(events(slug=slug, policy=draw(st.sampled_from(("public", "public", "private"))))))


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_patched_totals_are_the_figures_computed_afresh(data: st.DataObject) -> None:
    archive = {f"e{i}": data.draw(an_event(f"e{i}")) for i in range(data.draw(st.integers(0, 4)))}
    totals = [Totals.of(archive.values(), scope) for scope in SCOPES]
    for _step in range(data.draw(st.integers(1, 5))):
        slug = data.draw(st.sampled_from([f"e{i}" for i in range(7)]))
        if slug in archive and data.draw(st.booleans()):
            del archive[slug]  # an event deleted
            for t in totals:
                t.remove(slug)
        else:
            archive[slug] = data.draw(an_event(slug))  # a result changed, or an event added
            for t in totals:
                t.add(archive[slug])
        for t, scope in zip(totals, SCOPES, strict=True):
            for period in (None, "week", "month"):
                assert t.figures(period, sources=True) == analyse(archive.values(), scope, period)
            assert set(t.shares) | set(t.left_out) == {s for s, r in archive.items() if scope.counts(r)}


def test_an_event_taken_out_leaves_no_trace_in_the_sums() -> None:
    """Adding then removing events leaves the totals as they were: no zero left anywhere that
    a clean sum would not have (a matrix cell with no match would be shown)."""
    from tests.analytics.hand_events import event_one, event_three

    one, three = record(event_one()), record(event_three())
    alone = Totals.of([one], SCOPES[0])
    patched = Totals.of([one, three], SCOPES[0])
    patched.remove(three.slug)
    assert patched.figures(sources=True) == alone.figures(sources=True)
    assert (patched.tallies, patched.decks, patched.players, patched.conv_decks) == (
        alone.tallies,
        alone.decks,
        alone.players,
        alone.conv_decks,
    )
    assert patched.conv_expected == alone.conv_expected
