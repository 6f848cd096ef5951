"""Worked examples from the rule documents, computed by the engine.

The rules pages show these numbers, and the tests check them against the figures the
documents print, so the site's explanations and the engine can never disagree. Each
example builds a small event in which the players of interest have exactly the records
the document describes; the other games are played against filler opponents whose own
results do not matter to the example.

Two kinds of example: the MTR and Aequitas Appendix C print their figures
(``official``); the Bushiroad floor rules (3.2.1.2, 3.2.2.2) and the Wheel of Time
Expanded Scoring Example state rules without numbers, so those cases are ours, written
from the text, with the expected figure worked out by hand.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from ingest.core.figures import show_points
from ingest.core.ids import PlayerId
from ingest.core.model import Event, Player, Structure
from ingest.core.rounds import GameScore, Match, MatchKind, Round
from ingest.rules.standings import compute_standings
from ingest.rules.tiebreakers import get_tiebreaker
from ingest.wot import WotBye, WotEnded, WotEndedBy, WotGame, WotGameResult, WotWinner, score_game_round


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
    """The expected figure: as the document prints it (``official``), else worked out by
    hand from the document's text."""
    official: bool = True
    """Whether the document itself prints this figure."""

    @property
    def label(self) -> str:
        """What the value is, as a column heading names it ("MW%", "Tie-breaking points")."""
        tiebreaker = get_tiebreaker(self.tiebreaker)
        return tiebreaker.short if tiebreaker.percentage else tiebreaker.name

    @property
    def digits(self) -> int:
        """Decimals of the printed figure."""
        return len(self.printed.split(".")[1]) if "." in self.printed else 0

    def rounded(self) -> str:
        """The computed value rounded half-up (away from zero) to the printed figure's decimals.

        >>> WorkedExample("x", "", "wot", "", "tbp", Fraction(-5, 3), "-1.67").rounded()
        '-1.67'
        """
        sign = "-" if self.computed < 0 else ""
        scaled = int(abs(self.computed) * 10**self.digits + Fraction(1, 2))  # half-up, as printed
        whole, frac = divmod(scaled, 10**self.digits)
        return f"{sign}{whole}.{frac:0{self.digits}d}" if self.digits else f"{sign}{whole}"


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

    def event(self, rules: str, name: str, points_per_win: int = 1, pairing: str = "swiss") -> Event:
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
            structure=Structure(pairing=pairing, swiss_rounds=len(rounds), points_per_win=points_per_win),
            players=tuple(Player(p, p) for p in self.players),
            rounds=rounds,
        )


def _value(event: Event, player: str, tiebreaker: str, rules: str) -> Fraction:
    return compute_standings(event, rules).row(PlayerId(player)).value(tiebreaker)


APPENDIX_C = {"mtr": "MTR Appendix C", "aequitas": "Aequitas Appendix C"}
"""Where each ruleset's document prints the match-win, game-win and OMW examples
(seed 004 Appendix C; seed 000 section 11, the same examples)."""


def appendix_c_examples(ruleset: str = "mtr") -> list[WorkedExample]:
    """The Appendix C examples (MTR, or the identical Aequitas ones), computed with ``ruleset``."""
    source = APPENDIX_C[ruleset]

    def example(slug: str, description: str, event: Event, player: str, tiebreaker: str, printed: str) -> None:
        value = _value(event, player, tiebreaker, ruleset)
        out.append(WorkedExample(f"{ruleset}-{slug}", source, ruleset, description, tiebreaker, value, printed))

    out: list[WorkedExample] = []
    # Match-win percentage: an 8-round event.
    b = _Builder()
    b.complete_record("five-two-one", 5, 2, 1, range(1, 9))
    b.complete_record("one-three", 1, 3, 0, range(1, 5))
    b.bye(1, "three-two-bye")
    b.complete_record("three-two-bye", 3, 2, 0, range(2, 6))
    ev = b.event(ruleset, f"{ruleset}-match-win")
    example(
        "mw-5-2-1", "5-2-1 after all eight rounds: 16 match points of 24 possible", ev, "five-two-one", "mw", "0.667"
    )
    example("mw-1-3-0", "1-3-0, then dropped: 3 of 12 is 0.25, raised to the 0.33 floor", ev, "one-three", "mw", "0.33")
    example("mw-3-2-0-bye", "3-2-0 including a round-1 bye, then dropped: 9 of 15", ev, "three-two-bye", "mw", "0.60")
    # Game-win percentage: a 4-round event.
    b = _Builder()
    for r, games in enumerate(("2-0", "2-1", "1-2", "2-0"), start=1):
        b.play(r, "strong", b.filler(), games)
    for r, games in enumerate(("1-2", "1-2", "0-2", "1-2"), start=1):
        b.play(r, "weak", b.filler(), games)
    ev = b.event(ruleset, f"{ruleset}-game-win")
    example("gw-21-30", "games 2-0, 2-1, 1-2, 2-0: 21 game points in 10 games", ev, "strong", "gw", "0.70")
    example(
        "gw-9-33", "games 1-2, 1-2, 0-2, 1-2: 9 game points in 11 games, 0.27 raised to 0.33", ev, "weak", "gw", "0.33"
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
    ev = b.event(ruleset, f"{ruleset}-omw")
    example(
        "omw-062",
        "6-2-0 against opponents 4-4-0, 7-1-0, 1-3-1, 3-3-1, 6-2-0, 5-2-1, 4-3-1, 6-1-1",
        ev,
        "her",
        "omw",
        "0.62",
    )
    example(
        "omw-063",
        "6-2-0 with a round-1 bye and the last seven of those opponents: the bye is left out",
        ev,
        "him",
        "omw",
        "0.63",
    )
    return out


def mtr_examples() -> list[WorkedExample]:
    """MTR Appendix C examples, computed with the ``mtr`` ruleset."""
    return appendix_c_examples("mtr")


def aequitas_examples() -> list[WorkedExample]:
    """Aequitas Appendix C examples (seed 000 section 11), computed with the ``aequitas`` ruleset."""
    return appendix_c_examples("aequitas")


def bushiroad_examples() -> list[WorkedExample]:
    """Bushiroad 3.2.1.2 and 3.2.2.2 cases: the document states the rule; the cases are ours."""

    def example(slug: str, source: str, description: str, event: Event, player: str, printed: str) -> None:
        value = _value(event, player, "mw", "bushiroad")
        out.append(WorkedExample(slug, source, "bushiroad", description, "mw", value, printed, official=False))

    out: list[WorkedExample] = []
    b = _Builder()
    # A 5-round event, one point per win.
    b.complete_record("three-two", 3, 2, 0, range(1, 6))
    b.complete_record("one-four", 1, 4, 0, range(1, 6))
    b.complete_record("dropped", 1, 2, 0, range(1, 4))
    ev = b.event("bushiroad", "bushiroad-5-rounds")
    swiss = "Bushiroad 3.2.1.2"
    example("bushiroad-mw-3-of-5", swiss, "3 wins in a 5-round event: 3 / (5 x 1)", ev, "three-two", "0.60")
    example("bushiroad-mw-floor", swiss, "1 win in 5 rounds: 0.20 is raised to 0.33", ev, "one-four", "0.33")
    example(
        "bushiroad-mw-dropped",
        swiss,
        "1 win, then dropped after round 3: divided by all 5 rounds of the event, 0.20, raised to 0.33",
        ev,
        "dropped",
        "0.33",
    )
    b = _Builder()
    b.complete_record("two-of-three", 2, 1, 0, range(1, 4))
    ev = b.event("bushiroad", "bushiroad-3-rounds")
    example(
        "bushiroad-mw-truncated",
        swiss,
        "2 wins in 3 rounds: 0.666... is cut to 0.66, not rounded to 0.67",
        ev,
        "two-of-three",
        "0.66",
    )
    # Double elimination: a 6-round event; the player is out after a second loss in round 4.
    b = _Builder()
    b.complete_record("out-in-round-4", 2, 2, 0, range(1, 5))
    for r in (5, 6):
        b.play(r, b.filler(), b.filler(), "2-0")
    ev = b.event("bushiroad", "bushiroad-double-elimination", pairing="double-elimination")
    example(
        "bushiroad-mw-effective-rounds",
        "Bushiroad 3.2.2.2",
        "double elimination, 6 rounds: 2 wins, then out with a second loss in round 4; "
        "2 / 4 effective rounds, not 2 / 6 (0.33)",
        ev,
        "out-in-round-4",
        "0.50",
    )
    return out


@dataclass(frozen=True, slots=True)
class WotExampleTable:
    """One table of the Wheel of Time example Game, scored by the engine."""

    table: str
    """Table number, or "bye"."""
    situation: str
    """How the game ended, in our words."""
    hero: tuple[int, str] | None
    """The Hero player's game points and tie-breaking points (as shown), if any."""
    villain: tuple[int, str] | None
    """The Villain player's game points and tie-breaking points (as shown), if any."""


_WOT_EXAMPLE_GAMES = (
    (WotGame(1, "h1", "v1", WotWinner.HERO, WotEnded.LAST_BATTLE, WotEndedBy.GOAL, 7, 1),
     "Hero reaches the goal in the Last Battle, 7 support against 1 opposition"),
    (WotGame(2, "h2", "v2", WotWinner.HERO, WotEnded.LAST_BATTLE, WotEndedBy.KILL, 3, 5),
     "Hero kills the Forsaken in the Last Battle, holding 3 support"),
    (WotGame(3, "h3", "v3", WotWinner.VILLAIN, WotEnded.LAST_BATTLE, WotEndedBy.GOAL, 3, 8),
     "Villain reaches the goal in the Last Battle, 8 opposition against 3 support"),
    (WotGame(4, "h4", "v4", WotWinner.HERO, WotEnded.LAST_BATTLE, WotEndedBy.KILL, 4, 6),
     "Hero kills the Forsaken in the Last Battle, holding 4 support"),
    (WotGame(5, "h5", "v5", WotWinner.VILLAIN, WotEnded.BEFORE_LAST_BATTLE, WotEndedBy.KILL),
     "Villain kills the Ta'veren before the Last Battle"),
    (WotGame(6, "h6", "v6", WotWinner.BOTH_LOSE, WotEnded.BEFORE_LAST_BATTLE, WotEndedBy.KILL),
     "Both are killed in the same game-turn before the Last Battle"),
)  # fmt: skip
"""The example Game: four results fixed by play, then an early kill and an early double loss."""
_WOT_EXAMPLE_BYE = WotBye("bye")
"""The thirteenth player's bye; in the first Game of an event it counts as Hero (WoT Expanded Set-Up)."""


def _wot_example_results() -> dict[str, WotGameResult]:
    """Every player's result in the example Game (Game 1 of an event), by player."""
    scored = score_game_round([g for g, _ in _WOT_EXAMPLE_GAMES], [_WOT_EXAMPLE_BYE], 1)
    return {r.player: r for r in scored}


def wot_example_game() -> tuple[WotExampleTable, ...]:
    """The example Game's tables and bye, each scored by :func:`ingest.wot.score_game_round`."""
    results = _wot_example_results()

    def shown(player: str) -> tuple[int, str]:
        return results[player].game_points, show_points(results[player].tiebreak_points)

    rows = [WotExampleTable(str(g.table), text, shown(g.hero), shown(g.villain)) for g, text in _WOT_EXAMPLE_GAMES]
    rows.append(WotExampleTable("bye", "A bye in the first Game, counted as Hero", shown("bye"), None))
    return tuple(rows)


def wot_examples() -> list[WorkedExample]:
    """The averaged cases of the WoT Expanded Scoring Example, in the example Game.

    WoT rules, Expanded Scoring Example: an early win, a bye and an early double loss
    take the average of the three highest positive tie-breaking points of the other
    players (same side, or the whole Game), zeros filling in. The figures were worked
    out by hand from the table of :func:`wot_example_game`.
    """
    results = _wot_example_results()
    source = "WoT Expanded Scoring Example"

    def example(slug: str, description: str, player: str, printed: str) -> WorkedExample:
        value = results[player].tiebreak_points
        return WorkedExample(f"wot-{slug}", source, "wot", description, "tbp", value, printed, official=False)

    return [
        example(
            "early-win",
            "Table 5, the Villain who won before the Last Battle: the other Villains scored -6, -3, +5 and -4; "
            "the three highest positive are 5, 0 and 0",
            "v5",
            "1.67",
        ),
        example("early-loss", "Table 5, the Hero who lost before the Last Battle: the same, negative", "h5", "-1.67"),
        example(
            "bye",
            "The bye (a Hero): the other Heroes whose results play fixed scored +6, +3, -5 and +4; "
            "the three highest are 6, 4 and 3",
            "bye",
            "4.33",
        ),
        example(
            "both-lose-early",
            "Table 6, both killed before the Last Battle: the three highest positive of all other players "
            "are 6, 5 and 4, as negative points for each",
            "h6",
            "-5",
        ),
    ]


def all_examples() -> list[WorkedExample]:
    """Every worked example, in page order."""
    return mtr_examples() + aequitas_examples() + bushiroad_examples() + wot_examples()
