"""The cut calculator: hand-worked last rounds, the sample event, and properties over every completion."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.core.ids import PlayerId
from ingest.core.model import PlayoffSpec
from ingest.rules.standings import compute_standings
from ingest.summary.cut import (
    cut_outlook,
    most_reaching,
    outlook_paired,
    outlook_unpaired,
)
from ingest.summary.cut_verdicts import CutOutlook, Table, Verdict
from tests.builders import ROOT, bye, make_event, pending, played, run_cli

W, D, L = (3, 0), (1, 1), (0, 3)
OPEN = (W, D, L)


def verdicts(outlook: CutOutlook | None) -> dict[str, str]:
    assert outlook is not None
    return {v.player: v.verdict for v in outlook.verdicts}


def reason(verdict: Verdict | None) -> str:
    """A player's reason (the player must be in contention)."""
    assert verdict is not None
    return verdict.reason


class TestPairedLastRound:
    def test_top4_of_8(self) -> None:
        # Before the last round: A 6, B 6, C/D/E/F 3, G/H 0; tables A-B, C-D, E-F, G-H; top 4.
        # A loses: B 9, and at most one of C/D and one of E/F reach 6: 3 others, A is 4th at worst: locked.
        # C wins: 6; A and B both stay on 6 or more, E/F gives one more: 3 others: in with a win.
        # C draws: 4; A, B, D (4) and E, F (both 4 on a draw): 5 others: a draw is not enough.
        # G wins: 3; at best A, B and one of C/D and of E/F finish above 3: 4 above: out.
        pts = {"A": 6, "B": 6, "C": 3, "D": 3, "E": 3, "F": 3, "G": 0, "H": 0}
        tables = [Table(("A", "B"), OPEN), Table(("C", "D"), OPEN), Table(("E", "F"), OPEN), Table(("G", "H"), OPEN)]
        out = outlook_paired(pts, tables, pts, 4)
        assert verdicts(out) == {
            "A": "locked", "B": "locked",
            "C": "win-in", "D": "win-in", "E": "win-in", "F": "win-in",
            "G": "out", "H": "out",
        }  # fmt: skip
        assert (
            reason(out.of(PlayerId("A")))
            == "even with a loss (6 points) at most 3 other players can reach 6; the cut is 4"
        )
        # 6 is safe for anyone; 4 can still make it (C draws, E-F draw: four on 4 behind A and B).
        assert out.guarantee == 6 and out.reachable == 4

    def test_top2_of_6_draws_and_ties(self) -> None:
        # A 6, B 6, C 6, D 3, E 3, F 0; tables A-B, C-D, E-F; top 2.
        # A draws: 7, B 7 and C 9 (beating D): 2 others: a draw is not enough; A wins: 9, only C can
        # reach 9: in with a win. C wins: 9, only one of A/B reaches 9: in with a win; C draws: 7 and
        # A, B draw to 7: not enough.
        # D wins: 6, A and B finish on 6 or more whatever they do (2 others, the cut is 2), but at
        # best only one is above 6 (A beats B: 9 and 6): tiebreakers. E wins: 6; A-B put one above 6
        # at least, C can lose to D and stay on 6: tiebreakers. F wins: 3, A and B above: out.
        pts = {"A": 6, "B": 6, "C": 6, "D": 3, "E": 3, "F": 0}
        tables = [Table(("A", "B"), OPEN), Table(("C", "D"), OPEN), Table(("E", "F"), OPEN)]
        assert verdicts(outlook_paired(pts, tables, pts, 2)) == {
            "A": "win-in", "B": "win-in", "C": "win-in", "D": "tiebreakers", "E": "tiebreakers", "F": "out"
        }  # fmt: skip
        # Once C-D is reported 2-0: C has 9 and at most one of A/B reaches 9: locked; D (3) is out.
        tables[1] = Table(("C", "D"), (W,))
        got = outlook_paired(pts, tables, pts, 2)
        assert verdicts(got)["C"] == "locked" and verdicts(got)["D"] == "out"
        assert reason(got.of(PlayerId("C"))).startswith("with your result (9 points)")

    def test_draw_in_at_the_top(self) -> None:
        # The classic: the two leaders meet. A 9, B 9, C 6, D 6, top 2: an intentional draw gives
        # both 10, which nobody else reaches; a loss leaves 9, which C or D can reach too.
        pts = {"A": 9, "B": 9, "C": 6, "D": 6}
        tables = [Table(("A", "B"), OPEN), Table(("C", "D"), OPEN)]
        out = outlook_paired(pts, tables, pts, 2)
        assert verdicts(out) == {"A": "draw-in", "B": "draw-in", "C": "tiebreakers", "D": "tiebreakers"}
        assert reason(out.of(PlayerId("A"))) == (
            "with a draw (10 points) at most 1 other player can reach 10; "
            "with a loss, 2 others can reach 9; the cut is 2"
        )

    def test_needs_help_names_the_count(self) -> None:
        # Top 1 of 4: A 3, B 3, C 0, D 0; tables A-C, B-D. A wins: 6, B can win too: 1 other: a win
        # is not enough, but B may lose: needs help.
        pts = {"A": 3, "B": 3, "C": 0, "D": 0}
        tables = [Table(("A", "C"), OPEN), Table(("B", "D"), OPEN)]
        out = outlook_paired(pts, tables, pts, 1)
        assert verdicts(out)["A"] == "needs-help"
        assert (
            reason(out.of(PlayerId("A")))
            == "with a win (6 points), 1 other player can still reach 6 points; the cut is 1"
        )

    def test_ineligible_players_take_no_place(self) -> None:
        # D dropped and E declined: they play (and can win) but take no place in the top 2.
        # A loses: 3, and B and the winner of C-F can have 3 too; A draws: 4, only B can pass 4.
        # C wins: 3, level with A and B at best: tiebreakers.
        pts = {"A": 3, "B": 3, "C": 0, "D": 6, "E": 6, "F": 0}
        tables = [Table(("A", "D"), OPEN), Table(("B", "E"), OPEN), Table(("C", "F"), OPEN)]
        got = verdicts(outlook_paired(pts, tables, ["A", "B", "C", "F"], 2))
        assert "D" not in got and "E" not in got
        assert got == {"A": "draw-in", "B": "draw-in", "C": "tiebreakers", "F": "tiebreakers"}


class TestUnpaired:
    def test_bound_on_rivals(self) -> None:
        assert most_reaching([3, 3, 3, 3], 1, 4, 3) == 2  # four players, one round: two winners
        assert most_reaching([3, 3, 3, 3], 1, 8, 3) == 4  # four outsiders to beat
        assert most_reaching([6, 6], 1, 8, 3) == 0  # two wins needed, one round left

    def test_two_rounds_left(self) -> None:
        # 8 players, top 1, two rounds left: A (6) with two wins reaches 12; so can B (6) if the
        # two never meet, and the pairings are not made yet: a win-out is not enough for A.
        pts = {"A": 6, "B": 6, **dict.fromkeys("CDEF", 3), "G": 0, "H": 0}
        got = outlook_unpaired(pts, pts, 1, 2, field=8, round_no=4)
        assert verdicts(got)["A"] == "needs-help"
        assert verdicts(got)["G"] == "tiebreakers"  # 6 at best: level with A or B at most
        assert got.rounds_left == 2 and not got.paired
        assert got.summary().startswith("Top 1; rounds 4 to 5 still to play")


def _matchings(players: list[str]) -> list[list[tuple[str, ...]]]:
    """Every way to pair the players (a lone player gets a bye)."""
    if not players:
        return [[]]
    if len(players) % 2:
        return [[(p,), *rest] for p in players for rest in _matchings([q for q in players if q != p])]
    first, rest = players[0], players[1:]
    out = []
    for q in rest:
        for m in _matchings([r for r in rest if r != q]):
            out.append([(first, q), *m])
    return out


def _classify(points: dict[str, int], finals: list[dict[str, int]], eligible: set[str], top: int) -> dict[str, str]:
    """Brute force on points: the verdict from every completion's final points."""
    out = {}
    for p in eligible:

        def in_(f: dict[str, int], p: str = p) -> bool:
            return sum(1 for q in eligible if q != p and f[q] >= f[p]) < top

        def level(f: dict[str, int], p: str = p) -> bool:
            return sum(1 for q in eligible if q != p and f[q] > f[p]) < top

        gain = {f[p] - points[p] for f in finals}
        if all(in_(f) for f in finals):
            out[p] = "locked"
        elif 1 in gain and all(in_(f) for f in finals if f[p] - points[p] == 1) and len(gain) > 1:
            out[p] = "draw-in"
        elif 3 in gain and all(in_(f) for f in finals if f[p] - points[p] == 3) and len(gain) > 1:
            out[p] = "win-in"
        elif any(in_(f) for f in finals):
            out[p] = "needs-help"
        elif any(level(f) for f in finals):
            out[p] = "tiebreakers"
        else:
            out[p] = "out"
    return out


@st.composite
def last_rounds(draw: st.DrawFn) -> tuple[dict[str, int], list[Table], set[str], int]:
    n = draw(st.integers(2, 7))
    names = [chr(ord("A") + i) for i in range(n)]
    points = {p: draw(st.sampled_from([0, 1, 3, 4, 6, 7, 9])) for p in names}
    order = draw(st.permutations(names))
    tables = []
    for i in range(0, n - 1, 2):
        pair = (order[i], order[i + 1])
        reported = draw(st.sampled_from([None, W, D, L]))
        tables.append(Table(pair, OPEN if reported is None else (reported,)))
    if n % 2:
        tables.append(Table((order[-1],), ((3,),)))
    eligible = set(draw(st.sets(st.sampled_from(names), min_size=1)))
    top = draw(st.integers(1, max(1, len(eligible) - 1)))
    return points, tables, eligible, top


@settings(max_examples=300, deadline=None)
@given(last_rounds())
def test_paired_verdicts_match_every_completion(case: tuple[dict[str, int], list[Table], set[str], int]) -> None:
    """Exact: the verdict equals the brute-force answer over all 3^tables completions."""
    points, tables, eligible, top = case
    finals = []
    for outcome in itertools.product(*(t.outcomes for t in tables)):
        f = dict(points)
        for t, o in zip(tables, outcome, strict=True):
            for p, g in zip(t.players, o, strict=True):
                f[p] += g
        finals.append(f)
    got = verdicts(outlook_paired(points, tables, eligible, top))
    assert got == _classify(points, finals, eligible, top)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(["2-0", "0-2", "1-1-1"]), min_size=3, max_size=3),
    st.permutations(list("abcdef")),
    st.integers(1, 4),
)
def test_locked_and_draw_in_make_the_cut_in_every_completion(first: list[str], order: list[str], top: int) -> None:
    """End to end: a player marked locked (or draw-in, when they draw) is in the top cut of the
    real standings, tiebreakers included, in every completion of the last round."""
    r1 = [played("a", "b", first[0], 1), played("c", "d", first[1], 2), played("e", "f", first[2], 3)]
    pairs = [(order[0], order[1]), (order[2], order[3]), (order[4], order[5])]
    event = make_event([r1, [pending(a, b, i) for i, (a, b) in enumerate(pairs, 1)]])
    event = replace(event, structure=replace(event.structure, playoff=PlayoffSpec(top)))
    outlook = cut_outlook(event)
    assert outlook is not None and outlook.paired
    got = verdicts(outlook)
    for scores in itertools.product(["2-0", "0-2", "1-1-1"], repeat=3):
        r2 = [played(a, b, s, i) for i, ((a, b), s) in enumerate(zip(pairs, scores, strict=True), 1)]
        done = replace(event, rounds=(event.rounds[0], replace(event.rounds[1], matches=tuple(r2))))
        cut = {row.player for row in compute_standings(done).rows[:top]}
        for (a, b), s in zip(pairs, scores, strict=True):
            for p in (a, b):
                if got[p] == "locked" or (got[p] == "draw-in" and s == "1-1-1"):
                    assert p in cut, (p, got[p], scores)
                if got[p] == "out":
                    assert p not in cut, (p, scores)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from([0, 1, 3, 4, 6]), min_size=4, max_size=6), st.integers(1, 3))
def test_unpaired_verdicts_hold_under_every_pairing(pts: list[int], top: int) -> None:
    """Sound: whatever the pairings and results, locked / draw-in / win-in players are in on
    points with the record they name, and out players are never in."""
    names = [chr(ord("A") + i) for i in range(len(pts))]
    points = dict(zip(names, pts, strict=True))
    got = verdicts(outlook_unpaired(points, names, top, 1, field=len(names)))
    for matching in _matchings(names):
        options = [((3,),) if len(t) == 1 else OPEN for t in matching]
        for outcome in itertools.product(*options):
            f = dict(points)
            gain = {}
            for t, o in zip(matching, outcome, strict=True):
                for p, g in zip(t, o, strict=True):
                    f[p] += g
                    gain[p] = g
            for p in names:
                ahead_or_level = sum(1 for q in names if q != p and f[q] >= f[p])
                above = sum(1 for q in names if q != p and f[q] > f[p])
                need = {"locked": (0, 1, 3), "draw-in": (1, 3), "win-in": (3,)}.get(got[p], ())
                if gain[p] in need:
                    assert ahead_or_level < top, (p, got[p], matching, outcome)
                if got[p] == "out":
                    assert above >= top, (p, matching, outcome)


def test_sample_event_before_its_last_round() -> None:
    code, out = run_cli(
        ROOT, "standings", "events/2026/2026-11-13-friday-night-modern.yaml", "--round", "4", "--cut", "--json"
    )
    assert code == 0, out
    doc = json.loads(out)
    rows = {r["player"]: r for r in doc["standings"]}
    assert rows["noor-berger"]["cut"] == "locked"
    # Oona Ueda (9) meets Hana Petrov (9) at table 2: a draw gives both 10, which at most 7 others reach.
    assert rows["oona-ueda"]["cut"] == "draw-in"
    assert rows["oona-ueda"]["cut_reason"].startswith("with a draw (10 points) at most 7 other players can reach 10")
    assert rows["kenji-quist"]["cut"] == "win-in"
    assert rows["rosa-schmidt"]["cut"] is None  # dropped
    assert doc["cut"]["paired"] is True and doc["cut"]["top"] == 8
    code, text = run_cli(ROOT, "standings", "events/2026/2026-11-13-friday-night-modern.yaml", "--round", "4", "--cut")
    assert "Can draw in" in text and text.rstrip().splitlines()[-1].startswith("Top 8; round 5 is paired")


def test_no_cut_to_calculate() -> None:
    code, out = run_cli(ROOT, "standings", "events/2026/2026-11-13-friday-night-modern.yaml", "--cut", "--json")
    assert code == 0 and json.loads(out)["cut"] is None
    assert all(r["cut"] is None for r in json.loads(out)["standings"])
    event = make_event([[played("a", "b", "2-0")], [pending("a", "b")]], top=None)
    assert cut_outlook(event) is None


def test_bye_is_a_fixed_win() -> None:
    event = make_event([[played("a", "b", "2-0"), bye("c")], [pending("a", "c"), bye("b")]], top=1)
    got = cut_outlook(event)
    assert got is not None
    # b has 3 with the bye; a or c reaches 6: b is out. a beats c: 6 alone on top.
    assert verdicts(got) == {"a": "win-in", "c": "win-in", "b": "out"}
    assert reason(got.of(PlayerId("b"))).startswith("with your bye (3 points)")


TEAM_EVENT = "events/2026/2026-10-10-team-unified-standard.yaml"


def test_a_team_event_before_its_last_round() -> None:
    """Teams are the units (team standings, MTR Appendix C 8). After round 2 of the sample team
    event: The Stack Pack and Lucky Draws (6 each) meet at table 1; four teams have 3, two have 0;
    top 2. A draw gives both 7 and nobody else can pass 6: both can draw in. A 3-point team
    that wins reaches 6, level with the loser of table 1 at best: tiebreakers. A 0-point team
    reaches 3 at most while four teams already have 3 and two of them must win: out."""
    code, out = run_cli(ROOT, "standings", TEAM_EVENT, "--round", "2", "--cut", "--json")
    assert code == 0, out
    rows = {r["player"]: r for r in json.loads(out)["standings"]}
    got = {p: r["cut"] for p, r in rows.items()}
    assert got == {
        "team-the-stack-pack": "draw-in",
        "team-lucky-draws": "draw-in",
        "team-top-deck-heroes": "tiebreakers",
        "team-tapped-out": "tiebreakers",
        "team-sideboard-stories": "tiebreakers",
        "team-the-mulligans": "tiebreakers",
        "team-mana-leak-society": "out",
        "team-graveyard-shift": "out",
    }
    reason = rows["team-the-stack-pack"]["cut_reason"]
    assert reason.startswith("with a draw (7 points) at most 1 other team can reach 7")
    code, text = run_cli(ROOT, "standings", TEAM_EVENT, "--round", "2", "--cut")
    assert text.splitlines()[1].split()[:2] == ["Rank", "Team"]


def test_a_team_whose_member_dropped_leaves_the_race() -> None:
    from tests.site_helpers import sample_event

    event = sample_event("2026-10-10-team-unified-standard")
    # A member of The Mulligans leaves during round 3: the team cannot take a place in the cut.
    rnd = replace(event.rounds[2], drops=(PlayerId("wren-bianchi"),))
    event = replace(event, rounds=(*event.rounds[:2], rnd), playoff=())
    got = cut_outlook(event, after_round=2)
    assert got is not None
    assert got.of(PlayerId("team-the-mulligans")) is None
    assert got.of(PlayerId("team-top-deck-heroes")) is not None
