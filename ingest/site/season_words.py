"""A season's rules in words, for its page and its API document: how points are earned,
which results count, how ties are broken, and the qualification line (in the site's
language; the API takes them in English).
"""

from __future__ import annotations

from fractions import Fraction

from ingest.site.i18n import N_, ngettext, ordinal, separated
from ingest.site.i18n import gettext as _
from ingest.source.season import TIEBREAKERS, Rules, points_text

SEASON_TIEBREAKERS = {
    "match-points": N_("total match points of the counted results"),
    "head-to-head": N_("matches won minus lost against the other tied players"),
    "events-played": N_("counted events played (more first)"),
    "best-finish": N_("best single final place"),
    "match-wins": N_("matches won in the counted results"),
}
"""What each season tie-breaker compares, for the catalogs (the English of
:data:`ingest.source.season.TIEBREAKERS`; a test keeps the two alike)."""


def rules_text(rules: Rules) -> list[str]:
    """How points are earned, counted and compared, one sentence each (in the site's language).

    >>> from ingest.source.season import Points, Placement, Step
    >>> rules_text(Rules(Points((Placement(1, 1, Fraction(10)), Placement(2, 4, Fraction(6))),
    ...     participation=Fraction(1), attendance=(Step(4, Fraction(3)),)), best=5))[:3]
    ['Placement: 1st 10, 2nd-4th 6.', '1 point for playing each event.', 'Bonus: 3 points after 4 events.']
    >>> from ingest.site import i18n
    >>> with i18n.use("ja"):
    ...     rules_text(Rules(Points((Placement(1, 1, Fraction(10)), Placement(2, 4, Fraction(6))))))[0]
    '順位点：1位 10点、2位〜4位 6点。'
    """
    p = rules.points
    out = []
    if p.placement:
        places = separated(
            _("%(place)s %(points)s") % {"place": _place_range(x.first, x.last), "points": points_text(x.points)}
            for x in p.placement
        )
        out.append(_("Placement: %(places)s.") % {"places": places})
    if p.size_factors:
        steps = separated(
            _("×%(factor)s from %(num)s players") % {"factor": points_text(s.value), "num": s.at}
            for s in p.size_factors
        )
        out.append(_("Placement points scaled by the event's size: %(steps)s.") % {"steps": steps})
    if p.match_win or p.match_draw:
        won = ngettext(
            "%(points)s point per match won (byes included)",
            "%(points)s points per match won (byes included)",
            _count(p.match_win),
        ) % {"points": points_text(p.match_win)}
        drawn = ngettext(
            "%(points)s point per match drawn", "%(points)s points per match drawn", _count(p.match_draw)
        ) % {"points": points_text(p.match_draw)}
        if p.match_win and p.match_draw:
            out.append(_("%(won)s and %(drawn)s.") % {"won": won, "drawn": drawn})
        else:
            out.append(_("%(text)s.") % {"text": won if p.match_win else drawn})
    if p.participation:
        out.append(
            ngettext(
                "%(points)s point for playing each event.",
                "%(points)s points for playing each event.",
                _count(p.participation),
            )
            % {"points": points_text(p.participation)}
        )
    for s in p.attendance:
        out.append(
            ngettext(
                "Bonus: %(points)s point after %(num)s events.",
                "Bonus: %(points)s points after %(num)s events.",
                _count(s.value),
            )
            % {"points": points_text(s.value), "num": s.at}
        )
    out.append(_("The best %(num)s results count.") % {"num": rules.best} if rules.best else _("Every result counts."))
    names = _(", then ").join(_(SEASON_TIEBREAKERS.get(t, TIEBREAKERS[t])) for t in rules.tiebreakers)
    out.append(_("Ties are broken by %(names)s.") % {"names": names} if names else _("Ties are shared."))
    return out


def _count(value: Fraction) -> int:
    """The number a message about ``value`` points takes its plural from (``1 point``, ``0.5 points``)."""
    return 1 if value == 1 else 2


def _place_range(first: int, last: int) -> str:
    """``1st``, ``3rd-4th`` (``1位``, ``3位〜4位``)."""
    if first == last:
        return ordinal(first)
    return _("%(first)s-%(last)s") % {"first": ordinal(first), "last": ordinal(last)}


def qualify_text(rules: Rules) -> str:
    """The qualification line in words ("" without one)."""
    q = rules.qualify
    if q is None:
        return ""
    values = {"top": q.top, "label": q.label, "num": q.min_events}
    if q.min_events and q.label:
        return (
            ngettext(
                "The top %(top)s qualify for the %(label)s (at least %(num)d event played); "
                "players tied on the line all qualify.",
                "The top %(top)s qualify for the %(label)s (at least %(num)d events played); "
                "players tied on the line all qualify.",
                q.min_events,
            )
            % values
        )
    if q.min_events:
        return (
            ngettext(
                "The top %(top)s qualify (at least %(num)d event played); players tied on the line all qualify.",
                "The top %(top)s qualify (at least %(num)d events played); players tied on the line all qualify.",
                q.min_events,
            )
            % values
        )
    if q.label:
        return _("The top %(top)s qualify for the %(label)s; players tied on the line all qualify.") % values
    return _("The top %(top)s qualify; players tied on the line all qualify.") % values
