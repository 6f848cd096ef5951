"""The venue's secrets: the key made once in the user's data folder (mode 0600), the codes made
from it (eight characters a player can type from paper, different for every table and every
seating), and the database that keeps each submission once, whatever is sent again."""

from __future__ import annotations

import os
import stat
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ingest.core.errors import IngestError
from ingest.venue.codes import ALPHABET, VenueKeys, load_key, read_code, shown_code
from ingest.venue.store import NewSubmission, Store


def test_the_key_is_made_once_and_readable_by_its_owner_only(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "scorekeeper"
    key = load_key(folder)
    path = folder / "venue.key"
    assert len(key) == 32 and load_key(folder) == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and stat.S_IMODE(folder.stat().st_mode) == 0o700
    os.chmod(path, 0o644)
    with pytest.raises(IngestError, match="other users can read the venue key"):
        load_key(folder)
    os.chmod(path, 0o600)
    path.write_text("not a key\n")
    with pytest.raises(IngestError, match="is not a venue key"):
        load_key(folder)


def test_codes_differ_by_event_round_table_players_and_key() -> None:
    keys = VenueKeys(bytes(32))
    base = keys.match_code("fnm", "rounds/1/3", ["alice", "bob"])
    others = {
        keys.match_code("fnm2", "rounds/1/3", ["alice", "bob"]),
        keys.match_code("fnm", "rounds/2/3", ["alice", "bob"]),
        keys.match_code("fnm", "playoff/1/3", ["alice", "bob"]),
        keys.match_code("fnm", "rounds/1/4", ["alice", "bob"]),
        keys.match_code("fnm", "rounds/1/3", ["alice", "carol"]),
        VenueKeys(bytes(31) + b"\x01").match_code("fnm", "rounds/1/3", ["alice", "bob"]),
    }
    assert base not in others and len(others) == 6
    assert len(base) == 8 and set(base) <= set(ALPHABET) and not set("ILOU") & set(base)


def test_player_codes_differ_by_event_player_and_key_and_are_never_a_match_code() -> None:
    keys = VenueKeys(bytes(32))
    alice = keys.player_code("fnm", "alice")
    others = {
        keys.player_code("fnm", "bob"),
        keys.player_code("fnm2", "alice"),
        VenueKeys(bytes(31) + b"\x01").player_code("fnm", "alice"),
    }
    assert alice not in others and len(others) == 3
    assert len(alice) == 8 and set(alice) <= set(ALPHABET)
    # Domain-separated: the same words under "match" give another code (a player's code opens no
    # match, a match's code no player's page), even for a "subject" that reads like a player id.
    assert alice != keys.match_code("fnm", "alice", [])
    assert keys.is_player_code("fnm", "alice", shown_code(alice).lower())
    assert not keys.is_player_code("fnm", "bob", alice)
    assert not keys.is_player_code("fnm", "alice", "not a code")


@given(st.text(alphabet=st.characters(codec="ascii", categories=["L", "N"]), min_size=1, max_size=20))
def test_a_player_code_is_stable_and_no_two_players_share_one(player: str) -> None:
    keys = VenueKeys(bytes(32))
    code = keys.player_code("fnm", player)
    assert code == keys.player_code("fnm", player)
    assert code != keys.player_code("fnm", player + "x")
    assert read_code(shown_code(code)) == code


@given(st.text(ALPHABET, min_size=8, max_size=8))
def test_a_code_reads_back_however_it_is_typed(code: str) -> None:
    printed = shown_code(code)
    assert read_code(printed) == code
    assert read_code(printed.lower().replace("-", " ")) == code
    assert read_code(printed.replace("0", "O").replace("1", "l")) == code


def test_a_submission_sent_again_is_stored_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "v.sqlite3")
    first = NewSubmission("key-1234567890", "result", "fnm", "rounds/1/1", "alice", "report", {"words": ["2-1"]}, "a")
    stored, fresh = store.submit(first)
    again, fresh_again = store.submit(replace(first, payload={"words": ["2-0"]}))
    assert fresh and not fresh_again and again == stored and again.payload == {"words": ["2-1"]}
    # The same side's newer claim supersedes its older one; the other side's stays.
    store.submit(NewSubmission("key-b", "result", "fnm", "rounds/1/1", "bob", "report", {"words": ["1-2"]}, "b"))
    newer, _ = store.submit(replace(first, key="key-c", payload={"words": ["2-0"]}))
    states = {(s.side, s.key): s.state for s in store.about("fnm", "rounds/1/1")}
    assert states == {
        ("alice", "key-1234567890"): "superseded",
        ("bob", "key-b"): "pending",
        ("alice", "key-c"): "pending",
    }
    # Another connection (the command line) sees it, and the server learns something changed.
    before = store.data_version()
    other = Store(tmp_path / "v.sqlite3")
    other.decide({newer.id: "accepted"})
    assert store.data_version() != before and store.get(newer.id).state == "accepted"  # type: ignore[union-attr]
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
