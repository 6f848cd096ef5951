"""Transformers TCG tournament rules of the Aequitas Committee (seed 000).

Appendix C defines the same match points, game points and tiebreakers as the MTR
(3/1/0, bye = 2-0, floors 0.33, order MP, OMW%, GW%, OGW%). 2.5.2 recommends allowing
unintentional draws (the classic health/stars tiebreak procedure is not used), so drawn
matches are ordinary results. 2.10: after a cut, a dropped player's opponent receives a
bye. Appendix E gives the recommended number of rounds.
"""

from __future__ import annotations

from dataclasses import replace

from ingest.rules.rulesets.mtr import MTR

AEQUITAS = replace(
    MTR,
    id="aequitas",
    name="Transformers TCG Tournament Rules (Aequitas)",
    source="Aequitas rules 2.5.2, 2.10 and Appendix C",
    playoff_drop="aequitas",
    rounds_table="aequitas",
)
