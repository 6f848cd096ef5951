"""Wheel of Time CCG cycle pairing: who plays whom, with which deck, and who gets the bye.

WoT rules, Running the Event, Between Games, Between Cycles and Expanded Set-Up
Rules. A Cycle is two Games; each player uses his Hero deck in one and his Villain
deck in the other (a bye counts as a side).

* **Game 1 of Cycle 1**: seeded shuffle; first player Hero and second Villain at
  table 1, and so on; an odd player out gets the bye as Hero.
* **Game 2 of a Cycle**: the previous Game's Hero pile and Villain pile (a bye in
  its side), each ranked by total score. Rank k meets rank k, and everyone
  switches decks. The bye goes to the lowest-ranked player of the larger pile,
  which is the previous Heroes since the previous bye counted as Hero. He counts
  as Villain.
* **Game 1 of later Cycles**: one ranked list, 1v2, 3v4, ..., the higher-ranked
  player plays Hero. The bye goes to the lowest-ranked Villain of the previous
  Game and counts as Hero.

Ranking is by total game points, then total tie-breaking points. Players still
equal are ordered by a shuffle seeded with the event seed and the game number
(WoT rules, Between Games: the judge may order such players as he sees fit, and
the bye goes to a random one of several tied lowest).

Readings the code relies on (each is tested):

* **Byes.** A player never gets a bye while someone has had fewer. This is the
  rules' one-bye-each-until-everyone-has-had-one rule, applied again for second
  byes. The ineligible lowest player passes the bye to the player immediately
  above. If nobody in the pool the rules name is eligible, Game 1 of a Cycle
  (which has no deck constraint) takes the lowest-ranked eligible player of the
  whole list. Game 2 cannot: only the larger pile can spare a player without
  someone playing the same deck twice in a Cycle, so it gives a second bye, with
  a note. Game 1 of a Cycle prevents that case: if no player who plays Hero in it
  (the bye included) could take the next bye, the table whose Villain is the
  lowest-ranked eligible player swaps decks. This departs from the rule that the
  higher-ranked player plays Hero. A swap that does not repeat a same-deck
  pairing is preferred. In tiny events (three players) where every swap repeats
  one, fair byes win over the same-deck rule, because a bye is worth 2 game
  points and a repeated deck pairing costs nothing in points.
* **Rematches.** Two rules apply. Expanded Set-Up Rules: never the same two
  players with the same decks, and a lower-ranked player is moved down a place
  to avoid it. Between Games: if at all possible, never the same opponent twice.
  The pairing first keeps same-deck repeats to the fewest possible (zero whenever
  any pairing allows it). Among those pairings it keeps rematches of any kind to
  the fewest possible. Among those it takes the pairing the moving-down procedure
  reaches first: working from the top, the highest-ranked unpaired player takes
  the highest-ranked opponent that still allows such a best pairing. Moving a
  player down "as needed" is read as the top player trying the next opponent in
  line; the skipped players keep their order. Swapping two neighbours back and
  forth would never end. In Game 2 of a Cycle the top player is the higher-ranked
  of the two pile tops. Optimality is checked with a maximum-weight matching
  (``rustworkx``), so the procedure never paints itself into a corner at the
  bottom of the list.
* **Removed players.** A player declared forfeit is removed from the tournament
  (Standard Tournament Floor Rules) and is not paired again.
* **Drops and late entries** (not covered by the rules). In Game 2 of a Cycle, a
  player who did not play the previous Game joins the smaller pile. If drops leave
  the piles two or more apart, the lowest-ranked players of the larger pile move
  across and play the same deck again. Both cases are noted.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import rustworkx as rx

from ingest.wot.scoring import WotTotals, removed_players, wot_totals
from ingest.wot.values import WotRound, WotSide, is_first_game_of_cycle

__all__ = ["WotPairing", "pair_wot_game"]


@dataclass(frozen=True, slots=True)
class WotPairing:
    """The pairings of one Game."""

    game_number: int
    """Which Game of the event this pairs (1-based)."""
    tables: tuple[tuple[str, str], ...]
    """``(hero, villain)`` per table, table 1 first."""
    bye: tuple[str, WotSide] | None
    """The player with the bye and the side it counts as, or ``None``."""
    ranking: tuple[str, ...] = ()
    """The players paired, in the order used (Game 1: the shuffled pile; later:
    total score, ties in seeded order)."""
    notes: tuple[str, ...] = ()
    """Every departure from the plain procedure (moved players, unavoidable
    rematches, bye passed up, decks swapped), for the TO."""


@dataclass(slots=True)
class _State:
    """What the history says about the active players (internal, built once per call)."""

    ranking: list[str]
    position: dict[str, int]
    byes: Counter[str]
    met: Counter[frozenset[str]]
    decks: Counter[tuple[str, str]]
    previous_side: dict[str, WotSide]
    notes: list[str]
    heavy: int
    """Weight of one same-deck repeat: more than all possible plain rematches together."""
    names: Mapping[str, str]
    """How the notes name each player (an id without a name is named by its id)."""

    def name(self, player: str) -> str:
        """The player as the notes name them."""
        return self.names.get(player, player)

    def cost(self, hero: str, villain: str) -> int:
        """Penalty of seating ``hero`` against ``villain``: same-deck repeats outweigh
        any number of other rematches."""
        return self.heavy * self.decks[(hero, villain)] + self.met[frozenset((hero, villain))]

    def eligible_for_bye(self, counts: Mapping[str, int] | None = None) -> set[str]:
        """Players with the fewest byes so far."""
        counts = self.byes if counts is None else counts
        fewest = min(counts[p] for p in self.ranking)
        return {p for p in self.ranking if counts[p] == fewest}

    def lowest(self, pool: Sequence[str], allowed: set[str]) -> str | None:
        """The lowest-ranked player of ``pool`` who is in ``allowed``."""
        for player in reversed(pool):
            if player in allowed:
                return player
        return None


def pair_wot_game(
    history: Sequence[WotRound],
    players: Sequence[str],
    seed: int,
    game_number: int,
    names: Mapping[str, str] | None = None,
) -> WotPairing:
    """Pair Game ``game_number`` of a Wheel of Time event.

    WoT rules, Expanded Set-Up Rules, Between Games, Between Cycles (see the module
    docstring for the readings applied).

    Args:
        history: Results of Games 1 to ``game_number - 1``, in order.
        players: Players still in the event; players declared forfeit in
            ``history`` are left out even if listed.
        seed: The event seed.
        game_number: The Game to pair, from 1.
        names: How the notes name each player (default: by id).

    Returns:
        The tables (Hero first) and the bye.

    Raises:
        ValueError: ``history`` does not hold exactly the previous Games, or
            ``players`` lists someone twice.
        WotInputError: A previous result has errors.
    """
    if game_number != len(history) + 1:
        raise ValueError(f"pairing game {game_number} needs the results of {game_number - 1} games, got {len(history)}")
    if len(set(players)) != len(players):
        raise ValueError("players lists someone twice")
    removed = removed_players(history)
    active = sorted(p for p in players if p not in removed)
    rng = random.Random(f"wot-cycles:{seed}:game-{game_number}")
    if game_number == 1:
        return _pair_first_game(active, rng)
    state = _build_state(history, active, rng, game_number, names or {})
    if is_first_game_of_cycle(game_number):
        tables, bye = _pair_cycle_opening(state)
    else:
        tables, bye = _pair_cycle_second_game(state)
    for number, (hero, villain) in enumerate(tables, start=1):
        if state.decks[(hero, villain)]:
            state.notes.append(
                f"table {number}: {state.name(hero)} (Hero) and {state.name(villain)} (Villain) meet again "
                "with the same decks"
            )
        elif state.met[frozenset((hero, villain))]:
            state.notes.append(
                f"table {number}: {state.name(hero)} (Hero) and {state.name(villain)} (Villain) meet again"
            )
    return WotPairing(game_number, tables, bye, tuple(state.ranking), tuple(state.notes))


def _pair_first_game(active: list[str], rng: random.Random) -> WotPairing:
    """Game 1 of Cycle 1: shuffle the score sheets, deal Hero/Villain per table."""
    order = list(active)
    rng.shuffle(order)
    tables = tuple(zip(order[0:-1:2], order[1::2], strict=True))
    bye = (order[-1], WotSide.HERO) if len(order) % 2 else None
    return WotPairing(1, tables, bye, tuple(order))


def history_counts(
    history: Sequence[WotRound],
) -> tuple[Counter[str], Counter[frozenset[str]], Counter[tuple[str, str]]]:
    """So far: byes per player, Games per pair of players, Games per (Hero, Villain)."""
    byes: Counter[str] = Counter()
    met: Counter[frozenset[str]] = Counter()
    decks: Counter[tuple[str, str]] = Counter()
    for record in history:
        byes.update(bye.player for bye in record.byes)
        for game in record.games:
            met[frozenset((game.hero, game.villain))] += 1
            decks[(game.hero, game.villain)] += 1
    return byes, met, decks


def previous_sides(history: Sequence[WotRound], game_number: int) -> dict[str, WotSide]:
    """Each player's side in the last Game of ``history`` (Game ``game_number - 1``); a bye
    counts as the side the rules give it."""
    previous = history[-1]
    sides = {game.hero: WotSide.HERO for game in previous.games}
    sides |= {game.villain: WotSide.VILLAIN for game in previous.games}
    return sides | {bye.player: bye.resolved_side(game_number - 1) for bye in previous.byes}


def _build_state(
    history: Sequence[WotRound], active: list[str], rng: random.Random, game_number: int, names: Mapping[str, str]
) -> _State:
    totals = wot_totals(history)
    tie_order = list(active)
    rng.shuffle(tie_order)
    shuffled = {p: i for i, p in enumerate(tie_order)}

    def key(player: str) -> tuple[int, Fraction, int]:
        total = totals.get(player, WotTotals())
        return -total.game_points, -total.tiebreak_points, shuffled[player]

    ranking = sorted(active, key=key)
    byes, met, decks = history_counts(history)
    return _State(
        ranking=ranking,
        position={p: i for i, p in enumerate(ranking)},
        byes=byes,
        met=met,
        decks=decks,
        previous_side=previous_sides(history, game_number),
        notes=[],
        heavy=1 + sum(met.values()),
        names=names,
    )


def _pass_bye_up(state: _State, pool: Sequence[str], chosen: str) -> None:
    """Note when the lowest of ``pool`` could not take the bye and it moved up."""
    if pool and pool[-1] != chosen:
        state.notes.append(
            f"bye: {state.name(pool[-1])} has had more byes than others; it passes up to {state.name(chosen)}"
        )


def _pair_cycle_opening(
    state: _State,
) -> tuple[tuple[tuple[str, str], ...], tuple[str, WotSide] | None]:
    """Game 1 of Cycle 2 and later: one list, 1v2, 3v4, ..., higher-ranked plays Hero."""
    order = list(state.ranking)
    bye: tuple[str, WotSide] | None = None
    if len(order) % 2:
        eligible = state.eligible_for_bye()
        pool = [p for p in order if state.previous_side.get(p) is WotSide.VILLAIN]
        chosen = state.lowest(pool, eligible)
        if chosen is None:
            chosen = state.lowest(order, eligible)
            assert chosen is not None  # someone always has the fewest byes
            state.notes.append(
                f"bye: every Villain of the previous game has had a bye; {state.name(chosen)}, the "
                "lowest-ranked player with fewest byes, gets it"
            )
        else:
            _pass_bye_up(state, pool, chosen)
        order.remove(chosen)
        bye = (chosen, WotSide.HERO)

    def cost(a: str, b: str) -> int:
        higher, lower = (a, b) if state.position[a] < state.position[b] else (b, a)
        return state.cost(higher, lower)

    pairs = _ordered_matching(
        state,
        order,
        anchor=lambda rest: rest[0],
        candidates=lambda top, rest: [p for p in rest if p != top],
        cost=cost,
    )
    tables = [(a, b) if state.position[a] < state.position[b] else (b, a) for a, b in pairs]
    if bye is not None:
        _keep_next_bye_possible(state, tables, bye[0])
    return tuple(tables), bye


def _keep_next_bye_possible(state: _State, tables: list[tuple[str, str]], bye: str) -> None:
    """Swap decks at one table if otherwise no Hero of this Game could take the next bye.

    The next Game's bye must come from this Game's Heroes (bye included) to keep one
    Hero and one Villain game per Cycle, and must go to a player with the fewest byes.
    """
    counts = Counter(state.byes)
    counts[bye] += 1
    eligible = state.eligible_for_bye(counts)
    if bye in eligible or any(hero in eligible for hero, _ in tables):
        return
    # The lowest-ranked eligible Villain (he would get the next bye anyway), preferring
    # a swap that does not repeat a pairing with the same decks.
    index = min(
        (i for i, (_, villain) in enumerate(tables) if villain in eligible),
        key=lambda i: (state.decks[(tables[i][1], tables[i][0])], -state.position[tables[i][1]]),
    )
    hero, villain = tables[index]
    tables[index] = (villain, hero)
    repeat = " (every such swap repeats a same-deck pairing)" if state.decks[(villain, hero)] else ""
    state.notes.append(
        f"table {index + 1}: {state.name(villain)} plays Hero instead of the higher-ranked {state.name(hero)}, "
        f"so that the next bye can go to a player with the fewest byes{repeat}"
    )


def _pair_cycle_second_game(
    state: _State,
) -> tuple[tuple[tuple[str, str], ...], tuple[str, WotSide] | None]:
    """Game 2 of a Cycle: previous Heroes meet previous Villains rank for rank, decks switch."""
    piles: dict[WotSide, list[str]] = {
        side: [p for p in state.ranking if state.previous_side.get(p) is side] for side in WotSide
    }
    for player in state.ranking:
        if player not in state.previous_side:
            side = WotSide.HERO if len(piles[WotSide.HERO]) < len(piles[WotSide.VILLAIN]) else WotSide.VILLAIN
            piles[side].append(player)
            state.notes.append(
                f"{state.name(player)} did not play the previous game and joins the {side.value.title()} pile "
                f"(plays {side.other.value.title()})"
            )
    for pile in piles.values():
        pile.sort(key=lambda p: state.position[p])
    bye: tuple[str, WotSide] | None = None
    if len(state.ranking) % 2:
        larger = max(WotSide, key=lambda s: (len(piles[s]), s is WotSide.HERO))
        pile = piles[larger]
        chosen = state.lowest(pile, state.eligible_for_bye())
        if chosen is None:
            fewest = min(state.byes[p] for p in pile)
            chosen = state.lowest(pile, {p for p in pile if state.byes[p] == fewest})
            assert chosen is not None
            state.notes.append(
                f"bye: every {larger.value.title()} of the previous game has had a bye; {state.name(chosen)} "
                "gets another one (a player outside that pile would play the same deck "
                "twice in this cycle)"
            )
        else:
            _pass_bye_up(state, pile, chosen)
        pile.remove(chosen)
        bye = (chosen, larger.other)
    while abs(len(piles[WotSide.HERO]) - len(piles[WotSide.VILLAIN])) >= 2:
        larger = max(WotSide, key=lambda s: len(piles[s]))
        moved = piles[larger].pop()
        piles[larger.other].append(moved)
        piles[larger.other].sort(key=lambda p: state.position[p])
        state.notes.append(
            f"{state.name(moved)} moves to the {larger.other.value.title()} pile to even out the piles and plays "
            f"{larger.value.title()} again"
        )
    # Previous Heroes now play Villain and vice versa.
    new_villains, new_heroes = piles[WotSide.HERO], piles[WotSide.VILLAIN]
    villain_set = set(new_villains)

    def anchor(rest: list[str]) -> str:
        tops = [
            next(p for p in rest if p in villain_set),
            next(p for p in rest if p not in villain_set),
        ]
        return min(tops, key=lambda p: state.position[p])

    def candidates(player: str, rest: list[str]) -> list[str]:
        return [p for p in rest if (p in villain_set) != (player in villain_set)]

    def cost(a: str, b: str) -> int:
        return state.cost(b, a) if a in villain_set else state.cost(a, b)

    everyone = sorted(new_villains + new_heroes, key=lambda p: state.position[p])
    pairs = _ordered_matching(state, everyone, anchor, candidates, cost)
    tables = tuple((b, a) if a in villain_set else (a, b) for a, b in pairs)
    return tables, bye


def _ordered_matching(
    state: _State,
    order: list[str],
    anchor: Callable[[list[str]], str],
    candidates: Callable[[str, list[str]], list[str]],
    cost: Callable[[str, str], int],
) -> list[tuple[str, str]]:
    """Pair ``order`` top-down, each anchor taking the first candidate that still allows
    a pairing of least cost (see the module docstring, Rematches).

    Args:
        state: Ranking and history.
        order: Players to pair, ranked.
        anchor: The player to seat next, from the unpaired ones.
        candidates: His possible opponents, in the order the rules try them.
        cost: Penalty of seating two players together (symmetric).

    Returns:
        ``(anchor, opponent)`` per table, in seating order.
    """

    rest = list(order)
    best, partner = _least_cost(rest, candidates, cost)
    pairs: list[tuple[str, str]] = []
    while rest:
        top = anchor(rest)
        options = candidates(top, rest)
        for option in options:
            edge = cost(top, option)
            if edge > best:
                continue
            remaining = [p for p in rest if p not in (top, option)]
            found = _with_pair(partner, top, option, best, remaining, candidates, cost)
            if found is None:
                continue
            if option != options[0]:
                state.notes.append(
                    f"table {len(pairs) + 1}: {state.name(top)} plays {state.name(option)} instead of "
                    f"{state.name(options[0])}, who moves down to avoid a rematch"
                )
            pairs.append((top, option))
            rest, (best, partner) = remaining, found
            break
        else:  # pragma: no cover - the optimal matching always offers one option
            raise AssertionError(f"no opponent found for {top}")
    return pairs


def _with_pair(
    partner: dict[str, str],
    top: str,
    option: str,
    best: int,
    remaining: list[str],
    candidates: Callable[[str, list[str]], list[str]],
    cost: Callable[[str, str], int],
) -> tuple[int, dict[str, str]] | None:
    """A least-cost pairing of ``remaining`` that, with ``top``-``option``, still costs
    ``best``; ``None`` if there is none.

    Tries the cheap ways first: the known optimal pairing may already seat the two
    together, or swapping partners with it may cost nothing extra. Only then does it
    solve the rest from scratch.
    """
    edge = cost(top, option)
    if partner[top] == option:
        rest = {a: b for a, b in partner.items() if a not in (top, option)}
        return best - edge, rest
    mate_top, mate_option = partner[top], partner[option]
    if mate_option in candidates(mate_top, [*remaining]):
        swapped = edge + cost(mate_top, mate_option) - cost(top, mate_top)
        swapped -= cost(option, mate_option)
        if swapped <= 0:
            rest = {a: b for a, b in partner.items() if a not in (top, option)}
            rest[mate_top], rest[mate_option] = mate_option, mate_top
            return best - edge, rest
    rest_best, rest = _least_cost(remaining, candidates, cost)
    return (rest_best, rest) if edge + rest_best == best else None


def _least_cost(
    players: list[str],
    candidates: Callable[[str, list[str]], list[str]],
    cost: Callable[[str, str], int],
) -> tuple[int, dict[str, str]]:
    """Least total cost of pairing all ``players``, and each player's partner in one
    pairing that reaches it."""
    if not players:
        return 0, {}
    graph: rx.PyGraph = rx.PyGraph()
    index = {p: graph.add_node(p) for p in players}
    edges: list[tuple[str, str, int]] = []
    for i, a in enumerate(players):
        allowed = set(candidates(a, players))
        edges += ((a, b, cost(a, b)) for b in players[i + 1 :] if b in allowed)
    ceiling = 1 + max((c for _, _, c in edges), default=0)
    for a, b, c in edges:
        graph.add_edge(index[a], index[b], ceiling - c)
    matched = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    if 2 * len(matched) != len(players):
        raise AssertionError("cannot pair every player")
    partner: dict[str, str] = {}
    for i, j in matched:
        partner[players[i]], partner[players[j]] = players[j], players[i]
    total = sum(cost(players[i], players[j]) for i, j in matched)
    return total, partner
