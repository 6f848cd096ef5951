"""Families are a registry, not branches: every stage has each family's part, and the modules
every family shares never ask which family (or game) an event has (DESIGN §1).

A family's own modules are named for it: ``wot_*`` (and the engine, ``ingest/wot/``) for
Wheel of Time; ``match_*`` and ``team_*`` for the MTR-style family, with its standings,
pairing and cut engines listed below. Whatever else there is serves every family.
"""

from __future__ import annotations

import ast
from pathlib import Path

from ingest.checks.event_files import READERS
from ingest.core.families import FAMILIES
from ingest.edit.recording import RECORDERS
from ingest.site.family_views import VIEWS
from ingest.summary.family_results import RESULTS
from ingest.venue.result_forms import FORMS
from tests.builders import ROOT

PACKAGE = ROOT / "ingest"

MTR_STYLE_MODULES = {
    "planner/bracket.py",
    "planner/recorded_rounds.py",
    "planner/double_elimination_plan.py",
    "planner/round_robin_plan.py",
    "planner/swiss_plan.py",
    "summary/cut.py",
    "summary/standings_text.py",
    "rules/event_ruleset.py",
    "rules/standings.py",
    "rules/standings_ranking.py",
    "site/bracket_views.py",
    "site/event_views.py",
    "site/live.py",
    "site/team_views.py",
}
"""The MTR-style family's modules not named for it: its standings engine (MTR Appendix C,
Bushiroad 3.2.1.2), its pairing planners, the cut calculator and the views of its standings
and rounds of matches."""

ROSTER_MODULES = {
    "core/model.py": "defines who is paired (Event.is_team_event, units, unit_key)",
    "source/assemble.py": "reads structure.team_kind and checks the teams list against it",
    "source/assemble_rounds.py": "a round's drops may name a team",
    "edit/corrections.py": "a team event takes its players with their team (add-team), not by add-player",
    "edit/check_in.py": "players of an individual event check in; a team event pairs every team",
    "venue/entries.py": "the join page registers players; a team registers with the TO (add-team)",
    "decks/event_decks.py": "a team's decks share no card where the format says so (MTR 8.4)",
    "site/brief.py": "a team's page is its section of the event's teams page",
    "site/event_pages.py": "an individual event's rounds are drawn from its API document, a team event's carried",
    "rules/rounds_advice.py": "the MTR rounds table has rows for team events (MTR Appendix E)",
    "checks/open_round.py": "a result is recorded from what was kept only in an individual event",
}
"""Shared modules that ask whether teams are paired: the roster, which every family's file has."""


def _modules() -> list[tuple[str, ast.Module]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if name.startswith(("wot/", "pairing/")):
            continue  # the engines
        out.append((name, ast.parse(path.read_text(encoding="utf-8"))))
    return out


def _wheel_of_time(name: str) -> bool:
    return Path(name).name.startswith("wot")


def _mtr_style(name: str) -> bool:
    return Path(name).name.startswith(("match_", "team_")) or name in MTR_STYLE_MODULES


def test_every_stage_has_each_familys_part() -> None:
    stages = {"source": READERS, "summary": RESULTS, "edit": RECORDERS, "site": VIEWS, "venue": FORMS}
    assert {stage: set(parts) for stage, parts in stages.items()} == {stage: set(FAMILIES) for stage in stages}


def test_no_shared_module_compares_an_id_with_wheel_of_times() -> None:
    """``pairing == "wot-cycles"``, ``game == "wot"``: the family's part is asked instead (ids
    appear only as registry keys and values)."""
    found = []
    for name, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare) and not _wheel_of_time(name):
                values = [node.left, *node.comparators]
                if any(isinstance(v, ast.Constant) and v.value in ("wot", "wot-cycles") for v in values):
                    found.append(f"{name}:{node.lineno}")
    assert found == []


def test_only_wheel_of_time_modules_read_its_games_and_scores() -> None:
    """A round's Wheel of Time tables (``wot_entries(round)``, its ``family_entries``) and
    ``report.wot``: read by the family's modules only; the model's own methods ask the entries
    what every entry answers (core/rounds.py, which names no game)."""
    found = [
        f"{name}:{node.lineno}"
        for name, tree in _modules()
        for node in ast.walk(tree)
        if (isinstance(node, ast.Attribute) and (node.attr == "family_entries" or _report_wot(node)))
        or (isinstance(node, ast.Name) and node.id == "wot_entries")
        if not _wheel_of_time(name) and name != "core/rounds.py"
    ]
    assert found == []


def _report_wot(node: ast.Attribute) -> bool:
    """``report.wot``: a report's Wheel of Time scores."""
    return node.attr == "wot" and isinstance(node.value, ast.Name) and node.value.id == "report"


def test_team_rules_stay_in_the_mtr_style_modules() -> None:
    """Team events are the MTR-style family's business; the shared modules that ask whether
    teams are paired are the roster's (:data:`ROSTER_MODULES`)."""
    found = sorted(
        {
            name
            for name, tree in _modules()
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in ("is_team_event", "team_kind")
            if not _mtr_style(name)
        }
    )
    assert found == sorted(ROSTER_MODULES)
