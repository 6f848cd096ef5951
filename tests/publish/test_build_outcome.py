"""A finished event publishes, and one broken event file does not keep the others from publishing.

A deck played in a finished event (a banned card, 59 cards) and a played round worse than the
best pairing are facts: warnings, listed, never a failure of ``build --strict``. A future event
with an unclosed bracket: the build publishes every valid event, keeps the broken event's last
good pages (or leaves it out), names the file as an error (a GitHub annotation with
``--output-format github``) and exits non-zero only after writing the site.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from ingest.publish.build_outcome import BuildIncomplete
from ingest.publish.build_state import BuildMemory
from ingest.publish.run import build_site
from tests.builders import ROOT
from tests.builders import run_cli as run
from tests.site_helpers import TODAY, make_project

FINISHED = """\
name: Finished Night
date: 2026-11-01
game: mtg
format: modern
seed: 9
structure: {pairing: swiss, swiss_rounds: 2, best_of: 3, decklists: public}
players:
  - {id: a, name: Ana, deck: decks/a.txt}
  - {id: b, name: Ben, deck: decks/b.txt}
  - {id: c, name: Cem}
  - {id: d, name: Dee}
rounds:
- round: 1
  matches:
    - {table: 1, players: [a, b], games: 2-0}
    - {table: 2, players: [c, d], games: 2-0}
- round: 2
  matches:
    - {table: 1, players: [a, d], games: 2-0}
    - {table: 2, players: [c, b], games: 2-0}
"""
"""Round 2 pairs both winners with both losers though they could meet each other: not optimal."""

BROKEN = "name: Future Night\ndate: 2026-12-20\ngame: mtg\nformat: modern\nplayers: [{id: a, name: Ana}\nrounds: []\n"
"""A future event whose players list is never closed (line 5)."""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    events = tmp_path / "events" / "2026"
    (events / "decks").mkdir(parents=True)
    (events / "decks" / "a.txt").write_text("4 Lightning Bolt\n55 Mountain\n")  # 59 cards
    (events / "decks" / "b.txt").write_text("4 Hypergenesis\n56 Mountain\n")  # banned in Modern (MTR 6.4)
    (events / "2026-11-01-finished-night.yaml").write_text(FINISHED)
    return tmp_path


def test_a_finished_event_with_illegal_decks_and_a_weak_pairing_publishes_strictly(project: Path) -> None:
    code, out = run(project, "validate", "--strict")
    assert code == 0, out
    for found in ("warning[deck-size]", "warning[banned]", "warning[not-optimal]"):
        assert found in out, out
    assert "(played: the event is over)" in out and "(kept as played)" in out
    code, out = run(project, "build", "--strict")
    assert code == 0, out
    assert "warning[finished-event]: 3 warnings on this finished event (banned 1, deck-size 1, not-optimal 1)" in out
    assert (project / "build" / "site" / "events" / "2026-11-01-finished-night" / "index.html").is_file()


def test_a_deck_problem_in_an_event_still_to_play_fails_a_strict_build(project: Path) -> None:
    """Someone can still act on it: the site is written, the build fails."""
    path = project / "events" / "2026" / "2026-11-01-finished-night.yaml"
    path.write_text(FINISHED.split("\nrounds:")[0] + "\nrounds: []\n")
    code, out = run(project, "build", "--strict")
    assert code == 1 and "warning[deck-size]" in out and "(played" not in out
    assert "build failed: 2 warnings; the site was written" in out
    assert (project / "build" / "site" / "events" / "2026-11-01-finished-night" / "index.html").is_file()


def test_a_broken_event_file_does_not_stop_the_others(project: Path) -> None:
    (project / "events" / "2026" / "2026-12-20-future-night.yaml").write_text(BROKEN)
    code, out = run(project, "build", "--output-format", "github")
    assert code == 1
    assert "::error file=events/2026/2026-12-20-future-night.yaml,line=5,col=10,title=yaml-syntax::" in out
    assert "title=not-published::this event is left out of the site until its errors are fixed" in out
    assert "the site was written (events/2026/2026-12-20-future-night.yaml left out)" in out
    site = project / "build" / "site"
    assert (site / "events" / "2026-11-01-finished-night" / "index.html").is_file()
    assert not (site / "events" / "2026-12-20-future-night").exists()


def test_the_last_good_pages_of_a_broken_event_are_kept(tmp_path: Path) -> None:
    """The same code, configuration and day: the pages as last built without errors stay."""
    project = make_project(tmp_path)
    cache = tmp_path / "cache"
    build_site(project, today=TODAY, cache_home=cache)
    page = tmp_path / "build" / "site" / "events" / "2026-11-20-pioneer-weekly" / "index.html"
    before = page.read_bytes()
    event = next((tmp_path / "events").rglob("*pioneer-weekly.yaml"))
    event.write_text(event.read_text().replace("seed:", "seed: [", 1))
    with pytest.raises(BuildIncomplete) as failed:
        build_site(project, today=TODAY, cache_home=cache)  # a new process: the cache on disk
    assert failed.value.kept == (event.relative_to(tmp_path).as_posix(),) and not failed.value.left_out
    assert any(d.code == "not-published" and "keeps this event's pages" in d.message for d in failed.value.diagnostics)
    assert page.read_bytes() == before
    # serve keeps them in memory, without a cache on disk.
    memory = BuildMemory()
    event.write_text(event.read_text().replace("seed: [", "seed:", 1))
    build_site(project, today=TODAY, memory=memory)
    event.write_text(event.read_text().replace("seed:", "seed: [", 1))
    with pytest.raises(BuildIncomplete) as failed:
        build_site(project, today=TODAY, memory=memory)
    assert failed.value.kept
    assert page.read_bytes() == before
    # serve with the cache on disk, where the events' pages are read from: twice broken, the
    # last good pages stay in the cache (their entry is not pruned) and on the site.
    memory = BuildMemory()
    event.write_text(event.read_text().replace("seed: [", "seed:", 1))
    build_site(project, today=TODAY, memory=memory, cache_home=cache)
    event.write_text(event.read_text().replace("seed:", "seed: [", 1))
    for docs_removed in (False, True):  # the second time, its pages are read back from the cache
        if docs_removed:
            shutil.rmtree(tmp_path / "build" / "docs")
        with pytest.raises(BuildIncomplete) as failed:
            build_site(project, today=TODAY, memory=memory, cache_home=cache)
        assert failed.value.kept
        assert page.read_bytes() == before
    # Another day: what was built then is not kept (its pages would say another day).
    with pytest.raises(BuildIncomplete) as failed:
        build_site(project, today=TODAY + dt.timedelta(days=1), cache_home=cache)
    assert failed.value.left_out and not page.exists()
