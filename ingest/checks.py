"""Checks that need a whole assembled event: pairing rules and deck legality.

``scorekeeper validate`` runs these after the file itself is valid.
"""

from __future__ import annotations

from ingest.diagnostics import Diagnostic
from ingest.model import Event
from ingest.project import Project
from ingest.yamldoc import SourceDocument


def event_checks(event: Event, doc: SourceDocument, project: Project) -> list[Diagnostic]:
    """Every check of an assembled event, as positioned diagnostics."""
    del event, doc, project
    return []
