"""No editor save is lost to a command that replaces the file at the same moment.

An editor takes no lock: it saves in place (empties the file and writes it) or by rename
(writes a file beside it and renames it over). A command that compares the file with what
it read and then renames its version over it would destroy a save made in between; the
replacement is an exchange, and what it displaced is checked and put back
(:mod:`ingest.edit.replacing`). A storm of real saves from another process while commands
edit the file, on a fast and on a slow disk, and each moment of the replacement hit on
purpose.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.queues
import multiprocessing.synchronize
import os
import random
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from filelock import FileLock

import ingest.edit.replacing as replacing
from ingest.cli.main import main
from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.edit.event_file import Edit, edit_event_file
from ingest.edit.locking import lock_path
from ingest.source.project import Project
from tests.builders import ROOT

HEADER = (
    "# editor save 0\n"
    "name: Busy Night\n"
    "date: 2026-12-04\n"
    "game: mtg\n"
    "format: modern\n"
    "seed: 99\n"
    "structure: {pairing: swiss, swiss_rounds: 3, best_of: 3}\n"
    "players:\n" + "".join(f"  - {{id: p{i:02d}, name: Player {i}}}\n" for i in range(1, 17)) + "rounds: []\n"
)
MARK = re.compile(r"^# editor save (\d+)$", re.M)
"""The line only the editor changes: the number of its last save (commands keep comments)."""

FORK = multiprocessing.get_context("fork")


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    path = tmp_path / "events" / "e.yaml"
    path.write_text(HEADER)
    return path


def save_in_place(path: Path, text: str) -> None:
    """As most editors save: the file emptied, then written (one file, the same inode)."""
    with open(path, "w") as out:
        out.write(text)


def save_by_rename(path: Path, text: str) -> None:
    """As other editors (and git) save: a new file beside it, renamed over it."""
    tmp = path.with_name(f"{path.name}~")
    tmp.write_text(text)
    os.replace(tmp, path)


def _marker(text: str) -> int:
    found = MARK.search(text)
    assert found is not None, text
    return int(found[1])


def _editor(path: Path, stop: multiprocessing.synchronize.Event, report: multiprocessing.queues.Queue[object]) -> None:
    """Another process: saves the file over and over, in place or by rename, each save changing
    the marker line; before each save it checks that its last save is still there.

    The check holds the edit lock, so it never looks while a command is replacing the file:
    a command's version can be on disk only for the instant between its exchange and its
    check, and it is not a lost save if it is put back. A save the check misses was
    overwritten by a command that said it succeeded."""
    rng = random.Random(os.getpid())
    lock = FileLock(lock_path(path), thread_local=False, is_singleton=False, poll_interval=0.001)
    saves = {"in place": 0, "by rename": 0}
    lost = {"in place": 0, "by rename": 0}
    last = ""
    n = 0
    while not stop.is_set():
        with lock:
            text = path.read_text()
        if last and _marker(text) != n:
            lost[last] += 1
        n += 1
        time.sleep(rng.random() * 0.003)  # lands anywhere in a command's cycle
        last = rng.choice(("in place", "by rename"))
        (save_in_place if last == "in place" else save_by_rename)(path, MARK.sub(f"# editor save {n}", text))
        saves[last] += 1
    report.put((saves, lost))


def _storm(event_file: Path, commands: int) -> tuple[dict[str, int], dict[str, int], list[str]]:
    """``commands`` renames while the editor process saves; the editor's saves and lost saves,
    and the output of every command that failed."""
    stop, report = FORK.Event(), FORK.Queue()
    editor = FORK.Process(target=_editor, args=(event_file, stop, report))
    editor.start()
    failed = []
    runner = CliRunner()
    rng = random.Random(7)
    try:
        for i in range(commands):
            result = runner.invoke(
                main, ["--root", str(event_file.parents[1]), "rename", str(event_file), "p01", f"Player One {i}"]
            )
            assert result.exception is None or isinstance(result.exception, SystemExit), result.output
            if result.exit_code != 0:
                failed.append(result.output)
            time.sleep(rng.random() * 0.002)  # the lock released for a moment: the editor's check gets it
    finally:
        stop.set()
        saves, lost = report.get(timeout=60)
        editor.join(60)
    return saves, lost, failed


def test_no_save_is_lost_in_a_storm_of_saves(event_file: Path) -> None:
    saves, lost, failed = _storm(event_file, 400)
    assert sum(saves.values()) > 50, saves  # the editor saved all along
    assert lost == {"in place": 0, "by rename": 0}, f"{lost} of {saves} saves were overwritten"
    # A command refuses only when the file kept changing under it, never because it read a
    # save in progress ("the file is empty").
    assert all("kept changing" in out for out in failed), failed


def test_no_save_is_lost_on_a_slow_disk(event_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each write of the command takes 20 ms to reach the disk (fsync): the attack's slow disk."""
    real = os.fsync

    def slow(fd: int) -> None:
        time.sleep(0.02)
        real(fd)

    monkeypatch.setattr(os, "fsync", slow)
    saves, lost, failed = _storm(event_file, 150)
    assert sum(saves.values()) > 20, saves
    assert lost == {"in place": 0, "by rename": 0}, f"{lost} of {saves} saves were overwritten"
    assert all("kept changing" in out for out in failed), failed


# -- each moment of the replacement, hit on purpose -----------------------------------------------


def _rename_player(text: str, event: Event) -> Edit:
    from ingest.edit.corrections import rename_player

    return rename_player(text, event, "p02", "Player Two Renamed")


def _editor_change(path: Path) -> str:
    """The file as the editor saves it: the event's name changed."""
    return path.read_text().replace("name: Busy Night", "name: Busy Night (saved in the editor)")


def _hit_the_exchange(monkeypatch: pytest.MonkeyPatch, saves: int, action: Callable[[Path, Path], None]) -> list[int]:
    """Makes ``action(temporary, file)`` happen right before each of the first ``saves``
    exchanges of the replacement: after the last comparison, before the rename."""
    real = replacing.exchange
    calls = [0]

    def exchange(a: Path, b: Path) -> bool:
        calls[0] += 1
        if calls[0] <= saves:
            action(a, b)
        return real(a, b)

    monkeypatch.setattr(replacing, "exchange", exchange)
    return calls


@pytest.mark.parametrize("save", [save_in_place, save_by_rename])
def test_a_save_between_the_last_comparison_and_the_rename_is_kept(
    event_file: Path, monkeypatch: pytest.MonkeyPatch, save: Callable[[Path, str], None]
) -> None:
    calls = _hit_the_exchange(monkeypatch, 1, lambda tmp, path: save(path, _editor_change(path)))
    outcome = edit_event_file(event_file, Project(event_file.parents[1]), _rename_player)
    text = event_file.read_text()
    assert "name: Busy Night (saved in the editor)" in text  # the save is there
    assert "name: Player Two Renamed" in text  # and the edit, made again on it
    assert outcome.attempts == 2 and calls[0] >= 2
    assert sorted(p.name for p in event_file.parent.iterdir()) == [".e.yaml.lock", "e.yaml"]


def test_an_in_place_save_that_began_before_the_rename_and_ends_after_it_is_kept(
    event_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The editor empties the file before the exchange and writes after it, into the file it
    opened, which the exchange moved aside."""
    real = replacing.exchange
    writing: list[object] = []

    def exchange(a: Path, b: Path) -> bool:
        if not writing:
            new = _editor_change(b)
            handle = open(b, "w")  # noqa: SIM115  (emptied now, written after the exchange)
            writing.append(handle)
            done = real(a, b)
            handle.write(new)
            handle.close()
            return done
        return real(a, b)

    monkeypatch.setattr(replacing, "exchange", exchange)
    outcome = edit_event_file(event_file, Project(event_file.parents[1]), _rename_player)
    text = event_file.read_text()
    assert "name: Busy Night (saved in the editor)" in text and "name: Player Two Renamed" in text
    assert outcome.attempts == 2


def test_a_newer_save_during_the_put_back_is_the_one_kept(event_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save before the exchange is displaced; while it is being put back, the editor saves
    again over the command's version: the newest save ends at the file's name."""
    real = replacing.exchange
    calls = [0]

    def exchange(a: Path, b: Path) -> bool:
        calls[0] += 1
        if calls[0] == 1:
            save_by_rename(b, _editor_change(b))
        elif calls[0] == 2:  # putting the first save back: a second one lands first
            save_by_rename(b, MARK.sub("# editor save 2", HEADER.replace("seed: 99", "seed: 100")))
        return real(a, b)

    monkeypatch.setattr(replacing, "exchange", exchange)
    outcome = edit_event_file(event_file, Project(event_file.parents[1]), _rename_player)
    text = event_file.read_text()
    # The newest save is in the file, and the edit made again on top of it.
    assert "# editor save 2" in text and "seed: 100" in text and "name: Player Two Renamed" in text
    assert outcome.attempts == 2
    assert sorted(p.name for p in event_file.parent.iterdir()) == [".e.yaml.lock", "e.yaml"]


def test_a_file_saved_at_every_attempt_is_refused_and_the_last_save_kept(
    event_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = [0]
    attempts: set[Path] = set()

    def save(tmp: Path, path: Path) -> None:
        if tmp not in attempts:  # once per attempt (each writes its own temporary file)
            attempts.add(tmp)
            saved[0] += 1
            save_by_rename(path, MARK.sub(f"# editor save {saved[0]}", path.read_text()))

    _hit_the_exchange(monkeypatch, 100, save)
    with pytest.raises(IngestError, match="kept changing while this command ran"):
        edit_event_file(event_file, Project(event_file.parents[1]), _rename_player)
    text = event_file.read_text()
    assert _marker(text) == saved[0] == 5 and "Player Two Renamed" not in text
    assert sorted(p.name for p in event_file.parent.iterdir()) == [".e.yaml.lock", "e.yaml"]


def test_saves_at_every_exchange_leave_both_versions_and_say_so(
    event_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save lands before every exchange, those that put a save back too: after
    :data:`~ingest.edit.replacing.PUT_BACK_STEPS` the command stops, and the newest save
    is kept beside the file, named in the message, rather than removed."""
    saved = [0]

    def save(tmp: Path, path: Path) -> None:
        saved[0] += 1
        save_by_rename(path, MARK.sub(f"# editor save {saved[0]}", HEADER))

    _hit_the_exchange(monkeypatch, 1000, save)
    with pytest.raises(IngestError, match=r"e\.yaml\.saved-\d+ next to it") as caught:
        edit_event_file(event_file, Project(event_file.parents[1]), _rename_player)
    kept = next(event_file.parent.glob("e.yaml.saved-*"))
    assert kept.name in str(caught.value)
    assert _marker(kept.read_text()) == saved[0]  # the newest save
    assert _marker(event_file.read_text()) == saved[0] - 1


@pytest.mark.parametrize("save", [save_in_place, save_by_rename])
def test_a_save_as_the_command_reads_is_kept(
    event_file: Path, monkeypatch: pytest.MonkeyPatch, save: Callable[[Path, str], None]
) -> None:
    """The last comparison itself sees the save (no exchange needed)."""
    done: list[int] = []

    def edit(text: str, event: Event) -> Edit:
        if not done:
            done.append(1)
            save(event_file, _editor_change(event_file))
        return _rename_player(text, event)

    outcome = edit_event_file(event_file, Project(event_file.parents[1]), edit)
    text = event_file.read_text()
    assert "(saved in the editor)" in text and "Player Two Renamed" in text
    assert outcome.attempts == 2


def test_without_an_exchange_an_in_place_save_into_the_replaced_file_is_written_back(
    event_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file system that cannot exchange files (a plain rename then): a save into the file
    the rename replaced is still seen, through the file the command compared, and kept."""
    real_replace = os.replace
    hit: list[int] = []

    def replace_while_saving(src: str | Path, dst: str | Path) -> None:
        if not hit and Path(dst) == event_file:
            hit.append(1)
            handle = open(dst, "w")  # noqa: SIM115  (emptied before the rename, written after)
            new = HEADER.replace("name: Busy Night", "name: Busy Night (saved in the editor)")
            real_replace(src, dst)
            handle.write(new)
            handle.close()
            return
        real_replace(src, dst)

    monkeypatch.setattr(replacing, "exchange", lambda a, b: False)
    monkeypatch.setattr(os, "replace", replace_while_saving)
    outcome = edit_event_file(event_file, Project(event_file.parents[1]), _rename_player)
    text = event_file.read_text()
    assert "(saved in the editor)" in text and "Player Two Renamed" in text
    assert outcome.attempts == 2


@pytest.mark.parametrize(
    "command", [("rename", "p02", "Player Two Renamed"), ("standings",), ("pair", "--dry-run")], ids=lambda c: c[0]
)
def test_a_command_that_reads_the_file_mid_save_reads_it_again(event_file: Path, command: tuple[str, ...]) -> None:
    """The editor has emptied the file and not written it yet when the command reads it
    ("the file is empty"): the command waits and reads the saved file."""
    full = event_file.read_text()
    event_file.write_text("")
    ready = FORK.Event()

    def finish_the_save() -> None:
        ready.wait(10)
        time.sleep(0.02)
        event_file.write_text(full)

    writer = FORK.Process(target=finish_the_save)
    writer.start()
    ready.set()
    verb, *rest = command
    result = CliRunner().invoke(main, ["--root", str(event_file.parents[1]), verb, str(event_file), *rest])
    writer.join(30)
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "empty" not in result.output
    if verb == "rename":
        assert "Player Two Renamed" in event_file.read_text()
    else:
        assert "Player 16" in result.output


def test_an_empty_file_is_still_refused_after_the_wait(event_file: Path) -> None:
    event_file.write_text("")
    result = CliRunner().invoke(main, ["--root", str(event_file.parents[1]), "rename", str(event_file), "p02", "X"])
    assert result.exit_code == 1 and "the file is empty" in result.output
    assert event_file.read_text() == ""
