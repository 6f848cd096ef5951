"""Transformers TCG tournament rules of the Aequitas Committee (seed 000).

Appendix C defines the same match points, game points and tiebreakers as the MTR
(3/1/0, bye = 2-0, floors 0.33, order MP, OMW%, GW%, OGW%). 2.5.2 recommends allowing
unintentional draws (the classic health/stars tiebreak procedure is not used), so drawn
matches are ordinary results. 2.10: after a cut, a dropped player's opponent receives a
bye. Appendix E gives the recommended number of rounds. 2.4: players may agree to a draw.
Every message about an Aequitas event cites these sections (``sections``), not the MTR's.
"""

from __future__ import annotations

from dataclasses import replace

from ingest.core.rulesets.base import Sections
from ingest.core.rulesets.mtr import MTR

AEQUITAS = replace(
    MTR,
    id="aequitas",
    name="Transformers TCG Tournament Rules (Aequitas)",
    source="Aequitas rules 2.5.2, 2.10 and Appendix C",
    playoff_drop="aequitas",
    rounds_table="aequitas",
    team_kinds=(),
    sections=Sections(
        match="Aequitas 2.1",
        time="Aequitas 2.5",
        knockout="Aequitas 2.5.2",
        intentional_draw="Aequitas 2.4",
        drop="Aequitas 2.10",
        drop_after_cut="Aequitas 2.10",
        teams="",
        points="Aequitas Appendix C",
    ),
)
