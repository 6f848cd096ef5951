"""A format's totals read back from the build cache (:mod:`ingest.analytics.kept_totals`):
the sums, lists and periods' shares are what was written, field by field, no share is
decoded until one is asked for, and totals read back then patched give the figures computed
afresh from the events as they are."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.analytics.figures import Scope, analyse
from ingest.analytics.format_sums import summed
from ingest.analytics.kept_sums import sums_from_text, sums_text
from ingest.analytics.kept_totals import KeptPeriods, KeptShares
from ingest.analytics.totals import PERIODS, Totals
from tests.analytics.test_totals import an_event
from tests.site.test_analytics_lists import _archive

SCOPE = Scope("mtg", "modern")


def _fields(totals: Totals) -> dict[str, Any]:
    """Everything the totals hold, their shares decoded."""
    out = dict(vars(totals))
    out["shares"] = dict(totals.shares)
    return out


def _read_back(totals: Totals, records: Any) -> Totals:
    sums = summed("mtg", "modern", list(records), [])
    sums.whole = totals
    back = sums_from_text(sums_text(sums), "mtg", "modern", {}).whole
    assert back is not None
    return back


def test_totals_read_back_are_what_was_written_and_decode_no_share() -> None:
    records = _archive(40)
    sums = summed("mtg", "modern", records, [])
    whole = sums.whole
    assert whole is not None
    whole.figures()  # each month's share computed: kept with the totals
    assert whole.trend
    back = sums_from_text(sums_text(sums), "mtg", "modern", {}).whole
    assert back is not None and isinstance(back.shares, KeptShares)
    back.figures()
    assert back.shares.decoded == 0, "the figures are made from the sums: no share is decoded"
    assert all(isinstance(p, KeptPeriods) and p.read == 0 for p in back.periods.values())
    assert _fields(back) == _fields(whole)
    # Written again without being decoded: the same bytes.
    again = summed("mtg", "modern", records, [])
    again.whole = back
    assert sums_text(again) == sums_text(sums)


def test_one_event_changed_decodes_its_share_only() -> None:
    records = _archive(40)
    sums = summed("mtg", "modern", records, [])
    assert sums.whole is not None
    sums.whole.figures()  # as a build leaves them: each month's share computed
    back = sums_from_text(sums_text(sums), "mtg", "modern", {})
    assert back.whole is not None and isinstance(back.whole.shares, KeptShares)
    changed = _archive(40, seed=5)[7]
    back.whole.add(changed)
    assert back.whole.shares.decoded == 1
    fresh = Totals.of([*records[:7], changed, *records[8:]], SCOPE)
    assert back.whole.figures(sources=True) == fresh.figures(sources=True)
    periods = [back.whole.periods[kind] for kind in PERIODS]
    assert all(isinstance(p, KeptPeriods) for p in periods)
    assert sum(p.read for p in periods if isinstance(p, KeptPeriods)) == 2, "the event's week and month only"
    assert {k: v for k, v in _fields(back.whole).items() if k != "trend"} == {
        k: v for k, v in _fields(fresh).items() if k != "trend"
    }


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_totals_read_back_then_patched_are_the_figures_computed_afresh(data: st.DataObject) -> None:
    archive = {f"e{i}": data.draw(an_event(f"e{i}")) for i in range(data.draw(st.integers(0, 4)))}
    totals = Totals.of(archive.values(), SCOPE)
    for period in data.draw(st.lists(st.sampled_from((None, "week", "month")), max_size=2)):
        totals.figures(period)
    totals = _read_back(totals, archive.values())
    for _step in range(data.draw(st.integers(1, 4))):
        slug = data.draw(st.sampled_from([f"e{i}" for i in range(6)]))
        if slug in archive and data.draw(st.booleans()):
            del archive[slug]
            totals.remove(slug)
        else:
            archive[slug] = data.draw(an_event(slug))
            totals.add(archive[slug])
        for period in (None, "week", "month"):
            assert totals.figures(period, sources=True) == analyse(archive.values(), SCOPE, period)
        if data.draw(st.booleans()):
            totals = _read_back(totals, archive.values())
