"""How numbers are shown: percentages, decimals and Wheel of Time points, rounded half-up.

Exact values (fractions, integer ratios) go in; text comes out. The site, the JSON API and
the terminal all show figures through these, so a 66.67% is the same everywhere.
"""

from __future__ import annotations

import functools
from fractions import Fraction


def pct(value: Fraction | float | None, digits: int = 2) -> str:
    """A fraction as a percentage with ``digits`` decimals (half-up).

    >>> pct(Fraction(2, 3)), pct(None)
    ('66.67%', '')
    """
    if value is None:
        return ""
    f = Fraction(value)
    return pct_of(f.numerator, f.denominator, digits)


@functools.lru_cache(maxsize=8192, typed=True)
def pct_of(numerator: int, denominator: int, digits: int = 2) -> str:
    """``numerator/denominator`` as a percentage, half-up, in integer arithmetic (fast: an
    event's pages show a thousand percentages).

    >>> pct_of(2, 3), pct_of(33, 100), pct_of(-1, 5)
    ('66.67%', '33.00%', '-20.00%')
    """
    scaled = scaled_pct(numerator, denominator, digits)
    whole, frac = divmod(scaled, 10**digits)
    sign = "-" if numerator < 0 and scaled else ""
    return f"{sign}{whole}.{frac:0{digits}d}%" if digits else f"{sign}{whole}%"


def scaled_pct(numerator: int, denominator: int, digits: int = 2) -> int:
    """``|numerator|/denominator`` as a percentage in units of ``10**-digits`` percent, half-up:
    the digits :func:`pct_of` writes (``33.33%``: 3333).

    >>> scaled_pct(1, 3), scaled_pct(2, 3), scaled_pct(1, 1), scaled_pct(-1, 5)
    (3333, 6667, 10000, 2000)
    """
    scale: int = 100 * 10**digits
    return (2 * abs(numerator) * scale + denominator) // (2 * denominator)


def decimal(value: Fraction | None, digits: int = 4) -> str:
    """A fraction as a decimal with ``digits`` places (half-up).

    >>> decimal(Fraction(5, 9), 7)
    '0.5555556'
    """
    if value is None:
        return ""
    scaled = int(abs(value) * 10**digits + Fraction(1, 2))
    whole, frac = divmod(scaled, 10**digits)
    return f"{'-' if value < 0 else ''}{whole}.{frac:0{digits}d}"


def show_points(value: Fraction) -> str:
    """Tie-breaking points as shown: integers plainly, thirds as mixed decimals.

    >>> show_points(Fraction(14, 3)), show_points(Fraction(-4)), show_points(Fraction(0))
    ('4.67', '-4', '0')
    """
    if value.denominator == 1:
        return str(value.numerator)
    scaled = int(abs(value) * 100 + Fraction(1, 2))
    sign = "-" if value < 0 else ""
    return f"{sign}{scaled // 100}.{scaled % 100:02d}"
