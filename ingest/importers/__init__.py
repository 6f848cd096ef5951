"""``scorekeeper import``: tournaments from other platforms, as normal event files.

One module per source format reads a file into a
:class:`~ingest.importers.tournament.Tournament` (:mod:`~ingest.importers.mtgo_json` for
the MTGODecklistCache JSON of melee.gg, Topdeck, CardsRealm, ManaTraders and MTGO;
:mod:`~ingest.importers.csv_results` for a spreadsheet of any game). Then, the same for
every source:

1. the platform's conventions settle how results were stored
   (:mod:`~ingest.importers.conventions`);
2. the published standings witness the rounds: what they show and the rounds miss is
   added where the difference leaves no doubt, else the rounds are marked incomplete
   (:mod:`~ingest.importers.reconcile`);
3. players get ids (the earlier import of the same event, ``players.yaml``, their name)
   and the event file is written as text (:mod:`~ingest.importers.event_writer`);
4. the text is read back through the same checks as ``scorekeeper validate``, and the
   standings it gives are compared with the published ones
   (:mod:`~ingest.importers.reproduction`); where the platform's day-2 cut or an
   inferred match's games are not published, the choice that reproduces the published
   figures is kept.

Nothing here writes: :func:`prepare_import` returns the texts and paths, and the command
(:mod:`ingest.cli.imports`) writes them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ingest.core.diagnostics import Diagnostic, SourcePos, error, has_errors
from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.core.rounds import GameScore, MatchKind
from ingest.edit.new_event import file_slug
from ingest.importers.conventions import apply_conventions, infer_drops
from ingest.importers.event_writer import KnownPlayers, assign_ids, deck_problem, deck_text, event_text
from ingest.importers.reconcile import INFERRED, infer_missing
from ingest.importers.reproduction import Reproduction, reproduce
from ingest.importers.tournament import Tournament, name_key
from ingest.source.players import PlayerRegistry
from ingest.source.project import Project
from ingest.source.schema_hints import schema_hint
from ingest.source.storage import display_path, read_bytes, read_text

READERS = {".json": "MTGODecklistCache JSON", ".csv": "CSV"}
"""Source formats by file suffix."""


@dataclass(frozen=True, slots=True)
class PreparedImport:
    """What importing one file would write."""

    shown: str
    """The file read, as messages name it."""
    target: Path
    """The event file."""
    text: str
    """Its new text."""
    decks: tuple[tuple[Path, str], ...]
    """Decklist files and their texts."""
    stale: tuple[Path, ...]
    """Decklist files of an earlier import of this event that the new one no longer has."""
    tournament: Tournament
    """What was read."""
    event: Event
    """The event the new text describes."""
    reproduction: Reproduction
    """How its standings compare with the published ones."""
    updated: bool = False
    """Whether it replaces an earlier import of the same event."""
    warnings: tuple[Diagnostic, ...] = field(default=())
    """What ``validate`` will say about the new file (no errors)."""


@dataclass(slots=True)
class Archive:
    """The project's imported events, by source address, and the paths already taken."""

    project: Project
    """The project."""
    by_url: dict[str, Path] = field(default_factory=dict)
    """Source address -> event file."""
    claimed: set[Path] = field(default_factory=set)
    """Event files written (or to be written) by this run."""
    registry: PlayerRegistry = field(default_factory=PlayerRegistry)
    """players.yaml."""

    @classmethod
    def scan(cls, project: Project) -> Archive:
        """Finds the imported events of a project (files with a ``source:`` block and an address).

        Raises:
            IngestError: ``players.yaml`` has errors (players are matched against it).
        """
        from ingest.source.reading import load_players
        from ingest.source.storage import find_files

        registry, problems = load_players(project)
        if has_errors(problems):
            raise IngestError(problems)
        archive = cls(project, registry=registry)
        if project.events_dir.is_dir():
            for path in find_files([project.events_dir]):
                url = _source_url(path)
                if url:
                    archive.by_url.setdefault(url, path)
        return archive


_SOURCE_BLOCK = re.compile(r"^source:[ \t]*\n((?:[ \t]+.*\n|\n)*)", re.MULTILINE)
_URL_LINE = re.compile(r"^  url:[ \t]*(.+)$", re.MULTILINE)


def _source_url(path: Path) -> str:
    """The ``source.url`` of an event file ("" if none): read from the text, without a full parse."""
    text, _ = read_text(path, path.name)  # bounded, regular files only
    if text is None:
        return ""
    block = _SOURCE_BLOCK.search(text if text.endswith("\n") else text + "\n")
    if block is None:
        return ""
    line = _URL_LINE.search(block.group(1))
    if line is None:
        return ""
    from ingest.source.yamldoc import parse_yaml

    doc, problems = parse_yaml(f"url: {line.group(1)}\n", path.name)  # the value, within the limits
    value = doc.data.get("url") if doc is not None and not problems else None
    return value if isinstance(value, str) else ""


def _previous_ids(path: Path) -> dict[str, str]:
    """Name key -> id of the players of an event file an import replaces."""
    from ingest.source.reading import read_document

    # An event file of the project: read through the one reading path (limits, no alias bomb).
    doc, problems = read_document(path, path.name)
    if doc is None or any(p.is_error for p in problems):
        return {}
    data = doc.data
    out: dict[str, str] = {}
    players = data.get("players") if isinstance(data, dict) else None
    for p in players if isinstance(players, list) else []:
        if isinstance(p, dict) and isinstance(p.get("id"), str) and isinstance(p.get("name"), str):
            out.setdefault(name_key(p["name"]), p["id"])
    return out


def read_source(path: Path, shown: str, options: Mapping[str, Any] | None = None) -> Tournament:
    """Reads one source file by its suffix.

    Raises:
        IngestError: the file cannot be read as a tournament (positioned problems).
    """
    suffix = path.suffix.lower()
    if suffix not in READERS:
        known = ", ".join(f"{s} ({what})" for s, what in READERS.items())
        raise IngestError([error("import", f"cannot import this kind of file; known: {known}", SourcePos(shown))])
    if not path.exists():
        raise IngestError([error("import", "no such file", SourcePos(shown))])
    raw, problems = read_bytes(path, shown)  # bounded; a folder, device or pipe is refused
    if raw is None:
        raise IngestError(problems)
    if suffix == ".csv":
        from ingest.importers.csv_results import read_csv_results

        return read_csv_results(raw, shown, path, dict(options or {}))
    from ingest.importers.mtgo_json import read_mtgo_json

    return read_mtgo_json(raw, shown, path.name)


def prepare_import(t: Tournament, archive: Archive, *, what: str = "") -> PreparedImport:
    """Turns a tournament into an event file of the project (written by the caller).

    Raises:
        IngestError: the event file would not be valid, or a decklist cannot be written.
    """
    project = archive.project
    apply_conventions(t)
    unexplained = infer_missing(t)
    infer_drops(t)
    if unexplained:
        t.rounds_published = "incomplete"
        t.notes.append(
            "the rounds do not account for every published result (some matches were not published): "
            "the published standings are kept as the event's standings"
        )
    previous = archive.by_url.get(t.url) if t.url else None
    if previous is None:
        target, replaces = _new_path(t, archive)
        previous = target if replaces else None
    target = previous if previous is not None else target
    archive.claimed.add(target)
    if t.url:
        archive.by_url.setdefault(t.url, target)
    known = KnownPlayers(_previous_ids(previous) if previous is not None else {}, archive.registry)
    ids = assign_ids(t.players, known, {n: f["id"] for n, f in t.player_fields.items() if f.get("id")})
    deck_folder = Path("decks") / target.stem
    deck_refs: dict[str, str] = {}
    decks: list[tuple[Path, str]] = []
    problems: list[Diagnostic] = []
    for name in t.players:
        deck = t.decks.get(name)
        if deck is None:
            continue
        text = deck_text(deck)
        if text is None:
            continue
        why = deck_problem(deck, text)
        if why is not None:
            where = deck.pos or SourcePos(t.source_file)
            problems.append(error("import", f"the decklist of {name} cannot be written: {why}", where))
            continue
        ref = (deck_folder / f"{ids[name]}.txt").as_posix()
        deck_refs[name] = ref
        decks.append((target.parent / ref, text))
    if problems:
        raise IngestError(problems)
    shown = display_path(target, project.root)
    schema_ref = _schema_ref(project, target)

    def render() -> str:
        return event_text(t, ids, deck_refs, schema_ref=schema_ref, what=what or "another platform")

    text, event, warnings = _check(render(), shown, project)
    found = reproduce(event)
    if not found.exact and not found.published_only:
        text, event, warnings, found = _search(t, render, shown, project, (text, event, warnings, found))
    stale = _stale_decks(target, deck_folder, {p for p, _ in decks}) if previous is not None else ()
    return PreparedImport(
        what or t.source_file, target, text, tuple(decks), stale, t, event, found, previous is not None, tuple(warnings)
    )


def _check(text: str, shown: str, project: Project) -> tuple[str, Event, list[Diagnostic]]:
    """The new text read back through ``validate``'s checks (decklists aside)."""
    from ingest.checks.event_files import parse_event_text
    from ingest.checks.project_diagnostics import recorded_pairing_checks

    _doc, event, diags = parse_event_text(text, shown, project)
    if event is not None and not has_errors(diags):
        diags = diags + recorded_pairing_checks(event)
    if event is None or has_errors(diags):
        raise IngestError(
            [replace(d, message=f"(in the event file the import would write) {d.message}") for d in diags if d.is_error]
        )
    return text, event, diags


def _search(
    t: Tournament,
    render: Callable[[], str],
    shown: str,
    project: Project,
    best: tuple[str, Event, list[Diagnostic], Reproduction],
) -> tuple[str, Event, list[Diagnostic], Reproduction]:
    """Choices the source does not publish, tried against its published figures: the games of
    an inferred match (2-0, 2-1, 1-0: the one that alone gives the published figures), then
    for melee.gg a day-2 cut and when dropped players were evaluated. A melee.gg choice is
    kept only when it reproduces every row; otherwise the file keeps the ruleset's own."""

    def score(r: Reproduction) -> tuple[int, int]:
        return (r.record_rows, r.tiebreaker_rows or 0)

    inferred = [m for rnd in t.swiss for m in rnd.matches if m.kind is MatchKind.PLAYED and INFERRED in m.note]
    if inferred and t.results == "games":
        for m in inferred:
            original = m.score
            choices = []
            for candidate in (GameScore(2, 0), GameScore(2, 1), GameScore(1, 0)):
                m.score = candidate
                text, event, warnings = _check(render(), shown, project)
                found = reproduce(event)
                choices.append((score(found), candidate, (text, event, warnings, found)))
            top = max(c[0] for c in choices)
            winners = [c for c in choices if c[0] == top]
            if len(winners) == 1 and top > score(best[3]):
                m.score = winners[0][1]
                m.note = m.note.replace("(games not published)", "(games not published: the published GW% gives them)")
                best = winners[0][2]
            else:
                m.score = original
            if best[3].exact:
                return best
    if t.platform == "melee.gg":
        # What melee.gg does not publish: whether a day-2 cut started a new phase, and (in
        # 2024) whether a dropped player's figures were frozen at their last round.
        phases: list[list[tuple[str, int]]] = [[]]
        if len(t.swiss) >= 4:
            phases += [[("Day 1", 1), ("Day 2", start)] for start in range(3, len(t.swiss))]
        for dropped in (None, "end", "last-round"):
            for phase in phases:
                t.phases, t.dropped_evaluated = phase, dropped
                if not phase and dropped is None:
                    continue  # the first try
                text, event, warnings = _check(render(), shown, project)
                found = reproduce(event)
                if found.exact:
                    if phase:
                        t.notes.append(f"a day-2 cut before round {phase[1][1]} (not published): {_REPRODUCES}")
                    if dropped:
                        when = "the last round they played" if dropped == "last-round" else "the end of the event"
                        t.notes.append(f"dropped players' figures taken at {when}: {_REPRODUCES}")
                    return (*_check(render(), shown, project), found)
                if score(found) > score(best[3]):
                    best = (text, event, warnings, found)
        t.phases, t.dropped_evaluated = [], None
        best = (*_check(render(), shown, project), best[3])
        best = (best[0], best[1], best[2], reproduce(best[1]))
    return best


_REPRODUCES = "this is what reproduces the published standings"


def _new_path(t: Tournament, archive: Archive) -> tuple[Path, bool]:
    """Where a tournament not yet found by its address goes, and whether that file is an
    earlier import of it (a source without an address is known by its name and date)."""
    folder = archive.project.events_dir / str(t.date.year)
    stem = f"{t.date.isoformat()}-{file_slug(t.name)}"
    path = folder / f"{stem}.yaml"
    n = 2
    while True:
        if path not in archive.claimed:
            if not path.exists():
                return path, False
            if not t.url and _is_import_without_address(path):
                return path, True
        path = folder / f"{stem}-{n}.yaml"
        n += 1


def _is_import_without_address(path: Path) -> bool:
    text, _ = read_text(path, path.name)
    if text is None:
        return False
    return bool(_SOURCE_BLOCK.search(text if text.endswith("\n") else text + "\n")) and not _source_url(path)


def _schema_ref(project: Project, target: Path) -> str:
    folder = target.parent.resolve() if target.parent.exists() else target.parent.absolute()
    return schema_hint(project, "event", folder)


def _stale_decks(target: Path, deck_folder: Path, keep: Iterable[Path]) -> tuple[Path, ...]:
    folder = target.parent / deck_folder
    if not folder.is_dir():
        return ()
    kept = set(keep)
    return tuple(sorted(p for p in folder.glob("*.txt") if p not in kept and p.is_file()))
