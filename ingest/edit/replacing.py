"""Replacing a file that another program (an editor, ``git pull``) may save at the same moment.

A command edits an event file under its lock (:mod:`ingest.edit.locking`), but an editor
takes no lock: it saves in place (truncates the file and writes it) or by rename (writes a
file next to it and renames it over). ``rename(2)`` cannot be conditional, so a command that
compared the file with what it read and then renamed its own version over it would destroy a
save made between the two. :func:`replace_if_unchanged` closes that gap:

1. the new version is written to a temporary file next to the old one and made durable
   (``fsync``, the slow part) *before* the last comparison;
2. the file is opened and compared with what the edit was made on; it stays open;
3. the new version and the file are *exchanged* (Linux ``renameat2(RENAME_EXCHANGE)``):
   atomically, the new version takes the file's name and the file it displaced takes the
   temporary name, so nothing is destroyed and what was displaced can be looked at;
4. what was displaced must be the file compared in step 2 (same inode) and still hold what
   was compared (same size, modification time and bytes: an in-place save that began
   after step 2 truncates or rewrites it). Only then is it removed and the replacement
   reported. Otherwise the displaced save is put back (:func:`_put_back`, again by
   exchanges, so an even newer save is never the one that goes) and the caller is told
   the file changed: it makes its edit again on what is there now.

Where the file system cannot exchange (not Linux; NFS), the new version is renamed over the
file; an in-place save into the compared file is still seen (step 4, through the open file)
and written back, but a rename save in the microseconds between the comparison and the
rename cannot be seen.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import platform
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ingest.core.errors import IngestError

RENAME_EXCHANGE = 2
"""``renameat2``'s flag: swap the two names atomically (Linux 3.15+)."""

_AT_FDCWD = -100
_SYSCALL_NUMBERS = {"x86_64": 316, "aarch64": 276, "arm64": 276}
"""``renameat2`` for a C library too old to have it (glibc before 2.28)."""

_UNSUPPORTED = {errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV}

MAX_COMPARED_BYTES = 64 * 2**20
"""Largest file read to be compared (an event file is at most 8 MB)."""

PUT_BACK_STEPS = 16
"""Exchanges tried to put back a save made while the file was being replaced (each one
only repeats when yet another save arrives within microseconds of the last)."""


def _renameat2() -> Callable[[bytes, bytes, int], int] | None:
    """``renameat2(AT_FDCWD, old, AT_FDCWD, new, flags)`` of the C library (or the system
    call, for a library too old to have it); None where there is none (not Linux)."""
    if platform.system() != "Linux":
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None
    fn = getattr(libc, "renameat2", None)
    if fn is not None:
        fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
        fn.restype = ctypes.c_int
        return lambda old, new, flags: int(fn(_AT_FDCWD, old, _AT_FDCWD, new, flags))
    number = _SYSCALL_NUMBERS.get(platform.machine())
    if number is None:
        return None
    syscall = libc.syscall
    syscall.restype = ctypes.c_long
    return lambda old, new, flags: int(
        syscall(ctypes.c_long(number), _AT_FDCWD, old, _AT_FDCWD, new, ctypes.c_uint(flags))
    )


_RENAMEAT2 = _renameat2()


def exchange(a: Path, b: Path) -> bool:
    """Swaps the files at ``a`` and ``b`` atomically; False when the system or the file
    system cannot (nothing was changed then).

    Raises:
        OSError: either file is missing, or another failure.
    """
    if _RENAMEAT2 is None:
        return False
    if _RENAMEAT2(os.fsencode(a), os.fsencode(b), RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in _UNSUPPORTED:
        return False
    raise OSError(code, os.strerror(code), os.fspath(b))


@dataclass(frozen=True, slots=True)
class Version:
    """One file as it was seen: which file (device, inode) and what it held (size, modification
    time and bytes). A save in place changes the bytes (and, unless it falls within one tick of
    the file system's clock and keeps the size, the time); a save by rename changes the inode."""

    device: int
    inode: int
    size: int
    modified: int
    data: bytes

    def same_file(self, st: os.stat_result) -> bool:
        return (st.st_dev, st.st_ino) == (self.device, self.inode)


def _open(path: Path) -> int | None:
    """The file at ``path`` opened for reading, without following a link or waiting on a pipe;
    None when there is none."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        return os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # a symbolic link put there meanwhile: not the file read
            return None
        raise


def _read_version(fd: int) -> Version | None:
    """What the open file ``fd`` holds now (None: not a regular file; a file larger than
    :data:`MAX_COMPARED_BYTES` is not read, and matches no other)."""
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        return None
    if st.st_size > MAX_COMPARED_BYTES:
        return Version(st.st_dev, st.st_ino, -2, st.st_mtime_ns, b"")
    chunks = []
    offset = 0
    while chunk := os.pread(fd, max(st.st_size + 1, 65536), offset):
        chunks.append(chunk)
        offset += len(chunk)
    after = os.fstat(fd)
    data = b"".join(chunks)
    if (after.st_size, after.st_mtime_ns) != (st.st_size, st.st_mtime_ns) or len(data) != st.st_size:
        return Version(st.st_dev, st.st_ino, -1, -1, data)  # being written: matches nothing
    return Version(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, data)


def _version_at(path: Path) -> Version | None:
    fd = _open(path)
    if fd is None:
        return None
    try:
        return _read_version(fd)
    finally:
        os.close(fd)


def _prepare(path: Path, content: bytes) -> tuple[Path, Version]:
    """The new version, written next to ``path`` and on the disk, with the file's permissions."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(content)
            out.flush()
            os.fsync(out.fileno())
        with contextlib.suppress(OSError):
            os.chmod(tmp, path.stat().st_mode & 0o777)
        mine = _version_at(tmp)
        assert mine is not None
        return tmp, mine
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def replace_if_unchanged(path: Path, content: bytes, expected: bytes) -> bool:
    """Replaces the file at ``path`` with ``content`` if, and only if, it holds ``expected``
    until the moment it is replaced (see the module's docstring).

    Returns True when ``content`` replaced a file that held ``expected`` untouched; False when
    the file was changed (or removed) by something else, in which case that change is on
    disk and ``content`` is not.

    Raises:
        OSError: the new version could not be written (a full disk, a read-only folder);
            the file is as it was.
        IngestError: a save made while the file was replaced could not be put back within
            :data:`PUT_BACK_STEPS` exchanges; it is kept under a name the message gives.
    """
    tmp, mine = _prepare(path, content)
    try:
        fd = _open(path)
        if fd is None:
            return False
        try:
            seen = _read_version(fd)
            if seen is None or seen.size < 0 or seen.data != expected:
                return False
            try:
                if not exchange(tmp, path):
                    return _replace_plainly(tmp, path, fd, seen)
            except FileNotFoundError:  # moved away (an editor keeping a backup): changed
                return False
            displaced = _version_at(tmp)
            if displaced is not None and displaced == seen == _read_version(fd):
                return True  # what was replaced is what the edit was made on, untouched
            _put_back(tmp, path, mine)
            return False
        finally:
            os.close(fd)
    finally:
        tmp.unlink(missing_ok=True)


def _replace_plainly(tmp: Path, path: Path, fd: int, seen: Version) -> bool:
    """Where files cannot be exchanged: rename over, then look at the replaced file through
    ``fd``; a save made into it meanwhile is written back (and the edit made again)."""
    os.replace(tmp, path)
    now = _read_version(fd)
    if now == seen:
        return True
    data = os.pread(fd, os.fstat(fd).st_size + 1, 0)
    from ingest.source.storage import write_atomically

    write_atomically(path, data)
    return False


def _put_back(tmp: Path, path: Path, mine: Version) -> None:
    """After a save was displaced by the replacement (it is at ``tmp``; ``path`` holds ``mine``,
    or a newer save): exchanges until the newest save is at ``path`` and what is left at
    ``tmp`` is older (this command's version, or a save superseded by a later one)."""
    older = mine  # what may go: our version, as written
    for _ in range(PUT_BACK_STEPS):
        putting = _version_at(tmp)
        try:
            exchanged = exchange(tmp, path)
        except FileNotFoundError:  # nothing at the name (moved away by the editor): the save goes there
            try:
                os.link(tmp, path)
                return
            except FileExistsError:
                continue  # a file arrived meanwhile: exchange with it
        if not exchanged:
            raise IngestError(f"{path}: the file system stopped exchanging files; check the file, nothing was lost")
        out = _version_at(tmp)
        if out is None or out == older:
            return
        # What came out arrived (or was changed) after the last exchange: it is newer than
        # what went in, which is now the one that may go.
        if putting is None:
            return
        older = putting
    keep = path.with_name(f"{path.name}.saved-{os.getpid()}")
    os.replace(tmp, keep)
    raise IngestError(
        f"{path} was saved by another program many times while this command replaced it; the file holds "
        f"one version and {keep.name} next to it the other: compare them and keep the right one"
    )
