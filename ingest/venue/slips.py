"""The round as the venue prints it: the site's wall sheet and result slips
(:meth:`ingest.site.family_views.FamilyViews.printed_round`, the same the published site
prints), each slip with its table's code and a QR code to its report form.

Codes are printed on the slips and nowhere else players can read: a slip lies on its own
table, so its code opens only the match played there.
"""

from __future__ import annotations

from dataclasses import replace

from ingest.site.family_views import views_of
from ingest.site.print_views import PrintedRound
from ingest.site.qr import qr_code
from ingest.source.project import Project
from ingest.venue.codes import shown_code
from ingest.venue.events import LiveEvent


def printed_with_codes(live: LiveEvent, project: Project, address: str) -> PrintedRound | None:
    """The round being played, printed with a code on each slip (None before round 1)."""
    del project
    event = live.event
    if event is None or live.current is None:
        return None
    stage, number = live.current
    rnd = (event.playoff if stage == "playoff" else event.rounds)[number - 1]
    printed = views_of(event).printed_round(event, rnd, live.names, None)
    by_table = {t.table: t for t in live.current_tables() if t.table is not None}
    slips = []
    for slip in printed.slips:
        table = by_table.get(slip.table) if isinstance(slip.table, int) else None
        code = live.code_of(table.subject) if table is not None else ""
        if not code:
            slips.append(slip)
            continue
        url = f"{address}/report/{code}"
        qr = qr_code(url, f"sk-qr-slip-{table.table if table else ''}")
        slips.append(replace(slip, code=shown_code(code), report_url=f"{address}/report", qr=qr))
    return replace(printed, slips=tuple(slips))
