"""The playoff as recorded: its bracket size, its rounds' names and each player's place in it.

MTR 10.4 (byes in a bracket that is not a power of two), MTR 2.10 (drops), Bushiroad 3.2.3
(a double loss is a loss for both).
"""

from __future__ import annotations

from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.core.rounds import MatchKind


def playoff_bracket(event: Event) -> tuple[int, int]:
    """The playoff's field and number of rounds, (0, 0) without one.

    The field is the players of playoff round 1, byes included (MTR 10.4: the top
    seeds of a field that is not a power of two get the byes); it fixes the number of
    rounds however many are recorded so far.
    """
    from ingest.pairing.elimination import bracket_rounds

    if not event.playoff:
        return (0, 0)
    # A finalist who left before playoff round 1 (cut_drops) still holds a place of the
    # bracket: nobody replaces them (MTR 2.10, Aequitas 2.10).
    field = len({p for m in event.playoff[0].matches for p in m.players} | set(event.cut_drops))
    return (field, bracket_rounds(field)) if field >= 2 else (0, 0)


def playoff_round_title(event: Event, number: int) -> str:
    """The name of playoff round ``number``: the file's own, else from the bracket's size
    (``Quarterfinals``, ``Semifinals``, ``Final``, ``Top 16``)."""
    rnd = event.playoff[number - 1] if 0 < number <= len(event.playoff) else None
    if rnd is not None and rnd.name:
        return rnd.name
    total = playoff_bracket(event)[1]
    if not total:
        return f"Playoff round {number}"
    remaining = 2 ** (total - number + 1)
    return {2: "Final", 4: "Semifinals", 8: "Quarterfinals"}.get(remaining, f"Top {remaining}")


def playoff_places(event: Event) -> dict[PlayerId, tuple[int, str]]:
    """Each top-cut player's playoff depth and label (higher depth = went further).

    The bracket's size comes from :func:`playoff_bracket`. A player is out in
    the round they lost (a double loss is a loss for both, Bushiroad 3.2.3) or the
    round after the one they dropped after (MTR 2.10); a winner or a bye advances to the
    next round. Labels follow :func:`ingest.pairing.elimination.placing_label`: the
    champion and finalists once the final is decided, else "Top N" of the round a
    player went out in or is still playing. Within a depth the caller orders players
    by Swiss rank; a player still playing sorts above one out in the same round.
    """
    from ingest.pairing.elimination import placing_label

    rounds = event.playoff
    field, total = playoff_bracket(event)
    if not total:
        return {}
    reached: dict[PlayerId, int] = dict.fromkeys(event.cut_drops, 1)
    out: dict[PlayerId, int] = dict.fromkeys(event.cut_drops, 1)  # out in round 1, unplayed
    for number, rnd in enumerate(rounds[:total], start=1):
        for m in rnd.matches:
            winner = m.winner()
            for p in m.players:
                if p in out:
                    continue
                if winner == p:
                    reached[p] = number + 1
                elif winner is not None or m.kind in (MatchKind.DOUBLE_LOSS, MatchKind.LOSS):
                    reached[p] = number
                    out[p] = number
                else:  # unreported, or a draw that playoffs do not allow: still playing
                    reached[p] = number
        for p in rnd.drops:
            if p in reached and p not in out and reached[p] <= total:
                out[p] = reached[p]
    remaining = [p for p in reached if p not in out]
    if len(remaining) == 1 and len(reached) > 1:
        # Everyone else is out (a double loss or a drop emptied the other side): the last
        # player remaining wins, with no final left to play (Bushiroad 3.2.3).
        reached[remaining[0]] = total + 1
    labelled: dict[PlayerId, tuple[int, str]] = {}
    for p, r in reached.items():
        group = total - r + 1
        depth = 2 * r + (0 if p in out else 1)
        labelled[p] = (depth, placing_label(group, field, decided=p in out or group == 0))
    return labelled
