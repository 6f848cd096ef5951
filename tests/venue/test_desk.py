"""The results desk without the server: claims, agreement, disputes, the TO's decisions, and
writing accepted results into the event file (idempotent, through the command line's edit)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ingest.checks.event_files import load_event
from ingest.site.i18n import use
from ingest.source.project import Project
from ingest.venue.apply import Applier, write_result
from ingest.venue.codes import VenueKeys, new_token
from ingest.venue.desk import Desk, Refused
from ingest.venue.events import Events, LiveEvent
from ingest.venue.store import NewSubmission, Store
from ingest.venue.tables import Claim, Table
from tests.builders import run_cli
from tests.venue.support import make_event


@pytest.fixture
def desk(tmp_path: Path) -> Desk:
    path = make_event(tmp_path / "project")
    project = Project(tmp_path / "project")
    events = Events(project, [path], VenueKeys(bytes(range(32))))
    return Desk(events, Store(tmp_path / "data" / "venue.sqlite3"), wake=lambda: None, changed=lambda: None)


def _table(desk: Desk, number: int) -> tuple[LiveEvent, Table]:
    live = desk.events.all()[0]
    return live, next(t for t in live.tables if t.table == number and t.open)


def _claim(desk: Desk, number: int, side: int, device: str, **form: str) -> str:
    live, table = _table(desk, number)
    with use("en"):
        sent = desk.claim(live, table, table.sides[side], form, key=new_token(), device=device)
    return sent.state.state


def _recorded(desk: Desk, number: int) -> str | None:
    live = desk.events.all()[0]
    event = load_event(live.path, desk.events.project).event
    assert event is not None
    match = next(m for m in event.rounds[-1].matches if m.table == number)
    return match.score.notation() if match.score else None


def test_agreement_is_accepted_and_written_once(desk: Desk) -> None:
    assert _claim(desk, 1, 0, "phone-a", result="2-1") == "reported"
    live, table = _table(desk, 1)
    mine = desk.state(table).claim_of(table.sides[0].id)
    assert mine is not None
    # The opponent taps "Confirm": the same result, from the first side's view.
    with use("en"):
        sent = desk.claim(live, table, table.sides[1], {"confirm": str(mine.id)}, key=new_token(), device="phone-b")
    assert sent.state.state == "accepted" and _recorded(desk, 1) is None  # stored, not written yet
    assert write_result(desk.events, desk.store, live.slug, table.subject) is True
    assert _recorded(desk, 1) == "2-1"
    # Written once: nothing is left to write, and a second pass changes nothing.
    assert write_result(desk.events, desk.store, live.slug, table.subject) is False
    assert desk.state(desk.events.all()[0].table(table.subject) or table).state == "recorded"


def test_a_score_from_the_second_side_is_the_first_sides_reversed(desk: Desk) -> None:
    _claim(desk, 2, 1, "phone-b", result="2-0")  # the second player won 2-0
    assert _claim(desk, 2, 0, "phone-a", result="0-2") == "accepted"  # the first agrees: 0-2 from their side
    live, table = _table(desk, 2)
    write_result(desk.events, desk.store, live.slug, table.subject)
    assert _recorded(desk, 2) == "0-2"


def test_different_claims_are_a_dispute_the_to_settles(desk: Desk) -> None:
    _claim(desk, 1, 0, "phone-a", result="2-1")
    assert _claim(desk, 1, 1, "phone-b", result="2-1") == "disputed"  # each says they won 2-1
    live, table = _table(desk, 1)
    state = desk.state(table)
    theirs = state.claim_of(table.sides[1].id)
    assert theirs is not None and len(state.claims) == 2
    with use("en"):
        after = desk.accept(theirs.id, key=new_token())
    assert after.state == "accepted"
    assert {s.side: s.state for s in after.history} == {table.sides[0].id: "rejected", table.sides[1].id: "accepted"}
    write_result(desk.events, desk.store, live.slug, table.subject)
    assert _recorded(desk, 1) == "1-2"


def test_the_tos_setting_holds_agreement_until_the_to_accepts(desk: Desk) -> None:
    desk.set_mode("to")
    _claim(desk, 3, 0, "phone-a", result="2-0")
    assert _claim(desk, 3, 1, "phone-b", result="0-2") == "agreed"
    live, table = _table(desk, 3)
    assert write_result(desk.events, desk.store, live.slug, table.subject) is False and _recorded(desk, 3) is None
    desk.set_mode("agreed")  # turning it back accepts what waits
    assert desk.state(table).state == "accepted"


def test_what_a_phone_may_not_do_is_refused_in_words(desk: Desk) -> None:
    live, table = _table(desk, 1)
    _claim(desk, 1, 0, "phone-a", result="2-1")
    mine = desk.state(table).claim_of(table.sides[0].id)
    assert mine is not None
    with use("en"), pytest.raises(Refused, match=r"This phone already reported for .* at this table; each player"):
        desk.claim(live, table, table.sides[1], {"confirm": str(mine.id)}, key=new_token(), device="phone-a")
    with use("en"), pytest.raises(Refused, match="Choose one of the results offered"):
        desk.claim(live, table, table.sides[1], {"result": "3-0"}, key=new_token(), device="phone-b")
    # A result typed at the desk (report) is the table's result: a phone cannot change it.
    code, out = run_cli(desk.events.project.root, "report", str(live.path), "--table", "1", "0-2")
    assert code == 0, out
    live, table = _table(desk, 1)
    with use("en"), pytest.raises(Refused, match=r"already recorded: .* 0-2 .*Only the TO can change it"):
        desk.claim(live, table, table.sides[1], {"result": "2-0"}, key=new_token(), device="phone-b")
    # The pending claim that differs from the file is shown to the TO, who may replace the file's.
    assert desk.state(table).differs_from_file
    with use("en"):
        desk.accept(mine.id, replace=True, key=new_token())
    write_result(desk.events, desk.store, live.slug, table.subject)
    assert _recorded(desk, 1) == "2-1"


def test_a_round_that_is_over_takes_no_claims(desk: Desk) -> None:
    root = desk.events.project.root
    live = desk.events.all()[0]
    for number, score in ((1, "2-0"), (2, "2-1"), (3, "0-2")):
        assert run_cli(root, "report", str(live.path), "--table", str(number), score)[0] == 0
    assert run_cli(root, "pair", str(live.path))[0] == 0
    live = desk.events.all()[0]
    old = next(t for t in live.tables if t.round == 1 and t.table == 2)
    assert not old.open and old.recorded == Claim(("2-1",))
    with use("en"), pytest.raises(Refused, match="Round 1 is over: its results are now taken by the TO"):
        desk.claim(live, old, old.sides[0], {"result": "2-0"}, key=new_token(), device="phone-a")


def test_a_retried_submission_is_stored_once(desk: Desk) -> None:
    live, table = _table(desk, 1)
    key = new_token()
    with use("en"):
        first = desk.claim(live, table, table.sides[0], {"result": "2-1"}, key=key, device="phone-a")
        again = desk.claim(live, table, table.sides[0], {"result": "2-0"}, key=key, device="phone-a")
    assert first.fresh and not again.fresh and again.submission.id == first.submission.id
    assert [Claim.from_payload(s.payload) for s in desk.store.about(live.slug, table.subject)] == [Claim(("2-1",))]


def test_accepted_and_not_written_is_written_at_the_next_start(desk: Desk) -> None:
    """A server killed after accepting, before writing (or after writing, before marking it
    written): the next start writes what is missing and never writes anything twice."""
    live, table = _table(desk, 2)
    store = desk.store
    new = NewSubmission(new_token(), "result", live.slug, table.subject, table.sides[0].id, "report",
                        Claim(("2-0",)).payload(), "phone-a", state="accepted")  # fmt: skip
    store.submit(new)
    other = _table(desk, 3)[1]
    store.submit(NewSubmission(new_token(), "result", live.slug, other.subject, other.sides[0].id, "report",
                               Claim(("1-2",)).payload(), "phone-c", state="accepted"))  # fmt: skip
    # Table 3's result reached the file before the server stopped; table 2's did not.
    assert run_cli(desk.events.project.root, "report", str(live.path), "--table", "3", "1-2")[0] == 0
    before = live.path.read_text()
    writes: list[int] = []
    applier = Applier(desk.events, store, on_written=lambda: writes.append(1), on_change=lambda: None)
    assert applier.run_once() == 1
    after = live.path.read_text()
    assert _recorded(desk, 2) == "2-0" and _recorded(desk, 3) == "1-2"
    assert sum(a != b for a, b in zip(before.splitlines(), after.splitlines(), strict=True)) == 1
    assert store.unapplied() == [] and applier.run_once() == 0 and live.path.read_text() == after


def test_where_a_table_stands_is_read_from_the_file_as_it_is_now(desk: Desk) -> None:
    """A table read before its result was written (a request that started just before the
    applier wrote) is read again: the phone is told "recorded", never "missing"."""
    live, table = _table(desk, 2)
    _claim(desk, 2, 0, "phone-a", result="2-0")
    _claim(desk, 2, 1, "phone-b", result="0-2")
    write_result(desk.events, desk.store, live.slug, table.subject)
    assert table.recorded is None and desk.state(table).state == "recorded"


def test_a_phone_is_told_in_the_sites_language(desk: Desk) -> None:
    live, table = _table(desk, 1)
    with use("ja"), pytest.raises(Refused, match="表示された結果から選んでください"):
        desk.claim(live, table, table.sides[0], {"result": "7-0"}, key=new_token(), device="a")


def test_one_phone_cannot_make_both_claims_agree(desk: Desk) -> None:
    """A player alone, from one phone, cannot record a result: not by reporting for both sides
    (in one session, or in a second browser at the same address), nor by confirming their own."""
    live, table = _table(desk, 1)
    a, b = table.sides
    with use("en"):
        desk.claim(live, table, a, {"result": "2-1"}, key=new_token(), device="phone-a", address="192.0.2.7")
        for form in ({"result": "1-2"}, {"confirm": str(desk.state(table).claims[0].id)}):
            with pytest.raises(Refused, match=f"This phone already reported for {a.name} at this table"):
                desk.claim(live, table, b, form, key=new_token(), device="phone-a", address="192.0.2.7")
        # A second browser (another session) on the same phone: the same address. Its claim is
        # taken, but agreement from one phone is no agreement: it waits for the TO.
        with pytest.raises(Refused, match="This phone already reported"):
            desk.claim(live, table, b, {"result": "1-2"}, key=new_token(), device="private-tab", address="192.0.2.7")
    assert desk.state(table).state == "reported" and desk.mode == "agreed"


def test_agreement_from_one_address_waits_for_the_to(desk: Desk) -> None:
    """Two sessions at one address (claims stored before the one-side rule, or a shared phone
    the TO allowed): both claims agree, and the table waits for the TO, marked on the TO page."""
    live, table = _table(desk, 2)
    a, b = table.sides
    store = desk.store
    for side, device in ((a, "s1"), (b, "s2")):
        payload = Claim(("2-0",)).payload()  # a claim is stored in the first side's words
        store.submit(
            NewSubmission(
                new_token(),
                "result",
                table.event,
                table.subject,
                side.id,
                "report",
                payload,
                device,
                seated=f"{a.id}|{b.id}",
                address="192.0.2.9",
            )
        )
    state = desk.state(table)
    assert state.state == "agreed" and state.one_phone
    desk.settle_all()
    assert desk.state(table).state == "agreed"  # not accepted: the TO decides
    from ingest.venue.to_view import event_overview

    with use("en"):
        rows = event_overview(desk, live, dt.datetime(2026, 11, 27, 20, 0)).rows
    row = next(r for r in rows if r.table.subject == table.subject)
    assert row.claims and all(c.shared_phone for c in row.claims)


def test_a_claim_counts_only_for_the_players_seated_when_it_was_sent(desk: Desk) -> None:
    """A round paired again may seat other players at a table number: what was sent for the
    old pairing is not theirs (it was read from the old first side's view)."""
    live, table = _table(desk, 3)
    a, b = table.sides
    with use("en"):
        desk.claim(live, table, a, {"result": "2-1"}, key=new_token(), device="phone-a")
    # Accepted for the old pairing but not written yet, and pending for it: both set aside.
    desk.set_mode("to")
    pending = desk.state(table).claims[0]
    moved = Table(
        table.event, table.stage, table.round, table.table, table.label, (b, table.sides[0]), table.kind, None
    )
    assert desk.state(moved).state == "reported"  # the same table, other seating: from the store's view
    from ingest.venue.claims import table_state

    assert table_state(moved, desk.store.about(table.event, table.subject)).state == "missing"
    desk.store.decide({pending.id: "accepted"})
    assert table_state(moved, desk.store.about(table.event, table.subject)).waiting == ()
    assert table_state(table, desk.store.about(table.event, table.subject)).state == "accepted"
