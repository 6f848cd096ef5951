"""The built site: privacy, escaping of hostile names, reproducibility, the JSON API, both engines."""

from __future__ import annotations

import html.parser
import json
import os
import posixpath
import re
import shutil
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ParamSpec, TypeVar

import pytest
import yaml
from jsonschema import Draft202012Validator

from ingest.core.errors import IngestError
from ingest.publish.build_outcome import BuildIncomplete
from ingest.publish.parallel import fork_map, forked_map
from ingest.publish.run import build_site
from ingest.publish.template_files import read_templates
from ingest.site.page import Files, page_url
from ingest.site.site_files import files_digest
from ingest.source.project import Project
from tests.builders import DATA, ROOT, run_cli
from tests.goldens import Golden
from tests.site_helpers import (
    TEAM,
    TODAY,
    make_project,
    opponent_details,
    page_text,
    read_event_document,
    round_standings,
    site_inputs,
    tables,
)

P = ParamSpec("P")
R = TypeVar("R")


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


PRIVATE_FIELDS = ("email", "membership", "phone")


def test_private_player_fields_never_reach_the_site(sample_site: Project) -> None:
    """Issue 5 point 8: email, membership number and phone reach no page, print view or API document."""
    secrets = set()
    for path in (ROOT / "events").rglob("*.yaml"):
        for player in yaml.safe_load(path.read_text()).get("players") or []:
            secrets |= {str(player[k]).encode() for k in PRIVATE_FIELDS if k in player}
    assert len(secrets) >= 4  # the samples carry every kind, a numeric membership number too
    built = tree(sample_site.root / "build")
    assert any(rel.startswith("docs/api/") for rel in built) and any(rel.startswith("site/api/") for rel in built)
    for rel, content in built.items():
        for secret in secrets:
            assert secret not in content, (rel, secret)


def test_api_documents_validate_against_their_schemas(sample_site: Project) -> None:
    api = sample_site.root / "build" / "site" / "api"
    schemas = {
        name: Draft202012Validator(
            json.loads((ROOT / "schema" / f"{name}.schema.json").read_text()),
            format_checker=Draft202012Validator.FORMAT_CHECKER,
        )
        for name in ("api-events", "api-event", "api-player", "api-event-mtgo")
    }
    index = json.loads((api / "events.json").read_text())
    schemas["api-events"].validate(index)
    assert len(index["events"]) == len(list((ROOT / "events").rglob("*.yaml")))
    defs = schemas["api-event"].schema["$defs"]
    player, row = (Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": defs}) for name in ("player", "row"))
    for path in sorted((api / "events").glob("*.json")):
        kind = "api-event-mtgo" if path.name.endswith(".mtgo.json") else "api-event"
        schemas[kind].validate(json.loads(path.read_text()))
        if kind == "api-event":  # API version 5: each table's rows, read as objects, are the schema's
            doc = read_event_document(path.read_text())
            assert doc["players"], path.name
            for item in doc["players"]:
                player.validate(item)
            for item in doc["final"]:
                row.validate(item)
    # the MTGODecklistCache format: the Magic events with standings (not the team event)
    assert len(list((api / "events").glob("*.mtgo.json"))) == 3
    players = sorted((api / "players").glob("*.json"))
    assert players
    for path in players:
        schemas["api-player"].validate(json.loads(path.read_text()))


def test_api_standings_carry_exact_fractions(sample_site: Project) -> None:
    text = (sample_site.root / "build" / "site" / "api" / "events" / "2026-11-13-friday-night-modern.json").read_text()
    doc = read_event_document(text)
    row = doc["final"][0]
    assert row["place"] == "Champion"
    n, d = (int(x) for x in row["omw_exact"].split("/"))
    assert 0 < n <= d
    # API version 4: each fact once. The exact fraction is the value (no decimal copy of it),
    # and the player's name is under players, not repeated in the row.
    assert not {"omw", "gw", "ogw", "mw", "name"} & set(row)
    assert {p["id"]: p["name"] for p in doc["players"]}[row["player"]]
    assert doc["api_version"] == 6 and "standings" not in doc  # the rounds page has them; version 2 leaves them out
    # API version 5: players, final and each round's matches are tables, their keys written once.
    published = json.loads(text)
    columns = published["final"]["columns"]
    assert columns[-1] == "place"  # the top cut's only: the most common keys first
    # API version 6: a player is named by their place in players past it.
    place = published["final"]["rows"][0][columns.index("player")]
    assert isinstance(place, int) and row["player"] == doc["players"][place]["id"]
    assert published["rounds"][0]["matches"]["columns"] == ["games", "players", "table", "bye"]  # 24 players: a bye
    assert text.count('"omw_exact"') == 1
    assert text.count('"table"') == len(published["rounds"]) + len(published["playoff"])
    assert "decklists" in doc  # complete event, decklists after the event


def test_the_round_in_play_prints_sorted_by_name_with_a_slip_per_table(sample_site: Project) -> None:
    """The Pioneer sample is in progress: its rounds page carries round 3 for the wall (every
    player once, sorted by name) and a result slip per table, shown in print; the finished
    Modern sample carries none, and no event has separate print files any more."""
    site = sample_site.root / "build" / "site" / "events"
    page = (site / "2026-11-20-pioneer-weekly" / "rounds" / "index.html").read_text()
    section = page.split('<section class="sk-print" id="print-round">', 1)[1].split("</section>", 1)[0]
    [wall] = tables(section, "sk-wall")
    names = [row[0] for row in wall[1:]]
    assert names == sorted(names, key=str.casefold) and len(names) == 12
    assert section.count('class="slip"') == 6
    assert (
        'href="rounds/#print-round">Print round 3<' in (site / "2026-11-20-pioneer-weekly" / "index.html").read_text()
    )
    modern = site / "2026-11-13-friday-night-modern"
    assert "sk-print" not in (modern / "rounds" / "index.html").read_text()
    assert not list(site.rglob("print"))


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


def test_round_tabs_mark_a_player_dropped_only_from_the_round_they_dropped(sample_site: Project) -> None:
    # Rosa Schmidt drops after round 2 of the Modern sample: the round-1 tab shows her as active.
    page = (
        sample_site.root / "build" / "site" / "events" / "2026-11-13-friday-night-modern" / "rounds" / "index.html"
    ).read_text()
    site = sample_site.root / "build" / "site"
    rosa = [next(row for row in tab if row.cells[1].startswith("Rosa Schmidt")) for tab in round_standings(page, site)]
    assert len(rosa) == 5
    assert [row.dropped for row in rosa] == [False, True, True, True, True]
    assert ["(dropped)" in row.cells[1] for row in rosa] == [False, True, True, True, True]


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
                page_text(p) for p in (docs / "events" / slug).rglob("*") if p.is_file()
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
        self.in_data = False
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # A data block (type="application/json") is never run: its text is checked for
        # what could end it early instead.
        kind = dict(attrs).get("type")
        self.in_script = tag == "script" and kind != "application/json"
        self.in_data = tag == "script" and kind == "application/json"
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...>")
            if value and value.strip().lower().startswith("javascript:"):
                self.problems.append(f"<{tag} {name}={value}>")
        if tag in ("img", "svg") and any(n == "src" and v == "x" for n, v in attrs):
            self.problems.append("<img src=x>")

    def handle_endtag(self, tag: str) -> None:
        self.in_script = self.in_data = False

    def handle_data(self, data: str) -> None:
        if self.in_script and any(x in data for x in ("alert(1)", 'alert("xss")', "alert(2)", "alert(3)")):
            self.problems.append("script with alert")
        if self.in_data and ("<" in data or "&" in data):
            self.problems.append("markup in a data block")
        self.text.append(data)


ATTR_LIST = "x {: onclick=alert(3) }"
"""Markdown attribute-list syntax: unescaped, it would add an event handler to the element."""


def _hostile_team_and_wot_events(events: Path) -> None:
    """A team event and a Wheel of Time event whose event and team names are hostile."""
    team = (DATA / "valid" / "tag-three-teams.yaml").read_text()
    team = team.replace("name: Trio of Tags", f"name: {json.dumps(HOSTILE[2])}")
    for old, new in (("Red", HOSTILE[0]), ("Blue", ATTR_LIST), ("Green", HOSTILE[1])):
        team = team.replace(f"name: {old},", f"name: {json.dumps(new)},")
    (events / "2026-10-01-hostile-teams.yaml").write_text(team)
    wot = (DATA / "valid" / "wot-both-lose.yaml").read_text()
    (events / "2026-09-01-hostile-wot.yaml").write_text(wot.replace("Two Rivers Night", json.dumps(ATTR_LIST)))


def test_hostile_names_are_shown_literally_and_never_executed(tmp_path: Path) -> None:
    """Every string from a file (event, player, team, deck and players.yaml names, notes) is
    shown as text, in individual, team and Wheel of Time events alike."""
    project = make_project(tmp_path, samples=False)
    events = tmp_path / "events" / "2026"
    (events / "decks").mkdir(parents=True)
    text = _event(json.dumps(ATTR_LIST), "public", complete=True)
    text = text.replace("    drops: [bob]", f"    drops: [bob]\n    notes: {json.dumps(HOSTILE[1])}")
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
    _hostile_team_and_wot_events(events)
    registry = {"alice": HOSTILE[0], "ana": ATTR_LIST, "ben": HOSTILE[1], "cas": HOSTILE[2], "a1": ATTR_LIST}
    (tmp_path / "players.yaml").write_text(
        "players:\n" + "".join(f"  - {{id: {pid}, name: {json.dumps(name)}}}\n" for pid, name in registry.items())
    )
    build_site(project, today=TODAY)
    site = tmp_path / "build" / "site"
    seen_text = ""
    for path in sorted(site.rglob("*.html")):
        scanner = _Scanner()
        scanner.feed(path.read_text())
        assert scanner.problems == [], (path, scanner.problems)
        seen_text += "".join(scanner.text)
    for hostile in (*HOSTILE, ATTR_LIST):
        assert hostile in seen_text, hostile
    event_page = (site / "events" / "2026-11-20-hostile" / "index.html").read_text()
    assert "&lt;img src=x onerror=alert(1)&gt;" in event_page
    for page, shown in (
        ("2026-11-20-hostile/index.html", ATTR_LIST),  # the event's name
        ("2026-11-20-hostile/rounds/index.html", HOSTILE[1]),  # a round's notes
        ("2026-10-01-hostile-teams/teams/index.html", ATTR_LIST),  # a team's name and a member's
        ("2026-10-01-hostile-teams/index.html", HOSTILE[2]),  # the event's name
        ("2026-09-01-hostile-wot/rounds/index.html", ATTR_LIST),  # a player's players.yaml name
    ):
        scanner = _Scanner()
        scanner.feed((site / "events" / page).read_text())
        assert shown in "".join(scanner.text), page
    assert "49" not in seen_text.split("{{ 7*7 }}")[0][-5:]
    # The engine shows a search entry's title and text as HTML: the names there are escaped too.
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    assert [e["title"] for e in index if "<" in e["title"] + e["text"]] == []
    titles = {html.unescape(e["title"]) for e in index}
    assert HOSTILE[0] in titles and HOSTILE[4] in titles, "players' names, as written"


def test_two_builds_are_byte_identical(tmp_path: Path) -> None:
    one = make_project(tmp_path / "one")
    two = make_project(tmp_path / "two")
    build_site(one, today=TODAY)
    build_site(two, today=TODAY)
    first, second = tree(one.root / "build" / "site"), tree(two.root / "build" / "site")
    assert first.keys() == second.keys()
    assert [k for k in first if first[k] != second[k]] == []


def test_an_error_in_a_shared_file_leaves_the_previous_site_whole(tmp_path: Path) -> None:
    """A file every page depends on (a format file) has an error: nothing is written."""
    project = make_project(tmp_path)
    build_site(project, today=TODAY, docs_only=False)
    before = files_digest(tree(tmp_path / "build" / "site"))
    formats = tmp_path / "formats" / "mtg.yaml"
    formats.write_text(formats.read_text() + "\n  oops: [\n")
    with pytest.raises(IngestError) as caught:
        build_site(project, today=TODAY)
    assert not isinstance(caught.value, BuildIncomplete)
    assert any(d.code == "yaml-syntax" for d in caught.value.diagnostics)
    assert files_digest(tree(tmp_path / "build" / "site")) == before


def test_both_engines_build_the_same_pages_with_the_same_tables(tmp_path: Path) -> None:
    """The fragments reach the pages under either engine; the headings and permalinks are the engine's.

    Neither engine writes anything outside the build folder (Zensical's configuration and
    cache included), and no placeholder is left in any page.
    """
    sites = {}
    for engine in ("mkdocs", "zensical"):
        project = make_project(tmp_path / engine)
        before = sorted(p.relative_to(project.root) for p in project.root.rglob("*"))
        build_site(project, today=TODAY, engine=engine)
        after = sorted(r for p in project.root.rglob("*") if (r := p.relative_to(project.root)).parts[0] != "build")
        assert after == [p for p in before if p.parts[0] != "build"], engine
        assert not [p for p in (project.root / "build").iterdir() if p.name.startswith(".zensical")]
        sites[engine] = tree(project.root / "build" / "site")
    pages = [rel for rel in sites["mkdocs"] if rel.endswith("index.html") and rel in sites["zensical"]]
    assert len(pages) > 100
    compared = anchored = 0
    for rel in pages:
        mk, zs = (sites[e][rel].decode() for e in ("mkdocs", "zensical"))
        assert mk.count("<!--sk:") == zs.count("<!--sk:") == mk.count("<!--/sk-->") == zs.count("<!--/sk-->"), rel
        # Each fragment goes in after its heading, whichever engine made the heading.
        placed = [re.findall(r'<h[1-6] id="([^"]*)".*?</h[1-6]>\n<!--sk:(\d+)-->', page) for page in (mk, zs)]
        assert placed[0] == placed[1], rel
        anchored += len(placed[0])
        assert tables(mk, "") == tables(zs, ""), rel
        compared += bool(tables(mk, ""))
    assert compared > 80 and anchored > 100
    event = sites["mkdocs"]["events/2026-11-13-friday-night-modern/index.html"].decode()
    assert "Friday Night Modern 42" in event and "sk-bracket" in event
    assert 'id="final-standings"' in event and 'class="headerlink" href="#final-standings"' in event
    assert "api/events.json" in sites["zensical"]
    for engine, site in sites.items():
        for rel in pages:
            html = site[rel].decode()
            assert chrome_bytes(html) < CHROME_BUDGET, (engine, rel, chrome_bytes(html))
            # The page around the content: the header with the search, the tabs, no sidebars.
            # (mkdocs-material's search dialog is made by the head script: theme/partials/header.html)
            assert 'for="__search"' in html and 'class="md-tabs"' in html, (engine, rel)
            assert ('data-md-component="search"' in html) is (engine == "zensical"), (engine, rel)
            assert "md-sidebar" not in html and "Made with" not in html, (engine, rel)
        tabs = site["events/2026-11-13-friday-night-modern/index.html"].decode().split('class="md-tabs"', 1)[1]
        assert '<a href="../" class="md-tabs__link">' in tabs and 'href="../../players/"' in tabs, engine


CHROME_BUDGET = 4_500
"""Bytes of a page outside its article (the theme's header, search, tabs, scripts): 12.2 KB a
page with the theme's sidebars and footer, about 8.9 KB (mkdocs) and 8.0 KB (Zensical) without,
about 4 KB with only what a page uses (theme/partials; deeper pages have longer addresses)."""


def chrome_bytes(html: str) -> int:
    """Bytes of a page outside its ``<article>``."""
    start, end = html.find("<article"), html.rfind("</article>")
    return len(html.encode()) - len(html[start:end].encode())


def test_golden_docs_for_the_wheel_of_time_sample(sample_site: Project, golden: Golden) -> None:
    docs = sample_site.root / "build" / "docs"
    for rel in (
        "events/2026-08-15-wheel-of-time-sealed/index.md",
        "events/2026-08-15-wheel-of-time-sealed/rounds.md",
        "api/events/2026-08-15-wheel-of-time-sealed.json",
        "events/2026-10-24-transformers-constructed/decklists.md",
    ):
        # A page as the site shows it: the Markdown with its stored fragments in place.
        golden.check(
            DATA / "golden" / "site" / rel, page_text(docs / rel) if rel.endswith(".md") else (docs / rel).read_text()
        )


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
    page = page_text(tmp_path / "build" / "docs" / "events" / "2026-11-20-typed" / "decklists.md")
    # Lightning Bolt is an Instant and Mountain a Land in the card data; the rest is unknown.
    assert "<h4>Instant (4)</h4>" in page and "<h4>Land (16)</h4>" in page and "<h4>Other (" in page
    assert "<h4>Sideboard (15)</h4>" in page


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_a_site_updated_with_new_fragments_equals_a_full_build(tmp_path: Path, engine: str) -> None:
    """A changed result changes fragments only: they are swapped into the pages, no engine runs,
    and the site is byte-identical to a full build; a changed heading runs the engine."""
    project = make_project(tmp_path)
    build_site(project, today=TODAY, engine=engine)
    served = tmp_path / "build" / "site" / "players" / "index.html"
    inode = served.stat().st_ino
    event = next((tmp_path / "events").rglob("*pioneer-weekly.yaml"))
    event.write_text(event.read_text().replace("games: 2-1}", "games: 2-0}", 1))
    timings = build_site(project, today=TODAY, engine=engine)
    assert timings.extra["incremental"] == 1.0  # no engine ran
    updated = tree(tmp_path / "build" / "site")
    assert served.stat().st_ino == inode  # linked from the previous site, not copied
    assert build_site(project, today=TODAY, engine=engine, full=True).extra["incremental"] == 0.0
    rebuilt = tree(tmp_path / "build" / "site")
    assert updated.keys() == rebuilt.keys()
    assert [rel for rel in updated if updated[rel] != rebuilt[rel]] == []
    event.write_text(event.read_text().replace("name: 'Pioneer Weekly #18'", "name: Pioneer Weekly Renamed"))
    assert build_site(project, today=TODAY, engine=engine).extra["incremental"] == 0.0  # the engine ran
    page = tmp_path / "build" / "site" / "events" / "2026-11-20-pioneer-weekly" / "index.html"
    assert b"Pioneer Weekly Renamed" in page.read_bytes()
    next((tmp_path / "events").rglob("*legacy-league.yaml")).unlink()
    build_site(project, today=TODAY, engine=engine)
    assert not any(rel.startswith("events/2026-12-04-legacy-league/") for rel in tree(tmp_path / "build" / "site"))


def _tripled(project: Project, bom: bytes = b"") -> Project:
    """The samples and two copies of each: enough events to make them in several processes."""
    folder = project.root / "events" / "2026"
    for path in sorted(folder.glob("*.yaml")):
        for copy in range(2):
            (folder / f"{path.stem}-copy{copy}.yaml").write_bytes(bom + path.read_bytes())
    return project


def test_events_made_in_several_processes_give_the_same_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Many new events are read, computed and rendered in forked processes; the pages do not change."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)  # other tests' server threads
    parallel = build_site(_tripled(make_project(tmp_path / "parallel")), today=TODAY, docs_only=True, workers=2)
    assert parallel.processes == 2
    assert (parallel.events_made, parallel.events_cached) == (24, 0)
    serial = build_site(_tripled(make_project(tmp_path / "serial")), today=TODAY, docs_only=True, workers=1)
    assert serial.processes == 1
    first, second = tree(tmp_path / "parallel" / "build" / "docs"), tree(tmp_path / "serial" / "build" / "docs")
    assert len(first) > 24 * 3
    assert first.keys() == second.keys()
    assert [k for k in first if first[k] != second[k]] == []


def test_player_pages_rendered_in_a_forked_process_equal_the_sequential_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player pages come back from forked processes while this one makes the other pages
    about many events: same files, same order."""
    from ingest.site.site_files import site_files

    project = make_project(tmp_path)
    inputs = site_inputs(project)
    pids: list[str | bytes] = []
    here = str(os.getpid())

    def mapper(
        fn: Callable[[Sequence[str]], Files], chunks: Sequence[Sequence[str]], meanwhile: Callable[[], None]
    ) -> list[Files]:
        """forked_map (forking for any number of pages), telling which process made what."""

        def other_pages() -> None:
            pids.append(f"other pages {os.getpid()}")
            meanwhile()

        parts = forked_map(lambda chunk: {**fn(chunk), "pid": str(os.getpid())}, chunks, other_pages, min_items=1)
        pids.extend(part.pop("pid") for part in parts)
        return parts

    monkeypatch.setattr(threading, "active_count", lambda: 1)  # other tests' server threads
    forked = site_files(inputs, read_templates(project.templates), mapper=mapper)
    serial = site_files(inputs, read_templates(project.templates))
    assert pids[0] == f"other pages {here}" and here not in pids[1:] and len(pids) == 3
    assert sum(1 for f in serial if f.startswith("players/")) > 40
    assert list(forked) == list(serial)
    assert forked == serial
    pids.clear()
    monkeypatch.setattr(threading, "active_count", lambda: 2)  # serve: no fork
    assert site_files(inputs, read_templates(project.templates), mapper=mapper) == serial
    assert pids == [f"other pages {here}", here, here]


def test_player_pages_of_a_forked_process_that_dies_are_rendered_by_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    parent = os.getpid()

    def dies_in_a_fork(chunk: Sequence[str]) -> Files:
        if os.getpid() != parent:
            os._exit(9)  # as the out-of-memory killer would
        return {f"{item}.md": str(item) for item in chunk}

    monkeypatch.setattr(threading, "active_count", lambda: 1)  # other tests' server threads
    assert forked_map(dies_in_a_fork, [["a"], ["b", "c"]], min_items=1) == [
        {"a.md": "a"},
        {"b.md": "b", "c.md": "c"},
    ]
    done: list[int] = []
    assert forked_map(dies_in_a_fork, [["a"], ["b", "c"]], lambda: done.append(os.getpid()), min_items=1) == [
        {"a.md": "a"},
        {"b.md": "b", "c.md": "c"},
    ]
    assert done == [parent]

    def upper(item: str) -> str:
        if os.getpid() != parent:
            os._exit(9)
        return item.upper()

    assert fork_map(upper, ["a", "b", "c"], workers=2) == ["A", "B", "C"]


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_a_strict_build_after_a_lenient_one_sees_the_warnings_of_every_page(tmp_path: Path, engine: str) -> None:
    """A page update runs no engine: a strict build does not update a site built leniently."""
    project = make_project(tmp_path)
    rules = tmp_path / "site_templates" / "rules_index.md.j2"
    rules.write_text(rules.read_text() + "\n- [Gone](nowhere.md)\n")
    build_site(project, today=TODAY, engine=engine)  # the broken link is only a warning
    event = next((tmp_path / "events").rglob("*pioneer-weekly.yaml"))
    event.write_text(event.read_text().replace("games: 2-1}", "games: 2-0}", 1))
    with pytest.raises(IngestError) as failed:
        build_site(project, today=TODAY, engine=engine, strict=True)
    assert [d.message for d in failed.value.diagnostics if "nowhere" in d.message or "does not exist" in d.message]


def test_after_a_failed_engine_run_the_next_build_starts_from_scratch(tmp_path: Path) -> None:
    """build/docs was already updated when the engine failed: updating the old site from it would miss pages."""
    project = make_project(tmp_path)
    build_site(project, today=TODAY)
    event = next((tmp_path / "events").rglob("*pioneer-weekly.yaml"))
    event.write_text(event.read_text().replace("name: 'Pioneer Weekly #18'", "name: Pioneer Weekly Renamed"))
    rules = tmp_path / "site_templates" / "rules_index.md.j2"
    kept = rules.read_text()
    rules.write_text(kept + "\n- [Gone](nowhere.md)\n")  # a broken link: the engine's warning fails a strict build
    with pytest.raises(IngestError):
        build_site(project, today=TODAY, strict=True)
    page = tmp_path / "build/site/events/2026-11-20-pioneer-weekly/index.html"
    assert b"Pioneer Weekly Renamed" not in page.read_bytes()
    rules.write_text(kept)
    assert build_site(project, today=TODAY).extra["incremental"] == 0.0
    assert b"Pioneer Weekly Renamed" in page.read_bytes()


def test_a_site_made_by_other_code_is_built_again_not_updated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new Scorekeeper (how pages are finished, how the search index is written) reaches a
    site built before it, even when no file changed: the engine runs on every page."""
    from ingest.publish import site_update

    project = make_project(tmp_path)
    build_site(project, today=TODAY)
    assert build_site(project, today=TODAY).extra["incremental"] == 1.0  # the same code: updated in place
    monkeypatch.setattr(site_update, "code_fingerprint", lambda project: "another version of the code", raising=False)
    assert build_site(project, today=TODAY).extra["incremental"] == 0.0  # the engine ran


def test_no_worker_processes_are_forked_while_other_threads_run(tmp_path: Path) -> None:
    """serve has server and watcher threads: a fork could copy a lock one of them holds."""
    project = _tripled(make_project(tmp_path))
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        timings = build_site(project, today=TODAY, docs_only=True, workers=2)
    finally:
        stop.set()
        other.join()
    assert timings.processes == 1 and timings.events_made == 24


def test_team_pages_show_standings_and_each_match_from_the_team_side(sample_site: Project) -> None:
    """MTR 8: team standings from team match results; each member keeps an individual history."""
    from ingest.checks.event_files import load_event
    from ingest.rules.final_standings import final_standings

    path = next((sample_site.root / "events").rglob("*team-unified-standard.yaml"))
    event = load_event(path, sample_site).event
    assert event is not None and event.teams
    docs = sample_site.root / "build" / "docs"
    page = page_text(docs / "events" / event.slug / "teams.md")
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
    history = page_text(docs / "players" / f"{member}.md")
    assert f"team {event.teams[0].name}, seat B" in history


def test_a_team_event_with_no_round_yet_builds(tmp_path: Path) -> None:
    """Teams registered, nothing paired (an ordinary state before round 1; the whole build
    crashed on it): the teams page lists each team with its members, no rank, record or
    match table yet; once round 1 is paired, each team has its match in play, and still no rank:
    nothing counts before round 1 is over (as on the event page)."""
    project = make_project(tmp_path, samples=False)
    src = (ROOT / "events" / "2026" / f"{TEAM}.yaml").read_text(encoding="utf-8")
    path = tmp_path / "events" / "2026" / "2026-10-10-teams.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(src[: src.index("\nrounds:")] + "\nrounds: []\n", encoding="utf-8")
    build_site(project, today=TODAY, docs_only=True, workers=1)
    page = page_text(tmp_path / "build" / "docs" / "events" / "2026-10-10-teams" / "teams.md")
    from ingest.checks.event_files import load_event

    event = load_event(path, project).event
    assert event is not None and len(event.teams) == 8
    for team in event.teams:
        section = page.split(f"## {team.name} {{: #{team.id} }}", 1)[1].split("\n## ", 1)[0]
        names = {p.id: p.name for p in event.players}
        assert f'A: <a href="../../../players/{team.members[0]}/">{names[team.members[0]]}</a>' in section
        assert "Rank" not in section and "Record" not in section and "<table" not in section
    assert _cli_ok(tmp_path, "pair", str(path))
    build_site(project, today=TODAY, docs_only=True, workers=1)
    page = page_text(tmp_path / "build" / "docs" / "events" / "2026-10-10-teams" / "teams.md")
    assert "<dt>Rank</dt>" not in page and "(0 points)" not in page
    assert page.count("<td>playing</td>") == 8


def _cli_ok(root: Path, *args: str) -> bool:
    code, out = run_cli(root, *args)
    assert code == 0, out
    return True


LIVING_END = (
    "4 Living End\n4 Shardless Agent\n4 Violent Outburst\n"
    + "".join(f"4 Filler Card {i}\n" for i in range(1, 10))
    + "12 Forest\n"
)
"""A list the archetype rules classify as Living End; no event file declares that archetype."""


def _classified_event_project(root: Path, cases: dict[str, tuple[str, bool]]) -> Project:
    """Events where erin (the winner, once complete) brings a Living End list without declaring it."""
    project = make_project(root, samples=False)
    events = root / "events" / "2026"
    (events / "decks").mkdir(parents=True)
    shutil.copy(DATA / "valid" / "decks" / "alice.txt", events / "decks" / "alice.txt")
    (events / "decks" / "erin.txt").write_text(LIVING_END)
    for slug, (policy, complete) in cases.items():
        text = _event(slug, policy, complete=complete)
        text = text.replace("email: erin@example.org}", "email: erin@example.org, deck: decks/erin.txt}")
        (events / f"{slug}.yaml").write_text(text)
    return project


def test_archetypes_classified_from_hidden_decklists_are_never_published(tmp_path: Path) -> None:
    """Issue 5 point 8, issue 35: with decklists private (or after-event while in progress), no
    archetype appears, classified from the list or declared in the event file (it names the
    list): metagame, winner's deck, players, API."""
    public = _classified_event_project(tmp_path / "public", {"2026-11-20-public": ("public", True)})
    build_site(public, today=TODAY, docs_only=True)
    docs = public.root / "build" / "docs"
    # The control: a public list is classified, and the archetype shows wherever archetypes do.
    for page in ("index.md", "events/2026-11-20-public/index.md", "players/erin.md", "api/players/erin.json"):
        assert "Living End" in page_text(docs / page), page
    assert read_event_document((docs / "api" / "events" / "2026-11-20-public.json").read_text())["players"][4] == {
        "archetype": "Living End",
        "id": "erin",
        "name": "Erin Ode",
    }

    hidden = _classified_event_project(
        tmp_path / "hidden",
        {"2026-11-20-private": ("private", True), "2026-11-20-after-live": ("after-event", False)},
    )
    build_site(hidden, today=TODAY)
    built = tree(hidden.root / "build")
    assert "site/events/2026-11-20-private/index.html" in built and "docs/api/players/erin.json" in built
    published = {rel: content for rel, content in built.items() if rel.startswith(("docs/", "fragments/", "site/"))}
    # The schemas are published as shipped (their descriptions say "e.g. Burn"): no event's data.
    schemas = {rel: content for rel, content in published.items() if rel.startswith(("docs/schema/", "site/schema/"))}
    assert schemas and all(
        content == (ROOT / "schema" / Path(rel).name).read_bytes() for rel, content in schemas.items()
    )
    published = {rel: content for rel, content in published.items() if rel not in schemas}
    assert [rel for rel, content in published.items() if b"Living End" in content] == []
    assert [rel for rel, content in published.items() if b"Burn" in content] == []  # declared: hidden too


def _player_links(docs: Path) -> dict[str, set[str]]:
    """Every player page each Markdown page links to (as ``players/<id>``), from its hrefs
    (not the players' API documents, ``api/players/<id>.json``)."""
    out: dict[str, set[str]] = {}
    for path in sorted(docs.rglob("*.md")):
        rel = path.relative_to(docs).as_posix()
        here = page_url(rel)
        hrefs = re.findall(r'href="((?:(?!api/)[^"#])*players/[^"#]+)"', page_text(path))
        out[rel] = {posixpath.normpath(posixpath.join(here, h)) for h in hrefs}
    return out


def test_player_links_go_to_the_canonical_page_of_an_alias(tmp_path: Path) -> None:
    """players.yaml aliases: an event may use an old id; every link goes to the one page."""
    project = make_project(tmp_path, samples=False)
    events = tmp_path / "events" / "2026"
    (events / "decks").mkdir(parents=True)
    shutil.copy(DATA / "valid" / "decks" / "alice.txt", events / "decks" / "alice.txt")
    (events / "2026-11-20-aliases.yaml").write_text(_event("Alias Night", "public", complete=True))
    (tmp_path / "players.yaml").write_text(
        "players:\n"
        "  - {id: alice-example, name: Alice Example, aliases: [alice]}\n"
        "  - {id: erin-ode, name: Erin Ode, aliases: [erin]}\n"
    )
    build_site(project, today=TODAY, docs_only=True)
    docs = tmp_path / "build" / "docs"
    links = _player_links(docs)
    broken = {
        (page, target) for page, targets in links.items() for target in targets if not (docs / f"{target}.md").exists()
    }
    assert broken == set()
    event = "events/2026-11-20-aliases/"
    # erin (winner: a bye and a win) on the home page; alice in the standings and decklists
    # (pairings name players without links: the standings link each one).
    assert "players/erin-ode" in links["index.md"]
    for page in ("index.md", "decklists.md"):
        assert "players/alice-example" in links[event + page], page
    assert not any({"players/alice", "players/erin"} & targets for targets in links.values())


def test_home_page_links_a_team_winner_to_its_team_section(sample_site: Project) -> None:
    """A team event's champion is a team: it has a section on the event's teams page, no player page."""
    from ingest.checks.event_files import load_event
    from ingest.rules.final_standings import final_standings

    path = next((sample_site.root / "events").rglob("*team-unified-standard.yaml"))
    event = load_event(path, sample_site).event
    assert event is not None
    champion = final_standings(event).rows[0]
    assert champion.place == "Champion"
    home = page_text(sample_site.root / "build" / "docs" / "index.md")
    team = next(t for t in event.teams if t.id == champion.player)
    assert f'<a href="events/{event.slug}/teams/#{team.id}">{team.name}</a>' in home
    assert f"players/{team.id}/" not in home
    assert (sample_site.root / "build" / "site" / "events" / event.slug / "teams" / "index.html").is_file()


def _opponent_columns(page: str) -> set[int]:
    """How many values the page's script shows for each opponent of a standings row (MW%, and GW% where used)."""
    return {len(cells) - 1 for rows in opponent_details(page).values() for cells in rows}


def test_opponent_details_show_game_wins_only_where_standings_use_them(sample_site: Project) -> None:
    """Team standings use match results only (MTR Appendix C, 8), Bushiroad standings too
    (3.2.1.2): no GW% there; MTR individual standings keep it."""
    docs = sample_site.root / "build" / "docs" / "events"
    columns = {
        slug: _opponent_columns(page_text(docs / slug / "index.md"))
        for slug in (
            "2026-10-10-team-unified-standard",
            "2026-09-19-weiss-schwarz-neo-standard",
            "2026-11-13-friday-night-modern",
        )
    }
    assert columns["2026-10-10-team-unified-standard"] == {1}
    assert columns["2026-09-19-weiss-schwarz-neo-standard"] == {1}
    assert columns["2026-11-13-friday-night-modern"] == {2}


def _play(path: Path, project: Project, rounds: int | None) -> None:
    """Pairs and reports ``rounds`` rounds (None: until the event is over) through the engine;
    the first-listed player wins every match."""
    from ingest.checks.event_files import load_event
    from ingest.core.rounds import GameScore
    from ingest.edit.new_round import apply_plan
    from ingest.edit.recording import record_result
    from ingest.planner.outcome import Finished
    from ingest.planner.plan import plan_next_round

    played = 0
    while rounds is None or played < rounds:
        event = load_event(path, project).event
        assert event is not None
        plan = plan_next_round(event)
        if isinstance(plan, Finished):
            return
        path.write_text(apply_plan(path.read_text(), plan))
        event = load_event(path, project).event
        assert event is not None
        series = event.playoff if plan.stage == "playoff" else event.rounds
        for m in series[-1].matches:
            if len(m.players) == 2:
                current = load_event(path, project).event
                assert current is not None
                edit = record_result(
                    path.read_text(),
                    current,
                    round_no=None,
                    table=m.table,
                    player=None,
                    result=GameScore(2, 0),
                    playoff=plan.stage == "playoff",
                )
                path.write_text(edit.text)
        played += 1
    assert rounds is None or played == rounds


STRUCTURES = {
    "swiss-auto": ("{pairing: swiss, swiss_rounds: auto, best_of: 3, decklists: after-event}", 9),  # 5 rounds
    "swiss-auto-top": (
        "{pairing: swiss, swiss_rounds: auto, best_of: 3, playoff: {top: 4}, decklists: after-event}",
        9,
    ),
    "single-elimination": ("{pairing: single-elimination, best_of: 3, decklists: after-event}", 6),
    "round-robin": ("{pairing: round-robin, best_of: 3, decklists: after-event}", 4),
    "double-elimination": ("{pairing: double-elimination, best_of: 3, decklists: after-event}", 6),
}


def test_an_event_is_complete_only_when_nothing_is_left_to_pair(tmp_path: Path) -> None:
    """``decklists: after-event`` waits for the whole event: every Swiss round the table
    recommends, the whole bracket, every round-robin round, the last double-elimination round."""
    from ingest.checks.event_files import load_event
    from ingest.summary.event_summary import event_status

    project = make_project(tmp_path, samples=False)
    events = tmp_path / "events" / "2026"
    (events / "decks").mkdir(parents=True)
    shutil.copy(DATA / "valid" / "decks" / "alice.txt", events / "decks" / "alice.txt")
    names = ["alice", "bob", "carol", "dan", "erin", "fay", "gus", "hal", "ivy"]
    expected = {}
    for kind, (structure, n) in STRUCTURES.items():
        roster = "".join(
            f"  - {{id: {p}, name: {p.title()}" + (", deck: decks/alice.txt}\n" if p == "alice" else "}\n")
            for p in names[:n]
        )
        for stage, rounds in (("live", 1), ("done", None)):
            slug = f"2026-11-20-{kind}-{stage}"
            path = events / f"{slug}.yaml"
            path.write_text(
                f"name: {kind} {stage}\ndate: 2026-11-20\ngame: mtg\nformat: modern\nseed: 7\n"
                f"structure: {structure}\nplayers:\n{roster}rounds: []\n"
            )
            _play(path, project, rounds)
            event = load_event(path, project).event
            assert event is not None
            assert all(r.complete for r in (*event.rounds, *event.playoff))  # every written round is reported
            expected[slug] = stage == "done"
            assert event_status(event) == ("complete" if stage == "done" else "in-progress"), slug
    build_site(project, today=TODAY, docs_only=True)
    docs = tmp_path / "build" / "docs"
    for slug, visible in expected.items():
        assert (docs / "events" / slug / "decklists.md").exists() is visible, slug
        api = json.loads((docs / "api" / "events" / f"{slug}.json").read_text())
        assert ("decklists" in api) is visible and api["status"] == ("complete" if visible else "in-progress")
        if not visible:
            pages = "".join(page_text(p) for p in (docs / "events" / slug).rglob("*") if p.is_file())
            assert "Lightning Bolt" not in pages, slug


def test_events_saved_with_a_byte_order_mark_are_found_in_the_build_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Workers key the cache as the build reads files (a leading BOM dropped): nothing is redone."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)  # other tests' server threads
    project = _tripled(make_project(tmp_path), bom=b"\xef\xbb\xbf")
    home = tmp_path / "user-cache"
    first = build_site(project, today=TODAY, docs_only=True, workers=2, cache_home=home)
    assert first.processes == 2 and first.events_made >= 16
    again = build_site(project, today=TODAY, docs_only=True, workers=2, cache_home=home)
    assert (again.events_made, again.events_cached) == (0, first.events_made)


def test_a_build_keeps_its_cache_only_in_the_folder_it_is_given(tmp_path: Path) -> None:
    """The build reads no environment: the command line names the user's cache folder
    (XDG_CACHE_HOME), and a build given none keeps its events in memory only."""
    project = make_project(tmp_path / "project")
    home = Path(os.environ["XDG_CACHE_HOME"]) / "scorekeeper"  # the test run's own (tests/conftest.py)
    before = sorted(home.rglob("*")) if home.exists() else []
    first = build_site(project, today=TODAY, docs_only=True, workers=1)
    again = build_site(project, today=TODAY, docs_only=True, workers=1)
    assert again.events_cached == 0 and again.events_made == first.events_made > 0
    assert (sorted(home.rglob("*")) if home.exists() else []) == before
    given = tmp_path / "given"
    build_site(project, today=TODAY, docs_only=True, workers=1, cache_home=given)
    cached = build_site(project, today=TODAY, docs_only=True, workers=1, cache_home=given)
    assert cached.events_cached == first.events_made and (given / "build-cache.key").is_file()
