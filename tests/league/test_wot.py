"""A Wheel of Time league: a table reported through an issue in the family's words (who won,
when and how, the finals), and the site's links to the Game's unreported tables."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ingest.site.league_links import league_links
from ingest.source.league_config import LeagueSettings
from ingest.wot.wot_entry import wot_entries
from tests.builders import ROOT, event_at, run_ok
from tests.league.support import apply, codes, issue_event

EVENT = "events/2026/2026-11-02-wot-league.yaml"
SLUG = "2026-11-02-wot-league"


def test_a_wheel_of_time_table_reported_through_an_issue(tmp_path: Path) -> None:
    root, data = tmp_path / "club", tmp_path / "data"
    root.mkdir()
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config += "extra:\n  scorekeeper:\n    league: {repository: dragons-hoard/results, accept: reported}\n"
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    run_ok(root, "new", "--name", "WoT League", "--date", "2026-11-02", "--game", "wot", "--format", "constructed")
    for name in ("Ana Ruiz", "Ben Ode", "Cy Tan", "Di Wu"):
        run_ok(root, "add-player", str(root / EVENT), "--name", name)
    run_ok(root, "pair", str(root / EVENT))
    event = event_at(root / EVENT, root)
    first = wot_entries(event.rounds[0])[0]
    names = {p.id: p.name for p in event.players}
    villain = names[str(first.villain)]
    found = league_links(event, LeagueSettings("dragons-hoard/results"), names, dt.date(2026, 11, 2), complete=False)
    assert found is not None and [m.label for m in found.reports] == ["Table 1", "Table 2"]
    code = codes(root, data, event=EVENT)[villain]
    values = {"event": SLUG, "round": "1", "table": str(first.table), "player": villain, "code": code}
    status, answer = apply(root, issue_event(3, "ben", {**values, "result": "hero"}), data)
    assert status == 1 and "hero last-battle goal 7-3" in answer["reply"]
    status, answer = apply(root, issue_event(3, "ben", {**values, "result": "Villain, last-battle, goal, 4–9"}), data)
    assert status == 0, answer
    game = wot_entries(event_at(root / EVENT, root).rounds[0])[0]
    assert game.reported and game.game is not None and game.game.winner.value == "villain"
