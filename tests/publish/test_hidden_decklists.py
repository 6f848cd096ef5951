"""A list handed in while decklists are ``after-event`` is on no published or venue-served file,
and neither is its archetype, until the event is over (issue 35, point 2).

The whole build folder is searched, byte for byte, for every card of the hidden lists, their
archetypes (classified from a list, or declared in the event file) and a player's own name
for their deck: pages, fragments, the HTML site the venue serves, the JSON API, the
MTGODecklistCache copy, feeds, the search index, the caches. Once every round is reported,
the same build shows them.
"""

from __future__ import annotations

from pathlib import Path

from ingest.publish.run import build_site
from ingest.source.project import Project
from tests.builders import run_ok
from tests.site_helpers import TODAY, make_project

EVENT = "events/2026/2026-11-20-quiet-league.yaml"

CLASSIFIED = "Quorvath Clockwork"
"""An archetype the project's rules classify from a list (no event file declares it)."""
DECLARED = "Vexmire Tempo"
"""An archetype the event file declares for a player."""
DECK_NAME = "Zorblatt Special"
"""A player's own name for their deck."""

LISTS = {
    "alice": "4 Quorvath Engine\n4 Brassveil Automaton\n52 Mountain\n\nSideboard\n3 Glimmerrot Ward\n",
    "bob": "4 Vexmire Adept\n4 Thrumcoil Lurker\n52 Island\n",
    "carol": "4 Ossiphant Drummer\n56 Forest\n",
    "dan": "4 Lightning Bolt\n56 Mountain\n",
}
HIDDEN = (
    "Quorvath Engine",
    "Brassveil Automaton",
    "Glimmerrot Ward",
    "Vexmire Adept",
    "Thrumcoil Lurker",
    "Ossiphant Drummer",
    CLASSIFIED,
    DECLARED,
    DECK_NAME,
)


def _project(tmp_path: Path) -> Path:
    project = make_project(tmp_path, samples=False)
    rules = tmp_path / "formats" / "archetypes" / "modern.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(
        text.replace("archetypes:\n", f"archetypes:\n  - {{name: {CLASSIFIED}, requires: [Quorvath Engine]}}\n", 1),
        encoding="utf-8",
    )
    root = project.root
    run_ok(root, "new", "--name", "Quiet League", "--date", "2026-11-20", "--game", "mtg", "--format", "modern",
           "--rounds", "2", "--seed", "11")  # fmt: skip
    path = root / EVENT
    for pid in LISTS:
        extra = ("--archetype", DECLARED) if pid == "bob" else ()
        run_ok(root, "add-player", str(path), "--id", pid, "--name", pid.title(), *extra)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("name: Carol}", f"name: Carol, deck_name: {DECK_NAME}}}"), encoding="utf-8")
    for pid, cards in LISTS.items():
        (tmp_path / f"{pid}.txt").write_text(cards, encoding="utf-8")
        assert "legal in Modern" in run_ok(root, "submit-deck", str(path), pid, str(tmp_path / f"{pid}.txt"))
    return path


def _files_with(build: Path, needle: str) -> list[str]:
    found = []
    for file in sorted(build.rglob("*")):
        if file.is_file() and needle.encode("utf-8") in file.read_bytes():
            found.append(file.relative_to(build).as_posix())
    return found


def _play_round(root: Path, path: Path) -> None:
    run_ok(root, "pair", str(path))
    for table in (1, 2):
        run_ok(root, "report", str(path), "--table", str(table), "2-1")


def test_hidden_lists_and_archetypes_appear_in_no_built_file_until_the_event_is_over(tmp_path: Path) -> None:
    path = _project(tmp_path)
    root = tmp_path
    text = path.read_text(encoding="utf-8")
    assert "decklists: after-event" in text and DECLARED in text and DECK_NAME in text
    _play_round(root, path)
    run_ok(root, "pair", str(path))  # round 2 in progress: the event is not over
    build_site(Project(root), today=TODAY)
    build = root / "build"
    assert (build / "site" / "events" / "2026-11-20-quiet-league" / "index.html").is_file()
    assert (build / "docs" / "api" / "events" / "2026-11-20-quiet-league.json").is_file()
    leaks = {needle: _files_with(build, needle) for needle in HIDDEN}
    assert leaks == {needle: [] for needle in HIDDEN}

    for table in (1, 2):
        run_ok(root, "report", str(path), "--table", str(table), "2-0")
    build_site(Project(root), today=TODAY)
    shown = {needle: set(_files_with(build, needle)) for needle in HIDDEN}
    page = "site/events/2026-11-20-quiet-league/decklists/index.html"
    for card in HIDDEN[:6]:
        # Published once: the MTGODecklistCache copy, which the decklists page draws from.
        published = {f for f in shown[card] if f.startswith("site/")}
        assert published == {"site/api/events/2026-11-20-quiet-league.mtgo.json"}, card
    for archetype, player in ((CLASSIFIED, "alice"), (DECLARED, "bob")):
        # (The decklists page draws a deck with nothing more to say, archetype included, from
        # the event's API document.)
        wanted = {
            "site/api/events/2026-11-20-quiet-league.json",
            "site/events/2026-11-20-quiet-league/index.html",
            f"site/api/players/{player}.json",
        }
        assert wanted | {"site/search/search_index.json"} <= shown[archetype], archetype
    assert {page, "site/api/events/2026-11-20-quiet-league.json"} <= shown[DECK_NAME]
