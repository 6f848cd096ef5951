"""A round of an event and what is recorded in it: game scores, match kinds, matches (with a
result or not yet), team matches seat by seat, byes and match losses, the entries of a family
whose values the model does not hold itself (a Wheel of Time Game's tables, which its engine
defines: :class:`ingest.wot.wot_entry.WotEntry`), and the round's drops and start time. Part
of the model (:mod:`ingest.core.model`, whose notes on positions and equality hold here too).

The model knows no game: a round asks each of its entries (:class:`RoundEntry`) whether it
has its result, who it pairs and at which table, whatever the family.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Protocol

from ingest.core.diagnostics import SourcePos, YamlPath
from ingest.core.ids import PlayerId

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


class RoundEntry(Protocol):
    """What a round asks of each of its entries, whatever the family: a :class:`Match`
    (MTR-style), a Wheel of Time table or bye (:class:`ingest.wot.wot_entry.WotEntry`)."""

    @property
    def players(self) -> tuple[PlayerId, ...]:
        """Everyone the entry is for (the paired players, or the one with a bye or a loss)."""
        ...

    @property
    def table(self) -> int | None:
        """The table number as written (None when the file gives none)."""
        ...

    @property
    def reported(self) -> bool:
        """Whether the entry has its result."""
        ...

    @property
    def paired(self) -> tuple[PlayerId, ...]:
        """Who the entry pairs with whom (a bye: its player alone); empty when it pairs nobody."""
        ...

    @property
    def result_recorded(self) -> bool:
        """Whether the entry records a result that players played for (not a bye or a lone loss)."""
        ...

    def renamed(self, to: Callable[[PlayerId], PlayerId]) -> RoundEntry:
        """The entry with every player id ``to`` gives for it."""
        ...


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

    @property
    def paired(self) -> tuple[PlayerId, ...]:
        """The two players, or the one with a bye; a match loss without an opponent pairs nobody."""
        return () if self.kind is MatchKind.LOSS else self.players

    @property
    def result_recorded(self) -> bool:
        """A match won, drawn or lost by both with its result (byes and lone losses are not played)."""
        return self.kind in (MatchKind.PLAYED, MatchKind.DOUBLE_LOSS) and self.reported

    def renamed(self, to: Callable[[PlayerId], PlayerId]) -> Match:
        """The match with every player (or team) id ``to`` gives for it."""
        return replace(self, players=tuple(to(x) for x in self.players))

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
    family_entries: tuple[RoundEntry, ...] = ()
    """The entries of a family whose values the model does not hold (a Wheel of Time Game's
    tables and byes, :class:`ingest.wot.wot_entry.WotEntry`: :func:`ingest.wot.wot_entry.wot_entries`
    reads them as such); empty in an MTR-style round."""
    team_matches: tuple[TeamMatch, ...] = ()
    """Team matches as written (seat detail)."""
    started: str = ""
    """The time of day the round began, ``HH:MM`` (venue time); empty when not recorded."""
    extra_minutes: int = 0
    """Minutes the TO added to the round's clock (:mod:`ingest.core.round_clock`)."""
    paused_at: str = ""
    """While the round's clock stands still: when it was stopped, ``HH:MM:SS``; else empty."""
    paused_seconds: int = 0
    """Seconds the round's clock stood still in earlier pauses."""
    cut: tuple[PlayerId, ...] = ()
    """Playoff round 1 only: the top cut as it was made, the finalists in the order of the
    standings when the round was paired (seed 1 first). A correction to a Swiss result made
    afterwards leaves it as it is (Bushiroad 3.2.4; DESIGN §4); empty in files written before
    it was recorded."""
    pos: SourcePos | None = field(default=None, compare=False)
    """Where the round starts."""
    yaml_path: YamlPath = field(default=(), compare=False)
    """Where the round is in the file, ``("rounds", i)`` or ``("playoff", i)`` (empty when not read from one)."""
    drop_paths: tuple[tuple[PlayerId, YamlPath], ...] = field(default=(), compare=False)
    """Where each drop is written, a player listed twice included: (player, path of the list item)."""

    def entries(self) -> Iterator[RoundEntry]:
        """Every entry of the round in file order: its matches, then its family's entries."""
        yield from self.matches
        yield from self.family_entries

    @property
    def complete(self) -> bool:
        """Whether every pairing of the round has a result."""
        return all(e.reported for e in self.entries())

    def unreported_tables(self) -> list[int | None]:
        """The table of each pairing without its result yet (None where the file gives no table)."""
        return [e.table for e in self.entries() if not e.reported]

    def results_recorded(self) -> int:
        """How many results the round holds: matches won, drawn or lost by both, Wheel of Time
        tables, and team matches with any seat's result (whose team result, once every seat
        is in, is a match of its own)."""
        teams = sum(1 for tm in self.team_matches if tm.score is not None or any(s.score for s in tm.seats))
        return sum(1 for e in self.entries() if e.result_recorded) + teams

    def pairings(self) -> list[tuple[PlayerId, ...]]:
        """Who was paired with whom, sorted: each pair (the Hero first at a Wheel of Time table)
        and each bye alone; a match loss without an opponent pairs nobody."""
        return sorted(e.paired for e in self.entries() if e.paired)

    def renamed(self, to: Callable[[PlayerId], PlayerId]) -> Round:
        """The round with every player (or team) id ``to`` gives for it."""
        return replace(
            self,
            matches=tuple(m.renamed(to) for m in self.matches),
            drops=tuple(to(x) for x in self.drops),
            cut=tuple(to(x) for x in self.cut),
            family_entries=tuple(e.renamed(to) for e in self.family_entries),
        )

    def entrants(self) -> set[PlayerId]:
        """Everyone the round has an entry for: paired, with a bye or a match loss; at a Wheel of
        Time table or with a bye (in a team event, the teams)."""
        return {p for e in self.entries() for p in e.players}
