"""One event as the analytics read it: its :class:`EventRecord`, taken once from its report.

A record holds only what may be published now. Archetypes come from
:meth:`~ingest.summary.event_summary.EventSummary.public_archetypes`, which is empty while the
event's decklists may not be published (``decklists: after-event`` while the event runs,
``private`` always): such an event's record has :attr:`EventRecord.lists_public` false and
enters no archetype figure. Players are the published copy's (:mod:`ingest.source.naming`):
a player who chose to be hidden is "Player 17" of the event, counted like anyone else and
named nowhere but as that number.

Records are plain data (:func:`record_to_json`), so the build cache keeps them with the
event's digest and the pages about many events never need the report again.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
import sys
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ingest.analytics.match_rows import KINDS, MatchRow, match_row
from ingest.core.families import MTR_STYLE, family_of
from ingest.core.ids import PlayerId
from ingest.core.json_text import compact_json
from ingest.core.rounds import Round
from ingest.summary.event_summary import EventSummary

__all__ = ["KINDS", "MatchRow", "match_row"]  # where the rows were first defined; their module is match_rows

UNKNOWN = "Unknown"
"""The archetype of a public deck that is not classified, or of a player without a list."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One row of the event's standings as they stand."""

    rank: int
    player: str
    """Published id."""
    points: int
    wins: int
    """Match wins, byes included."""
    losses: int
    draws: int
    byes: int


@dataclass(frozen=True, slots=True)
class Placing:
    """The players who reached one level of the top cut (the whole cut, its top 8, 4 or 1)."""

    level: str
    """cut, top8, top4 or top1."""
    players: tuple[str, ...]
    """Published ids, sorted."""


@dataclass(frozen=True, slots=True)
class EventRecord:
    """One event as the analytics and the analysts' tables read it."""

    slug: str
    name: str
    date: dt.date
    game: str
    format: str
    status: str
    """upcoming, in-progress or complete."""
    field: int
    """Players in the event."""
    lists_public: bool
    """Whether its decklists and archetypes may be published now (else no archetype figure counts it)."""
    by_results: bool
    """Whether the event records only match results (``structure.results: matches``)."""
    players: tuple[tuple[str, str, str, str], ...]
    """(published id, published name, archetype, key across events), in roster order. The
    archetype is empty while the lists are not public; the key is the canonical id, or
    ``<slug>/<id>`` for a hidden player (never linked across events)."""
    matches: tuple[MatchRow, ...] = ()
    """Every Swiss and playoff entry, in the file's order (MTR-style events: a team event's seat by seat)."""
    standings: tuple[StandingRow, ...] = ()
    """The standings as they stand (MTR-style individual events; none before round 1 ends)."""
    placings: tuple[Placing, ...] = ()
    """Who reached each level of the top cut reached so far."""

    def archetypes(self) -> dict[str, str]:
        """Each player's archetype as the figures count it (:data:`UNKNOWN` when not known)."""
        return {pid: arch or UNKNOWN for pid, _, arch, _ in self.players}


def _rows(stage: str, rounds: tuple[Round, ...], by_results: bool) -> list[MatchRow]:
    out = []
    for rnd in rounds:
        for m in rnd.matches:
            out.append(match_row(stage, rnd.number, m, by_results))
    return out


def _placings(report: EventSummary) -> tuple[Placing, ...]:
    """The cut (playoff round 1's players, byes included, and those who left it before that
    round), then its top 8, 4 and 1: the players
    of the first playoff round with at most that many players, for a cut at least that big."""
    playoff = report.event.playoff
    if not playoff:
        return ()
    rounds = [sorted({p for m in rnd.matches for p in m.players}) for rnd in playoff]
    # A player who left the cut before playoff round 1 made it all the same (MTR 2.10).
    made = sorted({*rounds[0], *report.event.cut_drops})
    cut = len(made)
    out = [Placing("cut", tuple(made))]
    for n in (8, 4):
        if cut < n:
            continue
        reached = made if cut == n else next((r for r in rounds if len(r) <= n), None)
        if reached is not None:
            out.append(Placing(f"top{n}", tuple(reached)))
    winner = report.winner
    if winner is not None and report.status == "complete":
        out.append(Placing("top1", (winner,)))
    return tuple(out)


def event_record(report: EventSummary, key: Callable[[str], str] | None = None) -> EventRecord:
    """``report``'s record. ``key`` gives a (published) player id its key across events
    (players.yaml's canonical id); the id itself when not given. A hidden player's key stays
    the event's own."""
    from ingest.source.naming import is_unnamed

    e = report.event
    archetypes = report.public_archetypes()
    by_results = e.structure.results == "matches"

    def key_of(pid: PlayerId) -> str:
        if is_unnamed(pid):
            return f"{e.slug}/{pid}"
        return key(pid) if key is not None else pid

    players = tuple((p.id, p.name, archetypes.get(p.id, ""), key_of(p.id)) for p in e.players)
    matches: tuple[MatchRow, ...] = ()
    standings: tuple[StandingRow, ...] = ()
    # Scored match by match: the MTR-style family's events (a Wheel of Time Game is one game
    # between a Hero and a Villain deck, scored in game points, both players possibly losing:
    # not a match of games won, so its events give no match rows).
    individual = family_of(e) is MTR_STYLE and e.unit_key == "players"
    if family_of(e) is MTR_STYLE and not individual:
        from ingest.analytics.team_rows import team_rows

        matches = team_rows(e, by_results)
    if individual:
        matches = (*_rows("swiss", e.rounds, by_results), *_rows("playoff", e.playoff, by_results))
        table = report.final if report.status == "complete" and report.final is not None else report.current
        if table is not None:
            standings = tuple(
                StandingRow(
                    r.rank, r.player, r.record.points, r.record.wins, r.record.losses, r.record.draws, r.record.byes
                )
                for r in table.rows
            )
    return EventRecord(
        e.slug,
        e.name,
        e.date,
        e.game,
        e.format,
        report.status,
        len(e.players),
        report.decklists_visible,
        by_results,
        players,
        matches,
        standings,
        _placings(report) if individual else (),
    )


# -- as plain data ----------------------------------------------------------------------------


def record_to_json(r: EventRecord) -> dict[str, Any]:
    """The record as JSON values (:func:`record_from_json` gives it back, equal)."""
    return {
        "slug": r.slug,
        "name": r.name,
        "date": r.date.isoformat(),
        "game": r.game,
        "format": r.format,
        "status": r.status,
        "field": r.field,
        "lists_public": r.lists_public,
        "by_results": r.by_results,
        "players": [list(p) for p in r.players],
        "matches": [
            [m.stage, m.round, m.table, m.a, m.b, m.kind, list(m.games) if m.games is not None else None]
            for m in r.matches
        ],
        "standings": [[s.rank, s.player, s.points, s.wins, s.losses, s.draws, s.byes] for s in r.standings],
        "placings": [[p.level, list(p.players)] for p in r.placings],
    }


def record_text(r: EventRecord) -> str:
    """``r`` as compact JSON text (:func:`record_to_json`): how the build cache keeps it."""
    return compact_json(record_to_json(r))


def record_digest(r: EventRecord) -> str:
    """A digest of everything ``r`` holds (its :func:`record_text`), taken once when the
    record is made: what the pages made from many records key them by, without reading the
    records again (:mod:`ingest.site.analytics_pages`)."""
    return hashlib.sha256(record_text(r).encode()).hexdigest()


PACKED = "zlib:"
"""How a kept record's packed text starts (:attr:`KeptRecord.packed`)."""

MAX_RECORD_BYTES = 256 * 2**20
"""A record's text unpacked to more than this is not one (the cache's entries are no larger)."""


class KeptRecord:
    """An event's record as a build keeps it with the event: packed (:attr:`packed`), with
    its digest and what chooses the analytics pages it enters (its game and format, whether
    it names an archetype that may be shown), all read without unpacking it. The record
    itself (:attr:`record`) is decoded each time it is asked for and not kept: a build asks
    for a format's records only while it makes that format's analytics pages, one at a
    time, each let go once its share is in the format's totals
    (:mod:`ingest.analytics.format_sums`), so it holds one record decoded at most (an
    unchanged format's records stay packed); a process that builds again (``serve``) keeps
    the totals, so that a result decodes only its own event's record. A record decoded is
    about 18 times its packed size (39.5 KB against 2.2 KB an event on the 300-event weekly
    archive), and a full build holds every event's kept record until it ends.

    The build cache keeps the same packed text (compressed, as base64, about a quarter of
    the record's text and with no quote to escape), since every build reads every cached
    event's entry and the records are most of what analytics add to it: 2.75 MB more for
    the 300-event archive, to check and parse whatever changed.
    """

    __slots__ = ("_decoded", "_packed", "digest", "format", "game", "names_archetypes")

    def __init__(
        self, text: str | None, digest: str, game: str, fmt: str, names_archetypes: bool, *, packed: str | None = None
    ) -> None:
        if packed is None:
            if text is None:
                raise ValueError("a kept record needs its text, plain or packed")
            packed = _packing(text)
        self._packed = packed
        self.digest = digest
        self.game = game
        self.format = fmt
        self.names_archetypes = names_archetypes
        """Whether its lists are public and some deck has an archetype (a field of
        unclassified decks says nothing)."""
        self._decoded = False

    @classmethod
    def of(cls, r: EventRecord) -> KeptRecord:
        """``r`` kept (its text, digest and packed text taken now, once; ``r`` itself is not held)."""
        text = record_text(r)
        kept = cls(
            text,
            hashlib.sha256(text.encode()).hexdigest(),
            r.game,
            r.format,
            r.lists_public and any(arch for _, _, arch, _ in r.players),
        )
        kept._decoded = True
        return kept

    @property
    def text(self) -> str:
        """The record's text (:func:`record_text`), unpacked now.

        Raises:
            RecordError: the packed text is not a record's, or not the one of :attr:`digest`.
        """
        return _unpacked(self._packed, self.digest)

    @property
    def packed(self) -> str:
        """The text as the build cache keeps it: :data:`PACKED`, then the text's UTF-8
        compressed with zlib, in base64."""
        return self._packed

    @property
    def record(self) -> EventRecord:
        """The record, decoded now from :attr:`packed` (the caller holds it as long as it
        needs it: a build folds it into its format's totals and lets it go).

        Raises:
            RecordError: the text is not a record's (an entry is signed: only a bug writes one).
        """
        try:
            obj = json.loads(self.text)
        except ValueError as exc:
            raise RecordError(f"not an event record: {exc}") from None
        if not isinstance(obj, dict):
            raise RecordError("not an event record")
        self._decoded = True
        return record_from_json(obj)

    @property
    def decoded(self) -> bool:
        """Whether :attr:`record` has been decoded (or the record was given) since it was kept."""
        return self._decoded

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KeptRecord):
            return NotImplemented
        # The digest is the text's: equal digests, equal texts (neither unpacked to compare).
        return (self.digest, self.game, self.format, self.names_archetypes) == (
            other.digest,
            other.game,
            other.format,
            other.names_archetypes,
        )

    def __hash__(self) -> int:
        return hash(self.digest)

    def __repr__(self) -> str:
        return f"KeptRecord({self.game}/{self.format}, {self.digest[:12]})"


def _packing(text: str) -> str:
    """``text`` as :attr:`KeptRecord.packed` holds it."""
    return PACKED + base64.b64encode(zlib.compress(text.encode(), 6)).decode("ascii")


def _unpacked(packed: str, digest: str) -> str:
    """The text :attr:`KeptRecord.packed` holds, checked against its digest."""
    if not packed.startswith(PACKED):
        raise RecordError("not a packed event record")
    try:
        raw = base64.b64decode(packed[len(PACKED) :], validate=True)
        unpacking = zlib.decompressobj()
        data = unpacking.decompress(raw, MAX_RECORD_BYTES)
        if unpacking.unconsumed_tail or not unpacking.eof:
            raise RecordError("not a packed event record (too large, or cut short)")
        text = data.decode("utf-8")
    except (ValueError, zlib.error) as exc:
        raise RecordError(f"not a packed event record: {exc}") from None
    if hashlib.sha256(data).hexdigest() != digest:
        raise RecordError("a packed event record that is not the one of its digest")
    return text


class RecordError(ValueError):
    """Data that is not a record."""


def record_from_json(obj: Mapping[str, Any]) -> EventRecord:
    """The record :func:`record_to_json` wrote (the cache entry it comes in is signed: only
    shapes are checked); raises :class:`RecordError` on anything else.

    Its player ids, names, archetypes and keys and its rows' kinds are held once however
    many records name them (:func:`sys.intern`): the format's totals keep each event's
    share of them (its players' keys, its archetypes), and those strings were most of a
    decoded record."""
    try:
        return EventRecord(
            str(obj["slug"]),
            str(obj["name"]),
            dt.date.fromisoformat(obj["date"]),
            str(obj["game"]),
            str(obj["format"]),
            str(obj["status"]),
            int(obj["field"]),
            bool(obj["lists_public"]),
            bool(obj["by_results"]),
            tuple((_once(a), _once(b), _once(c), _once(d)) for a, b, c, d in obj["players"]),
            tuple(
                MatchRow(
                    _once(st), int(n), t, _once(a), _once(b), _once(k), (g[0], g[1], g[2]) if g is not None else None
                )
                for st, n, t, a, b, k, g in obj["matches"]
            ),
            tuple(StandingRow(*(int(x) if i != 1 else _once(x) for i, x in enumerate(s))) for s in obj["standings"]),  # type: ignore[arg-type]
            tuple(Placing(_once(lv), tuple(_once(p) for p in ps)) for lv, ps in obj["placings"]),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise RecordError(f"not an event record: {exc!r}") from None


def _once(value: Any) -> str:
    """``value`` as a string held once (:func:`sys.intern`)."""
    return sys.intern(str(value))
