"""The players' pages: each player's results across events, lifetime record, head to head
and decks, and the players' index.

A player page is made from the player's history (:mod:`ingest.summary.history`), which the
build takes from every event's digest. The pages are made in two chunks that a build may
render in parallel (a ``Mapper``), and kept by a digest of their inputs (:data:`PLAYER_PAGE`
keys), so a page whose player's history did not change is not made again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ingest.core.json_text import compact_json
from ingest.core.slug import slug
from ingest.site import i18n
from ingest.site.event_views import SEATS, computed_label
from ingest.site.fragments import fragments_key
from ingest.site.i18n import gettext as _
from ingest.site.page import Files, Mapper, SiteInputs, base_for, in_order, page_files
from ingest.site.templates import Templates
from ingest.source.naming import is_unnamed
from ingest.summary.history import PlayerHistories

PLAYER_PAGE = "player:"
"""How the keys of player pages in a page cache begin (the rest is a digest of the page's inputs)."""


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """What the pages about every player (the players' index, the search) read of one player."""

    id: str
    name: str
    events: int
    """Events played."""
    decks: tuple[str, ...]
    """The archetypes of the player's published decks, sorted."""


@dataclass(frozen=True, slots=True)
class PlayerPart:
    """The players as a build that keeps them between builds gives them to the site
    (:mod:`ingest.publish.player_book`): only some players' pages and documents are made."""

    histories: PlayerHistories
    """``names``: every player with a page; ``entries`` and ``h2h``: at least those of :attr:`made`."""
    made: frozenset[str]
    """The players whose pages and API documents are made."""
    lines: tuple[PlayerLine, ...]
    """Every player's line."""


def player_line(cid: str, name: str, histories: PlayerHistories) -> PlayerLine:
    """A player's line, from their history."""
    entries = histories.entries.get(cid, ())
    return PlayerLine(cid, name, len(entries), tuple(sorted({e.archetype for e in entries if e.archetype})))


def player_lines(histories: PlayerHistories) -> tuple[PlayerLine, ...]:
    """Every player's line (each player with a page), by id."""
    return tuple(player_line(cid, histories.names[cid], histories) for cid in sorted(histories.names))


def player_pages(
    inputs: SiteInputs,
    templates: Templates,
    histories: PlayerHistories,
    mapper: Mapper = in_order,
    page_cache: dict[Any, Files] | None = None,
    fingerprint: str = "",
    seasons: Mapping[str, list[dict[str, Any]]] | None = None,
    meanwhile: Callable[[], None] = lambda: None,
    only: Collection[str] | None = None,
    lines: Sequence[PlayerLine] | None = None,
) -> Files:
    """One page per player (results per event, lifetime record, head to head, decks) and the index.

    The pages are rendered in two chunks through ``mapper``, which may run them in parallel
    while this process does ``meanwhile``. With ``page_cache``, a page whose inputs are
    unchanged is not rendered again. ``only``: the players whose pages are made (the others'
    pages stand as a build made them before; ``histories`` need hold the entries of these
    only, and the names of all); ``lines``: every player's line for the index (default:
    from ``histories``).
    """
    files: Files = {}
    display = histories.names
    ids = list(display) if only is None else [cid for cid in display if cid in only]
    keys: dict[str, Any] = {}
    if page_cache is not None:
        for cid in ids:
            keys[cid] = _player_page_key(cid, inputs, histories, fingerprint, (seasons or {}).get(cid))
            if keys[cid] in page_cache:
                files.update(page_cache[keys[cid]])
        ids = [cid for cid in ids if keys[cid] not in page_cache]

    language = i18n.active()

    def chunk_pages(chunk: Sequence[str]) -> Files:
        files: Files = {}
        with i18n.use(language):  # the same language in a forked worker
            for cid in chunk:
                files.update(
                    player_page(
                        cid,
                        display[cid],
                        inputs,
                        templates,
                        facts_of(cid, histories),
                        display,
                        (seasons or {}).get(cid, []),
                    )
                )
        return files

    half = (len(ids) + 1) // 2
    for pages in mapper(chunk_pages, [ids[:half], ids[half:]], meanwhile):
        files.update(pages)
        if page_cache is not None:
            for path in pages:
                if path.endswith(".md"):
                    cid = path[len("players/") : -len(".md")]
                    page_cache[keys[cid]] = {k: pages[k] for k in (path, fragments_key(path)) if k in pages}
    files = {k: files[k] for k in sorted(files)}  # the same order with or without the cache
    index = sorted(
        (
            {"id": line.id, "name": line.name, "events": line.events}
            for line in (lines if lines is not None else player_lines(histories))
        ),
        key=lambda r: (str(r["name"]).casefold(), str(r["id"])),
    )
    files.update(players_index(index, templates))
    return files


PLAYERS_PER_PAGE = 2000
"""Players the index lists on one page; past it, the index is a page per initial."""


def players_index(players: Sequence[Mapping[str, Any]], templates: Templates) -> Files:
    """The players' index: every player (``id``, ``name``, ``events``; sorted by name) on
    ``players/``, or, past :data:`PLAYERS_PER_PAGE`, a page per initial of the name as the
    site spells it in ASCII (``players/_a/``, ..., ``players/_0/`` for names that begin with
    a digit; a player's id never begins with ``_``), which ``players/`` leads to with each
    page's count.

    2,000 players on a page weigh about 20 KB gzipped; an archive an aggregator republishes
    has tens of thousands (30,000 on one page: 277 KB, past a phone's 200 KB).
    """
    if len(players) <= PLAYERS_PER_PAGE:
        context = {
            "players": players,
            "letter": "",
            "letters": [],
            "to_player": "",
            "base": base_for("players/index.md"),
        }
        return page_files("players/index.md", templates, "players_index.md.j2", context)
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for p in players:
        groups.setdefault(_initial(str(p["name"]), str(p["id"])), []).append(p)
    letters = [{"label": k.upper(), "url": f"_{k}/", "players": len(groups[k])} for k in sorted(groups)]
    files = page_files(
        "players/index.md",
        templates,
        "players_index.md.j2",
        {"players": [], "letter": "", "letters": letters, "to_player": "", "base": base_for("players/index.md")},
    )
    for key, members in groups.items():
        page = f"players/_{key}/index.md"
        files.update(
            page_files(
                page,
                templates,
                "players_index.md.j2",
                {"players": members, "letter": key.upper(), "letters": [], "to_player": "../", "base": base_for(page)},
            )
        )
    return files


def _initial(name: str, cid: str) -> str:
    """The letter (or digit) a player is listed under: the first of the name as the site
    spells it in ASCII (``Émile`` e, ``佐藤健`` s), else of the id."""
    spelled = slug(name, fallback="")
    return (spelled or cid)[0]


def _player_page_key(
    cid: str,
    inputs: SiteInputs,
    histories: PlayerHistories,
    fingerprint: str,
    seasons: Sequence[Mapping[str, Any]] | None,
) -> str:
    """What a player's page depends on, as a digest (the page cache's key; a build may keep
    these pages on disk, so it is plain text)."""
    met = histories.h2h.get(cid, {})
    entries = histories.entries.get(cid, ())
    # The opponent at the table now may not have met the player yet: their name counts too.
    now = sorted({e.now[2] for e in entries if e.now is not None and e.now[2]})
    inputs_ = (
        cid,
        histories.names[cid],
        entries,
        sorted((o, histories.names.get(o, o), tuple(c)) for o, c in met.items()),
        [(o, histories.names.get(o, o)) for o in now],
        inputs.players.public_aliases(cid),
        fingerprint,
        inputs.lang().key,
        seasons,
    )
    return PLAYER_PAGE + hashlib.sha256(repr(inputs_).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Playing:
    """An event a player is playing now, as their page names it."""

    event: str
    """The event's name."""
    slug: str
    round: str
    """The round, as the event computes its label (:func:`~ingest.site.event_views.computed_label`)."""
    table: int | None
    opponent: str
    """The opponent's canonical id (empty: a bye)."""


@dataclass(frozen=True, slots=True)
class PlayerFacts:
    """All a player's page shows of their history (the rows are their API document's): worked
    out from the history (:func:`facts_of`) or from kept pieces of each event
    (:mod:`ingest.site.player_shares`), the same values either way."""

    events: int
    record: tuple[int, int, int]
    """Matches won, lost and drawn over all events (byes not counted)."""
    opponents: bool
    """Whether any opponent has a page (the head-to-head table has rows)."""
    decks: tuple[str, ...]
    """The archetypes of the player's published decks, sorted."""
    places: tuple[str, ...]
    """The playoff places of the player's events, sorted."""
    seats: tuple[str, ...]
    """The team seats of the player's events, sorted."""
    games: bool
    """Whether the player's events are of more than one game."""
    playing: tuple[Playing, ...]
    """The events being played now, oldest first."""


def facts_of(cid: str, histories: PlayerHistories) -> PlayerFacts:
    """What a player's page shows, from their history (``histories`` holds the player's
    entries and head to head, and the names of every player with a page)."""
    entries = histories.entries.get(cid, ())
    return PlayerFacts(
        len(entries),
        histories.lifetime(cid),
        any(o in histories.names for o in histories.h2h.get(cid, {})),
        tuple(sorted({e.archetype for e in entries if e.archetype})),
        tuple(sorted({e.place for e in entries if e.place})),
        tuple(sorted({e.seat for e in entries if e.seat})),
        len({e.game_name for e in entries}) > 1,
        tuple(Playing(e.event, e.slug, e.now[0], e.now[1], e.now[2]) for e in entries if e.now is not None),
    )


def player_page(
    cid: str,
    name: str,
    inputs: SiteInputs,
    templates: Templates,
    facts: PlayerFacts,
    names: Mapping[str, str],
    seasons: Sequence[Mapping[str, Any]] = (),
) -> Files:
    """One player's page and its fragments (``names``: every player with a page, by id), in
    the active language."""
    # The head-to-head table is drawn from the player's document (api.head_to_head), where
    # opponents who chose not to be named are not listed: the page needs only whether it has rows.
    return page_files(
        f"players/{cid}.md",
        templates,
        "player.md.j2",
        {
            "name": name,
            "history": history_words(facts, f"{base_for(f'players/{cid}.md')}events/"),
            "results": f"{base_for(f'players/{cid}.md')}api/players/{cid}.json",
            "with_deck": bool(facts.decks),
            "record": facts.record,
            "opponents": facts.opponents,
            "decks": list(facts.decks),
            "events": facts.events,
            "base": base_for(f"players/{cid}.md"),
            "aliases": inputs.players.public_aliases(cid),
            "playing": [
                {
                    "event": p.event,
                    "url": f"../../events/{p.slug}/",
                    "round": computed_label(p.round),
                    "table": p.table,
                    "opponent": names.get(p.opponent, p.opponent) if p.opponent else "",
                    "opponent_url": f"../{p.opponent}/" if p.opponent and not is_unnamed(p.opponent) else "",
                }
                for p in facts.playing
            ],
            "seasons": seasons,
        },
    )


def history_words(facts: PlayerFacts, events: str) -> str:
    """What the player page's script needs, besides the player's API document, to draw the
    results table as the site shows it (``data-sk-history``, JSON): the way to the events'
    pages, the words in the site's language (a team event's name with the team and seat, the
    Wheel of Time record with its game points, "in progress"), the places and seats the
    player's events name, and whether each row names its game (when the player's events are
    of more than one).

    The rows themselves are the player's API document (``api/players/<id>.json``): each
    event of a player's history is published once (issue 38).
    """
    words = {
        "events": events,
        "playing": _("in progress"),
        "gp": _("%(record)s (%(points)s GP)"),
        "team": _("%(event)s (team %(team)s)"),
        "teamSeat": _("%(event)s (team %(team)s, seat %(seat)s)"),
        "places": {p: computed_label(p) for p in facts.places},
        "seats": {s: _(SEATS[s]) if s in SEATS else s for s in facts.seats},
        "games": facts.games,
    }
    return compact_json(words, sort_keys=True)
