"""The players' decklists as the event holds them, for the venue's pages: a player's own list on
file (:func:`list_on_file`), and the TO's view of everyone's (:func:`deck_overview`): who handed
in a legal list, whose list breaks a rule, whose last try was refused, who has none yet.

Lists are read through the one reading path (:func:`ingest.checks.event_files.load_event`) and
checked by the checker ``validate`` uses (:func:`ingest.decks.event_decks.event_decks`), so
the TO page says what ``validate`` and ``check-decks`` say.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ingest.checks.event_files import load_event
from ingest.core.ids import PlayerId
from ingest.core.model import Player
from ingest.core.safetext import unsafe_character
from ingest.decks.card_files import card_data
from ingest.decks.decklist_parts import Section
from ingest.decks.event_decks import DeckInfo, event_decks
from ingest.site.deck_words import message
from ingest.site.i18n import N_
from ingest.site.i18n import gettext as _
from ingest.site.qr import QrCode, qr_code
from ingest.site.submission_words import deadline_words
from ingest.source.project import Project
from ingest.venue.codes import shown_code
from ingest.venue.events import LiveEvent

if TYPE_CHECKING:
    from ingest.venue.context import Venue

STATUS_WORDS = {
    "illegal": N_("breaks a rule"),
    "unreadable": N_("cannot be read"),
    "refused": N_("refused, not fixed yet"),
    "missing": N_("missing"),
    "legal": N_("legal"),
    "unchecked": N_("handed in (not checked)"),
}
"""How the TO page names where a player's list stands, in the order it lists them."""


@dataclass(frozen=True, slots=True)
class OnFile:
    """A player's list as the event file names it."""

    ref: str
    """The deck file (relative to the event's folder)."""
    text: str
    """Its text."""
    legal: bool | None
    """Legal on the event date (None: not checked, no deck rules)."""
    problems: tuple[str, ...]
    """Every rule it breaks and every line that cannot be read, in the site's language."""
    main: int
    """Cards outside the sideboard."""
    sideboard: int
    """Cards in the sideboard."""
    unreadable: bool = False
    """Some of its lines cannot be read."""


def _lists(project: Project, live: LiveEvent) -> dict[PlayerId, OnFile]:
    """Every list the event names that could be read, checked (call with the language active)."""
    from ingest.checks.event_files import event_data

    loaded = load_event(live.path, project, data=event_data(project))
    if loaded.event is None:
        return {}
    cards, _problems = card_data(project)
    infos = event_decks(loaded.event, loaded.deck_files, event_data(project).formats, None, cards)
    texts = {f.player: (f.ref, f.text) for f in loaded.deck_files}
    return {pid: _on_file(info, *texts.get(pid, ("", ""))) for pid, info in infos.items()}


def _on_file(info: DeckInfo, ref: str, text: str) -> OnFile:
    """A list on file as its player and the TO see it: each line that cannot be read quoted in the
    site's language (the reader's reason is English, for the terminal), then each broken rule."""
    lines = text.split("\n")
    problems = []
    for _ref, e in info.errors:
        line = lines[e.line - 1] if e.line and e.line <= len(lines) else ""
        shown = "".join(c for c in line.strip() if unsafe_character(c) is None)
        problems.append(
            _('Line %(line)d cannot be read: "%(text)s". Write one card per line as "4 Card Name".')
            % {"line": e.line or 0, "text": shown}
        )
    if info.verdict is not None:
        problems += [message(v) for v in info.verdict.violations]
    deck = info.decklist
    main = sum(e.count for e in deck.entries if e.section is not Section.SIDEBOARD)
    return OnFile(ref, text, info.legal, tuple(problems), main, deck.total(Section.SIDEBOARD), bool(info.errors))


@dataclass(frozen=True, slots=True)
class DeckRow:
    """One player's line on the TO's decklists page."""

    id: str
    name: str
    """As the site shows it."""
    code: str
    """Their player code, as printed (to give them)."""
    status: str
    """One of :data:`STATUS_WORDS`."""
    status_words: str
    on_file: OnFile | None
    problems: tuple[str, ...]
    """What is wrong with the list on file, or with the last one refused."""
    tried: str
    """When they last sent a list at the venue (empty: never)."""
    qr: QrCode
    """The QR code of their page (``<venue address>/deck/<code>``), for their slip."""


def list_on_file(project: Project, live: LiveEvent, player: Player) -> OnFile | None:
    """``player``'s list as the event names it, checked (None: none yet, or it cannot be read)."""
    if player.deck is None:
        return None
    return _lists(project, live).get(player.id)


def _status(on_file: OnFile | None, last: Any) -> str:
    if on_file is not None:
        if on_file.unreadable:
            return "unreadable"
        if on_file.legal is None:
            return "unchecked"
        return "legal" if on_file.legal else "illegal"
    if last is not None and last.state == "rejected":
        return "refused"
    return "missing"


def deck_overview(venue: Venue, live: LiveEvent, kind: str) -> dict[str, Any]:
    """The TO's page of an event's decklists (call with the language active): each player's list
    on file and its verdict, their last try at the venue, their player code; counts."""
    event = live.event
    assert event is not None
    on_file = _lists(venue.project, live)
    latest: Mapping[str, Any] = {}
    for s in venue.store.of_event(live.slug, kind):
        latest = {**latest, s.side: s}
    rows: list[DeckRow] = []
    for player in event.players:
        last = latest.get(str(player.id))
        mine = on_file.get(player.id)
        status = _status(mine, last)
        tried = ""
        if last is not None:
            when = dt.datetime.fromtimestamp(last.received).strftime("%H:%M")
            tried = _("last sent at %(time)s") % {"time": when}
        if mine is not None:
            problems = mine.problems
        elif last is not None and status == "refused":
            problems = tuple(last.outcome.split("\n")[1:])
        else:
            problems = ()
        raw = venue.guard.keys.player_code(live.slug, player.id)
        name = live.names.get(player.id, player.name)
        qr = qr_code(f"{venue.address}/deck/{raw}", f"sk-qr-deck-{player.id}")
        words = _(STATUS_WORDS[status])
        rows.append(DeckRow(str(player.id), name, shown_code(raw), status, words, mine, problems, tried, qr))
    order = list(STATUS_WORDS)
    rows.sort(key=lambda r: (order.index(r.status), r.name.casefold()))
    counts = {s: sum(r.status == s for r in rows) for s in order}
    missing = counts["missing"] + counts["refused"]
    handed_in = counts["legal"] + counts["unchecked"] + counts["illegal"] + counts["unreadable"]
    return {
        "live": live,
        "rows": rows,
        "summary": _("%(in)s of %(all)s lists handed in; %(missing)s missing, %(illegal)s breaking a rule.")
        % {"in": handed_in, "all": len(rows), "missing": missing, "illegal": counts["illegal"]},
        "deadline": deadline_words(event.structure.decklist_deadline),
        "policy": event.structure.decklists,
        "deck_url": f"{venue.address}/deck",
        "slips": sorted(rows, key=lambda r: r.name.casefold()),
    }
