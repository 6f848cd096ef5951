"""The league setting: ``extra.scorekeeper.league`` in ``mkdocs.yml``.

.. code-block:: yaml

    extra:
      scorekeeper:
        league:
          repository: dragons-hoard/results   # where the issue forms and the workflow are
          accept: agreed                       # agreed | reported | to

``repository`` turns the site's report links on (each unfinished match of the round being
played, each player's decklist spot) and names the repository whose issue forms they open.
``accept`` is the venue's choice (``venue --accept``) for a league: ``agreed`` (the default,
as at the venue) records a result when both players report the same one, each from their own
GitHub account; ``reported`` records the first report made with the table's code (the
opponent who disagrees reports too, and the TO decides); ``to`` leaves every result to the TO.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ingest.core.diagnostics import Diagnostic, error
from ingest.source.yamldoc import SourceDocument

LEAGUE_KEY = ("extra", "scorekeeper", "league")
"""Where ``mkdocs.yml`` holds the league setting."""
ACCEPT_MODES = ("agreed", "reported", "to")
"""How a league's results are accepted (see the module's docstring)."""
_REPOSITORY = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]{1,100}")
"""A GitHub repository's ``owner/name``."""


@dataclass(frozen=True, slots=True)
class LeagueSettings:
    """What the community set for its league."""

    repository: str
    """``owner/name`` of the repository players file their issues in."""
    accept: str = "agreed"
    """One of :data:`ACCEPT_MODES`."""

    def issue_url(self, template: str, fields: dict[str, str]) -> str:
        """The address of a new issue from ``template`` with ``fields`` prefilled (GitHub's form
        schema: a field's ``id`` is "the canonical identifier for the field in URL query
        parameter prefills"); every value is percent-encoded.

        >>> LeagueSettings("club/results").issue_url("report.yml", {"event": "fnm", "player": "Ana & Bo"})
        'https://github.com/club/results/issues/new?template=report.yml&event=fnm&player=Ana%20%26%20Bo'
        """
        from urllib.parse import quote

        pairs = [("template", template), *fields.items()]
        query = "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in pairs)
        return f"https://github.com/{self.repository}/issues/new?{query}"


def _section(data: object) -> object:
    extra = data.get("extra") if isinstance(data, dict) else None
    scorekeeper = extra.get("scorekeeper") if isinstance(extra, dict) else None
    return scorekeeper.get("league") if isinstance(scorekeeper, dict) else None


def _problems(section: object) -> list[tuple[tuple[str, ...], str, str]]:
    if not isinstance(section, dict):
        return [((), "must be a mapping such as {repository: owner/name}", "league: {repository: club/results}")]
    out: list[tuple[tuple[str, ...], str, str]] = []
    for key in section:
        if key not in ("repository", "accept"):
            out.append(((str(key),), "is not a league setting", "the settings are repository and accept"))
    repo = section.get("repository")
    if not isinstance(repo, str) or not _REPOSITORY.fullmatch(repo):
        out.append((("repository",), "must be a GitHub repository's owner/name", "e.g. repository: club/results"))
    accept = section.get("accept", "agreed")
    if accept not in ACCEPT_MODES:
        out.append((("accept",), f"must be one of {', '.join(ACCEPT_MODES)}", "agreed is the venue's default"))
    return out


def settings_from(data: object) -> LeagueSettings | None:
    """The league setting in the site configuration ``data`` (None when it has none, or when
    the setting has a problem: :func:`league_problems` names it, and ``validate`` and
    ``build`` report it)."""
    section = _section(data)
    if section is None or _problems(section):
        return None
    assert isinstance(section, dict)
    return LeagueSettings(str(section["repository"]), str(section.get("accept", "agreed")))


def league_problems(doc: SourceDocument) -> list[Diagnostic]:
    """Every problem of the league setting in ``mkdocs.yml``, at its line."""
    section = _section(doc.data)
    if section is None:
        return []
    out = []
    for sub, message, hint in _problems(section):
        path = (*LEAGUE_KEY, *sub) if sub and isinstance(section, dict) and sub[0] in section else LEAGUE_KEY
        name = "extra.scorekeeper.league" + (f".{sub[0]}" if sub else "")
        out.append(error("site-config", f"{name} {message}", doc.pos(path), hint))
    return out
