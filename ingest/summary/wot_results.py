"""The Wheel of Time family's results (:class:`WotResults`): each game's game points and
tie-breaking points, and the standings after each game, by game points, then tie-breaking
points (WoT rules, Scoring and Final Score; the engine is :mod:`ingest.wot`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ingest.core.columns import pad
from ingest.core.errors import IngestError
from ingest.core.figures import show_points
from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.planner.field import planned_rounds
from ingest.planner.plan import is_finished
from ingest.planner.wot import RECORD_COLUMN, wot_records, wot_report, wot_standings_rows
from ingest.rules.event_ruleset import ruleset_for
from ingest.rules.standings_values import Standings
from ingest.summary.history_entries import HistoryRecorder, history_entry
from ingest.summary.standings_text import cut_unavailable
from ingest.wot import WotInputError

if TYPE_CHECKING:
    from ingest.summary.summary_values import EventSummary


class WotResults:
    """Results of a Wheel of Time event: game points and tie-breaking points, game by game."""

    def standings_by_round(self, event: Event) -> Sequence[Standings]:
        """None: the pairings are checked against the cycle rules, not against standings."""
        del event
        return ()

    def complete(self, report: EventSummary, by_round: Sequence[Standings]) -> EventSummary:
        """Each reported game scored and the standings after each (:attr:`EventSummary.wot`)."""
        del by_round
        # A game record the checks refuse (a Last Battle result without its final values)
        # cannot be scored: the report carries the checks, and the build stops on them.
        refused = any(d.is_error for d in report.checks)
        return replace(report, wot=None if refused else wot_report(report.event))

    def winner(self, report: EventSummary) -> PlayerId | None:
        """The one player ranked first after the last game."""
        if report.wot is None:
            return None
        rows = [r for r in report.wot.final if r.rank == 1]
        return PlayerId(rows[0].player) if len(rows) == 1 else None

    def history(self, report: EventSummary, out: HistoryRecorder) -> None:
        """Final standings (game points, tie-breaking points) and every scored game: a game both
        players lose is a loss for each, and a bye scores as a win (WoT rules, Scoring)."""
        e = report.event
        scores = report.wot
        rows = {r.player: r for r in scores.final} if scores is not None else {}
        records = wot_records(scores, len(scores.games)) if scores is not None else {}
        for results in scores.games if scores is not None else ():
            for r in results:
                if r.opponent is not None:
                    out.meet(r.player, r.opponent, RECORD_COLUMN[r.outcome])
        archetypes = report.public_archetypes()
        for p in e.players:
            row = rows.get(p.id)
            out.add(
                p.id,
                p.name,
                history_entry(
                    report,
                    len(e.players),
                    row.rank if row else None,
                    record=records.get(p.id),
                    points=row.game_points if row else None,
                    tiebreak_points=row.tiebreak_points if row else None,
                    archetype=archetypes[p.id],
                ),
            )

    def standings_document(
        self, event: Event, *, rules: str | None, round_no: int | None, with_cut: bool
    ) -> dict[str, Any]:
        """The standings after a game (default: the last fully reported); the cut calculator
        covers Swiss events, so ``cut`` is null when asked for."""
        del rules  # one ruleset
        rows, k, reported = _rows(event, round_no)
        return {
            "event": event.slug,
            "rules": "wot",
            "after_round": k,
            "stage": _stage(event, k, reported, round_no is not None),
            "final": round_no is None and bool(event.rounds) and _stage(event, k, reported, False) == "final standings",
            # Only fully reported Games count; without --round, False while the next one is played.
            "complete": round_no is not None or reported == len(event.rounds),
            "tiebreakers": ["tbp"],
            "standings": rows,
            **({"cut": None} if with_cut else {}),
        }

    def standings_text(
        self, event: Event, *, rules: str | None, round_no: int | None, with_cut: bool
    ) -> tuple[tuple[str, bool], ...]:
        """The standings after a game for the terminal; then why there is no cut calculator."""
        del rules  # one ruleset
        rows, k, reported = _rows(event, round_no)
        lines = [
            f"{event.name}: {_stage(event, k, reported, round_no is not None)} (Wheel of Time rules)",
            f"{'Rank':>4}  {'Player':<24} {'GP':>4} {'W-L-T':>7} {'TBP':>7}",
        ]
        for r in rows:
            rank = "-" if r["rank"] is None else str(r["rank"])
            name = str(r["name"]) + (" (dropped)" if r["dropped"] else "")
            wlt = f"{r['wins']}-{r['losses']}-{r['draws']}"
            tbp = show_points(Fraction(str(r["tbp_exact"])))
            lines.append(f"{rank:>4}  {pad(name, 24)} {r['points']:>4} {wlt:>7} {tbp:>7}")
        why = ((cut_unavailable(event, round_no), True),) if with_cut else ()
        return (("\n".join(lines), False), *why)


def _stage(event: Event, k: int, reported: int, asked: bool) -> str:
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
