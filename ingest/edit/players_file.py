"""Adding a person to ``players.yaml`` (a player who registered at the venue and chose how to be
named): the same cycle as an event file's edit, under the same kind of lock (read, edit,
check against the players schema, replace only if unchanged meanwhile), so a registration and
a TO's save in an editor never lose each other.
"""

from __future__ import annotations

from pathlib import Path

from ingest.core.errors import IngestError
from ingest.edit.event_file import ATTEMPTS, cannot_write
from ingest.edit.locking import edit_lock
from ingest.edit.replacing import replace_if_unchanged
from ingest.edit.splice import Editor
from ingest.source.project import Project
from ingest.source.reading import players_from_text
from ingest.source.storage import decode_utf8, display_path, read_bytes


def registry_entry(player_id: str, name: str, display: str, handle: str = "") -> dict[str, str]:
    """The line of ``players.yaml`` for a person (``display`` left out when it is ``full``).

    >>> registry_entry("p-7k2m", "Bram Quist", "initials")
    {'id': 'p-7k2m', 'name': 'Bram Quist', 'display': 'initials'}
    """
    entry: dict[str, str] = {"id": player_id, "name": name}
    if display != "full":
        entry["display"] = display
    if display == "handle":
        entry["handle"] = handle
    return entry


def add_to_registry(project: Project, entry: dict[str, str]) -> str:
    """Adds ``entry`` (:func:`registry_entry`) to the project's ``players.yaml``; returns what was
    written (empty when the id is there already: the same registration written twice).

    Raises:
        IngestError: the file cannot be read, would be invalid, or cannot be written; nothing was written.
    """
    path: Path = project.players_file
    shown = display_path(path, project.root)
    with edit_lock(path, shown):
        for _attempt in range(ATTEMPTS):
            raw, problems = read_bytes(path, shown, within=project.root) if path.exists() else (None, [])
            text, problems = decode_utf8(raw, shown) if raw is not None else (None, problems)
            if problems or text is None:
                raise IngestError(problems or f"{shown}: no such file")
            registry, found = players_from_text(text, shown, project)
            if found:
                raise IngestError(list(found))
            if registry.canonical(entry["id"]) in registry.players:
                return ""
            editor = Editor(text)
            if editor.has(("players",)):
                editor.append_item(("players",), entry)
            else:
                editor.add_top_level("players", [entry], block=False)
            new_text = editor.result()
            _, problems_after = players_from_text(new_text, shown, project)
            if problems_after:
                raise IngestError(f"{shown} (after this change): {problems_after[0].message}; nothing was written")
            assert raw is not None
            try:
                if not replace_if_unchanged(path, new_text.encode("utf-8"), raw):
                    continue
            except OSError as exc:
                raise IngestError(cannot_write(shown, exc)) from None
            return f"{shown}: added {entry['name']} ({entry['id']})"
    raise IngestError(f"{shown} kept changing while the registration was written; nothing was written")
