"""The ruleset registry: ids, aliases and a helpful unknown-id error."""

from __future__ import annotations

from collections.abc import Iterable

from ingest.rules.rulesets.aequitas import AEQUITAS
from ingest.rules.rulesets.base import Ruleset
from ingest.rules.rulesets.bushiroad import BUSHIROAD
from ingest.rules.rulesets.mtr import MTR
from ingest.rules.rulesets.profiles import MANATRADERS, MELEE, TOPDECK
from ingest.rules.rulesets.wot import WOT


def _registry(rulesets: Iterable[Ruleset]) -> dict[str, Ruleset]:
    out: dict[str, Ruleset] = {}
    for r in rulesets:
        if r.id in out:
            raise ValueError(f"ruleset {r.id!r} registered twice")
        out[r.id] = r
    return out


RULESETS: dict[str, Ruleset] = _registry([MTR, AEQUITAS, BUSHIROAD, WOT, MELEE, MANATRADERS, TOPDECK])
"""Every ruleset by id."""

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
