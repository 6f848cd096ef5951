"""A build's decklist memo: every verdict it gives is the one ``check_deck`` gives, and a
list is parsed, checked and classified once for each state of the format it is checked under."""

from __future__ import annotations

import dataclasses
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.decks.deck_memo import DeckMemo
from ingest.decks.decklist import parse_decklist_text
from ingest.decks.format_rules import FormatRules
from ingest.decks.legality import check_deck
from ingest.source.project import Project

from .support import DATA, ROOT, archetypes, card_data, registry

CASES = sorted(p for p in DATA.glob("mtg-*.txt") if not p.name.endswith((".expected.txt", ".team.txt")))
"""The Magic golden lists (see tests/decks/support.py)."""


def _text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def _cut(game: str, format_id: str, on: date) -> FormatRules:
    """The format as a build checks an event's decks: its lists cut to the event's date."""
    return registry().rules_for(game, format_id, on)


def _verdict(memo: DeckMemo, text: str, rules: FormatRules, on: date, cards: object = None) -> object:
    deck, _ = memo.parse(text)
    data = card_data("cards.scryfall.json") if cards else None
    return memo.verdict(memo.verdicts(rules, on, data), deck, rules, on, data)


def test_the_ban_date_changes_the_verdict_and_a_day_under_the_same_lists_shares_it() -> None:
    """MTR 6.2: the lists in force on the event date apply. Heartfire Hero is banned in
    Standard from 2025-06-30: the day before, the list is legal; from that day, it is not;
    a later day under the same lists takes the verdict already made."""
    text = _text("mtg-standard-before-ban.txt")
    memo = DeckMemo()
    days = [date(2025, 6, 29), date(2025, 6, 30), date(2025, 7, 1)]
    verdicts = [_verdict(memo, text, _cut("mtg", "standard", day), day) for day in days]
    deck, _ = parse_decklist_text(text)
    assert verdicts == [check_deck(deck, _cut("mtg", "standard", d), on=d) for d in days]
    assert verdicts[0] != verdicts[1]  # the ban
    assert verdicts[2] is verdicts[1]  # the same lists in force: kept
    assert (memo.parsed, memo.checked) == (1, 2)


def test_the_format_changes_the_verdict() -> None:
    """The same list under Modern and under Pauper (MTR 6.4, 6.7): two checks, two verdicts."""
    text = _text("mtg-modern-legal.txt")
    on = date(2025, 7, 1)
    memo = DeckMemo()
    modern = _verdict(memo, text, _cut("mtg", "modern", on), on)
    pauper = _verdict(memo, text, _cut("mtg", "pauper", on), on)
    deck, _ = parse_decklist_text(text)
    assert modern == check_deck(deck, _cut("mtg", "modern", on), on=on)
    assert pauper == check_deck(deck, _cut("mtg", "pauper", on), on=on)
    assert modern != pauper and memo.checked == 2


def test_the_card_pool_of_the_day_and_the_card_data_change_the_verdict() -> None:
    """The card pool's sets are those legal on the date (a set enters Standard on its
    release), and card data adds the pool's checks: each is its own verdict."""
    text = "4 Lightning Bolt\n56 Mountain\n"
    memo = DeckMemo()
    before, after = date(2025, 7, 24), date(2025, 7, 25)  # Edge of Eternities enters Standard
    rules_before, rules_after = _cut("mtg", "standard", before), _cut("mtg", "standard", after)
    assert rules_before.card_pool != rules_after.card_pool
    with_data = _verdict(memo, text, rules_before, before, cards=True)
    without = _verdict(memo, text, rules_before, before)
    later = _verdict(memo, text, rules_after, after, cards=True)
    deck, _ = parse_decklist_text(text)
    cards = card_data("cards.scryfall.json")
    assert with_data == check_deck(deck, rules_before, on=before, card_data=cards)
    assert without == check_deck(deck, rules_before, on=before)
    assert later == check_deck(deck, rules_after, on=after, card_data=cards)
    assert with_data != without
    assert memo.checked == 3  # the pool of another day is not the same key, even with equal verdicts


def test_an_archetype_is_found_once_per_list_and_format() -> None:
    book = archetypes()
    memo = DeckMemo()
    deck, _ = memo.parse(_text("mtg-modern-legal.txt"))
    first = memo.archetype(book, "mtg", "modern", deck)
    again = memo.archetype(book, "mtg", "modern", memo.parse(_text("mtg-modern-legal.txt"))[0])
    other = memo.archetype(book, "mtg", "pauper", deck)
    assert (first, again, other) == tuple(book.classify("mtg", f, deck) for f in ("modern", "modern", "pauper"))
    assert memo.classified == 2


def test_an_archetype_kept_is_found_with_one_look() -> None:
    """A key holds the list, whose hash reads every line: an archetype kept is found with one
    look at the memo (a look and a read took two), and the one not yet kept with two."""
    from dataclasses import dataclass

    from ingest.decks.decklist import Decklist

    @dataclass(frozen=True, slots=True)
    class Counted(Decklist):
        hashed: list[int] = dataclasses.field(default_factory=lambda: [0], compare=False)

        def __hash__(self) -> int:
            self.hashed[0] += 1
            return Decklist.__hash__(self)

    book = archetypes()
    memo = DeckMemo()
    deck = Counted(memo.parse(_text("mtg-modern-legal.txt"))[0].entries)
    found = [memo.archetype(book, "mtg", "modern", deck) for _ in range(3)]
    assert found == [book.classify("mtg", "modern", deck)] * 3
    assert (deck.hashed[0], memo.classified) == (2 + 1 + 1, 1)


def test_a_list_parsed_by_the_memo_is_hashed_only_the_first_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A list the memo parsed is found by the object itself after its first look: its hash
    (every line read) is not worked out again for each event that names it; the verdicts and
    archetypes are still those of the list's value (an equal list made apart shares them)."""
    from ingest.decks.decklist import Decklist

    hashed = [0]
    plain_hash = Decklist.__hash__

    def counted(self: Decklist) -> int:
        hashed[0] += 1
        return plain_hash(self)

    monkeypatch.setattr(Decklist, "__hash__", counted)
    book, on = archetypes(), date(2025, 7, 1)
    rules = _cut("mtg", "modern", on)
    memo = DeckMemo()
    text = _text("mtg-modern-legal.txt")
    deck, _ = memo.parse(text)
    kept = memo.verdicts(rules, on, None)
    first = (memo.verdict(kept, deck, rules, on, None), memo.archetype(book, "mtg", "modern", deck))
    looks = hashed[0]
    again = [
        (memo.verdict(kept, memo.parse(text)[0], rules, on, None), memo.archetype(book, "mtg", "modern", deck))
        for _ in range(5)
    ]
    assert hashed[0] == looks  # found by the object: no line read again
    assert again == [first] * 5
    assert first == (check_deck(deck, rules, on=on), book.classify("mtg", "modern", deck))
    apart, _ = parse_decklist_text(text)  # equal, made without the memo: found by its value
    assert memo.verdict(kept, apart, rules, on, None) is first[0]
    assert memo.archetype(book, "mtg", "modern", apart) == first[1]
    assert hashed[0] > looks
    assert (memo.parsed, memo.checked, memo.classified) == (1, 1, 1)


@pytest.mark.parametrize("cut", [True, False], ids=["cut to the day", "whole history"])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_verdict_the_memo_gives_is_check_decks(cut: bool, data: st.DataObject) -> None:
    """Whatever lists, formats, days and card data come, in whatever order, with the
    format's lists cut to the day (as a build checks) or whole: the memo's verdict is
    ``check_deck``'s."""
    memo = DeckMemo()
    cards = card_data("cards.scryfall.json")
    for _ in range(data.draw(st.integers(1, 12))):
        case = data.draw(st.sampled_from(CASES))
        format_id = data.draw(st.sampled_from(["standard", "modern", "pauper", "vintage", "legacy"]))
        on = date(2025, 6, 1) + timedelta(days=data.draw(st.integers(0, 90)))
        with_data = data.draw(st.booleans())
        rules = _cut("mtg", format_id, on) if cut else registry().get("mtg", format_id)
        deck, errors = memo.parse(case.read_text(encoding="utf-8"))
        assert (deck, errors) == parse_decklist_text(case.read_text(encoding="utf-8"))
        given_data = cards if with_data else None
        verdict = memo.verdict(memo.verdicts(rules, on, given_data), deck, rules, on, given_data)
        assert verdict == check_deck(deck, rules, on=on, card_data=given_data)


def test_a_format_that_cannot_be_a_key_is_checked_each_time() -> None:
    """A format holding a value that cannot be hashed is not kept: its lists are checked each time."""
    on = date(2025, 7, 1)
    rules = _cut("mtg", "modern", on)
    odd = FormatRules(**{**{f: getattr(rules, f) for f in rules.__dataclass_fields__ if f[0] != "_"}, "notes": [set()]})
    memo = DeckMemo()
    assert memo.verdicts(odd, on, None) is None
    deck, _ = memo.parse(_text("mtg-modern-legal.txt"))
    for _ in range(2):
        assert memo.verdict(None, deck, odd, on, None) == check_deck(deck, odd, on=on)
    assert memo.checked == 2


def test_events_checked_with_one_memo_get_the_decks_each_alone_gets() -> None:
    """A build's events share the memo its event maker holds (ingest.publish.event_build):
    every event's decks (lists, verdicts, archetypes) are those it gets alone, and a list's
    text is parsed once however many events hold it."""
    from ingest.checks.event_files import load_event
    from ingest.decks.card_files import card_data as project_card_data
    from ingest.decks.event_decks import event_decks
    from ingest.source.project import Project

    project = Project(ROOT)
    cards = project_card_data(project)[0]
    memo = DeckMemo()
    texts: set[str] = set()
    paths = sorted((ROOT / "events").rglob("*.yaml"))
    for path in [*paths, *paths]:  # every event twice: the second time, nothing is parsed or checked again
        loaded = load_event(path, project)
        assert loaded.event is not None
        alone = event_decks(loaded.event, loaded.deck_files, registry(), archetypes(), cards)
        shared = event_decks(loaded.event, loaded.deck_files, registry(), archetypes(), cards, memo)
        assert shared == alone
        texts.update(f.text for f in loaded.deck_files)
    assert 0 < memo.parsed <= len(texts)
    checked = memo.checked
    assert checked > 0
    for path in paths:
        loaded = load_event(path, project)
        assert loaded.event is not None
        event_decks(loaded.event, loaded.deck_files, registry(), archetypes(), cards, memo)
    assert memo.checked == checked


def test_validate_checks_each_list_of_an_archive_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``scorekeeper validate`` (check_project) holds one memo for the whole archive: a week
    later, the same event with the same lists (the same banned list in force) adds no
    check, and finds what the sample alone finds."""
    from ingest.checks.project_diagnostics import check_project
    from tests.site_helpers import make_project

    checked: list[object] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        checked.append(args[0])
        return check_deck(*args, **kwargs)

    monkeypatch.setattr("ingest.decks.deck_memo.check_deck", counted)
    root = tmp_path / "p"
    make_project(root)
    alone = check_project(Project(root)).diagnostics
    once = len(checked)
    assert once > 0
    original = root / "events" / "2026" / "2026-11-13-friday-night-modern.yaml"
    text = original.read_text(encoding="utf-8")
    again = text.replace("name: Friday Night Modern 42", "name: Friday Night Modern 43")
    (root / "events" / "2026" / "2026-11-20-friday-night-modern.yaml").write_text(
        again.replace("date: '2026-11-13'", "date: '2026-11-20'"), encoding="utf-8"
    )
    checked.clear()
    both = check_project(Project(root)).diagnostics
    assert len(checked) == once
    assert both == alone  # the copy is as clean as the sample it copies
