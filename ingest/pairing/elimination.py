"""Single-elimination playoffs: seeding, advancing, drops and final placings.

Seeding by standings follows MTR 10.4 and Aequitas 8.2 (1v8, 4v5, 2v7, 3v6, the
winners of 1/8 and 4/5 meet, as do those of 2/7 and 3/6; 1v4 and 2v3 for four
players), extended to any power of two by the usual recursive pattern; fields
that are not a power of two give first-round byes to the top seeds (DESIGN §4).
Draft-seat seeding follows the booster-draft playoff of MTR 10.4 (seat 1 plays
seat 5, ..., and the winners of 1/5 and 3/7 meet).

Drops after the cut: under ``mtr`` (MTR 2.10) nobody replaces the dropped
player and the highest-ranked remaining player gets a bye for the next round
instead; under ``aequitas`` (Aequitas 2.10) the dropped player's opponent gets
the bye; under ``bushiroad`` the opponent also advances (Bushiroad 4.5 and
3.2.3). A double loss (Bushiroad 3.2.3: a time-out loses for both players)
eliminates both players and the next opponent advances by bye. Draws do not
exist in playoffs: a recorded draw is returned as a finding and the match stays
open until a decisive result is recorded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "Bracket",
    "Candidate",
    "DropPolicy",
    "FinalistMethod",
    "PlayoffFinding",
    "PlayoffMatch",
    "PlayoffResult",
    "PlayoffRound",
    "PlayoffState",
    "Seeding",
    "advance_playoff",
    "bracket_order",
    "bracket_rounds",
    "placing_label",
    "playoff_placings",
    "seed_bracket",
    "select_finalists",
]

Seeding = Literal["standings", "draft-seats"]
"""How seeds are placed in the bracket."""

DropPolicy = Literal["mtr", "aequitas", "bushiroad"]
"""Who gets the bye when a player drops after the cut."""


def bracket_order(size: int, seeding: Seeding = "standings") -> tuple[int, ...]:
    """Seed numbers (1-based) in bracket order; adjacent pairs meet in round 1.

    >>> bracket_order(8)
    (1, 8, 4, 5, 2, 7, 3, 6)
    >>> bracket_order(8, "draft-seats")
    (1, 5, 3, 7, 2, 6, 4, 8)
    """
    if size < 2 or size & (size - 1):
        raise ValueError(f"bracket size must be a power of two, at least 2, got {size}")
    if seeding == "draft-seats":
        bits = size.bit_length() - 1
        return tuple(int(format(i, f"0{bits}b")[::-1], 2) + 1 for i in range(size))
    if seeding != "standings":
        raise ValueError(f"unknown seeding {seeding!r}")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return tuple(order)


@dataclass(frozen=True, slots=True)
class Bracket:
    """A seeded single-elimination bracket."""

    seeding: Seeding
    """``standings`` or ``draft-seats``."""
    seeds: tuple[str, ...]
    """Players by seed (seed 1 first), or by draft seat."""
    slots: tuple[str | None, ...]
    """Players in bracket order (a power of two long); None is a first-round bye."""
    ranking: tuple[str, ...]
    """Players in Swiss standings order: decides who is "higher" (listed first,
    MTR bye on a drop, order inside a placing group)."""

    @property
    def rounds(self) -> int:
        """Number of rounds of the bracket."""
        return len(self.slots).bit_length() - 1


def seed_bracket(
    seeds: Sequence[str],
    seeding: Seeding = "standings",
    *,
    ranking: Sequence[str] | None = None,
) -> Bracket:
    """Place the playoff players in a bracket.

    Args:
        seeds: players by standings (seed 1 first) or, for ``draft-seats``,
            by draft seat (seat 1 first).
        seeding: ``standings`` (MTR 10.4) or ``draft-seats`` (MTR 10.4 booster
            draft playoff; the field must be a power of two).
        ranking: the players in standings order, when it differs from
            ``seeds`` (draft seats); defaults to ``seeds``.

    Raises:
        ValueError: fewer than two players, duplicates, a draft-seat field that
            is not a power of two, or a ranking of other players.

    >>> seed_bracket(["a", "b", "c", "d", "e", "f"]).slots
    ('a', None, 'd', 'e', 'b', None, 'c', 'f')
    """
    players = tuple(seeds)
    if len(players) < 2:
        raise ValueError("a bracket needs at least two players")
    if len(set(players)) != len(players):
        raise ValueError("duplicate players in the seeds")
    size = 1 << (len(players) - 1).bit_length()
    if seeding == "draft-seats" and size != len(players):
        raise ValueError("draft-seat seeding needs a power-of-two field (MTR 10.4 uses 8)")
    order = bracket_order(size, seeding)
    slots = tuple(players[s - 1] if s <= len(players) else None for s in order)
    ranked = players if ranking is None else tuple(ranking)
    if sorted(ranked) != sorted(players):
        raise ValueError("ranking must list exactly the bracket's players")
    return Bracket(seeding, players, slots, ranked)


@dataclass(frozen=True, slots=True)
class PlayoffMatch:
    """One playoff match."""

    round: int
    """1-based playoff round."""
    player1: str
    """The higher-ranked player."""
    player2: str
    """The lower-ranked player."""


@dataclass(frozen=True, slots=True)
class PlayoffResult:
    """A recorded playoff result: a winner, a double loss, or a (faulty) draw."""

    round: int
    """1-based playoff round."""
    player1: str
    """One player (order does not matter)."""
    player2: str
    """The other player."""
    winner: str | None = None
    """The winner; None for a double loss or a draw."""
    draw: bool = False
    """True when a draw was recorded (not allowed in playoffs)."""

    def __post_init__(self) -> None:
        if self.winner is not None and self.winner not in (self.player1, self.player2):
            raise ValueError(f"winner {self.winner!r} did not play this match")
        if self.draw and self.winner is not None:
            raise ValueError("a drawn match has no winner")
        if self.player1 == self.player2:
            raise ValueError("a match needs two different players")

    @classmethod
    def win(cls, round: int, winner: str, loser: str) -> PlayoffResult:
        """``winner`` beat ``loser``."""
        return cls(round, winner, loser, winner)

    @classmethod
    def double_loss(cls, round: int, player1: str, player2: str) -> PlayoffResult:
        """Both players lose (Bushiroad 3.2.3 time-out, or double penalties)."""
        return cls(round, player1, player2)

    @classmethod
    def drawn(cls, round: int, player1: str, player2: str) -> PlayoffResult:
        """A draw was recorded; :func:`advance_playoff` reports it as a finding."""
        return cls(round, player1, player2, draw=True)


@dataclass(frozen=True, slots=True)
class PlayoffFinding:
    """A problem with the recorded playoff results."""

    kind: Literal["draw", "unexpected-result", "duplicate-result"]
    """``draw`` (no draws in playoffs), ``unexpected-result`` (no such match in
    that round, or the round is not reached yet), ``duplicate-result``."""
    round: int
    """Round of the result concerned."""
    players: tuple[str, str]
    """The two players of the result."""


@dataclass(frozen=True, slots=True)
class PlayoffRound:
    """The matches of one playoff round."""

    number: int
    """1-based round number."""
    matches: tuple[PlayoffMatch, ...]
    """Matches in bracket order, the higher-ranked player first."""
    byes: tuple[str, ...]
    """Players advancing without a match, by ranking."""


@dataclass(frozen=True, slots=True)
class PlayoffState:
    """Where a playoff stands after the results recorded so far."""

    rounds: tuple[PlayoffRound, ...]
    """Every round reached, the current one last."""
    current: PlayoffRound | None
    """The round waiting for results, or None when the playoff is over."""
    pending: tuple[PlayoffMatch, ...]
    """Matches of the current round still without a decisive result."""
    champion: str | None
    """The winner once finished (None if the final was a double loss)."""
    knocked_out: tuple[tuple[str, int], ...]
    """(player, round) for every player out so far: lost, double loss or dropped."""
    findings: tuple[PlayoffFinding, ...]
    """Problems with the recorded results."""

    @property
    def finished(self) -> bool:
        """True once every round is decided."""
        return self.current is None


def advance_playoff(
    bracket: Bracket,
    results: Iterable[PlayoffResult] = (),
    *,
    drops: Mapping[str, int] | None = None,
    policy: DropPolicy = "mtr",
) -> PlayoffState:
    """Replay the recorded results and return the next round or the champion.

    Args:
        bracket: the seeded bracket.
        results: the results recorded so far, in any order.
        drops: player -> first playoff round they do not play (they dropped
            before it was paired). Players not in the bracket are ignored.
        policy: who receives the bye a drop leaves (see the module notes).

    Returns:
        The state: rounds so far, the round waiting for results (if any), the
        champion, who is out, and findings about the recorded results.

    >>> bracket = seed_bracket(["a", "b", "c", "d"])
    >>> state = advance_playoff(bracket, [PlayoffResult.win(1, "a", "d")])
    >>> [(m.player1, m.player2) for m in state.current.matches]
    [('a', 'd'), ('b', 'c')]
    >>> [(m.player1, m.player2) for m in state.pending]
    [('b', 'c')]
    """
    if policy not in ("mtr", "aequitas", "bushiroad"):
        raise ValueError(f"unknown drop policy {policy!r}")
    drop_round = dict(drops or {})
    rank = {p: i for i, p in enumerate(bracket.ranking)}
    recorded: dict[tuple[int, frozenset[str]], list[PlayoffResult]] = {}
    for result in results:
        key = (result.round, frozenset((result.player1, result.player2)))
        recorded.setdefault(key, []).append(result)
    used: set[tuple[int, frozenset[str]]] = set()
    findings: list[PlayoffFinding] = []
    slots = list(bracket.slots)
    history: list[PlayoffRound] = []
    out: list[tuple[str, int]] = []
    current: PlayoffRound | None = None
    pending: list[PlayoffMatch] = []
    for number in range(1, bracket.rounds + 1):
        vacated = []
        for pos, player in enumerate(slots):
            if player is not None and drop_round.get(player, number + 1) <= number:
                slots[pos] = None
                vacated.append(pos)
                out.append((player, number))
        if policy == "mtr":
            _mtr_byes(slots, vacated, rank)
        matches: list[PlayoffMatch] = []
        byes: list[str] = []
        advancing: list[str | None] = []
        open_match = False
        for k in range(0, len(slots), 2):
            a, b = slots[k], slots[k + 1]
            if a is None or b is None:
                alone = a if b is None else b
                if alone is not None:
                    byes.append(alone)
                advancing.append(alone)
                continue
            hi, lo = (a, b) if rank[a] < rank[b] else (b, a)
            matches.append(PlayoffMatch(number, hi, lo))
            key = (number, frozenset((a, b)))
            entries = recorded.get(key, [])
            decided = None
            for entry in entries:
                if entry.draw:
                    findings.append(PlayoffFinding("draw", number, (entry.player1, entry.player2)))
                elif decided is None:
                    decided = entry
                else:
                    findings.append(PlayoffFinding("duplicate-result", number, (entry.player1, entry.player2)))
            if entries:
                used.add(key)
            if decided is None:
                open_match = True
                pending.append(matches[-1])
                advancing.append(None)
                continue
            advancing.append(decided.winner)
            out.extend((p, number) for p in (hi, lo) if p != decided.winner)
        played = PlayoffRound(number, tuple(matches), tuple(sorted(byes, key=rank.__getitem__)))
        history.append(played)
        if open_match:
            current = played
            break
        slots = advancing
    findings.extend(
        PlayoffFinding("unexpected-result", r.round, (r.player1, r.player2))
        for key, entries in recorded.items()
        if key not in used
        for r in entries
    )
    findings.sort(key=lambda f: (f.round, f.kind, f.players))
    champion = slots[0] if current is None else None
    return PlayoffState(tuple(history), current, tuple(pending), champion, tuple(out), tuple(findings))


def _mtr_byes(slots: list[str | None], vacated: Sequence[int], rank: Mapping[str, int]) -> None:
    """MTR 2.10: a drop gives the highest-ranked remaining player the bye.

    The player stranded by the drop takes the bye if nobody in a match this
    round ranks higher; otherwise the highest-ranked player in a match gets the
    bye and that player's opponent moves over to play the stranded player.
    """
    stranded = [slots[pos ^ 1] for pos in vacated if slots[pos ^ 1] is not None]
    for player in sorted((p for p in stranded if p is not None), key=rank.__getitem__):
        home = slots.index(player)
        playing = [
            p for k, p in enumerate(slots) if p is not None and slots[k ^ 1] is not None and slots[k ^ 1] != player
        ]
        best = min(playing, key=rank.__getitem__, default=None)
        if best is None or rank[best] > rank[player]:
            continue  # the stranded player is the highest-ranked: keeps the bye
        opponent_pos = slots.index(best) ^ 1
        slots[home ^ 1] = slots[opponent_pos]
        slots[opponent_pos] = None


def playoff_placings(
    bracket: Bracket,
    results: Iterable[PlayoffResult],
    *,
    drops: Mapping[str, int] | None = None,
    policy: DropPolicy = "mtr",
) -> tuple[tuple[str, ...], ...]:
    """Final placing groups of a finished playoff, best first.

    Group 0 is the champion (empty if the final was a double loss), group 1
    the players out in the final, group 2 those out in the semifinals, and so
    on; a player who dropped before round ``r`` counts as out in round ``r``.
    Each group is ordered by the bracket's ranking.

    Raises:
        ValueError: the playoff is not finished.

    >>> bracket = seed_bracket(["a", "b", "c", "d"])
    >>> playoff_placings(bracket, [PlayoffResult.win(1, "a", "d"),
    ...     PlayoffResult.win(1, "c", "b"), PlayoffResult.win(2, "c", "a")])
    (('c',), ('a',), ('b', 'd'))
    """
    state = advance_playoff(bracket, results, drops=drops, policy=policy)
    if not state.finished:
        raise ValueError("the playoff is not finished")
    rank = {p: i for i, p in enumerate(bracket.ranking)}
    groups: list[list[str]] = [[] for _ in range(bracket.rounds + 1)]
    if state.champion is not None:
        groups[0].append(state.champion)
    for player, number in state.knocked_out:
        groups[bracket.rounds - number + 1].append(player)
    return tuple(tuple(sorted(g, key=rank.__getitem__)) for g in groups)


def bracket_rounds(field: int) -> int:
    """Rounds of a single-elimination bracket for ``field`` players (top seeds get byes).

    >>> bracket_rounds(8), bracket_rounds(6), bracket_rounds(2)
    (3, 3, 1)
    """
    if field < 2:
        raise ValueError(f"a bracket needs at least two players, got {field}")
    return (field - 1).bit_length()


def placing_label(group: int, field: int, *, decided: bool = True) -> str:
    """The label of a placing group of :func:`playoff_placings` in a ``field``-player bracket.

    Group 0 is the champion, group 1 the finalists, group ``g`` the players out in
    (or still playing) the round with ``2**g`` places left, shown as "Top N" with N
    capped at the bracket's field (the losers of round 1 of a top 6 are "Top 6").
    ``decided=False`` labels a player still in that round: no Champion or Finalist
    before the final is decided, only the "Top N" of the round they are in.

    >>> [placing_label(g, 6) for g in range(4)]
    ['Champion', 'Finalist', 'Top 4', 'Top 6']
    >>> placing_label(1, 8, decided=False)
    'Top 2'
    """
    if decided and group == 0:
        return "Champion"
    if decided and group == 1:
        return "Finalist"
    return f"Top {min(field, 2 ** max(group, 1))}"


# ---------------------------------------------------------------------------
# Finalist selection (Bushiroad 3.2.4)

FinalistMethod = Literal["ranking", "nation-clan", "title"]
"""Bushiroad 3.2.4.1 (ranking, the default; also how MTR events take their
top cut), 3.2.4.2 (nation/clan, Cardfight!! Vanguard) and 3.2.4.3 (title,
Weiss Schwarz)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A player who may be selected for the top cut."""

    id: str
    """Player id."""
    rank: int
    """1-based final Swiss rank."""
    rounds_not_won: int = 0
    """Qualifying rounds not won. Bushiroad scores a draw like a loss (3.2.1),
    so draws count here; byes count as won."""
    deck_group: str | None = None
    """Nation/clan (Vanguard) or title (Weiss Schwarz) of the player's deck."""
    declined: bool = False
    """Excluded from selection: declined the top cut or otherwise ineligible
    (Bushiroad 3.2.4)."""


def select_finalists(
    candidates: Iterable[Candidate], count: int, *, method: FinalistMethod = "ranking"
) -> tuple[str, ...]:
    """Select the players for the top cut, returned in ranking order (seed order).

    ``ranking`` takes the best-ranked eligible players, skipping those who
    declined (Bushiroad 3.2.4.1: the next-ranked player moves up). The deck
    group methods (3.2.4.2 and 3.2.4.3) take every player with full wins, then
    one-loss players whose deck group is used by no full-win player, then by
    one, by two, and so on; within a step the better-ranked go first (the rule
    allows ranking or random; ranking is used). Players with two or more rounds
    not won are never selected by those methods, so fewer than ``count``
    players may be returned.

    Raises:
        ValueError: ``count`` below 1, duplicate ids, or a deck group method
            with an eligible candidate who has no ``deck_group``.

    >>> field = [Candidate("a", 1, 0, "x"), Candidate("b", 2, 1, "x"),
    ...          Candidate("c", 3, 1, "y"), Candidate("d", 4, 2, "z")]
    >>> select_finalists(field, 2, method="nation-clan")
    ('a', 'c')
    >>> select_finalists(field, 2)
    ('a', 'b')
    """
    if count < 1:
        raise ValueError(f"count must be at least 1, got {count}")
    pool = list(candidates)
    if len({c.id for c in pool}) != len(pool):
        raise ValueError("duplicate candidate ids")
    eligible = sorted((c for c in pool if not c.declined), key=lambda c: (c.rank, c.id))
    if method == "ranking":
        return tuple(c.id for c in eligible[:count])
    if method not in ("nation-clan", "title"):
        raise ValueError(f"unknown finalist method {method!r}")
    missing = [c.id for c in eligible if c.rounds_not_won <= 1 and c.deck_group is None]
    if missing:
        raise ValueError(f"no deck group for: {', '.join(missing)}")
    full = [c for c in eligible if c.rounds_not_won == 0]
    chosen = full[:count]
    usage: dict[str | None, int] = {}
    for c in full:
        usage[c.deck_group] = usage.get(c.deck_group, 0) + 1
    one_loss = [c for c in eligible if c.rounds_not_won == 1]
    for used_by in range(max(usage.values(), default=0) + 1):
        room = count - len(chosen)
        if room <= 0:
            break
        step = [c for c in one_loss if usage.get(c.deck_group, 0) == used_by]
        chosen.extend(step[:room])
    return tuple(c.id for c in sorted(chosen, key=lambda c: (c.rank, c.id)))
