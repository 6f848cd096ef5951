"""Deck legality: dates, card data, teams, and order independence."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.checks.event_files import load_event
from ingest.decks.card_data import CardData
from ingest.decks.decklist import Decklist
from ingest.decks.decklist_parts import Section
from ingest.decks.event_decks import event_decks
from ingest.decks.format_files import format_registry
from ingest.decks.legality import DeckVerdict, Sentence, Violation, check_deck, check_team
from ingest.source.project import Project

from .support import DATA, ROOT, card_data, case_meta, registry, registry_from_text

STANDARD_HERO = "4 Heartfire Hero\n56 Mountain\n"


class TestDates:
    def test_legal_before_the_ban_and_illegal_from_it(self) -> None:
        rules = registry().get("mtg", "standard")
        deck = Decklist.parse(STANDARD_HERO)
        assert check_deck(deck, rules, on=date(2025, 6, 29)).is_legal
        verdict = check_deck(deck, rules, on=date(2025, 6, 30))
        banned = Sentence("banned-since", "MTR 6.3", card="Heartfire Hero", format="Standard", since=date(2025, 6, 30))
        assert verdict.violations == (Violation("banned", banned),)
        (violation,) = verdict.violations
        assert violation.message == '"Heartfire Hero" is banned in Standard since 2025-06-30 (MTR 6.3)'
        assert (violation.card, violation.section) == ("Heartfire Hero", "MTR 6.3")

    def test_old_event_is_unaffected_by_a_later_ban(self) -> None:
        # The rules as they stand today hold the whole history; checking with the old
        # event's date ignores bans announced after it.
        rules = registry().rules_for("mtg", "standard", date(2026, 1, 1))
        full = registry().get("mtg", "standard")
        deck = Decklist.parse(STANDARD_HERO)
        assert check_deck(deck, full, on=date(2025, 5, 17)).is_legal
        assert not check_deck(deck, rules, on=date(2026, 1, 1)).is_legal

    def test_unban_makes_a_card_legal_again(self) -> None:
        text = """
game: mtg
name: Test
formats:
  modern:
    name: Modern
    kind: constructed
    source: MTR 6.4
    deck:
      main: {min: 1, source: MTR 6.1}
      sideboard: {allowed: true, max: 15, source: MTR 6.1}
    banned:
      - {card: Stoneforge Mystic, since: null, until: 2019-08-26, source: "test"}
"""
        rules = registry_from_text(text).get("mtg", "modern")
        deck = Decklist.parse("4 Stoneforge Mystic\n")
        assert not check_deck(deck, rules, on=date(2019, 8, 25)).is_legal
        assert check_deck(deck, rules, on=date(2019, 8, 26)).is_legal


class TestCardData:
    def test_basic_lands_and_copy_overrides_from_card_data(self) -> None:
        rules = registry().get("mtg", "standard")
        deck = Decklist.parse("10 Cid, Timeless Artificer\n50 Mountain\n")
        data = card_data("cards.scryfall.json")
        assert check_deck(deck, rules, on=date(2025, 7, 1), card_data=data).is_legal
        assert not check_deck(deck, rules, on=date(2025, 7, 1)).is_legal

    def test_without_card_data_the_checks_are_skipped_not_guessed(self) -> None:
        rules = registry().get("mtg", "vintage")
        verdict = check_deck(Decklist.parse("1 Backup Plan\n59 Island\n"), rules, on=date(2025, 7, 1))
        assert verdict.is_legal
        assert [v.code for v in verdict.skipped] == ["skipped"]

    def test_empty_card_data_reports_every_card_as_unknown(self) -> None:
        rules = registry().get("mtg", "modern")
        verdict = check_deck(
            Decklist.parse("4 Lightning Bolt\n56 Mountain\n"),
            rules,
            on=date(2025, 7, 1),
            card_data=CardData({}),
        )
        assert verdict.is_legal
        assert verdict.lines() == (
            "skipped: Card pool not checked for 2 cards the card data does not know: "
            '"Lightning Bolt", "Mountain" (MTR 6.2, 6.4)',
        )


class TestTeam:
    def test_unified_deck_construction(self) -> None:
        rules = registry().get("mtg", "modern")
        decks = {
            "alice": Decklist.parse("4 Naturalize\n20 Forest\n"),
            "bob": Decklist.parse("1 naturalize\n20 Forest\n10 Snow-Covered Forest\n"),
            "carol": Decklist.parse("20 Forest\nSideboard\n2 Naturalize\n"),
        }
        verdict = check_team(decks, rules)
        assert verdict.lines() == (
            'error[unified-deck]: "Naturalize" is in the decks of alice, bob and carol; no two '
            "decks on a team may share a card other than basic lands (MTR 8.4)",
        )

    def test_formats_without_the_rule_give_an_empty_verdict(self) -> None:
        deck = Decklist.parse("4 Naturalize\n")
        assert check_team({"a": deck, "b": deck}, registry().get("mtg", "sealed")) == DeckVerdict()

    def test_two_headed_giant_uses_it(self) -> None:
        deck = Decklist.parse("4 Naturalize\n")
        rules = registry().get("mtg", "legacy+two-headed-giant")
        verdict = check_team({"a": deck, "b": deck}, rules)
        assert [v.section for v in verdict.violations] == ["MTR 9.5, 8.4"]

    def test_basic_land_from_card_data(self) -> None:
        deck = Decklist.parse("4 Island\n")
        rules = registry().get("mtg", "modern")
        assert check_team({"a": deck, "b": deck}, rules, card_data=card_data("cards.scryfall.json")).is_legal


class TestOtherGames:
    def test_transformers_character_in_the_main_deck_is_a_character(self) -> None:
        rules = registry().get("transformers", "constructed")
        deck = Decklist.parse("1 Optimus Prime - Autobot Leader [stars: 12] [character]\n40 Brute Force\n")
        verdict = check_deck(deck, rules, on=date(2025, 1, 1))
        assert [v.code for v in verdict.violations] == ["copies"]  # 40 Brute Force; 40 battle cards

    @staticmethod
    def _team_of_20_stars(grenades: str) -> Decklist:
        return Decklist.parse(
            "Characters\n1 Optimus Prime - Autobot Leader [stars: 12]\n1 Bumblebee - Trusted Lieutenant [stars: 8]\n"
            f"Deck\n3 Grenade Launcher{grenades}\n{TestOtherGames._zero_star_cards(37)}"
        )

    @staticmethod
    def _zero_star_cards(count: int) -> str:
        """``count`` battle cards of 0 stars, at most 3 of a name (Aequitas 6.1)."""
        return "".join(f"{min(3, count - i)} Battle Card {i // 3} [stars: 0]\n" for i in range(0, count, 3))

    def test_battle_card_without_stars_skips_the_star_total(self) -> None:
        """Aequitas 6.1: battle cards count towards the 25 stars; an unknown cost is not 0."""
        rules = registry().get("transformers", "constructed")
        verdict = check_deck(self._team_of_20_stars(""), rules, on=date(2025, 1, 1))
        assert verdict.is_legal
        star_checks = [v.message for v in verdict.skipped if v.message.startswith("Star total")]
        assert len(star_checks) == 1 and '"Grenade Launcher"' in star_checks[0]
        # What the skipped check would have found: 20 + 3 x 2 = 26 stars.
        known = check_deck(self._team_of_20_stars(" [stars: 2]"), rules, on=date(2025, 1, 1))
        assert [v.code for v in known.violations] == ["stars"]
        assert not any(v.message.startswith("Star total") for v in known.skipped)

    def test_known_stars_over_the_limit_are_a_violation_whatever_the_unknown_ones(self) -> None:
        rules = registry().get("transformers", "constructed")
        deck = Decklist.parse(
            "Characters\n1 Optimus Prime - Autobot Leader [stars: 12]\n1 Megatron - Evil Leader [stars: 18]\n"
            f"Deck\n3 Grenade Launcher\n{self._zero_star_cards(37)}"
        )
        verdict = check_deck(deck, rules, on=date(2025, 1, 1))
        assert [v.message for v in verdict.violations if v.code == "stars"] == [
            "Team and deck have at least 30 stars in total; at most 25 are allowed (Aequitas 6.1)"
        ]

    def test_wot_half_is_allowed(self) -> None:
        rules = registry().get("wot", "constructed")
        deck = Decklist.parse("Hero\n30 A [character]\n30 B [event]\nVillain\n15 C [troop]\n45 D [advantage]\n")
        assert check_deck(deck, rules, on=date(2025, 1, 1)).is_legal
        assert {e.section for e in deck.entries} == {Section.HERO, Section.VILLAIN}


# ---------------------------------------------------------------------------- order


def _sections(text: str) -> list[tuple[str | None, list[str]]]:
    """Splits decklist text into (header, card lines) blocks, dropping comments."""
    blocks: list[tuple[str | None, list[str]]] = [(None, [])]
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped[0].isdigit():
            blocks[-1][1].append(stripped)
        else:
            blocks.append((stripped, []))
    return blocks


ORDER_CASES = sorted(
    p
    for p in DATA.glob("*.txt")
    if not p.name.endswith((".expected.txt", ".team.txt")) and "parse-errors" not in p.name
    # MTGO files mean "blank line = sideboard"; rewritten with headers below they keep it.
)


@pytest.mark.parametrize("case", ORDER_CASES, ids=[p.stem for p in ORDER_CASES])
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_permuting_lines_within_sections_never_changes_the_verdict(case: Path, data: st.DataObject) -> None:
    text = case.read_text(encoding="utf-8")
    meta = case_meta(text)
    rules = registry().get(meta["game"], meta["format"])
    on = date.fromisoformat(meta["on"])
    cards = card_data(meta["card-data"]) if "card-data" in meta else None
    deck = Decklist.parse(text)
    canonical = Decklist.parse(deck.to_text())  # headers made explicit (MTGO blank lines)
    blocks = _sections(canonical.to_text())
    shuffled = "\n".join(
        "\n".join(([header] if header else []) + data.draw(st.permutations(lines))) for header, lines in blocks
    )
    expected = check_deck(deck, rules, on=on, card_data=cards)
    assert check_deck(Decklist.parse(shuffled), rules, on=on, card_data=cards) == expected


def test_a_deck_in_a_format_without_deck_rules_is_not_checked(tmp_path: Path) -> None:
    """Bushiroad 3.3.1.2: limited battles follow each event's guidelines; no verdict is made up."""
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events" / "decks").mkdir(parents=True)
    (tmp_path / "events" / "decks" / "a.txt").write_text("4 Some Unit\n")
    (tmp_path / "events" / "e.yaml").write_text(
        "name: Sealed\ndate: 2026-11-01\ngame: vanguard\nformat: limited\nseed: 1\n"
        "structure: {pairing: swiss, swiss_rounds: 1, best_of: 1}\n"
        "players:\n  - {id: a, name: A, deck: decks/a.txt}\n  - {id: b, name: B}\nrounds: []\n"
    )
    project = Project(tmp_path)
    loaded = load_event(tmp_path / "events" / "e.yaml", project)
    assert loaded.event is not None
    decks = event_decks(loaded.event, loaded.deck_files, format_registry(project)[0], None)
    assert decks["a"].verdict is None and decks["a"].legal is None  # "not checked", not "legal"
