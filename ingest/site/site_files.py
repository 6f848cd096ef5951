"""The site as data: every file of ``build/docs`` and ``build/fragments`` made from the events'
files and briefs (the pages about many events: home, events index, players, seasons,
formats, rules, feeds, the API index, the search index) and the assets. Writing them and
running the site engine is :mod:`ingest.publish.run`'s job."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ingest.site import api, i18n
from ingest.site.analytics_pages import KeptPages, analytics_pages, formats_with_analytics, season_analytics
from ingest.site.brief import EventBrief
from ingest.site.event_pages import RenderedEvent, render_event
from ingest.site.feeds import RESULTS_FEED, FeedEvent, calendar_path, feed_files, feed_inputs
from ingest.site.fragments import PREFIX
from ingest.site.page import Files, Mapper, SiteInputs, base_for, in_order, page_files
from ingest.site.player_pages import PlayerPart, player_lines, player_pages
from ingest.site.reference_pages import format_pages, rules_pages
from ingest.site.search import SEARCH_FILE, search_entries
from ingest.site.seasons import ComputedSeason, compute_seasons, player_seasons, season_files
from ingest.site.templates import Templates
from ingest.summary.history import PlayerHistories, histories_from


def site_files(
    inputs: SiteInputs,
    templates: Templates,
    page_cache: dict[Any, Files] | None = None,
    mapper: Mapper = in_order,
    progress: Callable[[str, int, int], None] | None = None,
    rendered: Sequence[RenderedEvent] = (),
    analytics: KeptPages | None = None,
    players: PlayerPart | None = None,
    index_pages: IndexPages | None = None,
    seasons: Sequence[ComputedSeason] | None = None,
    basis: str = "",
) -> Files:
    """Every file of ``build/docs`` and ``build/fragments``: pages, fragments, API documents and assets.

    The events are ``inputs.reports``, rendered here, and ``rendered``: events made into
    their files before (:func:`render_event`; a build keeps them for unchanged events).
    The pages about many events are made from the events' briefs only, so they are the
    same whichever way an event came.

    ``page_cache`` keeps each event's rendered pages between builds of one process: an
    event whose report, players' names and templates are unchanged is not rendered again.
    ``mapper`` renders the player pages (see :data:`Mapper`), meanwhile the other pages
    about many events are made. Pages are in the site's language (``inputs.language``).
    ``analytics`` keeps each format's analytics pages between builds (see
    :func:`~ingest.site.analytics_pages.analytics_pages`; the pages of a format it writes
    itself as they were are not among the files). ``players``: the players' histories
    as a build keeps them (:class:`~ingest.site.player_pages.PlayerPart`): only the pages and
    API documents of its ``made`` players are among the files; without, every player's
    history is worked out from the briefs and every player's files made. ``index_pages``: the
    events index's pages as a build made them, each with what it was made from (see
    :data:`IndexPages`): a page whose inputs are what they were is taken as it was, and the
    mapping is left holding this build's pages. ``seasons``: the seasons' tables as the
    build computed them (:func:`~ingest.site.seasons.compute_seasons` over these events),
    whose events' histories need then hold no steps; default: computed here. ``basis``:
    what the reference pages (formats, rules) are made from besides the templates, the
    language, the date and the formats with analytics (the build's fingerprint: the code,
    the formats, the registered games and rulesets); with ``index_pages``, they are kept
    there under it and taken as they were while it is the same (empty: made every time).
    """
    with i18n.use(inputs.lang()):
        return _site_files(
            inputs, templates, page_cache, mapper, progress, rendered, analytics, players, index_pages, seasons, basis
        )


def _site_files(
    inputs: SiteInputs,
    templates: Templates,
    page_cache: dict[Any, Files] | None,
    mapper: Mapper,
    progress: Callable[[str, int, int], None] | None,
    rendered: Sequence[RenderedEvent],
    analytics: KeptPages | None,
    part: PlayerPart | None,
    index_pages: IndexPages | None = None,
    tables: Sequence[ComputedSeason] | None = None,
    basis: str = "",
) -> Files:
    files: Files = {}
    fingerprint = templates.fingerprint if page_cache is not None or analytics is not None else ""
    reports = sorted(inputs.reports, key=lambda r: (r.event.date, r.event.slug))
    events = list(rendered)
    for done, report in enumerate(reports):
        if progress is not None:
            progress("rendering event pages", done, len(reports))
        events.append(render_event(report, inputs, templates))
    events.sort(key=lambda r: (r.brief.history.date, r.brief.history.slug))
    briefs = [r.brief for r in events]
    histories_of = [d.history for d in briefs]
    seasons = compute_seasons(inputs.seasons, histories_of, inputs.players) if tables is None else tables
    # The format as its page names it ("Modern"), where the event file wrote its id.
    summaries = [
        {**d.summary, "format_name": inputs.formats.display_name(d.summary["game"], d.summary["format"])}
        for d in briefs
    ]
    # Sections follow the event's state, not its date: a finished event dated today is a
    # result, an event being played is "playing now" (and nowhere else).
    upcoming = [s for s in summaries if s["status"] == "upcoming"]
    recent = [s for s in reversed(summaries) if s["status"] == "complete"]
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for s in recent:
        by_game[s["game_name"]].append(s)
    if part is None:
        histories = histories_from(histories_of, inputs.players)
        lines, made = player_lines(histories), None
    else:
        histories, lines, made = part.histories, part.lines, part.made
    documented = histories if made is None else PlayerHistories({c: histories.names[c] for c in made}, {}, {})
    head: Files = {}
    tail: Files = {}

    def other_pages() -> None:
        """The pages about many events but the players', made while the player pages are."""
        head.update(
            page_files(
                "index.md",
                templates,
                "home.md.j2",
                {
                    "upcoming": upcoming,
                    "recent_by_game": sorted(by_game.items()),
                    "today": inputs.today.isoformat(),
                    "base": "",
                    "site_name": inputs.site_name,
                    "live": [s for s in summaries if s["status"] == "in-progress"],
                    "feeds": _feed_links(briefs),
                    "seasons": [{"name": c.season.name, "url": f"seasons/{c.season.id}/"} for c in seasons],
                },
            )
        )
        head.update(_feeds(inputs, templates, [d.feed for d in briefs], index_pages, basis))
        head.update(_events_index(summaries, templates, inputs.today, inputs.lang().key, index_pages))
        elsewhere: list[str] = []  # the pages of the formats the build cache writes as they were
        made = analytics_pages(inputs, templates, briefs, analytics, fingerprint, elsewhere)
        tail.update(season_files(seasons, histories.names, templates, season_analytics(inputs, [*made, *elsewhere])))
        with_analytics = sorted(formats_with_analytics(briefs))
        reference = [("formats", lambda: format_pages(inputs, templates, with_analytics)), ("rules", rules)]
        for name, make in reference:
            about = {"basis": basis, "today": inputs.today.isoformat(), "analytics": with_analytics}
            tail.update(_kept_page(REFERENCE + name, make, templates, inputs.lang().key, about, index_pages, basis))
        tail.update(made)
        format_names = {s["slug"]: s["format_name"] for s in summaries}
        tail.update(api.api_files([d.api_entry for d in briefs], histories, format_names, documented.names))
        tail[PREFIX + SEARCH_FILE] = json.dumps(
            search_entries(inputs, briefs, lines), ensure_ascii=False, separators=(",", ":")
        )

    def rules() -> Files:
        return rules_pages(inputs, templates)

    if progress is not None:
        progress("rendering player pages", 0, 1)
    players = player_pages(
        inputs,
        templates,
        histories,
        mapper,
        page_cache,
        fingerprint,
        player_seasons(seasons),
        other_pages,
        only=made,
        lines=lines,
    )
    files.update(head)
    for event in events:
        files.update(event.files)
    files.update(players)
    files.update(tail)
    files.update(templates.assets())  # the project's own asset, else the shipped one
    return files


IndexPages = dict[str, tuple[str, Files]]
"""The events index's pages as a build made them: by page, the digest of what it was made from
(:func:`_made_from`) and its files (Markdown and fragments); the reference pages, by
:data:`REFERENCE` and their group's name; and the feeds (:data:`FEEDS`). Plain text, kept in
the build cache."""

REFERENCE = "@reference/"
"""The reference pages' groups in :data:`IndexPages` (formats, rules): they change only with
the build's fingerprint, so a build after a result takes them as they were."""


FEEDS = "@feeds"
"""The feeds in :data:`IndexPages`, kept under what they are made from (:func:`_feeds`)."""


def _feeds(
    inputs: SiteInputs, templates: Templates, events: Sequence[FeedEvent], kept: IndexPages | None, basis: str
) -> Files:
    """The feeds (:func:`~ingest.site.feeds.feed_files`), taken from ``kept`` while what they
    read of the events (:func:`~ingest.site.feeds.feed_inputs`), the date and the site are
    what they were (kept as text: their bytes are UTF-8)."""

    def make() -> Files:
        made = feed_files(events, today=inputs.today, site_name=inputs.site_name, site_url=inputs.site_url)
        return {path: data.decode("utf-8") for path, data in made.items()}

    about = {"events": feed_inputs(events), "today": inputs.today, "site": [inputs.site_name, inputs.site_url]}
    files = _kept_page(FEEDS, make, templates, inputs.lang().key, about, kept, basis)
    return {path: text.encode("utf-8") if isinstance(text, str) else text for path, text in files.items()}


def _kept_page(
    name: str,
    make: Callable[[], Files],
    templates: Templates,
    language: str,
    about: Mapping[str, Any],
    kept: IndexPages | None,
    basis: str,
) -> Files:
    """The files of ``name``, taken from ``kept`` when made from ``about`` before (and kept
    there as made now); made every time without a ``basis``."""
    if kept is None or not basis:
        return make()
    key = _made_from(name, templates, language, about)
    found = kept.get(name)
    if found is not None and found[0] == key:
        return found[1]
    files = make()
    kept[name] = (key, files)
    return files


def _made_from(page: str, templates: Templates, language: str, context: Mapping[str, Any]) -> str:
    """What a page of the events index is made from, as a digest: the templates, the language
    and the page's values (plain data: the events' lines of the index)."""
    h = hashlib.sha256(f"{page}\0{templates.fingerprint}\0{language}\0".encode())
    h.update(json.dumps(context, sort_keys=True, ensure_ascii=False, default=str).encode())
    return h.hexdigest()


def _events_index(
    summaries: Sequence[Mapping[str, Any]],
    templates: Templates,
    today: dt.date,
    language: str = "",
    kept: IndexPages | None = None,
) -> Files:
    """The events index, a page a year: ``events/`` lists the events of this year (and of
    the years after, the upcoming ones) by month, newest first, and leads to a page for
    each earlier year (``events/<year>/``) with its count; a year's page leads back to it.

    A page that listed every event passed a phone's 200 KB (gzipped) at about 4,500 weekly
    events (issue 38); a year's page holds one year, however long the archive. With
    ``kept`` (the pages a build made before), a page whose values are what they were is
    taken as it was: a result changed renders its year's page again, no other (58 pages at
    3,000 weekly events); ``kept`` is left holding this build's pages.
    """
    years: dict[int, dict[str, list[Mapping[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    for s in reversed(summaries):
        years[s["year"]][s["month"]].append(s)
    slugs = {str(s["slug"]) for s in summaries}
    # This year's and later years' events stay on the main page, and so do those of a year
    # whose page would stand where an event's does (an event file named 2024.yaml).
    main = {y for y in years if y >= today.year or str(y) in slugs}
    if years and not any(y >= today.year for y in years):
        main.add(max(years))
    older = sorted((y for y in years if y not in main), reverse=True)
    files: Files = {}
    made_now: IndexPages = {}
    index = "events/index.md"
    pages = [(index, sorted(main, reverse=True), "")] + [(f"events/{y}/index.md", [y], str(y)) for y in older]
    for page, shown, year in pages:
        events = [s for y in shown for m in years[y].values() for s in m]
        base = base_for(page)
        to_index = "" if page == index else "../"
        context = {
            "years": [
                (y, [(m, [{**s, "url": f"{to_index}{s['slug']}/"} for s in ss]) for m, ss in years[y].items()])
                for y in shown
            ],
            "games": sorted({(s["game"], s["game_name"]) for s in events}),
            "formats": sorted({(s["format"], s["format_name"]) for s in events}),
            "year": year,
            # The years and their counts on the main page only: an event added to
            # one year then changes that year's page and the main page, no other.
            "older": [
                {"year": y, "events": sum(len(m) for m in years[y].values()), "url": f"{y}/"} for y in older if not year
            ],
            "index_url": to_index,
            "base": base,
        }
        made_from = _made_from(page, templates, language, context) if kept is not None else ""
        found = kept.get(page) if kept is not None else None
        made = found[1] if found is not None and found[0] == made_from else None
        if made is None:
            made = page_files(page, templates, "events_index.md.j2", context)
        made_now[page] = (made_from, made)
        files.update(made)
    if kept is not None:
        for page in [p for p in kept if not p.startswith((REFERENCE, FEEDS)) and p not in made_now]:
            del kept[page]  # (a year no longer in the archive)
        kept.update(made_now)
    return files


def _feed_links(briefs: Sequence[EventBrief]) -> dict[str, Any]:
    """The home page's links to the feeds: all events, each game's events, results."""
    games = sorted({(d.game_name, d.history.game) for d in briefs})
    return {
        "all": calendar_path(),
        "games": [{"name": name, "path": calendar_path(game)} for name, game in games],
        "results": RESULTS_FEED,
    }


def files_digest(files: Mapping[str, str | bytes]) -> str:
    """A stable brief of a file set (for tests and caching)."""
    import hashlib

    h = hashlib.sha256()
    for path in sorted(files):
        content = files[path]
        data = content.encode("utf-8") if isinstance(content, str) else content
        h.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()
