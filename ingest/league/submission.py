"""``scorekeeper apply-submission``: one issue event in, one answer out (:class:`~ingest.league.results.Answer`).

Whatever the file holds (not an issue event, an ordinary issue, a body that is not the form,
a body of a megabyte) ends in an answer with a status, never a traceback; only a submission
whose form is filled in as GitHub fills it goes on to be checked and applied.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ingest.league.decklists import DeckDesk
from ingest.league.issue_form import REPORT, NotTheForm, read_body, which_form
from ingest.league.payload import BadPayload, IssueEvent, read_event
from ingest.league.replies import reply
from ingest.league.results import Answer, ResultDesk
from ingest.source.league_config import LeagueSettings
from ingest.source.project import Project
from ingest.venue.codes import VenueKeys

ACTIONS = ("opened", "edited", "reopened")
"""The issue events a submission is read from (the workflow's trigger; others are ignored)."""


def apply_submission(
    project: Project, keys: VenueKeys, settings: LeagueSettings, event_file: Path, *, now: dt.datetime
) -> Answer:
    """Reads the issue event in ``event_file`` and applies the submission it holds (``now``: the
    moment, when the event does not say when the issue was changed)."""
    try:
        issue = read_event(event_file)
    except BadPayload as exc:
        return Answer("ignored", reply("Not an issue event.", str(exc)))
    return apply_issue(project, keys, settings, issue, now=now)


def apply_issue(
    project: Project, keys: VenueKeys, settings: LeagueSettings, issue: IssueEvent, *, now: dt.datetime
) -> Answer:
    """Applies the submission ``issue`` holds (see the module's docstring)."""
    if issue.action not in ACTIONS:
        return Answer("ignored", reply("Nothing to do.", f"Issues are read when opened or edited, not {issue.action}."))
    form = which_form(issue.body, issue.labels)
    if form is None:
        return Answer("ignored", reply("Not a submission.", "This issue was not opened with a Scorekeeper form."))
    try:
        answers = read_body(issue.body, form)
    except NotTheForm as exc:
        return Answer(
            "refused",
            reply(
                "This issue is not the form as GitHub fills it in.",
                f"It cannot be read: {exc}. Open the form again from the site's link, or edit this issue so that "
                "each of the form's headings is there once with its answer.",
            ),
            labels=("refused",),
        )
    if form is REPORT:
        return ResultDesk(project, keys, settings).submit(issue, answers)
    return DeckDesk(project, keys, now).submit(issue, answers)
