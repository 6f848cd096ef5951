"""What a build knows of the site it left in ``build/site``: each file's digest, signed.

A later build reuses the previous site (it links its unchanged pages into the new one, or
swaps changed tables into its pages without running the engine), but ``build/`` is
disposable and may come from elsewhere: CI restores it from a cache and publishes what the
build leaves there. So a build never takes a file of the previous site on trust. It keeps,
in ``build/.cache/site.json``, the site's fingerprint (what every page depends on) and the
SHA-256 of every file it wrote, signed with the build cache's key
(:func:`ingest.publish.cache.signing_key`, or a key of this process when there is no cache
folder); a file is reused only if it is the one listed, with that digest. A file that is
not listed (planted), differs (edited), is a link or is not a plain file is never reused:
the engine makes the page again, and what is not part of the site is left out of it.

To keep that cheap, each listed file also carries its size, times and inode
(:data:`~ingest.source.storage.FileSignature`): a file whose signature is unchanged is not
read again (a change of content changes its modification or change time).

The manifest is written back as what changed (:mod:`ingest.publish.kept_map`): a build that
updates a few pages appends their entries to a log beside the whole file, under its nonce,
rather than encoding and writing the entry of every file of the site again (at 10,000 weekly
events, some 65,000 files).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ingest.publish.kept_map import KeptFile, Sign, forget_map, load_map, save_map
from ingest.source.storage import FileSignature, read_build_file, signature_of

Listed = Mapping[str, tuple[str, FileSignature]]
"""A site's files by path: each file's SHA-256 and its signature when it was written or checked."""

KEY = "site"
"""What the manifest is signed under (with the build cache's key)."""


def manifest_path(build_dir: Path) -> Path:
    """Where the manifest of ``build/site`` is kept (absent: nothing of the site is reused);
    it is a map of the build's own (:mod:`ingest.publish.kept_map`): a whole file and a log
    beside it of what each later build changed."""
    return build_dir / ".cache" / "site.json"


@dataclass(frozen=True, slots=True)
class SiteManifest:
    """The site a build left: the fingerprint it was built with, and its files."""

    fingerprint: str
    files: Listed


def _signer(secret: bytes) -> Sign:
    def sign(key: str, payload: bytes) -> str:
        return hmac.new(secret, key.encode() + b"\0" + payload, hashlib.sha256).hexdigest()

    return sign


def load_manifest(build_dir: Path, secret: bytes) -> tuple[SiteManifest, KeptFile] | None:
    """The manifest of the previous site, if it is there, whole and signed with ``secret``,
    and its files as read; None otherwise (anything else is ignored, never an error; a
    manifest held while a build changes the site, :func:`hold_manifest`, is none)."""
    loaded = load_map(manifest_path(build_dir), KEY, _signer(secret))
    if loaded is None:
        return None
    head, entries, kept = loaded
    try:
        # Taken as JSON read them: signed, so written by a build (a value of another type
        # would only make its file unverified: no digest or signature equals it).
        files: dict[str, tuple[str, FileSignature]] = {
            rel: (digest, (sig[0], sig[1], sig[2], sig[3])) for rel, (digest, sig) in entries.items()
        }
        return SiteManifest(str(head["fingerprint"]), files), kept
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


def save_manifest(
    build_dir: Path, secret: bytes, manifest: SiteManifest, before: Listed | None, kept: KeptFile | None
) -> KeptFile | None:
    """Keeps the manifest of the site just written (last, once the site is complete): what
    changed since ``before`` (the files the manifest on disk lists, as ``kept`` left it)
    appended, else the whole manifest written. Returns its files as left."""
    files = manifest.files
    changes: dict[str, tuple[str, FileSignature] | None] = {}
    if before is not None and kept is not None:
        changes = {rel: entry for rel, entry in files.items() if before.get(rel) != entry}
        changes.update((rel, None) for rel in before if rel not in files)
    return save_map(
        manifest_path(build_dir),
        KEY,
        _signer(secret),
        {"fingerprint": manifest.fingerprint},
        changes,
        lambda: files,
        kept if before is not None else None,
    )


def hold_manifest(build_dir: Path, secret: bytes, kept: KeptFile | None) -> KeptFile | None:
    """The site may no longer be the one listed (a build is about to change it): a line
    saying so appended to the manifest ``kept`` describes (then it reads as none until
    :func:`save_manifest`), else the manifest removed. Returns its files as left (None:
    removed)."""
    if kept is not None:
        held = save_map(manifest_path(build_dir), KEY, _signer(secret), None, {}, dict, kept)
        if held is not None and held.logged:
            return held
    forget_map(manifest_path(build_dir))
    return None


def _digest(path: str) -> str | None:
    data = read_build_file(path)
    return None if data is None else hashlib.sha256(data).hexdigest()


def _walk(site: Path) -> Iterator[tuple[str, str, os.stat_result | None]]:
    """Every entry below ``site`` that is not a folder: its path in the site, its path on disk
    and its status (``lstat``: a link is seen as a link; None when it cannot be looked at).
    A link to a folder is listed, never followed.

    Each folder is listed once (``os.scandir``: whether an entry is a folder comes with the
    listing) and each other entry looked at once: a site holds a folder per page, and at
    thousands of events this walk is most of what a one-change build checks."""
    stack = [(os.fspath(site), "")]
    while stack:
        folder, prefix = stack.pop()
        try:
            listing = os.scandir(folder)
        except OSError:
            continue  # (as os.walk: a folder that cannot be listed is passed over)
        with listing:
            for entry in listing:
                try:
                    if entry.is_dir(follow_symlinks=False):
                        stack.append((entry.path, prefix + entry.name + "/"))
                        continue
                    st: os.stat_result | None = entry.stat(follow_symlinks=False)
                except OSError:
                    st = None
                yield prefix + entry.name, entry.path, st


@dataclass
class SiteCheck:
    """The previous site, looked at file by file against its manifest."""

    verified: dict[str, tuple[str, FileSignature]] = field(default_factory=dict)
    """The files that are the ones listed (same digest), with their signature now."""
    whole: bool = False
    """The site is exactly what the manifest lists: every file there and verified, nothing else."""


def check_site(site: Path, manifest: SiteManifest | None) -> SiteCheck:
    """Which files of the previous site ``site`` may be reused (see the module docstring)."""
    check = SiteCheck()
    if manifest is None or not site.is_dir() or site.is_symlink():
        return check
    listed = manifest.files
    whole = True
    verified = check.verified
    for rel, path, st in _walk(site):
        entry = listed.get(rel)
        if entry is None or st is None or not stat.S_ISREG(st.st_mode):
            whole = False  # planted, a link, a pipe...: never reused
            continue
        digest, signature = entry
        now = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)  # (signature_of, written out: once a file)
        if now != signature and _digest(path) != digest:
            whole = False  # changed since it was written
            continue
        verified[rel] = (digest, now)
    check.whole = whole and len(check.verified) == len(listed)
    return check


def record_site(site: Path, known: Listed) -> dict[str, tuple[str, FileSignature]]:
    """The files of the site just made, for its manifest: a file that is one of ``known``
    (the same inode, size and modification time: a page linked from the previous site, or
    left as it was) keeps its digest; every other file is read and hashed."""
    by_file = {(s[3], s[0], s[1]): d for d, s in known.values()}
    out: dict[str, tuple[str, FileSignature]] = {}
    for rel, path, st in _walk(site):
        if st is None or not stat.S_ISREG(st.st_mode):
            continue  # (a build writes only plain files)
        digest = by_file.get((st.st_ino, st.st_size, st.st_mtime_ns)) or _digest(path)
        if digest is not None:
            out[rel] = (digest, signature_of(st))
    return out
