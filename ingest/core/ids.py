"""Ids the whole model shares."""

from __future__ import annotations

from typing import TypeAlias

PlayerId: TypeAlias = str
"""A player's id: unique in the event and, through ``players.yaml``, across events.

A plain alias rather than a NewType: team ids take a player's place in team events
(teams are paired and ranked like players), and both flow through the same engines."""
