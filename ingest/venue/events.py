"""The events the venue runs, read from their files as they are now: the tables each round
has, who sits at them (by their published names), what is recorded, and each table's code.

An event file is read again whenever it changed (its size, time or inode), so a result typed
in a terminal or an editor is seen by the next request; ``players.yaml`` likewise (the
names players chose). A file with errors is read as leniently as an edit reads it
(:func:`ingest.edit.event_file.check_event_text`): its tables are still there.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ingest.core.diagnostics import Diagnostic
from ingest.core.model import Event
from ingest.edit.event_file import Checked, check_event_text
from ingest.source.assemble import slug_for
from ingest.source.pipeline import EventData, event_data, load_players
from ingest.source.players import PlayerRegistry
from ingest.source.project import Project
from ingest.source.storage import decode_utf8, display_path, read_bytes
from ingest.venue.codes import VenueKeys, same
from ingest.venue.result_forms import form_of
from ingest.venue.tables import Table

Signature = tuple[int, int, int]


def _signature(path: Path) -> Signature | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


@dataclass(frozen=True, slots=True)
class LiveEvent:
    """One event file as the venue last read it."""

    path: Path
    """The event file."""
    shown: str
    """The file as messages name it (relative to the project)."""
    slug: str
    """The event's slug (its pages are ``events/<slug>/``)."""
    text: str
    """The file's text."""
    event: Event | None
    """The event (None when the file cannot be read as one)."""
    errors: tuple[Diagnostic, ...]
    """The file's errors (the TO page shows them)."""
    names: Mapping[str, str]
    """Players' and teams' names as the site shows them."""
    tables: tuple[Table, ...]
    """Every table of every round."""
    codes: tuple[tuple[str, str], ...]
    """Each table's code and subject."""
    current: tuple[str, int] | None
    """The round being played (stage, number), or None before round 1."""
    checked: Checked | None = field(default=None, compare=False, repr=False)
    """The text as read, with its node tree: an edit of this very text starts from it."""

    @property
    def name(self) -> str:
        return self.event.name if self.event is not None else self.slug

    def table(self, subject: str) -> Table | None:
        """The table ``subject`` names (``rounds/3/5``)."""
        return next((t for t in self.tables if t.subject == subject), None)

    def code_of(self, subject: str) -> str:
        """The code of the table ``subject``."""
        return next((code for code, s in self.codes if s == subject), "")

    def current_tables(self) -> list[Table]:
        """The tables of the round being played."""
        return [t for t in self.tables if t.open]

    def table_of(self, unit: str) -> Table | None:
        """The table of the round being played where ``unit`` (a player or team) sits, if any."""
        return next((t for t in self.tables if t.open and unit in t.units), None)


def current_round(event: Event) -> tuple[str, int] | None:
    """The round being played: the last playoff round once the playoff started, else the last round."""
    if event.playoff:
        return ("playoff", event.playoff[-1].number)
    if event.rounds:
        return ("rounds", event.rounds[-1].number)
    return None


class Events:
    """The venue's events, each read again when its file changes."""

    def __init__(self, project: Project, paths: Sequence[Path], keys: VenueKeys) -> None:
        self.project = project
        self.paths = [p.resolve() for p in paths]
        self.keys = keys
        self.lock = threading.Lock()
        self._read: dict[Path, tuple[Signature | None, Signature | None, LiveEvent]] = {}
        self._players: tuple[Signature | None, PlayerRegistry] | None = None
        self._data: tuple[float, EventData] | None = None

    def data(self) -> EventData:
        """The project's formats and schemas, looked up at most once a second (each lookup
        walks the data folders; a phone's request checks an event text several times)."""
        now = time.monotonic()
        if self._data is None or now - self._data[0] > 1.0:
            self._data = (now, event_data(self.project))
        return self._data[1]

    def read_before(self, path: Path) -> Callable[[str], Checked | None]:
        """For an edit of ``path``: the venue's reading of a text, when it is the one it read."""

        def lookup(text: str) -> Checked | None:
            kept = self._read.get(path.resolve())
            live = kept[2] if kept is not None else None
            return live.checked if live is not None and live.text == text else None

        return lookup

    def slugs(self) -> list[str]:
        return [slug_for(p.as_posix()) for p in self.paths]

    def path_of(self, slug: str) -> Path | None:
        return next((p for p in self.paths if slug_for(p.as_posix()) == slug), None)

    def all(self) -> list[LiveEvent]:
        """Every event, as its file is now."""
        return [self.read(p) for p in self.paths]

    def get(self, slug: str) -> LiveEvent | None:
        """The event ``slug``, as its file is now (None: the venue does not run it)."""
        path = self.path_of(slug)
        return self.read(path) if path is not None else None

    def find_code(self, code: str) -> tuple[LiveEvent, Table] | None:
        """The event and table ``code`` opens (every code compared, in constant time)."""
        found: tuple[LiveEvent, Table] | None = None
        for live in self.all():
            for known, subject in live.codes:
                if same(known, code) and found is None:
                    table = live.table(subject)
                    if table is not None:
                        found = (live, table)
        return found

    def registry(self) -> PlayerRegistry:
        """``players.yaml`` as it is now (read again when it changed)."""
        return self._registry()

    def _registry(self) -> PlayerRegistry:
        sig = _signature(self.project.players_file)
        if self._players is None or self._players[0] != sig:
            self._players = (sig, load_players(self.project)[0])
        return self._players[1]

    def read(self, path: Path) -> LiveEvent:
        """The event file at ``path`` (read again only when it or players.yaml changed)."""
        with self.lock:
            sig, players = _signature(path), _signature(self.project.players_file)
            kept = self._read.get(path)
            if kept is not None and kept[0] == sig and kept[1] == players:
                return kept[2]
            live = self._load(path)
            self._read[path] = (sig, players, live)
            return live

    def _load(self, path: Path) -> LiveEvent:
        from ingest.site.brief import player_names

        shown = display_path(path, self.project.root)
        slug = slug_for(path.as_posix())
        raw, problems = read_bytes(path, shown) if path.exists() else (None, [])
        text, problems = decode_utf8(raw, shown) if raw is not None else (None, problems)
        if text is None:
            return LiveEvent(path, shown, slug, "", None, tuple(problems), {}, (), (), None)
        checked = check_event_text(text, shown, self.project, keep_tree=True, data=self.data())
        _doc, event, diags = checked
        errors = tuple(d for d in diags if d.is_error)
        if event is None:
            return LiveEvent(path, shown, slug, text, None, errors, {}, (), (), None)
        names = player_names(event, self._registry())
        current = current_round(event)
        tables = tuple(form_of(event).tables(event, names, current or ("", 0)))
        codes = tuple((self.keys.match_code(event.slug, t.subject, t.units), t.subject) for t in tables)
        return LiveEvent(path, shown, event.slug, text, event, errors, names, tables, codes, current, checked)


def default_event_files(project: Project, today: str) -> list[Path]:
    """The event files dated ``today`` (``YYYY-MM-DD``; their names start with the date)."""
    folder = project.events_dir
    if not folder.is_dir():
        return []
    found = []
    for root, _dirs, files in os.walk(folder):
        for name in files:
            if name.startswith(today) and name.endswith((".yaml", ".yml")):
                found.append(Path(root) / name)
    return sorted(found)
