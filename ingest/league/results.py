"""A result reported through an issue (the report form): checked as the venue checks a phone's
claim and written through the same locked edit as ``scorekeeper report``.

The code is a seat's (:meth:`ingest.venue.codes.VenueKeys.seat_code`, from the venue key): the
venue's slip code opens a table for whoever holds the slip, but an issue is public, and the
code typed in it with it; a seat's code, once seen, still speaks only for its own side. The
event, round and table the form names must be the code's, and the player the seat's, or
nothing happens. Each side's first GitHub account is kept (:mod:`ingest.league.pending`): a
code used from another account afterwards is refused. A round already over, a result already
recorded (only the TO changes it) and a result the file would refuse are answered the venue's
way.
How a result is accepted is the league's setting (:mod:`ingest.source.league_config`):

- ``reported``: the first report with a valid code is recorded;
- ``agreed`` (the venue's default): a report waits (:mod:`ingest.league.pending`) until the
  opponent reports the same result from another GitHub account (the venue asks for another
  phone); two different results are a dispute, left to the TO with both issues named;
- ``to``: every report waits for the TO, who records it with ``scorekeeper report``.

An issue delivered again, or edited without changing its result, changes nothing: a result
the file holds already is answered as recorded, and a waiting claim is keyed by its issue.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from ingest.checks.event_files import event_paths
from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.edit.event_file import Edit, EditFunction, edit_event_file
from ingest.edit.recording import record_words
from ingest.league.issue_form import Answers
from ingest.league.payload import IssueEvent
from ingest.league.pending import WAIT, Claims, Pending, held
from ingest.league.replies import literal, reply
from ingest.league.result_words import words_of
from ingest.source.assemble import slug_for
from ingest.source.league_config import LeagueSettings
from ingest.source.naming import naming_of
from ingest.source.project import Project
from ingest.source.reading import load_players
from ingest.source.storage import display_path
from ingest.venue.codes import VenueKeys, read_code, same
from ingest.venue.events import Events, LiveEvent
from ingest.venue.result_forms import form_of
from ingest.venue.tables import Claim, FormError, Side, Table

STATUSES = ("recorded", "waiting", "refused", "ignored", "broken")
"""What became of a submission: written; waiting for the opponent or the TO; refused (the
reply says why; nothing written); not a submission (an ordinary issue); not processed because
of a problem of the repository's (the TO must look: the key is not set, a file is broken)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What ``apply-submission`` answers, for the workflow to post, commit and close."""

    status: str
    """One of :data:`STATUSES`."""
    reply: str
    """The reply to post on the issue (Markdown; everything echoed is a code span)."""
    files: tuple[str, ...] = ()
    """The files written, relative to the project (to commit)."""
    close: tuple[int, ...] = ()
    """Other issues this one settled (the opponent's report it confirmed)."""
    labels: tuple[str, ...] = field(default=())
    """Labels for the issue (``recorded``, ``waiting``, ``disputed``, ``refused``)."""
    problem: str = ""
    """For the TO (``broken``): what is wrong with the repository (never posted on the issue)."""


class Refusal(Exception):
    """A submission answered without being applied."""

    def __init__(self, headline: str, *lines: str, status: str = "refused", problem: str = "") -> None:
        super().__init__(headline)
        labels = (status,) if status == "refused" else ()
        self.answer = Answer(status, reply(headline, *lines), labels=labels, problem=problem)


def find_event(project: Project, slug_text: str) -> Path:
    """The event file whose slug is ``slug_text`` (as the site's link fills it in)."""
    wanted = slug_text.strip().lower()
    for path in event_paths([], project):
        if slug_for(path.as_posix()) == wanted:
            return path
    raise Refusal(
        "There is no such event.",
        f"This repository has no event {literal(slug_text)}. Open the form from the event's page on the site.",
    )


def public_names(project: Project, event: Event) -> dict[str, str]:
    """Every player's and team's name as the site publishes it (``players.yaml``'s choices: a
    hidden player is "Player 17"): replies are public issues, and name nobody otherwise."""
    registry = load_players(project)[0]
    out = {str(p.id): p.name for p in event.players} | {t.id: t.name for t in event.teams}
    out.update({str(k): v for k, v in naming_of(event, registry).names.items()})
    return out


def _side(table: Table, typed: str, event: Event) -> Side:
    """The side ``typed`` names: by id, by the name the site shows, or by the name in the event
    file (a player published by initials or not at all types their own name)."""
    wanted = " ".join(typed.split()).casefold()
    real = {p.id: p.name for p in event.players} | {t.id: t.name for t in event.teams}
    for side in table.sides:
        names = (side.id, side.name, real.get(side.id, ""))
        if wanted in {" ".join(n.split()).casefold() for n in names if n}:
            return side
    raise Refusal(
        "This player does not play this match.",
        f"{literal(typed)} is not one of the two players of this match: write your name as the pairings show it "
        f"({literal(table.sides[0].name)} or {literal(table.sides[1].name)}).",
    )


def _claim(event: Event, table: Table, side: Side, text: str) -> Claim:
    form = form_of(event)
    words = words_of(event)
    try:
        return form.claim(event, table, side, words.fields(table, text))
    except FormError as exc:
        offered = ", ".join(literal(str(o["value"])) for o in form.choices(event, table, side).get("all", []))
        how = words.how(event, table, side, offered)
        raise Refusal("This is not a result of the match.", f"{literal(text)}: {exc}", how) from None


class ResultDesk:
    """Results reported through issues, for one project, with the league's setting and the venue key."""

    def __init__(self, project: Project, keys: VenueKeys, settings: LeagueSettings) -> None:
        self.project, self.keys, self.settings = project, keys, settings

    def _shown(self, path: Path) -> str:
        return display_path(path, self.project.root)

    def _live(self, path: Path) -> LiveEvent:
        live = Events(self.project, [path], self.keys).read(path.resolve())
        if live.event is None:
            raise Refusal(
                "This result cannot be taken just now.",
                "The event file has an error; the TO has been told (the workflow run is red).",
                status="broken",
                problem=f"{live.shown} has errors: run scorekeeper validate {live.shown}",
            )
        return live

    def _seat(self, live: LiveEvent, answers: Answers) -> tuple[Table, Side]:
        """The table and side the code opens (every seat's code compared, in constant time)."""
        code = read_code(answers["code"])
        if code is None:
            raise Refusal(
                "This is not a code.",
                f"{literal(answers['code'])} is not a code: a code is eight letters and digits, as the TO gave it "
                "to you (`ABCD-2345`). Edit this issue to correct it.",
            )
        found: tuple[Table, Side] | None = None
        for table in live.tables:
            for side in table.sides:
                if same(self.keys.seat_code(live.slug, table.subject, table.units, side.id), code) and found is None:
                    found = (table, side)
        if found is None:
            raise Refusal(
                "Wrong code.",
                f"{literal(answers['code'])} opens no match of this event. Check it against the code the TO gave you "
                "and edit this issue to correct it.",
            )
        public = public_names(self.project, live.event) if live.event is not None else {}
        first, second = (replace(s, name=public.get(s.id, s.name)) for s in found[0].sides)
        table = replace(found[0], sides=(first, second))
        side = first if first.id == found[1].id else second
        named_round, named_table = answers["round"].strip(), answers["table"].strip()
        if (named_round and named_round != str(table.round)) or (
            named_table and named_table != str(table.table if table.table is not None else "")
        ):
            raise Refusal(
                "This code is not this match's.",
                "The code opens another match than the round and table this issue names: use your own code for "
                "this match.",
            )
        assert live.event is not None
        named = _side(table, answers["player"], live.event)
        if named.id != side.id:
            raise Refusal(
                "This code is not this player's.",
                f"The code is {literal(side.name)}'s for this match: each player reports with their own code.",
            )
        return table, side

    def _check_open(self, event: Event, table: Table, claim: Claim) -> None:
        form = form_of(event)
        if not table.open:
            raise Refusal(f"{table.label} is over.", "Its results are now taken by the TO only.")
        if table.recorded is not None and table.recorded != claim:
            raise Refusal(
                "This match's result is already recorded.",
                f"The file holds {literal(form.describe(table, table.recorded))}. Only the TO can change it: ask them.",
            )

    def _edit(self, table: Table, claim: Claim) -> EditFunction:
        def edit(text: str, event: Event) -> Edit:
            return record_words(text, event, claim.words, claim.options(table))

        return edit

    def _record(self, live: LiveEvent, table: Table, claim: Claim, *, dry_run: bool = False) -> bool:
        """Writes ``claim`` (checks it only, with ``dry_run``); returns whether the file changed."""
        try:
            outcome = edit_event_file(live.path, self.project, self._edit(table, claim), dry_run=dry_run, timeout=WAIT)
        except IngestError as exc:
            again = self._live(live.path).table(table.subject)
            if again is not None and again.recorded == claim:
                return False
            reason = exc.text.splitlines()[0] if exc.text else ""
            raise Refusal("This result cannot be recorded.", literal(reason, 300)) from None
        return outcome.written

    def submit(self, issue: IssueEvent, answers: Answers) -> Answer:
        """Applies the report in ``answers`` from ``issue``; every refusal is an :class:`Answer` too."""
        try:
            path = find_event(self.project, answers["event"])
            with held(self.project, slug_for(path.as_posix())) as claims:
                return self._submit(issue, answers, path, claims)
        except Refusal as refusal:
            return refusal.answer
        except IngestError as exc:  # the repository's problem (a league file broken, a folder not writable)
            return Answer(
                "broken",
                reply(
                    "This submission cannot be processed just now.", "The TO has been told (the workflow run is red)."
                ),
                problem=exc.text,
            )

    def _submit(self, issue: IssueEvent, answers: Answers, path: Path, claims: Claims) -> Answer:
        """Decides under the league file's lock, on the event file as it is now."""
        live = self._live(path)
        assert live.event is not None
        table, side = self._seat(live, answers)
        claim = _claim(live.event, table, side, answers["result"])
        self._check_open(live.event, table, claim)
        owner = claims.bind(side.id, issue.author)
        if owner is not None:
            raise Refusal(
                "This code is used from another account.",
                f"{literal(side.name)} reports from the GitHub account that first used their code in this event "
                f"({literal(owner)}). If that was not you, ask the TO.",
            )
        files: list[str] = []
        said = literal(form_of(live.event).describe(table, claim))
        if table.recorded == claim:
            claims.drop(subject=table.subject)
            self._save(claims, files)
            return Answer(
                "recorded",
                reply("Recorded.", f"{table.label}: {said} is the recorded result."),
                tuple(files),
                labels=("recorded",),
            )
        if self.settings.accept == "to":
            self._record(live, table, claim, dry_run=True)
            self._save(claims, files)
            return Answer(
                "waiting",
                reply("Received: the TO records it.", f"{table.label}: {said}, reported by {literal(side.name)}."),
                tuple(files),
                labels=("waiting",),
            )
        if self.settings.accept == "reported":
            if self._record(live, table, claim):
                files.append(self._shown(path))
            self._save(claims, files)
            return Answer("recorded", reply("Recorded.", f"{table.label}: {said}."), tuple(files), labels=("recorded",))
        return self._agreed(issue, live, table, side, claim, claims, files)

    def _save(self, claims: Claims, files: list[str]) -> None:
        if claims.save():
            files.append(self._shown(claims.path))

    def _agreed(
        self,
        issue: IssueEvent,
        live: LiveEvent,
        table: Table,
        side: Side,
        claim: Claim,
        claims: Claims,
        files: list[str],
    ) -> Answer:
        assert live.event is not None
        describe = form_of(live.event).describe
        said = literal(describe(table, claim))
        other = table.other(side.id)
        earlier = [c for c in claims.about(table.subject) if c.issue != issue.number]
        theirs = next((c for c in reversed(earlier) if c.side == other.id), None)
        if theirs is not None and Claim.from_payload(theirs.claim) == claim:
            if same(theirs.account.casefold(), issue.author.casefold()):
                raise Refusal(
                    "The opponent confirms from their own account.",
                    f"This account reported {literal(other.name)}'s side in #{theirs.issue}: "
                    f"{literal(other.name)} reports the same result from their own GitHub account, or the TO "
                    "records it.",
                )
            if self._record(live, table, claim):
                files.append(self._shown(live.path))
            settled = tuple(c.issue for c in earlier)
            claims.drop(subject=table.subject)
            self._save(claims, files)
            return Answer(
                "recorded",
                reply("Recorded: both players agree.", f"{table.label}: {said} (as reported in #{theirs.issue})."),
                tuple(files),
                settled,
                ("recorded",),
            )
        self._record(live, table, claim, dry_run=True)
        claims.put(Pending(issue.number, issue.author, table.subject, side.id, claim.payload()))
        self._save(claims, files)
        if theirs is not None:
            theirs_said = literal(describe(table, Claim.from_payload(theirs.claim)))
            return Answer(
                "waiting",
                reply(
                    "Disputed: the TO decides.",
                    f"{table.label}: {literal(side.name)} reports {said}; {literal(other.name)} reported "
                    f"{theirs_said} in #{theirs.issue}. The TO records the result (`scorekeeper report`); "
                    "either of you may edit your issue if it was a mistake.",
                ),
                tuple(files),
                labels=("disputed",),
            )
        return Answer(
            "waiting",
            reply(
                "Received: waiting for your opponent.",
                f"{table.label}: {said}, reported by {literal(side.name)}. It is recorded when "
                f"{literal(other.name)} reports the same result with their own code from their own GitHub account "
                "(the report link beside the match on the site).",
            ),
            tuple(files),
            labels=("waiting",),
        )
