"""The ranker (:meth:`Ranker.rank`, built for speed) and the plain reference ranking
(:func:`reference_ranking`, written as the rules read) agree on every standings table.

MTR Appendix C (and Aequitas): match points, OMW%, GW%, OGW%; the compatibility profiles'
rounding and rounds played (manatraders); Bushiroad 3.2.1.2: points, OMW%, OOMW%, head to
head, then the seeded random method.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.core.rounds import MatchKind
from ingest.rules.event_ruleset import tiebreakers_for
from ingest.rules.standings import standings_by_round
from ingest.rules.standings_ranking import seeded_order
from ingest.rules.standings_reference import reference_ranking
from tests.rules.test_standings_properties import tournaments

RULESETS = ["mtr", "aequitas", "bushiroad", "mtr-melee", "mtr-manatraders", "mtr-topdeck"]


def _beat(event: Event, rounds: int) -> dict[tuple[PlayerId, PlayerId], int]:
    """(winner, loser) -> matches won, in the first ``rounds`` rounds, counted from the file."""
    out: dict[tuple[PlayerId, PlayerId], int] = {}
    for rnd in event.rounds[:rounds]:
        for m in rnd.matches:
            winner = m.winner() if m.kind is MatchKind.PLAYED else None
            if winner is not None:
                loser = m.players[1] if winner == m.players[0] else m.players[0]
                out[(winner, loser)] = out.get((winner, loser), 0) + 1
    return out


@settings(max_examples=200, deadline=None)
@given(tournaments(), st.sampled_from(RULESETS))
def test_the_ranker_ranks_as_the_reference_does(event: Event, rules: str) -> None:
    seed_key = {p.id: seeded_order(event.seed, p.id) for p in event.players}
    for standings in standings_by_round(event, rules):
        ruleset = standings.ruleset
        expected = reference_ranking(
            sorted(standings.rows, key=lambda r: r.player),  # from the values alone, not the ranker's order
            ruleset,
            tiebreakers_for(event, ruleset),
            seed_key,
            _beat(event, standings.after_round),
        )
        h2h = [{tid: n for tid, n, _ in r.values}.get("h2h", 0) for r in standings.rows]
        got = [(r.rank, r.player, r.shared, w) for r, w in zip(standings.rows, h2h, strict=True)]
        assert got == expected


def test_head_to_head_and_the_seed_order_a_bushiroad_tie() -> None:
    """Three fighters level on everything, one of whom beat another: the winner ranks above
    the loser (Bushiroad 3.2.1.2 step 2); the seed places the third."""
    from ingest.core.rulesets import get_ruleset
    from ingest.rules.standings_values import Record, Row

    def row(player: str) -> Row:
        return Row(0, PlayerId(player), player, Record(1, 1, 1, 0, 0, 2, 0, 0, ()), (("omw", 1, 2), ("oomw", 1, 2)))

    seed_key = {PlayerId("a"): b"\x03", PlayerId("b"): b"\x01", PlayerId("c"): b"\x02"}
    beat = {(PlayerId("a"), PlayerId("b")): 1}
    ranked = reference_ranking(
        [row("a"), row("b"), row("c")], get_ruleset("bushiroad"), ("omw", "oomw", "h2h"), seed_key, beat
    )
    # b is first in the seed's order but was beaten by a, who is still in: c (unbeaten, before a in the seed) leads
    assert ranked == [(1, "c", False, 0), (2, "a", False, 1), (3, "b", False, 0)]
