"""Checks that need a whole assembled event: pairing rules, game records and deck legality.

``scorekeeper validate`` runs these after the file itself is valid.
"""

from __future__ import annotations

from ingest.diagnostics import Diagnostic
from ingest.model import Event
from ingest.project import Project
from ingest.yamldoc import SourceDocument


def event_checks(event: Event, doc: SourceDocument, project: Project) -> list[Diagnostic]:
    """Every check of an assembled event, as positioned diagnostics."""
    del doc, project
    out: list[Diagnostic] = []
    if event.structure.pairing == "wot-cycles":
        from ingest.wot_event import wot_diagnostics

        out.extend(wot_diagnostics(event))
    return out
