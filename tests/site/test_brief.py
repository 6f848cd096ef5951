"""An event's brief as plain data: what the build cache keeps gives back the same brief,
and a site made from briefs read back is the site made from the reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ingest.site.brief import BriefError, brief_from_json, brief_to_json, event_brief
from ingest.site.event_pages import RenderedEvent, render_event
from ingest.site.page import SiteInputs
from ingest.site.site_files import site_files
from ingest.source.layers import SearchPath
from tests.site_helpers import TODAY, make_project, site_inputs


def _inputs(tmp_path: Path) -> tuple[SiteInputs, SearchPath]:
    project = make_project(tmp_path)
    return site_inputs(project), project.templates


def test_every_sample_events_digest_survives_json(tmp_path: Path) -> None:
    """Individual, team, Wheel of Time, upcoming and running events alike."""
    inputs, _ = _inputs(tmp_path)
    assert {r.status for r in inputs.reports} == {"complete", "in-progress", "upcoming"}
    for report in inputs.reports:
        brief = event_brief(report, inputs.players)
        assert brief_from_json(json.loads(json.dumps(brief_to_json(brief)))) == brief


def test_a_site_from_digests_read_back_is_the_site_from_the_reports(tmp_path: Path) -> None:
    inputs, templates = _inputs(tmp_path)
    direct = site_files(inputs, templates)
    kept = []
    for report in inputs.reports:
        rendered = render_event(report, inputs, templates)
        brief = brief_from_json(json.loads(json.dumps(brief_to_json(rendered.brief))))
        kept.append(RenderedEvent(brief, rendered.files))
    from_digests = site_files(
        SiteInputs((), inputs.players, inputs.formats, TODAY, seasons=inputs.seasons), templates, rendered=kept
    )
    assert from_digests == direct


@pytest.mark.parametrize("bad", [None, [], {"history": {}}, {"history": 1, "feed": {}}, "x"])
def test_what_is_not_a_digest_is_refused(bad: object) -> None:
    with pytest.raises(BriefError):
        brief_from_json(bad)
