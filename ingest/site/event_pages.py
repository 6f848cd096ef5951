"""An event's own pages (event, pairings and results, decklists, teams), its API
documents and its brief: everything :func:`render_event` makes of one computed report.

The tables come as typed views (:mod:`ingest.site.event_views`, and what depends on the
event's family from :mod:`ingest.site.family_views`); this module puts them in the
templates' context."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ingest.core.rulesets import rules_page
from ingest.core.slug import slug
from ingest.planner.systems import system_of
from ingest.rules.published import platform_name
from ingest.site import api, i18n
from ingest.site.api_mtgo import mtgo_files
from ingest.site.bracket_views import bracket_view, cut_note, metagame_view
from ingest.site.brief import EventBrief, analytics_record, event_brief, player_names, unit_url
from ingest.site.deck_views import DeckView, cards_documents, copy_sections, deck_views, follows_its_document
from ingest.site.event_views import Links, standings_view, unit_links
from ingest.site.family_views import views_of
from ingest.site.i18n import N_, ngettext
from ingest.site.i18n import gettext as _
from ingest.site.league_links import league_links
from ingest.site.live import VERSION_FILE, version_token
from ingest.site.page import Files, SiteInputs, base_for, page_files
from ingest.site.print_views import PrintedRound
from ingest.site.qr import QrCode, page_address, qr_code
from ingest.site.round_standings import round_standings
from ingest.site.seasons import event_seasons
from ingest.site.templates import Templates
from ingest.summary.event_summary import EventSummary

# -- view models --------------------------------------------------------------------------


_PAIRINGS = {
    "swiss": N_("Swiss"),
    "round-robin": N_("Round robin"),
    "single-elimination": N_("Single elimination"),
    "double-elimination": N_("Double elimination"),
    "wot-cycles": N_("Hero/Villain cycles"),
}
"""Pairing systems as the event page names them (others: the id in words)."""


_COUNTS: dict[str, Callable[[int], str]] = {
    "round": lambda n: ngettext("%(num)d round", "%(num)d rounds", n),
    "game": lambda n: ngettext("%(num)d game", "%(num)d games", n),
}
"""How many of a pairing system's rounds (:attr:`~ingest.planner.systems.PairingSystem.round_noun`) an event plays."""


def _structure_text(report: EventSummary) -> str:
    s = report.event.structure
    known = _PAIRINGS.get(s.pairing)
    parts = [_(known) if known else s.pairing.replace("-", " ").capitalize()]
    if s.swiss_rounds:
        parts.append(_COUNTS[system_of(report.event).round_noun](s.swiss_rounds) % {"num": s.swiss_rounds})
    elif s.swiss_rounds_auto:
        parts.append(_("rounds by the recommended table"))
    parts.append(_("best of %(games)s") % {"games": s.best_of})
    if s.playoff:
        seeding = _("draft seats") if s.playoff.seeding == "draft-seats" else _("seeded by standings")
        parts.append(_("top %(players)s playoff (%(seeding)s)") % {"players": s.playoff.top, "seeding": seeding})
    if s.round_minutes:
        parts.append(_("%(minutes)s-minute rounds") % {"minutes": s.round_minutes})
    if s.results == "matches":
        parts.append(_("match results only (no games recorded)"))
    return _(", ").join(parts)


def _event_context(report: EventSummary, inputs: SiteInputs, names: Mapping[str, str], page: str) -> dict[str, Any]:
    """Everything an event page shows; links in it are relative to the site root, and the
    templates prefix them with ``base`` (the way from ``page`` to the root)."""
    e = report.event
    base = base_for(page)
    links = unit_links(report)
    views = views_of(e)
    players = []
    archetypes = report.public_archetypes()
    for p in e.players:
        players.append(
            {
                "id": p.id,
                "name": names[p.id],
                "url": links[p.id],
                "archetype": archetypes[p.id],
                "team": names.get(p.team, p.team),
                "country": p.country,
            }
        )
    return {
        "report": report,
        "e": e,
        "base": base,
        "names": names,
        "structure": _structure_text(report),
        "rules_name": report.ruleset.name,
        "source_name": platform_name(e.origin) if e.origin is not None else "",
        "rules_url": f"rules/{rules_page(report.ruleset.id)}/",
        **_round_standings(report, names, links),
        **_main_standings(report, names, links),
        "bracket": bracket_view(report, names),
        "cut_note": cut_note(report, names),
        "metagame": metagame_view(report),
        **_decks(report, names, links),
        **views.pages(report, names, links).context(),
        **_rounds_document(report, names, links),
        "cut_drops": [names.get(p, p) for p in e.cut_drops],
        "players": sorted(players, key=lambda p: str(p["name"]).casefold()),
        "slug": e.slug,
        "game_name": e.game_name,
        "today": inputs.today.isoformat(),
        "format_url": f"formats/{e.game}/{e.format}/" if e.format != "other" else "",
        "format_name": inputs.formats.display_name(e.game, e.format),
        "seasons": event_seasons(inputs.seasons, e),
        "illegal": sum(1 for d in report.decks.values() if d.legal is False),
        "print_round": _print_view(report, names, inputs.site_url),
        "qr_event": _qr(inputs.site_url, f"events/{e.slug}/", "sk-qr-event"),
        "league": league_links(e, inputs.league, names, inputs.today, complete=report.status == "complete"),
    }


def _decks(report: EventSummary, names: Mapping[str, str], links: Links) -> dict[str, Any]:
    """The decklists page's decks, and the documents their cards are drawn from.

    A deck that says nothing its documents do not (:func:`_drawn_whole`) is not on the page
    at all: ``decks_players`` gives each deck's player's place in the API document's
    ``players`` (-1 for a deck the page writes, ``decks_written``), and the page's script
    writes its frame from the documents as :func:`~ingest.site.table_rows.decklist` would,
    with the verdict's words (``decks_verdicts``). A 32-player Magic event's decks took
    about 215 bytes each on the page; now about 3.
    """
    decks = deck_views(report, names, links)
    documents = cards_documents(report.event.slug)
    main = "mtgo" if any(d.document == "mtgo" for d in decks) else "api"
    # The sections the script writes for the decks the page lists none of (follows_its_document).
    sections = json.dumps(copy_sections(), ensure_ascii=False) if any(map(follows_its_document, decks)) else ""
    place = {p.id: i for i, p in enumerate(report.event.players)}
    whole = [_drawn_whole(report, d) for d in decks]
    return {
        "decks": decks,
        "decks_written": [d for d, drawn in zip(decks, whole, strict=True) if not drawn],
        "decks_players": json.dumps(
            [place[d.player] if drawn else -1 for d, drawn in zip(decks, whole, strict=True)], separators=(",", ":")
        )
        if any(whole)
        else "",
        "decks_verdicts": json.dumps([_("legal"), _("illegal"), _("not checked")], ensure_ascii=False),
        "decks_documents": documents,
        "decks_document": documents[main],
        "decks_sections": sections,
    }


def _drawn_whole(report: EventSummary, deck: DeckView) -> bool:
    """Whether the page's script can write a deck's frame from the event's documents alone: a
    deck of the MTGODecklistCache copy as it is (:func:`follows_its_document`), with no
    violation, stars or deck name to show, its player's page ``players/<player_page or
    id>/`` and its anchor ``deck-<id>``."""
    return (
        follows_its_document(deck)
        and not deck.violations
        and deck.stars is None
        and not deck.deck_name
        and deck.url == f"players/{report.canonical_id(deck.player)}/"
        and slug(deck.player, fallback="x") == deck.player
    )


def _rounds_document(report: EventSummary, names: Mapping[str, str], links: Links) -> dict[str, Any]:
    """The API document the rounds page draws an individual event's rounds from
    (:func:`ingest.site.table_rows.rounds_data`): its path from the site's root, and its
    ``players`` in its order, each as ``(name, link, the link the page's script works out
    from the document)``; none for a team event, whose rounds the page carries."""
    e = report.event
    if e.is_team_event:
        return {"rounds_document": "", "rounds_people": ()}
    people = tuple((names[p.id], links[p.id], f"players/{report.canonical_id(p.id)}/") for p in e.players)
    return {"rounds_document": f"api/events/{e.slug}.json", "rounds_people": people}


def _round_standings(report: EventSummary, names: Mapping[str, str], links: Links) -> dict[str, Any]:
    """The standings after each round: their tables' frames and their rows as data."""
    found = round_standings(report, names, links)
    return {"standings": found.views, "round_standings": found}


def _after_round(number: int, planned: int | None) -> str:
    """The title of standings taken after a round ("Standings after round 3 of 5")."""
    if planned:
        return _("Standings after round %(number)s of %(planned)s") % {"number": number, "planned": planned}
    return _("Standings after round %(number)s") % {"number": number}


def _main_standings(report: EventSummary, names: Mapping[str, str], links: Links) -> dict[str, Any]:
    """The event page's standings and their title, as the event stands.

    While a Swiss round is being played the standings are those after the last finished
    round (a round in progress changes nothing until it is over), titled "after round 2 of
    4; round 3 in progress"; once the event is over, the final standings.
    """
    table = report.current
    planned = report.planned_rounds
    title = _("Final standings")
    if report.status != "complete" and table is not None:
        title = _after_round(table.after_round, planned)
        if report.in_progress is not None:
            title = _("%(standings)s; round %(number)s in progress") % {
                "standings": _after_round(report.in_progress - 1, planned),
                "number": report.in_progress,
            }
    return {
        "final": standings_view(report, table, names, links, details=True) if table else None,
        "standings_title": title,
        "planned_rounds": planned,
    }


def _event_pages(report: EventSummary, inputs: SiteInputs, templates: Templates) -> Files:
    e = report.event
    names = player_names(e)
    prefix = f"events/{e.slug}/"
    files: Files = {}
    ctx = _event_context(report, inputs, names, prefix + "index.md")
    api_path, api_text = api.event_file(report)
    version = version_token(e, api_text)
    ctx["live"] = _live(report, ctx, version)
    files[prefix + VERSION_FILE] = version + "\n"
    files.update(page_files(prefix + "index.md", templates, "event.md.j2", ctx))
    if ctx["rounds"] or ctx["playoff"] or ctx["wot"]:
        files.update(
            page_files(
                prefix + "rounds.md", templates, "event_rounds.md.j2", {**ctx, "base": base_for(prefix + "rounds.md")}
            )
        )
    if ctx["decks"]:
        files.update(
            page_files(
                prefix + "decklists.md",
                templates,
                "event_decklists.md.j2",
                {**ctx, "base": base_for(prefix + "decklists.md")},
            )
        )
    if ctx["teams"]:
        files.update(
            page_files(
                prefix + "teams.md", templates, "event_teams.md.j2", {**ctx, "base": base_for(prefix + "teams.md")}
            )
        )
    files[api_path] = api_text
    files.update(mtgo_files(report, inputs.site_url))
    return files


def _print_view(report: EventSummary, names: Mapping[str, str], site_url: str) -> PrintedRound | None:
    """The latest round as printed for the wall (sheet sorted by name, result slips, each
    slip with a QR code to the round when the site's address is known).

    Only while the event is in progress: that is when a TO prints the round being played.
    The rounds page carries it, shown in print (see ``print_round`` in the templates).
    """
    e = report.event
    if report.status != "in-progress" or not e.rounds or e.playoff:
        return None
    rnd = e.rounds[-1]
    qr_round = _qr(site_url, f"events/{e.slug}/rounds/#round-{rnd.number}", "sk-qr-round")
    return views_of(e).printed_round(e, rnd, names, qr_round)


def _qr(site_url: str, path: str, ref: str) -> QrCode | None:
    """A QR code to a page of the site, or None when ``site_url`` is not set (mkdocs.yml)."""
    address = page_address(site_url, path)
    return qr_code(address, ref) if address else None


def _live(report: EventSummary, ctx: Mapping[str, Any], version: str) -> dict[str, Any] | None:
    """The live block of an event page (:mod:`ingest.site.live`), while the event is played."""

    def url_of(unit: str) -> str:
        return unit_url(report, unit)

    return views_of(report.event).live(report, ctx["page_views"], version, url_of, ctx["names"])


@dataclass(frozen=True, slots=True)
class RenderedEvent:
    """One event made into its own files, and its brief for the pages about many events."""

    brief: EventBrief
    files: Files
    """Its pages, fragments and API documents (paths in ``build/docs``, fragments under
    :data:`~ingest.site.fragments.PREFIX`)."""


def render_event(report: EventSummary, inputs: SiteInputs, templates: Templates) -> RenderedEvent:
    """An event's files (pages, fragments, API documents) and brief, in the site's language
    (``inputs.language``)."""
    record = analytics_record(report)
    with i18n.use(inputs.lang()):
        files = _event_pages(report, inputs, templates)
        return RenderedEvent(event_brief(report, record), files)
