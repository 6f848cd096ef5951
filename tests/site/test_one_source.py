"""The site never disagrees with itself: every figure of an event comes from one table.

Mid-round, with a bye and some results of the round being played already in, the event page,
a player's page, the rounds page's standings after each round, the JSON API and
``scorekeeper standings`` all show the standings after the last finished round, in the same
order, and the round being played is shown as in progress (nothing of it counts yet).
"""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest

from ingest.checks.event_files import load_event
from ingest.source.project import Project
from tests.builders import ROOT, run_ok
from tests.builders import run_cli as run
from tests.site_helpers import read_event_document, round_standings, tables, with_history

PLAYERS = 11  # odd: every round has a bye


@pytest.fixture(scope="module")
def mid_round(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """An event in round 4 of 5: the bye and two tables of the round reported, the rest playing;
    then the site built and ``standings --json`` asked."""
    root = tmp_path_factory.mktemp("mid-round")
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, root / name)
    header = "name: Mid Round\ndate: 2026-12-05\ngame: mtg\nformat: modern\nseed: 3\n"
    header += "structure: {pairing: swiss, swiss_rounds: 5, best_of: 3}\nplayers:\n"
    header += "".join(f"  - {{id: p{i}, name: Player {i}}}\n" for i in range(1, PLAYERS + 1))
    path = root / "events" / "mid.yaml"
    path.parent.mkdir()
    path.write_text(header + "rounds: []\n")
    rng = random.Random(5)
    for number in range(1, 5):
        run_ok(root, "pair", str(path))
        loaded = load_event(path, Project(root))
        assert loaded.event is not None
        tables_now = [m.table for m in loaded.event.rounds[-1].matches if len(m.players) == 2]
        for table in tables_now[:2] if number == 4 else tables_now:
            run_ok(root, "report", str(path), "--table", str(table), rng.choice(["2-0", "2-1", "1-2", "0-2", "1-1-1"]))
    run_ok(root, "build")
    code, out = run(root, "standings", str(path), "--json")
    assert code == 0, out
    return root, json.loads(out[out.index("{") :])


def _site(root: Path, page: str) -> str:
    return (root / "build" / "site" / page).read_text(encoding="utf-8")


def test_the_command_shows_the_standings_after_the_last_finished_round(
    mid_round: tuple[Path, dict[str, object]],
) -> None:
    _, doc = mid_round
    assert doc["after_round"] == 3 and doc["stage"] == "standings after round 3 of 5; round 4 in progress"


def test_the_event_page_shows_the_same_table(mid_round: tuple[Path, dict[str, object]]) -> None:
    root, doc = mid_round
    page = _site(root, "events/mid/index.html")
    assert "Standings after round 3 of 5; round 4 in progress" in page
    (shown,) = tables(page, "sk-standings")
    rows = doc["standings"]
    assert isinstance(rows, list)
    assert [(r[1], r[2], r[3]) for r in shown[1:]] == [
        (row["name"], str(row["points"]), f"{row['wins']}-{row['losses']}-{row['draws']}") for row in rows
    ]


def test_the_bye_being_played_counts_nowhere_yet(mid_round: tuple[Path, dict[str, object]]) -> None:
    """The player with the bye of round 4: their page shows the place and record of the event page."""
    root, doc = mid_round
    loaded = load_event(root / "events" / "mid.yaml", Project(root))
    assert loaded.event is not None
    (bye,) = [m.players[0] for m in loaded.event.rounds[3].matches if m.kind.value == "bye"]
    rows = doc["standings"]
    assert isinstance(rows, list)
    row = next(r for r in rows if r["player"] == bye)
    page = with_history(_site(root, f"players/{bye}/index.html"), root / "build" / "site")  # its rows, as drawn
    results = [r for t in tables(page, "") for r in t if r and r[0] == "2026-12-05"]
    assert results, page
    place, record = results[0][2], results[0][3]
    assert re.sub(r"\s+", " ", place).startswith(f"{row['rank']}/{PLAYERS}"), place
    assert record == f"{row['wins']}-{row['losses']}-{row['draws']}"
    assert "Round 4: a bye" in page  # where they are now: the round being played, as in progress


def test_the_api_and_the_rounds_page_agree(mid_round: tuple[Path, dict[str, object]]) -> None:
    root, doc = mid_round
    rows = doc["standings"]
    assert isinstance(rows, list)
    order = [r["player"] for r in rows]
    api = read_event_document(_site(root, "api/events/mid.json"))
    assert [r["player"] for r in api["final"]] == order
    assert [(r["points"], r["wins"], r["losses"], r["draws"]) for r in api["final"]] == [
        (r["points"], r["wins"], r["losses"], r["draws"]) for r in rows
    ]
    rounds_page = _site(root, "events/mid/rounds/index.html")
    after = round_standings(rounds_page, root / "build" / "site")
    assert len(after) == 3  # no standings for the round being played
    names = [r.cells[1] for r in after[-1]]
    assert names == [r["name"] for r in rows]
    assert "Round 4 — in progress" in rounds_page or "Round 4 &mdash; in progress" in rounds_page
