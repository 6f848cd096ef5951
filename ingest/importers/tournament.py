"""What an importer reads from another platform's file, before it becomes an event file.

Each reader (:mod:`ingest.importers.mtgo_json`, :mod:`ingest.importers.csv_results`)
turns its format into a :class:`Tournament`: players by the name the source gives them,
rounds and matches as recorded, the standings the source published and the decklists.
:mod:`ingest.importers.event_writer` gives the players ids and writes the event file.
Positions are kept so that every problem names the source file, line and column.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass, field
from fractions import Fraction

from ingest.core.diagnostics import Diagnostic, SourcePos
from ingest.core.rounds import GameScore, MatchKind
from ingest.core.slug import slug


@dataclass(slots=True)
class SourceMatch:
    """One entry of a round as the source records it."""

    kind: MatchKind
    """Played, bye, loss (no opponent) or double loss."""
    players: tuple[str, ...]
    """Player names: two for a played match or a double loss, one for a bye or a loss."""
    score: GameScore | None = None
    """Games from the first player's side (None for byes, losses and unreported matches)."""
    table: int | None = None
    """Table number, where the source has one."""
    note: str = ""
    """What the import inferred about this entry, shown on the event page."""
    pos: SourcePos | None = None
    """Where the entry is in the source."""
    wot: dict[str, object] | None = None
    """A Wheel of Time game's record (winner, ended, by, hero_final, villain_final); the
    first player is the Hero."""
    results: str = ""
    """games or matches: what the source's result said (spreadsheets may mix them)."""


@dataclass(slots=True)
class SourceRound:
    """One round as the source records it."""

    name: str
    """The source's name for it (``Round 3``, ``Quarterfinals``)."""
    matches: list[SourceMatch]
    """Its entries."""
    playoff: bool = False
    """Whether it is a top-cut round."""
    pos: SourcePos | None = None
    """Where it is in the source."""
    drops: list[str] = field(default_factory=list)
    """Players who left after it (inferred from their absence in later rounds)."""


@dataclass(slots=True)
class SourceRow:
    """One row of the standings the source published."""

    rank: int
    """Published rank."""
    name: str
    """Player name."""
    points: int
    """Match points."""
    wins: int | None
    """Wins as published (None when the source published no W-L-D)."""
    losses: int | None
    """Losses as published."""
    draws: int | None
    """Draws as published."""
    omw: Fraction | None = None
    """OMW% as printed."""
    gw: Fraction | None = None
    """GW% as printed."""
    ogw: Fraction | None = None
    """OGW% as printed."""
    pos: SourcePos | None = None
    """Where the row is in the source."""


@dataclass(slots=True)
class SourceDeck:
    """A player's decklist as the source records it."""

    player: str
    """Player name."""
    main: list[tuple[int, str]]
    """Main deck: (count, card name)."""
    side: list[tuple[int, str]]
    """Sideboard."""
    archetype: str = ""
    """The source's archetype label, if any."""
    pos: SourcePos | None = None
    """Where the list is in the source."""


@dataclass(slots=True)
class Tournament:
    """An event as another platform's file gives it."""

    platform: str
    """melee.gg, topdeck.gg, cardsrealm.com, manatraders.com, mtgo.com, spreadsheet or other."""
    name: str
    """Event name."""
    date: dt.date
    """First day."""
    source_file: str
    """The file read, as shown in messages."""
    url: str = ""
    """The event's page on the platform."""
    game: str = "mtg"
    """Game id."""
    format: str = "other"
    """Our format id (``other`` when we do not know the source's format)."""
    format_label: str = ""
    """The source's own name for the format."""
    rules: str = "mtr"
    """Ruleset id (a compatibility profile for melee.gg and ManaTraders)."""
    best_of: int = 3
    """Games per match."""
    players: list[str] = field(default_factory=list)
    """Player names in roster order (published order first)."""
    rounds: list[SourceRound] = field(default_factory=list)
    """Swiss rounds, then top-cut rounds."""
    standings: list[SourceRow] = field(default_factory=list)
    """The standings as published (empty when the source published none)."""
    decks: dict[str, SourceDeck] = field(default_factory=dict)
    """Decklists by player name."""
    precision: int | None = None
    """Decimals of the published percentages (None: full precision or none published)."""
    results: str = "games"
    """games, or matches when the source records only who won."""
    rounds_published: str = "complete"
    """complete, top-cut-only or incomplete."""
    swiss_rounds: int | None = None
    """Swiss rounds played (when the source does not publish them all)."""
    phases: list[tuple[str, int]] = field(default_factory=list)
    """Phases of the Swiss (name, first round), when a day-2 cut was found."""
    dropped_evaluated: str | None = None
    """When the platform took dropped players' figures, where it differs from its ruleset."""
    disqualified: set[str] = field(default_factory=set)
    """Players the source left out of its standings although they played."""
    notes: list[str] = field(default_factory=list)
    """What the import inferred or could not keep, in words (written into the file)."""
    decklists: str = "public"
    """Decklist policy for the event file."""
    player_fields: dict[str, dict[str, str]] = field(default_factory=dict)
    """Extra fields per player from a players file: id, archetype, country, byes."""
    warnings: list[Diagnostic] = field(default_factory=list)
    """What the source records that an event file would not (two players of one name, a
    player paired twice in a round), each at its place in the source: kept as recorded."""
    shown_names: dict[str, str] = field(default_factory=dict)
    """The name written for a player whose key is not their name: the second of two
    players with the same name is known as ``Name #2`` here, and written as ``Name``."""
    location: str = ""
    """Venue."""
    organizer: str = ""
    """Organizer."""

    @property
    def swiss(self) -> list[SourceRound]:
        """The Swiss rounds."""
        return [r for r in self.rounds if not r.playoff]

    @property
    def playoff(self) -> list[SourceRound]:
        """The top-cut rounds."""
        return [r for r in self.rounds if r.playoff]


_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]")
"""Characters display text may not hold (controls, bidirectional overrides, line separators)."""


def clean_text(text: str, limit: int) -> str:
    """Text from another platform as one safe line: controls and bidirectional overrides
    removed, runs of whitespace (line breaks included) made one space, at most ``limit``
    characters (NFC-normalised, so the same name always gives the same bytes).

    >>> clean_text("  Ana\\u202e  B\\nC\\x07 ", 120)
    'Ana B C'
    """
    text = unicodedata.normalize("NFC", _UNSAFE.sub(" ", text))
    text = " ".join(text.split())
    return text[:limit].rstrip()


def id_base(name: str) -> str:
    """A readable id for a player named ``name``: lowercase ASCII letters and digits with
    hyphens, transliterated from any script; a name with nothing to spell gets ``player``.

    >>> id_base("José Núñez"), id_base("Player 001"), id_base("田中"), id_base("O'Brien"), id_base("★")
    ('jose-nunez', 'player-001', 'tanaka', 'o-brien', 'player')
    """
    return slug(name, fallback="player", max_length=50)


def name_key(name: str) -> str:
    """How two names are compared when matching players: case, accents and spacing ignored.

    >>> name_key(" José  NÚÑEZ") == name_key("jose nunez")
    True
    """
    folded = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(folded.casefold().split())
