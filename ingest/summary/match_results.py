"""The MTR-style family's results (:class:`MatchResults`), parametrised by the event's ruleset:
standings after every round and final with the playoff (MTR Appendix C, Bushiroad 3.2.1.2),
the Swiss ranks of the top cut, the planned rounds and the cut calculator."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ingest.core.errors import IngestError
from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.planner.field import planned_rounds
from ingest.planner.top_cut import TopCut, top_cut
from ingest.rules.final_standings import final_standings
from ingest.rules.published import uses_published_standings
from ingest.rules.standings import compute_standings, standings_by_round
from ingest.rules.standings_values import Standings
from ingest.summary.cut import cut_outlook
from ingest.summary.history_entries import HistoryRecorder
from ingest.summary.match_history import match_history
from ingest.summary.standings_now import standings_now
from ingest.summary.standings_text import cut_unavailable, standings_document, standings_stage, standings_table

if TYPE_CHECKING:
    from ingest.summary.summary_values import EventSummary


def _top_cut(event: Event, report: EventSummary, swiss: Standings) -> TopCut | None:
    """The cut as made and as ``swiss`` (the final Swiss standings) would make it: Swiss
    events run here with a top cut (None for an imported event, whose platform made its cut,
    or when no cut can be made)."""
    if event.structure.playoff is None or event.structure.pairing != "swiss" or event.origin is not None:
        return None
    try:
        return top_cut(event, report.ruleset, swiss)
    except IngestError:
        return None


def _final(event: Event, by_round: Sequence[Standings], published: bool) -> Standings:
    """The final standings (:func:`~ingest.rules.final_standings.final_standings`). Without a
    playoff they are the standings after the last Swiss round, by match points and the
    ruleset's tiebreakers (MTR Appendix C, Bushiroad 3.2.1.2): the same rows, every player
    evaluated at the same round, marked final; they are taken from ``by_round`` rather than
    ranked a second time."""
    if not published and not event.playoff and by_round and by_round[-1].after_round == len(event.rounds):
        return replace(by_round[-1], final=True)
    return final_standings(event)


class MatchResults:
    """Results of an MTR-style event: standings by match points and the ruleset's tiebreakers."""

    def standings_by_round(self, event: Event) -> Sequence[Standings]:
        """The Swiss standings after each round (:func:`ingest.rules.standings.standings_by_round`)."""
        return standings_by_round(event)

    def complete(self, report: EventSummary, by_round: Sequence[Standings]) -> EventSummary:
        """Standings after each round, the final standings (the top cut placed by the playoff),
        the top cut's Swiss ranks, the planned rounds and, while the Swiss is played, the cut."""
        event = report.event
        published = uses_published_standings(event)  # the platform's standings, as recorded
        seeds: dict[PlayerId, int] = {}
        made: TopCut | None = None
        if event.playoff and (by_round or published):
            swiss = by_round[-1] if by_round else compute_standings(event)
            made = _top_cut(event, report, swiss)
            if made is not None:
                seeds = {PlayerId(p): i for i, p in enumerate(made.made, start=1)}
            else:
                cut = {p for rnd in event.playoff for m in rnd.matches for p in m.players}
                seeds = {r.player: r.rank for r in swiss.rows if r.player in cut}
        final = _final(event, by_round, published) if event.rounds or published else None
        now = (
            standings_now(event, finished=report.status == "complete", by_round=by_round, final=final)
            if final is not None
            else None
        )
        return replace(
            report,
            top_cut=made,
            standings=tuple(by_round),
            final=final,
            current=now.table if now and now.in_progress != 1 else None,  # nothing counts before round 1 ends
            in_progress=now.in_progress if now else None,
            seeds=seeds,
            planned_rounds=planned_rounds(event, report.ruleset) if event.structure.pairing == "swiss" else None,
            cut=cut_outlook(event) if report.status == "in-progress" else None,
        )

    def winner(self, report: EventSummary) -> PlayerId | None:
        """The first of the final standings, unless the place is shared."""
        if report.final is None or not report.final.rows:
            return None
        top = report.final.rows[0]
        return top.player if not top.shared else None

    def history(self, report: EventSummary, out: HistoryRecorder) -> None:
        """Final standings rows and reported matches; a team event's seats (:mod:`ingest.summary.match_history`)."""
        match_history(report, out)

    def standings_document(
        self, event: Event, *, rules: str | None, round_no: int | None, with_cut: bool
    ) -> dict[str, Any]:
        """The standings as the event stands (:func:`~ingest.summary.standings_text.standings_stage`),
        with what each player needs for the top cut when asked."""
        table, stage = standings_stage(event, rules, round_no)
        outlook = cut_outlook(event, rules, after_round=round_no) if with_cut else None
        return standings_document(event, table, stage, outlook, with_cut=with_cut)

    def standings_text(
        self, event: Event, *, rules: str | None, round_no: int | None, with_cut: bool
    ) -> tuple[tuple[str, bool], ...]:
        """The standings table; with ``with_cut``, the cut columns, or first why there are none."""
        table, stage = standings_stage(event, rules, round_no)
        outlook = cut_outlook(event, rules, after_round=round_no) if with_cut else None
        why = (cut_unavailable(event, round_no), True) if with_cut and outlook is None else None
        return (*((why,) if why else ()), (standings_table(event, table, stage, outlook), False))
