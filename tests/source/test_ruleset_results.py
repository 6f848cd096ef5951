"""What a result may be under each event's own rules, and the rules its messages cite.

Bushiroad 4.4: fighters may not agree to a draw, so the intentional-draw score (0-0-3 in
best of three, the MTR 2.5 notation) is refused when entered and when written, and kept as a
warning on an imported event's played round (DESIGN §2: a recorded round is a fact); a
match that runs out of time is a draw of the game in progress (Bushiroad 4.2: 0-0-1). MTR
2.5 and Aequitas 2.4 allow intentional draws. Every message about an Aequitas event cites
the Aequitas rules (seed 000: 2.1 match structure, 2.4 intentional draws, 2.5 end of match,
2.5.2 playoffs until a player wins, 2.10 drops), a Bushiroad event's Bushiroad's (4.1, 4.2,
3.2.3, 4.5), never the MTR.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ingest.checks.event_files import parse_event_text
from ingest.source.project import Project
from tests.builders import ROOT, run_cli

EVENT = """\
name: Rules
date: 2026-12-01
game: GAME
format: FORMAT
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
      - {table: 2, players: [cal, dov], games: SCORE}
"""

GAMES = {"mtg": "modern", "transformers": "constructed", "weiss-schwarz": "neo-standard", "vanguard": "standard"}


def _event(game: str, score: str) -> str:
    return EVENT.replace("GAME", game).replace("FORMAT", GAMES[game]).replace("SCORE", score)


def _found(text: str) -> list[tuple[str, str, str, str]]:
    diags = parse_event_text(text, "e.yaml", Project(ROOT))[2]
    return [(d.severity.value, d.code, d.message, d.hint) for d in diags]


@pytest.mark.parametrize("game", ["weiss-schwarz", "vanguard"])
def test_a_bushiroad_intentional_draw_is_an_error(game: str) -> None:
    """Bushiroad 4.4: players may not agree to a draw."""
    assert _found(_event(game, "0-0-3")) == [
        (
            "error",
            "intentional-draw",
            "rounds[0].matches[1].games: 0-0-3 is an intentional draw, and players may not agree to a draw "
            "(Bushiroad 4.4)",
            "record the games as played; a match that ran out of time with no game won is 0-0-1 (Bushiroad 4.2)",
        )
    ]


@pytest.mark.parametrize("score", ["0-0-1", "1-1-1", "1-1"])
def test_a_bushiroad_time_out_draw_stands(score: str) -> None:
    """Bushiroad 3.2.1 and 4.2: a match unfinished at time is a draw; the game in progress is drawn."""
    assert _found(_event("vanguard", score)) == []


@pytest.mark.parametrize("game", ["mtg", "transformers"])
def test_mtr_and_aequitas_events_may_draw_intentionally(game: str) -> None:
    """MTR 2.5, Aequitas 2.4: players may agree to a draw, reported 0-0-3."""
    assert _found(_event(game, "0-0-3")) == []


def test_an_imported_bushiroad_intentional_draw_is_a_settled_warning() -> None:
    """DESIGN §2: a platform's played round is a fact; the rule is a warning there, never a failure."""
    text = _event("vanguard", "0-0-3").replace("seed: 7\n", "seed: 7\nsource: {platform: spreadsheet}\n")
    _doc, event, diags = parse_event_text(text, "e.yaml", Project(ROOT))
    assert event is not None, diags
    assert [(d.severity.value, d.code, d.settled) for d in diags] == [("warning", "intentional-draw", True)]


def test_a_bushiroad_tag_fight_seat_may_not_draw_intentionally() -> None:
    text = """\
name: Tag
date: 2026-12-01
game: vanguard
format: standard
seed: 7
structure: {pairing: swiss, swiss_rounds: 1, best_of: 3, team_size: 2, team_kind: tag}
teams:
  - {id: red, name: Red, members: [a1, a2]}
  - {id: blue, name: Blue, members: [b1, b2]}
players:
  - {id: a1, name: A1}
  - {id: a2, name: A2}
  - {id: b1, name: B1}
  - {id: b2, name: B2}
rounds:
  - round: 1
    matches:
      - {table: 1, teams: [red, blue], seats: [{games: 2-0}, {games: 0-0-3}]}
"""
    assert [(code, message.split(": ", 1)[0]) for _, code, message, _ in _found(text)] == [
        ("intentional-draw", "rounds[0].matches[0].seats[1].games")
    ]


@pytest.mark.parametrize(
    ("game", "score", "cited", "not_cited"),
    [
        # More drawn games than the match holds: how an intentional draw is reported.
        ("transformers", "2-0-5", ["Aequitas 2.4"], ["MTR"]),
        ("mtg", "2-0-5", ["MTR 2.5"], ["Aequitas"]),
        ("vanguard", "2-0-5", ["Bushiroad 4.2"], ["MTR", "intentional draw is"]),
        # More games than the match length: drawn games do not count; time.
        ("transformers", "2-1-1", ["Aequitas 2.1", "Aequitas 2.5"], ["MTR"]),
        ("vanguard", "2-1-1", ["Bushiroad 4.1", "Bushiroad 4.2"], ["MTR", "intentional draw"]),
        ("mtg", "2-1-1", ["MTR 2.1", "MTR 2.4", "an intentional draw is 0-0-3"], ["Aequitas"]),
        # A score with no games: the hint tells how an intentional draw is written, where allowed.
        ("transformers", "0-0", ["Aequitas 2.4"], ["MTR"]),
        ("vanguard", "0-0", [], ["MTR", "intentional draw"]),
    ],
)
def test_score_messages_cite_the_events_own_rules(
    game: str, score: str, cited: list[str], not_cited: list[str]
) -> None:
    found = _found(_event(game, score))
    assert len(found) == 1, found
    words = " ".join(found[0][2:])
    assert all(c in words for c in cited) and not any(n in words for n in not_cited), words


@pytest.mark.parametrize(
    ("game", "hint"),
    [
        ("transformers", "playoff matches are played until one player wins (Aequitas 2.5.2)"),
        ("mtg", "playoff matches are played until one player wins (MTR 2.4)"),
        (
            "vanguard",
            "a time-out in single elimination loses for both players (Bushiroad 3.2.3): write result: double-loss",
        ),
    ],
)
def test_a_playoff_draw_hint_cites_the_events_own_rules(game: str, hint: str) -> None:
    text = _event(game, "2-0").replace("best_of: 3}", "best_of: 3, playoff: {top: 2}}")
    text += "playoff:\n  - round: 1\n    matches:\n      - {table: 1, players: [ann, cal], games: 1-1}\n"
    found = [(code, h) for _, code, _, h in _found(text) if code == "impossible-score"]
    assert found == [("impossible-score", hint)]


def _project(tmp_path: Path, text: str) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    path = tmp_path / "events" / "e.yaml"
    path.write_text(text)
    return path


def test_report_refuses_a_bushiroad_intentional_draw_and_pair_refuses_one_written(tmp_path: Path) -> None:
    """Bushiroad 4.4: `report --player x 0-0-3` is refused, nothing written; a 0-0-3 written by
    hand stops `pair` with the same error, at its line."""
    text = _event("weiss-schwarz", "2-0").replace("      - {table: 2, players: [cal, dov], games: 2-0}\n", "")
    text += "      - {table: 2, players: [cal, dov]}\n"
    path = _project(tmp_path, text)
    code, out = run_cli(tmp_path, "report", str(path), "--player", "cal", "0-0-3")
    assert code == 1 and "0-0-3 is an intentional draw, and players may not agree to a draw (Bushiroad 4.4)" in out
    assert path.read_text() == text
    code, out = run_cli(tmp_path, "report", str(path), "--player", "cal", "0-0-1")
    assert code == 0, out
    path.write_text(text.replace("players: [cal, dov]}", "players: [cal, dov], games: 0-0-3}"))
    code, out = run_cli(tmp_path, "pair", str(path))
    assert code == 1 and re.search(r"e\.yaml:16:\d+: error\[intentional-draw\]", out), out


def test_a_drop_before_round_one_cites_the_events_own_rules(tmp_path: Path) -> None:
    """The drop rule of the event's own document: Aequitas 2.10, Bushiroad 4.5 (never MTR 2.10)."""
    for game, cited in (("transformers", "(Aequitas 2.10)"), ("vanguard", "(Bushiroad 4.5)"), ("mtg", "(MTR 2.10)")):
        text = _event(game, "2-0").split("\nrounds:")[0] + "\nrounds: []\n"
        path = _project(tmp_path / game, text)
        code, out = run_cli(tmp_path / game, "drop", str(path), "ann")
        assert code == 1 and f"did not take part {cited}; remove Ann from players instead" in out, out


def _points_per_win(game: str, rules: str | None) -> str:
    text = _event(game, "2-0").replace("best_of: 3}", "best_of: 3, points_per_win: 3}")
    return text.replace("seed: 7\n", f"seed: 7\nrules: {rules}\n") if rules else text


POINTS_IGNORED = (
    "warning",
    "structure",
    "structure.points_per_win: points_per_win applies to Bushiroad events only and is ignored here",
)


@pytest.mark.parametrize(
    ("game", "rules", "ignored"),
    [
        ("vanguard", None, False),  # Bushiroad 3.2.1: a win may be announced as 3 points
        ("mtg", "bushiroad", False),
        ("mtg", None, True),  # MTR Appendix C: a win is 3 match points, an event cannot change it
        ("transformers", "aequitas", True),
        ("vanguard", "mtr", True),  # the event's own rules decide, not its game's
    ],
)
def test_points_per_win_is_the_events_ruleset_s_to_take(game: str, rules: str | None, ignored: bool) -> None:
    """Asked of the event's ruleset (``Ruleset.win_points_chosen``), not of its id or its game's."""
    found = [d[:3] for d in _found(_points_per_win(game, rules))]
    assert (POINTS_IGNORED in found) is ignored, found


def test_a_registered_ruleset_may_let_its_events_choose_the_points_for_a_win() -> None:
    import datetime as dt
    from dataclasses import replace

    from ingest.core.rulesets import get_ruleset

    mtr = get_ruleset("mtr")
    chosen = replace(mtr, id="league", win_points_chosen=True)
    assert chosen.for_event(date=dt.date(2026, 12, 1), points_per_win=5).win_points == 5
    assert mtr.for_event(date=dt.date(2026, 12, 1), points_per_win=5).win_points == 3
