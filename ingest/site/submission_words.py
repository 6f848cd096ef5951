"""What came of handing in a decklist, in the site's language.

:func:`ingest.edit.deck_submission.submit_deck` says what happened as data (accepted, refused
with every problem, or too late); the venue's page, the league's answer on an issue and the
command line show it through :func:`outcome_words`. Rule violations are worded as on the
decklists page (:mod:`ingest.site.deck_words`); card and format names are data.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ingest.edit.deck_submission import MAX_LIST_CHARACTERS, Accepted, CheckedList, Refused, Submission, TooLate
from ingest.site.deck_words import message
from ingest.site.i18n import day, gettext, ngettext

__all__ = ["OutcomeWords", "deadline_words", "list_problems", "outcome_words"]


@dataclass(frozen=True, slots=True)
class OutcomeWords:
    """A submission's outcome as the player reads it."""

    state: str
    """``accepted``, ``refused`` or ``late`` (for the page's look)."""
    headline: str
    """One sentence: taken, not taken (and what to do), or locked."""
    problems: tuple[str, ...] = ()
    """Each line that cannot be read and each rule broken, one sentence each."""
    notes: tuple[str, ...] = ()
    """Checks not made for lack of card facts (they do not stop a list)."""


def deadline_words(deadline: dt.datetime | None) -> str:
    """When lists lock, in a sentence (``Decklists can be handed in until 2026-11-20 18:30.``)."""
    if deadline is None:
        return gettext("Decklists can be handed in until round 1 is paired.")
    return gettext("Decklists can be handed in until %(time)s.") % {"time": moment(deadline)}


def moment(value: dt.datetime) -> str:
    """A deadline as the site writes a date, with its time of day (and its UTC offset, if given)."""
    text = f"{day(value.date())} {value:%H:%M}"
    offset = value.strftime("%z")
    if offset:
        text += f" (UTC{offset[:3]}:{offset[3:]})"
    return text


def list_problems(checked: CheckedList) -> tuple[str, ...]:
    """Everything that stops a list, one sentence each: unreadable lines, then broken rules."""
    out: list[str] = []
    if checked.too_long:
        out.append(
            gettext("The list is longer than %(limit)s characters; paste only the list.")
            % {"limit": MAX_LIST_CHARACTERS}
        )
    elif checked.empty and not checked.problems:
        out.append(gettext('No card could be read. Paste the list as your deck program exports it ("4 Card Name").'))
    for p in checked.problems:
        out.append(
            gettext('Line %(line)d cannot be read: "%(text)s". Write one card per line as "4 Card Name".')
            % {"line": p.line, "text": p.text}
        )
    if not checked.empty:  # an empty list breaks the size rule too: the sentence above says it all
        out.extend(message(v) for v in checked.violations)
    return tuple(out)


def _counts(checked: CheckedList) -> str:
    main = ngettext("%(num)d card", "%(num)d cards", checked.main) % {"num": checked.main}
    if not checked.sideboard:
        return main
    side = ngettext("%(num)d card", "%(num)d cards", checked.sideboard) % {"num": checked.sideboard}
    return gettext("%(main)s and a sideboard of %(side)s") % {"main": main, "side": side}


def outcome_words(outcome: Submission) -> OutcomeWords:
    """What a player is told."""
    if isinstance(outcome, TooLate):
        if outcome.deadline is None:
            headline = gettext("Decklists were locked when round 1 was paired; ask the TO to change your list.")
        else:
            headline = gettext("Decklists were locked at %(time)s; ask the TO to change your list.") % {
                "time": moment(outcome.deadline)
            }
        return OutcomeWords("late", headline)
    checked = outcome.checked
    notes = tuple(message(v) for v in checked.notes)
    if isinstance(outcome, Refused):
        headline = gettext("Your list was not taken. Fix what is listed below and send it again.")
        return OutcomeWords("refused", headline, list_problems(checked), notes)
    assert isinstance(outcome, Accepted)
    values = {"cards": _counts(checked), "format": checked.format}
    if checked.violations:
        headline = gettext("The list was taken (%(cards)s) although it breaks the rules of %(format)s.") % values
        return OutcomeWords("accepted", headline, list_problems(checked), notes)
    if checked.verdict is None:
        headline = gettext("Your list was received: %(cards)s. There are no deck rules to check it against.") % values
    elif not outcome.changed:
        headline = gettext("This is the list you already handed in: %(cards)s, legal in %(format)s.") % values
    else:
        headline = gettext("Your list was received: %(cards)s, legal in %(format)s.") % values
    return OutcomeWords("accepted", headline, (), notes)
