"""What the build cache keys its entries by (:mod:`ingest.publish.cache`): one fingerprint of
everything every event's output depends on, and what is checked when an entry is used (the
players' records in players.yaml, the decklist texts it read)."""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ingest import __version__
from ingest.core.games import REGISTERED
from ingest.core.model import Event
from ingest.core.rulesets import registered_rulesets
from ingest.publish.template_files import templates_fingerprint
from ingest.source.players import PlayerRegistry
from ingest.source.project import Project, shipped

CACHE_FORMAT = 5  # 5: an entry keeps the event's "brief" (was "digest")
"""Bumped when entries change shape."""

LIBRARIES: tuple[str, ...] = ("jinja2", "markupsafe", "pyyaml", "jsonschema", "icalendar", "segno", "babel")
LIBRARIES += ("python-slugify", "pykakasi")  # an event's address is the slug of its file name
"""Libraries whose version may change what is rendered or found."""


def _hash_files(h: Any, folder: Path) -> None:
    if not folder.is_dir():
        return
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            h.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")


def build_fingerprint(project: Project, today: str, code: str, card_files: Iterable[Path]) -> str:
    """Everything every event's output depends on besides its own files and players.yaml.

    ``code``: the digest of the package, formats, schemas and mkdocs.yml
    (:func:`code_fingerprint`); ``card_files``: the card-data files
    mkdocs.yml names.
    """
    from importlib.metadata import PackageNotFoundError, version

    h = hashlib.sha256(f"{CACHE_FORMAT}:{__version__}:{sys.version_info[:2]}:{today}:{code}\0".encode())
    for dist in LIBRARIES:
        try:
            h.update(f"{dist}={version(dist)};".encode())
        except PackageNotFoundError:
            h.update(f"{dist}=;".encode())
    h.update(templates_fingerprint(project.templates).encode())
    # Message catalogs (the project's own, then the shipped ones), where there are any.
    for folder in (project.seasons_dir, *project.presets_dirs, project.root / "locales", shipped("locales")):
        h.update(b"\1" + folder.name.encode())
        _hash_files(h, folder)
    for path in card_files:
        h.update(b"\2" + path.name.encode() + b"\0" + (path.read_bytes() if path.is_file() else b""))
    return h.hexdigest()


def players_digest(ids: Iterable[str], registry: PlayerRegistry, memo: dict[str, str] | None = None) -> str:
    """What ``players.yaml`` says about these ids: canonical id, name, display choice, aliases.

    ``memo``: each id's part, kept between calls with the same registry."""
    memo = {} if memo is None else memo
    parts: list[str] = []
    for pid in sorted(set(ids)):
        part = memo.get(pid)
        if part is None:
            cid = registry.canonical(pid)
            part = memo[pid] = repr((pid, cid, registry.players.get(cid))) + "\0"
        parts.append(part)
    return hashlib.sha256("".join(parts).encode()).hexdigest()  # (each part ends with a NUL)


def event_players(event: Event, published: Event | None = None) -> tuple[str, ...]:
    """The ids an event's output may look up in players.yaml."""
    ids = {p.id for p in event.players} | {t for t in (p.file_id for p in event.players) if t}
    if published is not None:
        ids |= {p.id for p in published.players}
    return tuple(sorted(ids))


def text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def code_fingerprint(project: Project) -> str:
    """The package's code and version, the formats and schemas, and mkdocs.yml (with the site's
    address given in its place): what every
    event's checks and pages depend on besides its own files (part of :func:`build_fingerprint`)."""
    h = hashlib.sha256(__version__.encode())
    for layers in (project.formats, project.schemas):  # the project's files over the shipped ones
        for name, path in layers.all_files():
            h.update(name.encode() + path.read_bytes())
    # mkdocs.yml is layered over the shipped one: both count.
    for config in dict.fromkeys((project.mkdocs_file, shipped("mkdocs.yml"))):
        if config.is_file():
            h.update(config.read_bytes())
    # The address given in mkdocs.yml's place (build --site-url): QR codes, feeds, canonical links.
    h.update(b"\3" + project.site_url.encode())
    code = Path(__file__).resolve().parents[1]
    for path in sorted(code.rglob("*.py")):
        h.update(path.name.encode() + path.read_bytes())
    # The games and rulesets a community registers (entry points, the project's modules):
    # a changed tiebreaker or point value changes every page of that game's events.
    h.update(repr((tuple(REGISTERED.values()), registered_rulesets())).encode())
    return h.hexdigest()
