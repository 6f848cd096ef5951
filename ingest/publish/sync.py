"""Writing build/docs and build/fragments so that they hold exactly a build's files, touching only what changed."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ingest.publish.cache_entries import content_digest
from ingest.source.storage import read_build_file, read_build_text, write_atomically


@dataclass(frozen=True, slots=True)
class TreeChanges:
    """What :func:`write_docs` changed in one tree (paths relative to the tree)."""

    written: frozenset[str]
    """Files created or rewritten."""
    removed: frozenset[str]
    """Files deleted."""


def _write_new(path: str, data: bytes) -> None:
    """Creates a file with ``data``: three system calls, without Python's buffered file object."""
    write_all(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666), data)


def write_all(fd: int, data: bytes) -> None:
    """Writes the whole of ``data`` to the open file ``fd`` (a write may take part of it), then closes it."""
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


@dataclass(frozen=True, slots=True)
class FileGroup:
    """Files of a build kept elsewhere until they must be written (an event's, in the build
    cache): their paths and content digests, and how to have them."""

    listing: tuple[tuple[str, str], ...]
    """Each file's path (as in a build's files) and :func:`~ingest.publish.cache_entries.content_digest`."""
    load: Callable[[], Mapping[str, str | bytes]]
    """The files, by path (called only when one of them is not in the trees as listed)."""
    made: bool = False
    """The files are made when loaded (always loaded): the listing names their paths, its
    digests empty; the files as made are written and recorded, whatever the listing says."""


@dataclass(frozen=True, slots=True)
class DocsRecord:
    """What a build wrote into ``build/docs`` and ``build/fragments``: each file's content
    digest, by its path as in a build's files (fragments under :data:`~ingest.site.fragments.PREFIX`).

    It stands for the trees while the token the build left in the build folder (:data:`TOKEN`)
    is still there and the two folders are the ones it wrote into: another build (another
    process) leaves another token, and a folder removed and made again is another folder.
    """

    token: str
    folders: tuple[tuple[int, int, int], ...]
    """Each tree's device, inode and change time once written (a folder removed and made
    again may get the same inode number, never the same change time)."""
    files: Mapping[str, str]
    since: str = ""
    """The token of the record the trees were written from (:func:`write_docs` compared them
    with it rather than with the files on disk); empty: none."""
    changed: Mapping[str, str | None] = field(default_factory=dict)
    """The entries of :attr:`files` that differ from that record's (None: removed), as
    :func:`write_docs` found them file by file: what keeping the record appends, without
    comparing every entry again (at 10,000 weekly events, some 90,000)."""


def _folder_ids(build_dir: Path) -> tuple[tuple[int, int, int], ...] | None:
    from ingest.publish import page_finish as pf

    out = []
    for name in ("docs", pf.FOLDER):
        try:
            st = os.lstat(build_dir / name)
        except OSError:
            return None
        out.append((st.st_dev, st.st_ino, st.st_ctime_ns))
    return tuple(out)


class StoredFragments(Mapping[str, "str | bytes"]):
    """A build's fragments files by path in the fragments folder: those it made, from memory,
    the others (an unchanged event's, not read from the build cache) from the folder.

    Which files there are is the record's listing (paths under ``prefix``), looked up as
    asked: a build that runs no engine asks for the few fragments it swaps into pages, and is
    not made to list the record's every file (at 10,000 weekly events, some 90,000)."""

    def __init__(self, folder: Path, made: Mapping[str, str | bytes], listed: Mapping[str, str], prefix: str) -> None:
        self.folder = folder
        self.made = made
        self.listed = listed
        self.prefix = prefix

    def __getitem__(self, name: str) -> str | bytes:
        if name in self.made:
            return self.made[name]
        if self.prefix + name not in self.listed:
            raise KeyError(name)
        data = read_build_file(self.folder / name)
        if data is None:
            raise KeyError(name)
        return data

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.prefix + name in self.listed

    def __iter__(self) -> Iterator[str]:
        cut = len(self.prefix)
        return (rel[cut:] for rel in self.listed if rel.startswith(self.prefix))

    def __len__(self) -> int:
        return sum(1 for rel in self.listed if rel.startswith(self.prefix))


def write_docs(
    build_dir: Path,
    files: Mapping[str, str | bytes],
    groups: Sequence[FileGroup] = (),
    record: DocsRecord | None = None,
    known: Mapping[str, tuple[str | bytes, str]] | None = None,
) -> tuple[DocsChanges, DocsRecord]:
    """Writes a build's files into ``build/docs`` and (those under :data:`ingest.site.fragments.PREFIX`)
    ``build/fragments``, touching only what changed; returns the changes and the record of
    what the trees now hold.

    ``files``: files in memory; ``groups``: files kept elsewhere, loaded one group at a time
    only when one of its files is not in the trees as listed. ``record``: what the last build
    wrote (:class:`DocsRecord`); when it stands for the trees, the trees are not read at
    all, else every file is compared with the one on disk. ``known``: the content digests of
    some of ``files``, each with the text it is of (taken only for that very text: a file
    of ``files`` that is another is hashed).
    """
    from ingest.publish import page_finish as pf
    from ingest.site import fragments as fr

    token_path = build_dir / TOKEN
    on_disk = read_build_text(token_path, 64) or ""
    docs_dir, frag_dir = build_dir / "docs", build_dir / pf.FOLDER
    valid = record is not None and record.token == on_disk and record.folders == _folder_ids(build_dir)
    token_path.unlink(missing_ok=True)  # until the trees are written: a failure means a full comparison next time
    _plain_folder(docs_dir)
    _plain_folder(frag_dir)
    before: Mapping[str, str] = record.files if valid and record is not None else {}
    present: set[str] = set()
    folders: list[str] = []
    if not valid:
        for prefix, top in (("", docs_dir), (fr.PREFIX, frag_dir)):
            _walk_tree(top, prefix, present, folders)
    made: set[str] = set()
    written: set[str] = set()
    changed: set[str] = set()
    now: dict[str, str] = {}
    held = before.items()

    def where(rel: str) -> str:
        return (
            os.path.join(frag_dir, rel[len(fr.PREFIX) :]) if rel.startswith(fr.PREFIX) else os.path.join(docs_dir, rel)
        )

    def put(rel: str, content: str | bytes, sha: str) -> None:
        now[rel] = sha
        if before.get(rel) == sha:
            return
        changed.add(rel)
        data = content.encode("utf-8") if isinstance(content, str) else content
        dest = where(rel)
        if rel in present:
            # Read back only a plain file of the same size (never a pipe or a device).
            if read_build_file(dest, len(data)) == data:
                return
            write_atomically(Path(dest), data, durable=False)
        else:
            parent = os.path.dirname(dest)
            if parent not in made:
                os.makedirs(parent, exist_ok=True)
                made.add(parent)
            if rel in before:
                write_atomically(Path(dest), data, durable=False)
            else:  # a new file: nobody reads a half-written one (the engine runs after this step)
                _write_new(dest, data)
        written.add(rel)

    for group in groups:
        if group.made:
            contents = group.load()
            for rel, content in contents.items():
                put(rel, content, content_digest(content))
            del contents
            continue
        if valid and all(map(held.__contains__, group.listing)):  # (one call a group: each file looked up in C)
            now.update(group.listing)
            continue
        contents = group.load()
        for rel, sha in group.listing:
            put(rel, contents[rel], sha)
        del contents
    known = known or {}
    for rel, content in files.items():
        found = known.get(rel)
        put(rel, content, found[1] if found is not None and found[0] is content else content_digest(content))
    removed = (set(before) if valid else present) - now.keys()
    for rel in sorted(removed):
        dest = where(rel)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(dest)
        if valid:  # empty folders go
            parent, root = os.path.dirname(dest), os.fspath(frag_dir if rel.startswith(fr.PREFIX) else docs_dir)
            while parent != root and parent.startswith(root):
                try:
                    os.rmdir(parent)
                except OSError:
                    break
                parent = os.path.dirname(parent)
    for folder in sorted(folders, reverse=True):  # deepest first: empty folders go
        with contextlib.suppress(OSError):  # not empty: still in use
            os.rmdir(folder)
    token = os.urandom(16).hex()
    token_path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(token_path, token, durable=False)
    ids = _folder_ids(build_dir) or ()

    def tree(paths: set[str], frag: bool) -> TreeChanges:
        return TreeChanges(
            *(
                frozenset(r[len(fr.PREFIX) :] if frag else r for r in paths if r.startswith(fr.PREFIX) == frag)
                for paths in (written, removed)
            )
        )

    in_memory = {k[len(fr.PREFIX) :]: v for k, v in files.items() if k.startswith(fr.PREFIX)}
    changes = DocsChanges(
        tree(written, False), tree(written, True), StoredFragments(frag_dir, in_memory, now, fr.PREFIX)
    )
    delta: dict[str, str | None] = {rel: now[rel] for rel in changed}
    delta.update((rel, None) for rel in removed)
    return changes, DocsRecord(token, ids, now, record.token if valid and record is not None else "", delta)


def _walk_tree(tree: Path, prefix: str, present: set[str], folders: list[str]) -> None:
    """Lists the files of ``tree`` into ``present`` (their paths behind ``prefix``) and its
    folders into ``folders``; links found in it are removed (the tree is ours: a link in it
    was put there by something else, and writing through it would write elsewhere)."""
    root = os.fspath(tree)
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        at = prefix + ("" if rel == "." else rel.replace(os.sep, "/") + "/")
        if rel != ".":
            folders.append(dirpath)
        for name in [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
            os.unlink(os.path.join(dirpath, name))
            dirnames.remove(name)
        for name in filenames:
            if os.path.islink(os.path.join(dirpath, name)):
                os.unlink(os.path.join(dirpath, name))
            else:
                present.add(at + name)
