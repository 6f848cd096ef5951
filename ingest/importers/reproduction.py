"""Does an imported event reproduce what its platform published? Row by row.

An imported event file keeps the platform's standings (``source.standings``). This
module computes the event's standings as ``scorekeeper standings`` does and compares each
published row with the computed one:

* points and W-L-D always, as ``scorekeeper standings`` shows them: each platform's
  ruleset counts them as the platform does (Topdeck's W-L-D leave byes out and count the
  top cut; the points never include the top cut except on melee.gg);
* OMW%, GW% and OGW% to the published digits where the profile knows the platform's
  conventions (melee.gg, ManaTraders); elsewhere they are not compared (see the docs).

Events whose standings are the published ones (MTGO Challenges) reproduce by definition
and are reported as such.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.importers.platforms import conventions
from ingest.rules.final_standings import final_standings
from ingest.rules.published import uses_published_standings
from ingest.rules.standings_values import Standings


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One published figure the computed standings do not give."""

    player: PlayerId
    """The player."""
    field: str
    """points, wins, losses, draws, omw, gw or ogw."""
    published: object
    """What the platform published."""
    computed: object
    """What Scorekeeper computes (as the platform would print it)."""


@dataclass(frozen=True, slots=True)
class Reproduction:
    """How an imported event's computed standings compare with the published ones."""

    rows: int
    """Published rows."""
    record_rows: int
    """Rows whose points and W-L-D are reproduced."""
    tiebreaker_rows: int | None
    """Rows whose tiebreakers are reproduced to the published digits (None: not compared)."""
    published_only: bool = False
    """The published standings are the event's standings (nothing is computed)."""
    mismatches: tuple[Mismatch, ...] = field(default=())
    """Every figure that differs."""
    compared: tuple[str, ...] = ("omw", "gw", "ogw")
    """The tiebreakers compared."""

    @property
    def exact(self) -> bool:
        """Whether every compared figure of every row is reproduced."""
        return not self.mismatches

    def summary(self) -> str:
        """The comparison in one line.

        >>> Reproduction(12, 12, 12).summary()
        'reproduces the published standings: points, W-L-D and tiebreakers of 12/12 rows'
        >>> Reproduction(9, 9, None).summary()
        'reproduces the published standings: points and W-L-D of 9/9 rows (tiebreakers not compared)'
        """
        if not self.rows:
            return "no published standings to compare with"
        if self.published_only:
            return f"keeps the {self.rows} published rows as the standings (the rounds were not all published)"
        if self.tiebreaker_rows is None:
            what = f"points and W-L-D of {self.record_rows}/{self.rows} rows (tiebreakers not compared)"
        elif self.tiebreaker_rows == self.record_rows:
            what = f"points, W-L-D and {self._tiebreakers()} of {self.tiebreaker_rows}/{self.rows} rows"
        else:
            what = (
                f"points and W-L-D of {self.record_rows}/{self.rows} rows, "
                f"{self._tiebreakers()} of {self.tiebreaker_rows}/{self.rows}"
            )
        verb = "reproduces" if self.exact else "differs from"
        return f"{verb} the published standings: {what}"

    def _tiebreakers(self) -> str:
        names = {"omw": "OMW%", "gw": "GW%", "ogw": "OGW%"}
        if set(self.compared) == set(names):
            return "tiebreakers"
        return " and ".join(names[t] for t in self.compared)


def reproduce(event: Event, table: Standings | None = None) -> Reproduction:
    """Compares the event's computed standings with the standings its platform published.

    Args:
        event: an imported event (with ``source.standings``).
        table: its final standings, when the caller has computed them.
    """
    source = event.origin
    if source is None or not source.standings:
        return Reproduction(0, 0, None)
    if uses_published_standings(event):
        n = len(source.standings)
        return Reproduction(n, n, n, published_only=True)
    conv = conventions(source.platform)
    table = table if table is not None else final_standings(event)
    rows = {r.player: r for r in table.rows}
    compared = tuple(t for t in conv.compared if any(t == tb for tb in table.tiebreakers))
    compare_tbs = bool(compared)
    exact_digits = table.ruleset.platform.publish_precision is not None
    mismatches: list[Mismatch] = []
    record_ok = tiebreaker_ok = 0
    for pub in source.standings:
        row = rows.get(pub.player)
        if row is None:
            mismatches.append(Mismatch(pub.player, "row", "a row", "no row"))
            continue
        rec = row.record  # as `scorekeeper standings` shows it: the platform's ruleset counts as it does
        wins, losses, draws = rec.wins, rec.losses, rec.draws
        points = rec.points
        found = []
        for name, published, computed in (
            ("points", pub.points, points),
            ("wins", pub.wins, wins),
            ("losses", pub.losses, losses),
            ("draws", pub.draws, draws),
        ):
            if published is not None and published != computed:
                found.append(Mismatch(pub.player, name, published, computed))
        record_ok += not found
        if compare_tbs:
            tb_found = []
            for name in compared:
                published_value: Fraction | None = getattr(pub, name)
                if published_value is None or not row.has(name):
                    continue
                computed_value = table.published(row, name)
                if exact_digits:
                    same = computed_value == published_value
                else:  # printed at full floating-point precision (Topdeck)
                    same = abs(computed_value - published_value) <= _FLOAT_NOISE
                if not same:
                    tb_found.append(Mismatch(pub.player, name, published_value, computed_value))
            tiebreaker_ok += not tb_found and not found
            found += tb_found
        mismatches += found
    n = len(source.standings)
    return Reproduction(
        n, record_ok, tiebreaker_ok if compare_tbs else None, False, tuple(mismatches), compared=compared
    )


_FLOAT_NOISE = Fraction(1, 10**9)
"""How far a value printed as a binary float may be from the exact one."""
