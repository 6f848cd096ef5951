"""From rounds as a platform stores them to rounds as they were played.

:func:`apply_conventions` takes a :class:`~ingest.importers.tournament.Tournament` read
from a file and settles what the platform's way of storing results leaves open:

* the same match stored twice (melee.gg stores a draw once from each side) is kept once;
  a pair of conflicting records, 0-2-0 from one side and 0-0-0 (not reported) or 0-2-0
  from the other, is a double forfeit: a double loss (melee.gg writes "X forfeited" as X's
  0-2-0 on X's page);
* a top cut stored as further ``Round N`` rounds is recognised by its shape (half the
  matches each round, only the winners going on, a field smaller than the Swiss);
* a player who stops appearing has dropped after their last round (:func:`infer_drops`,
  once the published standings have filled what the rounds miss);
* a platform that records match results only (1-0-0) is marked so (``results: matches``);
* the published percentages tell how many decimals the platform printed;
* an event whose Swiss rounds were not published (MTGO Challenges: only the top 8) keeps
  its published standings as the standings.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from fractions import Fraction

from ingest.core.rounds import MatchKind
from ingest.importers.platforms import conventions
from ingest.importers.tournament import SourceMatch, SourceRound, Tournament

_DOUBLE_FORFEIT = {(0, 2, 0), (0, 0, 0)}
"""melee.gg: a double forfeit is stored as 0-2-0 from one side and 0-0-0 from the other."""


def apply_conventions(t: Tournament) -> None:
    """Settles duplicates, the top cut, drops, the kind of results, the published precision
    and whether the rounds are complete (in place; notes say what was inferred)."""
    for rnd in t.rounds:
        rnd.matches = _deduplicated(rnd, t.notes)
    _recognise_bracket(t)
    _unpublished_records(t)
    conv = conventions(t.platform)
    played = [m.score for r in t.rounds for m in r.matches if m.kind is MatchKind.PLAYED and m.score is not None]
    only_matches = bool(played) and all(
        (s.first, s.second, s.drawn) in ((1, 0, 0), (0, 1, 0), (0, 0, 1)) for s in played
    )
    if conv.match_results or (only_matches and len(played) >= 4):
        t.results = "matches"
    t.precision = published_precision(v for row in t.standings for v in (row.omw, row.gw, row.ogw) if v is not None)
    if t.precision is not None:  # 0.5579999999999999 is the float of a printed 0.558
        scale = 10**t.precision
        for row in t.standings:
            for key in ("omw", "gw", "ogw"):
                value = getattr(row, key)
                if value is not None:
                    setattr(row, key, Fraction(round(value * scale), scale))
    if t.standings and all(r.playoff for r in t.rounds):
        t.rounds_published = "top-cut-only" if t.rounds else "incomplete"  # no round at all: standings only
        t.swiss_rounds = _swiss_rounds_played(t)
    _roster(t)


def _unpublished_records(t: Tournament) -> None:
    """W-L-D of 0-0-0 on every row while points were scored: the platform published no W-L-D
    (melee.gg in early 2024); they are left out rather than taken for facts."""
    rows = t.standings
    if rows and any(r.points for r in rows) and all(not (r.wins or r.losses or r.draws) for r in rows):
        for r in rows:
            r.wins = r.losses = r.draws = None
        t.notes.append("the published standings give every player 0-0-0: the platform published no W-L-D then")


def _swiss_rounds_played(t: Tournament) -> int | None:
    """The number of Swiss rounds of an event that published only its top cut: the most
    matches a published row counts, less its top-cut matches where the platform counts them."""
    conv = conventions(t.platform)
    top_cut: dict[str, int] = {}
    for rnd in t.playoff:
        for m in rnd.matches:
            if m.kind is not MatchKind.BYE:
                for p in m.players:
                    top_cut[p] = top_cut.get(p, 0) + 1
    most = 0
    for row in t.standings:
        if row.wins is None or row.losses is None or row.draws is None:
            continue
        played = row.wins + row.losses + row.draws - (top_cut.get(row.name, 0) if conv.playoff_in_wld else 0)
        most = max(most, played)
    return most or None


def _pair_key(m: SourceMatch) -> frozenset[str]:
    return frozenset(m.players)


def _from(m: SourceMatch, first: str) -> tuple[int, int, int] | None:
    """The score of a played match as seen from ``first``'s side."""
    if m.score is None:
        return None
    s = m.score if m.players[0] == first else m.score.swapped()
    return (s.first, s.second, s.drawn)


def _deduplicated(rnd: SourceRound, notes: list[str]) -> list[SourceMatch]:
    out: list[SourceMatch] = []
    index: dict[frozenset[str], int] = {}
    for m in rnd.matches:
        key = _pair_key(m)
        if key not in index:
            index[key] = len(out)
            out.append(m)
            continue
        kept = out[index[key]]
        if m.kind is not MatchKind.PLAYED or kept.kind is not MatchKind.PLAYED:
            continue  # the same bye or loss written twice
        first = kept.players[0]
        a, b = _from(kept, first), _from(m, first)
        if a == b or (a is not None and b is not None and a == (b[1], b[0], b[2]) and a[0] == a[1]):
            continue  # the same result from the other side (a draw reads the same both ways)
        written = {_written(kept), _written(m)}
        both_forfeited = written == {(0, 2, 0)} and kept.players[0] != m.players[0]
        if written == _DOUBLE_FORFEIT or both_forfeited:  # each record as its own page wrote it
            out[index[key]] = SourceMatch(
                MatchKind.DOUBLE_LOSS,
                kept.players,
                pos=kept.pos,
                note="both players forfeited (stored as 0-2-0 and 0-0-0)",
            )
            continue
        notes.append(
            f"{rnd.name}: {kept.players[0]} vs {kept.players[1]} is stored twice with different results "
            f"({_text(a)} and {_text(b)} from {first}'s side); the first is kept"
        )
    return out


def _written(m: SourceMatch) -> tuple[int, int, int] | None:
    return None if m.score is None else (m.score.first, m.score.second, m.score.drawn)


def _text(s: tuple[int, int, int] | None) -> str:
    return "no result" if s is None else "-".join(str(x) for x in s)


def _recognise_bracket(t: Tournament) -> None:
    """Marks trailing ``Round N`` rounds that form a single-elimination bracket as the top cut.

    The shape: 2^k, 2^(k-1), ..., 1 matches; every match decided; the players of each round
    exactly the winners of the one before; the first of them smaller than the round before
    it; at least three Swiss rounds before (a top cut follows a Swiss); and the bracket's
    players at the top of the Swiss on match points (nobody left out of it has more points
    than someone in it;
    for a lone final, nobody left out has as many). An event that is a knock-out from its first round, or whose last
    rounds only look like a bracket (the last players of a shrinking field), is left as it is.
    """
    if any(r.playoff for r in t.rounds):
        return
    rounds = t.rounds
    n = len(rounds)
    best = None
    for start in range(3, n):
        tail = rounds[start:]
        sizes = [len(r.matches) for r in tail]
        if sizes[-1] != 1 or any(a != 2 * b for a, b in itertools.pairwise(sizes)):
            continue
        if not all(_decided(m) for r in tail for m in r.matches):
            continue
        before = {p for m in rounds[start - 1].matches for p in m.players}
        if len(before) <= 2 * sizes[0]:
            continue
        if all(_players(b) == _winners(a) for a, b in itertools.pairwise(tail)) and _tops_the_swiss(
            rounds[:start], _players(tail[0]), before, strict=len(tail) == 1
        ):
            best = start
            break
    if best is None:
        return
    for r in rounds[best:]:
        r.playoff = True
    t.notes.append(f"the rounds from {rounds[best].name} on form a single-elimination bracket: imported as the top cut")


def _tops_the_swiss(swiss: list[SourceRound], cut: set[str], field: set[str], *, strict: bool) -> bool:
    """Whether the players of ``cut`` lead the players of ``field`` on match points after ``swiss``
    (a win or a bye 3, a draw 1: MTR 3.1's scale). Ties at the cut line are allowed, except
    for a lone final (``strict``): one match between two players level with a third is as
    likely the last Swiss round of a shrinking field."""
    points = dict.fromkeys(field, 0)
    for r in swiss:
        for m in r.matches:
            if m.kind is MatchKind.BYE and m.players[0] in points:
                points[m.players[0]] += 3
            elif m.kind is MatchKind.PLAYED and m.score is not None and len(m.players) == 2:
                winner = m.score.winner
                for i, p in enumerate(m.players):
                    if p in points:
                        points[p] += 3 if winner == i else 1 if winner is None else 0
    out = [points[p] for p in field - cut]
    low = min(points.get(p, 0) for p in cut)
    return not out or (low > max(out) if strict else low >= max(out))


def _decided(m: SourceMatch) -> bool:
    return m.kind is MatchKind.PLAYED and m.score is not None and m.score.winner is not None


def _players(r: SourceRound) -> set[str]:
    return {p for m in r.matches for p in m.players}


def _winners(r: SourceRound) -> set[str]:
    out = set()
    for m in r.matches:
        if m.score is not None and m.score.winner is not None:
            out.add(m.players[m.score.winner])
    return out


def published_precision(values: Iterable[Fraction]) -> int | None:
    """Decimals the platform printed: the fewest that hold every published value, allowing
    for the floating-point noise of the export (0.5579999999999999 is 0.558). None when
    no value was published, or when the values are binary floats at full precision
    (more than 10 decimals).

    >>> published_precision([Fraction("0.5"), Fraction("0.5833")]), published_precision([Fraction(1, 3)])
    (4, None)
    >>> published_precision([Fraction("0.5579999999999999"), Fraction("0.5")])
    3
    """
    most = 0
    tolerance = Fraction(1, 10**12)
    for v in values:
        for digits in range(11):
            scale = 10**digits
            if abs(v * scale - round(v * scale)) < tolerance * scale:
                most = max(most, digits)
                break
        else:
            return None
    return most or None


def _roster(t: Tournament) -> None:
    """The source's own roster (a players file), then players in published order, then those
    who only appear in rounds."""
    names = list(dict.fromkeys([*t.players, *(r.name for r in t.standings)]))
    seen = set(names)
    listed = bool(t.standings)
    for rnd in t.rounds:
        for m in rnd.matches:
            for p in m.players:
                if p not in seen:
                    seen.add(p)
                    names.append(p)
                    if listed:
                        t.disqualified.add(p)
    if t.disqualified:
        shown = ", ".join(sorted(t.disqualified))
        t.notes.append(
            f"{shown} played but {'is' if len(t.disqualified) == 1 else 'are'} not in the published standings: "
            "recorded as removed from the ranking (disqualified); their results stand for their opponents"
        )
    skipped = sorted(n for n in t.decks if n not in seen)
    for n in skipped:
        del t.decks[n]
    if skipped:
        t.notes.append(
            f"{len(skipped)} decklist{'s' if len(skipped) != 1 else ''} of players who neither played nor appear "
            f"in the standings {'were' if len(skipped) != 1 else 'was'} not imported: {', '.join(skipped)}"
        )
    t.players = names


def infer_drops(t: Tournament) -> None:
    """A player absent from every later Swiss round dropped after the last round they played.

    Run after :func:`ingest.importers.reconcile.infer_missing`: a player whose last-round
    match the export lost has not dropped."""
    swiss = t.swiss
    if t.rounds_published != "complete" or len(swiss) < 2:
        return
    last: dict[str, int] = {}
    for i, rnd in enumerate(swiss):
        for m in rnd.matches:
            for p in m.players:
                last[p] = i
    for p, i in last.items():
        if i < len(swiss) - 1 and not any(p in r.drops for r in swiss):
            swiss[i].drops.append(p)
