"""The top cut of a Swiss event: who makes it, and the cut as made once the playoff is paired.

The cut is selected from the final Swiss standings (MTR 10.4, Aequitas 8.2, Bushiroad
3.2.4.1-3). Once playoff round 1 is paired the cut is a fact: `pair` writes it on that round
(``cut``), and the bracket is seeded from it even when a correction to a Swiss result would
now rank the players differently. Bushiroad 3.2.4 says so in as many words ("even if an error
in match results ... is discovered, in general, there will be no change to the decision");
the MTR and the Aequitas rules leave it to the Head Judge, and Scorekeeper does the same as
Bushiroad until the TO asks for the cut to be made again (``pair --redo`` on playoff round 1,
while no playoff result is in). :class:`TopCut` says how the cut as made differs from the cut
the standings would make now, so the command line, ``standings`` and the site can say so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.core.rulesets import Ruleset
from ingest.pairing import Candidate, select_finalists
from ingest.planner.field import dropped_before
from ingest.rules.standings import compute_standings
from ingest.rules.standings_values import Standings

__all__ = ["TopCut", "cut_as_made", "cut_changes", "cut_from_standings", "cut_note", "top_cut"]


@dataclass(frozen=True, slots=True)
class TopCut:
    """The top cut as made and as the standings would make it now."""

    made: tuple[str, ...]
    """The finalists by the standings when the cut was made, seed 1 first (before the
    playoff is paired: the cut the standings make now)."""
    now: tuple[str, ...]
    """The finalists the standings as they are now would give, seed 1 first."""
    recorded: bool
    """Whether the cut is a fact: playoff round 1 is paired."""

    @property
    def corrected(self) -> bool:
        """Whether a correction since the cut was made would now make it differently."""
        return self.recorded and self.made != self.now

    @property
    def would_make_it(self) -> tuple[str, ...]:
        """Players the standings would now put in the cut who are not in it."""
        return tuple(p for p in self.now if p not in self.made)

    @property
    def would_miss_it(self) -> tuple[str, ...]:
        """Players in the cut whom the standings would now leave out."""
        return tuple(p for p in self.made if p not in self.now)

    @property
    def reseeded(self) -> tuple[tuple[str, int, int], ...]:
        """(player, seed as made, seed now) for players in both cuts whose seed differs."""
        now = {p: i for i, p in enumerate(self.now, start=1)}
        return tuple((p, i, now[p]) for i, p in enumerate(self.made, start=1) if p in now and now[p] != i)


def cut_from_standings(event: Event, standings: Standings, *, keep: Sequence[str] | None = None) -> list[str]:
    """The finalists the standings give, seed 1 first (MTR 10.4, Bushiroad 3.2.4.1-3).

    ``keep``: the finalists are decided already (Bushiroad 3.2.4): only their order comes
    from the standings.

    Raises:
        IngestError: the cut cannot be selected.
    """
    spec = event.structure.playoff
    assert spec is not None
    if keep is not None:
        chosen = set(keep)
        return [row.player for row in standings.rows if row.player in chosen]
    dropped = dropped_before(event, len(event.rounds))
    players = event.player_map()
    candidates = []
    for position, row in enumerate(standings.rows, start=1):
        p = players.get(row.player)
        # Shared ranks are already in display (seeded) order: positions are the ranks.
        candidates.append(
            Candidate(
                row.player,
                position,
                row.record.losses + row.record.draws,
                (p.deck_group or None) if p else None,
                bool(p and p.declined_cut) or row.player in dropped,
            )
        )
    try:
        return list(select_finalists(candidates, spec.top, method=spec.finalists))  # type: ignore[arg-type]
    except ValueError as exc:
        raise IngestError(f"the top cut cannot be selected: {exc}") from None


def cut_as_made(event: Event, ruleset: Ruleset) -> tuple[str, ...]:
    """The finalists in seed order the bracket is seeded from: the cut recorded on playoff
    round 1, else as :func:`top_cut` finds it (without the standings when it is recorded).

    Raises:
        IngestError: the cut cannot be selected.
    """
    if event.playoff and event.playoff[0].cut:
        return event.playoff[0].cut
    return top_cut(event, ruleset).made


def top_cut(event: Event, ruleset: Ruleset, standings: Standings | None = None) -> TopCut:
    """The cut as made (once playoff round 1 is paired) and as the standings make it now.

    Playoff round 1 records the cut it was paired from (``cut``). In a file paired before
    that was recorded, the cut is the standings' until an edit that could change them writes
    it down (:func:`ingest.edit.targets.keep_the_cut`).

    ``standings``: the final Swiss standings, when the caller has them.

    Raises:
        IngestError: the cut cannot be selected.
    """
    swiss = standings if standings is not None else compute_standings(event, ruleset)
    now = tuple(cut_from_standings(event, swiss))
    if not event.playoff:
        return TopCut(now, now, recorded=False)
    first = event.playoff[0]
    if first.cut:
        return TopCut(first.cut, now, recorded=True)
    return TopCut(now, now, recorded=True)


def cut_note(cut: TopCut, names: Mapping[str, str]) -> str:
    """The sentence ``standings`` prints under the table when the cut was made before a
    correction (empty otherwise)."""
    if not cut.corrected:
        return ""
    return (
        "The top cut was made from the standings before a correction to a Swiss result, and the "
        f"bracket stays as it was made. With the standings as they are now, {cut_changes(cut, names)}."
    )


def cut_changes(cut: TopCut, names: Mapping[str, str]) -> str:
    """How the cut as made differs from the cut the standings would make now, in words.

    >>> cut = TopCut(("a", "b", "c", "d"), ("a", "c", "b", "e"), recorded=True)
    >>> cut_changes(cut, {"a": "Ann", "b": "Bo", "c": "Cy", "d": "Di", "e": "Ed"})
    'Ed would make it instead of Di; Cy would be seed 2 (not 3), Bo seed 3 (not 2)'
    """
    parts = []
    if cut.would_make_it:
        parts.append(
            f"{_listed([names.get(p, p) for p in cut.would_make_it])} would make it instead of "
            f"{_listed([names.get(p, p) for p in cut.would_miss_it])}"
        )
    moved = sorted(cut.reseeded, key=lambda item: item[2])
    if moved:
        seeds = [
            f"{names.get(p, p)} {'would be seed' if i == 0 else 'seed'} {now} (not {made})"
            for i, (p, made, now) in enumerate(moved)
        ]
        parts.append(", ".join(seeds))
    return "; ".join(parts)


def _listed(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
