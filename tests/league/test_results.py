"""Results reported through issues (``scorekeeper apply-submission``), on issue events shaped
as GitHub sends them: the league's three ways of accepting a result, the refusals (a wrong
code, another match's, another player's, a round already over, a recorded result), an issue
delivered or edited again, and the venue's rule that a confirmation comes from another
account than the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ingest.source.project import Project
from tests.builders import event_at, run_ok
from tests.league.support import EVENT, SLUG, apply, codes, issue_event, make_league

League = tuple[Path, Path, dict[str, str]]
"""The club's project folder, the TO's data folder (the venue key) and round 1's codes by player."""
ALICE, BOB, CAROL = "Alice Example", "Bob Builder", "Carol Chen"  # table 1: Alice and Bob; table 2: Carol and Dan


def form(code: str, player: str, result: str, *, table: str = "1", rnd: str = "1") -> dict[str, str]:
    return {"event": SLUG, "round": rnd, "table": table, "player": player, "result": result, "code": code}


def score(root: Path, table: int, rnd: int = 1) -> str | None:
    event = event_at(root / EVENT, root)
    match = next(m for m in event.rounds[rnd - 1].matches if m.table == table)
    return match.score.notation() if match.score is not None else None


@pytest.fixture
def league(tmp_path: Path) -> League:
    root, data = tmp_path / "club", tmp_path / "data"
    make_league(root)
    return root, data, codes(root, data)


def claims_file(root: Path) -> Path:
    return root / ".scorekeeper" / "league" / f"{SLUG}.json"


def test_agreed_a_report_waits_for_the_opponent_and_is_recorded_when_they_report_the_same(league: League) -> None:
    root, data, code = league
    status, answer = apply(root, issue_event(12, "alice-ex", form(code[ALICE], ALICE, "2-1")), data)
    assert (status, answer["status"], answer["labels"]) == (3, "waiting", ["waiting"])
    assert score(root, 1) is None
    assert answer["files"] == [f".scorekeeper/league/{SLUG}.json"] and claims_file(root).exists()
    assert "Bob Builder" in answer["reply"] and code[ALICE] not in answer["reply"]

    # Bob reports the same match from his side (1-2), with the same code, from his own account.
    status, answer = apply(root, issue_event(13, "bob-b", form(code[BOB], BOB, "Lost 1-2")), data)
    assert (status, answer["status"], answer["close"]) == (0, "recorded", [12])
    assert score(root, 1) == "2-1"
    assert answer["files"] == [EVENT, f".scorekeeper/league/{SLUG}.json"]
    assert json.loads(claims_file(root).read_text(encoding="utf-8"))["claims"] == []


def test_agreed_the_confirmation_must_come_from_another_account(league: League) -> None:
    root, data, code = league
    apply(root, issue_event(12, "alice-ex", form(code[ALICE], ALICE, "2-1")), data)
    status, answer = apply(root, issue_event(13, "ALICE-EX", form(code[BOB], BOB, "1-2")), data)
    assert (status, answer["status"]) == (1, "refused")
    assert "own account" in answer["reply"] and score(root, 1) is None


def test_agreed_two_different_results_are_a_dispute_for_the_to(league: League) -> None:
    root, data, code = league
    apply(root, issue_event(12, "alice-ex", form(code[ALICE], ALICE, "2-1")), data)
    status, answer = apply(root, issue_event(13, "bob-b", form(code[BOB], BOB, "2-0")), data)
    assert (status, answer["labels"]) == (3, ["disputed"])
    assert "#12" in answer["reply"] and score(root, 1) is None
    # The TO records what happened; a later report of the other result is refused.
    run_ok(root, "report", str(root / EVENT), "--table", "1", "2-1")
    status, answer = apply(root, issue_event(13, "bob-b", form(code[BOB], BOB, "2-0"), action="edited"), data)
    assert (status, answer["status"]) == (1, "refused") and "already recorded" in answer["reply"]
    assert score(root, 1) == "2-1"


def test_an_issue_edited_replaces_its_own_claim(league: League) -> None:
    root, data, code = league
    apply(root, issue_event(12, "alice-ex", form(code[ALICE], ALICE, "2-1")), data)
    apply(root, issue_event(12, "alice-ex", form(code[ALICE], ALICE, "2-0"), action="edited"), data)
    text = claims_file(root).read_text(encoding="utf-8")
    assert text.count('"issue": 12') == 1 and '"2-0"' in text and '"2-1"' not in text
    status, _ = apply(root, issue_event(14, "bob-b", form(code[BOB], BOB, "0-2")), data)
    assert status == 0 and score(root, 1) == "2-0"


def test_reported_the_first_report_is_recorded_and_a_second_delivery_changes_nothing(tmp_path: Path) -> None:
    root, data = tmp_path / "club", tmp_path / "data"
    make_league(root, accept="reported")
    code = codes(root, data)
    event = issue_event(12, "alice-ex", form(code[CAROL], CAROL, "0-2", table="2"))
    status, answer = apply(root, event, data)
    assert (status, answer["files"]) == (0, [EVENT, f".scorekeeper/league/{SLUG}.json"]) and score(root, 2) == "0-2"
    before = (root / EVENT).read_bytes()
    status, answer = apply(root, event, data)  # GitHub delivers the same event again
    assert (status, answer["status"], answer["files"]) == (0, "recorded", [])
    assert (root / EVENT).read_bytes() == before


def test_to_every_report_waits_for_the_to(tmp_path: Path) -> None:
    root, data = tmp_path / "club", tmp_path / "data"
    make_league(root, accept="to")
    code = codes(root, data)
    status, answer = apply(root, issue_event(12, "alice-ex", form(code[ALICE], ALICE, "2-1")), data)
    assert (status, answer["files"]) == (3, [f".scorekeeper/league/{SLUG}.json"]) and score(root, 1) is None
    status, answer = apply(root, issue_event(13, "alice-ex", form(code[ALICE], ALICE, "3-0")), data)
    assert status == 1 and "`3-0`" in answer["reply"]  # not a result of a best of three


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"code": "ZZZZ-ZZZZ"}, "Wrong code"),
        ({"code": "hello"}, "not a code"),
        ({"table": "2"}, "not this match"),  # table 1's code, table 2 named
        ({"round": "2"}, "not this match"),
        ({"player": CAROL}, "does not play this match"),  # Carol plays table 2
        ({"event": "2026-10-01-another"}, "no such event"),
        ({"result": "2-1 please"}, "not a result"),
    ],
)
def test_refused_submissions_are_answered_and_never_applied(league: League, fields: dict[str, str], says: str) -> None:
    root, data, code = league
    before = (root / EVENT).read_bytes()
    status, answer = apply(root, issue_event(12, "mallory", {**form(code[ALICE], ALICE, "2-0"), **fields}), data)
    assert (status, answer["status"], answer["files"]) == (1, "refused", [])
    assert says.lower() in answer["reply"].lower()
    assert (root / EVENT).read_bytes() == before and not claims_file(root).exists()


def test_a_code_opens_only_its_own_seat(league: League) -> None:
    """Carol's code (table 2) cannot report table 1 nor for Alice; Bob's cannot report for Alice."""
    root, data, code = league
    status, _ = apply(root, issue_event(12, "carol", form(code[CAROL], ALICE, "2-0", table="2")), data)
    assert status == 1 and score(root, 1) is None and score(root, 2) is None
    status, answer = apply(root, issue_event(13, "bob-b", form(code[BOB], ALICE, "2-0")), data)
    assert status == 1 and "not this player's" in answer["reply"]


def test_a_code_seen_in_a_public_issue_is_taken_only_from_its_first_account(league: League) -> None:
    root, data, code = league
    assert apply(root, issue_event(12, "alice-ex", form(code[ALICE], ALICE, "2-1")), data)[0] == 3
    # anyone can read issue 12, code included: it still speaks only for Alice, from Alice's account
    status, answer = apply(root, issue_event(13, "mallory", form(code[ALICE], ALICE, "0-2")), data)
    assert status == 1 and "another account" in answer["reply"] and "alice-ex" in answer["reply"]
    status, answer = apply(root, issue_event(14, "bob-b", form(code[BOB], BOB, "1-2")), data)
    assert status == 0 and score(root, 1) == "2-1"
    league_file = json.loads(claims_file(root).read_text(encoding="utf-8"))
    assert league_file == {"accounts": {"alice-example": "alice-ex", "bob-builder": "bob-b"}, "claims": []}


def test_a_round_that_is_over_takes_no_report(tmp_path: Path) -> None:
    root, data = tmp_path / "club", tmp_path / "data"
    make_league(root, accept="reported")
    code = codes(root, data, "--round", "1")
    run_ok(root, "report", str(root / EVENT), "--table", "1", "2-0")
    run_ok(root, "report", str(root / EVENT), "--table", "2", "1-1-1")
    run_ok(root, "pair", str(root / EVENT))
    assert codes(root, data, "--round", "1") == code  # the sheet of round 1 is still printable
    status, answer = apply(root, issue_event(12, "alice-ex", form(code[ALICE], ALICE, "2-0")), data)
    assert status == 1 and "over" in answer["reply"]


def test_setup_problems_are_the_tos_and_never_show_the_key(league: League, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from ingest.cli.main import main

    root, data, code = league
    path = root.parent / "event.json"
    path.write_text(json.dumps(issue_event(12, "alice-ex", form(code[ALICE], ALICE, "2-1"))), encoding="utf-8")
    args = ["--root", str(root), "apply-submission", str(path), "--json"]
    result = CliRunner().invoke(main, args, env={"SCOREKEEPER_VENUE_KEY": "", "XDG_DATA_HOME": str(data)})
    assert result.exit_code == 5 and json.loads(result.stdout)["status"] == "broken"
    assert "gh secret set SCOREKEEPER_VENUE_KEY" in result.stderr
    # The secret set from `venue-key` checks the same codes as the data folder's key.
    key = CliRunner().invoke(main, ["venue-key"], env={"XDG_DATA_HOME": str(data)}).stdout.strip()
    env = {"SCOREKEEPER_VENUE_KEY": key, "XDG_DATA_HOME": str(root.parent / "empty")}
    result = CliRunner().invoke(main, args, env=env)
    assert result.exit_code == 3 and key not in result.stdout + result.stderr
    assert not (root.parent / "empty").exists()  # no key of its own was made on the runner
    assert Project(root).root == root


def test_a_broken_event_file_is_the_tos_and_nothing_is_written(league: League) -> None:
    from click.testing import CliRunner

    from ingest.cli.main import main

    root, data, code = league
    text = (root / EVENT).read_text(encoding="utf-8")
    (root / EVENT).write_text(text.replace("best_of: 3", "best_of: three"), encoding="utf-8")
    path = root.parent / "event.json"
    path.write_text(json.dumps(issue_event(12, "alice-ex", form(code[ALICE], ALICE, "2-1"))), encoding="utf-8")
    args = ["--root", str(root), "apply-submission", str(path), "--json"]
    result = CliRunner().invoke(main, args, env={"XDG_DATA_HOME": str(data)})
    assert result.exit_code == 5 and json.loads(result.stdout)["files"] == []
    assert f"{EVENT} has errors" in result.stderr
    assert not claims_file(root).exists()
