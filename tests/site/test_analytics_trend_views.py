"""The share trend of an analytics page (each archetype's line and words, the table by period)
is made with each period's shares gathered once and each distinct share's words made once:
the same text as looking each archetype up in every period and writing every share (the
code before, kept here as the reference), in English and in German."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.analytics.figure_values import PeriodShare
from ingest.analytics.figures import Analytics
from ingest.site import analytics_format, analytics_views, i18n
from ingest.site.analytics_lists import period_url
from ingest.site.analytics_views import SPARK_H, SPARK_W, TrendView
from ingest.site.i18n import gettext as _
from ingest.site.render import local_pct

NAMES = ("Burn", "Domain Zoo", "Tron", "Murktide", "Amulet Titan", "Living End")


def _reference_trend(a: Analytics, name: str) -> TrendView:
    shares = [next((s[2] for s in p.shares if s[0] == name), Fraction(0)) for p in a.trend]
    top = max((float(s) for s in shares), default=0.0) or 1.0
    step = SPARK_W / (len(shares) - 1) if len(shares) > 1 else 0.0
    points = " ".join(
        f"{i * step if len(shares) > 1 else SPARK_W / 2:.1f},{SPARK_H - 2 - (SPARK_H - 4) * float(s) / top:.1f}"
        for i, s in enumerate(shares)
    )
    words = i18n.separated(f"{p.period}: {local_pct(s, 1)}" for p, s in zip(a.trend, shares, strict=True))
    return TrendView(points, _("Share of decks by period: %(figures)s") % {"figures": words})


def _reference_rows(a: Analytics, folder: str) -> list[Any]:
    return [
        (
            p.period,
            period_url(folder, p.period),
            p.decks,
            [
                (s[0], i18n.number(f"{float(s[2]) * 100:.1f}%"), i18n.number(f"{float(s[3]) * 100:.1f}%"))
                for s in sorted(p.shares, key=lambda s: -s[2])[:5]
            ],
        )
        for p in a.trend
    ]


@st.composite
def trends(draw: st.DrawFn) -> Analytics:
    """Periods of a few archetypes' decks (ties, absent archetypes, one deck, none)."""
    periods = []
    for month in range(draw(st.integers(0, 14))):
        decks = draw(st.lists(st.integers(0, 6), min_size=len(NAMES), max_size=len(NAMES)))
        items = sum(decks)
        players = draw(st.integers(1, 9))
        shares = tuple(
            (name, n, Fraction(n, items), Fraction(draw(st.integers(1, players)), players))
            for name, n in zip(NAMES, decks, strict=True)
            if n
        )
        periods.append(PeriodShare(f"{2000 + month // 12}-{month % 12 + 1:02d}", items, players, shares))
    return cast(Analytics, SimpleNamespace(trend=tuple(periods)))


@pytest.mark.parametrize("language", ["en", "de"])
@settings(max_examples=60, deadline=None)
@given(a=trends())
def test_the_trend_is_what_each_archetype_looked_up_in_each_period_gives(a: Analytics, language: str) -> None:
    with i18n.use(language):
        trend = analytics_views._Trend(a)
        for name in (*NAMES, "Not Played"):
            assert trend.of(name) == _reference_trend(a, name)
        assert analytics_format._trend_rows(a, "analytics/mtg/modern/") == _reference_rows(a, "analytics/mtg/modern/")


def test_each_distinct_share_is_written_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """2,300 months of 6 archetypes whose shares repeat: the words of a share are made once for
    the page's lines (was: once for every period of every archetype)."""
    made: list[Any] = []

    def counted(value: Any, digits: int = 2) -> str:
        made.append(value)
        return local_pct(value, digits)

    monkeypatch.setattr(analytics_views, "local_pct", counted)
    periods = tuple(
        PeriodShare(
            f"{1835 + m // 12}-{m % 12 + 1:02d}",
            8,
            8,
            tuple((n, 1 + i % 2, Fraction(1 + i % 2, 8), Fraction(1, 8)) for i, n in enumerate(NAMES[:4])),
        )
        for m in range(2300)
    )
    a = cast(Analytics, SimpleNamespace(trend=periods))
    trend = analytics_views._Trend(a)
    for name in NAMES:
        trend.of(name)
    assert sorted(set(made)) == sorted(made) == [Fraction(0), Fraction(1, 8), Fraction(1, 4)]
