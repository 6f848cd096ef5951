"""Worked examples from the rule documents, computed by the engine.

The rules pages show these numbers, and the tests check them against the figures the
documents print, so the site's explanations and the engine can never disagree. Each
example builds a small event in which the players of interest have exactly the records
the document describes; the other games are played against filler opponents whose own
results do not matter to the example.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from ingest.model import Event, GameScore, Match, MatchKind, Player, PlayerId, Round, Structure
from ingest.standings import compute_standings


@dataclass(frozen=True, slots=True)
class WorkedExample:
    """One number from a rule document, reproduced by the engine."""

    id: str
    """Stable id (used in tests and anchors)."""
    source: str
    """Where the document gives it."""
    ruleset: str
    """Ruleset used."""
    description: str
    """The situation, in our words."""
    tiebreaker: str
    """Which value (mw, gw, omw, ...)."""
    computed: Fraction
    """The engine's exact value."""
    printed: str
    """The figure as the document prints it."""

    @property
    def digits(self) -> int:
        """Decimals of the printed figure."""
        return len(self.printed.split(".")[1]) if "." in self.printed else 0

    def rounded(self) -> str:
        """The computed value rounded as the document rounds it."""
        scaled = int(self.computed * 10**self.digits + Fraction(1, 2))  # half-up, as printed
        whole, frac = divmod(scaled, 10**self.digits)
        return f"{whole}.{frac:0{self.digits}d}" if self.digits else str(whole)


class _Builder:
    """Builds an event round by round; unknown names become players."""

    def __init__(self) -> None:
        self.rounds: dict[int, list[Match]] = defaultdict(list)
        self.players: list[PlayerId] = []
        self.busy: dict[int, set[PlayerId]] = defaultdict(set)
        self.fillers = 0

    def _add(self, pid: str) -> PlayerId:
        p = PlayerId(pid)
        if p not in self.players:
            self.players.append(p)
        return p

    def play(self, rnd: int, a: str, b: str, games: str) -> None:
        pa, pb = self._add(a), self._add(b)
        for p in (pa, pb):
            if p in self.busy[rnd]:
                raise ValueError(f"{p} already plays round {rnd}")
            self.busy[rnd].add(p)
        self.rounds[rnd].append(Match(MatchKind.PLAYED, (pa, pb), GameScore.parse(games)))

    def bye(self, rnd: int, a: str) -> None:
        p = self._add(a)
        self.busy[rnd].add(p)
        self.rounds[rnd].append(Match(MatchKind.BYE, (p,)))

    def filler(self) -> str:
        self.fillers += 1
        return f"filler-{self.fillers}"

    def complete_record(self, pid: str, wins: int, losses: int, draws: int, rounds: range) -> None:
        """Plays ``pid``'s remaining rounds against fillers so their record becomes W-L-D."""
        p = PlayerId(pid)
        have = [0, 0, 0]
        for ms in self.rounds.values():
            for m in ms:
                if p in m.players and m.kind is MatchKind.BYE:
                    have[0] += 1
                elif p in m.players and m.score is not None:
                    side = m.players.index(p)
                    w = m.score.winner
                    have[2 if w is None else (0 if w == side else 1)] += 1
        need = ["2-0"] * (wins - have[0]) + ["0-2"] * (losses - have[1]) + ["1-1-1"] * (draws - have[2])
        free = [r for r in rounds if p not in self.busy[r]]
        if len(need) > len(free) or min(wins - have[0], losses - have[1], draws - have[2]) < 0:
            raise ValueError(f"cannot give {pid} the record {wins}-{losses}-{draws}")
        for r, games in zip(free, need, strict=False):
            self.play(r, pid, self.filler(), games)

    def event(self, rules: str, name: str, points_per_win: int = 1) -> Event:
        rounds = tuple(Round(r, tuple(self.rounds[r])) for r in sorted(self.rounds))
        return Event(
            path=f"examples/{name}.yaml",
            slug=name,
            name=name,
            date=dt.date(2025, 6, 30),
            game="mtg",
            format="other",
            rules=rules,
            seed=0,
            structure=Structure(swiss_rounds=len(rounds), points_per_win=points_per_win),
            players=tuple(Player(p, p) for p in self.players),
            rounds=rounds,
        )


def _value(event: Event, player: str, tiebreaker: str, rules: str) -> Fraction:
    return compute_standings(event, rules).row(PlayerId(player)).value(tiebreaker)


def mtr_examples() -> list[WorkedExample]:
    """MTR Appendix C (and the identical Aequitas Appendix C) examples."""
    out: list[WorkedExample] = []
    # Match-win percentage: an 8-round event.
    b = _Builder()
    b.complete_record("five-two-one", 5, 2, 1, range(1, 9))
    b.complete_record("one-three", 1, 3, 0, range(1, 5))
    b.bye(1, "three-two-bye")
    b.complete_record("three-two-bye", 3, 2, 0, range(2, 6))
    ev = b.event("mtr", "mtr-match-win")
    out.append(
        WorkedExample(
            "mtr-mw-5-2-1",
            "MTR Appendix C",
            "mtr",
            "5-2-1 after all eight rounds: 16 match points of 24 possible",
            "mw",
            _value(ev, "five-two-one", "mw", "mtr"),
            "0.667",
        )
    )
    out.append(
        WorkedExample(
            "mtr-mw-1-3-0",
            "MTR Appendix C",
            "mtr",
            "1-3-0, then dropped: 3 of 12 is 0.25, raised to the 0.33 floor",
            "mw",
            _value(ev, "one-three", "mw", "mtr"),
            "0.33",
        )
    )
    out.append(
        WorkedExample(
            "mtr-mw-3-2-0-bye",
            "MTR Appendix C",
            "mtr",
            "3-2-0 including a round-1 bye, then dropped: 9 of 15",
            "mw",
            _value(ev, "three-two-bye", "mw", "mtr"),
            "0.60",
        )
    )
    # Game-win percentage: a 4-round event.
    b = _Builder()
    for r, games in enumerate(("2-0", "2-1", "1-2", "2-0"), start=1):
        b.play(r, "strong", b.filler(), games)
    for r, games in enumerate(("1-2", "1-2", "0-2", "1-2"), start=1):
        b.play(r, "weak", b.filler(), games)
    ev = b.event("mtr", "mtr-game-win")
    out.append(
        WorkedExample(
            "mtr-gw-21-30",
            "MTR Appendix C",
            "mtr",
            "games 2-0, 2-1, 1-2, 2-0: 21 game points in 10 games",
            "gw",
            _value(ev, "strong", "gw", "mtr"),
            "0.70",
        )
    )
    out.append(
        WorkedExample(
            "mtr-gw-9-33",
            "MTR Appendix C",
            "mtr",
            "games 1-2, 1-2, 0-2, 1-2: 9 game points in 11 games, 0.27 raised to 0.33",
            "gw",
            _value(ev, "weak", "gw", "mtr"),
            "0.33",
        )
    )
    # Opponents' match-win percentage: two 6-2-0 players in an 8-round event.
    records = [(4, 4, 0), (7, 1, 0), (1, 3, 1), (3, 3, 1), (6, 2, 0), (5, 2, 1), (4, 3, 1), (6, 1, 1)]
    lost_to = {2, 5}
    b = _Builder()
    for who, with_bye in (("her", False), ("him", True)):
        for r, (w, lo, d) in enumerate(records, start=1):
            if with_bye and r == 1:
                b.bye(1, who)
                continue
            opp = f"{who}-opponent-{r}"
            b.play(r, who, opp, "0-2" if r in lost_to else "2-0")
            b.complete_record(opp, w, lo, d, range(1, 9))
    ev = b.event("mtr", "mtr-omw")
    out.append(
        WorkedExample(
            "mtr-omw-062",
            "MTR Appendix C",
            "mtr",
            "6-2-0 against opponents 4-4-0, 7-1-0, 1-3-1, 3-3-1, 6-2-0, 5-2-1, 4-3-1, 6-1-1",
            "omw",
            _value(ev, "her", "omw", "mtr"),
            "0.62",
        )
    )
    out.append(
        WorkedExample(
            "mtr-omw-063",
            "MTR Appendix C",
            "mtr",
            "6-2-0 with a round-1 bye and the last seven of those opponents: the bye is left out",
            "omw",
            _value(ev, "him", "omw", "mtr"),
            "0.63",
        )
    )
    return out


def bushiroad_examples() -> list[WorkedExample]:
    """Bushiroad 3.2.1.2 cases (the document states the rule; the numbers are ours)."""
    out: list[WorkedExample] = []
    b = _Builder()
    # A 5-round event, one point per win.
    b.complete_record("three-two", 3, 2, 0, range(1, 6))
    b.complete_record("one-four", 1, 4, 0, range(1, 6))
    b.complete_record("dropped", 1, 2, 0, range(1, 4))
    ev = b.event("bushiroad", "bushiroad-5-rounds")
    out.append(
        WorkedExample(
            "bushiroad-mw-3-of-5",
            "Bushiroad 3.2.1.2",
            "bushiroad",
            "3 wins in a 5-round event: 3 / (5 x 1)",
            "mw",
            _value(ev, "three-two", "mw", "bushiroad"),
            "0.60",
        )
    )
    out.append(
        WorkedExample(
            "bushiroad-mw-floor",
            "Bushiroad 3.2.1.2",
            "bushiroad",
            "1 win in 5 rounds: 0.20 is raised to 0.33",
            "mw",
            _value(ev, "one-four", "mw", "bushiroad"),
            "0.33",
        )
    )
    out.append(
        WorkedExample(
            "bushiroad-mw-dropped",
            "Bushiroad 3.2.1.2",
            "bushiroad",
            "1 win, then dropped after round 3: divided by all 5 rounds of the event, 0.20, raised to 0.33",
            "mw",
            _value(ev, "dropped", "mw", "bushiroad"),
            "0.33",
        )
    )
    b = _Builder()
    b.complete_record("two-of-three", 2, 1, 0, range(1, 4))
    ev = b.event("bushiroad", "bushiroad-3-rounds")
    out.append(
        WorkedExample(
            "bushiroad-mw-truncated",
            "Bushiroad 3.2.1.2",
            "bushiroad",
            "2 wins in 3 rounds: 0.666... is cut to 0.66, not rounded to 0.67",
            "mw",
            _value(ev, "two-of-three", "mw", "bushiroad"),
            "0.66",
        )
    )
    return out


def all_examples() -> list[WorkedExample]:
    """Every worked example, in page order."""
    return mtr_examples() + bushiroad_examples()
