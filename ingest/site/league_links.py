"""The links a league's site gives players (``extra.scorekeeper.league`` in ``mkdocs.yml``;
:mod:`ingest.source.league_config`): beside each unfinished match of the round being played,
one per side, to the report form on GitHub prefilled with the event, round, table and the
player as published; and, while lists are taken, one per player to the decklist form.

A link never holds a code (the player types their own) and holds nothing the page does not
show already: the event's slug, the round and table numbers, the player's published name.
Every value is percent-encoded into the address (:meth:`~ingest.source.league_config.LeagueSettings.issue_url`),
which the page escapes as any attribute. Decklist links are offered only for events whose lists
are public: an issue is public the moment it is filed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from ingest.core.families import family_of
from ingest.core.model import Event
from ingest.site.i18n import gettext as _
from ingest.site.match_league import MatchLeague
from ingest.site.wot_league import WotLeague
from ingest.source.league_config import LeagueSettings


@dataclass(frozen=True, slots=True)
class FormLink:
    """A link to a form for one player (or team)."""

    name: str
    """As the page shows them."""
    url: str


@dataclass(frozen=True, slots=True)
class MatchLinks:
    """An unfinished match's report links, one per side."""

    label: str
    """``Table 3`` (or the first side's name when the file numbers no tables)."""
    sides: tuple[FormLink, FormLink]


@dataclass(frozen=True, slots=True)
class LeagueLinks:
    """What the event page offers a league's players."""

    reports: tuple[MatchLinks, ...]
    """The unfinished matches of the round being played."""
    decklists: tuple[FormLink, ...]
    """Each player's decklist link, while lists are taken (events whose lists are public)."""


class Unfinished(Protocol):
    """One family's unfinished tables of the round being played."""

    def unfinished(self, event: Event) -> tuple[str, int, list[tuple[int | None, tuple[str, str]]]]:
        """The round in words (for an issue's title), its number, and each unfinished table
        with its two sides' ids."""
        ...


UNFINISHED: Mapping[str, Unfinished] = {"mtr": MatchLeague(), "wot": WotLeague()}
"""Each family's unfinished tables, by the family's id."""


def _report_links(event: Event, settings: LeagueSettings, names: Mapping[str, str]) -> tuple[MatchLinks, ...]:
    round_words, number, pairs = UNFINISHED[family_of(event).id].unfinished(event)
    out = []
    for table, units in pairs:
        label = _("Table %(table)s") % {"table": table} if table is not None else names.get(units[0], units[0])
        title = f"{event.name}, {round_words}, {label}"
        sides = []
        for unit in units:
            fields = {
                "title": _("Result: %(match)s") % {"match": title},
                "event": event.slug,
                "round": str(number),
                "table": str(table) if table is not None else "",
                "player": names.get(unit, unit),
            }
            sides.append(FormLink(names.get(unit, unit), settings.issue_url("report.yml", fields)))
        out.append(MatchLinks(label, (sides[0], sides[1])))
    return tuple(out)


def lists_open(event: Event, today: dt.date) -> bool:
    """Whether players may still hand in lists, as far as the site can tell on ``today``: until
    round 1 is paired, or until the day of ``structure.decklist_deadline`` (the form itself
    checks the moment)."""
    if event.structure.decklist_deadline is not None:
        return event.structure.decklist_deadline.date() >= today
    return not event.rounds and not event.playoff


def _decklist_links(
    event: Event, settings: LeagueSettings, names: Mapping[str, str], today: dt.date
) -> tuple[FormLink, ...]:
    if event.structure.decklists != "public" or not lists_open(event, today):
        return ()
    out = []
    for p in sorted(event.players, key=lambda p: names.get(p.id, p.id).casefold()):
        name = names.get(p.id, p.id)
        fields = {"title": _("Decklist: %(player)s") % {"player": name}, "event": event.slug, "player": name}
        out.append(FormLink(name, settings.issue_url("decklist.yml", fields)))
    return tuple(out)


def league_links(
    event: Event, settings: LeagueSettings | None, names: Mapping[str, str], today: dt.date, *, complete: bool
) -> LeagueLinks | None:
    """The event page's league links (None when the community plays no league through GitHub,
    or there is nothing to report or hand in); ``complete``: the event is over."""
    if settings is None or complete:
        return None
    links = LeagueLinks(_report_links(event, settings, names), _decklist_links(event, settings, names, today))
    return links if links.reports or links.decklists else None
