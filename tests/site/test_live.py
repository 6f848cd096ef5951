"""The live event page: round start times in the file, pair --start, the clock, the reload poll, the cut panel."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ingest.checks.event_files import load_event
from ingest.source.project import Project
from tests.builders import ROOT
from tests.builders import run_cli as run
from tests.planner.test_pair_command import HEADER


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "e.yaml").write_text(HEADER.replace("best_of: 3,", "best_of: 3, round_minutes: 50,"))
    return tmp_path


def test_pair_start_records_the_time_of_day(project: Path) -> None:
    path = project / "events" / "e.yaml"
    code, out = run(project, "pair", str(path), "--start", "19:30")
    assert code == 0, out
    assert "- round: 1\n  started: '19:30'\n  matches:" in path.read_text()  # quoted: YAML 1.1 reads 19:30 as 1170
    event = load_event(path, Project(project)).event
    assert event is not None and event.rounds[0].started == "19:30"


def test_pair_start_now_reads_the_clock(project: Path) -> None:
    path = project / "events" / "e.yaml"
    code, out = run(project, "pair", str(path), "--start", "now")
    assert code == 0, out
    event = load_event(path, Project(project)).event
    assert event is not None and re.fullmatch(r"\d\d:\d\d", event.rounds[0].started)


@pytest.mark.parametrize("bad", ["25:00", "7pm", "19:3"])
def test_pair_start_refuses_what_is_not_a_time(project: Path, bad: str) -> None:
    path = project / "events" / "e.yaml"
    code, out = run(project, "pair", str(path), "--start", bad)
    assert code == 2 and "is not a time of day" in out
    assert path.read_text().endswith("rounds: []   # filled by pair\n")


def test_started_unquoted_is_the_same_time_and_a_bad_one_is_a_positioned_error(project: Path) -> None:
    path = project / "events" / "e.yaml"
    run(project, "pair", str(path))
    text = path.read_text().replace("- round: 1\n", "- round: 1\n  started: 19:30\n")
    path.write_text(text)
    event = load_event(path, Project(project)).event
    assert event is not None and event.rounds[0].started == "19:30"  # YAML 1.1 read it as 1170
    path.write_text(text.replace("started: 19:30", "started: half past seven"))
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "started:" in t)
    code, out = run(project, "validate", str(path))
    assert code == 1 and f"e.yaml:{line}:" in out and "started" in out, out


PIONEER = "events/2026-11-20-pioneer-weekly"


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from ingest.publish.run import build_site
    from tests.site_helpers import TODAY, make_project

    project = make_project(tmp_path_factory.mktemp("live"))
    build_site(project, today=TODAY, docs_only=True)
    return project.root / "build" / "docs"


def test_live_event_page_leads_with_the_current_round(docs: Path) -> None:
    from tests.site_helpers import page_text

    page = page_text(docs / PIONEER / "index.md")
    version = (docs / PIONEER / "version.txt").read_text().strip()
    live = page.index('<section class="sk-live"')
    assert live < page.index("sk-event-meta")  # first thing under the title, before the facts
    assert f'data-version="{version}" data-version-url="version.txt"' in page
    assert page.index('id="sk-find-input"') > live  # find my table opens the live block
    assert "Round 3 of 4 in progress" in page
    assert 'data-started="21:10" data-minutes="50"' in page and "started at 21:10, 50 minutes" in page
    assert page.count('data-round="3"') == 1
    # The cut panel: every player still in contention, with the verdict and its reason.
    assert "Top 4: what each player needs" in page
    assert page.count('<tr class="sk-cut-') == 12
    assert "In with 2 wins" in page and "at most 2 other players can reach 12; the cut is 4" in page


def test_finished_and_upcoming_events_have_no_live_block(docs: Path) -> None:
    from tests.site_helpers import page_text

    for slug in ("2026-11-13-friday-night-modern", "2026-12-04-legacy-league"):
        page = page_text(docs / "events" / slug / "index.md")
        assert "sk-live" not in page and "data-version" not in page, slug


def test_version_changes_with_a_result_and_only_then() -> None:
    from dataclasses import replace

    from ingest.site.live import version_token
    from tests.site_helpers import sample_event

    event = sample_event("2026-11-20-pioneer-weekly")
    same = version_token(event, "{}")
    assert version_token(event, "{}") == same
    assert version_token(event, '{"x": 1}') != same  # the API document carries every result
    later = replace(event, rounds=(*event.rounds[:-1], replace(event.rounds[-1], started="21:15")))
    assert version_token(later, "{}") != same
    # A pause, a resume and minutes added change the page's clock: a newer version each.
    for change in ({"paused_at": "21:20:00"}, {"paused_seconds": 90}, {"extra_minutes": 5}):
        clocked = replace(event, rounds=(*event.rounds[:-1], replace(event.rounds[-1], **change)))
        assert version_token(clocked, "{}") != same, change


def test_the_live_clock_carries_the_pauses_and_minutes_added(tmp_path: Path) -> None:
    from ingest.publish.run import build_site
    from tests.site_helpers import TODAY, make_project, page_text

    project = make_project(tmp_path)
    path = project.events_dir / "2026" / "2026-11-20-pioneer-weekly.yaml"
    text = path.read_text(encoding="utf-8")
    assert "  started: '21:10'\n" in text
    path.write_text(
        text.replace("  started: '21:10'\n", "  started: '21:10'\n  extra_minutes: 4\n  paused_at: '21:31:15'\n"),
        encoding="utf-8",
    )
    build_site(project, today=TODAY, docs_only=True)
    page = page_text(project.build_dir / "docs" / PIONEER / "index.md")
    assert 'data-started="21:10" data-minutes="50" data-extra="4" data-paused-at="21:31:15">' in page


def test_printed_pages_carry_qr_codes_to_the_event_and_the_round(tmp_path: Path) -> None:
    """The round printed from the rounds page (#print-round) and the standings printed from
    the event page carry codes to the event's page; each slip one to its round."""
    from ingest.publish.run import build_site
    from ingest.site.qr import qr_code
    from tests.site_helpers import TODAY, make_project

    project = make_project(tmp_path)
    cfg = project.root / "mkdocs.yml"
    cfg.write_text(cfg.read_text(encoding="utf-8") + "\nsite_url: https://club.example/results/\n", encoding="utf-8")
    build_site(project, today=TODAY)
    site = project.root / "build" / "site" / "events" / "2026-11-20-pioneer-weekly"
    event_url = "https://club.example/results/events/2026-11-20-pioneer-weekly/"
    rounds = (site / "rounds" / "index.html").read_text(encoding="utf-8")
    sheet = rounds.split('id="print-round"', 1)[1].split("</section>", 1)[0]
    # The codes drawn are the codes of these addresses (segno draws the same matrix for the same text).
    assert qr_code(event_url, "sk-qr-event").body in sheet
    assert qr_code(event_url + "rounds/#round-3", "sk-qr-round").body in sheet
    assert sheet.count('<use href="#sk-qr-round"/>') == 6  # one per result slip (six tables)
    assert sheet.count('<use href="#sk-qr-event"/>') == 1 and f"scan or visit {event_url}" in sheet
    page = (site / "index.html").read_text(encoding="utf-8")
    assert qr_code(event_url, "sk-qr-event").body in page and 'class="sk-print-only"' in page
    # The round the slip points to exists under that id.
    assert 'id="round-3"' in rounds


def test_no_qr_code_without_a_site_address(docs: Path) -> None:
    for page in (docs / PIONEER).glob("*.md"):
        text = page.read_text(encoding="utf-8")
        assert "sk-qr" not in text and "<svg" not in text, page.name
    fragments = docs.parent / "fragments" / PIONEER
    assert fragments.is_dir()
    assert all("sk-qr" not in p.read_text(encoding="utf-8") for p in fragments.rglob("*") if p.is_file())


@pytest.mark.parametrize(
    ("today", "finished_today", "playing_today"),
    [
        ("2026-11-13", "Friday Night Modern 42", None),  # the Modern event is over on its own day
        ("2026-11-20", None, "Pioneer Weekly #18"),  # the Pioneer event is being played on its day
    ],
)
def test_home_sections_follow_the_events_state(
    tmp_path: Path, today: str, finished_today: str | None, playing_today: str | None
) -> None:
    import datetime as dt

    from ingest.publish.run import build_site
    from tests.site_helpers import make_project, page_text

    project = make_project(tmp_path)
    build_site(project, today=dt.date.fromisoformat(today), docs_only=True)
    home = page_text(project.root / "build" / "docs" / "index.md")
    sections = dict(re.findall(r"^## (.+?)\n(.*?)(?=^## |\Z)", home, re.S | re.M))
    upcoming, recent = sections["Upcoming events"], sections["Recent results"]
    playing = sections.get("Playing now", "")
    assert "Legacy League December" in upcoming  # not started yet
    assert "Pioneer Weekly #18" in playing and "Pioneer Weekly #18" not in upcoming + recent
    if finished_today:
        assert finished_today in recent and finished_today not in upcoming
    if playing_today:
        assert "No results yet" not in recent


def test_in_progress_labels_and_facts(docs: Path) -> None:
    from tests.site_helpers import page_text

    page = page_text(docs / PIONEER / "index.md")
    assert "## Standings after round 2 of 4; round 3 in progress" in page
    assert "<dt>Rounds</dt><dd>3 of 4" in page
    assert "<dt>Recommended</dt>" not in page  # the event says 4 rounds: no second opinion next to it
    assert ">Deck</th>" not in page  # nobody's archetype is given: no empty column
    modern = page_text(docs / "events/2026-11-13-friday-night-modern/index.md")
    assert '<th class="sk-tb">Deck</th>' in modern and "## Final standings" in modern


def test_a_team_events_live_page_shows_what_each_team_needs(tmp_path: Path) -> None:
    """The sample team event with round 3 paired but not played: the cut panel names teams."""
    import datetime as dt

    from ingest.publish.run import build_site
    from tests.site_helpers import make_project, page_text

    project = make_project(tmp_path)
    path = project.root / "events" / "2026" / "2026-10-10-team-unified-standard.yaml"
    text = path.read_text()
    head, round3 = text[: text.index("- round: 3")], text[text.index("- round: 3") : text.index("playoff:")]
    path.write_text(head + re.sub(r", seats: \[.*\]\}", "}", round3))
    build_site(project, today=dt.date(2026, 10, 10), docs_only=True)
    page = page_text(project.root / "build" / "docs" / "events" / "2026-10-10-team-unified-standard" / "index.md")
    assert "Top 2: what each team needs" in page and "<th>Team</th><th>Cut</th>" in page
    assert page.count('<tr class="sk-cut-draw-in">') == 2
    assert "Lucky Draws</a></td><td><strong>Can draw in</strong>" in page
    assert "at most 1 other team can reach 7" in page
