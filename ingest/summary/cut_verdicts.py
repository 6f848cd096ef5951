"""What the cut calculator (:mod:`ingest.summary.cut`) answers with: a verdict per player and
the reason it holds, as data, with the reason's English as the terminal prints it (the
site words the same data in its own language: :mod:`ingest.site.cut_words`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ingest.core.ids import PlayerId

VERDICTS: tuple[str, ...] = ("locked", "draw-in", "win-in", "needs-help", "tiebreakers", "out")
"""Verdict ids, strongest first."""

VERDICT_LABELS: Mapping[str, str] = {
    "locked": "Locked",
    "draw-in": "Can draw in",
    "win-in": "In with a win",
    "needs-help": "Needs help",
    "tiebreakers": "Tiebreakers",
    "out": "Out",
}
"""Short words for each verdict (site and terminal)."""


@dataclass(frozen=True, slots=True)
class Points:
    """Match points for each outcome (the ruleset's table)."""

    win: int = 3
    """A match win, and a bye (MTR Appendix C)."""
    draw: int = 1
    """A draw (intentional or not)."""
    loss: int = 0
    """A loss, and a match loss without opponent."""


@dataclass(frozen=True, slots=True)
class Table:
    """One entry of the round being analysed, and the outcomes it can still have."""

    players: tuple[PlayerId, ...]
    """One or two players."""
    outcomes: tuple[tuple[int, ...], ...]
    """Points each player gains, one tuple per possible outcome (one outcome once reported)."""


REASONS: tuple[str, ...] = ("safe", "help", "level", "beaten", "help-any", "level-any", "beaten-any")
"""The sentences a reason can be: ``safe`` (at most so many others can reach the total),
``help``, ``level`` and ``beaten`` when the round is paired (exact), and their ``-any``
forms when the pairings are not known (bounds)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a verdict holds, as data: which sentence, and its numbers.

    The terminal shows :meth:`english`; the site words the same data in its own language
    (``ingest.site.cut_words``), so a sentence's numbers are never parsed back out of text.

    >>> Reason("safe", "draw", 1, 7, 2, 8, lead="a", weaker="loss", weaker_points=6, weaker_others=5).english()
    'with a draw (7 points) at most 2 other players can reach 7; with a loss, 5 others can reach 6; the cut is 8'
    """

    kind: str
    """One of :data:`REASONS`."""
    outcome: str
    """The player's result in the sentence: ``result`` or ``bye`` (already in), ``loss``, ``draw`` or ``win``."""
    rounds: int
    """How many of that outcome (the rounds left; 1 when the round is paired)."""
    points: int
    """The final points the sentence is about."""
    others: int
    """How many other players (or teams) the sentence counts."""
    top: int
    """The size of the cut."""
    lead: str = "a"
    """How the outcome is introduced: ``your`` (already recorded), ``even`` (even with it), ``a`` (with it)."""
    weaker: str | None = None
    """For a ``safe`` reason, the weaker outcome that would not be safe (``loss`` or ``draw``), if it can happen."""
    weaker_points: int = 0
    """The final points with the weaker outcome."""
    weaker_others: int = 0
    """How many others can reach them."""
    teams: bool = False
    """Whether the others are teams."""

    def english(self) -> str:
        """The reason in English, as the terminal and ``--json`` show it."""
        t, n, cut = self.points, self.others, f"the cut is {self.top}"
        unit = "team" if self.teams else "player"
        others = _count_others(n, unit)
        return {
            "safe": lambda: f"{self.phrase()} ({t} points) at most {others} can reach {t}{self._tail()}; {cut}",
            "help": lambda: f"{self.phrase()} ({t} points), {others} can still reach {t} points; {cut}",
            "level": lambda: (
                f"{self.phrase()} ({t} points), at best {_who(n, 'finishes', 'finish', unit)} on {t} points or more; "
                f"{cut}: tiebreakers decide"
            ),
            "beaten": lambda: (
                f"{self.phrase()} ({t} points), at least {_who(n, 'finishes', 'finish', unit)} above {t} points; {cut}"
            ),
            "help-any": lambda: f"{self.phrase()} ({t} points), {others} can still reach {t}; {cut}",
            "level-any": lambda: (
                f"{self.phrase()} ({t} points), {_who(n, 'already has', 'already have', unit)} {t} or more; {cut}"
            ),
            "beaten-any": lambda: (
                f"{_who(n, 'already has', 'already have', unit)} more than {t} points, the most you can reach; {cut}"
            ),
        }[self.kind]()

    def phrase(self) -> str:
        """``with your result``, ``even with a loss``, ``with 2 wins``, ``even with losses``."""
        if self.lead == "your":
            return f"with your {self.outcome}"
        if self.rounds == 1:
            words = f"a {self.outcome}"
        else:
            words = "losses" if self.outcome == "loss" else f"{self.rounds} {self.outcome}s"
        return f"{'even with' if self.lead == 'even' else 'with'} {words}"

    def _tail(self) -> str:
        if self.weaker is None:
            return ""
        return f"; with a {self.weaker}, {_plural(self.weaker_others, 'other')} can reach {self.weaker_points}"


@dataclass(frozen=True, slots=True)
class Verdict:
    """One player's outlook."""

    player: PlayerId
    """The player (or team)."""
    verdict: str
    """One of :data:`VERDICTS`."""
    why: Reason
    """Why, as data (the site words it in its language)."""

    @property
    def reason(self) -> str:
        """One line that explains it (English)."""
        return self.why.english()


@dataclass(frozen=True, slots=True)
class CutOutlook:
    """What every player needs, before a Swiss round."""

    top: int
    """Players who make the cut."""
    round: int
    """The round the outlook looks at (the one being played, or the next to pair)."""
    rounds_left: int
    """Swiss rounds still to finish, this one included."""
    paired: bool
    """Whether the answer uses this round's pairings (exact on points); else bounds."""
    verdicts: tuple[Verdict, ...]
    """One per player still entered, in standings order."""
    guarantee: int | None
    """Final points that make the cut whoever reaches them (None: no total does)."""
    reachable: int | None
    """The lowest final points that can still make the cut (perhaps on tiebreakers)."""

    def label(self, verdict: str) -> str:
        """Short words for a verdict here: with more than one round left, a win-in is all wins.

        >>> CutOutlook(8, 4, 2, False, (), None, None).label("win-in")
        'In with 2 wins'
        """
        if self.rounds_left > 1 and verdict in ("win-in", "draw-in"):
            return f"In with {self.rounds_left} {'wins' if verdict == 'win-in' else 'draws'}"
        return VERDICT_LABELS[verdict]

    def of(self, player: PlayerId) -> Verdict | None:
        """The verdict of one player (None if not in contention: dropped, disqualified...)."""
        return next((v for v in self.verdicts if v.player == player), None)

    def summary(self) -> str:
        """One line for the whole field.

        >>> CutOutlook(8, 5, 1, True, (), 12, 9).summary()
        'Top 8; round 5 is paired (verdicts exact on points): 12 points make the cut whatever happens; 9 points can...'
        """
        how = (
            "is paired (verdicts exact on points)"
            if self.paired
            else "is not paired yet (verdicts hold whatever the pairings)"
        )
        if self.rounds_left > 1:
            last = self.round + self.rounds_left - 1
            how = f"to {last} still to play (verdicts hold whatever the pairings)"
            head = f"Top {self.top}; rounds {self.round} {how}"
        else:
            head = f"Top {self.top}; round {self.round} {how}"
        parts = []
        if self.guarantee is not None:
            parts.append(f"{_plural(self.guarantee, 'point')} make the cut whatever happens")
        if self.reachable is not None:
            parts.append(f"{_plural(self.reachable, 'point')} can still make it")
        return head + (": " + "; ".join(parts) if parts else "")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _count_others(n: int, unit: str) -> str:
    """``1 other player``, ``3 other teams``."""
    return f"1 other {unit}" if n == 1 else f"{n} other {unit}s"


def _who(n: int, one: str, many: str, unit: str) -> str:
    """``3 other players finish``, ``1 other team finishes``."""
    return f"{_count_others(n, unit)} {_verb(n, one, many)}"


def _verb(n: int, one: str, many: str) -> str:
    return one if n == 1 else many
