"""The build cache on disk: an unchanged event is taken from it, and it is data that is checked.

Each test runs ``scorekeeper build`` in new processes, as a user would, with the user's
cache folder (``XDG_CACHE_HOME``: entries and signing key) one of the test's own. What a build writes from the
cache is byte for byte what a clean build writes; an entry that changed in any way after
it was written (truncated, edited, planted, written under another key or by another
version) is ignored and the event is built again; nothing in the build folder runs code.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import pickle
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from ingest.publish import cache as build_cache
from ingest.publish import cache_keys, player_book
from ingest.publish.run import build_site
from ingest.source import storage
from tests.builders import ROOT
from tests.site_helpers import TODAY, make_project

SAMPLE_EVENTS = 8
MODERN = "2026-11-13-friday-night-modern"


class _Payload:
    """Unpickling this runs a shell command that leaves a marker file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return os.system, (f"touch {self.marker}",)


def _env(keys: Path) -> dict[str, str]:
    return {**os.environ, "XDG_CACHE_HOME": str(keys)}


def _build(root: Path, keys: Path, *args: str, today: str = TODAY.isoformat()) -> tuple[int, int]:
    """`scorekeeper build` in a new process: (events made, events from the build cache)."""
    cmd = [sys.executable, "-m", "ingest", "--root", str(root), "build", "--today", today, *args]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False, env=_env(keys))
    assert proc.returncode == 0, proc.stderr
    found = re.search(r"\((\d+) events? made, (\d+) from the build cache\)", proc.stderr)
    assert found, proc.stderr
    return int(found.group(1)), int(found.group(2))


def _tree(base: Path) -> dict[str, bytes]:
    return {p.relative_to(base).as_posix(): p.read_bytes() for p in sorted(base.rglob("*")) if p.is_file()}


def _docs(root: Path) -> dict[str, bytes]:
    out = {}
    for folder in ("docs", "fragments"):
        out.update({f"{folder}/{k}": v for k, v in _tree(root / "build" / folder).items()})
    return out


def _clean_docs(root: Path, tmp: Path) -> dict[str, bytes]:
    """build/docs and build/fragments of a clean build of a copy of the project (no cache)."""
    other, keys = tmp / "clean", tmp / "clean-keys"
    shutil.rmtree(other, ignore_errors=True)
    shutil.rmtree(keys, ignore_errors=True)
    shutil.copytree(root, other, ignore=shutil.ignore_patterns("build"))
    assert _build(other, keys, "--docs-only") == (SAMPLE_EVENTS, 0)
    return _docs(other)


def _folder(root: Path, keys: Path) -> Path:
    """The build cache of ``root``'s build folder, with ``keys`` as the user's cache folder."""
    name = hashlib.sha256(str((root / "build").resolve()).encode()).hexdigest()[:32]
    return keys / "scorekeeper" / "builds" / name


def _entries(root: Path, keys: Path) -> list[Path]:
    return sorted((_folder(root, keys) / build_cache.FOLDER).glob("*.json"))


def _modern(root: Path) -> Path:
    return next((root / "events").rglob(f"{MODERN}.yaml"))


def _entry_of(root: Path, keys: Path, event: Path) -> Path:
    """The entry of one event (the one that goes when the event changes)."""
    before = set(_entries(root, keys))
    text = event.read_text(encoding="utf-8")
    event.write_text(text + "# x\n", encoding="utf-8")
    try:
        _build(root, keys, "--docs-only")
        (gone,) = before - set(_entries(root, keys))
    finally:
        event.write_text(text, encoding="utf-8")
    _build(root, keys, "--docs-only")
    assert gone.is_file()
    return gone


# -- the cache is used, and changes nothing ------------------------------------------------------


def test_a_second_build_takes_every_event_from_the_cache_and_the_site_is_the_same(tmp_path: Path) -> None:
    """A second process reads no event again; with build/docs and build/site deleted in
    between, every file of the site it makes is byte for byte the first build's."""
    root, keys = tmp_path / "p", tmp_path / "keys"
    make_project(root)
    assert _build(root, keys) == (SAMPLE_EVENTS, 0)
    first = {**_docs(root), **{f"site/{k}": v for k, v in _tree(root / "build" / "site").items()}}
    assert len(_entries(root, keys)) == SAMPLE_EVENTS
    assert not (root / "build" / ".cache" / "events").exists(), "nothing of the cache in the build folder"
    for folder in ("docs", "fragments", "site"):
        shutil.rmtree(root / "build" / folder)
    assert _build(root, keys) == (0, SAMPLE_EVENTS)
    second = {**_docs(root), **{f"site/{k}": v for k, v in _tree(root / "build" / "site").items()}}
    assert second.keys() == first.keys()
    assert [k for k in first if first[k] != second[k]] == []


def test_after_one_result_changes_only_that_event_is_built_and_the_output_is_a_clean_builds(tmp_path: Path) -> None:
    root, keys = tmp_path / "p", tmp_path / "keys"
    make_project(root)
    _build(root, keys, "--docs-only")
    event = _modern(root)
    text = event.read_text(encoding="utf-8")
    event.write_text(text.replace("games: 2-0}", "games: 0-2}", 1), encoding="utf-8")
    assert _build(root, keys, "--docs-only") == (1, SAMPLE_EVENTS - 1)
    assert _docs(root) == _clean_docs(root, tmp_path)
    assert len(_entries(root, keys)) == SAMPLE_EVENTS, "the changed event's old entry is gone"


def test_what_an_event_depends_on_besides_its_file_is_checked(tmp_path: Path) -> None:
    """A decklist file, a player's name in players.yaml, a template, mkdocs.yml (the site's
    language) and the build's date each make the events that depend on them built again,
    and the output is a clean build's every time."""
    root, keys = tmp_path / "p", tmp_path / "keys"
    make_project(root)
    _build(root, keys, "--docs-only")
    deck = root / "events" / "2026" / "decks" / "2026-11-13-modern" / "beatrix-petrov.txt"
    deck.write_text(deck.read_text(encoding="utf-8").replace("12 Forest", "11 Forest\n1 Swamp"), encoding="utf-8")
    assert _build(root, keys, "--docs-only") == (1, SAMPLE_EVENTS - 1)
    docs = _docs(root)
    assert b"Swamp" in docs[f"docs/api/events/{MODERN}.mtgo.json"]  # the decklists' one document
    assert docs == _clean_docs(root, tmp_path)

    players = root / "players.yaml"
    players.write_text(players.read_text(encoding="utf-8").replace("Beatrix Takeda", "Beatrix T. Takeda"), "utf-8")
    computed, cached = _build(root, keys, "--docs-only")
    assert computed >= 1 and cached >= 1
    docs = _docs(root)
    assert b"Beatrix T. Takeda" in docs[f"fragments/events/{MODERN}/index.md.html"]
    assert docs == _clean_docs(root, tmp_path)

    template = root / "site_templates" / "event.md.j2"
    template.write_text(template.read_text(encoding="utf-8") + "\n<!-- template changed -->\n", encoding="utf-8")
    assert _build(root, keys, "--docs-only") == (SAMPLE_EVENTS, 0)

    config = root / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("language: en", "language: ja"), encoding="utf-8")
    assert _build(root, keys, "--docs-only") == (SAMPLE_EVENTS, 0)
    assert _build(root, keys, "--docs-only") == (0, SAMPLE_EVENTS)
    assert _build(root, keys, "--docs-only", today="2026-11-23") == (SAMPLE_EVENTS, 0)


def test_a_settled_decklist_file_is_not_read_again_and_its_change_is_seen_whatever_its_times_say(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A decklist file whose size, times and inode are those it had when it was read is not
    read again. Rewritten with text of the same length and its modification time put back,
    it is read (its change time moved) and the event built again. A file that changed just
    before it was read is read again every time (its times cannot tell a change within the
    same tick of the clock)."""
    root, keys = tmp_path / "p", tmp_path / "keys"
    project = make_project(root)
    deck = root / "events" / "2026" / "decks" / "2026-11-13-modern" / "beatrix-petrov.txt"
    reads: list[str] = []
    real_read = storage.read_text

    def counted(path: Path, shown: str, **kwargs: Any) -> Any:
        if path.suffix == ".txt":  # a decklist file (the event files are read too)
            reads.append(path.name)
        return real_read(path, shown, **kwargs)

    monkeypatch.setattr("ingest.publish.decklist_check.read_text", counted)

    def build(settled_before: int) -> tuple[int, int]:
        home = keys / "scorekeeper"
        t = build_site(project, today=TODAY, docs_only=True, cache_home=home, workers=1, settled_before=settled_before)
        return t.events_made, t.events_cached

    now = time.time_ns() - storage.SETTLED_NS  # as the command line gives it: every file was just written
    assert build(now) == (SAMPLE_EVENTS, 0)
    assert build(now) == (0, SAMPLE_EVENTS)
    assert "beatrix-petrov.txt" in reads, "a file changed just before it was read is read again"

    later = time.time_ns() + 10**12  # every file counts as settled
    shutil.rmtree(_folder(root, keys))
    assert build(later) == (SAMPLE_EVENTS, 0)
    reads.clear()
    assert build(later) == (0, SAMPLE_EVENTS)
    assert reads == [], "no settled decklist file is read again"

    before = deck.stat()
    text = deck.read_text(encoding="utf-8")
    changed = text.replace("12 Forest", "12 Foresu")
    assert changed != text and len(changed) == len(text)
    deck.write_text(changed, encoding="utf-8")
    os.utime(deck, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert deck.stat().st_mtime_ns == before.st_mtime_ns and deck.stat().st_size == before.st_size
    assert build(later) == (1, SAMPLE_EVENTS - 1)
    assert "Foresu" in (root / "build" / "fragments" / "events" / MODERN / "decklists.md.html").read_text("utf-8")


def test_scorekeeper_build_gives_the_build_its_start_as_the_time_files_must_have_settled_by(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command line reads the clock (the layers below never do): with files last changed
    well before it starts, its second build reads no decklist file again."""
    from click.testing import CliRunner

    from ingest.cli.main import main

    root, keys = tmp_path / "p", tmp_path / "keys"
    make_project(root)
    monkeypatch.setenv("XDG_CACHE_HOME", str(keys))
    clock = time.time_ns() + 10**12  # the files were written long before this build
    monkeypatch.setattr(time, "time_ns", lambda: clock)
    reads: list[str] = []
    real_read = storage.read_text

    def counted(path: Path, shown: str, **kwargs: Any) -> Any:
        if path.suffix == ".txt":
            reads.append(path.name)
        return real_read(path, shown, **kwargs)

    monkeypatch.setattr("ingest.publish.decklist_check.read_text", counted)
    args = ["--root", str(root), "build", "--docs-only", "--today", TODAY.isoformat()]
    for _ in range(2):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
    assert f"0 events made, {SAMPLE_EVENTS} from the build cache" in result.output
    assert reads == []


# -- the cache is data that is checked --------------------------------------------------------------


def _unsigned(entry: bytes) -> bytes:
    """An entry's content without its signature and its decklists' file signatures: a decklist
    written less than a clock tick before a build has none (it could change unseen), one read
    later has one, so an entry written again differs there by when it was built."""
    body = entry.split(b"\n", 2)[-1]
    return re.sub(rb'("[0-9a-f]{64}",)(null|\[[0-9, ]+\])', rb"\1null", body)


def test_a_truncated_corrupted_or_edited_entry_is_ignored_and_the_event_built_again(tmp_path: Path) -> None:
    root, keys = tmp_path / "p", tmp_path / "keys"
    make_project(root)
    _build(root, keys, "--docs-only")
    clean = _docs(root)
    entry = _entry_of(root, keys, _modern(root))
    data = entry.read_bytes()
    header, _, payload = data.partition(b"\n")
    mac, _, body = payload.partition(b"\n")
    edited = body.replace(b"Kenji Quist", b"<script>alert(1)</script>")
    assert edited != body
    forged_hash = hashlib.sha256(edited).hexdigest().encode()  # a plain hash anyone can compute
    for bad in (
        data[: len(data) // 2],  # truncated
        header + b"\n" + mac + b"\n" + edited,  # edited, the signature left as it was
        header + b"\n" + forged_hash + b"\n" + edited,  # edited, "signed" with a plain hash
        b"",
        b"\xff" * 64,
    ):
        entry.write_bytes(bad)
        assert _build(root, keys, "--docs-only") == (1, SAMPLE_EVENTS - 1)
        assert _docs(root) == clean
        assert _unsigned(entry.read_bytes()) == _unsigned(data), "the event's entry is written again"


def test_an_entry_whose_files_are_corrupted_is_made_again_when_its_files_are_needed(tmp_path: Path) -> None:
    """An unchanged event's files are read from its entry only when build/docs lacks them; an
    entry whose signed header is whole but whose files are not (same size, bytes zeroed) is
    found then, and the event is made again: nothing corrupted reaches build/docs."""
    root, keys = tmp_path / "p", tmp_path / "keys"
    make_project(root)
    _build(root, keys, "--docs-only")
    clean = _docs(root)
    entry = _entry_of(root, keys, _modern(root))
    data = entry.read_bytes()
    entry.write_bytes(data[:-200] + b"\x00" * 200)
    assert _build(root, keys, "--docs-only") == (0, SAMPLE_EVENTS), "build/docs holds its files: not read"
    assert _docs(root) == clean
    shutil.rmtree(root / "build" / "docs")
    shutil.rmtree(root / "build" / "fragments")
    assert _build(root, keys, "--docs-only") == (1, SAMPLE_EVENTS - 1)
    assert _docs(root) == clean
    assert _unsigned(entry.read_bytes()) == _unsigned(data), "the event's entry is written again"


def test_entries_signed_with_another_key_or_of_another_version_are_ignored(tmp_path: Path) -> None:
    """An entry copied from another machine (another key) is not used; nor is one signed
    with this machine's key whose format or version is not this build's, or whose content is
    not an entry at all: the event is built again, nothing fails."""
    root, keys = tmp_path / "p", tmp_path / "keys"
    make_project(root)
    _build(root, keys, "--docs-only")
    clean = _docs(root)
    elsewhere = tmp_path / "other-keys"
    assert _build(root, elsewhere, "--docs-only") == (SAMPLE_EVENTS, 0)
    shutil.rmtree(_folder(root, keys))
    shutil.copytree(_folder(root, elsewhere), _folder(root, keys))
    assert _build(root, keys, "--docs-only") == (SAMPLE_EVENTS, 0), "the other key's entries are not used"
    assert _docs(root) == clean

    entry = _entry_of(root, keys, _modern(root))
    secret = (keys / "scorekeeper" / "build-cache.key").read_bytes()
    key = entry.stem
    head, body = entry.read_bytes().split(b"\n", 3)[2:]
    obj = json.loads(head)

    def signed(header: bytes, files: bytes = b"") -> bytes:
        mac = hmac.new(secret, key.encode() + b"\0" + header, hashlib.sha256).hexdigest().encode()
        return build_cache.MAGIC + mac + b"\n" + header + b"\n" + files

    first, length, sha = obj["files"][0][0], obj["files"][0][2], obj["files"][0][3]
    changes: list[tuple[dict[str, Any], bytes]] = [
        ({"version": "0.0.1"}, body),
        ({"format": cache_keys.CACHE_FORMAT + 1}, body),
        ({"brief": {"history": 1}}, body),
        ({"files": [[first, "text", length + len(body), sha]]}, body),  # past the end
        ({}, body + b"x"),  # bytes after the last file
        ({"files": [[first, "pickle", length, sha], *obj["files"][1:]]}, body),
    ]
    for change, files in changes:
        entry.write_bytes(signed(json.dumps({**obj, **change}).encode(), files))
        assert _build(root, keys, "--docs-only") == (1, SAMPLE_EVENTS - 1)
        assert _docs(root) == clean
    entry.write_bytes(signed(b"[1, 2"))
    assert _build(root, keys, "--docs-only") == (1, SAMPLE_EVENTS - 1)
    entry.write_bytes(signed(json.dumps(obj).encode(), body))  # the entry as it was, signed again
    assert _build(root, keys, "--docs-only") == (0, SAMPLE_EVENTS), "the test signs as the store does"


def test_planted_files_are_neither_run_nor_used(tmp_path: Path) -> None:
    """Pickles that run a command, planted under every name a cache ever used (the old report
    cache's folder in the build folder, the entries' own names) and as the player pages'
    file, never run and never change the pages."""
    root, keys = tmp_path / "p", tmp_path / "keys"
    make_project(root)
    _build(root, keys, "--docs-only")
    clean = _docs(root)
    marker = tmp_path / "pwned"
    payload = pickle.dumps(_Payload(marker))
    cache = root / "build" / ".cache"
    for entry in _entries(root, keys):
        entry.write_bytes(payload)
    (_folder(root, keys) / player_book.BOOK_FILE).write_bytes(build_cache.MAGIC + b"0" * 64 + b"\n" + payload)
    old = cache / "reports"
    old.mkdir(parents=True)
    for path in sorted((root / "events").rglob("*.yaml")):
        name = hashlib.sha256(path.relative_to(root).as_posix().encode() + path.read_bytes()).hexdigest()
        (old / f"{name}.pickle").write_bytes(payload)
        (old / f"{name}.json").write_bytes(payload)
        (cache / "events").mkdir(exist_ok=True)
        (cache / "events" / f"{name}.json").write_bytes(payload)
    for place in (cache, root / "build" / "fragments"):
        (place / "x.pickle").write_bytes(payload)
    assert _build(root, keys, "--docs-only") == (SAMPLE_EVENTS, 0)
    assert not marker.exists()
    assert {k: v for k, v in _docs(root).items() if not k.endswith("x.pickle")} == clean


def test_nothing_in_the_package_unpickles_or_loads_yaml_unsafely() -> None:
    """The one reading path for data files is ingest.source.yamldoc (safe loader); no module
    unpickles (build workers send their results back through multiprocessing, never through
    a file; the build cache is JSON)."""
    offenders = []
    for path in sorted((ROOT / "ingest").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        patterns = (
            r"pickle\.loads?\(",
            r"\bmarshal\.loads?\(",
            r"\bshelve\.",
            r"yaml\.(unsafe_load|full_load|load_all)\(",
            r"Loader=(yaml\.)?(Unsafe|Full)?Loader\b",
            r"BytecodeCache\b",
        )
        for pattern in patterns:
            if re.search(pattern, text):
                offenders.append(f"{path.relative_to(ROOT)}: {pattern}")
    assert offenders == []
