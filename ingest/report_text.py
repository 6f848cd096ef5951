"""Terminal and JSON presentations of standings (used by ``scorekeeper standings``)."""

from __future__ import annotations

import json
import math
from typing import Any

from ingest.model import Event
from ingest.render import pct as percent
from ingest.standings import Standings
from ingest.tiebreakers import get_tiebreaker


def standings_rows(event: Event, table: Standings) -> list[dict[str, Any]]:
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
            if table.ruleset.publish_precision is not None:
                item[tid] = float(table.published(row, tid))
            else:
                item[tid] = n / d or 0.0  # correctly rounded, as float(Fraction(n, d)); never -0.0
            g = math.gcd(n, d) * (-1 if d < 0 else 1)
            item[f"{tid}_exact"] = f"{n // g}/{d // g}"
        out.append(item)
    return out


def standings_json(event: Event, table: Standings) -> str:
    """The ``--json`` document: event, rules, after_round and the rows."""
    doc = {
        "event": event.slug,
        "rules": table.ruleset.id,
        "after_round": table.after_round,
        "final": table.final,
        "complete": table.complete,
        "tiebreakers": list(table.tiebreakers),
        "standings": standings_rows(event, table),
    }
    return json.dumps(doc, ensure_ascii=False, indent=2)


def standings_table(event: Event, table: Standings) -> str:
    """A readable fixed-width table."""
    tbs = [t for t in table.tiebreakers if t != "h2h"]
    heads = ["Rank", "Player", "Pts", "W-L-D", *(get_tiebreaker(t).short for t in tbs)]
    lines = []
    for row in table.rows:
        name = row.name + (" (dropped)" if row.dropped else "") + (f" [{row.place}]" if row.place else "")
        cells = [f"{row.rank}{'=' if row.shared else ''}", name, str(row.record.points), row.record.wld]
        cells += [percent(row.value(t)) for t in tbs]
        lines.append(cells)
    widths = [max(len(str(c)) for c in col) for col in zip(heads, *lines, strict=False)]
    title = f"{event.name}: {'final standings' if table.final else f'standings after round {table.after_round}'}"
    title += f" ({table.ruleset.name})"
    if not table.complete:
        title += " - round in progress"
    out = [title, "  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True))]
    out.append("  ".join("-" * w for w in widths))
    for cells in lines:
        out.append(
            "  ".join(c.ljust(w) if i == 1 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True)))
        )
    return "\n".join(out)
