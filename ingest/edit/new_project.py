"""A new community project (``scorekeeper init``): the files it starts with, as text.

Nothing here touches the disk: the CLI checks that none of the files exists and writes them.
The project is complete at once: ``validate --strict`` and ``build --strict`` pass on it,
``git add -A`` after a night's commands and a build commits no generated file (the
``.gitignore``), and a push to GitHub publishes it through Scorekeeper's reusable workflow
(``.github/workflows/pages.yml`` of :data:`ingest.REPOSITORY`, the caller ten lines long).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import yaml

from ingest import HOME, REPOSITORY, __version__
from ingest.core.safetext import unsafe_character, unsafe_text_problem
from ingest.source.schema_hints import HINT

MARKUP = re.compile(r"[<>\"]")
"""What a site name cannot hold: the engines put it into every page as it is."""


@dataclass(frozen=True, slots=True)
class ProjectSettings:
    """What ``init`` asks: the three values of ``mkdocs.yml`` a community sets first."""

    site_name: str
    """The site's name, on every page (``site_name``)."""
    language: str
    """The pages' language (``theme.language``): one Scorekeeper has a catalog for."""
    site_url: str = ""
    """The site's address, ending in ``/`` (``site_url``); empty: the workflow's (configure-pages)."""


def site_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a site's name, or None.

    >>> site_name_problem("Dragon's Hoard Results"), site_name_problem("<b>Club</b>")
    (None, 'a site name is text: no <, > or double quotes (“ ” are fine)')
    """
    if not name.strip():
        return "a site name is not empty"
    if "\n" in name:
        return "a site name is one line"
    if MARKUP.search(name):
        return "a site name is text: no <, > or double quotes (“ ” are fine)"
    char = unsafe_character(name)
    return None if char is None else unsafe_text_problem(char)[0]


def default_site_name(folder_name: str) -> str:
    """A site name from the project folder's name.

    >>> default_site_name("dragons-hoard_results"), default_site_name("FNM Leiden"), default_site_name("-")
    ('Dragons Hoard Results', 'FNM Leiden', 'Tournament results')
    """
    words = re.sub(r"[-_.]+", " ", folder_name).split()
    if not words or site_name_problem(" ".join(words)):
        return "Tournament results"
    return " ".join(w[:1].upper() + w[1:] if w.islower() else w for w in words)


def mkdocs_text(shipped: str, settings: ProjectSettings) -> str:
    """The project's ``mkdocs.yml``: the shipped configuration, whole, with the three values set.

    Complete as it stands (every setting the shipped one has, so the site is the same when
    Scorekeeper's own defaults move on); a value the project changes later is changed here.

    Raises:
        ValueError: the shipped configuration does not have the lines it is derived from.
    """
    name = f"site_name: {_quoted(settings.site_name)}"
    text, named = re.subn(r"^site_name: .*$", lambda _: name, shipped, count=1, flags=re.M)
    url = (
        f"site_url: {settings.site_url}"
        if settings.site_url
        else "# site_url: https://example.org/results/   (the workflow gives the GitHub Pages address)"
    )
    text, described = re.subn(r"^(site_description: .*)$", lambda m: f"{m[1]}\n{url}", text, count=1, flags=re.M)
    text, languages = re.subn(r"^(  language: )\S+", lambda m: m[1] + settings.language, text, count=1, flags=re.M)
    if (named, described, languages) != (1, 1, 1):
        raise ValueError("the shipped mkdocs.yml has no site_name, site_description or theme.language line")
    data = yaml.safe_load(text)
    got = (data["site_name"], data["theme"]["language"], data.get("site_url", ""))
    if got != (settings.site_name, settings.language, settings.site_url):
        raise ValueError(f"the project's mkdocs.yml would say {got!r}")
    return text


def _quoted(text: str) -> str:
    """``text`` as a YAML scalar that reads back as itself (a JSON string is one)."""
    return json.dumps(text, ensure_ascii=False)


GITIGNORE = """\
# What Scorekeeper makes, never committed: the workflow builds the site on GitHub.
/build/
/site/
# The edit commands' lock files and the temporary files of an interrupted write, next to
# event files and players.yaml.
.*.lock
.*.tmp
# Python's and the tools' caches (the project's own modules: extra.scorekeeper.modules).
__pycache__/
.cache/
# The players' codes printed to a file here (scorekeeper codes FILE > round-2-codes.txt): a code
# reports a result. Only at the top: decklists in events/ may have any name. The venue keeps
# its key and database outside the project, in your data folder (~/.local/share/scorekeeper).
/*codes*.txt
"""

WORKFLOW = f"""\
# Publishes the site on GitHub Pages (Settings > Pages > Source: GitHub Actions) through
# Scorekeeper's workflow: a push to main validates, builds and deploys; a pull request is
# checked. Inputs: version (default: this release), engine (mkdocs | zensical), strict, python.
name: publish
on:
  push: {{branches: [main]}}
  pull_request:
  workflow_dispatch:
jobs:
  site:
    uses: {REPOSITORY}/.github/workflows/pages.yml@v{__version__}
    permissions: {{contents: read, pages: write, id-token: write}}
"""

DEPENDABOT = """\
# Dependabot proposes Scorekeeper's next release of the publishing workflow (the `@v...` in
# .github/workflows/publish.yml), with the engine, theme and pins it was tested with.
version: 2
updates:
  - package-ecosystem: github-actions
    directory: /
    schedule:
      interval: weekly
"""

PRE_COMMIT = f"""\
# pre-commit (https://pre-commit.com): after `pip install pre-commit && pre-commit install`,
# a commit that changes an event, a decklist, players.yaml, a format or mkdocs.yml is checked
# first (scorekeeper validate --strict), every problem at its line.
repos:
  - repo: https://github.com/{REPOSITORY}
    rev: v{__version__}
    hooks:
      - id: scorekeeper-validate
"""


def players_text(schema: str) -> str:
    """``players.yaml`` with nobody yet, the editor's schema hint first (``schema``: where it is)."""
    return (
        HINT.format(schema=schema) + "\n"
        "# One entry per person across events (README: How players are named). add-player and the\n"
        "# venue add people here; an entry: {id: alice-example, name: Alice Example}\n"
        "players: []\n"
    )


def readme_text(settings: ProjectSettings) -> str:
    """The TOs' README: set up once, then the event-night commands, every commit taking new files."""
    return f"""\
# {settings.site_name}

Tournament results kept with [Scorekeeper]({HOME}): each event is a YAML file in `events/`,
which the `scorekeeper` command creates, pairs, records and checks; every push to `main`
publishes the site (standings, pairings, decklists) on GitHub Pages.

## Once

1. Install Scorekeeper: `pipx install tcg-scorekeeper` (the command is `scorekeeper`).
2. Put this folder on GitHub, and in the repository's *Settings > Pages* choose *GitHub
   Actions* as the source. `.github/workflows/publish.yml` then publishes every push to
   `main`, and checks every pull request.
3. Optional: `pipx install pre-commit && pre-commit install` checks each commit first.

## Event night

```sh
scorekeeper new --name "Friday Night Modern 1" --date 2026-11-27 --game mtg --format modern --rounds 4
F=events/2026/2026-11-27-friday-night-modern-1.yaml
scorekeeper add-player $F --name "Alice Example"
scorekeeper add-player $F --name "Bob Builder"
git add -A && git commit -m "FNM 1: players"
scorekeeper pair $F --start now                    # round 1, its clock started
scorekeeper report $F --table 1 2-1
git add -A && git commit -m "FNM 1: round 1" && git push
scorekeeper standings $F
```

Commands make new files (an event, a player's decklist, `players.yaml`): `git add -A` takes
them into the commit, where `git commit -a` would leave them out. What Scorekeeper builds
(`build/`) is never committed (`.gitignore`); GitHub builds the site.

Before you push, `scorekeeper validate` checks every file (each problem at its line) and
`scorekeeper serve` shows the site as it will be published, at http://127.0.0.1:8000.
`scorekeeper --help` lists every command; the venue's live pages, leagues through issues
and the settings of `mkdocs.yml` are in Scorekeeper's README.
"""


PROJECT_FILES = (
    "mkdocs.yml",
    ".gitignore",
    ".github/workflows/publish.yml",
    ".github/dependabot.yml",
    ".pre-commit-config.yaml",
    "players.yaml",
    "README.md",
)
"""The files of a new project, by their paths in it (``events/`` is made beside them)."""


def project_files(shipped_mkdocs: str, settings: ProjectSettings, players_schema: str) -> dict[str, str]:
    """Every file of a new project (:data:`PROJECT_FILES`) and its text."""
    files = {
        "mkdocs.yml": mkdocs_text(shipped_mkdocs, settings),
        ".gitignore": GITIGNORE,
        ".github/workflows/publish.yml": WORKFLOW,
        ".github/dependabot.yml": DEPENDABOT,
        ".pre-commit-config.yaml": PRE_COMMIT,
        "players.yaml": players_text(players_schema),
        "README.md": readme_text(settings),
    }
    assert tuple(files) == PROJECT_FILES
    return files
