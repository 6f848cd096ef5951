"""Every command that writes an event file, on a full disk and in a read-only folder: one line
of error naming the file, exit status 1, no traceback, nothing written; a dry run writes
nothing and so works in a read-only folder.

As root (every machine of this project) the disk is a real one: a small tmpfs filled up, or
remounted read-only (root passes permission bits, not a read-only mount). Elsewhere the folder
is made read-only with its permission bits, and the full disk is the error the system gives
when a file is created on one.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from ingest.cli.main import main

ROSTER = "".join(f"  - {{id: p{i}, name: Player {i}}}\n" for i in range(1, 7))


def _event(name: str) -> str:
    return (
        f"name: {name}\ndate: 2026-11-20\ngame: mtg\nformat: modern\nseed: 5\n"
        "structure: {pairing: swiss, swiss_rounds: 3, best_of: 3}\n"
        f"players:\n{ROSTER}rounds: []\n"
    )


def _cli(root: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["--root", str(root), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), (result.output, result.exception)
    return result.exit_code, result.output


def _make_project(root: Path) -> None:
    """Three events: one not paired (``fresh``), one with round 1 paired, nothing reported and
    a late entry (``paired``), one with a result in and a player dropped (``going``)."""
    events = root / "events" / "2026"
    events.mkdir(parents=True)
    (root / "mkdocs.yml").write_text("site_name: Test\n")
    for name in ("fresh", "paired", "going"):
        (events / f"{name}.yaml").write_text(_event(name.title()))
    for name in ("paired", "going"):
        assert _cli(root, "pair", str(events / f"{name}.yaml"))[0] == 0
    # A late entry: `pair --redo` pairs round 1 again with them.
    assert _cli(root, "add-player", str(events / "paired.yaml"), "--id", "p7", "--name", "Player 7")[0] == 0
    # Each file edited once already, as on event night: its lock file is there.
    assert _cli(root, "add-player", str(events / "fresh.yaml"), "--id", "p7", "--name", "Player 7")[0] == 0
    going = str(events / "going.yaml")
    assert _cli(root, "report", going, "--table", "1", "2-0")[0] == 0
    assert _cli(root, "drop", going, "p6")[0] == 0


COMMANDS = [
    ("new", "--name", "Other Night", "--date", "2026-11-21", "--game", "mtg", "--format", "modern", "--rounds", "3"),
    ("add-player", "fresh", "--name", "Zed Late"),
    ("rename", "fresh", "p1", "Pia"),
    ("pair", "fresh"),
    ("pair", "paired", "--redo"),
    ("report", "paired", "--table", "2", "2-1"),
    ("report", "going", "--round", "1", "--table", "1", "0-2", "--replace"),
    ("clear", "going", "--table", "1"),
    ("drop", "going", "p2"),
    ("undrop", "going", "p6"),
]


def _args(root: Path, command: tuple[str, ...]) -> list[str]:
    events = root / "events" / "2026"
    return [str(events / f"{a}.yaml") if (events / f"{a}.yaml").exists() else a for a in command]


def _state(root: Path) -> dict[str, bytes]:
    """Every file and folder of the project, and every file's bytes."""
    out = {}
    for path in sorted(root.rglob("*")):
        out[path.relative_to(root).as_posix()] = path.read_bytes() if path.is_file() else b"<folder>"
    return out


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


@contextlib.contextmanager
def _tmpfs(where: Path, size: str) -> Iterator[bool]:
    """A tmpfs of ``size`` mounted at ``where`` (as root); yields whether it is one."""
    where.mkdir(parents=True, exist_ok=True)
    command = ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)]
    mounted = _is_root() and subprocess.run(command, check=False).returncode == 0
    try:
        yield mounted
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(where)], check=False)


def _fill(root: Path) -> None:
    """Fills the disk ``root`` is on."""
    with open(root / "filler", "wb", buffering=0) as filler, contextlib.suppress(OSError):
        while True:
            filler.write(b"\0" * 4096)


@pytest.fixture
def full_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A project on a disk with no space left."""
    root = tmp_path / "disk"
    with _tmpfs(root, "512k") as real:
        _make_project(root)
        if real:
            _fill(root)
            with pytest.raises(OSError, match="No space left"):
                (root / "probe").write_bytes(b"x" * 8192)
        else:

            def no_space(*args: object, **kwargs: object) -> tuple[int, str]:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

            monkeypatch.setattr(tempfile, "mkstemp", no_space)
        yield root


@pytest.fixture
def read_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, str]]:
    """A project in a folder nothing can be written to, and what the system says then."""
    root = tmp_path / "ro"
    with _tmpfs(root, "4m") as real:
        _make_project(root)
        if real:
            subprocess.run(["mount", "-o", "remount,ro", str(root)], check=True)
            with pytest.raises(OSError, match="Read-only file system"):
                (root / "probe").write_text("x")
            yield root, "Read-only file system"
        elif _is_root():  # root where no file system can be mounted: the system's error, injected

            def read_only_fs(*args: object, **kwargs: object) -> tuple[int, str]:
                raise OSError(errno.EROFS, os.strerror(errno.EROFS))

            monkeypatch.setattr(tempfile, "mkstemp", read_only_fs)
            yield root, "Read-only file system"
        else:
            folders = [root, *(p for p in root.rglob("*") if p.is_dir())]
            for folder in folders:
                folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
            try:
                yield root, "Permission denied"
            finally:
                for folder in folders:
                    folder.chmod(0o755)


def _one_line_error(out: str, *, expected: str) -> None:
    errors = [line for line in out.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and expected in errors[0] and "nothing was written" in errors[0], out
    assert "Traceback" not in out


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c[:2]) for c in COMMANDS])
def test_every_edit_on_a_full_disk_is_one_line_and_writes_nothing(full_disk: Path, command: tuple[str, ...]) -> None:
    before = _state(full_disk)
    code, out = _cli(full_disk, *_args(full_disk, command))
    assert code == 1, out
    _one_line_error(out, expected="No space left on device")
    assert _state(full_disk) == before


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c[:2]) for c in COMMANDS])
def test_every_edit_in_a_read_only_folder_is_one_line_and_writes_nothing(
    read_only: tuple[Path, str], command: tuple[str, ...]
) -> None:
    root, says = read_only
    before = _state(root)
    code, out = _cli(root, *_args(root, command))
    assert code == 1, out
    _one_line_error(out, expected=says)
    assert _state(root) == before


def test_a_dry_run_needs_nothing_written(read_only: tuple[Path, str]) -> None:
    root, _ = read_only
    event = root / "events" / "2026" / "fresh.yaml"
    code, out = _cli(root, "pair", str(event), "--dry-run")
    assert code == 0, out
    assert "Round 1" in out and "Player 1" in out
    code, out = _cli(root, "pair", str(event), "--dry-run", "--json")
    assert code == 0 and '"written": false' in out, out


def test_a_full_disk_leaves_no_folder_behind(tmp_path: Path) -> None:
    """``new`` for a year whose folder does not exist yet: the folder goes too."""
    root = tmp_path / "disk"
    with _tmpfs(root, "64k") as real:
        if not real:  # the folder is made, then the write fails as on a full disk
            root.mkdir(exist_ok=True)
        (root / "events").mkdir()
        before = _state(root)
        with contextlib.ExitStack() as stack:
            if real:
                _fill(root)
                before = _state(root)
            else:
                mp = stack.enter_context(pytest.MonkeyPatch.context())

                def no_space(*args: object, **kwargs: object) -> tuple[int, str]:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

                mp.setattr(tempfile, "mkstemp", no_space)
            code, out = _cli(
                root, "new", "--name", "Far Night", "--date", "2031-01-09", "--game", "mtg", "--format", "modern"
            )
        assert code == 1 and "No space left on device" in out, out
        assert _state(root) == before


def test_a_first_edit_on_a_full_disk_leaves_at_most_its_empty_lock_file(full_disk: Path) -> None:
    """A file never edited before has no lock file yet: the command makes one (an empty,
    hidden file that git ignores) before it finds the disk full, and leaves it, as every
    command does (a lock file removed while another command waits on it would let two hold
    the lock). Nothing else is written."""
    events = full_disk / "events" / "2026"
    (events / ".fresh.yaml.lock").unlink()
    before = _state(full_disk)
    code, out = _cli(full_disk, "rename", str(events / "fresh.yaml"), "p1", "Pia")
    assert code == 1 and "No space left on device" in out, out
    after = _state(full_disk)
    assert {k: v for k, v in after.items() if k != "events/2026/.fresh.yaml.lock"} == before
    assert after.get("events/2026/.fresh.yaml.lock", b"") == b""
