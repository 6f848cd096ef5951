"""The :class:`Ruleset` value: every scoring and ranking choice as data."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

THIRD = Fraction(1, 3)
"""A floor of exactly one third."""
MTR_FLOOR = Fraction(33, 100)
"""The 0.33 floor written in MTR Appendix C."""


@dataclass(frozen=True, slots=True)
class Era:
    """A period in which a platform computed standings a particular way."""

    name: str
    """Short label (A, B, C1, C2)."""
    applies: tuple[str | None, str | None, tuple[int, ...]]
    """(first date or None, last date or None, published precisions it covers; empty = any)."""
    options: tuple[tuple[str, Any], ...]
    """Fields this era overrides, the ruleset's or its platform conventions' (:meth:`Ruleset.with_options`)."""

    def matches(self, date: dt.date, precision: int | None) -> bool:
        """Whether an event on ``date`` published with ``precision`` decimals is in this era."""
        first, last, precisions = self.applies
        if first and date < dt.date.fromisoformat(first):
            return False
        if last and date > dt.date.fromisoformat(last):
            return False
        return not precisions or precision in precisions


@dataclass(frozen=True, slots=True)
class Sections:
    """The sections of a ruleset's own document that messages, hints and pages cite: an
    Aequitas event cites the Aequitas rules, a Bushiroad event Bushiroad's, never the MTR.

    Defaults are the MTR's (seed 004); an empty string is a topic the document has no section
    on (the Wheel of Time rules say nothing of drops)."""

    match: str = "MTR 2.1"
    """How a match is played: the game wins it needs, drawn games not counting toward them."""
    time: str = "MTR 2.4"
    """What happens when time is called: no new game begins."""
    knockout: str = "MTR 2.4"
    """A knockout match (playoff, single elimination) has a winner; no draws."""
    intentional_draw: str = "MTR 2.5"
    """Players agreeing to a draw: how it is reported, or that it is not allowed."""
    drop: str = "MTR 2.10"
    """Dropping from a tournament."""
    drop_after_cut: str = "MTR 2.10"
    """A player who leaves after the cut is not replaced."""
    points: str = "MTR Appendix C"
    """Match points, and the tiebreakers after them."""
    teams: str = "MTR 8.2"
    """Team events: a team's members, and a member's drop taking the team with it."""


@dataclass(frozen=True, slots=True)
class PlatformConventions:
    """How a tournament platform computes and publishes standings where it departs from the
    rules as written: its rounding, its floors and empty values, what counts in a record,
    when a player is evaluated, and how it orders equal points. A ruleset's own rules (points,
    floors, tiebreakers, the playoff) are the :class:`Ruleset`'s fields; the compatibility
    profiles (:mod:`ingest.core.rulesets.profiles`, ``conformance/README.md``) are the MTR
    with one of these. The defaults are no platform: the rules as written, exactly.
    """

    publish_precision: int | None = None
    """Decimals the platform publishes (None: exact values)."""
    rank_on_published: bool = False
    """Compare tiebreakers as published (rounded), not exactly."""
    intermediate_precision: int | None = None
    """Round opponents' MW%/GW% to this many decimals before averaging (melee era C2)."""
    floor_constant: Fraction | None = None
    """A decimal constant published instead of the floor when the floor applies (melee era C1)."""
    no_match_values: tuple[Fraction, Fraction, Fraction] | None = None
    """(OMW, GW, OGW) published for a player with no matches at all (platform quirk)."""
    double_loss_opponents: bool = False
    """Whether two players given a double loss count as each other's opponent."""
    byes_in_wins: bool = True
    """Whether a bye counts in the W of W-L-D (it always scores its points; Topdeck: no)."""
    playoff_in_record: bool = False
    """Whether top-cut matches count in points, W-L-D and tiebreakers (melee)."""
    playoff_in_wld: bool = False
    """Whether the final standings' W-L-D count top-cut matches that the points do not (Topdeck)."""
    playoff_places: bool = True
    """Whether the top cut's final places come from the playoff (manatraders: no)."""
    phased: bool = False
    """Evaluate each player at the end of the last phase they took part in (melee)."""
    dropped_frozen: bool = False
    """Evaluate a dropped player at the last round they played (melee era A)."""
    rank_rounds_played: bool = False
    """Among equal points, more rounds played ranks higher (manatraders)."""


AS_WRITTEN = PlatformConventions()
"""No platform's conventions: the rules as written, computed exactly."""

PLATFORM_FIELDS = frozenset(PlatformConventions.__dataclass_fields__)
"""The names of :class:`PlatformConventions`' fields (an :class:`Era` may override them too)."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Points, tiebreakers, floors and ranking conventions of one ruleset.

    Defaults are the MTR as written (Appendix C).
    """

    id: str
    """Registry id, as written in an event's ``rules:``."""
    name: str
    """Display name."""
    source: str
    """Where the rules come from (shown on the rules page)."""
    win_points: int = 3
    """Match points for a win (MTR Appendix C: 3)."""
    win_points_chosen: bool = False
    """Whether an event may give a win another number of points (``structure.points_per_win``):
    Bushiroad 3.2.1, "1 point for each win (there are certain precedents where 3 points are
    awarded)"; the MTR's are fixed (Appendix C)."""
    draw_points: int = 1
    """Match points for a draw."""
    loss_points: int = 0
    """Match points for a loss."""
    bye_games: tuple[int, int] = (2, 0)
    """A bye counts as this game score (MTR Appendix C: a 2-0 win)."""
    loss_games: tuple[int, int] = (0, 2)
    """A match loss without an opponent counts as this game score (0-2, mirroring the bye)."""
    double_loss_games: tuple[int, int] = (0, 0)
    """Each side of a double loss counts as this game score (no games were played)."""
    tiebreakers: tuple[str, ...] = ("omw", "gw", "ogw")
    """Tiebreaker ids after match points, in order (see :mod:`ingest.rules.tiebreakers`)."""
    mw_floor: Fraction = MTR_FLOOR
    """Lowest match-win percentage used (for opponents' averages)."""
    gw_floor: Fraction | None = MTR_FLOOR
    """Floor of a player's own game-win percentage (None: not floored)."""
    ogw_floor: Fraction = MTR_FLOOR
    """Floor of each opponent's game-win percentage inside OGW%."""
    mw_basis: str = "rounds-played"
    """MW% denominator: rounds-played (MTR) or event-rounds (Bushiroad 3.2.1.2)."""
    mw_truncate: int | None = None
    """Truncate MW% to this many decimals before the floor (Bushiroad: 2)."""
    empty_omw: Fraction = Fraction(0)
    """OMW%/OGW% of a player who has no opponents."""
    empty_gw: Fraction | None = None
    """GW% of a player with no games (None: the GW floor, or 0 if unfloored)."""
    random_final: bool = False
    """Break ties nothing else breaks at random from the seed (Bushiroad 3.2.1.2 step 3)."""
    team_game_points: bool = False
    """Whether team events use game points (MTR Appendix C: no)."""
    playoff_drop: str = "mtr"
    """After a drop in the top cut: mtr (highest-ranked remaining player gets a bye, MTR 2.10),
    aequitas (the dropped player's opponent gets the bye, Aequitas 2.10) or bushiroad (the
    opponent advances, Bushiroad 4.5 and 3.2.3); see :mod:`ingest.pairing.elimination`."""
    finalists_stay: bool = False
    """Whether the finalists stay as decided once the cut is made, whatever a later
    correction to a Swiss result would change (Bushiroad 3.2.4): ``pair --redo`` on playoff
    round 1 then only re-seeds them. Otherwise it makes the cut again from the corrected
    standings (MTR, Aequitas: the Head Judge decides)."""
    rounds_table: str = "mtr"
    """Recommended rounds: mtr, aequitas or bushiroad."""
    timeout_loses_both: bool = False
    """Whether a knockout match that runs out of time is a loss for both players (Bushiroad
    3.2.3); otherwise it is played until someone wins (MTR 2.4, Aequitas 2.5.2)."""
    intentional_draws: bool = True
    """Whether players may agree to a draw (MTR 2.5, Aequitas 2.4: yes; Bushiroad 4.4: no).
    Where they may not, a score that records one (``0-0-3`` in best of three) is refused."""
    team_kinds: tuple[str, ...] = ("mtr-team", "two-headed-giant")
    """The team events the rules define (``structure.team_kind``): MTR 8 teams and MTR 9
    Two-Headed Giant; Bushiroad 5.1 tag and trio fights; none for the Aequitas and Wheel of
    Time rules. ``scorekeeper new`` sets up only these."""
    sections: Sections = Sections()
    """The sections of this ruleset's own document that messages cite."""
    platform: PlatformConventions = AS_WRITTEN
    """A platform's conventions (compatibility profiles); the rules as written otherwise."""
    eras: tuple[Era, ...] = field(default=())
    """Dated variants (compatibility profiles)."""

    def for_event(self, *, date: dt.date, precision: int | None = None, points_per_win: int | None = None) -> Ruleset:
        """This ruleset with the options an event's date, precision and structure select."""
        rules = self
        for era in self.eras:
            if era.matches(date, precision):
                rules = rules.with_options(**dict(era.options))
                break
        if precision is not None and rules.platform.publish_precision is not None:
            rules = rules.with_options(publish_precision=precision)
        if points_per_win is not None and self.win_points_chosen:
            rules = replace(rules, win_points=points_per_win)
        return rules

    def with_options(self, **options: Any) -> Ruleset:
        """This ruleset with some fields changed, its own or its platform conventions'
        (:data:`PLATFORM_FIELDS`), by name (an :class:`Era`'s options, an imported event's).

        >>> from ingest.core.rulesets import get_ruleset
        >>> r = get_ruleset("mtr").with_options(publish_precision=3, gw_floor=None)
        >>> r.platform.publish_precision, r.gw_floor
        (3, None)
        """
        own = {k: v for k, v in options.items() if k not in PLATFORM_FIELDS}
        theirs = {k: v for k, v in options.items() if k in PLATFORM_FIELDS}
        return replace(self, **own, platform=replace(self.platform, **theirs)) if theirs else replace(self, **own)

    def era_name(self, *, date: dt.date, precision: int | None = None) -> str:
        """The era label that applies, or an empty string."""
        return next((e.name for e in self.eras if e.matches(date, precision)), "")
