"""Running totals per player, updated round by round: what the standings are computed from.

For each player (or team) by index: match points, wins, losses, draws and byes, rounds
played, game points and games, the distinct opponents in the order first met, match wins
against each opponent (head to head) and the last round with a result. A double loss is a
loss for both players (Bushiroad 3.2.3); in double elimination a tie is one too (Bushiroad
3.2.2). :meth:`RunningTotals.copy` takes a cheap snapshot, so the standings after every
round share one pass over the rounds.
"""

from __future__ import annotations

from collections.abc import Mapping

from ingest.core.ids import PlayerId
from ingest.core.rounds import MatchKind, Round
from ingest.core.rulesets import Ruleset


class _OpponentsSoFar:
    """Read-only view of growing opponent lists, truncated to their lengths at a snapshot."""

    __slots__ = ("_cache", "_lengths", "_lists")

    def __init__(self, lists: list[list[int]], lengths: list[int]) -> None:
        self._lists, self._lengths = lists, lengths
        self._cache: list[list[int]] | None = None

    def _all(self) -> list[list[int]]:
        if self._cache is None:
            self._cache = [o[:n] for o, n in zip(self._lists, self._lengths, strict=True)]
        return self._cache

    def __getitem__(self, i: int) -> list[int]:
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._lengths)


class RunningTotals:
    """Running totals per player index, updated round by round."""

    __slots__ = (
        "byes",
        "draws",
        "game_points",
        "games",
        "h2h",
        "last_round",
        "losses",
        "opp_set",
        "opps",
        "points",
        "rounds",
        "wins",
    )

    def __init__(self, n: int) -> None:
        self.points = [0] * n
        self.wins = [0] * n
        self.losses = [0] * n
        self.draws = [0] * n
        self.byes = [0] * n
        self.rounds = [0] * n
        self.game_points = [0] * n
        self.games = [0] * n
        self.opps: list[list[int]] = [[] for _ in range(n)]
        self.opp_set: list[set[int]] = [set() for _ in range(n)]
        self.h2h: dict[tuple[int, int], int] = {}
        self.last_round = [0] * n

    def copy(self) -> RunningTotals:
        """A snapshot of the totals. Opponent lists only ever grow, so the snapshot keeps
        each list's length and slices the shared list lazily instead of copying it."""
        c = RunningTotals(0)
        c.points, c.wins, c.losses, c.draws = self.points[:], self.wins[:], self.losses[:], self.draws[:]
        c.byes, c.rounds, c.game_points, c.games = self.byes[:], self.rounds[:], self.game_points[:], self.games[:]
        c.opps = _OpponentsSoFar(self.opps, [len(o) for o in self.opps])  # type: ignore[assignment]
        c.h2h = dict(self.h2h)
        c.last_round = self.last_round[:]
        return c

    def meet(self, a: int, b: int) -> None:
        if b not in self.opp_set[a]:
            self.opp_set[a].add(b)
            self.opps[a].append(b)
        if a not in self.opp_set[b]:
            self.opp_set[b].add(a)
            self.opps[b].append(a)

    def add_round(
        self,
        rnd: Round,
        index: Mapping[PlayerId, int],
        rules: Ruleset,
        time: int,
        game_points: bool,
        draw_is_loss: bool = False,
    ) -> None:
        """Adds one round's results (``draw_is_loss``: Bushiroad 3.2.2, a tie is a loss for both)."""
        win, draw, loss = rules.win_points, rules.draw_points, rules.loss_points
        played, bye = MatchKind.PLAYED, MatchKind.BYE
        points, wins, losses = self.points, self.wins, self.losses
        if draw_is_loss:  # a tie scores and counts as a loss for both players
            draw, draws = loss, losses
        else:
            draws = self.draws
        rounds, gp, games, last, h2h = self.rounds, self.game_points, self.games, self.last_round, self.h2h
        for m in rnd.matches:
            kind = m.kind
            if kind is played:
                s = m.score
                if s is None:
                    continue  # unreported: the round is in progress
                a = index.get(m.players[0])
                b = index.get(m.players[1])
                if a is None or b is None:
                    continue
                rounds[a] += 1
                rounds[b] += 1
                last[a] = last[b] = time
                if s.first > s.second:
                    points[a] += win
                    points[b] += loss
                    wins[a] += 1
                    losses[b] += 1
                    h2h[(a, b)] = h2h.get((a, b), 0) + 1
                elif s.second > s.first:
                    points[b] += win
                    points[a] += loss
                    wins[b] += 1
                    losses[a] += 1
                    h2h[(b, a)] = h2h.get((b, a), 0) + 1
                else:
                    points[a] += draw
                    points[b] += draw
                    draws[a] += 1
                    draws[b] += 1
                if game_points:
                    gp[a] += 3 * s.first + s.drawn
                    gp[b] += 3 * s.second + s.drawn
                    n_games = s.first + s.second + s.drawn
                    games[a] += n_games
                    games[b] += n_games
                self.meet(a, b)
                continue
            ids = [index.get(p) for p in m.players]
            if any(i is None for i in ids):
                continue
            if kind is bye:
                i = ids[0]
                assert i is not None
                points[i] += win
                wins[i] += 1
                self.byes[i] += 1
                rounds[i] += 1
                if game_points:
                    gp[i] += 3 * rules.bye_games[0]
                    games[i] += rules.bye_games[0] + rules.bye_games[1]
                last[i] = time
            elif kind is MatchKind.LOSS:
                i = ids[0]
                assert i is not None
                points[i] += loss
                losses[i] += 1
                rounds[i] += 1
                if game_points:
                    gp[i] += 3 * rules.loss_games[0]
                    games[i] += rules.loss_games[0] + rules.loss_games[1]
                last[i] = time
            else:  # a double loss
                a2, b2 = ids
                assert a2 is not None and b2 is not None
                for i in (a2, b2):
                    points[i] += loss
                    losses[i] += 1
                    rounds[i] += 1
                    if game_points:
                        gp[i] += 3 * rules.double_loss_games[0]
                        games[i] += rules.double_loss_games[0] + rules.double_loss_games[1]
                    last[i] = time
                if rules.platform.double_loss_opponents:
                    self.meet(a2, b2)
