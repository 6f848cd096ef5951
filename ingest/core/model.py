"""The typed, frozen model of an event, built from a validated file by :mod:`ingest.source.assemble`.

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
import enum
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, TypeAlias

from ingest.core.diagnostics import SourcePos, YamlPath
from ingest.core.games import GAMES
from ingest.core.wot_entry import WotEntry

PlayerId: TypeAlias = str
"""A player's id: unique in the event and, through ``players.yaml``, across events.

A plain alias rather than a NewType: team ids take a player's place in team events
(teams are paired and ranked like players), and both flow through the same engines."""

_SCORE = re.compile(r"^(\d{1,2})-(\d{1,2})(?:-(\d{1,2}))?$")


_TIME = re.compile(r"^([01][0-9]|2[0-3]):([0-5][0-9])$")


def time_of_day(value: object) -> str:
    """A round's ``started`` as ``HH:MM``; empty for anything that is not a time of day.

    YAML 1.1 reads an unquoted ``19:30`` as the sexagesimal number 1170: that is the same time.

    >>> time_of_day("19:30"), time_of_day(1170), time_of_day("7:30"), time_of_day(None)
    ('19:30', '19:30', '', '')
    """
    if isinstance(value, bool):
        return ""
    if isinstance(value, int) and 0 <= value < 24 * 60:
        return f"{value // 60:02d}:{value % 60:02d}"
    if isinstance(value, str) and _TIME.match(value):
        return value
    return ""


class ScoreError(ValueError):
    """Raised when a game score is not written as wins-losses[-draws]."""


@dataclass(frozen=True, slots=True)
class GameScore:
    """Games won by each side of a match, plus drawn (or unfinished) games."""

    first: int
    """Games won by the first-listed player."""
    second: int
    """Games won by the second-listed player."""
    drawn: int = 0
    """Drawn or unfinished games (MTR Appendix C counts unfinished games as draws)."""

    @classmethod
    def parse(cls, text: str) -> GameScore:
        """Parses ``W-L`` or ``W-L-D``.

        >>> GameScore.parse("2-1"), GameScore.parse("0-0-3")
        (GameScore(first=2, second=1, drawn=0), GameScore(first=0, second=0, drawn=3))

        Raises:
            ScoreError: the text is not a score.
        """
        m = _SCORE.match(text.strip())
        if not m:
            raise ScoreError(f"{text!r} is not a score; write wins-losses[-draws] such as 2-1")
        return cls(int(m[1]), int(m[2]), int(m[3] or 0))

    def notation(self) -> str:
        """Writes the score back; draws only when there are any.

        >>> GameScore(2, 1).notation(), GameScore(1, 1, 1).notation()
        ('2-1', '1-1-1')
        """
        if self.drawn:
            return f"{self.first}-{self.second}-{self.drawn}"
        return f"{self.first}-{self.second}"

    @property
    def games_played(self) -> int:
        """Games won, lost or drawn."""
        return self.first + self.second + self.drawn

    @property
    def winner(self) -> int | None:
        """0 if the first player won the match, 1 if the second did, None for a draw."""
        if self.first > self.second:
            return 0
        if self.second > self.first:
            return 1
        return None

    def swapped(self) -> GameScore:
        """The same score seen from the second player's side."""
        return GameScore(self.second, self.first, self.drawn)


class MatchKind(enum.Enum):
    """What a round entry records."""

    PLAYED = "played"
    """Two players met (the result may still be unreported)."""
    BYE = "bye"
    """One player received a bye: a 2-0 match win (MTR Appendix C)."""
    LOSS = "loss"
    """One player received a match loss without an opponent (late entry, no-show)."""
    DOUBLE_LOSS = "double-loss"
    """Two players met (or were paired) and both received a match loss."""


@dataclass(frozen=True, slots=True)
class Match:
    """One entry of a round: a match between two players, a bye, or a lone match loss."""

    kind: MatchKind
    """What the entry records."""
    players: tuple[PlayerId, ...]
    """Two players for PLAYED and DOUBLE_LOSS, one for BYE and LOSS."""
    score: GameScore | None = None
    """Games, from the first player's side; None while a PLAYED match is unreported."""
    table: int | None = None
    """Table number, if any."""
    note: str = ""
    """Free text shown on the event page."""
    pos: SourcePos | None = field(default=None, compare=False)
    """Where the entry is written (for diagnostics)."""
    yaml_path: YamlPath = field(default=(), compare=False)
    """Where the entry is in the file, e.g. ``("rounds", 2, "matches", 5)`` (empty when not read from one)."""

    @property
    def reported(self) -> bool:
        """Whether the entry has a result (byes, losses and double losses always do)."""
        return self.kind is not MatchKind.PLAYED or self.score is not None

    def winner(self) -> PlayerId | None:
        """The match winner (None for draws, double losses and unreported matches)."""
        if self.kind is MatchKind.BYE:
            return self.players[0]
        if self.kind is not MatchKind.PLAYED or self.score is None:
            return None
        side = self.score.winner
        return None if side is None else self.players[side]


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat match of a team match (seat A/B/C or first/second/third)."""

    score: GameScore | None
    """Games from the first team's side; None while unreported."""
    double_loss: bool = False
    """Both seat players received a match loss."""


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A team match as written: two teams and their seat results (or one score for 2HG)."""

    teams: tuple[str, str]
    """The two team ids."""
    seats: tuple[SeatResult, ...] = ()
    """Seat results in seat order (MTR teams, tag and trio fights)."""
    score: GameScore | None = None
    """Two-Headed Giant: the one score of the match."""
    table: int | None = None
    """Table number."""
    pos: SourcePos | None = field(default=None, compare=False)
    """Where the match is written."""
    yaml_path: YamlPath = field(default=(), compare=False)
    """Where the match is in the file (empty when not read from one)."""


@dataclass(frozen=True, slots=True)
class Round:
    """One round of the event."""

    number: int
    """1-based round number (playoff rounds are numbered from 1 within the playoff)."""
    matches: tuple[Match, ...]
    """Pairings and results; for team events these are the team-level results."""
    drops: tuple[PlayerId, ...] = ()
    """Players leaving after this round."""
    name: str = ""
    """Optional label such as Quarterfinals."""
    notes: str = ""
    """Free text."""
    wot_games: tuple[WotEntry, ...] = ()
    """Wheel of Time tables and byes (:class:`WotEntry`)."""
    team_matches: tuple[TeamMatch, ...] = ()
    """Team matches as written (seat detail)."""
    started: str = ""
    """The time of day the round began, ``HH:MM`` (venue time); empty when not recorded."""
    pos: SourcePos | None = field(default=None, compare=False)
    """Where the round starts."""
    yaml_path: YamlPath = field(default=(), compare=False)
    """Where the round is in the file, ``("rounds", i)`` or ``("playoff", i)`` (empty when not read from one)."""
    drop_paths: tuple[tuple[PlayerId, YamlPath], ...] = field(default=(), compare=False)
    """Where each drop is written, a player listed twice included: (player, path of the list item)."""

    @property
    def complete(self) -> bool:
        """Whether every pairing of the round has a result."""
        return all(m.reported for m in self.matches) and all(g.reported for g in self.wot_games)

    def unreported_tables(self) -> list[int | None]:
        """The table of each pairing without its result yet (None where the file gives no table)."""
        return [m.table for m in self.matches if not m.reported] + [g.table for g in self.wot_games if not g.reported]

    def results_recorded(self) -> int:
        """How many results the round holds: matches won, drawn or lost by both, Wheel of Time
        tables, and team matches with any seat's result (whose team result, once every seat
        is in, is a match of its own)."""
        played = sum(1 for m in self.matches if m.kind in (MatchKind.PLAYED, MatchKind.DOUBLE_LOSS) and m.reported)
        tables = sum(1 for g in self.wot_games if g.game is not None)
        teams = sum(1 for tm in self.team_matches if tm.score is not None or any(s.score for s in tm.seats))
        return played + tables + teams

    def pairings(self) -> list[tuple[PlayerId, ...]]:
        """Who was paired with whom, sorted: each pair (the Hero first at a Wheel of Time table)
        and each bye alone; a match loss without an opponent pairs nobody."""
        out = [tuple(m.players) for m in self.matches if m.kind is not MatchKind.LOSS]
        return sorted(out + [g.players for g in self.wot_games])

    def renamed(self, to: Callable[[PlayerId], PlayerId]) -> Round:
        """The round with every player (or team) id ``to`` gives for it."""
        return replace(
            self,
            matches=tuple(replace(m, players=tuple(to(x) for x in m.players)) for m in self.matches),
            drops=tuple(to(x) for x in self.drops),
            wot_games=tuple(g.renamed(to) for g in self.wot_games),
        )

    def entrants(self) -> set[PlayerId]:
        """Everyone the round has an entry for: paired, with a bye or a match loss; at a Wheel of
        Time table or with a bye (in a team event, the teams)."""
        return {p for m in self.matches for p in m.players} | {p for g in self.wot_games for p in g.players}


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
    phases: tuple[Phase, ...] = ()
    """Phases of a multi-day Swiss."""
    points_per_win: int = 1
    """Bushiroad points per match win."""
    late_entries: str = "loss"
    """loss or none: what a late entrant gets for missed rounds."""
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


SOURCE_ROUNDS = ("complete", "top-cut-only", "incomplete")
"""What a source published of the rounds: every match; only the top cut (MTGO Challenges);
or some matches only. Only with ``complete`` are standings computed from the rounds."""


@dataclass(frozen=True, slots=True)
class Source:
    """Where an imported event comes from (``source`` in the file)."""

    platform: str
    """melee.gg, topdeck.gg, cardsrealm.com, manatraders.com, mtgo.com, spreadsheet or other."""
    url: str = ""
    """The event's page on the platform."""
    rounds: str = "complete"
    """What the platform published of the rounds (:data:`SOURCE_ROUNDS`)."""
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
    country: str = ""
    """Two-letter country code."""
    source_id: PlayerId = ""
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
    source: Source | None = None
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
