"""The pages that grow with the archive, at any number of events: what a phone opens, gzipped.

Issue 38 point 4: no page a phone opens passes 200 KB gzipped at 10,000 events. The events
index (``events/`` and a page a year), the players index (``players/``, a page per initial
past 2,000 players) and a player page with hundreds of events (the page draws its results
from the player's API document, which it fetches) are rendered here from synthetic index
lines, as the build renders them (:mod:`ingest.site.site_files`, :mod:`ingest.site.player_pages`),
without building the events themselves: a weekly 32-player archive of ``--events`` events
among ``--players`` players (each plays ``events x 32 / players`` of them).

A page's bytes are its Markdown and fragments as rendered, plus the theme's part of a page
(:data:`CHROME`, measured on a built page: the engine's page around the article); the player's
API document is its line per event as the 300-event benchmark archive writes it, repeated.
So the figures are estimates of the engine's pages within a few percent, and the gzipped
sizes are those of the text gzip -6 gives.

    python benchmarks/index_pages.py --events 10000 --players 600
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.publish.template_files import read_templates  # noqa: E402
from ingest.site.fragments import fragments_key  # noqa: E402
from ingest.site.player_pages import players_index  # noqa: E402
from ingest.site.site_files import _events_index  # noqa: E402
from ingest.source.project import Project  # noqa: E402

CHROME = (8_867, 2_701)
"""The theme's part of a page (outside its article), raw and gzipped: the sample Modern event's
page built by mkdocs (theme/main.html)."""

BUDGET = 200 * 1024
"""What a page a phone opens may weigh, gzipped (DESIGN.md, section 9)."""

PLAYER_LINE = {
    "archetype": "Murktide",
    "date": "2021-11-26",
    "draws": 0,
    "event": "2021-11-26-friday-night-modern-41",
    "event_name": "Friday Night Modern 41",
    "format": "modern",
    "format_name": "Modern",
    "game": "mtg",
    "losses": 2,
    "place": 17,
    "players": 32,
    "points": 9,
    "status": "complete",
    "wins": 3,
}
"""One event of a player's API document (``api/players/<id>.json``), as the weekly archive has it."""


FIRST = ("Alice", "Bram", "Caspar", "Chiara", "Dario", "Elif", "Emeka", "Hugo", "Jonas", "Kenji", "Luca", "Maren")
LAST = ("Abbott", "Berger", "Castillo", "Dekker", "Duarte", "Engel", "Fontaine", "Gallo", "Ito", "Kowalski", "Novak")


def _name(i: int) -> str:
    """The ``i``-th player's name: a first and a last name, and a number past the pairs."""
    first, last = FIRST[i % len(FIRST)], LAST[(i // len(FIRST)) % len(LAST)]
    more = i // (len(FIRST) * len(LAST))
    return f"{first} {last}" + (f" {more}" if more else "")


def _player_line(line: dict[str, Any], n: int) -> dict[str, Any]:
    """A player's line for an event (``line``: its index line), their ``n``-th."""
    return {
        **PLAYER_LINE,
        "date": line["date"],
        "event": line["slug"],
        "event_name": line["name"],
        "place": 1 + (n * 7) % 32,
        "wins": n % 5,
        "losses": 5 - n % 5,
        "points": 3 * (n % 5),
        "archetype": ("Murktide", "Burn", "Living End", "Yawgmoth", "Amulet Titan")[n % 5],
    }


def _lines(events: int, today: dt.date) -> list[dict[str, Any]]:
    """Index lines of ``events`` weekly events ending ``today``, oldest first."""
    out = []
    for n in range(events):
        day = today - dt.timedelta(weeks=events - 1 - n)
        out.append(
            {
                "slug": f"{day.isoformat()}-friday-night-modern-{n + 1}",
                "name": f"Friday Night Modern {n + 1}",
                "date": day.isoformat(),
                "game": "mtg",
                "game_name": "Magic: The Gathering",
                "format": "modern",
                "format_name": "Modern",
                "players": 32,
                "status": "complete",
                "url": f"events/{day.isoformat()}-friday-night-modern-{n + 1}/",
                "winner": "Kenji Ueda",
                "winner_url": "players/kenji-ueda/",
                "winner_deck": "Living End",
                "location": "The Benchmark Hall",
                "year": day.year,
                "month": day.strftime("%B"),
            }
        )
    return out


def _page_bytes(files: dict[str, str | bytes], page: str) -> tuple[int, int]:
    """A page's bytes and gzipped bytes: its Markdown and fragments, and the theme's part."""
    text = "".join(
        v if isinstance(v, str) else v.decode("utf-8") for k, v in files.items() if k in (page, fragments_key(page))
    )
    raw = text.encode("utf-8")
    return len(raw) + CHROME[0], len(gzip.compress(raw, 6)) + CHROME[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=600)
    args = parser.parse_args()
    today = dt.date(2026, 12, 4)
    templates = read_templates(Project(ROOT).templates)
    lines = _lines(args.events, today)
    rows = []
    files = _events_index(lines, templates, today)
    pages = sorted(k for k in files if k.endswith(".md"))
    sizes = {p: _page_bytes(files, p) for p in pages}
    largest = max(sizes, key=lambda p: sizes[p][1])
    rows.append((f"events index ({len(pages)} pages; largest {largest})", *sizes[largest]))
    players = [{"id": f"player-{i:06d}", "name": _name(i), "events": 0} for i in range(args.players)]
    per_player = args.events * 32 // args.players
    for p in players:
        p["events"] = per_player
    files = players_index(sorted(players, key=lambda p: str(p["name"])), templates)
    pages = sorted(k for k in files if k.endswith(".md"))
    sizes = {p: _page_bytes(files, p) for p in pages}
    largest = max(sizes, key=lambda p: sizes[p][1])
    rows.append((f"players index ({len(pages)} pages; largest {largest})", *sizes[largest]))
    document = json.dumps(
        {"api_version": 3, "events": [_player_line(line, n) for n, line in enumerate(lines[-per_player:])]},
        separators=(",", ":"),
        sort_keys=True,
    ).encode()
    shown = f"a player's results document ({per_player} events; the page fetches it)"
    rows.append((shown, len(document), len(gzip.compress(document, 6))))
    budget = f"budget {BUDGET // 1024} KB gzipped a page"
    print(f"{args.events:,} weekly 32-player events, {args.players:,} players; {budget}")
    for name, raw, packed in rows:
        verdict = "PASS" if packed <= BUDGET else "FAIL"
        print(f"  {name:<72} {raw / 1024:8.1f} KB, {packed / 1024:6.1f} KB gzipped   {verdict}")


if __name__ == "__main__":
    main()
