"""A player's files joined from each event's kept share (ingest.site.player_shares) are the
files their history gives, byte for byte; a player's API document joined from its rows' text
is the document encoded whole."""

from __future__ import annotations

import datetime as dt
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.core.json_text import compact_json
from ingest.publish.player_book import owners
from ingest.publish.template_files import read_templates
from ingest.site import i18n
from ingest.site.api import API_VERSION, api_files, player_document, row_parts
from ingest.site.player_pages import facts_of, player_page
from ingest.site.player_shares import EventShare, player_files, share_from_json, share_of, share_to_json, summary_of
from ingest.summary.history import HistoryEntry, event_history, histories_from
from tests.site_helpers import make_project, site_inputs


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_sample_players_files_from_shares_are_the_ones_their_history_gives(tmp_path: Path, language: str) -> None:
    """Every player of the sample events (individual, team, Wheel of Time, running and upcoming
    events; aliases in players.yaml), each event's share kept as JSON and read back."""
    project = make_project(tmp_path)
    inputs = site_inputs(project)
    templates = read_templates(project.templates)
    registry = inputs.players
    events = [event_history(r) for r in inputs.reports]
    histories = histories_from(events, registry)
    format_names = {h.slug: inputs.formats.display_name(h.game, h.format) for h in events}
    kept: dict[str, list[tuple[tuple[dt.date, str], EventShare]]] = {}
    for h in events:
        for cid, steps in owners(h, registry).items():
            share = share_of(steps, registry, format_names[h.slug])
            read_back = share_from_json(json.loads(json.dumps(share_to_json(share))))
            assert read_back == share
            kept.setdefault(cid, []).append(((h.date, h.slug), read_back))
    names = histories.names
    playing = 0
    for cid in names:
        shares = [s for _, s in sorted(kept.get(cid, []), key=lambda item: item[0])]
        summary = summary_of(shares, names)
        assert summary.shows == tuple(
            sorted(
                set(histories.h2h.get(cid, {}))
                | {e.now[2] for e in histories.entries.get(cid, ()) if e.now is not None and e.now[2]}
            )
        )
        playing += len(summary.facts.playing)
        with i18n.use(language):
            mine = player_files(cid, summary, inputs, templates, names)
            theirs = player_page(cid, names[cid], inputs, templates, facts_of(cid, histories), names)
            theirs.update(api_files([], histories, format_names, [cid]))
        del theirs["api/events.json"]
        assert mine == theirs, cid
    assert playing > 0  # (an event in progress: its players' pages name the table now)


_text = st.text(st.characters(codec="utf-8"), max_size=12)


@st.composite
def _entries(draw: st.DrawFn) -> HistoryEntry:
    tbp = draw(st.none() | st.fractions(min_value=-50, max_value=50))
    record = draw(st.none() | st.tuples(*[st.integers(0, 15)] * 3))
    return HistoryEntry(
        draw(_text),
        draw(_text),
        draw(st.dates(dt.date(2000, 1, 1), dt.date(2030, 12, 31))),
        draw(st.sampled_from(["Magic", "Pokémon", 'Quo"te'])),
        draw(st.sampled_from(["modern", "standard", "sealed"])),
        draw(st.sampled_from(["complete", "in-progress", "upcoming"])),
        draw(st.integers(0, 5000)),
        draw(st.none() | st.integers(1, 5000)),
        draw(st.sampled_from(["", "Champion", "Top 8"])),
        record,
        draw(st.none() | st.integers(-3, 60)),
        None if tbp is None else Fraction(tbp),
        draw(_text),
        draw(st.sampled_from(["", "t1"])),
        draw(_text),
        draw(st.sampled_from(["", "A", "first"])),
    )


def _whole(cid: str, name: str, entries: list[tuple[HistoryEntry, str]], opponents: list[Any]) -> str:
    """The document as the build wrote it before rows were joined: the whole value encoded at once."""
    formats: dict[tuple[str, str, str], int] = {}
    rows = []
    for entry, shown in entries:
        parts = row_parts(entry, shown)
        row = json.loads(parts.head + "0" + parts.tail)
        row[3] = formats.setdefault((entry.game_name, entry.format, shown), len(formats))
        rows.append(row)
    doc = {
        "api_version": API_VERSION,
        "id": cid,
        "name": name,
        "formats": [list(f) for f in formats],
        "events": rows,
        "opponents": opponents,
    }
    return compact_json(doc, sort_keys=True) + "\n"


@settings(max_examples=60, deadline=None)
@given(
    cid=_text,
    name=_text,
    entries=st.lists(st.tuples(_entries(), st.sampled_from(["Modern", "Standard", "Sealed Ü"])), max_size=8),
    opponents=st.lists(st.tuples(_text, _text, st.integers(0, 9), st.integers(0, 9), st.integers(0, 9)), max_size=4),
)
def test_a_document_joined_from_its_rows_text_is_the_document_encoded_whole(
    cid: str, name: str, entries: list[tuple[HistoryEntry, str]], opponents: list[tuple[str, str, int, int, int]]
) -> None:
    """Any text (quotes, escapes, any script), any format order, the rows' optional fields."""
    met = [list(o) for o in opponents]
    joined = player_document(cid, name, [row_parts(e, shown) for e, shown in entries], met)
    assert joined == _whole(cid, name, entries, met)
    json.loads(joined)


@pytest.mark.parametrize("bad", [None, [], [[], [["a"]]], [[["x"] * 9], []], [[], [["a", 3]]], [[], [[1, 0]]]])
def test_a_share_of_another_shape_is_refused(bad: object) -> None:
    with pytest.raises((ValueError, TypeError, KeyError)):
        share_from_json(bad)
