"""A format's analytics pages as a build keeps them (:class:`KeptFormat`), the names of their
files in the build cache, and their listing (:mod:`ingest.publish.analytics_cache` reads and
writes them)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ingest.publish.cache_entries import content_digest
from ingest.site.page import Files

if TYPE_CHECKING:
    from ingest.analytics.format_sums import FormatSums

FOLDER = "analytics"
"""Where the formats' files live, in the build's cache folder."""

BODY = ".pages"
"""The ending of a format's body file (its header's: ``.json``)."""

SUMS = ".sums"
"""The ending of a format's totals file (:mod:`ingest.analytics.kept_sums`)."""


@dataclass(slots=True)
class KeptFormat:
    """A format's analytics pages as a build keeps them."""

    fingerprint: str
    """The build fingerprint they were made for (pages made for other inputs don't count)."""
    key: str
    """The key of what they were made from (:func:`~ingest.site.analytics_pages.analytics_pages`)."""
    listing: tuple[tuple[str, str, int], ...]
    """Each page's path, content digest (:func:`~ingest.publish.cache_entries.content_digest`) and length in bytes."""
    digests: Mapping[str, str]
    """Each page's inputs' digest (:class:`~ingest.site.analytics_pages.PageReuse`)."""
    body: str = ""
    """The SHA-256 of the body file (read from disk: the pages are not in :attr:`files` yet)."""
    files: Files | None = field(default=None)
    """The pages, once made or read."""
    sums: FormatSums | None = field(default=None)
    """The totals the pages were made from, kept in a watching process (``serve``), whose
    next build patches them per event."""
    sums_digest: str = ""
    """The SHA-256 of the totals' file (:data:`SUMS`; empty: none kept)."""
    sums_text: bytes | None = field(default=None)
    """The totals as their file holds them (:mod:`ingest.analytics.kept_sums`), until written."""


def body_name(header_name: str) -> str:
    return header_name.removesuffix(".json") + BODY


def sums_name(header_name: str) -> str:
    return header_name.removesuffix(".json") + SUMS


def beside(header_name: str) -> tuple[str, str]:
    """The files beside a format's header: its body and its totals."""
    return body_name(header_name), sums_name(header_name)


def listing_of(files: Files, before: KeptFormat | None = None) -> tuple[tuple[str, str, int], ...]:
    """Each page's path, content digest and length in bytes. A page that is the very text
    ``before`` held (taken as it was: :class:`~ingest.site.analytics_pages.PageReuse`) keeps
    the digest and length listed there: a result changed hashes the pages made again, not
    the format's every page (42 MB at 10,000 weekly events)."""
    held: dict[str, tuple[str | bytes, str, int]] = {}
    if before is not None and before.files is not None:
        held = {path: (before.files[path], sha, n) for path, sha, n in before.listing if path in before.files}
    out = []
    for path, content in files.items():
        found = held.get(path)
        if found is not None and found[0] is content:
            out.append((path, found[1], found[2]))
            continue
        data = content.encode() if isinstance(content, str) else content
        out.append((path, content_digest(data), len(data)))
    return tuple(out)
