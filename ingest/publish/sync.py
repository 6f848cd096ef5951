"""Writing a tree of files so that it holds exactly a given set, touching only what changed."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ingest.source.storage import read_build_file, read_build_text, write_atomically


@dataclass(frozen=True, slots=True)
class TreeChanges:
    """What :func:`sync_tree` changed (paths relative to the tree)."""

    written: frozenset[str]
    """Files created or rewritten."""
    removed: frozenset[str]
    """Files deleted."""


def _write_new(path: str, data: bytes) -> None:
    """Creates a file with ``data``: three system calls, without Python's buffered file object."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


BUILD_FOLDERS = (".cache", "docs", "fragments", "site")
"""The folders a build keeps in ``build/``."""


def plain_build_folders(build_dir: Path) -> None:
    """Each of :data:`BUILD_FOLDERS` that is there is a folder of its own: one that is a link
    (to a folder outside the build folder) or a file is removed, so nothing a build writes
    goes elsewhere. ``build/`` is disposable, and restored from caches in CI."""
    for name in BUILD_FOLDERS:
        path = build_dir / name
        if path.is_symlink() or (path.exists() and not path.is_dir()):
            path.unlink()


def _plain_folder(folder: Path) -> None:
    """``folder`` as a folder of its own: a link or a file in its place (put there by
    something else: ``build/`` is restored from caches) is removed first."""
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        folder.unlink()
    folder.mkdir(parents=True, exist_ok=True)


def sync_tree(
    target: Path, files: Mapping[str, str | bytes], previous: dict[str, str | bytes] | None = None
) -> TreeChanges:
    """Makes ``target`` hold exactly ``files``; unchanged files are not touched.

    Each changed file is replaced atomically, so unchanged files keep their timestamps
    (which is what lets the site engine rebuild only the pages that changed). The tree
    is listed once. (Files are compared and written in order: threads made it twice as slow,
    the work being mostly the interpreter's between short system calls.)

    ``previous``: what this process wrote into ``target`` the last time (``serve`` keeps it);
    files equal to it are not read from disk again. It is updated to ``files`` on success.
    """
    if previous:
        return _sync_from_memory(target, files, previous)
    changes = _sync_tree(target, files)
    if previous is not None:
        previous.update(files)
    return changes


def _sync_from_memory(target: Path, files: Mapping[str, str | bytes], previous: dict[str, str | bytes]) -> TreeChanges:
    """:func:`sync_tree` when the tree holds ``previous``: only the differences touch the disk."""
    last = dict(previous)
    previous.clear()  # until the tree is in sync again: a failure below means a full comparison next time
    written = {rel for rel, content in files.items() if last.get(rel) is not content and last.get(rel) != content}
    removed = {rel for rel in last if rel not in files}
    for rel in sorted(written):
        content = files[rel]
        write_atomically(target / rel, content.encode("utf-8") if isinstance(content, str) else content, durable=False)
    for rel in sorted(removed):
        (target / rel).unlink(missing_ok=True)
        parent = (target / rel).parent
        while parent != target:
            try:
                parent.rmdir()  # empty folders go
            except OSError:
                break
            parent = parent.parent
    previous.update(files)
    return TreeChanges(frozenset(written), frozenset(removed))


def _sync_tree(target: Path, files: Mapping[str, str | bytes]) -> TreeChanges:
    _plain_folder(target)
    root = os.fspath(target)
    present: set[str] = set()
    folders: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        prefix = "" if rel == "." else rel.replace(os.sep, "/") + "/"
        if prefix:
            folders.append(prefix)
        # The tree is ours: a link in it (to a folder or file elsewhere) was put there by
        # something else, and writing through it would write outside the build folder.
        for name in [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
            os.unlink(os.path.join(dirpath, name))
            dirnames.remove(name)
        for name in filenames:
            if os.path.islink(os.path.join(dirpath, name)):
                os.unlink(os.path.join(dirpath, name))
            else:
                present.add(prefix + name)
    made = {prefix.rstrip("/") for prefix in folders}
    for rel in files:
        parent = rel.rpartition("/")[0]
        if parent and parent not in made:
            os.makedirs(os.path.join(root, parent), exist_ok=True)
            while parent and parent not in made:
                made.add(parent)
                parent = parent.rpartition("/")[0]

    def write(item: tuple[str, str | bytes]) -> str | None:
        rel, content = item
        data = content.encode("utf-8") if isinstance(content, str) else content
        dest = os.path.join(root, rel)
        if rel in present:
            # Read back only a plain file of the same size (never a pipe or a device).
            if read_build_file(dest, len(data)) == data:
                return None
            write_atomically(Path(dest), data, durable=False)
        else:  # a new file: nobody reads a half-written one (the engine runs after this step)
            _write_new(dest, data)
        return rel

    written = {rel for rel in map(write, files.items()) if rel is not None}
    removed = {rel for rel in present if rel not in files}
    for rel in sorted(removed):
        os.unlink(os.path.join(root, rel))
    for prefix in sorted(folders, reverse=True):  # deepest first: empty folders go
        with contextlib.suppress(OSError):  # not empty: still in use
            os.rmdir(os.path.join(root, prefix))
    return TreeChanges(frozenset(written), frozenset(removed))


@dataclass(frozen=True, slots=True)
class DocsChanges:
    """What writing ``build/docs`` and ``build/fragments`` changed."""

    docs: TreeChanges
    fragments: TreeChanges
    fragment_files: Mapping[str, str | bytes]
    """The fragments files this build wrote, by path in ``build/fragments`` (the engine takes
    them from here rather than reading them back)."""


TOKEN = ".cache/docs.token"
"""In the build folder: the token of the build that last wrote the trees."""


def write_docs(
    build_dir: Path, files: Mapping[str, str | bytes], written: dict[str, dict[str, str | bytes]], token: str
) -> tuple[DocsChanges, str]:
    """Writes a build's files into ``build/docs`` and (those under :data:`ingest.site.fragments.PREFIX`)
    ``build/fragments``, touching only what changed; returns the changes and this build's token.

    ``written``: what this process wrote last time, by tree, with the token it left
    (``token``); it stands for the trees only if no other build (another process) wrote them
    since, which the token on disk tells.
    """
    from ingest.site import fragments as fr

    path = build_dir / TOKEN
    on_disk = read_build_text(path, 64) or ""
    if on_disk != token:
        written.clear()
    path.unlink(missing_ok=True)
    docs = sync_tree(
        build_dir / "docs",
        {k: v for k, v in files.items() if not k.startswith(fr.PREFIX)},
        written.setdefault("docs", {}),
    )
    fragment_files = {k[len(fr.PREFIX) :]: v for k, v in files.items() if k.startswith(fr.PREFIX)}
    fragments = sync_tree(build_dir / fr.FOLDER, fragment_files, written.setdefault("fragments", {}))
    token = os.urandom(16).hex()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, token, durable=False)
    return DocsChanges(docs, fragments, fragment_files), token
