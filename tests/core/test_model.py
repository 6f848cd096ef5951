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


def test_a_round_asks_its_entries_whatever_their_family() -> None:
    """The model knows no game: a round of a family it has never heard of (here a table of
    three) is complete, paired and renamed by what its entries answer (core/rounds.py)."""
    from collections.abc import Callable
    from dataclasses import dataclass, replace

    from ingest.core.ids import PlayerId
    from ingest.core.rounds import Match, MatchKind, Round, RoundEntry

    @dataclass(frozen=True)
    class ThreeWay:
        players: tuple[PlayerId, ...]
        table: int | None
        reported: bool

        @property
        def paired(self) -> tuple[PlayerId, ...]:
            return self.players

        @property
        def result_recorded(self) -> bool:
            return self.reported

        def renamed(self, to: Callable[[PlayerId], PlayerId]) -> RoundEntry:
            return replace(self, players=tuple(map(to, self.players)))

    a, b, c, d = (PlayerId(x) for x in "abcd")
    rnd = Round(1, (Match(MatchKind.BYE, (d,)),), family_entries=(ThreeWay((c, a, b), 2, False),))
    assert (rnd.complete, rnd.unreported_tables(), rnd.results_recorded()) == (False, [2], 0)
    assert rnd.pairings() == [(c, a, b), (d,)] and rnd.entrants() == {a, b, c, d}
    renamed = rnd.renamed(lambda p: PlayerId(p.upper()))
    assert renamed.entrants() == {"A", "B", "C", "D"} and renamed.pairings()[0] == ("C", "A", "B")
    done = Round(1, (), family_entries=(ThreeWay((a, b, c), 1, True),))
    assert (done.complete, done.unreported_tables(), done.results_recorded()) == (True, [], 1)
