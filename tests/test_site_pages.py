"""Format pages, standings after each round, per-opponent detail and deck pages,
checked against the engine and the format data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ingest.pipeline import format_registry
from ingest.project import Project
from tests.builders import ROOT
from tests.site_helpers import tables
from tests.test_site import TODAY


def test_format_pages_list_banned_and_restricted_cards_with_dates(sample_docs: Path) -> None:
    """MTR 6.7: Vintage's banned and restricted lists, as in force on the build's date."""
    registry, _ = format_registry(Project(ROOT))
    rules = registry.formats[("mtg", "vintage")]
    page = (sample_docs / "formats" / "mtg" / "vintage.md").read_text().replace("&#39;", "'")
    banned, restricted = rules.banned_on(TODAY), rules.restricted_on(TODAY)
    assert banned and restricted
    assert f"## Banned now ({len(banned)})" in page and f"## Restricted now ({len(restricted)})" in page
    now = page.split("## Banned now", 1)[1].split("## Changes", 1)[0]
    listed = re.findall(r"<li>([^<]*?)(?: <span class=\"sk-muted\">since ([-0-9]+)</span>)?</li>", now)
    expected = [(c.card, c.since.isoformat() if c.since else "") for c in (*banned, *restricted)]
    assert sorted(listed) == sorted(expected)
    if not any(c.since for c in (*rules.banned, *rules.restricted)):
        assert "Our sources give no dates for these lists" in page


def test_format_pages_show_the_changes_history(sample_docs: Path) -> None:
    """MTR 6.3: Standard's bans with their effective dates, newest first."""
    registry, _ = format_registry(Project(ROOT))
    rules = registry.formats[("mtg", "standard")]
    page = (sample_docs / "formats" / "mtg" / "standard.md").read_text().replace("&#39;", "'")
    [changes] = tables(page.split("## Changes", 1)[1], "sk-table")
    dated = sorted((c for c in (*rules.banned, *rules.restricted) if c.since), key=lambda c: c.since, reverse=True)
    assert dated
    assert changes[0] == ["Date", "Card", "Change", "Source"]
    assert changes[1:] == [
        [c.since.isoformat(), c.card, "restricted" if c in rules.restricted else "banned", c.source]
        for c in dated  # type: ignore[union-attr]
    ]


@pytest.mark.parametrize("game", ["vanguard", "weiss-schwarz", "buddyfight"])
def test_format_pages_say_when_our_sources_give_no_deck_size(sample_docs: Path, game: str) -> None:
    page = (sample_docs / "formats" / game / "limited.md").read_text()
    assert "<li>Main deck: our sources give no size <span" in page
    assert "cards <span" not in page.split("<li>Main deck:", 1)[1].split("</li>", 1)[0]
    for other in (sample_docs / "formats").rglob("*.md"):
        assert "no minimum given by our sources" not in other.read_text(), other
