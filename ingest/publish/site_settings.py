"""What the project says of its site (``mkdocs.yml``, the build's options): its name, its
address, its language, and the :class:`~ingest.site.page.SiteInputs` every page of a build is
made with."""

from __future__ import annotations

import datetime as dt
import re

from ingest.checks.event_files import event_data
from ingest.publish.site_language import locale_dirs, read_language
from ingest.site.page import SiteInputs
from ingest.source.players import PlayerRegistry
from ingest.source.project import Project
from ingest.source.season import Season
from ingest.source.site_config import league_settings, site_config


def site_inputs(project: Project, players: PlayerRegistry, seasons: tuple[Season, ...], day: dt.date) -> SiteInputs:
    """The site's settings, players, formats, seasons and language, as every page is made with them."""
    return SiteInputs(
        (),
        players,
        event_data(project).formats,
        day,
        site_name(project),
        site_url=site_url(project),
        seasons=seasons,
        language=site_language(project),
        catalog=read_language(site_language(project), locale_dirs(project.root)),
        league=league_settings(project),
    )


def site_language(project: Project) -> str:
    """``theme.language`` from mkdocs.yml: the language of the pages (``en`` when unset)."""
    theme = site_config(project.mkdocs_file).get("theme")
    language = theme.get("language") if isinstance(theme, dict) else None
    return language if isinstance(language, str) and language else "en"


def site_name(project: Project) -> str:
    return str(site_config(project.mkdocs_file).get("site_name") or "Scorekeeper")


def site_url(project: Project) -> str:
    """The site's address (feeds and printed QR codes need it): the one this build was given
    (``build --site-url``), else ``site_url`` from mkdocs.yml; empty when unset."""
    if project.site_url:
        return project.site_url
    url = site_config(project.mkdocs_file).get("site_url")
    if not isinstance(url, str) or not re.fullmatch(r"https?://[^\s\"'<>\\]+", url):
        return ""  # unset, or not a web address: no feed links or QR codes point anywhere else
    return url
