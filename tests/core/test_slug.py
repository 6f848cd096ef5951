"""Names from every language get their own readable slug: file names, URLs, player ids, HTML ids."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.core.slug import slug, transliterated
from ingest.importers.tournament import id_base
from ingest.site.addresses import slug_id
from ingest.source.assemble import slug_for
from tests.builders import DATA
from tests.builders import run_cli as _run

NAMES = {
    "Japanese": ("東京ヴァンガード杯", "大阪ヴァイスシュヴァルツ大会"),
    "Chinese": ("上海周五之夜", "北京卡牌大赛"),
    "Korean": ("서울 바이스 슈바르츠", "부산 뱅가드 대회"),
    "Cyrillic": ("Москва Пятница", "Санкт-Петербург Модерн"),
    "Greek": ("Αθήνα Παρασκευή", "Θεσσαλονίκη Μόντερν"),
    "Arabic": ("القاهرة ليلة الجمعة", "دبي بطولة البطاقات"),
}
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@pytest.mark.parametrize("script", sorted(NAMES))
def test_names_in_every_script_get_distinct_readable_slugs(script: str) -> None:
    first, second = (slug(name, fallback="event") for name in NAMES[script])
    assert _SLUG.fullmatch(first) and _SLUG.fullmatch(second), (first, second)
    assert "event" not in (first, second)
    assert first != second


def test_all_test_names_are_distinct_across_scripts() -> None:
    every = [name for pair in NAMES.values() for name in pair]
    assert len({slug(name) for name in every}) == len(every)


def test_accents_are_transliterated_and_ascii_slugs_are_unchanged() -> None:
    assert slug("Ñandú Málaga") == "nandu-malaga"
    assert slug("Ritual de Terça") == "ritual-de-terca"
    # What the sample project's file names, URLs and ids already were.
    assert slug_for("events/2026/2026-11-13-friday-night-modern.yaml") == "2026-11-13-friday-night-modern"
    assert slug_id("Round 1 / Table 3") == "round-1-table-3"
    assert id_base("Player 001") == "player-001"
    assert slug("🎴", fallback="event") == "event"


def test_player_ids_from_names_in_any_script() -> None:
    assert id_base("田中") != id_base("佐藤") and "player" not in (id_base("田中"), id_base("佐藤"))
    assert len(id_base("長" * 200)) <= 50


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # Kanji read in Japanese (the KAKASI dictionary), not in Chinese (zuo-teng-jian, tian-zhong).
        ("佐藤 健", "sato-takeshi"),
        ("田中太郎", "tanaka-taro"),
        ("鈴木 一郎", "suzuki-ichiro"),
        ("大野", "ono"),
        ("佐々木", "sasaki"),
        # A reading after digits joins them; Hepburn without macrons or apostrophes.
        ("12月", "12gatsu"),
        ("１２月の大会", "12gatsu-no-taikai"),
        ("第3回 新宿", "dai-3kai-shinjuku"),
        ("健一", "kenichi"),
        # Katakana: the length mark adds nothing, half-width kana are read as full-width.
        ("ヴァンガード", "vangado"),
        ("ｶﾞﾝﾀﾞﾑ", "gandamu"),
        ("東京ヴァンガード杯", "tokyo-vangado-hai"),
        ("Friday 東京", "friday-tokyo"),
    ],
)
def test_japanese_is_read_in_hepburn_romaji(name: str, expected: str) -> None:
    assert slug(name) == expected


def test_chinese_and_other_scripts_are_transliterated_as_before() -> None:
    # A simplified character Japanese does not write: the whole name is Chinese (Pinyin).
    for name in ("北京卡牌大赛", "东京", "Москва Пятница", "서울 바이스 슈바르츠", "Ñandú Málaga"):
        assert slug(name) == transliterated(name), name
    assert slug("北京卡牌大赛") == "bei-jing-qia-pai-da-sai"


_ANY_NAME = st.text(
    alphabet=st.one_of(
        st.characters(codec="utf-8"),
        st.characters(min_codepoint=0x3000, max_codepoint=0x30FF),  # kana, marks
        st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF),  # kanji
        st.characters(min_codepoint=0xFF61, max_codepoint=0xFF9F),  # half-width kana
    ),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(_ANY_NAME, st.sampled_from([0, 8, 50, 80]))
def test_any_name_gives_a_non_empty_ascii_slug_the_same_every_time(name: str, max_length: int) -> None:
    made = slug(name, fallback="event", max_length=max_length)
    assert made and made.isascii() and _SLUG.fullmatch(made), (name, made)
    assert not max_length or len(made) <= max(max_length, len("event"))
    # Deterministic: the same without the memo (and so in another process).
    from ingest.core import slug as module

    module._slug.cache_clear()
    assert slug(name, fallback="event", max_length=max_length) == made


def test_ids_and_file_names_made_from_japanese_names(tmp_path: Path) -> None:
    """`new` names the file and `add-player` makes the id in romaji; ids already written stay."""
    shutil.copytree(DATA.parents[1] / "schema", tmp_path / "schema")
    (tmp_path / "events").mkdir()
    args = ("--date", "2026-12-05", "--game", "vanguard", "--format", "standard", "--seed", "1")
    code, out = _run(tmp_path, "new", "--name", "東京ヴァンガード 12月大会", *args)
    assert code == 0, out
    event = "events/2026/2026-12-05-tokyo-vangado-12gatsu-taikai.yaml"
    assert out.split()[-1] == event
    path = tmp_path / event
    # An id written before (the Chinese reading python-slugify gave) is the player's id for good.
    before = path.read_text(encoding="utf-8")
    path.write_text(before.replace("players: ", "players:\n  - {id: tian-zhong, name: 田中}\n# ", 1), encoding="utf-8")
    code, out = _run(tmp_path, "add-player", str(path), "--name", "佐藤 健")
    assert code == 0 and "(sato-takeshi)" in out, out
    code, out = _run(tmp_path, "add-player", str(path), "--name", "鈴木 一郎")
    assert code == 0 and "(suzuki-ichiro)" in out, out
    text = path.read_text(encoding="utf-8")
    assert "{id: tian-zhong, name: 田中}" in text and "{id: sato-takeshi, name: 佐藤 健}" in text
    code, out = _run(tmp_path, "validate")
    assert code == 0, out


def test_new_gives_japanese_events_on_one_day_their_own_files(tmp_path: Path) -> None:
    shutil.copytree(DATA.parents[1] / "schema", tmp_path / "schema")
    (tmp_path / "events").mkdir()
    made = []
    for name in NAMES["Japanese"]:
        code, out = _run(
            tmp_path,
            "new",
            "--name",
            name,
            "--date",
            "2026-11-20",
            "--game",
            "vanguard",
            "--format",
            "standard",
            "--seed",
            "1",
        )
        assert code == 0, out
        made.append(out.split()[-1])
    assert len(set(made)) == 2 and all(p.startswith("events/2026/2026-11-20-") for p in made), made
    code, out = _run(tmp_path, "validate")
    assert code == 0, out
    # The same name again never replaces the first file.
    code, out = _run(
        tmp_path,
        "new",
        "--name",
        NAMES["Japanese"][0],
        "--date",
        "2026-11-20",
        "--game",
        "vanguard",
        "--format",
        "standard",
    )
    assert code == 1 and "already exists" in out


def test_two_files_that_would_share_an_address_are_an_error(tmp_path: Path) -> None:
    shutil.copytree(DATA.parents[1] / "schema", tmp_path / "schema")
    folder = tmp_path / "events" / "2026"
    folder.mkdir(parents=True)
    for stem in ("2026-11-20-Ñandú", "2026-11-20-nandu"):
        code, out = _run(
            tmp_path,
            "new",
            "--name",
            "x",
            "--date",
            "2026-11-20",
            "--game",
            "mtg",
            "--format",
            "modern",
            "--seed",
            "1",
            "--output",
            str(folder / f"{stem}.yaml"),
        )
        assert code == 0, out
    code, out = _run(tmp_path, "validate")
    assert code == 1
    assert 'error[duplicate-slug]: two event files have the address "2026-11-20-nandu"' in out
