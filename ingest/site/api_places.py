"""An event's API document with each player id written once (API version 6, issue 38 point 4).

An individual event's document names a player in every match they played, every row of its
standings and every deck: their id (``"gideon-lindqvist"``) again and again, a fifth of the
document's bytes. Published, the document gives each player's id once, under ``players``;
everywhere else a player of ``players`` is named by their place there (an integer, from 0):
in each round's ``matches`` (``players``, ``bye``, ``loss``; Wheel of Time's ``hero`` and
``villain``), ``drops``, ``cut_drops``, the rows of ``final`` and ``wot_standings``, and
``decklists``, now a table like the others whose ``player`` column says whose deck a row
is. A team event's matches, drops and standings name teams, by their ids, as before (a
team is not in ``players``).

A reader gets the ids back with ``players.rows[place]``'s ``id``: the site's script does so
as it reads the document (``scorekeeper.js``, ``withIds``); the number is never an id, since
ids are text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

MATCH_KEYS = ("players", "bye", "loss", "hero", "villain")
"""The keys of a round's entry that name its players (or, in a team event, its teams)."""


def placed(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The event document :func:`ingest.site.api.event_document` made, each of its players'
    ids past ``players`` replaced by the player's place there (see the module's docstring);
    its items still objects (:func:`ingest.site.api.published_event` makes them tables)."""
    places = {p["id"]: i for i, p in enumerate(doc["players"])}
    out = dict(doc)
    if "decklists" in doc:
        decks = sorted(doc["decklists"].items(), key=lambda kv: (places.get(kv[0], len(places)), kv[0]))
        out["decklists"] = [{"player": places.get(pid, pid), **deck} for pid, deck in decks]
    if doc.get("teams"):  # its units are teams, named by their ids
        return out

    def place(value: Any) -> Any:
        return places.get(value, value) if isinstance(value, str) else value

    def each(values: Sequence[Any]) -> list[Any]:
        return [place(v) for v in values]

    def entry(item: Mapping[str, Any]) -> dict[str, Any]:
        return {k: (each(v) if isinstance(v, list) else place(v)) if k in MATCH_KEYS else v for k, v in item.items()}

    def rnd(item: Mapping[str, Any]) -> dict[str, Any]:
        done = {**item, "matches": [entry(m) for m in item["matches"]]}
        if "drops" in item:
            done["drops"] = each(item["drops"])
        return done

    for stage in ("rounds", "playoff"):
        out[stage] = [rnd(r) for r in doc[stage]]
    if "cut_drops" in doc:
        out["cut_drops"] = each(doc["cut_drops"])
    out["final"] = [{**row, "player": place(row["player"])} for row in doc["final"]]
    if "wot_standings" in doc:
        out["wot_standings"] = [
            [{**row, "player": place(row["player"])} for row in after] for after in doc["wot_standings"]
        ]
    return out
