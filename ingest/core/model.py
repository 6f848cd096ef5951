"""The typed, frozen model of an event, built from a validated file by :mod:`ingest.source.assemble`:
the event, its structure, roster and source here; its rounds and what is recorded in them in
:mod:`ingest.core.rounds`; a player's id in :mod:`ingest.core.ids`.

Everything past assembly works on these values; nothing here knows about YAML, files
or positions except where each entry is written: the
:class:`~ingest.core.diagnostics.SourcePos` kept for diagnostics, and the entry's
:data:`~ingest.core.diagnostics.YamlPath` (``("rounds", 2, "matches", 5)``), by which a
command edits the very entry it found in the model. Neither takes part in equality: two
files that differ only in layout make equal events.
Private player fields (email, membership number, phone) are never copied into the
model, so no later step can publish them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ingest.core.diagnostics import SourcePos, YamlPath
from ingest.core.games import GAMES
from ingest.core.ids import PlayerId
from ingest.core.rounds import Round


@dataclass(frozen=True, slots=True)
class PlayoffSpec:
    """The top cut."""

    top: int
    """How many players advance."""
    seeding: str = "standings"
    """standings or draft-seats."""
    best_of: int | None = None
    """Games per playoff match, if different from the Swiss."""
    finalists: str = "ranking"
    """ranking, nation-clan or title (Bushiroad 3.2.4)."""


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase of the Swiss (day 1, day 2 after a cut)."""

    name: str
    """Shown on the event page."""
    from_round: int
    """First Swiss round of the phase."""


@dataclass(frozen=True, slots=True)
class Structure:
    """How the event is run."""

    pairing: str = "swiss"
    """swiss, single-elimination, double-elimination, round-robin or wot-cycles."""
    swiss_rounds: int | None = None
    """Planned Swiss rounds; None for ``auto`` or unspecified."""
    swiss_rounds_auto: bool = False
    """Whether the file asked for the recommended number of rounds."""
    best_of: int = 3
    """Games per match."""
    playoff: PlayoffSpec | None = None
    """The top cut, if any."""
    decklists: str = "after-event"
    """public, after-event or private."""
    decklist_deadline: dt.datetime | None = None
    """Until when players may hand in their own decklist (``structure.decklist_deadline``);
    naive when the file gives no UTC offset (the clock of the computer taking the list).
    None: until round 1 is paired."""
    phases: tuple[Phase, ...] = ()
    """Phases of a multi-day Swiss."""
    points_per_win: int = 1
    """Bushiroad points per match win."""
    late_entries: str = "loss"
    """loss or none: what a late entrant gets for missed rounds."""
    check_in: bool = False
    """Players check in before round 1, which pairs the checked-in players only
    (:mod:`ingest.edit.check_in`)."""
    top_x: int | None = None
    """Double elimination undefeated target."""
    team_size: int | None = None
    """2 or 3 for team events."""
    team_kind: str | None = None
    """mtr-team, two-headed-giant, tag or trio."""
    tied_team_match: str = "draw"
    """draw or first-seat."""
    round_minutes: int | None = None
    """Minutes per round."""
    published_precision: int | None = None
    """Decimals the original platform published (imported events)."""
    dropped_evaluated: str | None = None
    """Imported events: when the platform took a dropped player's figures: last-round (after
    the last round they played) or end (at the end of their phase); None: as the ruleset says."""
    results: str = "games"
    """games: matches record games won; matches: only who won (1-0, 0-1) or a draw (0-0-1),
    so game-win figures (GW%, OGW%) are not computed."""


@dataclass(frozen=True, slots=True)
class PublishedRow:
    """One row of the standings a platform published, kept as a recorded fact."""

    rank: int
    """The published rank."""
    player: PlayerId
    """The player's id in this event."""
    points: int
    """Match points as published."""
    wins: int | None = None
    """Wins as published (None where the platform published none)."""
    losses: int | None = None
    """Losses as published."""
    draws: int | None = None
    """Draws as published."""
    omw: Fraction | None = None
    """Opponents' match-win percentage as published (the decimal, exactly)."""
    gw: Fraction | None = None
    """Game-win percentage as published."""
    ogw: Fraction | None = None
    """Opponents' game-win percentage as published."""
    pos: SourcePos | None = field(default=None, compare=False)
    """Where the row is written."""


ORIGIN_ROUNDS = ("complete", "top-cut-only", "incomplete")
"""What a source published of the rounds: every match; only the top cut (MTGO Challenges);
or some matches only. Only with ``complete`` are standings computed from the rounds."""


@dataclass(frozen=True, slots=True)
class EventOrigin:
    """Where an imported event comes from (``source`` in the file)."""

    platform: str
    """melee.gg, topdeck.gg, cardsrealm.com, manatraders.com, mtgo.com, spreadsheet or other."""
    url: str = ""
    """The event's page on the platform."""
    rounds: str = "complete"
    """What the platform published of the rounds (:data:`ORIGIN_ROUNDS`)."""
    standings: tuple[PublishedRow, ...] = ()
    """The standings the platform published, in published order."""
    notes: tuple[str, ...] = ()
    """What the import inferred or could not keep, in words."""

    @property
    def standings_are_published(self) -> bool:
        """Whether the published standings are the event's standings (its rounds are not all known)."""
        return self.rounds != "complete" and bool(self.standings)


@dataclass(frozen=True, slots=True)
class Player:
    """One entrant. Only public fields exist here."""

    id: PlayerId
    """Unique id."""
    name: str
    """Display name."""
    deck: Any = None
    """Decklist reference: a relative file name, inline data, or None."""
    deck_name: str = ""
    """The player's own name for the deck."""
    archetype: str = ""
    """Archetype, if given in the file."""
    deck_group: str = ""
    """Nation/clan or title (Bushiroad finalist selection)."""
    team: str = ""
    """Team id or team name."""
    pod: str | None = None
    """Draft pod."""
    byes: int = 0
    """Awarded byes."""
    disqualified: bool = False
    """Removed from the ranking; results stand for opponents."""
    declined_cut: bool = False
    """Declines a playoff place."""
    checked_in: bool = False
    """Here for round 1 (with ``structure.check_in``)."""
    country: str = ""
    """Two-letter country code."""
    file_id: PlayerId = ""
    """The id in the event file, when the published copy shows the player under another
    (see :mod:`ingest.naming`); empty otherwise."""
    pos: SourcePos | None = field(default=None, compare=False)
    """Where the player is listed."""
    yaml_path: YamlPath = field(default=(), compare=False)
    """Where the player is in the file, ``("players", i)`` (empty when not read from one)."""


@dataclass(frozen=True, slots=True)
class Team:
    """A team and its members in seat order."""

    id: str
    """Unique team id."""
    name: str
    """Display name."""
    members: tuple[PlayerId, ...]
    """Player ids in seat order."""
    pos: SourcePos | None = field(default=None, compare=False)
    """Where the team is listed in the file."""
    yaml_path: YamlPath = field(default=(), compare=False)
    """Where the team is in the file, ``("teams", i)`` (empty when not read from one)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One tournament as its event file says it, validated and cross-checked (the decklist
    files it names are read by the source stage and travel beside it: :class:`ingest.decks.deck_file.DeckFile`)."""

    path: str
    """The event file, relative to the project root."""
    slug: str
    """URL-safe identifier derived from the file name."""
    name: str
    """Event name."""
    date: dt.date
    """First day."""
    game: str
    """Game id."""
    format: str
    """Format id."""
    rules: str
    """Ruleset id (explicit or the game's default)."""
    seed: int
    """Seed for every random choice."""
    structure: Structure
    """How the event is run."""
    players: tuple[Player, ...]
    """The roster, in file order."""
    rounds: tuple[Round, ...] = ()
    """Swiss (main-phase) rounds."""
    playoff: tuple[Round, ...] = ()
    """Top-cut rounds."""
    cut_drops: tuple[PlayerId, ...] = ()
    """Top-cut players who left after the cut was made, before playoff round 1 (MTR 2.10)."""
    cut_drop_paths: tuple[tuple[PlayerId, YamlPath], ...] = field(default=(), compare=False)
    """Where each of ``cut_drops`` is written, a player listed twice included (as :attr:`Round.drop_paths`)."""
    teams: tuple[Team, ...] = ()
    """Teams (team events)."""
    end_date: dt.date | None = None
    """Last day, for multi-day events."""
    location: str = ""
    """Venue."""
    organizer: str = ""
    """Organizer."""
    description: str = ""
    """Short description."""
    url: str = ""
    """Announcement link."""
    origin: EventOrigin | None = None
    """Where an imported event comes from, with the standings the platform published."""

    @property
    def game_name(self) -> str:
        """Display name of the game."""
        return GAMES.get(self.game, self.game)

    def player_map(self) -> dict[PlayerId, Player]:
        """Players by id."""
        return {p.id: p for p in self.players}

    @property
    def is_team_event(self) -> bool:
        """Whether teams, not players, are paired."""
        return bool(self.teams) and self.structure.team_kind is not None

    @property
    def units(self) -> tuple[PlayerId, ...]:
        """Who is paired and ranked, in file order: the teams of a team event, else the players."""
        return tuple(PlayerId(t.id) for t in self.teams) if self.is_team_event else tuple(p.id for p in self.players)

    @property
    def unit_key(self) -> str:
        """What a pairing names its two sides by, as the file writes it: ``teams`` in a team
        event, else ``players``."""
        return "teams" if self.is_team_event else "players"

    def dropped_after(self) -> dict[PlayerId, int]:
        """For each dropped player, the Swiss round after which they dropped."""
        out: dict[PlayerId, int] = {}
        for rnd in self.rounds:
            for pid in rnd.drops:
                out.setdefault(pid, rnd.number)
        return out

    def unit_drops(self) -> dict[PlayerId, int]:
        """For each dropped player or team, the Swiss round after which it dropped.

        A member's drop takes the whole team with it (MTR 8.2, Bushiroad 5.1).
        """
        out = self.dropped_after()
        for t in self.teams:
            rounds = [out[m] for m in (PlayerId(t.id), *t.members) if m in out]
            if rounds:
                out[PlayerId(t.id)] = min(rounds)
        return out

    def disqualified_units(self) -> set[PlayerId]:
        """Disqualified players, and the teams of disqualified members (MTR 8.2, Bushiroad 5.1)."""
        out = {p.id for p in self.players if p.disqualified}
        return out | {PlayerId(t.id) for t in self.teams if any(m in out for m in t.members)}
