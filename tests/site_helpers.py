"""Helpers for site tests: a scratch copy of the project, and reading its built pages."""

from __future__ import annotations

import datetime as dt
import html
import html.parser
import json
import re
import shutil
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ingest.checks.event_files import load_event
from ingest.core.model import Event
from ingest.source.deck_file import DeckFile
from ingest.source.project import Project
from tests.builders import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize  # playwright is a test extra: only its types here

    from ingest.site.page import SiteInputs

WOT = "2026-08-15-wheel-of-time-sealed"
TEAM = "2026-10-10-team-unified-standard"
MODERN = "2026-11-13-friday-night-modern"
TRANSFORMERS = "2026-10-24-transformers-constructed"
TODAY = dt.date(2026, 11, 22)
"""The day site tests build on."""

PHONE: ViewportSize = {"width": 390, "height": 844}
"""The browser tests' phone screen (CSS pixels)."""
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
"""The browser tests' desktop window."""

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""How the browser tests launch Chromium (headless, in a container, nothing fetched in the background)."""


def system_chromium() -> str | None:
    """Debian's Chromium (``apt-get install chromium``), if installed: Playwright drives it and
    never downloads a browser of its own."""
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def make_project(root: Path, *, samples: bool = True) -> Project:
    """A copy of the project's data, templates and configuration under ``root``.

    With ``samples`` the sample events, seasons and players.yaml come too; else events/ is empty.
    """
    for name in ("schema", "formats", "site_templates"):
        shutil.copytree(ROOT / name, root / name)
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    if samples:
        shutil.copytree(ROOT / "events", root / "events")
        shutil.copytree(ROOT / "seasons", root / "seasons")
        shutil.copy(ROOT / "players.yaml", root / "players.yaml")
    else:
        (root / "events").mkdir()
    return Project(root)


def site_inputs(project: Project, today: dt.date = TODAY) -> SiteInputs:
    """Every event of a project computed, as the pages about many events are made from them
    (:class:`~ingest.site.page.SiteInputs` with its reports)."""
    from ingest.checks.project_diagnostics import check_project
    from ingest.decks.card_files import card_data
    from ingest.decks.format_files import format_registry, load_archetype_book
    from ingest.site.page import SiteInputs
    from ingest.source.naming import naming_of
    from ingest.source.reading import load_players
    from ingest.source.season_files import load_seasons
    from ingest.summary.event_summary import compute_summary

    formats, _ = format_registry(project)
    players, _ = load_players(project)
    archetypes, _ = load_archetype_book(project)
    cards, _ = card_data(project)
    reports = []
    for item in check_project(project).loaded:
        assert item.event is not None, item.diagnostics
        naming = naming_of(item.event, players)
        reports.append(
            compute_summary(item.event, item.deck_files, formats, archetypes, card_data=cards, naming=naming)
        )
    seasons, _ = load_seasons(project)
    return SiteInputs(tuple(reports), players, formats, today, seasons=tuple(seasons))


def sample_event_and_decks(slug: str) -> tuple[Event, tuple[DeckFile, ...]]:
    """A sample event from events/, loaded, and the decklist files read beside it."""
    path = next((ROOT / "events").rglob(f"{slug}.yaml"))
    loaded = load_event(path, Project(ROOT))
    assert loaded.event is not None
    return loaded.event, loaded.deck_files


def sample_event(slug: str) -> Event:
    """A sample event from events/, loaded (its decklist files: :func:`sample_event_and_decks`)."""
    return sample_event_and_decks(slug)[0]


class _Tables(html.parser.HTMLParser):
    """Every <table> of a page: its class and its rows as lists of cell texts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[tuple[str, list[list[str]]]] = []
        self.stack: list[tuple[str, list[list[str]]]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("tr", "td", "th"):
            self._end_cell()  # a cell's end tag is optional: the next cell or row ends it
        if tag == "table":
            self.stack.append((dict(attrs).get("class") or "", []))
        elif tag == "tr" and self.stack:
            self.stack[-1][1].append([])
        elif tag in ("td", "th") and self.stack:
            self.cell = []

    def _end_cell(self) -> None:
        if self.cell is not None and self.stack and self.stack[-1][1]:
            self.stack[-1][1][-1].append("".join(self.cell).strip())
        self.cell = None

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th", "tr", "thead", "tbody", "table"):
            self._end_cell()
        if tag == "table" and self.stack:
            self.tables.append(self.stack.pop())

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def tables(text: str, css_class: str) -> list[list[list[str]]]:
    """The rows (cell texts) of every table whose class contains ``css_class`` (any table for
    ""), in the order their closing tags come (nested tables close first)."""
    parser = _Tables()
    parser.feed(text)
    return [rows for cls, rows in parser.tables if not css_class or css_class in cls.split()]


class DataRow(NamedTuple):
    """A row of the standings after a round, as the page's script shows it."""

    cells: list[str]
    """Cell texts, as :func:`tables` reads a server-written row."""
    dropped: bool
    link: str
    """Where the name leads ("" for none)."""


def round_standings(
    text: str, site: Path | None = None, document: Mapping[str, Any] | None = None
) -> list[list[DataRow]]:
    """The standings after each round of a rounds page, from its data block
    (``ingest.site.table_rows.rounds_data``), one table per tab in tab order, each row as
    ``scorekeeper.js`` makes it (a browser test checks the script against this). An
    individual event's players are in its API document: ``document`` (read), or ``site``
    (the folder the page's address of it is under: ``build/site`` or ``build/docs``)."""
    data = rounds_data(text, site, document)
    order = [int(i) for i in re.findall(r'<tbody data-standings="(\d+)"></tbody>', text)]
    out = []
    for index in order:
        rows = []
        table = data["tables"][index]
        ranks = Counter(row[0] for row in table)
        for rank, unit, points, wld, *tiebreakers in table:
            more = tiebreakers.pop() if tiebreakers and isinstance(tiebreakers[-1], dict) else {}
            tied, dropped, place = ranks[rank] > 1, more.get("d"), more.get("p")
            name, url = data["units"][unit]
            shown = name + (f" {place}" if place else "") + (" (dropped)" if dropped else "")
            if data.get("cents"):  # in whole hundredths
                tiebreakers = [f"{t // 100}.{t % 100:02d}" for t in tiebreakers]
            if data.get("percent"):  # every tiebreaker a percentage, written without its sign
                tiebreakers = [f"{t}%" for t in tiebreakers]
            rows.append(
                DataRow(
                    [f"{rank}{'=' if tied else ''}", shown, str(points), wld, *tiebreakers],
                    bool(dropped),
                    data["base"] + url if url else "",
                )
            )
        out.append(rows)
    return out


def rounds_data(text: str, site: Path | None = None, document: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A rounds page's data block (``ingest.site.table_rows.rounds_data``), read; for an
    individual event, whose players and finished rounds the page's script takes from the
    event's API document (``doc``), with them taken from it as the script does:
    ``document`` (read) or ``site``, the folder its address is under."""
    block = text.split('<script type="application/json" class="sk-rounds-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in block and "&" not in block  # nothing in it can end the script or be read as markup
    data: dict[str, Any] = json.loads(block)
    if "doc" not in data:
        return data
    if document is None:
        assert site is not None, "the page draws from the event's API document: give it, or the site's folder"
        document = json.loads((site / data["doc"]).read_text(encoding="utf-8"))
    document = event_document_items(document)
    own = data.get("own", {})
    place = {p["id"]: i for i, p in enumerate(document["players"])}
    data["units"] = [
        [p["name"], own.get(str(i), f"players/{p.get('player_page', p['id'])}/")]
        for i, p in enumerate(document["players"])
    ]
    data["document"] = document
    data["place"] = place
    return data


ENGLISH_RESULTS = {"bye": "bye", "loss": "loss", "doubleLoss": "double loss"}
"""The results the rounds page's script writes for a round of the API document, in English."""


def document_rows(
    matches: Sequence[Mapping[str, Any]], place: Mapping[str, int], words: Mapping[str, str]
) -> list[list[Any]]:
    """A round's matches in the event's API document as the rows of the rounds page's data
    (``[table, unit, result, opponent, won]``), sorted by table (tables first), as the page's
    script makes them (``documentRows``)."""
    rows = []
    for i, m in enumerate(matches):
        if "bye" in m:
            a, b, result, won = m["bye"], None, words["bye"], 1
        elif "loss" in m:
            a, b, result, won = m["loss"], None, words["loss"], 0
        else:
            a, b = m["players"]
            if m.get("result") == "double-loss":
                result, won = words["doubleLoss"], 0
            elif isinstance(m.get("games"), str):
                result = m["games"]
                first, second = (int(g) for g in result.split("-")[:2])
                won = 1 if first > second else 2 if second > first else 0
            else:
                result, won = None, 0
        row = [m.get("table", ""), place[a], result, None if b is None else place[b], won]
        rows.append(("table" not in m, m.get("table", 0), i, row))
    return [row for *_, row in sorted(rows, key=lambda r: r[:3])]


_PAIRINGS_BODY = re.compile(
    r'(<table class="sk-table sk-pairings"[^>]*?(?: data-sk-words="([^"]*)")?>\n)'
    r"((?:<thead>(?:(?!</thead>).)*</thead>\n)?)"
    r'<tbody data-pairings="(\d+)"></tbody>',
    re.DOTALL,
)


def with_pairings(page: str, site: Path | None = None, document: Mapping[str, Any] | None = None) -> str:
    """A rounds page with its pairings tables' rows as the page's script draws them from the
    page's data block and the event's API document (``scorekeeper.js``, ``pairingRows``;
    ``site`` and ``document`` as for :func:`rounds_data`), written here as
    ``ingest.site.table_rows.pairing_rows`` writes the event page's rows (a browser test
    checks the script against this)."""
    from ingest.site.table_rows import escaped

    if _PAIRINGS_BODY.search(page) is None:
        return page
    data = rounds_data(page, site, document)
    base = data["base"]
    # (a table after the first is written without its header: the script copies the first's)
    head = re.search(r'<table class="sk-table sk-pairings"[^>]*>\n(<thead>.*?</thead>\n)', page)
    first_head = head[1] if head else ""

    def name(unit: int | None) -> str:
        if unit is None:
            return ""
        shown, url = data["units"][unit]
        return f'<a href="{escaped(base)}{escaped(url)}">{escaped(shown)}</a>' if url else escaped(shown)

    def rows(match: re.Match[str]) -> str:
        words = {"playing": "playing", **ENGLISH_RESULTS, **(json.loads(html.unescape(match[2])) if match[2] else {})}
        playing = words["playing"]
        out = []
        listed = data["pairings"][int(match[4])]
        if isinstance(listed, str):  # a finished round of the API document ("r3", "p1")
            found = [
                r
                for r in data["document"]["playoff" if listed[0] == "p" else "rounds"]
                if r["round"] == int(listed[1:])
            ]
            listed = document_rows(found[0]["matches"], data["place"], words)
        for table, a, result, b, won, *note in listed:
            shown = f'<span class="sk-pending">{escaped(playing)}</span>' if result is None else escaped(result)
            a_won = ' class="sk-won"' if won == 1 else ""
            b_won = ' class="sk-won"' if won == 2 else ""
            out.append(
                f"<tr><td>{escaped(table)}</td><td{a_won}>{name(a)}</td><td>{shown}</td><td{b_won}>{name(b)}</td></tr>\n"
            )
            if note:
                out.append(f'<tr class="sk-note"><td></td><td colspan="3">{escaped(note[0])}</td></tr>')
        return f"{match[1]}{match[3] or first_head}<tbody>\n{''.join(out)}</tbody>"

    return _PAIRINGS_BODY.sub(rows, page)


def names_of(event: Event) -> dict[str, str]:
    """Display names of an event's players and teams by id."""
    return {**{p.id: p.name for p in event.players}, **{t.id: t.name for t in event.teams}}


def page_text(path: Path) -> str:
    """A page of ``build/docs`` as the site shows it (see :func:`with_fragments`).

    The fragments live in ``build/fragments`` beside ``build/docs`` (see ``ingest.site.fragments``).
    """
    from ingest.publish import page_finish as pf

    docs = next(p for p in path.parents if p.name == "docs")
    src = path.relative_to(docs).as_posix()
    text = with_fragments(path.read_text(encoding="utf-8"), pf.read_fragments(docs.parent / "fragments", src), src)
    return with_deck_frames(with_pairings(with_history(text, docs), docs), docs)


_DECKS_BOX = re.compile(
    r'<div class="sk-decklists"[^>]*? data-base="([^"]*)" data-players="([^"]*)" data-verdicts="([^"]*)">'
)


def with_deck_frames(page: str, site: Path) -> str:
    """A decklists page with the decks it leaves whole to the documents (``data-players``)
    written in, as the page's script writes them (``scorekeeper.js``, ``deckFrames``) and as
    ``ingest.site.table_rows.decklist`` writes a deck: ``site`` is the folder the page's
    address of the event's API document is under (a browser test checks the script against
    the page as the server wrote it before)."""
    from ingest.site.table_rows import escaped

    box = _DECKS_BOX.search(page)
    if box is None:
        return page
    base = html.unescape(box[1])
    places = json.loads(html.unescape(box[2]))
    verdicts = json.loads(html.unescape(box[3]))
    address = re.search(r'data-api="(?:\.\./)*([^"]*)"', box[0])
    assert address is not None
    doc = read_event_document((site / html.unescape(address[1])).read_text(encoding="utf-8"))
    end = page.index("</div>", box.end())  # the box holds no other div
    inside = page[box.end() : end]
    written = [m.start() for m in re.finditer(r'<article class="sk-deck"', inside)]
    pieces: dict[int, list[str]] = {}
    at = 0
    for place in places:
        if place < 0:
            at += 1
            continue
        p = doc["players"][place]
        d = doc["decklists"][p["id"]]
        kind = {True: ("sk-badge sk-legal", 0), False: ("sk-badge sk-illegal", 1)}.get(d["legal"], ("sk-badge", 2))
        archetype = f" — {escaped(p['archetype'])}" if p.get("archetype") else ""
        pieces.setdefault(at, []).append(
            f'<article class="sk-deck" id="deck-{escaped(p["id"])}" data-deck="{d["mtgo_deck"]}"><h3>'
            f'<a href="{escaped(base)}players/{escaped(p.get("player_page", p["id"]))}/">{escaped(p["name"])}</a>'
            f'{archetype}</h3><p><span class="{kind[0]}">{escaped(verdicts[kind[1]])}</span></p></article>\n'
        )
    out, last = [], 0
    for index, start in enumerate([*written, len(inside)]):
        out += [inside[last:start], *pieces.get(index, [])]
        last = start
    out.append(inside[last:])
    return page[: box.end()] + "".join(out) + page[end:]


def table_items(table: dict[str, Any]) -> list[dict[str, Any]]:
    """A table of an event's API document (``{"columns": [...], "rows": [...]}``) as objects:
    each row's items under their columns, its nulls (and the items it leaves off the end)
    left out, as the schema says a program reads it."""
    assert set(table) == {"columns", "rows"} and len(set(table["columns"])) == len(table["columns"]), table
    out = []
    for row in table["rows"]:
        assert len(row) <= len(table["columns"]) and (not row or row[-1] is not None), row
        out.append({k: v for k, v in zip(table["columns"], row, strict=False) if v is not None})
    return out


def read_event_document(text: str) -> dict[str, Any]:
    """An event's API document (``api/events/<slug>.json``) with its tables read as objects
    (:func:`table_items`): ``players``, ``final`` and each round's ``matches``."""
    return event_document_items(json.loads(text))


def event_document_items(doc: Mapping[str, Any]) -> dict[str, Any]:
    """An event's API document as read (:func:`read_event_document`); one whose tables are
    read already is returned as it is (the page's script takes either, as objects)."""
    read = dict(doc)
    if isinstance(doc["players"], list):
        return read
    read["players"] = table_items(doc["players"])
    read["final"] = table_items(doc["final"])
    for stage in ("rounds", "playoff"):
        read[stage] = [{**rnd, "matches": table_items(rnd["matches"])} for rnd in doc[stage]]
    if "wot_standings" in doc:
        read["wot_standings"] = [table_items(t) for t in doc["wot_standings"]]
    if "decklists" in doc:
        read["decklists"] = table_items(doc["decklists"])
    return with_ids(read)


PLAYER_KEYS = ("players", "bye", "loss", "hero", "villain", "player")
"""The keys of an event's API document whose values name players (``ingest.site.api_places``)."""


def with_ids(doc: dict[str, Any]) -> dict[str, Any]:
    """An event's API document read as objects, each player named by their place in
    ``players`` (API version 6) named by their id again, and ``decklists`` by player id,
    as the page's script reads it (``scorekeeper.js``, ``withIds``): a number is never an id."""
    ids = [p["id"] for p in doc["players"]]

    def named(value: Any) -> Any:
        if isinstance(value, list):
            return [named(v) for v in value]
        return ids[value] if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(ids) else value

    def items(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: named(v) if k in PLAYER_KEYS else v for k, v in row.items()} for row in rows]

    for stage in ("rounds", "playoff"):
        doc[stage] = [
            {**rnd, "matches": items(rnd["matches"]), **({"drops": named(rnd["drops"])} if "drops" in rnd else {})}
            for rnd in doc[stage]
        ]
    if "cut_drops" in doc:
        doc["cut_drops"] = named(doc["cut_drops"])
    doc["final"] = items(doc["final"])
    if "wot_standings" in doc:
        doc["wot_standings"] = [items(t) for t in doc["wot_standings"]]
    if "decklists" in doc:
        doc["decklists"] = {named(d["player"]): {k: v for k, v in d.items() if k != "player"} for d in doc["decklists"]}
    return doc


PLAYER_ROW = ("event", "name", "date", "format", "field", "rank", "points", "wins", "losses", "draws", "archetype")
"""The items of an event's row in ``api/players/<id>.json`` (``schema/api-player.schema.json``)."""


def player_events(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """A player's API document's events as objects: each row's items by name (an archetype
    only where there is one), its format as ``game_name``, ``format`` and ``format_name``
    from ``formats``, and its 12th item's keys (written here from the schema, as a program
    reading the document would)."""
    out = []
    for row in doc["events"]:
        assert 11 <= len(row) <= 12, row
        item = dict(zip(PLAYER_ROW, row[:11], strict=True))
        item["game_name"], item["format"], item["format_name"] = doc["formats"][row[3]]
        if item["archetype"] is None:
            del item["archetype"]
        if len(row) == 12:
            assert row[11] and not set(row[11]) & set(item), row
            item.update(row[11])
        out.append(item)
    return out


_HISTORY = re.compile(
    r'(<table class="sk-table sk-history" data-history="([^"]*)" data-sk-history="([^"]*)">'
    r"<thead><tr>(.*?)</tr></thead><tbody>)(</tbody>)"
)


def with_history(page: str, site: Path) -> str:
    """A player page with its results table's rows as the page's script draws them from the
    player's API document (``scorekeeper.js``, ``historyRow``), done here the same way:
    ``site`` is the folder the page's ``data-history`` address is under (``build/docs`` or
    ``build/site``)."""
    from ingest.site.table_rows import escaped

    match = _HISTORY.search(page)
    if match is None:
        return page
    address = html.unescape(match[2])
    doc = json.loads((site / address[address.index("api/players/") :]).read_text(encoding="utf-8"))
    w = json.loads(html.unescape(match[3]))
    deck = match[4].count("<th") > 4
    rows = []
    for item in reversed(player_events(doc)):
        event, url = item["name"], f"{w['events']}{item['event']}/"
        if item.get("team"):
            team = item["team"]
            values = {
                "event": item["name"],
                "team": team["name"],
                "seat": w["seats"].get(team.get("seat"), team.get("seat")),
            }
            event = (w["teamSeat"] if team.get("seat") else w["team"]) % values
            url += f"teams/#{team['id']}"
        kind = f"{item['game_name']} · {item['format_name']}" if w["games"] else item["format_name"]
        place = f"{item['rank']}/{item['field']}" if item["rank"] else ""
        if item.get("place"):
            place += f' <span class="sk-badge">{escaped(w["places"].get(item["place"], item["place"]))}</span>'
        if item.get("status", "complete") != "complete":
            place += f' <span class="sk-muted">({escaped(w["playing"])})</span>'
        record = "" if item["wins"] is None else f"{item['wins']}-{item['losses']}-{item['draws']}"
        if "tbp_exact" in item and item["points"] is not None:
            record = w["gp"] % {"record": record, "points": item["points"]}
        date = escaped(item["date"])
        cells = f"<td>{escaped(item.get('archetype', ''))}</td>" if deck else ""
        rows.append(
            f'<tr><td class="sk-date">{date}</td><td><a href="{escaped(url)}">{escaped(event)}</a> '
            f'<span class="sk-muted"><span class="sk-date-inline">{date} · </span>{escaped(kind)}</span></td>'
            f"<td>{place}</td><td>{escaped(record)}</td>{cells}</tr>"
        )
    page = page[: match.end(1)] + "".join(rows) + page[match.start(5) :]
    # The head to head, from the same document (scorekeeper.js, drawHeadToHead).
    h2h = _H2H.search(page)
    if h2h is None:
        return page
    to = html.unescape(h2h[2])
    opponents = "".join(
        f'<tr><td><a href="{escaped(to + oid + "/")}">{escaped(name)}</a></td>'
        f"<td>{w}</td><td>{lost}</td><td>{d}</td></tr>"
        for oid, name, w, lost, d in doc.get("opponents", [])
    )
    return page[: h2h.end(1)] + opponents + page[h2h.start(3) :]


_H2H = re.compile(r'(<table class="sk-table sk-h2h" data-h2h="([^"]*)"><thead>.*?</thead><tbody>)(</tbody>)')


def with_fragments(text: str, stored: list[str], src: str) -> str:
    """A page's Markdown with its HTML fragments in place, each on the line after its heading
    (the page's front matter says which) or where its placeholder is."""
    from ingest.publish import page_finish as pf
    from ingest.site import fragments

    anchors = fragments.Anchors.from_markdown(text, src)
    if anchors is not None:
        lines: list[str] = []
        heading = -1
        markers: dict[int, list[str]] = {i: [] for i in range(anchors.headings)}
        for index, after in enumerate(anchors.after):
            if after is not None:  # (None: its placeholder is in the Markdown)
                markers[after].append(fragments.placeholder(index))
        for line in text.split("\n"):
            lines.append(line)
            if line.startswith("#"):
                heading += 1
                lines += markers[heading]
        assert heading + 1 == anchors.headings, src
        text = "\n".join(lines)
    return pf.substitute(text, stored, src)


def opponent_details(page: str) -> dict[str, list[list[str]]]:
    """The opponents behind each row of a page's final standings, by player id (or team id).

    Each row carries them in ``data-o`` (per opponent, ``;`` between opponents, the
    opponent's row number and, for a row evaluated at another point than the table's, ``mw
    floor [gw floor]``; see ``ingest.site.standings_details.opponents_data``), and its own ``mw
    floor [gw floor]`` as they count for its opponents in ``data-p``, which an entry with the
    row number alone reads; the page's script shows them as a table when the row is tapped.
    Here each becomes ``[opponent name, MW%, GW%]`` as that table shows them (``44.00%``,
    ``33.00% (floor; was 20.00%)``; no GW% where the standings do not use games won).
    """
    table = page.split('<table class="sk-table sk-standings', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr([^>]*)><td>.*?(?:</td>)?<td>(.*?)(?:</td>)?<td>", table.split("<tbody>", 1)[1])
    names = [html.unescape(re.sub(r"<[^>]+>", "", re.split(r" ?<span", cell)[0])) for _, cell in rows]
    counts = [re.search(r'data-p="([^"]*)"', attrs) for attrs, _ in rows]
    out: dict[str, list[list[str]]] = {}
    for attrs, cell in rows:
        ref = re.search(r'href="[^"]*(?:players/|#)([^/"]+)/?"', cell)
        data = re.search(r'data-o="([^"]*)"', attrs)
        if ref is None or data is None:
            continue
        details = []
        for entry in data.group(1).split(";"):
            fields = entry.split(" ")
            if len(fields) == 1:
                own = counts[int(fields[0]) - 1]
                fields += own.group(1).split(" ") if own else ["?", "-"]
            shown = [names[int(fields[0]) - 1]]
            for value, floor, nothing in zip(fields[1::2], fields[2::2], ("no rounds", "no games"), strict=False):
                mark = "" if floor == "-" else f" (floor; {nothing if floor == 'n' else f'was {floor}%'})"
                shown.append(f"{value}%{mark}")
            details.append(shown)
        out[ref.group(1)] = details
    return out


class _DeckFrames(html.parser.HTMLParser):
    """The decks of a decklists page: each article's id, document and deck, and its sections'
    header (``data-h``) and card lists (``data-l``, ``data-i``, ``data-x``), in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.decks: list[dict[str, object]] = []
        self.documents: dict[str, str] = {}
        self.lines = 0  # <li> inside a deck's sections: the page itself holds no card
        self.copy_sections: list[list[str]] = []
        """The page's ``data-sections``: a copy's deck with no sections on the page has these."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "div" and "sk-decklists" in a.get("class", "").split():
            self.documents = {k: a[f"data-{k}"] for k in ("mtgo", "api") if f"data-{k}" in a}
            self.copy_sections = json.loads(a.get("data-sections") or "[]")
        elif tag == "article" and "sk-deck" in a.get("class", "").split():
            doc = a.get("data-doc", "mtgo")
            self.decks.append({"id": a["id"], "doc": doc, "deck": a["data-deck"], "sections": []})
        elif tag == "section" and "data-h" in a and self.decks:
            self.decks[-1]["sections"].append({"header": a["data-h"], "lists": []})  # type: ignore[attr-defined]
        elif tag == "ul" and "data-l" in a and self.decks:
            sections = self.decks[-1]["sections"]
            sections[-1]["lists"].append(a)  # type: ignore[index]
        elif tag == "li" and self.decks and self.decks[-1]["sections"]:
            self.lines += 1


def _places(text: str) -> list[int]:
    out: list[int] = []
    for part in filter(None, text.split(",")):
        first, _, last = part.partition("-")
        out += range(int(first), int(last or first) + 1)
    return out


def _attributes(entry: dict[str, object]) -> str:
    parts = []
    if isinstance(entry.get("stars"), int):
        parts.append(f"[stars: {entry['stars']}]")
    kind = entry.get("kind")
    if isinstance(kind, str):
        plain = ":" not in kind and kind.lower() not in ("stars", "kind")
        parts.append(f"[{kind}]" if plain else f"[kind: {kind}]")
    return " ".join(parts)


def drawn_decklists(page: str, documents: dict[str, dict[str, object]]) -> tuple[dict[str, str], int]:
    """What the decklists page's script draws, done here as ``scorekeeper.js`` does it: each
    deck (by its article's id) as "Copy as text" gives it (each section's header where the
    section changes, a blank line between sections, the card lines), from the page's frames
    and the cards ``documents`` (by kind: ``mtgo``, ``api``); and the card lines the page
    itself holds (none, when each list is published once)."""
    frames = _DeckFrames()
    frames.feed(page)
    out: dict[str, str] = {}
    read = {kind: doc if kind == "mtgo" else event_document_items(doc) for kind, doc in documents.items()}
    for deck in frames.decks:
        doc = read[str(deck["doc"])]
        key = str(deck["deck"])
        source = doc["Decks"][int(key)] if deck["doc"] == "mtgo" else doc["decklists"][key]  # type: ignore[index]
        if deck["doc"] == "mtgo" and not deck["sections"]:  # the copy's lists as they are
            deck["sections"] = [
                {"header": header, "lists": [{"data-l": name, "data-i": f"0-{len(source[name]) - 1}"}]}
                for name, header, _title in frames.copy_sections
                if source.get(name)
            ]
        lines: list[str] = []
        header = None
        for section in deck["sections"]:  # type: ignore[attr-defined]
            if section["header"] != header:
                lines += [""] if lines else []
                lines.append(section["header"])
                header = section["header"]
            for ul in section["lists"]:
                extras = json.loads(ul.get("data-x") or "[]")
                for n, i in enumerate(_places(ul["data-i"])):
                    entry = source[ul["data-l"]][i]
                    if deck["doc"] == "mtgo":
                        line, extra = f"{entry['Count']} {entry['CardName']}", extras[n] if extras else ""
                    else:
                        line, extra = f"{entry['count']} {entry['card']}", _attributes(entry)
                    lines.append(f"{line} {extra}" if extra else line)
        out[str(deck["id"])] = "\n".join(lines) + "\n" if lines else ""
    return out, frames.lines
