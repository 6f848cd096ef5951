"""Each family's part of the report form, by the family's id (:data:`FORMS`):
:class:`~ingest.venue.match_form.MatchForm` for the MTR-style family (team matches included),
:class:`~ingest.venue.wot_form.WotForm` for Wheel of Time."""

from __future__ import annotations

from collections.abc import Mapping

from ingest.core.families import family_of
from ingest.core.model import Event
from ingest.venue.match_form import MatchForm
from ingest.venue.tables import ResultForm
from ingest.venue.wot_form import WotForm

FORMS: Mapping[str, ResultForm] = {"mtr": MatchForm(), "wot": WotForm()}
"""Each family's part of the report form, by the family's id."""


def form_of(event: Event) -> ResultForm:
    """The report form of ``event``'s family."""
    return FORMS[family_of(event).id]
