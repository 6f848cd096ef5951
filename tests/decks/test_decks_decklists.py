"""Decklist parsing: text and YAML forms, errors with positions, round trips, card data."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from ingest.decks.card_data import CardData, CardDataError
from ingest.decks.card_names import normalize_card_name
from ingest.decks.decklist import Decklist, DecklistSyntaxError, decklist_from_mappings, parse_decklist_text
from ingest.decks.decklist_parts import DeckEntry, DecklistError, Section

from .support import DATA, card_data


def _summary(deck: Decklist) -> list[tuple[int, str, str]]:
    return [(e.count, e.card, e.section.value) for e in deck.entries]


_LINE = st.builds(
    lambda lead, count, gap, rest, tail: lead + count + gap + rest + tail,
    st.sampled_from(["", " ", "SB: ", "\t"]),
    st.sampled_from(["4", "04", "0", "10", "4x", "2X", "\u00b2", "\u0663", "1\u00b2", "x"]),
    st.sampled_from([" ", "  ", "\t", " \t", "\u00a0", "", " \u00a0"]),
    st.text(alphabet="abAB '-/:[]#()0123456789\t\u00a0", max_size=14),
    st.sampled_from(["", " ", "\t"]),
)


@example("4  Lightning Bolt")
@example("\u00b2 Lightning Bolt")
@example("4 Lightning Bolt (M11) 149")
@example("0 Lightning Bolt")
@given(_LINE)
def test_an_entry_line_reads_as_the_entry_pattern_reads_it(line: str) -> None:
    """The usual line ("4 Lightning Bolt") is read without the entry pattern; whatever the
    line, the entry (or the error) is the one the pattern and the careful reading give."""
    from ingest.decks.decklist import _ENTRY, _entry_from_match

    stripped = line.strip()
    deck, errors = parse_decklist_text(line)
    if not stripped or not (stripped[0].isdigit() or stripped.startswith("SB:")):
        return  # a header, a comment or an unreadable line: not an entry line
    match = _ENTRY.match(stripped)
    if match is None:
        assert not deck.entries and len(errors) == 1
        return
    found: list[DecklistError] = []
    section = Section.SIDEBOARD if match["sb"] else Section.MAIN
    entry = _entry_from_match(match, line, 1, section, found)
    assert deck.entries == ((entry,) if entry is not None else ())
    assert [e.line for e in deck.entries] == ([1] if entry is not None else [])
    assert errors == tuple(found)


class TestText:
    def test_counts_with_and_without_x(self) -> None:
        deck = Decklist.parse("4 Lightning Bolt\n4x Goblin Guide\n2X Lava Spike\n")
        assert _summary(deck) == [
            (4, "Lightning Bolt", "main"),
            (4, "Goblin Guide", "main"),
            (2, "Lava Spike", "main"),
        ]

    @pytest.mark.parametrize("header", ["Sideboard", "sideboard:", "SIDEBOARD", "Sideboard (2)", "  Sideboard :  "])
    def test_sideboard_header_forms(self, header: str) -> None:
        deck = Decklist.parse(f"Deck\n4 Lightning Bolt\n{header}\n2 Pyroblast\n")
        assert _summary(deck)[-1] == (2, "Pyroblast", "sideboard")

    def test_mtgo_blank_line_starts_the_sideboard(self) -> None:
        deck = Decklist.parse("\n4 Lightning Bolt\n4 Goblin Guide\n\n\n2 Pyroblast\n\n1 Duress\n")
        assert [e.section for e in deck.entries] == [
            Section.MAIN,
            Section.MAIN,
            Section.SIDEBOARD,
            Section.SIDEBOARD,
        ]

    def test_blank_lines_mean_nothing_once_a_header_appears(self) -> None:
        deck = Decklist.parse("Deck\n4 Lightning Bolt\n\n4 Goblin Guide\n")
        assert {e.section for e in deck.entries} == {Section.MAIN}
        deck = Decklist.parse("4 Lightning Bolt\n\n4 Goblin Guide\nSB: 2 Pyroblast\n")
        assert [e.section.value for e in deck.entries] == ["main", "main", "sideboard"]

    def test_comments_and_arena_sections(self) -> None:
        text = (
            "# my deck\n// exported\nCompanion\n1 Lurrus of the Dream-Den\n\nDeck\n"
            "4 Lightning Bolt (M11) 149  # the best\nMain\n1 Island\n"
        )
        deck = Decklist.parse(text)
        assert _summary(deck) == [
            (1, "Lurrus of the Dream-Den", "sideboard"),
            (4, "Lightning Bolt", "main"),
            (1, "Island", "main"),
        ]
        assert deck.entries[1].printing == "(M11) 149"
        assert deck.entries[1].line == 7

    def test_transformers_and_wot_attributes(self) -> None:
        text = (
            "Characters\n1 Optimus Prime - Autobot Leader [stars: 12] [character]\n"
            "Team:\n1 Bumblebee [kind: character] [stars: 5]\n"
            "Hero deck\n3 Two Rivers Archers [troop]\n"
            "Villain\n2 Trolloc Horde [Troop]\n"
        )
        deck = Decklist.parse(text)
        assert [(e.section.value, e.stars, e.kind) for e in deck.entries] == [
            ("characters", 12, "character"),
            ("characters", 5, "character"),
            ("hero", None, "troop"),
            ("villain", None, "troop"),
        ]

    def test_errors_carry_line_and_column_and_parsing_goes_on(self) -> None:
        text = (
            "4 Lightning Bolt\nLightning Bolt\n0 Mountain\n  4 Rift Bolt [foo: 3]\n"
            "1 X [stars: many]\n1 Y [stars: 1] [stars: 2]\nMaybeboard:\n1 Z [kind:]\n"
            "4 Goblin Guide\n"
        )
        deck, errors = parse_decklist_text(text)
        assert [str(e) for e in errors] == [
            'line 2, column 1: expected "<count> <card name>" such as "4 Lightning Bolt", or a '
            'section header such as "Sideboard"; got "Lightning Bolt"',
            "line 3, column 1: the number of copies must be at least 1",
            'line 4, column 15: unknown attribute "[foo: 3]"; use [stars: N] or [kind: K]',
            'line 5, column 5: stars must be a whole number, got "many"',
            'line 6, column 5: attribute "stars" is given twice',
            'line 7, column 1: unknown section header "Maybeboard:"; known headers are '
            "Characters, Deck, Hero, Sideboard, Villain",
            'line 8, column 5: attribute "[kind:]" has no value',
        ]
        assert _summary(deck) == [(4, "Lightning Bolt", "main"), (4, "Goblin Guide", "main")]
        with pytest.raises(DecklistSyntaxError) as caught:
            Decklist.parse(text)
        assert len(caught.value.errors) == 7

    def test_to_text(self) -> None:
        deck = Decklist.parse("4 Lightning Bolt (M11) 149\n\n2 Pyroblast\n")
        assert deck.to_text() == "Deck\n4 Lightning Bolt (M11) 149\n\nSideboard\n2 Pyroblast\n"
        assert Decklist().to_text() == ""

    def test_golden_inputs_round_trip(self) -> None:
        for path in sorted(DATA.glob("*.txt")):
            if path.name.endswith((".expected.txt", ".team.txt")):
                continue
            deck, _ = parse_decklist_text(path.read_text(encoding="utf-8"))
            assert Decklist.parse(deck.to_text()) == deck, path.name


_NAME_CHARS = st.sampled_from(list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',-!ûé·’–"))
_NAMES = st.builds(
    lambda first, words: " ".join([first, *words]),
    st.text(_NAME_CHARS, min_size=1, max_size=8).filter(lambda s: s[0].isalpha()),
    st.lists(st.text(_NAME_CHARS, min_size=1, max_size=8), max_size=3),
)
_ENTRIES = st.builds(
    DeckEntry,
    count=st.integers(1, 99),
    card=_NAMES,
    section=st.sampled_from(list(Section)),
    stars=st.none() | st.integers(0, 30),
    kind=st.none() | st.sampled_from(["character", "battle", "troop", "event", "stars", "kind"]),
    printing=st.none() | st.sampled_from(["(M11) 149", "(MH3)", "(2X2) 12 *F*"]),
)


class TestRoundTrip:
    @given(st.lists(_ENTRIES, max_size=12))
    def test_parse_to_text_parse(self, entries: list[DeckEntry]) -> None:
        deck = Decklist(tuple(entries))
        assert Decklist.parse(deck.to_text()) == deck

    @given(st.lists(_ENTRIES, max_size=12))
    def test_mappings_round_trip(self, entries: list[DeckEntry]) -> None:
        deck = Decklist(tuple(entries))
        assert Decklist.from_mappings(deck.to_mappings()) == deck


class TestYaml:
    def test_entries(self) -> None:
        deck = Decklist.from_mappings(
            [
                {"count": 4, "card": "Lightning Bolt"},
                {
                    "count": 1,
                    "card": "Optimus Prime - Autobot Leader",
                    "stars": 12,
                    "kind": "Character",
                    "section": "team",
                },
                {"count": 2, "card": "Pyroblast (ICE) 213", "section": "Sideboard"},
            ]
        )
        assert [(e.card, e.section.value, e.stars, e.kind, e.printing) for e in deck.entries] == [
            ("Lightning Bolt", "main", None, None, None),
            ("Optimus Prime - Autobot Leader", "characters", 12, "character", None),
            ("Pyroblast", "sideboard", None, None, "(ICE) 213"),
        ]

    def test_errors_carry_the_path(self) -> None:
        _, errors = decklist_from_mappings(
            [
                {"count": 0, "card": "A"},
                {"count": True, "card": ""},
                "4 Lightning Bolt",
                {"count": 1, "card": "B", "stars": -1, "kind": 3, "section": "maybe", "foil": True},
            ]
        )
        assert [str(e) for e in errors] == [
            "deck[0].count: count must be a whole number of at least 1",
            "deck[1].count: count must be a whole number of at least 1",
            "deck[1].card: card must be a card name",
            "deck[2]: each entry must be a mapping such as {count: 4, card: Lightning Bolt}",
            'deck[3].foil: unknown key "foil"; expected one of count, card, stars, kind, section',
            "deck[3].stars: stars must be a whole number of at least 0",
            "deck[3].kind: kind must be a word such as character",
            'deck[3].section: unknown section "maybe"; expected one of main, sideboard, characters, hero, villain',
        ]
        _, errors = decklist_from_mappings({"count": 1})
        assert errors == (DecklistError("a deck must be a list of {count, card} entries"),)


class TestNames:
    @pytest.mark.parametrize(
        ("a", "b"),
        [
            ("Lightning Bolt", "lightning bolt"),
            ("Sensei's Divining Top", "Sensei’s Divining Top"),
            ("Nazgûl", "Nazgul"),
            ("Troll of Khazad-dûm", "Troll of Khazad-dum"),
            ("Bumblebee – Trusted Lieutenant", "Bumblebee - Trusted Lieutenant"),
            ("Fire // Ice", "Fire/Ice"),
            ("Æther Vial", "Aether Vial"),
            ("Ragavan, Nimble Pilferer (MH2) 138", "Ragavan,  Nimble Pilferer"),
        ],
    )
    def test_same_card(self, a: str, b: str) -> None:
        assert normalize_card_name(a) == normalize_card_name(b)

    def test_different_cards_stay_different(self) -> None:
        assert normalize_card_name("Tidal Wave - Dark Fleet (Transport)") != normalize_card_name(
            "Tidal Wave - Dark Fleet (Battleship)"
        )


class TestCardData:
    def test_scryfall_shape(self) -> None:
        data = card_data("cards.scryfall.json")
        island = data.get("island")
        assert island is not None
        assert island.is_basic
        bolt = data.get("Lightning Bolt")
        assert bolt is not None
        assert not bolt.is_basic
        assert bolt.legality("standard") == "not_legal"
        assert data.get("Fire") is data.get("Fire // Ice") is not None
        cid = data.get("Cid, Timeless Artificer")
        assert cid is not None
        assert cid.copy_override == (True, None)

    def test_mtgjson_shape(self) -> None:
        data = CardData.from_json(
            {
                "meta": {},
                "data": {
                    "Seven Dwarves": [
                        {
                            "name": "Seven Dwarves",
                            "type": "Creature — Dwarf",
                            "text": "A deck can have up to seven cards named Seven Dwarves.",
                            "legalities": {"modern": "Legal"},
                        }
                    ],
                    "Snow-Covered Forest": [
                        {
                            "name": "Snow-Covered Forest",
                            "type": "Basic Snow Land — Forest",
                            "legalities": {},
                        }
                    ],
                },
            }
        )
        dwarves = data.get("seven dwarves")
        assert dwarves is not None
        assert dwarves.copy_override == (True, 7)
        assert dwarves.legality("modern") == "legal"
        assert dwarves.legality("pauper") == "not_legal"
        forest = data.get("Snow-Covered Forest")
        assert forest is not None
        assert forest.is_basic

    def test_other_shapes_are_refused(self) -> None:
        with pytest.raises(CardDataError):
            CardData.from_json({"cards": []})
