"""A result typed in an issue of an MTR-style event: games won-lost(-drawn) from the player's
side (``2-1``, ``Won 2–1``, ``lost 1-2``), ``double loss``, and one result per seat, in seat
order, in a team match (MTR 8.2, Bushiroad 5.2)."""

from __future__ import annotations

import re

from ingest.core.model import Event
from ingest.venue.tables import Side, Table

DASHES = str.maketrans({"–": "-", "—": "-", "‐": "-", "‑": "-", "−": "-", ":": "-"})
"""What a phone's keyboard types for the hyphen of ``2-1``."""
_WORDS = re.compile(r"\b(won|win|lost|loss|lose|draw|drew|drawn)\b")


class MatchWords:
    """The MTR-style family's typed results."""

    def fields(self, table: Table, text: str) -> dict[str, str]:
        """``result`` (``seat1``... in a team match), as the venue's form sends them.

        >>> t = Table("e", "rounds", 1, 1, "Round 1", (Side("a", "A"), Side("b", "B")), "match", None)
        >>> MatchWords().fields(t, " Won 2–1 "), MatchWords().fields(t, "Double loss")
        ({'result': '2-1'}, {'result': 'double-loss'})
        """
        flat = " ".join(text.translate(DASHES).lower().split())
        if flat.replace(" ", "").replace("-", "") == "doubleloss":
            return {"result": "double-loss"}
        flat = " ".join(_WORDS.sub(" ", flat.replace("double loss", "double-loss")).split())
        if table.kind == "team":
            seats = [s for s in re.split(r"[\s,;]+", flat) if s]
            return {f"seat{i + 1}": s for i, s in enumerate(seats)}
        return {"result": flat.replace(" ", "")}

    def how(self, event: Event, table: Table, side: Side, offered: str) -> str:
        del event, side
        if table.kind == "team":
            return f"Write one result per seat, from your team's side, in seat order (each one of {offered})."
        return f"Write the result from your side: {offered}."
