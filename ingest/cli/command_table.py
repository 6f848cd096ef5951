"""The ``scorekeeper`` commands by name, each imported when it is run (or listed by ``--help``).

A command's module imports what the command uses: ``build`` the site's rendering (Jinja2,
Babel), ``pair`` the pairing engine, ``venue`` the server. Imported all at once, they cost
every command's start about a tenth of a second of CPU, more than an 8-player ``report``
spends on its work; :class:`LazyGroup` imports only the module of the command given (click's
lazily loaded subcommands, as its documentation describes them).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

import click

COMMANDS: Mapping[str, str] = {
    "init": "ingest.cli.init:init",
    "new": "ingest.cli.edits:new",
    "pair": "ingest.cli.edits:pair",
    "report": "ingest.cli.record:report",
    "clock": "ingest.cli.clock:clock",
    "clear": "ingest.cli.correction_commands:clear",
    "drop": "ingest.cli.correction_commands:drop",
    "undrop": "ingest.cli.correction_commands:undrop",
    "add-player": "ingest.cli.correction_commands:add_player",
    "add-team": "ingest.cli.correction_commands:add_team",
    "rename": "ingest.cli.correction_commands:rename",
    "check-in": "ingest.cli.correction_commands:check_in",
    "import": "ingest.cli.imports:import_command",
    "export": "ingest.cli.export:export",
    "build": "ingest.cli.site:build",
    "serve": "ingest.cli.site:serve",
    "publish": "ingest.cli.publish:publish",
    "venue": "ingest.cli.venue:venue",
    "inbox": "ingest.cli.venue:inbox",
    "accept": "ingest.cli.venue:accept",
    "reject": "ingest.cli.venue:reject",
    "check-decks": "ingest.cli.check_decks:check_decks",
    "catalogs": "ingest.cli.catalogs:catalogs",
    "submit-deck": "ingest.cli.decks:submit_deck",
    "apply-submission": "ingest.cli.league:apply_submission",
    "codes": "ingest.cli.league:codes",
    "venue-key": "ingest.cli.league:venue_key",
}
"""Each command's name -> ``module:attribute`` of its click command (the help lists them in
alphabetical order; ``validate`` and ``standings`` are defined with the group, in
:mod:`ingest.cli.main`)."""


class LazyGroup(click.Group):
    """A command group whose commands of :data:`COMMANDS` are imported when asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *super().list_commands(ctx)})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            module, attribute = COMMANDS[cmd_name].split(":")
            command = getattr(importlib.import_module(module), attribute)
            if not isinstance(command, click.Command) or command.name != cmd_name:
                raise RuntimeError(f"{COMMANDS[cmd_name]} is not the command {cmd_name!r}")
            self.add_command(command)
        return super().get_command(ctx, cmd_name)
