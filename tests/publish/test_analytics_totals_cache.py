"""A format's totals kept in the build cache beside its pages (:mod:`ingest.analytics.kept_sums`,
:mod:`ingest.publish.analytics_cache`): a build in a new process after one result changed
patches them as ``serve`` does, decoding that event's record only, and writes what a build
without any cache writes; a totals file that is not the one the header names is ignored and
the format's records are folded again."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from benchmarks.build import change_result, generate
from ingest.analytics import records as analytics_records
from ingest.analytics.format_sums import summed
from ingest.analytics.kept_sums import SumsError, sums_from_text, sums_text
from ingest.publish import analytics_cache
from ingest.publish import cache as build_cache
from ingest.publish.run import build_site
from ingest.source.project import Project
from tests.site.test_analytics_lists import _archive
from tests.site_helpers import TODAY

MODERN = ("mtg", "modern")


def _build(root: Path, keys: Path) -> None:
    build_site(Project(root), today=TODAY, cache_home=keys, docs_only=True, workers=1)


def _docs(root: Path) -> dict[str, bytes]:
    out = {}
    for tree in ("docs", "fragments"):
        base = root / "build" / tree
        for path in sorted(base.rglob("*")):
            if path.is_file():
                out[f"{tree}/{path.relative_to(base).as_posix()}"] = path.read_bytes()
    return out


def _sums_file(root: Path, keys: Path) -> Path:
    folder = build_cache.cache_folder(keys, root / "build") / analytics_cache.FOLDER
    return (folder / analytics_cache.AnalyticsCache.file_name(MODERN)).with_suffix(analytics_cache.SUMS)


@pytest.fixture
def archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path, Path, list[str]]:
    """Six Modern events built once in a new process (with a build cache): (project, user's
    cache folder, the newest event's file, the records decoded from now on)."""
    root, keys = tmp_path / "p", tmp_path / "keys"
    latest = generate(root, 6)
    _build(root, keys)
    decoded: list[str] = []
    real = analytics_records.record_from_json

    def decode(obj: Any) -> Any:
        made = real(obj)
        decoded.append(made.slug)
        return made

    monkeypatch.setattr(analytics_records, "record_from_json", decode)
    return root, keys, latest, decoded


def _clean(root: Path, keys: Path) -> dict[str, bytes]:
    """What a build without any cache writes of the project as it is."""
    shutil.rmtree(root / "build")
    shutil.rmtree(keys)
    _build(root, keys)
    return _docs(root)


def test_a_new_process_patches_the_kept_totals(archive: tuple[Path, Path, Path, list[str]]) -> None:
    """One result changed, a build in a new process decodes that event's record only (the
    format's five others are taken from the kept totals) and writes a clean build's files."""
    root, keys, latest, decoded = archive
    assert _sums_file(root, keys).is_file()
    change_result(latest, 0)
    _build(root, keys)
    assert decoded == [latest.stem]
    written = _docs(root)
    assert written == _clean(root, keys)


@pytest.mark.parametrize("how", ["changed", "cut short", "gone"])
def test_a_totals_file_that_is_not_the_one_kept_is_ignored(
    archive: tuple[Path, Path, Path, list[str]], how: str
) -> None:
    """A totals file whose bytes are not those the signed header names (or none) is not read:
    the format's records are folded again, and the files written are a clean build's."""
    root, keys, latest, decoded = archive
    path = _sums_file(root, keys)
    data = path.read_bytes()
    if how == "changed":
        at = data.index(b'"shares":') + 40
        path.write_bytes(data[:at] + bytes([data[at] ^ 1]) + data[at + 1 :])
    elif how == "cut short":
        path.write_bytes(data[: len(data) // 2])
    else:
        path.unlink()
    change_result(latest, 0)
    _build(root, keys)
    assert sorted(decoded) == sorted(p.stem for p in (root / "events").rglob("*.yaml"))  # folded again
    written = _docs(root)
    assert written == _clean(root, keys)


def test_kept_totals_read_back_are_the_totals() -> None:
    """The totals written and read back give the same figures, lists' memory and documents'
    archetypes, for the format and (summed again from its shares) for its seasons."""
    records = _archive(30)
    season = ("s", "S", frozenset(r.slug for r in records[::4]))
    sums = summed("mtg", "modern", records, [season])
    back = sums_from_text(sums_text(sums), "mtg", "modern", {})
    assert back.whole is not None and sums.whole is not None
    assert back.whole.figures(sources=True) == sums.whole.figures(sources=True)
    assert back.digests == sums.digests
    assert back.whole.shares == sums.whole.shares
    assert back.whole.order == sums.whole.order and back.whole.in_cut == sums.whole.in_cut


@pytest.mark.parametrize(
    "broken",
    [
        lambda t: t.replace(b'"version":2', b'"version":0'),  # another shape
        lambda t: t.replace(b'"format":"modern"', b'"format":"legacy"'),  # another format's
        lambda t: t.replace(b'"digests":{"', b'"digests":{"x":"y","', 1),  # an event with no share
        lambda t: t[:-2],  # not JSON
    ],
)
def test_data_that_is_not_the_format_s_totals_is_refused(broken: Any) -> None:
    records = _archive(3)
    text = sums_text(summed("mtg", "modern", records, []))
    with pytest.raises(SumsError):
        sums_from_text(broken(text), "mtg", "modern", {})
