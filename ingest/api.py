"""Scorekeeper's public API: what a community's code uses, under names that stay.

Everything else in ``ingest`` is private by convention: its modules may be moved, split or
renamed from one release to the next, and only what is named here keeps its name and its
meaning (a change to it is a line under "Changed" or "Removed" in the CHANGELOG).

**Add a game or a ruleset** (from a module the project's ``mkdocs.yml`` lists in
``extra.scorekeeper.modules``, or a package's entry point; README "Layout")::

    from ingest.api import Game, Ruleset, register_game, register_ruleset

    register_ruleset(Ruleset("lorcana", "Lorcana league rules", "Our league's rules", tiebreakers=("omw", "gw", "ogw")))
    register_game(Game("lorcana", "Disney Lorcana", rules="lorcana", family="mtr"))

**Read an event** (checked as ``scorekeeper validate`` checks it; the problems come back,
nothing is raised for a bad file)::

    from pathlib import Path
    from ingest.api import Project, load_event, load_extensions

    project = Project.find(Path("dragons-hoard"))
    load_extensions(project)  # the community's games and rulesets, as every command loads them
    loaded = load_event(project.events_dir / "2026" / "2026-11-27-fnm-43.yaml", project)
    if loaded.event is None:
        print(*(d.render() for d in loaded.diagnostics), sep="\\n")

``compute_summary(loaded.event, loaded.deck_files)`` gives everything the site shows of it:
standings after each round, the final standings, the checks and the champion.

**Build the site** (``build/docs`` and ``build/site``; ``scorekeeper build`` without the terminal)::

    import datetime as dt
    from ingest.api import BuildIncomplete, IngestError, build_site

    try:
        build_site(project, today=dt.date.today())
    except BuildIncomplete as exc:  # the site was written; an event file had errors (or warnings, strict)
        ...
    except IngestError as exc:  # nothing was written: exc.diagnostics say why
        ...
"""

from __future__ import annotations

from ingest.core.diagnostics import Diagnostic
from ingest.core.errors import IngestError
from ingest.core.games import Game, register_game, unregister_game
from ingest.core.model import Event
from ingest.publish.build_outcome import BuildIncomplete
from ingest.publish.run import build_site
from ingest.rules.rulesets import Ruleset, get_ruleset, register_ruleset, unregister_ruleset
from ingest.source.extensions import ExtensionError, load_extensions
from ingest.source.pipeline import Loaded, load_event
from ingest.source.project import Project
from ingest.summary.event_summary import EventSummary, compute_summary

__all__ = [
    "BuildIncomplete",
    "Diagnostic",
    "Event",
    "EventSummary",
    "ExtensionError",
    "Game",
    "IngestError",
    "Loaded",
    "Project",
    "Ruleset",
    "build_site",
    "compute_summary",
    "get_ruleset",
    "load_event",
    "load_extensions",
    "register_game",
    "register_ruleset",
    "unregister_game",
    "unregister_ruleset",
]
