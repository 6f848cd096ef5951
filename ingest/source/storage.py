"""The file-system edge: safe reading and atomic writing.

Only the command line and this module touch the disk. Reading refuses oversized files
and bytes that are not UTF-8 with a positioned diagnostic; writing goes through a
temporary file (or directory) in the same folder and an atomic rename, so a crash or an
error never leaves a half-written event file or site behind.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Iterable, Mapping
from pathlib import Path

from ingest.core.diagnostics import Diagnostic, SourcePos, error

MAX_FILE_BYTES = 24 * 1024 * 1024
"""Largest event or format file accepted (a 2,048-player, 15-round event is ~1.5 MB, a
20,000-player, 15-round one ~10 MB)."""

MAX_NODES = 3_000_000
"""Most values (scalars, lists and mappings) a file may have as written, aliases not expanded.

A 20,000-player, 15-round Swiss event has about 1,000,000 (three per player, six per match)
in about 10 MB: the limit leaves room for three times that, while a file at the byte limit
(:data:`~ingest.source.storage.MAX_FILE_BYTES`) cannot make the composer hold more than a
few gigabytes of nodes."""


def display_path(path: Path, root: Path | None = None) -> str:
    """A path as shown in diagnostics: relative to ``root`` (or the working directory).

    As named first (a symbolic link in the project is shown where it is, not where it
    leads), else with every link followed.
    """
    base = root if root is not None else Path.cwd()
    for named, folder in ((Path(os.path.abspath(path)), Path(os.path.abspath(base))), (path.resolve(), base.resolve())):
        try:
            return named.relative_to(folder).as_posix()
        except ValueError:
            continue
    return path.as_posix()


def is_inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` is named inside ``folder`` (as written: symbolic links are not followed).

    >>> is_inside(Path("/p/events/a.yaml"), Path("/p")), is_inside(Path("/q/a.yaml"), Path("/p"))
    (True, False)
    """
    inner, outer = os.path.abspath(path), os.path.abspath(folder)
    return inner == outer or inner.startswith(outer.rstrip(os.sep) + os.sep)


def leads_outside(path: Path, folder: Path) -> bool:
    """Whether ``path``, once every symbolic link on the way is followed, is outside ``folder``.

    >>> leads_outside(Path("/p/events/a.yaml"), Path("/p")), leads_outside(Path("/p/../etc/x"), Path("/p"))
    (False, True)
    """
    return not is_inside(Path(os.path.realpath(path)), Path(os.path.realpath(folder)))


def outside_problem(shown: str) -> Diagnostic:
    """The error for a project file that leads outside the project folder."""
    return error(
        "outside-project",
        "the file is a symbolic link to a file outside the project folder, which is never read or published",
        SourcePos.file_start(shown),
        "copy the file into the project instead of linking to it",
    )


def links_out(folder: Path, root: Path) -> list[Diagnostic]:
    """An error for each file or folder below ``folder`` (a folder of the project: templates,
    theme overrides) that a symbolic link takes outside the project folder ``root``: what it
    holds would be rendered or copied into the site."""
    out: list[Diagnostic] = []
    if not folder.is_dir() or not is_inside(folder, root):
        return out
    for where, dirs, names in os.walk(folder):
        for name in sorted(dirs + names):
            path = Path(where, name)
            if path.is_symlink() and leads_outside(path, root):
                out.append(outside_problem(display_path(path, root)))
        dirs[:] = [d for d in dirs if not Path(where, d).is_symlink()]
    return out


def read_bytes(
    path: Path, shown: str, *, limit: int = MAX_FILE_BYTES, within: Path | None = None
) -> tuple[bytes | None, list[Diagnostic]]:
    """Reads a regular file of at most ``limit`` bytes.

    A device, a pipe or a folder is refused (``/dev/zero`` would never end, a pipe would
    wait for a writer), and so is a file larger than the limit, however it reports its
    size: at most ``limit + 1`` bytes are ever read.

    Args:
        path: the file to read.
        shown: how the file is named in diagnostics.
        limit: the size limit in bytes.
        within: the project folder, for a file of the project: a file that a symbolic link
            takes outside it is refused (:func:`leads_outside`), as decklist references are.
    """
    at = SourcePos.file_start(shown)
    if within is not None and leads_outside(path, within):
        return None, [outside_problem(shown)]
    try:
        # Without blocking: opening a named pipe would otherwise wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0))
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                what = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file (a device or a pipe)"
                return None, [error("io", f"cannot read the file: it is {what}", at, "name a plain file")]
            if st.st_size > limit:
                return None, [_too_large(st.st_size, limit, at)]
            chunks = []  # one read for a regular file; more if it grew meanwhile
            total = 0
            while total <= limit and (chunk := os.read(fd, max(st.st_size + 1, 65536))):
                chunks.append(chunk)
                total += len(chunk)
            if total > limit:
                return None, [_too_large(total, limit, at)]
            raw = b"".join(chunks)
        finally:
            os.close(fd)
    except OSError as exc:
        return None, [error("io", f"cannot read the file: {exc.strerror or exc}", at)]
    return raw, []


MAX_BUILD_FILE_BYTES = 256 * 2**20
"""Largest file of the build folder or the build cache that is read back (a page, a cache entry)."""


def read_build_file(path: Path | str, limit: int = MAX_BUILD_FILE_BYTES) -> bytes | None:
    """A file the build wrote before (``build/``, the build cache), if it is one: a regular
    file, not a symbolic link, of at most ``limit`` bytes; None otherwise, and on any error.

    The build folder is disposable and may come from elsewhere (CI restores it from a cache):
    whatever is found there is never trusted, and never waited on (a pipe) or read without
    end (a link to ``/dev/zero``). The caller ignores what it gets None for and makes it again.
    """
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        chunks = []
        total = 0
        while chunk := os.read(fd, max(min(st.st_size + 1, limit + 1 - total), 1)):
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                return None
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def read_build_text(path: Path | str, limit: int = MAX_BUILD_FILE_BYTES) -> str | None:
    """:func:`read_build_file` as UTF-8 text; None when it is not that either."""
    data = read_build_file(path, limit)
    if data is None:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


SETTLE_SECONDS = 0.3
"""How long a command that cannot use a file it read waits for it to change: an editor that
saves in place empties the file and writes it again within milliseconds, and a command that
read it in between ("the file is empty") reads it again. Milliseconds on an idle machine; on
a loaded one the editor can be descheduled between the two for a tenth of a second (with
0.1 s, the storm-of-saves test saw a command refused at a load of 10 on two cores). A file
that is really broken is reported this much later."""


def changes_soon(path: Path, seen: bytes | None, seconds: float = SETTLE_SECONDS) -> bool:
    """Whether the file at ``path`` holds something other than ``seen`` (None: nothing
    readable) now or within ``seconds``: a save in progress when it was read."""
    deadline = time.monotonic() + seconds
    while True:
        if read_bytes(path, "")[0] != seen:
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.005)


def _too_large(size: int, limit: int, at: SourcePos) -> Diagnostic:
    return error(
        "file-too-large",
        f"the file is {_megabytes(size)}; the limit is {_megabytes(limit)}",
        at,
        "split it, or move decklists into separate text files next to it",
    )


def _megabytes(size: int) -> str:
    """A size in words.

    >>> _megabytes(8 * 1024 * 1024), _megabytes(1536 * 1024), _megabytes(1000)
    ('8 MB', '1.5 MB', '0.001 MB')
    """
    mb = size / 1024 / 1024
    return f"{mb:.0f} MB" if mb == int(mb) else f"{mb:.1f} MB" if mb >= 0.1 else f"{mb:.3f} MB"


FileSignature = tuple[int, int, int, int]
"""A file's size, modification and change times (ns) and inode: what changes whenever its content does."""

SETTLED_NS = 2_000_000_000
"""A file last changed less than this before a command started may change again within the
same tick of the file system's clock, unseen by its times: the command line gives the build
``settled_before`` = its start minus this."""


def file_signature(path: Path, settled_before: int | None) -> FileSignature | None:
    """What tells, without reading ``path``, that it has not changed since (``os.lstat``).

    None when no time is given, when the file last changed at or after ``settled_before``
    (nanoseconds since the epoch: a later change within the same tick of the clock could go
    unseen) or when it cannot be looked at. Taken before the file is read: a change after
    that changes the signature.
    """
    if settled_before is None:
        return None
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if max(st.st_mtime_ns, st.st_ctime_ns) >= settled_before:
        return None
    return signature_of(st)


def signature_of(st: os.stat_result) -> FileSignature:
    """The :data:`FileSignature` of a file's status."""
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def read_text(
    path: Path, shown: str, *, limit: int = MAX_FILE_BYTES, within: Path | None = None
) -> tuple[str | None, list[Diagnostic]]:
    """Reads a UTF-8 text file, refusing oversized files, devices and invalid bytes.

    Args:
        path: the file to read.
        shown: how the file is named in diagnostics.
        limit: the size limit in bytes.
        within: the project folder, for a file of the project (see :func:`read_bytes`).
    """
    raw, problems = read_bytes(path, shown, limit=limit, within=within)
    if raw is None:
        return None, problems
    return decode_utf8(raw, shown)


def decode_utf8(raw: bytes, shown: str) -> tuple[str | None, list[Diagnostic]]:
    """Decodes UTF-8 (a leading byte-order mark is allowed), positioning any bad byte.

    >>> decode_utf8(b"a: 1\\nb: \\xff\\n", "x.yaml")[1][0].pos.label()
    'x.yaml:2:4'
    """
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        line_start = before.rfind(b"\n") + 1
        col = len(before[line_start:].decode("utf-8", errors="replace")) + 1
        return None, [
            error(
                "encoding",
                f"byte 0x{raw[exc.start]:02X} is not valid UTF-8 text",
                SourcePos(shown, line, col),
                "save the file as UTF-8 (most editors offer it under 'Save with encoding')",
            )
        ]


def write_atomically(path: Path, content: str | bytes, *, durable: bool = True) -> None:
    """Replaces ``path`` with ``content`` atomically (temporary file in the same folder + rename).

    The original file is untouched if anything fails before the rename; its permission
    bits are kept. ``durable``: the data reaches the disk before the rename (an event
    file); files that can be made again (caches, build output) skip that wait.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content.encode("utf-8") if isinstance(content, str) else content)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        with contextlib.suppress(OSError):
            os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def create_atomically(path: Path, content: str | bytes) -> None:
    """Creates ``path`` with ``content``, whole or not at all, unless it exists.

    The content is written to a temporary file next to it and made durable, then given the
    name with a hard link, which fails if the name is taken: two commands creating the same
    file at once cannot both succeed, and no lock file is needed. Where the file system
    has no hard links, the temporary file is renamed once the name is seen free. Folders
    made for it are removed again if it cannot be written (a full disk).

    Raises:
        FileExistsError: ``path`` exists (nothing was written).
        OSError: it cannot be written (nothing was left behind).
    """
    made: list[Path] = []
    parent = path.parent
    while not parent.exists():
        made.append(parent)
        parent = parent.parent
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(content.encode("utf-8") if isinstance(content, str) else content)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp_name, 0o644)
            try:
                os.link(tmp_name, path)
            except FileExistsError:
                raise
            except OSError:  # no hard links here (FAT, some network shares)
                if os.path.lexists(path):
                    raise FileExistsError(errno.EEXIST, "File exists", os.fspath(path)) from None
                os.replace(tmp_name, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp_name)
    except BaseException:
        for folder in made:
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise


def write_tree(target: Path, files: Mapping[str, str | bytes]) -> None:
    """Writes a whole directory tree atomically: build aside, then swap it in.

    The previous ``target`` stays whole until the new tree is complete.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        for rel, content in sorted(files.items()):
            dest = staging / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                dest.write_bytes(content)
            else:
                dest.write_text(content, encoding="utf-8", newline="\n")
        replace_dir(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def replace_dir(new: Path, target: Path) -> None:
    """Moves the finished directory ``new`` into place at ``target``.

    The old tree is renamed aside first (``.<name>.old-<pid>``) and deleted only after the
    swap, so a reader sees either the whole old tree or the whole new one. A process killed
    between the two renames leaves no ``target`` and the old tree aside:
    :func:`recover_dir` puts it back.
    """
    old = None
    if target.exists():
        old = target.with_name(f".{target.name}.old-{os.getpid()}")
        if old.exists():
            shutil.rmtree(old)
        os.replace(target, old)
    try:
        os.replace(new, target)
    except BaseException:
        if old is not None:
            os.replace(old, target)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def recover_dir(target: Path) -> None:
    """Cleans up after :func:`replace_dir` was interrupted: when ``target`` is missing and one
    old tree was left aside, it is put back; every other old tree is removed.

    Call it where no :func:`replace_dir` of ``target`` can be running (under the build lock).
    """
    olds = sorted(target.parent.glob(f".{glob.escape(target.name)}.old-*"))
    if len(olds) == 1 and not os.path.lexists(target) and olds[0].is_dir() and not olds[0].is_symlink():
        os.replace(olds[0], target)
        return
    for old in olds:
        if old.is_dir() and not old.is_symlink():
            shutil.rmtree(old, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                old.unlink()


def find_files(paths: Iterable[Path], suffixes: tuple[str, ...] = (".yaml", ".yml")) -> list[Path]:
    """Expands directories into the YAML files below them, sorted for determinism."""
    found: list[Path] = []
    for p in paths:
        if p.is_dir():
            # Names are filtered before anything is looked up: an events folder also holds
            # thousands of decklist files.
            for folder, _, names in os.walk(p):
                for name in names:
                    if not name.startswith(".") and os.path.splitext(name)[1] in suffixes:
                        f = Path(folder, name)
                        if f.is_file():
                            found.append(f)
        else:
            found.append(p)
    return sorted(set(found), key=lambda f: f.as_posix())


def signature(*paths: Path) -> tuple[tuple[str, int, int], ...]:
    """Name, modification time and size of files (folders: every file below them).

    Cached data is keyed by this, so a long-running ``serve`` notices edited data files.
    """
    out: list[tuple[str, int, int]] = []
    for path in paths:
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for f in files:
            try:
                st = f.stat()
            except OSError:
                continue
            out.append((f.as_posix(), st.st_mtime_ns, st.st_size))
    return tuple(out)
