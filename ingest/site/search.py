"""The site's search index: one short entry per thing a reader looks for."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from ingest.core.games import GAMES
from ingest.core.rulesets import get_ruleset, registered_rulesets
from ingest.site import i18n
from ingest.site.brief import EventBrief
from ingest.site.i18n import N_, ngettext
from ingest.site.i18n import gettext as _
from ingest.site.page import SiteInputs
from ingest.site.player_pages import PlayerLine

SEARCH_FILE = "search.json"
"""The designed search entries, in ``build/fragments`` (engine-neutral)."""

YEAR_PARAM = "sk-year"
"""The URL parameter that asks for the search index of one year's events."""

SEARCH_YEARS = 2
"""Years of events (the latest ones) in the main search index."""

RULES_TEXT = {
    "mtr": N_("Magic tournament rules: match points, OMW%, GW%, OGW%, byes, rounds and top cut"),
    "aequitas": N_("Transformers TCG tournament rules: points, tiebreakers, unintentional draws"),
    "bushiroad": N_("Bushiroad tournament rules: points, OMW%, OOMW%, head to head"),
    "wot": N_("Wheel of Time tournament rules: game points, tie-breaking points, cycles"),
}


def search_entries(
    inputs: SiteInputs, briefs: Sequence[EventBrief], players: Sequence[PlayerLine]
) -> list[dict[str, str]]:
    """The site's search index: one short entry per thing a reader looks for.

    Players by name (their aliases and decks in the text), events by name, date and
    place, archetypes (the newest published deck of each), formats, cards on banned or
    restricted lists, seasons, and the rules pages. Round pages, per-round standings and table
    cells are not indexed: a player's page answers "how did I do" and the event page
    "where is my table".

    So that what a phone downloads does not grow with the archive's history, events of
    the two latest years are in the main index and older ones carry their ``year``:
    they go into an index of their own for that year, which the main index offers with
    one entry per year (see :func:`ingest.publish.search_index.write_search_index`).
    """
    out: list[dict[str, str]] = []
    recent = max((d.history.date.year for d in briefs), default=0) - SEARCH_YEARS + 1
    older: dict[int, list[str]] = defaultdict(list)
    for line in sorted(players, key=lambda p: (p.name.casefold(), p.id)):
        cid, name, decks = line.id, line.name, line.decks
        aliases = inputs.players.public_aliases(cid)
        text = ngettext("Player, %(num)d event", "Player, %(num)d events", line.events) % {"num": line.events}
        if aliases:
            text += _("; also %(names)s") % {"names": i18n.separated(aliases)}
        if decks:
            text += _("; decks: %(decks)s") % {"decks": i18n.separated(decks[:5])}
        out.append({"location": f"players/{cid}/", "title": name, "text": text})
    latest_deck: dict[str, tuple[str, str, str]] = {}
    for d in sorted(briefs, key=lambda d: (d.history.date, d.history.slug), reverse=True):
        entry = dict(d.search)
        year = d.history.date.year
        if year < recent:
            entry["year"] = str(year)
            older[year].append(d.history.name)
        out.append(entry)
        for archetype, url, player in d.decks:
            if archetype not in latest_deck:
                latest_deck[archetype] = (url, player, d.history.name)
    for archetype, (url, player, event) in sorted(latest_deck.items(), key=lambda kv: kv[0].casefold()):
        text = _("Archetype; latest: %(player)s at %(event)s") % {"player": player, "event": event}
        out.append({"location": url, "title": archetype, "text": text})
    for year, titles in sorted(older.items(), reverse=True):
        n = len(titles)
        if n > 1:
            text = ngettext(
                "Search the %(num)d event of %(year)s: %(first)s to %(last)s",
                "Search the %(num)d events of %(year)s: %(first)s to %(last)s",
                n,
            ) % {"num": n, "year": year, "first": titles[-1], "last": titles[0]}
        else:
            text = _("Search the 1 event of %(year)s: %(first)s") % {"year": year, "first": titles[-1]}
        title = _("Events of %(year)s") % {"year": year}
        out.append({"location": f"?{YEAR_PARAM}={year}", "title": title, "text": text})
    reg = inputs.formats
    cards: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for game in reg.games():
        for fid in reg.ids(game):
            rules = reg.formats[(game, fid)]
            url = f"formats/{game}/{fid}/"
            out.append(
                {
                    "location": url,
                    "title": rules.name,
                    "text": _("%(game)s format: deck rules, banned list") % {"game": GAMES.get(game, game)},
                }
            )
            for c in rules.banned_on(inputs.today):
                cards[c.card].append((url, _("banned in %(format)s") % {"format": rules.name}))
            for c in rules.restricted_on(inputs.today):
                cards[c.card].append((url, _("restricted in %(format)s") % {"format": rules.name}))
    for card, lists in sorted(cards.items(), key=lambda kv: kv[0].casefold()):
        text = "; ".join(words for _url, words in lists)
        out.append({"location": lists[0][0], "title": card, "text": text[:1].upper() + text[1:]})
    for season in sorted(inputs.seasons, key=lambda s: s.id):
        about = season.description
        if len(about) >= 150:  # entries stay short
            about = about[:150].rsplit(" ", 1)[0] + "…"
        text = _("Season table; %(about)s") % {"about": about} if about else _("Season table")
        out.append({"location": f"seasons/{season.id}/", "title": season.name, "text": text})
    for rid, text in RULES_TEXT.items():
        out.append({"location": f"rules/{rid}/", "title": get_ruleset(rid).name, "text": _(text)})
    for ruleset in registered_rulesets():
        out.append(
            {
                "location": f"rules/{ruleset.id}/",
                "title": ruleset.name,
                "text": _("Tournament rules: points and tiebreakers"),
            }
        )
    out.append(
        {
            "location": "rules/diagnostics/",
            "title": _("Error and warning codes"),
            "text": _("What each message of validate means and how to fix it"),
        }
    )
    return out
