"""The analytics pages in the build cache: one signed file per format (:mod:`ingest.publish.analytics_cache`).

A build in a new process (here: a new :func:`build_site` without a process's memory) makes
a format's analytics pages again, and writes that format's file, only when one of its
results changed; every other format's file is neither made nor written again. A file that
is not exactly what a build wrote for that format and those records is ignored, and the
pages are what a build without any cache writes.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from ingest.publish import analytics_cache, player_book
from ingest.publish import cache as build_cache
from ingest.publish.run import build_site
from ingest.site import analytics_pages as pages_module
from ingest.site.page import Files, SiteInputs
from ingest.site.templates import Templates
from ingest.source.project import Project
from tests.site_helpers import MODERN, TODAY, make_project

MODERN_FORMAT = ("mtg", "modern")
WEISS = ("weiss-schwarz", "neo-standard")


def _build(root: Path, keys: Path) -> None:
    build_site(Project(root), today=TODAY, cache_home=keys, docs_only=True, workers=1)


def _folder(root: Path, keys: Path) -> Path:
    return build_cache.cache_folder(keys, root / "build") / analytics_cache.FOLDER


def _file(root: Path, keys: Path, fmt: tuple[str, str]) -> Path:
    return _folder(root, keys) / analytics_cache.AnalyticsCache.file_name(fmt)


def _docs(root: Path) -> dict[str, bytes]:
    """Every file the build wrote (build/docs and build/fragments)."""
    out = {}
    for tree in ("docs", "fragments"):
        base = root / "build" / tree
        for path in sorted(base.rglob("*")):
            if path.is_file():
                out[f"{tree}/{path.relative_to(base).as_posix()}"] = path.read_bytes()
    return out


def _made(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The formats whose analytics pages are made from now on."""
    made: list[tuple[str, str]] = []
    real = pages_module._format_pages

    def counted(inputs: SiteInputs, templates: Templates, game: str, fmt: str, *args: Any) -> Files:
        made.append((game, fmt))
        return real(inputs, templates, game, fmt, *args)

    monkeypatch.setattr(pages_module, "_format_pages", counted)
    return made


def _change_a_modern_result(root: Path) -> None:
    """Round 1, table 1 of the Modern event: 2-0 becomes 2-1 (the same winner; its match line changes)."""
    path = next((root / "events").rglob(f"{MODERN}.yaml"))
    text = path.read_text(encoding="utf-8")
    old = "{table: 1, players: [beatrix-takeda, hana-lindqvist], games: 2-0}"
    assert old in text
    path.write_text(text.replace(old, old.replace("2-0", "2-1")), encoding="utf-8")


def _stamp(path: Path) -> tuple[int, int, bytes]:
    st = path.stat()
    return st.st_mtime_ns, st.st_ino, path.read_bytes()


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, Path]:
    """The sample project built once with a build cache: (project, user's cache folder)."""
    root, keys = tmp_path / "p", tmp_path / "keys"
    make_project(root)
    _build(root, keys)
    return root, keys


def _header(payload: bytes) -> dict[str, Any]:
    """A file's header (its first line): the format, the key and each page's path and length."""
    header: dict[str, Any] = json.loads(payload.split(b"\n", 1)[0])
    return header


def _pages_of(payload: bytes) -> dict[str, bytes]:
    """A file's pages, by path, as the bytes after its header."""
    header = _header(payload)
    body = payload.split(b"\n", 1)[1]
    out, at = {}, 0
    for path, length in header["pages"]:
        out[path], at = body[at : at + length], at + length
    return out


def _laid_out(header: dict[str, Any], pages: dict[str, bytes]) -> bytes:
    """A payload as the cache lays one out: the header listing ``pages``, then their bytes."""
    listed = [[path, len(data)] for path, data in pages.items()]
    return json.dumps({**header, "pages": listed}).encode() + b"\n" + b"".join(pages.values())


def test_each_format_has_a_file_of_its_own(built: tuple[Path, Path]) -> None:
    root, keys = built
    names = {analytics_cache.AnalyticsCache.file_name(f) for f in (MODERN_FORMAT, WEISS)}
    assert names <= set(os.listdir(_folder(*built)))
    pages = _pages_of(_file(root, keys, WEISS).read_bytes().split(b"\n", 2)[2])
    assert pages and all(
        p.removeprefix("@fragments/").startswith(("analytics/weiss-schwarz/", "api/analytics/weiss-schwarz/"))
        for p in pages
    )  # its pages and its match documents
    assert b"<table" in b"".join(pages.values())  # the pages' HTML as it is, not escaped into JSON strings
    # the player pages' file holds player pages only
    player_pages = build_cache.cache_folder(keys, root / "build") / player_book.BOOK_FILE
    assert b'"analytics/' not in player_pages.read_bytes()


def test_an_unchanged_build_makes_and_writes_no_analytics(
    built: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, keys = built
    before = {fmt: _stamp(_file(root, keys, fmt)) for fmt in (MODERN_FORMAT, WEISS)}
    docs = _docs(root)
    made = _made(monkeypatch)
    _build(root, keys)
    assert made == []
    assert {fmt: _stamp(_file(root, keys, fmt)) for fmt in (MODERN_FORMAT, WEISS)} == before
    assert _docs(root) == docs


def test_a_result_in_one_format_remakes_and_rewrites_that_format_only(
    built: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    root, keys = built
    weiss = _stamp(_file(root, keys, WEISS))
    modern = _stamp(_file(root, keys, MODERN_FORMAT))
    _change_a_modern_result(root)
    made = _made(monkeypatch)
    _build(root, keys)
    assert made == [MODERN_FORMAT]
    assert _stamp(_file(root, keys, WEISS)) == weiss  # not written again
    assert _stamp(_file(root, keys, MODERN_FORMAT))[2] != modern[2]
    # what the cache gave is what a build without one writes
    docs = _docs(root)
    shutil.rmtree(root / "build")
    _build(root, tmp_path / "no-cache-yet")
    assert _docs(root) == docs
    # and the next build takes the Modern pages just kept
    made.clear()
    _build(root, keys)
    assert made == []


def _stamps(root: Path) -> dict[str, tuple[int, int]]:
    """Every file the build wrote, by path: its modification time and inode (a rewrite changes one)."""
    out = {}
    for tree in ("docs", "fragments"):
        base = root / "build" / tree
        for path in base.rglob("*"):
            if path.is_file():
                st = path.stat()
                out[f"{tree}/{path.relative_to(base).as_posix()}"] = (st.st_mtime_ns, st.st_ino)
    return out


def test_a_result_rewrites_its_event_s_tables_and_its_format_s_pages_only(
    built: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a new process, one Modern result changed: of the analytics, only the Modern pages and
    that event's tables are written again; no other event's tables, no Weiss Schwarz page,
    and no record of an event of another format is decoded."""
    from ingest.analytics.records import KeptRecord

    root, keys = built
    before = _stamps(root)
    _change_a_modern_result(root)
    decoded: list[tuple[str, str]] = []
    real = KeptRecord.record

    def counted(self: KeptRecord) -> object:
        if not self.decoded:
            decoded.append((self.game, self.format))
        return real.fget(self)  # type: ignore[attr-defined]

    monkeypatch.setattr(KeptRecord, "record", property(counted))
    _build(root, keys)
    after = _stamps(root)
    rewritten = {p for p in after if before.get(p) != after[p]}
    tables = {p for p in rewritten if p.endswith(".csv")}
    assert tables == {f"docs/api/events/{MODERN}/matches.csv"}  # 2-0 became 2-1: its games column
    assert (
        {p for p in rewritten if "analytics/" in p} == {p for p in rewritten if "analytics/mtg/modern/" in p} != set()
    )
    assert set(decoded) <= {MODERN_FORMAT}  # (the sample's one Modern event was made again: nothing to decode)


def test_a_format_without_analytics_pages_any_more_loses_its_file(built: tuple[Path, Path]) -> None:
    root, keys = built
    next((root / "events").rglob("*weiss-schwarz-neo-standard.yaml")).unlink()
    _build(root, keys)
    assert not _file(root, keys, WEISS).exists()
    assert _file(root, keys, MODERN_FORMAT).exists()


def _signed(keys: Path, fmt: tuple[str, str], fingerprint: str, payload: bytes) -> bytes:
    secret = (keys / "build-cache.key").read_bytes()
    mac_key = f"analytics\0{fingerprint}\0{fmt[0]}\0{fmt[1]}"
    mac = hmac.new(secret, mac_key.encode() + b"\0" + payload, hashlib.sha256).hexdigest().encode()
    return build_cache.MAGIC + mac + b"\n" + payload


def test_a_file_that_is_not_what_the_build_wrote_is_ignored(
    built: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, keys = built
    clean = _docs(root)
    path = _file(root, keys, MODERN_FORMAT)
    good = path.read_bytes()
    payload = good.split(b"\n", 2)[2]
    fingerprint = json.loads(
        build_cache.cache_folder(keys, root / "build").joinpath(player_book.BOOK_FILE).read_bytes().split(b"\n", 2)[2]
    )["fingerprint"]
    assert _signed(keys, MODERN_FORMAT, fingerprint, payload) == good  # the signature as the test makes it
    obj = _header(payload)
    pages = _pages_of(payload)
    page = next(p for p in pages if p.endswith("index.md"))
    weiss = _file(root, keys, WEISS).read_bytes()
    planted = {
        "edited": good.replace(b"Magic: The Gathering: Modern", b"Magic: The Gathering: Modern!", 1),
        "truncated": good[: len(good) // 2],
        "another format's": weiss,
        "signed, another format's page in it": _signed(
            keys,
            MODERN_FORMAT,
            fingerprint,
            _laid_out(obj, {**pages, "index.md": pages[page]}),
        ),
        "signed, another key": _signed(keys, MODERN_FORMAT, fingerprint, _laid_out({**obj, "key": "0" * 64}, pages)),
        "signed, not UTF-8": _signed(keys, MODERN_FORMAT, fingerprint, _laid_out(obj, {**pages, page: b"\xff\xfe"})),
        "signed, a length past the end": _signed(keys, MODERN_FORMAT, fingerprint, _laid_out(obj, pages)[:-1]),
        "signed, bytes after the last page": _signed(keys, MODERN_FORMAT, fingerprint, _laid_out(obj, pages) + b"x"),
    }
    made = _made(monkeypatch)
    for what, data in planted.items():
        path.unlink()
        path.write_bytes(data)
        made.clear()
        _build(root, keys)
        assert made == [MODERN_FORMAT], what
        assert _docs(root) == clean, what
        assert path.read_bytes() == good, what  # written again as it was
    for kind in ("link", "pipe"):
        path.unlink()
        if kind == "link":
            path.symlink_to("/dev/zero")
        else:
            os.mkfifo(path)
        made.clear()
        _build(root, keys)  # neither reads without end nor waits
        assert made == [MODERN_FORMAT], kind
        assert _docs(root) == clean, kind
        assert path.read_bytes() == good, kind
