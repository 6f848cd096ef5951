"""The report form's words: the tables a phone can report, the result a player claims, and
what each family's part of the form does (:class:`ResultForm`; the parts are
:data:`ingest.venue.result_forms.FORMS`).

A claim is a result in the family's words as ``scorekeeper report`` takes them, always from
the first side's view (the first player listed, the first team, the Hero's table): two
claims agree when they are equal, and an accepted one is written by
:func:`ingest.edit.recording.record_words`, the same function as ``report``, so a phone can
send nothing the command line would refuse.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from ingest.core.model import Event
from ingest.edit.result_options import ResultOptions


class FormError(ValueError):
    """What a player sent is not a result of the match (the message, in the site's language, says why)."""


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a table: a player, or a team."""

    id: str
    """The player's (or team's) id."""
    name: str
    """As the site shows it."""
    role: str = ""
    """The deck played, where the family names one (Wheel of Time: Hero or Villain)."""


@dataclass(frozen=True, slots=True)
class Claim:
    """A result as a side claims it, in the family's words, from the first side's view."""

    words: tuple[str, ...]
    """The result as ``report`` takes it: ``("2-1",)``, one per seat, ``("hero",)``."""
    ended: str | None = None
    """Wheel of Time: when the game ended."""
    by: str | None = None
    """Wheel of Time: how it ended."""
    finals: tuple[int, int] | None = None
    """Wheel of Time: the Hero's final support and the Villain's final opposition."""

    def payload(self) -> dict[str, Any]:
        """As stored (:class:`~ingest.venue.store.Submission`)."""
        out: dict[str, Any] = {"words": list(self.words)}
        if self.ended is not None:
            out["ended"] = self.ended
        if self.by is not None:
            out["by"] = self.by
        if self.finals is not None:
            out["finals"] = list(self.finals)
        return out

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Claim:
        """A claim as stored.

        >>> claim = Claim(("hero",), "last-battle", "goal", (7, 3))
        >>> Claim.from_payload(claim.payload()) == claim
        True
        """
        finals = payload.get("finals")
        return cls(
            tuple(str(w) for w in payload.get("words", ())),
            payload.get("ended"),
            payload.get("by"),
            (int(finals[0]), int(finals[1])) if finals else None,
        )

    def options(self, table: Table, *, replace: bool = False) -> ResultOptions:
        """Where ``report`` records it: the table's round, read from the first side."""
        return ResultOptions(
            round_no=table.round,
            player=table.sides[0].id,
            playoff=table.stage == "playoff",
            replace=replace,
            ended=self.ended,
            by=self.by,
            finals=self.finals,
        )


@dataclass(frozen=True, slots=True)
class Table:
    """A match a phone may report: where it is played, who plays it, and what is recorded."""

    event: str
    """The event's slug."""
    stage: str
    """``rounds`` or ``playoff``."""
    round: int
    """The round's number within its stage."""
    table: int | None
    """The table number (None when the file gives none)."""
    label: str
    """The round as the site names it (``Round 3``, ``Semifinals``, ``Game 2``)."""
    sides: tuple[Side, Side]
    """The two sides, in the order written."""
    kind: str
    """What the form asks for: ``match``, ``team`` (a result per seat), ``2hg`` or ``wot``."""
    recorded: Claim | None
    """The result in the event file (None: not reported there yet)."""
    open: bool = True
    """Whether its round is the one being played (players report only then)."""
    seats: tuple[tuple[str, str, str], ...] = ()
    """A team match's seats: (seat label, first team's player, second team's player)."""
    best_of: int = 3
    """Games in a match."""

    @property
    def subject(self) -> str:
        """What submissions about it name: ``rounds/3/5`` (stage, round, table or first side)."""
        return f"{self.stage}/{self.round}/{self.table if self.table is not None else self.sides[0].id}"

    @property
    def units(self) -> tuple[str, str]:
        return (self.sides[0].id, self.sides[1].id)

    def side(self, unit: str) -> Side | None:
        """The side whose id is ``unit``."""
        return next((s for s in self.sides if s.id == unit), None)

    def other(self, unit: str) -> Side:
        """The side facing ``unit``."""
        return self.sides[1] if self.sides[0].id == unit else self.sides[0]


class ResultForm(Protocol):
    """One family's part of the report form."""

    def tables(self, event: Event, names: Mapping[str, str], current: tuple[str, int]) -> list[Table]:
        """Every table of every round (``current``: the stage and number of the round being played)."""
        ...

    def choices(self, event: Event, table: Table, side: Side, *, full: bool = False) -> dict[str, Any]:
        """What the form offers ``side`` (the template draws it by the table's kind); ``full``:
        everything the match can end with (the TO's form; a player's leaves out rarities)."""
        ...

    def claim(self, event: Event, table: Table, side: Side, form: Mapping[str, str], *, full: bool = False) -> Claim:
        """The result ``side`` sent in the form's fields, from the first side's view (``full``:
        as the TO's form offers).

        Raises:
            FormError: the fields are not a result of this match.
        """
        ...

    def describe(self, table: Table, claim: Claim) -> str:
        """A claim in words, in the site's language (``Alice 2-1 Bob``)."""
        ...
