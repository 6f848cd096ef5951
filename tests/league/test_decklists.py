"""Decklists handed in through issues (the decklist form): the player's own code, the same
hand-in as ``submit-deck`` (checked against the format, written beside the event through the
locked edit, locked at the deadline), GitHub's moment of filing for the deadline, and no
hidden list taken in a public repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.league.issue_form import DECKLIST
from tests.builders import event_at, run_ok
from tests.league.support import EVENT, SLUG, apply, codes, issue_event, make_league
from tests.league.test_hostile import assert_inert

LEGAL = """\
Deck
4 Lightning Bolt
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
ILLEGAL = "5 Lightning Bolt\n4 Hogaak, Arisen Necropolis\n<script>x</script> @admins\n51 Mountain\n"
DECK = "events/2026/decks/2026-11-02-autumn-league/alice-example.txt"
Club = tuple[Path, Path, dict[str, str]]


@pytest.fixture
def club(tmp_path: Path) -> Club:
    root, data = tmp_path / "club", tmp_path / "data"
    make_league(root, pair=False, decklists="public")
    return root, data, codes(root, data, "--players")


def deck_form(code: str, text: str, player: str = "Alice Example") -> dict[str, str]:
    return {"event": SLUG, "player": player, "code": code, "decklist": text}


def alice_deck(root: Path) -> str | None:
    event = event_at(root / EVENT, root)
    deck = next(p.deck for p in event.players if p.id == "alice-example")
    return None if deck is None else str(deck)


def test_a_legal_list_with_the_players_code_is_written_and_named(club: Club) -> None:
    root, data, code = club
    status, answer = apply(
        root, issue_event(20, "alice-ex", deck_form(code["Alice Example"], LEGAL), form=DECKLIST), data
    )
    assert (status, answer["status"]) == (0, "recorded"), answer
    assert answer["files"] == [EVENT, DECK, f".scorekeeper/league/{SLUG}.json"]
    assert alice_deck(root) == "decks/2026-11-02-autumn-league/alice-example.txt"
    assert (root / DECK).read_text(encoding="utf-8") == LEGAL
    # delivered again: nothing written
    status, answer = apply(
        root, issue_event(20, "alice-ex", deck_form(code["Alice Example"], LEGAL), form=DECKLIST), data
    )
    assert (status, answer["files"]) == (0, [])
    # Alice's code is in her public issue: from another account it hands in nothing
    status, answer = apply(
        root, issue_event(21, "mallory", deck_form(code["Alice Example"], ILLEGAL), form=DECKLIST), data
    )
    assert status == 1 and "another account" in answer["reply"]
    assert (root / DECK).read_text(encoding="utf-8") == LEGAL


def test_an_illegal_list_is_refused_with_every_reason_as_text(club: Club) -> None:
    root, data, code = club
    status, answer = apply(
        root, issue_event(20, "alice-ex", deck_form(code["Alice Example"], ILLEGAL), form=DECKLIST), data
    )
    assert (status, answer["files"], answer["labels"]) == (1, [f".scorekeeper/league/{SLUG}.json"], ["refused"])
    assert "Hogaak" in answer["reply"] and "cannot be read" in answer["reply"]
    assert_inert(answer["reply"])
    assert alice_deck(root) is None and not (root / DECK).exists()
    # her code is public now; from another account it hands in nothing
    status, answer = apply(
        root, issue_event(21, "mallory", deck_form(code["Alice Example"], LEGAL), form=DECKLIST), data
    )
    assert status == 1 and "another account" in answer["reply"] and alice_deck(root) is None


@pytest.mark.parametrize("which", ["another player's", "a match's", "garbled"])
def test_only_the_players_own_code_opens_their_list(tmp_path: Path, which: str) -> None:
    root, data = tmp_path / "club", tmp_path / "data"
    make_league(root, decklists="public")
    text = (root / EVENT).read_text(encoding="utf-8")
    later = "decklists: public\n  decklist_deadline: 2030-01-01T00:00:00Z"  # round 1 is paired; lists still open
    (root / EVENT).write_text(text.replace("decklists: public", later), encoding="utf-8")
    own = codes(root, data, "--players")
    seat = codes(root, data)["Alice Example"]  # Alice's code for her match of round 1
    wrong = {"another player's": own["Bob Builder"], "a match's": seat, "garbled": "ABCD-????"}[which]
    status, answer = apply(root, issue_event(20, "mallory", deck_form(wrong, LEGAL), form=DECKLIST), data)
    assert (status, answer["files"]) == (1, []) and "Wrong code" in answer["reply"] and alice_deck(root) is None
    assert apply(root, issue_event(20, "alice-ex", deck_form(own["Alice Example"], LEGAL), form=DECKLIST), data)[0] == 0


def test_a_list_filed_after_the_deadline_is_late(club: Club) -> None:
    root, data, code = club
    run_ok(root, "pair", str(root / EVENT))  # lists lock when round 1 is paired
    status, answer = apply(
        root, issue_event(20, "alice-ex", deck_form(code["Alice Example"], LEGAL), form=DECKLIST), data
    )
    assert (status, answer["labels"]) == (1, ["late"]) and "locked" in answer["reply"]
    assert alice_deck(root) is None


def test_githubs_moment_of_filing_decides_the_deadline(club: Club) -> None:
    root, data, code = club
    text = (root / EVENT).read_text(encoding="utf-8")
    deadline = "decklists: public\n  decklist_deadline: 2026-11-04T20:00:00Z"
    (root / EVENT).write_text(text.replace("decklists: public", deadline), encoding="utf-8")
    event = issue_event(20, "alice-ex", deck_form(code["Alice Example"], LEGAL), form=DECKLIST)
    assert event["issue"]["updated_at"] == "2026-11-04T19:42:11Z"  # before the deadline: in time
    assert apply(root, event, data)[0] == 0
    event["issue"]["updated_at"] = "2026-11-04T20:00:01Z"  # an edit after it: late
    event["action"] = "edited"
    status, answer = apply(root, event, data)
    assert (status, answer["labels"]) == (1, ["late"])


def test_a_hidden_list_is_not_taken_in_a_public_repository(tmp_path: Path) -> None:
    root, data = tmp_path / "club", tmp_path / "data"
    make_league(root, pair=False)  # decklists: after-event
    code = codes(root, data, "--players")
    event = issue_event(20, "alice-ex", deck_form(code["Alice Example"], LEGAL), form=DECKLIST)
    status, answer = apply(root, event, data)
    assert status == 1 and "public" in answer["reply"] and alice_deck(root) is None
    event["repository"]["private"] = True
    assert apply(root, event, data)[0] == 0 and alice_deck(root) is not None
