"""Rates with their sample size and a 95% Wilson score interval.

The Wilson interval (Wilson 1927; Agresti & Coull 1998) stays inside [0, 1] and keeps close
to its nominal coverage for small samples and rates near 0 or 1, where the normal
approximation ("p ± 1.96 standard errors") does not. Successes may be a half (a drawn match
counts as half a win: :mod:`ingest.analytics.figures`); the score interval takes p̂ as given.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

MIN_SAMPLE = 10
"""Below this many matches (or decks), a rate is shown as "too few" rather than as a percentage."""


@dataclass(frozen=True, slots=True)
class Rate:
    """A proportion with its sample size and 95% interval."""

    successes: Fraction
    """Wins (a draw counting a half), top-cut entries, ..."""
    trials: int
    """The sample size."""
    low: float
    """Lower bound of the 95% Wilson interval (0 when there is no sample)."""
    high: float
    """Upper bound (1 when there is no sample)."""

    @property
    def value(self) -> Fraction | None:
        """The observed proportion; None without a sample."""
        return self.successes / self.trials if self.trials else None

    @property
    def enough(self) -> bool:
        """Whether the sample is large enough to show the rate (:data:`MIN_SAMPLE`)."""
        return self.trials >= MIN_SAMPLE


def wilson(successes: Fraction | int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``trials``.

    >>> [round(x, 4) for x in wilson(8, 10)]
    [0.4902, 0.9433]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = float(successes) / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(successes: Fraction | int, trials: int) -> Rate:
    """``successes`` out of ``trials`` with its interval."""
    low, high = wilson(successes, trials)
    return Rate(Fraction(successes), trials, low, high)
