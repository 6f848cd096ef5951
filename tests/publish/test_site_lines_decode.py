"""A site line read straight from its values (``site_lines._brief``) is the brief that reading
it field by field (:func:`~ingest.site.brief.brief_from_json`) gives, for every sample event,
and a line of other fields is read field by field."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any, cast

import pytest

from ingest.publish import cache_entries, site_lines
from ingest.publish.cache_entries import CachedEvent
from ingest.publish.run import _open_store, build_site
from ingest.site.brief import EventBrief, brief_from_json
from ingest.source.project import Project
from tests.publish.test_incremental_build import SAMPLE_EVENTS
from tests.site_helpers import TODAY, make_project


@pytest.fixture(scope="module")
def lines(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The site lines a build of the sample project keeps."""
    tmp = tmp_path_factory.mktemp("lines")
    root, home = tmp / "p", tmp / "home"
    make_project(root)
    project = Project(root)
    build_site(project, today=TODAY, cache_home=home, settled_before=time.time_ns(), workers=1, docs_only=True)
    kept = site_lines.SiteLines(_open_store(project, TODAY, home))._loaded()
    assert len(kept) == SAMPLE_EVENTS
    return sorted(kept.values())


def _field_by_field(text: str) -> EventBrief:
    line = json.loads(text)
    obj = {**line, "history": {**line["history"], "common": [], "steps": []}, "analytics": None}
    return brief_from_json(obj)


def _without_record(brief: EventBrief) -> tuple[EventBrief, Any]:
    a = brief.analytics
    return replace(brief, analytics=None), None if a is None else (a.digest, a.game, a.format, a.names_archetypes)


NO_ENTRY = cast(CachedEvent, None)  # (asked only when a page wants an analytics record)


def test_every_sample_events_line_is_read_straight_and_equals_it_read_field_by_field(
    lines: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    straight: list[bool] = []
    straight_of = site_lines._straight

    def counted(line: dict[str, Any]) -> bool:
        straight.append(straight_of(line))
        return straight[-1]

    monkeypatch.setattr(site_lines, "_straight", counted)
    for text in lines:
        rendered, listing = site_lines._decoded(text, NO_ENTRY)
        brief, record = _without_record(rendered.brief)
        assert brief == _field_by_field(text)
        assert record == (None if json.loads(text)["analytics"] is None else tuple(json.loads(text)["analytics"]))
        assert listing == tuple(tuple(f) for f in json.loads(text)["files"])
        assert all(type(f) is tuple and len(f) == 2 for f in listing)
    assert straight == [True] * len(lines), "every line of this code's brief is read straight (was: field by field)"


def test_a_straight_line_checks_no_value_one_by_one(lines: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A line of this code's fields is taken as its signed map holds it: its files' listing
    and its analytics record's fields are not checked one value at a time (at 10,000 weekly
    events, some 200,000 checks: 40% of reading the lines)."""
    checked: list[object] = []
    text_of = cache_entries.text_of

    def counted(v: Any) -> str:
        checked.append(v)
        return text_of(v)

    monkeypatch.setattr(site_lines, "text_of", counted)
    for text in lines:
        site_lines._decoded(text, NO_ENTRY)
    assert checked == lines, "only the line's text itself is checked (was: each path, digest and record field)"


@pytest.mark.parametrize("part", ["", "history", "feed"])
def test_a_line_of_other_fields_is_read_field_by_field(lines: list[str], part: str) -> None:
    for text in lines:
        line = json.loads(text)
        (line[part] if part else line)["added"] = "a field this code's brief does not have"
        assert not site_lines._straight(line)
        rendered, listing = site_lines._decoded(json.dumps(line), NO_ENTRY)
        assert _without_record(rendered.brief)[0] == _field_by_field(text)
        assert listing == tuple(tuple(f) for f in line["files"])


def test_a_line_missing_a_field_is_not_read(lines: list[str]) -> None:
    line = json.loads(lines[0])
    del line["feed"]["winner"]
    with pytest.raises(site_lines._BAD_LINE):
        site_lines._decoded(json.dumps(line), NO_ENTRY)
