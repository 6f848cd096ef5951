"""Wheel of Time's report form (:class:`WotForm`): the winning side (or a tie, or a loss for
both), when the game ended and how, and the final support and opposition (WoT rules,
Scoring), as ``scorekeeper report FILE --table 1 hero --ended last-battle --by goal --finals 7-3``
takes them. A result that cannot have happened is refused as ``report`` refuses it
(:mod:`ingest.edit.wot_recording`), with the same reasons."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ingest.core.model import Event
from ingest.edit.wot_recording import WOT_WINNERS
from ingest.site.i18n import gettext as _
from ingest.venue.guard import number
from ingest.venue.tables import Claim, FormError, Side, Table
from ingest.wot.values import WotEnded, WotEndedBy
from ingest.wot.wot_entry import WotEntry, wot_entries

FINAL_LIMIT = 99
"""The largest final support or opposition the form takes."""


class WotForm:
    """How a Wheel of Time event's players report a table."""

    def tables(self, event: Event, names: Mapping[str, str], current: tuple[str, int]) -> list[Table]:
        """Every table (Hero and Villain) of every Game."""
        out: list[Table] = []
        for rnd in event.rounds:
            label = _("Game %(number)s") % {"number": rnd.number}
            for g in wot_entries(rnd):
                if not (g.hero and g.villain):
                    continue
                sides = (
                    Side(g.hero, names.get(g.hero, g.hero), _("Hero")),
                    Side(g.villain, names.get(g.villain, g.villain), _("Villain")),
                )
                is_open = ("rounds", rnd.number) == current
                out.append(Table(event.slug, "rounds", rnd.number, g.table, label, sides, "wot", _recorded(g), is_open))
        return out

    def choices(self, event: Event, table: Table, side: Side, *, full: bool = False) -> dict[str, Any]:
        """The winners (each side by name), when and how a game ends, and the finals (the
        same for the TO, ``full``)."""
        del event, side, full
        hero, villain = table.sides
        return {
            "winners": [
                {"value": "hero", "label": _("%(player)s (Hero) won") % {"player": hero.name}},
                {"value": "villain", "label": _("%(player)s (Villain) won") % {"player": villain.name}},
                {"value": "tie", "label": _("Tie")},
                {"value": "both-lose", "label": _("Both lose")},
            ],
            "ended": [
                {"value": WotEnded.BEFORE_LAST_BATTLE.value, "label": _("before the Last Battle")},
                {"value": WotEnded.LAST_BATTLE.value, "label": _("in the Last Battle")},
            ],
            "by": [{"value": b.value, "label": _(b.value)} for b in WotEndedBy],
        }

    def claim(self, event: Event, table: Table, side: Side, form: Mapping[str, str], *, full: bool = False) -> Claim:
        """The result in the form's ``winner``, ``ended``, ``by``, ``hero_final`` and
        ``villain_final`` (the same words from either side: they name the decks).

        Raises:
            FormError: a choice is missing, or the finals are not numbers.
        """
        del event, table, side, full
        winner, ended, by = form.get("winner", ""), form.get("ended", ""), form.get("by", "")
        if winner not in WOT_WINNERS:
            raise FormError(_("Choose who won."))
        if ended not in {e.value for e in WotEnded}:
            raise FormError(_("Choose when the game ended."))
        if by not in {b.value for b in WotEndedBy}:
            raise FormError(_("Choose how the game ended."))
        finals = _finals(form.get("hero_final", ""), form.get("villain_final", ""))
        if ended == WotEnded.LAST_BATTLE and winner != "tie" and finals is None:
            raise FormError(_("A game decided in the Last Battle needs the final support and opposition."))
        return Claim((winner,), ended, by, finals)

    def describe(self, table: Table, claim: Claim) -> str:
        """``Alice (Hero) won: in the Last Battle, by goal, 7-3``."""
        hero, villain = table.sides
        winner = claim.words[0] if claim.words else ""
        head = {
            "hero": _("%(player)s (Hero) won") % {"player": hero.name},
            "villain": _("%(player)s (Villain) won") % {"player": villain.name},
            "tie": _("Tie"),
            "both-lose": _("Both lose"),
        }.get(winner, winner)
        parts = []
        if claim.ended is not None:
            parts.append(
                _("before the Last Battle") if claim.ended == WotEnded.BEFORE_LAST_BATTLE else _("in the Last Battle")
            )
        if claim.by is not None:
            parts.append(_(claim.by))
        if claim.finals is not None:
            parts.append(f"{claim.finals[0]}-{claim.finals[1]}")
        return f"{head}: {', '.join(parts)}" if parts else head


def _finals(hero: str, villain: str) -> tuple[int, int] | None:
    """The two final values, or None when neither is given.

    Raises:
        FormError: one is given without the other, or either is not a number from 0 to 99.
    """
    hero, villain = hero.strip(), villain.strip()
    if not hero and not villain:
        return None
    support, opposition = number(hero), number(villain)
    if support is None or opposition is None or max(support, opposition) > FINAL_LIMIT:
        raise FormError(_("Write the final support and opposition as numbers from 0 to 99."))
    return support, opposition


def _recorded(entry: WotEntry) -> Claim | None:
    game = entry.game
    if game is None:
        return None
    finals = (game.hero_final, game.villain_final)
    return Claim(
        (game.winner.value,),
        game.ended.value,
        game.by.value,
        (int(finals[0]), int(finals[1])) if finals[0] is not None and finals[1] is not None else None,
    )
