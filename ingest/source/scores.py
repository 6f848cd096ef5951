"""Whether a match score can be: the game-win bounds of a best-of-N match (MTR 2.1, 2.4).

Pure functions of a score and the match length, used when an event file is assembled
(errors and warnings on a result) and by the model's tests.
"""

from __future__ import annotations

from ingest.core.rounds import GameScore


def need_wins(best_of: int) -> int:
    return best_of // 2 + 1


def score_problem(score: GameScore, best_of: int, *, playoff: bool = False, elimination: bool = False) -> str | None:
    """Why a game score is impossible for a best-of-N match, or None.

    ``playoff`` (a top-cut match) and ``elimination`` (a round of a ``single-elimination``
    event) forbid draws: a knockout match needs a winner (MTR 2.4, Aequitas 8.2,
    Bushiroad 3.2.3, where a time-out is a double loss instead).

    >>> score_problem(GameScore(3, 0), 3)
    '3-0 is impossible in a best-of-3 match: a player stops at 2 game wins'
    >>> score_problem(GameScore(2, 1), 3) is None
    True
    >>> score_problem(GameScore(1, 1), 3, playoff=True)
    '1-1 is a draw, and playoff matches cannot end in a draw'
    >>> score_problem(GameScore(0, 0, 3), 3, elimination=True)
    '0-0-3 is a draw, and single-elimination matches cannot end in a draw'
    """
    need = need_wins(best_of)
    text = score.notation()
    if score.games_played == 0:
        return "0-0 records no games"
    if score.first > need or score.second > need:
        return f"{text} is impossible in a best-of-{best_of} match: a player stops at {need} game wins"
    if score.first == need and score.second == need:
        return f"{text} is impossible: only one player can reach {need} game wins"
    if score.first + score.second > best_of:
        return f"{text} is impossible in a best-of-{best_of} match: more than {best_of} games were decided"
    if score.drawn > best_of:
        return (
            f"{text} is impossible in a best-of-{best_of} match: it records {score.drawn} drawn games, and a match "
            f"holds at most {best_of} (even an intentional draw is reported as 0-0-{best_of}, MTR 2.5)"
        )
    if (playoff or elimination) and score.first == score.second:
        return f"{text} is a draw, and {'playoff' if playoff else 'single-elimination'} matches cannot end in a draw"
    return None


def score_warning(score: GameScore, best_of: int) -> str | None:
    """Why a possible game score is unlikely enough to check: more games than the match length.

    Drawn games do not count toward the wins a match needs (MTR 2.1), so a best-of-N
    match runs past N games only when games were drawn and time was left to begin another
    (MTR 2.4: no new game begins once time is called). Possible, rare, and a common
    slip when the draws were meant as the games of an intentional draw: a warning.
    (More drawn games than N is an error: :func:`score_problem`.)

    >>> print(score_warning(GameScore(2, 1, 1), 3))  # doctest: +NORMALIZE_WHITESPACE
    2-1-1 records 4 games in a best-of-3 match: drawn games do not count toward the 2 wins
    (MTR 2.1), so a 4th game begins only after a draw with time left in the round (MTR 2.4)
    >>> score_warning(GameScore(2, 0, 1), 3) is None, score_warning(GameScore(0, 0, 3), 3) is None
    (True, True)
    """
    if score.games_played <= best_of:
        return None
    n = score.games_played
    return (
        f"{score.notation()} records {n} games in a best-of-{best_of} match: drawn games do not count toward the "
        f"{need_wins(best_of)} win{'s' if need_wins(best_of) != 1 else ''} (MTR 2.1), so a {_ordinal(best_of + 1)} "
        "game begins only after a draw with time left in the round (MTR 2.4)"
    )


def _ordinal(n: int) -> str:
    """
    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


MANY_GAMES_HINT = "check the result slip: an intentional draw is 0-0-{n}, and a match that ended on time is W-L-1"
