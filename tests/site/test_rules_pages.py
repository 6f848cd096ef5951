"""Rules pages: worked examples computed by the engine, labelled by where their figures come from."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from ingest.core.model import Event
from ingest.core.rulesets import Ruleset
from ingest.rules.examples import aequitas_examples
from ingest.rules.standings import compute_standings
from ingest.rules.standings_values import Standings
from tests.site_helpers import page_text


def _mw(wins: int, losses: int, draws: int) -> F:
    """MTR Appendix C by hand: match points over 3 per round played, at least 0.33."""
    return max(F(3 * wins + draws, 3 * (wins + losses + draws)), F(33, 100))


def _row(page: str, text: str) -> str:
    [line] = [x for x in page.splitlines() if x.startswith("| ") and text in x]
    return line


@pytest.mark.parametrize("rules", ["mtr", "aequitas"])
def test_rules_pages_show_the_appendix_c_examples_computed_by_the_engine(sample_docs: Path, rules: str) -> None:
    """MTR / Aequitas Appendix C: 5-2-1 in 8 rounds 0.667; 1-3-0 0.33; 3-2-0 with a bye 0.60;
    game-win 21/30 = 0.70 and 9/33 -> 0.33; the two 6-2-0 players' OMW 0.62 and 0.63."""
    page = page_text(sample_docs / "rules" / f"{rules}.md")
    source = {"mtr": "MTR Appendix C", "aequitas": "Aequitas Appendix C"}[rules]
    other = {"mtr": "Aequitas Appendix C", "aequitas": "MTR Appendix C"}[rules]
    assert f"examples of the official document ({source})" in page and other not in page
    opponents = [(4, 4, 0), (7, 1, 0), (1, 3, 1), (3, 3, 1), (6, 2, 0), (5, 2, 1), (4, 3, 1), (6, 1, 1)]
    her = sum((_mw(*r) for r in opponents), F(0)) / 8
    him = sum((_mw(*r) for r in opponents[1:]), F(0)) / 7
    expected = {
        "5\\-2\\-1 after all eight rounds": ("MW%", "0.667", F(16, 24)),
        "1\\-3\\-0, then dropped": ("MW%", "0.33", F(33, 100)),
        "3\\-2\\-0 including a round\\-1 bye": ("MW%", "0.60", F(9, 15)),
        "21 game points in 10 games": ("GW%", "0.70", F(21, 30)),
        "9 game points in 11 games": ("GW%", "0.33", F(33, 100)),
        "against opponents 4\\-4\\-0": ("OMW%", "0.62", her),
        "with a round\\-1 bye": ("OMW%", "0.63", him),
    }
    for situation, (label, shown, exact) in expected.items():
        cells = [c.strip() for c in _row(page, situation).strip("|").split("|")]
        assert cells[1:] == [label, shown, f"{shown} ({exact.numerator}/{exact.denominator})"], situation


def test_aequitas_examples_are_computed_with_the_aequitas_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    import ingest.rules.examples

    used: list[str | Ruleset | None] = []

    def spy(event: Event, rules: str | Ruleset | None = None, *, after_round: int | None = None) -> Standings:
        used.append(rules)
        return compute_standings(event, rules, after_round=after_round)

    monkeypatch.setattr(ingest.rules.examples, "compute_standings", spy)
    examples = aequitas_examples()
    assert examples and {x.ruleset for x in examples} == {"aequitas"}
    assert {x.source for x in examples} == {"Aequitas Appendix C"}
    assert used and set(used) == {"aequitas"}


def test_bushiroad_examples_are_labelled_as_ours(sample_docs: Path) -> None:
    """Bushiroad 3.2.1.2 and 3.2.2.2 state the rule without examples: the cases are ours."""
    page = page_text(sample_docs / "rules" / "bushiroad.md")
    assert "examples of the official document" not in page
    assert "| Situation | Value | Worked by hand | Scorekeeper (exact) |" in page
    assert "The cases below are ours, written from its text (Bushiroad 3.2.1.2, Bushiroad 3.2.2.2)" in page
    # 2 wins in 3 rounds: 2/3 truncated to 0.66 (3.2.1.2); double elimination over the
    # player's 4 effective rounds: 2/4 = 0.50 (3.2.2.2).
    assert _row(page, "0\\.666").endswith("| MW% | 0.66 | 0.66 (33/50) |")
    assert _row(page, "effective rounds").endswith("| MW% | 0.50 | 0.50 (1/2) |")


def test_wot_rules_page_shows_the_scoring_engine_example(sample_docs: Path) -> None:
    """WoT Expanded Scoring Example: early win, bye and early double loss average the three
    highest positive tie-breaking points (numbers worked out by hand from the page's Game)."""
    page = page_text(sample_docs / "rules" / "wot.md")
    # Table: game points and tie-breaking points of the Hero, then of the Villain.
    expected = {
        "| 1 |": ["2", "6", "0", "-6"],  # goal 7-1: difference 6
        "| 2 |": ["2", "3", "0", "-3"],  # kill holding 3 support
        "| 3 |": ["0", "-5", "2", "5"],  # Villain goal 8-3
        "| 4 |": ["2", "4", "0", "-4"],  # kill holding 4 support
        "| 5 |": ["-1", "-1.67", "2", "1.67"],  # Villains' positives: 5, 0, 0 -> 5/3
        "| 6 |": ["-1", "-5", "-1", "-5"],  # everyone else's highest: 6, 5, 4 -> 5
        "| bye |": ["2", "4.33", "", ""],  # Heroes' highest: 6, 4, 3 -> 13/3
    }
    for start, values in expected.items():
        [line] = [x for x in page.splitlines() if x.startswith(start)]
        assert [c.strip() for c in line.strip("|").split("|")][2:] == values, start
    for situation, shown in (
        ("the Villain who won before the Last Battle", "1.67 | 1.67 (5/3)"),
        ("the Hero who lost before the Last Battle", "-1.67 | -1.67 (-5/3)"),
        ("The bye \\(a Hero\\)", "4.33 | 4.33 (13/3)"),
        ("both killed before the Last Battle", "-5 | -5 (-5/1)"),
    ):
        assert _row(page, situation).endswith(f"| Tie-breaking points | {shown} |"), situation


@pytest.mark.parametrize(
    ("rules", "rows", "outside", "neighbours"),
    [
        # 9 | 6 6 | 3: the 9 meets the 3 over the 6s (MTR 10.4: within match-point groups).
        ("mtr", ["| 1 | Ana | 9 | Dev | 3 |", "| 2 | Ben | 6 | Cleo | 6 |"], 2, 4),
        # 3 | 2 2 | 1 1 | 0: the 3 meets the 0 (Bushiroad 3.2.1: equal points as much as possible).
        ("bushiroad", ["| 1 | Ana | 3 | Fay | 0 |", "| 2 | Ben | 2 | Cleo | 2 |", "| 3 | Dev | 1 | Eli | 1 |"], 2, 6),
    ],
)
def test_rules_pages_pair_the_example_with_the_fewest_floats(
    sample_docs: Path, rules: str, rows: list[str], outside: int, neighbours: int
) -> None:
    """The pairing example is the engine's: the fewest players outside their group, not the smallest gaps."""
    page = page_text(sample_docs / "rules" / f"{rules}.md")
    body = page[page.index("## Pairings") :]
    assert [line for line in body.splitlines() if line.startswith("| ") and "|---" not in line][1 : 1 + len(rows)] == [
        *rows
    ]
    who = "fighters" if rules == "bushiroad" else "players"
    assert f"That pairs {outside} {who} outside their group" in body
    assert f"would pair {neighbours} {who} outside their group" in body


def test_the_aequitas_page_says_how_floats_are_chosen(sample_docs: Path) -> None:
    page = page_text(sample_docs / "rules" / "aequitas.md")
    assert "as few players as possible are paired outside their point group" in page
