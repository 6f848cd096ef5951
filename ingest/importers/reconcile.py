"""The published standings as a witness of the rounds: what the rounds leave out.

A platform's standings count every match it recorded; its exported rounds sometimes miss
a few (melee.gg's rounds are rebuilt from the players' decklist pages, so a match between
two players without one is lost; a late entrant's round-1 loss is not in the rounds; an
awarded bye is not in them either). :func:`infer_missing` compares each player's published
points and W-L-D with what the rounds give, under the platform's conventions
(:mod:`ingest.importers.platforms`), and adds only what the difference fixes without doubt:

* two players short of one win and one loss, both absent from the same round and nobody
  else short there: the match between them;
* a player short of a win (or, where byes are not wins, of three points) absent from a
  round: a bye there;
* a player short of a loss absent from a round: a match loss there.

Each inferred entry carries a note, and the file's ``source.notes`` list them. When rows
still disagree, the rounds are incomplete: the published standings become the event's
standings (``source.rounds: incomplete``) and nothing is computed from the rounds.
"""

from __future__ import annotations

from dataclasses import dataclass

from ingest.core.rounds import GameScore, MatchKind
from ingest.importers.platforms import conventions
from ingest.importers.tournament import SourceMatch, SourceRow, Tournament

INFERRED = "not in the source's rounds; inferred from the published standings"


@dataclass(slots=True)
class Tally:
    """Points and W-L-D as the platform counts them."""

    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0


def tallies(t: Tournament) -> dict[str, Tally]:
    """Each player's points and W-L-D from the recorded rounds, counted as the platform does."""
    conv = conventions(t.platform)
    out: dict[str, Tally] = {name: Tally() for name in t.players}
    for rnd in t.rounds:
        in_points = not rnd.playoff or conv.playoff_in_points
        in_wld = not rnd.playoff or conv.playoff_in_wld
        for m in rnd.matches:
            for side, p in enumerate(m.players):
                tally = out.setdefault(p, Tally())
                outcome = _outcome(m, side)
                if outcome is None:
                    continue
                if in_points:
                    tally.points += {"win": 3, "draw": 1, "loss": 0, "bye": 3}[outcome]
                if in_wld:
                    if outcome == "win" or (outcome == "bye" and conv.byes_in_wld):
                        tally.wins += 1
                    elif outcome == "loss":
                        tally.losses += 1
                    elif outcome == "draw":
                        tally.draws += 1
    return out


def _outcome(m: SourceMatch, side: int) -> str | None:
    if m.kind is MatchKind.BYE:
        return "bye"
    if m.kind in (MatchKind.LOSS, MatchKind.DOUBLE_LOSS):
        return "loss"
    if m.score is None:
        return None
    winner = m.score.winner
    return "draw" if winner is None else ("win" if winner == side else "loss")


def differences(t: Tournament) -> dict[str, tuple[int, int | None, int | None, int | None]]:
    """Published minus recorded (points, wins, losses, draws) for every row that differs."""
    got = tallies(t)
    out: dict[str, tuple[int, int | None, int | None, int | None]] = {}
    for row in t.standings:
        mine = got.get(row.name, Tally())
        diff = (
            row.points - mine.points,
            None if row.wins is None else row.wins - mine.wins,
            None if row.losses is None else row.losses - mine.losses,
            None if row.draws is None else row.draws - mine.draws,
        )
        if any(d for d in diff if d is not None):
            out[row.name] = diff
    return out


def infer_missing(t: Tournament) -> int:
    """Adds the byes, losses and matches the published standings show and the rounds miss.

    Returns how many published rows the rounds still do not explain.
    """
    if not t.standings or t.rounds_published != "complete":
        return 0
    conv = conventions(t.platform)
    swiss = t.swiss
    rows = {r.name: r for r in t.standings}
    _double_forfeits(t)
    for _ in range(len(t.players) + len(swiss) + 1):  # each pass adds one entry
        diff = differences(t)
        if not diff:
            return 0
        absent = _absences(t, diff)
        changed = False
        for index, names in absent.items():
            short_win = [p for p in names if _short(diff[p], rows[p], "win", conv.byes_in_wld)]
            short_loss = [p for p in names if _short(diff[p], rows[p], "loss", conv.byes_in_wld)]
            if len(short_win) == 1 and len(short_loss) == 1 and short_win != short_loss:
                winner, loser = short_win[0], short_loss[0]
                score = GameScore(1, 0) if t.results == "matches" else GameScore(2, 0)
                swiss[index].matches.append(
                    SourceMatch(MatchKind.PLAYED, (winner, loser), score, note=INFERRED + " (games not published)")
                )
                t.notes.append(f"{swiss[index].name}: {winner} beat {loser}: {INFERRED}")
                changed = True
                break
        if changed:
            continue
        # A bye or a lone loss only in a round where nobody absent could have been the other
        # side of a match (else it is a match whose opponent the standings do not tell).
        wins = {i for i, names in absent.items() if any(_short(diff[q], rows[q], "win", True) for q in names)}
        losses = {i for i, names in absent.items() if any(_short(diff[q], rows[q], "loss", True) for q in names)}
        for p, d in diff.items():
            bye_rounds = [i for i, names in absent.items() if p in names and i not in losses]
            loss_rounds = [i for i, names in absent.items() if p in names and i not in wins]
            if bye_rounds and _short(d, rows[p], "bye", conv.byes_in_wld):
                swiss[bye_rounds[0]].matches.append(SourceMatch(MatchKind.BYE, (p,), note=INFERRED))
                t.notes.append(f"{swiss[bye_rounds[0]].name}: a bye for {p}: {INFERRED}")
                changed = True
                break
            if loss_rounds and _short(d, rows[p], "loss", conv.byes_in_wld):
                swiss[loss_rounds[0]].matches.append(SourceMatch(MatchKind.LOSS, (p,), note=INFERRED))
                t.notes.append(f"{swiss[loss_rounds[0]].name}: a match loss for {p}: {INFERRED}")
                changed = True
                break
        if not changed:
            break
    return len(differences(t))


def _double_forfeits(t: Tournament) -> None:
    """A 0-0-0 that the standings count as a loss for both players is a double forfeit
    (melee.gg stores one as 0-0-0 when only one side's record survives); one they count for
    nothing was not reported (melee.gg's "Not reported"). Elsewhere 0-0-0 is a draw in
    which no game was played (CardsRealm)."""
    diff = differences(t)
    for rnd in t.rounds:
        for i, m in enumerate(rnd.matches):
            if m.kind is not MatchKind.PLAYED or m.score is None or m.score.games_played:
                continue
            a, b = m.players
            if all(diff.get(p) == (-1, 0, 0, -1) for p in (a, b)):  # counted as nothing: not reported
                rnd.matches[i] = SourceMatch(MatchKind.PLAYED, m.players, None, pos=m.pos, note="not reported")
                t.notes.append(f"{rnd.name}: {a} vs {b}, stored as 0-0-0, was not reported: it counts for nothing")
                diff = differences(t)
                continue
            wanted = (-1, 0, 1, -1)  # one point, one draw fewer; one loss more
            if all(diff.get(p) == wanted for p in (a, b)):
                rnd.matches[i] = SourceMatch(MatchKind.DOUBLE_LOSS, m.players, pos=m.pos, note="both players forfeited")
                t.notes.append(f"{rnd.name}: {a} vs {b}, stored as 0-0-0, counts as a loss for both: a double forfeit")
                diff = differences(t)


def _short(diff: tuple[int, int | None, int | None, int | None], row: SourceRow, what: str, byes_in_wld: bool) -> bool:
    """Whether a player's shortfall includes one ``what`` (win, loss or bye) and nothing contradicts it."""
    points, wins, losses, draws = diff
    if any(d is not None and d < 0 for d in diff) or (draws or 0) > 0:
        return False
    if what == "win":
        return points >= 3 and (wins is None or wins >= 1)
    if what == "bye":
        return points >= 3 and (wins is None or wins >= (1 if byes_in_wld else 0))
    if what == "loss":
        return losses is not None and losses >= 1 and points >= 0
    return False


def _absences(t: Tournament, diff: dict[str, tuple[int, int | None, int | None, int | None]]) -> dict[int, list[str]]:
    """For each Swiss round, the players with a difference who have no entry in it."""
    out: dict[int, list[str]] = {}
    for i, rnd in enumerate(t.swiss):
        present = {p for m in rnd.matches for p in m.players}
        out[i] = [p for p in diff if p not in present and not _dropped_before(t, p, i)]
    return out


def _dropped_before(t: Tournament, player: str, index: int) -> bool:
    return any(player in r.drops for r in t.swiss[:index])
