"""The analytics pages in the build cache: a header and a body per format (:mod:`ingest.publish.analytics_cache`).

A build in a new process (here: a new :func:`build_site` without a process's memory) makes
a format's analytics pages again, and writes that format's files, only when one of its
results changed; every other format's pages are neither made, nor read, nor written again.
A file that is not exactly what a build wrote for that format and those records is ignored,
and the pages are what a build without any cache writes.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import shutil
import subprocess
import sys
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
    """The format's header file."""
    return _folder(root, keys) / analytics_cache.AnalyticsCache.file_name(fmt)


def _body(root: Path, keys: Path, fmt: tuple[str, str]) -> Path:
    """The format's body file (its pages' bytes)."""
    return _file(root, keys, fmt).with_suffix(analytics_cache.BODY)


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
    """A header file's payload (after its kind and signature lines): the format, the key, each
    page's path, content digest and length, the body's digest."""
    header: dict[str, Any] = json.loads(payload)
    return header


def _pages_of(payload: bytes, body: bytes) -> dict[str, bytes]:
    """A format's pages, by path, as its header lays out its body."""
    out, at = {}, 0
    for path, _sha, length in _header(payload)["pages"]:
        out[path], at = body[at : at + length], at + length
    return out


def _payload(path: Path) -> bytes:
    """A header file's payload (its third line on)."""
    return path.read_bytes().split(b"\n", 2)[2]


def test_each_format_has_a_file_of_its_own(built: tuple[Path, Path]) -> None:
    root, keys = built
    names = {analytics_cache.AnalyticsCache.file_name(f) for f in (MODERN_FORMAT, WEISS)}
    assert names <= set(os.listdir(_folder(*built)))
    pages = _pages_of(_payload(_file(root, keys, WEISS)), _body(root, keys, WEISS).read_bytes())
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


def test_a_result_in_one_format_neither_reads_nor_hashes_the_other_formats_pages(
    built: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a new process, one Modern result changed: the Weiss Schwarz pages are not read from
    the build cache (its header only), not among the files the build hashes and compares,
    and stay in build/docs as they were."""
    from ingest.publish import run
    from ingest.publish.sync import write_docs as real_write
    from ingest.source.storage import read_build_file as real_read

    root, keys = built
    before = _docs(root)
    read: list[str] = []

    def reading(path: Path | str, limit: int = 0) -> bytes | None:
        read.append(Path(path).name)
        return real_read(path, limit)

    given: list[str] = []

    def writing(build_dir: Path, files: Files, *args: Any, **kwargs: Any) -> Any:
        given.extend(files)
        return real_write(build_dir, files, *args, **kwargs)

    monkeypatch.setattr(analytics_cache, "read_build_file", reading)
    monkeypatch.setattr(run, "write_docs", writing)
    _change_a_modern_result(root)
    _build(root, keys)
    # the Modern pages, for the pages that did not change, and its totals, patched
    assert read == [_body(root, keys, MODERN_FORMAT).name, _file(root, keys, MODERN_FORMAT).with_suffix(".sums").name]
    assert [p for p in given if "weiss-schwarz/" in p and "analytics/" in p] == []
    assert any(p.startswith("analytics/mtg/modern/") for p in given)
    after = _docs(root)
    weiss = {p: v for p, v in before.items() if "analytics/weiss-schwarz/" in p}
    assert weiss and {p: after.get(p) for p in weiss} == weiss


MAKING = ("ingest.site.analytics_format", "ingest.analytics.figures", "ingest.site.analytics_lists")
"""The code that makes a format's analytics pages (the figures, the lists and their views)."""


def _imported_by_a_build(root: Path, keys: Path) -> set[str]:
    """The modules of ``ingest`` a build in a new process imports."""
    code = (
        "import datetime, sys\n"
        "from pathlib import Path\n"
        "from ingest.publish.run import build_site\n"
        "from ingest.source.project import Project\n"
        f"build_site(Project(Path({str(root)!r})), today=datetime.date.fromisoformat({TODAY.isoformat()!r}), "
        f"cache_home=Path({str(keys)!r}), docs_only=True, workers=1)\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('ingest.'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(done.stdout.split())


def test_a_build_that_makes_no_analytics_page_imports_none_of_their_code(built: tuple[Path, Path]) -> None:
    """A result in a format without analytics pages (the Pioneer event: no archetype), in a
    new process: no analytics page is made, and the code that makes them is not imported;
    a result in Modern, which has pages, imports it."""
    root, keys = built
    path = next((root / "events").rglob("*-pioneer-weekly.yaml"))
    text = path.read_text(encoding="utf-8")
    old = "{table: 1, players: [oona-ueda, beatrix-petrov], games: 2-0}"
    assert old in text
    path.write_text(text.replace(old, old.replace("2-0", "2-1")), encoding="utf-8")
    assert _imported_by_a_build(root, keys) & set(MAKING) == set()
    _change_a_modern_result(root)
    assert set(MAKING) <= _imported_by_a_build(root, keys)


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
    from ingest.analytics.records import EventRecord, KeptRecord
    from ingest.site import event_pages
    from ingest.site.brief import analytics_record as real_record
    from ingest.summary.event_summary import EventSummary

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
    recorded: list[str] = []

    def recording(report: EventSummary) -> EventRecord:
        recorded.append(report.event.slug)
        return real_record(report)

    monkeypatch.setattr(event_pages, "analytics_record", recording)
    _build(root, keys)
    assert recorded == [MODERN]  # the one record (and its tables) made: the changed event's
    after = _stamps(root)
    rewritten = {p for p in after if before.get(p) != after[p]}
    # 2-0 became 2-1: its document, from which its tables are made (none is published apart).
    assert f"docs/api/events/{MODERN}.json" in rewritten and not {p for p in after if p.endswith(".csv")}
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


def _listing(header: dict[str, Any], pages: dict[str, bytes]) -> bytes:
    """A header payload listing ``pages`` (their digests and lengths, the body's digest)."""
    listed = [[path, hashlib.sha256(data).hexdigest()[:32], len(data)] for path, data in pages.items()]
    body = hashlib.sha256(b"".join(pages.values())).hexdigest()
    return json.dumps({**header, "pages": listed, "body": body}).encode()


def _fingerprint(root: Path, keys: Path) -> str:
    book = build_cache.cache_folder(keys, root / "build").joinpath(player_book.BOOK_FILE)
    return str(json.loads(book.read_bytes().split(b"\n", 2)[2])["head"]["fingerprint"])


def test_a_header_that_is_not_what_the_build_wrote_is_ignored(
    built: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, keys = built
    clean = _docs(root)
    path, body = _file(root, keys, MODERN_FORMAT), _body(root, keys, MODERN_FORMAT)
    good, good_body = path.read_bytes(), body.read_bytes()
    payload = _payload(path)
    fingerprint = _fingerprint(root, keys)
    assert _signed(keys, MODERN_FORMAT, fingerprint, payload) == good  # the signature as the test makes it
    obj = _header(payload)
    pages = _pages_of(payload, good_body)
    page = next(p for p in pages if p.endswith("index.md"))
    weiss = _file(root, keys, WEISS).read_bytes()
    odd = {**pages, "index.md": pages[page]}
    planted = {
        "edited": good.replace(b'"key":"', b'"key":"0', 1),
        "truncated": good[: len(good) // 2],
        "another format's": weiss,
        "signed, another format's page in it": _signed(keys, MODERN_FORMAT, fingerprint, _listing(obj, odd)),
        "signed, another key": _signed(keys, MODERN_FORMAT, fingerprint, _listing({**obj, "key": "0" * 64}, pages)),
        "signed, a length below 0": _signed(
            keys, MODERN_FORMAT, fingerprint, json.dumps({**obj, "pages": [[*obj["pages"][0][:2], -1]]}).encode()
        ),
    }
    made = _made(monkeypatch)
    for what, data in planted.items():
        path.unlink()
        path.write_bytes(data)
        made.clear()
        _build(root, keys)
        assert made == [MODERN_FORMAT], what
        assert _docs(root) == clean, what
        assert (path.read_bytes(), body.read_bytes()) == (good, good_body), what  # written again as they were
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


def test_a_body_that_is_not_what_the_header_lists_is_never_written(
    built: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unchanged format's body is read only when build/docs lacks its pages; one that does
    not read back as its header lists is not used: the pages are made again, and so are its files."""
    root, keys = built
    clean = _docs(root)
    path, body = _file(root, keys, MODERN_FORMAT), _body(root, keys, MODERN_FORMAT)
    good, good_body = path.read_bytes(), body.read_bytes()
    pages = _pages_of(_payload(path), good_body)
    page = next(p for p in pages if p.endswith("index.md"))
    planted = {
        "edited": good_body.replace(b"Modern", b"M0dern", 1),
        "truncated": good_body[:-1],
        "bytes after the last page": good_body + b"x",
        "not UTF-8": b"".join(b"\xff" * len(v) if k == page else v for k, v in pages.items()),
    }
    made = _made(monkeypatch)
    for what, data in planted.items():
        body.unlink()
        body.write_bytes(data)
        made.clear()
        _build(root, keys)  # build/docs holds the pages: the body is not read
        assert made == [] and _docs(root) == clean, what
        shutil.rmtree(root / "build" / "docs")
        _build(root, keys)  # now it is, and does not read back: the pages are made again
        assert made == [MODERN_FORMAT] and _docs(root) == clean, what
        made.clear()
        _build(root, keys)  # and kept again
        assert made == [MODERN_FORMAT], what
        assert (path.read_bytes(), body.read_bytes()) == (good, good_body), what
    for kind in ("link", "pipe"):
        body.unlink()
        if kind == "link":
            body.symlink_to("/dev/zero")
        else:
            os.mkfifo(body)
        shutil.rmtree(root / "build" / "docs")
        made.clear()
        _build(root, keys)  # neither reads without end nor waits
        assert made == [MODERN_FORMAT] and _docs(root) == clean, kind
        _build(root, keys)
        assert (path.read_bytes(), body.read_bytes()) == (good, good_body), kind


def test_a_watching_process_keeps_the_totals_and_a_one_shot_build_does_not(built: tuple[Path, Path]) -> None:
    """``serve``'s builds (a process that watches: :attr:`BuildMemory.changes`) keep each
    format's totals in memory, the first reading those the build cache kept with the pages it
    took as they were (no record decoded), so that a result changed after it decodes one
    record; a ``scorekeeper build`` process keeps none in memory (its memory ends with it).
    The pages written are those of a build without memory."""
    from ingest.publish.build_state import BuildMemory
    from ingest.publish.watched import ChangeLog

    root, keys = built
    once = BuildMemory()
    build_site(Project(root), today=TODAY, cache_home=keys, docs_only=True, workers=1, memory=once)
    assert all(kept.sums is None for kept in once.analytics.values())
    watching = BuildMemory()
    watching.changes = ChangeLog()
    build_site(Project(root), today=TODAY, cache_home=keys, docs_only=True, workers=1, memory=watching)
    sums = watching.analytics[MODERN_FORMAT].sums
    assert sums is not None and len(sums.digests) > 0 and sums.decoded == 0  # read back as the build cache kept them
    _change_a_modern_result(root)
    watching.changes.record(os.fspath(next((root / "events").rglob(f"{MODERN}.yaml"))))
    build_site(Project(root), today=TODAY, cache_home=keys, docs_only=True, workers=1, memory=watching)
    patched = watching.analytics[MODERN_FORMAT].sums
    assert patched is sums and patched.decoded == 1
    served = _docs(root)
    shutil.rmtree(root / "build")
    _build(root, keys)
    assert _docs(root) == served


def test_serve_writes_the_totals_it_kept_when_it_stops(
    built: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``serve``'s builds keep the totals in memory without writing them (nor the format's
    pages: :meth:`~ingest.publish.analytics_cache.AnalyticsCache.save`); when it stops
    watching it writes them (:meth:`Rebuilder.keep_totals`), so that the next build in a new
    process reads them back and patches them rather than folding every record again, and
    its pages are a clean build's."""
    from ingest.analytics import kept_sums
    from ingest.publish.serve import LiveState, Rebuilder
    from ingest.publish.watched import ChangeLog

    root, keys = built
    modern = next((root / "events").rglob(f"{MODERN}.yaml"))
    text = modern.read_text(encoding="utf-8")
    rebuilder = Rebuilder(Project(root), LiveState(), engine="mkdocs", today=lambda: TODAY, echo=print, cache_home=keys)
    rebuilder.memory.changes = ChangeLog()
    build_site(Project(root), today=TODAY, cache_home=keys, docs_only=True, workers=1, memory=rebuilder.memory)
    written = _file(root, keys, MODERN_FORMAT).read_bytes()  # (as the build in a new process wrote it)
    _change_a_modern_result(root)
    rebuilder.memory.changes.record(os.fspath(modern))
    build_site(Project(root), today=TODAY, cache_home=keys, docs_only=True, workers=1, memory=rebuilder.memory)
    assert _file(root, keys, MODERN_FORMAT).read_bytes() == written, "serve's builds write no pages nor totals"
    rebuilder.keep_totals()
    header = _header(_payload(_file(root, keys, MODERN_FORMAT)))
    assert header["sums"] != "" and header["key"] != _header(written.split(b"\n", 2)[2])["key"]
    read: list[str] = []
    real = kept_sums.sums_from_text

    def counted(data: bytes, game: str, fmt: str, pages: Any) -> Any:
        read.append(fmt)
        return real(data, game, fmt, pages)

    monkeypatch.setattr(kept_sums, "sums_from_text", counted)
    modern.write_text(text, encoding="utf-8")
    _build(root, keys)  # a new process's build (no memory)
    assert read == [MODERN_FORMAT[1]], "the totals serve wrote are read back, not folded again"
    after = _docs(root)
    shutil.rmtree(root / "build")
    _build(root, root.parent / "clean-keys")
    assert _docs(root) == after
