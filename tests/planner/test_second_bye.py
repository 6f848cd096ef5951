"""No player gets a second bye while a player without one could take it: a Hypothesis state
machine that runs an event night through the command line, as a TO would.

Small events (3 to 7 players at the start) of every game whose Swiss gives byes, with drops
(``drop``, ``drop --after-round N --redo``), late entries (``add-player``, with
``late_entries: loss`` and ``none``), taken-back drops (``undrop``), results with draws,
intentional draws and double losses, ``pair`` and ``pair --redo``. After every command that
pairs a round, the round written is checked against the rule for the bye:

* MTR-style Swiss (Magic: MTR 10.4 and Appendix C; Transformers: Aequitas 8.2; the Bushiroad
  games: Bushiroad 3.2.1). None of the documents says who takes the bye; the product does
  (DESIGN §4): the lowest-ranked player who has not had one, awarded byes first, and never
  the same opponent twice (Bushiroad 3.2.1: "no two fighters should be matched up against
  each other twice"). A bye is a match won 2-0 (MTR Appendix C), a rematch costs nobody
  points, and the check of a recorded round (``repeated-bye``) makes the bye rule absolute:
  a player takes a second bye only when every player of the round has had one (a third,
  when everyone has had two, and so on). Awarded byes are not pairing byes. Within that
  rule, the round has no rematch that another choice of bye and tables avoids.
* Wheel of Time (WoT rules, Running the Event): "No player in a tournament should get a bye
  more than once, unless all players have had at least one bye"; the player immediately
  above takes it instead (Expanded Set-Up Rules, The second Game of the first Cycle). Its
  rematches are weighed against the deck rules by the engine (:mod:`ingest.wot.pairing`),
  so only the byes are checked here.

``SCOREKEEPER_BYE_EXAMPLES`` runs more examples (the default keeps the suite quick).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from ingest.core.model import Event
from tests.builders import event_at, run_cli

GAMES = {
    "mtg": "modern",
    "transformers": "constructed",
    "vanguard": "standard",
    "weiss-schwarz": "neo-standard",
    "buddyfight": "standard",
    "wot": "sealed",
}
"""Every game the project ships whose event gives byes, with one of its formats."""

ROUNDS = 7
"""Swiss rounds (Wheel of Time: Games) planned: more than a small field can play without rematches."""

MATCH_RESULTS = ("2-0", "2-1", "0-2", "1-2", "1-1", "1-1-1", "0-0-1", "double-loss")
"""Results of an MTR-style match: wins, losses, draws (a match out of time with no game won,
Bushiroad 4.2), a double loss."""

INTENTIONAL_DRAW = "0-0-3"
"""An intentional draw (MTR 2.5, Aequitas); Bushiroad 4.4 forbids agreeing to a draw."""

WOT_RESULTS = (
    ("hero", "--ended", "last-battle", "--by", "goal", "--finals", "7-3"),
    ("villain", "--ended", "before-last-battle", "--by", "kill", "--finals", "4-6"),
    ("hero", "--ended", "before-last-battle", "--by", "concession", "--finals", "5-2"),
    ("villain", "--ended", "last-battle", "--by", "goal", "--finals", "2-8"),
    ("tie", "--ended", "last-battle", "--by", "time", "--finals", "5-5"),
)
"""Wheel of Time game ends (WoT rules, Scoring): a win before or in the Last Battle, a tie."""

REFUSALS = ("fewer than two players are left", "is paired in", "nothing to pair")
"""What the commands may refuse in these events (a refusal is a line of error, never a traceback)."""


def bye_counts(rounds: Iterable[Sequence[tuple[str, ...]]]) -> Counter[str]:
    """Byes per player over rounds given as their pairings (a bye is a pairing of one)."""
    return Counter(p[0] for pairings in rounds for p in pairings if len(p) == 1)


def fewest_rematches(players: Sequence[str], met: set[frozenset[str]]) -> int:
    """The fewest rematches of any pairing of ``players`` (an even number of them), by search."""
    if not players:
        return 0
    first, rest = players[0], players[1:]
    return min(
        (frozenset((first, other)) in met) + fewest_rematches([p for p in rest if p != other], met) for other in rest
    )


def second_bye_problem(event: Event) -> str | None:
    """What is wrong with the byes (and rematches) of the event's last round under the rules
    above, or None."""
    *history, last = [r.pairings() for r in event.rounds]
    byes = bye_counts(history)
    paired = [p for pairing in last for p in pairing]
    awarded = {p.id for p in event.players if p.byes >= len(event.rounds)}
    given = [p[0] for p in last if len(p) == 1 and p[0] not in awarded]
    field = sorted(p for p in paired if p not in awarded)
    if given:
        (bye,) = given
        fairer = [p for p in field if byes[p] < byes[bye]]
        if fairer:
            return f"{bye} gets bye number {byes[bye] + 1} while {', '.join(fairer)} had fewer"
    if event.structure.pairing == "wot-cycles":
        return None  # the rematches of a Game follow the deck rules first (ingest.wot.pairing)
    met = {frozenset(p) for pairings in history for p in pairings if len(p) == 2}
    chosen = sum(frozenset(p) in met for p in last if len(p) == 2)
    if given:
        fewest = min(byes[p] for p in field)
        best = min(fewest_rematches([q for q in field if q != p], met) for p in field if byes[p] == fewest)
    else:
        best = fewest_rematches(field, met)
    return f"{chosen} rematch(es) where {best} were needed" if chosen > best else None


class EventNight(RuleBasedStateMachine):
    """One small event run from the command line: ``new``'s file, then TO commands at random."""

    def __init__(self) -> None:
        super().__init__()
        self.root = Path(tempfile.mkdtemp(prefix="second-bye-"))
        self.path = self.root / "e.yaml"
        self.added = 0
        self.log: list[str] = []
        self.read: Event | None = None

    def teardown(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    # -- the commands -------------------------------------------------------------------------

    def run(self, *args: str) -> tuple[int, str]:
        code, out = run_cli(self.root, *args)
        self.log.append(f"scorekeeper {' '.join(args[:1] + args[2:])} -> {code}")
        self.read = None
        assert code in (0, 1), out
        if code == 1:
            assert any(words in out for words in REFUSALS), out + "\n".join(self.log)
        return code, out

    @property
    def event(self) -> Event:
        """The event as the file now holds it (read again after each command)."""
        if self.read is None:
            self.read = event_at(self.path, self.root)
        return self.read

    @property
    def wot(self) -> bool:
        return self.event.structure.pairing == "wot-cycles"

    def active(self) -> list[str]:
        event = self.event
        gone = set(event.dropped_after())
        return [p.id for p in event.players if p.id not in gone]

    def current_open(self) -> bool:
        """A round is paired and none of its results is in."""
        rounds = self.event.rounds
        return bool(rounds) and rounds[-1].results_recorded() == 0 and not rounds[-1].complete

    def check_round(self) -> None:
        event = self.event
        problem = second_bye_problem(event)
        assert problem is None, f"round {len(event.rounds)}: {problem}\n" + "\n".join(self.log)

    @initialize(
        game=st.sampled_from(sorted(GAMES)),
        players=st.integers(3, 7),
        late=st.sampled_from(["loss", "none"]),
        seed=st.integers(0, 10**6),
        awarded=st.integers(0, 2),
    )
    def start(self, game: str, players: int, late: str, seed: int, awarded: int) -> None:
        wot = game == "wot"
        roster = "\n".join(
            f"  - {{id: p{i}, name: P {i}{', byes: 1' if i <= awarded and not wot else ''}}}"
            for i in range(1, players + 1)
        )
        self.path.write_text(
            f"name: Bye hunt\ndate: 2026-11-20\ngame: {game}\nformat: {GAMES[game]}\nseed: {seed}\n"
            f"structure:\n  pairing: {'wot-cycles' if wot else 'swiss'}\n  swiss_rounds: {ROUNDS}\n"
            f"  best_of: {1 if wot else 3}\n  late_entries: {late}\n"
            f"players:\n{roster}\nrounds: []\n"
        )
        self.log.append(f"{game}, {players} players ({awarded} with an awarded bye), late_entries: {late}, seed {seed}")

    # Each command is a no-op where a TO would not give it (a rule with a precondition is
    # drawn, refused and drawn again, and most draws are wasted).

    @rule()
    def pair(self) -> None:
        if self.event.rounds and not self.event.rounds[-1].complete:
            return
        before = len(self.event.rounds)
        code, _ = self.run("pair", str(self.path))
        if code == 0 and len(self.event.rounds) > before:
            self.check_round()

    @rule()
    def pair_again(self) -> None:
        if not self.current_open():
            return
        code, _ = self.run("pair", str(self.path), "--redo")
        if code == 0:
            self.check_round()

    @rule(data=st.data())
    def report(self, data: st.DataObject) -> None:
        if not self.event.rounds:
            return
        rnd = self.event.rounds[-1]
        for table in rnd.unreported_tables():
            if self.wot:
                self.run("report", str(self.path), "--table", str(table), *data.draw(st.sampled_from(WOT_RESULTS)))
            else:
                results = MATCH_RESULTS if self.event.rules == "bushiroad" else (*MATCH_RESULTS, INTENTIONAL_DRAW)
                self.run("report", str(self.path), "--table", str(table), data.draw(st.sampled_from(results)))

    @rule(data=st.data(), redo=st.booleans())
    def drop(self, data: st.DataObject, redo: bool) -> None:
        if not self.event.rounds or len(self.active()) <= 2:
            return
        player = data.draw(st.sampled_from(self.active()))
        rounds = self.event.rounds
        if redo and len(rounds) >= 2 and self.current_open():
            code, _ = self.run("drop", str(self.path), player, "--after-round", str(len(rounds) - 1), "--redo")
            if code == 0 and player in rounds[-1].entrants():
                self.check_round()
        else:
            self.run("drop", str(self.path), player)

    @rule(data=st.data())
    def undrop(self, data: st.DataObject) -> None:
        if not self.event.dropped_after():
            return
        self.run("undrop", str(self.path), data.draw(st.sampled_from(sorted(self.event.dropped_after()))))

    @rule()
    def add_player(self) -> None:
        if len(self.active()) >= 7:
            return
        self.added += 1
        self.run("add-player", str(self.path), "--id", f"late{self.added}", "--name", f"Late {self.added}")

    @invariant()
    def file_stays_valid(self) -> None:
        assert self.event is not None


EventNight.TestCase.settings = settings(
    max_examples=int(os.environ.get("SCOREKEEPER_BYE_EXAMPLES", "25")),
    stateful_step_count=25,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    phases=[Phase.generate] if os.environ.get("SCOREKEEPER_BYE_NO_SHRINK") else list(Phase),
)
TestEventNight = EventNight.TestCase


def test_a_late_entry_takes_the_bye_rather_than_a_second_bye(tmp_path: Path) -> None:
    """The case the state machine found (Bushiroad 3.2.1, DESIGN §4). Three players, one with an
    awarded bye in round 1, so that p2 and p3 take the byes of rounds 2 and 3; two late entries
    join (late_entries: none). In round 6 everyone but the late entries has had a bye, and the
    original three have all met: the engine gave p2 a second bye, which spares a rematch, and
    the check of the new round refused it ("p2 gets a second bye while an active player has had
    none"), so `pair` could not pair the round at all. The bye goes to a late entry."""
    path = tmp_path / "e.yaml"
    path.write_text(
        "name: Bye hunt\ndate: 2026-11-20\ngame: vanguard\nformat: standard\nseed: 251\n"
        "structure:\n  pairing: swiss\n  swiss_rounds: 7\n  best_of: 3\n  late_entries: none\n"
        "players:\n  - {id: p1, name: P 1, byes: 1}\n  - {id: p2, name: P 2}\n  - {id: p3, name: P 3}\n"
        "rounds: []\n"
    )
    steps = [
        ["pair"], ["report", "--table", "1", "1-1"],
        ["pair"], ["report", "--table", "1", "0-0-1"],
        ["pair"], ["add-player", "--id", "late1", "--name", "Late 1"], ["report", "--table", "1", "0-2"],
        ["pair"], ["report", "--table", "1", "2-0"], ["report", "--table", "2", "2-0"],
        ["pair"], ["add-player", "--id", "late2", "--name", "Late 2"],
        ["report", "--table", "1", "2-1"], ["report", "--table", "2", "1-1"],
        ["pair"],
    ]  # fmt: skip
    for command, *options in steps:
        code, out = run_cli(tmp_path, command, str(path), *options)
        assert code == 0, out
    event = event_at(path, tmp_path)
    assert bye_counts([r.pairings() for r in event.rounds[:5]]) == Counter({"p1": 1, "p2": 1, "p3": 1})
    assert [p for p in event.rounds[5].pairings() if len(p) == 1] in ([("late1",)], [("late2",)])
    assert second_bye_problem(event) is None
    code, out = run_cli(tmp_path, "pair", str(path), "--redo")
    assert code == 0, out
    assert "rematch(es): no pairing of everyone without one exists that gives the bye to a player with the" in out
