"""What an MTR-style event page leads with while the event is being played: the current
round, its clock, and the cut calculator (DESIGN §6: find my table, the round clock, the
cut). The event's family decides whether its pages have it
(:meth:`ingest.site.family_views.FamilyViews.live`; a Wheel of Time event has none).

Pure: the page gets plain data; the browser counts the clock down and polls the
event's version file (``version.txt``, written beside the page) to reload itself when a
newer build is published.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ingest.core.model import Event
from ingest.core.rounds import Round
from ingest.site import cut_words
from ingest.site.event_views import RoundView
from ingest.site.i18n import gettext as _
from ingest.summary.cut_verdicts import CutOutlook

VERSION_FILE = "version.txt"
"""The file beside an event page that holds its version token."""


def version_token(event: Event, api_text: str) -> str:
    """A short token that changes whenever the event's results, pairings or round times do.

    The event's API document already carries every pairing and result; the rounds' clocks
    (start, minutes added, pauses) are added since they change the page alone.
    """
    data = (
        api_text
        + "\n"
        + "|".join(f"{r.number}:{r.started}{_clock_changes(r)}" for r in (*event.rounds, *event.playoff))
    )
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:16]


def _clock_changes(rnd: Round) -> str:
    """What the TO did to a round's clock (minutes added, pauses), for the version token."""
    if not (rnd.extra_minutes or rnd.paused_at or rnd.paused_seconds):
        return ""
    return f":{rnd.extra_minutes}:{rnd.paused_at}:{rnd.paused_seconds}"


def live_view(
    event: Event,
    status: str,
    rounds: Sequence[RoundView],
    playoff: Sequence[RoundView],
    planned: int | None,
    cut: CutOutlook | None,
    version: str,
    url_of: Callable[[str], str],
    names: Mapping[str, str],
) -> dict[str, Any] | None:
    """The live block of an event page, or None when the event is not being played.

    Args:
        event: the event.
        status: the report's status (only ``in-progress`` is live).
        rounds: the Swiss rounds' views (as the pairings page shows them).
        playoff: the playoff rounds' views.
        planned: planned Swiss rounds, if known.
        cut: what each player needs for the top cut (computed with the report), if it applies.
        version: the page's version token (:func:`version_token`).
        url_of: a player's page path.
        names: players' names as the site shows them.
    """
    if status != "in-progress" or not (rounds or playoff):
        return None
    current = playoff[-1] if playoff else rounds[-1]
    source = event.playoff[-1] if playoff else event.rounds[-1]
    shown = {"round": current.label, "planned": planned}
    if planned and not playoff:
        done = _("%(round)s of %(planned)s is over; the next round is paired soon")
        playing = _("%(round)s of %(planned)s in progress")
    else:
        done = _("%(round)s is over; the next round is paired soon")
        playing = _("%(round)s in progress")
    state = (done if current.complete else playing) % shown
    minutes = event.structure.round_minutes
    clock = None
    if source.started and not current.complete:
        clock = {
            "started": source.started,
            "minutes": minutes or 0,
            "extra": source.extra_minutes,
            "paused_at": source.paused_at,
            "paused_seconds": source.paused_seconds,
        }
    return {
        "round": current,
        "state": state,
        "clock": clock,
        "version": version,
        "version_file": VERSION_FILE,
        "cut": _cut_view(event, cut, url_of, names) if cut is not None and not playoff else None,
    }


def _cut_view(
    event: Event, outlook: CutOutlook, url_of: Callable[[str], str], names: Mapping[str, str]
) -> dict[str, Any]:
    """The cut panel: every player still in contention with their verdict and its reason."""
    rows = [
        {
            "name": names.get(v.player, v.player),
            "url": url_of(v.player),
            "verdict": v.verdict,
            "label": cut_words.label(outlook, v.verdict),
            "reason": cut_words.reason(v.why),
        }
        for v in outlook.verdicts
        if v.verdict != "out"
    ]
    from ingest.rules.event_ruleset import ruleset_for

    return {
        "unit": "Team" if event.is_team_event else "Player",
        "top": outlook.top,
        "summary": cut_words.summary(outlook),
        "rules_note": cut_words.rules_note(ruleset_for(event)),
        "rows": rows,
        "out": sum(1 for v in outlook.verdicts if v.verdict == "out"),
        "by_player": {v.player: v for v in outlook.verdicts},
    }
