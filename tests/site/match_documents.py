"""Reading an archetype's match list as its script does, without a browser: the page names
the format's match documents (``data-docs``), each a year; the matches of the page's
archetype are those that name it on either side (:mod:`ingest.site.analytics_data`)."""

from __future__ import annotations

import html
import json
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Drawn:
    """One match as the archetype's list shows it."""

    opponent: str
    slug: str
    date: str
    event: str
    stage: str
    round: int
    result: str
    """The page's archetype's: win, loss or draw."""
    games: tuple[int, ...] | None


FLIP = {"win": "loss", "loss": "win", "draw": "draw"}


def page_documents(page: str, page_url: str) -> tuple[str, list[str]]:
    """The archetype a match list page is about and its documents' paths from the site root, newest first."""
    box = re.search(r"""<div class="sk-matches" data-archetype="([^"]*)"[^>]*data-docs='([^']*)'""", page)
    assert box is not None, "no match list on the page"
    docs = json.loads(html.unescape(box[2]))
    return html.unescape(box[1]), [posixpath.normpath(posixpath.join(page_url, url)) for _year, url in docs]


def drawn(archetype: str, documents: Mapping[str, Any]) -> list[Drawn]:
    """The matches of ``archetype`` in ``documents`` (path -> parsed JSON), from its side."""
    out = []
    for doc in documents.values():
        names, events = doc["archetypes"], doc["events"]
        for e, stage, rnd, a, b, result, games in doc["matches"]:
            if archetype not in (names[a], names[b]):
                continue
            flip = names[b] == archetype
            slug, date, event = events[e]
            g = tuple(games) if games else None
            out.append(
                Drawn(
                    names[a] if flip else names[b],
                    slug,
                    date,
                    event,
                    stage,
                    rnd,
                    FLIP[result] if flip else result,
                    (g[1], g[0], g[2]) if g and flip else g,
                )
            )
    return out
