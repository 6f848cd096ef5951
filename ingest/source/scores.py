"""Whether a match score can be: the game-win bounds of a best-of-N match (MTR 2.1, 2.4;
Aequitas 2.1, 2.5; Bushiroad 4.1, 4.2), and whether the event's rules allow it (Bushiroad 4.4:
no intentional draws).

Pure functions of a score, the match length and the event's ruleset, and :func:`check_score`,
which reports what they find as an event file is assembled (errors and warnings on a result).
Every message cites the event's own ruleset (:class:`~ingest.core.rulesets.base.Sections`):
an Aequitas event's messages cite the Aequitas rules, never the MTR.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.core.diagnostics import YamlPath
from ingest.core.rounds import GameScore
from ingest.core.rulesets import Ruleset
from ingest.core.rulesets.mtr import MTR

if TYPE_CHECKING:  # the pure functions are asked without reading a file (ingest.edit.quick_report)
    from ingest.source.assembly_context import AssemblyContext

AS_RECORDED = "kept as the platform recorded it; standings count it as written"


def need_wins(best_of: int) -> int:
    return best_of // 2 + 1


def score_problem(
    score: GameScore, best_of: int, *, playoff: bool = False, elimination: bool = False, rules: Ruleset = MTR
) -> str | None:
    """Why a game score is impossible for a best-of-N match, or None.

    ``playoff`` (a top-cut match) and ``elimination`` (a round of a ``single-elimination``
    event) forbid draws: a knockout match needs a winner (MTR 2.4, Aequitas 2.5.2,
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
        sections = rules.sections
        if rules.intentional_draws:
            why = f"even an intentional draw is reported as 0-0-{best_of}, {sections.intentional_draw}"
        else:
            why = f"when time is up, the game in progress is the one drawn game, {sections.time}"
        return (
            f"{text} is impossible in a best-of-{best_of} match: it records {score.drawn} drawn games, and a match "
            f"holds at most {best_of} ({why})"
        )
    if (playoff or elimination) and score.first == score.second:
        return f"{text} is a draw, and {'playoff' if playoff else 'single-elimination'} matches cannot end in a draw"
    return None


def intentional_draw_problem(score: GameScore, best_of: int, rules: Ruleset) -> str | None:
    """Why a score records an intentional draw that the event's rules do not allow, or None.

    Bushiroad 4.4: fighters may not agree to a draw. An agreed draw is written as every game
    of the match drawn with none won (``0-0-3`` in best of three, the MTR 2.5 notation); a
    match that runs out of time has one drawn game, the one in progress (Bushiroad 4.2), so
    ``0-0-1`` stays a time-out draw, in best of one too.

    >>> from ingest.core.rulesets.bushiroad import BUSHIROAD
    >>> intentional_draw_problem(GameScore(0, 0, 3), 3, BUSHIROAD)
    '0-0-3 is an intentional draw, and players may not agree to a draw (Bushiroad 4.4)'
    >>> intentional_draw_problem(GameScore(0, 0, 1), 3, BUSHIROAD), intentional_draw_problem(GameScore(0, 0, 3), 3, MTR)
    (None, None)
    """
    if rules.intentional_draws or best_of < 2 or score != GameScore(0, 0, best_of):
        return None
    return (
        f"{score.notation()} is an intentional draw, and players may not agree to a draw "
        f"({rules.sections.intentional_draw})"
    )


def intentional_draw_hint(rules: Ruleset) -> str:
    """What to write instead of an intentional draw the rules do not allow."""
    return f"record the games as played; a match that ran out of time with no game won is 0-0-1 ({rules.sections.time})"


def score_warning(score: GameScore, best_of: int, rules: Ruleset = MTR) -> str | None:
    """Why a possible game score is unlikely enough to check: more games than the match length.

    Drawn games do not count toward the wins a match needs (MTR 2.1), so a best-of-N
    match runs past N games only when games were drawn and time was left to begin another
    (MTR 2.4: no new game begins once time is called). Possible, rare, and a common
    slip when the draws were meant as the games of an intentional draw: a warning.
    (More drawn games than N is an error: :func:`score_problem`.) The message cites the
    event's ruleset.

    >>> print(score_warning(GameScore(2, 1, 1), 3))  # doctest: +NORMALIZE_WHITESPACE
    2-1-1 records 4 games in a best-of-3 match: drawn games do not count toward the 2 wins
    (MTR 2.1), so a 4th game begins only after a draw with time left in the round (MTR 2.4)
    >>> score_warning(GameScore(2, 0, 1), 3) is None, score_warning(GameScore(0, 0, 3), 3) is None
    (True, True)
    """
    if score.games_played <= best_of:
        return None
    n = score.games_played
    sections = rules.sections
    return (
        f"{score.notation()} records {n} games in a best-of-{best_of} match: drawn games do not count toward the "
        f"{need_wins(best_of)} win{'s' if need_wins(best_of) != 1 else ''} ({sections.match}), so a "
        f"{_ordinal(best_of + 1)} game begins only after a draw with time left in the round ({sections.time})"
    )


def many_games_hint(best_of: int, rules: Ruleset = MTR) -> str:
    """What to check when a score records more games than the match length.

    >>> many_games_hint(3)
    'check the result slip: an intentional draw is 0-0-3, and a match that ended on time is W-L-1'
    """
    if rules.intentional_draws:
        return f"check the result slip: an intentional draw is 0-0-{best_of}, and a match that ended on time is W-L-1"
    return "check the result slip: a match that ended on time is W-L-1"


def no_games_hint(best_of: int, rules: Ruleset = MTR) -> str:
    """What to write instead of a score that records no games."""
    if rules.intentional_draws:
        return (
            "leave games out while the match is unreported; an intentional draw is "
            f"0-0-{best_of} ({rules.sections.intentional_draw})"
        )
    return "leave games out while the match is unreported"


def check_score(
    ctx: AssemblyContext, score: GameScore, path: YamlPath, best_of: int, *, playoff: bool, elimination: bool
) -> None:
    """Reports a score the match length makes impossible, or the event's rules forbid (an
    intentional draw under Bushiroad 4.4), and warns of an unlikely one; every message cites
    the event's ruleset. On an imported event's played round the score is a fact, so a
    problem is a warning (DESIGN §2)."""
    rules = ctx.ruleset
    problem = score_problem(score, best_of, playoff=playoff, elimination=elimination, rules=rules)
    code, hint = "impossible-score", ""
    if problem:
        if score.games_played == 0:
            hint = no_games_hint(best_of, rules)
        elif (playoff or elimination) and score.first == score.second:
            hint = _knockout_draw_hint(ctx, "playoff" if playoff else "single-elimination")
        else:
            hint = f"check the result slip: in best of {best_of} the winner has {need_wins(best_of)} game wins"
    elif problem := intentional_draw_problem(score, best_of, rules):
        code, hint = "intentional-draw", intentional_draw_hint(rules)
    if problem:
        if ctx.imported:  # a recorded round is a fact: the platform accepted this score
            ctx.warn(code, path, problem, AS_RECORDED, played=True)
        else:
            ctx.err(code, path, problem, hint)
    elif unlikely := score_warning(score, best_of, rules):
        ctx.warn("many-games", path, unlikely, many_games_hint(best_of, rules))


def _knockout_draw_hint(ctx: AssemblyContext, what: str) -> str:
    """What to write instead of a draw in a knockout match, by the event's rules."""
    rules = ctx.ruleset
    if rules.timeout_loses_both:
        return (
            f"a time-out in single elimination loses for both players ({rules.sections.knockout}): "
            "write result: double-loss"
        )
    return f"{what} matches are played until one player wins ({rules.sections.knockout})"


def _ordinal(n: int) -> str:
    """
    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
