"""``pair`` checks the round it appends, not the whole file again (issue 38, point 5:
ingest.checks.appended_round): the edit's outcome, its refusal, the new event and the new
text's kept reading are those of a check of the whole new text, for the engine's own rounds
and for rounds written any way (rematches, byes, drops, players missing, twice or unknown)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ingest.checks.appended_round as appended_round
import ingest.checks.assemblies as assemblies
from ingest.checks import open_round, readings
from ingest.checks.event_files import READERS, event_data, parse_event_text
from ingest.checks.readings import reading_key
from ingest.core.errors import IngestError
from ingest.edit.event_file import Edit, check_event_text, make_edit
from ingest.edit.new_round import round_entry, write_entry
from ingest.edit.splice import Editor
from ingest.planner.outcome import PlannedRound
from ingest.planner.plan import plan_next_round
from ingest.source.appended_round import appended_round_event
from ingest.source.project import Project
from ingest.source.yaml_splice import reread
from ingest.source.yamldoc import parse_yaml

SHOWN = "events/e.yaml"
_SCORES = ["2-0", "2-1", "0-2", "1-2", "1-1-1", "0-0-3"]


def _event_text(rng: random.Random, players: int, played: int, *, drops: bool, byes: bool) -> str:
    """A Swiss event of ``players`` players with ``played`` rounds paired by the engine, their
    results from ``rng`` (a drop written now and then, an awarded bye or two)."""
    roster = "".join(
        f"  - {{id: p{i}, name: Player {i}{', byes: 1' if byes and i < 2 else ''}}}\n" for i in range(players)
    )
    text = (
        "name: Appended\ndate: 2026-12-05\ngame: mtg\nformat: modern\nseed: 3\n"
        f"structure: {{pairing: swiss, swiss_rounds: {played + 2}, best_of: 3}}\nplayers:\n{roster}rounds: []\n"
    )
    for _ in range(played):
        event = _event(text)
        plan = plan_next_round(event)
        assert isinstance(plan, PlannedRound)
        entry = round_entry(plan)
        matches = [
            {**m, "games": rng.choice(_SCORES)} if "players" in m else m
            for m in entry["matches"]  # type: ignore[attr-defined]
        ]
        entry["matches"] = matches
        active = [p for m in matches for p in m.get("players", [])]
        if drops and len(active) > 4 and rng.random() < 0.4:  # (two players at least left to pair)
            entry["drops"] = [rng.choice(active)]
        text = write_entry(text, plan, entry)
    return text


def _append(text: str, entry: dict[str, object]) -> str:
    """``entry`` appended to ``rounds``, as ``pair`` writes a round."""
    editor = Editor(text)
    editor.append_item(("rounds",), entry, block=True)
    return editor.result()


def _event(text: str) -> Any:
    _, event, problems = parse_event_text(text, SHOWN, _PROJECT[0], _DATA[0])
    assert event is not None, [d.render() for d in problems]
    return event


_PROJECT: list[Project] = []
_DATA: list[Any] = []


@pytest.fixture(autouse=True)
def _project(tmp_path_factory: pytest.TempPathFactory) -> None:
    if not _PROJECT:
        root = tmp_path_factory.mktemp("appended")
        (root / "events").mkdir()
        _PROJECT.append(Project(root))
        _DATA.append(event_data(_PROJECT[0]))


def _new_round(rng: random.Random, event: Any, how: str) -> dict[str, object]:
    """The next round as ``pair`` writes it, then changed by hand as ``how`` says."""
    plan = plan_next_round(event)
    assert isinstance(plan, PlannedRound)
    entry = round_entry(plan)
    matches: list[dict[str, Any]] = [dict(m) for m in entry["matches"]]  # type: ignore[attr-defined]
    tables = [m for m in matches if "players" in m]
    ids = [p.id for p in event.players]
    if how == "swap" and len(tables) >= 2:
        a, b = rng.sample(range(len(tables)), 2)
        tables[a]["players"], tables[b]["players"] = (
            [tables[a]["players"][0], tables[b]["players"][1]],
            [tables[b]["players"][0], tables[a]["players"][1]],
        )
    elif how == "missing" and tables:
        matches.remove(rng.choice(tables))
    elif how == "twice" and tables:
        rng.choice(tables)["players"][1] = rng.choice(ids)
    elif how == "unknown" and tables:
        rng.choice(tables)["players"][0] = "nobody"
    elif how == "table" and len(tables) >= 2:
        tables[1]["table"] = tables[0]["table"]
    elif how == "bye":
        matches.append({"bye": rng.choice(ids)})
    elif how == "loss":
        matches.append({"loss": rng.choice(ids)})
    elif how == "result" and tables:
        rng.choice(tables)["games"] = rng.choice(["2-0", "3-0", "1-0", "0-0"])
    elif how == "drop":
        entry["drops"] = [rng.choice(ids)]
    elif how == "number":
        entry["round"] = int(entry["round"]) + 1  # type: ignore[call-overload]
    entry["matches"] = matches
    return entry


def _outcome(text: str, new_text: str) -> tuple[Any, ...]:
    """What make_edit says of the edit from ``text`` to ``new_text``, and what is then kept
    about the new text (its reading, its open round, and its event kept for ``report``, every
    field of it: texts of any length keep one here)."""
    readings.STORE.clear()
    open_round.STORE.clear()
    assemblies.STORE.clear()
    project, data = _PROJECT[0], _DATA[0]
    shortest, assemblies.MIN_CHARS = assemblies.MIN_CHARS, 0
    try:
        made = make_edit(text, SHOWN, project, lambda _t, _e: Edit(new_text, "appended"), data=data)
    except IngestError as exc:
        said: Any = ("refused", exc.text, tuple(exc.diagnostics))
    else:
        said = (made.edit.text, made.fixed, made.remaining, made.warnings)
    finally:
        assemblies.MIN_CHARS = shortest
    key = reading_key(new_text, SHOWN, data.key)
    assert key is not None
    kept = assemblies.STORE.get(key)
    assembly = None if kept is None else (_fields(kept.event), *(_fields(v) for v in dataclasses.astuple(kept)[1:]))
    return said, readings.STORE.get(key), open_round.STORE.get(key), assembly


def _fields(value: Any) -> Any:
    """Every field of a value, those left out of comparisons (positions, YAML paths) included."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, *(_fields(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, tuple | list):
        return tuple(_fields(v) for v in value)
    return value


_HOW = st.sampled_from(
    ["plan", "plan", "swap", "missing", "twice", "unknown", "table", "bye", "loss", "result", "drop", "number"]
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(3, 9),
    played=st.integers(1, 3),
    drops=st.booleans(),
    byes=st.booleans(),
    how=_HOW,
)
def test_the_appended_round_is_checked_as_the_whole_text_is(
    monkeypatch: pytest.MonkeyPatch, seed: int, players: int, played: int, drops: bool, byes: bool, how: str
) -> None:
    rng = random.Random(seed)
    text = _event_text(rng, players, played, drops=drops, byes=byes)
    try:
        new_text = _append(text, _new_round(rng, _event(text), how))
    except IngestError:
        return  # nothing left to pair (everyone dropped)
    fast = _outcome(text, new_text)
    with monkeypatch.context() as m:
        m.setattr(appended_round, "check_appended_round", lambda *args, **kwargs: None)
        whole = _outcome(text, new_text)
    assert fast[:3] == whole[:3]
    # The event kept for report is the whole check's, every field; none when the round adds a
    # finding to the reading (a player missing from it): the first report then reads the text.
    assert fast[3] == whole[3] or (fast[3] is None and _reading(new_text) != _reading(text))


def _reading(text: str) -> list[Any]:
    """What reading and assembling ``text`` finds (its recorded pairings' checks aside)."""
    return parse_event_text(text, SHOWN, _PROJECT[0], _DATA[0], lenient=True)[2]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 9), played=st.integers(1, 3), how=_HOW)
def test_the_appended_round_assembles_the_event_the_whole_text_assembles(
    seed: int, players: int, played: int, how: str
) -> None:
    """Every field of every value, positions included, and the new round's own diagnostics."""
    rng = random.Random(seed)
    text = _event_text(rng, players, played, drops=True, byes=True)
    old_doc, _ = parse_yaml(text, SHOWN, keep_tree=True)
    assert old_doc is not None
    old_event = _event(text)
    try:
        new_text = _append(text, _new_round(rng, old_event, how))
    except IngestError:
        return
    new_doc = reread(old_doc, text, new_text)
    assert new_doc is not None  # a round appended is read from the old reading
    found = appended_round_event(new_doc, old_event, readers=READERS)
    assert found is not None
    event, added = found
    _, whole_event, whole = parse_event_text(new_text, SHOWN, _PROJECT[0], _DATA[0], lenient=True)
    assert _fields(event) == _fields(whole_event)
    _, _, before = parse_event_text(text, SHOWN, _PROJECT[0], _DATA[0])
    assert sorted(added, key=repr) == sorted([d for d in whole if d not in before], key=repr)


def test_pair_takes_the_appended_round_and_checks_no_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's round on a clean event is taken from the check of what it added: the
    rounds before it are not checked again, and the event is not assembled again."""
    text = _event_text(random.Random(1), 8, 2, drops=False, byes=False)
    new_text = _append(text, _new_round(random.Random(1), _event(text), "plan"))
    whole: list[int] = []
    real = check_event_text

    def counting(*args: Any, **kwargs: Any) -> Any:
        whole.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr("ingest.edit.event_file.check_event_text", counting)
    said, kept, waiting, assembly = _outcome(text, new_text)
    assert said[0] == new_text and not said[2]
    assert len(whole) == 1  # the old text's check only
    # Its checks found nothing on the round: a result there is recorded from what was kept.
    assert kept == () and waiting is not None and [t.table for t in waiting.waiting] == [1, 2, 3, 4]
    assert assembly is not None and assembly[0] == _fields(_event(new_text))


def test_a_round_after_a_changed_line_is_checked_whole(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """An edit that appends a round and changes a line before it (a late entry's losses, a
    renamed player) is not the shape: the new text is checked whole."""
    text = _event_text(random.Random(2), 6, 2, drops=False, byes=False)
    new_text = _append(text, _new_round(random.Random(2), _event(text), "plan")).replace(
        "name: Player 3}", "name: Player Three}"
    )
    taken: list[Any] = []
    real = appended_round.check_appended_round

    def spying(*args: Any, **kwargs: Any) -> Any:
        taken.append(real(*args, **kwargs))
        return taken[-1]

    monkeypatch.setattr(appended_round, "check_appended_round", spying)
    said, *_ = _outcome(text, new_text)
    assert said[0] == new_text
    assert taken in ([], [None])


@pytest.mark.parametrize("how", ["plan", "swap", "unknown"])
def test_without_the_old_texts_reading_the_new_text_is_checked_whole(monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """With a community's own rules registered nothing is kept (ingest.checks.readings), so the
    rounds before the new one are not known: the new text is checked whole, to the same end."""
    rng = random.Random(3)
    text = _event_text(rng, 7, 2, drops=False, byes=False)
    new_text = _append(text, _new_round(rng, _event(text), how))
    expected = _outcome(text, new_text)[0]
    taken: list[Any] = []
    real = appended_round.check_appended_round

    def spying(*args: Any, **kwargs: Any) -> Any:
        taken.append(real(*args, **kwargs))
        return taken[-1]

    monkeypatch.setattr(appended_round, "check_appended_round", spying)
    monkeypatch.setattr(readings, "shipped_rules_only", lambda: False)
    readings.STORE.clear()
    try:
        made = make_edit(text, SHOWN, _PROJECT[0], lambda _t, _e: Edit(new_text, "appended"), data=_DATA[0])
    except IngestError as exc:
        said: Any = ("refused", exc.text, tuple(exc.diagnostics))
    else:
        said = (made.edit.text, made.fixed, made.remaining, made.warnings)
    assert said == expected
    assert taken in ([], [None])
