"""The cut calculator: before one of the last Swiss rounds, what each player needs to make the top cut.

The top cut takes the first N players of the final Swiss standings (MTR 10.4); players
who dropped (MTR 2.10), were disqualified or decline their place give it to the next
player. Standings put match points first and tiebreakers after (MTR Appendix C), so
points alone decide a player's fate wherever nobody can finish level with them at the
cut line; where someone can, the verdict says the tiebreakers decide.

Verdicts, strongest first (a player gets the strongest that holds):

* ``locked``: in whatever happens (even with losses).
* ``draw-in``: an intentional draw (MTR 2.5) is enough, whatever else happens.
* ``win-in``: a win is enough, whatever else happens.
* ``needs-help``: can still make it on points, but only if other results go their way.
* ``tiebreakers``: at best level on points with the last place: tiebreakers decide.
* ``out``: cannot make the cut.

When the round is paired, the answer is exact on points: tables are independent of
each other (two players at one table cannot both win), so the worst case for a player
is, table by table, the outcome that lifts most rivals to their total, and the best
case the outcome that lifts fewest; summed over tables this is the true maximum and
minimum over every completion of the round. Results already reported are fixed.

When the round is not yet paired (or more than one round remains), pairings are
unknown, so the answer is *sound* rather than exact: ``locked``, ``draw-in`` and
``win-in`` hold under any pairing (an upper bound on how many rivals can reach a total:
each needs at most 3 points a round, and all of them together can score no more than
the matches they can win), and ``out`` holds because enough rivals already have more
points than the player can reach. Everything in between is ``needs-help``.

The verdicts and their reasons, as data, are :mod:`ingest.summary.cut_verdicts`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.core.rounds import MatchKind, Round
from ingest.summary.cut_verdicts import CutOutlook, Points, Reason, Table, Verdict

MATCH_POINTS = Points()
"""Win 3, draw 1, loss 0 (MTR Appendix C), unless an event's ruleset says otherwise."""

# -- exact: the round is paired ---------------------------------------------------------------------------


def _ge(
    pts: Mapping[PlayerId, int], eligible: frozenset[PlayerId], table: Table, gains: tuple[int, ...], t: int
) -> int:
    return sum(1 for p, g in zip(table.players, gains, strict=True) if p in eligible and pts[p] + g >= t)


def outlook_paired(
    points: Mapping[PlayerId, int],
    tables: Sequence[Table],
    eligible: Iterable[PlayerId],
    top: int,
    *,
    rules: Points = MATCH_POINTS,
    round_no: int = 0,
    order: Sequence[PlayerId] = (),
) -> CutOutlook:
    """Verdicts before the last Swiss round, from its pairings (exact on points).

    ``points`` holds everyone's points before the round; every player appears in exactly
    one table (a player who does not play the round gets a one-outcome table of 0).
    Only ``eligible`` players take places in the cut.

    >>> pts = {"a": 9, "b": 9, "c": 6, "d": 6}
    >>> w, d, l = (3, 0), (1, 1), (0, 3)
    >>> tables = [Table(("a", "b"), (w, d, l)), Table(("c", "d"), (w, d, l))]
    >>> [(v.player, v.verdict) for v in outlook_paired(pts, tables, pts, 2).verdicts]
    [('a', 'draw-in'), ('b', 'draw-in'), ('c', 'tiebreakers'), ('d', 'tiebreakers')]
    """
    elig = frozenset(eligible)
    where: dict[PlayerId, tuple[Table, int]] = {}
    for table in tables:
        for i, p in enumerate(table.players):
            where[p] = (table, i)
    cache: dict[int, tuple[int, int]] = {}

    def sums(t: int) -> tuple[int, int]:
        """Most and fewest eligible players on ``t`` points or more, over every completion."""
        if t not in cache:
            hi = lo = 0
            for table in tables:
                counts = [_ge(points, elig, table, o, t) for o in table.outcomes]
                hi += max(counts)
                lo += min(counts)
            cache[t] = (hi, lo)
        return cache[t]

    def rivals(table: Table, i: int, gains: tuple[int, ...], t: int) -> tuple[int, int]:
        """Most and fewest *other* players on ``t`` or more when ``table`` ends with ``gains``."""
        hi, lo = sums(t)
        counts = [_ge(points, elig, table, o, t) for o in table.outcomes]
        mine = _ge(points, elig, table, gains, t) - (1 if points[table.players[i]] + gains[i] >= t else 0)
        return hi - max(counts) + mine, lo - min(counts) + mine

    out = []
    for p in order or sorted(elig, key=lambda q: (-points[q], q)):
        if p not in elig:
            continue
        table, i = where[p]
        options: dict[str, tuple[int, ...]] = {}
        for o in table.outcomes:
            if len(table.outcomes) == 1:
                options["bye" if len(o) == 1 and o[0] > 0 else "result"] = o
            elif len(o) == 2 and o[i] > o[1 - i]:
                options["win"] = o
            elif len(o) == 2 and o[i] == o[1 - i]:
                options["draw"] = o
            else:
                options["loss"] = o
        total = {k: points[p] + o[i] for k, o in options.items()}
        worst = {k: rivals(table, i, o, total[k])[0] for k, o in options.items()}
        safe = {k: worst[k] < top for k in options}
        best_in = {k: rivals(table, i, o, total[k])[1] for k, o in options.items()}
        best_above = {k: rivals(table, i, o, total[k] + 1)[1] for k, o in options.items()}
        out.append(Verdict(p, *_exact_words(options, total, worst, safe, best_in, best_above, top)))
    return CutOutlook(top, round_no, 1, True, tuple(out), *_field_paired(points, tables, elig, top, sums))


def _exact_words(
    options: Mapping[str, tuple[int, ...]],
    total: Mapping[str, int],
    worst: Mapping[str, int],
    safe: Mapping[str, bool],
    best_in: Mapping[str, int],
    best_above: Mapping[str, int],
    top: int,
) -> tuple[str, Reason]:
    fixed = next((k for k in ("result", "bye") if k in options), None)
    if all(safe.values()):
        k = fixed or ("loss" if "loss" in options else min(options, key=lambda x: total[x]))
        return "locked", Reason("safe", k, 1, total[k], worst[k], top, lead="your" if fixed else "even")
    for k, verdict in (("draw", "draw-in"), ("win", "win-in")):
        if safe.get(k):
            weaker = "loss" if k == "win" and "draw" not in options else ("draw" if k == "win" else "loss")
            if weaker in options:
                return verdict, Reason(
                    "safe", k, 1, total[k], worst[k], top, weaker=weaker,
                    weaker_points=total[weaker], weaker_others=worst[weaker],
                )  # fmt: skip
            return verdict, Reason("safe", k, 1, total[k], worst[k], top)
    best = fixed or "win"
    t = total[best]
    lead = "your" if fixed else "a"
    if best_in[best] < top:
        return "needs-help", Reason("help", best, 1, t, worst[best], top, lead=lead)
    if best_above[best] < top:
        return "tiebreakers", Reason("level", best, 1, t, best_in[best], top, lead=lead)
    return "out", Reason("beaten", best, 1, t, best_above[best], top, lead=lead)


def _field_paired(
    points: Mapping[PlayerId, int],
    tables: Sequence[Table],
    elig: frozenset[PlayerId],
    top: int,
    count: Callable[[int], tuple[int, int]],
) -> tuple[int | None, int | None]:
    """Field-wide totals: the lowest that is safe for anyone, and the lowest still possible.

    ``count(t)`` gives the most and the fewest eligible players on ``t`` points or more.
    """
    totals = sorted(
        {points[p] + o[i] for tb in tables for o in tb.outcomes for i, p in enumerate(tb.players) if p in elig}
    )
    guarantee = next((t for t in totals if count(t)[0] <= top), None)
    reachable = next((t for t in totals if count(t + 1)[1] < top), None)
    return guarantee, reachable


# -- bounds: the round is not paired yet -------------------------------------------------------------------


def most_reaching(needs: Sequence[int], rounds: int, field: int, win: int) -> int:
    """An upper bound on how many players can all gain their ``needs`` in ``rounds`` rounds.

    Each player gains at most ``win`` a round; a group of k players in a field of ``field``
    can win at most min(k, field - k) matches a round against the rest, plus one of every
    two among themselves, plus the bye of an odd field.

    >>> most_reaching([0, 0, 3, 3, 3], 1, 6, 3)  # the outsider loses to one; the other four split
    5
    >>> most_reaching([3, 3, 3, 3], 1, 4, 3)  # four players, one round: only two can win
    2
    """
    best = 0
    need_sum = 0
    for k, need in enumerate(sorted(n for n in needs if n <= rounds * win), start=1):
        need_sum += need
        outside = max(field - k, 0)
        wins_a_round = min(k, min(k, outside) + max(k - outside, 0) // 2 + field % 2)
        if need_sum <= rounds * wins_a_round * win:
            best = k
    return best


def outlook_unpaired(
    points: Mapping[PlayerId, int],
    eligible: Iterable[PlayerId],
    top: int,
    rounds_left: int,
    *,
    field: int,
    rules: Points = MATCH_POINTS,
    round_no: int = 0,
    order: Sequence[PlayerId] = (),
) -> CutOutlook:
    """Verdicts with ``rounds_left`` rounds to play and their pairings unknown (sound bounds).

    ``field`` counts the players who will be paired (rivals and everyone else).

    >>> pts = {"a": 9, "b": 6, "c": 6, "d": 3, "e": 3, "f": 0}
    >>> [v.verdict for v in outlook_unpaired(pts, pts, 2, 1, field=6).verdicts]
    ['draw-in', 'needs-help', 'needs-help', 'tiebreakers', 'tiebreakers', 'out']
    """
    elig = frozenset(eligible)
    r = rounds_left

    ranked = sorted((points[q] for q in elig), reverse=True)
    descending = [-v for v in ranked]
    memo: dict[tuple[int | None, int], int] = {}

    def worst(p: PlayerId | None, t: int) -> int:
        # The bound depends only on the rivals' points: one calculation per (own points, total).
        key = (None if p is None else points[p], t)
        if key not in memo:
            needs = [max(0, t - v) for v in ranked if v >= t - r * rules.win]
            if p is not None and points[p] >= t - r * rules.win:
                needs.remove(max(0, t - points[p]))
            memo[key] = most_reaching(needs, r, field, rules.win)
        return memo[key]

    def already(p: PlayerId | None, t: int) -> int:
        n = bisect_right(descending, -t)
        return n - (p is not None and points[p] >= t)

    out = []
    for p in order or sorted(elig, key=lambda q: (-points[q], q)):
        if p not in elig:
            continue
        base = points[p]
        records = {"loss": base + r * rules.loss, "draw": base + r * rules.draw, "win": base + r * rules.win}
        found: tuple[str, Reason] | None = None
        for key, verdict in (("loss", "locked"), ("draw", "draw-in"), ("win", "win-in")):
            t = records[key]
            n = worst(p, t)
            if n < top:
                found = verdict, Reason("safe", key, r, t, n, top, lead="even" if key == "loss" else "a")
                break
        if found is None:
            t = records["win"]
            if already(p, t) < top:
                found = "needs-help", Reason("help-any", "win", r, t, worst(p, t), top)
            elif already(p, t + 1) < top:
                found = "tiebreakers", Reason("level-any", "win", r, t, already(p, t), top)
            else:
                found = "out", Reason("beaten-any", "win", r, t, already(p, t + 1), top)
        out.append(Verdict(p, *found))
    guarantee = next(
        (t for t in range(max(points.values(), default=0) + r * rules.win + 1) if worst(None, t) <= top - 1), None
    )
    reachable = next(
        (t for t in range(max(points.values(), default=0) + r * rules.win + 1) if already(None, t + 1) < top), None
    )
    return CutOutlook(top, round_no, r, False, tuple(out), guarantee, reachable)


# -- an event's outlook ------------------------------------------------------------------------------------


def _tables(rnd: Round, points: Points) -> list[Table]:
    w, d, lo = points.win, points.draw, points.loss
    out = []
    for m in rnd.matches:
        if m.kind is MatchKind.PLAYED:
            if m.score is None:
                outcomes: tuple[tuple[int, ...], ...] = ((w, lo), (d, d), (lo, w))
            else:
                side = m.score.winner
                outcomes = (((w, lo) if side == 0 else (lo, w) if side == 1 else (d, d)),)
        elif m.kind is MatchKind.BYE:
            outcomes = ((w,),)
        else:  # a match loss, or a double loss
            outcomes = (tuple(lo for _ in m.players),)
        out.append(Table(m.players, outcomes))
    return out


def _unreported(rnd: Round) -> Round:
    matches = tuple(replace(m, score=None) if m.kind is MatchKind.PLAYED else m for m in rnd.matches)
    return replace(rnd, matches=matches)


def cut_outlook(event: Event, rules: str | None = None, *, after_round: int | None = None) -> CutOutlook | None:
    """The cut calculator for an event as it stands (or as it stood once round ``after_round + 1``
    was paired, its results unknown).

    None when it does not apply: no top cut, not a Swiss event, an imported event (its
    platform's own standings), finalists not chosen by ranking (Bushiroad 3.2.4), the playoff
    already started or the Swiss is over. In a team event the units are the teams (team
    standings, MTR Appendix C 8); a team whose member declines, drops or is disqualified
    leaves the race.
    """
    from ingest.planner.field import planned_rounds
    from ingest.rules.event_ruleset import ruleset_for
    from ingest.rules.standings import compute_standings

    spec = event.structure.playoff
    if after_round is not None:  # as it stood then: no playoff yet
        event = replace(event, playoff=(), cut_drops=())
    if spec is None or spec.finalists != "ranking" or event.structure.pairing != "swiss":
        return None
    if event.playoff or event.origin is not None:
        return None
    planned = planned_rounds(event, ruleset_for(event, rules))
    rounds = event.rounds
    if after_round is not None:
        rounds = rounds[: after_round + 1]
        if len(rounds) > after_round:
            rounds = (*rounds[:after_round], _unreported(rounds[after_round]))
    current = rounds[-1] if rounds and not rounds[-1].complete else None
    done = len(rounds) - (current is not None)
    if planned is None or done >= planned:
        return None
    ev = replace(event, rounds=tuple(rounds))
    table = compute_standings(ev, rules, after_round=done)
    r = table.ruleset
    pts_table = Points(r.win_points, r.draw_points, r.loss_points)
    declined = {p.id for p in event.players if p.declined_cut} | event.disqualified_units()
    leaving = set(current.drops) if current is not None else set()
    for team in event.teams if event.is_team_event else ():  # a team leaves with any of its members
        if team.id in leaving or any(m in leaving for m in team.members):
            leaving.add(PlayerId(team.id))
        if any(m in declined for m in team.members):
            declined.add(PlayerId(team.id))
    points = {row.player: row.record.points for row in table.rows}
    order = [row.player for row in table.rows]
    eligible = [p for p in order if p not in declined and p not in leaving and not table.row(p).dropped]
    playing = [row.player for row in table.rows if not row.dropped]
    if current is None or current.number < planned:
        left = planned - done
        ahead = outlook_unpaired(
            points, eligible, spec.top, left, field=len(playing), rules=pts_table, round_no=done + 1, order=order
        )
        return _of_teams(ahead) if event.is_team_event else ahead
    tables = _tables(current, pts_table)
    seated = {p for t in tables for p in t.players}
    for p in seated:
        points.setdefault(p, 0)
    tables += [Table((p,), ((0,),)) for p in eligible if p not in seated]
    outlook = outlook_paired(points, tables, eligible, spec.top, rules=pts_table, round_no=current.number, order=order)
    return _of_teams(outlook) if event.is_team_event else outlook


def _of_teams(outlook: CutOutlook) -> CutOutlook:
    """The same outlook, its reasons speaking of teams ("1 other team can reach 7")."""
    verdicts = tuple(replace(v, why=replace(v.why, teams=True)) for v in outlook.verdicts)
    return replace(outlook, verdicts=verdicts)
