"""Format files: schema validity, the registry, dated lists and file problems."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from ingest.core.diagnostics import Diagnostic
from ingest.decks.decklist import Decklist
from ingest.decks.format_files import check_archetype_file, check_game_file, format_registry, registry_from_documents
from ingest.decks.format_registry import UnknownFormatError
from ingest.decks.format_rules import FormatRules
from ingest.source.project import Project
from ingest.source.yamldoc import SourceDocument

from .support import ROOT, archetypes, document, registry, registry_from_text, schema

FORMAT_SCHEMA: dict[str, Any] = json.loads((ROOT / "schema" / "format.schema.json").read_text())
ARCHETYPE_SCHEMA: dict[str, Any] = json.loads((ROOT / "schema" / "archetypes.schema.json").read_text())
GAME_FILES = sorted((ROOT / "formats").glob("*.yaml"))
ARCHETYPE_FILES = sorted((ROOT / "formats" / "archetypes").glob("*.yaml"))


def _load(path: Path) -> SourceDocument:
    return document(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())


def _rendered(problems: tuple[Diagnostic, ...] | list[Diagnostic]) -> list[str]:
    return [d.render() for d in sorted(problems, key=Diagnostic.sort_key)]


class TestSchemas:
    def test_schemas_are_valid_2020_12(self) -> None:
        Draft202012Validator.check_schema(FORMAT_SCHEMA)
        Draft202012Validator.check_schema(ARCHETYPE_SCHEMA)

    def test_every_schema_field_has_title_and_description(self) -> None:
        def walk(node: object, path: str) -> list[str]:
            missing: list[str] = []
            if isinstance(node, dict):
                for key, child in node.get("properties", {}).items():
                    if "title" not in child or "description" not in child:
                        missing.append(f"{path}.{key}")
                for key, child in node.items():
                    missing += walk(child, f"{path}.{key}")
            elif isinstance(node, list):
                for index, child in enumerate(node):
                    missing += walk(child, f"{path}[{index}]")
            return missing

        assert walk(FORMAT_SCHEMA, "format") == []
        assert walk(ARCHETYPE_SCHEMA, "archetypes") == []

    def test_all_six_games_have_a_file(self) -> None:
        assert [p.stem for p in GAME_FILES] == [
            "buddyfight",
            "mtg",
            "transformers",
            "vanguard",
            "weiss-schwarz",
            "wot",
        ]

    @pytest.mark.parametrize("path", GAME_FILES, ids=[p.name for p in GAME_FILES])
    def test_game_file_validates(self, path: Path) -> None:
        assert check_game_file(_load(path), schema("format")) == ()

    @pytest.mark.parametrize("path", ARCHETYPE_FILES, ids=[p.name for p in ARCHETYPE_FILES])
    def test_archetype_file_validates(self, path: Path) -> None:
        assert check_archetype_file(_load(path), schema("archetypes")) == ()

    def test_archetype_formats_exist(self) -> None:
        for game, fid in archetypes().rules:
            registry().get(game, fid)


class TestRegistry:
    def test_ids(self) -> None:
        reg = registry()
        assert reg.ids("mtg") == (
            "draft",
            "legacy",
            "modern",
            "pauper",
            "pioneer",
            "sealed",
            "standard",
            "two-headed-giant",
            "vintage",
        )
        assert reg.ids("transformers") == ("constructed", "draft", "sealed")
        assert reg.ids("wot") == ("constructed", "sealed")

    def test_unknown_format_error_lists_known_ids(self) -> None:
        with pytest.raises(UnknownFormatError) as caught:
            registry().get("mtg", "modren")
        assert str(caught.value) == (
            'unknown format "modren" for game mtg; known formats: draft, legacy, modern, '
            "pauper, pioneer, sealed, standard, two-headed-giant, vintage "
            '(did you mean "modern"?)'
        )

    def test_unknown_game_error(self) -> None:
        with pytest.raises(UnknownFormatError) as caught:
            registry().rules_for("magic", "modern", date(2025, 7, 1))
        assert str(caught.value) == (
            'unknown game "magic"; known games: buddyfight, mtg, transformers, vanguard, weiss-schwarz, wot'
        )

    def test_overlay_alone_is_refused_with_examples(self) -> None:
        with pytest.raises(UnknownFormatError, match=r"modern\+two-headed-giant"):
            registry().get("mtg", "two-headed-giant")

    def test_alias(self) -> None:
        assert registry().get("vanguard", "constructed").id == "standard"
        assert registry().get("weiss-schwarz", "constructed").id == "neo-standard"

    def test_two_headed_giant_overlay(self) -> None:
        rules = registry().rules_for("mtg", "modern+two-headed-giant", date(2025, 7, 1))
        assert rules.name == "Modern (Two-Headed Giant)"
        assert rules.sideboard is not None
        assert not rules.sideboard.allowed
        assert rules.team is not None
        assert rules.team.unified_deck_construction
        banned = {c.card for c in rules.banned}
        assert "Erayo, Soratami Ascendant" in banned
        assert "Oko, Thief of Crowns" in banned


class TestData:
    """Pins the counts taken from the seeds, so a changed list cannot slip through."""

    @pytest.mark.parametrize(
        ("format_id", "banned", "restricted"),
        [
            ("standard", 7, 0),
            ("pioneer", 29, 0),
            ("modern", 52, 0),
            ("legacy", 68, 0),
            ("vintage", 3, 51),
            ("pauper", 0, 0),
        ],
    )
    def test_mtg_list_sizes(self, format_id: str, banned: int, restricted: int) -> None:
        rules = registry().get("mtg", format_id)
        assert (len(rules.banned), len(rules.restricted)) == (banned, restricted)

    def test_only_the_standard_bans_are_dated(self) -> None:
        dated = {
            (r.id, c.card, c.since)
            for (game, _), r in registry().formats.items()
            if game == "mtg"
            for c in r.banned + r.restricted
            if c.since is not None
        }
        assert {s for _, _, s in dated} == {date(2025, 6, 30)}
        assert {f for f, _, _ in dated} == {"standard"}

    def test_mtg_deck_rules(self) -> None:
        rules = registry().get("mtg", "modern")
        assert rules.main is not None
        assert rules.sideboard is not None
        assert rules.copies is not None
        assert (rules.main.min, rules.sideboard.max, rules.copies.max) == (60, 15, 4)
        exceptions = {x.card: x.max for x in rules.copy_exceptions}
        assert exceptions["Seven Dwarves"] == 7
        assert exceptions["Nazgûl"] == 9
        assert exceptions["Relentless Rats"] is None
        assert exceptions["Snow-Covered Island"] is None
        limited = registry().get("mtg", "sealed")
        assert limited.copies is None
        assert limited.main is not None
        assert limited.main.min == 40

    def test_transformers_rules(self) -> None:
        rules = registry().get("transformers", "constructed")
        assert rules.main is not None
        assert rules.stars is not None
        assert rules.sideboard is not None
        assert rules.copies is not None
        assert (rules.main.min, rules.copies.max, rules.stars.max) == (40, 3, 25)
        assert (
            rules.sideboard.max,
            rules.sideboard.max_characters,
            rules.sideboard.max_character_stars,
        ) == (10, 1, 20)
        assert {c.card for c in rules.banned} == {
            "Swap Parts",
            "Press the Advantage",
            "Multi-Mission Gear",
        }

    def test_bushiroad_numbers_are_marked_as_not_from_the_seed(self) -> None:
        for game in ("vanguard", "weiss-schwarz", "buddyfight"):
            for fid in registry().ids(game):
                rules = registry().get(game, fid)
                if not rules.deck_rules_given:  # limited battles (3.3.1.2): no numbers at all
                    assert rules.main is None and rules.sideboard is None and rules.copies is None
                    assert rules.kind == "limited" and rules.notes
                    continue
                assert rules.main is not None
                if rules.main.min is not None:
                    assert "not in the floor rules seed" in rules.main.source
                assert rules.notes


class TestDatedLists:
    def test_standard_bans_start_on_2025_06_30(self) -> None:
        reg = registry()
        assert reg.rules_for("mtg", "standard", date(2025, 6, 29)).banned == ()
        assert len(reg.rules_for("mtg", "standard", date(2025, 6, 30)).banned) == 7

    def test_edge_of_eternities_is_legal_from_2025_07_25(self) -> None:
        def sets(on: date) -> set[str]:
            pool = registry().rules_for("mtg", "standard", on).card_pool
            assert pool is not None
            return {s.name for s in pool.sets}

        assert "Edge of Eternities" not in sets(date(2025, 7, 24))
        assert "Edge of Eternities" in sets(date(2025, 7, 25))

    def test_history_with_an_unban(self) -> None:
        text = """
game: mtg
name: Test
formats:
  modern:
    name: Modern
    kind: constructed
    source: test
    deck:
      main: {min: 60, source: MTR 6.1}
      sideboard: {allowed: true, max: 15, source: MTR 6.1}
    banned:
      - {card: Example Card, since: 2025-06-30, until: 2025-09-01, source: "test"}
      - {card: Example Card, since: 2026-01-05, source: "test"}
"""
        reg = registry_from_text(text)

        def banned(on: date) -> bool:
            return bool(reg.rules_for("mtg", "modern", on).banned)

        assert [
            banned(date(2025, 6, 1)),
            banned(date(2025, 6, 30)),
            banned(date(2025, 8, 31)),
            banned(date(2025, 9, 1)),
            banned(date(2026, 1, 5)),
        ] == [False, True, True, False, True]

    def test_as_of_date_keeps_the_whole_history_on_the_original(self) -> None:
        full: FormatRules = registry().get("mtg", "standard")
        cut = full.as_of_date(date(2025, 1, 1))
        assert cut.banned == ()
        assert cut.as_of == date(2025, 1, 1)
        assert len(full.banned) == 7


BAD_FILE = """game: mtg
name: Test
formats:
  modern:
    name: Modern
    kind: constructd
    source: test
    deck:
      main: {min: 60, source: a}
      sideboard: {allowed: true, max: 15, source: b}
      extra: 1
    banned:
      - {card: A, since: "2025-13-01", source: x}
      - {since: null, source: x}
"""


class TestProblems:
    def test_schema_problems_are_positioned_diagnostics_in_the_event_files_words(self) -> None:
        problems = check_game_file(document(BAD_FILE), schema("format"))
        assert _rendered(problems) == [
            'formats/mtg.yaml:6:11: error[schema]: formats.modern.kind: "constructd" is not one of constructed, limited'
            "\n  hint: did you mean constructed?",
            'formats/mtg.yaml:11:7: error[unknown-key]: formats.modern.deck: unknown key "extra"'
            "\n  hint: allowed here: copies, given, kind_ratio, main, play_decks, sideboard, stars, unique",
            'formats/mtg.yaml:13:26: error[schema]: formats.modern.banned[0].since: "2025-13-01" is not a date; '
            "write YYYY-MM-DD, e.g. 2025-06-30",
            'formats/mtg.yaml:14:9: error[schema]: formats.modern.banned[1]: the required key "card" is missing'
            "\n  hint: The card's English name.",
        ]

    def test_the_rules_a_schema_cannot_state_are_positioned(self) -> None:
        text = BAD_FILE.replace("constructd", "constructed").replace("      extra: 1\n", "")
        text = text.replace(
            '      - {card: A, since: "2025-13-01", source: x}\n      - {since: null, source: x}\n',
            "      - {card: A, since: 2025-06-01, until: 2025-05-01, source: x}\n"
            "      - {card: a, since: null, source: x}\n",
        )
        text = text.replace("    name: Modern\n", "    name: Modern\n    aliases: [mod, modern]\n")
        problems = check_game_file(document(text, "formats/wot.yaml"), schema("format"))
        assert _rendered(problems) == [
            'formats/wot.yaml:1:7: error[format-file]: game: game "mtg" does not match the file name (wot.yaml)'
            "\n  hint: a game's formats live in formats/<game>.yaml: rename the file to mtg.yaml or fix the id",
            'formats/wot.yaml:6:20: error[format-file]: formats.modern.aliases[1]: alias "modern" is already used'
            "\n  hint: modern is a format's id",
            "formats/wot.yaml:13:45: error[format-file]: formats.modern.banned[0].until: "
            "until (2025-05-01) must be after since (2025-06-01)"
            "\n  hint: until is the first day the entry no longer applies; leave it out while it still does",
            "formats/wot.yaml:14:9: error[format-file]: formats.modern.banned[1]: "
            "this entry's period overlaps entry 0 for the same card"
            "\n  hint: end entry 0 (until:) on or before this entry's since: date, or merge the two",
        ]

    def test_every_keyword_of_the_format_schema_is_in_a_tos_words(self) -> None:
        text = BAD_FILE.replace("constructd", "constructed").replace("      extra: 1\n", "")
        text = text.replace("    name: Modern\n", "    name: Modern\n    aliases: [mod, mod]\n")
        problems = check_game_file(document(text), schema("format"))
        assert 'formats.modern.aliases: "mod" is listed twice' in [d.message for d in problems]
        empty = check_game_file(document("game: mtg\nname: Test\nformats: {}\n"), schema("format"))
        assert [d.message for d in empty] == ["formats: needs at least 1 entry, found 0"]

    def test_the_rules_run_on_what_the_schema_accepted_alongside_its_errors(self) -> None:
        """One run reports every problem: a schema error elsewhere does not hide a broken rule."""
        text = BAD_FILE.replace("      - {since: null, source: x}\n", "      - {card: a, since: null, source: x}\n")
        text = text.replace('"2025-13-01"', "2025-06-01, until: 2025-05-01")
        codes = [(d.code, d.message.split(":")[0]) for d in check_game_file(document(text), schema("format"))]
        assert ("schema", "formats.modern.kind") in codes and ("unknown-key", "formats.modern.deck") in codes
        assert ("format-file", "formats.modern.banned[0].until") in codes
        assert ("format-file", "formats.modern.banned[1]") in codes
        # a value the schema refused is not read by the rules
        broken = BAD_FILE.replace("      - {since: null, source: x}\n", "      - {card: A, since: 7, source: x}\n")
        codes = [(d.code, d.message.split(":")[0]) for d in check_game_file(document(broken), schema("format"))]
        assert ("schema", "formats.modern.banned[1].since") in codes
        assert not any(code == "format-file" for code, _ in codes)

    def test_a_file_read_through_the_project_names_file_line_and_column(self, tmp_path: Path) -> None:
        (tmp_path / "formats").mkdir()
        (tmp_path / "formats" / "mtg.yaml").write_text("game: mtg\nname: a: b\n", encoding="utf-8")
        reg, problems = format_registry(Project(tmp_path))
        assert _rendered(problems) == [
            "formats/mtg.yaml:2:8: error[yaml-syntax]: a colon followed by a space (': ') is not allowed here"
            "\n  hint: if the text itself contains ': ', put the whole value in quotes"
        ]
        assert "mtg" in reg.unreadable

    def test_an_impossible_date_is_positioned_as_in_event_files(self, tmp_path: Path) -> None:
        (tmp_path / "formats").mkdir()
        (tmp_path / "formats" / "mtg.yaml").write_text("game: mtg\nsince: 2025-13-01\n", encoding="utf-8")
        _, problems = format_registry(Project(tmp_path))
        assert [d.pos.label() + " " + d.message for d in problems] == [
            "formats/mtg.yaml:2:8 2025-13-01 is not a real date (month must be in 1..12)"
        ]

    def test_invalid_file_is_left_out_of_the_registry(self) -> None:
        reg, problems = registry_from_documents([document(BAD_FILE)], schema("format"))
        assert problems
        assert reg.formats == {}
        assert reg.unreadable == frozenset({"mtg"})


class TestArchetypes:
    @pytest.mark.parametrize(
        ("format_id", "cards", "expected"),
        [
            ("modern", ["Lightning Bolt", "Goblin Guide", "Mountain"], "Burn"),
            (
                "modern",
                [
                    "Guide of Souls",
                    "Ajani, Nacatl Pariah // Ajani, Nacatl Avenger",
                    "Lightning Bolt",
                ],
                "Boros Energy",
            ),
            ("modern", ["Murktide Regent", "Counterspell", "Lightning Bolt"], "Murktide"),
            ("modern", ["Living End", "Shardless Agent"], "Living End"),
            ("modern", ["Amulet of Vigor", "Primeval Titan"], "Amulet Titan"),
            ("modern", ["Not Dead After All", "Grief"], "Rakdos Scam"),
            ("modern", ["Island"], None),
            ("pioneer", ["Thoughtseize", "Fable of the Mirror-Breaker"], "Rakdos Midrange"),
            ("pioneer", ["Arclight Phoenix", "Opt"], "Izzet Phoenix"),
            ("modern+two-headed-giant", ["Lightning Bolt", "Lava Spike"], "Burn"),
            ("vintage", ["Lightning Bolt", "Goblin Guide"], None),
        ],
    )
    def test_classify(self, format_id: str, cards: list[str], expected: str | None) -> None:
        deck = Decklist.parse("".join(f"4 {c}\n" for c in cards))
        assert archetypes().classify("mtg", format_id, deck) == expected

    def test_sideboard_cards_do_not_decide(self) -> None:
        deck = Decklist.parse("4 Goblin Guide\nSideboard\n4 Lightning Bolt\n")
        assert archetypes().classify("mtg", "modern", deck) is None

    def test_a_rule_names_cards_as_a_decklist_may_write_them(self) -> None:
        """A rule's cards are compared by their normalized names (made once per rule), so
        typographic quotes, accents, case and a split card's slash match the deck's lines."""
        from ingest.decks.archetypes import Archetype, ArchetypeBook

        book = ArchetypeBook(
            {
                ("mtg", "legacy"): (
                    Archetype("Top", ("Sensei\u2019s Divining Top", "Troll of Khazad-d\u00fbm")),
                    Archetype("Split", (), ("Fire/Ice", "Brazen Borrower")),
                )
            }
        )
        top = Decklist.parse("4 sensei's divining top\n1 TROLL OF KHAZAD-DUM\n")
        assert book.classify("mtg", "legacy", top) == "Top"
        assert book.classify("mtg", "legacy", Decklist.parse("2 Fire // Ice\n")) == "Split"
        assert book.classify("mtg", "legacy", Decklist.parse("4 sensei's divining top\n")) is None
        assert book.rules[("mtg", "legacy")][0] == Archetype(
            "Top", ("Sensei\u2019s Divining Top", "Troll of Khazad-d\u00fbm")
        )
