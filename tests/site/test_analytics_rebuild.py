"""A format's analytics pages are made again exactly when what they are made from changed: a
result changed in one format remakes that format's pages and no other's, and an unchanged
format is recognised by its events' record digests without reading the records."""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import hashlib
import json
import zlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.analytics import records as analytics_records
from ingest.analytics.records import UNKNOWN, EventRecord, KeptRecord, record_digest
from ingest.publish.template_files import read_templates
from ingest.site import analytics_pages as pages_module
from ingest.site import i18n
from ingest.site.brief import BriefError, EventBrief, brief_from_json, brief_to_json, event_brief
from ingest.site.fragments import PREFIX
from ingest.site.page import Files, SiteInputs, page_files
from ingest.site.templates import Templates
from tests.site_helpers import make_project, site_inputs

Sample = tuple[SiteInputs, Templates, list[EventBrief]]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Sample:
    """The sample events' briefs (Modern and Weiss Schwarz have analytics pages)."""
    project = make_project(tmp_path_factory.mktemp("analytics-rebuild") / "p")
    inputs = site_inputs(project)
    return inputs, read_templates(project.templates), [event_brief(r) for r in inputs.reports]


def _flipped(record: EventRecord) -> EventRecord:
    """``record`` with the result of its first decided match between two archetypes the other
    way round (2-0 becomes 0-2)."""
    arch = record.archetypes()
    for i, m in enumerate(record.matches):
        decided = m.kind == "played" and m.games is not None and m.games[0] != m.games[1]
        if decided and m.games is not None and arch.get(m.a, UNKNOWN) != arch.get(m.b, UNKNOWN):
            a, b, drawn = m.games
            matches = list(record.matches)
            matches[i] = dataclasses.replace(m, games=(b, a, drawn))
            return dataclasses.replace(record, matches=tuple(matches))
    raise AssertionError(f"{record.slug} has no decided match")


def _with_result_flipped(briefs: list[EventBrief], fmt: str) -> list[EventBrief]:
    """The briefs with one result of the newest ``fmt`` event changed, as making that event again gives."""
    at = max(i for i, d in enumerate(briefs) if d.analytics is not None and d.analytics.format == fmt)
    kept = briefs[at].analytics
    assert kept is not None
    out = list(briefs)
    out[at] = dataclasses.replace(briefs[at], analytics=KeptRecord.of(_flipped(kept.record)))
    return out


def _as_read_back(briefs: list[EventBrief]) -> list[EventBrief]:
    """The briefs as a new process reads them from the build cache: records packed, not decoded."""
    return [brief_from_json(brief_to_json(d)) for d in briefs]


def _made(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The formats whose pages are made from now on, in order."""
    made: list[tuple[str, str]] = []
    real = pages_module._format_pages

    def counted(inputs: SiteInputs, templates: Templates, game: str, fmt: str, *args: Any) -> Files:
        made.append((game, fmt))
        return real(inputs, templates, game, fmt, *args)

    monkeypatch.setattr(pages_module, "_format_pages", counted)
    return made


def _pages(sample: Sample, briefs: list[EventBrief], cache: pages_module.KeptPages | None) -> Files:
    inputs, templates, _ = sample
    with i18n.use(inputs.lang()):
        return pages_module.analytics_pages(inputs, templates, briefs, cache, "templates")


def _of(files: Files, game: str, fmt: str) -> Files:
    """A format's pages and their fragments (where the figures are)."""
    root = pages_module.analytics_root(game, fmt)
    return {k: v for k, v in files.items() if k.removeprefix(PREFIX).startswith(root)}


def test_the_sample_has_two_formats_with_analytics(sample: Sample) -> None:
    assert {("mtg", "modern"), ("weiss-schwarz", "neo-standard")} <= pages_module.formats_with_analytics(sample[2])


def test_unchanged_formats_are_taken_without_reading_their_records(
    sample: Sample, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = pages_module.PagesInMemory()
    first = _pages(sample, sample[2], cache)
    made = _made(monkeypatch)
    read: list[str] = []

    def reading(r: EventRecord) -> dict[str, Any]:
        read.append(r.slug)
        raise AssertionError("a record read to key its format's pages")

    monkeypatch.setattr(analytics_records, "record_to_json", reading)
    monkeypatch.setattr(pages_module, "record_to_json", reading, raising=False)
    again = _as_read_back(sample[2])
    assert _pages(sample, again, cache) == first
    assert made == [] and read == []
    assert not any(d.analytics.decoded for d in again if d.analytics is not None)  # records left as text


def test_only_the_changed_format_s_records_are_decoded(sample: Sample, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = pages_module.PagesInMemory()
    _pages(sample, sample[2], cache)
    changed = _as_read_back(_with_result_flipped(sample[2], "modern"))
    _pages(sample, changed, cache)
    decoded = {(k.game, k.format) for d in changed if (k := d.analytics) is not None and k.decoded}
    assert decoded == {("mtg", "modern")}


def test_a_changed_result_remakes_its_format_s_pages_only(sample: Sample, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = pages_module.PagesInMemory()
    first = _pages(sample, sample[2], cache)
    made = _made(monkeypatch)
    changed = _with_result_flipped(sample[2], "modern")
    second = _pages(sample, changed, cache)
    assert made == [("mtg", "modern")]
    assert _of(second, "mtg", "modern") != _of(first, "mtg", "modern")  # the figures moved
    assert _of(second, "weiss-schwarz", "neo-standard") == _of(first, "weiss-schwarz", "neo-standard")
    # the pages made again are those a build without any cache makes from the changed records
    assert second == _pages(sample, changed, None)


def test_a_record_s_digest_follows_its_contents(sample: Sample) -> None:
    d = next(d for d in sample[2] if d.analytics is not None and d.analytics.record.matches)
    assert d.analytics is not None
    r = d.analytics.record
    assert d.analytics.digest == record_digest(r) != record_digest(_flipped(r))
    assert record_digest(dataclasses.replace(r, name=r.name + " ")) != d.analytics.digest


def test_a_kept_record_read_back_is_the_record(sample: Sample) -> None:
    for made, d in zip(sample[2], _as_read_back(sample[2]), strict=True):
        if made.analytics is not None:
            assert d.analytics is not None and not d.analytics.decoded
            assert d.analytics.record == made.analytics.record
            assert d.analytics.digest == record_digest(d.analytics.record)


def test_a_record_is_kept_packed_without_a_quote_to_escape(sample: Sample) -> None:
    """What every build reads of every cached event: the record's text compressed, in base64
    (a JSON string of it escaped each of its quotes)."""
    stored, escaped = 0, 0
    for d in sample[2]:
        if (k := d.analytics) is not None:
            packed = brief_to_json(d)["analytics"][0]
            assert packed.startswith(analytics_records.PACKED) and '"' not in packed
            stored, escaped = stored + len(packed), escaped + len(json.dumps(k.text))
    assert stored < escaped / 2


def test_a_packed_record_that_is_not_its_digest_s_is_refused(sample: Sample, monkeypatch: pytest.MonkeyPatch) -> None:
    d = next(d for d in sample[2] if d.analytics is not None)
    k = d.analytics
    assert k is not None
    other = next(x.analytics for x in sample[2] if x.analytics is not None and x.analytics.digest != k.digest)
    assert other is not None
    for packed in (
        other.packed,  # another record's
        k.packed[:-8],  # cut short
        k.packed.replace(analytics_records.PACKED, "gzip:"),
        analytics_records.PACKED + "not base64!",
    ):
        with pytest.raises(analytics_records.RecordError):
            _ = KeptRecord(None, k.digest, k.game, k.format, k.names_archetypes, packed=packed).record
    # more than a record may be is not unpacked whole, even with the right digest
    text = " " * 4096
    large = analytics_records.PACKED + base64.b64encode(zlib.compress(text.encode())).decode()
    digest = hashlib.sha256(text.encode()).hexdigest()
    assert KeptRecord(None, digest, "mtg", "modern", True, packed=large).text == text
    monkeypatch.setattr(analytics_records, "MAX_RECORD_BYTES", 4095)
    with pytest.raises(analytics_records.RecordError):
        _ = KeptRecord(None, digest, "mtg", "modern", True, packed=large).text
    as_text = brief_to_json(d)
    as_text["analytics"][0] = k.text  # the text as it was kept before: not a brief now (the event is made again)
    with pytest.raises(BriefError):
        brief_from_json(as_text)


def _games_changed(briefs: list[EventBrief], fmt: str) -> list[EventBrief]:
    """The briefs with one 2-0 of the newest ``fmt`` event between two archetypes made a 2-1
    (the same winner: no figure moves, only the match's games)."""
    at = max(i for i, d in enumerate(briefs) if d.analytics is not None and d.analytics.format == fmt)
    kept = briefs[at].analytics
    assert kept is not None
    record = kept.record
    arch = record.archetypes()
    i, m = next(
        (i, m)
        for i, m in enumerate(record.matches)
        if m.kind == "played" and m.games == (2, 0, 0) and arch.get(m.a, UNKNOWN) != arch.get(m.b, UNKNOWN)
    )
    matches = list(record.matches)
    matches[i] = dataclasses.replace(m, games=(2, 1, 0))
    out = list(briefs)
    out[at] = dataclasses.replace(
        briefs[at], analytics=KeptRecord.of(dataclasses.replace(record, matches=tuple(matches)))
    )
    return out


def _rendered(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The analytics pages rendered from templates from now on."""
    rendered: list[str] = []
    real = page_files

    def counted(path: str, *args: Any) -> Files:
        rendered.append(path)
        return real(path, *args)

    monkeypatch.setattr(pages_module, "page_files", counted)
    return rendered


def test_a_result_that_moves_no_figure_renders_no_page(sample: Sample, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 2-0 made a 2-1 (the same winner) in Modern: the format is made again, but every page
    shows what it showed and is taken as it was, without a template; only the year's match
    document changes. The result is what a build without any cache makes."""
    cache = pages_module.PagesInMemory()
    first = _pages(sample, sample[2], cache)
    rendered = _rendered(monkeypatch)
    made = _made(monkeypatch)
    changed = _games_changed(sample[2], "modern")
    second = _pages(sample, changed, cache)
    assert made == [("mtg", "modern")] and rendered == []
    moved = {p for p in second if second[p] != first.get(p)}
    assert moved == {"api/analytics/mtg/modern/2026.json"}
    monkeypatch.undo()
    assert second == _pages(sample, changed, None)


def test_a_result_that_moves_figures_renders_the_pages_that_show_them(
    sample: Sample, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A winner changed in Modern: the pages showing the two archetypes' figures are rendered
    again (the format's page, their match lists), the others are taken as they were, and the
    result is what a build without any cache makes."""
    cache = pages_module.PagesInMemory()
    _pages(sample, sample[2], cache)
    rendered = _rendered(monkeypatch)
    changed = _with_result_flipped(sample[2], "modern")
    second = _pages(sample, changed, cache)
    assert "analytics/mtg/modern/index.md" in rendered
    assert 0 < len([p for p in rendered if "/archetypes/" in p and p.count("/") == 4]) <= 2  # the two match lists
    assert len(rendered) < len([p for p in second if p.endswith(".md")])
    monkeypatch.undo()
    assert second == _pages(sample, changed, None)


def test_a_one_result_rebuild_decodes_the_changed_event_s_record_only(sample: Sample) -> None:
    """The format's totals kept by the build before (``serve``'s) are patched: of a format's
    records read back packed, only the changed event's is decoded (the format's other events
    are neither decoded nor summed again), and the pages are a clean build's."""
    original = next(d for d in sample[2] if d.analytics is not None and d.analytics.format == "modern")
    briefs = [*sample[2], *(_event_copied(original, f"copy-{n}", 7 * n) for n in (1, 2, 3))]
    cache = pages_module.PagesInMemory()
    _pages(sample, briefs, cache)
    changed = _as_read_back(_with_result_flipped(briefs, "modern"))
    second = _pages(sample, changed, cache)
    modern = [d for d in changed if d.analytics is not None and d.analytics.format == "modern"]
    decoded = [d.history.slug for d in modern if d.analytics is not None and d.analytics.decoded]
    assert len(modern) == 4 and decoded == ["copy-3"]
    sums = cache.sums(("mtg", "modern"))
    assert sums is not None and sums.decoded == 1
    assert second == _pages(sample, _as_read_back(changed), None)


def _event_changed(d: EventBrief, data: st.DataObject) -> EventBrief:
    """``d`` with one of its matches' games drawn anew (a result changed, maybe its winner)."""
    assert d.analytics is not None
    record = d.analytics.record
    played = [i for i, m in enumerate(record.matches) if m.kind == "played" and m.games is not None]
    if not played:
        return d
    i = data.draw(st.sampled_from(played))
    games = data.draw(st.sampled_from([(2, 0, 0), (2, 1, 0), (1, 2, 0), (0, 2, 0), (1, 1, 1)]))
    matches = list(record.matches)
    matches[i] = dataclasses.replace(matches[i], games=games)
    return dataclasses.replace(d, analytics=KeptRecord.of(dataclasses.replace(record, matches=tuple(matches))))


def _event_copied(d: EventBrief, slug: str, days: int) -> EventBrief:
    """A new event: ``d`` under another slug, ``days`` later."""
    assert d.analytics is not None
    record = d.analytics.record
    day = record.date + dt.timedelta(days=days)
    history = dataclasses.replace(d.history, slug=slug, date=day)
    return dataclasses.replace(
        d, history=history, analytics=KeptRecord.of(dataclasses.replace(record, slug=slug, date=day))
    )


class _PagesInNewProcesses(pages_module.PagesInMemory):
    """The pages and totals as the build cache keeps them for a build in a new process: the
    totals as their file's text, read back (:mod:`ingest.analytics.kept_sums`) by the next build."""

    keeps_totals = False

    def __init__(self) -> None:
        super().__init__()
        self.texts: dict[tuple[str, str], bytes] = {}

    def put(self, fmt: tuple[str, str], key: str, files: Files, digests: Any, sums: Any = None) -> None:
        from ingest.analytics.kept_sums import sums_text

        super().put(fmt, key, files, digests)
        self.totals.pop(fmt, None)
        if sums is not None:
            self.texts[fmt] = sums_text(sums)

    def sums(self, fmt: tuple[str, str]) -> Any:
        from ingest.analytics.kept_sums import sums_from_text

        kept, text = self.pages.get(fmt), self.texts.get(fmt)
        return sums_from_text(text, *fmt, kept[1]) if kept is not None and text is not None else None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
@pytest.mark.parametrize("keeper", [pages_module.PagesInMemory, _PagesInNewProcesses])
def test_patched_analytics_are_a_clean_build_s_after_any_changes(
    sample: Sample, keeper: type[pages_module.PagesInMemory], data: st.DataObject
) -> None:
    """Over random results changed, events added and events deleted, one after another, each
    build patching the totals the one before kept (in the process, or read back from their
    file as a new process does): every analytics page and match document is byte for byte
    what a build without any cache makes of the events as they are."""
    briefs = list(sample[2])
    cache = keeper()
    _pages(sample, briefs, cache)
    for step in range(data.draw(st.integers(1, 3))):
        with_records = [i for i, d in enumerate(briefs) if d.analytics is not None and d.analytics.format == "modern"]
        action = data.draw(st.sampled_from(("change", "change", "add", "delete")))
        at = data.draw(st.sampled_from(with_records))
        if action == "change":
            briefs[at] = _event_changed(briefs[at], data)
        elif action == "add":
            briefs.append(_event_copied(briefs[at], f"added-{step}", data.draw(st.integers(1, 400))))
        elif len(with_records) > 1:
            del briefs[at]
        briefs = _as_read_back(briefs)
        assert _pages(sample, briefs, cache) == _pages(sample, briefs, None)


def test_a_format_taken_as_it_was_is_summed_once_for_the_next_build(sample: Sample) -> None:
    """A watching process's first build takes a format's pages as the build cache kept them
    (no totals in memory yet): it sums the format once, so that the first result changed
    after it decodes one record, not the format's."""
    original = next(d for d in sample[2] if d.analytics is not None and d.analytics.format == "modern")
    briefs = [*sample[2], *(_event_copied(original, f"copy-{n}", 7 * n) for n in (1, 2))]
    cache = pages_module.PagesInMemory()
    _pages(sample, briefs, cache)
    cache.totals.clear()  # as a new process finds the pages: made before, no totals
    again = _as_read_back(briefs)
    _pages(sample, again, cache)
    assert cache.sums(("mtg", "modern")) is not None
    changed = _as_read_back(_with_result_flipped(again, "modern"))
    assert _pages(sample, changed, cache) == _pages(sample, _as_read_back(changed), None)
    decoded = [d.history.slug for d in changed if d.analytics is not None and d.analytics.decoded]
    assert decoded == ["copy-2"]


def test_a_one_result_rebuild_writes_its_year_s_match_document_only(
    sample: Sample, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The format's match documents are kept a year each with the totals: a result changed
    in a 2027 event makes the 2027 document again and takes the 2026 one as it was, and the
    documents are a clean build's."""
    from ingest.site import analytics_data

    original = next(d for d in sample[2] if d.analytics is not None and d.analytics.format == "modern")
    briefs = [*sample[2], _event_copied(original, "next-year", 400)]
    cache = pages_module.PagesInMemory()
    _pages(sample, briefs, cache)
    made: list[str] = []
    real = analytics_data.year_document

    def counted(game: str, fmt: str, year: str, *args: Any) -> Files:
        made.append(year)
        return real(game, fmt, year, *args)

    monkeypatch.setattr(analytics_data, "year_document", counted)
    changed = _with_result_flipped(briefs, "modern")
    second = _pages(sample, changed, cache)
    assert made == ["2027"]
    assert {"api/analytics/mtg/modern/2026.json", "api/analytics/mtg/modern/2027.json"} <= set(second)
    monkeypatch.undo()
    assert second == _pages(sample, changed, None)
