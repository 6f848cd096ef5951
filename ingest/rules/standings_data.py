"""A standings table as plain data, for JSON: the API's event documents and ``standings --json``.

Exact values travel as ``"p/q"`` strings next to the floats, so a reader can sort on full
precision as the rules do (MTR Appendix C).
"""

from __future__ import annotations

import math
from typing import Any

from ingest.core.model import Event
from ingest.rules.standings_values import Standings


def standings_as_data(event: Event, table: Standings) -> list[dict[str, Any]]:
    """Standings rows as plain data: exact values as "p/q" strings next to floats."""
    out = []
    for row in table.rows:
        rec = row.record
        item: dict[str, Any] = {
            "rank": row.rank,
            "player": row.player,
            "name": row.name,
            "points": rec.points,
            "wins": rec.wins,
            "losses": rec.losses,
            "draws": rec.draws,
            "byes": rec.byes,
            "dropped": row.dropped,
        }
        if row.place:
            item["place"] = row.place
        for tid, n, d in row.values:
            if table.ruleset.platform.publish_precision is not None:
                item[tid] = float(table.published(row, tid))
            else:
                item[tid] = n / d or 0.0  # correctly rounded, as float(Fraction(n, d)); never -0.0
            g = math.gcd(n, d) * (-1 if d < 0 else 1)
            item[f"{tid}_exact"] = f"{n // g}/{d // g}"
        out.append(item)
    return out
