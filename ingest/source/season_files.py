"""Reading season and preset files (``seasons/<id>.yaml``, ``presets/<id>.yaml``).

The one reading path every project file takes: :func:`~ingest.source.storage.read_text` (size
and encoding checks), :func:`~ingest.source.yamldoc.parse_yaml` (safe loading with positions),
then the JSON Schema (:func:`~ingest.source.validation.check_document`); :mod:`ingest.source.assemble_season`
turns the checked documents into seasons.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ingest.core.diagnostics import Diagnostic, error
from ingest.source.assemble_season import file_id_problem, preset_from, season_from, unknown_slugs
from ingest.source.project import Project
from ingest.source.season import Preset, Season
from ingest.source.storage import display_path, read_text
from ingest.source.validation import check_document, load_schema
from ingest.source.yamldoc import SourceDocument, parse_yaml


def read_document(path: Path, project: Project, schema: str) -> tuple[SourceDocument | None, list[Diagnostic]]:
    """A YAML file checked against ``schema/<schema>.schema.json`` (None on any error)."""
    shown = display_path(path, project.root)
    text, problems = read_text(path, shown, within=project.within(path))
    if text is None:
        return None, problems
    doc, found = parse_yaml(text, shown)
    problems += found
    if doc is None:
        return None, problems
    if not isinstance(doc.data, dict):
        problems.append(error("schema", "the file must be a mapping of keys such as name: and points:", doc.pos(())))
        return None, problems
    problems += check_document(doc, load_schema(project.schema(schema))).diagnostics
    return (None if any(d.is_error for d in problems) else doc), problems


def load_presets(project: Project) -> tuple[dict[str, Preset], list[Diagnostic]]:
    """Every preset: the project's own, then the shipped ones it does not replace."""
    presets: dict[str, Preset] = {}
    problems: list[Diagnostic] = []
    for folder in project.presets_dirs:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.yaml")):
            if path.stem in presets:
                continue
            shown = display_path(path, project.root)
            bad_name = file_id_problem(path, shown, "preset")
            if bad_name is not None:
                problems.append(bad_name)
                continue
            doc, found = read_document(path, project, "season-preset")
            problems += found
            if doc is not None:
                preset, found = preset_from(doc, path.stem)
                problems += found
                if not any(d.is_error for d in found):
                    presets[path.stem] = preset
    return presets, problems


def season_paths(project: Project) -> list[Path]:
    """The project's season files."""
    folder = project.seasons_dir
    return sorted(p for p in folder.glob("*.y*ml") if p.is_file()) if folder.is_dir() else []


def load_seasons(
    project: Project, event_slugs: Sequence[str] | None = None, paths: Sequence[Path] | None = None
) -> tuple[tuple[Season, ...], list[Diagnostic]]:
    """Every season file (or ``paths``), checked; with ``event_slugs``, also the events they name."""
    presets, problems = load_presets(project)
    seasons: list[Season] = []
    for path in season_paths(project) if paths is None else paths:
        shown = display_path(path, project.root)
        bad_name = file_id_problem(path, shown, "season")
        if bad_name is not None:
            problems.append(bad_name)
            continue
        doc, found = read_document(path, project, "season")
        problems += found
        if doc is None:
            continue
        season, found = season_from(doc, path.stem, presets)
        problems += found
        if season is not None:
            seasons.append(season)
            if event_slugs is not None:
                problems += unknown_slugs(season, event_slugs)
    problems.sort(key=Diagnostic.sort_key)
    return tuple(seasons), problems
