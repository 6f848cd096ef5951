"""A decklist handed in through an issue (the decklist form): the player's own code, then the
same hand-in as the venue's page and ``submit-deck`` (:func:`ingest.edit.deck_submission.submit_deck`:
read as deck files are read, checked against the format on the event date, written beside the
event through the locked edit, until the deadline).

The code is the player's own (:meth:`ingest.venue.codes.VenueKeys.player_code`): it opens that
player's list and nothing else; a match's code opens no list. The moment of handing in is
GitHub's (the issue's ``updated_at``), so a list filed before the deadline and processed
after it is in time, and an edit after the deadline is late.

The code typed in an issue is public with it: the first GitHub account that used a player's
code is kept (:mod:`ingest.league.pending`), and their code is taken from no other account.

An issue in a public repository is public the moment it is filed: a list that the event keeps
hidden (``decklists: private`` or ``after-event``) is refused there with that reason (the site
offers the form only for events whose lists are public), so the repository never holds a
hidden list the players did not see go public themselves. A private repository takes them.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ingest.core.errors import IngestError
from ingest.core.model import Event, Player
from ingest.decks.card_files import card_data
from ingest.edit.deck_submission import Accepted, TooLate, submit_deck
from ingest.league.issue_form import Answers
from ingest.league.payload import IssueEvent
from ingest.league.pending import Claims, held
from ingest.league.replies import literal, reply
from ingest.league.results import Answer, Refusal, find_event, public_names
from ingest.site.submission_words import outcome_words
from ingest.source.assemble import slug_for
from ingest.source.project import Project
from ingest.source.storage import display_path
from ingest.venue.codes import VenueKeys, read_code
from ingest.venue.events import Events

PROBLEM_ECHO = 300
"""The most characters of one problem a reply repeats (a problem quotes the line it is about)."""


def _player(event: Event, shown: dict[str, str], typed: str) -> Player:
    wanted = " ".join(typed.split()).casefold()
    for player in event.players:
        names = (player.id, player.name, shown.get(player.id, ""))
        if wanted in {" ".join(n.split()).casefold() for n in names if n}:
            return player
    raise Refusal(
        "There is no such player in this event.",
        f"{literal(typed)} is not a player of this event: write your name as the TO registered it.",
    )


class DeckDesk:
    """Decklists handed in through issues, for one project, with the venue key."""

    def __init__(self, project: Project, keys: VenueKeys, now: dt.datetime) -> None:
        self.project, self.keys, self.now = project, keys, now

    def submit(self, issue: IssueEvent, answers: Answers) -> Answer:
        """Hands in the list in ``answers``; every refusal is an :class:`Answer` too."""
        try:
            path = find_event(self.project, answers["event"])
            with held(self.project, slug_for(path.as_posix())) as claims:
                return self._submit(issue, answers, path, claims)
        except Refusal as refusal:
            return refusal.answer
        except IngestError as exc:
            return Answer(
                "broken",
                reply("This list cannot be processed just now.", "The TO has been told (the workflow run is red)."),
                problem=exc.text,
            )

    def _submit(self, issue: IssueEvent, answers: Answers, path: Path, claims: Claims) -> Answer:
        live = Events(self.project, [path], self.keys).read(path.resolve())
        event = live.event
        if event is None:
            raise Refusal(
                "Lists cannot be taken just now.",
                "The event file has an error; the TO has been told.",
                status="broken",
                problem=f"{live.shown} has errors: run scorekeeper validate {live.shown}",
            )
        player = _player(event, dict(live.names), answers["player"])
        if read_code(answers["code"]) is None or not self.keys.is_player_code(
            event.slug, str(player.id), answers["code"]
        ):
            raise Refusal(
                "Wrong code.",
                f"{literal(answers['code'])} is not your own code for this event (the one the TO gave you, not a "
                "match's). Edit this issue to correct it.",
            )
        if event.structure.decklists != "public" and not issue.private:
            raise Refusal(
                "Lists of this event are not taken here.",
                "This event keeps decklists hidden until it publishes them, and an issue in this repository is public "
                "at once: hand your list to the TO instead (and delete this issue's text if you can).",
            )
        owner = claims.bind(str(player.id), issue.author)
        if owner is not None:
            shown = public_names(self.project, event).get(str(player.id), str(player.id))
            raise Refusal(
                "This code is used from another account.",
                f"{literal(shown)} hands in lists from the GitHub account that first used their code in this "
                f"event ({literal(owner)}). If that was not you, ask the TO.",
            )
        cards, _ = card_data(self.project)
        outcome = submit_deck(
            path, self.project, str(player.id), answers["decklist"], now=issue.at or self.now, card_data=cards
        )
        words = outcome_words(outcome)
        problems = [f"- {literal(p, PROBLEM_ECHO)}" for p in words.problems]
        notes = [f"- {literal(n, PROBLEM_ECHO)}" for n in words.notes]
        headline = words.headline
        files: list[str] = []
        if isinstance(outcome, Accepted) and outcome.changed:
            files = [display_path(path, self.project.root), display_path(path.parent / outcome.ref, self.project.root)]
        # The code was right: it is in a public issue now, refused list or not. Keep whose it is.
        if claims.save():
            files.append(display_path(claims.path, self.project.root))
        if isinstance(outcome, Accepted):
            return Answer("recorded", reply(headline, *problems, *notes), tuple(files), labels=("recorded",))
        status_label = "late" if isinstance(outcome, TooLate) else "refused"
        lines = ("\n".join(problems), "\n".join(notes))
        return Answer("refused", reply(headline, *lines), tuple(files), labels=(status_label,))
