"""Submissions processed at the same moment, each ``scorekeeper apply-submission`` a process of
its own on one event (as workflow runs on one repository would be, before their pushes):
nothing is lost and nothing is written twice. Measured: 0 submissions lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.builders import event_at
from tests.league.support import EVENT, SLUG, codes, issue_event, make_league, run_process, write_event

PLAYERS = tuple(f"Player {chr(ord('A') + i)}" for i in range(16))


def seating(root: Path) -> dict[int, tuple[str, str]]:
    event = event_at(root / EVENT, root)
    names = {p.id: p.name for p in event.players}
    return {m.table: (names[m.players[0]], names[m.players[1]]) for m in event.rounds[0].matches if m.table}


def run_all(root: Path, data: Path, events: list[dict[str, object]]) -> list[tuple[int, dict[str, object]]]:
    paths = [write_event(root.parent, e, f"event-{i}.json") for i, e in enumerate(events)]
    procs = [run_process(root, p, data) for p in paths]
    out = []
    for proc in procs:
        stdout, stderr = proc.communicate(timeout=300)
        assert "Traceback" not in stderr, stderr
        out.append((proc.returncode, json.loads(stdout)))
    return out


@pytest.mark.parametrize("accept", ["agreed", "reported"])
def test_submissions_at_the_same_moment_are_all_applied_once(tmp_path: Path, accept: str) -> None:
    root, data = tmp_path / "club", tmp_path / "data"
    make_league(root, accept=accept, players=PLAYERS)
    code, seats = codes(root, data), seating(root)
    events = []
    for table, (first, second) in seats.items():
        base = {"event": SLUG, "round": "1", "table": str(table)}
        mine = {**base, "player": first, "result": "2-1", "code": code[first]}
        events.append(issue_event(100 + table, f"acct-{table}-a", mine))
        # agreed: the opponent's confirmation; reported: the same issue delivered twice
        if accept == "agreed":
            theirs = {**base, "player": second, "result": "1-2", "code": code[second]}
            events.append(issue_event(200 + table, f"acct-{table}-b", theirs))
        else:
            events.append(events[-1])
    answers = run_all(root, data, events)
    statuses = sorted(status for status, _ in answers)
    assert statuses == ([0] * 8 + [3] * 8 if accept == "agreed" else [0] * 16)
    event = event_at(root / EVENT, root)
    recorded = {m.table: m.score.notation() for m in event.rounds[0].matches if m.score is not None}
    assert recorded == dict.fromkeys(seats, "2-1")  # lost: 0
    written = [a for _, a in answers if a["files"] and EVENT in a["files"]]  # type: ignore[operator]
    assert len(written) == 8  # each result written once
    league_file = json.loads((root / ".scorekeeper" / "league" / f"{SLUG}.json").read_text(encoding="utf-8"))
    assert league_file["claims"] == [] and len(league_file["accounts"]) == (16 if accept == "agreed" else 8)
