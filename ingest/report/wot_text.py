"""Wheel of Time standings as text and JSON (``scorekeeper standings`` on a WoT event)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ingest.core.columns import pad
from ingest.core.errors import IngestError
from ingest.core.figures import show_points
from ingest.core.model import Event
from ingest.planner.field import planned_rounds
from ingest.planner.plan import is_finished
from ingest.planner.wot import wot_report, wot_standings_rows
from ingest.rules.event_ruleset import ruleset_for
from ingest.wot import WotInputError


def _wot_stage(event: Event, k: int, reported: int, asked: bool) -> str:
    """Where the event stands: after game k of M, a game in progress, or final."""
    planned = planned_rounds(event, ruleset_for(event))
    of = f" of {planned}" if planned else ""
    if not asked and event.rounds and is_finished(event):
        return "final standings"
    head = f"standings after game {k}{of}" if k else "standings before game 1"
    if not asked and len(event.rounds) > reported:
        head += f"; game {reported + 1} in progress"
    return head


def _rows(event: Event, round_no: int | None) -> tuple[list[dict[str, object]], int, int]:
    """The rows after Game ``round_no`` (default: the last fully reported), that Game and how many are reported.

    Raises:
        IngestError: the results cannot be scored, or Game ``round_no`` is not fully reported.
    """
    try:
        report = wot_report(event)
    except WotInputError as exc:
        raise IngestError(f"the results cannot be scored: {exc}") from None
    k = len(report.standings) if round_no is None else round_no
    if k > len(report.standings):
        raise IngestError(f"game {k} is not fully reported yet: standings exist after game {len(report.standings)}")
    return wot_standings_rows(event, report, k), k, len(report.standings)


def wot_standings_document(event: Event, *, round_no: int | None) -> dict[str, Any]:
    """The ``--json`` document of a WoT event's standings (``schema/cli-standings.schema.json``).

    Raises:
        IngestError: as :func:`wot_standings_text`.
    """
    rows, k, reported = _rows(event, round_no)
    return {
        "event": event.slug,
        "rules": "wot",
        "after_round": k,
        "stage": _wot_stage(event, k, reported, round_no is not None),
        "final": round_no is None and bool(event.rounds) and _wot_stage(event, k, reported, False) == "final standings",
        # Only fully reported Games count; without --round, False while the next one is played.
        "complete": round_no is not None or reported == len(event.rounds),
        "tiebreakers": ["tbp"],
        "standings": rows,
    }


def wot_standings_text(event: Event, *, round_no: int | None) -> str:
    """Standings of a WoT event for the terminal.

    Raises:
        IngestError: the results cannot be scored, or Game ``round_no`` is not fully reported.
    """
    rows, k, reported = _rows(event, round_no)
    lines = [
        f"{event.name}: {_wot_stage(event, k, reported, round_no is not None)} (Wheel of Time rules)",
        f"{'Rank':>4}  {'Player':<24} {'GP':>4} {'W-L-T':>7} {'TBP':>7}",
    ]
    for r in rows:
        rank = "-" if r["rank"] is None else str(r["rank"])
        name = str(r["name"]) + (" (dropped)" if r["dropped"] else "")
        wlt = f"{r['wins']}-{r['losses']}-{r['draws']}"
        tbp = show_points(Fraction(str(r["tbp_exact"])))
        lines.append(f"{rank:>4}  {pad(name, 24)} {r['points']:>4} {wlt:>7} {tbp:>7}")
    return "\n".join(lines)
