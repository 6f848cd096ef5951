"""Names from every language get their own readable slug: file names, URLs, player ids, HTML ids."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ingest.core.slug import slug
from ingest.importers.tournament import id_base
from ingest.site.render import slug_id
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
