"""The long, uniform parts of the pages (standings and pairings rows, decklists' frames, a
player's head to head), written in Python.

An event's pages are mostly these: the standings, thirty-odd decklists, and the rounds
page's pairings and standings after each round (as data, :func:`rounds_data`). Jinja
spends about a microsecond on every value it prints (a lookup and an escape), and more on
every macro call, which made these loops most of a build's rendering time; written here
they cost a fifth of that. The tables around them (headings, captions, what is shown when)
stay in the templates, which call these as globals:
``{{ standings_rows(view, base, details) }}``, ``{{ decklist(d, base) }}``.

Every value from a file is escaped exactly as the templates' autoescaping does; labels
from the catalogs are trusted, as Jinja's i18n extension trusts them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from markupsafe import Markup

from ingest.core.json_text import compact_json
from ingest.core.slug import slug
from ingest.site.deck_views import DeckView, follows_its_document
from ingest.site.event_views import RoundView, StandingsView
from ingest.site.i18n import gettext as _
from ingest.site.round_standings import RoundStandings


def escaped(value: object) -> str:
    """A value as text in HTML, escaped as markupsafe (and so Jinja's autoescaping) does.

    >>> escaped("<Bo's & \\"Al\\">"), escaped(3)
    ('&lt;Bo&#39;s &amp; &#34;Al&#34;&gt;', '3')
    """
    if isinstance(value, Markup):
        return str(value)
    text = str(value)
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text or ">" in text:
        text = text.replace("<", "&lt;").replace(">", "&gt;")
    if "'" in text:
        text = text.replace("'", "&#39;")
    if '"' in text:
        text = text.replace('"', "&#34;")
    return text


def _name(base: str, url: str, name: str) -> str:
    """A name, a link to its page when it has one."""
    return f'<a href="{escaped(base)}{escaped(url)}">{escaped(name)}</a>' if url else escaped(name)


def standings_rows(view: StandingsView, base: str, details: bool = False) -> Markup:
    """The rows of a standings table. With ``details`` each row carries its opponents
    (``data-o``), its own percentages as they count for them (``data-p``), and the table its decks.

    A cell ends where the next begins, a row where the next begins or the body ends (HTML's
    optional end tags): without ``</td>``, ``</tr>`` nor a line break between rows, a browser
    reads the same rows, a tenth fewer bytes (issue 38 point 4). The caller writes ``</tbody>``.
    """
    tied = _("tied")
    dropped = _("(dropped)")
    decks = details and view.decks
    out = []
    for r in view.rows:
        attrs = ' class="sk-dropped"' if r.dropped else ""
        if details and r.opponents:
            attrs += f' data-o="{escaped(r.opponents)}"'
        if details and r.counts:
            attrs += f' data-p="{escaped(r.counts)}"'
        tie = f'<span class="sk-tie" title="{tied}">=</span>' if r.shared else ""
        badge = f' <span class="sk-badge">{escaped(r.place)}</span>' if r.place else ""
        if r.dropped:
            badge += f' <span class="sk-muted">{dropped}</span>'
        # (The tiebreaker cells carry no class: from the fifth column on, a cell is one.)
        cells = "".join(f"<td>{escaped(c)}" for c in r.cells)
        if decks:
            cells += f"<td>{escaped(r.deck)}"
        out.append(
            f"<tr{attrs}><td>{r.rank}{tie}<td>{_name(base, r.url, r.name)}{badge}"
            f"<td>{escaped(r.points)}<td>{escaped(r.wld)}{cells}"
        )
    return Markup("".join(out))


def rounds_data(
    standings: RoundStandings,
    rounds: Sequence[RoundView],
    base: str,
    document: str = "",
    people: Sequence[tuple[str, str, str]] = (),
    playoff: int = 0,
) -> Markup:
    """The rounds page's tables as data, which the page's script makes into rows: the
    pairings of every round and the standings after each round.

    As table rows they were most of an event's pages, for rounds a reader has mostly seen
    already: the standings after each round (six tables of every player) and each round's
    pairings (a row per table, each name a link). As data each unit (player or team) is
    written once, as ``[name, link]``, whatever the number of rounds and tables naming it.
    ``tables`` are the standings' rows as :class:`~ingest.site.round_standings.RoundStandings`
    holds them (``[rank, unit, points, W-L-D, tiebreakers...]`` and what a dropped or placed
    player's row adds), with ``percent`` when the tiebreakers lost their ``%`` and ``cents``
    when they are written in hundredths, and ``pairings`` each round's rows in
    the order of ``rounds`` (its first ``playoff`` rounds the playoff's): ``[table, unit,
    result, opponent, won]`` and a judge's note or a team match's seats when there is one
    (``opponent`` null for a bye or a loss without opponent, ``result`` null while the
    match is being played, ``won`` 1 or 2 for the side that won, 0 for neither). A round
    being played is 0: its rows are on the page, for the players at the venue.

    An individual event's rounds are in its API document (``document``, from the site's
    root), each fact once (issue 38 point 4): ``people`` are that document's ``players`` in
    its order, each ``(name, link, the link the script works out)`` (``players/<player_page
    or id>/``); the units are then those players, their names and links taken from the
    document (``doc``; ``own`` gives a link the script would not work out, such as an
    unnamed player's), and a finished round without notes is ``"r<number>"`` or
    ``"p<number>"``: its matches are that round's (or playoff round's) in the document.
    ``scorekeeper.js`` fills each ``tbody[data-standings]`` and ``tbody[data-pairings]``
    from it with the rows :func:`standings_rows` and :func:`pairing_rows` would write. The
    block is a ``<script type="application/json">``: its ``<``, ``>`` and ``&`` are JSON
    escapes, so no text from a file can end it, and the script sets every value as text.
    """
    index: dict[tuple[str, str], int] = {}
    units: list[tuple[str, str]] = []
    from_document = bool(document and people)
    if from_document:
        for name, url, _default in people:
            index.setdefault((name, url), len(index))
        from_document = all(u in index for u in standings.units) and all(
            (m.a, m.a_url) in index and (not m.b or (m.b, m.b_url) in index) for rnd in rounds for m in rnd.rows
        )
    if not from_document:
        index = {}

    def unit(name: str, url: str) -> int:
        found = index.get((name, url))
        if found is None:
            found = index[(name, url)] = len(units)
            units.append((name, url))
        return found

    remap = [unit(unit_name, unit_url) for unit_name, unit_url in standings.units]
    tables: Sequence[Sequence[list[Any]]] = standings.tables
    if from_document:  # the standings' units are the document's players
        tables = [[[v[0], remap[v[1]], *v[2:]] for v in table] for table in tables]
    pairings: list[Any] = []
    for number, rnd in enumerate(rounds):
        if not rnd.complete:
            pairings.append(0)
            continue
        if from_document and not any(m.note for m in rnd.rows):
            pairings.append(f"{'p' if number < playoff else 'r'}{rnd.number}")
            continue
        rows: list[list[Any]] = []
        for m in rnd.rows:
            won = 1 if m.a_won else 2 if m.b_won else 0
            row: list[Any] = [
                m.table,
                unit(m.a, m.a_url),
                m.result if m.reported else None,
                unit(m.b, m.b_url) if m.b else None,
                won,
            ]
            if m.note:
                row.append(m.note)
            rows.append(row)
        pairings.append(rows)
    doc: dict[str, Any] = {"base": base, "tables": tables, "pairings": pairings}
    if from_document:
        doc["doc"] = document
        own = {str(i): url for i, (_name, url, default) in enumerate(people) if url != default}
        if own:
            doc["own"] = own
    else:
        doc["units"] = units
    if standings.percent:
        doc["percent"] = 1
    if standings.cents:
        doc["cents"] = 1
    text = compact_json(doc)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(f'<script type="application/json" class="sk-rounds-data">{text}</script>')


def pairing_rows(round: RoundView, base: str) -> Markup:
    """The rows of a round's pairings table (a row with a judge's note or the seats after a table's row)."""
    word = _("playing")
    playing = f'<span class="sk-pending">{word}</span>'
    out = []
    for m in round.rows:
        a_won = ' class="sk-won"' if m.a_won else ""
        b_won = ' class="sk-won"' if m.b_won else ""
        result = escaped(m.result) if m.reported else playing
        out.append(
            f"<tr><td>{escaped(m.table)}</td><td{a_won}>{_name(base, m.a_url, m.a)}</td><td>{result}</td>"
            f"<td{b_won}>{_name(base, m.b_url, m.b)}</td></tr>\n"
        )
        if m.note:
            out.append(f'<tr class="sk-note"><td></td><td colspan="3">{escaped(m.note)}</td></tr>')
    return Markup("".join(out))


def player_rows(players: Iterable[Mapping[str, Any]], base: str, with_deck: object, with_team: object) -> Markup:
    """The rows of an event's players table: name (a link to the player's page) and
    country, then the archetype and the team when the table has those columns."""
    out = []
    for p in players:
        country = f' <span class="sk-muted">{escaped(p["country"])}</span>' if p["country"] else ""
        deck = f"<td>{escaped(p['archetype'])}</td>" if with_deck else ""
        team = f"<td>{escaped(p['team'])}</td>" if with_team else ""
        name = f'<a href="{escaped(base)}{escaped(p["url"])}">{escaped(p["name"])}</a>'
        out.append(f"<tr><td>{name}{country}</td>{deck}{team}</tr>")
    return Markup("".join(out))


def decklist(d: DeckView, base: str) -> Markup:
    """One deck's frame on the decklists page: player, archetype, verdict, and each section's
    title and count, with an empty list of card lines that ``scorekeeper.js`` fills from the
    event's cards document (:mod:`ingest.site.deck_views`).

    The article names its deck in that document (``data-deck``, and ``data-doc`` for the API
    document: without it, the MTGODecklistCache copy). A deck whose sections are the copy's
    lists as they are (:func:`~ingest.site.deck_views.follows_its_document`, nearly every
    Magic deck) has no sections on the page: the script writes them from the copy and the
    page's ``data-sections``. Otherwise each section is on the page, each list the
    deck's list it draws from (``data-l``), the places of its lines there (``data-i``:
    ``0-13`` or ``0,2,5-7``) and, when a line says more than its document's card name
    (a printing), what each line adds (``data-x``, a JSON list). Each card line is then
    written as the decklist text has it ("4 Card Name"), and each section names the header
    it has in that text (``data-h``), so "Copy as text" (a button the script adds once the
    lines are drawn; the page's ``data-copy`` names it) copies the list from what is shown.
    """
    archetype = f" — {escaped(d.archetype)}" if d.archetype else ""
    if d.legal is True:
        word = _("legal")
        badges = f'<span class="sk-badge sk-legal">{word}</span>'
    elif d.legal is False:
        word = _("illegal")
        badges = f'<span class="sk-badge sk-illegal">{word}</span>'
    else:
        word = _("not checked")
        badges = f'<span class="sk-badge">{word}</span>'
    if d.stars is not None:
        stars = _("%(stars)s stars") % {"stars": escaped(d.stars)}
        badges += f' <span class="sk-badge">{stars}</span>'
    doc = "" if d.document == "mtgo" else f' data-doc="{d.document}"'
    out = [
        f'<article class="sk-deck" id="deck-{escaped(slug(d.player, fallback="x"))}"{doc} '
        f'data-deck="{escaped(d.deck)}">'
        f'<h3><a href="{escaped(base)}{escaped(d.url)}">{escaped(d.name)}</a>{archetype}</h3>'
        f"<p>{badges}</p>"
    ]
    if d.deck_name:
        out.append(f'<p class="sk-muted">{escaped(d.deck_name)}</p>')
    if d.violations:
        out.append(f'<ul class="sk-violations">{"".join(f"<li>{escaped(v)}</li>" for v in d.violations)}</ul>')
    if follows_its_document(d):  # the script writes the copy's sections (the page's data-sections)
        out.append("</article>")
        return Markup("".join(out))
    out.append('\n<div class="sk-deck-sections">\n')
    for s in d.sections:
        if s.stars is None:
            count = str(s.count)
        else:
            count = _("%(cards)s, %(stars)s stars") % {"cards": s.count, "stars": escaped(s.stars)}
        extras = f' data-x="{escaped(json.dumps(s.extras, ensure_ascii=False))}"' if s.extras else ""
        out.append(
            f'<section data-h="{escaped(s.header)}"><h4>{escaped(s.title)} ({count})</h4>'
            f'<ul data-l="{s.source}" data-i="{ranges(s.indexes)}"{extras}></ul></section>'
        )
    out.append("</div>\n</article>")
    return Markup("".join(out))


def ranges(indexes: Sequence[int]) -> str:
    """Places in a list, runs written as ranges.

    >>> ranges([0, 1, 2, 3]), ranges([0, 2, 3, 4, 7]), ranges([])
    ('0-3', '0,2-4,7', '')
    """
    out: list[str] = []
    start = prev = None
    for i in [*indexes, None]:
        if start is not None and i is not None and prev is not None and i == prev + 1:
            prev = i
            continue
        if start is not None:
            out.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = i
    return ",".join(out)
