"""A page of the site: what every page is made from, where it sits, and its files.

A page is a Markdown file in ``build/docs`` (headings and prose; its front matter says
after which heading each HTML fragment goes) and its fragments beside it (see
:mod:`ingest.site.fragments`).
Links in views are paths from the site root; a page puts the way to the root in front of
them (:func:`base_for`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ingest.decks.format_registry import FormatRegistry
from ingest.site import i18n
from ingest.site.fragments import encode, fragments_key
from ingest.site.render import render_page
from ingest.source.layers import SearchPath
from ingest.source.league_config import LeagueSettings
from ingest.source.players import PlayerRegistry
from ingest.source.season import Season
from ingest.summary.event_summary import EventSummary

Files = dict[str, str | bytes]
Mapper = Callable[[Callable[[Sequence[str]], Files], Sequence[Sequence[str]], Callable[[], None]], Iterable[Files]]
"""Applies a function to each chunk of a list (in order), doing a piece of other work meanwhile:
:func:`in_order`, or a parallel equivalent (``ingest.publish.parallel.forked_map``)."""


def in_order(
    fn: Callable[[Sequence[str]], Files], chunks: Sequence[Sequence[str]], meanwhile: Callable[[], None]
) -> list[Files]:
    """The :data:`Mapper` that does it all here: ``meanwhile``, then each chunk."""
    meanwhile()
    return [fn(chunk) for chunk in chunks]


@dataclass(frozen=True, slots=True)
class SiteInputs:
    """Everything the site is made from."""

    reports: tuple[EventSummary, ...]
    """Every event, computed."""
    players: PlayerRegistry
    """players.yaml."""
    formats: FormatRegistry
    """formats/."""
    today: dt.date
    """The build's notion of today (from --today or SOURCE_DATE_EPOCH)."""
    site_name: str = "Scorekeeper"
    """Shown in headings."""
    site_url: str = ""
    """The site's address (``site_url`` in mkdocs.yml); empty when unset."""
    seasons: tuple[Season, ...] = ()
    """seasons/."""
    language: str = i18n.DEFAULT
    """The site's language (``theme.language`` in mkdocs.yml): labels, dates and numbers."""
    locales: tuple[Path, ...] = ()
    """Where its catalog is looked for (empty: the shipped ``locales/``; see :mod:`ingest.site.i18n`)."""
    league: LeagueSettings | None = None
    """The league played through the repository's issue forms (``extra.scorekeeper.league``), if any."""

    def lang(self) -> i18n.Language:
        """The site's language with its catalog."""
        return i18n.load(self.language, self.locales or None)


def page_url(docs_path: str) -> str:
    """The URL directory of a Markdown page with directory URLs.

    >>> page_url("index.md"), page_url("events/x/index.md"), page_url("players/a.md")
    ('', 'events/x/', 'players/a/')
    """
    if docs_path.endswith("index.md"):
        return docs_path[: -len("index.md")]
    if docs_path.endswith(".md"):
        return docs_path[:-3] + "/"
    return docs_path


def base_for(docs_path: str) -> str:
    """The relative prefix from a page to the site root.

    >>> base_for("index.md"), base_for("events/x/index.md"), base_for("events/x/print/round-1.html")
    ('', '../../', '../../../')
    """
    url = page_url(docs_path)
    depth = url.count("/") if docs_path.endswith(".md") else docs_path.count("/")
    return "../" * depth


def page_files(path: str, templates: SearchPath, name: str, context: Mapping[str, Any]) -> Files:
    """A page's Markdown and, beside it, the HTML fragments it stands for (see :mod:`ingest.site.fragments`)."""
    text, fragments = render_page(templates, name, context)
    files: Files = {path: text}
    if fragments:
        files[fragments_key(path)] = encode(fragments)
    return files
