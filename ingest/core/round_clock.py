"""The round clock: when a round started, the minutes added to it, and whether it stands still.

A round's clock is data in the event file, written by ``scorekeeper pair --start``,
``scorekeeper clock`` and the venue's TO page, and read by every page that counts the round
down (the event page, the venue's projector view): ``started`` (the time of day, ``HH:MM``),
``extra_minutes`` (time the TO added, a deck check's for instance), ``paused_at`` (while
the clock stands still: when it was stopped, ``HH:MM:SS``) and ``paused_seconds`` (how long
it stood still before). The time left is the round's minutes, plus the extra minutes and
the seconds it stood still, less the time since it started (at the pause, while paused).

Times are of the venue's day: a time more than an hour after the present one is taken to be
of the day before (a round started at 23:40 is still counted down at 00:10), as the event
page's script does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_CLOCK_TIME = re.compile(r"^([01][0-9]|2[0-3]):([0-5][0-9])(?::([0-5][0-9]))?$")

DAY = 24 * 3600
"""Seconds in a day."""
AHEAD = 3600
"""A start up to this many seconds after the present time is a round starting soon; later, it
was the day before."""


def clock_seconds(text: str) -> int | None:
    """A time of day written ``HH:MM`` or ``HH:MM:SS`` as seconds since midnight, or None.

    >>> clock_seconds("19:30"), clock_seconds("19:52:10"), clock_seconds("7:30"), clock_seconds("")
    (70200, 71530, None, None)
    """
    m = _CLOCK_TIME.match(text)
    if m is None:
        return None
    return int(m[1]) * 3600 + int(m[2]) * 60 + int(m[3] or 0)


def clock_text(seconds: int) -> str:
    """Seconds since midnight as ``HH:MM:SS`` (the way ``paused_at`` is written).

    >>> clock_text(71530), clock_text(0)
    ('19:52:10', '00:00:00')
    """
    seconds %= DAY
    return f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def since(start: int, moment: int) -> int:
    """Seconds from ``start`` to ``moment`` (both seconds since midnight), across midnight:
    a start more than :data:`AHEAD` after the moment was the day before.

    >>> since(70200, 71530), since(23 * 3600 + 2400, 600), since(70200, 69600)
    (1330, 1800, -600)
    """
    delta = moment - start
    if delta < -AHEAD:
        delta += DAY
    return delta


@dataclass(frozen=True, slots=True)
class RoundClock:
    """A round's clock as the event file records it."""

    started: str
    """When the round started, ``HH:MM``."""
    minutes: int
    """The round's length (``structure.round_minutes``); 0 when the event does not say."""
    extra_minutes: int = 0
    """Minutes the TO added (a deck check, a long judge call)."""
    paused_at: str = ""
    """While the clock stands still: when it was stopped (``HH:MM:SS``); empty while it runs."""
    paused_seconds: int = 0
    """Seconds the clock stood still in earlier pauses (added to the time left)."""

    @property
    def paused(self) -> bool:
        """Whether the clock stands still."""
        return bool(self.paused_at)

    def left(self, now: int) -> int | None:
        """Seconds left at ``now`` (seconds since midnight; negative once time is up), or None
        when the round has no length to count down.

        >>> clock = RoundClock("19:30", 50, extra_minutes=3, paused_seconds=60)
        >>> clock.left(clock_seconds("20:00:00"))  # 50 + 3 minutes + 1 minute paused, 30 minutes gone
        1440
        >>> RoundClock("19:30", 50, paused_at="19:40:00").left(clock_seconds("23:00"))
        2400
        """
        start = clock_seconds(self.started)
        if not self.minutes or start is None:
            return None
        moment = clock_seconds(self.paused_at) if self.paused_at else None
        gone = since(start, moment if moment is not None else now)
        return (self.minutes + self.extra_minutes) * 60 + self.paused_seconds - gone
