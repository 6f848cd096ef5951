"""Value types: the score notation round-trips, impossible scores are caught."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ingest.core.rounds import GameScore, ScoreError
from ingest.source.scores import score_problem

scores = st.builds(GameScore, st.integers(0, 99), st.integers(0, 99), st.integers(0, 99))


@given(scores)
def test_parse_inverts_notation(score: GameScore) -> None:
    assert GameScore.parse(score.notation()) == score


@given(st.text(max_size=12))
def test_notation_inverts_parse_for_every_accepted_text(text: str) -> None:
    try:
        score = GameScore.parse(text)
    except ScoreError:
        return
    assert GameScore.parse(score.notation()) == score


@pytest.mark.parametrize("text", ["2-x", "2", "", "2--1", "-1-2", "1-2-3-4", "100-0"])
def test_non_scores_are_rejected(text: str) -> None:
    with pytest.raises(ScoreError):
        GameScore.parse(text)


@pytest.mark.parametrize(
    ("score", "best_of", "ok"),
    [
        ("2-0", 3, True),
        ("2-1", 3, True),
        ("1-1-1", 3, True),
        ("0-0-3", 3, True),
        ("2-0-1", 3, True),
        ("1-0", 3, True),  # time ran out after one game
        ("3-0", 3, False),
        ("2-2", 3, False),
        ("0-0", 3, False),
        ("3-2", 5, True),
        ("4-0", 5, False),
        ("1-0", 1, True),
        ("0-0-1", 1, True),
        ("2-0", 1, False),
    ],
)
def test_scores_possible_for_match_length(score: str, best_of: int, ok: bool) -> None:
    assert (score_problem(GameScore.parse(score), best_of) is None) is ok


def test_playoff_draw_is_impossible() -> None:
    assert score_problem(GameScore(1, 1, 1), 3, playoff=True) is not None
    assert score_problem(GameScore(2, 1), 3, playoff=True) is None
