"""The built site: privacy, escaping of hostile names, reproducibility, the JSON API, both engines."""

from __future__ import annotations

import datetime as dt
import html.parser
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from ingest.build import build_site
from ingest.errors import IngestError
from ingest.project import Project
from ingest.site import files_digest
from tests.builders import DATA, ROOT, check_golden

TODAY = dt.date(2026, 11, 22)


def make_project(root: Path, *, samples: bool = True) -> Project:
    for name in ("schema", "formats", "site_templates"):
        shutil.copytree(ROOT / name, root / name)
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    if samples:
        shutil.copytree(ROOT / "events", root / "events")
        shutil.copy(ROOT / "players.yaml", root / "players.yaml")
    else:
        (root / "events").mkdir()
    return Project(root)


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def sample_site(tmp_path_factory: pytest.TempPathFactory) -> Project:
    project = make_project(tmp_path_factory.mktemp("samples"))
    build_site(project, today=TODAY)
    return project


def test_every_sample_event_has_a_page(sample_site: Project) -> None:
    site = sample_site.root / "build" / "site"
    for path in sorted((ROOT / "events").rglob("*.yaml")):
        assert (site / "events" / path.stem / "index.html").is_file(), path.stem
    home = (site / "index.html").read_text()
    assert "Legacy League December" in home  # upcoming
    assert "Pioneer Weekly" in home  # in progress


def test_private_player_fields_never_reach_the_site(sample_site: Project) -> None:
    assert "email:" in next(p.read_text() for p in (ROOT / "events").rglob("*modern.yaml"))
    for rel, content in tree(sample_site.root / "build").items():
        assert b"@example.org" not in content, rel


def test_api_documents_validate_against_their_schemas(sample_site: Project) -> None:
    api = sample_site.root / "build" / "site" / "api"
    schemas = {
        name: Draft202012Validator(
            json.loads((ROOT / "schema" / f"{name}.schema.json").read_text()),
            format_checker=Draft202012Validator.FORMAT_CHECKER,
        )
        for name in ("api-events", "api-event", "api-player")
    }
    index = json.loads((api / "events.json").read_text())
    schemas["api-events"].validate(index)
    assert len(index["events"]) == len(list((ROOT / "events").rglob("*.yaml")))
    for path in sorted((api / "events").glob("*.json")):
        schemas["api-event"].validate(json.loads(path.read_text()))
    players = sorted((api / "players").glob("*.json"))
    assert players
    for path in players:
        schemas["api-player"].validate(json.loads(path.read_text()))


def test_api_standings_carry_exact_fractions(sample_site: Project) -> None:
    doc = json.loads(
        (sample_site.root / "build" / "site" / "api" / "events" / "2026-11-13-friday-night-modern.json").read_text()
    )
    row = doc["final"][0]
    assert row["place"] == "Champion"
    n, d = (int(x) for x in row["omw_exact"].split("/"))
    assert abs(n / d - row["omw"]) < 1e-12
    assert [t["after_round"] for t in doc["standings"]] == [1, 2, 3, 4, 5]
    assert "decklists" in doc  # complete event, decklists after the event


def test_print_views_sort_pairings_by_name(sample_site: Project) -> None:
    page = (
        sample_site.root / "build" / "site" / "events" / "2026-11-13-friday-night-modern" / "print" / "round-1.html"
    ).read_text()
    names = [
        line.split("<td>")[1].split("</td>")[0]
        for line in page.splitlines()
        if line.startswith("<tr><td>") and 'class="num"' in line
    ]
    assert names == sorted(names, key=str.casefold) and len(names) == 24
    assert page.count('class="slip"') == 11


def _event(name: str, decklists: str, *, complete: bool) -> str:
    text = (DATA / "valid" / "basic.yaml").read_text().replace("decklists: public", f"decklists: {decklists}")
    text = text.replace("name: Friday Night Modern 42", f"name: {name}")
    if complete:
        text = text.replace("swiss_rounds: 3", "swiss_rounds: 2")  # both rounds played: the event is over
    else:
        text = text.replace(
            "      - {table: 1, players: [erin, dan], games: 2-0}", "      - {table: 1, players: [erin, dan]}"
        )
    return text.replace("../../../schema", "../../schema")


def test_decklist_policies(tmp_path: Path) -> None:
    project = make_project(tmp_path, samples=False)
    events = tmp_path / "events" / "2026"
    (events / "decks").mkdir(parents=True)
    shutil.copy(DATA / "valid" / "decks" / "alice.txt", events / "decks" / "alice.txt")
    cases = {
        "2026-11-20-public": ("public", False),
        "2026-11-20-after-done": ("after-event", True),
        "2026-11-20-after-live": ("after-event", False),
        "2026-11-20-private": ("private", True),
    }
    for slug, (policy, complete) in cases.items():
        (events / f"{slug}.yaml").write_text(_event(slug, policy, complete=complete))
    build_site(project, today=TODAY, docs_only=True)
    docs = tmp_path / "build" / "docs"
    shown = {slug: (docs / "events" / slug / "decklists.md").exists() for slug in cases}
    assert shown == {
        "2026-11-20-public": True,
        "2026-11-20-after-done": True,
        "2026-11-20-after-live": False,
        "2026-11-20-private": False,
    }
    for slug, visible in shown.items():
        api = json.loads((docs / "api" / "events" / f"{slug}.json").read_text())
        assert ("decklists" in api) is visible
        if not visible:
            assert "Lightning Bolt" not in "".join(
                p.read_text() for p in (docs / "events" / slug).rglob("*") if p.is_file()
            )


HOSTILE = [
    "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(1))",
    "{{ 7*7 }}",
    "*bold*",
    '</title><script>alert("xss")</script>',
    '"><svg onload=alert(2)>',
]


class _Scanner(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.in_script = False
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.in_script = tag == "script"
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...>")
            if value and value.strip().lower().startswith("javascript:"):
                self.problems.append(f"<{tag} {name}={value}>")
        if tag in ("img", "svg") and any(n == "src" and v == "x" for n, v in attrs):
            self.problems.append("<img src=x>")

    def handle_endtag(self, tag: str) -> None:
        self.in_script = False

    def handle_data(self, data: str) -> None:
        if self.in_script and ("alert(1)" in data or 'alert("xss")' in data or "alert(2)" in data):
            self.problems.append("script with alert")
        self.text.append(data)


def test_hostile_names_are_shown_literally_and_never_executed(tmp_path: Path) -> None:
    project = make_project(tmp_path, samples=False)
    events = tmp_path / "events" / "2026"
    (events / "decks").mkdir(parents=True)
    text = _event("Hostile Night", "public", complete=True)
    for i, (pid, hostile) in enumerate(zip(["alice", "bob", "carol", "dan", "erin", "erin"], HOSTILE, strict=True)):
        old = {
            "alice": "Alice Example",
            "bob": "Bob Builder",
            "carol": "Carol Danvers",
            "dan": "Dan Brown",
            "erin": "Erin Ode",
        }[pid]
        if i < 5:
            text = text.replace(f"name: {old}", f"name: {json.dumps(hostile)}")
    text = text.replace("location: Example Games, Springfield", f"location: {json.dumps(HOSTILE[5])}")
    text = text.replace("organizer: Example Games", f"organizer: {json.dumps(HOSTILE[1])}")
    text = text.replace("archetype: Burn", f"archetype: {json.dumps(HOSTILE[0])}, deck_name: {json.dumps(HOSTILE[4])}")
    text = text.replace("# feature match", "")
    text = text.replace(
        "{table: 1, players: [alice, bob], games: 2-1}",
        f"{{table: 1, players: [alice, bob], games: 2-1, note: {json.dumps(HOSTILE[3])}}}",
    )
    deck = (
        (DATA / "valid" / "decks" / "alice.txt")
        .read_text()
        .replace("4 Lava Spike", "4 <b onmouseover=alert(1)>Spike</b>")
    )
    (events / "decks" / "alice.txt").write_text(deck)
    (events / "2026-11-20-hostile.yaml").write_text(text)
    (tmp_path / "players.yaml").write_text('players:\n  - {id: alice, name: "<img src=x onerror=alert(1)>"}\n')
    build_site(project, today=TODAY)
    site = tmp_path / "build" / "site"
    seen_text = ""
    for path in sorted(site.rglob("*.html")):
        scanner = _Scanner()
        scanner.feed(path.read_text())
        assert scanner.problems == [], (path, scanner.problems)
        seen_text += "".join(scanner.text)
    for hostile in HOSTILE:
        assert hostile in seen_text, hostile
    event_page = (site / "events" / "2026-11-20-hostile" / "index.html").read_text()
    assert "&lt;img src=x onerror=alert(1)&gt;" in event_page
    assert "49" not in seen_text.split("{{ 7*7 }}")[0][-5:]


def test_two_builds_are_byte_identical(tmp_path: Path) -> None:
    one = make_project(tmp_path / "one")
    two = make_project(tmp_path / "two")
    build_site(one, today=TODAY)
    build_site(two, today=TODAY)
    first, second = tree(one.root / "build" / "site"), tree(two.root / "build" / "site")
    assert first.keys() == second.keys()
    assert [k for k in first if first[k] != second[k]] == []


def test_a_failed_build_leaves_the_previous_site_whole(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    build_site(project, today=TODAY, docs_only=False)
    before = files_digest(tree(tmp_path / "build" / "site"))
    bad = next((tmp_path / "events").rglob("*draft-night.yaml"))
    bad.write_text(bad.read_text().replace("seed: 55102", "seed: nope"))
    with pytest.raises(IngestError) as caught:
        build_site(project, today=TODAY)
    assert any(d.code == "schema" for d in caught.value.diagnostics)
    assert files_digest(tree(tmp_path / "build" / "site")) == before


def test_zensical_engine_builds_the_same_pages(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    build_site(project, today=TODAY, engine="zensical")
    site = tmp_path / "build" / "site"
    page = (site / "events" / "2026-11-13-friday-night-modern" / "index.html").read_text()
    assert "Friday Night Modern 42" in page and "sk-bracket" in page
    assert (site / "api" / "events.json").is_file()
    assert not list(tmp_path.glob(".scorekeeper-zensical*"))


def test_golden_docs_for_the_wheel_of_time_sample(sample_site: Project, update_golden: bool) -> None:
    docs = sample_site.root / "build" / "docs"
    golden = DATA / "golden" / "site"
    for rel in (
        "events/2026-08-15-wheel-of-time-sealed/index.md",
        "events/2026-08-15-wheel-of-time-sealed/rounds.md",
        "api/events/2026-08-15-wheel-of-time-sealed.json",
        "events/2026-10-24-transformers-constructed/decklists.md",
    ):
        check_golden(golden / rel, (docs / rel).read_text(), update_golden)


def test_card_data_from_the_site_config_groups_decks_by_type(tmp_path: Path) -> None:
    project = make_project(tmp_path, samples=False)
    shutil.copy(ROOT / "tests" / "decks" / "data" / "cards.scryfall.json", tmp_path / "cards.json")
    config = (tmp_path / "mkdocs.yml").read_text() + "\nextra:\n  scorekeeper:\n    card_data:\n      mtg: cards.json\n"
    (tmp_path / "mkdocs.yml").write_text(config)
    events = tmp_path / "events" / "2026"
    (events / "decks").mkdir(parents=True)
    shutil.copy(DATA / "valid" / "decks" / "alice.txt", events / "decks" / "alice.txt")
    (events / "2026-11-20-typed.yaml").write_text(_event("Typed", "public", complete=True))
    build_site(project, today=TODAY, docs_only=True)
    page = (tmp_path / "build" / "docs" / "events" / "2026-11-20-typed" / "decklists.md").read_text()
    # Lightning Bolt is an Instant and Mountain a Land in the card data; the rest is unknown.
    assert "<h4>Instant (4)</h4>" in page and "<h4>Land (16)</h4>" in page and "<h4>Other (" in page
    assert "<h4>Sideboard (15)</h4>" in page


def test_an_updated_site_equals_a_full_build(tmp_path: Path) -> None:
    """Only changed pages are rendered again, yet the result is byte-identical to a full build."""
    project = make_project(tmp_path)
    build_site(project, today=TODAY)
    event = next((tmp_path / "events").rglob("*pioneer-weekly.yaml"))
    event.write_text(event.read_text().replace("name: 'Pioneer Weekly #18'", "name: Pioneer Weekly Renamed"))
    gone = next((tmp_path / "events").rglob("*legacy-league.yaml"))
    gone.unlink()
    timings = build_site(project, today=TODAY)
    assert timings.extra["incremental"] == 1.0
    updated = tree(tmp_path / "build" / "site")
    assert not any(rel.startswith("events/2026-12-04-legacy-league/") for rel in updated)
    assert b"Pioneer Weekly Renamed" in updated["events/2026-11-20-pioneer-weekly/index.html"]
    full = build_site(project, today=TODAY, full=True)
    assert full.extra["incremental"] == 0.0
    rebuilt = tree(tmp_path / "build" / "site")
    assert updated.keys() == rebuilt.keys()
    assert [rel for rel in updated if updated[rel] != rebuilt[rel]] == []


def test_parallel_preparation_gives_the_same_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Many new events are parsed, computed and rendered in worker processes; the pages do not change."""
    import ingest.build

    roots = []
    for name in ("parallel", "sequential"):
        project = make_project(tmp_path / name)
        folder = project.root / "events" / "2026"
        for path in sorted(folder.glob("*.yaml")):
            for copy in range(2):
                shutil.copy(path, folder / f"{path.stem}-copy{copy}.yaml")
        roots.append(project)
    monkeypatch.setattr(ingest.build.threading, "active_count", lambda: 1)  # other tests' server threads
    done: list[int] = []
    real_prefill = ingest.build.prefill
    monkeypatch.setattr(ingest.build, "prefill", lambda *a: done.append(real_prefill(*a, workers=2)) or done[-1])
    build_site(roots[0], today=TODAY, docs_only=True)
    monkeypatch.setattr(ingest.build, "prefill", lambda *a: 0)
    build_site(roots[1], today=TODAY, docs_only=True)
    assert done == [24]
    first, second = tree(roots[0].root / "build" / "docs"), tree(roots[1].root / "build" / "docs")
    assert len(first) > 24 * 3
    assert first.keys() == second.keys()
    assert [k for k in first if first[k] != second[k]] == []


def test_a_zensical_site_updated_from_its_cache_equals_a_full_build(tmp_path: Path) -> None:
    """Zensical keeps its site folder and cache between builds; removed pages still go."""
    project = make_project(tmp_path)
    build_site(project, today=TODAY, engine="zensical")
    event = next((tmp_path / "events").rglob("*pioneer-weekly.yaml"))
    event.write_text(event.read_text().replace("name: 'Pioneer Weekly #18'", "name: Pioneer Weekly Renamed"))
    assert build_site(project, today=TODAY, engine="zensical").extra["incremental"] == 1.0
    updated = tree(tmp_path / "build" / "site")
    assert b"Pioneer Weekly Renamed" in updated["events/2026-11-20-pioneer-weekly/index.html"]
    assert build_site(project, today=TODAY, engine="zensical", full=True).extra["incremental"] == 0.0
    rebuilt = tree(tmp_path / "build" / "site")
    assert updated.keys() == rebuilt.keys()
    assert [rel for rel in updated if updated[rel] != rebuilt[rel]] == []
    next((tmp_path / "events").rglob("*legacy-league.yaml")).unlink()
    build_site(project, today=TODAY, engine="zensical")
    pruned = tree(tmp_path / "build" / "site")
    assert not any(rel.startswith("events/2026-12-04-legacy-league/") for rel in pruned)
    assert "events/2026-11-20-pioneer-weekly/index.html" in pruned


def test_strict_builds_stay_incremental_after_edits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """mkdocs warns about every dirty build; --strict ignores that one warning, not the others."""
    import ingest.build

    project = make_project(tmp_path)
    assert build_site(project, today=TODAY, strict=True).extra["incremental"] == 0.0
    event = next((tmp_path / "events").rglob("*pioneer-weekly.yaml"))
    edits = [("'Pioneer Weekly #18'", "Pioneer Weekly Renamed"), ("Weekly Renamed", "Weekly Renamed Again")]
    for before, after in edits:  # twice: it used to fail every other time
        event.write_text(event.read_text().replace(before, after))
        assert build_site(project, today=TODAY, strict=True).extra["incremental"] == 1.0
        page = (tmp_path / "build/site/events/2026-11-20-pioneer-weekly/index.html").read_bytes()
        assert after.encode() in page
    real = ingest.build.run_mkdocs

    def with_a_broken_link(*args: Any, **kwargs: Any) -> list[str]:
        return [*real(*args, **kwargs), "Doc file 'index.md' contains a link 'nowhere.md', but it is missing"]

    monkeypatch.setattr(ingest.build, "run_mkdocs", with_a_broken_link)
    event.write_text(event.read_text().replace("Renamed Again", "Renamed Once More"))
    with pytest.raises(IngestError) as failed:
        build_site(project, today=TODAY, strict=True)
    assert [d.message for d in failed.value.diagnostics] == [
        "Doc file 'index.md' contains a link 'nowhere.md', but it is missing"
    ]


def test_after_a_failed_engine_run_the_next_build_starts_from_scratch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """build/docs was already updated when the engine failed: updating the old site from it would miss pages."""
    import ingest.build

    project = make_project(tmp_path)
    build_site(project, today=TODAY)
    event = next((tmp_path / "events").rglob("*pioneer-weekly.yaml"))
    event.write_text(event.read_text().replace("name: 'Pioneer Weekly #18'", "name: Pioneer Weekly Renamed"))

    def broken(*args: object, **kwargs: object) -> list[str]:
        raise IngestError("the engine crashed")

    with monkeypatch.context() as patch:
        patch.setattr(ingest.build, "_update_site", broken)
        with pytest.raises(IngestError):
            build_site(project, today=TODAY)
    assert (
        b"Pioneer Weekly Renamed"
        not in (tmp_path / "build/site/events/2026-11-20-pioneer-weekly/index.html").read_bytes()
    )
    assert build_site(project, today=TODAY).extra["incremental"] == 0.0
    assert (
        b"Pioneer Weekly Renamed" in (tmp_path / "build/site/events/2026-11-20-pioneer-weekly/index.html").read_bytes()
    )


def test_no_worker_processes_are_forked_while_other_threads_run(tmp_path: Path) -> None:
    """serve has server and watcher threads: a fork could copy a lock one of them holds."""
    import threading

    import ingest.build

    project = make_project(tmp_path)
    folder = project.root / "events" / "2026"
    for path in sorted(folder.glob("*.yaml")):
        for copy in range(2):
            shutil.copy(path, folder / f"{path.stem}-copy{copy}.yaml")
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert ingest.build.prefill(project, ingest.build.ReportCache(), TODAY, workers=2) == 0
    finally:
        stop.set()
        other.join()


def test_team_pages_show_standings_and_each_match_from_the_team_side(sample_site: Project) -> None:
    """MTR 8: team standings from team match results; each member keeps an individual history."""
    from ingest.pipeline import load_event
    from ingest.standings import final_standings

    path = next((sample_site.root / "events").rglob("*team-unified-standard.yaml"))
    event = load_event(path, sample_site).event
    assert event is not None and event.teams
    docs = sample_site.root / "build" / "docs"
    page = (docs / "events" / event.slug / "teams.md").read_text()
    sections = {s.split(" {: #", 1)[1].split(" }", 1)[0]: s for s in page.split("\n## ")[1:]}
    assert sections.keys() == {t.id for t in event.teams}
    for row in final_standings(event).rows:
        assert f"<dt>Rank</dt><dd>{row.rank}" in sections[row.player]
        assert f"{row.record.wld} ({row.record.points} points)" in sections[row.player]
    names = {p.id: p.name for p in event.players}
    members = {t.id: t.members for t in event.teams}
    checked = 0
    for rnd in event.rounds:
        for tm in rnd.team_matches:
            first, second = tm.teams
            seat = tm.seats[0]
            if seat.score is None or seat.double_loss:
                continue
            a, b = names[members[first][0]], names[members[second][0]]
            s = seat.score
            assert f"{a} {s.first}-{s.second}" in sections[first]
            flipped = f"{s.second}-{s.first}" + (f"-{s.drawn}" if s.drawn else "")
            assert f"{b} {flipped} {a}" in sections[second], (rnd.number, second)
            checked += 1
    assert checked >= 4
    member = event.teams[0].members[1]
    history = (docs / "players" / f"{member}.md").read_text()
    assert f"team {event.teams[0].name}, seat B" in history
