"""The decklists page built without the sections of the decks its script draws
(:func:`ingest.site.deck_views.deck_views`) is, byte for byte, the page built from every
deck's full view, for every sample event."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.publish.template_files import read_templates
from ingest.site import deck_views
from ingest.site.event_pages import render_event
from tests.site_helpers import make_project, site_inputs


def test_every_sample_events_pages_are_those_made_from_the_full_views(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = make_project(tmp_path)
    inputs, templates = site_inputs(project), read_templates(project.templates)
    seen: list[deck_views.DeckView] = []
    made = deck_views._deck_view

    def noted(*args: object, **kwargs: object) -> deck_views.DeckView | None:
        view = made(*args, **kwargs)  # type: ignore[arg-type]
        if view is not None:
            seen.append(view)
        return view

    monkeypatch.setattr(deck_views, "_deck_view", noted)
    lean = [render_event(report, inputs, templates).files for report in inputs.reports]
    assert any(v.sections == () for v in seen) and any(v.sections for v in seen)  # (both kinds of deck)
    monkeypatch.setattr(deck_views, "_copy_titles", lambda _titles: False)
    full = [render_event(report, inputs, templates).files for report in inputs.reports]
    assert lean == full
