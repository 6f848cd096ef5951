"""A player's own decklist, handed in (issue 35, point 2): read as deck files are read, checked
against the format on the event date with the checker ``validate`` uses, every problem
returned, written beside the event through the locked edit path, locked at the deadline."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from ingest.core.errors import IngestError
from ingest.edit.deck_submission import (
    Accepted,
    Refused,
    TooLate,
    check_list,
    deadline_passed,
    plain_list,
    submit_deck,
)
from ingest.site import i18n
from ingest.site.submission_words import outcome_words
from ingest.source.project import Project
from tests.builders import ROOT, event_at, run_cli, run_ok

NOW = dt.datetime(2026, 11, 20, 17, 0, tzinfo=dt.UTC)

BURN = """\
About
Name Burn

Deck
4 Lightning Bolt (M10) 146
4 Lava Spike
4 Rift Bolt
4 Monastery Swiftspear
4 Goblin Guide
4 Boros Charm
4 Skewer the Critics
4 Searing Blaze
4 Eidolon of the Great Revel
4 Light Up the Stage
20 Mountain

Sideboard
3 Path to Exile
"""

MTGO = "4 Lightning Bolt\n36 Mountain\n20 Island\n\n2 Blood Moon\n1 Surgical Extraction\n"

ILLEGAL = "5 Lightning Bolt\n4 Hogaak, Arisen Necropolis\n10 Mountain\nsome words\n"


def _event(players: str = "alice bob carol dan", *, structure: str = "", date: str = "2026-11-20") -> str:
    roster = "".join(f"  - {{id: {p}, name: {p.title()}}}\n" for p in players.split())
    return (
        f"name: FNM\ndate: {date}\ngame: mtg\nformat: modern\nseed: 7\n"
        f"structure:\n  pairing: swiss\n  swiss_rounds: 3\n  decklists: after-event\n{structure}"
        f"players:\n{roster}rounds: []\n"
    )


@pytest.fixture
def project(tmp_path: Path) -> Project:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events" / "2026").mkdir(parents=True)
    return Project(tmp_path)


def _file(project: Project, text: str) -> Path:
    path = project.root / "events" / "2026" / "2026-11-20-fnm.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_legal_arena_export_is_written_beside_the_event_and_named_by_the_players_deck(project: Project) -> None:
    path = _file(project, _event())
    outcome = submit_deck(path, project, "alice", BURN.replace("\n", "\r\n"), now=NOW)
    assert isinstance(outcome, Accepted) and outcome.changed
    assert outcome.ref == "decks/2026-11-20-fnm/alice.txt"
    assert (outcome.checked.main, outcome.checked.sideboard) == (60, 3)
    written = (path.parent / outcome.ref).read_text(encoding="utf-8")
    assert written.startswith("Deck\n4 Lightning Bolt (M10) 146\n") and "\r" not in written and "About" not in written
    event = event_at(path, project.root)
    assert event.player_map()["alice"].deck == outcome.ref
    # validate and check-decks read the same list, and find it legal.
    assert "no problems found" in run_ok(project.root, "validate", str(path))
    assert "0 with problems" in run_ok(project.root, "check-decks", str(path))
    # The same list again changes nothing.
    again = submit_deck(path, project, "alice", BURN, now=NOW)
    assert isinstance(again, Accepted) and not again.changed


def test_an_mtgo_export_reads_its_blank_line_as_the_sideboard(project: Project) -> None:
    path = _file(project, _event())
    outcome = submit_deck(path, project, "bob", MTGO, now=NOW)
    assert isinstance(outcome, Accepted)
    assert (outcome.checked.main, outcome.checked.sideboard) == (60, 3)


def test_an_illegal_list_is_refused_with_every_problem_and_nothing_is_written(project: Project) -> None:
    path = _file(project, _event())
    before = path.read_bytes()
    outcome = submit_deck(path, project, "alice", ILLEGAL, now=NOW)
    assert isinstance(outcome, Refused)
    checked = outcome.checked
    assert [(p.line, p.text) for p in checked.problems] == [(4, "some words")]
    # Every rule broken, each as the checker reports it (MTR 6.1 size and copies, MTR 6.4 banned).
    assert sorted(v.code for v in checked.violations) == ["banned", "copies", "deck-size"]
    assert path.read_bytes() == before
    assert not (path.parent / "decks").exists()
    words = outcome_words(outcome)
    assert words.state == "refused"
    assert 'Line 4 cannot be read: "some words"' in words.problems[0]
    assert any('"Hogaak, Arisen Necropolis" is banned in Modern' in p for p in words.problems)
    assert any('5 copies of "Lightning Bolt"' in p for p in words.problems)


def test_the_to_may_take_an_illegal_list_never_an_unreadable_one(project: Project) -> None:
    path = _file(project, _event())
    unreadable = submit_deck(path, project, "alice", ILLEGAL, now=NOW, accept_illegal=True)
    assert isinstance(unreadable, Refused)
    taken = submit_deck(path, project, "alice", ILLEGAL.replace("some words\n", ""), now=NOW, accept_illegal=True)
    assert isinstance(taken, Accepted) and taken.checked.violations
    assert "breaks the rules of Modern" in outcome_words(taken).headline
    _code, out = run_cli(project.root, "validate", str(path))
    assert "Hogaak" in out  # validate warns about the list the TO took


def test_an_empty_or_overlong_list_is_refused(project: Project) -> None:
    path = _file(project, _event())
    empty = submit_deck(path, project, "alice", "\n# nothing\n", now=NOW)
    assert isinstance(empty, Refused) and empty.checked.empty
    assert "No card could be read" in outcome_words(empty).problems[0]
    long = submit_deck(path, project, "alice", "4 Lightning Bolt\n" * 2000, now=NOW)
    assert isinstance(long, Refused) and long.checked.too_long


def test_the_list_is_checked_on_the_event_date(project: Project) -> None:
    # Heartfire Hero is banned in Standard since 2025-06-30 (MTR 6.3): legal for an event the day before.
    deck = "4 Heartfire Hero\n56 Mountain\n"
    for date, legal in (("2025-06-29", True), ("2025-06-30", False)):
        path = _file(project, _event(date=date).replace("format: modern", "format: standard"))
        outcome = submit_deck(path, project, "alice", deck, now=NOW)
        assert isinstance(outcome, Accepted if legal else Refused), (date, outcome)


def test_without_a_deadline_lists_lock_when_round_1_is_paired(project: Project) -> None:
    path = _file(project, _event())
    assert isinstance(submit_deck(path, project, "alice", BURN, now=NOW), Accepted)
    run_ok(project.root, "pair", str(path))
    late = submit_deck(path, project, "bob", BURN, now=NOW)
    assert late == TooLate("bob", None)
    assert "locked when round 1 was paired" in outcome_words(late).headline
    assert not (path.parent / "decks" / "2026-11-20-fnm" / "bob.txt").exists()
    # The TO changes a list after the deadline.
    by_to = submit_deck(path, project, "bob", BURN, now=NOW, after_deadline=True)
    assert isinstance(by_to, Accepted)
    code, out = run_cli(project.root, "submit-deck", str(path), "carol", "-")
    assert code == 1 and "ask the TO" in out and "--after-deadline" in out


def test_a_deadline_in_the_file_decides_with_its_offset(project: Project) -> None:
    path = _file(project, _event(structure="  decklist_deadline: 2026-11-20T18:30+01:00\n"))
    before = dt.datetime(2026, 11, 20, 17, 29, tzinfo=dt.UTC)
    after = dt.datetime(2026, 11, 20, 17, 30, tzinfo=dt.UTC)
    assert isinstance(submit_deck(path, project, "alice", BURN, now=before), Accepted)
    late = submit_deck(path, project, "alice", MTGO, now=after)
    assert isinstance(late, TooLate) and late.deadline == dt.datetime.fromisoformat("2026-11-20T18:30+01:00")
    assert "2026-11-20 18:30 (UTC+01:00)" in outcome_words(late).headline
    # The list handed in before stays as it was.
    assert (path.parent / "decks/2026-11-20-fnm/alice.txt").read_text().startswith("Deck\n4 Lightning Bolt")
    # A deadline set later than round 1 is the one that counts (a league pairs as it goes).
    event = event_at(path, project.root)
    assert not deadline_passed(event, before) and deadline_passed(event, after)


def test_a_deadline_without_an_offset_is_read_on_this_computers_clock(project: Project) -> None:
    path = _file(project, _event(structure="  decklist_deadline: 2026-11-20T18:30\n"))
    event = event_at(path, project.root)
    local = dt.datetime(2026, 11, 20, 18, 29).astimezone()
    assert not deadline_passed(event, local) and deadline_passed(event, local + dt.timedelta(minutes=1))


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("tomorrow", "is not a date and time"),
        ("2026-13-20T18:30", "is not a real date and time"),
        ("'2026-11-20'", "is not a date and time"),
    ],
)
def test_a_bad_deadline_is_a_positioned_error(project: Project, value: str, message: str) -> None:
    path = _file(project, _event(structure=f"  decklist_deadline: {value}\n"))
    code, out = run_cli(project.root, "validate", str(path))
    assert code == 1 and "2026-11-20-fnm.yaml:10:22:" in out and message in out, out


def test_a_player_not_in_the_event_is_an_error_and_nothing_is_written(project: Project) -> None:
    path = _file(project, _event())
    with pytest.raises(IngestError, match="not a player of this event"):
        submit_deck(path, project, "zed", BURN, now=NOW)
    assert not (path.parent / "decks").exists()


def test_a_refused_edit_of_the_event_leaves_no_deck_file_behind(project: Project) -> None:
    # The event file has an error the submission does not fix: the edit is refused, and the
    # list written for it is taken back.
    path = _file(project, _event().replace("swiss_rounds: 3", "swiss_rounds: 99"))
    with pytest.raises(IngestError):
        submit_deck(path, project, "alice", BURN, now=NOW)
    assert not (path.parent / "decks" / "2026-11-20-fnm" / "alice.txt").exists()


def test_a_wheel_of_time_list_with_hero_and_villain_sections_replaces_two_files(project: Project) -> None:
    text = (
        "name: WoT\ndate: 2026-11-20\ngame: wot\nformat: constructed\nseed: 1\n"
        "structure:\n  pairing: wot-cycles\n"
        "players:\n"
        "  - id: alice\n    name: Alice\n    deck:\n      hero: decks/a-hero.txt\n      villain: decks/a-villain.txt\n"
        "  - {id: bob, name: Bob}\n"
        "rounds: []\n"
    )
    path = _file(project, text)
    hero = "".join(f"3 Hero Troop {i} [troop]\n" for i in range(10)) + "".join(
        f"3 Hero Event {i} [event]\n" for i in range(10)
    )
    villain = hero.replace("Hero", "Villain")
    outcome = submit_deck(path, project, "alice", f"Hero\n{hero}Villain\n{villain}", now=NOW)
    assert isinstance(outcome, Accepted), outcome
    assert event_at(path, project.root).player_map()["alice"].deck == outcome.ref
    assert "no problems found" in run_ok(project.root, "validate", str(path))
    # Too many troops in the Hero deck (WoT Deck Limitations: at most half characters and troops).
    bad = submit_deck(path, project, "bob", f"Hero\n{hero}3 Extra Troop [troop]\nVillain\n{villain}", now=NOW)
    assert isinstance(bad, Refused) and [v.code for v in bad.checked.violations] == ["character-ratio"]


def test_the_verdict_is_in_the_sites_language() -> None:
    event = event_at(ROOT / "events/2026/2026-11-13-friday-night-modern.yaml", ROOT)
    from ingest.checks.event_files import event_data

    checked = check_list(ILLEGAL, event, event_data(Project(ROOT)).formats)
    outcome = Refused("kenji-quist", checked)
    with i18n.use("ja"):
        words = outcome_words(outcome)
    english = outcome_words(outcome)
    assert words.headline != english.headline and "Your list" not in words.headline
    assert len(words.problems) == len(english.problems) == 4
    for text in words.problems:
        assert not any(w in text for w in ("cannot be read", "copies of", "is banned in", "has 19 cards")), text
    assert "「Lightning Bolt」" in " ".join(words.problems)


def test_plain_list_keeps_the_cards_as_sent() -> None:
    assert plain_list("\ufeff\n\n4 A  \r\n\r\nSideboard\r\n1 B\n\n") == "4 A\n\nSideboard\n1 B\n"
    assert plain_list("About\nName X\nDeck\n1 A\n") == "Deck\n1 A\n"
    assert plain_list("   \n") == ""


def test_a_team_members_list_is_checked_with_the_teams_other_lists(project: Project) -> None:
    # MTR 8.4: no two decks of a team share a card other than basic lands.
    text = (
        "name: Trios\ndate: 2026-11-20\ngame: mtg\nformat: standard\nseed: 1\n"
        "structure: {pairing: swiss, swiss_rounds: 3, team_size: 3, team_kind: mtr-team}\n"
        "teams:\n  - {id: t1, name: T1, members: [a, b, c]}\n  - {id: t2, name: T2, members: [d, e, f]}\n"
        "players:\n"
        + "".join(f"  - {{id: {p}, name: {p.upper()}, team: {'t1' if p in 'abc' else 't2'}}}\n" for p in "abcdef")
        + "rounds: []\n"
    )
    path = _file(project, text)
    first = submit_deck(path, project, "a", "4 Lightning Strike\n56 Mountain\n", now=NOW)
    assert isinstance(first, Accepted)
    clash = submit_deck(path, project, "b", "4 Lightning Strike\n56 Island\n", now=NOW)
    assert isinstance(clash, Refused)
    assert [v.code for v in clash.checked.violations] == ["unified-deck"]
    assert '"Lightning Strike" is in the decks of a and b' in outcome_words(clash).problems[0]
    # Basic lands may be shared, and another team's lists are not this team's.
    assert isinstance(submit_deck(path, project, "b", "4 Shock\n56 Mountain\n", now=NOW), Accepted)
    assert isinstance(submit_deck(path, project, "d", "4 Lightning Strike\n56 Mountain\n", now=NOW), Accepted)


def test_a_link_out_of_the_events_folder_is_never_written_through(project: Project, tmp_path: Path) -> None:
    path = _file(project, _event())
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    outside.mkdir()
    (path.parent / "decks").mkdir()
    (path.parent / "decks" / "2026-11-20-fnm").symlink_to(outside)
    with pytest.raises(IngestError, match="leads outside the event's folder"):
        submit_deck(path, project, "alice", BURN, now=NOW)
    assert list(outside.iterdir()) == []
    assert event_at(path, project.root).player_map()["alice"].deck is None
