"""Terminal and JSON presentations of an MTR-style event's standings, with the cut calculator
(``scorekeeper standings``, through :class:`~ingest.summary.match_results.MatchResults`; a
Wheel of Time event's are in :mod:`ingest.summary.wot_results`)."""

from __future__ import annotations

from typing import Any

from ingest.core.columns import display_width, pad
from ingest.core.errors import IngestError
from ingest.core.figures import pct as percent
from ingest.core.model import Event
from ingest.planner.top_cut import TopCut, cut_changes, cut_note, top_cut
from ingest.rules.event_ruleset import ruleset_for
from ingest.rules.published import published_note, uses_published_standings
from ingest.rules.rulesets import Ruleset
from ingest.rules.standings import compute_standings
from ingest.rules.standings_data import standings_as_data
from ingest.rules.standings_values import Standings
from ingest.rules.tiebreakers import get_tiebreaker
from ingest.summary.cut_verdicts import CutOutlook
from ingest.summary.standings_now import standings_now


def standings_stage(
    event: Event, rules: str | Ruleset | None = None, round_no: int | None = None
) -> tuple[Standings, str]:
    """The standings a TO asks for, and where the event stands, in words.

    With ``round_no``, the standings after that round; without, the standings as the event
    stands (:func:`~ingest.summary.standings_now.standings_now`: the same table the site shows).
    """
    if round_no is not None:
        from ingest.planner.field import planned_rounds
        from ingest.planner.systems import system_of

        planned = planned_rounds(event, ruleset_for(event)) if event.structure.pairing == "swiss" else None
        noun = system_of(event).round_noun
        after = f"{noun} {round_no} of {planned}" if planned else f"{noun} {round_no}"
        return compute_standings(event, rules, after_round=round_no), f"standings after {after}"
    now = standings_now(event, rules)
    return now.table, now.stage


def cut_unavailable(event: Event, round_no: int | None = None) -> str:
    """Why ``--cut`` has nothing to say about this event (or this round of it)."""
    s = event.structure
    if s.playoff is None:
        return "no cut: the event has no top cut (structure.playoff)"
    if s.pairing != "swiss" or event.origin is not None:
        return "no cut calculator: it covers Swiss events run here (an imported event keeps its platform's standings)"
    if s.playoff.finalists != "ranking":
        return f"no cut calculator: finalists are chosen by {s.playoff.finalists}, not by ranking"
    return "no cut calculator: the Swiss rounds are over" + ("" if round_no is None else f" after round {round_no}")


def standings_document(
    event: Event, table: Standings, stage: str = "", outlook: CutOutlook | None = None, *, with_cut: bool = False
) -> dict[str, Any]:
    """The ``--json`` document (``schema/cli-standings.schema.json``): event, rules,
    after_round, the stage in words and the rows.

    With ``with_cut``, every row gains ``cut`` and ``cut_reason`` (null for a player not in
    contention, or when the calculator does not apply) and the document a ``cut`` summary.
    """
    rows = standings_as_data(event, table)
    if with_cut:
        for item in rows:
            verdict = outlook.of(item["player"]) if outlook is not None else None
            item["cut"] = verdict.verdict if verdict else None
            item["cut_reason"] = verdict.reason if verdict else None
    doc: dict[str, Any] = {
        "event": event.slug,
        "rules": table.ruleset.id,
        "after_round": table.after_round,
        "stage": stage,
        "final": stage == "final standings" if stage else table.final,
        "complete": table.complete,
        "tiebreakers": list(table.tiebreakers),
        "standings": rows,
    }
    if with_cut:
        doc["cut"] = (
            None
            if outlook is None
            else {
                "top": outlook.top,
                "round": outlook.round,
                "rounds_left": outlook.rounds_left,
                "paired": outlook.paired,
                "guarantee": outlook.guarantee,
                "reachable": outlook.reachable,
                "summary": outlook.summary(),
            }
        )
    if (made := _top_cut(event)) is not None:
        doc["top_cut"] = {
            "made": list(made.made),
            "now": list(made.now),
            "corrected": made.corrected,
            "note": cut_changes(made, _names(event)) if made.corrected else "",
        }
    if uses_published_standings(event) and event.origin is not None:
        source = event.origin
        doc["published_by"] = {"platform": source.platform, "url": source.url, "note": published_note(event)}
    return doc


def standings_table(event: Event, table: Standings, stage: str = "", outlook: CutOutlook | None = None) -> str:
    """A readable fixed-width table under a title that says where the event stands.

    With an ``outlook``, a Cut column and a Why column close each row and the field's summary
    follows the table."""
    tbs = [t for t in table.tiebreakers if t != "h2h"]
    unit = "Team" if event.is_team_event else "Player"
    heads = ["Rank", unit, "Pts", "W-L-D", *(get_tiebreaker(t).short for t in tbs)]
    if outlook is not None:
        heads += ["Cut", "Why"]
    lines = []
    for row in table.rows:
        name = row.name + (" (dropped)" if row.dropped else "") + (f" [{row.place}]" if row.place else "")
        cells = [f"{row.rank}{'=' if row.shared else ''}", name, str(row.record.points), row.record.wld]
        cells += [percent(row.value(t)) for t in tbs]
        if outlook is not None:
            verdict = outlook.of(row.player)
            cells += [outlook.label(verdict.verdict), verdict.reason] if verdict else ["-", ""]
        lines.append(cells)
    widths = [max(display_width(str(c)) for c in col) for col in zip(heads, *lines, strict=False)]
    stage = stage or ("final standings" if table.final else f"standings after round {table.after_round}")
    title = f"{event.name}: {stage} ({table.ruleset.name})"
    out = [title, "  ".join(pad(h, w) for h, w in zip(heads, widths, strict=True))]
    out.append("  ".join("-" * w for w in widths))
    for cells in lines:
        out.append(
            "  ".join(
                pad(c, w, "<" if i == 1 or i >= len(cells) - 2 * (outlook is not None) else ">")
                for i, (c, w) in enumerate(zip(cells, widths, strict=True))
            ).rstrip()
        )
    if outlook is not None:
        out.append(outlook.summary())
    made = _top_cut(event)
    if made is not None and (note := cut_note(made, _names(event))):
        out.append(note)
    if note := published_note(event):
        out.append(note)
    return "\n".join(out)


def _top_cut(event: Event) -> TopCut | None:
    """The cut as made and as the standings make it now, once playoff round 1 is paired
    (None before, for an imported event, or when no cut can be selected)."""
    if not event.playoff or event.structure.playoff is None or event.structure.pairing != "swiss":
        return None
    if event.origin is not None:
        return None
    try:
        return top_cut(event, ruleset_for(event))
    except IngestError:
        return None


def _names(event: Event) -> dict[str, str]:
    from ingest.planner.field import names_of

    return names_of(event)
