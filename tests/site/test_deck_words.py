"""The decklists page words deck violations in the site's language; in English exactly as the terminal.

Every violation the checks can say is driven out of ``check_deck`` and ``check_team``: decks
built to break each rule of every format in ``formats/*.yaml`` (all games), and the deck
tests' golden decklists (card data included).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from ingest.decks.decklist import Decklist
from ingest.decks.decklist_parts import Section
from ingest.decks.format_registry import UnknownFormatError
from ingest.decks.format_rules import FormatRules
from ingest.decks.legality import Violation, check_deck, check_team
from ingest.decks.violation_words import SENTENCES, Sentence
from ingest.site import deck_words, i18n
from tests.decks.support import DATA, card_data, case_meta, registry

ON = date(2026, 11, 20)
"""The day the built decks are checked on (the lists in force then)."""


def _formats() -> Iterator[FormatRules]:
    """Every format of every game; an overlay combined with each format it can go with."""
    reg = registry()
    for game in reg.games():
        ids = reg.ids(game)
        for fid in ids:
            try:
                yield reg.get(game, fid)
            except UnknownFormatError:
                for base in ids:
                    try:
                        yield reg.get(game, f"{base}+{fid}")
                    except UnknownFormatError:
                        continue


def _tag(kind: str | None, stars: int | None = None) -> str:
    return (f" [stars: {stars}]" if stars is not None else "") + (f" [{kind}]" if kind else "")


def _broken_decks(rules: FormatRules) -> Iterator[str]:
    """Decklist texts that each break one rule of the format (and often others on the way)."""
    play = [s.header for s in rules.play_decks.required] if rules.play_decks else ["Deck"]
    counted = rules.main.counts[0] if rules.main and rules.main.counts else None
    yield f"{play[0]}\n1 Lonely Card{_tag(counted)}\n"  # too small; a play deck missing
    yield "2 Stray Card\n"  # outside the play decks
    if rules.main and rules.main.max is not None:
        yield "\n".join(f"{h}\n{rules.main.max + 1} Filler{_tag(counted)}" for h in play) + "\n"
    if rules.copies:
        kind = rules.copies.kinds[0] if rules.copies.kinds else counted
        yield f"{play[0]}\n{rules.copies.max + 1} Copy Card{_tag(kind)}\n1 Kindless Card\n"
        yield f"{play[0]}\n2 Copy Card{_tag(kind)}\n"
    sb = rules.sideboard
    if sb is not None:
        if not sb.allowed or sb.max is not None:
            kind = sb.counts[0] if sb.counts else None
            yield f"{play[0]}\n1 Main Card\nSideboard\n{(sb.max or 0) + 1} Side Card{_tag(kind)}\n"
            yield f"{play[0]}\n1 Main Card\nSideboard\n1 Side Card{_tag(kind)}\n"
        if sb.max_characters is not None:
            stars = (sb.max_character_stars or 0) + 1
            yield f"Sideboard\n{sb.max_characters + 1} Side Bot{_tag('character', stars)}\n1 Dim Bot [character]\n"
            yield "Sideboard\n1 Kindless Side Card\n"
    banned = "".join(f"1 {c.card}\n" for c in rules.banned_on(ON))
    restricted = "".join(f"2 {c.card}\n" for c in rules.restricted_on(ON))
    if banned or restricted:
        yield f"{play[0]}\n{banned}{restricted}"
    if rules.unique:
        yield f"Characters\n2 Twin Bot{_tag(rules.unique.kinds[0], 1)}\n"
    if rules.stars:
        yield f"Characters\n1 Big Bot{_tag('character', rules.stars.max + 1)}\n"
        yield f"Characters\n1 Big Bot{_tag('character', rules.stars.max + 1)}\n1 Mystery Bot [character]\n"
        yield "Characters\n1 Mystery Bot [character]\n"
    if rules.kind_ratio:
        kinds = rules.kind_ratio.kinds
        yield "\n".join(f"{h}\n30 Crowd{_tag(kinds[0])}\n10 Crowd Too{_tag(kinds[-1])}\n" for h in play)
        yield "\n".join(f"{h}\n1 Kindless Card\n" for h in play)


def _team_decks(rules: FormatRules) -> Iterator[dict[str, Decklist]]:
    shared = "4 Shared Card\n" + "".join(f"4 {x.card}\n" for x in rules.copy_exceptions[:2])
    yield {"alice": Decklist.parse(shared), "bob": Decklist.parse(shared)}
    yield {"alice": Decklist.parse(shared), "bob": Decklist.parse("1 Other\n"), "carol": Decklist.parse(shared)}


def _golden_cases() -> Iterator[Violation]:
    """The deck tests' golden decklists, checked as their first lines say (card data included)."""
    for path in sorted(DATA.glob("*.txt")):
        if path.name.endswith(".expected.txt"):
            continue
        text = path.read_text(encoding="utf-8")
        meta = case_meta(text)
        rules = registry().get(meta["game"], meta["format"])
        on = date.fromisoformat(meta["on"])
        data = card_data(meta["card-data"]) if "card-data" in meta else None
        if path.name.endswith(".team.txt"):
            parts = re.split(r"^=== (.+)$", text, flags=re.MULTILINE)
            decks = {label.strip(): Decklist.parse(body) for label, body in zip(parts[1::2], parts[2::2], strict=True)}
            for deck in decks.values():
                verdict = check_deck(deck, rules, on=on, card_data=data)
                yield from verdict.violations + verdict.skipped
            yield from check_team(decks, rules, card_data=data).violations
            continue
        try:
            deck = Decklist.parse(text)
        except ValueError:
            continue  # the parse-error case
        verdict = check_deck(deck, rules, on=on, card_data=data)
        yield from verdict.violations + verdict.skipped


def violations() -> list[Violation]:
    """Every violation and skipped check of the built decks and the golden cases."""
    cards = card_data("cards.scryfall.json")
    out = list(_golden_cases())
    for rules in _formats():
        for text in _broken_decks(rules):
            for data in (None, cards) if rules.game == "mtg" else (None,):
                verdict = check_deck(Decklist.parse(text), rules, on=ON, card_data=data)
                out += verdict.violations + verdict.skipped
        if rules.team is not None and rules.team.unified_deck_construction:
            for decks in _team_decks(rules):
                out += check_team(decks, rules, card_data=cards).violations
    return out


def test_every_sentence_is_said_by_some_check() -> None:
    said = {v.sentence.id for v in violations()}
    assert sorted(set(SENTENCES) - said) == []


def test_english_violations_on_the_site_read_as_the_terminal_prints_them() -> None:
    found = violations()
    assert len(found) > 200
    for v in found:
        assert deck_words.message(v) == v.message, v


def test_english_reads_alike_for_one_and_many() -> None:
    """Plural words follow the counts as the terminal has them (``1 card is``, ``2 cards are``)."""
    shapes = [
        Sentence("outside-play-decks", "WoT", count=n, decks=decks)
        for n in (1, 2)
        for decks in ((Section.HERO,), (Section.VILLAIN, Section.HERO))
    ]
    for n, limit in ((0, 1), (1, 2), (2, 1), (61, 60)):
        for which in ("deck-size-at-least", "deck-size-exactly", "deck-size-at-most", "sideboard-size"):
            for kinds in ((), ("battle",), ("character", "troop")):
                shapes.append(Sentence(which, "R 1", deck=Section.MAIN, count=n, kinds=kinds, limit=limit))
        shapes += [
            Sentence("no-sideboard", "R 1", count=n),
            Sentence("copies", "R 1", card="X", count=n + 2, limit=limit),
            Sentence("skipped-card-pool-unknown", "R 1", cards=("A", "B", "C")[: n + 1]),
            Sentence("unified-deck", "R 1", card="X", holders=("a", "b", "c", "d")[: n + 2]),
        ]
    for s in shapes:
        assert deck_words.sentence(s) == s.english(), s


ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'!]*(?:[ -]+[A-Za-z][A-Za-z'!]*){2,}")
"""Three English words or more in a row."""


def _data(s: Sentence) -> list[str]:
    """What a sentence says as written in any language: card and format names, a format's
    descriptions, the rule cited, a team's deck labels, and the notation a decklist uses."""
    return [*s.cards, *([s.card] if s.card else []), s.format, *s.notes, s.cite, *s.holders]


def test_in_japanese_every_violation_speaks_japanese_with_the_same_values() -> None:
    with i18n.use("ja"):
        for v in violations():
            text = deck_words.message(v)
            s = v.sentence
            assert all(str(n) in text for n in (s.count, s.limit, s.out_of) if n), (v, text)
            for value in sorted(_data(v.sentence), key=len, reverse=True):
                if value:
                    assert value in text, (v, text)
                    text = text.replace(value, "")
            assert ENGLISH_RUN.findall(text) == [], (v, text)
    with i18n.use("ja"):
        s = Sentence("copies", "MTR 6.1", card="Lava Spike", count=5, limit=4)
        assert (
            deck_words.sentence(s)
            == "「Lava Spike」がデッキとサイドボードを合わせて5枚あります。4枚までです（MTR 6.1）"
        )
