"""A Wheel of Time Game's entries in the event model (:class:`WotEntry`): the engine's own
values (:mod:`ingest.wot.values`) with where each is written in the file.

A round holds them among its family's entries (:attr:`ingest.core.rounds.Round.family_entries`,
which the model types only by what a round asks of an entry, :class:`~ingest.core.rounds.RoundEntry`);
:func:`wot_entries` reads them back as what they are. The engine defines them, so the model
imports nothing of it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, cast

from ingest.core.diagnostics import SourcePos, YamlPath
from ingest.wot.values import WotBye, WotEnded, WotEndedBy, WotGame, WotSide, WotTable, WotWinner

if TYPE_CHECKING:
    from ingest.core.ids import PlayerId
    from ingest.core.rounds import Round


@dataclass(frozen=True, slots=True)
class WotEntry:
    """One entry of a Wheel of Time Game as written in the file, held as the engine's value.

    A table with its result is a :class:`~ingest.wot.WotGame`, a table without its result
    (yet) a :class:`~ingest.wot.WotTable`, a bye a :class:`~ingest.wot.WotBye` (with the
    side the file gives it, if any). The engine scores, pairs and checks these very values:
    there is no second model to translate. The engine numbers every table: one the file gives
    no number is numbered by its place among the Game's entries.
    """

    value: WotGame | WotTable | WotBye
    """The engine's value."""
    table: int | None = None
    """The table number as written (None when the file gives none)."""
    pos: SourcePos | None = field(default=None, compare=False)
    """Where the entry is written."""
    yaml_path: YamlPath = field(default=(), compare=False)
    """Where the entry is in the file (empty when not read from one)."""

    @property
    def game(self) -> WotGame | None:
        """The table with its result, or None (a table not reported yet, or a bye)."""
        return self.value if isinstance(self.value, WotGame) else None

    @property
    def bye(self) -> WotBye | None:
        """The bye, or None for a table."""
        return self.value if isinstance(self.value, WotBye) else None

    @property
    def hero(self) -> PlayerId | None:
        """The player on the Hero deck; for a bye, its player unless the file gives it as Villain."""
        if isinstance(self.value, WotBye):
            return self.value.player if self.value.side is not WotSide.VILLAIN else None
        return self.value.hero

    @property
    def villain(self) -> PlayerId | None:
        """The player on the Villain deck; for a bye, its player when the file gives it as Villain."""
        if isinstance(self.value, WotBye):
            return self.value.player if self.value.side is WotSide.VILLAIN else None
        return self.value.villain

    @property
    def players(self) -> tuple[PlayerId, ...]:
        """Who plays at the table (Hero first), or who has the bye."""
        if isinstance(self.value, WotBye):
            return (self.value.player,)
        return (self.value.hero, self.value.villain)

    @property
    def reported(self) -> bool:
        """Whether the entry has its result (a bye always has)."""
        return not isinstance(self.value, WotTable)

    @property
    def paired(self) -> tuple[PlayerId, ...]:
        """Who plays at the table (Hero first), or who has the bye: a round's pairings."""
        return self.players

    @property
    def result_recorded(self) -> bool:
        """Whether the table has its result (a bye is no game played)."""
        return isinstance(self.value, WotGame)

    @property
    def winner(self) -> WotWinner | None:
        """Who won the table; None while unreported and for a bye."""
        return self.value.winner if isinstance(self.value, WotGame) else None

    @property
    def ended(self) -> WotEnded | None:
        """When the game ended; None while unreported and for a bye."""
        return self.value.ended if isinstance(self.value, WotGame) else None

    @property
    def by(self) -> WotEndedBy | None:
        """How the game ended; None while unreported and for a bye."""
        return self.value.by if isinstance(self.value, WotGame) else None

    @property
    def hero_final(self) -> int | None:
        """The Hero's final support, when recorded."""
        return self.value.hero_final if isinstance(self.value, WotGame) else None

    @property
    def villain_final(self) -> int | None:
        """The Villain's final opposition, when recorded."""
        return self.value.villain_final if isinstance(self.value, WotGame) else None

    def renamed(self, to: Callable[[PlayerId], PlayerId]) -> WotEntry:
        """The entry with every player id ``to`` gives for it."""
        value = self.value
        if isinstance(value, WotBye):
            return replace(self, value=replace(value, player=to(value.player)))
        return replace(self, value=replace(value, hero=to(value.hero), villain=to(value.villain)))


def wot_entries(rnd: Round) -> tuple[WotEntry, ...]:
    """A Wheel of Time round's tables and byes, as the values they are (its family's entries:
    the source's Wheel of Time reader puts nothing else there)."""
    return cast("tuple[WotEntry, ...]", rnd.family_entries)
