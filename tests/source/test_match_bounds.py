"""Drawn games are bounded by the match structure; a Wheel of Time Game nobody played is warned.

MTR 2.1: a match is played until one player has the games it needs; drawn games do not
count toward that goal. MTR 2.4: once time is called no new game begins. MTR 2.5: an
intentional draw is reported 0-0-3 in best of three. So a best-of-N match records at most
N drawn games (more is an error), and more than N games in all only when games were drawn
with time to spare (a warning: the round happened, check the slip).
"""

from __future__ import annotations

import pytest

from ingest.checks.event_files import parse_event_text
from ingest.core.rounds import GameScore
from ingest.source.project import Project
from ingest.source.scores import score_problem, score_warning
from tests.builders import ROOT

EVENT = """\
name: Bounds
date: 2026-12-01
game: mtg
format: modern
seed: 7
structure: {pairing: swiss, swiss_rounds: 2, best_of: 3}
players:
  - {id: ann, name: Ann}
  - {id: bea, name: Bea}
  - {id: cal, name: Cal}
  - {id: dov, name: Dov}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [ann, bea], games: 2-1}
      - {table: 2, players: [cal, dov], games: 2-0}
"""


def _diagnostics(text: str) -> list[tuple[str, str, str]]:
    _doc, _event, diags = parse_event_text(text, "e.yaml", Project(ROOT))
    return [(d.severity.value, d.code, d.pos.label()) for d in diags]


@pytest.mark.parametrize(
    ("score", "best_of"),
    [("2-0-5", 3), ("0-0-4", 3), ("1-1-4", 3), ("0-0-2", 1), ("3-0-6", 5), ("1-0-9", 1)],
)
def test_more_drawn_games_than_the_match_holds_is_impossible(score: str, best_of: int) -> None:
    problem = score_problem(GameScore.parse(score), best_of)
    assert problem is not None and "drawn games" in problem and "MTR 2.5" in problem


@pytest.mark.parametrize(
    ("score", "best_of", "warned"),
    [
        ("2-1-1", 3, True),  # a drawn game, then three decided ones: possible with time to spare
        ("2-0-2", 3, True),
        ("1-1-3", 3, True),
        ("1-0-1", 1, True),
        ("2-0-1", 3, False),  # three games
        ("1-1-1", 3, False),
        ("0-0-3", 3, False),  # the intentional draw of MTR 2.5
        ("3-2", 5, False),
        ("2-1", 3, False),
    ],
)
def test_more_games_than_the_match_length_is_a_warning(score: str, best_of: int, warned: bool) -> None:
    assert score_problem(GameScore.parse(score), best_of) is None
    assert (score_warning(GameScore.parse(score), best_of) is not None) is warned


def test_an_impossible_draw_count_is_a_positioned_error_in_the_file() -> None:
    text = EVENT.replace("games: 2-0}", "games: 2-0-5}")
    assert _diagnostics(text) == [("error", "impossible-score", "e.yaml:16:48")]


def test_a_long_match_with_draws_is_a_positioned_warning_and_the_event_stands() -> None:
    text = EVENT.replace("games: 2-1}", "games: 2-1-1}")
    _doc, event, diags = parse_event_text(text, "e.yaml", Project(ROOT))
    assert [(d.severity.value, d.code, d.pos.label()) for d in diags] == [("warning", "many-games", "e.yaml:15:48")]
    assert event is not None  # a recorded round is a fact: warned, not refused
    assert "MTR 2.1" in diags[0].message and "0-0-3" in diags[0].hint


def test_team_seats_are_bounded_the_same_way() -> None:
    text = (ROOT / "events" / "2026" / "2026-10-10-team-unified-standard.yaml").read_text(encoding="utf-8")
    first = text.index("seats: [")
    seat = text.index("{games: ", first)
    end = text.index("}", seat)
    bad = text[:seat] + "{games: 2-0-4" + text[end:]
    _doc, _event, diags = parse_event_text(bad, "team.yaml", Project(ROOT))
    assert [d.code for d in diags if d.is_error] == ["impossible-score"]


def test_a_wheel_of_time_game_nobody_played_is_warned_like_did_not_play() -> None:
    path = ROOT / "events" / "2026" / "2026-08-15-wheel-of-time-sealed.yaml"
    text = path.read_text(encoding="utf-8")
    line = "    - {table: 2, hero: elif-abbott, villain: maren-ueda,"
    start = text.index(line)
    text = text[:start] + text[text.index("\n", start) + 1 :]
    _doc, event, diags = parse_event_text(text, "wot.yaml", Project(ROOT))
    assert event is not None
    found = [(d.severity.value, d.code, d.message) for d in diags]
    assert found == [
        ("warning", "did-not-play", 'rounds[1]: "maren-ueda" has no game and no bye in game 2'),
        ("warning", "did-not-play", 'rounds[1]: "elif-abbott" has no game and no bye in game 2'),
    ]


def test_a_wheel_of_time_player_who_dropped_is_not_warned() -> None:
    path = ROOT / "events" / "2026" / "2026-08-15-wheel-of-time-sealed.yaml"
    text = path.read_text(encoding="utf-8")
    # Maren Ueda leaves after game 3, so her game 4 never happens: only her opponent is warned.
    text = text.replace("    - {bye: rosa-fontaine}\n", "    - {bye: rosa-fontaine}\n  drops: [maren-ueda]\n", 1)
    cut = text.index("    - {table: 2, hero: maren-ueda, villain: kenji-hartmann,")
    text = text[:cut] + text[text.index("\n", cut) + 1 :]
    _doc, _event, diags = parse_event_text(text, "wot.yaml", Project(ROOT))
    assert [(d.code, d.message) for d in diags if d.code == "did-not-play"] == [
        ("did-not-play", 'rounds[3]: "kenji-hartmann" has no game and no bye in game 4')
    ]
