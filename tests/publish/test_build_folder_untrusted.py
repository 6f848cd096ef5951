"""The build folder is disposable and never trusted.

CI restores ``build/`` from a cache and publishes what the build leaves in ``build/site``:
whatever is found in the build folder that cannot be read or verified is ignored and made
again. Garbage in ``build/.cache`` or ``build/fragments`` ended the next build in a
``UnicodeDecodeError``; content planted in ``build/site`` survived later builds (the
unchanged pages are reused); a build killed between ``replace_dir``'s two renames left no
``build/site`` and copies piled up; the build cache's key file was read without a bound (a
link to ``/dev/zero`` grew to 17 GB, a pipe hung the build).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.queues
import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ingest.cli.main import main
from ingest.publish import cache as build_cache
from ingest.publish import player_book
from ingest.publish.run import build_site
from ingest.publish.site_manifest import manifest_path
from ingest.source.project import Project
from ingest.source.storage import recover_dir
from tests.site_helpers import TODAY, make_project

FORK = multiprocessing.get_context("fork")
MODERN = "2026-11-13-friday-night-modern"


def _tree(base: Path) -> dict[str, bytes]:
    return {p.relative_to(base).as_posix(): p.read_bytes() for p in sorted(base.rglob("*")) if p.is_file()}


def _clean_site(root: Path, tmp: Path) -> dict[str, bytes]:
    """``build/site`` of a clean build of a copy of the project (no build folder, no cache)."""
    other = tmp / "clean"
    shutil.rmtree(other, ignore_errors=True)
    shutil.copytree(root, other, ignore=shutil.ignore_patterns("build"))
    build_site(Project(other), today=TODAY, cache_home=tmp / "clean-keys")
    return _tree(other / "build" / "site")


def _cli_build(root: Path, keys: Path) -> str:
    """``scorekeeper build`` as a user runs it: exit status 0, no traceback."""
    result = CliRunner().invoke(
        main, ["--root", str(root), "build", "--today", TODAY.isoformat()], env={"XDG_CACHE_HOME": str(keys)}
    )
    assert result.exit_code == 0 and result.exception is None, (result.output, result.exception)
    return result.output


def test_garbage_in_the_build_folder_is_ignored_and_made_again(tmp_path: Path) -> None:
    root, keys = tmp_path / "p", tmp_path / "keys"
    make_project(root)
    _cli_build(root, keys)
    build = root / "build"
    docs = _tree(build / "docs")
    fragments = _tree(build / "fragments")
    for rel in (".cache/site.json", ".cache/docs.token", "fragments/index.md.html", "fragments/search.json"):
        (build / rel).write_bytes(b"\xff\xfe\x00 not what a build writes")
    page = next(p for p in sorted((build / "fragments" / "events").rglob("*.md.html")))
    page.unlink()
    os.mkfifo(page)  # a pipe: never waited on
    other = next(p for p in sorted((build / "fragments" / "players").rglob("*.md.html")))
    other.unlink()
    other.symlink_to("/dev/zero")  # never read without end
    _cli_build(root, keys)
    assert _tree(build / "docs") == docs and _tree(build / "fragments") == fragments
    assert not page.is_fifo() and not other.is_symlink()
    assert _tree(build / "site") == _clean_site(root, tmp_path)


def _plant(site: Path, outside: Path) -> None:
    """What an attacker who can write the cached build folder leaves in the site."""
    (site / "evil.html").write_text("<script>planted()</script>")
    index = site / "index.html"
    index.write_text(index.read_text().replace("</body>", "<script>planted()</script></body>"))
    page = site / "players" / "index.html"  # same size, same times: only its bytes differ
    data = page.read_bytes()
    st = page.stat()
    page.write_bytes(data.replace(b"<title>", b"<titlE>", 1))
    os.utime(page, ns=(st.st_atime_ns, st.st_mtime_ns))
    event = site / "events" / MODERN / "index.html"
    event.unlink()
    event.symlink_to(outside / "page.html")  # a page that is a link elsewhere
    (site / "outside").symlink_to(outside, target_is_directory=True)
    os.mkfifo(site / "assets" / "pipe")


@pytest.mark.parametrize("change", ["nothing changed", "an event changed"])
def test_content_planted_in_the_site_never_survives_a_build(tmp_path: Path, change: str) -> None:
    """Nothing changed: the site would be updated in place; an event changed: mkdocs makes the
    changed pages and links the others from the previous site. Either way, only files
    checked against the digests the last build signed are reused."""
    root, keys = tmp_path / "p", tmp_path / "keys"
    project = make_project(root)
    build_site(project, today=TODAY, cache_home=keys)
    site = root / "build" / "site"
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "page.html").write_text("<script>planted()</script>")
    _plant(site, outside)
    if change == "an event changed":
        event = next((root / "events").rglob(f"{MODERN}.yaml"))
        event.write_text(event.read_text().replace("Friday Night Modern 42", "Friday Night Modern Forty-Two"))
    timings = build_site(project, today=TODAY, cache_home=keys)
    assert timings.extra["incremental"] == 0.0  # not updated in place: the site is not the one listed
    if change == "an event changed":
        assert 0 < timings.extra["pages made"] < 100  # the unchanged, verified pages were reused
    after = _tree(site)
    assert not any(b"planted()" in data for data in after.values())
    assert after == _clean_site(root, tmp_path)
    assert not (site / "outside").exists() and not (site / "evil.html").exists()
    assert sorted(p.name for p in outside.iterdir()) == ["page.html"]


def test_a_site_restored_from_a_cache_is_checked_by_its_digests_and_reused(tmp_path: Path) -> None:
    """CI restores ``build/`` with new inodes and times: every file is read and checked
    against its digest, and the site is still updated in place rather than made again."""
    root, keys = tmp_path / "p", tmp_path / "keys"
    project = make_project(root)
    build_site(project, today=TODAY, cache_home=keys)
    build = root / "build"
    shutil.copytree(build, tmp_path / "restored", symlinks=True)
    shutil.rmtree(build)
    shutil.copytree(tmp_path / "restored", build, symlinks=True)
    timings = build_site(project, today=TODAY, cache_home=keys)
    assert timings.extra["incremental"] == 1.0
    assert _tree(build / "site") == _clean_site(root, tmp_path)


def test_a_manifest_signed_with_another_key_reuses_nothing(tmp_path: Path) -> None:
    root, keys = tmp_path / "p", tmp_path / "keys"
    project = make_project(root)
    build_site(project, today=TODAY, cache_home=keys)
    manifest = manifest_path(root / "build")
    signed = manifest.read_bytes()
    build_site(project, today=TODAY, cache_home=tmp_path / "other-keys")  # signs with its own key
    manifest.write_bytes(signed)  # ours again, but the other key's build left the site
    timings = build_site(project, today=TODAY, cache_home=tmp_path / "other-keys")
    assert timings.extra["incremental"] == 0.0 and "pages made" not in timings.extra


def _build_killed_between_the_renames(root: str, keys: str) -> None:
    """A child process: builds, and is killed right after the old site is moved aside."""
    real = os.replace

    def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        real(src, dst)
        if Path(dst).name.startswith(".site.old-"):
            os.kill(os.getpid(), signal.SIGKILL)

    os.replace = replace  # type: ignore[assignment]  # (this process only: it is killed)
    build_site(Project(Path(root)), today=TODAY, cache_home=Path(keys), full=True)


def test_a_build_killed_between_the_two_renames_leaves_the_site_restored(tmp_path: Path) -> None:
    root, keys = tmp_path / "p", tmp_path / "keys"
    project = make_project(root)
    build_site(project, today=TODAY, cache_home=keys)
    build = root / "build"
    before = _tree(build / "site")
    child = FORK.Process(target=_build_killed_between_the_renames, args=(str(root), str(keys)))
    child.start()
    child.join(300)
    assert child.exitcode == -signal.SIGKILL
    assert not (build / "site").exists()
    (aside,) = build.glob(".site.old-*")
    assert _tree(aside) == before
    # The next build puts the lone copy back before anything else (here one that stops
    # after build/docs: the site is left as it was put back)...
    build_site(project, today=TODAY, cache_home=keys, docs_only=True)
    assert _tree(build / "site") == before and list(build.glob(".site.old-*")) == []
    # ...and removes every copy when a site is there.
    for n in (1, 2, 3):
        shutil.copytree(build / "site", build / f".site.old-{n}")
    build_site(project, today=TODAY, cache_home=keys)
    assert list(build.glob(".site.old-*")) == []
    assert _tree(build / "site") == _clean_site(root, tmp_path)


def test_several_copies_and_no_site_all_go(tmp_path: Path) -> None:
    site = tmp_path / "site"
    for n in (1, 2):
        (tmp_path / f".site.old-{n}").mkdir()
        (tmp_path / f".site.old-{n}" / "index.html").write_text(str(n))
    recover_dir(site)
    assert not site.exists() and list(tmp_path.iterdir()) == []


def _at_most_a_gigabyte() -> None:  # (in the child, before it runs)
    # Whatever happens, no more than 1 GB: the old reader grew without end on /dev/zero.
    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))


@pytest.mark.parametrize("kind", ["link to /dev/zero", "pipe", "short file", "link elsewhere"])
def test_the_cache_key_file_is_read_within_bounds_and_made_again(tmp_path: Path, kind: str) -> None:
    home = tmp_path / "scorekeeper"
    home.mkdir()
    path = home / "build-cache.key"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(b"k" * 32)
    if kind == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "pipe":
        os.mkfifo(path)
    elif kind == "short file":
        path.write_bytes(b"short")
    else:
        path.symlink_to(elsewhere)
    # A new process (small, limited in memory, ended after a minute), as a build would be.
    script = "import sys; from pathlib import Path; from ingest.publish import cache; "
    script += "k = cache.signing_key(Path(sys.argv[1])); print(k.hex() if k else '')"
    try:
        proc = subprocess.run(
            [sys.executable, "-c", script, str(home)],
            capture_output=True,
            text=True,
            timeout=60,
            preexec_fn=_at_most_a_gigabyte,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"reading a key file that is a {kind} did not end")
    assert proc.returncode == 0, proc.stderr
    key = bytes.fromhex(proc.stdout.strip())
    assert len(key) == 32 and key != b"k" * 32
    assert path.is_file() and not path.is_symlink() and path.read_bytes() == key
    assert elsewhere.read_bytes() == b"k" * 32  # nothing written through a link
    assert build_cache.signing_key(home) == key  # and it is the key from now on


def test_a_linked_folder_in_the_build_folder_is_never_written_through(tmp_path: Path) -> None:
    """A folder of ``build/`` replaced by a link to a folder elsewhere (or a folder inside
    ``build/docs`` that is one): the build writes its own folder, nothing elsewhere."""
    root, keys = tmp_path / "p", tmp_path / "keys"
    project = make_project(root)
    build_site(project, today=TODAY, cache_home=keys)
    build = root / "build"
    outside = tmp_path / "outside"
    (outside / "docs").mkdir(parents=True)
    (outside / "events").mkdir()
    shutil.rmtree(build / "docs" / "events")
    (build / "docs" / "events").symlink_to(outside / "events", target_is_directory=True)
    shutil.rmtree(build / ".cache")
    (build / ".cache").symlink_to(outside / "docs", target_is_directory=True)
    build_site(project, today=TODAY, cache_home=keys)
    assert sorted(outside.rglob("*")) == [outside / "docs", outside / "events"]
    assert (build / "docs" / "events").is_dir() and not (build / "docs" / "events").is_symlink()
    assert _tree(build / "site") == _clean_site(root, tmp_path)


def _build_in_child(root: str, keys: str, queue: multiprocessing.queues.Queue[object]) -> None:
    # 2 GB more than the test's process had: a cache entry read from /dev/zero ends in a
    # MemoryError (a traceback) rather than taking the machine's memory.
    with open("/proc/self/statm") as statm:
        used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    resource.setrlimit(resource.RLIMIT_AS, (used + 2 * 2**30, used + 2 * 2**30))
    timings = build_site(Project(Path(root)), today=TODAY, cache_home=Path(keys), docs_only=True)
    queue.put((timings.events_made, timings.events_cached))


def test_cache_entries_that_are_pipes_or_links_are_ignored(tmp_path: Path) -> None:
    root, keys = tmp_path / "p", tmp_path / "keys"
    project = make_project(root)
    first = build_site(project, today=TODAY, cache_home=keys, docs_only=True)
    folder = build_cache.cache_folder(keys, project.build_dir)
    entries = sorted((folder / build_cache.FOLDER).glob("*.json"))
    assert len(entries) == first.events_made > 2
    entries[0].unlink()
    os.mkfifo(entries[0])
    entries[1].unlink()
    entries[1].symlink_to("/dev/zero")
    (folder / player_book.BOOK_FILE).unlink()
    (folder / player_book.BOOK_FILE).symlink_to("/dev/zero")
    queue: multiprocessing.queues.Queue[object] = FORK.Queue()
    child = FORK.Process(target=_build_in_child, args=(str(root), str(keys), queue))
    child.start()
    child.join(300)
    if child.is_alive():
        child.kill()
        child.join()
        pytest.fail("a build with a pipe among the cache entries did not end")
    assert child.exitcode == 0
    assert queue.get(timeout=10) == (2, first.events_made - 2)  # those two made again
