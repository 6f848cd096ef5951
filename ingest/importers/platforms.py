"""What each platform means by what it writes, learnt from its files.

The MTGODecklistCache JSON format is shared by five platforms, but each fills it its own
way. The conventions below were established on real files of each platform (the
conformance corpus of the project) and are documented in ``docs/importing.md``:

============== ====================== =================== ============== ==============
platform       bye written as         results             W-L-D counts   ruleset
============== ====================== =================== ============== ==============
melee.gg       opponent "-"           games               byes, top cut  mtr-melee
topdeck.gg     opponent "", 0-0-1     match results only  top cut, no    mtr-topdeck
                                      (1-0-0, 0-0-1)      byes
cardsrealm.com player "Bye" or        games; 0-0-0 is a   byes           mtr
               opponent ""            draw without games
manatraders    opponent null          games               byes; Swiss    mtr-manatraders
                                                          only
mtgo.com       (no Swiss rounds)      games               top cut        mtr (published
                                                                         standings)
============== ====================== =================== ============== ==============

Points are the Swiss rounds' everywhere except melee.gg, whose points and W-L-D include
the top cut (its profile counts them, :mod:`ingest.core.rulesets.profiles`). CardsRealm's 0-0-0
is a drawn match in which no game was played: one match point each, and no game points
("unplayed games are worth 0 points", MTR Appendix C).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass(frozen=True, slots=True)
class Conventions:
    """How a platform counts the published record (W-L-D and points)."""

    rules: str
    """The ruleset that reproduces the platform's standings."""
    byes_in_wld: bool = True
    """Whether a bye counts as a win in the published W-L-D."""
    playoff_in_wld: bool = False
    """Whether top-cut matches count in the published W-L-D."""
    playoff_in_points: bool = False
    """Whether top-cut matches count in the published points."""
    match_results: bool = False
    """Whether the platform records only who won (1-0-0), not games."""
    compared: tuple[str, ...] = ()
    """The published tiebreakers the ruleset reproduces to the platform's digits (the others'
    conventions are not known, or the file lacks what they need, such as games)."""


CONVENTIONS: dict[str, Conventions] = {
    "melee.gg": Conventions(
        "mtr-melee", byes_in_wld=True, playoff_in_wld=True, playoff_in_points=True, compared=("omw", "gw", "ogw")
    ),
    "manatraders.com": Conventions("mtr-manatraders", byes_in_wld=True, compared=("omw", "gw", "ogw")),
    "topdeck.gg": Conventions(
        "mtr-topdeck", byes_in_wld=False, playoff_in_wld=True, match_results=True, compared=("omw",)
    ),
    "cardsrealm.com": Conventions("mtr", byes_in_wld=True),
    "mtgo.com": Conventions("mtr", byes_in_wld=True, playoff_in_wld=True),
    "other": Conventions("mtr"),
    "spreadsheet": Conventions("mtr"),
}
"""Each platform's conventions (``other``: the MTR as written)."""

_HOSTS = (
    ("melee.gg", "melee.gg"),
    ("topdeck.gg", "topdeck.gg"),
    ("cardsrealm.com", "cardsrealm.com"),
    ("manatraders.com", "manatraders.com"),
    ("mtgo.com", "mtgo.com"),
    ("magic.wizards.com", "mtgo.com"),
)

_FILE_PREFIXES = (
    ("mtgmelee", "melee.gg"),
    ("melee", "melee.gg"),
    ("topdeck", "topdeck.gg"),
    ("cardsrealm", "cardsrealm.com"),
    ("manatrader", "manatraders.com"),
    ("mtgo", "mtgo.com"),
)


def detect_platform(url: str, file_name: str) -> str:
    """The platform of a tournament, from its address, else from the file name's prefix
    (the archive names files ``<platform>--<event>.json``).

    >>> detect_platform("https://melee.gg/Tournament/View/50797", "x.json")
    'melee.gg'
    >>> detect_platform("", "Topdeck--legacy-thursday.json")
    'topdeck.gg'
    >>> detect_platform("https://example.org/t/1", "event.json")
    'other'
    """
    host = (urlsplit(url).hostname or "").lower() if url else ""
    for suffix, platform in _HOSTS:
        if host == suffix or host.endswith("." + suffix):
            return platform
    stem = file_name.lower()
    for prefix, platform in _FILE_PREFIXES:
        if stem.startswith(prefix):
            return platform
    return "other"


def conventions(platform: str) -> Conventions:
    """The conventions of a platform (the MTR as written for one we do not know)."""
    return CONVENTIONS.get(platform, CONVENTIONS["other"])


_FORMATS = ("standard", "pioneer", "modern", "legacy", "vintage", "pauper")
"""MTG formats Scorekeeper checks decks for (formats/mtg.yaml), matched by name."""


def format_id(label: str | None, event_name: str) -> str:
    """Our format id for the source's format label (or, without one, a word of the event's
    name); ``other`` for a format we do not check (Premodern, Commander...).

    >>> format_id("Pauper", "x"), format_id(None, "ManaTraders Series Legacy March 2024"), format_id("Premodern", "")
    ('pauper', 'legacy', 'other')
    """
    if label:
        words = label.lower().split()
        return words[0] if len(words) == 1 and words[0] in _FORMATS else "other"
    named = set(re.findall(r"[a-z]+", event_name.lower()))
    found = [f for f in _FORMATS if f in named]
    return found[0] if len(found) == 1 else "other"


_PLAYOFF_NAME = re.compile(
    r"final|semi|quarter|top\s*\d+|playoff|play-off|elimination|bracket|match for|place", re.IGNORECASE
)


def is_playoff_name(name: str) -> bool:
    """Whether a round's name says it is a top-cut round.

    >>> names = ("Round 3", "4", "Top Random", "Top 8", "Quarterfinals", "Match for 7th and 8th places")
    >>> [is_playoff_name(n) for n in names]
    [False, False, False, True, True, True]
    """
    return bool(_PLAYOFF_NAME.search(name))


BYE_MARKERS = frozenset({"", "-", "bye", "(bye)", "--", "none", "null"})
"""Opponent names that mean "no opponent" (compared in lower case, stripped); null too."""


def is_no_opponent(name: object) -> bool:
    """Whether a player field of a match means "nobody" (a bye or a loss without opponent).

    >>> [is_no_opponent(x) for x in (None, "", "-", "Bye", "Player 001")]
    [True, True, True, True, False]
    """
    return name is None or (isinstance(name, str) and name.strip().lower() in BYE_MARKERS)
