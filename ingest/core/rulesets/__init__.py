"""Rulesets: how results become points, tiebreakers and a ranking.

Each ruleset is one :class:`Ruleset` value in its own module, citing the rule text it
follows; conventions that differ between tournament platforms are *options* of a ruleset
(see :mod:`ingest.core.rulesets.profiles`), never copies of it. Look rulesets up by id with
:func:`get_ruleset`.
"""

from __future__ import annotations

from ingest.core.rulesets.base import Ruleset
from ingest.core.rulesets.registry import (
    RULESETS,
    get_ruleset,
    register_ruleset,
    registered_rulesets,
    rules_page,
    ruleset_ids,
    unregister_ruleset,
)

__all__ = [
    "RULESETS",
    "Ruleset",
    "get_ruleset",
    "register_ruleset",
    "registered_rulesets",
    "rules_page",
    "ruleset_ids",
    "unregister_ruleset",
]
