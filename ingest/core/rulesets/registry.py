"""The ruleset registry: ids, aliases, a helpful unknown-id error, and the rules page of each.

The shipped rulesets are registered here; a community whose game has rules of its own adds
its ruleset with :func:`register_ruleset`, from the same module that registers the game
(:func:`ingest.core.games.register_game`). The event schema takes its ``rules`` enum from
this registry when it is loaded (:func:`ingest.source.validation.load_schema`), and the site
gives the ruleset a rules page of its own (:func:`rules_page`).
"""

from __future__ import annotations

from collections.abc import Iterable

from ingest.core.rulesets.aequitas import AEQUITAS
from ingest.core.rulesets.base import Ruleset
from ingest.core.rulesets.bushiroad import BUSHIROAD
from ingest.core.rulesets.mtr import MTR
from ingest.core.rulesets.profiles import MANATRADERS, MELEE, TOPDECK
from ingest.core.rulesets.wot import WOT


def _registry(rulesets: Iterable[Ruleset]) -> dict[str, Ruleset]:
    out: dict[str, Ruleset] = {}
    for r in rulesets:
        if r.id in out:
            raise ValueError(f"ruleset {r.id!r} registered twice")
        out[r.id] = r
    return out


SHIPPED: tuple[Ruleset, ...] = (MTR, AEQUITAS, BUSHIROAD, WOT, MELEE, MANATRADERS, TOPDECK)
"""The rulesets Scorekeeper comes with."""

RULESETS: dict[str, Ruleset] = _registry(SHIPPED)
"""Every ruleset by id: the shipped ones, then the registered ones."""

_PROFILE_OF = {MELEE.id: MTR.id, MANATRADERS.id: MTR.id, TOPDECK.id: MTR.id}
"""The compatibility profiles, and the ruleset whose rules page describes them."""

_ALIASES = {
    "melee": "mtr-melee",
    "manatraders": "mtr-manatraders",
    "topdeck": "mtr-topdeck",
    "transformers": "aequitas",
}


def ruleset_ids() -> list[str]:
    """Known ruleset ids, sorted."""
    return sorted(RULESETS)


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with this id (or alias).

    Raises:
        KeyError: with a message listing the known ids.
    """
    key = _ALIASES.get(ruleset_id, ruleset_id)
    try:
        return RULESETS[key]
    except KeyError:
        raise KeyError(f"unknown rules {ruleset_id!r}; expected one of: {', '.join(ruleset_ids())}") from None


def register_ruleset(ruleset: Ruleset) -> None:
    """Adds a ruleset: events may name it in ``rules:`` and a game may play by it by default.

    Raises:
        ValueError: the id is taken, or is an alias of a shipped ruleset.
    """
    if ruleset.id in RULESETS or ruleset.id in _ALIASES:
        shipped = ruleset.id in _ALIASES or any(r.id == ruleset.id for r in SHIPPED)
        note = " (a ruleset Scorekeeper ships; choose another id)" if shipped else ""
        raise ValueError(f'the ruleset "{ruleset.id}" is registered already{note}')
    RULESETS[ruleset.id] = ruleset


def unregister_ruleset(ruleset_id: str) -> None:
    """Takes a registered ruleset out again (the shipped ones stay).

    Raises:
        ValueError: the ruleset is shipped, or not registered.
    """
    if ruleset_id not in RULESETS or any(r.id == ruleset_id for r in SHIPPED):
        raise ValueError(f'"{ruleset_id}" is not a registered ruleset that can be taken out')
    del RULESETS[ruleset_id]


def registered_rulesets() -> list[Ruleset]:
    """The rulesets added with :func:`register_ruleset`, in the order they were added."""
    shipped = {r.id for r in SHIPPED}
    return [r for rid, r in RULESETS.items() if rid not in shipped]


def rules_page(ruleset_id: str) -> str:
    """The id of the rules page (``rules/<id>/``) that describes a ruleset: its own, except
    for a platform's compatibility profile, which the page of the ruleset it follows describes.

    >>> rules_page("mtr-melee"), rules_page("bushiroad")
    ('mtr', 'bushiroad')
    """
    key = _ALIASES.get(ruleset_id, ruleset_id)
    return _PROFILE_OF.get(key, key)
