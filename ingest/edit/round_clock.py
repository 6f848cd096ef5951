"""The round clock's edits (``scorekeeper clock``, the venue's TO page): start, pause, resume
and extend the clock of the round being played (:mod:`ingest.core.round_clock` says what
the fields mean).

The round is the current one: the last playoff round once the playoff has started, else
the last round. Each function takes the file's text, its assembled event and the time of
day the caller read from its clock (the command line and the venue server read it; nothing
here does), and returns an :class:`~ingest.edit.event_file.Edit`.
"""

from __future__ import annotations

from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.core.round_clock import RoundClock, clock_seconds, since
from ingest.core.rounds import Round
from ingest.edit.event_file import Edit
from ingest.edit.splice import Editor
from ingest.edit.targets import round_label, where

CLOCK_KEYS = ("started", "extra_minutes", "paused_at", "paused_seconds")
"""A round's clock in the file."""


def current_round(event: Event) -> tuple[Round, str]:
    """The round being played (the last playoff round once the playoff started) and its label.

    Raises:
        IngestError: no round has been paired yet.
    """
    key = "playoff" if event.playoff else "rounds"
    series = event.playoff or event.rounds
    if not series:
        raise IngestError("no round has been paired yet; `scorekeeper pair --start now` pairs round 1 and starts it")
    return series[-1], round_label(event, key, series[-1].number)


def round_clock(event: Event, rnd: Round) -> RoundClock | None:
    """The clock of ``rnd`` (None until it has started)."""
    if not rnd.started:
        return None
    return RoundClock(
        rnd.started,
        event.structure.round_minutes or 0,
        rnd.extra_minutes,
        rnd.paused_at,
        rnd.paused_seconds,
    )


def _editor(text: str, rnd: Round) -> tuple[Editor, tuple[str | int, ...]]:
    return Editor(text), where(rnd)


def _without(text: str, path: tuple[str | int, ...], keys: tuple[str, ...]) -> str:
    """``text`` without the ``keys`` of the mapping at ``path``, one at a time (neighbouring
    keys removed in one edit would touch each other's text)."""
    for key in keys:
        editor = Editor(text)
        if editor.has((*path, key)):
            editor.remove_key(path, key)
            text = editor.result()
    return text


def start_clock(text: str, event: Event, *, at: str) -> Edit:
    """Starts the current round's clock at ``at`` (``HH:MM``), from the round's full length:
    minutes added and pauses of an earlier start are taken away."""
    rnd, label = current_round(event)
    if clock_seconds(at) is None or len(at) != 5:
        raise IngestError(f"{at!r} is not a time of day; write HH:MM (24-hour), e.g. 19:30")
    editor, path = _editor(text, rnd)
    editor.set_value(path, "started", at)
    new_text = _without(editor.result(), path, CLOCK_KEYS[1:])
    again = " again" if rnd.started else ""
    return Edit(new_text, f"{label}: the clock started{again} at {at}{_length(event)}")


def pause_clock(text: str, event: Event, *, at: str) -> Edit:
    """Stops the current round's clock at ``at`` (``HH:MM:SS``)."""
    rnd, label = current_round(event)
    clock = _running(event, rnd, label)
    if clock.paused:
        raise IngestError(f"{label}: the clock is already paused (since {clock.paused_at}); `resume` starts it again")
    editor, path = _editor(text, rnd)
    editor.set_value(path, "paused_at", at)
    return Edit(editor.result(), f"{label}: the clock is paused at {at}{_left(clock, at)}")


def resume_clock(text: str, event: Event, *, at: str) -> Edit:
    """Starts the current round's clock again at ``at`` (``HH:MM:SS``): the time it stood still
    is added to ``paused_seconds``."""
    rnd, label = current_round(event)
    clock = _running(event, rnd, label)
    stopped, now = clock_seconds(clock.paused_at), clock_seconds(at)
    if stopped is None or now is None:
        raise IngestError(f"{label}: the clock is not paused; `pause` stops it")
    still = max(0, since(stopped, now))
    editor, path = _editor(text, rnd)
    editor.set_value(path, "paused_seconds", clock.paused_seconds + still)
    new_text = _without(editor.result(), path, ("paused_at",))
    minutes, seconds = divmod(still, 60)
    resumed = RoundClock(clock.started, clock.minutes, clock.extra_minutes, "", clock.paused_seconds + still)
    return Edit(
        new_text,
        f"{label}: the clock runs again at {at} (it stood still {minutes}:{seconds:02d}){_left(resumed, at)}",
    )


def extend_clock(text: str, event: Event, *, minutes: int, at: str) -> Edit:
    """Adds ``minutes`` to the current round's clock (a deck check, a long ruling)."""
    rnd, label = current_round(event)
    clock = _running(event, rnd, label)
    if not clock.minutes:
        raise IngestError(
            "the event has no round length to extend: set structure.round_minutes in the file "
            "(`scorekeeper new --round-minutes 50` writes it)"
        )
    if not 1 <= minutes <= 120:
        raise IngestError(f"extend the clock by 1 to 120 minutes, not {minutes}")
    total = clock.extra_minutes + minutes
    editor, path = _editor(text, rnd)
    editor.set_value(path, "extra_minutes", total)
    extended = RoundClock(clock.started, clock.minutes, total, clock.paused_at, clock.paused_seconds)
    added = f"{minutes} minute{'s' if minutes != 1 else ''}"
    return Edit(editor.result(), f"{label}: {added} added ({total} in all){_left(extended, at)}")


def _running(event: Event, rnd: Round, label: str) -> RoundClock:
    clock = round_clock(event, rnd)
    if clock is None:
        raise IngestError(f"{label}'s clock has not started; `scorekeeper clock FILE start` starts it")
    return clock


def _length(event: Event) -> str:
    minutes = event.structure.round_minutes
    return f" ({minutes} minutes)" if minutes else ""


def _left(clock: RoundClock, at: str) -> str:
    """``; 12:34 left`` (or ``; time is up``) at ``at``, when the round has a length."""
    now = clock_seconds(at)
    left = clock.left(now) if now is not None else None
    if left is None:
        return ""
    if left <= 0:
        return "; time is up"
    return f"; {left // 60}:{left % 60:02d} left"


CLOCK_ACTIONS = ("start", "pause", "resume", "extend")
"""What the TO does to a round's clock (``scorekeeper clock ACTION``, the venue's TO page)."""


def clock_edit(text: str, event: Event, *, action: str, at: str, started: str = "", minutes: int = 0) -> Edit:
    """One of :data:`CLOCK_ACTIONS` on the current round's clock, at ``at`` (``HH:MM:SS``):
    ``start`` starts it at ``started`` (``HH:MM``: now, or the time the TO names), ``extend``
    adds ``minutes``.

    Raises:
        IngestError: the clock cannot do that now (the message says why), or no such action.
    """
    if action == "start":
        return start_clock(text, event, at=started)
    if action == "pause":
        return pause_clock(text, event, at=at)
    if action == "resume":
        return resume_clock(text, event, at=at)
    if action == "extend":
        return extend_clock(text, event, minutes=minutes, at=at)
    raise IngestError(f"unknown clock action {action!r}")
