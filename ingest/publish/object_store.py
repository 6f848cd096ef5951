"""Publishing ``build/site`` to an S3-compatible object store: what to send, decided without the network.

The site goes to a bucket (Amazon S3, Cloudflare R2, MinIO, Backblaze B2...) when it is too
large for GitHub Pages' 1 GB. This module holds the decisions, as pure functions over typed
values; :mod:`ingest.publish.s3_upload` talks to the store.

- **Which files.** Every regular file under ``build/site`` (a link or anything else is not
  part of a site a build made), keyed by its path under the target's prefix.
- **Which changed.** The store's listing gives each object's size and ETag; a file is sent
  only when it is new, its size differs, or its content differs. Every object is sent in a
  single request, whose ETag a store gives as the MD5 of the content, so the listing alone
  settles most files; each object also carries the SHA-256 of its content in its metadata
  (``x-amz-meta-sha256``), read (one HEAD request) when the size agrees but the ETag is not
  that MD5 (a bucket encrypted with its own keys, a store that computes ETags otherwise).
- **How it is served.** Each file gets its Content-Type from its suffix (a table of the
  site's kinds of files, ``charset=utf-8`` for text) and a Cache-Control: pages and data
  (HTML, JSON, XML, calendars, CSV, text) are revalidated on every visit, so phones see a new
  result as soon as it is published; the rest (styles, scripts, fonts, images) is kept an
  hour. Nothing is stored compressed: an object store sends what it holds whatever the
  browser accepts, so a pre-compressed page would reach a client that cannot read it; a CDN
  in front of the bucket (CloudFront, Cloudflare for R2) compresses on the fly.
- **What goes.** Objects under the prefix that the site no longer has are deleted only when
  asked (``--delete``); otherwise they are counted and kept.
"""

from __future__ import annotations

import base64
import hashlib
import mimetypes
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

CHUNK = 1 << 20
"""Bytes read at a time when hashing a file."""

TEXT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".xml": "application/xml",
    ".ics": "text/calendar; charset=utf-8",
    ".csv": "text/csv; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".svg": "image/svg+xml",
}
"""Content types of the text a site holds (the table wins over Python's)."""

OTHER_TYPES = {
    ".gz": "application/gzip",  # sitemap.xml.gz: a gzip file to download, not a compressed page
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".ttf": "font/ttf",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".avif": "image/avif",
    ".ico": "image/x-icon",
    ".pdf": "application/pdf",
    ".wasm": "application/wasm",
}
"""Content types of the site's other files."""

_BUILTIN_TYPES = mimetypes.MimeTypes()
"""Python's own table, without the system's files (``/etc/mime.types`` differs from machine to
machine; the same site is published the same way everywhere)."""

REVALIDATED = frozenset({".html", ".htm", ".json", ".xml", ".ics", ".csv", ".txt", ".md", ".webmanifest"})
"""Suffixes of the files that change with the results: browsers ask the store before each use."""

CACHE_PAGES = "no-cache"
"""Cache-Control of pages and data: kept, but revalidated (an unchanged one costs a 304)."""
CACHE_ASSETS = "max-age=3600"
"""Cache-Control of styles, scripts, fonts and images."""

HASH_KEY = "sha256"
"""The object metadata entry holding the SHA-256 of the content (``x-amz-meta-sha256``)."""

_BUCKET = re.compile(r"^[a-z0-9][a-z0-9.\-]{1,61}[a-z0-9]$")


class TargetError(ValueError):
    """A target that is not ``s3://bucket[/prefix]``."""


@dataclass(frozen=True, slots=True)
class StoreTarget:
    """Where the site goes: a bucket and a prefix (``""`` for the bucket's root, else ending in ``/``)."""

    bucket: str
    prefix: str

    @classmethod
    def parse(cls, text: str) -> StoreTarget:
        """Reads ``s3://bucket`` or ``s3://bucket/some/prefix``.

        >>> StoreTarget.parse("s3://results/archive/")
        StoreTarget(bucket='results', prefix='archive/')
        >>> StoreTarget.parse("s3://results").url
        's3://results/'

        Raises:
            TargetError: not an ``s3://`` address, or a bucket name no store accepts.
        """
        if not text.startswith("s3://"):
            raise TargetError(f"{text!r} is not an s3:// address (s3://bucket or s3://bucket/prefix)")
        bucket, _, rest = text[len("s3://") :].partition("/")
        if not _BUCKET.match(bucket) or ".." in bucket:
            raise TargetError(f"{bucket!r} is not a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)")
        parts = [p for p in rest.split("/") if p]
        if any(p in (".", "..") for p in parts) or any(ord(c) < 32 or c == "\\" for c in rest):
            raise TargetError(f"{rest!r} is not a prefix (folder names separated by /, no . or ..)")
        return cls(bucket, "".join(f"{p}/" for p in parts))

    @property
    def url(self) -> str:
        return f"s3://{self.bucket}/{self.prefix}"


@dataclass(frozen=True, slots=True)
class SiteFile:
    """A file of the site, as it would be stored."""

    key: str
    """The object's key (the target's prefix and the path under ``build/site``)."""
    path: Path
    """The file."""
    size: int
    md5: str
    """Hex MD5 of the content: the ETag of a single-request upload."""
    sha256: str
    """Hex SHA-256 of the content, kept in the object's metadata."""
    content_type: str
    cache_control: str

    @property
    def content_md5(self) -> str:
        """The MD5 as the Content-MD5 header gives it (the store checks what it received)."""
        return base64.b64encode(bytes.fromhex(self.md5)).decode("ascii")


@dataclass(frozen=True, slots=True)
class StoredObject:
    """An object of the store's listing."""

    key: str
    size: int
    etag: str
    """As listed, quotes removed."""


@dataclass(frozen=True, slots=True)
class PublishPlan:
    """What publishing does, decided from the site and the store's listing."""

    upload: tuple[SiteFile, ...]
    """New or changed files, in the order they are sent: everything else before the pages,
    so a page is never online before what it uses."""
    unchanged: tuple[SiteFile, ...]
    confirm: tuple[SiteFile, ...]
    """Files whose size agrees but whose listed ETag is not their MD5: the object's metadata
    decides (:func:`settle`)."""
    stale: tuple[str, ...]
    """Keys under the prefix the site no longer has (deleted only with ``--delete``)."""


def content_type(name: str) -> str:
    """The Content-Type a file is served with, from its suffix.

    >>> content_type("events/index.html"), content_type("feeds/events.ics"), content_type("x.unknown")
    ('text/html; charset=utf-8', 'text/calendar; charset=utf-8', 'application/octet-stream')
    """
    suffix = os.path.splitext(name)[1].lower()
    found = TEXT_TYPES.get(suffix) or OTHER_TYPES.get(suffix)
    if found:
        return found
    guessed, encoding = _BUILTIN_TYPES.guess_type(name, strict=True)
    if guessed is None or encoding is not None:
        return "application/octet-stream"
    return f"{guessed}; charset=utf-8" if guessed.startswith("text/") else guessed


def cache_control(name: str) -> str:
    """The Cache-Control a file is served with.

    >>> cache_control("index.html"), cache_control("assets/stylesheets/main.css")
    ('no-cache', 'max-age=3600')
    """
    return CACHE_PAGES if os.path.splitext(name)[1].lower() in REVALIDATED else CACHE_ASSETS


def _digests(path: Path) -> tuple[int, str, str]:
    md5 = hashlib.md5(usedforsecurity=False)
    sha = hashlib.sha256()
    size = 0
    with path.open("rb") as f:
        while chunk := f.read(CHUNK):
            md5.update(chunk)
            sha.update(chunk)
            size += len(chunk)
    return size, md5.hexdigest(), sha.hexdigest()


def site_paths(site: Path) -> list[str]:
    """The site's regular files, as paths under ``site`` with ``/``, sorted. Links are not
    followed and not listed: what a build writes is plain files."""
    root = os.fspath(site)
    found: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        prefix = "" if rel == "." else rel.replace(os.sep, "/") + "/"
        dirnames[:] = [d for d in dirnames if not os.path.islink(os.path.join(dirpath, d))]
        for name in filenames:
            full = os.path.join(dirpath, name)
            if not os.path.islink(full) and os.path.isfile(full):
                found.append(prefix + name)
    return sorted(found)


def site_files(site: Path, target: StoreTarget) -> list[SiteFile]:
    """Every file of the site with its key, digests and headers."""
    out = []
    for rel in site_paths(site):
        path = site / rel
        size, md5, sha = _digests(path)
        out.append(SiteFile(target.prefix + rel, path, size, md5, sha, content_type(rel), cache_control(rel)))
    return out


def _page_last(f: SiteFile) -> tuple[bool, str]:
    return (f.key.endswith((".html", ".htm")), f.key)


def plan_publish(files: Iterable[SiteFile], listing: Mapping[str, StoredObject]) -> PublishPlan:
    """What to send, what is there already and what the site no longer has.

    >>> f = SiteFile("a.html", Path("a.html"), 2, "0cc175b9c0f1b6a831c399e269772661", "", "text/html", "no-cache")
    >>> plan_publish([f], {"a.html": StoredObject("a.html", 2, f.md5)}).unchanged == (f,)
    True
    >>> plan_publish([f], {"b.css": StoredObject("b.css", 9, "x")}).stale
    ('b.css',)
    """
    upload: list[SiteFile] = []
    unchanged: list[SiteFile] = []
    confirm: list[SiteFile] = []
    keys: set[str] = set()
    for f in files:
        keys.add(f.key)
        there = listing.get(f.key)
        if there is None or there.size != f.size:
            upload.append(f)
        elif there.etag.lower() == f.md5:
            unchanged.append(f)
        else:
            confirm.append(f)
    stale = tuple(sorted(k for k in listing if k not in keys))
    return PublishPlan(tuple(sorted(upload, key=_page_last)), tuple(unchanged), tuple(confirm), stale)


def settle(plan: PublishPlan, stored_hashes: Mapping[str, str | None]) -> PublishPlan:
    """The plan once the files to confirm are decided by the SHA-256 in their objects' metadata
    (``stored_hashes``: key -> the hash kept there, None if none)."""
    same = [f for f in plan.confirm if stored_hashes.get(f.key) == f.sha256]
    differ = [f for f in plan.confirm if stored_hashes.get(f.key) != f.sha256]
    return PublishPlan(
        tuple(sorted([*plan.upload, *differ], key=_page_last)), plan.unchanged + tuple(same), (), plan.stale
    )
