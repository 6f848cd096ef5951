"""Each decklist is published once (issue 38, point 4): in the MTGODecklistCache copy of a
Magic event, in the API document of another game's, and the decklists page draws it from
there.

The page holds each deck's frame (player, archetype, verdict, sections and counts) and no
card line; drawing it as ``scorekeeper.js`` does (:func:`tests.site_helpers.drawn_decklists`;
the script itself in ``test_browser.py``) gives every deck exactly as its decklist text.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ingest.publish.run import build_site
from ingest.source.project import Project
from tests.builders import ROOT, run_ok
from tests.site_helpers import (
    MODERN,
    TODAY,
    TRANSFORMERS,
    drawn_decklists,
    make_project,
    page_text,
    player_events,
    read_event_document,
    sample_event_and_decks,
    table_items,
)

WEISS = "2026-09-19-weiss-schwarz-neo-standard"


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample site's ``build/docs`` (pages, fragments, API documents; no engine run)."""
    project = make_project(tmp_path_factory.mktemp("once"))
    build_site(project, today=TODAY, docs_only=True)
    return project.root / "build" / "docs"


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _decklists(slug: str) -> dict[str, str]:
    """The sample event's decklists as decklist text, by the id of their article on the page."""
    from ingest.decks.event_decks import event_decks
    from ingest.decks.format_files import format_registry
    from ingest.site.addresses import slug_id

    event, files = sample_event_and_decks(slug)
    decks = event_decks(event, files, format_registry(Project(ROOT))[0], None)
    return {f"deck-{slug_id(pid)}": info.decklist.to_text() for pid, info in decks.items()}


def _drawn(docs: Path, slug: str) -> tuple[dict[str, str], int, str]:
    """The event's decks as the page's script draws them, the card lines the page holds
    itself, and the page."""
    page = page_text(docs / "events" / slug / "decklists.md")
    api = docs / "api" / "events"
    documents = {"api": _json(api / f"{slug}.json")}
    if (api / f"{slug}.mtgo.json").is_file():
        documents["mtgo"] = _json(api / f"{slug}.mtgo.json")
    drawn, lines = drawn_decklists(page, documents)
    return drawn, lines, page


def test_a_magic_events_cards_are_in_its_mtgo_copy_only(docs: Path) -> None:
    api = docs / "api" / "events"
    doc = read_event_document((api / f"{MODERN}.json").read_text(encoding="utf-8"))
    copy = _json(api / f"{MODERN}.mtgo.json")
    assert doc["api_version"] == 6
    assert doc["decklists_document"] == f"{MODERN}.mtgo.json"
    names = {p["id"]: p["name"] for p in doc["players"]}
    assert len(doc["decklists"]) == len(copy["Decks"]) == 24
    for pid, deck in doc["decklists"].items():
        # No cards, no second archetype; violations only where there are some (API version 4).
        assert set(deck) == {"legal", "mtgo_deck"} | ({"violations"} if deck["legal"] is False else set()), pid
        assert copy["Decks"][deck["mtgo_deck"]]["Player"] == names[pid]
    assert sorted(d["mtgo_deck"] for d in doc["decklists"].values()) == list(range(24))


def test_the_decklists_page_draws_every_deck_from_its_document(docs: Path) -> None:
    for slug, kind in ((MODERN, "mtgo"), (TRANSFORMERS, "api"), (WEISS, "api")):
        drawn, lines, page = _drawn(docs, slug)
        assert lines == 0, f"{slug}: the page holds card lines of its own"
        assert drawn == _decklists(slug), slug
        if kind == "mtgo":  # the copy is the default document, and its decks' sections are its lists
            assert "data-doc=" not in page and "sk-deck-sections" not in page and "<section" not in page
            assert 'data-sections="[[&#34;Mainboard&#34;, &#34;Deck&#34;, &#34;Main deck&#34;]' in page
        else:
            assert 'data-doc="api"' in page and "data-sections" not in page
    # A Magic deck with nothing to say beyond its documents is not on the page at all: its
    # frame too is written by the script (data-players); a deck with problems is on it.
    from ingest.publish import page_finish as pf

    written = "".join(pf.read_fragments(docs.parent / "fragments", f"events/{MODERN}/decklists.md"))
    doc = read_event_document((docs / "api" / "events" / f"{MODERN}.json").read_text(encoding="utf-8"))
    illegal = sorted(f"deck-{pid}" for pid, deck in doc["decklists"].items() if deck["legal"] is False)
    assert sorted(re.findall(r'<article class="sk-deck" id="([^"]+)"', written)) == illegal
    assert "data-players=" in written and len(_drawn(docs, MODERN)[0]) == 24
    # Transformers: the stars and kinds come from the API document's fields.
    drawn, _, _ = _drawn(docs, TRANSFORMERS)
    assert any("[stars: " in text for text in drawn.values())
    transformers = read_event_document((docs / "api" / "events" / f"{TRANSFORMERS}.json").read_text(encoding="utf-8"))
    assert "cards" in next(iter(transformers["decklists"].values()))


def test_a_printing_the_mtgo_copy_cannot_carry_is_on_the_page(tmp_path: Path) -> None:
    """MTG Arena lists give a printing (``(M11) 149``); the MTGODecklistCache format has no
    place for it, so the page says it after the card, and "Copy as text" keeps it."""
    project = make_project(tmp_path)
    path = next((tmp_path / "events").rglob(f"{MODERN}.yaml"))
    event = path.read_text(encoding="utf-8")
    deck = next(line.split("deck: ", 1)[1].split(",")[0].rstrip("}") for line in event.splitlines() if "deck: " in line)
    deck_file = path.parent / deck
    text = deck_file.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(text) if line[:1].isdigit())
    text[first] += " (M11) 149"
    deck_file.write_text("\n".join(text) + "\n", encoding="utf-8")
    build_site(project, today=TODAY, docs_only=True)
    drawn, lines, _ = _drawn(tmp_path / "build" / "docs", MODERN)
    assert lines == 0
    assert sum(" (M11) 149" in t for t in drawn.values()) == 1
    copy = (tmp_path / "build" / "docs" / "api" / "events" / f"{MODERN}.mtgo.json").read_text(encoding="utf-8")
    assert "(M11)" not in copy


def test_hidden_lists_are_in_no_document(tmp_path: Path) -> None:
    """``after-event`` during the event and ``private``: neither document carries a deck, a
    card or a reference to a decklists document."""
    project = make_project(tmp_path, samples=False)
    root = project.root
    for name, policy in (("Live League", "after-event"), ("Closed League", "private")):
        run_ok(root, "new", "--name", name, "--date", "2026-11-20", "--game", "mtg", "--format", "modern",
               "--rounds", "2", "--seed", "5")  # fmt: skip
        path = next((root / "events").rglob(f"*{name.lower().replace(' ', '-')}.yaml"))
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("decklists: after-event", f"decklists: {policy}"), encoding="utf-8")
    for path in sorted((root / "events").rglob("*.yaml")):
        for pid in ("ann", "ben", "cy", "di"):
            run_ok(root, "add-player", str(path), "--id", pid, "--name", pid.title(), "--deck", "decks/" + pid + ".txt")
            deck = path.parent / "decks" / f"{pid}.txt"
            deck.parent.mkdir(exist_ok=True)
            deck.write_text("4 Quorvath Engine\n56 Mountain\n\nSideboard\n3 Glimmerrot Ward\n", encoding="utf-8")
        run_ok(root, "pair", str(path))
        for table in ("1", "2"):  # round 1 of 2 over: standings, so a copy, and the event not over
            run_ok(root, "report", str(path), "--table", table, "2-0")
    build_site(project, today=TODAY)
    site = root / "build" / "site"
    api = sorted((site / "api" / "events").glob("*.json"))
    assert len(api) == 4  # each event's document and its MTGODecklistCache copy
    for path in api:
        doc = _json(path)
        assert "decklists" not in doc and "decklists_document" not in doc, path.name
        assert doc.get("Decks", []) == [], path.name
    for needle in ("Quorvath Engine", "Glimmerrot Ward"):
        files = (p for p in sorted(root.rglob("*")) if p.is_file())
        found = [p.relative_to(root) for p in files if needle.encode() in p.read_bytes()]
        assert all(p.parts[0] == "events" for p in found), found  # only the TO's own files


@pytest.mark.parametrize("slug", [MODERN, TRANSFORMERS])
def test_the_event_files_shipped_match_the_schema(docs: Path, slug: str) -> None:
    """The changed ``decklists`` fit ``schema/api-event.schema.json`` (version 3; a table
    since version 6, each deck read as an object fitting its ``$defs/deck``)."""
    import jsonschema

    schema = _json(ROOT / "schema" / "api-event.schema.json")
    text = (docs / "api" / "events" / f"{slug}.json").read_text(encoding="utf-8")
    jsonschema.Draft202012Validator(schema).validate(json.loads(text))
    decks = table_items(json.loads(text)["decklists"])
    deck_schema = jsonschema.Draft202012Validator(schema["$defs"]["deck"])
    for deck in decks:
        deck_schema.validate(deck)
    deck = decks[0]
    deck["cards" if "mtgo_deck" in deck else "mtgo_deck"] = [] if "mtgo_deck" in deck else 0
    with pytest.raises(jsonschema.ValidationError):
        deck_schema.validate(deck)


def test_a_players_results_are_in_their_api_document_only(docs: Path) -> None:
    """The player page's results table has no row of its own: its script draws each from
    ``api/players/<id>.json``, which names each event, its game, format and field, and says
    when one is not over (the Pioneer sample is in progress, the Legacy one upcoming)."""
    from ingest.publish import page_finish as pf

    pioneer = "2026-11-20-pioneer-weekly"
    not_over = {pioneer: "in-progress", "2026-12-04-legacy-league": "upcoming"}
    seen = 0
    for path in sorted((docs / "api" / "players").glob("*.json")):
        doc = _json(path)
        page = (docs / "players" / f"{path.stem}.md").read_text(encoding="utf-8")
        page += "".join(pf.read_fragments(docs.parent / "fragments", f"players/{path.stem}.md"))
        assert "<tbody></tbody></table>" in page and '<td class="sk-date">' not in page, path.stem
        for item in player_events(doc):
            assert {"name", "game_name", "format", "field"} <= set(item), path.stem
            assert item.get("status", "complete") == not_over.get(item["event"], "complete")
            seen += item["event"] == pioneer
    assert seen == 12
