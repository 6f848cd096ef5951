"""What an analytics page shows of :class:`~ingest.analytics.figures.Analytics`: each rate as
text with its sample and interval (or "too few matches"), the share trend as the points of a
small SVG line with its words for screen readers, each figure's link to the matches it was
computed from (:mod:`ingest.site.analytics_pages`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from ingest.analytics.figures import LEVELS, Analytics, Cell, Conversion
from ingest.analytics.intervals import Rate
from ingest.core.slug import slug
from ingest.site import i18n
from ingest.site.i18n import gettext as _
from ingest.site.render import local_pct

SPARK_W, SPARK_H = 96, 22
"""The trend line's box (CSS pixels)."""


@dataclass(frozen=True, slots=True)
class RateView:
    """A rate as shown."""

    enough: bool
    """Whether the sample is large enough to show it (else "too few matches")."""
    value: str
    """``55.0%``."""
    interval: str
    """``41.2–68.1%``: the 95% Wilson interval."""
    sample: int


def rate_view(r: Rate) -> RateView:
    value = r.value
    low, high = (local_pct(r.low, 1), local_pct(r.high, 1)) if r.trials else ("", "")
    return RateView(r.enough, local_pct(value, 1) if value is not None else "", f"{low}–{high}", r.trials)


@dataclass(frozen=True, slots=True)
class CellView:
    """One archetype against another."""

    opponent: str
    record: str
    """``W-L-D``."""
    rate: RateView
    url: str
    """The matches it was computed from (the archetype's match list, at the opponent)."""


@dataclass(frozen=True, slots=True)
class TrendView:
    """An archetype's share of decks period by period, as a small line."""

    points: str
    """The SVG polyline's points."""
    words: str
    """The same figures in words (the chart's accessible name)."""


@dataclass(frozen=True, slots=True)
class ArchetypeView:
    name: str
    anchor: str
    """Its id on the page (and its match list's file name)."""
    url: str
    """Its match list, from the site root."""
    decks_url: str
    """Its decks in the scope (what its shares were computed from), from the site root."""
    decks: int
    deck_share: str
    player_share: str
    record: str
    rate: RateView
    mirrors: int
    cells: tuple[CellView, ...]
    trend: TrendView


@dataclass(frozen=True, slots=True)
class LevelView:
    """An archetype at one level of the top cut."""

    reached: int
    decks: int
    expected: str
    """``1.5`` decks expected for the fields they played in."""
    ratio: str
    """Observed over expected: ``1.33×``."""
    interval: str
    """``0.41–2.05×``."""
    enough: bool


@dataclass(frozen=True, slots=True)
class ConversionView:
    name: str
    url: str
    """Its decks that reached the top cut (what the figures were computed from), from the site root; empty: none did."""
    levels: tuple[LevelView | None, ...]
    """One per :data:`~ingest.analytics.figures.LEVELS` (None where no event had that level)."""


def anchors(names: tuple[str, ...]) -> dict[str, str]:
    """A distinct, readable id for each archetype (``burn``, ``burn-2`` for a second "Burn!")."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for name in names:
        base = slug(name, fallback="archetype", max_length=60)
        candidate, n = base, 1
        while candidate in taken:
            n += 1
            candidate = f"{base}-{n}"
        taken.add(candidate)
        out[name] = candidate
    return out


def _multiple(value: float | Fraction) -> str:
    return i18n.number(f"{float(value):.2f}×")


def _level(c: Conversion) -> LevelView:
    ratio = c.ratio
    interval = c.ratio_interval
    return LevelView(
        c.reached,
        c.decks,
        i18n.number(f"{float(c.expected):.1f}"),
        _multiple(ratio) if ratio is not None else "",
        f"{_multiple(interval[0])}–{_multiple(interval[1])}" if interval else "",
        c.rate.enough,
    )


class _Trend:
    """The share trend's lines of one page: each period's shares by archetype gathered once
    (not looked for archetype by archetype), and each share's words made once (at 10,000
    weekly events, 2,300 months of some 8 archetypes: a few hundred distinct shares)."""

    def __init__(self, a: Analytics) -> None:
        self.a = a
        self.by_period = [{s[0]: s[2] for s in p.shares} for p in a.trend]
        self.words: dict[Fraction, str] = {}

    def _pct(self, share: Fraction) -> str:
        found = self.words.get(share)
        if found is None:
            found = self.words[share] = local_pct(share, 1)
        return found

    def of(self, name: str) -> TrendView:
        """One archetype's trend: the points of its line, and their words."""
        zero = Fraction(0)
        shares = [by_name.get(name, zero) for by_name in self.by_period]
        floats = [float(s) for s in shares]
        top = max(floats, default=0.0) or 1.0
        n = len(shares)
        step = SPARK_W / (n - 1) if n > 1 else 0.0
        points = " ".join(
            f"{i * step if n > 1 else SPARK_W / 2:.1f},{SPARK_H - 2 - (SPARK_H - 4) * f / top:.1f}"
            for i, f in enumerate(floats)
        )
        pct = self._pct
        words = i18n.separated(f"{p.period}: {pct(s)}" for p, s in zip(self.a.trend, shares, strict=True))
        return TrendView(points, _("Share of decks by period: %(figures)s") % {"figures": words})


def archetype_views(
    a: Analytics,
    base_url: str,
    cell_urls: Mapping[tuple[str, str], str] | None = None,
    decks_base: str = "",
    list_ids: Mapping[str, str] | None = None,
) -> tuple[ArchetypeView, ...]:
    """Each archetype's figures; ``base_url``: the format's match lists' folder, from the site
    root; ``cell_urls``: each matrix cell's link (archetype, opponent), when its match list
    is in pages (:func:`ingest.site.analytics_lists.match_starts`); ``decks_base``: the
    scope's archetype folder, where each archetype's deck list is (``<a>/decks/``; the match
    lists' folder when not given); ``list_ids``: each archetype's id in the match lists'
    folder, when those lists were made for another scope (a season's page links to the
    format's lists, whose ids follow the format's order: :func:`anchors`)."""
    ids = anchors(a.archetypes)
    trend = _Trend(a)
    out = []
    for row in a.rows:
        url = f"{base_url}{(list_ids or ids)[row.archetype]}/"
        cells = tuple(
            _cell(c, url, ids, cell_urls.get((row.archetype, c.opponent)) if cell_urls else None) for c in row.cells
        )
        t = row.tally
        out.append(
            ArchetypeView(
                row.archetype,
                ids[row.archetype],
                url,
                f"{decks_base or base_url}{ids[row.archetype]}/decks/",
                row.decks,
                local_pct(row.deck_share, 1),
                local_pct(row.player_share, 1),
                f"{t.wins}-{t.losses}-{t.draws}",
                rate_view(t.rate),
                row.mirrors,
                cells,
                trend.of(row.archetype),
            )
        )
    return tuple(out)


def _cell(c: Cell, url: str, ids: dict[str, str], link: str | None) -> CellView:
    t = c.tally
    return CellView(
        c.opponent, f"{t.wins}-{t.losses}-{t.draws}", rate_view(t.rate), link or f"{url}#vs-{ids[c.opponent]}"
    )


def conversion_views(a: Analytics, base_url: str = "") -> tuple[ConversionView, ...]:
    """Each archetype's conversion at every level of the top cut (archetypes without a cut
    left out); ``base_url``: the format's archetype folder, from the site root, where each
    archetype's decks in the top cut are listed (``<a>/cut/``)."""
    by = {(c.archetype, c.level): c for c in a.conversion}
    ids = anchors(a.archetypes)
    out = []
    for name in a.archetypes:
        levels = tuple(_level(by[(name, lv)]) if (name, lv) in by else None for lv in LEVELS)
        if any(levels):
            reached = base_url and any(lv is not None and lv.reached for lv in levels)
            out.append(ConversionView(name, f"{base_url}{ids[name]}/cut/" if reached else "", levels))
    return tuple(out)
